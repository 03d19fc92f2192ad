//! The SQLite writers' connection driven through SQLite's own API, on the
//! caller's thread.
//!
//! sqlx runs each SQLite connection on a thread of its own: every statement is
//! a hand-off to that thread and back, every result row one more, and each
//! crossing wakes a sleeping thread. A batch of orders is about a dozen
//! statements and as many returned rows as it touches balances and orders, and
//! on the market's side the crossings were a third of the time of the thread
//! that does the writing (docs/benchmarks.md). Here the batch's statements
//! run straight on the connection from the thread of the market that holds the
//! writers' turn, with its prepared statements kept for the next batch; sqlx
//! still begins and commits, so the commit's writes to the log run on its
//! thread while the market's thread takes the next orders in.
//!
//! The connection stays sqlx's: this module only learns its handle, through a
//! SQL function every SQLite connection gets (`register`). It is used only
//! between a `BEGIN` that sqlx has answered and the next statement sent to
//! sqlx, by the one holder of the writers' turn, so sqlx's thread is idle
//! whenever it is touched here (SQLite's multi-thread mode, which sqlx opens
//! connections in, allows a connection on any thread, one at a time).

use libsqlite3_sys as ffi;
use sqlx::error::{DatabaseError, ErrorKind};
use sqlx::AnyConnection;
use std::borrow::Cow;
use std::collections::HashMap;
use std::ffi::{c_char, c_int, CStr};
use std::ptr::{null_mut, NonNull};

/// The SQL function that answers the connection's own handle.
const HANDLE_FN: &CStr = c"bourse_connection_handle";

/// Prepared statements kept per connection. A batch's statements differ by
/// their number of rows, so the recent ones are kept and the least recently
/// used goes first.
pub(crate) const CACHED: usize = 128;

/// Gives every SQLite connection opened from now on the function that answers
/// its handle. Registered once per process; a connection opened before keeps
/// going through sqlx alone.
pub fn register() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        // SAFETY: `add_handle_fn` has exactly the entry-point signature SQLite
        // calls auto extensions with, and as a plain function it lives as long
        // as the process.
        let rc = unsafe { ffi::sqlite3_auto_extension(Some(add_handle_fn)) };
        if rc != ffi::SQLITE_OK {
            log::warn!("sqlite: cannot register the handle function (code {rc})");
        }
    });
}

/// SQLite calls this on every new connection.
unsafe extern "C" fn add_handle_fn(
    db: *mut ffi::sqlite3,
    _error: *mut *mut c_char,
    _api: *const ffi::sqlite3_api_routines,
) -> c_int {
    // SAFETY: SQLite hands over a valid, open connection for this call; the name
    // is NUL-terminated and static. DIRECTONLY keeps the function out of
    // triggers and views; nothing but the server's own SQL reaches it anyway.
    unsafe {
        ffi::sqlite3_create_function_v2(
            db,
            HANDLE_FN.as_ptr(),
            0,
            ffi::SQLITE_UTF8 | ffi::SQLITE_DIRECTONLY,
            null_mut(),
            Some(answer_handle),
            None,
            None,
            None,
        );
    }
    ffi::SQLITE_OK
}

unsafe extern "C" fn answer_handle(
    ctx: *mut ffi::sqlite3_context,
    _argc: c_int,
    _argv: *mut *mut ffi::sqlite3_value,
) {
    // SAFETY: SQLite passes a valid context for the length of the call.
    unsafe { ffi::sqlite3_result_int64(ctx, ffi::sqlite3_context_db_handle(ctx) as i64) }
}

/// A statement's parameter.
#[derive(Debug, Clone, Copy)]
pub enum Arg<'a> {
    Int(i64),
    Text(&'a str),
    /// An integer column's NULL.
    Null,
}

impl From<Option<i64>> for Arg<'_> {
    fn from(v: Option<i64>) -> Self {
        v.map_or(Arg::Null, Arg::Int)
    }
}

impl From<i64> for Arg<'_> {
    fn from(v: i64) -> Self {
        Arg::Int(v)
    }
}

impl<'a> From<&'a str> for Arg<'a> {
    fn from(v: &'a str) -> Self {
        Arg::Text(v)
    }
}

/// The writers' connection's handle and its prepared statements.
pub struct Direct {
    db: NonNull<ffi::sqlite3>,
    statements: HashMap<String, Cached>,
    /// Counts uses, to find the least recently used statement.
    clock: u64,
}

struct Cached {
    stmt: NonNull<ffi::sqlite3_stmt>,
    used: u64,
}

// SAFETY: the handle and its statements are only used by whoever holds the
// writers' connection (behind its mutex), one thread at a time, which SQLite's
// multi-thread mode allows.
unsafe impl Send for Direct {}

