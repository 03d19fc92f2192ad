//! What the trader screens read: the trader list and a trader's page
//! (positions, history, followers and the measured copy quality). Both show
//! the trader's figures as the trader's actor last computed and stored them
//! (`actors::copy::stats`), with that time: one computation, so the list
//! and the page agree.

use super::follows::{follows_where, FollowView};
use crate::error::{ApiError, ApiResult, Kind};
use crate::extract::Paging;
use crate::funds::units;
use crate::params::Paged;
use crate::state::AppState;
use ::actors::copy::stats::Figures;
use serde::Serialize;
use utoipa::ToSchema;

/// A rate in millionths as a percent string with two decimals.
pub(crate) fn pct(ppm: i64) -> String {
    format!("{:.2}", ppm as f64 / 10_000.0)
}

fn day_text(day: i64) -> String {
    chrono::DateTime::from_timestamp(day * 86_400, 0)
        .map(|d| d.format("%Y-%m-%d").to_string())
        .unwrap_or_default()
}

/// A trader as the list and the page show them. Money is decimal strings
/// in the contracts' coin; rates are percents with two decimals, null when
/// there is nothing to compute them from yet.
#[derive(Serialize, ToSchema)]
pub struct TraderCard {
    pub trader_id: i64,
    pub name: String,
    pub intro: String,
    pub avatar: String,
    /// Percent of followers' profit above their high-water mark.
    pub share_rate: String,
    pub followers: i64,
    pub max_followers: i64,
    /// 1 open to new follows, 3 paused.
    pub status: i64,
    pub total_profit: String,
    pub accuracy: Option<String>,
    pub return_7d: Option<String>,
    pub return_30d: Option<String>,
    pub return_90d: Option<String>,
    pub return_all: Option<String>,
    pub profitable: i64,
    pub closed: i64,
    pub open_positions: i64,
    pub yesterday_profit: String,
    /// When the figures were computed (milliseconds), 0 before the first time.
    pub computed_at: i64,
}

#[derive(sqlx::FromRow)]
struct TraderListRow {
    user_id: i64,
    name: String,
    intro: String,
    head_portrait: String,
    share_ppm: i64,
    max_followers: i64,
    status: i64,
    stats: Option<String>,
    followers: i64,
}

const LIST_SQL: &str = "SELECT t.user_id, t.name, t.intro, u.head_portrait, t.share_ppm, t.max_followers, t.status, t.stats,
    (SELECT COUNT(*) FROM copy_follows f WHERE f.trader_id = t.user_id AND f.status <> 3) AS followers
    FROM copy_traders t JOIN users u ON u.id = t.user_id WHERE t.status IN (1, 3)";

/// The figures stored with a trader (none before the first computation).
fn stored(r: &TraderListRow) -> Figures {
    r.stats
        .as_deref()
        .and_then(|s| serde_json::from_str(s).ok())
        .unwrap_or_default()
}

fn card(r: TraderListRow, f: &Figures) -> TraderCard {
    TraderCard {
        trader_id: r.user_id,
        name: r.name,
        intro: r.intro,
        avatar: r.head_portrait,
        share_rate: pct(r.share_ppm),
        followers: r.followers,
        max_followers: r.max_followers,
        status: r.status,
        total_profit: units(f.total_profit),
        accuracy: f.accuracy_bp.map(|b| pct(b * 100)),
        return_7d: f.return_7d_ppm.map(pct),
        return_30d: f.return_30d_ppm.map(pct),
        return_90d: f.return_90d_ppm.map(pct),
        return_all: f.return_all_ppm.map(pct),
        profitable: f.profitable,
        closed: f.closed,
        open_positions: f.open_positions,
        yesterday_profit: units(f.yesterday_profit),
        computed_at: f.computed_at,
    }
}

/// How the list is ordered.
#[derive(Clone, Copy)]
pub enum Sort {
    Return30,
    Profit,
    Accuracy,
    Followers,
}

