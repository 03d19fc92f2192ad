//! Contracts and seconds options over HTTP with a controlled index: limit
//! triggers, take-profit, stop-loss, liquidation with and without shortfall,
//! batch closes, overnight fees; options that win, lose and tie; a restart that
//! keeps and settles them; the audit after all of it.

use crate::helpers::TestApp;
use crate::on_both;
use actors::lever::Overnight;
use actors::market::deriv::SetIndex;
use serde_json::Value;
use std::time::Duration;

const U: i64 = 100_000_000;

pub(crate) async fn set_index(app: &TestApp, price: i64) {
    let m = app
        .state
        .markets
        .by_id(1)
        .unwrap_or_else(|| panic!("BTC/USDT"));
    m.send(SetIndex(price * U))
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    // The market pushed the mark to its contract and options actors before it
    // answered; a round trip to each makes sure they applied it (the triggers
    // run inside the mark's atomic turn, and what it notifies runs next).
    for _ in 0..2 {
        if let Some(c) = &m.contracts {
            c.send(actors::runtime::Checks)
                .await
                .unwrap_or_else(|e| panic!("{e}"));
        }
        if let Some(o) = &m.options {
            o.send(actors::runtime::Checks)
                .await
                .unwrap_or_else(|e| panic!("{e}"));
        }
    }
}

fn dec(v: &Value) -> f64 {
    v.as_str().unwrap_or_default().parse().unwrap_or(f64::NAN)
}

pub(crate) async fn demo_with(app: &crate::helpers::Http, to: &str, amount: &str) -> String {
    let token = app.login("demo@bourse.local", "Demo123456").await;
    app.post(
        "/wallet/change",
        Some(&token),
        &[
            ("currency_id", "3"),
            ("number", amount),
            ("from_field", "2"),
            ("to_field", to),
        ],
    )
    .await
    .assert_ok();
    token
}

pub(crate) async fn open(app: &crate::helpers::Http, token: &str, form: &[(&str, &str)]) -> Value {
    let mut f = vec![("match_id", "1")];
    f.extend_from_slice(form);
    let a = app.post("/lever/submit", Some(token), &f).await;
    a.assert_ok();
    a.message().clone()
}

async fn row(app: &TestApp, token: &str, status: &str, id: i64) -> Option<Value> {
    let l = app
        .post(
            "/lever/my_trade",
            Some(token),
            &[("status", status), ("limit", "100")],
        )
        .await;
    l.message()["data"]
        .as_array()
        .and_then(|d| d.iter().find(|r| r["id"] == id).cloned())
}

async fn contracts_trigger_close_and_liquidate_honestly(app: TestApp) {
    let admin = app.admin().await;
    let token = demo_with(&app, "3", "2000").await;
    let t = token.as_str();
    set_index(&app, 67_000).await;

    // A market long opens across the spread; margin and fee leave the lever account.
    let long = open(
        &app,
        t,
        &[
            ("type", "1"),
            ("status", "1"),
            ("share", "1"),
            ("multiple", "10"),
        ],
    )
    .await;
    assert_eq!(long["price"], "67013.4");
    let (margin, fee) = (dec(&long["caution_money"]), dec(&long["trade_fee"]));
    assert!(
        (margin - 67.0134).abs() < 1e-9 && (fee - 0.335067).abs() < 1e-9,
        "{long}"
    );
    let (avail, frozen) = app.balance(t, "USDT", "3").await;
    assert!((dec(&Value::String(avail)) - (2000.0 - margin - fee)).abs() < 1e-9);
    assert!((dec(&Value::String(frozen)) - margin).abs() < 1e-9);
    let id = long["id"].as_i64().unwrap_or_default();
    set_index(&app, 68_000).await;
    let live = row(&app, t, "1", id).await.unwrap_or_default();
    assert_eq!(live["profit"], "9.866", "{live}");
    // A take-profit below the mark would fire at once: refused.
    app.post(
        "/lever/setstop",
        Some(t),
        &[("id", &id.to_string()), ("target_profit_price", "67500")],
    )
    .await
    .assert_error(422);
    app.post(
        "/lever/setstop",
        Some(t),
        &[("id", &id.to_string()), ("target_profit_price", "69000")],
    )
    .await
    .assert_ok();
    set_index(&app, 69_000).await;
    let closed = row(&app, t, "3", id)
        .await
        .unwrap_or_else(|| panic!("not closed"));
    assert_eq!(
        (closed["close_reason"].as_str(), closed["payout"].as_str()),
        (Some("take_profit"), Some("86.8794"))
    );

    // A short stopped out above its entry.
    let short = open(
        &app,
        t,
        &[
            ("type", "2"),
            ("status", "1"),
            ("share", "2"),
            ("multiple", "20"),
        ],
    )
    .await;
    assert_eq!(short["price"], "68986.2");
    let sid = short["id"].as_i64().unwrap_or_default();
    // The first mark at which equity is at or below maintenance, to the
    // unit (a loss rounds up): 49 units (of 10^-8) short of 71 745.648.
    assert_eq!(short["force_close_price"], "71745.64799951");
    app.post(
        "/lever/setstop",
        Some(t),
        &[("id", &sid.to_string()), ("stop_loss_price", "70000")],
    )
    .await
    .assert_ok();
    set_index(&app, 70_500).await;
    let stopped = row(&app, t, "3", sid)
        .await
        .unwrap_or_else(|| panic!("not stopped"));
    assert_eq!(stopped["close_reason"], "stop_loss");
    assert_eq!(stopped["close_price"], "70500");

    // 100× long, then the mark gaps through its liquidation price: the user loses
    // the margin and no more; the insurance fund takes the shortfall.
    let before = app.balance(t, "USDT", "3").await.0;
    let risky = open(
        &app,
        t,
        &[
            ("type", "1"),
            ("status", "1"),
            ("share", "1"),
            ("multiple", "100"),
        ],
    )
    .await;
    let rid = risky["id"].as_i64().unwrap_or_default();
    assert_eq!(risky["force_close_price"], "69949.98720099");
    set_index(&app, 69_000).await;
    let liq = row(&app, t, "3", rid)
        .await
        .unwrap_or_else(|| panic!("not liquidated"));
    assert_eq!(
        (liq["close_reason"].as_str(), liq["payout"].as_str()),
        (Some("liquidation"), Some("0"))
    );
    let after = app.balance(t, "USDT", "3").await;
    let spent = dec(&Value::String(before)) - dec(&Value::String(after.0.clone()));
    assert!(
        (spent - dec(&risky["caution_money"]) - dec(&risky["trade_fee"])).abs() < 1e-9,
        "only margin and fee are lost"
    );
    assert_eq!(after.1, "0");
    crate::dust::assert_no_dust(&app.state, &["contract_open", "contract_cancel"]).await;
    app.assert_audit(&admin).await;
}
on_both!(contracts_trigger_close_and_liquidate_honestly);

