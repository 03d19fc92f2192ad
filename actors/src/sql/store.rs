//! The store: the pool reads go to, and on SQLite the one connection writers
//! take turns on ([`Store`]), with the write transactions it hands out
//! ([`WriteTx`]) and the checkpoint run in the writers' turn.

use super::{Db, Direct};
use sqlx::any::Any;
use sqlx::{AnyConnection, AnyPool, Transaction};
use std::ops::{Deref, DerefMut};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::{Mutex, OwnedMutexGuard};

/// The pool, and on SQLite the one connection its writers take turns on.
///
/// SQLite lets one transaction write at a time; a connection that finds the
/// lock taken sleeps in SQLite's busy handler and tries again after 1, 2, 5,
/// 10 … up to 100 ms, so a market whose batch met another market's re-quote
/// slept for tens of milliseconds while the lock had long been free again, and
/// under load a re-quote could lose the race for a second. Writers that queue
/// here never meet a taken lock: each is woken the moment the one before it
/// commits, in the order they asked.
///
/// They also share one connection: in WAL mode a connection drops its whole
/// page cache whenever another connection has committed since its last
/// transaction, so with writes spread over the pool every batch read each
/// index page it touched back from the file. PostgreSQL locks rows, not the
/// database, so there writers take their own pool connections and run side
/// by side.
#[derive(Clone)]
pub struct Store {
    pool: AnyPool,
    writer: Option<Arc<Mutex<Writer>>>,
    /// The longest any transaction held the writer since last asked (µs):
    /// what every other writer may have waited behind it.
    longest: Arc<AtomicU64>,
    /// The turn of the bulk steps' slices among themselves (SQLite only).
    bulk: Arc<Mutex<()>>,
}

/// Rows per slice of a bulk step (a day's accrual, a sale's allocation, a
/// settlement): one slice is one transaction, and on SQLite holds the
/// writer for about 10-40 ms of statements (`docs/benchmarks.md`,
/// "Lock-up mining").
pub const SLICE_ROWS: usize = 1_000;

/// The SQLite writers' connection, and whether a transaction is open on it.
/// The connection is taken out of the pool for good: the pool opens another
/// in its place for reads, and closing it at exit needs no runtime (a pool
/// connection hands itself back to the pool from a task).
pub struct Writer {
    /// The connection's statements run directly (declared first: dropped, and
    /// its statements finalized, before the connection closes).
    direct: Option<Direct>,
    conn: AnyConnection,
    open: bool,
    /// Where a replacement connection comes from.
    pool: AnyPool,
}

impl Writer {
    /// Rolls back a transaction left open (dropped halfway by an error
    /// returned with `?`, or a failed `COMMIT`).
    async fn settle(&mut self) -> Result<(), sqlx::Error> {
        if self.open {
            if sqlx::query("ROLLBACK")
                .execute(&mut self.conn)
                .await
                .is_err()
            {
                // A connection that cannot roll back is not trusted with the
                // next transaction.
                self.replace().await?;
            }
            self.open = false;
        }
        Ok(())
    }

    /// Puts a fresh connection from the pool in this one's place and closes
    /// this one, which rolls back whatever it holds and releases its lock
    /// before the fresh one writes.
    async fn replace(&mut self) -> Result<(), sqlx::Error> {
        use sqlx::Connection as _;
        let fresh = self.pool.acquire().await?.detach();
        self.direct = None;
        let old = std::mem::replace(&mut self.conn, fresh);
        if let Err(e) = old.close().await {
            log::warn!("closing the writers' old connection: {e}");
        }
        self.direct = Direct::of(&mut self.conn).await;
        Ok(())
    }

    /// Begins a transaction. A connection that cannot (its thread gone, or a
    /// transaction open on it that `open` does not know of) would refuse every
    /// later write of every market, so it is replaced once and asked again.
    async fn begin(&mut self) -> Result<(), sqlx::Error> {
        if let Err(e) = sqlx::query("BEGIN").execute(&mut self.conn).await {
            log::warn!("the writers' connection cannot begin ({e}); opening a fresh one");
            self.replace().await?;
            sqlx::query("BEGIN").execute(&mut self.conn).await?;
        }
        self.open = true;
        Ok(())
    }
}

impl Store {
    /// `sqlite` says whether `pool` is SQLite (the pool cannot say before a
    /// connection is open). On SQLite the writers' connection is opened here
    /// and kept for the store's life.
    pub async fn open(pool: AnyPool, sqlite: bool) -> Result<Store, sqlx::Error> {
        let writer = match sqlite {
            true => {
                let mut conn = pool.acquire().await?.detach();
                Some(Arc::new(Mutex::new(Writer {
                    direct: Direct::of(&mut conn).await,
                    conn,
                    open: false,
                    pool: pool.clone(),
                })))
            }
            false => None,
        };
        Ok(Store {
            pool,
            writer,
            longest: Arc::default(),
            bulk: Arc::default(),
        })
    }

    /// Waits for the bulk steps' turn: held while one slice of a bulk step
    /// runs, so that on SQLite at most one slice (of every product's steps
    /// falling due together) is queued for the writer at a time, and a
    /// batch of orders waits behind one slice at most, not one per product.
    /// None on PostgreSQL, where writers do not take turns.
    pub async fn bulk_turn(&self) -> Option<OwnedMutexGuard<()>> {
        match &self.writer {
            Some(_) => Some(self.bulk.clone().lock_owned().await),
            None => None,
        }
    }

