//! What admins (and the demo) do: create items, with the platform's first
//! listing, and blind-box series; review resale listings (the spec's rule:
//! selling needs the platform's review); see the listings and live auctions.

use super::catalogue::{self, Card};
use crate::db::now_ms;
use crate::error::{ApiError, ApiResult, Kind};
use crate::extract::Paging;
use crate::funds::units;
use crate::params::Paged;
use crate::state::AppState;
use crate::texts::{Field, Texts};
use ::actors::nft::engine;
use ::actors::nft::status;
use ::actors::sql::WriteTx;
use serde::Serialize;
use utoipa::ToSchema;

/// A listing's terms (the platform's or a resale), in units and
/// milliseconds.
#[derive(Debug, Clone, Copy)]
pub struct Sale {
    pub auction: bool,
    pub price: i64,
    pub step: i64,
    pub margin: i64,
    pub starts_at: i64,
    pub ends_at: i64,
}

impl Sale {
    /// A positive price, a positive step for an auction, a deposit not
    /// below zero, an end after the start and in the future.
    pub(crate) fn check(&self) -> ApiResult<()> {
        if self.price <= 0 {
            return Err(ApiError::invalid("err_nft_price"));
        }
        if self.auction && self.step <= 0 {
            return Err(ApiError::invalid("err_nft_step"));
        }
        if self.margin < 0 || self.ends_at <= self.starts_at || self.ends_at <= now_ms() {
            return Err(ApiError::invalid("err_nft_times"));
        }
        Ok(())
    }
}

/// An item's description.
#[derive(Debug, Clone)]
pub struct NewItem {
    pub collection: i64,
    pub name: String,
    pub intro: String,
    /// The intro in the other languages.
    pub intros: Texts,
    /// 0 image, 1 gif, 2 audio, 3 video.
    pub kind: i64,
    pub media: String,
    pub cover: String,
    pub rarity: i64,
    pub currency: i64,
}

impl NewItem {
    async fn check(&self, state: &AppState) -> ApiResult<i64> {
        let name = self.name.trim().chars().count();
        if !(2..=60).contains(&name) || self.intro.chars().count() > 2000 {
            return Err(ApiError::invalid("err_nft_text"));
        }
        self.intros.check(Field::ItemIntro)?;
        if !(0..=3).contains(&self.rarity) || !(0..=3).contains(&self.kind) {
            return Err(ApiError::invalid("err_type_invalid"));
        }
        if !state.settings.nft.currencies.contains(&self.currency) {
            return Err(ApiError::invalid("err_currency_invalid"));
        }
        if !super::media::known(state, &self.media, Some(self.kind)).await? {
            return Err(ApiError::invalid(if self.kind == 2 {
                "err_nft_audio"
            } else {
                "err_nft_media"
            }));
        }
        if !super::media::known(state, &self.cover, Some(0)).await? {
            return Err(ApiError::invalid("err_nft_media"));
        }
        let artist: Option<(i64,)> =
            sqlx::query_as("SELECT artist_id FROM nft_collections WHERE id = $1")
                .bind(self.collection)
                .fetch_optional(&state.db)
                .await?;
        artist
            .map(|a| a.0)
            .ok_or_else(|| ApiError::new(Kind::NotFound, "err_nft_not_found"))
    }

    async fn insert(
        &self,
        tx: &mut WriteTx,
        artist: i64,
        series: Option<(i64, i64)>,
    ) -> ApiResult<i64> {
        let (id,): (i64,) = sqlx::query_as(
            "INSERT INTO nft_items (collection_id, artist_id, series_id, slot, name, intro, kind, media, cover, rarity, currency, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id",
        )
        .bind(self.collection)
        .bind(artist)
        .bind(series.map(|s| s.0))
        .bind(series.map(|s| s.1))
        .bind(self.name.trim())
        .bind(self.intro.trim())
        .bind(self.kind)
        .bind(&self.media)
        .bind(&self.cover)
        .bind(self.rarity)
        .bind(self.currency)
        .bind(now_ms())
        .fetch_one(&mut **tx)
        .await?;
        crate::texts::save(tx, Field::ItemIntro, id, &self.intros).await?;
        Ok(id)
    }
}

