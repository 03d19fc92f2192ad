//! The options actor's storage and views: `micro_orders` rows, how the app
//! shows one, and the expiry wheel rebuilt from the database.

use crate::market::actor::units;
use crate::options::{self, Wheel};
use crate::sql::Store;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

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

/// A seconds option as the app shows it (the options actor's answer to an
/// order, `microtrade/lists` and the `microtrade` event).
#[derive(Serialize, Deserialize, ToSchema, Debug, Clone, PartialEq)]
pub struct MicroOrder {
    pub id: i64,
    pub user_id: i64,
    pub match_id: i64,
    pub symbol: String,
    /// The coin staked.
    pub currency_id: i64,
    /// 1 rise, 2 fall.
    #[serde(rename = "type")]
    pub direction: i64,
    pub seconds: i64,
    /// The stake, a decimal string.
    pub number: String,
    pub fee: String,
    /// The profit ratio, two decimals.
    pub profit_ratio: String,
    pub expected_profit: String,
    pub open_price: String,
    /// Milliseconds since the epoch.
    pub opened_at: i64,
    /// The expiry (as `expires_at`).
    pub handle_time: i64,
    pub expires_at: i64,
    /// The price at expiry, null while open.
    pub end_price: Option<String>,
    /// When it was settled, null while open.
    pub complete_time: Option<i64>,
    /// 0 open, 1 settled.
    pub status: i64,
    pub outcome: i64,
    pub payout: String,
    pub fact_profits: String,
}

impl MicroOrder {
    pub fn of(r: &MicroRow, symbol: &str) -> MicroOrder {
        let expected =
            options::payout_in(r.currency, options::Outcome::Win, r.stake, r.ratio_ppm) - r.stake;
        MicroOrder {
            id: r.id,
            user_id: r.user_id,
            match_id: r.market,
            symbol: symbol.to_string(),
            currency_id: r.currency,
            direction: r.direction,
            seconds: r.seconds,
            number: units(r.stake),
            fee: units(r.fee),
            profit_ratio: format!("{:.2}", r.ratio_ppm as f64 / 1_000_000.0),
            expected_profit: units(expected),
            open_price: units(r.open_price),
            opened_at: r.opened_at,
            handle_time: r.expires_at,
            expires_at: r.expires_at,
            end_price: r.close_price.map(units),
            complete_time: r.closed_at,
            status: r.status,
            outcome: r.outcome,
            payout: units(r.payout),
            fact_profits: if r.status == 1 {
                units(r.payout - r.stake)
            } else {
                "0".into()
            },
        }
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A 0.85 option on a stake of 1: 0.85 expected, nothing realised until
    /// settled, then the payout less the stake.
    #[test]
    fn an_option_as_shown() {
        let open = MicroRow {
            id: 1,
            user_id: 2,
            market: 3,
            currency: 3,
            direction: 1,
            seconds: 60,
            stake: 100_000_000,
            fee: 0,
            ratio_ppm: 850_000,
            open_price: 150_000_000,
            opened_at: 1,
            expires_at: 60_001,
            close_price: None,
            closed_at: None,
            status: 0,
            outcome: 0,
            payout: 0,
        };
        let o = MicroOrder::of(&open, "BTC/USDT");
        assert_eq!(
            (
                o.expected_profit.as_str(),
                o.fact_profits.as_str(),
                o.profit_ratio.as_str()
            ),
            ("0.85", "0", "0.85")
        );
        assert_eq!((o.end_price, o.handle_time), (None, 60_001));
        let settled = MicroRow {
            close_price: Some(151_000_000),
            closed_at: Some(60_002),
            status: 1,
            outcome: 1,
            payout: 185_000_000,
            ..open
        };
        let s = MicroOrder::of(&settled, "BTC/USDT");
        assert_eq!(
            (s.fact_profits.as_str(), s.payout.as_str()),
            ("0.85", "1.85")
        );
        assert_eq!(s.end_price.as_deref(), Some("1.51"));
        let v = serde_json::to_value(&s).unwrap_or_default();
        assert_eq!(v["type"].as_i64(), Some(1));
    }
}
