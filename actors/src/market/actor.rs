//! `MarketActor`: one per market. It owns the order book, the index price, the
//! forming K-line bars and the liquidity provider's quotes, and handles one
//! message at a time (atomic handlers: the next message waits for the database).
//! Every change that moves money (a placement with its fills, a cancel, a
//! re-quote that trades) commits in one transaction before the caller or any
//! socket hears of it. On start the book is rebuilt from the open orders.

use super::book::{
    notional_checked, notional_floor, BookError, Kind, NewOrder, OrderBook, Placed, Resting, Side,
};
use super::feed::PriceFeed;
use super::kline::{Bar, Period, PERIODS};
use super::settle::{fill_postings, Fees};
use crate::ledger::{self, account, Bucket, Operation, PostError, Posting};
use crate::runtime::{Channel, Check, Checks, Event, Meter, Status};
use crate::sql::{Arg, Db, Params, Store};
use actix::prelude::*;
use serde_json::{json, Value};
use sqlx::{AnyConnection, AnyPool};
use std::collections::{BTreeMap, HashMap, HashSet, VecDeque};
use std::sync::Arc;
use std::time::Duration;

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

/// Why an order or cancel was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MarketError {
    Book(BookError),
    /// Refused input, with the message key the user sees.
    Invalid(&'static str),
    Insufficient,
    /// A market buy spending less than the least it could buy now, in quote units.
    BelowMinimum {
        min: i64,
    },
    NotFound,
    Internal(String),
}

impl From<sqlx::Error> for MarketError {
    fn from(e: sqlx::Error) -> Self {
        MarketError::Internal(e.to_string())
    }
}

/// Place an order for a user.
#[derive(Message)]
#[rtype(result = "Result<Value, MarketError>")]
pub struct Place {
    pub user_id: i64,
    pub side: Side,
    pub kind: Kind,
}

/// Cancel a user's own open order.
#[derive(Message)]
#[rtype(result = "Result<Value, MarketError>")]
pub struct Cancel {
    pub user_id: i64,
    pub order_id: i64,
}

/// The ticker row and the top of the book, for HTTP reads.
#[derive(Message)]
#[rtype(result = "Value")]
pub struct Snapshot;

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
struct Live {
    book: OrderBook,
    /// The provider's available (base, quote), as the ledger holds it.
    lp_funds: (i64, i64),
    lp_orders: Vec<i64>,
    next_lp_id: i64,
}

pub struct MarketActor {
    pub(crate) spec: MarketSpec,
    pub(crate) db: Store,
    pub(crate) feed: Box<dyn PriceFeed>,
    pub(crate) tick_every: Duration,
    pub(crate) lp: Option<LpConfig>,
    live: Option<Live>,
    pub(crate) index: i64,
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
    /// When the last depth snapshot went out, and whether a newer one is due.
    last_depth: Option<std::time::Instant>,
    depth_due: bool,
    /// Events held back while a batch's are gathered (see `publish_together`).
    held: std::cell::RefCell<Option<Vec<Event>>>,
    flush_scheduled: bool,
}

pub use crate::runtime::clock::now_ms;

/// Units as a decimal string.
pub fn units(u: i64) -> String {
    crate::money::from_units(u).normalize().to_string()
}

fn side_code(s: Side) -> i64 {
    match s {
        Side::Buy => 1,
        Side::Sell => 2,
    }
}

