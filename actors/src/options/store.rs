//! The options actor's storage and views: `micro_orders` rows, how the app
//! shows one, and the expiry wheel rebuilt from the database.

use crate::market::actor::units;
use crate::options::{self, Wheel};
use crate::sql::Store;
use serde_json::{json, Value};

/// A `micro_orders` row.
#[derive(Debug, Clone, Copy, sqlx::FromRow)]
pub struct MicroRow {
    pub id: i64,
    pub user_id: i64,
    pub market: i64,
    pub currency: i64,
    pub direction: i64,
    pub seconds: i64,
    pub stake: i64,
    pub fee: i64,
    pub ratio_ppm: i64,
    pub open_price: i64,
    pub opened_at: i64,
    pub expires_at: i64,
    pub close_price: Option<i64>,
    pub closed_at: Option<i64>,
    pub status: i64,
    pub outcome: i64,
    pub payout: i64,
}
pub const MICRO_COLUMNS: &str = "id, user_id, market, currency, direction, seconds, stake, fee, ratio_ppm, open_price, opened_at, expires_at, close_price, closed_at, status, outcome, payout";

pub fn micro_json(r: &MicroRow, symbol: &str) -> Value {
    let MicroRow {
        id,
        user_id,
        market,
        currency,
        direction: dir,
        seconds,
        stake,
        fee,
        ratio_ppm: ratio,
        open_price: open,
        opened_at,
        expires_at,
        close_price: close,
        closed_at,
        status,
        outcome,
        payout,
    } = *r;
    let expected = options::payout_in(currency, options::Outcome::Win, stake, ratio) - stake;
    json!({
        "id": id, "user_id": user_id, "match_id": market, "symbol": symbol, "currency_id": currency,
        "type": dir, "seconds": seconds, "number": units(stake), "fee": units(fee),
        "profit_ratio": format!("{:.2}", ratio as f64 / 1_000_000.0), "expected_profit": units(expected),
        "open_price": units(open), "opened_at": opened_at, "handle_time": expires_at, "expires_at": expires_at,
        "end_price": close.map(units), "complete_time": closed_at, "status": status, "outcome": outcome,
        "payout": units(payout), "fact_profits": if status == 1 { units(payout - stake) } else { "0".into() },
    })
}

/// Rebuilds the expiry wheel of a market's open options from the database.
pub(crate) async fn load(db: Store, market: i64) -> Result<Wheel, sqlx::Error> {
    let mut wheel = Wheel::default();
    let due: Vec<(i64, i64)> =
        sqlx::query_as("SELECT id, expires_at FROM micro_orders WHERE market = $1 AND status = 0")
            .bind(market)
            .fetch_all(&*db)
            .await?;
    for (id, at) in due {
        wheel.insert(at, id);
    }
    Ok(wheel)
}
