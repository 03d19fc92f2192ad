//! The store's writers against a real database: SQLite always, PostgreSQL
//! when `TEST_DATABASE_URL` is set.

use super::*;
use crate::ledger::tests::{fresh_db, unique};
use crate::sql::{direct, Arg};
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
