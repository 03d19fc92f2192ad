//! The OpenAPI document, generated from the route tables: each typed route's
//! parameters (query parameters of a GET, the form body otherwise) and answer
//! come from the `ToSchema` of the very structs its handler takes and answers.

use super::{RouteDoc, Schemas};
use serde_json::Value;
use utoipa::openapi::path::{HttpMethod, Operation, Parameter, ParameterIn};
use utoipa::openapi::request_body::RequestBody;
use utoipa::openapi::schema::{Object, Schema, SchemaType, Type};
use utoipa::openapi::security::{ApiKey, ApiKeyValue, SecurityRequirement, SecurityScheme};
use utoipa::openapi::{
    Components, Content, Info, OpenApi, PathItem, Paths, RefOr, Required, Response, Responses,
};

const FORM: &str = "application/x-www-form-urlencoded";
const JSON: &str = "application/json";

fn reference(name: &str) -> RefOr<Schema> {
    RefOr::Ref(utoipa::openapi::Ref::from_schema_name(name))
}

/// An optional field's schema without the `null` utoipa adds for `Option`:
/// absent is how a request leaves a field out, there is no null in a form.
fn not_null(schema: RefOr<Schema>) -> RefOr<Schema> {
    let is_null = |s: &RefOr<Schema>| matches!(s, RefOr::T(Schema::Object(o)) if o.schema_type == SchemaType::Type(Type::Null));
    match schema {
        RefOr::T(Schema::OneOf(one)) if one.items.iter().any(is_null) => {
            let mut rest: Vec<RefOr<Schema>> =
                one.items.into_iter().filter(|s| !is_null(s)).collect();
            if rest.len() == 1 {
                rest.remove(0)
            } else {
                RefOr::T(Schema::OneOf(
                    rest.into_iter()
                        .fold(utoipa::openapi::schema::OneOf::builder(), |b, s| b.item(s))
                        .build(),
                ))
            }
        }
        RefOr::T(Schema::Object(mut o)) => {
            if let SchemaType::Array(types) = &o.schema_type {
                let kept: Vec<Type> = types
                    .iter()
                    .filter(|t| **t != Type::Null)
                    .cloned()
                    .collect();
                if kept.len() == 1 {
                    o.schema_type = SchemaType::Type(kept[0].clone());
                }
            }
            RefOr::T(Schema::Object(o))
        }
        other => other,
    }
}

/// The parameters' object with no field nullable.
fn params_object(schema: RefOr<Schema>) -> Object {
    match schema {
        RefOr::T(Schema::Object(mut o)) => {
            let props = std::mem::take(&mut o.properties);
            o.properties = props
                .into_iter()
                .map(|(name, s)| (name, not_null(s)))
                .collect();
            o
        }
        // A struct with a flattened part (`#[serde(flatten)]`, its schema
        // inlined: the texts in the other languages): every part's fields as
        // one object, as the request carries them.
        RefOr::T(Schema::AllOf(all)) => {
            let mut out = Object::with_type(Type::Object);
            for part in all.items {
                let o = params_object(part);
                out.properties.extend(o.properties);
                out.required.extend(o.required);
            }
            out
        }
        _ => Object::with_type(Type::Object),
    }
}

fn envelope_ok(message: Option<RefOr<Schema>>) -> RefOr<Schema> {
    Object::builder()
        .schema_type(Type::Object)
        .property(
            "type",
            Object::builder()
                .schema_type(Type::String)
                .enum_values(Some(["ok"])),
        )
        .required("type")
        .property("message", message.unwrap_or_else(crate::params::any_value))
        .required("message")
        .into()
}

