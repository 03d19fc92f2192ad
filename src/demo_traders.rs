//! Demo traders: a few accounts, marked demo, that trade in the demo
//! configuration so that a fresh install shows trades, volume and moving
//! candles. They are ordinary users to the market: each order goes to the
//! market actor as the `coin/trade` handler sends it, is matched against
//! whoever rests there, and moves only the trader's own funds through the
//! ledger. Nothing they do can set a price anyone else gets beyond what an
//! order in the book does, and they are off unless `demo.traders` is above 0
//! (it is 0 in `production.example.toml` and in the test configuration).

use crate::state::AppState;
use ::actors::ledger::account;
use ::actors::market::actor::{MarketSpec, Place, Snapshot};
use ::actors::market::book::{Kind, Side};
use ::actors::money::to_units;
use ::actors::runtime::{Check, Checks, Meter};
use actix::prelude::*;
use rand::Rng;
use rust_decimal::Decimal;
use serde_json::Value;
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

/// Spending per order in the quote coin: from 15 to 300 (units of the quote).
const SPEND_MIN: i64 = 15;
const SPEND_MAX: i64 = 300;
/// A resting demo order is cancelled after this long (ms), so the book holds
/// no stale demo orders far from the price.
const REST_MS: i64 = 90_000;

/// Creates (once) the demo trader accounts, funds each as the demo user is
/// funded, and answers their ids in order.
pub async fn ensure_accounts(state: &AppState, count: u32) -> Result<Vec<i64>, String> {
    let mut ids = Vec::new();
    for n in 1..=count {
        let email = format!("demo-trader-{n}@bourse.local");
        if let Some((id, _)) = crate::seed::demo_bot(state, &email).await? {
            ids.push(id);
        }
    }
    Ok(ids)
}

/// What a market looks like to a trader deciding: price, steps and holdings.
#[derive(Debug, Clone, Copy)]
pub struct View {
    pub price: i64,
    pub tick: i64,
    pub lot: i64,
    pub min_qty: i64,
    /// Available base and quote of the trader.
    pub base: i64,
    pub quote: i64,
}

/// One order a trader places, or none when it holds too little for either side.
/// Buys or sells with equal odds where it can do both (it sells what it bought,
/// so its holdings wander rather than drain); two orders in three are market
/// orders, the rest limit orders a few ticks from the price that may rest.
pub fn decide(rng: &mut impl Rng, v: &View) -> Option<(Side, Kind)> {
    const UNIT: i64 = 100_000_000;
    let lot = v.lot.max(1);
    let spend = rng.gen_range(SPEND_MIN..=SPEND_MAX) * UNIT;
    // The quantity `spend` buys at the price, in whole lots.
    let qty_for = |quote: i64| -> i64 {
        if v.price <= 0 {
            return 0;
        }
        let q = (quote as i128 * UNIT as i128 / v.price as i128) as i64;
        q / lot * lot
    };
    let can_buy = v.quote >= spend;
    let sell_qty = qty_for(spend).min(v.base / lot * lot);
    let can_sell = sell_qty >= v.min_qty.max(lot);
    let side = match (can_buy, can_sell) {
        (true, true) => {
            if rng.gen_bool(0.5) {
                Side::Buy
            } else {
                Side::Sell
            }
        }
        (true, false) => Side::Buy,
        (false, true) => Side::Sell,
        (false, false) => return None,
    };
    if rng.gen_ratio(2, 3) {
        return Some(match side {
            Side::Buy => (side, Kind::MarketBuy { quote: spend }),
            Side::Sell => (side, Kind::MarketSell { qty: sell_qty }),
        });
    }
    // A limit order from 1 to 8 ticks inside or outside the price.
    let ticks = rng.gen_range(-8..=8) * v.tick.max(1);
    let price = match side {
        Side::Buy => v.price - ticks,
        Side::Sell => v.price + ticks,
    };
    if price <= 0 {
        return None;
    }
    let qty = match side {
        Side::Buy => {
            let q = (spend as i128 * UNIT as i128 / price as i128) as i64;
            q / lot * lot
        }
        Side::Sell => sell_qty,
    };
    (qty >= v.min_qty.max(lot)).then_some((side, Kind::Limit { price, qty }))
}

fn units_of(v: &Value) -> i64 {
    v.as_str()
        .and_then(|s| Decimal::from_str(s).ok())
        .and_then(|d| to_units(d).ok())
        .unwrap_or(0)
}

/// The actor that paces the demo traders: one order every `every`, by a trader
/// and in a spot market drawn at random, and the cancel of demo orders that
/// rested longer than [`REST_MS`].
pub struct DemoTraders {
    state: AppState,
    traders: Vec<i64>,
    every: Duration,
    placed: u64,
    refused: u64,
    busy: bool,
    /// Counts each round as a message handled, for the health screen.
    meter: Arc<Meter>,
    /// Every draw of the traders (`demo.random_seed`).
    rng: Arc<std::sync::Mutex<rand::rngs::StdRng>>,
}

