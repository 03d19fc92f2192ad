//! What the contract actor does with each new mark, in three parts: take out
//! of the book what the mark fired ([`take_fired`]), apply it in one
//! transaction with the copies it carries ([`apply`]), and take the outcome
//! back into the book and tell the holders ([`ContractActor::marked`]).

use super::actor::ContractActor;
use super::book::{Position, What};
use super::math;
use super::store::{close_in, lever_row, load, LeverRow};
use crate::copy::copying::{self, Fill, Opened};
use crate::copy::{CopyPlans, LeadPlan};
use crate::ledger::{account, Bucket, Posting, SystemAccount};
use crate::market::actor::{now_ms, units};
use crate::market::deriv::{code_dir, dir_code, post, Mark};
use crate::runtime::Event;
use crate::runtime::ProductError;
use crate::sql::{Store, WriteTx};
use actix::prelude::*;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::{Mutex, OwnedMutexGuard};

/// What a mark fired, out of the book before the database round trip.
struct Fired {
    /// Orders and positions that fired, and as what.
    fired: Vec<(i64, What)>,
    /// Copies that close at this mark: those of leader positions that fired
    /// closed, and those whose leader closed without them (found on load).
    follow: Vec<Position>,
    /// Leaders whose limit order triggered, in user order: their copies are
    /// opened in the same transaction, as a market order's are in its own.
    leads: Vec<(i64, Arc<Mutex<LeadPlan>>)>,
}

impl Fired {
    fn is_empty(&self) -> bool {
        self.fired.is_empty() && self.follow.is_empty()
    }
}

/// What the transaction did.
#[derive(Default)]
struct Applied {
    opened: Vec<Position>,
    /// (holder, position) of each position closed by a trigger.
    closed: Vec<(i64, i64)>,
    follow: Vec<Position>,
    copied: Vec<(i64, Opened)>,
}

/// The market's terms the round trip needs.
#[derive(Clone, Copy)]
struct Terms {
    market: i64,
    quote: i64,
    tick: i64,
    lot_units: i64,
    fee_ppm: i64,
}

impl Handler<Mark> for ContractActor {
    type Result = AtomicResponse<Self, ()>;

    /// The market's index moved: apply what it crosses (take-profit,
    /// stop-loss, liquidation, limit triggers) in one transaction.
    fn handle(&mut self, Mark(mark): Mark, _: &mut Context<Self>) -> Self::Result {
        self.index = mark;
        if let Some(m) = &self.meter {
            m.seen();
        }
        if !(self.state.loaded && self.state.spec.lever) {
            return AtomicResponse::new(Box::pin(actix::fut::ready(())));
        }
        let fired = take_fired(self, mark);
        let nothing_fired = fired.is_empty();
        let terms = Terms {
            market: self.spec.id,
            quote: self.spec.quote,
            tick: self.spec.tick,
            lot_units: self.state.spec.lot_units,
            fee_ppm: self.state.spec.fee_ppm,
        };
        let maint = self.state.spec.maintenance_ppm;
        let fut = apply(self.db.clone(), self.copies.clone(), terms, fired, mark);
        AtomicResponse::new(Box::pin(fut.into_actor(self).then(move |res, act, _| {
            let reload = match res {
                Ok(applied) => {
                    act.marked(applied);
                    false
                }
                Err(e) => {
                    log::error!(
                        "market {}: triggers not applied: {e:?}; reloading positions",
                        terms.market
                    );
                    !nothing_fired
                }
            };
            publish_positions(act, mark);
            let db = act.db.clone();
            async move {
                match reload {
                    true => load(db, terms.market, maint).await.ok(),
                    false => None,
                }
            }
            .into_actor(act)
            .map(|fresh, act, _| {
                if let Some((book, orphans)) = fresh {
                    act.state.book = book;
                    act.state.orphans = orphans;
                }
            })
        })))
    }
}

