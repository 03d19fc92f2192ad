//! Serving uploaded images. Every upload is private until it becomes something
//! others are meant to see (an avatar): identity photos, payment vouchers and
//! address QR codes are served only through short-lived links the API signs for
//! the caller entitled to them (the owner, or an admin reviewing them). An `<img>`
//! cannot send the login token, so the signature in the link is the permission.
//!
//! The signing key is random, made once per database and kept in it, so links
//! survive a restart and are valid on every node sharing the database.

use crate::db::now_ms;
use crate::error::{ApiError, ApiResult, Kind};
use crate::state::AppState;
use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse};
use hmac::{Hmac, Mac};
use sha2::Sha256;
use std::collections::HashMap;

/// How long a signed link stays valid.
pub const LINK_TTL_MS: i64 = 60 * 60 * 1000;

/// The signing key's row in `site_secrets`.
const KEY_NAME: &str = "upload_links";

/// Served with every uploaded file: nothing in it may run or load anything,
/// whatever a browser guesses the bytes are.
pub const UPLOAD_CSP: &str = "default-src 'none'; img-src 'self'; sandbox";

/// The file name an upload address refers to: its last path segment, without the
/// query of a signed link.
pub fn name_of(address: &str) -> &str {
    let path = address.split(['?', '#']).next().unwrap_or_default();
    path.rsplit('/').next().unwrap_or_default()
}

/// Reads the signing key, making it on first start.
pub async fn load_key(db: &crate::db::Db) -> Result<Vec<u8>, sqlx::Error> {
    let fresh = hex::encode(rand::random::<[u8; 32]>());
    sqlx::query(
        "INSERT INTO site_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING",
    )
    .bind(KEY_NAME)
    .bind(&fresh)
    .execute(db)
    .await?;
    let (value,): (String,) = sqlx::query_as("SELECT value FROM site_secrets WHERE name = $1")
        .bind(KEY_NAME)
        .fetch_one(db)
        .await?;
    Ok(hex::decode(value).unwrap_or_else(|_| fresh.into_bytes()))
}

/// The HMAC of a name and expiry, ready for the final bytes or a check.
fn mac_of(key: &[u8], name: &str, expires: i64) -> Option<Hmac<Sha256>> {
    // HMAC accepts a key of any length, so this is always Some.
    let mut mac = Hmac::<Sha256>::new_from_slice(key).ok()?;
    mac.update(name.as_bytes());
    mac.update(b"\n");
    mac.update(expires.to_string().as_bytes());
    Some(mac)
}

fn signature(key: &[u8], name: &str, expires: i64) -> String {
    mac_of(key, name, expires)
        .map(|m| hex::encode(m.finalize().into_bytes()))
        .unwrap_or_default()
}

/// A link to a stored upload address (`/uploads/NAME`) valid for [`LINK_TTL_MS`]
/// from `now`; anything that is not an upload address is returned unchanged.
pub fn signed_at(key: &[u8], address: &str, now: i64) -> String {
    if !address.starts_with("/uploads/") {
        return address.to_string();
    }
    let name = name_of(address);
    let expires = now + LINK_TTL_MS;
    format!(
        "/uploads/{name}?expires={expires}&sig={}",
        signature(key, name, expires)
    )
}

/// A link, valid from now, to a private upload for a caller entitled to see it.
pub fn signed(state: &AppState, address: &str) -> String {
    signed_at(&state.link_key, address, now_ms())
}

/// True when `sig` signs `name` until `expires` and that time has not passed.
pub fn link_valid(key: &[u8], name: &str, expires: i64, sig: &str, now: i64) -> bool {
    // `verify_slice` compares in constant time: how long a refusal takes says
    // nothing about how much of a guessed signature was right.
    let (Some(mac), Ok(sig)) = (mac_of(key, name, expires), hex::decode(sig)) else {
        return false;
    };
    expires > now && mac.verify_slice(&sig).is_ok()
}

/// `GET /uploads/{name}`: a public upload to anyone, a private one only with a
/// valid signed link.
pub async fn serve(
    state: web::Data<AppState>,
    http: HttpRequest,
    name: web::Path<String>,
) -> ApiResult<HttpResponse> {
    let name = name.into_inner();
    let row: Option<(String, i64)> =
        sqlx::query_as("SELECT content_type, public FROM uploads WHERE name = $1")
            .bind(&name)
            .fetch_optional(&state.db)
            .await?;
    let (content_type, public) = row.ok_or_else(ApiError::not_found)?;
    if public == 0 {
        let q = web::Query::<HashMap<String, String>>::from_query(http.query_string())
            .map(|q| q.into_inner())
            .unwrap_or_default();
        let expires = q.get("expires").and_then(|e| e.parse::<i64>().ok());
        let sig = q.get("sig").map(String::as_str).unwrap_or_default();
        let ok = expires.is_some_and(|e| link_valid(&state.link_key, &name, e, sig, now_ms()));
        if !ok {
            return Err(ApiError::new(Kind::Forbidden, "err_link_expired"));
        }
    }
    let bytes = tokio::fs::read(state.settings.uploads.dir.join(&name))
        .await
        .map_err(|_| ApiError::not_found())?;
    let cache = if public == 1 {
        "public, max-age=86400"
    } else {
        "private, no-store"
    };
    Ok(HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, content_type))
        .insert_header((header::CACHE_CONTROL, cache))
        .insert_header((header::CONTENT_SECURITY_POLICY, UPLOAD_CSP))
        .body(bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    const KEY: &[u8] = b"0123456789abcdef0123456789abcdef";

    #[test]
    fn a_signed_link_opens_its_own_file_until_it_expires() {
        let link = signed_at(KEY, "/uploads/abc.png", 1_000);
        let q: HashMap<String, String> = url::form_urlencoded::parse(
            link.split_once('?')
                .map(|x| x.1)
                .unwrap_or_default()
                .as_bytes(),
        )
        .into_owned()
        .collect();
        let expires: i64 = q["expires"].parse().unwrap_or_default();
        assert_eq!(expires, 1_000 + LINK_TTL_MS);
        assert_eq!(name_of(&link), "abc.png");
        assert!(link_valid(KEY, "abc.png", expires, &q["sig"], 1_001));
        assert!(!link_valid(KEY, "abc.png", expires, &q["sig"], expires));
        assert!(!link_valid(KEY, "other.png", expires, &q["sig"], 1_001));
        assert!(!link_valid(KEY, "abc.png", expires + 1, &q["sig"], 1_001));
        assert!(!link_valid(
            b"another key",
            "abc.png",
            expires,
            &q["sig"],
            1_001
        ));
        assert!(!link_valid(KEY, "abc.png", expires, "", 1_001));
    }

    #[test]
    fn only_upload_addresses_are_signed() {
        assert_eq!(signed_at(KEY, "", 5), "");
        assert_eq!(signed_at(KEY, "https://cdn/x.png", 5), "https://cdn/x.png");
        assert_eq!(name_of("/uploads/a.png?expires=1&sig=2"), "a.png");
        assert_eq!(name_of("a.png"), "a.png");
    }
}
