//! The NFT marketplace over HTTP: media checked by content, artists,
//! collections and items made by an admin; a fixed-price sale and a resale
//! that waits for review and pays the artist's royalty and the platform's
//! fee; an auction with deposits, refusals, two bids at once, a late bid
//! extending the end, the losers' deposits returned and the winner paying;
//! a winner who does not pay (deposit forfeited, the runner-up offered the
//! item); blind boxes checked against the revealed seed; the demo market; an
//! auction that ended while the server was down settled once. The audit
//! after each.

use crate::helpers::{exec, wait_for, Answer, Backend, Http, TestApp};
use crate::node::Node;
use crate::on_both;
use crate::restart::{database, on_both_backends, restarted};
use ::actors::nft::{engine, ReloadAuction};
use bourse::nft::demo::MEDIA;
use serde_json::Value;

fn media_bytes(name: &str) -> Vec<u8> {
    MEDIA
        .iter()
        .find(|m| m.name == name)
        .map(|m| m.bytes.to_vec())
        .unwrap_or_else(|| panic!("no shipped {name}"))
}

async fn upload_media(app: &Http, admin: &str, name: &str, bytes: Vec<u8>) -> Answer {
    let part = reqwest::multipart::Part::bytes(bytes).file_name(name.to_string());
    let form = reqwest::multipart::Form::new().part("file", part);
    app.send(
        app.client
            .post(format!("{}/admin/api/nft/media?lang=en", app.address))
            .header("Authorization", admin)
            .multipart(form),
    )
    .await
}

async fn media(app: &Http, admin: &str, name: &str) -> String {
    let a = upload_media(app, admin, name, media_bytes(name)).await;
    a.assert_ok();
    a.text()
}

/// An artist with a collection; answers the collection's id and a picture.
async fn studio(app: &Http, admin: &str, name: &str) -> (String, String) {
    let pic = media(app, admin, "art-1.png").await;
    let a = app
        .admin_post(
            admin,
            "/nft/artist",
            &[("name", name), ("avatar", &pic), ("intro", "Light.")],
        )
        .await;
    a.assert_ok();
    let artist = a.message()["id"].as_i64().unwrap_or_default().to_string();
    let c = app
        .admin_post(
            admin,
            "/nft/collection",
            &[
                ("artist_id", &artist),
                ("name", "First light"),
                ("cover", &pic),
            ],
        )
        .await;
    c.assert_ok();
    (
        c.message()["id"].as_i64().unwrap_or_default().to_string(),
        pic,
    )
}

/// An item listed by the platform; answers its card.
async fn listed(
    app: &Http,
    admin: &str,
    collection: &str,
    pic: &str,
    extra: &[(&str, &str)],
) -> Value {
    let mut form = vec![
        ("collection_id", collection),
        ("name", "Dawn"),
        ("type", "image"),
        ("media", pic),
        ("rarity", "rare"),
        ("currency", "USDT"),
    ];
    form.extend_from_slice(extra);
    let a = app.admin_post(admin, "/nft/item", &form).await;
    a.assert_ok();
    a.message().clone()
}

/// An auction by the platform ending in an hour: opening bid 50, step 5,
/// deposit 10. Answers (item, listing).
async fn an_auction(app: &Http, admin: &str, artist: &str) -> (String, String) {
    let (collection, pic) = studio(app, admin, artist).await;
    let ends = (bourse::db::now_ms() + 3_600_000).to_string();
    let card = listed(
        app,
        admin,
        &collection,
        &pic,
        &[
            ("mode", "auction"),
            ("price", "50"),
            ("step", "5"),
            ("margin", "10"),
            ("ends_at", &ends),
        ],
    )
    .await;
    (id_of(&card, "id"), id_of(&card, "listing_id"))
}

async fn funded(app: &Http, admin: &str, amount: &str) -> String {
    let (_, token) = app.user().await;
    app.fund(&token, admin, "3", amount).await;
    token
}

fn spot(b: (String, String)) -> f64 {
    b.0.parse().unwrap_or(f64::NAN)
}

async fn usdt(app: &Http, token: &str) -> f64 {
    spot(app.balance(token, "3", "2").await)
}

