//! Withdrawals: a verified user's request to a saved address or bank card,
//! checked against the coin's minimum and fee, the payment password and the
//! level's limits, and frozen with the request in one commit; then paid out or
//! rejected by an admin, or cancelled by its owner, once.

use super::units;
use crate::config::CurrencySettings;
use crate::db::now_ms;
use crate::error::{ApiError, ApiResult, Kind};
use crate::extract::Paging;
use crate::params::{Paged, Payout};
use crate::security::verify_password_blocking;
use crate::state::AppState;
use actors::ledger::{self, account, Bucket, Operation, Posting, SystemAccount};
use actors::money::from_units;
use actors::runtime::Event;
use rust_decimal::Decimal;
use serde::Serialize;
use utoipa::ToSchema;

/// A user verified enough to withdraw, and at which level (the limits follow
/// it). Only [`verified`] makes one, so no withdrawal skips the check.
pub struct Verified {
    user_id: i64,
    level: i64,
}

/// The user, if verified at level 1 or above.
pub async fn verified(state: &AppState, user_id: i64) -> ApiResult<Verified> {
    let level = super::verified_level(state, user_id).await?;
    if level < 1 {
        return Err(ApiError::new(
            Kind::VerificationRequired,
            "err_verification_required",
        ));
    }
    Ok(Verified { user_id, level })
}

/// A withdrawal as asked for, its amount already in the coin's units.
pub struct NewWithdrawal<'a> {
    /// The coin as configured; the limits value it at its live price.
    pub coin: &'a CurrencySettings,
    /// What is taken from the spot balance, the fee included.
    pub amount: i64,
    pub payout: Payout,
    /// One of the user's saved addresses of the coin, for [`Payout::Address`].
    pub address: Option<&'a str>,
    /// As typed (not trimmed).
    pub pay_password: String,
    /// A client-chosen id: a retry with it answers the first request.
    pub request_id: Option<&'a str>,
}

