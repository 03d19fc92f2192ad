//! Markets: the pure order book, K-lines, price feeds and settlement, and the
//! market actor that drives them.

pub mod actor;
pub mod book;
pub mod deriv;
pub mod feed;
pub mod kline;
pub mod ladder;
pub mod settle;
pub mod trades;
