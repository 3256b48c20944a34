//! Arbitrary-precision numbers with the reference implementation's rules.
//!
//! PLACEHOLDER: f64-backed; to be replaced by the exact binary floating-point
//! implementation. The public API below is the contract.

use std::cmp::Ordering;
use std::fmt;

use num_bigint::BigInt;

/// An HCL number (placeholder representation).
#[derive(Debug, Clone)]
pub struct Number(f64);

impl Number {
    /// A number from a machine integer (64 bits of precision).
    pub fn from_i64(v: i64) -> Number {
        Number(v as f64)
    }
    /// A number from an unsigned machine integer (64 bits of precision).
    pub fn from_u64(v: u64) -> Number {
        Number(v as f64)
    }
    /// A number from a float (53 bits of precision); `None` for NaN.
    pub fn from_f64(v: f64) -> Option<Number> {
        (!v.is_nan()).then_some(Number(v))
    }
    /// A number from a big integer, rounded to 512 bits.
    pub fn from_bigint(v: &BigInt) -> Number {
        Number(v.to_string().parse().unwrap_or(0.0))
    }
    /// Parses an HCL number literal (`digits[.digits][(e|E)[+-]digits]`) at 512 bits.
    pub fn parse_literal(text: &str) -> Option<Number> {
        text.parse().ok().map(Number)
    }
    /// Parses a string being converted to a number (as the reference's
    /// string-to-number conversion accepts).
    pub fn parse_str(text: &str) -> Option<Number> {
        text.parse().ok().map(Number)
    }
    /// Positive infinity.
    pub fn infinity() -> Number {
        Number(f64::INFINITY)
    }
    /// Negative infinity.
    pub fn neg_infinity() -> Number {
        Number(f64::NEG_INFINITY)
    }
    /// Sum; `None` when the result is not a number (∞ + −∞).
    pub fn add(&self, other: &Number) -> Option<Number> {
        Number::from_f64(self.0 + other.0)
    }
    /// Difference; `None` when the result is not a number.
    pub fn sub(&self, other: &Number) -> Option<Number> {
        Number::from_f64(self.0 - other.0)
    }
    /// Product; `None` when the result is not a number (0 × ∞).
    pub fn mul(&self, other: &Number) -> Option<Number> {
        Number::from_f64(self.0 * other.0)
    }
    /// Quotient; a non-zero number divided by zero is an infinity.
    pub fn div(&self, other: &Number) -> Option<Number> {
        Number::from_f64(self.0 / other.0)
    }
    /// Remainder with the sign of the dividend; `x % 0` is `x`.
    pub fn rem(&self, other: &Number) -> Option<Number> {
        if other.0 == 0.0 {
            return Some(self.clone());
        }
        Number::from_f64(self.0 % other.0)
    }
    /// Negation.
    pub fn neg(&self) -> Number {
        Number(-self.0)
    }
    /// Whether the number is a whole number (infinities are not).
    pub fn is_integer(&self) -> bool {
        self.0.is_finite() && self.0.fract() == 0.0
    }
    /// Whether the number is +∞ or −∞.
    pub fn is_infinite(&self) -> bool {
        self.0.is_infinite()
    }
    /// Whether the sign is negative (−0 included).
    pub fn is_sign_negative(&self) -> bool {
        self.0.is_sign_negative()
    }
    /// Whether the number is zero (of either sign).
    pub fn is_zero(&self) -> bool {
        self.0 == 0.0
    }
    /// The exact value as an `i64`, if it is a whole number in range.
    pub fn to_i64(&self) -> Option<i64> {
        self.is_integer().then_some(self.0 as i64)
    }
    /// The exact value as a `u64`, if it is a whole number in range.
    pub fn to_u64(&self) -> Option<u64> {
        (self.is_integer() && self.0 >= 0.0).then_some(self.0 as u64)
    }
    /// The exact value as an `i128`, if it is a whole number in range.
    pub fn to_i128(&self) -> Option<i128> {
        self.is_integer().then_some(self.0 as i128)
    }
    /// The exact value as a `u128`, if it is a whole number in range.
    pub fn to_u128(&self) -> Option<u128> {
        (self.is_integer() && self.0 >= 0.0).then_some(self.0 as u128)
    }
    /// The nearest `f64`.
    pub fn to_f64(&self) -> f64 {
        self.0
    }
    /// The exact value as a big integer, if it is a whole number.
    pub fn to_bigint(&self) -> Option<BigInt> {
        self.is_integer().then(|| BigInt::from(self.0 as i128))
    }
    /// The precision in bits of the mantissa.
    pub fn precision(&self) -> u32 {
        53
    }
}

impl PartialEq for Number {
    fn eq(&self, other: &Number) -> bool {
        self.0 == other.0
    }
}
impl Eq for Number {}
impl PartialOrd for Number {
    fn partial_cmp(&self, other: &Number) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Number {
    fn cmp(&self, other: &Number) -> Ordering {
        self.0.partial_cmp(&other.0).unwrap_or(Ordering::Equal)
    }
}
impl std::hash::Hash for Number {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        if self.0 == 0.0 {
            0u64.hash(state)
        } else {
            self.0.to_bits().hash(state)
        }
    }
}
impl fmt::Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_infinite() {
            return f.write_str(if self.0 > 0.0 { "+Inf" } else { "-Inf" });
        }
        write!(f, "{}", self.0)
    }
}
