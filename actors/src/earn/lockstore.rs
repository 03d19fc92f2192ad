//! Every statement of a lock-up product's actor: its product row, its day
//! rates, its orders, and the ledger operations of subscribing, redeeming
//! early and the daily accrual (which matures the orders it pays last).

use super::engine::{self, LockBook, LockRefusal, LockTerms, Redemption};
use crate::ledger::{
    self, account, precision, Bucket, Operation, PostError, Posting, SystemAccount,
};
use crate::runtime::ProductError;
use crate::sql::Store;

/// A `lock_products` row.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ProductRow {
    pub id: i64,
    pub key: String,
    pub category: String,
    pub name: String,
    pub currency: i64,
    pub rate_min_ppm: i64,
    pub rate_max_ppm: i64,
    pub days: i64,
    pub min_amount: i64,
    pub user_cap: i64,
    pub total_cap: i64,
    pub penalty_ppm: i64,
    pub enabled: i64,
    pub accrual_hour: i64,
    pub accrued_through: i64,
    pub accruals: i64,
    pub locked: i64,
    pub holders: i64,
    pub sort: i64,
    pub created_at: i64,
    pub updated_at: i64,
}

pub const PRODUCT_COLUMNS: &str = "id, key, category, name, currency, rate_min_ppm, rate_max_ppm, days, min_amount, user_cap, total_cap, penalty_ppm, enabled, accrual_hour, accrued_through, accruals, locked, holders, sort, created_at, updated_at";

impl ProductRow {
    pub fn terms(&self) -> LockTerms {
        LockTerms {
            rate_min_ppm: self.rate_min_ppm,
            rate_max_ppm: self.rate_max_ppm,
            days: self.days,
            min_amount: self.min_amount,
            user_cap: self.user_cap,
            total_cap: self.total_cap,
            penalty_ppm: self.penalty_ppm,
        }
    }

    /// The next accrual's moment.
    pub fn next_accrual(&self) -> i64 {
        self.accrued_through + engine::DAY_MS
    }
}

/// The `status` of an order paid its last day and its principal returned
/// (0 is open, 1 redeemed early).
pub const MATURED: i64 = 2;

/// A `lock_orders` row.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct OrderRow {
    pub id: i64,
    pub product_id: i64,
    pub user_id: i64,
    pub currency: i64,
    pub amount: i64,
    pub rate_min_ppm: i64,
    pub rate_max_ppm: i64,
    pub days: i64,
    pub penalty_ppm: i64,
    pub paid_days: i64,
    pub accrued: i64,
    pub promised_left: i64,
    pub status: i64,
    pub created_at: i64,
    pub first_accrual_at: i64,
    pub matures_at: i64,
    pub ended_at: Option<i64>,
    pub returned: Option<i64>,
    pub penalty: Option<i64>,
}

pub const ORDER_COLUMNS: &str = "id, product_id, user_id, currency, amount, rate_min_ppm, rate_max_ppm, days, penalty_ppm, paid_days, accrued, promised_left, status, created_at, first_accrual_at, matures_at, ended_at, returned, penalty";

impl OrderRow {
    /// What redeeming it now would return and forfeit (its own terms): the
    /// return rounded down to the coin's precision, the penalty the rest.
    pub fn redemption(&self) -> Redemption {
        let r = engine::redeem_early(
            &LockTerms {
                penalty_ppm: self.penalty_ppm,
                ..LockTerms::default()
            },
            self.amount,
        );
        let returned = precision::down(self.currency, r.returned);
        Redemption {
            returned,
            penalty: self.amount - returned,
        }
    }
}

/// One order's yield for a day at `rate_ppm`, rounded down to the coin's
/// precision (the reserve keeps the rest). The accrual's set-based update of
/// the orders rounds the same way.
pub fn order_yield(currency: i64, amount: i64, rate_ppm: i64) -> i64 {
    precision::down(currency, engine::day_yield(amount, rate_ppm))
}

/// What the actor keeps of an open order: enough to pay it, mature it and
/// check a user's cap.
#[derive(Debug, Clone, Copy, sqlx::FromRow)]
pub struct Open {
    pub id: i64,
    pub user_id: i64,
    pub amount: i64,
    pub rate_max_ppm: i64,
    pub first_accrual_at: i64,
    pub matures_at: i64,
}

pub async fn product(db: &Store, id: i64) -> Result<Option<ProductRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {PRODUCT_COLUMNS} FROM lock_products WHERE id = $1"
    ))
    .bind(id)
    .fetch_optional(&**db)
    .await
}

pub async fn open_orders(db: &Store, product: i64) -> Result<Vec<Open>, sqlx::Error> {
    sqlx::query_as(
        "SELECT id, user_id, amount, rate_max_ppm, first_accrual_at, matures_at FROM lock_orders
         WHERE product_id = $1 AND status = 0 ORDER BY id",
    )
    .bind(product)
    .fetch_all(&**db)
    .await
}

