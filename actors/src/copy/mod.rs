//! Copy trading: followers mirror a lead trader's contract positions.
//!
//! `engine` is the pure part: how a copy is sized, when it is skipped and why,
//! the trader's profit share at a high-water mark, and the statistics the
//! trader list shows, all computed from closed positions and daily equity.
//! `plans` holds each leader's live follows where the contract actors read
//! them, and `copying` is the step a contract actor runs in the leader's own
//! transaction: copies open and close in the leader's turn, at the leader's
//! price. `actor` is the `CopyTraderActor`, one per lead trader, which owns
//! the trader's follows (start, edit, cancel, self-holding), settles the
//! profit share and watches each follow's stop.

pub mod actor;
pub mod copying;
pub mod engine;
pub mod plans;
pub mod stats;
pub mod store;

pub use actor::{Cancel, CopyTraderActor, Edit, Follow, Refresh, SelfHold, SetStatus, Settle};
pub use plans::{Copied, CopyPlans, FollowTerms, LeadPlan};
pub use store::{FollowInput, FollowRow, TraderRow};
