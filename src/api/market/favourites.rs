//! A user's favourite markets: added and removed by market, and listed with
//! their tickers in the order they were added.

use super::quotes::snapshot;
use super::Quotation;
use crate::api::inputs::{market_by, MarketParams};
use crate::db::now_ms;
use crate::error::ApiResult;
use crate::params::{Form, NoParams, Reply};
use crate::state::AppState;
use actix_web::web;

pub async fn favourite_add(
    state: web::Data<AppState>,
    form: Form<MarketParams>,
) -> ApiResult<Reply<String>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let m = market_by(&state, &p?.market())?;
    sqlx::query("INSERT INTO favourites (user_id, market, created_at) VALUES ($1, $2, $3) ON CONFLICT (user_id, market) DO NOTHING")
        .bind(user.id)
        .bind(m.spec.id)
        .bind(now_ms())
        .execute(&state.db)
        .await?;
    Ok(Reply(crate::i18n::t(req.lang, "ok_done", &[])))
}

pub async fn favourite_del(
    state: web::Data<AppState>,
    form: Form<MarketParams>,
) -> ApiResult<Reply<String>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let m = market_by(&state, &p?.market())?;
    sqlx::query("DELETE FROM favourites WHERE user_id = $1 AND market = $2")
        .bind(user.id)
        .bind(m.spec.id)
        .execute(&state.db)
        .await?;
    Ok(Reply(crate::i18n::t(req.lang, "ok_done", &[])))
}

pub async fn favourite_list(
    state: web::Data<AppState>,
    form: Form<NoParams>,
) -> ApiResult<Reply<Vec<Quotation>>> {
    let user = form.req.user(&state).await?;
    let ids: Vec<(i64,)> =
        sqlx::query_as("SELECT market FROM favourites WHERE user_id = $1 ORDER BY created_at")
            .bind(user.id)
            .fetch_all(&state.db)
            .await?;
    let mut rows = Vec::new();
    for (id,) in ids {
        if let Some(m) = state.markets.by_id(id) {
            rows.push(snapshot(m).await?);
        }
    }
    Ok(Reply(rows))
}
