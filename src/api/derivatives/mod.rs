//! Contracts (`lever/*`) and seconds options (`microtrade/*`) over HTTP. Orders go
//! to their market's actor; lists are read from the database, scoped to the
//! caller, with live profit from the market's current mark.
//!
//! By purpose: `contracts` places, closes, cancels and lists contract orders,
//! `options` sells and lists seconds options; each holds its typed params.
//! The answers are the actors' own typed values (`actors::lever::Contract`,
//! `actors::options::MicroOrder`), which the lists build from rows too.
//! Here are a market's contract terms (`lever/deal`) and the mark price both
//! share.

pub mod contracts;
pub mod options;

use super::inputs::{market_by, unavailable, MarketParams, MarketRef};
use crate::error::{ApiError, ApiResult};
use crate::markets::MarketHandle;
use crate::params::{Form, Reply};
use crate::state::AppState;
use actix_web::web;
use actors::ledger::account;
use actors::market::actor::{units, Snapshot};
use utoipa::ToSchema;

fn ppm_str(ppm: i64) -> String {
    let d = rust_decimal::Decimal::new(ppm, 6).normalize();
    d.to_string()
}

/// The market's mark price in units, from its actor's snapshot: the terms
/// show it, and holding contracts' live profit is taken against it. `None`
/// when the market does not answer.
pub(crate) async fn mark(m: &MarketHandle) -> Option<i64> {
    let snap = m.send(Snapshot).await.ok()?;
    let p = snap["now_price"].as_str()?;
    actors::money::to_units(p.parse().ok()?).ok()
}

fn lever_market<'a>(state: &'a AppState, r: &MarketRef<'_>) -> ApiResult<&'a MarketHandle> {
    let m = market_by(state, r)?;
    match &m.deriv {
        Some(d) if d.lever => Ok(m),
        _ => Err(ApiError::invalid("err_market_invalid")),
    }
}

/// `lever/deal`: a market's contract terms and the caller's lever balance.
#[derive(serde::Serialize, ToSchema)]
pub struct Deal {
    pub match_id: i64,
    /// `BTC/USDT`.
    pub symbol: String,
    /// The base coin's id.
    pub currency_id: i64,
    /// The quote coin's id (margin is paid in it).
    pub legal_id: i64,
    /// The leverages offered.
    pub multiple: Vec<i64>,
    /// The quantity of one lot, a decimal string.
    pub lever_share_num: String,
    /// Rates as decimal strings (0.001 is 0.1%): the trading fee, the spread,
    /// the overnight charge and the maintenance margin ratio.
    pub lever_trade_fee: String,
    pub spread: String,
    pub overnight: String,
    /// Lots per order, least and most.
    pub min_share: i64,
    pub max_share: i64,
    /// Whether limit orders (status 0) are taken.
    pub limit_orders: bool,
    pub maintenance_ratio: String,
    /// The price step, a decimal string.
    pub tick: String,
    /// The mark price, a decimal string; null when the market did not answer.
    pub mark_price: Option<String>,
    /// The caller's available lever balance in the quote coin, a decimal
    /// string; `0` for a visitor.
    pub lever_balance: String,
}

/// The contract terms of a market and the caller's lever balance.
pub async fn deal(state: web::Data<AppState>, form: Form<MarketParams>) -> ApiResult<Reply<Deal>> {
    let (req, p) = form.split();
    let m = lever_market(&state, &p?.market())?;
    let Some(d) = &m.deriv else {
        return Err(unavailable("the market has no derivatives"));
    };
    let balance = match req.user(&state).await {
        Ok(u) => actors::ledger::balance(&state.db, u.id, m.spec.quote, account::LEVER)
            .await
            .map(|b| units(b.0))
            .unwrap_or_else(|_| "0".into()),
        Err(_) => "0".into(),
    };
    Ok(Reply(Deal {
        match_id: m.spec.id,
        symbol: m.spec.symbol.clone(),
        currency_id: m.spec.base,
        legal_id: m.spec.quote,
        multiple: d.multiples.clone(),
        lever_share_num: units(d.lot_units),
        lever_trade_fee: ppm_str(d.fee_ppm),
        spread: ppm_str(d.spread_ppm),
        overnight: ppm_str(d.overnight_ppm),
        min_share: d.min_share,
        max_share: d.max_share,
        limit_orders: d.limit_orders,
        maintenance_ratio: ppm_str(d.maintenance_ppm),
        tick: units(m.spec.tick),
        mark_price: mark(m).await.map(units),
        lever_balance: balance,
    }))
}
