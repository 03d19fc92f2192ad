//! Placing and cancelling users' orders: a batch of queued orders checked
//! against the book's rules, their rows inserted and funds frozen, matched in
//! arrival order and settled, all in one transaction (group commit); a batch
//! the ledger cannot fund as a whole is placed one order at a time instead.

use super::actor::{Cancel, Live, MarketSpec, Place};
use super::book::{notional_checked, BookError, Kind, NewOrder, OrderBook, Side};
use super::settle::Fees;
use super::settling::{post, release, settle_many, LpLeg, Match, Outcome};
use super::store::{code_side, order_json, reload, side_code, OrderRow};
use super::views::order_value;
use crate::ledger::{self, account, Bucket, Operation, Posting};
use crate::runtime::clock::now_ms;
use crate::runtime::timing::BatchTimes;
use crate::runtime::ProductError;
use crate::sql::{Arg, Bulk, Db, Store};
use serde_json::Value;
use std::cell::Cell;
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

/// The longest run of orders committed together; more wait for the next batch.
pub(super) const MAX_BATCH: usize = 512;

/// An order waiting for its batch, with where its answer goes.
pub(super) type Queued = (
    Place,
    tokio::sync::oneshot::Sender<Result<Value, ProductError>>,
);

/// Places a batch of orders in sequence and commits them in one transaction
/// (group commit): the commit, not matching, is what an order costs, so orders
/// that arrive while one batch is written share the next commit. An order the
/// ledger refuses is answered on its own, with nothing of it written; any other
/// failure rolls the whole batch back, reloads the book from the database and
/// answers every order of the batch with the error (none was acknowledged).
pub(super) async fn place_batch(
    db: Store,
    spec: MarketSpec,
    fees: Fees,
    mut live: Live,
    lp_user: Option<i64>,
    msgs: Vec<Place>,
) -> (Live, Vec<Result<Outcome, ProductError>>, BatchTimes) {
    let mut legs = Vec::new();
    let started = Instant::now();
    let mut times = BatchTimes::default();
    let ctx = BatchCtx {
        spec: &spec,
        fees: &fees,
        lp_user,
        matching: Cell::default(),
    };
    let run: Result<Vec<Result<Outcome, ProductError>>, ProductError> = async {
        let mut tx = db.begin().await?;
        times.writer = started.elapsed();
        let writing = Instant::now();
        let results = match place_together(&mut tx.db(), &ctx, &mut live, &msgs, &mut legs).await? {
            Together::Placed(results) => results,
            other => {
                // Someone's order is not covered: place one by one, so each
                // order is funded or refused exactly as if it came alone.
                tx.rollback().await?;
                if matches!(other, Together::Raced) {
                    // The book matched orders that were not written.
                    live = reload(&db, &spec, lp_user, std::mem::take(&mut live)).await;
                    legs.clear();
                }
                tx = db.begin().await?;
                let mut results = Vec::with_capacity(msgs.len());
                for msg in &msgs {
                    results.push(place_one(&mut tx.db(), &ctx, &mut live, msg, &mut legs).await?);
                }
                results
            }
        };
        let committing = Instant::now();
        tx.commit().await?;
        times.commit = committing.elapsed();
        times.matching = ctx.matching.get();
        times.write = committing
            .duration_since(writing)
            .saturating_sub(times.matching);
        Ok(results)
    }
    .await;
    match run {
        Ok(results) => {
            live.lp_funds = super::ladder::funds_after(live.lp_funds, &legs);
            (live, results, times)
        }
        Err(e) => {
            // The book moved but the database did not: rebuild from the truth.
            log::error!(
                "{}: a batch of {} orders was not committed: {e:?}; reloading the book",
                spec.symbol,
                msgs.len()
            );
            let live = reload(&db, &spec, lp_user, live).await;
            (live, msgs.iter().map(|_| Err(e.clone())).collect(), times)
        }
    }
}

