//! How a market is shown: amounts as decimal strings, the ticker row of the
//! quotation list, depth snapshots, orders as the app shows them, and K-line
//! bars as the `kline` channel sends them. Only JSON here; nothing is read or
//! written.

use super::actor::MarketActor;
use super::book::Side;
use super::kline::{Bar, Period};
use super::store::OrderRow;
use crate::runtime::clock::now_ms;
use serde_json::{json, Value};

/// Units as a decimal string.
pub fn units(u: i64) -> String {
    crate::money::from_units(u).normalize().to_string()
}

impl MarketActor {
    /// The ticker row in the shape of the quotation list.
    pub fn ticker(&self) -> Value {
        let open = self.day.front().map(|b| b.open).unwrap_or(self.index);
        let high = self
            .day
            .iter()
            .map(|b| b.high)
            .max()
            .unwrap_or(self.index)
            .max(self.index);
        let low = self
            .day
            .iter()
            .map(|b| b.low)
            .min()
            .unwrap_or(self.index)
            .min(self.index);
        let volume: i64 = self.day.iter().map(|b| b.volume).sum();
        let amount: i64 = self.day.iter().map(|b| b.amount).sum();
        let change = if open > 0 {
            let pct = crate::money::from_units(self.index - open)
                * rust_decimal::Decimal::from(100)
                / crate::money::from_units(open);
            let pct = pct.round_dp(2);
            if pct > rust_decimal::Decimal::ZERO {
                format!("+{pct:.2}")
            } else {
                format!("{pct:.2}")
            }
        } else {
            "0.00".into()
        };
        let s = &self.spec;
        json!({
            "match_id": s.id, "currency_id": s.base, "legal_id": s.quote, "symbol": s.symbol,
            "currency_name": s.base_name, "legal_name": s.quote_name,
            "now_price": units(self.index), "change": change, "volume": units(volume),
            "amount": units(amount), "high": units(high), "low": units(low), "logo": s.logo,
            "market_type": s.kind, "open_transaction": true, "open_lever": s.open_lever,
            "open_microtrade": s.open_microtrade,
            "tick": units(s.tick), "lot": units(s.lot), "min_qty": units(s.min_qty),
            // When the index took `now_price`: the second a chart draws it at.
            "time": self.index_at,
        })
    }

    /// The best `depth` levels of each side, empty before the book is loaded.
    pub(super) fn depth_json(&self, depth: usize) -> Value {
        let Some(live) = &self.live else {
            return json!({});
        };
        let fmt = |v: Vec<(i64, i64)>| {
            v.into_iter()
                .map(|(p, q)| json!([units(p), units(q)]))
                .collect::<Vec<_>>()
        };
        json!({
            "symbol": self.spec.symbol,
            "bids": fmt(live.book.depth(Side::Buy, depth)),
            "asks": fmt(live.book.depth(Side::Sell, depth)),
            "seq": self.seq,
            // When the snapshot was taken (ms): clients can see how fresh it is.
            "ts": now_ms(),
        })
    }
}

/// An order row as the app shows it, on the market `symbol`.
pub fn order_value(r: OrderRow, symbol: &str) -> Value {
    let avg = if r.filled_qty > 0 {
        units(((r.filled_quote as i128 * super::book::SCALE) / r.filled_qty as i128) as i64)
    } else {
        "0".into()
    };
    json!({
        "id": r.id, "user_id": r.user_id, "symbol": symbol, "type": r.side, "order_type": r.order_type,
        "target_price": units(r.price), "amount": units(r.qty), "budget": units(r.budget),
        "deal_amount": units(r.filled_qty), "deal_money": units(r.filled_quote), "avg_price": avg,
        "fee": units(r.fee), "status": r.status, "created_at": r.created_at,
    })
}

/// A forming bar as the `kline` channel sends it.
pub(super) fn kline_json(symbol: &str, p: Period, b: &Bar) -> Value {
    json!({
        "symbol": symbol, "period": p.name(), "open": units(b.open), "high": units(b.high),
        "low": units(b.low), "close": units(b.close), "volume": units(b.volume), "time": b.open_time,
    })
}
