//! The NFT marketplace's calls (`bind_box/*`): browsing, an item's detail
//! and bid log, artists and collections, favourites, buying, deposits and
//! bids, payments, resale, messages and blind boxes. Each handler parses,
//! makes one service call (`crate::nft`) and answers.

use crate::error::{ApiError, ApiResult};
use crate::extract::Paging;
use crate::funds::coin_units;
use crate::nft::artists::{self, Artist, ArtistDetail, Collection};
use crate::nft::boxes::{self, MyBox, SeriesCard, SeriesDetail};
use crate::nft::catalogue::{self, BidView, Card, Filter, ItemDetail};
use crate::nft::localize;
use crate::nft::trade::{self, BidAnswer, Collected, Joined, Listed, MyBid, Payment, Resale};
use crate::params::{
    Form, Id, IdParams, NftKind, NftPrice, NftStep, NoParams, Page, PageParams, Paged, Reply,
    SaleMode,
};
use crate::state::AppState;
use actix_web::web;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A coin items are priced in.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct NftCoin {
    pub id: i64,
    pub name: String,
}

/// `getNftCurrency`: the coins items are priced in.
pub async fn currencies(
    state: web::Data<AppState>,
    _: Form<NoParams>,
) -> ApiResult<Reply<Vec<NftCoin>>> {
    Ok(Reply(coins(&state)))
}

fn coins(state: &AppState) -> Vec<NftCoin> {
    state
        .settings
        .nft
        .currencies
        .iter()
        .map(|id| NftCoin {
            id: *id,
            name: crate::nft::coin_name(state, *id),
        })
        .collect()
}

/// The marketplace's terms, for the screens' previews.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct NftConfig {
    pub currencies: Vec<NftCoin>,
    /// The artist's share of a resale (0.05 is 5 %).
    pub royalty: String,
    /// The platform's share of a resale.
    pub fee: String,
    /// The platform's share of a forfeited deposit; the seller has the rest.
    pub forfeit_platform_share: String,
    /// Hours a winner has to pay.
    pub pay_hours: i64,
    /// A bid this close to the end moves it…
    pub extend_window_secs: i64,
    /// …to this long after the bid.
    pub extend_to_secs: i64,
}

/// `config`: the marketplace's rates and windows.
pub async fn config(state: web::Data<AppState>, _: Form<NoParams>) -> ApiResult<Reply<NftConfig>> {
    let s = &state.settings.nft;
    Ok(Reply(NftConfig {
        currencies: coins(&state),
        royalty: s.royalty.normalize().to_string(),
        fee: s.fee.normalize().to_string(),
        forfeit_platform_share: s.forfeit_platform_share.normalize().to_string(),
        pay_hours: s.pay_hours,
        extend_window_secs: s.extend_window_secs,
        extend_to_secs: s.extend_to_secs,
    }))
}

/// What the item list is filtered by.
#[derive(Deserialize, ToSchema)]
pub struct ListParams {
    pub page: Option<Page>,
    pub limit: Option<Page>,
    #[serde(rename = "type")]
    pub kind: Option<NftKind>,
    pub mode: Option<SaleMode>,
    pub artist_id: Option<Id>,
    pub collection_id: Option<Id>,
    #[schema(max_length = 40)]
    pub keyword: Option<String>,
    /// 1: only items on sale.
    pub on_sale: Option<Id>,
}

/// A page of item cards, or (type box) of blind-box series.
#[derive(Serialize)]
#[serde(untagged)]
pub enum Listing {
    Items(Paged<Card>),
    Series(Paged<SeriesCard>),
}

impl utoipa::PartialSchema for Listing {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        // anyOf: an empty page is both shapes at once.
        utoipa::openapi::schema::AnyOf::builder()
            .item(Paged::<Card>::schema())
            .item(Paged::<SeriesCard>::schema())
            .description(Some("Paged item cards; with type box, paged series cards"))
            .into()
    }
}

impl ToSchema for Listing {
    fn schemas(
        schemas: &mut Vec<(
            String,
            utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>,
        )>,
    ) {
        <Paged<Card> as ToSchema>::schemas(schemas);
        <Paged<SeriesCard> as ToSchema>::schemas(schemas);
    }
}

