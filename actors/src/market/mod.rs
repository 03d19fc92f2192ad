//! Markets: the pure order book, K-lines, price feeds, the index's recent
//! path, settlement money and the provider's ladder, and the market actor that
//! drives them with its placing, settling, re-quoting, storage, views and
//! events in files of their own.

pub mod actor;
pub mod book;
pub mod deriv;
pub mod feed;
pub mod history;
pub mod kline;
pub mod ladder;
mod placing;
mod provider;
mod publish;
pub mod settle;
mod settling;
mod store;
pub mod trades;
mod views;
