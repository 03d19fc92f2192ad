//! Admin calls under `/admin/api`. Who may call them is decided in one place, the
//! scope's guard (`app::admin_only`): a handler that needs to know which admin
//! acts takes the [`Admin`] it let in.

use crate::accounts::{profile as user_json, Profile};
use crate::error::{ApiError, ApiResult};
use crate::extract::{Admin, Paging, Req};
use crate::funds::{self, deposits::Deposit, withdrawals::Withdrawal};
use crate::params::{Amount, Coin, Form, Id, NoParams, Page, PageParams, Paged, Reply};
use crate::verifications::{self, Verification};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// An approval or a rejection of one request of a review queue.
#[derive(Deserialize, ToSchema)]
pub struct ReviewParams {
    pub id: Id,
    /// Why: required to reject, shown to the requester.
    pub reason: Option<String>,
}
use crate::state::AppState;
use actix_web::web;

/// A review queue's page, of every state or one.
#[derive(Deserialize, ToSchema)]
pub struct QueueParams {
    pub page: Option<Page>,
    pub limit: Option<Page>,
    /// Only requests in this state (0 pending, 1 done, 2 rejected); anything
    /// not a number lists every state.
    #[schema(pattern = "^[0-9]+$")]
    pub state: Option<String>,
}

impl QueueParams {
    pub fn state(&self) -> Option<i64> {
        self.state.as_deref().and_then(|s| s.parse().ok())
    }
}

/// The approve and reject calls of one review queue, both through `$review`.
macro_rules! decisions {
    ($approve:ident, $reject:ident, $review:ident) => {
        pub async fn $approve(
            state: web::Data<AppState>,
            admin: Admin,
            form: Form<ReviewParams>,
        ) -> ApiResult<Reply<String>> {
            let (req, p) = form.split();
            $review(&state, admin, &req, p?, true).await
        }

        pub async fn $reject(
            state: web::Data<AppState>,
            admin: Admin,
            form: Form<ReviewParams>,
        ) -> ApiResult<Reply<String>> {
            let (req, p) = form.split();
            $review(&state, admin, &req, p?, false).await
        }
    };
}

