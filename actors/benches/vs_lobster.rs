//! Our order book against the `lobster` crate's, in one process on one stream
//! of a million operations: 70% limit orders around a fixed mid, 20% cancels
//! of orders still resting, 10% market orders. Both books start empty for
//! every iteration and get the same ids, sides, prices and quantities (lobster
//! in ticks and lots), so the two throughputs of group `stream_1m` compare
//! directly. Generating the stream, building the books and dropping them are
//! not timed.
//! Run with `cargo bench -p actors --bench vs_lobster`.
//!
//! The stream: limit prices are uniform within ±50 ticks of 100.00, centred 12
//! ticks to the passive side (bids below the mid, asks above), so about a
//! quarter of them cross; centred on the mid, half would cross and the book
//! would stay a handful of orders deep. Cancels are a fixed share of the
//! stream, not of the book, so it grows steadily, to about 24k resting orders
//! on ~75 levels by the end. Quantities are 1 to 20 lots, for limit and market
//! orders alike.
//!
//! Like for like: lobster has no owners, so every order has its own owner and
//! our self-trade prevention never fires. A market sell is `MarketSell { qty }`
//! for us and `Market { qty }` for lobster. Our market buy takes a quote
//! budget, not a quantity, so the generator, which runs the stream through a
//! reference book, sets the budget to exactly what that many lots cost on the
//! book at that point (prices and lots are chosen so notionals are exact),
//! and lobster gets `Market { qty }` with the lots. Cancels name only orders
//! resting at that point. Both books therefore make the same trades; one
//! untimed replay of each prints its fills, so a difference would show.

use std::time::Duration;

use actors::market::book::{notional_floor, Fill, Kind, NewOrder, OrderBook, OrderId, Side};
use actors::market::feed::Rng;
use criterion::{
    black_box, criterion_group, criterion_main, BatchSize, Criterion, SamplingMode, Throughput,
};
use lobster::{OrderEvent, OrderType};

const U: i64 = 100_000_000;
// A tick times a lot is 10^10, a multiple of 10^8, so every notional is a
// whole number of units and the market-buy budgets below are exact.
const TICK: i64 = U / 100;
const LOT: i64 = U / 10_000;
const MID: i64 = 100 * U;
/// Half-width of the limit price range, in ticks.
const BAND: i64 = 50;
/// How far each side's price range is moved away from the mid, in ticks.
const SHIFT: i64 = 12;
const OPS: usize = 1_000_000;

/// One operation of the stream, in our units.
#[derive(Debug, Clone, Copy)]
enum Op {
    Limit {
        id: OrderId,
        side: Side,
        price: i64,
        qty: i64,
    },
    Cancel {
        id: OrderId,
    },
    MarketSell {
        id: OrderId,
        qty: i64,
    },
    /// `quote` buys exactly `qty` on the book as it stands at this point.
    MarketBuy {
        id: OrderId,
        qty: i64,
        quote: i64,
    },
}

/// What our book is fed: the stream as ready-made calls, so the timed loop
/// does no translation.
#[derive(Debug, Clone, Copy)]
enum Ours {
    Place(NewOrder),
    Cancel(OrderId),
}

fn side(rng: &mut Rng) -> Side {
    if rng.next_u64().is_multiple_of(2) {
        Side::Buy
    } else {
        Side::Sell
    }
}

fn lots(rng: &mut Rng) -> i64 {
    (1 + (rng.next_u64() % 20) as i64) * LOT
}

/// A uniformly chosen order still on `book`. Ids that were picked or have
/// since filled leave `ids`, so it stays about the size of the book.
fn pick_resting(rng: &mut Rng, book: &OrderBook, ids: &mut Vec<OrderId>) -> Option<OrderId> {
    while !ids.is_empty() {
        let id = ids.swap_remove((rng.next_u64() % ids.len() as u64) as usize);
        if book.get(id).is_some() {
            return Some(id);
        }
    }
    None
}

fn place(book: &mut OrderBook, id: OrderId, side: Side, kind: Kind) -> Vec<Fill> {
    book.place(NewOrder {
        id,
        owner: id,
        side,
        kind,
    })
    .unwrap_or_else(|e| panic!("generated order {id} refused: {e:?}"))
    .fills
}

