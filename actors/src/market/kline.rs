//! K-lines (candles): which bar a moment belongs to for each period, and how a
//! trade updates the forming bar. Pure: times are UTC milliseconds.

/// The periods the app asks for, with their wire names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Period {
    M1,
    M5,
    M15,
    M30,
    H1,
    D1,
    W1,
    Mon1,
}

pub const PERIODS: [Period; 8] = [
    Period::M1,
    Period::M5,
    Period::M15,
    Period::M30,
    Period::H1,
    Period::D1,
    Period::W1,
    Period::Mon1,
];

const MIN: i64 = 60_000;
const DAY: i64 = 86_400_000;

impl Period {
    /// Reads a period name, accepting the app's aliases (1H, 1D, 1W, 1M).
    pub fn parse(raw: &str) -> Option<Period> {
        Some(match raw {
            "1min" => Period::M1,
            "5min" => Period::M5,
            "15min" => Period::M15,
            "30min" => Period::M30,
            "60min" | "1H" | "1h" | "1hour" => Period::H1,
            "1day" | "1D" | "1d" => Period::D1,
            "1week" | "1W" | "1w" => Period::W1,
            "1mon" | "1M" | "1month" => Period::Mon1,
            _ => return None,
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            Period::M1 => "1min",
            Period::M5 => "5min",
            Period::M15 => "15min",
            Period::M30 => "30min",
            Period::H1 => "60min",
            Period::D1 => "1day",
            Period::W1 => "1week",
            Period::Mon1 => "1mon",
        }
    }

    /// The open time of the bar containing `t`. Weeks start on Monday 00:00
    /// UTC; months on the 1st.
    pub fn open_time(self, t: i64) -> i64 {
        let fixed = |len: i64| t.div_euclid(len) * len;
        match self {
            Period::M1 => fixed(MIN),
            Period::M5 => fixed(5 * MIN),
            Period::M15 => fixed(15 * MIN),
            Period::M30 => fixed(30 * MIN),
            Period::H1 => fixed(60 * MIN),
            Period::D1 => fixed(DAY),
            // 1970-01-01 was a Thursday: Monday is 3 days before epoch day 0.
            Period::W1 => (t + 3 * DAY).div_euclid(7 * DAY) * 7 * DAY - 3 * DAY,
            Period::Mon1 => {
                let (y, m, _) = civil_from_days(t.div_euclid(DAY));
                days_from_civil(y, m, 1) * DAY
            }
        }
    }

    /// The open time of the bar after the one opening at `open`.
    pub fn next_open(self, open: i64) -> i64 {
        match self {
            Period::Mon1 => {
                let (y, m, _) = civil_from_days(open.div_euclid(DAY));
                let (y, m) = if m == 12 { (y + 1, 1) } else { (y, m + 1) };
                days_from_civil(y, m, 1) * DAY
            }
            Period::W1 => open + 7 * DAY,
            other => open + other.fixed_len(),
        }
    }

    fn fixed_len(self) -> i64 {
        match self {
            Period::M1 => MIN,
            Period::M5 => 5 * MIN,
            Period::M15 => 15 * MIN,
            Period::M30 => 30 * MIN,
            Period::H1 => 60 * MIN,
            Period::D1 => DAY,
            Period::W1 => 7 * DAY,
            Period::Mon1 => 31 * DAY,
        }
    }
}

/// Days since 1970-01-01 → (year, month, day). Howard Hinnant's algorithm.
fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (if m <= 2 { y + 1 } else { y }, m, d)
}

fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = if m > 2 { m - 3 } else { m + 9 };
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// One candle. Prices, volume (base) and amount (quote) in 10^-8 units. A
/// `klines` row reads straight into it (`market::store`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, sqlx::FromRow)]
pub struct Bar {
    pub open_time: i64,
    pub open: i64,
    pub high: i64,
    pub low: i64,
    pub close: i64,
    pub volume: i64,
    pub amount: i64,
}

impl Bar {
    pub fn new(open_time: i64, price: i64) -> Bar {
        Bar {
            open_time,
            open: price,
            high: price,
            low: price,
            close: price,
            volume: 0,
            amount: 0,
        }
    }

    /// Adds a price observation (a trade with its size, or an index tick with 0).
    pub fn update(&mut self, price: i64, volume: i64, amount: i64) {
        self.high = self.high.max(price);
        self.low = self.low.min(price);
        self.close = price;
        self.volume = self.volume.saturating_add(volume);
        self.amount = self.amount.saturating_add(amount);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // 2026-11-21 15:37:12.345 UTC, a Saturday.
    const T: i64 = 1_795_275_432_345;

    #[test]
    fn bars_open_on_their_period_boundaries() {
        assert_eq!(Period::M1.open_time(T) % MIN, 0);
        assert_eq!(Period::M15.open_time(T), T - (T % (15 * MIN)));
        assert_eq!(Period::D1.open_time(T) % DAY, 0);
        let monday = Period::W1.open_time(T);
        assert_eq!(
            civil_from_days(monday / DAY),
            (2026, 11, 16),
            "the Monday before"
        );
        assert_eq!(
            civil_from_days(Period::Mon1.open_time(T) / DAY),
            (2026, 11, 1)
        );
        assert_eq!(
            civil_from_days(Period::Mon1.next_open(Period::Mon1.open_time(T)) / DAY),
            (2026, 12, 1)
        );
    }

    #[test]
    fn the_calendar_round_trips() {
        for days in [-1000, 0, 59, 60, 365, 11_000, 20_000, 20_413] {
            let (y, m, d) = civil_from_days(days);
            assert_eq!(days_from_civil(y, m, d), days);
        }
        assert_eq!(civil_from_days(0), (1970, 1, 1));
    }

    #[test]
    fn aliases_and_names() {
        assert_eq!(Period::parse("1H"), Some(Period::H1));
        assert_eq!(Period::parse("1M"), Some(Period::Mon1));
        assert_eq!(Period::parse("2min"), None);
        assert_eq!(Period::H1.name(), "60min");
    }

    #[test]
    fn a_bar_tracks_high_low_close_and_size() {
        let mut b = Bar::new(0, 100);
        b.update(120, 2, 240);
        b.update(90, 1, 90);
        assert_eq!(
            (b.open, b.high, b.low, b.close, b.volume, b.amount),
            (100, 120, 90, 90, 3, 330)
        );
    }
}
