//! Every statement that moves money or ownership in the NFT marketplace: a
//! fixed-price purchase, an auction's deposits, bids, end, default and
//! payment, and the blind boxes. Each step is one transaction; the ones an
//! actor takes on its own timer (an auction's end, a payment that expired)
//! are guarded by the state they move from (`Store::begin_if`), so a step
//! that fell due while the server was down is taken once.

use super::engine::{self, Bid, Outcome};
use crate::ledger::{self, account, precision, Bucket, Operation, Posting, SystemAccount, SYSTEM};
use crate::market::deriv::ledger_err;
use crate::runtime::ProductError;
use crate::sql::{Store, WriteTx};

/// Listing, deposit and payment states.
pub mod status {
    pub const REVIEW: i64 = 0;
    pub const ON_SALE: i64 = 1;
    pub const AWAITING_PAYMENT: i64 = 2;
    pub const SOLD: i64 = 3;
    pub const CLOSED: i64 = 4;
    pub const REJECTED: i64 = 5;
    /// Listing modes.
    pub const FIXED: i64 = 0;
    pub const AUCTION: i64 = 1;
    /// Deposits.
    pub const HELD: i64 = 0;
    pub const RETURNED: i64 = 1;
    pub const FORFEITED: i64 = 2;
    pub const APPLIED: i64 = 3;
    /// Payments.
    pub const AWAITING: i64 = 0;
    pub const PAID: i64 = 1;
    pub const EXPIRED: i64 = 2;
}

/// The marketplace's rates and windows (from the configuration).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rules {
    /// The artist's share of a resale, parts per million.
    pub royalty_ppm: i64,
    /// The platform's share of a resale.
    pub fee_ppm: i64,
    /// The platform's share of a forfeited deposit (the seller has the rest).
    pub forfeit_platform_ppm: i64,
    /// How long a winner (and then the runner-up) has to pay.
    pub pay_window_ms: i64,
    pub extend_window_ms: i64,
    pub extend_to_ms: i64,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ListingRow {
    pub id: i64,
    pub item_id: i64,
    pub seller_id: Option<i64>,
    pub mode: i64,
    pub currency: i64,
    pub price: i64,
    pub step: i64,
    pub margin: i64,
    pub starts_at: i64,
    pub ends_at: i64,
    pub status: i64,
    pub top_price: Option<i64>,
    pub top_user: Option<i64>,
    pub bids: i64,
    pub buyer_id: Option<i64>,
    pub sold_price: Option<i64>,
    pub sold_at: Option<i64>,
    pub royalty: Option<i64>,
    pub fee: Option<i64>,
    pub demo: i64,
    pub created_at: i64,
}

pub const LISTING_COLUMNS: &str = "id, item_id, seller_id, mode, currency, price, step, margin, starts_at, ends_at, status, top_price, top_user, bids, buyer_id, sold_price, sold_at, royalty, fee, demo, created_at";

impl ListingRow {
    pub fn terms(&self, rules: &Rules) -> engine::Terms {
        engine::Terms {
            start_price: self.price,
            step: self.step,
            starts_at: self.starts_at,
            extend_window_ms: rules.extend_window_ms,
            extend_to_ms: rules.extend_to_ms,
        }
    }

    pub fn top(&self) -> Option<Bid> {
        Some(Bid {
            user: self.top_user?,
            price: self.top_price?,
            at: 0,
        })
    }

    pub fn resale(&self) -> bool {
        self.seller_id.is_some()
    }
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct PaymentRow {
    pub id: i64,
    pub listing_id: i64,
    pub user_id: i64,
    pub round: i64,
    pub price: i64,
    pub deposit: i64,
    pub due_at: i64,
    pub status: i64,
    pub paid_at: Option<i64>,
    pub created_at: i64,
}

pub const PAYMENT_COLUMNS: &str =
    "id, listing_id, user_id, round, price, deposit, due_at, status, paid_at, created_at";

pub async fn listing(db: &Store, id: i64) -> Result<Option<ListingRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {LISTING_COLUMNS} FROM nft_listings WHERE id = $1"
    ))
    .bind(id)
    .fetch_optional(&**db)
    .await
}

/// An auction as its actor holds it: the listing, the deposits held (user,
/// amount), every bid in order, the payment awaited.
#[derive(Debug, Clone)]
pub struct Auction {
    pub listing: ListingRow,
    pub deposits: Vec<(i64, i64)>,
    pub bids: Vec<Bid>,
    pub payment: Option<PaymentRow>,
    /// The leading bidder as every watcher may see them (masked as the bid
    /// log shows bidders), None before the first bid.
    pub leader: Option<String>,
}

