//! The caller's signed-in sessions: list them, end one, end all the others
//! (or all); and an admin ending every session of a user.

use crate::devices::{self, SessionView, Which};
use crate::error::{ApiError, ApiResult, Kind};
use crate::extract::Admin;
use crate::params::{Flag, Form, Id, IdParams, NoParams, Reply};
use crate::state::AppState;
use actix_web::web;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// How many sessions a call ended.
#[derive(Serialize, ToSchema)]
pub struct Ended {
    pub ended: i64,
    /// Whether the caller's own session was among them (its token no longer
    /// works: the app signs out).
    pub current: bool,
}

/// `GET safe/sessions`: the caller's live sessions, most recently used first.
pub async fn list(
    state: web::Data<AppState>,
    form: Form<NoParams>,
) -> ApiResult<Reply<Vec<SessionView>>> {
    let user = form.req.user(&state).await?;
    Ok(Reply(devices::list(&state, user.id, user.token_id).await?))
}

/// `POST safe/sessions/end {id}`: ends one of the caller's sessions (the
/// caller's own too: that is a logout).
pub async fn end_one(state: web::Data<AppState>, form: Form<IdParams>) -> ApiResult<Reply<Ended>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let id = p?.id.0;
    let ended = devices::end(&state, user.id, Which::One(id)).await?;
    if ended.is_empty() {
        return Err(ApiError::new(Kind::NotFound, "err_session_not_found"));
    }
    Ok(Reply(Ended {
        ended: ended.len() as i64,
        current: id == user.token_id,
    }))
}

/// `safe/sessions/end_others`: `all` 1 ends the caller's own session too.
#[derive(Deserialize, ToSchema)]
pub struct EndOthersParams {
    /// 1 ends every session, the caller's own included; 0 (default) keeps it.
    pub all: Option<Flag>,
}

/// `POST safe/sessions/end_others`: "log out of all other devices" (or all).
pub async fn end_others(
    state: web::Data<AppState>,
    form: Form<EndOthersParams>,
) -> ApiResult<Reply<Ended>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let all = Flag::on(p?.all);
    let which = if all {
        Which::All
    } else {
        Which::AllBut(user.token_id)
    };
    let ended = devices::end(&state, user.id, which).await?;
    Ok(Reply(Ended {
        ended: ended.len() as i64,
        current: all,
    }))
}

/// `users/sessions/end {user_id}`.
#[derive(Deserialize, ToSchema)]
pub struct UserParams {
    pub user_id: Id,
}

/// `POST /admin/api/users/sessions/end`: ends every session of a user (a
/// lost phone, a suspected takeover); the user logs in again.
pub async fn admin_end(
    state: web::Data<AppState>,
    _admin: Admin,
    form: Form<UserParams>,
) -> ApiResult<Reply<Ended>> {
    let user_id = form.split().1?.user_id.0;
    let known: Option<(i64,)> = sqlx::query_as("SELECT id FROM users WHERE id = $1")
        .bind(user_id)
        .fetch_optional(&state.db)
        .await?;
    if known.is_none() {
        return Err(ApiError::new(Kind::NotFound, "err_account_not_found"));
    }
    let ended = devices::end(&state, user_id, Which::All).await?;
    Ok(Reply(Ended {
        ended: ended.len() as i64,
        current: false,
    }))
}
