//! Contracts and seconds options inside the market actor. The actor's mark is
//! its index price: every change of it looks up the positions and pending orders
//! it crosses (take-profit, stop-loss, liquidation, limit triggers) in the
//! position book's index, and closes or opens them in one transaction. Options
//! settle from an expiry wheel checked every 100 ms, at the index of that
//! instant. On start both are rebuilt from the database; whatever fell due while
//! the server was down is applied at the price in force when it is back.

use super::actor::{now_ms, units, MarketActor, MarketError};
use crate::ledger::{self, account, Bucket, Operation, PostError, Posting, SystemAccount};
use crate::lever::book::{Pending, Position, PositionBook, What};
use crate::lever::math::{self, Dir};
use crate::options::{self, Direction, Wheel};
use crate::runtime::Event;
use crate::sql::Store;
use actix::prelude::*;
use serde_json::{json, Value};
use sqlx::AnyConnection;
use std::time::Duration;

/// One option duration on offer.
#[derive(Debug, Clone)]
pub struct OptionTerm {
    pub seconds: i64,
    pub ratio_ppm: i64,
    pub min_stake: i64,
    pub max_stake: i64,
}

/// What a market offers in contracts and options.
#[derive(Debug, Clone)]
pub struct DerivSpec {
    pub lever: bool,
    /// Base units per lot.
    pub lot_units: i64,
    pub multiples: Vec<i64>,
    pub fee_ppm: i64,
    pub spread_ppm: i64,
    pub overnight_ppm: i64,
    pub min_share: i64,
    pub max_share: i64,
    pub limit_orders: bool,
    /// Maintenance margin as a share of the margin.
    pub maintenance_ppm: i64,
    /// UTC hour at which the daily overnight fee is charged.
    pub overnight_hour: i64,
    pub options: Vec<OptionTerm>,
    pub option_fee_ppm: i64,
    /// The coin stakes are paid in.
    pub option_currency: i64,
}

pub struct Deriv {
    pub spec: DerivSpec,
    book: PositionBook,
    wheel: Wheel,
    /// The last UTC day whose overnight fees were charged by this run.
    overnight_done: i64,
    loaded: bool,
}

impl Deriv {
    pub fn new(spec: DerivSpec) -> Deriv {
        let book = PositionBook::new(spec.maintenance_ppm);
        Deriv {
            spec,
            book,
            wheel: Wheel::default(),
            overnight_done: 0,
            loaded: false,
        }
    }
}

/// The health checks of the market's contracts and options, if it offers them.
pub(crate) fn checks(act: &MarketActor) -> Vec<crate::runtime::Check> {
    use crate::runtime::Check;
    let Some(d) = &act.deriv else {
        return Vec::new();
    };
    if !d.loaded {
        return vec![Check::fail("positions", "not_loaded")];
    }
    // An option more than five seconds past its expiry is settling late.
    let overdue = d.wheel.next_due().is_some_and(|t| now_ms() - t > 5_000);
    let options = d.wheel.len().to_string();
    vec![
        Check::ok("positions", d.book.len().to_string()),
        if overdue {
            Check::warn("options", options)
        } else {
            Check::ok("options", options)
        },
    ]
}

/// The index moved: look at what it crosses.
#[derive(Message)]
#[rtype(result = "()")]
pub struct MarkChanged;

/// Settle the options that are due.
#[derive(Message)]
#[rtype(result = "()")]
pub struct SettleDue;

/// Charge the overnight fee of `day` (UTC days since the epoch).
#[derive(Message)]
#[rtype(result = "()")]
pub struct Overnight {
    pub day: i64,
}

/// Sets the index to an exact price and applies it. Only reachable in-process
/// (tests drive prices with it); no HTTP route leads here.
#[derive(Message)]
#[rtype(result = "()")]
pub struct SetIndex(pub i64);

#[derive(Message)]
#[rtype(result = "Result<Value, MarketError>")]
pub struct LeverSubmit {
    pub user_id: i64,
    pub dir: Dir,
    /// A limit price, or None for a market order.
    pub limit: Option<i64>,
    pub share: i64,
    pub multiple: i64,
}

/// Close the caller's positions: one by id, or every one of the given directions.
#[derive(Message)]
#[rtype(result = "Result<Value, MarketError>")]
pub struct LeverClose {
    pub user_id: i64,
    pub id: Option<i64>,
    pub dirs: Vec<Dir>,
}

#[derive(Message)]
#[rtype(result = "Result<Value, MarketError>")]
pub struct LeverSetStop {
    pub user_id: i64,
    pub id: i64,
    pub tp: Option<i64>,
    pub sl: Option<i64>,
}

#[derive(Message)]
#[rtype(result = "Result<Value, MarketError>")]
pub struct LeverCancel {
    pub user_id: i64,
    pub id: i64,
}

#[derive(Message)]
#[rtype(result = "Result<Value, MarketError>")]
pub struct MicroSubmit {
    pub user_id: i64,
    pub dir: Direction,
    pub seconds: i64,
    pub stake: i64,
}

fn dir_code(d: Dir) -> i64 {
    match d {
        Dir::Long => 1,
        Dir::Short => 2,
    }
}

fn code_dir(c: i64) -> Dir {
    if c == 1 {
        Dir::Long
    } else {
        Dir::Short
    }
}

