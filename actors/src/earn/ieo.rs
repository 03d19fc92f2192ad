//! `ProjectActor`: one per token sale. It takes the sale's subscriptions in
//! order, moves the sale through its states at their times (warm-up, in
//! progress, ended), allocates it at the end, credits it when the platform
//! has reviewed it, and releases the tokens cycle by cycle. On start it
//! reloads the project; a state change, allocation or release that fell due
//! while the server was down happens at once, each once (every step is one
//! transaction guarded by the state it moves from).

use super::ieostore::{self as store, status, IeoOrderRow, ProjectRow};
use crate::runtime::clock::now_ms;
use crate::runtime::ProductError;
use crate::runtime::{Check, Checks, Event, Meter};
use crate::sql::Store;
use actix::prelude::*;
use serde_json::json;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

pub struct ProjectActor {
    id: i64,
    db: Store,
    events: Option<Recipient<Event>>,
    meter: Option<Arc<Meter>>,
    project: Option<ProjectRow>,
    /// Tokens asked per user, for the per-user cap.
    asked: HashMap<i64, i64>,
    changed: bool,
}

impl ProjectActor {
    pub fn new(id: i64, db: Store, events: Option<Recipient<Event>>) -> ProjectActor {
        ProjectActor {
            id,
            db,
            events,
            meter: None,
            project: None,
            asked: HashMap::new(),
            changed: false,
        }
    }

    pub fn with_meter(mut self, meter: Arc<Meter>) -> ProjectActor {
        self.meter = Some(meter);
        self
    }

    fn publish(&self, e: Event) {
        if let Some(r) = &self.events {
            r.do_send(e);
        }
    }

    /// Tells each order's owner its new status and, once per owner, that
    /// the sale's coins moved (a refund, the cost paid, tokens credited or
    /// released): what they pay with and the token.
    fn tell_owners(&self, owners: &[store::Told]) {
        let mut events: Vec<Event> = owners
            .iter()
            .map(|(user, id, st)| Event::Private {
                user_id: *user,
                event: "ieo_order",
                payload: json!({"id": id, "project_id": self.id, "status": st}),
            })
            .collect();
        if let Some(p) = &self.project {
            let coins = [p.pay_currency, p.token];
            events.push(Event::balances(
                owners
                    .iter()
                    .flat_map(|(user, ..)| coins.map(|c| (*user, c))),
            ));
        }
        self.publish(Event::Many(events));
    }

    /// What falls due now: a state change, the allocation, a release.
    fn due(&self, now: i64) -> Option<Step> {
        let p = self.project.as_ref()?;
        match (p.status, p.due_status(now)) {
            (s, d) if d > s && d < status::ENDED => Some(Step::Open(d)),
            (s, status::ENDED) if s < status::ENDED => Some(Step::Allocate),
            (status::CREDITED, _) if p.cycles_due(now) > p.released_cycles => {
                Some(Step::Release(p.cycles_due(now)))
            }
            _ => None,
        }
    }
}

enum Step {
    Open(i64),
    Allocate,
    Release(i64),
}

async fn load(db: &Store, id: i64) -> Result<(Option<ProjectRow>, HashMap<i64, i64>), sqlx::Error> {
    let p = store::project(db, id).await?;
    let rows: Vec<(i64, i64)> = sqlx::query_as(
        "SELECT user_id, CAST(SUM(amount) AS BIGINT) FROM ieo_orders WHERE project_id = $1 GROUP BY user_id",
    )
    .bind(id)
    .fetch_all(&**db)
    .await?;
    Ok((p, rows.into_iter().collect()))
}

impl Actor for ProjectActor {
    type Context = Context<Self>;

    fn started(&mut self, ctx: &mut Context<Self>) {
        let (db, id) = (self.db.clone(), self.id);
        ctx.wait(async move { load(&db, id).await }.into_actor(self).map(
            |res, act, ctx| match res {
                Ok((Some(p), asked)) => {
                    act.project = Some(p);
                    act.asked = asked;
                    ctx.notify(Tick);
                }
                Ok((None, _)) => ctx.stop(),
                Err(e) => {
                    log::error!("token sale {}: cannot load: {e}", act.id);
                    ctx.stop();
                }
            },
        ));
        ctx.run_interval(Duration::from_secs(1), |act, ctx| {
            if let Some(m) = &act.meter {
                m.seen();
            }
            if act.due(now_ms()).is_some() {
                ctx.notify(Tick);
            }
            if std::mem::take(&mut act.changed) {
                if let Some(p) = &act.project {
                    act.publish(Event::Broadcast {
                        event: "ieo_project",
                        payload: json!({
                            "id": p.id,
                            "subscribed": p.subscribed,
                            "subscribers": p.subscribers,
                            "status": p.status,
                        }),
                    });
                }
            }
        });
    }
}

type Reply<T> = AtomicResponse<ProjectActor, Result<T, ProductError>>;

fn refuse<T: 'static>(e: ProductError) -> Reply<T> {
    AtomicResponse::new(Box::pin(actix::fut::err(e)))
}

/// Subscribe `amount` tokens.
#[derive(Message)]
#[rtype(result = "Result<IeoOrderRow, ProductError>")]
pub struct SubscribeSale {
    pub user: i64,
    pub amount: i64,
}

/// The platform reviewed the allocation: credit the tokens.
#[derive(Message)]
#[rtype(result = "Result<(), ProductError>")]
pub struct Credit;

