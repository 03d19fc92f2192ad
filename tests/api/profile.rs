//! Profile editing, passwords, binding contacts and notifications.

use crate::helpers::TestApp;
use crate::on_both;

async fn nickname_and_signature_respect_their_bounds(app: TestApp) {
    let (_, token) = app.user().await;
    let t = Some(token.as_str());
    app.post("/user/editNickname", t, &[("nickname", "a")])
        .await
        .assert_error(422);
    app.post("/user/editNickname", t, &[("nickname", "abcdefghijk")])
        .await
        .assert_error(422);
    let bad = app
        .post(
            "/user/editNickname",
            t,
            &[("nickname", "<script>"), ("lang", "en")],
        )
        .await;
    assert_eq!(bad.text(), "Only letters, digits and spaces are allowed");
    app.post("/user/editNickname", t, &[])
        .await
        .assert_error(422);
    let ok = app
        .post("/user/editNickname", t, &[("nickname", "小明 Trader")])
        .await;
    ok.assert_ok();
    assert_eq!(ok.message()["nickname"], "小明 Trader");
    app.post("/user/editNickname", t, &[("signature", "x")])
        .await
        .assert_error(422);
    app.post("/user/editNickname", t, &[("signature", &"s".repeat(31))])
        .await
        .assert_error(422);
    let sig = app
        .post("/user/editNickname", t, &[("signature", &"s".repeat(30))])
        .await;
    sig.assert_ok();
    assert_eq!(sig.message()["nickname"], "小明 Trader", "untouched");
}
on_both!(nickname_and_signature_respect_their_bounds);

async fn the_payment_password_is_set_with_a_code_and_six_digits(app: TestApp) {
    let (email, token) = app.user().await;
    let t = Some(token.as_str());
    assert_eq!(
        app.get("/user/info", t).await.message()["has_pay_password"],
        false
    );
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    app.post("/sms_mail", None, &[("user_string", &email)])
        .await
        .assert_ok();
    let code = app.last_code(&email).await;
    app.post(
        "/safe/update_password",
        t,
        &[
            ("type", "pay"),
            ("password", "12345a"),
            ("re_password", "12345a"),
            ("code", &code),
        ],
    )
    .await
    .assert_error(422);
    app.post(
        "/safe/update_password",
        t,
        &[
            ("type", "pay"),
            ("password", "123456"),
            ("re_password", "123456"),
            ("code", &code),
        ],
    )
    .await
    .assert_ok();
    assert_eq!(
        app.get("/user/info", t).await.message()["has_pay_password"],
        true
    );
    // Setting the payment password does not end the session.
    app.get("/user/info", t).await.assert_ok();
}
on_both!(
    the_payment_password_is_set_with_a_code_and_six_digits,
    &[("BOURSE__CODES__RESEND_SECONDS", "1")]
);

async fn changing_the_login_password_revokes_every_session(app: TestApp) {
    let (email, token) = app.user().await;
    let other = app.login(&email, "Passw0rd!").await;
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    app.post("/sms_mail", None, &[("user_string", &email)])
        .await
        .assert_ok();
    let code = app.last_code(&email).await;
    app.post(
        "/safe/update_password",
        Some(&token),
        &[
            ("password", "Brandnew99"),
            ("re_password", "Brandnew99"),
            ("code", &code),
        ],
    )
    .await
    .assert_ok();
    app.get("/user/info", Some(&token)).await.assert_error(401);
    app.get("/user/info", Some(&other)).await.assert_error(401);
    app.login(&email, "Brandnew99").await;
}
on_both!(
    changing_the_login_password_revokes_every_session,
    &[("BOURSE__CODES__RESEND_SECONDS", "1")]
);

async fn binding_a_phone_needs_its_code_and_a_free_number(app: TestApp) {
    let (_, token) = app.user().await;
    let (_, token2) = app.user().await;
    app.post(
        "/sms_send",
        None,
        &[("area_code", "44"), ("mobile", "7700900123")],
    )
    .await
    .assert_ok();
    let code = app.last_code("7700900123").await;
    app.post(
        "/safe/mobile",
        Some(&token),
        &[
            ("area_code", "44"),
            ("mobile", "7700900123"),
            ("code", "000000"),
        ],
    )
    .await
    .assert_error(422);
    let bound = app
        .post(
            "/safe/mobile",
            Some(&token),
            &[
                ("area_code", "44"),
                ("mobile", "7700900123"),
                ("code", &code),
            ],
        )
        .await;
    bound.assert_ok();
    assert_eq!(bound.message()["mobile"], "7700900123");
    assert_eq!(bound.message()["area_code"], "44");
    // Someone else cannot take the same number.
    let taken = app
        .post(
            "/safe/mobile",
            Some(&token2),
            &[
                ("area_code", "44"),
                ("mobile", "7700900123"),
                ("code", "123456"),
            ],
        )
        .await;
    taken.assert_error(409);
    // And the number now logs in too.
    app.login("7700900123", "Passw0rd!").await;
}
on_both!(binding_a_phone_needs_its_code_and_a_free_number);

async fn binding_an_e_mail_to_a_phone_account(app: TestApp) {
    app.post(
        "/sms_send",
        None,
        &[("area_code", "86"), ("mobile", "13900139000")],
    )
    .await
    .assert_ok();
    let code = app.last_code("13900139000").await;
    app.post(
        "/user/register",
        None,
        &[
            ("type", "mobile"),
            ("user_string", "13900139000"),
            ("code", &code),
            ("password", "Secret123"),
            ("re_password", "Secret123"),
        ],
    )
    .await
    .assert_ok();
    let token = app.login("13900139000", "Secret123").await;
    app.post("/sms_mail", None, &[("user_string", "phone@example.com")])
        .await
        .assert_ok();
    let code = app.last_code("phone@example.com").await;
    let bound = app
        .post(
            "/safe/email",
            Some(&token),
            &[("email", "phone@example.com"), ("code", &code)],
        )
        .await;
    bound.assert_ok();
    assert_eq!(bound.message()["email"], "phone@example.com");
}
on_both!(binding_an_e_mail_to_a_phone_account);

async fn notifications_are_private_and_can_be_marked_read(app: TestApp) {
    let (_, a) = app.user().await;
    let (_, b) = app.user().await;
    let list = app
        .post("/feedback/list", Some(&a), &[("is_red", "0")])
        .await;
    list.assert_ok();
    assert_eq!(list.message()["total"], 1);
    let id = list.message()["data"][0]["id"]
        .as_i64()
        .unwrap_or_default()
        .to_string();
    // Another user can neither read nor mark it.
    app.post("/feedback/read", Some(&b), &[("id", &id)])
        .await
        .assert_error(404);
    let read = app.post("/feedback/read", Some(&a), &[("id", &id)]).await;
    assert_eq!(read.message()["unread"], 0);
    let unread = app
        .post("/feedback/list", Some(&a), &[("is_red", "0")])
        .await;
    assert_eq!(unread.message()["total"], 0);
    let all = app
        .post(
            "/feedback/list",
            Some(&a),
            &[("page", "1"), ("limit", "10")],
        )
        .await;
    assert_eq!(all.message()["data"][0]["is_red"], 1);
    assert_eq!(app.get("/user/info", Some(&b)).await.message()["unread"], 1);
    app.post("/feedback/list", Some(&a), &[("page", "0")])
        .await
        .assert_error(422);
}
on_both!(notifications_are_private_and_can_be_marked_read);