/// Takes out of the book what `mark` fires, with the copies that close with
/// it and the plans of the leaders whose limit orders it triggers.
fn take_fired(act: &mut ContractActor, mark: i64) -> Fired {
    let d = &mut act.state;
    let fired = d.book.on_mark(mark);
    let mut follow: Vec<Position> = fired
        .iter()
        .filter(|f| f.what != What::Open)
        .flat_map(|f| d.book.copies_of(f.id))
        .collect();
    let orphans = std::mem::take(&mut d.orphans);
    follow.extend(
        orphans
            .iter()
            .filter_map(|id| d.book.position(*id).cloned()),
    );
    follow.sort_by_key(|p| p.id);
    follow.dedup_by_key(|p| p.id);
    let mut leads: Vec<(i64, Arc<Mutex<LeadPlan>>)> = fired
        .iter()
        .filter(|f| f.what == What::Open)
        .filter_map(|f| act.copies.of(f.user).map(|p| (f.user, p)))
        .collect();
    leads.sort_by_key(|l| l.0);
    leads.dedup_by_key(|l| l.0);
    Fired {
        fired: fired.iter().map(|f| (f.id, f.what)).collect(),
        follow,
        leads,
    }
}

/// Applies what fired in one transaction: triggered orders open (with their
/// leaders' copies), triggered positions close, and the copies that follow
/// them close. Nothing fired (almost every tick): no transaction, which would
/// take the writers' turn from the markets' order batches.
async fn apply(
    db: Store,
    plans: Arc<CopyPlans>,
    terms: Terms,
    fired: Fired,
    mark: i64,
) -> Result<Applied, ProductError> {
    if fired.is_empty() {
        return Ok(Applied::default());
    }
    // The leaders' plans are taken before the writer's turn, in user order
    // (two markets never wait on each other's).
    let mut guards = HashMap::new();
    for (user, plan) in fired.leads {
        guards.insert(user, plan.lock_owned().await);
    }
    let now = now_ms();
    let mut out = Applied::default();
    let mut tx = db.begin().await?;
    for (id, what) in &fired.fired {
        let r = lever_row(&mut tx, *id).await?;
        match what {
            What::Open if r.status == 0 => {
                let (position, copied) = open_triggered(&mut tx, &r, &guards, terms, now).await?;
                out.opened.push(position);
                out.copied.extend(copied.map(|c| (r.user_id, c)));
            }
            What::Liquidation | What::StopLoss | What::TakeProfit if r.status == 1 => {
                let closed = close_triggered(&mut tx, &r, *what, terms.quote, mark, now).await?;
                out.closed.extend(closed.then_some((r.user_id, *id)));
            }
            _ => {}
        }
    }
    let mut batches =
        copying::close_copies(&mut tx, terms.quote, terms.market, &fired.follow, mark, now).await?;
    tx.commit().await?;
    drop(guards);
    batches.extend(out.copied.iter().map(|(leader, c)| copying::Batch {
        leader: *leader,
        id: c.batch,
        copies: c.positions.len(),
    }));
    copying::committed(&db, &plans, &batches, now).await;
    out.follow = fired.follow;
    Ok(out)
}

