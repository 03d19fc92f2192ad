//! Supervision: a market actor that panics is started again by its handle. The
//! new instance rebuilds its book from the database, orders work again, nothing
//! acknowledged is lost, the ledger balances, and the health screen counts the
//! restart. The panic comes from a message only test builds have (`Crash`, the
//! `fault-injection` feature); no route reaches it.

use crate::helpers::{limit, TestApp};
use crate::on_both;
use actors::market::actor::{Crash, Snapshot};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// The health screen's line for `name`.
async fn report(app: &TestApp, admin: &str, name: &str) -> Value {
    let health = app.admin_get(admin, "/health").await;
    health.message()["actors"]
        .as_array()
        .and_then(|a| a.iter().find(|x| x["name"] == name).cloned())
        .unwrap_or_else(|| panic!("{name} not listed: {}", health.body))
}

async fn a_market_that_panics_is_restarted_with_its_book(app: TestApp) {
    let admin = app.admin().await;
    let token = app.login("demo@bourse.local", "Demo123456").await;
    let placed = app
        .post("/coin/trade", Some(&token), &limit("1", "40000", "0.05"))
        .await;
    placed.assert_ok();
    let before = report(&app, &admin, "market:BTC/USDT").await;
    assert_eq!(
        (before["restarts"].clone(), before["status"].clone()),
        (json!(0), json!("ok")),
        "{before}"
    );

    let market = app
        .state
        .markets
        .by_id(1)
        .unwrap_or_else(|| panic!("BTC/USDT"));
    market.handle.addr().do_send(Crash);
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let r = report(&app, &admin, "market:BTC/USDT").await;
        if r["restarts"] == 1 && r["status"] == "ok" {
            break;
        }
        assert!(Instant::now() < deadline, "not back in 10 s: {r}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }

    // The acknowledged order is on the rebuilt book, its funds still frozen.
    let snap = market
        .send(Snapshot)
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(snap["depth"]["bids"][0], json!(["40000", "0.05"]), "{snap}");
    assert_eq!(
        app.balance(&token, "USDT", "2").await,
        ("8000".into(), "2000".into())
    );
    // Orders work again: a new one rests, and both are cancelled.
    let again = app
        .post("/coin/trade", Some(&token), &limit("1", "39000", "0.01"))
        .await;
    again.assert_ok();
    for order in [&placed, &again] {
        let id = order.message()["id"]
            .as_i64()
            .unwrap_or_default()
            .to_string();
        app.send(
            app.client
                .put(format!("{}/api/coin/trade", app.address))
                .header("Authorization", &token)
                .form(&[("id", &id)]),
        )
        .await
        .assert_ok();
    }
    assert_eq!(
        app.balance(&token, "USDT", "2").await,
        ("10000".into(), "0".into())
    );
    app.assert_audit(&admin).await;
}
on_both!(a_market_that_panics_is_restarted_with_its_book);

/// The health screen says where the spot orders' time went: every stage of
/// the order path counts each order once, and no order's total is shorter
/// than the commit it waited for.
async fn the_health_screen_shows_where_orders_spend_their_time(app: TestApp) {
    let admin = app.admin().await;
    let token = app.login("demo@bourse.local", "Demo123456").await;
    let stages = |h: &Value| -> Vec<(String, u64, f64, f64)> {
        h["orders"]
            .as_array()
            .unwrap_or_else(|| panic!("no order stages: {h}"))
            .iter()
            .map(|s| {
                (
                    s["stage"].as_str().unwrap_or_default().to_string(),
                    s["count"].as_u64().unwrap_or_default(),
                    s["p99_ms"].as_f64().unwrap_or(-1.0),
                    s["max_ms"].as_f64().unwrap_or(-1.0),
                )
            })
            .collect()
    };
    let before = stages(app.admin_get(&admin, "/health").await.message());
    // A resting buy, then a sell that crosses it (matched and settled).
    for (side, price) in [("1", "40000"), ("2", "40000"), ("1", "39000")] {
        app.post("/coin/trade", Some(&token), &limit(side, price, "0.01"))
            .await
            .assert_ok();
    }
    let after = stages(app.admin_get(&admin, "/health").await.message());
    let names: Vec<&str> = after.iter().map(|s| s.0.as_str()).collect();
    assert_eq!(
        names,
        ["queue", "writer", "match", "write", "commit", "answer", "total", "batch"]
    );
    let placed = |name: &str| {
        let now = after.iter().find(|s| s.0 == name).map_or(0, |s| s.1);
        let then = before.iter().find(|s| s.0 == name).map_or(0, |s| s.1);
        now - then
    };
    // No demo bot trades in the tests: exactly the three orders, each
    // counted once per stage, in one to three batches.
    for stage in [
        "queue", "writer", "match", "write", "commit", "answer", "total",
    ] {
        assert_eq!(placed(stage), 3, "{stage}: {after:?}");
    }
    assert!((1..=3).contains(&placed("batch")), "{after:?}");
    let max = |name: &str| after.iter().find(|s| s.0 == name).map_or(-1.0, |s| s.3);
    assert!(max("commit") > 0.0, "{after:?}");
    assert!(max("total") >= max("commit"), "{after:?}");
    assert!(max("total") >= max("write"), "{after:?}");
    app.assert_audit(&admin).await;
}
on_both!(the_health_screen_shows_where_orders_spend_their_time);
