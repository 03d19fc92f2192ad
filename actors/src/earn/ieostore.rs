//! Every statement of a token sale's actor: subscribing (the cost frozen),
//! the allocation at the end (pro rata when oversubscribed, the rest
//! refunded), the crediting after the platform's review (tokens locked on
//! the launchpad account, the cost paid to the sale) and each release.

use super::engine;
use crate::ledger::{self, account, precision, Bucket, Operation, Posting, SystemAccount};
use crate::market::deriv::ledger_err;
use crate::runtime::ProductError;
use crate::sql::{Arg, Store, WriteTx, SLICE_ROWS};
use std::collections::BTreeMap;

/// An order a step changed, as its owner is told: (owner, order, its new status).
pub type Told = (i64, i64, i64);

/// Project and order states.
pub mod status {
    pub const WARM_UP: i64 = 0;
    pub const SELLING: i64 = 1;
    pub const ENDED: i64 = 2;
    pub const CREDITED: i64 = 3;
    /// Orders.
    pub const SUBSCRIBED: i64 = 0;
    pub const ALLOCATED: i64 = 1;
    pub const HELD: i64 = 2;
    pub const RELEASED: i64 = 3;
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ProjectRow {
    pub id: i64,
    pub name: String,
    pub intro: String,
    pub token: i64,
    pub pay_currency: i64,
    pub price: i64,
    pub supply: i64,
    pub user_cap: i64,
    pub min_amount: i64,
    pub subscribed: i64,
    pub subscribers: i64,
    pub starts_at: i64,
    pub ends_at: i64,
    pub lock_ends_at: i64,
    pub cycle_ms: i64,
    pub cycles: i64,
    pub whitepaper: String,
    pub website: String,
    pub status: i64,
    pub allocated: Option<i64>,
    pub released_cycles: i64,
    pub credited_at: Option<i64>,
    pub created_at: i64,
}

pub const PROJECT_COLUMNS: &str = "id, name, intro, token, pay_currency, price, supply, user_cap, min_amount, subscribed, subscribers, starts_at, ends_at, lock_ends_at, cycle_ms, cycles, whitepaper, website, status, allocated, released_cycles, credited_at, created_at";

/// A sale's amounts in whole steps of its coins (see `ledger::precision`):
/// tokens are allocated and released in the token's step, and what they
/// cost is rounded up to the pay coin's, so no balance is left holding a
/// fraction its coin cannot move.
impl ProjectRow {
    /// What `tokens` cost, rounded up to the pay coin's precision.
    pub fn cost(&self, tokens: i64) -> i64 {
        precision::up(self.pay_currency, engine::cost(tokens, self.price))
    }

    /// Each order's tokens (`engine::allocate` over whole steps of the token).
    pub fn allocate(&self, asked: &[i64]) -> Vec<i64> {
        let s = precision::step(self.token);
        let steps: Vec<i64> = asked.iter().map(|a| a / s).collect();
        engine::allocate(self.supply / s, &steps)
            .into_iter()
            .map(|g| g * s)
            .collect()
    }

    /// Tokens released of `allocated` once `done` releases are applied, in
    /// whole steps of the token (the last release the rest).
    pub fn released_after(&self, allocated: i64, done: i64) -> i64 {
        if done >= self.cycles.max(1) {
            return allocated;
        }
        let s = precision::step(self.token);
        engine::released_after(allocated / s, done, self.cycles) * s
    }
}

impl ProjectRow {
    /// The state its times say it is in (the actor moves `status` to it).
    pub fn due_status(&self, now: i64) -> i64 {
        if self.status >= status::ENDED {
            self.status
        } else if now >= self.ends_at {
            status::ENDED
        } else if now >= self.starts_at {
            status::SELLING
        } else {
            status::WARM_UP
        }
    }

    /// Releases due at `now`: none before the lock ends, then one more at
    /// the start of each cycle.
    pub fn cycles_due(&self, now: i64) -> i64 {
        if now < self.lock_ends_at {
            0
        } else if self.cycle_ms <= 0 {
            self.cycles
        } else {
            ((now - self.lock_ends_at) / self.cycle_ms + 1).min(self.cycles)
        }
    }