/// Reread the sale (its times moved).
#[derive(Message)]
#[rtype(result = "()")]
pub struct ReloadProject;

/// Apply what fell due.
#[derive(Message)]
#[rtype(result = "()")]
pub struct Tick;

impl Handler<SubscribeSale> for ProjectActor {
    type Result = Reply<IeoOrderRow>;

    fn handle(&mut self, m: SubscribeSale, _: &mut Context<Self>) -> Self::Result {
        let Some(p) = self.project.clone() else {
            return refuse(ProductError::NotFound("err_ieo_not_found"));
        };
        let before = self.asked.get(&m.user).copied().unwrap_or(0);
        let db = self.db.clone();
        let fut = async move {
            let row = store::subscribe(&db, &p, m.user, m.amount, before, now_ms()).await?;
            let fresh = store::project(&db, p.id).await?;
            Ok::<_, ProductError>((row, fresh))
        };
        AtomicResponse::new(Box::pin(fut.into_actor(self).map(|res, act, _| {
            let (row, fresh) = res?;
            *act.asked.entry(row.user_id).or_default() += row.amount;
            if fresh.is_some() {
                act.project = fresh;
            }
            act.changed = true;
            // The subscriber's other screens see the cost frozen.
            if let Some(p) = &act.project {
                act.publish(Event::balance(row.user_id, &[p.pay_currency]));
            }
            Ok(row)
        })))
    }
}

impl Handler<ReloadProject> for ProjectActor {
    type Result = AtomicResponse<Self, ()>;

    fn handle(&mut self, _: ReloadProject, _: &mut Context<Self>) -> Self::Result {
        let (db, id) = (self.db.clone(), self.id);
        AtomicResponse::new(Box::pin(
            async move { load(&db, id).await }
                .into_actor(self)
                .map(|res, act, ctx| {
                    if let Ok((Some(p), asked)) = res {
                        act.project = Some(p);
                        act.asked = asked;
                        ctx.notify(Tick);
                    }
                }),
        ))
    }
}

impl Handler<Credit> for ProjectActor {
    type Result = Reply<()>;

    fn handle(&mut self, _: Credit, _: &mut Context<Self>) -> Self::Result {
        let Some(p) = self.project.clone() else {
            return refuse(ProductError::NotFound("err_ieo_not_found"));
        };
        if p.status != status::ENDED {
            return refuse(ProductError::Conflict("err_ieo_state"));
        }
        let db = self.db.clone();
        let fut = async move {
            let owners = store::credit(&db, &p, now_ms()).await?;
            let fresh = store::project(&db, p.id).await?;
            Ok::<_, ProductError>((owners, fresh))
        };
        AtomicResponse::new(Box::pin(fut.into_actor(self).map(|res, act, ctx| {
            let (owners, fresh) = res?;
            act.project = fresh;
            act.changed = true;
            act.tell_owners(&owners);
            ctx.notify(Tick);
            Ok(())
        })))
    }
}

impl Handler<Tick> for ProjectActor {
    type Result = AtomicResponse<Self, ()>;

    fn handle(&mut self, _: Tick, _: &mut Context<Self>) -> Self::Result {
        let (Some(p), Some(step)) = (self.project.clone(), self.due(now_ms())) else {
            return AtomicResponse::new(Box::pin(actix::fut::ready(())));
        };
        let db = self.db.clone();
        let fut = async move {
            let owners = match step {
                Step::Open(to) => {
                    store::set_status(&db, p.id, to).await?;
                    Vec::new()
                }
                Step::Allocate => store::allocate(&db, &p).await?,
                Step::Release(cycles) => store::release(&db, &p, cycles).await?,
            };
            let fresh = store::project(&db, p.id).await?;
            Ok::<_, ProductError>((owners, fresh))
        };
        AtomicResponse::new(Box::pin(fut.into_actor(self).map(
            |res, act, ctx| match res {
                Ok((owners, fresh)) => {
                    act.project = fresh;
                    act.changed = true;
                    if !owners.is_empty() {
                        act.tell_owners(&owners);
                    }
                    ctx.notify(Tick);
                }
                Err(e) => {
                    log::error!("token sale {}: step failed: {e:?}", act.id);
                    ctx.stop();
                }
            },
        )))
    }
}

impl Handler<Checks> for ProjectActor {
    type Result = MessageResult<Checks>;

    fn handle(&mut self, _: Checks, _: &mut Context<Self>) -> Self::Result {
        let Some(p) = &self.project else {
            return MessageResult(vec![Check::fail("orders", "not_loaded")]);
        };
        let now = now_ms();
        let next = match p.status {
            status::WARM_UP => Some(p.starts_at),
            status::SELLING => Some(p.ends_at),
            status::CREDITED => p.next_release(),
            _ => None,
        };
        let mut checks = vec![
            Check::ok("status", p.status.to_string()),
            Check::ok("subscribers", self.asked.len().to_string()),
        ];
        checks.push(match next {
            Some(at) if now - at > 60_000 => Check::fail("next_timer", at.to_string()),
            Some(at) => Check::ok("next_timer", at.to_string()),
            None if p.status == status::ENDED => Check::warn("next_timer", "awaiting_review"),
            None => Check::ok("next_timer", "none"),
        });
        MessageResult(checks)
    }
}
