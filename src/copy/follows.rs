//! What a follower and an applicant read: their follows, the receipts of
//! their copies, the copies skipped and why, their own application; and the
//! admin's list of applications.

use super::views::{pct, symbol};
use crate::error::{ApiError, ApiResult, Kind};
use crate::extract::Paging;
use crate::funds::units;
use crate::params::Paged;
use crate::state::AppState;
use ::actors::copy::store::{FollowRow, FOLLOW_COLUMNS};
use ::actors::lever::math::{profit, Dir};
use serde::Serialize;
use std::collections::hash_map::{Entry, HashMap};
use utoipa::ToSchema;

/// A follow as its follower sees it.
#[derive(Serialize, ToSchema)]
pub struct FollowView {
    pub id: i64,
    pub trader_id: i64,
    pub trader_name: String,
    /// 1 a multiple of the leader's lots, 2 fixed lots.
    pub mode: i64,
    /// The multiple, or the lots.
    pub amount: String,
    pub max_margin: String,
    /// Percent returns on each copy's margin; null for none.
    pub tp_ratio: Option<String>,
    pub sl_ratio: Option<String>,
    pub stop_loss: Option<String>,
    /// 1 following, 2 edited, 3 cancelled.
    pub status: i64,
    /// Realised copy profit after fees (copies held as one's own aside).
    pub realised: String,
    /// Profit share paid to the trader so far, and still owed.
    pub shared: String,
    pub owed: String,
    /// Copies open now.
    pub open_copies: i64,
    /// Why it ended: cancel_close, cancel_keep, stop_loss, trader_retired.
    pub end_reason: Option<String>,
    pub created_at: i64,
    pub ended_at: Option<i64>,
}

#[derive(sqlx::FromRow)]
struct FollowListRow {
    #[sqlx(flatten)]
    f: FollowRow,
    trader_name: String,
    open_copies: i64,
    live_realised: i64,
}

fn follow_view(r: FollowListRow) -> FollowView {
    let f = r.f;
    let amount = if f.mode == ::actors::copy::store::follow::LOTS {
        rust_decimal::Decimal::new(f.amount, 2)
            .normalize()
            .to_string()
    } else {
        rust_decimal::Decimal::new(f.amount, 6)
            .normalize()
            .to_string()
    };
    FollowView {
        id: f.id,
        trader_id: f.trader_id,
        trader_name: r.trader_name,
        mode: f.mode,
        amount,
        max_margin: units(f.max_margin),
        tp_ratio: f.tp_ppm.map(pct),
        sl_ratio: f.sl_ppm.map(pct),
        stop_loss: f.stop_loss.map(units),
        status: f.status,
        realised: units(r.live_realised),
        shared: units(f.shared),
        owed: units(f.owed),
        open_copies: r.open_copies,
        end_reason: f.end_reason,
        created_at: f.created_at,
        ended_at: f.ended_at,
    }
}

pub(crate) async fn follows_where(
    state: &AppState,
    filter: &str,
    a: i64,
    b: i64,
    paging: Paging,
) -> ApiResult<Paged<FollowView>> {
    let cols = FOLLOW_COLUMNS
        .split(", ")
        .map(|c| format!("f.{c}"))
        .collect::<Vec<_>>()
        .join(", ");
    let (total,): (i64,) = sqlx::query_as(&format!(
        "SELECT COUNT(*) FROM copy_follows f WHERE {filter}"
    ))
    .bind(a)
    .bind(b)
    .fetch_one(&state.db)
    .await?;
    let rows: Vec<FollowListRow> = sqlx::query_as(&format!(
        "SELECT {cols}, t.name AS trader_name,
         (SELECT COUNT(*) FROM lever_orders o WHERE o.follow_id = f.id AND o.status = 1 AND o.self_held = 0) AS open_copies,
         (SELECT CAST(COALESCE(SUM(o.profit - o.fee - o.overnight), 0) AS BIGINT) FROM lever_orders o
          WHERE o.follow_id = f.id AND o.status = 3 AND o.self_held = 0) AS live_realised
         FROM copy_follows f JOIN copy_traders t ON t.user_id = f.trader_id WHERE {filter} ORDER BY f.id DESC LIMIT $3 OFFSET $4"
    ))
    .bind(a)
    .bind(b)
    .bind(paging.limit)
    .bind(paging.offset())
    .fetch_all(&state.db)
    .await?;
    let data = rows.into_iter().map(follow_view).collect();
    Ok(Paged::of(paging, data, total))
}

/// One follow as its follower sees it.
pub async fn follow_by_id(state: &AppState, id: i64) -> ApiResult<FollowView> {
    follows_where(
        state,
        "f.id = $1 AND f.trader_id <> $2",
        id,
        0,
        Paging { page: 1, limit: 1 },
    )
    .await?
    .data
    .into_iter()
    .next()
    .ok_or_else(|| ApiError::new(Kind::NotFound, "err_follow_not_found"))
}

