//! Content in the caller's language: lock-up product names, token-sale
//! intros, NFT artists', collections', items' and series' intros and lead
//! traders' intros come back in the language the request asks for, and in
//! English when the language has no text of its own; admins set the texts
//! per language (and a too-long one is refused naming its language,
//! changing nothing); the demo's products come in every language. The
//! audit after each.

use crate::funds::verified_user;
use crate::helpers::{Http, TestApp};
use crate::nft::{id_of, media};
use crate::on_both;
use serde_json::Value;

/// The demo's USDT 5-day product.
const USDT_LOCK: &str = "1";

async fn lock_name(app: &Http, id: &str, lang: &str) -> Value {
    let d = app
        .get(&format!("/lh/deposit/detail?id={id}&lang={lang}"), None)
        .await;
    d.assert_ok();
    d.message()["product"]["name"].clone()
}

/// The terms of a new USDT product, with extra fields.
fn terms<'a>(extra: &[(&'a str, &'a str)]) -> Vec<(&'a str, &'a str)> {
    let mut form = vec![
        ("category", "defi"),
        ("name", "Harbour pool"),
        ("currency", "USDT"),
        ("rate_min", "0.001"),
        ("rate_max", "0.002"),
        ("days", "3"),
        ("min_amount", "10"),
        ("user_cap", "100"),
        ("total_cap", "1000"),
        ("penalty", "0.01"),
    ];
    form.extend_from_slice(extra);
    form
}

async fn lock_products_speak_the_callers_language(app: TestApp) {
    let admin = app.admin().await;
    // The demo product, in every language the app speaks.
    for (lang, name) in [
        ("zh", "USDT 5天锁仓"),
        ("hk", "USDT 5天鎖倉"),
        ("fra", "Blocage USDT 5 jours"),
        ("kor", "USDT 5일 락업"),
        ("en", "USDT 5-day lock"),
        // An unknown language reads English.
        ("xx", "USDT 5-day lock"),
    ] {
        assert_eq!(lock_name(&app, USDT_LOCK, lang).await, name, "{lang}");
    }
    let list = app.get("/lh/deposit/config?lang=jp", None).await;
    assert_eq!(list.message()[0]["name"], "USDT 5日間ロック");

    // An admin's product with a Chinese name only: French falls back to English.
    let made = app
        .admin_post(
            &admin,
            "/earn/lock/product",
            &terms(&[("name_zh", "港湾矿池")]),
        )
        .await;
    made.assert_ok();
    assert_eq!(made.message()["name"], "Harbour pool");
    assert_eq!(made.message()["names"]["zh"], "港湾矿池");
    let id = id_of(made.message(), "id");
    assert_eq!(lock_name(&app, &id, "zh").await, "港湾矿池");
    assert_eq!(lock_name(&app, &id, "fra").await, "Harbour pool");

    // A French name too long is refused, naming French, and changes nothing.
    let long = "é".repeat(41);
    let refused = app
        .admin_post(
            &admin,
            "/earn/lock/product?lang=en",
            &terms(&[("id", &id), ("name_fra", &long), ("name_zh", "别的")]),
        )
        .await;
    refused.assert_error(422);
    assert!(refused.text().contains("Français"), "{}", refused.text());
    assert_eq!(lock_name(&app, &id, "zh").await, "港湾矿池");

    // A change replaces the set: French now, the Chinese name gone (English again).
    let changed = app
        .admin_post(
            &admin,
            "/earn/lock/product",
            &terms(&[("id", &id), ("name_fra", "Bassin du port")]),
        )
        .await;
    changed.assert_ok();
    assert_eq!(lock_name(&app, &id, "fra").await, "Bassin du port");
    assert_eq!(lock_name(&app, &id, "zh").await, "Harbour pool");
    let all = app.admin_get(&admin, "/earn/lock/products").await;
    let mine = all
        .message()
        .as_array()
        .and_then(|l| l.iter().find(|p| id_of(p, "id") == id).cloned())
        .unwrap_or_default();
    assert_eq!(
        mine["names"],
        serde_json::json!({"fra": "Bassin du port"}),
        "{mine}"
    );

    // An order names its product in its holder's language.
    let (_, token) = app.user().await;
    app.fund(&token, &admin, "3", "500").await;
    app.post(
        "/lh/deposit?lang=spa",
        Some(&token),
        &[("config_id", USDT_LOCK), ("amount", "100")],
    )
    .await
    .assert_ok();
    let orders = app.get("/lh/deposit/order?lang=spa", Some(&token)).await;
    assert_eq!(orders.message()["data"][0]["name"], "Bloqueo USDT 5 días");
    app.assert_audit(&admin).await;
}

