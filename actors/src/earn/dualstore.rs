//! The statements of dual investment: the product and order rows, a
//! purchase, and the settlement at maturity in slices (`DualActor`, in
//! `dual`, decides when).

use super::engine::{self, Dual, DualKind, Payout};
use crate::ledger::{self, account, precision, Bucket, Operation, Posting, SystemAccount};
use crate::market::deriv::ledger_err;
use crate::runtime::Event;
use crate::runtime::ProductError;
use crate::sql::{Arg, Store, SLICE_ROWS};
use serde_json::json;
use std::collections::BTreeMap;

/// Product and order states.
pub mod status {
    pub const OPEN: i64 = 0;
    pub const SETTLING: i64 = 1;
    pub const SETTLED: i64 = 2;
    /// Orders.
    pub const PURCHASED: i64 = 0;
    pub const COMPLETED: i64 = 2;
    pub const FAILED: i64 = 3;
    /// Kinds.
    pub const CALL: i64 = 1;
    pub const PUT: i64 = 2;
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct DualRow {
    pub id: i64,
    pub template: String,
    pub currency: i64,
    pub quote: i64,
    pub kind: i64,
    pub unit: i64,
    pub apr_ppm: i64,
    pub linked_price: i64,
    pub days: i64,
    pub shares_total: i64,
    pub shares_sold: i64,
    pub created_at: i64,
    pub starts_at: i64,
    pub matures_at: i64,
    pub status: i64,
    pub settlement_price: Option<i64>,
    pub settled_at: Option<i64>,
}

pub const DUAL_COLUMNS: &str = "id, template, currency, quote, kind, unit, apr_ppm, linked_price, days, shares_total, shares_sold, created_at, starts_at, matures_at, status, settlement_price, settled_at";

impl DualRow {
    /// The currency a share invests.
    pub fn invest_currency(&self) -> i64 {
        if self.kind == status::CALL {
            self.currency
        } else {
            self.quote
        }
    }

    /// `amount` invested in it, as the engine settles it.
    pub fn terms(&self, amount: i64) -> Dual {
        Dual {
            kind: if self.kind == status::CALL {
                DualKind::Call
            } else {
                DualKind::Put
            },
            amount,
            linked_price: self.linked_price,
            apr_ppm: self.apr_ppm,
            days: self.days,
        }
    }

    /// The currency and amount of a payout, rounded down to that coin's
    /// precision (the house keeps the rest).
    pub fn payout(&self, p: Payout) -> (i64, i64) {
        let (currency, v) = match p {
            Payout::Coin(v) => (self.currency, v),
            Payout::Quote(v) => (self.quote, v),
        };
        (currency, precision::down(currency, v))
    }
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct DualOrderRow {
    pub id: i64,
    pub product_id: i64,
    pub user_id: i64,
    pub shares: i64,
    pub amount: i64,
    pub status: i64,
    pub payout_currency: Option<i64>,
    pub payout: Option<i64>,
    pub reason: Option<String>,
    pub created_at: i64,
    pub settled_at: Option<i64>,
}

pub const DUAL_ORDER_COLUMNS: &str = "id, product_id, user_id, shares, amount, status, payout_currency, payout, reason, created_at, settled_at";

pub async fn product(db: &Store, id: i64) -> Result<Option<DualRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {DUAL_COLUMNS} FROM dual_products WHERE id = $1"
    ))
    .bind(id)
    .fetch_optional(&**db)
    .await
}

pub async fn samples(db: &Store, product: i64) -> Result<Vec<(i64, i64)>, sqlx::Error> {
    sqlx::query_as("SELECT at, price FROM dual_samples WHERE product_id = $1 ORDER BY at")
        .bind(product)
        .fetch_all(&**db)
        .await
}

