//! The index's recent path (`currency/index_history`), what a price chart
//! draws when it opens: the prices the `daymarket` ticker reported, one point
//! a second, ordered and bounded, with its parameters checked; and the prices
//! options open and settle at are points of it.

use crate::derivatives::{demo_with, settled};
use crate::helpers::{tell, wait_for, Collector, TestApp};
use crate::on_both;
use actix::Actor;
use actors::market::actor::Tick;
use bourse::api::market::quotes::IndexHistory;
use bourse::socket::hub::{Join, Outbound};
use serde_json::Value;
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

async fn path(app: &TestApp, query: &str) -> IndexHistory {
    let a = app
        .get(&format!("/currency/index_history?{query}"), None)
        .await;
    a.assert_ok();
    serde_json::from_value(a.message().clone()).unwrap_or_else(|e| panic!("{e}: {:?}", a.body))
}

/// The `daymarket` tickers of `symbol` a session heard, as (time, price).
fn tickers(heard: &Arc<Mutex<Vec<Outbound>>>, symbol: &str) -> Vec<(i64, String)> {
    heard
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .iter()
        .filter_map(|o| {
            let json = o.frame.strip_prefix("42")?;
            let v: Value = serde_json::from_str(json).ok()?;
            (v[0] == "daymarket" && v[1]["symbol"] == symbol)
                .then(|| (v[1]["time"].as_i64(), v[1]["now_price"].as_str()))
                .and_then(|(t, p)| Some((t?, p?.to_string())))
        })
        .collect()
}

/// The price in force at `at` (ms) on a path: its last point at or before it.
fn in_force(h: &IndexHistory, at: i64) -> Option<&str> {
    h.data
        .iter()
        .rev()
        .find(|p| p.time <= at)
        .map(|p| p.price.as_str())
}

fn ordered_one_a_second(h: &IndexHistory) -> bool {
    h.data
        .windows(2)
        .all(|w| w[0].time.div_euclid(1000) < w[1].time.div_euclid(1000))
}

