//! Funds over HTTP: deposits with review, withdrawals with verification, limits
//! and cancellation, transfers between accounts, conversion, and the audit after
//! each; concurrency against one balance.

use crate::helpers::{Http, TestApp};
use crate::on_both;

/// A user with both e-mail and mobile bound and a payment password: the token.
pub(crate) async fn bound_user(app: &Http) -> String {
    let (email, token) = app.user().await;
    let t = Some(token.as_str());
    let mobile = format!("139{:08}", rand_digits());
    app.post(
        "/sms_send",
        None,
        &[("area_code", "86"), ("mobile", &mobile)],
    )
    .await
    .assert_ok();
    let code = app.last_code(&mobile).await;
    app.post(
        "/safe/mobile",
        t,
        &[("area_code", "86"), ("mobile", &mobile), ("code", &code)],
    )
    .await
    .assert_ok();
    app.post("/sms_mail", None, &[("user_string", &email)])
        .await
        .assert_ok();
    let code = app.last_code(&email).await;
    app.post(
        "/safe/update_password",
        t,
        &[
            ("type", "pay"),
            ("password", "246810"),
            ("re_password", "246810"),
            ("code", &code),
        ],
    )
    .await
    .assert_ok();
    token
}

/// Submits level-1 verification under `name` with two fresh photos: the answer
/// and the front photo's link.
pub(crate) async fn submit_level_one(
    app: &Http,
    token: &str,
    name: &str,
) -> (crate::helpers::Answer, String) {
    let (front, back) = (app.upload_png(token).await, app.upload_png(token).await);
    let a = app
        .post(
            "/user/real?lang=en",
            Some(token),
            &[
                ("real_type", "1"),
                ("id_type", "passport"),
                ("name", name),
                ("card_id", "P1234567"),
                ("front_pic", &front),
                ("reverse_pic", &back),
            ],
        )
        .await;
    (a, front)
}

/// A user verified at level 1 with phone bound, a payment password and a saved
/// USDT address: (token, address).
pub(crate) async fn verified_user(app: &Http, admin: &str) -> (String, String) {
    let token = bound_user(app).await;
    let t = Some(token.as_str());
    let (submitted, front) = submit_level_one(app, &token, "Ada Lovelace").await;
    submitted.assert_ok();
    let queue = app.admin_get(admin, "/verifications?state=1").await;
    let id = queue.message()["data"]
        .as_array()
        .and_then(|rows| {
            // Both are signed links to the same file.
            let name = bourse::uploads::name_of(&front);
            rows.iter()
                .find(|r| r["front_pic"].as_str().map(bourse::uploads::name_of) == Some(name))
        })
        .map(|r| r["id"].as_i64().unwrap_or_default().to_string())
        .unwrap_or_else(|| panic!("verification not queued: {}", queue.body));
    app.admin_post(admin, "/verifications/approve", &[("id", &id)])
        .await
        .assert_ok();
    let qr = app.upload_png(&token).await;
    let address = "TXyzUserWithdrawAddress0000000001";
    app.post(
        "/user/wallet/save",
        t,
        &[
            ("currency", "3"),
            ("name", "My TRON"),
            ("address", address),
            ("qrcode", &qr),
        ],
    )
    .await
    .assert_ok();
    (token, address.to_string())
}

fn rand_digits() -> u64 {
    let s = bourse::security::random_name();
    u64::from_str_radix(&s[..12], 16).unwrap_or_default() % 100_000_000
}

async fn the_demo_user_starts_funded_through_the_ledger(app: TestApp) {
    let token = app.login("demo@bourse.local", "Demo123456").await;
    assert_eq!(
        app.balance(&token, "USDT", "2").await,
        ("10000".to_string(), "0".to_string())
    );
    assert_eq!(app.balance(&token, "BTC", "change").await.0, "1");
    let list = app.post("/wallet/list", Some(&token), &[]).await;
    list.assert_ok();
    assert_eq!(
        list.message()["total_usdt"],
        "77000",
        "10000 USDT + 1 BTC at the reference price"
    );
    let admin = app.admin().await;
    app.assert_audit(&admin).await;
}
on_both!(the_demo_user_starts_funded_through_the_ledger);

