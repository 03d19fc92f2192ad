//! `MarketActor`: one per market. It owns the order book, the index price, the
//! forming K-line bars and the liquidity provider's quotes, and handles one
//! message at a time (atomic handlers: the next message waits for the database).
//! Every change that moves money (a placement with its fills, a cancel, a
//! re-quote that trades) commits in one transaction before the caller or any
//! socket hears of it. On start the book is rebuilt from the open orders.
//!
//! This file holds the actor, its messages and its handlers, which hand the
//! work to the files beside it: `placing` (orders and cancels), `settling`
//! (fills), `provider` (the re-quote), `store` (reads, loads, bars), `views`
//! (JSON) and `publish` (events).

use super::book::{Kind, OrderBook, Side};
use super::feed::PriceFeed;
use super::history::{IndexHistory, IndexPoint};
use super::kline::{Bar, Period, PERIODS};
use super::placing::{cancel, place_batch, Queued, MAX_BATCH};
use super::provider::requote;
use super::publish::DEPTH_EVERY;
use super::settle::Fees;
use super::store::{load, save_bars_alone};
use super::views::kline_json;
use crate::runtime::timing::OrderTimes;
use crate::runtime::ProductError;
use crate::runtime::{Channel, Check, Checks, Event, Meter, Status};
use crate::sql::Store;
use actix::prelude::*;
use serde_json::Value;
use std::collections::{HashMap, VecDeque};
use std::sync::Arc;
use std::time::{Duration, Instant};

pub use super::store::{order_json, OrderRow, ORDER_COLUMNS};
pub use super::views::{order_value, units};
pub use crate::runtime::clock::now_ms;

/// The static description of a market.
#[derive(Debug, Clone)]
pub struct MarketSpec {
    pub id: i64,
    pub symbol: String,
    pub base: i64,
    pub quote: i64,
    pub base_name: String,
    pub quote_name: String,
    /// `coin` or `stock`.
    pub kind: String,
    pub tick: i64,
    pub lot: i64,
    pub min_qty: i64,
    pub maker_ppm: i64,
    pub taker_ppm: i64,
    pub open_lever: bool,
    pub open_microtrade: bool,
    pub logo: String,
}

/// The liquidity provider of a market: a funded account quoting a ladder.
#[derive(Debug, Clone)]
pub struct LpConfig {
    pub user_id: i64,
    pub levels: usize,
    /// Distance of the first level from the index, and between levels (ppm).
    pub spread_ppm: i64,
    pub step_ppm: i64,
    /// Size of the nearest level; farther ones are larger and sizes vary
    /// (see `ladder`), always within what the provider holds.
    pub level_qty: i64,
}

/// The public channels markets publish on: depth snapshots, trades, and
/// K-line bars in each period; the topic is the market's symbol.
pub const CHANNELS: [Channel; 3] = [
    Channel {
        name: "depth",
        variants: None,
    },
    Channel {
        name: "trade",
        variants: None,
    },
    Channel {
        name: "kline",
        variants: Some((period_name, "1min")),
    },
];

fn period_name(s: &str) -> Option<&'static str> {
    Period::parse(s).map(Period::name)
}

/// Place an order for a user.
#[derive(Message)]
#[rtype(result = "Result<Value, ProductError>")]
pub struct Place {
    pub user_id: i64,
    pub side: Side,
    pub kind: Kind,
    /// When the caller sent it: where the order's time is counted from.
    pub sent: Instant,
}

impl Place {
    /// An order sent now.
    pub fn new(user_id: i64, side: Side, kind: Kind) -> Place {
        Place {
            user_id,
            side,
            kind,
            sent: Instant::now(),
        }
    }
}

/// Cancel a user's own open order.
#[derive(Message)]
#[rtype(result = "Result<Value, ProductError>")]
pub struct Cancel {
    pub user_id: i64,
    pub order_id: i64,
}

/// The ticker row and the top of the book, for HTTP reads.
#[derive(Message)]
#[rtype(result = "Value")]
pub struct Snapshot;

/// The index's path over the last `seconds` whole seconds (capped at
/// [`super::history::KEEP_SECONDS`]), with the time it was read.
#[derive(Message)]
#[rtype(result = "IndexPath")]
pub struct GetIndexPath {
    pub seconds: i64,
}

/// What [`GetIndexPath`] answers: the points of [`IndexHistory::last`] and
/// when they were read (ms), so a client can tell how far its clock is off.
#[derive(Debug, Clone)]
pub struct IndexPath {
    pub time: i64,
    pub points: Vec<IndexPoint>,
}

/// Step the index and re-quote (the timer sends this).
#[derive(Message)]
#[rtype(result = "()")]
pub struct Tick;

