//! A pure limit order book: price-time priority, limit and market orders, partial
//! fills, cancel, tick and lot validation, and self-trade prevention. Prices and
//! quantities are integers (10^-8 units); no I/O, no clocks, no async.
//!
//! Self-trade prevention: when an incoming order would match a resting order of
//! the same owner, the incoming order's remainder is cancelled ("cancel newest").
//! Resting orders are never touched by someone's own new order, so what a user
//! sees on the book stays there until it trades or they cancel it.

use index::OrderIndex;
use std::collections::{BTreeMap, VecDeque};

mod index;

pub type OrderId = i64;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    Buy,
    Sell,
}

impl Side {
    pub fn opposite(self) -> Side {
        match self {
            Side::Buy => Side::Sell,
            Side::Sell => Side::Buy,
        }
    }
}

/// What an incoming order asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Rests at `price` for whatever does not fill at once.
    Limit { price: i64, qty: i64 },
    /// Buys with at most `quote` units of the quote coin (price × qty / 10^8),
    /// taking the best asks; never rests.
    MarketBuy { quote: i64 },
    /// Sells `qty` into the best bids; never rests.
    MarketSell { qty: i64 },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NewOrder {
    pub id: OrderId,
    pub owner: i64,
    pub side: Side,
    pub kind: Kind,
}

/// An order waiting on the book.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Resting {
    pub id: OrderId,
    pub owner: i64,
    pub side: Side,
    pub price: i64,
    pub remaining: i64,
}

/// One trade between a resting (maker) and an incoming (taker) order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fill {
    pub maker: OrderId,
    pub maker_owner: i64,
    pub taker: OrderId,
    pub taker_owner: i64,
    pub taker_side: Side,
    pub price: i64,
    pub qty: i64,
    /// Whether the maker order is now completely filled.
    pub maker_done: bool,
}

/// The result of placing an order.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Placed {
    pub fills: Vec<Fill>,
    /// Quantity left resting on the book (limit orders only).
    pub rested: i64,
    /// Why the order stopped short of its full size without resting, if it did.
    pub stopped: Option<Stop>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// A market order found no (more) liquidity, or its budget ran out.
    NoLiquidity,
    /// The next match would have been against the same owner.
    SelfTrade,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BookError {
    /// Price not a positive multiple of the tick size.
    Tick,
    /// Quantity not a positive multiple of the lot size, or below the minimum.
    Lot,
    /// An order with this id is already on the book.
    Duplicate,
}

/// Units per whole coin: notional = price × qty / SCALE.
pub const SCALE: i128 = 100_000_000;

/// Quote value of `qty` at `price`, rounded up (what a buyer must have).
pub fn notional_ceil(price: i64, qty: i64) -> i64 {
    let n = price as i128 * qty as i128;
    ((n + SCALE - 1) / SCALE) as i64
}

/// Quote value of `qty` at `price`, rounded down, or None when it does not fit in
/// units (a price and quantity each valid alone can still overflow together).
pub fn notional_checked(price: i64, qty: i64) -> Option<i64> {
    i64::try_from(price as i128 * qty as i128 / SCALE).ok()
}

/// Quote value of `qty` at `price`, rounded down (what a seller receives).
pub fn notional_floor(price: i64, qty: i64) -> i64 {
    (price as i128 * qty as i128 / SCALE) as i64
}

/// The order book of one market.
#[derive(Debug, Clone, Default)]
pub struct OrderBook {
    pub tick: i64,
    pub lot: i64,
    pub min_qty: i64,
    bids: BTreeMap<i64, VecDeque<OrderId>>,
    asks: BTreeMap<i64, VecDeque<OrderId>>,
    orders: OrderIndex,
}

impl OrderBook {
    pub fn new(tick: i64, lot: i64, min_qty: i64) -> OrderBook {
        OrderBook {
            tick: tick.max(1),
            lot: lot.max(1),
            min_qty: min_qty.max(0),
            ..OrderBook::default()
        }
    }