/// Lists `item` in state `status` (`seller` None for the platform; `demo`
/// for the demo's cycling auction), unless it has a live listing (in
/// review, on sale or awaiting payment): then None. One live listing per
/// item.
#[allow(clippy::too_many_arguments)]
pub(crate) async fn list_item(
    tx: &mut WriteTx,
    item: i64,
    seller: Option<i64>,
    currency: i64,
    s: &Sale,
    st: i64,
    demo: bool,
) -> ApiResult<Option<i64>> {
    let row: Option<(i64,)> = sqlx::query_as(
        "INSERT INTO nft_listings (item_id, seller_id, mode, currency, price, step, margin, starts_at, ends_at, status, demo, created_at)
         SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12
         WHERE NOT EXISTS (SELECT 1 FROM nft_listings WHERE item_id = $1 AND status IN ($13, $14, $15)) RETURNING id",
    )
    .bind(item)
    .bind(seller)
    .bind(if s.auction { status::AUCTION } else { status::FIXED })
    .bind(currency)
    .bind(s.price)
    .bind(if s.auction { s.step } else { 0 })
    .bind(if s.auction { s.margin } else { 0 })
    .bind(s.starts_at)
    .bind(s.ends_at)
    .bind(st)
    .bind(i64::from(demo))
    .bind(now_ms())
    .bind(status::REVIEW)
    .bind(status::ON_SALE)
    .bind(status::AWAITING_PAYMENT)
    .fetch_optional(&mut **tx)
    .await?;
    Ok(row.map(|r| r.0))
}

/// Creates an item, listed by the platform when `sale` is given.
pub async fn create_item(state: &AppState, item: &NewItem, sale: Option<&Sale>) -> ApiResult<Card> {
    let artist = item.check(state).await?;
    if let Some(s) = sale {
        s.check()?;
    }
    let store = state.nft.store()?;
    let mut tx = store.begin().await?;
    let id = item.insert(&mut tx, artist, None).await?;
    let listing = match sale {
        Some(s) => list_item(&mut tx, id, None, item.currency, s, status::ON_SALE, false)
            .await?
            .map(|l| (l, s.auction)),
        None => None,
    };
    tx.commit().await?;
    if let Some((listing, true)) = listing {
        state.nft.run_auction(listing);
    }
    catalogue::card(state, id, None).await
}

/// A blind-box series: its items in slot order.
#[derive(Debug, Clone)]
pub struct NewSeries {
    pub collection: i64,
    pub name: String,
    pub intro: String,
    /// The intro in the other languages.
    pub intros: Texts,
    pub cover: String,
    pub currency: i64,
    pub price: i64,
    pub starts_at: i64,
    pub ends_at: i64,
    pub items: Vec<NewItem>,
}

/// Creates a series with a fresh secret seed; its hash is public from now.
pub async fn create_series(state: &AppState, s: &NewSeries) -> ApiResult<i64> {
    if !(1..=1000).contains(&s.items.len()) {
        return Err(ApiError::invalid("err_nft_series_items"));
    }
    if s.price <= 0 {
        return Err(ApiError::invalid("err_nft_price"));
    }
    if s.ends_at <= s.starts_at || s.ends_at <= now_ms() {
        return Err(ApiError::invalid("err_nft_times"));
    }
    if !state.settings.nft.currencies.contains(&s.currency) {
        return Err(ApiError::invalid("err_currency_invalid"));
    }
    let head = NewItem {
        collection: s.collection,
        name: s.name.clone(),
        intro: s.intro.clone(),
        intros: s.intros.clone(),
        kind: 0,
        media: s.cover.clone(),
        cover: s.cover.clone(),
        rarity: 0,
        currency: s.currency,
    };
    let artist = head.check(state).await?;
    for i in &s.items {
        if i.collection != s.collection || i.currency != s.currency {
            return Err(ApiError::invalid("err_nft_series_items"));
        }
        i.check(state).await?;
    }
    let seed = hex::encode(rand::random::<[u8; 32]>());
    let store = state.nft.store()?;
    let mut tx = store.begin().await?;
    let (id,): (i64,) = sqlx::query_as(
        "INSERT INTO nft_series (collection_id, name, intro, cover, currency, price, total, sold, seed, seed_hash, starts_at, ends_at, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 0, $8, $9, $10, $11, $12) RETURNING id",
    )
    .bind(s.collection)
    .bind(s.name.trim())
    .bind(s.intro.trim())
    .bind(&s.cover)
    .bind(s.currency)
    .bind(s.price)
    .bind(s.items.len() as i64)
    .bind(&seed)
    .bind(engine::seed_hash(&seed))
    .bind(s.starts_at)
    .bind(s.ends_at)
    .bind(now_ms())
    .fetch_one(&mut *tx)
    .await?;
    crate::texts::save(&mut tx, Field::SeriesIntro, id, &s.intros).await?;
    for (slot, i) in s.items.iter().enumerate() {
        i.insert(&mut tx, artist, Some((id, slot as i64))).await?;
    }
    tx.commit().await?;
    Ok(id)
}

