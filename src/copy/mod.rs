//! Copy trading services: the desk that runs one `CopyTraderActor` per
//! approved trader, and the rules every caller goes through (the API, the
//! admin review, the demo lead traders): applying to lead, the review, the
//! follow's terms checked and turned into the actor's messages.

pub mod demo;
pub mod follows;
pub mod views;

use crate::config::CopySettings;
use crate::db::now_ms;
use crate::error::{ApiError, ApiResult, Kind};
use crate::funds::units_error;
use crate::state::AppState;
use crate::texts::{Field, Texts};
use ::actors::copy::store::{follow, trader};
use ::actors::copy::{
    Cancel, CopyPlans, CopyTraderActor, Edit, Follow, FollowInput, FollowRow, Refresh, SelfHold,
    SetStatus,
};
use ::actors::ledger::account;
use ::actors::lever::ContractActor;
use ::actors::money::{to_units, UnitsError};
use ::actors::runtime::ProductError;
use ::actors::runtime::{Desk, Event, Handle, Registry};
use ::actors::sql::Store;
use actix::Recipient;
use rust_decimal::Decimal;
use std::sync::{Arc, OnceLock};

/// What the desk needs to start a trader's actor, set once the markets run.
struct Ctx {
    store: Store,
    events: Recipient<Event>,
    contracts: Vec<Handle<ContractActor>>,
    quote: i64,
}

/// The copy-trading desk: every leader's plan (shared with the contract
/// actors) and each approved trader's actor, by the trader's user id.
pub struct CopyDesk {
    pub plans: Arc<CopyPlans>,
    traders: Desk<i64, CopyTraderActor>,
    ctx: OnceLock<Ctx>,
}

impl CopyDesk {
    pub fn new(registry: Arc<Registry>) -> CopyDesk {
        CopyDesk {
            plans: Arc::default(),
            traders: Desk::new("copy", "copy_trader", registry),
            ctx: OnceLock::new(),
        }
    }

    /// Starts the actors of every approved or paused trader.
    pub async fn start(
        &self,
        store: Store,
        events: Recipient<Event>,
        contracts: Vec<Handle<ContractActor>>,
        quote: i64,
    ) -> Result<(), String> {
        let ids: Vec<(i64,)> =
            sqlx::query_as("SELECT user_id FROM copy_traders WHERE status IN (1, 3)")
                .fetch_all(&*store)
                .await
                .map_err(|e| e.to_string())?;
        let _ = self.ctx.set(Ctx {
            store,
            events,
            contracts,
            quote,
        });
        for (id,) in ids {
            self.run(id);
        }
        Ok(())
    }

    /// Starts `trader`'s actor unless it runs.
    fn run(&self, trader: i64) -> Option<Handle<CopyTraderActor>> {
        let ctx = self.ctx.get()?;
        let (store, plans, contracts, events, quote) = (
            ctx.store.clone(),
            self.plans.clone(),
            ctx.contracts.clone(),
            ctx.events.clone(),
            ctx.quote,
        );
        Some(self.traders.run(trader, move |seat| {
            CopyTraderActor::new(
                trader,
                quote,
                store.clone(),
                plans.clone(),
                contracts.clone(),
                Some(events.clone()),
            )
            .with_meter(seat.meter)
        }))
    }

    /// The actor of a trader who leads (approved or paused).
    pub fn trader(&self, trader: i64) -> ApiResult<Handle<CopyTraderActor>> {
        self.traders
            .get(&trader)
            .ok_or_else(|| ApiError::new(Kind::NotFound, "err_trader_not_found"))
    }

    /// The database the desk's actors write through (once started).
    pub fn store(&self) -> Option<Store> {
        self.ctx.get().map(|c| c.store.clone())
    }

    /// The coin contracts are margined in.
    pub fn quote(&self) -> i64 {
        self.ctx.get().map(|c| c.quote).unwrap_or(0)
    }
}

/// An actor that did not answer: a 500 with the mailbox's error logged.
fn unavailable(cause: impl std::fmt::Display) -> ApiError {
    ApiError::unavailable(cause)
}

/// What a user applies to lead with.
pub struct Application {
    pub name: String,
    pub intro: String,
    /// The intro in the other languages (the demo's; a person applies with
    /// one text, and an application replaces what an admin had added).
    pub intros: Texts,
    pub share_rate: Decimal,
    pub max_followers: i64,
}