/// `getBoxList`: items, newest first (type box: blind-box series).
pub async fn list(state: web::Data<AppState>, form: Form<ListParams>) -> ApiResult<Reply<Listing>> {
    let (req, p) = form.split();
    let p = p?;
    let viewer = req.user(&state).await.ok().map(|u| u.id);
    let paging = Paging::of(p.page, p.limit);
    if p.kind == Some(NftKind::Box) {
        let mut page = boxes::list(&state, paging).await?;
        localize::series(&state, req.lang, &mut page.data).await?;
        return Ok(Reply(Listing::Series(page)));
    }
    if p.keyword.as_deref().is_some_and(|k| k.chars().count() > 40) {
        return Err(ApiError::invalid("err_text_too_long"));
    }
    let filter = Filter {
        kind: p.kind.map(NftKind::code),
        mode: p.mode.map(SaleMode::code),
        artist: p.artist_id.map(|a| a.0),
        collection: p.collection_id.map(|c| c.0),
        keyword: p.keyword,
        on_sale: p.on_sale.is_some_and(|o| o.0 == 1),
        owner: None,
    };
    Ok(Reply(Listing::Items(
        catalogue::items(&state, &filter, viewer, paging).await?,
    )))
}

/// `getBoxDetail`: one item with its auction and history.
pub async fn detail(
    state: web::Data<AppState>,
    form: Form<IdParams>,
) -> ApiResult<Reply<ItemDetail>> {
    let (req, p) = form.split();
    let viewer = req.user(&state).await.ok().map(|u| u.id);
    let mut d = catalogue::detail(&state, p?.id.0, viewer).await?;
    localize::item_detail(&state, req.lang, &mut d).await?;
    Ok(Reply(d))
}

/// An item and a page.
#[derive(Deserialize, ToSchema)]
pub struct ItemPageParams {
    pub id: Id,
    pub page: Option<Page>,
    pub limit: Option<Page>,
}

/// `getBindBoxQuotationLog`: the bids of an item's auction, newest first.
pub async fn bid_log(
    state: web::Data<AppState>,
    form: Form<ItemPageParams>,
) -> ApiResult<Reply<Paged<BidView>>> {
    let (req, p) = form.split();
    let p = p?;
    let viewer = req.user(&state).await.ok().map(|u| u.id);
    Ok(Reply(
        catalogue::bid_log(&state, p.id.0, viewer, Paging::of(p.page, p.limit)).await?,
    ))
}

/// Artists by name.
#[derive(Deserialize, ToSchema)]
pub struct ArtistsParams {
    pub page: Option<Page>,
    pub limit: Option<Page>,
    #[schema(max_length = 40)]
    pub keyword: Option<String>,
}

/// `getArtist`: artists, newest first.
pub async fn artist_list(
    state: web::Data<AppState>,
    form: Form<ArtistsParams>,
) -> ApiResult<Reply<Paged<Artist>>> {
    let (req, p) = form.split();
    let p = p?;
    if p.keyword.as_deref().is_some_and(|k| k.chars().count() > 40) {
        return Err(ApiError::invalid("err_text_too_long"));
    }
    let mut page = artists::list(&state, p.keyword.as_deref(), Paging::of(p.page, p.limit)).await?;
    localize::artists(&state, req.lang, &mut page.data).await?;
    Ok(Reply(page))
}

/// `getArtistDetail`: one artist, their collections and items.
pub async fn artist_detail(
    state: web::Data<AppState>,
    form: Form<IdParams>,
) -> ApiResult<Reply<ArtistDetail>> {
    let (req, p) = form.split();
    let viewer = req.user(&state).await.ok().map(|u| u.id);
    let mut d = artists::detail(&state, p?.id.0, viewer).await?;
    localize::artist_detail(&state, req.lang, &mut d).await?;
    Ok(Reply(d))
}

/// Collections of an artist, or all.
#[derive(Deserialize, ToSchema)]
pub struct CollectionsParams {
    pub page: Option<Page>,
    pub limit: Option<Page>,
    pub artist_id: Option<Id>,
}

/// `getCollection`: collections, newest first.
pub async fn collections(
    state: web::Data<AppState>,
    form: Form<CollectionsParams>,
) -> ApiResult<Reply<Paged<Collection>>> {
    let (req, p) = form.split();
    let p = p?;
    let mut page = artists::collections(
        &state,
        p.artist_id.map(|a| a.0),
        Paging::of(p.page, p.limit),
    )
    .await?;
    localize::collections(&state, req.lang, &mut page.data).await?;
    Ok(Reply(page))
}

/// `collect`: favourite an item, or un-favourite it.
pub async fn collect(
    state: web::Data<AppState>,
    form: Form<IdParams>,
) -> ApiResult<Reply<Collected>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    Ok(Reply(trade::collect(&state, user.id, p?.id.0).await?))
}

/// `buyNFT`: buy an item at its fixed price.
pub async fn buy(state: web::Data<AppState>, form: Form<IdParams>) -> ApiResult<Reply<Card>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    Ok(Reply(trade::buy(&state, user.id, p?.id.0).await?))
}

