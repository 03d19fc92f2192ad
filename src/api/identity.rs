//! Identity verification (two levels), saved wallet addresses and bank cards.
//! Every query is scoped to the caller.

use super::ok;
use crate::db::now_ms;
use crate::error::{ApiError, ApiResult};
use crate::extract::Req;
use crate::funds;
use crate::i18n::t;
use crate::state::AppState;
use crate::validate;
use actix_web::{web, HttpResponse};
use serde_json::{json, Value};

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

fn level_json(row: Option<(i64, String, String, String, i64)>) -> Value {
    match row {
        None => json!({"state": 0}),
        Some((st, reason, name, id_type, at)) => {
            json!({"state": st, "reason": reason, "name": name, "id_type": id_type, "created_at": at})
        }
    }
}

/// States: 0 not verified, 1 verifying, 2 verified, 3 failed (may go again).
pub async fn real_state(state: web::Data<AppState>, req: Req) -> ApiResult<HttpResponse> {
    let user = req.user(&state).await?;
    let level = funds::verified_level(&state, user.id).await?;
    let (email, mobile): (Option<String>, Option<String>) =
        sqlx::query_as("SELECT email, mobile FROM users WHERE id = $1")
            .bind(user.id)
            .fetch_one(&state.db)
            .await?;
    Ok(ok(json!({
        "level": level,
        "level1": level_json(latest(&state, user.id, 1).await?),
        "level2": level_json(latest(&state, user.id, 2).await?),
        "email_bound": email.is_some(),
        "mobile_bound": mobile.is_some(),
    })))
}

pub async fn submit_real(state: web::Data<AppState>, req: Req) -> ApiResult<HttpResponse> {
    let user = req.user(&state).await?;
    let (email, mobile): (Option<String>, Option<String>) =
        sqlx::query_as("SELECT email, mobile FROM users WHERE id = $1")
            .bind(user.id)
            .fetch_one(&state.db)
            .await?;
    if email.is_none() || mobile.is_none() {
        return Err(ApiError::invalid("err_bind_both_first"));
    }
    let level: i64 = match req.get("real_type").unwrap_or("1") {
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
        id_type = match req.get("id_type") {
            Some(t @ ("id_card" | "passport" | "driver_license" | "1" | "2" | "3")) => {
                t.to_string()
            }
            _ => return Err(ApiError::invalid("err_id_type")),
        };
        name = match req.get("name") {
            None => return Err(ApiError::invalid("err_name_required")),
            some => validate::plain_text(some, 64)?,
        };
        card_id = req
            .get("card_id")
            .filter(|c| {
                (4..=32).contains(&c.len())
                    && c.chars().all(|ch| ch.is_ascii_alphanumeric() || ch == '-')
            })
            .ok_or_else(|| ApiError::invalid("err_card_id"))?
            .to_string();
        erc = req.get("erc_address").unwrap_or_default().to_string();
        trc = req.get("trc_address").unwrap_or_default().to_string();
    }
    let front = funds::owned_upload(&state, user.id, req.get("front_pic")).await?;
    let back = funds::owned_upload(&state, user.id, req.get("reverse_pic")).await?;
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
    Ok(ok(t(req.lang, "ok_submitted", &[])))
}

pub async fn verification_queue(state: &AppState, req: &Req) -> ApiResult<Value> {
    let paging = req.paging()?;
    let st: Option<i64> = req.get("state").and_then(|s| s.parse().ok());
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
    let (rows, total): (Vec<Row>, i64) = super::paged(
        state,
        "verifications",
        columns,
        super::STATE_FILTER,
        st,
        paging,
    )
    .await?;
    let data = rows
        .into_iter()
        .map(|r| {
            json!({"id": r.0, "user_id": r.1, "level": r.2, "state": r.3, "id_type": r.4, "name": r.5,
                   "card_id": r.6, "front_pic": crate::uploads::signed(state, &r.7),
                   "reverse_pic": crate::uploads::signed(state, &r.8), "erc_address": r.9,
                   "trc_address": r.10, "reason": r.11, "created_at": r.12})
        })
        .collect();
    Ok(paging.wrap(data, total))
}

