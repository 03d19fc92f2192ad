//! Copy trading over HTTP with a controlled index: applying to lead and the
//! review, following in both modes, copies at the leader's own price in the
//! leader's turn, skips with their reasons, a follower's own stop, copies
//! closing with the leader, self-holding, edits, cancel with close and with
//! keep, the profit share at a high-water mark through the ledger, and the
//! refusals that change nothing; the audit after all of it.

use crate::derivatives::set_index;
use crate::funds::verified_user;
use crate::helpers::{Backend, Http, TestApp};
use crate::node::Node;
use crate::on_both;
use crate::restart::{database, restarted};
use serde_json::Value;

fn dec(v: &Value) -> f64 {
    v.as_str().unwrap_or_default().parse().unwrap_or(f64::NAN)
}

/// 20 % of a realised profit, rounded down to a ledger unit (10^-8), as the
/// trader's share is; computed in whole units so no float rounding creeps in.
/// A 20 % share of `realised`, rounded down to USDT's 6 decimals (shares
/// are paid in whole steps of the coin).
fn fifth(realised: f64) -> f64 {
    let units = (realised * 1e8).round() as i64;
    (units * 2 / 10 / 100 * 100) as f64 / 1e8
}

/// A new user with `amount` USDT on the contract account: (token, id).
pub(crate) async fn with_lever(app: &Http, admin: &str, amount: &str) -> (String, i64) {
    let (_, token) = app.user().await;
    app.fund(&token, admin, "3", amount).await;
    move_to_lever(app, &token, amount).await;
    let id = app.user_id(&token).await;
    (token, id)
}

pub(crate) async fn move_to_lever(app: &Http, token: &str, amount: &str) {
    app.post(
        "/wallet/change",
        Some(token),
        &[
            ("currency_id", "3"),
            ("number", amount),
            ("from_field", "2"),
            ("to_field", "3"),
        ],
    )
    .await
    .assert_ok();
}

pub(crate) async fn follow(
    app: &Http,
    token: &str,
    trader: i64,
    form: &[(&str, &str)],
) -> crate::helpers::Answer {
    let t = trader.to_string();
    let mut f = vec![("trader_id", t.as_str()), ("agree", "1")];
    f.extend_from_slice(form);
    app.post("/follow/follow?lang=en", Some(token), &f).await
}

/// The caller's holding contract positions.
pub(crate) async fn holding(app: &Http, token: &str) -> Vec<Value> {
    let l = app
        .post(
            "/lever/my_trade",
            Some(token),
            &[("status", "1"), ("limit", "100")],
        )
        .await;
    l.assert_ok();
    l.message()["data"].as_array().cloned().unwrap_or_default()
}

async fn closed(app: &Http, token: &str) -> Vec<Value> {
    let l = app
        .post(
            "/lever/my_trade",
            Some(token),
            &[("status", "3"), ("limit", "100")],
        )
        .await;
    l.message()["data"].as_array().cloned().unwrap_or_default()
}

async fn lever_available(app: &Http, token: &str) -> f64 {
    dec(&Value::String(app.balance(token, "USDT", "3").await.0))
}

pub(crate) async fn open(app: &Http, token: &str, dir: &str, share: &str) -> Value {
    let a = app
        .post(
            "/lever/submit",
            Some(token),
            &[
                ("match_id", "1"),
                ("type", dir),
                ("status", "1"),
                ("share", share),
                ("multiple", "10"),
            ],
        )
        .await;
    a.assert_ok();
    a.message().clone()
}

