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

/// Whether a `-` (rather than a `+` or nothing) stands at `i`, stepping
/// over the sign.
fn take_sign(bytes: &[u8], i: &mut usize) -> bool {
    match bytes.get(*i) {
        Some(b'-') => {
            *i += 1;
            true
        }
        Some(b'+') => {
            *i += 1;
            false
        }
        _ => false,
    }
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
    let neg = take_sign(bytes, &mut i);

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
            let exp_neg = take_sign(bytes, &mut i);
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

/// The nearest `f64` of a short decimal literal, `None` for any other
/// text: `[-]digits[.digits][(e|E)[+-]digits]` with at most 19 digits
/// before the exponent, and a value `d × 10^q` (`d` those digits as an
/// integer) with `|q| ≤ 27`.
///
/// It is the `f64` that the reference's two roundings give (the 512-bit
/// value of [`parse`], then to 53 bits), rounded once by the standard
/// library's correctly rounded parse. The two agree because no rounding
/// boundary of `f64` lies near enough to `x = d × 10^q` for the 512-bit
/// step to cross it:
///
/// - `5^|q| ≤ 5^27` is exact, so [`parse`] rounds `x` once, moving it by
///   at most `|x| × 2^-512`.
/// - A boundary is a midpoint `M = m × 2^k` of two neighbouring `f64`s
///   (`m < 2^54`). If `x ≠ M`, `L × (x − M)` is a nonzero integer for
///   `L = 10^max(-q,0) × 2^max(-k,0)`, so `|x − M| ≥ 1/L`; with
///   `d < 2^64`, `|q| ≤ 27` and `2^-k < 2^55 / |x|` (as `M` is within a
///   factor of two of `x`), `L × |x| < 2^154`, so `|x − M| > |x| × 2^-512`.
/// - If `x = M`, its 54 bits are exact at 512 bits, and both round the tie
///   to even.
/// - `10^-27 ≤ |x| < 10^46` (or `x` is a zero, signed as written): no
///   overflow and no subnormal.
pub(super) fn short_decimal_f64(text: &str) -> Option<f64> {
    let bytes = text.as_bytes();
    let mut i = usize::from(bytes.first() == Some(&b'-'));
    let digits = |i: &mut usize| {
        let start = *i;
        while bytes.get(*i).is_some_and(u8::is_ascii_digit) {
            *i += 1;
        }
        *i - start
    };
    let whole = digits(&mut i);
    let fraction = if bytes.get(i) == Some(&b'.') {
        i += 1;
        digits(&mut i)
    } else {
        0
    };
    if whole + fraction == 0 || whole + fraction > 19 {
        return None;
    }
    let mut exp: i64 = 0;
    if matches!(bytes.get(i), Some(b'e' | b'E')) {
        i += 1;
        let neg = take_sign(bytes, &mut i);
        let start = i;
        let count = digits(&mut i);
        // More than 4 digits is beyond the range checked below.
        if count == 0 || count > 4 {
            return None;
        }
        let written: i64 = text.get(start..i)?.parse().ok()?;
        exp = if neg { -written } else { written };
    }
    if i != bytes.len() || !(-27..=27).contains(&(exp - fraction as i64)) {
        return None;
    }
    text.parse().ok()
}
