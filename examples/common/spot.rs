//! What the benchmarks share: the server on a fresh database, users funded through the ledger as demo
//! accounts are, logged in over HTTP, and a spot load of limit orders on
//! ETH/USDT from many connections, counted by acknowledged orders.

use actors::ledger::{self, Bucket, Operation, Posting, SystemAccount};
use bourse::app::Application;
use bourse::config::Settings;
use bourse::state::AppState;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// The server in this process on a fresh database (a new SQLite file, or
/// the empty database `BENCH_DATABASE_URL` names) with the default
/// configuration's markets, prices held still and no demo bots: its
/// address, its state and the folder to remove at the end.
pub async fn server(name: &str) -> (String, AppState, PathBuf) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = std::env::temp_dir().join(format!("bourse-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    let url = std::env::var("BENCH_DATABASE_URL")
        .unwrap_or_else(|_| format!("sqlite://{}/bench.db?mode=rwc", dir.display()));
    let vars: Vec<(String, String)> = vec![
        ("BOURSE__DATABASE__URL".into(), url),
        (
            "BOURSE__UPLOADS__DIR".into(),
            dir.join("uploads").display().to_string(),
        ),
        ("BOURSE__SERVER__PORT".into(), "0".into()),
        ("BOURSE__MARKET__TICK_MS".into(), "0".into()),
        ("BOURSE__DEMO__TRADERS".into(), "0".into()),
        ("BOURSE__DEMO__LEAD_TRADERS".into(), "0".into()),
    ];
    let settings =
        Settings::load_with(&root.join("config"), &vars).unwrap_or_else(|e| panic!("{e}"));
    let app = Application::build(settings)
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    let address = app.address();
    let state = app.state.clone();
    actix_web::rt::spawn(app.run_until_stopped());
    (address, state, dir)
}

/// A user with a shared password hash and `amount` of `currency` on
/// account `to`, funded from the deposits account.
pub async fn user(state: &AppState, email: &str, hash: &str, funds: &[(i64, i64, i64)]) -> i64 {
    let id =
        bourse::accounts::create_user(state, Some(email.into()), None, None, hash, None, "user")
            .await
            .unwrap_or_else(|e| panic!("{e:?}"));
    for (i, (currency, amount, to)) in funds.iter().enumerate() {
        let op = Operation {
            key: format!("bench-funding:{id}:{i}"),
            reason: "demo_funding".into(),
            ref_type: "user".into(),
            ref_id: id,
            postings: vec![
                Posting::system(SystemAccount::Deposits, *currency, -amount),
                Posting::user(id, *to, *currency, Bucket::Available, *amount),
            ],
        };
        ledger::apply(&state.db, &op)
            .await
            .unwrap_or_else(|e| panic!("{e:?}"));
    }
    id
}

/// Logs `email` in (password `BenchPass123`); answers the token.
pub async fn login(client: &reqwest::Client, address: &str, email: &str) -> String {
    let login = client
        .post(format!("{address}/api/user/login"))
        .form(&[("user_string", email), ("password", "BenchPass123")])
        .send()
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    let v: serde_json::Value = login.json().await.unwrap_or_else(|e| panic!("{e}"));
    v["message"]
        .as_str()
        .unwrap_or_else(|| panic!("login: {v}"))
        .to_string()
}

/// What a spot window measured: acknowledged orders per second, and the
/// acknowledged orders' times from send to answer (ms).
// Each example including this file reads what it reports (copybench the rate).
#[allow(dead_code)]
pub struct SpotRun {
    pub rate: f64,
    pub p50_ms: f64,
    pub p99_ms: f64,
    pub max_ms: f64,
}

/// `conc` connections place limit orders on ETH/USDT (away from the
/// market, so they rest) for `seconds`, each acknowledged order timed.
pub async fn spot_timed(
    client: &reqwest::Client,
    address: &str,
    tokens: &[String],
    conc: usize,
    seconds: u64,
) -> SpotRun {
    let stop = Arc::new(AtomicBool::new(false));
    let mut tasks = Vec::new();
    for c in 0..conc {
        let (client, address, token, stop) = (
            client.clone(),
            address.to_string(),
            tokens[c % tokens.len()].clone(),
            stop.clone(),
        );
        tasks.push(actix_web::rt::spawn(async move {
            let mut took = Vec::new();
            let mut n = c as u64;
            while !stop.load(Ordering::Relaxed) {
                n += 1;
                let buy = n.is_multiple_of(2);
                let price = if buy {
                    3_400.0 - (n % 50) as f64
                } else {
                    3_600.0 + (n % 50) as f64
                };
                let sent = std::time::Instant::now();
                let res = client
                    .post(format!("{address}/api/coin/trade"))
                    .header("Authorization", &token)
                    .form(&[
                        ("symbol", "ETH/USDT"),
                        ("type", if buy { "1" } else { "2" }),
                        ("target_price", &format!("{price:.2}")),
                        ("amount", "0.001"),
                    ])
                    .send()
                    .await;
                if let Ok(r) = res {
                    let v: serde_json::Value = r.json().await.unwrap_or_default();
                    if v["type"] == "ok" {
                        took.push(sent.elapsed().as_secs_f64() * 1e3);
                    }
                }
            }
            took
        }));
    }
    actix_web::rt::time::sleep(Duration::from_secs(seconds)).await;
    stop.store(true, Ordering::Relaxed);
    let mut all = Vec::new();
    for t in tasks {
        all.extend(t.await.unwrap_or_default());
    }
    all.sort_by(f64::total_cmp);
    let at = |q: f64| {
        all.get(((all.len() as f64 * q) as usize).min(all.len().saturating_sub(1)))
            .copied()
            .unwrap_or(0.0)
    };
    SpotRun {
        rate: all.len() as f64 / seconds as f64,
        p50_ms: at(0.50),
        p99_ms: at(0.99),
        max_ms: all.last().copied().unwrap_or(0.0),
    }
}

/// Reads `--name number` pairs from the command line into the fields
/// `flags` names; panics on an unknown name or a missing number.
pub fn read_args(flags: &mut [(&str, &mut usize)]) {
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let v: usize = args
            .next()
            .and_then(|v| v.parse().ok())
            .unwrap_or_else(|| panic!("{a} needs a number"));
        let slot = flags
            .iter_mut()
            .find(|(name, _)| *name == a)
            .unwrap_or_else(|| panic!("unknown option {a}"));
        *slot.1 = v;
    }
}

/// Prints the longest one transaction held the SQLite writer since the meter
/// was last read (PostgreSQL has no single writer: 0 there).
pub fn longest_turn(store: &actors::sql::Store, during: &str) {
    println!(
        "{during}: longest writer turn {:.1} ms",
        store.take_longest_turn().as_secs_f64() * 1e3
    );
}
