//! Image uploads: size-limited, type sniffed from the bytes (never the name),
//! stored under a random name and recorded against the uploader.

use super::ok;
use crate::db::now_ms;
use crate::error::{ApiError, ApiResult, Kind};
use crate::extract::{authenticate, Ctx};
use crate::security::random_name;
use crate::state::AppState;
use actix_multipart::Multipart;
use actix_web::{web, HttpRequest, HttpResponse};
use futures_util::StreamExt;

/// The image kinds accepted, by their leading bytes: (extension, content type).
pub fn sniff(bytes: &[u8]) -> Option<(&'static str, &'static str)> {
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some(("png", "image/png"))
    } else if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Some(("jpg", "image/jpeg"))
    } else if bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a") {
        Some(("gif", "image/gif"))
    } else if bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
        Some(("webp", "image/webp"))
    } else {
        None
    }
}

pub async fn upload(
    state: web::Data<AppState>,
    ctx: Ctx,
    http: HttpRequest,
    payload: web::Payload,
) -> ApiResult<HttpResponse> {
    let user = authenticate(&state, ctx.token.as_deref()).await?;
    let max = state.settings.uploads.max_bytes;
    let unreadable = |_| ApiError::new(Kind::Unreadable, "err_upload_missing");
    let mut form = Multipart::new(http.headers(), payload);
    while let Some(field) = form.next().await {
        let mut field = field.map_err(unreadable)?;
        if field.name() != Some("file") {
            while let Some(chunk) = field.next().await {
                chunk.map_err(unreadable)?;
            }
            continue;
        }
        let mut bytes = Vec::new();
        while let Some(chunk) = field.next().await {
            let chunk = chunk.map_err(unreadable)?;
            if bytes.len() + chunk.len() > max {
                return Err(
                    ApiError::invalid("err_upload_size").with_arg("max", max / (1024 * 1024))
                );
            }
            bytes.extend_from_slice(&chunk);
        }
        let (ext, content_type) =
            sniff(&bytes).ok_or_else(|| ApiError::invalid("err_upload_type"))?;
        let name = format!("{}.{ext}", random_name());
        let dir = &state.settings.uploads.dir;
        tokio::fs::create_dir_all(dir)
            .await
            .map_err(ApiError::internal)?;
        tokio::fs::write(dir.join(&name), &bytes)
            .await
            .map_err(ApiError::internal)?;
        sqlx::query("INSERT INTO uploads (user_id, name, content_type, size, created_at) VALUES ($1, $2, $3, $4, $5)")
            .bind(user.id)
            .bind(&name)
            .bind(content_type)
            .bind(bytes.len() as i64)
            .bind(now_ms())
            .execute(&state.db)
            .await?;
        return Ok(ok(format!("/uploads/{name}")));
    }
    Err(ApiError::invalid("err_upload_missing"))
}

#[cfg(test)]
mod tests {
    use super::sniff;

    #[test]
    fn the_kind_comes_from_the_bytes() {
        assert_eq!(sniff(b"\x89PNG\r\n\x1a\nrest").map(|k| k.0), Some("png"));
        assert_eq!(sniff(b"RIFF\0\0\0\0WEBPVP8 ").map(|k| k.0), Some("webp"));
        assert_eq!(sniff(b"hello, I am text named .png"), None);
    }
}