/// A limit order whose price the mark reached opens at that price and pays
/// its fee; a leader's is copied to every follower in the same transaction.
async fn open_triggered(
    tx: &mut WriteTx,
    r: &LeverRow,
    guards: &HashMap<i64, OwnedMutexGuard<LeadPlan>>,
    terms: Terms,
    now: i64,
) -> Result<(Position, Option<Opened>), ProductError> {
    let (id, user, dir, target) = (r.id, r.user_id, code_dir(r.direction), r.target_price);
    sqlx::query("UPDATE lever_orders SET status = 1, open_price = $1, frozen = margin, opened_at = $2 WHERE id = $3 AND status = 0")
        .bind(target)
        .bind(now)
        .bind(id)
        .execute(&mut **tx)
        .await?;
    post(
        tx,
        format!("lever:{id}:trigger"),
        "contract_open",
        "lever_order",
        id,
        vec![
            Posting::user(user, account::LEVER, terms.quote, Bucket::Frozen, -r.fee),
            Posting::system(SystemAccount::Fees, terms.quote, r.fee),
        ],
    )
    .await?;
    let mut copied = None;
    if let Some(plan) = guards.get(&user) {
        let fill = Fill {
            id,
            leader: user,
            market: terms.market,
            quote: terms.quote,
            dir,
            share: r.share,
            price: target,
            multiple: r.multiple,
            lot_units: terms.lot_units,
            fee_ppm: terms.fee_ppm,
            tick: terms.tick,
            now,
        };
        copied = copying::open(tx, plan, &fill).await?;
    }
    let position = Position {
        id,
        user,
        dir,
        qty: r.qty,
        open: target,
        margin: r.margin,
        tp: None,
        sl: None,
        copy: None,
    };
    Ok((position, copied))
}

/// A position the mark crossed (liquidation, stop-loss, take-profit) closes
/// at the mark; false when it had closed already.
async fn close_triggered(
    tx: &mut WriteTx,
    r: &LeverRow,
    what: What,
    quote: i64,
    mark: i64,
    now: i64,
) -> Result<bool, ProductError> {
    let p = Position {
        id: r.id,
        user: r.user_id,
        dir: code_dir(r.direction),
        qty: r.qty,
        open: r.open_price,
        margin: r.margin,
        tp: r.tp,
        sl: r.sl,
        copy: None,
    };
    let reason = match what {
        What::Liquidation => "liquidation",
        What::StopLoss => "stop_loss",
        _ => "take_profit",
    };
    Ok(close_in(tx, quote, &p, mark, reason, now).await?.is_some())
}

impl ContractActor {
    /// After the commit: the book takes the opened positions, and each holder
    /// hears of their copies, positions opened or closed, and balances.
    fn marked(&mut self, a: Applied) {
        let quote = self.spec.quote;
        self.copies_closed(&a.follow);
        for (leader, c) in a.copied {
            let symbol = self.spec.symbol.clone();
            self.copies_opened(leader, &symbol, c);
        }
        let opened_for: Vec<i64> = a.opened.iter().map(|p| p.user).collect();
        for p in a.opened {
            self.state.book.upsert(p);
        }
        for u in opened_for {
            self.publish(Event::Private {
                user_id: u,
                event: "balance",
                payload: json!({"currencies": [quote]}),
            });
        }
        let mut users: Vec<i64> = a.closed.iter().map(|c| c.0).collect();
        users.sort();
        users.dedup();
        for u in users {
            let ids: Vec<i64> = a.closed.iter().filter(|c| c.0 == u).map(|c| c.1).collect();
            self.publish(Event::Private {
                user_id: u,
                event: "lever_closed",
                payload: json!({"id": ids}),
            });
            self.publish(Event::Private {
                user_id: u,
                event: "balance",
                payload: json!({"currencies": [quote]}),
            });
        }
    }
}

/// `lever_trade` to every user with open positions: live profit and risk rate.
fn publish_positions(act: &ContractActor, mark: i64) {
    let mut by_user: HashMap<i64, Vec<Value>> = HashMap::new();
    for p in act.state.book.positions() {
        let profit = math::profit(p.dir, p.open, mark, p.qty);
        by_user.entry(p.user).or_default().push(json!({
            "id": p.id, "symbol": act.spec.symbol, "type": dir_code(p.dir), "profit": units(profit),
            "risk_rate": format!("{:.2}", math::risk_rate_ppm(p.margin, profit) as f64 / 10_000.0),
            "mark_price": units(mark),
        }));
    }
    for (user, positions) in by_user {
        act.publish(Event::Private {
            user_id: user,
            event: "lever_trade",
            payload: json!({"positions": positions}),
        });
    }
}
