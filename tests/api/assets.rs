//! What Assets shows adds up: a user with money in every account a user can
//! hold money in sees each account in `wallet/list`, each account's total is
//! its coins' values, the whole is the sum of the accounts, and each account's
//! records are asked of it by its code.

use crate::helpers::TestApp;
use crate::on_both;
use actors::ledger::accounts::user_accounts;
use actors::ledger::{self, account, Bucket, Operation, Posting};
use rust_decimal::Decimal;
use serde_json::Value;
use std::str::FromStr;

const USDT: i64 = 3;
const BTC: i64 = 1;

fn dec(v: &Value) -> Decimal {
    Decimal::from_str(v.as_str().unwrap_or_default()).unwrap_or_else(|e| panic!("{v}: {e}"))
}

/// Ledger units of a whole number of coins.
fn units(coins: i64) -> i64 {
    coins * 100_000_000
}

/// Moves `amount` of a coin from the user's spot account into `to`, half of it
/// left frozen there, as the products that hold money apart do (the ones users
/// cannot transfer into are only reached through their product's actor, so the
/// operation is posted on the ledger directly).
async fn hold(app: &TestApp, user: i64, to: i64, currency: i64, amount: i64) {
    let half = amount / 2;
    let op = Operation {
        key: format!("assets-test:{user}:{to}:{currency}"),
        reason: "account_transfer".into(),
        ref_type: "account_transfer".into(),
        ref_id: 0,
        postings: vec![
            Posting::user(user, account::CHANGE, currency, Bucket::Available, -amount),
            Posting::user(user, to, currency, Bucket::Available, amount - half),
            Posting::user(user, to, currency, Bucket::Frozen, half),
        ],
    };
    ledger::apply(&app.state.db, &op)
        .await
        .unwrap_or_else(|e| panic!("{e}"));
}

async fn assets_add_up_over_every_account(app: TestApp) {
    let admin = app.admin().await;
    let (_, token) = app.user().await;
    let t = Some(token.as_str());
    let user = app.user_id(&token).await;
    app.fund(&token, &admin, "USDT", "10000").await;
    app.fund(&token, &admin, "BTC", "1").await;
    // 100 USDT more in each account than the one before, so every figure differs.
    let accounts: Vec<_> = user_accounts()
        .filter(|a| a.code != account::CHANGE)
        .collect();
    for (i, a) in (1i64..).zip(accounts.iter()) {
        hold(&app, user, a.code, USDT, units(100 * i)).await;
    }
    // Some BTC in the dual investment account, valued at the live price.
    hold(&app, user, account::DUAL, BTC, units(1) / 4).await;

    let list = app.post("/wallet/list", t, &[]).await;
    list.assert_ok();
    let listed = list.message()["accounts"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    // Every account a user can hold money in is listed, once, in the ledger's order.
    let codes: Vec<i64> = listed
        .iter()
        .filter_map(|a| a["account"].as_i64())
        .collect();
    let names: Vec<&str> = listed.iter().filter_map(|a| a["name"].as_str()).collect();
    assert_eq!(codes, user_accounts().map(|a| a.code).collect::<Vec<_>>());
    assert_eq!(names, user_accounts().map(|a| a.name).collect::<Vec<_>>());

    let mut sum = Decimal::ZERO;
    for a in &listed {
        let balances = a["balances"].as_array().cloned().unwrap_or_default();
        let values: Decimal = balances.iter().map(|b| dec(&b["value_usdt"])).sum();
        assert_eq!(dec(&a["total_usdt"]), values, "{}", a["name"]);
        sum += dec(&a["total_usdt"]);
        let usdt = balances
            .iter()
            .find(|b| b["currency_id"] == USDT)
            .unwrap_or_else(|| panic!("{} lists USDT", a["name"]));
        let code = a["account"].as_i64().unwrap_or_default();
        if code == account::CHANGE {
            continue;
        }
        // What was put there, half of it frozen, all of it valued.
        let i = accounts
            .iter()
            .position(|x| x.code == code)
            .unwrap_or_default() as i64
            + 1;
        let held = Decimal::from(100 * i);
        assert_eq!(
            dec(&usdt["available"]) + dec(&usdt["frozen"]),
            held,
            "{}",
            a["name"]
        );
        assert_eq!(
            dec(&usdt["frozen"]),
            held / Decimal::from(2),
            "{}",
            a["name"]
        );
        assert_eq!(dec(&usdt["value_usdt"]), held, "{}", a["name"]);

        // Its records are asked of it by its code and name it.
        let records = app
            .post(
                "/wallet/legal_log",
                t,
                &[("type", &code.to_string()), ("currency", "USDT")],
            )
            .await;
        records.assert_ok();
        let rows = records.message()["data"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        assert_eq!(rows.len(), 2, "{}: {}", a["name"], records.body);
        assert!(rows
            .iter()
            .all(|r| r["account_name"] == a["name"] && r["reason"] == "account_transfer"));
    }
    assert_eq!(
        dec(&list.message()["total_usdt"]),
        sum,
        "the total is the sum of the accounts"
    );
    // Nothing is left out: 10000 USDT in all, and the BTC at its price.
    let dual = &listed[codes
        .iter()
        .position(|c| *c == account::DUAL)
        .unwrap_or_default()];
    let btc_value: Decimal = listed
        .iter()
        .flat_map(|a| a["balances"].as_array().cloned().unwrap_or_default())
        .filter(|b| b["currency_id"] == BTC)
        .map(|b| dec(&b["value_usdt"]))
        .sum();
    assert!(dual["balances"].as_array().is_some_and(|b| b
        .iter()
        .any(|b| b["currency_id"] == BTC && dec(&b["frozen"]) > Decimal::ZERO)));
    assert_eq!(sum, Decimal::from(10_000) + btc_value);
    app.assert_audit(&admin).await;
}
on_both!(assets_add_up_over_every_account);