impl DemoTraders {
    pub fn new(
        state: AppState,
        traders: Vec<i64>,
        every: Duration,
        meter: Arc<Meter>,
    ) -> DemoTraders {
        let rng = state.settings.demo.rng(0);
        DemoTraders {
            rng,
            state,
            traders,
            every,
            placed: 0,
            refused: 0,
            busy: false,
            meter,
        }
    }
}

/// One round: cancel stale demo orders, then place one order. Answers whether
/// the order was accepted (None when nothing was placed).
async fn round(
    state: AppState,
    traders: Vec<i64>,
    rng: Arc<std::sync::Mutex<rand::rngs::StdRng>>,
) -> Option<bool> {
    cancel_stale(&state, &traders).await;
    let markets = state.markets.clone();
    if traders.is_empty() || markets.list.is_empty() {
        return None;
    }
    let (trader, market) = {
        let mut rng = crate::copy::demo::lock(&rng);
        (
            traders[rng.gen_range(0..traders.len())],
            &markets.list[rng.gen_range(0..markets.list.len())],
        )
    };
    let snap = market.send(Snapshot).await.ok()?;
    let spec: &MarketSpec = &market.spec;
    let bal = |c| ::actors::ledger::balance(&state.db, trader, c, account::CHANGE);
    let (base, quote) = (bal(spec.base).await.ok()?.0, bal(spec.quote).await.ok()?.0);
    let view = View {
        price: units_of(&snap["now_price"]),
        tick: units_of(&snap["tick"]),
        lot: units_of(&snap["lot"]),
        min_qty: units_of(&snap["min_qty"]),
        base,
        quote,
    };
    let (side, kind) = decide(&mut *crate::copy::demo::lock(&rng), &view)?;
    let placed = market.send(Place::new(trader, side, kind)).await.ok()?;
    Some(placed.is_ok())
}

async fn cancel_stale(state: &AppState, traders: &[i64]) {
    let before = crate::db::now_ms() - REST_MS;
    for &t in traders {
        let rows: Vec<(i64, i64)> = sqlx::query_as(
            "SELECT id, market FROM orders WHERE user_id = $1 AND status = 0 AND created_at < $2",
        )
        .bind(t)
        .bind(before)
        .fetch_all(&state.db)
        .await
        .unwrap_or_default();
        for (order_id, market) in rows {
            if let Some(m) = state.markets.by_id(market) {
                let _ = m
                    .send(::actors::market::actor::Cancel {
                        user_id: t,
                        order_id,
                    })
                    .await;
            }
        }
    }
}

impl Actor for DemoTraders {
    type Context = Context<Self>;

    fn started(&mut self, ctx: &mut Context<Self>) {
        ctx.run_interval(self.every, |act, ctx| {
            // A round still running (a slow database) is not overtaken.
            if act.busy {
                return;
            }
            act.busy = true;
            let fut = round(act.state.clone(), act.traders.clone(), act.rng.clone());
            ctx.spawn(fut.into_actor(act).map(|res, act, _| {
                act.busy = false;
                act.meter.seen();
                match res {
                    Some(true) => act.placed += 1,
                    Some(false) => act.refused += 1,
                    None => {}
                }
            }));
        });
    }
}

impl Handler<Checks> for DemoTraders {
    type Result = MessageResult<Checks>;

    fn handle(&mut self, _: Checks, _: &mut Context<Self>) -> Self::Result {
        MessageResult(vec![
            Check::ok("accounts", self.traders.len().to_string()),
            Check::ok("placed", self.placed.to_string()),
            Check::ok("refused", self.refused.to_string()),
        ])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    const U: i64 = 100_000_000;

    fn view(base: i64, quote: i64) -> View {
        View {
            price: 67_000 * U,
            tick: U / 100,
            lot: U / 10_000,
            min_qty: U / 10_000,
            base,
            quote,
        }
    }

    #[test]
    fn orders_stay_within_holdings_and_modest() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(1);
        let (mut buys, mut sells) = (0, 0);
        for _ in 0..2000 {
            let v = view(U / 10, 500 * U);
            let Some((side, kind)) = decide(&mut rng, &v) else {
                panic!("a funded trader always finds an order");
            };
            match (side, kind) {
                (Side::Buy, Kind::MarketBuy { quote }) => {
                    assert!((SPEND_MIN * U..=SPEND_MAX * U).contains(&quote) && quote <= v.quote);
                    buys += 1;
                }
                (Side::Sell, Kind::MarketSell { qty }) => {
                    assert!(qty <= v.base && qty > 0);
                    sells += 1;
                }
                (_, Kind::Limit { price, qty }) => {
                    assert!((price - v.price).abs() <= 8 * v.tick && qty > 0);
                }
                other => panic!("unexpected {other:?}"),
            }
        }
        assert!(buys > 300 && sells > 300, "{buys} {sells}");
    }

    #[test]
    fn a_trader_without_funds_places_nothing_and_one_side_only_where_it_holds() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(2);
        assert!(decide(&mut rng, &view(0, 0)).is_none());
        for _ in 0..200 {
            let only_quote = decide(&mut rng, &view(0, 1_000 * U));
            assert!(only_quote.is_some_and(|(s, _)| s == Side::Buy));
            let only_base = decide(&mut rng, &view(U, 0));
            assert!(only_base.is_some_and(|(s, _)| s == Side::Sell));
        }
    }
}