fn operation(r: &RouteDoc, schemas: &mut Schemas) -> Operation {
    let lang = Parameter::builder()
        .name("lang")
        .parameter_in(ParameterIn::Query)
        .required(Required::False)
        .description(Some(format!(
            "One of {}; anything else answers in English",
            crate::i18n::LANGS.join(", ")
        )))
        .schema(Some(Object::with_type(Type::String)))
        .build();
    let mut op = Operation::builder()
        .summary(Some(r.summary))
        .tag(r.auth)
        .parameter(lang);
    match (r.params)(schemas) {
        Some(params) if r.path == "/upload" => {
            op = op.request_body(Some(
                RequestBody::builder()
                    .required(Some(Required::True))
                    .content("multipart/form-data", Content::new(Some(params)))
                    .build(),
            ));
        }
        Some(params) => {
            let object = params_object(params);
            if r.method == "get" {
                for (name, schema) in &object.properties {
                    let required = if object.required.contains(name) {
                        Required::True
                    } else {
                        Required::False
                    };
                    op = op.parameter(
                        Parameter::builder()
                            .name(name)
                            .parameter_in(ParameterIn::Query)
                            .required(required)
                            .schema(Some(schema.clone()))
                            .build(),
                    );
                }
            } else {
                let any_required = !object.required.is_empty();
                let name = format!("{}Params", operation_name(r));
                schemas.push((name.clone(), Schema::Object(object).into()));
                op = op.request_body(Some(
                    RequestBody::builder()
                        .required(Some(if any_required {
                            Required::True
                        } else {
                            Required::False
                        }))
                        .content(FORM, Content::new(Some(reference(&name))))
                        .build(),
                ));
            }
        }
        None if r.method != "get" => {
            op = op.request_body(Some(
                RequestBody::builder()
                    .content(
                        FORM,
                        Content::new(Some(
                            <crate::params::Untyped as utoipa::PartialSchema>::schema(),
                        )),
                    )
                    .content(JSON, Content::new(Some(Object::with_type(Type::Object))))
                    .build(),
            ));
        }
        None => {}
    }
    let answer = (r.answer)(schemas);
    let ok = if (r.enveloped)() {
        Response::builder()
            .description("`{type: \"ok\", message}`")
            .content(JSON, Content::new(Some(envelope_ok(answer))))
            .build()
    } else {
        Response::builder()
            .description("The answer itself, not enveloped")
            .content(
                JSON,
                Content::new(Some(answer.unwrap_or_else(crate::params::any_value))),
            )
            .build()
    };
    let failed = Response::builder()
        .description("`{type: \"error\"|\"999\"|\"998\", message}`")
        .content(JSON, Content::new(Some(reference("Envelope"))))
        .build();
    op = op.responses(
        Responses::builder()
            .response("200", ok)
            .response("default", failed),
    );
    if r.auth != "visitor" {
        op = op.security(SecurityRequirement::new("token", Vec::<String>::new()));
    }
    op.build()
}

/// `post /coin/trade` → `PostCoinTrade`: names a route's parameter schema.
fn operation_name(r: &RouteDoc) -> String {
    let mut name = String::new();
    for word in std::iter::once(r.method).chain(r.path.split(['/', '_'])) {
        let mut chars = word.chars();
        if let Some(first) = chars.next() {
            name.extend(first.to_uppercase());
            name.push_str(chars.as_str());
        }
    }
    name
}

/// The document of the route tables, each under its prefix.
pub fn openapi(tables: &[(&str, &[RouteDoc])]) -> Value {
    let mut schemas: Schemas = Vec::new();
    let mut paths = Paths::new();
    for (prefix, table) in tables {
        for r in *table {
            let method = match r.method {
                "post" => HttpMethod::Post,
                "put" => HttpMethod::Put,
                "delete" => HttpMethod::Delete,
                _ => HttpMethod::Get,
            };
            let op = operation(r, &mut schemas);
            let path = format!("{prefix}{}", r.path);
            paths
                .paths
                .entry(path)
                .and_modify(|item| item.merge_operations(PathItem::new(method.clone(), op.clone())))
                .or_insert_with(|| PathItem::new(method, op));
        }
    }
    let envelope = Object::builder()
        .schema_type(Type::Object)
        .property(
            "type",
            Object::builder()
                .schema_type(Type::String)
                .enum_values(Some(["ok", "error", "999", "998"])),
        )
        .required("type")
        .property("message", crate::params::any_value())
        .required("message");
    let mut components = Components::builder()
        .schema("Envelope", envelope)
        .security_scheme(
            "token",
            SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::new("Authorization"))),
        );
    for (name, schema) in schemas {
        components = components.schema(name, schema);
    }
    let mut info = Info::new("Bourse API", env!("CARGO_PKG_VERSION"));
    info.description = Some(
        "Generated from the typed request and answer structs of the handlers; \
         field-level prose is in docs/api.md of the repository."
            .into(),
    );
    let doc = OpenApi::builder()
        .info(info)
        .paths(paths)
        .components(Some(components.build()))
        .build();
    serde_json::to_value(doc).unwrap_or_default()
}
