//! Artists' royalties over HTTP: a resale of an unlinked artist's work holds
//! the royalty for the artist (the admin sees it accrued); linking the
//! artist to a user pays it once (a repeat pays nothing more, and of fifty
//! links at once one pays); a resale after the link pays the user in the
//! sale; unlinking holds royalties again until the next link. Every refusal
//! of a link says why and changes nothing. The royalties account always
//! holds exactly what the artists accrued; the audit after.

use crate::helpers::{Answer, TestApp};
use crate::nft::{detail, funded, id_of, listed, studio, usdt};
use crate::on_both;
use futures_util::future::join_all;
use serde_json::Value;

/// The royalties account's code (system account 112).
const ROYALTIES: i64 = 112;

/// `seller` resells `item` at `price`, an admin approves it, `buyer` buys it.
async fn resold(app: &TestApp, admin: &str, item: &str, seller: &str, buyer: &str, price: &str) {
    let l = app
        .post(
            "/bind_box/resellNFT",
            Some(seller),
            &[("id", item), ("mode", "normal"), ("price", price)],
        )
        .await;
    l.assert_ok();
    let listing = id_of(l.message(), "id");
    app.admin_post(admin, "/nft/review", &[("id", &listing), ("approve", "1")])
        .await
        .assert_ok();
    app.post("/bind_box/buyNFT", Some(buyer), &[("id", item)])
        .await
        .assert_ok();
}

