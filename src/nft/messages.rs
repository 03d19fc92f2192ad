//! The order and payment messages of the NFT marketplace: written in the
//! transaction of what they tell (`actors::nft::store::message`), read here
//! newest first with the unread count, and marked read.

use super::coin_name;
use crate::error::ApiResult;
use crate::extract::Paging;
use crate::funds::units;
use crate::params::Paged;
use crate::state::AppState;
use serde::Serialize;
use utoipa::ToSchema;

/// An order or payment message.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Message {
    pub id: i64,
    /// bought, sold, outbid, won, margin_back, pay_expired, offered,
    /// auction_won, unsold, approved, rejected.
    pub kind: String,
    pub item_id: i64,
    pub listing_id: Option<i64>,
    pub name: String,
    pub price: Option<String>,
    pub currency_name: String,
    /// 0 unread, 1 read.
    pub is_red: i64,
    pub created_at: i64,
}

/// A page of messages and the count of unread ones.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Messages {
    pub data: Vec<Message>,
    pub page: i64,
    pub limit: i64,
    pub total: i64,
    pub pages: i64,
    pub unread: i64,
}

/// The caller's messages, newest first (unread or read only with `read`).
pub async fn messages(
    state: &AppState,
    user: i64,
    read: Option<i64>,
    paging: Paging,
) -> ApiResult<Messages> {
    let filter = "m.user_id = $1 AND (CAST($2 AS BIGINT) IS NULL OR m.is_read = $2)";
    let (total,): (i64,) = sqlx::query_as(&format!(
        "SELECT COUNT(*) FROM nft_messages m WHERE {filter}"
    ))
    .bind(user)
    .bind(read)
    .fetch_one(&state.db)
    .await?;
    type Row = (
        i64,
        String,
        i64,
        Option<i64>,
        String,
        Option<i64>,
        i64,
        i64,
        i64,
    );
    let rows: Vec<Row> = sqlx::query_as(&format!(
        "SELECT m.id, m.kind, m.item_id, m.listing_id, i.name, m.price, m.currency, m.is_read, m.created_at FROM nft_messages m JOIN nft_items i ON i.id = m.item_id WHERE {filter} ORDER BY m.id DESC LIMIT $3 OFFSET $4"
    ))
    .bind(user)
    .bind(read)
    .bind(paging.limit)
    .bind(paging.offset())
    .fetch_all(&state.db)
    .await?;
    let list = rows
        .into_iter()
        .map(
            |(id, kind, item_id, listing_id, name, price, currency, is_read, created_at)| Message {
                id,
                kind,
                item_id,
                listing_id,
                name,
                price: price.map(units),
                currency_name: coin_name(state, currency),
                is_red: is_read,
                created_at,
            },
        )
        .collect();
    let page = Paged::of(paging, list, total);
    Ok(Messages {
        data: page.data,
        page: page.page,
        limit: page.limit,
        total: page.total,
        pages: page.pages,
        unread: unread(state, user).await?,
    })
}

async fn unread(state: &AppState, user: i64) -> ApiResult<i64> {
    let (n,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM nft_messages WHERE user_id = $1 AND is_read = 0")
            .bind(user)
            .fetch_one(&state.db)
            .await?;
    Ok(n)
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Unread {
    pub unread: i64,
}

/// Marks one of the caller's messages read, or all of them.
pub async fn read(state: &AppState, user: i64, id: Option<i64>) -> ApiResult<Unread> {
    let store = state.nft.store()?;
    let mut tx = store.begin().await?;
    sqlx::query("UPDATE nft_messages SET is_read = 1 WHERE user_id = $1 AND (CAST($2 AS BIGINT) IS NULL OR id = $2)")
        .bind(user)
        .bind(id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(Unread {
        unread: unread(state, user).await?,
    })
}
