//! Where an order's time goes: one histogram per stage of the order path,
//! shared by every market and recorded from whichever thread runs it, read
//! by the admin health screen and by the load generator.
//!
//! The histograms are written here rather than taken from a crate: every
//! market records into the same ones from its own thread, once per batch per
//! stage, so a record must be a few relaxed atomic adds with no lock and no
//! owner that merges per-thread copies (hdrhistogram's `SyncHistogram` needs
//! one, and a `Mutex` around a plain one is a lock every market shares). The
//! buckets are log-linear, as HDR histograms are: exact below 32 µs, then 16
//! per doubling, so a percentile is off by at most 1/16 of its value.

use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;
use utoipa::ToSchema;

/// Sub-buckets per doubling; values below `2 * SUB` µs have a bucket each.
const SUB: u64 = 16;
const SUB_BITS: u32 = 4;
/// Enough doublings for 2^40 µs (about 12 days): nothing is clipped.
const BUCKETS: usize = (2 * SUB as usize) + (40 - SUB_BITS as usize) * SUB as usize;

/// The bucket of a value in µs.
fn bucket(us: u64) -> usize {
    if us < 2 * SUB {
        return us as usize;
    }
    let e = 63 - us.leading_zeros(); // floor(log2 us), at least SUB_BITS + 1
    let sub = (us >> (e - SUB_BITS)) & (SUB - 1);
    let i = 2 * SUB as usize + (e - SUB_BITS - 1) as usize * SUB as usize + sub as usize;
    i.min(BUCKETS - 1)
}

/// The largest value (µs) a bucket holds.
fn upper(i: usize) -> u64 {
    if i < 2 * SUB as usize {
        return i as u64;
    }
    let k = i - 2 * SUB as usize;
    let e = (k / SUB as usize) as u32 + SUB_BITS + 1;
    let sub = (k % SUB as usize) as u64;
    let lower = (SUB + sub) << (e - SUB_BITS);
    lower + (1 << (e - SUB_BITS)) - 1
}

/// A histogram of durations, recorded without a lock.
pub struct Histogram {
    counts: Box<[AtomicU64]>,
    max: AtomicU64,
}

impl Default for Histogram {
    fn default() -> Histogram {
        Histogram {
            counts: (0..BUCKETS).map(|_| AtomicU64::new(0)).collect(),
            max: AtomicU64::new(0),
        }
    }
}

impl Histogram {
    /// `n` samples of `d` each (a batch's stage, once per order in it).
    pub fn record_n(&self, d: Duration, n: u64) {
        if n == 0 {
            return;
        }
        let us = u64::try_from(d.as_micros()).unwrap_or(u64::MAX);
        self.counts[bucket(us)].fetch_add(n, Ordering::Relaxed);
        self.max.fetch_max(us, Ordering::Relaxed);
    }

    pub fn record(&self, d: Duration) {
        self.record_n(d, 1);
    }

    /// The counts as they are now.
    pub fn snapshot(&self) -> Counts {
        Counts {
            buckets: self
                .counts
                .iter()
                .enumerate()
                .filter_map(|(i, c)| {
                    let n = c.load(Ordering::Relaxed);
                    (n > 0).then_some(Bucket {
                        index: i as u32,
                        count: n,
                    })
                })
                .collect(),
            max_us: self.max.load(Ordering::Relaxed),
        }
    }
}

/// One non-empty bucket of a histogram.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Bucket {
    /// Its place among the buckets (see [`Histogram`]).
    pub index: u32,
    /// The samples in it.
    pub count: u64,
}

/// A histogram's counts: the non-empty buckets in order, so that two
/// readings can be subtracted (what happened between them).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Counts {
    pub buckets: Vec<Bucket>,
    /// The largest sample ever recorded (µs); not a figure of a difference.
    pub max_us: u64,
}

impl Counts {
    pub fn count(&self) -> u64 {
        self.buckets.iter().map(|b| b.count).sum()
    }

    /// The value (µs, the bucket's upper end) at or below which a share `q`
    /// of the samples lie; 0 when there are none.
    pub fn quantile_us(&self, q: f64) -> u64 {
        let total = self.count();
        if total == 0 {
            return 0;
        }
        let rank = ((q.clamp(0.0, 1.0) * total as f64).ceil() as u64).max(1);
        let mut seen = 0;
        for b in &self.buckets {
            seen += b.count;
            if seen >= rank {
                // No figure above the largest sample.
                let top = upper(b.index as usize);
                return match self.max_us {
                    0 => top,
                    max => top.min(max),
                };
            }
        }
        self.max_us
    }

    /// What was recorded after `earlier` (a reading of the same histogram).
    pub fn since(&self, earlier: &Counts) -> Counts {
        let before: std::collections::HashMap<u32, u64> =
            earlier.buckets.iter().map(|b| (b.index, b.count)).collect();
        let buckets: Vec<Bucket> = self
            .buckets
            .iter()
            .filter_map(|b| {
                let d = b
                    .count
                    .saturating_sub(before.get(&b.index).copied().unwrap_or(0));
                (d > 0).then_some(Bucket {
                    index: b.index,
                    count: d,
                })
            })
            .collect();
        // The difference's largest sample lies in its top bucket.
        let max_us = buckets
            .last()
            .map(|b| upper(b.index as usize).min(self.max_us))
            .unwrap_or(0);
        Counts { buckets, max_us }
    }