    /// When the next release falls due (None when all are done).
    pub fn next_release(&self) -> Option<i64> {
        (self.released_cycles < self.cycles)
            .then(|| self.lock_ends_at + self.released_cycles * self.cycle_ms.max(0))
    }
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct IeoOrderRow {
    pub id: i64,
    pub project_id: i64,
    pub user_id: i64,
    pub amount: i64,
    pub cost: i64,
    pub allocated: Option<i64>,
    pub paid: Option<i64>,
    pub refund: Option<i64>,
    pub released: i64,
    pub status: i64,
    pub created_at: i64,
}

pub const ORDER_COLUMNS: &str =
    "id, project_id, user_id, amount, cost, allocated, paid, refund, released, status, created_at";

pub async fn project(db: &Store, id: i64) -> Result<Option<ProjectRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {PROJECT_COLUMNS} FROM ieo_projects WHERE id = $1"
    ))
    .bind(id)
    .fetch_optional(&**db)
    .await
}

/// A sale's orders in state `st`.
async fn orders_in(db: &Store, project: i64, st: i64) -> Result<Vec<IeoOrderRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {ORDER_COLUMNS} FROM ieo_orders WHERE project_id = $1 AND status = $2 ORDER BY id"
    ))
    .bind(project)
    .bind(st)
    .fetch_all(&**db)
    .await
}

pub async fn order(db: &Store, id: i64) -> Result<Option<IeoOrderRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {ORDER_COLUMNS} FROM ieo_orders WHERE id = $1"
    ))
    .bind(id)
    .fetch_optional(&**db)
    .await
}

