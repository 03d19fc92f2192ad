//! Findings of trying the server as an attacker and a careless user would: the
//! dev outbox off the loopback address, an options stake in a coin the product
//! does not take, and markup in stored fields. Each refusal changes nothing.

use crate::helpers::TestApp;
use crate::on_both;

/// Bound to every interface, the outbox refuses (and says why) even with
/// `dev.outbox` on; codes are still sent.
async fn the_outbox_refuses_off_the_loopback_address(app: TestApp) {
    app.post("/sms_mail", None, &[("user_string", "x@example.com")])
        .await
        .assert_ok();
    let a = app.get("/dev/outbox?to=x@example.com&lang=en", None).await;
    a.assert_error(403);
    assert!(a.text().contains("loopback"), "{}", a.body);
}
on_both!(
    the_outbox_refuses_off_the_loopback_address,
    &[("BOURSE__SERVER__HOST", "0.0.0.0")]
);

/// Options are paid in the one configured coin; naming another is refused and
/// takes nothing.
async fn an_option_in_a_coin_it_does_not_take_is_refused(app: TestApp) {
    let admin = app.admin().await;
    let (_, token) = app.user().await;
    let t = Some(token.as_str());
    app.fund(&token, &admin, "3", "500").await;
    app.fund(&token, &admin, "1", "1").await;
    app.post(
        "/wallet/change",
        t,
        &[
            ("currency_id", "3"),
            ("number", "500"),
            ("from_field", "2"),
            ("to_field", "4"),
        ],
    )
    .await
    .assert_ok();
    let before = (
        app.balance(&token, "3", "4").await,
        app.balance(&token, "1", "4").await,
        app.balance(&token, "3", "2").await,
    );
    for coin in ["1", "BTC", "99"] {
        let a = app
            .post(
                "/microtrade/submit?lang=en",
                t,
                &[
                    ("match_id", "1"),
                    ("currency_id", coin),
                    ("type", "1"),
                    ("seconds", "1"),
                    ("number", "100"),
                ],
            )
            .await;
        a.assert_error(422);
        if coin != "99" {
            assert_eq!(a.text(), "This product is paid in USDT only");
        }
    }
    let after = (
        app.balance(&token, "3", "4").await,
        app.balance(&token, "1", "4").await,
        app.balance(&token, "3", "2").await,
    );
    assert_eq!(before, after);
    let list = app.get("/microtrade/lists?type=1", t).await;
    assert_eq!(list.message()["total"], 0, "{}", list.body);
    app.assert_audit(&admin).await;
}
on_both!(an_option_in_a_coin_it_does_not_take_is_refused);

/// Bank cards, address names and the verification name are checked by what
/// they are; markup is refused with the spec's message and nothing is stored.
async fn stored_fields_refuse_markup(app: TestApp) {
    let (_, token) = app.user().await;
    let t = Some(token.as_str());
    let good: Vec<(&str, &str)> = vec![
        ("alipay_account", "026009593"),
        ("real_name", "Ada Lovelace"),
        ("bank_account", "6222 0200 0000 0000"),
        ("bank_dizhi", "London"),
        ("bank_name", "Bank of Bourse"),
        ("bank_network", "Strand"),
        ("swift_code", "bourgb2l"),
        ("phone", "+44 7700 900123"),
        ("wechat_account", "1 Strand, London"),
        ("wechat_nickname", "BOURGB2LXXX"),
    ];
    let bad: &[(&str, &str, &str)] = &[
        (
            "real_name",
            "<script>alert(1)</script>",
            "This field must not contain < > or control characters",
        ),
        (
            "bank_name",
            "Bank<img src=x>",
            "This field must not contain < > or control characters",
        ),
        (
            "wechat_account",
            "a\u{7}b",
            "This field must not contain < > or control characters",
        ),
        (
            "bank_account",
            "6222<b>0000",
            "Please enter a valid card number (8 to 19 digits)",
        ),
        (
            "bank_account",
            "62220200000000001234",
            "Please enter a valid card number (8 to 19 digits)",
        ),
        (
            "alipay_account",
            "0260095",
            "The ABA number must be 9 digits",
        ),
        (
            "alipay_account",
            "02600959a",
            "The ABA number must be 9 digits",
        ),
        (
            "swift_code",
            "<script>",
            "Please enter a valid SWIFT code (8 or 11 letters and digits)",
        ),
        (
            "wechat_nickname",
            "B0URGB2L",
            "Please enter a valid SWIFT code (8 or 11 letters and digits)",
        ),
        ("phone", "call me", "Please enter a valid phone number"),
    ];
    for path in ["/user/cash_save", "/user/cash_save_international"] {
        for (field, value, message) in bad {
            let form: Vec<(&str, &str)> = good
                .iter()
                .map(|(k, v)| if k == field { (*k, *value) } else { (*k, *v) })
                .chain([("lang", "en")])
                .collect();
            let a = app.post(path, t, &form).await;
            a.assert_error(422);
            assert_eq!(a.text(), *message, "{path} {field}={value:?}");
        }
        let info = if path.ends_with("international") {
            "/user/cash_info_international"
        } else {
            "/user/cash_info"
        };
        assert!(
            app.post(info, t, &[]).await.message().is_null(),
            "nothing stored"
        );
        let saved = app.post(path, t, &good).await;
        saved.assert_ok();
        assert_eq!(saved.message()["bank_account"], "6222020000000000");
        assert_eq!(saved.message()["swift_code"], "BOURGB2L");
    }
    let qr = app.upload_png(&token).await;
    let a = app
        .post(
            "/user/wallet/save?lang=en",
            t,
            &[
                ("currency", "3"),
                ("name", "<b>mine</b>"),
                ("address", "TXyzUserWithdrawAddress0000000001"),
                ("qrcode", &qr),
            ],
        )
        .await;
    a.assert_error(422);
    assert_eq!(
        a.text(),
        "This field must not contain < > or control characters"
    );
    assert_eq!(
        app.get("/user/wallet/list", t)
            .await
            .message()
            .as_array()
            .map(Vec::len),
        Some(0)
    );

    let token = crate::funds::bound_user(&app).await;
    let t = Some(token.as_str());
    let (a, _) = crate::funds::submit_level_one(&app, &token, "<b>Ada</b>").await;
    a.assert_error(422);
    assert_eq!(
        a.text(),
        "This field must not contain < > or control characters"
    );
    assert_eq!(
        app.get("/real/state", t).await.body,
        {
            let fresh = crate::funds::bound_user(&app).await;
            app.get("/real/state", Some(&fresh)).await.body
        },
        "nothing queued"
    );
    crate::funds::submit_level_one(&app, &token, "Ada Lovelace")
        .await
        .0
        .assert_ok();
}
on_both!(
    stored_fields_refuse_markup,
    &[("BOURSE__CODES__RESEND_SECONDS", "0")]
);

