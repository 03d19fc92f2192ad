//! The open contract positions and pending limit orders of one market, indexed
//! by the prices at which something must happen, so that a mark change looks
//! only at what it crosses instead of scanning every position.
//!
//! Two ordered sets: `below` holds prices that fire when the mark falls to or
//! under them (a long's liquidation and stop-loss, a short's take-profit, a long
//! limit order), `above` those that fire when the mark rises to or over them.

use super::math::{self, Dir};
use std::collections::{BTreeSet, HashMap};

/// What a price in the index stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum What {
    Liquidation,
    StopLoss,
    TakeProfit,
    /// A pending limit order reaching its price.
    Open,
}

/// An open position, as the book needs it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    pub id: i64,
    pub user: i64,
    pub dir: Dir,
    pub qty: i64,
    pub open: i64,
    pub margin: i64,
    pub tp: Option<i64>,
    pub sl: Option<i64>,
    /// Set while the position is a copy that follows its leader's close.
    pub copy: Option<CopyLink>,
}

/// What ties a copied position to its follow and to the leader's position it
/// copies (cleared once the follower holds it as their own).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CopyLink {
    pub follow: i64,
    pub lead: i64,
}

/// A limit order waiting for the mark.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pending {
    pub id: i64,
    pub user: i64,
    pub dir: Dir,
    pub price: i64,
}

/// Something the mark set off.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fired {
    pub id: i64,
    pub what: What,
    /// Whose position or order it is.
    pub user: i64,
}

#[derive(Debug, Default, Clone)]
pub struct PositionBook {
    maintenance_ppm: i64,
    positions: HashMap<i64, Position>,
    pending: HashMap<i64, Pending>,
    below: BTreeSet<(i64, i64, What)>,
    above: BTreeSet<(i64, i64, What)>,
    /// The copies of each leader position still following it.
    copies: HashMap<i64, BTreeSet<i64>>,
}

impl PositionBook {
    pub fn new(maintenance_ppm: i64) -> PositionBook {
        PositionBook {
            maintenance_ppm,
            ..PositionBook::default()
        }
    }

    pub fn len(&self) -> usize {
        self.positions.len()
    }

    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    pub fn position(&self, id: i64) -> Option<&Position> {
        self.positions.get(&id)
    }

    pub fn pending(&self, id: i64) -> Option<&Pending> {
        self.pending.get(&id)
    }

    pub fn positions(&self) -> impl Iterator<Item = &Position> {
        self.positions.values()
    }

    pub fn liquidation_price(&self, p: &Position) -> i64 {
        math::liquidation_price(p.dir, p.open, p.qty, p.margin, self.maintenance_ppm)
    }

    /// The index entries of a position: (set is `below`, price, what).
    fn keys(&self, p: &Position) -> Vec<(bool, i64, What)> {
        let long = p.dir == Dir::Long;
        let mut k = vec![(long, self.liquidation_price(p), What::Liquidation)];
        if let Some(sl) = p.sl {
            k.push((long, sl, What::StopLoss));
        }
        if let Some(tp) = p.tp {
            k.push((!long, tp, What::TakeProfit));
        }
        k
    }

    fn index(&mut self, id: i64, keys: Vec<(bool, i64, What)>, insert: bool) {
        for (below, price, what) in keys {
            let set = if below {
                &mut self.below
            } else {
                &mut self.above
            };
            if insert {
                set.insert((price, id, what));
            } else {
                set.remove(&(price, id, what));
            }
        }
    }

    /// Adds or replaces a position.
    pub fn upsert(&mut self, p: Position) {
        self.remove(p.id);
        let keys = self.keys(&p);
        self.index(p.id, keys, true);
        if let Some(c) = p.copy {
            self.copies.entry(c.lead).or_default().insert(p.id);
        }
        self.positions.insert(p.id, p);
    }

    pub fn remove(&mut self, id: i64) -> Option<Position> {
        let p = self.positions.remove(&id)?;
        let keys = self.keys(&p);
        self.index(id, keys, false);
        self.unlink(&p);
        Some(p)
    }

    fn unlink(&mut self, p: &Position) {
        if let Some(c) = p.copy {
            if let Some(set) = self.copies.get_mut(&c.lead) {
                set.remove(&p.id);
                if set.is_empty() {
                    self.copies.remove(&c.lead);
                }
            }
        }
    }

    /// The open copies that follow the leader's position `lead`.
    pub fn copies_of(&self, lead: i64) -> Vec<Position> {
        self.copies
            .get(&lead)
            .into_iter()
            .flatten()
            .filter_map(|id| self.positions.get(id).cloned())
            .collect()
    }

    /// The open copies of a follow.
    pub fn copies_in(&self, follow: i64) -> Vec<Position> {
        self.positions
            .values()
            .filter(|p| p.copy.is_some_and(|c| c.follow == follow))
            .cloned()
            .collect()
    }

    pub fn add_pending(&mut self, o: Pending) {
        self.remove_pending(o.id);
        let below = o.dir == Dir::Long;
        self.index(o.id, vec![(below, o.price, What::Open)], true);
        self.pending.insert(o.id, o);
    }

