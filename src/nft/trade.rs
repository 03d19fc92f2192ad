//! What a user does in the NFT marketplace: buy at a fixed price, join an
//! auction and bid (through its actor), pay for a won item, list an owned
//! item for resale (it waits for review), favourite, and read the order and
//! payment messages. Every money step is one ledger transaction in
//! `actors::nft::store`.

use super::admin::{list_item, Sale};
use super::{catalogue, coin_name};
use crate::db::now_ms;
use crate::earn::unavailable;
use crate::error::{ApiError, ApiResult, Kind};
use crate::extract::Paging;
use crate::funds::{coin_units, units};
use crate::params::Amount;
use crate::params::Paged;
use crate::state::AppState;
use ::actors::nft::store::{
    self as store, status, ListingRow, PaymentRow, LISTING_COLUMNS, PAYMENT_COLUMNS,
};
use ::actors::nft::{BidTaken, Join, PayWon, PlaceBid};
use ::actors::runtime::ProductError;
use rust_decimal::Decimal;
use serde::Serialize;
use utoipa::ToSchema;

/// The item's live listing (on sale or awaiting payment).
async fn live_listing(state: &AppState, item: i64) -> ApiResult<ListingRow> {
    let row: Option<ListingRow> = sqlx::query_as(&format!(
        "SELECT {LISTING_COLUMNS} FROM nft_listings WHERE item_id = $1 AND status IN ($2, $3) ORDER BY id DESC LIMIT 1"
    ))
    .bind(item)
    .bind(status::ON_SALE)
    .bind(status::AWAITING_PAYMENT)
    .fetch_optional(&state.db)
    .await?;
    match row {
        Some(l) => Ok(l),
        None => {
            item_exists(state, item).await?;
            Err(ApiError::conflict("err_nft_not_on_sale"))
        }
    }
}

async fn item_exists(state: &AppState, item: i64) -> ApiResult<()> {
    let row: Option<(i64,)> = sqlx::query_as("SELECT id FROM nft_items WHERE id = $1")
        .bind(item)
        .fetch_optional(&state.db)
        .await?;
    row.map(|_| ())
        .ok_or_else(|| ApiError::new(Kind::NotFound, "err_nft_not_found"))
}

/// Buys an item on sale at a fixed price.
pub async fn buy(state: &AppState, user: i64, item: i64) -> ApiResult<catalogue::Card> {
    let l = live_listing(state, item).await?;
    if l.mode != status::FIXED {
        return Err(ApiError::conflict("err_nft_not_on_sale"));
    }
    let artist = store::buy(&state.nft.store()?, &l, user, &state.nft.rules(), now_ms())
        .await
        .map_err(ApiError::from)?;
    for who in std::iter::once(user).chain(l.seller_id) {
        super::tell_balance(state, who, l.currency);
        super::tell_message(state, who, l.id);
    }
    // The artist's linked user was paid the resale's royalty.
    if let Some(a) = artist.filter(|a| *a != user && Some(*a) != l.seller_id) {
        super::tell_balance(state, a, l.currency);
    }
    catalogue::card(state, item, Some(user)).await
}

fn auction_of(
    state: &AppState,
    l: &ListingRow,
) -> ApiResult<::actors::runtime::Handle<::actors::nft::AuctionActor>> {
    if l.mode != status::AUCTION {
        return Err(ApiError::conflict("err_nft_not_on_sale"));
    }
    state.nft.auction(l.id)
}

