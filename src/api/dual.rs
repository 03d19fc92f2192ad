//! Dual investment (`dual/*`): the products on sale, one product with its
//! index samples, buying whole shares, the caller's orders. Each handler
//! parses, makes one service call (`crate::earn::dual`) and answers.

use crate::earn::dual::{self, DualDetail, DualOrder, DualProduct};
use crate::error::{ApiError, ApiResult};
use crate::extract::Paging;
use crate::funds::coin;
use crate::params::{Coin, Form, Id, IdParams, Page, Paged, Reply, WholeShares};
use crate::state::AppState;
use ::actors::earn::dual::status;
use actix_web::web;
use serde::Deserialize;
use utoipa::ToSchema;

/// Products of one coin and kind.
#[derive(Deserialize, ToSchema)]
pub struct IndexParams {
    pub currency: Option<Coin>,
    /// `call` (sell high) or `put` (buy low); both when absent.
    #[schema(pattern = "^(call|put)$")]
    #[serde(alias = "type")]
    pub kind: Option<String>,
}

/// `dual/index`: the products on sale, soonest maturity first.
pub async fn index(
    state: web::Data<AppState>,
    form: Form<IndexParams>,
) -> ApiResult<Reply<Vec<DualProduct>>> {
    let p = form.split().1?;
    let currency = match &p.currency {
        Some(c) if !c.0.is_empty() => Some(coin(&state, c)?.id),
        _ => None,
    };
    let kind = match p.kind.as_deref().filter(|k| !k.is_empty()) {
        None => None,
        Some("call") => Some(status::CALL),
        Some("put") => Some(status::PUT),
        Some(_) => return Err(ApiError::invalid("err_type_invalid")),
    };
    Ok(Reply(dual::on_sale(&state, currency, kind).await?))
}

/// `dual/detail`: one product and its index samples.
pub async fn detail(
    state: web::Data<AppState>,
    form: Form<IdParams>,
) -> ApiResult<Reply<DualDetail>> {
    let p = form.split().1?;
    Ok(Reply(dual::detail(&state, p.id.0).await?))
}

/// A purchase.
#[derive(Deserialize, ToSchema)]
pub struct BuyParams {
    /// The product.
    pub id: Id,
    /// Whole shares.
    pub num: WholeShares,
}

/// `dual/buyDual`: buy whole shares; the amount moves to the dual account.
pub async fn buy(state: web::Data<AppState>, form: Form<BuyParams>) -> ApiResult<Reply<DualOrder>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let p = p?;
    let row = dual::buy(&state, user.id, p.id.0, p.num.0).await?;
    dual::order_by_id(&state, req.lang, user.id, row.id)
        .await
        .map(Reply)
}

/// One's orders.
#[derive(Deserialize, ToSchema)]
pub struct ListParams {
    pub page: Option<Page>,
    pub limit: Option<Page>,
    /// 0 purchased, 1 settling, 2 completed, 3 failed; all when absent.
    #[schema(pattern = "^[0-3]$")]
    pub status: Option<String>,
}

/// `dual/dual_list`: the caller's orders, newest first.
pub async fn list(
    state: web::Data<AppState>,
    form: Form<ListParams>,
) -> ApiResult<Reply<Paged<DualOrder>>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let p = p?;
    let st = match p.status.as_deref().filter(|s| !s.is_empty()) {
        None => None,
        Some(s @ ("0" | "1" | "2" | "3")) => s.parse().ok(),
        Some(_) => return Err(ApiError::invalid("err_type_invalid")),
    };
    Ok(Reply(
        dual::orders(&state, req.lang, user.id, st, Paging::of(p.page, p.limit)).await?,
    ))
}