/// Makes the actor panic, for the test that shows a supervised market comes
/// back with nothing acknowledged lost. No route reaches it, and builds
/// without the `fault-injection` feature (every release) leave it out.
#[cfg(feature = "fault-injection")]
#[derive(Message)]
#[rtype(result = "()")]
pub struct Crash;

/// The mutable state a database round trip works on; taken out of the actor for
/// the duration of an atomic handler and put back after.
#[derive(Default)]
pub(super) struct Live {
    pub(super) book: OrderBook,
    /// The provider's available (base, quote), as the ledger holds it.
    pub(super) lp_funds: (i64, i64),
    /// Its quotes resting on the book, taken off at the next re-quote.
    pub(super) lp_orders: Vec<i64>,
    /// The id its next quote gets (counting down from -1).
    pub(super) next_lp_id: i64,
}

pub struct MarketActor {
    pub(crate) spec: MarketSpec,
    pub(crate) db: Store,
    pub(crate) feed: Box<dyn PriceFeed>,
    pub(crate) tick_every: Duration,
    pub(crate) lp: Option<LpConfig>,
    pub(super) live: Option<Live>,
    pub(crate) index: i64,
    /// When the index took its value (ms; 0 before the market has loaded).
    pub(crate) index_at: i64,
    /// Every value the index took over the last minutes, for charts that open.
    pub(crate) path: IndexHistory,
    pub(crate) bars: HashMap<Period, Bar>,
    /// The last 24 h of one-minute bars, for the ticker.
    pub(crate) day: VecDeque<Bar>,
    pub(crate) seq: u64,
    pub(crate) events: Option<Recipient<Event>>,
    /// When the index last moved (ms), for the health checks.
    last_tick_at: i64,
    /// The handle's meter: ticks count as messages handled, so the health
    /// screen shows an idle market alive.
    meter: Option<Arc<Meter>>,
    /// Its contract and options actors, told every new index.
    marks: super::deriv::MarkSinks,
    /// Orders waiting for the next batch commit.
    queue: Vec<Queued>,
    /// Where its orders' time goes (shared by every market of the server).
    times: Arc<OrderTimes>,
    /// When the last depth snapshot went out, and whether a newer one is due.
    pub(super) last_depth: Option<std::time::Instant>,
    pub(super) depth_due: bool,
    /// Events held back while a batch's are gathered (see `publish_together`).
    pub(super) held: std::cell::RefCell<Option<Vec<Event>>>,
    flush_scheduled: bool,
}

impl MarketActor {
    pub fn new(
        spec: MarketSpec,
        db: Store,
        feed: Box<dyn PriceFeed>,
        tick_every: Duration,
        lp: Option<LpConfig>,
        events: Option<Recipient<Event>>,
    ) -> MarketActor {
        let index = feed.current();
        MarketActor {
            spec,
            db,
            feed,
            tick_every,
            lp,
            live: None,
            index,
            index_at: 0,
            path: IndexHistory::default(),
            bars: HashMap::new(),
            day: VecDeque::new(),
            seq: 0,
            events,
            last_tick_at: 0,
            meter: None,
            marks: Default::default(),
            queue: Vec::new(),
            times: Arc::default(),
            held: Default::default(),
            last_depth: None,
            depth_due: false,
            flush_scheduled: false,
        }
    }

    /// Counts its ticks on the supervising handle's meter.
    pub fn with_meter(mut self, meter: Arc<Meter>) -> MarketActor {
        self.meter = Some(meter);
        self
    }

    /// Records its orders' stages in `times`.
    pub fn with_times(mut self, times: Arc<OrderTimes>) -> MarketActor {
        self.times = times;
        self
    }

    /// Tells `marks` (its contract and options actors) every new index.
    pub fn with_marks(mut self, marks: super::deriv::MarkSinks) -> MarketActor {
        self.marks = marks;
        self
    }

    /// Takes `price` as the index from now on: recorded in its path, with the
    /// time the ticker shows. Every change of the index goes through here.
    pub(crate) fn set_index(&mut self, price: i64) {
        self.index = price;
        self.index_at = now_ms();
        self.path.record(self.index_at, price);
    }

    /// Sends the index to the contract and options actors.
    pub(crate) fn push_mark(&self) {
        let sinks = self
            .marks
            .read()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        for s in sinks.iter() {
            s.mark(self.index);
        }
    }

    fn fees(&self) -> Fees {
        Fees {
            market: self.spec.id,
            base: self.spec.base,
            quote: self.spec.quote,
            maker_ppm: self.spec.maker_ppm,
            taker_ppm: self.spec.taker_ppm,
        }
    }
}

