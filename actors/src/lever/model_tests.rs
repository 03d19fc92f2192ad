//! The position book against a naive model written from the rules in
//! docs/contracts.md and `math`'s doc comments, and the conservation of a
//! close-out.
//!
//! The model keeps its positions and orders in plain vectors in id order and,
//! at every mark, looks at each of them in turn; the book answers from its
//! price index instead. Both must fire the same things, in the same order, at
//! the same marks. The rules the model applies:
//!
//! - liquidation when equity (margin + unrealised profit) is at or below the
//!   maintenance margin (margin × maintenance ratio, rounded up as a sum owed
//!   is), the profit rounded down for a gain and up for a loss;
//! - else a stop-loss when the mark is at or past the stop against the holder
//!   (a long's at or under it, a short's at or over it);
//! - else a take-profit when the mark is at or past the target in the
//!   holder's favour (a long's at or over it, a short's at or under it);
//! - a pending limit order opens when the mark reaches its price: a long's when
//!   the mark falls to it or under, a short's when it rises to it or over.
//!
//! The stop is looked at before the take-profit because the book ranks them
//! so (`What`'s order); with a target and a stop set on either side of a mark,
//! as the actor requires, both can never be met at one mark.

use super::book::{Fired, Pending, Position, PositionBook, What};
use super::math::{self, Dir};
use crate::ledger::precision;
use proptest::collection::{btree_set, vec};
use proptest::prelude::*;
use proptest::sample::{select, Index};

const SCALE: i128 = 100_000_000;
const PPM: i128 = 1_000_000;
/// At most this many positions and pending orders, each with its own id.
const MAX_POSITIONS: usize = 8;
const MAX_PENDING: usize = 4;

/// Rounded up, for a positive divisor.
fn ceil_div(a: i128, b: i128) -> i128 {
    -((-a).div_euclid(b))
}

/// A position as drawn, before its id. Its targets are set relative to the
/// mark in force when the holder set them (`set_at_ppm` of the open price),
/// on the side the actor accepts: a take-profit on the profitable side of
/// that mark, a stop on the losing side, both above zero.
#[derive(Debug, Clone)]
struct Drawn {
    long: bool,
    user: i64,
    open: i64,
    lot: i64,
    lots: i64,
    multiple: i64,
    /// The quote coin's step, which margins are rounded up to.
    step: i64,
    set_at_ppm: i64,
    tp_ppm: Option<i64>,
    sl_ppm: Option<i64>,
}

fn drawn() -> impl Strategy<Value = Drawn> {
    (
        (any::<bool>(), 1i64..4),
        // Prices from 1e-6 to 1e5 of the quote coin.
        (1i64..100_000, 2u32..=8),
        select(vec![100_000i64, 1_000_000, 10_000_000, 100_000_000]),
        1i64..=500,
        select(vec![1i64, 2, 5, 10, 20, 50, 100]),
        select(vec![1i64, 100, 10_000]),
        500_000i64..1_500_000,
        proptest::option::of(0i64..1_000_000),
        proptest::option::of(0i64..1_000_000),
    )
        .prop_map(
            |(
                (long, user),
                (mantissa, exp),
                lot,
                lots,
                multiple,
                step,
                set_at_ppm,
                tp_ppm,
                sl_ppm,
            )| Drawn {
                long,
                user,
                open: mantissa * 10i64.pow(exp),
                lot,
                lots,
                multiple,
                step,
                set_at_ppm,
                tp_ppm,
                sl_ppm,
            },
        )
}

fn position(id: i64, d: &Drawn) -> Position {
    let qty = d.lot * d.lots;
    let margin = math::margin(d.open, qty, d.multiple);
    let margin = ceil_div(margin as i128, d.step as i128) * d.step as i128;
    let set_at = (d.open as i128 * d.set_at_ppm as i128 / PPM).max(2);
    // Above the mark of the day, or between 1 and just under it.
    let over = |ppm: i64| set_at + 1 + set_at * ppm as i128 / PPM;
    let under = |ppm: i64| set_at - 1 - (set_at - 2) * ppm as i128 / PPM;
    let (tp, sl) = if d.long {
        (d.tp_ppm.map(over), d.sl_ppm.map(under))
    } else {
        (d.tp_ppm.map(under), d.sl_ppm.map(over))
    };
    Position {
        id,
        user: d.user,
        dir: if d.long { Dir::Long } else { Dir::Short },
        qty,
        open: d.open,
        margin: margin as i64,
        tp: tp.map(|p| p as i64),
        sl: sl.map(|p| p as i64),
        copy: None,
    }
}

