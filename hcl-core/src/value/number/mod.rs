//! Exact binary floating-point numbers with the reference implementation's
//! rules.
//!
//! A [`Number`] is a sign, an arbitrary-precision mantissa and a binary
//! exponent, together with its own precision in bits, or a signed infinity.
//! Zero keeps its sign (`0 * -1` is `-0`); there is no NaN: an operation
//! whose result would be one returns `None`.
//!
//! Precisions follow the reference:
//! - number literals and strings converted to numbers: 512 bits;
//! - numbers made from machine integers: 64 bits;
//! - numbers made from `f64`: 53 bits;
//! - `+`, `-`, `/`: the larger precision of the operands; `*`: the larger of
//!   that and the bits the product needs (at most 512); `%`: the dividend's.
//!
//! Every result is the exact result rounded once to its precision, to
//! nearest with ties to even. The binary exponent is bounded as in the
//! reference (about ±2³¹): a result beyond it becomes an infinity (too
//! large) or a zero (too small).
//!
//! The text of a number ([`Display`](fmt::Display)) is the shortest decimal
//! that identifies it at its own precision, never with an exponent: `1`,
//! `0.1`, `-0`, `+Inf`, `-Inf`.

mod arith;
mod convert;
mod core;
mod parse;
mod text;

#[cfg(test)]
mod bounds_tests;
#[cfg(test)]
mod conformance_tests;
#[cfg(test)]
mod tests;

use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};

use self::core::{cmp_finite_abs, round_u128, Repr};

/// An HCL number: an exact binary floating-point value with its own
/// precision.
///
/// Equality, ordering and hashing (`==`, `<`, [`Hash`]) are numeric and
/// ignore precision: `-0 == 0`, and `1` made from an integer equals the
/// literal `1`. The language's `==` operator compares numbers by their text
/// instead; see [`Number::equals`].
///
/// # Examples
///
/// ```
/// use hcl_core::value::Number;
///
/// let a = Number::parse_literal("0.1").unwrap();
/// let b = Number::parse_literal("0.2").unwrap();
/// assert_eq!(a.add(&b).unwrap().to_string(), "0.3");
///
/// let third = Number::from_i64(1).div(&Number::from_i64(3)).unwrap();
/// assert_eq!(third.to_string(), "0.33333333333333333334");
/// ```
#[derive(Clone)]
pub struct Number {
    prec: u32,
    repr: Repr,
}

/// Precision of numbers made from machine integers.
const INT_PREC: u32 = 64;
/// Precision of numbers made from `f64`.
const FLOAT_PREC: u32 = 53;
/// Precision of products before they are narrowed.
const MUL_PREC: u32 = 512;

impl Number {
    /// The most significant digits (from the first nonzero digit to the
    /// last digit, zeros included) that [`Number::parse_literal`] and
    /// [`Number::parse_str`] read: reading a number takes time that grows
    /// with the square of its number of digits, and 512 bits hold only
    /// about 155 of them. Longer texts are refused; an evaluation reports
    /// a number literal or a string converted to a number that is too long
    /// with an error naming this limit.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::value::Number;
    ///
    /// let longest = "7".repeat(Number::MAX_DIGITS);
    /// assert!(Number::parse_literal(&longest).is_some());
    /// assert!(Number::parse_literal(&format!("{longest}7")).is_none());
    /// // Leading zeros are not significant.
    /// assert!(Number::parse_str(&format!("0.000{longest}")).is_some());
    /// ```
    pub const MAX_DIGITS: usize = parse::MAX_DIGITS;

    /// Parses an HCL number literal (`digits[.digits][(e|E)[+-]digits]`)
    /// at 512 bits. It accepts exactly what [`Number::parse_str`] accepts;
    /// `None` when the text is not a number, or its exponent is beyond the
    /// representable range, or it has more than [`Number::MAX_DIGITS`]
    /// significant digits. A value that only overflows or underflows when
    /// scaled by its decimal exponent becomes an infinity or a zero, as in
    /// the reference (`1e999999999` is `+Inf`).
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::value::Number;
    ///
    /// assert_eq!(Number::parse_literal("1.0").unwrap().to_string(), "1");
    /// assert_eq!(Number::parse_literal("1.5e-7").unwrap().to_string(), "0.00000015");
    /// assert_eq!(Number::parse_literal("1e999999999").unwrap().to_string(), "+Inf");
    /// assert!(Number::parse_literal("1e9999999999").is_none());
    /// assert!(Number::parse_literal("1.2.3").is_none());
    /// ```
    pub fn parse_literal(text: &str) -> Option<Number> {
        parse::parse(text).ok()
    }

