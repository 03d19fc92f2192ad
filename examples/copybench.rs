//! Copy trading at scale: one leader with `--followers` followers (10,000 by
//! default) on BTC/USDT contracts, and spot orders on ETH/USDT meanwhile.
//!
//! ```sh
//! make bench-copy                      # release build, fresh SQLite database
//! make bench-copy COPYBENCH_ARGS="--followers 2000 --rounds 10"
//! BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/copybench make bench-copy
//! ```
//!
//! The server runs in this process on a fresh database with the default
//! configuration's markets (prices held still, no demo bots). The leader and
//! the followers are made through the services the API calls (a user, a
//! ledger-funded contract account, an application and its approval, follows
//! sent to the trader's actor as `follow/follow` sends them); only the
//! password hashing is done once and shared, which is set-up time, not what
//! is measured. Then:
//!
//! 1. copy latency: `--rounds` times, the leader opens one lot at 10x (the
//!    message `lever/submit` sends) and then closes it; each answer comes after
//!    the leader's fill and every copy committed. Reported: p50 / p99 / max of
//!    the open and of the close as the leader waits for them, and of the
//!    server's own measure (fill to commit, `copy_batches`), with the copies
//!    made per open;
//! 2. spot beside copies: `--concurrency` HTTP connections place limit orders
//!    on ETH/USDT for `--seconds`, alone and then while the leader opens and
//!    closes once every `--every-ms` (1,000: a leader trading every second
//!    is already far busier than any person), alternately `--pairs` times:
//!    the acknowledged orders per second of each run and their ratio, and the
//!    copy latencies meanwhile. `--every-ms 0` runs the rounds back to back,
//!    which shows what the one SQLite writer shares between them.

use actors::copy::{Follow, FollowInput};
use actors::ledger::{self, account};
use actors::lever::math::Dir;
use actors::lever::{LeverClose, LeverSubmit};
use bourse::state::AppState;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

struct Opts {
    followers: usize,
    rounds: usize,
    seconds: usize,
    concurrency: usize,
    pairs: usize,
    every_ms: usize,
}

fn opts() -> Opts {
    let mut o = Opts {
        followers: 10_000,
        rounds: 20,
        seconds: 10,
        concurrency: 64,
        pairs: 2,
        every_ms: 1_000,
    };
    common::read_args(&mut [
        ("--followers", &mut o.followers),
        ("--rounds", &mut o.rounds),
        ("--seconds", &mut o.seconds),
        ("--concurrency", &mut o.concurrency),
        ("--pairs", &mut o.pairs),
        ("--every-ms", &mut o.every_ms),
    ]);
    o
}

fn pct(v: &mut [f64], q: f64) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    v.sort_by(|a, b| a.total_cmp(b));
    v[((v.len() - 1) as f64 * q).round() as usize]
}

fn line(name: &str, v: &mut [f64]) {
    println!(
        "{name:<34} p50 {:>7.1} ms  p99 {:>7.1} ms  max {:>7.1} ms  ({} runs)",
        pct(v, 0.5),
        pct(v, 0.99),
        pct(v, 1.0),
        v.len()
    );
}

#[path = "common/spot.rs"]
mod common;

/// A user with a shared password hash, `usdt` on account `to`.
async fn user(state: &AppState, email: &str, hash: &str, usdt: i64, to: i64) -> i64 {
    common::user(state, email, hash, &[(3, usdt, to)]).await
}

