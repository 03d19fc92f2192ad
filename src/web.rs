//! The built H5 app under `/h5/`: each file in the best encoding the browser
//! accepts, made at build time (web/vite.config.ts `precompress`: `.br` and
//! `.gz` beside every text file), and cached as long as its name allows.
//!
//! - Files under `assets/` carry a hash of their content in their name, so a
//!   browser may keep them for a year without asking again (`immutable`): a
//!   returning visitor's start fetches no script from the network.
//! - Everything else (`index.html`, what `public/` copies as is) is
//!   `no-cache`: kept, but revalidated with its ETag at every start, so a new
//!   release is seen at once.
//!
//! Not `actix_files::Files`: it serves no precompressed variant, and the
//! `Compress` middleware would then gzip every script at its fast level on
//! every request instead of sending the smaller Brotli made once.

use actix_files::NamedFile;
use actix_web::http::header::{self, ContentEncoding, HeaderValue};
use actix_web::{web, HttpRequest, HttpResponse};
use std::path::{Path, PathBuf};

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
