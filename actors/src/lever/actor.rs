//! `ContractActor`: one per market that offers contracts. It holds the
//! market's open positions and pending limit orders in a position book indexed
//! by the prices that fire them, and is fed the market's index by message
//! ([`Mark`]): every new mark looks up what it crosses (take-profit, stop-loss,
//! liquidation, limit triggers) and closes or opens it in one transaction. The
//! overnight fee is charged once a day at the configured hour. On start the book
//! is rebuilt from the database and the current index asked of the market;
//! whatever fell due while the server was down is applied at that price.

use super::book::{Pending, Position, PositionBook};
use super::math::Dir;
use super::overnight::Overnight;
use super::store::{close_in, lever_row, load, open_in, NewOrder, Priced};
use super::views::{Cancelled, Closed, Contract, StopSet};
use crate::copy::copying::{self, Fill};
use crate::copy::CopyPlans;
use crate::ledger::{account, Bucket, Posting};
use crate::market::actor::{now_ms, units, MarketActor, MarketSpec};
use crate::market::deriv::{common, post, CurrentIndex, DerivSpec, Mark};
use crate::runtime::ProductError;
use crate::runtime::{Check, Checks, Event, Handle, Meter};
use crate::sql::Store;
use actix::prelude::*;
use serde_json::json;
use std::sync::Arc;
use std::time::Duration;

/// The book and its clocks.
pub(super) struct Contracts {
    pub(super) spec: DerivSpec,
    pub(super) book: PositionBook,
    /// The last UTC day whose overnight fees were charged by this run.
    pub(super) overnight_done: i64,
    pub(super) loaded: bool,
    /// Copies found following a leader's position that is no longer open
    /// (its close was never applied to them); closed at the first mark.
    pub(super) orphans: Vec<i64>,
}

pub struct ContractActor {
    pub(super) spec: MarketSpec,
    pub(super) db: Store,
    events: Option<Recipient<Event>>,
    market: Handle<MarketActor>,
    /// The handle's meter: marks count as messages handled, so the health
    /// screen shows an actor with nothing to do alive.
    pub(super) meter: Option<std::sync::Arc<Meter>>,
    /// The market's index as last heard (0 until the first mark).
    pub(super) index: i64,
    pub(super) state: Contracts,
    /// Every leader's follows: a leader's open is copied in its own turn.
    pub(super) copies: Arc<CopyPlans>,
}

impl ContractActor {
    pub fn new(
        spec: MarketSpec,
        deriv: DerivSpec,
        db: Store,
        events: Option<Recipient<Event>>,
        market: Handle<MarketActor>,
    ) -> ContractActor {
        let book = PositionBook::new(deriv.maintenance_ppm);
        ContractActor {
            spec,
            db,
            events,
            market,
            meter: None,
            index: 0,
            state: Contracts {
                spec: deriv,
                book,
                overnight_done: 0,
                loaded: false,
                orphans: Vec::new(),
            },
            copies: Arc::default(),
        }
    }

    /// Reads the leaders' follows from `plans` (shared with the traders' actors).
    pub fn with_copies(mut self, plans: Arc<CopyPlans>) -> ContractActor {
        self.copies = plans;
        self
    }

    /// Counts its marks on the supervising handle's meter.
    pub fn with_meter(mut self, meter: std::sync::Arc<Meter>) -> ContractActor {
        self.meter = Some(meter);
        self
    }

    pub(super) fn publish(&self, e: Event) {
        common::publish(&self.events, e);
    }
}

impl Actor for ContractActor {
    type Context = Context<Self>;

    fn started(&mut self, ctx: &mut Context<Self>) {
        ctx.set_mailbox_capacity(10_000);
        let (db, market, id, maint) = (
            self.db.clone(),
            self.market.clone(),
            self.spec.id,
            self.state.spec.maintenance_ppm,
        );
        let fut = async move {
            let loaded = load(db, id, maint).await?;
            // The index now; a market restarting answers nothing and the next
            // mark it pushes serves instead.
            let index = market.send(CurrentIndex).await.unwrap_or(0);
            Ok::<_, sqlx::Error>((loaded, index))
        };
        ctx.wait(fut.into_actor(self).map(|res, act, ctx| match res {
            Ok(((book, orphans), index)) => {
                log::info!("{}: {} positions", act.spec.symbol, book.len());
                act.state.book = book;
                act.state.orphans = orphans;
                act.state.loaded = true;
                if index > 0 {
                    // Anything that fell due while the server was down, at today's price.
                    ctx.notify(Mark(index));
                }
            }
            Err(e) => {
                log::error!("{}: cannot load contracts: {e}", act.spec.symbol);
                ctx.stop();
            }
        }));
        ctx.run_interval(Duration::from_millis(100), |act, ctx| {
            let now = now_ms();
            let d = &mut act.state;
            let day = now.div_euclid(86_400_000);
            let charge_at = day * 86_400_000 + d.spec.overnight_hour * 3_600_000;
            if d.spec.lever && d.loaded && now >= charge_at && d.overnight_done < day {
                d.overnight_done = day;
                ctx.notify(Overnight { day });
            }
        });
    }
}

