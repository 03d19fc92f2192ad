//! What the server decides reaches the user's socket once it is committed:
//! an admin's deposit, withdrawal and identity reviews, a lock-up's yield
//! and maturity and a dual product's settlement each send the user a
//! `balance` (when money moved) and a status event, and by the time the
//! socket hears it the API already answers the new state.

use crate::dual::{btc_products, matures_after_a_sample, product_of};
use crate::earn::{days_pass, lock};
use crate::funds::{bound_user, submit_level_one};
use crate::helpers::{tell, Collector, TestApp};
use crate::on_both;
use ::actors::earn::{Accrue, Reload};
use actix::Actor;
use bourse::socket::hub::{Join, Outbound};
use serde_json::Value;
use std::sync::{Arc, Mutex};

/// One user's private events as a signed-in socket session hears them.
pub(crate) struct Ears(Arc<Mutex<Vec<Outbound>>>);

impl Ears {
    /// A session of `user` in the hub, as a socket with their token makes.
    pub(crate) async fn of(app: &TestApp, user: i64) -> Ears {
        let heard = Arc::new(Mutex::new(Vec::new()));
        tell(
            &app.state.hub,
            Join {
                id: 950_000 + user as u64,
                to: Collector(heard.clone()).start().recipient(),
                user_id: Some(user),
            },
        )
        .await;
        Ears(heard)
    }

    /// Every `event` heard so far, as (event, payload).
    fn all(&self) -> Vec<(String, Value)> {
        self.0
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .iter()
            .filter_map(|o| event_of(&o.frame))
            .collect()
    }

    /// Forgets what was heard: the next wait is for what follows.
    pub(crate) fn clear(&self) {
        self.0.lock().unwrap_or_else(|p| p.into_inner()).clear();
    }

