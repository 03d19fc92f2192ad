//! Admin calls under `/admin/api`. Who may call them is decided in one place, the
//! scope's guard (`app::admin_only`): a handler that needs to know which admin
//! acts takes the [`Admin`] it let in.

use super::ok;
use super::profile::user_json;
use crate::error::{ApiError, ApiResult};
use crate::extract::{Admin, Req};
use crate::params::{Form, Id, Reply};
use serde::Deserialize;
use utoipa::ToSchema;

/// An approval or a rejection of one request of a review queue.
#[derive(Deserialize, ToSchema)]
pub struct ReviewParams {
    pub id: Id,
    /// Why: required to reject, shown to the requester.
    pub reason: Option<String>,
}
use crate::state::AppState;
use actix_web::{web, HttpResponse};
use serde_json::json;

/// The approve and reject calls of one review queue, both through `$review`.
macro_rules! decisions {
    ($approve:ident, $reject:ident, $review:ident) => {
        pub async fn $approve(
            state: web::Data<AppState>,
            admin: Admin,
            form: Form<ReviewParams>,
        ) -> ApiResult<Reply<String>> {
            let (req, p) = form.split();
            $review(&state, admin, &req, p?, true).await
        }

        pub async fn $reject(
            state: web::Data<AppState>,
            admin: Admin,
            form: Form<ReviewParams>,
        ) -> ApiResult<Reply<String>> {
            let (req, p) = form.split();
            $review(&state, admin, &req, p?, false).await
        }
    };
}

/// A review queue's page with each requester named as a reviewer knows them:
/// their e-mail, else their mobile number (admins see accounts in full).
async fn with_accounts(
    state: &AppState,
    mut page: serde_json::Value,
) -> ApiResult<serde_json::Value> {
    let ids: Vec<i64> = page["data"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|r| r["user_id"].as_i64())
        .collect();
    let mut accounts = std::collections::HashMap::new();
    if !ids.is_empty() {
        let marks: Vec<String> = (1..=ids.len()).map(|i| format!("${i}")).collect();
        let sql = format!(
            "SELECT id, email, mobile, area_code FROM users WHERE id IN ({})",
            marks.join(", ")
        );
        let mut q =
            sqlx::query_as::<_, (i64, Option<String>, Option<String>, Option<String>)>(&sql);
        for id in &ids {
            q = q.bind(id);
        }
        for (id, email, mobile, area) in q.fetch_all(&state.db).await? {
            let account =
                email.or_else(|| mobile.map(|m| format!("+{} {m}", area.unwrap_or_default())));
            accounts.insert(id, account.unwrap_or_default());
        }
    }
    for row in page["data"].as_array_mut().into_iter().flatten() {
        let account = row["user_id"]
            .as_i64()
            .and_then(|id| accounts.get(&id))
            .cloned();
        row["account"] = json!(account.unwrap_or_default());
    }
    Ok(page)
}

pub async fn me(state: web::Data<AppState>, admin: Admin) -> ApiResult<HttpResponse> {
    Ok(ok(user_json(&state, admin.0.id).await?))
}

