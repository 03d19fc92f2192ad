//! Lock-up mining over HTTP: the products by category, subscribing and
//! every refusal (changing nothing), early redemption with its penalty to
//! the reserve, the daily accrual at the day's stored rate paid once and the
//! maturity returning the principal, the reserve that must cover every
//! promise and its funding by an admin, a server killed across accruals and
//! a maturity; the audit after each.

use crate::helpers::{wait_for, Backend, Http, TestApp};
use crate::node::Node;
use crate::on_both;
use crate::restart::{database, on_both_backends, restarted};
use ::actors::earn::{Accrue, Reload};
use serde_json::Value;

const DAY: i64 = 86_400_000;
/// The demo's USDT 5-day product (0.3-0.4 % a day, minimum 100, penalty 0.5 %).
const USDT_LOCK: &str = "1";

fn dec(v: &Value) -> f64 {
    v.as_str().unwrap_or_default().parse().unwrap_or(f64::NAN)
}

/// A user with `amount` USDT on the spot account.
async fn funded(app: &Http, admin: &str, amount: &str) -> String {
    let (_, token) = app.user().await;
    app.fund(&token, admin, "3", amount).await;
    token
}

async fn product(app: &Http, id: &str) -> Value {
    let d = app.get(&format!("/lh/deposit/detail?id={id}"), None).await;
    d.assert_ok();
    d.message()["product"].clone()
}

pub(crate) async fn lock(
    app: &Http,
    token: &str,
    id: &str,
    amount: &str,
) -> crate::helpers::Answer {
    app.post(
        "/lh/deposit?lang=en",
        Some(token),
        &[("config_id", id), ("amount", amount)],
    )
    .await
}

async fn orders(app: &Http, token: &str) -> Vec<Value> {
    let l = app.get("/lh/deposit/order?limit=100", Some(token)).await;
    l.assert_ok();
    l.message()["data"].as_array().cloned().unwrap_or_default()
}

fn spot(b: (String, String)) -> f64 {
    b.0.parse().unwrap_or(f64::NAN)
}

/// Moves the product's days and its orders `days` back in time, as if
/// that many days had passed; the server learns of it from `then`.
pub(crate) async fn days_pass(db: &sqlx::AnyPool, product: &str, days: i64) {
    let d = days * DAY;
    for sql in [
        format!("UPDATE lock_products SET accrued_through = accrued_through - {d} WHERE id = {product}"),
        format!("UPDATE lock_orders SET created_at = created_at - {d}, first_accrual_at = first_accrual_at - {d}, matures_at = matures_at - {d} WHERE product_id = {product} AND status = 0"),
    ] {
        sqlx::query(&sql).execute(db).await.unwrap_or_else(|e| panic!("{e}"));
    }
}

/// The stored rate (millionths) of each day the product paid, oldest first.
async fn paid_rates(db: &sqlx::AnyPool, product: &str) -> Vec<i64> {
    let (through,): (i64,) = sqlx::query_as(&format!(
        "SELECT accrued_through FROM lock_products WHERE id = {product}"
    ))
    .fetch_one(db)
    .await
    .unwrap_or_else(|e| panic!("{e}"));
    let rows: Vec<(i64,)> = sqlx::query_as(&format!(
        "SELECT rate_ppm FROM lock_rates WHERE product_id = {product} AND starts_at < {through} ORDER BY day"
    ))
    .fetch_all(db)
    .await
    .unwrap_or_else(|e| panic!("{e}"));
    rows.into_iter().map(|r| r.0).collect()
}

