//! Codes, registration, login, logout and password reset.

use crate::codes;
use crate::db::now_ms;
use crate::error::{ApiError, ApiResult};
use crate::i18n::t;
use crate::notifier::Channel;
use crate::params::{Form, NoParams, Reply};
use crate::security::{hash_password_blocking, verify_password_blocking};
use crate::state::AppState;
use crate::validate;
use actix_web::web;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// An account as typed into the login field: an e-mail or a mobile number.
pub enum Account {
    Email(String),
    Mobile(String),
}

impl Account {
    pub fn parse(raw: Option<&str>) -> ApiResult<Account> {
        let raw = raw.ok_or_else(|| ApiError::invalid("err_account_invalid"))?;
        if raw.contains('@') {
            Ok(Account::Email(validate::email(raw)?))
        } else if !raw.is_empty() && raw.chars().all(|c| c.is_ascii_digit()) && raw.len() <= 15 {
            Ok(Account::Mobile(raw.to_string()))
        } else {
            Err(ApiError::invalid("err_account_invalid"))
        }
    }

    /// The address codes for this account are sent to.
    pub fn address(&self) -> &str {
        match self {
            Account::Email(e) | Account::Mobile(e) => e,
        }
    }

    /// The user's id and password hash, if registered.
    async fn find(&self, state: &AppState) -> ApiResult<Option<(i64, String)>> {
        let sql = match self {
            Account::Email(_) => "SELECT id, password_hash FROM users WHERE email = $1",
            Account::Mobile(_) => "SELECT id, password_hash FROM users WHERE mobile = $1",
        };
        Ok(sqlx::query_as(sql)
            .bind(self.address())
            .fetch_optional(&state.db)
            .await?)
    }
}

/// `sms_mail` and `user/check_email`: an e-mail, as `user_string` or `email`.
#[derive(Deserialize, ToSchema)]
pub struct EmailParams {
    /// The e-mail (or `email`); required.
    #[schema(max_length = 254)]
    pub user_string: Option<String>,
    #[schema(max_length = 254)]
    pub email: Option<String>,
}

impl EmailParams {
    fn email(&self) -> ApiResult<String> {
        validate::email(
            self.user_string
                .as_deref()
                .or(self.email.as_deref())
                .unwrap_or_default(),
        )
    }
}

pub async fn sms_mail(
    state: web::Data<AppState>,
    form: Form<EmailParams>,
) -> ApiResult<Reply<String>> {
    let (req, p) = form.split();
    let email = p?.email()?;
    codes::send(&state, Channel::Email, &email, &req.ip, req.lang).await?;
    Ok(Reply(t(req.lang, "ok_code_sent", &[])))
}

/// `sms_send`: a mobile number, as `mobile` or `user_string`, with its area code.
#[derive(Deserialize, ToSchema)]
pub struct SmsParams {
    /// The country calling code, digits; 86 when left out.
    #[schema(pattern = "^\\+?[0-9]{1,4}$")]
    pub area_code: Option<String>,
    /// The number, digits (or `user_string`); required.
    #[schema(pattern = "^[0-9]+$")]
    pub mobile: Option<String>,
    pub user_string: Option<String>,
}

pub async fn sms_send(
    state: web::Data<AppState>,
    form: Form<SmsParams>,
) -> ApiResult<Reply<String>> {
    let (req, p) = form.split();
    let p = p?;
    let area = validate::area_code(p.area_code.as_deref())?;
    let mobile = validate::mobile(
        &area,
        p.mobile
            .as_deref()
            .or(p.user_string.as_deref())
            .unwrap_or_default(),
    )?;
    codes::send(&state, Channel::Sms, &mobile, &req.ip, req.lang).await?;
    Ok(Reply(t(req.lang, "ok_code_sent", &[])))
}

/// Whether an e-mail is registered.
#[derive(Serialize, ToSchema)]
pub struct Registered {
    pub registered: bool,
}

pub async fn check_email(
    state: web::Data<AppState>,
    form: Form<EmailParams>,
) -> ApiResult<Reply<Registered>> {
    let email = form.split().1?.email()?;
    let found = Account::Email(email).find(&state).await?.is_some();
    Ok(Reply(Registered { registered: found }))
}