/// The answer to a call whose auction's actor stopped before taking it: an
/// auction that ended (its actor retires) refuses it as over, like the
/// actor would have; one still live is restarting (500, logged).
async fn auction_gone(state: &AppState, l: &ListingRow, e: actix::MailboxError) -> ApiError {
    match live_listing(state, l.item_id).await {
        Ok(now) if now.id == l.id && now.status == status::ON_SALE => unavailable(e),
        Ok(_) => ApiError::conflict("err_nft_not_on_sale"),
        Err(refusal) => refusal,
    }
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Joined {
    pub listing_id: i64,
    pub margin: String,
    pub joined: bool,
}

/// Pays an auction's deposit.
pub async fn join(state: &AppState, user: i64, item: i64) -> ApiResult<Joined> {
    let l = live_listing(state, item).await?;
    let margin = match auction_of(state, &l)?.send(Join { user }).await {
        Ok(answer) => answer.map_err(ApiError::from)?,
        Err(e) => return Err(auction_gone(state, &l, e).await),
    };
    Ok(Joined {
        listing_id: l.id,
        margin: units(margin),
        joined: true,
    })
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct BidAnswer {
    pub listing_id: i64,
    pub price: String,
    pub bids: i64,
    pub ends_at: i64,
    /// The bid came in the last minutes and moved the end.
    pub extended: bool,
}

/// Bids `price` (in the auction's coin, at most its decimals) on an item's
/// auction: one read of the live listing, then its actor.
pub async fn bid(state: &AppState, user: i64, item: i64, price: Decimal) -> ApiResult<BidAnswer> {
    let l = live_listing(state, item).await?;
    let coin = state
        .settings
        .currencies
        .iter()
        .find(|c| c.id == l.currency)
        .ok_or_else(|| ApiError::invalid("err_currency_invalid"))?;
    let price = coin_units(Amount(price), coin)?;
    if price < state.nft.floor(l.id) {
        return Err(too_low(state, &l, &coin.name));
    }
    let taken: BidTaken = match auction_of(state, &l)?.send(PlaceBid { user, price }).await {
        Ok(answer) => answer.map_err(|e| match e {
            ProductError::Conflict("err_nft_bid_low") => too_low(state, &l, &coin.name),
            other => ApiError::from(other),
        })?,
        Err(e) => return Err(auction_gone(state, &l, e).await),
    };
    Ok(BidAnswer {
        listing_id: l.id,
        price: units(taken.price),
        bids: taken.bids,
        ends_at: taken.ends_at,
        extended: taken.extended,
    })
}

/// A bid under the least one the auction takes, named with that least bid:
/// under the opening price before the first bid, under the step after it
/// (a bid above the current one but by less than the step is still too low).
/// The least bid is the actor's, published after its last commit, or the one
/// the listing read gives, whichever is higher.
fn too_low(state: &AppState, l: &ListingRow, coin: &str) -> ApiError {
    let read = match l.top_price {
        Some(top) => top.saturating_add(l.step.max(1)),
        None => l.price,
    };
    let least = state.nft.floor(l.id).max(read);
    let amount = |u: i64| format!("{} {coin}", units(u));
    if least > l.price {
        ApiError::conflict("err_nft_bid_step")
            .with_arg("step", amount(l.step.max(1)))
            .with_arg("min", amount(least))
    } else {
        ApiError::conflict("err_nft_bid_low").with_arg("min", amount(least))
    }
}

/// What a won auction asks of its winner (or runner-up).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Payment {
    pub id: i64,
    pub listing_id: i64,
    pub item_id: i64,
    pub name: String,
    pub cover: String,
    pub price: String,
    /// The deposit already held, applied to the price.
    pub deposit: String,
    /// What is left to pay from spot.
    pub due: String,
    pub currency: i64,
    pub currency_name: String,
    pub due_at: i64,
    pub paid_at: Option<i64>,
    /// 0 awaiting, 1 paid, 2 expired.
    pub status: i64,
    /// 0 the winner, 1 the runner-up offered it after a default.
    pub round: i64,
}

#[derive(sqlx::FromRow)]
struct PaymentJoin {
    #[sqlx(flatten)]
    p: PaymentRow,
    item_id: i64,
    name: String,
    cover: String,
    currency: i64,
}

const PAYMENT_SELECT: &str = "SELECT p.id, p.listing_id, p.user_id, p.round, p.price, p.deposit, p.due_at, p.status, p.paid_at, p.created_at, i.id AS item_id, i.name, i.cover, l.currency FROM nft_payments p JOIN nft_listings l ON l.id = p.listing_id JOIN nft_items i ON i.id = l.item_id";

impl PaymentJoin {
    fn view(self, state: &AppState) -> Payment {
        let p = self.p;
        Payment {
            id: p.id,
            listing_id: p.listing_id,
            item_id: self.item_id,
            name: self.name,
            cover: self.cover,
            price: units(p.price),
            deposit: units(p.deposit),
            due: units(p.price - p.deposit),
            currency: self.currency,
            currency_name: coin_name(state, self.currency),
            due_at: p.due_at,
            paid_at: p.paid_at,
            status: p.status,
            round: p.round,
        }
    }
}

/// The caller's payments, newest first (of one state or all).
pub async fn payments(
    state: &AppState,
    user: i64,
    st: Option<i64>,
    paging: Paging,
) -> ApiResult<Paged<Payment>> {
    let filter = "p.user_id = $1 AND (CAST($2 AS BIGINT) IS NULL OR p.status = $2)";
    let (total,): (i64,) = sqlx::query_as(&format!(
        "SELECT COUNT(*) FROM nft_payments p WHERE {filter}"
    ))
    .bind(user)
    .bind(st)
    .fetch_one(&state.db)
    .await?;
    let rows: Vec<PaymentJoin> = sqlx::query_as(&format!(
        "{PAYMENT_SELECT} WHERE {filter} ORDER BY p.id DESC LIMIT $3 OFFSET $4"
    ))
    .bind(user)
    .bind(st)
    .bind(paging.limit)
    .bind(paging.offset())
    .fetch_all(&state.db)
    .await?;
    let list = rows.into_iter().map(|r| r.view(state)).collect();
    Ok(Paged::of(paging, list, total))
}

/// The caller's payment awaited on an item, if any.
pub async fn payment_on(state: &AppState, user: i64, item: i64) -> ApiResult<Option<Payment>> {
    let row: Option<PaymentJoin> = sqlx::query_as(&format!(
        "{PAYMENT_SELECT} WHERE p.user_id = $1 AND i.id = $2 AND p.status = $3 ORDER BY p.id DESC LIMIT 1"
    ))
    .bind(user)
    .bind(item)
    .bind(status::AWAITING)
    .fetch_optional(&state.db)
    .await?;
    Ok(row.map(|r| r.view(state)))
}

/// Pays a payment of the caller's before its deadline. Calls at the same
/// moment for one payment pay it once; every other one is told it is paid
/// (409), whether it was turned away by the first read, by the auction's
/// actor, or found the actor retired (an auction sold stops its actor, and
/// the calls still in its mailbox see it closed).
pub async fn pay(state: &AppState, user: i64, payment: i64) -> ApiResult<Payment> {
    let p = payment_row(state, user, payment)
        .await?
        .ok_or_else(|| ApiError::new(Kind::NotFound, "err_nft_not_found"))?;
    if p.status != status::AWAITING {
        return Err(payment_refusal(&p));
    }
    let Ok(auction) = state.nft.auction(p.listing_id) else {
        return Err(payment_settled(state, user, payment).await);
    };
    match auction.send(PayWon { user, payment }).await {
        Ok(Ok(())) => {}
        Ok(Err(ProductError::Conflict("err_nft_payment_closed"))) => {
            return Err(payment_settled(state, user, payment).await)
        }
        Ok(Err(e)) => return Err(ApiError::from(e)),
        Err(e) => {
            return Err(match payment_row(state, user, payment).await? {
                Some(p) if p.status != status::AWAITING => payment_refusal(&p),
                _ => unavailable(e),
            })
        }
    }
    let row: PaymentJoin = sqlx::query_as(&format!("{PAYMENT_SELECT} WHERE p.id = $1"))
        .bind(payment)
        .fetch_one(&state.db)
        .await?;
    Ok(row.view(state))
}

async fn payment_row(state: &AppState, user: i64, payment: i64) -> ApiResult<Option<PaymentRow>> {
    Ok(sqlx::query_as(&format!(
        "SELECT {PAYMENT_COLUMNS} FROM nft_payments WHERE id = $1 AND user_id = $2"
    ))
    .bind(payment)
    .bind(user)
    .fetch_optional(&state.db)
    .await?)
}

/// Why a payment no longer takes money: paid already, or past its deadline.
fn payment_refusal(p: &PaymentRow) -> ApiError {
    ApiError::conflict(if p.status == status::PAID {
        "err_nft_already_paid"
    } else {
        "err_nft_payment_closed"
    })
}

/// The refusal of a payment another call settled meanwhile, read again.
async fn payment_settled(state: &AppState, user: i64, payment: i64) -> ApiError {
    match payment_row(state, user, payment).await {
        Ok(Some(p)) => payment_refusal(&p),
        Ok(None) => ApiError::new(Kind::NotFound, "err_nft_not_found"),
        Err(e) => e,
    }
}

/// A resale: the item and its listing's terms.
#[derive(Debug, Clone, Copy)]
pub struct Resale {
    pub item: i64,
    pub terms: Sale,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Listed {
    pub id: i64,
    pub item_id: i64,
    /// 0 waiting for review.
    pub status: i64,
}

/// Lists an owned item for resale; it waits for the platform's review.
pub async fn resell(state: &AppState, user: i64, r: &Resale) -> ApiResult<Listed> {
    r.terms.check()?;
    if r.terms.ends_at - r.terms.starts_at > 90 * 86_400_000 {
        return Err(ApiError::invalid("err_nft_times"));
    }
    let row: Option<(Option<i64>, i64)> =
        sqlx::query_as("SELECT owner_id, currency FROM nft_items WHERE id = $1")
            .bind(r.item)
            .fetch_optional(&state.db)
            .await?;
    let (owner, currency) =
        row.ok_or_else(|| ApiError::new(Kind::NotFound, "err_nft_not_found"))?;
    if owner != Some(user) {
        return Err(ApiError::new(Kind::NotFound, "err_nft_not_found"));
    }
    let store = state.nft.store()?;
    let mut tx = store.begin().await?;
    let id = list_item(
        &mut tx,
        r.item,
        Some(user),
        currency,
        &r.terms,
        status::REVIEW,
        false,
    )
    .await?
    .ok_or_else(|| ApiError::conflict("err_nft_listed"))?;
    tx.commit().await?;
    Ok(Listed {
        id,
        item_id: r.item,
        status: status::REVIEW,
    })
}

/// Withdraws the caller's listing of an item: one in review, or a
/// fixed-price one not sold (an auction runs to its end).
pub async fn cancel_resale(state: &AppState, user: i64, item: i64) -> ApiResult<Listed> {
    let store = state.nft.store()?;
    let mut tx = store.begin().await?;
    let moved = sqlx::query(
        "UPDATE nft_listings SET status = $1 WHERE item_id = $2 AND seller_id = $3 AND (status = $4 OR (status = $5 AND mode = $6))",
    )
    .bind(status::CLOSED)
    .bind(item)
    .bind(user)
    .bind(status::REVIEW)
    .bind(status::ON_SALE)
    .bind(status::FIXED)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if moved == 0 {
        return Err(ApiError::conflict("err_nft_not_listed"));
    }
    tx.commit().await?;
    let (id,): (i64,) = sqlx::query_as("SELECT MAX(id) FROM nft_listings WHERE item_id = $1")
        .bind(item)
        .fetch_one(&state.db)
        .await?;
    Ok(Listed {
        id,
        item_id: item,
        status: status::CLOSED,
    })
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Collected {
    pub collected: bool,
    pub favourites: i64,
}

/// Favourites an item, or un-favourites it.
pub async fn collect(state: &AppState, user: i64, item: i64) -> ApiResult<Collected> {
    item_exists(state, item).await?;
    let store = state.nft.store()?;
    let mut tx = store.begin().await?;
    let removed = sqlx::query("DELETE FROM nft_favourites WHERE user_id = $1 AND item_id = $2")
        .bind(user)
        .bind(item)
        .execute(&mut *tx)
        .await?
        .rows_affected();
    if removed == 0 {
        sqlx::query(
            "INSERT INTO nft_favourites (user_id, item_id, created_at) VALUES ($1, $2, $3)",
        )
        .bind(user)
        .bind(item)
        .bind(now_ms())
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    let (favourites,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM nft_favourites WHERE item_id = $1")
            .bind(item)
            .fetch_one(&state.db)
            .await?;
    Ok(Collected {
        collected: removed == 0,
        favourites,
    })
}

/// One of the caller's auctions, as the "my bids" list shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MyBid {
    pub listing_id: i64,
    pub item_id: i64,
    pub name: String,
    pub cover: String,
    /// The caller's highest bid.
    pub price: String,
    pub current_bid: Option<String>,
    pub currency_name: String,
    pub at: i64,
    pub ends_at: i64,
    /// leading, outbid, won, lost.
    pub state: String,
}

/// The auctions the caller bid in, latest bid first.
pub async fn my_bids(state: &AppState, user: i64, paging: Paging) -> ApiResult<Paged<MyBid>> {
    let (total,): (i64,) =
        sqlx::query_as("SELECT COUNT(DISTINCT listing_id) FROM nft_bids WHERE user_id = $1")
            .bind(user)
            .fetch_one(&state.db)
            .await?;
    type Row = (
        i64,
        i64,
        i64,
        i64,
        String,
        String,
        i64,
        Option<i64>,
        Option<i64>,
        i64,
        i64,
        Option<i64>,
    );
    let rows: Vec<Row> = sqlx::query_as(
        "SELECT b.listing_id, MAX(b.price), MAX(b.created_at), i.id, i.name, i.cover, l.currency, l.top_price, l.top_user, l.ends_at, l.status, l.buyer_id
         FROM nft_bids b JOIN nft_listings l ON l.id = b.listing_id JOIN nft_items i ON i.id = l.item_id
         WHERE b.user_id = $1
         GROUP BY b.listing_id, i.id, i.name, i.cover, l.currency, l.top_price, l.top_user, l.ends_at, l.status, l.buyer_id
         ORDER BY MAX(b.id) DESC LIMIT $2 OFFSET $3",
    )
    .bind(user)
    .bind(paging.limit)
    .bind(paging.offset())
    .fetch_all(&state.db)
    .await?;
    let list = rows
        .into_iter()
        .map(
            |(
                listing,
                mine,
                at,
                item,
                name,
                cover,
                currency,
                top,
                top_user,
                ends_at,
                st,
                buyer,
            )| {
                let lead = top_user == Some(user);
                let state_name = match st {
                    status::ON_SALE if lead => "leading",
                    status::ON_SALE => "outbid",
                    status::SOLD if buyer == Some(user) => "won",
                    status::AWAITING_PAYMENT if lead => "won",
                    _ => "lost",
                };
                MyBid {
                    listing_id: listing,
                    item_id: item,
                    name,
                    cover,
                    price: units(mine),
                    current_bid: top.map(units),
                    currency_name: coin_name(state, currency),
                    at,
                    ends_at,
                    state: state_name.into(),
                }
            },
        )
        .collect();
    Ok(Paged::of(paging, list, total))
}
