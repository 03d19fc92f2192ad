//! Two nodes sharing one database and one Redis: an event raised on one node
//! reaches a socket session held by the other, and only the session it is for.

use crate::helpers::{limit, spawn_app_with, tell, Backend, Collector, TestApp};
use actix::Actor;
use actors::runtime::Event;
use bourse::socket::hub::{Join, JoinWithToken, Leave, Outbound};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Two nodes on one database and one Redis, or None when no Redis is set.
async fn two_nodes() -> Option<(TestApp, TestApp)> {
    let Some(redis) = actors::testenv::service_url("TEST_REDIS_URL") else {
        eprintln!("TEST_REDIS_URL not set: the Redis fan-out test did not run");
        return None;
    };
    let dir =
        std::env::temp_dir().join(format!("bourse-fanout-{}", bourse::security::random_name()));
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    let url = format!("sqlite://{}/f.db?mode=rwc", dir.display());
    let prefix = format!("bourse-test-{}", bourse::security::random_name());
    let overrides = [
        ("BOURSE__DATABASE__URL", url.as_str()),
        ("BOURSE__REDIS__URL", redis.as_str()),
        ("BOURSE__REDIS__PREFIX", prefix.as_str()),
    ];
    let a = spawn_app_with(Backend::Sqlite, &overrides)
        .await
        .unwrap_or_else(|| panic!("node a"));
    let b = spawn_app_with(Backend::Sqlite, &overrides)
        .await
        .unwrap_or_else(|| panic!("node b"));
    Some((a, b))
}

