//! How the generator drives load: closed loop (saturation), open loop at a
//! fixed rate (latency), and the percentiles and trace it reports.

use crate::Res;
use actors::runtime::timing::Counts;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

struct Stats {
    ok: AtomicU64,
    failed: AtomicU64,
}

/// Closed loop: `concurrency` tasks send back to back for `secs`. Returns
/// acknowledged requests per second.
pub async fn saturate<F, Fut>(concurrency: usize, secs: u64, send: F) -> (f64, u64)
where
    F: Fn(u64) -> Fut + Clone + Send + 'static,
    Fut: std::future::Future<Output = bool> + Send,
{
    let stats = Arc::new(Stats {
        ok: AtomicU64::new(0),
        failed: AtomicU64::new(0),
    });
    let seq = Arc::new(AtomicU64::new(0));
    let start = Instant::now();
    let end = start + Duration::from_secs(secs);
    let mut tasks = Vec::new();
    for _ in 0..concurrency {
        let (stats, seq, send) = (stats.clone(), seq.clone(), send.clone());
        tasks.push(tokio::spawn(async move {
            while Instant::now() < end {
                let n = seq.fetch_add(1, Ordering::Relaxed);
                if send(n).await {
                    stats.ok.fetch_add(1, Ordering::Relaxed);
                } else {
                    stats.failed.fetch_add(1, Ordering::Relaxed);
                }
            }
        }));
    }
    for t in tasks {
        let _ = t.await;
    }
    let took = start.elapsed().as_secs_f64();
    (
        stats.ok.load(Ordering::Relaxed) as f64 / took,
        stats.failed.load(Ordering::Relaxed),
    )
}

/// One acknowledged request of an open-loop run: when it was due, from the
/// run's start, and how long its answer took from then.
pub struct Timed {
    pub due: Duration,
    pub took: Duration,
}

/// Open loop at `rate` per second for `secs`: acknowledged requests in the
/// order they were due, and how many failed.
pub async fn paced<F, Fut>(rate: f64, secs: u64, send: F) -> (Vec<Timed>, u64)
where
    F: Fn(u64) -> Fut + Clone + Send + 'static,
    Fut: std::future::Future<Output = bool> + Send + 'static,
{
    let total = (rate * secs as f64) as u64;
    let gap = Duration::from_secs_f64(1.0 / rate);
    let start = Instant::now();
    let mut tasks = Vec::with_capacity(total as usize);
    for n in 0..total {
        let due = start + gap.mul_f64(n as f64);
        tokio::time::sleep_until(due.into()).await;
        let send = send.clone();
        // Latency counts from when the request was due, so a generator that
        // falls behind shows up in the numbers instead of hiding.
        tasks.push(tokio::spawn(async move {
            let ok = send(n).await;
            let timed = Timed {
                due: due - start,
                took: due.elapsed(),
            };
            (ok, timed)
        }));
    }
    let mut done = Vec::with_capacity(tasks.len());
    let mut failed = 0;
    for t in tasks {
        match t.await {
            Ok((true, timed)) => done.push(timed),
            _ => failed += 1,
        }
    }
    (done, failed)
}

/// Writes a run's requests, one "due_ms latency_ms" line each, after a header
/// with the run's start in milliseconds since the epoch, so slow answers can be
/// lined up with the server's log.
pub fn write_trace(path: &str, started: std::time::SystemTime, done: &[Timed]) -> Res<()> {
    use std::fmt::Write as _;
    let at = started
        .duration_since(std::time::UNIX_EPOCH)
        .map_err(|e| e.to_string())?;
    let mut text = format!("# started at {}\n", at.as_millis());
    for t in done {
        let _ = writeln!(
            text,
            "{:.3} {:.3}",
            t.due.as_secs_f64() * 1000.0,
            t.took.as_secs_f64() * 1000.0
        );
    }
    std::fs::write(path, text).map_err(|e| format!("{path}: {e}"))
}

pub fn pct(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i].as_secs_f64() * 1000.0
}

/// Prints where the server says the orders of a run spent their time: each
/// stage's p50 / p99 / max between two readings of its histograms.
pub fn report_stages(run: &str, before: &[(String, Counts)], after: &[(String, Counts)]) {
    println!("  where the {run} orders' time went (server, per order):");
    for (stage, now) in after {
        let Some((_, then)) = before.iter().find(|(s, _)| s == stage) else {
            continue;
        };
        let d = now.since(then);
        let ms = |us: u64| us as f64 / 1e3;
        if stage == "batch" {
            // Recorded as one ms per order: these are orders per batch.
            println!(
                "    {stage:<7} p50 {:>6.0}  p99 {:>6.0}  max {:>6.0} orders ({} batches)",
                ms(d.quantile_us(0.5)),
                ms(d.quantile_us(0.99)),
                ms(d.max_us),
                d.count()
            );
        } else {
            println!(
                "    {stage:<7} p50 {:>7.2} ms  p99 {:>7.2} ms  max {:>7.2} ms",
                ms(d.quantile_us(0.5)),
                ms(d.quantile_us(0.99)),
                ms(d.max_us)
            );
        }
    }
}
