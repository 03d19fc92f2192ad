//! Markets over HTTP: quotations, K-lines, favourites, and spot/stock orders.
//! Orders go to the market's actor; reads of history come from the database.

use crate::db::now_ms;
use crate::error::{ApiError, ApiResult, Kind};
use crate::extract::Req;
use crate::markets::MarketHandle;
use crate::params::{
    self, Amount, Form, IdParams, KlinePeriod, MarketId, NoParams, OrderType, Page, Price, Reply,
};
use crate::state::AppState;
use actix_web::web;
use actors::market::actor::{
    order_value, Cancel, MarketError, OrderRow, Place, Snapshot, ORDER_COLUMNS,
};
use actors::market::book::{BookError, Kind as OrderKind, Side};
use actors::money::{from_units, to_units};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

pub fn unavailable() -> ApiError {
    ApiError::new(Kind::Internal, "err_market_unavailable")
}

async fn snapshot(m: &MarketHandle) -> ApiResult<Quotation> {
    let v = m.send(Snapshot).await.map_err(|_| unavailable())?;
    serde_json::from_value(v).map_err(ApiError::internal)
}

/// A market's ticker as the market actor builds it (`ticker`), the row of the
/// quotation lists and the `daymarket` event. The actor builds JSON; this
/// mirrors it, and a test holds the two to the same shape.
#[derive(Serialize, Deserialize, ToSchema, Debug, PartialEq)]
pub struct Ticker {
    pub match_id: i64,
    /// The base coin's id.
    pub currency_id: i64,
    /// The quote coin's id.
    pub legal_id: i64,
    /// `BTC/USDT`.
    pub symbol: String,
    /// The base coin, `BTC`.
    pub currency_name: String,
    /// The quote coin, `USDT`.
    pub legal_name: String,
    /// The index price, a decimal string.
    pub now_price: String,
    /// The change over the last 24 h in percent with two decimals and its
    /// sign: `+1.25`, `-0.40`, `0.00`.
    pub change: String,
    /// Over the last 24 h, decimal strings: base quantity and quote value traded,
    /// the highest and lowest price.
    pub volume: String,
    pub amount: String,
    pub high: String,
    pub low: String,
    /// The coin's logo address.
    pub logo: String,
    /// `coin` or `stock`.
    pub market_type: String,
    /// Always true: spot trading is open.
    pub open_transaction: bool,
    /// Whether contracts trade here.
    pub open_lever: bool,
    /// Whether seconds options trade here.
    pub open_microtrade: bool,
    /// Decimal strings: the price step, the quantity step, the least quantity.
    pub tick: String,
    pub lot: String,
    pub min_qty: String,
}

/// The top of a market's book as the actor builds it. Every field is there
/// once the book has loaded; before that it is the empty object `{}`.
#[derive(Serialize, Deserialize, ToSchema, Debug, PartialEq, Default)]
pub struct Depth {
    /// `BTC/USDT`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub symbol: Option<String>,
    /// Up to 20 levels, best first: `[price, quantity]`, decimal strings.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bids: Option<Vec<(String, String)>>,
    /// Likewise, the asks.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub asks: Option<Vec<(String, String)>>,
    /// The book's sequence number, as the `market_depth` event counts it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seq: Option<u64>,
    /// When it was taken, milliseconds since the epoch.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ts: Option<i64>,
}

/// A market's ticker with the top of its book: what the market actor answers
/// a `Snapshot` with.
#[derive(Serialize, Deserialize, ToSchema, Debug, PartialEq)]
pub struct Quotation {
    #[serde(flatten)]
    pub ticker: Ticker,
    pub depth: Depth,
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

/// The market named by `match_id`, `symbol`, or `currency_id` + `legal_id`.
pub fn market<'a>(state: &'a AppState, req: &Req) -> ApiResult<&'a MarketHandle> {
    let number = |name: &str| req.get(name).and_then(|v| v.parse().ok());
    market_by(
        state,
        &MarketRef {
            id: req.any(&["match_id", "id"]).and_then(|v| v.parse().ok()),
            symbol: req.get("symbol"),
            base: number("currency_id"),
            quote: number("legal_id"),
        },
    )
}

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