fn code_side(c: i64) -> Side {
    if c == 1 {
        Side::Buy
    } else {
        Side::Sell
    }
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
            bars: HashMap::new(),
            day: VecDeque::new(),
            seq: 0,
            events,
            last_tick_at: 0,
            meter: None,
            marks: Default::default(),
            queue: Vec::new(),
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

    /// Tells `marks` (its contract and options actors) every new index.
    pub fn with_marks(mut self, marks: super::deriv::MarkSinks) -> MarketActor {
        self.marks = marks;
        self
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

    pub(crate) fn publish(&self, e: Event) {
        if let Some(held) = self.held.borrow_mut().as_mut() {
            held.push(e);
            return;
        }
        if let Some(r) = &self.events {
            r.do_send(e);
        }
    }

    /// Runs `f` with every event it publishes held back, then sends them as one.
    fn publish_together(&mut self, f: impl FnOnce(&mut Self)) {
        *self.held.borrow_mut() = Some(Vec::new());
        f(self);
        let held = self.held.borrow_mut().take().unwrap_or_default();
        if !held.is_empty() {
            self.publish(Event::Many(held));
        }
    }

    fn fees(&self) -> Fees {
        Fees {
            base: self.spec.base,
            quote: self.spec.quote,
            maker_ppm: self.spec.maker_ppm,
            taker_ppm: self.spec.taker_ppm,
        }
    }

    /// The ticker row in the shape of the quotation list.
    pub fn ticker(&self) -> Value {
        let open = self.day.front().map(|b| b.open).unwrap_or(self.index);
        let high = self
            .day
            .iter()
            .map(|b| b.high)
            .max()
            .unwrap_or(self.index)
            .max(self.index);
        let low = self
            .day
            .iter()
            .map(|b| b.low)
            .min()
            .unwrap_or(self.index)
            .min(self.index);
        let volume: i64 = self.day.iter().map(|b| b.volume).sum();
        let amount: i64 = self.day.iter().map(|b| b.amount).sum();
        let change = if open > 0 {
            let pct = crate::money::from_units(self.index - open)
                * rust_decimal::Decimal::from(100)
                / crate::money::from_units(open);
            let pct = pct.round_dp(2);
            if pct > rust_decimal::Decimal::ZERO {
                format!("+{pct:.2}")
            } else {
                format!("{pct:.2}")
            }
        } else {
            "0.00".into()
        };
        let s = &self.spec;
        json!({
            "match_id": s.id, "currency_id": s.base, "legal_id": s.quote, "symbol": s.symbol,
            "currency_name": s.base_name, "legal_name": s.quote_name,
            "now_price": units(self.index), "change": change, "volume": units(volume),
            "amount": units(amount), "high": units(high), "low": units(low), "logo": s.logo,
            "market_type": s.kind, "open_transaction": true, "open_lever": s.open_lever,
            "open_microtrade": s.open_microtrade,
            "tick": units(s.tick), "lot": units(s.lot), "min_qty": units(s.min_qty),
        })
    }

    fn depth_json(&self, depth: usize) -> Value {
        let Some(live) = &self.live else {
            return json!({});
        };
        let fmt = |v: Vec<(i64, i64)>| {
            v.into_iter()
                .map(|(p, q)| json!([units(p), units(q)]))
                .collect::<Vec<_>>()
        };
        json!({
            "symbol": self.spec.symbol,
            "bids": fmt(live.book.depth(Side::Buy, depth)),
            "asks": fmt(live.book.depth(Side::Sell, depth)),
            "seq": self.seq,
            // When the snapshot was taken (ms): clients can see how fresh it is.
            "ts": now_ms(),
        })
    }

    /// Publishes the book's depth, at most once per [`DEPTH_EVERY`]: a change
    /// within that time of the last snapshot is sent by `flush_depth` when the
    /// time is up, as one snapshot of everything that changed meanwhile. A book
    /// that moves with every order would otherwise send every subscriber a
    /// snapshot per order, more than a screen can show or a phone should parse.
    fn publish_depth(&mut self) {
        if self.live.is_none() || self.last_depth.is_some_and(|t| t.elapsed() < DEPTH_EVERY) {
            self.depth_due = true;
            return;
        }
        self.depth_due = false;
        self.last_depth = Some(std::time::Instant::now());
        self.seq += 1;
        let payload = self.depth_json(20);
        self.publish(Event::Channel {
            channel: "depth",
            topic: self.spec.symbol.clone(),
            variant: None,
            event: "market_depth",
            payload,
        });
    }

    /// Sends a snapshot held back by `publish_depth` once it may go.
    fn flush_depth(&mut self) {
        if self.depth_due {
            self.publish_depth();
        }
    }

    /// Applies a trade or an index observation to every forming bar.
    fn observe(&mut self, price: i64, volume: i64, amount: i64, at: i64) {
        for p in PERIODS {
            let open = p.open_time(at);
            let bar = self.bars.entry(p).or_insert_with(|| Bar::new(open, price));
            if bar.open_time != open {
                let prev_close = bar.close;
                *bar = Bar::new(open, prev_close);
            }
            bar.update(price, volume, amount);
            if p == Period::M1 {
                let b = *bar;
                match self.day.back_mut() {
                    Some(last) if last.open_time == b.open_time => *last = b,
                    _ => self.day.push_back(b),
                }
                while self
                    .day
                    .front()
                    .is_some_and(|f| f.open_time <= at - 86_400_000)
                {
                    self.day.pop_front();
                }
            }
        }
    }

    /// Publishes a committed batch of orders: each order's events, and the depth once.
    fn after_batch(&mut self, results: &[Result<Outcome, MarketError>]) {
        let outs: Vec<&Outcome> = results.iter().flatten().collect();
        self.publish_together(|act| {
            act.publish_fills(&outs);
            if outs.iter().any(|o| o.book_changed) {
                act.publish_depth();
            }
        });
    }

    /// Publishes what one committed change (a cancel, a re-quote) did.
    fn after_commit(&mut self, out: &Outcome) {
        self.publish_fills(&[out]);
        if out.book_changed {
            self.publish_depth();
        }
    }

    /// Trades, bar updates and the owners' order and balance events. An order
    /// several of the outcomes touched (a resting order that two takers of one
    /// batch filled) goes out once, as the last of them left it, and each
    /// owner gets one balance event: a phone told twice would only fetch twice.
    fn publish_fills(&mut self, outs: &[&Outcome]) {
        let at = now_ms();
        for t in outs.iter().flat_map(|o| &o.trades) {
            self.observe(t.price, t.qty, notional_floor(t.price, t.qty), at);
            self.seq += 1;
            let payload = super::trades::trade_view(
                &self.spec.symbol,
                t.price,
                t.qty,
                t.taker_side,
                t.at,
                t.key,
                self.seq,
            );
            self.publish(Event::Channel {
                channel: "trade",
                topic: self.spec.symbol.clone(),
                variant: None,
                event: "market_trade",
                payload,
            });
        }
        let mut seen = HashSet::new();
        let mut latest: Vec<&(i64, Value)> = outs
            .iter()
            .rev()
            .flat_map(|o| o.orders.iter().rev())
            .filter(|(_, order)| order["id"].as_i64().is_none_or(|id| seen.insert(id)))
            .collect();
        latest.reverse();
        let mut told = HashSet::new();
        let mut owners = Vec::new();
        for (user_id, order) in latest {
            self.publish(Event::Private {
                user_id: *user_id,
                event: "order",
                payload: order.clone(),
            });
            if told.insert(*user_id) {
                owners.push(*user_id);
            }
        }
        for user_id in owners {
            self.publish(Event::Private {
                user_id,
                event: "balance",
                payload: json!({"currencies": [self.spec.base, self.spec.quote]}),
            });
        }
    }
}

/// What one committed batch did.
#[derive(Default)]
struct Outcome {
    trades: Vec<TradeRow>,
    /// Users' orders as they now stand.
    orders: Vec<(i64, Value)>,
    book_changed: bool,
    reply: Value,
}

#[derive(Clone, Copy)]
struct TradeRow {
    price: i64,
    qty: i64,
    taker_side: Side,
    /// When it was recorded (the row's `created_at`), and its taker and maker orders.
    at: i64,
    key: (i64, i64),
}

/// An order row as the app shows it.
pub async fn order_json(
    conn: &mut AnyConnection,
    id: i64,
    spec_symbol: &str,
) -> Result<Value, sqlx::Error> {
    let r: (i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64) = sqlx::query_as(
        "SELECT id, user_id, side, order_type, price, qty, budget, filled_qty, filled_quote, fee, status, created_at FROM orders WHERE id = $1",
    )
    .bind(id)
    .fetch_one(conn)
    .await?;
    Ok(order_value(r, spec_symbol))
}

pub type OrderRow = (i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64);

/// Several order rows as the app shows them, by id, in one query per chunk.
async fn order_rows(
    conn: &mut Db<'_>,
    ids: &[i64],
    symbol: &str,
) -> Result<HashMap<i64, Value>, sqlx::Error> {
    let params = conn.params();
    let mut rows = HashMap::with_capacity(ids.len());
    for chunk in ids.chunks(crate::sql::CHUNK) {
        let sql = format!(
            "SELECT id, user_id, side, order_type, price, qty, budget, filled_qty, filled_quote, fee, status, created_at FROM orders WHERE id IN ({})",
            params.list(1, chunk.len())
        );
        let args: Vec<Arg> = chunk.iter().map(|id| Arg::Int(*id)).collect();
        for [id, user, side, kind, price, qty, budget, filled, quote, fee, status, at] in
            conn.rows::<12>(&sql, &args).await?
        {
            let r = (
                id, user, side, kind, price, qty, budget, filled, quote, fee, status, at,
            );
            rows.insert(id, order_value(r, symbol));
        }
    }
    Ok(rows)
}

pub fn order_value(r: OrderRow, symbol: &str) -> Value {
    let (
        id,
        user_id,
        side,
        order_type,
        price,
        qty,
        budget,
        filled_qty,
        filled_quote,
        fee,
        status,
        created_at,
    ) = r;
    let avg = if filled_qty > 0 {
        units(((filled_quote as i128 * super::book::SCALE) / filled_qty as i128) as i64)
    } else {
        "0".into()
    };
    json!({
        "id": id, "user_id": user_id, "symbol": symbol, "type": side, "order_type": order_type,
        "target_price": units(price), "amount": units(qty), "budget": units(budget),
        "deal_amount": units(filled_qty), "deal_money": units(filled_quote), "avg_price": avg,
        "fee": units(fee), "status": status, "created_at": created_at,
    })
}

/// Fills waiting to be written: one placement's, or one re-quote's.
struct Match {
    placed: Placed,
    /// The incoming user order, if it was one: (id, owner, is a market buy).
    taker: Option<(i64, i64, bool)>,
    /// The idempotency key of its ledger operation.
    key: String,
}

/// What a set of matches does to one user order.
struct OrderDelta {
    qty: i64,
    quote: i64,
    fee: i64,
    spent: i64,
    /// The status it ends with (1 filled, 2 cancelled), or -1 while it rests.
    status: i64,
    /// The match that ended it: its leftover is released in that operation.
    ended_in: usize,
    owner: i64,
}

/// The status a user's incoming order ends its placement with.
fn taker_status(placed: &Placed, is_market_buy: bool) -> i64 {
    if placed.rested > 0 {
        0
    } else if is_market_buy {
        if placed.fills.is_empty() {
            2
        } else {
            1
        }
    } else if placed.stopped.is_some() {
        2
    } else {
        1
    }
}

/// Writes the fills of `items` inside `tx` with a handful of statements whatever
/// their number: the trades in one insert, every order they touch in one
/// update, the leftovers of ended orders in another, one ledger operation per
/// item in one ledger write, and the touched orders read back in one query.
/// Answers each item's outcome, in order, and the provider's legs.
async fn settle_many(
    tx: &mut Db<'_>,
    spec: &MarketSpec,
    fees: &Fees,
    lp_user: Option<i64>,
    items: &[Match],
) -> Result<(Vec<Outcome>, Vec<(i64, crate::market::settle::Leg)>), MarketError> {
    let now = now_ms();
    let params = tx.params();
    let is_lp = |u: i64| Some(u) == lp_user;
    // Each item's outcome and the orders it touched (order, owner).
    let mut outs: Vec<(Outcome, Vec<(i64, i64)>)> = Vec::with_capacity(items.len());
    let mut postings: Vec<Vec<Posting>> = Vec::with_capacity(items.len());
    let mut lp_legs = Vec::new();
    let mut fills = Vec::new();
    // Key order: the same row order for every writer.
    let mut deltas: BTreeMap<i64, OrderDelta> = BTreeMap::new();
    fn delta(deltas: &mut BTreeMap<i64, OrderDelta>, order: i64, owner: i64) -> &mut OrderDelta {
        deltas.entry(order).or_insert(OrderDelta {
            qty: 0,
            quote: 0,
            fee: 0,
            spent: 0,
            status: -1,
            ended_in: 0,
            owner,
        })
    }
    for (i, m) in items.iter().enumerate() {
        let mut out = Outcome {
            book_changed: true,
            ..Outcome::default()
        };
        let mut p = Vec::new();
        let mut touched: Vec<(i64, i64)> = Vec::new();
        let mut touch = |order: i64, owner: i64| {
            if !touched.iter().any(|(o, _)| *o == order) {
                touched.push((order, owner));
            }
        };
        for f in &m.placed.fills {
            let bucket = |owner| {
                if is_lp(owner) {
                    Bucket::Available
                } else {
                    Bucket::Frozen
                }
            };
            let (maker_leg, taker_leg, fp) =
                fill_postings(fees, f, bucket(f.maker_owner), bucket(f.taker_owner));
            p.extend(fp);
            fills.push(f);
            out.trades.push(TradeRow {
                price: f.price,
                qty: f.qty,
                taker_side: f.taker_side,
                at: now,
                key: (f.taker, f.maker),
            });
            let quote = notional_floor(f.price, f.qty);
            for (order, owner, leg, done, side) in [
                (
                    f.maker,
                    f.maker_owner,
                    maker_leg,
                    f.maker_done,
                    f.taker_side.opposite(),
                ),
                (f.taker, f.taker_owner, taker_leg, false, f.taker_side),
            ] {
                if is_lp(owner) {
                    lp_legs.push((side_code(side), leg));
                    continue;
                }
                let d = delta(&mut deltas, order, owner);
                d.qty += f.qty;
                d.quote += quote;
                d.fee += leg.fee;
                d.spent += leg.spent;
                if done {
                    d.status = 1;
                    d.ended_in = i;
                }
                touch(order, owner);
            }
        }
        if let Some((taker_id, owner, is_market_buy)) = m.taker {
            let status = taker_status(&m.placed, is_market_buy);
            let d = delta(&mut deltas, taker_id, owner);
            if status != 0 {
                d.status = status;
                d.ended_in = i;
            }
            touch(taker_id, owner);
        }
        outs.push((out, touched));
        postings.push(p);
    }
    for chunk in fills.chunks(crate::sql::CHUNK) {
        let sql = params.rows(
            "INSERT INTO trades (market, price, qty, taker_side, maker_order, taker_order, maker_user, taker_user, created_at) VALUES ",
            chunk.len(),
            9,
            "",
            false,
        );
        let mut args: Vec<Arg> = Vec::with_capacity(chunk.len() * 9);
        for f in chunk {
            args.extend(
                [
                    spec.id,
                    f.price,
                    f.qty,
                    side_code(f.taker_side),
                    f.maker,
                    f.taker,
                    f.maker_owner,
                    f.taker_owner,
                    now,
                ]
                .map(Arg::Int),
            );
        }
        tx.execute(&sql, &args).await?;
    }
    let rows: Vec<(&i64, &OrderDelta)> = deltas.iter().collect();
    let mut released = Vec::new();
    for chunk in rows.chunks(crate::sql::CHUNK) {
        let sql = params.rows(
            "UPDATE orders SET filled_qty = filled_qty + v.column2, filled_quote = filled_quote + v.column3,
             fee = fee + v.column4, frozen_left = frozen_left - v.column5,
             status = CASE WHEN v.column6 >= 0 THEN v.column6 ELSE status END, updated_at = v.column7
             FROM (VALUES ",
            chunk.len(),
            7,
            ") AS v WHERE id = v.column1 RETURNING id, frozen_left, side",
            true,
        );
        let mut args: Vec<Arg> = Vec::with_capacity(chunk.len() * 7);
        for (id, d) in chunk {
            args.extend([**id, d.qty, d.quote, d.fee, d.spent, d.status, now].map(Arg::Int));
        }
        let back = tx.rows::<3>(&sql, &args).await?;
        if back.len() != chunk.len() {
            return Err(MarketError::Internal("a matched order has no row".into()));
        }
        for [id, left, side] in back {
            let d = &deltas[&id];
            if d.status > 0 && left > 0 {
                postings[d.ended_in].extend(release_postings(spec, d.owner, code_side(side), left));
                released.push(id);
            }
        }
    }
    for chunk in released.chunks(crate::sql::CHUNK) {
        let sql = format!(
            "UPDATE orders SET frozen_left = 0 WHERE id IN ({})",
            params.list(1, chunk.len())
        );
        let args: Vec<Arg> = chunk.iter().map(|id| Arg::Int(*id)).collect();
        tx.execute(&sql, &args).await?;
    }
    let ops: Vec<Operation> = items
        .iter()
        .zip(postings)
        .filter(|(_, p)| !p.is_empty())
        .map(|(m, p)| Operation {
            key: m.key.clone(),
            reason: "trade".into(),
            ref_type: "market".into(),
            ref_id: spec.id,
            postings: p,
        })
        .collect();
    if !ops.is_empty() {
        ledger::post_all(tx, &ops).await.map_err(|e| match e {
            PostError::Ledger(ledger::LedgerError::Insufficient { .. }) => {
                MarketError::Insufficient
            }
            other => MarketError::Internal(format!("{other:?}")),
        })?;
    }
    let ids: Vec<i64> = deltas.keys().copied().collect();
    let rows = order_rows(tx, &ids, &spec.symbol).await?;
    let row = |id: i64| rows.get(&id).cloned().unwrap_or(Value::Null);
    let outs = outs
        .into_iter()
        .zip(items)
        .map(|((mut out, touched), m)| {
            out.orders = touched
                .into_iter()
                .map(|(id, owner)| (owner, row(id)))
                .collect();
            if let Some((taker_id, _, _)) = m.taker {
                out.reply = row(taker_id);
            }
            out
        })
        .collect();
    Ok((outs, lp_legs))
}

/// The postings that release what an ended order still holds frozen.
fn release_postings(spec: &MarketSpec, owner: i64, side: Side, left: i64) -> [Posting; 2] {
    let coin = if side == Side::Buy {
        spec.quote
    } else {
        spec.base
    };
    [
        Posting::user(owner, account::CHANGE, coin, Bucket::Frozen, -left),
        Posting::user(owner, account::CHANGE, coin, Bucket::Available, left),
    ]
}

/// Releases what an ended order still holds frozen.
async fn release(
    tx: &mut AnyConnection,
    postings: &mut Vec<Posting>,
    spec: &MarketSpec,
    order: i64,
    owner: i64,
    side: Side,
    left: i64,
) -> Result<(), sqlx::Error> {
    if left <= 0 {
        return Ok(());
    }
    postings.extend(release_postings(spec, owner, side, left));
    sqlx::query("UPDATE orders SET frozen_left = 0 WHERE id = $1")
        .bind(order)
        .execute(tx)
        .await?;
    Ok(())
}

fn apply_lp_legs(live: &mut Live, legs: &[(i64, crate::market::settle::Leg)]) {
    for (side, leg) in legs {
        if *side == 1 {
            live.lp_funds.1 -= leg.spent;
            live.lp_funds.0 += leg.received;
        } else {
            live.lp_funds.0 -= leg.spent;
            live.lp_funds.1 += leg.received;
        }
    }
}

/// Rebuilds the live state from the database (start, or after a failed commit).
async fn load_live(
    db: &AnyPool,
    spec: &MarketSpec,
    lp_user: Option<i64>,
) -> Result<Live, sqlx::Error> {
    let mut live = Live {
        book: OrderBook::new(spec.tick, spec.lot, spec.min_qty),
        next_lp_id: -1,
        ..Live::default()
    };
    let rows: Vec<(i64, i64, i64, i64, i64, i64)> = sqlx::query_as(
        "SELECT id, user_id, side, price, qty, filled_qty FROM orders WHERE market = $1 AND status = 0 AND order_type = 0 ORDER BY id",
    )
    .bind(spec.id)
    .fetch_all(db)
    .await?;
    for (id, user, side, price, qty, filled) in rows {
        let r = Resting {
            id,
            owner: user,
            side: code_side(side),
            price,
            remaining: qty - filled,
        };
        if let Err(e) = live.book.restore(r) {
            log::error!("{}: open order {id} cannot rest ({e:?})", spec.symbol);
        }
    }
    if let Some(lp_user) = lp_user {
        let (b, _) = ledger::balance(db, lp_user, spec.base, account::CHANGE)
            .await
            .unwrap_or((0, 0));
        let (q, _) = ledger::balance(db, lp_user, spec.quote, account::CHANGE)
            .await
            .unwrap_or((0, 0));
        live.lp_funds = (b, q);
    }
    Ok(live)
}

/// The shortest time between two depth snapshots of one market.
const DEPTH_EVERY: Duration = Duration::from_millis(100);

/// The longest run of orders committed together; more wait for the next batch.
const MAX_BATCH: usize = 512;

/// An order waiting for its batch, with where its answer goes.
type Queued = (
    Place,
    tokio::sync::oneshot::Sender<Result<Value, MarketError>>,
);

/// Places a batch of orders in sequence and commits them in one transaction
/// (group commit): the commit, not matching, is what an order costs, so orders
/// that arrive while one batch is written share the next commit. An order the
/// ledger refuses is answered on its own, with nothing of it written; any other
/// failure rolls the whole batch back, reloads the book from the database and
/// answers every order of the batch with the error (none was acknowledged).
async fn place_batch(
    db: Store,
    spec: MarketSpec,
    fees: Fees,
    mut live: Live,
    lp_user: Option<i64>,
    msgs: Vec<Place>,
) -> (Live, Vec<Result<Outcome, MarketError>>) {
    let mut legs = Vec::new();
    let run: Result<Vec<Result<Outcome, MarketError>>, MarketError> = async {
        let mut tx = db.begin().await?;
        let ctx = BatchCtx {
            spec: &spec,
            fees: &fees,
            lp_user,
        };
        let results = match place_together(&mut tx.db(), &ctx, &mut live, &msgs, &mut legs).await? {
            Some(results) => results,
            None => {
                // Someone's order is not covered: place one by one, so each
                // order is funded or refused exactly as if it came alone.
                tx.rollback().await?;
                tx = db.begin().await?;
                let mut results = Vec::with_capacity(msgs.len());
                for msg in &msgs {
                    results.push(place_one(&mut tx.db(), &ctx, &mut live, msg, &mut legs).await?);
                }
                results
            }
        };
        tx.commit().await?;
        Ok(results)
    }
    .await;
    match run {
        Ok(results) => {
            apply_lp_legs(&mut live, &legs);
            (live, results)
        }
        Err(e) => {
            // The book moved but the database did not: rebuild from the truth.
            log::error!(
                "{}: a batch of {} orders was not committed: {e:?}; reloading the book",
                spec.symbol,
                msgs.len()
            );
            let live = reload(&db, &spec, lp_user, live).await;
            (live, msgs.iter().map(|_| Err(e.clone())).collect())
        }
    }
}

/// The book and provider state as the database holds them, after a failed commit.
async fn reload(db: &AnyPool, spec: &MarketSpec, lp_user: Option<i64>, stale: Live) -> Live {
    match load_live(db, spec, lp_user).await {
        Ok(fresh) => fresh,
        Err(e) => {
            log::error!("{}: reload failed: {e}", spec.symbol);
            stale
        }
    }
}

/// What every order of a batch shares.
struct BatchCtx<'a> {
    spec: &'a MarketSpec,
    fees: &'a Fees,
    lp_user: Option<i64>,
}

/// An order that passed the book's rules, with the row it becomes and what it
/// freezes.
struct Prepared {
    coin: i64,
    freeze: i64,
    price: i64,
    qty: i64,
    budget: i64,
    order_type: i64,
}

fn prepare(book: &OrderBook, spec: &MarketSpec, msg: &Place) -> Result<Prepared, MarketError> {
    book.validate(&msg.kind).map_err(MarketError::Book)?;
    can_fill(book, &msg.kind)?;
    let (coin, freeze, price, qty, budget, order_type) = match (msg.side, msg.kind) {
        (Side::Buy, Kind::Limit { price, qty }) => {
            let cost =
                notional_checked(price, qty).ok_or(MarketError::Invalid("err_amount_too_large"))?;
            (spec.quote, cost, price, qty, 0, 0)
        }
        (Side::Sell, Kind::Limit { price, qty }) => (spec.base, qty, price, qty, 0, 0),
        (Side::Buy, Kind::MarketBuy { quote }) => (spec.quote, quote, 0, 0, quote, 1),
        (Side::Sell, Kind::MarketSell { qty }) => (spec.base, qty, 0, qty, 0, 1),
        _ => return Err(MarketError::Book(BookError::Lot)),
    };
    if freeze <= 0 {
        return Err(MarketError::Book(BookError::Lot));
    }
    Ok(Prepared {
        coin,
        freeze,
        price,
        qty,
        budget,
        order_type,
    })
}

/// The ledger operation that moves an order's funds from available to frozen.
/// A market order is refused, with nothing written, when it could not fill at
/// all: no offer on the other side, or (a buy) a budget below the minimum
/// amount at the best offer. Placing it would only end cancelled, unfilled.
fn can_fill(book: &OrderBook, kind: &Kind) -> Result<(), MarketError> {
    match *kind {
        Kind::MarketBuy { quote } => {
            let ask = book
                .best_ask()
                .ok_or(MarketError::Invalid("err_no_liquidity"))?;
            let min = super::book::notional_ceil(ask, book.min_qty.max(book.lot));
            if quote < min {
                return Err(MarketError::BelowMinimum { min });
            }
        }
        Kind::MarketSell { .. } if book.best_bid().is_none() => {
            return Err(MarketError::Invalid("err_no_liquidity"));
        }
        _ => {}
    }
    Ok(())
}

fn freeze_op(id: i64, user_id: i64, p: &Prepared) -> Operation {
    Operation {
        key: format!("order:{id}:freeze"),
        reason: "order_freeze".into(),
        ref_type: "order".into(),
        ref_id: id,
        postings: vec![
            Posting::user(
                user_id,
                account::CHANGE,
                p.coin,
                Bucket::Available,
                -p.freeze,
            ),
            Posting::user(user_id, account::CHANGE, p.coin, Bucket::Frozen, p.freeze),
        ],
    }
}

/// Inserts the orders' rows in one statement per chunk and answers their ids in
/// the order given.
async fn insert_orders(
    tx: &mut Db<'_>,
    spec: &MarketSpec,
    orders: &[(&Place, &Prepared)],
    now: i64,
) -> Result<Vec<i64>, sqlx::Error> {
    let mut ids = Vec::with_capacity(orders.len());
    let params = tx.params();
    for chunk in orders.chunks(crate::sql::CHUNK) {
        let sql = params.rows(
            "INSERT INTO orders (user_id, market, side, order_type, price, qty, budget, frozen_left, created_at, updated_at) VALUES ",
            chunk.len(),
            10,
            "",
            false,
        );
        let mut args: Vec<Arg> = Vec::with_capacity(chunk.len() * 10);
        for (msg, p) in chunk {
            args.extend(
                [
                    msg.user_id,
                    spec.id,
                    side_code(msg.side),
                    p.order_type,
                    p.price,
                    p.qty,
                    p.budget,
                    p.freeze,
                    now,
                    now,
                ]
                .map(Arg::Int),
            );
        }
        ids.extend(tx.insert(&sql, &args, chunk.len()).await?);
    }
    Ok(ids)
}

/// The whole batch in a handful of statements: every order row in one insert,
/// every freeze through one ledger write, matching in arrival order, then every
/// fill through one settlement. Freezing all first is the same as freezing each
/// before its own match as long as every freeze is covered (fills only ever add
/// to what a user has available), so when one is not this writes nothing and
/// answers `None`, and the batch is placed one by one instead.
async fn place_together(
    tx: &mut Db<'_>,
    ctx: &BatchCtx<'_>,
    live: &mut Live,
    msgs: &[Place],
    lp_legs: &mut Vec<(i64, crate::market::settle::Leg)>,
) -> Result<Option<Vec<Result<Outcome, MarketError>>>, MarketError> {
    let prepared: Vec<Result<Prepared, MarketError>> = msgs
        .iter()
        .map(|m| prepare(&live.book, ctx.spec, m))
        .collect();
    let valid: Vec<(&Place, &Prepared)> = msgs
        .iter()
        .zip(&prepared)
        .filter_map(|(m, p)| p.as_ref().ok().map(|p| (m, p)))
        .collect();
    let now = now_ms();
    let ids = if valid.is_empty() {
        Vec::new()
    } else {
        let ids = insert_orders(tx, ctx.spec, &valid, now).await?;
        let ops: Vec<Operation> = valid
            .iter()
            .zip(&ids)
            .map(|((m, p), id)| freeze_op(*id, m.user_id, p))
            .collect();
        match ledger::post_all(tx, &ops).await {
            Ok(_) => {}
            Err(PostError::Ledger(ledger::LedgerError::Insufficient { .. })) => return Ok(None),
            Err(other) => return Err(MarketError::Internal(format!("{other:?}"))),
        }
        ids
    };
    // Each order's answer, or where its fills wait among `matches`.
    enum Slot {
        Answered(Result<Outcome, MarketError>),
        Settling(usize),
    }
    let mut slots = Vec::with_capacity(msgs.len());
    let mut matches = Vec::new();
    let mut ids = ids.into_iter();
    for (msg, p) in msgs.iter().zip(prepared) {
        slots.push(match p {
            Err(e) => Slot::Answered(Err(e)),
            Ok(p) => {
                let id = ids
                    .next()
                    .ok_or_else(|| MarketError::Internal("order ids".into()))?;
                match place_on_book(ctx.spec, live, msg, &p, id, now)? {
                    Placement::Rested(out) => Slot::Answered(Ok(out)),
                    Placement::Matched(m) => {
                        matches.push(m);
                        Slot::Settling(matches.len() - 1)
                    }
                }
            }
        });
    }
    let mut settled: Vec<Option<Outcome>> = if matches.is_empty() {
        Vec::new()
    } else {
        let (outs, legs) = settle_many(tx, ctx.spec, ctx.fees, ctx.lp_user, &matches).await?;
        lp_legs.extend(legs);
        outs.into_iter().map(Some).collect()
    };
    let results = slots
        .into_iter()
        .map(|slot| match slot {
            Slot::Answered(res) => res,
            Slot::Settling(i) => settled[i]
                .take()
                .ok_or_else(|| MarketError::Internal("settlement".into())),
        })
        .collect();
    Ok(Some(results))
}

/// One order inside a batch's transaction. The outer error aborts the batch;
/// the inner one refuses this order alone, with nothing of it left written.
async fn place_one(
    tx: &mut Db<'_>,
    ctx: &BatchCtx<'_>,
    live: &mut Live,
    msg: &Place,
    lp_legs: &mut Vec<(i64, crate::market::settle::Leg)>,
) -> Result<Result<Outcome, MarketError>, MarketError> {
    let p = match prepare(&live.book, ctx.spec, msg) {
        Ok(p) => p,
        Err(e) => return Ok(Err(e)),
    };
    let now = now_ms();
    let ids = insert_orders(tx, ctx.spec, &[(msg, &p)], now).await?;
    let id = ids[0];
    let op = freeze_op(id, msg.user_id, &p);
    match ledger::post_on(tx, &op).await {
        Ok(_) => {}
        Err(PostError::Ledger(ledger::LedgerError::Insufficient { .. })) => {
            // One balance row: the ledger wrote only the operation's row.
            let one = tx.params().list(1, 1);
            tx.execute(
                &format!("DELETE FROM ledger_operations WHERE idem_key = {one}"),
                &[Arg::Text(&op.key)],
            )
            .await?;
            tx.execute(
                &format!("DELETE FROM orders WHERE id = {one}"),
                &[Arg::Int(id)],
            )
            .await?;
            return Ok(Err(MarketError::Insufficient));
        }
        Err(other) => return Err(MarketError::Internal(format!("{other:?}"))),
    }
    Ok(Ok(match place_on_book(ctx.spec, live, msg, &p, id, now)? {
        Placement::Rested(out) => out,
        Placement::Matched(m) => {
            // Settled at once: the next order of the batch may be funded by it.
            let (mut outs, legs) = settle_many(
                tx,
                ctx.spec,
                ctx.fees,
                ctx.lp_user,
                std::slice::from_ref(&m),
            )
            .await?;
            lp_legs.extend(legs);
            outs.pop()
                .ok_or_else(|| MarketError::Internal("settlement".into()))?
        }
    }))
}

/// Where an order whose row and freeze are written went on the book.
enum Placement {
    /// It rests untouched: its answer is ready.
    Rested(Outcome),
    /// It traded or ended: its fills are to be settled.
    Matched(Match),
}

fn place_on_book(
    spec: &MarketSpec,
    live: &mut Live,
    msg: &Place,
    p: &Prepared,
    id: i64,
    now: i64,
) -> Result<Placement, MarketError> {
    let placed = live
        .book
        .place(NewOrder {
            id,
            owner: msg.user_id,
            side: msg.side,
            kind: msg.kind,
        })
        .map_err(MarketError::Book)?;
    if placed.fills.is_empty() && placed.rested > 0 {
        // The row is exactly what was inserted.
        let row: OrderRow = (
            id,
            msg.user_id,
            side_code(msg.side),
            p.order_type,
            p.price,
            p.qty,
            p.budget,
            0,
            0,
            0,
            0,
            now,
        );
        let order = order_value(row, &spec.symbol);
        return Ok(Placement::Rested(Outcome {
            orders: vec![(msg.user_id, order.clone())],
            book_changed: true,
            reply: order,
            ..Outcome::default()
        }));
    }
    Ok(Placement::Matched(Match {
        placed,
        taker: Some((id, msg.user_id, matches!(msg.kind, Kind::MarketBuy { .. }))),
        key: format!("order:{id}:match"),
    }))
}

async fn cancel(
    db: Store,
    spec: MarketSpec,
    mut live: Live,
    msg: Cancel,
) -> (Live, Result<Outcome, MarketError>) {
    if live
        .book
        .get(msg.order_id)
        .is_none_or(|o| o.owner != msg.user_id)
    {
        return (live, Err(MarketError::NotFound));
    }
    let res: Result<Outcome, MarketError> = async {
        let mut tx = db.begin().await?;
        let row: Option<(i64, i64)> = sqlx::query_as(
            "UPDATE orders SET status = 2, updated_at = $1 WHERE id = $2 AND user_id = $3 AND status = 0 RETURNING frozen_left, side",
        )
        .bind(now_ms())
        .bind(msg.order_id)
        .bind(msg.user_id)
        .fetch_optional(&mut *tx)
        .await?;
        let Some((left, side)) = row else { return Err(MarketError::NotFound) };
        let mut postings = Vec::new();
        release(&mut tx, &mut postings, &spec, msg.order_id, msg.user_id, code_side(side), left).await?;
        if !postings.is_empty() {
            let op = Operation {
                key: format!("order:{}:cancel", msg.order_id),
                reason: "order_cancel".into(),
                ref_type: "order".into(),
                ref_id: msg.order_id,
                postings,
            };
            ledger::post(&mut tx, &op).await.map_err(|e| MarketError::Internal(format!("{e:?}")))?;
        }
        let order = order_json(&mut tx, msg.order_id, &spec.symbol).await?;
        tx.commit().await?;
        Ok(Outcome { orders: vec![(msg.user_id, order.clone())], book_changed: true, reply: order, ..Outcome::default() })
    }
    .await;
    if res.is_ok() {
        live.book.cancel(msg.order_id);
    }
    (live, res)
}

/// Upserts a market's current bar of every period in one statement.
async fn save_bars(
    conn: &mut AnyConnection,
    market: i64,
    bars: &[(Period, Bar)],
) -> Result<(), sqlx::Error> {
    if bars.is_empty() {
        return Ok(());
    }
    let sql = Params::of(conn).rows(
        "INSERT INTO klines (market, period, open_time, open, high, low, close, volume, amount) VALUES ",
        bars.len(),
        9,
        " ON CONFLICT (market, period, open_time) DO UPDATE SET high = excluded.high, low = excluded.low, \
         close = excluded.close, volume = excluded.volume, amount = excluded.amount",
        false,
    );
    let mut q = sqlx::query(&sql);
    for (p, b) in bars {
        q = q
            .bind(market)
            .bind(p.name())
            .bind(b.open_time)
            .bind(b.open)
            .bind(b.high)
            .bind(b.low)
            .bind(b.close)
            .bind(b.volume)
            .bind(b.amount);
    }
    q.execute(conn).await?;
    Ok(())
}

/// Replaces the provider's ladder around `index`; fills against users' orders
/// that the new quotes cross are settled in one transaction.
async fn requote(
    db: Store,
    spec: MarketSpec,
    fees: Fees,
    mut live: Live,
    lp: LpConfig,
    index: i64,
    bars: Vec<(Period, Bar)>,
) -> (Live, Option<Outcome>) {
    for id in std::mem::take(&mut live.lp_orders) {
        live.book.cancel(id);
    }
    let mut fills = Placed::default();
    let quotes = super::ladder::ladder(&super::ladder::LadderSpec {
        index,
        tick: spec.tick,
        lot: spec.lot,
        min_qty: spec.min_qty,
        levels: lp.levels,
        spread_ppm: lp.spread_ppm,
        step_ppm: lp.step_ppm,
        level_qty: lp.level_qty,
        funds: live.lp_funds,
        // A new variation of the sizes at each re-quote, different per market.
        seed: (index as u64) ^ ((spec.id as u64) << 48) ^ live.next_lp_id as u64,
    });
    for q in quotes {
        let id = live.next_lp_id;
        live.next_lp_id -= 1;
        match live.book.place(NewOrder {
            id,
            owner: lp.user_id,
            side: q.side,
            kind: Kind::Limit {
                price: q.price,
                qty: q.qty,
            },
        }) {
            Ok(p) => {
                if p.rested > 0 {
                    live.lp_orders.push(id);
                }
                fills.fills.extend(p.fills);
            }
            Err(e) => log::warn!("{}: quote refused: {e:?}", spec.symbol),
        }
    }
    let res: Result<Option<Outcome>, MarketError> = async {
        let mut tx = db.begin().await?;
        save_bars(&mut tx, spec.id, &bars).await?;
        let out = if fills.fills.is_empty() {
            None
        } else {
            let key = format!("lp:{}:{}:{}", spec.id, now_ms(), live.next_lp_id);
            let m = Match {
                placed: fills,
                taker: None,
                key,
            };
            let (mut outs, legs) = settle_many(
                &mut tx.db(),
                &spec,
                &fees,
                Some(lp.user_id),
                std::slice::from_ref(&m),
            )
            .await?;
            apply_lp_legs(&mut live, &legs);
            outs.pop()
        };
        tx.commit().await?;
        Ok(out)
    }
    .await;
    match res {
        Ok(mut out) => {
            if let Some(o) = out.as_mut() {
                o.book_changed = true;
            }
            (
                live,
                out.or(Some(Outcome {
                    book_changed: true,
                    ..Outcome::default()
                })),
            )
        }
        Err(e) => {
            log::error!(
                "{}: re-quote not committed: {e:?}; reloading the book",
                spec.symbol
            );
            match load_live(&db, &spec, Some(lp.user_id)).await {
                Ok(fresh) => (fresh, None),
                Err(_) => (live, None),
            }
        }
    }
}

/// Creates K-line history on a market's first start so every chart has bars:
/// each period walks back from the current price.
async fn ensure_history(
    db: &Store,
    spec: &MarketSpec,
    index: i64,
    seed: u64,
) -> Result<(), sqlx::Error> {
    let (n,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM klines WHERE market = $1")
        .bind(spec.id)
        .fetch_one(&**db)
        .await?;
    if n > 0 {
        return Ok(());
    }
    let now = now_ms();
    let mut tx = db.begin().await?;
    for (pi, p) in PERIODS.iter().enumerate() {
        let minutes = match p {
            Period::M1 => 1,
            Period::M5 => 5,
            Period::M15 => 15,
            Period::M30 => 30,
            Period::H1 => 60,
            Period::D1 => 1440,
            Period::W1 => 10_080,
            Period::Mon1 => 43_200,
        };
        // Volatility per bar grows with the square root of its length.
        let vol = ((600.0 * (minutes as f64).sqrt()) as i64).min(60_000);
        let mut rng = super::feed::Rng::new(seed ^ ((pi as u64 + 11) * 104_729));
        let mut open_time = p.open_time(now);
        let mut close = index;
        let mut rows: Vec<[i64; 8]> = Vec::with_capacity(HISTORY_BARS);
        for _ in 0..HISTORY_BARS {
            let step = rng.symmetric(vol);
            let open = ((close as i128 * (1_000_000 - step) as i128 / 1_000_000) as i64
                / spec.tick)
                .max(1)
                * spec.tick;
            let wiggle = |r: i64| (close.max(open) as i128 * r.abs() as i128 / 2_000_000) as i64;
            let r1 = rng.symmetric(vol);
            let r2 = rng.symmetric(vol);
            let high = close.max(open) + wiggle(r1) / spec.tick * spec.tick;
            let low = (close.min(open) - wiggle(r2) / spec.tick * spec.tick).max(spec.tick);
            let volume = spec.lot * (10 + (r1.unsigned_abs() as i64 % 500)) * minutes.min(1440);
            rows.push([
                open_time,
                open,
                high,
                low,
                close,
                volume,
                notional_floor(close, volume),
                0,
            ]);
            close = open;
            open_time = p.open_time(open_time - 1);
        }
        // Many rows per statement: one round trip per chunk, not per bar.
        for chunk in rows.chunks(100) {
            let values: Vec<String> = (0..chunk.len())
                .map(|i| {
                    let b = i * 7 + 3;
                    format!(
                        "($1, $2, ${}, ${}, ${}, ${}, ${}, ${}, ${})",
                        b,
                        b + 1,
                        b + 2,
                        b + 3,
                        b + 4,
                        b + 5,
                        b + 6
                    )
                })
                .collect();
            let sql = format!(
                "INSERT INTO klines (market, period, open_time, open, high, low, close, volume, amount) VALUES {}",
                values.join(", ")
            );
            let mut q = sqlx::query(&sql).bind(spec.id).bind(p.name());
            for r in chunk {
                for v in &r[..7] {
                    q = q.bind(*v);
                }
            }
            q.execute(&mut *tx).await?;
        }
    }
    tx.commit().await
}

/// Bars of history generated per period on a market's first start.
const HISTORY_BARS: usize = 200;

struct Loaded {
    live: Live,
    bars: HashMap<Period, Bar>,
    day: VecDeque<Bar>,
    index: Option<i64>,
}

async fn load(
    db: Store,
    spec: MarketSpec,
    lp: Option<LpConfig>,
    index: i64,
) -> Result<Loaded, sqlx::Error> {
    ensure_history(&db, &spec, index, spec.id as u64).await?;
    let live = load_live(&db, &spec, lp.as_ref().map(|l| l.user_id)).await?;
    let mut bars = HashMap::new();
    for p in PERIODS {
        let row: Option<(i64, i64, i64, i64, i64, i64, i64)> = sqlx::query_as(
            "SELECT open_time, open, high, low, close, volume, amount FROM klines WHERE market = $1 AND period = $2 ORDER BY open_time DESC LIMIT 1",
        )
        .bind(spec.id)
        .bind(p.name())
        .fetch_optional(&*db)
        .await?;
        if let Some((open_time, open, high, low, close, volume, amount)) = row {
            bars.insert(
                p,
                Bar {
                    open_time,
                    open,
                    high,
                    low,
                    close,
                    volume,
                    amount,
                },
            );
        }
    }
    let since = now_ms() - 86_400_000;
    let rows: Vec<(i64, i64, i64, i64, i64, i64, i64)> = sqlx::query_as(
        "SELECT open_time, open, high, low, close, volume, amount FROM klines WHERE market = $1 AND period = '1min' AND open_time > $2 ORDER BY open_time",
    )
    .bind(spec.id)
    .bind(since)
    .fetch_all(&*db)
    .await?;
    let day = rows
        .into_iter()
        .map(|(open_time, open, high, low, close, volume, amount)| Bar {
            open_time,
            open,
            high,
            low,
            close,
            volume,
            amount,
        })
        .collect();
    let index = bars.get(&Period::M1).map(|b| b.close);
    Ok(Loaded {
        live,
        bars,
        day,
        index,
    })
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
                    act.index = i;
                    act.feed.resume(i);
                }
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
    type Result = ResponseFuture<Result<Value, MarketError>>;

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
                .unwrap_or_else(|_| Err(MarketError::Internal("market stopped".into())))
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
                let _ = answer.send(Err(MarketError::Internal("market not ready".into())));
            }
            return AtomicResponse::new(Box::pin(actix::fut::ready(())));
        };
        let (msgs, answers): (Vec<Place>, Vec<_>) = batch.into_iter().unzip();
        let fut = place_batch(
            self.db.clone(),
            self.spec.clone(),
            self.fees(),
            live,
            self.lp.as_ref().map(|l| l.user_id),
            msgs,
        );
        AtomicResponse::new(Box::pin(fut.into_actor(self).map(
            |(live, results), act, _| {
                act.live = Some(live);
                act.after_batch(&results);
                for (res, answer) in results.into_iter().zip(answers) {
                    let _ = answer.send(res.map(|out| out.reply));
                }
            },
        )))
    }
}

impl Handler<Cancel> for MarketActor {
    type Result = AtomicResponse<Self, Result<Value, MarketError>>;

    fn handle(&mut self, msg: Cancel, _: &mut Context<Self>) -> Self::Result {
        let Some(live) = self.live.take() else {
            return AtomicResponse::new(Box::pin(actix::fut::ready(Err(MarketError::Internal(
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
        self.index = self.feed.next_price();
        self.last_tick_at = now_ms();
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
                    payload: json!({
                        "symbol": self.spec.symbol, "period": p.name(), "open": units(b.open), "high": units(b.high),
                        "low": units(b.low), "close": units(b.close), "volume": units(b.volume), "time": b.open_time,
                    }),
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
                    let saved = async {
                        let mut tx = db.begin().await?;
                        save_bars(&mut tx, id, &bars).await?;
                        tx.commit().await
                    }
                    .await;
                    if let Err(e) = saved {
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
