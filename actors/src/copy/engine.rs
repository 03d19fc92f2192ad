//! The copy engine: pure rules, no database, no clock (times are arguments).
//!
//! Sizes are in hundredths of a lot ("centilots"): the spec rounds follow
//! sizes to two decimals, so a copy is a whole number of centilots, rounded
//! down (a follower never gets more than their mode gives), and a copy of less
//! than one centilot is skipped. Money is in ledger units (10^-8), and the
//! margin and fee of a copy are the contract formulas of `lever::math`, at the
//! leader's price and leverage.

use crate::lever::math;

/// How a follower sizes copies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// The leader's size times a multiple, in millionths (1.5× is 1_500_000).
    Multiple { ppm: i64 },
    /// The same size for every copy, in centilots.
    FixedLots { centilots: i64 },
}

/// A follower's standing terms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Terms {
    pub mode: Mode,
    /// The most margin the follow's open copies may hold together.
    pub max_margin: i64,
}

/// The leader's position being copied.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lead {
    pub centilots: i64,
    /// The price it opened at: every copy opens at this price too.
    pub price: i64,
    pub multiple: i64,
    /// Base units per whole lot of the market.
    pub lot_units: i64,
    pub fee_ppm: i64,
    /// The coin margin and fees are paid in (they round up to its step).
    pub quote: i64,
}

/// What a follower has when the leader opens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Follower {
    /// Available on the contract account.
    pub available: i64,
    /// Margin the follow's open copies hold.
    pub margin_in_use: i64,
}

/// A copy to open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Copy {
    pub centilots: i64,
    /// Base units.
    pub qty: i64,
    pub margin: i64,
    pub fee: i64,
}

/// Why a follower got no copy; recorded with the skip.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Skip {
    /// The mode gives less than one centilot.
    TooSmall,
    /// The copy's margin would take the follow past its maximum margin.
    OverCap,
    /// Margin and fee exceed what the follower has available.
    InsufficientMargin,
}

impl Skip {
    /// The reason as stored and translated (`copy_skip_<code>`).
    pub fn code(self) -> &'static str {
        match self {
            Skip::TooSmall => "too_small",
            Skip::OverCap => "over_cap",
            Skip::InsufficientMargin => "insufficient_margin",
        }
    }
}

/// The copy a follower gets of `lead`, or why none.
pub fn size(terms: &Terms, lead: &Lead, follower: &Follower) -> Result<Copy, Skip> {
    let centilots = match terms.mode {
        // Rounded down to whole centilots: never more than the mode gives.
        Mode::Multiple { ppm } => (lead.centilots as i128 * ppm.max(0) as i128 / 1_000_000) as i64,
        Mode::FixedLots { centilots } => centilots.max(0),
    };
    if centilots < 1 {
        return Err(Skip::TooSmall);
    }
    let qty = (centilots as i128 * lead.lot_units as i128 / 100) as i64;
    if qty < 1 {
        return Err(Skip::TooSmall);
    }
    let up = |u| crate::ledger::precision::up(lead.quote, u);
    let margin = up(math::margin(lead.price, qty, lead.multiple));
    let fee = up(math::rate_of(math::notional(lead.price, qty), lead.fee_ppm));
    if follower.margin_in_use.saturating_add(margin) > terms.max_margin {
        return Err(Skip::OverCap);
    }
    if margin.saturating_add(fee) > follower.available {
        return Err(Skip::InsufficientMargin);
    }
    Ok(Copy {
        centilots,
        qty,
        margin,
        fee,
    })
}