    /// Parses a string being converted to a number, as the reference does
    /// (512 bits). Accepted: an optional `+` or `-`, decimal digits with at
    /// most one `.` (`5.`, `.5`), then an optional exponent: `e`/`E` (power
    /// of ten) or `p`/`P` (power of two), an optional sign and digits; or
    /// `Inf`/`inf` with an optional sign. No spaces, underscores or
    /// prefixes such as `0x`, and at most [`Number::MAX_DIGITS`]
    /// significant digits.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::value::Number;
    ///
    /// assert_eq!(Number::parse_str("-7").unwrap().to_string(), "-7");
    /// assert_eq!(Number::parse_str("1e3").unwrap().to_string(), "1000");
    /// assert_eq!(Number::parse_str(".5").unwrap().to_string(), "0.5");
    /// assert_eq!(Number::parse_str("-Inf").unwrap().to_string(), "-Inf");
    /// assert!(Number::parse_str(" 1").is_none());
    /// assert!(Number::parse_str("0x10").is_none());
    /// ```
    pub fn parse_str(text: &str) -> Option<Number> {
        parse::parse(text).ok()
    }

    /// Whether a text is refused by [`Number::parse_str`] only for having
    /// more than [`Number::MAX_DIGITS`] significant digits.
    pub(crate) fn has_too_many_digits(text: &str) -> bool {
        parse::parse(text) == Err(parse::ParseError::TooManyDigits)
    }

    /// Positive infinity, with no precision of its own (like the
    /// reference's constant): an operation with it takes the other
    /// operand's precision.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::value::Number;
    ///
    /// assert_eq!(Number::infinity().to_string(), "+Inf");
    /// assert_eq!(Number::infinity().precision(), 0);
    /// ```
    pub fn infinity() -> Number {
        Number {
            prec: 0,
            repr: Repr::Inf { neg: false },
        }
    }

    /// Negative infinity, with no precision of its own (like the
    /// reference's constant): an operation with it takes the other
    /// operand's precision.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::value::Number;
    ///
    /// assert_eq!(Number::neg_infinity().to_string(), "-Inf");
    /// assert_eq!(Number::neg_infinity().precision(), 0);
    /// ```
    pub fn neg_infinity() -> Number {
        Number {
            prec: 0,
            repr: Repr::Inf { neg: true },
        }
    }

    /// Whether the number is a whole number (infinities are not).
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::value::Number;
    ///
    /// assert!(Number::parse_str("1e3").unwrap().is_integer());
    /// assert!(!Number::parse_str("0.5").unwrap().is_integer());
    /// assert!(!Number::infinity().is_integer());
    /// ```
    pub fn is_integer(&self) -> bool {
        match &self.repr {
            Repr::Zero { .. } => true,
            Repr::Inf { .. } => false,
            Repr::Finite { exp, .. } => *exp >= 0,
        }
    }

    /// Whether the number is +∞ or −∞.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::value::Number;
    ///
    /// assert!(Number::neg_infinity().is_infinite());
    /// assert!(!Number::from_i64(1).is_infinite());
    /// ```
    pub fn is_infinite(&self) -> bool {
        matches!(self.repr, Repr::Inf { .. })
    }

    /// Whether the number is neither infinity.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::value::Number;
    ///
    /// assert!(Number::from_i64(1).is_finite());
    /// assert!(!Number::infinity().is_finite());
    /// ```
    pub fn is_finite(&self) -> bool {
        !self.is_infinite()
    }

    /// Whether the sign is negative (`-0` and `-∞` included).
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::value::Number;
    ///
    /// assert!(Number::from_i64(0).neg().is_sign_negative());
    /// assert!(!Number::from_i64(0).is_sign_negative());
    /// ```
    pub fn is_sign_negative(&self) -> bool {
        match &self.repr {
            Repr::Zero { neg } | Repr::Inf { neg } | Repr::Finite { neg, .. } => *neg,
        }
    }

