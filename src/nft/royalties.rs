//! Artists linked to user accounts, for the admin: each artist with the user
//! their resale royalties are paid to and what they accrued while not
//! linked; linking (which pays the accrual, once) and unlinking. The money
//! moves in `actors::nft::royalties`; this is who may ask and what they see.
//!
//! The rule for a link: an artist is linked to one user at a time. Linking
//! an artist already linked to that user changes nothing and pays nothing
//! (a repeated call); linking one linked to someone else is refused until
//! an admin unlinks it. Unlinking an artist that is not linked changes
//! nothing.

use super::artists::Royalty;
use super::{coin_name, tell_balance};
use crate::error::{ApiError, ApiResult, Kind};
use crate::extract::Paging;
use crate::funds::units;
use crate::params::Paged;
use crate::state::AppState;
use ::actors::nft::royalties::{self, Linked};
use serde::Serialize;
use std::collections::BTreeMap;
use utoipa::ToSchema;

/// An artist as the admin's royalties screen shows them.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ArtistRoyalties {
    pub id: i64,
    pub name: String,
    pub avatar: String,
    /// The user the artist's royalties are paid to; null when not linked.
    pub user_id: Option<i64>,
    /// That user's e-mail, else mobile number; null when not linked.
    pub user_account: Option<String>,
    /// Royalties the artist accrued while not linked and has not been paid,
    /// per coin (empty when none): held in the royalties account, paid to
    /// the user the artist is linked to next.
    pub unpaid: Vec<Royalty>,
}

#[derive(sqlx::FromRow)]
struct Row {
    id: i64,
    name: String,
    avatar: String,
    user_id: Option<i64>,
    email: Option<String>,
    mobile: Option<String>,
}

#[derive(sqlx::FromRow)]
struct Unpaid {
    artist_id: i64,
    currency: i64,
    unpaid: i64,
}

const SELECT: &str = "SELECT a.id, a.name, a.avatar, a.user_id, u.email, u.mobile
 FROM nft_artists a LEFT JOIN users u ON u.id = a.user_id";

fn royalty(state: &AppState, currency: i64, amount: i64) -> Royalty {
    Royalty {
        currency,
        currency_name: coin_name(state, currency),
        amount: units(amount),
    }
}

/// The rows with what each accrued (one query for the page).
async fn with_unpaid(state: &AppState, rows: Vec<Row>) -> ApiResult<Vec<ArtistRoyalties>> {
    let mut unpaid: BTreeMap<i64, Vec<Royalty>> = BTreeMap::new();
    if !rows.is_empty() {
        let ids = rows
            .iter()
            .map(|r| r.id.to_string())
            .collect::<Vec<_>>()
            .join(", ");
        let owed: Vec<Unpaid> = sqlx::query_as(&format!(
            "SELECT artist_id, currency, unpaid FROM nft_artist_royalties WHERE unpaid > 0 AND artist_id IN ({ids}) ORDER BY artist_id, currency"
        ))
        .fetch_all(&state.db)
        .await?;
        for o in owed {
            unpaid
                .entry(o.artist_id)
                .or_default()
                .push(royalty(state, o.currency, o.unpaid));
        }
    }
    Ok(rows
        .into_iter()
        .map(|r| ArtistRoyalties {
            unpaid: unpaid.remove(&r.id).unwrap_or_default(),
            user_account: r.user_id.and(r.email.or(r.mobile)),
            id: r.id,
            name: r.name,
            avatar: r.avatar,
            user_id: r.user_id,
        })
        .collect())
}

/// Artists, newest first (optionally by a part of their name), each with
/// their link and what they accrued.
pub async fn list(
    state: &AppState,
    keyword: Option<&str>,
    paging: Paging,
) -> ApiResult<Paged<ArtistRoyalties>> {
    let keyword = keyword
        .map(str::trim)
        .filter(|k| !k.is_empty())
        .map(|k| format!("%{}%", k.to_lowercase().replace(['%', '_'], "")));
    let filter = "CAST($1 AS TEXT) IS NULL OR LOWER(a.name) LIKE $1";
    let (total,): (i64,) = sqlx::query_as(&format!(
        "SELECT COUNT(*) FROM nft_artists a WHERE {filter}"
    ))
    .bind(keyword.clone())
    .fetch_one(&state.db)
    .await?;
    let rows: Vec<Row> = sqlx::query_as(&format!(
        "{SELECT} WHERE {filter} ORDER BY a.id DESC LIMIT $2 OFFSET $3"
    ))
    .bind(keyword)
    .bind(paging.limit)
    .bind(paging.offset())
    .fetch_all(&state.db)
    .await?;
    Ok(Paged::of(paging, with_unpaid(state, rows).await?, total))
}