/// Takes in a withdrawal: checked, then the amount is frozen with the request in
/// one commit. Answers the request's id (the first request's, for a retry).
pub async fn request(state: &AppState, who: &Verified, w: NewWithdrawal<'_>) -> ApiResult<i64> {
    let user_id = who.user_id;
    let coin = &super::live(state, w.coin).await;
    let amount = w.amount;
    let min = actors::money::to_units(coin.withdraw_min).unwrap_or(0);
    let fee = actors::money::to_units(coin.withdraw_fee).unwrap_or(0);
    if amount < min {
        return Err(ApiError::invalid("err_withdraw_min")
            .with_arg("min", format!("{} {}", units(min), coin.name)));
    }
    if amount <= fee {
        return Err(ApiError::invalid("err_withdraw_fee")
            .with_arg("fee", format!("{} {}", units(fee), coin.name)));
    }
    let kind = w.payout.code();
    let destination = if kind == 0 {
        let address = w.address.unwrap_or_default();
        let saved: Option<(String, String)> = sqlx::query_as(
            "SELECT name, address FROM wallet_addresses WHERE user_id = $1 AND currency = $2 AND address = $3",
        )
        .bind(user_id)
        .bind(coin.id)
        .bind(address)
        .fetch_optional(&state.db)
        .await?;
        let (name, address) = saved.ok_or_else(|| ApiError::invalid("err_address_unknown"))?;
        format!("{name}: {address}")
    } else {
        let card: Option<(String, String, String)> = sqlx::query_as(
            "SELECT bank_name, bank_account, real_name FROM bank_cards WHERE user_id = $1 AND kind = $2",
        )
        .bind(user_id)
        .bind(kind - 1)
        .fetch_optional(&state.db)
        .await?;
        let (bank, number, holder) =
            card.ok_or_else(|| ApiError::invalid("err_bank_card_missing"))?;
        format!("{bank} {number} ({holder})")
    };
    let (pay_hash,): (Option<String>,) =
        sqlx::query_as("SELECT pay_password_hash FROM users WHERE id = $1")
            .bind(user_id)
            .fetch_one(&state.db)
            .await?;
    let pay_hash = pay_hash.ok_or_else(|| ApiError::invalid("err_pay_password_unset"))?;
    if !verify_password_blocking(w.pay_password, pay_hash).await {
        return Err(ApiError::invalid("err_pay_password_wrong"));
    }
    let wallet = &state.settings.wallet;
    let (daily, per_order) = if who.level >= 2 {
        (wallet.lv2_daily_btc, wallet.lv2_fiat_per_order_usdt)
    } else {
        (wallet.lv1_daily_btc, wallet.lv1_fiat_per_order_usdt)
    };
    if kind != 0 && from_units(super::value_in(amount, coin, Decimal::ONE)) > per_order {
        return Err(
            ApiError::invalid("err_limit_fiat_order").with_arg("max", per_order.normalize())
        );
    }
    let btc_price = match state.settings.currency(1) {
        Some(btc) => super::live(state, btc).await.price_usdt,
        None => Decimal::ONE,
    };
    let value_btc = super::value_in(amount, coin, btc_price);
    let since = now_ms() - 86_400_000;
    let (used,): (i64,) = sqlx::query_as(
        "SELECT CAST(COALESCE(SUM(value_btc), 0) AS BIGINT) FROM withdraw_requests WHERE user_id = $1 AND state IN (0, 1) AND created_at > $2",
    )
    .bind(user_id)
    .bind(since)
    .fetch_one(&state.db)
    .await?;
    if from_units(used.saturating_add(value_btc)) > daily {
        return Err(ApiError::invalid("err_limit_daily"));
    }
    // A client-chosen request id makes a retried request answer the first one.
    let request_key = match w.request_id {
        Some(r) => format!("{user_id}:{r}"),
        None => format!("{user_id}:{}", crate::security::random_name()),
    };
    let mut tx = state.db.begin().await?;
    let inserted: Result<(i64,), sqlx::Error> = sqlx::query_as(
        "INSERT INTO withdraw_requests (user_id, request_key, currency, kind, destination, amount, fee, value_btc, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id",
    )
    .bind(user_id)
    .bind(&request_key)
    .bind(coin.id)
    .bind(kind)
    .bind(&destination)
    .bind(amount)
    .bind(fee)
    .bind(value_btc)
    .bind(now_ms())
    .fetch_one(&mut *tx)
    .await;
    let id = match inserted {
        Ok((id,)) => id,
        Err(e) if crate::error::is_unique_violation(&e) => {
            tx.rollback().await?;
            let (id,): (i64,) =
                sqlx::query_as("SELECT id FROM withdraw_requests WHERE request_key = $1")
                    .bind(&request_key)
                    .fetch_one(&state.db)
                    .await?;
            return Ok(id);
        }
        Err(e) => return Err(e.into()),
    };
    let op = freeze_op(
        format!("withdraw:{id}:freeze"),
        "withdraw_freeze",
        id,
        user_id,
        coin.id,
        amount,
    );
    if let Err(e) = ledger::post(&mut tx, &op).await {
        tx.rollback().await?;
        return Err(super::post_error(e));
    }
    tx.commit().await?;
    // The user's other screens and devices see the amount frozen.
    state.hub.do_send(Event::balance(user_id, &[coin.id]));
    Ok(id)
}

/// Moves `amount` of the spot account from available to frozen (negative: back).
fn freeze_op(key: String, reason: &str, id: i64, user: i64, cur: i64, amount: i64) -> Operation {
    Operation {
        key,
        reason: reason.into(),
        ref_type: "withdraw_request".into(),
        ref_id: id,
        postings: vec![
            Posting::user(user, account::CHANGE, cur, Bucket::Available, -amount),
            Posting::user(user, account::CHANGE, cur, Bucket::Frozen, amount),
        ],
    }
}

type WithdrawRow = (
    i64,
    i64,
    i64,
    i64,
    String,
    i64,
    i64,
    i64,
    String,
    i64,
    Option<i64>,
);
const WITHDRAW_COLUMNS: &str =
    "id, user_id, currency, kind, destination, amount, fee, state, reason, created_at, reviewed_at";

/// A withdrawal request, as its requester and the review desk see it.
#[derive(Serialize, ToSchema)]
pub struct Withdrawal {
    pub id: i64,
    pub user_id: i64,
    pub currency_id: i64,
    pub currency: String,
    /// 0 address, 1 bank card, 2 international card.
    #[serde(rename = "type")]
    pub kind: i64,
    /// The address or the card it goes to.
    pub destination: String,
    /// Decimal strings: taken, fee, and what arrives.
    pub number: String,
    pub fee: String,
    pub receive: String,
    /// 0 under review, 1 paid out, 2 rejected, 3 cancelled.
    pub state: i64,
    pub reason: String,
    /// Milliseconds since the epoch.
    pub created_at: i64,
    pub reviewed_at: Option<i64>,
}

