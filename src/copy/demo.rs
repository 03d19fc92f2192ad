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
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Which way a demo lead trader opens, given the last hours' move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Lean {
    /// Either way, by a coin toss.
    Either,
    /// With the move (long after a rise).
    Trend,
    /// Against the move (short after a rise).
    Fade,
}

/// How a demo lead trader trades. Its intro says the same in words: the
/// multiples it names are exactly the range it uses (a test holds them
/// together), and its pace and sizes are what the words claim.
pub(crate) struct Style {
    pub name: &'static str,
    pub intro: &'static str,
    /// The lowest and highest multiple it opens with.
    pub leverage: (i64, i64),
    /// Lots per position, as multiples of the market's least.
    pub lots: (i64, i64),
    /// The chance it opens a position in an hour of its history.
    pub open_chance: f64,
    /// Its weight among the demo traders' live turns: how often it acts.
    pub turns: u32,
    /// Hours a position of its history is held.
    pub hold_hours: (usize, usize),
    /// The chance a live turn closes its oldest open position.
    pub close_chance: f64,
    pub lean: Lean,
}

pub(crate) const STYLES: &[Style] = &[
    Style {
        name: "Steady Tortoise",
        intro: "Single lots at 5x leverage, trades seldom and holds longest: slow and steady.",
        leverage: (5, 5),
        lots: (1, 1),
        open_chance: 0.1,
        turns: 1,
        hold_hours: (6, 24),
        close_chance: 0.2,
        lean: Lean::Either,
    },
    Style {
        name: "Momentum Mia",
        intro: "Follows short-term momentum with tight position sizes and 10x leverage.",
        leverage: (10, 10),
        lots: (1, 2),
        open_chance: 0.25,
        turns: 2,
        hold_hours: (2, 8),
        close_chance: 0.4,
        lean: Lean::Trend,
    },
    Style {
        name: "Contrarian Kai",
        intro:
            "Fades sharp moves at 5x to 10x leverage; the most trades, single lots, quick exits.",
        leverage: (5, 10),
        lots: (1, 1),
        open_chance: 0.4,
        turns: 3,
        hold_hours: (1, 4),
        close_chance: 0.6,
        lean: Lean::Fade,
    },
];

impl Style {
    /// The multiples of a market this trader opens with (none when the
    /// market offers none in its range: it then leaves that market alone).
    pub(crate) fn multiples(&self, offered: &[i64]) -> Vec<i64> {
        offered
            .iter()
            .copied()
            .filter(|m| (self.leverage.0..=self.leverage.1).contains(m))
            .collect()
    }

    /// Lots of a position within the market's bounds.
    fn share(&self, rng: &mut impl Rng, min: i64, max: i64) -> i64 {
        let (lo, hi) = self.lots;
        let lo = min.saturating_mul(lo).min(max);
        rng.gen_range(lo..=min.saturating_mul(hi).clamp(lo, max))
    }

    /// The side of a position opened after the mark moved by `moved`.
    fn side(&self, rng: &mut impl Rng, moved: i64) -> Dir {
        let up = match (self.lean, moved.signum()) {
            (Lean::Either, _) | (_, 0) => rng.gen_bool(0.5),
            (Lean::Trend, s) => s > 0,
            (Lean::Fade, s) => s < 0,
        };
        if up {
            Dir::Long
        } else {
            Dir::Short
        }
    }
}

