//! The caller's own profile, security settings, invitations and notifications.
//! Every query here is scoped to the authenticated user's id.

use crate::accounts::revoke_all;
use crate::codes;
use crate::error::{is_unique_violation, ApiError, ApiResult, Kind};
use crate::extract::Paging;
use crate::i18n::t;
use crate::params::{Form, Id, NoParams, Page, PageParams, Paged, Reply};
use crate::security::hash_password_blocking;
use crate::state::AppState;
use crate::validate;
use actix_web::web;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::accounts::profile as user_json;
pub use crate::accounts::Profile;

pub async fn info(state: web::Data<AppState>, form: Form<NoParams>) -> ApiResult<Reply<Profile>> {
    let user = form.req.user(&state).await?;
    Ok(Reply(user_json(&state, user.id).await?))
}

/// `user/editNickname`: either or both. A field sent empty is refused (its
/// length), so both are read as sent.
#[derive(Deserialize, ToSchema)]
pub struct NicknameParams {
    /// 2 to 10 characters, no markup.
    #[schema(min_length = 2, max_length = 10)]
    pub nickname: Option<String>,
    /// 2 to 30 characters, no markup.
    #[schema(min_length = 2, max_length = 30)]
    pub signature: Option<String>,
}

pub async fn edit_nickname(
    state: web::Data<AppState>,
    form: Form<NicknameParams>,
) -> ApiResult<Reply<Profile>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    p?;
    // Declared in `NicknameParams`; read as sent, so an empty one is refused.
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
    Ok(Reply(user_json(&state, user.id).await?))
}

/// `user/uploadHeadPortrait`: the avatar.
#[derive(Deserialize, ToSchema)]
pub struct HeadPortraitParams {
    /// An address `upload` answered the caller.
    #[schema(required = true)]
    pub head_portrait: Option<String>,
}

pub async fn head_portrait(
    state: web::Data<AppState>,
    form: Form<HeadPortraitParams>,
) -> ApiResult<Reply<Profile>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let p = p?;
    // Only a file this user uploaded may become their avatar; an avatar is
    // shown to others, so from now on the file is public.
    let address = crate::funds::owned_upload(&state, user.id, p.head_portrait.as_deref())
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
    Ok(Reply(user_json(&state, user.id).await?))
}

/// `safe/update_password`: the login or the payment password, with a code
/// sent to the bound e-mail (else mobile). Passwords are read as typed.
#[derive(Deserialize, ToSchema)]
pub struct PasswordParams {
    /// `login` (the default) or `pay`.
    #[serde(rename = "type")]
    #[schema(pattern = "^(login|pay)$")]
    pub kind: Option<String>,
    /// Login: 7 to 32 characters; pay: 6 digits.
    #[schema(required = true)]
    pub password: Option<String>,
    /// The password again.
    #[schema(required = true)]
    pub re_password: Option<String>,
    /// The 6-digit code.
    #[schema(required = true, pattern = "^[0-9]{6}$")]
    pub code: Option<String>,
}

pub async fn update_password(
    state: web::Data<AppState>,
    form: Form<PasswordParams>,
) -> ApiResult<Reply<String>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let p = p?;
    let pay = match p.kind.as_deref().unwrap_or("login") {
        "login" => false,
        "pay" => true,
        _ => return Err(ApiError::invalid("err_type_invalid")),
    };
    // Declared in `PasswordParams`; read untrimmed, as typed.
    let (password, again) = (req.raw("password"), req.raw("re_password"));
    let password = if pay {
        validate::pay_password(password, again)?
    } else {
        validate::password(password, again)?
    };
    let code = validate::code(p.code.as_deref())?;
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
        Ok(Reply(t(req.lang, "ok_pay_password_set", &[])))
    } else {
        revoke_all(&state, user.id).await?;
        Ok(Reply(t(req.lang, "ok_password_changed", &[])))
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

/// `safe/mobile`: a mobile number to bind, with the code sent to it.
#[derive(Deserialize, ToSchema)]
pub struct MobileParams {
    /// The country calling code; 86 when left out.
    pub area_code: Option<String>,
    /// Digits; 11 starting 1[3-9] in area 86, else 5 to 15.
    #[schema(required = true, pattern = "^[0-9]{5,15}$")]
    pub mobile: Option<String>,
    #[schema(required = true, pattern = "^[0-9]{6}$")]
    pub code: Option<String>,
}

pub async fn bind_mobile(
    state: web::Data<AppState>,
    form: Form<MobileParams>,
) -> ApiResult<Reply<Profile>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let p = p?;
    let area = validate::area_code(p.area_code.as_deref())?;
    let mobile = validate::mobile(&area, p.mobile.as_deref().unwrap_or_default())?;
    let code = validate::code(p.code.as_deref())?;
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
    Ok(Reply(user_json(&state, user.id).await?))
}

