//! Dual investment over HTTP: products renewed from the index, bought in
//! whole shares, settled against their stored samples for a call and a put,
//! failed with the principal back without a sample, and a settlement cut
//! between its slices resumed; the audit after each.

use crate::derivatives::set_index;
use crate::helpers::{exec, wait_for, Http, TestApp};
use crate::on_both;
use crate::sales::{bal, dec, funded};
use ::actors::earn::ReloadDual;
use serde_json::Value;

async fn dual_orders(app: &Http, token: &str) -> Vec<Value> {
    let l = app
        .post("/dual/dual_list", Some(token), &[("limit", "50")])
        .await;
    l.assert_ok();
    l.message()["data"].as_array().cloned().unwrap_or_default()
}

/// The BTC dual products on sale, renewed from an index at `index`.
pub(crate) async fn btc_products(app: &TestApp, index: i64) -> Vec<Value> {
    set_index(app, index).await;
    bourse::earn::dual::renew(&app.state)
        .await
        .unwrap_or_else(|e| panic!("{e:?}"));
    let list = app.get("/dual/index?currency=BTC", None).await;
    list.assert_ok();
    list.message().as_array().cloned().unwrap_or_default()
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

/// A settlement is paid in slices of orders, each its own transaction. A
/// slice committed before a kill (its order settled, the product not yet
/// closed) is not paid again when the product settles after: each order is
/// settled once, on the same price, and the product closes once.
async fn a_settlement_cut_between_slices_resumes(app: TestApp) {
    use ::actors::earn::dual::{DualOrderRow, DUAL_ORDER_COLUMNS};
    use ::actors::earn::{dualstore, engine};
    let admin = app.admin().await;
    let list = btc_products(&app, 67_000).await;
    let id = product_of(&list, "call", 1)["id"]
        .as_i64()
        .unwrap_or_default();
    let (a, b) = (
        funded(&app, &admin, &[("1", "1")]).await,
        funded(&app, &admin, &[("1", "1")]).await,
    );
    for t in [&a, &b] {
        app.post(
            "/dual/buyDual",
            Some(t),
            &[("id", &id.to_string()), ("num", "1")],
        )
        .await
        .assert_ok();
    }
    // In its window, sampled once: what the first slice settles on.
    maturing(&app, id, 10 * 60_000).await;
    let st = app.state.earn.store().unwrap_or_else(|| panic!("no store"));
    wait_for("a sample of the index", async || {
        !dualstore::samples(&st, id)
            .await
            .unwrap_or_default()
            .is_empty()
    })
    .await;
    let p = dualstore::product(&st, id)
        .await
        .unwrap_or_else(|e| panic!("{e}"))
        .unwrap_or_else(|| panic!("no product {id}"));
    let prices: Vec<i64> = dualstore::samples(&st, id)
        .await
        .unwrap_or_else(|e| panic!("{e}"))
        .into_iter()
        .map(|s| s.1)
        .collect();
    let price = engine::average(&prices);
    assert!(price.is_some());
    let orders: Vec<DualOrderRow> = sqlx::query_as(&format!(
        "SELECT {DUAL_ORDER_COLUMNS} FROM dual_orders WHERE product_id = $1 ORDER BY id"
    ))
    .bind(id)
    .fetch_all(&app.state.db)
    .await
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(orders.len(), 2);
    let now = bourse::db::now_ms();
    let first = dualstore::settle_slice(&st, &p, price, now, &orders[..1])
        .await
        .unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(first.len(), 1);
    // And again, as a retry of the same slice would: nothing more.
    let again = dualstore::settle_slice(&st, &p, price, now, &orders[..1])
        .await
        .unwrap_or_else(|e| panic!("{e:?}"));
    assert!(again.is_empty());
    // The product matures after the restart: the rest is settled, once. An
    // order shows its settlement price once the whole product is settled,
    // after its last slice, so that is what is waited for.
    maturing(&app, id, -1).await;
    for t in [&a, &b] {
        wait_for("the order settled", async || {
            dual_orders(&app, t).await.iter().any(|o| {
                o["product_id"] == id && o["status"] == 2 && !o["settlement_price"].is_null()
            })
        })
        .await;
    }
    let (slices,): (i64,) = sqlx::query_as(
        "SELECT COUNT(*) FROM ledger_operations WHERE reason = 'dual_settle' AND ref_id = $1",
    )
    .bind(id)
    .fetch_one(&app.state.db)
    .await
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(slices, 2, "one operation per slice");
    // The same terms on the same price pay both the same.
    let (oa, ob) = (
        &dual_orders(&app, &a).await[0],
        &dual_orders(&app, &b).await[0],
    );
    assert_eq!(oa["payout"], ob["payout"]);
    assert_eq!(oa["settlement_price"], ob["settlement_price"]);
    assert_eq!(
        app.balance(&a, "1", "2").await,
        app.balance(&b, "1", "2").await
    );
    app.assert_audit(&admin).await;
}

on_both!(
    a_settlement_cut_between_slices_resumes,
    &[("BOURSE__CODES__RESEND_SECONDS", "0")]
);

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
    let list = btc_products(&app, 67_000).await;
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
    // Its settlement price shows once the product is settled, after its
    // orders' slices.
    wait_for("the call settled", async || {
        let o = find(cid_n).await;
        o["status"] == 2 && !o["settlement_price"].is_null()
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
