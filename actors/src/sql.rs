//! Multi-row statements that run on SQLite and PostgreSQL. A batch written as a
//! few such statements costs a few round trips to the database instead of one
//! per row, and round trips are what a write costs.

use sqlx::any::{Any, AnyArguments, AnyRow};
use sqlx::query::Query;
use sqlx::{AnyConnection, AnyPool, Row, Transaction};
use std::fmt::Write;
use std::ops::{Deref, DerefMut};
use std::sync::Arc;
use tokio::sync::{Mutex, OwnedMutexGuard};

pub mod direct;

pub use direct::{Arg, Direct};

/// Rows per multi-row statement: 500 rows of at most 10 parameters stay well
/// under SQLite's (32,766) and PostgreSQL's (65,535) parameter limits.
pub const CHUNK: usize = 500;

/// How a statement spells its parameters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Params {
    /// `$1, $2, …`: what PostgreSQL understands.
    Numbered,
    /// `?, ?, …`: SQLite looks a numbered parameter's name up by scanning a
    /// list, so binding n of them costs n² (a 500-row insert spent most of its
    /// time there); anonymous ones bind in order at no cost.
    Anonymous,
}

impl Params {
    pub fn of(conn: &AnyConnection) -> Params {
        if conn.backend_name() == "PostgreSQL" {
            Params::Numbered
        } else {
            Params::Anonymous
        }
    }

    /// `head`, then `rows` groups of `cols` parameters (`($1,$2),($3,$4)`), then
    /// `tail`. With `cast` every parameter is cast to BIGINT, for a `VALUES`
    /// list used as a table: PostgreSQL types such a list from its values, and
    /// SQLite accepts the cast. The columns of such a list are `column1`,
    /// `column2`… in both (SQLite has no column alias list).
    pub fn rows(self, head: &str, rows: usize, cols: usize, tail: &str, cast: bool) -> String {
        let mut sql = String::with_capacity(head.len() + tail.len() + rows * cols * 24);
        sql.push_str(head);
        for r in 0..rows {
            sql.push_str(if r == 0 { "(" } else { ",(" });
            for c in 0..cols {
                if c > 0 {
                    sql.push(',');
                }
                if cast {
                    sql.push_str("CAST(");
                }
                match self {
                    // Writing to a String cannot fail.
                    Params::Numbered => {
                        let _ = write!(sql, "${}", r * cols + c + 1);
                    }
                    Params::Anonymous => sql.push('?'),
                }
                if cast {
                    sql.push_str(" AS BIGINT)");
                }
            }
            sql.push(')');
        }
        sql.push_str(tail);
        sql
    }

    /// What an insert run by `inserted_ids` ends with. On SQLite a second
    /// statement in the same query text: sqlx's SQLite driver runs the
    /// statements of one text in turn on the connection's thread, so the last
    /// id comes back without another hand-off there and back. (sqlx marks
    /// several statements in one prepared query as deprecated, to go in a later
    /// release; every SQLite test that places an order fails if it stops working.)
    pub fn returning_id(self) -> &'static str {
        match self {
            Params::Numbered => " RETURNING id",
            Params::Anonymous => "; SELECT last_insert_rowid(), changes()",
        }
    }

    /// `n` parameters separated by commas, numbered from `first`: an `IN` list.
    pub fn list(self, first: usize, n: usize) -> String {
        let mut sql = String::with_capacity(n * 6);
        for i in 0..n {
            if i > 0 {
                sql.push(',');
            }
            match self {
                Params::Numbered => {
                    let _ = write!(sql, "${}", first + i);
                }
                Params::Anonymous => sql.push('?'),
            }
        }
        sql
    }
}

