//! Seconds options (`microtrade/*`): the coin stakes are paid in, the
//! durations on offer, an option bought through the market's options actor,
//! and the caller's options read back from the database.

use crate::api::inputs::{market_by, unavailable, MarketRef};
use crate::error::{ApiError, ApiResult};
use crate::params::{
    Amount, Coin, Direction, Form, IdParams, LoosePage, MarketId, NoParams, Paged, Reply, Seconds,
};
use crate::state::AppState;
use actix_web::web;
use actors::ledger::account;
use actors::market::actor::units;
pub use actors::options::MicroOrder;
use actors::options::{MicroRow, MicroSubmit, MICRO_COLUMNS};
use serde::Deserialize;
use utoipa::ToSchema;

/// The coin option stakes are paid in, with the caller's balance of it.
#[derive(serde::Serialize, ToSchema)]
pub struct Payable {
    pub currency_id: i64,
    /// `USDT`.
    pub name: String,
    /// The caller's available options balance, a decimal string; `0` for a
    /// visitor.
    pub available: String,
}

/// `microtrade/payable_currencies`: the one coin stakes are paid in.
pub async fn payable(
    state: web::Data<AppState>,
    form: Form<NoParams>,
) -> ApiResult<Reply<Vec<Payable>>> {
    let req = form.req;
    let coin = state.settings.microtrade.currency;
    let name = state
        .settings
        .currency(coin)
        .map(|c| c.name.clone())
        .unwrap_or_default();
    let available = match req.user(&state).await {
        Ok(u) => actors::ledger::balance(&state.db, u.id, coin, account::MICRO)
            .await
            .map(|b| units(b.0))
            .unwrap_or_else(|_| "0".into()),
        Err(_) => "0".into(),
    };
    Ok(Reply(vec![Payable {
        currency_id: coin,
        name,
        available,
    }]))
}

/// An option duration and its terms.
#[derive(serde::Serialize, ToSchema)]
pub struct OptionTerms {
    pub seconds: i64,
    /// Decimal strings: the profit ratio (a win pays the stake back plus the
    /// stake times it), the least and most stake, and the fee rate.
    pub profit_ratio: String,
    pub min_amount: String,
    pub max_amount: String,
    pub fee_rate: String,
}

pub async fn seconds(
    state: web::Data<AppState>,
    _form: Form<NoParams>,
) -> ApiResult<Reply<Vec<OptionTerms>>> {
    let mt = &state.settings.microtrade;
    let list = mt
        .durations
        .iter()
        .map(|d| OptionTerms {
            seconds: d.seconds,
            profit_ratio: d.profit_ratio.normalize().to_string(),
            min_amount: d.min_amount.normalize().to_string(),
            max_amount: d.max_amount.normalize().to_string(),
            fee_rate: mt.fee_rate.normalize().to_string(),
        })
        .collect();
    Ok(Reply(list))
}

/// `microtrade/submit`: a seconds option.
#[derive(Deserialize, ToSchema)]
pub struct MicroParams {
    /// The market (or `symbol`, or `currency_id` with `legal_id`).
    #[serde(alias = "id")]
    pub match_id: Option<MarketId>,
    pub symbol: Option<String>,
    /// The coin the stake is paid in: only the configured one is accepted.
    #[serde(alias = "currency")]
    pub currency_id: Option<Coin>,
    /// Rise (1) or fall (2).
    #[serde(rename = "type")]
    pub direction: Direction,
    pub seconds: Seconds,
    /// The stake.
    #[serde(alias = "amount")]
    pub number: Amount,
}

