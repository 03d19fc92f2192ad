//! NFT auctions under load, two measures:
//!
//! 1. `--bidders` bidders (1,000 by default), each with a socket session in
//!    the hub subscribed to the auction's channel, bid over HTTP on one
//!    auction during its last `--seconds` (10): each bidder bids the price it
//!    last heard plus one to three steps, again and again. Reported: every
//!    bid's answer time (p50, p99, max), bids taken and refused, that the
//!    taken bids are exactly the auction's stored bids and each strictly
//!    above the one before, and the socket: frames each session received
//!    (none lost: every session hears every taken bid) and the time from a
//!    bid's answer to its frame.
//! 2. `--auctions` auctions (100) ending in the same second, each with two
//!    bidders: the time from that second until every one is ended (losers'
//!    deposits back, the winner asked to pay).
//!
//! ```sh
//! make bench-nft                                  # release build, fresh SQLite
//! BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/nftbench make bench-nft
//! ```
//!
//! The server runs in this process on a fresh database (default
//! configuration, prices still, no demo bots). Set-up: users are made and
//! funded through the account service and the ledger, their login tokens
//! written as a login writes them (a thousand password checks would take the
//! set-up a minute); the sockets are in-process sessions joined to the hub
//! as the socket gateway joins a connection; deposits and bids go over HTTP.

// This benchmark uses the shared set-up, not the spot load.
#[path = "common/spot.rs"]
#[allow(dead_code)]
mod common;

use ::actors::nft::ReloadAuction;
use actix::prelude::*;
use bourse::nft::admin::{self, NewItem, Sale};
use bourse::socket::hub::{Join, Outbound, Subscribe};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

const U: i64 = 100_000_000;

struct Opts {
    bidders: usize,
    seconds: usize,
    auctions: usize,
}

fn opts() -> Opts {
    let mut o = Opts {
        bidders: 1000,
        seconds: 10,
        auctions: 100,
    };
    common::read_args(&mut [
        ("--bidders", &mut o.bidders),
        ("--seconds", &mut o.seconds),
        ("--auctions", &mut o.auctions),
    ]);
    o
}

/// A socket session stand-in: when each `nft_bid` frame arrived, and its price.
struct Ear(Arc<Mutex<Vec<(Instant, String)>>>);

impl Actor for Ear {
    type Context = Context<Self>;
}

impl Handler<Outbound> for Ear {
    type Result = ();
    fn handle(&mut self, m: Outbound, _: &mut Context<Self>) {
        if m.frame.contains("nft_bid") {
            let price = m
                .frame
                .split("\"price\":\"")
                .nth(1)
                .and_then(|r| r.split('"').next())
                .unwrap_or_default()
                .to_string();
            self.0
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .push((Instant::now(), price));
        }
    }
}

fn pct(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

async fn exec(state: &bourse::state::AppState, sql: &str) {
    sqlx::query(sql)
        .execute(&state.db)
        .await
        .unwrap_or_else(|e| panic!("{sql}: {e}"));
}

/// Users funded with USDT on spot, with login tokens: (id, token).
async fn users(state: &bourse::state::AppState, n: usize, tag: &str) -> Vec<(i64, String)> {
    let hash = bourse::security::hash_password_blocking("BenchPass123".into())
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    let now = bourse::db::now_ms();
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        let id = common::user(
            state,
            &format!("{tag}{i}@bench.example.com"),
            &hash,
            &[(3, 1_000_000 * U, 2)],
        )
        .await;
        let token = bourse::security::new_token();
        exec(
            state,
            &format!(
                "INSERT INTO tokens (user_id, token_hash, created_at, expires_at) VALUES ({id}, '{}', {now}, {})",
                bourse::security::sha256_hex(&token),
                now + 86_400_000
            ),
        )
        .await;
        out.push((id, token));
    }
    out
}

async fn auction(state: &bourse::state::AppState, name: &str, ends_at: i64) -> (i64, i64) {
    let item = NewItem {
        collection: 1,
        name: name.into(),
        intro: String::new(),
        intros: Default::default(),
        kind: 0,
        media: "/media/nft/demo-art-5.webp".into(),
        cover: "/media/nft/demo-art-5.webp".into(),
        rarity: 1,
        currency: 3,
    };
    let sale = Sale {
        auction: true,
        price: 10 * U,
        step: U,
        margin: U,
        starts_at: bourse::db::now_ms(),
        ends_at,
    };
    let card = admin::create_item(state, &item, Some(&sale))
        .await
        .unwrap_or_else(|e| panic!("{e:?}"));
    (card.id, card.listing_id.unwrap_or_default())
}

async fn post(
    client: &reqwest::Client,
    address: &str,
    path: &str,
    token: &str,
    form: &[(&str, &str)],
) -> serde_json::Value {
    let r = client
        .post(format!("{address}/api{path}"))
        .header("Authorization", token)
        .form(form)
        .send()
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    let status = r.status();
    let text = r.text().await.unwrap_or_default();
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {status} {e}: {text}"))
}

