//! Public site content: settings, banners and notices, FAQ, static pages, the
//! Home quick-entry grid and fiat rates. Content is stored per language; a
//! language with no content of a kind gets the English one.

use crate::error::{ApiError, ApiResult};
use crate::extract::Paging;
use crate::i18n::{Lang, LANGS};
use crate::params::{Form, Id, IdParams, NoParams, Page, Paged, Reply};
use crate::state::AppState;
use actix_web::web;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

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

/// `getSiteConfig`: what the app needs to know of the site before anything
/// else. The first five are site settings (empty when not set).
#[derive(Serialize, ToSchema)]
pub struct SiteConfig {
    pub site_name: String,
    /// The logo's address.
    pub site_logo: String,
    /// Where the support link goes.
    pub support_url: String,
    /// A site setting the app family reads, as stored (`0` in the demo
    /// content).
    pub cancel_deposit_fee: String,
    /// The address invitation links start with.
    pub invite_base: String,
    /// The server's version, `0.8.0`.
    pub version: String,
    /// The app clears its stored data once when its stored marker is below
    /// this.
    pub h5_version: i64,
    /// The language codes the API answers in (`zh`, `en`, …).
    pub languages: Vec<String>,
    pub default_lang: String,
    /// The fiat currency values are shown in by default, `USD`.
    pub default_fiat: String,
}

pub async fn site_config(
    state: web::Data<AppState>,
    _form: Form<NoParams>,
) -> ApiResult<Reply<SiteConfig>> {
    let rows: Vec<(String, String)> = sqlx::query_as("SELECT keyword, value FROM settings")
        .fetch_all(&state.db)
        .await?;
    let get = |key: &str| {
        rows.iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.clone())
            .unwrap_or_default()
    };
    let site = &state.settings.site;
    Ok(Reply(SiteConfig {
        site_name: get("site_name"),
        site_logo: get("site_logo"),
        support_url: get("support_url"),
        cancel_deposit_fee: get("cancel_deposit_fee"),
        invite_base: get("invite_base"),
        version: site.version.clone(),
        h5_version: site.h5_version,
        languages: LANGS.iter().map(|l| l.to_string()).collect(),
        default_lang: site.default_lang.clone(),
        default_fiat: site.default_fiat.clone(),
    }))
}

/// `getSetting`: one site setting.
#[derive(serde::Deserialize, utoipa::ToSchema)]
pub struct SettingParams {
    /// The setting's keyword (site_name, logo, …).
    pub keyword: String,
}

/// The setting's value is the message, a string.
pub async fn get_setting(
    state: web::Data<AppState>,
    form: Form<SettingParams>,
) -> ApiResult<Reply<String>> {
    let p = form.split().1?;
    match setting(&state, &p.keyword).await? {
        Some(v) => Ok(Reply(v)),
        None => Err(ApiError::new(
            crate::error::Kind::NotFound,
            "err_unknown_setting",
        )),
    }
}

/// `news/list`: one kind of article, paged.
#[derive(Deserialize, ToSchema)]
pub struct NewsParams {
    /// 4 notices, 5 banners.
    pub c_id: Id,
    pub page: Option<Page>,
    pub limit: Option<Page>,
}

/// An article as lists show it: all but its content.
#[derive(Serialize, ToSchema)]
pub struct ArticleSummary {
    pub id: i64,
    /// 4 notice, 5 banner.
    pub c_id: i64,
    pub title: String,
    pub summary: String,
    /// The picture's address.
    pub thumbnail: String,
    /// Milliseconds since the epoch.
    pub created_at: i64,
}

pub async fn news_list(
    state: web::Data<AppState>,
    form: Form<NewsParams>,
) -> ApiResult<Reply<Paged<ArticleSummary>>> {
    let (req, p) = form.split();
    let p = p?;
    let c_id = p.c_id.0;
    let paging = Paging::of(p.page, p.limit);
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
        .map(
            |(id, c_id, title, summary, thumbnail, created_at)| ArticleSummary {
                id,
                c_id,
                title,
                summary,
                thumbnail,
                created_at,
            },
        )
        .collect();
    Ok(Reply(Paged::of(paging, data, total)))
}

/// One article in full.
#[derive(Serialize, ToSchema)]
pub struct Article {
    pub id: i64,
    /// 4 notice, 5 banner.
    pub c_id: i64,
    pub title: String,
    pub summary: String,
    /// HTML.
    pub content: String,
    pub thumbnail: String,
    /// Milliseconds since the epoch.
    pub created_at: i64,
}

pub async fn news_detail(
    state: web::Data<AppState>,
    form: Form<IdParams>,
) -> ApiResult<Reply<Article>> {
    let id = form.split().1?.id.0;
    let row: Option<(i64, i64, String, String, String, String, i64)> = sqlx::query_as(
        "SELECT id, c_id, title, summary, content, thumbnail, created_at FROM articles WHERE id = $1",
    )
    .bind(id)
    .fetch_optional(&state.db)
    .await?;
    let (id, c_id, title, summary, content, thumbnail, created_at) =
        row.ok_or_else(ApiError::not_found)?;
    Ok(Reply(Article {
        id,
        c_id,
        title,
        summary,
        content,
        thumbnail,
        created_at,
    }))
}