async fn limit_orders_batch_closes_and_overnight_fees(app: TestApp) {
    let admin = app.admin().await;
    let token = demo_with(&app, "3", "3000").await;
    let t = token.as_str();
    set_index(&app, 69_000).await;
    let pending = open(
        &app,
        t,
        &[
            ("type", "1"),
            ("status", "0"),
            ("target_price", "68000"),
            ("share", "1"),
            ("multiple", "10"),
        ],
    )
    .await;
    assert_eq!(pending["status"], 0);
    let pid = pending["id"].as_i64().unwrap_or_default();
    let cancel_me = open(
        &app,
        t,
        &[
            ("type", "2"),
            ("status", "0"),
            ("target_price", "75000"),
            ("share", "1"),
            ("multiple", "10"),
        ],
    )
    .await;
    app.post(
        "/lever/cancel",
        Some(t),
        &[("id", &cancel_me["id"].to_string())],
    )
    .await
    .assert_ok();
    set_index(&app, 68_500).await;
    assert!(row(&app, t, "0", pid).await.is_some(), "not yet");
    set_index(&app, 67_900).await;
    let opened = row(&app, t, "1", pid)
        .await
        .unwrap_or_else(|| panic!("the limit did not trigger"));
    assert_eq!(opened["price"], "68000", "opens at its limit price");

    let short = open(
        &app,
        t,
        &[
            ("type", "2"),
            ("status", "1"),
            ("share", "1"),
            ("multiple", "10"),
        ],
    )
    .await;
    // The overnight fee comes out of the margin.
    let m = app
        .state
        .markets
        .by_id(1)
        .unwrap_or_else(|| panic!("market"));
    let tomorrow = actors::market::actor::now_ms().div_euclid(86_400_000) + 1;
    let contracts = m.contracts.as_ref().unwrap_or_else(|| panic!("contracts"));
    contracts
        .send(Overnight { day: tomorrow })
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    set_index(&app, 67_900).await;
    let charged = row(&app, t, "1", pid).await.unwrap_or_default();
    assert_eq!(charged["overnight_money"], "0.34", "0.05 % of 680");
    assert!(
        (dec(&charged["caution_money"]) - (68.0 - 0.34)).abs() < 1e-9,
        "{charged}"
    );
    contracts
        .send(Overnight { day: tomorrow })
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    set_index(&app, 67_900).await;
    assert_eq!(
        row(&app, t, "1", pid).await.unwrap_or_default()["overnight_money"],
        "0.34",
        "once a day"
    );

    let longs = app
        .post("/lever/batch_close", Some(t), &[("type", "1")])
        .await;
    longs.assert_ok();
    assert_eq!(longs.message()["closed"], serde_json::json!([pid]));
    assert!(
        row(&app, t, "1", short["id"].as_i64().unwrap_or_default())
            .await
            .is_some(),
        "the short stays"
    );
    app.post("/lever/batch_close", Some(t), &[("type", "2")])
        .await
        .assert_ok();
    let all = app.post("/lever/dealall", Some(t), &[]).await;
    assert_eq!(all.message()["positions"].as_array().map(Vec::len), Some(0));
    assert_eq!(
        app.balance(t, "USDT", "3").await.1,
        "0",
        "nothing left frozen"
    );
    crate::dust::assert_no_dust(&app.state, &["contract_open", "contract_overnight"]).await;
    app.assert_audit(&admin).await;
}
on_both!(limit_orders_batch_closes_and_overnight_fees);

