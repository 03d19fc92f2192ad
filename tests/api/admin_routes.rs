//! Scenarios of the admin routes that only the hostile-input tests called:
//! ending a user's sessions, the withdrawal queue, the earn reserves and the
//! token sales (each asserting the route's effect, so `coverage.rs` finds
//! every route named).

use crate::earn::lock;
use crate::funds::verified_user;
use crate::helpers::{Http, TestApp};
use crate::nft::{funded, id_of};
use crate::on_both;
use crate::routes_named::{page, pick};
use serde_json::{json, Value};

async fn sessions(app: &Http, token: &str) -> usize {
    let a = app.get("/safe/sessions", Some(token)).await;
    a.assert_ok().message().as_array().map_or(0, Vec::len)
}

async fn works(app: &Http, token: &str) -> bool {
    app.get("/user/info", Some(token)).await.kind() == "ok"
}

/// An admin signs a user out everywhere: both tokens stop working at once,
/// nobody else's, and the user can log in again.
async fn an_admin_ends_every_session_of_a_user(app: TestApp) {
    let admin = app.admin().await;
    let (email, first) = app.user().await;
    let second = app.login(&email, "Passw0rd!").await;
    let (_, other) = app.user().await;
    let uid = app.user_id(&first).await.to_string();
    assert_eq!(sessions(&app, &second).await, 2);
    let end = async |by: &str, user: &str| {
        app.admin_post(by, "/users/sessions/end", &[("user_id", user)])
            .await
    };
    end(&other, &uid).await.assert_error(403);
    let unknown = end(&admin, "999999").await;
    unknown.assert_error(404);
    assert_eq!(
        unknown.text(),
        "No account with this e-mail or mobile number"
    );
    assert!(works(&app, &first).await && works(&app, &second).await);

    let ended = end(&admin, &uid).await;
    assert_eq!(
        ended.assert_ok().message(),
        &json!({"ended": 2, "current": false})
    );
    app.get("/user/info", Some(&first)).await.assert_error(401);
    app.get("/user/info", Some(&second)).await.assert_error(401);
    assert!(works(&app, &other).await, "another user stays signed in");
    assert!(works(&app, &admin).await, "so does the admin");
    let again = end(&admin, &uid).await;
    assert_eq!(again.message(), &json!({"ended": 0, "current": false}));
    let back = app.login(&email, "Passw0rd!").await;
    assert!(works(&app, &back).await);
    assert_eq!(sessions(&app, &back).await, 1);
    app.assert_audit(&admin).await;
}
on_both!(an_admin_ends_every_session_of_a_user);

/// The admin's withdrawal queue: each request with its amount, fee and
/// requester, newest first, by state and paged, as it is paid or refused.
async fn the_admin_withdrawal_queue(app: TestApp) {
    let admin = app.admin().await;
    let (token, address) = verified_user(&app, &admin).await;
    app.fund(&token, &admin, "3", "100").await;
    let uid = app.user_id(&token).await;
    let (email,): (String,) = sqlx::query_as("SELECT email FROM users WHERE id = $1")
        .bind(uid)
        .fetch_one(&app.state.db)
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    let queue = async |path: &str| page(&app.admin_get(&admin, path).await);
    assert_eq!(queue("/withdrawals").await, (json!(0), vec![]));
    let withdraw = async |number: &str| {
        let form = [
            ("currency", "3"),
            ("number", number),
            ("type", "0"),
            ("address", address.as_str()),
            ("pay_password", "246810"),
        ];
        let a = app.post("/wallet/out", Some(&token), &form).await;
        a.assert_ok().message()["id"].clone()
    };
    let first = withdraw("40").await;
    let second = withdraw("25").await;
    assert_eq!(
        app.balance(&token, "3", "2").await,
        ("35".into(), "65".into())
    );
    let (total, rows) = queue("/withdrawals").await;
    assert_eq!((total, rows.len()), (json!(2), 2));
    // Newest first; 40 asked, the 1 USDT fee, 39 arrives.
    let fields = "id user_id account currency_id currency type destination number fee \
        receive state reason reviewed_at";
    assert_eq!(
        pick(&rows[1], fields),
        json!({
            "id": first, "user_id": uid, "account": email, "currency_id": 3, "currency": "USDT",
            "type": 0, "destination": format!("My TRON: {address}"), "number": "40", "fee": "1",
            "receive": "39", "state": 0, "reason": "", "reviewed_at": null,
        })
    );
    assert_eq!(
        pick(&rows[0], "id number receive"),
        json!({"id": second, "number": "25", "receive": "24"})
    );

    let (f, s) = (first.to_string(), second.to_string());
    let decide = async |path: &str, id: &str, reason: &str| {
        app.admin_post(&admin, path, &[("id", id), ("reason", reason)])
            .await
    };
    decide("/withdrawals/approve", &f, "").await.assert_ok();
    decide("/withdrawals/reject", &s, "address flagged")
        .await
        .assert_ok();
    let late = decide("/withdrawals/approve", &s, "").await;
    late.assert_error(409);
    assert_eq!(late.text(), "This request has already been processed");
    // 40 paid out, 25 back: 60 left, nothing frozen.
    assert_eq!(
        app.balance(&token, "3", "2").await,
        ("60".into(), "0".into())
    );
    let (total, paid) = queue("/withdrawals?state=1").await;
    assert_eq!(
        (total, pick(&paid[0], "id state")),
        (json!(1), json!({"id": first, "state": 1}))
    );
    assert!(paid[0]["reviewed_at"].is_i64(), "{paid:?}");
    let (total, refused) = queue("/withdrawals?state=2").await;
    let why = json!({"id": second, "state": 2, "reason": "address flagged"});
    assert_eq!(
        (total, pick(&refused[0], "id state reason")),
        (json!(1), why)
    );
    assert_eq!(queue("/withdrawals?state=0").await, (json!(0), vec![]));
    let last = app.admin_get(&admin, "/withdrawals?limit=1&page=2").await;
    let (_, rows) = page(&last);
    assert_eq!(
        (&last.message()["pages"], rows.len(), &rows[0]["id"]),
        (&json!(2), 1, &json!(first))
    );
    let denied = app.admin_get(&token, "/withdrawals").await;
    denied.assert_error(403);
    app.assert_audit(&admin).await;
}
on_both!(
    the_admin_withdrawal_queue,
    &[("BOURSE__CODES__RESEND_SECONDS", "0")]
);