/// Waits until node b's session `heard` gets a ticker raised on node a: b
/// listens to Redis.
async fn until_b_hears_a(a: &TestApp, heard: &Arc<Mutex<Vec<Outbound>>>) {
    for probe in 0..250 {
        tell(
            &a.state.hub,
            Event::Broadcast {
                event: "daymarket",
                payload: serde_json::json!({ "ready": probe }),
            },
        )
        .await;
        tokio::time::sleep(Duration::from_millis(20)).await;
        let heard = heard.lock().unwrap_or_else(|p| p.into_inner());
        if heard.iter().any(|o| o.frame.contains(r#""ready":"#)) {
            return;
        }
    }
    panic!("node b never heard node a through Redis");
}

#[actix_web::test]
async fn a_private_event_crosses_nodes_through_redis() {
    let Some((a, b)) = two_nodes().await else {
        return;
    };
    let token = a.login("demo@bourse.local", "Demo123456").await;
    let me = a.user_id(&token).await;
    let mine = Arc::new(Mutex::new(Vec::new()));
    let visitor = Arc::new(Mutex::new(Vec::new()));
    tell(
        &b.state.hub,
        Join {
            id: 900_001,
            to: Collector(mine.clone()).start().recipient(),
            user_id: Some(me),
        },
    )
    .await;
    tell(
        &b.state.hub,
        Join {
            id: 900_002,
            to: Collector(visitor.clone()).start().recipient(),
            user_id: None,
        },
    )
    .await;
    until_b_hears_a(&a, &mine).await;
    a.post("/coin/trade", Some(&token), &limit("1", "30000", "0.01"))
        .await
        .assert_ok();
    Collector::frames_before(
        &mine,
        |f| f.starts_with(r#"42["order","#),
        "node b's session never heard of the order placed on node a",
    )
    .await;
    assert!(
        !visitor
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .iter()
            .any(|o| o.frame.starts_with(r#"42["order","#)),
        "a visitor's session received a private event"
    );
}

/// A session ended on node a (logout of every other device) ends the socket
/// its token opened on node b within a second, and node b stops accepting
/// the token at once, though it had verified it a moment before.
#[actix_web::test]
async fn a_revocation_on_one_node_ends_the_tokens_sockets_on_another() {
    let Some((a, b)) = two_nodes().await else {
        return;
    };
    let phone = a.login("demo@bourse.local", "Demo123456").await;
    let laptop = a.login("demo@bourse.local", "Demo123456").await;
    let me = a.user_id(&phone).await;
    b.get("/user/info", Some(&phone)).await.assert_ok();
    let list = a.get("/safe/sessions", Some(&phone)).await;
    let token_id = list.message().as_array().and_then(|l| {
        l.iter()
            .find(|s| s["current"] == true)
            .and_then(|s| s["id"].as_i64())
    });
    let heard = Arc::new(Mutex::new(Vec::new()));
    tell(
        &b.state.hub,
        JoinWithToken {
            id: 900_011,
            to: Collector(heard.clone()).start().recipient(),
            user_id: me,
            token_id: token_id.unwrap_or_else(|| panic!("{}", list.body)),
        },
    )
    .await;
    until_b_hears_a(&a, &heard).await;
    let started = Instant::now();
    a.post("/safe/sessions/end_others", Some(&laptop), &[])
        .await
        .assert_ok();
    let frames = Collector::frames_before(
        &heard,
        |f| f.starts_with(r#"42["session_ended""#),
        "node b's socket was never told its session ended",
    )
    .await;
    assert!(
        started.elapsed() < Duration::from_secs(1),
        "ended after {:?}",
        started.elapsed()
    );
    assert!(!frames.iter().any(|f| f.starts_with(r#"42["order""#)));
    b.get("/user/info", Some(&phone)).await.assert_error(401);
    b.get("/user/info", Some(&laptop)).await.assert_ok();
}

/// On one node: a private event reaches every socket its user has open and
/// no other, a socket that signs in again as someone else follows its new
/// user, and one that has left hears nothing more.
#[actix_web::test]
async fn private_events_follow_the_sockets_of_their_user() {
    let app = spawn_app_with(Backend::Sqlite, &[])
        .await
        .unwrap_or_else(|| panic!("sqlite"));
    let hub = &app.state.hub;
    let heard: Vec<Arc<Mutex<Vec<Outbound>>>> =
        (0..3).map(|_| Arc::new(Mutex::new(Vec::new()))).collect();
    let join = |id: u64, user_id: Option<i64>| Join {
        id: 800_000 + id,
        to: Collector(heard[id as usize].clone()).start().recipient(),
        user_id,
    };
    // Users far above any the test database holds.
    let (ann, bob) = (9_000_001, 9_000_002);
    for (id, user) in [(0, ann), (1, bob), (2, ann)] {
        tell(hub, join(id, Some(user))).await;
    }
    let private = |user_id: i64, probe: i64| Event::Private {
        user_id,
        event: "order",
        payload: serde_json::json!({ "probe": probe }),
    };
    // What each socket heard of the probes, once a last event to everyone
    // (sent after them, so handled after them) has reached all three.
    let probes = |end: i64| {
        let heard = heard.clone();
        async move {
            tell(
                hub,
                Event::Broadcast {
                    event: "daymarket",
                    payload: serde_json::json!({ "end": end }),
                },
            )
            .await;
            let end_frame = format!(r#"42["daymarket",{{"end":{end}}}]"#);
            let mut out = Vec::new();
            for h in &heard {
                let frames =
                    Collector::frames_before(h, |f| f == end_frame, "the last event never came")
                        .await;
                let seen: Vec<i64> = frames
                    .iter()
                    .filter_map(|f| serde_json::from_str::<serde_json::Value>(f.get(2..)?).ok())
                    .filter(|v| v[0] == "order")
                    .filter_map(|v| v[1]["probe"].as_i64())
                    .collect();
                out.push(seen);
                h.lock().unwrap_or_else(|p| p.into_inner()).clear();
            }
            out
        }
    };
    tell(hub, private(ann, 1)).await;
    tell(hub, private(bob, 2)).await;
    assert_eq!(probes(1).await, vec![vec![1], vec![2], vec![1]]);

    // Socket 0 signs in again, as Bob.
    tell(hub, join(0, Some(bob))).await;
    tell(hub, private(ann, 3)).await;
    tell(hub, private(bob, 4)).await;
    assert_eq!(probes(2).await, vec![vec![4], vec![4], vec![3]]);

    // Socket 2, Ann's last, leaves: her events go nowhere.
    tell(hub, Leave { id: 800_002 }).await;
    tell(hub, private(ann, 5)).await;
    tell(hub, private(bob, 6)).await;
    tell(hub, join(2, None)).await;
    assert_eq!(probes(3).await, vec![vec![6], vec![6], vec![]]);
}
