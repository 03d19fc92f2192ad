//! Deposits: the platform's deposit addresses, requests credited once an admin
//! has seen the payment voucher, and the demo accounts' starting funds. Credits
//! come from the deposits system account, so the ledger still sums to zero.

use super::units;
use crate::config::CurrencySettings;
use crate::db::now_ms;
use crate::error::{ApiError, ApiResult};
use crate::extract::Paging;
use crate::params::Paged;
use crate::state::AppState;
use actors::ledger::{self, account, Bucket, Operation, Posting, SystemAccount};
use actors::runtime::Event;
use serde::Serialize;
use utoipa::ToSchema;

/// Seeds the platform's deposit addresses from config (admins edit them later).
/// A network the config names no address for gets its demo address, and demo
/// addresses already stored are rewritten to the current derivation, which
/// leaves every address an admin set alone.
pub async fn seed_addresses(state: &AppState) -> ApiResult<()> {
    for c in &state.settings.currencies {
        for n in &c.networks {
            let derived = crate::addresses::demo(c.id, &n.name)
                .ok_or_else(|| ApiError::internal("demo address"))?;
            let (address, demo) = match &n.address {
                Some(a) => (a.clone(), 0),
                None => (derived.clone(), 1),
            };
            sqlx::query(
                "INSERT INTO deposit_addresses (currency, network, address, demo, updated_at) VALUES ($1, $2, $3, $4, $5)
                 ON CONFLICT (currency, network) DO NOTHING",
            )
            .bind(c.id)
            .bind(&n.name)
            .bind(&address)
            .bind(demo)
            .bind(now_ms())
            .execute(&state.db)
            .await?;
            sqlx::query(
                "UPDATE deposit_addresses SET address = $1 WHERE currency = $2 AND network = $3 AND demo = 1 AND address <> $1",
            )
            .bind(&derived)
            .bind(c.id)
            .bind(&n.name)
            .execute(&state.db)
            .await?;
        }
    }
    Ok(())
}

/// The platform's address on a network, and whether it is a demo one.
async fn stored_address(state: &AppState, coin: i64, network: &str) -> ApiResult<(String, bool)> {
    let row: Option<(String, i64)> = sqlx::query_as(
        "SELECT address, demo FROM deposit_addresses WHERE currency = $1 AND network = $2",
    )
    .bind(coin)
    .bind(network)
    .fetch_optional(&state.db)
    .await?;
    row.map(|(a, demo)| (a, demo != 0))
        .ok_or_else(|| ApiError::invalid("err_network_invalid"))
}

/// One of the coin's networks by name (any case), its first when none is asked.
pub fn network<'a>(coin: &'a CurrencySettings, asked: Option<&str>) -> ApiResult<&'a str> {
    match asked {
        None => coin.networks.first().map(|n| n.name.as_str()),
        Some(raw) => coin
            .networks
            .iter()
            .find(|n| n.name.eq_ignore_ascii_case(raw))
            .map(|n| n.name.as_str()),
    }
    .ok_or_else(|| ApiError::invalid("err_network_invalid"))
}

/// The platform's deposit address for one coin and network.
#[derive(Serialize, ToSchema)]
pub struct DepositAddress {
    pub currency_id: i64,
    pub name: String,
    pub network: String,
    pub address: String,
    /// Whether it is a demo address (nothing sent to it arrives).
    pub demo: bool,
    /// Every network of the coin.
    pub networks: Vec<String>,
}

/// Where to send `coin` on `network` (one of the coin's, see [`network`]).
pub async fn address(
    state: &AppState,
    coin: &CurrencySettings,
    network: &str,
) -> ApiResult<DepositAddress> {
    let (address, demo) = stored_address(state, coin.id, network).await?;
    Ok(DepositAddress {
        currency_id: coin.id,
        name: coin.name.clone(),
        network: network.to_string(),
        address,
        demo,
        networks: coin.networks.iter().map(|n| n.name.clone()).collect(),
    })
}

/// Takes in a deposit of `amount` units for review, with the voucher the user
/// uploaded (a deposit without one is refused); answers the request's id.
pub async fn request(
    state: &AppState,
    user_id: i64,
    coin: &CurrencySettings,
    network: &str,
    amount: i64,
    voucher: Option<&str>,
) -> ApiResult<i64> {
    let voucher = super::owned_upload(state, user_id, voucher)
        .await?
        .ok_or_else(|| ApiError::invalid("err_voucher_required"))?;
    let (address, _) = stored_address(state, coin.id, network).await?;
    let (id,): (i64,) = sqlx::query_as(
        "INSERT INTO deposit_requests (user_id, currency, network, address, amount, voucher, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
    )
    .bind(user_id)
    .bind(coin.id)
    .bind(network)
    .bind(&address)
    .bind(amount)
    .bind(&voucher)
    .bind(now_ms())
    .fetch_one(&state.db)
    .await?;
    Ok(id)
}

type RequestRow = (
    i64,
    i64,
    i64,
    String,
    String,
    i64,
    String,
    i64,
    String,
    i64,
    Option<i64>,
);