fn ledger_err(e: PostError) -> MarketError {
    match e {
        PostError::Ledger(ledger::LedgerError::Insufficient { .. }) => MarketError::Insufficient,
        other => MarketError::Internal(format!("{other:?}")),
    }
}

async fn post(
    tx: &mut AnyConnection,
    key: String,
    reason: &str,
    ref_type: &str,
    ref_id: i64,
    postings: Vec<Posting>,
) -> Result<(), MarketError> {
    let postings: Vec<Posting> = postings.into_iter().filter(|p| p.amount != 0).collect();
    if postings.is_empty() {
        return Ok(());
    }
    let op = Operation {
        key,
        reason: reason.into(),
        ref_type: ref_type.into(),
        ref_id,
        postings,
    };
    ledger::post(tx, &op).await.map(|_| ()).map_err(ledger_err)
}

/// A `lever_orders` row.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct LeverRow {
    pub id: i64,
    pub user_id: i64,
    pub market: i64,
    pub direction: i64,
    pub status: i64,
    pub share: i64,
    pub qty: i64,
    pub multiple: i64,
    pub target_price: i64,
    pub open_price: i64,
    pub margin: i64,
    pub fee: i64,
    pub overnight: i64,
    pub tp: Option<i64>,
    pub sl: Option<i64>,
    pub close_price: Option<i64>,
    pub profit: Option<i64>,
    pub payout: Option<i64>,
    pub close_reason: Option<String>,
    pub opened_at: Option<i64>,
    pub closed_at: Option<i64>,
    pub created_at: i64,
}

pub const LEVER_COLUMNS: &str = "id, user_id, market, direction, status, share, qty, multiple, target_price, open_price, margin, fee, overnight, tp, sl, close_price, profit, payout, close_reason, opened_at, closed_at, created_at";

/// A contract order as the app shows it; `mark` adds live profit and risk rate to
/// holding positions.
pub fn lever_json(r: &LeverRow, symbol: &str, mark: Option<i64>, maintenance_ppm: i64) -> Value {
    let LeverRow {
        id,
        user_id,
        market,
        direction: dir,
        status,
        share,
        qty,
        multiple,
        target_price: target,
        open_price: open,
        margin,
        fee,
        overnight,
        tp,
        sl,
        close_price,
        profit,
        payout,
        close_reason: reason,
        opened_at,
        closed_at,
        created_at,
    } = r.clone();
    let o = |v: Option<i64>| v.map(units);
    let mut v = json!({
        "id": id, "user_id": user_id, "match_id": market, "symbol": symbol, "type": dir, "status": status,
        "share": share, "number": units(qty), "multiple": multiple, "target_price": units(target),
        "price": units(open), "origin_price": units(open), "caution_money": units(margin), "trade_fee": units(fee),
        "overnight_money": units(overnight), "target_profit_price": o(tp), "stop_loss_price": o(sl),
        "close_price": o(close_price), "profit": o(profit), "payout": o(payout), "close_reason": reason,
        "opened_at": opened_at, "closed_at": closed_at, "created_at": created_at,
    });
    if status == 1 {
        let d = code_dir(dir);
        v["force_close_price"] = json!(units(math::liquidation_price(
            d,
            open,
            qty,
            margin,
            maintenance_ppm
        )));
        if let Some(mark) = mark {
            let p = math::profit(d, open, mark, qty);
            v["profit"] = json!(units(p));
            v["risk_rate"] = json!(format!(
                "{:.2}",
                math::risk_rate_ppm(margin, p) as f64 / 10_000.0
            ));
            v["mark_price"] = json!(units(mark));
        }
    }
    v
}

async fn lever_row(conn: &mut AnyConnection, id: i64) -> Result<LeverRow, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {LEVER_COLUMNS} FROM lever_orders WHERE id = $1"
    ))
    .bind(id)
    .fetch_one(conn)
    .await
}

/// A `micro_orders` row.
#[derive(Debug, Clone, Copy, sqlx::FromRow)]
pub struct MicroRow {
    pub id: i64,
    pub user_id: i64,
    pub market: i64,
    pub currency: i64,
    pub direction: i64,
    pub seconds: i64,
    pub stake: i64,
    pub fee: i64,
    pub ratio_ppm: i64,
    pub open_price: i64,
    pub opened_at: i64,
    pub expires_at: i64,
    pub close_price: Option<i64>,
    pub closed_at: Option<i64>,
    pub status: i64,
    pub outcome: i64,
    pub payout: i64,
}
pub const MICRO_COLUMNS: &str = "id, user_id, market, currency, direction, seconds, stake, fee, ratio_ppm, open_price, opened_at, expires_at, close_price, closed_at, status, outcome, payout";