pub async fn order(db: &Store, id: i64) -> Result<Option<OrderRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {ORDER_COLUMNS} FROM lock_orders WHERE id = $1"
    ))
    .bind(id)
    .fetch_optional(&**db)
    .await
}

/// The coin's yield reserve (the balance of system account 110) and the
/// yield its open orders are promised, as committed.
pub async fn reserve(db: &Store, currency: i64) -> Result<(i64, i64), sqlx::Error> {
    let reserve: Option<(i64,)> = sqlx::query_as(
        "SELECT available FROM balances WHERE holder = 0 AND currency = $1 AND account = $2",
    )
    .bind(currency)
    .bind(SystemAccount::MiningReserve as i64)
    .fetch_optional(&**db)
    .await?;
    let promised: Option<(i64,)> =
        sqlx::query_as("SELECT promised FROM earn_reserves WHERE currency = $1")
            .bind(currency)
            .fetch_optional(&**db)
            .await?;
    Ok((reserve.map_or(0, |r| r.0), promised.map_or(0, |r| r.0)))
}

/// Stores the rate of every day from `first` to `last` not drawn yet,
/// drawing each inside the product's range; answers the rate of `first`.
/// A day's rate, once stored, never changes.
pub async fn ensure_rates(
    db: &Store,
    p: &ProductRow,
    first: i64,
    last: i64,
) -> Result<i64, sqlx::Error> {
    let mut tx = db.begin().await?;
    let rate = ensure_rates_in(&mut tx, p, first, last).await?;
    tx.commit().await?;
    Ok(rate)
}

async fn ensure_rates_in(
    tx: &mut sqlx::AnyConnection,
    p: &ProductRow,
    first: i64,
    last: i64,
) -> Result<i64, sqlx::Error> {
    for day in first..=last {
        let rate = engine::day_rate(&p.terms(), rand::random::<u64>());
        sqlx::query(
            "INSERT INTO lock_rates (product_id, day, starts_at, rate_ppm) VALUES ($1, $2, $3, $4)
             ON CONFLICT (product_id, day) DO NOTHING",
        )
        .bind(p.id)
        .bind(day)
        .bind(engine::period_start(day, p.accrual_hour))
        .bind(rate)
        .execute(&mut *tx)
        .await?;
    }
    let (rate,): (i64,) =
        sqlx::query_as("SELECT rate_ppm FROM lock_rates WHERE product_id = $1 AND day = $2")
            .bind(p.id)
            .bind(first)
            .fetch_one(&mut *tx)
            .await?;
    Ok(rate)
}

fn ledger_err(e: PostError) -> ProductError {
    crate::market::deriv::ledger_err(e)
}

/// What the subscriber asked for is refused as sent; what others took
/// first (the product's cap, the reserve) is a conflict.
fn refusal(r: LockRefusal) -> ProductError {
    match r {
        LockRefusal::BelowMinimum => ProductError::Invalid("err_lock_below_minimum"),
        LockRefusal::OverUserCap => ProductError::Invalid("err_lock_over_user_cap"),
        LockRefusal::OverTotalCap => ProductError::Conflict("err_lock_over_total_cap"),
        LockRefusal::Insufficient => ProductError::Invalid("err_insufficient"),
        LockRefusal::Uncovered => ProductError::Conflict("err_lock_uncovered"),
    }
}

/// What a subscription needs from the actor's memory.
pub struct Subscription {
    pub user: i64,
    pub amount: i64,
    pub now: i64,
    /// The user's principal already in the product, and everyone's.
    pub user_total: i64,
    pub product_total: i64,
    pub holders: i64,
}

