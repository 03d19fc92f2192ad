//! Earn: lock-up mining with a daily yield, token sales (IEO) and dual
//! investment.
//!
//! `engine` is the pure part: the day's rate drawn inside a product's range
//! before the day starts, the daily yield and early redemption, the reserve
//! that must cover every yield promised, the pro-rata allocation of an
//! oversubscribed sale and its release by cycles, and the dual settlement for
//! calls and puts. Each lock-up product runs in its own `LockupActor`
//! (`lockup`), which owns its orders and its daily accrual; `lockstore` holds
//! its statements.

pub mod engine;
pub mod lockstore;
pub mod lockup;

pub use lockup::{Accrue, LockupActor, Redeem, Reload, Subscribe};
