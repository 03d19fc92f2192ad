//! The contract actor's storage: `lever_orders` rows and the statements that
//! close a position and rebuild the book.

use crate::ledger::{account, precision, Bucket, Posting, SystemAccount};
use crate::lever::book::{CopyLink, Pending, Position, PositionBook};
use crate::lever::math;
use crate::lever::math::Dir;
use crate::market::actor::MarketSpec;
use crate::market::deriv::{code_dir, dir_code, post, DerivSpec};
use crate::runtime::ProductError;
use crate::sql::Store;
use serde_json::{json, Value};
use sqlx::AnyConnection;

/// A `lever_orders` row.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct LeverRow {
    pub id: i64,
    pub user_id: i64,
    pub market: i64,
    pub direction: i64,
    pub status: i64,
    pub share: i64,
    pub qty: i64,
    pub multiple: i64,
    pub target_price: i64,
    pub open_price: i64,
    pub margin: i64,
    pub fee: i64,
    pub overnight: i64,
    pub tp: Option<i64>,
    pub sl: Option<i64>,
    pub close_price: Option<i64>,
    pub profit: Option<i64>,
    pub payout: Option<i64>,
    pub close_reason: Option<String>,
    pub opened_at: Option<i64>,
    pub closed_at: Option<i64>,
    pub created_at: i64,
    /// Hundredths of a lot; copies may hold fractions (0 on other orders).
    pub centilots: i64,
    /// The follow a copy belongs to and the leader's position it copies.
    pub follow_id: Option<i64>,
    pub copy_of: Option<i64>,
    /// 1 once the follower holds the copy as their own.
    pub self_held: i64,
}

pub const LEVER_COLUMNS: &str = "id, user_id, market, direction, status, share, qty, multiple, target_price, open_price, margin, fee, overnight, tp, sl, close_price, profit, payout, close_reason, opened_at, closed_at, created_at, centilots, follow_id, copy_of, self_held";

pub(crate) async fn lever_row(conn: &mut AnyConnection, id: i64) -> Result<LeverRow, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {LEVER_COLUMNS} FROM lever_orders WHERE id = $1"
    ))
    .bind(id)
    .fetch_one(conn)
    .await
}

/// What a new contract order costs: its quantity, price (the limit, or the
/// mark across the spread), margin and fee.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Priced {
    pub qty: i64,
    pub price: i64,
    pub margin: i64,
    pub fee: i64,
}

impl Priced {
    /// Margin and fee are what the user pays: rounded up to the quote coin's step.
    pub(crate) fn of(
        d: &DerivSpec,
        spec: &MarketSpec,
        dir: Dir,
        mark: i64,
        share: i64,
        multiple: i64,
        limit: Option<i64>,
    ) -> Priced {
        let qty = share * d.lot_units;
        let (quote, tick) = (spec.quote, spec.tick);
        let price = limit.unwrap_or_else(|| math::open_price(dir, mark, d.spread_ppm, tick));
        Priced {
            qty,
            price,
            margin: precision::up(quote, math::margin(price, qty, multiple)),
            fee: precision::up(quote, math::rate_of(math::notional(price, qty), d.fee_ppm)),
        }
    }
}

/// A contract order to write: at the market (opened now) or a pending limit.
pub(crate) struct NewOrder {
    pub user: i64,
    pub market: i64,
    pub quote: i64,
    pub dir: Dir,
    pub share: i64,
    pub multiple: i64,
    pub limit: Option<i64>,
    pub priced: Priced,
}