    /// A write transaction, begun once it is this writer's turn. The turn is
    /// held until the transaction commits, rolls back or is dropped; a holder
    /// must not begin another one meanwhile.
    pub async fn begin(&self) -> Result<WriteTx, sqlx::Error> {
        let Some(writer) = &self.writer else {
            return Ok(WriteTx::Pooled(self.pool.begin().await?));
        };
        let mut w = writer.clone().lock_owned().await;
        let since = Instant::now();
        w.settle().await?;
        w.begin().await?;
        Ok(WriteTx::Shared(SharedTx {
            w,
            since,
            longest: self.longest.clone(),
        }))
    }

    /// The longest one transaction held the SQLite writer (its turn, from
    /// `BEGIN` to its end) since the last call, which starts the count
    /// again; zero on PostgreSQL, where writers do not take turns.
    pub fn take_longest_turn(&self) -> Duration {
        Duration::from_micros(self.longest.swap(0, Ordering::Relaxed))
    }

    /// Begins a step taken once: `guard` (an update with its integers written
    /// in) moves the state the step starts from and runs first. The
    /// transaction when it changed exactly one row; None, rolled back, when
    /// that state is gone (the step was taken already).
    pub async fn begin_if(&self, guard: &str) -> Result<Option<WriteTx>, sqlx::Error> {
        let mut tx = self.begin().await?;
        if tx.db().execute(guard, &[]).await? == 1 {
            Ok(Some(tx))
        } else {
            tx.rollback().await?;
            Ok(None)
        }
    }

    /// SQLite: a passive checkpoint run in the writers' turn, between two of
    /// their transactions. No frame can arrive while it runs, so it copies the
    /// whole log back and the next write starts the log over from its
    /// beginning. None on PostgreSQL.
    pub async fn checkpoint_between_writes(&self) -> Result<Option<Checkpoint>, sqlx::Error> {
        let Some(writer) = &self.writer else {
            return Ok(None);
        };
        let mut w = writer.lock().await;
        w.settle().await?;
        Checkpoint::passive(&mut w.conn).await.map(Some)
    }
}

/// Where a checkpoint left the write-ahead log.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Checkpoint {
    /// Frames in the log.
    pub log: i64,
    /// Of those, frames copied back into the database file.
    pub copied: i64,
}

impl Checkpoint {
    /// Runs a passive checkpoint (it never waits for a writer) on `conn`.
    pub async fn passive(conn: &mut AnyConnection) -> Result<Checkpoint, sqlx::Error> {
        let (_busy, log, copied): (i64, i64, i64) =
            sqlx::query_as("PRAGMA wal_checkpoint(PASSIVE)")
                .fetch_one(conn)
                .await?;
        Ok(Checkpoint { log, copied })
    }
}

/// Reads go straight to the pool.
impl Deref for Store {
    type Target = AnyPool;

    fn deref(&self) -> &AnyPool {
        &self.pool
    }
}

/// A write transaction (see [`Store`]).
pub enum WriteTx {
    /// PostgreSQL: a pool connection of its own.
    Pooled(Transaction<'static, Any>),
    /// SQLite: the writers' connection, held for the transaction's life.
    Shared(SharedTx),
}

pub struct SharedTx {
    w: OwnedMutexGuard<Writer>,
    since: Instant,
    longest: Arc<AtomicU64>,
}

impl SharedTx {
    /// Should `COMMIT` fail, the transaction stays open and is rolled back.
    async fn end(mut self, sql: &str) -> Result<(), sqlx::Error> {
        sqlx::query(sql).execute(&mut self.w.conn).await?;
        self.w.open = false;
        Ok(())
    }
}

/// A transaction left open would keep SQLite's write lock from the pool's
/// other writers until the next market write, so it is rolled back at once
/// by a task that queues for the writers' turn (if a writer already queued
/// gets there first, its `begin` rolls it back).
impl Drop for SharedTx {
    fn drop(&mut self) {
        let held = u64::try_from(self.since.elapsed().as_micros()).unwrap_or(u64::MAX);
        self.longest.fetch_max(held, Ordering::Relaxed);
        if !self.w.open {
            return;
        }
        if let Ok(rt) = tokio::runtime::Handle::try_current() {
            let writer = OwnedMutexGuard::mutex(&self.w).clone();
            rt.spawn(async move {
                if let Err(e) = writer.lock_owned().await.settle().await {
                    log::error!("rolling back an abandoned write: {e}");
                }
            });
        }
    }
}

impl WriteTx {
    /// Where this transaction's batch statements run.
    pub fn db(&mut self) -> Db<'_> {
        match self {
            WriteTx::Pooled(tx) => Db::Any(tx),
            WriteTx::Shared(tx) => {
                let w = &mut *tx.w;
                match &mut w.direct {
                    Some(d) => Db::Direct(d),
                    None => Db::Any(&mut w.conn),
                }
            }
        }
    }

    pub async fn commit(self) -> Result<(), sqlx::Error> {
        match self {
            WriteTx::Pooled(tx) => tx.commit().await,
            WriteTx::Shared(tx) => tx.end("COMMIT").await,
        }
    }

    pub async fn rollback(self) -> Result<(), sqlx::Error> {
        match self {
            WriteTx::Pooled(tx) => tx.rollback().await,
            WriteTx::Shared(tx) => tx.end("ROLLBACK").await,
        }
    }
}

impl Deref for WriteTx {
    type Target = AnyConnection;

    fn deref(&self) -> &AnyConnection {
        match self {
            WriteTx::Pooled(tx) => tx,
            WriteTx::Shared(tx) => &tx.w.conn,
        }
    }
}

impl DerefMut for WriteTx {
    fn deref_mut(&mut self) -> &mut AnyConnection {
        match self {
            WriteTx::Pooled(tx) => tx,
            WriteTx::Shared(tx) => &mut tx.w.conn,
        }
    }
}

/// Its tests are a child module so they can reach the writers' connection.
#[cfg(test)]
mod tests;
