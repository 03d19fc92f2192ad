//! The double-entry ledger: every balance change is a posting in an append-only
//! journal, grouped into operations that sum to zero per currency, so money only
//! moves and never appears or vanishes.
//!
//! - A balance is (holder, currency, account) with `available` and `frozen`
//!   buckets. Users hold accounts 1-4 (legal, change, lever, micro) and later
//!   ones; the system holds named counter-accounts (deposits, fees, …) under
//!   holder 0, and only those may go below zero.
//! - Debits of user buckets are conditional updates (`… AND available + delta >= 0`)
//!   inside the operation's transaction, so concurrent operations can never
//!   overdraw, whatever the interleaving.
//! - Each operation carries an idempotency key with a unique constraint: a retried
//!   request finds the first result and moves nothing.

mod audit;

pub use audit::{audit, AuditReport};

use sqlx::{AnyConnection, AnyPool};
use std::collections::BTreeMap;

/// The holder id of system accounts.
pub const SYSTEM: i64 = 0;

/// User asset accounts, by the app's codes.
pub mod account {
    pub const LEGAL: i64 = 1;
    pub const CHANGE: i64 = 2;
    pub const LEVER: i64 = 3;
    pub const MICRO: i64 = 4;
}

/// The system's named counter-accounts (holder [`SYSTEM`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SystemAccount {
    /// Money that entered from outside (approved deposits, demo funding).
    Deposits = 101,
    /// Money paid out to the outside (approved withdrawals).
    Withdrawals = 102,
    Fees = 103,
    Conversion = 104,
    OptionsPool = 105,
    InsuranceFund = 106,
    Yields = 107,
    Rebates = 108,
    /// The house side of leveraged contracts: it pays users' profits and
    /// receives their losses.
    Contracts = 109,
}

/// Which half of a balance a posting touches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Bucket {
    Available = 0,
    Frozen = 1,
}

/// One signed change to one bucket of one balance, in 10^-8 units.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Posting {
    pub holder: i64,
    pub account: i64,
    pub currency: i64,
    pub bucket: Bucket,
    pub amount: i64,
}

impl Posting {
    pub fn user(user_id: i64, account: i64, currency: i64, bucket: Bucket, amount: i64) -> Posting {
        Posting {
            holder: user_id,
            account,
            currency,
            bucket,
            amount,
        }
    }

    pub fn system(acc: SystemAccount, currency: i64, amount: i64) -> Posting {
        Posting {
            holder: SYSTEM,
            account: acc as i64,
            currency,
            bucket: Bucket::Available,
            amount,
        }
    }
}

/// A business operation: postings that must all apply or none.
#[derive(Debug, Clone)]
pub struct Operation {
    /// Unique per intended effect (request id, order id…); a repeat is a no-op.
    pub key: String,
    pub reason: String,
    pub ref_type: String,
    pub ref_id: i64,
    pub postings: Vec<Posting>,
}

/// Why an operation was not applied.
#[derive(Debug, PartialEq, Eq)]
pub enum LedgerError {
    /// A user bucket would have gone below zero; nothing moved.
    Insufficient {
        holder: i64,
        currency: i64,
        account: i64,
    },
    /// The postings do not sum to zero per currency, or are empty or zero.
    Unbalanced(String),
    Database(String),
}

impl std::fmt::Display for LedgerError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LedgerError::Insufficient {
                holder,
                currency,
                account,
            } => {
                write!(
                    f,
                    "insufficient balance: holder {holder} currency {currency} account {account}"
                )
            }
            LedgerError::Unbalanced(why) => write!(f, "unbalanced operation: {why}"),
            LedgerError::Database(e) => write!(f, "database: {e}"),
        }
    }
}

impl From<sqlx::Error> for LedgerError {
    fn from(e: sqlx::Error) -> Self {
        LedgerError::Database(e.to_string())
    }
}

/// The outcome of [`apply`]: the operation's id, and whether it had already been
/// applied by an earlier request with the same key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Applied {
    pub op_id: i64,
    pub replay: bool,
}

