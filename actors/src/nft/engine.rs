//! The NFT marketplace's rules as pure functions: which bid an auction takes
//! and how it extends its end, who wins and who is next, what happens to each
//! deposit, how a sale's price is split, the spec's sale-status helper and the
//! blind-box rule. No database, no clock: time is an argument.

use sha2::{Digest, Sha256};

/// An auction's terms, in units and milliseconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Terms {
    /// The least first bid.
    pub start_price: i64,
    /// The least increase over the current bid.
    pub step: i64,
    pub starts_at: i64,
    /// A bid this close to the end (or closer) moves the end…
    pub extend_window_ms: i64,
    /// …to this long after the bid.
    pub extend_to_ms: i64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bid {
    pub user: i64,
    pub price: i64,
    pub at: i64,
}

/// Why a bid is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BidRefusal {
    NotStarted,
    Ended,
    /// The bidder has not paid the deposit.
    NoDeposit,
    /// Below the least bid now (`min`).
    TooLow {
        min: i64,
    },
    /// The bidder holds the current bid.
    Leading,
    /// The seller bidding on their own item.
    Seller,
}

/// A bid taken: the auction's end after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Accepted {
    pub ends_at: i64,
    pub extended: bool,
}

/// The least price the next bid may name: the opening price, then the
/// current bid plus the step.
pub fn min_bid(terms: &Terms, top: Option<&Bid>) -> i64 {
    match top {
        None => terms.start_price,
        Some(b) => b.price.saturating_add(terms.step.max(1)),
    }
}

/// Whether `bid` is taken while the auction ends at `ends_at` and `top` leads;
/// a bid inside the last `extend_window_ms` moves the end to
/// `extend_to_ms` after it, so nobody wins by bidding at the last second.
pub fn check_bid(
    terms: &Terms,
    ends_at: i64,
    top: Option<&Bid>,
    bid: &Bid,
    has_deposit: bool,
    seller: Option<i64>,
) -> Result<Accepted, BidRefusal> {
    if seller == Some(bid.user) {
        return Err(BidRefusal::Seller);
    }
    if bid.at < terms.starts_at {
        return Err(BidRefusal::NotStarted);
    }
    if bid.at >= ends_at {
        return Err(BidRefusal::Ended);
    }
    if !has_deposit {
        return Err(BidRefusal::NoDeposit);
    }
    if top.is_some_and(|t| t.user == bid.user) {
        return Err(BidRefusal::Leading);
    }
    let min = min_bid(terms, top);
    if bid.price < min {
        return Err(BidRefusal::TooLow { min });
    }
    let extended_to = bid.at.saturating_add(terms.extend_to_ms);
    if ends_at - bid.at <= terms.extend_window_ms && extended_to > ends_at {
        Ok(Accepted {
            ends_at: extended_to,
            extended: true,
        })
    } else {
        Ok(Accepted {
            ends_at,
            extended: false,
        })
    }
}

/// How an auction ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// The highest bid.
    pub winner: Option<Bid>,
    /// The highest bid of anyone else, offered the item if the winner does
    /// not pay.
    pub runner_up: Option<Bid>,
    /// Deposits returned at the end: everyone's but the winner's.
    pub returned: Vec<i64>,
}

/// The outcome of `bids` (in the order taken) with deposits from
/// `depositors`.
pub fn outcome(bids: &[Bid], depositors: &[i64]) -> Outcome {
    // Taken bids rise strictly, so the highest is the last; the first of
    // equals is kept all the same.
    let mut winner: Option<Bid> = None;
    for b in bids {
        if winner.is_none_or(|w| b.price > w.price) {
            winner = Some(*b);
        }
    }
    let mut runner_up: Option<Bid> = None;
    if let Some(w) = winner {
        for b in bids.iter().filter(|b| b.user != w.user) {
            if runner_up.is_none_or(|r| b.price > r.price) {
                runner_up = Some(*b);
            }
        }
    }
    let mut returned: Vec<i64> = depositors
        .iter()
        .copied()
        .filter(|u| winner.is_none_or(|w| w.user != *u))
        .collect();
    returned.sort_unstable();
    returned.dedup();
    Outcome {
        winner,
        runner_up,
        returned,
    }
}

