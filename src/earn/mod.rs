//! Earn services: the desk that runs each earn product's actor (a
//! `LockupActor` per lock-up product, a `ProjectActor` per token sale, a
//! `DualActor` per dual product), and the rules every caller goes through
//! (the API, the admin screens, the seeding): `lock` (lock-up mining and its
//! yield reserve; its views in `views`), `ieo` (token sales) and `dual`
//! (dual investment).

pub mod dual;
pub mod ieo;
pub mod lock;
pub mod views;

pub use lock::{create, fund_reserve, ppm, redeem, subscribe, update, Terms};

use crate::error::{ApiError, ApiResult, Kind};
use crate::markets::Markets;
use crate::state::AppState;
use ::actors::earn::{DualActor, LockupActor, ProjectActor};
use ::actors::runtime::{Desk, Event, Handle, Registry};
use ::actors::sql::Store;
use actix::Recipient;
use std::sync::{Arc, OnceLock};

pub const CATEGORIES: [&str; 3] = ["lock", "defi", "cloud"];

struct Ctx {
    store: Store,
    events: Recipient<Event>,
    markets: Arc<Markets>,
}

/// The earn desk: each product's actor, by product id.
pub struct EarnDesk {
    lock: Desk<i64, LockupActor>,
    projects: Desk<i64, ProjectActor>,
    duals: Desk<i64, DualActor>,
    ctx: OnceLock<Ctx>,
}

impl EarnDesk {
    pub fn new(registry: Arc<Registry>) -> EarnDesk {
        EarnDesk {
            lock: Desk::new("lockup", "lockup_product", registry.clone()),
            projects: Desk::new("ieo", "token_sale", registry.clone()),
            duals: Desk::new("dual", "dual_product", registry),
            ctx: OnceLock::new(),
        }
    }

    /// Seeds the configured products, sales and reserve funding not seen
    /// before, then starts the actor of every lock-up product, every sale
    /// and every dual product not settled, and the dual offers' renewal.
    pub async fn start(
        &self,
        state: &AppState,
        store: Store,
        events: Recipient<Event>,
        registry: Arc<Registry>,
    ) -> Result<(), String> {
        let _ = self.ctx.set(Ctx {
            store: store.clone(),
            events,
            markets: state.markets.clone(),
        });
        lock::seed(state)
            .await
            .map_err(|e| format!("earn: {e:?}"))?;
        ieo::seed(state, &state.settings.earn.ieo)
            .await
            .map_err(|e| format!("token sales: {e:?}"))?;
        let ids = |sql: &'static str| {
            let store = store.clone();
            async move {
                sqlx::query_as::<_, (i64,)>(sql)
                    .fetch_all(&*store)
                    .await
                    .map_err(|e| e.to_string())
            }
        };
        for (id,) in ids("SELECT id FROM lock_products ORDER BY id").await? {
            self.run_lock(id);
        }
        for (id,) in ids("SELECT id FROM ieo_projects ORDER BY id").await? {
            self.run_project(id);
        }
        for (id,) in ids("SELECT id FROM dual_products WHERE status < 2 ORDER BY id").await? {
            self.run_dual(id);
        }
        if !state.settings.earn.dual.is_empty() {
            let for_renewal = state.clone();
            registry.add(Handle::supervise(
                "dual-renewal",
                "dual_desk",
                move |meter| dual::DualRenewal::new(for_renewal.clone(), meter),
            ));
        }
        Ok(())
    }

    pub(crate) fn run_lock(&self, id: i64) {
        let Some(ctx) = self.ctx.get() else { return };
        let (store, events) = (ctx.store.clone(), ctx.events.clone());
        self.lock.run(id, move |seat| {
            LockupActor::new(id, store.clone(), Some(events.clone())).with_meter(seat.meter)
        });
    }

    pub(crate) fn run_project(&self, id: i64) {
        let Some(ctx) = self.ctx.get() else { return };
        let (store, events) = (ctx.store.clone(), ctx.events.clone());
        self.projects.run(id, move |seat| {
            ProjectActor::new(id, store.clone(), Some(events.clone())).with_meter(seat.meter)
        });
    }

    /// Starts a dual product's actor, on its market's index; it leaves the
    /// desk once the product is settled.
    pub(crate) fn run_dual(&self, id: i64) {
        let Some(ctx) = self.ctx.get() else { return };
        let (store, events) = (ctx.store.clone(), ctx.events.clone());
        let markets: Vec<((i64, i64), Handle<::actors::market::actor::MarketActor>)> = ctx
            .markets
            .list
            .iter()
            .map(|m| ((m.spec.base, m.spec.quote), m.handle.clone()))
            .collect();
        self.duals.run(id, move |seat| {
            DualActor::new(id, store.clone(), markets.clone(), Some(events.clone()))
                .with_meter(seat.meter)
                .on_done(seat.done)
        });
    }

    /// The store the earn actors write through (once started).
    pub fn store(&self) -> Option<Store> {
        self.ctx.get().map(|c| c.store.clone())
    }

    /// A lock-up product's actor.
    pub fn product(&self, id: i64) -> ApiResult<Handle<LockupActor>> {
        self.lock
            .get(&id)
            .ok_or_else(|| ApiError::new(Kind::NotFound, "err_lock_not_found"))
    }

    /// A token sale's actor.
    pub fn project(&self, id: i64) -> ApiResult<Handle<ProjectActor>> {
        self.projects
            .get(&id)
            .ok_or_else(|| ApiError::new(Kind::NotFound, "err_ieo_not_found"))
    }

    /// A dual product's actor (a settled product has none).
    pub fn dual(&self, id: i64) -> ApiResult<Handle<DualActor>> {
        self.duals
            .get(&id)
            .ok_or_else(|| ApiError::new(Kind::NotFound, "err_dual_not_found"))
    }
}

/// An actor that did not answer: a 500 with the mailbox's error logged.
pub(crate) fn unavailable(cause: impl std::fmt::Display) -> ApiError {
    ApiError::unavailable(cause)
}

/// A coin's symbol by id.
pub(crate) fn coin_name(state: &AppState, id: i64) -> String {
    state
        .settings
        .currencies
        .iter()
        .find(|c| c.id == id)
        .map(|c| c.name.clone())
        .unwrap_or_default()
}
