//! Starts one `MarketActor` per configured market, with its liquidity provider
//! account funded through the ledger, and keeps their addresses for the API.

use crate::config::{MarketConfig, Settings};
use crate::db::{now_ms, Db};
use ::actors::copy::CopyPlans;
use ::actors::ledger::{self, account, Bucket, Operation, Posting, SystemAccount};
use ::actors::lever::ContractActor;
use ::actors::market::actor::{LpConfig, MarketActor, MarketSpec, CHANNELS};
use ::actors::market::deriv::{DerivSpec, MarkSink, MarkSinks, OptionTerm};
use ::actors::market::feed::RandomWalk;
use ::actors::money::to_units;
use ::actors::options::OptionsActor;
use ::actors::runtime::timing::OrderTimes;
use ::actors::runtime::{Desk, Event, Handle, Registry};
use ::actors::sql::Store;
use actix::prelude::*;
use rust_decimal::Decimal;
use std::sync::Arc;
use std::time::Duration;

/// One running market.
#[derive(Clone)]
pub struct MarketHandle {
    pub spec: MarketSpec,
    /// Contracts and options on offer, if any.
    pub deriv: Option<DerivSpec>,
    /// The supervised actor (restarted from the database should it stop).
    pub handle: Handle<MarketActor>,
    /// Its contracts and options, each on an actor of its own, if offered.
    pub contracts: Option<Handle<ContractActor>>,
    pub options: Option<Handle<OptionsActor>>,
}

impl MarketHandle {
    /// Sends a message and waits for the answer, counting it in the backlog.
    pub async fn send<M>(&self, msg: M) -> Result<M::Result, MailboxError>
    where
        M: Message + Send + 'static,
        M::Result: Send,
        MarketActor: Handler<M>,
    {
        self.handle.send(msg).await
    }

    /// Its contract actor, or the "not offered here" error the API answers.
    pub fn contracts(&self) -> Result<&Handle<ContractActor>, crate::error::ApiError> {
        self.contracts
            .as_ref()
            .ok_or_else(|| crate::error::ApiError::invalid("err_market_invalid"))
    }

    /// Its options actor, or the "not offered here" error the API answers.
    pub fn options(&self) -> Result<&Handle<OptionsActor>, crate::error::ApiError> {
        self.options
            .as_ref()
            .ok_or_else(|| crate::error::ApiError::invalid("err_market_invalid"))
    }
}

/// Every market of this node, and the desks its books, contracts and
/// options run on (by market symbol).
pub struct Markets {
    pub list: Vec<MarketHandle>,
    pub books: Desk<String, MarketActor>,
    pub contracts: Desk<String, ContractActor>,
    pub options: Desk<String, OptionsActor>,
    /// Where the spot orders' time goes, every market together.
    pub times: Arc<OrderTimes>,
}

impl Markets {
    /// No market yet (until [`start`]).
    pub fn empty(registry: Arc<Registry>) -> Markets {
        Markets {
            list: Vec::new(),
            books: Desk::new("market", "market", registry.clone()),
            contracts: Desk::new("contracts", "contracts", registry.clone()),
            options: Desk::new("options", "options", registry),
            times: Arc::default(),
        }
    }

    pub fn by_id(&self, id: i64) -> Option<&MarketHandle> {
        self.list.iter().find(|m| m.spec.id == id)
    }

    pub fn by_symbol(&self, symbol: &str) -> Option<&MarketHandle> {
        self.list
            .iter()
            .find(|m| m.spec.symbol.eq_ignore_ascii_case(symbol))
    }

    pub fn by_pair(&self, base: i64, quote: i64) -> Option<&MarketHandle> {
        self.list
            .iter()
            .find(|m| m.spec.base == base && m.spec.quote == quote)
    }
}

fn units(d: Decimal) -> i64 {
    to_units(d).unwrap_or(0)
}

