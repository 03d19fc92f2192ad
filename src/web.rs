//! The built H5 app under `/h5/`: each file in the best encoding the browser
//! accepts, made at build time (web/vite.config.ts `precompress`: `.br` and
//! `.gz` beside every text file), and cached as long as its name allows.
//!
//! - Files under `assets/` carry a hash of their content in their name, so a
//!   browser may keep them for a year without asking again (`immutable`): a
//!   returning visitor's start fetches no script from the network.
//! - Everything else (`index.html`, what `public/` copies as is) is
//!   `no-cache`: kept, but revalidated at every start, so a new release is
//!   seen at once.
//! - The page (`index.html`) is written for its reader: `<html lang>` is the
//!   language the app will start in from the first byte (the `lang` cookie
//!   the app keeps beside its stored choice, else the first of the browser's
//!   languages the app speaks, as `web/src/lib/session.ts` picks), with a
//!   description in that language for search engines and link previews.
//!
//! Not `actix_files::Files`: it serves no precompressed variant, and the
//! `Compress` middleware would then gzip every script at its fast level on
//! every request instead of sending the smaller Brotli made once.

use actix_files::NamedFile;
use actix_web::http::header::{self, ContentEncoding, HeaderValue};
use actix_web::{web, HttpRequest, HttpResponse};
use std::path::{Path, PathBuf};

use crate::i18n::{self, Lang, LANGS};
use crate::state::AppState;

/// `Cache-Control` of content-hashed files.
pub const IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// `Cache-Control` of files whose name stays across releases.
pub const REVALIDATE: &str = "no-cache";

/// The file under `dist` that `tail` names, or None for a path that leaves it
/// or names something the build does not make (dot files, odd characters).
fn resolve(dist: &Path, tail: &str) -> Option<PathBuf> {
    let tail = if tail.is_empty() || tail.ends_with('/') {
        format!("{tail}index.html")
    } else {
        tail.to_owned()
    };
    let mut path = dist.to_path_buf();
    for part in tail.split('/') {
        let plain = !part.is_empty()
            && !part.starts_with('.')
            && part
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b'_'));
        if !plain {
            return None;
        }
        path.push(part);
    }
    Some(path)
}

/// The encodings `Accept-Encoding` allows, best first, among those built.
fn accepted(req: &HttpRequest) -> Vec<(ContentEncoding, &'static str)> {
    let accept = req
        .headers()
        .get(header::ACCEPT_ENCODING)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let allows = |name: &str| {
        accept.split(',').any(|item| {
            let mut parts = item.split(';');
            let coding = parts.next().unwrap_or("").trim();
            // `q=0` refuses the coding.
            let refused = parts.any(|p| {
                p.trim()
                    .strip_prefix("q=")
                    .and_then(|q| q.trim().parse::<f32>().ok())
                    == Some(0.0)
            });
            coding.eq_ignore_ascii_case(name) && !refused
        })
    };
    let mut out = Vec::new();
    if allows("br") {
        out.push((ContentEncoding::Brotli, "br"));
    }
    if allows("gzip") {
        out.push((ContentEncoding::Gzip, "gz"));
    }
    out
}

/// `GET /h5/{tail}`: a file of the built app.
pub async fn serve(
    state: web::Data<AppState>,
    req: HttpRequest,
    tail: web::Path<String>,
) -> HttpResponse {
    send(&state, &req, &tail).await
}

/// `GET /robots.txt`, `GET /favicon.ico`: files crawlers and browsers ask
/// for at the site's root, from the build's root (web/public).
pub async fn root_file(
    state: web::Data<AppState>,
    req: HttpRequest,
    file: web::Path<String>,
) -> HttpResponse {
    send(&state, &req, &file).await
}

async fn send(state: &AppState, req: &HttpRequest, tail: &str) -> HttpResponse {
    let Some(path) = resolve(&state.settings.server.web_dist, tail) else {
        return HttpResponse::NotFound().finish();
    };
    if !path.is_file() {
        return HttpResponse::NotFound().finish();
    }
    if path.file_name().is_some_and(|n| n == "index.html") {
        return page(req, &path).await;
    }
    let mime = actix_files::file_extension_to_mime(
        path.extension().and_then(|e| e.to_str()).unwrap_or(""),
    );
    let mut file = None;
    for (encoding, suffix) in accepted(req) {
        let mut variant = path.clone().into_os_string();
        variant.push(".");
        variant.push(suffix);
        if let Ok(f) = NamedFile::open_async(&variant).await {
            file = Some(f.set_content_encoding(encoding));
            break;
        }
    }
    let file = match file {
        Some(f) => f,
        None => match NamedFile::open_async(&path).await {
            Ok(f) => f,
            Err(_) => return HttpResponse::NotFound().finish(),
        },
    };
    let mut res = file
        .set_content_type(mime)
        .disable_content_disposition()
        .into_response(req);
    let hashed = tail.starts_with("assets/");
    let headers = res.headers_mut();
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static(if hashed { IMMUTABLE } else { REVALIDATE }),
    );
    headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    res
}

