//! Markets over HTTP: quotations, K-lines, favourites, and spot/stock orders.
//! Orders go to the market's actor; reads of history come from the database.

use super::ok;
use crate::db::now_ms;
use crate::error::{ApiError, ApiResult, Kind};
use crate::extract::Req;
use crate::markets::MarketHandle;
use crate::state::AppState;
use actix_web::{web, HttpResponse};
use actors::market::actor::{order_value, Cancel, MarketError, OrderRow, Place, Snapshot};
use actors::market::book::{BookError, Kind as OrderKind, Side};
use actors::market::kline::Period;
use actors::money::{from_units, to_units};
use rust_decimal::Decimal;
use serde_json::{json, Value};

pub fn unavailable() -> ApiError {
    ApiError::new(Kind::Internal, "err_market_unavailable")
}

async fn snapshot(m: &MarketHandle) -> ApiResult<Value> {
    m.send(Snapshot).await.map_err(|_| unavailable())
}

/// The market named by `match_id`, `symbol`, or `currency_id` + `legal_id`.
pub fn market<'a>(state: &'a AppState, req: &Req) -> ApiResult<&'a MarketHandle> {
    let m = &state.markets;
    let found = if let Some(id) = req.any(&["match_id", "id"]).and_then(|v| v.parse().ok()) {
        m.by_id(id)
    } else if let Some(sym) = req.get("symbol") {
        m.by_symbol(sym)
    } else {
        let base = req.get("currency_id").and_then(|v| v.parse().ok());
        let quote = req
            .get("legal_id")
            .and_then(|v| v.parse().ok())
            .unwrap_or(3);
        base.and_then(|b| m.by_pair(b, quote))
    };
    found.ok_or_else(|| ApiError::invalid("err_market_invalid"))
}

pub async fn quotation(state: web::Data<AppState>, _req: Req) -> ApiResult<HttpResponse> {
    let mut groups: Vec<(i64, String, Vec<Value>)> = Vec::new();
    for m in &state.markets.list {
        let row = snapshot(m).await?;
        match groups.iter_mut().find(|g| g.0 == m.spec.quote) {
            Some(g) => g.2.push(row),
            None => groups.push((m.spec.quote, m.spec.quote_name.clone(), vec![row])),
        }
    }
    let list: Vec<Value> = groups
        .into_iter()
        .map(|(id, name, rows)| json!({"id": id, "name": name, "quotation": rows}))
        .collect();
    Ok(ok(list))
}

pub async fn market_list(state: web::Data<AppState>, _req: Req) -> ApiResult<HttpResponse> {
    let mut rows = Vec::new();
    for m in &state.markets.list {
        rows.push(snapshot(m).await?);
    }
    Ok(ok(rows))
}

/// K-lines in their own shape: `{code, msg, data}`.
/// A market's latest trades, so the list has its history before the stream adds to it.
pub async fn trades(state: web::Data<AppState>, req: Req) -> ApiResult<HttpResponse> {
    let m = market(&state, &req)?;
    // The list keeps 30; `limit` is checked as any page size is.
    let limit = match req.get("limit") {
        None => 30,
        Some(_) => req.paging()?.limit,
    };
    let rows = actors::market::trades::recent(&state.db, m.spec.id, &m.spec.symbol, limit).await?;
    Ok(ok(rows))
}

pub async fn timeshar(state: web::Data<AppState>, req: Req) -> HttpResponse {
    let fail = |msg: &str| HttpResponse::Ok().json(json!({"code": -1, "msg": msg, "data": []}));
    let Some(period) = req.get("period").and_then(Period::parse) else {
        return fail("unknown period");
    };
    let Some(m) = req.get("symbol").and_then(|s| state.markets.by_symbol(s)) else {
        return fail("unknown symbol");
    };
    // Seconds to milliseconds, checked: a time no clock reaches is refused.
    let millis = |name: &str| -> Result<Option<i64>, ()> {
        match req.get(name) {
            None => Ok(None),
            Some(v) => v
                .parse::<i64>()
                .ok()
                .and_then(|s| s.checked_mul(1000))
                .map(Some)
                .ok_or(()),
        }
    };
    let (Ok(to), Ok(from)) = (millis("to"), millis("from")) else {
        return fail("bad time");
    };
    let to = to.unwrap_or_else(now_ms);
    let from = from.unwrap_or(0);
    let rows: Result<Vec<(i64, i64, i64, i64, i64, i64, i64)>, sqlx::Error> = sqlx::query_as(
        "SELECT open_time, open, high, low, close, volume, amount FROM klines
         WHERE market = $1 AND period = $2 AND open_time >= $3 AND open_time <= $4 ORDER BY open_time DESC LIMIT 1500",
    )
    .bind(m.spec.id)
    .bind(period.name())
    .bind(from)
    .bind(to)
    .fetch_all(&state.db)
    .await;
    let Ok(mut rows) = rows else {
        return fail("unavailable");
    };
    rows.reverse();
    let u = |x: i64| from_units(x).normalize().to_string();
    let data: Vec<Value> = rows
        .into_iter()
        .map(|(t, o, h, l, c, v, a)| {
            json!({"id": t / 1000, "time": t, "open": u(o), "high": u(h), "low": u(l), "close": u(c), "volume": u(v), "amount": u(a)})
        })
        .collect();
    HttpResponse::Ok().json(json!({"code": 1, "msg": "success", "data": data}))
}