pub fn micro_json(r: &MicroRow, symbol: &str) -> Value {
    let MicroRow {
        id,
        user_id,
        market,
        currency,
        direction: dir,
        seconds,
        stake,
        fee,
        ratio_ppm: ratio,
        open_price: open,
        opened_at,
        expires_at,
        close_price: close,
        closed_at,
        status,
        outcome,
        payout,
    } = *r;
    let expected = options::payout(options::Outcome::Win, stake, ratio) - stake;
    json!({
        "id": id, "user_id": user_id, "match_id": market, "symbol": symbol, "currency_id": currency,
        "type": dir, "seconds": seconds, "number": units(stake), "fee": units(fee),
        "profit_ratio": format!("{:.2}", ratio as f64 / 1_000_000.0), "expected_profit": units(expected),
        "open_price": units(open), "opened_at": opened_at, "handle_time": expires_at, "expires_at": expires_at,
        "end_price": close.map(units), "complete_time": closed_at, "status": status, "outcome": outcome,
        "payout": units(payout), "fact_profits": if status == 1 { units(payout - stake) } else { "0".into() },
    })
}

/// Closes a holding position at `mark` inside `tx`; None if it was no longer open.
async fn close_in(
    tx: &mut AnyConnection,
    quote: i64,
    p: &Position,
    mark: i64,
    reason: &str,
    now: i64,
) -> Result<Option<Value>, MarketError> {
    let profit = math::profit(p.dir, p.open, mark, p.qty);
    let (payout, shortfall) = math::close_out(p.margin, profit);
    let res = sqlx::query(
        "UPDATE lever_orders SET status = 3, close_price = $1, profit = $2, payout = $3, shortfall = $4, close_reason = $5,
         closed_at = $6, frozen = 0 WHERE id = $7 AND status = 1",
    )
    .bind(mark)
    .bind(profit)
    .bind(payout)
    .bind(shortfall)
    .bind(reason)
    .bind(now)
    .bind(p.id)
    .execute(&mut *tx)
    .await?;
    if res.rows_affected() != 1 {
        return Ok(None);
    }
    let house = if shortfall > 0 {
        p.margin + shortfall
    } else {
        p.margin - payout
    };
    post(
        tx,
        format!("lever:{}:close", p.id),
        "contract_close",
        "lever_order",
        p.id,
        vec![
            Posting::user(p.user, account::LEVER, quote, Bucket::Frozen, -p.margin),
            Posting::user(p.user, account::LEVER, quote, Bucket::Available, payout),
            Posting::system(SystemAccount::Contracts, quote, house),
            Posting::system(SystemAccount::InsuranceFund, quote, -shortfall),
        ],
    )
    .await?;
    Ok(Some(
        json!({"id": p.id, "user_id": p.user, "reason": reason}),
    ))
}

/// Rebuilds positions, pending orders and open options from the database.
async fn load(
    db: Store,
    market: i64,
    maintenance_ppm: i64,
) -> Result<(PositionBook, Wheel), sqlx::Error> {
    let mut book = PositionBook::new(maintenance_ppm);
    let rows: Vec<(i64, i64, i64, i64, i64, i64, i64, i64, Option<i64>, Option<i64>)> = sqlx::query_as(
        "SELECT id, user_id, direction, status, qty, target_price, open_price, margin, tp, sl FROM lever_orders WHERE market = $1 AND status IN (0, 1)",
    )
    .bind(market)
    .fetch_all(&*db)
    .await?;
    for (id, user, dir, status, qty, target, open, margin, tp, sl) in rows {
        let dir = code_dir(dir);
        if status == 0 {
            book.add_pending(Pending {
                id,
                user,
                dir,
                price: target,
            });
        } else {
            book.upsert(Position {
                id,
                user,
                dir,
                qty,
                open,
                margin,
                tp,
                sl,
            });
        }
    }
    let mut wheel = Wheel::default();
    let due: Vec<(i64, i64)> =
        sqlx::query_as("SELECT id, expires_at FROM micro_orders WHERE market = $1 AND status = 0")
            .bind(market)
            .fetch_all(&*db)
            .await?;
    for (id, at) in due {
        wheel.insert(at, id);
    }
    Ok((book, wheel))
}

/// Called from the actor's `started`: load, then run the option and overnight clocks.
pub fn start(act: &mut MarketActor, ctx: &mut Context<MarketActor>) {
    let Some(d) = &act.deriv else { return };
    let fut = load(act.db.clone(), act.spec.id, d.spec.maintenance_ppm);
    ctx.wait(fut.into_actor(act).map(|res, act, ctx| {
        match (res, act.deriv.as_mut()) {
            (Ok((book, wheel)), Some(d)) => {
                log::info!(
                    "{}: {} positions, {} open options",
                    act.spec.symbol,
                    book.len(),
                    wheel.len()
                );
                d.book = book;
                d.wheel = wheel;
                d.loaded = true;
            }
            (Err(e), _) => {
                log::error!(
                    "{}: cannot load contracts and options: {e}",
                    act.spec.symbol
                );
                ctx.stop();
            }
            _ => {}
        }
        // Anything that fell due while the server was down, at today's price.
        ctx.notify(MarkChanged);
        ctx.notify(SettleDue);
    }));
    ctx.run_interval(Duration::from_millis(100), |act, ctx| {
        let now = now_ms();
        let Some(d) = &mut act.deriv else { return };
        if d.wheel.next_due().is_some_and(|t| t <= now) {
            ctx.notify(SettleDue);
        }
        let day = now.div_euclid(86_400_000);
        let charge_at = day * 86_400_000 + d.spec.overnight_hour * 3_600_000;
        if d.spec.lever && d.loaded && now >= charge_at && d.overnight_done < day {
            d.overnight_done = day;
            ctx.notify(Overnight { day });
        }
    });
}

