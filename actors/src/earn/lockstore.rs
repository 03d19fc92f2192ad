//! Every statement of a lock-up product's actor: its product row, its day
//! rates, its orders, and the ledger operations of subscribing, redeeming
//! early and the daily accrual (which matures the orders it pays last).

use super::engine::{self, LockBook, LockRefusal, LockTerms, Redemption};
use crate::ledger::{
    self, account, precision, Bucket, Operation, PostError, Posting, SystemAccount,
};
use crate::runtime::ProductError;
use crate::sql::{Store, SLICE_ROWS};

/// A `lock_products` row.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ProductRow {
    pub id: i64,
    pub key: String,
    pub category: String,
    pub name: String,
    pub currency: i64,
    pub rate_min_ppm: i64,
    pub rate_max_ppm: i64,
    pub days: i64,
    pub min_amount: i64,
    pub user_cap: i64,
    pub total_cap: i64,
    pub penalty_ppm: i64,
    pub enabled: i64,
    pub accrual_hour: i64,
    pub accrued_through: i64,
    pub accruals: i64,
    pub locked: i64,
    pub holders: i64,
    pub sort: i64,
    pub created_at: i64,
    pub updated_at: i64,
}

pub const PRODUCT_COLUMNS: &str = "id, key, category, name, currency, rate_min_ppm, rate_max_ppm, days, min_amount, user_cap, total_cap, penalty_ppm, enabled, accrual_hour, accrued_through, accruals, locked, holders, sort, created_at, updated_at";

impl ProductRow {
    pub fn terms(&self) -> LockTerms {
        LockTerms {
            rate_min_ppm: self.rate_min_ppm,
            rate_max_ppm: self.rate_max_ppm,
            days: self.days,
            min_amount: self.min_amount,
            user_cap: self.user_cap,
            total_cap: self.total_cap,
            penalty_ppm: self.penalty_ppm,
        }
    }

    /// The next accrual's moment.
    pub fn next_accrual(&self) -> i64 {
        self.accrued_through + engine::DAY_MS
    }
}

/// The `status` of an order paid its last day and its principal returned
/// (0 is open, 1 redeemed early).
pub const MATURED: i64 = 2;

/// A `lock_orders` row.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct OrderRow {
    pub id: i64,
    pub product_id: i64,
    pub user_id: i64,
    pub currency: i64,
    pub amount: i64,
    pub rate_min_ppm: i64,
    pub rate_max_ppm: i64,
    pub days: i64,
    pub penalty_ppm: i64,
    pub paid_days: i64,
    pub accrued: i64,
    pub promised_left: i64,
    pub status: i64,
    pub created_at: i64,
    pub first_accrual_at: i64,
    pub matures_at: i64,
    pub ended_at: Option<i64>,
    pub returned: Option<i64>,
    pub penalty: Option<i64>,
}

pub const ORDER_COLUMNS: &str = "id, product_id, user_id, currency, amount, rate_min_ppm, rate_max_ppm, days, penalty_ppm, paid_days, accrued, promised_left, status, created_at, first_accrual_at, matures_at, ended_at, returned, penalty";

impl OrderRow {
    /// What redeeming it now would return and forfeit (its own terms): the
    /// return rounded down to the coin's precision, the penalty the rest.
    pub fn redemption(&self) -> Redemption {
        let r = engine::redeem_early(
            &LockTerms {
                penalty_ppm: self.penalty_ppm,
                ..LockTerms::default()
            },
            self.amount,
        );
        let returned = precision::down(self.currency, r.returned);
        Redemption {
            returned,
            penalty: self.amount - returned,
        }
    }
}

/// What the actor keeps of an open order: enough to pay it, mature it and
/// check a user's cap.
#[derive(Debug, Clone, Copy, sqlx::FromRow)]
pub struct Open {
    pub id: i64,
    pub user_id: i64,
    pub amount: i64,
    pub rate_max_ppm: i64,
    pub first_accrual_at: i64,
    pub matures_at: i64,
}

pub async fn product(db: &Store, id: i64) -> Result<Option<ProductRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {PRODUCT_COLUMNS} FROM lock_products WHERE id = $1"
    ))
    .bind(id)
    .fetch_optional(&**db)
    .await
}

