//! Identity verification (two levels), saved wallet addresses and bank cards.
//! Every query is scoped to the caller.

use crate::db::now_ms;
use crate::error::{ApiError, ApiResult};
use crate::funds;
use crate::i18n::t;
use crate::params::{Coin, Form, IdParams, NoParams, Reply};
use crate::state::AppState;
use crate::validate;
use actix_web::web;
use serde::Deserialize;
use utoipa::ToSchema;

/// The newest verification of each level: (state, reason, name, id_type).
async fn latest(
    state: &AppState,
    user_id: i64,
    level: i64,
) -> ApiResult<Option<(i64, String, String, String, i64)>> {
    Ok(sqlx::query_as(
        "SELECT state, reason, name, id_type, created_at FROM verifications WHERE user_id = $1 AND level = $2 ORDER BY id DESC LIMIT 1",
    )
    .bind(user_id)
    .bind(level)
    .fetch_optional(&state.db)
    .await?)
}

/// One level's newest verification: only `state` (0) when there is none.
#[derive(serde::Serialize, ToSchema)]
pub struct LevelState {
    /// 0 not verified, 1 verifying, 2 verified, 3 failed (may go again).
    pub state: i64,
    /// The reviewer's reason (always given on a rejection); empty before review.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// Level 1: the name and the document's kind (`id_card`, `passport`,
    /// `driver_license`, or 1, 2, 3); empty for level 2.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id_type: Option<String>,
    /// When it was submitted, milliseconds since the epoch.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub created_at: Option<i64>,
}

fn level_state(row: Option<(i64, String, String, String, i64)>) -> LevelState {
    match row {
        None => LevelState {
            state: 0,
            reason: None,
            name: None,
            id_type: None,
            created_at: None,
        },
        Some((st, reason, name, id_type, at)) => LevelState {
            state: st,
            reason: Some(reason),
            name: Some(name),
            id_type: Some(id_type),
            created_at: Some(at),
        },
    }
}

/// `real/state`: both levels of verification, and what is bound.
#[derive(serde::Serialize, ToSchema)]
pub struct RealState {
    /// The highest level verified: 0, 1 or 2.
    pub level: i64,
    pub level1: LevelState,
    pub level2: LevelState,
    /// Whether an e-mail and a mobile number are bound (both are needed to
    /// submit).
    pub email_bound: bool,
    pub mobile_bound: bool,
}

/// States: 0 not verified, 1 verifying, 2 verified, 3 failed (may go again).
pub async fn real_state(
    state: web::Data<AppState>,
    form: Form<NoParams>,
) -> ApiResult<Reply<RealState>> {
    let user = form.req.user(&state).await?;
    let level = funds::verified_level(&state, user.id).await?;
    let (email, mobile): (Option<String>, Option<String>) =
        sqlx::query_as("SELECT email, mobile FROM users WHERE id = $1")
            .bind(user.id)
            .fetch_one(&state.db)
            .await?;
    Ok(Reply(RealState {
        level,
        level1: level_state(latest(&state, user.id, 1).await?),
        level2: level_state(latest(&state, user.id, 2).await?),
        email_bound: email.is_some(),
        mobile_bound: mobile.is_some(),
    }))
}

/// `user/real`: a verification request. Level 1 reads the person's fields and
/// both photos, level 2 only the photos. Each field answers its own message,
/// in the order the form shows them.
#[derive(Deserialize, ToSchema)]
pub struct RealParams {
    /// 1 (the default) or 2.
    #[schema(pattern = "^[12]$")]
    pub real_type: Option<String>,
    /// Level 1: `id_card`, `passport`, `driver_license` (or 1, 2, 3).
    #[schema(pattern = "^(id_card|passport|driver_license|1|2|3)$")]
    pub id_type: Option<String>,
    /// Level 1: the full name, at most 64 characters, no markup.
    #[schema(max_length = 64)]
    pub name: Option<String>,
    /// Level 1: the document's number, 4 to 32 letters, digits or `-`.
    #[schema(pattern = "^[A-Za-z0-9-]{4,32}$")]
    pub card_id: Option<String>,
    pub erc_address: Option<String>,
    pub trc_address: Option<String>,
    /// An address `upload` answered the caller; required.
    pub front_pic: Option<String>,
    /// An address `upload` answered the caller; required.
    pub reverse_pic: Option<String>,
}