fn ready(act: &MarketActor) -> Result<&Deriv, MarketError> {
    match &act.deriv {
        Some(d) if d.loaded => Ok(d),
        _ => Err(MarketError::Invalid("err_market_unavailable")),
    }
}

type Reply = AtomicResponse<MarketActor, Result<Value, MarketError>>;

fn fail(e: MarketError) -> Reply {
    AtomicResponse::new(Box::pin(actix::fut::ready(Err(e))))
}

impl Handler<LeverSubmit> for MarketActor {
    type Result = Reply;

    fn handle(&mut self, m: LeverSubmit, _: &mut Context<Self>) -> Reply {
        let d = match ready(self) {
            Ok(d) if d.spec.lever => d.spec.clone(),
            Ok(_) => return fail(MarketError::Invalid("err_market_invalid")),
            Err(e) => return fail(e),
        };
        if m.share < d.min_share || m.share > d.max_share {
            return fail(MarketError::Invalid("err_share_range"));
        }
        if !d.multiples.contains(&m.multiple) {
            return fail(MarketError::Invalid("err_multiple"));
        }
        if m.limit.is_some() && !d.limit_orders {
            return fail(MarketError::Invalid("err_limit_off"));
        }
        if m.limit.is_some_and(|p| p <= 0 || p % self.spec.tick != 0) {
            return fail(MarketError::Book(super::book::BookError::Tick));
        }
        let qty = m.share * d.lot_units;
        let price = m
            .limit
            .unwrap_or_else(|| math::open_price(m.dir, self.index, d.spread_ppm, self.spec.tick));
        let margin = math::margin(price, qty, m.multiple);
        let fee = math::rate_of(math::notional(price, qty), d.fee_ppm);
        let (db, quote, market, symbol, mark) = (
            self.db.clone(),
            self.spec.quote,
            self.spec.id,
            self.spec.symbol.clone(),
            self.index,
        );
        let maint = d.maintenance_ppm;
        let fut = async move {
            let now = now_ms();
            let mut tx = db.begin().await?;
            let pending = m.limit.is_some();
            let (id,): (i64,) = sqlx::query_as(
                "INSERT INTO lever_orders (user_id, market, direction, status, share, qty, multiple, target_price, open_price, margin, fee, frozen, overnight_day, opened_at, created_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING id",
            )
            .bind(m.user_id)
            .bind(market)
            .bind(dir_code(m.dir))
            .bind(if pending { 0 } else { 1 })
            .bind(m.share)
            .bind(qty)
            .bind(m.multiple)
            .bind(m.limit.unwrap_or(0))
            .bind(if pending { 0 } else { price })
            .bind(margin)
            .bind(fee)
            .bind(if pending { margin + fee } else { margin })
            .bind(now.div_euclid(86_400_000))
            .bind(if pending { None } else { Some(now) })
            .bind(now)
            .fetch_one(&mut *tx)
            .await?;
            let mut postings = vec![
                Posting::user(
                    m.user_id,
                    account::LEVER,
                    quote,
                    Bucket::Available,
                    -(margin + fee),
                ),
                Posting::user(
                    m.user_id,
                    account::LEVER,
                    quote,
                    Bucket::Frozen,
                    if pending { margin + fee } else { margin },
                ),
            ];
            if !pending {
                postings.push(Posting::system(SystemAccount::Fees, quote, fee));
            }
            post(
                &mut tx,
                format!("lever:{id}:open"),
                "contract_open",
                "lever_order",
                id,
                postings,
            )
            .await?;
            let row = lever_row(&mut tx, id).await?;
            tx.commit().await?;
            Ok::<_, MarketError>((id, row))
        };
        AtomicResponse::new(Box::pin(fut.into_actor(self).map(move |res, act, _| {
            let (id, row) = res?;
            if let Some(d) = act.deriv.as_mut() {
                match m.limit {
                    Some(p) => d.book.add_pending(Pending {
                        id,
                        user: m.user_id,
                        dir: m.dir,
                        price: p,
                    }),
                    None => d.book.upsert(Position {
                        id,
                        user: m.user_id,
                        dir: m.dir,
                        qty,
                        open: price,
                        margin,
                        tp: None,
                        sl: None,
                    }),
                }
            }
            let v = lever_json(&row, &symbol, Some(mark), maint);
            act.publish(Event::Private {
                user_id: m.user_id,
                event: "balance",
                payload: json!({"currencies": [quote]}),
            });
            Ok(v)
        })))
    }
}

impl Handler<LeverClose> for MarketActor {
    type Result = Reply;

