//! `CopyTraderActor`: one per approved lead trader. It owns the trader's
//! follows: starts, edits and ends them (writing the leader's plan the
//! contract actors copy from), lets a follower keep a copy as their own,
//! settles the trader's profit share daily and when a follow ends, ends a
//! follow whose stop is reached, and recomputes the trader's figures hourly.
//! On start it reloads the trader and the live follows from the database and
//! rewrites the plan; a settlement that fell due while the server was down
//! runs at the first check.

use super::plans::{Copied, CopyPlans};
use super::stats;
use super::store::{self, trader, FollowInput, FollowRow, TraderRow};
use crate::lever::{CloseCopies, ContractActor, Exposure, HoldCopies};
use crate::runtime::clock::now_ms;
use crate::runtime::ProductError;
use crate::runtime::{Check, Checks, Event, Handle, Meter};
use crate::sql::{Arg, Store};
use actix::prelude::*;
use serde_json::json;
use std::collections::{HashMap, VecDeque};
use std::sync::Arc;
use std::time::Duration;

const DAY_MS: i64 = 86_400_000;

pub struct CopyTraderActor {
    trader: i64,
    /// The coin contracts are margined in (profit shares are paid in it).
    quote: i64,
    db: Store,
    plans: Arc<CopyPlans>,
    contracts: Vec<Handle<ContractActor>>,
    events: Option<Recipient<Event>>,
    meter: Option<Arc<Meter>>,
    row: Option<TraderRow>,
    follows: Vec<FollowRow>,
    /// Copy batches of the last minute: (when, latency ms, copies).
    recent: VecDeque<(i64, i64, usize)>,
    last_latency: Option<i64>,
    figures_at: i64,
    /// The newest journal line of the trader's contract account when the
    /// figures were computed: a newer one means they are out of date.
    figures_mark: i64,
    /// A recomputation is under way (the staleness check does not start another).
    refreshing: bool,
    /// The follower count changed since the list was last told.
    followers_changed: bool,
}

impl CopyTraderActor {
    pub fn new(
        trader: i64,
        quote: i64,
        db: Store,
        plans: Arc<CopyPlans>,
        contracts: Vec<Handle<ContractActor>>,
        events: Option<Recipient<Event>>,
    ) -> CopyTraderActor {
        CopyTraderActor {
            trader,
            quote,
            db,
            plans,
            contracts,
            events,
            meter: None,
            row: None,
            follows: Vec::new(),
            recent: VecDeque::new(),
            last_latency: None,
            figures_at: 0,
            figures_mark: 0,
            refreshing: false,
            followers_changed: false,
        }
    }

    pub fn with_meter(mut self, meter: Arc<Meter>) -> CopyTraderActor {
        self.meter = Some(meter);
        self
    }

    fn publish(&self, e: Event) {
        if let Some(r) = &self.events {
            r.do_send(e);
        }
    }

    /// Tells the followers who paid a profit share (follower, amount) and
    /// the trader who received it that their contract accounts moved.
    fn tell_shares(&self, paid: &[(i64, i64)]) {
        let payers: Vec<i64> = paid.iter().filter(|p| p.1 > 0).map(|p| p.0).collect();
        if !payers.is_empty() {
            let quote = self.quote;
            let told = payers.into_iter().chain([self.trader]);
            self.publish(Event::balances(told.map(|u| (u, quote))));
        }
    }

    fn seen(&self) {
        if let Some(m) = &self.meter {
            m.seen();
        }
    }
}

impl Actor for CopyTraderActor {
    type Context = Context<Self>;

    fn started(&mut self, ctx: &mut Context<Self>) {
        let (db, plans, id) = (self.db.clone(), self.plans.clone(), self.trader);
        let fut = async move {
            let row = store::trader_row(&db, id).await?;
            let follows = store::live_follows(&db, id).await?;
            plans.entry(id).lock().await.follows = follows.iter().map(|f| f.terms()).collect();
            Ok::<_, sqlx::Error>((row, follows))
        };
        ctx.wait(fut.into_actor(self).map(|res, act, ctx| match res {
            Ok((row, follows)) => {
                act.row = row;
                act.follows = follows;
                act.plans.report_to(act.trader, ctx.address().recipient());
                ctx.notify(Refresh);
                ctx.notify(Settle);
            }
            Err(e) => {
                log::error!("copy trader {}: cannot load: {e}", act.trader);
                ctx.stop();
            }
        }));
        ctx.run_interval(Duration::from_secs(2), |_, ctx| ctx.notify(Watch));
        // The list's follower counts move live, told at most once a second
        // however many follow at once.
        ctx.run_interval(Duration::from_secs(1), |act, _| {
            if std::mem::take(&mut act.followers_changed) {
                act.publish(Event::Broadcast {
                    event: "copy_traders",
                    payload: json!({"trader_id": act.trader, "followers": act.follows.len()}),
                });
            }
        });
        ctx.run_interval(Duration::from_secs(30), |_, ctx| ctx.notify(Settle));
        ctx.run_interval(Duration::from_secs(3_600), |_, ctx| ctx.notify(Refresh));
        ctx.run_interval(STALE_EVERY, |_, ctx| ctx.notify(Stale));
    }
}

