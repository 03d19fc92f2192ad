//! A user's signed-in sessions, one per login token: made at login, listed
//! with where they came from and when they were last used, and ended (logout,
//! password change or reset, "log out of all devices", one session ended from
//! the list, an admin ending a user's sessions). Ending a session revokes its
//! token and closes every socket opened with it, on every node, before the
//! call that ended it answers (see `socket::hub::EndTokens`).

pub mod agent;

use crate::db::now_ms;
use crate::error::ApiResult;
use crate::socket::private::EndReason;
use crate::state::AppState;
use serde::Serialize;
use std::time::Duration;
use utoipa::ToSchema;

/// `tokens.last_seen_at` is written at most this often per token.
pub const SEEN_EVERY_MS: i64 = 60_000;

/// Most sessions a list answers (the most recently used).
const MOST_LISTED: i64 = 100;

/// How long an ending waits for the hub to pass it on to the other nodes
/// before answering anyway: the token is revoked in the database already.
const HUB_WAIT: Duration = Duration::from_secs(2);

/// Where a login came from, as the request showed it.
pub struct Origin<'a> {
    pub user_agent: &'a str,
    pub ip: &'a str,
}

/// Stores a new login token for `user_id` (only its hash) and answers the
/// token itself.
pub async fn issue(state: &AppState, user_id: i64, from: Origin<'_>) -> ApiResult<String> {
    let token = crate::security::new_token();
    let now = now_ms();
    sqlx::query(
        "INSERT INTO tokens (user_id, token_hash, created_at, expires_at, user_agent, ip, last_seen_at) VALUES ($1, $2, $3, $4, $5, $6, $3)",
    )
    .bind(user_id)
    .bind(crate::security::sha256_hex(&token))
    .bind(now)
    .bind(now + state.settings.auth.token_ttl_ms())
    .bind(agent::keep_agent(from.user_agent))
    .bind(agent::coarse_ip(from.ip))
    .execute(&state.db)
    .await?;
    Ok(token)
}

/// Notes that a token was used now, without holding up the request that used
/// it (a failed write only leaves the time older).
pub fn touch(state: &AppState, token_id: i64, now: i64) {
    let db = state.db.clone();
    tokio::spawn(async move {
        let res = sqlx::query(
            "UPDATE tokens SET last_seen_at = $1 WHERE id = $2 AND (last_seen_at IS NULL OR last_seen_at < $1)",
        )
        .bind(now)
        .bind(token_id)
        .execute(&db)
        .await;
        if let Err(e) = res {
            log::debug!("last seen of token {token_id}: {e}");
        }
    });
}

/// One live session as the security screen lists it.
#[derive(Serialize, ToSchema)]
pub struct SessionView {
    /// The session's id, for `safe/sessions/end`.
    pub id: i64,
    /// The browser its user agent names (`Chrome`, `Safari`…), empty when unknown.
    pub browser: String,
    /// The system its user agent names (`iOS`, `Android`, `Windows`…), empty when unknown.
    pub os: String,
    /// Whether it is a phone or tablet.
    pub mobile: bool,
    /// The address it logged in from, made coarse (`203.0.113.x`).
    pub ip: String,
    /// When it logged in (milliseconds since the epoch).
    pub created_at: i64,
    /// When it was last used, to the minute.
    pub last_seen_at: i64,
    /// When it ends by itself.
    pub expires_at: i64,
    /// The session making this call.
    pub current: bool,
}

#[derive(sqlx::FromRow)]
struct SessionRow {
    id: i64,
    user_agent: String,
    ip: String,
    created_at: i64,
    last_seen_at: Option<i64>,
    expires_at: i64,
}

/// The user's live sessions (neither revoked nor expired), most recently used
/// first; `current` is the caller's own.
pub async fn list(state: &AppState, user_id: i64, current: i64) -> ApiResult<Vec<SessionView>> {
    let rows: Vec<SessionRow> = sqlx::query_as(
        "SELECT id, user_agent, ip, created_at, last_seen_at, expires_at FROM tokens
         WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > $2
         ORDER BY COALESCE(last_seen_at, created_at) DESC, id DESC LIMIT $3",
    )
    .bind(user_id)
    .bind(now_ms())
    .bind(MOST_LISTED)
    .fetch_all(&state.db)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| {
            let a = agent::describe(&r.user_agent);
            SessionView {
                id: r.id,
                browser: a.browser.to_string(),
                os: a.os.to_string(),
                mobile: a.mobile,
                ip: r.ip,
                created_at: r.created_at,
                last_seen_at: r.last_seen_at.unwrap_or(r.created_at).max(r.created_at),
                expires_at: r.expires_at,
                current: r.id == current,
            }
        })
        .collect())
}

/// Which of a user's sessions to end.
#[derive(Debug, Clone, Copy)]
pub enum Which {
    /// Every one (password changed or reset, an admin's call).
    All,
    /// Every one but this token's ("log out of all other devices").
    AllBut(i64),
    /// This token's only (logout, one session ended from the list).
    One(i64),
}

/// Revokes the user's live tokens that `which` names and closes their
/// sockets; answers the tokens revoked (none when `One` names a token that is
/// not the user's or not live).
pub async fn end(state: &AppState, user_id: i64, which: Which) -> ApiResult<Vec<i64>> {
    const LIVE: &str = "UPDATE tokens SET revoked_at = $1 WHERE user_id = $2 AND revoked_at IS NULL AND expires_at > $1";
    let now = now_ms();
    let sql = match which {
        Which::All => format!("{LIVE} RETURNING id"),
        Which::AllBut(_) => format!("{LIVE} AND id <> $3 RETURNING id"),
        Which::One(_) => format!("{LIVE} AND id = $3 RETURNING id"),
    };
    let q = sqlx::query_as(&sql).bind(now).bind(user_id);
    let q = match which {
        Which::All => q,
        Which::AllBut(id) | Which::One(id) => q.bind(id),
    };
    let rows: Vec<(i64,)> = q.fetch_all(&state.db).await?;
    let ids: Vec<i64> = rows.into_iter().map(|(id,)| id).collect();
    end_sockets(state, ids.clone(), EndReason::Revoked).await;
    Ok(ids)
}

/// Forgets the tokens this node had verified and closes the sockets opened
/// with them here and on the other nodes.
async fn end_sockets(state: &AppState, token_ids: Vec<i64>, reason: EndReason) {
    if token_ids.is_empty() {
        return;
    }
    state.sessions.forget_tokens(&token_ids);
    let ending = crate::socket::hub::EndTokens {
        tokens: token_ids,
        reason,
    };
    match tokio::time::timeout(HUB_WAIT, state.hub.send(ending)).await {
        Ok(Ok(())) => {}
        Ok(Err(e)) => log::error!("hub: ending sockets: {e}"),
        Err(_) => log::warn!("hub: ending sockets took over {HUB_WAIT:?}"),
    }
}
