//! Request extraction: the caller's language, parameters (form, JSON or query, the
//! contract accepts all three), client IP and token, and the authenticated user.

use crate::db::now_ms;
use crate::error::{ApiError, ApiResult, Kind};
use crate::i18n::Lang;
use crate::state::AppState;
use actix_web::dev::Payload;
use actix_web::{web, FromRequest, HttpMessage, HttpRequest};
use futures_util::future::LocalBoxFuture;
use std::collections::HashMap;

/// Largest accepted form or JSON body (uploads have their own limit).
const MAX_BODY: usize = 256 * 1024;

/// What every handler gets: language, parameters, IP, token.
pub struct Req {
    pub lang: Lang,
    pub params: HashMap<String, String>,
    pub ip: String,
    pub token: Option<String>,
    /// The `User-Agent` header (empty when none), for the session list.
    pub user_agent: String,
}

/// The logged-in caller.
#[derive(Debug, Clone)]
pub struct AuthUser {
    pub id: i64,
    pub role: String,
    pub token_hash: String,
    /// The token's row: what ending this session names.
    pub token_id: i64,
    /// When the token expires (milliseconds since the epoch): a socket opened
    /// with it ends then.
    pub expires_at: i64,
}

/// Language of a request from its query string alone (used before, or without,
/// reading the body).
pub fn lang_of(req: &HttpRequest) -> Lang {
    let from_query = web::Query::<HashMap<String, String>>::from_query(req.query_string())
        .ok()
        .and_then(|q| q.get("lang").cloned());
    let from_header = req
        .headers()
        .get("lang")
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    from_query
        .or(from_header)
        .map(|l| Lang::parse(&l))
        .unwrap_or(Lang::EN)
}

fn token_of(req: &HttpRequest) -> Option<String> {
    let raw = req.headers().get("authorization")?.to_str().ok()?.trim();
    let token = raw.strip_prefix("Bearer ").unwrap_or(raw).trim();
    (!token.is_empty()).then(|| token.to_string())
}

fn agent_of(req: &HttpRequest) -> String {
    req.headers()
        .get("user-agent")
        .and_then(|v| v.to_str().ok())
        .map(crate::devices::agent::keep_agent)
        .unwrap_or_default()
}

fn ip_of(req: &HttpRequest) -> String {
    req.peer_addr()
        .map(|a| a.ip().to_string())
        .unwrap_or_else(|| "unknown".into())
}

fn parse_body(req: &HttpRequest, body: &[u8]) -> ApiResult<HashMap<String, String>> {
    if body.is_empty() {
        return Ok(HashMap::new());
    }
    let unreadable = || ApiError::new(Kind::Unreadable, "err_bad_request");
    if req.content_type().contains("json") {
        let value: serde_json::Value = serde_json::from_slice(body).map_err(|_| unreadable())?;
        let obj = value.as_object().ok_or_else(unreadable)?;
        // Fields are text or numbers, as in a form. A list, an object or a
        // boolean is refused with the field's name rather than dropped or
        // read as 1/0 (which made an optional field silently take its default).
        let mut fields = HashMap::with_capacity(obj.len());
        for (k, v) in obj {
            let s = match v {
                serde_json::Value::String(s) => s.clone(),
                serde_json::Value::Number(n) => n.to_string(),
                serde_json::Value::Null => continue,
                _ => return Err(crate::params::field_error("err_field_type", k)),
            };
            fields.insert(k.clone(), s);
        }
        Ok(fields)
    } else {
        serde_urlencoded_pairs(body).ok_or_else(unreadable)
    }
}

fn serde_urlencoded_pairs(body: &[u8]) -> Option<HashMap<String, String>> {
    Some(url::form_urlencoded::parse(body).into_owned().collect())
}

impl FromRequest for Req {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let req = req.clone();
        let mut payload = payload.take();
        Box::pin(async move {
            let mut params: HashMap<String, String> =
                url::form_urlencoded::parse(req.query_string().as_bytes())
                    .into_owned()
                    .collect();
            let mut body = web::BytesMut::new();
            use futures_util::StreamExt;
            while let Some(chunk) = payload.next().await {
                let chunk =
                    chunk.map_err(|_| ApiError::new(Kind::Unreadable, "err_bad_request"))?;
                if body.len() + chunk.len() > MAX_BODY {
                    return Err(ApiError::new(Kind::Unreadable, "err_bad_request"));
                }
                body.extend_from_slice(&chunk);
            }
            params.extend(parse_body(&req, &body)?);
            let lang = params
                .get("lang")
                .map(|l| Lang::parse(l))
                .unwrap_or_else(|| lang_of(&req));
            req.extensions_mut().insert(lang);
            Ok(Req {
                lang,
                params,
                ip: ip_of(&req),
                token: token_of(&req),
                user_agent: agent_of(&req),
            })
        })
    }
}

/// A request whose body is left alone (multipart uploads).
pub struct Ctx {
    pub lang: Lang,
    pub ip: String,
    pub token: Option<String>,
}

impl FromRequest for Ctx {
    type Error = ApiError;
    type Future = std::future::Ready<Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let lang = lang_of(req);
        req.extensions_mut().insert(lang);
        std::future::ready(Ok(Ctx {
            lang,
            ip: ip_of(req),
            token: token_of(req),
        }))
    }
}

/// The admin the `/admin/api` guard let in (`app::admin_only`); refused when a
/// handler that wants one is ever mounted where no guard ran.
pub struct Admin(pub AuthUser);