/// Applies to lead: verified at level 1, the minimum contract balance, a
/// name, an introduction, a profit share and a follower cap within the
/// configured bounds. A rejected or retired trader may apply again.
pub async fn apply(state: &AppState, user: i64, a: &Application) -> ApiResult<()> {
    let c = &state.settings.copy;
    let name = a.name.trim();
    if !(2..=20).contains(&name.chars().count()) {
        return Err(ApiError::invalid("err_trader_name"));
    }
    let intro = a.intro.trim();
    if !(10..=300).contains(&intro.chars().count()) {
        return Err(ApiError::invalid("err_trader_intro"));
    }
    a.intros.check(Field::TraderIntro)?;
    let share_ppm = ppm(a.share_rate)?;
    if a.share_rate < c.share_min || a.share_rate > c.share_max {
        return Err(ApiError::invalid("err_share_rate")
            .with_arg("min", percent(c.share_min))
            .with_arg("max", percent(c.share_max)));
    }
    if a.max_followers < 1 || a.max_followers > c.max_followers {
        return Err(ApiError::invalid("err_max_followers").with_arg("max", c.max_followers));
    }
    let verified: Option<(i64,)> = sqlx::query_as(
        "SELECT id FROM verifications WHERE user_id = $1 AND level = 1 AND state = 2 LIMIT 1",
    )
    .bind(user)
    .fetch_optional(&state.db)
    .await?;
    if verified.is_none() {
        return Err(ApiError::new(
            Kind::VerificationRequired,
            "err_verify_first",
        ));
    }
    let quote = state.copy.quote();
    let balance: Option<(i64, i64)> = sqlx::query_as(
        "SELECT available, frozen FROM balances WHERE holder = $1 AND currency = $2 AND account = $3",
    )
    .bind(user)
    .bind(quote)
    .bind(account::LEVER)
    .fetch_optional(&state.db)
    .await?;
    let min = to_units(c.min_balance).map_err(|_| ApiError::internal("copy.min_balance"))?;
    if balance.map(|(a, f)| a + f).unwrap_or(0) < min {
        return Err(
            ApiError::invalid("err_trader_balance").with_arg("min", c.min_balance.normalize())
        );
    }
    let now = now_ms();
    // Through the writers' connection: this transaction reads before it
    // writes, and on SQLite a pool connection that read a snapshot another
    // writer then committed past cannot upgrade to write ("database is
    // locked" at once, whatever the busy timeout).
    let store = state
        .copy
        .store()
        .ok_or_else(|| unavailable("not running"))?;
    let mut tx = store.begin().await?;
    let prior: Option<(i64,)> =
        sqlx::query_as("SELECT status FROM copy_traders WHERE user_id = $1")
            .bind(user)
            .fetch_optional(&mut *tx)
            .await?;
    match prior {
        None => {
            sqlx::query(
                "INSERT INTO copy_traders (user_id, name, intro, share_ppm, max_followers, status, created_at) VALUES ($1, $2, $3, $4, $5, 0, $6)",
            )
            .bind(user)
            .bind(name)
            .bind(intro)
            .bind(share_ppm)
            .bind(a.max_followers)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        }
        Some((s,)) if s == trader::REJECTED || s == trader::RETIRED => {
            sqlx::query(
                "UPDATE copy_traders SET name = $1, intro = $2, share_ppm = $3, max_followers = $4, status = 0, reject_reason = NULL, created_at = $5, reviewed_at = NULL WHERE user_id = $6",
            )
            .bind(name)
            .bind(intro)
            .bind(share_ppm)
            .bind(a.max_followers)
            .bind(now)
            .bind(user)
            .execute(&mut *tx)
            .await?;
        }
        Some(_) => return Err(ApiError::conflict("err_trader_applied")),
    }
    crate::texts::save(&mut tx, Field::TraderIntro, user, &a.intros).await?;
    tx.commit().await?;
    Ok(())
}

/// An admin's texts of a lead trader's intro in the other languages (the
/// trader's own text stays the English one).
pub async fn set_intros(state: &AppState, trader: i64, intros: &Texts) -> ApiResult<()> {
    intros.check(Field::TraderIntro)?;
    let store = state
        .copy
        .store()
        .ok_or_else(|| unavailable("the copy store is not started"))?;
    let mut tx = store.begin().await?;
    let known: Option<(i64,)> =
        sqlx::query_as("SELECT user_id FROM copy_traders WHERE user_id = $1")
            .bind(trader)
            .fetch_optional(&mut *tx)
            .await?;
    if known.is_none() {
        return Err(ApiError::new(Kind::NotFound, "err_trader_not_found"));
    }
    crate::texts::save(&mut tx, Field::TraderIntro, trader, intros).await?;
    tx.commit().await?;
    Ok(())
}

