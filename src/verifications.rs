//! The identity verification review desk: the queue admins page through, and
//! their decisions. Users submit and follow their own requests through
//! `api::identity`.

use crate::db::now_ms;
use crate::error::{ApiError, ApiResult};
use crate::extract::Paging;
use crate::params::Paged;
use crate::state::AppState;
use serde::Serialize;
use utoipa::ToSchema;

/// A verification request, as the review desk sees it.
#[derive(Serialize, ToSchema)]
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
    type Row = (
        i64,
        i64,
        i64,
        i64,
        String,
        String,
        String,
        String,
        String,
        String,
        String,
        String,
        i64,
    );
    let columns = "id, user_id, level, state, id_type, name, card_id, front_pic, reverse_pic, erc_address, trc_address, reason, created_at";
    let page: Paged<Row> = crate::db::paged(
        &state.db,
        "verifications",
        columns,
        crate::db::STATE_FILTER,
        st,
        paging,
    )
    .await?;
    let page = page.map(|r| Verification {
        id: r.0,
        user_id: r.1,
        level: r.2,
        state: r.3,
        id_type: r.4,
        name: r.5,
        card_id: r.6,
        front_pic: crate::uploads::signed(state, &r.7),
        reverse_pic: crate::uploads::signed(state, &r.8),
        erc_address: r.9,
        trc_address: r.10,
        reason: r.11,
        created_at: r.12,
    });
    Ok(page)
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
    let res = sqlx::query(
        "UPDATE verifications SET state = $1, reason = $2, reviewed_by = $3, reviewed_at = $4 WHERE id = $5 AND state = 1",
    )
    .bind(if approve { 2 } else { 3 })
    .bind(reason)
    .bind(admin)
    .bind(now_ms())
    .bind(id)
    .execute(&state.db)
    .await?;
    if res.rows_affected() != 1 {
        return Err(ApiError::conflict("err_request_state"));
    }
    Ok(())
}
