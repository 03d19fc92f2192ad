//! Assets, ledger records, deposits, withdrawals, transfers between accounts and
//! coin-to-coin conversion. Every balance change goes through the ledger; request
//! rows and their postings commit in one transaction.

use crate::db::now_ms;
use crate::error::{ApiError, ApiResult, Kind};
use crate::extract::Paging;
use crate::funds::{self, account_name, units, ACCOUNTS};
use crate::i18n::t;
use crate::params::{
    Account, Amount, Coin, Form, IdParams, NoParams, Page, PageParams, Payout, Reply,
};
use crate::security::verify_password_blocking;
use crate::state::AppState;
use actix_web::web;
use actors::ledger::{self, account, Bucket, Operation, PostError, Posting, SystemAccount};
use actors::money::from_units;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// What a request that was taken in answers: its id and a line to show.
#[derive(Serialize, ToSchema)]
pub struct Submitted {
    pub id: i64,
    pub message: String,
}

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

fn coin_info(c: &crate::config::CurrencySettings) -> CoinInfo {
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

pub async fn currencies(
    state: web::Data<AppState>,
    _form: Form<NoParams>,
) -> ApiResult<Reply<Vec<CoinInfo>>> {
    Ok(Reply(
        state.settings.currencies.iter().map(coin_info).collect(),
    ))
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

/// Every account of the caller with every coin, valued in USDT.
pub async fn list(state: web::Data<AppState>, form: Form<NoParams>) -> ApiResult<Reply<Wallet>> {
    let user = form.req.user(&state).await?;
    let rows: Vec<(i64, i64, i64, i64)> = sqlx::query_as(
        "SELECT currency, account, available, frozen FROM balances WHERE holder = $1",
    )
    .bind(user.id)
    .fetch_all(&state.db)
    .await?;
    let usdt = Decimal::ONE;
    let mut coins = Vec::new();
    for c in &state.settings.currencies {
        coins.push(funds::live(&state, c).await);
    }
    let mut grand = 0i64;
    let mut accounts = Vec::new();
    for (code, name) in ACCOUNTS {
        let mut total = 0i64;
        let mut balances = Vec::new();
        for c in &coins {
            let (av, fr) = rows
                .iter()
                .find(|r| r.0 == c.id && r.1 == code)
                .map(|r| (r.2, r.3))
                .unwrap_or((0, 0));
            let value = funds::value_in(av.saturating_add(fr), c, usdt);
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
    Ok(Reply(Wallet {
        total_usdt: units(grand),
        accounts,
    }))
}

/// `wallet/detail`: one coin in one account.
#[derive(Deserialize, ToSchema)]
pub struct DetailParams {
    #[serde(alias = "currency_id")]
    pub currency: Coin,
    /// The account; spot (2) when left out.
    #[serde(rename = "type", alias = "account")]
    pub account: Option<Account>,
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

pub async fn detail(
    state: web::Data<AppState>,
    form: Form<DetailParams>,
) -> ApiResult<Reply<CoinBalance>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let p = p?;
    let coin = &funds::live(&state, funds::coin(&state, &p.currency)?).await;
    let acct = p.account.map_or(account::CHANGE, Account::code);
    let (av, fr) = ledger::balance(&state.db, user.id, coin.id, acct)
        .await
        .map_err(funds::ledger_error)?;
    Ok(Reply(CoinBalance {
        coin: coin_info(coin),
        currency_id: coin.id,
        account: acct,
        available: units(av),
        frozen: units(fr),
        value_usdt: units(funds::value_in(av + fr, coin, Decimal::ONE)),
    }))
}

/// `wallet/legal_log`: a page of ledger entries, optionally of one coin or account.
#[derive(Deserialize, ToSchema)]
pub struct RecordsParams {
    #[serde(alias = "currency_id")]
    pub currency: Option<Coin>,
    #[serde(rename = "type", alias = "account")]
    pub account: Option<Account>,
    pub page: Option<Page>,
    pub limit: Option<Page>,
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

/// The caller's ledger entries, newest first, optionally for one coin or account.
pub async fn records(
    state: web::Data<AppState>,
    form: Form<RecordsParams>,
) -> ApiResult<Reply<crate::params::Paged<Record>>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let p = p?;
    let paging = Paging::of(p.page, p.limit);
    let coin = match &p.currency {
        None => None,
        Some(c) => Some(funds::coin(&state, c)?.id),
    };
    let acct = p.account.map(Account::code);
    let filter = "j.holder = $1 AND (CAST($2 AS BIGINT) IS NULL OR j.currency = $2) AND (CAST($3 AS BIGINT) IS NULL OR j.account = $3)";
    let (total,): (i64,) = sqlx::query_as(&format!(
        "SELECT COUNT(*) FROM ledger_journal j WHERE {filter}"
    ))
    .bind(user.id)
    .bind(coin)
    .bind(acct)
    .fetch_one(&state.db)
    .await?;
    let rows: Vec<(i64, i64, i64, i64, i64, i64, String, String, i64)> = sqlx::query_as(&format!(
        "SELECT j.id, j.currency, j.account, j.bucket, j.amount, j.balance_after, o.reason, o.ref_type, j.created_at
         FROM ledger_journal j JOIN ledger_operations o ON o.id = j.op_id WHERE {filter}
         ORDER BY j.id DESC LIMIT $4 OFFSET $5"
    ))
    .bind(user.id)
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
    Ok(Reply(crate::params::Paged::of(paging, data, total)))
}

/// Seeds the platform's deposit addresses from config (admins edit them later).
/// A network the config names no address for gets its demo address, and demo
/// addresses already stored are rewritten to the current derivation, which
/// leaves every address an admin set alone.
pub async fn seed_deposit_addresses(state: &AppState) -> ApiResult<()> {
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
async fn deposit_address(state: &AppState, coin: i64, network: &str) -> ApiResult<(String, bool)> {
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

fn network<'a>(
    coin: &'a crate::config::CurrencySettings,
    asked: Option<&str>,
) -> ApiResult<&'a str> {
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

/// `wallet/get_in_address`: a coin and one of its networks.
#[derive(Deserialize, ToSchema)]
pub struct AddressParams {
    #[serde(alias = "currency_id")]
    pub currency: Coin,
    /// One of the coin's networks (ERC20, TRC20, BTC…); its first when left out.
    #[serde(alias = "type")]
    pub network: Option<String>,
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

pub async fn in_address(
    state: web::Data<AppState>,
    form: Form<AddressParams>,
) -> ApiResult<Reply<DepositAddress>> {
    let (req, p) = form.split();
    req.user(&state).await?;
    let p = p?;
    let coin = funds::coin(&state, &p.currency)?;
    let net = network(coin, p.network.as_deref())?;
    let (address, demo) = deposit_address(&state, coin.id, net).await?;
    Ok(Reply(DepositAddress {
        currency_id: coin.id,
        name: coin.name.clone(),
        network: net.to_string(),
        address,
        demo,
        networks: coin.networks.iter().map(|n| n.name.clone()).collect(),
    }))
}

/// `wallet/charge_req`: a deposit to credit once an admin has seen the voucher.
#[derive(Deserialize, ToSchema)]
pub struct DepositParams {
    #[serde(alias = "currency_id")]
    pub currency: Coin,
    /// One of the coin's networks; its first when left out.
    #[serde(alias = "type")]
    pub network: Option<String>,
    #[serde(alias = "number")]
    pub amount: Amount,
    /// The address `upload` answered for the payment voucher.
    #[serde(alias = "account")]
    #[schema(required = true)]
    pub voucher: Option<String>,
}

pub async fn charge_req(
    state: web::Data<AppState>,
    form: Form<DepositParams>,
) -> ApiResult<Reply<Submitted>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let p = p?;
    let coin = funds::coin(&state, &p.currency)?;
    let net = network(coin, p.network.as_deref())?;
    let amount = funds::coin_units(p.amount, coin)?;
    let voucher = funds::owned_upload(&state, user.id, p.voucher.as_deref())
        .await?
        .ok_or_else(|| ApiError::invalid("err_voucher_required"))?;
    let (address, _) = deposit_address(&state, coin.id, net).await?;
    let (id,): (i64,) = sqlx::query_as(
        "INSERT INTO deposit_requests (user_id, currency, network, address, amount, voucher, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
    )
    .bind(user.id)
    .bind(coin.id)
    .bind(net)
    .bind(&address)
    .bind(amount)
    .bind(&voucher)
    .bind(now_ms())
    .fetch_one(&state.db)
    .await?;
    Ok(Reply(Submitted {
        id,
        message: t(req.lang, "ok_submitted", &[]),
    }))
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

pub async fn deposit_log(
    state: web::Data<AppState>,
    form: Form<PageParams>,
) -> ApiResult<Reply<crate::params::Paged<Deposit>>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let p = p?;
    let paging = Paging::of(p.page, p.limit);
    let (rows, total): (Vec<RequestRow>, i64) = super::paged(
        &state,
        "deposit_requests",
        DEPOSIT_COLUMNS,
        "user_id = $1",
        Some(user.id),
        paging,
    )
    .await?;
    let data = rows.into_iter().map(|r| deposit_json(&state, r)).collect();
    Ok(Reply(crate::params::Paged::of(paging, data, total)))
}

/// Pages the deposit review queue for admins (state filter optional).
pub async fn deposit_queue(
    state: &AppState,
    q: crate::api::admin::QueueParams,
) -> ApiResult<crate::params::Paged<Deposit>> {
    let paging = Paging::of(q.page, q.limit);
    let st = q.state();
    let (rows, total): (Vec<RequestRow>, i64) = super::paged(
        state,
        "deposit_requests",
        DEPOSIT_COLUMNS,
        super::STATE_FILTER,
        st,
        paging,
    )
    .await?;
    Ok(crate::params::Paged::of(
        paging,
        rows.into_iter().map(|r| deposit_json(state, r)).collect(),
        total,
    ))
}

/// Approves (credits from the deposits system account) or rejects a deposit, once.
pub async fn review_deposit(
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
            .map_err(funds::post_error)?;
    }
    tx.commit().await?;
    Ok(())
}

/// `wallet/out`: a withdrawal to a saved address or a saved bank card.
#[derive(Deserialize, ToSchema)]
pub struct WithdrawParams {
    #[serde(alias = "currency_id")]
    pub currency: Coin,
    /// What is taken from the spot balance, the fee included.
    #[serde(alias = "amount")]
    pub number: Amount,
    /// Where it goes; a saved address (0) when left out.
    #[serde(rename = "type")]
    pub payout: Option<Payout>,
    /// One of the caller's saved addresses of the coin (type 0).
    pub address: Option<String>,
    #[schema(required = true)]
    pub pay_password: Option<String>,
    /// A client-chosen id: a retry with it answers the first request.
    pub request_id: Option<String>,
}

/// A withdrawal: checked, then the amount is frozen with the request in one commit.
pub async fn withdraw(
    state: web::Data<AppState>,
    form: Form<WithdrawParams>,
) -> ApiResult<Reply<Submitted>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let level = funds::verified_level(&state, user.id).await?;
    if level < 1 {
        return Err(ApiError::new(
            Kind::VerificationRequired,
            "err_verification_required",
        ));
    }
    let p = p?;
    let coin = &funds::live(&state, funds::coin(&state, &p.currency)?).await;
    let amount = funds::coin_units(p.number, coin)?;
    let min = actors::money::to_units(coin.withdraw_min).unwrap_or(0);
    let fee = actors::money::to_units(coin.withdraw_fee).unwrap_or(0);
    if amount < min {
        return Err(ApiError::invalid("err_withdraw_min")
            .with_arg("min", format!("{} {}", units(min), coin.name)));
    }
    if amount <= fee {
        return Err(ApiError::invalid("err_withdraw_fee")
            .with_arg("fee", format!("{} {}", units(fee), coin.name)));
    }
    let kind = p.payout.unwrap_or(Payout::Address).code();
    let destination = if kind == 0 {
        let address = p.address.as_deref().unwrap_or_default();
        let saved: Option<(String, String)> = sqlx::query_as(
            "SELECT name, address FROM wallet_addresses WHERE user_id = $1 AND currency = $2 AND address = $3",
        )
        .bind(user.id)
        .bind(coin.id)
        .bind(address)
        .fetch_optional(&state.db)
        .await?;
        let (name, address) = saved.ok_or_else(|| ApiError::invalid("err_address_unknown"))?;
        format!("{name}: {address}")
    } else {
        let card: Option<(String, String, String)> = sqlx::query_as(
            "SELECT bank_name, bank_account, real_name FROM bank_cards WHERE user_id = $1 AND kind = $2",
        )
        .bind(user.id)
        .bind(kind - 1)
        .fetch_optional(&state.db)
        .await?;
        let (bank, number, holder) =
            card.ok_or_else(|| ApiError::invalid("err_bank_card_missing"))?;
        format!("{bank} {number} ({holder})")
    };
    let (pay_hash,): (Option<String>,) =
        sqlx::query_as("SELECT pay_password_hash FROM users WHERE id = $1")
            .bind(user.id)
            .fetch_one(&state.db)
            .await?;
    let pay_hash = pay_hash.ok_or_else(|| ApiError::invalid("err_pay_password_unset"))?;
    let typed = req.raw("pay_password").unwrap_or_default().to_string();
    if !verify_password_blocking(typed, pay_hash).await {
        return Err(ApiError::invalid("err_pay_password_wrong"));
    }
    let wallet = &state.settings.wallet;
    let (daily, per_order) = if level >= 2 {
        (wallet.lv2_daily_btc, wallet.lv2_fiat_per_order_usdt)
    } else {
        (wallet.lv1_daily_btc, wallet.lv1_fiat_per_order_usdt)
    };
    if kind != 0 && from_units(funds::value_in(amount, coin, Decimal::ONE)) > per_order {
        return Err(
            ApiError::invalid("err_limit_fiat_order").with_arg("max", per_order.normalize())
        );
    }
    let btc_price = match state.settings.currency(1) {
        Some(btc) => funds::live(&state, btc).await.price_usdt,
        None => Decimal::ONE,
    };
    let value_btc = funds::value_in(amount, coin, btc_price);
    let since = now_ms() - 86_400_000;
    let (used,): (i64,) = sqlx::query_as(
        "SELECT CAST(COALESCE(SUM(value_btc), 0) AS BIGINT) FROM withdraw_requests WHERE user_id = $1 AND state IN (0, 1) AND created_at > $2",
    )
    .bind(user.id)
    .bind(since)
    .fetch_one(&state.db)
    .await?;
    if from_units(used.saturating_add(value_btc)) > daily {
        return Err(ApiError::invalid("err_limit_daily"));
    }
    // A client-chosen request id makes a retried request answer the first one.
    let request_key = match p.request_id.as_deref() {
        Some(r) => format!("{}:{r}", user.id),
        None => format!("{}:{}", user.id, crate::security::random_name()),
    };
    let mut tx = state.db.begin().await?;
    let inserted: Result<(i64,), sqlx::Error> = sqlx::query_as(
        "INSERT INTO withdraw_requests (user_id, request_key, currency, kind, destination, amount, fee, value_btc, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id",
    )
    .bind(user.id)
    .bind(&request_key)
    .bind(coin.id)
    .bind(kind)
    .bind(&destination)
    .bind(amount)
    .bind(fee)
    .bind(value_btc)
    .bind(now_ms())
    .fetch_one(&mut *tx)
    .await;
    let id = match inserted {
        Ok((id,)) => id,
        Err(e) if crate::error::is_unique_violation(&e) => {
            tx.rollback().await?;
            let (id,): (i64,) =
                sqlx::query_as("SELECT id FROM withdraw_requests WHERE request_key = $1")
                    .bind(&request_key)
                    .fetch_one(&state.db)
                    .await?;
            return Ok(Reply(Submitted {
                id,
                message: t(req.lang, "ok_submitted", &[]),
            }));
        }
        Err(e) => return Err(e.into()),
    };
    let op = freeze_op(
        format!("withdraw:{id}:freeze"),
        "withdraw_freeze",
        id,
        user.id,
        coin.id,
        amount,
    );
    if let Err(e) = ledger::post(&mut tx, &op).await {
        tx.rollback().await?;
        return Err(funds::post_error(e));
    }
    tx.commit().await?;
    Ok(Reply(Submitted {
        id,
        message: t(req.lang, "ok_submitted", &[]),
    }))
}

/// Moves `amount` of the spot account from available to frozen (negative: back).
fn freeze_op(key: String, reason: &str, id: i64, user: i64, cur: i64, amount: i64) -> Operation {
    Operation {
        key,
        reason: reason.into(),
        ref_type: "withdraw_request".into(),
        ref_id: id,
        postings: vec![
            Posting::user(user, account::CHANGE, cur, Bucket::Available, -amount),
            Posting::user(user, account::CHANGE, cur, Bucket::Frozen, amount),
        ],
    }
}

type WithdrawRow = (
    i64,
    i64,
    i64,
    i64,
    String,
    i64,
    i64,
    i64,
    String,
    i64,
    Option<i64>,
);
const WITHDRAW_COLUMNS: &str =
    "id, user_id, currency, kind, destination, amount, fee, state, reason, created_at, reviewed_at";

/// A withdrawal request, as its requester and the review desk see it.
#[derive(Serialize, ToSchema)]
pub struct Withdrawal {
    pub id: i64,
    pub user_id: i64,
    pub currency_id: i64,
    pub currency: String,
    /// 0 address, 1 bank card, 2 international card.
    #[serde(rename = "type")]
    pub kind: i64,
    /// The address or the card it goes to.
    pub destination: String,
    /// Decimal strings: taken, fee, and what arrives.
    pub number: String,
    pub fee: String,
    pub receive: String,
    /// 0 under review, 1 paid out, 2 rejected, 3 cancelled.
    pub state: i64,
    pub reason: String,
    /// Milliseconds since the epoch.
    pub created_at: i64,
    pub reviewed_at: Option<i64>,
}

fn withdraw_json(state: &AppState, r: WithdrawRow) -> Withdrawal {
    let (id, user_id, cur, kind, destination, amount, fee, st, reason, created_at, reviewed_at) = r;
    Withdrawal {
        id,
        user_id,
        currency_id: cur,
        currency: state
            .settings
            .currency(cur)
            .map(|c| c.name.clone())
            .unwrap_or_default(),
        kind,
        destination,
        number: units(amount),
        fee: units(fee),
        receive: units(amount - fee),
        state: st,
        reason,
        created_at,
        reviewed_at,
    }
}

pub async fn withdraw_log(
    state: web::Data<AppState>,
    form: Form<PageParams>,
) -> ApiResult<Reply<crate::params::Paged<Withdrawal>>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let p = p?;
    let paging = Paging::of(p.page, p.limit);
    let (rows, total): (Vec<WithdrawRow>, i64) = super::paged(
        &state,
        "withdraw_requests",
        WITHDRAW_COLUMNS,
        "user_id = $1",
        Some(user.id),
        paging,
    )
    .await?;
    Ok(Reply(crate::params::Paged::of(
        paging,
        rows.into_iter().map(|r| withdraw_json(&state, r)).collect(),
        total,
    )))
}

pub async fn withdraw_queue(
    state: &AppState,
    q: crate::api::admin::QueueParams,
) -> ApiResult<crate::params::Paged<Withdrawal>> {
    let paging = Paging::of(q.page, q.limit);
    let st = q.state();
    let (rows, total): (Vec<WithdrawRow>, i64) = super::paged(
        state,
        "withdraw_requests",
        WITHDRAW_COLUMNS,
        super::STATE_FILTER,
        st,
        paging,
    )
    .await?;
    Ok(crate::params::Paged::of(
        paging,
        rows.into_iter().map(|r| withdraw_json(state, r)).collect(),
        total,
    ))
}

/// Ends a pending withdrawal: paid out (1), rejected (2) or cancelled by its owner
/// (3). Only a request still under review can end, and only once.
pub async fn finish_withdrawal(
    state: &AppState,
    id: i64,
    new_state: i64,
    by: i64,
    owner: Option<i64>,
    reason: &str,
) -> ApiResult<()> {
    let mut tx = state.db.begin().await?;
    let row: Option<(i64, i64, i64, i64)> = sqlx::query_as(
        "UPDATE withdraw_requests SET state = $1, reason = $2, reviewed_by = $3, reviewed_at = $4
         WHERE id = $5 AND state = 0 AND (CAST($6 AS BIGINT) IS NULL OR user_id = $6) RETURNING user_id, currency, amount, fee",
    )
    .bind(new_state)
    .bind(reason)
    .bind(by)
    .bind(now_ms())
    .bind(id)
    .bind(owner)
    .fetch_optional(&mut *tx)
    .await?;
    let Some((user_id, cur, amount, fee)) = row else {
        return Err(match owner {
            Some(_) => ApiError::not_found(),
            None => ApiError::conflict("err_request_state"),
        });
    };
    let op = if new_state == 1 {
        let mut postings = vec![
            Posting::user(user_id, account::CHANGE, cur, Bucket::Frozen, -amount),
            Posting::system(SystemAccount::Withdrawals, cur, amount - fee),
        ];
        if fee > 0 {
            postings.push(Posting::system(SystemAccount::Fees, cur, fee));
        }
        Operation {
            key: format!("withdraw:{id}:paid"),
            reason: "withdraw".into(),
            ref_type: "withdraw_request".into(),
            ref_id: id,
            postings,
        }
    } else {
        freeze_op(
            format!("withdraw:{id}:release"),
            "withdraw_release",
            id,
            user_id,
            cur,
            -amount,
        )
    };
    ledger::post(&mut tx, &op)
        .await
        .map_err(funds::post_error)?;
    tx.commit().await?;
    Ok(())
}

pub async fn withdraw_cancel(
    state: web::Data<AppState>,
    form: Form<IdParams>,
) -> ApiResult<Reply<String>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let id = p?.id.0;
    finish_withdrawal(&state, id, 3, user.id, Some(user.id), "").await?;
    Ok(Reply(t(req.lang, "ok_done", &[])))
}

/// Runs `op` with a business row written by `insert` in one transaction; a
/// repeated idempotency key answers `replayed` without writing anything.
async fn with_row<F>(
    state: &AppState,
    insert: F,
    op: impl FnOnce(i64) -> Operation,
) -> ApiResult<(i64, bool)>
where
    F: for<'c> FnOnce(
        &'c mut sqlx::AnyConnection,
    ) -> futures_util::future::BoxFuture<'c, Result<i64, sqlx::Error>>,
{
    let mut tx = state.db.begin().await?;
    let id = insert(&mut tx).await?;
    match ledger::post(&mut tx, &op(id)).await {
        Ok(_) => {
            tx.commit().await?;
            Ok((id, false))
        }
        Err(PostError::Duplicate) => {
            tx.rollback().await?;
            Ok((id, true))
        }
        Err(e) => {
            tx.rollback().await?;
            Err(funds::post_error(e))
        }
    }
}

