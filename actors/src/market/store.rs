//! The market's storage: `orders` rows (one column list for every read), the
//! book, provider funds and bars loaded at start and after a failed commit,
//! the forming bars saved each tick, and the K-line history a new market is
//! given on its first start.

use super::actor::{Live, LpConfig, MarketSpec};
use super::book::{notional_floor, OrderBook, Resting, Side};
use super::kline::{Bar, Period, PERIODS};
use super::views::order_value;
use crate::ledger::{self, account};
use crate::runtime::clock::now_ms;
use crate::sql::{Params, Store};
use serde_json::Value;
use sqlx::{AnyConnection, AnyPool};
use std::collections::{HashMap, VecDeque};

/// The columns of an [`OrderRow`], in its field order. Every read of orders
/// for the app selects these, so a row reads the same whichever query found it.
pub const ORDER_COLUMNS: &str = "id, user_id, market, side, order_type, price, qty, budget, filled_qty, filled_quote, fee, status, created_at";

/// An `orders` row as the app is shown it (`views::order_value`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, sqlx::FromRow)]
pub struct OrderRow {
    pub id: i64,
    pub user_id: i64,
    pub market: i64,
    /// 1 buy, 2 sell.
    pub side: i64,
    /// 0 limit, 1 market.
    pub order_type: i64,
    pub price: i64,
    pub qty: i64,
    /// A market buy's quote to spend.
    pub budget: i64,
    pub filled_qty: i64,
    pub filled_quote: i64,
    pub fee: i64,
    /// 0 open, 1 filled, 2 cancelled.
    pub status: i64,
    pub created_at: i64,
}

impl OrderRow {
    /// The row from its columns in [`ORDER_COLUMNS`] order: what a write
    /// connection (`sql::Db::rows`) answers, which has no `FromRow`.
    /// The row from a statement that answers one column before
    /// `ORDER_COLUMNS` (what a fill's update returns: `settling`).
    pub(super) fn from_row_after(c: &[i64; 14]) -> OrderRow {
        let mut cols = [0; 13];
        cols.copy_from_slice(&c[1..]);
        OrderRow::from_columns(cols)
    }

    fn from_columns(c: [i64; 13]) -> OrderRow {
        let [id, user_id, market, side, order_type, price, qty, budget, filled_qty, filled_quote, fee, status, created_at] =
            c;
        OrderRow {
            id,
            user_id,
            market,
            side,
            order_type,
            price,
            qty,
            budget,
            filled_qty,
            filled_quote,
            fee,
            status,
            created_at,
        }
    }
}

/// The columns of a [`Bar`], in its field order.
const BAR_COLUMNS: &str = "open_time, open, high, low, close, volume, amount";

/// An open order as the book needs it back.
#[derive(sqlx::FromRow)]
struct RestingRow {
    id: i64,
    user_id: i64,
    side: i64,
    price: i64,
    qty: i64,
    filled_qty: i64,
}

/// A side as the `orders.side` and `trades.taker_side` columns hold it.
pub(super) fn side_code(s: Side) -> i64 {
    match s {
        Side::Buy => 1,
        Side::Sell => 2,
    }
}

pub(super) fn code_side(c: i64) -> Side {
    if c == 1 {
        Side::Buy
    } else {
        Side::Sell
    }
}

/// An order row as the app shows it.
pub async fn order_json(
    conn: &mut AnyConnection,
    id: i64,
    spec_symbol: &str,
) -> Result<Value, sqlx::Error> {
    let r: OrderRow = sqlx::query_as(&format!("SELECT {ORDER_COLUMNS} FROM orders WHERE id = $1"))
        .bind(id)
        .fetch_one(conn)
        .await?;
    Ok(order_value(r, spec_symbol))
}

