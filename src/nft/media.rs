//! NFT media: pictures, animated GIFs, audio and video, uploaded by admins
//! (or shipped for the demo), checked by their content (never the name),
//! stored under a random name and served publicly under `/media/nft/NAME`
//! with range requests, so a video plays and seeks without loading whole.
//!
//! Sniffing is a few magic numbers written here rather than a crate: the
//! formats are six, each fixed by its specification's first bytes, and the
//! pictures are then decoded with `image` (already a dependency) to prove
//! they are pictures.

use crate::db::now_ms;
use crate::error::{ApiError, ApiResult};
use crate::security::random_name;
use crate::state::AppState;
use actix_files::NamedFile;
use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse};

/// A media file's format: (extension, content type, item kind it may be).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Format {
    pub ext: &'static str,
    pub content_type: &'static str,
    /// 0 image, 1 gif, 2 audio, 3 video (as `nft_items.kind`).
    pub kind: i64,
}

const fn f(ext: &'static str, content_type: &'static str, kind: i64) -> Format {
    Format {
        ext,
        content_type,
        kind,
    }
}

/// The format the bytes are, by their leading bytes.
pub fn sniff(b: &[u8]) -> Option<Format> {
    if let Some((ext, ct)) = crate::pictures::sniff(b) {
        let moving = ext == "gif" || (ext == "webp" && animated_webp(b));
        return Some(f(ext, ct, if moving { 1 } else { 0 }));
    }
    // MP4 family: a `ftyp` box first; the M4A brands are audio.
    if b.len() >= 12 && &b[4..8] == b"ftyp" {
        return Some(match &b[8..12] {
            b"M4A " | b"M4B " => f("m4a", "audio/mp4", 2),
            _ => f("mp4", "video/mp4", 3),
        });
    }
    // EBML header, and the DocType `webm` within it.
    if b.starts_with(&[0x1A, 0x45, 0xDF, 0xA3])
        && b[..b.len().min(64)].windows(4).any(|w| w == b"webm")
    {
        return Some(f("webm", "video/webm", 3));
    }
    // MP3: an ID3v2 tag, or an MPEG audio frame header (11 sync bits, a
    // layer and a bitrate that exist).
    let frame = b.len() >= 4
        && b[0] == 0xFF
        && b[1] & 0xE0 == 0xE0
        && b[1] & 0x06 != 0
        && b[2] & 0xF0 != 0xF0
        && b[2] & 0x0C != 0x0C;
    if b.starts_with(b"ID3") || frame {
        return Some(f("mp3", "audio/mpeg", 2));
    }
    None
}

/// Whether WebP bytes are an animation: an extended header (`VP8X`) first,
/// with its animation flag set (the WebP container specification).
fn animated_webp(b: &[u8]) -> bool {
    b.len() >= 21 && &b[12..16] == b"VP8X" && b[20] & 0x02 != 0
}

/// Checks the bytes are media of `kind` (0 image, 1 gif, 2 audio, 3 video);
/// pictures must decode. The refusal names what was wrong.
pub fn check(bytes: &[u8], kind: Option<i64>) -> ApiResult<Format> {
    let wrong = match kind {
        Some(2) => "err_nft_audio",
        _ => "err_upload_type",
    };
    let format = sniff(bytes).ok_or_else(|| ApiError::invalid(wrong))?;
    if kind.is_some_and(|k| k != format.kind && !(k == 0 && format.kind == 1)) {
        return Err(ApiError::invalid(wrong));
    }
    // Audio and video: the whole container, not only its first bytes.
    let whole = match format.ext {
        "mp3" => super::containers::mp3(bytes),
        "m4a" | "mp4" => super::containers::mp4(bytes),
        "webm" => super::containers::webm(bytes),
        _ => true,
    };
    if !whole {
        return Err(ApiError::invalid(wrong));
    }
    if format.kind <= 1 {
        image::ImageReader::new(std::io::Cursor::new(bytes))
            .with_guessed_format()
            .ok()
            .and_then(|r| r.into_dimensions().ok())
            .filter(|(w, h)| *w > 0 && *h > 0 && *w <= 10_000 && *h <= 10_000)
            .ok_or_else(|| ApiError::invalid("err_upload_type"))?;
    }
    Ok(format)
}

/// Stores checked media and answers its address.
pub async fn store(state: &AppState, bytes: &[u8], kind: Option<i64>) -> ApiResult<String> {
    let format = check(bytes, kind)?;
    let name = format!("nft-{}.{}", random_name(), format.ext);
    let dir = &state.settings.uploads.dir;
    tokio::fs::create_dir_all(dir)
        .await
        .map_err(ApiError::internal)?;
    tokio::fs::write(dir.join(&name), bytes)
        .await
        .map_err(ApiError::internal)?;
    let db = state.nft.store()?;
    let mut tx = db.begin().await?;
    sqlx::query(
        "INSERT INTO nft_media (name, content_type, size, created_at) VALUES ($1, $2, $3, $4)",
    )
    .bind(&name)
    .bind(format.content_type)
    .bind(bytes.len() as i64)
    .bind(now_ms())
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(format!("/media/nft/{name}"))
}

