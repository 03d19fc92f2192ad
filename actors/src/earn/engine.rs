//! The earn engine: pure rules for lock-up mining, token sales (IEO) and dual
//! investment. No database, no actor, no clock read (days and times are
//! arguments). Amounts are ledger units (10^-8), prices units of the quote
//! per whole coin, rates millionths. Every payout rounds down: the platform
//! never pays a fraction of a unit it does not have.

const UNIT: i128 = 100_000_000;
const PPM: i128 = 1_000_000;

/// `a × b / c` in 128 bits, rounded down, saturating into `i64`.
fn mul_div(a: i64, b: i64, c: i64) -> i64 {
    if c == 0 {
        return 0;
    }
    let v = a as i128 * b as i128 / c as i128;
    v.clamp(i64::MIN as i128, i64::MAX as i128) as i64
}

// ---------------------------------------------------------------- lock-up

/// A lock-up product's terms.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct LockTerms {
    /// The daily yield range, millionths of the principal per day.
    pub rate_min_ppm: i64,
    pub rate_max_ppm: i64,
    /// Days locked.
    pub days: i64,
    pub min_amount: i64,
    /// The most one user may hold in the product, and all users together.
    pub user_cap: i64,
    pub total_cap: i64,
    /// Early redemption forfeits this share of the principal.
    pub penalty_ppm: i64,
}

/// Why a subscription is refused (the message key is `err_lock_<code>`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LockRefusal {
    BelowMinimum,
    OverUserCap,
    OverTotalCap,
    Insufficient,
    /// The reserve would not cover the yield promised with this order.
    Uncovered,
}

impl LockRefusal {
    pub fn code(self) -> &'static str {
        match self {
            LockRefusal::BelowMinimum => "below_minimum",
            LockRefusal::OverUserCap => "over_user_cap",
            LockRefusal::OverTotalCap => "over_total_cap",
            LockRefusal::Insufficient => "insufficient",
            LockRefusal::Uncovered => "uncovered",
        }
    }
}

/// What the product holds when a user subscribes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct LockBook {
    /// The subscriber's principal already in the product.
    pub user_total: i64,
    /// Every holder's principal.
    pub product_total: i64,
    /// The yield the open orders may still be paid, at the top of the range.
    pub promised: i64,
    /// The reserve the yields are paid from.
    pub reserve: i64,
}

/// The day's rate, drawn inside the range before the day starts (the same
/// for every holder): `draw` is a uniform random number the actor draws and
/// stores, so the rate is fixed and shown before anyone earns it.
pub fn day_rate(t: &LockTerms, draw: u64) -> i64 {
    let (lo, hi) = (
        t.rate_min_ppm.min(t.rate_max_ppm),
        t.rate_max_ppm.max(t.rate_min_ppm),
    );
    let span = (hi - lo) as u64 + 1;
    lo + (draw % span) as i64
}

/// One day's yield on `principal` at `rate_ppm`, rounded down.
pub fn day_yield(principal: i64, rate_ppm: i64) -> i64 {
    mul_div(principal, rate_ppm, PPM as i64)
}

/// The most an order of `principal` can still earn over `days_left`, at the
/// top of the range: what the reserve must cover for it.
pub fn promised_yield(t: &LockTerms, principal: i64, days_left: i64) -> i64 {
    day_yield(principal, t.rate_max_ppm.max(t.rate_min_ppm)).saturating_mul(days_left.max(0))
}

/// Checks a subscription of `amount` with `available` to spend.
pub fn subscribe(
    t: &LockTerms,
    book: &LockBook,
    amount: i64,
    available: i64,
) -> Result<(), LockRefusal> {
    if amount < t.min_amount.max(1) {
        return Err(LockRefusal::BelowMinimum);
    }
    if book.user_total.saturating_add(amount) > t.user_cap {
        return Err(LockRefusal::OverUserCap);
    }
    if book.product_total.saturating_add(amount) > t.total_cap {
        return Err(LockRefusal::OverTotalCap);
    }
    if amount > available {
        return Err(LockRefusal::Insufficient);
    }
    if book
        .promised
        .saturating_add(promised_yield(t, amount, t.days))
        > book.reserve
    {
        return Err(LockRefusal::Uncovered);
    }
    Ok(())
}

