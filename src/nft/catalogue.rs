//! What the NFT screens read: item cards (each with its live listing, if
//! any), an item's detail with its auction and price history, artists,
//! collections, the bid log. Everyone may read; a signed-in viewer also
//! learns what is theirs (favourites, ownership, their deposit and bid).

use super::{coin_name, KINDS, RARITIES};
use crate::db::now_ms;
use crate::error::{ApiError, ApiResult, Kind};
use crate::extract::Paging;
use crate::funds::units;
use crate::params::Paged;
use crate::state::AppState;
use ::actors::nft::engine;
use ::actors::nft::status;
use serde::Serialize;
use utoipa::ToSchema;

/// One item as every list shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Card {
    pub id: i64,
    pub name: String,
    /// image, gif, audio, video.
    #[serde(rename = "type")]
    pub kind: String,
    pub cover: String,
    pub media: String,
    /// common, rare, epic, legendary (`rarity_level` 0-3).
    pub rarity: String,
    pub rarity_level: i64,
    pub artist_id: i64,
    pub artist_name: String,
    pub collection_id: i64,
    pub collection_name: String,
    pub currency: i64,
    pub currency_name: String,
    /// The live listing (on sale, or an auction awaiting its payment).
    pub listing_id: Option<i64>,
    /// normal (fixed price) or auction.
    pub mode: Option<String>,
    /// The fixed price, or the auction's opening bid.
    pub price: Option<String>,
    pub current_bid: Option<String>,
    pub last_price: Option<String>,
    pub step: Option<String>,
    pub margin: Option<String>,
    pub starts_at: Option<i64>,
    pub ends_at: Option<i64>,
    pub bids: i64,
    /// The spec's helper: 2 before the start, 1 on sale, 0 otherwise.
    pub sale_status: i64,
    pub favourites: i64,
    pub collected: bool,
    /// Listed by its owner rather than the platform.
    pub resale: bool,
    /// platform, me or user.
    pub owner: String,
    /// The state of the owner's latest resale listing, for the owner (0
    /// review, 1 on sale, 2 awaiting payment, 3 sold, 4 closed, 5 refused).
    pub listing_status: Option<i64>,
}

#[derive(sqlx::FromRow)]
pub(crate) struct CardRow {
    id: i64,
    name: String,
    kind: i64,
    cover: String,
    media: String,
    rarity: i64,
    artist_id: i64,
    artist_name: String,
    collection_id: i64,
    collection_name: String,
    currency: i64,
    owner_id: Option<i64>,
    last_price: Option<i64>,
    favourites: i64,
    listing_id: Option<i64>,
    mode: Option<i64>,
    price: Option<i64>,
    top_price: Option<i64>,
    step: Option<i64>,
    margin: Option<i64>,
    starts_at: Option<i64>,
    ends_at: Option<i64>,
    bids: Option<i64>,
    listing_status: Option<i64>,
    seller_id: Option<i64>,
    collected: i64,
}

/// Items with artist, collection and latest listing; `$1` is the viewer (0
/// for none). Callers add `WHERE` conditions from `$2` on.
pub(crate) const CARD_SELECT: &str = "SELECT i.id, i.name, i.kind, i.cover, i.media, i.rarity, i.artist_id, a.name AS artist_name, i.collection_id, c.name AS collection_name, i.currency, i.owner_id, i.last_price,
 (SELECT COUNT(*) FROM nft_favourites v WHERE v.item_id = i.id) AS favourites,
 l.id AS listing_id, l.mode, l.price, l.top_price, l.step, l.margin, l.starts_at, l.ends_at, l.bids, l.status AS listing_status, l.seller_id,
 (SELECT COUNT(*) FROM nft_favourites f WHERE f.item_id = i.id AND f.user_id = $1) AS collected
 FROM nft_items i JOIN nft_artists a ON a.id = i.artist_id JOIN nft_collections c ON c.id = i.collection_id
 LEFT JOIN nft_listings l ON l.id = (SELECT MAX(id) FROM nft_listings x WHERE x.item_id = i.id)";

pub(crate) fn media_type(kind: i64) -> &'static str {
    KINDS.get(kind as usize).copied().unwrap_or("image")
}

