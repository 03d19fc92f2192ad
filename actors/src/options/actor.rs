//! `OptionsActor`: one per market that offers seconds options. Each option
//! settles at its expiry against the market's index of that instant, which the
//! market pushes by message ([`Mark`]); an expiry wheel checked every 100 ms
//! says which are due. On start the wheel is rebuilt from the database and the
//! current index asked of the market; options that fell due while the server
//! was down settle once, at that price.

use super::store::{load, MicroOrder, MicroRow, MICRO_COLUMNS};
use super::{Direction, Wheel};
use crate::market::actor::{now_ms, MarketActor, MarketSpec};
use crate::market::deriv::{common, post, CurrentIndex, DerivSpec, Mark};
use crate::options;
use crate::runtime::ProductError;
use crate::runtime::{Check, Checks, Event, Handle, Meter};
use crate::sql::Store;
use actix::prelude::*;
use serde_json::json;
use std::time::Duration;

/// The open options and the terms on offer.
struct Options {
    spec: DerivSpec,
    wheel: Wheel,
    loaded: bool,
}

pub struct OptionsActor {
    spec: MarketSpec,
    db: Store,
    events: Option<Recipient<Event>>,
    market: Handle<MarketActor>,
    /// The handle's meter: marks count as messages handled, so the health
    /// screen shows an actor with nothing to do alive.
    pub(super) meter: Option<std::sync::Arc<Meter>>,
    /// The market's index as last heard (0 until the first mark).
    index: i64,
    state: Options,
}

impl OptionsActor {
    pub fn new(
        spec: MarketSpec,
        deriv: DerivSpec,
        db: Store,
        events: Option<Recipient<Event>>,
        market: Handle<MarketActor>,
    ) -> OptionsActor {
        OptionsActor {
            spec,
            db,
            events,
            market,
            meter: None,
            index: 0,
            state: Options {
                spec: deriv,
                wheel: Wheel::default(),
                loaded: false,
            },
        }
    }

    /// Counts its marks on the supervising handle's meter.
    pub fn with_meter(mut self, meter: std::sync::Arc<Meter>) -> OptionsActor {
        self.meter = Some(meter);
        self
    }

    fn publish(&self, e: Event) {
        common::publish(&self.events, e);
    }
}

impl Actor for OptionsActor {
    type Context = Context<Self>;

    fn started(&mut self, ctx: &mut Context<Self>) {
        ctx.set_mailbox_capacity(10_000);
        let (db, market, id) = (self.db.clone(), self.market.clone(), self.spec.id);
        let fut = async move {
            let wheel = load(db, id).await?;
            let index = market.send(CurrentIndex).await.unwrap_or(0);
            Ok::<_, sqlx::Error>((wheel, index))
        };
        ctx.wait(fut.into_actor(self).map(|res, act, ctx| match res {
            Ok((wheel, index)) => {
                log::info!("{}: {} open options", act.spec.symbol, wheel.len());
                act.state.wheel = wheel;
                act.state.loaded = true;
                act.index = index;
                // Whatever fell due while the server was down, at today's price.
                ctx.notify(SettleDue);
            }
            Err(e) => {
                log::error!("{}: cannot load options: {e}", act.spec.symbol);
                ctx.stop();
            }
        }));
        ctx.run_interval(Duration::from_millis(100), |act, ctx| {
            if act.state.wheel.next_due().is_some_and(|t| t <= now_ms()) {
                ctx.notify(SettleDue);
            }
        });
    }
}

impl Handler<Mark> for OptionsActor {
    type Result = ();

    fn handle(&mut self, Mark(mark): Mark, _: &mut Context<Self>) {
        self.index = mark;
        if let Some(m) = &self.meter {
            m.seen();
        }
    }
}

fn ready(act: &OptionsActor) -> Result<&Options, ProductError> {
    common::ready(act.state.loaded, act.index).map(|()| &act.state)
}

type Reply<T> = AtomicResponse<OptionsActor, Result<T, ProductError>>;

fn fail<T: 'static>(e: ProductError) -> Reply<T> {
    common::refuse(e)
}

impl Handler<Checks> for OptionsActor {
    type Result = MessageResult<Checks>;

    fn handle(&mut self, _: Checks, _: &mut Context<Self>) -> Self::Result {
        let d = &self.state;
        if !d.loaded {
            return MessageResult(vec![Check::fail("options", "not_loaded")]);
        }
        // An option more than five seconds past its expiry is settling late.
        let overdue = d.wheel.next_due().is_some_and(|t| now_ms() - t > 5_000);
        let open = d.wheel.len().to_string();
        MessageResult(vec![
            if overdue {
                Check::warn("options", open)
            } else {
                Check::ok("options", open)
            },
            common::mark_check(self.index),
        ])
    }
}

/// Settle the options that are due.
#[derive(Message)]
#[rtype(result = "()")]
pub struct SettleDue;

#[derive(Message)]
#[rtype(result = "Result<MicroOrder, ProductError>")]
pub struct MicroSubmit {
    pub user_id: i64,
    pub dir: Direction,
    pub seconds: i64,
    pub stake: i64,
}

impl Handler<MicroSubmit> for OptionsActor {
    type Result = Reply<MicroOrder>;