/// Writes a new contract order inside `tx` with its ledger operation: margin
/// and fee leave the available balance; a position freezes its margin and
/// pays the fee, a pending limit freezes both until it triggers. Answers its id.
pub(crate) async fn open_in(
    tx: &mut AnyConnection,
    o: &NewOrder,
    now: i64,
) -> Result<i64, ProductError> {
    let Priced {
        qty,
        price,
        margin,
        fee,
    } = o.priced;
    let pending = o.limit.is_some();
    let (id,): (i64,) = sqlx::query_as(
        "INSERT INTO lever_orders (user_id, market, direction, status, share, qty, multiple, target_price, open_price, margin, fee, frozen, overnight_day, opened_at, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING id",
    )
    .bind(o.user)
    .bind(o.market)
    .bind(dir_code(o.dir))
    .bind(if pending { 0 } else { 1 })
    .bind(o.share)
    .bind(qty)
    .bind(o.multiple)
    .bind(o.limit.unwrap_or(0))
    .bind(if pending { 0 } else { price })
    .bind(margin)
    .bind(fee)
    .bind(if pending { margin + fee } else { margin })
    .bind(now.div_euclid(86_400_000))
    .bind(if pending { None } else { Some(now) })
    .bind(now)
    .fetch_one(&mut *tx)
    .await?;
    let mut postings = vec![
        Posting::user(
            o.user,
            account::LEVER,
            o.quote,
            Bucket::Available,
            -(margin + fee),
        ),
        Posting::user(
            o.user,
            account::LEVER,
            o.quote,
            Bucket::Frozen,
            if pending { margin + fee } else { margin },
        ),
    ];
    if !pending {
        postings.push(Posting::system(SystemAccount::Fees, o.quote, fee));
    }
    post(
        tx,
        format!("lever:{id}:open"),
        "contract_open",
        "lever_order",
        id,
        postings,
    )
    .await?;
    Ok(id)
}

/// Closes a holding position at `mark` inside `tx`; None if it was no longer open.
pub(crate) async fn close_in(
    tx: &mut AnyConnection,
    quote: i64,
    p: &Position,
    mark: i64,
    reason: &str,
    now: i64,
) -> Result<Option<Value>, ProductError> {
    let profit = math::profit(p.dir, p.open, mark, p.qty);
    let (payout, shortfall) = math::close_out_in(quote, p.margin, profit);
    let res = sqlx::query(
        "UPDATE lever_orders SET status = 3, close_price = $1, profit = $2, payout = $3, shortfall = $4, close_reason = $5,
         closed_at = $6, frozen = 0 WHERE id = $7 AND status = 1",
    )
    .bind(mark)
    .bind(profit)
    .bind(payout)
    .bind(shortfall)
    .bind(reason)
    .bind(now)
    .bind(p.id)
    .execute(&mut *tx)
    .await?;
    if res.rows_affected() != 1 {
        return Ok(None);
    }
    let house = if shortfall > 0 {
        p.margin + shortfall
    } else {
        p.margin - payout
    };
    post(
        tx,
        format!("lever:{}:close", p.id),
        "contract_close",
        "lever_order",
        p.id,
        vec![
            Posting::user(p.user, account::LEVER, quote, Bucket::Frozen, -p.margin),
            Posting::user(p.user, account::LEVER, quote, Bucket::Available, payout),
            Posting::system(SystemAccount::Contracts, quote, house),
            Posting::system(SystemAccount::InsuranceFund, quote, -shortfall),
        ],
    )
    .await?;
    Ok(Some(
        json!({"id": p.id, "user_id": p.user, "reason": reason}),
    ))
}

/// Rebuilds the positions and pending orders of a market from the database,
/// with the copies still following a leader's position that is no longer
/// open (a close that was never applied to them; none if every leader close
/// committed with its copies, as it does).
pub(crate) async fn load(
    db: Store,
    market: i64,
    maintenance_ppm: i64,
) -> Result<(PositionBook, Vec<i64>), sqlx::Error> {
    let mut book = PositionBook::new(maintenance_ppm);
    let rows: Vec<LeverRow> = sqlx::query_as(&format!(
        "SELECT {LEVER_COLUMNS} FROM lever_orders WHERE market = $1 AND status IN (0, 1)"
    ))
    .bind(market)
    .fetch_all(&*db)
    .await?;
    let open: std::collections::HashSet<i64> = rows
        .iter()
        .filter(|r| r.status == 1)
        .map(|r| r.id)
        .collect();
    let mut orphans = Vec::new();
    for r in rows {
        let dir = code_dir(r.direction);
        if r.status == 0 {
            book.add_pending(Pending {
                id: r.id,
                user: r.user_id,
                dir,
                price: r.target_price,
            });
            continue;
        }
        let copy = match (r.follow_id, r.copy_of, r.self_held) {
            (Some(follow), Some(lead), 0) => Some(CopyLink { follow, lead }),
            _ => None,
        };
        if let Some(c) = copy {
            // A copy is on its leader's market.
            if !open.contains(&c.lead) {
                orphans.push(r.id);
            }
        }
        book.upsert(Position {
            id: r.id,
            user: r.user_id,
            dir,
            qty: r.qty,
            open: r.open_price,
            margin: r.margin,
            tp: r.tp,
            sl: r.sl,
            copy,
        });
    }
    Ok((book, orphans))
}
