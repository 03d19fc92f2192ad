//! Public site content: settings, banners and notices, FAQ, static pages, the
//! Home quick-entry grid and fiat rates. Content is stored per language; a
//! language with no content of a kind gets the English one.

use super::ok;
use crate::error::{ApiError, ApiResult};
use crate::extract::Req;
use crate::i18n::{Lang, LANGS};
use crate::state::AppState;
use actix_web::{web, HttpResponse};
use serde_json::json;

/// The language to read `table` in: the caller's when it has rows matching
/// `filter`, else English.
async fn content_lang(
    state: &AppState,
    table: &str,
    filter: &str,
    lang: Lang,
) -> ApiResult<String> {
    let sql = format!("SELECT COUNT(*) FROM {table} WHERE lang = $1 {filter}");
    let (n,): (i64,) = sqlx::query_as(&sql)
        .bind(lang.code())
        .fetch_one(&state.db)
        .await?;
    Ok(if n > 0 { lang.code() } else { "en" }.to_string())
}

async fn setting(state: &AppState, keyword: &str) -> ApiResult<Option<String>> {
    let row: Option<(String,)> = sqlx::query_as("SELECT value FROM settings WHERE keyword = $1")
        .bind(keyword)
        .fetch_optional(&state.db)
        .await?;
    Ok(row.map(|r| r.0))
}

pub async fn site_config(state: web::Data<AppState>, _req: Req) -> ApiResult<HttpResponse> {
    let rows: Vec<(String, String)> = sqlx::query_as("SELECT keyword, value FROM settings")
        .fetch_all(&state.db)
        .await?;
    let mut out = serde_json::Map::new();
    for key in [
        "site_name",
        "site_logo",
        "support_url",
        "cancel_deposit_fee",
        "invite_base",
    ] {
        let v = rows.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone());
        out.insert(key.into(), json!(v.unwrap_or_default()));
    }
    let site = &state.settings.site;
    out.insert("version".into(), json!(site.version));
    out.insert("h5_version".into(), json!(site.h5_version));
    out.insert("languages".into(), json!(LANGS));
    out.insert("default_lang".into(), json!(site.default_lang));
    out.insert("default_fiat".into(), json!(site.default_fiat));
    Ok(ok(out))
}

/// `getSetting`: one site setting.
#[derive(serde::Deserialize, utoipa::ToSchema)]
pub struct SettingParams {
    /// The setting's keyword (site_name, logo, …).
    pub keyword: String,
}

pub async fn get_setting(
    state: web::Data<AppState>,
    form: crate::params::Form<SettingParams>,
) -> ApiResult<crate::params::Reply<serde_json::Value>> {
    let p = form.split().1?;
    match setting(&state, &p.keyword).await? {
        Some(v) => Ok(crate::params::Reply(serde_json::json!(v))),
        None => Err(ApiError::new(
            crate::error::Kind::NotFound,
            "err_unknown_setting",
        )),
    }
}

