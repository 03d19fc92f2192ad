//! The copy step, run by a contract actor inside the transaction that fills
//! the leader: size every follower's copy at the leader's price, open them,
//! record the skipped; and close copies together when their leader closes.
//! A handful of statements whatever the number of followers (the balances
//! read, the copies inserted and posted in chunks), so ten thousand copies
//! commit with their leader in well under a second.

use super::engine::{self, Lead, Skip};
use super::plans::{Copied, CopyPlans, FollowTerms, LeadPlan};
use crate::ledger::{self, account, Bucket, Operation, Posting, SystemAccount};
use crate::lever::book::{CopyLink, Position};
use crate::lever::math::{self, Dir};
use crate::market::deriv::{dir_code, ledger_err};
use crate::runtime::clock::now_ms;
use crate::runtime::ProductError;
use crate::sql::{Arg, Bulk, Store, WriteTx};
use std::collections::HashMap;

/// Rows per multi-row statement: 20 columns stay under both databases'
/// parameter limits.
const CHUNK: usize = 1_000;

/// The leader's fill being copied.
pub(crate) struct Fill {
    /// The leader's position.
    pub id: i64,
    pub leader: i64,
    pub market: i64,
    pub quote: i64,
    pub dir: Dir,
    pub share: i64,
    pub price: i64,
    pub multiple: i64,
    pub lot_units: i64,
    pub fee_ppm: i64,
    pub tick: i64,
    pub now: i64,
}

/// What the copy step did.
#[derive(Default)]
pub(crate) struct Opened {
    pub positions: Vec<Position>,
    pub skipped: Vec<(FollowTerms, Skip)>,
    pub batch: i64,
}

