//! Registration, codes, login, rate limits, logout and password reset.

use crate::helpers::TestApp;
use crate::on_both;

async fn registering_by_email_then_logging_in_works(app: TestApp) {
    app.register_email("alice@example.com", "Secret123").await;
    let token = app.login("ALICE@example.com", "Secret123").await;
    assert_eq!(token.len(), 64);
    let info = app.get("/user/info", Some(&token)).await;
    info.assert_ok();
    assert_eq!(info.message()["email"], "alice@example.com");
    assert_eq!(info.message()["unread"], 1, "the welcome notification");
    let bearer = app
        .send(
            app.client
                .get(format!("{}/api/user/info", app.address))
                .header("Authorization", format!("Bearer {token}")),
        )
        .await;
    bearer.assert_ok();
}
on_both!(registering_by_email_then_logging_in_works);

async fn registering_by_mobile_uses_the_sms_code(app: TestApp) {
    app.post(
        "/sms_send",
        None,
        &[("area_code", "86"), ("mobile", "13800138000")],
    )
    .await
    .assert_ok();
    let code = app.last_code("13800138000").await;
    app.post(
        "/user/register",
        None,
        &[
            ("type", "mobile"),
            ("area_code", "86"),
            ("user_string", "13800138000"),
            ("code", &code),
            ("password", "Secret123"),
            ("re_password", "Secret123"),
        ],
    )
    .await
    .assert_ok();
    let token = app.login("13800138000", "Secret123").await;
    let info = app.get("/user/info", Some(&token)).await;
    assert_eq!(info.message()["mobile"], "13800138000");
    assert_eq!(info.message()["area_code"], "86");
    // A mainland number must be 1[3-9] and 11 digits.
    app.post(
        "/sms_send",
        None,
        &[("area_code", "86"), ("mobile", "12800138000")],
    )
    .await
    .assert_error(422);
}
on_both!(registering_by_mobile_uses_the_sms_code);

async fn a_wrong_code_is_refused_and_a_used_code_cannot_be_replayed(app: TestApp) {
    app.post("/sms_mail", None, &[("user_string", "bob@example.com")])
        .await
        .assert_ok();
    let code = app.last_code("bob@example.com").await;
    let wrong = if code == "000000" { "111111" } else { "000000" };
    let app = &app;
    let send = |c: String| async move {
        app.post(
            "/user/register",
            None,
            &[
                ("user_string", "bob@example.com"),
                ("code", &c),
                ("password", "Secret123"),
                ("re_password", "Secret123"),
            ],
        )
        .await
    };
    let a = send(wrong.to_string()).await;
    a.assert_error(422);
    assert_eq!(a.text(), "The verification code is wrong");
    send(code.clone()).await.assert_ok();
    // The account now exists, so the same request is a duplicate…
    send(code.clone()).await.assert_error(409);
    // …and the used code does not work for anything else either.
    let reset = app
        .post(
            "/user/forget",
            None,
            &[
                ("account", "bob@example.com"),
                ("code", &code),
                ("password", "Other1234"),
                ("repassword", "Other1234"),
            ],
        )
        .await;
    reset.assert_error(422);
    assert!(reset.text().contains("expired"), "{}", reset.text());
}
on_both!(a_wrong_code_is_refused_and_a_used_code_cannot_be_replayed);

async fn five_wrong_tries_burn_the_code(app: TestApp) {
    app.post("/sms_mail", None, &[("user_string", "carol@example.com")])
        .await
        .assert_ok();
    let code = app.last_code("carol@example.com").await;
    let wrong = if code == "000000" { "111111" } else { "000000" };
    for _ in 0..5 {
        app.post(
            "/user/register",
            None,
            &[
                ("user_string", "carol@example.com"),
                ("code", wrong),
                ("password", "Secret123"),
                ("re_password", "Secret123"),
            ],
        )
        .await
        .assert_error(422);
    }
    let a = app
        .post(
            "/user/register",
            None,
            &[
                ("user_string", "carol@example.com"),
                ("code", &code),
                ("password", "Secret123"),
                ("re_password", "Secret123"),
            ],
        )
        .await;
    a.assert_error(422);
    assert!(a.text().contains("Too many wrong attempts"), "{}", a.text());
}
on_both!(five_wrong_tries_burn_the_code);

