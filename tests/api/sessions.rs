//! Signed-in sessions: listed with where they came from, ended one by one or
//! all but the caller's, and a revoked token's sockets told `session_ended`
//! and given no private event after it. Private events carry a `seq` per
//! socket, with a gap where a full lane dropped one.

use crate::helpers::{spawn_app_with, tell, wait_for, Backend, Collector, TestApp};
use crate::on_both;
use actix::Actor;
use actors::runtime::Event;
use bourse::socket::hub::{JoinWithToken, Outbound};
use serde_json::Value;
use std::sync::{Arc, Mutex};

const PHONE: &str = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1";
const LAPTOP: &str = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";

/// Logs in with a user agent of its own.
async fn login_as(app: &TestApp, email: &str, agent: &str) -> String {
    let req = app
        .client
        .post(format!("{}/api/user/login", app.address))
        .header("User-Agent", agent)
        .form(&[("user_string", email), ("password", "Passw0rd!")]);
    let a = app.send(req).await;
    a.assert_ok();
    a.text()
}

async fn sessions(app: &TestApp, token: &str) -> Vec<Value> {
    let a = app.get("/safe/sessions", Some(token)).await;
    a.assert_ok();
    a.message().as_array().cloned().unwrap_or_default()
}

/// The id of the session a token is (its row in the caller's own list).
async fn session_id(app: &TestApp, token: &str) -> i64 {
    let list = sessions(app, token).await;
    let me = list.iter().find(|s| s["current"] == true);
    me.and_then(|s| s["id"].as_i64())
        .unwrap_or_else(|| panic!("no current session in {list:?}"))
}

async fn works(app: &TestApp, token: &str) -> bool {
    app.get("/user/info", Some(token)).await.kind() == "ok"
}

async fn sessions_are_listed_and_ended_one_by_one_or_all_but_this_one(app: TestApp) {
    let (email, first) = app.user().await;
    let phone = login_as(&app, &email, PHONE).await;
    let laptop = login_as(&app, &email, LAPTOP).await;
    let (_, stranger) = app.user().await;

    let list = sessions(&app, &phone).await;
    assert_eq!(list.len(), 3, "{list:?}");
    let current: Vec<&Value> = list.iter().filter(|s| s["current"] == true).collect();
    assert_eq!(current.len(), 1, "{list:?}");
    assert_eq!(current[0]["browser"], "Safari");
    assert_eq!(current[0]["os"], "iOS");
    assert_eq!(current[0]["mobile"], true);
    let laptop_row = list
        .iter()
        .find(|s| s["browser"] == "Chrome")
        .unwrap_or_else(|| panic!("{list:?}"));
    assert_eq!(laptop_row["os"], "Windows");
    assert_eq!(laptop_row["mobile"], false);
    for s in &list {
        // Stored coarse: never the whole address.
        assert_eq!(s["ip"], "127.0.0.x", "{s}");
        let (created, seen) = (s["created_at"].as_i64(), s["last_seen_at"].as_i64());
        assert!(created.is_some_and(|c| seen.is_some_and(|l| l >= c)), "{s}");
    }

    // Somebody else's session, or one already ended, is not found.
    let theirs = session_id(&app, &stranger).await;
    let a = app
        .post(
            "/safe/sessions/end",
            Some(&phone),
            &[("id", &theirs.to_string())],
        )
        .await;
    a.assert_error(404);
    assert!(works(&app, &stranger).await);

    // One session ended from the list: its token stops working at once.
    let laptop_id = laptop_row["id"].as_i64().unwrap_or_default();
    let a = app
        .post(
            "/safe/sessions/end",
            Some(&phone),
            &[("id", &laptop_id.to_string())],
        )
        .await;
    a.assert_ok();
    assert_eq!(a.message()["ended"], 1);
    assert_eq!(a.message()["current"], false);
    assert!(!works(&app, &laptop).await);
    app.post(
        "/safe/sessions/end",
        Some(&phone),
        &[("id", &laptop_id.to_string())],
    )
    .await
    .assert_error(404);
    assert_eq!(sessions(&app, &phone).await.len(), 2);

    // Every other device: this one stays signed in.
    let a = app
        .post("/safe/sessions/end_others", Some(&phone), &[])
        .await;
    a.assert_ok();
    assert_eq!(a.message()["ended"], 1);
    assert!(!works(&app, &first).await);
    assert!(works(&app, &phone).await);
    let left = sessions(&app, &phone).await;
    assert_eq!(left.len(), 1);
    assert_eq!(left[0]["current"], true);

    // And all of them, this one too.
    let a = app
        .post("/safe/sessions/end_others", Some(&phone), &[("all", "1")])
        .await;
    a.assert_ok();
    assert_eq!(a.message()["current"], true);
    assert!(!works(&app, &phone).await);
    app.get("/safe/sessions", Some(&phone))
        .await
        .assert_error(401);
    assert!(works(&app, &stranger).await, "another user's session stays");
}
on_both!(sessions_are_listed_and_ended_one_by_one_or_all_but_this_one);

/// A stand-in socket signed in with `token`: what the hub sends it.
async fn socket(app: &TestApp, id: u64, token: &str) -> Arc<Mutex<Vec<Outbound>>> {
    let heard = Arc::new(Mutex::new(Vec::new()));
    tell(
        &app.state.hub,
        JoinWithToken {
            id,
            to: Collector(heard.clone()).start().recipient(),
            user_id: app.user_id(token).await,
            token_id: session_id(app, token).await,
        },
    )
    .await;
    heard
}

fn private(user_id: i64, probe: i64) -> Event {
    Event::Private {
        user_id,
        event: "order",
        payload: serde_json::json!({ "probe": probe }),
    }
}