pub async fn open_orders(db: &Store, product: i64) -> Result<Vec<Open>, sqlx::Error> {
    sqlx::query_as(
        "SELECT id, user_id, amount, rate_max_ppm, first_accrual_at, matures_at FROM lock_orders
         WHERE product_id = $1 AND status = 0 ORDER BY id",
    )
    .bind(product)
    .fetch_all(&**db)
    .await
}

pub async fn order(db: &Store, id: i64) -> Result<Option<OrderRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {ORDER_COLUMNS} FROM lock_orders WHERE id = $1"
    ))
    .bind(id)
    .fetch_optional(&**db)
    .await
}

/// The coin's yield reserve (the balance of system account 110) and the
/// yield its open orders are promised, as committed.
pub async fn reserve(db: &Store, currency: i64) -> Result<(i64, i64), sqlx::Error> {
    let reserve: Option<(i64,)> = sqlx::query_as(
        "SELECT available FROM balances WHERE holder = 0 AND currency = $1 AND account = $2",
    )
    .bind(currency)
    .bind(SystemAccount::MiningReserve as i64)
    .fetch_optional(&**db)
    .await?;
    let promised: Option<(i64,)> =
        sqlx::query_as("SELECT promised FROM earn_reserves WHERE currency = $1")
            .bind(currency)
            .fetch_optional(&**db)
            .await?;
    Ok((reserve.map_or(0, |r| r.0), promised.map_or(0, |r| r.0)))
}

/// Stores the rate of every day from `first` to `last` not drawn yet,
/// drawing each inside the product's range; answers the rate of `first`.
/// A day's rate, once stored, never changes.
pub async fn ensure_rates(
    db: &Store,
    p: &ProductRow,
    first: i64,
    last: i64,
) -> Result<i64, sqlx::Error> {
    let mut tx = db.begin().await?;
    let rate = ensure_rates_in(&mut tx, p, first, last).await?;
    tx.commit().await?;
    Ok(rate)
}

async fn ensure_rates_in(
    tx: &mut sqlx::AnyConnection,
    p: &ProductRow,
    first: i64,
    last: i64,
) -> Result<i64, sqlx::Error> {
    for day in first..=last {
        let rate = engine::day_rate(&p.terms(), rand::random::<u64>());
        sqlx::query(
            "INSERT INTO lock_rates (product_id, day, starts_at, rate_ppm) VALUES ($1, $2, $3, $4)
             ON CONFLICT (product_id, day) DO NOTHING",
        )
        .bind(p.id)
        .bind(day)
        .bind(engine::period_start(day, p.accrual_hour))
        .bind(rate)
        .execute(&mut *tx)
        .await?;
    }
    let (rate,): (i64,) =
        sqlx::query_as("SELECT rate_ppm FROM lock_rates WHERE product_id = $1 AND day = $2")
            .bind(p.id)
            .bind(first)
            .fetch_one(&mut *tx)
            .await?;
    Ok(rate)
}

fn ledger_err(e: PostError) -> ProductError {
    crate::market::deriv::ledger_err(e)
}

/// What the subscriber asked for is refused as sent; what others took
/// first (the product's cap, the reserve) is a conflict.
fn refusal(r: LockRefusal) -> ProductError {
    match r {
        LockRefusal::BelowMinimum => ProductError::Invalid("err_lock_below_minimum"),
        LockRefusal::OverUserCap => ProductError::Invalid("err_lock_over_user_cap"),
        LockRefusal::OverTotalCap => ProductError::Conflict("err_lock_over_total_cap"),
        LockRefusal::Insufficient => ProductError::Invalid("err_insufficient"),
        LockRefusal::Uncovered => ProductError::Conflict("err_lock_uncovered"),
    }
}

/// What a subscription needs from the actor's memory.
pub struct Subscription {
    pub user: i64,
    pub amount: i64,
    pub now: i64,
    /// The user's principal already in the product, and everyone's.
    pub user_total: i64,
    pub product_total: i64,
    pub holders: i64,
}

