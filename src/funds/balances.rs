//! What a user holds: the coins listed, every account's balances valued in USDT,
//! one coin's balance in one account, and the ledger entries behind them.

use super::{account_name, units};
use crate::config::CurrencySettings;
use crate::error::ApiResult;
use crate::extract::Paging;
use crate::params::Paged;
use crate::state::AppState;
use actors::ledger;
use actors::ledger::accounts::user_accounts;
use rust_decimal::Decimal;
use serde::Serialize;
use utoipa::ToSchema;

/// A coin as the wallet lists it.
#[derive(Serialize, ToSchema)]
pub struct CoinInfo {
    pub id: i64,
    /// `BTC`.
    pub name: String,
    #[serde(rename = "subName")]
    pub sub_name: String,
    pub decimals: u32,
    pub image: String,
    /// Always 1 (listed).
    pub status: i64,
    pub kind: String,
    /// Decimal strings.
    pub price_usdt: String,
    /// The networks it moves on (ERC20, TRC20, BTC…).
    pub networks: Vec<String>,
    pub withdraw_min: String,
    pub withdraw_fee: String,
}

pub fn coin_info(c: &CurrencySettings) -> CoinInfo {
    CoinInfo {
        id: c.id,
        name: c.name.clone(),
        sub_name: c.sub_name.clone(),
        decimals: c.decimals,
        image: c.image.clone(),
        status: 1,
        kind: c.kind.clone(),
        price_usdt: c.price_usdt.normalize().to_string(),
        networks: c.networks.iter().map(|n| n.name.clone()).collect(),
        withdraw_min: c.withdraw_min.normalize().to_string(),
        withdraw_fee: c.withdraw_fee.normalize().to_string(),
    }
}

/// Every configured coin, at its reference price.
pub fn coins(state: &AppState) -> Vec<CoinInfo> {
    state.settings.currencies.iter().map(coin_info).collect()
}

/// One coin's balance in one account, valued in USDT.
#[derive(Serialize, ToSchema)]
pub struct Balance {
    pub currency_id: i64,
    pub name: String,
    pub image: String,
    pub kind: String,
    /// Decimal strings.
    pub available: String,
    pub frozen: String,
    pub value_usdt: String,
}

/// One account with every coin's balance.
#[derive(Serialize, ToSchema)]
pub struct AccountBalances {
    /// The account code (1 contract, 2 spot, …).
    pub account: i64,
    pub name: String,
    pub total_usdt: String,
    pub balances: Vec<Balance>,
}

/// `wallet/list`: every account, valued in USDT.
#[derive(Serialize, ToSchema)]
pub struct Wallet {
    pub total_usdt: String,
    pub accounts: Vec<AccountBalances>,
}

/// Every account of the user with every coin, valued in USDT at live prices.
pub async fn wallet(state: &AppState, user_id: i64) -> ApiResult<Wallet> {
    let rows: Vec<(i64, i64, i64, i64)> = sqlx::query_as(
        "SELECT currency, account, available, frozen FROM balances WHERE holder = $1",
    )
    .bind(user_id)
    .fetch_all(&state.db)
    .await?;
    let usdt = Decimal::ONE;
    let mut coins = Vec::new();
    for c in &state.settings.currencies {
        coins.push(super::live(state, c).await);
    }
    let mut grand = 0i64;
    let mut accounts = Vec::new();
    for a in user_accounts() {
        let (code, name) = (a.code, a.name);
        let mut total = 0i64;
        let mut balances = Vec::new();
        for c in &coins {
            let (av, fr) = rows
                .iter()
                .find(|r| r.0 == c.id && r.1 == code)
                .map(|r| (r.2, r.3))
                .unwrap_or((0, 0));
            let value = super::value_in(av.saturating_add(fr), c, usdt);
            total = total.saturating_add(value);
            balances.push(Balance {
                currency_id: c.id,
                name: c.name.clone(),
                image: c.image.clone(),
                kind: c.kind.clone(),
                available: units(av),
                frozen: units(fr),
                value_usdt: units(value),
            });
        }
        grand = grand.saturating_add(total);
        accounts.push(AccountBalances {
            account: code,
            name: name.to_string(),
            total_usdt: units(total),
            balances,
        });
    }
    Ok(Wallet {
        total_usdt: units(grand),
        accounts,
    })
}