    pub fn best_bid(&self) -> Option<i64> {
        self.bids.keys().next_back().copied()
    }

    pub fn best_ask(&self) -> Option<i64> {
        self.asks.keys().next().copied()
    }

    pub fn get(&self, id: OrderId) -> Option<&Resting> {
        self.orders.get(&id)
    }

    pub fn len(&self) -> usize {
        self.orders.len()
    }

    pub fn is_empty(&self) -> bool {
        self.orders.is_empty()
    }

    /// Resting orders in priority order for one side.
    pub fn orders(&self, side: Side) -> Vec<Resting> {
        let levels: Box<dyn Iterator<Item = &VecDeque<OrderId>>> = match side {
            Side::Buy => Box::new(self.bids.values().rev()),
            Side::Sell => Box::new(self.asks.values()),
        };
        levels
            .flat_map(|q| q.iter().filter_map(|id| self.orders.get(id).copied()))
            .collect()
    }

    /// Aggregated levels `(price, qty)`, best first, at most `depth`.
    pub fn depth(&self, side: Side, depth: usize) -> Vec<(i64, i64)> {
        let sum = |q: &VecDeque<OrderId>| {
            q.iter()
                .filter_map(|id| self.orders.get(id))
                .map(|o| o.remaining)
                .sum()
        };
        match side {
            Side::Buy => self
                .bids
                .iter()
                .rev()
                .take(depth)
                .map(|(p, q)| (*p, sum(q)))
                .collect(),
            Side::Sell => self
                .asks
                .iter()
                .take(depth)
                .map(|(p, q)| (*p, sum(q)))
                .collect(),
        }
    }

    /// Checks tick and lot without changing anything.
    pub fn validate(&self, kind: &Kind) -> Result<(), BookError> {
        let lot_ok = |q: i64| q > 0 && q % self.lot == 0 && q >= self.min_qty;
        match *kind {
            Kind::Limit { price, qty } => {
                if price <= 0 || price % self.tick != 0 {
                    return Err(BookError::Tick);
                }
                if !lot_ok(qty) {
                    return Err(BookError::Lot);
                }
            }
            Kind::MarketSell { qty } => {
                if !lot_ok(qty) {
                    return Err(BookError::Lot);
                }
            }
            Kind::MarketBuy { quote } => {
                if quote <= 0 {
                    return Err(BookError::Lot);
                }
            }
        }
        Ok(())
    }

    /// Matches `order` against the book and rests what a limit order leaves.
    pub fn place(&mut self, order: NewOrder) -> Result<Placed, BookError> {
        self.validate(&order.kind)?;
        if self.orders.contains_key(&order.id) {
            return Err(BookError::Duplicate);
        }
        let mut placed = Placed::default();
        let (limit, mut qty_left, mut quote_left) = match order.kind {
            Kind::Limit { price, qty } => (Some(price), qty, i64::MAX),
            Kind::MarketSell { qty } => (None, qty, i64::MAX),
            Kind::MarketBuy { quote } => (None, i64::MAX, quote),
        };
        loop {
            if qty_left == 0 {
                break;
            }
            let best = match order.side {
                Side::Buy => self.asks.iter_mut().next(),
                Side::Sell => self.bids.iter_mut().next_back(),
            };
            let Some((&price, queue)) = best else {
                if limit.is_none() {
                    placed.stopped = Some(Stop::NoLiquidity);
                }
                break;
            };
            let crosses = match (order.side, limit) {
                (_, None) => true,
                (Side::Buy, Some(l)) => price <= l,
                (Side::Sell, Some(l)) => price >= l,
            };
            if !crosses {
                break;
            }
            let Some(&maker_id) = queue.front() else {
                // An empty level never stays in the map; remove defensively.
                self.remove_level(order.side.opposite(), price);
                continue;
            };
            let Some(maker) = self.orders.get(&maker_id).copied() else {
                queue.pop_front();
                continue;
            };
            if maker.owner == order.owner {
                placed.stopped = Some(Stop::SelfTrade);
                qty_left = 0;
                break;
            }
            let mut qty = maker.remaining.min(qty_left);
            if let Kind::MarketBuy { .. } = order.kind {
                // Largest whole number of lots the remaining budget pays for.
                let affordable = (quote_left as i128 * SCALE / price as i128) as i64;
                qty = qty.min(affordable - affordable % self.lot);
                if qty <= 0 {
                    placed.stopped = Some(Stop::NoLiquidity);
                    break;
                }
                quote_left -= notional_ceil(price, qty);
            } else {
                qty_left -= qty;
            }
            let maker_done = qty == maker.remaining;
            placed.fills.push(Fill {
                maker: maker_id,
                maker_owner: maker.owner,
                taker: order.id,
                taker_owner: order.owner,
                taker_side: order.side,
                price,
                qty,
                maker_done,
            });
            if maker_done {
                queue.pop_front();
                self.orders.remove(&maker_id);
                if queue.is_empty() {
                    self.remove_level(order.side.opposite(), price);
                }
            } else if let Some(m) = self.orders.get_mut(&maker_id) {
                m.remaining -= qty;
            }
        }
        if let (Some(price), true) = (limit, qty_left > 0 && placed.stopped.is_none()) {
            self.rest(Resting {
                id: order.id,
                owner: order.owner,
                side: order.side,
                price,
                remaining: qty_left,
            });
            placed.rested = qty_left;
        }
        self.check();
        Ok(placed)
    }

