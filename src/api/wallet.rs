//! The wallet's HTTP calls: assets, ledger records, deposits, withdrawals,
//! transfers between accounts and coin-to-coin conversion. Each reads its typed
//! parameters, makes one call to the money services in [`crate::funds`], where
//! the rules live, and answers in the envelope.

use crate::error::ApiResult;
use crate::extract::Paging;
use crate::funds::{self, balances, conversion, deposits, transfers, withdrawals};
use crate::i18n::{t, Lang};
use crate::params::{
    Account, Amount, Coin, Form, IdParams, NoParams, Page, PageParams, Paged, Payout, Reply,
};
use crate::state::AppState;
use actix_web::web;
use actors::ledger::account;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

// The answers live next to the services that make them; named here as well,
// where the route table reads each handler's types.
pub use crate::funds::balances::{CoinBalance, CoinInfo, Record, Wallet};
pub use crate::funds::conversion::{Conversions, Quote};
pub use crate::funds::deposits::{Deposit, DepositAddress};
pub use crate::funds::transfers::Transfer;
pub use crate::funds::withdrawals::Withdrawal;

/// What a request that was taken in answers: its id and a line to show.
#[derive(Serialize, ToSchema)]
pub struct Submitted {
    pub id: i64,
    pub message: String,
}

impl Submitted {
    fn new(id: i64, lang: Lang) -> Submitted {
        Submitted {
            id,
            message: t(lang, "ok_submitted", &[]),
        }
    }
}

pub async fn currencies(
    state: web::Data<AppState>,
    _form: Form<NoParams>,
) -> ApiResult<Reply<Vec<CoinInfo>>> {
    Ok(Reply(balances::coins(&state)))
}

/// Every account of the caller with every coin, valued in USDT.
pub async fn list(state: web::Data<AppState>, form: Form<NoParams>) -> ApiResult<Reply<Wallet>> {
    let user = form.req.user(&state).await?;
    Ok(Reply(balances::wallet(&state, user.id).await?))
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

pub async fn detail(
    state: web::Data<AppState>,
    form: Form<DetailParams>,
) -> ApiResult<Reply<CoinBalance>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let p = p?;
    let coin = funds::coin(&state, &p.currency)?;
    let acct = p.account.map_or(account::CHANGE, Account::code);
    Ok(Reply(balances::balance(&state, user.id, coin, acct).await?))
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

/// The caller's ledger entries, newest first, optionally for one coin or account.
pub async fn records(
    state: web::Data<AppState>,
    form: Form<RecordsParams>,
) -> ApiResult<Reply<Paged<Record>>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let p = p?;
    let paging = Paging::of(p.page, p.limit);
    let coin = match &p.currency {
        None => None,
        Some(c) => Some(funds::coin(&state, c)?.id),
    };
    let acct = p.account.map(Account::code);
    Ok(Reply(
        balances::records(&state, user.id, coin, acct, paging).await?,
    ))
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

pub async fn in_address(
    state: web::Data<AppState>,
    form: Form<AddressParams>,
) -> ApiResult<Reply<DepositAddress>> {
    let (req, p) = form.split();
    req.user(&state).await?;
    let p = p?;
    let coin = funds::coin(&state, &p.currency)?;
    let net = deposits::network(coin, p.network.as_deref())?;
    Ok(Reply(deposits::address(&state, coin, net).await?))
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
    let net = deposits::network(coin, p.network.as_deref())?;
    let amount = funds::coin_units(p.amount, coin)?;
    let voucher = p.voucher.as_deref();
    let id = deposits::request(&state, user.id, coin, net, amount, voucher).await?;
    Ok(Reply(Submitted::new(id, req.lang)))
}

pub async fn deposit_log(
    state: web::Data<AppState>,
    form: Form<PageParams>,
) -> ApiResult<Reply<Paged<Deposit>>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let p = p?;
    let paging = Paging::of(p.page, p.limit);
    Ok(Reply(deposits::of_user(&state, user.id, paging).await?))
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
    // Before the parameters are read: an unverified caller is told that first,
    // whatever else is wrong with the request.
    let who = withdrawals::verified(&state, user.id).await?;
    let p = p?;
    let coin = funds::coin(&state, &p.currency)?;
    let asked = withdrawals::NewWithdrawal {
        coin,
        amount: funds::coin_units(p.number, coin)?,
        payout: p.payout.unwrap_or(Payout::Address),
        address: p.address.as_deref(),
        // Declared in `WithdrawParams`; read untrimmed, as typed.
        pay_password: req.raw("pay_password").unwrap_or_default().to_string(),
        request_id: p.request_id.as_deref(),
    };
    let id = withdrawals::request(&state, &who, asked).await?;
    Ok(Reply(Submitted::new(id, req.lang)))
}

pub async fn withdraw_log(
    state: web::Data<AppState>,
    form: Form<PageParams>,
) -> ApiResult<Reply<Paged<Withdrawal>>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let p = p?;
    let paging = Paging::of(p.page, p.limit);
    Ok(Reply(withdrawals::of_user(&state, user.id, paging).await?))
}

pub async fn withdraw_cancel(
    state: web::Data<AppState>,
    form: Form<IdParams>,
) -> ApiResult<Reply<String>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let id = p?.id.0;
    withdrawals::cancel(&state, user.id, id).await?;
    Ok(Reply(t(req.lang, "ok_done", &[])))
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
    let asked = transfers::NewTransfer {
        currency: coin.id,
        amount: funds::coin_units(p.number, coin)?,
        from: p.from_field.code(),
        to: p.to_field.code(),
        request_id: p.request_id.as_deref(),
    };
    transfers::transfer(&state, user.id, asked).await?;
    Ok(Reply(t(req.lang, "ok_done", &[])))
}

pub async fn transfer_history(
    state: web::Data<AppState>,
    form: Form<PageParams>,
) -> ApiResult<Reply<Paged<Transfer>>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let p = p?;
    let paging = Paging::of(p.page, p.limit);
    Ok(Reply(transfers::of_user(&state, user.id, paging).await?))
}

pub async fn conversion_list(
    state: web::Data<AppState>,
    form: Form<NoParams>,
) -> ApiResult<Reply<Conversions>> {
    form.req.user(&state).await?;
    Ok(Reply(conversion::offer(&state)))
}

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

/// The two coins, which must differ, and the amount in the first one's units.
fn conversion_input<'a>(
    state: &'a AppState,
    p: &ConvertParams,
) -> ApiResult<(conversion::Pair<'a>, i64)> {
    let pair = conversion::Pair::new(
        funds::coin(state, &p.from_currency_id)?,
        funds::coin(state, &p.to_currency_id)?,
    )?;
    let amount = funds::coin_units(p.number, pair.from)?;
    Ok((pair, amount))
}

pub async fn conversion_fee(
    state: web::Data<AppState>,
    form: Form<ConvertParams>,
) -> ApiResult<Reply<Quote>> {
    let (req, p) = form.split();
    req.user(&state).await?;
    let (pair, amount) = conversion_input(&state, &p?)?;
    Ok(Reply(conversion::quote(&state, &pair, amount).await))
}

pub async fn convert(
    state: web::Data<AppState>,
    form: Form<ConvertParams>,
) -> ApiResult<Reply<Quote>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let p = p?;
    let (pair, amount) = conversion_input(&state, &p)?;
    let request_id = p.request_id.as_deref();
    Ok(Reply(
        conversion::convert(&state, user.id, &pair, amount, request_id).await?,
    ))
}
