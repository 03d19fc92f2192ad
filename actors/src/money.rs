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
    let scaled = value * Decimal::from(10u64.pow(SCALE));
    if scaled.fract() != Decimal::ZERO {
        return Err(UnitsError::TooPrecise);
    }
    i64::try_from(scaled.trunc().mantissa() / 10i128.pow(scaled.trunc().scale()))
        .map_err(|_| UnitsError::TooLarge)
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
}