/// The reserve's coverage of the promised yield, in basis points (None when
/// nothing is promised: fully covered).
pub fn coverage_bp(reserve: i64, promised: i64) -> Option<i64> {
    (promised > 0).then(|| mul_div(reserve.max(0), 10_000, promised))
}

/// An early redemption: what returns and what is forfeited.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Redemption {
    pub returned: i64,
    pub penalty: i64,
}

/// Redeeming `principal` early: the return rounds down, the penalty is the rest.
pub fn redeem_early(t: &LockTerms, principal: i64) -> Redemption {
    let returned = mul_div(
        principal,
        PPM as i64 - t.penalty_ppm.clamp(0, PPM as i64),
        PPM as i64,
    );
    Redemption {
        returned,
        penalty: principal - returned,
    }
}

pub const DAY_MS: i64 = 86_400_000;
const HOUR_MS: i64 = 3_600_000;

/// The index of the accrual day `at` falls in: days run from one accrual
/// (at `hour` UTC) to the next.
pub fn period(at: i64, hour: i64) -> i64 {
    (at - hour * HOUR_MS).div_euclid(DAY_MS)
}

/// The moment day `day` starts (the accrual that ends the day before).
pub fn period_start(day: i64, hour: i64) -> i64 {
    day * DAY_MS + hour * HOUR_MS
}

/// An order's accrual times when subscribed at `at`: the accrual that ends
/// its first full day, and the last one, which pays the last day and
/// returns the principal. The day it was subscribed in earns nothing (as in
/// the exchanges' simple earn): an order taken minutes before an accrual
/// would otherwise be paid a whole day for them.
pub fn schedule(at: i64, hour: i64, days: i64) -> (i64, i64) {
    let first = accrual_start(at, hour) + DAY_MS;
    (first, first + (days.max(1) - 1) * DAY_MS)
}

/// When an order subscribed at `at` starts earning: the start of its first
/// full day (the next accrual moment, or `at` itself when it is one).
pub fn accrual_start(at: i64, hour: i64) -> i64 {
    let day = period(at, hour);
    if period_start(day, hour) == at {
        at
    } else {
        period_start(day + 1, hour)
    }
}

// ------------------------------------------------------------------- IEO

/// Each subscriber's allocation of `supply` when they asked for `asked`
/// (already within the per-user cap): everything asked while the sale is not
/// oversubscribed; pro rata otherwise, rounded down, the units left by the
/// rounding going one each to the largest remainders (earlier subscribers
/// first on a tie). Never more than asked, never more than the supply.
pub fn allocate(supply: i64, asked: &[i64]) -> Vec<i64> {
    let total: i128 = asked.iter().map(|a| (*a).max(0) as i128).sum();
    if total <= supply.max(0) as i128 {
        return asked.iter().map(|a| (*a).max(0)).collect();
    }
    let supply = supply.max(0) as i128;
    let mut out: Vec<i64> = Vec::with_capacity(asked.len());
    let mut rest: Vec<(i128, usize)> = Vec::with_capacity(asked.len());
    for (i, a) in asked.iter().enumerate() {
        let share = (*a).max(0) as i128 * supply;
        out.push((share / total) as i64);
        rest.push((share % total, i));
    }
    let mut left = supply - out.iter().map(|v| *v as i128).sum::<i128>();
    rest.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    for (_, i) in rest {
        if left <= 0 {
            break;
        }
        if out[i] < asked[i] {
            out[i] += 1;
            left -= 1;
        }
    }
    out
}

