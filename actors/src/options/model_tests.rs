//! Seconds options against a naive model of the rules in docs/contracts.md
//! ("Seconds options") and this module's doc comments: a rise wins when the
//! close is strictly higher than the open, a fall when strictly lower, an
//! equal close is a tie that refunds the stake; a win pays stake × (1 + ratio)
//! rounded down, in whole steps of the coin; the fee, stake × fee rate, rounds
//! up to the coin's step.
//!
//! The outcome, the payout, the fee and both operations' ledger postings are
//! pure functions of this module, the very ones the actor calls.

use super::{
    fee_of, open_postings, outcome, payout, payout_in, settle_postings, Direction, Outcome,
};
use crate::ledger::{account, precision, Bucket, Posting, SYSTEM};
use proptest::prelude::*;
use proptest::sample::select;

const PPM: i128 = 1_000_000;
/// Coins of 8, 6 and 4 decimals, under ids no other test registers.
const COINS: [(i64, u32); 3] = [(9_211, 8), (9_212, 6), (9_213, 4)];

/// Rounded up, for a positive divisor.
fn ceil_div(a: i128, b: i128) -> i128 {
    -((-a).div_euclid(b))
}

fn naive_outcome(rise: bool, open: i64, close: i64) -> Outcome {
    if close == open {
        Outcome::Tie
    } else if (close > open) == rise {
        Outcome::Win
    } else {
        Outcome::Lose
    }
}

/// What the holder gets back before rounding to the coin.
fn naive_payout(o: Outcome, stake: i64, ratio_ppm: i64) -> i128 {
    match o {
        Outcome::Win => stake as i128 + stake as i128 * ratio_ppm as i128 / PPM,
        Outcome::Tie => stake as i128,
        Outcome::Lose => 0,
    }
}

