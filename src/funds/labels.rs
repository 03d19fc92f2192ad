//! The names the records pages show a user come from the ledger (a journal
//! line's reason, its account's name), and their words from the web's locale
//! files. These tests hold the two sides together: every reason the ledger can
//! post and every account of its table has a label in each of the nine
//! languages, and the web's list of user accounts is the ledger's.

use crate::i18n::LANGS;
use actors::ledger::accounts::{user_accounts, ACCOUNTS};
use actors::ledger::reasons::REASONS;
use serde_json::Value;
use std::path::{Path, PathBuf};

fn fund_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("web/src/features/fund")
}

fn read_json(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The labels of `group` (`reason`, `accounts`) that are missing or empty in `lang`.
fn missing<'a>(lang: &str, group: &str, names: impl Iterator<Item = &'a str>) -> Vec<String> {
    let locale = read_json(&fund_dir().join(format!("locales/{lang}.json")));
    names
        .filter(|n| {
            locale["fund"][group][*n]
                .as_str()
                .is_none_or(|s| s.trim().is_empty())
        })
        .map(|n| format!("{lang}: fund.{group}.{n}"))
        .collect()
}

#[test]
fn every_ledger_reason_and_account_has_a_label_in_every_language() {
    let mut lacking = Vec::new();
    for lang in LANGS {
        lacking.extend(missing(lang, "reason", REASONS.iter().copied()));
        lacking.extend(missing(lang, "accounts", ACCOUNTS.iter().map(|a| a.name)));
    }
    assert!(lacking.is_empty(), "labels missing: {lacking:#?}");
}

#[test]
fn the_web_lists_the_ledgers_user_accounts() {
    let web = read_json(&fund_dir().join("accounts.json"));
    let ledger: Vec<Value> = user_accounts()
        .map(
            |a| serde_json::json!({ "id": a.code, "name": a.name, "transferable": a.transferable }),
        )
        .collect();
    assert_eq!(
        web,
        Value::Array(ledger),
        "web/src/features/fund/accounts.json must list ledger::accounts::ACCOUNTS' user rows, in order"
    );
}
