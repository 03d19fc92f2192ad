//! The demo market, so the marketplace is alive from the first start:
//! artists, collections and items of every media type (the files under
//! `assets/nft/`, made by `scripts/make-nft-media.py` and built into the
//! binary), fixed-price sales, a blind-box series, and an auction of a
//! platform item that `DemoAuctions` starts again whenever the last one is
//! over. All of it goes through the same functions as an admin's actions.

use super::admin::{self, NewItem, NewSeries, Sale};
use super::artists;
use crate::db::now_ms;
use crate::error::ApiResult;
use crate::state::AppState;
use crate::texts;
use ::actors::nft::status;
use ::actors::runtime::{Check, Checks, Meter};
use actix::prelude::*;
use std::sync::Arc;
use std::time::Duration;

/// A shipped media file.
pub struct Media {
    pub name: &'static str,
    /// 0 image, 1 gif, 2 audio, 3 video.
    pub kind: i64,
    pub content_type: &'static str,
    pub bytes: &'static [u8],
}

macro_rules! media {
    ($( $name:literal, $kind:literal, $ct:literal; )*) => {
        pub const MEDIA: &[Media] = &[ $( Media {
            name: $name,
            kind: $kind,
            content_type: $ct,
            bytes: include_bytes!(concat!("../../assets/nft/", $name)),
        }, )* ];
    };
}

media! {
    "art-1.webp", 0, "image/webp";
    "art-2.webp", 0, "image/webp";
    "art-3.webp", 0, "image/webp";
    "art-4.webp", 0, "image/webp";
    "art-5.webp", 0, "image/webp";
    "art-6.webp", 0, "image/webp";
    "art-7.webp", 0, "image/webp";
    "art-8.webp", 0, "image/webp";
    "cover-audio.webp", 0, "image/webp";
    "cover-video.webp", 0, "image/webp";
    "cover-box.webp", 0, "image/webp";
    "loop-1.webp", 1, "image/webp";
    "loop-2.webp", 1, "image/webp";
    "tone.mp3", 2, "audio/mpeg";
    "tone.m4a", 2, "audio/mp4";
    "clip.mp4", 3, "video/mp4";
    "clip.webm", 3, "video/webm";
}

fn address(file: &str) -> String {
    format!("/media/nft/demo-{file}")
}

