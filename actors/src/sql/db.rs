//! Where a write's statements run ([`Db`]): through sqlx, or on SQLite straight
//! on the writers' connection; the same statement text either way, with the
//! new rows' ids answered in the order they were written.

use super::bulk::{ids_in, Bulk};
use super::{Arg, Direct, Params};
use sqlx::any::{Any, AnyArguments, AnyRow};
use sqlx::query::Query;
use sqlx::{AnyConnection, Row};

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

    /// Runs a multi-row statement over `args`, given row by row (see [`Bulk`]).
    pub async fn execute_bulk(
        &mut self,
        b: &Bulk<'_>,
        args: &[Arg<'_>],
    ) -> Result<u64, sqlx::Error> {
        let s = b.spell(self.params(), args);
        match &s.arrays {
            None => self.execute(&s.sql, args).await,
            Some(arrays) => self.execute(&s.sql, &texts(arrays)).await,
        }
    }

    /// Runs a multi-row statement (see [`Bulk`]); answers its rows, each `N`
    /// integer columns.
    pub async fn rows_bulk<const N: usize>(
        &mut self,
        b: &Bulk<'_>,
        args: &[Arg<'_>],
    ) -> Result<Vec<[i64; N]>, sqlx::Error> {
        let s = b.spell(self.params(), args);
        match &s.arrays {
            None => self.rows(&s.sql, args).await,
            Some(arrays) => self.rows(&s.sql, &texts(arrays)).await,
        }
    }

    /// Runs a multi-row insert (see [`Bulk`], its tail without `RETURNING`)
    /// and answers the new rows' ids in the order of `args`.
    pub async fn insert_bulk(
        &mut self,
        b: &Bulk<'_>,
        args: &[Arg<'_>],
    ) -> Result<Vec<i64>, sqlx::Error> {
        let n = b.count(args);
        let s = b.spell(self.params(), args);
        match &s.arrays {
            None => self.insert(&s.sql, args, n).await,
            Some(arrays) => self.insert(&s.sql, &texts(arrays), n).await,
        }
    }

    /// Runs `template` with its `IN_IDS` testing a column against `ids`, the
    /// statement's only parameters (see [`super::bulk::IN_IDS`]).
    pub async fn execute_in(&mut self, template: &str, ids: &[i64]) -> Result<u64, sqlx::Error> {
        let (sql, array) = ids_in(self.params(), template, ids);
        match &array {
            None => self.execute(&sql, &ints(ids)).await,
            Some(a) => self.execute(&sql, &[Arg::Text(a)]).await,
        }
    }

    /// As [`Db::execute_in`], answering its rows of `N` integer columns.
    pub async fn rows_in<const N: usize>(
        &mut self,
        template: &str,
        ids: &[i64],
    ) -> Result<Vec<[i64; N]>, sqlx::Error> {
        let (sql, array) = ids_in(self.params(), template, ids);
        match &array {
            None => self.rows(&sql, &ints(ids)).await,
            Some(a) => self.rows(&sql, &[Arg::Text(a)]).await,
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

fn texts(arrays: &[String]) -> Vec<Arg<'_>> {
    arrays.iter().map(|a| Arg::Text(a)).collect()
}

fn ints(ids: &[i64]) -> Vec<Arg<'static>> {
    ids.iter().map(|&id| Arg::Int(id)).collect()
}

fn bind<'q>(
    mut q: Query<'q, Any, AnyArguments<'q>>,
    args: &[Arg<'q>],
) -> Query<'q, Any, AnyArguments<'q>> {
    for a in args {
        q = match *a {
            Arg::Int(v) => q.bind(v),
            Arg::Text(s) => q.bind(s),
            Arg::Null => q.bind(None::<i64>),
        };
    }
    q
}
