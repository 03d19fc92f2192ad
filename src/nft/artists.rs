//! Artists and collections: what the screens read, and their creation by
//! admins (and the demo).

use super::catalogue::{self, Card, Filter};
use super::coin_name;
use crate::db::now_ms;
use crate::error::{ApiError, ApiResult, Kind};
use crate::extract::Paging;
use crate::funds::units;
use crate::params::Paged;
use crate::state::AppState;
use crate::texts::{Field, Texts};
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct Artist {
    pub id: i64,
    pub name: String,
    pub avatar: String,
    pub intro: String,
    /// Items by the artist (opened or not in a series).
    pub items: i64,
    pub collections: i64,
}

const ARTIST_SELECT: &str = "SELECT a.id, a.name, a.avatar, a.intro,
 (SELECT COUNT(*) FROM nft_items i WHERE i.artist_id = a.id AND (i.series_id IS NULL OR i.owner_id IS NOT NULL)) AS items,
 (SELECT COUNT(*) FROM nft_collections c WHERE c.artist_id = a.id) AS collections
 FROM nft_artists a";

/// Artists, newest first, optionally by a part of their name.
pub async fn list(
    state: &AppState,
    keyword: Option<&str>,
    paging: Paging,
) -> ApiResult<Paged<Artist>> {
    let keyword = keyword
        .map(str::trim)
        .filter(|k| !k.is_empty())
        .map(|k| format!("%{}%", k.to_lowercase().replace(['%', '_'], "")));
    let filter = "CAST($1 AS TEXT) IS NULL OR LOWER(a.name) LIKE $1";
    let (total,): (i64,) = sqlx::query_as(&format!(
        "SELECT COUNT(*) FROM nft_artists a WHERE {filter}"
    ))
    .bind(keyword.clone())
    .fetch_one(&state.db)
    .await?;
    let rows: Vec<Artist> = sqlx::query_as(&format!(
        "{ARTIST_SELECT} WHERE {filter} ORDER BY a.id DESC LIMIT $2 OFFSET $3"
    ))
    .bind(keyword)
    .bind(paging.limit)
    .bind(paging.offset())
    .fetch_all(&state.db)
    .await?;
    Ok(Paged::of(paging, rows, total))
}

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct Collection {
    pub id: i64,
    pub name: String,
    pub intro: String,
    pub cover: String,
    pub artist_id: i64,
    pub artist_name: String,
    pub items: i64,
}

const COLLECTION_SELECT: &str = "SELECT c.id, c.name, c.intro, c.cover, c.artist_id, a.name AS artist_name,
 (SELECT COUNT(*) FROM nft_items i WHERE i.collection_id = c.id AND (i.series_id IS NULL OR i.owner_id IS NOT NULL)) AS items
 FROM nft_collections c JOIN nft_artists a ON a.id = c.artist_id";

/// Collections (of one artist or all), newest first.
pub async fn collections(
    state: &AppState,
    artist: Option<i64>,
    paging: Paging,
) -> ApiResult<Paged<Collection>> {
    let filter = "CAST($1 AS BIGINT) IS NULL OR c.artist_id = $1";
    let (total,): (i64,) = sqlx::query_as(&format!(
        "SELECT COUNT(*) FROM nft_collections c WHERE {filter}"
    ))
    .bind(artist)
    .fetch_one(&state.db)
    .await?;
    let rows: Vec<Collection> = sqlx::query_as(&format!(
        "{COLLECTION_SELECT} WHERE {filter} ORDER BY c.id DESC LIMIT $2 OFFSET $3"
    ))
    .bind(artist)
    .bind(paging.limit)
    .bind(paging.offset())
    .fetch_all(&state.db)
    .await?;
    Ok(Paged::of(paging, rows, total))
}

/// Royalties an artist was paid, per coin.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Royalty {
    pub currency: i64,
    pub currency_name: String,
    pub amount: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ArtistDetail {
    pub artist: Artist,
    pub collections: Vec<Collection>,
    pub items: Vec<Card>,
    pub royalties: Vec<Royalty>,
}