/// One artist as the screen shows them.
pub async fn one(state: &AppState, artist: i64) -> ApiResult<ArtistRoyalties> {
    let row: Option<Row> = sqlx::query_as(&format!("{SELECT} WHERE a.id = $1"))
        .bind(artist)
        .fetch_optional(&state.db)
        .await?;
    let row = row.ok_or_else(no_artist)?;
    with_unpaid(state, vec![row])
        .await?
        .pop()
        .ok_or_else(no_artist)
}

fn no_artist() -> ApiError {
    ApiError::new(Kind::NotFound, "err_nft_artist_not_found")
}

/// Who a link names: a user by id, or by e-mail or mobile number; exactly
/// one of the two.
#[derive(Debug, Clone)]
pub enum LinkTo {
    Id(i64),
    Account(String),
}

impl LinkTo {
    /// From the call's two optional fields.
    pub fn of(user_id: Option<i64>, account: Option<&str>) -> ApiResult<LinkTo> {
        let account = account.map(str::trim).filter(|a| !a.is_empty());
        match (user_id, account) {
            (Some(id), None) => Ok(LinkTo::Id(id)),
            (None, Some(a)) => Ok(LinkTo::Account(a.to_string())),
            _ => Err(ApiError::invalid("err_nft_link_user")),
        }
    }

    /// The user's id; a 404 when nobody has it.
    async fn find(&self, state: &AppState) -> ApiResult<i64> {
        let found: Option<(i64,)> = match self {
            LinkTo::Id(id) => {
                sqlx::query_as("SELECT id FROM users WHERE id = $1")
                    .bind(id)
                    .fetch_optional(&state.db)
                    .await?
            }
            LinkTo::Account(a) if a.contains('@') => {
                sqlx::query_as("SELECT id FROM users WHERE email = $1")
                    .bind(crate::validate::email(a)?)
                    .fetch_optional(&state.db)
                    .await?
            }
            LinkTo::Account(a) if a.len() <= 15 && a.bytes().all(|b| b.is_ascii_digit()) => {
                sqlx::query_as("SELECT id FROM users WHERE mobile = $1")
                    .bind(a)
                    .fetch_optional(&state.db)
                    .await?
            }
            LinkTo::Account(_) => return Err(ApiError::invalid("err_account_invalid")),
        };
        found
            .map(|(id,)| id)
            .ok_or_else(|| ApiError::new(Kind::NotFound, "err_nft_link_no_user"))
    }
}

/// What a link answers.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct LinkAnswer {
    pub artist: ArtistRoyalties,
    /// What the artist had accrued, paid to the user by this call, per
    /// coin: empty when nothing had accrued, and on a repeated call
    /// (nothing is paid twice).
    pub paid: Vec<Royalty>,
}

/// Links `artist` to the user `to` names and pays them what the artist
/// accrued (see the module's rule).
pub async fn link(state: &AppState, artist: i64, to: &LinkTo) -> ApiResult<LinkAnswer> {
    // The artist first, so a call naming neither says the artist is missing.
    one(state, artist).await?;
    let user = to.find(state).await?;
    let store = state.nft.store()?;
    let paid = match royalties::link(&store, artist, user)
        .await
        .map_err(ApiError::from)?
    {
        Linked::Now(paid) => paid,
        Linked::Already => Vec::new(),
        Linked::Other(other) => {
            return Err(ApiError::conflict("err_nft_artist_linked").with_arg("user", other))
        }
    };
    for p in &paid {
        tell_balance(state, user, p.currency);
    }
    Ok(LinkAnswer {
        artist: one(state, artist).await?,
        paid: paid
            .iter()
            .map(|p| royalty(state, p.currency, p.amount))
            .collect(),
    })
}

/// Unlinks `artist`: later royalties are held for the artist again.
pub async fn unlink(state: &AppState, artist: i64) -> ApiResult<ArtistRoyalties> {
    let store = state.nft.store()?;
    royalties::unlink(&store, artist)
        .await
        .map_err(ApiError::from)?;
    one(state, artist).await
}