/// Where in its tick interval a market ticks, as a fraction in [0, 1): the
/// golden-ratio sequence, which spreads any number of markets evenly.
fn tick_phase(market_id: i64) -> f64 {
    (market_id as f64 * 0.618_033_988_749_895).fract().abs()
}

impl Actor for MarketActor {
    type Context = Context<Self>;

    fn started(&mut self, ctx: &mut Context<Self>) {
        ctx.set_mailbox_capacity(10_000);
        let fut = load(
            self.db.clone(),
            self.spec.clone(),
            self.lp.clone(),
            self.index,
        );
        ctx.wait(fut.into_actor(self).map(|res, act, ctx| match res {
            Ok(l) => {
                act.live = Some(l.live);
                act.bars = l.bars;
                act.day = l.day;
                if let Some(i) = l.index {
                    act.feed.resume(i);
                }
                // The price it resumes at (the last recorded close, else the
                // feed's start) is the index from now: its path begins here.
                act.set_index(l.index.unwrap_or(act.index));
                log::info!(
                    "{}: ready, {} open orders",
                    act.spec.symbol,
                    act.live.as_ref().map(|l| l.book.len()).unwrap_or(0)
                );
            }
            Err(e) => {
                log::error!("{}: cannot load: {e}", act.spec.symbol);
                ctx.stop();
            }
        }));
        // Runs between messages only: a snapshot never shows a batch in flight.
        ctx.run_interval(DEPTH_EVERY / 5, |act, _| act.flush_depth());
        let every = self.tick_every;
        if !every.is_zero() {
            // Markets tick at spread-out phases: ticked together, every market's
            // ticker and depth would reach every socket in one burst, and the
            // last socket of the burst would hear of the first market late.
            let phase = every.mul_f64(tick_phase(self.spec.id));
            ctx.run_later(phase, move |_act, ctx| {
                ctx.run_interval(every, move |_act, ctx| {
                    ctx.notify(Tick);
                });
            });
        }
    }
}

impl Handler<Place> for MarketActor {
    type Result = ResponseFuture<Result<Value, ProductError>>;

    /// Queues the order for the next batch; the answer comes after its commit.
    fn handle(&mut self, msg: Place, ctx: &mut Context<Self>) -> Self::Result {
        let (tx, rx) = tokio::sync::oneshot::channel();
        self.queue.push((msg, tx));
        if !self.flush_scheduled {
            // Runs once the mailbox is drained, so every order already waiting
            // joins this batch.
            self.flush_scheduled = true;
            ctx.notify(FlushOrders);
        }
        Box::pin(async move {
            rx.await
                .unwrap_or_else(|_| Err(ProductError::Internal("market stopped".into())))
        })
    }
}

/// Commit the queued orders (sent by the actor to itself).
#[derive(Message)]
#[rtype(result = "()")]
struct FlushOrders;

impl Handler<FlushOrders> for MarketActor {
    type Result = AtomicResponse<Self, ()>;

    fn handle(&mut self, _: FlushOrders, ctx: &mut Context<Self>) -> Self::Result {
        self.flush_scheduled = false;
        let take = self.queue.len().min(MAX_BATCH);
        let batch: Vec<Queued> = self.queue.drain(..take).collect();
        if !self.queue.is_empty() {
            self.flush_scheduled = true;
            ctx.notify(FlushOrders);
        }
        let Some(live) = self.live.take() else {
            for (_, answer) in batch {
                let _ = answer.send(Err(ProductError::Internal("market not ready".into())));
            }
            return AtomicResponse::new(Box::pin(actix::fut::ready(())));
        };
        let (msgs, answers): (Vec<Place>, Vec<_>) = batch.into_iter().unzip();
        let started = Instant::now();
        let sent: Vec<Instant> = msgs.iter().map(|m| m.sent).collect();
        for at in &sent {
            self.times
                .queue
                .record(started.saturating_duration_since(*at));
        }
        let fut = place_batch(
            self.db.clone(),
            self.spec.clone(),
            self.fees(),
            live,
            self.lp.as_ref().map(|l| l.user_id),
            msgs,
        );
        AtomicResponse::new(Box::pin(fut.into_actor(self).map(
            move |(live, results, times), act, _| {
                let back = Instant::now();
                act.live = Some(live);
                act.after_batch(&results);
                for (res, answer) in results.into_iter().zip(answers) {
                    let _ = answer.send(res.map(|out| out.reply));
                }
                let answered = Instant::now();
                let t = &act.times;
                t.record_batch(sent.len() as u64, &times);
                t.answer
                    .record_n(answered.duration_since(back), sent.len() as u64);
                for at in sent {
                    t.total.record(answered.saturating_duration_since(at));
                }
            },
        )))
    }
}

impl Handler<Cancel> for MarketActor {
    type Result = AtomicResponse<Self, Result<Value, ProductError>>;

