//! Fields of the wrong type, sent blank, or finer than allowed: each is
//! refused with the field's name (the envelope's `field`), never read as absent
//! or rounded, and nothing changes. The money fields' values are in
//! `hostile.rs`; this is about the fields around them that used to fall back
//! to a default (a follow made without its stop because its ratio came as a
//! list, `true` read as one share).

use crate::helpers::{Answer, TestApp};
use crate::on_both;
use serde_json::{json, Value};

async fn post_json(app: &TestApp, path: &str, token: &str, body: &Value) -> Answer {
    let url = format!("{}{path}?lang=en", app.address);
    app.send(
        app.client
            .post(url)
            .header("Authorization", token)
            .json(body),
    )
    .await
}

/// A 422 whose envelope names `field`, in words that name it too.
#[track_caller]
fn names(a: &Answer, field: &str, what: &str) {
    assert_eq!(a.status, 422, "{what}: {}", a.body);
    assert_eq!(a.body["field"], field, "{what}: {}", a.body);
}

async fn my_follows(app: &TestApp, token: &str) -> Value {
    app.get("/follow/my", Some(token)).await.message()["data"].clone()
}

async fn wrong_types_are_refused_by_name_and_change_nothing(app: TestApp) {
    let admin = app.admin().await;
    let (_, trader) = crate::copy::leader(&app, &admin, "10").await;
    let (token, _) = crate::copy::with_lever(&app, &admin, "1000").await;
    let before = app.post("/wallet/list", Some(&token), &[]).await.body;
    let base = json!({
        "trader_id": trader.to_string(), "agree": "1", "mode": "1",
        "amount": "1", "max_margin": "100",
    });
    // A list, an object or a boolean is not a value of any field.
    for (field, value) in [
        ("tp_ratio", json!([0.5])),
        ("tp_ratio", json!({"a": 1})),
        ("sl_ratio", json!(true)),
        ("stop_loss", json!(false)),
        ("amount", json!(true)),
        ("agree", json!(true)),
    ] {
        let mut body = base.clone();
        body[field] = value.clone();
        let a = post_json(&app, "/api/follow/follow", &token, &body).await;
        names(&a, field, &format!("{field}={value}"));
        assert!(
            a.text().contains(field),
            "the message names {field}: {}",
            a.body
        );
    }
    // Blank is not absent, a flag is 1 or 0, and a missing plain field is named.
    let t = trader.to_string();
    let form = |field: &'static str, value: &'static str| {
        let mut f: Vec<(&str, &str)> = vec![
            ("trader_id", t.as_str()),
            ("agree", "1"),
            ("mode", "1"),
            ("amount", "1"),
            ("max_margin", "100"),
        ];
        f.retain(|(k, _)| *k != field);
        if !value.is_empty() {
            f.push((field, value));
        }
        f
    };
    for (field, value) in [
        ("tp_ratio", " "),
        ("sl_ratio", "\t"),
        ("agree", "true"),
        ("agree", "yes"),
        ("mode", ""),
    ] {
        let a = app
            .post("/follow/follow?lang=en", Some(&token), &form(field, value))
            .await;
        names(&a, field, &format!("{field}={value:?}"));
    }
    // A missing id, and more decimals than the field keeps (refused, not rounded).
    for (field, value) in [
        ("trader_id", ""),
        ("amount", "1.0000000001"),
        ("amount", "1.0000001"),
        ("tp_ratio", "0.12345678901"),
        ("tp_ratio", "0.1234567"),
        ("max_margin", "100.000000001"),
    ] {
        let a = app
            .post("/follow/follow?lang=en", Some(&token), &form(field, value))
            .await;
        a.assert_error(422);
    }
    assert_eq!(
        my_follows(&app, &token).await,
        json!([]),
        "nothing followed"
    );
    // The same form with proper values follows, its ratios kept (shown in percent).
    let a = app
        .post(
            "/follow/follow?lang=en",
            Some(&token),
            &[form("tp_ratio", "0.5").as_slice(), &[("sl_ratio", "0.25")]].concat(),
        )
        .await;
    a.assert_ok();
    let id = a.message()["id"].to_string();
    let follows = my_follows(&app, &token).await;
    assert_eq!(follows.as_array().map(Vec::len), Some(1));
    assert_eq!(follows[0]["tp_ratio"], "50.00", "{follows}");
    assert_eq!(follows[0]["sl_ratio"], "25.00", "{follows}");
    // A flag that is neither 1 nor 0 does not end a follow one way or the other.
    let a = app
        .post(
            "/follow/cancel?lang=en",
            Some(&token),
            &[("id", &id), ("close", "true")],
        )
        .await;
    names(&a, "close", "close=true");
    assert_eq!(
        my_follows(&app, &token).await.as_array().map(Vec::len),
        Some(1)
    );
    // Whole shares are not `true`.
    let a = post_json(
        &app,
        "/api/dual/buyDual",
        &token,
        &json!({"id": "1", "num": true}),
    )
    .await;
    names(&a, "num", "num=true");
    // The admin's optional fields too: a blank or listed deposit is not "none".
    for margin in [json!(" "), json!(["10"]), json!({"v": "10"})] {
        let body = json!({
            "collection_id": "1", "name": "Odd margin", "type": "1",
            "media": "/uploads/x.png", "cover": "/uploads/x.png", "rarity": "common",
            "currency": "3", "mode": "auction", "price": "10", "step": "1", "margin": margin.clone(),
        });
        let a = post_json(&app, "/admin/api/nft/item", &admin, &body).await;
        names(&a, "margin", &format!("margin={margin}"));
    }
    let after = app.post("/wallet/list", Some(&token), &[]).await.body;
    let moved = before != after;
    // The follow above moved nothing: margin moves only with a copy.
    assert!(!moved, "refused input moved money");
    app.assert_audit(&admin).await;
}
on_both!(
    wrong_types_are_refused_by_name_and_change_nothing,
    &[("BOURSE__CODES__RESEND_SECONDS", "0")]
);