/// A mark as drawn: a free price (`ppm` of a position's open price), or one
/// near something that fires (kinds 2 to 5: a liquidation price, a target, a
/// stop, a pending order's price), give or take a few units, or a few
/// fractions of the price step over which one unit of profit accrues
/// (`SCALE / qty`), where rounding decides.
#[derive(Debug, Clone)]
struct MarkDrawn {
    kind: u8,
    which: Index,
    off: i64,
    wide: bool,
    ppm: i64,
}

fn mark_drawn() -> impl Strategy<Value = MarkDrawn> {
    (
        0u8..6,
        any::<Index>(),
        -4i64..=4,
        any::<bool>(),
        0i64..2_500_000,
    )
        .prop_map(|(kind, which, off, wide, ppm)| MarkDrawn {
            kind,
            which,
            off,
            wide,
            ppm,
        })
}

/// The price a drawn mark stands for; marks are index prices, so at least 1.
fn resolve(m: &MarkDrawn, ps: &[Position], orders: &[Pending], mm: i64) -> i64 {
    let p = &ps[m.which.index(ps.len())];
    let free = (p.open as i128 * m.ppm as i128 / PPM) as i64;
    let liq = math::liquidation_price(p.dir, p.open, p.qty, p.margin, mm);
    let target = match m.kind {
        2 => liq,
        3 => p.tp.unwrap_or(liq),
        4 => p.sl.unwrap_or(liq),
        5 if !orders.is_empty() => orders[m.which.index(orders.len())].price,
        _ => free,
    };
    let delta = if m.wide {
        m.off * (SCALE as i64 / p.qty + 1) / 4
    } else {
        m.off
    };
    (target + delta).max(1)
}

/// The naive model: what is open, in id order.
#[derive(Debug, Clone)]
struct Model {
    maintenance_ppm: i64,
    positions: Vec<Position>,
    pending: Vec<Pending>,
}

impl Model {
    fn profit(p: &Position, mark: i64) -> i128 {
        let diff = match p.dir {
            Dir::Long => mark as i128 - p.open as i128,
            Dir::Short => p.open as i128 - mark as i128,
        };
        let raw = diff * p.qty as i128;
        // A gain rounds down and a loss up: neither is ever overstated for the holder.
        if raw >= 0 {
            raw / SCALE
        } else {
            -ceil_div(-raw, SCALE)
        }
    }

    /// Risk (equity / margin) at or below the maintenance ratio, compared as
    /// amounts: equity ≤ the maintenance margin. Not through the published
    /// `risk_rate_ppm`, which truncates to whole ppm for display.
    fn liquidates(&self, p: &Position, mark: i64) -> bool {
        let margin = p.margin as i128;
        let equity = margin + Self::profit(p, mark);
        let maintenance = ceil_div(margin * self.maintenance_ppm as i128, PPM);
        equity <= maintenance
    }

    fn fires(&self, p: &Position, mark: i64) -> Option<What> {
        let (stopped, taken) = match p.dir {
            Dir::Long => (
                p.sl.is_some_and(|s| mark <= s),
                p.tp.is_some_and(|t| mark >= t),
            ),
            Dir::Short => (
                p.sl.is_some_and(|s| mark >= s),
                p.tp.is_some_and(|t| mark <= t),
            ),
        };
        if self.liquidates(p, mark) {
            Some(What::Liquidation)
        } else if stopped {
            Some(What::StopLoss)
        } else if taken {
            Some(What::TakeProfit)
        } else {
            None
        }
    }

