//! The contract actor's storage: `lever_orders` rows and the statements that
//! close a position and rebuild the book.

use crate::ledger::{account, Bucket, Posting, SystemAccount};
use crate::lever::book::{Pending, Position, PositionBook};
use crate::lever::math;
use crate::market::actor::MarketError;
use crate::market::deriv::{code_dir, post};
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
}

pub const LEVER_COLUMNS: &str = "id, user_id, market, direction, status, share, qty, multiple, target_price, open_price, margin, fee, overnight, tp, sl, close_price, profit, payout, close_reason, opened_at, closed_at, created_at";

pub(crate) async fn lever_row(conn: &mut AnyConnection, id: i64) -> Result<LeverRow, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {LEVER_COLUMNS} FROM lever_orders WHERE id = $1"
    ))
    .bind(id)
    .fetch_one(conn)
    .await
}

/// Closes a holding position at `mark` inside `tx`; None if it was no longer open.
pub(crate) async fn close_in(
    tx: &mut AnyConnection,
    quote: i64,
    p: &Position,
    mark: i64,
    reason: &str,
    now: i64,
) -> Result<Option<Value>, MarketError> {
    let profit = math::profit(p.dir, p.open, mark, p.qty);
    let (payout, shortfall) = math::close_out(p.margin, profit);
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

/// Rebuilds the positions and pending orders of a market from the database.
pub(crate) async fn load(
    db: Store,
    market: i64,
    maintenance_ppm: i64,
) -> Result<PositionBook, sqlx::Error> {
    let mut book = PositionBook::new(maintenance_ppm);
    let rows: Vec<(i64, i64, i64, i64, i64, i64, i64, i64, Option<i64>, Option<i64>)> = sqlx::query_as(
        "SELECT id, user_id, direction, status, qty, target_price, open_price, margin, tp, sl FROM lever_orders WHERE market = $1 AND status IN (0, 1)",
    )
    .bind(market)
    .fetch_all(&*db)
    .await?;
    for (id, user, dir, status, qty, target, open, margin, tp, sl) in rows {
        let dir = code_dir(dir);
        if status == 0 {
            book.add_pending(Pending {
                id,
                user,
                dir,
                price: target,
            });
        } else {
            book.upsert(Position {
                id,
                user,
                dir,
                qty,
                open,
                margin,
                tp,
                sl,
            });
        }
    }
    Ok(book)
}