/// `user/register`: an account by e-mail or mobile, with the code sent to it.
/// Passwords are read as typed (not trimmed).
#[derive(Deserialize, ToSchema)]
pub struct RegisterParams {
    /// The e-mail or the mobile number; required.
    #[schema(required = true)]
    pub user_string: Option<String>,
    /// `email` (the default) or `mobile`.
    #[serde(rename = "type")]
    #[schema(pattern = "^(email|mobile)$")]
    pub kind: Option<String>,
    /// The country calling code of a mobile; 86 when left out.
    pub area_code: Option<String>,
    /// 7 to 32 characters.
    #[schema(required = true, min_length = 7, max_length = 32)]
    pub password: Option<String>,
    /// The password again.
    #[schema(required = true)]
    pub re_password: Option<String>,
    /// The 6-digit code sent to the account.
    #[schema(required = true, pattern = "^[0-9]{6}$")]
    pub code: Option<String>,
    /// An inviter's invite code.
    pub extension_code: Option<String>,
}

pub async fn register(
    state: web::Data<AppState>,
    form: Form<RegisterParams>,
) -> ApiResult<Reply<String>> {
    let (req, p) = form.split();
    let p = p?;
    let raw = p.user_string.as_deref().unwrap_or_default();
    let (account, area) = match p.kind.as_deref().unwrap_or("email") {
        "email" => (Account::Email(validate::email(raw)?), None),
        "mobile" => {
            let area = validate::area_code(p.area_code.as_deref())?;
            (Account::Mobile(validate::mobile(&area, raw)?), Some(area))
        }
        _ => return Err(ApiError::invalid("err_type_invalid")),
    };
    let password = validate::password(req.raw("password"), req.raw("re_password"))?;
    let code = validate::code(p.code.as_deref())?;
    let parent = match p.extension_code.as_deref() {
        None => None,
        Some(invite) => Some(
            sqlx::query_as::<_, (i64,)>("SELECT id FROM users WHERE invite_code = $1")
                .bind(invite.to_uppercase())
                .fetch_optional(&state.db)
                .await?
                .ok_or_else(|| ApiError::invalid("err_invite_code"))?
                .0,
        ),
    };
    if account.find(&state).await?.is_some() {
        return Err(ApiError::conflict("err_account_exists"));
    }
    // Everything else is valid: only now is the code used up.
    codes::consume(&state, account.address(), &code).await?;
    let hash = hash_password_blocking(password)
        .await
        .map_err(ApiError::internal)?;
    let (email, mobile) = match &account {
        Account::Email(e) => (Some(e.clone()), None),
        Account::Mobile(m) => (None, Some(m.clone())),
    };
    let user_id =
        crate::accounts::create_user(&state, email, mobile, area, &hash, parent, "user").await?;
    welcome(&state, user_id, req.lang).await?;
    Ok(Reply(t(req.lang, "ok_registered", &[])))
}

/// The welcome notification, in the language the user registered in.
async fn welcome(state: &AppState, user_id: i64, lang: crate::i18n::Lang) -> ApiResult<()> {
    let row: Option<(String, String)> = sqlx::query_as(
        "SELECT title, content FROM pages WHERE slug = 'welcome_message' AND lang IN ($1, 'en') ORDER BY CASE WHEN lang = $1 THEN 0 ELSE 1 END LIMIT 1",
    )
    .bind(lang.code())
    .fetch_optional(&state.db)
    .await?;
    if let Some((title, content)) = row {
        sqlx::query("INSERT INTO notifications (user_id, title, content, created_at) VALUES ($1, $2, $3, $4)")
            .bind(user_id)
            .bind(title)
            .bind(content)
            .bind(now_ms())
            .execute(&state.db)
            .await?;
    }
    Ok(())
}

/// `user/login`: an e-mail or mobile number and its password (read as typed).
#[derive(Deserialize, ToSchema)]
pub struct LoginParams {
    /// The e-mail or mobile number (or `account`); required.
    pub user_string: Option<String>,
    pub account: Option<String>,
    #[schema(required = true)]
    pub password: Option<String>,
}

pub async fn login(
    state: web::Data<AppState>,
    form: Form<LoginParams>,
) -> ApiResult<Reply<String>> {
    let (req, p) = form.split();
    let p = p?;
    let now = now_ms();
    let limits = &state.settings.limits;
    if !state.limiter.allow(
        &format!("login-ip:{}", req.ip),
        limits.login_per_ip_per_minute,
        60_000,
        now,
    ) {
        return Err(ApiError::rate_limited());
    }
    let account = Account::parse(p.user_string.as_deref().or(p.account.as_deref()))?;
    // Declared in `LoginParams`; read untrimmed, as typed.
    let password = req.raw("password").unwrap_or_default().to_string();
    let fail_key = format!("login-fail:{}", account.address());
    let window = limits.login_failure_window_seconds * 1000;
    if state.limiter.count(&fail_key, window, now) >= limits.login_failures_per_account {
        return Err(ApiError::rate_limited());
    }
    let found = account.find(&state).await?;
    let valid = match &found {
        Some((_, hash)) => verify_password_blocking(password, hash.clone()).await,
        // Same work for an unknown account, so timing does not reveal which exist.
        None => !verify_password_blocking(password, crate::security::dummy_hash()).await,
    };
    let Some((user_id, _)) = found.filter(|_| valid) else {
        state.limiter.record(&fail_key, now);
        return Err(ApiError::invalid("err_login_failed"));
    };
    state.limiter.clear(&fail_key);
    let from = crate::devices::Origin {
        user_agent: &req.user_agent,
        ip: &req.ip,
    };
    Ok(Reply(crate::devices::issue(&state, user_id, from).await?))
}