/// The requests of the review queues, each with its requester named as a
/// reviewer knows them (one type per queue, so each has its own schema).
macro_rules! queued {
    ($( $(#[$doc:meta])* $name:ident($request:ty); )*) => { $(
        $(#[$doc])*
        #[derive(Serialize, ToSchema)]
        pub struct $name {
            #[serde(flatten)]
            pub request: $request,
            /// The requester's e-mail, else their mobile number as `+<area
            /// code> <number>` (admins see accounts in full); empty when
            /// neither is known.
            pub account: String,
        }

        impl From<($request, String)> for $name {
            fn from((request, account): ($request, String)) -> $name {
                $name { request, account }
            }
        }
    )* };
}

queued! {
    /// A deposit request of the review queue, with its requester's account.
    QueuedDeposit(Deposit);
    /// A withdrawal request of the review queue, with its requester's account.
    QueuedWithdrawal(Withdrawal);
    /// A verification request of the review queue, with its requester's account.
    QueuedVerification(Verification);
}

/// A review queue's page with each requester named as a reviewer knows them:
/// their e-mail, else their mobile number (admins see accounts in full).
async fn with_accounts<T, Q: From<(T, String)>>(
    state: &AppState,
    page: Paged<T>,
    user_id: fn(&T) -> i64,
) -> ApiResult<Paged<Q>> {
    let ids: Vec<i64> = page.data.iter().map(user_id).collect();
    let mut accounts = std::collections::HashMap::new();
    if !ids.is_empty() {
        let marks: Vec<String> = (1..=ids.len()).map(|i| format!("${i}")).collect();
        let sql = format!(
            "SELECT id, email, mobile, area_code FROM users WHERE id IN ({})",
            marks.join(", ")
        );
        let mut q =
            sqlx::query_as::<_, (i64, Option<String>, Option<String>, Option<String>)>(&sql);
        for id in &ids {
            q = q.bind(id);
        }
        for (id, email, mobile, area) in q.fetch_all(&state.db).await? {
            let account =
                email.or_else(|| mobile.map(|m| format!("+{} {m}", area.unwrap_or_default())));
            accounts.insert(id, account.unwrap_or_default());
        }
    }
    let Paged {
        data,
        page,
        limit,
        total,
        pages,
    } = page;
    let data = data
        .into_iter()
        .map(|request| {
            let account = accounts.get(&user_id(&request)).cloned();
            Q::from((request, account.unwrap_or_default()))
        })
        .collect();
    Ok(Paged {
        data,
        page,
        limit,
        total,
        pages,
    })
}

pub async fn me(
    state: web::Data<AppState>,
    admin: Admin,
    _form: Form<NoParams>,
) -> ApiResult<Reply<Profile>> {
    Ok(Reply(user_json(&state, admin.0.id).await?))
}

/// A user as the admin list shows them.
#[derive(Serialize, ToSchema)]
pub struct UserSummary {
    pub id: i64,
    /// The e-mail, else the mobile number, in full; empty when neither.
    pub account: String,
    /// `user` or `admin`.
    pub role: String,
    /// Whether it is a demo account.
    pub demo: bool,
    /// Milliseconds since the epoch.
    pub created_at: i64,
}

pub async fn users(
    state: web::Data<AppState>,
    form: Form<PageParams>,
) -> ApiResult<Reply<Paged<UserSummary>>> {
    let p = form.split().1?;
    let paging = Paging::of(p.page, p.limit);
    let (total,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM users")
        .fetch_one(&state.db)
        .await?;
    let rows: Vec<(i64, Option<String>, Option<String>, String, i64, i64)> = sqlx::query_as(
        "SELECT id, email, mobile, role, demo, created_at FROM users ORDER BY id DESC LIMIT $1 OFFSET $2",
    )
    .bind(paging.limit)
    .bind(paging.offset())
    .fetch_all(&state.db)
    .await?;
    let data = rows
        .into_iter()
        .map(|(id, email, mobile, role, demo, created_at)| UserSummary {
            id,
            // Admins see accounts in full; masking is for other users' eyes.
            account: email.or(mobile).unwrap_or_default(),
            role,
            demo: demo != 0,
            created_at,
        })
        .collect();
    Ok(Reply(Paged::of(paging, data, total)))
}

fn reason(p: &ReviewParams, approve: bool) -> ApiResult<String> {
    let r = p.reason.clone().unwrap_or_default();
    if !approve && r.is_empty() {
        return Err(ApiError::invalid("err_reason_required"));
    }
    Ok(r)
}

pub async fn deposits(
    state: web::Data<AppState>,
    form: Form<QueueParams>,
) -> ApiResult<Reply<Paged<QueuedDeposit>>> {
    let q = form.split().1?;
    let page = funds::deposits::queue(&state, q.state(), Paging::of(q.page, q.limit)).await?;
    Ok(Reply(with_accounts(&state, page, |r| r.user_id).await?))
}

async fn review_deposit(
    state: &AppState,
    admin: Admin,
    req: &Req,
    p: ReviewParams,
    approve: bool,
) -> ApiResult<Reply<String>> {
    let admin = admin.0;
    let why = reason(&p, approve)?;
    funds::deposits::review(state, admin.id, p.id.0, approve, &why).await?;
    Ok(Reply(crate::i18n::t(req.lang, "ok_done", &[])))
}

decisions!(approve_deposit, reject_deposit, review_deposit);

pub async fn withdrawals(
    state: web::Data<AppState>,
    form: Form<QueueParams>,
) -> ApiResult<Reply<Paged<QueuedWithdrawal>>> {
    let q = form.split().1?;
    let page = funds::withdrawals::queue(&state, q.state(), Paging::of(q.page, q.limit)).await?;
    Ok(Reply(with_accounts(&state, page, |r| r.user_id).await?))
}

async fn review_withdrawal(
    state: &AppState,
    admin: Admin,
    req: &Req,
    p: ReviewParams,
    approve: bool,
) -> ApiResult<Reply<String>> {
    let admin = admin.0;
    let why = reason(&p, approve)?;
    funds::withdrawals::review(state, admin.id, p.id.0, approve, &why).await?;
    Ok(Reply(crate::i18n::t(req.lang, "ok_done", &[])))
}

decisions!(approve_withdrawal, reject_withdrawal, review_withdrawal);

pub async fn verifications(
    state: web::Data<AppState>,
    form: Form<QueueParams>,
) -> ApiResult<Reply<Paged<QueuedVerification>>> {
    let q = form.split().1?;
    let page = verifications::queue(&state, q.state(), Paging::of(q.page, q.limit)).await?;
    Ok(Reply(with_accounts(&state, page, |r| r.user_id).await?))
}

async fn review_verification(
    state: &AppState,
    admin: Admin,
    req: &Req,
    p: ReviewParams,
    approve: bool,
) -> ApiResult<Reply<String>> {
    let admin = admin.0;
    let why = reason(&p, approve)?;
    verifications::review(state, admin.id, p.id.0, approve, &why).await?;
    Ok(Reply(crate::i18n::t(req.lang, "ok_done", &[])))
}

decisions!(
    approve_verification,
    reject_verification,
    review_verification
);

/// The ledger audit's findings (the ledger's `AuditReport`, field for field).
#[derive(Serialize, ToSchema)]
pub struct Audit {
    /// Whether every check passed.
    pub ok: bool,
    /// `[currency id, journal sum]` for every coin ever posted, the sum in
    /// ledger units (1e-8 of the coin); every sum is 0 when the journal
    /// balances.
    // A pair is a two-item array on the wire; OpenAPI 3.1 has no tuple schema
    // that every tool reads, so it is documented as an array of integers.
    #[schema(value_type = Vec<Vec<i64>>)]
    pub currencies: Vec<(i64, i64)>,
    /// How many balance rows were matched to the journal.
    pub balances_checked: i64,
    /// Journal entries.
    pub entries: i64,
    /// The first broken row, described for a human; null when none.
    pub first_broken: Option<String>,
}

impl From<actors::ledger::AuditReport> for Audit {
    fn from(report: actors::ledger::AuditReport) -> Audit {
        // Every field named: a field the report gains must be added here.
        let actors::ledger::AuditReport {
            ok,
            currencies,
            balances_checked,
            entries,
            first_broken,
        } = report;
        Audit {
            ok,
            currencies,
            balances_checked,
            entries,
            first_broken,
        }
    }
}

pub async fn audit(state: web::Data<AppState>, _form: Form<NoParams>) -> ApiResult<Reply<Audit>> {
    let report = actors::ledger::audit(&state.db)
        .await
        .map_err(funds::ledger_error)?;
    Ok(Reply(report.into()))
}

/// One of the platform's deposit addresses.
#[derive(Serialize, ToSchema)]
pub struct PlatformAddress {
    /// The coin's id.
    pub currency: i64,
    /// `TRC20`, `ERC20`, `BTC`…
    pub network: String,
    pub address: String,
    /// Whether it is still the demo address made at start (nothing sent to
    /// it arrives); an admin's change clears it.
    pub demo: bool,
    /// Milliseconds since the epoch.
    pub updated_at: i64,
}

pub async fn deposit_addresses(
    state: web::Data<AppState>,
    _form: Form<NoParams>,
) -> ApiResult<Reply<Vec<PlatformAddress>>> {
    let rows: Vec<(i64, String, String, i64, i64)> = sqlx::query_as(
        "SELECT currency, network, address, demo, updated_at FROM deposit_addresses ORDER BY currency, network",
    )
    .fetch_all(&state.db)
    .await?;
    let list = rows
        .into_iter()
        .map(|(c, n, a, demo, at)| PlatformAddress {
            currency: c,
            network: n,
            address: a,
            demo: demo != 0,
            updated_at: at,
        })
        .collect();
    Ok(Reply(list))
}

/// A deposit address to change: a coin's network that exists.
#[derive(Deserialize, ToSchema)]
pub struct DepositAddressParams {
    /// The coin (or `currency_id`); required.
    pub currency: Option<Coin>,
    pub currency_id: Option<Coin>,
    /// One of the coin's networks (`TRC20`, `ERC20`, ...).
    #[schema(required = true)]
    pub network: Option<String>,
    /// An address in the network's format.
    #[schema(required = true)]
    pub address: Option<String>,
}

pub async fn set_deposit_address(
    state: web::Data<AppState>,
    form: Form<DepositAddressParams>,
) -> ApiResult<Reply<String>> {
    let (req, p) = form.split();
    let p = p?;
    let coin = crate::funds::either_coin(&state, &p.currency, &p.currency_id)?;
    let network = p.network.as_deref().unwrap_or_default();
    let address = p
        .address
        .as_deref()
        .filter(|a| crate::addresses::is_valid(network, a))
        .ok_or_else(|| ApiError::invalid("err_address_format"))?;
    // An address an admin sets is the platform's own: no longer a demo one.
    let res = sqlx::query("UPDATE deposit_addresses SET address = $1, demo = 0, updated_at = $2 WHERE currency = $3 AND network = $4")
        .bind(address)
        .bind(crate::db::now_ms())
        .bind(coin.id)
        .bind(network)
        .execute(&state.db)
        .await?;
    if res.rows_affected() == 0 {
        return Err(ApiError::invalid("err_network_invalid"));
    }
    Ok(Reply(crate::i18n::t(req.lang, "ok_done", &[])))
}

/// `fiat_rates` (POST): one fiat currency's rate (units per US dollar).
#[derive(Deserialize, ToSchema)]
pub struct FiatRateParams {
    /// The currency's code, `EUR`; one of wallet/getRateCurrency.
    #[schema(required = true, pattern = "^[A-Za-z]{3}$")]
    pub code: Option<String>,
    /// Units per US dollar, at most 10000000 and 8 decimals.
    pub rate: Amount,
}

pub async fn set_fiat_rate(
    state: web::Data<AppState>,
    form: Form<FiatRateParams>,
) -> ApiResult<Reply<Vec<crate::fiat::FiatRate>>> {
    let p = form.split().1?;
    let code = p.code.as_deref().unwrap_or_default();
    Ok(Reply(crate::fiat::set_rate(&state, code, p.rate.0).await?))
}
