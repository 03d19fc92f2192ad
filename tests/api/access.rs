//! Access, driven by the route table's own `auth` column: every login route
//! answers 401 without a token or with a forged one, every admin route 401
//! without a token and 403 with a user's, and lets an admin through. Contract
//! positions of one user cannot be closed, cancelled or re-stopped by another.

use crate::helpers::TestApp;
use crate::on_both;
use bourse::api::{RouteDoc, ADMIN_ROUTES, API_ROUTES};

async fn call(app: &TestApp, prefix: &str, r: &RouteDoc, token: Option<&str>) -> (u16, String) {
    let url = format!("{}{prefix}{}", app.address, r.path);
    let mut req = match r.method {
        "get" => app.client.get(url),
        "put" => app.client.put(url),
        "delete" => app.client.delete(url),
        _ => app.client.post(url),
    };
    if let Some(t) = token {
        req = req.header("Authorization", t);
    }
    let a = app.send(req).await;
    (a.status, a.kind().to_string())
}

async fn every_route_is_guarded_as_its_table_says(app: TestApp) {
    let admin = app.admin().await;
    let (_, user) = app.user().await;
    let mut checked = 0;
    for r in API_ROUTES.iter().filter(|r| r.auth != "visitor") {
        assert_eq!(
            call(&app, "/api", r, None).await,
            (401, "999".into()),
            "{} {}",
            r.method,
            r.path
        );
        let forged = call(&app, "/api", r, Some("Bearer not-a-token")).await;
        assert_eq!(
            forged,
            (401, "999".into()),
            "{} {} forged",
            r.method,
            r.path
        );
        checked += 1;
    }
    for r in ADMIN_ROUTES {
        assert_eq!(r.auth, "admin", "{}", r.path);
        let what = format!("{} /admin/api{}", r.method, r.path);
        assert_eq!(
            call(&app, "/admin/api", r, None).await,
            (401, "999".into()),
            "{what}"
        );
        assert_eq!(
            call(&app, "/admin/api", r, Some(&user)).await,
            (403, "error".into()),
            "{what}"
        );
        let (status, _) = call(&app, "/admin/api", r, Some(&admin)).await;
        assert!(
            status != 401 && status != 403,
            "{what} refused an admin: {status}"
        );
        checked += 1;
    }
    assert!(checked > 60, "only {checked} routes checked");
    // An unknown admin path is not a way to learn anything either.
    let a = app
        .send(
            app.client
                .get(format!("{}/admin/api/nothing-here", app.address)),
        )
        .await;
    a.assert_error(401);
}
on_both!(every_route_is_guarded_as_its_table_says);

async fn one_users_positions_are_out_of_anothers_reach(app: TestApp) {
    let owner = app.login("demo@bourse.local", "Demo123456").await;
    let (_, other) = app.user().await;
    app.post(
        "/wallet/change",
        Some(&owner),
        &[
            ("currency_id", "3"),
            ("number", "1000"),
            ("from_field", "2"),
            ("to_field", "3"),
        ],
    )
    .await
    .assert_ok();
    let open = app
        .post(
            "/lever/submit",
            Some(&owner),
            &[
                ("match_id", "1"),
                ("type", "1"),
                ("share", "1"),
                ("multiple", "10"),
                ("status", "1"),
            ],
        )
        .await;
    open.assert_ok();
    let id = open.message()["id"]
        .as_i64()
        .unwrap_or_else(|| panic!("{}", open.body))
        .to_string();
    let before = app
        .post("/lever/my_trade", Some(&owner), &[("status", "1")])
        .await
        .body;
    for (path, extra) in [
        ("/lever/close", None),
        ("/lever/cancel", None),
        ("/lever/setstop", Some(("stop_loss_price", "1"))),
    ] {
        let mut form = vec![("id", id.as_str())];
        form.extend(extra);
        let a = app.post(path, Some(&other), &form).await;
        assert!(
            matches!(a.status, 404 | 422 | 409),
            "{path}: {} {}",
            a.status,
            a.body
        );
    }
    let after = app
        .post("/lever/my_trade", Some(&owner), &[("status", "1")])
        .await
        .body;
    assert_eq!(before, after, "another user's calls changed the position");
    let theirs = app
        .post("/lever/my_trade", Some(&other), &[("status", "1")])
        .await;
    assert_eq!(theirs.message()["total"], 0, "{}", theirs.body);
}
on_both!(one_users_positions_are_out_of_anothers_reach);
