//! Money: what moves it (deposits, withdrawals, transfers between one's accounts,
//! conversion) and what reads it (balances, ledger records), as plain functions
//! over the state that the wallet and admin handlers and the demo seeding all
//! call; and the pieces they share: coins and accounts by the app's codes,
//! amounts in the coin's precision, valuations, and ledger errors as API errors.
//! Every balance change goes through the ledger; request rows and their postings
//! commit in one transaction.

pub mod balances;
pub mod conversion;
pub mod deposits;
pub mod transfers;
pub mod withdrawals;

#[cfg(test)]
mod labels;

use crate::config::CurrencySettings;
use crate::error::{ApiError, ApiResult};
use crate::extract::Req;
use crate::state::AppState;
use actors::ledger::{self, LedgerError, Operation, PostError};
use actors::money::{from_units, to_units};
use rust_decimal::{Decimal, RoundingStrategy};
use std::str::FromStr;

/// A user account code from `1`…`4` or its name (the ledger's table of
/// accounts, `ledger::accounts`, decides which exist).
pub fn account(raw: Option<&str>) -> ApiResult<i64> {
    ledger::accounts::user_account(raw.unwrap_or_default())
        .map(|a| a.code)
        .ok_or_else(|| ApiError::invalid("err_account_field"))
}

/// A user account's name (`unknown` for a code not in the ledger's table).
pub fn account_name(code: i64) -> &'static str {
    ledger::accounts::user_accounts()
        .find(|a| a.code == code)
        .map_or("unknown", |a| a.name)
}

/// The coin named by the first present parameter of `names` (an id or a symbol).
pub fn currency<'a>(
    state: &'a AppState,
    req: &Req,
    names: &[&str],
) -> ApiResult<&'a CurrencySettings> {
    let raw = req.any(names).unwrap_or_default();
    state
        .settings
        .currencies
        .iter()
        .find(|c| raw == c.id.to_string() || raw.eq_ignore_ascii_case(&c.name))
        .ok_or_else(|| ApiError::invalid("err_currency_invalid"))
}

/// The coin a typed `Coin` field names (an id or a symbol).
pub fn coin<'a>(state: &'a AppState, c: &crate::params::Coin) -> ApiResult<&'a CurrencySettings> {
    state
        .settings
        .currencies
        .iter()
        .find(|s| c.0 == s.id.to_string() || c.0.eq_ignore_ascii_case(&s.name))
        .ok_or_else(|| ApiError::invalid("err_currency_invalid"))
}

/// A typed positive amount with at most the coin's decimals, in ledger units.
pub fn coin_units(a: crate::params::Amount, coin: &CurrencySettings) -> ApiResult<i64> {
    if a.0.normalize().scale() > coin.decimals {
        return Err(ApiError::invalid("err_amount_precision"));
    }
    to_units(a.0).map_err(units_error)
}

/// A positive amount with at most the coin's decimals, in ledger units.
pub fn amount(raw: Option<&str>, coin: &CurrencySettings) -> ApiResult<i64> {
    let d = raw
        .and_then(actors::money::parse_plain)
        .filter(|d| *d > Decimal::ZERO)
        .ok_or_else(|| ApiError::invalid("err_amount_invalid"))?;
    if d.normalize().scale() > coin.decimals {
        return Err(ApiError::invalid("err_amount_precision"));
    }
    to_units(d).map_err(units_error)
}

/// The message for a decimal that cannot become units.
pub fn units_error(e: actors::money::UnitsError) -> ApiError {
    match e {
        actors::money::UnitsError::TooLarge => ApiError::invalid("err_amount_too_large"),
        actors::money::UnitsError::TooPrecise => ApiError::invalid("err_amount_precision"),
    }
}

/// Ledger units as the contract's decimal string.
pub fn units(u: i64) -> String {
    from_units(u).normalize().to_string()
}

/// The coin with its price taken from the live index of its USDT market when
/// there is one (the configured reference price otherwise).
pub async fn live(state: &AppState, coin: &CurrencySettings) -> CurrencySettings {
    let mut c = coin.clone();
    if let Some(m) = state.markets.by_pair(coin.id, USDT) {
        if let Ok(snap) = m.send(::actors::market::actor::Snapshot).await {
            if let Some(p) = snap["now_price"]
                .as_str()
                .and_then(|p| Decimal::from_str(p).ok())
            {
                c.price_usdt = p;
            }
        }
    }
    c
}

/// The quote coin of the markets and the unit of valuations.
pub const USDT: i64 = 3;

/// `u` units of `coin` valued in `target` units at reference prices, rounded down.
pub fn value_in(u: i64, coin: &CurrencySettings, price_target: Decimal) -> i64 {
    if price_target.is_zero() {
        return 0;
    }
    let v = from_units(u) * coin.price_usdt / price_target;
    to_units(v.round_dp_with_strategy(8, RoundingStrategy::ToZero)).unwrap_or(i64::MAX)
}

