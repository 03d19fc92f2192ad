//! Writing fills: the trades, the orders they touch, the funds their ends
//! release and the ledger operations that move the money, in a handful of
//! statements for any number of fills. The money of one fill is computed by
//! the pure `settle`; this is where it is written.

use super::actor::MarketSpec;
use super::book::{notional_floor, Placed, Side};
use super::settle::{fill_postings, Fees, Leg};
use super::store::{code_side, side_code, OrderRow};
use super::views::order_value;
use crate::ledger::{self, account, Bucket, Operation, PostError, Posting};
use crate::runtime::clock::now_ms;
use crate::runtime::ProductError;
use crate::sql::{Arg, Bulk, Db};
use serde_json::Value;
use sqlx::AnyConnection;
use std::collections::{BTreeMap, HashMap};

/// What one committed change (an order with its fills, a cancel, a re-quote)
/// did, for the events that follow the commit.
#[derive(Default)]
pub(super) struct Outcome {
    pub(super) trades: Vec<TradeRow>,
    /// Users' orders as they now stand, with their owners.
    pub(super) orders: Vec<(i64, Value)>,
    pub(super) book_changed: bool,
    /// The answer to the user who asked.
    pub(super) reply: Value,
}

#[derive(Clone, Copy)]
pub(super) struct TradeRow {
    pub(super) price: i64,
    pub(super) qty: i64,
    pub(super) taker_side: Side,
    /// When it was recorded (the row's `created_at`), and its taker and maker orders.
    pub(super) at: i64,
    pub(super) key: (i64, i64),
}

/// One fill's leg of the liquidity provider, with the side its quote was on:
/// its funds live outside the orders table, so the actor applies these itself
/// (`ladder::funds_after`).
pub(super) type LpLeg = (Side, Leg);

/// Fills waiting to be written: one placement's, or one re-quote's.
pub(super) struct Match {
    pub(super) placed: Placed,
    /// The incoming user order, if it was one: (id, owner, is a market buy).
    pub(super) taker: Option<(i64, i64, bool)>,
    /// The idempotency key of its ledger operation.
    pub(super) key: String,
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

/// What settling a set of matches wrote, and the ledger operations that move
/// their money, for the caller to post with the rest of its transaction's
/// (one ledger write per transaction: see `placing`).
pub(super) struct Settled {
    /// Each item's outcome, in order.
    pub(super) outs: Vec<Outcome>,
    pub(super) lp_legs: Vec<LpLeg>,
    pub(super) ops: Vec<Operation>,
}

/// A fill's update of the orders it touches.
const FILLED: Bulk = Bulk {
    head: "UPDATE orders SET filled_qty = filled_qty + v.column2, filled_quote = filled_quote + v.column3,
         fee = fee + v.column4, frozen_left = frozen_left - v.column5,
         status = CASE WHEN v.column6 >= 0 THEN v.column6 ELSE status END, updated_at = v.column7
         FROM (VALUES ",
    cols: 7,
    // What is left frozen, then the row as the app shows it
    // (`ORDER_COLUMNS`): nothing is read back afterwards.
    tail: ") AS v WHERE id = v.column1 RETURNING frozen_left, id, user_id, market, side, order_type, price, qty, budget, filled_qty, filled_quote, fee, status, created_at",
    cast: true,
};

/// Writes the fills of `items` inside `tx` with a handful of statements whatever
/// their number: the trades in one insert, every order they touch in one
/// update, the leftovers of ended orders in another, and the touched orders
/// read back in one query. Answers each item's outcome, in order, the
/// provider's legs, and one ledger operation per item, not yet posted.
pub(super) async fn settle_many(
    tx: &mut Db<'_>,
    spec: &MarketSpec,
    fees: &Fees,
    lp_user: Option<i64>,
    items: &[Match],
) -> Result<Settled, ProductError> {
    let now = now_ms();
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
                    lp_legs.push((side, leg));
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
    const TRADES: Bulk = Bulk {
        head: "INSERT INTO trades (market, price, qty, taker_side, maker_order, taker_order, maker_user, taker_user, created_at) VALUES ",
        cols: 9,
        tail: "",
        cast: false,
    };
    for chunk in fills.chunks(crate::sql::CHUNK) {
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
        tx.execute_bulk(&TRADES, &args).await?;
    }
    let changes: Vec<(&i64, &OrderDelta)> = deltas.iter().collect();
    let mut released = Vec::new();
    // Every touched order as it now stands, by id.
    let mut rows: HashMap<i64, Value> = HashMap::with_capacity(deltas.len());
    for chunk in changes.chunks(crate::sql::CHUNK) {
        let mut args: Vec<Arg> = Vec::with_capacity(chunk.len() * 7);
        for (id, d) in chunk {
            args.extend([**id, d.qty, d.quote, d.fee, d.spent, d.status, now].map(Arg::Int));
        }
        let back = tx.rows_bulk::<14>(&FILLED, &args).await?;
        if back.len() != chunk.len() {
            return Err(ProductError::Internal("a matched order has no row".into()));
        }
        for c in back {
            let left = c[0];
            let r = OrderRow::from_row_after(&c);
            let d = deltas
                .get(&r.id)
                .ok_or_else(|| ProductError::Internal("an order nobody matched".into()))?;
            if d.status > 0 && left > 0 {
                postings[d.ended_in].extend(release_postings(
                    spec,
                    d.owner,
                    code_side(r.side),
                    left,
                ));
                released.push(r.id);
            }
            rows.insert(r.id, order_value(r, &spec.symbol));
        }
    }
    for chunk in released.chunks(crate::sql::CHUNK) {
        tx.execute_in("UPDATE orders SET frozen_left = 0 WHERE id IN_IDS", chunk)
            .await?;
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
    Ok(Settled { outs, lp_legs, ops })
}

/// Posts a transaction's operations in one ledger write.
pub(super) async fn post(tx: &mut Db<'_>, ops: &[Operation]) -> Result<(), ProductError> {
    if ops.is_empty() {
        return Ok(());
    }
    ledger::post_all(tx, ops)
        .await
        .map(drop)
        .map_err(|e| match e {
            PostError::Ledger(ledger::LedgerError::Insufficient { .. }) => {
                ProductError::Insufficient
            }
            other => ProductError::Internal(format!("{other:?}")),
        })
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
pub(super) async fn release(
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::market::store::ORDER_COLUMNS;

    #[test]
    fn a_fills_update_answers_the_rows_as_the_app_shows_them() {
        assert!(FILLED
            .tail
            .ends_with(&format!("RETURNING frozen_left, {ORDER_COLUMNS}")));
    }
}
