//! NFT marketplace services: the desk that runs an `AuctionActor` per live
//! auction, and the rules every caller goes through (the API, the admin
//! screens, the demo): `catalogue` (what the screens read), `trade` (buying,
//! deposits, bids, payments, resale, favourites), `messages` (order and
//! payment messages), `boxes` (blind boxes), `artists` (artists and
//! collections), `admin` (items, series, review), `royalties` (artists
//! linked to user accounts, what unlinked ones accrued), `media` (uploads
//! and serving), `demo` (the demo market).

pub mod admin;
pub mod artists;
pub mod boxes;
pub mod catalogue;
mod containers;
pub mod demo;
pub mod localize;
pub mod media;
pub mod messages;
pub mod royalties;
pub mod trade;

use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use ::actors::nft::{status, AuctionActor, Rules};
use ::actors::runtime::{Desk, Event, Handle, Registry};
use ::actors::sql::Store;
use rust_decimal::Decimal;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, OnceLock};

/// Item kinds as stored, by their wire names.
pub const KINDS: [&str; 4] = ["image", "gif", "audio", "video"];

/// Rarities as stored (0..=3), by their wire names.
pub const RARITIES: [&str; 4] = ["common", "rare", "epic", "legendary"];

struct Ctx {
    store: Store,
    events: actix::Recipient<Event>,
    rules: Rules,
}

/// The NFT desk: each live auction's actor, by listing id, with the least
/// bid it takes now beside it (kept by the actor after each commit).
pub struct NftDesk {
    auctions: Desk<i64, AuctionActor, Arc<AtomicI64>>,
    ctx: OnceLock<Ctx>,
}

/// A configured share in parts per million, refused outside [0, 1].
fn share(d: Decimal, name: &str) -> Result<i64, String> {
    match crate::earn::ppm(d) {
        Ok(v) if (0..=1_000_000).contains(&v) => Ok(v),
        _ => Err(format!("nft.{name} must be a share between 0 and 1")),
    }
}

/// The marketplace's rules from the configuration.
fn rules_of(state: &AppState) -> Result<Rules, String> {
    let s = &state.settings.nft;
    let rules = Rules {
        royalty_ppm: share(s.royalty, "royalty")?,
        fee_ppm: share(s.fee, "fee")?,
        forfeit_platform_ppm: share(s.forfeit_platform_share, "forfeit_platform_share")?,
        pay_window_ms: s.pay_hours.max(1).saturating_mul(3_600_000),
        extend_window_ms: s.extend_window_secs.max(0).saturating_mul(1000),
        extend_to_ms: s.extend_to_secs.max(0).saturating_mul(1000),
    };
    if rules.royalty_ppm + rules.fee_ppm > 1_000_000 {
        return Err("nft.royalty and nft.fee must add up to at most 1".into());
    }
    Ok(rules)
}

impl NftDesk {
    pub fn new(registry: Arc<Registry>) -> NftDesk {
        NftDesk {
            auctions: Desk::new("auction", "auction", registry),
            ctx: OnceLock::new(),
        }
    }

    /// Seeds the demo market (once), then starts the actor of every auction
    /// still running or awaiting payment, and the demo auction's cycle.
    pub async fn start(
        &self,
        state: &AppState,
        store: Store,
        events: actix::Recipient<Event>,
        registry: Arc<Registry>,
    ) -> Result<(), String> {
        registry.add_channel(::actors::nft::actor::CHANNEL);
        let _ = self.ctx.set(Ctx {
            store: store.clone(),
            events,
            rules: rules_of(state)?,
        });
        if state.settings.nft.demo {
            demo::seed(state)
                .await
                .map_err(|e| format!("nft demo: {e:?}"))?;
        }
        let live: Vec<(i64,)> = sqlx::query_as(
            "SELECT id FROM nft_listings WHERE mode = $1 AND status IN ($2, $3) ORDER BY id",
        )
        .bind(status::AUCTION)
        .bind(status::ON_SALE)
        .bind(status::AWAITING_PAYMENT)
        .fetch_all(&*store)
        .await
        .map_err(|e| e.to_string())?;
        for (id,) in live {
            self.run_auction(id);
        }
        if state.settings.nft.demo {
            let for_demo = state.clone();
            registry.add(Handle::supervise("nft-demo", "nft_demo", move |meter| {
                demo::DemoAuctions::new(for_demo.clone(), meter)
            }));
        }
        Ok(())
    }

    /// Starts the actor of auction `id` unless it runs; it leaves the desk
    /// once the auction is over.
    pub(crate) fn run_auction(&self, id: i64) {
        let Some(ctx) = self.ctx.get() else { return };
        let (store, events, rules) = (ctx.store.clone(), ctx.events.clone(), ctx.rules);
        let floor = Arc::new(AtomicI64::new(0));
        let shared = floor.clone();
        self.auctions.run_with(id, floor, move |seat| {
            AuctionActor::new(id, store.clone(), rules, Some(events.clone()))
                .with_meter(seat.meter)
                .with_floor(shared.clone())
                .on_done(seat.done)
        });
    }

    /// A live auction's actor.
    pub fn auction(&self, id: i64) -> ApiResult<Handle<AuctionActor>> {
        self.auctions
            .get(&id)
            .ok_or_else(|| ApiError::conflict("err_nft_not_on_sale"))
    }

    /// The least bid auction `id` takes now (0 when unknown). It only rises
    /// while the auction runs, so a lower bid is refused here without
    /// waiting in the actor's queue behind the bids being committed; the
    /// actor still checks every bid it is sent.
    pub fn floor(&self, id: i64) -> i64 {
        self.auctions
            .read(&id)
            .map_or(0, |(_, floor)| floor.load(Ordering::Acquire))
    }

    /// The marketplace's rules (as configured; checked at the start).
    pub fn rules(&self) -> Rules {
        self.ctx.get().map(|c| c.rules).unwrap_or(Rules {
            royalty_ppm: 0,
            fee_ppm: 0,
            forfeit_platform_ppm: 0,
            pay_window_ms: 86_400_000,
            extend_window_ms: 0,
            extend_to_ms: 0,
        })
    }

    /// The store the marketplace writes through.
    pub fn store(&self) -> ApiResult<Store> {
        self.ctx
            .get()
            .map(|c| c.store.clone())
            .ok_or_else(|| ApiError::internal("nft desk not started"))
    }
}

/// A coin's symbol by id.
pub(crate) fn coin_name(state: &AppState, id: i64) -> String {
    crate::earn::coin_name(state, id)
}

/// Tells a user's sockets that a balance of `currency` moved.
pub(crate) fn tell_balance(state: &AppState, user: i64, currency: i64) {
    state.hub.do_send(Event::Private {
        user_id: user,
        event: "balance",
        payload: serde_json::json!({ "currencies": [currency] }),
    });
}

/// Tells a user's sockets a message about listing `listing` is waiting.
pub(crate) fn tell_message(state: &AppState, user: i64, listing: i64) {
    state.hub.do_send(Event::Private {
        user_id: user,
        event: "nft_message",
        payload: serde_json::json!({ "listing_id": listing }),
    });
}