impl FromRequest for Admin {
    type Error = ApiError;
    type Future = std::future::Ready<Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let admin = req
            .extensions()
            .get::<AuthUser>()
            .filter(|u| u.role == "admin")
            .cloned();
        std::future::ready(admin.map(Admin).ok_or_else(ApiError::forbidden))
    }
}

/// Lets only admins through: 999 without a valid token, 403 for other roles.
/// The one place admin access is decided, wrapped around the whole scope.
pub async fn admin_only(
    req: actix_web::dev::ServiceRequest,
    next: actix_web::middleware::Next<impl actix_web::body::MessageBody + 'static>,
) -> Result<actix_web::dev::ServiceResponse<actix_web::body::BoxBody>, actix_web::Error> {
    let verdict = match req.app_data::<web::Data<AppState>>() {
        Some(state) => authenticate(state, token_of(req.request()).as_deref())
            .await
            .and_then(|u| {
                if u.role == "admin" {
                    Ok(u)
                } else {
                    Err(ApiError::forbidden())
                }
            }),
        None => Err(ApiError::internal("no application state")),
    };
    match verdict {
        Ok(admin) => {
            req.extensions_mut().insert(admin);
            Ok(next.call(req).await?.map_into_boxed_body())
        }
        Err(e) => Ok(req.error_response(e).map_into_boxed_body()),
    }
}

/// Resolves a raw token to its user: unknown, expired and revoked tokens are all 999.
pub async fn authenticate(state: &AppState, token: Option<&str>) -> ApiResult<AuthUser> {
    let token = token.ok_or_else(ApiError::unauthorized)?;
    let hash = crate::security::sha256_hex(token);
    let now = now_ms();
    if let Some(who) = state.sessions.get(&hash, now) {
        return Ok(signed_in(who, hash));
    }
    let mark = state.sessions.mark();
    let row: Option<TokenRow> = sqlx::query_as(
        "SELECT t.id, u.id AS user_id, u.role, t.expires_at, t.revoked_at, t.last_seen_at FROM tokens t JOIN users u ON u.id = t.user_id WHERE t.token_hash = $1",
    )
    .bind(&hash)
    .fetch_optional(&state.db)
    .await?;
    match row {
        Some(t) if t.revoked_at.is_none() && t.expires_at > now => {
            // Seen at most once a minute per token: the database is read
            // here at most once per cache lifetime anyway.
            if t.last_seen_at
                .is_none_or(|seen| now - seen >= crate::devices::SEEN_EVERY_MS)
            {
                crate::devices::touch(state, t.id, now);
            }
            let who = crate::sessions::Verified {
                user_id: t.user_id,
                role: t.role,
                token_id: t.id,
                expires_at: t.expires_at,
            };
            state.sessions.put(mark, &hash, who.clone());
            Ok(signed_in(who, hash))
        }
        _ => Err(ApiError::new(Kind::Unauthorized, "err_token_invalid")),
    }
}

/// A `tokens` row joined with its user, as [`authenticate`] reads it.
#[derive(sqlx::FromRow)]
struct TokenRow {
    id: i64,
    user_id: i64,
    role: String,
    expires_at: i64,
    revoked_at: Option<i64>,
    last_seen_at: Option<i64>,
}

fn signed_in(who: crate::sessions::Verified, token_hash: String) -> AuthUser {
    AuthUser {
        id: who.user_id,
        role: who.role,
        token_hash,
        token_id: who.token_id,
        expires_at: who.expires_at,
    }
}

impl Req {
    /// A trimmed, non-empty parameter.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.params
            .get(name)
            .map(|v| v.trim())
            .filter(|v| !v.is_empty())
    }

    /// The first present of several parameter names (the app family spells some
    /// fields two ways).
    pub fn any(&self, names: &[&str]) -> Option<&str> {
        names.iter().find_map(|n| self.get(n))
    }

    /// A raw parameter that must not be trimmed (passwords).
    pub fn raw(&self, name: &str) -> Option<&str> {
        self.params
            .get(name)
            .map(String::as_str)
            .filter(|v| !v.is_empty())
    }

    pub async fn user(&self, state: &AppState) -> ApiResult<AuthUser> {
        authenticate(state, self.token.as_deref()).await
    }

    /// `page` (default 1) and `limit` (default 10, at most 100).
    pub fn paging(&self) -> ApiResult<Paging> {
        let parse = |name: &str, default: i64| -> ApiResult<i64> {
            match self.get(name) {
                None => Ok(default),
                Some(v) => v
                    .parse::<i64>()
                    .ok()
                    .filter(|n| *n >= 1)
                    .ok_or_else(|| ApiError::invalid("err_page")),
            }
        };
        let page = parse("page", 1)?;
        let limit = parse("limit", 10)?.min(100);
        Ok(Paging { page, limit })
    }

    /// A positive integer id parameter.
    pub fn id(&self, name: &str) -> ApiResult<i64> {
        self.get(name)
            .and_then(|v| v.parse::<i64>().ok())
            .filter(|n| *n > 0)
            .ok_or_else(|| ApiError::invalid("err_id_invalid"))
    }
}

pub use crate::paging::Paging;

impl Paging {
    /// Typed `page` (default 1) and `limit` (default 10, at most 100).
    pub fn of(page: Option<crate::params::Page>, limit: Option<crate::params::Page>) -> Paging {
        Paging {
            page: page.map_or(1, |p| p.0),
            limit: limit.map_or(10, |l| l.0).min(100),
        }
    }
}
