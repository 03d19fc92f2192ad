//! Who receives an artist's royalty on a resale. Artists are not users, so
//! an admin links an artist to a user account:
//!
//! - A resale of a linked artist's work credits the royalty to the linked
//!   user's spot account in the sale's own transaction (an operation of its
//!   own, `nft_royalty`, so the user's records name it).
//! - A resale of an unlinked artist's work holds the royalty in the
//!   royalties account (112) and adds it to the artist's row of
//!   `nft_artist_royalties`, in the same transaction: the account's balance
//!   per coin is always the sum of what the unlinked artists accrued.
//! - Linking an artist pays what they accrued to the user in the linking's
//!   transaction (`nft_royalty_payout`), taken once: its guard is the
//!   artist still unlinked, and its ledger keys name the link's number.
//!
//! The sale reads the link with an update of the artist's row (it changes
//! nothing), which on PostgreSQL locks the row until the sale commits: a
//! sale and a link of the same artist take turns, so a royalty is never
//! held after the link that should have paid it has read the accruals. (On
//! SQLite writers take turns anyway.) Both take the artist's row before any
//! balance row, in the same order, so they cannot deadlock.

use super::store::{post, spot, ListingRow};
use crate::ledger::{precision, Operation, Posting, SystemAccount};
use crate::runtime::ProductError;
use crate::sql::{Store, WriteTx};

/// The artist of a sold item and the user they are linked to.
#[derive(Debug, Clone, Copy, sqlx::FromRow)]
pub struct Recipient {
    pub id: i64,
    pub user_id: Option<i64>,
}

/// The artist of `item` and their link, the artist's row locked until `tx`
/// ends (see the module's note).
pub(super) async fn recipient(tx: &mut WriteTx, item: i64) -> Result<Recipient, ProductError> {
    let found: Option<Recipient> = sqlx::query_as(
        "UPDATE nft_artists SET user_id = user_id WHERE id = (SELECT artist_id FROM nft_items WHERE id = $1) RETURNING id, user_id",
    )
    .bind(item)
    .fetch_optional(&mut **tx)
    .await?;
    found.ok_or(ProductError::NotFound("err_nft_artist_not_found"))
}

/// The royalty of listing `l`'s sale, `amount` units: an operation crediting
/// the linked artist's user (returned, to post with the sale's), or, for an
/// artist not linked, `amount` added to what the artist accrued (the sale's
/// own operation holds it in the royalties account).
pub(super) async fn royalty(
    tx: &mut WriteTx,
    l: &ListingRow,
    amount: i64,
) -> Result<Option<Operation>, ProductError> {
    if amount <= 0 {
        return Ok(None);
    }
    let artist = recipient(tx, l.item_id).await?;
    let Some(user) = artist.user_id else {
        sqlx::query("INSERT INTO nft_artist_royalties (artist_id, currency, unpaid) VALUES ($1, $2, $3) ON CONFLICT (artist_id, currency) DO UPDATE SET unpaid = nft_artist_royalties.unpaid + excluded.unpaid")
            .bind(artist.id)
            .bind(l.currency)
            .bind(amount)
            .execute(&mut **tx)
            .await?;
        return Ok(None);
    };
    Ok(Some(Operation {
        key: format!("nft_royalty:{}", l.id),
        reason: "nft_royalty".into(),
        ref_type: "nft_listing".into(),
        ref_id: l.id,
        postings: vec![
            Posting::system(SystemAccount::NftRoyalties, l.currency, -amount),
            spot(user, l.currency, amount),
        ],
    }))
}

/// What a link paid in one coin, in units.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Paid {
    pub currency: i64,
    pub amount: i64,
}

/// How a link ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Linked {
    /// Linked now, and what the artist had accrued paid to the user (one
    /// entry per coin; none when nothing had accrued).
    Now(Vec<Paid>),
    /// Already linked to this user: nothing moved (a repeated call).
    Already,
    /// Linked to another user: nothing moved; unlink first.
    Other(i64),
}