/// Subscribes: checks the terms, the caps, the balance and the coin's
/// reserve inside the transaction (the reserve row is written first, so
/// subscriptions to any product of the coin take turns), moves the amount
/// from the spot account to the mining account and stores the order.
/// Answers the order and the coin's (reserve, promised) after it.
pub async fn subscribe(
    db: &Store,
    p: &ProductRow,
    s: &Subscription,
) -> Result<(OrderRow, (i64, i64)), ProductError> {
    let t = p.terms();
    let promise = engine::promised_yield(&t, s.amount, t.days);
    let (first, matures) = engine::schedule(s.now, p.accrual_hour, t.days);
    let mut tx = db.begin().await?;
    sqlx::query("UPDATE earn_reserves SET promised = promised + $1 WHERE currency = $2")
        .bind(promise)
        .bind(p.currency)
        .execute(&mut *tx)
        .await?;
    let read = |holder: i64, account: i64| {
        format!("SELECT available FROM balances WHERE holder = {holder} AND currency = {} AND account = {account}", p.currency)
    };
    let one = |rows: Vec<[i64; 1]>| rows.first().map_or(0, |r| r[0]);
    let reserve = one(tx
        .db()
        .rows::<1>(&read(0, SystemAccount::MiningReserve as i64), &[])
        .await?);
    let available = one(tx
        .db()
        .rows::<1>(&read(s.user, account::CHANGE), &[])
        .await?);
    let promised = one(tx
        .db()
        .rows::<1>(
            &format!(
                "SELECT promised FROM earn_reserves WHERE currency = {}",
                p.currency
            ),
            &[],
        )
        .await?);
    let book = LockBook {
        user_total: s.user_total,
        product_total: s.product_total,
        promised: promised - promise,
        reserve,
    };
    if let Err(r) = engine::subscribe(&t, &book, s.amount, available) {
        tx.rollback().await?;
        return Err(refusal(r));
    }
    let (id,): (i64,) = sqlx::query_as(
        "INSERT INTO lock_orders (product_id, user_id, currency, amount, rate_min_ppm, rate_max_ppm, days, penalty_ppm, promised_left, status, created_at, first_accrual_at, matures_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 0, $10, $11, $12) RETURNING id",
    )
    .bind(p.id)
    .bind(s.user)
    .bind(p.currency)
    .bind(s.amount)
    .bind(t.rate_min_ppm)
    .bind(t.rate_max_ppm)
    .bind(t.days)
    .bind(t.penalty_ppm)
    .bind(promise)
    .bind(s.now)
    .bind(first)
    .bind(matures)
    .fetch_one(&mut *tx)
    .await?;
    let op = Operation {
        key: format!("lock_subscribe:{id}"),
        reason: "lock_subscribe".into(),
        ref_type: "lock_order".into(),
        ref_id: id,
        postings: vec![
            Posting::user(
                s.user,
                account::CHANGE,
                p.currency,
                Bucket::Available,
                -s.amount,
            ),
            Posting::user(
                s.user,
                account::MINING,
                p.currency,
                Bucket::Available,
                s.amount,
            ),
        ],
    };
    ledger::post_all(&mut tx.db(), &[op])
        .await
        .map_err(ledger_err)?;
    set_totals(&mut tx, p.id, s.product_total + s.amount, s.holders, s.now).await?;
    tx.commit().await?;
    let row = order(db, id)
        .await?
        .ok_or(ProductError::NotFound("err_lock_not_found"))?;
    Ok((row, (reserve, promised)))
}

async fn set_totals(
    tx: &mut sqlx::AnyConnection,
    product: i64,
    locked: i64,
    holders: i64,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE lock_products SET locked = $1, holders = $2, updated_at = $3 WHERE id = $4",
    )
    .bind(locked)
    .bind(holders)
    .bind(now)
    .bind(product)
    .execute(&mut *tx)
    .await?;
    Ok(())
}

/// Redeems an open order early: the principal less the penalty returns to
/// the spot account, the penalty goes to the coin's reserve, and the yield
/// it was promised is no longer owed.
pub async fn redeem(
    db: &Store,
    o: &OrderRow,
    locked: i64,
    holders: i64,
    now: i64,
) -> Result<OrderRow, ProductError> {
    let Redemption { returned, penalty } = o.redemption();
    let mut tx = db.begin().await?;
    let n = sqlx::query(
        "UPDATE lock_orders SET status = 1, ended_at = $1, returned = $2, penalty = $3, promised_left = 0 WHERE id = $4 AND status = 0",
    )
    .bind(now)
    .bind(returned)
    .bind(penalty)
    .bind(o.id)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if n != 1 {
        tx.rollback().await?;
        return Err(ProductError::Conflict("err_lock_ended"));
    }
    sqlx::query("UPDATE earn_reserves SET promised = promised - $1 WHERE currency = $2")
        .bind(o.promised_left)
        .bind(o.currency)
        .execute(&mut *tx)
        .await?;
    let mut postings = vec![
        Posting::user(
            o.user_id,
            account::MINING,
            o.currency,
            Bucket::Available,
            -o.amount,
        ),
        Posting::user(
            o.user_id,
            account::CHANGE,
            o.currency,
            Bucket::Available,
            returned,
        ),
        Posting::system(SystemAccount::MiningReserve, o.currency, penalty),
    ];
    postings.retain(|p| p.amount != 0);
    let op = Operation {
        key: format!("lock_redeem:{}", o.id),
        reason: "lock_redeem".into(),
        ref_type: "lock_order".into(),
        ref_id: o.id,
        postings,
    };
    ledger::post_all(&mut tx.db(), &[op])
        .await
        .map_err(ledger_err)?;
    set_totals(&mut tx, o.product_id, locked, holders, now).await?;
    tx.commit().await?;
    order(db, o.id)
        .await?
        .ok_or(ProductError::NotFound("err_lock_not_found"))
}

