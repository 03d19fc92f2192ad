//! Restarts that are restarts: the first server is the real binary in its own
//! process, killed with SIGKILL (nothing flushed, nothing shut down), and only
//! then is a fresh server started on the same database. On SQLite and on
//! PostgreSQL. Every acknowledged action must be there, timers that fell due
//! while nothing ran must fire once, and the ledger must balance.

use crate::derivatives::{demo_with, open, settled};
use crate::helpers::{fresh_database, limit, spawn_app_with, Backend, TestApp};
use crate::node::{kill_now, Node};
use futures_util::StreamExt;
use std::path::PathBuf;
use std::time::Duration;

/// A database for `backend` in a folder of its own, or None when PostgreSQL is
/// not configured here.
pub(crate) async fn database(backend: Backend) -> Option<(String, PathBuf)> {
    let dir = std::env::temp_dir().join(format!(
        "bourse-restart-{}",
        bourse::security::random_name()
    ));
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    let url = fresh_database(backend, &dir).await?;
    Some((url, dir))
}

/// The server that comes back, in this process, on the same database.
pub(crate) async fn restarted(backend: Backend, url: &str, dir: &std::path::Path) -> TestApp {
    let uploads = dir.join("uploads").display().to_string();
    spawn_app_with(
        backend,
        &[
            ("BOURSE__DATABASE__URL", url),
            ("BOURSE__UPLOADS__DIR", &uploads),
        ],
    )
    .await
    .unwrap_or_else(|| panic!("the backend was there a moment ago"))
}

macro_rules! on_both_backends {
    ($name:ident) => {
        mod $name {
            use crate::helpers::Backend;

            #[actix_web::test]
            async fn on_sqlite() {
                super::$name(Backend::Sqlite).await;
            }

            #[actix_web::test]
            async fn on_postgres() {
                super::$name(Backend::Postgres).await;
                actors::testenv::drop_remembered().await;
            }
        }
    };
}
pub(crate) use on_both_backends;

async fn open_orders_and_balances_survive_a_kill(backend: Backend) {
    let Some((url, dir)) = database(backend).await else {
        return eprintln!("TEST_DATABASE_URL not set: PostgreSQL half not run");
    };
    let first = Node::start(&url, &dir);
    let token = first.login("demo@bourse.local", "Demo123456").await;
    let placed = first
        .post("/coin/trade", Some(&token), &limit("1", "40000", "0.05"))
        .await;
    placed.assert_ok();
    first.kill();

    let second = restarted(backend, &url, &dir).await;
    let snap = second
        .state
        .markets
        .by_id(1)
        .unwrap_or_else(|| panic!("BTC/USDT"))
        .send(actors::market::actor::Snapshot)
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        snap["depth"]["bids"][0],
        serde_json::json!(["40000", "0.05"]),
        "{snap}"
    );
    assert_eq!(
        second.balance(&token, "USDT", "2").await,
        ("8000".into(), "2000".into())
    );
    let id = placed.message()["id"]
        .as_i64()
        .unwrap_or_default()
        .to_string();
    let cancel = second
        .send(
            second
                .client
                .put(format!("{}/api/coin/trade", second.address))
                .header("Authorization", &token)
                .form(&[("id", &id)]),
        )
        .await;
    cancel.assert_ok();
    assert_eq!(
        second.balance(&token, "USDT", "2").await,
        ("10000".into(), "0".into())
    );
    let admin = second.admin().await;
    second.assert_audit(&admin).await;
}
on_both_backends!(open_orders_and_balances_survive_a_kill);

