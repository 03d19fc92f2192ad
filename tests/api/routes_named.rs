//! Scenarios of the routes that only the hostile-input tests called: each
//! asserts the route's effect, so `coverage.rs` finds every route named.

use crate::copy::{follow, leader, move_to_lever, with_lever};
use crate::derivatives::{demo_with, set_index};
use crate::helpers::{Answer, Http, TestApp};
use crate::nft::{detail, escrow, funded, id_of, on_sale, studio, usdt};
use crate::on_both;
use serde_json::{json, Value};

/// The fields of `v` that `keys` names (space-separated), to compare with
/// what they must be (the others are times the test cannot know).
pub(crate) fn pick(v: &Value, keys: &str) -> Value {
    Value::Object(
        keys.split_whitespace()
            .map(|k| (k.to_string(), v[k].clone()))
            .collect(),
    )
}

/// A page's total and rows.
pub(crate) fn page(a: &Answer) -> (Value, Vec<Value>) {
    a.assert_ok();
    let rows = a.message()["data"].as_array().cloned().unwrap_or_default();
    (a.message()["total"].clone(), rows)
}

/// The coins a visitor is shown, and the conversion list (signed in only)
/// whose fee rate is what a conversion is charged.
async fn coins_and_the_conversion_rate_are_listed(app: TestApp) {
    let admin = app.admin().await;
    let list = app.get("/currency/user_currency_list", None).await;
    list.assert_ok();
    let coins = list.message().as_array().cloned().unwrap_or_default();
    // Every configured coin (18), in the configuration's order.
    let ids: Vec<i64> = coins.iter().filter_map(|c| c["id"].as_i64()).collect();
    let configured: Vec<i64> = app.state.settings.currencies.iter().map(|c| c.id).collect();
    assert_eq!((coins.len(), &ids), (18, &configured));
    assert_eq!(
        coins.iter().find(|c| c["id"] == 3),
        Some(&json!({
            "id": 3, "name": "USDT", "subName": "Tether USD", "decimals": 6,
            "image": "/h5/coins/usdt.svg", "status": 1, "kind": "coin", "price_usdt": "1",
            "networks": ["ERC20", "TRC20"], "withdraw_min": "10", "withdraw_fee": "1",
        }))
    );

    let anonymous = app.post("/user/getTransferList", None, &[]).await;
    anonymous.assert_error(401);
    let (_, token) = app.user().await;
    let offer = app.post("/user/getTransferList", Some(&token), &[]).await;
    offer.assert_ok();
    assert_eq!(offer.message()["fee_rate"], "0.002");
    assert_eq!(&offer.message()["currencies"], list.message());
    // The listed rate is what a conversion is charged: 670 USDT pays 1.34.
    let form = [
        ("from_currency_id", "3"),
        ("to_currency_id", "1"),
        ("number", "670"),
    ];
    let quote = app.post("/user/getTransferFee", Some(&token), &form).await;
    assert_eq!(quote.assert_ok().message()["fee"], "1.34");
    app.assert_audit(&admin).await;
}
on_both!(coins_and_the_conversion_rate_are_listed);

/// A market's contract terms with the live mark and the caller's contract
/// balance as it moves; the options coin with the options balance.
async fn contract_terms_and_the_options_coin_show_the_callers_balance(app: TestApp) {
    let admin = app.admin().await;
    set_index(&app, 68_000).await;
    let deal = app.post("/lever/deal", None, &[("match_id", "1")]).await;
    deal.assert_ok();
    assert_eq!(
        deal.message(),
        &json!({
            "match_id": 1, "symbol": "BTC/USDT", "currency_id": 1, "legal_id": 3,
            "multiple": [5, 10, 20, 50, 100], "lever_share_num": "0.01",
            "lever_trade_fee": "0.0005", "spread": "0.0002", "overnight": "0.0005",
            "min_share": 1, "max_share": 500, "limit_orders": true,
            "maintenance_ratio": "0.2", "tick": "0.01", "mark_price": "68000",
            "lever_balance": "0",
        })
    );
    // TRX/USDT has no contracts.
    let trx = app.post("/lever/deal", None, &[("match_id", "3")]).await;
    trx.assert_error(422);
    assert_eq!(trx.text(), "Unknown market");

    // The demo user, with 10,000 USDT on the spot account.
    let token = app.login("demo@bourse.local", "Demo123456").await;
    let t = Some(token.as_str());
    let lever = async || {
        let d = app.post("/lever/deal", t, &[("match_id", "1")]).await;
        pick(d.assert_ok().message(), "lever_balance mark_price")
    };
    assert_eq!(lever().await["lever_balance"], "0");
    move_to_lever(&app, &token, "300").await;
    assert_eq!(lever().await["lever_balance"], "300");
    set_index(&app, 67_000).await;
    let long = crate::copy::open(&app, &token, "1", "1").await;
    assert_eq!(long["price"], "67013.4");
    // 300 less the margin (67.0134) and the fee (0.335067), at the new mark.
    let after = lever().await;
    assert_eq!(
        after,
        json!({"lever_balance": "232.651533", "mark_price": "67000"})
    );

    let payable = async |token: Option<&str>| {
        let p = app.get("/microtrade/payable_currencies", token).await;
        p.assert_ok().message().clone()
    };
    let usdt_with = |n: &str| json!([{"currency_id": 3, "name": "USDT", "available": n}]);
    assert_eq!(payable(None).await, usdt_with("0"));
    assert_eq!(payable(t).await, usdt_with("0"));
    demo_with(&app, "4", "150").await;
    assert_eq!(payable(t).await, usdt_with("150"));
    assert_eq!(payable(None).await, usdt_with("0"), "a visitor has none");
    assert_eq!(app.balance(&token, "3", "2").await.0, "9550");
    app.assert_audit(&admin).await;
}
on_both!(contract_terms_and_the_options_coin_show_the_callers_balance);

