//! Seconds options: the settlement rule and the expiry wheel (pure, here), and
//! the per-market actor that settles them (`actor`, `store`).
//!
//! A rise wins when the closing index is higher than the opening index, a fall
//! when it is lower; an equal close refunds the stake. Both prices are the index
//! recorded at the instants of opening and expiry; nothing else decides.

use std::collections::BTreeMap;

use crate::ledger::{account, Bucket, Posting, SystemAccount};

pub mod actor;
#[cfg(test)]
mod model_tests;
pub mod store;

pub use actor::{MicroSubmit, OptionsActor};
pub use store::{MicroOrder, MicroRow, MICRO_COLUMNS};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    Rise,
    Fall,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Win,
    Lose,
    Tie,
}

impl Outcome {
    pub fn code(self) -> i64 {
        match self {
            Outcome::Win => 1,
            Outcome::Lose => 2,
            Outcome::Tie => 3,
        }
    }
}

pub fn outcome(dir: Direction, open: i64, close: i64) -> Outcome {
    match (dir, close.cmp(&open)) {
        (_, std::cmp::Ordering::Equal) => Outcome::Tie,
        (Direction::Rise, std::cmp::Ordering::Greater)
        | (Direction::Fall, std::cmp::Ordering::Less) => Outcome::Win,
        _ => Outcome::Lose,
    }
}

/// What the user gets back: a win pays the stake plus stake × ratio (rounded
/// down), a tie the stake, a loss nothing.
pub fn payout(o: Outcome, stake: i64, ratio_ppm: i64) -> i64 {
    match o {
        Outcome::Win => stake + (stake as i128 * ratio_ppm as i128 / 1_000_000) as i64,
        Outcome::Tie => stake,
        Outcome::Lose => 0,
    }
}

/// [`payout`] in whole steps of the option's coin: the fraction of a step a
/// win would add stays with the pool that pays (a payout finer than its coin
/// could never leave the account whole).
pub fn payout_in(currency: i64, o: Outcome, stake: i64, ratio_ppm: i64) -> i64 {
    crate::ledger::precision::down(currency, payout(o, stake, ratio_ppm))
}

/// The fee a stake pays: stake × fee rate, rounded up to the coin's step (the
/// user pays it).
pub fn fee_of(currency: i64, stake: i64, fee_ppm: i64) -> i64 {
    crate::ledger::precision::up(currency, crate::lever::math::rate_of(stake, fee_ppm))
}

/// What opening an option moves: the stake and the fee leave the user's
/// available balance, the stake is frozen there until expiry and the fee goes
/// to the fees account.
pub fn open_postings(user_id: i64, currency: i64, stake: i64, fee: i64) -> Vec<Posting> {
    vec![
        Posting::user(
            user_id,
            account::MICRO,
            currency,
            Bucket::Available,
            -(stake + fee),
        ),
        Posting::user(user_id, account::MICRO, currency, Bucket::Frozen, stake),
        Posting::system(SystemAccount::Fees, currency, fee),
    ]
}

/// What settling an option moves: the frozen stake is released, the payout
/// reaches the user's available balance and the options pool takes (or, on a
/// win, pays) the difference.
pub fn settle_postings(user_id: i64, currency: i64, stake: i64, payout: i64) -> Vec<Posting> {
    vec![
        Posting::user(user_id, account::MICRO, currency, Bucket::Frozen, -stake),
        Posting::user(user_id, account::MICRO, currency, Bucket::Available, payout),
        Posting::system(SystemAccount::OptionsPool, currency, stake - payout),
    ]
}

/// Option ids by expiry time (ms).
#[derive(Debug, Default, Clone)]
pub struct Wheel {
    due: BTreeMap<i64, Vec<i64>>,
    len: usize,
}

impl Wheel {
    pub fn insert(&mut self, expires_at: i64, id: i64) {
        self.due.entry(expires_at).or_default().push(id);
        self.len += 1;
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The earliest expiry, if any.
    pub fn next_due(&self) -> Option<i64> {
        self.due.keys().next().copied()
    }

    /// Takes every option expiring at or before `now`.
    pub fn take_due(&mut self, now: i64) -> Vec<(i64, i64)> {
        let later = self.due.split_off(&(now + 1));
        let due = std::mem::replace(&mut self.due, later);
        let out: Vec<(i64, i64)> = due
            .into_iter()
            .flat_map(|(t, ids)| ids.into_iter().map(move |id| (t, id)))
            .collect();
        self.len -= out.len();
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_outcome_depends_only_on_the_two_recorded_prices() {
        assert_eq!(outcome(Direction::Rise, 100, 101), Outcome::Win);
        assert_eq!(outcome(Direction::Rise, 100, 99), Outcome::Lose);
        assert_eq!(outcome(Direction::Fall, 100, 99), Outcome::Win);
        assert_eq!(outcome(Direction::Fall, 100, 101), Outcome::Lose);
        assert_eq!(outcome(Direction::Rise, 100, 100), Outcome::Tie);
        assert_eq!(outcome(Direction::Fall, 100, 100), Outcome::Tie);
    }

    #[test]
    fn payouts_round_down() {
        assert_eq!(payout(Outcome::Win, 100, 800_000), 180);
        assert_eq!(payout(Outcome::Win, 3, 333_333), 3);
        assert_eq!(payout(Outcome::Tie, 100, 800_000), 100);
        assert_eq!(payout(Outcome::Lose, 100, 800_000), 0);
    }

    #[test]
    fn the_wheel_hands_out_exactly_what_is_due() {
        let mut w = Wheel::default();
        w.insert(1_000, 1);
        w.insert(2_000, 2);
        w.insert(1_000, 3);
        assert_eq!(w.take_due(999), vec![]);
        assert_eq!(w.take_due(1_000), vec![(1_000, 1), (1_000, 3)]);
        assert_eq!(w.len(), 1);
        assert_eq!(w.next_due(), Some(2_000));
        assert_eq!(w.take_due(5_000), vec![(2_000, 2)]);
        assert!(w.is_empty());
    }
}