/// A deposit request, as its requester and the review desk see it.
#[derive(Serialize, ToSchema)]
pub struct Deposit {
    pub id: i64,
    pub user_id: i64,
    pub currency_id: i64,
    pub currency: String,
    pub network: String,
    pub address: String,
    /// A decimal string.
    pub amount: String,
    /// A signed link to the payment voucher.
    pub voucher: String,
    /// 0 under review, 1 credited, 2 rejected.
    pub state: i64,
    pub reason: String,
    /// Milliseconds since the epoch.
    pub created_at: i64,
    pub reviewed_at: Option<i64>,
}

fn deposit_json(state: &AppState, r: RequestRow) -> Deposit {
    let (id, user_id, cur, network, address, amount, voucher, st, reason, created_at, reviewed_at) =
        r;
    Deposit {
        id,
        user_id,
        currency_id: cur,
        currency: state
            .settings
            .currency(cur)
            .map(|c| c.name.clone())
            .unwrap_or_default(),
        network,
        address,
        amount: units(amount),
        // Only the requester and admins read this row, so both get a link.
        voucher: crate::uploads::signed(state, &voucher),
        state: st,
        reason,
        created_at,
        reviewed_at,
    }
}

const DEPOSIT_COLUMNS: &str =
    "id, user_id, currency, network, address, amount, voucher, state, reason, created_at, reviewed_at";

/// A page of the user's deposit requests, newest first.
pub async fn of_user(state: &AppState, user_id: i64, paging: Paging) -> ApiResult<Paged<Deposit>> {
    let page: Paged<RequestRow> = crate::db::paged(
        &state.db,
        "deposit_requests",
        DEPOSIT_COLUMNS,
        "user_id = $1",
        Some(user_id),
        paging,
    )
    .await?;
    Ok(page.map(|r| deposit_json(state, r)))
}

/// A page of the review queue: every request, or those in state `st`.
pub async fn queue(state: &AppState, st: Option<i64>, paging: Paging) -> ApiResult<Paged<Deposit>> {
    let page: Paged<RequestRow> = crate::db::paged(
        &state.db,
        "deposit_requests",
        DEPOSIT_COLUMNS,
        crate::db::STATE_FILTER,
        st,
        paging,
    )
    .await?;
    Ok(page.map(|r| deposit_json(state, r)))
}

/// Approves (credits from the deposits system account) or rejects a deposit, once.
pub async fn review(
    state: &AppState,
    admin_id: i64,
    id: i64,
    approve: bool,
    reason: &str,
) -> ApiResult<()> {
    let mut tx = state.db.begin().await?;
    let new_state = if approve { 1 } else { 2 };
    let row: Option<(i64, i64, i64)> = sqlx::query_as(
        "UPDATE deposit_requests SET state = $1, reason = $2, reviewed_by = $3, reviewed_at = $4
         WHERE id = $5 AND state = 0 RETURNING user_id, currency, amount",
    )
    .bind(new_state)
    .bind(reason)
    .bind(admin_id)
    .bind(now_ms())
    .bind(id)
    .fetch_optional(&mut *tx)
    .await?;
    let Some((user_id, cur, amount)) = row else {
        return Err(ApiError::conflict("err_request_state"));
    };
    if approve {
        let op = Operation {
            key: format!("deposit:{id}"),
            reason: "deposit".into(),
            ref_type: "deposit_request".into(),
            ref_id: id,
            postings: vec![
                Posting::system(SystemAccount::Deposits, cur, -amount),
                Posting::user(user_id, account::CHANGE, cur, Bucket::Available, amount),
            ],
        };
        ledger::post(&mut tx, &op)
            .await
            .map_err(super::post_error)?;
    }
    tx.commit().await?;
    // The user learns of the decision where they are (Assets, the records)
    // instead of when they next open a page.
    let mut told = vec![Event::Private {
        user_id,
        event: "deposit",
        payload: serde_json::json!({ "id": id, "status": new_state }),
    }];
    if approve {
        told.push(Event::balance(user_id, &[cur]));
    }
    state.hub.do_send(Event::Many(told));
    Ok(())
}

/// Credits a demo account's starting funds from the deposits account, once
/// (the operation's key is the user's).
pub async fn fund_demo(state: &AppState, user_id: i64) -> ApiResult<()> {
    let mut postings = Vec::new();
    for f in &state.settings.wallet.demo_funds {
        let u = actors::money::to_units(f.amount).map_err(|_| ApiError::internal("demo amount"))?;
        postings.push(Posting::system(SystemAccount::Deposits, f.currency, -u));
        postings.push(Posting::user(
            user_id,
            account::CHANGE,
            f.currency,
            Bucket::Available,
            u,
        ));
    }
    if postings.is_empty() {
        return Ok(());
    }
    let op = Operation {
        key: format!("demo-funding:{user_id}"),
        reason: "demo_funding".into(),
        ref_type: "user".into(),
        ref_id: user_id,
        postings,
    };
    ledger::apply(&state.db, &op)
        .await
        .map_err(super::ledger_error)?;
    Ok(())
}