/// Subscribing, its refusals, early redemption, another user refused, the
/// records and totals.
async fn subscribe_refuse_and_redeem_early(app: TestApp) {
    let admin = app.admin().await;
    // Products by category.
    let all = app.get("/lh/deposit/config", None).await;
    all.assert_ok();
    assert_eq!(all.message().as_array().map(Vec::len), Some(4));
    for (cat, n) in [("lock", 2), ("defi", 1), ("cloud", 1)] {
        let l = app
            .get(&format!("/lh/deposit/config?category={cat}"), None)
            .await;
        assert_eq!(l.message().as_array().map(Vec::len), Some(n), "{cat}");
    }
    app.get("/lh/deposit/config?category=savings", None)
        .await
        .assert_error(422);
    let p = product(&app, USDT_LOCK).await;
    assert_eq!(p["rate_min"], "0.30");
    assert_eq!(p["rate_max"], "0.40");
    assert_eq!(p["penalty_rate"], "0.50");
    assert_eq!(p["open"], true);
    assert!(
        p["today_rate"].is_string(),
        "today's rate is drawn before the day"
    );

    let token = funded(&app, &admin, "1000").await;
    app.post(
        "/lh/deposit",
        None,
        &[("config_id", USDT_LOCK), ("amount", "100")],
    )
    .await
    .assert_error(401);
    // Every refusal changes nothing.
    for (amount, message) in [
        ("50", "The amount is below the product's minimum"),
        ("60000", "Over your limit for this product"),
        ("2000", "Insufficient balance"),
        ("100.1234567", ""),
        ("-5", ""),
        ("abc", ""),
    ] {
        let r = lock(&app, &token, USDT_LOCK, amount).await;
        assert_eq!(r.kind(), "error", "{amount}: {}", r.body);
        if !message.is_empty() {
            assert_eq!(r.text(), message, "{amount}");
        }
    }
    lock(&app, &token, "999", "100").await.assert_error(404);
    assert!(orders(&app, &token).await.is_empty());
    assert_eq!(spot(app.balance(&token, "3", "2").await), 1000.0);

    // Lock 100: the principal moves to the mining account.
    let r = lock(&app, &token, USDT_LOCK, "100").await;
    r.assert_ok();
    let o = r.message().clone();
    assert_eq!(o["status"], 0);
    assert_eq!(o["amount"], "100");
    assert_eq!(o["paid_days"], 0);
    assert_eq!(o["days"], 5);
    // The day it is taken in earns nothing: it starts earning at the
    // product's next accrual and is first paid a day after it.
    let first = o["first_accrual_at"].as_i64().unwrap_or_default();
    let next = product(&app, USDT_LOCK).await["next_accrual_at"]
        .as_i64()
        .unwrap_or_default();
    assert_eq!(first, next + DAY);
    assert_eq!(o["matures_at"].as_i64(), Some(first + 4 * DAY));
    assert_eq!(o["redeem_preview"]["returned"], "99.5");
    assert_eq!(o["redeem_preview"]["penalty"], "0.5");
    assert_eq!(spot(app.balance(&token, "3", "2").await), 900.0);
    assert_eq!(spot(app.balance(&token, "3", "6").await), 100.0);
    let p = product(&app, USDT_LOCK).await;
    assert_eq!(p["total_locked"], "100");
    assert_eq!(p["holders"], 1);
    // At most 0.4 % for 5 days is promised on it: 2 USDT.
    assert_eq!(p["promised"], "2");
    let s = app.get("/lh/deposit/summary", Some(&token)).await;
    s.assert_ok();
    assert_eq!(s.message()["coins"][0]["locked"], "100");
    assert_eq!(s.message()["products"][0]["locked"], "100");
    // The mining account cannot be moved out of by hand.
    let moved = app
        .post(
            "/wallet/change",
            Some(&token),
            &[
                ("currency_id", "3"),
                ("number", "10"),
                ("from_field", "6"),
                ("to_field", "2"),
            ],
        )
        .await;
    assert_eq!(moved.kind(), "error", "{}", moved.body);
    assert_eq!(spot(app.balance(&token, "3", "6").await), 100.0);

    // Another user cannot redeem it.
    let other = funded(&app, &admin, "10").await;
    let id = o["id"].as_i64().unwrap_or_default().to_string();
    app.post("/lh/deposit/order/cancel", Some(&other), &[("id", &id)])
        .await
        .assert_error(404);

    // Early redemption: 99.5 back, 0.5 to the reserve, the promise released.
    let reserve_before = dec(&product(&app, USDT_LOCK).await["reserve"]);
    let r = app
        .post("/lh/deposit/order/cancel", Some(&token), &[("id", &id)])
        .await;
    r.assert_ok();
    assert_eq!(r.message()["status"], 1);
    assert_eq!(r.message()["returned"], "99.5");
    assert_eq!(r.message()["penalty"], "0.5");
    assert!(r.message()["redeem_preview"].is_null());
    assert_eq!(spot(app.balance(&token, "3", "2").await), 999.5);
    assert_eq!(spot(app.balance(&token, "3", "6").await), 0.0);
    let p = product(&app, USDT_LOCK).await;
    assert_eq!(p["total_locked"], "0");
    assert_eq!(p["holders"], 0);
    assert_eq!(p["promised"], "0");
    assert_eq!(dec(&p["reserve"]), reserve_before + 0.5);
    let again = app
        .post(
            "/lh/deposit/order/cancel?lang=en",
            Some(&token),
            &[("id", &id)],
        )
        .await;
    assert_eq!(again.text(), "This order has ended");
    let ended = app.get("/lh/deposit/order?status=1", Some(&token)).await;
    assert_eq!(ended.message()["total"], 1);
    let reserve_before = dec(&product(&app, USDT_LOCK).await["reserve"]);
    // An amount whose penalty falls between two of the coin's steps: the
    // return rounds down to USDT's 6 decimals, the reserve keeps the rest,
    // and the whole balance can be moved out again.
    let odd = lock(&app, &token, USDT_LOCK, "123.456789").await;
    odd.assert_ok();
    assert_eq!(odd.message()["redeem_preview"]["returned"], "122.839505");
    assert_eq!(odd.message()["redeem_preview"]["penalty"], "0.617284");
    let odd_id = odd.message()["id"].as_i64().unwrap_or_default().to_string();
    let r = app
        .post("/lh/deposit/order/cancel", Some(&token), &[("id", &odd_id)])
        .await;
    r.assert_ok();
    assert_eq!(r.message()["returned"], "122.839505");
    let reserve = dec(&product(&app, USDT_LOCK).await["reserve"]);
    assert!(
        (reserve - reserve_before - 0.617284).abs() < 1e-9,
        "{reserve}"
    );
    assert_eq!(app.balance(&token, "3", "2").await.0, "998.882716");
    app.post(
        "/wallet/change",
        Some(&token),
        &[
            ("currency_id", "3"),
            ("number", "998.882716"),
            ("from_field", "2"),
            ("to_field", "3"),
        ],
    )
    .await
    .assert_ok();
    assert_eq!(spot(app.balance(&token, "3", "2").await), 0.0);
    crate::dust::assert_no_dust(&app.state, &["lock_subscribe", "lock_redeem"]).await;
    let rec = app.get("/lh/deposit/records", Some(&token)).await;
    rec.assert_ok();
    let reasons: Vec<&str> = rec.message()["data"]
        .as_array()
        .map(|a| a.iter().filter_map(|r| r["reason"].as_str()).collect())
        .unwrap_or_default();
    assert_eq!(reasons.iter().filter(|r| **r == "lock_redeem").count(), 4);
    assert_eq!(
        reasons.iter().filter(|r| **r == "lock_subscribe").count(),
        4
    );
    app.assert_audit(&admin).await;
}