pub async fn review_verification(
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

pub async fn wallet_save(state: web::Data<AppState>, req: Req) -> ApiResult<HttpResponse> {
    let user = req.user(&state).await?;
    let coin = funds::currency(&state, &req, &["currency", "currency_id"])?;
    let name = req.get("name");
    if name.is_some() {
        validate::plain_text(name, 32)?;
    }
    let address = req
        .get("address")
        .filter(|a| (10..=128).contains(&a.len()) && a.chars().all(|c| c.is_ascii_alphanumeric()));
    let qrcode = funds::owned_upload(&state, user.id, req.get("qrcode")).await?;
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
    Ok(ok(json!({"id": id})))
}

pub async fn wallet_list(state: web::Data<AppState>, req: Req) -> ApiResult<HttpResponse> {
    let user = req.user(&state).await?;
    let coin = match req.any(&["currency", "currency_id"]) {
        None => None,
        Some(_) => Some(funds::currency(&state, &req, &["currency", "currency_id"])?.id),
    };
    let rows: Vec<(i64, i64, String, String, String, i64)> = sqlx::query_as(
        "SELECT id, currency, name, address, qrcode, created_at FROM wallet_addresses
         WHERE user_id = $1 AND (CAST($2 AS BIGINT) IS NULL OR currency = $2) ORDER BY id DESC",
    )
    .bind(user.id)
    .bind(coin)
    .fetch_all(&state.db)
    .await?;
    let list: Vec<Value> = rows
        .into_iter()
        .map(|(id, cur, name, address, qrcode, at)| {
            json!({"id": id, "currency": cur,
                   "currency_name": state.settings.currency(cur).map(|c| c.name.clone()).unwrap_or_default(),
                   "name": name, "address": address,
                   "qrcode": crate::uploads::signed(&state, &qrcode), "created_at": at})
        })
        .collect();
    Ok(ok(list))
}

pub async fn wallet_delete(state: web::Data<AppState>, req: Req) -> ApiResult<HttpResponse> {
    let user = req.user(&state).await?;
    let id = req.id("id")?;
    let res = sqlx::query("DELETE FROM wallet_addresses WHERE id = $1 AND user_id = $2")
        .bind(id)
        .bind(user.id)
        .execute(&state.db)
        .await?;
    if res.rows_affected() == 0 {
        return Err(ApiError::not_found());
    }
    Ok(ok(t(req.lang, "ok_done", &[])))
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

async fn save_card(state: &AppState, req: &Req, kind: i64) -> ApiResult<HttpResponse> {
    let user = req.user(state).await?;
    let mut values = Vec::new();
    for f in CARD_FIELDS {
        let raw = req.get(f);
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
    card(state, user.id, kind).await.map(ok)
}

async fn card(state: &AppState, user_id: i64, kind: i64) -> ApiResult<Value> {
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
    Ok(match row {
        None => Value::Null,
        Some(r) => {
            let vals = [r.0, r.1, r.2, r.3, r.4, r.5, r.6, r.7, r.8, r.9];
            let map: serde_json::Map<String, Value> = CARD_FIELDS
                .iter()
                .zip(vals)
                .map(|(k, v)| (k.to_string(), json!(v)))
                .collect();
            Value::Object(map)
        }
    })
}

pub async fn cash_save(state: web::Data<AppState>, req: Req) -> ApiResult<HttpResponse> {
    save_card(&state, &req, 0).await
}

pub async fn cash_save_international(
    state: web::Data<AppState>,
    req: Req,
) -> ApiResult<HttpResponse> {
    save_card(&state, &req, 1).await
}

pub async fn cash_info(state: web::Data<AppState>, req: Req) -> ApiResult<HttpResponse> {
    let user = req.user(&state).await?;
    Ok(ok(card(&state, user.id, 0).await?))
}

pub async fn cash_info_international(
    state: web::Data<AppState>,
    req: Req,
) -> ApiResult<HttpResponse> {
    let user = req.user(&state).await?;
    Ok(ok(card(&state, user.id, 1).await?))
}
