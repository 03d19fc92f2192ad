//! Lock-up mining: a product's terms checked, subscriptions and early
//! redemptions turned into the product actor's messages, products created
//! and changed by admins (and seeded from the configuration), the yield
//! reserve funded through the ledger.

use super::{unavailable, CATEGORIES};
use crate::config::LockProductSettings;
use crate::db::now_ms;
use crate::error::{ApiError, ApiResult, Kind};
use crate::funds::units_error;
use crate::state::AppState;
use crate::texts::{Field, Texts};
use ::actors::earn::engine;
use ::actors::earn::lockstore::OrderRow;
use ::actors::earn::{Redeem, Reload, Subscribe};
use ::actors::ledger::{self, Operation, Posting, SystemAccount};
use ::actors::money::{to_units, UnitsError};
use ::actors::runtime::ProductError;
use rust_decimal::Decimal;

/// Locks `amount` (units) in product `id` for `user`.
pub async fn subscribe(state: &AppState, user: i64, id: i64, amount: i64) -> ApiResult<OrderRow> {
    let h = state.earn.product(id)?;
    h.send(Subscribe { user, amount })
        .await
        .map_err(unavailable)?
        .map_err(ApiError::from)
}

/// Redeems `user`'s open order `id` early.
pub async fn redeem(state: &AppState, user: i64, id: i64) -> ApiResult<OrderRow> {
    let product: Option<(i64,)> =
        sqlx::query_as("SELECT product_id FROM lock_orders WHERE id = $1 AND user_id = $2")
            .bind(id)
            .bind(user)
            .fetch_optional(&state.db)
            .await?;
    let (product,) = product.ok_or_else(|| ApiError::new(Kind::NotFound, "err_lock_not_found"))?;
    let h = state.earn.product(product)?;
    h.send(Redeem { user, id })
        .await
        .map_err(unavailable)?
        .map_err(|e| match e {
            // The order is the caller's but no longer open (redeemed by an
            // earlier call or one at the same moment, or matured).
            ProductError::NotFound(_) => ApiError::conflict("err_lock_ended"),
            e => ApiError::from(e),
        })
}

/// A product's terms in units and millionths, checked.
#[derive(Debug, Clone)]
pub struct Terms {
    pub category: String,
    pub name: String,
    /// The name in the other languages.
    pub names: Texts,
    pub currency: i64,
    pub rate_min_ppm: i64,
    pub rate_max_ppm: i64,
    pub days: i64,
    pub min_amount: i64,
    pub user_cap: i64,
    pub total_cap: i64,
    pub penalty_ppm: i64,
    pub enabled: bool,
    /// Place in the lists; a change without one keeps the product's.
    pub sort: Option<i64>,
}

/// The most a day's rate may be (10 % a day), and a term (ten years).
const RATE_MAX_PPM: i64 = 100_000;
const DAYS_MAX: i64 = 3_650;

impl Terms {
    /// Checks the terms: a known category and coin, a range inside
    /// (0, 10 %], whole days, a minimum within the caps, a penalty below the
    /// whole principal, and a quota whose day's yield fits the ledger's
    /// integers (the accrual multiplies them in SQL).
    pub fn check(&self, state: &AppState) -> ApiResult<()> {
        if !CATEGORIES.contains(&self.category.as_str()) {
            return Err(ApiError::invalid("err_lock_category"));
        }
        if !state
            .settings
            .currencies
            .iter()
            .any(|c| c.id == self.currency)
        {
            return Err(ApiError::invalid("err_currency_invalid"));
        }
        self.names.check(Field::LockName)?;
        let name_len = self.name.trim().chars().count();
        let ok = (1..=40).contains(&name_len)
            && 0 < self.rate_min_ppm
            && self.rate_min_ppm <= self.rate_max_ppm
            && self.rate_max_ppm <= RATE_MAX_PPM
            && (1..=DAYS_MAX).contains(&self.days)
            && 0 < self.min_amount
            && self.min_amount <= self.user_cap
            && self.user_cap <= self.total_cap
            && (0..1_000_000).contains(&self.penalty_ppm)
            && self
                .total_cap
                .checked_mul(self.rate_max_ppm.max(1))
                .is_some()
            && engine::promised_yield(&self.lock_terms(), self.total_cap, self.days) < i64::MAX;
        if ok {
            Ok(())
        } else {
            Err(ApiError::invalid("err_lock_terms"))
        }
    }

    fn lock_terms(&self) -> engine::LockTerms {
        engine::LockTerms {
            rate_min_ppm: self.rate_min_ppm,
            rate_max_ppm: self.rate_max_ppm,
            days: self.days,
            min_amount: self.min_amount,
            user_cap: self.user_cap,
            total_cap: self.total_cap,
            penalty_ppm: self.penalty_ppm,
        }
    }

    /// The configured product's terms.
    pub fn of(c: &LockProductSettings) -> ApiResult<Terms> {
        Ok(Terms {
            category: c.category.clone(),
            name: c.name.clone(),
            names: crate::texts::demo(&c.name),
            currency: c.currency,
            rate_min_ppm: ppm(c.rate_min)?,
            rate_max_ppm: ppm(c.rate_max)?,
            days: c.days,
            min_amount: units_of(c.min_amount)?,
            user_cap: units_of(c.user_cap)?,
            total_cap: units_of(c.total_cap)?,
            penalty_ppm: ppm(c.penalty)?,
            enabled: true,
            sort: Some(c.sort),
        })
    }
}

/// A configured amount in ledger units, checked.
fn units_of(d: Decimal) -> ApiResult<i64> {
    to_units(d).map_err(units_error)
}

