//! Token sales (IEO): creating a sale (admins, and the configured demo
//! sales), subscribing through the sale's actor, the platform's review that
//! credits it, and what the sale screens read.

use super::{coin_name, unavailable};
use crate::config::IeoSettings;
use crate::db::now_ms;
use crate::error::{ApiError, ApiResult, Kind};
use crate::extract::Paging;
use crate::funds::{units, units_error};
use crate::params::Paged;
use crate::state::AppState;
use crate::texts::{Field, Texts};
use ::actors::earn::engine::DAY_MS;
use ::actors::earn::ieostore::{IeoOrderRow, ProjectRow, ORDER_COLUMNS, PROJECT_COLUMNS};
use ::actors::earn::{Credit, SubscribeSale};
use ::actors::money::to_units;
use rust_decimal::Decimal;
use serde::Serialize;
use utoipa::ToSchema;

const HOUR_MS: i64 = 3_600_000;

/// A sale's terms as an admin (or the configuration) gives them.
#[derive(Debug, Clone)]
pub struct NewProject {
    pub token: i64,
    pub name: String,
    pub intro: String,
    /// The intro in the other languages.
    pub intros: Texts,
    pub pay_currency: i64,
    pub price: i64,
    pub supply: i64,
    pub user_cap: i64,
    pub min_amount: i64,
    pub starts_at: i64,
    pub ends_at: i64,
    pub lock_ends_at: i64,
    pub cycle_ms: i64,
    pub cycles: i64,
    pub whitepaper: String,
    pub website: String,
}

fn link_ok(url: &str) -> bool {
    url.is_empty()
        || (url.starts_with("https://") && url.len() <= 200 && !url.contains(char::is_whitespace))
}

impl NewProject {
    /// A configured coin as the token, another as the pay currency, a
    /// price, a supply, a minimum within the cap within the supply, an end
    /// after the start, a lock that ends no sooner than the sale, at least
    /// one release, https links.
    pub fn check(&self, state: &AppState) -> ApiResult<()> {
        let known = |id: i64| state.settings.currencies.iter().any(|c| c.id == id);
        if !known(self.token) || !known(self.pay_currency) || self.token == self.pay_currency {
            return Err(ApiError::invalid("err_currency_invalid"));
        }
        let name = self.name.trim().chars().count();
        if !(2..=40).contains(&name) || self.intro.chars().count() > 500 {
            return Err(ApiError::invalid("err_ieo_text"));
        }
        if !(self.price > 0
            && self.supply > 0
            && 0 < self.min_amount
            && self.min_amount <= self.user_cap
            && self.user_cap <= self.supply)
        {
            return Err(ApiError::invalid("err_ieo_amounts"));
        }
        if !(self.starts_at < self.ends_at && self.lock_ends_at >= self.ends_at) {
            return Err(ApiError::invalid("err_ieo_times"));
        }
        if self.cycle_ms < 0 || !(1..=120).contains(&self.cycles) {
            return Err(ApiError::invalid("err_ieo_cycles"));
        }
        if !link_ok(&self.whitepaper) || !link_ok(&self.website) {
            return Err(ApiError::invalid("err_ieo_link"));
        }
        // What the whole supply costs fits the ledger's integers.
        if (self.supply as i128 * self.price as i128) / 100_000_000 >= i64::MAX as i128 {
            return Err(ApiError::invalid("err_ieo_terms"));
        }
        Ok(())
    }
}

