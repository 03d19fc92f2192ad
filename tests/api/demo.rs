//! The demo traders: accounts marked demo whose orders go through the market
//! like anyone's, fill against the provider, and leave the ledger balanced.

use crate::helpers::TestApp;
use crate::on_both;
use actors::market::actor::Tick;
use std::time::Duration;

async fn demo_traders_place_real_orders_that_fill(app: TestApp) {
    let admin = app.admin().await;
    // The provider quotes once; the traders' market orders then take its quotes.
    for m in &app.state.markets.list {
        m.send(Tick).await.unwrap_or_else(|e| panic!("{e}"));
    }
    let mut traded = 0i64;
    for _ in 0..100 {
        let (n,): (i64,) = sqlx::query_as(
            "SELECT COUNT(*) FROM trades t JOIN users u ON u.id = t.taker_user WHERE u.demo = 1",
        )
        .fetch_one(&app.state.db)
        .await
        .unwrap_or_else(|e| panic!("{e}"));
        traded = n;
        if traded >= 3 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(traded >= 3, "demo traders made {traded} trades");
    // Admins see the accounts as demo ones, and the traders in the health list.
    let users = app.admin_get(&admin, "/users?limit=100").await;
    let rows = users.message()["data"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let demo: Vec<_> = rows
        .iter()
        .filter(|u| {
            u["account"]
                .as_str()
                .is_some_and(|a| a.starts_with("demo-trader-"))
        })
        .collect();
    assert_eq!(demo.len(), 2, "{}", users.body);
    assert!(demo.iter().all(|u| u["demo"] == true));
    assert!(rows
        .iter()
        .any(|u| u["account"] == "demo@bourse.local" && u["demo"] == true));
    assert!(rows
        .iter()
        .any(|u| u["role"] == "admin" && u["demo"] == false));
    let health = app.admin_get(&admin, "/health").await;
    let traders = health.message()["actors"]
        .as_array()
        .and_then(|a| a.iter().find(|x| x["name"] == "demo-traders").cloned())
        .unwrap_or_else(|| panic!("{}", health.body));
    // Its own checks count the orders placed.
    let placed: u64 = traders["checks"]
        .as_array()
        .and_then(|c| c.iter().find(|c| c["name"] == "placed"))
        .and_then(|c| c["detail"].as_str())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{traders}"));
    assert!(placed >= 3, "{traders}");
    app.assert_audit(&admin).await;
}
on_both!(
    demo_traders_place_real_orders_that_fill,
    &[
        ("BOURSE__DEMO__TRADERS", "2"),
        ("BOURSE__DEMO__TRADER_EVERY_MS", "100")
    ]
);

/// An address a demo trader would use, taken by a person first, stays theirs:
/// no demo trader is made of it and their funds are not touched.
async fn a_person_holding_a_demo_trader_address_is_never_traded_for(app: TestApp) {
    let person = bourse::accounts::create_user(
        &app.state,
        Some("demo-trader-1@bourse.local".into()),
        None,
        None,
        "not-a-hash",
        None,
        "user",
    )
    .await
    .unwrap_or_else(|e| panic!("{e:?}"));
    let traders = bourse::demo_traders::ensure_accounts(&app.state, 2)
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(traders.len(), 1);
    assert!(!traders.contains(&person));
    let (demo,): (i64,) = sqlx::query_as("SELECT demo FROM users WHERE id = $1")
        .bind(person)
        .fetch_one(&app.state.db)
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(demo, 0);
    let (held,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM balances WHERE holder = $1")
        .bind(person)
        .fetch_one(&app.state.db)
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(held, 0, "the person was not funded as a demo account");
}
on_both!(a_person_holding_a_demo_trader_address_is_never_traded_for);

/// The demo lead traders: approved through the review, trading real contract
/// positions through the contract actors, so a follower gets real copies.
async fn demo_lead_traders_trade_real_positions_that_are_copied(app: TestApp) {
    let admin = app.admin().await;
    let list = app.get("/follow/index", None).await;
    let leads = list.message()["data"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert_eq!(leads.len(), 2, "{}", list.body);
    let lead = leads[0]["trader_id"]
        .as_i64()
        .unwrap_or_default()
        .to_string();
    let token = crate::derivatives::demo_with(&app, "3", "500").await;
    app.post(
        "/follow/follow",
        Some(&token),
        &[
            ("trader_id", &lead),
            ("mode", "1"),
            ("amount", "1"),
            ("max_margin", "500"),
            ("agree", "1"),
        ],
    )
    .await
    .assert_ok();
    let mut copies = 0;
    for _ in 0..200 {
        let r = app.get("/follow/receipts", Some(&token)).await;
        copies = r.message()["total"].as_i64().unwrap_or_default();
        if copies > 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(copies > 0, "no copy of a demo lead trader's position");
    // Each trader trades as its intro says: every position of its history
    // and now at a multiple within the ones its intro names ("5x").
    for l in &leads {
        let named: Vec<i64> = l["intro"]
            .as_str()
            .unwrap_or_default()
            .split(|c: char| !c.is_ascii_alphanumeric())
            .filter_map(|w| w.strip_suffix('x')?.parse().ok())
            .collect();
        let (lo, hi) = (
            named.iter().min().copied().unwrap_or(0),
            named.iter().max().copied().unwrap_or(0),
        );
        assert!(hi > 0, "the intro names no leverage: {l}");
        let mut seen = 0;
        for (history, page) in [(1, 1), (1, 2), (1, 3), (0, 1)] {
            let trades = app
                .get(
                    &format!(
                        "/follow/historyTrade?trader_id={}&history={history}&page={page}&limit=100",
                        l["trader_id"]
                    ),
                    None,
                )
                .await;
            trades.assert_ok();
            for t in trades.message()["data"].as_array().into_iter().flatten() {
                let m = t["multiple"].as_i64().unwrap_or_default();
                assert!(
                    (lo..=hi).contains(&m),
                    "{}: {m}x, its intro says {lo}x to {hi}x",
                    l["name"]
                );
                seen += 1;
            }
        }
        assert!(seen > 0, "{} has no positions", l["name"]);
    }
    let health = app.admin_get(&admin, "/health").await;
    let names: Vec<String> = health.message()["actors"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|a| a["name"].as_str().map(String::from))
        .collect();
    assert!(names.iter().any(|n| n == "demo-leads"), "{names:?}");
    assert_eq!(names.iter().filter(|n| n.starts_with("copy:")).count(), 2);
    app.assert_audit(&admin).await;
}

on_both!(
    demo_lead_traders_trade_real_positions_that_are_copied,
    &[
        ("BOURSE__DEMO__LEAD_TRADERS", "2"),
        ("BOURSE__DEMO__TRADER_EVERY_MS", "100")
    ]
);