/// A user as others may see them: their nickname masked.
pub async fn masked_name(db: &Store, user: i64) -> Result<Option<String>, sqlx::Error> {
    let nick: Option<(String,)> = sqlx::query_as("SELECT nickname FROM users WHERE id = $1")
        .bind(user)
        .fetch_optional(&**db)
        .await?;
    Ok(nick.map(|(n,)| crate::privacy::mask(&n)))
}

pub async fn auction(db: &Store, id: i64) -> Result<Option<Auction>, sqlx::Error> {
    let Some(listing) = listing(db, id).await? else {
        return Ok(None);
    };
    let deposits: Vec<(i64, i64)> = sqlx::query_as(
        "SELECT user_id, amount FROM nft_deposits WHERE listing_id = $1 AND status = $2",
    )
    .bind(id)
    .bind(status::HELD)
    .fetch_all(&**db)
    .await?;
    let bids: Vec<(i64, i64, i64)> = sqlx::query_as(
        "SELECT user_id, price, created_at FROM nft_bids WHERE listing_id = $1 ORDER BY id",
    )
    .bind(id)
    .fetch_all(&**db)
    .await?;
    let payment = sqlx::query_as(&format!(
        "SELECT {PAYMENT_COLUMNS} FROM nft_payments WHERE listing_id = $1 AND status = $2"
    ))
    .bind(id)
    .bind(status::AWAITING)
    .fetch_optional(&**db)
    .await?;
    let leader = match listing.top_user {
        Some(u) => masked_name(db, u).await?,
        None => None,
    };
    Ok(Some(Auction {
        leader,
        listing,
        deposits,
        bids: bids
            .into_iter()
            .map(|(user, price, at)| Bid { user, price, at })
            .collect(),
        payment,
    }))
}

