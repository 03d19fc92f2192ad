//! Fiat currencies and their rates per US dollar: seeded from the
//! configuration at start, listed to everyone, changed by admins. Every
//! valuation in a fiat currency multiplies by these rates.

use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use rust_decimal::Decimal;
use serde::Serialize;
use utoipa::ToSchema;

/// The largest rate an admin may set: every valuation multiplies by the rate,
/// so keep it where products fit (the largest real rates are in the tens of
/// thousands per dollar).
const MAX_FIAT_RATE: i64 = 10_000_000;

/// Seeds the fiat rates from the configuration (admins edit them afterwards).
pub async fn seed(state: &AppState) -> ApiResult<()> {
    for (i, f) in state.settings.fiat.iter().enumerate() {
        sqlx::query(
            "INSERT INTO fiat_rates (code, symbol, rate, sort, updated_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (code) DO NOTHING",
        )
        .bind(&f.code)
        .bind(&f.symbol)
        .bind(&f.rate)
        .bind(i as i64)
        .bind(crate::db::now_ms())
        .execute(&state.db)
        .await?;
    }
    Ok(())
}

/// A fiat currency and its rate.
#[derive(Serialize, ToSchema)]
pub struct FiatRate {
    /// `USD`, `EUR`, ...
    pub currency_code: String,
    pub symbol: String,
    /// Units per US dollar, a decimal string.
    pub rate: String,
    /// Milliseconds since the epoch.
    pub updated_at: i64,
}

/// Every fiat currency with its rate, in the configured order.
pub async fn rates(state: &AppState) -> ApiResult<Vec<FiatRate>> {
    let rows: Vec<(String, String, String, i64)> =
        sqlx::query_as("SELECT code, symbol, rate, updated_at FROM fiat_rates ORDER BY sort, code")
            .fetch_all(&state.db)
            .await?;
    Ok(rows
        .into_iter()
        .map(|(currency_code, symbol, rate, updated_at)| FiatRate {
            currency_code,
            symbol,
            rate,
            updated_at,
        })
        .collect())
}

/// Changes one currency's rate (units per US dollar): a positive decimal of
/// at most 8 places and [`MAX_FIAT_RATE`]. Answers every rate after it.
pub async fn set_rate(state: &AppState, code: &str, rate: Decimal) -> ApiResult<Vec<FiatRate>> {
    let code = code.to_uppercase();
    if rate > Decimal::from(MAX_FIAT_RATE) {
        return Err(ApiError::invalid("err_amount_too_large"));
    }
    if rate.normalize().scale() > 8 {
        return Err(ApiError::invalid("err_amount_precision"));
    }
    let res = sqlx::query("UPDATE fiat_rates SET rate = $1, updated_at = $2 WHERE code = $3")
        .bind(rate.normalize().to_string())
        .bind(crate::db::now_ms())
        .bind(&code)
        .execute(&state.db)
        .await?;
    if res.rows_affected() == 0 {
        return Err(ApiError::invalid("err_currency_invalid"));
    }
    rates(state).await
}
