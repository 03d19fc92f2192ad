//! `LockupActor`: one per lock-up product. It owns the product's open orders
//! and its daily timer: takes subscriptions (caps, balance and the coin's
//! reserve checked in the subscription's transaction), redeems orders early,
//! and once a day, at the product's UTC hour, pays every open order its
//! day's yield at the rate drawn before the day started, returning the
//! principal of the orders paid their last day. On start it reloads the
//! product and its open orders from the database; an accrual that fell due
//! while the server was down is applied at once, each exactly once (the
//! product's `accrued_through` moves one day per transaction).

use super::engine;
use super::lockstore::{self as store, Accrual, Open, OrderRow, Payout, ProductRow, Subscription};
use crate::runtime::clock::now_ms;
use crate::runtime::ProductError;
use crate::runtime::{Check, Checks, Event, Meter};
use crate::sql::Store;
use actix::prelude::*;
use serde_json::json;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

pub struct LockupActor {
    id: i64,
    db: Store,
    events: Option<Recipient<Event>>,
    meter: Option<Arc<Meter>>,
    product: Option<ProductRow>,
    orders: Vec<Open>,
    /// Each holder's principal in the product, and their sum.
    users: HashMap<i64, i64>,
    locked: i64,
    /// The coin's reserve and promised yield as last committed here.
    reserve: (i64, i64),
    /// The figures changed since the list was last told.
    changed: bool,
    /// The last accrual: its moment and how long it took (ms).
    last_accrual: Option<(i64, i64)>,
}

impl LockupActor {
    pub fn new(id: i64, db: Store, events: Option<Recipient<Event>>) -> LockupActor {
        LockupActor {
            id,
            db,
            events,
            meter: None,
            product: None,
            orders: Vec::new(),
            users: HashMap::new(),
            locked: 0,
            reserve: (0, 0),
            changed: false,
            last_accrual: None,
        }
    }

    pub fn with_meter(mut self, meter: Arc<Meter>) -> LockupActor {
        self.meter = Some(meter);
        self
    }

    fn publish(&self, e: Event) {
        if let Some(r) = &self.events {
            r.do_send(e);
        }
    }

    fn add(&mut self, o: Open) {
        *self.users.entry(o.user_id).or_default() += o.amount;
        self.locked += o.amount;
        self.orders.push(o);
    }

    fn remove(&mut self, id: i64) {
        if let Some(i) = self.orders.iter().position(|o| o.id == id) {
            let o = self.orders.swap_remove(i);
            take(&mut self.users, o.user_id, o.amount);
            self.locked -= o.amount;
        }
    }

    /// Forgets every order (before a reload).
    fn clear(&mut self) {
        self.orders.clear();
        self.users.clear();
        self.locked = 0;
    }
}

/// Takes `amount` off a holder's principal, forgetting a holder left with none.
fn take(users: &mut HashMap<i64, i64>, user: i64, amount: i64) {
    if let Some(v) = users.get_mut(&user) {
        *v -= amount;
        if *v <= 0 {
            users.remove(&user);
        }
    }
}

impl Actor for LockupActor {
    type Context = Context<Self>;