/// The take-profit and stop-loss prices of a copy opened at `open`, from the
/// follow's ratios (a return on the copy's margin, in millionths): the price
/// moves by the ratio over the leverage. The take-profit is rounded away from
/// the open price to the tick (the profit is at least the ratio), the stop
/// toward it (the loss is at most the ratio); a price that would not be on
/// its side of the open price is left unset.
pub fn stop_prices(
    dir: math::Dir,
    open: i64,
    multiple: i64,
    tick: i64,
    tp_ppm: Option<i64>,
    sl_ppm: Option<i64>,
) -> (Option<i64>, Option<i64>) {
    let tick = tick.max(1) as i128;
    let moved = |ppm: i64, up: bool| -> i128 {
        let m = open as i128 * ppm.max(0) as i128 / (multiple.max(1) as i128 * 1_000_000);
        let ticks = if up { (m + tick - 1) / tick } else { m / tick };
        ticks * tick
    };
    let sign: i128 = if dir == math::Dir::Long { 1 } else { -1 };
    let at = |d: i128| -> Option<i64> {
        let p = open as i128 + d;
        (d != 0 && p > 0 && p <= i64::MAX as i128).then_some(p as i64)
    };
    (
        tp_ppm.and_then(|r| at(sign * moved(r, true))),
        sl_ppm.and_then(|r| at(-sign * moved(r, false))),
    )
}

/// A follow's realised copy profit against the trader's share of it: the
/// trader is paid only on profit above the best total reached so far, so a
/// loss is never shared and a recovery is not paid twice.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct HighWater {
    /// Realised profit of the follow's copies so far (after fees), signed.
    pub realised: i64,
    /// The highest `realised` a share was settled at.
    pub mark: i64,
}

impl HighWater {
    /// Adds a closed copy's realised profit (negative for a loss).
    pub fn record(&mut self, profit: i64) {
        self.realised = self.realised.saturating_add(profit);
    }

    /// Settles the share due now (daily and on cancel): `rate_ppm` of the
    /// profit above the mark, rounded down (the follower keeps the fraction),
    /// and moves the mark up. Answers the amount the follower pays the trader.
    pub fn settle(&mut self, rate_ppm: i64) -> i64 {
        if self.realised <= self.mark {
            return 0;
        }
        let above = self.realised - self.mark;
        self.mark = self.realised;
        (above as i128 * rate_ppm.clamp(0, 1_000_000) as i128 / 1_000_000) as i64
    }
}

/// A closed position of a trader, for the statistics.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Closed {
    pub profit: i64,
    pub closed_at: i64,
}

/// What the trader list shows of closed positions; kept incrementally as
/// positions close, and equal to recomputing from them all.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    pub closed: i64,
    pub profitable: i64,
    pub total_profit: i64,
}

impl Stats {
    pub fn add(&mut self, c: &Closed) {
        self.closed += 1;
        if c.profit > 0 {
            self.profitable += 1;
        }
        self.total_profit = self.total_profit.saturating_add(c.profit);
    }

    pub fn of<'a>(closed: impl IntoIterator<Item = &'a Closed>) -> Stats {
        let mut s = Stats::default();
        closed.into_iter().for_each(|c| s.add(c));
        s
    }

    /// Profitable closed positions per all closed, in basis points (None before any).
    pub fn accuracy_bp(&self) -> Option<i64> {
        (self.closed > 0).then(|| self.profitable * 10_000 / self.closed)
    }
}

/// One day of a trader's futures account, for the rate of return.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Day {
    pub start_equity: i64,
    pub end_equity: i64,
    /// Money moved in (positive) or out (negative) during the day: deposits
    /// and transfers, which are not return.
    pub net_flow: i64,
}

