//! Accounts as the server makes, shows and ends them: a new user (sign-up, the
//! demo accounts), the profile the app and the admin area show, and every
//! session of one revoked at once. Handlers and seeding
//! both call these, so a user is made one way whoever asks.

use crate::db::now_ms;
use crate::error::{is_unique_violation, ApiError, ApiResult};
use crate::security::new_invite_code;
use crate::state::AppState;
use serde::Serialize;
use utoipa::ToSchema;

/// Inserts a user with a fresh invite code (retrying the rare code collision).
pub async fn create_user(
    state: &AppState,
    email: Option<String>,
    mobile: Option<String>,
    area_code: Option<String>,
    password_hash: &str,
    parent: Option<i64>,
    role: &str,
) -> ApiResult<i64> {
    for _ in 0..5 {
        let invite = new_invite_code();
        let nickname = format!("Bourse{}", &invite[..4]);
        let res: Result<(i64,), sqlx::Error> = sqlx::query_as(
            "INSERT INTO users (email, mobile, area_code, password_hash, nickname, invite_code, parent_id, role, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id",
        )
        .bind(&email)
        .bind(&mobile)
        .bind(&area_code)
        .bind(password_hash)
        .bind(&nickname)
        .bind(&invite)
        .bind(parent)
        .bind(role)
        .bind(now_ms())
        .fetch_one(&state.db)
        .await;
        match res {
            Ok((id,)) => return Ok(id),
            Err(e) if is_unique_violation(&e) => {
                let taken: Option<(i64,)> =
                    sqlx::query_as("SELECT id FROM users WHERE email = $1 OR mobile = $2")
                        .bind(&email)
                        .bind(&mobile)
                        .fetch_optional(&state.db)
                        .await?;
                if taken.is_some() {
                    return Err(ApiError::conflict("err_account_exists"));
                }
            }
            Err(e) => return Err(e.into()),
        }
    }
    Err(ApiError::internal("no free invite code after 5 tries"))
}

/// Revokes every live token of a user (password changed or reset) and closes
/// every socket opened with them, on every node.
pub async fn revoke_all(state: &AppState, user_id: i64) -> ApiResult<()> {
    crate::devices::end(state, user_id, crate::devices::Which::All).await?;
    Ok(())
}

/// A `users` row as the profile reads it.
#[derive(sqlx::FromRow)]
struct UserRow {
    id: i64,
    email: Option<String>,
    mobile: Option<String>,
    area_code: Option<String>,
    nickname: String,
    signature: String,
    head_portrait: String,
    invite_code: String,
    credit_score: i64,
    pay_password_hash: Option<String>,
    role: String,
    created_at: i64,
}

/// The profile as the app shows it.
#[derive(Serialize, ToSchema)]
pub struct Profile {
    pub id: i64,
    pub email: Option<String>,
    pub mobile: Option<String>,
    pub area_code: Option<String>,
    /// The e-mail, else the mobile number.
    pub account: String,
    pub nickname: String,
    pub signature: String,
    /// The avatar's address, empty when none.
    pub head_portrait: String,
    pub invite_code: String,
    pub credit_score: i64,
    pub has_pay_password: bool,
    /// `user` or `admin`.
    pub role: String,
    /// Milliseconds since the epoch.
    pub created_at: i64,
    /// Unread notifications.
    pub unread: i64,
}

/// The profile as the app shows it.
pub async fn profile(state: &AppState, user_id: i64) -> ApiResult<Profile> {
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
    let account = u.email.clone().or(u.mobile.clone()).unwrap_or_default();
    Ok(Profile {
        id: u.id,
        email: u.email,
        mobile: u.mobile,
        area_code: u.area_code,
        account,
        nickname: u.nickname,
        signature: u.signature,
        head_portrait: u.head_portrait,
        invite_code: u.invite_code,
        credit_score: u.credit_score,
        has_pay_password: u.pay_password_hash.is_some(),
        role: u.role,
        created_at: u.created_at,
        unread,
    })
}
