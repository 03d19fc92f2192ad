//! A trader's figures, computed from their records: closed contract
//! positions for profit, accuracy and the daily profit chart, and the
//! journal of their contract account for the rate of return on equity (so
//! money moved in or out is not return). The trader's actor computes them
//! when the journal of the trader's contract account moves (see
//! [`journal_mark`]), when the UTC day turns and hourly, and stores them: the
//! trader list and the trader's page both show that one computation and its
//! time, so they never disagree.

use super::engine::{return_ppm, Closed, Day, Stats};
use crate::ledger::account;
use serde::Serialize;
use sqlx::AnyPool;

const DAY_MS: i64 = 86_400_000;

/// Ledger reasons that are trading on the contract account; anything else
/// moving money in or out of it (transfers, deposits, profit shares
/// received) is a flow, which the rate of return leaves out.
const TRADING: &[&str] = &[
    "contract_open",
    "contract_close",
    "contract_cancel",
    "contract_overnight",
    "copy_open",
];

/// What the trader list and page show of a trader, in ledger units and
/// millionths; None where there is nothing to compute from yet.
#[derive(Debug, Clone, Default, Serialize, serde::Deserialize, PartialEq, Eq)]
pub struct Figures {
    pub total_profit: i64,
    pub closed: i64,
    pub profitable: i64,
    pub accuracy_bp: Option<i64>,
    pub return_7d_ppm: Option<i64>,
    pub return_30d_ppm: Option<i64>,
    pub return_90d_ppm: Option<i64>,
    pub return_all_ppm: Option<i64>,
    pub open_positions: i64,
    pub yesterday_profit: i64,
    /// Realised profit per UTC day (days since the epoch), the last 30 days
    /// with any.
    pub daily: Vec<(i64, i64)>,
    /// The cumulative rate of return at the end of each day with activity.
    pub curve: Vec<(i64, i64)>,
    pub computed_at: i64,
}

/// The newest journal line of `trader`'s contract account (0 before any):
/// every trade, fee, liquidation or transfer the figures depend on adds one.
pub async fn journal_mark(db: &AnyPool, trader: i64, quote: i64) -> Result<i64, sqlx::Error> {
    let (mark,): (Option<i64>,) = sqlx::query_as(
        "SELECT MAX(id) FROM ledger_journal WHERE holder = $1 AND account = $2 AND currency = $3",
    )
    .bind(trader)
    .bind(account::LEVER)
    .bind(quote)
    .fetch_one(db)
    .await?;
    Ok(mark.unwrap_or(0))
}

/// Computes `trader`'s figures as of `now`.
pub async fn figures(
    db: &AnyPool,
    trader: i64,
    quote: i64,
    now: i64,
) -> Result<Figures, sqlx::Error> {
    let today = now.div_euclid(DAY_MS);
    let closed: Vec<(i64, i64)> = sqlx::query_as(
        "SELECT COALESCE(profit, 0) - fee - overnight, COALESCE(closed_at, 0) FROM lever_orders
         WHERE user_id = $1 AND status = 3 ORDER BY closed_at",
    )
    .bind(trader)
    .fetch_all(db)
    .await?;
    let closed: Vec<Closed> = closed
        .into_iter()
        .map(|(profit, closed_at)| Closed { profit, closed_at })
        .collect();
    let stats = Stats::of(&closed);
    let mut daily: Vec<(i64, i64)> = Vec::new();
    for c in &closed {
        let day = c.closed_at.div_euclid(DAY_MS);
        match daily.last_mut() {
            Some((d, p)) if *d == day => *p += c.profit,
            _ => daily.push((day, c.profit)),
        }
    }
    let yesterday_profit = daily
        .iter()
        .find(|(d, _)| *d == today - 1)
        .map(|d| d.1)
        .unwrap_or(0);
    let (open_positions,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM lever_orders WHERE user_id = $1 AND status = 1")
            .bind(trader)
            .fetch_one(db)
            .await?;
    let days = equity_days(db, trader, quote).await?;
    let since = |n: i64| -> Option<i64> {
        let d: Vec<Day> = days
            .iter()
            .filter(|(d, _)| *d > today - n)
            .map(|x| x.1)
            .collect();
        return_ppm(&d)
    };
    let mut curve = Vec::new();
    for i in 0..days.len() {
        let d: Vec<Day> = days[..=i].iter().map(|x| x.1).collect();
        if let Some(r) = return_ppm(&d) {
            curve.push((days[i].0, r));
        }
    }
    let from = daily.len().saturating_sub(30);
    Ok(Figures {
        total_profit: stats.total_profit,
        closed: stats.closed,
        profitable: stats.profitable,
        accuracy_bp: stats.accuracy_bp(),
        return_7d_ppm: since(7),
        return_30d_ppm: since(30),
        return_90d_ppm: since(90),
        return_all_ppm: return_ppm(&days.iter().map(|x| x.1).collect::<Vec<_>>()),
        open_positions,
        yesterday_profit,
        daily: daily[from..].to_vec(),
        curve: curve.split_off(curve.len().saturating_sub(90)),
        computed_at: now,
    })
}

/// The trader's contract account day by day from its journal: equity at the
/// start and end of each day with activity (margin included, at what it
/// holds), and the money that moved in or out other than by trading.
async fn equity_days(
    db: &AnyPool,
    trader: i64,
    quote: i64,
) -> Result<Vec<(i64, Day)>, sqlx::Error> {
    let rows: Vec<(i64, i64, String)> = sqlx::query_as(
        "SELECT j.amount, j.created_at, o.reason FROM ledger_journal j JOIN ledger_operations o ON o.id = j.op_id
         WHERE j.holder = $1 AND j.account = $2 AND j.currency = $3 ORDER BY j.id",
    )
    .bind(trader)
    .bind(account::LEVER)
    .bind(quote)
    .fetch_all(db)
    .await?;
    let mut days: Vec<(i64, Day)> = Vec::new();
    let mut equity = 0i64;
    for (amount, at, reason) in rows {
        let day = at.div_euclid(DAY_MS);
        if days.last().is_none_or(|(d, _)| *d != day) {
            days.push((
                day,
                Day {
                    start_equity: equity,
                    end_equity: equity,
                    net_flow: 0,
                },
            ));
        }
        equity += amount;
        if let Some((_, d)) = days.last_mut() {
            d.end_equity = equity;
            if !TRADING.contains(&reason.as_str()) {
                d.net_flow += amount;
            }
        }
    }
    Ok(days)
}
