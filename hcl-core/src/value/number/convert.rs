//! Conversions between numbers and machine integers, floats and big
//! integers.

use std::cmp::Ordering;

use num_bigint::BigInt;
use num_traits::ToPrimitive;

use super::core::{f64_parts, round_int, to_f64_rounded, Mant, Repr};
use super::parse::PARSE_PREC;
use super::{Number, FLOAT_PREC, INT_PREC};

impl Number {
    /// A number from a machine integer, with 64 bits of precision.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::value::Number;
    ///
    /// let n = Number::from_i64(-42);
    /// assert_eq!(n.to_string(), "-42");
    /// assert_eq!(n.precision(), 64);
    /// ```
    pub fn from_i64(v: i64) -> Number {
        let m = v.unsigned_abs();
        if m == 0 {
            return Number::zero(INT_PREC);
        }
        Number::small(v < 0, m, INT_PREC)
    }

    /// A number from an unsigned machine integer, with 64 bits of
    /// precision.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::value::Number;
    ///
    /// assert_eq!(Number::from_u64(u64::MAX).to_string(), "18446744073709551615");
    /// ```
    pub fn from_u64(v: u64) -> Number {
        if v == 0 {
            return Number::zero(INT_PREC);
        }
        Number::small(false, v, INT_PREC)
    }

    /// A number from a float, with 53 bits of precision; `None` for NaN.
    /// Infinities and `-0.0` are kept.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::value::Number;
    ///
    /// let n = Number::from_f64(2f64.sqrt()).unwrap();
    /// assert_eq!(n.to_string(), "1.4142135623730951");
    /// assert_eq!(n.precision(), 53);
    /// assert!(Number::from_f64(f64::NAN).is_none());
    /// ```
    pub fn from_f64(v: f64) -> Option<Number> {
        if v.is_nan() {
            return None;
        }
        let repr = if v.is_infinite() {
            Repr::Inf { neg: v < 0.0 }
        } else if v == 0.0 {
            Repr::Zero {
                neg: v.is_sign_negative(),
            }
        } else {
            let (neg, mant, exp) = f64_parts(v);
            Repr::Finite {
                neg,
                mant: Mant::Small(mant),
                exp,
            }
        };
        Some(Number {
            prec: FLOAT_PREC,
            repr,
        })
    }

    /// A number from a big integer, rounded to 512 bits: the number its
    /// decimal text would parse to.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::value::Number;
    /// use num_bigint::BigInt;
    ///
    /// let n = Number::from_bigint(&BigInt::from(7));
    /// assert_eq!(n.precision(), 512);
    /// assert_eq!(n, Number::parse_literal("7").unwrap());
    /// ```
    pub fn from_bigint(v: &BigInt) -> Number {
        Number {
            prec: PARSE_PREC,
            repr: round_int(v, PARSE_PREC),
        }
    }

    /// A number holding a big integer exactly, with as many bits of
    /// precision as the integer has (at least 64): how the reference makes
    /// numbers from integers it computed (`parseint`, the integer part of a
    /// number).
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::value::Number;
    /// use num_bigint::BigInt;
    ///
    /// let big = BigInt::from(1) << 600u32;
    /// let n = Number::from_bigint_exact(&big);
    /// assert_eq!(n.precision(), 601);
    /// assert_eq!(n.to_bigint(), Some(big));
    /// assert_eq!(Number::from_bigint_exact(&BigInt::from(5)).precision(), 64);
    /// ```
    pub fn from_bigint_exact(v: &BigInt) -> Number {
        let prec = u32::try_from(v.bits()).unwrap_or(u32::MAX).max(INT_PREC);
        Number {
            prec,
            repr: round_int(v, prec),
        }
    }

    /// The exact value as an `i64`, if it is a whole number in range.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::value::Number;
    ///
    /// assert_eq!(Number::from_i64(i64::MIN).to_i64(), Some(i64::MIN));
    /// assert_eq!(Number::parse_str("9223372036854775808").unwrap().to_i64(), None);
    /// assert_eq!(Number::parse_str("1.5").unwrap().to_i64(), None);
    /// ```
    pub fn to_i64(&self) -> Option<i64> {
        self.to_i128().and_then(|v| i64::try_from(v).ok())
    }

    /// The exact value as a `u64`, if it is a whole number in range.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::value::Number;
    ///
    /// assert_eq!(Number::from_u64(u64::MAX).to_u64(), Some(u64::MAX));
    /// assert_eq!(Number::from_i64(-1).to_u64(), None);
    /// ```
    pub fn to_u64(&self) -> Option<u64> {
        self.to_u128().and_then(|v| u64::try_from(v).ok())
    }

