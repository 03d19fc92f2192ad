//! Contract maths, pure and in integer units (10^-8). The formulas, also in
//! docs/contracts.md and the app's help:
//!
//! - quantity = lots × units per lot; notional = price × quantity
//! - margin = notional / multiple (rounded up); fee = notional × fee rate (up)
//! - unrealised profit: long (mark − open) × quantity, short (open − mark) × quantity
//! - equity = margin + unrealised profit; risk rate = equity / margin
//! - liquidation when equity ≤ maintenance margin = margin × maintenance ratio,
//!   at the price: long open − (margin − maintenance) / quantity,
//!   short open + (margin − maintenance) / quantity
//! - on close the user gets max(equity, 0); a negative equity is the shortfall,
//!   paid by the insurance fund, never by the user's other balances.

/// 10^8: units per whole coin.
pub const SCALE: i128 = 100_000_000;
/// Rates are parts per million.
pub const PPM: i128 = 1_000_000;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Dir {
    Long,
    Short,
}

fn ceil_div(a: i128, b: i128) -> i128 {
    if b == 0 {
        return 0;
    }
    (a + b - 1).div_euclid(b)
}

/// price × qty in quote units, rounded down.
pub fn notional(price: i64, qty: i64) -> i64 {
    (price as i128 * qty as i128 / SCALE) as i64
}

/// Margin of a position: notional / multiple, rounded up.
pub fn margin(price: i64, qty: i64, multiple: i64) -> i64 {
    ceil_div(price as i128 * qty as i128, SCALE * multiple.max(1) as i128) as i64
}

/// `amount × rate`, rounded up (fees and debts round up).
pub fn rate_of(amount: i64, rate_ppm: i64) -> i64 {
    ceil_div(amount as i128 * rate_ppm as i128, PPM) as i64
}

/// The price a market order opens at: the mark plus (long) or minus (short) the
/// spread, on the tick grid in the user's disfavour.
pub fn open_price(dir: Dir, mark: i64, spread_ppm: i64, tick: i64) -> i64 {
    let tick = tick.max(1) as i128;
    let m = mark as i128;
    let p = match dir {
        Dir::Long => ceil_div(m * (PPM + spread_ppm as i128), PPM * tick) * tick,
        Dir::Short => (m * (PPM - spread_ppm as i128) / (PPM * tick)) * tick,
    };
    p.max(tick) as i64
}

/// Unrealised profit (negative for a loss), rounded toward zero... for a loss it
/// rounds away from zero so that a loss is never understated.
pub fn profit(dir: Dir, open: i64, mark: i64, qty: i64) -> i64 {
    let diff = match dir {
        Dir::Long => mark as i128 - open as i128,
        Dir::Short => open as i128 - mark as i128,
    };
    let raw = diff * qty as i128;
    if raw >= 0 {
        (raw / SCALE) as i64
    } else {
        -(ceil_div(-raw, SCALE) as i64)
    }
}

/// Equity over margin in parts per million (1_000_000 = 100 %).
pub fn risk_rate_ppm(margin: i64, profit: i64) -> i64 {
    if margin <= 0 {
        return 0;
    }
    ((margin as i128 + profit as i128) * PPM / margin as i128) as i64
}

/// The mark at which equity meets the maintenance margin: the last mark,
/// coming from the open price against the holder, at which
/// [`must_liquidate`] holds (and it holds at every mark past it).
///
/// With `d` the mark's distance from the open price against the holder and
/// `room` = margin − maintenance, the loss `d × qty` rounds up and a gain
/// (negative `d`) down, and either way equity ≤ maintenance comes to
/// `d × qty > (room − 1) × 10^8`: the least such `d` is
/// `floor((room − 1) × 10^8 / qty) + 1`, negative when the maintenance is
/// at or above the margin itself.
pub fn liquidation_price(dir: Dir, open: i64, qty: i64, margin: i64, maintenance_ppm: i64) -> i64 {
    if qty <= 0 {
        return 0;
    }
    let room = margin as i128 - rate_of(margin, maintenance_ppm) as i128;
    let d = ((room - 1) * SCALE).div_euclid(qty as i128) + 1;
    match dir {
        Dir::Long => (open as i128 - d).max(0) as i64,
        Dir::Short => (open as i128 + d) as i64,
    }
}

/// Whether a position must be liquidated at `mark`.
pub fn must_liquidate(
    dir: Dir,
    open: i64,
    mark: i64,
    qty: i64,
    margin: i64,
    maintenance_ppm: i64,
) -> bool {
    let equity = margin as i128 + profit(dir, open, mark, qty) as i128;
    equity <= rate_of(margin, maintenance_ppm) as i128
}

