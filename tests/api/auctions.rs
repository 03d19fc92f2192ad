//! NFT auctions over HTTP: deposits, refusals, two bids at once, a late bid
//! extending the end, the losers' deposits returned and the winner paying;
//! a winner who does not pay (deposit forfeited, the runner-up offered the
//! item); an auction that ended while the server was down, ended once. The
//! audit after each.

use crate::helpers::{exec, wait_for, Backend, TestApp};
use crate::nft::{
    an_auction, detail, end_now, escrow, funded, id_of, messages, on_sale, reload, studio, usdt,
};
use crate::node::Node;
use crate::on_both;
use crate::restart::{database, on_both_backends, restarted};
use serde_json::Value;

/// Deposits, refusals, two bids at the same moment, a late bid that
/// extends the end, the losers' deposits back at the end, the winner pays.
async fn an_auction_from_deposit_to_payment(app: TestApp) {
    let admin = app.admin().await;
    let (item, listing) = an_auction(&app, &admin, "Bo Lind").await;
    assert_eq!(detail(&app, &item, None).await["item"]["mode"], "auction");
    let a = funded(&app, &admin, "1000").await;
    let b = funded(&app, &admin, "1000").await;
    let c = funded(&app, &admin, "1000").await;
    let bid = |token: &str, price: &str| {
        let (app, token, price, item) = (&app, token.to_string(), price.to_string(), item.clone());
        async move {
            app.post(
                "/bind_box/auctionNFT",
                Some(&token),
                &[("id", &item), ("price", &price)],
            )
            .await
        }
    };
    let early = bid(&a, "60").await;
    early.assert_error(422);
    assert_eq!(early.text(), "Please pay the deposit first");
    app.post("/bind_box/buyNFT", Some(&a), &[("id", &item)])
        .await
        .assert_error(409);
    for t in [&a, &b, &c] {
        let j = app
            .post("/bind_box/marginNFT", Some(t), &[("id", &item)])
            .await;
        j.assert_ok();
        assert_eq!(j.message()["margin"], "10");
    }
    app.post("/bind_box/marginNFT", Some(&a), &[("id", &item)])
        .await
        .assert_error(409);
    assert_eq!(
        (usdt(&app, &a).await, escrow(&app, &a).await),
        (990.0, 10.0)
    );
    // Under the opening price, then under the step: each refusal names the
    // rule it breaks and the least bid.
    let low = bid(&a, "49").await;
    low.assert_error(409);
    assert_eq!(
        low.text(),
        "The bid is under the opening price: the least bid is 50 USDT"
    );
    bid(&a, "50").await.assert_ok();
    assert_eq!(
        bid(&a, "80").await.text(),
        "You already hold the highest bid"
    );
    // Above the current bid but by less than the step.
    let under_step = bid(&b, "54.99").await;
    under_step.assert_error(409);
    assert_eq!(
        under_step.text(),
        "Each bid must raise the current one by at least 5 USDT: the least bid is 55 USDT"
    );
    assert_eq!(
        app.post(
            "/bind_box/auctionNFT?lang=zh",
            Some(&b),
            &[("id", &item), ("price", "54")]
        )
        .await
        .text(),
        "每次加价至少 5 USDT，最低出价为 55 USDT"
    );
    let taken = bid(&b, "55").await;
    taken.assert_ok();
    assert_eq!(taken.message()["extended"], false);
    assert!(messages(&app, &a).await.contains(&"outbid".to_string()));
    // Two bids at the same moment at the same price: one is taken, the
    // other is told the least bid after it.
    let (x, y) = tokio::join!(bid(&a, "60"), bid(&c, "60"));
    let oks = [&x, &y].iter().filter(|r| r.kind() == "ok").count();
    assert_eq!(oks, 1, "{} / {}", x.body, y.body);
    let refused = if x.kind() == "ok" { &y } else { &x };
    assert_eq!(
        refused.text(),
        "Each bid must raise the current one by at least 5 USDT: the least bid is 65 USDT"
    );
    let leader = if x.kind() == "ok" { &a } else { &c };
    // The bid taken is the leader's: first in the log as the leader sees it.
    let led = app
        .get(
            &format!("/bind_box/getBindBoxQuotationLog?id={item}"),
            Some(leader),
        )
        .await;
    assert_eq!(
        (
            &led.message()["data"][0]["price"],
            &led.message()["data"][0]["mine"]
        ),
        (&Value::from("60"), &Value::from(true)),
        "{}",
        led.body
    );
    let outbid = async |t: &str| {
        messages(&app, t)
            .await
            .iter()
            .filter(|m| *m == "outbid")
            .count()
    };
    let leader_outbid = outbid(leader).await;
    // A bid in the last minutes moves the end to five minutes after it.
    let soon = bourse::db::now_ms() + 60_000;
    exec(
        &app.state.db,
        &format!("UPDATE nft_listings SET ends_at = {soon} WHERE id = {listing}"),
    )
    .await;
    reload(&app, &listing).await;
    wait_for("the reload", async || {
        detail(&app, &item, None).await["auction"]["ends_at"] == soon
    })
    .await;
    let late = bid(&b, "70").await;
    late.assert_ok();
    // The leader is told it was outbid.
    wait_for("the leader told", async || {
        outbid(leader).await == leader_outbid + 1
    })
    .await;
    assert_eq!(late.message()["extended"], true);
    assert!(late.message()["ends_at"].as_i64().unwrap_or_default() >= soon + 200_000);
    let log = app
        .get(
            &format!("/bind_box/getBindBoxQuotationLog?id={item}"),
            Some(&b),
        )
        .await;
    assert_eq!(log.message()["total"], 4);
    assert_eq!(log.message()["data"][0]["price"], "70");
    assert_eq!(log.message()["data"][0]["mine"], true);
    // Each accepted bid strictly above the one before.
    let prices: Vec<f64> = log.message()["data"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .rev()
        .map(|b| {
            b["price"]
                .as_str()
                .unwrap_or_default()
                .parse()
                .unwrap_or(f64::NAN)
        })
        .collect();
    assert!(prices.windows(2).all(|w| w[1] > w[0]), "{prices:?}");

    end_now(&app, &listing).await;
    wait_for("the end", async || {
        detail(&app, &item, Some(&b)).await["payment"].is_object()
    })
    .await;
    assert_eq!(
        bid(&c, "200").await.text(),
        "The item is not on sale or has ended"
    );
    // The losers have their deposits back; the winner's is held.
    for t in [&a, &c] {
        assert_eq!((usdt(&app, t).await, escrow(&app, t).await), (1000.0, 0.0));
    }
    assert_eq!(escrow(&app, &b).await, 10.0);
    let pay = app
        .get("/bind_box/getNeedPayNFTOrder?status=0", Some(&b))
        .await;
    let p = pay.message()["data"][0].clone();
    assert_eq!(
        (
            p["price"].as_str(),
            p["deposit"].as_str(),
            p["due"].as_str()
        ),
        (Some("70"), Some("10"), Some("60"))
    );
    let pid = id_of(&p, "id");
    app.post("/bind_box/payNFTOrder", Some(&a), &[("id", &pid)])
        .await
        .assert_error(404);
    app.post("/bind_box/payNFTOrder", Some(&b), &[("id", &pid)])
        .await
        .assert_ok();
    app.post("/bind_box/payNFTOrder", Some(&b), &[("id", &pid)])
        .await
        .assert_error(409);
    assert_eq!((usdt(&app, &b).await, escrow(&app, &b).await), (930.0, 0.0));
    let d = detail(&app, &item, Some(&b)).await;
    assert_eq!(d["item"]["owner"], "me");
    assert_eq!(d["history"][0]["kind"], "auction");
    let bids = app
        .get("/bind_box/getMyBindBoxQuotationLog", Some(&b))
        .await;
    assert_eq!(bids.message()["data"][0]["state"], "won");
    let bids = app
        .get("/bind_box/getMyBindBoxQuotationLog", Some(&a))
        .await;
    assert_eq!(bids.message()["data"][0]["state"], "lost");
    wait_for("the actor to retire", async || {
        app.state
            .nft
            .auction(listing.parse().unwrap_or_default())
            .is_err()
    })
    .await;
    app.assert_audit(&admin).await;
}

on_both!(
    an_auction_from_deposit_to_payment,
    &[("BOURSE__CODES__RESEND_SECONDS", "0")]
);

/// A resale auction whose winner does not pay: the deposit is split between
/// the seller and the platform, the runner-up is offered the item at their
/// last bid and pays it.
async fn a_winner_who_does_not_pay(app: TestApp) {
    let admin = app.admin().await;
    let (collection, pic) = studio(&app, &admin, "Cy Moss").await;
    let card = on_sale(&app, &admin, &collection, &pic, "10").await;
    let item = id_of(&card, "id");
    let seller = funded(&app, &admin, "100").await;
    app.post("/bind_box/buyNFT", Some(&seller), &[("id", &item)])
        .await
        .assert_ok();
    let list = async || {
        let l = app
            .post(
                "/bind_box/resellNFT",
                Some(&seller),
                &[
                    ("id", &item),
                    ("mode", "auction"),
                    ("price", "100"),
                    ("step", "10"),
                    ("margin", "20"),
                ],
            )
            .await;
        l.assert_ok();
        id_of(l.message(), "id")
    };
    let listing = list().await;
    // Refused in review first: closed, the seller told; then listed again.
    app.admin_post(&admin, "/nft/review", &[("id", &listing), ("approve", "0")])
        .await
        .assert_ok();
    assert!(messages(&app, &seller)
        .await
        .contains(&"rejected".to_string()));
    let listing = list().await;
    app.admin_post(&admin, "/nft/review", &[("id", &listing), ("approve", "1")])
        .await
        .assert_ok();
    let a = funded(&app, &admin, "1000").await;
    let b = funded(&app, &admin, "1000").await;
    for t in [&a, &b] {
        app.post("/bind_box/marginNFT", Some(t), &[("id", &item)])
            .await
            .assert_ok();
    }
    for (t, p) in [(&b, "100"), (&a, "110"), (&b, "120"), (&a, "130")] {
        app.post(
            "/bind_box/auctionNFT",
            Some(t),
            &[("id", &item), ("price", p)],
        )
        .await
        .assert_ok();
    }
    end_now(&app, &listing).await;
    wait_for("the end", async || {
        detail(&app, &item, Some(&a)).await["payment"].is_object()
    })
    .await;
    assert_eq!(usdt(&app, &b).await, 1000.0);
    // The winner lets the day pass.
    exec(
        &app.state.db,
        &format!(
            "UPDATE nft_payments SET due_at = {} WHERE listing_id = {listing}",
            bourse::db::now_ms() - 1
        ),
    )
    .await;
    reload(&app, &listing).await;
    wait_for("the runner-up's offer", async || {
        detail(&app, &item, Some(&b)).await["payment"].is_object()
    })
    .await;
    // 20 forfeited: 80 % to the seller, 20 % to the platform.
    assert_eq!((usdt(&app, &a).await, escrow(&app, &a).await), (980.0, 0.0));
    assert_eq!(usdt(&app, &seller).await, 90.0 + 16.0);
    assert!(messages(&app, &a)
        .await
        .contains(&"pay_expired".to_string()));
    assert!(messages(&app, &b).await.contains(&"offered".to_string()));
    let p = detail(&app, &item, Some(&b)).await["payment"].clone();
    assert_eq!(
        (
            p["price"].as_str(),
            p["deposit"].as_str(),
            p["round"].as_i64()
        ),
        (Some("120"), Some("0"), Some(1))
    );
    app.post(
        "/bind_box/payNFTOrder",
        Some(&b),
        &[("id", &id_of(&p, "id"))],
    )
    .await
    .assert_ok();
    assert_eq!(usdt(&app, &b).await, 880.0);
    // 120: royalty 6, fee 3, the seller 111.
    assert_eq!(usdt(&app, &seller).await, 106.0 + 111.0);
    assert_eq!(detail(&app, &item, Some(&b)).await["item"]["owner"], "me");
    app.assert_audit(&admin).await;
}

on_both!(
    a_winner_who_does_not_pay,
    &[("BOURSE__CODES__RESEND_SECONDS", "0")]
);

/// A server killed with an auction running; the auction ends while nothing
/// runs: the fresh server ends it once at the bids it had (the loser's
/// deposit back, the winner asked to pay), and the ledger balances.
async fn an_auction_that_ended_while_down(backend: Backend) {
    let Some((url, dir)) = database(backend).await else {
        return eprintln!("TEST_DATABASE_URL not set: PostgreSQL half not run");
    };
    let first = Node::start_with(&url, &dir, &[("BOURSE__CODES__RESEND_SECONDS", "0")]);
    let admin = first.admin(&url, &dir, "nft-admin@example.com").await;
    let (item, listing) = an_auction(&first, &admin, "Eve Dunn").await;
    let a = funded(&first, &admin, "1000").await;
    let b = funded(&first, &admin, "1000").await;
    for (t, p) in [(&a, "50"), (&b, "60")] {
        first
            .post("/bind_box/marginNFT", Some(t), &[("id", &item)])
            .await
            .assert_ok();
        first
            .post(
                "/bind_box/auctionNFT",
                Some(t),
                &[("id", &item), ("price", p)],
            )
            .await
            .assert_ok();
    }
    first.kill();
    let pool = {
        sqlx::any::install_default_drivers();
        sqlx::AnyPool::connect(&url)
            .await
            .unwrap_or_else(|e| panic!("{e}"))
    };
    exec(
        &pool,
        &format!(
            "UPDATE nft_listings SET ends_at = {} WHERE id = {listing}",
            bourse::db::now_ms() - 60_000
        ),
    )
    .await;
    pool.close().await;
    let second = restarted(backend, &url, &dir).await;
    wait_for("the end", async || {
        detail(&second, &item, Some(&b)).await["payment"].is_object()
    })
    .await;
    assert_eq!(
        (usdt(&second, &a).await, escrow(&second, &a).await),
        (1000.0, 0.0)
    );
    assert_eq!(escrow(&second, &b).await, 10.0);
    let (ends,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM ledger_operations WHERE reason = 'nft_margin_back'")
            .fetch_one(&second.state.db)
            .await
            .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(ends, 1);
    let admin = second.admin().await;
    second.assert_audit(&admin).await;
}

on_both_backends!(an_auction_that_ended_while_down);