on_both!(
    subscribe_refuse_and_redeem_early,
    &[("BOURSE__CODES__RESEND_SECONDS", "0")]
);

/// Each day's accrual pays every open order the day's stored rate once,
/// from its first full day (the day it was subscribed in earns nothing),
/// one record per order, and the fifth returns the principal.
async fn accruals_pay_each_day_once_and_mature(app: TestApp) {
    let admin = app.admin().await;
    let a = funded(&app, &admin, "1000").await;
    let b = funded(&app, &admin, "1000").await;
    lock(&app, &a, USDT_LOCK, "1000").await.assert_ok();
    lock(&app, &b, USDT_LOCK, "500").await.assert_ok();
    lock(&app, &b, USDT_LOCK, "500").await.assert_ok();
    // An amount whose yields fall between two of USDT's steps.
    let c = funded(&app, &admin, "123.456789").await;
    lock(&app, &c, USDT_LOCK, "123.456789").await.assert_ok();
    let actor = app
        .state
        .earn
        .product(1)
        .unwrap_or_else(|e| panic!("{e:?}"));
    let db = app.state.db.clone();

    // A day passes: the accrual ending the day they subscribed in, which
    // pays nothing (the day was not a full one for any of them).
    days_pass(&db, USDT_LOCK, 1).await;
    actor.send(Reload).await.unwrap_or_else(|e| panic!("{e}"));
    actor.send(Accrue).await.unwrap_or_else(|e| panic!("{e}"));
    for t in [&a, &b] {
        let o = orders(&app, t).await;
        assert!(o.iter().all(|o| o["paid_days"] == 0), "{o:?}");
        assert_eq!(spot(app.balance(t, "3", "2").await), 0.0);
    }
    // Another day: their first full day, paid at its stored rate.
    days_pass(&db, USDT_LOCK, 1).await;
    actor.send(Reload).await.unwrap_or_else(|e| panic!("{e}"));
    actor.send(Accrue).await.unwrap_or_else(|e| panic!("{e}"));
    let rates = paid_rates(&db, USDT_LOCK).await;
    assert_eq!(rates.len(), 1);
    let day1 = 1000.0 * rates[0] as f64 / 1e6;
    let (first_paid_at,): (i64,) = sqlx::query_as(&format!(
        "SELECT accrued_through FROM lock_products WHERE id = {USDT_LOCK}"
    ))
    .fetch_one(&db)
    .await
    .unwrap_or_else(|e| panic!("{e}"));
    assert!((3.0..=4.0).contains(&day1), "{day1}");
    for t in [&a, &b] {
        let o = orders(&app, t).await;
        assert!(o.iter().all(|o| o["paid_days"] == 1), "{o:?}");
        let accrued: f64 = o.iter().map(|o| dec(&o["accrued"])).sum();
        assert!((accrued - day1).abs() < 1e-9, "{accrued} vs {day1}");
        assert!((spot(app.balance(t, "3", "2").await) - day1).abs() < 1e-9);
    }
    // Asked again, nothing more is due.
    actor.send(Accrue).await.unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(orders(&app, &a).await[0]["paid_days"], 1);

    // Four more days: caught up one day at a time, and matured.
    days_pass(&db, USDT_LOCK, 4).await;
    actor.send(Reload).await.unwrap_or_else(|e| panic!("{e}"));
    actor.send(Accrue).await.unwrap_or_else(|e| panic!("{e}"));
    wait_for("maturity", async || {
        orders(&app, &a).await[0]["status"] == 2
    })
    .await;
    // Five days paid to each, each at the stored rate of the day it paid,
    // once: the first at its own moment, then the four caught up (the days
    // moved back here pay some days' rates twice).
    let (hour,): (i64,) = sqlx::query_as(&format!(
        "SELECT accrual_hour FROM lock_products WHERE id = {USDT_LOCK}"
    ))
    .fetch_one(&db)
    .await
    .unwrap_or_else(|e| panic!("{e}"));
    let mut rates = Vec::new();
    for back in [0, 3, 2, 1, 0] {
        let day = ::actors::earn::engine::period(first_paid_at - back * DAY, hour) - 1;
        let (r,): (i64,) = sqlx::query_as(&format!(
            "SELECT rate_ppm FROM lock_rates WHERE product_id = {USDT_LOCK} AND day = {day}"
        ))
        .fetch_one(&db)
        .await
        .unwrap_or_else(|e| panic!("no rate stored for day {day}: {e}"));
        rates.push(r);
    }
    for t in [&a, &b] {
        wait_for("both matured", async || {
            orders(&app, t).await.iter().all(|o| o["status"] == 2)
        })
        .await;
        let id = app.user_id(t).await;
        let o = orders(&app, t).await;
        let mut total = 0.0;
        for order in &o {
            // Each order's own yield records, naming it: five days paid,
            // each at a day's stored rate, adding up to what it accrued.
            let paid: Vec<(i64,)> = sqlx::query_as(&format!(
                "SELECT j.amount FROM ledger_journal j JOIN ledger_operations o ON o.id = j.op_id
                 WHERE o.reason = 'lock_yield' AND o.ref_type = 'lock_order' AND o.ref_id = {}
                   AND j.holder = {id} ORDER BY j.id",
                order["id"]
            ))
            .fetch_all(&db)
            .await
            .unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(paid.len(), 5, "{order}");
            let amount = dec(&order["amount"]) as i64;
            let expected: Vec<(i64,)> = rates.iter().map(|r| (amount * 100 * r,)).collect();
            assert_eq!(paid, expected, "{order}");
            let sum: f64 = paid.iter().map(|(u,)| *u as f64 / 1e8).sum();
            assert!((dec(&order["accrued"]) - sum).abs() < 1e-9);
            total += sum;
        }
        assert!(o
            .iter()
            .all(|o| o["paid_days"] == 5 && o["next_accrual_at"].is_null()));
        assert_eq!(spot(app.balance(t, "3", "6").await), 0.0);
        assert!((spot(app.balance(t, "3", "2").await) - 1000.0 - total).abs() < 1e-9);
    }
    let p = product(&app, USDT_LOCK).await;
    assert_eq!(p["total_locked"], "0");
    assert_eq!(p["promised"], "0");
    // C's yields are each rounded down to USDT's 6 decimals (the reserve
    // keeps the rest), and its principal came back whole.
    let oc = &orders(&app, &c).await[0];
    assert_eq!(oc["status"], 2);
    let c_id = app.user_id(&c).await;
    let (c_paid,): (i64,) = sqlx::query_as(&format!(
        "SELECT CAST(COALESCE(SUM(j.amount), 0) AS BIGINT) FROM ledger_journal j JOIN ledger_operations o ON o.id = j.op_id
         WHERE o.reason = 'lock_yield' AND j.holder = {c_id}"
    ))
    .fetch_one(&db)
    .await
    .unwrap_or_else(|e| panic!("{e}"));
    assert!(c_paid > 0 && c_paid % 100 == 0, "{c_paid}");
    assert!((dec(&oc["accrued"]) - c_paid as f64 / 1e8).abs() < 1e-9);
    crate::dust::assert_no_dust(&app.state, &["lock_yield", "lock_matured"]).await;
    // One yield operation per order and day, one maturity per order.
    for (reason, n) in [("lock_yield", 20), ("lock_matured", 4)] {
        let (ops,): (i64,) = sqlx::query_as(&format!(
            "SELECT COUNT(*) FROM ledger_operations WHERE reason = '{reason}' AND ref_type = 'lock_order'"
        ))
        .fetch_one(&db)
        .await
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(ops, n, "{reason}");
    }
    // B's records show each of its two orders' yields apart.
    let rec = app.get("/lh/deposit/records?limit=50", Some(&b)).await;
    let mut per_order: std::collections::BTreeMap<i64, usize> = Default::default();
    for r in rec.message()["data"].as_array().into_iter().flatten() {
        if r["reason"] == "lock_yield" {
            *per_order
                .entry(r["order_id"].as_i64().unwrap_or_default())
                .or_default() += 1;
        }
    }
    let mine: Vec<i64> = orders(&app, &b)
        .await
        .iter()
        .filter_map(|o| o["id"].as_i64())
        .collect();
    assert_eq!(per_order.len(), 2);
    assert!(
        mine.iter().all(|id| per_order.get(id) == Some(&5)),
        "{per_order:?}"
    );
    app.assert_audit(&admin).await;
}

