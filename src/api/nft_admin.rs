//! The NFT admin calls: media uploads, artists, collections, items (with the
//! platform's first listing), blind-box series, the review of resale
//! listings and the live auctions.

use crate::error::{ApiError, ApiResult};
use crate::extract::{Admin, Ctx, Paging};
use crate::funds::coin_units;
use crate::nft::admin::{self, Listing, NewItem, NewSeries, Sale};
use crate::nft::artists;
use crate::nft::catalogue::Card;
use crate::nft::royalties::{self, ArtistRoyalties, LinkAnswer, LinkTo};
use crate::params::{
    Amount, Coin, Form, Id, NftKind, NftPrice, NftStep, Page, Paged, Rarity, Reply, SaleMode,
};
use crate::state::AppState;
use crate::texts::IntroTexts;
use actix_web::{web, HttpRequest};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// `media`: upload a picture, GIF, audio or video (multipart field `file`);
/// the message is its address.
pub async fn media(
    state: web::Data<AppState>,
    _ctx: Ctx,
    http: HttpRequest,
    payload: web::Payload,
) -> ApiResult<Reply<String>> {
    let max = crate::nft::media::max_bytes(&state);
    let bytes = crate::api::upload::file_field(&http, payload, max).await?;
    Ok(Reply(crate::nft::media::store(&state, &bytes, None).await?))
}

