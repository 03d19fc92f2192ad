//! Token sales over HTTP: a sale's refusals, its pro-rata allocation with
//! the unused cost refunded, the review that credits it and the releases by
//! cycle; the audit after. Dual investment is in `dual.rs`.

use crate::helpers::{exec, wait_for, Http, TestApp};
use crate::on_both;
use crate::told::Ears;
use ::actors::earn::ReloadProject;
use serde_json::Value;

const DAY: i64 = 86_400_000;

pub(crate) fn dec(v: &Value) -> f64 {
    v.as_str().unwrap_or_default().parse().unwrap_or(f64::NAN)
}

pub(crate) async fn funded(app: &Http, admin: &str, funds: &[(&str, &str)]) -> String {
    let (_, token) = app.user().await;
    for (currency, amount) in funds {
        app.fund(&token, admin, currency, amount).await;
    }
    token
}

pub(crate) fn bal(b: (String, String)) -> (f64, f64) {
    (
        b.0.parse().unwrap_or(f64::NAN),
        b.1.parse().unwrap_or(f64::NAN),
    )
}

async fn sale(app: &Http, id: i64) -> Value {
    let d = app.get(&format!("/project/detail?id={id}"), None).await;
    d.assert_ok();
    d.message()["project"].clone()
}

async fn my_sale_orders(app: &Http, token: &str) -> Vec<Value> {
    let l = app.get("/user/project/order?limit=50", Some(token)).await;
    l.assert_ok();
    l.message()["data"].as_array().cloned().unwrap_or_default()
}

/// Ends sale `id` now, in the database, and has its actor look: the end
/// moved, never waited for.
async fn sale_ends(app: &TestApp, id: i64) {
    exec(
        &app.state.db,
        &format!(
            "UPDATE ieo_projects SET ends_at = {} WHERE id = {id}",
            bourse::db::now_ms() - 1
        ),
    )
    .await;
    app.state
        .earn
        .project(id)
        .unwrap_or_else(|e| panic!("{e:?}"))
        .send(ReloadProject)
        .await
        .unwrap_or_else(|e| panic!("{e}"));
}