    fn started(&mut self, ctx: &mut Context<Self>) {
        let (db, id) = (self.db.clone(), self.id);
        let fut = async move {
            let p = store::product(&db, id)
                .await?
                .ok_or(sqlx::Error::RowNotFound)?;
            let orders = store::open_orders(&db, id).await?;
            let reserve = store::reserve(&db, p.currency).await?;
            // Today's rate and tomorrow's are drawn before anyone earns them.
            let today = engine::period(now_ms(), p.accrual_hour);
            store::ensure_rates(&db, &p, today, today + 1).await?;
            Ok::<_, sqlx::Error>((p, orders, reserve))
        };
        ctx.wait(fut.into_actor(self).map(|res, act, ctx| match res {
            Ok((p, orders, reserve)) => {
                act.product = Some(p);
                act.reserve = reserve;
                for o in orders {
                    act.add(o);
                }
                ctx.notify(Accrue);
            }
            Err(e) => {
                log::error!("lock-up product {}: cannot load: {e}", act.id);
                ctx.stop();
            }
        }));
        ctx.run_interval(Duration::from_secs(5), |act, ctx| {
            if let Some(m) = &act.meter {
                m.seen();
            }
            if act
                .product
                .as_ref()
                .is_some_and(|p| p.next_accrual() <= now_ms())
            {
                ctx.notify(Accrue);
            }
        });
        // The list's figures move live, told at most once a second.
        ctx.run_interval(Duration::from_secs(1), |act, _| {
            if std::mem::take(&mut act.changed) {
                act.publish(Event::Broadcast {
                    event: "lock_products",
                    payload: json!({
                        "id": act.id,
                        "locked": act.locked,
                        "holders": act.users.len(),
                    }),
                });
            }
        });
    }
}

type Reply<T> = AtomicResponse<LockupActor, Result<T, ProductError>>;

fn refuse<T: 'static>(e: ProductError) -> Reply<T> {
    AtomicResponse::new(Box::pin(actix::fut::err(e)))
}

/// Lock `amount` of the product's coin for its term.
#[derive(Message)]
#[rtype(result = "Result<OrderRow, ProductError>")]
pub struct Subscribe {
    pub user: i64,
    pub amount: i64,
}

/// Redeem one's open order before it matures, with the penalty.
#[derive(Message)]
#[rtype(result = "Result<OrderRow, ProductError>")]
pub struct Redeem {
    pub user: i64,
    pub id: i64,
}

/// Reread the product and its open orders (after an admin changed its terms).
#[derive(Message)]
#[rtype(result = "()")]
pub struct Reload;

/// Apply the accrual that is due, if one is (and then the next).
#[derive(Message)]
#[rtype(result = "()")]
pub struct Accrue;

impl Handler<Subscribe> for LockupActor {
    type Result = Reply<OrderRow>;

    fn handle(&mut self, m: Subscribe, _: &mut Context<Self>) -> Self::Result {
        let Some(p) = self.product.clone() else {
            return refuse(ProductError::NotFound("err_lock_not_found"));
        };
        if p.enabled == 0 {
            return refuse(ProductError::Invalid("err_lock_closed"));
        }
        let user_total = self.users.get(&m.user).copied().unwrap_or(0);
        let s = Subscription {
            user: m.user,
            amount: m.amount,
            now: now_ms(),
            user_total,
            product_total: self.locked,
            holders: self.users.len() as i64 + i64::from(user_total == 0),
        };
        let db = self.db.clone();
        let fut = async move { store::subscribe(&db, &p, &s).await };
        AtomicResponse::new(Box::pin(fut.into_actor(self).map(|res, act, _| {
            let (row, reserve) = res?;
            act.add(Open {
                id: row.id,
                user_id: row.user_id,
                amount: row.amount,
                rate_max_ppm: row.rate_max_ppm,
                first_accrual_at: row.first_accrual_at,
                matures_at: row.matures_at,
            });
            act.reserve = reserve;
            act.changed = true;
            // The holder's other screens see the principal leave spot.
            act.publish(Event::balance(row.user_id, &[row.currency]));
            Ok(row)
        })))
    }
}

impl Handler<Redeem> for LockupActor {
    type Result = Reply<OrderRow>;

