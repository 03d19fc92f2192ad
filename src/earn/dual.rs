//! Dual investment: the configured offers renewed as a product for every
//! sale window (its linked price set from the index when it is created),
//! buying through the product's actor, and what the screens read. The
//! renewal runs in `DualRenewal`, an actor on the health screen.

use super::{coin_name, unavailable};
use crate::config::DualSettings;
use crate::db::now_ms;
use crate::error::{ApiError, ApiResult, Kind};
use crate::extract::Paging;
use crate::funds::units;
use crate::params::Paged;
use crate::state::AppState;
use ::actors::earn::dual::{status, DualOrderRow, DualRow, DUAL_COLUMNS, DUAL_ORDER_COLUMNS};
use ::actors::earn::engine::{self, DAY_MS};
use ::actors::earn::BuyDual;
use ::actors::market::deriv::CurrentIndex;
use ::actors::money::to_units;
use ::actors::runtime::{Check, Checks, Meter};
use actix::prelude::*;
use rust_decimal::Decimal;
use serde::Serialize;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;
use utoipa::ToSchema;

const HOUR_MS: i64 = 3_600_000;

/// The market index of `currency` in `quote` now (0 without a market or a price).
async fn index_of(state: &AppState, currency: i64, quote: i64) -> i64 {
    match state.markets.by_pair(currency, quote) {
        Some(m) => m.send(CurrentIndex).await.unwrap_or(0),
        None => 0,
    }
}

/// `v` rounded to a multiple of `step` (both in units), at least one step.
fn to_step(v: i64, step: i64) -> i64 {
    if step <= 0 {
        return v;
    }
    ((v + step / 2) / step).max(1) * step
}

/// The sale window open now ends at the next `hour` UTC at least an hour away.
pub fn window_end(now: i64, hour: i64) -> i64 {
    let next = engine::period_start(engine::period(now, hour) + 1, hour);
    if next - now < HOUR_MS {
        next + DAY_MS
    } else {
        next
    }
}

/// Creates the product of each offer for the window open now, where it has
/// none and its market has an index; starts their actors. Answers how many.
pub async fn renew(state: &AppState) -> ApiResult<usize> {
    let now = now_ms();
    let starts_at = window_end(now, state.settings.earn.dual_hour.clamp(0, 23));
    let mut made = 0;
    for t in &state.settings.earn.dual {
        let known: Option<(i64,)> =
            sqlx::query_as("SELECT id FROM dual_products WHERE template = $1 AND starts_at = $2")
                .bind(&t.key)
                .bind(starts_at)
                .fetch_optional(&state.db)
                .await?;
        if known.is_some() {
            continue;
        }
        let index = index_of(state, t.currency, t.quote).await;
        if index <= 0 {
            continue;
        }
        let Some(p) = offer(t, index) else {
            log::warn!("dual offer {}: terms out of range", t.key);
            continue;
        };
        let res: Result<(i64,), sqlx::Error> = sqlx::query_as(
            "INSERT INTO dual_products (template, currency, quote, kind, unit, apr_ppm, linked_price, days, shares_total, created_at, starts_at, matures_at, status)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 0) RETURNING id",
        )
        .bind(&t.key)
        .bind(t.currency)
        .bind(t.quote)
        .bind(p.kind)
        .bind(p.unit)
        .bind(p.apr_ppm)
        .bind(p.linked_price)
        .bind(t.days)
        .bind(t.shares)
        .bind(now)
        .bind(starts_at)
        .bind(starts_at + t.days * DAY_MS)
        .fetch_one(&state.db)
        .await;
        match res {
            Ok((id,)) => {
                state.earn.run_dual(id);
                made += 1;
            }
            // Another node made it first.
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {}
            Err(e) => return Err(e.into()),
        }
    }
    Ok(made)
}

/// An offer's product terms at `index`.
struct Offer {
    kind: i64,
    unit: i64,
    apr_ppm: i64,
    linked_price: i64,
}

fn offer(t: &DualSettings, index: i64) -> Option<Offer> {
    let kind = match t.kind.as_str() {
        "call" => status::CALL,
        "put" => status::PUT,
        _ => return None,
    };
    let sign = if kind == status::CALL {
        Decimal::ONE
    } else {
        -Decimal::ONE
    };
    let moved = Decimal::from(index) * (Decimal::ONE + sign * t.offset);
    let linked = to_step(i64::try_from(moved.trunc()).ok()?, to_units(t.step).ok()?);
    let apr_ppm = i64::try_from((t.apr * Decimal::from(1_000_000)).trunc()).ok()?;
    Some(Offer {
        kind,
        unit: to_units(t.unit).ok().filter(|u| *u > 0)?,
        apr_ppm: (apr_ppm > 0).then_some(apr_ppm)?,
        linked_price: linked,
    })
}

