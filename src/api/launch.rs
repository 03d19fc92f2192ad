//! Token sales (`project*`): the sales, one sale with the caller's totals,
//! subscribing, the caller's subscriptions; and the admin's sales, a new
//! sale and the review that credits an ended one. Each handler parses,
//! makes one service call (`crate::earn::ieo`) and answers.

use crate::earn::ieo::{self, IeoOrder, NewProject, Project, ProjectDetail};
use crate::error::{ApiError, ApiResult};
use crate::extract::{Admin, Paging};
use crate::funds::{coin, coin_units};
use crate::i18n::Lang;
use crate::params::{Amount, Coin, Form, Id, IdParams, Page, PageParams, Paged, Reply, SaleDays};
use crate::state::AppState;
use crate::texts::{self, Field, IntroTexts};
use ::actors::earn::engine::DAY_MS;
use actix_web::web;
use serde::Deserialize;
use utoipa::ToSchema;

/// Sales of one state.
#[derive(Deserialize, ToSchema)]
pub struct ProjectsParams {
    pub page: Option<Page>,
    pub limit: Option<Page>,
    /// 0 warm-up, 1 in progress, 2 ended, 3 credited; all when absent.
    #[schema(pattern = "^[0-3]$")]
    pub status: Option<String>,
}

fn status_of(raw: Option<&str>) -> ApiResult<Option<i64>> {
    match raw.filter(|s| !s.is_empty()) {
        None => Ok(None),
        Some(s @ ("0" | "1" | "2" | "3")) => Ok(s.parse().ok()),
        Some(_) => Err(ApiError::invalid("err_type_invalid")),
    }
}

/// `project`: the sales, newest first.
pub async fn projects(
    state: web::Data<AppState>,
    form: Form<ProjectsParams>,
) -> ApiResult<Reply<Paged<Project>>> {
    let (req, p) = form.split();
    let p = p?;
    let status = status_of(p.status.as_deref())?;
    let mut page = ieo::projects(&state, status, Paging::of(p.page, p.limit)).await?;
    localize(&state, req.lang, &mut page.data).await?;
    Ok(Reply(page))
}

/// Sales' intros in the caller's language.
async fn localize(state: &AppState, lang: Lang, list: &mut [Project]) -> ApiResult<()> {
    texts::localize(
        &state.db,
        Field::IeoIntro,
        lang,
        list.iter_mut().map(|p| (p.id, &mut p.intro)),
    )
    .await
}

/// Sales with their intros in every language, for the admin's screens.
async fn with_intros(state: &AppState, list: &mut [Project]) -> ApiResult<()> {
    let ids: Vec<i64> = list.iter().map(|p| p.id).collect();
    let mut all = texts::all(&state.db, Field::IeoIntro, &ids).await?;
    for p in list {
        p.intros = Some(all.remove(&p.id).unwrap_or_default());
    }
    Ok(())
}

/// `project/detail`: one sale, with the caller's totals when signed in.
pub async fn detail(
    state: web::Data<AppState>,
    form: Form<IdParams>,
) -> ApiResult<Reply<ProjectDetail>> {
    let (req, p) = form.split();
    let viewer = req.user(&state).await.ok().map(|u| u.id);
    let mut d = ieo::detail(&state, p?.id.0, viewer).await?;
    localize(&state, req.lang, std::slice::from_mut(&mut d.project)).await?;
    Ok(Reply(d))
}

/// A subscription.
#[derive(Deserialize, ToSchema)]
pub struct OrderParams {
    #[serde(alias = "id")]
    pub project_id: Id,
    /// Tokens asked.
    pub amount: Amount,
}

/// `project/order`: subscribe during the sale; the cost is frozen.
pub async fn order(
    state: web::Data<AppState>,
    form: Form<OrderParams>,
) -> ApiResult<Reply<IeoOrder>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let p = p?;
    let d = ieo::detail(&state, p.project_id.0, None).await?;
    let token = coin(&state, &Coin(d.project.token_id.to_string()))?;
    let amount = coin_units(p.amount, token)?;
    let row = ieo::subscribe(&state, user.id, p.project_id.0, amount).await?;
    ieo::order_by_id(&state, user.id, row.id).await.map(Reply)
}

