//! What docs/api.md promises and no other test held it to: a retried request
//! with the same `request_id` has one effect, and the calls that had no test.

use crate::helpers::TestApp;
use crate::on_both;

/// Each retry is sent twice, as a phone on a flaky network would; the money
/// moves once and the first answer is repeated.
async fn a_retried_request_id_moves_money_once(app: TestApp) {
    let admin = app.admin().await;
    let (token, address) = crate::funds::verified_user(&app, &admin).await;
    let t = Some(token.as_str());
    app.fund(&token, &admin, "3", "1000").await;

    let transfer = [
        ("currency_id", "3"),
        ("number", "100"),
        ("from_field", "2"),
        ("to_field", "3"),
        ("request_id", "move-1"),
    ];
    for _ in 0..2 {
        app.post("/wallet/change", t, &transfer).await.assert_ok();
    }
    assert_eq!(app.balance(&token, "3", "3").await.0, "100");
    let history = app.get("/wallet/hzhistory", t).await;
    assert_eq!(history.message()["total"], 1, "{}", history.body);

    let convert = [
        ("from_currency_id", "3"),
        ("to_currency_id", "1"),
        ("number", "50"),
        ("request_id", "convert-1"),
    ];
    let first = app.post("/user/Transfer", t, &convert).await;
    first.assert_ok();
    let again = app.post("/user/Transfer", t, &convert).await;
    again.assert_ok();
    assert_eq!(app.balance(&token, "3", "2").await.0, "850");

    let out = [
        ("currency", "3"),
        ("number", "100"),
        ("type", "0"),
        ("address", address.as_str()),
        ("pay_password", "246810"),
        ("request_id", "out-1"),
    ];
    let first = app.post("/wallet/out", t, &out).await;
    first.assert_ok();
    let again = app.post("/wallet/out", t, &out).await;
    again.assert_ok();
    assert_eq!(
        first.message()["id"],
        again.message()["id"],
        "{}",
        again.body
    );
    assert_eq!(
        app.balance(&token, "3", "2").await,
        ("750".into(), "100".into())
    );
    let list = app.get("/user/withdraw/list", t).await;
    assert_eq!(list.message()["total"], 1, "{}", list.body);
    // Another user's identical id is their own request.
    let (other, other_address) = crate::funds::verified_user(&app, &admin).await;
    app.fund(&other, &admin, "3", "200").await;
    let theirs = app
        .post(
            "/wallet/out",
            Some(&other),
            &[
                ("currency", "3"),
                ("number", "100"),
                ("type", "0"),
                ("address", other_address.as_str()),
                ("pay_password", "246810"),
                ("request_id", "out-1"),
            ],
        )
        .await;
    theirs.assert_ok();
    assert_ne!(theirs.message()["id"], first.message()["id"]);
    app.assert_audit(&admin).await;
}
on_both!(
    a_retried_request_id_moves_money_once,
    &[("BOURSE__CODES__RESEND_SECONDS", "0")]
);

/// The calls that had no test: the market list, the admin's own profile,
/// rejecting a verification, saving a deposit address and a fiat rate.
async fn the_calls_that_had_no_test(app: TestApp) {
    let list = app.get("/currency/list", None).await;
    list.assert_ok();
    let symbols: Vec<&str> = list
        .message()
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|m| m["symbol"].as_str())
        .collect();
    assert!(
        symbols.contains(&"BTC/USDT") && symbols.contains(&"AAPL/USDT"),
        "{symbols:?}"
    );

    let admin = app.admin().await;
    let me = app.admin_get(&admin, "/me").await;
    me.assert_ok();
    assert_eq!(me.message()["id"], app.user_id(&admin).await);

    let token = crate::funds::bound_user(&app).await;
    crate::funds::submit_level_one(&app, &token, "Ada Lovelace")
        .await
        .0
        .assert_ok();
    let queue = app.admin_get(&admin, "/verifications?state=1").await;
    let id = queue.message()["data"][0]["id"]
        .as_i64()
        .unwrap_or_default()
        .to_string();
    app.admin_post(&admin, "/verifications/reject", &[("id", &id)])
        .await
        .assert_error(422);
    app.admin_post(
        &admin,
        "/verifications/reject",
        &[("id", &id), ("reason", "Blurred photo")],
    )
    .await
    .assert_ok();
    let state = app.get("/real/state", Some(&token)).await;
    assert_eq!(state.message()["level1"]["state"], 3, "{}", state.body);
    assert_eq!(
        state.message()["level1"]["reason"],
        "Blurred photo",
        "{}",
        state.body
    );
    app.admin_post(
        &admin,
        "/verifications/reject",
        &[("id", &id), ("reason", "again")],
    )
    .await
    .assert_error(409);

    // Until an admin names the platform's address, users see a demo one that is
    // well-formed for its network and says it is a demo.
    let before = app
        .post(
            "/wallet/get_in_address",
            Some(&token),
            &[("currency", "3"), ("network", "TRC20")],
        )
        .await;
    let demo = before.message()["address"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert!(bourse::addresses::is_valid("TRC20", &demo), "{demo}");
    assert_eq!(before.message()["demo"], true);
    app.admin_post(
        &admin,
        "/deposit_addresses",
        &[
            ("currency", "3"),
            ("network", "TRC20"),
            ("address", "TBourse000000000000000000000demo03"),
        ],
    )
    .await
    .assert_error(422);
    let set = app
        .admin_post(
            &admin,
            "/deposit_addresses",
            &[
                ("currency", "3"),
                ("network", "TRC20"),
                ("address", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"),
            ],
        )
        .await;
    set.assert_ok();
    let addresses = app.admin_get(&admin, "/deposit_addresses").await;
    assert!(addresses
        .body
        .to_string()
        .contains("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"));
    let shown = app
        .post(
            "/wallet/get_in_address",
            Some(&token),
            &[("currency", "3"), ("network", "TRC20")],
        )
        .await;
    assert_eq!(
        shown.message()["address"],
        "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
        "{}",
        shown.body
    );
    assert_eq!(shown.message()["demo"], false);
    app.admin_post(
        &admin,
        "/deposit_addresses",
        &[
            ("currency", "3"),
            ("network", "NOPE"),
            ("address", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"),
        ],
    )
    .await
    .assert_error(422);

    let rate = app
        .admin_post(&admin, "/fiat_rates", &[("code", "cny"), ("rate", "7.25")])
        .await;
    rate.assert_ok();
    let rates = app.get("/wallet/getRateCurrency", None).await;
    let cny = rates
        .message()
        .as_array()
        .into_iter()
        .flatten()
        .find(|r| r["currency_code"] == "CNY")
        .cloned()
        .unwrap_or_default();
    assert_eq!(cny["rate"], "7.25", "{}", rates.body);
    app.admin_post(&admin, "/fiat_rates", &[("code", "XXX"), ("rate", "2")])
        .await
        .assert_error(422);
}
on_both!(
    the_calls_that_had_no_test,
    &[("BOURSE__CODES__RESEND_SECONDS", "0")]
);