impl CardRow {
    pub(crate) fn card(self, state: &AppState, viewer: Option<i64>, now: i64) -> Card {
        let live = matches!(
            self.listing_status,
            Some(status::ON_SALE | status::AWAITING_PAYMENT)
        );
        let shown = |v: Option<i64>| if live { v.map(units) } else { None };
        let sale_status = match (live, self.listing_status, self.starts_at, self.ends_at) {
            (true, Some(status::ON_SALE), Some(s), Some(e)) => engine::sale_status(now, s, e, true),
            _ => 0,
        };
        let mine = viewer.is_some() && self.owner_id == viewer;
        Card {
            id: self.id,
            name: self.name,
            kind: media_type(self.kind).into(),
            cover: self.cover,
            media: self.media,
            rarity: RARITIES
                .get(self.rarity as usize)
                .copied()
                .unwrap_or("common")
                .into(),
            rarity_level: self.rarity,
            artist_id: self.artist_id,
            artist_name: self.artist_name,
            collection_id: self.collection_id,
            collection_name: self.collection_name,
            currency: self.currency,
            currency_name: coin_name(state, self.currency),
            listing_id: if live { self.listing_id } else { None },
            mode: if live {
                self.mode.map(|m| {
                    if m == status::AUCTION {
                        "auction"
                    } else {
                        "normal"
                    }
                    .into()
                })
            } else {
                None
            },
            price: shown(self.price),
            current_bid: shown(self.top_price),
            last_price: self.last_price.map(units),
            step: shown(self.step.filter(|_| self.mode == Some(status::AUCTION))),
            margin: shown(self.margin.filter(|_| self.mode == Some(status::AUCTION))),
            starts_at: if live { self.starts_at } else { None },
            ends_at: if live { self.ends_at } else { None },
            bids: if live { self.bids.unwrap_or(0) } else { 0 },
            sale_status,
            favourites: self.favourites,
            collected: self.collected > 0,
            resale: live && self.seller_id.is_some(),
            owner: match (self.owner_id, mine) {
                (None, _) => "platform",
                (Some(_), true) => "me",
                (Some(_), false) => "user",
            }
            .into(),
            // The owner's own listing only: the platform's sale they bought
            // from is not theirs to show.
            listing_status: if mine && self.seller_id == viewer {
                self.listing_status
            } else {
                None
            },
        }
    }
}

/// What the item list may be filtered by.
#[derive(Debug, Default, Clone)]
pub struct Filter {
    pub kind: Option<i64>,
    /// Only on sale in this mode (0 fixed, 1 auction).
    pub mode: Option<i64>,
    pub artist: Option<i64>,
    pub collection: Option<i64>,
    pub keyword: Option<String>,
    pub on_sale: bool,
    pub owner: Option<i64>,
}

/// Items, newest first. Items of a blind-box series show once opened.
pub async fn items(
    state: &AppState,
    f: &Filter,
    viewer: Option<i64>,
    paging: Paging,
) -> ApiResult<Paged<Card>> {
    let on_sale = if f.on_sale || f.mode.is_some() { 1 } else { 0 };
    let keyword = f
        .keyword
        .as_deref()
        .map(str::trim)
        .filter(|k| !k.is_empty())
        .map(|k| format!("%{}%", k.to_lowercase().replace(['%', '_'], "")));
    let filter = "(i.series_id IS NULL OR i.owner_id IS NOT NULL)
 AND (CAST($2 AS BIGINT) IS NULL OR i.kind = $2)
 AND (CAST($3 AS BIGINT) IS NULL OR (l.mode = $3 AND l.status = 1))
 AND (CAST($4 AS BIGINT) IS NULL OR i.artist_id = $4)
 AND (CAST($5 AS BIGINT) IS NULL OR i.collection_id = $5)
 AND (CAST($6 AS TEXT) IS NULL OR LOWER(i.name) LIKE $6)
 AND (CAST($7 AS BIGINT) = 0 OR l.status = 1)
 AND (CAST($8 AS BIGINT) IS NULL OR i.owner_id = $8)";
    let (total,): (i64,) = sqlx::query_as(&format!(
        "SELECT COUNT(*) FROM nft_items i LEFT JOIN nft_listings l ON l.id = (SELECT MAX(id) FROM nft_listings x WHERE x.item_id = i.id) WHERE CAST($1 AS BIGINT) IS NOT NULL AND {filter}"
    ))
    .bind(viewer.unwrap_or(0))
    .bind(f.kind)
    .bind(f.mode)
    .bind(f.artist)
    .bind(f.collection)
    .bind(keyword.clone())
    .bind(on_sale)
    .bind(f.owner)
    .fetch_one(&state.db)
    .await?;
    let rows: Vec<CardRow> = sqlx::query_as(&format!(
        "{CARD_SELECT} WHERE {filter} ORDER BY i.id DESC LIMIT $9 OFFSET $10"
    ))
    .bind(viewer.unwrap_or(0))
    .bind(f.kind)
    .bind(f.mode)
    .bind(f.artist)
    .bind(f.collection)
    .bind(keyword)
    .bind(on_sale)
    .bind(f.owner)
    .bind(paging.limit)
    .bind(paging.offset())
    .fetch_all(&state.db)
    .await?;
    let now = now_ms();
    let cards = rows
        .into_iter()
        .map(|r| r.card(state, viewer, now))
        .collect();
    Ok(Paged::of(paging, cards, total))
}

