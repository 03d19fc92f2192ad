//! The one error type of the API and its mapping to the envelope and HTTP status.
//! The text shown to users is a message key translated at the edge (see
//! `app::translate_errors`); the cause only goes to the log.

use crate::i18n::{t, Lang};
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use serde_json::json;

/// The class of a failure, which fixes its HTTP status and envelope type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// The body or query could not be read at all.
    Unreadable,
    /// Input read but not valid.
    Invalid,
    /// No valid token: envelope type 999.
    Unauthorized,
    /// Identity verification needed first: envelope type 998.
    VerificationRequired,
    Forbidden,
    NotFound,
    /// A conflict with existing state (already registered, insufficient balance…).
    Conflict,
    RateLimited,
    Internal,
}

/// An API failure: what class it is, which message to show, why it happened.
#[derive(Debug)]
pub struct ApiError {
    pub kind: Kind,
    pub key: &'static str,
    pub args: Vec<(&'static str, String)>,
    pub cause: Option<String>,
}

pub type ApiResult<T> = Result<T, ApiError>;

impl ApiError {
    pub fn new(kind: Kind, key: &'static str) -> Self {
        ApiError {
            kind,
            key,
            args: Vec::new(),
            cause: None,
        }
    }

    pub fn invalid(key: &'static str) -> Self {
        Self::new(Kind::Invalid, key)
    }

    pub fn conflict(key: &'static str) -> Self {
        Self::new(Kind::Conflict, key)
    }

    pub fn not_found() -> Self {
        Self::new(Kind::NotFound, "err_not_found")
    }

    pub fn unauthorized() -> Self {
        Self::new(Kind::Unauthorized, "err_not_logged_in")
    }

    pub fn forbidden() -> Self {
        Self::new(Kind::Forbidden, "err_forbidden")
    }

    /// Refused, saying why.
    pub fn forbidden_because(key: &'static str) -> Self {
        Self::new(Kind::Forbidden, key)
    }

    pub fn rate_limited() -> Self {
        Self::new(Kind::RateLimited, "err_rate_limited")
    }

    pub fn internal(cause: impl std::fmt::Display) -> Self {
        ApiError {
            cause: Some(cause.to_string()),
            ..Self::new(Kind::Internal, "err_internal")
        }
    }

    /// An actor that did not answer (stopped, restarting): a 500 whose
    /// cause (the mailbox's error) goes to the log.
    pub fn unavailable(cause: impl std::fmt::Display) -> Self {
        ApiError {
            cause: Some(format!("actor: {cause}")),
            ..Self::new(Kind::Internal, "err_market_unavailable")
        }
    }

    pub fn with_arg(mut self, name: &'static str, value: impl ToString) -> Self {
        self.args.push((name, value.to_string()));
        self
    }

    pub fn status(&self) -> StatusCode {
        match self.kind {
            Kind::Unreadable => StatusCode::BAD_REQUEST,
            Kind::Invalid => StatusCode::UNPROCESSABLE_ENTITY,
            Kind::Unauthorized => StatusCode::UNAUTHORIZED,
            Kind::VerificationRequired | Kind::Forbidden => StatusCode::FORBIDDEN,
            Kind::NotFound => StatusCode::NOT_FOUND,
            Kind::Conflict => StatusCode::CONFLICT,
            Kind::RateLimited => StatusCode::TOO_MANY_REQUESTS,
            Kind::Internal => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn envelope_type(&self) -> &'static str {
        match self.kind {
            Kind::Unauthorized => "999",
            Kind::VerificationRequired => "998",
            _ => "error",
        }
    }

    /// The response in the caller's language.
    pub fn render(&self, lang: Lang) -> HttpResponse {
        // Every 500 leaves a line with its cause: this is the one place
        // they all pass through (the middleware renders each error here).
        match (&self.cause, self.kind) {
            (cause, Kind::Internal) => log::error!(
                "500 {}: {}",
                self.key,
                cause.as_deref().unwrap_or("no cause recorded")
            ),
            (Some(cause), _) => log::debug!("{}: {cause}", self.key),
            (None, _) => {}
        }
        let mut body = json!({
            "type": self.envelope_type(),
            "message": t(lang, self.key, &self.args),
        });
        // The field a 422 is about, so a form can mark it.
        if let Some((_, field)) = self.args.iter().find(|(name, _)| *name == "field") {
            body["field"] = json!(field);
        }
        HttpResponse::build(self.status()).json(body)
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.key)?;
        if let Some(c) = &self.cause {
            write!(f, " ({c})")?;
        }
        Ok(())
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        self.status()
    }