    fn handle(&mut self, m: Redeem, _: &mut Context<Self>) -> Self::Result {
        let Some(open) = self
            .orders
            .iter()
            .find(|o| o.id == m.id && o.user_id == m.user)
            .copied()
        else {
            return refuse(ProductError::NotFound("err_lock_not_found"));
        };
        // What the product holds once it is gone.
        let last = self.users.get(&open.user_id) == Some(&open.amount);
        let (locked, holders) = (
            self.locked - open.amount,
            self.users.len() as i64 - i64::from(last),
        );
        let db = self.db.clone();
        let fut = async move {
            let o = store::order(&db, m.id)
                .await?
                .ok_or(ProductError::NotFound("err_lock_not_found"))?;
            let row = store::redeem(&db, &o, locked, holders, now_ms()).await?;
            let reserve = store::reserve(&db, row.currency).await?;
            Ok::<_, ProductError>((row, reserve))
        };
        AtomicResponse::new(Box::pin(fut.into_actor(self).map(|res, act, _| {
            let (row, reserve) = res?;
            act.remove(row.id);
            act.reserve = reserve;
            act.changed = true;
            act.publish(Event::Many(vec![
                order_event(&row, act.id),
                Event::balance(row.user_id, &[row.currency]),
            ]));
            Ok(row)
        })))
    }
}

impl Handler<Reload> for LockupActor {
    type Result = AtomicResponse<Self, ()>;

    /// Rereads the product (an admin changed its terms) and its open orders
    /// from the database, as a start does.
    fn handle(&mut self, _: Reload, _: &mut Context<Self>) -> Self::Result {
        let (db, id) = (self.db.clone(), self.id);
        let fut = async move {
            let p = store::product(&db, id).await?;
            let orders = store::open_orders(&db, id).await?;
            Ok::<_, sqlx::Error>((p, orders))
        };
        AtomicResponse::new(Box::pin(fut.into_actor(self).map(
            |res, act, _| match res {
                Ok((Some(p), orders)) => {
                    act.product = Some(p);
                    act.clear();
                    for o in orders {
                        act.add(o);
                    }
                    act.changed = true;
                }
                Ok((None, _)) => {}
                Err(e) => log::warn!("lock-up product {}: not reloaded: {e}", act.id),
            },
        )))
    }
}

/// The accrual at `at` of the orders in `orders` at `rate_ppm`: the slices
/// of the orders it pays (what each is paid is the orders' update's to say,
/// [`store::pay_slice`]), and the product's principal and holders once the
/// orders whose term ends have returned theirs.
fn plan(orders: &[Open], users: &HashMap<i64, i64>, at: i64, rate_ppm: i64) -> Accrual {
    let mut left = users.clone();
    let mut due = Vec::new();
    for o in orders.iter().filter(|o| o.first_accrual_at <= at) {
        due.push(o.id);
        if o.matures_at <= at {
            take(&mut left, o.user_id, o.amount);
        }
    }
    Accrual {
        at,
        rate_ppm,
        slices: store::slices(due),
        locked: left.values().sum(),
        holders: left.len() as i64,
    }
}

impl Handler<Accrue> for LockupActor {
    type Result = AtomicResponse<Self, ()>;

