//! Multi-row statements in the form each database runs best.
//!
//! On SQLite the rows are a `VALUES (?,?),(?,?)…` list with every value bound
//! (anonymous parameters bind fastest, see `params`). On PostgreSQL the same
//! rows go as one array per column, `SELECT * FROM UNNEST(CAST($1 AS
//! BIGINT[]), …)`: one statement text whatever the number of rows. With a
//! `VALUES` list every row count is a different text, which PostgreSQL parses
//! and plans anew (sqlx keeps 100 prepared statements per connection, and a
//! batch's sizes vary from 1 to 500), and parsing 4,000 parameters was most of
//! a batch's time there (`docs/benchmarks.md`, "PostgreSQL's statements").

use super::{Arg, Params};
use std::fmt::Write;

/// A statement over many rows: `head`, the rows, then `tail`. `head` ends with
/// `VALUES ` (an insert's rows, or `(VALUES ` for rows joined in an update or
/// matched in a lookup); the rows' columns are named `column1`, `column2`…,
/// as both databases name a bare `VALUES` list's.
#[derive(Clone, Copy)]
pub struct Bulk<'s> {
    pub head: &'s str,
    pub cols: usize,
    pub tail: &'s str,
    /// On SQLite, every value written `CAST(? AS BIGINT)`: rows compared with
    /// integer columns (an update's join, a lookup) keep their type.
    pub cast: bool,
}

/// A statement ready to bind: its text, and on PostgreSQL the column arrays
/// that replace the row-by-row values.
pub(super) struct Spelled {
    pub(super) sql: String,
    pub(super) arrays: Option<Vec<String>>,
}