#[actix_web::main]
async fn main() {
    let o = opts();
    let (address, state, dir) = common::server("nftbench").await;
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(o.bidders)
        .build()
        .unwrap_or_else(|e| panic!("{e}"));
    let setup = Instant::now();
    let bidders = users(&state, o.bidders, "bidder").await;
    let (item, listing) = auction(&state, "Bench piece", bourse::db::now_ms() + 3_600_000).await;
    // Every bidder's socket, subscribed to the auction.
    let heard: Vec<Arc<Mutex<Vec<(Instant, String)>>>> =
        (0..o.bidders).map(|_| Arc::default()).collect();
    for (i, (user, _)) in bidders.iter().enumerate() {
        let id = 700_000 + i as u64;
        let _ = state
            .hub
            .send(Join {
                id,
                to: Ear(heard[i].clone()).start().recipient(),
                user_id: Some(*user),
            })
            .await;
        let _ = state
            .hub
            .send(Subscribe {
                id,
                sub: ("nft".into(), listing.to_string(), None),
                on: true,
            })
            .await;
    }
    let item_s = item.to_string();
    let joins = futures_util::future::join_all(bidders.iter().map(|(_, t)| {
        let (client, address, item) = (client.clone(), address.clone(), item_s.clone());
        async move {
            post(
                &client,
                &address,
                "/bind_box/marginNFT",
                t,
                &[("id", &item)],
            )
            .await
        }
    }))
    .await;
    assert!(joins.iter().all(|j| j["type"] == "ok"), "a deposit failed");
    println!(
        "set-up: {} bidders with deposits and sockets in {:.1} s",
        o.bidders,
        setup.elapsed().as_secs_f64()
    );

    // The auction's last `seconds`.
    let ends = bourse::db::now_ms() + o.seconds as i64 * 1000;
    exec(
        &state,
        &format!("UPDATE nft_listings SET ends_at = {ends} WHERE id = {listing}"),
    )
    .await;
    if let Ok(h) = state.nft.auction(listing) {
        let _ = h.send(ReloadAuction).await;
    }
    for h in &heard {
        h.lock().unwrap_or_else(|p| p.into_inner()).clear();
    }
    let taken_at: Arc<Mutex<HashMap<String, Instant>>> = Arc::default();
    let (taken, refused) = (Arc::new(AtomicU64::new(0)), Arc::new(AtomicU64::new(0)));
    let stop = Instant::now() + Duration::from_secs(o.seconds as u64);
    let _ = state.store.take_longest_turn();
    let started = Instant::now();
    let runs = bidders.iter().enumerate().map(|(i, (_, token))| {
        let (client, address, item, token) = (
            client.clone(),
            address.clone(),
            item_s.clone(),
            token.clone(),
        );
        let (ear, taken_at, taken, refused) = (
            heard[i].clone(),
            taken_at.clone(),
            taken.clone(),
            refused.clone(),
        );
        async move {
            let mut times = Vec::new();
            let mut k = i as i64;
            // Spread the first bids over the first second.
            tokio::time::sleep(Duration::from_millis((i % 1000) as u64)).await;
            while Instant::now() < stop {
                k = k
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let steps = 1 + (k >> 33).rem_euclid(3);
                // The current bid as this bidder's socket last told it.
                let heard: i64 = ear
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .last()
                    .and_then(|(_, p)| p.parse().ok())
                    .unwrap_or(9);
                let price = (heard.max(9) + steps).to_string();
                let t0 = Instant::now();
                let a = post(
                    &client,
                    &address,
                    "/bind_box/auctionNFT",
                    &token,
                    &[("id", &item), ("price", &price)],
                )
                .await;
                let t1 = Instant::now();
                times.push((t1 - t0).as_secs_f64() * 1000.0);
                if a["type"] == "ok" {
                    taken.fetch_add(1, Ordering::Relaxed);
                    taken_at
                        .lock()
                        .unwrap_or_else(|p| p.into_inner())
                        .insert(price, t1);
                } else {
                    refused.fetch_add(1, Ordering::Relaxed);
                }
                tokio::time::sleep(Duration::from_millis(
                    200 + (k >> 40).rem_euclid(600) as u64,
                ))
                .await;
            }
            times
        }
    });
    let mut times: Vec<f64> = futures_util::future::join_all(runs)
        .await
        .into_iter()
        .flatten()
        .collect();
    let wall = started.elapsed().as_secs_f64();
    times.sort_by(|a, b| a.total_cmp(b));
    let (taken, refused) = (
        taken.load(Ordering::Relaxed),
        refused.load(Ordering::Relaxed),
    );
    println!(
        "bids: {} in {wall:.1} s ({:.0}/s), {taken} taken, {refused} refused; answer p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        times.len(),
        times.len() as f64 / wall,
        pct(&times, 0.5),
        pct(&times, 0.99),
        times.last().copied().unwrap_or(f64::NAN)
    );
    common::longest_turn(&state.store, "the auction's last seconds");
    let stored: Vec<(i64,)> =
        sqlx::query_as("SELECT price FROM nft_bids WHERE listing_id = $1 ORDER BY id")
            .bind(listing)
            .fetch_all(&state.db)
            .await
            .unwrap_or_else(|e| panic!("{e}"));
    let rising = stored.windows(2).all(|w| w[1].0 > w[0].0);
    println!(
        "stored bids: {} (taken {taken}), each strictly above the one before: {rising}",
        stored.len()
    );
    // Frames: give the hub a moment to drain, then count and time them.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let taken_at = taken_at.lock().unwrap_or_else(|p| p.into_inner()).clone();
    let mut lags = Vec::new();
    let mut short = 0;
    for h in &heard {
        let frames = h.lock().unwrap_or_else(|p| p.into_inner());
        let bids: Vec<&(Instant, String)> = frames
            .iter()
            .filter(|(_, p)| taken_at.contains_key(p))
            .collect();
        if (bids.len() as u64) < taken {
            short += 1;
        }
        for (at, price) in bids {
            if let Some(t) = taken_at.get(price) {
                lags.push(at.saturating_duration_since(*t).as_secs_f64() * 1000.0);
            }
        }
    }
    lags.sort_by(|a, b| a.total_cmp(b));
    println!(
        "socket: {} frames to {} sessions, sessions missing a taken bid: {short}; frame after the bid's answer p50 {:.1} ms, p99 {:.1} ms",
        lags.len(),
        heard.len(),
        pct(&lags, 0.5),
        pct(&lags, 0.99)
    );

    // Part 2: many auctions ending in the same second. Their bids come an
    // hour before the end (a bid in the last minutes would move it), then
    // every end is set to the same second and each actor rereads its
    // auction, as after an admin's change.
    let pair = users(&state, 2, "pair").await;
    let mut listings = Vec::new();
    for n in 0..o.auctions {
        let (item, listing) = auction(
            &state,
            &format!("Lot {n}"),
            bourse::db::now_ms() + 3_600_000,
        )
        .await;
        let item = item.to_string();
        for (i, (_, t)) in pair.iter().enumerate() {
            assert_eq!(
                post(
                    &client,
                    &address,
                    "/bind_box/marginNFT",
                    t,
                    &[("id", &item)]
                )
                .await["type"],
                "ok"
            );
            let price = (10 + i).to_string();
            assert_eq!(
                post(
                    &client,
                    &address,
                    "/bind_box/auctionNFT",
                    t,
                    &[("id", &item), ("price", &price)]
                )
                .await["type"],
                "ok"
            );
        }
        listings.push(listing);
    }
    let ids = listings
        .iter()
        .map(|l| l.to_string())
        .collect::<Vec<_>>()
        .join(",");
    let second = (bourse::db::now_ms() / 1000 + 3) * 1000;
    exec(
        &state,
        &format!("UPDATE nft_listings SET ends_at = {second} WHERE id IN ({ids})"),
    )
    .await;
    for l in &listings {
        if let Ok(h) = state.nft.auction(*l) {
            let _ = h.send(ReloadAuction).await;
        }
    }
    let wait = second - bourse::db::now_ms();
    assert!(
        wait > 0,
        "the set-up took past the end; run with fewer --auctions"
    );
    tokio::time::sleep(Duration::from_millis(wait as u64)).await;
    let _ = state.store.take_longest_turn();
    let all_done = loop {
        let (open,): (i64,) = sqlx::query_as(&format!(
            "SELECT COUNT(*) FROM nft_listings WHERE id IN ({ids}) AND status = 1"
        ))
        .fetch_one(&state.db)
        .await
        .unwrap_or_else(|e| panic!("{e}"));
        if open == 0 {
            break bourse::db::now_ms();
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    };
    let (paying,): (i64,) = sqlx::query_as(&format!(
        "SELECT COUNT(*) FROM nft_payments WHERE listing_id IN ({ids}) AND status = 0"
    ))
    .fetch_one(&state.db)
    .await
    .unwrap_or_else(|e| panic!("{e}"));
    println!(
        "{} auctions ending at the same second: all ended {} ms after it ({paying} winners asked to pay)",
        o.auctions,
        all_done - second
    );
    common::longest_turn(&state.store, "the auctions ending");
    let report = ::actors::ledger::audit(&state.db)
        .await
        .unwrap_or_else(|e| panic!("{e:?}"));
    println!("audit: {}", if report.ok { "passed" } else { "FAILED" });
    let _ = std::fs::remove_dir_all(dir);
}
