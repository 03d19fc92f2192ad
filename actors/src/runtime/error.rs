//! The one error every product's actors and stores answer with. Each
//! variant says what kind of refusal it is, so the API maps it in one place
//! (`src/error.rs`) whatever product raised it: a product never keeps its
//! own list of which keys are conflicts.

use crate::market::actor::MarketSpec;
use crate::market::book::BookError;

/// Why a product refused a call, or could not answer it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProductError {
    /// The request as sent can never pass (a bad amount, a term not on
    /// offer), with the message key the user sees: a 400.
    Invalid(&'static str),
    /// Refused because of the state something is in now (another call got
    /// there first, it ended, it is sold out), with the message key: a 409
    /// whichever read found it, the first or the guarded write.
    Conflict(&'static str),
    /// The caller's available balance does not cover it: a 409.
    Insufficient,
    /// What the call names is not there, with the message key: a 404.
    NotFound(&'static str),
    /// A price that is not a positive multiple of the market's tick (units).
    Tick { tick: i64 },
    /// A quantity not a positive multiple of the lot, or below the minimum
    /// (units).
    Lot { lot: i64, min: i64 },
    /// A market buy spending less than the least it could buy now, in the
    /// quote coin's units.
    BelowMinimum { min: i64, quote: String },
    /// A failure of ours (the database, an actor gone): a 500, logged.
    Internal(String),
}

impl ProductError {
    /// A book's refusal, with the market's figures the user needs.
    pub fn book(e: BookError, spec: &MarketSpec) -> ProductError {
        match e {
            BookError::Tick => ProductError::Tick { tick: spec.tick },
            BookError::Lot | BookError::Duplicate => ProductError::Lot {
                lot: spec.lot,
                min: spec.min_qty,
            },
        }
    }
}

impl From<sqlx::Error> for ProductError {
    fn from(e: sqlx::Error) -> Self {
        if crate::sql::is_contention(&e) {
            log::debug!("lost a race: {e}");
            return ProductError::Conflict("err_conflict");
        }
        ProductError::Internal(e.to_string())
    }
}