/// `wallet/change`: a transfer between two of one's accounts.
#[derive(Deserialize, ToSchema)]
pub struct ChangeParams {
    #[serde(alias = "currency")]
    pub currency_id: Coin,
    #[serde(alias = "amount")]
    pub number: Amount,
    pub from_field: Account,
    pub to_field: Account,
    /// A client-chosen id: a retry with it is applied once.
    pub request_id: Option<String>,
}

pub async fn change(
    state: web::Data<AppState>,
    form: Form<ChangeParams>,
) -> ApiResult<Reply<String>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let p = p?;
    let coin = funds::coin(&state, &p.currency_id)?;
    let amount = funds::coin_units(p.number, coin)?;
    let (from, to) = (p.from_field.code(), p.to_field.code());
    if from == to {
        return Err(ApiError::invalid("err_same_account"));
    }
    let key = p
        .request_id
        .as_deref()
        .map(|r| format!("transfer:{}:{r}", user.id));
    let (uid, cid) = (user.id, coin.id);
    with_row(
        &state,
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
    Ok(Reply(t(req.lang, "ok_done", &[])))
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

pub async fn transfer_history(
    state: web::Data<AppState>,
    form: Form<PageParams>,
) -> ApiResult<Reply<crate::params::Paged<Transfer>>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let p = p?;
    let paging = Paging::of(p.page, p.limit);
    let columns = "id, currency, amount, from_account, to_account, created_at";
    let (rows, total): (Vec<(i64, i64, i64, i64, i64, i64)>, i64) = super::paged(
        &state,
        "account_transfers",
        columns,
        "user_id = $1",
        Some(user.id),
        paging,
    )
    .await?;
    let data = rows
        .into_iter()
        .map(|(id, cur, amount, from, to, at)| Transfer {
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
        })
        .collect();
    Ok(Reply(crate::params::Paged::of(paging, data, total)))
}

