//! Contract orders (`lever/*`): opened, closed, cancelled and given stop prices
//! through the market's contract actor; listed from the database, holding
//! positions with live profit, the risk rate and where they are liquidated,
//! from the market's current mark.

use super::mark;
use crate::api::inputs::{market_by, unavailable, units_in, MarketRef};
use crate::error::{ApiError, ApiResult, Kind};
use crate::markets::MarketHandle;
use crate::params::{
    Direction, Form, IdParams, MarketId, Multiple, NoParams, OpenAt, Page, Paged, Positions, Price,
    Reply, Share, StopPrice,
};
use crate::state::AppState;
use actix_web::web;
use actors::lever::math::Dir;
pub use actors::lever::{Cancelled, Closed, Contract, StopSet};
use actors::lever::{LeverCancel, LeverClose, LeverRow, LeverSetStop, LeverSubmit, LEVER_COLUMNS};
use serde::Deserialize;
use utoipa::ToSchema;

/// `lever/submit`: a contract order.
#[derive(Deserialize, ToSchema)]
pub struct SubmitParams {
    /// The market (or `symbol`, or `currency_id` with `legal_id`).
    #[serde(alias = "id")]
    pub match_id: Option<MarketId>,
    pub symbol: Option<String>,
    pub currency_id: Option<MarketId>,
    pub legal_id: Option<MarketId>,
    #[serde(rename = "type")]
    pub direction: Direction,
    pub share: Share,
    pub multiple: Multiple,
    /// At the market (1, when left out) or at `target_price` (0).
    pub status: Option<OpenAt>,
    /// The limit price, required with status 0.
    pub target_price: Option<Price>,
}

fn lever_dir(d: Direction) -> Dir {
    match d {
        Direction::Up => Dir::Long,
        Direction::Down => Dir::Short,
    }
}

pub async fn submit(
    state: web::Data<AppState>,
    form: Form<SubmitParams>,
) -> ApiResult<Reply<Contract>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let p = p?;
    let m = market_by(
        &state,
        &MarketRef {
            id: p.match_id.map(|m| m.0),
            symbol: p.symbol.as_deref(),
            base: p.currency_id.map(|m| m.0),
            quote: p.legal_id.map(|m| m.0),
        },
    )?;
    if !m.deriv.as_ref().is_some_and(|d| d.lever) {
        return Err(ApiError::invalid("err_market_invalid"));
    }
    let dir = lever_dir(p.direction);
    let (share, multiple) = (p.share.0, p.multiple.0);
    let limit = match p.status.unwrap_or(OpenAt::Market) {
        OpenAt::Market => None,
        OpenAt::Limit => {
            let price = p
                .target_price
                .ok_or_else(|| ApiError::invalid("err_price_required"))?;
            Some(units_in(price.0)?)
        }
    };
    let res = m
        .contracts()?
        .send(LeverSubmit {
            user_id: user.id,
            dir,
            limit,
            share,
            multiple,
        })
        .await
        .map_err(unavailable)?;
    Ok(Reply(res?))
}

/// The market of one of the caller's contract orders.
async fn order_market(
    state: &AppState,
    user: i64,
    id: i64,
    status: i64,
) -> ApiResult<&MarketHandle> {
    let row: Option<(i64, i64)> =
        sqlx::query_as("SELECT market, status FROM lever_orders WHERE id = $1 AND user_id = $2")
            .bind(id)
            .bind(user)
            .fetch_optional(&state.db)
            .await?;
    let (market, now) = row.ok_or_else(|| ApiError::new(Kind::NotFound, "err_order_closed"))?;
    if now != status {
        return Err(closed());
    }
    state
        .markets
        .by_id(market)
        .ok_or_else(|| unavailable("not running"))
}

/// The caller's own order or position, closed or cancelled already (by an
/// earlier call, a trigger, or a call at the same moment that got there
/// first): a 409 whichever read finds it.
fn closed() -> ApiError {
    ApiError::conflict("err_order_closed")
}