/// The caller's follows: current (following or edited) or history (cancelled).
pub async fn my_follows(
    state: &AppState,
    user: i64,
    history: bool,
    paging: Paging,
) -> ApiResult<Paged<FollowView>> {
    let filter = if history {
        "f.user_id = $1 AND f.status = 3 AND f.trader_id <> $2"
    } else {
        "f.user_id = $1 AND f.status <> 3 AND f.trader_id <> $2"
    };
    follows_where(state, filter, user, 0, paging).await
}

/// A copied position beside the leader's position it copies.
#[derive(Serialize, ToSchema)]
pub struct Receipt {
    pub id: i64,
    pub symbol: String,
    #[serde(rename = "type")]
    pub direction: i64,
    /// 1 holding, 3 closed.
    pub status: i64,
    pub lots: String,
    pub multiple: i64,
    /// The margin the copy holds.
    pub margin: String,
    pub open_price: String,
    /// While open: the market's mark price and the copy's unrealised profit
    /// against it, as the contract screens show a position (the
    /// `lever_trade` event brings both live); null once closed.
    pub mark_price: Option<String>,
    pub unrealised: Option<String>,
    pub opened_at: Option<i64>,
    pub close_price: Option<String>,
    pub closed_at: Option<i64>,
    pub profit: Option<String>,
    pub close_reason: Option<String>,
    /// 1 once held as the follower's own.
    pub self_held: i64,
    pub lead_id: i64,
    pub lead_lots: i64,
    pub lead_open_price: String,
    pub lead_opened_at: Option<i64>,
    pub lead_close_price: Option<String>,
    pub lead_closed_at: Option<i64>,
}

#[derive(sqlx::FromRow)]
struct ReceiptRow {
    id: i64,
    market: i64,
    direction: i64,
    status: i64,
    centilots: i64,
    multiple: i64,
    qty: i64,
    margin: i64,
    open_price: i64,
    opened_at: Option<i64>,
    close_price: Option<i64>,
    closed_at: Option<i64>,
    profit: Option<i64>,
    close_reason: Option<String>,
    self_held: i64,
    lead_id: i64,
    lead_share: i64,
    lead_open_price: i64,
    lead_opened_at: Option<i64>,
    lead_close_price: Option<i64>,
    lead_closed_at: Option<i64>,
}

/// The caller's copies, of one follow or all, newest first.
pub async fn receipts(
    state: &AppState,
    user: i64,
    follow_id: Option<i64>,
    paging: Paging,
) -> ApiResult<Paged<Receipt>> {
    let filter = "c.user_id = $1 AND c.copy_of IS NOT NULL AND (CAST($2 AS BIGINT) IS NULL OR c.follow_id = $2)";
    let (total,): (i64,) = sqlx::query_as(&format!(
        "SELECT COUNT(*) FROM lever_orders c WHERE {filter}"
    ))
    .bind(user)
    .bind(follow_id)
    .fetch_one(&state.db)
    .await?;
    let rows: Vec<ReceiptRow> = sqlx::query_as(&format!(
        "SELECT c.id, c.market, c.direction, c.status, c.centilots, c.multiple, c.qty, c.margin, c.open_price, c.opened_at, c.close_price, c.closed_at,
         c.profit, c.close_reason, c.self_held, l.id AS lead_id, l.share AS lead_share, l.open_price AS lead_open_price,
         l.opened_at AS lead_opened_at, l.close_price AS lead_close_price, l.closed_at AS lead_closed_at
         FROM lever_orders c JOIN lever_orders l ON l.id = c.copy_of WHERE {filter} ORDER BY c.id DESC LIMIT $3 OFFSET $4"
    ))
    .bind(user)
    .bind(follow_id)
    .bind(paging.limit)
    .bind(paging.offset())
    .fetch_all(&state.db)
    .await?;
    let mut marks: HashMap<i64, Option<i64>> = HashMap::new();
    for r in rows.iter().filter(|r| r.status == 1) {
        if let (Entry::Vacant(e), Some(m)) = (marks.entry(r.market), state.markets.by_id(r.market))
        {
            e.insert(crate::api::derivatives::mark(m).await);
        }
    }
    let data = rows
        .into_iter()
        .map(|r| {
            let mark = marks
                .get(&r.market)
                .copied()
                .flatten()
                .filter(|_| r.status == 1);
            let dir = if r.direction == 1 {
                Dir::Long
            } else {
                Dir::Short
            };
            Receipt {
                id: r.id,
                symbol: symbol(state, r.market),
                direction: r.direction,
                status: r.status,
                lots: rust_decimal::Decimal::new(r.centilots, 2)
                    .normalize()
                    .to_string(),
                multiple: r.multiple,
                margin: units(r.margin),
                open_price: units(r.open_price),
                mark_price: mark.map(units),
                unrealised: mark.map(|m| units(profit(dir, r.open_price, m, r.qty))),
                opened_at: r.opened_at,
                close_price: r.close_price.map(units),
                closed_at: r.closed_at,
                profit: r.profit.map(units),
                close_reason: r.close_reason,
                self_held: r.self_held,
                lead_id: r.lead_id,
                lead_lots: r.lead_share,
                lead_open_price: units(r.lead_open_price),
                lead_opened_at: r.lead_opened_at,
                lead_close_price: r.lead_close_price.map(units),
                lead_closed_at: r.lead_closed_at,
            }
        })
        .collect();
    Ok(Paged::of(paging, data, total))
}

