//! The public record of a market's trades: one JSON shape for the live
//! `market_trade` event and for the recent trades read back from the database,
//! so a list that opens with the history and then streams shows both alike.

use super::book::Side;
use crate::market::actor::units;
use serde_json::{json, Value};
use sqlx::AnyPool;

/// Most trades one read answers.
pub const RECENT_MAX: i64 = 100;

/// A trade as the app shows it. `key` names the fill (taker and maker order)
/// so that a trade read back and the same trade streamed are told apart from
/// two equal trades in the same millisecond; `seq` orders events of one run of
/// the server (0 for trades read back).
pub fn trade_view(
    symbol: &str,
    price: i64,
    qty: i64,
    taker_side: Side,
    at: i64,
    key: (i64, i64),
    seq: u64,
) -> Value {
    json!({
        "symbol": symbol,
        "price": units(price),
        "qty": units(qty),
        "side": if taker_side == Side::Buy { "buy" } else { "sell" },
        "time": at,
        "key": format!("{}.{}", key.0, key.1),
        "seq": seq,
    })
}

/// The latest `limit` trades of a market (at most [`RECENT_MAX`]), newest first.
pub async fn recent(
    db: &AnyPool,
    market: i64,
    symbol: &str,
    limit: i64,
) -> Result<Vec<Value>, sqlx::Error> {
    let rows: Vec<(i64, i64, i64, i64, i64, i64)> = sqlx::query_as(
        "SELECT price, qty, taker_side, taker_order, maker_order, created_at FROM trades
         WHERE market = $1 ORDER BY id DESC LIMIT $2",
    )
    .bind(market)
    .bind(limit.clamp(1, RECENT_MAX))
    .fetch_all(db)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(price, qty, side, taker, maker, at)| {
            let side = if side == 1 { Side::Buy } else { Side::Sell };
            trade_view(symbol, price, qty, side, at, (taker, maker), 0)
        })
        .collect())
}