/// Subscribes: checks the terms, the caps, the balance and the coin's
/// reserve inside the transaction (the reserve row is written first, so
/// subscriptions to any product of the coin take turns), moves the amount
/// from the spot account to the mining account and stores the order.
/// Answers the order and the coin's (reserve, promised) after it.
pub async fn subscribe(
    db: &Store,
    p: &ProductRow,
    s: &Subscription,
) -> Result<(OrderRow, (i64, i64)), ProductError> {
    let t = p.terms();
    let promise = engine::promised_yield(&t, s.amount, t.days);
    let (first, matures) = engine::schedule(s.now, p.accrual_hour, t.days);
    let mut tx = db.begin().await?;
    sqlx::query("UPDATE earn_reserves SET promised = promised + $1 WHERE currency = $2")
        .bind(promise)
        .bind(p.currency)
        .execute(&mut *tx)
        .await?;
    let read = |holder: i64, account: i64| {
        format!("SELECT available FROM balances WHERE holder = {holder} AND currency = {} AND account = {account}", p.currency)
    };
    let one = |rows: Vec<[i64; 1]>| rows.first().map_or(0, |r| r[0]);
    let reserve = one(tx
        .db()
        .rows::<1>(&read(0, SystemAccount::MiningReserve as i64), &[])
        .await?);
    let available = one(tx
        .db()
        .rows::<1>(&read(s.user, account::CHANGE), &[])
        .await?);
    let promised = one(tx
        .db()
        .rows::<1>(
            &format!(
                "SELECT promised FROM earn_reserves WHERE currency = {}",
                p.currency
            ),
            &[],
        )
        .await?);
    let book = LockBook {
        user_total: s.user_total,
        product_total: s.product_total,
        promised: promised - promise,
        reserve,
    };
    if let Err(r) = engine::subscribe(&t, &book, s.amount, available) {
        tx.rollback().await?;
        return Err(refusal(r));
    }
    let (id,): (i64,) = sqlx::query_as(
        "INSERT INTO lock_orders (product_id, user_id, currency, amount, rate_min_ppm, rate_max_ppm, days, penalty_ppm, promised_left, status, created_at, first_accrual_at, matures_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 0, $10, $11, $12) RETURNING id",
    )
    .bind(p.id)
    .bind(s.user)
    .bind(p.currency)
    .bind(s.amount)
    .bind(t.rate_min_ppm)
    .bind(t.rate_max_ppm)
    .bind(t.days)
    .bind(t.penalty_ppm)
    .bind(promise)
    .bind(s.now)
    .bind(first)
    .bind(matures)
    .fetch_one(&mut *tx)
    .await?;
    let op = Operation {
        key: format!("lock_subscribe:{id}"),
        reason: "lock_subscribe".into(),
        ref_type: "lock_order".into(),
        ref_id: id,
        postings: vec![
            Posting::user(
                s.user,
                account::CHANGE,
                p.currency,
                Bucket::Available,
                -s.amount,
            ),
            Posting::user(
                s.user,
                account::MINING,
                p.currency,
                Bucket::Available,
                s.amount,
            ),
        ],
    };
    ledger::post_all(&mut tx.db(), &[op])
        .await
        .map_err(ledger_err)?;
    set_totals(&mut tx, p.id, s.product_total + s.amount, s.holders, s.now).await?;
    tx.commit().await?;
    let row = order(db, id)
        .await?
        .ok_or(ProductError::NotFound("err_lock_not_found"))?;
    Ok((row, (reserve, promised)))
}

async fn set_totals(
    tx: &mut sqlx::AnyConnection,
    product: i64,
    locked: i64,
    holders: i64,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE lock_products SET locked = $1, holders = $2, updated_at = $3 WHERE id = $4",
    )
    .bind(locked)
    .bind(holders)
    .bind(now)
    .bind(product)
    .execute(&mut *tx)
    .await?;
    Ok(())
}