    /// Its figures for a report.
    pub fn figures(&self, stage: &str) -> StageFigures {
        let ms = |us: u64| us as f64 / 1e3;
        StageFigures {
            stage: stage.to_string(),
            count: self.count(),
            p50_ms: ms(self.quantile_us(0.50)),
            p99_ms: ms(self.quantile_us(0.99)),
            max_ms: ms(self.max_us),
            counts: self.clone(),
        }
    }
}

/// One stage's figures: how many orders went through it, and how long they
/// spent in it.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct StageFigures {
    /// `queue`, `writer`, `match`, `write`, `commit`, `answer` or `total`.
    pub stage: String,
    pub count: u64,
    pub p50_ms: f64,
    pub p99_ms: f64,
    pub max_ms: f64,
    /// The histogram behind them, for a reader that subtracts two readings.
    pub counts: Counts,
}

/// The stages of a spot order, in the order it goes through them.
#[derive(Default)]
pub struct OrderTimes {
    /// From the caller's send to its batch starting: the market's mailbox,
    /// and the batch before it still being written.
    pub queue: Histogram,
    /// From the batch starting to its transaction begun: the wait for the
    /// SQLite writer's turn (other markets' batches, bulk slices,
    /// checkpoints) or, on PostgreSQL, for a pool connection.
    pub writer: Histogram,
    /// Checking and matching the batch in memory.
    pub matching: Histogram,
    /// The batch's statements (rows, ledger, settlement), matching excluded.
    pub write: Histogram,
    pub commit: Histogram,
    /// From the actor taking the batch back after its commit to the answers
    /// sent: the book put back, events published. The hop from the commit to
    /// the actor resuming is in `total` only.
    pub answer: Histogram,
    /// From the caller's send to the answer sent.
    pub total: Histogram,
    /// Orders per batch (a batch of n recorded as n ms).
    pub batch: Histogram,
}

/// How long one batch spent in each of its stages (each order in it shares
/// them).
#[derive(Debug, Default, Clone, Copy)]
pub struct BatchTimes {
    pub writer: Duration,
    pub matching: Duration,
    pub write: Duration,
    pub commit: Duration,
}

impl OrderTimes {
    /// Records a batch of `orders`, its stages once per order.
    pub fn record_batch(&self, orders: u64, t: &BatchTimes) {
        self.writer.record_n(t.writer, orders);
        self.matching.record_n(t.matching, orders);
        self.write.record_n(t.write, orders);
        self.commit.record_n(t.commit, orders);
        // A batch of n orders is recorded as n ms, so its figures read as
        // orders (within the buckets' sixteenth).
        self.batch.record(Duration::from_millis(orders));
    }

    /// Every stage's figures since the server started, in order (`batch`'s
    /// are orders per batch, not milliseconds).
    pub fn figures(&self) -> Vec<StageFigures> {
        [
            ("queue", &self.queue),
            ("writer", &self.writer),
            ("match", &self.matching),
            ("write", &self.write),
            ("commit", &self.commit),
            ("answer", &self.answer),
            ("total", &self.total),
            ("batch", &self.batch),
        ]
        .into_iter()
        .map(|(name, h)| h.snapshot().figures(name))
        .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_value_falls_in_a_bucket_that_holds_it_within_a_sixteenth() {
        let mut v = 0u64;
        while v < 1 << 39 {
            let i = bucket(v);
            let hi = upper(i);
            let lo = if i == 0 { 0 } else { upper(i - 1) + 1 };
            assert!(lo <= v && v <= hi, "{v} in bucket {i} [{lo}, {hi}]");
            assert!(
                hi - lo <= v / SUB,
                "bucket {i} [{lo}, {hi}] too wide for {v}"
            );
            v = v * 9 / 8 + 1;
        }
        for i in 1..BUCKETS {
            assert_eq!(bucket(upper(i - 1) + 1), i, "buckets are contiguous at {i}");
        }
    }

    #[test]
    fn quantiles_and_differences_follow_the_samples() {
        let h = Histogram::default();
        for ms in 1..=100u64 {
            h.record(Duration::from_millis(ms));
        }
        let first = h.snapshot();
        assert_eq!(first.count(), 100);
        let p50 = first.quantile_us(0.5);
        assert!((50_000..=50_000 + 50_000 / 16).contains(&p50), "p50 {p50}");
        let p99 = first.quantile_us(0.99);
        assert!((99_000..=99_000 + 99_000 / 16).contains(&p99), "p99 {p99}");
        assert_eq!(first.max_us, 100_000);

        h.record_n(Duration::from_micros(7), 300);
        let later = h.snapshot().since(&first);
        assert_eq!(later.count(), 300);
        assert_eq!(later.quantile_us(0.99), 7);
        assert_eq!(later.max_us, 7);
        assert_eq!(Counts::default().quantile_us(0.5), 0);
    }
}
