//! Typed request parameters and typed answers.
//!
//! A converted handler takes a [`Form<P>`]: `P` is a `#[derive(Deserialize,
//! ToSchema)]` struct read from the same merged query, form and JSON fields as
//! [`Req`] (trimmed, empty ones absent), and answers [`Reply<R>`] with `R` a
//! `#[derive(Serialize, ToSchema)]` struct. The route table names both types and
//! checks at compile time that the handler really takes and answers them
//! ([`Takes`], [`Answers`]); the OpenAPI document is generated from the same
//! types, so the two cannot drift.
//!
//! The field types here carry their own validation, their schema and the message
//! key a bad or missing value answers (the 422 envelope in the caller's
//! language), so a field reads the same in every route that has it.

use crate::error::{ApiError, ApiResult};
use crate::extract::{Admin, Ctx, Req};
use crate::state::AppState;
use actix_web::dev::Payload;
use actix_web::{web, FromRequest, HttpRequest, HttpResponse, Responder};
use futures_util::future::LocalBoxFuture;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer, Serialize};
use utoipa::openapi::schema::{KnownFormat, Object, Schema, SchemaFormat, SchemaType, Type};
use utoipa::openapi::RefOr;
use utoipa::{PartialSchema, ToSchema};

/// A request with typed parameters. The parameters are read up front but their
/// error is handed over with the request ([`Form::split`]), so a handler still
/// decides what it checks first (the login, usually).
pub struct Form<P> {
    pub req: Req,
    parsed: ApiResult<P>,
}

impl<P> Form<P> {
    /// The request and its parameters (or why they are not valid).
    pub fn split(self) -> (Req, ApiResult<P>) {
        (self.req, self.parsed)
    }
}

impl<P: DeserializeOwned + 'static> FromRequest for Form<P> {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let fut = Req::from_request(req, payload);
        Box::pin(async move {
            let req = fut.await?;
            let parsed = parse(&req);
            Ok(Form { req, parsed })
        })
    }
}

mod fields;
pub use fields::*;

/// The key answered for a field whose value no field type names (a plain
/// field missing, not a number, blank, or not a yes/no); it names the field.
pub const FIELD_KEY: &str = "err_field_invalid";

/// `P` from the request's fields: values trimmed, empty ones left out (as
/// [`Req::get`] reads them), in a fixed order so the same bad request always
/// answers the same message. A value of spaces only is refused rather than read
/// as absent: an optional field sent blank would otherwise silently take its
/// default. The error names the field (`field` in the envelope).
pub fn parse<P: DeserializeOwned>(req: &Req) -> ApiResult<P> {
    let mut pairs: Vec<(&str, &str)> = Vec::with_capacity(req.params.len());
    for (k, v) in &req.params {
        match v.trim() {
            "" if !v.is_empty() => return Err(field_error(FIELD_KEY, k)),
            "" => {}
            t => pairs.push((k.as_str(), t)),
        }
    }
    pairs.sort_unstable();
    let encoded = serde_urlencoded::to_string(&pairs).map_err(ApiError::internal)?;
    let de = serde_urlencoded::Deserializer::new(url::form_urlencoded::parse(encoded.as_bytes()));
    serde_path_to_error::deserialize::<_, P>(de).map_err(|e| {
        let text = e.inner().to_string();
        // A missing field fails at the struct, not at a path; serde names it.
        let field = match e.path().to_string() {
            p if p != "." => p,
            _ => text.split('`').nth(1).unwrap_or_default().to_string(),
        };
        match crate::i18n::key(&text) {
            Some(key) => field_error(key, &field),
            None => ApiError {
                cause: Some(text),
                ..field_error(FIELD_KEY, &field)
            },
        }
    })
}

/// A 422 with `key` about the field `name` (answered in the envelope's `field`).
pub fn field_error(key: &'static str, name: &str) -> ApiError {
    let e = ApiError::invalid(key);
    if name.is_empty() {
        e
    } else {
        e.with_arg("field", name)
    }
}

/// The success envelope around a typed message.
pub struct Reply<R>(pub R);

impl<R: Serialize> Responder for Reply<R> {
    type Body = actix_web::body::BoxBody;

    fn respond_to(self, _: &HttpRequest) -> HttpResponse {
        crate::api::ok(self.0)
    }
}

/// The request side of a route not typed yet: a loose form.
pub struct Untyped;

impl PartialSchema for Untyped {
    fn schema() -> RefOr<Schema> {
        Object::builder()
            .schema_type(Type::Object)
            .additional_properties(Some(Object::builder().schema_type(Type::String)))
            .into()
    }
}
impl ToSchema for Untyped {}

/// The answer of a route not typed yet: any message.
pub struct Any;

