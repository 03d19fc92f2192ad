//! How the app shows a contract order.

use super::store::LeverRow;
use crate::lever::math;
use crate::market::actor::units;
use crate::market::deriv::code_dir;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A contract order as the app shows it (the contract actor's answer to an
/// open, the lists of `lever/my_trade` and `lever/dealall`).
#[derive(Serialize, Deserialize, ToSchema, Debug, Clone, PartialEq)]
pub struct Contract {
    pub id: i64,
    pub user_id: i64,
    pub match_id: i64,
    pub symbol: String,
    /// 1 long, 2 short.
    #[serde(rename = "type")]
    pub direction: i64,
    /// 0 pending, 1 holding, 3 closed, 4 cancelled.
    pub status: i64,
    /// Lots.
    pub share: i64,
    /// Quantity, a decimal string.
    pub number: String,
    pub multiple: i64,
    pub target_price: String,
    /// The open price (as `origin_price`).
    pub price: String,
    pub origin_price: String,
    /// The margin.
    pub caution_money: String,
    pub trade_fee: String,
    pub overnight_money: String,
    pub target_profit_price: Option<String>,
    pub stop_loss_price: Option<String>,
    pub close_price: Option<String>,
    /// Realised, or live against the mark while holding.
    pub profit: Option<String>,
    pub payout: Option<String>,
    pub close_reason: Option<String>,
    /// Milliseconds since the epoch.
    pub opened_at: Option<i64>,
    pub closed_at: Option<i64>,
    pub created_at: i64,
    /// Holding only: where the position is liquidated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub force_close_price: Option<String>,
    /// Holding with a mark: the risk rate, percent with two decimals.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub risk_rate: Option<String>,
    /// Holding with a mark: the mark price.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mark_price: Option<String>,
    /// Lots as a decimal string (a copy may hold hundredths of a lot).
    pub lots: String,
    /// A copy's follow and the leader's position it copies; null otherwise.
    pub follow_id: Option<i64>,
    pub copy_of: Option<i64>,
    /// 1 once a copy is held as the follower's own.
    pub self_held: i64,
}

impl Contract {
    /// The order `r` on market `symbol`; `mark` adds live profit and risk
    /// rate to a holding position.
    pub fn of(r: &LeverRow, symbol: &str, mark: Option<i64>, maintenance_ppm: i64) -> Contract {
        let o = |v: Option<i64>| v.map(units);
        let mut c = Contract {
            id: r.id,
            user_id: r.user_id,
            match_id: r.market,
            symbol: symbol.to_string(),
            direction: r.direction,
            status: r.status,
            share: r.share,
            number: units(r.qty),
            multiple: r.multiple,
            target_price: units(r.target_price),
            price: units(r.open_price),
            origin_price: units(r.open_price),
            caution_money: units(r.margin),
            trade_fee: units(r.fee),
            overnight_money: units(r.overnight),
            target_profit_price: o(r.tp),
            stop_loss_price: o(r.sl),
            close_price: o(r.close_price),
            profit: o(r.profit),
            payout: o(r.payout),
            close_reason: r.close_reason.clone(),
            opened_at: r.opened_at,
            closed_at: r.closed_at,
            created_at: r.created_at,
            force_close_price: None,
            risk_rate: None,
            mark_price: None,
            lots: lots(r.share, r.centilots).to_string(),
            follow_id: r.follow_id,
            copy_of: r.copy_of,
            self_held: r.self_held,
        };
        if r.status == 1 {
            let d = code_dir(r.direction);
            c.force_close_price = Some(units(math::liquidation_price(
                d,
                r.open_price,
                r.qty,
                r.margin,
                maintenance_ppm,
            )));
            if let Some(mark) = mark {
                let p = math::profit(d, r.open_price, mark, r.qty);
                c.profit = Some(units(p));
                c.risk_rate = Some(format!(
                    "{:.2}",
                    math::risk_rate_ppm(r.margin, p) as f64 / 10_000.0
                ));
                c.mark_price = Some(units(mark));
            }
        }
        c
    }
}

/// The positions a close closed, by id.
#[derive(Serialize, Deserialize, ToSchema, Debug, Clone, PartialEq)]
pub struct Closed {
    pub closed: Vec<i64>,
}

/// A cancelled pending contract order: status 4.
#[derive(Serialize, Deserialize, ToSchema, Debug, Clone, PartialEq)]
pub struct Cancelled {
    pub id: i64,
    pub status: i64,
}

/// A position's take-profit and stop-loss prices as set (null for none).
#[derive(Serialize, Deserialize, ToSchema, Debug, Clone, PartialEq)]
pub struct StopSet {
    pub id: i64,
    pub target_profit_price: Option<String>,
    pub stop_loss_price: Option<String>,
}

/// Lots as a decimal: copies may hold hundredths of a lot.
fn lots(share: i64, centilots: i64) -> rust_decimal::Decimal {
    if centilots > 0 {
        rust_decimal::Decimal::new(centilots, 2).normalize()
    } else {
        share.into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pending() -> LeverRow {
        LeverRow {
            id: 1,
            user_id: 2,
            market: 3,
            direction: 1,
            status: 0,
            share: 1,
            qty: 1_000_000,
            multiple: 10,
            target_price: 150_000_000,
            open_price: 0,
            margin: 15_000_000,
            fee: 10_000,
            overnight: 0,
            tp: None,
            sl: None,
            close_price: None,
            profit: None,
            payout: None,
            close_reason: None,
            opened_at: None,
            closed_at: None,
            created_at: 1,
            centilots: 0,
            follow_id: None,
            copy_of: None,
            self_held: 0,
        }
    }

    /// Live figures only while holding; a closed order keeps its realised
    /// profit whatever the mark; wire names as the app reads them.
    #[test]
    fn a_contract_as_shown() {
        let p = Contract::of(&pending(), "BTC/USDT", Some(152_000_000), 5_000);
        assert_eq!(
            (p.force_close_price, p.mark_price, p.profit),
            (None, None, None)
        );
        assert_eq!((p.target_price.as_str(), p.lots.as_str()), ("1.5", "1"));
        let holding = LeverRow {
            status: 1,
            open_price: 150_000_000,
            tp: Some(160_000_000),
            opened_at: Some(2),
            ..pending()
        };
        let h = Contract::of(&holding, "BTC/USDT", Some(152_000_000), 5_000);
        // Long 0.01 from 1.5 to 1.52.
        assert_eq!(h.profit.as_deref(), Some("0.0002"));
        assert_eq!(h.mark_price.as_deref(), Some("1.52"));
        assert_eq!(h.target_profit_price.as_deref(), Some("1.6"));
        assert!(h.force_close_price.is_some() && h.risk_rate.is_some());
        let unmarked = Contract::of(&holding, "BTC/USDT", None, 5_000);
        assert!(unmarked.force_close_price.is_some() && unmarked.risk_rate.is_none());
        let closed = LeverRow {
            status: 3,
            close_price: Some(151_000_000),
            profit: Some(10_000),
            centilots: 150,
            ..holding
        };
        let c = Contract::of(&closed, "BTC/USDT", Some(152_000_000), 5_000);
        assert_eq!(
            (c.profit.as_deref(), c.lots.as_str()),
            (Some("0.0001"), "1.5")
        );
        assert_eq!(c.force_close_price, None);
        let v = serde_json::to_value(&c).unwrap_or_default();
        assert_eq!(
            (v["type"].as_i64(), v["match_id"].as_i64()),
            (Some(1), Some(3))
        );
        assert!(v.get("mark_price").is_none(), "{v}");
    }
}
