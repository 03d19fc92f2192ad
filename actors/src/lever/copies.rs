//! What the contract actor does for copy trading besides the copy step
//! itself (`copy::copying`, run in the leader's open and close): close or
//! release a follow's copies when it ends, let a follower keep one copy as
//! their own, report a follow's open profit for its stop, and tell the
//! followers what happened to their copies.

use super::actor::ContractActor;
use super::book::Position;
use super::math;
use crate::copy::copying::{self, Opened};
use crate::market::actor::now_ms;
use crate::market::deriv::common;
use crate::runtime::Event;
use crate::runtime::ProductError;
use crate::sql::Arg;
use actix::prelude::*;
use serde_json::json;
use std::collections::HashMap;

impl ContractActor {
    /// After a leader's open committed: the copies join the book and each
    /// follower hears of their copy or of why there is none.
    pub(super) fn copies_opened(&mut self, leader: i64, symbol: &str, c: Opened) {
        let quote = self.spec.quote;
        let mut events = Vec::with_capacity(c.positions.len() * 2 + c.skipped.len());
        for p in &c.positions {
            events.push(Event::Private {
                user_id: p.user,
                event: "copy_opened",
                payload: json!({"id": p.id, "trader_id": leader, "symbol": symbol, "lead_id": p.copy.map(|l| l.lead)}),
            });
            events.push(Event::Private {
                user_id: p.user,
                event: "balance",
                payload: json!({"currencies": [quote]}),
            });
        }
        for (f, skip) in &c.skipped {
            events.push(Event::Private {
                user_id: f.user,
                event: "copy_skipped",
                payload: json!({"follow_id": f.id, "trader_id": leader, "symbol": symbol, "reason": skip.code()}),
            });
        }
        for p in c.positions {
            self.state.book.upsert(p);
        }
        if !events.is_empty() {
            self.publish(Event::Many(events));
        }
    }

    /// After copies closed with their leader: they leave the book and their
    /// holders hear of it.
    pub(super) fn copies_closed(&mut self, closed: &[Position]) {
        if closed.is_empty() {
            return;
        }
        let quote = self.spec.quote;
        let mut events = Vec::with_capacity(closed.len() * 2);
        for p in closed {
            self.state.book.remove(p.id);
            events.push(Event::Private {
                user_id: p.user,
                event: "copy_closed",
                payload: json!({"id": [p.id], "lead_id": p.copy.map(|l| l.lead)}),
            });
            events.push(Event::Private {
                user_id: p.user,
                event: "lever_closed",
                payload: json!({"id": [p.id]}),
            });
            events.push(Event::Private {
                user_id: p.user,
                event: "balance",
                payload: json!({"currencies": [quote]}),
            });
        }
        self.publish(Event::Many(events));
    }
}

/// Close a follow's copies at the mark (it was cancelled with "close", or
/// its stop was reached).
#[derive(Message)]
#[rtype(result = "Result<usize, ProductError>")]
pub struct CloseCopies {
    pub follow: i64,
    pub reason: &'static str,
}

/// Stop copies following their leader's close: every copy of a follow (it
/// was cancelled with "keep"), or one copy of its holder (`user`, `id`).
#[derive(Message)]
#[rtype(result = "Result<usize, ProductError>")]
pub struct HoldCopies {
    pub follow: Option<i64>,
    pub position: Option<(i64, i64)>,
}

/// The open profit of each follow's copies at the mark, for the follows' stops.
#[derive(Message)]
#[rtype(result = "HashMap<i64, i64>")]
pub struct Exposure;

type Count = AtomicResponse<ContractActor, Result<usize, ProductError>>;

impl Handler<CloseCopies> for ContractActor {
    type Result = Count;

    fn handle(&mut self, m: CloseCopies, _: &mut Context<Self>) -> Count {
        if let Err(e) = common::ready(self.state.loaded, self.index) {
            return AtomicResponse::new(Box::pin(actix::fut::err(e)));
        }
        let copies = self.state.book.copies_in(m.follow);
        let (db, quote, mark) = (self.db.clone(), self.spec.quote, self.index);
        let list = copies.clone();
        let fut = async move {
            if list.is_empty() {
                return Ok(0);
            }
            let mut tx = db.begin().await?;
            copying::close_all(&mut tx, quote, &list, mark, m.reason, now_ms()).await?;
            tx.commit().await?;
            Ok::<_, ProductError>(list.len())
        };
        AtomicResponse::new(Box::pin(fut.into_actor(self).map(move |res, act, _| {
            let n = res?;
            act.copies_closed(&copies);
            Ok(n)
        })))
    }
}

impl Handler<HoldCopies> for ContractActor {
    type Result = Count;

    fn handle(&mut self, m: HoldCopies, _: &mut Context<Self>) -> Count {
        if !self.state.loaded {
            return AtomicResponse::new(Box::pin(actix::fut::err(ProductError::Internal(
                "not loaded".into(),
            ))));
        }
        let held: Vec<Position> = match (m.follow, m.position) {
            (Some(f), _) => self.state.book.copies_in(f),
            (None, Some((user, id))) => self
                .state
                .book
                .position(id)
                .filter(|p| p.user == user && p.copy.is_some())
                .cloned()
                .into_iter()
                .collect(),
            (None, None) => Vec::new(),
        };
        let db = self.db.clone();
        let ids: Vec<i64> = held.iter().map(|p| p.id).collect();
        let fut = async move {
            if ids.is_empty() {
                return Ok(0);
            }
            let mut tx = db.begin().await?;
            let params = tx.db().params();
            let sql = format!(
                "UPDATE lever_orders SET self_held = 1 WHERE status = 1 AND id IN ({})",
                params.list(1, ids.len())
            );
            let args: Vec<Arg> = ids.iter().map(|i| Arg::Int(*i)).collect();
            tx.db().execute(&sql, &args).await?;
            tx.commit().await?;
            Ok::<_, ProductError>(ids.len())
        };
        AtomicResponse::new(Box::pin(fut.into_actor(self).map(move |res, act, _| {
            let n = res?;
            for p in held {
                act.state.book.upsert(Position { copy: None, ..p });
            }
            Ok(n)
        })))
    }
}

impl Handler<Exposure> for ContractActor {
    type Result = MessageResult<Exposure>;

    fn handle(&mut self, _: Exposure, _: &mut Context<Self>) -> Self::Result {
        let mut by_follow: HashMap<i64, i64> = HashMap::new();
        if self.index > 0 {
            for p in self.state.book.positions() {
                if let Some(c) = p.copy {
                    *by_follow.entry(c.follow).or_default() +=
                        math::profit(p.dir, p.open, self.index, p.qty);
                }
            }
        }
        MessageResult(by_follow)
    }
}
