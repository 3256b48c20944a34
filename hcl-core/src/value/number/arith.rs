//! Arithmetic and rounding of [`Number`]s: the operators of the language
//! and the integral parts the functions take.

use super::core::{round_int, round_repr, Repr};
use super::*;

impl Number {
    /// Sum, at the larger precision of the operands; `None` when the result
    /// is not a number (`∞ + -∞`). An exact zero sum is `0`; `-0 + -0` is
    /// `-0`.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::value::Number;
    ///
    /// let a = Number::parse_literal("9007199254740993").unwrap();
    /// assert_eq!(a.add(&Number::from_i64(0)).unwrap().to_string(), "9007199254740993");
    /// assert!(Number::infinity().add(&Number::neg_infinity()).is_none());
    /// ```
    pub fn add(&self, other: &Number) -> Option<Number> {
        self.add_at(other, self.prec.max(other.prec))
    }

    /// Difference (`self + -other`), at the larger precision of the
    /// operands; `None` when the result is not a number (`∞ - ∞`).
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::value::Number;
    ///
    /// let a = Number::parse_literal("2").unwrap();
    /// let b = Number::parse_literal("3.5").unwrap();
    /// assert_eq!(a.sub(&b).unwrap().to_string(), "-1.5");
    /// assert!(Number::infinity().sub(&Number::infinity()).is_none());
    /// ```
    pub fn sub(&self, other: &Number) -> Option<Number> {
        self.add(&other.neg())
    }

    /// Product; `None` when the result is not a number (`0 × ∞`). The
    /// product is rounded to 512 bits, and its precision is the larger of
    /// the operands' precisions and the bits the rounded product needs.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::value::Number;
    ///
    /// let a = Number::parse_literal("18446744073709551616").unwrap();
    /// assert_eq!(a.mul(&a).unwrap().to_string(), "340282366920938463463374607431768211456");
    /// let z = Number::parse_literal("0").unwrap();
    /// assert_eq!(z.mul(&Number::from_i64(-1)).unwrap().to_string(), "-0");
    /// assert!(z.mul(&Number::infinity()).is_none());
    /// ```
    pub fn mul(&self, other: &Number) -> Option<Number> {
        let mut r = self.mul_at(other, MUL_PREC)?;
        let need = r.min_precision();
        r.prec = self.prec.max(other.prec).max(need);
        Some(r)
    }

    /// Quotient, at the larger precision of the operands. A nonzero number
    /// divided by zero is an infinity whose sign is the product of the
    /// signs; `None` for `0 / 0` and `∞ / ∞`.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::value::Number;
    ///
    /// let two = Number::parse_literal("2").unwrap();
    /// let zero = Number::parse_literal("0").unwrap();
    /// assert_eq!(two.div(&zero).unwrap().to_string(), "+Inf");
    /// assert_eq!(two.neg().div(&zero).unwrap().to_string(), "-Inf");
    /// assert!(zero.div(&zero).is_none());
    /// ```
    pub fn div(&self, other: &Number) -> Option<Number> {
        self.quo_at(other, self.prec.max(other.prec))
    }

    /// Remainder of the division truncated toward zero, with the sign of
    /// the dividend, as the reference computes it: the quotient is rounded
    /// at the larger precision of the operands and truncated, then
    /// `self - other × quotient` is computed at the dividend's precision.
    /// `x % 0` (either zero) is `x`, infinities included; otherwise `None`
    /// when either operand is infinite.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::value::Number;
    ///
    /// let n = |s| Number::parse_literal(s).unwrap();
    /// assert_eq!(n("7.5").rem(&n("2")).unwrap().to_string(), "1.5");
    /// assert_eq!(n("7").neg().rem(&n("3")).unwrap().to_string(), "-1");
    /// assert_eq!(n("5").rem(&n("0")).unwrap().to_string(), "5");
    /// assert!(n("5").rem(&Number::infinity()).is_none());
    /// ```
    pub fn rem(&self, other: &Number) -> Option<Number> {
        if other.is_zero() {
            return Some(self.clone());
        }
        if self.is_infinite() || other.is_infinite() {
            return None;
        }
        let rat = self.quo_at(other, self.prec.max(other.prec))?;
        let q = match &rat.repr {
            // A whole quotient is its own integer part; rounding it to the
            // dividend's precision needs no expansion to an integer.
            Repr::Finite { exp, .. } if *exp >= 0 => Number {
                prec: self.prec,
                repr: round_repr(&rat.repr, self.prec),
            },
            _ => {
                let (q, _) = rat.trunc_int()?;
                Number {
                    prec: self.prec,
                    repr: round_int(&q, self.prec),
                }
            }
        };
        let prod = other.mul_at(&q, self.prec)?;
        self.add_at(&prod.neg(), self.prec)
    }