/// The yield reserves as a lock promises against them and an early
/// redemption pays into them; the token sales, newest first, as a
/// subscription changes them.
async fn the_admin_reserves_and_token_sales(app: TestApp) {
    let admin = app.admin().await;
    let token = funded(&app, &admin, "120").await;
    for path in ["/earn/reserves", "/ieo/projects"] {
        app.admin_get(&token, path).await.assert_error(403);
    }
    let reserves = async || {
        let r = app.admin_get(&admin, "/earn/reserves").await;
        r.assert_ok()
            .message()
            .as_array()
            .cloned()
            .unwrap_or_default()
    };
    let usdt_reserve = |reserve: &str, promised: &str, coverage: Value| {
        json!({
            "currency_id": 3, "currency": "USDT", "reserve": reserve, "promised": promised,
            "coverage": coverage,
        })
    };
    // The configured funding: 2 BTC and 100,000 USDT, nothing promised.
    assert_eq!(
        reserves().await,
        [
            json!({
                "currency_id": 1, "currency": "BTC", "reserve": "2", "promised": "0",
                "coverage": null,
            }),
            usdt_reserve("100000", "0", Value::Null),
        ]
    );
    // 100 USDT locked for 5 days at up to 0.4 % a day promises 2 USDT.
    let order = lock(&app, &token, "1", "100").await;
    order.assert_ok();
    assert_eq!(
        reserves().await[1],
        usdt_reserve("100000", "2", json!("5000000.00"))
    );
    // Redeemed early: the promise is released, the 0.5 % penalty joins the reserve.
    let id = id_of(order.message(), "id");
    let redeemed = app
        .post("/lh/deposit/order/cancel", Some(&token), &[("id", &id)])
        .await;
    assert_eq!(
        pick(redeemed.assert_ok().message(), "returned penalty"),
        json!({"returned": "99.5", "penalty": "0.5"})
    );
    assert_eq!(
        reserves().await[1],
        usdt_reserve("100000.5", "0", Value::Null)
    );

    // The two configured sales, the later one first.
    let sales = async |path: &str| page(&app.admin_get(&admin, path).await);
    let (total, rows) = sales("/ieo/projects").await;
    assert_eq!((total, rows.len()), (json!(2), 2));
    assert_eq!(
        pick(&rows[0], "token status"),
        json!({"token": "NOVA", "status": 0})
    );
    assert_eq!(
        pick(&rows[1], "token status name price subscribed subscribers"),
        json!({
            "token": "BRS", "status": 1, "name": "Bourse Token (BRS)", "price": "0.1",
            "subscribed": "0", "subscribers": 0,
        })
    );
    assert!(
        rows[1]["intros"].is_object(),
        "admins see every language: {}",
        rows[1]
    );
    let brs = rows[1]["id"].clone();
    // 100 BRS at 0.1: 10 USDT frozen, and the sale counts them.
    let brs_id = brs.to_string();
    let ask = [("project_id", brs_id.as_str()), ("amount", "100")];
    app.post("/project/order", Some(&token), &ask)
        .await
        .assert_ok();
    assert_eq!(
        app.balance(&token, "3", "2").await,
        ("109.5".into(), "10".into())
    );
    let second = app.admin_get(&admin, "/ieo/projects?limit=1&page=2").await;
    let (total, rows) = page(&second);
    assert_eq!((total, &second.message()["pages"]), (json!(2), &json!(2)));
    assert_eq!(
        pick(
            &rows[0],
            "id subscribed subscribers remaining oversubscribed"
        ),
        json!({
            "id": brs, "subscribed": "100", "subscribers": 1, "remaining": "999900",
            "oversubscribed": "0.01",
        })
    );
    app.assert_audit(&admin).await;
}
on_both!(the_admin_reserves_and_token_sales);
