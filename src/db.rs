//! The database: one sqlx `Any` pool whose SQL runs unchanged on SQLite (the
//! embedded default) and PostgreSQL. Parameters are written `$1`, which both accept;
//! amounts are BIGINT units and times BIGINT milliseconds so both compare alike.

use actors::sql::{Checkpoint, Store};
use sqlx::any::AnyPoolOptions;
use sqlx::{AnyConnection, AnyPool, Executor};
use std::ffi::{c_char, c_int};
use std::path::{Path, PathBuf};

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
    let url = &creating(url);
    if backend == Backend::Sqlite {
        ensure_sqlite_dir(url);
        grow_in_chunks();
        actors::sql::direct::register();
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
                    // index pages in memory instead of re-reading them. A new
                    // database gets 2 KB pages instead of 4 KB (an existing one
                    // keeps its own): a batch of orders changes one page of each
                    // trader's part of the per-user indexes, and every changed
                    // page is written whole to the log and copied back, so half
                    // the page is half those bytes. p99 at half the saturated
                    // rate fell from 41-133 ms to 21-45 ms, alternating runs; 1 KB
                    // pages cost throughput (docs/benchmarks.md).
                    let pragmas = format!("PRAGMA page_size = 2048; PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 10000; PRAGMA synchronous = NORMAL; PRAGMA wal_autocheckpoint = {BACKSTOP_FRAMES}; PRAGMA cache_size = -32768;");
                    conn.execute(pragmas.as_str()).await?;
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

/// One page of `table`'s rows, newest first, where `filter` holds (its `$1`
/// bound to `key`), with the total count: the shape every paged list answers
/// (`.map` it into what the answer shows).
pub async fn paged<R>(
    db: &Db,
    table: &str,
    columns: &str,
    filter: &str,
    key: Option<i64>,
    paging: crate::paging::Paging,
) -> Result<crate::paging::Paged<R>, sqlx::Error>
where
    R: for<'r> sqlx::FromRow<'r, sqlx::any::AnyRow> + Send + Unpin,
{
    let (total,): (i64,) = sqlx::query_as(&format!("SELECT COUNT(*) FROM {table} WHERE {filter}"))
        .bind(key)
        .fetch_one(db)
        .await?;
    let rows: Vec<R> = sqlx::query_as(&format!(
        "SELECT {columns} FROM {table} WHERE {filter} ORDER BY id DESC LIMIT $2 OFFSET $3"
    ))
    .bind(key)
    .bind(paging.limit)
    .bind(paging.offset())
    .fetch_all(db)
    .await?;
    Ok(crate::paging::Paged::of(paging, rows, total))
}

/// The optional `state` filter of the admin review queues, for [`paged`].
pub const STATE_FILTER: &str = "CAST($1 AS BIGINT) IS NULL OR state = $1";

/// The database file a SQLite URL names.
fn sqlite_path(url: &str) -> &str {
    url.trim_start_matches("sqlite://")
        .trim_start_matches("sqlite:")
        .split('?')
        .next()
        .unwrap_or_default()
}

/// Writes the log's and the database file's pages to disk, off the async
/// threads. Done just before the writers' turn, it leaves the checkpoint in
/// that turn only the little written since to wait for.
async fn presync(db: &Path) {
    let files = [db.to_path_buf(), {
        let mut wal = db.as_os_str().to_owned();
        wal.push("-wal");
        wal.into()
    }];
    let synced = tokio::task::spawn_blocking(move || {
        files
            .iter()
            .try_for_each(|f| std::fs::File::open(f).and_then(|f| f.sync_data()))
    })
    .await
    .map_err(|e| e.to_string())
    .and_then(|done| done.map_err(|e| e.to_string()));
    if let Err(e) = synced {
        log::warn!("checkpoint: sync: {e}");
    }
}

/// How far a SQLite database file grows at a time.
const CHUNK_BYTES: c_int = 8 << 20;

/// Makes every SQLite connection opened from now on grow its database file
/// `CHUNK_BYTES` at a time rather than page by page. A checkpoint that copies
/// pages past the end of the file grows it, and syncing a grown file makes the
/// file system commit its journal too: 13-26 ms per checkpoint under load here,
/// against under 1 ms when the file keeps its size. Registered once per
/// process; a connection opened before the call keeps page-by-page growth,
/// which is only slower.
fn grow_in_chunks() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        // SAFETY: `set_chunk_size` has exactly the entry-point signature SQLite
        // calls auto extensions with, and as a plain function it lives as long
        // as the process.
        let rc = unsafe { libsqlite3_sys::sqlite3_auto_extension(Some(set_chunk_size)) };
        if rc != libsqlite3_sys::SQLITE_OK {
            log::warn!("sqlite: cannot register the chunk size (code {rc})");
        }
    });
}

