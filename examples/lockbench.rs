//! Lock-up mining at scale: `--orders` open orders (1,000,000 by default)
//! held by `--users` users across the three USDT lock-up products, and one
//! day's accrual of all of them while spot orders flow on ETH/USDT.
//!
//! ```sh
//! make bench-lock                                   # release build, fresh SQLite
//! make bench-lock LOCKBENCH_ARGS="--orders 200000"
//! BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/lockbench make bench-lock
//! ```
//!
//! The server runs in this process on a fresh database with the default
//! configuration (prices held still, no demo bots). Set-up: the users are
//! made through the account service and funded through the ledger; the
//! orders are written in bulk as a subscription writes them (the order
//! rows, each user's principal moved from the spot account to the mining
//! account through the ledger, the products' totals and the coin's promise;
//! the reserve funded by `earn::fund_reserve`), since a million subscriptions
//! one by one would take the set-up minutes; the products' actors then
//! reload them. Measured: every product's actor is asked for the day's
//! accrual at once (the message their daily timer sends) while
//! `--concurrency` connections place spot orders; reported are each
//! product's accrual (one batch of ledger writes) and the whole, the spot
//! orders per second alone and during the accruals, and the audit.

#[path = "common/spot.rs"]
mod common;

use actors::earn::{Accrue, Reload};
use actors::ledger::{self, account, Bucket, Operation, Posting};
use std::time::Instant;

const U: i64 = 100_000_000;
const DAY: i64 = 86_400_000;

struct Opts {
    orders: usize,
    users: usize,
    concurrency: usize,
    seconds: usize,
}

fn opts() -> Opts {
    let mut o = Opts {
        orders: 1_000_000,
        users: 20_000,
        concurrency: 32,
        seconds: 5,
    };
    common::read_args(&mut [
        ("--orders", &mut o.orders),
        ("--users", &mut o.users),
        ("--concurrency", &mut o.concurrency),
        ("--seconds", &mut o.seconds),
    ]);
    o
}