/// The stream, decided against a reference book so that cancels name resting
/// orders and market-buy budgets match the book they will meet.
fn generate(n: usize, seed: u64) -> Vec<Op> {
    let mut rng = Rng::new(seed);
    let mut book = OrderBook::new(TICK, LOT, LOT);
    let mut resting = Vec::new();
    let mut ops = Vec::with_capacity(n);
    for i in 0..n {
        let id = i as OrderId + 1;
        let roll = rng.next_u64() % 10;
        let victim = if (7..9).contains(&roll) {
            pick_resting(&mut rng, &book, &mut resting)
        } else {
            None
        };
        // Only the first few cancels can find an empty book; they become limit
        // orders, which moves the mix by a few in a million.
        let op = if let Some(victim) = victim {
            book.cancel(victim);
            Op::Cancel { id: victim }
        } else if roll == 9 {
            let side = side(&mut rng);
            let qty = lots(&mut rng);
            match side {
                Side::Sell => {
                    place(&mut book, id, side, Kind::MarketSell { qty });
                    Op::MarketSell { id, qty }
                }
                Side::Buy => {
                    // A limit buy above every ask takes exactly `qty` as a
                    // market order would; what it paid is the budget. Any
                    // remainder (asks ran out) is taken back off at once.
                    let fills = place(
                        &mut book,
                        id,
                        side,
                        Kind::Limit {
                            price: 2 * MID,
                            qty,
                        },
                    );
                    book.cancel(id);
                    let quote: i64 = fills.iter().map(|f| notional_floor(f.price, f.qty)).sum();
                    // An empty ask side costs nothing; a zero budget would be
                    // refused outright instead of finding no liquidity.
                    Op::MarketBuy {
                        id,
                        qty,
                        quote: quote.max(1),
                    }
                }
            }
        } else {
            let side = side(&mut rng);
            let shift = match side {
                Side::Buy => -SHIFT,
                Side::Sell => SHIFT,
            };
            let price = MID + (shift + rng.symmetric(BAND)) * TICK;
            let qty = lots(&mut rng);
            place(&mut book, id, side, Kind::Limit { price, qty });
            if book.get(id).is_some() {
                resting.push(id);
            }
            Op::Limit {
                id,
                side,
                price,
                qty,
            }
        };
        ops.push(op);
    }
    ops
}

fn for_ours(ops: &[Op]) -> Vec<Ours> {
    let order = |id, side, kind| {
        Ours::Place(NewOrder {
            id,
            owner: id,
            side,
            kind,
        })
    };
    ops.iter()
        .map(|op| match *op {
            Op::Limit {
                id,
                side,
                price,
                qty,
            } => order(id, side, Kind::Limit { price, qty }),
            Op::Cancel { id } => Ours::Cancel(id),
            Op::MarketSell { id, qty } => order(id, Side::Sell, Kind::MarketSell { qty }),
            Op::MarketBuy { id, quote, .. } => order(id, Side::Buy, Kind::MarketBuy { quote }),
        })
        .collect()
}

fn for_lobster(ops: &[Op]) -> Vec<OrderType> {
    let side = |s| match s {
        Side::Buy => lobster::Side::Bid,
        Side::Sell => lobster::Side::Ask,
    };
    let lots = |qty: i64| (qty / LOT) as u64;
    ops.iter()
        .map(|op| match *op {
            Op::Limit {
                id,
                side: s,
                price,
                qty,
            } => OrderType::Limit {
                id: id as u128,
                side: side(s),
                qty: lots(qty),
                price: (price / TICK) as u64,
            },
            Op::Cancel { id } => OrderType::Cancel { id: id as u128 },
            Op::MarketSell { id, qty } => OrderType::Market {
                id: id as u128,
                side: lobster::Side::Ask,
                qty: lots(qty),
            },
            Op::MarketBuy { id, qty, .. } => OrderType::Market {
                id: id as u128,
                side: lobster::Side::Bid,
                qty: lots(qty),
            },
        })
        .collect()
}

/// Trades made during a replay; kept in the timed loop too, so neither
/// book's results can be optimised away and both pay the same for counting.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
struct Tally {
    fills: u64,
    lots: u64,
}