async fn the_index_history_is_the_path_the_ticker_reported(app: TestApp) {
    let heard = Arc::new(Mutex::new(Vec::new()));
    tell(
        &app.state.hub,
        Join {
            id: 900_301,
            to: Collector(heard.clone()).start().recipient(),
            user_id: None,
        },
    )
    .await;
    let m = app
        .state
        .markets
        .by_id(1)
        .unwrap_or_else(|| panic!("BTC/USDT"));

    // Before any tick: the price the market resumed at, since it started.
    let rows = app.get("/currency/list", None).await;
    let row = rows.message()[0].clone();
    assert_eq!(row["symbol"], "BTC/USDT");
    let start = path(&app, "match_id=1&seconds=600").await;
    assert_eq!((start.match_id, start.symbol.as_str()), (1, "BTC/USDT"));
    assert_eq!(start.data.len(), 1, "{start:?}");
    assert_eq!(
        Some(start.data[0].price.as_str()),
        row["now_price"].as_str()
    );
    assert_eq!(Some(start.data[0].time), row["time"].as_i64());
    assert!(start.data[0].time <= start.time);

    // Twelve moves over about three seconds, several within one second.
    for _ in 0..12 {
        m.send(Tick).await.unwrap_or_else(|e| panic!("{e}"));
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    wait_for("the twelve tickers", async || {
        tickers(&heard, "BTC/USDT").len() >= 12
    })
    .await;
    let told = tickers(&heard, "BTC/USDT");
    assert_eq!(told.len(), 12, "{told:?}");
    // What a chart keeps of them: the last ticker of each second.
    let mut last_of_second = BTreeMap::new();
    for (time, price) in &told {
        last_of_second.insert(time.div_euclid(1000), (*time, price.clone()));
    }
    assert!(last_of_second.len() >= 3, "{told:?}");

    let h = path(&app, "symbol=BTC/USDT&seconds=600").await;
    assert!(ordered_one_a_second(&h), "{h:?}");
    let first_tick = told[0].0.div_euclid(1000);
    let (before, after): (Vec<_>, Vec<_>) = h
        .data
        .iter()
        .partition(|p| p.time.div_euclid(1000) < first_tick);
    // The resumed price, unless the first tick fell in its second.
    assert!(before.len() <= 1, "{h:?}");
    if let Some(p) = before.first() {
        assert_eq!(p.price, start.data[0].price);
    }
    let reported: Vec<(i64, String)> = last_of_second.values().cloned().collect();
    let path_points: Vec<(i64, String)> = after.iter().map(|p| (p.time, p.price.clone())).collect();
    assert_eq!(
        path_points, reported,
        "the path is the tickers' last of each second"
    );

    // Bounded: a window of n seconds answers at most n + 1 points, the first
    // the price in force when it opens; the newest is the last ticker.
    for n in [1i64, 2, 3] {
        let w = path(&app, &format!("match_id=1&seconds={n}")).await;
        assert!(w.data.len() as i64 <= n + 1, "{n}: {w:?}");
        assert!(ordered_one_a_second(&w));
        let last = told.last().map(|(t, p)| (*t, p.clone()));
        assert_eq!(w.data.last().map(|p| (p.time, p.price.clone())), last);
        let opens = w.time.div_euclid(1000) - n + 1;
        assert!(w
            .data
            .iter()
            .skip(1)
            .all(|p| p.time.div_euclid(1000) >= opens));
    }
    // Left out, the window is five minutes: everything here.
    assert_eq!(path(&app, "match_id=1").await.data, h.data);

    // Options open and settle at prices of the path.
    let token = demo_with(&app, "4", "1000").await;
    let bought = app
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
    bought.assert_ok();
    let id = bought.message()["id"].as_i64().unwrap_or_default();
    let opened_at = bought.message()["opened_at"].as_i64().unwrap_or_default();
    // One move while it runs. The path keeps the last value of each second, so
    // the move waits for the second after the opening one (a chart slot shows
    // one price a second; the option's own entry is drawn at its price).
    let next_second = (opened_at.div_euclid(1000) + 1) * 1000 + 50;
    let wait = next_second - actors::market::actor::now_ms();
    tokio::time::sleep(Duration::from_millis(wait.max(0) as u64)).await;
    m.send(Tick).await.unwrap_or_else(|e| panic!("{e}"));
    if let Some(o) = &m.options {
        o.send(actors::runtime::Checks)
            .await
            .unwrap_or_else(|e| panic!("{e}"));
    }
    let r = settled(&app, &token, id).await;
    let r = r.message();
    assert_eq!(r["status"], 1, "{r}");
    let h = path(&app, "match_id=1&seconds=60").await;
    let at = |k: &str| r[k].as_i64().unwrap_or_default();
    assert_eq!(
        in_force(&h, at("opened_at")),
        r["open_price"].as_str(),
        "{r} {h:?}"
    );
    assert_eq!(
        in_force(&h, at("complete_time")),
        r["end_price"].as_str(),
        "{r} {h:?}"
    );
    assert_ne!(
        r["open_price"], r["end_price"],
        "the index moved while it ran"
    );
}
on_both!(the_index_history_is_the_path_the_ticker_reported);

/// `query` is refused with `status` and a message (in English) saying `has`.
async fn refused(app: &TestApp, query: &str, status: u16, has: &str) {
    let a = app
        .get(&format!("/currency/index_history?{query}&lang=en"), None)
        .await;
    a.assert_error(status);
    assert!(a.text().contains(has), "{query}: {:?}", a.body);
}

async fn index_history_parameters_are_checked(app: TestApp) {
    for seconds in ["0", "-1", "601", "1.5", "abc", "99999999999999999999"] {
        let q = format!("match_id=1&seconds={seconds}");
        refused(&app, &q, 422, "from 1 to 600").await;
    }
    for market in [
        "match_id=999",
        "symbol=NOPE/USDT",
        "seconds=10",
        "match_id=x",
    ] {
        refused(&app, market, 422, "Unknown market").await;
    }
    // The limits themselves are answered, the market named either way.
    for ok in [
        "match_id=1&seconds=1",
        "match_id=1&seconds=600",
        "id=1&seconds=5",
    ] {
        path(&app, ok).await;
    }
}
on_both!(index_history_parameters_are_checked);
