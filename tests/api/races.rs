//! The same call many times at the same moment, on every call that moves
//! money or state: one of a set of identical calls takes effect, every
//! other one is a 409 that says why (already paid, already open, already
//! ended…), none is a 500, and the money moved once. A blind-box drop sells
//! a box to every buyer while stock lasts and tells the rest it is sold
//! out. The audit after each.

use crate::copy::{holding, leader, open, with_lever};
use crate::derivatives::set_index;
use crate::helpers::{wait_for, Answer, Http, TestApp};
use crate::nft::{an_auction, end_now, funded, id_of, on_sale, studio, usdt};
use crate::on_both;
use futures_util::future::join_all;
use serde_json::Value;
use std::collections::BTreeMap;

/// How many identical calls race in each case.
const RACERS: usize = 50;

/// `n` identical calls sent at once; their answers.
async fn at_once(
    app: &Http,
    n: usize,
    path: &str,
    token: &str,
    form: &[(&str, &str)],
) -> Vec<Answer> {
    join_all((0..n).map(|_| app.post(path, Some(token), form))).await
}

/// Exactly one answer is a success and every other a 409 with `refusal`.
fn one_wins(what: &str, answers: &[Answer], refusal: &str) {
    one_wins_as(what, answers, 409, refusal)
}

/// Exactly one answer is a success and every other a `status` with `refusal`.
fn one_wins_as(what: &str, answers: &[Answer], status: u16, refusal: &str) {
    let oks = answers.iter().filter(|a| a.kind() == "ok").count();
    let odd: Vec<String> = answers
        .iter()
        .filter(|a| a.kind() != "ok" && (a.status != status || a.text() != refusal))
        .map(|a| format!("{} {}", a.status, a.body))
        .collect();
    assert!(
        oks == 1 && odd.is_empty(),
        "{what}: {oks} taken; answers other than {status} \"{refusal}\": {odd:?}"
    );
}

/// Answers counted by status and message: a thousand alike read as one line.
fn tally<'a>(answers: impl Iterator<Item = &'a Answer>) -> BTreeMap<String, usize> {
    let mut seen = BTreeMap::new();
    for a in answers {
        *seen
            .entry(format!("{} {} {}", a.status, a.kind(), a.text()))
            .or_insert(0) += 1;
    }
    seen
}

/// The winner's payment of an auction, paid fifty times at once; a
/// fixed-price item bought fifty times at once by one buyer; an auction's
/// deposit paid fifty times at once; a blind box opened fifty times at once.
async fn nft_calls_at_the_same_moment(app: TestApp) {
    let admin = app.admin().await;
    let (item, listing) = an_auction(&app, &admin, "Ra Ce").await;
    let winner = funded(&app, &admin, "1000").await;
    let joins = at_once(
        &app,
        RACERS,
        "/bind_box/marginNFT?lang=en",
        &winner,
        &[("id", &item)],
    )
    .await;
    one_wins("deposit", &joins, "You have already paid the deposit");
    app.post(
        "/bind_box/auctionNFT",
        Some(&winner),
        &[("id", &item), ("price", "50")],
    )
    .await
    .assert_ok();
    end_now(&app, &listing).await;
    let payment = async || {
        let p = app
            .get("/bind_box/getNeedPayNFTOrder?status=0", Some(&winner))
            .await;
        p.message()["data"][0].clone()
    };
    wait_for("the payment", async || payment().await.is_object()).await;
    let pid = id_of(&payment().await, "id");
    let pays = at_once(
        &app,
        RACERS,
        "/bind_box/payNFTOrder?lang=en",
        &winner,
        &[("id", &pid)],
    )
    .await;
    one_wins("payment", &pays, "This order is already paid");
    // Paid once: 50 in all, the deposit of 10 applied.
    assert_eq!(usdt(&app, &winner).await, 950.0);

    let (collection, pic) = studio(&app, &admin, "Fi Xed").await;
    let card = on_sale(&app, &admin, &collection, &pic, "100").await;
    let fixed = id_of(&card, "id");
    let buyer = funded(&app, &admin, "1000").await;
    let buys = at_once(
        &app,
        RACERS,
        "/bind_box/buyNFT?lang=en",
        &buyer,
        &[("id", &fixed)],
    )
    .await;
    one_wins("fixed price", &buys, "The item is not on sale or has ended");
    assert_eq!(usdt(&app, &buyer).await, 900.0);

    let series = a_series(&app, &admin, &collection, &pic, 2).await;
    let b = app
        .post("/bind_box/buyBox", Some(&buyer), &[("id", &series)])
        .await;
    b.assert_ok();
    let opens = at_once(
        &app,
        RACERS,
        "/bind_box/openBlindBox?lang=en",
        &buyer,
        &[("id", &id_of(b.message(), "id"))],
    )
    .await;
    one_wins("open", &opens, "The blind box is already open");
    app.assert_audit(&admin).await;
}