on_both!(
    accruals_pay_each_day_once_and_mature,
    &[("BOURSE__CODES__RESEND_SECONDS", "0")]
);

/// A day's accrual is paid in slices of orders, each its own transaction.
/// One slice committed before a kill (its orders paid, the day not closed)
/// is not paid again when the day is applied after the restart: each order
/// is paid its day once, and the day closes once.
async fn an_accrual_cut_between_slices_resumes(app: TestApp) {
    use ::actors::earn::lockstore as store;
    let admin = app.admin().await;
    let a = funded(&app, &admin, "1000").await;
    let b = funded(&app, &admin, "1000").await;
    lock(&app, &a, USDT_LOCK, "1000").await.assert_ok();
    lock(&app, &b, USDT_LOCK, "600").await.assert_ok();
    lock(&app, &b, USDT_LOCK, "400").await.assert_ok();
    let actor = app
        .state
        .earn
        .product(1)
        .unwrap_or_else(|e| panic!("{e:?}"));
    let db = app.state.db.clone();
    let st = app.state.earn.store().unwrap_or_else(|| panic!("no store"));
    // The partial day, paying nothing, then a full day due.
    days_pass(&db, USDT_LOCK, 1).await;
    actor.send(Reload).await.unwrap_or_else(|e| panic!("{e}"));
    actor.send(Accrue).await.unwrap_or_else(|e| panic!("{e}"));
    days_pass(&db, USDT_LOCK, 1).await;
    // What the first slice of that day committed before the kill: the
    // first order paid (the actor still holds the day as not yet due).
    let p = store::product(&st, 1)
        .await
        .unwrap_or_else(|e| panic!("{e}"))
        .unwrap_or_else(|| panic!("no product"));
    let at = p.next_accrual();
    let day = ::actors::earn::engine::period(at, p.accrual_hour) - 1;
    let rate = store::ensure_rates(&st, &p, day, day + 1)
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    let open = store::open_orders(&st, 1)
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(open.len(), 3);
    let first = (open[0].id, open[0].id);
    let paid = store::pay_slice(&st, &p, at, rate, first)
        .await
        .unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(paid.yields.len(), 1, "{paid:?}");
    assert_eq!(paid.yields[0].order, open[0].id);
    assert!(paid.yields[0].amount > 0);
    // And again, as a retry of the same slice would: nothing more.
    let again = store::pay_slice(&st, &p, at, rate, first)
        .await
        .unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(again, store::Payout::default());
    // The day applied whole after the restart.
    actor.send(Reload).await.unwrap_or_else(|e| panic!("{e}"));
    actor.send(Accrue).await.unwrap_or_else(|e| panic!("{e}"));
    let yields: Vec<(i64, i64)> = sqlx::query_as(
        "SELECT o.ref_id, CAST(COUNT(*) AS BIGINT) FROM ledger_operations o
         WHERE o.reason = 'lock_yield' GROUP BY o.ref_id ORDER BY o.ref_id",
    )
    .fetch_all(&db)
    .await
    .unwrap_or_else(|e| panic!("{e}"));
    let ids: Vec<i64> = open.iter().map(|o| o.id).collect();
    assert_eq!(yields, ids.iter().map(|id| (*id, 1)).collect::<Vec<_>>());
    for t in [&a, &b] {
        let o = orders(&app, t).await;
        assert!(o.iter().all(|o| o["paid_days"] == 1), "{o:?}");
        let accrued: f64 = o.iter().map(|o| dec(&o["accrued"])).sum();
        let expected = 1000.0 * rate as f64 / 1e6;
        assert!((accrued - expected).abs() < 1e-9, "{accrued} vs {expected}");
        assert!((spot(app.balance(t, "3", "2").await) - expected).abs() < 1e-9);
    }
    assert_eq!(paid_rates(&db, USDT_LOCK).await, vec![rate]);
    app.assert_audit(&admin).await;
}