/// Writes the shipped files (those missing) and records them.
async fn ensure_media(state: &AppState) -> ApiResult<()> {
    let dir = &state.settings.uploads.dir;
    tokio::fs::create_dir_all(dir)
        .await
        .map_err(crate::error::ApiError::internal)?;
    let store = state.nft.store()?;
    let mut tx = store.begin().await?;
    for m in MEDIA {
        let name = format!("demo-{}", m.name);
        let path = dir.join(&name);
        if !path.exists() {
            tokio::fs::write(&path, m.bytes)
                .await
                .map_err(crate::error::ApiError::internal)?;
        }
        sqlx::query("INSERT INTO nft_media (name, content_type, size, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (name) DO NOTHING")
            .bind(&name)
            .bind(m.content_type)
            .bind(m.bytes.len() as i64)
            .bind(now_ms())
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    Ok(())
}

/// (name, intro, kind, media, cover, rarity, fixed price).
type DemoItem = (
    &'static str,
    &'static str,
    i64,
    &'static str,
    &'static str,
    i64,
    i64,
);

const ARTISTS: &[(&str, &str, &str, &str, &[DemoItem])] = &[
    (
        "Lumen Atelier",
        "art-2.webp",
        "Generative light studies: noise fields, rings and skies computed from fixed seeds.",
        "Neon Horizons",
        &[
            (
                "Nebula Drift",
                "Cloud noise lit from within.",
                0,
                "art-1.webp",
                "art-1.webp",
                3,
                120,
            ),
            (
                "Concentric Bloom",
                "Rings that never quite share a centre.",
                0,
                "art-2.webp",
                "art-2.webp",
                1,
                45,
            ),
            (
                "Moire Tide",
                "Two grids, one interference.",
                0,
                "art-5.webp",
                "art-5.webp",
                1,
                60,
            ),
            (
                "Golden Spiral",
                "Dots placed at the golden angle.",
                0,
                "art-8.webp",
                "art-8.webp",
                3,
                180,
            ),
        ],
    ),
    (
        "Mira Okafor",
        "art-7.webp",
        "Shapes, grids and colour after the Bauhaus.",
        "Bauhaus Echoes",
        &[
            (
                "Arc Lattice",
                "Quarter circles tiled.",
                0,
                "art-3.webp",
                "art-3.webp",
                0,
                25,
            ),
            (
                "Stained Glass",
                "Cells of coloured light.",
                0,
                "art-6.webp",
                "art-6.webp",
                2,
                95,
            ),
            (
                "Bauhaus Study",
                "A grid of primary forms.",
                0,
                "art-7.webp",
                "art-7.webp",
                0,
                30,
            ),
            (
                "Pulse Loop",
                "A shape that breathes.",
                1,
                "loop-1.webp",
                "loop-1.webp",
                1,
                40,
            ),
        ],
    ),
    (
        "Sonic Loom",
        "cover-audio.webp",
        "Sound and moving pictures, short and looping.",
        "Waveforms",
        &[
            (
                "Soft Arpeggio",
                "Four seconds of rising notes (MP3).",
                2,
                "tone.mp3",
                "cover-audio.webp",
                1,
                35,
            ),
            (
                "Chord in AAC",
                "The same arpeggio, in M4A.",
                2,
                "tone.m4a",
                "cover-audio.webp",
                0,
                20,
            ),
            (
                "Signal Film",
                "A four-second film (MP4).",
                3,
                "clip.mp4",
                "cover-video.webp",
                2,
                150,
            ),
            (
                "Loop Reel",
                "The film again, in WebM.",
                3,
                "clip.webm",
                "cover-video.webp",
                1,
                90,
            ),
            (
                "Orbit Loop",
                "Bodies in orbit, looping.",
                1,
                "loop-2.webp",
                "loop-2.webp",
                2,
                70,
            ),
        ],
    ),
];

/// The item the demo auction sells first.
const AUCTIONED: DemoItem = (
    "Sunset Grid",
    "A synthwave sun over an endless grid.",
    0,
    "art-4.webp",
    "art-4.webp",
    2,
    0,
);

/// The blind-box series: (name, picture, rarity).
const BOX_ITEMS: &[(&str, &str, i64)] = &[
    ("Prism Shard I", "art-3.webp", 0),
    ("Prism Shard II", "art-7.webp", 0),
    ("Prism Shard III", "art-2.webp", 0),
    ("Prism Shard IV", "art-5.webp", 0),
    ("Prism Wave", "art-6.webp", 1),
    ("Prism Tide", "art-1.webp", 1),
    ("Prism Sun", "art-4.webp", 2),
    ("Prism Crown", "art-8.webp", 3),
];

const SERIES_INTRO: &str =
    "Eight prisms, one per box: four common, two rare, one epic, one legendary.";
const BOX_ITEM_INTRO: &str = "From the Mystery Prism blind box.";

const DAY_MS: i64 = 86_400_000;
const UNIT: i64 = 100_000_000;

/// Seeds the demo market once (when there is no artist yet).
pub async fn seed(state: &AppState) -> ApiResult<()> {
    ensure_media(state).await?;
    let (artists,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM nft_artists")
        .fetch_one(&state.db)
        .await?;
    if artists > 0 {
        return Ok(());
    }
    let currency = state.settings.nft.currencies.first().copied().unwrap_or(3);
    let now = now_ms();
    let mut first_collection = None;
    for (name, avatar, intro, collection, items) in ARTISTS {
        let intros = texts::demo(intro);
        let artist = artists::create_artist(state, name, &address(avatar), intro, &intros).await?;
        let cover = items.first().map_or(*avatar, |i| i.4);
        let c =
            artists::create_collection(state, artist, collection, intro, &intros, &address(cover))
                .await?;
        first_collection.get_or_insert(c);
        for (name, intro, kind, media, cover, rarity, price) in items.iter().copied() {
            let item = NewItem {
                collection: c,
                name: name.into(),
                intro: intro.into(),
                intros: texts::demo(intro),
                kind,
                media: address(media),
                cover: address(cover),
                rarity,
                currency,
            };
            let sale = Sale {
                auction: false,
                price: price * UNIT,
                step: 0,
                margin: 0,
                starts_at: now,
                ends_at: now + 365 * DAY_MS,
            };
            admin::create_item(state, &item, Some(&sale)).await?;
        }
    }
    let Some(collection) = first_collection else {
        return Ok(());
    };
    let (name, intro, kind, media, cover, rarity, _) = AUCTIONED;
    let item = NewItem {
        collection,
        name: name.into(),
        intro: intro.into(),
        intros: texts::demo(intro),
        kind,
        media: address(media),
        cover: address(cover),
        rarity,
        currency,
    };
    admin::create_item(state, &item, None).await?;
    let series = NewSeries {
        collection,
        name: "Mystery Prism".into(),
        intro: SERIES_INTRO.into(),
        intros: texts::demo(SERIES_INTRO),
        cover: address("cover-box.webp"),
        currency,
        price: 15 * UNIT,
        starts_at: now,
        ends_at: now + 30 * DAY_MS,
        items: BOX_ITEMS
            .iter()
            .map(|(name, pic, rarity)| NewItem {
                collection,
                name: (*name).into(),
                intro: BOX_ITEM_INTRO.into(),
                intros: texts::demo(BOX_ITEM_INTRO),
                kind: 0,
                media: address(pic),
                cover: address(pic),
                rarity: *rarity,
                currency,
            })
            .collect(),
    };
    admin::create_series(state, &series).await?;
    Ok(())
}

/// Starts the demo auction again once the last one is over: the platform's
/// item it last auctioned (or, once that sold, another platform item not on
/// sale) for `demo_auction_minutes`.
pub struct DemoAuctions {
    state: AppState,
    meter: Arc<Meter>,
    live: Option<i64>,
}

impl DemoAuctions {
    pub fn new(state: AppState, meter: Arc<Meter>) -> DemoAuctions {
        DemoAuctions {
            state,
            meter,
            live: None,
        }
    }
}

async fn cycle(state: &AppState) -> ApiResult<i64> {
    let live: Option<(i64,)> = sqlx::query_as(
        "SELECT id FROM nft_listings WHERE demo = 1 AND status IN ($1, $2) ORDER BY id DESC LIMIT 1",
    )
    .bind(status::ON_SALE)
    .bind(status::AWAITING_PAYMENT)
    .fetch_optional(&state.db)
    .await?;
    if let Some((id,)) = live {
        state.nft.run_auction(id);
        return Ok(id);
    }
    // The platform's items with no live listing, the last auctioned first.
    let next: Option<(i64, i64)> = sqlx::query_as(
        "SELECT i.id, i.currency FROM nft_items i WHERE i.owner_id IS NULL AND i.series_id IS NULL
         AND NOT EXISTS (SELECT 1 FROM nft_listings l WHERE l.item_id = i.id AND l.status IN ($1, $2, $3))
         ORDER BY (SELECT COUNT(*) FROM nft_listings d WHERE d.item_id = i.id AND d.demo = 1) DESC, i.id LIMIT 1",
    )
    .bind(status::REVIEW)
    .bind(status::ON_SALE)
    .bind(status::AWAITING_PAYMENT)
    .fetch_optional(&state.db)
    .await?;
    let Some((item, currency)) = next else {
        return Ok(0);
    };
    let now = now_ms();
    let minutes = state
        .settings
        .nft
        .demo_auction_minutes
        .clamp(1, 7 * 24 * 60);
    let sale = Sale {
        auction: true,
        price: 50 * UNIT,
        step: 5 * UNIT,
        margin: 10 * UNIT,
        starts_at: now,
        ends_at: now + minutes * 60_000,
    };
    let store = state.nft.store()?;
    let mut tx = store.begin().await?;
    let id = admin::list_item(&mut tx, item, None, currency, &sale, status::ON_SALE, true).await?;
    tx.commit().await?;
    let Some(id) = id else { return Ok(0) };
    state.nft.run_auction(id);
    Ok(id)
}

impl Actor for DemoAuctions {
    type Context = Context<Self>;

    fn started(&mut self, ctx: &mut Context<Self>) {
        ctx.notify(Look);
        ctx.run_interval(Duration::from_secs(15), |_, ctx| ctx.notify(Look));
        // Alive on the health screen between looks (it flags 10 s of silence).
        ctx.run_interval(Duration::from_secs(5), |act, _| act.meter.seen());
    }
}

#[derive(Message)]
#[rtype(result = "()")]
struct Look;

impl Handler<Look> for DemoAuctions {
    type Result = AtomicResponse<Self, ()>;

    fn handle(&mut self, _: Look, _: &mut Context<Self>) -> Self::Result {
        let state = self.state.clone();
        AtomicResponse::new(Box::pin(
            async move { cycle(&state).await }
                .into_actor(self)
                .map(|res, act, _| match res {
                    Ok(id) => act.live = (id > 0).then_some(id),
                    Err(e) => log::error!("nft demo auction: {e:?}"),
                }),
        ))
    }
}

impl Handler<Checks> for DemoAuctions {
    type Result = MessageResult<Checks>;

    fn handle(&mut self, _: Checks, _: &mut Context<Self>) -> Self::Result {
        MessageResult(vec![match self.live {
            Some(id) => Check::ok("live_auction", id.to_string()),
            None => Check::warn("live_auction", "none"),
        }])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_demo_text_comes_in_all_nine_languages() {
        let mut english: Vec<&str> = vec![SERIES_INTRO, BOX_ITEM_INTRO, AUCTIONED.1];
        for (_, _, intro, _, items) in ARTISTS {
            english.push(intro);
            english.extend(items.iter().map(|i| i.1));
        }
        for text in english {
            assert!(texts::demo_complete(text), "{text:?} lacks translations");
        }
    }
}
