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
        .after_connect(move |conn: &mut AnyConnection, _meta| {
            Box::pin(async move {
                if backend == Backend::Sqlite {
                    // WAL lets readers proceed during a write; the busy timeout makes a
                    // writer wait for the lock instead of failing at once.
                    conn.execute("PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 10000; PRAGMA synchronous = NORMAL;")
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