    /// The payload of the first `event` whose payload `matches`, waiting up
    /// to five seconds for it.
    pub(crate) async fn heard(&self, event: &str, matches: impl Fn(&Value) -> bool) -> Value {
        for _ in 0..250 {
            if let Some((_, p)) = self
                .all()
                .into_iter()
                .find(|(e, p)| e == event && matches(p))
            {
                return p;
            }
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
        panic!("no matching {event} within 5 s; heard {:?}", self.all())
    }

    /// Waits for a `balance` naming `coin`.
    pub(crate) async fn balance_of(&self, coin: i64) -> Value {
        self.heard("balance", |p| names(p, coin)).await
    }
}

/// A Socket.IO event frame `42["name",{…}]` as (name, payload).
fn event_of(frame: &str) -> Option<(String, Value)> {
    let v: Value = serde_json::from_str(frame.strip_prefix("42")?).ok()?;
    Some((v.get(0)?.as_str()?.to_string(), v.get(1)?.clone()))
}

/// Whether a `balance` payload names `coin` among its currencies.
fn names(p: &Value, coin: i64) -> bool {
    p["currencies"]
        .as_array()
        .is_some_and(|c| c.iter().any(|x| x.as_i64() == Some(coin)))
}

fn id_of(v: &Value) -> i64 {
    v.as_i64().unwrap_or_else(|| panic!("no id in {v}"))
}

const USDT: i64 = 3;
const BTC: i64 = 1;

/// Submits level-1 verification and answers the request's id in the queue.
async fn level_one(app: &TestApp, admin: &str, token: &str) -> String {
    let (submitted, front) = submit_level_one(app, token, "Ada Lovelace").await;
    submitted.assert_ok();
    let queue = app.admin_get(admin, "/verifications?state=1").await;
    let name = bourse::uploads::name_of(&front);
    queue.message()["data"]
        .as_array()
        .and_then(|rows| {
            rows.iter()
                .find(|r| r["front_pic"].as_str().map(bourse::uploads::name_of) == Some(name))
        })
        .map(|r| id_of(&r["id"]).to_string())
        .unwrap_or_else(|| panic!("verification not queued: {}", queue.body))
}

/// Asks for a 40 USDT withdrawal to the saved address: its id.
async fn withdraw(app: &TestApp, token: &str, address: &str) -> i64 {
    let w = app
        .post(
            "/wallet/out",
            Some(token),
            &[
                ("currency", "3"),
                ("number", "40"),
                ("type", "0"),
                ("address", address),
                ("pay_password", "246810"),
            ],
        )
        .await;
    w.assert_ok();
    id_of(&w.message()["id"])
}

/// Identity rejected then approved, a deposit approved and one rejected, a
/// withdrawal paid and one rejected: each decision reaches the user's socket
/// with its status, and with `balance` when money moved.
async fn admin_reviews_reach_the_users_socket(app: TestApp) {
    let admin = app.admin().await;
    let token = bound_user(&app).await;
    let me = app.user_id(&token).await;
    let ears = Ears::of(&app, me).await;

    // Identity: rejected (may submit again), then verified.
    let id = level_one(&app, &admin, &token).await;
    app.admin_post(
        &admin,
        "/verifications/reject",
        &[("id", &id), ("reason", "Blurred photo")],
    )
    .await
    .assert_ok();
    let v = ears.heard("verification", |p| p["status"] == 3).await;
    assert_eq!((v["id"].to_string(), v["level"].clone()), (id, 1.into()));
    let real = app.get("/real/state", Some(&token)).await;
    assert_eq!(real.message()["level1"]["state"], 3, "{}", real.body);
    let id = level_one(&app, &admin, &token).await;
    app.admin_post(&admin, "/verifications/approve", &[("id", &id)])
        .await
        .assert_ok();
    let v = ears.heard("verification", |p| p["status"] == 2).await;
    assert_eq!((v["id"].to_string(), v["level"].clone()), (id, 1.into()));
    assert_eq!(
        app.get("/real/state", Some(&token)).await.message()["level"],
        1
    );

    // A deposit approved: its status and the coin, already credited.
    let voucher = app.upload_png(&token).await;
    let form = [
        ("currency", "3"),
        ("amount", "100"),
        ("voucher", voucher.as_str()),
    ];
    let d = app.post("/wallet/charge_req", Some(&token), &form).await;
    d.assert_ok();
    let deposit = id_of(&d.message()["id"]);
    ears.clear();
    app.admin_post(&admin, "/deposits/approve", &[("id", &deposit.to_string())])
        .await
        .assert_ok();
    let s = ears.heard("deposit", |p| p["id"] == deposit).await;
    assert_eq!(s["status"], 1);
    assert_eq!(
        ears.balance_of(USDT).await["currencies"],
        serde_json::json!([USDT])
    );
    assert_eq!(app.balance(&token, "3", "2").await.0, "100");

    // A deposit rejected: its status (no money moved).
    let d = app.post("/wallet/charge_req", Some(&token), &form).await;
    let rejected = id_of(&d.message()["id"]);
    app.admin_post(
        &admin,
        "/deposits/reject",
        &[("id", &rejected.to_string()), ("reason", "No payment")],
    )
    .await
    .assert_ok();
    let s = ears.heard("deposit", |p| p["id"] == rejected).await;
    assert_eq!(s["status"], 2);

    // Withdrawals: one paid out, one rejected (its amount unfrozen).
    let qr = app.upload_png(&token).await;
    let address = "TXyzUserWithdrawAddress0000000002";
    app.post(
        "/user/wallet/save",
        Some(&token),
        &[
            ("currency", "3"),
            ("name", "Mine"),
            ("address", address),
            ("qrcode", &qr),
        ],
    )
    .await
    .assert_ok();
    let paid = withdraw(&app, &token, address).await;
    let refused = withdraw(&app, &token, address).await;
    assert_eq!(
        app.balance(&token, "3", "2").await,
        ("20".into(), "80".into())
    );
    ears.clear();
    app.admin_post(&admin, "/withdrawals/approve", &[("id", &paid.to_string())])
        .await
        .assert_ok();
    let s = ears.heard("withdrawal", |p| p["id"] == paid).await;
    assert_eq!(s["status"], 1);
    ears.balance_of(USDT).await;
    assert_eq!(
        app.balance(&token, "3", "2").await,
        ("20".into(), "40".into())
    );
    ears.clear();
    app.admin_post(
        &admin,
        "/withdrawals/reject",
        &[
            ("id", &refused.to_string()),
            ("reason", "Address under review"),
        ],
    )
    .await
    .assert_ok();
    let s = ears.heard("withdrawal", |p| p["id"] == refused).await;
    assert_eq!(s["status"], 2);
    ears.balance_of(USDT).await;
    assert_eq!(
        app.balance(&token, "3", "2").await,
        ("60".into(), "0".into())
    );
    app.assert_audit(&admin).await;
}

on_both!(
    admin_reviews_reach_the_users_socket,
    &[("BOURSE__CODES__RESEND_SECONDS", "0")]
);

/// A lock-up's daily yield tells the holder their spot USDT moved, and its
/// maturity tells them the order matured and the principal came back.
async fn lock_up_yields_and_maturity_reach_the_holder(app: TestApp) {
    let admin = app.admin().await;
    let (_, token) = app.user().await;
    app.fund(&token, &admin, "3", "1000").await;
    let me = app.user_id(&token).await;
    let order = lock(&app, &token, "1", "1000").await;
    order.assert_ok();
    let order = id_of(&order.message()["id"]);
    let actor = app
        .state
        .earn
        .product(1)
        .unwrap_or_else(|e| panic!("{e:?}"));
    let db = app.state.db.clone();
    let ears = Ears::of(&app, me).await;
    // Two days: the first full day is paid.
    days_pass(&db, "1", 2).await;
    actor.send(Reload).await.unwrap_or_else(|e| panic!("{e}"));
    actor.send(Accrue).await.unwrap_or_else(|e| panic!("{e}"));
    ears.balance_of(USDT).await;
    let spot: f64 = app.balance(&token, "3", "2").await.0.parse().unwrap_or(0.0);
    assert!(
        spot > 0.0,
        "the yield was credited before the event: {spot}"
    );
    // Four more: matured, the principal back.
    ears.clear();
    days_pass(&db, "1", 4).await;
    actor.send(Reload).await.unwrap_or_else(|e| panic!("{e}"));
    actor.send(Accrue).await.unwrap_or_else(|e| panic!("{e}"));
    let m = ears.heard("lock_order", |p| p["id"] == order).await;
    assert_eq!(
        (m["product_id"].clone(), m["status"].clone()),
        (1.into(), 2.into())
    );
    // Told in one batch after the maturity's commit.
    ears.balance_of(USDT).await;
    let spot: f64 = app.balance(&token, "3", "2").await.0.parse().unwrap_or(0.0);
    assert!(spot > 1000.0, "principal and yields are back: {spot}");
    app.assert_audit(&admin).await;
}

on_both!(
    lock_up_yields_and_maturity_reach_the_holder,
    &[("BOURSE__CODES__RESEND_SECONDS", "0")]
);

/// A dual product's settlement tells the buyer the order completed and that
/// both the coin invested and the coin paid moved.
async fn a_dual_settlement_reaches_the_buyer(app: TestApp) {
    let admin = app.admin().await;
    let list = btc_products(&app, 67_000).await;
    let call = id_of(&product_of(&list, "call", 1)["id"]);
    let (_, token) = app.user().await;
    app.fund(&token, &admin, "1", "1").await;
    let me = app.user_id(&token).await;
    let ears = Ears::of(&app, me).await;
    let bought = app
        .post(
            "/dual/buyDual",
            Some(&token),
            &[("id", &call.to_string()), ("num", "10")],
        )
        .await;
    bought.assert_ok();
    let order = id_of(&bought.message()["id"]);
    // The purchase itself tells the buyer's other screens.
    ears.balance_of(BTC).await;
    ears.clear();
    matures_after_a_sample(&app, call).await;
    let s = ears.heard("dual_order", |p| p["id"] == order).await;
    assert_eq!(
        (s["product_id"].clone(), s["status"].clone()),
        (call.into(), 2.into())
    );
    ears.balance_of(BTC).await;
    // Settled below the linked price: the coin back with a day's interest.
    assert_eq!(app.balance(&token, "1", "2").await.0, "1.0001");
    app.assert_audit(&admin).await;
}

on_both!(
    a_dual_settlement_reaches_the_buyer,
    &[("BOURSE__CODES__RESEND_SECONDS", "0")]
);