on_both!(lock_products_speak_the_callers_language);

async fn sale_intros_speak_the_callers_language(app: TestApp) {
    let admin = app.admin().await;
    let intro_of = |list: &Value, token: &str| {
        list["data"]
            .as_array()
            .and_then(|l| l.iter().find(|p| p["token"] == token))
            .map(|p| p["intro"].clone())
            .unwrap_or_default()
    };
    let zh = app.get("/project?lang=zh", None).await;
    assert_eq!(
        intro_of(zh.message(), "BRS"),
        "Bourse 平台币：手续费折扣与治理投票。总量的 40% 在此发售。"
    );
    let en = app.get("/project?lang=en", None).await;
    assert!(intro_of(en.message(), "BRS")
        .as_str()
        .is_some_and(|t| t.starts_with("The Bourse platform token")));

    let now = bourse::db::now_ms();
    let (starts, ends) = ((now + 3_600_000).to_string(), (now + 7_200_000).to_string());
    let form = [
        ("name", "TRX sale"),
        ("intro", "Energy for the TRON network."),
        ("intro_kor", "트론 네트워크를 위한 에너지."),
        ("token", "TRX"),
        ("pay_currency", "USDT"),
        ("price", "1"),
        ("supply", "100"),
        ("user_cap", "80"),
        ("min_amount", "1"),
        ("starts_at", starts.as_str()),
        ("ends_at", ends.as_str()),
        ("cycles", "1"),
    ];
    let made = app.admin_post(&admin, "/ieo/project", &form).await;
    made.assert_ok();
    assert_eq!(
        made.message()["intros"]["kor"],
        "트론 네트워크를 위한 에너지."
    );
    let id = id_of(made.message(), "id");
    let detail = |lang: &'static str| {
        let (app, id) = (&app, id.clone());
        async move {
            let d = app
                .get(&format!("/project/detail?id={id}&lang={lang}"), None)
                .await;
            d.assert_ok();
            d.message()["project"]["intro"].clone()
        }
    };
    assert_eq!(detail("kor").await, "트론 네트워크를 위한 에너지.");
    assert_eq!(detail("spa").await, "Energy for the TRON network.");
    app.assert_audit(&admin).await;
}

on_both!(sale_intros_speak_the_callers_language);

