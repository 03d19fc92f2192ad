//! Contracts and options at scale: one mark change against 100,000 open
//! positions in one market (triggers and liquidations found through the price
//! index), and settling 100,000 options that expire together.
//! Run with `cargo bench -p actors --bench derivatives`.

use actors::lever::book::{Position, PositionBook};
use actors::lever::math::Dir;
use actors::market::feed::Rng;
use actors::options::{outcome, payout, Direction, Wheel};
use criterion::{black_box, criterion_group, criterion_main, BatchSize, Criterion};

const U: i64 = 100_000_000;

/// 100,000 positions opened within 300 of 60,000 with leverage 5× to 100× and
/// take-profits and stops further out, so that all are open at 60,000.
fn book() -> PositionBook {
    let mut rng = Rng::new(7);
    let mut b = PositionBook::new(200_000);
    for id in 0..100_000 {
        let dir = if id % 2 == 0 { Dir::Long } else { Dir::Short };
        let open = 60_000 * U + rng.symmetric(300) * U;
        let qty = U / 100;
        let multiple = [5, 10, 20, 50, 100][(id % 5) as usize];
        let margin = open / 100 / multiple;
        let off = (301 + rng.symmetric(3_000).abs()) * U;
        let (tp, sl) = match dir {
            Dir::Long => (open + off, open - off),
            Dir::Short => (open - off, open + off),
        };
        b.upsert(Position {
            id,
            user: id % 5_000,
            dir,
            qty,
            open,
            margin,
            tp: Some(tp),
            sl: Some(sl),
            copy: None,
        });
    }
    b
}

fn bench(c: &mut Criterion) {
    // The steady state: whatever the current mark already crosses has fired.
    let mut base = book();
    let first = base.on_mark(60_000 * U).len();
    println!(
        "{} positions open after settling at 60 000 ({first} fired)",
        base.len()
    );
    c.bench_function("mark change over 100k positions (index lookup)", |bench| {
        // By reference: dropping the cloned book is not part of the measurement.
        bench.iter_batched_ref(
            || base.clone(),
            |b| black_box(b.on_mark(60_000 * U + 5 * U)),
            BatchSize::LargeInput,
        )
    });
    c.bench_function("settle 100k options due at one instant", |bench| {
        bench.iter_batched_ref(
            || {
                let mut w = Wheel::default();
                for id in 0..100_000 {
                    w.insert(1_000, id);
                }
                w
            },
            |w| {
                let due = w.take_due(1_000);
                let mut paid = 0i64;
                for (_, id) in due {
                    let dir = if id % 2 == 0 {
                        Direction::Rise
                    } else {
                        Direction::Fall
                    };
                    paid += payout(outcome(dir, 60_000 * U, 60_001 * U), 100 * U, 800_000);
                }
                black_box(paid)
            },
            BatchSize::LargeInput,
        )
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
