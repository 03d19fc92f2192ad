//! Every statement of the trader's actor: its trader row, its follows, the
//! profit share settled through the ledger.

use super::engine::{HighWater, Mode, Terms};
use super::plans::FollowTerms;
use crate::ledger::{account, precision, Bucket, Operation, Posting};
use crate::market::deriv::ledger_err;
use crate::runtime::ProductError;
use crate::sql::{Arg, Store};

/// A `copy_traders` row.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct TraderRow {
    pub user_id: i64,
    pub name: String,
    pub intro: String,
    pub share_ppm: i64,
    pub max_followers: i64,
    pub status: i64,
    pub reject_reason: Option<String>,
    pub created_at: i64,
    pub reviewed_at: Option<i64>,
}

pub const TRADER_COLUMNS: &str =
    "user_id, name, intro, share_ppm, max_followers, status, reject_reason, created_at, reviewed_at";

/// Trader states.
pub mod trader {
    pub const APPLIED: i64 = 0;
    pub const APPROVED: i64 = 1;
    pub const REJECTED: i64 = 2;
    pub const PAUSED: i64 = 3;
    pub const RETIRED: i64 = 4;
}

/// Follow states.
pub mod follow {
    pub const FOLLOWING: i64 = 1;
    pub const EDITED: i64 = 2;
    pub const CANCELLED: i64 = 3;
    /// Modes.
    pub const MULTIPLE: i64 = 1;
    pub const LOTS: i64 = 2;
}

/// A `copy_follows` row.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct FollowRow {
    pub id: i64,
    pub trader_id: i64,
    pub user_id: i64,
    pub mode: i64,
    pub amount: i64,
    pub max_margin: i64,
    pub tp_ppm: Option<i64>,
    pub sl_ppm: Option<i64>,
    pub stop_loss: Option<i64>,
    pub status: i64,
    pub high_water: i64,
    pub shared: i64,
    pub owed: i64,
    pub settled_day: i64,
    pub end_reason: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
    pub ended_at: Option<i64>,
}

pub const FOLLOW_COLUMNS: &str = "id, trader_id, user_id, mode, amount, max_margin, tp_ppm, sl_ppm, stop_loss, status, high_water, shared, owed, settled_day, end_reason, created_at, updated_at, ended_at";

impl FollowRow {
    pub fn terms(&self) -> FollowTerms {
        FollowTerms {
            id: self.id,
            user: self.user_id,
            terms: Terms {
                mode: if self.mode == follow::LOTS {
                    Mode::FixedLots {
                        centilots: self.amount,
                    }
                } else {
                    Mode::Multiple { ppm: self.amount }
                },
                max_margin: self.max_margin,
            },
            tp_ppm: self.tp_ppm,
            sl_ppm: self.sl_ppm,
        }
    }
}

/// What a follower chose: the terms of a new or edited follow.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FollowInput {
    pub mode: i64,
    pub amount: i64,
    pub max_margin: i64,
    pub tp_ppm: Option<i64>,
    pub sl_ppm: Option<i64>,
    pub stop_loss: Option<i64>,
}

pub async fn trader_row(db: &Store, trader: i64) -> Result<Option<TraderRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {TRADER_COLUMNS} FROM copy_traders WHERE user_id = $1"
    ))
    .bind(trader)
    .fetch_optional(&**db)
    .await
}

pub async fn live_follows(db: &Store, trader: i64) -> Result<Vec<FollowRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {FOLLOW_COLUMNS} FROM copy_follows WHERE trader_id = $1 AND status <> 3 ORDER BY id"
    ))
    .bind(trader)
    .fetch_all(&**db)
    .await
}

pub async fn follow_row(db: &Store, id: i64) -> Result<Option<FollowRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {FOLLOW_COLUMNS} FROM copy_follows WHERE id = $1"
    ))
    .bind(id)
    .fetch_optional(&**db)
    .await
}