/// `safe/email`: an e-mail to bind, with the code sent to it.
#[derive(Deserialize, ToSchema)]
pub struct BindEmailParams {
    #[schema(required = true, max_length = 254)]
    pub email: Option<String>,
    #[schema(required = true, pattern = "^[0-9]{6}$")]
    pub code: Option<String>,
}

pub async fn bind_email(
    state: web::Data<AppState>,
    form: Form<BindEmailParams>,
) -> ApiResult<Reply<Profile>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let p = p?;
    let email = validate::email(p.email.as_deref().unwrap_or_default())?;
    let code = validate::code(p.code.as_deref())?;
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
    Ok(Reply(user_json(&state, user.id).await?))
}

/// A user the caller invited.
#[derive(Serialize, ToSchema)]
pub struct Invitee {
    pub id: i64,
    /// Their e-mail, else their mobile number, masked (`a***@mail.com`, `138****8000`).
    pub account: String,
    /// When they registered, milliseconds since the epoch.
    pub created_at: i64,
}

pub async fn invite_list(
    state: web::Data<AppState>,
    form: Form<PageParams>,
) -> ApiResult<Reply<Paged<Invitee>>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let p = p?;
    let paging = Paging::of(p.page, p.limit);
    let page: Paged<(i64, Option<String>, Option<String>, i64)> = crate::db::paged(
        &state.db,
        "users",
        "id, email, mobile, created_at",
        "parent_id = $1",
        Some(user.id),
        paging,
    )
    .await?;
    let page = page.map(|(id, email, mobile, created_at)| Invitee {
        id,
        account: validate::mask(&email.or(mobile).unwrap_or_default()),
        created_at,
    });
    Ok(Reply(page))
}

/// A rebate the caller earned from an invitee.
#[derive(Serialize, ToSchema)]
pub struct Rebate {
    pub id: i64,
    /// The invitee's e-mail, else their mobile number, masked.
    pub from_account: String,
    /// The coin it was paid in, as stored.
    pub currency: String,
    /// A decimal string.
    pub amount: String,
    /// Milliseconds since the epoch.
    pub created_at: i64,
}

pub async fn profit_list(
    state: web::Data<AppState>,
    form: Form<PageParams>,
) -> ApiResult<Reply<Paged<Rebate>>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let p = p?;
    let paging = Paging::of(p.page, p.limit);
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
    let page =
        Paged::of(paging, rows, total).map(|(id, email, mobile, currency, amount, created_at)| {
            Rebate {
                id,
                from_account: validate::mask(&email.or(mobile).unwrap_or_default()),
                currency,
                amount: actors::money::from_units(amount).normalize().to_string(),
                created_at,
            }
        });
    Ok(Reply(page))
}

/// `feedback/list`: notifications, paged, of both kinds or one.
#[derive(Deserialize, ToSchema)]
pub struct NotificationsParams {
    pub page: Option<Page>,
    pub limit: Option<Page>,
    /// 0 unread, 1 read; both when left out.
    #[schema(pattern = "^[01]$")]
    pub is_red: Option<String>,
}

/// A notification to the caller.
#[derive(Serialize, ToSchema)]
pub struct Notification {
    pub id: i64,
    pub title: String,
    pub content: String,
    /// 0 unread, 1 read.
    pub is_red: i64,
    /// Milliseconds since the epoch.
    pub created_at: i64,
}

pub async fn notifications(
    state: web::Data<AppState>,
    form: Form<NotificationsParams>,
) -> ApiResult<Reply<Paged<Notification>>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let p = p?;
    let paging = Paging::of(p.page, p.limit);
    let filter: Option<i64> = match p.is_red.as_deref() {
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
    let page = Paged::of(paging, rows, total).map(|(id, title, content, is_red, created_at)| {
        Notification {
            id,
            title,
            content,
            is_red,
            created_at,
        }
    });
    Ok(Reply(page))
}

/// `feedback/read`: one notification, or all when `id` is left out.
#[derive(Deserialize, ToSchema)]
pub struct MarkReadParams {
    pub id: Option<Id>,
}

/// How many notifications are left unread.
#[derive(Serialize, ToSchema)]
pub struct Unread {
    pub unread: i64,
}

pub async fn mark_read(
    state: web::Data<AppState>,
    form: Form<MarkReadParams>,
) -> ApiResult<Reply<Unread>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let id = p?.id.map(|i| i.0);
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
    Ok(Reply(Unread { unread }))
}