pub async fn micro_submit(
    state: web::Data<AppState>,
    form: Form<MicroParams>,
) -> ApiResult<Reply<MicroOrder>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let p = p?;
    let r = MarketRef {
        id: p.match_id.map(|m| m.0),
        symbol: p.symbol.as_deref(),
        ..MarketRef::default()
    };
    let m = market_by(&state, &r)?;
    if m.deriv.as_ref().is_none_or(|d| d.options.is_empty()) {
        return Err(ApiError::invalid("err_market_invalid"));
    }
    // Stakes are always taken in the one configured coin: a request naming any
    // other is refused rather than silently charged in that coin.
    let paid_in = state.settings.microtrade.currency;
    if let Some(c) = &p.currency_id {
        let asked = crate::funds::coin(&state, c)?;
        if asked.id != paid_in {
            let coin = state.settings.currency(paid_in).map(|c| c.name.clone());
            return Err(ApiError::invalid("err_currency_not_accepted")
                .with_arg("coin", coin.unwrap_or_default()));
        }
    }
    let dir = match p.direction {
        Direction::Up => actors::options::Direction::Rise,
        Direction::Down => actors::options::Direction::Fall,
    };
    let seconds = p.seconds.0;
    // In whole steps of the coin: a finer stake could not come back whole on
    // a tie.
    let coin = state
        .settings
        .currency(paid_in)
        .ok_or_else(|| ApiError::invalid("err_currency_not_accepted"))?;
    let stake = crate::funds::coin_units(p.number, coin)?;
    let res = m
        .options()?
        .send(MicroSubmit {
            user_id: user.id,
            dir,
            seconds,
            stake,
        })
        .await
        .map_err(unavailable)?;
    Ok(Reply(res?))
}

fn symbol_of(state: &AppState, market: i64) -> String {
    state
        .markets
        .by_id(market)
        .map(|m| m.spec.symbol.clone())
        .unwrap_or_default()
}

/// `microtrade/lists`: the caller's options, paged (5 a page unless told).
#[derive(Deserialize, ToSchema)]
pub struct MicroListParams {
    pub page: Option<LoosePage>,
    pub limit: Option<LoosePage>,
    /// 1 holding (the default), 2 history.
    #[serde(rename = "type")]
    #[schema(pattern = "^[12]$")]
    pub which: Option<String>,
    /// The app family's spelling: 0 holding, 1 history.
    #[schema(pattern = "^[01]$")]
    pub status: Option<String>,
}

/// `type` 1 (or `status` 0) holding, 2 (or `status` 1) history; default limit 5.
pub async fn micro_lists(
    state: web::Data<AppState>,
    form: Form<MicroListParams>,
) -> ApiResult<Reply<Paged<MicroOrder>>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let p = p?;
    // Lenient where other lists refuse: a bad page or limit takes the default.
    let number = |n: Option<LoosePage>, default: i64| n.and_then(|n| n.0).unwrap_or(default);
    let paging = crate::extract::Paging {
        page: number(p.page, 1),
        limit: number(p.limit, 5).min(100),
    };
    let status = match (p.which.as_deref(), p.status.as_deref()) {
        (Some("2"), _) | (_, Some("1")) => 1,
        _ => 0,
    };
    let (total,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM micro_orders WHERE user_id = $1 AND status = $2")
            .bind(user.id)
            .bind(status)
            .fetch_one(&state.db)
            .await?;
    let rows: Vec<MicroRow> = sqlx::query_as(&format!(
        "SELECT {MICRO_COLUMNS} FROM micro_orders WHERE user_id = $1 AND status = $2 ORDER BY id DESC LIMIT $3 OFFSET $4"
    ))
    .bind(user.id)
    .bind(status)
    .bind(paging.limit)
    .bind(paging.offset())
    .fetch_all(&state.db)
    .await?;
    let data = rows
        .iter()
        .map(|r| MicroOrder::of(r, &symbol_of(&state, r.market)))
        .collect::<Vec<MicroOrder>>();
    Ok(Reply(Paged::of(paging, data, total)))
}

pub async fn micro_result(
    state: web::Data<AppState>,
    form: Form<IdParams>,
) -> ApiResult<Reply<MicroOrder>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let id = p?.id.0;
    let row: Option<MicroRow> = sqlx::query_as(&format!(
        "SELECT {MICRO_COLUMNS} FROM micro_orders WHERE id = $1 AND user_id = $2"
    ))
    .bind(id)
    .bind(user.id)
    .fetch_optional(&state.db)
    .await?;
    let r = row.ok_or_else(ApiError::not_found)?;
    Ok(Reply(MicroOrder::of(&r, &symbol_of(&state, r.market))))
}