type Reply<T> = AtomicResponse<CopyTraderActor, Result<T, ProductError>>;

fn refuse<T: 'static>(e: ProductError) -> Reply<T> {
    AtomicResponse::new(Box::pin(actix::fut::err(e)))
}

/// Start following this trader.
#[derive(Message)]
#[rtype(result = "Result<FollowRow, ProductError>")]
pub struct Follow {
    pub user: i64,
    pub input: FollowInput,
}

/// Change a follow's terms for the copies to come.
#[derive(Message)]
#[rtype(result = "Result<FollowRow, ProductError>")]
pub struct Edit {
    pub user: i64,
    pub id: i64,
    pub input: FollowInput,
}

/// End a follow: its copies close now (`close`) or stay with the follower as
/// their own. `user` None is the system (the follow's stop, a retirement).
#[derive(Message)]
#[rtype(result = "Result<FollowRow, ProductError>")]
pub struct Cancel {
    pub user: Option<i64>,
    pub id: i64,
    pub close: bool,
    pub reason: &'static str,
}

/// Keep one copied position as one's own: it stops following the leader.
#[derive(Message)]
#[rtype(result = "Result<usize, ProductError>")]
pub struct SelfHold {
    pub user: i64,
    pub position: i64,
}

/// Pause new follows, resume them, or retire (every follow ends, its copies
/// kept by the followers).
#[derive(Message)]
#[rtype(result = "Result<i64, ProductError>")]
pub struct SetStatus {
    pub status: i64,
}

/// Recompute the trader's figures now.
#[derive(Message)]
#[rtype(result = "()")]
pub struct Refresh;

#[derive(Message)]
#[rtype(result = "()")]
struct Watch;

/// Recompute the figures if the trader's contract account moved or the UTC
/// day turned since they were computed.
#[derive(Message)]
#[rtype(result = "()")]
struct Stale;

/// How often the figures are checked for staleness: one indexed read of the
/// newest journal line, so the list and the page (which both show the one
/// stored computation, with its time) trail a trade by seconds, not an hour.
const STALE_EVERY: Duration = Duration::from_secs(3);

/// Settle the day's profit shares of follows not yet settled today.
#[derive(Message)]
#[rtype(result = "()")]
pub struct Settle;

fn live_for(act: &CopyTraderActor, user: Option<i64>, id: i64) -> Result<FollowRow, ProductError> {
    act.follows
        .iter()
        .find(|f| f.id == id && user.is_none_or(|u| u == f.user_id))
        .cloned()
        .ok_or(ProductError::NotFound("err_follow_not_found"))
}

impl Handler<Follow> for CopyTraderActor {
    type Result = Reply<FollowRow>;

    fn handle(&mut self, m: Follow, _: &mut Context<Self>) -> Self::Result {
        let Some(row) = &self.row else {
            return refuse(ProductError::NotFound("err_follow_not_found"));
        };
        if row.status != trader::APPROVED {
            return refuse(ProductError::Invalid("err_trader_closed"));
        }
        if m.user == self.trader {
            return refuse(ProductError::Invalid("err_follow_self"));
        }
        if self.follows.iter().any(|f| f.user_id == m.user) {
            return refuse(ProductError::Conflict("err_follow_twice"));
        }
        if self.follows.len() as i64 >= row.max_followers {
            return refuse(ProductError::Invalid("err_trader_full"));
        }
        let (db, plans, trader) = (self.db.clone(), self.plans.clone(), self.trader);
        let fut = async move {
            let id = store::insert_follow(&db, trader, m.user, &m.input, now_ms()).await?;
            let f = store::follow_row(&db, id)
                .await?
                .ok_or(ProductError::NotFound("err_follow_not_found"))?;
            plans.entry(trader).lock().await.follows.push(f.terms());
            Ok::<_, ProductError>(f)
        };
        AtomicResponse::new(Box::pin(fut.into_actor(self).map(|res, act, _| {
            let f = res?;
            act.follows.push(f.clone());
            act.followers_changed = true;
            Ok(f)
        })))
    }
}