    /// Whether the number is zero (of either sign).
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::value::Number;
    ///
    /// assert!(Number::from_i64(0).neg().is_zero());
    /// assert!(!Number::from_i64(1).is_zero());
    /// ```
    pub fn is_zero(&self) -> bool {
        matches!(self.repr, Repr::Zero { .. })
    }

    /// The precision in bits of the mantissa.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::value::Number;
    ///
    /// assert_eq!(Number::parse_literal("1").unwrap().precision(), 512);
    /// assert_eq!(Number::from_i64(1).precision(), 64);
    /// assert_eq!(Number::from_f64(1.0).unwrap().precision(), 53);
    /// ```
    pub fn precision(&self) -> u32 {
        self.prec
    }

    /// The fewest bits that represent the value exactly (0 for zeros and
    /// infinities).
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::value::Number;
    ///
    /// assert_eq!(Number::from_i64(12).min_precision(), 2);
    /// assert_eq!(Number::from_i64(0).min_precision(), 0);
    /// ```
    pub fn min_precision(&self) -> u32 {
        match &self.repr {
            Repr::Finite { mant, .. } => u32::try_from(mant.bits()).unwrap_or(u32::MAX),
            _ => 0,
        }
    }

    /// The language's `==` on numbers, as the reference decides it: equal
    /// when both have the same sign and the same text, treating `-0` as
    /// `0`. Numbers of different precisions can thus be equal without being
    /// numerically identical (`0.1` from a float equals the literal `0.1`).
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::value::Number;
    ///
    /// let literal = Number::parse_literal("0.1").unwrap();
    /// let float = Number::from_f64(0.1).unwrap();
    /// assert!(literal.equals(&float));
    /// assert_ne!(literal, float);
    /// assert!(Number::from_i64(0).neg().equals(&Number::from_i64(0)));
    /// ```
    pub fn equals(&self, other: &Number) -> bool {
        match (&self.repr, &other.repr) {
            (Repr::Zero { .. }, Repr::Zero { .. }) => true,
            (Repr::Inf { neg: a }, Repr::Inf { neg: b }) => a == b,
            (Repr::Finite { neg: a, .. }, Repr::Finite { neg: b, .. }) => {
                if a != b {
                    return false;
                }
                if self.prec == other.prec && self == other {
                    return true;
                }
                // Each text lies within half an ulp of its number: numbers
                // further apart than that have different texts.
                if !core::within_half_ulps(self, other) {
                    return false;
                }
                // The digits of the less precise number, then at most as
                // many of the other's: a number of 20 000 bits can have
                // 6 000 digits, which are not worked out to compare it.
                let (lo, hi) = if self.prec <= other.prec {
                    (self, other)
                } else {
                    (other, self)
                };
                match text::shortest_digits(lo) {
                    Some(digits) => {
                        text::shortest_digits_upto(hi, digits.0.len()).as_ref() == Some(&digits)
                    }
                    None => false,
                }
            }
            _ => false,
        }
    }

    /// Whether a finite number lies beyond `2^±bits`: `Greater` when its
    /// magnitude is `2^bits` or more, `Less` when it is nonzero and
    /// `2^-bits` or less, `None` otherwise (zeros and infinities
    /// included). Decided from the exponent, without any arithmetic.
    pub(crate) fn magnitude_beyond(&self, bits: u32) -> Option<Ordering> {
        let Repr::Finite { mant, exp, .. } = &self.repr else {
            return None;
        };
        // The magnitude lies in [2^(top-1), 2^top); it is 2^(top-1) when
        // the (odd) mantissa is 1.
        let top = exp.saturating_add(i64::try_from(mant.bits()).unwrap_or(i64::MAX));
        let bits = i64::from(bits);
        if top > bits {
            Some(Ordering::Greater)
        } else if top <= -bits || (top == 1 - bits && mant.bits() == 1) {
            Some(Ordering::Less)
        } else {
            None
        }
    }