impl Operation {
    /// Checks the double-entry rule before anything touches the database.
    pub fn validate(&self) -> Result<(), LedgerError> {
        if self.postings.is_empty() {
            return Err(LedgerError::Unbalanced("no postings".into()));
        }
        let mut sums: BTreeMap<i64, i64> = BTreeMap::new();
        for p in &self.postings {
            if p.amount == 0 {
                return Err(LedgerError::Unbalanced("zero posting".into()));
            }
            let s = sums.entry(p.currency).or_default();
            *s = s
                .checked_add(p.amount)
                .ok_or_else(|| LedgerError::Unbalanced("overflow".into()))?;
        }
        match sums.iter().find(|(_, s)| **s != 0) {
            Some((c, s)) => Err(LedgerError::Unbalanced(format!("currency {c} sums to {s}"))),
            None => Ok(()),
        }
    }
}

fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or_default()
}

/// Applies `op` in its own transaction. A key seen before answers the first
/// result and moves nothing.
pub async fn apply(pool: &AnyPool, op: &Operation) -> Result<Applied, LedgerError> {
    op.validate()?;
    let mut tx = pool.begin().await?;
    match post(&mut tx, op).await {
        Ok(op_id) => {
            tx.commit().await?;
            Ok(Applied {
                op_id,
                replay: false,
            })
        }
        Err(PostError::Duplicate) => {
            tx.rollback().await?;
            let (op_id,): (i64,) =
                sqlx::query_as("SELECT id FROM ledger_operations WHERE idem_key = $1")
                    .bind(&op.key)
                    .fetch_one(pool)
                    .await?;
            Ok(Applied {
                op_id,
                replay: true,
            })
        }
        Err(PostError::Ledger(e)) => {
            tx.rollback().await?;
            Err(e)
        }
    }
}

/// Why [`post`] stopped.
#[derive(Debug)]
pub enum PostError {
    /// The idempotency key exists: the transaction must be rolled back.
    Duplicate,
    Ledger(LedgerError),
}

impl From<sqlx::Error> for PostError {
    fn from(e: sqlx::Error) -> Self {
        let duplicate = matches!(&e, sqlx::Error::Database(d) if d.is_unique_violation());
        if duplicate {
            PostError::Duplicate
        } else {
            PostError::Ledger(e.into())
        }
    }
}