/// An admin approves (the trader's actor starts and the trader appears in
/// the list) or rejects with a reason an application still pending.
pub async fn review(
    state: &AppState,
    trader_id: i64,
    approve: bool,
    reason: &str,
) -> ApiResult<()> {
    let res = sqlx::query(
        "UPDATE copy_traders SET status = $1, reject_reason = $2, reviewed_at = $3 WHERE user_id = $4 AND status = 0",
    )
    .bind(if approve { trader::APPROVED } else { trader::REJECTED })
    .bind(if approve { None } else { Some(reason) })
    .bind(now_ms())
    .bind(trader_id)
    .execute(&state.db)
    .await?;
    if res.rows_affected() != 1 {
        return Err(ApiError::new(Kind::NotFound, "err_review_done"));
    }
    if approve {
        let h = state
            .copy
            .run(trader_id)
            .ok_or_else(|| unavailable("not running"))?;
        let _ = h.send(Refresh).await;
    }
    state.hub.do_send(Event::Private {
        user_id: trader_id,
        event: "copy_trader_reviewed",
        payload: serde_json::json!({"approved": approve}),
    });
    Ok(())
}

/// A follow's terms as the follower sends them.
pub struct Terms {
    /// 1 a multiple of the leader's lots, 2 fixed lots.
    pub mode: i64,
    /// The multiple, or the lots.
    pub amount: Decimal,
    pub max_margin: Decimal,
    /// Take-profit and stop-loss of each copy as a return on its margin (0.5 is 50 %).
    pub tp_ratio: Option<Decimal>,
    pub sl_ratio: Option<Decimal>,
    /// The loss that ends the follow.
    pub stop_loss: Option<Decimal>,
}

/// Checks a follow's terms against the configuration; the amounts in units.
pub fn follow_input(c: &CopySettings, t: &Terms) -> ApiResult<FollowInput> {
    let amount = match t.mode {
        follow::MULTIPLE => {
            let amount = ppm(t.amount)?;
            if t.amount < c.multiple_min || t.amount > c.multiple_max {
                return Err(ApiError::invalid("err_follow_multiple")
                    .with_arg("min", c.multiple_min.normalize())
                    .with_arg("max", c.multiple_max.normalize()));
            }
            amount
        }
        follow::LOTS => {
            // Whole hundredths of a lot: more decimals are refused rather than rounded.
            if t.amount <= Decimal::ZERO
                || t.amount > c.lots_max
                || t.amount.normalize().scale() > 2
            {
                return Err(
                    ApiError::invalid("err_follow_lots").with_arg("max", c.lots_max.normalize())
                );
            }
            scaled(t.amount, 100)?
        }
        _ => return Err(ApiError::invalid("err_follow_mode")),
    };
    let max_margin = to_units(t.max_margin).map_err(units_error)?;
    if max_margin <= 0 {
        return Err(ApiError::invalid("err_follow_margin"));
    }
    let ratio = |r: Option<Decimal>| -> ApiResult<Option<i64>> {
        match r {
            None => Ok(None),
            Some(r) if r.is_zero() => Ok(None),
            Some(r) => {
                let v = ppm(r)?;
                if r > Decimal::ZERO && r <= Decimal::new(10, 0) {
                    Ok(Some(v))
                } else {
                    Err(ApiError::invalid("err_follow_ratio"))
                }
            }
        }
    };
    let stop_loss = match t.stop_loss {
        None => None,
        Some(s) if s.is_zero() => None,
        Some(s) if s > Decimal::ZERO => Some(to_units(s).map_err(units_error)?),
        Some(_) => return Err(ApiError::invalid("err_follow_stop")),
    };
    Ok(FollowInput {
        mode: t.mode,
        amount,
        max_margin,
        tp_ppm: ratio(t.tp_ratio)?,
        sl_ppm: ratio(t.sl_ratio)?,
        stop_loss,
    })
}

/// Starts a follow of `trader_id`, or changes the caller's follow `id`.
pub async fn follow(
    state: &AppState,
    user: i64,
    trader_id: i64,
    id: Option<i64>,
    terms: &Terms,
) -> ApiResult<FollowRow> {
    let input = follow_input(&state.settings.copy, terms)?;
    let h = state.copy.trader(trader_id)?;
    let res = match id {
        None => h.send(Follow { user, input }).await,
        Some(id) => h.send(Edit { user, id, input }).await,
    };
    res.map_err(unavailable)?.map_err(ApiError::from)
}