    /// The number's text, kept short for huge and tiny magnitudes: its
    /// [`Display`](fmt::Display) text, except for a finite number of
    /// magnitude `2^1048576` or more, or nonzero and `2^-1048576` or less
    /// (see
    /// [`NUMBER_TEXT_MAX_BITS`](crate::value::NUMBER_TEXT_MAX_BITS)),
    /// whose full text would be hundreds of thousands of digits or more:
    /// for those, the shortest digits in exponent form. Either form reads
    /// back as the same number (at 512 bits) and is valid JSON.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::value::Number;
    ///
    /// let n = |s| Number::parse_literal(s).unwrap();
    /// assert_eq!(n("1e6").to_text_bounded(), "1000000");
    /// assert_eq!(n("-2.5e600000000").to_text_bounded(), "-2.5e+600000000");
    /// assert_eq!(n("1e-600000000").to_text_bounded(), "1e-600000000");
    /// assert_eq!(n("1e-600000000").to_text_bounded().len(), 12);
    /// ```
    pub fn to_text_bounded(&self) -> String {
        if self
            .magnitude_beyond(crate::value::NUMBER_TEXT_MAX_BITS)
            .is_some()
        {
            return self.to_text('e', None).unwrap_or_default();
        }
        self.to_string()
    }

    /// About how many characters the number's text takes when that is more
    /// than a few hundred, else 0: what writing the number out (or
    /// comparing or hashing it by its text) costs, which evaluation counts
    /// like the bytes of a string. That is its digits when its precision
    /// is over 1024 bits (`parseint` makes exact integers of up to 21 177
    /// bits, about 6 400 digits), plus its zeros when it is below `2^-1024`
    /// or from `2^1024`, unless it is too large or small to be written out
    /// at all (see
    /// [`NUMBER_TEXT_MAX_BITS`](crate::value::NUMBER_TEXT_MAX_BITS)).
    pub(crate) fn long_text_bytes(&self) -> u64 {
        let Repr::Finite { mant, exp, .. } = &self.repr else {
            return 0;
        };
        let digits = if self.prec > 1024 {
            u64::from(self.prec) * 30_103 / 100_000 + 1
        } else {
            0
        };
        if self
            .magnitude_beyond(crate::value::NUMBER_TEXT_MAX_BITS)
            .is_some()
        {
            return digits;
        }
        let top = exp.saturating_add(i64::try_from(mant.bits()).unwrap_or(i64::MAX));
        let top = top.unsigned_abs();
        if top <= 1024 {
            return digits;
        }
        digits + top.saturating_mul(30_103) / 100_000 + 1
    }

    /// A key that two numbers share exactly when [`Number::equals`] holds
    /// (`-0` and `0` included): the sign and shortest digits, without
    /// writing out the zeros of a number with a huge exponent.
    pub(crate) fn text_key(&self) -> String {
        match &self.repr {
            Repr::Zero { .. } => "0".into(),
            Repr::Inf { neg: true } => "-Inf".into(),
            Repr::Inf { neg: false } => "+Inf".into(),
            Repr::Finite { neg, .. } => {
                let (digits, exp) = text::shortest_digits(self).unwrap_or_default();
                let mut key = String::with_capacity(digits.len() + 24);
                if *neg {
                    key.push('-');
                }
                key.extend(digits.iter().map(|&d| char::from(d)));
                key.push('e');
                key.push_str(&exp.to_string());
                key
            }
        }
    }

    /// The number's text in one of the reference's formats (Go's
    /// `big.Float.Text`): `'f'` (`123.45`), `'e'`/`'E'` (`1.2345e+02`) or
    /// `'g'`/`'G'` (`%e` for large and small exponents, `%f` otherwise),
    /// with `precision` digits (after the point for `f` and `e`,
    /// significant for `g`), rounding the exact value to nearest with ties
    /// to even; with `None`, the shortest digits that identify the number.
    /// `None` for any other format.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::value::Number;
    ///
    /// let n = Number::parse_str("1234.5678").unwrap();
    /// assert_eq!(n.to_text('f', Some(2)).unwrap(), "1234.57");
    /// assert_eq!(n.to_text('e', Some(3)).unwrap(), "1.235e+03");
    /// assert_eq!(n.to_text('g', None).unwrap(), "1234.5678");
    /// assert_eq!(n.to_text('g', Some(10)).unwrap(), "1234.5678");
    /// assert_eq!(Number::parse_str("1e21").unwrap().to_text('g', None).unwrap(), "1e+21");
    /// assert!(n.to_text('x', None).is_none());
    /// ```
    pub fn to_text(&self, format: char, precision: Option<usize>) -> Option<String> {
        if !matches!(format, 'e' | 'E' | 'f' | 'g' | 'G') {
            return None;
        }
        let prec = precision.map_or(-1, |p| i64::try_from(p).unwrap_or(i64::MAX));
        let mut out = String::new();
        text::write_text(&mut out, self, format, prec).ok()?;
        Some(out)
    }

