//! Copy trading (`follow/*`): the trader list and pages, following,
//! editing, cancelling, self-holding, receipts, applying to lead; and the
//! admin review of applications. Each handler parses, makes one service
//! call (`crate::copy`) and answers.

use crate::copy::follows::{self, Application, FollowView, MyTrader, Receipt, Skipped};
use crate::copy::views::{self, Follower, LeadTradeView, Sort, TraderCard, TraderDetail};
use crate::error::{ApiError, ApiResult, Kind};
use crate::extract::{Admin, Paging};
use crate::i18n::Lang;
use crate::params::{
    Flag, FollowAmount, Form, Id, IdParams, MaxMargin, NoParams, Page, PageParams, Paged, Ratio,
    Reply,
};
use crate::state::AppState;
use crate::texts::{self, Field, IntroTexts, Texts};
use actix_web::web;
use rust_decimal::Decimal;
use serde::Deserialize;
use utoipa::ToSchema;

/// `follow/index`: the trader list.
#[derive(Deserialize, ToSchema)]
pub struct ListParams {
    pub page: Option<Page>,
    pub limit: Option<Page>,
    /// `return` (30-day rate of return, the default), `profit`, `accuracy` or `followers`.
    #[schema(pattern = "^(return|profit|accuracy|followers)$")]
    pub sort: Option<String>,
    /// 1: only traders open to another follower.
    pub room: Option<Flag>,
}

pub async fn index(
    state: web::Data<AppState>,
    form: Form<ListParams>,
) -> ApiResult<Reply<Paged<TraderCard>>> {
    let (req, p) = form.split();
    let p = p?;
    let sort = match p.sort.as_deref().unwrap_or("return") {
        "return" => Sort::Return30,
        "profit" => Sort::Profit,
        "accuracy" => Sort::Accuracy,
        "followers" => Sort::Followers,
        _ => return Err(ApiError::invalid("err_type_invalid")),
    };
    let room = Flag::on(p.room);
    let mut page = views::list(&state, sort, room, Paging::of(p.page, p.limit)).await?;
    localize(&state, req.lang, &mut page.data).await?;
    Ok(Reply(page))
}

/// Traders' intros in the caller's language.
async fn localize(state: &AppState, lang: Lang, list: &mut [TraderCard]) -> ApiResult<()> {
    let items = list.iter_mut().map(|t| (t.trader_id, &mut t.intro));
    texts::localize(&state.db, Field::TraderIntro, lang, items).await
}

/// One trader.
#[derive(Deserialize, ToSchema)]
pub struct TraderParams {
    pub trader_id: Id,
}

/// `follow/traderDetail`: figures computed now, charts, copy quality and
/// the caller's follow when signed in.
pub async fn trader_detail(
    state: web::Data<AppState>,
    form: Form<TraderParams>,
) -> ApiResult<Reply<TraderDetail>> {
    let (req, p) = form.split();
    let viewer = req.user(&state).await.ok().map(|u| u.id);
    let mut d = views::detail(&state, p?.trader_id.0, viewer).await?;
    localize(&state, req.lang, std::slice::from_mut(&mut d.trader)).await?;
    Ok(Reply(d))
}

/// A trader's positions or followers, paged.
#[derive(Deserialize, ToSchema)]
pub struct TraderPageParams {
    pub trader_id: Id,
    pub page: Option<Page>,
    pub limit: Option<Page>,
    /// Positions: 1 closed (the default), 0 open now.
    pub history: Option<Flag>,
}

/// `follow/historyTrade`: the trader's closed (or open) positions.
pub async fn history_trade(
    state: web::Data<AppState>,
    form: Form<TraderPageParams>,
) -> ApiResult<Reply<Paged<LeadTradeView>>> {
    let p = form.split().1?;
    let history = p.history.is_none_or(|h| h.0);
    Ok(Reply(
        views::trades(&state, p.trader_id.0, history, Paging::of(p.page, p.limit)).await?,
    ))
}

/// `follow/followers`: the trader's followers, masked.
pub async fn followers(
    state: web::Data<AppState>,
    form: Form<TraderPageParams>,
) -> ApiResult<Reply<Paged<Follower>>> {
    let p = form.split().1?;
    Ok(Reply(
        views::followers(&state, p.trader_id.0, Paging::of(p.page, p.limit)).await?,
    ))
}

/// `follow/follow`: start following (`id` left out) or change one's follow `id`.
#[derive(Deserialize, ToSchema)]
pub struct FollowParams {
    pub trader_id: Id,
    /// The follow to change; left out to start one.
    pub id: Option<Id>,
    /// 1 a multiple of the leader's lots, 2 fixed lots.
    #[schema(pattern = "^[12]$")]
    pub mode: String,
    pub amount: FollowAmount,
    pub max_margin: MaxMargin,
    /// Take-profit and stop-loss of each copy, as a return on its margin (0.5 = 50 %).
    pub tp_ratio: Option<Ratio>,
    pub sl_ratio: Option<Ratio>,
    /// The loss (in the contracts' coin) that ends the follow and closes its copies.
    pub stop_loss: Option<Ratio>,
    /// 1: the follow agreement was read and accepted (required to start).
    pub agree: Option<Flag>,
}

