//! `DualActor`: one per dual-investment product. It sells the product's
//! shares until the product starts, records the market's index every minute
//! of the 30 minutes before maturity (each sample stored), and at maturity
//! settles every order against their average (`engine::settle`), in
//! slices (`dualstore`). On start it reloads the product; a settlement that fell due
//! while the server was down runs at once, on the samples it has (an order
//! with none to settle on fails and gets its principal back), once.

use super::dualstore::{buy, settle, Settled};
pub use super::dualstore::{
    product, samples, status, DualOrderRow, DualRow, DUAL_COLUMNS, DUAL_ORDER_COLUMNS,
};
use crate::market::actor::MarketActor;
use crate::market::deriv::CurrentIndex;
use crate::runtime::clock::now_ms;
use crate::runtime::ProductError;
use crate::runtime::{Check, Checks, Done, Event, Handle, Meter};
use crate::sql::Store;
use actix::prelude::*;
use serde_json::json;
use std::sync::Arc;
use std::time::Duration;

/// The index is sampled over this long before maturity.
pub const WINDOW_MS: i64 = 30 * 60_000;
const SAMPLE_EVERY_MS: i64 = 60_000;

pub struct DualActor {
    id: i64,
    db: Store,
    events: Option<Recipient<Event>>,
    meter: Option<Arc<Meter>>,
    done: Done,
    /// The markets by (coin, quote): the product's own gives its index.
    markets: Vec<((i64, i64), Handle<MarketActor>)>,
    product: Option<DualRow>,
    last_sample: i64,
    samples: usize,
    changed: bool,
}

impl DualActor {
    pub fn new(
        id: i64,
        db: Store,
        markets: Vec<((i64, i64), Handle<MarketActor>)>,
        events: Option<Recipient<Event>>,
    ) -> DualActor {
        DualActor {
            id,
            db,
            events,
            meter: None,
            done: Done::default(),
            markets,
            product: None,
            last_sample: 0,
            samples: 0,
            changed: false,
        }
    }

    pub fn with_meter(mut self, meter: Arc<Meter>) -> DualActor {
        self.meter = Some(meter);
        self
    }

    /// Said once the product is settled (or gone): nothing is left to run.
    pub fn on_done(mut self, done: Done) -> DualActor {
        self.done = done;
        self
    }

    /// Tells the lists what changed since the last time, if anything.
    fn publish_change(&mut self) {
        if !std::mem::take(&mut self.changed) {
            return;
        }
        if let Some(p) = &self.product {
            self.publish(Event::Broadcast {
                event: "dual_products",
                payload: json!({
                    "id": p.id,
                    "shares_left": p.shares_total - p.shares_sold,
                    "status": p.status,
                }),
            });
        }
    }

    /// Stops for good once the product is settled, its last change told.
    fn end_if_settled(&mut self, ctx: &mut Context<Self>) {
        if self
            .product
            .as_ref()
            .is_some_and(|p| p.status >= status::SETTLED)
        {
            self.publish_change();
            self.done.say();
            ctx.stop();
        }
    }

    fn publish(&self, e: Event) {
        if let Some(r) = &self.events {
            r.do_send(e);
        }
    }
}

impl Actor for DualActor {
    type Context = Context<Self>;

    fn started(&mut self, ctx: &mut Context<Self>) {
        let (db, id) = (self.db.clone(), self.id);
        let fut = async move {
            let p = product(&db, id).await?;
            let s = samples(&db, id).await?;
            Ok::<_, sqlx::Error>((p, s))
        };
        ctx.wait(fut.into_actor(self).map(|res, act, ctx| match res {
            Ok((Some(p), s)) => {
                act.product = Some(p);
                act.samples = s.len();
                act.last_sample = s.last().map_or(0, |x| x.0);
                act.end_if_settled(ctx);
                ctx.notify(Tick);
            }
            Ok((None, _)) => {
                act.done.say();
                ctx.stop();
            }
            Err(e) => {
                log::error!("dual product {}: cannot load: {e}", act.id);
                ctx.stop();
            }
        }));
        ctx.run_interval(Duration::from_secs(1), |act, ctx| {
            if let Some(m) = &act.meter {
                m.seen();
            }
            if act
                .product
                .as_ref()
                .is_some_and(|p| p.status < status::SETTLED)
            {
                ctx.notify(Tick);
            }
            act.publish_change();
        });
    }
}

type Reply<T> = AtomicResponse<DualActor, Result<T, ProductError>>;

/// Buy whole shares.
#[derive(Message)]
#[rtype(result = "Result<DualOrderRow, ProductError>")]
pub struct BuyDual {
    pub user: i64,
    pub shares: i64,
}

/// Reread the product (its times moved).
#[derive(Message)]
#[rtype(result = "()")]
pub struct ReloadDual;

#[derive(Message)]
#[rtype(result = "()")]
struct Tick;

impl Handler<BuyDual> for DualActor {
    type Result = Reply<DualOrderRow>;