    fn handle(&mut self, m: LeverClose, _: &mut Context<Self>) -> Reply {
        let d = match ready(self) {
            Ok(d) => d,
            Err(e) => return fail(e),
        };
        let mine: Vec<Position> = d
            .book
            .positions()
            .filter(|p| p.user == m.user_id)
            .filter(|p| match m.id {
                Some(id) => p.id == id,
                None => m.dirs.contains(&p.dir),
            })
            .cloned()
            .collect();
        if m.id.is_some() && mine.is_empty() {
            return fail(MarketError::NotFound);
        }
        let (db, quote, mark) = (self.db.clone(), self.spec.quote, self.index);
        let fut = async move {
            let now = now_ms();
            let mut tx = db.begin().await?;
            let mut closed = Vec::new();
            for p in &mine {
                if close_in(&mut tx, quote, p, mark, "user", now)
                    .await?
                    .is_some()
                {
                    closed.push(p.id);
                }
            }
            tx.commit().await?;
            Ok::<_, MarketError>(closed)
        };
        AtomicResponse::new(Box::pin(fut.into_actor(self).map(move |res, act, _| {
            let closed = res?;
            if let Some(d) = act.deriv.as_mut() {
                for id in &closed {
                    d.book.remove(*id);
                }
            }
            if !closed.is_empty() {
                act.publish(Event::Private {
                    user_id: m.user_id,
                    event: "lever_closed",
                    payload: json!({"id": closed}),
                });
                act.publish(Event::Private {
                    user_id: m.user_id,
                    event: "balance",
                    payload: json!({"currencies": [quote]}),
                });
            }
            Ok(json!({"closed": closed}))
        })))
    }
}

impl Handler<LeverSetStop> for MarketActor {
    type Result = Reply;

    fn handle(&mut self, m: LeverSetStop, _: &mut Context<Self>) -> Reply {
        let d = match ready(self) {
            Ok(d) => d,
            Err(e) => return fail(e),
        };
        let Some(p) = d
            .book
            .position(m.id)
            .filter(|p| p.user == m.user_id)
            .cloned()
        else {
            return fail(MarketError::NotFound);
        };
        // A take-profit must lie on the profitable side of the mark, a stop on the
        // losing side; otherwise it would fire at once.
        let mark = self.index;
        let tp_ok = m.tp.is_none_or(|tp| match p.dir {
            Dir::Long => tp > mark,
            Dir::Short => tp < mark && tp > 0,
        });
        let sl_ok = m.sl.is_none_or(|sl| match p.dir {
            Dir::Long => sl < mark && sl > 0,
            Dir::Short => sl > mark,
        });
        if !tp_ok || !sl_ok {
            return fail(MarketError::Invalid("err_tp_sl"));
        }
        let db = self.db.clone();
        let fut = async move {
            let mut tx = db.begin().await?;
            sqlx::query("UPDATE lever_orders SET tp = $1, sl = $2 WHERE id = $3 AND user_id = $4 AND status = 1")
                .bind(m.tp)
                .bind(m.sl)
                .bind(m.id)
                .bind(m.user_id)
                .execute(&mut *tx)
                .await?;
            tx.commit().await?;
            Ok::<_, MarketError>(())
        };
        AtomicResponse::new(Box::pin(fut.into_actor(self).map(move |res, act, _| {
            res?;
            if let Some(d) = act.deriv.as_mut() {
                d.book.upsert(Position { tp: m.tp, sl: m.sl, ..p });
            }
            Ok(json!({"id": m.id, "target_profit_price": m.tp.map(units), "stop_loss_price": m.sl.map(units)}))
        })))
    }
}

impl Handler<LeverCancel> for MarketActor {
    type Result = Reply;

    fn handle(&mut self, m: LeverCancel, _: &mut Context<Self>) -> Reply {
        let d = match ready(self) {
            Ok(d) => d,
            Err(e) => return fail(e),
        };
        if d.book.pending(m.id).is_none_or(|o| o.user != m.user_id) {
            return fail(MarketError::NotFound);
        }
        let (db, quote) = (self.db.clone(), self.spec.quote);
        let fut = async move {
            let mut tx = db.begin().await?;
            let row: Option<(i64,)> = sqlx::query_as(
                "UPDATE lever_orders SET status = 4, closed_at = $1, frozen = 0 WHERE id = $2 AND user_id = $3 AND status = 0 RETURNING frozen",
            )
            .bind(now_ms())
            .bind(m.id)
            .bind(m.user_id)
            .fetch_optional(&mut *tx)
            .await?;
            // RETURNING gives the new value on SQLite and PostgreSQL alike, so read
            // what was frozen from the order's margin and fee instead.
            if row.is_none() {
                return Err(MarketError::NotFound);
            }
            let (margin, fee): (i64, i64) =
                sqlx::query_as("SELECT margin, fee FROM lever_orders WHERE id = $1")
                    .bind(m.id)
                    .fetch_one(&mut *tx)
                    .await?;
            post(
                &mut tx,
                format!("lever:{}:cancel", m.id),
                "contract_cancel",
                "lever_order",
                m.id,
                vec![
                    Posting::user(
                        m.user_id,
                        account::LEVER,
                        quote,
                        Bucket::Frozen,
                        -(margin + fee),
                    ),
                    Posting::user(
                        m.user_id,
                        account::LEVER,
                        quote,
                        Bucket::Available,
                        margin + fee,
                    ),
                ],
            )
            .await?;
            tx.commit().await?;
            Ok(())
        };
        AtomicResponse::new(Box::pin(fut.into_actor(self).map(move |res, act, _| {
            res?;
            if let Some(d) = act.deriv.as_mut() {
                d.book.remove_pending(m.id);
            }
            act.publish(Event::Private {
                user_id: m.user_id,
                event: "balance",
                payload: json!({"currencies": [quote]}),
            });
            Ok(json!({"id": m.id, "status": 4}))
        })))
    }
}