async fn an_expired_code_is_refused(app: TestApp) {
    app.post("/sms_mail", None, &[("user_string", "dan@example.com")])
        .await
        .assert_ok();
    let code = app.last_code("dan@example.com").await;
    tokio::time::sleep(std::time::Duration::from_millis(1200)).await;
    let a = app
        .post(
            "/user/register",
            None,
            &[
                ("user_string", "dan@example.com"),
                ("code", &code),
                ("password", "Secret123"),
                ("re_password", "Secret123"),
            ],
        )
        .await;
    a.assert_error(422);
    assert!(a.text().contains("expired"));
}
on_both!(
    an_expired_code_is_refused,
    &[("BOURSE__CODES__TTL_SECONDS", "1")]
);

async fn codes_wait_sixty_seconds_per_address_and_messages_follow_lang(app: TestApp) {
    app.post("/sms_mail", None, &[("user_string", "erin@example.com")])
        .await
        .assert_ok();
    let again = app
        .post(
            "/sms_mail",
            None,
            &[("user_string", "erin@example.com"), ("lang", "en")],
        )
        .await;
    assert_eq!(again.status, 429);
    assert!(again.text().starts_with("Please wait"), "{}", again.text());
    let zh = app
        .post(
            "/sms_mail",
            None,
            &[("user_string", "erin@example.com"), ("lang", "zh")],
        )
        .await;
    assert_eq!(zh.status, 429);
    assert!(
        zh.text()
            .chars()
            .any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
        "{}",
        zh.text()
    );
    // The language can come in the query string too.
    let jp = app.get("/user/info?lang=jp", None).await;
    jp.assert_error(401);
    assert_ne!(jp.text(), "Please log in first");
}
on_both!(codes_wait_sixty_seconds_per_address_and_messages_follow_lang);

async fn codes_are_limited_per_ip(app: TestApp) {
    for i in 0..3 {
        app.post(
            "/sms_mail",
            None,
            &[("user_string", &format!("ip{i}@example.com"))],
        )
        .await
        .assert_ok();
    }
    let a = app
        .post("/sms_mail", None, &[("user_string", "ip9@example.com")])
        .await;
    assert_eq!(a.status, 429);
}
on_both!(
    codes_are_limited_per_ip,
    &[("BOURSE__LIMITS__CODES_PER_IP_PER_MINUTE", "3")]
);

async fn registration_validates_before_spending_the_code(app: TestApp) {
    app.post("/sms_mail", None, &[("user_string", "fay@example.com")])
        .await
        .assert_ok();
    let code = app.last_code("fay@example.com").await;
    let short = app
        .post(
            "/user/register",
            None,
            &[
                ("user_string", "fay@example.com"),
                ("code", &code),
                ("password", "123456"),
                ("re_password", "123456"),
            ],
        )
        .await;
    short.assert_error(422);
    let mismatch = app
        .post(
            "/user/register",
            None,
            &[
                ("user_string", "fay@example.com"),
                ("code", &code),
                ("password", "Secret123"),
                ("re_password", "Secret124"),
                ("lang", "zh"),
            ],
        )
        .await;
    assert_eq!(mismatch.text(), "两次输入的密码不一致");
    let bad_invite = app
        .post(
            "/user/register",
            None,
            &[
                ("user_string", "fay@example.com"),
                ("code", &code),
                ("password", "Secret123"),
                ("re_password", "Secret123"),
                ("extension_code", "NOPE0000"),
            ],
        )
        .await;
    bad_invite.assert_error(422);
    // The code survived all of that.
    app.post(
        "/user/register",
        None,
        &[
            ("user_string", "fay@example.com"),
            ("code", &code),
            ("password", "Secret123"),
            ("re_password", "Secret123"),
        ],
    )
    .await
    .assert_ok();
    let check = app
        .post(
            "/user/check_email",
            None,
            &[("user_string", "fay@example.com")],
        )
        .await;
    assert_eq!(check.message()["registered"], true);
}
on_both!(registration_validates_before_spending_the_code);

