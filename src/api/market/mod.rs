//! Markets over HTTP: quotations, K-lines, favourites, and spot/stock orders.
//! Orders go to the market's actor; reads of history come from the database.
//!
//! By purpose: `quotes` answers the public reads (tickers grouped or listed,
//! latest trades, K-lines), `favourites` a user's list of markets, `orders`
//! places, cancels and lists spot orders, and `answers` holds the typed
//! mirrors of the JSON the market actor builds (tickers, depth, trades,
//! orders) with the tests that hold the two to the same shape. How a request
//! names a market and amounts as ledger units are in `api::inputs`, which they and
//! the contract and options routes use; here is the actors' health report
//! the admin API answers.

mod answers;
pub mod favourites;
pub mod orders;
pub mod quotes;

// The mirrors are named from here (`market::Quotation`), as the API tests
// and the route table name them, whichever file holds them.
pub use answers::{Depth, Order, Quotation, Ticker, Trade};

use crate::error::ApiResult;
use crate::params::{Form, NoParams, Reply};
use crate::state::AppState;
use actix_web::web;
use serde::Serialize;
use utoipa::ToSchema;

/// Every running actor's report: markets, the hub, the demo traders, and
/// whatever later products register. One that does not answer within a second
/// is listed as failing.
#[derive(Serialize, ToSchema)]
pub struct Health {
    /// When the reports were gathered (ms since the epoch).
    pub at: i64,
    pub actors: Vec<actors::runtime::HealthReport>,
    /// Where the spot orders' time went since the server started, stage by
    /// stage: `queue` (the market's mailbox and the batch before), `writer`
    /// (the wait for the writer's turn), `match`, `write`, `commit`,
    /// `answer` and `total`; `batch`'s figures are orders per batch, not
    /// milliseconds.
    pub orders: Vec<actors::runtime::timing::StageFigures>,
}

pub async fn health(state: web::Data<AppState>, _form: Form<NoParams>) -> ApiResult<Reply<Health>> {
    Ok(Reply(Health {
        at: crate::db::now_ms(),
        actors: state.actors.reports().await,
        orders: state.markets.times.figures(),
    }))
}