fn ready(act: &ContractActor) -> Result<&Contracts, ProductError> {
    common::ready(act.state.loaded, act.index).map(|()| &act.state)
}

type Reply<T> = AtomicResponse<ContractActor, Result<T, ProductError>>;

fn fail<T: 'static>(e: ProductError) -> Reply<T> {
    common::refuse(e)
}

impl Handler<Checks> for ContractActor {
    type Result = MessageResult<Checks>;

    fn handle(&mut self, _: Checks, _: &mut Context<Self>) -> Self::Result {
        let d = &self.state;
        MessageResult(vec![
            if d.loaded {
                Check::ok("positions", d.book.len().to_string())
            } else {
                Check::fail("positions", "not_loaded")
            },
            common::mark_check(self.index),
        ])
    }
}

#[derive(Message)]
#[rtype(result = "Result<Contract, ProductError>")]
pub struct LeverSubmit {
    pub user_id: i64,
    pub dir: Dir,
    /// A limit price, or None for a market order.
    pub limit: Option<i64>,
    pub share: i64,
    pub multiple: i64,
}

/// Close the caller's positions: one by id, or every one of the given directions.
#[derive(Message)]
#[rtype(result = "Result<Closed, ProductError>")]
pub struct LeverClose {
    pub user_id: i64,
    pub id: Option<i64>,
    pub dirs: Vec<Dir>,
}

#[derive(Message)]
#[rtype(result = "Result<StopSet, ProductError>")]
pub struct LeverSetStop {
    pub user_id: i64,
    pub id: i64,
    pub tp: Option<i64>,
    pub sl: Option<i64>,
}

#[derive(Message)]
#[rtype(result = "Result<Cancelled, ProductError>")]
pub struct LeverCancel {
    pub user_id: i64,
    pub id: i64,
}

impl Handler<LeverSubmit> for ContractActor {
    type Result = Reply<Contract>;