/// A public trade as the market actor builds it (`trades::trade_view`), for
/// `currency/trades` and the `market_trade` event alike. The actor builds JSON;
/// this mirrors it, and a test holds the two to the same shape.
#[derive(Serialize, Deserialize, ToSchema, Debug, PartialEq)]
pub struct Trade {
    /// `BTC/USDT`.
    pub symbol: String,
    /// Decimal strings.
    pub price: String,
    pub qty: String,
    /// The taker's side: `buy` or `sell`.
    pub side: String,
    /// Milliseconds since the epoch.
    pub time: i64,
    /// The fill: `<taker order id>.<maker order id>`.
    pub key: String,
    /// Orders the events of one run of the server; 0 for trades read back.
    pub seq: u64,
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

pub async fn favourite_add(
    state: web::Data<AppState>,
    form: Form<MarketParams>,
) -> ApiResult<Reply<String>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let m = market_by(&state, &p?.market())?;
    sqlx::query("INSERT INTO favourites (user_id, market, created_at) VALUES ($1, $2, $3) ON CONFLICT (user_id, market) DO NOTHING")
        .bind(user.id)
        .bind(m.spec.id)
        .bind(now_ms())
        .execute(&state.db)
        .await?;
    Ok(Reply(crate::i18n::t(req.lang, "ok_done", &[])))
}

pub async fn favourite_del(
    state: web::Data<AppState>,
    form: Form<MarketParams>,
) -> ApiResult<Reply<String>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let m = market_by(&state, &p?.market())?;
    sqlx::query("DELETE FROM favourites WHERE user_id = $1 AND market = $2")
        .bind(user.id)
        .bind(m.spec.id)
        .execute(&state.db)
        .await?;
    Ok(Reply(crate::i18n::t(req.lang, "ok_done", &[])))
}

