//! Token sales and dual investment over HTTP: a sale's refusals, its
//! pro-rata allocation with the unused cost refunded, the review that
//! credits it and the releases by cycle; dual products renewed from the
//! index, bought in whole shares, settled against their stored samples for
//! a call and a put, and failed with the principal back without a sample;
//! the audit after each.

use crate::derivatives::set_index;
use crate::helpers::{exec, wait_for, Http, TestApp};
use crate::on_both;
use crate::told::Ears;
use ::actors::earn::{ReloadDual, ReloadProject};
use serde_json::Value;

const DAY: i64 = 86_400_000;

fn dec(v: &Value) -> f64 {
    v.as_str().unwrap_or_default().parse().unwrap_or(f64::NAN)
}

async fn funded(app: &Http, admin: &str, funds: &[(&str, &str)]) -> String {
    let (_, token) = app.user().await;
    for (currency, amount) in funds {
        app.fund(&token, admin, currency, amount).await;
    }
    token
}

fn bal(b: (String, String)) -> (f64, f64) {
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

async fn dual_orders(app: &Http, token: &str) -> Vec<Value> {
    let l = app
        .post("/dual/dual_list", Some(token), &[("limit", "50")])
        .await;
    l.assert_ok();
    l.message()["data"].as_array().cloned().unwrap_or_default()
}

pub(crate) fn product_of<'a>(list: &'a [Value], kind: &str, days: i64) -> &'a Value {
    list.iter()
        .find(|p| p["kind"] == kind && p["days"] == days)
        .unwrap_or_else(|| panic!("no {kind} {days}d in {list:?}"))
}

/// Moves product `id` so its sale is over and it matures `in_ms` from now.
pub(crate) async fn maturing(app: &TestApp, id: i64, in_ms: i64) {
    let now = bourse::db::now_ms();
    exec(
        &app.state.db,
        &format!(
            "UPDATE dual_products SET starts_at = {}, matures_at = {} WHERE id = {id}",
            now - 1_000,
            now + in_ms
        ),
    )
    .await;
    app.state
        .earn
        .dual(id)
        .unwrap_or_else(|e| panic!("{e:?}"))
        .send(ReloadDual)
        .await
        .unwrap_or_else(|e| panic!("{e}"));
}

/// Brings product `id` to maturity on what its actor sampled, with no race
/// against the clock: it enters its sampling window (maturity ten minutes
/// away), its actor's first sample there is waited for, and then its
/// maturity is moved past.
pub(crate) async fn matures_after_a_sample(app: &TestApp, id: i64) {
    maturing(app, id, 10 * 60_000).await;
    let db = app.state.db.clone();
    wait_for("a sample of the index", async || {
        let (n,): (i64,) =
            sqlx::query_as("SELECT COUNT(*) FROM dual_samples WHERE product_id = $1")
                .bind(id)
                .fetch_one(&db)
                .await
                .unwrap_or_else(|e| panic!("{e}"));
        n > 0
    })
    .await;
    maturing(app, id, -1).await;
}

/// The payout rule in whole units, as the engine computes it.
fn with_interest(amount: i128, apr_ppm: i128, days: i128) -> i128 {
    amount + amount * apr_ppm * days / (1_000_000 * 365)
}

