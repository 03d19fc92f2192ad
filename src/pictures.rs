//! Pictures as uploads bring them: the kind read from the leading bytes
//! (never the name), and the picture decoded and encoded afresh so only its
//! pixels are kept. Plain functions of bytes, used by the upload route and by
//! the NFT media check.

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