/// The app's code of the language a page is read in: the `lang` cookie when
/// it names one of the nine, else the first tag of `Accept-Language` the app
/// speaks (by prefix, Traditional Chinese apart), else the app's default, zh.
fn page_lang(req: &HttpRequest) -> &'static str {
    let cookie = req
        .headers()
        .get_all(header::COOKIE)
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .find_map(|pair| pair.trim().strip_prefix("lang="));
    if let Some(code) = cookie.and_then(|c| LANGS.into_iter().find(|l| *l == c)) {
        return code;
    }
    let accept = req
        .headers()
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    for item in accept.split(',') {
        let tag = item
            .split(';')
            .next()
            .unwrap_or("")
            .trim()
            .to_ascii_lowercase();
        let code = match tag.split('-').next().unwrap_or("") {
            "zh" if ["-tw", "-hk", "-mo", "-hant"]
                .iter()
                .any(|t| tag.starts_with(&format!("zh{t}"))) =>
            {
                "hk"
            }
            "zh" => "zh",
            "en" => "en",
            "th" => "th",
            "ja" => "jp",
            "ko" => "kor",
            "fr" => "fra",
            "es" => "spa",
            "pt" => "bx",
            _ => continue,
        };
        return code;
    }
    "zh"
}

/// The BCP 47 tag of an app language (web/src/lib/constants.ts `LANG_TAGS`).
fn lang_tag(code: &str) -> &'static str {
    match code {
        "en" => "en-US",
        "hk" => "zh-HK",
        "th" => "th-TH",
        "jp" => "ja-JP",
        "kor" => "ko-KR",
        "fra" => "fr-FR",
        "spa" => "es-ES",
        "bx" => "pt-BR",
        _ => "zh-CN",
    }
}

/// Text for an HTML attribute.
fn attr(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// `index.html` with the reader's `<html lang>` and description. Built once
/// per request from the file (about 2 KB), so a release is read at once.
fn written_for(html: &str, code: &str) -> String {
    let description = i18n::t(Lang::parse(code), "site_description", &[]);
    let html = html.replacen(
        "<html lang=\"zh\"",
        &format!("<html lang=\"{}\"", lang_tag(code)),
        1,
    );
    html.replacen(
        "<head>",
        &format!(
            "<head>\n    <meta name=\"description\" content=\"{}\" />",
            attr(&description)
        ),
        1,
    )
}

async fn page(req: &HttpRequest, path: &Path) -> HttpResponse {
    let file = path.to_path_buf();
    let Ok(Ok(html)) = web::block(move || std::fs::read_to_string(file)).await else {
        return HttpResponse::NotFound().finish();
    };
    HttpResponse::Ok()
        .content_type("text/html; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, REVALIDATE))
        .insert_header((header::VARY, "cookie, accept-language, accept-encoding"))
        .body(written_for(&html, page_lang(req)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::test::TestRequest;

    #[test]
    fn paths_stay_inside_the_build() {
        let dist = Path::new("/srv/dist");
        assert_eq!(resolve(dist, ""), Some(dist.join("index.html")));
        assert_eq!(
            resolve(dist, "assets/app-x1.js"),
            Some(dist.join("assets/app-x1.js"))
        );
        for bad in [
            "../secret",
            "assets/../../etc/passwd",
            ".env",
            "assets/.hidden",
            "a//b",
            "a\\b",
            "%2e%2e/x",
            "a b",
        ] {
            assert_eq!(resolve(dist, bad), None, "{bad}");
        }
    }

    #[test]
    fn the_page_speaks_the_cookie_then_the_browser_then_chinese() {
        let of = |cookie: Option<&str>, accept: &str| {
            let mut req = TestRequest::default().insert_header((header::ACCEPT_LANGUAGE, accept));
            if let Some(c) = cookie {
                req = req.insert_header((header::COOKIE, format!("theme=dark; lang={c}")));
            }
            page_lang(&req.to_http_request())
        };
        assert_eq!(of(Some("fra"), "en-US,en;q=0.9"), "fra");
        assert_eq!(of(Some("xx"), "ja-JP,en;q=0.8"), "jp");
        assert_eq!(of(None, "de-DE, pt-BR;q=0.7"), "bx");
        assert_eq!(of(None, "zh-TW,zh;q=0.9"), "hk");
        assert_eq!(of(None, "zh-CN"), "zh");
        assert_eq!(of(None, "de, it"), "zh");
        assert_eq!(of(None, ""), "zh");
    }

    #[test]
    fn the_page_is_written_in_its_language() {
        let html =
            "<!doctype html>\n<html lang=\"zh\" data-x=\"1\">\n  <head>\n    <title>B</title>";
        let en = written_for(html, "en");
        assert!(en.contains("<html lang=\"en-US\" data-x=\"1\">"), "{en}");
        assert!(
            en.contains("<meta name=\"description\" content=\"Bourse: trade crypto"),
            "{en}"
        );
        let fra = written_for(html, "fra");
        assert!(fra.contains("<html lang=\"fr-FR\""), "{fra}");
        assert!(fra.contains("Bourse : tradez"), "{fra}");
        assert_eq!(attr("a\"<b>&"), "a&quot;&lt;b&gt;&amp;");
    }

    #[test]
    fn brotli_first_then_gzip_and_never_a_refused_one() {
        let of = |accept: &str| {
            let req = TestRequest::default()
                .insert_header((header::ACCEPT_ENCODING, accept))
                .to_http_request();
            accepted(&req)
                .into_iter()
                .map(|(_, s)| s)
                .collect::<Vec<_>>()
        };
        assert_eq!(of("gzip, deflate, br, zstd"), ["br", "gz"]);
        assert_eq!(of("gzip"), ["gz"]);
        assert_eq!(of("br;q=0, gzip;q=0.5"), ["gz"]);
        assert_eq!(of("identity"), Vec::<&str>::new());
        assert_eq!(of(""), Vec::<&str>::new());
    }
}
