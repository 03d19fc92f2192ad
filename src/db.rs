//! The database: one sqlx `Any` pool whose SQL runs unchanged on SQLite (the
//! embedded default) and PostgreSQL. Parameters are written `$1`, which both accept;
//! amounts are BIGINT units and times BIGINT milliseconds so both compare alike.

use sqlx::any::AnyPoolOptions;
use sqlx::{AnyConnection, AnyPool, Executor};
use std::path::Path;

pub type Db = AnyPool;

/// Which engine a URL names; it decides the migrations folder and the pragmas.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    pub fn of(url: &str) -> Backend {
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Backend::Postgres
        } else {
            Backend::Sqlite
        }
    }
}

/// Opens the pool and brings the schema up to date.
pub async fn connect(url: &str, max_connections: u32) -> Result<Db, sqlx::Error> {
    sqlx::any::install_default_drivers();
    let backend = Backend::of(url);
    if backend == Backend::Sqlite {
        ensure_sqlite_dir(url);
    }
    let pool = AnyPoolOptions::new()
        .max_connections(max_connections)
        // A connection to a local file cannot go stale; testing it on every
        // acquire cost a round trip to its thread per transaction.
        .test_before_acquire(backend == Backend::Postgres)
        .after_connect(move |conn: &mut AnyConnection, _meta| {
            Box::pin(async move {
                if backend == Backend::Sqlite {
                    // WAL lets readers proceed during a write; the busy timeout makes a
                    // writer wait for the lock instead of failing at once. The log is
                    // copied back by `spawn_checkpointer`; the automatic checkpoint
                    // (inline, in whichever commit crosses it) is only a backstop. A
                    // 32 MB page cache (the default is 2 MB) keeps a busy market's
                    // index pages in memory instead of re-reading them.
                    conn.execute("PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 10000; PRAGMA synchronous = NORMAL; PRAGMA wal_autocheckpoint = 16384; PRAGMA cache_size = -32768;")
                        .await?;
                }
                Ok(())
            })
        })
        .connect(url)
        .await?;
    match backend {
        Backend::Sqlite => sqlx::migrate!("./migrations/sqlite").run(&pool).await?,
        Backend::Postgres => sqlx::migrate!("./migrations/postgres").run(&pool).await?,
    }
    Ok(pool)
}

/// SQLite creates the file (`mode=rwc`) but not its folder.
fn ensure_sqlite_dir(url: &str) {
    let path = url
        .trim_start_matches("sqlite://")
        .trim_start_matches("sqlite:")
        .split('?')
        .next()
        .unwrap_or_default();
    if let Some(parent) = Path::new(path).parent() {
        if !parent.as_os_str().is_empty() {
            if let Err(e) = std::fs::create_dir_all(parent) {
                log::warn!("cannot create {}: {e}", parent.display());
            }
        }
    }
}

/// Milliseconds since the epoch, the unit of every stored time.
pub fn now_ms() -> i64 {
    chrono::Utc::now().timestamp_millis()
}

/// SQLite: copies the write-ahead log into the database file every 200 ms from
/// a task of its own. Left to SQLite, the commit that crosses the threshold does
/// it inline, and that commit is usually a market's batch, which every order of
/// the batch then waits for. A passive checkpoint never blocks a writer.
pub fn spawn_checkpointer(pool: Db) {
    actix::spawn(async move {
        let mut every = tokio::time::interval(std::time::Duration::from_millis(200));
        while !pool.is_closed() {
            every.tick().await;
            if let Err(e) = sqlx::query("PRAGMA wal_checkpoint(PASSIVE)")
                .execute(&pool)
                .await
            {
                log::warn!("checkpoint: {e}");
            }
        }
    });
}