pub async fn follow(
    state: web::Data<AppState>,
    form: Form<FollowParams>,
) -> ApiResult<Reply<FollowView>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let p = p?;
    let id = p.id.map(|i| i.0);
    if id.is_none() && !Flag::on(p.agree) {
        return Err(ApiError::invalid("err_agreement"));
    }
    let mode = match p.mode.as_str() {
        "1" => 1,
        "2" => 2,
        _ => return Err(ApiError::invalid("err_follow_mode")),
    };
    let terms = crate::copy::Terms {
        mode,
        amount: p.amount.0,
        max_margin: p.max_margin.0,
        tp_ratio: p.tp_ratio.and_then(|r| r.0),
        sl_ratio: p.sl_ratio.and_then(|r| r.0),
        stop_loss: p.stop_loss.and_then(|r| r.0),
    };
    let row = crate::copy::follow(&state, user.id, p.trader_id.0, id, &terms).await?;
    Ok(Reply(follows::follow_by_id(&state, row.id).await?))
}

/// `follow/cancel`: end one's follow.
#[derive(Deserialize, ToSchema)]
pub struct CancelParams {
    pub id: Id,
    /// 1: close its copied positions now; 0 (the default): keep them as one's own.
    pub close: Option<Flag>,
}

pub async fn cancel(
    state: web::Data<AppState>,
    form: Form<CancelParams>,
) -> ApiResult<Reply<FollowView>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let p = p?;
    let close = Flag::on(p.close);
    let row = crate::copy::cancel(&state, user.id, p.id.0, close).await?;
    Ok(Reply(follows::follow_by_id(&state, row.id).await?))
}

/// `follow/selfHolding`: keep one copied position as one's own.
pub async fn self_holding(
    state: web::Data<AppState>,
    form: Form<IdParams>,
) -> ApiResult<Reply<String>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    crate::copy::self_hold(&state, user.id, p?.id.0).await?;
    Ok(Reply(crate::i18n::t(req.lang, "ok_done", &[])))
}

/// One's follows: current or history.
#[derive(Deserialize, ToSchema)]
pub struct MyParams {
    pub page: Option<Page>,
    pub limit: Option<Page>,
    /// 0 current (the default), 1 history.
    pub history: Option<Flag>,
}

pub async fn my_follows(
    state: web::Data<AppState>,
    form: Form<MyParams>,
) -> ApiResult<Reply<Paged<FollowView>>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let p = p?;
    let history = Flag::on(p.history);
    Ok(Reply(
        follows::my_follows(&state, user.id, history, Paging::of(p.page, p.limit)).await?,
    ))
}

/// One's copied positions, of one follow or all.
#[derive(Deserialize, ToSchema)]
pub struct ReceiptParams {
    pub follow_id: Option<Id>,
    pub page: Option<Page>,
    pub limit: Option<Page>,
}

pub async fn receipts(
    state: web::Data<AppState>,
    form: Form<ReceiptParams>,
) -> ApiResult<Reply<Paged<Receipt>>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let p = p?;
    Ok(Reply(
        follows::receipts(
            &state,
            user.id,
            p.follow_id.map(|i| i.0),
            Paging::of(p.page, p.limit),
        )
        .await?,
    ))
}

pub async fn skips(
    state: web::Data<AppState>,
    form: Form<PageParams>,
) -> ApiResult<Reply<Paged<Skipped>>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let p = p?;
    Ok(Reply(
        follows::skips(&state, user.id, Paging::of(p.page, p.limit)).await?,
    ))
}

/// `follow/apply`: apply to lead.
#[derive(Deserialize, ToSchema)]
pub struct ApplyParams {
    /// 2 to 20 characters.
    pub name: String,
    /// 10 to 300 characters.
    pub intro: String,
    /// The profit share asked, as a share of followers' profit (0.1 = 10 %).
    pub share_rate: Option<Ratio>,
    pub max_followers: Id,
}

pub async fn apply(
    state: web::Data<AppState>,
    form: Form<ApplyParams>,
) -> ApiResult<Reply<MyTrader>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let p = p?;
    let a = crate::copy::Application {
        name: p.name,
        intro: p.intro,
        intros: Texts::default(),
        share_rate: p.share_rate.and_then(|r| r.0).unwrap_or(Decimal::ZERO),
        max_followers: p.max_followers.0,
    };
    crate::copy::apply(&state, user.id, &a).await?;
    mine(&state, user.id).await
}

