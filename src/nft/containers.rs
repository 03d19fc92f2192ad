//! The structure of audio and video files, walked far enough to know the whole
//! file is one: an MP4's boxes tile the file with a `moov` among them, a WebM
//! starts with a complete EBML header naming `webm` followed by a Segment, an
//! MP3 is frames that follow one another where their headers say (after an ID3
//! tag of the size it declares). The first bytes alone let `ID3` followed by a
//! web page through.
//!
//! Hand-written rather than a demuxer crate: only the framing is checked, a
//! few dozen lines per format from their specifications, where the crates that
//! parse these formats (symphonia, mp4, matroska) bring decoders and a large
//! build for it.

/// Whether `b` is an MP4 (ISO base media file): top-level boxes tile the file
/// exactly, the first is `ftyp`, and one is the `moov` that describes the media.
pub fn mp4(b: &[u8]) -> bool {
    let mut at = 0usize;
    let mut moov = false;
    while at < b.len() {
        let Some((kind, size)) = mp4_box(b, at) else {
            return false;
        };
        if at == 0 && kind != *b"ftyp" {
            return false;
        }
        moov |= kind == *b"moov";
        at += size;
    }
    moov
}

/// The box at `at`: its type and whole size, when both fit the file.
fn mp4_box(b: &[u8], at: usize) -> Option<([u8; 4], usize)> {
    let rest = b.len() - at;
    let head = b.get(at..at + 8)?;
    let kind = [head[4], head[5], head[6], head[7]];
    // Types are four printable characters (`©` appears in metadata boxes).
    if !kind
        .iter()
        .all(|c| c.is_ascii_alphanumeric() || *c == b' ' || *c == 0xA9)
    {
        return None;
    }
    let (size, least) = match u32::from_be_bytes([head[0], head[1], head[2], head[3]]) {
        // To the end of the file.
        0 => (rest as u64, 8),
        // A 64-bit size follows the type.
        1 => {
            let l = b.get(at + 8..at + 16)?;
            let mut v = [0u8; 8];
            v.copy_from_slice(l);
            (u64::from_be_bytes(v), 16)
        }
        s => (u64::from(s), 8),
    };
    if size < least || size > rest as u64 {
        return None;
    }
    Some((kind, usize::try_from(size).ok()?))
}

const EBML: u32 = 0x1A45_DFA3;
const DOC_TYPE: u32 = 0x4282;
const SEGMENT: u32 = 0x1853_8067;

/// Whether `b` is a WebM: a complete EBML header whose DocType is `webm`, then
/// a Segment whose first element fits in the file.
pub fn webm(b: &[u8]) -> bool {
    webm_parts(b).is_some()
}

fn webm_parts(b: &[u8]) -> Option<()> {
    let (id, at) = ebml_id(b, 0)?;
    let (size, at) = ebml_size(b, at)?;
    if id != EBML {
        return None;
    }
    let header = b.get(at..at.checked_add(size?)?)?;
    let mut doc = false;
    let mut i = 0;
    while i < header.len() {
        let (id, j) = ebml_id(header, i)?;
        let (size, j) = ebml_size(header, j)?;
        let end = j.checked_add(size?)?;
        let value = header.get(j..end)?;
        if id == DOC_TYPE {
            doc = value.strip_suffix(&[0]).unwrap_or(value) == b"webm";
        }
        i = end;
    }
    if !doc {
        return None;
    }
    let (id, at) = ebml_id(b, at + header.len())?;
    let (size, at) = ebml_size(b, at)?;
    // A Segment of unknown size (live streams) runs to the end of the file.
    let segment = match size {
        Some(s) => b.get(at..at.checked_add(s)?)?,
        None => &b[at..],
    };
    if id != SEGMENT {
        return None;
    }
    let (_, j) = ebml_id(segment, 0)?;
    let (size, j) = ebml_size(segment, j)?;
    match size {
        Some(s) => segment.get(j..j.checked_add(s)?).map(|_| ()),
        None => Some(()),
    }
}

/// The length of an EBML variable-size integer from its first byte (1-8).
fn vint_len(first: u8) -> Option<usize> {
    (first != 0).then(|| first.leading_zeros() as usize + 1)
}

/// An element ID at `at` (markers kept, 1-4 bytes) and where its size starts.
fn ebml_id(b: &[u8], at: usize) -> Option<(u32, usize)> {
    let len = vint_len(*b.get(at)?).filter(|l| *l <= 4)?;
    let bytes = b.get(at..at + len)?;
    Some((
        bytes.iter().fold(0u32, |v, x| (v << 8) | u32::from(*x)),
        at + len,
    ))
}

/// An element's data size at `at` (None inside: unknown, all ones) and where
/// its data starts.
fn ebml_size(b: &[u8], at: usize) -> Option<(Option<usize>, usize)> {
    let len = vint_len(*b.get(at)?)?;
    let bytes = b.get(at..at + len)?;
    let first = u64::from(bytes[0]) & (0xFF >> len);
    let value = bytes[1..]
        .iter()
        .fold(first, |v, x| (v << 8) | u64::from(*x));
    let unknown = value == (1u64 << (7 * len)) - 1;
    let size = if unknown {
        None
    } else {
        Some(usize::try_from(value).ok()?)
    };
    Some((size, at + len))
}

