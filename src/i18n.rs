//! Server messages in the nine languages of the app. The texts live in
//! `src/i18n/messages.json` (key → language → text) and are embedded at build time.

use std::collections::HashMap;
use std::sync::OnceLock;

/// The languages the app speaks, by the codes the app sends.
pub const LANGS: [&str; 9] = ["zh", "en", "hk", "th", "jp", "kor", "fra", "spa", "bx"];

/// A language the server answers in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lang(&'static str);

impl Lang {
    pub const EN: Lang = Lang("en");

    /// Reads the app's code (and common browser spellings of it); unknown → English,
    /// the contract's fallback.
    pub fn parse(raw: &str) -> Lang {
        let lower = raw.trim().to_ascii_lowercase();
        let code = match lower.as_str() {
            "zh" | "zh-cn" | "zh_cn" | "zh-hans" | "cn" => "zh",
            "hk" | "zh-hk" | "zh_hk" | "zh-tw" | "zh_tw" | "zh-hant" | "tw" => "hk",
            "th" | "th-th" => "th",
            "jp" | "ja" | "ja-jp" => "jp",
            "kor" | "ko" | "ko-kr" | "kr" => "kor",
            "fra" | "fr" | "fr-fr" => "fra",
            "spa" | "es" | "es-es" => "spa",
            "bx" | "pt" | "pt-br" | "pt_br" => "bx",
            _ => "en",
        };
        Lang(code)
    }

    pub fn code(self) -> &'static str {
        self.0
    }
}

type Catalog = HashMap<String, HashMap<String, String>>;

fn catalog() -> &'static Catalog {
    static CATALOG: OnceLock<Catalog> = OnceLock::new();
    CATALOG.get_or_init(|| {
        serde_json::from_str(include_str!("i18n/messages.json")).unwrap_or_else(|e| {
            log::error!("messages.json is not valid: {e}");
            HashMap::new()
        })
    })
}

/// The catalog's own spelling of `key`, when it is a message key: lets a key
/// travel as text (a deserializer's error) and come back as the static key.
pub fn key(text: &str) -> Option<&'static str> {
    catalog().get_key_value(text).map(|(k, _)| k.as_str())
}

/// The message `key` in `lang` (English when missing), with `{name}` placeholders
/// filled from `args`.
pub fn t(lang: Lang, key: &str, args: &[(&str, String)]) -> String {
    let entry = catalog().get(key);
    let mut text = entry
        .and_then(|m| m.get(lang.code()).or_else(|| m.get("en")))
        .cloned()
        .unwrap_or_else(|| key.to_string());
    for (name, value) in args {
        text = text.replace(&format!("{{{name}}}"), value);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_message_exists_in_all_nine_languages_with_the_same_placeholders() {
        let cat = catalog();
        assert!(!cat.is_empty());
        for (key, texts) in cat {
            let en = texts.get("en").cloned().unwrap_or_default();
            let holders: Vec<&str> = en.match_indices('{').map(|(i, _)| &en[i..]).collect();
            for lang in LANGS {
                let text = texts.get(lang);
                assert!(text.is_some_and(|t| !t.is_empty()), "{key} lacks {lang}");
                for h in &holders {
                    let name = h.split('}').next().unwrap_or_default();
                    assert!(
                        text.is_some_and(|t| t.contains(name)),
                        "{key}/{lang} lacks {name}"
                    );
                }
            }
        }
    }

    #[test]
    fn browser_spellings_map_to_the_app_codes_and_unknown_falls_back_to_english() {
        assert_eq!(Lang::parse("pt-BR").code(), "bx");
        assert_eq!(Lang::parse("ja").code(), "jp");
        assert_eq!(Lang::parse("xx").code(), "en");
    }
}