/// The time-weighted rate of return over `days`, in millionths: each day's
/// return is its equity change less its flows over what was at work (the
/// start plus the flows, taken at the day's start), and the days compound. So
/// money moved in or out does not count as return. None when nothing was at
/// work on some day.
pub fn return_ppm(days: &[Day]) -> Option<i64> {
    let mut growth: i128 = 1_000_000;
    for d in days {
        let base = d.start_equity as i128 + d.net_flow as i128;
        if base <= 0 {
            return None;
        }
        let gain = d.end_equity as i128 - d.start_equity as i128 - d.net_flow as i128;
        growth = growth * (base + gain) / base;
    }
    i64::try_from(growth - 1_000_000).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn copy_stops_are_a_return_on_margin_rounded_to_keep_their_promise() {
        use crate::lever::math::Dir;
        let u = 100_000_000i64;
        // 10x: a 50 % return on margin is a 5 % move.
        let (tp, sl) = stop_prices(
            Dir::Long,
            60_000 * u,
            10,
            u / 100,
            Some(500_000),
            Some(200_000),
        );
        assert_eq!(tp, Some(63_000 * u));
        assert_eq!(sl, Some(58_800 * u));
        let (tp, sl) = stop_prices(Dir::Short, 60_000 * u, 10, u / 100, Some(500_000), None);
        assert_eq!((tp, sl), (Some(57_000 * u), None));
        // A stop too close to move one tick is not set (it would fire at once).
        let (_, sl) = stop_prices(Dir::Long, 100, 100, 10, None, Some(1));
        assert_eq!(sl, None);
        // A take-profit of a short cannot fall to zero or below.
        let (tp, _) = stop_prices(Dir::Short, 60_000 * u, 1, u / 100, Some(1_000_000), None);
        assert_eq!(tp, None);
    }
    use proptest::prelude::*;

    const U: i64 = 100_000_000;

    fn lead(centilots: i64) -> Lead {
        Lead {
            centilots,
            price: 67_000 * U,
            multiple: 10,
            lot_units: U / 100,
            fee_ppm: 500,
            quote: 3,
        }
    }

    fn rich() -> Follower {
        Follower {
            available: 1_000_000 * U,
            margin_in_use: 0,
        }
    }

    #[test]
    fn a_multiple_scales_the_leaders_size_rounded_down_to_centilots() {
        let terms = Terms {
            mode: Mode::Multiple { ppm: 1_500_000 },
            max_margin: i64::MAX,
        };
        // 1.50 lots × 1.5 = 2.25 lots.
        let c = size(&terms, &lead(150), &rich()).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(c.centilots, 225);
        // 0.01 BTC a lot: 2.25 lots are 0.0225 BTC; at 67,000 and 10x the
        // margin is 150.75 USDT and the fee 0.05 % of 1,507.5.
        assert_eq!(c.qty, 2_250_000);
        assert_eq!(c.margin, 15_075_000_000);
        assert_eq!(c.fee, 75_375_000);
        // 0.03 lots × 0.333 = 0.00999: below one centilot.
        let third = Terms {
            mode: Mode::Multiple { ppm: 333_000 },
            max_margin: i64::MAX,
        };
        assert_eq!(size(&third, &lead(3), &rich()), Err(Skip::TooSmall));
    }

    #[test]
    fn fixed_lots_ignore_the_leaders_size() {
        let terms = Terms {
            mode: Mode::FixedLots { centilots: 100 },
            max_margin: i64::MAX,
        };
        for l in [1, 100, 5_000] {
            let c = size(&terms, &lead(l), &rich()).unwrap_or_else(|e| panic!("{e:?}"));
            assert_eq!(c.centilots, 100);
        }
    }

    #[test]
    fn a_follower_over_the_cap_or_short_of_margin_is_skipped() {
        let terms = Terms {
            mode: Mode::FixedLots { centilots: 100 },
            max_margin: 100 * U,
        };
        let poor = Follower {
            available: 10 * U,
            margin_in_use: 0,
        };
        // One lot at 67,000 and 10x holds 67 USDT of margin.
        assert_eq!(
            size(&terms, &lead(100), &poor),
            Err(Skip::InsufficientMargin)
        );
        let busy = Follower {
            available: 1_000 * U,
            margin_in_use: 40 * U,
        };
        assert_eq!(size(&terms, &lead(100), &busy), Err(Skip::OverCap));
        assert_eq!(Skip::OverCap.code(), "over_cap");
    }

    #[test]
    fn the_share_is_paid_above_the_high_water_mark_only() {
        let mut hw = HighWater::default();
        hw.record(100 * U);
        assert_eq!(hw.settle(100_000), 10 * U);
        // A loss is not shared, and winning it back pays nothing.
        hw.record(-50 * U);
        assert_eq!(hw.settle(100_000), 0);
        hw.record(50 * U);
        assert_eq!(hw.settle(100_000), 0);
        // Above the mark again: paid on the new part only.
        hw.record(30 * U);
        assert_eq!(hw.settle(100_000), 3 * U);
        assert_eq!(hw.mark, 130 * U);
    }

    #[test]
    fn deposits_do_not_count_as_return() {
        // 1,000 grows to 1,100 (+10 %), then 1,000 more arrives and the 2,100
        // end the day at 2,310 (+10 %): 21 % over the two days, not 131 %.
        let days = [
            Day {
                start_equity: 1_000 * U,
                end_equity: 1_100 * U,
                net_flow: 0,
            },
            Day {
                start_equity: 1_100 * U,
                end_equity: 2_310 * U,
                net_flow: 1_000 * U,
            },
        ];
        assert_eq!(return_ppm(&days), Some(210_000));
        let empty = [Day {
            start_equity: 0,
            end_equity: 0,
            net_flow: 0,
        }];
        assert_eq!(return_ppm(&empty), None);
        assert_eq!(Stats::default().accuracy_bp(), None);
    }

    proptest! {
        /// However the leader opens, a follow's open copies never hold more
        /// margin than its maximum, and no copy costs more than was available.
        #[test]
        fn no_follower_ever_exceeds_their_cap(
            opens in prop::collection::vec(1i64..2_000, 1..60),
            ppm in 1i64..5_000_000,
            cap in 1i64..100_000,
            funds in 1i64..1_000_000,
        ) {
            let terms = Terms { mode: Mode::Multiple { ppm }, max_margin: cap * U };
            let mut f = Follower { available: funds * U, margin_in_use: 0 };
            for l in opens {
                if let Ok(c) = size(&terms, &lead(l), &f) {
                    prop_assert!(c.margin + c.fee <= f.available);
                    f.available -= c.margin + c.fee;
                    f.margin_in_use += c.margin;
                    prop_assert!(f.margin_in_use <= terms.max_margin);
                }
            }
        }

        /// The shares settled over any run of profits and losses add up to at
        /// most the rate of the best total reached, never more (money is not
        /// made: what the trader gets is what the follower pays, and no more
        /// than their share of profit above the mark), and within a unit per
        /// settlement of it.
        #[test]
        fn shares_never_exceed_the_rate_of_the_peak(
            profits in prop::collection::vec(-1_000i64..1_000, 1..80),
            rate in 0i64..=1_000_000,
        ) {
            let mut hw = HighWater::default();
            let (mut paid, mut peak, mut settles) = (0i64, 0i64, 0i64);
            for p in profits {
                hw.record(p * U);
                peak = peak.max(hw.realised);
                paid += hw.settle(rate);
                settles += 1;
            }
            let due = (peak as i128 * rate as i128 / 1_000_000) as i64;
            prop_assert!(paid <= due);
            prop_assert!(paid >= due - settles);
        }

        /// The statistics kept as positions close equal those recomputed from
        /// every closed position.
        #[test]
        fn statistics_kept_incrementally_equal_a_recount(
            profits in prop::collection::vec(-10_000i64..10_000, 0..100),
        ) {
            let closed: Vec<Closed> = profits
                .iter()
                .enumerate()
                .map(|(i, p)| Closed { profit: p * U, closed_at: i as i64 })
                .collect();
            let mut live = Stats::default();
            for c in &closed {
                live.add(c);
            }
            prop_assert_eq!(live, Stats::of(&closed));
            prop_assert!(live.accuracy_bp().is_none_or(|a| (0..=10_000).contains(&a)));
        }
    }
}