/// Creates a sale and starts its actor; answers its id.
pub async fn create(state: &AppState, p: &NewProject) -> ApiResult<i64> {
    p.check(state)?;
    p.intros.check(Field::IeoIntro)?;
    let mut tx = state.db.begin().await?;
    let res: Result<(i64,), sqlx::Error> = sqlx::query_as(
        "INSERT INTO ieo_projects (name, intro, token, pay_currency, price, supply, user_cap, min_amount, starts_at, ends_at, lock_ends_at, cycle_ms, cycles, whitepaper, website, status, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, 0, $16) RETURNING id",
    )
    .bind(p.name.trim())
    .bind(p.intro.trim())
    .bind(p.token)
    .bind(p.pay_currency)
    .bind(p.price)
    .bind(p.supply)
    .bind(p.user_cap)
    .bind(p.min_amount)
    .bind(p.starts_at)
    .bind(p.ends_at)
    .bind(p.lock_ends_at)
    .bind(p.cycle_ms)
    .bind(p.cycles)
    .bind(&p.whitepaper)
    .bind(&p.website)
    .bind(now_ms())
    .fetch_one(&mut *tx)
    .await;
    let id = match res {
        Ok((id,)) => id,
        Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
            return Err(ApiError::invalid("err_ieo_token_taken"))
        }
        Err(e) => return Err(e.into()),
    };
    crate::texts::save(&mut tx, Field::IeoIntro, id, &p.intros).await?;
    tx.commit().await?;
    state.earn.run_project(id);
    Ok(id)
}

/// The configured sales whose token has none yet, timed from now.
pub async fn seed(state: &AppState, list: &[IeoSettings]) -> ApiResult<()> {
    let now = now_ms();
    for c in list {
        let known: Option<(i64,)> = sqlx::query_as("SELECT id FROM ieo_projects WHERE token = $1")
            .bind(c.token)
            .fetch_optional(&state.db)
            .await?;
        if known.is_some() {
            continue;
        }
        let u = |d: Decimal| to_units(d).map_err(units_error);
        let starts_at = now + c.starts_in_hours * HOUR_MS;
        let ends_at = starts_at + c.hours * HOUR_MS;
        create(
            state,
            &NewProject {
                token: c.token,
                name: c.name.clone(),
                intro: c.intro.clone(),
                intros: crate::texts::demo(&c.intro),
                pay_currency: c.pay_currency,
                price: u(c.price)?,
                supply: u(c.supply)?,
                user_cap: u(c.user_cap)?,
                min_amount: u(c.min_amount)?,
                starts_at,
                ends_at,
                lock_ends_at: ends_at + c.lock_days * DAY_MS,
                cycle_ms: c.cycle_days * DAY_MS,
                cycles: c.cycles,
                whitepaper: c.whitepaper.clone(),
                website: c.website.clone(),
            },
        )
        .await?;
    }
    Ok(())
}

/// Subscribes `amount` token units of sale `id`.
pub async fn subscribe(
    state: &AppState,
    user: i64,
    id: i64,
    amount: i64,
) -> ApiResult<IeoOrderRow> {
    state
        .earn
        .project(id)?
        .send(SubscribeSale { user, amount })
        .await
        .map_err(unavailable)?
        .map_err(ApiError::from)
}

/// The platform's review of an ended sale: credits it.
pub async fn credit(state: &AppState, id: i64) -> ApiResult<()> {
    state
        .earn
        .project(id)?
        .send(Credit)
        .await
        .map_err(unavailable)?
        .map_err(ApiError::from)
}

/// A sale as the screens show it.
#[derive(Serialize, ToSchema)]
pub struct Project {
    pub id: i64,
    pub name: String,
    pub intro: String,
    pub token_id: i64,
    pub token: String,
    pub pay_currency_id: i64,
    pub pay_currency: String,
    /// Pay currency per whole token.
    pub price: String,
    pub supply: String,
    pub user_cap: String,
    pub min_amount: String,
    /// Tokens asked by everyone so far.
    pub subscribed: String,
    pub subscribers: i64,
    pub remaining: String,
    /// subscribed / supply in percent: above 100 the sale is allocated pro rata.
    pub oversubscribed: String,
    pub starts_at: i64,
    pub ends_at: i64,
    pub lock_ends_at: i64,
    pub cycle_days: i64,
    pub cycles: i64,
    pub whitepaper: String,
    pub website: String,
    /// 0 warm-up, 1 in progress, 2 ended (allocated, awaiting review), 3 credited.
    pub status: i64,
    /// Percent of each ask granted, once ended.
    pub allocation_ratio: Option<String>,
    pub server_time: i64,
    /// The intro in the other languages (admins' answers only; `intro` is
    /// the English one there, the caller's language elsewhere).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub intros: Option<Texts>,
}

