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
//! - Every account, user or system, is a row of one table ([`accounts`]).
//!
//! Which posting function to use:
//!
//! | the caller… | use |
//! | --- | --- |
//! | moves money and nothing else (a transfer, a funding) | [`apply`]: its own transaction, idempotent on the key |
//! | stores its own rows in the same commit (a withdrawal request, a position) | [`post`] inside its transaction |
//! | has many operations at once (a batch of orders, of fills) | [`post_many`]: a handful of statements whatever their number |
//! | writes through the market's direct SQLite statements (`sql::Db`) | [`post_on`] / [`post_all`], the same two on either engine |

pub mod accounts;
mod audit;
pub mod precision;
pub mod reasons;

pub use audit::{audit, AuditReport};

use crate::sql::{Arg, Bulk, Db, CHUNK};
use sqlx::{AnyConnection, AnyPool};
use std::collections::BTreeMap;

/// The holder id of system accounts.
pub const SYSTEM: i64 = 0;

/// User asset accounts, by the app's codes (see [`accounts::ACCOUNTS`] for
/// every account with its name).
pub mod account {
    pub const LEGAL: i64 = 1;
    pub const CHANGE: i64 = 2;
    pub const LEVER: i64 = 3;
    pub const MICRO: i64 = 4;
    /// Principal locked in lock-up mining: only the product moves it.
    pub const MINING: i64 = 6;
    /// Tokens of a token sale credited and still locked, released by cycle.
    pub const LAUNCHPAD: i64 = 12;
    /// What is invested in dual investment until it settles.
    pub const DUAL: i64 = 13;
    /// Auction deposits held until the auction ends or its winner pays.
    pub const NFT: i64 = 8;
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
    /// The yield reserve of lock-up mining, per coin: funded by the platform,
    /// it pays the daily yields and receives early-redemption penalties.
    MiningReserve = 110,
    /// Token sales: the tokens issued to subscribers leave it, what they
    /// paid for them enters it.
    Launchpad = 115,
    /// The house side of dual investment: it takes what is invested and
    /// pays what settles.
    Dual = 116,
    /// The NFT marketplace's platform side: its own first sales, blind
    /// boxes, its fee on resales and its share of forfeited deposits.
    NftSales = 111,
    /// Artists' royalties on resales: each passes through it, and it holds
    /// those of artists not linked to a user account until they are (per
    /// artist in `nft_artist_royalties`).
    NftRoyalties = 112,
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

    /// A fee a spot market charged, to that market's own fees row.
    pub fn market_fee(market: i64, currency: i64, amount: i64) -> Posting {
        Posting {
            holder: SYSTEM,
            account: market_fees(market),
            currency,
            bucket: Bucket::Available,
            amount,
        }
    }
}

/// Where the fees of spot market ids start among the system's account codes.
pub const MARKET_FEES: i64 = 100_000;

/// The system account a spot market's fees go to: one row per market and coin
/// (together, the spot fees). Every fill credits it, so with one row for all
/// markets, markets that commit side by side on PostgreSQL queued for its
/// lock from their ledger write to their commit (docs/architecture.md, "The
/// order path on PostgreSQL").
pub fn market_fees(market: i64) -> i64 {
    MARKET_FEES + market
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
    /// Another write took the rows first (a serialisation failure, a
    /// deadlock, a busy lock): nothing moved; the caller lost a race.
    Contention(String),
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
            LedgerError::Contention(e) => write!(f, "lost a race: {e}"),
            LedgerError::Database(e) => write!(f, "database: {e}"),
        }
    }
}