pub async fn favourite_list(
    state: web::Data<AppState>,
    form: Form<NoParams>,
) -> ApiResult<Reply<Vec<Quotation>>> {
    let user = form.req.user(&state).await?;
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
    Ok(Reply(rows))
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

/// Ledger units of a typed positive decimal.
pub fn units_in(d: rust_decimal::Decimal) -> ApiResult<i64> {
    to_units(d).map_err(crate::funds::units_error)
}

/// A spot order as the market actor answers it (`order_value`), and as
/// `coin/list` and the private `order` event show it. The actor builds JSON;
/// this mirrors it, and a test holds the two to the same shape.
#[derive(Serialize, Deserialize, ToSchema, Debug, PartialEq)]
pub struct Order {
    pub id: i64,
    pub user_id: i64,
    /// `BTC/USDT`.
    pub symbol: String,
    /// 1 buy, 2 sell.
    #[serde(rename = "type")]
    pub side: i64,
    /// 0 limit, 1 market.
    pub order_type: i64,
    /// Decimal strings.
    pub target_price: String,
    pub amount: String,
    /// What a market buy may spend.
    pub budget: String,
    /// Filled quantity.
    pub deal_amount: String,
    /// Filled value in the quote coin.
    pub deal_money: String,
    pub avg_price: String,
    pub fee: String,
    /// 0 open, then filled or cancelled.
    pub status: i64,
    /// Milliseconds since the epoch.
    pub created_at: i64,
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
        .send(Place {
            user_id: user.id,
            side,
            kind,
        })
        .await
        .map_err(|_| unavailable())?;
    Ok(Reply(as_order(res.map_err(|e| market_error(e, m))?)?))
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
    let m = state.markets.by_id(market_id).ok_or_else(unavailable)?;
    let res = m
        .send(Cancel {
            user_id: user.id,
            order_id: id,
        })
        .await
        .map_err(|_| unavailable())?;
    Ok(Reply(as_order(res.map_err(|e| market_error(e, m))?)?))
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

/// Every running actor's report: markets, the hub, the demo traders, and
/// whatever later products register. One that does not answer within a second
/// is listed as failing.
#[derive(Serialize, ToSchema)]
pub struct Health {
    /// When the reports were gathered (ms since the epoch).
    pub at: i64,
    pub actors: Vec<actors::runtime::HealthReport>,
}

pub async fn health(state: web::Data<AppState>, _form: Form<NoParams>) -> ApiResult<Reply<Health>> {
    Ok(Reply(Health {
        at: crate::db::now_ms(),
        actors: state.actors.reports().await,
    }))
}

#[cfg(test)]
mod tests {
    use super::{Order, Quotation, Ticker, Trade};
    use actors::market::actor::{MarketActor, MarketSpec, OrderRow};
    use actors::market::book::Side;
    use actors::market::feed::FixedFeed;
    use serde_json::json;

    /// The actor's trade JSON and [`Trade`] are the same shape, streamed and
    /// read back, of either side.
    #[test]
    fn the_actors_trade_json_is_a_trade() {
        for (side, seq) in [(Side::Buy, 0), (Side::Sell, 42)] {
            let v = actors::market::trades::trade_view(
                "BTC/USDT",
                150_000_000,
                2_500_000,
                side,
                1_700_000_000_000,
                (7, 8),
                seq,
            );
            let trade: Trade =
                serde_json::from_value(v.clone()).unwrap_or_else(|e| panic!("{e}: {v}"));
            assert_eq!(serde_json::to_value(&trade).ok(), Some(v));
        }
    }

    /// The actor's ticker JSON and [`Ticker`] are the same shape, and with the
    /// empty depth of a book not loaded yet it is a [`Quotation`]. (The API
    /// tests hold a running market's snapshot, with its book, to it too.)
    #[tokio::test]
    async fn the_actors_ticker_json_is_a_ticker() {
        sqlx::any::install_default_drivers();
        let pool = sqlx::AnyPool::connect_lazy("sqlite::memory:").unwrap_or_else(|e| panic!("{e}"));
        let store = actors::sql::Store::open(pool, false)
            .await
            .unwrap_or_else(|e| panic!("{e}"));
        for (open_lever, open_microtrade) in [(false, false), (true, true)] {
            let spec = MarketSpec {
                id: 1,
                symbol: "BTC/USDT".into(),
                base: 1,
                quote: 3,
                base_name: "BTC".into(),
                quote_name: "USDT".into(),
                kind: "coin".into(),
                tick: 1_000_000,
                lot: 10_000,
                min_qty: 10_000,
                maker_ppm: 1_000,
                taker_ppm: 2_000,
                open_lever,
                open_microtrade,
                logo: "/static/btc.svg".into(),
            };
            let actor = MarketActor::new(
                spec,
                store.clone(),
                Box::new(FixedFeed(6_500_000_000_000)),
                std::time::Duration::from_secs(1),
                None,
                None,
            );
            let v = actor.ticker();
            let ticker: Ticker =
                serde_json::from_value(v.clone()).unwrap_or_else(|e| panic!("{e}: {v}"));
            assert_eq!(serde_json::to_value(&ticker).ok(), Some(v.clone()));
            let mut snap = v;
            snap["depth"] = json!({});
            let q: Quotation =
                serde_json::from_value(snap.clone()).unwrap_or_else(|e| panic!("{e}: {snap}"));
            assert_eq!(serde_json::to_value(&q).ok(), Some(snap));
        }
    }

    /// The actor's order JSON and [`Order`] are the same shape: it reads into
    /// the struct, and the struct writes it back unchanged.
    #[test]
    fn the_actors_order_json_is_an_order() {
        for row in [
            OrderRow {
                id: 7,
                user_id: 3,
                market: 1,
                side: 1,
                order_type: 0,
                price: 150_000_000,
                qty: 2_000_000,
                budget: 0,
                filled_qty: 0,
                filled_quote: 0,
                fee: 0,
                status: 0,
                created_at: 1_700_000_000_000,
            },
            OrderRow {
                id: 8,
                user_id: 3,
                market: 1,
                side: 2,
                order_type: 1,
                price: 0,
                qty: 0,
                budget: 500_000_000,
                filled_qty: 1_000_000,
                filled_quote: 300_000_000,
                fee: 1_000,
                status: 1,
                created_at: 1,
            },
        ] {
            let v = actors::market::actor::order_value(row, "BTC/USDT");
            let order: Order =
                serde_json::from_value(v.clone()).unwrap_or_else(|e| panic!("{e}: {v}"));
            assert_eq!(serde_json::to_value(&order).ok(), Some(v));
        }
    }
}
