//! The NFT marketplace over HTTP: media checked by content, artists,
//! collections and items made by an admin; a fixed-price sale and a resale
//! that waits for review and pays the artist's royalty and the platform's
//! fee; blind boxes checked against the revealed seed; the demo market. The
//! auctions are in `auctions.rs`, with the helpers here. The audit after
//! each.

use crate::helpers::{exec, wait_for, Answer, Http, TestApp};
use crate::on_both;
use ::actors::nft::ReloadAuction;
use bourse::nft::demo::MEDIA;
use serde_json::Value;
use sha2::{Digest, Sha256};

pub(crate) fn media_bytes(name: &str) -> Vec<u8> {
    MEDIA
        .iter()
        .find(|m| m.name == name)
        .map(|m| m.bytes.to_vec())
        .unwrap_or_else(|| panic!("no shipped {name}"))
}

pub(crate) async fn upload_media(app: &Http, admin: &str, name: &str, bytes: Vec<u8>) -> Answer {
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

pub(crate) async fn media(app: &Http, admin: &str, name: &str) -> String {
    let a = upload_media(app, admin, name, media_bytes(name)).await;
    a.assert_ok();
    a.text()
}

/// An artist with a collection; answers the collection's id and a picture.
pub(crate) async fn studio(app: &Http, admin: &str, name: &str) -> (String, String) {
    let pic = media(app, admin, "art-1.webp").await;
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

/// An item the platform sells at a fixed `price` for a day; answers its card.
pub(crate) async fn on_sale(
    app: &Http,
    admin: &str,
    collection: &str,
    pic: &str,
    price: &str,
) -> Value {
    let far = (bourse::db::now_ms() + 86_400_000).to_string();
    let form = [
        ("mode", "normal"),
        ("price", price),
        ("ends_at", far.as_str()),
    ];
    listed(app, admin, collection, pic, &form).await
}

/// An item listed by the platform; answers its card.
pub(crate) async fn listed(
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
pub(crate) async fn an_auction(app: &Http, admin: &str, artist: &str) -> (String, String) {
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

pub(crate) async fn funded(app: &Http, admin: &str, amount: &str) -> String {
    let (_, token) = app.user().await;
    app.fund(&token, admin, "3", amount).await;
    token
}

pub(crate) fn spot(b: (String, String)) -> f64 {
    b.0.parse().unwrap_or(f64::NAN)
}

pub(crate) async fn usdt(app: &Http, token: &str) -> f64 {
    spot(app.balance(token, "3", "2").await)
}

pub(crate) async fn escrow(app: &Http, token: &str) -> f64 {
    spot(app.balance(token, "3", "8").await)
}

pub(crate) fn id_of(v: &Value, key: &str) -> String {
    v[key].as_i64().unwrap_or_default().to_string()
}

pub(crate) async fn detail(app: &Http, item: &str, token: Option<&str>) -> Value {
    let d = app
        .get(&format!("/bind_box/getBoxDetail?id={item}"), token)
        .await;
    d.assert_ok();
    d.message().clone()
}

pub(crate) async fn messages(app: &Http, token: &str) -> Vec<String> {
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
pub(crate) async fn end_now(app: &TestApp, listing: &str) {
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
pub(crate) async fn reload(app: &TestApp, listing: &str) {
    let id: i64 = listing
        .parse()
        .unwrap_or_else(|e| panic!("listing {listing}: {e}"));
    app.state
        .nft
        .auction(id)
        .unwrap_or_else(|e| panic!("no actor for auction {id}: {e:?}"))
        .send(ReloadAuction)
        .await
        .unwrap_or_else(|e| panic!("{e}"));
}

/// Media by content, a fixed-price sale, a resale in review then sold with
/// the royalty and the fee, and every refusal on the way.
async fn fixed_price_and_resale(app: TestApp) {
    let admin = app.admin().await;
    // Media are what their bytes are: text is refused, an mp4 is not audio.
    let text = upload_media(&app, &admin, "a.mp3", b"<html><script>".to_vec()).await;
    text.assert_error(422);
    // The right first bytes on something else: the whole container is read.
    let page = b"<html><script>alert(1)</script></html>";
    for (name, head) in [
        ("b.mp3", b"ID3\x04\0\0\0\0\0\0".to_vec()),
        ("c.mp4", media_bytes("clip.mp4")[..32].to_vec()),
        ("d.webm", media_bytes("clip.webm")[..40].to_vec()),
    ] {
        let a = upload_media(&app, &admin, name, [head, page.to_vec()].concat()).await;
        a.assert_error(422);
    }
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

    let card = on_sale(&app, &admin, &collection, &pic, "100").await;
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
            ("price", "123.456789".into()),
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
    // 123.456789: the artist 5 % (6.17283945, rounded down to USDT's 6
    // decimals), the seller what is left after the platform's 2.5 %
    // (114.19752983, rounded down), the platform the rest (3.086421).
    assert_eq!(app.balance(&b, "3", "2").await.0, "876.543211");
    assert_eq!(app.balance(&a, "3", "2").await.0, "1014.197529");
    let d = detail(&app, &item, Some(&b)).await;
    assert_eq!(d["item"]["owner"], "me");
    assert_eq!(d["item"]["last_price"], "123.456789");
    assert_eq!(d["history"][0]["kind"], "resale");
    let artist = app
        .get(
            &format!("/bind_box/getArtistDetail?id={}", d["artist"]["id"]),
            None,
        )
        .await;
    assert_eq!(artist.message()["royalties"][0]["amount"], "6.172839");
    crate::dust::assert_no_dust(&app.state, &["nft_sale"]).await;
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

/// A series of three boxes: the seed hidden until it sold out, every box
/// holding the item the published rule gives its number.
async fn blind_boxes_follow_the_published_rule(app: TestApp) {
    let admin = app.admin().await;
    let (collection, pic) = studio(&app, &admin, "Di Roe").await;
    let gif = media(&app, &admin, "loop-1.webp").await;
    let mp3 = media(&app, &admin, "tone.mp3").await;
    let items = serde_json::json!([
        {"name": "One", "type": "image", "media": pic, "rarity": "common"},
        {"name": "Two", "type": "gif", "media": gif, "rarity": "rare"},
        {"name": "Three", "type": "audio", "media": mp3, "cover": pic, "rarity": "legendary"},
    ])
    .to_string();
    let ends = (bourse::db::now_ms() + 86_400_000).to_string();
    // A refused series names what is wrong, and nothing is created.
    let count = async || -> i64 {
        let (n,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM nft_series")
            .fetch_one(&app.state.db)
            .await
            .unwrap_or_else(|e| panic!("{e}"));
        n
    };
    let series_before = count().await;
    let series_with = |items: String| {
        let (app, admin, collection, pic, ends) = (&app, &admin, &collection, &pic, &ends);
        async move {
            app.admin_post(
                admin,
                "/nft/series?lang=en",
                &[
                    ("collection_id", collection.as_str()),
                    ("name", "Triad"),
                    ("cover", pic.as_str()),
                    ("currency", "USDT"),
                    ("price", "15"),
                    ("ends_at", ends.as_str()),
                    ("items", &items),
                ],
            )
            .await
        }
    };
    for (items, said) in [
        (
            serde_json::json!([
                {"name": "One", "type": "image", "media": pic, "rarity": "common"},
                {"name": "Two", "type": "gif", "media": gif, "rarity": 2},
            ])
            .to_string(),
            "Item 2 of the series: rarity is missing or not valid (expected common, rare, epic or legendary)",
        ),
        (
            serde_json::json!([{"name": "One", "type": "box", "media": pic, "rarity": "rare"}])
                .to_string(),
            "Item 1 of the series: type is missing or not valid (expected image, gif, audio or video)",
        ),
        (
            "not json".to_string(),
            "A series' items must be a JSON list of {name, type, media, cover, rarity}",
        ),
        (
            "[]".to_string(),
            "A series needs 1-1000 items of its collection and coin",
        ),
    ] {
        let r = series_with(items).await;
        r.assert_error(422);
        assert_eq!(r.text(), said);
    }
    assert_eq!(count().await, series_before);
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
    sold_out.assert_error(409);
    assert_eq!(sold_out.text(), "This series is sold out");
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
    assert!(!seed.is_empty(), "the seed is revealed once sold out");
    // The published rule, computed here rather than with the server's code:
    // the hash is SHA-256 of the seed, and box n holds the n-th slot when the
    // slots are ordered by SHA-256 of "seed:slot" (hex, ascending).
    let sha = |text: &str| hex::encode(Sha256::digest(text.as_bytes()));
    assert_eq!(sha(&seed), after["seed_hash"].as_str().unwrap_or_default());
    let mut order: Vec<(String, i64)> = (0..3).map(|s| (sha(&format!("{seed}:{s}")), s)).collect();
    order.sort();
    let names: std::collections::HashMap<i64, String> = after["items"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .map(|i| {
            (
                i["slot"].as_i64().unwrap_or(-1),
                i["item"]["name"].as_str().unwrap_or_default().to_string(),
            )
        })
        .collect();
    let mine = after["my_boxes"].as_array().cloned().unwrap_or_default();
    assert_eq!(mine.len(), 3);
    let mut got = Vec::new();
    for b in &mine {
        let number = b["number"].as_u64().unwrap_or(99) as usize;
        let slot = order[number].1;
        assert_eq!(b["slot"].as_i64(), Some(slot), "{b}");
        assert_eq!(
            b["item_name"].as_str(),
            names.get(&slot).map(String::as_str),
            "{b}"
        );
        assert_eq!(b["verified"], true);
        got.push(b["item_name"].as_str().unwrap_or_default().to_string());
    }
    got.sort();
    assert_eq!(
        got,
        ["One", "Three", "Two"],
        "each box gave a different item"
    );
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