impl Bulk<'_> {
    /// How many rows `args` (given row by row) hold.
    pub fn count(&self, args: &[Arg<'_>]) -> usize {
        args.len() / self.cols.max(1)
    }

    /// The statement for `args` in the form `params` runs best.
    pub(super) fn spell(&self, params: Params, args: &[Arg<'_>]) -> Spelled {
        match params {
            Params::Anonymous => Spelled {
                sql: params.rows(self.head, self.count(args), self.cols, self.tail, self.cast),
                arrays: None,
            },
            Params::Numbered => {
                let arrays = columns(self.cols, args);
                Spelled {
                    sql: self.unnest(&arrays),
                    arrays: Some(arrays.into_iter().map(|(_, a)| a).collect()),
                }
            }
        }
    }

    /// `head` with its `VALUES ` replaced by an `UNNEST` of one array
    /// parameter per column, then `tail`.
    fn unnest(&self, arrays: &[(&str, String)]) -> String {
        // A head without it is a mistake the database names at once.
        let head = self.head.strip_suffix("VALUES ").unwrap_or(self.head);
        let mut sql = String::with_capacity(head.len() + self.tail.len() + self.cols * 40);
        sql.push_str(head);
        sql.push_str("SELECT * FROM UNNEST(");
        for (i, (kind, _)) in arrays.iter().enumerate() {
            if i > 0 {
                sql.push(',');
            }
            let _ = write!(sql, "CAST(${} AS {kind}[])", i + 1);
        }
        sql.push_str(") AS u(");
        for c in 1..=self.cols {
            if c > 1 {
                sql.push(',');
            }
            let _ = write!(sql, "column{c}");
        }
        sql.push(')');
        sql.push_str(self.tail);
        sql
    }
}

/// Where a statement written for [`ids_in`] tests its column against the ids.
pub const IN_IDS: &str = "IN_IDS";

/// `template` with [`IN_IDS`] replaced by a test against `n` integer ids, the
/// only parameters: `IN (?,?,…)` on SQLite, `= ANY(CAST($1 AS BIGINT[]))` on
/// PostgreSQL (one text for any number), with the arguments to bind.
pub(super) fn ids_in(params: Params, template: &str, ids: &[i64]) -> (String, Option<String>) {
    match params {
        Params::Anonymous => (
            template.replace(IN_IDS, &format!("IN ({})", params.list(1, ids.len()))),
            None,
        ),
        Params::Numbered => {
            let arg = ids.iter().map(|&id| Arg::Int(id)).collect::<Vec<_>>();
            let (_, lit) = columns(1, &arg).swap_remove(0);
            (
                template.replace(IN_IDS, "= ANY(CAST($1 AS BIGINT[]))"),
                Some(lit),
            )
        }
    }
}

/// The rows' values as one array literal per column, with its element type
/// (text if any value of the column is, else bigint).
fn columns(cols: usize, args: &[Arg<'_>]) -> Vec<(&'static str, String)> {
    (0..cols)
        .map(|c| {
            let column = args.iter().skip(c).step_by(cols);
            let text = column.clone().any(|a| matches!(a, Arg::Text(_)));
            let mut lit = String::with_capacity(args.len() / cols * 12 + 2);
            lit.push('{');
            for (i, a) in column.enumerate() {
                if i > 0 {
                    lit.push(',');
                }
                match a {
                    Arg::Int(v) => {
                        let _ = write!(lit, "{v}");
                    }
                    Arg::Null => lit.push_str("NULL"),
                    Arg::Text(s) => {
                        lit.push('"');
                        for ch in s.chars() {
                            if ch == '"' || ch == '\\' {
                                lit.push('\\');
                            }
                            lit.push(ch);
                        }
                        lit.push('"');
                    }
                }
            }
            lit.push('}');
            (if text { "TEXT" } else { "BIGINT" }, lit)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const INSERT: Bulk = Bulk {
        head: "INSERT INTO t (a, b) VALUES ",
        cols: 2,
        tail: " ON CONFLICT DO NOTHING",
        cast: false,
    };

    #[test]
    fn sqlite_gets_a_values_list() {
        let args = [Arg::Int(1), Arg::Text("x"), Arg::Int(2), Arg::Null];
        let s = INSERT.spell(Params::Anonymous, &args);
        assert_eq!(
            s.sql,
            "INSERT INTO t (a, b) VALUES (?,?),(?,?) ON CONFLICT DO NOTHING"
        );
        assert!(s.arrays.is_none());
    }

    #[test]
    fn postgres_gets_one_text_for_any_number_of_rows() {
        let two = [Arg::Int(1), Arg::Text("x"), Arg::Int(-2), Arg::Null];
        let one = [Arg::Int(7), Arg::Text("y")];
        let a = INSERT.spell(Params::Numbered, &two);
        let b = INSERT.spell(Params::Numbered, &one);
        assert_eq!(
            a.sql,
            "INSERT INTO t (a, b) SELECT * FROM UNNEST(CAST($1 AS BIGINT[]),CAST($2 AS TEXT[])) AS u(column1,column2) ON CONFLICT DO NOTHING"
        );
        assert_eq!(a.sql, b.sql);
        assert_eq!(
            a.arrays,
            Some(vec!["{1,-2}".to_string(), "{\"x\",NULL}".to_string()])
        );
    }

    #[test]
    fn an_id_list_is_one_array_on_postgres() {
        let t = "SELECT a FROM t WHERE id IN_IDS";
        assert_eq!(
            ids_in(Params::Anonymous, t, &[4, 5]),
            ("SELECT a FROM t WHERE id IN (?,?)".to_string(), None)
        );
        assert_eq!(
            ids_in(Params::Numbered, t, &[4, 5]),
            (
                "SELECT a FROM t WHERE id = ANY(CAST($1 AS BIGINT[]))".to_string(),
                Some("{4,5}".to_string())
            )
        );
    }

    #[test]
    fn text_is_quoted_and_escaped() {
        let args = [Arg::Text(r#"a"b\c,{d}"#)];
        let cols = columns(1, &args);
        assert_eq!(cols, vec![("TEXT", r#"{"a\"b\\c,{d}"}"#.to_string())]);
    }

    #[test]
    fn a_joined_list_keeps_its_parentheses() {
        let join = Bulk {
            head: "UPDATE t SET b = v.column2 FROM (VALUES ",
            cols: 2,
            tail: ") AS v WHERE id = v.column1",
            cast: true,
        };
        let args = [Arg::Int(1), Arg::Int(2)];
        assert_eq!(
            join.spell(Params::Numbered, &args).sql,
            "UPDATE t SET b = v.column2 FROM (SELECT * FROM UNNEST(CAST($1 AS BIGINT[]),CAST($2 AS BIGINT[])) AS u(column1,column2)) AS v WHERE id = v.column1"
        );
        assert_eq!(
            join.spell(Params::Anonymous, &args).sql,
            "UPDATE t SET b = v.column2 FROM (VALUES (CAST(? AS BIGINT),CAST(? AS BIGINT))) AS v WHERE id = v.column1"
        );
    }
}