async fn a_deposit_is_credited_only_when_approved_and_only_once(app: TestApp) {
    let admin = app.admin().await;
    let (_, token) = app.user().await;
    let t = Some(token.as_str());
    let addr = app
        .post(
            "/wallet/get_in_address",
            t,
            &[("currency", "3"), ("network", "TRC20")],
        )
        .await;
    addr.assert_ok();
    assert!(addr.message()["address"]
        .as_str()
        .unwrap_or_default()
        .starts_with('T'));
    app.post(
        "/wallet/get_in_address",
        t,
        &[("currency", "1"), ("network", "TRC20")],
    )
    .await
    .assert_error(422);
    // No voucher, no request.
    app.post(
        "/wallet/charge_req",
        t,
        &[("currency", "3"), ("amount", "100")],
    )
    .await
    .assert_error(422);
    app.post(
        "/wallet/charge_req",
        t,
        &[("currency", "3"), ("amount", "1.0000001"), ("voucher", "x")],
    )
    .await
    .assert_error(422);
    let voucher = app.upload_png(&token).await;
    let r = app
        .post(
            "/wallet/charge_req",
            t,
            &[
                ("currency", "3"),
                ("amount", "250.5"),
                ("voucher", &voucher),
            ],
        )
        .await;
    r.assert_ok();
    let id = r.message()["id"].as_i64().unwrap_or_default().to_string();
    assert_eq!(
        app.balance(&token, "3", "2").await.0,
        "0",
        "nothing before review"
    );
    // Users cannot review.
    assert_eq!(
        app.admin_post(&token, "/deposits/approve", &[("id", &id)])
            .await
            .status,
        403
    );
    app.admin_post(&admin, "/deposits/approve", &[("id", &id)])
        .await
        .assert_ok();
    app.admin_post(&admin, "/deposits/approve", &[("id", &id)])
        .await
        .assert_error(409);
    assert_eq!(app.balance(&token, "3", "2").await.0, "250.5");
    let log = app.get("/recharge/log", t).await;
    assert_eq!(log.message()["data"][0]["state"], 1);
    // A rejection needs a reason and credits nothing.
    let r2 = app
        .post(
            "/wallet/charge_req",
            t,
            &[("currency", "3"), ("amount", "99"), ("voucher", &voucher)],
        )
        .await;
    let id2 = r2.message()["id"].as_i64().unwrap_or_default().to_string();
    app.admin_post(&admin, "/deposits/reject", &[("id", &id2)])
        .await
        .assert_error(422);
    app.admin_post(
        &admin,
        "/deposits/reject",
        &[("id", &id2), ("reason", "voucher unreadable")],
    )
    .await
    .assert_ok();
    assert_eq!(app.balance(&token, "3", "2").await.0, "250.5");
    let records = app.post("/wallet/legal_log", t, &[("currency", "3")]).await;
    assert_eq!(records.message()["total"], 1);
    assert_eq!(records.message()["data"][0]["reason"], "deposit");
    app.assert_audit(&admin).await;
}
on_both!(a_deposit_is_credited_only_when_approved_and_only_once);

async fn withdrawals_need_verification_a_pay_password_and_freeze_the_amount(app: TestApp) {
    let admin = app.admin().await;
    let (_, plain) = app.user().await;
    let no_kyc = app
        .post(
            "/wallet/out",
            Some(&plain),
            &[
                ("currency", "3"),
                ("number", "50"),
                ("type", "0"),
                ("address", "x"),
                ("pay_password", "1"),
            ],
        )
        .await;
    assert_eq!((no_kyc.status, no_kyc.kind()), (403, "998"));

    let (token, address) = verified_user(&app, &admin).await;
    let t = Some(token.as_str());
    app.fund(&token, &admin, "3", "100").await;
    let out = |n: &'static str, pw: &'static str, addr: String| {
        let app = &app;
        let token = token.clone();
        async move {
            app.post(
                "/wallet/out",
                Some(&token),
                &[
                    ("currency", "3"),
                    ("number", n),
                    ("type", "0"),
                    ("address", &addr),
                    ("pay_password", pw),
                ],
            )
            .await
        }
    };
    let wrong_pw = out("50", "000000", address.clone()).await;
    wrong_pw.assert_error(422);
    assert_eq!(wrong_pw.text(), "The payment password is wrong");
    out("50", "246810", "TNotMySavedAddress000000000000".into())
        .await
        .assert_error(422);
    let below = out("5", "246810", address.clone()).await;
    assert!(below.text().contains("minimum"), "{}", below.text());
    out("150", "246810", address.clone())
        .await
        .assert_error(409);
    assert_eq!(
        app.balance(&token, "3", "2").await,
        ("100".into(), "0".into()),
        "a refused request freezes nothing"
    );
    let bank = app
        .post(
            "/wallet/out",
            t,
            &[
                ("currency", "3"),
                ("number", "50"),
                ("type", "1"),
                ("pay_password", "246810"),
            ],
        )
        .await;
    assert_eq!(bank.text(), "Please add a bank card first");

    let first = out("40", "246810", address.clone()).await;
    first.assert_ok();
    assert_eq!(
        app.balance(&token, "3", "2").await,
        ("60".into(), "40".into())
    );
    // The owner cancels: unfrozen.
    let id = first.message()["id"]
        .as_i64()
        .unwrap_or_default()
        .to_string();
    app.post("/user/withdraw/cancel", t, &[("id", &id)])
        .await
        .assert_ok();
    app.post("/user/withdraw/cancel", t, &[("id", &id)])
        .await
        .assert_error(404);
    assert_eq!(
        app.balance(&token, "3", "2").await,
        ("100".into(), "0".into())
    );

    let second = out("30", "246810", address.clone()).await;
    let id2 = second.message()["id"]
        .as_i64()
        .unwrap_or_default()
        .to_string();
    // Another user cannot cancel it.
    let (_, other) = app.user().await;
    app.post("/user/withdraw/cancel", Some(&other), &[("id", &id2)])
        .await
        .assert_error(404);
    app.admin_post(&admin, "/withdrawals/approve", &[("id", &id2)])
        .await
        .assert_ok();
    app.admin_post(
        &admin,
        "/withdrawals/reject",
        &[("id", &id2), ("reason", "late")],
    )
    .await
    .assert_error(409);
    assert_eq!(
        app.balance(&token, "3", "2").await,
        ("70".into(), "0".into())
    );
    let list = app.get("/user/withdraw/list", t).await;
    assert_eq!(
        list.message()["data"][0]["receive"],
        "29",
        "30 minus the 1 USDT fee"
    );

    let third = out("20", "246810", address.clone()).await;
    let id3 = third.message()["id"]
        .as_i64()
        .unwrap_or_default()
        .to_string();
    app.admin_post(
        &admin,
        "/withdrawals/reject",
        &[("id", &id3), ("reason", "address flagged")],
    )
    .await
    .assert_ok();
    assert_eq!(
        app.balance(&token, "3", "2").await,
        ("70".into(), "0".into())
    );
    app.assert_audit(&admin).await;
}
on_both!(
    withdrawals_need_verification_a_pay_password_and_freeze_the_amount,
    &[("BOURSE__CODES__RESEND_SECONDS", "0")]
);