fn replay_ours(book: &mut OrderBook, ops: &[Ours]) -> Tally {
    let mut t = Tally::default();
    for op in ops {
        match *op {
            Ours::Place(order) => {
                if let Ok(placed) = black_box(book.place(order)) {
                    t.fills += placed.fills.len() as u64;
                    t.lots += placed
                        .fills
                        .iter()
                        .map(|f| (f.qty / LOT) as u64)
                        .sum::<u64>();
                }
            }
            Ours::Cancel(id) => {
                black_box(book.cancel(id));
            }
        }
    }
    t
}

fn replay_lobster(book: &mut lobster::OrderBook, ops: &[OrderType]) -> Tally {
    let mut t = Tally::default();
    for op in ops {
        match black_box(book.execute(*op)) {
            OrderEvent::Filled {
                filled_qty, fills, ..
            }
            | OrderEvent::PartiallyFilled {
                filled_qty, fills, ..
            } => {
                t.fills += fills.len() as u64;
                t.lots += filled_qty;
            }
            OrderEvent::Unfilled { .. }
            | OrderEvent::Placed { .. }
            | OrderEvent::Canceled { .. } => {}
        }
    }
    t
}

/// One untimed replay of each book, printed, to show both saw the same stream.
fn report(ops: &[Op], ours: &[Ours], theirs: &[OrderType]) {
    let count = |f: fn(&Op) -> bool| ops.iter().filter(|op| f(op)).count();
    eprintln!(
        "stream: {} limit, {} cancel, {} market sell, {} market buy",
        count(|op| matches!(op, Op::Limit { .. })),
        count(|op| matches!(op, Op::Cancel { .. })),
        count(|op| matches!(op, Op::MarketSell { .. })),
        count(|op| matches!(op, Op::MarketBuy { .. })),
    );
    let mut a = OrderBook::new(TICK, LOT, LOT);
    let ta = replay_ours(&mut a, ours);
    let resting_a: i64 = [Side::Buy, Side::Sell]
        .into_iter()
        .flat_map(|s| a.depth(s, usize::MAX))
        .map(|(_, q)| q / LOT)
        .sum();
    let mut b = lobster::OrderBook::default();
    let tb = replay_lobster(&mut b, theirs);
    // Prices stay within BAND + SHIFT ticks of the mid, so this covers every
    // level either side can have.
    let depth = b.depth(4 * (BAND + SHIFT) as usize);
    let resting_b: u64 = depth.bids.iter().chain(&depth.asks).map(|l| l.qty).sum();
    eprintln!(
        "bourse:  {} fills, {} lots traded, {} orders ({} lots) left resting",
        ta.fills,
        ta.lots,
        a.len(),
        resting_a
    );
    eprintln!(
        "lobster: {} fills, {} lots traded, {} lots left resting{}",
        tb.fills,
        tb.lots,
        resting_b,
        if ta == tb && resting_a as u64 == resting_b {
            " (same as bourse)"
        } else {
            " (DIFFERS from bourse)"
        }
    );
}

fn bench(c: &mut Criterion) {
    let ops = generate(OPS, 42);
    let ours = for_ours(&ops);
    let theirs = for_lobster(&ops);
    report(&ops, &ours, &theirs);

    let mut g = c.benchmark_group("stream_1m");
    g.throughput(Throughput::Elements(OPS as u64));
    // An iteration takes a sizeable fraction of a second: a few per sample,
    // ten samples, is enough and keeps the whole run to a couple of minutes.
    g.sample_size(10);
    g.sampling_mode(SamplingMode::Flat);
    g.warm_up_time(Duration::from_secs(3));
    g.measurement_time(Duration::from_secs(20));
    g.bench_function("bourse", |bench| {
        bench.iter_batched(
            || OrderBook::new(TICK, LOT, LOT),
            |mut book| {
                black_box(replay_ours(&mut book, &ours));
                book
            },
            BatchSize::LargeInput,
        )
    });
    // The default preallocates 10,000 order slots; that happens in setup.
    g.bench_function("lobster", |bench| {
        bench.iter_batched(
            lobster::OrderBook::default,
            |mut book| {
                black_box(replay_lobster(&mut book, &theirs));
                book
            },
            BatchSize::LargeInput,
        )
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