    fn on_mark(&mut self, mark: i64) -> Vec<Fired> {
        let mut fired: Vec<Fired> = Vec::new();
        for p in &self.positions {
            if let Some(what) = self.fires(p, mark) {
                fired.push(Fired {
                    id: p.id,
                    what,
                    user: p.user,
                });
            }
        }
        for o in &self.pending {
            let reached = match o.dir {
                Dir::Long => mark <= o.price,
                Dir::Short => mark >= o.price,
            };
            if reached {
                fired.push(Fired {
                    id: o.id,
                    what: What::Open,
                    user: o.user,
                });
            }
        }
        // Positions and orders share one id space (one table): one order by id.
        fired.sort_by_key(|f| f.id);
        self.positions
            .retain(|p| !fired.iter().any(|f| f.id == p.id));
        self.pending.retain(|o| !fired.iter().any(|f| f.id == o.id));
        fired
    }
}

/// Distinct ids for every position and order, in no particular order.
fn ids() -> impl Strategy<Value = Vec<i64>> {
    btree_set(1i64..1_000, MAX_POSITIONS + MAX_PENDING)
        .prop_map(|s| s.into_iter().collect::<Vec<_>>())
        .prop_shuffle()
}

/// Coins of 8, 6 and 4 decimals, under ids no other test registers.
const COINS: [(i64, u32); 3] = [(9_201, 8), (9_202, 6), (9_203, 4)];

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    /// The book fires what the model fires, in the same order, at the same
    /// marks; what fired is gone from the book and everything else is there
    /// as it was. Along the way, `math::must_liquidate` agrees with the
    /// model's plain liquidation rule, so a disagreement on a liquidation is
    /// the index's (its liquidation price), not the formula's.
    #[test]
    fn the_book_fires_what_the_naive_model_fires(
        mm in prop_oneof![Just(0i64), 1i64..1_000_000, select(vec![100_000i64, 200_000, 500_000])],
        draws in vec(drawn(), 1..=MAX_POSITIONS),
        orders in vec((any::<bool>(), 1i64..4, any::<Index>(), 500_000i64..1_500_000), 0..=MAX_PENDING),
        id_pool in ids(),
        marks in vec(mark_drawn(), 1..40),
    ) {
        let positions: Vec<Position> = draws.iter().zip(&id_pool).map(|(d, id)| position(*id, d)).collect();
        let pending: Vec<Pending> = orders
            .iter()
            .zip(&id_pool[MAX_POSITIONS..])
            .map(|((long, user, at, ppm), id)| {
                let near = &positions[at.index(positions.len())];
                Pending {
                    id: *id,
                    user: *user,
                    dir: if *long { Dir::Long } else { Dir::Short },
                    price: ((near.open as i128 * *ppm as i128 / PPM) as i64).max(1),
                }
            })
            .collect();
        let mut book = PositionBook::new(mm);
        for p in &positions {
            book.upsert(p.clone());
        }
        for o in &pending {
            book.add_pending(o.clone());
        }
        let mut model = Model {
            maintenance_ppm: mm,
            positions: positions.clone(),
            pending: pending.clone(),
        };
        model.positions.sort_by_key(|p| p.id);
        model.pending.sort_by_key(|o| o.id);
        for (i, m) in marks.iter().enumerate() {
            let mark = resolve(m, &positions, &pending, mm);
            for p in &model.positions {
                prop_assert_eq!(
                    model.liquidates(p, mark),
                    math::must_liquidate(p.dir, p.open, mark, p.qty, p.margin, mm),
                    "mark #{} = {}: model and must_liquidate disagree on {:?}", i, mark, p
                );
            }
            // What was open, with the book's liquidation prices, for the message.
            let before: Vec<(Position, i64)> = model
                .positions
                .iter()
                .map(|p| (p.clone(), book.liquidation_price(p)))
                .collect();
            let want = model.on_mark(mark);
            let got = book.on_mark(mark);
            prop_assert_eq!(
                &got, &want,
                "mark #{} = {} (maintenance {} ppm): book (left) vs model (right); open before, with the book's liquidation price: {:?}",
                i, mark, mm, before
            );
            for f in &got {
                prop_assert!(
                    book.position(f.id).is_none() && book.pending(f.id).is_none(),
                    "mark #{} = {}: {:?} fired but is still in the book", i, mark, f
                );
            }
            prop_assert_eq!(book.len(), model.positions.len(), "mark #{} = {}: open positions", i, mark);
            for p in &model.positions {
                prop_assert_eq!(book.position(p.id), Some(p), "mark #{} = {}: position {}", i, mark, p.id);
            }
            for o in &model.pending {
                prop_assert_eq!(book.pending(o.id), Some(o), "mark #{} = {}: order {}", i, mark, o.id);
            }
        }
    }

    /// The index's liquidation price is where `math::must_liquidate` starts
    /// to hold: it holds at that mark (as `math::liquidation_price`'s doc
    /// comment says) and not one unit on the holder's side of it, so a mark
    /// fires a liquidation through the index exactly when the rule says.
    #[test]
    fn the_liquidation_price_is_where_the_rule_starts(d in drawn(), mm in 0i64..1_000_000) {
        let p = position(1, &d);
        let at = math::liquidation_price(p.dir, p.open, p.qty, p.margin, mm);
        let rule = |mark| math::must_liquidate(p.dir, p.open, mark, p.qty, p.margin, mm);
        let safer = if p.dir == Dir::Long { at + 1 } else { at - 1 };
        if at > 0 {
            prop_assert!(rule(at), "not liquidated at its own price {}: {:?}, {} ppm", at, p, mm);
        }
        prop_assert!(!rule(safer), "liquidated at {}, short of its price {}: {:?}, {} ppm", safer, at, p, mm);
    }

    /// A close-out creates nothing. `close_out` pays max(equity, 0) and names
    /// the rest of a negative equity as the shortfall, so exactly
    /// payout − shortfall = margin + profit, both at least zero, at most one
    /// of them non-zero. `close_out_in` pays that payout rounded down to the
    /// coin's step: paid + kept − shortfall = margin + profit, where `kept`
    /// (0 ≤ kept < step, 0 with a shortfall) is the fraction of a step the
    /// house keeps. The house's posting as `store::close_in` builds it
    /// (inside its async body, so recomputed here, not called): margin − paid,
    /// or margin + shortfall, and the close's ledger operation sums to zero.
    #[test]
    fn closing_out_creates_nothing(
        margin in 0i64..1_000_000_000_000_000,
        profit in -2_000_000_000_000_000i64..2_000_000_000_000_000,
        coin in select(COINS.to_vec()),
    ) {
        precision::set(COINS);
        let (currency, decimals) = coin;
        let step = 10i64.pow(8 - decimals);
        prop_assert_eq!(precision::step(currency), step);
        let equity = margin as i128 + profit as i128;

        let (payout, shortfall) = math::close_out(margin, profit);
        prop_assert!(payout >= 0 && shortfall >= 0, "{} {}", payout, shortfall);
        prop_assert!(payout == 0 || shortfall == 0, "{} {}", payout, shortfall);
        prop_assert_eq!(payout as i128 - shortfall as i128, equity);

        let (paid, short) = math::close_out_in(currency, margin, profit);
        prop_assert_eq!(short, shortfall);
        prop_assert!(paid >= 0 && paid % step == 0, "paid {} in steps of {}", paid, step);
        let kept = payout - paid;
        prop_assert!((0..step).contains(&kept), "kept {} of a step of {}", kept, step);
        prop_assert!(short == 0 || kept == 0, "a shortfall leaves no fraction: kept {}", kept);
        prop_assert_eq!(paid as i128 + kept as i128 - short as i128, equity);

        let house = if short > 0 { margin + short } else { margin - paid };
        // Frozen margin out, payout in, the house side, the insurance fund.
        let postings = [-(margin as i128), paid as i128, house as i128, -(short as i128)];
        prop_assert_eq!(postings.iter().sum::<i128>(), 0, "postings {:?}", postings);
    }
}