pub async fn submit_real(
    state: web::Data<AppState>,
    form: Form<RealParams>,
) -> ApiResult<Reply<String>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let p = p?;
    let (email, mobile): (Option<String>, Option<String>) =
        sqlx::query_as("SELECT email, mobile FROM users WHERE id = $1")
            .bind(user.id)
            .fetch_one(&state.db)
            .await?;
    if email.is_none() || mobile.is_none() {
        return Err(ApiError::invalid("err_bind_both_first"));
    }
    let level: i64 = match p.real_type.as_deref().unwrap_or("1") {
        "1" => 1,
        "2" => 2,
        _ => return Err(ApiError::invalid("err_type_invalid")),
    };
    if let Some((st, ..)) = latest(&state, user.id, level).await? {
        match st {
            1 => return Err(ApiError::conflict("err_verify_pending")),
            2 => return Err(ApiError::conflict("err_verify_done")),
            _ => {}
        }
    }
    if level == 2 && funds::verified_level(&state, user.id).await? < 1 {
        return Err(ApiError::invalid("err_verify_level1_first"));
    }
    let (mut id_type, mut name, mut card_id, mut erc, mut trc) = Default::default();
    if level == 1 {
        id_type = match p.id_type.as_deref() {
            Some(t @ ("id_card" | "passport" | "driver_license" | "1" | "2" | "3")) => {
                t.to_string()
            }
            _ => return Err(ApiError::invalid("err_id_type")),
        };
        name = match p.name.as_deref() {
            None => return Err(ApiError::invalid("err_name_required")),
            some => validate::plain_text(some, 64)?,
        };
        card_id = p
            .card_id
            .as_deref()
            .filter(|c| {
                (4..=32).contains(&c.len())
                    && c.chars().all(|ch| ch.is_ascii_alphanumeric() || ch == '-')
            })
            .ok_or_else(|| ApiError::invalid("err_card_id"))?
            .to_string();
        erc = p.erc_address.clone().unwrap_or_default();
        trc = p.trc_address.clone().unwrap_or_default();
    }
    let front = funds::owned_upload(&state, user.id, p.front_pic.as_deref()).await?;
    let back = funds::owned_upload(&state, user.id, p.reverse_pic.as_deref()).await?;
    let (Some(front), Some(back)) = (front, back) else {
        return Err(ApiError::invalid("err_photos_required"));
    };
    sqlx::query(
        "INSERT INTO verifications (user_id, level, state, id_type, name, card_id, front_pic, reverse_pic, erc_address, trc_address, created_at)
         VALUES ($1, $2, 1, $3, $4, $5, $6, $7, $8, $9, $10)",
    )
    .bind(user.id)
    .bind(level)
    .bind(id_type)
    .bind(name)
    .bind(card_id)
    .bind(front)
    .bind(back)
    .bind(erc)
    .bind(trc)
    .bind(now_ms())
    .execute(&state.db)
    .await?;
    Ok(Reply(t(req.lang, "ok_submitted", &[])))
}

/// `user/wallet/save`: a withdrawal address to keep.
#[derive(Deserialize, ToSchema)]
pub struct WalletSaveParams {
    /// The coin (or `currency_id`); required.
    pub currency: Option<Coin>,
    pub currency_id: Option<Coin>,
    /// A label, at most 32 characters, no markup; required.
    #[schema(max_length = 32)]
    pub name: Option<String>,
    /// 10 to 128 letters and digits; required.
    #[schema(pattern = "^[A-Za-z0-9]{10,128}$")]
    pub address: Option<String>,
    /// An address `upload` answered the caller; required.
    pub qrcode: Option<String>,
}

/// What saving an address answers: its id.
#[derive(serde::Serialize, ToSchema)]
pub struct Saved {
    pub id: i64,
}

pub async fn wallet_save(
    state: web::Data<AppState>,
    form: Form<WalletSaveParams>,
) -> ApiResult<Reply<Saved>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let p = p?;
    let coin = funds::either_coin(&state, &p.currency, &p.currency_id)?;
    let name = p.name.as_deref();
    if name.is_some() {
        validate::plain_text(name, 32)?;
    }
    let address = p
        .address
        .as_deref()
        .filter(|a| (10..=128).contains(&a.len()) && a.chars().all(|c| c.is_ascii_alphanumeric()));
    let qrcode = funds::owned_upload(&state, user.id, p.qrcode.as_deref()).await?;
    let (Some(name), Some(address), Some(qrcode)) = (name, address, qrcode) else {
        return Err(ApiError::invalid("err_wallet_fields"));
    };
    let (id,): (i64,) = sqlx::query_as(
        "INSERT INTO wallet_addresses (user_id, currency, name, address, qrcode, created_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
    )
    .bind(user.id)
    .bind(coin.id)
    .bind(name)
    .bind(address)
    .bind(qrcode)
    .bind(now_ms())
    .fetch_one(&state.db)
    .await?;
    Ok(Reply(Saved { id }))
}