impl PartialSchema for Any {
    fn schema() -> RefOr<Schema> {
        any_value()
    }
}

/// The schema every value matches.
pub fn any_value() -> RefOr<Schema> {
    Object::builder().schema_type(SchemaType::AnyValue).into()
}
impl ToSchema for Any {}

/// What a handler's arguments say about its parameters: `Form<P>` for `P`,
/// the untyped [`Req`] (or nothing) for [`Untyped`].
pub trait Takes<P> {}
impl<A, P> Takes<P> for (A, Form<P>) {}
impl<A, B, P> Takes<P> for (A, B, Form<P>) {}
impl<A> Takes<Untyped> for (A, Req) {}
impl<A, B> Takes<Untyped> for (A, B, Req) {}
impl<P> Takes<P> for (Form<P>,) {}
impl Takes<Untyped> for (web::Data<AppState>, Admin) {}
impl Takes<Upload> for (web::Data<AppState>, Ctx, HttpRequest, web::Payload) {}

/// What a handler's answer says about its message: [`Reply<R>`] for `R` in the
/// envelope, `Json<R>` for `R` alone, a plain response for [`Any`].
pub trait Answers<R> {
    const ENVELOPED: bool = true;
}
impl<R> Answers<R> for ApiResult<Reply<R>> {}
impl Answers<Any> for ApiResult<HttpResponse> {}
impl Answers<Any> for HttpResponse {}
impl<R> Answers<R> for web::Json<R> {
    const ENVELOPED: bool = false;
}

/// Whether `handler` answers in the envelope; only compiles when it takes `P`
/// and answers `R` (the route table's check).
pub fn enveloped<H, Args, P, R>(_handler: &H) -> bool
where
    H: actix_web::Handler<Args>,
    Args: actix_web::FromRequest + Takes<P>,
    H::Output: Answers<R>,
{
    <H::Output as Answers<R>>::ENVELOPED
}

/// The parameters of a route that reads no fields (other than the token and
/// `lang`, which every route reads).
#[derive(Deserialize, ToSchema, Default)]
#[schema(description = "This route reads no fields")]
pub struct NoParams {}

/// A page number or size read leniently: anything not a positive integer is
/// left out (the list takes its default), as the options list always has.
#[derive(Debug, Clone, Copy)]
pub struct LoosePage(pub Option<i64>);

impl<'de> Deserialize<'de> for LoosePage {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(LoosePage(
            text(d)?
                .and_then(|v| v.parse::<i64>().ok())
                .filter(|n| *n > 0),
        ))
    }
}
impl PartialSchema for LoosePage {
    fn schema() -> RefOr<Schema> {
        Object::builder()
            .schema_type(Type::Integer)
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::Int64)))
            .minimum(Some(1))
            .description(Some(
                "A page number from 1, or a page size (at most 100); anything else takes the default",
            ))
            .into()
    }
}
impl ToSchema for LoosePage {}

pub use crate::paging::Paged;

/// The parameters of `upload`: one file in a `multipart/form-data` body, read
/// from the stream (so not through [`Form`]); the route table checks the
/// handler takes that stream.
pub struct Upload;

impl PartialSchema for Upload {
    fn schema() -> RefOr<Schema> {
        Object::builder()
            .schema_type(Type::Object)
            .property(
                "file",
                Object::builder()
                    .schema_type(Type::String)
                    .content_media_type("application/octet-stream")
                    .description(Some(
                        "A JPEG, PNG, GIF or WebP image, at most uploads.max_bytes",
                    )),
            )
            .required("file")
            .description(Some("multipart/form-data"))
            .into()
    }
}
impl ToSchema for Upload {}

#[cfg(test)]
mod tests {
    use super::HistorySeconds;
    use actors::market::history::KEEP_SECONDS;

    /// The message of a bad `seconds` names the limit in every language, and
    /// the limit is what the markets keep.
    #[test]
    fn history_seconds_run_from_one_to_what_the_markets_keep() {
        let read = |v: &str| serde_json::from_value::<HistorySeconds>(v.into()).map(|s| s.0);
        assert_eq!(read("1").ok(), Some(1));
        assert_eq!(read(&KEEP_SECONDS.to_string()).ok(), Some(KEEP_SECONDS));
        for bad in ["0", "-1", "1.5", "x", &(KEEP_SECONDS + 1).to_string()] {
            assert!(read(bad).is_err(), "{bad}");
        }
        for lang in crate::i18n::LANGS {
            let text = crate::i18n::t(crate::i18n::Lang::parse(lang), "err_history_seconds", &[]);
            assert!(text.contains(&KEEP_SECONDS.to_string()), "{lang}: {text}");
        }
    }
}
