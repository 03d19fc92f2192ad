//! Verification codes: issue (one per address per resend gap, per-IP limit),
//! deliver, and check (expiry, wrong-try limit, single use).

use crate::db::now_ms;
use crate::error::{ApiError, ApiResult, Kind};
use crate::i18n::Lang;
use crate::notifier::Channel;
use crate::security::{code_hash, new_code};
use crate::state::AppState;

/// Issues a code for `address` and delivers it.
pub async fn send(
    state: &AppState,
    channel: Channel,
    address: &str,
    ip: &str,
    lang: Lang,
) -> ApiResult<()> {
    let cfg = &state.settings.codes;
    let now = now_ms();
    let last: Option<(i64,)> =
        sqlx::query_as("SELECT created_at FROM codes WHERE address = $1 ORDER BY id DESC LIMIT 1")
            .bind(address)
            .fetch_optional(&state.db)
            .await?;
    if let Some((created_at,)) = last {
        let wait_ms = created_at + cfg.resend_seconds * 1000 - now;
        if wait_ms > 0 {
            return Err(ApiError::new(Kind::RateLimited, "err_code_too_soon")
                .with_arg("seconds", (wait_ms + 999) / 1000));
        }
    }
    let limits = &state.settings.limits;
    if !state.limiter.allow(
        &format!("code-ip:{ip}"),
        limits.codes_per_ip_per_minute,
        60_000,
        now,
    ) {
        return Err(ApiError::rate_limited());
    }
    let code = new_code();
    let (id,): (i64,) = sqlx::query_as(
        "INSERT INTO codes (address, code_hash, created_at, expires_at) VALUES ($1, $2, $3, $4) RETURNING id",
    )
    .bind(address)
    .bind(code_hash(address, &code))
    .bind(now)
    .bind(now + cfg.ttl_seconds * 1000)
    .fetch_one(&state.db)
    .await?;
    if let Err(e) = state
        .notifier
        .send_code(channel, address, &code, lang)
        .await
    {
        // Not delivered: forget it so the resend gap does not block a retry.
        sqlx::query("DELETE FROM codes WHERE id = $1")
            .bind(id)
            .execute(&state.db)
            .await?;
        return Err(ApiError::internal(e));
    }
    if state.settings.dev.outbox {
        sqlx::query("INSERT INTO outbox (to_addr, code, sent_at) VALUES ($1, $2, $3)")
            .bind(address)
            .bind(&code)
            .bind(now)
            .execute(&state.db)
            .await?;
    }
    Ok(())
}

/// Checks `code` against the newest code of `address` and uses it up on success.
/// A used, expired or burnt code never works again.
pub async fn consume(state: &AppState, address: &str, code: &str) -> ApiResult<()> {
    let row: Option<(i64, String, i64, i64, Option<i64>)> = sqlx::query_as(
        "SELECT id, code_hash, expires_at, attempts, used_at FROM codes WHERE address = $1 ORDER BY id DESC LIMIT 1",
    )
    .bind(address)
    .fetch_optional(&state.db)
    .await?;
    let Some((id, hash, expires_at, attempts, used_at)) = row else {
        return Err(ApiError::invalid("err_code_wrong"));
    };
    if used_at.is_some() || expires_at <= now_ms() {
        return Err(ApiError::invalid("err_code_expired"));
    }
    if attempts >= state.settings.codes.max_attempts {
        return Err(ApiError::invalid("err_code_too_many"));
    }
    if hash != code_hash(address, code) {
        sqlx::query("UPDATE codes SET attempts = attempts + 1 WHERE id = $1")
            .bind(id)
            .execute(&state.db)
            .await?;
        return Err(ApiError::invalid("err_code_wrong"));
    }
    // Conditional so that two concurrent requests with the same code cannot both
    // pass.
    let used = sqlx::query("UPDATE codes SET used_at = $1 WHERE id = $2 AND used_at IS NULL")
        .bind(now_ms())
        .bind(id)
        .execute(&state.db)
        .await?;
    if used.rows_affected() != 1 {
        return Err(ApiError::invalid("err_code_expired"));
    }
    Ok(())
}
