//! Earn: lock-up mining with a daily yield, token sales (IEO) and dual
//! investment.
//!
//! `engine` is the pure part: the day's rate drawn inside a product's range
//! before the day starts, the daily yield and early redemption, the reserve
//! that must cover every yield promised, the pro-rata allocation of an
//! oversubscribed sale and its release by cycles, and the dual settlement for
//! calls and puts. Each product runs in an actor of its own that owns its
//! orders and timers: a lock-up product in a `LockupActor` (`lockup`, its
//! statements in `lockstore`), a token sale in a `ProjectActor` (`ieo`,
//! `ieostore`), a dual product in a `DualActor` (`dual`, `dualstore`).

pub mod dual;
pub mod dualstore;
pub mod engine;
pub mod ieo;
pub mod ieostore;
pub mod lockstore;
pub mod lockup;

pub use dual::{BuyDual, DualActor, ReloadDual};
pub use ieo::{Credit, ProjectActor, ReloadProject, SubscribeSale};
pub use lockup::{Accrue, LockupActor, Redeem, Reload, Subscribe};