pub async fn news_list(state: web::Data<AppState>, req: Req) -> ApiResult<HttpResponse> {
    let c_id = req.id("c_id")?;
    let paging = req.paging()?;
    let lang = content_lang(&state, "articles", &format!("AND c_id = {c_id}"), req.lang).await?;
    let (total,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM articles WHERE c_id = $1 AND lang = $2")
            .bind(c_id)
            .bind(&lang)
            .fetch_one(&state.db)
            .await?;
    let rows: Vec<(i64, i64, String, String, String, i64)> = sqlx::query_as(
        "SELECT id, c_id, title, summary, thumbnail, created_at FROM articles WHERE c_id = $1 AND lang = $2
         ORDER BY sort, id LIMIT $3 OFFSET $4",
    )
    .bind(c_id)
    .bind(&lang)
    .bind(paging.limit)
    .bind(paging.offset())
    .fetch_all(&state.db)
    .await?;
    let data = rows
        .into_iter()
        .map(|(id, c_id, title, summary, thumbnail, created_at)| {
            json!({"id": id, "c_id": c_id, "title": title, "summary": summary, "thumbnail": thumbnail, "created_at": created_at})
        })
        .collect();
    Ok(ok(paging.wrap(data, total)))
}

pub async fn news_detail(state: web::Data<AppState>, req: Req) -> ApiResult<HttpResponse> {
    let id = req.id("id")?;
    let row: Option<(i64, i64, String, String, String, String, i64)> = sqlx::query_as(
        "SELECT id, c_id, title, summary, content, thumbnail, created_at FROM articles WHERE id = $1",
    )
    .bind(id)
    .fetch_optional(&state.db)
    .await?;
    let (id, c_id, title, summary, content, thumbnail, created_at) =
        row.ok_or_else(ApiError::not_found)?;
    Ok(ok(json!({
        "id": id, "c_id": c_id, "title": title, "summary": summary,
        "content": content, "thumbnail": thumbnail, "created_at": created_at
    })))
}

pub async fn index_pop(state: web::Data<AppState>, req: Req) -> ApiResult<HttpResponse> {
    let lang = content_lang(&state, "articles", "AND is_pop = 1", req.lang).await?;
    let row: Option<(i64, String, String, i64)> = sqlx::query_as(
        "SELECT id, title, content, created_at FROM articles WHERE is_pop = 1 AND lang = $1 ORDER BY id DESC LIMIT 1",
    )
    .bind(&lang)
    .fetch_optional(&state.db)
    .await?;
    Ok(ok(row.map(|(id, title, content, created_at)| {
        json!({"id": id, "title": title, "content": content, "created_at": created_at})
    })))
}

/// The Home quick-entry grid in display order. A key is enabled once its feature
/// ships; the app answers the others with "function under development".
pub const MENU: [(&str, bool); 22] = [
    ("recharge", true),
    ("withdraw", true),
    ("stock", true),
    ("futures", true),
    ("copytrade", false),
    ("financial", false),
    ("margin", false),
    ("otc", false),
    ("coupon", false),
    ("bills", true),
    ("exchange", true),
    ("lockming", false),
    ("game", false),
    ("chatroom", false),
    ("quickbuy", false),
    ("defi", false),
    ("cloudmining", false),
    ("loan", false),
    ("nft", false),
    ("download", false),
    ("invite", true),
    ("whitepaper", true),
];

pub async fn menu(_req: Req) -> ApiResult<HttpResponse> {
    let list: Vec<_> = MENU
        .iter()
        .map(|(key, enabled)| json!({"key": key, "enabled": enabled}))
        .collect();
    Ok(ok(list))
}

pub async fn faq(state: web::Data<AppState>, req: Req) -> ApiResult<HttpResponse> {
    let lang = content_lang(&state, "faqs", "", req.lang).await?;
    let rows: Vec<(i64, String, String)> =
        sqlx::query_as("SELECT id, question, answer FROM faqs WHERE lang = $1 ORDER BY sort, id")
            .bind(&lang)
            .fetch_all(&state.db)
            .await?;
    let list: Vec<_> = rows
        .into_iter()
        .map(|(id, q, a)| json!({"id": id, "question": q, "answer": a}))
        .collect();
    Ok(ok(list))
}

async fn page(state: &AppState, slug: &str, lang: Lang) -> ApiResult<HttpResponse> {
    let row: Option<(String, String)> = sqlx::query_as(
        "SELECT title, content FROM pages WHERE slug = $1 AND lang IN ($2, 'en') ORDER BY CASE WHEN lang = $2 THEN 0 ELSE 1 END LIMIT 1",
    )
    .bind(slug)
    .bind(lang.code())
    .fetch_optional(&state.db)
    .await?;
    let (title, content) = row.ok_or_else(ApiError::not_found)?;
    Ok(ok(json!({"title": title, "content": content})))
}

pub async fn aboutus(state: web::Data<AppState>, req: Req) -> ApiResult<HttpResponse> {
    page(&state, "aboutus", req.lang).await
}

pub async fn contactus(state: web::Data<AppState>, req: Req) -> ApiResult<HttpResponse> {
    page(&state, "contactus", req.lang).await
}

pub async fn invitenews(state: web::Data<AppState>, req: Req) -> ApiResult<HttpResponse> {
    page(&state, "invitenews", req.lang).await
}

pub async fn compliance(state: web::Data<AppState>, req: Req) -> ApiResult<HttpResponse> {
    page(&state, "operational_compliance", req.lang).await
}

pub async fn whitepaper(state: web::Data<AppState>, req: Req) -> ApiResult<HttpResponse> {
    page(&state, "whitepaper", req.lang).await
}

/// Seeds the fiat rates from the configuration (admins edit them afterwards).
pub async fn seed_fiat_rates(state: &AppState) -> ApiResult<()> {
    for (i, f) in state.settings.fiat.iter().enumerate() {
        sqlx::query(
            "INSERT INTO fiat_rates (code, symbol, rate, sort, updated_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (code) DO NOTHING",
        )
        .bind(&f.code)
        .bind(&f.symbol)
        .bind(&f.rate)
        .bind(i as i64)
        .bind(crate::db::now_ms())
        .execute(&state.db)
        .await?;
    }
    Ok(())
}

pub async fn fiat_rates(state: &AppState) -> ApiResult<Vec<serde_json::Value>> {
    let rows: Vec<(String, String, String, i64)> =
        sqlx::query_as("SELECT code, symbol, rate, updated_at FROM fiat_rates ORDER BY sort, code")
            .fetch_all(&state.db)
            .await?;
    Ok(rows
        .into_iter()
        .map(|(code, symbol, rate, at)| json!({"currency_code": code, "symbol": symbol, "rate": rate, "updated_at": at}))
        .collect())
}

pub async fn rate_currency(state: web::Data<AppState>, _req: Req) -> ApiResult<HttpResponse> {
    Ok(ok(fiat_rates(&state).await?))
}
