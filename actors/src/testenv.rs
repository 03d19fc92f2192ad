//! How tests find the services they run against. A service whose URL is set
//! must be reached, or the test fails: nothing is skipped in silence. Under
//! `CI=1` both PostgreSQL and Redis are required. PostgreSQL databases made for
//! a test are remembered on the test's thread and dropped when it ends.

use std::cell::RefCell;

/// The URL in `var` when that service is to be tested: None only when it is not
/// set outside CI.
pub fn service_url(var: &str) -> Option<String> {
    match std::env::var(var) {
        Ok(url) if !url.trim().is_empty() => Some(url),
        _ if in_ci() => panic!("{var} must be set under CI=1: both backends are required there"),
        _ => None,
    }
}

fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "1" || v.eq_ignore_ascii_case("true"))
}

thread_local! {
    static CREATED: RefCell<Vec<(String, String)>> = const { RefCell::new(Vec::new()) };
}

/// Notes a database made on this thread (the base URL it was made through).
pub fn remember(base: &str, name: &str) {
    CREATED.with(|c| c.borrow_mut().push((base.to_string(), name.to_string())));
}

/// Drops every database this thread made, closing whatever still holds them.
pub async fn drop_remembered() {
    use sqlx::Connection;
    let made: Vec<(String, String)> = CREATED.with(|c| c.borrow_mut().drain(..).collect());
    for (base, name) in made {
        let mut conn = sqlx::AnyConnection::connect(&base)
            .await
            .unwrap_or_else(|e| panic!("{base}: {e}"));
        sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
            .execute(&mut conn)
            .await
            .unwrap_or_else(|e| panic!("drop database {name}: {e}"));
    }
}