/// Rebuilds the live state from the database (start, or after a failed commit).
pub(super) async fn load_live(
    db: &AnyPool,
    spec: &MarketSpec,
    lp_user: Option<i64>,
) -> Result<Live, sqlx::Error> {
    let mut live = Live {
        book: OrderBook::new(spec.tick, spec.lot, spec.min_qty),
        next_lp_id: -1,
        ..Live::default()
    };
    let rows: Vec<RestingRow> = sqlx::query_as(
        "SELECT id, user_id, side, price, qty, filled_qty FROM orders WHERE market = $1 AND status = 0 AND order_type = 0 ORDER BY id",
    )
    .bind(spec.id)
    .fetch_all(db)
    .await?;
    for row in rows {
        let id = row.id;
        let r = Resting {
            id,
            owner: row.user_id,
            side: code_side(row.side),
            price: row.price,
            remaining: row.qty - row.filled_qty,
        };
        if let Err(e) = live.book.restore(r) {
            log::error!("{}: open order {id} cannot rest ({e:?})", spec.symbol);
        }
    }
    if let Some(lp_user) = lp_user {
        let (b, _) = ledger::balance(db, lp_user, spec.base, account::CHANGE)
            .await
            .unwrap_or((0, 0));
        let (q, _) = ledger::balance(db, lp_user, spec.quote, account::CHANGE)
            .await
            .unwrap_or((0, 0));
        live.lp_funds = (b, q);
    }
    Ok(live)
}

/// The book and provider state as the database holds them, after a failed commit.
pub(super) async fn reload(
    db: &AnyPool,
    spec: &MarketSpec,
    lp_user: Option<i64>,
    stale: Live,
) -> Live {
    match load_live(db, spec, lp_user).await {
        Ok(fresh) => fresh,
        Err(e) => {
            log::error!("{}: reload failed: {e}", spec.symbol);
            stale
        }
    }
}

/// What a market starts from.
pub(super) struct Loaded {
    pub(super) live: Live,
    /// The latest bar of each period.
    pub(super) bars: HashMap<Period, Bar>,
    /// The last 24 h of one-minute bars.
    pub(super) day: VecDeque<Bar>,
    /// The last close, where the index resumes.
    pub(super) index: Option<i64>,
}

pub(super) async fn load(
    db: Store,
    spec: MarketSpec,
    lp: Option<LpConfig>,
    index: i64,
) -> Result<Loaded, sqlx::Error> {
    ensure_history(&db, &spec, index, spec.id as u64).await?;
    let live = load_live(&db, &spec, lp.as_ref().map(|l| l.user_id)).await?;
    let mut bars = HashMap::new();
    for p in PERIODS {
        let row: Option<Bar> = sqlx::query_as(&format!(
            "SELECT {BAR_COLUMNS} FROM klines WHERE market = $1 AND period = $2 ORDER BY open_time DESC LIMIT 1"
        ))
        .bind(spec.id)
        .bind(p.name())
        .fetch_optional(&*db)
        .await?;
        if let Some(bar) = row {
            bars.insert(p, bar);
        }
    }
    let since = now_ms() - 86_400_000;
    let day: Vec<Bar> = sqlx::query_as(&format!(
        "SELECT {BAR_COLUMNS} FROM klines WHERE market = $1 AND period = '1min' AND open_time > $2 ORDER BY open_time"
    ))
    .bind(spec.id)
    .bind(since)
    .fetch_all(&*db)
    .await?;
    let index = bars.get(&Period::M1).map(|b| b.close);
    Ok(Loaded {
        live,
        bars,
        day: day.into(),
        index,
    })
}

/// Upserts a market's current bar of every period in one statement.
pub(super) async fn save_bars(
    conn: &mut AnyConnection,
    market: i64,
    bars: &[(Period, Bar)],
) -> Result<(), sqlx::Error> {
    if bars.is_empty() {
        return Ok(());
    }
    let sql = Params::of(conn).rows(
        "INSERT INTO klines (market, period, open_time, open, high, low, close, volume, amount) VALUES ",
        bars.len(),
        9,
        " ON CONFLICT (market, period, open_time) DO UPDATE SET high = excluded.high, low = excluded.low, \
         close = excluded.close, volume = excluded.volume, amount = excluded.amount",
        false,
    );
    let mut q = sqlx::query(&sql);
    for (p, b) in bars {
        q = q
            .bind(market)
            .bind(p.name())
            .bind(b.open_time)
            .bind(b.open)
            .bind(b.high)
            .bind(b.low)
            .bind(b.close)
            .bind(b.volume)
            .bind(b.amount);
    }
    q.execute(conn).await?;
    Ok(())
}