/// Buys `shares` of product `id`.
pub async fn buy(state: &AppState, user: i64, id: i64, shares: i64) -> ApiResult<DualOrderRow> {
    let status = async || -> ApiResult<Option<i64>> {
        let row: Option<(i64,)> = sqlx::query_as("SELECT status FROM dual_products WHERE id = $1")
            .bind(id)
            .fetch_optional(&state.db)
            .await?;
        Ok(row.map(|r| r.0))
    };
    let actor = match state.earn.dual(id) {
        Ok(actor) => actor,
        // A settled product's actor has left the desk: closed, as it
        // would have answered.
        Err(missing) => {
            return Err(match status().await? {
                Some(_) => ApiError::conflict("err_dual_closed"),
                None => missing,
            });
        }
    };
    match actor.send(BuyDual { user, shares }).await {
        Ok(answer) => answer.map_err(ApiError::from),
        // The actor finished between the look-up and the send (the product
        // matured and settled): closed too. Only an open product's actor
        // that does not answer is "try again".
        Err(e) => Err(match status().await? {
            Some(s) if s > 0 => ApiError::conflict("err_dual_closed"),
            _ => unavailable(e),
        }),
    }
}

/// A product as the list and the purchase page show it.
#[derive(Serialize, ToSchema)]
pub struct DualProduct {
    pub id: i64,
    pub currency_id: i64,
    pub currency: String,
    pub quote: String,
    /// `call` (sell high: the coin is invested) or `put` (buy low: USDT).
    pub kind: String,
    pub invest_currency: String,
    /// What one share invests.
    pub unit: String,
    /// Annual rate, percent.
    pub apr: String,
    pub linked_price: String,
    pub index_price: String,
    pub days: i64,
    /// Sold until then; interest runs from then to maturity.
    pub starts_at: i64,
    pub matures_at: i64,
    pub shares_total: i64,
    pub shares_left: i64,
    /// 0 open, 1 settling, 2 settled.
    pub status: i64,
    pub settlement_price: Option<String>,
    pub server_time: i64,
}

fn kind_name(kind: i64) -> &'static str {
    if kind == status::CALL {
        "call"
    } else {
        "put"
    }
}

fn product_view(state: &AppState, p: &DualRow, index: i64, now: i64) -> DualProduct {
    DualProduct {
        id: p.id,
        currency_id: p.currency,
        currency: coin_name(state, p.currency),
        quote: coin_name(state, p.quote),
        kind: kind_name(p.kind).into(),
        invest_currency: coin_name(state, p.invest_currency()),
        unit: units(p.unit),
        apr: super::views::pct(p.apr_ppm),
        linked_price: units(p.linked_price),
        index_price: units(index),
        days: p.days,
        starts_at: p.starts_at,
        matures_at: p.matures_at,
        shares_total: p.shares_total,
        shares_left: p.shares_total - p.shares_sold,
        status: p.status,
        settlement_price: p.settlement_price.map(units),
        server_time: now,
    }
}

/// The index of each pair the products are on.
async fn indexes(state: &AppState, rows: &[DualRow]) -> HashMap<(i64, i64), i64> {
    let mut out = HashMap::new();
    for p in rows {
        if let std::collections::hash_map::Entry::Vacant(e) = out.entry((p.currency, p.quote)) {
            e.insert(index_of(state, p.currency, p.quote).await);
        }
    }
    out
}

/// The products on sale, soonest maturity first, of one coin and kind or all.
pub async fn on_sale(
    state: &AppState,
    currency: Option<i64>,
    kind: Option<i64>,
) -> ApiResult<Vec<DualProduct>> {
    let now = now_ms();
    let rows: Vec<DualRow> = sqlx::query_as(&format!(
        "SELECT {DUAL_COLUMNS} FROM dual_products WHERE status = 0 AND starts_at > $1
         AND ($2 = 0 OR currency = $2) AND ($3 = 0 OR kind = $3) ORDER BY matures_at, id"
    ))
    .bind(now)
    .bind(currency.unwrap_or(0))
    .bind(kind.unwrap_or(0))
    .fetch_all(&state.db)
    .await?;
    let idx = indexes(state, &rows).await;
    Ok(rows
        .iter()
        .map(|p| {
            product_view(
                state,
                p,
                idx.get(&(p.currency, p.quote)).copied().unwrap_or(0),
                now,
            )
        })
        .collect())
}

