//! What every handler shares: the pool, the settings, the limiter and the notifier.

use crate::config::Settings;
use crate::db::{Backend, Db};
use crate::notifier::Notifier;
use crate::ratelimit::RateLimiter;
use std::sync::Arc;

use crate::markets::Markets;
use crate::socket::hub::Hub;
use actix::Addr;

#[derive(Clone)]
pub struct AppState {
    pub db: Db,
    /// The writers' store every product's actors write through (on SQLite,
    /// one writer at a time; see `actors::sql::Store`).
    pub store: ::actors::sql::Store,
    pub backend: Backend,
    pub settings: Arc<Settings>,
    pub limiter: Arc<RateLimiter>,
    pub notifier: Arc<Notifier>,
    pub markets: Arc<Markets>,
    pub hub: Addr<Hub>,
    /// Recently verified tokens.
    pub sessions: Arc<crate::sessions::Sessions>,
    /// Signs the short-lived links to private uploads (see `uploads`).
    pub link_key: Arc<Vec<u8>>,
    /// Every running actor, for the admin health screen.
    pub actors: Arc<::actors::runtime::Registry>,
    /// Copy trading: each trader's actor and the leaders' plans.
    pub copy: Arc<crate::copy::CopyDesk>,
    /// Earn: each lock-up product's actor.
    pub earn: Arc<crate::earn::EarnDesk>,
    /// NFT: each live auction's actor.
    pub nft: Arc<crate::nft::NftDesk>,
}
