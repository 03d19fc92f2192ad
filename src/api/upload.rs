//! Image uploads: size-limited, type sniffed from the bytes (never the name,
//! `crate::pictures`), stored under a random name and recorded against the
//! uploader.

use crate::db::now_ms;
use crate::error::{ApiError, ApiResult, Kind};
use crate::extract::{authenticate, Ctx};
use crate::pictures::{reencode, sniff};
use crate::security::random_name;
use crate::state::AppState;
use actix_multipart::Multipart;
use actix_web::{web, HttpRequest};
use futures_util::StreamExt;

/// The bytes of the multipart field `file`, refused past `max` bytes (the
/// message names the limit in MB).
pub async fn file_field(
    http: &HttpRequest,
    payload: web::Payload,
    max: usize,
) -> ApiResult<Vec<u8>> {
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
        return Ok(bytes);
    }
    Err(ApiError::invalid("err_upload_missing"))
}

pub async fn upload(
    state: web::Data<AppState>,
    ctx: Ctx,
    http: HttpRequest,
    payload: web::Payload,
) -> ApiResult<crate::params::Reply<String>> {
    let user = authenticate(&state, ctx.token.as_deref()).await?;
    let bytes = file_field(&http, payload, state.settings.uploads.max_bytes).await?;
    let (ext, content_type) = sniff(&bytes).ok_or_else(|| ApiError::invalid("err_upload_type"))?;
    let bytes = web::block(move || reencode(&bytes, ext))
        .await
        .map_err(ApiError::internal)?
        .ok_or_else(|| ApiError::invalid("err_upload_type"))?;
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
    // The uploader sees their picture through a signed link; the form they
    // send it back in names the file, whatever the link's query says.
    Ok(crate::params::Reply(crate::uploads::signed(
        &state,
        &format!("/uploads/{name}"),
    )))
}
