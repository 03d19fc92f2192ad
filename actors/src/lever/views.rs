//! How the app shows a contract order.

use super::store::LeverRow;
use crate::lever::math;
use crate::market::actor::units;
use crate::market::deriv::code_dir;
use serde_json::{json, Value};

/// A contract order as the app shows it; `mark` adds live profit and risk rate to
/// holding positions.
pub fn lever_json(r: &LeverRow, symbol: &str, mark: Option<i64>, maintenance_ppm: i64) -> Value {
    let LeverRow {
        id,
        user_id,
        market,
        direction: dir,
        status,
        share,
        qty,
        multiple,
        target_price: target,
        open_price: open,
        margin,
        fee,
        overnight,
        tp,
        sl,
        close_price,
        profit,
        payout,
        close_reason: reason,
        opened_at,
        closed_at,
        created_at,
        centilots,
        follow_id,
        copy_of,
        self_held,
    } = r.clone();
    let o = |v: Option<i64>| v.map(units);
    let mut v = json!({
        "id": id, "user_id": user_id, "match_id": market, "symbol": symbol, "type": dir, "status": status,
        "share": share, "number": units(qty), "multiple": multiple, "target_price": units(target),
        "price": units(open), "origin_price": units(open), "caution_money": units(margin), "trade_fee": units(fee),
        "overnight_money": units(overnight), "target_profit_price": o(tp), "stop_loss_price": o(sl),
        "close_price": o(close_price), "profit": o(profit), "payout": o(payout), "close_reason": reason,
        "opened_at": opened_at, "closed_at": closed_at, "created_at": created_at,
        "lots": lots(share, centilots), "follow_id": follow_id, "copy_of": copy_of, "self_held": self_held,
    });
    if status == 1 {
        let d = code_dir(dir);
        v["force_close_price"] = json!(units(math::liquidation_price(
            d,
            open,
            qty,
            margin,
            maintenance_ppm
        )));
        if let Some(mark) = mark {
            let p = math::profit(d, open, mark, qty);
            v["profit"] = json!(units(p));
            v["risk_rate"] = json!(format!(
                "{:.2}",
                math::risk_rate_ppm(margin, p) as f64 / 10_000.0
            ));
            v["mark_price"] = json!(units(mark));
        }
    }
    v
}

/// Lots as a decimal: copies may hold hundredths of a lot.
fn lots(share: i64, centilots: i64) -> rust_decimal::Decimal {
    if centilots > 0 {
        rust_decimal::Decimal::new(centilots, 2).normalize()
    } else {
        share.into()
    }
}
