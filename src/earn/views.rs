//! What the lock-up screens read: the products with their reserve coverage
//! and day rates, the caller's orders, their totals per coin and their
//! ledger records. Money is decimal strings in the product's coin; rates are
//! percent strings ("0.30" is 0.30 % a day).

use super::CATEGORIES;
use crate::db::now_ms;
use crate::error::{ApiError, ApiResult, Kind};
use crate::extract::Paging;
use crate::funds::units;
use crate::params::Paged;
use crate::state::AppState;
use ::actors::earn::engine;
use ::actors::earn::lockstore::{OrderRow, ProductRow, ORDER_COLUMNS, PRODUCT_COLUMNS};
use ::actors::ledger::{account, SystemAccount};
use rust_decimal::Decimal;
use serde::Serialize;
use std::collections::HashMap;
use utoipa::ToSchema;

/// Millionths as a percent with at least two decimals: 3000 → "0.30".
pub fn pct(ppm: i64) -> String {
    let d = Decimal::new(ppm, 4).normalize();
    if d.scale() < 2 {
        format!("{d:.2}")
    } else {
        d.to_string()
    }
}

/// A lock-up product as the list and its page show it.
#[derive(Serialize, ToSchema)]
pub struct LockProduct {
    pub id: i64,
    /// `lock`, `defi` or `cloud`.
    pub category: String,
    pub name: String,
    pub currency_id: i64,
    pub currency: String,
    /// The daily yield range, percent of the principal per day.
    pub rate_min: String,
    pub rate_max: String,
    /// Today's rate, drawn before the day started.
    pub today_rate: Option<String>,
    pub days: i64,
    pub min_amount: String,
    pub user_cap: String,
    pub total_cap: String,
    pub total_locked: String,
    pub remaining: String,
    pub holders: i64,
    /// Percent of the principal an early redemption forfeits.
    pub penalty_rate: String,
    /// The coin's yield reserve and the yield its open orders may still be
    /// paid at the top of their ranges.
    pub reserve: String,
    pub promised: String,
    /// reserve / promised in percent; null when nothing is promised.
    pub coverage: Option<String>,
    pub accrual_hour: i64,
    pub next_accrual_at: i64,
    /// Taking subscriptions: enabled, and the reserve covers a minimum order.
    pub open: bool,
    pub enabled: bool,
    /// Place in the lists (smaller first).
    pub sort: i64,
    /// The name in the other languages (admins' answers only; `name` is
    /// the English one there, the caller's language elsewhere).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub names: Option<crate::texts::Texts>,
}

/// One day's rate.
#[derive(Serialize, ToSchema)]
pub struct DayRate {
    /// YYYY-MM-DD (UTC) of the day's start.
    pub day: String,
    pub starts_at: i64,
    pub rate: String,
}

#[derive(Serialize, ToSchema)]
pub struct LockProductDetail {
    pub product: LockProduct,
    /// Newest first, up to 30, the current day's included.
    pub rates: Vec<DayRate>,
}

/// A coin's symbol by id.
fn coin_name(state: &AppState, id: i64) -> String {
    state
        .settings
        .currencies
        .iter()
        .find(|c| c.id == id)
        .map(|c| c.name.clone())
        .unwrap_or_default()
}

fn day_text(at: i64) -> String {
    chrono::DateTime::from_timestamp_millis(at)
        .map(|d| d.format("%Y-%m-%d").to_string())
        .unwrap_or_default()
}

/// Every coin's (reserve, promised).
async fn reserves(state: &AppState) -> ApiResult<HashMap<i64, (i64, i64)>> {
    let rows: Vec<(i64, i64, i64)> = sqlx::query_as(
        "SELECT r.currency, COALESCE(b.available, 0), r.promised FROM earn_reserves r
         LEFT JOIN balances b ON b.holder = 0 AND b.currency = r.currency AND b.account = $1",
    )
    .bind(SystemAccount::MiningReserve as i64)
    .fetch_all(&state.db)
    .await?;
    Ok(rows.into_iter().map(|(c, r, p)| (c, (r, p))).collect())
}

/// Each product's rate for the day `now` falls in.
async fn today_rates(state: &AppState, now: i64) -> ApiResult<HashMap<i64, i64>> {
    let rows: Vec<(i64, i64)> = sqlx::query_as(
        "SELECT r.product_id, r.rate_ppm FROM lock_rates r JOIN lock_products p ON p.id = r.product_id
         WHERE r.starts_at <= $1 AND r.starts_at > $1 - 86400000",
    )
    .bind(now)
    .fetch_all(&state.db)
    .await?;
    Ok(rows.into_iter().collect())
}