pub async fn favourite_add(state: web::Data<AppState>, req: Req) -> ApiResult<HttpResponse> {
    let user = req.user(&state).await?;
    let m = market(&state, &req)?;
    sqlx::query("INSERT INTO favourites (user_id, market, created_at) VALUES ($1, $2, $3) ON CONFLICT (user_id, market) DO NOTHING")
        .bind(user.id)
        .bind(m.spec.id)
        .bind(now_ms())
        .execute(&state.db)
        .await?;
    Ok(ok(crate::i18n::t(req.lang, "ok_done", &[])))
}

pub async fn favourite_del(state: web::Data<AppState>, req: Req) -> ApiResult<HttpResponse> {
    let user = req.user(&state).await?;
    let m = market(&state, &req)?;
    sqlx::query("DELETE FROM favourites WHERE user_id = $1 AND market = $2")
        .bind(user.id)
        .bind(m.spec.id)
        .execute(&state.db)
        .await?;
    Ok(ok(crate::i18n::t(req.lang, "ok_done", &[])))
}

pub async fn favourite_list(state: web::Data<AppState>, req: Req) -> ApiResult<HttpResponse> {
    let user = req.user(&state).await?;
    let ids: Vec<(i64,)> =
        sqlx::query_as("SELECT market FROM favourites WHERE user_id = $1 ORDER BY created_at")
            .bind(user.id)
            .fetch_all(&state.db)
            .await?;
    let mut rows = Vec::new();
    for (id,) in ids {
        if let Some(m) = state.markets.by_id(id) {
            rows.push(snapshot(m).await?);
        }
    }
    Ok(ok(rows))
}

/// A positive decimal with at most 8 places, in units.
pub fn units_of(raw: Option<&str>, missing: &'static str) -> ApiResult<i64> {
    let d = raw
        .and_then(actors::money::parse_plain)
        .ok_or_else(|| ApiError::invalid(missing))?;
    if d <= Decimal::ZERO {
        return Err(ApiError::invalid(missing));
    }
    to_units(d).map_err(crate::funds::units_error)
}

pub fn market_error(e: MarketError, m: &MarketHandle) -> ApiError {
    let u = |x: i64| from_units(x).normalize().to_string();
    match e {
        MarketError::Book(BookError::Tick) => {
            ApiError::invalid("err_tick").with_arg("tick", u(m.spec.tick))
        }
        MarketError::Book(_) => ApiError::invalid("err_lot")
            .with_arg("lot", u(m.spec.lot))
            .with_arg("min", u(m.spec.min_qty)),
        MarketError::Invalid(key) => ApiError::invalid(key),
        MarketError::Insufficient => ApiError::conflict("err_insufficient"),
        MarketError::BelowMinimum { min } => ApiError::invalid("err_min_total").with_arg(
            "min",
            format!(
                "{} {}",
                u(min),
                m.spec.symbol.split('/').nth(1).unwrap_or_default()
            ),
        ),
        MarketError::NotFound => ApiError::new(Kind::NotFound, "err_order_closed"),
        MarketError::Internal(cause) => ApiError::internal(cause),
    }
}