/// One artist with their collections, latest items and royalties earned.
pub async fn detail(state: &AppState, id: i64, viewer: Option<i64>) -> ApiResult<ArtistDetail> {
    let artist: Option<Artist> = sqlx::query_as(&format!("{ARTIST_SELECT} WHERE a.id = $1"))
        .bind(id)
        .fetch_optional(&state.db)
        .await?;
    let artist = artist.ok_or_else(|| ApiError::new(Kind::NotFound, "err_nft_not_found"))?;
    let collections = collections(state, Some(id), Paging { page: 1, limit: 50 })
        .await?
        .data;
    let filter = Filter {
        artist: Some(id),
        ..Filter::default()
    };
    let items = catalogue::items(state, &filter, viewer, Paging { page: 1, limit: 50 })
        .await?
        .data;
    let paid: Vec<(i64, i64)> = sqlx::query_as(
        "SELECT l.currency, CAST(SUM(l.royalty) AS BIGINT) FROM nft_listings l JOIN nft_items i ON i.id = l.item_id WHERE i.artist_id = $1 AND l.royalty IS NOT NULL GROUP BY l.currency",
    )
    .bind(id)
    .fetch_all(&state.db)
    .await?;
    Ok(ArtistDetail {
        artist,
        collections,
        items,
        royalties: paid
            .into_iter()
            .map(|(currency, amount)| Royalty {
                currency,
                currency_name: coin_name(state, currency),
                amount: units(amount),
            })
            .collect(),
    })
}

fn text_ok(s: &str, min: usize, max: usize) -> bool {
    (min..=max).contains(&s.trim().chars().count())
}

/// Creates an artist (avatar: stored NFT media, a picture).
pub async fn create_artist(
    state: &AppState,
    name: &str,
    avatar: &str,
    intro: &str,
    intros: &Texts,
) -> ApiResult<i64> {
    if !text_ok(name, 2, 40) || intro.chars().count() > 1000 {
        return Err(ApiError::invalid("err_nft_text"));
    }
    intros.check(Field::ArtistIntro)?;
    if !super::media::known(state, avatar, Some(0)).await? {
        return Err(ApiError::invalid("err_nft_media"));
    }
    let store = state.nft.store()?;
    let mut tx = store.begin().await?;
    let res: Result<(i64,), sqlx::Error> = sqlx::query_as(
        "INSERT INTO nft_artists (name, avatar, intro, created_at) VALUES ($1, $2, $3, $4) RETURNING id",
    )
    .bind(name.trim())
    .bind(avatar)
    .bind(intro.trim())
    .bind(now_ms())
    .fetch_one(&mut *tx)
    .await;
    match res {
        Ok((id,)) => {
            crate::texts::save(&mut tx, Field::ArtistIntro, id, intros).await?;
            tx.commit().await?;
            Ok(id)
        }
        Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
            Err(ApiError::invalid("err_nft_name_taken"))
        }
        Err(e) => Err(e.into()),
    }
}

/// Creates a collection of an artist's.
pub async fn create_collection(
    state: &AppState,
    artist: i64,
    name: &str,
    intro: &str,
    intros: &Texts,
    cover: &str,
) -> ApiResult<i64> {
    if !text_ok(name, 2, 40) || intro.chars().count() > 1000 {
        return Err(ApiError::invalid("err_nft_text"));
    }
    intros.check(Field::CollectionIntro)?;
    if !super::media::known(state, cover, Some(0)).await? {
        return Err(ApiError::invalid("err_nft_media"));
    }
    let known: Option<(i64,)> = sqlx::query_as("SELECT id FROM nft_artists WHERE id = $1")
        .bind(artist)
        .fetch_optional(&state.db)
        .await?;
    if known.is_none() {
        return Err(ApiError::new(Kind::NotFound, "err_nft_not_found"));
    }
    let store = state.nft.store()?;
    let mut tx = store.begin().await?;
    let (id,): (i64,) = sqlx::query_as(
        "INSERT INTO nft_collections (artist_id, name, intro, cover, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id",
    )
    .bind(artist)
    .bind(name.trim())
    .bind(intro.trim())
    .bind(cover)
    .bind(now_ms())
    .fetch_one(&mut *tx)
    .await?;
    crate::texts::save(&mut tx, Field::CollectionIntro, id, intros).await?;
    tx.commit().await?;
    Ok(id)
}