/// Redeems an open order early: the principal less the penalty returns to
/// the spot account, the penalty goes to the coin's reserve, and the yield
/// it was promised is no longer owed.
pub async fn redeem(
    db: &Store,
    o: &OrderRow,
    locked: i64,
    holders: i64,
    now: i64,
) -> Result<OrderRow, ProductError> {
    let Redemption { returned, penalty } = o.redemption();
    let mut tx = db.begin().await?;
    let n = sqlx::query(
        "UPDATE lock_orders SET status = 1, ended_at = $1, returned = $2, penalty = $3, promised_left = 0 WHERE id = $4 AND status = 0",
    )
    .bind(now)
    .bind(returned)
    .bind(penalty)
    .bind(o.id)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if n != 1 {
        tx.rollback().await?;
        return Err(ProductError::Conflict("err_lock_ended"));
    }
    sqlx::query("UPDATE earn_reserves SET promised = promised - $1 WHERE currency = $2")
        .bind(o.promised_left)
        .bind(o.currency)
        .execute(&mut *tx)
        .await?;
    let mut postings = vec![
        Posting::user(
            o.user_id,
            account::MINING,
            o.currency,
            Bucket::Available,
            -o.amount,
        ),
        Posting::user(
            o.user_id,
            account::CHANGE,
            o.currency,
            Bucket::Available,
            returned,
        ),
        Posting::system(SystemAccount::MiningReserve, o.currency, penalty),
    ];
    postings.retain(|p| p.amount != 0);
    let op = Operation {
        key: format!("lock_redeem:{}", o.id),
        reason: "lock_redeem".into(),
        ref_type: "lock_order".into(),
        ref_id: o.id,
        postings,
    };
    ledger::post_all(&mut tx.db(), &[op])
        .await
        .map_err(ledger_err)?;
    set_totals(&mut tx, o.product_id, locked, holders, now).await?;
    tx.commit().await?;
    order(db, o.id)
        .await?
        .ok_or(ProductError::NotFound("err_lock_not_found"))
}

/// What one order is paid at an accrual (its day's yield, or its principal
/// at maturity).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Paid {
    pub order: i64,
    pub user: i64,
    pub amount: i64,
}

/// One day's accrual of a product, planned by the actor from its open
/// orders.
pub struct Accrual {
    /// The accrual's moment: it pays the day that ends here.
    pub at: i64,
    pub rate_ppm: i64,
    /// The slices it pays, each the first and last id of at most [`SLICE_ROWS`]
    /// of the product's orders the day pays, in id order.
    pub slices: Vec<(i64, i64)>,
    /// The product's principal and holders after it.
    pub locked: i64,
    pub holders: i64,
}

/// What the orders' updates answered they were paid: each yield above
/// nothing, each principal returned.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Payout {
    pub yields: Vec<Paid>,
    pub matured: Vec<Paid>,
}

impl Payout {
    fn extend(&mut self, other: Payout) {
        self.yields.extend(other.yields);
        self.matured.extend(other.matured);
    }
}

/// The slices of the orders of `ids` (any order): at most [`SLICE_ROWS`]
/// each. Each slice is one transaction, so spot batches take their turns
/// between slices instead of waiting for a product's whole day.
pub fn slices(mut ids: Vec<i64>) -> Vec<(i64, i64)> {
    ids.sort_unstable();
    ids.chunks(SLICE_ROWS)
        .filter_map(|c| Some((*c.first()?, *c.last()?)))
        .collect()
}

/// Applies `a` slice by slice ([`pay_slice`]), then closes the day: the
/// product's `accrued_through`, moved only from the day before (and its
/// count of accruals, the operations' keys), with its totals. A slice an
/// earlier start committed pays nothing again, so an accrual cut by a kill
/// resumes where it stopped; `None` when another start had closed the day.
pub async fn accrue(
    db: &Store,
    p: &ProductRow,
    a: &Accrual,
) -> Result<Option<Payout>, ProductError> {
    let mut paid = Payout::default();
    for slice in &a.slices {
        paid.extend(pay_slice(db, p, a.at, a.rate_ppm, *slice).await?);
    }
    let guard = format!(
        "UPDATE lock_products SET accrued_through = {at}, accruals = accruals + 1, locked = {}, holders = {}, updated_at = {at}
         WHERE id = {} AND accrued_through = {} AND accruals = {}",
        a.locked,
        a.holders,
        p.id,
        a.at - engine::DAY_MS,
        p.accruals,
        at = a.at
    );
    let Some(mut tx) = db.begin_if(&guard).await? else {
        return Ok(None);
    };
    let day = engine::period(a.at, p.accrual_hour);
    ensure_rates_in(&mut tx, p, day, day + 1).await?;
    tx.commit().await?;
    Ok(Some(paid))
}

