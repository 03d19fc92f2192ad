//! Blind boxes as the screens read and use them: the series (its items and
//! rarities published before the sale, the seed's hash, the seed once the
//! series sold out or ended), buying a box, opening it, and the caller's
//! boxes with the check each one can make against the revealed seed.

use super::catalogue::{self, Card};
use super::{coin_name, RARITIES};
use crate::db::now_ms;
use crate::error::{ApiError, ApiResult, Kind};
use crate::extract::Paging;
use crate::funds::units;
use crate::params::Paged;
use crate::state::AppState;
use ::actors::nft::boxes::{self as store, BoxRow, SeriesRow, BOX_COLUMNS, SERIES_COLUMNS};
use ::actors::nft::engine;
use serde::Serialize;
use utoipa::ToSchema;

/// The rule, as the series page states it.
pub const RULE: &str = "Sort the slots 0…total-1 by the SHA-256 (hex) of \"SEED:SLOT\"; box number N (0 for the first sold) holds the N-th slot of that order.";

/// A series as lists show it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SeriesCard {
    pub id: i64,
    /// Always `box`.
    #[serde(rename = "type")]
    pub kind: String,
    pub name: String,
    pub intro: String,
    pub cover: String,
    pub artist_id: i64,
    pub artist_name: String,
    pub collection_id: i64,
    pub currency: i64,
    pub currency_name: String,
    pub price: String,
    pub total: i64,
    pub sold: i64,
    pub starts_at: i64,
    pub ends_at: i64,
    pub sale_status: i64,
    pub revealed: bool,
}

#[derive(sqlx::FromRow)]
struct SeriesJoin {
    #[sqlx(flatten)]
    s: SeriesRow,
    artist_id: i64,
    artist_name: String,
}

const SERIES_SELECT: &str = "SELECT s.id, s.collection_id, s.name, s.intro, s.cover, s.currency, s.price, s.total, s.sold, s.seed, s.seed_hash, s.starts_at, s.ends_at, s.created_at, a.id AS artist_id, a.name AS artist_name FROM nft_series s JOIN nft_collections c ON c.id = s.collection_id JOIN nft_artists a ON a.id = c.artist_id";

impl SeriesJoin {
    fn card(self, state: &AppState, now: i64) -> SeriesCard {
        let s = self.s;
        SeriesCard {
            id: s.id,
            kind: "box".into(),
            revealed: s.revealed(now),
            sale_status: engine::sale_status(now, s.starts_at, s.ends_at, s.sold < s.total),
            name: s.name,
            intro: s.intro,
            cover: s.cover,
            artist_id: self.artist_id,
            artist_name: self.artist_name,
            collection_id: s.collection_id,
            currency: s.currency,
            currency_name: coin_name(state, s.currency),
            price: units(s.price),
            total: s.total,
            sold: s.sold,
            starts_at: s.starts_at,
            ends_at: s.ends_at,
        }
    }
}

