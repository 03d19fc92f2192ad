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

/// The first journal entry without its operation, or order without its user:
/// on PostgreSQL these links are not foreign keys (each was a trigger and a
/// row lock per inserted row on the order path), so the audit checks them.
async fn orphans(pool: &AnyPool) -> Result<Option<String>, LedgerError> {
    let entry: Option<(i64, i64)> = sqlx::query_as(
        "SELECT j.id, j.op_id FROM ledger_journal j
         WHERE NOT EXISTS (SELECT 1 FROM ledger_operations o WHERE o.id = j.op_id)
         ORDER BY j.id LIMIT 1",
    )
    .fetch_optional(pool)
    .await?;
    if let Some((id, op)) = entry {
        return Ok(Some(format!(
            "journal entry {id} names operation {op}, which does not exist"
        )));
    }
    let order: Option<(i64, i64)> = sqlx::query_as(
        "SELECT o.id, o.user_id FROM orders o
         WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = o.user_id)
         ORDER BY o.id LIMIT 1",
    )
    .fetch_optional(pool)
    .await?;
    Ok(order.map(|(id, user)| format!("order {id} belongs to user {user}, who does not exist")))
}
