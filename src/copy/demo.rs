//! Demo lead traders: accounts marked demo that lead in copy trading, so a
//! fresh install shows a trader list whose every figure comes from real
//! positions. Each is created like any demo account (funded through the
//! ledger), moves part of its funding to its contract account with the
//! transfer every user makes, applies to lead through `copy::apply`, and is
//! approved through the admin review's `copy::review`. Its bot opens and
//! closes contract positions by sending the contract actor the same messages
//! the `lever/*` handlers send, so copies follow it like any leader. Off
//! unless `demo.lead_traders` is above 0.

use crate::funds::transfers::{transfer, NewTransfer};
use crate::state::AppState;
use ::actors::ledger::account;
use ::actors::lever::math::Dir;
use ::actors::lever::replay::{replay_position, Past};
use ::actors::lever::{LeverClose, LeverSubmit};
use ::actors::market::deriv::CurrentIndex;
use ::actors::market::feed::{PriceFeed, RandomWalk};
use ::actors::runtime::clock::replaying;
use ::actors::runtime::{Check, Checks, Meter};
use actix::prelude::*;
use rand::rngs::StdRng;
use rand::Rng;
use rand::SeedableRng;
use rust_decimal::Decimal;
use std::sync::Arc;
use std::time::Duration;

const NAMES: &[(&str, &str)] = &[
    (
        "Steady Tortoise",
        "Small positions, low leverage, held for minutes: slow and steady.",
    ),
    (
        "Momentum Mia",
        "Follows short-term momentum with tight position sizes and 10x leverage.",
    ),
    (
        "Contrarian Kai",
        "Fades sharp moves; more trades, smaller lots, always a stop in mind.",
    ),
];

/// Creates (once) the demo lead traders, approved and funded on their
/// contract accounts, and answers their ids.
pub async fn ensure(state: &AppState, count: u32) -> Result<Vec<i64>, String> {
    let mut ids = Vec::new();
    for n in 1..=count.min(NAMES.len() as u32) {
        let email = format!("demo-lead-{n}@bourse.local");
        let Some((id, created)) = crate::seed::demo_bot(state, &email).await? else {
            continue;
        };
        // Set up when created, or when a start stopped before its application.
        let leads: Option<(i64,)> =
            sqlx::query_as("SELECT status FROM copy_traders WHERE user_id = $1")
                .bind(id)
                .fetch_optional(&state.db)
                .await
                .map_err(|e| e.to_string())?;
        if created || leads.is_none() {
            setup(state, id, n as usize - 1)
                .await
                .map_err(|e| format!("{e:?}"))?;
        }
        ids.push(id);
    }
    Ok(ids)
}

/// A new demo lead trader: a demo identity verified at level 1 (the demo has
/// no documents to review), half its quote funding moved to the contract
/// account, an application, and its approval.
async fn setup(state: &AppState, id: i64, n: usize) -> crate::error::ApiResult<()> {
    sqlx::query(
        "INSERT INTO verifications (user_id, level, state, id_type, name, card_id, front_pic, reverse_pic, erc_address, trc_address, created_at)
         VALUES ($1, 1, 2, 'passport', 'Demo', 'DEMO', '', '', '', '', $2)",
    )
    .bind(id)
    .bind(crate::db::now_ms())
    .execute(&state.db)
    .await?;
    let quote = state.copy.quote();
    let (available, _) = ::actors::ledger::balance(&state.db, id, quote, account::CHANGE)
        .await
        .map_err(crate::funds::ledger_error)?;
    let path = price_history(state, id).await;
    // The transfer happens where the history starts, so the contract
    // account's records run in time order.
    let start = path
        .as_ref()
        .map(|(_, p)| p[0].at)
        .unwrap_or_else(crate::db::now_ms);
    replaying(
        start,
        transfer(
            state,
            id,
            NewTransfer {
                currency: quote,
                amount: available / 2,
                from: account::CHANGE,
                to: account::LEVER,
                request_id: None,
            },
        ),
    )
    .await?;
    if let Some((market, path)) = path {
        history(state, id, market, &path).await;
    }
    let (name, intro) = NAMES[n];
    crate::copy::apply(
        state,
        id,
        &crate::copy::Application {
            name: name.into(),
            intro: intro.into(),
            intros: crate::texts::demo(intro),
            share_rate: Decimal::new(10 + 5 * n as i64, 2),
            max_followers: 500,
        },
    )
    .await?;
    crate::copy::review(state, id, true, "").await
}

