//! The book's resting orders by id, without the pause of a growing hash table.
//!
//! A single hash table doubles when it fills and moves every entry it holds in
//! that one insert. In the server that insert is one order's placement, and
//! every order queued behind it waits: with 57,000, 115,000 and 229,000
//! orders resting, the placement that grew the table took 12, 29 and 50 ms
//! (docs/benchmarks.md). Here the orders are kept in one table per range of
//! `RANGE` ids, so a table that grows moves at most `RANGE` entries. Ids are
//! given out in sequence, so new orders fill the newest range, and a range's
//! table is found by its position in a run of slots. A range's table is
//! dropped when its last order goes.

use super::{OrderId, Resting};
use std::collections::{HashMap, VecDeque};
use std::hash::{BuildHasherDefault, Hasher};

/// Ids per table: growing a full one moves 4,096 entries (well under a
/// millisecond), and a range rarely holds so few live orders that its table's
/// own overhead matters.
const RANGE: OrderId = 4096;

/// The tables of consecutive ranges, from range `first` on. A range with no
/// resting order has an empty table, which holds no allocation; empty tables
/// at either end are dropped. The provider's quotes have negative ids, users'
/// orders positive ones, and both are given out in sequence, so the ranges in
/// use are one run of slots.
#[derive(Debug, Clone, Default)]
pub struct OrderIndex {
    tables: VecDeque<Table>,
    first: OrderId,
    len: usize,
}

type Table = HashMap<OrderId, Resting, BuildHasherDefault<IdHasher>>;

/// Ids are the server's own sequence numbers, never chosen by a user, so
/// they need no keyed hash: a multiply by an odd constant spreads them over
/// the table's buckets (the default keyed hash was a fifth of a lookup).
#[derive(Default)]
pub struct IdHasher(u64);

impl Hasher for IdHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(*b)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }

    fn write_i64(&mut self, id: i64) {
        self.0 = (id as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

/// The range an id falls in.
fn range(id: OrderId) -> OrderId {
    id.div_euclid(RANGE)
}

impl OrderIndex {
    /// The slot of `id`'s range, if the tables cover it.
    fn slot(&self, id: OrderId) -> Option<usize> {
        let at = range(id).checked_sub(self.first)?;
        usize::try_from(at)
            .ok()
            .filter(|&at| at < self.tables.len())
    }

    pub fn get(&self, id: &OrderId) -> Option<&Resting> {
        self.tables.get(self.slot(*id)?)?.get(id)
    }

    pub fn get_mut(&mut self, id: &OrderId) -> Option<&mut Resting> {
        let at = self.slot(*id)?;
        self.tables.get_mut(at)?.get_mut(id)
    }

    pub fn contains_key(&self, id: &OrderId) -> bool {
        self.get(id).is_some()
    }

    /// Inserts or replaces; answers the order it replaced.
    pub fn insert(&mut self, id: OrderId, order: Resting) -> Option<Resting> {
        let r = range(id);
        if self.tables.is_empty() {
            self.first = r;
        }
        while r < self.first {
            self.tables.push_front(Table::default());
            self.first -= 1;
        }
        while r >= self.first + self.tables.len() as OrderId {
            self.tables.push_back(Table::default());
        }
        let at = (r - self.first) as usize;
        let old = self.tables[at].insert(id, order);
        if old.is_none() {
            self.len += 1;
        }
        old
    }

    pub fn remove(&mut self, id: &OrderId) -> Option<Resting> {
        let at = self.slot(*id)?;
        let order = self.tables[at].remove(id)?;
        self.len -= 1;
        if self.tables[at].is_empty() {
            // Give the emptied table's memory back, and drop empty slots at
            // the ends so the run covers only ranges in use.
            self.tables[at] = Table::default();
            while self.tables.front().is_some_and(HashMap::is_empty) {
                self.tables.pop_front();
                self.first += 1;
            }
            while self.tables.back().is_some_and(HashMap::is_empty) {
                self.tables.pop_back();
            }
        }
        Some(order)
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The largest number of entries one table holds.
    #[cfg(test)]
    fn largest_table(&self) -> usize {
        self.tables.iter().map(HashMap::len).max().unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::market::book::Side;

    fn order(id: OrderId) -> Resting {
        Resting {
            id,
            owner: 1,
            side: Side::Buy,
            price: 100,
            remaining: id.abs() + 1,
        }
    }

    #[test]
    fn finds_replaces_and_removes_across_ranges() {
        let mut ix = OrderIndex::default();
        let ids = [
            -RANGE - 1,
            -RANGE,
            -1,
            0,
            1,
            RANGE - 1,
            RANGE,
            3 * RANGE + 7,
        ];
        for id in ids {
            assert!(ix.insert(id, order(id)).is_none());
        }
        assert_eq!(ix.len(), ids.len());
        for id in ids {
            assert_eq!(ix.get(&id).map(|o| o.id), Some(id));
        }
        assert!(!ix.contains_key(&2));
        assert!(!ix.contains_key(&(-RANGE - 2)));
        // Replacing keeps the count.
        let mut changed = order(1);
        changed.remaining = 99;
        assert_eq!(ix.insert(1, changed).map(|o| o.remaining), Some(2));
        assert_eq!(ix.len(), ids.len());
        if let Some(o) = ix.get_mut(&1) {
            o.remaining = 5;
        }
        assert_eq!(ix.get(&1).map(|o| o.remaining), Some(5));
        // Removing each: an absent id changes nothing, an emptied range goes.
        assert!(ix.remove(&2).is_none());
        for (n, id) in ids.iter().enumerate() {
            assert_eq!(ix.remove(id).map(|o| o.id), Some(*id));
            assert!(ix.remove(id).is_none());
            assert_eq!(ix.len(), ids.len() - n - 1);
        }
        assert!(ix.is_empty());
        assert!(
            ix.tables.is_empty(),
            "every emptied range's table is dropped"
        );
    }

    /// However many orders rest, no one table holds more than a range, so
    /// none ever moves more than that many entries when it grows.
    #[test]
    fn no_table_outgrows_its_range() {
        let mut ix = OrderIndex::default();
        let n = 300_000;
        for id in 1..=n {
            ix.insert(id, order(id));
        }
        assert_eq!(ix.largest_table(), RANGE as usize);
        for id in (1..=n).step_by(3) {
            ix.remove(&id);
        }
        assert_eq!(ix.len(), (n - (n + 2) / 3) as usize);
        assert!(ix.largest_table() < RANGE as usize);
        assert!(ix.get(&1).is_none() && ix.get(&2).is_some());
    }
}