/// A verified leader with 2,000 USDT on the contract account, approved with
/// a 20 % share and room for `cap` followers: (token, id).
pub(crate) async fn leader(app: &Http, admin: &str, cap: &str) -> (String, i64) {
    let (token, _) = verified_user(app, admin).await;
    let t = Some(token.as_str());
    app.fund(&token, admin, "3", "3000").await;
    // Too little on the contract account to lead yet.
    let form = [
        ("name", "Ada Leads"),
        ("intro", "Trend following on BTC with 10x."),
        ("share_rate", "0.2"),
        ("max_followers", cap),
    ];
    app.post("/follow/apply?lang=en", t, &form)
        .await
        .assert_error(422);
    move_to_lever(app, &token, "2000").await;
    // Out of range share and a one-letter name are refused.
    let mut bad = form;
    bad[2] = ("share_rate", "0.5");
    app.post("/follow/apply?lang=en", t, &bad)
        .await
        .assert_error(422);
    let mut bad = form;
    bad[0] = ("name", "A");
    app.post("/follow/apply?lang=en", t, &bad)
        .await
        .assert_error(422);
    let applied = app.post("/follow/apply?lang=en", t, &form).await;
    applied.assert_ok();
    assert_eq!(applied.message()["status"], 0);
    app.post("/follow/apply?lang=en", t, &form)
        .await
        .assert_error(409);
    let id = app.user_id(&token).await;
    // Not listed before the review; listed after.
    let listed = |v: &Value| {
        v["data"]
            .as_array()
            .is_some_and(|d| d.iter().any(|r| r["trader_id"] == id))
    };
    assert!(!listed(app.get("/follow/index", None).await.message()));
    let queue = app.admin_get(admin, "/copy/traders?status=0").await;
    assert!(queue.message()["data"]
        .as_array()
        .is_some_and(|d| d.iter().any(|r| r["user_id"] == id)));
    app.admin_post(admin, "/copy/reject", &[("trader_id", &id.to_string())])
        .await
        .assert_error(422);
    app.admin_post(admin, "/copy/approve", &[("trader_id", &id.to_string())])
        .await
        .assert_ok();
    assert!(listed(app.get("/follow/index", None).await.message()));
    // A page number far past the end is an empty page, not an overflow.
    let far = app
        .get("/follow/index?page=9223372036854775807&sort=accuracy", None)
        .await;
    far.assert_ok();
    assert_eq!(far.message()["data"], serde_json::json!([]));
    (token, id)
}