impl Handler<Edit> for CopyTraderActor {
    type Result = Reply<FollowRow>;

    fn handle(&mut self, m: Edit, _: &mut Context<Self>) -> Self::Result {
        if let Err(e) = live_for(self, Some(m.user), m.id) {
            return refuse(e);
        }
        let (db, plans, trader) = (self.db.clone(), self.plans.clone(), self.trader);
        let fut = async move {
            store::update_follow(&db, m.id, &m.input, now_ms()).await?;
            let f = store::follow_row(&db, m.id)
                .await?
                .ok_or(ProductError::NotFound("err_follow_not_found"))?;
            let plan = plans.entry(trader);
            let mut plan = plan.lock().await;
            if let Some(t) = plan.follows.iter_mut().find(|t| t.id == f.id) {
                *t = f.terms();
            }
            Ok::<_, ProductError>(f)
        };
        AtomicResponse::new(Box::pin(fut.into_actor(self).map(|res, act, _| {
            let f = res?;
            if let Some(slot) = act.follows.iter_mut().find(|x| x.id == f.id) {
                *slot = f.clone();
            }
            Ok(f)
        })))
    }
}

impl Handler<Cancel> for CopyTraderActor {
    type Result = Reply<FollowRow>;

    fn handle(&mut self, m: Cancel, _: &mut Context<Self>) -> Self::Result {
        let f = match live_for(self, m.user, m.id) {
            Ok(f) => f,
            Err(e) => return refuse(e),
        };
        let share = self.row.as_ref().map(|r| r.share_ppm).unwrap_or(0);
        let (db, plans, trader, quote) =
            (self.db.clone(), self.plans.clone(), self.trader, self.quote);
        let contracts = self.contracts.clone();
        let fut = async move {
            let now = now_ms();
            // Out of the plan under its lock: no copy is made for it after
            // this. The contract actors are asked only after the lock is
            // released (one may be waiting for it), and the follow ends in the
            // database once they answered; should one fail, the follow goes
            // back into the plan and stays as it was, to be cancelled again.
            plans
                .entry(trader)
                .lock()
                .await
                .follows
                .retain(|t| t.id != f.id);
            for c in &contracts {
                let res = if m.close {
                    c.send(CloseCopies {
                        follow: f.id,
                        reason: "follow_cancel",
                    })
                    .await
                } else {
                    c.send(HoldCopies {
                        follow: Some(f.id),
                        position: None,
                    })
                    .await
                };
                let failed = match res {
                    Ok(Ok(_)) => None,
                    Ok(Err(e)) => Some(e),
                    Err(e) => Some(ProductError::Internal(e.to_string())),
                };
                if let Some(e) = failed {
                    log::warn!("follow {}: copies not closed or released: {e:?}", f.id);
                    plans.entry(trader).lock().await.follows.push(f.terms());
                    return Err(e);
                }
            }
            // Ended already (a second stop racing this one): nothing more is paid.
            let paid = store::end_follow(&db, f.id, m.reason, share, quote, now)
                .await?
                .unwrap_or(0);
            let row = store::follow_row(&db, f.id)
                .await?
                .ok_or(ProductError::NotFound("err_follow_not_found"))?;
            Ok((row, paid))
        };
        AtomicResponse::new(Box::pin(fut.into_actor(self).map(move |res, act, _| {
            let (row, paid) = res?;
            act.follows.retain(|x| x.id != row.id);
            act.followers_changed = true;
            act.publish(Event::Private {
                user_id: row.user_id,
                event: "follow_ended",
                payload: json!({"id": row.id, "trader_id": row.trader_id, "reason": m.reason}),
            });
            act.tell_shares(&[(row.user_id, paid)]);
            Ok(row)
        })))
    }
}

impl Handler<SelfHold> for CopyTraderActor {
    type Result = Reply<usize>;

    fn handle(&mut self, m: SelfHold, _: &mut Context<Self>) -> Self::Result {
        let contracts = self.contracts.clone();
        let fut = async move {
            let mut held = 0;
            for c in &contracts {
                held += c
                    .send(HoldCopies {
                        follow: None,
                        position: Some((m.user, m.position)),
                    })
                    .await
                    .map_err(|e| ProductError::Internal(e.to_string()))??;
            }
            if held == 0 {
                return Err(ProductError::NotFound("err_follow_not_found"));
            }
            Ok(held)
        };
        AtomicResponse::new(Box::pin(fut.into_actor(self)))
    }
}

impl Handler<SetStatus> for CopyTraderActor {
    type Result = Reply<i64>;

