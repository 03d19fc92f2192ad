//! Order book throughput: resting limit orders, crossing orders that sweep
//! levels, and cancels, on a book kept a few thousand orders deep.
//! Run with `cargo bench -p actors --bench book`.

use actors::market::book::{Kind, NewOrder, OrderBook, Side};
use actors::market::feed::Rng;
use criterion::{black_box, criterion_group, criterion_main, BatchSize, Criterion, Throughput};

const U: i64 = 100_000_000;
const TICK: i64 = U / 100;
const LOT: i64 = U / 10_000;

/// A book with `n` resting orders on each side around 100.00.
fn deep_book(n: i64) -> (OrderBook, i64) {
    let mut b = OrderBook::new(TICK, LOT, LOT);
    let mut id = 1;
    for i in 0..n {
        let off = (i % 200 + 1) * TICK;
        for (side, price) in [(Side::Buy, 100 * U - off), (Side::Sell, 100 * U + off)] {
            let _ = b.place(NewOrder {
                id,
                owner: id % 50,
                side,
                kind: Kind::Limit {
                    price,
                    qty: (1 + i % 7) * LOT,
                },
            });
            id += 1;
        }
    }
    (b, id)
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("book");
    g.throughput(Throughput::Elements(1000));
    g.bench_function("1000 mixed orders on a 4000-order book", |bench| {
        bench.iter_batched(
            || {
                let (b, id) = deep_book(2000);
                let mut rng = Rng::new(42);
                let orders: Vec<NewOrder> = (0..1000)
                    .map(|i| {
                        let side = if rng.next_u64().is_multiple_of(2) {
                            Side::Buy
                        } else {
                            Side::Sell
                        };
                        let price = 100 * U + rng.symmetric(150) * TICK;
                        let qty = (1 + (rng.next_u64() % 20) as i64) * LOT;
                        NewOrder {
                            id: id + i,
                            owner: 1000 + i % 10,
                            side,
                            kind: Kind::Limit { price, qty },
                        }
                    })
                    .collect();
                (b, orders)
            },
            |(mut b, orders)| {
                for o in orders {
                    black_box(b.place(o).ok());
                }
                b
            },
            BatchSize::LargeInput,
        )
    });
    g.bench_function("1000 cancels on a 4000-order book", |bench| {
        bench.iter_batched(
            || deep_book(2000).0,
            |mut b| {
                for id in (1..2000).step_by(2) {
                    black_box(b.cancel(id));
                }
                b
            },
            BatchSize::LargeInput,
        )
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