/// SQLite calls this on every new connection, after its files are open.
unsafe extern "C" fn set_chunk_size(
    db: *mut libsqlite3_sys::sqlite3,
    _error: *mut *mut c_char,
    _api: *const libsqlite3_sys::sqlite3_api_routines,
) -> c_int {
    let mut chunk = CHUNK_BYTES;
    // SAFETY: SQLite hands over a valid, open connection for the length of this
    // call; "main" is a NUL-terminated name, and CHUNK_SIZE reads one int from
    // the pointer, which lives until the call returns. A failure (say, an
    // in-memory database) only leaves the default growth, so it is ignored.
    unsafe {
        libsqlite3_sys::sqlite3_file_control(
            db,
            c"main".as_ptr(),
            libsqlite3_sys::SQLITE_FCNTL_CHUNK_SIZE,
            (&raw mut chunk).cast(),
        );
    }
    libsqlite3_sys::SQLITE_OK
}

/// SQLite creates the file (`mode=rwc`) but not its folder.
/// A SQLite file URL that creates its file when missing: without `mode=rwc`
/// sqlx only opens an existing file and says no more than "unable to open
/// database file". A URL that names its own mode keeps it.
pub fn creating(url: &str) -> String {
    if Backend::of(url) != Backend::Sqlite || url.contains("mode=") || url.contains(":memory:") {
        return url.to_string();
    }
    let sep = if url.contains('?') { '&' } else { '?' };
    format!("{url}{sep}mode=rwc")
}

fn ensure_sqlite_dir(url: &str) {
    let path = sqlite_path(url);
    if let Some(parent) = Path::new(path).parent() {
        if !parent.as_os_str().is_empty() {
            if let Err(e) = std::fs::create_dir_all(parent) {
                log::warn!("cannot create {}: {e}", parent.display());
            }
        }
    }
}

/// Milliseconds since the epoch, the unit of every stored time (the one clock
/// every actor reads too).
pub use ::actors::runtime::clock::now_ms;

/// SQLite's own checkpoint, inline in whichever commit takes the log past this
/// many frames (64 MB of 2 KB pages): only a backstop for `spawn_checkpointer`.
const BACKSTOP_FRAMES: i64 = 32_768;

/// SQLite: copies the write-ahead log back into the database file from a task
/// of its own, and starts the log over before it grows long.
///
/// Left to SQLite, the commit that crosses `wal_autocheckpoint` copies the rest
/// of the log back inline and syncs both files, and that commit is usually a
/// market's batch, which every order of the batch and every order queued
/// behind it then waits for (30-40 ms under load). Here a passive checkpoint
/// runs every 50 ms beside the writers (it never blocks one), so each pass has
/// little to copy. But a log only starts over when a write *begins* after
/// every frame has been copied back, and under load some write is always under
/// way: a pass beside the writers can copy everything and the log still grows,
/// to the backstop. So once the log passes `RESTART_FRAMES` (see
/// [`needs_writers_turn`]), the rest is copied in the writers' turn, between
/// two of their transactions, and the next write starts the log over. That
/// pass stalls every writer until both files are on disk, so the files are
/// synced and copied twice more just before it (one round leaves a second's
/// worth of writes, which is still tens of milliseconds to sync), leaving it
/// only what was written meanwhile to wait for. The automatic checkpoint stays
/// as a backstop, at twice the length.
pub fn spawn_checkpointer(store: Store, url: &str) {
    let file = PathBuf::from(sqlite_path(url));
    actix::spawn(async move {
        let mut every = tokio::time::interval(std::time::Duration::from_millis(50));
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        // The log's length when the last writers' turn ended.
        let mut turned_at = None;
        while !store.is_closed() {
            every.tick().await;
            let finish = match passive_pass(&store).await {
                Ok(done) => needs_writers_turn(done, turned_at),
                Err(e) => {
                    log::warn!("checkpoint: {e}");
                    false
                }
            };
            if finish {
                for _ in 0..2 {
                    presync(&file).await;
                    if let Err(e) = passive_pass(&store).await {
                        log::warn!("checkpoint: {e}");
                    }
                }
                presync(&file).await;
                let held = std::time::Instant::now();
                match store.checkpoint_between_writes().await {
                    Ok(done) => {
                        log::debug!(
                            "checkpoint: writers' turn {done:?} in {:?}, ended at {} ms",
                            held.elapsed(),
                            now_ms()
                        );
                        turned_at = done.map(|d| d.log);
                    }
                    Err(e) => log::warn!("checkpoint: {e}"),
                }
            }
        }
    });
}

/// A passive checkpoint on a pool connection, beside the writers.
async fn passive_pass(store: &Store) -> Result<Checkpoint, sqlx::Error> {
    let mut conn = store.acquire().await?;
    Checkpoint::passive(&mut conn).await
}