/// What becomes of one deposit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DepositFate {
    /// Back to the bidder's spot account when the auction ends.
    Returned,
    /// Counted toward the price the winner paid.
    Applied,
    /// Kept when the winner did not pay in time.
    Forfeited,
    /// Still held: the winner's, until they pay or the time runs out.
    Held,
}

/// The fate of `user`'s deposit given the outcome and whether the winner
/// paid (None: not yet decided).
pub fn deposit_fate(o: &Outcome, user: i64, winner_paid: Option<bool>) -> DepositFate {
    match (o.winner, winner_paid) {
        (Some(w), Some(true)) if w.user == user => DepositFate::Applied,
        (Some(w), Some(false)) if w.user == user => DepositFate::Forfeited,
        (Some(w), None) if w.user == user => DepositFate::Held,
        _ => DepositFate::Returned,
    }
}

/// A price split between seller, artist and platform.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Split {
    pub seller: i64,
    pub royalty: i64,
    pub fee: i64,
}

/// Parts per million of `amount`, rounded down.
pub fn part(amount: i64, ppm: i64) -> i64 {
    (amount as i128 * ppm.clamp(0, 1_000_000) as i128 / 1_000_000) as i64
}

/// How a sale's price is split: a resale pays the artist `royalty_ppm` and
/// the platform `fee_ppm` (each rounded down) and the seller the rest; the
/// platform's own first sale pays it all to the platform.
pub fn split(price: i64, resale: bool, royalty_ppm: i64, fee_ppm: i64) -> Split {
    if !resale {
        return Split {
            seller: 0,
            royalty: 0,
            fee: price,
        };
    }
    let royalty = part(price, royalty_ppm);
    let fee = part(price, fee_ppm).min(price - royalty);
    Split {
        seller: price - royalty - fee,
        royalty,
        fee,
    }
}

/// A forfeited deposit: the platform's share (rounded down) and the
/// seller's rest; all of it the platform's on its own sale.
pub fn split_forfeit(deposit: i64, resale: bool, platform_ppm: i64) -> (i64, i64) {
    if !resale {
        return (0, deposit);
    }
    let platform = part(deposit, platform_ppm);
    (deposit - platform, platform)
}

/// The spec's sale-status helper: 2 before the start, 0 once ended or when
/// not available (sold out, not on sale), 1 otherwise.
pub fn sale_status(now: i64, starts_at: i64, ends_at: i64, available: bool) -> i64 {
    if now < starts_at {
        2
    } else if now >= ends_at || !available {
        0
    } else {
        1
    }
}

/// The SHA-256 of a blind-box series' seed, published before the sale.
pub fn seed_hash(seed: &str) -> String {
    hex::encode(Sha256::digest(seed.as_bytes()))
}

/// The blind-box rule: the series' slots ordered by SHA-256 of
/// `"{seed}:{slot}"` (hex, ascending); box number `n` (0 for the first sold)
/// holds the `n`-th slot of that order. A permutation, so every box holds
/// exactly one item and no two the same; anyone with the revealed seed can
/// recompute it (`docs/nft.md` gives a shell command).
pub fn box_order(seed: &str, slots: usize) -> Vec<usize> {
    let mut keyed: Vec<(String, usize)> = (0..slots)
        .map(|s| {
            (
                hex::encode(Sha256::digest(format!("{seed}:{s}").as_bytes())),
                s,
            )
        })
        .collect();
    keyed.sort();
    keyed.into_iter().map(|(_, s)| s).collect()
}

