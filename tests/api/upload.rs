//! Uploads: a real PNG is accepted and served, a renamed text file and an
//! oversize file are refused, and only one's own upload can become one's avatar.

use crate::helpers::TestApp;
use crate::on_both;

use crate::helpers::PNG;

async fn images_are_sniffed_stored_and_served(app: TestApp) {
    let (_, token) = app.user().await;
    let ok = app.upload(Some(&token), "avatar.bin", PNG.to_vec()).await;
    ok.assert_ok();
    let path = ok.text();
    assert!(
        path.starts_with("/uploads/") && path.ends_with(".png"),
        "{path}"
    );
    assert!(!path.contains("avatar"), "stored under a random name");
    let served = app
        .client
        .get(format!("{}{path}", app.address))
        .send()
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(served.headers()["content-type"], "image/png");
    assert_eq!(served.bytes().await.unwrap_or_default().as_ref(), PNG);

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
    assert_eq!(set.message()["head_portrait"], path.as_str());
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