/// Buys `shares` whole shares before the product starts: the amount moves
/// from the spot account to the dual account.
pub(super) async fn buy(
    db: &Store,
    p: &DualRow,
    user: i64,
    shares: i64,
    now: i64,
) -> Result<DualOrderRow, ProductError> {
    if now >= p.starts_at || p.status != status::OPEN {
        return Err(ProductError::Invalid("err_dual_closed"));
    }
    if shares < 1 {
        return Err(ProductError::Invalid("err_dual_shares"));
    }
    if shares > p.shares_total - p.shares_sold {
        return Err(ProductError::Conflict("err_dual_sold_out"));
    }
    let amount = shares
        .checked_mul(p.unit)
        .ok_or(ProductError::Invalid("err_amount_too_large"))?;
    let cur = p.invest_currency();
    let mut tx = db.begin().await?;
    let sold = sqlx::query(
        "UPDATE dual_products SET shares_sold = shares_sold + $1 WHERE id = $2 AND shares_sold + $1 <= shares_total",
    )
    .bind(shares)
    .bind(p.id)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if sold != 1 {
        tx.rollback().await?;
        return Err(ProductError::Conflict("err_dual_sold_out"));
    }
    let (id,): (i64,) = sqlx::query_as(
        "INSERT INTO dual_orders (product_id, user_id, shares, amount, status, created_at) VALUES ($1, $2, $3, $4, 0, $5) RETURNING id",
    )
    .bind(p.id)
    .bind(user)
    .bind(shares)
    .bind(amount)
    .bind(now)
    .fetch_one(&mut *tx)
    .await?;
    let op = Operation {
        key: format!("dual_buy:{id}"),
        reason: "dual_buy".into(),
        ref_type: "dual_order".into(),
        ref_id: id,
        postings: vec![
            Posting::user(user, account::CHANGE, cur, Bucket::Available, -amount),
            Posting::user(user, account::DUAL, cur, Bucket::Available, amount),
        ],
    };
    ledger::post_all(&mut tx.db(), &[op])
        .await
        .map_err(ledger_err)?;
    tx.commit().await?;
    let row: DualOrderRow = sqlx::query_as(&format!(
        "SELECT {DUAL_ORDER_COLUMNS} FROM dual_orders WHERE id = $1"
    ))
    .bind(id)
    .fetch_one(&**db)
    .await?;
    Ok(row)
}

/// Settles every purchased order at maturity, slice by slice
/// ([`settle_slice`]), then closes the product: its status and settlement
/// price, moved once. The price is the samples' average, which no longer
/// moves after maturity, so a settlement cut by a kill resumes at the
/// orders still open and pays them on the same price. Answers each settled
/// order as its owner is told of it.
pub(super) async fn settle(
    db: &Store,
    p: &DualRow,
    now: i64,
) -> Result<Vec<Settled>, ProductError> {
    let prices: Vec<i64> = samples(db, p.id).await?.into_iter().map(|s| s.1).collect();
    let price = engine::average(&prices);
    let orders: Vec<DualOrderRow> = sqlx::query_as(&format!(
        "SELECT {DUAL_ORDER_COLUMNS} FROM dual_orders WHERE product_id = $1 AND status IN (0, 1) ORDER BY id"
    ))
    .bind(p.id)
    .fetch_all(&**db)
    .await?;
    let mut settled = Vec::with_capacity(orders.len());
    for slice in orders.chunks(SLICE_ROWS) {
        settled.extend(settle_slice(db, p, price, now, slice).await?);
    }
    let guard = format!(
        "UPDATE dual_products SET status = 2, settlement_price = {}, settled_at = {now} WHERE id = {} AND status < 2",
        price.map_or("NULL".to_string(), |v| v.to_string()),
        p.id
    );
    if let Some(tx) = db.begin_if(&guard).await? {
        tx.commit().await?;
    }
    Ok(settled)
}