/// The admin's row of artist `id` on the royalties screen.
async fn artist_row(app: &TestApp, admin: &str, id: &str) -> Value {
    let a = app.admin_get(admin, "/nft/royalties?limit=100").await;
    a.assert_ok();
    a.message()["data"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .into_iter()
        .find(|r| r["id"].as_i64().is_some_and(|v| v.to_string() == id))
        .unwrap_or_else(|| panic!("artist {id} not in {}", a.body))
}

/// What the artist has accrued in USDT, as the admin sees it ("0" for none).
async fn unpaid(app: &TestApp, admin: &str, id: &str) -> String {
    let row = artist_row(app, admin, id).await;
    let list = row["unpaid"].as_array().cloned().unwrap_or_default();
    assert!(list.len() <= 1, "{row}");
    list.first().map_or("0".into(), |u| {
        assert_eq!(u["currency_name"], "USDT", "{row}");
        u["amount"].as_str().unwrap_or_default().to_string()
    })
}

/// The royalties account holds, per coin, exactly what the artists accrued.
async fn held_is_accrued(app: &TestApp) {
    let held: Vec<(i64, i64)> = sqlx::query_as(
        "SELECT currency, available FROM balances WHERE holder = 0 AND account = $1 AND available <> 0 ORDER BY currency",
    )
    .bind(ROYALTIES)
    .fetch_all(&app.state.db)
    .await
    .unwrap_or_else(|e| panic!("{e}"));
    let accrued: Vec<(i64, i64)> = sqlx::query_as(
        "SELECT currency, CAST(SUM(unpaid) AS BIGINT) FROM nft_artist_royalties GROUP BY currency HAVING SUM(unpaid) <> 0 ORDER BY currency",
    )
    .fetch_all(&app.state.db)
    .await
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(held, accrued, "the royalties account against the accruals");
}

async fn link(app: &TestApp, admin: &str, form: &[(&str, &str)]) -> Answer {
    app.admin_post(admin, "/nft/artist/link?lang=en", form)
        .await
}

/// The reasons of a user's records, newest first.
async fn reasons(app: &TestApp, token: &str) -> Vec<String> {
    let r = app
        .post("/wallet/legal_log", Some(token), &[("limit", "50")])
        .await;
    r.assert_ok();
    r.message()["data"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .map(|l| l["reason"].as_str().unwrap_or_default().to_string())
        .collect()
}

async fn royalties_reach_the_artists_user(app: TestApp) {
    let admin = app.admin().await;
    let (collection, pic) = studio(&app, &admin, "Mo Rayne").await;
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
    let artist = detail(&app, &item, None).await["artist"]["id"].to_string();
    let a = funded(&app, &admin, "1000").await;
    let b = funded(&app, &admin, "1000").await;
    app.post("/bind_box/buyNFT", Some(&a), &[("id", &item)])
        .await
        .assert_ok();
    // The platform's first sale pays no royalty.
    assert_eq!(unpaid(&app, &admin, &artist).await, "0");

    // A resale of the unlinked artist's work: 5 % of 123.456789, rounded
    // down to USDT's 6 decimals, held for the artist.
    resold(&app, &admin, &item, &a, &b, "123.456789").await;
    let row = artist_row(&app, &admin, &artist).await;
    assert_eq!(row["user_id"], Value::Null);
    assert_eq!(row["name"], "Mo Rayne");
    assert_eq!(unpaid(&app, &admin, &artist).await, "6.172839");
    held_is_accrued(&app).await;

    // Refusals say why and change nothing.
    let (artist_email, artist_user) = app.user().await;
    let artist_id = app.user_id(&artist_user).await.to_string();
    for (form, status, said) in [
        (
            vec![("artist_id", artist.as_str())],
            422,
            "Name the account by its user id, or by its e-mail or mobile number (one of the two)",
        ),
        (
            vec![
                ("artist_id", artist.as_str()),
                ("user_id", artist_id.as_str()),
                ("account", artist_email.as_str()),
            ],
            422,
            "Name the account by its user id, or by its e-mail or mobile number (one of the two)",
        ),
        (
            vec![("artist_id", artist.as_str()), ("user_id", "987654321")],
            404,
            "No user has this id, e-mail or mobile number",
        ),
        (
            vec![
                ("artist_id", artist.as_str()),
                ("account", "nobody@example.com"),
            ],
            404,
            "No user has this id, e-mail or mobile number",
        ),
        (
            vec![("artist_id", artist.as_str()), ("account", "13800000000")],
            404,
            "No user has this id, e-mail or mobile number",
        ),
        (
            vec![
                ("artist_id", artist.as_str()),
                ("account", "not an account"),
            ],
            422,
            "Please enter your e-mail or mobile number",
        ),
        (
            vec![("artist_id", "987654321"), ("user_id", artist_id.as_str())],
            404,
            "The artist does not exist",
        ),
        (
            vec![("artist_id", "x"), ("user_id", artist_id.as_str())],
            422,
            "",
        ),
        (
            vec![("artist_id", artist.as_str()), ("user_id", "-3")],
            422,
            "",
        ),
    ] {
        let r = link(&app, &admin, &form).await;
        r.assert_error(status);
        if !said.is_empty() {
            assert_eq!(r.text(), said, "{form:?}");
        }
    }
    // In the caller's language.
    let zh = app
        .admin_post(
            &admin,
            "/nft/artist/link?lang=zh",
            &[("artist_id", &artist), ("user_id", "987654321")],
        )
        .await;
    zh.assert_error(404);
    assert_eq!(zh.text(), "没有使用该 ID、邮箱或手机号码的用户");
    let unlink_missing = app
        .admin_post(
            &admin,
            "/nft/artist/unlink?lang=en",
            &[("artist_id", "987654321")],
        )
        .await;
    unlink_missing.assert_error(404);
    assert_eq!(
        artist_row(&app, &admin, &artist).await["user_id"],
        Value::Null
    );
    assert_eq!(unpaid(&app, &admin, &artist).await, "6.172839");
    assert_eq!(usdt(&app, &artist_user).await, 0.0);

    // Linked by e-mail: what the artist accrued is paid to the user, once.
    let linked = link(
        &app,
        &admin,
        &[
            ("artist_id", &artist),
            ("account", &artist_email.to_uppercase()),
        ],
    )
    .await;
    linked.assert_ok();
    assert_eq!(linked.message()["paid"][0]["amount"], "6.172839");
    assert_eq!(linked.message()["paid"][0]["currency_name"], "USDT");
    assert_eq!(linked.message()["artist"]["user_id"].to_string(), artist_id);
    assert_eq!(linked.message()["artist"]["user_account"], artist_email);
    assert_eq!(app.balance(&artist_user, "3", "2").await.0, "6.172839");
    assert_eq!(unpaid(&app, &admin, &artist).await, "0");
    held_is_accrued(&app).await;
    assert_eq!(reasons(&app, &artist_user).await, ["nft_royalty_payout"]);
    // Again, by id, once and then fifty times at once: nothing more is paid.
    let again = link(
        &app,
        &admin,
        &[("artist_id", &artist), ("user_id", &artist_id)],
    )
    .await;
    again.assert_ok();
    assert_eq!(again.message()["paid"], serde_json::json!([]));
    let form = [
        ("artist_id", artist.as_str()),
        ("user_id", artist_id.as_str()),
    ];
    for a in join_all((0..50).map(|_| link(&app, &admin, &form))).await {
        a.assert_ok();
        assert_eq!(a.message()["paid"], serde_json::json!([]), "{}", a.body);
    }
    assert_eq!(app.balance(&artist_user, "3", "2").await.0, "6.172839");
    // Another user is refused while the link stands.
    let (_, other) = app.user().await;
    let other_id = app.user_id(&other).await.to_string();
    let taken = link(
        &app,
        &admin,
        &[("artist_id", &artist), ("user_id", &other_id)],
    )
    .await;
    taken.assert_error(409);
    assert_eq!(
        taken.text(),
        format!("This artist is already linked to user #{artist_id}; unlink it first")
    );

    // A resale after the link pays the user in the sale: 5 % of 200.
    resold(&app, &admin, &item, &b, &a, "200").await;
    assert_eq!(app.balance(&artist_user, "3", "2").await.0, "16.172839");
    assert_eq!(unpaid(&app, &admin, &artist).await, "0");
    assert_eq!(
        reasons(&app, &artist_user).await,
        ["nft_royalty", "nft_royalty_payout"]
    );
    held_is_accrued(&app).await;

    // Unlinked, a resale holds the royalty for the artist again, until the
    // next link pays it (to another user this time).
    let un = app
        .admin_post(&admin, "/nft/artist/unlink", &[("artist_id", &artist)])
        .await;
    un.assert_ok();
    assert_eq!(un.message()["user_id"], Value::Null);
    let twice = app
        .admin_post(&admin, "/nft/artist/unlink", &[("artist_id", &artist)])
        .await;
    twice.assert_ok();
    resold(&app, &admin, &item, &a, &b, "100").await;
    assert_eq!(unpaid(&app, &admin, &artist).await, "5");
    assert_eq!(app.balance(&artist_user, "3", "2").await.0, "16.172839");
    held_is_accrued(&app).await;
    // Fifty links at once: each answers the link, one of them pays.
    let form = [
        ("artist_id", artist.as_str()),
        ("user_id", other_id.as_str()),
    ];
    let answers = join_all((0..50).map(|_| link(&app, &admin, &form))).await;
    let mut paid = Vec::new();
    for a in &answers {
        a.assert_ok();
        if let Some(p) = a.message()["paid"].as_array().filter(|p| !p.is_empty()) {
            paid.push(p.clone());
        }
    }
    assert_eq!(paid.len(), 1, "{paid:?}");
    assert_eq!(paid[0][0]["amount"], "5");
    assert_eq!(usdt(&app, &other).await, 5.0);
    assert_eq!(unpaid(&app, &admin, &artist).await, "0");
    held_is_accrued(&app).await;

    crate::dust::assert_no_dust(
        &app.state,
        &["nft_sale", "nft_royalty", "nft_royalty_payout"],
    )
    .await;
    app.assert_audit(&admin).await;
}

on_both!(
    royalties_reach_the_artists_user,
    &[("BOURSE__CODES__RESEND_SECONDS", "0")]
);