/// A share as millionths, checked (a share with more than six decimals is
/// refused rather than rounded).
pub fn ppm(d: Decimal) -> ApiResult<i64> {
    let v = d
        .checked_mul(Decimal::from(1_000_000))
        .ok_or_else(|| units_error(UnitsError::TooLarge))?;
    if v.fract() != Decimal::ZERO {
        return Err(ApiError::invalid("err_lock_terms"));
    }
    i64::try_from(v).map_err(|_| units_error(UnitsError::TooLarge))
}

/// Creates a product (its first day starts at the last accrual moment) and
/// starts its actor; answers its id.
pub async fn create(state: &AppState, key: &str, t: &Terms) -> ApiResult<i64> {
    t.check(state)?;
    let now = now_ms();
    let hour = state.settings.earn.accrual_hour.clamp(0, 23);
    let accrued_through = engine::period_start(engine::period(now, hour), hour);
    let mut tx = state.db.begin().await?;
    let (id,): (i64,) = sqlx::query_as(
        "INSERT INTO lock_products (key, category, name, currency, rate_min_ppm, rate_max_ppm, days, min_amount, user_cap, total_cap, penalty_ppm, enabled, accrual_hour, accrued_through, sort, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $16) RETURNING id",
    )
    .bind(key)
    .bind(&t.category)
    .bind(t.name.trim())
    .bind(t.currency)
    .bind(t.rate_min_ppm)
    .bind(t.rate_max_ppm)
    .bind(t.days)
    .bind(t.min_amount)
    .bind(t.user_cap)
    .bind(t.total_cap)
    .bind(t.penalty_ppm)
    .bind(i64::from(t.enabled))
    .bind(hour)
    .bind(accrued_through)
    .bind(t.sort.unwrap_or(0))
    .bind(now)
    .fetch_one(&mut *tx)
    .await?;
    sqlx::query("INSERT INTO earn_reserves (currency, promised) VALUES ($1, 0) ON CONFLICT (currency) DO NOTHING")
        .bind(t.currency)
        .execute(&mut *tx)
        .await?;
    crate::texts::save(&mut tx, Field::LockName, id, &t.names).await?;
    tx.commit().await?;
    state.earn.run_lock(id);
    Ok(id)
}

/// Changes a product's terms for the orders to come (open orders keep the
/// terms they were taken on) and has its actor reread them.
pub async fn update(state: &AppState, id: i64, t: &Terms) -> ApiResult<()> {
    t.check(state)?;
    let h = state.earn.product(id)?;
    let (currency,): (i64,) = sqlx::query_as("SELECT currency FROM lock_products WHERE id = $1")
        .bind(id)
        .fetch_one(&state.db)
        .await?;
    if currency != t.currency {
        // Orders and the reserve are in the product's coin.
        return Err(ApiError::invalid("err_lock_terms"));
    }
    let mut tx = state.db.begin().await?;
    sqlx::query(
        "UPDATE lock_products SET category = $1, name = $2, rate_min_ppm = $3, rate_max_ppm = $4, days = $5, min_amount = $6, user_cap = $7, total_cap = $8, penalty_ppm = $9, enabled = $10, sort = COALESCE($11, sort), updated_at = $12 WHERE id = $13",
    )
    .bind(&t.category)
    .bind(t.name.trim())
    .bind(t.rate_min_ppm)
    .bind(t.rate_max_ppm)
    .bind(t.days)
    .bind(t.min_amount)
    .bind(t.user_cap)
    .bind(t.total_cap)
    .bind(t.penalty_ppm)
    .bind(i64::from(t.enabled))
    .bind(t.sort)
    .bind(now_ms())
    .bind(id)
    .execute(&mut *tx)
    .await?;
    crate::texts::save(&mut tx, Field::LockName, id, &t.names).await?;
    tx.commit().await?;
    h.send(Reload).await.map_err(unavailable)?;
    Ok(())
}

/// Funds a coin's yield reserve with the platform's own money: from the
/// deposits account (money entering the platform) to the reserve, through
/// the ledger under `key` (a repeat moves nothing).
pub async fn fund_reserve(
    state: &AppState,
    currency: i64,
    amount: i64,
    key: String,
) -> ApiResult<()> {
    if !state.settings.currencies.iter().any(|c| c.id == currency) {
        return Err(ApiError::invalid("err_currency_invalid"));
    }
    sqlx::query("INSERT INTO earn_reserves (currency, promised) VALUES ($1, 0) ON CONFLICT (currency) DO NOTHING")
        .bind(currency)
        .execute(&state.db)
        .await?;
    let op = Operation {
        key,
        reason: "reserve_funding".into(),
        ref_type: "earn_reserve".into(),
        ref_id: currency,
        postings: vec![
            Posting::system(SystemAccount::Deposits, currency, -amount),
            Posting::system(SystemAccount::MiningReserve, currency, amount),
        ],
    };
    ledger::apply(&state.db, &op)
        .await
        .map_err(crate::funds::ledger_error)?;
    Ok(())
}

/// Seeds the configured products whose key is new, and the configured
/// reserve funding (once per coin).
pub(super) async fn seed(state: &AppState) -> ApiResult<()> {
    let earn = &state.settings.earn;
    for c in &earn.lock {
        let known: Option<(i64,)> = sqlx::query_as("SELECT id FROM lock_products WHERE key = $1")
            .bind(&c.key)
            .fetch_optional(&state.db)
            .await?;
        if known.is_none() {
            create(state, &c.key, &Terms::of(c)?).await?;
        }
    }
    for f in &earn.reserve_funding {
        let amount = units_of(f.amount)?;
        if amount > 0 {
            fund_reserve(
                state,
                f.currency,
                amount,
                format!("reserve-seed:{}", f.currency),
            )
            .await?;
        }
    }
    Ok(())
}