fn ppm(d: Decimal) -> i64 {
    (d * Decimal::from(1_000_000))
        .trunc()
        .try_into()
        .unwrap_or(0)
}

pub fn spec_of(m: &MarketConfig, settings: &Settings) -> MarketSpec {
    let name = |id: i64| {
        settings
            .currency(id)
            .map(|c| c.name.clone())
            .unwrap_or_default()
    };
    MarketSpec {
        id: m.id,
        symbol: m.symbol.clone(),
        base: m.base,
        quote: m.quote,
        base_name: name(m.base),
        quote_name: name(m.quote),
        kind: m.kind.clone(),
        tick: units(m.tick),
        lot: units(m.lot),
        min_qty: units(m.min_qty),
        maker_ppm: ppm(m.maker_fee),
        taker_ppm: ppm(m.taker_fee),
        open_lever: m.open_lever,
        open_microtrade: m.open_microtrade,
        logo: m.logo.clone(),
    }
}

/// The provider's account for a market, created and funded once.
async fn lp_account(db: &Db, m: &MarketConfig) -> Result<i64, String> {
    let email = format!("lp-{}@bourse.system", m.id);
    let found: Option<(i64,)> = sqlx::query_as("SELECT id FROM users WHERE email = $1")
        .bind(&email)
        .fetch_optional(db)
        .await
        .map_err(|e| e.to_string())?;
    let id = match found {
        Some((id,)) => id,
        None => {
            // Nobody knows this password: the account cannot log in.
            let hash =
                crate::security::hash_password_blocking(crate::security::new_token()).await?;
            let (id,): (i64,) = sqlx::query_as(
                "INSERT INTO users (email, password_hash, nickname, invite_code, role, created_at) VALUES ($1, $2, $3, $4, 'system', $5) RETURNING id",
            )
            .bind(&email)
            .bind(hash)
            .bind(format!("LP {}", m.symbol))
            .bind(format!("LP{:06}", m.id))
            .bind(now_ms())
            .fetch_one(db)
            .await
            .map_err(|e| e.to_string())?;
            id
        }
    };
    let mut postings = Vec::new();
    for (coin, amount) in [
        (m.base, units(m.lp_funds_base)),
        (m.quote, units(m.lp_funds_quote)),
    ] {
        if amount > 0 {
            postings.push(Posting::system(SystemAccount::Deposits, coin, -amount));
            postings.push(Posting::user(
                id,
                account::CHANGE,
                coin,
                Bucket::Available,
                amount,
            ));
        }
    }
    if !postings.is_empty() {
        let op = Operation {
            key: format!("lp-funding:{}", m.id),
            reason: "maker_funding".into(),
            ref_type: "market".into(),
            ref_id: m.id,
            postings,
        };
        ledger::apply(db, &op).await.map_err(|e| e.to_string())?;
    }
    Ok(id)
}