/// Starts a follow; a second live follow of the same trader by the same user
/// is refused by the database's unique index.
pub async fn insert_follow(
    db: &Store,
    trader: i64,
    user: i64,
    f: &FollowInput,
    now: i64,
) -> Result<i64, ProductError> {
    let mut tx = db.begin().await?;
    let res: Result<(i64,), sqlx::Error> = sqlx::query_as(
        "INSERT INTO copy_follows (trader_id, user_id, mode, amount, max_margin, tp_ppm, sl_ppm, stop_loss, status, settled_day, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 1, $9, $10, $10) RETURNING id",
    )
    .bind(trader)
    .bind(user)
    .bind(f.mode)
    .bind(f.amount)
    .bind(f.max_margin)
    .bind(f.tp_ppm)
    .bind(f.sl_ppm)
    .bind(f.stop_loss)
    .bind(now.div_euclid(86_400_000))
    .bind(now)
    .fetch_one(&mut *tx)
    .await;
    match res {
        Ok((id,)) => {
            tx.commit().await?;
            Ok(id)
        }
        Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
            Err(ProductError::Conflict("err_follow_twice"))
        }
        Err(e) => Err(e.into()),
    }
}

pub async fn update_follow(
    db: &Store,
    id: i64,
    f: &FollowInput,
    now: i64,
) -> Result<(), ProductError> {
    let mut tx = db.begin().await?;
    sqlx::query(
        "UPDATE copy_follows SET mode = $1, amount = $2, max_margin = $3, tp_ppm = $4, sl_ppm = $5, stop_loss = $6, status = 2, updated_at = $7
         WHERE id = $8 AND status <> 3",
    )
    .bind(f.mode)
    .bind(f.amount)
    .bind(f.max_margin)
    .bind(f.tp_ppm)
    .bind(f.sl_ppm)
    .bind(f.stop_loss)
    .bind(now)
    .bind(id)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(())
}

/// Ends the follow and settles the trader's last share, in one step taken
/// once: the follow leaving its live state is the guard, so a kill before the
/// commit leaves it live and whole, and a second end finds nothing to do.
/// Answers the share paid; None when the follow had ended already.
pub async fn end_follow(
    db: &Store,
    id: i64,
    reason: &str,
    share_ppm: i64,
    quote: i64,
    now: i64,
) -> Result<Option<i64>, ProductError> {
    let guard = format!(
        "UPDATE copy_follows SET status = {} WHERE id = {id} AND status <> {}",
        follow::CANCELLED,
        follow::CANCELLED
    );
    let Some(mut tx) = db.begin_if(&guard).await? else {
        return Ok(None);
    };
    sqlx::query(
        "UPDATE copy_follows SET end_reason = $1, ended_at = $2, updated_at = $2 WHERE id = $3",
    )
    .bind(reason)
    .bind(now)
    .bind(id)
    .execute(&mut *tx)
    .await?;
    let step = ShareStep {
        follow: id,
        share_ppm,
        quote,
        day: now.div_euclid(86_400_000),
        now,
    };
    let paid = share_in(&mut tx, step).await?;
    tx.commit().await?;
    Ok(Some(paid))
}

/// One settlement of a follow's share: the follow, the trader's rate, the
/// coin, the day it settles and the time it is written.
#[derive(Debug, Clone, Copy)]
pub struct ShareStep {
    pub follow: i64,
    pub share_ppm: i64,
    pub quote: i64,
    pub day: i64,
    pub now: i64,
}

/// The realised copy profit after fees per follow, of the follows listed after it.
const REALISED_OF: &str =
    "SELECT follow_id, CAST(COALESCE(SUM(profit - fee - overnight), 0) AS BIGINT) FROM lever_orders
     WHERE status = 3 AND self_held = 0 AND follow_id IN";

/// The realised copy profit after fees of each of `follows` (copies held as
/// one's own are the follower's alone and do not count).
pub async fn realised(db: &Store, follows: &[i64]) -> Result<Vec<(i64, i64)>, sqlx::Error> {
    let mut out = Vec::new();
    for chunk in follows.chunks(500) {
        let list = chunk
            .iter()
            .map(|i| i.to_string())
            .collect::<Vec<_>>()
            .join(",");
        let rows: Vec<(i64, i64)> =
            sqlx::query_as(&format!("{REALISED_OF} ({list}) GROUP BY follow_id"))
                .fetch_all(&**db)
                .await?;
        out.extend(rows);
    }
    Ok(out)
}

/// Settles the trader's share of a live follow's profit for `day`, once:
/// see [`day_step`]. Answers the amount paid; None when the day was settled
/// already or the follow has ended.
pub async fn settle_share(db: &Store, step: ShareStep) -> Result<Option<i64>, ProductError> {
    let Some((tx, paid)) = day_step(db, step).await? else {
        return Ok(None);
    };
    tx.commit().await?;
    Ok(Some(paid))
}

