//! Multi-row statements that run on SQLite and PostgreSQL. A batch written as a
//! few such statements costs a few round trips to the database instead of one
//! per row, and round trips are what a write costs.
//!
//! By purpose: `params` spells a statement's parameters for either database,
//! `bulk` writes a statement over many rows in the form each runs best,
//! `db` runs a write's statements (through sqlx, or on SQLite through
//! `direct`), and `store` keeps the pool and the one connection SQLite's
//! writers take turns on, with their transactions. Everything is named from
//! here (`sql::Store`, `sql::Db`, …), whichever file it is in, so callers
//! need not know how the module is divided.

mod bulk;
mod db;
pub mod direct;
mod params;
mod store;

pub use bulk::{Bulk, IN_IDS};
pub use db::Db;
pub use direct::{Arg, Direct};
pub use params::Params;
pub use store::{Checkpoint, SharedTx, Store, WriteTx, Writer, SLICE_ROWS};

/// Rows per multi-row statement: 500 rows of at most 10 parameters stay well
/// under SQLite's (32,766) and PostgreSQL's (65,535) parameter limits.
pub const CHUNK: usize = 500;

/// True when a write lost a race to another write at the same moment rather
/// than failed: a unique key another transaction took first, a PostgreSQL
/// serialisation failure (40001) or deadlock victim (40P01), SQLite's lock
/// held past its busy timeout (BUSY, LOCKED and their extended codes). The
/// caller is told "conflict" (409), never "unavailable".
pub fn is_contention(e: &sqlx::Error) -> bool {
    let sqlx::Error::Database(d) = e else {
        return false;
    };
    if d.is_unique_violation() {
        return true;
    }
    match d.code().as_deref() {
        Some("40001" | "40P01") => true,
        Some(code) => code.parse::<i32>().is_ok_and(|c| matches!(c & 0xff, 5 | 6)),
        None => false,
    }
}
