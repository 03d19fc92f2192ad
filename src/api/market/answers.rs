//! The typed mirrors of the JSON the market actor builds: a market's ticker
//! and book top (what a `Snapshot` answers), a public trade and a spot order.
//! The actor builds JSON, for the API and the socket events alike; these
//! structs give the API's answers and the OpenAPI document their shape, and
//! the tests below hold each to the actor's JSON, field for field.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

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
    /// When the index took `now_price`, milliseconds since the epoch (the
    /// time of the same point in `currency/index_history`).
    pub time: i64,
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
    #[schema(value_type = Option<Vec<Vec<String>>>)]
    pub bids: Option<Vec<(String, String)>>,
    /// Likewise, the asks.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Vec<Vec<String>>>)]
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
