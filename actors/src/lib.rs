//! Engines and the actors that drive them: the ledger, markets, derivatives.

pub mod copy;
pub mod earn;
pub mod ledger;
pub mod lever;
pub mod market;
pub mod money;
pub mod nft;
pub mod options;
pub mod privacy;
pub mod runtime;
pub mod sql;
pub mod testenv;