    fn handle(&mut self, m: LeverSubmit, _: &mut Context<Self>) -> Reply<Contract> {
        let d = match ready(self) {
            Ok(d) if d.spec.lever => d.spec.clone(),
            Ok(_) => return fail(ProductError::Invalid("err_market_invalid")),
            Err(e) => return fail(e),
        };
        if m.share < d.min_share || m.share > d.max_share {
            return fail(ProductError::Invalid("err_share_range"));
        }
        if !d.multiples.contains(&m.multiple) {
            return fail(ProductError::Invalid("err_multiple"));
        }
        if m.limit.is_some() && !d.limit_orders {
            return fail(ProductError::Invalid("err_limit_off"));
        }
        if m.limit.is_some_and(|p| p <= 0 || p % self.spec.tick != 0) {
            return fail(ProductError::Tick {
                tick: self.spec.tick,
            });
        }
        let priced = Priced::of(
            &d, &self.spec, m.dir, self.index, m.share, m.multiple, m.limit,
        );
        let Priced {
            qty, price, margin, ..
        } = priced;
        let (db, quote, market, symbol, mark) = (
            self.db.clone(),
            self.spec.quote,
            self.spec.id,
            self.spec.symbol.clone(),
            self.index,
        );
        let maint = d.maintenance_ppm;
        // A leader's market order is copied in this transaction; the plan is
        // held to the commit (see `copy::plans`).
        let plan = self.copies.of(m.user_id).filter(|_| m.limit.is_none());
        let (tick, lot_units, fee_ppm) = (self.spec.tick, d.lot_units, d.fee_ppm);
        let (store, plans) = (self.db.clone(), self.copies.clone());
        let fut = async move {
            let guard = match plan {
                Some(p) => Some(p.lock_owned().await),
                None => None,
            };
            let now = now_ms();
            let mut tx = db.begin().await?;
            let pending = m.limit.is_some();
            let order = NewOrder {
                user: m.user_id,
                market,
                quote,
                dir: m.dir,
                share: m.share,
                multiple: m.multiple,
                limit: m.limit,
                priced,
            };
            let id = open_in(&mut tx, &order, now).await?;
            let copied = match &guard {
                Some(plan) if !pending => {
                    let fill = Fill {
                        id,
                        leader: m.user_id,
                        market,
                        quote,
                        dir: m.dir,
                        share: m.share,
                        price,
                        multiple: m.multiple,
                        lot_units,
                        fee_ppm,
                        tick,
                        now,
                    };
                    copying::open(&mut tx, plan, &fill).await?
                }
                _ => None,
            };
            let row = lever_row(&mut tx, id).await?;
            tx.commit().await?;
            drop(guard);
            if let Some(c) = &copied {
                let batch = copying::Batch {
                    leader: m.user_id,
                    id: c.batch,
                    copies: c.positions.len(),
                };
                copying::committed(&store, &plans, &[batch], now).await;
            }
            Ok::<_, ProductError>((id, row, copied))
        };
        AtomicResponse::new(Box::pin(fut.into_actor(self).map(move |res, act, _| {
            let (id, row, copied) = res?;
            if let Some(c) = copied {
                act.copies_opened(m.user_id, &symbol, c);
            }
            {
                let d = &mut act.state;
                match m.limit {
                    Some(p) => d.book.add_pending(Pending {
                        id,
                        user: m.user_id,
                        dir: m.dir,
                        price: p,
                    }),
                    None => d.book.upsert(Position {
                        id,
                        user: m.user_id,
                        dir: m.dir,
                        qty,
                        open: price,
                        margin,
                        tp: None,
                        sl: None,
                        copy: None,
                    }),
                }
            }
            let v = Contract::of(&row, &symbol, Some(mark), maint);
            act.publish(Event::Private {
                user_id: m.user_id,
                event: "balance",
                payload: json!({"currencies": [quote]}),
            });
            Ok(v)
        })))
    }
}

impl Handler<LeverClose> for ContractActor {
    type Result = Reply<Closed>;

    fn handle(&mut self, m: LeverClose, _: &mut Context<Self>) -> Reply<Closed> {
        let d = match ready(self) {
            Ok(d) => d,
            Err(e) => return fail(e),
        };
        let mine: Vec<Position> = d
            .book
            .positions()
            .filter(|p| p.user == m.user_id)
            .filter(|p| match m.id {
                Some(id) => p.id == id,
                None => m.dirs.contains(&p.dir),
            })
            .cloned()
            .collect();
        if m.id.is_some() && mine.is_empty() {
            return fail(ProductError::Conflict("err_order_closed"));
        }
        // The copies that follow these positions close with them.
        let follow: Vec<Position> = mine.iter().flat_map(|p| d.book.copies_of(p.id)).collect();
        let (db, quote, mark, market) =
            (self.db.clone(), self.spec.quote, self.index, self.spec.id);
        let (store, plans) = (self.db.clone(), self.copies.clone());
        let following = follow.clone();
        let fut = async move {
            let now = now_ms();
            let mut tx = db.begin().await?;
            let mut closed = Vec::new();
            for p in &mine {
                if close_in(&mut tx, quote, p, mark, "user", now)
                    .await?
                    .is_some()
                {
                    closed.push(p.id);
                }
            }
            let batches =
                copying::close_copies(&mut tx, quote, market, &following, mark, now).await?;
            tx.commit().await?;
            copying::committed(&store, &plans, &batches, now).await;
            Ok::<_, ProductError>(closed)
        };
        AtomicResponse::new(Box::pin(fut.into_actor(self).map(move |res, act, _| {
            let closed = res?;
            {
                let d = &mut act.state;
                for id in &closed {
                    d.book.remove(*id);
                }
            }
            act.copies_closed(&follow);
            if !closed.is_empty() {
                act.publish(Event::Private {
                    user_id: m.user_id,
                    event: "lever_closed",
                    payload: json!({"id": closed}),
                });
                act.publish(Event::Private {
                    user_id: m.user_id,
                    event: "balance",
                    payload: json!({"currencies": [quote]}),
                });
            }
            Ok(Closed { closed })
        })))
    }
}