fn ratio(part: i64, whole: i64) -> String {
    if whole <= 0 {
        return "0.00".into();
    }
    format!(
        "{:.2}",
        Decimal::from(part) * Decimal::ONE_HUNDRED / Decimal::from(whole)
    )
}

fn project_view(state: &AppState, p: ProjectRow, now: i64) -> Project {
    // A sale opens by its time; it shows as ended once it is allocated.
    let status = p.due_status(now).min(1).max(p.status);
    Project {
        id: p.id,
        token: coin_name(state, p.token),
        pay_currency: coin_name(state, p.pay_currency),
        price: units(p.price),
        supply: units(p.supply),
        user_cap: units(p.user_cap),
        min_amount: units(p.min_amount),
        subscribed: units(p.subscribed),
        subscribers: p.subscribers,
        remaining: units((p.supply - p.subscribed).max(0)),
        oversubscribed: ratio(p.subscribed, p.supply),
        starts_at: p.starts_at,
        ends_at: p.ends_at,
        lock_ends_at: p.lock_ends_at,
        cycle_days: p.cycle_ms / DAY_MS,
        cycles: p.cycles,
        allocation_ratio: p.allocated.map(|a| {
            if p.subscribed == 0 {
                "100.00".into()
            } else {
                ratio(a, p.subscribed)
            }
        }),
        status,
        name: p.name,
        intro: p.intro,
        token_id: p.token,
        pay_currency_id: p.pay_currency,
        whitepaper: p.whitepaper,
        website: p.website,
        server_time: now,
        intros: None,
    }
}

async fn project_row(state: &AppState, id: i64) -> ApiResult<ProjectRow> {
    sqlx::query_as(&format!(
        "SELECT {PROJECT_COLUMNS} FROM ieo_projects WHERE id = $1"
    ))
    .bind(id)
    .fetch_optional(&state.db)
    .await?
    .ok_or_else(|| ApiError::new(Kind::NotFound, "err_ieo_not_found"))
}

/// The sales, newest first, of one state or all.
pub async fn projects(
    state: &AppState,
    status: Option<i64>,
    paging: Paging,
) -> ApiResult<Paged<Project>> {
    let filter = match status {
        Some(s) => format!("$1 = 1 AND status = {s}"),
        None => "$1 = 1".to_string(),
    };
    let page: Paged<ProjectRow> = crate::db::paged(
        &state.db,
        "ieo_projects",
        PROJECT_COLUMNS,
        &filter,
        Some(1),
        paging,
    )
    .await?;
    let now = now_ms();
    Ok(page.map(|p| project_view(state, p, now)))
}

/// The caller's totals in one sale.
#[derive(Serialize, ToSchema)]
pub struct MyTotals {
    pub asked: String,
    pub cost: String,
    pub allocated: Option<String>,
    pub refund: Option<String>,
    pub locked: String,
    pub released: String,
}

#[derive(Serialize, ToSchema)]
pub struct ProjectDetail {
    pub project: Project,
    pub mine: Option<MyTotals>,
}

pub async fn detail(state: &AppState, id: i64, viewer: Option<i64>) -> ApiResult<ProjectDetail> {
    let p = project_row(state, id).await?;
    let mine = match viewer {
        None => None,
        Some(user) => {
            let rows: Vec<IeoOrderRow> = sqlx::query_as(&format!(
                "SELECT {ORDER_COLUMNS} FROM ieo_orders WHERE project_id = $1 AND user_id = $2"
            ))
            .bind(id)
            .bind(user)
            .fetch_all(&state.db)
            .await?;
            let sum = |f: fn(&IeoOrderRow) -> i64| rows.iter().map(f).sum::<i64>();
            let ended = rows.iter().any(|o| o.allocated.is_some());
            Some(MyTotals {
                asked: units(sum(|o| o.amount)),
                cost: units(sum(|o| o.cost)),
                allocated: ended.then(|| units(sum(|o| o.allocated.unwrap_or(0)))),
                refund: ended.then(|| units(sum(|o| o.refund.unwrap_or(0)))),
                locked: units(sum(locked)),
                released: units(sum(|o| o.released)),
            })
        }
    };
    Ok(ProjectDetail {
        project: project_view(state, p, now_ms()),
        mine,
    })
}