/// A message for `user` about `item`, in the transaction of what it tells.
pub async fn message(
    tx: &mut WriteTx,
    user: i64,
    kind: &str,
    l: &ListingRow,
    price: Option<i64>,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT INTO nft_messages (user_id, kind, item_id, listing_id, price, currency, is_read, created_at) VALUES ($1, $2, $3, $4, $5, $6, 0, $7)")
        .bind(user)
        .bind(kind)
        .bind(l.item_id)
        .bind(l.id)
        .bind(price)
        .bind(l.currency)
        .bind(now)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

pub(super) fn op(key: String, reason: &str, ref_id: i64, postings: Vec<Posting>) -> Operation {
    Operation {
        key,
        reason: reason.into(),
        ref_type: "nft_listing".into(),
        ref_id,
        postings: postings.into_iter().filter(|p| p.amount != 0).collect(),
    }
}

pub(super) async fn post(tx: &mut WriteTx, ops: &[Operation]) -> Result<(), ProductError> {
    let ops: Vec<Operation> = ops
        .iter()
        .filter(|o| !o.postings.is_empty())
        .cloned()
        .collect();
    if ops.is_empty() {
        return Ok(());
    }
    ledger::post_all(&mut tx.db(), &ops)
        .await
        .map(|_| ())
        .map_err(ledger_err)
}

pub(super) fn spot(user: i64, currency: i64, amount: i64) -> Posting {
    Posting::user(user, account::CHANGE, currency, Bucket::Available, amount)
}

fn escrow(user: i64, currency: i64, amount: i64) -> Posting {
    Posting::user(user, account::NFT, currency, Bucket::Available, amount)
}

/// A sale's split with every part a whole number of the coin's steps: the
/// seller's part and the royalty round down, the platform's fee takes the
/// rest (so the fee is never less than its rate).
pub fn rounded_split(currency: i64, price: i64, resale: bool, rules: &Rules) -> engine::Split {
    let exact = engine::split(price, resale, rules.royalty_ppm, rules.fee_ppm);
    let seller = precision::down(currency, exact.seller);
    let royalty = precision::down(currency, exact.royalty);
    engine::Split {
        seller,
        royalty,
        fee: price - seller - royalty,
    }
}

/// Moves the item to `buyer` at `price`, `from_escrow` of it from the
/// buyer's deposit and the rest from spot; the seller, the artist (its
/// linked user, or the royalties account holding it for them) and the
/// platform paid their parts, all in `tx`. Answers the artist's linked
/// user when a royalty was paid to them, who is told with buyer and seller.
async fn settle_sale(
    tx: &mut WriteTx,
    l: &ListingRow,
    buyer: i64,
    price: i64,
    from_escrow: i64,
    rules: &Rules,
    now: i64,
) -> Result<Option<i64>, ProductError> {
    let split = rounded_split(l.currency, price, l.resale(), rules);
    let mut postings = vec![
        spot(buyer, l.currency, -(price - from_escrow)),
        escrow(buyer, l.currency, -from_escrow),
        Posting::system(SystemAccount::NftSales, l.currency, split.fee),
        Posting::system(SystemAccount::NftRoyalties, l.currency, split.royalty),
    ];
    if let Some(seller) = l.seller_id {
        postings.push(spot(seller, l.currency, split.seller));
    }
    let mut ops = vec![op(format!("nft_sale:{}", l.id), "nft_sale", l.id, postings)];
    // Paid on to the artist's linked user in this transaction, or held for
    // the artist (`royalties`).
    let royalty = super::royalties::royalty(tx, l, split.royalty).await?;
    let artist = royalty
        .as_ref()
        .and_then(|o| o.postings.iter().find(|p| p.holder != SYSTEM))
        .map(|p| p.holder);
    ops.extend(royalty);
    post(tx, &ops).await?;
    sqlx::query("UPDATE nft_listings SET status = $1, buyer_id = $2, sold_price = $3, sold_at = $4, royalty = $5, fee = $6 WHERE id = $7")
        .bind(status::SOLD)
        .bind(buyer)
        .bind(price)
        .bind(now)
        .bind(split.royalty)
        .bind(split.fee)
        .bind(l.id)
        .execute(&mut **tx)
        .await?;
    sqlx::query("UPDATE nft_items SET owner_id = $1, last_price = $2 WHERE id = $3")
        .bind(buyer)
        .bind(price)
        .bind(l.item_id)
        .execute(&mut **tx)
        .await?;
    message(tx, buyer, "bought", l, Some(price), now).await?;
    if let Some(seller) = l.seller_id {
        message(tx, seller, "sold", l, Some(split.seller), now).await?;
    }
    Ok(artist)
}

/// Buys a fixed-price listing: taken by the first buyer only (the guard is
/// the listing still on sale, inside its times). Answers the artist's
/// linked user paid a royalty, if one was.
pub async fn buy(
    db: &Store,
    l: &ListingRow,
    buyer: i64,
    rules: &Rules,
    now: i64,
) -> Result<Option<i64>, ProductError> {
    if l.seller_id == Some(buyer) {
        return Err(ProductError::Invalid("err_nft_own_item"));
    }
    let guard = format!(
        "UPDATE nft_listings SET status = {} WHERE id = {} AND status = {} AND mode = {} AND starts_at <= {now} AND ends_at > {now}",
        status::SOLD,
        l.id,
        status::ON_SALE,
        status::FIXED
    );
    let mut tx = db
        .begin_if(&guard)
        .await?
        .ok_or(ProductError::Conflict("err_nft_not_on_sale"))?;
    let artist = settle_sale(&mut tx, l, buyer, l.price, 0, rules, now).await?;
    tx.commit().await?;
    Ok(artist)
}

/// Joins an auction: its deposit from spot to the NFT escrow.
pub async fn join(db: &Store, l: &ListingRow, user: i64, now: i64) -> Result<(), ProductError> {
    let mut tx = db.begin().await?;
    let inserted = sqlx::query("INSERT INTO nft_deposits (listing_id, user_id, amount, status, created_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (listing_id, user_id) DO NOTHING")
        .bind(l.id)
        .bind(user)
        .bind(l.margin)
        .bind(status::HELD)
        .bind(now)
        .execute(&mut *tx)
        .await?
        .rows_affected();
    if inserted != 1 {
        return Err(ProductError::Conflict("err_nft_joined"));
    }
    let postings = vec![
        spot(user, l.currency, -l.margin),
        escrow(user, l.currency, l.margin),
    ];
    post(
        &mut tx,
        &[op(
            format!("nft_margin:{}:{user}", l.id),
            "nft_margin",
            l.id,
            postings,
        )],
    )
    .await?;
    tx.commit().await?;
    Ok(())
}

/// Records a taken bid: the listing's leading bid, count and end move with
/// it; the bidder it displaces is told.
pub async fn bid(db: &Store, l: &ListingRow, b: &Bid, ends_at: i64) -> Result<(), ProductError> {
    let mut tx = db.begin().await?;
    let moved = sqlx::query("UPDATE nft_listings SET top_price = $1, top_user = $2, bids = bids + 1, ends_at = $3 WHERE id = $4 AND status = $5 AND bids = $6")
        .bind(b.price)
        .bind(b.user)
        .bind(ends_at)
        .bind(l.id)
        .bind(status::ON_SALE)
        .bind(l.bids)
        .execute(&mut *tx)
        .await?
        .rows_affected();
    if moved != 1 {
        // The actor holds the listing as stored, so this is a second node or
        // a hand edit: nothing is taken.
        return Err(ProductError::Conflict("err_nft_not_on_sale"));
    }
    sqlx::query(
        "INSERT INTO nft_bids (listing_id, user_id, price, created_at) VALUES ($1, $2, $3, $4)",
    )
    .bind(l.id)
    .bind(b.user)
    .bind(b.price)
    .bind(b.at)
    .execute(&mut *tx)
    .await?;
    if let Some(prev) = l.top_user.filter(|u| *u != b.user) {
        message(&mut tx, prev, "outbid", l, Some(b.price), b.at).await?;
    }
    tx.commit().await?;
    Ok(())
}

/// Who an auction's end touched, for the events after the commit.
#[derive(Debug, Clone, Default)]
pub struct Touched {
    pub users: Vec<i64>,
}

/// Ends an auction at the bids it had: every deposit but the winner's goes
/// back, the winner is asked to pay by `ends_at + pay_window` (the deposit
/// counting toward the price); with no bid the item stays the seller's.
pub async fn end(
    db: &Store,
    a: &Auction,
    rules: &Rules,
    now: i64,
) -> Result<Option<Touched>, ProductError> {
    let l = &a.listing;
    let depositors: Vec<i64> = a.deposits.iter().map(|d| d.0).collect();
    let o: Outcome = engine::outcome(&a.bids, &depositors);
    let to = if o.winner.is_some() {
        status::AWAITING_PAYMENT
    } else {
        status::CLOSED
    };
    let guard = format!(
        "UPDATE nft_listings SET status = {to} WHERE id = {} AND status = {} AND ends_at = {} AND ends_at <= {now}",
        l.id,
        status::ON_SALE,
        l.ends_at
    );
    let Some(mut tx) = db.begin_if(&guard).await? else {
        return Ok(None);
    };
    let mut touched = Touched::default();
    let mut ops = Vec::new();
    for (user, amount) in a.deposits.iter().filter(|d| o.returned.contains(&d.0)) {
        ops.push(op(
            format!("nft_margin_back:{}:{user}", l.id),
            "nft_margin_back",
            l.id,
            vec![
                escrow(*user, l.currency, -amount),
                spot(*user, l.currency, *amount),
            ],
        ));
        sqlx::query("UPDATE nft_deposits SET status = $1 WHERE listing_id = $2 AND user_id = $3 AND status = $4")
            .bind(status::RETURNED)
            .bind(l.id)
            .bind(user)
            .bind(status::HELD)
            .execute(&mut *tx)
            .await?;
        message(&mut tx, *user, "margin_back", l, Some(*amount), now).await?;
        touched.users.push(*user);
    }
    post(&mut tx, &ops).await?;
    if let Some(w) = o.winner {
        let deposit = a.deposits.iter().find(|d| d.0 == w.user).map_or(0, |d| d.1);
        sqlx::query("INSERT INTO nft_payments (listing_id, user_id, round, price, deposit, due_at, status, created_at) VALUES ($1, $2, 0, $3, $4, $5, $6, $7)")
            .bind(l.id)
            .bind(w.user)
            .bind(w.price)
            .bind(deposit)
            .bind(l.ends_at.saturating_add(rules.pay_window_ms))
            .bind(status::AWAITING)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        message(&mut tx, w.user, "won", l, Some(w.price), now).await?;
        touched.users.push(w.user);
    }
    if let Some(seller) = l.seller_id {
        let kind = if o.winner.is_some() {
            "auction_won"
        } else {
            "unsold"
        };
        message(&mut tx, seller, kind, l, o.winner.map(|w| w.price), now).await?;
        touched.users.push(seller);
    }
    tx.commit().await?;
    Ok(Some(touched))
}

/// A payment whose time ran out: a winner's deposit is forfeited (the
/// seller's share and the platform's) and the runner-up is offered the item
/// at their last bid; when the runner-up does not pay either, or there is
/// none, the listing closes and the item stays the seller's.
pub async fn expire(
    db: &Store,
    a: &Auction,
    p: &PaymentRow,
    rules: &Rules,
    now: i64,
) -> Result<Option<Touched>, ProductError> {
    let l = &a.listing;
    let guard = format!(
        "UPDATE nft_payments SET status = {} WHERE id = {} AND status = {} AND due_at <= {now}",
        status::EXPIRED,
        p.id,
        status::AWAITING
    );
    let Some(mut tx) = db.begin_if(&guard).await? else {
        return Ok(None);
    };
    let mut touched = Touched {
        users: vec![p.user_id],
    };
    if p.deposit > 0 {
        let (seller_part, _) =
            engine::split_forfeit(p.deposit, l.resale(), rules.forfeit_platform_ppm);
        // The seller's part rounds down to the coin's precision; the
        // platform keeps the rest.
        let seller_part = precision::down(l.currency, seller_part);
        let platform = p.deposit - seller_part;
        let mut postings = vec![
            escrow(p.user_id, l.currency, -p.deposit),
            Posting::system(SystemAccount::NftSales, l.currency, platform),
        ];
        if let Some(seller) = l.seller_id {
            postings.push(spot(seller, l.currency, seller_part));
        }
        post(
            &mut tx,
            &[op(
                format!("nft_forfeit:{}:{}", l.id, p.user_id),
                "nft_forfeit",
                l.id,
                postings,
            )],
        )
        .await?;
        sqlx::query("UPDATE nft_deposits SET status = $1 WHERE listing_id = $2 AND user_id = $3 AND status = $4")
            .bind(status::FORFEITED)
            .bind(l.id)
            .bind(p.user_id)
            .bind(status::HELD)
            .execute(&mut *tx)
            .await?;
    }
    message(&mut tx, p.user_id, "pay_expired", l, Some(p.deposit), now).await?;
    let depositors: Vec<i64> = a.deposits.iter().map(|d| d.0).collect();
    let runner_up = engine::outcome(&a.bids, &depositors).runner_up;
    match runner_up.filter(|_| p.round == 0) {
        Some(r) => {
            sqlx::query("INSERT INTO nft_payments (listing_id, user_id, round, price, deposit, due_at, status, created_at) VALUES ($1, $2, 1, $3, 0, $4, $5, $6)")
                .bind(l.id)
                .bind(r.user)
                .bind(r.price)
                .bind(now.saturating_add(rules.pay_window_ms))
                .bind(status::AWAITING)
                .bind(now)
                .execute(&mut *tx)
                .await?;
            message(&mut tx, r.user, "offered", l, Some(r.price), now).await?;
            touched.users.push(r.user);
        }
        None => {
            sqlx::query("UPDATE nft_listings SET status = $1 WHERE id = $2")
                .bind(status::CLOSED)
                .bind(l.id)
                .execute(&mut *tx)
                .await?;
            if let Some(seller) = l.seller_id {
                message(&mut tx, seller, "unsold", l, None, now).await?;
                touched.users.push(seller);
            }
        }
    }
    tx.commit().await?;
    Ok(Some(touched))
}

/// The winner (or the runner-up offered it) pays before the deadline: the
/// price less the deposit from spot, the deposit applied. Answers the
/// artist's linked user paid a royalty, if one was.
pub async fn pay(
    db: &Store,
    l: &ListingRow,
    p: &PaymentRow,
    user: i64,
    rules: &Rules,
    now: i64,
) -> Result<Option<i64>, ProductError> {
    let guard = format!(
        "UPDATE nft_payments SET status = {}, paid_at = {now} WHERE id = {} AND user_id = {user} AND status = {} AND due_at > {now}",
        status::PAID,
        p.id,
        status::AWAITING
    );
    let mut tx = db
        .begin_if(&guard)
        .await?
        .ok_or(ProductError::Conflict("err_nft_payment_closed"))?;
    let artist = settle_sale(&mut tx, l, user, p.price, p.deposit, rules, now).await?;
    if p.deposit > 0 {
        sqlx::query("UPDATE nft_deposits SET status = $1 WHERE listing_id = $2 AND user_id = $3 AND status = $4")
            .bind(status::APPLIED)
            .bind(l.id)
            .bind(user)
            .bind(status::HELD)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    Ok(artist)
}