async fn mine(state: &AppState, user: i64) -> ApiResult<Reply<MyTrader>> {
    follows::my_trader(state, user)
        .await?
        .map(Reply)
        .ok_or_else(|| ApiError::new(Kind::NotFound, "err_trader_not_found"))
}

/// `follow/myTrader`: one's application or trader state, or null.
pub async fn my_trader(
    state: web::Data<AppState>,
    form: Form<NoParams>,
) -> ApiResult<Reply<Option<MyTrader>>> {
    let user = form.req.user(&state).await?;
    Ok(Reply(follows::my_trader(&state, user.id).await?))
}

/// `follow/traderStatus`: a trader pauses new follows, resumes, or retires.
#[derive(Deserialize, ToSchema)]
pub struct StatusParams {
    /// `pause`, `resume` or `retire`.
    #[schema(pattern = "^(pause|resume|retire)$")]
    pub action: String,
}

pub async fn trader_status(
    state: web::Data<AppState>,
    form: Form<StatusParams>,
) -> ApiResult<Reply<MyTrader>> {
    let (req, p) = form.split();
    let user = req.user(&state).await?;
    let status = match p?.action.as_str() {
        "pause" => 3,
        "resume" => 1,
        "retire" => 4,
        _ => return Err(ApiError::invalid("err_type_invalid")),
    };
    crate::copy::set_status(&state, user.id, status).await?;
    mine(&state, user.id).await
}

/// The admin's list of applications.
#[derive(Deserialize, ToSchema)]
pub struct ApplicationsParams {
    pub page: Option<Page>,
    pub limit: Option<Page>,
    /// Only this state (0 applied, 1 approved, 2 rejected, 3 paused, 4 retired).
    #[schema(pattern = "^[0-9]+$")]
    pub status: Option<String>,
}

pub async fn applications(
    state: web::Data<AppState>,
    _admin: Admin,
    form: Form<ApplicationsParams>,
) -> ApiResult<Reply<Paged<Application>>> {
    let p = form.split().1?;
    let status = p.status.as_deref().and_then(|s| s.parse().ok());
    let mut page = follows::applications(&state, status, Paging::of(p.page, p.limit)).await?;
    with_intros(&state, &mut page.data).await?;
    Ok(Reply(page))
}

/// Applications with their intros in every language, for the admin's editor.
async fn with_intros(state: &AppState, list: &mut [Application]) -> ApiResult<()> {
    let ids: Vec<i64> = list.iter().map(|a| a.user_id).collect();
    let mut all = texts::all(&state.db, Field::TraderIntro, &ids).await?;
    for a in list {
        a.intros = Some(all.remove(&a.user_id).unwrap_or_default());
    }
    Ok(())
}

/// A lead trader's intro in the other languages.
#[derive(Deserialize, ToSchema)]
pub struct IntroParams {
    pub trader_id: Id,
    #[serde(flatten)]
    #[schema(inline)]
    pub intros: IntroTexts,
}

/// Set a lead trader's intro in the other languages (absent ones read the
/// trader's own text); answers the application with them.
pub async fn set_intro(
    state: web::Data<AppState>,
    _admin: Admin,
    form: Form<IntroParams>,
) -> ApiResult<Reply<Application>> {
    let p = form.split().1?;
    let trader = p.trader_id.0;
    crate::copy::set_intros(&state, trader, &p.intros.texts()).await?;
    let mut one = follows::application(&state, trader)
        .await?
        .ok_or_else(|| ApiError::new(Kind::NotFound, "err_trader_not_found"))?;
    with_intros(&state, std::slice::from_mut(&mut one)).await?;
    Ok(Reply(one))
}

/// An admin's decision on an application.
#[derive(Deserialize, ToSchema)]
pub struct ReviewParams {
    pub trader_id: Id,
    /// Why: required to reject, shown to the applicant.
    pub reason: Option<String>,
}

async fn decide(
    state: &AppState,
    form: Form<ReviewParams>,
    approve: bool,
) -> ApiResult<Reply<String>> {
    let (req, p) = form.split();
    let p = p?;
    let reason = p.reason.unwrap_or_default();
    if !approve && reason.trim().is_empty() {
        return Err(ApiError::invalid("err_reason_required"));
    }
    crate::copy::review(state, p.trader_id.0, approve, reason.trim()).await?;
    Ok(Reply(crate::i18n::t(req.lang, "ok_done", &[])))
}

pub async fn approve(
    state: web::Data<AppState>,
    _admin: Admin,
    form: Form<ReviewParams>,
) -> ApiResult<Reply<String>> {
    decide(&state, form, true).await
}

pub async fn reject(
    state: web::Data<AppState>,
    _admin: Admin,
    form: Form<ReviewParams>,
) -> ApiResult<Reply<String>> {
    decide(&state, form, false).await
}