impl Handler<LeverSetStop> for ContractActor {
    type Result = Reply<StopSet>;

    fn handle(&mut self, m: LeverSetStop, _: &mut Context<Self>) -> Reply<StopSet> {
        let d = match ready(self) {
            Ok(d) => d,
            Err(e) => return fail(e),
        };
        let Some(p) = d
            .book
            .position(m.id)
            .filter(|p| p.user == m.user_id)
            .cloned()
        else {
            return fail(ProductError::Conflict("err_order_closed"));
        };
        // A take-profit must lie on the profitable side of the mark, a stop on the
        // losing side; otherwise it would fire at once.
        let mark = self.index;
        let tp_ok = m.tp.is_none_or(|tp| match p.dir {
            Dir::Long => tp > mark,
            Dir::Short => tp < mark && tp > 0,
        });
        let sl_ok = m.sl.is_none_or(|sl| match p.dir {
            Dir::Long => sl < mark && sl > 0,
            Dir::Short => sl > mark,
        });
        if !tp_ok || !sl_ok {
            return fail(ProductError::Invalid("err_tp_sl"));
        }
        let db = self.db.clone();
        let fut = async move {
            let mut tx = db.begin().await?;
            sqlx::query("UPDATE lever_orders SET tp = $1, sl = $2 WHERE id = $3 AND user_id = $4 AND status = 1")
                .bind(m.tp)
                .bind(m.sl)
                .bind(m.id)
                .bind(m.user_id)
                .execute(&mut *tx)
                .await?;
            tx.commit().await?;
            Ok::<_, ProductError>(())
        };
        AtomicResponse::new(Box::pin(fut.into_actor(self).map(move |res, act, _| {
            res?;
            {
                let d = &mut act.state;
                d.book.upsert(Position {
                    tp: m.tp,
                    sl: m.sl,
                    ..p
                });
            }
            Ok(StopSet {
                id: m.id,
                target_profit_price: m.tp.map(units),
                stop_loss_price: m.sl.map(units),
            })
        })))
    }
}

impl Handler<LeverCancel> for ContractActor {
    type Result = Reply<Cancelled>;

    fn handle(&mut self, m: LeverCancel, _: &mut Context<Self>) -> Reply<Cancelled> {
        let d = match ready(self) {
            Ok(d) => d,
            Err(e) => return fail(e),
        };
        if d.book.pending(m.id).is_none_or(|o| o.user != m.user_id) {
            return fail(ProductError::Conflict("err_order_closed"));
        }
        let (db, quote) = (self.db.clone(), self.spec.quote);
        let fut = async move {
            let mut tx = db.begin().await?;
            let row: Option<(i64,)> = sqlx::query_as(
                "UPDATE lever_orders SET status = 4, closed_at = $1, frozen = 0 WHERE id = $2 AND user_id = $3 AND status = 0 RETURNING frozen",
            )
            .bind(now_ms())
            .bind(m.id)
            .bind(m.user_id)
            .fetch_optional(&mut *tx)
            .await?;
            // RETURNING gives the new value on SQLite and PostgreSQL alike, so read
            // what was frozen from the order's margin and fee instead.
            if row.is_none() {
                return Err(ProductError::Conflict("err_order_closed"));
            }
            let (margin, fee): (i64, i64) =
                sqlx::query_as("SELECT margin, fee FROM lever_orders WHERE id = $1")
                    .bind(m.id)
                    .fetch_one(&mut *tx)
                    .await?;
            post(
                &mut tx,
                format!("lever:{}:cancel", m.id),
                "contract_cancel",
                "lever_order",
                m.id,
                vec![
                    Posting::user(
                        m.user_id,
                        account::LEVER,
                        quote,
                        Bucket::Frozen,
                        -(margin + fee),
                    ),
                    Posting::user(
                        m.user_id,
                        account::LEVER,
                        quote,
                        Bucket::Available,
                        margin + fee,
                    ),
                ],
            )
            .await?;
            tx.commit().await?;
            Ok(())
        };
        AtomicResponse::new(Box::pin(fut.into_actor(self).map(move |res, act, _| {
            res?;
            {
                let d = &mut act.state;
                d.book.remove_pending(m.id);
            }
            act.publish(Event::Private {
                user_id: m.user_id,
                event: "balance",
                payload: json!({"currencies": [quote]}),
            });
            Ok(Cancelled {
                id: m.id,
                status: 4,
            })
        })))
    }
}