/// How far the close lies from the open: often nothing (a tie), often a unit
/// or two (where strict and non-strict comparisons part), sometimes far.
fn moved() -> impl Strategy<Value = i64> {
    prop_oneof![
        2 => Just(0i64),
        3 => -3i64..=3,
        3 => -1_000_000_000i64..1_000_000_000,
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1_000, ..ProptestConfig::default() })]

    /// The outcome depends on the two prices and the direction only, as the
    /// model says; the exact payout is the model's; the payout in the coin
    /// is the exact one rounded down to the coin's step.
    #[test]
    fn settlement_follows_the_naive_model(
        rise in any::<bool>(),
        open in 1i64..10_000_000_000_000,
        shift in moved(),
        stake in 1i64..1_000_000_000_000,
        ratio_ppm in 0i64..2_000_000,
        coin in select(COINS.to_vec()),
    ) {
        precision::set(COINS);
        let (currency, decimals) = coin;
        let step = 10i64.pow(8 - decimals);
        prop_assert_eq!(precision::step(currency), step);
        let close = (open + shift).max(1);
        let dir = if rise { Direction::Rise } else { Direction::Fall };

        let o = outcome(dir, open, close);
        prop_assert_eq!(o, naive_outcome(rise, open, close), "{:?} from {} to {}", dir, open, close);

        let exact = naive_payout(o, stake, ratio_ppm);
        prop_assert_eq!(payout(o, stake, ratio_ppm) as i128, exact);

        let paid = payout_in(currency, o, stake, ratio_ppm) as i128;
        prop_assert_eq!(paid, exact.div_euclid(step as i128) * step as i128, "{:?}, stake {}, step {}", o, stake, step);
        prop_assert!((0..=exact).contains(&paid) && exact - paid < step as i128, "paid {} of {}", paid, exact);
    }

    /// For a stake in whole steps of its coin (what a balance in that coin
    /// can hold): a tie refunds exactly the stake, a loss pays nothing, a win
    /// pays back at least the stake and at most stake × (1 + ratio); so the
    /// options pool's side of the settlement, stake − payout, is the stake on
    /// a loss, zero on a tie, and on a win never costs the pool more than
    /// stake × ratio.
    #[test]
    fn a_stake_in_whole_steps_is_refunded_whole_on_a_tie(
        o in select(vec![Outcome::Win, Outcome::Lose, Outcome::Tie]),
        steps in 1i64..10_000_000,
        ratio_ppm in 0i64..2_000_000,
        coin in select(COINS.to_vec()),
    ) {
        precision::set(COINS);
        let (currency, decimals) = coin;
        let stake = steps * 10i64.pow(8 - decimals);
        let paid = payout_in(currency, o, stake, ratio_ppm);
        let pool = stake - paid;
        match o {
            Outcome::Tie => {
                prop_assert_eq!(paid, stake);
            }
            Outcome::Lose => {
                prop_assert_eq!(pool, stake);
            }
            Outcome::Win => {
                prop_assert!(paid >= stake, "a win pays {} on {}", paid, stake);
                prop_assert!(
                    -(pool as i128) <= stake as i128 * ratio_ppm as i128 / PPM,
                    "the pool pays {} on {} at {} ppm", -pool, stake, ratio_ppm
                );
            }
        }
    }

    /// The fee as the submit handler computes it: stake × fee rate rounded
    /// up to the coin's step, i.e. the least whole number of steps at or
    /// above the exact fee; the user pays stake + fee, of which the stake is
    /// frozen and the fee goes to the fees account.
    #[test]
    fn the_fee_rounds_up_to_the_coins_step(
        stake in 1i64..1_000_000_000_000,
        fee_ppm in 0i64..200_000,
        coin in select(COINS.to_vec()),
    ) {
        precision::set(COINS);
        let (currency, decimals) = coin;
        let step = 10i64.pow(8 - decimals) as i128;
        let fee = fee_of(currency, stake, fee_ppm) as i128;
        let exact = stake as i128 * fee_ppm as i128; // the fee × 10^6
        prop_assert_eq!(fee, ceil_div(exact, PPM * step) * step, "stake {}, {} ppm, step {}", stake, fee_ppm, step);
        prop_assert!(fee * PPM >= exact && (fee - step) * PPM < exact, "fee {} for {} / 10^6", fee, exact);
    }

    /// Opening and settling an option, as the actor posts them: each
    /// operation sums to zero in its coin (the ledger neither creates nor
    /// loses money); opening takes exactly stake + fee from the user's
    /// available balance and freezes the stake; settling releases exactly
    /// that frozen stake, so after both the user's frozen balance is back
    /// where it was, and what the user gained or lost is exactly what the
    /// fees account and the options pool lost or gained.
    #[test]
    fn an_option_s_postings_sum_to_zero_and_release_what_they_froze(
        rise in any::<bool>(),
        open in 1i64..10_000_000_000_000,
        shift in moved(),
        steps in 1i64..10_000_000,
        ratio_ppm in 0i64..2_000_000,
        fee_ppm in 0i64..200_000,
        coin in select(COINS.to_vec()),
        user in 1i64..1_000_000,
    ) {
        precision::set(COINS);
        let (currency, decimals) = coin;
        let stake = steps * 10i64.pow(8 - decimals);
        let fee = fee_of(currency, stake, fee_ppm);
        let dir = if rise { Direction::Rise } else { Direction::Fall };
        let o = outcome(dir, open, (open + shift).max(1));
        let paid = payout_in(currency, o, stake, ratio_ppm);

        let opened = open_postings(user, currency, stake, fee);
        let settled = settle_postings(user, currency, stake, paid);
        for ops in [&opened, &settled] {
            prop_assert!(ops.iter().all(|p| p.currency == currency));
            prop_assert_eq!(ops.iter().map(|p| p.amount as i128).sum::<i128>(), 0, "{:?}", ops);
        }
        let on = |ops: &[Posting], holder: i64, bucket: Bucket| -> i128 {
            ops.iter()
                .filter(|p| p.holder == holder && p.bucket == bucket && (holder == SYSTEM || p.account == account::MICRO))
                .map(|p| p.amount as i128)
                .sum()
        };
        prop_assert_eq!(on(&opened, user, Bucket::Available), -(stake as i128 + fee as i128));
        prop_assert_eq!(on(&opened, user, Bucket::Frozen), stake as i128);
        prop_assert_eq!(on(&settled, user, Bucket::Frozen), -(stake as i128));
        prop_assert_eq!(on(&settled, user, Bucket::Available), paid as i128);
        let both: Vec<Posting> = opened.iter().chain(settled.iter()).cloned().collect();
        prop_assert_eq!(on(&both, user, Bucket::Frozen), 0);
        let user_net = on(&both, user, Bucket::Available);
        prop_assert_eq!(user_net, paid as i128 - stake as i128 - fee as i128);
        prop_assert_eq!(on(&both, SYSTEM, Bucket::Available), -user_net);
    }
}
