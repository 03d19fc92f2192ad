//! Conversion between user-facing decimals and the integer units stored in the
//! database (10^-8), in one place so rounding is always explicit.

use rust_decimal::Decimal;

/// Units per whole coin: amounts are stored as integers of 10^-8.
pub const SCALE: u32 = 8;

/// Why a decimal could not become stored units.
#[derive(Debug, PartialEq, Eq)]
pub enum UnitsError {
    /// More fractional digits than the storage keeps.
    TooPrecise,
    /// Does not fit in a signed 64-bit integer of units.
    TooLarge,
}

/// Converts a decimal to integer units, refusing anything that would lose precision.
pub fn to_units(value: Decimal) -> Result<i64, UnitsError> {
    // Checked: a decimal near its own maximum (about 7.9e28) overflows when scaled.
    let scaled = value
        .checked_mul(Decimal::from(10u64.pow(SCALE)))
        .ok_or(UnitsError::TooLarge)?;
    if scaled.fract() != Decimal::ZERO {
        return Err(UnitsError::TooPrecise);
    }
    i64::try_from(scaled.trunc().mantissa() / 10i128.pow(scaled.trunc().scale()))
        .map_err(|_| UnitsError::TooLarge)
}

/// Reads a decimal as people type amounts and prices: digits with at most one
/// point, nothing else. No sign, exponent (`Decimal` itself takes `1E-5`),
/// separators, spaces inside, or other scripts' digits; None for anything else.
pub fn parse_plain(raw: &str) -> Option<Decimal> {
    let t = raw.trim();
    let digits = t.bytes().filter(u8::is_ascii_digit).count();
    let points = t.bytes().filter(|b| *b == b'.').count();
    if digits == 0 || points > 1 || digits + points != t.len() || t.len() > 40 {
        return None;
    }
    t.parse().ok()
}

/// Converts stored integer units back to a decimal with the storage scale.
pub fn from_units(units: i64) -> Decimal {
    Decimal::new(units, SCALE)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    #[test]
    fn a_decimal_round_trips_through_units() {
        let d = Decimal::from_str("1.23456789").unwrap_or_default();
        assert_eq!(to_units(d), Ok(123_456_789));
        assert_eq!(from_units(123_456_789), d);
    }

    #[test]
    fn more_than_eight_decimals_is_refused_not_rounded() {
        let d = Decimal::from_str("0.000000001").unwrap_or_default();
        assert_eq!(to_units(d), Err(UnitsError::TooPrecise));
    }

    #[test]
    fn only_plain_decimals_are_read() {
        for ok in ["1", "0.5", " 12.25 ", "007", ".5", "5."] {
            assert!(parse_plain(ok).is_some(), "{ok}");
        }
        for bad in [
            "",
            ".",
            "-1",
            "+1",
            "1E-5",
            "1e3",
            "NaN",
            "1,000",
            "1 000",
            "0x10",
            "١٢٣",
            "1.2.3",
            "79228162514264337593543950336",
        ] {
            assert_eq!(parse_plain(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_huge_decimal_is_too_large_not_a_panic() {
        for raw in [
            "800000000000000000000",
            "79228162514264337593543950335",
            "92233720368.54775809",
        ] {
            let d = Decimal::from_str(raw).unwrap_or_default();
            assert_eq!(to_units(d), Err(UnitsError::TooLarge), "{raw}");
            assert_eq!(to_units(-d), Err(UnitsError::TooLarge), "-{raw}");
        }
        let max = Decimal::from_str("92233720368.54775807").unwrap_or_default();
        assert_eq!(to_units(max), Ok(i64::MAX));
    }
}