/// 16,384 frames (32 MB of 2 KB pages): under load the log reaches it about
/// every 0.7 s. A longer log means fewer turns (and fewer syncs of a new log's
/// header) but slower reads, which look pages up in the log's index: four times
/// as many frames (then 4 KB pages) gave p99 at half the saturated rate of
/// 45-73 ms against 24-33 ms, alternating runs (docs/benchmarks.md).
const RESTART_FRAMES: i64 = BACKSTOP_FRAMES / 2;
/// What the writers' turn may be asked to copy: 512 frames (1 MB); once the log is half-way
/// from `RESTART_FRAMES` to the backstop, whatever is left.
const LEFT_FRAMES: i64 = 512;
const FORCE_FRAMES: i64 = (RESTART_FRAMES + BACKSTOP_FRAMES) / 2;

/// Whether a long log should be finished in the writers' turn, after a pass
/// beside them left it as `done`; `turned_at` is the log's length when the
/// last turn ended. A log copied to the end still needs the turn, since it
/// only starts over in a write that begins after the copy (see
/// [`spawn_checkpointer`]). A log exactly as the last turn left it does not:
/// no write has begun since, and the next one starts it over, so a turn now
/// would stall the writers a second time for nothing.
fn needs_writers_turn(done: Checkpoint, turned_at: Option<i64>) -> bool {
    let left = done.log - done.copied;
    let long = done.log >= FORCE_FRAMES || (done.log >= RESTART_FRAMES && left <= LEFT_FRAMES);
    long && turned_at != Some(done.log)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A URL without `mode=rwc` (as a person would write it) creates its file.
    #[actix_web::test]
    async fn a_sqlite_url_without_a_mode_creates_its_file() {
        let dir =
            std::env::temp_dir().join(format!("bourse-db-{}", crate::security::random_name()));
        let file = dir.join("plain.db");
        let db = connect(&format!("sqlite://{}", file.display()), 1)
            .await
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(file.exists());
        db.close().await;
        assert_eq!(creating("sqlite://a.db?mode=ro"), "sqlite://a.db?mode=ro");
        assert_eq!(creating("sqlite://a.db?x=1"), "sqlite://a.db?x=1&mode=rwc");
        assert_eq!(creating("postgres://h/db"), "postgres://h/db");
        let _ = std::fs::remove_dir_all(dir);
    }

    /// Through `connect` itself: a new database file has 2 KB pages, and once
    /// the log is copied back the file has grown by whole chunks.
    #[actix_web::test]
    async fn a_new_sqlite_database_has_small_pages_and_grows_in_chunks() {
        let dir =
            std::env::temp_dir().join(format!("bourse-db-{}", crate::security::random_name()));
        std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
        let file = dir.join("c.db");
        let db = connect(&format!("sqlite://{}?mode=rwc", file.display()), 2)
            .await
            .unwrap_or_else(|e| panic!("{e}"));
        let (page,): (i64,) = sqlx::query_as("PRAGMA page_size")
            .fetch_one(&db)
            .await
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(page, 2048);
        sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)")
            .execute(&db)
            .await
            .unwrap_or_else(|e| panic!("{e}"));
        let size = std::fs::metadata(&file)
            .unwrap_or_else(|e| panic!("{e}"))
            .len();
        assert!(size > 0, "the schema was copied back");
        assert_eq!(size % CHUNK_BYTES as u64, 0, "{size} bytes");
        db.close().await;
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn only_a_long_log_with_a_little_left_takes_the_writers_turn() {
        let at = |log, copied| needs_writers_turn(Checkpoint { log, copied }, None);
        assert!(!at(RESTART_FRAMES - 1, RESTART_FRAMES - 1), "short log");
        assert!(
            at(RESTART_FRAMES, RESTART_FRAMES - LEFT_FRAMES),
            "little left"
        );
        assert!(
            !at(RESTART_FRAMES, RESTART_FRAMES - LEFT_FRAMES - 1),
            "too much left"
        );
        assert!(at(FORCE_FRAMES, 0), "past the force mark, whatever is left");
        assert!(
            at(RESTART_FRAMES, RESTART_FRAMES),
            "all copied, yet only a write beginning after the copy starts it over"
        );
    }

    #[test]
    fn a_log_as_the_last_turn_left_it_waits_for_the_next_write() {
        let copied = |log| Checkpoint { log, copied: log };
        assert!(!needs_writers_turn(
            copied(RESTART_FRAMES),
            Some(RESTART_FRAMES)
        ));
        assert!(!needs_writers_turn(
            copied(FORCE_FRAMES),
            Some(FORCE_FRAMES)
        ));
        assert!(
            needs_writers_turn(copied(RESTART_FRAMES + 1), Some(RESTART_FRAMES)),
            "written to since the turn without starting over: another turn"
        );
    }
}