/// `marginNFT`: pay an auction's deposit.
pub async fn margin(state: web::Data<AppState>, form: Form<IdParams>) -> ApiResult<Reply<Joined>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    Ok(Reply(trade::join(&state, user.id, p?.id.0).await?))
}

/// A bid.
#[derive(Deserialize, ToSchema)]
pub struct BidParams {
    /// The item.
    pub id: Id,
    pub price: NftPrice,
}

/// The item's coin, for reading a price at its precision.
async fn item_coin(state: &AppState, item: i64) -> ApiResult<&crate::config::CurrencySettings> {
    let row: Option<(i64,)> = sqlx::query_as("SELECT currency FROM nft_items WHERE id = $1")
        .bind(item)
        .fetch_optional(&state.db)
        .await?;
    let (currency,) =
        row.ok_or_else(|| ApiError::new(crate::error::Kind::NotFound, "err_nft_not_found"))?;
    state
        .settings
        .currencies
        .iter()
        .find(|c| c.id == currency)
        .ok_or_else(|| ApiError::invalid("err_currency_invalid"))
}

/// Refuses a price too large to hold (or too precise for any coin) before
/// anything is looked up, so the answer names the amount.
fn fits(prices: &[Option<rust_decimal::Decimal>]) -> ApiResult<()> {
    for p in prices.iter().flatten() {
        ::actors::money::to_units(*p).map_err(crate::funds::units_error)?;
    }
    Ok(())
}

fn price_units(p: NftPrice, coin: &crate::config::CurrencySettings) -> ApiResult<i64> {
    coin_units(crate::params::Amount(p.0), coin)
}

/// `auctionNFT`: bid on an item's auction.
pub async fn bid(state: web::Data<AppState>, form: Form<BidParams>) -> ApiResult<Reply<BidAnswer>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let p = p?;
    fits(&[Some(p.price.0)])?;
    Ok(Reply(trade::bid(&state, user.id, p.id.0, p.price.0).await?))
}

/// `getMyNFTs`: the caller's items.
pub async fn mine(
    state: web::Data<AppState>,
    form: Form<PageParams>,
) -> ApiResult<Reply<Paged<Card>>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let p = p?;
    let filter = Filter {
        owner: Some(user.id),
        ..Filter::default()
    };
    Ok(Reply(
        catalogue::items(&state, &filter, Some(user.id), Paging::of(p.page, p.limit)).await?,
    ))
}

/// `getMyBindBoxQuotationLog`: the auctions the caller bid in.
pub async fn my_bids(
    state: web::Data<AppState>,
    form: Form<PageParams>,
) -> ApiResult<Reply<Paged<MyBid>>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let p = p?;
    Ok(Reply(
        trade::my_bids(&state, user.id, Paging::of(p.page, p.limit)).await?,
    ))
}

/// Payments of one state.
#[derive(Deserialize, ToSchema)]
pub struct PaymentsParams {
    pub page: Option<Page>,
    pub limit: Option<Page>,
    /// 0 awaiting, 1 paid, 2 expired; all when absent.
    #[schema(pattern = "^[0-2]$")]
    pub status: Option<String>,
}

fn code_of(raw: Option<&str>, most: i64) -> ApiResult<Option<i64>> {
    match raw.filter(|s| !s.is_empty()).map(str::parse::<i64>) {
        None => Ok(None),
        Some(Ok(v)) if (0..=most).contains(&v) => Ok(Some(v)),
        Some(_) => Err(ApiError::invalid("err_type_invalid")),
    }
}

/// `getNeedPayNFTOrder`: the caller's payments.
pub async fn payments(
    state: web::Data<AppState>,
    form: Form<PaymentsParams>,
) -> ApiResult<Reply<Paged<Payment>>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let p = p?;
    let st = code_of(p.status.as_deref(), 2)?;
    Ok(Reply(
        trade::payments(&state, user.id, st, Paging::of(p.page, p.limit)).await?,
    ))
}

/// `payNFTOrder`: pay a won item.
pub async fn pay(state: web::Data<AppState>, form: Form<IdParams>) -> ApiResult<Reply<Payment>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    Ok(Reply(trade::pay(&state, user.id, p?.id.0).await?))
}

/// Messages, read or unread.
#[derive(Deserialize, ToSchema)]
pub struct MessagesParams {
    pub page: Option<Page>,
    pub limit: Option<Page>,
    /// 0 unread, 1 read; all when absent.
    #[schema(pattern = "^[01]$")]
    pub is_red: Option<String>,
}