async fn copies_follow_the_leader_at_the_leaders_price(app: TestApp) {
    let admin = app.admin().await;
    set_index(&app, 67_000).await;
    let (lt, lid) = leader(&app, &admin, "5").await;
    // An unverified user cannot lead.
    let (plain, _) = with_lever(&app, &admin, "500").await;
    let apply = [
        ("name", "Bob"),
        ("intro", "I trade a lot and well."),
        ("share_rate", "0.1"),
        ("max_followers", "10"),
    ];
    let a = app
        .post("/follow/apply?lang=en", Some(&plain), &apply)
        .await;
    assert_eq!(a.body["type"], "998", "{}", a.body);

    // Followers: a 1.5x multiple, 0.5 fixed lots, one too poor, one capped, one 1x.
    let (f1, _) = with_lever(&app, &admin, "1000").await;
    let (f2, _) = with_lever(&app, &admin, "1000").await;
    let (f3, _) = with_lever(&app, &admin, "1").await;
    let (f4, _) = with_lever(&app, &admin, "1000").await;
    let (f5, _) = with_lever(&app, &admin, "1000").await;
    // Refusals change nothing.
    follow(
        &app,
        &lt,
        lid,
        &[("mode", "1"), ("amount", "1"), ("max_margin", "100")],
    )
    .await
    .assert_error(422);
    app.post(
        "/follow/follow?lang=en",
        Some(&f1),
        &[
            ("trader_id", &lid.to_string()),
            ("mode", "1"),
            ("amount", "1"),
            ("max_margin", "100"),
        ],
    )
    .await
    .assert_error(422);
    follow(
        &app,
        &f1,
        lid,
        &[("mode", "3"), ("amount", "1"), ("max_margin", "100")],
    )
    .await
    .assert_error(422);
    follow(
        &app,
        &f1,
        lid,
        &[("mode", "2"), ("amount", "0.123"), ("max_margin", "100")],
    )
    .await
    .assert_error(422);
    follow(
        &app,
        &f1,
        lid,
        &[("mode", "1"), ("amount", "50"), ("max_margin", "100")],
    )
    .await
    .assert_error(422);
    let mine = app.get("/follow/my", Some(&f1)).await;
    assert_eq!(mine.message()["total"], 0);

    let fw1 = follow(
        &app,
        &f1,
        lid,
        &[("mode", "1"), ("amount", "1.5"), ("max_margin", "1000")],
    )
    .await;
    fw1.assert_ok();
    follow(
        &app,
        &f1,
        lid,
        &[("mode", "1"), ("amount", "1"), ("max_margin", "100")],
    )
    .await
    .assert_error(409);
    follow(
        &app,
        &f2,
        lid,
        &[
            ("mode", "2"),
            ("amount", "0.5"),
            ("max_margin", "1000"),
            ("tp_ratio", "0.5"),
        ],
    )
    .await
    .assert_ok();
    follow(
        &app,
        &f3,
        lid,
        &[("mode", "1"), ("amount", "1"), ("max_margin", "1000")],
    )
    .await
    .assert_ok();
    follow(
        &app,
        &f4,
        lid,
        &[("mode", "1"), ("amount", "1"), ("max_margin", "10")],
    )
    .await
    .assert_ok();
    let fw5 = follow(
        &app,
        &f5,
        lid,
        &[("mode", "1"), ("amount", "1"), ("max_margin", "1000")],
    )
    .await;
    fw5.assert_ok();
    // The cap of five is full.
    let (f6, _) = with_lever(&app, &admin, "100").await;
    follow(
        &app,
        &f6,
        lid,
        &[("mode", "1"), ("amount", "1"), ("max_margin", "100")],
    )
    .await
    .assert_error(422);

    // The leader opens 2 lots: every copy has the leader's price and leverage.
    let lead = open(&app, &lt, "1", "2").await;
    let price = lead["price"].clone();
    let c1 = holding(&app, &f1).await;
    let c2 = holding(&app, &f2).await;
    let c5 = holding(&app, &f5).await;
    assert_eq!(c1.len(), 1, "{c1:?}");
    assert_eq!(c1[0]["lots"], "3");
    assert_eq!(c2[0]["lots"], "0.5");
    // f2's copies take profit at a 50 % return on margin: a 5 % move at 10x.
    let open_price = dec(&c2[0]["price"]);
    let tp = dec(&c2[0]["target_profit_price"]);
    assert!(
        tp >= open_price * 1.05 && tp < open_price * 1.05 + 0.02,
        "{}",
        c2[0]
    );
    assert!(c5[0]["target_profit_price"].is_null());
    assert_eq!(c5[0]["lots"], "2");
    for c in c1.iter().chain(&c2).chain(&c5) {
        assert_eq!(c["price"], price, "{c}");
        assert_eq!(c["multiple"], 10);
        assert_eq!(c["copy_of"], lead["id"]);
    }
    assert!(holding(&app, &f3).await.is_empty());
    assert!(holding(&app, &f4).await.is_empty());
    let reason = |v: Value| {
        v["data"][0]["reason"]
            .as_str()
            .unwrap_or_default()
            .to_string()
    };
    assert_eq!(
        reason(app.get("/follow/skips", Some(&f3)).await.message().clone()),
        "insufficient_margin"
    );
    assert_eq!(
        reason(app.get("/follow/skips", Some(&f4)).await.message().clone()),
        "over_cap"
    );
    // The receipt shows the leader's position beside the copy.
    let r = app.get("/follow/receipts", Some(&f1)).await;
    let r = &r.message()["data"][0];
    assert_eq!(r["open_price"], r["lead_open_price"]);
    assert_eq!(r["lead_lots"], 2);

    // f1 stops out on its own; the leader and the others hold.
    let c1id = c1[0]["id"].as_i64().unwrap_or_default().to_string();
    app.post(
        "/lever/setstop",
        Some(&f1),
        &[("id", &c1id), ("stop_loss_price", "66000")],
    )
    .await
    .assert_ok();
    set_index(&app, 65_900).await;
    assert!(holding(&app, &f1).await.is_empty());
    assert_eq!(closed(&app, &f1).await[0]["close_reason"], "stop_loss");
    assert_eq!(holding(&app, &lt).await.len(), 1);
    // f2 keeps its copy as its own.
    let c2id = c2[0]["id"].as_i64().unwrap_or_default().to_string();
    app.post("/follow/selfHolding", Some(&f2), &[("id", &c2id)])
        .await
        .assert_ok();
    app.post("/follow/selfHolding", Some(&f2), &[("id", &c2id)])
        .await
        .assert_error(409);
    // Someone else's position cannot be taken over.
    app.post("/follow/selfHolding", Some(&f5), &[("id", &c2id)])
        .await
        .assert_error(404);

    // The leader closes in profit: f5's copy closes at the same price, f2's stays.
    set_index(&app, 69_000).await;
    let lead_id = lead["id"].as_i64().unwrap_or_default().to_string();
    app.post("/lever/close", Some(&lt), &[("id", &lead_id)])
        .await
        .assert_ok();
    let lead_closed = closed(&app, &lt).await;
    let c5_closed = closed(&app, &f5).await;
    assert_eq!(c5_closed[0]["close_reason"], "leader_close");
    assert_eq!(c5_closed[0]["close_price"], lead_closed[0]["close_price"]);
    assert_eq!(
        holding(&app, &f2).await.len(),
        1,
        "self-held survives the leader's close"
    );

    // f5 cancels: the share is 20 % of its realised copy profit after fees.
    let realised = dec(&c5_closed[0]["profit"]) - dec(&c5_closed[0]["trade_fee"]);
    assert!(realised > 0.0, "{c5_closed:?}");
    let before = lever_available(&app, &lt).await;
    let fid5 = fw5.message()["id"].as_i64().unwrap_or_default().to_string();
    let ended = app
        .post(
            "/follow/cancel",
            Some(&f5),
            &[("id", &fid5), ("close", "1")],
        )
        .await;
    ended.assert_ok();
    assert_eq!(ended.message()["status"], 3);
    let share = dec(&ended.message()["shared"]);
    assert!(
        (share - fifth(realised)).abs() < 1e-9,
        "{share} of {realised}"
    );
    assert!((lever_available(&app, &lt).await - before - share).abs() < 1e-8);
    let again = app
        .post("/follow/cancel?lang=en", Some(&f5), &[("id", &fid5)])
        .await;
    again.assert_error(409);
    assert_eq!(again.text(), "This follow has already ended");

    // f1 doubles its multiple; the next copy is 4 lots.
    let fid1 = fw1.message()["id"].as_i64().unwrap_or_default().to_string();
    let lid_s = lid.to_string();
    let edited = app
        .post(
            "/follow/follow?lang=en",
            Some(&f1),
            &[
                ("trader_id", &lid_s),
                ("id", &fid1),
                ("mode", "1"),
                ("amount", "2"),
                ("max_margin", "1000"),
            ],
        )
        .await;
    edited.assert_ok();
    assert_eq!(edited.message()["status"], 2);
    let second = open(&app, &lt, "2", "2").await;
    let c1 = holding(&app, &f1).await;
    assert_eq!(c1[0]["lots"], "4");
    assert_eq!(c1[0]["price"], second["price"]);
    // f1 ends its follow keeping the copy: the leader's close leaves it open.
    app.post(
        "/follow/cancel",
        Some(&f1),
        &[("id", &fid1), ("close", "0")],
    )
    .await
    .assert_ok();
    let sid = second["id"].as_i64().unwrap_or_default().to_string();
    app.post("/lever/close", Some(&lt), &[("id", &sid)])
        .await
        .assert_ok();
    assert_eq!(holding(&app, &f1).await.len(), 1);
    let history = app.get("/follow/my?history=1", Some(&f1)).await;
    assert_eq!(history.message()["data"][0]["end_reason"], "cancel_keep");

    // The trader page measures the copies: no price difference. Its figures
    // are the trader's stored computation, redone seconds after a close.
    crate::helpers::wait_for("the trader's figures", async || {
        let p = app
            .get(&format!("/follow/traderDetail?trader_id={lid}"), None)
            .await;
        p.message()["trader"]["closed"] == 2
    })
    .await;
    let page = app
        .get(&format!("/follow/traderDetail?trader_id={lid}"), None)
        .await;
    page.assert_ok();
    assert_eq!(page.message()["quality"]["max_price_diff"], "0");
    assert!(page.message()["quality"]["latency_p99_ms"]
        .as_i64()
        .is_some());
    assert_eq!(page.message()["trader"]["closed"], 2);
    // Its history lists the leader's closed positions with the copies made of each.
    let history = app
        .get(&format!("/follow/historyTrade?trader_id={lid}"), None)
        .await;
    assert_eq!(history.message()["total"], 2, "{}", history.body);
    assert_eq!(history.message()["data"][0]["id"], second["id"]);
    assert_eq!(history.message()["data"][0]["copies"], 2);
    assert_eq!(history.message()["data"][0]["symbol"], "BTC/USDT");
    // A leader's limit order is copied when it triggers, at its price.
    let limit = app
        .post(
            "/lever/submit",
            Some(&lt),
            &[
                ("match_id", "1"),
                ("type", "1"),
                ("status", "0"),
                ("target_price", "68000"),
                ("share", "1"),
                ("multiple", "10"),
            ],
        )
        .await;
    limit.assert_ok();
    assert_eq!(
        holding(&app, &f2).await.len(),
        1,
        "nothing copied before the trigger"
    );
    set_index(&app, 68_000).await;
    let c2 = holding(&app, &f2).await;
    let copied = c2
        .iter()
        .find(|c| c["copy_of"] == limit.message()["id"])
        .cloned()
        .unwrap_or_else(|| panic!("the triggered limit was not copied: {c2:?}"));
    assert_eq!(copied["price"], "68000");
    assert_eq!(copied["lots"], "0.5");
    let limit_id = limit.message()["id"]
        .as_i64()
        .unwrap_or_default()
        .to_string();
    app.post("/lever/close", Some(&lt), &[("id", &limit_id)])
        .await
        .assert_ok();
    assert_eq!(holding(&app, &f2).await.len(), 1);

    // A follow's own stop ends it when its copies' loss reaches it.
    follow(
        &app,
        &f6,
        lid,
        &[
            ("mode", "1"),
            ("amount", "1"),
            ("max_margin", "100"),
            ("stop_loss", "3"),
        ],
    )
    .await
    .assert_ok();
    open(&app, &lt, "1", "1").await;
    assert_eq!(holding(&app, &f6).await.len(), 1);
    set_index(&app, 67_500).await;
    let mut ended = Value::Null;
    for _ in 0..100 {
        ended = app.get("/follow/my?history=1", Some(&f6)).await.message()["data"][0].clone();
        if !ended.is_null() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(ended["end_reason"], "stop_loss", "{ended}");
    assert!(holding(&app, &f6).await.is_empty());

    // Paused, the trader takes no new follow; resumed, it does; retired, every
    // follow ends and its copies stay with the followers.
    let status = |a: &crate::helpers::Answer| a.message()["status"].clone();
    let paused = app
        .post("/follow/traderStatus", Some(&lt), &[("action", "pause")])
        .await;
    assert_eq!(status(&paused), 3);
    follow(
        &app,
        &f1,
        lid,
        &[("mode", "1"), ("amount", "1"), ("max_margin", "100")],
    )
    .await
    .assert_error(422);
    let resumed = app
        .post("/follow/traderStatus", Some(&lt), &[("action", "resume")])
        .await;
    assert_eq!(status(&resumed), 1);
    let retired = app
        .post("/follow/traderStatus", Some(&lt), &[("action", "retire")])
        .await;
    assert_eq!(status(&retired), 4);
    let mut ended = Value::Null;
    for _ in 0..100 {
        ended = app.get("/follow/my?history=1", Some(&f2)).await.message()["data"][0].clone();
        if !ended.is_null() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(ended["end_reason"], "trader_retired", "{ended}");
    // The follow ends first, then its copies are released on each market.
    let mut kept = Vec::new();
    for _ in 0..100 {
        kept = holding(&app, &f2).await;
        if kept.iter().all(|c| c["self_held"] == 1) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert!(
        !kept.is_empty() && kept.iter().all(|c| c["self_held"] == 1),
        "{kept:?}"
    );
    let list = app.get("/follow/index", None).await;
    assert!(!list.message()["data"]
        .as_array()
        .is_some_and(|d| d.iter().any(|r| r["trader_id"] == lid)));
    // A retired trader may apply again; approved, it takes follows again.
    app.post(
        "/follow/apply?lang=en",
        Some(&lt),
        &[
            ("name", "Ada Returns"),
            ("intro", "Back to trend following on BTC."),
            ("share_rate", "0.1"),
            ("max_followers", "5"),
        ],
    )
    .await
    .assert_ok();
    app.admin_post(&admin, "/copy/approve", &[("trader_id", &lid.to_string())])
        .await
        .assert_ok();
    follow(
        &app,
        &f1,
        lid,
        &[("mode", "1"), ("amount", "1"), ("max_margin", "100")],
    )
    .await
    .assert_ok();
    // The trader's actor is on the health screen.
    let health = app.admin_get(&admin, "/health").await;
    assert!(
        health.message()["actors"].as_array().is_some_and(|a| a
            .iter()
            .any(|r| r["kind"] == "copy_trader" && r["status"] != "fail")),
        "{}",
        health.body
    );
    app.assert_audit(&admin).await;
}

on_both!(
    copies_follow_the_leader_at_the_leaders_price,
    &[("BOURSE__CODES__RESEND_SECONDS", "0")]
);

/// The daily settlement pays the trader's rate of the follow's realised copy
/// profit above its high-water mark, once a day; a loss afterwards is not
/// shared, and the next profit pays only what lies above the old best.
async fn the_daily_share_is_paid_above_the_high_water_mark(app: TestApp) {
    let admin = app.admin().await;
    set_index(&app, 67_000).await;
    let (lt, lid) = leader(&app, &admin, "5").await;
    let (ft, _) = with_lever(&app, &admin, "1000").await;
    let fw = follow(
        &app,
        &ft,
        lid,
        &[("mode", "1"), ("amount", "1"), ("max_margin", "1000")],
    )
    .await;
    fw.assert_ok();
    let fid = fw.message()["id"].as_i64().unwrap_or_default();
    let desk = app
        .state
        .copy
        .trader(lid)
        .unwrap_or_else(|e| panic!("{e:?}"));
    // A day passes: the follow was last settled yesterday.
    let settle = || async {
        sqlx::query("UPDATE copy_follows SET settled_day = settled_day - 1 WHERE id = $1")
            .bind(fid)
            .execute(&app.state.db)
            .await
            .unwrap_or_else(|e| panic!("{e}"));
        desk.send(actors::copy::Settle)
            .await
            .unwrap_or_else(|e| panic!("{e}"));
        let mine = app.get("/follow/my", Some(&ft)).await;
        (
            dec(&mine.message()["data"][0]["shared"]),
            dec(&mine.message()["data"][0]["realised"]),
        )
    };
    let round = |close_at: i64| {
        let (app, lt) = (&app, lt.clone());
        async move {
            set_index(app, 67_000).await;
            let l = open(app, &lt, "1", "1").await;
            set_index(app, close_at).await;
            let id = l["id"].as_i64().unwrap_or_default().to_string();
            app.post("/lever/close", Some(&lt), &[("id", &id)])
                .await
                .assert_ok();
        }
    };
    round(68_000).await;
    let before = lever_available(&app, &lt).await;
    settle_once_under_kill_and_race(&app, fid, lid).await;
    let (shared, realised) = settle().await;
    assert!(realised > 0.0);
    assert!(
        (shared - fifth(realised)).abs() < 1e-9,
        "{shared} of {realised}"
    );
    assert!((lever_available(&app, &lt).await - before - shared).abs() < 1e-8);
    // Settling again the same day pays nothing more.
    desk.send(actors::copy::Settle)
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    let again = app.get("/follow/my", Some(&ft)).await;
    assert_eq!(dec(&again.message()["data"][0]["shared"]), shared);
    // A loss is not shared, and the recovery to the old best pays nothing.
    round(66_500).await;
    let (after_loss, low) = settle().await;
    assert!(low < realised);
    assert_eq!(after_loss, shared);
    round(67_600).await;
    let (after_recovery, r2) = settle().await;
    let above = (r2 - realised).max(0.0);
    // What the rounding kept back the first time stays owed and is paid
    // with the next share.
    assert!(
        (after_recovery - shared - fifth(above)).abs() < 2e-6,
        "{after_recovery} {shared} {r2} {realised}"
    );
    crate::dust::assert_no_dust_in(&app.state, &["copy_share"]).await;
    app.assert_audit(&admin).await;
}

/// A day's settlement written and dropped before its commit, as a kill
/// leaves it, pays nothing and leaves the day unsettled; six settlements of
/// the day at once then pay it exactly once.
async fn settle_once_under_kill_and_race(app: &TestApp, fid: i64, lid: i64) {
    use actors::copy::store;
    let db = app
        .state
        .copy
        .store()
        .unwrap_or_else(|| panic!("no copy store"));
    let quote = app.state.copy.quote();
    let (share,): (i64,) = sqlx::query_as("SELECT share_ppm FROM copy_traders WHERE user_id = $1")
        .bind(lid)
        .fetch_one(&app.state.db)
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    let figures = || async {
        let row: (i64, i64, i64) = sqlx::query_as(
            "SELECT shared, settled_day, high_water FROM copy_follows WHERE id = $1",
        )
        .bind(fid)
        .fetch_one(&app.state.db)
        .await
        .unwrap_or_else(|e| panic!("{e}"));
        row
    };
    let (now, day) = (bourse::db::now_ms(), bourse::db::now_ms() / 86_400_000);
    sqlx::query("UPDATE copy_follows SET settled_day = $1 WHERE id = $2")
        .bind(day - 1)
        .bind(fid)
        .execute(&app.state.db)
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    let untouched = figures().await;
    let step = store::ShareStep {
        follow: fid,
        share_ppm: share,
        quote,
        day,
        now,
    };
    let (tx, paid) = store::day_step(&db, step)
        .await
        .unwrap_or_else(|e| panic!("{e:?}"))
        .unwrap_or_else(|| panic!("the day was not due"));
    assert!(paid > 0, "a profit above the mark owes a share");
    drop(tx);
    assert_eq!(
        figures().await,
        untouched,
        "a step not committed left a trace"
    );
    let runs = (0..6).map(|_| store::settle_share(&db, step));
    let answers = futures_util::future::join_all(runs).await;
    let paid_runs: Vec<i64> = answers
        .into_iter()
        .filter_map(|a| a.unwrap_or_else(|e| panic!("{e:?}")))
        .collect();
    assert_eq!(paid_runs, vec![paid], "the day's share paid once, in full");
    let (shared, settled_day, _) = figures().await;
    assert_eq!((shared, settled_day), (paid, day));
    // The ledger holds one operation of that payment's key (the follow's
    // shares were 0 before it).
    let (ops,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM ledger_operations WHERE idem_key = $1")
            .bind(format!("copy_share:{fid}:0"))
            .fetch_one(&app.state.db)
            .await
            .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(ops, 1);
}

on_both!(
    the_daily_share_is_paid_above_the_high_water_mark,
    &[("BOURSE__CODES__RESEND_SECONDS", "0")]
);

/// A follow and an open copy survive a server killed outright: the fresh
/// server rebuilds the leader's plan and the copy's link from the database,
/// copies the leader's next open, closes the copy with the leader's close at
/// the same price, and the ledger balances.
async fn follows_and_copies_survive_a_kill(backend: Backend) {
    let Some((url, dir)) = database(backend).await else {
        return eprintln!("TEST_DATABASE_URL not set: PostgreSQL half not run");
    };
    let first = Node::start_with(&url, &dir, &[("BOURSE__CODES__RESEND_SECONDS", "0")]);
    let admin = first.admin(&url, &dir, "copy-admin@example.com").await;
    let (lt, lid) = leader(&first, &admin, "10").await;
    let (ft, _) = with_lever(&first, &admin, "1000").await;
    follow(
        &first,
        &ft,
        lid,
        &[("mode", "1"), ("amount", "1"), ("max_margin", "1000")],
    )
    .await
    .assert_ok();
    let lead = open(&first, &lt, "1", "1").await;
    assert_eq!(holding(&first, &ft).await.len(), 1);
    first.kill();

    let second = restarted(backend, &url, &dir).await;
    let copy = holding(&second, &ft).await;
    assert_eq!(copy.len(), 1);
    assert_eq!(copy[0]["copy_of"], lead["id"]);
    assert_eq!(
        second.get("/follow/my", Some(&ft)).await.message()["total"],
        1
    );
    // The plan came back: the leader's next open is copied.
    let next = open(&second, &lt, "2", "1").await;
    assert_eq!(holding(&second, &ft).await.len(), 2);
    for id in [&lead["id"], &next["id"]] {
        let id = id.as_i64().unwrap_or_default().to_string();
        second
            .post("/lever/close", Some(&lt), &[("id", &id)])
            .await
            .assert_ok();
    }
    assert!(holding(&second, &ft).await.is_empty());
    let done = closed(&second, &ft).await;
    let led = closed(&second, &lt).await;
    // Both copies (the one from before the kill and the next) closed with
    // their leader's positions, each at its leader's close price.
    assert_eq!(done.len(), 2, "{done:?}");
    for c in &done {
        assert_eq!(c["close_reason"], "leader_close");
        let l = led
            .iter()
            .find(|l| l["id"] == c["copy_of"])
            .unwrap_or_else(|| panic!("no leader position for {c}"));
        assert!(l["close_price"].is_string(), "{l}");
        assert_eq!(c["close_price"], l["close_price"]);
    }
    let admin = second.admin().await;
    second.assert_audit(&admin).await;
}

mod follows_and_copies_survive_a_kill {
    use crate::helpers::Backend;

    #[actix_web::test]
    async fn on_sqlite() {
        super::follows_and_copies_survive_a_kill(Backend::Sqlite).await;
    }

    #[actix_web::test]
    async fn on_postgres() {
        super::follows_and_copies_survive_a_kill(Backend::Postgres).await;
        actors::testenv::drop_remembered().await;
    }
}