    fn zero(prec: u32) -> Number {
        Number {
            prec,
            repr: Repr::Zero { neg: false },
        }
    }

    fn small(neg: bool, m: u64, prec: u32) -> Number {
        Number {
            prec,
            repr: round_u128(neg, u128::from(m), 0, false, prec),
        }
    }
}

impl PartialEq for Number {
    fn eq(&self, other: &Number) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Number {}

impl PartialOrd for Number {
    fn partial_cmp(&self, other: &Number) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Number {
    /// Numeric order: `-∞ < … < -0 == 0 < … < +∞`.
    fn cmp(&self, other: &Number) -> Ordering {
        let class = |n: &Number| match &n.repr {
            Repr::Inf { neg: true } => 0,
            Repr::Finite { neg: true, .. } => 1,
            Repr::Zero { .. } => 2,
            Repr::Finite { neg: false, .. } => 3,
            Repr::Inf { neg: false } => 4,
        };
        match (&self.repr, &other.repr) {
            (
                Repr::Finite {
                    neg: n1,
                    mant: m1,
                    exp: e1,
                },
                Repr::Finite {
                    neg: n2,
                    mant: m2,
                    exp: e2,
                },
            ) if n1 == n2 => {
                let ord = cmp_finite_abs((m1, *e1), (m2, *e2));
                if *n1 {
                    ord.reverse()
                } else {
                    ord
                }
            }
            _ => class(self).cmp(&class(other)),
        }
    }
}

impl Hash for Number {
    fn hash<H: Hasher>(&self, state: &mut H) {
        match &self.repr {
            Repr::Zero { .. } => 0u8.hash(state),
            Repr::Inf { neg } => (1u8, *neg).hash(state),
            Repr::Finite { neg, mant, exp } => {
                (2u8, *neg, *exp).hash(state);
                mant.hash(state);
            }
        }
    }
}

impl fmt::Display for Number {
    /// The shortest decimal text that identifies the number at its
    /// precision: no exponent, no trailing zeros, `-0`, `+Inf`, `-Inf`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        text::write_text(f, self, 'f', -1)
    }
}

impl fmt::Debug for Number {
    /// The [bounded text](Number::to_text_bounded) and the precision.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Number({}, prec={})", self.to_text_bounded(), self.prec)
    }
}

/// Numbers whose magnitude is `2^NUMBER_TEXT_MAX_BITS` or more (about
/// 315 000 decimal digits), or nonzero and `2^-NUMBER_TEXT_MAX_BITS` or
/// less, have too long a text to write out: `jsonencode` and `format` (any
/// verb formatting a number) refuse them, and so does every conversion of a
/// number to a string (`tostring`, template interpolation, a number given
/// where a string is expected), with an error naming this limit.
/// (`1e315000` is written out, `1e316000` is not.)
pub const NUMBER_TEXT_MAX_BITS: u32 = 1 << 20;

/// Fails for a finite number too large, or too small but not zero, to
/// write out (see [`NUMBER_TEXT_MAX_BITS`]).
pub(crate) fn check_number_text(n: &Number) -> Result<(), String> {
    match n.magnitude_beyond(NUMBER_TEXT_MAX_BITS) {
        Some(Ordering::Greater) => Err(format!(
            "the number is too large to write out (2^{NUMBER_TEXT_MAX_BITS} or more, NUMBER_TEXT_MAX_BITS)"
        )),
        Some(_) => Err(format!(
            "the number is too small to write out (2^-{NUMBER_TEXT_MAX_BITS} or less, NUMBER_TEXT_MAX_BITS)"
        )),
        None => Ok(()),
    }
}
