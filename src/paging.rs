//! Paging: which page of a list is asked for ([`Paging`]) and the page
//! answered ([`Paged`]), plain data the storage queries fill and the HTTP
//! layer reads from the request (`extract`) and writes as JSON.

use serde::Serialize;
use utoipa::openapi::schema::{KnownFormat, Object, Schema, SchemaFormat, Type};
use utoipa::openapi::RefOr;
use utoipa::{PartialSchema, ToSchema};

/// A page of a list: its number from 1 and its size.
#[derive(Debug, Clone, Copy)]
pub struct Paging {
    pub page: i64,
    pub limit: i64,
}

impl Paging {
    pub fn offset(&self) -> i64 {
        // Saturating: a page number near i64::MAX must not overflow.
        (self.page - 1).saturating_mul(self.limit)
    }
}

/// One page of rows: the shape every paged list answers. Its schema names the
/// rows' type (`T`) and adds it to the document's components.
#[derive(Serialize)]
pub struct Paged<T> {
    pub data: Vec<T>,
    pub page: i64,
    pub limit: i64,
    pub total: i64,
    pub pages: i64,
}

impl<T: ToSchema> PartialSchema for Paged<T> {
    fn schema() -> RefOr<Schema> {
        let int = |description: &str| {
            Object::builder()
                .schema_type(Type::Integer)
                .format(Some(SchemaFormat::KnownFormat(KnownFormat::Int64)))
                .description(Some(description))
        };
        Object::builder()
            .schema_type(Type::Object)
            .description(Some(
                "One page of rows: the shape every paged list answers.",
            ))
            .property(
                "data",
                utoipa::openapi::schema::Array::new(RefOr::Ref(
                    utoipa::openapi::Ref::from_schema_name(T::name()),
                )),
            )
            .required("data")
            .property("page", int("The page, from 1"))
            .required("page")
            .property("limit", int("Rows a page"))
            .required("limit")
            .property("total", int("Rows in all"))
            .required("total")
            .property("pages", int("Pages in all"))
            .required("pages")
            .into()
    }
}

impl<T: ToSchema> ToSchema for Paged<T> {
    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        schemas.push((T::name().into_owned(), T::schema()));
        T::schemas(schemas);
    }
}

impl<T> Paged<T> {
    /// `data`, page `paging` of `total` rows.
    pub fn of(paging: Paging, data: Vec<T>, total: i64) -> Paged<T> {
        Paged {
            data,
            page: paging.page,
            limit: paging.limit,
            total,
            pages: (total + paging.limit - 1) / paging.limit,
        }
    }

    /// The same page with each row made into what the answer shows.
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> Paged<U> {
        Paged {
            data: self.data.into_iter().map(f).collect(),
            page: self.page,
            limit: self.limit,
            total: self.total,
            pages: self.pages,
        }
    }
}