on_both!(
    nft_calls_at_the_same_moment,
    &[("BOURSE__CODES__RESEND_SECONDS", "0")]
);

/// A series of `total` boxes at 1 USDT, on sale for a day; its id.
async fn a_series(app: &Http, admin: &str, collection: &str, pic: &str, total: usize) -> String {
    let item =
        serde_json::json!({"name": "Drop", "type": "image", "media": pic, "rarity": "common"});
    let items = Value::Array(vec![item; total]).to_string();
    let ends = (bourse::db::now_ms() + 86_400_000).to_string();
    let s = app
        .admin_post(
            admin,
            "/nft/series",
            &[
                ("collection_id", collection),
                ("name", "Drop"),
                ("cover", pic),
                ("currency", "USDT"),
                ("price", "1"),
                ("ends_at", &ends),
                ("items", &items),
            ],
        )
        .await;
    s.assert_ok();
    id_of(s.message(), "id")
}

/// A drop of 1,000 boxes: 1,000 presses at the same moment (ten each from
/// 100 funded buyers, so each buyer's balance is raced too) all buy: stock
/// left refuses nobody. A second wave of 100 finds it sold out. Every box has
/// its own number, each buyer paid for exactly the boxes they got.
async fn a_drop_sells_a_box_to_every_buyer_while_stock_lasts(app: TestApp) {
    const STOCK: usize = 1000;
    const BUYERS: usize = 100;
    let admin = app.admin().await;
    let (collection, pic) = studio(&app, &admin, "Dr Op").await;
    let series = a_series(&app, &admin, &collection, &pic, STOCK).await;
    let buyers: Vec<String> = join_all((0..BUYERS).map(|_| funded(&app, &admin, "12"))).await;
    let form = [("id", series.as_str())];
    let phones = Http::unpooled(app.address.clone());
    let wave = |presses: usize| {
        join_all(
            (0..presses)
                .map(|n| phones.post("/bind_box/buyBox?lang=en", Some(&buyers[n % BUYERS]), &form)),
        )
    };
    let first = wave(STOCK).await;
    let refused = tally(first.iter().filter(|a| a.kind() != "ok"));
    assert!(refused.is_empty(), "stock left, yet refused: {refused:?}");
    let second = wave(BUYERS).await;
    let odd = tally(
        second
            .iter()
            .filter(|a| a.status != 409 || a.text() != "This series is sold out"),
    );
    assert!(odd.is_empty(), "{odd:?}");
    let mut numbers: Vec<i64> = first
        .iter()
        .chain(&second)
        .filter(|a| a.kind() == "ok")
        .map(|a| a.message()["number"].as_i64().unwrap_or(-1))
        .collect();
    numbers.sort_unstable();
    assert_eq!(numbers, (0..STOCK as i64).collect::<Vec<_>>());
    let d = app
        .get(&format!("/bind_box/getSeries?id={series}"), None)
        .await;
    assert_eq!(d.message()["series"]["sold"], STOCK);
    // Each buyer paid 1 USDT a box, for the ten boxes they got.
    for t in buyers.iter().take(5) {
        assert_eq!(usdt(&app, t).await, 12.0 - (STOCK / BUYERS) as f64);
    }
    app.assert_audit(&admin).await;
}