/// The slot box `number` holds, None past the series' size.
pub fn slot_of(seed: &str, slots: usize, number: usize) -> Option<usize> {
    box_order(seed, slots).get(number).copied()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const T: Terms = Terms {
        start_price: 100,
        step: 10,
        starts_at: 1_000,
        extend_window_ms: 300,
        extend_to_ms: 300,
    };

    fn bid(user: i64, price: i64, at: i64) -> Bid {
        Bid { user, price, at }
    }

    #[test]
    fn bids_start_at_the_opening_price_then_rise_by_the_step() {
        let end = 10_000;
        assert_eq!(
            check_bid(&T, end, None, &bid(1, 99, 2_000), true, None),
            Err(BidRefusal::TooLow { min: 100 })
        );
        assert!(check_bid(&T, end, None, &bid(1, 100, 2_000), true, None).is_ok());
        let top = bid(1, 100, 2_000);
        assert_eq!(
            check_bid(&T, end, Some(&top), &bid(2, 109, 2_100), true, None),
            Err(BidRefusal::TooLow { min: 110 })
        );
        assert!(check_bid(&T, end, Some(&top), &bid(2, 110, 2_100), true, None).is_ok());
    }

    #[test]
    fn refusals_say_why() {
        let end = 10_000;
        let top = bid(1, 100, 2_000);
        let at = |t| bid(2, 500, t);
        assert_eq!(
            check_bid(&T, end, None, &at(999), true, None),
            Err(BidRefusal::NotStarted)
        );
        assert_eq!(
            check_bid(&T, end, None, &at(10_000), true, None),
            Err(BidRefusal::Ended)
        );
        assert_eq!(
            check_bid(&T, end, None, &at(5_000), false, None),
            Err(BidRefusal::NoDeposit)
        );
        assert_eq!(
            check_bid(&T, end, Some(&top), &bid(1, 500, 5_000), true, None),
            Err(BidRefusal::Leading)
        );
        assert_eq!(
            check_bid(&T, end, None, &at(5_000), true, Some(2)),
            Err(BidRefusal::Seller)
        );
    }

    #[test]
    fn a_bid_near_the_end_extends_it() {
        let end = 10_000;
        let early = check_bid(&T, end, None, &bid(1, 100, 9_000), true, None);
        assert_eq!(
            early,
            Ok(Accepted {
                ends_at: 10_000,
                extended: false
            })
        );
        let late = check_bid(&T, end, None, &bid(1, 100, 9_900), true, None);
        assert_eq!(
            late,
            Ok(Accepted {
                ends_at: 10_200,
                extended: true
            })
        );
        // Exactly at the window's edge counts as inside it.
        let edge = check_bid(&T, end, None, &bid(1, 100, 9_700), true, None);
        assert_eq!(
            edge,
            Ok(Accepted {
                ends_at: 10_000,
                extended: false
            })
        );
    }

    #[test]
    fn the_winner_is_the_highest_bid_and_the_runner_up_someone_else() {
        let bids = [
            bid(1, 100, 1),
            bid(2, 110, 2),
            bid(1, 120, 3),
            bid(2, 130, 4),
            bid(1, 140, 5),
        ];
        let o = outcome(&bids, &[1, 2, 3]);
        assert_eq!(o.winner, Some(bid(1, 140, 5)));
        assert_eq!(o.runner_up, Some(bid(2, 130, 4)));
        assert_eq!(o.returned, vec![2, 3]);
        let none = outcome(&[], &[4, 5]);
        assert_eq!((none.winner, none.runner_up), (None, None));
        assert_eq!(none.returned, vec![4, 5]);
        let alone = outcome(&[bid(7, 100, 1)], &[7]);
        assert_eq!(alone.runner_up, None);
        assert!(alone.returned.is_empty());
    }

    #[test]
    fn splits_round_down_and_add_up() {
        assert_eq!(
            split(1_000_001, true, 50_000, 25_000),
            Split {
                seller: 925_001,
                royalty: 50_000,
                fee: 25_000
            }
        );
        assert_eq!(
            split(999, false, 50_000, 25_000),
            Split {
                seller: 0,
                royalty: 0,
                fee: 999
            }
        );
        assert_eq!(split_forfeit(1_000, true, 200_000), (800, 200));
        assert_eq!(split_forfeit(1_000, false, 200_000), (0, 1_000));
    }

    #[test]
    fn sale_status_follows_the_spec_helper() {
        assert_eq!(sale_status(5, 10, 20, true), 2);
        assert_eq!(sale_status(10, 10, 20, true), 1);
        assert_eq!(sale_status(15, 10, 20, false), 0);
        assert_eq!(sale_status(20, 10, 20, true), 0);
    }

    #[test]
    fn the_box_rule_is_the_documented_one() {
        // The rule as docs/nft.md states it: the slots sorted by the hex of
        // SHA-256("{seed}:{slot}").
        assert_eq!(seed_hash("s").len(), 64);
        let order = box_order("s", 3);
        let mut keys: Vec<(String, usize)> = (0..3)
            .map(|i| (hex::encode(Sha256::digest(format!("s:{i}"))), i))
            .collect();
        keys.sort();
        assert_eq!(order, keys.iter().map(|k| k.1).collect::<Vec<_>>());
        // What `for s in 0 1 2; do printf 's:%s' $s | sha256sum; done` gives:
        // 21d0… (0), 1b25… (1), 5be3… (2).
        assert_eq!(order, vec![1, 0, 2]);
        assert_eq!(slot_of("s", 3, 3), None);
    }

    proptest! {
        #[test]
        fn every_box_holds_exactly_one_item(seed in "[0-9a-f]{8,64}", n in 1usize..200) {
            let mut order = box_order(&seed, n);
            order.sort_unstable();
            prop_assert_eq!(order, (0..n).collect::<Vec<_>>());
        }

        /// Bids tried in any order: every taken one is strictly above the one
        /// before, the winner holds the highest taken bid, no deposit is both
        /// returned and forfeited (or applied), and the end never moves back.
        #[test]
        fn auctions_keep_their_invariants(
            tries in proptest::collection::vec((1i64..6, 0i64..400, 0i64..60), 1..80),
            paid in any::<bool>(),
        ) {
            let terms = Terms { start_price: 100, step: 5, starts_at: 0, extend_window_ms: 10, extend_to_ms: 10 };
            let mut ends_at = 1_000;
            let mut taken: Vec<Bid> = Vec::new();
            let mut now = 0;
            for (user, extra, wait) in tries {
                now += wait;
                let top = taken.last().copied();
                let price = top.map_or(terms.start_price, |t| t.price) + extra - 20;
                let b = Bid { user, price, at: now };
                if let Ok(a) = check_bid(&terms, ends_at, top.as_ref(), &b, user != 5, None) {
                    if let Some(t) = top { prop_assert!(b.price >= t.price + terms.step); }
                    prop_assert!(a.ends_at >= ends_at);
                    ends_at = a.ends_at;
                    taken.push(b);
                }
            }
            let depositors = [1, 2, 3, 4];
            let o = outcome(&taken, &depositors);
            prop_assert_eq!(o.winner, taken.last().copied());
            if let (Some(w), Some(r)) = (o.winner, o.runner_up) {
                prop_assert!(r.user != w.user && r.price < w.price);
            }
            for u in depositors {
                let fate = deposit_fate(&o, u, Some(paid));
                let returned = o.returned.contains(&u);
                prop_assert_eq!(returned, fate == DepositFate::Returned);
            }
        }

        #[test]
        fn splits_conserve_the_price(price in 0i64..i64::MAX / 2, r in 0i64..1_000_000, f in 0i64..1_000_000, resale in any::<bool>()) {
            let s = split(price, resale, r, f);
            prop_assert_eq!(s.seller + s.royalty + s.fee, price);
            prop_assert!(s.seller >= 0 && s.royalty >= 0 && s.fee >= 0);
            let (seller, platform) = split_forfeit(price, resale, r);
            prop_assert_eq!(seller + platform, price);
        }
    }
}