/// Tokens credited and still locked.
fn locked(o: &IeoOrderRow) -> i64 {
    if o.status >= 2 {
        o.allocated.unwrap_or(0) - o.released
    } else {
        0
    }
}

/// A subscription as its owner sees it.
#[derive(Serialize, ToSchema)]
pub struct IeoOrder {
    pub id: i64,
    pub project_id: i64,
    pub name: String,
    pub token: String,
    pub pay_currency: String,
    pub price: String,
    /// Tokens asked.
    pub amount: String,
    /// Frozen when subscribing.
    pub cost: String,
    pub allocated: Option<String>,
    pub paid: Option<String>,
    pub refund: Option<String>,
    pub locked: String,
    pub released: String,
    pub next_release_at: Option<i64>,
    /// 0 subscribed, 1 allocated (awaiting review), 2 credited, 3 fully released.
    pub status: i64,
    /// The owner's own pro-rata line once allocated.
    pub calculation: Option<String>,
    pub created_at: i64,
}

/// The caller's subscriptions, newest first.
pub async fn orders(state: &AppState, user: i64, paging: Paging) -> ApiResult<Paged<IeoOrder>> {
    let page: Paged<IeoOrderRow> = crate::db::paged(
        &state.db,
        "ieo_orders",
        ORDER_COLUMNS,
        "user_id = $1",
        Some(user),
        paging,
    )
    .await?;
    let mut projects: std::collections::HashMap<i64, ProjectRow> = Default::default();
    for o in &page.data {
        if let std::collections::hash_map::Entry::Vacant(e) = projects.entry(o.project_id) {
            e.insert(project_row(state, o.project_id).await?);
        }
    }
    Ok(page.map(|o| order_view(state, &projects[&o.project_id], o)))
}

fn order_view(state: &AppState, p: &ProjectRow, o: IeoOrderRow) -> IeoOrder {
    let calculation = o.allocated.map(|a| {
        if p.subscribed <= p.supply {
            format!("{} ≤ {} → {}", units(o.amount), units(p.supply), units(a))
        } else {
            format!(
                "{} × {} / {} = {}",
                units(o.amount),
                units(p.supply),
                units(p.subscribed),
                units(a)
            )
        }
    });
    let next_release_at = (o.status == 2).then(|| p.next_release()).flatten();
    IeoOrder {
        id: o.id,
        project_id: o.project_id,
        name: p.name.clone(),
        token: coin_name(state, p.token),
        pay_currency: coin_name(state, p.pay_currency),
        price: units(p.price),
        amount: units(o.amount),
        cost: units(o.cost),
        allocated: o.allocated.map(units),
        paid: o.paid.map(units),
        refund: o.refund.map(units),
        locked: units(locked(&o)),
        released: units(o.released),
        next_release_at,
        status: o.status,
        calculation,
        created_at: o.created_at,
    }
}

/// One subscription of the caller's.
pub async fn order_by_id(state: &AppState, user: i64, id: i64) -> ApiResult<IeoOrder> {
    let o: IeoOrderRow = sqlx::query_as(&format!(
        "SELECT {ORDER_COLUMNS} FROM ieo_orders WHERE id = $1 AND user_id = $2"
    ))
    .bind(id)
    .bind(user)
    .fetch_optional(&state.db)
    .await?
    .ok_or_else(|| ApiError::new(Kind::NotFound, "err_ieo_not_found"))?;
    let p = project_row(state, o.project_id).await?;
    Ok(order_view(state, &p, o))
}