/// Runs an insert of `n` rows (its SQL ending in `Params::returning_id`) and
/// answers the new rows' ids in the order of its `VALUES`.
///
/// SQLite gives the rows of one insert consecutive ids in that order (one writer
/// at a time; each new rowid is one above the last), so the last id is all it
/// needs to ask for, in the same call as the insert. Streaming a `RETURNING`
/// row back costs a hand-off between threads per row, which was a quarter of a
/// batch's time. PostgreSQL numbers the rows from its sequence in `VALUES`
/// order too, but other writers may take numbers in between, so there the ids
/// come back with `RETURNING` and sorted.
async fn inserted_ids<'q>(
    conn: &mut AnyConnection,
    q: Query<'q, Any, AnyArguments<'q>>,
    n: usize,
) -> Result<Vec<i64>, sqlx::Error> {
    match Params::of(conn) {
        Params::Anonymous => {
            // `changes()` is the count of the insert just run. (`fetch_one`
            // would look no further than the insert's own empty result.)
            let rows: Vec<(i64, i64)> = q
                .try_map(|row: AnyRow| Ok((row.try_get(0)?, row.try_get(1)?)))
                .fetch_all(&mut *conn)
                .await?;
            let &[(last, inserted)] = rows.as_slice() else {
                return Err(sqlx::Error::RowNotFound);
            };
            if inserted != n as i64 {
                return Err(sqlx::Error::Protocol(format!(
                    "inserted {inserted} rows of {n}"
                )));
            }
            Ok((last + 1 - n as i64..=last).collect())
        }
        Params::Numbered => {
            let mut ids: Vec<i64> = q
                .try_map(|row: AnyRow| row.try_get(0))
                .fetch_all(&mut *conn)
                .await?;
            ids.sort_unstable();
            Ok(ids)
        }
    }
}