/// A user's nickname as lists of others show it: its first three and last
/// four characters.
async fn masked_nickname(app: &Http, token: &str) -> String {
    let a = app.get("/user/info", Some(token)).await;
    let c: Vec<char> = a.message()["nickname"]
        .as_str()
        .unwrap_or_default()
        .chars()
        .collect();
    assert!(c.len() > 7, "a nickname with ends to keep: {}", a.body);
    let head: String = c[..3].iter().collect();
    let tail: String = c[c.len() - 4..].iter().collect();
    format!("{head}****{tail}")
}

/// A trader's own state (none before leading) and their followers, masked,
/// newest first, paged; an ended follow leaves the list and the count.
async fn a_traders_followers_and_own_state(app: TestApp) {
    let admin = app.admin().await;
    app.get("/follow/myTrader", None).await.assert_error(401);
    let (f1, f1_id) = with_lever(&app, &admin, "1000").await;
    let none = app.get("/follow/myTrader", Some(&f1)).await;
    assert!(none.assert_ok().message().is_null(), "{}", none.body);
    let (lt, lid) = leader(&app, &admin, "5").await;
    let me = app.get("/follow/myTrader", Some(&lt)).await;
    me.assert_ok();
    assert_eq!(
        pick(
            me.message(),
            "status name intro share_rate max_followers reject_reason followers shares_received"
        ),
        json!({
            "status": 1, "name": "Ada Leads", "intro": "Trend following on BTC with 10x.",
            "share_rate": "20.00", "max_followers": 5, "reject_reason": null,
            "followers": 0, "shares_received": "0",
        })
    );
    let followers =
        async |query: &str| page(&app.get(&format!("/follow/followers?{query}"), None).await);
    let of_leader = format!("trader_id={lid}");
    assert_eq!(followers(&of_leader).await, (json!(0), vec![]));

    let (f2, _) = with_lever(&app, &admin, "1000").await;
    let since = bourse::db::now_ms();
    let terms = [("mode", "1"), ("amount", "1"), ("max_margin", "1000")];
    let fw1 = follow(&app, &f1, lid, &terms).await;
    fw1.assert_ok();
    follow(&app, &f2, lid, &terms).await.assert_ok();
    let (n1, n2) = (
        masked_nickname(&app, &f1).await,
        masked_nickname(&app, &f2).await,
    );
    let (total, rows) = followers(&of_leader).await;
    assert_eq!((total, rows.len()), (json!(2), 2));
    assert_eq!(
        [&rows[0]["nickname"], &rows[1]["nickname"]],
        [&json!(n2), &json!(n1)]
    );
    assert!(
        rows.iter()
            .all(|r| r["since"].as_i64().is_some_and(|s| s >= since)),
        "{rows:?}"
    );
    let (_, second) = followers(&format!("{of_leader}&limit=1&page=2")).await;
    assert_eq!(second, [rows[1].clone()]);
    let count =
        async || app.get("/follow/myTrader", Some(&lt)).await.message()["followers"].clone();
    assert_eq!(count().await, 2);

    let fid1 = id_of(fw1.message(), "id");
    let ended = app
        .post(
            "/follow/cancel",
            Some(&f1),
            &[("id", &fid1), ("close", "1")],
        )
        .await;
    assert_eq!(ended.assert_ok().message()["status"], 3);
    let (total, rows) = followers(&of_leader).await;
    assert_eq!(
        (total, rows.len(), &rows[0]["nickname"]),
        (json!(1), 1, &json!(n2))
    );
    assert_eq!(count().await, 1);
    // A user who does not lead has no followers; the trader is required.
    assert_eq!(
        followers(&format!("trader_id={f1_id}")).await,
        (json!(0), vec![])
    );
    app.get("/follow/followers", None).await.assert_error(422);
    app.assert_audit(&admin).await;
}
on_both!(
    a_traders_followers_and_own_state,
    &[("BOURSE__CODES__RESEND_SECONDS", "0")]
);