/// A copy that was not made, and why.
#[derive(Serialize, ToSchema, sqlx::FromRow)]
pub struct Skipped {
    pub id: i64,
    pub follow_id: i64,
    pub lead_id: i64,
    /// too_small, over_cap or insufficient_margin.
    pub reason: String,
    pub created_at: i64,
}

/// The caller's skipped copies, newest first.
pub async fn skips(state: &AppState, user: i64, paging: Paging) -> ApiResult<Paged<Skipped>> {
    Ok(crate::db::paged(
        &state.db,
        "copy_skips",
        "id, follow_id, lead_id, reason, created_at",
        "user_id = $1",
        Some(user),
        paging,
    )
    .await?)
}

/// The caller's own application or trader state.
#[derive(Serialize, ToSchema)]
pub struct MyTrader {
    /// 0 applied, 1 approved, 2 rejected, 3 paused, 4 retired.
    pub status: i64,
    pub name: String,
    pub intro: String,
    pub share_rate: String,
    pub max_followers: i64,
    pub reject_reason: Option<String>,
    pub followers: i64,
    /// Profit shares received so far.
    pub shares_received: String,
    pub created_at: i64,
}

#[derive(sqlx::FromRow)]
struct MyTraderRow {
    status: i64,
    name: String,
    intro: String,
    share_ppm: i64,
    max_followers: i64,
    reject_reason: Option<String>,
    created_at: i64,
    followers: i64,
    shares: i64,
}

pub async fn my_trader(state: &AppState, user: i64) -> ApiResult<Option<MyTrader>> {
    let row: Option<MyTraderRow> = sqlx::query_as(
        "SELECT t.status, t.name, t.intro, t.share_ppm, t.max_followers, t.reject_reason, t.created_at,
         (SELECT COUNT(*) FROM copy_follows f WHERE f.trader_id = t.user_id AND f.status <> 3) AS followers,
         (SELECT CAST(COALESCE(SUM(amount), 0) AS BIGINT) FROM copy_shares s WHERE s.trader_id = t.user_id) AS shares
         FROM copy_traders t WHERE t.user_id = $1",
    )
    .bind(user)
    .fetch_optional(&state.db)
    .await?;
    Ok(row.map(|r| MyTrader {
        status: r.status,
        name: r.name,
        intro: r.intro,
        share_rate: pct(r.share_ppm),
        max_followers: r.max_followers,
        reject_reason: r.reject_reason,
        followers: r.followers,
        shares_received: units(r.shares),
        created_at: r.created_at,
    }))
}

/// An application as the admin review desk sees it.
#[derive(Serialize, ToSchema, sqlx::FromRow)]
pub struct Application {
    pub user_id: i64,
    pub name: String,
    pub intro: String,
    pub share_ppm: i64,
    pub max_followers: i64,
    /// 0 applied, 1 approved, 2 rejected, 3 paused, 4 retired.
    pub status: i64,
    pub reject_reason: Option<String>,
    pub created_at: i64,
    pub reviewed_at: Option<i64>,
    /// The intro in the other languages (`intro` is the trader's own).
    #[sqlx(skip)]
    pub intros: Option<crate::texts::Texts>,
}

const APPLICATION_COLUMNS: &str =
    "user_id, name, intro, share_ppm, max_followers, status, reject_reason, created_at, reviewed_at";

/// One trader's application (or trader state) as the review desk sees it.
pub async fn application(state: &AppState, user: i64) -> ApiResult<Option<Application>> {
    Ok(sqlx::query_as(&format!(
        "SELECT {APPLICATION_COLUMNS} FROM copy_traders WHERE user_id = $1"
    ))
    .bind(user)
    .fetch_optional(&state.db)
    .await?)
}

/// Applications, pending first then newest.
pub async fn applications(
    state: &AppState,
    status: Option<i64>,
    paging: Paging,
) -> ApiResult<Paged<Application>> {
    let filter = "CAST($1 AS BIGINT) IS NULL OR status = $1";
    let (total,): (i64,) =
        sqlx::query_as(&format!("SELECT COUNT(*) FROM copy_traders WHERE {filter}"))
            .bind(status)
            .fetch_one(&state.db)
            .await?;
    let rows: Vec<Application> = sqlx::query_as(&format!(
        "SELECT {APPLICATION_COLUMNS}
         FROM copy_traders WHERE {filter} ORDER BY status = 0 DESC, created_at DESC LIMIT $2 OFFSET $3"
    ))
    .bind(status)
    .bind(paging.limit)
    .bind(paging.offset())
    .fetch_all(&state.db)
    .await?;
    Ok(Paged::of(paging, rows, total))
}
