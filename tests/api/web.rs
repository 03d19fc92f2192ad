//! The built app as a browser gets it (src/web.rs): the Brotli or gzip file
//! made at build time when the browser takes it, hashed assets kept a year,
//! the page itself revalidated, the root files crawlers ask for, and nothing
//! outside the build. On a build of the test's own, so that it does not
//! depend on `make web` having run.

use crate::helpers::{spawn_app_with, unique, Backend};
use reqwest::header::{ACCEPT_ENCODING, CACHE_CONTROL, CONTENT_ENCODING, CONTENT_TYPE, VARY};

/// A build: the page, one hashed script with its Brotli and gzip twins, robots.txt.
fn build() -> std::path::PathBuf {
    let dist = std::env::temp_dir().join(unique("bourse-dist-"));
    let write = |name: &str, body: &[u8]| {
        let path = dist.join(name);
        std::fs::create_dir_all(path.parent().unwrap_or(&dist)).unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(path, body).unwrap_or_else(|e| panic!("{e}"));
    };
    write(
        "index.html",
        b"<!doctype html>\n<html lang=\"zh\">\n  <head>\n    <title>Bourse</title>\n  </head>\n</html>",
    );
    write("assets/app-Ab12.js", b"console.log('plain')");
    write("assets/app-Ab12.js.br", b"brotli bytes");
    write("assets/app-Ab12.js.gz", b"gzip bytes");
    write("robots.txt", b"User-agent: *\nAllow: /\n");
    dist
}

#[actix_web::test]
async fn the_app_is_sent_compressed_and_cached_by_its_name() {
    let dist = build();
    let dist_var = dist.display().to_string();
    let app = spawn_app_with(Backend::Sqlite, &[("BOURSE__SERVER__WEB_DIST", &dist_var)])
        .await
        .unwrap_or_else(|| panic!("sqlite is always available"));
    let client = reqwest::Client::new();
    let get = |path: &str, accept: &str| {
        client
            .get(format!("{}{path}", app.address))
            .header(ACCEPT_ENCODING, accept)
            .send()
    };
    let header = |res: &reqwest::Response, name| {
        res.headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_string()
    };

    for (accept, encoding, body) in [
        ("gzip, deflate, br, zstd", "br", "brotli bytes"),
        ("gzip", "gzip", "gzip bytes"),
        ("br;q=0, gzip", "gzip", "gzip bytes"),
        ("identity", "", "console.log('plain')"),
    ] {
        let res = get("/h5/assets/app-Ab12.js", accept)
            .await
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(res.status(), 200, "{accept}");
        assert_eq!(header(&res, CONTENT_ENCODING), encoding, "{accept}");
        assert_eq!(header(&res, CONTENT_TYPE), "text/javascript", "{accept}");
        assert_eq!(
            header(&res, CACHE_CONTROL),
            "public, max-age=31536000, immutable",
            "{accept}"
        );
        assert_eq!(header(&res, VARY), "accept-encoding", "{accept}");
        assert_eq!(res.text().await.unwrap_or_default(), body, "{accept}");
    }

    let page = get("/h5/", "gzip, br")
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(page.status(), 200);
    assert_eq!(header(&page, CACHE_CONTROL), "no-cache");
    assert!(header(&page, CONTENT_TYPE).starts_with("text/html"));

    // The page in the reader's language from its first byte: the app's cookie, else the browser's.
    for (cookie, accept, tag, words) in [
        (Some("lang=jp"), "en-US", "ja-JP", "Bourse\u{ff1a}"),
        (None, "fr-CA,fr;q=0.9", "fr-FR", "Bourse : tradez"),
        (None, "de-DE", "zh-CN", "Bourse\u{ff1a}"),
    ] {
        let mut req = client
            .get(format!("{}/h5/", app.address))
            .header("accept-language", accept);
        if let Some(c) = cookie {
            req = req.header("cookie", c);
        }
        let html = req
            .send()
            .await
            .unwrap_or_else(|e| panic!("{e}"))
            .text()
            .await
            .unwrap_or_default();
        assert!(
            html.contains(&format!("<html lang=\"{tag}\">")),
            "{accept}: {html}"
        );
        assert!(
            html.contains(&format!("<meta name=\"description\" content=\"{words}")),
            "{accept}: {html}"
        );
    }

    let robots = get("/robots.txt", "")
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(robots.status(), 200);
    assert_eq!(header(&robots, CACHE_CONTROL), "no-cache");
    assert!(robots
        .text()
        .await
        .unwrap_or_default()
        .contains("User-agent"));

    // Nothing outside the build, nothing it does not make.
    for path in [
        "/h5/../Cargo.toml",
        "/h5/%2e%2e/Cargo.toml",
        "/h5/assets/../../Cargo.toml",
        "/h5/.env",
        "/h5/assets/missing.js",
        "/favicon.ico",
    ] {
        let res = get(path, "").await.unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(res.status(), 404, "{path}");
    }
    let _ = std::fs::remove_dir_all(&dist);
}
