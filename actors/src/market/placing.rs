//! Placing and cancelling users' orders: a batch of queued orders checked
//! against the book's rules, their rows inserted and funds frozen, matched in
//! arrival order and settled, all in one transaction (group commit); a batch
//! the ledger cannot fund as a whole is placed one order at a time instead.

use super::actor::{Cancel, Live, MarketSpec, Place};
use super::book::{notional_checked, BookError, Kind, NewOrder, OrderBook, Side};
use super::settle::Fees;
use super::settling::{release, settle_many, LpLeg, Match, Outcome};
use super::store::{code_side, order_json, reload, side_code, OrderRow};
use super::views::order_value;
use crate::ledger::{self, account, Bucket, Operation, PostError, Posting};
use crate::runtime::clock::now_ms;
use crate::runtime::timing::BatchTimes;
use crate::runtime::ProductError;
use crate::sql::{Arg, Db, Store};
use serde_json::Value;
use std::cell::Cell;
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
    lp_legs: &mut Vec<LpLeg>,
) -> Result<Option<Vec<Result<Outcome, ProductError>>>, ProductError> {
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
            Err(other) => return Err(ProductError::Internal(format!("{other:?}"))),
        }
        ids
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
                .ok_or_else(|| ProductError::Internal("settlement".into())),
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
    lp_legs: &mut Vec<LpLeg>,
) -> Result<Result<Outcome, ProductError>, ProductError> {
    let p = match ctx.matching(|| prepare(&live.book, ctx.spec, msg)) {
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
            return Ok(Err(ProductError::Insufficient));
        }
        Err(other) => return Err(ProductError::Internal(format!("{other:?}"))),
    }
    Ok(Ok(
        match ctx.matching(|| place_on_book(ctx.spec, live, msg, &p, id, now))? {
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
                    .ok_or_else(|| ProductError::Internal("settlement".into()))?
            }
        },
    ))
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
