//! How a statement spells its parameters on each database: the `VALUES` rows
//! and `IN` lists of the multi-row statements, and what ends an insert that
//! answers its ids.

use sqlx::AnyConnection;
use std::fmt::Write;

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
