//! Conversion of one coin to another on the spot account, at live prices: the
//! fee is taken from the amount (rounded up), what arrives is rounded down, and
//! the conversion system account stands between the two coins.

use super::balances::CoinInfo;
use super::units;
use crate::config::CurrencySettings;
use crate::db::now_ms;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use actors::ledger::{account, Bucket, Operation, Posting, SystemAccount};
use rust_decimal::Decimal;
use serde::Serialize;
use utoipa::ToSchema;

/// `user/getTransferList`: the coins that convert, and the fee rate.
#[derive(Serialize, ToSchema)]
pub struct Conversions {
    pub currencies: Vec<CoinInfo>,
    /// A decimal string (0.001 is 0.1%).
    pub fee_rate: String,
}

/// What converts, and at which fee.
pub fn offer(state: &AppState) -> Conversions {
    Conversions {
        currencies: super::balances::coins(state),
        fee_rate: state
            .settings
            .wallet
            .conversion_fee_rate
            .normalize()
            .to_string(),
    }
}

/// Two different coins: the one converted from and the one converted to.
pub struct Pair<'a> {
    pub from: &'a CurrencySettings,
    pub to: &'a CurrencySettings,
}

impl<'a> Pair<'a> {
    /// The pair, unless both are the same coin.
    pub fn new(from: &'a CurrencySettings, to: &'a CurrencySettings) -> ApiResult<Pair<'a>> {
        if from.id == to.id {
            return Err(ApiError::invalid("err_same_currency"));
        }
        Ok(Pair { from, to })
    }

    /// Both coins at their live prices.
    async fn live(&self, state: &AppState) -> (CurrencySettings, CurrencySettings) {
        (
            super::live(state, self.from).await,
            super::live(state, self.to).await,
        )
    }
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

/// The quote with the fee and what arrives, in units.
fn quote_of(
    state: &AppState,
    from: &CurrencySettings,
    to: &CurrencySettings,
    amount: i64,
) -> (Quote, i64, i64) {
    let rate = state.settings.wallet.conversion_fee_rate;
    let (fee, received) = super::conversion_quote(amount, rate, from, to);
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

/// What converting `amount` units of `pair.from` would give now.
pub async fn quote(state: &AppState, pair: &Pair<'_>, amount: i64) -> Quote {
    let (from, to) = pair.live(state).await;
    quote_of(state, &from, &to, amount).0
}

/// Converts `amount` units of `pair.from` on the user's spot account at the
/// quote it answers; an amount too small to pay anything out is refused. A
/// retry with the same request id is applied once.
pub async fn convert(
    state: &AppState,
    user_id: i64,
    pair: &Pair<'_>,
    amount: i64,
    request_id: Option<&str>,
) -> ApiResult<Quote> {
    let (from, to) = pair.live(state).await;
    let (quote, fee, received) = quote_of(state, &from, &to, amount);
    if received <= 0 {
        return Err(ApiError::invalid("err_amount_invalid"));
    }
    let key = request_id.map(|r| format!("convert:{user_id}:{r}"));
    let (uid, fid, tid) = (user_id, from.id, to.id);
    let rate = quote.rate.clone();
    super::with_row(
        state,
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
    // The user's other screens and devices see both coins move.
    state
        .hub
        .do_send(actors::runtime::Event::balance(user_id, &[fid, tid]));
    Ok(quote)
}