impl From<sqlx::Error> for LedgerError {
    fn from(e: sqlx::Error) -> Self {
        if crate::sql::is_contention(&e) {
            return LedgerError::Contention(e.to_string());
        }
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
        // Every reason is labelled for the records pages: an unlisted one is a
        // programming error that the tests must meet, not a user.
        debug_assert!(
            reasons::is_known(&self.reason),
            "ledger reason {:?} is not in ledger::reasons::REASONS",
            self.reason
        );
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

use crate::runtime::clock::now_ms;

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
    post_on(&mut Db::Any(conn), op).await
}

/// [`post`] on either way of running a write's statements.
pub async fn post_on(db: &mut Db<'_>, op: &Operation) -> Result<i64, PostError> {
    let ids = post_all(db, std::slice::from_ref(op)).await?;
    Ok(ids[0])
}

/// Writes `ops` in order inside the caller's transaction with a handful of
/// statements whatever their number: one insert of the operations, one
/// conditional update of every balance row they touch, one insert of the journal
/// (each chunked for the databases' parameter limits). Round trips to the
/// database, not arithmetic, are what a posting costs, so a caller with many
/// operations at once (a batch of orders) should hand them over together.
///
/// The operations apply in their order, each one's debits covered by the
/// balance its row has before it (an earlier operation's credit counts, its
/// own does not): checked once per row, against the lowest that order takes
/// the row to. On any error the caller rolls back.
pub async fn post_many(conn: &mut AnyConnection, ops: &[Operation]) -> Result<Vec<i64>, PostError> {
    post_all(&mut Db::Any(conn), ops).await
}

/// [`post_many`] on either way of running a write's statements.
pub async fn post_all(conn: &mut Db<'_>, ops: &[Operation]) -> Result<Vec<i64>, PostError> {
    for op in ops {
        op.validate().map_err(PostError::Ledger)?;
    }
    let now = now_ms();
    // The keys first: a replay must be recognised whatever the balances are now.
    let ids = insert_operations(conn, ops, now).await?;
    let rows = moves(ops);
    let mut after = move_rows(conn, &rows).await?;
    if after.len() < rows.len() {
        // Only a credit (or a system account) can need a row that does not
        // exist yet; a debit of a missing row is simply insufficient.
        let create: BTreeMap<RowKey, Move> = rows
            .iter()
            .filter(|(k, m)| !after.contains_key(k) && (k.0 == SYSTEM || m.low == [0, 0]))
            .map(|(k, m)| (*k, m.clone()))
            .collect();
        if !create.is_empty() {
            create_rows(conn, create.keys()).await?;
            after.extend(move_rows(conn, &create).await?);
        }
        if let Some(&(holder, currency, account)) = rows.keys().find(|k| !after.contains_key(k)) {
            return Err(PostError::Ledger(LedgerError::Insufficient {
                holder,
                currency,
                account,
            }));
        }
    }
    // Each posting's balance-after, walking back from the rows' final values, as
    // if the operations had been applied one after the other.
    let journal: Vec<(i64, &Posting)> = ops
        .iter()
        .zip(&ids)
        .flat_map(|(op, id)| op.postings.iter().map(move |p| (*id, p)))
        .collect();
    let mut balance_after = vec![0i64; journal.len()];
    for (i, (_, p)) in journal.iter().enumerate().rev() {
        let slot = &mut after
            .get_mut(&(p.holder, p.currency, p.account))
            .ok_or_else(|| PostError::Ledger(LedgerError::Database("row not moved".into())))?
            [p.bucket as usize];
        balance_after[i] = *slot;
        *slot -= p.amount;
    }
    const JOURNAL: Bulk = Bulk {
        head: "INSERT INTO ledger_journal (op_id, holder, currency, account, bucket, amount, balance_after, created_at) VALUES ",
        cols: 8,
        tail: "",
        cast: false,
    };
    for (chunk, afters) in journal.chunks(CHUNK).zip(balance_after.chunks(CHUNK)) {
        let mut args: Vec<Arg> = Vec::with_capacity(chunk.len() * 8);
        for ((op_id, p), a) in chunk.iter().zip(afters) {
            args.extend(
                [
                    *op_id,
                    p.holder,
                    p.currency,
                    p.account,
                    p.bucket as i64,
                    p.amount,
                    *a,
                    now,
                ]
                .map(Arg::Int),
            );
        }
        conn.execute_bulk(&JOURNAL, &args).await?;
    }
    Ok(ids)
}

/// (holder, currency, account): one balance row.
type RowKey = (i64, i64, i64);

/// Inserts the operations' rows and answers their ids in the order of `ops`. A
/// key seen before (or twice in `ops`) fails the statement: `Duplicate`.
async fn insert_operations(
    conn: &mut Db<'_>,
    ops: &[Operation],
    now: i64,
) -> Result<Vec<i64>, PostError> {
    let mut ids = Vec::with_capacity(ops.len());
    const INSERT: Bulk = Bulk {
        head:
            "INSERT INTO ledger_operations (idem_key, reason, ref_type, ref_id, created_at) VALUES ",
        cols: 5,
        tail: "",
        cast: false,
    };
    for chunk in ops.chunks(CHUNK) {
        let mut args: Vec<Arg> = Vec::with_capacity(chunk.len() * 5);
        for op in chunk {
            args.extend([
                Arg::Text(&op.key),
                Arg::Text(&op.reason),
                Arg::Text(&op.ref_type),
                Arg::Int(op.ref_id),
                Arg::Int(now),
            ]);
        }
        ids.extend(conn.insert_bulk(&INSERT, &args).await?);
    }
    Ok(ids)
}

/// What the operations do to one balance row, per bucket (available, frozen):
/// the net change, and the lowest the bucket goes below where it started
/// (zero or less), which the balance must cover.
#[derive(Default, Clone, Debug, PartialEq)]
struct Move {
    net: [i64; 2],
    low: [i64; 2],
}

/// Each row's move when `ops` apply in order, each operation's debits taken
/// from what its row holds before that operation (its own credits aside).
fn moves(ops: &[Operation]) -> BTreeMap<RowKey, Move> {
    let mut rows: BTreeMap<RowKey, Move> = BTreeMap::new();
    // One operation's postings per row and bucket: (row, bucket, net, debits).
    let mut here: Vec<(RowKey, usize, i64, i64)> = Vec::new();
    for op in ops {
        here.clear();
        for p in &op.postings {
            let key = (p.holder, p.currency, p.account);
            let b = p.bucket as usize;
            match here.iter_mut().find(|h| h.0 == key && h.1 == b) {
                Some(h) => {
                    h.2 += p.amount;
                    h.3 += p.amount.min(0);
                }
                None => here.push((key, b, p.amount, p.amount.min(0))),
            }
        }
        for &(key, b, net, debits) in &here {
            let m = rows.entry(key).or_default();
            m.low[b] = m.low[b].min(m.net[b] + debits);
            m.net[b] += net;
        }
    }
    rows
}

/// Applies each move to its balance row when the row covers the move's low
/// (system rows may go below zero), one statement per chunk of rows.
/// Answers the new (available, frozen) of every row moved; a row missing from
/// the answer does not exist or would have been overdrawn, and was not touched.
async fn move_rows(
    conn: &mut Db<'_>,
    rows: &BTreeMap<RowKey, Move>,
) -> Result<BTreeMap<RowKey, [i64; 2]>, sqlx::Error> {
    let mut after = BTreeMap::new();
    let all: Vec<(&RowKey, &Move)> = rows.iter().collect();
    if conn.is_postgres() {
        // PostgreSQL locks the rows of an UPDATE … FROM in whatever order its
        // plan visits them; taking the locks in key order first keeps two
        // writers from deadlocking over existing rows. (SQLite has one writer
        // at a time.)
        for_keys(
            conn,
            rows.keys(),
            &Bulk {
                head: "SELECT 1 FROM balances WHERE (holder, currency, account) IN (VALUES ",
                cols: 3,
                tail: ") ORDER BY holder, currency, account FOR UPDATE",
                cast: true,
            },
        )
        .await?;
    }
    const MOVE: Bulk = Bulk {
        head: "UPDATE balances SET available = available + v.column4, frozen = frozen + v.column5 FROM (VALUES ",
        cols: 7,
        tail: ") AS v WHERE holder = v.column1 AND currency = v.column2 AND account = v.column3
             AND ((available + v.column6 >= 0 AND frozen + v.column7 >= 0) OR v.column1 = 0)
             RETURNING holder, currency, account, available, frozen",
        cast: true,
    };
    for chunk in all.chunks(CHUNK) {
        let mut args: Vec<Arg> = Vec::with_capacity(chunk.len() * 7);
        for (&(holder, currency, account), m) in chunk {
            args.extend(
                [
                    holder, currency, account, m.net[0], m.net[1], m.low[0], m.low[1],
                ]
                .map(Arg::Int),
            );
        }
        for [h, c, a, available, frozen] in conn.rows_bulk::<5>(&MOVE, &args).await? {
            after.insert((h, c, a), [available, frozen]);
        }
    }
    Ok(after)
}

/// Creates empty balance rows (a concurrent creator is no error).
async fn create_rows(
    conn: &mut Db<'_>,
    keys: impl Iterator<Item = &RowKey>,
) -> Result<(), sqlx::Error> {
    for_keys(
        conn,
        keys,
        &Bulk {
            head: "INSERT INTO balances (holder, currency, account) VALUES ",
            cols: 3,
            tail: " ON CONFLICT (holder, currency, account) DO NOTHING",
            cast: false,
        },
    )
    .await
}

/// Runs a statement over row keys (three columns), one per chunk.
async fn for_keys(
    conn: &mut Db<'_>,
    keys: impl Iterator<Item = &RowKey>,
    statement: &Bulk<'_>,
) -> Result<(), sqlx::Error> {
    let keys: Vec<&RowKey> = keys.collect();
    for chunk in keys.chunks(CHUNK) {
        let args: Vec<Arg> = chunk
            .iter()
            .flat_map(|&&(holder, currency, account)| [holder, currency, account].map(Arg::Int))
            .collect();
        conn.execute_bulk(statement, &args).await?;
    }
    Ok(())
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
pub(crate) mod tests;