async fn nft_intros_speak_the_callers_language(app: TestApp) {
    let admin = app.admin().await;
    let pic = media(&app, &admin, "art-1.webp").await;
    let a = app
        .admin_post(
            &admin,
            "/nft/artist",
            &[
                ("name", "Lin Qiu"),
                ("avatar", &pic),
                ("intro", "Ink and light."),
                ("intro_zh", "水墨与光。"),
            ],
        )
        .await;
    a.assert_ok();
    let artist = id_of(a.message(), "id");
    let c = app
        .admin_post(
            &admin,
            "/nft/collection",
            &[
                ("artist_id", &artist),
                ("name", "River"),
                ("intro", "A river in twelve views."),
                ("intro_fra", "Une rivière en douze vues."),
                ("cover", &pic),
            ],
        )
        .await;
    c.assert_ok();
    let collection = id_of(c.message(), "id");
    let item = app
        .admin_post(
            &admin,
            "/nft/item",
            &[
                ("collection_id", &collection),
                ("name", "Morning"),
                ("intro", "The river at dawn."),
                ("intro_jp", "夜明けの川。"),
                ("type", "image"),
                ("media", &pic),
                ("rarity", "rare"),
                ("currency", "USDT"),
            ],
        )
        .await;
    item.assert_ok();
    let item = id_of(item.message(), "id");
    let items =
        serde_json::json!([{"name": "Mist", "type": "image", "media": pic, "rarity": "common"}])
            .to_string();
    let ends = (bourse::db::now_ms() + 86_400_000).to_string();
    let s = app
        .admin_post(
            &admin,
            "/nft/series",
            &[
                ("collection_id", &collection),
                ("name", "River box"),
                ("intro", "One view per box."),
                ("intro_bx", "Uma vista por caixa."),
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

    let get = |path: String| {
        let app = &app;
        async move {
            let a = app.get(&path, None).await;
            a.assert_ok();
            a.message().clone()
        }
    };
    let d = get(format!("/bind_box/getArtistDetail?id={artist}&lang=zh")).await;
    assert_eq!(d["artist"]["intro"], "水墨与光。");
    // The collection has no Chinese text: English.
    assert_eq!(d["collections"][0]["intro"], "A river in twelve views.");
    let l = get("/bind_box/getArtist?lang=zh".into()).await;
    assert_eq!(l["data"][0]["intro"], "水墨与光。");
    let l = get(format!(
        "/bind_box/getCollection?artist_id={artist}&lang=fra"
    ))
    .await;
    assert_eq!(l["data"][0]["intro"], "Une rivière en douze vues.");
    let l = get(format!("/bind_box/getArtistDetail?id={artist}&lang=fra")).await;
    assert_eq!(l["artist"]["intro"], "Ink and light.");
    let i = get(format!("/bind_box/getBoxDetail?id={item}&lang=jp")).await;
    assert_eq!(i["intro"], "夜明けの川。");
    let i = get(format!("/bind_box/getBoxDetail?id={item}&lang=th")).await;
    assert_eq!(i["intro"], "The river at dawn.");
    let b = get(format!("/bind_box/getSeries?id={series}&lang=bx")).await;
    assert_eq!(b["series"]["intro"], "Uma vista por caixa.");
    let b = get("/bind_box/getBoxList?type=box&lang=bx".into()).await;
    assert_eq!(b["data"][0]["intro"], "Uma vista por caixa.");
    let b = get(format!("/bind_box/getSeries?id={series}&lang=zh")).await;
    assert_eq!(b["series"]["intro"], "One view per box.");
    app.assert_audit(&admin).await;
}

on_both!(nft_intros_speak_the_callers_language);

async fn trader_intros_speak_the_callers_language(app: TestApp) {
    let admin = app.admin().await;
    let (token, _) = verified_user(&app, &admin).await;
    app.fund(&token, &admin, "3", "3000").await;
    app.post(
        "/wallet/change",
        Some(&token),
        &[
            ("currency_id", "3"),
            ("number", "2500"),
            ("from_field", "2"),
            ("to_field", "3"),
        ],
    )
    .await
    .assert_ok();
    let apply = [
        ("name", "Tess Trend"),
        ("intro", "Trend following on BTC, small size."),
        ("share_rate", "0.1"),
        ("max_followers", "10"),
    ];
    app.post("/follow/apply", Some(&token), &apply)
        .await
        .assert_ok();
    let id = app.user_id(&token).await.to_string();
    app.admin_post(&admin, "/copy/approve", &[("trader_id", &id)])
        .await
        .assert_ok();
    let set = app
        .admin_post(
            &admin,
            "/copy/intro",
            &[
                ("trader_id", &id),
                ("intro_zh", "跟随 BTC 趋势，小仓位。"),
                ("intro_fra", "Suit la tendance du BTC, petites positions."),
            ],
        )
        .await;
    set.assert_ok();
    assert_eq!(
        set.message()["intro"],
        "Trend following on BTC, small size."
    );
    assert_eq!(set.message()["intros"]["zh"], "跟随 BTC 趋势，小仓位。");
    let intro = |lang: &'static str| {
        let (app, id) = (&app, id.clone());
        async move {
            let d = app
                .get(
                    &format!("/follow/traderDetail?trader_id={id}&lang={lang}"),
                    None,
                )
                .await;
            d.assert_ok();
            d.message()["trader"]["intro"].clone()
        }
    };
    assert_eq!(intro("zh").await, "跟随 BTC 趋势，小仓位。");
    assert_eq!(
        intro("fra").await,
        "Suit la tendance du BTC, petites positions."
    );
    assert_eq!(intro("kor").await, "Trend following on BTC, small size.");
    let list = app.get("/follow/index?lang=zh", None).await;
    let card = list.message()["data"]
        .as_array()
        .and_then(|l| {
            l.iter()
                .find(|t| t["trader_id"].as_i64() == id.parse::<i64>().ok())
                .cloned()
        })
        .unwrap_or_default();
    assert_eq!(card["intro"], "跟随 BTC 趋势，小仓位。");
    let queue = app.admin_get(&admin, "/copy/traders").await;
    assert!(queue.message()["data"].as_array().is_some_and(|l| l
        .iter()
        .any(|a| a["intros"]["fra"] == "Suit la tendance du BTC, petites positions.")));
    // An unknown trader is refused.
    app.admin_post(
        &admin,
        "/copy/intro",
        &[("trader_id", "999999"), ("intro_zh", "x")],
    )
    .await
    .assert_error(404);
    app.assert_audit(&admin).await;
}

on_both!(
    trader_intros_speak_the_callers_language,
    &[("BOURSE__CODES__RESEND_SECONDS", "0")]
);

/// The demo's own content (lead traders, the NFT market) read in every
/// language: each text the demo writes in English comes back translated.
async fn the_demo_content_comes_in_every_language(app: TestApp) {
    let admin = app.admin().await;
    let get = |path: String| {
        let app = &app;
        async move {
            let a = app.get(&path, None).await;
            a.assert_ok();
            a.message().clone()
        }
    };
    let langs = ["zh", "hk", "th", "jp", "kor", "fra", "spa", "bx"];
    // Lead traders: the English intro of each, then each language's.
    let en = get("/follow/index?lang=en".into()).await;
    let leads = en["data"].as_array().cloned().unwrap_or_default();
    assert!(!leads.is_empty(), "{en}");
    for lang in langs {
        let list = get(format!("/follow/index?lang={lang}")).await;
        for lead in &leads {
            let english = lead["intro"].as_str().unwrap_or_default();
            let want = bourse::texts::demo(english);
            let got = list["data"]
                .as_array()
                .and_then(|l| l.iter().find(|t| t["trader_id"] == lead["trader_id"]))
                .map(|t| t["intro"].clone())
                .unwrap_or_default();
            assert_eq!(
                got,
                want.get(lang).unwrap_or("(missing)"),
                "{lang}: {english}"
            );
        }
    }
    // The NFT market: artists and the blind-box series.
    let artists = get("/bind_box/getArtist?lang=en".into()).await;
    let series = get("/bind_box/getBoxList?type=box&lang=en".into()).await;
    assert!(
        artists["total"].as_i64().unwrap_or_default() >= 3,
        "{artists}"
    );
    for lang in langs {
        for (en, path) in [
            (&artists, format!("/bind_box/getArtist?lang={lang}")),
            (
                &series,
                format!("/bind_box/getBoxList?type=box&lang={lang}"),
            ),
        ] {
            let got = get(path).await;
            for (a, b) in en["data"]
                .as_array()
                .into_iter()
                .flatten()
                .zip(got["data"].as_array().into_iter().flatten())
            {
                let english = a["intro"].as_str().unwrap_or_default();
                let want = bourse::texts::demo(english);
                assert_eq!(
                    b["intro"],
                    want.get(lang).unwrap_or("(missing)"),
                    "{lang}: {english}"
                );
            }
        }
    }
    app.assert_audit(&admin).await;
}

on_both!(
    the_demo_content_comes_in_every_language,
    &[
        ("BOURSE__DEMO__LEAD_TRADERS", "2"),
        ("BOURSE__DEMO__TRADER_EVERY_MS", "100"),
        ("BOURSE__NFT__DEMO", "true")
    ]
);