    pub fn remove_pending(&mut self, id: i64) -> Option<Pending> {
        let o = self.pending.remove(&id)?;
        self.index(id, vec![(o.dir == Dir::Long, o.price, What::Open)], false);
        Some(o)
    }

    /// Everything the mark `mark` sets off, one entry per position or order
    /// (a liquidation wins over a stop at the same mark), removed from the book.
    pub fn on_mark(&mut self, mark: i64) -> Vec<Fired> {
        let mut hits: Vec<(i64, What)> = self
            .below
            .range((mark, i64::MIN, What::Liquidation)..)
            .map(|(_, id, w)| (*id, *w))
            .chain(
                self.above
                    .range(..=(mark, i64::MAX, What::Open))
                    .map(|(_, id, w)| (*id, *w)),
            )
            .collect();
        hits.sort();
        hits.dedup_by_key(|h| h.0);
        let mut fired = Vec::with_capacity(hits.len());
        for (id, what) in hits {
            let user = if what == What::Open {
                self.remove_pending(id).map(|o| o.user)
            } else {
                self.remove(id).map(|p| p.user)
            };
            fired.push(Fired {
                id,
                what,
                user: user.unwrap_or(0),
            });
        }
        fired
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const U: i64 = 100_000_000;

    fn long(id: i64, tp: Option<i64>, sl: Option<i64>) -> Position {
        Position {
            id,
            user: 1,
            dir: Dir::Long,
            qty: U / 10,
            open: 60_000 * U,
            margin: 600 * U,
            tp,
            sl,
            copy: None,
        }
    }

    #[test]
    fn only_what_the_mark_crosses_fires_and_is_removed() {
        let mut b = PositionBook::new(200_000);
        b.upsert(long(1, Some(62_000 * U), Some(58_000 * U)));
        b.upsert(Position {
            dir: Dir::Short,
            id: 2,
            ..long(2, None, None)
        });
        assert!(b.on_mark(60_500 * U).is_empty());
        assert_eq!(
            b.on_mark(62_000 * U),
            vec![Fired {
                id: 1,
                what: What::TakeProfit,
                user: 1
            }],
            "exactly at the price"
        );
        assert!(b.position(1).is_none());
        assert_eq!(
            b.on_mark(64_800 * U),
            vec![Fired {
                id: 2,
                what: What::Liquidation,
                user: 1
            }]
        );
        assert!(b.is_empty());
    }

    #[test]
    fn a_gap_through_stop_and_liquidation_fires_once_as_liquidation() {
        let mut b = PositionBook::new(200_000);
        b.upsert(long(1, None, Some(58_000 * U)));
        assert_eq!(
            b.on_mark(50_000 * U),
            vec![Fired {
                id: 1,
                what: What::Liquidation,
                user: 1
            }]
        );
    }

    #[test]
    fn a_long_limit_opens_when_the_mark_falls_to_it() {
        let mut b = PositionBook::new(200_000);
        b.add_pending(Pending {
            id: 7,
            user: 1,
            dir: Dir::Long,
            price: 59_000 * U,
        });
        b.add_pending(Pending {
            id: 8,
            user: 1,
            dir: Dir::Short,
            price: 61_000 * U,
        });
        assert!(b.on_mark(59_500 * U).is_empty());
        assert_eq!(
            b.on_mark(59_000 * U),
            vec![Fired {
                id: 7,
                what: What::Open,
                user: 1
            }]
        );
        assert_eq!(
            b.on_mark(61_500 * U),
            vec![Fired {
                id: 8,
                what: What::Open,
                user: 1
            }]
        );
    }

    #[test]
    fn copies_leave_their_leader_when_closed_or_held_as_ones_own() {
        let mut b = PositionBook::new(200_000);
        let copy = |id| Position {
            copy: Some(CopyLink {
                follow: id * 10,
                lead: 1,
            }),
            ..long(id, None, None)
        };
        b.upsert(long(1, None, None));
        b.upsert(copy(2));
        b.upsert(copy(3));
        let ids = |v: Vec<Position>| v.into_iter().map(|p| p.id).collect::<Vec<_>>();
        assert_eq!(ids(b.copies_of(1)), vec![2, 3]);
        b.remove(2);
        assert_eq!(ids(b.copies_of(1)), vec![3]);
        b.upsert(Position {
            copy: None,
            ..copy(3)
        });
        assert!(b.copies_of(1).is_empty());
        assert_eq!(ids(b.copies_in(30)), Vec::<i64>::new());
    }

    #[test]
    fn moving_a_stop_reindexes_the_position() {
        let mut b = PositionBook::new(200_000);
        b.upsert(long(1, None, Some(58_000 * U)));
        b.upsert(long(1, None, Some(59_500 * U)));
        assert_eq!(
            b.on_mark(59_400 * U),
            vec![Fired {
                id: 1,
                what: What::StopLoss,
                user: 1
            }]
        );
    }
}