/// Settles the orders of `slice` not settled yet, in one transaction: each
/// order's update is guarded by its status, and only the orders it moved
/// are paid. The invested amount goes to the house and the payout comes
/// from it, or, without a sample, the principal returns and the order fails
/// with the reason; one ledger operation per slice, keyed by its first
/// order (an order settled never starts another slice).
pub async fn settle_slice(
    db: &Store,
    p: &DualRow,
    price: Option<i64>,
    now: i64,
    slice: &[DualOrderRow],
) -> Result<Vec<Settled>, ProductError> {
    let cur = p.invest_currency();
    let _turn = db.bulk_turn().await;
    let mut tx = db.begin().await?;
    // (holder, account, currency) -> net change: one posting per row.
    let mut net: BTreeMap<(i64, i64, i64), i64> = BTreeMap::new();
    let mut settled = Vec::with_capacity(slice.len());
    for o in slice {
        let (state, pc, pv) = match price {
            Some(settlement) => {
                let (pc, pv) = p.payout(engine::settle(&p.terms(o.amount), settlement));
                (status::COMPLETED, pc, pv)
            }
            None => (status::FAILED, cur, o.amount),
        };
        // A failed order says why; a completed one has no reason.
        let sql = if price.is_some() {
            "UPDATE dual_orders SET status = $1, payout_currency = $2, payout = $3, settled_at = $4
             WHERE id = $5 AND status IN (0, 1)"
        } else {
            "UPDATE dual_orders SET status = $1, payout_currency = $2, payout = $3, settled_at = $4,
             reason = 'err_dual_no_index' WHERE id = $5 AND status IN (0, 1)"
        };
        let moved = tx
            .db()
            .execute(
                sql,
                &[
                    Arg::Int(state),
                    Arg::Int(pc),
                    Arg::Int(pv),
                    Arg::Int(now),
                    Arg::Int(o.id),
                ],
            )
            .await?;
        if moved != 1 {
            continue;
        }
        *net.entry((o.user_id, account::DUAL, cur)).or_default() -= o.amount;
        if price.is_some() {
            *net.entry((0, SystemAccount::Dual as i64, cur)).or_default() += o.amount;
            *net.entry((0, SystemAccount::Dual as i64, pc)).or_default() -= pv;
        }
        *net.entry((o.user_id, account::CHANGE, pc)).or_default() += pv;
        settled.push(Settled {
            user: o.user_id,
            order: o.id,
            status: state,
            coins: [cur, pc],
        });
    }
    let postings: Vec<Posting> = net
        .into_iter()
        .filter(|(_, v)| *v != 0)
        .map(|((holder, acc, c), v)| Posting {
            holder,
            account: acc,
            currency: c,
            bucket: Bucket::Available,
            amount: v,
        })
        .collect();
    let Some(first) = settled.first() else {
        tx.rollback().await?;
        return Ok(settled);
    };
    if !postings.is_empty() {
        let op = Operation {
            key: format!("dual_settle:{}:{}", p.id, first.order),
            reason: "dual_settle".into(),
            ref_type: "dual_product".into(),
            ref_id: p.id,
            postings,
        };
        ledger::post_all(&mut tx.db(), &[op])
            .await
            .map_err(ledger_err)?;
    }
    tx.commit().await?;
    Ok(settled)
}

/// One order of a settlement, as its owner is told: the order's new status
/// and the coins whose balances moved (what was invested, what was paid).
pub struct Settled {
    user: i64,
    order: i64,
    status: i64,
    coins: [i64; 2],
}

impl Settled {
    /// Each order's `dual_order`, then one `balance` per owner.
    pub(super) fn events(list: &[Settled], product: i64) -> Event {
        let mut events: Vec<Event> = list
            .iter()
            .map(|s| Event::Private {
                user_id: s.user,
                event: "dual_order",
                payload: json!({"id": s.order, "product_id": product, "status": s.status}),
            })
            .collect();
        events.push(Event::balances(
            list.iter().flat_map(|s| s.coins.map(|c| (s.user, c))),
        ));
        Event::Many(events)
    }
}