/// `wallet/detail`: the coin with its balance in one account.
#[derive(Serialize, ToSchema)]
pub struct CoinBalance {
    #[serde(flatten)]
    pub coin: CoinInfo,
    pub currency_id: i64,
    pub account: i64,
    /// Decimal strings.
    pub available: String,
    pub frozen: String,
    pub value_usdt: String,
}

/// The user's balance of `coin` in account `acct`, the coin at its live price.
pub async fn balance(
    state: &AppState,
    user_id: i64,
    coin: &CurrencySettings,
    acct: i64,
) -> ApiResult<CoinBalance> {
    let coin = &super::live(state, coin).await;
    let (av, fr) = ledger::balance(&state.db, user_id, coin.id, acct)
        .await
        .map_err(super::ledger_error)?;
    Ok(CoinBalance {
        coin: coin_info(coin),
        currency_id: coin.id,
        account: acct,
        available: units(av),
        frozen: units(fr),
        value_usdt: units(super::value_in(av + fr, coin, Decimal::ONE)),
    })
}

/// One ledger entry of the caller's.
#[derive(Serialize, ToSchema)]
pub struct Record {
    pub id: i64,
    pub currency_id: i64,
    pub currency: String,
    pub account: i64,
    pub account_name: String,
    /// `available` or `frozen`.
    pub bucket: String,
    /// Decimal strings; the amount is signed.
    pub amount: String,
    pub balance_after: String,
    pub reason: String,
    pub ref_type: String,
    /// Milliseconds since the epoch.
    pub created_at: i64,
}

/// The user's ledger entries, newest first, optionally of one coin or account.
pub async fn records(
    state: &AppState,
    user_id: i64,
    coin: Option<i64>,
    acct: Option<i64>,
    paging: Paging,
) -> ApiResult<Paged<Record>> {
    let filter = "j.holder = $1 AND (CAST($2 AS BIGINT) IS NULL OR j.currency = $2) AND (CAST($3 AS BIGINT) IS NULL OR j.account = $3)";
    let (total,): (i64,) = sqlx::query_as(&format!(
        "SELECT COUNT(*) FROM ledger_journal j WHERE {filter}"
    ))
    .bind(user_id)
    .bind(coin)
    .bind(acct)
    .fetch_one(&state.db)
    .await?;
    let rows: Vec<(i64, i64, i64, i64, i64, i64, String, String, i64)> = sqlx::query_as(&format!(
        "SELECT j.id, j.currency, j.account, j.bucket, j.amount, j.balance_after, o.reason, o.ref_type, j.created_at
         FROM ledger_journal j JOIN ledger_operations o ON o.id = j.op_id WHERE {filter}
         ORDER BY j.id DESC LIMIT $4 OFFSET $5"
    ))
    .bind(user_id)
    .bind(coin)
    .bind(acct)
    .bind(paging.limit)
    .bind(paging.offset())
    .fetch_all(&state.db)
    .await?;
    let data = rows
        .into_iter()
        .map(
            |(id, cur, acct, bucket, amount, after, reason, ref_type, at)| {
                let name = state
                    .settings
                    .currency(cur)
                    .map(|c| c.name.clone())
                    .unwrap_or_default();
                Record {
                    id,
                    currency_id: cur,
                    currency: name,
                    account: acct,
                    account_name: account_name(acct).to_string(),
                    bucket: if bucket == 0 { "available" } else { "frozen" }.to_string(),
                    amount: units(amount),
                    balance_after: units(after),
                    reason,
                    ref_type,
                    created_at: at,
                }
            },
        )
        .collect();
    Ok(Paged::of(paging, data, total))
}