fn withdraw_json(state: &AppState, r: WithdrawRow) -> Withdrawal {
    let (id, user_id, cur, kind, destination, amount, fee, st, reason, created_at, reviewed_at) = r;
    Withdrawal {
        id,
        user_id,
        currency_id: cur,
        currency: state
            .settings
            .currency(cur)
            .map(|c| c.name.clone())
            .unwrap_or_default(),
        kind,
        destination,
        number: units(amount),
        fee: units(fee),
        receive: units(amount - fee),
        state: st,
        reason,
        created_at,
        reviewed_at,
    }
}

/// A page of the user's withdrawal requests, newest first.
pub async fn of_user(
    state: &AppState,
    user_id: i64,
    paging: Paging,
) -> ApiResult<Paged<Withdrawal>> {
    let page: Paged<WithdrawRow> = crate::db::paged(
        &state.db,
        "withdraw_requests",
        WITHDRAW_COLUMNS,
        "user_id = $1",
        Some(user_id),
        paging,
    )
    .await?;
    Ok(page.map(|r| withdraw_json(state, r)))
}

/// A page of the review queue: every request, or those in state `st`.
pub async fn queue(
    state: &AppState,
    st: Option<i64>,
    paging: Paging,
) -> ApiResult<Paged<Withdrawal>> {
    let page: Paged<WithdrawRow> = crate::db::paged(
        &state.db,
        "withdraw_requests",
        WITHDRAW_COLUMNS,
        crate::db::STATE_FILTER,
        st,
        paging,
    )
    .await?;
    Ok(page.map(|r| withdraw_json(state, r)))
}

/// An admin's decision on a pending withdrawal: paid out (the frozen amount
/// leaves, the fee to the fees account) or rejected (unfrozen), with a reason.
pub async fn review(
    state: &AppState,
    admin_id: i64,
    id: i64,
    approve: bool,
    reason: &str,
) -> ApiResult<()> {
    let new_state = if approve { 1 } else { 2 };
    finish(state, id, new_state, admin_id, None, reason).await
}

/// The owner takes back their own pending withdrawal (unfrozen); someone
/// else's, or one no longer pending, is not found.
pub async fn cancel(state: &AppState, user_id: i64, id: i64) -> ApiResult<()> {
    finish(state, id, 3, user_id, Some(user_id), "").await
}

/// Ends a pending withdrawal: paid out (1), rejected (2) or cancelled by its owner
/// (3). Only a request still under review can end, and only once.
async fn finish(
    state: &AppState,
    id: i64,
    new_state: i64,
    by: i64,
    owner: Option<i64>,
    reason: &str,
) -> ApiResult<()> {
    let mut tx = state.db.begin().await?;
    let row: Option<(i64, i64, i64, i64)> = sqlx::query_as(
        "UPDATE withdraw_requests SET state = $1, reason = $2, reviewed_by = $3, reviewed_at = $4
         WHERE id = $5 AND state = 0 AND (CAST($6 AS BIGINT) IS NULL OR user_id = $6) RETURNING user_id, currency, amount, fee",
    )
    .bind(new_state)
    .bind(reason)
    .bind(by)
    .bind(now_ms())
    .bind(id)
    .bind(owner)
    .fetch_optional(&mut *tx)
    .await?;
    let Some((user_id, cur, amount, fee)) = row else {
        return Err(match owner {
            Some(_) => ApiError::not_found(),
            None => ApiError::conflict("err_request_state"),
        });
    };
    let op = if new_state == 1 {
        let mut postings = vec![
            Posting::user(user_id, account::CHANGE, cur, Bucket::Frozen, -amount),
            Posting::system(SystemAccount::Withdrawals, cur, amount - fee),
        ];
        if fee > 0 {
            postings.push(Posting::system(SystemAccount::Fees, cur, fee));
        }
        Operation {
            key: format!("withdraw:{id}:paid"),
            reason: "withdraw".into(),
            ref_type: "withdraw_request".into(),
            ref_id: id,
            postings,
        }
    } else {
        freeze_op(
            format!("withdraw:{id}:release"),
            "withdraw_release",
            id,
            user_id,
            cur,
            -amount,
        )
    };
    ledger::post(&mut tx, &op)
        .await
        .map_err(super::post_error)?;
    tx.commit().await?;
    // Paid, rejected or cancelled, the frozen amount moved: the user's
    // screens learn it now rather than at their next visit.
    state.hub.do_send(Event::Many(vec![
        Event::Private {
            user_id,
            event: "withdrawal",
            payload: serde_json::json!({ "id": id, "status": new_state }),
        },
        Event::balance(user_id, &[cur]),
    ]));
    Ok(())
}
