//! Markets over HTTP: quotations and K-lines, placing, filling and cancelling
//! orders against the liquidity provider and other users, with the ledger audit
//! after each, and a restart that keeps the book.

use crate::helpers::{limit, spawn_app_with, tell, Backend, Collector, TestApp};
use crate::on_both;
use actix::Actor;
use actors::market::actor::{Place, Snapshot, Tick};
use actors::market::book::{Kind, Side};
use bourse::socket::hub::Join;
use serde_json::json;
use std::sync::{Arc, Mutex};

async fn tick(app: &TestApp, market: i64) {
    let m = app
        .state
        .markets
        .by_id(market)
        .unwrap_or_else(|| panic!("market {market}"));
    m.send(Tick).await.unwrap_or_else(|e| panic!("{e}"));
}

async fn depth(app: &TestApp, market: i64) -> serde_json::Value {
    let m = app
        .state
        .markets
        .by_id(market)
        .unwrap_or_else(|| panic!("market {market}"));
    m.send(Snapshot).await.unwrap_or_else(|e| panic!("{e}"))["depth"].clone()
}

fn price(level: &serde_json::Value) -> f64 {
    level[0]
        .as_str()
        .unwrap_or_default()
        .parse()
        .unwrap_or_default()
}

async fn quotations_and_klines_cover_every_market_and_period(app: TestApp) {
    let q = app.get("/currency/quotation_new", None).await;
    q.assert_ok();
    assert_eq!(q.message()[0]["name"], "USDT");
    let rows = q.message()[0]["quotation"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    // Every configured market, coins and stocks alike, each once.
    assert_eq!(rows.len(), app.state.settings.markets.len());
    assert!(
        rows.len() >= 15,
        "the demo lists a dozen coins and the stocks"
    );
    assert!(rows
        .iter()
        .any(|r| r["symbol"] == "AAPL/USDT" && r["market_type"] == "stock"));
    assert!(rows[0]["now_price"].is_string() && rows[0]["change"].is_string());
    for period in [
        "1min", "5min", "15min", "30min", "60min", "1day", "1week", "1mon", "1H", "1D",
    ] {
        let k: serde_json::Value = app
            .client
            .get(format!(
                "{}/api/currency/new_timeshar?symbol=BTC/USDT&period={period}",
                app.address
            ))
            .send()
            .await
            .unwrap_or_else(|e| panic!("{e}"))
            .json()
            .await
            .unwrap_or_default();
        assert_eq!(k["code"], 1, "{period}: {k}");
        let bars = k["data"].as_array().cloned().unwrap_or_default();
        assert!(bars.len() >= 100, "{period}: {} bars", bars.len());
        assert!(
            bars.windows(2)
                .all(|w| w[0]["time"].as_i64() < w[1]["time"].as_i64()),
            "ascending"
        );
    }
    let bad: serde_json::Value = app
        .client
        .get(format!(
            "{}/api/currency/new_timeshar?symbol=BTC/USDT&period=2min",
            app.address
        ))
        .send()
        .await
        .unwrap_or_else(|e| panic!("{e}"))
        .json()
        .await
        .unwrap_or_default();
    assert_eq!(bad["code"], -1);
}
on_both!(quotations_and_klines_cover_every_market_and_period);

async fn a_resting_order_freezes_funds_and_cancelling_releases_them(app: TestApp) {
    let admin = app.admin().await;
    let token = app.login("demo@bourse.local", "Demo123456").await;
    let t = Some(token.as_str());
    let placed = app
        .post("/coin/trade", t, &limit("1", "50000", "0.1"))
        .await;
    placed.assert_ok();
    assert_eq!(placed.message()["status"], 0);
    assert_eq!(
        app.balance(&token, "USDT", "2").await,
        ("5000".into(), "5000".into())
    );
    let open = app.get("/coin/list?type=current", t).await;
    assert_eq!(open.message()["total"], 1);
    let id = placed.message()["id"]
        .as_i64()
        .unwrap_or_default()
        .to_string();
    let (_, other) = app.user().await;
    let theirs = app
        .send(
            app.client
                .put(format!("{}/api/coin/trade", app.address))
                .header("Authorization", &other)
                .form(&[("id", &id)]),
        )
        .await;
    theirs.assert_error(404);
    let mine = app
        .send(
            app.client
                .put(format!("{}/api/coin/trade", app.address))
                .header("Authorization", &token)
                .form(&[("id", &id)]),
        )
        .await;
    mine.assert_ok();
    assert_eq!(mine.message()["status"], 2);
    assert_eq!(
        app.balance(&token, "USDT", "2").await,
        ("10000".into(), "0".into())
    );
    let again = app
        .send(
            app.client
                .put(format!("{}/api/coin/trade", app.address))
                .header("Authorization", &token)
                .form(&[("id", &id)]),
        )
        .await;
    again.assert_error(404);
    app.assert_audit(&admin).await;
}
on_both!(a_resting_order_freezes_funds_and_cancelling_releases_them);

/// The provider can be switched off: the market still ticks (prices and bars
/// move) and keeps taking and matching users' orders.
async fn a_market_without_the_provider_keeps_trading_through_ticks(app: TestApp) {
    let admin = app.admin().await;
    let seller = app.login("demo@bourse.local", "Demo123456").await;
    let (_, buyer) = app.user().await;
    app.fund(&buyer, &admin, "USDT", "100000").await;
    for _ in 0..3 {
        tick(&app, 1).await;
    }
    assert_eq!(depth(&app, 1).await["bids"], serde_json::json!([]));
    // A market order on an empty side could only end unfilled: refused, and
    // nothing is written.
    let market = |side: &'static str, amount: &'static str| {
        let (app, token) = (
            &app,
            if side == "1" {
                buyer.clone()
            } else {
                seller.clone()
            },
        );
        async move {
            app.post(
                "/coin/trade?lang=en",
                Some(&token),
                &[
                    ("match_id", "1"),
                    ("type", side),
                    ("order_type", "market"),
                    ("amount", amount),
                ],
            )
            .await
        }
    };
    for side in ["1", "2"] {
        let a = market(side, "1").await;
        a.assert_error(422);
        assert!(
            a.text()
                .starts_with("There are no offers to fill this order"),
            "{}",
            a.body
        );
    }
    let ask = app
        .post("/coin/trade", Some(&seller), &limit("2", "60000", "0.1"))
        .await;
    ask.assert_ok();
    assert_eq!(ask.message()["status"], 0);
    // Below the minimum amount at the best offer (0.0001 BTC at 60,000): refused
    // with the minimum named, never "placed".
    let small = market("1", "0.01").await;
    small.assert_error(422);
    assert_eq!(small.text(), "The order total must be at least 6 USDT");
    market("1", "5.99").await.assert_error(422);
    let orders = app.get("/coin/list?type=all", Some(&buyer)).await;
    assert_eq!(orders.message()["total"], 0, "{}", orders.body);
    assert_eq!(
        app.balance(&buyer, "USDT", "2").await,
        ("100000".into(), "0".into())
    );
    tick(&app, 1).await;
    let bid = app
        .post("/coin/trade", Some(&buyer), &limit("1", "60000", "0.1"))
        .await;
    bid.assert_ok();
    assert_eq!(bid.message()["status"], 1, "fills against the resting ask");
    assert_eq!(app.balance(&buyer, "BTC", "2").await.0, "0.0999");
    crate::dust::assert_no_dust(&app.state, &["trade"]).await;
    app.assert_audit(&admin).await;
}
on_both!(
    a_market_without_the_provider_keeps_trading_through_ticks,
    &[("BOURSE__MARKET__LP_ENABLED", "false")]
);

/// Orders arriving together share a commit; the ones the balance cannot cover
/// are refused inside the batch without disturbing the others or leaving a trace.
async fn concurrent_orders_beyond_the_balance_are_refused_one_by_one(app: TestApp) {
    let admin = app.admin().await;
    let token = app.login("demo@bourse.local", "Demo123456").await;
    let mut tasks = Vec::new();
    for _ in 0..40 {
        let (client, address, token) = (app.client.clone(), app.address.clone(), token.clone());
        tasks.push(tokio::spawn(async move {
            let resp = client
                .post(format!("{address}/api/coin/trade"))
                .header("Authorization", &token)
                .form(&limit("1", "50000", "0.01"))
                .send()
                .await
                .unwrap_or_else(|e| panic!("{e}"));
            let status = resp.status().as_u16();
            let body: serde_json::Value = resp.json().await.unwrap_or_else(|e| panic!("{e}"));
            (status, body)
        }));
    }
    let (mut ok, mut refused) = (0, 0);
    for t in tasks {
        let (status, body) = t.await.unwrap_or_else(|e| panic!("{e}"));
        match body["type"].as_str() {
            Some("ok") => ok += 1,
            _ => {
                assert_eq!(status, 409, "{body}");
                refused += 1;
            }
        }
    }
    // 10 000 USDT covers exactly twenty orders of 500.
    assert_eq!((ok, refused), (20, 20));
    assert_eq!(
        app.balance(&token, "USDT", "2").await,
        ("0".into(), "10000".into())
    );
    let all = app.get("/coin/list?type=all", Some(&token)).await;
    assert_eq!(all.message()["total"], 20, "refused orders leave no row");
    app.assert_audit(&admin).await;
}
on_both!(concurrent_orders_beyond_the_balance_are_refused_one_by_one);

async fn bad_orders_are_refused_and_change_nothing(app: TestApp) {
    let token = app.login("demo@bourse.local", "Demo123456").await;
    let t = Some(token.as_str());
    let tick_err = app
        .post(
            "/coin/trade",
            t,
            &[
                ("match_id", "1"),
                ("type", "1"),
                ("target_price", "50000.001"),
                ("amount", "0.1"),
                ("lang", "en"),
            ],
        )
        .await;
    tick_err.assert_error(422);
    assert_eq!(tick_err.text(), "The price must be a multiple of 0.01");
    let lot_err = app
        .post("/coin/trade", t, &limit("1", "50000", "0.00001"))
        .await;
    lot_err.assert_error(422);
    assert!(lot_err.text().contains("0.0001"), "{}", lot_err.text());
    let broke = app.post("/coin/trade", t, &limit("1", "50000", "1")).await;
    broke.assert_error(409);
    app.post(
        "/coin/trade",
        t,
        &[
            ("match_id", "99"),
            ("type", "1"),
            ("target_price", "1"),
            ("amount", "1"),
        ],
    )
    .await
    .assert_error(422);
    app.post("/coin/trade", t, &limit("3", "1", "1"))
        .await
        .assert_error(422);
    assert_eq!(
        app.balance(&token, "USDT", "2").await,
        ("10000".into(), "0".into())
    );
    assert_eq!(
        app.get("/coin/list?type=all", t).await.message()["total"],
        0,
        "a refused order leaves no row"
    );
}
on_both!(bad_orders_are_refused_and_change_nothing);

async fn market_and_limit_orders_fill_against_the_liquidity_provider(app: TestApp) {
    let admin = app.admin().await;
    tick(&app, 1).await;
    let d = depth(&app, 1).await;
    let best_ask = price(&d["asks"][0]);
    let best_bid = price(&d["bids"][0]);
    assert!(best_bid < best_ask, "{d}");
    let token = app.login("demo@bourse.local", "Demo123456").await;
    let t = Some(token.as_str());
    let buy = app
        .post(
            "/coin/trade",
            t,
            &[
                ("match_id", "1"),
                ("type", "1"),
                ("order_type", "market"),
                ("amount", "1000"),
            ],
        )
        .await;
    buy.assert_ok();
    assert_eq!(buy.message()["status"], 1);
    let got: f64 = buy.message()["deal_amount"]
        .as_str()
        .unwrap_or_default()
        .parse()
        .unwrap_or_default();
    assert!(got > 0.0 && got * best_ask <= 1000.0 + 1e-6, "{}", buy.body);
    let (usdt, frozen) = app.balance(&token, "USDT", "2").await;
    let spent: f64 = buy.message()["deal_money"]
        .as_str()
        .unwrap_or_default()
        .parse()
        .unwrap_or_default();
    assert_eq!(frozen, "0", "the unspent budget is released");
    assert!((usdt.parse::<f64>().unwrap_or_default() - (10000.0 - spent)).abs() < 1e-6);
    // Sell 0.5 BTC at the best bid: fills at once, in full.
    let sell = app
        .post(
            "/coin/trade",
            t,
            &limit("2", &format!("{best_bid:.2}"), "0.2"),
        )
        .await;
    sell.assert_ok();
    assert_eq!(sell.message()["status"], 1, "{}", sell.body);
    let all = app.get("/coin/list?type=all", t).await;
    assert_eq!(all.message()["total"], 2);
    let records = app
        .post("/wallet/legal_log", t, &[("currency", "BTC")])
        .await;
    assert!(records.message()["data"]
        .as_array()
        .is_some_and(|r| r.iter().any(|x| x["reason"] == "trade")));
    app.assert_audit(&admin).await;
}
on_both!(market_and_limit_orders_fill_against_the_liquidity_provider);

async fn two_users_trade_with_partial_fills(app: TestApp) {
    let admin = app.admin().await;
    let seller = app.login("demo@bourse.local", "Demo123456").await;
    let (_, buyer) = app.user().await;
    app.fund(&buyer, &admin, "USDT", "100000").await;
    // With no provider quotes yet, the book is empty: the seller rests first.
    let ask = app
        .post("/coin/trade", Some(&seller), &limit("2", "60000", "0.5"))
        .await;
    ask.assert_ok();
    let bid = app
        .post("/coin/trade", Some(&buyer), &limit("1", "61000", "0.2"))
        .await;
    bid.assert_ok();
    assert_eq!(bid.message()["status"], 1);
    assert_eq!(
        bid.message()["avg_price"],
        "60000",
        "fills at the maker's price"
    );
    // Buyer: paid 12000, got 0.2 BTC minus the 0.1 % taker fee; the rest of the freeze is released.
    assert_eq!(
        app.balance(&buyer, "USDT", "2").await,
        ("88000".into(), "0".into())
    );
    assert_eq!(app.balance(&buyer, "BTC", "2").await.0, "0.1998");
    // Seller: 0.3 still frozen on the book, got 12000 minus the 0.1 % maker fee.
    assert_eq!(
        app.balance(&seller, "BTC", "2").await,
        ("0.5".into(), "0.3".into())
    );
    assert_eq!(app.balance(&seller, "USDT", "2").await.0, "21988");
    let open = app.get("/coin/list", Some(&seller)).await;
    assert_eq!(open.message()["data"][0]["deal_amount"], "0.2");
    assert_eq!(open.message()["data"][0]["status"], 0);
    // Anyone reads the fill back as the trade event showed it.
    let trades = app.get("/currency/trades?symbol=BTC%2FUSDT", None).await;
    trades.assert_ok();
    let latest = &trades.message()[0];
    assert_eq!(
        (&latest["price"], &latest["qty"], &latest["side"]),
        (&json!("60000"), &json!("0.2"), &json!("buy"))
    );
    assert!(latest["key"].as_str().is_some_and(|k| k.contains('.')));
    for bad in [
        "symbol=BTC%2FUSDT&limit=0",
        "symbol=BTC%2FUSDT&limit=x",
        "symbol=NOPE%2FUSDT",
    ] {
        let r = app.get(&format!("/currency/trades?{bad}"), None).await;
        assert_eq!(r.status, 422, "{bad}");
    }
    app.assert_audit(&admin).await;
}
on_both!(two_users_trade_with_partial_fills);

/// Orders that cross each other inside one batch are matched in arrival order
/// and settled together: every one fills, and the money adds up.
async fn orders_crossing_inside_a_batch_settle_together(app: TestApp) {
    let admin = app.admin().await;
    let seller = app.login("demo@bourse.local", "Demo123456").await;
    let (_, buyer) = app.user().await;
    app.fund(&buyer, &admin, "USDT", "100000").await;
    let (btc_before, _) = app.balance(&seller, "BTC", "2").await;
    let (usdt_before, _) = app.balance(&seller, "USDT", "2").await;
    let mut tasks = Vec::new();
    for i in 0..20 {
        let (client, address) = (app.client.clone(), app.address.clone());
        let (token, side) = if i % 2 == 0 {
            (seller.clone(), "2")
        } else {
            (buyer.clone(), "1")
        };
        tasks.push(tokio::spawn(async move {
            let body: serde_json::Value = client
                .post(format!("{address}/api/coin/trade"))
                .header("Authorization", &token)
                .form(&limit(side, "60000", "0.05"))
                .send()
                .await
                .unwrap_or_else(|e| panic!("{e}"))
                .json()
                .await
                .unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(body["type"], "ok", "{body}");
        }));
    }
    for t in tasks {
        t.await.unwrap_or_else(|e| panic!("{e}"));
    }
    // Equal sizes at one price on both sides: nothing can be left resting.
    for token in [&seller, &buyer] {
        let all = app.get("/coin/list?type=all", Some(token)).await;
        let orders = all.message()["data"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        assert_eq!(orders.len(), 10);
        assert!(
            orders
                .iter()
                .all(|o| o["status"] == 1 && o["deal_amount"] == "0.05"),
            "{orders:?}"
        );
    }
    // 0.5 BTC for 30 000 USDT, each side paying the 0.1 % fee on what it got.
    assert_eq!(
        app.balance(&buyer, "USDT", "2").await,
        ("70000".into(), "0".into())
    );
    assert_eq!(
        app.balance(&buyer, "BTC", "2").await,
        ("0.4995".into(), "0".into())
    );
    let num = |s: &str| s.parse::<f64>().unwrap_or_else(|e| panic!("{s}: {e}"));
    let (btc_after, btc_frozen) = app.balance(&seller, "BTC", "2").await;
    let (usdt_after, _) = app.balance(&seller, "USDT", "2").await;
    assert_eq!(btc_frozen, "0");
    assert!((num(&btc_before) - num(&btc_after) - 0.5).abs() < 1e-9);
    assert!((num(&usdt_after) - num(&usdt_before) - 29_970.0).abs() < 1e-9);
    app.assert_audit(&admin).await;
}
on_both!(orders_crossing_inside_a_batch_settle_together);

async fn favourites_are_per_user(app: TestApp) {
    let (_, a) = app.user().await;
    let (_, b) = app.user().await;
    app.post("/optional/add", Some(&a), &[("match_id", "2")])
        .await
        .assert_ok();
    app.post("/optional/add", Some(&a), &[("match_id", "2")])
        .await
        .assert_ok();
    let list = app.get("/optional/list", Some(&a)).await;
    assert_eq!(list.message().as_array().map(Vec::len), Some(1));
    assert_eq!(list.message()[0]["symbol"], "ETH/USDT");
    assert_eq!(
        app.get("/optional/list", Some(&b))
            .await
            .message()
            .as_array()
            .map(Vec::len),
        Some(0)
    );
    app.post("/optional/del", Some(&a), &[("match_id", "2")])
        .await
        .assert_ok();
    assert_eq!(
        app.get("/optional/list", Some(&a))
            .await
            .message()
            .as_array()
            .map(Vec::len),
        Some(0)
    );
}
on_both!(favourites_are_per_user);

/// Ten takers of one batch fill the same resting order: its owner is told
/// about that order once, as the batch left it, and about the balance once.
async fn one_batch_tells_an_owner_once(app: TestApp) {
    let admin = app.admin().await;
    let seller = app.login("demo@bourse.local", "Demo123456").await;
    let (_, buyer) = app.user().await;
    app.fund(&buyer, &admin, "USDT", "100000").await;
    let (seller_id, buyer_id) = (app.user_id(&seller).await, app.user_id(&buyer).await);
    let resting = app
        .post("/coin/trade", Some(&seller), &limit("2", "60000", "1"))
        .await;
    resting.assert_ok();
    let resting_id = resting.message()["id"].as_i64().unwrap_or_default();
    let heard = Arc::new(Mutex::new(Vec::new()));
    tell(
        &app.state.hub,
        Join {
            id: 910_001,
            to: Collector(heard.clone()).start().recipient(),
            user_id: Some(seller_id),
        },
    )
    .await;
    let market = app
        .state
        .markets
        .by_id(1)
        .unwrap_or_else(|| panic!("BTC/USDT"));
    // Sent in one go, the ten are handled before the batch is flushed, so they
    // form one batch.
    let takers: Vec<_> = (0..10)
        .map(|_| {
            market.handle.addr().send(Place::new(
                buyer_id,
                Side::Buy,
                Kind::Limit {
                    price: 60_000 * 100_000_000,
                    qty: 5_000_000,
                },
            ))
        })
        .collect();
    for t in takers {
        let placed = t.await.unwrap_or_else(|e| panic!("{e}"));
        assert!(placed.is_ok(), "{placed:?}");
    }
    // A later order of the seller's, in a batch of its own: the hub and the
    // collector handle messages in order, so once its event is heard every
    // event of the takers' batch has been too.
    let marker = market
        .handle
        .addr()
        .send(Place::new(
            seller_id,
            Side::Buy,
            Kind::Limit {
                price: 1_000 * 100_000_000,
                qty: 1_000_000,
            },
        ))
        .await
        .unwrap_or_else(|e| panic!("{e}"))
        .unwrap_or_else(|e| panic!("{e:?}"));
    let marker_id = marker["id"].as_i64().unwrap_or_default();
    let order_of = |frame: &str| -> Option<i64> {
        let v: serde_json::Value = serde_json::from_str(frame.strip_prefix("42")?).ok()?;
        (v[0] == "order").then(|| v[1]["id"].as_i64()).flatten()
    };
    let frames = Collector::frames_before(
        &heard,
        |f| order_of(f) == Some(marker_id),
        "the marker order's event never came",
    )
    .await;
    let told: Vec<serde_json::Value> = frames
        .iter()
        .filter(|f| order_of(f) == Some(resting_id))
        .filter_map(|f| serde_json::from_str::<serde_json::Value>(&f[2..]).ok())
        .map(|v| v[1].clone())
        .collect();
    assert_eq!(told.len(), 1, "{frames:?}");
    assert_eq!(told[0]["deal_amount"], "0.5", "{}", told[0]);
    let balances = frames
        .iter()
        .filter(|f| f.starts_with(r#"42["balance","#))
        .count();
    assert_eq!(balances, 1, "{frames:?}");
    app.assert_audit(&admin).await;
}
on_both!(one_batch_tells_an_owner_once);

/// SQLite's writers keep a connection of their own, taken out of the pool:
/// a pool of one still serves reads beside them.
#[actix_web::test]
async fn sqlite_with_a_pool_of_one_still_trades() {
    let app = spawn_app_with(
        Backend::Sqlite,
        &[("BOURSE__DATABASE__MAX_CONNECTIONS", "1")],
    )
    .await
    .unwrap_or_else(|| panic!("sqlite"));
    let token = app.login("demo@bourse.local", "Demo123456").await;
    app.post("/coin/trade", Some(&token), &limit("1", "40000", "0.05"))
        .await
        .assert_ok();
    assert_eq!(
        app.balance(&token, "USDT", "2").await,
        ("8000".into(), "2000".into())
    );
}