/// One item's card.
pub async fn card(state: &AppState, id: i64, viewer: Option<i64>) -> ApiResult<Card> {
    let row: Option<CardRow> = sqlx::query_as(&format!("{CARD_SELECT} WHERE i.id = $2"))
        .bind(viewer.unwrap_or(0))
        .bind(id)
        .fetch_optional(&state.db)
        .await?;
    row.map(|r| r.card(state, viewer, now_ms()))
        .ok_or_else(|| ApiError::new(Kind::NotFound, "err_nft_not_found"))
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ArtistRef {
    pub id: i64,
    pub name: String,
    pub avatar: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CollectionRef {
    pub id: i64,
    pub name: String,
}

/// A past sale of the item.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct Sale {
    #[serde(skip)]
    pub mode: i64,
    #[serde(skip)]
    pub seller_id: Option<i64>,
    #[serde(skip)]
    pub sold_price: i64,
    pub price: Option<String>,
    pub at: i64,
    /// sale (the platform's), resale, auction.
    pub kind: Option<String>,
}

/// A live auction as its detail page shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AuctionView {
    pub listing_id: i64,
    pub status: i64,
    pub current_bid: Option<String>,
    /// The least the next bid may be.
    pub min_bid: String,
    pub step: String,
    pub margin: String,
    pub bidders: i64,
    pub joined: i64,
    pub bids: i64,
    pub starts_at: i64,
    pub ends_at: i64,
    pub leader_is_me: bool,
    pub joined_me: bool,
    pub my_bid: Option<String>,
    pub extend_window_ms: i64,
    pub extend_to_ms: i64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ItemDetail {
    pub item: Card,
    pub intro: String,
    pub artist: ArtistRef,
    pub collection: CollectionRef,
    pub history: Vec<Sale>,
    pub auction: Option<AuctionView>,
    /// The viewer's payment due on this item, if any.
    pub payment: Option<super::trade::Payment>,
    pub server_time: i64,
}

/// One item with its artist, collection, sales and live auction.
pub async fn detail(state: &AppState, id: i64, viewer: Option<i64>) -> ApiResult<ItemDetail> {
    let item = card(state, id, viewer).await?;
    let (intro, avatar): (String, String) = sqlx::query_as(
        "SELECT i.intro, a.avatar FROM nft_items i JOIN nft_artists a ON a.id = i.artist_id WHERE i.id = $1",
    )
    .bind(id)
    .fetch_one(&state.db)
    .await?;
    let mut history: Vec<Sale> = sqlx::query_as(
        "SELECT mode, seller_id, sold_price, NULL AS price, sold_at AS at, NULL AS kind FROM nft_listings WHERE item_id = $1 AND status = $2 ORDER BY id DESC LIMIT 20",
    )
    .bind(id)
    .bind(status::SOLD)
    .fetch_all(&state.db)
    .await?;
    for s in &mut history {
        s.price = Some(units(s.sold_price));
        s.kind = Some(
            match (s.mode, s.seller_id) {
                (status::AUCTION, _) => "auction",
                (_, Some(_)) => "resale",
                _ => "sale",
            }
            .into(),
        );
    }
    let auction = match (item.listing_id, item.mode.as_deref()) {
        (Some(listing), Some("auction")) => Some(auction_view(state, listing, viewer).await?),
        _ => None,
    };
    let payment = match viewer {
        Some(u) => super::trade::payment_on(state, u, id).await?,
        None => None,
    };
    Ok(ItemDetail {
        artist: ArtistRef {
            id: item.artist_id,
            name: item.artist_name.clone(),
            avatar,
        },
        collection: CollectionRef {
            id: item.collection_id,
            name: item.collection_name.clone(),
        },
        item,
        intro,
        history,
        auction,
        payment,
        server_time: now_ms(),
    })
}

async fn auction_view(
    state: &AppState,
    listing: i64,
    viewer: Option<i64>,
) -> ApiResult<AuctionView> {
    let l = ::actors::nft::store::listing(&state.nft.store()?, listing)
        .await?
        .ok_or_else(|| ApiError::new(Kind::NotFound, "err_nft_not_found"))?;
    let (bidders, joined): (i64, i64) = sqlx::query_as(
        "SELECT (SELECT COUNT(DISTINCT user_id) FROM nft_bids WHERE listing_id = $1), (SELECT COUNT(*) FROM nft_deposits WHERE listing_id = $1)",
    )
    .bind(listing)
    .fetch_one(&state.db)
    .await?;
    let me = viewer.unwrap_or(0);
    let (joined_me, my_bid): (i64, Option<i64>) = sqlx::query_as(
        "SELECT (SELECT COUNT(*) FROM nft_deposits WHERE listing_id = $1 AND user_id = $2), (SELECT MAX(price) FROM nft_bids WHERE listing_id = $1 AND user_id = $2)",
    )
    .bind(listing)
    .bind(me)
    .fetch_one(&state.db)
    .await?;
    let rules = state.nft.rules();
    Ok(AuctionView {
        listing_id: l.id,
        status: l.status,
        current_bid: l.top_price.map(units),
        min_bid: units(engine::min_bid(&l.terms(&rules), l.top().as_ref())),
        step: units(l.step),
        margin: units(l.margin),
        bidders,
        joined,
        bids: l.bids,
        starts_at: l.starts_at,
        ends_at: l.ends_at,
        leader_is_me: viewer.is_some() && l.top_user == viewer,
        joined_me: joined_me > 0,
        my_bid: my_bid.map(units),
        extend_window_ms: rules.extend_window_ms,
        extend_to_ms: rules.extend_to_ms,
    })
}

/// A bid in the log: the bidder masked, the viewer's marked.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct BidView {
    pub id: i64,
    pub price: String,
    pub at: i64,
    pub bidder: String,
    pub mine: bool,
}