/// Products renewed from the index, whole shares bought, a call settled
/// below its linked price (the coin back with interest), a put settled
/// below its linked price (the USDT bought the coin), and a product with no
/// sample failed with the principal back.
async fn dual_products_bought_and_settled(app: TestApp) {
    let admin = app.admin().await;
    set_index(&app, 67_000).await;
    bourse::earn::dual::renew(&app.state)
        .await
        .unwrap_or_else(|e| panic!("{e:?}"));
    let list = app.get("/dual/index?currency=BTC", None).await;
    list.assert_ok();
    let list = list.message().as_array().cloned().unwrap_or_default();
    assert_eq!(list.len(), 3, "{list:?}");
    let call = product_of(&list, "call", 1).clone();
    let put = product_of(&list, "put", 3).clone();
    let call7 = product_of(&list, "call", 7).clone();
    // 67 000 × 1.02 and × 0.97, to the step of 100.
    assert_eq!(call["linked_price"], "68300");
    assert_eq!(put["linked_price"], "65000");
    assert_eq!(call["apr"], "36.50");
    let puts = app.get("/dual/index?currency=BTC&kind=put", None).await;
    assert_eq!(puts.message().as_array().map(Vec::len), Some(1));
    app.get("/dual/index?kind=straddle", None)
        .await
        .assert_error(422);

    let t = funded(&app, &admin, &[("1", "1"), ("3", "1000")]).await;
    let cid = call["id"].as_i64().unwrap_or_default().to_string();
    for (num, message) in [
        ("0", "Enter a whole number of shares (at least 1)"),
        ("1.5", "Enter a whole number of shares (at least 1)"),
        ("", "Enter a whole number of shares (at least 1)"),
        ("1001", "Not that many shares left"),
        ("200", "Insufficient balance"),
    ] {
        let r = app
            .post(
                "/dual/buyDual?lang=en",
                Some(&t),
                &[("id", &cid), ("num", num)],
            )
            .await;
        assert_eq!(r.text(), message, "{num}");
    }
    assert!(dual_orders(&app, &t).await.is_empty());
    let bought = app
        .post("/dual/buyDual", Some(&t), &[("id", &cid), ("num", "10")])
        .await;
    bought.assert_ok();
    assert_eq!(bought.message()["amount"], "0.1");
    assert_eq!(bought.message()["status"], 0);
    // Below 68 300: 0.1 BTC × (1 + 36.5 % / 365); at or above: 6 830 USDT × the same.
    assert_eq!(bought.message()["if_below"]["amount"], "0.1001");
    assert_eq!(bought.message()["if_below"]["currency"], "BTC");
    assert_eq!(bought.message()["if_above"]["amount"], "6836.83");
    assert_eq!(bought.message()["if_above"]["currency"], "USDT");
    let pid = put["id"].as_i64().unwrap_or_default().to_string();
    let put_bought = app
        .post("/dual/buyDual", Some(&t), &[("id", &pid), ("num", "5")])
        .await;
    put_bought.assert_ok();
    // Above 65 000 the 500 USDT would come back with 3 days at 30 %:
    // 501.23287671…, paid in whole steps of USDT (6 decimals).
    assert_eq!(put_bought.message()["if_above"]["amount"], "501.232876");
    assert_eq!(put_bought.message()["if_above"]["currency"], "USDT");
    let c7 = call7["id"].as_i64().unwrap_or_default().to_string();
    app.post("/dual/buyDual", Some(&t), &[("id", &c7), ("num", "1")])
        .await
        .assert_ok();
    assert!((bal(app.balance(&t, "1", "2").await).0 - 0.89).abs() < 1e-9);
    assert!((bal(app.balance(&t, "1", "13").await).0 - 0.11).abs() < 1e-9);
    assert_eq!(bal(app.balance(&t, "3", "2").await).0, 500.0);
    let d = app.get(&format!("/dual/detail?id={cid}"), None).await;
    assert_eq!(d.message()["product"]["shares_left"], 990);

    // The call: sampled at 67 000 in its last minutes, settled below the
    // linked price: the coin back with a day's interest.
    let cid_n = call["id"].as_i64().unwrap_or_default();
    matures_after_a_sample(&app, cid_n).await;
    let closed = app
        .post(
            "/dual/buyDual?lang=en",
            Some(&t),
            &[("id", &cid), ("num", "1")],
        )
        .await;
    assert_eq!(closed.text(), "This product is no longer on sale");
    let find = |id: i64| {
        let app = &app;
        let t = &t;
        async move {
            dual_orders(app, t)
                .await
                .into_iter()
                .find(|o| o["product_id"] == id)
                .unwrap_or_default()
        }
    };
    wait_for("the call settled", async || {
        find(cid_n).await["status"] == 2
    })
    .await;
    let o = find(cid_n).await;
    assert_eq!(o["settlement_price"], "67000");
    assert_eq!(o["payout"]["amount"], "0.1001");
    assert_eq!(o["payout"]["currency"], "BTC");
    assert!(!o["samples"].as_array().is_none_or(Vec::is_empty));

    // The put: sampled at 60 000, at or below 65 000: 500 USDT bought the coin.
    set_index(&app, 60_000).await;
    let pid_n = put["id"].as_i64().unwrap_or_default();
    matures_after_a_sample(&app, pid_n).await;
    wait_for("the put settled", async || find(pid_n).await["status"] == 2).await;
    let o = find(pid_n).await;
    let coin = 500i128 * 100_000_000 * 100_000_000 / (65_000 * 100_000_000);
    let expected = with_interest(coin, 300_000, 3);
    assert_eq!(o["payout"]["currency"], "BTC");
    assert_eq!(
        (dec(&o["payout"]["amount"]) * 1e8).round() as i128,
        expected,
        "{o}"
    );

    // The 7-day call matured while no sample could be taken: it fails and
    // the principal comes back.
    let c7_n = call7["id"].as_i64().unwrap_or_default();
    maturing(&app, c7_n, -1_000).await;
    wait_for("the failure", async || find(c7_n).await["status"] == 3).await;
    let o = find(c7_n).await;
    assert!(o["reason"].as_str().is_some_and(|r| !r.is_empty()));
    assert_eq!(o["payout"]["amount"], "0.01");
    let btc = 0.89 + 0.1001 + 0.01 + expected as f64 / 1e8;
    assert!((bal(app.balance(&t, "1", "2").await).0 - btc).abs() < 1e-9);
    assert_eq!(bal(app.balance(&t, "1", "13").await).0, 0.0);
    crate::dust::assert_no_dust(&app.state, &["dual_buy", "dual_settle"]).await;
    // A settled product's actor has left the desk and the health screen.
    for id in [cid_n, pid_n, c7_n] {
        wait_for("a settled product's actor gone", async || {
            app.state.earn.dual(id).is_err()
        })
        .await;
    }
    let names = app.state.actors.reports().await;
    let names: Vec<&str> = names.iter().map(|r| r.name.as_str()).collect();
    for id in [cid_n, pid_n, c7_n] {
        assert!(!names.contains(&format!("dual:{id}").as_str()), "{names:?}");
    }
    // The products still on sale run on.
    assert!(names.iter().any(|n| n.starts_with("dual:")), "{names:?}");
    app.assert_audit(&admin).await;
}

on_both!(
    dual_products_bought_and_settled,
    &[("BOURSE__CODES__RESEND_SECONDS", "0")]
);