pub async fn logout(state: web::Data<AppState>, form: Form<NoParams>) -> ApiResult<Reply<String>> {
    let req = form.req;
    let user = req.user(&state).await?;
    crate::devices::end(&state, user.id, crate::devices::Which::One(user.token_id)).await?;
    Ok(Reply(t(req.lang, "ok_logged_out", &[])))
}

/// `user/forget`: a new password for an account, with the code sent to it.
/// Passwords are read as typed (not trimmed).
#[derive(Deserialize, ToSchema)]
pub struct ForgetParams {
    /// The e-mail or mobile number (or `user_string`); required.
    pub account: Option<String>,
    pub user_string: Option<String>,
    /// 7 to 32 characters.
    #[schema(required = true, min_length = 7, max_length = 32)]
    pub password: Option<String>,
    /// The password again (or `re_password`).
    pub repassword: Option<String>,
    pub re_password: Option<String>,
    /// The 6-digit code sent to the account.
    #[schema(required = true, pattern = "^[0-9]{6}$")]
    pub code: Option<String>,
}

pub async fn forget(
    state: web::Data<AppState>,
    form: Form<ForgetParams>,
) -> ApiResult<Reply<String>> {
    let (req, p) = form.split();
    let p = p?;
    let account = Account::parse(p.account.as_deref().or(p.user_string.as_deref()))?;
    let password = validate::password(
        req.raw("password"),
        req.params
            .get("repassword")
            .or(req.params.get("re_password"))
            .map(String::as_str),
    )?;
    let code = validate::code(p.code.as_deref())?;
    let (user_id, _) = account
        .find(&state)
        .await?
        .ok_or_else(|| ApiError::invalid("err_account_not_found"))?;
    codes::consume(&state, account.address(), &code).await?;
    let hash = hash_password_blocking(password)
        .await
        .map_err(ApiError::internal)?;
    sqlx::query("UPDATE users SET password_hash = $1 WHERE id = $2")
        .bind(hash)
        .bind(user_id)
        .execute(&state.db)
        .await?;
    crate::accounts::revoke_all(&state, user_id).await?;
    state
        .limiter
        .clear(&format!("login-fail:{}", account.address()));
    Ok(Reply(t(req.lang, "ok_password_reset", &[])))
}

/// `dev/outbox`: the codes sent to one address.
#[derive(serde::Deserialize, utoipa::ToSchema)]
pub struct OutboxParams {
    /// The e-mail or mobile number the codes went to.
    pub to: String,
}

/// A code the server sent (dev.outbox only).
#[derive(serde::Serialize, utoipa::ToSchema)]
pub struct SentCode {
    /// The e-mail or mobile number it went to.
    pub to: String,
    /// The 6-digit code.
    pub code: String,
    /// Milliseconds since the epoch.
    pub sent_at: i64,
}

/// The newest 20 codes sent to `to`, newest first.
pub async fn dev_outbox(
    state: web::Data<AppState>,
    form: crate::params::Form<OutboxParams>,
) -> ApiResult<crate::params::Reply<Vec<SentCode>>> {
    if !state.settings.dev.outbox {
        return Err(ApiError::not_found());
    }
    if !state.settings.outbox_served() {
        return Err(ApiError::forbidden_because("err_outbox_remote"));
    }
    let to = form.split().1?.to.to_lowercase();
    let rows: Vec<(String, String, i64)> = sqlx::query_as(
        "SELECT to_addr, code, sent_at FROM outbox WHERE to_addr = $1 ORDER BY id DESC LIMIT 20",
    )
    .bind(&to)
    .fetch_all(&state.db)
    .await?;
    let list = rows
        .into_iter()
        .map(|(to, code, sent_at)| SentCode { to, code, sent_at })
        .collect();
    Ok(crate::params::Reply(list))
}
