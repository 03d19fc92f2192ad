//! What a market tells once a change has committed: trades, depth snapshots
//! (at most one per [`DEPTH_EVERY`]), each owner's order and balance events,
//! and the forming K-line bars that trades and the index move.

use super::actor::MarketActor;
use super::book::notional_floor;
use super::kline::{Bar, Period, PERIODS};
use super::settling::Outcome;
use crate::runtime::clock::now_ms;
use crate::runtime::Event;
use crate::runtime::ProductError;
use serde_json::{json, Value};
use std::collections::HashSet;
use std::time::Duration;

/// The shortest time between two depth snapshots of one market.
pub(super) const DEPTH_EVERY: Duration = Duration::from_millis(100);

impl MarketActor {
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
    pub(super) fn flush_depth(&mut self) {
        if self.depth_due {
            self.publish_depth();
        }
    }

    /// Applies a trade or an index observation to every forming bar.
    pub(super) fn observe(&mut self, price: i64, volume: i64, amount: i64, at: i64) {
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
    pub(super) fn after_batch(&mut self, results: &[Result<Outcome, ProductError>]) {
        let outs: Vec<&Outcome> = results.iter().flatten().collect();
        self.publish_together(|act| {
            act.publish_fills(&outs);
            if outs.iter().any(|o| o.book_changed) {
                act.publish_depth();
            }
        });
    }

    /// Publishes what one committed change (a cancel, a re-quote) did.
    pub(super) fn after_commit(&mut self, out: &Outcome) {
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