impl Handler<MicroSubmit> for MarketActor {
    type Result = Reply;

    fn handle(&mut self, m: MicroSubmit, _: &mut Context<Self>) -> Reply {
        let d = match ready(self) {
            Ok(d) => d,
            Err(e) => return fail(e),
        };
        let Some(term) = d
            .spec
            .options
            .iter()
            .find(|t| t.seconds == m.seconds)
            .cloned()
        else {
            return fail(MarketError::Invalid("err_seconds"));
        };
        if m.stake < term.min_stake || m.stake > term.max_stake {
            return fail(MarketError::Invalid("err_stake_range"));
        }
        let fee = math::rate_of(m.stake, d.spec.option_fee_ppm);
        let coin = d.spec.option_currency;
        let (db, market, open, symbol) = (
            self.db.clone(),
            self.spec.id,
            self.index,
            self.spec.symbol.clone(),
        );
        let fut = async move {
            let now = now_ms();
            let expires = now + m.seconds * 1000;
            let mut tx = db.begin().await?;
            let (id,): (i64,) = sqlx::query_as(
                "INSERT INTO micro_orders (user_id, market, currency, direction, seconds, stake, fee, ratio_ppm, open_price, opened_at, expires_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id",
            )
            .bind(m.user_id)
            .bind(market)
            .bind(coin)
            .bind(if m.dir == Direction::Rise { 1 } else { 2 })
            .bind(m.seconds)
            .bind(m.stake)
            .bind(fee)
            .bind(term.ratio_ppm)
            .bind(open)
            .bind(now)
            .bind(expires)
            .fetch_one(&mut *tx)
            .await?;
            post(
                &mut tx,
                format!("micro:{id}:open"),
                "option_open",
                "micro_order",
                id,
                vec![
                    Posting::user(
                        m.user_id,
                        account::MICRO,
                        coin,
                        Bucket::Available,
                        -(m.stake + fee),
                    ),
                    Posting::user(m.user_id, account::MICRO, coin, Bucket::Frozen, m.stake),
                    Posting::system(SystemAccount::Fees, coin, fee),
                ],
            )
            .await?;
            let row: MicroRow = sqlx::query_as(&format!(
                "SELECT {MICRO_COLUMNS} FROM micro_orders WHERE id = $1"
            ))
            .bind(id)
            .fetch_one(&mut *tx)
            .await?;
            tx.commit().await?;
            Ok::<_, MarketError>((id, expires, row))
        };
        AtomicResponse::new(Box::pin(fut.into_actor(self).map(move |res, act, _| {
            let (id, expires, row) = res?;
            if let Some(d) = act.deriv.as_mut() {
                d.wheel.insert(expires, id);
            }
            act.publish(Event::Private {
                user_id: m.user_id,
                event: "balance",
                payload: json!({"currencies": [coin]}),
            });
            Ok(micro_json(&row, &symbol))
        })))
    }
}

impl Handler<SettleDue> for MarketActor {
    type Result = AtomicResponse<Self, ()>;

    fn handle(&mut self, _: SettleDue, _: &mut Context<Self>) -> Self::Result {
        let now = now_ms();
        let due = match self.deriv.as_mut() {
            Some(d) if d.loaded => d.wheel.take_due(now),
            _ => Vec::new(),
        };
        if due.is_empty() {
            return AtomicResponse::new(Box::pin(actix::fut::ready(())));
        }
        let (db, close, symbol, market) = (
            self.db.clone(),
            self.index,
            self.spec.symbol.clone(),
            self.spec.id,
        );
        let ids: Vec<(i64, i64)> = due.clone();
        let fut = async move {
            let mut tx = db.begin().await?;
            let mut settled = Vec::new();
            for (_, id) in &ids {
                let row: MicroRow = sqlx::query_as(&format!(
                    "SELECT {MICRO_COLUMNS} FROM micro_orders WHERE id = $1"
                ))
                .bind(id)
                .fetch_one(&mut *tx)
                .await?;
                if row.status != 0 {
                    continue;
                }
                let dir = if row.direction == 1 {
                    Direction::Rise
                } else {
                    Direction::Fall
                };
                let outcome = options::outcome(dir, row.open_price, close);
                let stake = row.stake;
                let payout = options::payout(outcome, stake, row.ratio_ppm);
                sqlx::query(
                    "UPDATE micro_orders SET status = 1, close_price = $1, closed_at = $2, outcome = $3, payout = $4 WHERE id = $5 AND status = 0",
                )
                .bind(close)
                .bind(now)
                .bind(outcome.code())
                .bind(payout)
                .bind(id)
                .execute(&mut *tx)
                .await?;
                post(
                    &mut tx,
                    format!("micro:{id}:settle"),
                    "option_settle",
                    "micro_order",
                    *id,
                    vec![
                        Posting::user(
                            row.user_id,
                            account::MICRO,
                            row.currency,
                            Bucket::Frozen,
                            -stake,
                        ),
                        Posting::user(
                            row.user_id,
                            account::MICRO,
                            row.currency,
                            Bucket::Available,
                            payout,
                        ),
                        Posting::system(SystemAccount::OptionsPool, row.currency, stake - payout),
                    ],
                )
                .await?;
                let fresh: MicroRow = sqlx::query_as(&format!(
                    "SELECT {MICRO_COLUMNS} FROM micro_orders WHERE id = $1"
                ))
                .bind(id)
                .fetch_one(&mut *tx)
                .await?;
                settled.push(fresh);
            }
            tx.commit().await?;
            Ok::<_, MarketError>(settled)
        };
        AtomicResponse::new(Box::pin(fut.into_actor(self).map(
            move |res, act, _| match res {
                Ok(settled) => {
                    for r in settled {
                        act.publish(Event::Private {
                            user_id: r.user_id,
                            event: "closed_microorder",
                            payload: json!({"data": micro_json(&r, &symbol)}),
                        });
                        act.publish(Event::Private {
                            user_id: r.user_id,
                            event: "balance",
                            payload: json!({"currencies": [r.currency]}),
                        });
                    }
                }
                Err(e) => {
                    // Nothing was settled: put them back and try again shortly.
                    log::error!("market {market}: options not settled: {e:?}");
                    if let Some(d) = act.deriv.as_mut() {
                        for (at, id) in due {
                            d.wheel.insert(at, id);
                        }
                    }
                }
            },
        )))
    }
}