/// `user/wallet/list`: saved addresses, of every coin or one.
#[derive(Deserialize, ToSchema)]
pub struct WalletListParams {
    /// Only this coin (or `currency_id`).
    pub currency: Option<Coin>,
    pub currency_id: Option<Coin>,
}

/// A saved withdrawal address.
#[derive(serde::Serialize, ToSchema)]
pub struct SavedAddress {
    pub id: i64,
    /// The coin's id, and its symbol.
    pub currency: i64,
    pub currency_name: String,
    /// The caller's label.
    pub name: String,
    pub address: String,
    /// A signed link to the address's QR code picture.
    pub qrcode: String,
    /// Milliseconds since the epoch.
    pub created_at: i64,
}

pub async fn wallet_list(
    state: web::Data<AppState>,
    form: Form<WalletListParams>,
) -> ApiResult<Reply<Vec<SavedAddress>>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let p = p?;
    let coin = match (&p.currency, &p.currency_id) {
        (None, None) => None,
        _ => Some(funds::either_coin(&state, &p.currency, &p.currency_id)?.id),
    };
    let rows: Vec<(i64, i64, String, String, String, i64)> = sqlx::query_as(
        "SELECT id, currency, name, address, qrcode, created_at FROM wallet_addresses
         WHERE user_id = $1 AND (CAST($2 AS BIGINT) IS NULL OR currency = $2) ORDER BY id DESC",
    )
    .bind(user.id)
    .bind(coin)
    .fetch_all(&state.db)
    .await?;
    let list = rows
        .into_iter()
        .map(|(id, cur, name, address, qrcode, at)| SavedAddress {
            id,
            currency: cur,
            currency_name: state
                .settings
                .currency(cur)
                .map(|c| c.name.clone())
                .unwrap_or_default(),
            name,
            address,
            qrcode: crate::uploads::signed(&state, &qrcode),
            created_at: at,
        })
        .collect();
    Ok(Reply(list))
}

pub async fn wallet_delete(
    state: web::Data<AppState>,
    form: Form<IdParams>,
) -> ApiResult<Reply<String>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let id = p?.id.0;
    let res = sqlx::query("DELETE FROM wallet_addresses WHERE id = $1 AND user_id = $2")
        .bind(id)
        .bind(user.id)
        .execute(&state.db)
        .await?;
    if res.rows_affected() == 0 {
        return Err(ApiError::not_found());
    }
    Ok(Reply(t(req.lang, "ok_done", &[])))
}

/// The stored field names of a bank card, in order.
const CARD_FIELDS: [&str; 10] = [
    "alipay_account",
    "real_name",
    "bank_account",
    "bank_dizhi",
    "bank_name",
    "bank_network",
    "swift_code",
    "phone",
    "wechat_account",
    "wechat_nickname",
];

/// `user/cash_save` and `user/cash_save_international`: the bank card, every
/// field required, each checked by what it holds (the stored names are the app
/// family's).
#[derive(Deserialize, ToSchema)]
pub struct CardParams {
    /// An ABA routing number: 9 digits.
    #[schema(pattern = "^[0-9]{9}$")]
    pub alipay_account: Option<String>,
    /// The holder's name, at most 100 characters.
    #[schema(max_length = 100)]
    pub real_name: Option<String>,
    /// The card number: 8 to 19 digits (spaces and dashes allowed).
    pub bank_account: Option<String>,
    /// The bank's address, at most 100 characters.
    #[schema(max_length = 100)]
    pub bank_dizhi: Option<String>,
    /// The bank's name, at most 100 characters.
    #[schema(max_length = 100)]
    pub bank_name: Option<String>,
    /// The branch, at most 100 characters.
    #[schema(max_length = 100)]
    pub bank_network: Option<String>,
    /// A SWIFT (BIC) code: 8 or 11 letters and digits.
    pub swift_code: Option<String>,
    /// A phone number: 5 to 20 digits, an optional leading `+`.
    pub phone: Option<String>,
    /// The holder's account name, at most 100 characters.
    #[schema(max_length = 100)]
    pub wechat_account: Option<String>,
    /// An intermediary SWIFT (BIC) code.
    pub wechat_nickname: Option<String>,
}

