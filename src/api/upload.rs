//! Image uploads: size-limited, type sniffed from the bytes (never the name),
//! stored under a random name and recorded against the uploader.

use crate::db::now_ms;
use crate::error::{ApiError, ApiResult, Kind};
use crate::extract::{authenticate, Ctx};
use crate::security::random_name;
use crate::state::AppState;
use actix_multipart::Multipart;
use actix_web::{web, HttpRequest};
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

/// Largest picture side accepted, and the most memory one decode may take: a
/// few kilobytes of PNG can claim gigapixels.
const MAX_SIDE: u32 = 10_000;
const MAX_DECODE_BYTES: u64 = 256 * 1024 * 1024;

/// Decodes the picture and encodes it afresh in the kind `ext` names, so only
/// pixels are stored: whatever followed the picture in the upload (HTML, script,
/// an archive) and any metadata are gone. None when it does not decode.
pub fn reencode(bytes: &[u8], ext: &str) -> Option<Vec<u8>> {
    use image::{ImageFormat, ImageReader};
    let format = match ext {
        "png" => ImageFormat::Png,
        "jpg" => ImageFormat::Jpeg,
        "gif" => ImageFormat::Gif,
        "webp" => ImageFormat::WebP,
        _ => return None,
    };
    let mut reader = ImageReader::with_format(std::io::Cursor::new(bytes), format);
    let mut limits = image::Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(MAX_DECODE_BYTES);
    reader.limits(limits);
    let picture = reader.decode().ok()?;
    let mut out = std::io::Cursor::new(Vec::new());
    match format {
        // JPEG has no alpha channel to keep.
        ImageFormat::Jpeg => image::DynamicImage::ImageRgb8(picture.to_rgb8())
            .write_to(&mut out, ImageFormat::Jpeg)
            .ok()?,
        // The WebP encoder here is lossless only and keeps RGBA.
        ImageFormat::WebP => image::DynamicImage::ImageRgba8(picture.to_rgba8())
            .write_to(&mut out, ImageFormat::WebP)
            .ok()?,
        // A GIF keeps its first frame: animations are not pictures we need.
        other => picture.write_to(&mut out, other).ok()?,
    }
    Some(out.into_inner())
}

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

#[cfg(test)]
mod tests {
    use super::{reencode, sniff};

    #[test]
    fn the_kind_comes_from_the_bytes() {
        assert_eq!(sniff(b"\x89PNG\r\n\x1a\nrest").map(|k| k.0), Some("png"));
        assert_eq!(sniff(b"RIFF\0\0\0\0WEBPVP8 ").map(|k| k.0), Some("webp"));
        assert_eq!(sniff(b"hello, I am text named .png"), None);
    }

    #[test]
    fn reencoding_keeps_the_picture_and_drops_what_follows_it() {
        let mut png = Vec::new();
        let img = image::RgbaImage::from_pixel(3, 2, image::Rgba([10, 20, 30, 255]));
        img.write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
            .unwrap_or_default();
        let mut polyglot = png.clone();
        polyglot.extend_from_slice(b"<html><script>alert(1)</script></html>");
        let clean = reencode(&polyglot, "png").unwrap_or_default();
        assert!(!clean.windows(7).any(|w| w == b"<script"));
        let back = image::load_from_memory(&clean).map(|i| i.to_rgba8());
        assert_eq!(back.ok(), Some(img));
        assert_eq!(reencode(b"\x89PNG\r\n\x1a\n<script>", "png"), None);
        assert_eq!(reencode(b"GIF89a<html>", "gif"), None);
    }
}