/// Days of history a new demo lead trader is given.
const HISTORY_DAYS: i64 = 30;
const HOUR_MS: i64 = 3_600_000;

/// The generated price history of the first contract market over the last
/// [`HISTORY_DAYS`], hour by hour, ending at the index now: the market's own
/// random walk (its volatility scaled to an hour), walked back from now.
async fn price_history(state: &AppState, seed: i64) -> Option<(i64, Vec<Past>)> {
    let m = state
        .markets
        .list
        .iter()
        .find(|m| m.deriv.as_ref().is_some_and(|d| d.lever))?;
    let index = m.send(CurrentIndex).await.ok().filter(|i| *i > 0)?;
    let volatility = state
        .settings
        .markets
        .iter()
        .find(|c| c.id == m.spec.id)
        .and_then(|c| crate::copy::ppm(c.volatility).ok())
        .unwrap_or(0)
        .saturating_mul(60);
    let hours = (HISTORY_DAYS * 24) as usize;
    let mut walk = RandomWalk::new(index, m.spec.tick, volatility, seed as u64 ^ 0xC0FF_EE00);
    let mut marks: Vec<i64> = std::iter::once(index)
        .chain((1..hours).map(|_| walk.next_price()))
        .collect();
    marks.reverse();
    let now = crate::db::now_ms().div_euclid(HOUR_MS) * HOUR_MS;
    let start = now - (hours as i64 - 1) * HOUR_MS;
    let path = marks
        .into_iter()
        .enumerate()
        .map(|(i, mark)| Past {
            at: start + i as i64 * HOUR_MS,
            mark,
        })
        .collect();
    Some((m.spec.id, path))
}

/// Replays the bot's decisions over `path`: now and then it opens a position
/// (either direction, 1 to 3 lots, the lower multiples) and holds it for 2
/// to 12 hours, or until it is liquidated. Every position goes through the
/// contract functions of live trading (`lever::replay`). A failure is logged:
/// the trader then has a shorter history, nothing else.
async fn history(state: &AppState, trader: i64, market: i64, path: &[Past]) {
    let Some(m) = state.markets.by_id(market) else {
        return;
    };
    let (Some(d), Some(store)) = (m.deriv.as_ref(), state.copy.store()) else {
        return;
    };
    let mut rng = StdRng::seed_from_u64(trader as u64);
    let low = &d.multiples[..d.multiples.len().div_ceil(2)];
    let mut i = 0;
    let mut made = 0;
    while i + 2 < path.len() {
        if !rng.gen_bool(0.25) {
            i += 1;
            continue;
        }
        let hold = rng.gen_range(2..=12).min(path.len() - 1 - i);
        let dir = if rng.gen_bool(0.5) {
            Dir::Long
        } else {
            Dir::Short
        };
        let share = rng.gen_range(d.min_share..=d.min_share.saturating_mul(3).min(d.max_share));
        let multiple = low[rng.gen_range(0..low.len())];
        let held = &path[i..=i + hold];
        if let Err(e) =
            replay_position(&store, &m.spec, d, trader, dir, share, multiple, held).await
        {
            log::warn!("demo lead trader {trader}: history stopped after {made} positions: {e:?}");
            return;
        }
        made += 1;
        i += hold + 1;
    }
    log::info!("demo lead trader {trader}: {made} positions of history replayed");
}