async fn the_level_one_limit_caps_bank_withdrawals_per_order(app: TestApp) {
    let admin = app.admin().await;
    let (token, _) = verified_user(&app, &admin).await;
    let t = Some(token.as_str());
    app.fund(&token, &admin, "3", "5000").await;
    let mut card: Vec<(&str, &str)> = vec![
        ("alipay_account", "026009593"),
        ("real_name", "Ada Lovelace"),
        ("bank_account", "6222020000000000"),
        ("bank_dizhi", "London"),
        ("bank_name", "Bank of Bourse"),
        ("bank_network", "Strand"),
        ("swift_code", "BOURGB2L"),
        ("phone", "447700900123"),
        ("wechat_account", "1 Strand, London"),
    ];
    app.post("/user/cash_save", t, &card)
        .await
        .assert_error(422);
    card.push(("wechat_nickname", "BOURGB2L"));
    app.post("/user/cash_save", t, &card).await.assert_ok();
    assert_eq!(
        app.post("/user/cash_info", t, &[]).await.message()["bank_name"],
        "Bank of Bourse"
    );
    assert!(app
        .post("/user/cash_info_international", t, &[])
        .await
        .message()
        .is_null());
    let big = app
        .post(
            "/wallet/out",
            t,
            &[
                ("currency", "3"),
                ("number", "2500"),
                ("type", "1"),
                ("pay_password", "246810"),
            ],
        )
        .await;
    big.assert_error(422);
    assert!(big.text().contains("2000"), "{}", big.text());
    app.post(
        "/wallet/out",
        t,
        &[
            ("currency", "3"),
            ("number", "1500"),
            ("type", "1"),
            ("pay_password", "246810"),
        ],
    )
    .await
    .assert_ok();
    app.assert_audit(&admin).await;
}
on_both!(
    the_level_one_limit_caps_bank_withdrawals_per_order,
    &[("BOURSE__CODES__RESEND_SECONDS", "0")]
);