impl CardParams {
    fn get(&self, name: &str) -> Option<&str> {
        match name {
            "alipay_account" => self.alipay_account.as_deref(),
            "real_name" => self.real_name.as_deref(),
            "bank_account" => self.bank_account.as_deref(),
            "bank_dizhi" => self.bank_dizhi.as_deref(),
            "bank_name" => self.bank_name.as_deref(),
            "bank_network" => self.bank_network.as_deref(),
            "swift_code" => self.swift_code.as_deref(),
            "phone" => self.phone.as_deref(),
            "wechat_account" => self.wechat_account.as_deref(),
            "wechat_nickname" => self.wechat_nickname.as_deref(),
            _ => None,
        }
    }
}

/// A bank card as saved. The stored names are the app family's; the comments
/// say what each holds.
#[derive(serde::Serialize, ToSchema)]
pub struct Card {
    /// An ABA routing number: 9 digits.
    pub alipay_account: String,
    /// The holder's name.
    pub real_name: String,
    /// The card number.
    pub bank_account: String,
    /// The bank's address.
    pub bank_dizhi: String,
    /// The bank's name.
    pub bank_name: String,
    /// The branch.
    pub bank_network: String,
    /// A SWIFT (BIC) code.
    pub swift_code: String,
    /// A phone number.
    pub phone: String,
    /// The holder's account name.
    pub wechat_account: String,
    /// An intermediary SWIFT (BIC) code.
    pub wechat_nickname: String,
}

async fn save_card(state: &AppState, form: Form<CardParams>, kind: i64) -> ApiResult<Reply<Card>> {
    let (req, p) = form.split();
    let user = req.user(state).await?;
    let p = p?;
    let mut values = Vec::new();
    for f in CARD_FIELDS {
        let raw = p.get(f);
        // Each field is checked by what it holds (see CARD_FIELDS for the
        // stored names the app family gave them).
        let v = match f {
            "alipay_account" => validate::aba(raw),
            "bank_account" => validate::card_number(raw),
            "swift_code" | "wechat_nickname" => validate::swift(raw),
            "phone" => validate::phone(raw),
            _ => validate::plain_text(raw, 100),
        }?;
        values.push(v);
    }
    let cols = CARD_FIELDS.join(", ");
    let updates: Vec<String> = CARD_FIELDS
        .iter()
        .map(|f| format!("{f} = excluded.{f}"))
        .collect();
    let sql = format!(
        "INSERT INTO bank_cards (user_id, kind, {cols}, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
         ON CONFLICT (user_id, kind) DO UPDATE SET {}, updated_at = excluded.updated_at",
        updates.join(", ")
    );
    let mut q = sqlx::query(&sql).bind(user.id).bind(kind);
    for v in values {
        q = q.bind(v);
    }
    q.bind(now_ms()).execute(&state.db).await?;
    card(state, user.id, kind)
        .await?
        .map(Reply)
        .ok_or_else(|| ApiError::internal("the card saved is not there"))
}

async fn card(state: &AppState, user_id: i64, kind: i64) -> ApiResult<Option<Card>> {
    type Row = (
        String,
        String,
        String,
        String,
        String,
        String,
        String,
        String,
        String,
        String,
    );
    let row: Option<Row> = sqlx::query_as(&format!(
        "SELECT {} FROM bank_cards WHERE user_id = $1 AND kind = $2",
        CARD_FIELDS.join(", ")
    ))
    .bind(user_id)
    .bind(kind)
    .fetch_optional(&state.db)
    .await?;
    // In the order of CARD_FIELDS.
    Ok(row.map(|r| Card {
        alipay_account: r.0,
        real_name: r.1,
        bank_account: r.2,
        bank_dizhi: r.3,
        bank_name: r.4,
        bank_network: r.5,
        swift_code: r.6,
        phone: r.7,
        wechat_account: r.8,
        wechat_nickname: r.9,
    }))
}

pub async fn cash_save(
    state: web::Data<AppState>,
    form: Form<CardParams>,
) -> ApiResult<Reply<Card>> {
    save_card(&state, form, 0).await
}

pub async fn cash_save_international(
    state: web::Data<AppState>,
    form: Form<CardParams>,
) -> ApiResult<Reply<Card>> {
    save_card(&state, form, 1).await
}

pub async fn cash_info(
    state: web::Data<AppState>,
    form: Form<NoParams>,
) -> ApiResult<Reply<Option<Card>>> {
    let user = form.req.user(&state).await?;
    Ok(Reply(card(&state, user.id, 0).await?))
}

pub async fn cash_info_international(
    state: web::Data<AppState>,
    form: Form<NoParams>,
) -> ApiResult<Reply<Option<Card>>> {
    let user = form.req.user(&state).await?;
    Ok(Reply(card(&state, user.id, 1).await?))
}