    fn handle(&mut self, m: SetStatus, ctx: &mut Context<Self>) -> Self::Result {
        let Some(row) = &self.row else {
            return refuse(ProductError::NotFound("err_follow_not_found"));
        };
        let allowed = matches!(
            (row.status, m.status),
            (trader::APPROVED, trader::PAUSED)
                | (trader::PAUSED, trader::APPROVED)
                | (trader::APPROVED | trader::PAUSED, trader::RETIRED)
        );
        if !allowed {
            return refuse(ProductError::Invalid("err_trader_state"));
        }
        if m.status == trader::RETIRED {
            // Followers keep their copies as their own, as on an unfollow
            // with "keep", and are told.
            for f in &self.follows {
                ctx.address().do_send(Cancel {
                    user: None,
                    id: f.id,
                    close: false,
                    reason: "trader_retired",
                });
            }
        }
        let (db, trader) = (self.db.clone(), self.trader);
        let fut = async move {
            store::set_trader_status(&db, trader, m.status).await?;
            Ok::<_, ProductError>(m.status)
        };
        AtomicResponse::new(Box::pin(fut.into_actor(self).map(|res, act, _| {
            let s = res?;
            if let Some(r) = &mut act.row {
                r.status = s;
            }
            Ok(s)
        })))
    }
}

impl Handler<Copied> for CopyTraderActor {
    type Result = ();

    fn handle(&mut self, c: Copied, _: &mut Context<Self>) {
        self.seen();
        let now = now_ms();
        self.recent.push_back((now, c.latency_ms, c.copies));
        while self.recent.front().is_some_and(|r| r.0 < now - 60_000) {
            self.recent.pop_front();
        }
        self.last_latency = Some(c.latency_ms);
    }
}

impl Handler<Watch> for CopyTraderActor {
    type Result = ResponseActFuture<Self, ()>;

    /// Ends a follow whose copies' realised and open profit together reached
    /// its stop (a loss of `stop_loss`), closing its copies.
    fn handle(&mut self, _: Watch, _: &mut Context<Self>) -> Self::Result {
        self.seen();
        let stops: Vec<(i64, i64)> = self
            .follows
            .iter()
            .filter_map(|f| f.stop_loss.map(|s| (f.id, s)))
            .collect();
        if stops.is_empty() {
            return Box::pin(actix::fut::ready(()));
        }
        let (db, contracts) = (self.db.clone(), self.contracts.clone());
        let fut = async move {
            let ids: Vec<i64> = stops.iter().map(|s| s.0).collect();
            let mut total: HashMap<i64, i64> = store::realised(&db, &ids)
                .await
                .unwrap_or_default()
                .into_iter()
                .collect();
            for c in &contracts {
                if let Ok(open) = c.send(Exposure).await {
                    for (f, p) in open {
                        *total.entry(f).or_default() += p;
                    }
                }
            }
            stops
                .into_iter()
                .filter(|(id, stop)| total.get(id).copied().unwrap_or(0) <= -stop)
                .map(|s| s.0)
                .collect::<Vec<i64>>()
        };
        Box::pin(fut.into_actor(self).map(|hit, _, ctx| {
            for id in hit {
                ctx.address().do_send(Cancel {
                    user: None,
                    id,
                    close: true,
                    reason: "stop_loss",
                });
            }
        }))
    }
}

impl Handler<Settle> for CopyTraderActor {
    type Result = AtomicResponse<Self, ()>;

    /// Settles every live follow not yet settled today, as the database has
    /// them (atomic, so no follow starts or ends meanwhile).
    fn handle(&mut self, _: Settle, _: &mut Context<Self>) -> Self::Result {
        let now = now_ms();
        let today = now.div_euclid(DAY_MS);
        let share = self.row.as_ref().map(|r| r.share_ppm).unwrap_or(0);
        let (db, quote, trader) = (self.db.clone(), self.quote, self.trader);
        let fut = async move {
            let due: Vec<FollowRow> = match store::live_follows(&db, trader).await {
                Ok(rows) => rows.into_iter().filter(|f| f.settled_day < today).collect(),
                Err(e) => {
                    log::warn!("copy trader {trader}: follows not read for settlement: {e}");
                    Vec::new()
                }
            };
            let (mut fresh, mut paid) = (Vec::new(), Vec::new());
            for f in due {
                let step = store::ShareStep {
                    follow: f.id,
                    share_ppm: share,
                    quote,
                    day: today,
                    now,
                };
                match store::settle_share(&db, step).await {
                    // Settled already today, or ended meanwhile.
                    Ok(None) => {}
                    Ok(Some(amount)) => {
                        paid.push((f.user_id, amount));
                        if let Ok(Some(f)) = store::follow_row(&db, f.id).await {
                            fresh.push(f);
                        }
                    }
                    Err(e) => log::warn!("follow {}: share not settled: {e:?}", f.id),
                }
            }
            (fresh, paid)
        };
        AtomicResponse::new(Box::pin(fut.into_actor(self).map(
            |(fresh, paid), act, _| {
                act.tell_shares(&paid);
                for f in fresh {
                    if let Some(slot) = act.follows.iter_mut().find(|x| x.id == f.id) {
                        *slot = f;
                    }
                }
            },
        )))
    }
}