impl Handler<MarkChanged> for MarketActor {
    type Result = AtomicResponse<Self, ()>;

    fn handle(&mut self, _: MarkChanged, _: &mut Context<Self>) -> Self::Result {
        let mark = self.index;
        let Some(d) = self.deriv.as_mut().filter(|d| d.loaded && d.spec.lever) else {
            return AtomicResponse::new(Box::pin(actix::fut::ready(())));
        };
        let fired = d.book.on_mark(mark);
        // Positions and orders that fired left the book; their data is needed.
        let snapshot: Vec<(i64, What, Option<Position>)> =
            fired.iter().map(|f| (f.id, f.what, None)).collect();
        let (db, quote, market, maint) = (
            self.db.clone(),
            self.spec.quote,
            self.spec.id,
            d.spec.maintenance_ppm,
        );
        let fut = async move {
            let now = now_ms();
            let mut tx = db.begin().await?;
            let mut opened: Vec<Position> = Vec::new();
            let mut closed: Vec<(i64, i64)> = Vec::new();
            for (id, what, _) in &snapshot {
                let r = lever_row(&mut tx, *id).await?;
                let (user, dir, status, qty, target, margin, fee) = (
                    r.user_id,
                    code_dir(r.direction),
                    r.status,
                    r.qty,
                    r.target_price,
                    r.margin,
                    r.fee,
                );
                match what {
                    What::Open if status == 0 => {
                        sqlx::query("UPDATE lever_orders SET status = 1, open_price = $1, frozen = margin, opened_at = $2 WHERE id = $3 AND status = 0")
                            .bind(target)
                            .bind(now)
                            .bind(id)
                            .execute(&mut *tx)
                            .await?;
                        post(
                            &mut tx,
                            format!("lever:{id}:trigger"),
                            "contract_open",
                            "lever_order",
                            *id,
                            vec![
                                Posting::user(user, account::LEVER, quote, Bucket::Frozen, -fee),
                                Posting::system(SystemAccount::Fees, quote, fee),
                            ],
                        )
                        .await?;
                        opened.push(Position {
                            id: *id,
                            user,
                            dir,
                            qty,
                            open: target,
                            margin,
                            tp: None,
                            sl: None,
                        });
                    }
                    What::Liquidation | What::StopLoss | What::TakeProfit if status == 1 => {
                        let p = Position {
                            id: *id,
                            user,
                            dir,
                            qty,
                            open: r.open_price,
                            margin,
                            tp: r.tp,
                            sl: r.sl,
                        };
                        let reason = match what {
                            What::Liquidation => "liquidation",
                            What::StopLoss => "stop_loss",
                            _ => "take_profit",
                        };
                        if close_in(&mut tx, quote, &p, mark, reason, now)
                            .await?
                            .is_some()
                        {
                            closed.push((user, *id));
                        }
                    }
                    _ => {}
                }
            }
            tx.commit().await?;
            Ok::<_, MarketError>((opened, closed))
        };
        let nothing_fired = fired.is_empty();
        AtomicResponse::new(Box::pin(fut.into_actor(self).then(move |res, act, _| {
            let reload = match res {
                Ok((opened, closed)) => {
                    let opened_for: Vec<i64> = opened.iter().map(|p| p.user).collect();
                    if let Some(d) = act.deriv.as_mut() {
                        for p in opened {
                            d.book.upsert(p);
                        }
                    }
                    for u in opened_for {
                        act.publish(Event::Private {
                            user_id: u,
                            event: "balance",
                            payload: json!({"currencies": [quote]}),
                        });
                    }
                    let mut users: Vec<i64> = closed.iter().map(|c| c.0).collect();
                    users.sort();
                    users.dedup();
                    for u in users {
                        let ids: Vec<i64> =
                            closed.iter().filter(|c| c.0 == u).map(|c| c.1).collect();
                        act.publish(Event::Private {
                            user_id: u,
                            event: "lever_closed",
                            payload: json!({"id": ids}),
                        });
                        act.publish(Event::Private {
                            user_id: u,
                            event: "balance",
                            payload: json!({"currencies": [quote]}),
                        });
                    }
                    false
                }
                Err(e) => {
                    log::error!(
                        "market {market}: triggers not applied: {e:?}; reloading positions"
                    );
                    !nothing_fired
                }
            };
            publish_positions(act, mark, maint);
            let db = act.db.clone();
            async move {
                if reload {
                    load(db, market, maint).await.ok()
                } else {
                    None
                }
            }
            .into_actor(act)
            .map(|fresh, act, _| {
                if let (Some((book, _)), Some(d)) = (fresh, act.deriv.as_mut()) {
                    d.book = book;
                }
            })
        })))
    }
}

