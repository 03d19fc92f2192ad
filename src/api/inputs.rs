//! What handler modules share about a request's inputs: how it names a
//! market (`match_id`, `symbol`, or `currency_id` + `legal_id`), amounts as
//! ledger units, and an actor that did not answer. The spot, contract and
//! options routes take these from here rather than from one another.

use crate::error::{ApiError, ApiResult};
use crate::markets::MarketHandle;
use crate::params::MarketId;
use crate::state::AppState;
use actors::money::to_units;
use serde::Deserialize;
use utoipa::ToSchema;

/// An actor that did not answer: a 500 with the mailbox's error logged.
pub fn unavailable(cause: impl std::fmt::Display) -> ApiError {
    ApiError::unavailable(cause)
}

/// How a request names a market: `match_id`, `symbol`, or `currency_id` +
/// `legal_id` (USDT when left out), the first that is given.
#[derive(Debug, Default)]
pub struct MarketRef<'a> {
    pub id: Option<i64>,
    pub symbol: Option<&'a str>,
    pub base: Option<i64>,
    pub quote: Option<i64>,
}

/// The market a [`MarketRef`] names.
pub fn market_by<'a>(state: &'a AppState, r: &MarketRef<'_>) -> ApiResult<&'a MarketHandle> {
    let m = &state.markets;
    let found = if let Some(id) = r.id {
        m.by_id(id)
    } else if let Some(sym) = r.symbol {
        m.by_symbol(sym)
    } else {
        r.base.and_then(|b| m.by_pair(b, r.quote.unwrap_or(3)))
    };
    found.ok_or_else(|| ApiError::invalid("err_market_invalid"))
}

/// A market named by `match_id` (or `id`), `symbol`, or `currency_id` with
/// `legal_id`, the first that is given.
#[derive(Deserialize, ToSchema)]
pub struct MarketParams {
    /// The market's id.
    #[serde(alias = "id")]
    pub match_id: Option<MarketId>,
    /// The market's symbol, `BTC/USDT`.
    pub symbol: Option<String>,
    /// The market's base coin id, with `legal_id`.
    pub currency_id: Option<MarketId>,
    /// The market's quote coin id; USDT (3) when left out.
    pub legal_id: Option<MarketId>,
}

impl MarketParams {
    pub fn market(&self) -> MarketRef<'_> {
        MarketRef {
            id: self.match_id.map(|m| m.0),
            symbol: self.symbol.as_deref(),
            base: self.currency_id.map(|m| m.0),
            quote: self.legal_id.map(|m| m.0),
        }
    }
}

/// Ledger units of a typed positive decimal.
pub fn units_in(d: rust_decimal::Decimal) -> ApiResult<i64> {
    to_units(d).map_err(crate::funds::units_error)
}
