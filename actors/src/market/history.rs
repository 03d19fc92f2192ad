//! The index's recent path, one point a second: what a price chart opening now
//! draws before the live ticker takes over. The market actor records every
//! value its index takes (each tick, the price it resumes at after a start),
//! the same values its options and contracts are marked at; a second in which
//! the index moved twice keeps the later value, as a one-slot-a-second chart
//! shows it. Pure and in memory: the index is not stored move by move (K-line
//! bars mix it with trades), and the live index is the source of truth, so a
//! restarted market starts its path again from the price it resumes at.

use std::collections::VecDeque;

/// The most seconds of path kept, and so the most one request can ask for.
pub const KEEP_SECONDS: i64 = 600;

/// A value the index took: the price (units) and when (ms since the epoch).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IndexPoint {
    pub at: i64,
    pub price: i64,
}

impl IndexPoint {
    /// The whole second it falls in.
    pub fn second(&self) -> i64 {
        self.at.div_euclid(1000)
    }
}

/// At most one point per second, ascending, covering the last
/// [`KEEP_SECONDS`] seconds of the newest point and one point before them (the
/// price in force when they begin).
#[derive(Debug, Default, Clone)]
pub struct IndexHistory {
    points: VecDeque<IndexPoint>,
}

impl IndexHistory {
    /// Records that the index is `price` from `at` on. A clock that stepped
    /// back is read as no time having passed, so the path stays ordered.
    pub fn record(&mut self, at: i64, price: i64) {
        let at = self.points.back().map_or(at, |last| at.max(last.at));
        let point = IndexPoint { at, price };
        match self.points.back_mut() {
            Some(last) if last.second() == point.second() => *last = point,
            _ => self.points.push_back(point),
        }
        let oldest = point.second() - KEEP_SECONDS;
        while self.points.get(1).is_some_and(|p| p.second() <= oldest) {
            self.points.pop_front();
        }
        debug_assert!(self.points.len() as i64 <= KEEP_SECONDS + 1);
        debug_assert!(self
            .points
            .iter()
            .zip(self.points.iter().skip(1))
            .all(|(a, b)| a.second() < b.second()));
    }

    /// The path over the `seconds` whole seconds up to `now` (ms), the current
    /// one included: the points in them, preceded by the last point before
    /// them when there is one (the price in force when they begin). At most
    /// `seconds + 1` points, ascending; `seconds` is capped at [`KEEP_SECONDS`].
    pub fn last(&self, seconds: i64, now: i64) -> Vec<IndexPoint> {
        let first = now.div_euclid(1000) - seconds.clamp(1, KEEP_SECONDS) + 1;
        let inside = self.points.partition_point(|p| p.second() < first);
        let from = inside.saturating_sub(1);
        self.points
            .range(from..)
            .take_while(|p| p.at <= now)
            .copied()
            .collect()
    }

    pub fn len(&self) -> usize {
        self.points.len()
    }

    pub fn is_empty(&self) -> bool {
        self.points.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn p(at: i64, price: i64) -> IndexPoint {
        IndexPoint { at, price }
    }

    #[test]
    fn a_second_keeps_the_last_value_the_index_took_in_it() {
        let mut h = IndexHistory::default();
        h.record(10_100, 5);
        h.record(10_900, 6);
        h.record(11_000, 7);
        assert_eq!(h.last(10, 11_500), vec![p(10_900, 6), p(11_000, 7)]);
    }

    #[test]
    fn the_window_starts_with_the_price_in_force_when_it_opens() {
        let mut h = IndexHistory::default();
        h.record(1_000, 1);
        h.record(5_000, 2);
        h.record(9_000, 3);
        // Seconds 7, 8 and 9: the price of second 5 still held at second 7.
        assert_eq!(h.last(3, 9_999), vec![p(5_000, 2), p(9_000, 3)]);
        // A quiet index: only the price in force.
        assert_eq!(h.last(1, 60_000), vec![p(9_000, 3)]);
        // Nothing recorded yet, or nothing before now.
        assert_eq!(IndexHistory::default().last(5, 1_000), vec![]);
        assert_eq!(h.last(5, 500), vec![]);
    }

    #[test]
    fn a_clock_stepping_back_keeps_the_path_ordered() {
        let mut h = IndexHistory::default();
        h.record(5_500, 1);
        h.record(4_000, 2);
        assert_eq!(h.last(10, 6_000), vec![p(5_500, 2)]);
    }

    #[test]
    fn it_keeps_the_last_ten_minutes_and_the_price_before_them() {
        let mut h = IndexHistory::default();
        for s in 0..2_000 {
            h.record(s * 1000, s);
        }
        assert_eq!(h.len() as i64, KEEP_SECONDS + 1);
        let all = h.last(KEEP_SECONDS * 10, 1_999_000);
        assert_eq!(all.len() as i64, KEEP_SECONDS + 1);
        assert_eq!(
            all[0],
            p((1_999 - KEEP_SECONDS) * 1000, 1_999 - KEEP_SECONDS)
        );
    }

    proptest! {
        /// Whatever the moves, the answer is ordered, one point a second, no
        /// longer than asked, and each point is the last value recorded in
        /// its second; the first is the price in force when the window opens.
        #[test]
        fn the_path_is_the_last_value_of_each_second(
            steps in prop::collection::vec((0i64..2_500, 1i64..1_000), 1..300),
            seconds in 1i64..700,
        ) {
            let mut h = IndexHistory::default();
            let mut at = 1_000_000;
            let mut moves = Vec::new();
            for (gap, price) in steps {
                at += gap;
                h.record(at, price);
                moves.push((at, price));
            }
            let now = at + 10;
            let got = h.last(seconds, now);
            let want = seconds.min(KEEP_SECONDS);
            prop_assert!(got.len() as i64 <= want + 1);
            prop_assert!(got.windows(2).all(|w| w[0].second() < w[1].second()));
            let first = now / 1000 - want + 1;
            prop_assert!(got.iter().skip(1).all(|q| q.second() >= first));
            for q in &got {
                let last = moves.iter().rev().find(|(a, _)| a / 1000 == q.second());
                prop_assert_eq!(last.map(|&(a, pr)| p(a, pr)), Some(*q));
            }
            // It begins with the price in force when the window opens, and
            // misses no second of the window in which the index moved.
            let in_force = moves.iter().rev().find(|(a, _)| a / 1000 < first);
            match in_force {
                Some((a, _)) => prop_assert_eq!(got.first().map(|q| q.second()), Some(a / 1000)),
                None => prop_assert!(got.first().is_some_and(|q| q.second() >= first)),
            }
            let mut seconds_moved: Vec<i64> = moves.iter().map(|(a, _)| a / 1000).filter(|s| *s >= first).collect();
            seconds_moved.dedup();
            let drawn: Vec<i64> = got.iter().map(|q| q.second()).filter(|s| *s >= first).collect();
            prop_assert_eq!(drawn, seconds_moved);
        }
    }
}