/// The largest media upload, in bytes.
pub fn max_bytes(state: &AppState) -> usize {
    state.settings.nft.media_max_mb.clamp(1, 512) * 1024 * 1024
}

/// Whether `address` names stored NFT media of `kind` (any kind when None).
pub async fn known(state: &AppState, address: &str, kind: Option<i64>) -> ApiResult<bool> {
    let Some(name) = address.strip_prefix("/media/nft/") else {
        return Ok(false);
    };
    let row: Option<(String,)> =
        sqlx::query_as("SELECT content_type FROM nft_media WHERE name = $1")
            .bind(name)
            .fetch_optional(&state.db)
            .await?;
    Ok(match (row, kind) {
        (None, _) => false,
        (Some(_), None) => true,
        (Some((ct,)), Some(k)) => match k {
            0 => ct.starts_with("image/"),
            1 => ct == "image/gif" || (ct == "image/webp" && moving(state, name).await),
            2 => ct.starts_with("audio/"),
            _ => ct.starts_with("video/"),
        },
    })
}

/// Whether the stored WebP `name` is an animation (its first bytes say).
async fn moving(state: &AppState, name: &str) -> bool {
    use tokio::io::AsyncReadExt;
    let mut head = [0u8; 32];
    let Ok(mut file) = tokio::fs::File::open(state.settings.uploads.dir.join(name)).await else {
        return false;
    };
    let n = file.read(&mut head).await.unwrap_or(0);
    animated_webp(&head[..n])
}

/// `GET /media/nft/{name}`: the file, with range requests (a video seeks
/// without loading whole) and nothing in it allowed to run.
pub async fn serve(
    state: web::Data<AppState>,
    http: HttpRequest,
    name: web::Path<String>,
) -> ApiResult<HttpResponse> {
    let name = name.into_inner();
    let row: Option<(String,)> =
        sqlx::query_as("SELECT content_type FROM nft_media WHERE name = $1")
            .bind(&name)
            .fetch_optional(&state.db)
            .await?;
    let (content_type,) = row.ok_or_else(ApiError::not_found)?;
    let file = NamedFile::open_async(state.settings.uploads.dir.join(&name))
        .await
        .map_err(|_| ApiError::not_found())?;
    let mut res = file
        .set_content_disposition(header::ContentDisposition {
            disposition: header::DispositionType::Inline,
            parameters: vec![],
        })
        .into_response(&http);
    let headers = res.headers_mut();
    if let Ok(v) = header::HeaderValue::from_str(&content_type) {
        headers.insert(header::CONTENT_TYPE, v);
    }
    headers.insert(
        header::CACHE_CONTROL,
        header::HeaderValue::from_static("public, max-age=86400"),
    );
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        header::HeaderValue::from_static(crate::uploads::UPLOAD_CSP),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        header::HeaderValue::from_static("nosniff"),
    );
    Ok(res)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_come_from_the_bytes() {
        let kind = |b: &[u8]| sniff(b).map(|f| f.ext);
        assert_eq!(kind(&[0xFF, 0xFB, 0x40, 0xC0, 0, 0]), Some("mp3"));
        assert_eq!(kind(b"ID3\x04\0\0\0\0\0\0"), Some("mp3"));
        assert_eq!(kind(b"\0\0\0\x1cftypM4A \0\0\x02\0"), Some("m4a"));
        assert_eq!(kind(b"\0\0\0\x20ftypisom\0\0\x02\0"), Some("mp4"));
        assert_eq!(
            kind(&[
                0x1A, 0x45, 0xDF, 0xA3, 0x9F, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84, b'w', b'e',
                b'b', b'm'
            ]),
            Some("webm")
        );
        // Matroska that is not WebM, text, a bad frame header.
        assert_eq!(
            kind(&[0x1A, 0x45, 0xDF, 0xA3, 0x9F, b'm', b'a', b't']),
            None
        );
        assert_eq!(kind(b"<html><script>"), None);
        // WebP: an animation (VP8X, flag 0x02) is a moving picture, a still one is not.
        let webp = |flags: u8| {
            let mut b = b"RIFF\0\0\0\0WEBPVP8X\x0a\0\0\0".to_vec();
            b.extend([flags, 0, 0, 0]);
            sniff(&b).map(|f| f.kind)
        };
        assert_eq!(webp(0x02), Some(1));
        assert_eq!(webp(0x10), Some(0));
        assert_eq!(
            sniff(b"RIFF\0\0\0\0WEBPVP8 \0\0\0\0").map(|f| f.kind),
            Some(0)
        );
        assert_eq!(kind(&[0xFF, 0xE0, 0xF0, 0x00]), None);
    }

    #[test]
    fn the_shipped_media_are_what_they_claim() {
        for (bytes, kind) in super::super::demo::MEDIA.iter().map(|m| (m.bytes, m.kind)) {
            assert!(check(bytes, Some(kind)).is_ok(), "kind {kind}");
        }
        // An mp4 is not audio: the spec's "audio file error".
        let mp4 = super::super::demo::MEDIA
            .iter()
            .find(|m| m.kind == 3)
            .map(|m| m.bytes);
        let err = check(mp4.unwrap_or_default(), Some(2)).err().map(|e| e.key);
        assert_eq!(err, Some("err_nft_audio"));
    }
}
