//! `bourse admin …` commands run against the configured database.

use crate::config::Settings;
use crate::db;
use crate::security::hash_password_blocking;
use crate::validate;

/// Creates an admin account, or makes an existing account with that e-mail an
/// admin with the given password.
pub async fn create_admin(
    settings: Settings,
    email: &str,
    password: &str,
) -> Result<String, String> {
    let email = validate::email(email).map_err(|_| "not a valid e-mail address".to_string())?;
    validate::password(Some(password), Some(password))
        .map_err(|_| "the password must be 7 to 32 characters".to_string())?;
    let pool = db::connect(&settings.database.url, 2)
        .await
        .map_err(|e| format!("database: {e}"))?;
    let hash = hash_password_blocking(password.to_string()).await?;
    let existing: Option<(i64,)> = sqlx::query_as("SELECT id FROM users WHERE email = $1")
        .bind(&email)
        .fetch_optional(&pool)
        .await
        .map_err(|e| e.to_string())?;
    if let Some((id,)) = existing {
        sqlx::query("UPDATE users SET role = 'admin', password_hash = $1 WHERE id = $2")
            .bind(&hash)
            .bind(id)
            .execute(&pool)
            .await
            .map_err(|e| e.to_string())?;
        return Ok(format!("user {id} ({email}) is now an admin"));
    }
    let invite = crate::security::new_invite_code();
    let (id,): (i64,) = sqlx::query_as(
        "INSERT INTO users (email, password_hash, nickname, invite_code, role, created_at) VALUES ($1, $2, $3, $4, 'admin', $5) RETURNING id",
    )
    .bind(&email)
    .bind(&hash)
    .bind("Admin")
    .bind(&invite)
    .bind(db::now_ms())
    .fetch_one(&pool)
    .await
    .map_err(|e| e.to_string())?;
    Ok(format!("admin {id} ({email}) created"))
}