/// One coin's accrual.
#[derive(Debug, Clone, Copy, sqlx::FromRow)]
struct Accrued {
    currency: i64,
    unpaid: i64,
}

/// Links `artist` to `user` and pays the user what the artist accrued, in
/// one transaction taken once: a second call (a retry, a double click)
/// finds the artist linked and pays nothing. Each amount is rounded down to
/// its coin; a remainder finer than the coin (only if a coin's decimals
/// were lowered) stays accrued. `ProductError::NotFound("err_nft_artist_not_found")` when there is no
/// such artist.
pub async fn link(db: &Store, artist: i64, user: i64) -> Result<Linked, ProductError> {
    let guard = format!(
        "UPDATE nft_artists SET user_id = {user}, links = links + 1 WHERE id = {artist} AND user_id IS NULL"
    );
    let Some(mut tx) = db.begin_if(&guard).await? else {
        let now: Option<(Option<i64>,)> =
            sqlx::query_as("SELECT user_id FROM nft_artists WHERE id = $1")
                .bind(artist)
                .fetch_optional(&**db)
                .await?;
        return match now {
            None => Err(ProductError::NotFound("err_nft_artist_not_found")),
            Some((Some(u),)) if u == user => Ok(Linked::Already),
            Some((Some(u),)) => Ok(Linked::Other(u)),
            // Unlinked again between the guard and this read.
            Some((None,)) => Err(ProductError::Conflict("err_conflict")),
        };
    };
    let (links,): (i64,) = sqlx::query_as("SELECT links FROM nft_artists WHERE id = $1")
        .bind(artist)
        .fetch_one(&mut *tx)
        .await?;
    let owed: Vec<Accrued> = sqlx::query_as(
        "SELECT currency, unpaid FROM nft_artist_royalties WHERE artist_id = $1 AND unpaid > 0 ORDER BY currency",
    )
    .bind(artist)
    .fetch_all(&mut *tx)
    .await?;
    let mut ops = Vec::new();
    let mut paid = Vec::new();
    for a in owed {
        let amount = precision::down(a.currency, a.unpaid);
        if amount <= 0 {
            continue;
        }
        ops.push(Operation {
            key: format!("nft_royalty_payout:{artist}:{links}:{}", a.currency),
            reason: "nft_royalty_payout".into(),
            ref_type: "nft_artist".into(),
            ref_id: artist,
            postings: vec![
                Posting::system(SystemAccount::NftRoyalties, a.currency, -amount),
                spot(user, a.currency, amount),
            ],
        });
        sqlx::query("UPDATE nft_artist_royalties SET unpaid = unpaid - $1 WHERE artist_id = $2 AND currency = $3")
            .bind(amount)
            .bind(artist)
            .bind(a.currency)
            .execute(&mut *tx)
            .await?;
        paid.push(Paid {
            currency: a.currency,
            amount,
        });
    }
    post(&mut tx, &ops).await?;
    tx.commit().await?;
    Ok(Linked::Now(paid))
}

/// Unlinks `artist`: the royalties of later resales are held for the artist
/// again. Answers the user it was linked to (None: it was not linked, and
/// nothing changed). `ProductError::NotFound("err_nft_artist_not_found")` when there is no such artist.
pub async fn unlink(db: &Store, artist: i64) -> Result<Option<i64>, ProductError> {
    let mut tx = db.begin().await?;
    // The row locked first (as a sale reads it), then cleared.
    let was: Option<(Option<i64>,)> =
        sqlx::query_as("UPDATE nft_artists SET user_id = user_id WHERE id = $1 RETURNING user_id")
            .bind(artist)
            .fetch_optional(&mut *tx)
            .await?;
    let Some((user,)) = was else {
        tx.rollback().await?;
        return Err(ProductError::NotFound("err_nft_artist_not_found"));
    };
    if user.is_some() {
        sqlx::query("UPDATE nft_artists SET user_id = NULL WHERE id = $1")
            .bind(artist)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    Ok(user)
}
