//! Demo data for an empty database: site settings, banners, notices, FAQ, pages
//! in the nine languages (from `config/demo/content.json`) and the demo user.

use crate::accounts::create_user;
use crate::config::Settings;
use crate::db::now_ms;
use crate::security::hash_password_blocking;
use crate::state::AppState;
use serde::Deserialize;
use std::collections::HashMap;

#[derive(Deserialize)]
struct Content {
    settings: HashMap<String, String>,
    banners: Vec<Banner>,
    news: Vec<News>,
    faq: Vec<Faq>,
    pages: HashMap<String, HashMap<String, Page>>,
    welcome_message: HashMap<String, Page>,
}

#[derive(Deserialize)]
struct Banner {
    thumbnail: String,
    text: HashMap<String, Text>,
}

#[derive(Deserialize)]
struct News {
    #[serde(default)]
    pop: bool,
    text: HashMap<String, Text>,
}

#[derive(Deserialize)]
struct Text {
    title: String,
    #[serde(default)]
    summary: String,
    #[serde(default)]
    content: String,
}

#[derive(Deserialize)]
struct Faq {
    text: HashMap<String, FaqText>,
}

#[derive(Deserialize)]
struct FaqText {
    question: String,
    answer: String,
}

#[derive(Deserialize)]
struct Page {
    title: String,
    content: String,
}

/// Seeds once: does nothing when site settings already exist.
pub async fn seed_if_empty(state: &AppState, settings: &Settings) -> Result<bool, String> {
    let (n,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM settings")
        .fetch_one(&state.db)
        .await
        .map_err(|e| e.to_string())?;
    if n > 0 || !settings.demo.seed {
        return Ok(false);
    }
    let path = &settings.demo.content;
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let content: Content =
        serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    insert_content(state, &content)
        .await
        .map_err(|e| e.to_string())?;
    demo_account(
        state,
        &settings.demo.user_email.to_lowercase(),
        settings.demo.user_password.clone(),
    )
    .await?;
    Ok(true)
}

/// A demo bot's account by e-mail (a demo trader, a demo lead trader): found,
/// or created now, funded and marked demo, with a random password thrown away
/// (nobody signs in as a bot). None when a person registered under the address
/// first: their account is theirs, and no bot ever trades it. The flag says
/// whether it was created now.
pub async fn demo_bot(state: &AppState, email: &str) -> Result<Option<(i64, bool)>, String> {
    let found: Option<(i64, i64)> = sqlx::query_as("SELECT id, demo FROM users WHERE email = $1")
        .bind(email)
        .fetch_optional(&state.db)
        .await
        .map_err(|e| e.to_string())?;
    match found {
        Some((id, 1)) => Ok(Some((id, false))),
        Some(_) => {
            log::warn!("{email} belongs to a person, not a demo bot: skipped");
            Ok(None)
        }
        None => {
            use rand::Rng;
            let secret: String = (0..32)
                .map(|_| rand::thread_rng().sample(rand::distributions::Alphanumeric) as char)
                .collect();
            Ok(Some((demo_account(state, email, secret).await?, true)))
        }
    }
}

/// Creates an account that exists for the demo (the demo user, a demo trader):
/// marked demo, and funded with the configured demo funding through the ledger.
pub async fn demo_account(state: &AppState, email: &str, password: String) -> Result<i64, String> {
    let hash = hash_password_blocking(password).await?;
    let id = create_user(
        state,
        Some(email.to_owned()),
        None,
        None,
        &hash,
        None,
        "user",
    )
    .await
    .map_err(|e| format!("{e:?}"))?;
    crate::funds::deposits::fund_demo(state, id)
        .await
        .map_err(|e| format!("{e:?}"))?;
    sqlx::query("UPDATE users SET demo = 1 WHERE id = $1")
        .bind(id)
        .execute(&state.db)
        .await
        .map_err(|e| e.to_string())?;
    Ok(id)
}

async fn insert_content(state: &AppState, c: &Content) -> Result<(), sqlx::Error> {
    let mut tx = state.db.begin().await?;
    let now = now_ms();
    for (k, v) in &c.settings {
        sqlx::query("INSERT INTO settings (keyword, value) VALUES ($1, $2)")
            .bind(k)
            .bind(v)
            .execute(&mut *tx)
            .await?;
    }
    let banners = c
        .banners
        .iter()
        .map(|b| (5i64, false, b.thumbnail.as_str(), &b.text));
    let news = c.news.iter().map(|n| (4i64, n.pop, "", &n.text));
    for (sort, (c_id, pop, thumb, texts)) in banners.chain(news).enumerate() {
        for (lang, t) in texts {
            sqlx::query(
                "INSERT INTO articles (c_id, lang, title, summary, content, thumbnail, is_pop, sort, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
            )
            .bind(c_id)
            .bind(lang)
            .bind(&t.title)
            .bind(&t.summary)
            .bind(&t.content)
            .bind(thumb)
            .bind(i64::from(pop))
            .bind(sort as i64)
            .bind(now - sort as i64 * 86_400_000)
            .execute(&mut *tx)
            .await?;
        }
    }
    for (sort, f) in c.faq.iter().enumerate() {
        for (lang, t) in &f.text {
            sqlx::query("INSERT INTO faqs (lang, question, answer, sort) VALUES ($1, $2, $3, $4)")
                .bind(lang)
                .bind(&t.question)
                .bind(&t.answer)
                .bind(sort as i64)
                .execute(&mut *tx)
                .await?;
        }
    }
    let welcome = std::iter::once(("welcome_message", &c.welcome_message));
    for (slug, langs) in c.pages.iter().map(|(s, l)| (s.as_str(), l)).chain(welcome) {
        for (lang, p) in langs {
            sqlx::query("INSERT INTO pages (slug, lang, title, content) VALUES ($1, $2, $3, $4)")
                .bind(slug)
                .bind(lang)
                .bind(&p.title)
                .bind(&p.content)
                .execute(&mut *tx)
                .await?;
        }
    }
    tx.commit().await
}