/// An index sample.
#[derive(Serialize, ToSchema)]
pub struct Sample {
    pub at: i64,
    pub price: String,
}

#[derive(Serialize, ToSchema)]
pub struct DualDetail {
    pub product: DualProduct,
    /// The index samples taken so far (the last 30 minutes before maturity).
    pub samples: Vec<Sample>,
}

async fn product_row(state: &AppState, id: i64) -> ApiResult<DualRow> {
    sqlx::query_as(&format!(
        "SELECT {DUAL_COLUMNS} FROM dual_products WHERE id = $1"
    ))
    .bind(id)
    .fetch_optional(&state.db)
    .await?
    .ok_or_else(|| ApiError::new(Kind::NotFound, "err_dual_not_found"))
}

async fn samples_of(state: &AppState, id: i64) -> ApiResult<Vec<Sample>> {
    let rows: Vec<(i64, i64)> =
        sqlx::query_as("SELECT at, price FROM dual_samples WHERE product_id = $1 ORDER BY at")
            .bind(id)
            .fetch_all(&state.db)
            .await?;
    Ok(rows
        .into_iter()
        .map(|(at, price)| Sample {
            at,
            price: units(price),
        })
        .collect())
}

pub async fn detail(state: &AppState, id: i64) -> ApiResult<DualDetail> {
    let p = product_row(state, id).await?;
    let index = index_of(state, p.currency, p.quote).await;
    Ok(DualDetail {
        product: product_view(state, &p, index, now_ms()),
        samples: samples_of(state, id).await?,
    })
}

/// An amount in a currency.
#[derive(Serialize, ToSchema)]
pub struct Payout {
    pub amount: String,
    pub currency: String,
}

/// An order as its owner sees it.
#[derive(Serialize, ToSchema)]
pub struct DualOrder {
    pub id: i64,
    pub product_id: i64,
    pub currency: String,
    pub quote: String,
    pub kind: String,
    pub shares: i64,
    pub amount: String,
    pub invest_currency: String,
    pub apr: String,
    pub linked_price: String,
    pub days: i64,
    pub matures_at: i64,
    /// 0 purchased, 1 settling, 2 completed, 3 failed.
    pub status: i64,
    /// What it pays if the settlement price ends below the linked price.
    pub if_below: Payout,
    /// … at or above it (a call), above it (a put).
    pub if_above: Payout,
    pub settlement_price: Option<String>,
    pub payout: Option<Payout>,
    /// Why it failed, in the caller's language.
    pub reason: Option<String>,
    pub samples: Vec<Sample>,
    pub created_at: i64,
    pub settled_at: Option<i64>,
}

fn payout(state: &AppState, (currency, amount): (i64, i64)) -> Payout {
    Payout {
        amount: units(amount),
        currency: coin_name(state, currency),
    }
}

/// The caller's orders, newest first, of one state or all.
pub async fn orders(
    state: &AppState,
    lang: crate::i18n::Lang,
    user: i64,
    st: Option<i64>,
    paging: Paging,
) -> ApiResult<Paged<DualOrder>> {
    let filter = match st {
        Some(s) => format!("user_id = $1 AND status = {s}"),
        None => "user_id = $1".to_string(),
    };
    let page: Paged<DualOrderRow> = crate::db::paged(
        &state.db,
        "dual_orders",
        DUAL_ORDER_COLUMNS,
        &filter,
        Some(user),
        paging,
    )
    .await?;
    let mut products: HashMap<i64, (DualRow, Vec<(i64, i64)>)> = HashMap::new();
    for o in &page.data {
        if let std::collections::hash_map::Entry::Vacant(e) = products.entry(o.product_id) {
            let p = product_row(state, o.product_id).await?;
            let s = sample_rows(state, &p).await?;
            e.insert((p, s));
        }
    }
    Ok(page.map(|o| {
        let (p, samples) = &products[&o.product_id];
        order_view(state, lang, p, samples, o)
    }))
}