pub async fn close(state: web::Data<AppState>, form: Form<IdParams>) -> ApiResult<Reply<Closed>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let id = p?.id.0;
    let m = order_market(&state, user.id, id, 1).await?;
    let res = m
        .contracts()?
        .send(LeverClose {
            user_id: user.id,
            id: Some(id),
            dirs: vec![],
        })
        .await
        .map_err(unavailable)?;
    Ok(Reply(res?))
}

pub async fn cancel(
    state: web::Data<AppState>,
    form: Form<IdParams>,
) -> ApiResult<Reply<Cancelled>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let id = p?.id.0;
    let m = order_market(&state, user.id, id, 0).await?;
    let res = m
        .contracts()?
        .send(LeverCancel {
            user_id: user.id,
            id,
        })
        .await
        .map_err(unavailable)?;
    Ok(Reply(res?))
}

/// `lever/batch_close`: which positions, of every contract market or one.
#[derive(Deserialize, ToSchema)]
pub struct BatchCloseParams {
    /// All (0, when left out), longs (1) or shorts (2).
    #[serde(rename = "type")]
    pub which: Option<Positions>,
    /// Only this market's positions.
    pub match_id: Option<MarketId>,
    /// Only this market's positions, by symbol.
    pub symbol: Option<String>,
}

/// `type` 0 all, 1 longs only, 2 shorts only; every contract market, or one.
pub async fn batch_close(
    state: web::Data<AppState>,
    form: Form<BatchCloseParams>,
) -> ApiResult<Reply<Closed>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let p = p?;
    let dirs = match p.which.unwrap_or(Positions::All) {
        Positions::All => vec![Dir::Long, Dir::Short],
        Positions::Longs => vec![Dir::Long],
        Positions::Shorts => vec![Dir::Short],
    };
    let only = if p.match_id.is_some() || p.symbol.is_some() {
        let r = MarketRef {
            id: p.match_id.map(|m| m.0),
            symbol: p.symbol.as_deref(),
            ..MarketRef::default()
        };
        Some(market_by(&state, &r)?.spec.id)
    } else {
        None
    };
    let mut closed: Vec<i64> = Vec::new();
    for m in state
        .markets
        .list
        .iter()
        .filter(|m| m.deriv.as_ref().is_some_and(|d| d.lever))
    {
        if only.is_some_and(|id| id != m.spec.id) {
            continue;
        }
        let res = m
            .contracts()?
            .send(LeverClose {
                user_id: user.id,
                id: None,
                dirs: dirs.clone(),
            })
            .await
            .map_err(unavailable)?;
        closed.extend(res?.closed);
    }
    Ok(Reply(Closed { closed }))
}

/// `lever/setstop`: a position's take-profit and stop-loss prices.
#[derive(Deserialize, ToSchema)]
pub struct StopParams {
    pub id: crate::params::Id,
    /// Left out or 0: none.
    pub target_profit_price: Option<StopPrice>,
    /// Left out or 0: none.
    pub stop_loss_price: Option<StopPrice>,
}

pub async fn set_stop(
    state: web::Data<AppState>,
    form: Form<StopParams>,
) -> ApiResult<Reply<StopSet>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let p = p?;
    let id = p.id.0;
    let price = |s: Option<StopPrice>| -> ApiResult<Option<i64>> {
        match s.and_then(|s| s.0) {
            None => Ok(None),
            Some(d) => units_in(d).map(Some),
        }
    };
    let (tp, sl) = (price(p.target_profit_price)?, price(p.stop_loss_price)?);
    let m = order_market(&state, user.id, id, 1).await?;
    let res = m
        .contracts()?
        .send(LeverSetStop {
            user_id: user.id,
            id,
            tp,
            sl,
        })
        .await
        .map_err(unavailable)?;
    Ok(Reply(res?))
}

