//! What the contract actor does on its own clock: apply each new mark (the
//! triggers it crosses, then every holder's live profit) and charge the daily
//! overnight fee.

use super::actor::ContractActor;
use super::book::{Position, What};
use super::math;
use super::store::{close_in, lever_row, load};
use crate::copy::copying::{self, Fill, Opened};
use crate::copy::LeadPlan;
use crate::ledger::{account, precision, Bucket, Posting, SystemAccount};
use crate::market::actor::{now_ms, units, MarketError};
use crate::market::deriv::{code_dir, dir_code, post, Mark};
use crate::runtime::Event;
use actix::prelude::*;
use serde_json::{json, Value};
use std::collections::HashMap;

/// Charge the overnight fee of `day` (UTC days since the epoch).
#[derive(Message)]
#[rtype(result = "()")]
pub struct Overnight {
    pub day: i64,
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
        let Some(d) = Some(&mut self.state).filter(|d| d.loaded && d.spec.lever) else {
            return AtomicResponse::new(Box::pin(actix::fut::ready(())));
        };
        let fired = d.book.on_mark(mark);
        // Positions and orders that fired left the book; their data is needed.
        let snapshot: Vec<(i64, What, Option<Position>)> =
            fired.iter().map(|f| (f.id, f.what, None)).collect();
        // The copies of leader positions that fired close with them, at this
        // mark; so do copies whose leader closed without them (found on load).
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
        let (store, plans) = (self.db.clone(), self.copies.clone());
        let nothing_fired = fired.is_empty() && follow.is_empty();
        // A leader's limit order that triggers is copied in this transaction,
        // as a market order is in its own: the leaders' plans are taken first,
        // in user order (two markets never wait on each other's).
        let mut leads: Vec<(i64, std::sync::Arc<tokio::sync::Mutex<LeadPlan>>)> = fired
            .iter()
            .filter(|f| f.what == What::Open)
            .filter_map(|f| plans.of(f.user).map(|p| (f.user, p)))
            .collect();
        leads.sort_by_key(|l| l.0);
        leads.dedup_by_key(|l| l.0);
        let (tick, lot_units, fee_ppm) = (self.spec.tick, d.spec.lot_units, d.spec.fee_ppm);
        let symbol = self.spec.symbol.clone();
        let (db, quote, market, maint) = (
            self.db.clone(),
            self.spec.quote,
            self.spec.id,
            d.spec.maintenance_ppm,
        );
        let fut = async move {
            // Nothing fired (almost every tick): no transaction, which would
            // take the writers' turn from the markets' order batches.
            if snapshot.is_empty() && follow.is_empty() {
                return Ok((Vec::new(), Vec::new(), follow, Vec::new()));
            }
            let mut guards = HashMap::new();
            for (user, plan) in leads {
                guards.insert(user, plan.lock_owned().await);
            }
            let mut copied: Vec<(i64, Opened)> = Vec::new();
            let now = now_ms();
            let mut tx = db.begin().await?;
            let mut opened: Vec<Position> = Vec::new();
            let mut closed: Vec<(i64, i64)> = Vec::new();
            for (id, what, _) in &snapshot {
                let r = lever_row(&mut tx, *id).await?;
                let (user, dir, status, qty, target, margin, fee) = (
                    r.user_id,
                    code_dir(r.direction),
                    r.status,
                    r.qty,
                    r.target_price,
                    r.margin,
                    r.fee,
                );
                match what {
                    What::Open if status == 0 => {
                        sqlx::query("UPDATE lever_orders SET status = 1, open_price = $1, frozen = margin, opened_at = $2 WHERE id = $3 AND status = 0")
                            .bind(target)
                            .bind(now)
                            .bind(id)
                            .execute(&mut *tx)
                            .await?;
                        post(
                            &mut tx,
                            format!("lever:{id}:trigger"),
                            "contract_open",
                            "lever_order",
                            *id,
                            vec![
                                Posting::user(user, account::LEVER, quote, Bucket::Frozen, -fee),
                                Posting::system(SystemAccount::Fees, quote, fee),
                            ],
                        )
                        .await?;
                        if let Some(plan) = guards.get(&user) {
                            let fill = Fill {
                                id: *id,
                                leader: user,
                                market,
                                quote,
                                dir,
                                share: r.share,
                                price: target,
                                multiple: r.multiple,
                                lot_units,
                                fee_ppm,
                                tick,
                                now,
                            };
                            if let Some(c) = copying::open(&mut tx, plan, &fill).await? {
                                copied.push((user, c));
                            }
                        }
                        opened.push(Position {
                            id: *id,
                            user,
                            dir,
                            qty,
                            open: target,
                            margin,
                            tp: None,
                            sl: None,
                            copy: None,
                        });
                    }
                    What::Liquidation | What::StopLoss | What::TakeProfit if status == 1 => {
                        let p = Position {
                            id: *id,
                            user,
                            dir,
                            qty,
                            open: r.open_price,
                            margin,
                            tp: r.tp,
                            sl: r.sl,
                            copy: None,
                        };
                        let reason = match what {
                            What::Liquidation => "liquidation",
                            What::StopLoss => "stop_loss",
                            _ => "take_profit",
                        };
                        if close_in(&mut tx, quote, &p, mark, reason, now)
                            .await?
                            .is_some()
                        {
                            closed.push((user, *id));
                        }
                    }
                    _ => {}
                }
            }
            let mut batches =
                copying::close_copies(&mut tx, quote, market, &follow, mark, now).await?;
            tx.commit().await?;
            drop(guards);
            batches.extend(copied.iter().map(|(leader, c)| copying::Batch {
                leader: *leader,
                id: c.batch,
                copies: c.positions.len(),
            }));
            copying::committed(&store, &plans, &batches, now).await;
            Ok::<_, MarketError>((opened, closed, follow, copied))
        };
        AtomicResponse::new(Box::pin(fut.into_actor(self).then(move |res, act, _| {
            let reload = match res {
                Ok((opened, closed, follow, copied)) => {
                    act.copies_closed(&follow);
                    for (leader, c) in copied {
                        act.copies_opened(leader, &symbol, c);
                    }
                    let opened_for: Vec<i64> = opened.iter().map(|p| p.user).collect();
                    {
                        let d = &mut act.state;
                        for p in opened {
                            d.book.upsert(p);
                        }
                    }
                    for u in opened_for {
                        act.publish(Event::Private {
                            user_id: u,
                            event: "balance",
                            payload: json!({"currencies": [quote]}),
                        });
                    }
                    let mut users: Vec<i64> = closed.iter().map(|c| c.0).collect();
                    users.sort();
                    users.dedup();
                    for u in users {
                        let ids: Vec<i64> =
                            closed.iter().filter(|c| c.0 == u).map(|c| c.1).collect();
                        act.publish(Event::Private {
                            user_id: u,
                            event: "lever_closed",
                            payload: json!({"id": ids}),
                        });
                        act.publish(Event::Private {
                            user_id: u,
                            event: "balance",
                            payload: json!({"currencies": [quote]}),
                        });
                    }
                    false
                }
                Err(e) => {
                    log::error!(
                        "market {market}: triggers not applied: {e:?}; reloading positions"
                    );
                    !nothing_fired
                }
            };
            publish_positions(act, mark, maint);
            let db = act.db.clone();
            async move {
                if reload {
                    load(db, market, maint).await.ok()
                } else {
                    None
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

/// `lever_trade` to every user with open positions: live profit and risk rate.
fn publish_positions(act: &ContractActor, mark: i64, _maint: i64) {
    let d = &act.state;
    let mut by_user: std::collections::HashMap<i64, Vec<Value>> = std::collections::HashMap::new();
    for p in d.book.positions() {
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

impl Handler<Overnight> for ContractActor {
    type Result = AtomicResponse<Self, ()>;

    fn handle(&mut self, m: Overnight, _: &mut Context<Self>) -> Self::Result {
        let Some(d) = Some(&self.state).filter(|d| d.loaded && d.spec.lever) else {
            return AtomicResponse::new(Box::pin(actix::fut::ready(())));
        };
        let (db, quote, market, mark) =
            (self.db.clone(), self.spec.quote, self.spec.id, self.index);
        let (rate, hour, maint) = (
            d.spec.overnight_ppm,
            d.spec.overnight_hour,
            d.spec.maintenance_ppm,
        );
        let fut = async move {
            let charge_at = m.day * 86_400_000 + hour * 3_600_000;
            let now = now_ms();
            let mut tx = db.begin().await?;
            let rows: Vec<(i64, i64, i64, i64, i64, i64, Option<i64>, Option<i64>)> = sqlx::query_as(
                "SELECT id, user_id, direction, qty, open_price, margin, tp, sl FROM lever_orders
                 WHERE market = $1 AND status = 1 AND overnight_day < $2 AND opened_at < $3",
            )
            .bind(market)
            .bind(m.day)
            .bind(charge_at)
            .fetch_all(&mut *tx)
            .await?;
            let mut changed = Vec::new();
            let mut closed = Vec::new();
            for (id, user, dir, qty, open, margin, tp, sl) in rows {
                let fee = precision::up(quote, math::rate_of(math::notional(open, qty), rate))
                    .min(margin);
                sqlx::query(
                    "UPDATE lever_orders SET margin = margin - $1, frozen = frozen - $1, overnight = overnight + $1, overnight_day = $2 WHERE id = $3",
                )
                .bind(fee)
                .bind(m.day)
                .bind(id)
                .execute(&mut *tx)
                .await?;
                post(
                    &mut tx,
                    format!("lever:{id}:overnight:{}", m.day),
                    "contract_overnight",
                    "lever_order",
                    id,
                    vec![
                        Posting::user(user, account::LEVER, quote, Bucket::Frozen, -fee),
                        Posting::system(SystemAccount::Fees, quote, fee),
                    ],
                )
                .await?;
                let p = Position {
                    id,
                    user,
                    dir: code_dir(dir),
                    qty,
                    open,
                    margin: margin - fee,
                    tp,
                    sl,
                    copy: None,
                };
                if p.margin == 0 {
                    // The fee took the whole margin: the position ends here.
                    close_in(&mut tx, quote, &p, mark, "overnight", now).await?;
                    closed.push((user, id));
                } else {
                    changed.push(p);
                }
            }
            tx.commit().await?;
            Ok::<_, MarketError>((changed, closed))
        };
        AtomicResponse::new(Box::pin(fut.into_actor(self).map(
            move |res, act, ctx| match res {
                Ok((changed, closed)) => {
                    // Every holder charged sees the fee leave their margin.
                    let charged = changed
                        .iter()
                        .map(|p| p.user)
                        .chain(closed.iter().map(|c| c.0));
                    act.publish(Event::balances(charged.map(|u| (u, act.spec.quote))));
                    {
                        let d = &mut act.state;
                        for p in changed {
                            let copy = d.book.position(p.id).and_then(|o| o.copy);
                            d.book.upsert(Position { copy, ..p });
                        }
                        for (_, id) in &closed {
                            d.book.remove(*id);
                            // Its copies close at the next mark.
                            let copies = d.book.copies_of(*id);
                            d.orphans.extend(copies.iter().map(|p| p.id));
                        }
                    }
                    for (user, id) in closed {
                        act.publish(Event::Private {
                            user_id: user,
                            event: "lever_closed",
                            payload: json!({"id": [id]}),
                        });
                    }
                    // A smaller margin moves liquidation prices closer: check them now.
                    ctx.notify(Mark(act.index));
                    let _ = maint;
                }
                Err(e) => log::error!(
                    "market {market}: overnight fees of day {} not charged: {e:?}",
                    m.day
                ),
            },
        )))
    }
}