/// Moves a project to `to` (warm-up to selling): its times decide it.
pub async fn set_status(db: &Store, id: i64, to: i64) -> Result<(), sqlx::Error> {
    let mut tx = db.begin().await?;
    sqlx::query("UPDATE ieo_projects SET status = $1 WHERE id = $2 AND status < $1")
        .bind(to)
        .bind(id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await
}

/// Subscribes `amount` tokens during the sale: the cost (rounded up) is
/// frozen on the spot account until the allocation.
pub async fn subscribe(
    db: &Store,
    p: &ProjectRow,
    user: i64,
    amount: i64,
    asked_before: i64,
    now: i64,
) -> Result<IeoOrderRow, ProductError> {
    if now < p.starts_at {
        return Err(ProductError::Invalid("err_ieo_not_started"));
    }
    if now >= p.ends_at || p.status >= status::ENDED {
        return Err(ProductError::Conflict("err_ieo_ended"));
    }
    if amount < p.min_amount.max(1) {
        return Err(ProductError::Invalid("err_ieo_below_minimum"));
    }
    if asked_before.saturating_add(amount) > p.user_cap {
        return Err(ProductError::Invalid("err_ieo_over_cap"));
    }
    let cost = p.cost(amount);
    let mut tx = db.begin().await?;
    let (id,): (i64,) = sqlx::query_as(
        "INSERT INTO ieo_orders (project_id, user_id, amount, cost, status, created_at) VALUES ($1, $2, $3, $4, 0, $5) RETURNING id",
    )
    .bind(p.id)
    .bind(user)
    .bind(amount)
    .bind(cost)
    .bind(now)
    .fetch_one(&mut *tx)
    .await?;
    let op = Operation {
        key: format!("ieo_subscribe:{id}"),
        reason: "ieo_subscribe".into(),
        ref_type: "ieo_order".into(),
        ref_id: id,
        postings: vec![
            Posting::user(
                user,
                account::CHANGE,
                p.pay_currency,
                Bucket::Available,
                -cost,
            ),
            Posting::user(user, account::CHANGE, p.pay_currency, Bucket::Frozen, cost),
        ],
    };
    ledger::post_all(&mut tx.db(), &[op])
        .await
        .map_err(ledger_err)?;
    sqlx::query(
        "UPDATE ieo_projects SET subscribed = subscribed + $1,
         subscribers = (SELECT COUNT(DISTINCT user_id) FROM ieo_orders WHERE project_id = $2) WHERE id = $2",
    )
    .bind(amount)
    .bind(p.id)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    order(db, id)
        .await?
        .ok_or(ProductError::NotFound("err_ieo_not_found"))
}

/// Posts a sale's step as one ledger operation (nothing when it moves no
/// money), in the step's transaction.
async fn post_step(
    tx: &mut WriteTx,
    p: &ProjectRow,
    reason: &str,
    key: String,
    postings: Vec<Posting>,
) -> Result<(), ProductError> {
    if postings.is_empty() {
        return Ok(());
    }
    let op = Operation {
        key,
        reason: reason.into(),
        ref_type: "ieo_project".into(),
        ref_id: p.id,
        postings,
    };
    ledger::post_all(&mut tx.db(), &[op])
        .await
        .map_err(ledger_err)?;
    Ok(())
}

/// Allocates the sale at its end: every order's share of the supply
/// (`engine::allocate`, over every order of the sale, those an earlier
/// start allocated included, so the shares come out the same), slice by
/// slice ([`allocate_slice`]), then closes the sale (its status and the
/// total allocated, moved once). Answers the users told.
pub async fn allocate(db: &Store, p: &ProjectRow) -> Result<Vec<Told>, ProductError> {
    let list: Vec<IeoOrderRow> = sqlx::query_as(&format!(
        "SELECT {ORDER_COLUMNS} FROM ieo_orders WHERE project_id = $1 AND status IN ($2, $3) ORDER BY id"
    ))
    .bind(p.id)
    .bind(status::SUBSCRIBED)
    .bind(status::ALLOCATED)
    .fetch_all(&**db)
    .await?;
    let asked: Vec<i64> = list.iter().map(|o| o.amount).collect();
    let granted = p.allocate(&asked);
    let mut told = Vec::new();
    for (orders, grants) in list.chunks(SLICE_ROWS).zip(granted.chunks(SLICE_ROWS)) {
        told.extend(allocate_slice(db, p, orders, grants).await?);
    }
    let guard = format!(
        "UPDATE ieo_projects SET status = 2, allocated = {} WHERE id = {} AND status < 2",
        granted.iter().sum::<i64>(),
        p.id
    );
    if let Some(tx) = db.begin_if(&guard).await? {
        tx.commit().await?;
    }
    Ok(told)
}

/// Allocates the orders of one slice not allocated yet, in one transaction:
/// each order's update is guarded by its status, and the rest of the frozen
/// cost of those it moved goes back to their owners' available balance, in
/// one operation keyed by the first of them (an order allocated never
/// starts another slice).
pub async fn allocate_slice(
    db: &Store,
    p: &ProjectRow,
    orders: &[IeoOrderRow],
    granted: &[i64],
) -> Result<Vec<Told>, ProductError> {
    let _turn = db.bulk_turn().await;
    let mut tx = db.begin().await?;
    let mut refunds: BTreeMap<i64, i64> = BTreeMap::new();
    let mut told = Vec::new();
    for (o, g) in orders.iter().zip(granted) {
        if o.status != status::SUBSCRIBED {
            continue;
        }
        let paid = p.cost(*g).min(o.cost);
        let refund = o.cost - paid;
        let moved = tx
            .db()
            .execute(
                "UPDATE ieo_orders SET allocated = $1, paid = $2, refund = $3, status = 1 WHERE id = $4 AND status = 0",
                &[Arg::Int(*g), Arg::Int(paid), Arg::Int(refund), Arg::Int(o.id)],
            )
            .await?;
        if moved == 1 {
            *refunds.entry(o.user_id).or_default() += refund;
            told.push((o.user_id, o.id, status::ALLOCATED));
        }
    }
    let Some(&(_, first, _)) = told.first() else {
        tx.rollback().await?;
        return Ok(told);
    };
    let postings: Vec<Posting> = refunds
        .iter()
        .filter(|(_, r)| **r > 0)
        .flat_map(|(u, r)| {
            [
                Posting::user(*u, account::CHANGE, p.pay_currency, Bucket::Frozen, -r),
                Posting::user(*u, account::CHANGE, p.pay_currency, Bucket::Available, *r),
            ]
        })
        .collect();
    let key = format!("ieo_refund:{}:{first}", p.id);
    post_step(&mut tx, p, "ieo_refund", key, postings).await?;
    tx.commit().await?;
    Ok(told)
}

/// Credits an allocated sale after the platform's review: each buyer's
/// paid cost leaves their frozen balance for the sale's account, and the
/// tokens they got leave the sale's account for their launchpad account,
/// locked until released.
pub async fn credit(db: &Store, p: &ProjectRow, now: i64) -> Result<Vec<Told>, ProductError> {
    let list = orders_in(db, p.id, status::ALLOCATED).await?;
    let guard = format!(
        "UPDATE ieo_projects SET status = 3, credited_at = {now} WHERE id = {} AND status = 2",
        p.id
    );
    let Some(mut tx) = db.begin_if(&guard).await? else {
        return Err(ProductError::Conflict("err_ieo_state"));
    };
    let mut paid: BTreeMap<i64, i64> = BTreeMap::new();
    let mut tokens: BTreeMap<i64, i64> = BTreeMap::new();
    for o in &list {
        *paid.entry(o.user_id).or_default() += o.paid.unwrap_or(0);
        *tokens.entry(o.user_id).or_default() += o.allocated.unwrap_or(0);
    }
    sqlx::query("UPDATE ieo_orders SET status = 2 WHERE project_id = $1 AND status = 1")
        .bind(p.id)
        .execute(&mut *tx)
        .await?;
    let paid_total: i64 = paid.values().sum();
    let token_total: i64 = tokens.values().sum();
    let mut postings = Vec::new();
    for (u, v) in paid.iter().filter(|(_, v)| **v > 0) {
        postings.push(Posting::user(
            *u,
            account::CHANGE,
            p.pay_currency,
            Bucket::Frozen,
            -v,
        ));
    }
    for (u, v) in tokens.iter().filter(|(_, v)| **v > 0) {
        postings.push(Posting::user(
            *u,
            account::LAUNCHPAD,
            p.token,
            Bucket::Available,
            *v,
        ));
    }
    if paid_total > 0 {
        postings.push(Posting::system(
            SystemAccount::Launchpad,
            p.pay_currency,
            paid_total,
        ));
    }
    if token_total > 0 {
        postings.push(Posting::system(
            SystemAccount::Launchpad,
            p.token,
            -token_total,
        ));
    }
    post_step(
        &mut tx,
        p,
        "ieo_credit",
        format!("ieo_credit:{}", p.id),
        postings,
    )
    .await?;
    tx.commit().await?;
    Ok(list
        .iter()
        .map(|o| (o.user_id, o.id, status::HELD))
        .collect())
}

/// Applies the releases due at `now` (`cycles` of them done in all): each
/// order's tokens released so far (`engine::released`) move from the
/// launchpad account to the spot account, slice by slice
/// ([`release_slice`]); then the sale counts the cycle, once.
pub async fn release(db: &Store, p: &ProjectRow, cycles: i64) -> Result<Vec<Told>, ProductError> {
    if p.status != status::CREDITED || p.released_cycles >= cycles {
        return Ok(Vec::new());
    }
    let list = orders_in(db, p.id, status::HELD).await?;
    let mut told = Vec::new();
    for slice in list.chunks(SLICE_ROWS) {
        told.extend(release_slice(db, p, cycles, slice).await?);
    }
    let guard = format!(
        "UPDATE ieo_projects SET released_cycles = {cycles} WHERE id = {} AND status = 3 AND released_cycles = {}",
        p.id, p.released_cycles
    );
    if let Some(tx) = db.begin_if(&guard).await? {
        tx.commit().await?;
    }
    Ok(told)
}

/// Releases what `cycles` frees of the orders of one slice, in one
/// transaction: each order's update is guarded by what it had released, and
/// the tokens of those it moved go in one operation keyed by the cycle and
/// the first of them.
async fn release_slice(
    db: &Store,
    p: &ProjectRow,
    cycles: i64,
    slice: &[IeoOrderRow],
) -> Result<Vec<Told>, ProductError> {
    let _turn = db.bulk_turn().await;
    let mut tx = db.begin().await?;
    let mut per_user: BTreeMap<i64, i64> = BTreeMap::new();
    let mut told = Vec::new();
    for o in slice {
        let allocated = o.allocated.unwrap_or(0);
        let target = p.released_after(allocated, cycles);
        let delta = target - o.released;
        if delta <= 0 {
            continue;
        }
        let st = if target >= allocated {
            status::RELEASED
        } else {
            status::HELD
        };
        let moved = tx
            .db()
            .execute(
                "UPDATE ieo_orders SET released = $1, status = $2 WHERE id = $3 AND released = $4",
                &[
                    Arg::Int(target),
                    Arg::Int(st),
                    Arg::Int(o.id),
                    Arg::Int(o.released),
                ],
            )
            .await?;
        if moved == 1 {
            *per_user.entry(o.user_id).or_default() += delta;
            told.push((o.user_id, o.id, st));
        }
    }
    let Some(&(_, first, _)) = told.first() else {
        tx.rollback().await?;
        return Ok(told);
    };
    let postings = per_user
        .iter()
        .flat_map(|(u, v)| {
            [
                Posting::user(*u, account::LAUNCHPAD, p.token, Bucket::Available, -v),
                Posting::user(*u, account::CHANGE, p.token, Bucket::Available, *v),
            ]
        })
        .collect();
    let key = format!("ieo_release:{}:{cycles}:{first}", p.id);
    post_step(&mut tx, p, "ieo_release", key, postings).await?;
    tx.commit().await?;
    Ok(told)
}