async fn transfers_between_accounts_and_conversion_move_exact_amounts(app: TestApp) {
    let admin = app.admin().await;
    let (_, token) = app.user().await;
    let t = Some(token.as_str());
    app.fund(&token, &admin, "3", "1000").await;
    app.post(
        "/wallet/change",
        t,
        &[
            ("currency_id", "3"),
            ("number", "300"),
            ("from_field", "change"),
            ("to_field", "lever"),
        ],
    )
    .await
    .assert_ok();
    app.post(
        "/wallet/change",
        t,
        &[
            ("currency_id", "3"),
            ("number", "1"),
            ("from_field", "2"),
            ("to_field", "2"),
        ],
    )
    .await
    .assert_error(422);
    app.post(
        "/wallet/change",
        t,
        &[
            ("currency_id", "3"),
            ("number", "701"),
            ("from_field", "2"),
            ("to_field", "4"),
        ],
    )
    .await
    .assert_error(409);
    assert_eq!(app.balance(&token, "3", "2").await.0, "700");
    assert_eq!(app.balance(&token, "3", "3").await.0, "300");
    let history = app.get("/wallet/hzhistory", t).await;
    assert_eq!(history.message()["total"], 1);

    let quote = app
        .post(
            "/user/getTransferFee",
            t,
            &[
                ("from_currency_id", "3"),
                ("to_currency_id", "1"),
                ("number", "670"),
            ],
        )
        .await;
    quote.assert_ok();
    assert_eq!(quote.message()["fee"], "1.34");
    assert_eq!(quote.message()["receive"], "0.00998");
    let done = app
        .post(
            "/user/Transfer",
            t,
            &[
                ("from_currency_id", "3"),
                ("to_currency_id", "1"),
                ("number", "670"),
            ],
        )
        .await;
    done.assert_ok();
    assert_eq!(app.balance(&token, "3", "2").await.0, "30");
    assert_eq!(app.balance(&token, "1", "2").await.0, "0.00998");
    app.post(
        "/user/Transfer",
        t,
        &[
            ("from_currency_id", "3"),
            ("to_currency_id", "3"),
            ("number", "1"),
        ],
    )
    .await
    .assert_error(422);
    app.post(
        "/user/Transfer",
        t,
        &[
            ("from_currency_id", "3"),
            ("to_currency_id", "1"),
            ("number", "31"),
        ],
    )
    .await
    .assert_error(409);
    app.assert_audit(&admin).await;
}
on_both!(transfers_between_accounts_and_conversion_move_exact_amounts);

async fn two_hundred_simultaneous_transfers_never_overdraw(app: TestApp) {
    let admin = app.admin().await;
    let (_, token) = app.user().await;
    app.fund(&token, &admin, "3", "50").await;
    let mut tasks = Vec::new();
    for _ in 0..200 {
        let client = app.client.clone();
        let url = format!("{}/api/wallet/change", app.address);
        let token = token.clone();
        tasks.push(actix_web::rt::spawn(async move {
            client
                .post(url)
                .header("Authorization", token)
                .form(&[
                    ("currency_id", "3"),
                    ("number", "1"),
                    ("from_field", "2"),
                    ("to_field", "3"),
                ])
                .send()
                .await
                .map(|r| r.status().as_u16())
        }));
    }
    let mut ok = 0;
    for t in tasks {
        match t
            .await
            .unwrap_or_else(|e| panic!("{e}"))
            .unwrap_or_else(|e| panic!("{e}"))
        {
            200 => ok += 1,
            409 => {}
            other => panic!("unexpected status {other}"),
        }
    }
    assert_eq!(ok, 50, "exactly the balance moved");
    assert_eq!(
        app.balance(&token, "3", "2").await,
        ("0".into(), "0".into())
    );
    assert_eq!(app.balance(&token, "3", "3").await.0, "50");
    app.assert_audit(&admin).await;
}
on_both!(two_hundred_simultaneous_transfers_never_overdraw);

async fn verification_needs_both_contacts_and_addresses_are_private(app: TestApp) {
    let admin = app.admin().await;
    let (_, token) = app.user().await;
    let t = Some(token.as_str());
    let r = app.post("/user/real", t, &[("real_type", "1")]).await;
    r.assert_error(422);
    assert!(r.text().contains("bind"), "{}", r.text());
    assert_eq!(
        app.get("/real/state", t).await.message()["level1"]["state"],
        0
    );
    let (verified, _) = verified_user(&app, &admin).await;
    let state = app.get("/real/state", Some(&verified)).await;
    assert_eq!(state.message()["level"], 1);
    app.post("/user/real", Some(&verified), &[("real_type", "1")])
        .await
        .assert_error(409);
    let list = app.get("/user/wallet/list", Some(&verified)).await;
    let id = list.message()[0]["id"]
        .as_i64()
        .unwrap_or_default()
        .to_string();
    app.post("/user/wallet/del", t, &[("id", &id)])
        .await
        .assert_error(404);
    assert_eq!(
        app.get("/user/wallet/list", t)
            .await
            .message()
            .as_array()
            .map(Vec::len),
        Some(0)
    );
    app.post("/user/wallet/del", Some(&verified), &[("id", &id)])
        .await
        .assert_ok();
}
on_both!(
    verification_needs_both_contacts_and_addresses_are_private,
    &[("BOURSE__CODES__RESEND_SECONDS", "0")]
);
