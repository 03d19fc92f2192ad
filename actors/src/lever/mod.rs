//! Leveraged contracts: the pure maths and the per-market position book with
//! its trigger index (the engine), and the per-market actor that drives them
//! with its storage and views.

pub mod actor;
pub mod book;
pub mod copies;
pub mod marks;
pub mod math;
#[cfg(test)]
mod model_tests;
pub mod overnight;
pub mod replay;
pub mod store;
pub mod views;

pub use actor::{ContractActor, LeverCancel, LeverClose, LeverSetStop, LeverSubmit};
pub use copies::{CloseCopies, Exposure, HoldCopies};
pub use overnight::Overnight;
pub use store::{LeverRow, LEVER_COLUMNS};
pub use views::{Cancelled, Closed, Contract, StopSet};