/// The marketplace's coins and terms; a resale withdrawn in review and
/// again once on sale (the item stays its owner's, no money moves, nobody
/// can buy it); one's blind boxes before and after opening; the artists as
/// the admin lists them.
async fn nft_terms_boxes_artists_and_a_withdrawn_resale(app: TestApp) {
    let admin = app.admin().await;
    let coins = app.get("/bind_box/getNftCurrency", None).await;
    assert_eq!(
        coins.assert_ok().message(),
        &json!([{"id": 3, "name": "USDT"}])
    );
    let config = app.get("/bind_box/config", None).await;
    assert_eq!(
        config.assert_ok().message(),
        &json!({
            "currencies": [{"id": 3, "name": "USDT"}], "royalty": "0.05", "fee": "0.025",
            "forfeit_platform_share": "0.2", "pay_hours": 24,
            "extend_window_secs": 300, "extend_to_secs": 300,
        })
    );

    let (collection, pic) = studio(&app, &admin, "Ada Vale").await;
    let item = id_of(&on_sale(&app, &admin, &collection, &pic, "100").await, "id");
    let a = funded(&app, &admin, "1000").await;
    let b = funded(&app, &admin, "1000").await;
    app.post("/bind_box/buyNFT", Some(&a), &[("id", &item)])
        .await
        .assert_ok();
    let resale = [("id", item.as_str()), ("mode", "normal"), ("price", "150")];
    let listed = app.post("/bind_box/resellNFT", Some(&a), &resale).await;
    assert_eq!(listed.assert_ok().message()["status"], 0);
    let first = id_of(listed.message(), "id");
    // A listing holds no money: nothing is in escrow, nothing to give back.
    assert_eq!((usdt(&app, &a).await, escrow(&app, &a).await), (900.0, 0.0));
    let withdraw = async |who: &str, id: &str| {
        app.post("/bind_box/cancelResell", Some(who), &[("id", id)])
            .await
    };
    // Not someone else's listing, nor one of an item that does not exist.
    for (who, id) in [(b.as_str(), item.as_str()), (a.as_str(), "999999")] {
        let r = withdraw(who, id).await;
        r.assert_error(409);
        assert_eq!(r.text(), "There is no listing to withdraw");
    }
    let item_of =
        async |token: &str, keys: &str| pick(&detail(&app, &item, Some(token)).await["item"], keys);
    assert_eq!(
        item_of(&a, "listing_status").await,
        json!({"listing_status": 0})
    );

    let w = withdraw(&a, &item).await;
    let answer = json!({"id": number(&first), "item_id": number(&item), "status": 4});
    assert_eq!(w.assert_ok().message(), &answer);
    assert_eq!(
        item_of(&a, "owner listing_status listing_id sale_status").await,
        json!({"owner": "me", "listing_status": 4, "listing_id": null, "sale_status": 0})
    );
    assert_eq!((usdt(&app, &a).await, escrow(&app, &a).await), (900.0, 0.0));
    let review = async |id: &str| {
        app.admin_post(&admin, "/nft/review", &[("id", id), ("approve", "1")])
            .await
    };
    review(&first).await.assert_error(404);
    withdraw(&a, &item).await.assert_error(409);

    // Listed again, approved, on sale; withdrawn before anyone buys.
    let relisted = app.post("/bind_box/resellNFT", Some(&a), &resale).await;
    let second = id_of(relisted.assert_ok().message(), "id");
    review(&second).await.assert_ok();
    let shown = "owner sale_status resale price";
    assert_eq!(
        item_of(&b, shown).await,
        json!({"owner": "user", "sale_status": 1, "resale": true, "price": "150"})
    );
    let w = withdraw(&a, &item).await;
    assert_eq!(id_of(w.assert_ok().message(), "id"), second);
    assert_eq!(
        item_of(&b, shown).await,
        json!({"owner": "user", "sale_status": 0, "resale": false, "price": null})
    );
    let bought = app
        .post("/bind_box/buyNFT", Some(&b), &[("id", &item)])
        .await;
    bought.assert_error(409);
    assert_eq!(bought.text(), "The item is not on sale or has ended");
    assert_eq!(
        (usdt(&app, &a).await, usdt(&app, &b).await),
        (900.0, 1000.0)
    );

    // Blind boxes: a series of two, one bought and opened by b.
    app.get("/bind_box/myBoxes", None).await.assert_error(401);
    let (bo, bo_pic) = studio(&app, &admin, "Bo Reed").await;
    let items = json!([
        {"name": "One", "type": "image", "media": bo_pic, "rarity": "common"},
        {"name": "Two", "type": "image", "media": bo_pic, "rarity": "rare"},
    ])
    .to_string();
    let ends = (bourse::db::now_ms() + 86_400_000).to_string();
    let form = [
        ("collection_id", bo.as_str()),
        ("name", "Pair"),
        ("cover", bo_pic.as_str()),
        ("currency", "USDT"),
        ("price", "15"),
        ("ends_at", ends.as_str()),
        ("items", items.as_str()),
    ];
    let s = app.admin_post(&admin, "/nft/series", &form).await;
    let series = id_of(s.assert_ok().message(), "id");
    let boxes = async |token: &str| {
        page(
            &app.get("/bind_box/myBoxes?page=1&limit=10", Some(token))
                .await,
        )
    };
    assert_eq!(boxes(&b).await, (json!(0), vec![]));
    let bought = app
        .post("/bind_box/buyBox", Some(&b), &[("id", &series)])
        .await;
    let the_box = id_of(bought.assert_ok().message(), "id");
    assert_eq!(usdt(&app, &b).await, 985.0);
    let (total, rows) = boxes(&b).await;
    assert_eq!((total, rows.len()), (json!(1), 1));
    assert_eq!(
        (id_of(&rows[0], "id"), id_of(&rows[0], "series_id")),
        (the_box.clone(), series)
    );
    assert_eq!(
        pick(&rows[0], "series_name number opened item_id slot verified"),
        json!({
            "series_name": "Pair", "number": 0, "opened": false, "item_id": null, "slot": null,
            "verified": null,
        })
    );
    assert_eq!(boxes(&a).await, (json!(0), vec![]), "b's box is not a's");
    let reed = async || page(&app.admin_get(&admin, "/nft/artists?keyword=REED").await);
    // An unopened box's item is nobody's yet: the artist counts none.
    assert_eq!(reed().await.1[0]["items"], 0);
    let opened = app
        .post("/bind_box/openBlindBox", Some(&b), &[("id", &the_box)])
        .await;
    let got = opened.assert_ok().message()["item"].clone();
    assert!(got["name"] == "One" || got["name"] == "Two", "{got}");
    let row = boxes(&b).await.1.first().cloned().unwrap_or_default();
    assert_eq!(
        pick(&row, "opened item_id item_name"),
        json!({"opened": true, "item_id": got["id"], "item_name": got["name"]})
    );
    assert!(
        (row["slot"] == 0 || row["slot"] == 1) && row["opened_at"].is_i64(),
        "{row}"
    );
    // One of two sold: the seed is still hidden, nothing to check against.
    assert!(
        row["rule_slot"].is_null() && row["verified"].is_null(),
        "{row}"
    );

    // The artists, newest first, with what they made.
    let (total, rows) = page(&app.admin_get(&admin, "/nft/artists").await);
    assert_eq!((total, rows.len()), (json!(2), 2));
    let made = |r: &Value| pick(r, "name intro items collections");
    assert_eq!(
        [made(&rows[0]), made(&rows[1])],
        [
            json!({"name": "Bo Reed", "intro": "Light.", "items": 1, "collections": 1}),
            json!({"name": "Ada Vale", "intro": "Light.", "items": 1, "collections": 1}),
        ]
    );
    let (total, rows) = reed().await;
    assert_eq!(
        (total, rows.len(), &rows[0]["name"]),
        (json!(1), 1, &json!("Bo Reed"))
    );
    app.admin_get(&a, "/nft/artists").await.assert_error(403);
    app.assert_audit(&admin).await;
}
on_both!(nft_terms_boxes_artists_and_a_withdrawn_resale);

/// An id given as text, as a number.
fn number(id: &str) -> i64 {
    id.parse().unwrap_or_else(|e| panic!("{id}: {e}"))
}