/// Ends the caller's follow `id`: its copies close now or stay theirs. A
/// follow that ended already (by an earlier call, or one at the same
/// moment that got there first) is a 409 saying so.
pub async fn cancel(state: &AppState, user: i64, id: i64, close: bool) -> ApiResult<FollowRow> {
    let (trader_id, status) = follow_trader(state, user, id).await?;
    if status == follow::CANCELLED {
        return Err(ApiError::conflict("err_follow_ended"));
    }
    let answer = state
        .copy
        .trader(trader_id)?
        .send(Cancel {
            user: Some(user),
            id,
            close,
            reason: if close { "cancel_close" } else { "cancel_keep" },
        })
        .await
        .map_err(unavailable)?;
    match answer {
        Err(ProductError::NotFound(_)) => match follow_trader(state, user, id).await? {
            (_, follow::CANCELLED) => Err(ApiError::conflict("err_follow_ended")),
            _ => Err(ApiError::new(Kind::NotFound, "err_follow_not_found")),
        },
        other => other.map_err(ApiError::from),
    }
}

/// The trader of one of the caller's follows, and the follow's status.
async fn follow_trader(state: &AppState, user: i64, id: i64) -> ApiResult<(i64, i64)> {
    let row: Option<(i64, i64)> =
        sqlx::query_as("SELECT trader_id, status FROM copy_follows WHERE id = $1 AND user_id = $2")
            .bind(id)
            .bind(user)
            .fetch_optional(&state.db)
            .await?;
    row.ok_or_else(|| ApiError::new(Kind::NotFound, "err_follow_not_found"))
}

/// The caller keeps their copied position `position` as their own. Calls
/// at the same moment hold it once; the others are told it is held (409),
/// as a later call is, though the contract actor found no copy to hold.
pub async fn self_hold(state: &AppState, user: i64, position: i64) -> ApiResult<()> {
    let trader_id = held_copy(state, user, position).await?;
    let answer = state
        .copy
        .trader(trader_id)?
        .send(SelfHold { user, position })
        .await
        .map_err(unavailable)?;
    match answer {
        Ok(_) => Ok(()),
        // The copy was not found to hold: held meanwhile, or closed.
        Err(ProductError::NotFound(_)) => Err(match held_copy(state, user, position).await {
            Ok(_) => ApiError::new(Kind::NotFound, "err_order_closed"),
            Err(refusal) => refusal,
        }),
        Err(e) => Err(ApiError::from(e)),
    }
}

/// The trader whose copy `position` is, while it is an open copy the
/// caller can hold; the refusal that says why not otherwise.
async fn held_copy(state: &AppState, user: i64, position: i64) -> ApiResult<i64> {
    let row: Option<(Option<i64>, i64, i64)> = sqlx::query_as(
        "SELECT f.trader_id, o.self_held, o.status FROM lever_orders o LEFT JOIN copy_follows f ON f.id = o.follow_id
         WHERE o.id = $1 AND o.user_id = $2 AND o.follow_id IS NOT NULL",
    )
    .bind(position)
    .bind(user)
    .fetch_optional(&state.db)
    .await?;
    match row {
        Some((Some(t), 0, 1)) => Ok(t),
        Some((_, 1, _)) => Err(ApiError::conflict("err_self_held")),
        _ => Err(ApiError::new(Kind::NotFound, "err_order_closed")),
    }
}

/// The caller, a trader, pauses new follows, resumes or retires.
pub async fn set_status(state: &AppState, user: i64, status: i64) -> ApiResult<i64> {
    state
        .copy
        .trader(user)?
        .send(SetStatus { status })
        .await
        .map_err(unavailable)?
        .map_err(ApiError::from)
}

/// `d` times `factor`, truncated: checked, so a value near `Decimal`'s own
/// maximum answers "too large" instead of overflowing.
/// `d` in whole `factor`ths: a finer value is refused, never truncated (a
/// multiple of 1.0000000001 used to be stored as 1).
fn scaled(d: Decimal, factor: i64) -> ApiResult<i64> {
    let v = d
        .checked_mul(Decimal::from(factor))
        .ok_or_else(|| units_error(UnitsError::TooLarge))?;
    if !v.fract().is_zero() {
        return Err(units_error(UnitsError::TooPrecise));
    }
    i64::try_from(v.trunc()).map_err(|_| units_error(UnitsError::TooLarge))
}

/// A rate in millionths.
pub fn ppm(d: Decimal) -> ApiResult<i64> {
    scaled(d, 1_000_000)
}

fn percent(d: Decimal) -> String {
    format!("{}%", (d * Decimal::ONE_HUNDRED).normalize())
}