    /// English here; the middleware re-renders it in the request's language.
    fn error_response(&self) -> HttpResponse {
        HttpResponse::build(self.status()).finish()
    }
}

/// Every product's refusal as the API answers it: the one place a
/// product's error becomes a status and a message, whichever product
/// raised it.
impl From<::actors::runtime::ProductError> for ApiError {
    fn from(e: ::actors::runtime::ProductError) -> Self {
        use ::actors::runtime::ProductError as P;
        let units = |x: i64| ::actors::money::from_units(x).normalize().to_string();
        match e {
            P::Invalid(key) => ApiError::invalid(key),
            P::Conflict(key) => ApiError::conflict(key),
            P::Insufficient => ApiError::conflict("err_insufficient"),
            P::NotFound(key) => ApiError::new(Kind::NotFound, key),
            P::Tick { tick } => ApiError::invalid("err_tick").with_arg("tick", units(tick)),
            P::Lot { lot, min } => ApiError::invalid("err_lot")
                .with_arg("lot", units(lot))
                .with_arg("min", units(min)),
            P::BelowMinimum { min, quote } => ApiError::invalid("err_min_total")
                .with_arg("min", format!("{} {quote}", units(min))),
            P::Internal(cause) => ApiError::internal(cause),
        }
    }
}

impl From<sqlx::Error> for ApiError {
    /// A write that lost a race to another one at the same moment (a unique
    /// key taken, a serialisation failure, a deadlock) is a conflict the
    /// caller can look at and retry, not a server failure.
    fn from(e: sqlx::Error) -> Self {
        if ::actors::sql::is_contention(&e) {
            return ApiError {
                cause: Some(format!("database: {e}")),
                ..Self::conflict("err_conflict")
            };
        }
        ApiError::internal(format!("database: {e}"))
    }
}

/// True when a database error is a unique-constraint violation (a lost race
/// against a concurrent insert of the same key).
pub fn is_unique_violation(e: &sqlx::Error) -> bool {
    matches!(e, sqlx::Error::Database(d) if d.is_unique_violation())
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::body::MessageBody;

    fn body(resp: HttpResponse) -> serde_json::Value {
        let bytes = resp.into_body().try_into_bytes().unwrap_or_default();
        serde_json::from_slice(&bytes).unwrap_or_default()
    }

    #[test]
    fn unauthorized_renders_type_999_with_status_401() {
        let resp = ApiError::unauthorized().render(Lang::EN);
        assert_eq!(resp.status(), StatusCode::UNAUTHORIZED);
        assert_eq!(
            body(resp),
            json!({"type": "999", "message": "Please log in first"})
        );
    }

    #[test]
    fn verification_required_renders_type_998_and_a_conflict_409() {
        let e = ApiError::new(Kind::VerificationRequired, "err_verification_required");
        assert_eq!(e.render(Lang::EN).status(), StatusCode::FORBIDDEN);
        assert_eq!(body(e.render(Lang::EN))["type"], "998");
        let c = ApiError::conflict("err_account_exists").render(Lang::parse("zh"));
        assert_eq!(c.status(), StatusCode::CONFLICT);
        assert_eq!(body(c)["type"], "error");
    }

    #[test]
    fn an_internal_error_never_shows_its_cause() {
        let resp = ApiError::internal("secret table missing").render(Lang::EN);
        let v = body(resp);
        assert!(!v["message"].as_str().unwrap_or_default().contains("secret"));
    }
}
