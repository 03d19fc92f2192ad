//! Blind boxes: buying one (the next number of the series, its price from
//! spot) and opening it (the item the published rule gives its number
//! becomes the buyer's). Neither needs an actor: each is one transaction
//! guarded by the row it changes.

use super::engine;
use super::store::{op, post, spot};
use crate::ledger::{Posting, SystemAccount};
use crate::runtime::ProductError;
use crate::sql::Store;

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct SeriesRow {
    pub id: i64,
    pub collection_id: i64,
    pub name: String,
    pub intro: String,
    pub cover: String,
    pub currency: i64,
    pub price: i64,
    pub total: i64,
    pub sold: i64,
    pub seed: String,
    pub seed_hash: String,
    pub starts_at: i64,
    pub ends_at: i64,
    pub created_at: i64,
}

pub const SERIES_COLUMNS: &str = "id, collection_id, name, intro, cover, currency, price, total, sold, seed, seed_hash, starts_at, ends_at, created_at";

impl SeriesRow {
    /// The seed is shown once nobody can buy a box any more.
    pub fn revealed(&self, now: i64) -> bool {
        self.sold >= self.total || now >= self.ends_at
    }
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct BoxRow {
    pub id: i64,
    pub series_id: i64,
    pub number: i64,
    pub user_id: i64,
    pub price: i64,
    pub item_id: Option<i64>,
    pub bought_at: i64,
    pub opened_at: Option<i64>,
}

pub const BOX_COLUMNS: &str =
    "id, series_id, number, user_id, price, item_id, bought_at, opened_at";

pub async fn series(db: &Store, id: i64) -> Result<Option<SeriesRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {SERIES_COLUMNS} FROM nft_series WHERE id = $1"
    ))
    .bind(id)
    .fetch_optional(&**db)
    .await
}

pub async fn one_box(db: &Store, id: i64) -> Result<Option<BoxRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {BOX_COLUMNS} FROM nft_boxes WHERE id = $1"
    ))
    .bind(id)
    .fetch_optional(&**db)
    .await
}

/// Buys the series' next box. The number is taken in the transaction by the
/// update that counts the sale (`sold = sold + 1 … RETURNING sold`): buyers
/// at the same moment queue on the series' row (SQLite writes one at a time;
/// PostgreSQL re-checks `sold < total` on the row as the buyer before it
/// left it), so each gets the next number and only a buyer who finds the
/// series sold out is refused. A guard on the count read before would refuse
/// all but one of every wave of buyers while boxes remain.
pub async fn buy(db: &Store, s: &SeriesRow, user: i64, now: i64) -> Result<BoxRow, ProductError> {
    if now < s.starts_at || now >= s.ends_at {
        return Err(ProductError::Conflict("err_nft_not_on_sale"));
    }
    if s.sold >= s.total {
        return Err(ProductError::Conflict("err_nft_sold_out"));
    }
    let mut tx = db.begin().await?;
    let taken = tx
        .db()
        .rows::<1>(
            &format!(
                "UPDATE nft_series SET sold = sold + 1 WHERE id = {} AND sold < total AND starts_at <= {now} AND ends_at > {now} RETURNING sold",
                s.id
            ),
            &[],
        )
        .await?;
    let Some([sold]) = taken.first().copied() else {
        tx.rollback().await?;
        let sold_out = series(db, s.id).await?.is_none_or(|s| s.sold >= s.total);
        return Err(ProductError::Conflict(if sold_out {
            "err_nft_sold_out"
        } else {
            "err_nft_not_on_sale"
        }));
    };
    let number = sold - 1;
    let (id,): (i64,) = sqlx::query_as("INSERT INTO nft_boxes (series_id, number, user_id, price, bought_at) VALUES ($1, $2, $3, $4, $5) RETURNING id")
        .bind(s.id)
        .bind(number)
        .bind(user)
        .bind(s.price)
        .bind(now)
        .fetch_one(&mut *tx)
        .await?;
    let postings = vec![
        spot(user, s.currency, -s.price),
        Posting::system(SystemAccount::NftSales, s.currency, s.price),
    ];
    let mut o = op(format!("nft_box:{id}"), "nft_box", id, postings);
    o.ref_type = "nft_box".into();
    post(&mut tx, &[o]).await?;
    tx.commit().await?;
    Ok(BoxRow {
        id,
        series_id: s.id,
        number,
        user_id: user,
        price: s.price,
        item_id: None,
        bought_at: now,
        opened_at: None,
    })
}

/// Opens a box: the item in the slot the rule gives its number becomes the
/// owner's. Answers the item's id.
pub async fn open(
    db: &Store,
    b: &BoxRow,
    s: &SeriesRow,
    user: i64,
    now: i64,
) -> Result<i64, ProductError> {
    if b.user_id != user {
        return Err(ProductError::NotFound("err_nft_not_found"));
    }
    let slot = usize::try_from(b.number)
        .ok()
        .and_then(|n| engine::slot_of(&s.seed, usize::try_from(s.total).unwrap_or(0), n))
        .ok_or_else(|| ProductError::Internal(format!("box {} has no slot", b.id)))?;
    let (item,): (i64,) =
        sqlx::query_as("SELECT id FROM nft_items WHERE series_id = $1 AND slot = $2")
            .bind(s.id)
            .bind(slot as i64)
            .fetch_one(&**db)
            .await?;
    let guard = format!(
        "UPDATE nft_boxes SET item_id = {item}, opened_at = {now} WHERE id = {} AND user_id = {user} AND item_id IS NULL",
        b.id
    );
    let mut tx = db
        .begin_if(&guard)
        .await?
        .ok_or(ProductError::Conflict("err_nft_box_opened"))?;
    sqlx::query(
        "UPDATE nft_items SET owner_id = $1, last_price = $2 WHERE id = $3 AND owner_id IS NULL",
    )
    .bind(user)
    .bind(b.price)
    .bind(item)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(item)
}