    fn handle(&mut self, msg: Cancel, _: &mut Context<Self>) -> Self::Result {
        let Some(live) = self.live.take() else {
            return AtomicResponse::new(Box::pin(actix::fut::ready(Err(ProductError::Internal(
                "market not ready".into(),
            )))));
        };
        let fut = cancel(self.db.clone(), self.spec.clone(), live, msg);
        AtomicResponse::new(Box::pin(fut.into_actor(self).map(|(live, res), act, _| {
            act.live = Some(live);
            res.map(|out| {
                act.after_commit(&out);
                out.reply
            })
        })))
    }
}

impl Handler<Tick> for MarketActor {
    type Result = AtomicResponse<Self, ()>;

    fn handle(&mut self, _: Tick, _: &mut Context<Self>) -> Self::Result {
        let next = self.feed.next_price();
        self.set_index(next);
        self.last_tick_at = self.index_at;
        if let Some(m) = &self.meter {
            m.seen();
        }
        // Contracts and options look at the new mark in their own actors.
        self.push_mark();
        self.observe(self.index, 0, 0, now_ms());
        let ticker = self.ticker();
        self.publish(Event::Broadcast {
            event: "daymarket",
            payload: ticker,
        });
        for p in PERIODS {
            if let Some(b) = self.bars.get(&p) {
                self.publish(Event::Channel {
                    channel: "kline",
                    topic: self.spec.symbol.clone(),
                    variant: Some(p.name()),
                    event: "kline",
                    payload: kline_json(&self.spec.symbol, p, b),
                });
            }
        }
        let bars: Vec<(Period, Bar)> = self.bars.iter().map(|(p, b)| (*p, *b)).collect();
        // The book leaves the actor only for a provider's re-quote.
        let requoting = match &self.lp {
            Some(lp) => self.live.take().map(|live| (live, lp.clone())),
            None => None,
        };
        let Some((live, lp)) = requoting else {
            // No provider: only the bars need saving.
            let db = self.db.clone();
            let (id, symbol) = (self.spec.id, self.spec.symbol.clone());
            return AtomicResponse::new(Box::pin(
                async move {
                    if let Err(e) = save_bars_alone(&db, id, &bars).await {
                        // The bars live on in memory and the next tick saves them again.
                        log::warn!("{symbol}: K-lines not saved: {e}");
                    }
                }
                .into_actor(self),
            ));
        };
        let fut = requote(
            self.db.clone(),
            self.spec.clone(),
            self.fees(),
            live,
            lp,
            self.index,
            bars,
        );
        AtomicResponse::new(Box::pin(fut.into_actor(self).map(|(live, out), act, _| {
            act.live = Some(live);
            if let Some(out) = out {
                act.after_commit(&out);
            }
        })))
    }
}

impl Handler<Snapshot> for MarketActor {
    type Result = MessageResult<Snapshot>;

    fn handle(&mut self, _: Snapshot, _: &mut Context<Self>) -> Self::Result {
        let mut t = self.ticker();
        t["depth"] = self.depth_json(20);
        MessageResult(t)
    }
}

impl Handler<GetIndexPath> for MarketActor {
    type Result = MessageResult<GetIndexPath>;

    fn handle(&mut self, m: GetIndexPath, _: &mut Context<Self>) -> Self::Result {
        let time = now_ms();
        MessageResult(IndexPath {
            time,
            points: self.path.last(m.seconds, time),
        })
    }
}

impl Handler<Checks> for MarketActor {
    type Result = MessageResult<Checks>;

    fn handle(&mut self, _: Checks, _: &mut Context<Self>) -> Self::Result {
        // Details are values (counts, prices) or a word the health screen
        // translates (`not_loaded`), never sentences.
        let mut checks = vec![match &self.live {
            Some(l) => Check::ok("open_orders", l.book.len().to_string()),
            None => Check::fail("open_orders", "not_loaded"),
        }];
        if !self.tick_every.is_zero() {
            // The index moves every tick; a market several ticks late is stuck
            // behind something (a slow commit, a full mailbox).
            let age = now_ms().saturating_sub(self.last_tick_at);
            let late = self.tick_every.as_millis() as i64 * 5;
            let status = if self.last_tick_at == 0 || age <= late {
                Status::Ok
            } else {
                Status::Warn
            };
            checks.push(Check::new("index", status, units(self.index)));
        }
        MessageResult(checks)
    }
}

#[cfg(feature = "fault-injection")]
impl Handler<Crash> for MarketActor {
    type Result = ();

    fn handle(&mut self, _: Crash, _: &mut Context<Self>) {
        panic!("{}: crash asked for by a test", self.spec.symbol);
    }
}
