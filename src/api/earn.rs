//! Lock-up mining (`lh/deposit*`): the products, subscribing, the caller's
//! orders, early redemption, totals and records; and the admin's products
//! and yield reserves. Each handler parses, makes one service call
//! (`crate::earn`) and answers.

use crate::earn::views::{
    self, LockOrder, LockProduct, LockProductDetail, LockRecord, LockSummary, ReserveView,
};
use crate::earn::Terms;
use crate::error::{ApiError, ApiResult};
use crate::extract::{Admin, Paging};
use crate::funds::{coin, coin_units};
use crate::i18n::Lang;
use crate::params::{
    Amount, Coin, Days, Form, Id, IdParams, NoParams, Page, PageParams, Paged, Ratio, Reply,
};
use crate::state::AppState;
use crate::texts::{self, Field, NameTexts};
use actix_web::web;
use serde::Deserialize;
use utoipa::ToSchema;

/// The products of one category.
#[derive(Deserialize, ToSchema)]
pub struct ConfigParams {
    /// `lock`, `defi` or `cloud`; all when absent.
    #[schema(pattern = "^(lock|defi|cloud)$")]
    pub category: Option<String>,
}

/// `lh/deposit/config`: the products on offer.
pub async fn config(
    state: web::Data<AppState>,
    form: Form<ConfigParams>,
) -> ApiResult<Reply<Vec<LockProduct>>> {
    let (req, p) = form.split();
    let p = p?;
    let mut list = views::products(
        &state,
        p.category.as_deref().filter(|c| !c.is_empty()),
        false,
    )
    .await?;
    localize_products(&state, req.lang, &mut list).await?;
    Ok(Reply(list))
}

/// Products' names in the caller's language.
async fn localize_products(
    state: &AppState,
    lang: Lang,
    list: &mut [LockProduct],
) -> ApiResult<()> {
    texts::localize(
        &state.db,
        Field::LockName,
        lang,
        list.iter_mut().map(|p| (p.id, &mut p.name)),
    )
    .await
}

/// Orders' product names in the caller's language.
async fn localize_orders(state: &AppState, lang: Lang, list: &mut [LockOrder]) -> ApiResult<()> {
    texts::localize(
        &state.db,
        Field::LockName,
        lang,
        list.iter_mut().map(|o| (o.product_id, &mut o.name)),
    )
    .await
}

/// An order of the caller's, its product named in their language.
async fn order_in(state: &AppState, lang: Lang, user: i64, id: i64) -> ApiResult<LockOrder> {
    let mut o = views::order(state, user, id).await?;
    localize_orders(state, lang, std::slice::from_mut(&mut o)).await?;
    Ok(o)
}

/// Products with their names in every language, for the admin's editor.
async fn with_names(state: &AppState, mut list: Vec<LockProduct>) -> ApiResult<Vec<LockProduct>> {
    let ids: Vec<i64> = list.iter().map(|p| p.id).collect();
    let mut names = texts::all(&state.db, Field::LockName, &ids).await?;
    for p in &mut list {
        p.names = Some(names.remove(&p.id).unwrap_or_default());
    }
    Ok(list)
}

/// `lh/deposit/detail`: one product and its day rates.
pub async fn detail(
    state: web::Data<AppState>,
    form: Form<IdParams>,
) -> ApiResult<Reply<LockProductDetail>> {
    let (req, p) = form.split();
    let mut d = views::detail(&state, p?.id.0, false).await?;
    localize_products(&state, req.lang, std::slice::from_mut(&mut d.product)).await?;
    Ok(Reply(d))
}

/// A subscription.
#[derive(Deserialize, ToSchema)]
pub struct DepositParams {
    /// The product.
    #[serde(alias = "id")]
    pub config_id: Id,
    pub amount: Amount,
}

/// `lh/deposit`: lock an amount in a product.
pub async fn deposit(
    state: web::Data<AppState>,
    form: Form<DepositParams>,
) -> ApiResult<Reply<LockOrder>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let p = p?;
    let (currency,): (i64,) = sqlx::query_as("SELECT currency FROM lock_products WHERE id = $1")
        .bind(p.config_id.0)
        .fetch_optional(&state.db)
        .await?
        .ok_or_else(|| ApiError::new(crate::error::Kind::NotFound, "err_lock_not_found"))?;
    let c = coin(&state, &Coin(currency.to_string()))?;
    let amount = coin_units(p.amount, c)?;
    let row = crate::earn::subscribe(&state, user.id, p.config_id.0, amount).await?;
    Ok(Reply(order_in(&state, req.lang, user.id, row.id).await?))
}

/// One's orders.
#[derive(Deserialize, ToSchema)]
pub struct OrdersParams {
    pub page: Option<Page>,
    pub limit: Option<Page>,
    /// 0 in progress, 1 redeemed early, 2 matured; all when absent.
    #[schema(pattern = "^[012]$")]
    pub status: Option<String>,
}

/// `lh/deposit/order`: the caller's orders, newest first.
pub async fn orders(
    state: web::Data<AppState>,
    form: Form<OrdersParams>,
) -> ApiResult<Reply<Paged<LockOrder>>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let p = p?;
    let status = match p.status.as_deref().filter(|s| !s.is_empty()) {
        None => None,
        Some(s @ ("0" | "1" | "2")) => s.parse().ok(),
        Some(_) => return Err(ApiError::invalid("err_type_invalid")),
    };
    let mut page = views::orders(&state, user.id, status, Paging::of(p.page, p.limit)).await?;
    localize_orders(&state, req.lang, &mut page.data).await?;
    Ok(Reply(page))
}

