//! The audit: per currency the journal sums to zero, every balance bucket
//! equals the sum of its journal entries, every entry belongs to an operation
//! and every spot order (whose frozen funds the balances hold) to a user.

use super::LedgerError;
use serde::Serialize;
use sqlx::AnyPool;

/// What the audit found.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct AuditReport {
    pub ok: bool,
    /// (currency, journal sum) for every currency ever posted.
    pub currencies: Vec<(i64, i64)>,
    pub balances_checked: i64,
    pub entries: i64,
    /// The first broken row, described for a human.
    pub first_broken: Option<String>,
}

pub async fn audit(pool: &AnyPool) -> Result<AuditReport, LedgerError> {
    let currencies: Vec<(i64, i64)> = sqlx::query_as(
        "SELECT currency, CAST(SUM(amount) AS BIGINT) FROM ledger_journal GROUP BY currency ORDER BY currency",
    )
    .fetch_all(pool)
    .await?;
    let (entries,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM ledger_journal")
        .fetch_one(pool)
        .await?;
    let mut first_broken = currencies
        .iter()
        .find(|(_, sum)| *sum != 0)
        .map(|(c, sum)| format!("currency {c}: journal sums to {sum}, not 0"));
    let rows: Vec<(i64, i64, i64, i64, i64, i64, i64)> = sqlx::query_as(
        // The journal is summed in one pass and then matched to the balances:
        // a join per balance row would look each row's entries up by an index
        // the journal does not keep (it is indexed by holder and time).
        "SELECT b.holder, b.currency, b.account, b.available, b.frozen,
                CAST(COALESCE(j.available, 0) AS BIGINT), CAST(COALESCE(j.frozen, 0) AS BIGINT)
         FROM balances b LEFT JOIN (
             SELECT holder, currency, account,
                    SUM(CASE WHEN bucket = 0 THEN amount ELSE 0 END) AS available,
                    SUM(CASE WHEN bucket = 1 THEN amount ELSE 0 END) AS frozen
             FROM ledger_journal GROUP BY holder, currency, account
         ) j ON j.holder = b.holder AND j.currency = b.currency AND j.account = b.account
         ORDER BY b.holder, b.currency, b.account",
    )
    .fetch_all(pool)
    .await?;
    if first_broken.is_none() {
        first_broken = rows
            .iter()
            .find(|r| r.3 != r.5 || r.4 != r.6)
            .map(|(h, c, a, av, fr, jav, jfr)| {
                let name = super::accounts::name_of(*h, *a);
                format!(
                    "balance holder {h} currency {c} account {a} ({name}): available {av} / frozen {fr}, journal says {jav} / {jfr}"
                )
            });
    }
    if first_broken.is_none() {
        first_broken = orphans(pool).await?;
    }
    if first_broken.is_none() {
        first_broken = rows
            .iter()
            .find(|r| r.0 != super::SYSTEM && (r.3 < 0 || r.4 < 0))
            .map(|(h, c, a, av, fr, _, _)| {
                let name = super::accounts::name_of(*h, *a);
                format!(
                    "balance holder {h} currency {c} account {a} ({name}) is negative: {av} / {fr}"
                )
            });
    }
    Ok(AuditReport {
        ok: first_broken.is_none(),
        currencies,
        balances_checked: rows.len() as i64,
        entries,
        first_broken,
    })
}

/// Links the audit checks, as (table, its column, the table it names, how a
/// broken one reads): on PostgreSQL they are not foreign keys (each was a
/// trigger and a row lock per inserted row on the order path).
const LINKS: [(&str, &str, &str, &str); 2] = [
    (
        "ledger_journal",
        "op_id",
        "ledger_operations",
        "journal entry {id} names operation {to}, which does not exist",
    ),
    (
        "orders",
        "user_id",
        "users",
        "order {id} belongs to user {to}, who does not exist",
    ),
];

/// The first row whose link (see [`LINKS`]) names a row that does not exist.
async fn orphans(pool: &AnyPool) -> Result<Option<String>, LedgerError> {
    for (table, column, names, says) in LINKS {
        let sql = format!(
            "SELECT t.id, t.{column} FROM {table} t
             WHERE NOT EXISTS (SELECT 1 FROM {names} n WHERE n.id = t.{column})
             ORDER BY t.id LIMIT 1"
        );
        let broken: Option<(i64, i64)> = sqlx::query_as(&sql).fetch_optional(pool).await?;
        if let Some((id, to)) = broken {
            return Ok(Some(
                says.replace("{id}", &id.to_string())
                    .replace("{to}", &to.to_string()),
            ));
        }
    }
    Ok(None)
}