/// The demo sales, the refusals, an oversubscribed sale allocated pro rata
/// with the rest refunded, credited after review and released by cycle.
async fn a_token_sale_from_subscription_to_release(app: TestApp) {
    let admin = app.admin().await;
    let list = app.get("/project", None).await;
    list.assert_ok();
    let demo = list.message()["data"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert_eq!(demo.len(), 2);
    let brs = demo
        .iter()
        .find(|p| p["token"] == "BRS")
        .cloned()
        .unwrap_or_default();
    let nova = demo
        .iter()
        .find(|p| p["token"] == "NOVA")
        .cloned()
        .unwrap_or_default();
    assert_eq!(brs["status"], 1);
    assert_eq!(nova["status"], 0);

    let a = funded(&app, &admin, &[("3", "1000")]).await;
    let b = funded(&app, &admin, &[("3", "1000")]).await;
    let poor = funded(&app, &admin, &[("3", "5")]).await;
    let ask = |id: &Value, amount: &'static str| {
        let id = id.as_i64().unwrap_or_default().to_string();
        (id, amount)
    };
    for (who, project, amount, message) in [
        (&a, &nova["id"], "1000", "The sale has not started"),
        (&a, &brs["id"], "5", "Below the least subscription"),
        (&a, &brs["id"], "60000", "Over your subscription limit"),
        (&a, &brs["id"], "10.00001", ""),
        (&poor, &brs["id"], "100", "Insufficient balance"),
    ] {
        let (id, amount) = ask(project, amount);
        let r = app
            .post(
                "/project/order?lang=en",
                Some(who),
                &[("project_id", &id), ("amount", amount)],
            )
            .await;
        assert_eq!(r.kind(), "error", "{amount}: {}", r.body);
        if !message.is_empty() {
            assert_eq!(r.text(), message, "{amount}");
        }
    }
    assert!(my_sale_orders(&app, &a).await.is_empty());
    assert_eq!(bal(app.balance(&a, "3", "2").await), (1000.0, 0.0));

    // An admin's sale of 100 TRX at 1 USDT, on for an hour (its end is
    // moved in the database once the orders are in, not waited for).
    let now = bourse::db::now_ms();
    let (starts, ends) = ((now - 1_000).to_string(), (now + 3_600_000).to_string());
    let form = [
        ("name", "TRX test sale"),
        ("token", "TRX"),
        ("pay_currency", "USDT"),
        ("price", "1"),
        ("supply", "100"),
        ("user_cap", "80"),
        ("min_amount", "1"),
        ("starts_at", starts.as_str()),
        ("ends_at", ends.as_str()),
        ("lock_days", "1"),
        ("cycle_days", "1"),
        ("cycles", "2"),
        ("website", "https://trx.example"),
    ];
    // Each bad term is refused with the token sale's own rule.
    let with = |field: &'static str, value: &'static str| {
        let mut f: Vec<(&str, &str)> = form.iter().filter(|(k, _)| *k != field).copied().collect();
        f.push((field, value));
        f
    };
    for (field, value, said) in [
        ("website", "http://x", "The white paper and website links must start with https:// and take at most 200 characters"),
        ("cycles", "0", "Tokens are released in 1 to 120 cycles; lock and cycle lengths are whole days from 1"),
        ("cycles", "121", "Tokens are released in 1 to 120 cycles; lock and cycle lengths are whole days from 1"),
        ("lock_days", "0", "Tokens are released in 1 to 120 cycles; lock and cycle lengths are whole days from 1"),
        ("min_amount", "90", "The price and supply must be above zero, and the minimum no more than the cap per user, the cap no more than the supply"),
        ("user_cap", "200", "The price and supply must be above zero, and the minimum no more than the cap per user, the cap no more than the supply"),
        ("name", "T", "A sale's name takes 2-40 characters and its introduction at most 500"),
    ] {
        let bad = app
            .admin_post(&admin, "/ieo/project?lang=en", &with(field, value))
            .await;
        bad.assert_error(422);
        assert_eq!(bad.text(), said, "{field}={value}");
    }
    let mut f = with("ends_at", "1");
    f.retain(|(k, _)| *k != "starts_at");
    f.push(("starts_at", starts.as_str()));
    let bad = app.admin_post(&admin, "/ieo/project", &f).await;
    assert_eq!(
        bad.text(),
        "The sale must end after it starts, and the lock must not end before the sale"
    );
    let (trx,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM ieo_projects WHERE token = 4")
        .fetch_one(&app.state.db)
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(trx, 0, "no refused sale was stored");
    let made = app.admin_post(&admin, "/ieo/project", &form).await;
    made.assert_ok();
    let id = made.message()["id"].as_i64().unwrap_or_default();
    // What a's socket is told at each step of the sale.
    let ears = Ears::of(&app, app.user_id(&a).await).await;
    let told = |st: i64| {
        ears.heard("ieo_order", move |p| {
            p["project_id"] == id && p["status"] == st
        })
    };
    let ids = id.to_string();
    app.admin_post(&admin, "/ieo/project", &form)
        .await
        .assert_error(422);
    for (who, amount) in [(&a, "80"), (&b, "40")] {
        app.post(
            "/project/order",
            Some(who),
            &[("project_id", &ids), ("amount", amount)],
        )
        .await
        .assert_ok();
    }
    assert_eq!(bal(app.balance(&a, "3", "2").await), (920.0, 80.0));
    let p = sale(&app, id).await;
    assert_eq!(p["subscribed"], "120");
    assert_eq!(p["oversubscribed"], "120.00");
    // Crediting before the end is refused: the sale is not in that state.
    app.admin_post(&admin, "/ieo/credit", &[("id", &ids)])
        .await
        .assert_error(409);

    // The end: 100 of 120 asked, each gets 5/6 of the ask, the rest refunded.
    sale_ends(&app, id).await;
    wait_for("the allocation", async || {
        sale(&app, id).await["allocation_ratio"].is_string()
    })
    .await;
    let p = sale(&app, id).await;
    assert_eq!(p["allocation_ratio"], "83.33");
    let oa = &my_sale_orders(&app, &a).await[0];
    let ob = &my_sale_orders(&app, &b).await[0];
    let (ga, gb) = (dec(&oa["allocated"]), dec(&ob["allocated"]));
    assert!((ga + gb - 100.0).abs() < 1e-9, "{ga} + {gb}");
    // In whole steps of TRX (6 decimals): the step the rounding leaves goes
    // to the larger remainder.
    assert_eq!(
        (&oa["allocated"], &ob["allocated"]),
        (&Value::from("66.666667"), &Value::from("33.333333"))
    );
    assert_eq!(oa["status"], 1);
    told(1).await;
    ears.balance_of(3).await;
    assert!(oa["calculation"]
        .as_str()
        .is_some_and(|c| c.contains("80 × 100 / 120")));
    let (av, fr) = bal(app.balance(&a, "3", "2").await);
    assert!((fr - dec(&oa["paid"])).abs() < 1e-9);
    assert!((av - (920.0 + dec(&oa["refund"]))).abs() < 1e-9);
    assert!((dec(&oa["paid"]) + dec(&oa["refund"]) - 80.0).abs() < 1e-9);

    // Reviewed and credited: the tokens locked, the cost paid.
    app.admin_post(&admin, "/ieo/credit", &[("id", &ids)])
        .await
        .assert_ok();
    app.admin_post(&admin, "/ieo/credit", &[("id", &ids)])
        .await
        .assert_error(409);
    let (_, fr) = bal(app.balance(&a, "3", "2").await);
    assert_eq!(fr, 0.0);
    assert!((bal(app.balance(&a, "4", "12").await).0 - ga).abs() < 1e-9);
    assert_eq!(bal(app.balance(&a, "4", "2").await).0, 0.0);
    let oa = &my_sale_orders(&app, &a).await[0];
    assert_eq!(oa["status"], 2);
    assert!(oa["next_release_at"].is_i64());
    told(2).await;
    ears.clear();

    // A day after the lock: half released; another day: the rest.
    let actor = app
        .state
        .earn
        .project(id)
        .unwrap_or_else(|e| panic!("{e:?}"));
    let db = app.state.db.clone();
    // Half of 66.666667 in whole steps is 33.333333; the last release the rest.
    for (days, expected) in [(1, 33.333333), (2, ga)] {
        exec(
            &db,
            &format!(
                "UPDATE ieo_projects SET lock_ends_at = {} WHERE id = {id}",
                bourse::db::now_ms() - (days - 1) * DAY - DAY / 2
            ),
        )
        .await;
        actor
            .send(ReloadProject)
            .await
            .unwrap_or_else(|e| panic!("{e}"));
        wait_for("a release", async || {
            (bal(app.balance(&a, "4", "2").await).0 - expected).abs() < 2e-8
        })
        .await;
        let locked = bal(app.balance(&a, "4", "12").await).0;
        let spot = bal(app.balance(&a, "4", "2").await).0;
        assert!((locked + spot - ga).abs() < 1e-9);
    }
    wait_for("fully released", async || {
        my_sale_orders(&app, &a).await[0]["status"] == 3
    })
    .await;
    // Each release told a of the token moved; the last, of the order released.
    told(3).await;
    ears.balance_of(4).await;
    let mine = app.get(&format!("/project/detail?id={id}"), Some(&a)).await;
    assert_eq!(mine.message()["mine"]["locked"], "0");
    crate::dust::assert_no_dust(
        &app.state,
        &["ieo_subscribe", "ieo_refund", "ieo_credit", "ieo_release"],
    )
    .await;
    app.assert_audit(&admin).await;
}

on_both!(
    a_token_sale_from_subscription_to_release,
    &[("BOURSE__CODES__RESEND_SECONDS", "0")]
);

/// A sale's allocation is written in slices of orders, each its own
/// transaction. A slice committed before a kill (its orders allocated and
/// refunded, the sale not yet closed) is not written again when the sale
/// ends after: the shares come out as one allocation of every order would
/// give them, each refund is paid once, and the sale closes once.
async fn an_allocation_cut_between_slices_resumes(app: TestApp) {
    use ::actors::earn::ieostore::{self, IeoOrderRow, ORDER_COLUMNS};
    let admin = app.admin().await;
    let a = funded(&app, &admin, &[("3", "1000")]).await;
    let b = funded(&app, &admin, &[("3", "1000")]).await;
    let now = bourse::db::now_ms();
    let (starts, ends) = ((now - 1_000).to_string(), (now + 3_600_000).to_string());
    let made = app
        .admin_post(
            &admin,
            "/ieo/project",
            &[
                ("name", "TRX cut sale"),
                ("token", "TRX"),
                ("pay_currency", "USDT"),
                ("price", "1"),
                ("supply", "100"),
                ("user_cap", "80"),
                ("min_amount", "1"),
                ("starts_at", starts.as_str()),
                ("ends_at", ends.as_str()),
                ("lock_days", "1"),
                ("cycle_days", "1"),
                ("cycles", "2"),
            ],
        )
        .await;
    made.assert_ok();
    let id = made.message()["id"].as_i64().unwrap_or_default();
    for (who, amount) in [(&a, "80"), (&b, "40")] {
        app.post(
            "/project/order",
            Some(who),
            &[("project_id", &id.to_string()), ("amount", amount)],
        )
        .await
        .assert_ok();
    }
    // What the first slice committed before the kill: a's order, of the
    // shares of both.
    let st = app.state.earn.store().unwrap_or_else(|| panic!("no store"));
    let p = ieostore::project(&st, id)
        .await
        .unwrap_or_else(|e| panic!("{e}"))
        .unwrap_or_else(|| panic!("no sale {id}"));
    let orders: Vec<IeoOrderRow> = sqlx::query_as(&format!(
        "SELECT {ORDER_COLUMNS} FROM ieo_orders WHERE project_id = $1 ORDER BY id"
    ))
    .bind(id)
    .fetch_all(&app.state.db)
    .await
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(orders.len(), 2);
    let granted = p.allocate(&orders.iter().map(|o| o.amount).collect::<Vec<_>>());
    let first = ieostore::allocate_slice(&st, &p, &orders[..1], &granted[..1])
        .await
        .unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(first.len(), 1);
    // And again, as a retry of the same slice would: nothing more.
    let again = ieostore::allocate_slice(&st, &p, &orders[..1], &granted[..1])
        .await
        .unwrap_or_else(|e| panic!("{e:?}"));
    assert!(again.is_empty());
    // The sale ends after the restart: the rest is allocated, once.
    sale_ends(&app, id).await;
    wait_for("the allocation", async || {
        sale(&app, id).await["allocation_ratio"].is_string()
    })
    .await;
    let (oa, ob) = (
        &my_sale_orders(&app, &a).await[0],
        &my_sale_orders(&app, &b).await[0],
    );
    assert_eq!(
        (&oa["allocated"], &ob["allocated"]),
        (&Value::from("66.666667"), &Value::from("33.333333"))
    );
    let (refunds,): (i64,) = sqlx::query_as(
        "SELECT COUNT(*) FROM ledger_operations WHERE reason = 'ieo_refund' AND ref_id = $1",
    )
    .bind(id)
    .fetch_one(&app.state.db)
    .await
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(refunds, 2, "one refund per slice");
    for (t, o) in [(&a, oa), (&b, ob)] {
        let (av, fr) = bal(app.balance(t, "3", "2").await);
        assert!((fr - dec(&o["paid"])).abs() < 1e-9, "{o}");
        assert!((av + fr - 1000.0).abs() < 1e-9, "{o}");
    }
    app.assert_audit(&admin).await;
}

on_both!(
    an_allocation_cut_between_slices_resumes,
    &[("BOURSE__CODES__RESEND_SECONDS", "0")]
);