/// A new artist.
#[derive(Deserialize, ToSchema)]
pub struct ArtistParams {
    #[schema(min_length = 2, max_length = 40)]
    pub name: String,
    /// A picture's address from `media`.
    pub avatar: String,
    #[schema(max_length = 1000)]
    pub intro: Option<String>,
    #[serde(flatten)]
    #[schema(inline)]
    pub intros: IntroTexts,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Created {
    pub id: i64,
}

pub async fn create_artist(
    state: web::Data<AppState>,
    _admin: Admin,
    form: Form<ArtistParams>,
) -> ApiResult<Reply<Created>> {
    let p = form.split().1?;
    let id = artists::create_artist(
        &state,
        &p.name,
        &p.avatar,
        p.intro.as_deref().unwrap_or_default(),
        &p.intros.texts(),
    )
    .await?;
    Ok(Reply(Created { id }))
}

/// A new collection.
#[derive(Deserialize, ToSchema)]
pub struct CollectionParams {
    pub artist_id: Id,
    #[schema(min_length = 2, max_length = 40)]
    pub name: String,
    #[schema(max_length = 1000)]
    pub intro: Option<String>,
    #[serde(flatten)]
    #[schema(inline)]
    pub intros: IntroTexts,
    /// A picture's address from `media`.
    pub cover: String,
}

pub async fn create_collection(
    state: web::Data<AppState>,
    _admin: Admin,
    form: Form<CollectionParams>,
) -> ApiResult<Reply<Created>> {
    let p = form.split().1?;
    let id = artists::create_collection(
        &state,
        p.artist_id.0,
        &p.name,
        p.intro.as_deref().unwrap_or_default(),
        &p.intros.texts(),
        &p.cover,
    )
    .await?;
    Ok(Reply(Created { id }))
}

/// A new item, listed by the platform when `mode` is given.
#[derive(Deserialize, ToSchema)]
pub struct ItemParams {
    pub collection_id: Id,
    #[schema(min_length = 2, max_length = 60)]
    pub name: String,
    #[schema(max_length = 2000)]
    pub intro: Option<String>,
    #[serde(flatten)]
    #[schema(inline)]
    pub intros: IntroTexts,
    #[serde(rename = "type")]
    pub kind: NftKind,
    /// The media's address from `media`.
    pub media: String,
    /// A picture's address from `media`; the media itself for pictures.
    pub cover: Option<String>,
    pub rarity: Rarity,
    pub currency: Coin,
    pub mode: Option<SaleMode>,
    pub price: Option<NftPrice>,
    pub step: Option<NftStep>,
    pub margin: Option<NftPrice>,
    /// Milliseconds; now when absent.
    pub starts_at: Option<Id>,
    /// Milliseconds.
    pub ends_at: Option<Id>,
}

pub async fn create_item(
    state: web::Data<AppState>,
    _admin: Admin,
    form: Form<ItemParams>,
) -> ApiResult<Reply<Card>> {
    let p = form.split().1?;
    if p.kind == NftKind::Box {
        return Err(ApiError::invalid("err_type_invalid"));
    }
    let coin = crate::funds::coin(&state, &p.currency)?;
    let units = |a: Option<rust_decimal::Decimal>| -> ApiResult<i64> {
        a.map_or(Ok(0), |a| coin_units(Amount(a), coin))
    };
    let sale = match p.mode {
        None => None,
        Some(mode) => {
            let price = p.price.ok_or_else(|| ApiError::invalid("err_nft_price"))?;
            let starts_at = p.starts_at.map_or_else(crate::db::now_ms, |s| s.0);
            Some(Sale {
                auction: mode == SaleMode::Auction,
                price: units(Some(price.0))?,
                step: units(p.step.map(|s| s.0))?,
                margin: units(p.margin.map(|m| m.0))?,
                starts_at,
                ends_at: p.ends_at.map_or(0, |e| e.0),
            })
        }
    };
    let item = NewItem {
        collection: p.collection_id.0,
        name: p.name,
        intro: p.intro.unwrap_or_default(),
        intros: p.intros.texts(),
        kind: p.kind.code(),
        cover: p.cover.unwrap_or_else(|| p.media.clone()),
        media: p.media,
        rarity: p.rarity.code(),
        currency: coin.id,
    };
    Ok(Reply(
        admin::create_item(&state, &item, sale.as_ref()).await?,
    ))
}

/// One item of a new series.
#[derive(Deserialize, ToSchema)]
pub struct SeriesItem {
    pub name: String,
    #[serde(rename = "type")]
    pub kind: NftKind,
    pub media: String,
    pub cover: Option<String>,
    pub rarity: Rarity,
}

/// A new blind-box series.
#[derive(Deserialize, ToSchema)]
pub struct SeriesParams {
    pub collection_id: Id,
    #[schema(min_length = 2, max_length = 60)]
    pub name: String,
    #[schema(max_length = 2000)]
    pub intro: Option<String>,
    #[serde(flatten)]
    #[schema(inline)]
    pub intros: IntroTexts,
    pub cover: String,
    pub currency: Coin,
    pub price: NftPrice,
    pub starts_at: Option<Id>,
    pub ends_at: Id,
    /// JSON: `[{name, type, media, cover, rarity}]`, one per box, in slot order.
    pub items: String,
}

/// What each field of a series' item takes, as the error names it.
const SERIES_FIELDS: [(&str, &str); 5] = [
    ("name", "text"),
    ("type", "image, gif, audio or video"),
    ("media", "an uploaded file's name"),
    ("cover", "an uploaded picture's name, or nothing"),
    ("rarity", "common, rare, epic or legendary"),
];

/// The items of a new series, read one field at a time so that a refusal
/// names the item and the field that is wrong (a list that does not parse
/// would otherwise read as a wrong number of items).
fn series_items(raw: &str) -> ApiResult<Vec<SeriesItem>> {
    let list: Vec<serde_json::Map<String, serde_json::Value>> =
        serde_json::from_str(raw).map_err(|_| ApiError::invalid("err_nft_series_json"))?;
    let mut items = Vec::with_capacity(list.len());
    for (i, obj) in list.into_iter().enumerate() {
        let bad = |field: &str| {
            let allowed = SERIES_FIELDS
                .iter()
                .find(|(f, _)| *f == field)
                .map_or("", |(_, a)| *a);
            ApiError::invalid("err_nft_series_field")
                .with_arg("n", i + 1)
                .with_arg("field", field)
                .with_arg("allowed", allowed)
        };
        for (field, _) in SERIES_FIELDS {
            let value = obj.get(field).cloned().unwrap_or(serde_json::Value::Null);
            let ok = match field {
                "name" | "media" => value.is_string(),
                "cover" => value.is_null() || value.is_string(),
                "type" => serde_json::from_value::<NftKind>(value).is_ok_and(|k| k != NftKind::Box),
                _ => serde_json::from_value::<Rarity>(value).is_ok(),
            };
            if !ok {
                return Err(bad(field));
            }
        }
        items.push(
            serde_json::from_value(serde_json::Value::Object(obj))
                .map_err(|_| ApiError::invalid("err_nft_series_json"))?,
        );
    }
    Ok(items)
}

pub async fn create_series(
    state: web::Data<AppState>,
    _admin: Admin,
    form: Form<SeriesParams>,
) -> ApiResult<Reply<Created>> {
    let p = form.split().1?;
    let coin = crate::funds::coin(&state, &p.currency)?;
    let items = series_items(&p.items)?;
    let series = NewSeries {
        collection: p.collection_id.0,
        name: p.name.clone(),
        intro: p.intro.clone().unwrap_or_default(),
        intros: p.intros.texts(),
        cover: p.cover.clone(),
        currency: coin.id,
        price: coin_units(Amount(p.price.0), coin)?,
        starts_at: p.starts_at.map_or_else(crate::db::now_ms, |s| s.0),
        ends_at: p.ends_at.0,
        items: items
            .into_iter()
            .map(|i| NewItem {
                collection: p.collection_id.0,
                name: i.name,
                intro: p.intro.clone().unwrap_or_default(),
                intros: p.intros.texts(),
                kind: i.kind.code(),
                cover: i.cover.unwrap_or_else(|| i.media.clone()),
                media: i.media,
                rarity: i.rarity.code(),
                currency: coin.id,
            })
            .collect(),
    };
    let id = admin::create_series(&state, &series).await?;
    Ok(Reply(Created { id }))
}

/// Listings of one state.
#[derive(Deserialize, ToSchema)]
pub struct ListingsParams {
    pub page: Option<Page>,
    pub limit: Option<Page>,
    /// 0 review, 1 on sale, 2 awaiting payment, 3 sold, 4 closed, 5 refused; all when absent.
    #[schema(pattern = "^[0-5]$")]
    pub status: Option<String>,
}

pub async fn listings(
    state: web::Data<AppState>,
    _admin: Admin,
    form: Form<ListingsParams>,
) -> ApiResult<Reply<Paged<Listing>>> {
    let p = form.split().1?;
    let st = match p
        .status
        .as_deref()
        .filter(|s| !s.is_empty())
        .map(str::parse::<i64>)
    {
        None => None,
        Some(Ok(v)) if (0..=5).contains(&v) => Some(v),
        Some(_) => return Err(ApiError::invalid("err_type_invalid")),
    };
    Ok(Reply(
        admin::listings(&state, st, Paging::of(p.page, p.limit)).await?,
    ))
}

/// A review.
#[derive(Deserialize, ToSchema)]
pub struct ReviewParams {
    pub id: Id,
    /// 1 approve, 0 refuse.
    #[schema(pattern = "^[01]$")]
    pub approve: String,
}

pub async fn review(
    state: web::Data<AppState>,
    _admin: Admin,
    form: Form<ReviewParams>,
) -> ApiResult<Reply<String>> {
    let p = form.split().1?;
    let approve = match p.approve.as_str() {
        "1" => true,
        "0" => false,
        _ => return Err(ApiError::invalid("err_type_invalid")),
    };
    admin::review(&state, p.id.0, approve).await?;
    Ok(Reply("ok".into()))
}

/// `nft/royalties`: artists with the user each is linked to and what they
/// accrued while not linked.
pub async fn artist_royalties(
    state: web::Data<AppState>,
    _admin: Admin,
    form: Form<crate::api::nft::ArtistsParams>,
) -> ApiResult<Reply<Paged<ArtistRoyalties>>> {
    let p = form.split().1?;
    if p.keyword.as_deref().is_some_and(|k| k.chars().count() > 40) {
        return Err(ApiError::invalid("err_text_too_long"));
    }
    Ok(Reply(
        royalties::list(&state, p.keyword.as_deref(), Paging::of(p.page, p.limit)).await?,
    ))
}

/// A link of an artist to a user account.
#[derive(Deserialize, ToSchema)]
pub struct LinkParams {
    pub artist_id: Id,
    /// The user's id…
    pub user_id: Option<Id>,
    /// …or their e-mail or mobile number (exactly one of the two).
    #[schema(max_length = 254)]
    pub account: Option<String>,
}

pub async fn link_artist(
    state: web::Data<AppState>,
    _admin: Admin,
    form: Form<LinkParams>,
) -> ApiResult<Reply<LinkAnswer>> {
    let p = form.split().1?;
    let to = LinkTo::of(p.user_id.map(|u| u.0), p.account.as_deref())?;
    Ok(Reply(royalties::link(&state, p.artist_id.0, &to).await?))
}

/// An artist to unlink.
#[derive(Deserialize, ToSchema)]
pub struct UnlinkParams {
    pub artist_id: Id,
}

pub async fn unlink_artist(
    state: web::Data<AppState>,
    _admin: Admin,
    form: Form<UnlinkParams>,
) -> ApiResult<Reply<ArtistRoyalties>> {
    let p = form.split().1?;
    Ok(Reply(royalties::unlink(&state, p.artist_id.0).await?))
}
