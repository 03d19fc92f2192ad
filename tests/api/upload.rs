//! Uploads: a real PNG is accepted, re-encoded and served to its owner through a
//! signed link, a renamed text file and an oversize file are refused, a polyglot
//! loses what follows the picture, private pictures are refused to visitors and
//! other users, and only one's own upload can become one's (public) avatar.

use crate::helpers::TestApp;
use crate::on_both;

use crate::helpers::PNG;

async fn images_are_sniffed_stored_and_served(app: TestApp) {
    let (_, token) = app.user().await;
    let ok = app.upload(Some(&token), "avatar.bin", PNG.to_vec()).await;
    ok.assert_ok();
    let path = ok.text();
    assert!(
        path.starts_with("/uploads/") && path.contains(".png?expires="),
        "{path}"
    );
    assert!(!path.contains("avatar"), "stored under a random name");
    let bare = path.split('?').next().unwrap_or_default().to_string();
    let served = fetch(&app, &path).await;
    assert_eq!(served.0, 200);
    assert_eq!(served.1, "image/png");
    assert!(served.2.starts_with("default-src 'none'"), "{}", served.2);
    let pixels = |b: &[u8]| image::load_from_memory(b).map(|i| i.to_rgba8()).ok();
    assert_eq!(
        pixels(&served.3),
        pixels(PNG),
        "the same picture, re-encoded"
    );
    // Private until it becomes an avatar: no link, a forged or an expired one is refused.
    assert_eq!(fetch(&app, &bare).await.0, 403);
    let forged = path.replace("sig=", "sig=0");
    assert_eq!(fetch(&app, &forged).await.0, 403);
    let expires: i64 = path
        .split("expires=")
        .nth(1)
        .and_then(|r| r.split('&').next())
        .and_then(|e| e.parse().ok())
        .unwrap_or_default();
    let late = path.replace(
        &format!("expires={expires}"),
        &format!("expires={}", expires + 1),
    );
    assert_eq!(fetch(&app, &late).await.0, 403);
    let refused = app
        .send(app.client.get(format!("{}{bare}?lang=en", app.address)))
        .await;
    refused.assert_error(403);
    assert_eq!(refused.text(), "This link has expired or is not valid");

    let mut polyglot = PNG.to_vec();
    polyglot.extend_from_slice(b"<html><script>alert(document.cookie)</script></html>");
    let poly = app.upload(Some(&token), "x.png", polyglot).await;
    poly.assert_ok();
    let stored = fetch(&app, &poly.text()).await;
    assert_eq!(stored.0, 200);
    assert!(!String::from_utf8_lossy(&stored.3).contains("script"));
    assert_eq!(pixels(&stored.3), pixels(PNG));
    let mut gif = b"GIF89a".to_vec();
    gif.extend_from_slice(b"<script>alert(1)</script>");
    app.upload(Some(&token), "g.gif", gif)
        .await
        .assert_error(422);

    let text = app
        .upload(
            Some(&token),
            "photo.png",
            b"just some text, not an image".to_vec(),
        )
        .await;
    text.assert_error(422);
    assert_eq!(
        text.text(),
        "Only PNG, JPEG, WebP or GIF images are accepted"
    );
    let mut big = PNG.to_vec();
    big.resize(3000, 0);
    let oversize = app.upload(Some(&token), "big.png", big).await;
    oversize.assert_error(422);
    assert!(oversize.text().contains("too large"));
    app.upload(None, "a.png", PNG.to_vec())
        .await
        .assert_error(401);

    let set = app
        .post(
            "/user/uploadHeadPortrait",
            Some(&token),
            &[("head_portrait", &path)],
        )
        .await;
    set.assert_ok();
    assert_eq!(set.message()["head_portrait"], bare.as_str());
    // An avatar is meant to be seen: public, to anyone.
    assert_eq!(fetch(&app, &bare).await.0, 200);
    let (_, other) = app.user().await;
    app.post(
        "/user/uploadHeadPortrait",
        Some(&other),
        &[("head_portrait", &path)],
    )
    .await
    .assert_error(422);
}
on_both!(
    images_are_sniffed_stored_and_served,
    &[("BOURSE__UPLOADS__MAX_BYTES", "2048")]
);

/// (status, content type, content security policy, body) of a GET.
async fn fetch(app: &TestApp, path: &str) -> (u16, String, String, Vec<u8>) {
    let r = app
        .client
        .get(format!("{}{path}", app.address))
        .send()
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    let header = |name: &str| {
        r.headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_string()
    };
    let (status, ct, csp) = (
        r.status().as_u16(),
        header("content-type"),
        header("content-security-policy"),
    );
    (
        status,
        ct,
        csp,
        r.bytes().await.unwrap_or_default().to_vec(),
    )
}

/// Identity photos and payment vouchers: the owner and admins get working links
/// from the API; another user and a visitor get neither the links nor the files.
async fn identity_photos_and_vouchers_are_private(app: TestApp) {
    let admin = app.admin().await;
    let (_, token) = app.user().await;
    let (_, other) = app.user().await;
    let voucher = app.upload_png(&token).await;
    let req = app
        .post(
            "/wallet/charge_req",
            Some(&token),
            &[("currency", "3"), ("amount", "10"), ("voucher", &voucher)],
        )
        .await;
    req.assert_ok();
    let own = app.get("/recharge/log", Some(&token)).await;
    let link = own.message()["data"][0]["voucher"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert_eq!(fetch(&app, &link).await.0, 200, "the owner sees it");
    let queue = app.admin_get(&admin, "/deposits").await;
    // The reviewer sees who asked by their account, not a number.
    let email = app.get("/user/info", Some(&token)).await.message()["email"].clone();
    assert_eq!(
        queue.message()["data"][0]["account"],
        email,
        "{}",
        queue.body
    );
    let admin_link = queue.message()["data"][0]["voucher"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert_eq!(fetch(&app, &admin_link).await.0, 200, "the admin sees it");
    let theirs = app.get("/recharge/log", Some(&other)).await;
    assert_eq!(theirs.message()["total"], 0, "{}", theirs.body);
    let bare = link.split('?').next().unwrap_or_default();
    assert_eq!(fetch(&app, bare).await.0, 403, "a visitor does not");
    app.admin_get(&other, "/deposits").await.assert_error(403);
    // The other user cannot make it theirs by naming it either.
    app.post(
        "/wallet/charge_req",
        Some(&other),
        &[("currency", "3"), ("amount", "10"), ("voucher", bare)],
    )
    .await
    .assert_error(422);
}
on_both!(identity_photos_and_vouchers_are_private);