/// Opens every follower's copy of `fill` in `tx`; None, and nothing
/// written, when the leader has no follower.
pub(crate) async fn open(
    tx: &mut WriteTx,
    plan: &LeadPlan,
    fill: &Fill,
) -> Result<Option<Opened>, ProductError> {
    let follows = &plan.follows;
    let mut out = Opened::default();
    if follows.is_empty() {
        return Ok(None);
    }
    let on_pg = tx.db().is_postgres();
    // What each follower has available now. On PostgreSQL the rows are
    // locked to the commit, so a debit elsewhere cannot slip in between the
    // check and the copy's posting; SQLite runs one writer at a time.
    let mut available: HashMap<i64, i64> = HashMap::new();
    let users: Vec<i64> = follows.iter().map(|f| f.user).collect();
    for chunk in users.chunks(CHUNK) {
        let params = tx.db().params();
        let sql = format!(
            "SELECT holder, available FROM balances WHERE currency = {} AND account = {} AND holder IN ({}) ORDER BY holder{}",
            fill.quote,
            account::LEVER,
            params.list(1, chunk.len()),
            if on_pg { " FOR UPDATE" } else { "" }
        );
        let args: Vec<Arg> = chunk.iter().map(|u| Arg::Int(*u)).collect();
        for [holder, avail] in tx.db().rows::<2>(&sql, &args).await? {
            available.insert(holder, avail);
        }
    }
    // The margin each follow's open copies hold now (copies of this leader's
    // open positions, on every market).
    let in_use: HashMap<i64, i64> = tx
        .db()
        .rows::<2>(
            &format!(
                "SELECT follow_id, CAST(SUM(margin) AS BIGINT) FROM lever_orders
                 WHERE copy_of IN (SELECT id FROM lever_orders WHERE user_id = {} AND status = 1)
                 AND status = 1 AND self_held = 0 GROUP BY follow_id",
                fill.leader
            ),
            &[],
        )
        .await?
        .into_iter()
        .map(|[f, m]| (f, m))
        .collect();
    let lead = Lead {
        centilots: fill.share * 100,
        price: fill.price,
        multiple: fill.multiple,
        lot_units: fill.lot_units,
        fee_ppm: fill.fee_ppm,
        quote: fill.quote,
    };
    let mut copies: Vec<(FollowTerms, engine::Copy, Option<i64>, Option<i64>)> = Vec::new();
    for f in follows {
        let follower = engine::Follower {
            available: available.get(&f.user).copied().unwrap_or(0),
            margin_in_use: in_use.get(&f.id).copied().unwrap_or(0),
        };
        match engine::size(&f.terms, &lead, &follower) {
            Ok(c) => {
                let (tp, sl) = engine::stop_prices(
                    fill.dir,
                    fill.price,
                    fill.multiple,
                    fill.tick,
                    f.tp_ppm,
                    f.sl_ppm,
                );
                copies.push((*f, c, tp, sl));
            }
            Err(skip) => out.skipped.push((*f, skip)),
        }
    }
    let day = fill.now.div_euclid(86_400_000);
    const COPIES: Bulk = Bulk {
        head: "INSERT INTO lever_orders (user_id, market, direction, status, share, qty, multiple, target_price, open_price, margin, fee, frozen, overnight_day, opened_at, created_at, centilots, follow_id, copy_of, tp, sl) VALUES ",
        cols: 20,
        tail: "",
        cast: false,
    };
    for chunk in copies.chunks(CHUNK) {
        let mut args: Vec<Arg> = Vec::with_capacity(chunk.len() * 20);
        for (f, c, tp, sl) in chunk {
            args.extend(
                [
                    f.user,
                    fill.market,
                    dir_code(fill.dir),
                    1,
                    c.centilots / 100,
                    c.qty,
                    fill.multiple,
                    0,
                    fill.price,
                    c.margin,
                    c.fee,
                    c.margin,
                    day,
                    fill.now,
                    fill.now,
                    c.centilots,
                    f.id,
                    fill.id,
                ]
                .map(Arg::Int),
            );
            args.extend([Arg::from(*tp), Arg::from(*sl)]);
        }
        let ids = tx.db().insert_bulk(&COPIES, &args).await?;
        for ((f, c, tp, sl), id) in chunk.iter().zip(ids) {
            out.positions.push(Position {
                id,
                user: f.user,
                dir: fill.dir,
                qty: c.qty,
                open: fill.price,
                margin: c.margin,
                tp: *tp,
                sl: *sl,
                copy: Some(CopyLink {
                    follow: f.id,
                    lead: fill.id,
                }),
            });
        }
    }
    let ops: Vec<Operation> = out
        .positions
        .iter()
        .zip(&copies)
        .map(|(p, (_, c, _, _))| Operation {
            key: format!("lever:{}:open", p.id),
            reason: "copy_open".into(),
            ref_type: "lever_order".into(),
            ref_id: p.id,
            postings: vec![
                Posting::user(
                    p.user,
                    account::LEVER,
                    fill.quote,
                    Bucket::Available,
                    -(c.margin + c.fee),
                ),
                Posting::user(p.user, account::LEVER, fill.quote, Bucket::Frozen, c.margin),
                Posting::system(SystemAccount::Fees, fill.quote, c.fee),
            ]
            .into_iter()
            .filter(|p| p.amount != 0)
            .collect(),
        })
        .collect();
    if !ops.is_empty() {
        ledger::post_all(&mut tx.db(), &ops)
            .await
            .map_err(ledger_err)?;
    }
    const SKIPS: Bulk = Bulk {
        head: "INSERT INTO copy_skips (follow_id, user_id, lead_id, reason, created_at) VALUES ",
        cols: 5,
        tail: "",
        cast: false,
    };
    for chunk in out.skipped.chunks(CHUNK) {
        let mut args: Vec<Arg> = Vec::with_capacity(chunk.len() * 5);
        for (f, skip) in chunk {
            args.extend([
                Arg::Int(f.id),
                Arg::Int(f.user),
                Arg::Int(fill.id),
                Arg::Text(skip.code()),
                Arg::Int(fill.now),
            ]);
        }
        tx.db().execute_bulk(&SKIPS, &args).await?;
    }
    out.batch = batch(
        tx,
        fill.leader,
        fill.market,
        fill.id,
        1,
        fill.price,
        out.positions.len(),
        out.skipped.len(),
        fill.now,
    )
    .await?;
    Ok(Some(out))
}

/// Records one leader open (kind 1) or close (kind 2) that was copied.
#[allow(clippy::too_many_arguments)]
pub(crate) async fn batch(
    tx: &mut WriteTx,
    leader: i64,
    market: i64,
    lead: i64,
    kind: i64,
    price: i64,
    copies: usize,
    skipped: usize,
    now: i64,
) -> Result<i64, ProductError> {
    let sql = tx.db().params().rows(
        "INSERT INTO copy_batches (trader_id, market, lead_id, kind, price, copies, skipped, filled_at) VALUES ",
        1,
        8,
        "",
        false,
    );
    let args = [
        leader,
        market,
        lead,
        kind,
        price,
        copies as i64,
        skipped as i64,
        now,
    ]
    .map(Arg::Int);
    Ok(tx.db().insert(&sql, &args, 1).await?[0])
}