/// What `tokens` cost at `price` (quote units per whole token), rounded up:
/// a subscriber never pays less than the tokens are worth.
pub fn cost(tokens: i64, price: i64) -> i64 {
    let v = tokens as i128 * price as i128;
    ((v + UNIT - 1) / UNIT).clamp(0, i64::MAX as i128) as i64
}

/// Tokens released of `allocated` at `now`: nothing until the lock ends,
/// then an equal part at the start of each of `cycles` cycles of `cycle_ms`
/// (the last one releasing what rounding kept back).
pub fn released(allocated: i64, lock_ends: i64, cycle_ms: i64, cycles: i64, now: i64) -> i64 {
    if now < lock_ends {
        return 0;
    }
    let cycles = cycles.max(1);
    let done = if cycle_ms <= 0 {
        cycles
    } else {
        ((now - lock_ends) / cycle_ms + 1).min(cycles)
    };
    released_after(allocated, done, cycles)
}

/// Tokens released of `allocated` once `done` of `cycles` releases are
/// applied: equal parts rounded down, the last one the rest.
pub fn released_after(allocated: i64, done: i64, cycles: i64) -> i64 {
    let cycles = cycles.max(1);
    if done >= cycles {
        allocated
    } else {
        mul_div(allocated, done.max(0), cycles)
    }
}

// ------------------------------------------------------ dual investment

/// A dual product's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DualKind {
    /// "Sell high": the coin is invested.
    Call,
    /// "Buy low": the quote (USDT) is invested.
    Put,
}

/// A dual order at maturity.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dual {
    pub kind: DualKind,
    /// What was invested: the coin (call) or the quote (put).
    pub amount: i64,
    /// Quote units per whole coin.
    pub linked_price: i64,
    /// The annual rate, millionths.
    pub apr_ppm: i64,
    pub days: i64,
}

/// What a dual order pays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Payout {
    Coin(i64),
    Quote(i64),
}

/// `amount × (1 + days × APR / 365)`, rounded down.
fn with_interest(amount: i64, apr_ppm: i64, days: i64) -> i64 {
    let gain = amount as i128 * apr_ppm as i128 * days.max(0) as i128 / (PPM * 365);
    (amount as i128 + gain).clamp(0, i64::MAX as i128) as i64
}

/// Settles `d` against the settlement price (the average index of the last
/// 30 minutes). Call: below the linked price the coin comes back with
/// interest; at or above it, the coin is sold at the linked price and the
/// quote comes back with interest. Put, the mirror: above the linked price
/// the quote comes back with interest; at or below it, the quote buys the
/// coin at the linked price and the coin comes back with interest. Not
/// capital protected: the buyer ends with the other asset when the price
/// crosses the linked price.
pub fn settle(d: &Dual, settlement: i64) -> Payout {
    match d.kind {
        DualKind::Call if settlement < d.linked_price => {
            Payout::Coin(with_interest(d.amount, d.apr_ppm, d.days))
        }
        DualKind::Call => {
            let quote = mul_div(d.amount, d.linked_price, UNIT as i64);
            Payout::Quote(with_interest(quote, d.apr_ppm, d.days))
        }
        DualKind::Put if settlement > d.linked_price => {
            Payout::Quote(with_interest(d.amount, d.apr_ppm, d.days))
        }
        DualKind::Put => {
            let coin = mul_div(d.amount, UNIT as i64, d.linked_price.max(1));
            Payout::Coin(with_interest(coin, d.apr_ppm, d.days))
        }
    }
}