/// The trader list: every trader who leads, best first by `sort`, only
/// those with room for another follower when `room`.
pub async fn list(
    state: &AppState,
    sort: Sort,
    room: bool,
    paging: Paging,
) -> ApiResult<Paged<TraderCard>> {
    let rows: Vec<TraderListRow> = sqlx::query_as(LIST_SQL).fetch_all(&state.db).await?;
    let mut cards: Vec<(TraderCard, Figures)> = rows
        .into_iter()
        .filter(|r| !room || (r.status == 1 && r.followers < r.max_followers))
        .map(|r| {
            let f = stored(&r);
            (card(r, &f), f)
        })
        .collect();
    cards.sort_by_key(|(c, f)| {
        std::cmp::Reverse(match sort {
            Sort::Return30 => f.return_30d_ppm.unwrap_or(i64::MIN),
            Sort::Profit => f.total_profit,
            Sort::Accuracy => f.accuracy_bp.unwrap_or(-1),
            Sort::Followers => c.followers,
        })
    });
    let total = cards.len() as i64;
    let data = cards
        .into_iter()
        .skip(usize::try_from(paging.offset()).unwrap_or(usize::MAX))
        .take(paging.limit as usize)
        .map(|c| c.0)
        .collect();
    Ok(Paged::of(paging, data, total))
}

/// One day of the trader's page's charts.
#[derive(Serialize, ToSchema)]
pub struct DayPoint {
    /// `YYYY-MM-DD` (UTC).
    pub day: String,
    /// The day's realised profit (daily chart) or the cumulative rate of
    /// return in percent (curve).
    pub value: String,
}

/// How exactly copies follow this trader, measured over every copy.
#[derive(Serialize, ToSchema)]
pub struct CopyQuality {
    /// Copies opened.
    pub copies: i64,
    /// The largest difference between a copy's open price and its leader's
    /// (zero by construction: copies open in the leader's transaction).
    pub max_price_diff: String,
    /// From the leader's fill to the copies' commit, in milliseconds, over
    /// the last 1,000 copied opens and closes; null before any.
    pub latency_p50_ms: Option<i64>,
    pub latency_p99_ms: Option<i64>,
}

/// A trader's page.
#[derive(Serialize, ToSchema)]
pub struct TraderDetail {
    pub trader: TraderCard,
    pub daily: Vec<DayPoint>,
    pub curve: Vec<DayPoint>,
    pub quality: CopyQuality,
    /// The viewer's live follow of this trader, if any.
    pub my_follow: Option<FollowView>,
}

/// The trader's page, its figures those the list shows.
pub async fn detail(
    state: &AppState,
    trader_id: i64,
    viewer: Option<i64>,
) -> ApiResult<TraderDetail> {
    let row: TraderListRow = sqlx::query_as(&format!("{LIST_SQL} AND t.user_id = $1"))
        .bind(trader_id)
        .fetch_optional(&state.db)
        .await?
        .ok_or_else(|| ApiError::new(Kind::NotFound, "err_trader_not_found"))?;
    let f = stored(&row);
    let points = |v: &[(i64, i64)], value: fn(i64) -> String| -> Vec<DayPoint> {
        v.iter()
            .map(|(d, x)| DayPoint {
                day: day_text(*d),
                value: value(*x),
            })
            .collect()
    };
    let (daily, curve) = (points(&f.daily, units), points(&f.curve, pct));
    let quality = quality(state, trader_id).await?;
    let my_follow = match viewer {
        Some(u) => {
            let rows = follows_where(
                state,
                "f.trader_id = $1 AND f.user_id = $2 AND f.status <> 3",
                trader_id,
                u,
                Paging { page: 1, limit: 1 },
            )
            .await?;
            rows.data.into_iter().next()
        }
        None => None,
    };
    Ok(TraderDetail {
        trader: card(row, &f),
        daily,
        curve,
        quality,
        my_follow,
    })
}

async fn quality(state: &AppState, trader_id: i64) -> ApiResult<CopyQuality> {
    let (copies, diff): (i64, Option<i64>) = sqlx::query_as(
        "SELECT COUNT(*), MAX(ABS(c.open_price - l.open_price)) FROM lever_orders c JOIN lever_orders l ON l.id = c.copy_of WHERE l.user_id = $1",
    )
    .bind(trader_id)
    .fetch_one(&state.db)
    .await?;
    let mut lat: Vec<(i64,)> = sqlx::query_as(
        "SELECT committed_at - filled_at FROM copy_batches WHERE trader_id = $1 AND committed_at IS NOT NULL ORDER BY id DESC LIMIT 1000",
    )
    .bind(trader_id)
    .fetch_all(&state.db)
    .await?;
    lat.sort_unstable();
    let at =
        |q: usize| -> Option<i64> { (!lat.is_empty()).then(|| lat[((lat.len() - 1) * q) / 100].0) };
    Ok(CopyQuality {
        copies,
        max_price_diff: units(diff.unwrap_or(0)),
        latency_p50_ms: at(50),
        latency_p99_ms: at(99),
    })
}

