//! The liquidity provider's ladder: pure arithmetic from the index, the
//! provider's funds and the configuration to the quotes it rests. A book that
//! looks like a market's: levels tight near the index and further apart away
//! from it, sizes that thicken with distance and vary from level to level and
//! from one re-quote to the next, and never more than the provider's ledger
//! account holds. Also the rest of a re-quote's arithmetic: the seed that
//! varies its sizes and the provider's funds after its quotes trade.

use super::book::{Side, SCALE};
use super::settle::Leg;

/// What a ladder is built from (prices and sizes in units).
#[derive(Debug, Clone, Copy)]
pub struct LadderSpec {
    pub index: i64,
    pub tick: i64,
    pub lot: i64,
    pub min_qty: i64,
    /// Levels per side.
    pub levels: usize,
    /// Distance of the nearest level from the index, and the base gap (ppm).
    pub spread_ppm: i64,
    pub step_ppm: i64,
    /// Size of the nearest level before variation; far levels reach 2.5 times it.
    pub level_qty: i64,
    /// Available (base, quote) of the provider.
    pub funds: (i64, i64),
    /// Varies the sizes; the same seed gives the same ladder.
    pub seed: u64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Quote {
    pub side: Side,
    pub price: i64,
    pub qty: i64,
}

/// splitmix64: a small, well-mixed hash, enough to vary sizes (nothing here is
/// a secret or a user's outcome: these are the provider's own quotes).
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Weight of level `i` in percent: 100 at the index growing to 250 at the far
/// end, times a variation of ±30 %.
fn weight(i: i64, levels: i64, seed: u64, side: Side) -> i64 {
    let grow = 100 + 150 * i / (levels - 1).max(1);
    let salt = (i as u64) << 1 | (side == Side::Sell) as u64;
    let vary = 70 + (mix(seed ^ mix(salt)) % 61) as i64;
    grow * vary / 100
}

/// The quotes, nearest level first, a bid and an ask per level. Bids fall and
/// asks rise strictly; a level whose share of the funds is below the market's
/// minimum is left out.
pub fn ladder(s: &LadderSpec) -> Vec<Quote> {
    let levels = s.levels.max(1) as i64;
    let tick = s.tick.max(1);
    let lot = s.lot.max(1);
    let mut out = Vec::with_capacity(2 * levels as usize);
    for side in [Side::Buy, Side::Sell] {
        let weights: Vec<i64> = (0..levels)
            .map(|i| weight(i, levels, s.seed, side))
            .collect();
        let mut left = match side {
            Side::Buy => s.funds.1,
            Side::Sell => s.funds.0,
        };
        let mut weight_left: i64 = weights.iter().sum();
        let mut prev: Option<i64> = None;
        for (i, w) in (0..levels).zip(weights) {
            // Gaps widen with distance: the offset grows with i + i²/levels.
            let off = s.spread_ppm + s.step_ppm * i + s.step_ppm * i * i / levels;
            let price = match side {
                Side::Buy => {
                    let p = (s.index as i128 * (1_000_000 - off) as i128 / 1_000_000) as i64;
                    let p = p / tick * tick;
                    prev.map_or(p, |q| p.min(q - tick))
                }
                Side::Sell => {
                    let p = (s.index as i128 * (1_000_000 + off) as i128 / 1_000_000) as i64;
                    let p = (p + tick - 1) / tick * tick;
                    prev.map_or(p, |q| p.max(q + tick))
                }
            };
            prev = Some(price);
            // This level's share of what is left, by weight, so the far levels
            // keep theirs however the near ones were cut.
            let share = (left as i128 * w as i128 / weight_left.max(1) as i128) as i64;
            weight_left -= w;
            if price <= 0 {
                continue;
            }
            let cap = match side {
                Side::Buy => (share as i128 * SCALE / price as i128) as i64,
                Side::Sell => share,
            };
            let want = (s.level_qty as i128 * w as i128 / 100) as i64;
            let qty = want.min(cap) / lot * lot;
            if qty < s.min_qty.max(lot) {
                continue;
            }
            left -= match side {
                Side::Buy => super::book::notional_floor(price, qty),
                Side::Sell => qty,
            };
            out.push(Quote { side, price, qty });
        }
    }
    out
}

/// The seed of a re-quote's sizes: a new variation at each re-quote (the index
/// and the provider's next quote id move between two), different per market
/// (its id in the high bits).
pub fn requote_seed(index: i64, market: i64, next_quote_id: i64) -> u64 {
    (index as u64) ^ ((market as u64) << 48) ^ next_quote_id as u64
}

/// The provider's available (base, quote) after fills of its quotes, each leg
/// with the side of its quote: a bid spends quote and receives base, an ask
/// spends base and receives quote.
pub fn funds_after(funds: (i64, i64), legs: &[(Side, Leg)]) -> (i64, i64) {
    let (mut base, mut quote) = funds;
    for (side, leg) in legs {
        match side {
            Side::Buy => {
                quote -= leg.spent;
                base += leg.received;
            }
            Side::Sell => {
                base -= leg.spent;
                quote += leg.received;
            }
        }
    }
    (base, quote)
}

#[cfg(test)]
mod tests {
    use super::*;

