//! Index prices. A `PriceFeed` yields the next index price of a market; the
//! default is a seeded random walk so the demo is alive with no network, and a
//! test feed lets tests set prices exactly. A real exchange feed implements the
//! same trait.

/// A source of index prices (10^-8 units).
pub trait PriceFeed: Send {
    /// The price now, after one more step of the source.
    fn next_price(&mut self) -> i64;
    /// The last price given, without stepping.
    fn current(&self) -> i64;
    /// Continues from `price` (after a restart, from the last recorded close).
    fn resume(&mut self, _price: i64) {}
}

/// splitmix64: a small, fast, seeded generator, good enough for demo prices.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x9E37_79B9_7F4A_7C15)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `[-bound, bound]`.
    pub fn symmetric(&mut self, bound: i64) -> i64 {
        let bound = bound.max(0);
        (self.next_u64() % (2 * bound as u64 + 1)) as i64 - bound
    }
}

/// A deterministic pseudo-random walk: each step moves the price by a random
/// fraction of at most `volatility` (per step, in parts per million), rounded to
/// the tick, never below one tick. The same seed gives the same path.
#[derive(Debug, Clone)]
pub struct RandomWalk {
    price: i64,
    tick: i64,
    volatility_ppm: i64,
    rng: Rng,
}

impl RandomWalk {
    pub fn new(start: i64, tick: i64, volatility_ppm: i64, seed: u64) -> RandomWalk {
        let tick = tick.max(1);
        RandomWalk {
            price: (start / tick).max(1) * tick,
            tick,
            volatility_ppm: volatility_ppm.max(0),
            rng: Rng::new(seed),
        }
    }
}

impl PriceFeed for RandomWalk {
    fn next_price(&mut self) -> i64 {
        // A uniform step in [-v, +v] ppm of the price.
        let r = self.rng.symmetric(self.volatility_ppm);
        let delta = (self.price as i128 * r as i128 / 1_000_000) as i64;
        let next = self.price + delta;
        self.price = ((next / self.tick) * self.tick).max(self.tick);
        self.price
    }

    fn current(&self) -> i64 {
        self.price
    }

    fn resume(&mut self, price: i64) {
        self.price = ((price / self.tick) * self.tick).max(self.tick);
    }
}

/// A feed that repeats whatever price it was last told; tests drive it.
#[derive(Debug, Clone)]
pub struct FixedFeed(pub i64);

impl PriceFeed for FixedFeed {
    fn next_price(&mut self) -> i64 {
        self.0
    }

    fn current(&self) -> i64 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_walks_the_same_path_on_the_tick_grid() {
        let mut a = RandomWalk::new(6_700_000_000_000, 1_000_000, 500, 7);
        let mut b = RandomWalk::new(6_700_000_000_000, 1_000_000, 500, 7);
        for _ in 0..1000 {
            let (x, y) = (a.next_price(), b.next_price());
            assert_eq!(x, y);
            assert_eq!(x % 1_000_000, 0);
            assert!(x > 0);
        }
        let mut c = RandomWalk::new(6_700_000_000_000, 1_000_000, 500, 8);
        assert_ne!(a.next_price(), c.next_price());
    }

    #[test]
    fn one_step_moves_at_most_the_volatility() {
        let mut w = RandomWalk::new(10_000_000_000, 1, 1000, 1);
        let mut last = w.current();
        for _ in 0..1000 {
            let p = w.next_price();
            assert!((p - last).abs() <= last / 1000 + 1);
            last = p;
        }
    }
}
