//! Each coin's precision: the smallest amount of it a balance may hold,
//! in ledger units. The ledger counts in 10^-8 for every coin, but a coin
//! with fewer decimals (USDT 6, the tokens 4) cannot move a finer amount:
//! a balance of 1172.83949645 USDT could never be transferred whole, and
//! its last digits would stay behind for ever. So every amount a product
//! computes (a yield, a penalty, an allocation, a payout, a royalty) is
//! rounded to its coin's step here, against the user: what a user is paid
//! rounds down, what a user pays rounds up, and the remainder stays with
//! (or goes to) the system account on the other side.
//!
//! The coins are configuration: the server registers their decimals once
//! at start ([`set`]); a coin never registered has a step of one unit.

use std::collections::BTreeMap;
use std::sync::RwLock;

static STEPS: RwLock<BTreeMap<i64, i64>> = RwLock::new(BTreeMap::new());

/// Registers each coin's decimals (at most 8; more is read as 8).
pub fn set(coins: impl IntoIterator<Item = (i64, u32)>) {
    let mut steps = STEPS.write().unwrap_or_else(|p| p.into_inner());
    for (currency, decimals) in coins {
        steps.insert(currency, 10i64.pow(8 - decimals.min(8)));
    }
}

/// The smallest amount of `currency` a balance may hold, in units.
pub fn step(currency: i64) -> i64 {
    STEPS
        .read()
        .unwrap_or_else(|p| p.into_inner())
        .get(&currency)
        .copied()
        .unwrap_or(1)
}

/// `units` rounded down to the coin's step: what a user is paid.
pub fn down(currency: i64, units: i64) -> i64 {
    let s = step(currency);
    units.div_euclid(s) * s
}

/// `units` rounded up to the coin's step: what a user pays.
pub fn up(currency: i64, units: i64) -> i64 {
    let s = step(currency);
    (-(units.saturating_neg().div_euclid(s))).saturating_mul(s)
}

/// Whether `units` is a whole number of the coin's steps.
pub fn exact(currency: i64, units: i64) -> bool {
    units % step(currency) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_round_to_the_coins_step_against_the_user() {
        // A coin of 6 decimals (id chosen not to meet another test's).
        set([(9_001, 6), (9_002, 8), (9_003, 4)]);
        assert_eq!(step(9_001), 100);
        assert_eq!(step(9_002), 1);
        assert_eq!(step(9_003), 10_000);
        assert_eq!(step(9_999), 1, "an unknown coin keeps the unit");
        // 1172.83949645 USDT paid becomes 1172.839496; paid for, 1172.839497.
        assert_eq!(down(9_001, 117_283_949_645), 117_283_949_600);
        assert_eq!(up(9_001, 117_283_949_645), 117_283_949_700);
        assert_eq!(up(9_001, 117_283_949_600), 117_283_949_600);
        assert_eq!(down(9_003, 45_652_174_906), 45_652_170_000);
        assert_eq!(up(9_003, 1), 10_000);
        assert!(exact(9_001, 500) && !exact(9_001, 45));
        assert_eq!(down(9_002, 45), 45);
        // A loss rounds down too: further from zero.
        assert_eq!(down(9_001, -45), -100);
        assert_eq!(up(9_001, -45), 0);
    }
}
