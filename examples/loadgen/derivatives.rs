//! The mixed run: open positions and options on the market under load, and a
//! closer that closes positions one at a time during the spot runs, timing each
//! close. Contracts and options have actors of their own, so spot throughput
//! beside them should stay what it is alone, and closes should stay quick
//! beside a saturated spot book.

use crate::client::{Api, Raw};
use crate::runs::pct;
use crate::Res;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The longest option duration on offer (300 s by default): the options stay
/// open through the runs, on the options actor's expiry wheel.
const OPTION_SECONDS: &str = "300";
/// Positions each trader opens (and options it buys): 20 per trader keeps the
/// set-up to a few hundred requests per trader at most.
const PER_TRADER: usize = 20;
/// Closes per second during the runs, paced so they measure latency, not a queue.
const CLOSES_PER_SECOND: f64 = 20.0;

/// Opens `n` one-lot positions (alternately long and short, at 10x) and `n`
/// options of 100 USDT on `market`, from traders' lever and options accounts
/// funded by transfers from their spot USDT. Answers the positions' ids with
/// the token that owns each.
pub async fn open(api: &Api, tokens: &[String], market: &str, n: usize) -> Res<Vec<(String, i64)>> {
    let t0 = Instant::now();
    let traders = n.div_ceil(PER_TRADER).min(tokens.len()).max(1);
    let mut positions = Vec::with_capacity(n);
    let mut pending = Vec::new();
    for (t, token) in tokens.iter().take(traders).enumerate() {
        let count = PER_TRADER.min(n - t * PER_TRADER);
        let (api, token, market) = (api.clone(), token.clone(), market.to_string());
        pending.push(tokio::spawn(async move {
            for to in ["3", "4"] {
                api.call(
                    "/api/wallet/change",
                    Some(&token),
                    &[
                        ("currency_id", "3"),
                        ("number", "100000"),
                        ("from_field", "2"),
                        ("to_field", to),
                    ],
                )
                .await?;
            }
            let mut ids = Vec::with_capacity(count);
            for i in 0..count {
                let dir = if i % 2 == 0 { "1" } else { "2" };
                let pos = api
                    .call(
                        "/api/lever/submit",
                        Some(&token),
                        &[
                            ("symbol", &market),
                            ("type", dir),
                            ("share", "1"),
                            ("multiple", "10"),
                            ("status", "1"),
                        ],
                    )
                    .await?;
                ids.push((
                    token.clone(),
                    pos["id"].as_i64().ok_or(format!("position id: {pos}"))?,
                ));
                api.call(
                    "/api/microtrade/submit",
                    Some(&token),
                    &[
                        ("symbol", &market),
                        ("type", dir),
                        ("seconds", OPTION_SECONDS),
                        ("number", "100"),
                    ],
                )
                .await?;
            }
            Ok::<_, String>(ids)
        }));
        if pending.len() == 8 || t + 1 == traders {
            for p in pending.drain(..) {
                positions.extend(p.await.map_err(|e| e.to_string())??);
            }
        }
    }
    eprintln!(
        "{} positions and {} options open on {market} in {:.1} s",
        positions.len(),
        positions.len(),
        t0.elapsed().as_secs_f64()
    );
    Ok(positions)
}

/// Closes positions one at a time at a steady pace until `stop`, timing each
/// close from when it was due; answers the latencies and the failures.
pub fn closer(
    raw: Arc<Raw>,
    positions: Vec<(String, i64)>,
    stop: Instant,
) -> tokio::task::JoinHandle<(Vec<Duration>, u64)> {
    tokio::spawn(async move {
        let gap = Duration::from_secs_f64(1.0 / CLOSES_PER_SECOND);
        let start = Instant::now();
        let mut lat = Vec::new();
        let mut failed = 0;
        for (n, (token, id)) in positions.into_iter().enumerate() {
            let due = start + gap.mul_f64(n as f64);
            if due >= stop {
                break;
            }
            tokio::time::sleep_until(due.into()).await;
            match raw
                .post("/api/lever/close", &token, &[("id", id.to_string())])
                .await
            {
                Ok((true, _)) => lat.push(due.elapsed()),
                _ => failed += 1,
            }
        }
        (lat, failed)
    })
}

/// Prints the closes' percentiles.
pub fn report(mut lat: Vec<Duration>, failed: u64) {
    lat.sort();
    println!(
        "contract closes at {CLOSES_PER_SECOND:.0}/s beside the spot runs: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms over {} closes ({failed} failed)",
        pct(&lat, 0.5),
        pct(&lat, 0.99),
        pct(&lat, 1.0),
        lat.len()
    );
}