/// `messages`: the caller's order and payment messages.
pub async fn messages(
    state: web::Data<AppState>,
    form: Form<MessagesParams>,
) -> ApiResult<Reply<crate::nft::messages::Messages>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let p = p?;
    let read = code_of(p.is_red.as_deref(), 1)?;
    Ok(Reply(
        crate::nft::messages::messages(&state, user.id, read, Paging::of(p.page, p.limit)).await?,
    ))
}

/// One message, or all.
#[derive(Deserialize, ToSchema)]
pub struct ReadParams {
    pub id: Option<Id>,
}

/// `readNFTOrderMessage`: mark one message (all without id) read.
pub async fn read(
    state: web::Data<AppState>,
    form: Form<ReadParams>,
) -> ApiResult<Reply<crate::nft::messages::Unread>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    Ok(Reply(
        crate::nft::messages::read(&state, user.id, p?.id.map(|i| i.0)).await?,
    ))
}

/// A resale listing's terms.
#[derive(Deserialize, ToSchema)]
pub struct ResellParams {
    /// The item.
    pub id: Id,
    pub mode: SaleMode,
    /// The price, or the auction's opening bid.
    pub price: NftPrice,
    /// The least increase per bid (auctions).
    pub step: Option<NftStep>,
    /// The deposit to bid (auctions; none when absent).
    pub margin: Option<NftPrice>,
    /// Milliseconds; now when absent.
    pub starts_at: Option<Id>,
    /// Milliseconds; seven days after the start when absent.
    pub ends_at: Option<Id>,
}

/// `resellNFT`: list an owned item; it waits for review.
pub async fn resell(
    state: web::Data<AppState>,
    form: Form<ResellParams>,
) -> ApiResult<Reply<Listed>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let p = p?;
    fits(&[Some(p.price.0), p.step.map(|s| s.0), p.margin.map(|m| m.0)])?;
    let coin = item_coin(&state, p.id.0).await?;
    let auction = p.mode == SaleMode::Auction;
    let step = match (auction, p.step) {
        (true, None) => return Err(ApiError::invalid("err_nft_step")),
        (true, Some(s)) => coin_units(crate::params::Amount(s.0), coin)?,
        (false, _) => 0,
    };
    let starts_at = p.starts_at.map_or_else(crate::db::now_ms, |s| s.0);
    let r = Resale {
        item: p.id.0,
        terms: crate::nft::admin::Sale {
            auction,
            price: price_units(p.price, coin)?,
            step,
            margin: match p.margin {
                Some(m) if auction => price_units(m, coin)?,
                _ => 0,
            },
            starts_at,
            ends_at: p
                .ends_at
                .map_or(starts_at.saturating_add(7 * 86_400_000), |e| e.0),
        },
    };
    Ok(Reply(trade::resell(&state, user.id, &r).await?))
}

/// `cancelResell`: withdraw one's listing still in review, or a fixed-price one not sold.
pub async fn cancel_resell(
    state: web::Data<AppState>,
    form: Form<IdParams>,
) -> ApiResult<Reply<Listed>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    Ok(Reply(trade::cancel_resale(&state, user.id, p?.id.0).await?))
}

/// `getSeries`: one blind-box series.
pub async fn series(
    state: web::Data<AppState>,
    form: Form<IdParams>,
) -> ApiResult<Reply<SeriesDetail>> {
    let (req, p) = form.split();
    let viewer = req.user(&state).await.ok().map(|u| u.id);
    let mut d = boxes::detail(&state, p?.id.0, viewer).await?;
    localize::series_detail(&state, req.lang, &mut d).await?;
    Ok(Reply(d))
}

/// `buyBox`: buy a series' next box.
pub async fn buy_box(state: web::Data<AppState>, form: Form<IdParams>) -> ApiResult<Reply<MyBox>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    Ok(Reply(boxes::buy(&state, user.id, p?.id.0).await?))
}

/// An opened box and what it held.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Opened {
    #[serde(rename = "box")]
    pub opened: MyBox,
    pub item: Card,
}

/// `openBlindBox`: open one of one's boxes.
pub async fn open_box(
    state: web::Data<AppState>,
    form: Form<IdParams>,
) -> ApiResult<Reply<Opened>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let (opened, item) = boxes::open(&state, user.id, p?.id.0).await?;
    Ok(Reply(Opened { opened, item }))
}

/// `myBoxes`: one's blind boxes.
pub async fn my_boxes(
    state: web::Data<AppState>,
    form: Form<PageParams>,
) -> ApiResult<Reply<Paged<MyBox>>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let p = p?;
    Ok(Reply(
        boxes::boxes_of(&state, user.id, None, Paging::of(p.page, p.limit)).await?,
    ))
}
