//! The order book: examples, properties over random order streams, and a
//! differential test against a naive reference book.

use super::*;
use proptest::prelude::*;

const U: i64 = 100_000_000; // one whole coin / one quote unit

fn book() -> OrderBook {
    OrderBook::new(U / 100, U / 1000, U / 1000) // tick 0.01, lot 0.001, min 0.001
}

fn limit(id: i64, owner: i64, side: Side, price: i64, qty: i64) -> NewOrder {
    NewOrder {
        id,
        owner,
        side,
        kind: Kind::Limit { price, qty },
    }
}

#[test]
fn a_crossing_limit_order_fills_at_the_makers_price_and_rests_the_rest() {
    let mut b = book();
    b.place(limit(1, 10, Side::Sell, 100 * U, U)).ok();
    b.place(limit(2, 11, Side::Sell, 101 * U, U)).ok();
    let r = b
        .place(limit(3, 12, Side::Buy, 102 * U, 3 * U))
        .unwrap_or_default();
    assert_eq!(
        r.fills
            .iter()
            .map(|f| (f.maker, f.price, f.qty))
            .collect::<Vec<_>>(),
        vec![(1, 100 * U, U), (2, 101 * U, U)]
    );
    assert_eq!(r.rested, U);
    assert_eq!(b.best_bid(), Some(102 * U));
    assert_eq!(b.best_ask(), None);
}

#[test]
fn orders_at_one_price_fill_first_come_first_served_and_partially() {
    let mut b = book();
    b.place(limit(1, 10, Side::Buy, 50 * U, U)).ok();
    b.place(limit(2, 11, Side::Buy, 50 * U, U)).ok();
    let r = b
        .place(limit(3, 12, Side::Sell, 50 * U, U + U / 2))
        .unwrap_or_default();
    assert_eq!(
        r.fills
            .iter()
            .map(|f| (f.maker, f.qty, f.maker_done))
            .collect::<Vec<_>>(),
        vec![(1, U, true), (2, U / 2, false)]
    );
    assert_eq!(b.get(2).map(|o| o.remaining), Some(U / 2));
}

#[test]
fn market_orders_take_liquidity_and_never_rest() {
    let mut b = book();
    b.place(limit(1, 10, Side::Sell, 100 * U, U)).ok();
    let sell_into_nothing = b
        .place(NewOrder {
            id: 2,
            owner: 11,
            side: Side::Sell,
            kind: Kind::MarketSell { qty: U },
        })
        .unwrap_or_default();
    assert_eq!(
        (sell_into_nothing.fills.len(), sell_into_nothing.stopped),
        (0, Some(Stop::NoLiquidity))
    );
    // 150 USDT buys 1.5 at 100 but only 1 is offered.
    let buy = b
        .place(NewOrder {
            id: 3,
            owner: 11,
            side: Side::Buy,
            kind: Kind::MarketBuy { quote: 150 * U },
        })
        .unwrap_or_default();
    assert_eq!(buy.fills[0].qty, U);
    assert_eq!(buy.stopped, Some(Stop::NoLiquidity));
    assert!(b.is_empty());
}

#[test]
fn a_market_buy_spends_at_most_its_budget_in_whole_lots() {
    let mut b = book();
    b.place(limit(1, 10, Side::Sell, 3 * U, 10 * U)).ok();
    let r = b
        .place(NewOrder {
            id: 2,
            owner: 11,
            side: Side::Buy,
            kind: Kind::MarketBuy { quote: 10 * U },
        })
        .unwrap_or_default();
    let qty = r.fills[0].qty;
    assert_eq!(qty, 3_333 * U / 1000, "3.333 coins, the lot is 0.001");
    assert!(notional_ceil(3 * U, qty) <= 10 * U);
}

#[test]
fn tick_and_lot_are_enforced_and_nothing_changes() {
    let mut b = book();
    assert_eq!(
        b.place(limit(1, 10, Side::Buy, 100 * U + 1, U)),
        Err(BookError::Tick)
    );
    assert_eq!(
        b.place(limit(1, 10, Side::Buy, 100 * U, U + 1)),
        Err(BookError::Lot)
    );
    assert_eq!(
        b.place(limit(1, 10, Side::Buy, 100 * U, U / 10_000)),
        Err(BookError::Lot)
    );
    assert!(b.is_empty());
}

#[test]
fn an_order_never_trades_with_its_owners_resting_order() {
    let mut b = book();
    b.place(limit(1, 10, Side::Sell, 100 * U, U)).ok();
    let r = b
        .place(limit(2, 10, Side::Buy, 100 * U, U))
        .unwrap_or_default();
    assert!(r.fills.is_empty());
    assert_eq!(r.stopped, Some(Stop::SelfTrade));
    assert_eq!(
        b.get(1).map(|o| o.remaining),
        Some(U),
        "the resting order stays"
    );
    assert!(b.get(2).is_none(), "the new order does not rest crossed");
}

#[test]
fn cancel_removes_the_order_and_its_empty_level() {
    let mut b = book();
    b.place(limit(1, 10, Side::Buy, 100 * U, U)).ok();
    assert_eq!(b.cancel(1).map(|o| o.id), Some(1));
    assert_eq!(b.cancel(1), None);
    assert_eq!(b.best_bid(), None);
}

/// The simplest book that could work: a list scanned on every order.
#[derive(Default)]
struct Naive {
    resting: Vec<Resting>, // in arrival order
}

