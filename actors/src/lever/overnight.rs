//! The contract actor's daily overnight fee: every position open before the
//! charge hour pays its rate of the notional from its margin, once a day (the
//! day is in the row, so a day that fell due while the server was down is
//! charged at the first tick after the start, and never twice).

use super::actor::ContractActor;
use super::book::Position;
use super::math;
use super::store::close_in;
use crate::ledger::{account, precision, Bucket, Posting, SystemAccount};
use crate::market::actor::now_ms;
use crate::market::deriv::{code_dir, post, Mark};
use crate::runtime::Event;
use crate::runtime::ProductError;
use actix::prelude::*;
use serde_json::json;

/// Charge the overnight fee of `day` (UTC days since the epoch).
#[derive(Message)]
#[rtype(result = "()")]
pub struct Overnight {
    pub day: i64,
}

impl Handler<Overnight> for ContractActor {
    type Result = AtomicResponse<Self, ()>;

    fn handle(&mut self, m: Overnight, _: &mut Context<Self>) -> Self::Result {
        let Some(d) = Some(&self.state).filter(|d| d.loaded && d.spec.lever) else {
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
                let fee = precision::up(quote, math::rate_of(math::notional(open, qty), rate))
                    .min(margin);
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
                    copy: None,
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
            Ok::<_, ProductError>((changed, closed))
        };
        AtomicResponse::new(Box::pin(fut.into_actor(self).map(
            move |res, act, ctx| match res {
                Ok((changed, closed)) => {
                    // Every holder charged sees the fee leave their margin.
                    let charged = changed
                        .iter()
                        .map(|p| p.user)
                        .chain(closed.iter().map(|c| c.0));
                    act.publish(Event::balances(charged.map(|u| (u, act.spec.quote))));
                    {
                        let d = &mut act.state;
                        for p in changed {
                            let copy = d.book.position(p.id).and_then(|o| o.copy);
                            d.book.upsert(Position { copy, ..p });
                        }
                        for (_, id) in &closed {
                            d.book.remove(*id);
                            // Its copies close at the next mark.
                            let copies = d.book.copies_of(*id);
                            d.orphans.extend(copies.iter().map(|p| p.id));
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
                    ctx.notify(Mark(act.index));
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
