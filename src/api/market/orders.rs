//! Spot and stock orders: placed (`coin/trade` POST) and cancelled (PUT)
//! through the market's actor, which answers the order as it stands; listed
//! (`coin/list`) from the database, paged.

use super::Order;
use crate::api::inputs::{market_by, unavailable, units_in, MarketRef};
use crate::error::{ApiError, ApiResult, Kind};
use crate::params::{self, Amount, Form, IdParams, MarketId, OrderType, Page, Price, Reply};
use crate::state::AppState;
use actix_web::web;
use actors::market::actor::{order_value, Cancel, OrderRow, Place, ORDER_COLUMNS};
use actors::market::book::{Kind as OrderKind, Side};
use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;

/// `coin/trade` (POST): an order.
#[derive(Deserialize, ToSchema)]
pub struct TradeParams {
    /// The market (or `symbol`, or `currency_id` with `legal_id`).
    #[serde(alias = "id")]
    pub match_id: Option<MarketId>,
    /// The market's symbol, `BTC/USDT`.
    pub symbol: Option<String>,
    /// The market's base coin id, with `legal_id`.
    pub currency_id: Option<MarketId>,
    /// The market's quote coin id; USDT (3) when left out.
    pub legal_id: Option<MarketId>,
    #[serde(rename = "type")]
    pub side: params::Side,
    /// Quantity of a limit or market sell; what a market buy spends.
    #[serde(alias = "number")]
    pub amount: Amount,
    pub order_type: Option<OrderType>,
    /// The limit price; required unless `order_type` is market.
    pub target_price: Option<Price>,
}

impl TradeParams {
    fn market(&self) -> MarketRef<'_> {
        MarketRef {
            id: self.match_id.map(|m| m.0),
            symbol: self.symbol.as_deref(),
            base: self.currency_id.map(|m| m.0),
            quote: self.legal_id.map(|m| m.0),
        }
    }
}

/// The actor's order JSON as an [`Order`].
fn as_order(v: Value) -> ApiResult<Order> {
    serde_json::from_value(v).map_err(ApiError::internal)
}

/// POST places an order, PUT cancels one.
pub async fn trade(state: web::Data<AppState>, form: Form<TradeParams>) -> ApiResult<Reply<Order>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let p = p?;
    let m = market_by(&state, &p.market())?;
    let side = match p.side {
        params::Side::Buy => Side::Buy,
        params::Side::Sell => Side::Sell,
    };
    let amount = units_in(p.amount.0)?;
    let kind = if p.order_type == Some(OrderType::Market) {
        match side {
            Side::Buy => OrderKind::MarketBuy { quote: amount },
            Side::Sell => OrderKind::MarketSell { qty: amount },
        }
    } else {
        let price = p
            .target_price
            .ok_or_else(|| ApiError::invalid("err_price_required"))?;
        OrderKind::Limit {
            price: units_in(price.0)?,
            qty: amount,
        }
    };
    let res = m
        .send(Place::new(user.id, side, kind))
        .await
        .map_err(unavailable)?;
    Ok(Reply(as_order(res.map_err(ApiError::from)?)?))
}

pub async fn cancel(state: web::Data<AppState>, form: Form<IdParams>) -> ApiResult<Reply<Order>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let id = p?.id.0;
    let row: Option<(i64,)> =
        sqlx::query_as("SELECT market FROM orders WHERE id = $1 AND user_id = $2 AND status = 0")
            .bind(id)
            .bind(user.id)
            .fetch_optional(&state.db)
            .await?;
    let (market_id,) = row.ok_or_else(|| ApiError::new(Kind::NotFound, "err_order_closed"))?;
    let m = state
        .markets
        .by_id(market_id)
        .ok_or_else(|| unavailable("not running"))?;
    let res = m
        .send(Cancel {
            user_id: user.id,
            order_id: id,
        })
        .await
        .map_err(unavailable)?;
    Ok(Reply(as_order(res.map_err(ApiError::from)?)?))
}

/// `coin/list`: the caller's orders, paged, of every market or one.
#[derive(Deserialize, ToSchema)]
pub struct OrdersParams {
    pub page: Option<Page>,
    pub limit: Option<Page>,
    /// `current` (open orders, the default) or `all` (also `2`).
    #[serde(rename = "type")]
    pub which: Option<String>,
    /// Only this market (or `symbol`, or `currency_id` with `legal_id`).
    pub match_id: Option<MarketId>,
    pub symbol: Option<String>,
    pub currency_id: Option<MarketId>,
    pub legal_id: Option<MarketId>,
}

/// The caller's orders: `type=current` (open, the default) or `all`.
pub async fn orders(
    state: web::Data<AppState>,
    form: Form<OrdersParams>,
) -> ApiResult<Reply<params::Paged<Order>>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let p = p?;
    let paging = crate::extract::Paging::of(p.page, p.limit);
    let all = matches!(p.which.as_deref(), Some("all") | Some("2"));
    let market_id: Option<i64> =
        if p.match_id.is_some() || p.symbol.is_some() || p.currency_id.is_some() {
            let r = MarketRef {
                id: p.match_id.map(|m| m.0),
                symbol: p.symbol.as_deref(),
                base: p.currency_id.map(|m| m.0),
                quote: p.legal_id.map(|m| m.0),
            };
            Some(market_by(&state, &r)?.spec.id)
        } else {
            None
        };
    let filter = "user_id = $1 AND (CAST($2 AS BIGINT) = 1 OR status = 0) AND (CAST($3 AS BIGINT) IS NULL OR market = $3)";
    let (total,): (i64,) = sqlx::query_as(&format!("SELECT COUNT(*) FROM orders WHERE {filter}"))
        .bind(user.id)
        .bind(i64::from(all))
        .bind(market_id)
        .fetch_one(&state.db)
        .await?;
    let rows: Vec<OrderRow> = sqlx::query_as(&format!(
        "SELECT {ORDER_COLUMNS} FROM orders WHERE {filter} ORDER BY id DESC LIMIT $4 OFFSET $5"
    ))
    .bind(user.id)
    .bind(i64::from(all))
    .bind(market_id)
    .bind(paging.limit)
    .bind(paging.offset())
    .fetch_all(&state.db)
    .await?;
    let data = rows
        .into_iter()
        .map(|r| {
            let symbol = state
                .markets
                .by_id(r.market)
                .map(|m| m.spec.symbol.clone())
                .unwrap_or_default();
            as_order(order_value(r, &symbol))
        })
        .collect::<ApiResult<Vec<Order>>>()?;
    Ok(Reply(params::Paged::of(paging, data, total)))
}
