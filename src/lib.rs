//! The Bourse server: configuration, storage, HTTP API and start-up. Engines and
//! actors live in the `actors` crate.

pub mod accounts;
pub mod addresses;
pub mod admin_cli;
pub mod api;
pub mod app;
pub mod codes;
pub mod config;
pub mod copy;
pub mod db;
pub mod demo_traders;
pub mod devices;
pub mod earn;
pub mod error;
pub mod extract;
pub mod fiat;
pub mod funds;
pub mod i18n;
pub mod markets;
pub mod nft;
pub mod notifier;
pub mod paging;
pub mod params;
pub mod pictures;
pub mod ratelimit;
pub mod security;
pub mod seed;
pub mod server;
pub mod sessions;
pub mod socket;
pub mod state;
pub mod texts;
pub mod uploads;
pub mod validate;
pub mod verifications;
pub mod web;
