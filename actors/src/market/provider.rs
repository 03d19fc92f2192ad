//! The liquidity provider's re-quote, each tick: its old quotes leave the book,
//! a new ladder goes on around the index, and what the new quotes trade with
//! users' orders is settled in the same transaction that saves the bars. All
//! arithmetic (prices, sizes, the seed, the provider's funds) is the pure
//! `ladder`'s; this places its quotes and writes.

use super::actor::{Live, LpConfig, MarketSpec};
use super::book::{Kind, NewOrder, Placed};
use super::kline::{Bar, Period};
use super::ladder::{funds_after, ladder, requote_seed, LadderSpec};
use super::settle::Fees;
use super::settling::{post, settle_many, Match, Outcome};
use super::store::{load_live, save_bars};
use crate::runtime::clock::now_ms;
use crate::runtime::ProductError;
use crate::sql::Store;

/// Replaces the provider's ladder around `index`; fills against users' orders
/// that the new quotes cross are settled in one transaction.
pub(super) async fn requote(
    db: Store,
    spec: MarketSpec,
    fees: Fees,
    mut live: Live,
    lp: LpConfig,
    index: i64,
    bars: Vec<(Period, Bar)>,
) -> (Live, Option<Outcome>) {
    for id in std::mem::take(&mut live.lp_orders) {
        live.book.cancel(id);
    }
    let mut fills = Placed::default();
    let quotes = ladder(&LadderSpec {
        index,
        tick: spec.tick,
        lot: spec.lot,
        min_qty: spec.min_qty,
        levels: lp.levels,
        spread_ppm: lp.spread_ppm,
        step_ppm: lp.step_ppm,
        level_qty: lp.level_qty,
        funds: live.lp_funds,
        seed: requote_seed(index, spec.id, live.next_lp_id),
    });
    for q in quotes {
        // Quotes count down from -1: they have no `orders` row, so no id of
        // a user's order (a row's, from 1 up) can be theirs.
        let id = live.next_lp_id;
        live.next_lp_id -= 1;
        match live.book.place(NewOrder {
            id,
            owner: lp.user_id,
            side: q.side,
            kind: Kind::Limit {
                price: q.price,
                qty: q.qty,
            },
        }) {
            Ok(p) => {
                if p.rested > 0 {
                    live.lp_orders.push(id);
                }
                fills.fills.extend(p.fills);
            }
            Err(e) => log::warn!("{}: quote refused: {e:?}", spec.symbol),
        }
    }
    let res: Result<Option<Outcome>, ProductError> = async {
        let mut tx = db.begin().await?;
        save_bars(&mut tx, spec.id, &bars).await?;
        let out = if fills.fills.is_empty() {
            None
        } else {
            let key = format!("lp:{}:{}:{}", spec.id, now_ms(), live.next_lp_id);
            let m = Match {
                placed: fills,
                taker: None,
                key,
            };
            let mut s = settle_many(
                &mut tx.db(),
                &spec,
                &fees,
                Some(lp.user_id),
                std::slice::from_ref(&m),
            )
            .await?;
            post(&mut tx.db(), &s.ops).await?;
            live.lp_funds = funds_after(live.lp_funds, &s.lp_legs);
            s.outs.pop()
        };
        tx.commit().await?;
        Ok(out)
    }
    .await;
    match res {
        Ok(mut out) => {
            if let Some(o) = out.as_mut() {
                o.book_changed = true;
            }
            (
                live,
                out.or(Some(Outcome {
                    book_changed: true,
                    ..Outcome::default()
                })),
            )
        }
        Err(e) => {
            log::error!(
                "{}: re-quote not committed: {e:?}; reloading the book",
                spec.symbol
            );
            match load_live(&db, &spec, Some(lp.user_id)).await {
                Ok(fresh) => (fresh, None),
                Err(_) => (live, None),
            }
        }
    }
}