/// The pop-up notice.
#[derive(Serialize, ToSchema)]
pub struct Pop {
    pub id: i64,
    pub title: String,
    pub content: String,
    pub created_at: i64,
}

pub async fn index_pop(
    state: web::Data<AppState>,
    form: Form<NoParams>,
) -> ApiResult<Reply<Option<Pop>>> {
    let req = form.req;
    let lang = content_lang(&state, "articles", "AND is_pop = 1", req.lang).await?;
    let row: Option<(i64, String, String, i64)> = sqlx::query_as(
        "SELECT id, title, content, created_at FROM articles WHERE is_pop = 1 AND lang = $1 ORDER BY id DESC LIMIT 1",
    )
    .bind(&lang)
    .fetch_optional(&state.db)
    .await?;
    Ok(Reply(row.map(|(id, title, content, created_at)| Pop {
        id,
        title,
        content,
        created_at,
    })))
}

/// The Home quick-entry grid in display order. A key is enabled once its feature
/// ships; the app answers the others with "function under development".
pub const MENU: [(&str, bool); 22] = [
    ("recharge", true),
    ("withdraw", true),
    ("stock", true),
    ("futures", true),
    ("copytrade", true),
    ("financial", true),
    ("margin", false),
    ("otc", false),
    ("coupon", false),
    ("bills", true),
    ("exchange", true),
    ("lockming", true),
    ("game", false),
    ("chatroom", false),
    ("quickbuy", false),
    ("defi", true),
    ("cloudmining", true),
    ("loan", false),
    ("nft", true),
    ("download", false),
    ("invite", true),
    ("whitepaper", true),
];

/// One entry of the Home grid.
#[derive(Serialize, ToSchema)]
pub struct MenuItem {
    pub key: &'static str,
    pub enabled: bool,
}

pub async fn menu(_form: Form<NoParams>) -> ApiResult<Reply<Vec<MenuItem>>> {
    let list = MENU
        .iter()
        .map(|&(key, enabled)| MenuItem { key, enabled })
        .collect();
    Ok(Reply(list))
}

/// One question and its answer.
#[derive(Serialize, ToSchema)]
pub struct Faq {
    pub id: i64,
    pub question: String,
    pub answer: String,
}

pub async fn faq(state: web::Data<AppState>, form: Form<NoParams>) -> ApiResult<Reply<Vec<Faq>>> {
    let req = form.req;
    let lang = content_lang(&state, "faqs", "", req.lang).await?;
    let rows: Vec<(i64, String, String)> =
        sqlx::query_as("SELECT id, question, answer FROM faqs WHERE lang = $1 ORDER BY sort, id")
            .bind(&lang)
            .fetch_all(&state.db)
            .await?;
    let list = rows
        .into_iter()
        .map(|(id, question, answer)| Faq {
            id,
            question,
            answer,
        })
        .collect();
    Ok(Reply(list))
}

/// A page of text: its title and HTML.
#[derive(Serialize, ToSchema)]
pub struct TextPage {
    pub title: String,
    pub content: String,
}

async fn page(state: &AppState, slug: &str, lang: Lang) -> ApiResult<Reply<TextPage>> {
    let row: Option<(String, String)> = sqlx::query_as(
        "SELECT title, content FROM pages WHERE slug = $1 AND lang IN ($2, 'en') ORDER BY CASE WHEN lang = $2 THEN 0 ELSE 1 END LIMIT 1",
    )
    .bind(slug)
    .bind(lang.code())
    .fetch_optional(&state.db)
    .await?;
    let (title, content) = row.ok_or_else(ApiError::not_found)?;
    Ok(Reply(TextPage { title, content }))
}

pub async fn aboutus(
    state: web::Data<AppState>,
    form: Form<NoParams>,
) -> ApiResult<Reply<TextPage>> {
    page(&state, "aboutus", form.req.lang).await
}

pub async fn contactus(
    state: web::Data<AppState>,
    form: Form<NoParams>,
) -> ApiResult<Reply<TextPage>> {
    page(&state, "contactus", form.req.lang).await
}

pub async fn invitenews(
    state: web::Data<AppState>,
    form: Form<NoParams>,
) -> ApiResult<Reply<TextPage>> {
    page(&state, "invitenews", form.req.lang).await
}

pub async fn compliance(
    state: web::Data<AppState>,
    form: Form<NoParams>,
) -> ApiResult<Reply<TextPage>> {
    page(&state, "operational_compliance", form.req.lang).await
}

pub async fn whitepaper(
    state: web::Data<AppState>,
    form: Form<NoParams>,
) -> ApiResult<Reply<TextPage>> {
    page(&state, "whitepaper", form.req.lang).await
}

pub use crate::fiat::FiatRate;

pub async fn rate_currency(
    state: web::Data<AppState>,
    _form: Form<NoParams>,
) -> ApiResult<Reply<Vec<FiatRate>>> {
    Ok(Reply(crate::fiat::rates(&state).await?))
}