/// Closes `positions` at `mark` in `tx`, in chunks; every one must still be
/// open (the transaction is refused otherwise).
pub(crate) async fn close_all(
    tx: &mut WriteTx,
    quote: i64,
    positions: &[Position],
    mark: i64,
    reason: &'static str,
    now: i64,
) -> Result<(), ProductError> {
    let mut ops = Vec::with_capacity(positions.len());
    let head = format!(
        "UPDATE lever_orders SET status = 3, close_reason = '{reason}', frozen = 0, profit = v.column2, payout = v.column3,
         shortfall = v.column4, close_price = v.column5, closed_at = v.column6 FROM (VALUES "
    );
    let close = Bulk {
        head: &head,
        cols: 6,
        tail: ") AS v WHERE lever_orders.id = v.column1 AND lever_orders.status = 1",
        cast: true,
    };
    for chunk in positions.chunks(CHUNK) {
        let mut args: Vec<Arg> = Vec::with_capacity(chunk.len() * 6);
        for p in chunk {
            let profit = math::profit(p.dir, p.open, mark, p.qty);
            let (payout, shortfall) = math::close_out_in(quote, p.margin, profit);
            args.extend([p.id, profit, payout, shortfall, mark, now].map(Arg::Int));
            let house = if shortfall > 0 {
                p.margin + shortfall
            } else {
                p.margin - payout
            };
            ops.push(Operation {
                key: format!("lever:{}:close", p.id),
                reason: "contract_close".into(),
                ref_type: "lever_order".into(),
                ref_id: p.id,
                postings: vec![
                    Posting::user(p.user, account::LEVER, quote, Bucket::Frozen, -p.margin),
                    Posting::user(p.user, account::LEVER, quote, Bucket::Available, payout),
                    Posting::system(SystemAccount::Contracts, quote, house),
                    Posting::system(SystemAccount::InsuranceFund, quote, -shortfall),
                ]
                .into_iter()
                .filter(|p| p.amount != 0)
                .collect(),
            });
        }
        let changed = tx.db().execute_bulk(&close, &args).await?;
        if changed != chunk.len() as u64 {
            return Err(ProductError::Internal(format!(
                "closed {changed} copies of {}",
                chunk.len()
            )));
        }
    }
    if !ops.is_empty() {
        ledger::post_all(&mut tx.db(), &ops)
            .await
            .map_err(ledger_err)?;
    }
    Ok(())
}

/// Closes `follow`, copies whose leader's position closed in the same
/// transaction, at the same mark, and records a batch per leader position.
/// Answers each batch as (leader, batch, copies, 0).
pub(crate) async fn close_copies(
    tx: &mut WriteTx,
    quote: i64,
    market: i64,
    follow: &[Position],
    mark: i64,
    now: i64,
) -> Result<Vec<Batch>, ProductError> {
    if follow.is_empty() {
        return Ok(Vec::new());
    }
    close_all(tx, quote, follow, mark, "leader_close", now).await?;
    let mut leads: Vec<i64> = follow
        .iter()
        .filter_map(|p| p.copy.map(|c| c.lead))
        .collect();
    leads.sort_unstable();
    leads.dedup();
    let mut batches = Vec::new();
    for lead in leads {
        let n = follow
            .iter()
            .filter(|p| p.copy.is_some_and(|c| c.lead == lead))
            .count();
        let sql = format!(
            "SELECT user_id FROM lever_orders WHERE id = {}",
            tx.db().params().list(1, 1)
        );
        let leader = tx.db().rows::<1>(&sql, &[Arg::Int(lead)]).await?;
        let leader = leader.first().map(|r| r[0]).unwrap_or(0);
        let id = batch(tx, leader, market, lead, 2, mark, n, 0, now).await?;
        batches.push(Batch {
            leader,
            id,
            copies: n,
        });
    }
    Ok(batches)
}

/// One recorded leader open or close that was copied.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Batch {
    pub leader: i64,
    pub id: i64,
    pub copies: usize,
}

/// After the commit: stamps each batch's commit time, which is what the
/// trader page's copy latency is measured from, and tells the trader's actor.
/// A failure here loses a measurement, never a copy, so it is logged only.
pub(crate) async fn committed(store: &Store, plans: &CopyPlans, batches: &[Batch], filled_at: i64) {
    if batches.is_empty() {
        return;
    }
    let at = now_ms();
    let res = async {
        let mut tx = store.begin().await?;
        for b in batches {
            let sql = format!(
                "UPDATE copy_batches SET committed_at = {at} WHERE id = {}",
                tx.db().params().list(1, 1)
            );
            tx.db().execute(&sql, &[Arg::Int(b.id)]).await?;
        }
        tx.commit().await
    }
    .await;
    if let Err(e) = res {
        log::warn!("copy batches {batches:?}: commit time not recorded: {e}");
    }
    for b in batches {
        plans.report(
            b.leader,
            Copied {
                copies: b.copies,
                latency_ms: at - filled_at,
            },
        );
    }
}