/// Whether `b` is an MP3: after an optional ID3v2 tag (whose declared size is
/// skipped), two MPEG audio frames, the second where the first one's header
/// says it ends.
pub fn mp3(b: &[u8]) -> bool {
    let mut at = 0usize;
    if b.starts_with(b"ID3") {
        let Some(h) = b.get(..10) else {
            return false;
        };
        // Version 2.2-2.4; the size is four 7-bit bytes.
        if !(2..=4).contains(&h[3]) || h[6..10].iter().any(|x| *x >= 0x80) {
            return false;
        }
        let size = h[6..10]
            .iter()
            .fold(0usize, |v, x| (v << 7) | usize::from(*x));
        let footer = if h[5] & 0x10 != 0 { 10 } else { 0 };
        at = 10 + size + footer;
    }
    let Some(first) = b.get(at..at + 4).and_then(frame_len) else {
        return false;
    };
    b.get(at + first..at + first + 4)
        .and_then(frame_len)
        .is_some()
}

/// Kilobits per second by bitrate index (1-14), for MPEG-1 layers I, II, III
/// and MPEG-2/2.5 layer I, layers II and III.
const BITRATES: [[u16; 14]; 5] = [
    [
        32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448,
    ],
    [
        32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384,
    ],
    [
        32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320,
    ],
    [
        32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256,
    ],
    [8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
];

/// The length in bytes of the MPEG audio frame whose header is `h`, when it
/// is one (sync bits, and a version, layer, bitrate and sample rate that exist).
fn frame_len(h: &[u8]) -> Option<usize> {
    if h.len() < 4 || h[0] != 0xFF || h[1] & 0xE0 != 0xE0 {
        return None;
    }
    // 0 MPEG-2.5, 2 MPEG-2, 3 MPEG-1; layer 1 is III, 2 II, 3 I.
    let version = (h[1] >> 3) & 3;
    let layer = (h[1] >> 1) & 3;
    let rate = usize::from(h[2] >> 4);
    let sample = usize::from((h[2] >> 2) & 3);
    let padding = usize::from((h[2] >> 1) & 1);
    if version == 1 || layer == 0 || !(1..=14).contains(&rate) || sample == 3 {
        return None;
    }
    let mpeg1 = version == 3;
    let table = match (mpeg1, layer) {
        (true, 3) => 0,
        (true, 2) => 1,
        (true, _) => 2,
        (false, 3) => 3,
        (false, _) => 4,
    };
    let kbps = usize::from(BITRATES[table][rate - 1]);
    let hz = [
        [11_025, 12_000, 8_000],
        [0, 0, 0],
        [22_050, 24_000, 16_000],
        [44_100, 48_000, 32_000],
    ][usize::from(version)][sample];
    let bits = kbps * 1000;
    Some(match layer {
        3 => (12 * bits / hz + padding) * 4,
        1 if !mpeg1 => 72 * bits / hz + padding,
        _ => 144 * bits / hz + padding,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const MP3: &[u8] = include_bytes!("../../assets/nft/tone.mp3");
    const M4A: &[u8] = include_bytes!("../../assets/nft/tone.m4a");
    const MP4: &[u8] = include_bytes!("../../assets/nft/clip.mp4");
    const WEBM: &[u8] = include_bytes!("../../assets/nft/clip.webm");
    const PAGE: &[u8] = b"<html><script>alert(1)</script></html>";

    fn with(head: &[u8], tail: &[u8]) -> Vec<u8> {
        [head, tail].concat()
    }

    #[test]
    fn real_files_pass() {
        assert!(mp3(MP3));
        assert!(mp4(M4A));
        assert!(mp4(MP4));
        assert!(webm(WEBM));
    }

    #[test]
    fn a_right_start_on_something_else_fails() {
        // An ID3 tag, then a web page.
        assert!(!mp3(&with(b"ID3\x04\0\0\0\0\0\0", PAGE)));
        // One frame header, then a page.
        assert!(!mp3(&with(&MP3[..4], PAGE)));
        // An `ftyp` box, then a page; and the boxes without their `moov`.
        assert!(!mp4(&with(&MP4[..32], PAGE)));
        assert!(!mp4(&with(b"\0\0\0\x10ftypisom\0\0\x02\0", PAGE)));
        // The EBML header, then a page instead of a Segment.
        let (_, at) = ebml_id(WEBM, 0).unwrap_or_default();
        let (size, at) = ebml_size(WEBM, at).unwrap_or_default();
        let header = &WEBM[..at + size.unwrap_or_default()];
        assert!(webm_parts(header).is_none());
        assert!(!webm(&with(header, PAGE)));
        assert!(!webm(&with(&[0x1A, 0x45, 0xDF, 0xA3], b"webm")));
    }

    #[test]
    fn cut_files_fail() {
        assert!(!mp4(&MP4[..MP4.len() - 1]));
        assert!(!mp3(&MP3[..3]));
        assert!(!webm(&WEBM[..30]));
    }
}