impl Naive {
    fn place(&mut self, o: NewOrder, lot: i64) -> Placed {
        let mut placed = Placed::default();
        let (limit, mut qty_left, mut quote_left) = match o.kind {
            Kind::Limit { price, qty } => (Some(price), qty, i64::MAX),
            Kind::MarketSell { qty } => (None, qty, i64::MAX),
            Kind::MarketBuy { quote } => (None, i64::MAX, quote),
        };
        while qty_left > 0 {
            let best = self
                .resting
                .iter()
                .enumerate()
                .filter(|(_, r)| r.side != o.side)
                .min_by_key(|(i, r)| {
                    (
                        if o.side == Side::Buy {
                            r.price
                        } else {
                            -r.price
                        },
                        *i,
                    )
                })
                .map(|(i, r)| (i, *r));
            let Some((i, m)) = best else {
                if limit.is_none() {
                    placed.stopped = Some(Stop::NoLiquidity);
                }
                break;
            };
            let crosses = match (o.side, limit) {
                (_, None) => true,
                (Side::Buy, Some(l)) => m.price <= l,
                (Side::Sell, Some(l)) => m.price >= l,
            };
            if !crosses {
                break;
            }
            if m.owner == o.owner {
                placed.stopped = Some(Stop::SelfTrade);
                qty_left = 0;
                break;
            }
            let mut qty = m.remaining.min(qty_left);
            if let Kind::MarketBuy { .. } = o.kind {
                let affordable = (quote_left as i128 * SCALE / m.price as i128) as i64;
                qty = qty.min(affordable - affordable % lot);
                if qty <= 0 {
                    placed.stopped = Some(Stop::NoLiquidity);
                    break;
                }
                quote_left -= notional_ceil(m.price, qty);
            } else {
                qty_left -= qty;
            }
            let done = qty == m.remaining;
            placed.fills.push(Fill {
                maker: m.id,
                maker_owner: m.owner,
                taker: o.id,
                taker_owner: o.owner,
                taker_side: o.side,
                price: m.price,
                qty,
                maker_done: done,
            });
            if done {
                self.resting.remove(i);
            } else {
                self.resting[i].remaining -= qty;
            }
        }
        if let (Some(price), true) = (limit, qty_left > 0 && placed.stopped.is_none()) {
            self.resting.push(Resting {
                id: o.id,
                owner: o.owner,
                side: o.side,
                price,
                remaining: qty_left,
            });
            placed.rested = qty_left;
        }
        placed
    }
}

#[derive(Debug, Clone)]
enum Action {
    Place {
        owner: i64,
        side: bool,
        price_ticks: i64,
        lots: i64,
        market: bool,
    },
    Cancel {
        back: usize,
    },
}

fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        4 => (1..5i64, any::<bool>(), 95..106i64, 1..20i64, proptest::bool::weighted(0.15))
            .prop_map(|(owner, side, price_ticks, lots, market)| Action::Place { owner, side, price_ticks, lots, market }),
        1 => (1..10usize).prop_map(|back| Action::Cancel { back }),
    ]
}

fn to_order(id: i64, a: &Action, tick: i64, lot: i64) -> Option<NewOrder> {
    let Action::Place {
        owner,
        side,
        price_ticks,
        lots,
        market,
    } = *a
    else {
        return None;
    };
    let side = if side { Side::Buy } else { Side::Sell };
    let qty = lots * lot;
    let price = price_ticks * tick;
    let kind = match (market, side) {
        (false, _) => Kind::Limit { price, qty },
        (true, Side::Sell) => Kind::MarketSell { qty },
        (true, Side::Buy) => Kind::MarketBuy {
            quote: notional_ceil(price, qty),
        },
    };
    Some(NewOrder {
        id,
        owner,
        side,
        kind,
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// The same stream gives the same trades and the same resting orders as the
    /// naive book; the book never crosses; quantity is conserved per order.
    #[test]
    fn the_book_agrees_with_the_naive_reference(actions in proptest::collection::vec(action(), 1..120)) {
        let tick = U / 100;
        let lot = U / 1000;
        let mut b = OrderBook::new(tick, lot, lot);
        let mut n = Naive::default();
        let mut ids = Vec::new();
        for (i, a) in actions.iter().enumerate() {
            let id = i as i64 + 1;
            match to_order(id, a, tick, lot) {
                Some(o) => {
                    let got = b.place(o);
                    let want = n.place(o, lot);
                    prop_assert_eq!(got.as_ref().ok(), Some(&want));
                    let filled: i64 = want.fills.iter().map(|f| f.qty).sum();
                    if let Kind::Limit { qty, .. } | Kind::MarketSell { qty } = o.kind {
                        prop_assert!(filled + want.rested <= qty);
                        if want.stopped.is_none() { prop_assert_eq!(filled + want.rested, qty); }
                    }
                    ids.push(id);
                }
                None => {
                    if let Action::Cancel { back } = a {
                        if let Some(id) = ids.len().checked_sub(*back).and_then(|j| ids.get(j)) {
                            let got = b.cancel(*id);
                            let pos = n.resting.iter().position(|r| r.id == *id);
                            let want = pos.map(|p| n.resting.remove(p));
                            prop_assert_eq!(got, want);
                        }
                    }
                }
            }
            if let (Some(bid), Some(ask)) = (b.best_bid(), b.best_ask()) {
                prop_assert!(bid < ask);
            }
        }
        let mut mine: Vec<Resting> = b.orders(Side::Buy).into_iter().chain(b.orders(Side::Sell)).collect();
        let mut theirs = n.resting.clone();
        mine.sort_by_key(|r| r.id);
        theirs.sort_by_key(|r| r.id);
        prop_assert_eq!(mine, theirs);
    }
}