/// Saves the bars in a transaction of their own (a tick of a market without a
/// provider, which has nothing else to commit).
pub(super) async fn save_bars_alone(
    db: &Store,
    market: i64,
    bars: &[(Period, Bar)],
) -> Result<(), sqlx::Error> {
    let mut tx = db.begin().await?;
    save_bars(&mut tx, market, bars).await?;
    tx.commit().await
}

/// Bars of history generated per period on a market's first start.
const HISTORY_BARS: usize = 200;

/// Creates K-line history on a market's first start so every chart has bars:
/// each period walks back from the current price.
async fn ensure_history(
    db: &Store,
    spec: &MarketSpec,
    index: i64,
    seed: u64,
) -> Result<(), sqlx::Error> {
    let (n,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM klines WHERE market = $1")
        .bind(spec.id)
        .fetch_one(&**db)
        .await?;
    if n > 0 {
        return Ok(());
    }
    let now = now_ms();
    let mut tx = db.begin().await?;
    for (pi, p) in PERIODS.iter().enumerate() {
        let minutes = match p {
            Period::M1 => 1,
            Period::M5 => 5,
            Period::M15 => 15,
            Period::M30 => 30,
            Period::H1 => 60,
            Period::D1 => 1440,
            Period::W1 => 10_080,
            Period::Mon1 => 43_200,
        };
        // Volatility per bar grows with the square root of its length.
        let vol = ((600.0 * (minutes as f64).sqrt()) as i64).min(60_000);
        let mut rng = super::feed::Rng::new(seed ^ ((pi as u64 + 11) * 104_729));
        let mut open_time = p.open_time(now);
        let mut close = index;
        let mut rows: Vec<[i64; 8]> = Vec::with_capacity(HISTORY_BARS);
        for _ in 0..HISTORY_BARS {
            let step = rng.symmetric(vol);
            let open = ((close as i128 * (1_000_000 - step) as i128 / 1_000_000) as i64
                / spec.tick)
                .max(1)
                * spec.tick;
            let wiggle = |r: i64| (close.max(open) as i128 * r.abs() as i128 / 2_000_000) as i64;
            let r1 = rng.symmetric(vol);
            let r2 = rng.symmetric(vol);
            let high = close.max(open) + wiggle(r1) / spec.tick * spec.tick;
            let low = (close.min(open) - wiggle(r2) / spec.tick * spec.tick).max(spec.tick);
            let volume = spec.lot * (10 + (r1.unsigned_abs() as i64 % 500)) * minutes.min(1440);
            rows.push([
                open_time,
                open,
                high,
                low,
                close,
                volume,
                notional_floor(close, volume),
                0,
            ]);
            close = open;
            open_time = p.open_time(open_time - 1);
        }
        // Many rows per statement: one round trip per chunk, not per bar.
        for chunk in rows.chunks(100) {
            let values: Vec<String> = (0..chunk.len())
                .map(|i| {
                    let b = i * 7 + 3;
                    format!(
                        "($1, $2, ${}, ${}, ${}, ${}, ${}, ${}, ${})",
                        b,
                        b + 1,
                        b + 2,
                        b + 3,
                        b + 4,
                        b + 5,
                        b + 6
                    )
                })
                .collect();
            let sql = format!(
                "INSERT INTO klines (market, period, open_time, open, high, low, close, volume, amount) VALUES {}",
                values.join(", ")
            );
            let mut q = sqlx::query(&sql).bind(spec.id).bind(p.name());
            for r in chunk {
                for v in &r[..7] {
                    q = q.bind(*v);
                }
            }
            q.execute(&mut *tx).await?;
        }
    }
    tx.commit().await
}