/// Creates (once) the demo lead traders, approved and funded on their
/// contract accounts, and answers their ids with their styles.
pub async fn ensure(state: &AppState, count: u32) -> Result<Vec<(i64, usize)>, String> {
    let mut ids = Vec::new();
    for n in 1..=count.min(STYLES.len() as u32) {
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
        ids.push((id, n as usize - 1));
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
    let style = &STYLES[n];
    if let Some((market, path)) = path {
        history(state, id, style, market, &path).await;
    }
    let (name, intro) = (style.name, style.intro);
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

/// Replays the bot's decisions over `path` in its style: each hour it may
/// open a position (its side from the last three hours' move, its lots and
/// multiple from its style) and hold it for its hours, or until it is
/// liquidated. Every position goes through the contract functions of live
/// trading (`lever::replay`). A failure is logged: the trader then has a
/// shorter history, nothing else.
async fn history(state: &AppState, trader: i64, style: &Style, market: i64, path: &[Past]) {
    let Some(m) = state.markets.by_id(market) else {
        return;
    };
    let (Some(d), Some(store)) = (m.deriv.as_ref(), state.copy.store()) else {
        return;
    };
    let multiples = style.multiples(&d.multiples);
    if multiples.is_empty() {
        return;
    }
    let mut rng = StdRng::seed_from_u64(trader as u64);
    let mut i = 0;
    let mut made = 0;
    while i + 2 < path.len() {
        if !rng.gen_bool(style.open_chance) {
            i += 1;
            continue;
        }
        let hold = rng
            .gen_range(style.hold_hours.0..=style.hold_hours.1)
            .min(path.len() - 1 - i);
        let moved = path[i].mark - path[i.saturating_sub(3)].mark;
        let dir = style.side(&mut rng, moved);
        let share = style.share(&mut rng, d.min_share, d.max_share);
        let multiple = multiples[rng.gen_range(0..multiples.len())];
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

/// Paces the demo lead traders: every `every`, one of them (the more active
/// styles more often) opens a position on a contract market in its style
/// (while it holds fewer than two) or closes its oldest.
pub struct DemoLeads {
    state: AppState,
    /// Each trader's id and style (an index into [`STYLES`]).
    traders: Vec<(i64, usize)>,
    every: Duration,
    meter: Arc<Meter>,
    /// Each market's index when a trader last looked, for the move a style leans on.
    marks: Arc<Mutex<HashMap<i64, i64>>>,
    /// Every draw of the bots (`demo.random_seed`).
    rng: Arc<Mutex<StdRng>>,
    acted: u64,
    refused: u64,
    busy: bool,
}

impl DemoLeads {
    pub fn new(
        state: AppState,
        traders: Vec<(i64, usize)>,
        every: Duration,
        meter: Arc<Meter>,
    ) -> DemoLeads {
        let rng = state.settings.demo.rng(LEADS_SALT);
        DemoLeads {
            rng,
            state,
            traders: traders.into_iter().filter(|t| t.1 < STYLES.len()).collect(),
            every,
            meter,
            marks: Arc::default(),
            acted: 0,
            refused: 0,
            busy: false,
        }
    }

    /// The trader whose turn it is, each weighted by its style's turns.
    fn pick(&self) -> Option<(i64, &'static Style)> {
        let total: u32 = self.traders.iter().map(|t| STYLES[t.1].turns).sum();
        if total == 0 {
            return None;
        }
        let mut at = lock(&self.rng).gen_range(0..total);
        for &(id, n) in &self.traders {
            let style = &STYLES[n];
            if at < style.turns {
                return Some((id, style));
            }
            at -= style.turns;
        }
        None
    }
}

impl Actor for DemoLeads {
    type Context = Context<Self>;

    fn started(&mut self, ctx: &mut Context<Self>) {
        ctx.run_interval(self.every, |act, ctx| {
            act.meter.seen();
            if act.busy {
                return;
            }
            let Some((trader, style)) = act.pick() else {
                return;
            };
            act.busy = true;
            let (state, marks, rng) = (act.state.clone(), act.marks.clone(), act.rng.clone());
            ctx.spawn(
                round(state, trader, style, marks, rng)
                    .into_actor(act)
                    .map(|ok, act, _| {
                        act.busy = false;
                        match ok {
                            Some(true) => act.acted += 1,
                            Some(false) => act.refused += 1,
                            None => {}
                        }
                    }),
            );
        });
    }
}

/// Apart from the spot demo traders' draws under the same seed.
const LEADS_SALT: u64 = 0x1ead;

/// The bots' generator, held for one draw at a time (never across an await).
pub(crate) fn lock(rng: &Mutex<StdRng>) -> std::sync::MutexGuard<'_, StdRng> {
    rng.lock().unwrap_or_else(|p| p.into_inner())
}

/// One decision of `trader` in its style. Answers whether the contract actor
/// accepted it.
async fn round(
    state: AppState,
    trader: i64,
    style: &'static Style,
    marks: Arc<Mutex<HashMap<i64, i64>>>,
    rng: Arc<Mutex<StdRng>>,
) -> Option<bool> {
    let open: Vec<(i64, i64)> = sqlx::query_as(
        "SELECT id, market FROM lever_orders WHERE user_id = $1 AND status = 1 ORDER BY id",
    )
    .bind(trader)
    .fetch_all(&state.db)
    .await
    .ok()?;
    // The contract markets that offer a multiple in the trader's range.
    let lever: Vec<_> = state
        .markets
        .list
        .iter()
        .filter(|m| {
            m.deriv
                .as_ref()
                .is_some_and(|d| d.lever && !style.multiples(&d.multiples).is_empty())
        })
        .collect();
    if lever.is_empty() {
        return None;
    }
    let close_now =
        open.len() >= 2 || (!open.is_empty() && lock(&rng).gen_bool(style.close_chance));
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
    let m = lever[lock(&rng).gen_range(0..lever.len())];
    let d = m.deriv.as_ref()?;
    let index = m.send(CurrentIndex).await.ok().unwrap_or(0);
    let before = {
        let mut seen = marks.lock().unwrap_or_else(|p| p.into_inner());
        seen.insert(m.spec.id, index).unwrap_or(index)
    };
    let (dir, share, multiple) = {
        let mut rng = lock(&rng);
        let multiples = style.multiples(&d.multiples);
        (
            style.side(&mut *rng, index - before),
            style.share(&mut *rng, d.min_share, d.max_share),
            multiples[rng.gen_range(0..multiples.len())],
        )
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
    use super::*;

    /// The multiples an intro names ("5x", "10x"), in order.
    fn named(intro: &str) -> Vec<i64> {
        intro
            .split(|c: char| !c.is_ascii_alphanumeric())
            .filter_map(|w| w.strip_suffix('x')?.parse().ok())
            .collect()
    }

    #[test]
    fn each_demo_traders_leverage_is_what_its_intro_says() {
        let offered = [1, 2, 3, 5, 10, 20, 25, 50, 75, 100, 125];
        for s in STYLES {
            let words = named(s.intro);
            assert!(!words.is_empty(), "{}: the intro names no leverage", s.name);
            let (lo, hi) = (
                words.iter().copied().min().unwrap_or(0),
                words.iter().copied().max().unwrap_or(0),
            );
            assert_eq!(s.leverage, (lo, hi), "{}: {:?}", s.name, s.intro);
            // Whatever a market offers, it opens only within what it says.
            let used = s.multiples(&offered);
            assert!(!used.is_empty(), "{}", s.name);
            assert!(
                used.iter().all(|m| (lo..=hi).contains(m)),
                "{}: {used:?}",
                s.name
            );
        }
    }

    #[test]
    fn the_styles_paces_and_sizes_rank_as_their_intros_say() {
        let by = |name: &str| STYLES.iter().find(|s| s.name == name);
        let (Some(tortoise), Some(mia), Some(kai)) = (
            by("Steady Tortoise"),
            by("Momentum Mia"),
            by("Contrarian Kai"),
        ) else {
            panic!("a demo trader is missing");
        };
        // "trades seldom and holds longest" / "the most trades, quick exits".
        assert!(tortoise.open_chance < mia.open_chance && mia.open_chance < kai.open_chance);
        assert!(tortoise.turns < kai.turns && mia.turns < kai.turns);
        assert!(STYLES
            .iter()
            .all(|s| s.hold_hours.1 <= tortoise.hold_hours.1));
        assert!(kai.hold_hours.1 < mia.hold_hours.1);
        // "Single lots"; momentum with, contrarian against the move.
        assert_eq!((tortoise.lots, kai.lots), ((1, 1), (1, 1)));
        let mut rng = StdRng::seed_from_u64(7);
        for _ in 0..20 {
            assert_eq!(mia.side(&mut rng, 10), Dir::Long);
            assert_eq!(mia.side(&mut rng, -10), Dir::Short);
            assert_eq!(kai.side(&mut rng, 10), Dir::Short);
            assert_eq!(kai.side(&mut rng, -10), Dir::Long);
            assert_eq!(tortoise.share(&mut rng, 1, 500), 1);
            assert!((1..=2).contains(&mia.share(&mut rng, 1, 500)));
        }
    }

    #[test]
    fn every_demo_intro_comes_in_all_nine_languages() {
        for s in STYLES {
            assert!(
                crate::texts::demo_complete(s.intro),
                "{}'s intro lacks translations",
                s.name
            );
        }
    }
}
