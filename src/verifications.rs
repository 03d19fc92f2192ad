//! The identity verification review desk: the queue admins page through, and
//! their decisions. Users submit and follow their own requests through
//! `api::identity`.

use crate::db::now_ms;
use crate::error::{ApiError, ApiResult};
use crate::extract::Paging;
use crate::params::Paged;
use crate::state::AppState;
use actors::runtime::Event;
use serde::Serialize;
use utoipa::ToSchema;

/// A verification request, as the review desk sees it (read straight from
/// its row, the photos' stored names then made into signed links).
#[derive(Serialize, ToSchema, sqlx::FromRow)]
pub struct Verification {
    pub id: i64,
    pub user_id: i64,
    /// 1 or 2.
    pub level: i64,
    /// 1 verifying, 2 verified, 3 failed.
    pub state: i64,
    /// Level 1: `id_card`, `passport`, `driver_license` (or 1, 2, 3); the
    /// person's fields are empty for level 2.
    pub id_type: String,
    pub name: String,
    pub card_id: String,
    /// Signed links to the document's photos.
    pub front_pic: String,
    pub reverse_pic: String,
    pub erc_address: String,
    pub trc_address: String,
    /// The reviewer's reason (always given on a rejection); empty before review.
    pub reason: String,
    /// Milliseconds since the epoch.
    pub created_at: i64,
}

/// A page of the review queue: every request, or those in state `st`.
pub async fn queue(
    state: &AppState,
    st: Option<i64>,
    paging: Paging,
) -> ApiResult<Paged<Verification>> {
    let columns = "id, user_id, level, state, id_type, name, card_id, front_pic, reverse_pic, erc_address, trc_address, reason, created_at";
    let page: Paged<Verification> = crate::db::paged(
        &state.db,
        "verifications",
        columns,
        crate::db::STATE_FILTER,
        st,
        paging,
    )
    .await?;
    // The photos are private: the desk gets short-lived signed links to them.
    Ok(page.map(|r| Verification {
        front_pic: crate::uploads::signed(state, &r.front_pic),
        reverse_pic: crate::uploads::signed(state, &r.reverse_pic),
        ..r
    }))
}

/// Approves (verified) or rejects (failed: the user may go again) a request
/// still being verified, once.
pub async fn review(
    state: &AppState,
    admin: i64,
    id: i64,
    approve: bool,
    reason: &str,
) -> ApiResult<()> {
    let status = if approve { 2 } else { 3 };
    let row: Option<(i64, i64)> = sqlx::query_as(
        "UPDATE verifications SET state = $1, reason = $2, reviewed_by = $3, reviewed_at = $4 WHERE id = $5 AND state = 1
         RETURNING user_id, level",
    )
    .bind(status)
    .bind(reason)
    .bind(admin)
    .bind(now_ms())
    .bind(id)
    .fetch_optional(&state.db)
    .await?;
    let Some((user_id, level)) = row else {
        return Err(ApiError::conflict("err_request_state"));
    };
    // The identity screen (and whatever waits on the level, a withdrawal)
    // follows the decision without the user coming back to it.
    state.hub.do_send(Event::Private {
        user_id,
        event: "verification",
        payload: serde_json::json!({ "id": id, "level": level, "status": status }),
    });
    Ok(())
}