/// The payloads of the `order` frames a socket heard.
fn orders(heard: &Arc<Mutex<Vec<Outbound>>>) -> Vec<Value> {
    heard
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .iter()
        .filter_map(|o| serde_json::from_str::<Value>(o.frame.strip_prefix("42")?).ok())
        .filter(|v| v[0] == "order")
        .map(|v| v[1].clone())
        .collect()
}

/// Waits until a socket heard `n` orders; answers their `seq`s.
async fn seqs_once(heard: &Arc<Mutex<Vec<Outbound>>>, n: usize) -> Vec<i64> {
    wait_for("the private events", async || orders(heard).len() >= n).await;
    orders(heard)
        .iter()
        .map(|p| p["seq"].as_i64().unwrap_or(0))
        .collect()
}

/// Waits until a socket was told its session ended; answers that frame.
async fn told_end(heard: &Arc<Mutex<Vec<Outbound>>>) -> String {
    wait_for("session_ended", async || ended(heard).is_some()).await;
    ended(heard).unwrap_or_default()
}

fn ended(heard: &Arc<Mutex<Vec<Outbound>>>) -> Option<String> {
    let heard = heard.lock().unwrap_or_else(|p| p.into_inner());
    let last = heard.iter().find(|o| o.end.is_some())?;
    Some(last.frame.to_string())
}

async fn a_revoked_tokens_sockets_are_told_and_hear_nothing_private_after(app: TestApp) {
    let (email, phone) = app.user().await;
    let laptop = login_as(&app, &email, LAPTOP).await;
    let me = app.user_id(&phone).await;
    let phone_token = session_id(&app, &phone).await;
    let on_phone = socket(&app, 700_001, &phone).await;
    let on_laptop = socket(&app, 700_002, &laptop).await;
    tell(&app.state.hub, private(me, 1)).await;
    tell(&app.state.hub, private(me, 2)).await;
    for heard in [&on_phone, &on_laptop] {
        assert_eq!(
            seqs_once(heard, 2).await,
            vec![1, 2],
            "numbered per socket from 1"
        );
    }

    // The laptop logs out of every other device: the phone's socket is told
    // why, its waiting private events are cancelled, and it hears no more.
    app.post("/safe/sessions/end_others", Some(&laptop), &[])
        .await
        .assert_ok();
    assert!(
        on_phone
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .iter()
            .filter_map(|o| o.private.as_ref())
            .all(|t| t.ended()),
        "private events still waiting for the phone are not written"
    );
    assert_eq!(
        told_end(&on_phone).await,
        r#"42["session_ended",{"reason":"revoked"}]"#
    );
    tell(&app.state.hub, private(me, 3)).await;
    assert_eq!(seqs_once(&on_laptop, 3).await, vec![1, 2, 3]);
    assert!(ended(&on_laptop).is_none());
    assert_eq!(orders(&on_phone).len(), 2, "nothing private after the end");

    // A socket that read the token just before it was revoked, and joins the
    // hub just after, is ended as it joins.
    let late = Arc::new(Mutex::new(Vec::new()));
    tell(
        &app.state.hub,
        JoinWithToken {
            id: 700_003,
            to: Collector(late.clone()).start().recipient(),
            user_id: me,
            token_id: phone_token,
        },
    )
    .await;
    told_end(&late).await;
    tell(&app.state.hub, private(me, 4)).await;
    seqs_once(&on_laptop, 4).await;
    assert!(orders(&late).is_empty());

    // A password change ends every session, the caller's own too.
    app.post("/sms_mail", None, &[("user_string", &email)])
        .await
        .assert_ok();
    let code = app.last_code(&email).await;
    let form = [
        ("type", "login"),
        ("password", "Passw0rd!2"),
        ("re_password", "Passw0rd!2"),
        ("code", code.as_str()),
    ];
    app.post("/safe/update_password", Some(&laptop), &form)
        .await
        .assert_ok();
    told_end(&on_laptop).await;
    tell(&app.state.hub, private(me, 5)).await;
    assert_eq!(orders(&on_laptop).len(), 4);
}
on_both!(
    a_revoked_tokens_sockets_are_told_and_hear_nothing_private_after,
    &[("BOURSE__CODES__RESEND_SECONDS", "0")]
);

/// A socket whose lane is full loses private events, not their numbers: the
/// client sees the gap.
#[actix_web::test]
async fn a_full_private_lane_drops_events_and_leaves_a_gap_in_seq() {
    let app = spawn_app_with(Backend::Sqlite, &[("BOURSE__SOCKET__PRIVATE_QUEUE", "2")])
        .await
        .unwrap_or_else(|| panic!("sqlite"));
    let (_, token) = app.user().await;
    let me = app.user_id(&token).await;
    // The stand-in keeps every message, so none leaves the lane until cleared.
    let heard = socket(&app, 700_010, &token).await;
    for probe in 1..=5 {
        tell(&app.state.hub, private(me, probe)).await;
    }
    seqs_once(&heard, 2).await;
    let seqs = |h: &Arc<Mutex<Vec<Outbound>>>| -> Vec<(i64, i64)> {
        orders(h)
            .iter()
            .map(|p| {
                (
                    p["probe"].as_i64().unwrap_or(0),
                    p["seq"].as_i64().unwrap_or(0),
                )
            })
            .collect()
    };
    assert_eq!(
        seqs(&heard),
        vec![(1, 1), (2, 2)],
        "two wait, three dropped"
    );
    // The client caught up: the lane empties, and numbering goes on past the gap.
    heard.lock().unwrap_or_else(|p| p.into_inner()).clear();
    tell(&app.state.hub, private(me, 6)).await;
    seqs_once(&heard, 1).await;
    assert_eq!(seqs(&heard), vec![(6, 6)]);
}