/// `user/getTransferList`: the coins that convert, and the fee rate.
#[derive(Serialize, ToSchema)]
pub struct Conversions {
    pub currencies: Vec<CoinInfo>,
    /// A decimal string (0.001 is 0.1%).
    pub fee_rate: String,
}

pub async fn conversion_list(
    state: web::Data<AppState>,
    form: Form<NoParams>,
) -> ApiResult<Reply<Conversions>> {
    form.req.user(&state).await?;
    Ok(Reply(Conversions {
        currencies: state.settings.currencies.iter().map(coin_info).collect(),
        fee_rate: state
            .settings
            .wallet
            .conversion_fee_rate
            .normalize()
            .to_string(),
    }))
}

type Pair = (
    crate::config::CurrencySettings,
    crate::config::CurrencySettings,
    i64,
);

/// `user/getTransferFee` and `user/Transfer`: a conversion of one coin to another.
#[derive(Deserialize, ToSchema)]
pub struct ConvertParams {
    #[serde(alias = "from_currency")]
    pub from_currency_id: Coin,
    #[serde(alias = "to_currency")]
    pub to_currency_id: Coin,
    /// What is converted, in the coin converted from.
    #[serde(alias = "amount")]
    pub number: Amount,
    /// A client-chosen id: a retry with it is applied once.
    pub request_id: Option<String>,
}