/// How a batch placed together went.
enum Together {
    /// Written, with each order's answer.
    Placed(Vec<Result<Outcome, ProductError>>),
    /// Someone's freeze is not covered by what they held before the batch:
    /// nothing was written and the book is as it was.
    Uncovered,
    /// The ledger refused the batch after it was matched (on PostgreSQL,
    /// another transaction spent the funds between the read and the write):
    /// the book moved and must be reloaded.
    Raced,
}

/// What every order of a batch shares.
struct BatchCtx<'a> {
    spec: &'a MarketSpec,
    fees: &'a Fees,
    lp_user: Option<i64>,
    /// The time spent checking and matching in memory so far.
    matching: Cell<Duration>,
}

impl BatchCtx<'_> {
    /// Runs `f` (checks and matching, no statement) on the matching clock.
    fn matching<T>(&self, f: impl FnOnce() -> T) -> T {
        let t = Instant::now();
        let out = f();
        self.matching.set(self.matching.get() + t.elapsed());
        out
    }
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

fn prepare(book: &OrderBook, spec: &MarketSpec, msg: &Place) -> Result<Prepared, ProductError> {
    book.validate(&msg.kind)
        .map_err(|e| ProductError::book(e, spec))?;
    can_fill(book, spec, &msg.kind)?;
    let (coin, freeze, price, qty, budget, order_type) = match (msg.side, msg.kind) {
        (Side::Buy, Kind::Limit { price, qty }) => {
            let cost = notional_checked(price, qty)
                .ok_or(ProductError::Invalid("err_amount_too_large"))?;
            (spec.quote, cost, price, qty, 0, 0)
        }
        (Side::Sell, Kind::Limit { price, qty }) => (spec.base, qty, price, qty, 0, 0),
        (Side::Buy, Kind::MarketBuy { quote }) => (spec.quote, quote, 0, 0, quote, 1),
        (Side::Sell, Kind::MarketSell { qty }) => (spec.base, qty, 0, qty, 0, 1),
        _ => return Err(ProductError::book(BookError::Lot, spec)),
    };
    if freeze <= 0 {
        return Err(ProductError::book(BookError::Lot, spec));
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

/// A market order is refused, with nothing written, when it could not fill at
/// all: no offer on the other side, or (a buy) a budget below the minimum
/// amount at the best offer. Placing it would only end cancelled, unfilled.
fn can_fill(book: &OrderBook, spec: &MarketSpec, kind: &Kind) -> Result<(), ProductError> {
    match *kind {
        Kind::MarketBuy { quote } => {
            let ask = book
                .best_ask()
                .ok_or(ProductError::Invalid("err_no_liquidity"))?;
            let min = super::book::notional_ceil(ask, book.min_qty.max(book.lot));
            if quote < min {
                return Err(ProductError::BelowMinimum {
                    min,
                    quote: spec
                        .symbol
                        .split('/')
                        .nth(1)
                        .unwrap_or_default()
                        .to_string(),
                });
            }
        }
        Kind::MarketSell { .. } if book.best_bid().is_none() => {
            return Err(ProductError::Invalid("err_no_liquidity"));
        }
        _ => {}
    }
    Ok(())
}

/// The ledger operation that moves an order's funds from available to frozen.
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
    const INSERT: Bulk = Bulk {
        head: "INSERT INTO orders (user_id, market, side, order_type, price, qty, budget, frozen_left, created_at, updated_at) VALUES ",
        cols: 10,
        tail: "",
        cast: false,
    };
    for chunk in orders.chunks(crate::sql::CHUNK) {
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
        ids.extend(tx.insert_bulk(&INSERT, &args).await?);
    }
    Ok(ids)
}

/// The whole batch in a handful of statements: every order row in one insert,
/// matching in arrival order, every fill through one settlement, then every
/// freeze and fill through one ledger write. Freezing all first is the same as
/// freezing each before its own match as long as every freeze is covered by
/// what its owner held before the batch (fills only ever add to what a user
/// has available), so that is read first, and when one is not, nothing is
/// written and the batch is placed one by one instead.
///
/// One ledger write per transaction is what keeps markets from deadlocking on
/// PostgreSQL, where they commit side by side: it locks every balance row the
/// batch moves in one pass, in key order. A freeze's write and then a
/// settlement's were two passes, so one market could hold a trader's row from
/// its freezes while waiting for the fees row, and another the other way
/// round (docs/architecture.md, "One ledger write per batch").
async fn place_together(
    tx: &mut Db<'_>,
    ctx: &BatchCtx<'_>,
    live: &mut Live,
    msgs: &[Place],
    lp_legs: &mut Vec<LpLeg>,
) -> Result<Together, ProductError> {
    let prepared: Vec<Result<Prepared, ProductError>> = ctx.matching(|| {
        msgs.iter()
            .map(|m| prepare(&live.book, ctx.spec, m))
            .collect()
    });
    let valid: Vec<(&Place, &Prepared)> = msgs
        .iter()
        .zip(&prepared)
        .filter_map(|(m, p)| p.as_ref().ok().map(|p| (m, p)))
        .collect();
    if !covered(tx, &valid).await? {
        return Ok(Together::Uncovered);
    }
    let now = now_ms();
    let (ids, mut ops) = if valid.is_empty() {
        (Vec::new(), Vec::new())
    } else {
        let ids = insert_orders(tx, ctx.spec, &valid, now).await?;
        let ops: Vec<Operation> = valid
            .iter()
            .zip(&ids)
            .map(|((m, p), id)| freeze_op(*id, m.user_id, p))
            .collect();
        (ids, ops)
    };
    // Each order's answer, or where its fills wait among `matches`.
    enum Slot {
        Answered(Result<Outcome, ProductError>),
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
                    .ok_or_else(|| ProductError::Internal("order ids".into()))?;
                match ctx.matching(|| place_on_book(ctx.spec, live, msg, &p, id, now))? {
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
        let s = settle_many(tx, ctx.spec, ctx.fees, ctx.lp_user, &matches).await?;
        lp_legs.extend(s.lp_legs);
        ops.extend(s.ops);
        s.outs.into_iter().map(Some).collect()
    };
    match post(tx, &ops).await {
        Ok(()) => {}
        Err(ProductError::Insufficient) => return Ok(Together::Raced),
        Err(e) => return Err(e),
    }
    let results = slots
        .into_iter()
        .map(|slot| match slot {
            Slot::Answered(res) => res,
            Slot::Settling(i) => settled[i]
                .take()
                .ok_or_else(|| ProductError::Internal("settlement".into())),
        })
        .collect();
    Ok(Together::Placed(results))
}

/// Whether what each owner has available now covers all their freezes among
/// `orders` together. A read, not a lock: the ledger write checks again under
/// its locks.
async fn covered(tx: &mut Db<'_>, orders: &[(&Place, &Prepared)]) -> Result<bool, ProductError> {
    let mut need: BTreeMap<(i64, i64), i64> = BTreeMap::new();
    for (m, p) in orders {
        let n = need.entry((m.user_id, p.coin)).or_default();
        *n = n
            .checked_add(p.freeze)
            .ok_or(ProductError::Invalid("err_amount_too_large"))?;
    }
    // A join, not `(holder, currency) IN (…)`: SQLite scans the whole table
    // for a row-value IN list, and looks each row up by its key for a join.
    const HELD: Bulk = Bulk {
        head: "SELECT b.holder, b.currency, b.available FROM (VALUES ",
        cols: 2,
        tail: ") AS v JOIN balances b ON b.holder = v.column1 AND b.currency = v.column2 AND b.account = 2",
        cast: true,
    };
    let mut have: BTreeMap<(i64, i64), i64> = BTreeMap::new();
    let keys: Vec<Arg> = need
        .keys()
        .flat_map(|&(user, coin)| [Arg::Int(user), Arg::Int(coin)])
        .collect();
    for chunk in keys.chunks(crate::sql::CHUNK * 2) {
        for [user, coin, available] in tx.rows_bulk::<3>(&HELD, chunk).await? {
            have.insert((user, coin), available);
        }
    }
    Ok(need
        .iter()
        .all(|(k, n)| have.get(k).is_some_and(|a| a >= n)))
}

/// One order inside a batch's transaction, as if it came alone: refused with
/// nothing written when not covered, else written, matched and settled with
/// one ledger write. The outer error aborts the batch; the inner one refuses
/// this order alone.
async fn place_one(
    tx: &mut Db<'_>,
    ctx: &BatchCtx<'_>,
    live: &mut Live,
    msg: &Place,
    lp_legs: &mut Vec<LpLeg>,
) -> Result<Result<Outcome, ProductError>, ProductError> {
    let p = match ctx.matching(|| prepare(&live.book, ctx.spec, msg)) {
        Ok(p) => p,
        Err(e) => return Ok(Err(e)),
    };
    if !covered(tx, &[(msg, &p)]).await? {
        return Ok(Err(ProductError::Insufficient));
    }
    let now = now_ms();
    let ids = insert_orders(tx, ctx.spec, &[(msg, &p)], now).await?;
    let id = ids[0];
    let mut ops = vec![freeze_op(id, msg.user_id, &p)];
    let out = match ctx.matching(|| place_on_book(ctx.spec, live, msg, &p, id, now))? {
        Placement::Rested(out) => out,
        Placement::Matched(m) => {
            // Settled at once: the next order of the batch may be funded by it.
            let mut s = settle_many(
                tx,
                ctx.spec,
                ctx.fees,
                ctx.lp_user,
                std::slice::from_ref(&m),
            )
            .await?;
            lp_legs.extend(s.lp_legs);
            ops.append(&mut s.ops);
            s.outs
                .pop()
                .ok_or_else(|| ProductError::Internal("settlement".into()))?
        }
    };
    // Refused here only when another transaction spent the funds since the
    // read: the book has moved, so the whole batch fails and is reloaded.
    post(tx, &ops).await?;
    Ok(Ok(out))
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
) -> Result<Placement, ProductError> {
    let placed = live
        .book
        .place(NewOrder {
            id,
            owner: msg.user_id,
            side: msg.side,
            kind: msg.kind,
        })
        .map_err(|e| ProductError::book(e, spec))?;
    if placed.fills.is_empty() && placed.rested > 0 {
        // The row is exactly what was inserted.
        let row = OrderRow {
            id,
            user_id: msg.user_id,
            market: spec.id,
            side: side_code(msg.side),
            order_type: p.order_type,
            price: p.price,
            qty: p.qty,
            budget: p.budget,
            filled_qty: 0,
            filled_quote: 0,
            fee: 0,
            status: 0,
            created_at: now,
        };
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

/// Cancels a user's own open order: its row marked cancelled and what it still
/// holds frozen released, in one transaction, then it leaves the book.
pub(super) async fn cancel(
    db: Store,
    spec: MarketSpec,
    mut live: Live,
    msg: Cancel,
) -> (Live, Result<Outcome, ProductError>) {
    if live
        .book
        .get(msg.order_id)
        .is_none_or(|o| o.owner != msg.user_id)
    {
        return (live, Err(ProductError::NotFound("err_order_closed")));
    }
    let res: Result<Outcome, ProductError> = async {
        let mut tx = db.begin().await?;
        let row: Option<(i64, i64)> = sqlx::query_as(
            "UPDATE orders SET status = 2, updated_at = $1 WHERE id = $2 AND user_id = $3 AND status = 0 RETURNING frozen_left, side",
        )
        .bind(now_ms())
        .bind(msg.order_id)
        .bind(msg.user_id)
        .fetch_optional(&mut *tx)
        .await?;
        let Some((left, side)) = row else { return Err(ProductError::NotFound("err_order_closed")) };
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
            ledger::post(&mut tx, &op).await.map_err(|e| ProductError::Internal(format!("{e:?}")))?;
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