pub async fn users(state: web::Data<AppState>, req: Req) -> ApiResult<HttpResponse> {
    let paging = req.paging()?;
    let (total,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM users")
        .fetch_one(&state.db)
        .await?;
    let rows: Vec<(i64, Option<String>, Option<String>, String, i64, i64)> = sqlx::query_as(
        "SELECT id, email, mobile, role, demo, created_at FROM users ORDER BY id DESC LIMIT $1 OFFSET $2",
    )
    .bind(paging.limit)
    .bind(paging.offset())
    .fetch_all(&state.db)
    .await?;
    let data = rows
        .into_iter()
        .map(|(id, email, mobile, role, demo, created_at)| {
            // Admins see accounts in full; masking is for other users' eyes.
            let account = email.or(mobile).unwrap_or_default();
            json!({"id": id, "account": account, "role": role, "demo": demo != 0, "created_at": created_at})
        })
        .collect();
    Ok(ok(paging.wrap(data, total)))
}

fn reason(p: &ReviewParams, approve: bool) -> ApiResult<String> {
    let r = p.reason.clone().unwrap_or_default();
    if !approve && r.is_empty() {
        return Err(ApiError::invalid("err_reason_required"));
    }
    Ok(r)
}

pub async fn deposits(state: web::Data<AppState>, req: Req) -> ApiResult<HttpResponse> {
    let page = super::wallet::deposit_queue(&state, &req).await?;
    Ok(ok(with_accounts(&state, page).await?))
}

async fn review_deposit(
    state: &AppState,
    admin: Admin,
    req: &Req,
    p: ReviewParams,
    approve: bool,
) -> ApiResult<Reply<String>> {
    let admin = admin.0;
    let why = reason(&p, approve)?;
    super::wallet::review_deposit(state, admin.id, p.id.0, approve, &why).await?;
    Ok(Reply(crate::i18n::t(req.lang, "ok_done", &[])))
}

decisions!(approve_deposit, reject_deposit, review_deposit);

pub async fn withdrawals(state: web::Data<AppState>, req: Req) -> ApiResult<HttpResponse> {
    let page = super::wallet::withdraw_queue(&state, &req).await?;
    Ok(ok(with_accounts(&state, page).await?))
}

async fn review_withdrawal(
    state: &AppState,
    admin: Admin,
    req: &Req,
    p: ReviewParams,
    approve: bool,
) -> ApiResult<Reply<String>> {
    let admin = admin.0;
    let why = reason(&p, approve)?;
    let new_state = if approve { 1 } else { 2 };
    super::wallet::finish_withdrawal(state, p.id.0, new_state, admin.id, None, &why).await?;
    Ok(Reply(crate::i18n::t(req.lang, "ok_done", &[])))
}

decisions!(approve_withdrawal, reject_withdrawal, review_withdrawal);

pub async fn verifications(state: web::Data<AppState>, req: Req) -> ApiResult<HttpResponse> {
    let page = super::identity::verification_queue(&state, &req).await?;
    Ok(ok(with_accounts(&state, page).await?))
}

async fn review_verification(
    state: &AppState,
    admin: Admin,
    req: &Req,
    p: ReviewParams,
    approve: bool,
) -> ApiResult<Reply<String>> {
    let admin = admin.0;
    let why = reason(&p, approve)?;
    super::identity::review_verification(state, admin.id, p.id.0, approve, &why).await?;
    Ok(Reply(crate::i18n::t(req.lang, "ok_done", &[])))
}

decisions!(
    approve_verification,
    reject_verification,
    review_verification
);

pub async fn audit(state: web::Data<AppState>) -> ApiResult<HttpResponse> {
    let report = actors::ledger::audit(&state.db)
        .await
        .map_err(crate::funds::ledger_error)?;
    Ok(ok(report))
}

pub async fn deposit_addresses(state: web::Data<AppState>) -> ApiResult<HttpResponse> {
    let rows: Vec<(i64, String, String, i64, i64)> = sqlx::query_as(
        "SELECT currency, network, address, demo, updated_at FROM deposit_addresses ORDER BY currency, network",
    )
    .fetch_all(&state.db)
    .await?;
    let list: Vec<_> = rows
        .into_iter()
        .map(|(c, n, a, demo, at)| {
            json!({"currency": c, "network": n, "address": a, "demo": demo != 0, "updated_at": at})
        })
        .collect();
    Ok(ok(list))
}

pub async fn set_deposit_address(state: web::Data<AppState>, req: Req) -> ApiResult<HttpResponse> {
    let coin = crate::funds::currency(&state, &req, &["currency", "currency_id"])?;
    let network = req.get("network").unwrap_or_default();
    let address = req
        .get("address")
        .filter(|a| crate::addresses::is_valid(network, a))
        .ok_or_else(|| ApiError::invalid("err_address_format"))?;
    // An address an admin sets is the platform's own: no longer a demo one.
    let res = sqlx::query("UPDATE deposit_addresses SET address = $1, demo = 0, updated_at = $2 WHERE currency = $3 AND network = $4")
        .bind(address)
        .bind(crate::db::now_ms())
        .bind(coin.id)
        .bind(network)
        .execute(&state.db)
        .await?;
    if res.rows_affected() == 0 {
        return Err(ApiError::invalid("err_network_invalid"));
    }
    Ok(ok(crate::i18n::t(req.lang, "ok_done", &[])))
}

/// The largest fiat rate accepted, in units per US dollar.
const MAX_FIAT_RATE: i64 = 10_000_000;

/// Changes one fiat rate (units per US dollar): a positive decimal.
pub async fn set_fiat_rate(state: web::Data<AppState>, req: Req) -> ApiResult<HttpResponse> {
    let code = req.get("code").unwrap_or_default().to_uppercase();
    let rate = req
        .get("rate")
        .and_then(actors::money::parse_plain)
        .filter(|r| *r > rust_decimal::Decimal::ZERO)
        .ok_or_else(|| ApiError::invalid("err_amount_invalid"))?;
    // Every valuation multiplies by the rate: keep it where products fit (the
    // largest real rates are in the tens of thousands per dollar).
    if rate > rust_decimal::Decimal::from(MAX_FIAT_RATE) {
        return Err(ApiError::invalid("err_amount_too_large"));
    }
    if rate.normalize().scale() > 8 {
        return Err(ApiError::invalid("err_amount_precision"));
    }
    let res = sqlx::query("UPDATE fiat_rates SET rate = $1, updated_at = $2 WHERE code = $3")
        .bind(rate.normalize().to_string())
        .bind(crate::db::now_ms())
        .bind(&code)
        .execute(&state.db)
        .await?;
    if res.rows_affected() == 0 {
        return Err(ApiError::invalid("err_currency_invalid"));
    }
    Ok(ok(super::site::fiat_rates(&state).await?))
}