fn product_view(
    state: &AppState,
    p: ProductRow,
    reserve: (i64, i64),
    today: Option<i64>,
) -> LockProduct {
    let currency = coin_name(state, p.currency);
    let (reserve, promised) = reserve;
    let terms = p.terms();
    let room = p.total_cap - p.locked;
    let open = p.enabled == 1
        && room >= p.min_amount
        && promised.saturating_add(engine::promised_yield(&terms, p.min_amount, p.days)) <= reserve;
    LockProduct {
        id: p.id,
        category: p.category,
        name: p.name,
        currency_id: p.currency,
        currency,
        rate_min: pct(p.rate_min_ppm),
        rate_max: pct(p.rate_max_ppm),
        today_rate: today.map(pct),
        days: p.days,
        min_amount: units(p.min_amount),
        user_cap: units(p.user_cap),
        total_cap: units(p.total_cap),
        total_locked: units(p.locked),
        remaining: units(room.max(0)),
        holders: p.holders,
        penalty_rate: pct(p.penalty_ppm),
        reserve: units(reserve),
        promised: units(promised),
        coverage: engine::coverage_bp(reserve, promised).map(|bp| pct(bp * 100)),
        accrual_hour: p.accrual_hour,
        next_accrual_at: p.accrued_through + engine::DAY_MS,
        open,
        enabled: p.enabled == 1,
        sort: p.sort,
        names: None,
    }
}

/// The products, of one category or all; disabled ones only for admins.
pub async fn products(
    state: &AppState,
    category: Option<&str>,
    with_disabled: bool,
) -> ApiResult<Vec<LockProduct>> {
    if let Some(c) = category {
        if !CATEGORIES.contains(&c) {
            return Err(ApiError::invalid("err_lock_category"));
        }
    }
    let rows: Vec<ProductRow> = sqlx::query_as(&format!(
        "SELECT {PRODUCT_COLUMNS} FROM lock_products WHERE ($1 = '' OR category = $1) AND (enabled = 1 OR $2 = 1) ORDER BY sort, id"
    ))
    .bind(category.unwrap_or(""))
    .bind(i64::from(with_disabled))
    .fetch_all(&state.db)
    .await?;
    let reserves = reserves(state).await?;
    let today = today_rates(state, now_ms()).await?;
    Ok(rows
        .into_iter()
        .map(|p| {
            let r = reserves.get(&p.currency).copied().unwrap_or_default();
            let t = today.get(&p.id).copied();
            product_view(state, p, r, t)
        })
        .collect())
}

async fn product_row(state: &AppState, id: i64) -> ApiResult<ProductRow> {
    sqlx::query_as(&format!(
        "SELECT {PRODUCT_COLUMNS} FROM lock_products WHERE id = $1"
    ))
    .bind(id)
    .fetch_optional(&state.db)
    .await?
    .ok_or_else(|| ApiError::new(Kind::NotFound, "err_lock_not_found"))
}

/// One product (admins see a disabled one too) and its last 30 day rates.
pub async fn detail(state: &AppState, id: i64, admin: bool) -> ApiResult<LockProductDetail> {
    let p = product_row(state, id).await?;
    if p.enabled == 0 && !admin {
        return Err(ApiError::new(Kind::NotFound, "err_lock_not_found"));
    }
    let now = now_ms();
    let rows: Vec<(i64, i64)> = sqlx::query_as(
        "SELECT starts_at, rate_ppm FROM lock_rates WHERE product_id = $1 AND starts_at <= $2 ORDER BY day DESC LIMIT 30",
    )
    .bind(id)
    .bind(now)
    .fetch_all(&state.db)
    .await?;
    let today = rows.first().map(|r| r.1);
    let reserve = reserves(state)
        .await?
        .get(&p.currency)
        .copied()
        .unwrap_or_default();
    Ok(LockProductDetail {
        product: product_view(state, p, reserve, today),
        rates: rows
            .into_iter()
            .map(|(starts_at, rate)| DayRate {
                day: day_text(starts_at),
                starts_at,
                rate: pct(rate),
            })
            .collect(),
    })
}

/// What an early redemption would return and forfeit.
#[derive(Serialize, ToSchema)]
pub struct RedeemPreview {
    pub returned: String,
    pub penalty: String,
}