async fn options_win_lose_and_tie_at_the_recorded_prices(app: TestApp) {
    let admin = app.admin().await;
    let token = demo_with(&app, "4", "1000").await;
    let t = token.as_str();
    set_index(&app, 67_000).await;
    let secs = app.get("/microtrade/seconds", None).await;
    assert_eq!(secs.message()[0]["seconds"], 1);
    let submit = |dir: &'static str| {
        let app = &app;
        async move {
            let a = app
                .post(
                    "/microtrade/submit",
                    Some(t),
                    &[
                        ("match_id", "1"),
                        ("currency_id", "3"),
                        ("type", dir),
                        ("seconds", "1"),
                        ("number", "100"),
                    ],
                )
                .await;
            a.assert_ok();
            a.message()["id"].as_i64().unwrap_or_default()
        }
    };
    app.post(
        "/microtrade/submit",
        Some(t),
        &[
            ("match_id", "1"),
            ("type", "1"),
            ("seconds", "1"),
            ("number", "5"),
        ],
    )
    .await
    .assert_error(422);
    app.post(
        "/microtrade/submit",
        Some(t),
        &[
            ("match_id", "1"),
            ("type", "1"),
            ("seconds", "7"),
            ("number", "50"),
        ],
    )
    .await
    .assert_error(422);
    // A stake finer than USDT's six decimals could not come back whole on a
    // tie: refused, nothing frozen.
    let fine = app
        .post(
            "/microtrade/submit?lang=en",
            Some(t),
            &[
                ("match_id", "1"),
                ("type", "1"),
                ("seconds", "1"),
                ("number", "100.0000001"),
            ],
        )
        .await;
    fine.assert_error(422);
    assert_eq!(fine.text(), "Too many decimal places for this coin");
    assert_eq!(
        app.balance(t, "USDT", "4").await,
        ("1000".into(), "0".into())
    );
    let rise = submit("1").await;
    let fall = submit("2").await;
    assert_eq!(
        app.balance(t, "USDT", "4").await,
        ("799.6".into(), "200".into()),
        "stakes frozen, fees paid"
    );
    set_index(&app, 67_100).await;
    let r = settled(&app, t, rise).await;
    settled(&app, t, fall).await;
    assert_eq!(
        (
            r.message()["status"].as_i64(),
            r.message()["outcome"].as_i64()
        ),
        (Some(1), Some(1)),
        "{}",
        r.body
    );
    assert_eq!(
        (
            r.message()["open_price"].as_str(),
            r.message()["end_price"].as_str()
        ),
        (Some("67000"), Some("67100"))
    );
    assert_eq!(r.message()["payout"], "180");
    let f = app
        .get(&format!("/microtrade/get_result?id={fall}"), Some(t))
        .await;
    assert_eq!(
        (
            f.message()["outcome"].as_i64(),
            f.message()["payout"].as_str()
        ),
        (Some(2), Some("0"))
    );
    let tie = submit("1").await;
    let tr = settled(&app, t, tie).await;
    assert_eq!(
        (
            tr.message()["outcome"].as_i64(),
            tr.message()["payout"].as_str()
        ),
        (Some(3), Some("100"))
    );
    // 1000 − 3 × 100.2 + 180 + 100 = 979.4, nothing frozen.
    assert_eq!(
        app.balance(t, "USDT", "4").await,
        ("979.4".into(), "0".into())
    );
    let history = app.get("/microtrade/lists?type=2", Some(t)).await;
    assert_eq!(history.message()["total"], 3);
    let (_, other) = app.user().await;
    app.get(&format!("/microtrade/get_result?id={rise}"), Some(&other))
        .await
        .assert_error(404);
    crate::dust::assert_no_dust(&app.state, &["option_open", "option_settle"]).await;
    app.assert_audit(&admin).await;
}
on_both!(options_win_lose_and_tie_at_the_recorded_prices);

/// The option once it has settled, waiting for it as the app does (by asking
/// again) for at most ten seconds.
pub(crate) async fn settled(
    app: &crate::helpers::Http,
    token: &str,
    id: i64,
) -> crate::helpers::Answer {
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    loop {
        let r = app
            .get(&format!("/microtrade/get_result?id={id}"), Some(token))
            .await;
        if r.message()["status"] == 1 || std::time::Instant::now() > deadline {
            return r;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}