/// A conversion quote: decimal strings.
#[derive(Serialize, ToSchema)]
pub struct Quote {
    pub number: String,
    pub fee: String,
    pub fee_rate: String,
    pub receive: String,
    /// Units of `to` per unit of `from`.
    pub rate: String,
    pub from: String,
    pub to: String,
}

/// The two coins at live prices and the amount to convert.
async fn conversion_input(state: &AppState, p: &ConvertParams) -> ApiResult<Pair> {
    let from = funds::coin(state, &p.from_currency_id)?;
    let to = funds::coin(state, &p.to_currency_id)?;
    if from.id == to.id {
        return Err(ApiError::invalid("err_same_currency"));
    }
    let amount = funds::coin_units(p.number, from)?;
    Ok((
        funds::live(state, from).await,
        funds::live(state, to).await,
        amount,
    ))
}

fn quote_json(
    state: &AppState,
    from: &crate::config::CurrencySettings,
    to: &crate::config::CurrencySettings,
    amount: i64,
) -> (Quote, i64, i64) {
    let rate = state.settings.wallet.conversion_fee_rate;
    let (fee, received) = funds::conversion_quote(amount, rate, from, to);
    let price = if to.price_usdt.is_zero() {
        Decimal::ZERO
    } else {
        from.price_usdt / to.price_usdt
    };
    (
        Quote {
            number: units(amount),
            fee: units(fee),
            fee_rate: rate.normalize().to_string(),
            receive: units(received),
            rate: price.round_dp(8).normalize().to_string(),
            from: from.name.clone(),
            to: to.name.clone(),
        },
        fee,
        received,
    )
}