fn order_view(
    state: &AppState,
    lang: crate::i18n::Lang,
    p: &DualRow,
    samples: &[(i64, i64)],
    o: DualOrderRow,
) -> DualOrder {
    let terms = p.terms(o.amount);
    let below = if p.kind == status::CALL {
        p.linked_price - 1
    } else {
        p.linked_price
    };
    let above = if p.kind == status::CALL {
        p.linked_price
    } else {
        p.linked_price + 1
    };
    DualOrder {
        id: o.id,
        product_id: o.product_id,
        currency: coin_name(state, p.currency),
        quote: coin_name(state, p.quote),
        kind: kind_name(p.kind).into(),
        shares: o.shares,
        amount: units(o.amount),
        invest_currency: coin_name(state, p.invest_currency()),
        apr: super::views::pct(p.apr_ppm),
        linked_price: units(p.linked_price),
        days: p.days,
        matures_at: p.matures_at,
        status: o.status,
        if_below: payout(state, p.payout(engine::settle(&terms, below))),
        if_above: payout(state, p.payout(engine::settle(&terms, above))),
        settlement_price: p.settlement_price.map(units),
        payout: o
            .payout
            .zip(o.payout_currency)
            .map(|(v, c)| payout(state, (c, v))),
        reason: o.reason.as_deref().map(|k| crate::i18n::t(lang, k, &[])),
        samples: samples
            .iter()
            .map(|(at, price)| Sample {
                at: *at,
                price: units(*price),
            })
            .collect(),
        created_at: o.created_at,
        settled_at: o.settled_at,
    }
}

async fn sample_rows(state: &AppState, p: &DualRow) -> ApiResult<Vec<(i64, i64)>> {
    if p.status == 0 {
        return Ok(Vec::new());
    }
    Ok(
        sqlx::query_as("SELECT at, price FROM dual_samples WHERE product_id = $1 ORDER BY at")
            .bind(p.id)
            .fetch_all(&state.db)
            .await?,
    )
}

/// One order of the caller's.
pub async fn order_by_id(
    state: &AppState,
    lang: crate::i18n::Lang,
    user: i64,
    id: i64,
) -> ApiResult<DualOrder> {
    let o: DualOrderRow = sqlx::query_as(&format!(
        "SELECT {DUAL_ORDER_COLUMNS} FROM dual_orders WHERE id = $1 AND user_id = $2"
    ))
    .bind(id)
    .bind(user)
    .fetch_optional(&state.db)
    .await?
    .ok_or_else(|| ApiError::new(Kind::NotFound, "err_dual_not_found"))?;
    let p = product_row(state, o.product_id).await?;
    let samples = sample_rows(state, &p).await?;
    Ok(order_view(state, lang, &p, &samples, o))
}

/// Renews the dual offers every ten seconds (and at start), so a new window's
/// products are on sale as soon as the market has an index.
pub struct DualRenewal {
    state: AppState,
    meter: Arc<Meter>,
    last: Option<(i64, usize)>,
    failed: Option<String>,
}

impl DualRenewal {
    pub fn new(state: AppState, meter: Arc<Meter>) -> DualRenewal {
        DualRenewal {
            state,
            meter,
            last: None,
            failed: None,
        }
    }
}

#[derive(Message)]
#[rtype(result = "()")]
struct Renew;

impl Actor for DualRenewal {
    type Context = Context<Self>;

    fn started(&mut self, ctx: &mut Context<Self>) {
        ctx.notify(Renew);
        ctx.run_interval(Duration::from_secs(10), |_, ctx| ctx.notify(Renew));
    }
}

impl Handler<Renew> for DualRenewal {
    type Result = ResponseActFuture<Self, ()>;

    fn handle(&mut self, _: Renew, _: &mut Context<Self>) -> Self::Result {
        self.meter.seen();
        let state = self.state.clone();
        Box::pin(
            async move { renew(&state).await }
                .into_actor(self)
                .map(|res, act, _| match res {
                    Ok(n) => {
                        act.last = Some((now_ms(), n));
                        act.failed = None;
                    }
                    Err(e) => act.failed = Some(format!("{e:?}")),
                }),
        )
    }
}

impl Handler<Checks> for DualRenewal {
    type Result = MessageResult<Checks>;

    fn handle(&mut self, _: Checks, _: &mut Context<Self>) -> Self::Result {
        let mut checks = vec![Check::ok(
            "templates",
            self.state.settings.earn.dual.len().to_string(),
        )];
        checks.push(match (&self.failed, self.last) {
            (Some(e), _) => Check::fail("last_renewal", e.clone()),
            (None, Some((at, _))) => Check::ok("last_renewal", at.to_string()),
            (None, None) => Check::warn("last_renewal", "none"),
        });
        MessageResult(checks)
    }
}