/// A leader's position as the trader page's lists show it.
#[derive(Serialize, ToSchema, sqlx::FromRow)]
pub struct LeadTrade {
    pub id: i64,
    pub market: i64,
    /// 1 long, 2 short.
    pub direction: i64,
    /// 1 holding, 3 closed.
    pub status: i64,
    pub share: i64,
    pub multiple: i64,
    pub open_price: i64,
    pub close_price: Option<i64>,
    pub profit: Option<i64>,
    pub opened_at: Option<i64>,
    pub closed_at: Option<i64>,
    /// Copies made of it.
    pub copies: i64,
}

/// A leader's position for the app: prices and profit as decimal strings.
#[derive(Serialize, ToSchema)]
pub struct LeadTradeView {
    pub id: i64,
    pub symbol: String,
    #[serde(rename = "type")]
    pub direction: i64,
    pub status: i64,
    pub share: i64,
    pub multiple: i64,
    pub open_price: String,
    pub close_price: Option<String>,
    pub profit: Option<String>,
    pub opened_at: Option<i64>,
    pub closed_at: Option<i64>,
    pub copies: i64,
}

/// The trader's positions: open (`history` false) or closed, newest first.
pub async fn trades(
    state: &AppState,
    trader_id: i64,
    history: bool,
    paging: Paging,
) -> ApiResult<Paged<LeadTradeView>> {
    let status = if history { 3 } else { 1 };
    let page: Paged<LeadTrade> = crate::db::paged(
        &state.db,
        "lever_orders",
        "id, market, direction, status, share, multiple, open_price, close_price, profit, opened_at, closed_at,
         (SELECT COUNT(*) FROM lever_orders c WHERE c.copy_of = lever_orders.id) AS copies",
        &format!("user_id = $1 AND status = {status}"),
        Some(trader_id),
        paging,
    )
    .await?;
    Ok(page.map(|r| LeadTradeView {
        id: r.id,
        symbol: symbol(state, r.market),
        direction: r.direction,
        status: r.status,
        share: r.share,
        multiple: r.multiple,
        open_price: units(r.open_price),
        close_price: r.close_price.map(units),
        profit: r.profit.map(units),
        opened_at: r.opened_at,
        closed_at: r.closed_at,
        copies: r.copies,
    }))
}

pub(crate) fn symbol(state: &AppState, market: i64) -> String {
    state
        .markets
        .by_id(market)
        .map(|m| m.spec.symbol.clone())
        .unwrap_or_default()
}

/// A trader's followers, their accounts masked.
#[derive(Serialize, ToSchema, sqlx::FromRow)]
pub struct Follower {
    pub nickname: String,
    pub since: i64,
}

pub async fn followers(
    state: &AppState,
    trader_id: i64,
    paging: Paging,
) -> ApiResult<Paged<Follower>> {
    let (total,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM copy_follows WHERE trader_id = $1 AND status <> 3")
            .bind(trader_id)
            .fetch_one(&state.db)
            .await?;
    let rows: Vec<(String, i64)> = sqlx::query_as(
        "SELECT u.nickname, f.created_at FROM copy_follows f JOIN users u ON u.id = f.user_id
         WHERE f.trader_id = $1 AND f.status <> 3 ORDER BY f.id DESC LIMIT $2 OFFSET $3",
    )
    .bind(trader_id)
    .bind(paging.limit)
    .bind(paging.offset())
    .fetch_all(&state.db)
    .await?;
    let data = rows
        .into_iter()
        .map(|(n, since)| Follower {
            nickname: crate::validate::mask(&n),
            since,
        })
        .collect();
    Ok(Paged::of(paging, data, total))
}
