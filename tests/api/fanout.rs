//! Two nodes sharing one database and one Redis: an event raised on one node
//! reaches a socket session held by the other, and only the session it is for.

use crate::helpers::{limit, spawn_app_with, Backend, Collector};
use actix::Actor;
use bourse::socket::hub::Join;
use std::sync::{Arc, Mutex};
use std::time::Duration;

#[actix_web::test]
async fn a_private_event_crosses_nodes_through_redis() {
    let Ok(redis) = std::env::var("TEST_REDIS_URL") else {
        eprintln!("TEST_REDIS_URL not set: the Redis fan-out test did not run");
        return;
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
    let token = a.login("demo@bourse.local", "Demo123456").await;
    let me = a.user_id(&token).await;
    let mine = Arc::new(Mutex::new(Vec::new()));
    let visitor = Arc::new(Mutex::new(Vec::new()));
    b.state.hub.do_send(Join {
        id: 900_001,
        to: Collector(mine.clone()).start().recipient(),
        user_id: Some(me),
    });
    b.state.hub.do_send(Join {
        id: 900_002,
        to: Collector(visitor.clone()).start().recipient(),
        user_id: None,
    });
    tokio::time::sleep(Duration::from_millis(500)).await; // the subscriptions settle
    a.post("/coin/trade", Some(&token), &limit("1", "30000", "0.01"))
        .await
        .assert_ok();
    let mut got = false;
    for _ in 0..50 {
        if mine
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .iter()
            .any(|o| o.frame.starts_with(r#"42["order","#))
        {
            got = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(
        got,
        "node b's session never heard of the order placed on node a"
    );
    assert!(
        !visitor
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .iter()
            .any(|o| o.frame.starts_with(r#"42["order","#)),
        "a visitor's session received a private event"
    );
}