/// A position and an option survive the kill; the option falls due while no
/// server runs and is settled exactly once by the one that comes back.
async fn positions_survive_and_an_option_due_while_down_settles_once(backend: Backend) {
    let Some((url, dir)) = database(backend).await else {
        return eprintln!("TEST_DATABASE_URL not set: PostgreSQL half not run");
    };
    let first = Node::start(&url, &dir);
    let token = demo_with(&first, "3", "500").await;
    first
        .post(
            "/wallet/change",
            Some(&token),
            &[
                ("currency_id", "3"),
                ("number", "500"),
                ("from_field", "2"),
                ("to_field", "4"),
            ],
        )
        .await
        .assert_ok();
    let pos = open(
        &first,
        &token,
        &[
            ("type", "1"),
            ("status", "1"),
            ("share", "1"),
            ("multiple", "10"),
        ],
    )
    .await;
    let opt = first
        .post(
            "/microtrade/submit",
            Some(&token),
            &[
                ("match_id", "1"),
                ("type", "1"),
                ("seconds", "2"),
                ("number", "100"),
            ],
        )
        .await;
    opt.assert_ok();
    first.kill();
    // The option's two seconds run out while nothing runs.
    tokio::time::sleep(Duration::from_millis(2500)).await;

    let second = restarted(backend, &url, &dir).await;
    let id = opt.message()["id"].as_i64().unwrap_or_default();
    let r = settled(&second, &token, id).await;
    assert_eq!(r.message()["status"], 1, "{}", r.body);
    assert_eq!(r.message()["outcome"], 3, "the index did not move: a tie");
    // 500 − 100 stake − 0.2 fee + 100 back on a tie, once.
    assert_eq!(
        second.balance(&token, "USDT", "4").await,
        ("499.8".into(), "0".into())
    );
    let history = second.get("/microtrade/lists?type=2", Some(&token)).await;
    assert_eq!(history.message()["total"], 1, "{}", history.body);
    second
        .post(
            "/lever/close",
            Some(&token),
            &[("id", &pos["id"].to_string())],
        )
        .await
        .assert_ok();
    let admin = second.admin().await;
    second.assert_audit(&admin).await;
}
on_both_backends!(positions_survive_and_an_option_due_while_down_settles_once);

/// Killed while orders stream in: every order the server acknowledged is there
/// after the restart, what is frozen matches the open orders, and the ledger
/// balances.
async fn a_kill_while_orders_are_written_loses_no_acknowledged_order(backend: Backend) {
    let Some((url, dir)) = database(backend).await else {
        return eprintln!("TEST_DATABASE_URL not set: PostgreSQL half not run");
    };
    let first = Node::start(&url, &dir);
    let token = first.login("demo@bourse.local", "Demo123456").await;
    let pid = first.pid();
    // 30 USDT each, far below the book: they rest, and freeze 30 USDT apiece.
    let orders = 400;
    let url_trade = format!("{}/api/coin/trade", first.address);
    let mut flying = futures_util::stream::iter(0..orders)
        .map(|_| {
            let req = first
                .client
                .post(&url_trade)
                .header("Authorization", &token)
                .form(&limit("1", "30000", "0.001"));
            async move {
                let resp = req.send().await.ok()?;
                let body: serde_json::Value = resp.json().await.ok()?;
                (body["type"] == "ok")
                    .then(|| body["message"]["id"].as_i64())
                    .flatten()
            }
        })
        .buffer_unordered(64);
    let mut acknowledged = Vec::new();
    let mut killed = false;
    while let Some(answer) = flying.next().await {
        if let Some(id) = answer {
            acknowledged.push(id);
        }
        if !killed && acknowledged.len() >= 120 {
            kill_now(pid);
            killed = true;
        }
    }
    drop(flying);
    assert!(
        killed && acknowledged.len() >= 120,
        "{} acknowledged",
        acknowledged.len()
    );
    assert!(
        acknowledged.len() < orders,
        "the kill came after every order was written"
    );
    first.kill();

    let second = restarted(backend, &url, &dir).await;
    let mut open_ids = Vec::new();
    for page in 1.. {
        let p = second
            .get(
                &format!("/coin/list?type=current&page={page}&limit=100"),
                Some(&token),
            )
            .await;
        let rows = p.message()["data"].as_array().cloned().unwrap_or_default();
        open_ids.extend(rows.iter().filter_map(|r| r["id"].as_i64()));
        if rows.len() < 100 {
            break;
        }
    }
    for id in &acknowledged {
        assert!(open_ids.contains(id), "acknowledged order {id} was lost");
    }
    let (available, frozen) = second.balance(&token, "USDT", "2").await;
    let frozen: f64 = frozen.parse().unwrap_or(-1.0);
    let available: f64 = available.parse().unwrap_or(-1.0);
    assert_eq!(
        frozen,
        30.0 * open_ids.len() as f64,
        "frozen against {} open orders",
        open_ids.len()
    );
    assert_eq!(available + frozen, 10_000.0);
    let admin = second.admin().await;
    second.assert_audit(&admin).await;
}
on_both_backends!(a_kill_while_orders_are_written_loses_no_acknowledged_order);