/// A lock-up order as its holder sees it.
#[derive(Serialize, ToSchema)]
pub struct LockOrder {
    pub id: i64,
    pub product_id: i64,
    pub name: String,
    pub category: String,
    pub currency_id: i64,
    pub currency: String,
    /// The principal.
    pub amount: String,
    /// The daily range it was taken on (percent).
    pub rate_min: String,
    pub rate_max: String,
    pub days: i64,
    pub paid_days: i64,
    /// Yield paid so far (to the spot account).
    pub accrued: String,
    /// 0 in progress, 1 redeemed early, 2 matured.
    pub status: i64,
    pub created_at: i64,
    pub first_accrual_at: i64,
    /// The last accrual, when the principal returns.
    pub matures_at: i64,
    pub next_accrual_at: Option<i64>,
    pub ended_at: Option<i64>,
    pub returned: Option<String>,
    pub penalty: Option<String>,
    pub penalty_rate: String,
    /// What redeeming now would do (in progress only).
    pub redeem_preview: Option<RedeemPreview>,
}

#[derive(sqlx::FromRow)]
struct OrderWithProduct {
    #[sqlx(flatten)]
    order: OrderRow,
    name: String,
    category: String,
}

fn order_view(state: &AppState, r: OrderWithProduct) -> LockOrder {
    let o = r.order;
    let open = o.status == 0;
    let next = open.then(|| {
        let now = now_ms();
        // The first accrual still to come (accruals are a day apart).
        let mut at = o.first_accrual_at + o.paid_days * engine::DAY_MS;
        if at < now {
            at = now.min(o.matures_at);
        }
        at
    });
    let redeem_preview = open.then(|| {
        let r = o.redemption();
        RedeemPreview {
            returned: units(r.returned),
            penalty: units(r.penalty),
        }
    });
    LockOrder {
        id: o.id,
        product_id: o.product_id,
        name: r.name,
        category: r.category,
        currency_id: o.currency,
        currency: coin_name(state, o.currency),
        amount: units(o.amount),
        rate_min: pct(o.rate_min_ppm),
        rate_max: pct(o.rate_max_ppm),
        days: o.days,
        paid_days: o.paid_days,
        accrued: units(o.accrued),
        status: o.status,
        created_at: o.created_at,
        first_accrual_at: o.first_accrual_at,
        matures_at: o.matures_at,
        next_accrual_at: next,
        ended_at: o.ended_at,
        returned: o.returned.map(units),
        penalty: o.penalty.map(units),
        penalty_rate: pct(o.penalty_ppm),
        redeem_preview,
    }
}

/// Orders with their product's name and category, as one table.
fn orders_table() -> String {
    let cols = ORDER_COLUMNS
        .split(", ")
        .map(|c| format!("o.{c}"))
        .collect::<Vec<_>>()
        .join(", ");
    format!("(SELECT {cols}, p.name, p.category FROM lock_orders o JOIN lock_products p ON p.id = o.product_id) x")
}

/// One order of the caller's.
pub async fn order(state: &AppState, user: i64, id: i64) -> ApiResult<LockOrder> {
    let r: OrderWithProduct = sqlx::query_as(&format!(
        "SELECT * FROM {} WHERE id = $1 AND user_id = $2",
        orders_table()
    ))
    .bind(id)
    .bind(user)
    .fetch_optional(&state.db)
    .await?
    .ok_or_else(|| ApiError::new(Kind::NotFound, "err_lock_not_found"))?;
    Ok(order_view(state, r))
}

/// The caller's orders, newest first, of one state or all.
pub async fn orders(
    state: &AppState,
    user: i64,
    status: Option<i64>,
    paging: Paging,
) -> ApiResult<Paged<LockOrder>> {
    let filter = match status {
        Some(s) => format!("user_id = $1 AND status = {s}"),
        None => "user_id = $1".to_string(),
    };
    let page: Paged<OrderWithProduct> =
        crate::db::paged(&state.db, &orders_table(), "*", &filter, Some(user), paging).await?;
    Ok(page.map(|r| order_view(state, r)))
}

/// The caller's lock-up totals in one coin.
#[derive(Serialize, ToSchema)]
pub struct CoinTotal {
    pub currency_id: i64,
    pub currency: String,
    /// Principal locked now.
    pub locked: String,
    /// Yield paid so far, every order.
    pub accrued: String,
    pub open_orders: i64,
}

/// The caller's principal in one product (for its per-user cap).
#[derive(Serialize, ToSchema)]
pub struct ProductTotal {
    pub product_id: i64,
    pub locked: String,
}

#[derive(Serialize, ToSchema)]
pub struct LockSummary {
    pub coins: Vec<CoinTotal>,
    pub products: Vec<ProductTotal>,
}