    /// The exact value as an `i128`, if it is a whole number in range.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::value::Number;
    ///
    /// let n = Number::parse_str("-170141183460469231731687303715884105728").unwrap();
    /// assert_eq!(n.to_i128(), Some(i128::MIN));
    /// assert_eq!(n.sub(&Number::from_i64(1)).unwrap().to_i128(), None);
    /// ```
    pub fn to_i128(&self) -> Option<i128> {
        let mag = self.magnitude_u128()?;
        if self.is_sign_negative() {
            0i128.checked_sub_unsigned(mag)
        } else {
            i128::try_from(mag).ok()
        }
    }

    /// The exact value as a `u128`, if it is a whole number in range.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::value::Number;
    ///
    /// let n = Number::parse_str("340282366920938463463374607431768211455").unwrap();
    /// assert_eq!(n.to_u128(), Some(u128::MAX));
    /// assert_eq!(Number::from_i64(0).neg().to_u128(), Some(0));
    /// ```
    pub fn to_u128(&self) -> Option<u128> {
        let mag = self.magnitude_u128()?;
        (mag == 0 || !self.is_sign_negative()).then_some(mag)
    }

    /// The magnitude of a whole number that fits in 128 bits.
    fn magnitude_u128(&self) -> Option<u128> {
        match &self.repr {
            Repr::Zero { .. } => Some(0),
            Repr::Inf { .. } => None,
            Repr::Finite { mant, exp, .. } => {
                if *exp < 0 || exp.saturating_add(mant.bits() as i64) > 128 {
                    return None;
                }
                let m = match mant {
                    Mant::Small(v) => u128::from(*v),
                    Mant::Big(v) => v.to_u128()?,
                };
                Some(m << *exp)
            }
        }
    }

    /// The nearest `f64`, ties to even; numbers beyond the `f64` range
    /// become infinities and tiny ones zeros (of the same sign).
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::value::Number;
    ///
    /// assert_eq!(Number::parse_str("0.1").unwrap().to_f64(), 0.1);
    /// assert_eq!(Number::parse_str("1e400").unwrap().to_f64(), f64::INFINITY);
    /// ```
    pub fn to_f64(&self) -> f64 {
        to_f64_rounded(self).0
    }

    /// The nearest `f64`, or `None` when a finite number is beyond the
    /// `f64` range (the reference's check when a function needs a float).
    /// Infinities convert to infinities.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::value::Number;
    ///
    /// assert_eq!(Number::parse_str("2.5").unwrap().to_f64_checked(), Some(2.5));
    /// assert_eq!(Number::parse_str("1e400").unwrap().to_f64_checked(), None);
    /// assert_eq!(Number::infinity().to_f64_checked(), Some(f64::INFINITY));
    /// ```
    pub fn to_f64_checked(&self) -> Option<f64> {
        let (v, ord) = to_f64_rounded(self);
        (ord == Ordering::Equal || v.is_finite()).then_some(v)
    }

    /// The nearest `f64` of a number literal's text: exactly
    /// `Number::parse_literal(text)?.to_f64_checked()`, without computing
    /// the 512-bit value for a short decimal such as `8080` or `376.55` (up
    /// to 19 digits, scaled by at most `10^±27`), which reads the same.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::value::Number;
    ///
    /// assert_eq!(Number::literal_to_f64("376.55"), Some(376.55));
    /// assert_eq!(Number::literal_to_f64("-2.5e-3"), Some(-0.0025));
    /// assert_eq!(Number::literal_to_f64("1e400"), None);
    /// assert_eq!(Number::literal_to_f64("1.2.3"), None);
    /// ```
    pub fn literal_to_f64(text: &str) -> Option<f64> {
        match super::parse::short_decimal_f64(text) {
            Some(f) => Some(f),
            None => Number::parse_literal(text)?.to_f64_checked(),
        }
    }

    /// The exact value as a big integer, if it is a whole number.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::value::Number;
    /// use num_bigint::BigInt;
    ///
    /// let n = Number::parse_str("-1e30").unwrap();
    /// assert_eq!(n.to_bigint(), Some(-BigInt::from(10u32).pow(30)));
    /// assert_eq!(Number::parse_str("0.5").unwrap().to_bigint(), None);
    /// ```
    pub fn to_bigint(&self) -> Option<BigInt> {
        match self.trunc_int()? {
            (i, true) => Some(i),
            _ => None,
        }
    }
}

impl From<i64> for Number {
    fn from(v: i64) -> Number {
        Number::from_i64(v)
    }
}

impl From<u64> for Number {
    fn from(v: u64) -> Number {
        Number::from_u64(v)
    }
}