/// POST places an order, PUT cancels one.
pub async fn trade(state: web::Data<AppState>, req: Req) -> ApiResult<HttpResponse> {
    let user = req.user(&state).await?;
    let m = market(&state, &req)?;
    let side = match req.get("type") {
        Some("1") | Some("buy") => Side::Buy,
        Some("2") | Some("sell") => Side::Sell,
        _ => return Err(ApiError::invalid("err_side_invalid")),
    };
    let amount = units_of(req.any(&["amount", "number"]), "err_amount_invalid")?;
    let market_order = matches!(req.get("order_type"), Some("market") | Some("1"));
    let kind = if market_order {
        match side {
            Side::Buy => OrderKind::MarketBuy { quote: amount },
            Side::Sell => OrderKind::MarketSell { qty: amount },
        }
    } else {
        let price = units_of(req.get("target_price"), "err_price_required")?;
        OrderKind::Limit { price, qty: amount }
    };
    let res = m
        .send(Place {
            user_id: user.id,
            side,
            kind,
        })
        .await
        .map_err(|_| unavailable())?;
    Ok(ok(res.map_err(|e| market_error(e, m))?))
}

pub async fn cancel(state: web::Data<AppState>, req: Req) -> ApiResult<HttpResponse> {
    let user = req.user(&state).await?;
    let id = req.id("id")?;
    let row: Option<(i64,)> =
        sqlx::query_as("SELECT market FROM orders WHERE id = $1 AND user_id = $2 AND status = 0")
            .bind(id)
            .bind(user.id)
            .fetch_optional(&state.db)
            .await?;
    let (market_id,) = row.ok_or_else(|| ApiError::new(Kind::NotFound, "err_order_closed"))?;
    let m = state.markets.by_id(market_id).ok_or_else(unavailable)?;
    let res = m
        .send(Cancel {
            user_id: user.id,
            order_id: id,
        })
        .await
        .map_err(|_| unavailable())?;
    Ok(ok(res.map_err(|e| market_error(e, m))?))
}

/// The caller's orders: `type=current` (open, the default) or `all`.
pub async fn orders(state: web::Data<AppState>, req: Req) -> ApiResult<HttpResponse> {
    let user = req.user(&state).await?;
    let paging = req.paging()?;
    let all = matches!(req.get("type"), Some("all") | Some("2"));
    let market_id: Option<i64> = match req.any(&["match_id", "symbol", "currency_id"]) {
        None => None,
        Some(_) => Some(market(&state, &req)?.spec.id),
    };
    let filter = "user_id = $1 AND (CAST($2 AS BIGINT) = 1 OR status = 0) AND (CAST($3 AS BIGINT) IS NULL OR market = $3)";
    let (total,): (i64,) = sqlx::query_as(&format!("SELECT COUNT(*) FROM orders WHERE {filter}"))
        .bind(user.id)
        .bind(i64::from(all))
        .bind(market_id)
        .fetch_one(&state.db)
        .await?;
    let rows: Vec<(i64, OrderRow)> = sqlx::query_as::<_, (i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64)>(&format!(
        "SELECT market, id, user_id, side, order_type, price, qty, budget, filled_qty, filled_quote, fee, status, created_at
         FROM orders WHERE {filter} ORDER BY id DESC LIMIT $4 OFFSET $5"
    ))
    .bind(user.id)
    .bind(i64::from(all))
    .bind(market_id)
    .bind(paging.limit)
    .bind(paging.offset())
    .fetch_all(&state.db)
    .await?
    .into_iter()
    .map(|r| (r.0, (r.1, r.2, r.3, r.4, r.5, r.6, r.7, r.8, r.9, r.10, r.11, r.12)))
    .collect();
    let data = rows
        .into_iter()
        .map(|(mid, r)| {
            let symbol = state
                .markets
                .by_id(mid)
                .map(|m| m.spec.symbol.clone())
                .unwrap_or_default();
            order_value(r, &symbol)
        })
        .collect();
    Ok(ok(paging.wrap(data, total)))
}

/// Every actor with its backlog, messages handled and last message time.
pub async fn health(state: web::Data<AppState>) -> ApiResult<HttpResponse> {
    let mut actors = Vec::new();
    for m in &state.markets.list {
        match m.send(actors::market::actor::Health).await {
            Ok(h) => actors.push(h),
            Err(_) => {
                actors.push(json!({"name": format!("market:{}", m.spec.symbol), "alive": false}))
            }
        }
    }
    if let Ok(h) = state.hub.send(crate::socket::hub::HubHealth).await {
        actors.push(h);
    }
    if let Some(d) = &state.demo_traders {
        if let Ok(h) = d.send(crate::demo_traders::Report).await {
            actors.push(h);
        }
    }
    Ok(ok(json!({"actors": actors})))
}