async fn escrow(app: &Http, token: &str) -> f64 {
    spot(app.balance(token, "3", "8").await)
}

fn id_of(v: &Value, key: &str) -> String {
    v[key].as_i64().unwrap_or_default().to_string()
}

async fn detail(app: &Http, item: &str, token: Option<&str>) -> Value {
    let d = app
        .get(&format!("/bind_box/getBoxDetail?id={item}"), token)
        .await;
    d.assert_ok();
    d.message().clone()
}

async fn messages(app: &Http, token: &str) -> Vec<String> {
    let m = app.get("/bind_box/messages?limit=50", Some(token)).await;
    m.assert_ok();
    m.message()["data"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .map(|m| m["kind"].as_str().unwrap_or_default().to_string())
        .collect()
}

/// Moves an auction's end to now and has its actor look.
async fn end_now(app: &TestApp, listing: &str) {
    let now = bourse::db::now_ms();
    exec(
        &app.state.db,
        &format!(
            "UPDATE nft_listings SET ends_at = {} WHERE id = {listing}",
            now - 1
        ),
    )
    .await;
    reload(app, listing).await;
}

/// Has an auction's actor reread it (its times were moved).
async fn reload(app: &TestApp, listing: &str) {
    if let Ok(h) = app.state.nft.auction(listing.parse().unwrap_or_default()) {
        let _ = h.send(ReloadAuction).await;
    }
}

/// Media by content, a fixed-price sale, a resale in review then sold with
/// the royalty and the fee, and every refusal on the way.
async fn fixed_price_and_resale(app: TestApp) {
    let admin = app.admin().await;
    // Media are what their bytes are: text is refused, an mp4 is not audio.
    let text = upload_media(&app, &admin, "a.mp3", b"<html><script>".to_vec()).await;
    text.assert_error(422);
    let video = media(&app, &admin, "clip.mp4").await;
    let (collection, pic) = studio(&app, &admin, "Ada Vale").await;
    let as_audio = app
        .admin_post(
            &admin,
            "/nft/item",
            &[
                ("collection_id", &collection),
                ("name", "Noise"),
                ("type", "audio"),
                ("media", &video),
                ("rarity", "0"),
                ("currency", "USDT"),
            ],
        )
        .await;
    as_audio.assert_error(422);
    assert_eq!(as_audio.text(), "Audio file error");
    let range = app
        .client
        .get(format!("{}{video}", app.address))
        .header("Range", "bytes=0-99")
        .send()
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(range.status().as_u16(), 206);
    assert_eq!(range.headers()["content-type"], "video/mp4");

    let far = (bourse::db::now_ms() + 86_400_000).to_string();
    let card = listed(
        &app,
        &admin,
        &collection,
        &pic,
        &[("mode", "normal"), ("price", "100"), ("ends_at", &far)],
    )
    .await;
    let item = id_of(&card, "id");
    assert_eq!(card["sale_status"], 1);
    assert_eq!(card["price"], "100");
    let on_sale = app
        .get("/bind_box/getBoxList?on_sale=1&type=image", None)
        .await;
    assert_eq!(on_sale.message()["total"], 1);

    let a = funded(&app, &admin, "1000").await;
    let b = funded(&app, &admin, "1000").await;
    let poor = funded(&app, &admin, "50").await;
    let short = app
        .post("/bind_box/buyNFT", Some(&poor), &[("id", &item)])
        .await;
    short.assert_error(409);
    assert_eq!(usdt(&app, &poor).await, 50.0);
    app.post("/bind_box/buyNFT", Some(&a), &[("id", &item)])
        .await
        .assert_ok();
    assert_eq!(usdt(&app, &a).await, 900.0);
    let again = app
        .post("/bind_box/buyNFT", Some(&b), &[("id", &item)])
        .await;
    again.assert_error(409);
    assert_eq!(again.text(), "The item is not on sale or has ended");
    let d = detail(&app, &item, Some(&a)).await;
    assert_eq!(d["item"]["owner"], "me");
    assert_eq!(d["item"]["sale_status"], 0);
    assert_eq!(d["history"][0]["price"], "100");
    let mine = app.get("/bind_box/getMyNFTs", Some(&a)).await;
    assert_eq!(mine.message()["total"], 1);

    // Resale: bad terms, someone else's item, then a listing in review.
    let resell = |token: String, form: Vec<(&'static str, String)>| {
        let app = &app;
        async move {
            let f: Vec<(&str, &str)> = form.iter().map(|(k, v)| (*k, v.as_str())).collect();
            app.post("/bind_box/resellNFT", Some(&token), &f).await
        }
    };
    let bad = resell(
        a.clone(),
        vec![
            ("id", item.clone()),
            ("mode", "normal".into()),
            ("price", "0".into()),
        ],
    )
    .await;
    bad.assert_error(422);
    assert_eq!(bad.text(), "Please enter the correct price");
    let no_step = resell(
        a.clone(),
        vec![
            ("id", item.clone()),
            ("mode", "auction".into()),
            ("price", "10".into()),
        ],
    )
    .await;
    assert_eq!(no_step.text(), "Please enter the correct increment");
    let now = bourse::db::now_ms();
    let backwards = resell(
        a.clone(),
        vec![
            ("id", item.clone()),
            ("mode", "normal".into()),
            ("price", "10".into()),
            ("starts_at", (now + 60_000).to_string()),
            ("ends_at", (now + 30_000).to_string()),
        ],
    )
    .await;
    assert_eq!(
        backwards.text(),
        "The end must be later than the start, and in the future"
    );
    let not_mine = resell(
        b.clone(),
        vec![
            ("id", item.clone()),
            ("mode", "normal".into()),
            ("price", "10".into()),
        ],
    )
    .await;
    not_mine.assert_error(404);
    let listing = resell(
        a.clone(),
        vec![
            ("id", item.clone()),
            ("mode", "normal".into()),
            ("price", "200".into()),
        ],
    )
    .await;
    listing.assert_ok();
    let listing_id = id_of(listing.message(), "id");
    assert_eq!(listing.message()["status"], 0);
    let twice = resell(
        a.clone(),
        vec![
            ("id", item.clone()),
            ("mode", "normal".into()),
            ("price", "300".into()),
        ],
    )
    .await;
    twice.assert_error(409);
    // In review it is not on sale.
    app.post("/bind_box/buyNFT", Some(&b), &[("id", &item)])
        .await
        .assert_error(409);
    assert_eq!(
        detail(&app, &item, Some(&a)).await["item"]["listing_status"],
        0
    );
    let queue = app.admin_get(&admin, "/nft/listings?status=0").await;
    assert_eq!(queue.message()["total"], 1);
    app.admin_post(
        &admin,
        "/nft/review",
        &[("id", &listing_id), ("approve", "1")],
    )
    .await
    .assert_ok();
    app.admin_post(
        &admin,
        "/nft/review",
        &[("id", &listing_id), ("approve", "1")],
    )
    .await
    .assert_error(404);
    let own = app
        .post("/bind_box/buyNFT", Some(&a), &[("id", &item)])
        .await;
    assert_eq!(own.text(), "You cannot buy or bid on your own item");
    app.post("/bind_box/buyNFT", Some(&b), &[("id", &item)])
        .await
        .assert_ok();
    // 200: the artist 5 % (10), the platform 2.5 % (5), the seller the rest.
    assert_eq!(usdt(&app, &b).await, 800.0);
    assert_eq!(usdt(&app, &a).await, 900.0 + 185.0);
    let d = detail(&app, &item, Some(&b)).await;
    assert_eq!(d["item"]["owner"], "me");
    assert_eq!(d["item"]["last_price"], "200");
    assert_eq!(d["history"][0]["kind"], "resale");
    let artist = app
        .get(
            &format!("/bind_box/getArtistDetail?id={}", d["artist"]["id"]),
            None,
        )
        .await;
    assert_eq!(artist.message()["royalties"][0]["amount"], "10");
    let kinds = messages(&app, &a).await;
    for k in ["bought", "approved", "sold"] {
        assert!(kinds.iter().any(|m| m == k), "{k} in {kinds:?}");
    }
    // Favourites, and reading messages.
    let fav = app
        .post("/bind_box/collect", Some(&b), &[("id", &item)])
        .await;
    assert_eq!(fav.message()["collected"], true);
    assert_eq!(fav.message()["favourites"], 1);
    let unfav = app
        .post("/bind_box/collect", Some(&b), &[("id", &item)])
        .await;
    assert_eq!(unfav.message()["favourites"], 0);
    let read = app
        .post("/bind_box/readNFTOrderMessage", Some(&a), &[])
        .await;
    assert_eq!(read.message()["unread"], 0);
    app.assert_audit(&admin).await;
}

on_both!(
    fixed_price_and_resale,
    &[("BOURSE__CODES__RESEND_SECONDS", "0")]
);

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
    let low = bid(&a, "49").await;
    low.assert_error(409);
    assert_eq!(low.text(), "The bid must be greater than the current bid");
    bid(&a, "50").await.assert_ok();
    assert_eq!(
        bid(&a, "80").await.text(),
        "You already hold the highest bid"
    );
    assert_eq!(
        bid(&b, "54").await.text(),
        "The bid must be greater than the current bid"
    );
    let taken = bid(&b, "55").await;
    taken.assert_ok();
    assert_eq!(taken.message()["extended"], false);
    assert!(messages(&app, &a).await.contains(&"outbid".to_string()));
    // Two bids at the same moment at the same price: one is taken, the
    // other is told the bid must be higher.
    let (x, y) = tokio::join!(bid(&a, "60"), bid(&c, "60"));
    let oks = [&x, &y].iter().filter(|r| r.kind() == "ok").count();
    assert_eq!(oks, 1, "{} / {}", x.body, y.body);
    let refused = if x.kind() == "ok" { &y } else { &x };
    assert_eq!(
        refused.text(),
        "The bid must be greater than the current bid"
    );
    let leader = if x.kind() == "ok" {
        a.clone()
    } else {
        c.clone()
    };
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
    let _ = leader;
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
    let far = (bourse::db::now_ms() + 86_400_000).to_string();
    let card = listed(
        &app,
        &admin,
        &collection,
        &pic,
        &[("mode", "normal"), ("price", "10"), ("ends_at", &far)],
    )
    .await;
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

/// A series of three boxes: the seed hidden until it sold out, every box
/// holding the item the published rule gives its number.
async fn blind_boxes_follow_the_published_rule(app: TestApp) {
    let admin = app.admin().await;
    let (collection, pic) = studio(&app, &admin, "Di Roe").await;
    let gif = media(&app, &admin, "loop-1.gif").await;
    let mp3 = media(&app, &admin, "tone.mp3").await;
    let items = serde_json::json!([
        {"name": "One", "type": "image", "media": pic, "rarity": "common"},
        {"name": "Two", "type": "gif", "media": gif, "rarity": "rare"},
        {"name": "Three", "type": "audio", "media": mp3, "cover": pic, "rarity": "legendary"},
    ])
    .to_string();
    let ends = (bourse::db::now_ms() + 86_400_000).to_string();
    let s = app
        .admin_post(
            &admin,
            "/nft/series",
            &[
                ("collection_id", &collection),
                ("name", "Triad"),
                ("cover", &pic),
                ("currency", "USDT"),
                ("price", "15"),
                ("ends_at", &ends),
                ("items", &items),
            ],
        )
        .await;
    s.assert_ok();
    let series = id_of(s.message(), "id");
    let view = |token: Option<String>| {
        let (app, series) = (&app, series.clone());
        async move {
            let d = app
                .get(
                    &format!("/bind_box/getSeries?id={series}"),
                    token.as_deref(),
                )
                .await;
            d.assert_ok();
            d.message().clone()
        }
    };
    let before = view(None).await;
    assert_eq!(before["seed"], Value::Null);
    assert_eq!(before["series"]["total"], 3);
    assert_eq!(before["rarities"].as_array().map(Vec::len), Some(3));
    let listed = app.get("/bind_box/getBoxList?type=box", None).await;
    assert_eq!(listed.message()["data"][0]["type"], "box");
    // Unopened series items are not in the market.
    assert_eq!(
        app.get("/bind_box/getBoxList", None).await.message()["total"],
        0
    );
    let user = funded(&app, &admin, "100").await;
    let other = funded(&app, &admin, "100").await;
    let mut boxes = Vec::new();
    for n in 0..3 {
        let b = app
            .post("/bind_box/buyBox", Some(&user), &[("id", &series)])
            .await;
        b.assert_ok();
        assert_eq!(b.message()["number"], n);
        boxes.push(id_of(b.message(), "id"));
    }
    let sold_out = app
        .post("/bind_box/buyBox", Some(&other), &[("id", &series)])
        .await;
    assert_eq!(sold_out.text(), "The item is not on sale or has ended");
    assert_eq!(usdt(&app, &user).await, 55.0);
    app.post("/bind_box/openBlindBox", Some(&other), &[("id", &boxes[0])])
        .await
        .assert_error(404);
    for b in &boxes {
        app.post("/bind_box/openBlindBox", Some(&user), &[("id", b)])
            .await
            .assert_ok();
    }
    let twice = app
        .post("/bind_box/openBlindBox", Some(&user), &[("id", &boxes[0])])
        .await;
    assert_eq!(twice.text(), "The blind box is already open");
    let after = view(Some(user.clone())).await;
    let seed = after["seed"].as_str().unwrap_or_default().to_string();
    assert_eq!(
        engine::seed_hash(&seed),
        after["seed_hash"].as_str().unwrap_or_default()
    );
    let mine = after["my_boxes"].as_array().cloned().unwrap_or_default();
    assert_eq!(mine.len(), 3);
    for b in &mine {
        let number = b["number"].as_u64().unwrap_or(99) as usize;
        let slot = engine::slot_of(&seed, 3, number).map(|s| s as i64);
        assert_eq!(b["slot"].as_i64(), slot);
        assert_eq!(b["verified"], true);
    }
    assert_eq!(
        app.get("/bind_box/getMyNFTs", Some(&user)).await.message()["total"],
        3
    );
    app.assert_audit(&admin).await;
}

on_both!(
    blind_boxes_follow_the_published_rule,
    &[("BOURSE__CODES__RESEND_SECONDS", "0")]
);

/// The demo market from the first start: every media type on sale, a live
/// auction with its actor on the health screen, a blind-box series.
async fn the_demo_market(app: TestApp) {
    let admin = app.admin().await;
    let list = app.get("/bind_box/getBoxList?limit=50", None).await;
    let cards = list.message()["data"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    for kind in ["image", "gif", "audio", "video"] {
        assert!(
            cards
                .iter()
                .any(|c| c["type"] == kind && c["sale_status"] == 1),
            "{kind}"
        );
    }
    wait_for("the demo auction", async || {
        app.get("/bind_box/getBoxList?mode=auction", None)
            .await
            .message()["total"]
            == 1
    })
    .await;
    let series = app.get("/bind_box/getBoxList?type=box", None).await;
    assert_eq!(series.message()["data"][0]["total"], 8);
    let health = app.admin_get(&admin, "/health").await;
    let auction = health.message()["actors"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .into_iter()
        .find(|a| a["kind"] == "auction")
        .unwrap_or_else(|| panic!("no auction in {}", health.body));
    let checks: Vec<String> = auction["checks"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .map(|c| c["name"].as_str().unwrap_or_default().to_string())
        .collect();
    for c in ["bidders", "last_bid_age", "next_timer"] {
        assert!(checks.contains(&c.to_string()), "{checks:?}");
    }
    let menu = app.get("/menu", None).await;
    let nft = menu
        .message()
        .as_array()
        .cloned()
        .unwrap_or_default()
        .into_iter()
        .find(|m| m["key"] == "nft");
    assert_eq!(nft.map(|m| m["enabled"].clone()), Some(Value::Bool(true)));
    app.assert_audit(&admin).await;
}

on_both!(the_demo_market, &[("BOURSE__NFT__DEMO", "true")]);

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
