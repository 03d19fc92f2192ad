//! Multi-row statements that run on SQLite and PostgreSQL. A batch written as a
//! few such statements costs a few round trips to the database instead of one
//! per row, and round trips are what a write costs.

use sqlx::any::{Any, AnyArguments, AnyRow};
use sqlx::query::Query;
use sqlx::{AnyConnection, Row};
use std::fmt::Write;

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

    /// What an insert run by `inserted_ids` ends with.
    pub fn returning_id(self) -> &'static str {
        match self {
            Params::Numbered => " RETURNING id",
            Params::Anonymous => "",
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
/// needs to ask for. Streaming a `RETURNING` row back costs a hand-off between
/// threads per row, which was a quarter of a batch's time. PostgreSQL numbers
/// the rows from its sequence in `VALUES` order too, but other writers may take
/// numbers in between, so there the ids come back with `RETURNING` and sorted.
pub async fn inserted_ids<'q>(
    conn: &mut AnyConnection,
    q: Query<'q, Any, AnyArguments<'q>>,
    n: usize,
) -> Result<Vec<i64>, sqlx::Error> {
    match Params::of(conn) {
        Params::Anonymous => {
            let done = q.execute(&mut *conn).await?;
            let (last,): (i64,) = sqlx::query_as("SELECT last_insert_rowid()")
                .fetch_one(&mut *conn)
                .await?;
            if done.rows_affected() != n as u64 {
                return Err(sqlx::Error::Protocol(format!(
                    "inserted {} rows of {n}",
                    done.rows_affected()
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
