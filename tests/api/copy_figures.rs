//! What a trader's figures and a follower's open copy show: the trader list
//! and the trader's page give the one stored computation of the figures with
//! its time, and a trade moves both within seconds; an open copy's receipt
//! gives its margin, the mark price and its unrealised profit, as the
//! contract screens give them for the same position.

use crate::copy::{follow, holding, leader, open, with_lever};
use crate::derivatives::set_index;
use crate::helpers::TestApp;
use crate::on_both;
use serde_json::Value;
use std::time::{Duration, Instant};

/// The trader's card in the list.
async fn card(app: &TestApp, trader: i64) -> Value {
    let list = app.get("/follow/index?limit=100", None).await;
    list.assert_ok();
    list.message()["data"]
        .as_array()
        .and_then(|d| d.iter().find(|c| c["trader_id"] == trader).cloned())
        .unwrap_or_else(|| panic!("trader {trader} not listed: {}", list.body))
}

async fn page(app: &TestApp, trader: i64) -> Value {
    let p = app
        .get(&format!("/follow/traderDetail?trader_id={trader}"), None)
        .await;
    p.assert_ok();
    p.message()["trader"].clone()
}

/// Waits (at most 10 s) until the list shows `open` open and `closed`
/// closed positions of the trader, then answers the card.
async fn listed_with(app: &TestApp, trader: i64, open: i64, closed: i64) -> Value {
    let until = Instant::now() + Duration::from_secs(10);
    loop {
        let c = card(app, trader).await;
        if c["open_positions"] == open && c["closed"] == closed {
            return c;
        }
        assert!(
            Instant::now() < until,
            "the list did not follow the trades: {c}"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// The trader's card and page, read until no recomputation fell between
/// them (a profit share paid to the trader moves its account too): the page
/// must then show exactly the card, time included.
async fn agreeing(app: &TestApp, trader: i64) -> Value {
    for _ in 0..5 {
        let (before, shown, after) = (
            card(app, trader).await,
            page(app, trader).await,
            card(app, trader).await,
        );
        if before == after {
            assert_eq!(shown, before, "the page and the list disagree");
            return before;
        }
    }
    panic!("the figures never held still");
}

async fn receipts(app: &TestApp, token: &str) -> Vec<Value> {
    let r = app.get("/follow/receipts", Some(token)).await;
    r.assert_ok();
    r.message()["data"].as_array().cloned().unwrap_or_default()
}

async fn the_list_and_the_page_show_one_computation(app: TestApp) {
    let admin = app.admin().await;
    set_index(&app, 67_000).await;
    let (lt, lid) = leader(&app, &admin, "5").await;
    let (ft, _) = with_lever(&app, &admin, "1000").await;
    follow(
        &app,
        &ft,
        lid,
        &[("mode", "1"), ("amount", "1"), ("max_margin", "1000")],
    )
    .await
    .assert_ok();

    // Approved and not yet trading: both show the figures of the approval.
    let first = agreeing(&app, lid).await;
    assert!(first["computed_at"].as_i64().unwrap_or(0) > 0, "{first}");

    // Two positions, one closed at a profit: the list follows in seconds,
    // and the page shows exactly what the list shows, time included.
    let a = open(&app, &lt, "1", "2").await;
    open(&app, &lt, "2", "1").await;
    set_index(&app, 67_400).await;
    let aid = a["id"].as_i64().unwrap_or_default().to_string();
    app.post("/lever/close", Some(&lt), &[("id", &aid)])
        .await
        .assert_ok();
    let listed = listed_with(&app, lid, 1, 1).await;
    assert!(
        listed["computed_at"].as_i64() > first["computed_at"].as_i64(),
        "{listed}"
    );
    assert_ne!(listed["total_profit"], first["total_profit"]);
    let both = agreeing(&app, lid).await;
    assert_eq!(both["open_positions"], 1, "{both}");
    assert_eq!(both["closed"], 1, "{both}");

    // The follower's open copy: its margin, the mark and the unrealised
    // profit, the same the contract screens give for that position.
    let shown = receipts(&app, &ft).await;
    let open_copy = shown
        .iter()
        .find(|r| r["status"] == 1)
        .cloned()
        .unwrap_or_else(|| panic!("no open copy: {shown:?}"));
    let closed_copy = shown
        .iter()
        .find(|r| r["status"] == 3)
        .cloned()
        .unwrap_or_else(|| panic!("no closed copy: {shown:?}"));
    let position = holding(&app, &ft)
        .await
        .into_iter()
        .find(|p| p["id"] == open_copy["id"])
        .unwrap_or_else(|| panic!("the copy is not held: {open_copy}"));
    assert_eq!(open_copy["margin"], position["caution_money"]);
    assert_eq!(open_copy["mark_price"], position["mark_price"]);
    assert_eq!(open_copy["unrealised"], position["profit"]);
    assert_eq!(open_copy["mark_price"], "67400");
    // A closed copy keeps its realised profit and has no mark.
    assert!(closed_copy["mark_price"].is_null() && closed_copy["unrealised"].is_null());
    assert!(closed_copy["profit"].is_string(), "{closed_copy}");
    // The mark moves, the unrealised profit with it (the copy is short).
    set_index(&app, 66_400).await;
    let moved = receipts(&app, &ft)
        .await
        .into_iter()
        .find(|r| r["id"] == open_copy["id"])
        .unwrap_or_default();
    assert_eq!(moved["mark_price"], "66400");
    let gain = |v: &Value| -> f64 { v.as_str().unwrap_or("x").parse().unwrap_or(f64::NAN) };
    assert!(
        gain(&moved["unrealised"]) > gain(&open_copy["unrealised"]),
        "{moved} after {open_copy}"
    );
    app.assert_audit(&admin).await;
}

on_both!(
    the_list_and_the_page_show_one_computation,
    &[("BOURSE__CODES__RESEND_SECONDS", "0")]
);
