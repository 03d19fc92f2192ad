//! Every route of the two tables is called by some scenario of these tests
//! (the hostile-input lists do not count: they call routes with garbage and
//! assert only that nothing breaks). A route no scenario calls fails here,
//! so a new route comes with its scenario.

use std::path::Path;

/// The scenarios' sources: every file of `tests/api` but the hostile lists
/// and this one.
fn scenarios() -> String {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/api");
    let mut all = String::new();
    let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for e in entries.flatten() {
        let name = e.file_name().to_string_lossy().to_string();
        if !name.ends_with(".rs") || name.starts_with("hostile") || name == "coverage.rs" {
            continue;
        }
        all.push_str(&std::fs::read_to_string(e.path()).unwrap_or_default());
    }
    all
}

/// Whether `src` names `path` as a call does: in a string, alone or with a
/// query (`"/x"`, `"/x?id={id}"`), or after its table's prefix
/// (`"{}/api/x?lang=en"`).
fn named(src: &str, path: &str) -> bool {
    src.match_indices(path).any(|(at, _)| {
        let before = &src[..at];
        let after = src[at + path.len()..].chars().next();
        matches!(after, Some('"') | Some('?'))
            && (before.ends_with('"') || before.ends_with("/api"))
    })
}

#[test]
fn every_route_is_called_by_a_scenario() {
    let src = scenarios();
    let missing: Vec<String> = [
        ("/api", bourse::api::API_ROUTES),
        ("/admin/api", bourse::api::ADMIN_ROUTES),
    ]
    .iter()
    .flat_map(|(prefix, table)| {
        table
            .iter()
            .filter(|r| !named(&src, r.path))
            .map(move |r| format!("{} {prefix}{}", r.method, r.path))
    })
    .collect();
    assert!(missing.is_empty(), "routes no scenario calls: {missing:#?}");
}

#[test]
fn a_path_counts_only_where_a_call_names_it() {
    assert!(named(r#"app.get("/a/b", None)"#, "/a/b"));
    assert!(named(r#"&format!("/a/b?id={id}")"#, "/a/b"));
    assert!(named(r#"format!("{}/api/a/b?lang=en", x)"#, "/a/b"));
    // A longer path, or the path inside another, is not it.
    assert!(!named(r#"app.get("/a/bc", None)"#, "/a/b"));
    assert!(!named(r#"app.get("/x/a/b", None)"#, "/a/b"));
}