/// Writes `op` inside the caller's transaction, so a business operation can store
/// its own rows (a withdrawal request, an order) in the same commit. The first
/// statement is a write, which on SQLite takes the write lock at once (a later
/// upgrade from a read could fail instead of waiting).
///
/// On an error the caller rolls back, except one case it may rely on: an
/// `Insufficient` answer for an operation that touches a single balance row has
/// written only the operation's row (deleting it by its key undoes the attempt).
pub async fn post(conn: &mut AnyConnection, op: &Operation) -> Result<i64, PostError> {
    op.validate().map_err(PostError::Ledger)?;
    let now = now_ms();
    // The key first: a replay must be recognised whatever the balances are now.
    let (op_id,): (i64,) = sqlx::query_as(
        "INSERT INTO ledger_operations (idem_key, reason, ref_type, ref_id, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id",
    )
    .bind(&op.key)
    .bind(&op.reason)
    .bind(&op.ref_type)
    .bind(op.ref_id)
    .bind(now)
    .fetch_one(&mut *conn)
    .await?;
    // One conditional statement per balance row moves both of its buckets, in a
    // fixed row order so concurrent operations cannot deadlock. Round trips to
    // the database, not arithmetic, are what an order costs, so this matters.
    // Per row: the net change of each bucket, and its debits alone, which the
    // balance must cover before any credit of the same operation counts.
    let mut rows: BTreeMap<(i64, i64, i64), Move> = BTreeMap::new();
    for p in &op.postings {
        let m = rows.entry((p.holder, p.currency, p.account)).or_default();
        m.net[p.bucket as usize] += p.amount;
        m.debits[p.bucket as usize] += p.amount.min(0);
    }
    let mut after: BTreeMap<(i64, i64, i64), [i64; 2]> = BTreeMap::new();
    for (&(holder, currency, account), m) in &rows {
        let system = holder == SYSTEM;
        let mut moved = move_row(conn, (holder, currency, account), m, system).await?;
        // Only a credit (or a system account) can need a row that does not exist
        // yet; a debit of a missing row is simply insufficient.
        if moved.is_none() && (system || m.debits == [0, 0]) {
            sqlx::query(
                "INSERT INTO balances (holder, currency, account, available, frozen) VALUES ($1, $2, $3, 0, 0)
                 ON CONFLICT (holder, currency, account) DO NOTHING",
            )
            .bind(holder)
            .bind(currency)
            .bind(account)
            .execute(&mut *conn)
            .await?;
            moved = move_row(conn, (holder, currency, account), m, system).await?;
        }
        let Some(now_row) = moved else {
            return Err(PostError::Ledger(LedgerError::Insufficient {
                holder,
                currency,
                account,
            }));
        };
        after.insert((holder, currency, account), now_row);
    }
    // Each posting's balance-after, walking back from the row's final value.
    let mut balance_after = vec![0i64; op.postings.len()];
    for (i, p) in op.postings.iter().enumerate().rev() {
        let slot = &mut after
            .get_mut(&(p.holder, p.currency, p.account))
            .ok_or_else(|| PostError::Ledger(LedgerError::Database("row not moved".into())))?
            [p.bucket as usize];
        balance_after[i] = *slot;
        *slot -= p.amount;
    }
    for (chunk, afters) in op.postings.chunks(500).zip(balance_after.chunks(500)) {
        let mut sql = String::from(
            "INSERT INTO ledger_journal (op_id, holder, currency, account, bucket, amount, balance_after, created_at) VALUES ",
        );
        for k in 0..chunk.len() {
            let b = k * 8;
            if k > 0 {
                sql.push(',');
            }
            sql.push_str(&format!(
                "(${}, ${}, ${}, ${}, ${}, ${}, ${}, ${})",
                b + 1,
                b + 2,
                b + 3,
                b + 4,
                b + 5,
                b + 6,
                b + 7,
                b + 8
            ));
        }
        let mut q = sqlx::query(&sql);
        for (p, a) in chunk.iter().zip(afters) {
            q = q
                .bind(op_id)
                .bind(p.holder)
                .bind(p.currency)
                .bind(p.account)
                .bind(p.bucket as i64)
                .bind(p.amount)
                .bind(*a)
                .bind(now);
        }
        q.execute(&mut *conn).await?;
    }
    Ok(op_id)
}

/// What one operation does to one balance row, per bucket (available, frozen).
#[derive(Default)]
struct Move {
    net: [i64; 2],
    debits: [i64; 2],
}

/// Applies `m` to one balance row when the row covers its debits (system rows
/// may go below zero): the row's new (available, frozen), or `None` when the
/// row is missing or would be overdrawn.
async fn move_row(
    conn: &mut AnyConnection,
    (holder, currency, account): (i64, i64, i64),
    m: &Move,
    system: bool,
) -> Result<Option<[i64; 2]>, sqlx::Error> {
    let row: Option<(i64, i64)> = sqlx::query_as(
        "UPDATE balances SET available = available + $1, frozen = frozen + $2
         WHERE holder = $3 AND currency = $4 AND account = $5
         AND ((available + $7 >= 0 AND frozen + $8 >= 0) OR $6 = 1) RETURNING available, frozen",
    )
    .bind(m.net[0])
    .bind(m.net[1])
    .bind(holder)
    .bind(currency)
    .bind(account)
    .bind(i64::from(system))
    .bind(m.debits[0])
    .bind(m.debits[1])
    .fetch_optional(&mut *conn)
    .await?;
    Ok(row.map(|(a, f)| [a, f]))
}

/// A user's balance in one account: (available, frozen), zero when never touched.
pub async fn balance(
    pool: &AnyPool,
    holder: i64,
    currency: i64,
    account: i64,
) -> Result<(i64, i64), LedgerError> {
    let row: Option<(i64, i64)> = sqlx::query_as(
        "SELECT available, frozen FROM balances WHERE holder = $1 AND currency = $2 AND account = $3",
    )
    .bind(holder)
    .bind(currency)
    .bind(account)
    .fetch_optional(pool)
    .await?;
    Ok(row.unwrap_or((0, 0)))
}

#[cfg(test)]
mod tests;