on_both!(
    a_drop_sells_a_box_to_every_buyer_while_stock_lasts,
    &[
        ("BOURSE__CODES__RESEND_SECONDS", "0"),
        ("BOURSE__LIMITS__CODES_PER_IP_PER_MINUTE", "1000"),
        ("BOURSE__LIMITS__LOGIN_PER_IP_PER_MINUTE", "1000"),
        ("BOURSE__DATABASE__MAX_CONNECTIONS", "10"),
    ]
);

/// A lock-up subscription fifty times at once with money for one; the
/// order redeemed fifty times at once; a follow started, a copy held as
/// one's own, the position closed and the follow ended, each fifty times at
/// once; a seconds option bought fifty times at once with money for one.
async fn earn_copy_and_contract_calls_at_the_same_moment(app: TestApp) {
    let admin = app.admin().await;
    let saver = funded(&app, &admin, "100").await;
    let locks = at_once(
        &app,
        RACERS,
        "/lh/deposit?lang=en",
        &saver,
        &[("config_id", "1"), ("amount", "100")],
    )
    .await;
    one_wins_as("lock-up", &locks, 422, "Insufficient balance");
    let order = locks
        .iter()
        .find(|a| a.kind() == "ok")
        .map(|a| id_of(a.message(), "id"))
        .unwrap_or_default();
    let redeems = at_once(
        &app,
        RACERS,
        "/lh/deposit/order/cancel?lang=en",
        &saver,
        &[("id", &order)],
    )
    .await;
    one_wins("redemption", &redeems, "This order has ended");

    set_index(&app, 67_000).await;
    let (lt, lid) = leader(&app, &admin, "5").await;
    let (f, _) = with_lever(&app, &admin, "1000").await;
    let t = lid.to_string();
    let form = [
        ("trader_id", t.as_str()),
        ("agree", "1"),
        ("mode", "1"),
        ("amount", "1"),
        ("max_margin", "1000"),
    ];
    let follows = at_once(&app, RACERS, "/follow/follow?lang=en", &f, &form).await;
    one_wins("follow", &follows, "You already follow this trader");
    let fid = follows
        .iter()
        .find(|a| a.kind() == "ok")
        .map(|a| id_of(a.message(), "id"))
        .unwrap_or_default();
    open(&app, &lt, "1", "1").await;
    let copy = holding(&app, &f).await;
    let cid = id_of(&copy[0], "id");
    let holds = at_once(
        &app,
        RACERS,
        "/follow/selfHolding?lang=en",
        &f,
        &[("id", &cid)],
    )
    .await;
    one_wins(
        "self-holding",
        &holds,
        "This position is already held as your own",
    );
    let closes = at_once(&app, RACERS, "/lever/close?lang=en", &f, &[("id", &cid)]).await;
    one_wins("close", &closes, "This order is no longer open");
    let ends = at_once(&app, RACERS, "/follow/cancel?lang=en", &f, &[("id", &fid)]).await;
    one_wins("unfollow", &ends, "This follow has already ended");

    let (_, punter) = app.user().await;
    app.fund(&punter, &admin, "3", "10.5").await;
    move_to(&app, &punter, "10.5", "4").await;
    let options = at_once(
        &app,
        RACERS,
        "/microtrade/submit?lang=en",
        &punter,
        &[
            ("match_id", "1"),
            ("type", "1"),
            ("seconds", "2"),
            ("number", "10"),
        ],
    )
    .await;
    one_wins("option", &options, "Insufficient balance");
    app.assert_audit(&admin).await;
}

on_both!(
    earn_copy_and_contract_calls_at_the_same_moment,
    &[("BOURSE__CODES__RESEND_SECONDS", "0")]
);

/// Moves `amount` USDT from spot to account `to`.
async fn move_to(app: &Http, token: &str, amount: &str, to: &str) {
    app.post(
        "/wallet/change",
        Some(token),
        &[
            ("currency_id", "3"),
            ("number", amount),
            ("from_field", "2"),
            ("to_field", to),
        ],
    )
    .await
    .assert_ok();
}
