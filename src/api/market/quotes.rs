//! The public reads of the markets: every market's ticker with the top of
//! its book (grouped by quote coin, or listed), a market's latest trades, the
//! recent path of its index, and its K-lines. Tickers and the index's path come
//! from the market actors; trades and K-lines from the database.

use super::{Quotation, Trade};
use crate::api::inputs::{market_by, unavailable, MarketRef};
use crate::db::now_ms;
use crate::error::{ApiError, ApiResult};
use crate::markets::MarketHandle;
use crate::params::{Form, HistorySeconds, KlinePeriod, MarketId, NoParams, Page, Reply};
use crate::state::AppState;
use actix_web::web;
use actors::market::actor::{units, GetIndexPath, Snapshot};
use actors::money::from_units;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A market's ticker with the top of its book, as its actor answers it.
pub(super) async fn snapshot(m: &MarketHandle) -> ApiResult<Quotation> {
    let v = m.send(Snapshot).await.map_err(unavailable)?;
    serde_json::from_value(v).map_err(ApiError::internal)
}

/// `currency/quotation_new`: the markets of one quote coin.
#[derive(Serialize, ToSchema)]
pub struct QuoteGroup {
    /// The quote coin's id.
    pub id: i64,
    /// The quote coin, `USDT`.
    pub name: String,
    pub quotation: Vec<Quotation>,
}

pub async fn quotation(
    state: web::Data<AppState>,
    _form: Form<NoParams>,
) -> ApiResult<Reply<Vec<QuoteGroup>>> {
    let mut groups: Vec<QuoteGroup> = Vec::new();
    for m in &state.markets.list {
        let row = snapshot(m).await?;
        match groups.iter_mut().find(|g| g.id == m.spec.quote) {
            Some(g) => g.quotation.push(row),
            None => groups.push(QuoteGroup {
                id: m.spec.quote,
                name: m.spec.quote_name.clone(),
                quotation: vec![row],
            }),
        }
    }
    Ok(Reply(groups))
}

pub async fn market_list(
    state: web::Data<AppState>,
    _form: Form<NoParams>,
) -> ApiResult<Reply<Vec<Quotation>>> {
    let mut rows = Vec::new();
    for m in &state.markets.list {
        rows.push(snapshot(m).await?);
    }
    Ok(Reply(rows))
}

/// `currency/trades`: a market's latest trades, so the list has its history
/// before the stream adds to it.
#[derive(Deserialize, ToSchema)]
pub struct TradesParams {
    /// The market's symbol, `BTC/USDT` (or its `match_id`).
    pub symbol: Option<String>,
    pub match_id: Option<MarketId>,
    /// How many; 30 when left out, at most 100.
    pub limit: Option<Page>,
}

pub async fn trades(
    state: web::Data<AppState>,
    form: Form<TradesParams>,
) -> ApiResult<Reply<Vec<Trade>>> {
    let p = form.split().1?;
    let m = market_by(
        &state,
        &MarketRef {
            id: p.match_id.map(|m| m.0),
            symbol: p.symbol.as_deref(),
            ..MarketRef::default()
        },
    )?;
    // The list keeps 30; `limit` is checked as any page size is.
    let limit = p.limit.map_or(30, |l| l.0.min(100));
    let rows = actors::market::trades::recent(&state.db, m.spec.id, &m.spec.symbol, limit).await?;
    let rows = rows
        .into_iter()
        .map(|v| serde_json::from_value(v).map_err(ApiError::internal))
        .collect::<ApiResult<Vec<Trade>>>()?;
    Ok(Reply(rows))
}

/// `currency/index_history`: the market's index over the last seconds, so a
/// chart opens with the path the ticker has reported, not an empty frame.
#[derive(Deserialize, ToSchema)]
pub struct IndexHistoryParams {
    /// The market's id (or its `symbol`).
    #[serde(alias = "id")]
    pub match_id: Option<MarketId>,
    /// The market's symbol, `BTC/USDT`.
    pub symbol: Option<String>,
    /// How many whole seconds back from now, the current one included; 300
    /// when left out, at most 600.
    pub seconds: Option<HistorySeconds>,
}

/// The seconds of path answered when the request does not say.
const HISTORY_DEFAULT_SECONDS: i64 = 300;

/// A value the index took, and when.
#[derive(Serialize, Deserialize, ToSchema, Debug, PartialEq)]
pub struct IndexPoint {
    /// When the index took it, milliseconds since the epoch: the last move of
    /// its second (a second without a point kept the price before it).
    pub time: i64,
    /// The index price, a decimal string.
    pub price: String,
}