/// Where a write's statements run: through sqlx, or, on the SQLite writers'
/// connection, straight on SQLite from the caller's thread ([`Direct`]). The
/// statements are the same text either way.
pub enum Db<'a> {
    Any(&'a mut AnyConnection),
    Direct(&'a mut Direct),
}

impl Db<'_> {
    pub fn params(&self) -> Params {
        match self {
            Db::Any(c) => Params::of(c),
            Db::Direct(_) => Params::Anonymous,
        }
    }

    pub fn is_postgres(&self) -> bool {
        self.params() == Params::Numbered
    }

    /// Runs `sql`; answers the rows it changed.
    pub async fn execute(&mut self, sql: &str, args: &[Arg<'_>]) -> Result<u64, sqlx::Error> {
        match self {
            Db::Direct(d) => d.execute(sql, args),
            Db::Any(c) => Ok(bind(sqlx::query(sql), args)
                .execute(&mut **c)
                .await?
                .rows_affected()),
        }
    }

    /// Runs `sql`; answers its rows, each `N` integer columns.
    pub async fn rows<const N: usize>(
        &mut self,
        sql: &str,
        args: &[Arg<'_>],
    ) -> Result<Vec<[i64; N]>, sqlx::Error> {
        match self {
            Db::Direct(d) => d.rows(sql, args),
            Db::Any(c) => {
                bind(sqlx::query(sql), args)
                    .try_map(|row: AnyRow| {
                        let mut out = [0; N];
                        for (i, v) in out.iter_mut().enumerate() {
                            *v = row.try_get(i)?;
                        }
                        Ok(out)
                    })
                    .fetch_all(&mut **c)
                    .await
            }
        }
    }

    /// Runs an insert of `n` rows (`sql` without any `RETURNING`) and answers
    /// the new rows' ids in the order of its `VALUES` (see [`inserted_ids`]).
    pub async fn insert(
        &mut self,
        sql: &str,
        args: &[Arg<'_>],
        n: usize,
    ) -> Result<Vec<i64>, sqlx::Error> {
        match self {
            Db::Direct(d) => d.insert(sql, args, n),
            Db::Any(c) => {
                let sql = format!("{sql}{}", Params::of(c).returning_id());
                inserted_ids(c, bind(sqlx::query(&sql), args), n).await
            }
        }
    }
}

fn bind<'q>(
    mut q: Query<'q, Any, AnyArguments<'q>>,
    args: &[Arg<'q>],
) -> Query<'q, Any, AnyArguments<'q>> {
    for a in args {
        q = match *a {
            Arg::Int(v) => q.bind(v),
            Arg::Text(s) => q.bind(s),
        };
    }
    q
}

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
}

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
        Ok(Store { pool, writer })
    }

    /// A write transaction, begun once it is this writer's turn. The turn is
    /// held until the transaction commits, rolls back or is dropped; a holder
    /// must not begin another one meanwhile.
    pub async fn begin(&self) -> Result<WriteTx, sqlx::Error> {
        let Some(writer) = &self.writer else {
            return Ok(WriteTx::Pooled(self.pool.begin().await?));
        };
        let mut w = writer.clone().lock_owned().await;
        w.settle().await?;
        w.begin().await?;
        Ok(WriteTx::Shared(SharedTx { w }))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spells_parameters_for_each_database() {
        let insert = "INSERT INTO t (a, b) VALUES ";
        assert_eq!(
            Params::Numbered.rows(insert, 2, 2, " RETURNING id", false),
            "INSERT INTO t (a, b) VALUES ($1,$2),($3,$4) RETURNING id"
        );
        assert_eq!(
            Params::Anonymous.rows(insert, 2, 2, "", false),
            "INSERT INTO t (a, b) VALUES (?,?),(?,?)"
        );
        assert_eq!(
            Params::Numbered.rows("(VALUES ", 1, 2, ")", true),
            "(VALUES (CAST($1 AS BIGINT),CAST($2 AS BIGINT)))"
        );
        assert_eq!(Params::Numbered.list(3, 3), "$3,$4,$5");
        assert_eq!(Params::Anonymous.list(3, 2), "?,?");
    }
}

/// The store's writers against a real database: SQLite always, PostgreSQL
/// when `TEST_DATABASE_URL` is set.
#[cfg(test)]
mod store_tests {
    use super::*;
    use crate::ledger::tests::{fresh_db, unique};
    use sqlx::any::AnyPoolOptions;

    async fn count(store: &Store) -> i64 {
        let (n,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM t")
            .fetch_one(&**store)
            .await
            .unwrap_or((-1,));
        n
    }

    async fn insert(tx: &mut WriteTx, v: i64) -> Result<(), sqlx::Error> {
        sqlx::query("INSERT INTO t (v) VALUES ($1)")
            .bind(v)
            .execute(&mut **tx)
            .await
            .map(|_| ())
    }

    /// SQLite with no busy wait at all: a writer that met a taken lock would
    /// fail at once instead of sleeping until it is free.
    async fn sqlite_without_busy_wait() -> Option<AnyPool> {
        sqlx::any::install_default_drivers();
        direct::register();
        let path = std::env::temp_dir().join(format!("bourse-store-{}.db", unique()));
        AnyPoolOptions::new()
            .max_connections(8)
            .after_connect(|conn, _| {
                Box::pin(async move {
                    sqlx::Executor::execute(
                        conn,
                        "PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 0;",
                    )
                    .await?;
                    Ok(())
                })
            })
            .connect(&format!("sqlite://{}?mode=rwc", path.display()))
            .await
            .ok()
    }

    /// A store over `pool` with the one table `t (v)` these tests write.
    async fn store_with_table(pool: AnyPool, sqlite: bool) -> Store {
        sqlx::query("CREATE TABLE t (v BIGINT NOT NULL)")
            .execute(&pool)
            .await
            .unwrap_or_else(|e| panic!("{e}"));
        Store::open(pool, sqlite)
            .await
            .unwrap_or_else(|e| panic!("{e}"))
    }

    async fn writers_take_turns_and_an_abandoned_transaction_keeps_nothing(postgres: bool) {
        let pool = match postgres {
            true => fresh_db(true).await,
            false => sqlite_without_busy_wait().await,
        };
        let Some(pool) = pool else {
            assert!(postgres, "SQLite is always available");
            return;
        };
        let store = store_with_table(pool, !postgres).await;

        // Dropped halfway, as an error returned with `?` would: nothing kept,
        // and a writer outside the store gets the lock back within moments
        // (no later store write is needed to release it).
        let mut tx = store.begin().await.unwrap_or_else(|e| panic!("{e}"));
        insert(&mut tx, 1).await.unwrap_or_else(|e| panic!("{e}"));
        drop(tx);
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(2);
        loop {
            let outside = sqlx::query("INSERT INTO t (v) VALUES (0)")
                .execute(&*store)
                .await;
            match outside {
                Ok(_) => break,
                Err(e) if std::time::Instant::now() > deadline => panic!("still locked: {e}"),
                Err(_) => tokio::time::sleep(std::time::Duration::from_millis(10)).await,
            }
        }
        let mut tx = store.begin().await.unwrap_or_else(|e| panic!("{e}"));
        insert(&mut tx, 2).await.unwrap_or_else(|e| panic!("{e}"));
        tx.rollback().await.unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(count(&store).await, 1);

        // Forty writers at once: every one commits (none meets a taken lock).
        let writers: Vec<_> = (0..40)
            .map(|v| {
                let store = store.clone();
                tokio::spawn(async move {
                    let mut tx = store.begin().await?;
                    insert(&mut tx, v).await?;
                    tx.commit().await
                })
            })
            .collect();
        for w in writers {
            assert!(matches!(w.await, Ok(Ok(()))));
        }
        assert_eq!(count(&store).await, 41);
        let (sum,): (i64,) = sqlx::query_as("SELECT CAST(SUM(v) AS BIGINT) FROM t")
            .fetch_one(&*store)
            .await
            .unwrap_or((-1,));
        assert_eq!(sum, (0..40).sum::<i64>());
        crate::testenv::drop_remembered().await;
    }

    /// Copied back between two writes, the whole log is in the database file,
    /// and the next write starts the log over instead of making it longer.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_checkpoint_between_writes_lets_the_log_start_over() {
        let store = sqlite_store_with_rows(50).await;
        let done = store
            .checkpoint_between_writes()
            .await
            .unwrap_or_else(|e| panic!("{e}"))
            .unwrap_or_else(|| panic!("SQLite has a log"));
        assert!(done.log >= 50, "{done:?}");
        assert_eq!(done.copied, done.log);
        write(&store, 50).await.unwrap_or_else(|e| panic!("{e}"));
        let after = passive(&store).await;
        assert!(after.log < 10, "the log went on from {done:?} to {after:?}");
        assert_eq!(count(&store).await, 51);
    }

    /// The reason the checkpointer takes the writers' turn at all: a pass
    /// beside a write under way copies the whole log, yet the log does not
    /// start over, because only a write that begins after the copy can do that.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_log_copied_during_a_write_goes_on_growing() {
        let store = sqlite_store_with_rows(50).await;
        let mut open = store.begin().await.unwrap_or_else(|e| panic!("{e}"));
        insert(&mut open, 50)
            .await
            .unwrap_or_else(|e| panic!("{e}"));
        let done = passive(&store).await;
        assert!(done.log >= 50, "{done:?}");
        assert_eq!(done.copied, done.log, "everything committed is copied");
        open.commit().await.unwrap_or_else(|e| panic!("{e}"));
        write(&store, 51).await.unwrap_or_else(|e| panic!("{e}"));
        let after = passive(&store).await;
        assert!(
            after.log > done.log,
            "the log started over from {done:?} to {after:?}"
        );
        assert_eq!(count(&store).await, 52);
    }

    /// A SQLite store whose table holds `rows` rows, each written in a
    /// transaction of its own.
    async fn sqlite_store_with_rows(rows: i64) -> Store {
        let pool = sqlite_without_busy_wait()
            .await
            .unwrap_or_else(|| panic!("SQLite is always available"));
        let store = store_with_table(pool, true).await;
        for v in 0..rows {
            write(&store, v).await.unwrap_or_else(|e| panic!("{e}"));
        }
        store
    }

    /// One write of `v` in a transaction of its own.
    async fn write(store: &Store, v: i64) -> Result<(), sqlx::Error> {
        let mut tx = store.begin().await?;
        insert(&mut tx, v).await?;
        tx.commit().await
    }

    /// A passive checkpoint on a pool connection, as the checkpointer runs it.
    async fn passive(store: &Store) -> Checkpoint {
        let mut conn = store.acquire().await.unwrap_or_else(|e| panic!("{e}"));
        Checkpoint::passive(&mut conn)
            .await
            .unwrap_or_else(|e| panic!("{e}"))
    }

    /// A transaction left open on the writers' connection behind the store's
    /// back makes `BEGIN` fail; the store replaces the connection (which rolls
    /// the stray transaction back) instead of refusing every write from then on.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_writer_connection_that_cannot_begin_is_replaced() {
        let store = sqlite_store_with_rows(0).await;
        {
            let writer = store.writer.clone().unwrap_or_else(|| panic!("SQLite"));
            let mut w = writer.lock().await;
            sqlx::query("BEGIN; INSERT INTO t (v) VALUES (99)")
                .execute(&mut w.conn)
                .await
                .unwrap_or_else(|e| panic!("{e}"));
        }
        let mut tx = store.begin().await.unwrap_or_else(|e| panic!("{e}"));
        // The fresh connection's statements run directly too.
        let mut db = tx.db();
        assert!(matches!(db, Db::Direct(_)));
        db.execute("INSERT INTO t (v) VALUES (?)", &[Arg::Int(1)])
            .await
            .unwrap_or_else(|e| panic!("{e}"));
        tx.commit().await.unwrap_or_else(|e| panic!("{e}"));
        let (n, sum): (i64, i64) = sqlx::query_as("SELECT COUNT(*), CAST(SUM(v) AS BIGINT) FROM t")
            .fetch_one(&*store)
            .await
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            (n, sum),
            (1, 1),
            "the stray row is rolled back, the new one kept"
        );
    }

    /// On SQLite the writers' statements run directly on the connection,
    /// inside the transaction sqlx began: they see its rows, roll back and
    /// commit with it, answer ids, rows and changes as sqlx would, report a
    /// duplicate key as one, and a failed statement leaves the transaction
    /// usable.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn direct_statements_belong_to_the_writers_transaction() {
        let store = sqlite_store_with_rows(2).await;
        sqlx::query("CREATE UNIQUE INDEX t_v ON t (v)")
            .execute(&*store)
            .await
            .unwrap_or_else(|e| panic!("{e}"));
        let mut tx = store.begin().await.unwrap_or_else(|e| panic!("{e}"));
        insert(&mut tx, 10).await.unwrap_or_else(|e| panic!("{e}"));
        let mut db = tx.db();
        assert!(matches!(db, Db::Direct(_)));
        let ids = db
            .insert(
                "INSERT INTO t (v) VALUES (?),(?),(?)",
                &[11, 12, 13].map(Arg::Int),
                3,
            )
            .await
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            ids,
            vec![4, 5, 6],
            "after the two rows and the one sqlx wrote"
        );
        let rows = db
            .rows::<2>(
                "SELECT rowid, v FROM t WHERE v >= ? ORDER BY v",
                &[Arg::Int(10)],
            )
            .await
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(rows, vec![[3, 10], [4, 11], [5, 12], [6, 13]]);
        let changed = db
            .execute("UPDATE t SET v = v + 100 WHERE v > ?", &[Arg::Int(11)])
            .await
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(changed, 2);
        let duplicate = db
            .execute("INSERT INTO t (v) VALUES (?)", &[Arg::Int(10)])
            .await;
        assert!(
            matches!(&duplicate, Err(sqlx::Error::Database(d)) if d.is_unique_violation()),
            "{duplicate:?}"
        );
        let miscounted = db.execute("INSERT INTO t (v) VALUES (?)", &[]).await;
        assert!(miscounted.is_err());
        let not_a_number = db.rows::<1>("SELECT NULL", &[]).await;
        assert!(not_a_number.is_err());
        let two = db.execute("SELECT 1; SELECT 2", &[]).await;
        assert!(
            two.is_err(),
            "a second statement would be left out silently"
        );
        tx.rollback().await.unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            count(&store).await,
            2,
            "rolled back with sqlx's transaction"
        );

        let mut tx = store.begin().await.unwrap_or_else(|e| panic!("{e}"));
        let mut db = tx.db();
        // More texts than the cache keeps, then the first again.
        for i in 0..(direct::CACHED as i64 + 20) {
            let sql = format!("INSERT INTO t (v) VALUES (? + {i})");
            db.execute(&sql, &[Arg::Int(1000)])
                .await
                .unwrap_or_else(|e| panic!("{e}"));
        }
        db.execute("INSERT INTO t (v) VALUES (? + 0)", &[Arg::Int(5000)])
            .await
            .unwrap_or_else(|e| panic!("{e}"));
        let text = db
            .rows::<1>(
                "SELECT COUNT(*) FROM t WHERE ? = 'a:1'",
                &[Arg::Text("a:1")],
            )
            .await
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(text, vec![[direct::CACHED as i64 + 23]]);
        tx.commit().await.unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(count(&store).await, direct::CACHED as i64 + 23);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn sqlite_writers_take_turns_and_an_abandoned_transaction_keeps_nothing() {
        writers_take_turns_and_an_abandoned_transaction_keeps_nothing(false).await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn postgres_writers_take_turns_and_an_abandoned_transaction_keeps_nothing() {
        writers_take_turns_and_an_abandoned_transaction_keeps_nothing(true).await;
    }
}
