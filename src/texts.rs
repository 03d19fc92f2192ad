//! Content in the nine languages: what admins (and the demo) write about a
//! product, an artist or a lead trader. The English text stays in the row's
//! own column (`lock_products.name`, `nft_artists.intro` …): every query,
//! uniqueness check and label that reads the row keeps reading it, and it is
//! what a language without its own text falls back to, as the site's
//! articles and pages fall back to English. The other eight languages live
//! in `content_texts`, one row per field, owner and language.
//!
//! - Admin calls take them as flat fields beside the English one
//!   (`name_zh`, `intro_fra` …: [`NameTexts`], [`IntroTexts`]), so a form and
//!   a JSON body alike carry them, and [`save`] replaces the set in the
//!   transaction that writes the row.
//! - Answers are built in English and put into the caller's language by
//!   [`localize`], one query per field and page.
//! - Admin lists carry the set ([`Texts`]) so the editor shows what is stored
//!   ([`all`]).
//! - The demo's texts come from `config/demo/texts.json`, English text to the
//!   other eight ([`demo`]).

use crate::error::{ApiError, ApiResult};
use crate::i18n::Lang;
use serde::{Deserialize, Serialize};
use sqlx::AnyConnection;
use std::collections::HashMap;
use std::sync::OnceLock;
use utoipa::ToSchema;

/// What a text is: the table and column its English lives in, and the
/// longest text it takes (the English one's bound).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    LockName,
    IeoIntro,
    ArtistIntro,
    CollectionIntro,
    SeriesIntro,
    ItemIntro,
    TraderIntro,
}

impl Field {
    /// The name stored in `content_texts.field`.
    pub fn code(self) -> &'static str {
        match self {
            Field::LockName => "lock.name",
            Field::IeoIntro => "ieo.intro",
            Field::ArtistIntro => "nft_artist.intro",
            Field::CollectionIntro => "nft_collection.intro",
            Field::SeriesIntro => "nft_series.intro",
            Field::ItemIntro => "nft_item.intro",
            Field::TraderIntro => "copy_trader.intro",
        }
    }

    /// At most this many characters, as the English text.
    pub fn max_chars(self) -> usize {
        match self {
            Field::LockName => 40,
            Field::IeoIntro | Field::TraderIntro => 500,
            Field::ArtistIntro | Field::CollectionIntro => 1000,
            Field::SeriesIntro | Field::ItemIntro => 2000,
        }
    }
}

/// The languages besides English, in the app's order.
pub const OTHER_LANGS: [&str; 8] = ["zh", "hk", "th", "jp", "kor", "fra", "spa", "bx"];

/// Each language's own name, for the messages that name one.
fn endonym(lang: &str) -> &'static str {
    match lang {
        "zh" => "简体中文",
        "hk" => "繁體中文",
        "th" => "ไทย",
        "jp" => "日本語",
        "kor" => "한국어",
        "fra" => "Français",
        "spa" => "Español",
        "bx" => "Português",
        _ => "English",
    }
}

/// One text in the eight languages besides English; a language left out
/// reads the English text.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Texts {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zh: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hk: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub th: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub jp: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kor: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fra: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spa: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bx: Option<String>,
}

impl Texts {
    fn slot(&mut self, lang: &str) -> Option<&mut Option<String>> {
        Some(match lang {
            "zh" => &mut self.zh,
            "hk" => &mut self.hk,
            "th" => &mut self.th,
            "jp" => &mut self.jp,
            "kor" => &mut self.kor,
            "fra" => &mut self.fra,
            "spa" => &mut self.spa,
            "bx" => &mut self.bx,
            _ => return None,
        })
    }

    /// The text of `lang`, trimmed; None when absent or blank.
    pub fn get(&self, lang: &str) -> Option<&str> {
        let v = match lang {
            "zh" => &self.zh,
            "hk" => &self.hk,
            "th" => &self.th,
            "jp" => &self.jp,
            "kor" => &self.kor,
            "fra" => &self.fra,
            "spa" => &self.spa,
            "bx" => &self.bx,
            _ => return None,
        };
        v.as_deref().map(str::trim).filter(|t| !t.is_empty())
    }