    /// Puts an order straight on the book (rebuilding from storage). It must not
    /// cross; a crossing order is refused so the book never holds a crossed state.
    pub fn restore(&mut self, order: Resting) -> Result<(), BookError> {
        if self.orders.contains_key(&order.id) {
            return Err(BookError::Duplicate);
        }
        let crosses = match order.side {
            Side::Buy => self.best_ask().is_some_and(|a| order.price >= a),
            Side::Sell => self.best_bid().is_some_and(|b| order.price <= b),
        };
        if crosses || order.remaining <= 0 {
            return Err(BookError::Tick);
        }
        self.rest(order);
        self.check();
        Ok(())
    }

    /// Takes an order off the book.
    pub fn cancel(&mut self, id: OrderId) -> Option<Resting> {
        let order = self.orders.remove(&id)?;
        let levels = match order.side {
            Side::Buy => &mut self.bids,
            Side::Sell => &mut self.asks,
        };
        if let Some(q) = levels.get_mut(&order.price) {
            q.retain(|o| *o != id);
            if q.is_empty() {
                levels.remove(&order.price);
            }
        }
        self.check();
        Some(order)
    }

    fn rest(&mut self, order: Resting) {
        let levels = match order.side {
            Side::Buy => &mut self.bids,
            Side::Sell => &mut self.asks,
        };
        levels.entry(order.price).or_default().push_back(order.id);
        self.orders.insert(order.id, order);
    }

    fn remove_level(&mut self, side: Side, price: i64) {
        match side {
            Side::Buy => self.bids.remove(&price),
            Side::Sell => self.asks.remove(&price),
        };
    }

    /// The book's invariants, checked after every change in debug builds.
    fn check(&self) {
        #[cfg(debug_assertions)]
        {
            if let (Some(b), Some(a)) = (self.best_bid(), self.best_ask()) {
                debug_assert!(b < a, "crossed book: bid {b} ask {a}");
            }
            let queued: usize = self
                .bids
                .values()
                .chain(self.asks.values())
                .map(VecDeque::len)
                .sum();
            debug_assert_eq!(queued, self.orders.len(), "index and levels disagree");
            for (side, levels) in [(Side::Buy, &self.bids), (Side::Sell, &self.asks)] {
                for (price, q) in levels {
                    debug_assert!(!q.is_empty(), "empty level left at {price}");
                    for id in q {
                        let o = self.orders.get(id);
                        debug_assert!(
                            o.is_some_and(|o| o.side == side
                                && o.price == *price
                                && o.remaining > 0),
                            "order {id} misplaced"
                        );
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests;