/// What one order is paid at an accrual (its day's yield, or its principal
/// at maturity).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Paid {
    pub order: i64,
    pub user: i64,
    pub amount: i64,
}

/// One day's accrual of a product, computed by the actor from its open
/// orders.
pub struct Accrual {
    /// The accrual's moment: it pays the day that ends here.
    pub at: i64,
    pub rate_ppm: i64,
    /// Each paid order's yield for the day, in order id order.
    pub yields: Vec<Paid>,
    /// Principal returned per order (orders paid their last day).
    pub matured: Vec<Paid>,
    /// The promise the orders paid no longer carry (each order's top-of-range
    /// day yield).
    pub released: i64,
    /// The product's principal and holders after it.
    pub locked: i64,
    pub holders: i64,
}

/// Applies `a` in one transaction: each order's yield from the coin's
/// reserve to its owner's spot account and each matured order's principal
/// back from the mining account, one ledger operation per order naming it
/// (so a holder of several orders sees each one's yield), all written by
/// one `post_all` (a handful of statements for the whole product's day);
/// the orders' paid days, yield and promise in one statement each, and the
/// product's `accrued_through`, moved only from the day before (and its
/// count of accruals, the operations' keys): an accrual is applied once,
/// whatever restarts.
pub async fn accrue(db: &Store, p: &ProductRow, a: &Accrual) -> Result<bool, ProductError> {
    let guard = format!(
        "UPDATE lock_products SET accrued_through = {at}, accruals = accruals + 1, locked = {}, holders = {}, updated_at = {at}
         WHERE id = {} AND accrued_through = {} AND accruals = {}",
        a.locked,
        a.holders,
        p.id,
        a.at - engine::DAY_MS,
        p.accruals,
        at = a.at
    );
    let Some(mut tx) = db.begin_if(&guard).await? else {
        return Ok(false);
    };
    sqlx::query("UPDATE earn_reserves SET promised = promised - $1 WHERE currency = $2")
        .bind(a.released)
        .bind(p.currency)
        .execute(&mut *tx)
        .await?;
    let day = p.accruals + 1;
    let c = p.currency;
    let op = |reason: &str, paid: &Paid, postings: Vec<Posting>| Operation {
        // Per order since keys named the product and its day: "order" keeps
        // the two kinds apart.
        key: format!("{reason}:order:{}:{day}", paid.order),
        reason: reason.into(),
        ref_type: "lock_order".into(),
        ref_id: paid.order,
        postings,
    };
    let mut ops = Vec::with_capacity(a.yields.len() + a.matured.len());
    ops.extend(a.yields.iter().filter(|y| y.amount > 0).map(|y| {
        op(
            "lock_yield",
            y,
            vec![
                Posting::system(SystemAccount::MiningReserve, c, -y.amount),
                Posting::user(y.user, account::CHANGE, c, Bucket::Available, y.amount),
            ],
        )
    }));
    ops.extend(a.matured.iter().filter(|m| m.amount > 0).map(|m| {
        op(
            "lock_matured",
            m,
            vec![
                Posting::user(m.user, account::MINING, c, Bucket::Available, -m.amount),
                Posting::user(m.user, account::CHANGE, c, Bucket::Available, m.amount),
            ],
        )
    }));
    if !ops.is_empty() {
        ledger::post_all(&mut tx.db(), &ops)
            .await
            .map_err(ledger_err)?;
    }
    // The same rounding as `order_yield` (integer division of non-negative
    // numbers rounds down on both databases); the products' caps keep
    // amount × rate inside 64 bits.
    let mut db = tx.db();
    db.execute(
        &format!(
            "UPDATE lock_orders SET paid_days = paid_days + 1, accrued = accrued + amount * {rate} / 1000000 / {step} * {step},
             promised_left = promised_left - amount * rate_max_ppm / 1000000
             WHERE product_id = {id} AND status = 0 AND first_accrual_at <= {at}",
            rate = a.rate_ppm,
            step = precision::step(p.currency),
            id = p.id,
            at = a.at
        ),
        &[],
    )
    .await?;
    if !a.matured.is_empty() {
        db.execute(
            &format!(
                "UPDATE lock_orders SET status = {MATURED}, ended_at = {at}, returned = amount
                 WHERE product_id = {id} AND status = 0 AND matures_at <= {at}",
                id = p.id,
                at = a.at
            ),
            &[],
        )
        .await?;
    }
    let day = engine::period(a.at, p.accrual_hour);
    ensure_rates_in(&mut tx, p, day, day + 1).await?;
    tx.commit().await?;
    Ok(true)
}