/// Every series, newest first.
pub async fn list(state: &AppState, paging: Paging) -> ApiResult<Paged<SeriesCard>> {
    let (total,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM nft_series")
        .fetch_one(&state.db)
        .await?;
    let rows: Vec<SeriesJoin> = sqlx::query_as(&format!(
        "{SERIES_SELECT} ORDER BY s.id DESC LIMIT $1 OFFSET $2"
    ))
    .bind(paging.limit)
    .bind(paging.offset())
    .fetch_all(&state.db)
    .await?;
    let now = now_ms();
    let cards = rows.into_iter().map(|r| r.card(state, now)).collect();
    Ok(Paged::of(paging, cards, total))
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Slot {
    pub slot: i64,
    pub item: Card,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct RarityCount {
    pub rarity: String,
    pub rarity_level: i64,
    pub count: i64,
}

/// One of the caller's boxes, with what the rule says it holds once the
/// seed is known.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MyBox {
    pub id: i64,
    pub series_id: i64,
    pub series_name: String,
    pub cover: String,
    pub number: i64,
    pub opened: bool,
    pub item_id: Option<i64>,
    pub item_name: Option<String>,
    /// The slot the box's item holds (opened boxes).
    pub slot: Option<i64>,
    /// The slot the rule gives the number with the revealed seed.
    pub rule_slot: Option<i64>,
    /// `rule_slot` is the opened item's slot (null until both are known).
    pub verified: Option<bool>,
    pub bought_at: i64,
    pub opened_at: Option<i64>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SeriesDetail {
    pub series: SeriesCard,
    pub items: Vec<Slot>,
    pub rarities: Vec<RarityCount>,
    pub seed_hash: String,
    /// The seed, once the series sold out or ended.
    pub seed: Option<String>,
    pub rule: String,
    pub my_boxes: Vec<MyBox>,
    pub server_time: i64,
}

async fn series_row(state: &AppState, id: i64) -> ApiResult<SeriesJoin> {
    let row: Option<SeriesJoin> = sqlx::query_as(&format!("{SERIES_SELECT} WHERE s.id = $1"))
        .bind(id)
        .fetch_optional(&state.db)
        .await?;
    row.ok_or_else(|| ApiError::new(Kind::NotFound, "err_nft_not_found"))
}

/// One series with its published items, the seed's hash (and the seed once
/// revealed) and the caller's boxes.
pub async fn detail(state: &AppState, id: i64, viewer: Option<i64>) -> ApiResult<SeriesDetail> {
    let j = series_row(state, id).await?;
    let now = now_ms();
    let revealed = j.s.revealed(now);
    let (seed, seed_hash) = (j.s.seed.clone(), j.s.seed_hash.clone());
    let rows: Vec<(i64, i64)> =
        sqlx::query_as("SELECT id, slot FROM nft_items WHERE series_id = $1 ORDER BY slot")
            .bind(id)
            .fetch_all(&state.db)
            .await?;
    let mut items = Vec::with_capacity(rows.len());
    for (item, slot) in rows {
        items.push(Slot {
            slot,
            item: catalogue::card(state, item, viewer).await?,
        });
    }
    let rarities = (0..RARITIES.len() as i64)
        .map(|r| RarityCount {
            rarity: RARITIES[r as usize].into(),
            rarity_level: r,
            count: items.iter().filter(|s| s.item.rarity_level == r).count() as i64,
        })
        .filter(|r| r.count > 0)
        .collect();
    let my_boxes = match viewer {
        Some(u) => {
            boxes_of(
                state,
                u,
                Some(id),
                Paging {
                    page: 1,
                    limit: 100,
                },
            )
            .await?
            .data
        }
        None => Vec::new(),
    };
    Ok(SeriesDetail {
        series: j.card(state, now),
        items,
        rarities,
        seed_hash,
        seed: revealed.then_some(seed),
        rule: RULE.into(),
        my_boxes,
        server_time: now,
    })
}

/// Buys the series' next box.
pub async fn buy(state: &AppState, user: i64, series: i64) -> ApiResult<MyBox> {
    let s = store::series(&state.nft.store()?, series)
        .await?
        .ok_or_else(|| ApiError::new(Kind::NotFound, "err_nft_not_found"))?;
    let b = store::buy(&state.nft.store()?, &s, user, now_ms())
        .await
        .map_err(ApiError::from)?;
    super::tell_balance(state, user, s.currency);
    // Answered from what the purchase wrote, not read back: in a drop every
    // read is another wait for the pool behind a thousand other buyers.
    view(state, b, &s).await
}

/// Opens one of the caller's boxes: answers the box and the item it held.
pub async fn open(state: &AppState, user: i64, id: i64) -> ApiResult<(MyBox, Card)> {
    let store_ = state.nft.store()?;
    let b = store::one_box(&store_, id)
        .await?
        .filter(|b| b.user_id == user)
        .ok_or_else(|| ApiError::new(Kind::NotFound, "err_nft_not_found"))?;
    if b.item_id.is_some() {
        return Err(ApiError::conflict("err_nft_box_opened"));
    }
    let s = store::series(&store_, b.series_id)
        .await?
        .ok_or_else(|| ApiError::new(Kind::NotFound, "err_nft_not_found"))?;
    let item = store::open(&store_, &b, &s, user, now_ms())
        .await
        .map_err(ApiError::from)?;
    Ok((
        one(state, user, id).await?,
        catalogue::card(state, item, Some(user)).await?,
    ))
}

async fn one(state: &AppState, user: i64, id: i64) -> ApiResult<MyBox> {
    let row: Option<BoxRow> = sqlx::query_as(&format!(
        "SELECT {BOX_COLUMNS} FROM nft_boxes WHERE id = $1 AND user_id = $2"
    ))
    .bind(id)
    .bind(user)
    .fetch_optional(&state.db)
    .await?;
    let b = row.ok_or_else(|| ApiError::new(Kind::NotFound, "err_nft_not_found"))?;
    let s = series_row(state, b.series_id).await?.s;
    view(state, b, &s).await
}

async fn view(state: &AppState, b: BoxRow, s: &SeriesRow) -> ApiResult<MyBox> {
    let item: Option<(String, i64)> = match b.item_id {
        Some(i) => {
            sqlx::query_as("SELECT name, slot FROM nft_items WHERE id = $1")
                .bind(i)
                .fetch_optional(&state.db)
                .await?
        }
        None => None,
    };
    let rule_slot = if s.revealed(now_ms()) {
        usize::try_from(b.number)
            .ok()
            .and_then(|n| engine::slot_of(&s.seed, usize::try_from(s.total).unwrap_or(0), n))
            .map(|v| v as i64)
    } else {
        None
    };
    let slot = item.as_ref().map(|i| i.1);
    Ok(MyBox {
        id: b.id,
        series_id: s.id,
        series_name: s.name.clone(),
        cover: s.cover.clone(),
        number: b.number,
        opened: b.item_id.is_some(),
        item_id: b.item_id,
        item_name: item.map(|i| i.0),
        slot,
        rule_slot,
        verified: match (slot, rule_slot) {
            (Some(a), Some(b)) => Some(a == b),
            _ => None,
        },
        bought_at: b.bought_at,
        opened_at: b.opened_at,
    })
}

/// The caller's boxes (of one series or all), newest first.
pub async fn boxes_of(
    state: &AppState,
    user: i64,
    series: Option<i64>,
    paging: Paging,
) -> ApiResult<Paged<MyBox>> {
    let filter = "user_id = $1 AND (CAST($2 AS BIGINT) IS NULL OR series_id = $2)";
    let (total,): (i64,) =
        sqlx::query_as(&format!("SELECT COUNT(*) FROM nft_boxes WHERE {filter}"))
            .bind(user)
            .bind(series)
            .fetch_one(&state.db)
            .await?;
    let rows: Vec<BoxRow> = sqlx::query_as(&format!(
        "SELECT {BOX_COLUMNS} FROM nft_boxes WHERE {filter} ORDER BY id DESC LIMIT $3 OFFSET $4"
    ))
    .bind(user)
    .bind(series)
    .bind(paging.limit)
    .bind(paging.offset())
    .fetch_all(&state.db)
    .await?;
    let mut list = Vec::with_capacity(rows.len());
    for b in rows {
        let s: Option<SeriesRow> = sqlx::query_as(&format!(
            "SELECT {SERIES_COLUMNS} FROM nft_series WHERE id = $1"
        ))
        .bind(b.series_id)
        .fetch_optional(&state.db)
        .await?;
        if let Some(s) = s {
            list.push(view(state, b, &s).await?);
        }
    }
    Ok(Paged::of(paging, list, total))
}