/// Starts every market on the current arbiter, each supervised and listed in
/// `registry` for the health screen.
pub async fn start(
    db: &Store,
    settings: &Settings,
    events: Recipient<Event>,
    registry: &Arc<Registry>,
    plans: Arc<CopyPlans>,
) -> Result<Arc<Markets>, String> {
    for channel in CHANNELS {
        registry.add_channel(channel);
    }
    let mut markets = Markets::empty(registry.clone());
    let ms = &settings.market;
    for m in &settings.markets {
        let spec = spec_of(m, settings);
        let lp = if ms.lp_enabled {
            Some(LpConfig {
                user_id: lp_account(db, m).await?,
                levels: ms.lp_levels,
                spread_ppm: ppm(ms.lp_spread),
                step_ppm: ppm(ms.lp_step),
                level_qty: units(m.lp_level_qty),
            })
        } else {
            None
        };
        let deriv = derivatives(m, settings);
        let (start_price, volatility) = (units(m.start_price), ppm(m.volatility));
        let tick_every = Duration::from_millis(ms.tick_ms);
        let marks = MarkSinks::default();
        let (db2, events2, spec2, marks2, times) = (
            db.clone(),
            events.clone(),
            spec.clone(),
            marks.clone(),
            markets.times.clone(),
        );
        // Each start, the first and any restart, builds the actor afresh: it
        // reloads its book, bars, index and positions from the database.
        let make = move |seat: ::actors::runtime::Seat| {
            let feed = RandomWalk::new(
                start_price,
                spec2.tick,
                volatility,
                spec2.id as u64 * 2_654_435_761,
            );
            MarketActor::new(
                spec2.clone(),
                db2.clone(),
                Box::new(feed),
                tick_every,
                lp.clone(),
                Some(events2.clone()),
            )
            .with_meter(seat.meter)
            .with_marks(marks2.clone())
            .with_times(times.clone())
        };
        let handle = markets.books.run(spec.symbol.clone(), make);
        // Contracts and options run beside the market on actors of their own,
        // fed its index by message; each is supervised like the market.
        let mut contracts = None;
        let mut options = None;
        if let Some(d) = deriv.clone().filter(|d| d.lever) {
            let (db, events, spec, market, plans) = (
                db.clone(),
                events.clone(),
                spec.clone(),
                handle.clone(),
                plans.clone(),
            );
            let h = markets.contracts.run(spec.symbol.clone(), move |seat| {
                ContractActor::new(
                    spec.clone(),
                    d.clone(),
                    db.clone(),
                    Some(events.clone()),
                    market.clone(),
                )
                .with_meter(seat.meter)
                .with_copies(plans.clone())
            });
            push(&marks, h.clone());
            contracts = Some(h);
        }
        if let Some(d) = deriv.clone().filter(|d| !d.options.is_empty()) {
            let (db, events, spec, market) =
                (db.clone(), events.clone(), spec.clone(), handle.clone());
            let h = markets.options.run(spec.symbol.clone(), move |seat| {
                OptionsActor::new(
                    spec.clone(),
                    d.clone(),
                    db.clone(),
                    Some(events.clone()),
                    market.clone(),
                )
                .with_meter(seat.meter)
            });
            push(&marks, h.clone());
            options = Some(h);
        }
        markets.list.push(MarketHandle {
            deriv,
            spec,
            handle,
            contracts,
            options,
        });
    }
    Ok(Arc::new(markets))
}

/// Adds a derivative actor to the market's mark listeners.
fn push(marks: &MarkSinks, sink: impl MarkSink + 'static) {
    marks
        .write()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .push(Arc::new(sink));
}

/// What a market offers in contracts and options, from its configuration.
fn derivatives(m: &MarketConfig, s: &Settings) -> Option<DerivSpec> {
    if !m.open_lever && !m.open_microtrade {
        return None;
    }
    let mt = &s.microtrade;
    Some(DerivSpec {
        lever: m.open_lever && m.lever_lot > Decimal::ZERO,
        lot_units: units(m.lever_lot),
        multiples: s.lever.multiples.clone(),
        fee_ppm: ppm(m.lever_fee),
        spread_ppm: ppm(m.lever_spread),
        overnight_ppm: ppm(m.lever_overnight),
        min_share: m.lever_min_share.max(1),
        max_share: m.lever_max_share.max(1),
        limit_orders: m.lever_limit,
        maintenance_ppm: ppm(s.lever.maintenance_ratio),
        overnight_hour: s.lever.overnight_hour,
        options: if m.open_microtrade {
            mt.durations
                .iter()
                .map(|d| OptionTerm {
                    seconds: d.seconds,
                    ratio_ppm: ppm(d.profit_ratio),
                    min_stake: units(d.min_amount),
                    max_stake: units(d.max_amount),
                })
                .collect()
        } else {
            Vec::new()
        },
        option_fee_ppm: ppm(mt.fee_rate),
        option_currency: mt.currency,
    })
}