/// A listing as the admin review queue shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Listing {
    pub id: i64,
    pub item_id: i64,
    pub name: String,
    pub cover: String,
    /// The seller's id; null for the platform.
    pub seller_id: Option<i64>,
    pub seller: Option<String>,
    pub mode: String,
    pub currency_name: String,
    pub price: String,
    pub step: String,
    pub margin: String,
    pub starts_at: i64,
    pub ends_at: i64,
    pub status: i64,
    pub bids: i64,
    pub current_bid: Option<String>,
    pub created_at: i64,
}

#[derive(sqlx::FromRow)]
struct ListingJoin {
    id: i64,
    item_id: i64,
    name: String,
    cover: String,
    seller_id: Option<i64>,
    nickname: Option<String>,
    mode: i64,
    currency: i64,
    price: i64,
    step: i64,
    margin: i64,
    starts_at: i64,
    ends_at: i64,
    status: i64,
    bids: i64,
    top_price: Option<i64>,
    created_at: i64,
}

/// Listings of one state (review first by default), newest first.
pub async fn listings(
    state: &AppState,
    st: Option<i64>,
    paging: Paging,
) -> ApiResult<Paged<Listing>> {
    let filter = "CAST($1 AS BIGINT) IS NULL OR l.status = $1";
    let (total,): (i64,) = sqlx::query_as(&format!(
        "SELECT COUNT(*) FROM nft_listings l WHERE {filter}"
    ))
    .bind(st)
    .fetch_one(&state.db)
    .await?;
    let rows: Vec<ListingJoin> = sqlx::query_as(&format!(
        "SELECT l.id, l.item_id, i.name, i.cover, l.seller_id, u.nickname, l.mode, l.currency, l.price, l.step, l.margin, l.starts_at, l.ends_at, l.status, l.bids, l.top_price, l.created_at
         FROM nft_listings l JOIN nft_items i ON i.id = l.item_id LEFT JOIN users u ON u.id = l.seller_id
         WHERE {filter} ORDER BY l.id DESC LIMIT $2 OFFSET $3"
    ))
    .bind(st)
    .bind(paging.limit)
    .bind(paging.offset())
    .fetch_all(&state.db)
    .await?;
    let list = rows
        .into_iter()
        .map(|r| Listing {
            id: r.id,
            item_id: r.item_id,
            name: r.name,
            cover: r.cover,
            seller_id: r.seller_id,
            seller: r.nickname,
            mode: if r.mode == status::AUCTION {
                "auction"
            } else {
                "normal"
            }
            .into(),
            currency_name: super::coin_name(state, r.currency),
            price: units(r.price),
            step: units(r.step),
            margin: units(r.margin),
            starts_at: r.starts_at,
            ends_at: r.ends_at,
            status: r.status,
            bids: r.bids,
            current_bid: r.top_price.map(units),
            created_at: r.created_at,
        })
        .collect();
    Ok(Paged::of(paging, list, total))
}

/// Reviews a resale listing: approved, it goes on sale (an auction's actor
/// starts); refused, it is closed. The seller is told either way.
pub async fn review(state: &AppState, id: i64, approve: bool) -> ApiResult<()> {
    let store = state.nft.store()?;
    let l = ::actors::nft::store::listing(&store, id)
        .await?
        .ok_or_else(|| ApiError::new(Kind::NotFound, "err_nft_not_found"))?;
    if approve && l.ends_at <= now_ms() {
        return Err(ApiError::invalid("err_nft_times"));
    }
    let to = if approve {
        status::ON_SALE
    } else {
        status::REJECTED
    };
    let guard = format!(
        "UPDATE nft_listings SET status = {to} WHERE id = {id} AND status = {}",
        status::REVIEW
    );
    let mut tx = store
        .begin_if(&guard)
        .await?
        .ok_or_else(|| ApiError::new(Kind::NotFound, "err_review_done"))?;
    if let Some(seller) = l.seller_id {
        let kind = if approve { "approved" } else { "rejected" };
        ::actors::nft::store::message(&mut tx, seller, kind, &l, Some(l.price), now_ms()).await?;
    }
    tx.commit().await?;
    if let Some(seller) = l.seller_id {
        super::tell_message(state, seller, id);
    }
    if approve && l.mode == status::AUCTION {
        state.nft.run_auction(id);
    }
    Ok(())
}