    /// Applies the accrual due now, if any, with the orders held still until
    /// it is committed; asks for the next one at once when more fell due
    /// (after a long stop).
    fn handle(&mut self, _: Accrue, _: &mut Context<Self>) -> Self::Result {
        let Some(p) = self.product.clone() else {
            return AtomicResponse::new(Box::pin(actix::fut::ready(())));
        };
        let at = p.next_accrual();
        if at > now_ms() {
            return AtomicResponse::new(Box::pin(actix::fut::ready(())));
        }
        let started = std::time::Instant::now();
        let currency = p.currency;
        let (db, orders, users) = (
            self.db.clone(),
            std::mem::take(&mut self.orders),
            self.users.clone(),
        );
        let fut = async move {
            let day = engine::period(at, p.accrual_hour) - 1;
            let rate = store::ensure_rates(&db, &p, day, day + 1).await?;
            let a = plan(&orders, &users, at, rate);
            let applied = store::accrue(&db, &p, &a).await?;
            let reserve = store::reserve(&db, p.currency).await?;
            Ok::<_, ProductError>((orders, a, applied, reserve, day))
        };
        AtomicResponse::new(Box::pin(fut.into_actor(self).map(
            move |res, act, ctx| match res {
                Ok((mut orders, a, applied, reserve, day)) => {
                    act.reserve = reserve;
                    if let Some(paid) = applied {
                        orders.retain(|o| o.matures_at > a.at);
                        act.clear();
                        for o in orders {
                            act.add(o);
                        }
                        if let Some(p) = &mut act.product {
                            p.accrued_through = a.at;
                            p.accruals += 1;
                        }
                        act.last_accrual = Some((a.at, started.elapsed().as_millis() as i64));
                        act.changed = true;
                        act.publish(Event::Broadcast {
                            event: "lock_accrued",
                            payload: json!({
                                "product_id": act.id,
                                "day": day,
                                "rate": a.rate_ppm,
                                "at": a.at,
                            }),
                        });
                        act.publish(told(&paid, act.id, currency));
                        ctx.notify(Accrue);
                    } else {
                        // The database is past this accrual (it moved on
                        // without this instance): start again from it.
                        log::warn!(
                            "lock-up product {}: accrual at {at} already applied",
                            act.id
                        );
                        ctx.stop();
                    }
                }
                Err(e) => {
                    // Nothing was committed; the supervisor's new instance
                    // reloads the orders and tries again.
                    log::error!("lock-up product {}: accrual at {at} failed: {e:?}", act.id);
                    ctx.stop();
                }
            },
        )))
    }
}

/// An order's `lock_order` event: its owner's records follow a redemption
/// or a maturity where they are.
fn order_event(row: &OrderRow, product: i64) -> Event {
    Event::Private {
        user_id: row.user_id,
        event: "lock_order",
        payload: json!({"id": row.id, "product_id": product, "status": row.status}),
    }
}

/// What an accrual tells the holders: each matured order's `lock_order`
/// (status 2), then one `balance` per holder paid a yield or a principal.
fn told(paid: &Payout, product: i64, currency: i64) -> Event {
    let mut events: Vec<Event> = paid
        .matured
        .iter()
        .map(|m| Event::Private {
            user_id: m.user,
            event: "lock_order",
            payload: json!({"id": m.order, "product_id": product, "status": store::MATURED}),
        })
        .collect();
    events.push(Event::balances(
        paid.yields
            .iter()
            .chain(&paid.matured)
            .map(|p| (p.user, currency)),
    ));
    Event::Many(events)
}

/// Basis points as a percent with two decimals.
fn pct(bp: i64) -> String {
    format!("{}.{:02}", bp / 100, bp % 100)
}

impl Handler<Checks> for LockupActor {
    type Result = MessageResult<Checks>;

    fn handle(&mut self, _: Checks, _: &mut Context<Self>) -> Self::Result {
        let now = now_ms();
        let Some(p) = &self.product else {
            return MessageResult(vec![Check::fail("orders", "not_loaded")]);
        };
        let next = p.next_accrual();
        let mut checks = vec![
            Check::ok("orders", self.orders.len().to_string()),
            // An accrual a minute late is overdue (the timer looks every 5 s).
            // The detail is the moment (ms) either way.
            if now - next > 60_000 {
                Check::fail("next_accrual", next.to_string())
            } else {
                Check::ok("next_accrual", next.to_string())
            },
        ];
        let (reserve, promised) = self.reserve;
        // Coverage in percent ("none" when nothing is promised).
        checks.push(match engine::coverage_bp(reserve, promised) {
            None => Check::ok("reserve_coverage", "none"),
            Some(bp) if bp >= 10_000 => Check::ok("reserve_coverage", pct(bp)),
            Some(bp) => Check::fail("reserve_coverage", pct(bp)),
        });
        if let Some((at, ms)) = self.last_accrual {
            checks.push(Check::ok("last_accrual", at.to_string()));
            checks.push(Check::ok("accrual_ms", ms.to_string()));
        }
        MessageResult(checks)
    }
}