/// One slice of a day (see [`accrue`]): pays the product's orders with ids
/// in `lo..=hi` that the day has not paid yet, in one transaction.
///
/// The orders' update comes first, guarded per order by the days it was
/// paid (`paid_days` counts the accruals since its first, so it matches only
/// an order this day has not paid), and it answers what it paid: each
/// order's yield, rounded down to the coin's step here and nowhere else
/// (integer division of non-negative numbers rounds down on both databases;
/// the products' caps keep amount × rate inside 64 bits), the promise it
/// stops carrying and the principal it returns. The ledger then moves
/// exactly that, one operation per order naming it (a holder of several
/// orders sees each one's yield): the yield from the coin's reserve to the
/// owner's spot account, the principal back from the mining account.
pub async fn pay_slice(
    db: &Store,
    p: &ProductRow,
    at: i64,
    rate_ppm: i64,
    (lo, hi): (i64, i64),
) -> Result<Payout, ProductError> {
    let step = precision::step(p.currency);
    let paid = format!("amount * {rate_ppm} / 1000000 / {step} * {step}");
    let released = "amount * rate_max_ppm / 1000000";
    let matures = format!("matures_at <= {at}");
    let _turn = db.bulk_turn().await;
    let mut tx = db.begin().await?;
    let mut rows = tx
        .db()
        .rows::<5>(
            &format!(
                "UPDATE lock_orders SET paid_days = paid_days + 1, accrued = accrued + {paid},
                   promised_left = promised_left - {released},
                   status = CASE WHEN {matures} THEN {MATURED} ELSE status END,
                   ended_at = CASE WHEN {matures} THEN {at} ELSE ended_at END,
                   returned = CASE WHEN {matures} THEN amount ELSE returned END
                 WHERE product_id = {id} AND id BETWEEN {lo} AND {hi} AND status = 0
                   AND first_accrual_at <= {at}
                   AND paid_days = ({at} - first_accrual_at) / {day_ms}
                 RETURNING id, user_id, {paid}, {released}, CASE WHEN {matures} THEN amount ELSE 0 END",
                id = p.id,
                day_ms = engine::DAY_MS
            ),
            &[],
        )
        .await?;
    if rows.is_empty() {
        tx.rollback().await?;
        return Ok(Payout::default());
    }
    // The ledger's operations in order id order, whatever order the
    // database answered in.
    rows.sort_unstable();
    let released: i64 = rows.iter().map(|r| r[3]).sum();
    sqlx::query("UPDATE earn_reserves SET promised = promised - $1 WHERE currency = $2")
        .bind(released)
        .bind(p.currency)
        .execute(&mut *tx)
        .await?;
    let (day, c) = (p.accruals + 1, p.currency);
    let op = |reason: &str, order: i64, postings: Vec<Posting>| Operation {
        // Per order since keys named the product and its day: "order" keeps
        // the two kinds apart.
        key: format!("{reason}:order:{order}:{day}"),
        reason: reason.into(),
        ref_type: "lock_order".into(),
        ref_id: order,
        postings,
    };
    let mut out = Payout::default();
    let mut ops = Vec::with_capacity(rows.len() * 2);
    for &[order, user, paid, _, principal] in &rows {
        if paid > 0 {
            ops.push(op(
                "lock_yield",
                order,
                vec![
                    Posting::system(SystemAccount::MiningReserve, c, -paid),
                    Posting::user(user, account::CHANGE, c, Bucket::Available, paid),
                ],
            ));
            out.yields.push(Paid {
                order,
                user,
                amount: paid,
            });
        }
        if principal > 0 {
            ops.push(op(
                "lock_matured",
                order,
                vec![
                    Posting::user(user, account::MINING, c, Bucket::Available, -principal),
                    Posting::user(user, account::CHANGE, c, Bucket::Available, principal),
                ],
            ));
            out.matured.push(Paid {
                order,
                user,
                amount: principal,
            });
        }
    }
    if !ops.is_empty() {
        ledger::post_all(&mut tx.db(), &ops)
            .await
            .map_err(ledger_err)?;
    }
    tx.commit().await?;
    Ok(out)
}