/// Requests the HTTP layer cannot read get the envelope too, not an empty body.
async fn unreadable_requests_are_answered_with_the_envelope(app: TestApp) {
    let long_uri = format!(
        "GET /api/{} HTTP/1.1\r\nHost: x\r\n\r\n",
        "a".repeat(70_000)
    );
    let long_query = format!(
        "GET /api/menu?{} HTTP/1.1\r\nHost: x\r\n\r\n",
        "q=1&".repeat(250_000)
    );
    let nul = b"GET /api/menu HTTP/1.1\r\nHost: x\r\nX-A: a\x00b\r\n\r\n".to_vec();
    for (what, bytes, status) in [
        ("a URI too long", long_uri.into_bytes(), 400),
        ("a 1 MB query string", long_query.into_bytes(), 431),
        ("a NUL byte in a header", nul, 400),
    ] {
        let (got, body) = crate::helpers::raw(&app, &bytes).await;
        assert_eq!(got, status, "{what}");
        let v: serde_json::Value = serde_json::from_str(&body).unwrap_or_default();
        assert_eq!(v["type"], "error", "{what}: {body:?}");
        assert_eq!(v["message"], "The request could not be read", "{what}");
    }
    // The connection wrapper leaves every other answer alone.
    let ok = crate::helpers::raw(
        &app,
        b"GET /api/menu HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    )
    .await;
    assert_eq!(ok.0, 200);
    assert!(ok.1.contains(r#""type":"ok""#), "{}", ok.1);
}
on_both!(unreadable_requests_are_answered_with_the_envelope);

/// K-line times beyond any clock are refused in the call's own shape, not a 500
/// (found by the API fuzzer: seconds times 1000 overflowed).
async fn kline_times_beyond_any_clock_are_refused(app: TestApp) {
    for q in [
        "to=9223372036854775807",
        "from=9223372036854775807",
        "from=-9223372036854775808",
        "to=-9300000000000000",
    ] {
        let a = app
            .get(
                &format!("/currency/new_timeshar?symbol=BTC/USDT&period=1min&{q}"),
                None,
            )
            .await;
        assert_eq!(a.status, 200, "{q}: {}", a.body);
        assert_eq!(
            (a.body["code"].as_i64(), a.body["msg"].as_str()),
            (Some(-1), Some("bad time")),
            "{q}"
        );
    }
    let fine = app
        .get(
            "/currency/new_timeshar?symbol=BTC/USDT&period=1min&from=0&to=4102444800",
            None,
        )
        .await;
    assert_eq!(fine.body["code"], 1, "{}", fine.body["msg"]);
}
on_both!(kline_times_beyond_any_clock_are_refused);