/// A day's settlement, written and not yet committed. Its guard moves the
/// follow's `settled_day` to `day` first, so every read after it sees the
/// follow as this step leaves it and a second settlement of the day (a
/// retry, a second node) finds nothing to do; dropped uncommitted, as a kill
/// leaves it, nothing of it stays.
pub async fn day_step(
    db: &Store,
    step: ShareStep,
) -> Result<Option<(crate::sql::WriteTx, i64)>, ProductError> {
    let (follow_id, day) = (step.follow, step.day);
    let guard = format!(
        "UPDATE copy_follows SET settled_day = {day} WHERE id = {follow_id} AND settled_day < {day} AND status <> {}",
        follow::CANCELLED
    );
    let Some(mut tx) = db.begin_if(&guard).await? else {
        return Ok(None);
    };
    let paid = share_in(&mut tx, step).await?;
    Ok(Some((tx, paid)))
}

/// The trader's share of a follow's profit above its high-water mark (and any
/// share still owed), inside the step's transaction: paid from the follower's
/// contract account to the trader's, as far as the follower's available
/// balance covers, in whole steps of the coin; the rest stays owed. Every
/// figure is read in the transaction, after the step's guard.
async fn share_in(tx: &mut crate::sql::WriteTx, step: ShareStep) -> Result<i64, ProductError> {
    let ShareStep {
        follow: follow_id,
        share_ppm,
        quote,
        day,
        now,
    } = step;
    let f: FollowRow = sqlx::query_as(&format!(
        "SELECT {FOLLOW_COLUMNS} FROM copy_follows WHERE id = $1"
    ))
    .bind(follow_id)
    .fetch_optional(&mut **tx)
    .await?
    .ok_or(ProductError::NotFound("err_follow_not_found"))?;
    let realised = format!("{REALISED_OF} ({follow_id}) GROUP BY follow_id");
    let realised = tx
        .db()
        .rows::<2>(&realised, &[])
        .await?
        .first()
        .map_or(0, |r| r[1]);
    let mut hw = HighWater {
        realised,
        mark: f.high_water,
    };
    let due = hw.settle(share_ppm).saturating_add(f.owed);
    let available = format!(
        "SELECT available FROM balances WHERE holder = {} AND currency = {quote} AND account = {}",
        f.user_id,
        account::LEVER
    );
    let available = tx
        .db()
        .rows::<1>(&available, &[])
        .await?
        .first()
        .map_or(0, |r| r[0]);
    let paid = precision::down(quote, due.min(available.max(0)));
    sqlx::query(
        "UPDATE copy_follows SET high_water = $1, shared = shared + $2, owed = $3, settled_day = $4 WHERE id = $5",
    )
    .bind(hw.mark)
    .bind(paid)
    .bind(due - paid)
    .bind(day)
    .bind(f.id)
    .execute(&mut **tx)
    .await?;
    if paid > 0 {
        sqlx::query(
            "INSERT INTO copy_shares (follow_id, trader_id, user_id, amount, created_at) VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(f.id)
        .bind(f.trader_id)
        .bind(f.user_id)
        .bind(paid)
        .bind(now)
        .execute(&mut **tx)
        .await?;
        let op = Operation {
            // The step's own key: the payment that takes this follow's
            // shares past what they were (every payment moves them up).
            key: format!("copy_share:{}:{}", f.id, f.shared),
            reason: "copy_share".into(),
            ref_type: "copy_follow".into(),
            ref_id: f.id,
            postings: vec![
                Posting::user(f.user_id, account::LEVER, quote, Bucket::Available, -paid),
                Posting::user(f.trader_id, account::LEVER, quote, Bucket::Available, paid),
            ],
        };
        crate::ledger::post_all(&mut tx.db(), &[op])
            .await
            .map_err(ledger_err)?;
    }
    Ok(paid)
}

/// Sets the trader's state (pause, resume, retire).
pub async fn set_trader_status(db: &Store, trader: i64, status: i64) -> Result<(), ProductError> {
    let mut tx = db.begin().await?;
    let sql = format!(
        "UPDATE copy_traders SET status = {status} WHERE user_id = {}",
        tx.db().params().list(1, 1)
    );
    tx.db().execute(&sql, &[Arg::Int(trader)]).await?;
    tx.commit().await?;
    Ok(())
}