    /// Sets one language's text (blank removes it).
    pub fn set(&mut self, lang: &str, text: &str) {
        let text = text.trim();
        if let Some(slot) = self.slot(lang) {
            *slot = (!text.is_empty()).then(|| text.to_string());
        }
    }

    /// The languages that have a text, with it.
    pub fn present(&self) -> impl Iterator<Item = (&'static str, &str)> + '_ {
        OTHER_LANGS
            .into_iter()
            .filter_map(|l| self.get(l).map(|t| (l, t)))
    }

    /// Refuses a text longer than the field takes, naming its language.
    pub fn check(&self, field: Field) -> ApiResult<()> {
        let max = field.max_chars();
        match self.present().find(|(_, t)| t.chars().count() > max) {
            Some((lang, _)) => Err(ApiError::invalid("err_translation_too_long")
                .with_arg("lang", endonym(lang))
                .with_arg("max", max)),
            None => Ok(()),
        }
    }
}

/// Per-language fields of a form beside its English one, read flat
/// (`name_zh=…`) so a form body and a JSON body carry them alike.
macro_rules! text_params {
    ($(#[$doc:meta])* $name:ident { $($lang:ident = $key:literal),* $(,)? }) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Default, Deserialize, ToSchema)]
        pub struct $name {
            $(
                /// The text in this language; absent or empty reads the English one.
                #[serde(rename = $key, default)]
                pub $lang: Option<String>,
            )*
        }

        impl $name {
            pub fn texts(&self) -> Texts {
                Texts { $($lang: self.$lang.as_deref().map(str::trim).filter(|t| !t.is_empty()).map(str::to_string),)* }
            }
        }
    };
}

text_params!(
    /// `name` in the other languages.
    NameTexts { zh = "name_zh", hk = "name_hk", th = "name_th", jp = "name_jp", kor = "name_kor", fra = "name_fra", spa = "name_spa", bx = "name_bx" }
);
text_params!(
    /// `intro` in the other languages.
    IntroTexts { zh = "intro_zh", hk = "intro_hk", th = "intro_th", jp = "intro_jp", kor = "intro_kor", fra = "intro_fra", spa = "intro_spa", bx = "intro_bx" }
);

/// Replaces the stored texts of one field of one row with `texts` (a
/// language left out then reads English). Run it in the transaction that
/// writes the row.
pub async fn save(
    conn: &mut AnyConnection,
    field: Field,
    owner: i64,
    texts: &Texts,
) -> ApiResult<()> {
    texts.check(field)?;
    sqlx::query("DELETE FROM content_texts WHERE field = $1 AND owner = $2")
        .bind(field.code())
        .bind(owner)
        .execute(&mut *conn)
        .await?;
    for (lang, body) in texts.present() {
        sqlx::query("INSERT INTO content_texts (field, owner, lang, body) VALUES ($1, $2, $3, $4)")
            .bind(field.code())
            .bind(owner)
            .bind(lang)
            .bind(body)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

fn id_list(ids: &[i64]) -> String {
    ids.iter().map(i64::to_string).collect::<Vec<_>>().join(",")
}

/// Puts each `(owner, text)` into `lang`: a text stored for the owner in
/// that language replaces the English one, the others stay. English asks
/// nothing of the database.
pub async fn localize<'a, I>(
    db: &crate::db::Db,
    field: Field,
    lang: Lang,
    items: I,
) -> ApiResult<()>
where
    I: IntoIterator<Item = (i64, &'a mut String)>,
{
    if lang.code() == "en" {
        return Ok(());
    }
    let mut items: Vec<(i64, &'a mut String)> = items.into_iter().collect();
    if items.is_empty() {
        return Ok(());
    }
    let mut ids: Vec<i64> = items.iter().map(|(id, _)| *id).collect();
    ids.sort_unstable();
    ids.dedup();
    // Ids are integers from the rows themselves, so the list is safe to inline.
    let rows: Vec<(i64, String)> = sqlx::query_as(&format!(
        "SELECT owner, body FROM content_texts WHERE field = $1 AND lang = $2 AND owner IN ({})",
        id_list(&ids)
    ))
    .bind(field.code())
    .bind(lang.code())
    .fetch_all(db)
    .await?;
    let found: HashMap<i64, String> = rows.into_iter().collect();
    for (id, text) in items.iter_mut() {
        if let Some(t) = found.get(&*id) {
            **text = t.clone();
        }
    }
    Ok(())
}

/// One text in `lang` (the English `text` when none is stored).
pub async fn localized(
    db: &crate::db::Db,
    field: Field,
    lang: Lang,
    owner: i64,
    mut text: String,
) -> ApiResult<String> {
    localize(db, field, lang, [(owner, &mut text)]).await?;
    Ok(text)
}

/// Every stored text of `field` for `owners`, for the admin's editor.
pub async fn all(
    db: &crate::db::Db,
    field: Field,
    owners: &[i64],
) -> ApiResult<HashMap<i64, Texts>> {
    let mut out: HashMap<i64, Texts> = HashMap::new();
    if owners.is_empty() {
        return Ok(out);
    }
    let rows: Vec<(i64, String, String)> = sqlx::query_as(&format!(
        "SELECT owner, lang, body FROM content_texts WHERE field = $1 AND owner IN ({})",
        id_list(owners)
    ))
    .bind(field.code())
    .fetch_all(db)
    .await?;
    for (owner, lang, body) in rows {
        out.entry(owner).or_default().set(&lang, &body);
    }
    Ok(out)
}

type Catalog = HashMap<String, HashMap<String, String>>;

fn catalog() -> &'static Catalog {
    static CATALOG: OnceLock<Catalog> = OnceLock::new();
    CATALOG.get_or_init(|| {
        serde_json::from_str(include_str!("../config/demo/texts.json")).unwrap_or_else(|e| {
            log::error!("config/demo/texts.json is not valid: {e}");
            HashMap::new()
        })
    })
}

/// The demo's text `english` in the other languages (none when the demo
/// catalogue lacks it: a test keeps every demo text in it).
pub fn demo(english: &str) -> Texts {
    let mut t = Texts::default();
    if let Some(langs) = catalog().get(english.trim()) {
        for (lang, text) in langs {
            t.set(lang, text);
        }
    }
    t
}

/// Whether the demo catalogue has `english` in all eight other languages.
pub fn demo_complete(english: &str) -> bool {
    let t = demo(english);
    OTHER_LANGS.iter().all(|l| t.get(l).is_some())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_demo_text_is_in_all_eight_other_languages() {
        let cat = catalog();
        assert!(!cat.is_empty());
        for (en, langs) in cat {
            for lang in OTHER_LANGS {
                let t = langs.get(lang).map(|s| s.trim()).unwrap_or_default();
                assert!(!t.is_empty(), "{en:?} lacks {lang}");
                assert_ne!(t, en.trim(), "{en:?} in {lang} is the English text");
            }
            for lang in langs.keys() {
                assert!(
                    OTHER_LANGS.contains(&lang.as_str()),
                    "{en:?}: unknown {lang}"
                );
            }
        }
    }

    #[test]
    fn the_configured_demo_products_are_in_the_catalogue() {
        let settings = crate::config::Settings::load_with(std::path::Path::new("config"), &[])
            .unwrap_or_else(|e| panic!("config: {e:?}"));
        for p in &settings.earn.lock {
            assert!(demo_complete(&p.name), "{:?} lacks translations", p.name);
        }
        for p in &settings.earn.ieo {
            assert!(demo_complete(&p.intro), "{:?} lacks translations", p.intro);
        }
    }

    #[test]
    fn a_too_long_text_is_refused_naming_its_language() {
        let mut t = Texts::default();
        t.set("fra", &"é".repeat(41));
        let e = t.check(Field::LockName).err().map(|e| e.args);
        assert_eq!(
            e,
            Some(vec![
                ("lang", "Français".to_string()),
                ("max", "40".to_string())
            ])
        );
        t.set("fra", &"é".repeat(40));
        assert!(t.check(Field::LockName).is_ok());
    }

    #[test]
    fn blank_texts_are_absent() {
        let p = NameTexts {
            zh: Some("  ".into()),
            kor: Some(" 이름 ".into()),
            ..NameTexts::default()
        };
        let t = p.texts();
        assert_eq!(t.get("zh"), None);
        assert_eq!(t.get("kor"), Some("이름"));
        assert_eq!(t.present().count(), 1);
    }
}
