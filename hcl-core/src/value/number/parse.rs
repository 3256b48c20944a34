//! Decimal text to number, as the reference reads number literals and
//! strings converted to numbers.
//!
//! Accepted text: an optional sign, decimal digits with at most one `.`
//! (digits on at least one side), then an optional exponent: `e`/`E` for a
//! power of ten or `p`/`P` for a power of two, an optional sign and at
//! least one digit; or `Inf`/`inf` with an optional sign. Nothing else,
//! not even surrounding spaces.
//!
//! The value is the reference's: the digits as an exact integer, scaled by
//! the power of two, then multiplied (or divided) by the power of five
//! computed at 576 bits, rounding to 512 bits. A binary exponent outside
//! the representable range is an error; a value that overflows or
//! underflows while being scaled becomes an infinity or a zero.

use num_bigint::BigUint;

use super::core::{round_big, round_u128, Mant, Repr, MAX_EXP, MIN_EXP};
use super::Number;

/// Precision of parsed numbers.
pub(super) const PARSE_PREC: u32 = 512;

/// The most significant digits read (see [`Number::MAX_DIGITS`]).
pub(super) const MAX_DIGITS: usize = 10_000;

/// `5^n` for `n` in `0..=27` (the largest that fits in 64 bits).
#[allow(
    clippy::indexing_slicing,
    reason = "evaluated at compile time with 1 <= i < 28, so an index out of bounds would fail the build"
)]
const POW5: [u64; 28] = {
    let mut t = [1u64; 28];
    let mut i = 1;
    while i < 28 {
        t[i] = t[i - 1] * 5;
        i += 1;
    }
    t
};

/// `5^n` as the reference computes it for scaling: exact up to `5^27`,
/// then by squaring with the running product at `prec` bits and the
/// squares at `prec + 64` bits.
fn pow5(n: u64, prec: u32) -> Option<Number> {
    let small = |v: u64| Number {
        prec,
        repr: Repr::Finite {
            neg: false,
            mant: Mant::Small(v >> v.trailing_zeros()),
            exp: 0,
        },
    };
    if let Some(&p) = usize::try_from(n).ok().and_then(|i| POW5.get(i)) {
        return Some(small(p));
    }
    let mut z = small(POW5[27]);
    let mut f = Number {
        prec: prec + 64,
        ..small(5)
    };
    let mut n = n - 27;
    while n > 0 {
        if n & 1 == 1 {
            z = z.mul_at(&f, prec)?;
        }
        n >>= 1;
        if n > 0 {
            f = f.mul_at(&f, prec + 64)?;
        }
    }
    Some(z)
}

/// Why a text is not read as a number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum ParseError {
    /// Not a number, or an exponent beyond the representable range.
    Invalid,
    /// More significant digits than [`MAX_DIGITS`].
    TooManyDigits,
}

