//! No amount finer than its coin: after a product's scenario, every user
//! balance and every journal row the product wrote is a whole number of its
//! coin's steps (USDT 6 decimals, the tokens 4), so a whole balance can
//! always be moved and nothing is left behind for ever. The scenarios of
//! each product call [`assert_no_dust`] at their end.

use bourse::state::AppState;

/// The smallest amount of each configured coin, in ledger units.
fn steps(state: &AppState) -> std::collections::BTreeMap<i64, i64> {
    state
        .settings
        .currencies
        .iter()
        .map(|c| (c.id, 10i64.pow(8 - c.decimals.min(8))))
        .collect()
}

/// Fails on a user balance, or a journal row of an operation with one of
/// `reasons`, finer than its coin's precision (users' balances of every
/// coin; the journal of the product's own operations, system side too).
pub async fn assert_no_dust(state: &AppState, reasons: &[&str]) {
    let steps = steps(state);
    assert_no_dust_in(state, reasons).await;
    let balances: Vec<(i64, i64, i64, i64, i64)> = sqlx::query_as(
        "SELECT holder, currency, account, available, frozen FROM balances WHERE holder <> 0",
    )
    .fetch_all(&state.db)
    .await
    .unwrap_or_else(|e| panic!("{e}"));
    for (holder, currency, account, available, frozen) in balances {
        let s = steps.get(&currency).copied().unwrap_or(1);
        assert!(
            available % s == 0 && frozen % s == 0,
            "user {holder} holds {available}/{frozen} units of coin {currency} in account {account}, finer than its step of {s}"
        );
    }
}

/// Fails on a journal row of an operation with one of `reasons` finer than
/// its coin's precision (for a product whose users also hold what another
/// product computes).
pub async fn assert_no_dust_in(state: &AppState, reasons: &[&str]) {
    let steps = steps(state);
    let list = reasons
        .iter()
        .map(|r| format!("'{r}'"))
        .collect::<Vec<_>>()
        .join(", ");
    let rows: Vec<(String, i64, i64, i64)> = sqlx::query_as(&format!(
        "SELECT o.reason, j.holder, j.currency, j.amount FROM ledger_journal j
         JOIN ledger_operations o ON o.id = j.op_id WHERE o.reason IN ({list})"
    ))
    .fetch_all(&state.db)
    .await
    .unwrap_or_else(|e| panic!("{e}"));
    assert!(
        !rows.is_empty(),
        "no journal rows of {list}: the sweep saw nothing"
    );
    for (reason, holder, currency, amount) in rows {
        let s = steps.get(&currency).copied().unwrap_or(1);
        assert!(
            amount % s == 0,
            "{reason}: {amount} units of coin {currency} for holder {holder}, finer than its step of {s}"
        );
    }
}