pub async fn conversion_fee(
    state: web::Data<AppState>,
    form: Form<ConvertParams>,
) -> ApiResult<Reply<Quote>> {
    let (req, p) = form.split();
    req.user(&state).await?;
    let (from, to, amount) = conversion_input(&state, &p?).await?;
    Ok(Reply(quote_json(&state, &from, &to, amount).0))
}

pub async fn convert(
    state: web::Data<AppState>,
    form: Form<ConvertParams>,
) -> ApiResult<Reply<Quote>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let p = p?;
    let (from, to, amount) = conversion_input(&state, &p).await?;
    let (quote, fee, received) = quote_json(&state, &from, &to, amount);
    if received <= 0 {
        return Err(ApiError::invalid("err_amount_invalid"));
    }
    let key = p
        .request_id
        .as_deref()
        .map(|r| format!("convert:{}:{r}", user.id));
    let (uid, fid, tid) = (user.id, from.id, to.id);
    let rate = quote.rate.clone();
    with_row(
        &state,
        move |conn| {
            Box::pin(async move {
                let (id,): (i64,) = sqlx::query_as(
                    "INSERT INTO conversions (user_id, from_currency, to_currency, amount, fee, received, rate, created_at)
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id",
                )
                .bind(uid)
                .bind(fid)
                .bind(tid)
                .bind(amount)
                .bind(fee)
                .bind(received)
                .bind(rate)
                .bind(now_ms())
                .fetch_one(conn)
                .await?;
                Ok(id)
            })
        },
        |id| {
            let mut postings = vec![
                Posting::user(uid, account::CHANGE, fid, Bucket::Available, -amount),
                Posting::system(SystemAccount::Conversion, fid, amount - fee),
                Posting::system(SystemAccount::Conversion, tid, -received),
                Posting::user(uid, account::CHANGE, tid, Bucket::Available, received),
            ];
            if fee > 0 {
                postings.push(Posting::system(SystemAccount::Fees, fid, fee));
            }
            Operation {
                key: key.unwrap_or_else(|| format!("convert:{id}")),
                reason: "conversion".into(),
                ref_type: "conversion".into(),
                ref_id: id,
                postings,
            }
        },
    )
    .await?;
    Ok(Reply(quote))
}

/// Credits the demo user's starting funds from the deposits account.
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
        .map_err(funds::ledger_error)?;
    Ok(())
}