/// The bids of the item's live or last auction, newest first.
pub async fn bid_log(
    state: &AppState,
    item: i64,
    viewer: Option<i64>,
    paging: Paging,
) -> ApiResult<Paged<BidView>> {
    let (listing,): (Option<i64>,) = sqlx::query_as(
        "SELECT MAX(id) FROM nft_listings WHERE item_id = $1 AND mode = $2 AND status <> $3",
    )
    .bind(item)
    .bind(status::AUCTION)
    .bind(status::REVIEW)
    .fetch_one(&state.db)
    .await?;
    let Some(listing) = listing else {
        return Ok(Paged::of(paging, Vec::new(), 0));
    };
    let (total,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM nft_bids WHERE listing_id = $1")
        .bind(listing)
        .fetch_one(&state.db)
        .await?;
    let rows: Vec<(i64, i64, i64, i64, String)> = sqlx::query_as(
        "SELECT b.id, b.price, b.created_at, b.user_id, u.nickname FROM nft_bids b JOIN users u ON u.id = b.user_id WHERE b.listing_id = $1 ORDER BY b.id DESC LIMIT $2 OFFSET $3",
    )
    .bind(listing)
    .bind(paging.limit)
    .bind(paging.offset())
    .fetch_all(&state.db)
    .await?;
    let bids = rows
        .into_iter()
        .map(|(id, price, at, user, nick)| BidView {
            id,
            price: units(price),
            at,
            bidder: crate::validate::mask(&nick),
            mine: Some(user) == viewer,
        })
        .collect();
    Ok(Paged::of(paging, bids, total))
}