/// What closing pays: (payout to the user, shortfall for the insurance fund).
pub fn close_out(margin: i64, profit: i64) -> (i64, i64) {
    let equity = margin as i128 + profit as i128;
    if equity >= 0 {
        (equity as i64, 0)
    } else {
        (0, (-equity) as i64)
    }
}

/// [`close_out`] with the payout in whole steps of the quote coin: the
/// fraction of a step stays with the house (a payout finer than its coin
/// could never leave the account whole).
pub fn close_out_in(quote: i64, margin: i64, profit: i64) -> (i64, i64) {
    let (payout, shortfall) = close_out(margin, profit);
    (crate::ledger::precision::down(quote, payout), shortfall)
}

#[cfg(test)]
mod tests {
    use super::*;

    const U: i64 = 100_000_000;

    #[test]
    fn margin_fee_and_profit_of_a_long() {
        // 0.1 BTC at 60 000, 10×: notional 6 000, margin 600, fee 0.05 % = 3.
        let qty = U / 10;
        assert_eq!(notional(60_000 * U, qty), 6_000 * U);
        assert_eq!(margin(60_000 * U, qty, 10), 600 * U);
        assert_eq!(rate_of(6_000 * U, 500), 3 * U);
        assert_eq!(profit(Dir::Long, 60_000 * U, 61_000 * U, qty), 100 * U);
        assert_eq!(profit(Dir::Short, 60_000 * U, 61_000 * U, qty), -100 * U);
        assert_eq!(
            risk_rate_ppm(600 * U, -300 * U),
            500_000,
            "half the margin left: 50 %"
        );
    }

    #[test]
    fn margin_and_fees_round_up_and_losses_are_never_understated() {
        assert_eq!(margin(3, 1, 10), 1, "a fraction of a unit is a whole unit");
        assert_eq!(rate_of(1, 1), 1);
        assert_eq!(
            profit(Dir::Long, 10, 9, 1),
            -1,
            "-1e-8 of a unit rounds to -1 unit"
        );
        assert_eq!(
            profit(Dir::Long, 9, 10, 1),
            0,
            "a gain below a unit rounds to 0"
        );
    }

    #[test]
    fn the_liquidation_price_is_where_equity_meets_maintenance() {
        let (open, qty, m, mm) = (60_000 * U, U / 10, 600 * U, 200_000); // maintenance 20 % of margin
        let long = liquidation_price(Dir::Long, open, qty, m, mm);
        // 480 of room over 0.1 BTC is 4 800 below the open price; a loss
        // rounds up to a whole unit, so the rule already holds 9 units
        // (of 10^-8) above 55 200, and not one unit further.
        assert_eq!(long, 55_200 * U + 9);
        assert!(
            must_liquidate(Dir::Long, open, long, qty, m, mm),
            "exactly at the price"
        );
        assert!(
            !must_liquidate(Dir::Long, open, long + 1, qty, m, mm),
            "one unit above it"
        );
        let short = liquidation_price(Dir::Short, open, qty, m, mm);
        assert_eq!(short, 64_800 * U - 9);
        assert!(must_liquidate(Dir::Short, open, short, qty, m, mm));
        assert!(!must_liquidate(Dir::Short, open, short - 1, qty, m, mm));
    }

    #[test]
    fn a_gap_through_the_liquidation_price_leaves_a_shortfall_for_the_fund() {
        let (open, qty, m) = (60_000 * U, U / 10, 600 * U);
        // The mark gaps from above 55 200 straight to 50 000: loss 1 000 > margin 600.
        let p = profit(Dir::Long, open, 50_000 * U, qty);
        assert_eq!(close_out(m, p), (0, 400 * U));
        // Liquidated right at the price: the user keeps the maintenance margin.
        let p = profit(Dir::Long, open, 55_200 * U, qty);
        assert_eq!(close_out(m, p), (120 * U, 0));
    }

    #[test]
    fn market_orders_open_across_the_spread_on_the_tick_grid() {
        let tick = U / 100;
        assert_eq!(open_price(Dir::Long, 60_000 * U, 200, tick), 60_012 * U);
        assert_eq!(open_price(Dir::Short, 60_000 * U, 200, tick), 59_988 * U);
        assert_eq!(
            open_price(Dir::Long, 100 * U + 1, 0, tick),
            100 * U + tick,
            "rounded against the user"
        );
    }
}