/// `user/project/order`: the caller's subscriptions, newest first.
pub async fn my_orders(
    state: web::Data<AppState>,
    form: Form<PageParams>,
) -> ApiResult<Reply<Paged<IeoOrder>>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let p = p?;
    Ok(Reply(
        ieo::orders(&state, user.id, Paging::of(p.page, p.limit)).await?,
    ))
}

// ------------------------------------------------------------------ admin

pub async fn admin_projects(
    state: web::Data<AppState>,
    _admin: Admin,
    form: Form<PageParams>,
) -> ApiResult<Reply<Paged<Project>>> {
    let p = form.split().1?;
    let mut page = ieo::projects(&state, None, Paging::of(p.page, p.limit)).await?;
    with_intros(&state, &mut page.data).await?;
    Ok(Reply(page))
}

/// A new sale.
#[derive(Deserialize, ToSchema)]
pub struct NewProjectParams {
    pub name: String,
    /// The intro in English, what a language without its own reads.
    pub intro: Option<String>,
    #[serde(flatten)]
    #[schema(inline)]
    pub intros: IntroTexts,
    /// The token sold: a configured coin no other sale sells.
    pub token: Coin,
    pub pay_currency: Coin,
    /// Pay currency per whole token.
    pub price: Amount,
    pub supply: Amount,
    pub user_cap: Amount,
    pub min_amount: Amount,
    /// Milliseconds since the epoch.
    pub starts_at: Id,
    pub ends_at: Id,
    /// Days after the end the tokens stay locked.
    pub lock_days: Option<SaleDays>,
    /// Days between releases, and how many.
    pub cycle_days: Option<SaleDays>,
    pub cycles: SaleDays,
    pub whitepaper: Option<String>,
    pub website: Option<String>,
}

/// Create a sale.
pub async fn admin_create(
    state: web::Data<AppState>,
    _admin: Admin,
    form: Form<NewProjectParams>,
) -> ApiResult<Reply<Project>> {
    let p = form.split().1?;
    let token = coin(&state, &p.token)?;
    let pay = coin(&state, &p.pay_currency)?;
    let ends_at = p.ends_at.0;
    let new = NewProject {
        token: token.id,
        name: p.name,
        intro: p.intro.unwrap_or_default(),
        intros: p.intros.texts(),
        pay_currency: pay.id,
        price: coin_units(p.price, pay)?,
        supply: coin_units(p.supply, token)?,
        user_cap: coin_units(p.user_cap, token)?,
        min_amount: coin_units(p.min_amount, token)?,
        starts_at: p.starts_at.0,
        ends_at,
        lock_ends_at: ends_at.saturating_add(p.lock_days.map_or(0, |d| d.0).saturating_mul(DAY_MS)),
        cycle_ms: p.cycle_days.map_or(0, |d| d.0).saturating_mul(DAY_MS),
        cycles: p.cycles.0,
        whitepaper: p.whitepaper.unwrap_or_default().trim().to_string(),
        website: p.website.unwrap_or_default().trim().to_string(),
    };
    let id = ieo::create(&state, &new).await?;
    let mut project = ieo::detail(&state, id, None).await?.project;
    with_intros(&state, std::slice::from_mut(&mut project)).await?;
    Ok(Reply(project))
}

/// The platform's review of an ended sale: credit its buyers.
pub async fn admin_credit(
    state: web::Data<AppState>,
    _admin: Admin,
    form: Form<IdParams>,
) -> ApiResult<Reply<Project>> {
    let id = form.split().1?.id.0;
    ieo::credit(&state, id).await?;
    let mut project = ieo::detail(&state, id, None).await?.project;
    with_intros(&state, std::slice::from_mut(&mut project)).await?;
    Ok(Reply(project))
}