on_both!(
    an_accrual_cut_between_slices_resumes,
    &[("BOURSE__CODES__RESEND_SECONDS", "0")]
);

/// A product is closed to new orders while the coin's reserve cannot cover
/// the yield it would promise; an admin funds the reserve through the
/// ledger, creates and closes products, and bad terms are refused.
async fn the_reserve_covers_every_promise(app: TestApp) {
    let admin = app.admin().await;
    fn form<'a>(extra: &[(&'a str, &'a str)]) -> Vec<(&'a str, &'a str)> {
        let mut f = vec![
            ("category", "lock"),
            ("name", "ETH 3-day lock"),
            ("currency", "ETH"),
            ("rate_min", "0.01"),
            ("rate_max", "0.02"),
            ("days", "3"),
            ("min_amount", "1"),
            ("user_cap", "10"),
            ("total_cap", "100"),
            ("penalty", "0.01"),
        ];
        for (k, v) in extra {
            f.retain(|(key, _)| key != k);
            f.push((k, v));
        }
        f
    }
    for bad in [
        &[("rate_min", "0.03")][..],
        &[("days", "0")],
        &[("user_cap", "1000")],
        &[("penalty", "1")],
        &[("category", "savings")],
        &[("min_amount", "0.0000000001")],
    ] {
        let r = app
            .admin_post(&admin, "/earn/lock/product", &form(bad))
            .await;
        assert_eq!(r.kind(), "error", "{bad:?}: {}", r.body);
    }
    let made = app
        .admin_post(&admin, "/earn/lock/product", &form(&[]))
        .await;
    made.assert_ok();
    let id = made.message()["id"]
        .as_i64()
        .unwrap_or_default()
        .to_string();
    // No ETH reserve: nothing may be promised.
    assert_eq!(made.message()["open"], false);
    let (_, token) = app.user().await;
    app.fund(&token, &admin, "2", "5").await;
    let r = lock(&app, &token, &id, "1").await;
    assert_eq!(
        r.text(),
        "The yield reserve cannot cover this subscription now"
    );
    assert_eq!(spot(app.balance(&token, "2", "2").await), 5.0);

    // Funded with 0.1 ETH: 2 % × 3 days on 1 ETH is 0.06, covered once.
    let fund = [("currency", "2"), ("amount", "0.1"), ("request_id", "r1")];
    app.admin_post(&admin, "/earn/reserves/fund", &fund)
        .await
        .assert_ok();
    // The same request again moves nothing more.
    let again = app.admin_post(&admin, "/earn/reserves/fund", &fund).await;
    again.assert_ok();
    let eth = again
        .message()
        .as_array()
        .and_then(|l| l.iter().find(|r| r["currency_id"] == 2).cloned());
    assert_eq!(eth.map(|r| r["reserve"].clone()), Some(Value::from("0.1")));
    lock(&app, &token, &id, "1").await.assert_ok();
    let p = product(&app, &id).await;
    assert_eq!(p["promised"], "0.06");
    assert_eq!(p["coverage"], "166.66");
    assert_eq!(p["open"], false, "another 0.06 would not be covered");
    let r = lock(&app, &token, &id, "1").await;
    assert_eq!(
        r.text(),
        "The yield reserve cannot cover this subscription now"
    );

    // Closed by the admin: gone from the list, refused.
    let closed = form(&[("enabled", "0"), ("id", &id)]);
    app.admin_post(&admin, "/earn/lock/product", &closed)
        .await
        .assert_ok();
    let listed = app.get("/lh/deposit/config", None).await;
    assert!(listed.message().as_array().is_some_and(|l| l
        .iter()
        .all(|p| p["id"].as_i64().map(|i| i.to_string()) != Some(id.clone()))));
    let r = lock(&app, &token, &id, "1").await;
    assert_eq!(r.text(), "This product is not taking subscriptions");
    let all = app.admin_get(&admin, "/earn/lock/products").await;
    assert_eq!(all.message().as_array().map(Vec::len), Some(5));
    // The open order goes on being paid and can be redeemed.
    let o = orders(&app, &token).await;
    let oid = o[0]["id"].as_i64().unwrap_or_default().to_string();
    app.post("/lh/deposit/order/cancel", Some(&token), &[("id", &oid)])
        .await
        .assert_ok();
    assert_eq!(spot(app.balance(&token, "2", "2").await), 4.99);
    app.assert_audit(&admin).await;
}