/// The settlement price: the average of the index samples, rounded down
/// (None without samples, and the order waits for them).
pub fn average(samples: &[i64]) -> Option<i64> {
    (!samples.is_empty())
        .then(|| (samples.iter().map(|s| *s as i128).sum::<i128>() / samples.len() as i128) as i64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const U: i64 = 100_000_000;

    fn lock() -> LockTerms {
        // The spec's example: 0.3 %-0.4 % a day, 5 days, 0.5 % penalty.
        LockTerms {
            rate_min_ppm: 3_000,
            rate_max_ppm: 4_000,
            days: 5,
            min_amount: 100 * U,
            user_cap: 10_000 * U,
            total_cap: 1_000_000 * U,
            penalty_ppm: 5_000,
        }
    }

    #[test]
    fn days_run_from_one_accrual_to_the_next() {
        // Accruals at 08:00 UTC: 2026-11-26 07:59 is still the 25th's day.
        let at = 1_795_679_940_000; // 2026-11-26 07:59:00 UTC
        let hour = 8;
        let d = period(at, hour);
        assert_eq!(period_start(d + 1, hour), 1_795_680_000_000);
        assert_eq!(period(1_795_680_000_000, hour), d + 1);
        // Subscribed a minute before an accrual, it starts earning at that
        // accrual and is first paid a day later, for its first full day, and
        // matures four accruals after that: five days paid.
        let (first, last) = schedule(at, hour, 5);
        assert_eq!(accrual_start(at, hour), 1_795_680_000_000);
        assert_eq!(first, 1_795_680_000_000 + DAY_MS);
        assert_eq!(last, first + 4 * DAY_MS);
        // Subscribed at the accrual itself, its first full day starts then.
        let start = 1_795_680_000_000;
        assert_eq!(accrual_start(start, hour), start);
        assert_eq!(schedule(start, hour, 5).0, start + DAY_MS);
        // A 1-day product subscribed 12 minutes before the accrual is paid
        // once, a full day after the accrual, with its principal.
        let (first, last) = schedule(start - 12 * 60_000, hour, 1);
        assert_eq!((first, last), (start + DAY_MS, start + DAY_MS));
    }

    #[test]
    fn the_spec_lock_example() {
        let t = lock();
        // 1,000 USDT at 0.35 % a day earns 3.5 USDT a day.
        assert_eq!(day_yield(1_000 * U, 3_500), 350_000_000);
        // At most 0.4 % for 5 days is promised: 20 USDT.
        assert_eq!(promised_yield(&t, 1_000 * U, 5), 20 * U);
        // Early redemption returns 995 and forfeits 5.
        assert_eq!(
            redeem_early(&t, 1_000 * U),
            Redemption {
                returned: 995 * U,
                penalty: 5 * U
            }
        );
    }

    #[test]
    fn a_day_rate_stays_in_its_range() {
        let t = lock();
        for draw in [0, 1, 999, 1_000, 1_001, u64::MAX] {
            let r = day_rate(&t, draw);
            assert!((3_000..=4_000).contains(&r), "{r}");
        }
        assert_eq!(day_rate(&t, 0), 3_000);
        assert_eq!(day_rate(&t, 1_000), 4_000);
    }

    #[test]
    fn subscriptions_are_refused_with_their_reason() {
        let t = lock();
        let book = LockBook {
            user_total: 9_950 * U,
            product_total: 0,
            promised: 0,
            reserve: 1_000 * U,
        };
        assert_eq!(
            subscribe(&t, &book, 99 * U, U * 1_000),
            Err(LockRefusal::BelowMinimum)
        );
        assert_eq!(
            subscribe(&t, &book, 100 * U, U * 1_000),
            Err(LockRefusal::OverUserCap)
        );
        let fresh = LockBook {
            reserve: 1_000 * U,
            ..LockBook::default()
        };
        assert_eq!(
            subscribe(&t, &fresh, 500 * U, 499 * U),
            Err(LockRefusal::Insufficient)
        );
        // 10,000 for 5 days at up to 0.4 % promises 200: the reserve of 100 does not cover it.
        let thin = LockBook {
            reserve: 100 * U,
            ..LockBook::default()
        };
        assert_eq!(
            subscribe(&t, &thin, 10_000 * U, 10_000 * U),
            Err(LockRefusal::Uncovered)
        );
        assert_eq!(subscribe(&t, &thin, 5_000 * U, 10_000 * U), Ok(()));
        let full = LockBook {
            product_total: 999_950 * U,
            reserve: i64::MAX,
            ..LockBook::default()
        };
        assert_eq!(
            subscribe(&t, &full, 100 * U, 1_000 * U),
            Err(LockRefusal::OverTotalCap)
        );
        assert_eq!(LockRefusal::Uncovered.code(), "uncovered");
    }

    #[test]
    fn coverage_reads_as_basis_points() {
        assert_eq!(coverage_bp(100 * U, 0), None);
        assert_eq!(coverage_bp(150 * U, 100 * U), Some(15_000));
        assert_eq!(coverage_bp(-5, 100), Some(0));
    }

    #[test]
    fn an_undersubscribed_sale_gives_everyone_what_they_asked() {
        assert_eq!(allocate(1_000, &[100, 200, 300]), vec![100, 200, 300]);
    }

    #[test]
    fn an_oversubscribed_sale_is_pro_rata_with_the_rounding_to_the_largest_remainders() {
        // 10 units for asks of 5, 5 and 5: 3.33 each, the extra unit to the first.
        assert_eq!(allocate(10, &[5, 5, 5]), vec![4, 3, 3]);
        assert_eq!(allocate(100, &[300, 100]), vec![75, 25]);
        assert_eq!(allocate(0, &[5, 5]), vec![0, 0]);
    }

    #[test]
    fn cost_rounds_up_and_release_follows_the_cycles() {
        // 1.5 tokens at 0.1 USDT cost 0.15 USDT; a unit short rounds up.
        assert_eq!(cost(150_000_000, 10_000_000), 15_000_000);
        assert_eq!(cost(1, 1), 1);
        let day = 86_400_000;
        assert_eq!(released(1_000, 10 * day, day, 4, 9 * day), 0);
        assert_eq!(released(1_000, 10 * day, day, 4, 10 * day), 250);
        assert_eq!(released(1_000, 10 * day, day, 4, 12 * day), 750);
        assert_eq!(released(1_000, 10 * day, day, 4, 30 * day), 1_000);
        assert_eq!(released(1_001, 10 * day, day, 3, 10 * day), 333);
    }

    #[test]
    fn the_spec_dual_formula_for_a_call() {
        // 1 BTC linked at 70,000, 36.5 % a year for 10 days: 1 % interest.
        let d = Dual {
            kind: DualKind::Call,
            amount: U,
            linked_price: 70_000 * U,
            apr_ppm: 365_000,
            days: 10,
        };
        assert_eq!(settle(&d, 69_999 * U), Payout::Coin(101_000_000));
        assert_eq!(settle(&d, 70_000 * U), Payout::Quote(70_700 * U));
        assert_eq!(settle(&d, 80_000 * U), Payout::Quote(70_700 * U));
    }

    #[test]
    fn a_put_is_the_mirror() {
        // 70,000 USDT linked at 70,000: above it the USDT comes back with 1 %,
        // at or below it 1 BTC with 1 %.
        let d = Dual {
            kind: DualKind::Put,
            amount: 70_000 * U,
            linked_price: 70_000 * U,
            apr_ppm: 365_000,
            days: 10,
        };
        assert_eq!(settle(&d, 70_001 * U), Payout::Quote(70_700 * U));
        assert_eq!(settle(&d, 70_000 * U), Payout::Coin(101_000_000));
        assert_eq!(settle(&d, 60_000 * U), Payout::Coin(101_000_000));
    }

    #[test]
    fn the_settlement_price_is_the_average_rounded_down() {
        assert_eq!(average(&[]), None);
        assert_eq!(average(&[10, 11]), Some(10));
        assert_eq!(average(&[i64::MAX, i64::MAX]), Some(i64::MAX));
    }

    proptest! {
        /// A sale never allocates more than its supply or than anyone asked,
        /// and allocates all it can.
        #[test]
        fn allocation_is_bounded_and_complete(
            supply in 0i64..1_000_000_000,
            asked in prop::collection::vec(0i64..100_000_000, 0..50),
        ) {
            let out = allocate(supply, &asked);
            prop_assert_eq!(out.len(), asked.len());
            let total: i64 = asked.iter().sum();
            let given: i64 = out.iter().sum();
            prop_assert!(given <= supply);
            prop_assert_eq!(given, total.min(supply));
            for (o, a) in out.iter().zip(&asked) {
                prop_assert!(*o >= 0 && o <= a);
            }
        }

        /// Releases only grow, never pass the allocation, and the last one
        /// releases all of it.
        #[test]
        fn releases_grow_to_the_allocation(allocated in 0i64..i64::MAX / 4, cycles in 1i64..120) {
            let mut before = 0;
            for done in 0..=cycles {
                let now = released_after(allocated, done, cycles);
                prop_assert!(now >= before && now <= allocated);
                before = now;
            }
            prop_assert_eq!(before, allocated);
        }

        /// A day's yield over a term never passes what was promised for it.
        #[test]
        fn a_term_pays_no_more_than_promised(
            principal in 0i64..1_000_000_000_000_000,
            draws in prop::collection::vec(any::<u64>(), 1..30),
        ) {
            let t = LockTerms { days: draws.len() as i64, ..lock() };
            let paid: i64 = draws.iter().map(|d| day_yield(principal, day_rate(&t, *d))).sum();
            prop_assert!(paid <= promised_yield(&t, principal, t.days));
        }

        /// Early redemption conserves the principal: returned plus penalty.
        #[test]
        fn redemption_conserves_the_principal(principal in 0i64..i64::MAX / 2, penalty in 0i64..1_000_000) {
            let t = LockTerms { penalty_ppm: penalty, ..lock() };
            let r = redeem_early(&t, principal);
            prop_assert_eq!(r.returned + r.penalty, principal);
            prop_assert!(r.penalty >= 0 && r.returned >= 0);
        }

        /// An accepted subscription keeps every promise covered by the reserve.
        #[test]
        fn nothing_promised_is_uncovered(
            reserve in 0i64..1_000_000 * U,
            orders in prop::collection::vec(100i64..20_000, 1..40),
        ) {
            let t = lock();
            let mut book = LockBook { reserve, ..LockBook::default() };
            for o in orders {
                let amount = o * U;
                if subscribe(&t, &book, amount, i64::MAX).is_ok() {
                    book.user_total = 0;
                    book.product_total += amount;
                    book.promised += promised_yield(&t, amount, t.days);
                }
                prop_assert!(book.promised <= book.reserve);
            }
        }

        /// A dual pays in one asset: the invested one with interest on its
        /// side of the linked price, the other one (converted at the linked
        /// price) with interest past it; never less than the amount converted.
        #[test]
        fn dual_payouts_follow_the_linked_price(
            amount in 1i64..1_000 * U,
            linked in 1_000i64..100_000,
            apr in 0i64..2_000_000,
            days in 1i64..365,
            price in 1_000i64..100_000,
        ) {
            let call = Dual { kind: DualKind::Call, amount, linked_price: linked * U, apr_ppm: apr, days };
            match settle(&call, price * U) {
                Payout::Coin(c) => prop_assert!(price < linked && c >= amount),
                Payout::Quote(q) => prop_assert!(price >= linked && q >= mul_div(amount, linked * U, U)),
            }
            let put = Dual { kind: DualKind::Put, ..call };
            match settle(&put, price * U) {
                Payout::Quote(q) => prop_assert!(price > linked && q >= amount),
                Payout::Coin(c) => prop_assert!(price <= linked && c >= mul_div(amount, U, linked * U)),
            }
        }
    }
}