#[actix_web::main]
async fn main() {
    let o = opts();
    let (address, state, dir) = common::server("lockbench").await;
    let hash = bourse::security::hash_password_blocking("BenchPass123".into())
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    let db = state.db.clone();
    let exec = |sql: String| {
        let db = db.clone();
        async move {
            sqlx::query(&sql)
                .execute(&db)
                .await
                .unwrap_or_else(|e| panic!("{sql}: {e}"));
        }
    };

    // Set-up: users, orders, the reserve.
    let t0 = Instant::now();
    let products: Vec<(i64, i64, i64)> = sqlx::query_as(
        "SELECT id, rate_max_ppm, days FROM lock_products WHERE currency = 3 ORDER BY id",
    )
    .fetch_all(&db)
    .await
    .unwrap_or_else(|e| panic!("{e}"));
    let per_order = 100 * U;
    let orders_per_user = o.orders.div_ceil(o.users);
    let mut users = Vec::with_capacity(o.users);
    for i in 0..o.users {
        users.push(
            common::user(
                &state,
                &format!("l{i}@bench.local"),
                &hash,
                &[(3, per_order * orders_per_user as i64, account::CHANGE)],
            )
            .await,
        );
    }
    let now = bourse::db::now_ms();
    // Every order's first accrual is the one measured.
    let first = now;
    let mut promised = 0i64;
    let mut written = 0usize;
    let mut per_product = vec![(0i64, 0i64); products.len()];
    for (ui, chunk) in users.chunks(500).enumerate() {
        let mut tx = state.db.begin().await.unwrap_or_else(|e| panic!("{e}"));
        let mut values = Vec::new();
        let mut ops = Vec::new();
        for (k, user) in chunk.iter().enumerate() {
            let n = orders_per_user.min(o.orders - written);
            if n == 0 {
                break;
            }
            for j in 0..n {
                let (pid, rate_max, days) = products[(ui * 500 + k + j) % products.len()];
                let promise = per_order * rate_max / 1_000_000 * days;
                promised += promise;
                per_product[(ui * 500 + k + j) % products.len()].0 += per_order;
                values.push(format!(
                    "({pid}, {user}, 3, {per_order}, 3000, {rate_max}, {days}, 5000, {promise}, 0, {now}, {first}, {last})",
                    last = first + (days - 1) * DAY
                ));
            }
            written += n;
            ops.push(Operation {
                key: format!("bench-lock:{user}"),
                reason: "lock_subscribe".into(),
                ref_type: "bench".into(),
                ref_id: *user,
                postings: vec![
                    Posting::user(
                        *user,
                        account::CHANGE,
                        3,
                        Bucket::Available,
                        -(per_order * n as i64),
                    ),
                    Posting::user(
                        *user,
                        account::MINING,
                        3,
                        Bucket::Available,
                        per_order * n as i64,
                    ),
                ],
            });
        }
        for rows in values.chunks(5_000) {
            sqlx::query(&format!(
                "INSERT INTO lock_orders (product_id, user_id, currency, amount, rate_min_ppm, rate_max_ppm, days, penalty_ppm, promised_left, status, created_at, first_accrual_at, matures_at) VALUES {}",
                rows.join(", ")
            ))
            .execute(&mut *tx)
            .await
            .unwrap_or_else(|e| panic!("{e}"));
        }
        if !ops.is_empty() {
            ledger::post_many(&mut tx, &ops)
                .await
                .unwrap_or_else(|e| panic!("{e:?}"));
        }
        tx.commit().await.unwrap_or_else(|e| panic!("{e}"));
    }
    // Due a minute after the orders are written: time for the actors to
    // load them and for the spot traders to log in and be measured alone.
    let due = bourse::db::now_ms() + 60_000;
    for (i, (pid, _, _)) in products.iter().enumerate() {
        per_product[i].1 = users.len().min(o.orders) as i64;
        exec(format!(
            "UPDATE lock_products SET total_cap = {cap}, user_cap = {cap}, locked = {}, holders = {}, accrued_through = {} WHERE id = {pid}",
            per_product[i].0,
            per_product[i].1,
            // Due a minute from now, once the actors hold the orders and
            // the spot load runs: the accrual measured.
            due - DAY,
            cap = 1_000_000_000 * U
        ))
        .await;
    }
    exec(format!(
        "UPDATE earn_reserves SET promised = promised + {promised} WHERE currency = 3"
    ))
    .await;
    bourse::earn::fund_reserve(&state, 3, promised, "bench-reserve".into())
        .await
        .unwrap_or_else(|e| panic!("{e:?}"));
    let handles: Vec<_> = products
        .iter()
        .map(|p| state.earn.product(p.0).unwrap_or_else(|e| panic!("{e:?}")))
        .collect();
    for h in &handles {
        h.send(Reload).await.unwrap_or_else(|e| panic!("{e}"));
    }
    println!(
        "set-up: {} users, {written} open orders over {} products in {:.1} s",
        users.len(),
        products.len(),
        t0.elapsed().as_secs_f64()
    );

    // Spot traders.
    let client = reqwest::Client::new();
    let mut tokens = Vec::new();
    for i in 0..o.concurrency.min(32) {
        let email = format!("spot{i}@bench.local");
        common::user(
            &state,
            &email,
            &hash,
            &[
                (3, 10_000_000 * U, account::CHANGE),
                (2, 10_000 * U, account::CHANGE),
            ],
        )
        .await;
        tokens.push(common::login(&client, &address, &email).await);
    }
    let alone =
        common::spot_timed(&client, &address, &tokens, o.concurrency, o.seconds as u64).await;
    let store = state.store.clone();

    // The day falls due a second into a spot window: each product's actor is
    // asked for the accrual its own timer (every 5 s) would ask for, at once.
    let wait = due - 1_000 - bourse::db::now_ms();
    assert!(wait > 0, "the set-up took longer than the minute allowed");
    actix_web::rt::time::sleep(std::time::Duration::from_millis(wait as u64)).await;
    let load = {
        let (client, address, tokens) = (client.clone(), address.clone(), tokens.clone());
        let (conc, secs) = (o.concurrency, o.seconds as u64);
        actix_web::rt::spawn(async move {
            common::spot_timed(&client, &address, &tokens, conc, secs).await
        })
    };
    actix_web::rt::time::sleep(std::time::Duration::from_secs(1)).await;
    let _ = store.take_longest_turn();
    let t = Instant::now();
    let runs: Vec<_> = handles
        .iter()
        .map(|h| {
            let h = h.clone();
            actix_web::rt::spawn(async move {
                let t = Instant::now();
                h.send(Accrue).await.unwrap_or_else(|e| panic!("{e}"));
                t.elapsed().as_secs_f64()
            })
        })
        .collect();
    for (i, r) in runs.into_iter().enumerate() {
        let took = r.await.unwrap_or_default();
        println!(
            "product {}: {} orders accrued in {took:.2} s",
            products[i].0,
            per_product[i].0 / per_order
        );
    }
    let all = t.elapsed().as_secs_f64();
    common::longest_turn(&store, "the accruals");
    let beside = load.await.unwrap_or_else(|e| panic!("{e}"));
    let paid: (i64,) = sqlx::query_as("SELECT COUNT(*) FROM lock_orders WHERE paid_days = 1")
        .fetch_one(&db)
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    println!("all products: {} orders paid one day in {all:.2} s", paid.0);
    println!(
        "spot alone {:.0} orders/s (p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms)",
        alone.rate, alone.p50_ms, alone.p99_ms, alone.max_ms
    );
    println!(
        "over a window holding the accruals {:.0} orders/s (ratio {:.2}; p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms)",
        beside.rate,
        beside.rate / alone.rate,
        beside.p50_ms,
        beside.p99_ms,
        beside.max_ms
    );
    let audit = ledger::audit(&db).await.unwrap_or_else(|e| panic!("{e:?}"));
    println!("audit: {}", if audit.ok { "passed" } else { "FAILED" });
    let _ = std::fs::remove_dir_all(&dir);
}