async fn lever_rows(
    state: &AppState,
    where_sql: &str,
    user: i64,
    status: &[i64],
    market: Option<i64>,
    page: Option<(i64, i64)>,
) -> ApiResult<(Vec<LeverRow>, i64)> {
    let list = status
        .iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join(", ");
    let filter = format!("user_id = $1 AND status IN ({list}) AND (CAST($2 AS BIGINT) IS NULL OR market = $2) {where_sql}");
    let (total,): (i64,) =
        sqlx::query_as(&format!("SELECT COUNT(*) FROM lever_orders WHERE {filter}"))
            .bind(user)
            .bind(market)
            .fetch_one(&state.db)
            .await?;
    let (limit, offset) = page.unwrap_or((1000, 0));
    let rows: Vec<LeverRow> = sqlx::query_as(&format!(
        "SELECT {LEVER_COLUMNS} FROM lever_orders WHERE {filter} ORDER BY id DESC LIMIT $3 OFFSET $4"
    ))
    .bind(user)
    .bind(market)
    .bind(limit)
    .bind(offset)
    .fetch_all(&state.db)
    .await?;
    Ok((rows, total))
}

async fn with_marks(state: &AppState, rows: &[LeverRow]) -> Vec<Contract> {
    let mut out = Vec::new();
    for r in rows {
        let m = state.markets.by_id(r.market);
        let mark = match m {
            Some(m) if r.status == 1 => mark(m).await,
            _ => None,
        };
        let maint = m
            .and_then(|m| m.deriv.as_ref())
            .map(|d| d.maintenance_ppm)
            .unwrap_or(0);
        let symbol = m.map(|m| m.spec.symbol.clone()).unwrap_or_default();
        out.push(Contract::of(r, &symbol, mark, maint));
    }
    out
}

/// `lever/my_trade`: the caller's contract orders, paged.
#[derive(Deserialize, ToSchema)]
pub struct MyTradeParams {
    pub page: Option<Page>,
    pub limit: Option<Page>,
    /// 0 pending, 1 holding (the default), 3 (or 4) history.
    #[schema(pattern = "^[0134]$")]
    pub status: Option<String>,
    /// Only this market (or `symbol`).
    pub match_id: Option<MarketId>,
    pub symbol: Option<String>,
}

/// `status` 0 pending, 1 holding (default), 3 history (closed and cancelled).
pub async fn my_trade(
    state: web::Data<AppState>,
    form: Form<MyTradeParams>,
) -> ApiResult<Reply<Paged<Contract>>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let p = p?;
    let paging = crate::extract::Paging::of(p.page, p.limit);
    let status: &[i64] = match p.status.as_deref().unwrap_or("1") {
        "0" => &[0],
        "1" => &[1],
        "3" | "4" => &[3, 4],
        _ => return Err(ApiError::invalid("err_type_invalid")),
    };
    let only = if p.match_id.is_some() || p.symbol.is_some() {
        let r = MarketRef {
            id: p.match_id.map(|m| m.0),
            symbol: p.symbol.as_deref(),
            ..MarketRef::default()
        };
        Some(market_by(&state, &r)?.spec.id)
    } else {
        None
    };
    let (rows, total) = lever_rows(
        &state,
        "",
        user.id,
        status,
        only,
        Some((paging.limit, paging.offset())),
    )
    .await?;
    let data = with_marks(&state, &rows).await;
    Ok(Reply(Paged::of(paging, data, total)))
}

/// Every holding position with live profit, and their totals.
#[derive(serde::Serialize, ToSchema)]
pub struct Holding {
    /// Decimal strings.
    pub total_profit: String,
    pub total_margin: String,
    pub positions: Vec<Contract>,
}

/// Every holding position with live profit, and totals.
pub async fn dealall(
    state: web::Data<AppState>,
    form: Form<NoParams>,
) -> ApiResult<Reply<Holding>> {
    let user = form.req.user(&state).await?;
    let (rows, _) = lever_rows(&state, "", user.id, &[1], None, None).await?;
    let list = with_marks(&state, &rows).await;
    let sum = |of: fn(&Contract) -> Option<&str>| -> String {
        let total: rust_decimal::Decimal = list
            .iter()
            .filter_map(|c| of(c).and_then(|s| s.parse::<rust_decimal::Decimal>().ok()))
            .sum();
        total.normalize().to_string()
    };
    let (total_profit, total_margin) = (
        sum(|c| c.profit.as_deref()),
        sum(|c| Some(c.caution_money.as_str())),
    );
    Ok(Reply(Holding {
        total_profit,
        total_margin,
        positions: list,
    }))
}