    fn handle(&mut self, m: BuyDual, _: &mut Context<Self>) -> Self::Result {
        let Some(p) = self.product.clone() else {
            return AtomicResponse::new(Box::pin(actix::fut::err(ProductError::NotFound(
                "err_dual_not_found",
            ))));
        };
        let db = self.db.clone();
        let fut = async move {
            let row = buy(&db, &p, m.user, m.shares, now_ms()).await?;
            let fresh = product(&db, p.id).await?;
            Ok::<_, ProductError>((row, fresh))
        };
        AtomicResponse::new(Box::pin(fut.into_actor(self).map(|res, act, _| {
            let (row, fresh) = res?;
            act.product = fresh;
            act.changed = true;
            // The buyer's other screens see the amount leave spot.
            if let Some(p) = &act.product {
                act.publish(Event::balance(row.user_id, &[p.invest_currency()]));
            }
            Ok(row)
        })))
    }
}

impl Handler<ReloadDual> for DualActor {
    type Result = AtomicResponse<Self, ()>;

    fn handle(&mut self, _: ReloadDual, _: &mut Context<Self>) -> Self::Result {
        let (db, id) = (self.db.clone(), self.id);
        AtomicResponse::new(Box::pin(
            async move { product(&db, id).await }
                .into_actor(self)
                .map(|res, act, ctx| {
                    if let Ok(Some(p)) = res {
                        act.product = Some(p);
                        ctx.notify(Tick);
                    }
                }),
        ))
    }
}

impl Handler<Tick> for DualActor {
    type Result = AtomicResponse<Self, ()>;

    /// In the window: enters settling and takes a sample a minute. At
    /// maturity: settles.
    fn handle(&mut self, _: Tick, _: &mut Context<Self>) -> Self::Result {
        let now = now_ms();
        let Some(p) = self.product.clone() else {
            return AtomicResponse::new(Box::pin(actix::fut::ready(())));
        };
        let sample = p.status < status::SETTLED
            && now >= p.matures_at - WINDOW_MS
            && now < p.matures_at
            && now - self.last_sample >= SAMPLE_EVERY_MS;
        let mature = p.status < status::SETTLED && now >= p.matures_at;
        if !sample && !mature {
            return AtomicResponse::new(Box::pin(actix::fut::ready(())));
        }
        let db = self.db.clone();
        let market = self
            .markets
            .iter()
            .find(|(pair, _)| *pair == (p.currency, p.quote))
            .map(|(_, h)| h.clone());
        let fut = async move {
            if mature {
                let owners = settle(&db, &p, now).await?;
                return Ok::<_, ProductError>((owners, false, product(&db, p.id).await?));
            }
            // Without a market (or its index) there is no sample.
            let index = match market {
                Some(m) => m
                    .send(CurrentIndex)
                    .await
                    .map_err(|e| ProductError::Internal(e.to_string()))?,
                None => 0,
            };
            let mut tx = db.begin().await?;
            sqlx::query("UPDATE dual_products SET status = 1 WHERE id = $1 AND status = 0")
                .bind(p.id)
                .execute(&mut *tx)
                .await?;
            sqlx::query("UPDATE dual_orders SET status = 1 WHERE product_id = $1 AND status = 0")
                .bind(p.id)
                .execute(&mut *tx)
                .await?;
            // A market without an index yet gives no sample.
            if index > 0 {
                sqlx::query("INSERT INTO dual_samples (product_id, at, price) VALUES ($1, $2, $3) ON CONFLICT (product_id, at) DO NOTHING")
                    .bind(p.id)
                    .bind(now)
                    .bind(index)
                    .execute(&mut *tx)
                    .await?;
            }
            tx.commit().await?;
            Ok((Vec::new(), index > 0, product(&db, p.id).await?))
        };
        AtomicResponse::new(Box::pin(fut.into_actor(self).map(
            move |res, act, ctx| match res {
                Ok((owners, sampled, fresh)) => {
                    if sampled {
                        act.samples += 1;
                        act.last_sample = now;
                    }
                    act.product = fresh;
                    act.changed = true;
                    if !owners.is_empty() {
                        act.publish(Settled::events(&owners, act.id));
                    }
                    act.end_if_settled(ctx);
                }
                Err(e) => log::warn!("dual product {}: {e:?}", act.id),
            },
        )))
    }
}

impl Handler<Checks> for DualActor {
    type Result = MessageResult<Checks>;

    fn handle(&mut self, _: Checks, _: &mut Context<Self>) -> Self::Result {
        let Some(p) = &self.product else {
            return MessageResult(vec![Check::fail("orders", "not_loaded")]);
        };
        let now = now_ms();
        let mut checks = vec![
            Check::ok("status", p.status.to_string()),
            Check::ok("shares_sold", p.shares_sold.to_string()),
            Check::ok("samples", self.samples.to_string()),
        ];
        checks.push(
            if p.status < status::SETTLED && now - p.matures_at > 60_000 {
                Check::fail("next_timer", p.matures_at.to_string())
            } else if p.status < status::SETTLED {
                Check::ok("next_timer", p.matures_at.to_string())
            } else {
                Check::ok("next_timer", "settled")
            },
        );
        MessageResult(checks)
    }
}