    const U: i64 = 100_000_000;

    fn spec(funds: (i64, i64), seed: u64) -> LadderSpec {
        LadderSpec {
            index: 67_000 * U,
            tick: U / 100,
            lot: U / 10_000,
            min_qty: U / 10_000,
            levels: 20,
            spread_ppm: 200,
            step_ppm: 150,
            level_qty: 35 * U / 100,
            funds,
            seed,
        }
    }

    fn side(q: &[Quote], s: Side) -> Vec<Quote> {
        q.iter().copied().filter(|x| x.side == s).collect()
    }

    #[test]
    fn levels_are_strictly_ordered_and_widen_away_from_the_index() {
        let q = ladder(&spec((200 * U, 10_000_000 * U), 7));
        let (bids, asks) = (side(&q, Side::Buy), side(&q, Side::Sell));
        assert_eq!((bids.len(), asks.len()), (20, 20));
        assert!(bids.windows(2).all(|w| w[0].price > w[1].price));
        assert!(asks.windows(2).all(|w| w[0].price < w[1].price));
        assert!(bids[0].price < 67_000 * U && asks[0].price > 67_000 * U);
        let gap = |v: &[Quote], i: usize| (v[i + 1].price - v[i].price).abs();
        assert!(gap(&asks, 18) > 2 * gap(&asks, 0), "far gaps are wider");
        // The nearest level sits within 2.5 bp of the index.
        assert!(asks[0].price - 67_000 * U <= 67_000 * U / 4000);
    }

    #[test]
    fn sizes_vary_thicken_with_distance_and_change_with_the_seed() {
        let q = ladder(&spec((200 * U, 10_000_000 * U), 7));
        let asks = side(&q, Side::Sell);
        let sizes: std::collections::HashSet<i64> = asks.iter().map(|a| a.qty).collect();
        assert!(sizes.len() > 10, "sizes differ: {sizes:?}");
        let near: i64 = asks[..5].iter().map(|a| a.qty).sum();
        let far: i64 = asks[15..].iter().map(|a| a.qty).sum();
        assert!(far > near, "far levels are thicker");
        assert_ne!(q, ladder(&spec((200 * U, 10_000_000 * U), 8)));
        assert_eq!(q, ladder(&spec((200 * U, 10_000_000 * U), 7)));
    }

    #[test]
    fn never_quotes_more_than_the_funds() {
        for funds in [(U, 20_000 * U), (U / 100, 100 * U), (0, 0)] {
            let q = ladder(&spec(funds, 3));
            let base: i64 = side(&q, Side::Sell).iter().map(|a| a.qty).sum();
            let quote: i64 = side(&q, Side::Buy)
                .iter()
                .map(|b| super::super::book::notional_floor(b.price, b.qty))
                .sum();
            assert!(
                base <= funds.0 && quote <= funds.1,
                "{funds:?}: {base} {quote}"
            );
            assert!(q.iter().all(|x| x.qty >= U / 10_000));
        }
    }

    #[test]
    fn the_seed_changes_with_the_index_the_market_and_the_quote_id() {
        let s = requote_seed(67_000 * U, 3, -41);
        assert_eq!(s, requote_seed(67_000 * U, 3, -41));
        assert_ne!(s, requote_seed(67_000 * U + U / 100, 3, -41));
        assert_ne!(s, requote_seed(67_000 * U, 4, -41));
        assert_ne!(s, requote_seed(67_000 * U, 3, -81));
        // The market sits above every bit an index or a quote id sets.
        assert_eq!(requote_seed(0, 1, 0), 1 << 48);
        assert_eq!(requote_seed(5, 0, 0), 5);
    }

    #[test]
    fn fills_move_the_providers_funds_by_side() {
        let leg = |spent, received| Leg {
            user: 1,
            spent,
            received,
            fee: 0,
        };
        assert_eq!(funds_after((100, 1_000), &[]), (100, 1_000));
        // Its bid filled: quote paid, base received after the fee.
        assert_eq!(
            funds_after((100, 1_000), &[(Side::Buy, leg(300, 9))]),
            (109, 700)
        );
        // Its ask filled: base given, quote received after the fee.
        assert_eq!(
            funds_after((100, 1_000), &[(Side::Sell, leg(10, 290))]),
            (90, 1_290)
        );
        assert_eq!(
            funds_after(
                (100, 1_000),
                &[(Side::Buy, leg(300, 9)), (Side::Sell, leg(10, 290))]
            ),
            (99, 990)
        );
    }
}
