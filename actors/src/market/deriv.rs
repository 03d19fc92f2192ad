//! What a market offers in contracts and options, and how it feeds them. Each
//! market with derivatives runs a `lever::ContractActor` and an
//! `options::OptionsActor` of its own next to its `MarketActor`: the market
//! pushes every new index to them as a [`Mark`] (and answers [`CurrentIndex`]
//! to one that starts), so a contract close or an option settlement never waits
//! behind spot orders, nor spot orders behind them.

use super::actor::MarketActor;
use crate::ledger::{self, Operation, PostError, Posting};
use crate::lever::math::Dir;
use crate::runtime::Handle;
use crate::runtime::ProductError;
use actix::prelude::*;
use sqlx::AnyConnection;
use std::sync::{Arc, RwLock};

/// One option duration on offer.
#[derive(Debug, Clone)]
pub struct OptionTerm {
    pub seconds: i64,
    pub ratio_ppm: i64,
    pub min_stake: i64,
    pub max_stake: i64,
}

/// What a market offers in contracts and options.
#[derive(Debug, Clone)]
pub struct DerivSpec {
    pub lever: bool,
    /// Base units per lot.
    pub lot_units: i64,
    pub multiples: Vec<i64>,
    pub fee_ppm: i64,
    pub spread_ppm: i64,
    pub overnight_ppm: i64,
    pub min_share: i64,
    pub max_share: i64,
    pub limit_orders: bool,
    /// Maintenance margin as a share of the margin.
    pub maintenance_ppm: i64,
    /// UTC hour at which the daily overnight fee is charged.
    pub overnight_hour: i64,
    pub options: Vec<OptionTerm>,
    pub option_fee_ppm: i64,
    /// The coin stakes are paid in.
    pub option_currency: i64,
}

/// The market's index moved (or a derivative actor asked for it at start).
#[derive(Message, Clone, Copy)]
#[rtype(result = "()")]
pub struct Mark(pub i64);

/// The market's index now, for a derivative actor that starts.
#[derive(Message)]
#[rtype(result = "i64")]
pub struct CurrentIndex;

/// Where a market sends its marks: the handles of its contract and options
/// actors (a handle reaches whichever instance runs, across restarts).
pub trait MarkSink: Send + Sync {
    fn mark(&self, price: i64);
}

impl<A> MarkSink for Handle<A>
where
    A: Actor<Context = Context<A>> + Handler<Mark> + Handler<crate::runtime::Checks>,
{
    fn mark(&self, price: i64) {
        self.addr().do_send(Mark(price));
    }
}

/// A market's mark listeners, filled once its derivative actors exist (they
/// are started after the market, holding its handle).
pub type MarkSinks = Arc<RwLock<Vec<Arc<dyn MarkSink>>>>;

/// Sets the index to an exact price and applies it. Only reachable in-process
/// (tests drive prices with it); no HTTP route leads here.
#[derive(Message)]
#[rtype(result = "()")]
pub struct SetIndex(pub i64);

impl Handler<SetIndex> for MarketActor {
    type Result = ();

    fn handle(&mut self, m: SetIndex, _: &mut Context<Self>) {
        self.set_index(m.0);
        self.feed.resume(m.0);
        self.push_mark();
    }
}

impl Handler<CurrentIndex> for MarketActor {
    type Result = i64;

    fn handle(&mut self, _: CurrentIndex, _: &mut Context<Self>) -> i64 {
        self.index
    }
}

/// What the contract and options actors share about being ready, refusing,
/// publishing and reporting their mark.
pub(crate) mod common {
    use super::ProductError;
    use crate::market::actor::units;
    use crate::runtime::{Check, Event};
    use actix::prelude::*;

    /// An order is taken once the actor's state is loaded and it has a mark.
    pub fn ready(loaded: bool, index: i64) -> Result<(), ProductError> {
        if loaded && index > 0 {
            Ok(())
        } else {
            Err(ProductError::Invalid("err_market_unavailable"))
        }
    }

    /// An answer refused before any database work.
    pub fn refuse<A: Actor, T: 'static>(
        e: ProductError,
    ) -> AtomicResponse<A, Result<T, ProductError>> {
        AtomicResponse::new(Box::pin(actix::fut::ready(Err(e))))
    }

    pub fn publish(events: &Option<Recipient<Event>>, e: Event) {
        if let Some(r) = events {
            r.do_send(e);
        }
    }

    /// The mark as heard, or a warning until the first one comes.
    pub fn mark_check(index: i64) -> Check {
        if index > 0 {
            Check::ok("mark", units(index))
        } else {
            Check::warn("mark", "no_mark")
        }
    }
}

pub(crate) fn dir_code(d: Dir) -> i64 {
    match d {
        Dir::Long => 1,
        Dir::Short => 2,
    }
}

pub(crate) fn code_dir(c: i64) -> Dir {
    if c == 1 {
        Dir::Long
    } else {
        Dir::Short
    }
}

pub(crate) fn ledger_err(e: PostError) -> ProductError {
    match e {
        PostError::Ledger(ledger::LedgerError::Insufficient { .. }) => ProductError::Insufficient,
        // The operation's key is taken, or its rows by another write: a
        // call that lost a race, not a failure.
        PostError::Duplicate | PostError::Ledger(ledger::LedgerError::Contention(_)) => {
            ProductError::Conflict("err_conflict")
        }
        other => ProductError::Internal(format!("{other:?}")),
    }
}

/// One ledger operation inside a derivative actor's transaction, its
/// zero postings dropped and its errors as the API reports them.
pub(crate) async fn post(
    tx: &mut AnyConnection,
    key: String,
    reason: &str,
    ref_type: &str,
    ref_id: i64,
    postings: Vec<Posting>,
) -> Result<(), ProductError> {
    let postings: Vec<Posting> = postings.into_iter().filter(|p| p.amount != 0).collect();
    if postings.is_empty() {
        return Ok(());
    }
    let op = Operation {
        key,
        reason: reason.into(),
        ref_type: ref_type.into(),
        ref_id,
        postings,
    };
    ledger::post(tx, &op).await.map(|_| ()).map_err(ledger_err)
}