pub async fn summary(state: &AppState, user: i64) -> ApiResult<LockSummary> {
    let coins: Vec<(i64, i64, i64, i64)> = sqlx::query_as(
        "SELECT currency, CAST(COALESCE(SUM(CASE WHEN status = 0 THEN amount ELSE 0 END), 0) AS BIGINT),
                CAST(COALESCE(SUM(accrued), 0) AS BIGINT),
                CAST(COALESCE(SUM(CASE WHEN status = 0 THEN 1 ELSE 0 END), 0) AS BIGINT)
         FROM lock_orders WHERE user_id = $1 GROUP BY currency ORDER BY currency",
    )
    .bind(user)
    .fetch_all(&state.db)
    .await?;
    let products: Vec<(i64, i64)> = sqlx::query_as(
        "SELECT product_id, CAST(SUM(amount) AS BIGINT) FROM lock_orders WHERE user_id = $1 AND status = 0 GROUP BY product_id ORDER BY product_id",
    )
    .bind(user)
    .fetch_all(&state.db)
    .await?;
    Ok(LockSummary {
        coins: coins
            .into_iter()
            .map(|(c, locked, accrued, open)| CoinTotal {
                currency_id: c,
                currency: coin_name(state, c),
                locked: units(locked),
                accrued: units(accrued),
                open_orders: open,
            })
            .collect(),
        products: products
            .into_iter()
            .map(|(product_id, locked)| ProductTotal {
                product_id,
                locked: units(locked),
            })
            .collect(),
    })
}

/// One ledger entry of the caller's lock-up.
#[derive(Serialize, ToSchema)]
pub struct LockRecord {
    pub id: i64,
    /// `lock_subscribe`, `lock_yield`, `lock_matured` or `lock_redeem`.
    pub reason: String,
    pub currency: String,
    /// `change` (spot) or `mining`.
    pub account: String,
    /// Signed.
    pub amount: String,
    pub order_id: Option<i64>,
    pub product_id: i64,
    pub created_at: i64,
}

pub const LOCK_REASONS: &str = "'lock_subscribe', 'lock_yield', 'lock_matured', 'lock_redeem'";

/// The caller's lock-up ledger entries, newest first.
pub async fn records(state: &AppState, user: i64, paging: Paging) -> ApiResult<Paged<LockRecord>> {
    let table = "(SELECT j.id, j.holder, o.reason, o.ref_type, o.ref_id, j.currency, j.account, j.amount, j.created_at
        FROM ledger_journal j JOIN ledger_operations o ON o.id = j.op_id) x";
    let filter = format!(
        "holder = $1 AND account IN ({}, {}) AND reason IN ({LOCK_REASONS})",
        account::CHANGE,
        account::MINING
    );
    let page: Paged<(i64, String, String, i64, i64, i64, i64, i64)> = crate::db::paged(
        &state.db,
        table,
        "id, reason, ref_type, ref_id, currency, account, amount, created_at",
        &filter,
        Some(user),
        paging,
    )
    .await?;
    // An order's own operations name the order; a day's accrual names the product.
    let orders: Vec<String> = page
        .data
        .iter()
        .filter(|r| r.2 == "lock_order")
        .map(|r| r.3.to_string())
        .collect();
    let mut product_of: HashMap<i64, i64> = HashMap::new();
    if !orders.is_empty() {
        let pairs: Vec<(i64, i64)> = sqlx::query_as(&format!(
            "SELECT id, product_id FROM lock_orders WHERE id IN ({})",
            orders.join(",")
        ))
        .fetch_all(&state.db)
        .await?;
        product_of.extend(pairs);
    }
    Ok(page.map(
        |(id, reason, ref_type, ref_id, currency, acc, amount, created_at)| {
            let order = (ref_type == "lock_order").then_some(ref_id);
            LockRecord {
                id,
                reason,
                currency: coin_name(state, currency),
                account: crate::funds::account_name(acc).to_string(),
                amount: units(amount),
                order_id: order,
                product_id: order
                    .and_then(|o| product_of.get(&o).copied())
                    .unwrap_or(ref_id),
                created_at,
            }
        },
    ))
}

/// A coin's yield reserve as the admin screen shows it.
#[derive(Serialize, ToSchema)]
pub struct ReserveView {
    pub currency_id: i64,
    pub currency: String,
    pub reserve: String,
    pub promised: String,
    pub coverage: Option<String>,
}

pub async fn reserve_list(state: &AppState) -> ApiResult<Vec<ReserveView>> {
    let mut list: Vec<(i64, (i64, i64))> = reserves(state).await?.into_iter().collect();
    list.sort_by_key(|r| r.0);
    Ok(list
        .into_iter()
        .map(|(c, (reserve, promised))| ReserveView {
            currency_id: c,
            currency: coin_name(state, c),
            reserve: units(reserve),
            promised: units(promised),
            coverage: engine::coverage_bp(reserve, promised).map(|bp| pct(bp * 100)),
        })
        .collect())
}