/// A conversion quote in units: the fee (rounded up, taken from the amount) and
/// what arrives (rounded down to the target coin's decimals).
pub fn conversion_quote(
    amount: i64,
    fee_rate: Decimal,
    from: &CurrencySettings,
    to: &CurrencySettings,
) -> (i64, i64) {
    let gross = from_units(amount);
    let fee =
        (gross * fee_rate).round_dp_with_strategy(from.decimals, RoundingStrategy::AwayFromZero);
    let net = gross - fee;
    let received = if to.price_usdt.is_zero() {
        Decimal::ZERO
    } else {
        (net * from.price_usdt / to.price_usdt)
            .round_dp_with_strategy(to.decimals, RoundingStrategy::ToZero)
    };
    (to_units(fee).unwrap_or(0), to_units(received).unwrap_or(0))
}

pub fn ledger_error(e: LedgerError) -> ApiError {
    match e {
        LedgerError::Insufficient { .. } => ApiError::conflict("err_insufficient"),
        LedgerError::Contention(cause) => ApiError {
            cause: Some(cause),
            ..ApiError::conflict("err_conflict")
        },
        other => ApiError::internal(other),
    }
}

pub fn post_error(e: PostError) -> ApiError {
    match e {
        PostError::Ledger(l) => ledger_error(l),
        PostError::Duplicate => ApiError::conflict("err_request_state"),
    }
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
            Err(post_error(e))
        }
    }
}

/// The caller's verified level (0 none, 1, 2).
pub async fn verified_level(state: &AppState, user_id: i64) -> ApiResult<i64> {
    let (level,): (i64,) = sqlx::query_as(
        "SELECT CAST(COALESCE(MAX(level), 0) AS BIGINT) FROM verifications WHERE user_id = $1 AND state = 2",
    )
    .bind(user_id)
    .fetch_one(&state.db)
    .await?;
    Ok(level)
}

/// An uploaded file of this user, by the address `/api/upload` returned.
pub async fn owned_upload(
    state: &AppState,
    user_id: i64,
    address: Option<&str>,
) -> ApiResult<Option<String>> {
    let Some(address) = address else {
        return Ok(None);
    };
    let name = crate::uploads::name_of(address);
    let row: Option<(String,)> =
        sqlx::query_as("SELECT name FROM uploads WHERE name = $1 AND user_id = $2")
            .bind(name)
            .bind(user_id)
            .fetch_optional(&state.db)
            .await?;
    Ok(row.map(|(n,)| format!("/uploads/{n}")))
}

/// A coin named by `currency` or `currency_id`, the first given.
pub fn either_coin<'a>(
    state: &'a AppState,
    currency: &Option<crate::params::Coin>,
    currency_id: &Option<crate::params::Coin>,
) -> ApiResult<&'a crate::config::CurrencySettings> {
    match currency.as_ref().or(currency_id.as_ref()) {
        Some(c) => coin(state, c),
        None => Err(ApiError::invalid("err_currency_invalid")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::CurrencySettings;

    fn coin(id: i64, price: &str, decimals: u32) -> CurrencySettings {
        CurrencySettings {
            id,
            name: format!("C{id}"),
            sub_name: String::new(),
            decimals,
            price_usdt: Decimal::from_str(price).unwrap_or_default(),
            withdraw_min: Decimal::ZERO,
            withdraw_fee: Decimal::ZERO,
            image: String::new(),
            networks: vec![],
            kind: "coin".into(),
        }
    }

    #[test]
    fn a_conversion_rounds_the_fee_up_and_the_payout_down() {
        let btc = coin(1, "67000", 8);
        let usdt = coin(3, "1", 6);
        // 1 USDT at 0.2 %: fee 0.002, 0.998 USDT buys 0.0000148955… BTC → down to 8 dp.
        let (fee, got) = conversion_quote(
            100_000_000,
            Decimal::from_str("0.002").unwrap_or_default(),
            &usdt,
            &btc,
        );
        assert_eq!(fee, 200_000);
        assert_eq!(got, 1_489);
        // 0.00000001 BTC at 0.2 %: the fee rounds up to one unit, nothing is left to pay out.
        let (fee, got) = conversion_quote(
            1,
            Decimal::from_str("0.002").unwrap_or_default(),
            &btc,
            &usdt,
        );
        assert_eq!((fee, got), (1, 0));
    }

    #[test]
    fn amounts_respect_the_coin_precision() {
        let usdt = coin(3, "1", 6);
        assert_eq!(amount(Some("1.5"), &usdt).ok(), Some(150_000_000));
        assert!(amount(Some("1.0000001"), &usdt).is_err());
        assert!(amount(Some("-1"), &usdt).is_err());
        assert!(amount(Some("abc"), &usdt).is_err());
        assert_eq!(units(150_000_000), "1.5");
    }
}