    fn handle(&mut self, m: MicroSubmit, _: &mut Context<Self>) -> Reply<MicroOrder> {
        let d = match ready(self) {
            Ok(d) => d,
            Err(e) => return fail(e),
        };
        let Some(term) = d
            .spec
            .options
            .iter()
            .find(|t| t.seconds == m.seconds)
            .cloned()
        else {
            return fail(ProductError::Invalid("err_seconds"));
        };
        if m.stake < term.min_stake || m.stake > term.max_stake {
            return fail(ProductError::Invalid("err_stake_range"));
        }
        let coin = d.spec.option_currency;
        // The fee is paid by the user: rounded up to the coin's step.
        let fee = options::fee_of(coin, m.stake, d.spec.option_fee_ppm);
        let (db, market, open, symbol) = (
            self.db.clone(),
            self.spec.id,
            self.index,
            self.spec.symbol.clone(),
        );
        let fut = async move {
            let now = now_ms();
            let expires = now + m.seconds * 1000;
            let mut tx = db.begin().await?;
            let (id,): (i64,) = sqlx::query_as(
                "INSERT INTO micro_orders (user_id, market, currency, direction, seconds, stake, fee, ratio_ppm, open_price, opened_at, expires_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id",
            )
            .bind(m.user_id)
            .bind(market)
            .bind(coin)
            .bind(if m.dir == Direction::Rise { 1 } else { 2 })
            .bind(m.seconds)
            .bind(m.stake)
            .bind(fee)
            .bind(term.ratio_ppm)
            .bind(open)
            .bind(now)
            .bind(expires)
            .fetch_one(&mut *tx)
            .await?;
            post(
                &mut tx,
                format!("micro:{id}:open"),
                "option_open",
                "micro_order",
                id,
                options::open_postings(m.user_id, coin, m.stake, fee),
            )
            .await?;
            let row: MicroRow = sqlx::query_as(&format!(
                "SELECT {MICRO_COLUMNS} FROM micro_orders WHERE id = $1"
            ))
            .bind(id)
            .fetch_one(&mut *tx)
            .await?;
            tx.commit().await?;
            Ok::<_, ProductError>((id, expires, row))
        };
        AtomicResponse::new(Box::pin(fut.into_actor(self).map(move |res, act, _| {
            let (id, expires, row) = res?;
            {
                let d = &mut act.state;
                d.wheel.insert(expires, id);
            }
            act.publish(Event::Private {
                user_id: m.user_id,
                event: "balance",
                payload: json!({"currencies": [coin]}),
            });
            Ok(MicroOrder::of(&row, &symbol))
        })))
    }
}

impl Handler<SettleDue> for OptionsActor {
    type Result = AtomicResponse<Self, ()>;

    fn handle(&mut self, _: SettleDue, _: &mut Context<Self>) -> Self::Result {
        let now = now_ms();
        let due = match Some(&mut self.state) {
            Some(d) if d.loaded => d.wheel.take_due(now),
            _ => Vec::new(),
        };
        if due.is_empty() {
            return AtomicResponse::new(Box::pin(actix::fut::ready(())));
        }
        let (db, close, symbol, market) = (
            self.db.clone(),
            self.index,
            self.spec.symbol.clone(),
            self.spec.id,
        );
        let ids: Vec<(i64, i64)> = due.clone();
        let fut = async move {
            let mut tx = db.begin().await?;
            let mut settled = Vec::new();
            for (_, id) in &ids {
                let row: MicroRow = sqlx::query_as(&format!(
                    "SELECT {MICRO_COLUMNS} FROM micro_orders WHERE id = $1"
                ))
                .bind(id)
                .fetch_one(&mut *tx)
                .await?;
                if row.status != 0 {
                    continue;
                }
                let dir = if row.direction == 1 {
                    Direction::Rise
                } else {
                    Direction::Fall
                };
                let outcome = options::outcome(dir, row.open_price, close);
                let stake = row.stake;
                let payout = options::payout_in(row.currency, outcome, stake, row.ratio_ppm);
                sqlx::query(
                    "UPDATE micro_orders SET status = 1, close_price = $1, closed_at = $2, outcome = $3, payout = $4 WHERE id = $5 AND status = 0",
                )
                .bind(close)
                .bind(now)
                .bind(outcome.code())
                .bind(payout)
                .bind(id)
                .execute(&mut *tx)
                .await?;
                post(
                    &mut tx,
                    format!("micro:{id}:settle"),
                    "option_settle",
                    "micro_order",
                    *id,
                    options::settle_postings(row.user_id, row.currency, stake, payout),
                )
                .await?;
                let fresh: MicroRow = sqlx::query_as(&format!(
                    "SELECT {MICRO_COLUMNS} FROM micro_orders WHERE id = $1"
                ))
                .bind(id)
                .fetch_one(&mut *tx)
                .await?;
                settled.push(fresh);
            }
            tx.commit().await?;
            Ok::<_, ProductError>(settled)
        };
        AtomicResponse::new(Box::pin(fut.into_actor(self).map(
            move |res, act, _| match res {
                Ok(settled) => {
                    for r in settled {
                        act.publish(Event::Private {
                            user_id: r.user_id,
                            event: "closed_microorder",
                            payload: json!({"data": MicroOrder::of(&r, &symbol)}),
                        });
                        act.publish(Event::Private {
                            user_id: r.user_id,
                            event: "balance",
                            payload: json!({"currencies": [r.currency]}),
                        });
                    }
                }
                Err(e) => {
                    // Nothing was settled: put them back and try again shortly.
                    log::error!("market {market}: options not settled: {e:?}");
                    {
                        let d = &mut act.state;
                        for (at, id) in due {
                            d.wheel.insert(at, id);
                        }
                    }
                }
            },
        )))
    }
}