#[actix_web::main]
async fn main() {
    let o = opts();
    let (address, state, dir) = common::server("copybench").await;
    let hash = bourse::security::hash_password_blocking("BenchPass123".into())
        .await
        .unwrap_or_else(|e| panic!("{e}"));

    // The leader: verified, funded, applied and approved through the services.
    let t0 = Instant::now();
    let leader = user(
        &state,
        "leader@bench.local",
        &hash,
        1_000_000 * 100_000_000,
        account::LEVER,
    )
    .await;
    sqlx::query(
        "INSERT INTO verifications (user_id, level, state, id_type, name, card_id, front_pic, reverse_pic, erc_address, trc_address, created_at)
         VALUES ($1, 1, 2, 'passport', 'Bench', 'BENCH', '', '', '', '', 0)",
    )
    .bind(leader)
    .execute(&state.db)
    .await
    .unwrap_or_else(|e| panic!("{e}"));
    bourse::copy::apply(
        &state,
        leader,
        &bourse::copy::Application {
            name: "Bench Leader".into(),
            intro: "One leader, many followers.".into(),
            intros: Default::default(),
            share_rate: rust_decimal::Decimal::new(1, 1),
            max_followers: o.followers as i64,
        },
    )
    .await
    .unwrap_or_else(|e| panic!("{e:?}"));
    bourse::copy::review(&state, leader, true, "")
        .await
        .unwrap_or_else(|e| panic!("{e:?}"));
    let desk = state
        .copy
        .trader(leader)
        .unwrap_or_else(|e| panic!("{e:?}"));
    for i in 0..o.followers {
        let f = user(
            &state,
            &format!("f{i}@bench.local"),
            &hash,
            1_000 * 100_000_000,
            account::LEVER,
        )
        .await;
        desk.send(Follow {
            user: f,
            input: FollowInput {
                mode: 1,
                amount: 1_000_000,
                max_margin: 1_000 * 100_000_000,
                tp_ppm: None,
                sl_ppm: None,
                stop_loss: None,
            },
        })
        .await
        .unwrap_or_else(|e| panic!("{e}"))
        .unwrap_or_else(|e| panic!("{e:?}"));
    }
    println!(
        "set-up: 1 leader and {} followers in {:.1} s",
        o.followers,
        t0.elapsed().as_secs_f64()
    );

    let btc = state.markets.by_id(1).unwrap_or_else(|| panic!("BTC/USDT"));
    let contracts = btc
        .contracts
        .clone()
        .unwrap_or_else(|| panic!("BTC/USDT contracts"));
    let round = {
        let contracts = contracts.clone();
        move |i: usize| {
            let contracts = contracts.clone();
            async move {
                let t = Instant::now();
                let opened = contracts
                    .send(LeverSubmit {
                        user_id: leader,
                        dir: if i.is_multiple_of(2) {
                            Dir::Long
                        } else {
                            Dir::Short
                        },
                        limit: None,
                        share: 1,
                        multiple: 10,
                    })
                    .await
                    .unwrap_or_else(|e| panic!("{e}"))
                    .unwrap_or_else(|e| panic!("{e:?}"));
                let open_ms = t.elapsed().as_secs_f64() * 1e3;
                let id = opened.id;
                let t = Instant::now();
                contracts
                    .send(LeverClose {
                        user_id: leader,
                        id: Some(id),
                        dirs: vec![],
                    })
                    .await
                    .unwrap_or_else(|e| panic!("{e}"))
                    .unwrap_or_else(|e| panic!("{e:?}"));
                (open_ms, t.elapsed().as_secs_f64() * 1e3)
            }
        }
    };

    // 1. Copy latency, nothing else running.
    let _ = state.store.take_longest_turn();
    let (mut opens, mut closes) = (Vec::new(), Vec::new());
    for i in 0..o.rounds {
        let (a, b) = round(i).await;
        opens.push(a);
        closes.push(b);
    }
    let batches: Vec<(i64, i64, i64)> = sqlx::query_as(
        "SELECT kind, copies, committed_at - filled_at FROM copy_batches WHERE trader_id = $1 AND committed_at IS NOT NULL",
    )
    .bind(leader)
    .fetch_all(&state.db)
    .await
    .unwrap_or_else(|e| panic!("{e}"));
    let copies: Vec<i64> = batches.iter().filter(|b| b.0 == 1).map(|b| b.1).collect();
    println!(
        "copies per open: min {} max {} (followers {})",
        copies.iter().min().copied().unwrap_or(0),
        copies.iter().max().copied().unwrap_or(0),
        o.followers
    );
    line("leader open, all copies committed", &mut opens);
    line("leader close, all copies closed", &mut closes);
    let mut server_open: Vec<f64> = batches
        .iter()
        .filter(|b| b.0 == 1)
        .map(|b| b.2 as f64)
        .collect();
    let mut server_close: Vec<f64> = batches
        .iter()
        .filter(|b| b.0 == 2)
        .map(|b| b.2 as f64)
        .collect();
    line("fill to commit (server), opens", &mut server_open);
    line("fill to commit (server), closes", &mut server_close);
    common::longest_turn(&state.store, "the rounds alone");

    // 2. Spot orders on ETH/USDT alone and beside the copies, alternately.
    let mut tokens = Vec::new();
    let client = reqwest::Client::new();
    for i in 0..o.concurrency.min(32) {
        let email = format!("spot{i}@bench.local");
        common::user(
            &state,
            &email,
            &hash,
            &[
                (3, 10_000_000 * 100_000_000, account::CHANGE),
                (2, 10_000 * 100_000_000, account::CHANGE),
            ],
        )
        .await;
        tokens.push(common::login(&client, &address, &email).await);
    }
    let spot = |seconds: u64| {
        let (client, address, tokens) = (client.clone(), address.clone(), tokens.clone());
        let conc = o.concurrency;
        async move {
            common::spot_timed(&client, &address, &tokens, conc, seconds)
                .await
                .rate
        }
    };
    for p in 0..o.pairs {
        let alone = spot(o.seconds as u64).await;
        let _ = state.store.take_longest_turn();
        let busy = Arc::new(AtomicBool::new(true));
        let every = Duration::from_millis(o.every_ms as u64);
        let copier = {
            let (busy, round) = (busy.clone(), round.clone());
            actix_web::rt::spawn(async move {
                let (mut opens, mut closes, mut i) = (Vec::new(), Vec::new(), 0);
                while busy.load(Ordering::Relaxed) {
                    let due = Instant::now() + every;
                    let (a, b) = round(i).await;
                    opens.push(a);
                    closes.push(b);
                    i += 1;
                    actix_web::rt::time::sleep_until(due.into()).await;
                }
                (opens, closes)
            })
        };
        let beside = spot(o.seconds as u64).await;
        busy.store(false, Ordering::Relaxed);
        let (mut opens, mut closes) = copier.await.unwrap_or_default();
        println!(
            "pair {}: spot alone {alone:.0} orders/s, beside copies {beside:.0} orders/s (ratio {:.2}), a leader round every {} ms",
            p + 1,
            beside / alone,
            o.every_ms
        );
        line("  leader open meanwhile", &mut opens);
        line("  leader close meanwhile", &mut closes);
        common::longest_turn(&state.store, "  spot beside the rounds");
    }
    let audit = ledger::audit(&state.db)
        .await
        .unwrap_or_else(|e| panic!("{e:?}"));
    println!("audit: {}", if audit.ok { "passed" } else { "FAILED" });
    let _ = std::fs::remove_dir_all(&dir);
}