on_both!(
    the_reserve_covers_every_promise,
    &[("BOURSE__CODES__RESEND_SECONDS", "0")]
);

/// A server killed with an order open, and six days passing while nothing
/// ran: the fresh server applies the six accruals once each, in order (the
/// first ends the day of the subscription and pays nothing), and the
/// maturity, and the ledger balances.
async fn accruals_missed_while_down_apply_once(backend: Backend) {
    let Some((url, dir)) = database(backend).await else {
        return eprintln!("TEST_DATABASE_URL not set: PostgreSQL half not run");
    };
    let first = Node::start_with(&url, &dir, &[("BOURSE__CODES__RESEND_SECONDS", "0")]);
    let admin = first.admin(&url, &dir, "earn-admin@example.com").await;
    let token = funded(&first, &admin, "1100").await;
    first.fund(&token, &admin, "1", "1").await;
    lock(&first, &token, USDT_LOCK, "1000").await.assert_ok();
    // A token-sale subscription and a dual order open too.
    first
        .post(
            "/project/order",
            Some(&token),
            &[("project_id", "1"), ("amount", "100")],
        )
        .await
        .assert_ok();
    let duals = first.get("/dual/index?currency=BTC&kind=call", None).await;
    let dual = duals.message()[0]["id"].as_i64().unwrap_or_default();
    first
        .post(
            "/dual/buyDual",
            Some(&token),
            &[("id", &dual.to_string()), ("num", "1")],
        )
        .await
        .assert_ok();
    first.kill();

    let pool = {
        sqlx::any::install_default_drivers();
        sqlx::AnyPool::connect(&url)
            .await
            .unwrap_or_else(|e| panic!("{e}"))
    };
    days_pass(&pool, USDT_LOCK, 6).await;
    // While it was down the sale ended, and the dual product matured with
    // one index sample recorded before the kill.
    let now = bourse::db::now_ms();
    for sql in [
        format!(
            "UPDATE ieo_projects SET ends_at = {} WHERE id = 1",
            now - 1_000
        ),
        format!(
            "UPDATE dual_products SET starts_at = {}, matures_at = {} WHERE id = {dual}",
            now - 2 * DAY,
            now - 1_000
        ),
        format!(
            "INSERT INTO dual_samples (product_id, at, price) VALUES ({dual}, {}, 6000000000000)",
            now - 60_000
        ),
    ] {
        sqlx::query(&sql)
            .execute(&pool)
            .await
            .unwrap_or_else(|e| panic!("{e}"));
    }
    pool.close().await;
    let second = restarted(backend, &url, &dir).await;
    wait_for("the missed days", async || {
        orders(&second, &token).await[0]["status"] == 2
    })
    .await;
    let o = &orders(&second, &token).await[0];
    assert_eq!(o["paid_days"], 5);
    let rates = paid_rates(&second.state.db, USDT_LOCK).await;
    assert_eq!(rates.len(), 6);
    let total: f64 = rates[1..].iter().map(|r| 1000.0 * *r as f64 / 1e6).sum();
    assert!((dec(&o["accrued"]) - total).abs() < 1e-9);
    // The sale was allocated once (100 asked, not oversubscribed: all of it).
    wait_for("the allocation", async || {
        let l = second.get("/user/project/order", Some(&token)).await;
        l.message()["data"][0]["status"] == 1
    })
    .await;
    let l = second.get("/user/project/order", Some(&token)).await;
    assert_eq!(l.message()["data"][0]["allocated"], "100");
    assert_eq!(l.message()["data"][0]["refund"], "0");
    // The dual order settled once, on the sample: 60 000 is below its
    // linked price, so the coin came back with interest.
    wait_for("the settlement", async || {
        let l = second.post("/dual/dual_list", Some(&token), &[]).await;
        l.message()["data"][0]["status"] == 2
    })
    .await;
    let l = second.post("/dual/dual_list", Some(&token), &[]).await;
    assert_eq!(l.message()["data"][0]["settlement_price"], "60000");
    assert_eq!(l.message()["data"][0]["payout"]["currency"], "BTC");
    let (settled,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM ledger_operations WHERE reason = 'dual_settle'")
            .fetch_one(&second.state.db)
            .await
            .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(settled, 1);
    // The principal is back with its yield; the sale's cost (10 USDT) stays
    // frozen until its review.
    assert!((spot(second.balance(&token, "3", "2").await) - 1090.0 - total).abs() < 1e-9);
    let admin = second.admin().await;
    second.assert_audit(&admin).await;
}

on_both_backends!(accruals_missed_while_down_apply_once);