impl Direct {
    /// The handle of `conn`, if it is a SQLite connection opened after
    /// [`register`]. Must be dropped before `conn` is closed.
    pub async fn of(conn: &mut AnyConnection) -> Option<Direct> {
        if conn.backend_name() != "SQLite" {
            return None;
        }
        let sql = format!("SELECT {}()", HANDLE_FN.to_str().unwrap_or_default());
        match sqlx::query_as::<_, (i64,)>(&sql).fetch_one(conn).await {
            Ok((handle,)) => NonNull::new(handle as *mut ffi::sqlite3).map(|db| Direct {
                db,
                statements: HashMap::new(),
                clock: 0,
            }),
            Err(e) => {
                log::warn!("sqlite: the writers' connection has no handle function ({e}); writing through sqlx");
                None
            }
        }
    }

    /// Runs `sql` with `args` to its end; answers the rows it changed.
    pub fn execute(&mut self, sql: &str, args: &[Arg<'_>]) -> Result<u64, sqlx::Error> {
        self.run(sql, args, 0, |_| ())?;
        // SAFETY: the handle is open (see `of`).
        Ok(unsafe { ffi::sqlite3_changes64(self.db.as_ptr()) } as u64)
    }

    /// Runs `sql` with `args` and answers its rows, each `N` integers.
    pub fn rows<const N: usize>(
        &mut self,
        sql: &str,
        args: &[Arg<'_>],
    ) -> Result<Vec<[i64; N]>, sqlx::Error> {
        let mut out = Vec::new();
        self.run(sql, args, N, |stmt| {
            let mut row = [0; N];
            for (i, v) in row.iter_mut().enumerate() {
                // SAFETY: `run` checked the statement has at least N columns
                // and calls this only while it stands on a row.
                *v = unsafe { ffi::sqlite3_column_int64(stmt, i as c_int) };
            }
            out.push(row);
        })?;
        Ok(out)
    }

    /// Runs an insert of `n` rows and answers their ids in the order of its
    /// `VALUES` (one writer at a time: SQLite gives them consecutive rowids).
    pub fn insert(
        &mut self,
        sql: &str,
        args: &[Arg<'_>],
        n: usize,
    ) -> Result<Vec<i64>, sqlx::Error> {
        let inserted = self.execute(sql, args)?;
        if inserted != n as u64 {
            return Err(sqlx::Error::Protocol(format!(
                "inserted {inserted} rows of {n}"
            )));
        }
        // SAFETY: the handle is open.
        let last = unsafe { ffi::sqlite3_last_insert_rowid(self.db.as_ptr()) };
        Ok((last + 1 - n as i64..=last).collect())
    }

    /// Binds, steps to the end calling `row` on each row, and resets the
    /// statement whatever happened, so none is left part-way (a statement left
    /// running would keep the commit from ending the transaction).
    fn run(
        &mut self,
        sql: &str,
        args: &[Arg<'_>],
        columns: usize,
        mut row: impl FnMut(*mut ffi::sqlite3_stmt),
    ) -> Result<(), sqlx::Error> {
        let stmt = self.statement(sql)?.as_ptr();
        let db = self.db.as_ptr();
        // SAFETY: `stmt` is a live statement of this connection, used by this
        // thread alone; text is copied by SQLite (TRANSIENT) before the call
        // returns, so `args` need not outlive it.
        unsafe {
            let result = (|| {
                if ffi::sqlite3_bind_parameter_count(stmt) as usize != args.len() {
                    return Err(sqlx::Error::Protocol(format!(
                        "{} parameters given for a statement of {}",
                        args.len(),
                        ffi::sqlite3_bind_parameter_count(stmt)
                    )));
                }
                if (ffi::sqlite3_column_count(stmt) as usize) < columns {
                    return Err(sqlx::Error::Protocol(format!(
                        "a statement of fewer than {columns} columns"
                    )));
                }
                for (i, a) in args.iter().enumerate() {
                    let at = i as c_int + 1;
                    let rc = match *a {
                        Arg::Int(v) => ffi::sqlite3_bind_int64(stmt, at, v),
                        Arg::Null => ffi::sqlite3_bind_null(stmt, at),
                        Arg::Text(s) => ffi::sqlite3_bind_text64(
                            stmt,
                            at,
                            s.as_ptr().cast(),
                            s.len() as u64,
                            ffi::SQLITE_TRANSIENT(),
                            ffi::SQLITE_UTF8 as u8,
                        ),
                    };
                    if rc != ffi::SQLITE_OK {
                        return Err(error(db));
                    }
                }
                loop {
                    match ffi::sqlite3_step(stmt) {
                        ffi::SQLITE_ROW => {
                            for i in 0..columns {
                                if ffi::sqlite3_column_type(stmt, i as c_int) != ffi::SQLITE_INTEGER
                                {
                                    return Err(sqlx::Error::ColumnDecode {
                                        index: i.to_string(),
                                        source: "not an integer".into(),
                                    });
                                }
                            }
                            row(stmt)
                        }
                        ffi::SQLITE_DONE => return Ok(()),
                        _ => return Err(error(db)),
                    }
                }
            })();
            ffi::sqlite3_reset(stmt);
            result
        }
    }

    /// The prepared statement for `sql`, from the cache or prepared now.
    fn statement(&mut self, sql: &str) -> Result<NonNull<ffi::sqlite3_stmt>, sqlx::Error> {
        self.clock += 1;
        if let Some(c) = self.statements.get_mut(sql) {
            c.used = self.clock;
            return Ok(c.stmt);
        }
        if self.statements.len() >= CACHED {
            let oldest = self
                .statements
                .iter()
                .min_by_key(|(_, c)| c.used)
                .map(|(k, _)| k.clone());
            if let Some(c) = oldest.and_then(|k| self.statements.remove(&k)) {
                // SAFETY: the statement is this connection's and no longer kept.
                unsafe { ffi::sqlite3_finalize(c.stmt.as_ptr()) };
            }
        }
        let mut stmt = null_mut();
        let mut tail = std::ptr::null();
        // SAFETY: `sql` is valid for its length; SQLite writes the statement
        // and where it stopped reading.
        let rc = unsafe {
            ffi::sqlite3_prepare_v3(
                self.db.as_ptr(),
                sql.as_ptr().cast(),
                sql.len() as c_int,
                ffi::SQLITE_PREPARE_PERSISTENT,
                &mut stmt,
                &mut tail,
            )
        };
        if rc != ffi::SQLITE_OK {
            return Err(error(self.db.as_ptr()));
        }
        let Some(stmt) = NonNull::new(stmt) else {
            return Err(sqlx::Error::Protocol("an empty statement".into()));
        };
        // One statement per text: the rest would be silently left out.
        let read = tail as usize - sql.as_ptr() as usize;
        if !sql[read..].trim().is_empty() {
            // SAFETY: just prepared, not kept.
            unsafe { ffi::sqlite3_finalize(stmt.as_ptr()) };
            return Err(sqlx::Error::Protocol(
                "more than one statement in a text".into(),
            ));
        }
        self.statements.insert(
            sql.to_owned(),
            Cached {
                stmt,
                used: self.clock,
            },
        );
        Ok(stmt)
    }
}

/// Statements are finalized before the connection closes (sqlx's close would
/// find them open and panic).
impl Drop for Direct {
    fn drop(&mut self) {
        for (_, c) in self.statements.drain() {
            // SAFETY: each statement is this connection's and used no more.
            unsafe { ffi::sqlite3_finalize(c.stmt.as_ptr()) };
        }
    }
}

/// The connection's last error, as sqlx reports a database's.
fn error(db: *mut ffi::sqlite3) -> sqlx::Error {
    // SAFETY: the handle is open; the message is copied before anything else
    // runs on the connection.
    let (code, message) = unsafe {
        (
            ffi::sqlite3_extended_errcode(db),
            CStr::from_ptr(ffi::sqlite3_errmsg(db))
                .to_string_lossy()
                .into_owned(),
        )
    };
    sqlx::Error::Database(Box::new(DirectError { code, message }))
}

/// A database error met on the direct path.
#[derive(Debug)]
pub struct DirectError {
    code: c_int,
    message: String,
}

impl std::fmt::Display for DirectError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "(code: {}) {}", self.code, self.message)
    }
}

impl std::error::Error for DirectError {}

impl DatabaseError for DirectError {
    fn message(&self) -> &str {
        &self.message
    }

    fn code(&self) -> Option<Cow<'_, str>> {
        Some(Cow::Owned(self.code.to_string()))
    }

    fn as_error(&self) -> &(dyn std::error::Error + Send + Sync + 'static) {
        self
    }

    fn as_error_mut(&mut self) -> &mut (dyn std::error::Error + Send + Sync + 'static) {
        self
    }

    fn into_error(self: Box<Self>) -> Box<dyn std::error::Error + Send + Sync + 'static> {
        self
    }

    fn kind(&self) -> ErrorKind {
        match self.code {
            ffi::SQLITE_CONSTRAINT_UNIQUE | ffi::SQLITE_CONSTRAINT_PRIMARYKEY => {
                ErrorKind::UniqueViolation
            }
            ffi::SQLITE_CONSTRAINT_FOREIGNKEY => ErrorKind::ForeignKeyViolation,
            ffi::SQLITE_CONSTRAINT_NOTNULL => ErrorKind::NotNullViolation,
            ffi::SQLITE_CONSTRAINT_CHECK => ErrorKind::CheckViolation,
            _ => ErrorKind::Other,
        }
    }
}
