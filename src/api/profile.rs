//! The caller's own profile, security settings, invitations and notifications.
//! Every query here is scoped to the authenticated user's id.

use super::account::revoke_all;
use super::ok;
use crate::codes;
use crate::error::{is_unique_violation, ApiError, ApiResult, Kind};
use crate::extract::Req;
use crate::i18n::t;
use crate::security::hash_password_blocking;
use crate::state::AppState;
use crate::validate;
use actix_web::{web, HttpResponse};
use serde_json::{json, Value};

type UserRow = (
    i64,
    Option<String>,
    Option<String>,
    Option<String>,
    String,
    String,
    String,
    String,
    i64,
    Option<String>,
    String,
    i64,
);

/// The profile as the app shows it.
pub async fn user_json(state: &AppState, user_id: i64) -> ApiResult<Value> {
    let u: UserRow = sqlx::query_as(
        "SELECT id, email, mobile, area_code, nickname, signature, head_portrait, invite_code, credit_score, pay_password_hash, role, created_at FROM users WHERE id = $1",
    )
    .bind(user_id)
    .fetch_one(&state.db)
    .await?;
    let (unread,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM notifications WHERE user_id = $1 AND is_red = 0")
            .bind(user_id)
            .fetch_one(&state.db)
            .await?;
    let account = u.1.clone().or(u.2.clone()).unwrap_or_default();
    Ok(json!({
        "id": u.0, "email": u.1, "mobile": u.2, "area_code": u.3, "account": account,
        "nickname": u.4, "signature": u.5, "head_portrait": u.6, "invite_code": u.7,
        "credit_score": u.8, "has_pay_password": u.9.is_some(), "role": u.10,
        "created_at": u.11, "unread": unread,
    }))
}

pub async fn info(state: web::Data<AppState>, req: Req) -> ApiResult<HttpResponse> {
    let user = req.user(&state).await?;
    Ok(ok(user_json(&state, user.id).await?))
}

pub async fn edit_nickname(state: web::Data<AppState>, req: Req) -> ApiResult<HttpResponse> {
    let user = req.user(&state).await?;
    let nickname = req
        .params
        .get("nickname")
        .map(|n| validate::display_text(n, 2, 10, "err_nickname_length"))
        .transpose()?;
    let signature = req
        .params
        .get("signature")
        .map(|s| validate::display_text(s, 2, 30, "err_signature_length"))
        .transpose()?;
    if nickname.is_none() && signature.is_none() {
        return Err(ApiError::invalid("err_nothing_to_change"));
    }
    sqlx::query(
        "UPDATE users SET nickname = COALESCE($1, nickname), signature = COALESCE($2, signature) WHERE id = $3",
    )
    .bind(nickname)
    .bind(signature)
    .bind(user.id)
    .execute(&state.db)
    .await?;
    Ok(ok(user_json(&state, user.id).await?))
}

pub async fn head_portrait(state: web::Data<AppState>, req: Req) -> ApiResult<HttpResponse> {
    let user = req.user(&state).await?;
    // Only a file this user uploaded may become their avatar; an avatar is
    // shown to others, so from now on the file is public.
    let address = crate::funds::owned_upload(&state, user.id, req.get("head_portrait"))
        .await?
        .ok_or_else(|| ApiError::invalid("err_upload_not_yours"))?;
    let mut tx = state.db.begin().await?;
    sqlx::query("UPDATE uploads SET public = 1 WHERE name = $1 AND user_id = $2")
        .bind(crate::uploads::name_of(&address))
        .bind(user.id)
        .execute(&mut *tx)
        .await?;
    sqlx::query("UPDATE users SET head_portrait = $1 WHERE id = $2")
        .bind(&address)
        .bind(user.id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(ok(user_json(&state, user.id).await?))
}

pub async fn update_password(state: web::Data<AppState>, req: Req) -> ApiResult<HttpResponse> {
    let user = req.user(&state).await?;
    let pay = match req.get("type").unwrap_or("login") {
        "login" => false,
        "pay" => true,
        _ => return Err(ApiError::invalid("err_type_invalid")),
    };
    let (password, again) = (req.raw("password"), req.raw("re_password"));
    let password = if pay {
        validate::pay_password(password, again)?
    } else {
        validate::password(password, again)?
    };
    let code = validate::code(req.get("code"))?;
    let (email, mobile): (Option<String>, Option<String>) =
        sqlx::query_as("SELECT email, mobile FROM users WHERE id = $1")
            .bind(user.id)
            .fetch_one(&state.db)
            .await?;
    let address = email
        .or(mobile)
        .ok_or_else(|| ApiError::invalid("err_bind_contact_first"))?;
    codes::consume(&state, &address, &code).await?;
    let hash = hash_password_blocking(password)
        .await
        .map_err(ApiError::internal)?;
    let column = if pay {
        "pay_password_hash"
    } else {
        "password_hash"
    };
    sqlx::query(&format!("UPDATE users SET {column} = $1 WHERE id = $2"))
        .bind(hash)
        .bind(user.id)
        .execute(&state.db)
        .await?;
    if pay {
        Ok(ok(t(req.lang, "ok_pay_password_set", &[])))
    } else {
        revoke_all(&state, user.id).await?;
        Ok(ok(t(req.lang, "ok_password_changed", &[])))
    }
}

/// Binds a contact (`column` is `email` or `mobile`) after checking its code.
async fn bind(
    state: &AppState,
    user_id: i64,
    column: &str,
    value: &str,
    area: Option<String>,
    code: &str,
    taken_key: &'static str,
) -> ApiResult<()> {
    let other: Option<(i64,)> = sqlx::query_as(&format!(
        "SELECT id FROM users WHERE {column} = $1 AND id <> $2"
    ))
    .bind(value)
    .bind(user_id)
    .fetch_optional(&state.db)
    .await?;
    if other.is_some() {
        return Err(ApiError::conflict(taken_key));
    }
    codes::consume(state, value, code).await?;
    let res = sqlx::query(&format!(
        "UPDATE users SET {column} = $1, area_code = COALESCE($2, area_code) WHERE id = $3"
    ))
    .bind(value)
    .bind(area)
    .bind(user_id)
    .execute(&state.db)
    .await;
    match res {
        Ok(_) => Ok(()),
        Err(e) if is_unique_violation(&e) => Err(ApiError::conflict(taken_key)),
        Err(e) => Err(e.into()),
    }
}

pub async fn bind_mobile(state: web::Data<AppState>, req: Req) -> ApiResult<HttpResponse> {
    let user = req.user(&state).await?;
    let area = validate::area_code(req.get("area_code"))?;
    let mobile = validate::mobile(&area, req.get("mobile").unwrap_or_default())?;
    let code = validate::code(req.get("code"))?;
    bind(
        &state,
        user.id,
        "mobile",
        &mobile,
        Some(area),
        &code,
        "err_mobile_taken",
    )
    .await?;
    Ok(ok(user_json(&state, user.id).await?))
}

pub async fn bind_email(state: web::Data<AppState>, req: Req) -> ApiResult<HttpResponse> {
    let user = req.user(&state).await?;
    let email = validate::email(req.get("email").unwrap_or_default())?;
    let code = validate::code(req.get("code"))?;
    bind(
        &state,
        user.id,
        "email",
        &email,
        None,
        &code,
        "err_email_taken",
    )
    .await?;
    Ok(ok(user_json(&state, user.id).await?))
}

pub async fn invite_list(state: web::Data<AppState>, req: Req) -> ApiResult<HttpResponse> {
    let user = req.user(&state).await?;
    let paging = req.paging()?;
    let (rows, total): (Vec<(i64, Option<String>, Option<String>, i64)>, i64) = super::paged(
        &state,
        "users",
        "id, email, mobile, created_at",
        "parent_id = $1",
        Some(user.id),
        paging,
    )
    .await?;
    let data = rows
        .into_iter()
        .map(|(id, email, mobile, created_at)| {
            let account = validate::mask(&email.or(mobile).unwrap_or_default());
            json!({"id": id, "account": account, "created_at": created_at})
        })
        .collect();
    Ok(ok(paging.wrap(data, total)))
}

pub async fn profit_list(state: web::Data<AppState>, req: Req) -> ApiResult<HttpResponse> {
    let user = req.user(&state).await?;
    let paging = req.paging()?;
    let (total,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM rebates WHERE user_id = $1")
        .bind(user.id)
        .fetch_one(&state.db)
        .await?;
    let rows: Vec<(i64, Option<String>, Option<String>, String, i64, i64)> = sqlx::query_as(
        "SELECT r.id, u.email, u.mobile, r.currency, r.amount, r.created_at FROM rebates r JOIN users u ON u.id = r.from_user_id
         WHERE r.user_id = $1 ORDER BY r.id DESC LIMIT $2 OFFSET $3",
    )
    .bind(user.id)
    .bind(paging.limit)
    .bind(paging.offset())
    .fetch_all(&state.db)
    .await?;
    let data = rows
        .into_iter()
        .map(|(id, email, mobile, currency, amount, created_at)| {
            json!({
                "id": id,
                "from_account": validate::mask(&email.or(mobile).unwrap_or_default()),
                "currency": currency,
                "amount": actors::money::from_units(amount).normalize().to_string(),
                "created_at": created_at,
            })
        })
        .collect();
    Ok(ok(paging.wrap(data, total)))
}

pub async fn notifications(state: web::Data<AppState>, req: Req) -> ApiResult<HttpResponse> {
    let user = req.user(&state).await?;
    let paging = req.paging()?;
    let filter: Option<i64> = match req.get("is_red") {
        None => None,
        Some("0") => Some(0),
        Some("1") => Some(1),
        Some(_) => return Err(ApiError::new(Kind::Invalid, "err_type_invalid")),
    };
    let (total,): (i64,) = sqlx::query_as(
        "SELECT COUNT(*) FROM notifications WHERE user_id = $1 AND (CAST($2 AS BIGINT) IS NULL OR is_red = $2)",
    )
    .bind(user.id)
    .bind(filter)
    .fetch_one(&state.db)
    .await?;
    let rows: Vec<(i64, String, String, i64, i64)> = sqlx::query_as(
        "SELECT id, title, content, is_red, created_at FROM notifications WHERE user_id = $1 AND (CAST($2 AS BIGINT) IS NULL OR is_red = $2)
         ORDER BY id DESC LIMIT $3 OFFSET $4",
    )
    .bind(user.id)
    .bind(filter)
    .bind(paging.limit)
    .bind(paging.offset())
    .fetch_all(&state.db)
    .await?;
    let data = rows
        .into_iter()
        .map(|(id, title, content, is_red, created_at)| {
            json!({"id": id, "title": title, "content": content, "is_red": is_red, "created_at": created_at})
        })
        .collect();
    Ok(ok(paging.wrap(data, total)))
}

pub async fn mark_read(state: web::Data<AppState>, req: Req) -> ApiResult<HttpResponse> {
    let user = req.user(&state).await?;
    let id = match req.get("id") {
        None => None,
        Some(_) => Some(req.id("id")?),
    };
    let res = sqlx::query(
        "UPDATE notifications SET is_red = 1 WHERE user_id = $1 AND (CAST($2 AS BIGINT) IS NULL OR id = $2)",
    )
    .bind(user.id)
    .bind(id)
    .execute(&state.db)
    .await?;
    if id.is_some() && res.rows_affected() == 0 {
        return Err(ApiError::not_found());
    }
    let (unread,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM notifications WHERE user_id = $1 AND is_red = 0")
            .bind(user.id)
            .fetch_one(&state.db)
            .await?;
    Ok(ok(json!({ "unread": unread })))
}
