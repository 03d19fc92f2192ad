//! Leveraged contracts: pure maths and the per-market position book with its
//! trigger index.

pub mod book;
pub mod math;