impl Handler<Stale> for CopyTraderActor {
    type Result = ResponseActFuture<Self, ()>;

    fn handle(&mut self, _: Stale, _: &mut Context<Self>) -> Self::Result {
        if self.refreshing || self.figures_at == 0 {
            return Box::pin(actix::fut::ready(()));
        }
        let (db, trader, quote) = (self.db.clone(), self.trader, self.quote);
        let fut = async move { stats::journal_mark(&db, trader, quote).await };
        Box::pin(fut.into_actor(self).map(|res, act, ctx| {
            let day_turned = now_ms().div_euclid(DAY_MS) != act.figures_at.div_euclid(DAY_MS);
            match res {
                Ok(mark) if mark != act.figures_mark || day_turned => ctx.notify(Refresh),
                Ok(_) => {}
                Err(e) => log::warn!("copy trader {}: staleness not checked: {e}", act.trader),
            }
        }))
    }
}

impl Handler<Refresh> for CopyTraderActor {
    type Result = ResponseActFuture<Self, ()>;

    /// Rereads the trader's row (an admin may have approved a new
    /// application of a trader whose actor runs) and recomputes the figures.
    fn handle(&mut self, _: Refresh, _: &mut Context<Self>) -> Self::Result {
        self.refreshing = true;
        let (db, trader, quote) = (self.db.clone(), self.trader, self.quote);
        let fut = async move {
            let now = now_ms();
            let row = store::trader_row(&db, trader).await?;
            // Read before the figures: a line landing meanwhile leaves the
            // mark behind it, so the next check computes again.
            let mark = stats::journal_mark(&db, trader, quote).await?;
            let f = stats::figures(&db, trader, quote, now).await?;
            let text = serde_json::to_string(&f).unwrap_or_default();
            let mut tx = db.begin().await?;
            let p = tx.db().params();
            let sql = format!(
                "UPDATE copy_traders SET stats = {} WHERE user_id = {}",
                p.list(1, 1),
                p.list(2, 1)
            );
            tx.db()
                .execute(&sql, &[Arg::Text(&text), Arg::Int(trader)])
                .await?;
            tx.commit().await?;
            Ok::<_, sqlx::Error>((now, mark, row))
        };
        Box::pin(fut.into_actor(self).map(|res, act, _| {
            act.refreshing = false;
            match res {
                Ok((at, mark, row)) => {
                    act.figures_at = at;
                    act.figures_mark = mark;
                    if row.is_some() {
                        act.row = row;
                    }
                    act.publish(Event::Broadcast {
                        event: "copy_traders",
                        payload: json!({"trader_id": act.trader}),
                    });
                }
                Err(e) => log::warn!("copy trader {}: figures not computed: {e}", act.trader),
            }
        }))
    }
}

impl Handler<Checks> for CopyTraderActor {
    type Result = MessageResult<Checks>;

    fn handle(&mut self, _: Checks, _: &mut Context<Self>) -> Self::Result {
        let now = now_ms();
        let copies: usize = self
            .recent
            .iter()
            .filter(|r| r.0 >= now - 60_000)
            .map(|r| r.2)
            .sum();
        let mut checks = vec![
            match &self.row {
                Some(_) => Check::ok("followers", self.follows.len().to_string()),
                None => Check::fail("followers", "not_loaded"),
            },
            Check::ok("copies_minute", copies.to_string()),
        ];
        if let Some(l) = self.last_latency {
            checks.push(if l > 1_000 {
                Check::warn("copy_latency", format!("{l} ms"))
            } else {
                Check::ok("copy_latency", format!("{l} ms"))
            });
        }
        // The figures are recomputed when the account moves and at least
        // hourly; two hours without is late.
        checks.push(
            if self.figures_at > 0 && now - self.figures_at < 2 * 3_600_000 {
                Check::ok("figures", "fresh")
            } else {
                Check::warn("figures", "late")
            },
        );
        MessageResult(checks)
    }
}