/// `lh/deposit/order/cancel`: redeem one's order early, with the penalty.
pub async fn cancel(
    state: web::Data<AppState>,
    form: Form<IdParams>,
) -> ApiResult<Reply<LockOrder>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let row = crate::earn::redeem(&state, user.id, p?.id.0).await?;
    Ok(Reply(order_in(&state, req.lang, user.id, row.id).await?))
}

/// `lh/deposit/summary`: the caller's locked principal and yield per coin.
pub async fn summary(
    state: web::Data<AppState>,
    form: Form<NoParams>,
) -> ApiResult<Reply<LockSummary>> {
    let user = form.req.user(&state).await?;
    Ok(Reply(views::summary(&state, user.id).await?))
}

/// `lh/deposit/records`: the caller's lock-up ledger entries.
pub async fn records(
    state: web::Data<AppState>,
    form: Form<PageParams>,
) -> ApiResult<Reply<Paged<LockRecord>>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let p = p?;
    Ok(Reply(
        views::records(&state, user.id, Paging::of(p.page, p.limit)).await?,
    ))
}

// ------------------------------------------------------------------ admin

/// Every product, disabled ones too.
pub async fn admin_products(
    state: web::Data<AppState>,
    _admin: Admin,
    _form: Form<NoParams>,
) -> ApiResult<Reply<Vec<LockProduct>>> {
    Ok(Reply(
        with_names(&state, views::products(&state, None, true).await?).await?,
    ))
}

/// A product's terms: a new product without `id`, a change of one with it.
#[derive(Deserialize, ToSchema)]
pub struct ProductParams {
    pub id: Option<Id>,
    #[schema(pattern = "^(lock|defi|cloud)$")]
    pub category: String,
    /// The name in English, what a language without its own reads.
    pub name: String,
    #[serde(flatten)]
    #[schema(inline)]
    pub names: NameTexts,
    pub currency: Coin,
    /// The daily yield range, shares of the principal ("0.003" is 0.3 %).
    pub rate_min: Ratio,
    pub rate_max: Ratio,
    pub days: Days,
    pub min_amount: Amount,
    pub user_cap: Amount,
    pub total_cap: Amount,
    /// Share of the principal an early redemption forfeits (0 for none).
    pub penalty: Ratio,
    /// 1 taking subscriptions (the default), 0 closed.
    #[schema(pattern = "^[01]$")]
    pub enabled: Option<String>,
    /// Place in the lists (smaller first).
    pub sort: Option<Id>,
}

/// Create or change a product; answers it.
pub async fn admin_product(
    state: web::Data<AppState>,
    _admin: Admin,
    form: Form<ProductParams>,
) -> ApiResult<Reply<LockProduct>> {
    let p = form.split().1?;
    let c = coin(&state, &p.currency)?;
    let terms = Terms {
        category: p.category.clone(),
        name: p.name.clone(),
        names: p.names.texts(),
        currency: c.id,
        rate_min_ppm: crate::earn::ppm(p.rate_min.0.unwrap_or_default())?,
        rate_max_ppm: crate::earn::ppm(p.rate_max.0.unwrap_or_default())?,
        days: p.days.0,
        min_amount: coin_units(p.min_amount, c)?,
        user_cap: coin_units(p.user_cap, c)?,
        total_cap: coin_units(p.total_cap, c)?,
        penalty_ppm: crate::earn::ppm(p.penalty.0.unwrap_or_default())?,
        enabled: p.enabled.as_deref() != Some("0"),
        sort: p.sort.map(|s| s.0),
    };
    let id = match p.id {
        Some(id) => {
            crate::earn::update(&state, id.0, &terms).await?;
            id.0
        }
        None => {
            let key = format!("admin-{}", crate::security::random_name());
            crate::earn::create(&state, &key, &terms).await?
        }
    };
    let product = views::detail(&state, id, true).await?.product;
    let mut list = with_names(&state, vec![product]).await?;
    list.pop()
        .map(Reply)
        .ok_or_else(|| ApiError::new(crate::error::Kind::NotFound, "err_lock_not_found"))
}

/// The yield reserves.
pub async fn reserves(
    state: web::Data<AppState>,
    _admin: Admin,
    _form: Form<NoParams>,
) -> ApiResult<Reply<Vec<ReserveView>>> {
    Ok(Reply(views::reserve_list(&state).await?))
}

/// A funding of a coin's yield reserve.
#[derive(Deserialize, ToSchema)]
pub struct FundParams {
    pub currency: Coin,
    pub amount: Amount,
    /// The form's one-time key: a repeated submission moves nothing more.
    pub request_id: String,
}

/// Fund a coin's yield reserve from the platform's own money.
pub async fn fund(
    state: web::Data<AppState>,
    admin: Admin,
    form: Form<FundParams>,
) -> ApiResult<Reply<Vec<ReserveView>>> {
    let p = form.split().1?;
    let c = coin(&state, &p.currency)?;
    let amount = coin_units(p.amount, c)?;
    let request = p.request_id.trim();
    if request.is_empty() || request.len() > 64 {
        return Err(ApiError::invalid("err_bad_request"));
    }
    let key = format!("reserve:{}:{request}", admin.0.id);
    crate::earn::fund_reserve(&state, c.id, amount, key).await?;
    Ok(Reply(views::reserve_list(&state).await?))
}