    /// Negation (`-0` for `0`), at the same precision.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::value::Number;
    ///
    /// assert_eq!(Number::from_i64(3).neg().to_string(), "-3");
    /// assert_eq!(Number::from_i64(0).neg().to_string(), "-0");
    /// ```
    pub fn neg(&self) -> Number {
        let repr = match &self.repr {
            Repr::Zero { neg } => Repr::Zero { neg: !neg },
            Repr::Inf { neg } => Repr::Inf { neg: !neg },
            Repr::Finite { neg, mant, exp } => Repr::Finite {
                neg: !neg,
                mant: mant.clone(),
                exp: *exp,
            },
        };
        Number {
            prec: self.prec,
            repr,
        }
    }

    /// Absolute value (`0` for `-0`), at the same precision.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::value::Number;
    ///
    /// assert_eq!(Number::from_i64(-3).abs().to_string(), "3");
    /// assert_eq!(Number::neg_infinity().abs().to_string(), "+Inf");
    /// ```
    pub fn abs(&self) -> Number {
        if self.is_sign_negative() {
            self.neg()
        } else {
            self.clone()
        }
    }

    /// The sign: `-1`, `0` (for either zero) or `1`.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::value::Number;
    ///
    /// assert_eq!(Number::from_i64(-3).signum(), -1);
    /// assert_eq!(Number::from_i64(0).neg().signum(), 0);
    /// assert_eq!(Number::infinity().signum(), 1);
    /// ```
    pub fn signum(&self) -> i8 {
        match &self.repr {
            Repr::Zero { .. } => 0,
            Repr::Inf { neg } | Repr::Finite { neg, .. } => {
                if *neg {
                    -1
                } else {
                    1
                }
            }
        }
    }

    /// The largest whole number not above this one, at this number's
    /// precision (as the reference's `floor`); infinities are returned
    /// unchanged and `floor(-0)` is `0`.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::value::Number;
    ///
    /// let n = |s| Number::parse_str(s).unwrap();
    /// assert_eq!(n("2.5").floor().to_string(), "2");
    /// assert_eq!(n("-2.5").floor().to_string(), "-3");
    /// ```
    pub fn floor(&self) -> Number {
        self.round_integral(false)
    }

    /// The smallest whole number not below this one, at this number's
    /// precision (as the reference's `ceil`); infinities are returned
    /// unchanged and `ceil(-0.5)` is `0`.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::value::Number;
    ///
    /// let n = |s| Number::parse_str(s).unwrap();
    /// assert_eq!(n("2.5").ceil().to_string(), "3");
    /// assert_eq!(n("-0.5").ceil().to_string(), "0");
    /// ```
    pub fn ceil(&self) -> Number {
        self.round_integral(true)
    }

    fn round_integral(&self, up: bool) -> Number {
        if self.is_integer() && !self.is_zero() {
            return self.clone();
        }
        let Some((mut i, exact)) = self.trunc_int() else {
            return self.clone();
        };
        if !exact {
            // Truncation moved a negative number up and a positive one down.
            match (up, self.is_sign_negative()) {
                (true, false) => i += 1,
                (false, true) => i -= 1,
                _ => {}
            }
        }
        Number {
            prec: self.prec,
            repr: round_int(&i, self.prec),
        }
    }

    /// The integer part, truncated toward zero: the number itself when it
    /// is already whole (`-0` included), otherwise a new exact integer
    /// with at least 64 bits of precision (see
    /// [`Number::from_bigint_exact`]). `None` for infinities.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::value::Number;
    ///
    /// let n = |s| Number::parse_str(s).unwrap();
    /// assert_eq!(n("-2.7").trunc().unwrap().to_string(), "-2");
    /// assert_eq!(n("0.5").trunc().unwrap().to_string(), "0");
    /// assert!(Number::infinity().trunc().is_none());
    /// ```
    pub fn trunc(&self) -> Option<Number> {
        if self.is_integer() {
            return Some(self.clone());
        }
        let (i, _) = self.trunc_int()?;
        Some(Number::from_bigint_exact(&i))
    }
}
