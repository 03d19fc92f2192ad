//! Accounts as the server makes and ends them: a new user (sign-up, the demo
//! accounts) and every session of one revoked at once. Handlers and seeding
//! both call these, so a user is made one way whoever asks.

use crate::db::now_ms;
use crate::error::{is_unique_violation, ApiError, ApiResult};
use crate::security::new_invite_code;
use crate::state::AppState;

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

/// Revokes every live token of a user (password changed or reset).
pub async fn revoke_all(state: &AppState, user_id: i64) -> ApiResult<()> {
    sqlx::query("UPDATE tokens SET revoked_at = $1 WHERE user_id = $2 AND revoked_at IS NULL")
        .bind(now_ms())
        .bind(user_id)
        .execute(&state.db)
        .await?;
    state.sessions.forget_user(user_id);
    Ok(())
}