/// Parses a decimal number.
pub(super) fn parse(text: &str) -> Result<Number, ParseError> {
    let inf = |neg| Number {
        prec: PARSE_PREC,
        repr: Repr::Inf { neg },
    };
    match text {
        "Inf" | "inf" | "+Inf" | "+inf" => return Ok(inf(false)),
        "-Inf" | "-inf" => return Ok(inf(true)),
        _ => {}
    }
    let bytes = text.as_bytes();
    let mut i = 0;
    let neg = match bytes.first() {
        Some(b'-') => {
            i = 1;
            true
        }
        Some(b'+') => {
            i = 1;
            false
        }
        _ => false,
    };

    // Mantissa digits, with the position of the point among them.
    let digits_start = i;
    let mut point: Option<usize> = None;
    let mut count: usize = 0;
    // Where the significant digits start: the first nonzero one.
    let mut significant_start: Option<(usize, usize)> = None;
    let mut small: Option<u64> = Some(0);
    while let Some(&c) = bytes.get(i) {
        if c == b'.' && point.is_none() {
            point = Some(count);
        } else if c.is_ascii_digit() {
            if c != b'0' && significant_start.is_none() {
                significant_start = Some((count, i));
            }
            count += 1;
            small = small
                .and_then(|v| v.checked_mul(10))
                .and_then(|v| v.checked_add(u64::from(c - b'0')));
        } else {
            break;
        }
        i += 1;
    }
    if count == 0 {
        return Err(ParseError::Invalid);
    }
    let digits_end = i;
    let significant = significant_start.map_or(0, |(at, _)| count - at);

    // Exponent.
    let mut exp: i64 = 0;
    let mut binary_exp = false;
    if let Some(&c) = bytes.get(i) {
        if matches!(c, b'e' | b'E' | b'p' | b'P') {
            binary_exp = matches!(c, b'p' | b'P');
            i += 1;
            let exp_neg = match bytes.get(i) {
                Some(b'-') => {
                    i += 1;
                    true
                }
                Some(b'+') => {
                    i += 1;
                    false
                }
                _ => false,
            };
            let start = i;
            // Accumulate negatively so that i64::MIN is reachable.
            let mut acc: i64 = 0;
            while let Some(&d) = bytes.get(i) {
                if !d.is_ascii_digit() {
                    break;
                }
                acc = acc
                    .checked_mul(10)
                    .and_then(|v| v.checked_sub(i64::from(d - b'0')))
                    .ok_or(ParseError::Invalid)?;
                i += 1;
            }
            if i == start {
                return Err(ParseError::Invalid);
            }
            exp = if exp_neg {
                acc
            } else {
                acc.checked_neg().ok_or(ParseError::Invalid)?
            };
        }
    }
    if i != bytes.len() {
        return Err(ParseError::Invalid);
    }
    if significant > MAX_DIGITS {
        return Err(ParseError::TooManyDigits);
    }

    let fcount: i64 = match point {
        Some(p) => p as i64 - count as i64,
        None => 0,
    };
    let zero = Number {
        prec: PARSE_PREC,
        repr: Repr::Zero { neg },
    };
    // Power of two and power of five applied to the digits.
    let e2 = i128::from(fcount) + i128::from(exp);
    let e5 = if binary_exp { i128::from(fcount) } else { e2 };

    if let Some(v) = small {
        if v == 0 {
            return Ok(zero);
        }
        let b = i128::from(64 - v.leading_zeros());
        if !(i128::from(MIN_EXP)..=i128::from(MAX_EXP)).contains(&(b + e2)) {
            return Err(ParseError::Invalid);
        }
        let e = e2 as i64;
        let v = u128::from(v);
        if e5 == 0 {
            return Ok(Number {
                prec: PARSE_PREC,
                repr: round_u128(neg, v, e, false, PARSE_PREC),
            });
        }
        if let Some(&p) = POW5.get(e5 as usize).filter(|_| (1..=27).contains(&e5)) {
            let p = u128::from(p);
            return Ok(Number {
                prec: PARSE_PREC,
                repr: round_u128(neg, v * p, e, false, PARSE_PREC),
            });
        }
        if let Some(&p) = POW5
            .get(e5.unsigned_abs() as usize)
            .filter(|_| (-27..=-1).contains(&e5))
        {
            let p = u128::from(p);
            if v % p == 0 {
                return Ok(Number {
                    prec: PARSE_PREC,
                    repr: round_u128(neg, v / p, e, false, PARSE_PREC),
                });
            }
        }
    }

    // Leading zeros add nothing.
    let from = significant_start.map_or(digits_start, |(_, at)| at);
    let digits: Vec<u8> = bytes
        .get(from..digits_end)
        .unwrap_or_default()
        .iter()
        .filter(|c| c.is_ascii_digit())
        .map(|c| c - b'0')
        .collect();
    let n = BigUint::from_radix_be(&digits, 10).ok_or(ParseError::Invalid)?;
    if n.bits() == 0 {
        return Ok(zero);
    }
    let top = i128::from(n.bits()) + e2;
    if !(i128::from(MIN_EXP)..=i128::from(MAX_EXP)).contains(&top) {
        return Err(ParseError::Invalid);
    }
    let e = e2 as i64;
    if e5 == 0 {
        return Ok(Number {
            prec: PARSE_PREC,
            repr: round_big(neg, &n, e, false, PARSE_PREC),
        });
    }
    // The unrounded digits, scaled by the power of two.
    let tz = n.trailing_zeros().unwrap_or(0);
    let z = Number {
        prec: PARSE_PREC,
        repr: Repr::Finite {
            neg,
            mant: Mant::from_big(n >> tz),
            exp: e + tz as i64,
        },
    };
    let p = pow5(e5.unsigned_abs() as u64, PARSE_PREC + 64).ok_or(ParseError::Invalid)?;
    if e5 < 0 {
        z.quo_at(&p, PARSE_PREC)
    } else {
        z.mul_at(&p, PARSE_PREC)
    }
    .ok_or(ParseError::Invalid)
}