/// A market's index path: at most one point a second, ascending, the first
/// the price in force when the window opens (it may be older than the window).
#[derive(Serialize, Deserialize, ToSchema, Debug, PartialEq)]
pub struct IndexHistory {
    pub match_id: i64,
    /// `BTC/USDT`.
    pub symbol: String,
    /// When the path was read, milliseconds since the epoch.
    pub time: i64,
    /// At most `seconds + 1` points.
    pub data: Vec<IndexPoint>,
}

pub async fn index_history(
    state: web::Data<AppState>,
    form: Form<IndexHistoryParams>,
) -> ApiResult<Reply<IndexHistory>> {
    let p = form.split().1?;
    let m = market_by(
        &state,
        &MarketRef {
            id: p.match_id.map(|m| m.0),
            symbol: p.symbol.as_deref(),
            ..MarketRef::default()
        },
    )?;
    let seconds = p.seconds.map_or(HISTORY_DEFAULT_SECONDS, |s| s.0);
    let path = m
        .send(GetIndexPath { seconds })
        .await
        .map_err(unavailable)?;
    Ok(Reply(IndexHistory {
        match_id: m.spec.id,
        symbol: m.spec.symbol.clone(),
        time: path.time,
        data: path
            .points
            .into_iter()
            .map(|p| IndexPoint {
                time: p.at,
                price: units(p.price),
            })
            .collect(),
    }))
}

/// `currency/new_timeshar`: K-lines of a market between two times.
#[derive(Deserialize, ToSchema)]
pub struct KlineParams {
    /// The market's symbol, `BTC/USDT`.
    pub symbol: String,
    pub period: KlinePeriod,
    /// From (unix seconds); the start of the history when left out.
    pub from: Option<i64>,
    /// To (unix seconds); now when left out.
    pub to: Option<i64>,
}

/// One K-line bar: times in seconds (`id`) and milliseconds, decimal strings.
#[derive(Serialize, ToSchema)]
pub struct Bar {
    pub id: i64,
    pub time: i64,
    pub open: String,
    pub high: String,
    pub low: String,
    pub close: String,
    pub volume: String,
    pub amount: String,
}

/// The chart library's own answer: code 1 with the bars, -1 with the reason.
#[derive(Serialize, ToSchema)]
pub struct Bars {
    #[schema(minimum = -1, maximum = 1)]
    pub code: i64,
    pub msg: String,
    pub data: Vec<Bar>,
}

pub async fn timeshar(state: web::Data<AppState>, form: Form<KlineParams>) -> web::Json<Bars> {
    let fail = |msg: &str| {
        web::Json(Bars {
            code: -1,
            msg: msg.into(),
            data: Vec::new(),
        })
    };
    let Ok(p) = form.split().1 else {
        return fail("bad parameters");
    };
    let Some(m) = state.markets.by_symbol(&p.symbol) else {
        return fail("unknown symbol");
    };
    // Seconds to milliseconds, checked: a time no clock reaches is refused.
    let millis = |s: Option<i64>| -> Result<Option<i64>, ()> {
        match s {
            None => Ok(None),
            Some(s) => s.checked_mul(1000).map(Some).ok_or(()),
        }
    };
    let (Ok(to), Ok(from)) = (millis(p.to), millis(p.from)) else {
        return fail("bad time");
    };
    let to = to.unwrap_or_else(now_ms);
    let from = from.unwrap_or(0);
    let rows: Result<Vec<(i64, i64, i64, i64, i64, i64, i64)>, sqlx::Error> = sqlx::query_as(
        "SELECT open_time, open, high, low, close, volume, amount FROM klines
         WHERE market = $1 AND period = $2 AND open_time >= $3 AND open_time <= $4 ORDER BY open_time DESC LIMIT 1500",
    )
    .bind(m.spec.id)
    .bind(p.period.0.name())
    .bind(from)
    .bind(to)
    .fetch_all(&state.db)
    .await;
    let Ok(mut rows) = rows else {
        return fail("unavailable");
    };
    rows.reverse();
    let u = |x: i64| from_units(x).normalize().to_string();
    let data = rows
        .into_iter()
        .map(|(t, o, h, l, c, v, a)| Bar {
            id: t / 1000,
            time: t,
            open: u(o),
            high: u(h),
            low: u(l),
            close: u(c),
            volume: u(v),
            amount: u(a),
        })
        .collect();
    web::Json(Bars {
        code: 1,
        msg: "success".into(),
        data,
    })
}
