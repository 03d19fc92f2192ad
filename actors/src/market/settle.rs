//! Money of a fill: who pays what to whom, as ledger postings. Pure.
//!
//! The buyer pays price × qty (rounded down to a unit) in the quote coin and
//! receives qty minus its fee in the base coin; the seller gives qty and receives
//! the payment minus its fee in the quote coin; fees go to the market's fees
//! row.
//! Fees round up, to the coin's step. Maker and taker rates follow the roles, not the sides.

use super::book::{notional_floor, Fill, Side};
use crate::ledger::{account, precision, Bucket, Posting};

/// What settlement needs to know about a market.
#[derive(Debug, Clone)]
pub struct Fees {
    /// The market's id: its fees go to its own row (`ledger::market_fees`).
    pub market: i64,
    pub base: i64,
    pub quote: i64,
    /// Fee rates in parts per million.
    pub maker_ppm: i64,
    pub taker_ppm: i64,
}

/// `amount × ppm / 10^6`, rounded up.
pub fn fee(amount: i64, ppm: i64) -> i64 {
    ((amount as i128 * ppm as i128 + 999_999) / 1_000_000) as i64
}

/// The per-party result of one fill.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Leg {
    pub user: i64,
    /// What left the party's order: quote paid by a buyer, base given by a seller.
    pub spent: i64,
    /// Base received by a buyer, quote received by a seller, after the fee.
    pub received: i64,
    pub fee: i64,
}

/// The two legs and the postings of one fill. `maker_bucket`/`taker_bucket` say
/// where each party's spending comes from: frozen for users' orders (frozen at
/// placement), available for the liquidity provider (which quotes only what it
/// holds).
pub fn fill_postings(
    f: &Fees,
    fill: &Fill,
    maker_bucket: Bucket,
    taker_bucket: Bucket,
) -> (Leg, Leg, Vec<Posting>) {
    let pay = notional_floor(fill.price, fill.qty);
    let (buyer, seller, buyer_ppm, seller_ppm, buyer_bucket, seller_bucket) = match fill.taker_side
    {
        Side::Buy => (
            fill.taker_owner,
            fill.maker_owner,
            f.taker_ppm,
            f.maker_ppm,
            taker_bucket,
            maker_bucket,
        ),
        Side::Sell => (
            fill.maker_owner,
            fill.taker_owner,
            f.maker_ppm,
            f.taker_ppm,
            maker_bucket,
            taker_bucket,
        ),
    };
    // Up to the coin's step, not only to a unit: what each party receives
    // stays a whole number of its coin's steps.
    let buyer_fee = precision::up(f.base, fee(fill.qty, buyer_ppm));
    let seller_fee = precision::up(f.quote, fee(pay, seller_ppm));
    let mut p = vec![
        Posting::user(buyer, account::CHANGE, f.quote, buyer_bucket, -pay),
        Posting::user(
            buyer,
            account::CHANGE,
            f.base,
            Bucket::Available,
            fill.qty - buyer_fee,
        ),
        Posting::user(seller, account::CHANGE, f.base, seller_bucket, -fill.qty),
        Posting::user(
            seller,
            account::CHANGE,
            f.quote,
            Bucket::Available,
            pay - seller_fee,
        ),
    ];
    if buyer_fee > 0 {
        p.push(Posting::market_fee(f.market, f.base, buyer_fee));
    }
    if seller_fee > 0 {
        p.push(Posting::market_fee(f.market, f.quote, seller_fee));
    }
    p.retain(|x| x.amount != 0);
    let buy_leg = Leg {
        user: buyer,
        spent: pay,
        received: fill.qty - buyer_fee,
        fee: buyer_fee,
    };
    let sell_leg = Leg {
        user: seller,
        spent: fill.qty,
        received: pay - seller_fee,
        fee: seller_fee,
    };
    match fill.taker_side {
        Side::Buy => (sell_leg, buy_leg, p),
        Side::Sell => (buy_leg, sell_leg, p),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    #[test]
    fn a_fill_balances_per_coin_and_charges_each_role_its_rate() {
        let f = Fees {
            market: 1,
            base: 1,
            quote: 3,
            maker_ppm: 1000,
            taker_ppm: 2000,
        };
        let fill = Fill {
            maker: 1,
            maker_owner: 10,
            taker: 2,
            taker_owner: 20,
            taker_side: Side::Buy,
            price: 100_00000000,
            qty: 50_000_000,
            maker_done: true,
        };
        let (maker, taker, postings) = fill_postings(&f, &fill, Bucket::Frozen, Bucket::Frozen);
        let mut sums: BTreeMap<i64, i64> = BTreeMap::new();
        for p in &postings {
            *sums.entry(p.currency).or_default() += p.amount;
        }
        assert!(sums.values().all(|s| *s == 0), "{sums:?}");
        assert_eq!(
            taker,
            Leg {
                user: 20,
                spent: 50_00000000,
                received: 50_000_000 - 100_000,
                fee: 100_000
            }
        );
        assert_eq!(
            maker,
            Leg {
                user: 10,
                spent: 50_000_000,
                received: 50_00000000 - 5_000_000,
                fee: 5_000_000
            }
        );
    }

    #[test]
    fn fees_round_up_to_a_unit() {
        assert_eq!(fee(1, 1000), 1);
        assert_eq!(fee(1_000_000, 1000), 1000);
        assert_eq!(fee(0, 1000), 0);
    }
}