/// Paces the demo lead traders: every `every`, one of them opens a position
/// on a contract market (while it holds fewer than two) or closes its oldest.
pub struct DemoLeads {
    state: AppState,
    traders: Vec<i64>,
    every: Duration,
    meter: Arc<Meter>,
    acted: u64,
    refused: u64,
    busy: bool,
}

impl DemoLeads {
    pub fn new(
        state: AppState,
        traders: Vec<i64>,
        every: Duration,
        meter: Arc<Meter>,
    ) -> DemoLeads {
        DemoLeads {
            state,
            traders,
            every,
            meter,
            acted: 0,
            refused: 0,
            busy: false,
        }
    }
}

impl Actor for DemoLeads {
    type Context = Context<Self>;

    fn started(&mut self, ctx: &mut Context<Self>) {
        ctx.run_interval(self.every, |act, ctx| {
            act.meter.seen();
            if act.busy || act.traders.is_empty() {
                return;
            }
            act.busy = true;
            let (state, trader) = {
                let t = act.traders[rand::thread_rng().gen_range(0..act.traders.len())];
                (act.state.clone(), t)
            };
            ctx.spawn(round(state, trader).into_actor(act).map(|ok, act, _| {
                act.busy = false;
                match ok {
                    Some(true) => act.acted += 1,
                    Some(false) => act.refused += 1,
                    None => {}
                }
            }));
        });
    }
}

/// One decision of `trader`. Answers whether the contract actor accepted it.
async fn round(state: AppState, trader: i64) -> Option<bool> {
    let open: Vec<(i64, i64)> = sqlx::query_as(
        "SELECT id, market FROM lever_orders WHERE user_id = $1 AND status = 1 ORDER BY id",
    )
    .bind(trader)
    .fetch_all(&state.db)
    .await
    .ok()?;
    let lever: Vec<_> = state
        .markets
        .list
        .iter()
        .filter(|m| m.deriv.as_ref().is_some_and(|d| d.lever))
        .collect();
    if lever.is_empty() {
        return None;
    }
    let close_now = open.len() >= 2 || (!open.is_empty() && rand::thread_rng().gen_bool(0.4));
    if close_now {
        let (id, market) = open[0];
        let m = state.markets.by_id(market)?;
        let res = m
            .contracts
            .as_ref()?
            .send(LeverClose {
                user_id: trader,
                id: Some(id),
                dirs: vec![],
            })
            .await
            .ok()?;
        return Some(res.is_ok());
    }
    let (m, dir, share, multiple) = {
        let mut rng = rand::thread_rng();
        let m = lever[rng.gen_range(0..lever.len())];
        let d = m.deriv.as_ref()?;
        let dir = if rng.gen_bool(0.5) {
            Dir::Long
        } else {
            Dir::Short
        };
        let share = rng.gen_range(d.min_share..=d.min_share.saturating_mul(3).min(d.max_share));
        // The lower half of the multiples: demo leaders are not reckless.
        let low = &d.multiples[..d.multiples.len().div_ceil(2)];
        (m, dir, share, low[rng.gen_range(0..low.len())])
    };
    let res = m
        .contracts
        .as_ref()?
        .send(LeverSubmit {
            user_id: trader,
            dir,
            limit: None,
            share,
            multiple,
        })
        .await
        .ok()?;
    Some(res.is_ok())
}

impl Handler<Checks> for DemoLeads {
    type Result = MessageResult<Checks>;

    fn handle(&mut self, _: Checks, _: &mut Context<Self>) -> Self::Result {
        MessageResult(vec![
            Check::ok("traders", self.traders.len().to_string()),
            Check::ok("placed", self.acted.to_string()),
            if self.refused > self.acted && self.refused > 10 {
                Check::warn("refused", self.refused.to_string())
            } else {
                Check::ok("refused", self.refused.to_string())
            },
        ])
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_demo_intro_comes_in_all_nine_languages() {
        for (name, intro) in super::NAMES {
            assert!(
                crate::texts::demo_complete(intro),
                "{name}'s intro lacks translations"
            );
        }
    }
}