async fn an_invite_code_links_the_new_user_to_the_inviter(app: TestApp) {
    let (_, token) = app.user().await;
    let me = app.get("/user/info", Some(&token)).await;
    let invite = me.message()["invite_code"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    app.post("/sms_mail", None, &[("user_string", "gus@example.com")])
        .await
        .assert_ok();
    let code = app.last_code("gus@example.com").await;
    app.post(
        "/user/register",
        None,
        &[
            ("user_string", "gus@example.com"),
            ("code", &code),
            ("password", "Secret123"),
            ("re_password", "Secret123"),
            ("extension_code", &invite.to_lowercase()),
        ],
    )
    .await
    .assert_ok();
    let list = app
        .post(
            "/user/my_invite_list",
            Some(&token),
            &[("page", "1"), ("limit", "10")],
        )
        .await;
    list.assert_ok();
    assert_eq!(list.message()["total"], 1);
    assert_eq!(list.message()["data"][0]["account"], "g***@example.com");
    // Rebates are written by the invite programme; here one is written for the
    // inviter and one for somebody else, and the list shows the caller's only.
    let inviter = app.user_id(&token).await;
    let gus = app.login("gus@example.com", "Secret123").await;
    let gus_id = app.user_id(&gus).await;
    for (holder, from, amount) in [(inviter, gus_id, 150_000_000_i64), (gus_id, inviter, 7)] {
        sqlx::query("INSERT INTO rebates (user_id, from_user_id, currency, amount, created_at) VALUES ($1, $2, 'USDT', $3, 1)")
            .bind(holder)
            .bind(from)
            .bind(amount)
            .execute(&app.state.db)
            .await
            .unwrap_or_else(|e| panic!("{e}"));
    }
    let profits = app.post("/user/my_profit_list", Some(&token), &[]).await;
    assert_eq!(profits.message()["total"], 1, "{}", profits.body);
    let row = &profits.message()["data"][0];
    assert_eq!(
        (row["amount"].as_str(), row["currency"].as_str()),
        (Some("1.5"), Some("USDT"))
    );
    assert_eq!(row["from_account"], "g***@example.com");
}
on_both!(an_invite_code_links_the_new_user_to_the_inviter);

async fn a_wrong_password_fails_and_repeated_failures_lock_the_account(app: TestApp) {
    app.register_email("hal@example.com", "Secret123").await;
    for _ in 0..5 {
        let a = app
            .post(
                "/user/login",
                None,
                &[
                    ("user_string", "hal@example.com"),
                    ("password", "Wrong1234"),
                ],
            )
            .await;
        a.assert_error(422);
        assert_eq!(a.text(), "Wrong account or password");
    }
    let locked = app
        .post(
            "/user/login",
            None,
            &[
                ("user_string", "hal@example.com"),
                ("password", "Secret123"),
            ],
        )
        .await;
    assert_eq!(locked.status, 429);
    // An unknown account fails the same way as a wrong password.
    let unknown = app
        .post(
            "/user/login",
            None,
            &[
                ("user_string", "nobody@example.com"),
                ("password", "Secret123"),
            ],
        )
        .await;
    assert_eq!(unknown.text(), "Wrong account or password");
}
on_both!(a_wrong_password_fails_and_repeated_failures_lock_the_account);

async fn logout_revokes_the_token_and_protected_calls_answer_999(app: TestApp) {
    let (_, token) = app.user().await;
    app.get("/user/info", Some(&token)).await.assert_ok();
    app.get("/user/logout", Some(&token)).await.assert_ok();
    let after = app.get("/user/info", Some(&token)).await;
    after.assert_error(401);
    assert_eq!(after.kind(), "999");
    for (path, post) in [
        ("/user/info", false),
        ("/user/editNickname", true),
        ("/feedback/list", true),
        ("/user/my_invite_list", true),
        ("/safe/update_password", true),
        ("/user/logout", false),
    ] {
        let a = if post {
            app.post(path, None, &[]).await
        } else {
            app.get(path, None).await
        };
        assert_eq!((a.status, a.kind()), (401, "999"), "{path}");
        let forged = if post {
            app.post(path, Some("f00d"), &[]).await
        } else {
            app.get(path, Some("f00d")).await
        };
        assert_eq!(forged.kind(), "999", "{path}");
    }
}
on_both!(logout_revokes_the_token_and_protected_calls_answer_999);

async fn a_forgotten_password_is_reset_with_a_code_and_old_sessions_end(app: TestApp) {
    app.register_email("ivy@example.com", "Secret123").await;
    let old = app.login("ivy@example.com", "Secret123").await;
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    app.post("/sms_mail", None, &[("user_string", "ivy@example.com")])
        .await
        .assert_ok();
    let code = app.last_code("ivy@example.com").await;
    app.post(
        "/user/forget",
        None,
        &[
            ("account", "ivy@example.com"),
            ("code", &code),
            ("password", "NewSecret1"),
            ("repassword", "NewSecret1"),
        ],
    )
    .await
    .assert_ok();
    app.get("/user/info", Some(&old)).await.assert_error(401);
    app.post(
        "/user/login",
        None,
        &[
            ("user_string", "ivy@example.com"),
            ("password", "Secret123"),
        ],
    )
    .await
    .assert_error(422);
    app.login("ivy@example.com", "NewSecret1").await;
    let unknown = app
        .post(
            "/user/forget",
            None,
            &[
                ("account", "zed@example.com"),
                ("code", "123456"),
                ("password", "NewSecret1"),
                ("repassword", "NewSecret1"),
            ],
        )
        .await;
    unknown.assert_error(422);
}
on_both!(
    a_forgotten_password_is_reset_with_a_code_and_old_sessions_end,
    &[("BOURSE__CODES__RESEND_SECONDS", "1")]
);

async fn an_admin_created_from_the_command_line_reaches_admin_calls(app: TestApp) {
    let (_, user_token) = app.user().await;
    // Dot segments sent as they are (a client library would resolve them first):
    // whatever the server makes of the path, the admin guard still decides.
    for (path, token) in [
        ("/api/../admin/api/me", None),
        ("/api/..%2fadmin/api/me", None),
        ("/h5/../admin/api/users", Some(user_token.as_str())),
        ("//admin/api/users", Some(user_token.as_str())),
    ] {
        let status = crate::helpers::raw_get(&app, path, token).await;
        assert!(matches!(status, 400 | 401 | 403 | 404), "{path}: {status}");
    }
    let forbidden = app
        .send(
            app.client
                .get(format!("{}/admin/api/users", app.address))
                .header("Authorization", &user_token),
        )
        .await;
    assert_eq!(forbidden.status, 403);
    let url = app.state.settings.database.url.clone();
    let mut settings = (*app.state.settings).clone();
    settings.database.url = url;
    bourse::admin_cli::create_admin(settings, "root@example.com", "RootPass123")
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    let admin = app.login("root@example.com", "RootPass123").await;
    let users = app
        .send(
            app.client
                .get(format!("{}/admin/api/users", app.address))
                .header("Authorization", &admin),
        )
        .await;
    users.assert_ok();
    assert!(users.message()["total"].as_i64().unwrap_or_default() >= 2);
}
on_both!(an_admin_created_from_the_command_line_reaches_admin_calls);