/// `lever_trade` to every user with open positions: live profit and risk rate.
fn publish_positions(act: &MarketActor, mark: i64, _maint: i64) {
    let Some(d) = &act.deriv else { return };
    let mut by_user: std::collections::HashMap<i64, Vec<Value>> = std::collections::HashMap::new();
    for p in d.book.positions() {
        let profit = math::profit(p.dir, p.open, mark, p.qty);
        by_user.entry(p.user).or_default().push(json!({
            "id": p.id, "symbol": act.spec.symbol, "type": dir_code(p.dir), "profit": units(profit),
            "risk_rate": format!("{:.2}", math::risk_rate_ppm(p.margin, profit) as f64 / 10_000.0),
            "mark_price": units(mark),
        }));
    }
    for (user, positions) in by_user {
        act.publish(Event::Private {
            user_id: user,
            event: "lever_trade",
            payload: json!({"positions": positions}),
        });
    }
}

impl Handler<SetIndex> for MarketActor {
    type Result = ();

    fn handle(&mut self, m: SetIndex, ctx: &mut Context<Self>) {
        self.index = m.0;
        self.feed.resume(m.0);
        ctx.notify(MarkChanged);
    }
}

impl Handler<Overnight> for MarketActor {
    type Result = AtomicResponse<Self, ()>;

    fn handle(&mut self, m: Overnight, _: &mut Context<Self>) -> Self::Result {
        let Some(d) = self.deriv.as_ref().filter(|d| d.loaded && d.spec.lever) else {
            return AtomicResponse::new(Box::pin(actix::fut::ready(())));
        };
        let (db, quote, market, mark) =
            (self.db.clone(), self.spec.quote, self.spec.id, self.index);
        let (rate, hour, maint) = (
            d.spec.overnight_ppm,
            d.spec.overnight_hour,
            d.spec.maintenance_ppm,
        );
        let fut = async move {
            let charge_at = m.day * 86_400_000 + hour * 3_600_000;
            let now = now_ms();
            let mut tx = db.begin().await?;
            let rows: Vec<(i64, i64, i64, i64, i64, i64, Option<i64>, Option<i64>)> = sqlx::query_as(
                "SELECT id, user_id, direction, qty, open_price, margin, tp, sl FROM lever_orders
                 WHERE market = $1 AND status = 1 AND overnight_day < $2 AND opened_at < $3",
            )
            .bind(market)
            .bind(m.day)
            .bind(charge_at)
            .fetch_all(&mut *tx)
            .await?;
            let mut changed = Vec::new();
            let mut closed = Vec::new();
            for (id, user, dir, qty, open, margin, tp, sl) in rows {
                let fee = math::rate_of(math::notional(open, qty), rate).min(margin);
                sqlx::query(
                    "UPDATE lever_orders SET margin = margin - $1, frozen = frozen - $1, overnight = overnight + $1, overnight_day = $2 WHERE id = $3",
                )
                .bind(fee)
                .bind(m.day)
                .bind(id)
                .execute(&mut *tx)
                .await?;
                post(
                    &mut tx,
                    format!("lever:{id}:overnight:{}", m.day),
                    "contract_overnight",
                    "lever_order",
                    id,
                    vec![
                        Posting::user(user, account::LEVER, quote, Bucket::Frozen, -fee),
                        Posting::system(SystemAccount::Fees, quote, fee),
                    ],
                )
                .await?;
                let p = Position {
                    id,
                    user,
                    dir: code_dir(dir),
                    qty,
                    open,
                    margin: margin - fee,
                    tp,
                    sl,
                };
                if p.margin == 0 {
                    // The fee took the whole margin: the position ends here.
                    close_in(&mut tx, quote, &p, mark, "overnight", now).await?;
                    closed.push((user, id));
                } else {
                    changed.push(p);
                }
            }
            tx.commit().await?;
            Ok::<_, MarketError>((changed, closed))
        };
        AtomicResponse::new(Box::pin(fut.into_actor(self).map(
            move |res, act, ctx| match res {
                Ok((changed, closed)) => {
                    if let Some(d) = act.deriv.as_mut() {
                        for p in changed {
                            d.book.upsert(p);
                        }
                        for (_, id) in &closed {
                            d.book.remove(*id);
                        }
                    }
                    for (user, id) in closed {
                        act.publish(Event::Private {
                            user_id: user,
                            event: "lever_closed",
                            payload: json!({"id": [id]}),
                        });
                    }
                    // A smaller margin moves liquidation prices closer: check them now.
                    ctx.notify(MarkChanged);
                    let _ = maint;
                }
                Err(e) => log::error!(
                    "market {market}: overnight fees of day {} not charged: {e:?}",
                    m.day
                ),
            },
        )))
    }
}
