//! Transfers between two of one user's accounts (spot, contract, options…):
//! the transfer row and its ledger operation commit together, and a retry with
//! the same request id is applied once.

use super::{account_name, units};
use crate::db::now_ms;
use crate::error::{ApiError, ApiResult};
use crate::extract::Paging;
use crate::params::Paged;
use crate::state::AppState;
use actors::ledger::{Bucket, Operation, Posting};
use serde::Serialize;
use utoipa::ToSchema;

/// A transfer as asked for: `amount` units of coin `currency` from account
/// `from` to account `to` (ledger account codes).
pub struct NewTransfer<'a> {
    pub currency: i64,
    pub amount: i64,
    pub from: i64,
    pub to: i64,
    /// A client-chosen id: a retry with it is applied once.
    pub request_id: Option<&'a str>,
}

/// Moves the amount between the user's two accounts; both must differ.
pub async fn transfer(state: &AppState, user_id: i64, t: NewTransfer<'_>) -> ApiResult<()> {
    let NewTransfer {
        currency: cid,
        amount,
        from,
        to,
        request_id,
    } = t;
    if from == to {
        return Err(ApiError::invalid("err_same_account"));
    }
    // Only accounts the ledger's table marks transferable take part (an escrow
    // a product holds users' money in is moved by that product alone).
    let transferable = |code: i64| {
        actors::ledger::accounts::user_accounts().any(|a| a.code == code && a.transferable)
    };
    if !transferable(from) || !transferable(to) {
        return Err(ApiError::invalid("err_account_field"));
    }
    let key = request_id.map(|r| format!("transfer:{user_id}:{r}"));
    let uid = user_id;
    super::with_row(
        state,
        move |conn| {
            Box::pin(async move {
                let (id,): (i64,) = sqlx::query_as(
                    "INSERT INTO account_transfers (user_id, currency, amount, from_account, to_account, created_at)
                     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
                )
                .bind(uid)
                .bind(cid)
                .bind(amount)
                .bind(from)
                .bind(to)
                .bind(now_ms())
                .fetch_one(conn)
                .await?;
                Ok(id)
            })
        },
        |id| Operation {
            key: key.unwrap_or_else(|| format!("transfer:{id}")),
            reason: "account_transfer".into(),
            ref_type: "account_transfer".into(),
            ref_id: id,
            postings: vec![
                Posting::user(uid, from, cid, Bucket::Available, -amount),
                Posting::user(uid, to, cid, Bucket::Available, amount),
            ],
        },
    )
    .await?;
    // The user's other screens and devices see both accounts move.
    state
        .hub
        .do_send(actors::runtime::Event::balance(user_id, &[cid]));
    Ok(())
}

/// A transfer between two of the caller's accounts.
#[derive(Serialize, ToSchema)]
pub struct Transfer {
    pub id: i64,
    pub currency_id: i64,
    pub currency: String,
    /// A decimal string.
    pub number: String,
    pub from_field: i64,
    pub to_field: i64,
    pub from_name: String,
    pub to_name: String,
    /// Milliseconds since the epoch.
    pub created_at: i64,
}

/// A page of the user's transfers, newest first.
pub async fn of_user(state: &AppState, user_id: i64, paging: Paging) -> ApiResult<Paged<Transfer>> {
    let columns = "id, currency, amount, from_account, to_account, created_at";
    let page: Paged<(i64, i64, i64, i64, i64, i64)> = crate::db::paged(
        &state.db,
        "account_transfers",
        columns,
        "user_id = $1",
        Some(user_id),
        paging,
    )
    .await?;
    let page = page.map(|(id, cur, amount, from, to, at)| Transfer {
        id,
        currency_id: cur,
        currency: state
            .settings
            .currency(cur)
            .map(|c| c.name.clone())
            .unwrap_or_default(),
        number: units(amount),
        from_field: from,
        to_field: to,
        from_name: account_name(from).to_string(),
        to_name: account_name(to).to_string(),
        created_at: at,
    });
    Ok(page)
}
