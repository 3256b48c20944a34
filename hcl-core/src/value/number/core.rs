//! Representation and exactly rounded arithmetic.
//!
//! A finite number is `±mant × 2^exp` with an odd mantissa, so every value
//! has exactly one representation. Each operation computes its exact result
//! (or, for a quotient, enough bits of it plus a sticky bit) and rounds once
//! to the requested precision, to nearest with ties to even.
//!
//! The binary exponent range is the reference's: writing a value as
//! `0.m × 2^e` with `0.5 ≤ 0.m < 1`, `e` must lie in `MIN_EXP..=MAX_EXP`.
//! A result whose exponent is too small becomes a zero of the same sign, one
//! whose exponent is too large becomes an infinity.

use std::cmp::Ordering;

use num_bigint::{BigInt, BigUint, Sign};
use num_integer::Integer;
use num_traits::{One, ToPrimitive, Zero};

use super::Number;

/// Smallest binary exponent of a finite number (in the `0.m × 2^e` form).
pub(super) const MIN_EXP: i64 = i32::MIN as i64;
/// Largest binary exponent of a finite number (in the `0.m × 2^e` form).
pub(super) const MAX_EXP: i64 = i32::MAX as i64;

/// An odd mantissa: inline when it fits in 64 bits.
#[derive(Clone, PartialEq, Eq, Hash)]
pub(super) enum Mant {
    Small(u64),
    Big(BigUint),
}

impl Mant {
    pub(super) fn from_big(v: BigUint) -> Mant {
        match v.to_u64() {
            Some(s) => Mant::Small(s),
            None => Mant::Big(v),
        }
    }

    fn from_u128(v: u128) -> Mant {
        match u64::try_from(v) {
            Ok(s) => Mant::Small(s),
            Err(_) => Mant::Big(BigUint::from(v)),
        }
    }

    /// Number of significant bits.
    pub(super) fn bits(&self) -> u64 {
        match self {
            Mant::Small(v) => u64::from(64 - v.leading_zeros()),
            Mant::Big(v) => v.bits(),
        }
    }

    pub(super) fn to_big(&self) -> BigUint {
        match self {
            Mant::Small(v) => BigUint::from(*v),
            Mant::Big(v) => v.clone(),
        }
    }
}

/// The value of a number, without its precision.
#[derive(Clone)]
pub(super) enum Repr {
    Zero { neg: bool },
    Inf { neg: bool },
    Finite { neg: bool, mant: Mant, exp: i64 },
}

fn bits_u128(v: u128) -> u64 {
    u64::from(128 - v.leading_zeros())
}

/// Rounds `±m × 2^exp` (plus a nonzero amount below its last bit when
/// `sticky`) to `prec` bits. `m` must not be zero.
pub(super) fn round_u128(neg: bool, m: u128, exp: i64, sticky: bool, prec: u32) -> Repr {
    let b = bits_u128(m);
    if b == 0 {
        return Repr::Zero { neg };
    }
    if exp.saturating_add(b as i64) < MIN_EXP {
        return Repr::Zero { neg };
    }
    let p = u64::from(prec.max(1));
    let (mut keep, mut e) = (m, exp);
    if b > p {
        let r = (b - p) as u32;
        keep = m >> r;
        let half = (m >> (r - 1)) & 1 == 1;
        let rest = sticky || m & ((1u128 << (r - 1)) - 1) != 0;
        e = exp + i64::from(r);
        if half && (rest || keep & 1 == 1) {
            keep += 1;
        }
    }
    let tz = keep.trailing_zeros();
    keep >>= tz;
    e += i64::from(tz);
    if e + bits_u128(keep) as i64 > MAX_EXP {
        return Repr::Inf { neg };
    }
    Repr::Finite {
        neg,
        mant: Mant::from_u128(keep),
        exp: e,
    }
}

/// Rounds `±m × 2^exp` (plus a nonzero amount below its last bit when
/// `sticky`) to `prec` bits.
pub(super) fn round_big(neg: bool, m: &BigUint, exp: i64, sticky: bool, prec: u32) -> Repr {
    let b = m.bits();
    if b <= 128 {
        return match m.to_u128() {
            Some(v) if v != 0 => round_u128(neg, v, exp, sticky, prec),
            _ => Repr::Zero { neg },
        };
    }
    if exp.saturating_add(b as i64) < MIN_EXP {
        return Repr::Zero { neg };
    }
    let p = u64::from(prec.max(1));
    let (mut keep, mut e) = if b > p {
        let r = b - p;
        let mut keep: BigUint = m >> r;
        let half = m.bit(r - 1);
        let rest = sticky || m.trailing_zeros().is_some_and(|tz| tz < r - 1);
        if half && (rest || keep.bit(0)) {
            keep += 1u32;
        }
        (keep, exp + r as i64)
    } else {
        (m.clone(), exp)
    };
    let tz = keep.trailing_zeros().unwrap_or(0);
    keep >>= tz;
    e += tz as i64;
    if e + keep.bits() as i64 > MAX_EXP {
        return Repr::Inf { neg };
    }
    Repr::Finite {
        neg,
        mant: Mant::from_big(keep),
        exp: e,
    }
}

/// Rounds a value to `prec` bits (the reference's `SetPrec`).
pub(super) fn round_repr(r: &Repr, prec: u32) -> Repr {
    match r {
        Repr::Finite { neg, mant, exp } if mant.bits() > u64::from(prec) => match mant {
            Mant::Small(v) => round_u128(*neg, u128::from(*v), *exp, false, prec),
            Mant::Big(v) => round_big(*neg, v, *exp, false, prec),
        },
        other => other.clone(),
    }
}

/// Rounds a big integer to `prec` bits.
pub(super) fn round_int(v: &BigInt, prec: u32) -> Repr {
    let neg = v.sign() == Sign::Minus;
    if v.is_zero() {
        return Repr::Zero { neg: false };
    }
    round_big(neg, v.magnitude(), 0, false, prec)
}

/// `a + b` for finite values, exactly rounded to `prec` bits. An exact
/// zero result is `+0`.
fn add_finite(a: (bool, &Mant, i64), b: (bool, &Mant, i64), prec: u32) -> Repr {
    let ((na, ma, ea), (nb, mb, eb)) = (a, b);
    if let (Mant::Small(x), Mant::Small(y)) = (ma, mb) {
        let e = ea.min(eb);
        let (sa, sb) = (ea - e, eb - e);
        if sa + (ma.bits() as i64) <= 126 && sb + (mb.bits() as i64) <= 126 {
            let x = u128::from(*x) << sa;
            let y = u128::from(*y) << sb;
            return if na == nb {
                round_u128(na, x + y, e, false, prec)
            } else {
                match x.cmp(&y) {
                    Ordering::Greater => round_u128(na, x - y, e, false, prec),
                    Ordering::Less => round_u128(nb, y - x, e, false, prec),
                    Ordering::Equal => Repr::Zero { neg: false },
                }
            };
        }
    }
    // Order the operands so that `hi` has the higher leading bit.
    let ta = ea + ma.bits() as i64;
    let tb = eb + mb.bits() as i64;
    let ((nh, mh, eh, th), (nl, ml, el, tl)) = if ta >= tb {
        ((na, ma, ea, ta), (nb, mb, eb, tb))
    } else {
        ((nb, mb, eb, tb), (na, ma, ea, ta))
    };
    // An operand entirely below the rounding position of the result only
    // matters through its sign and being nonzero: any value below
    // 2^limit gives the same rounded result, so use a single bit instead of
    // shifting the operands far apart.
    let limit = eh.min(th - i64::from(prec) - 3);
    let (ml, el) = if tl <= limit {
        (BigUint::one(), limit - 1)
    } else {
        (ml.to_big(), el)
    };
    let e = eh.min(el);
    let x: BigUint = mh.to_big() << ((eh - e) as u64);
    let y: BigUint = ml << ((el - e) as u64);
    if nh == nl {
        return round_big(nh, &(x + y), e, false, prec);
    }
    match x.cmp(&y) {
        Ordering::Greater => round_big(nh, &(x - y), e, false, prec),
        Ordering::Less => round_big(nl, &(y - x), e, false, prec),
        Ordering::Equal => Repr::Zero { neg: false },
    }
}

impl Number {
    /// The reference's `Add` into a result of precision `prec`; `None`
    /// for `∞ + −∞`.
    pub(super) fn add_at(&self, y: &Number, prec: u32) -> Option<Number> {
        let repr = match (&self.repr, &y.repr) {
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
            ) => add_finite((*n1, m1, *e1), (*n2, m2, *e2), prec),
            (Repr::Inf { neg: a }, Repr::Inf { neg: b }) if a != b => return None,
            (Repr::Zero { neg: a }, Repr::Zero { neg: b }) => Repr::Zero { neg: *a && *b },
            (Repr::Inf { .. }, _) | (_, Repr::Zero { .. }) => round_repr(&self.repr, prec),
            _ => round_repr(&y.repr, prec),
        };
        Some(Number { prec, repr })
    }

    /// The reference's `Mul` into a result of precision `prec`; `None`
    /// for `0 × ∞`.
    pub(super) fn mul_at(&self, y: &Number, prec: u32) -> Option<Number> {
        let neg = self.is_sign_negative() != y.is_sign_negative();
        let repr = match (&self.repr, &y.repr) {
            (
                Repr::Finite {
                    mant: m1, exp: e1, ..
                },
                Repr::Finite {
                    mant: m2, exp: e2, ..
                },
            ) => {
                let e = e1 + e2;
                match (m1, m2) {
                    (Mant::Small(a), Mant::Small(b)) => {
                        round_u128(neg, u128::from(*a) * u128::from(*b), e, false, prec)
                    }
                    _ => round_big(neg, &(m1.to_big() * m2.to_big()), e, false, prec),
                }
            }
            (Repr::Zero { .. }, Repr::Inf { .. }) | (Repr::Inf { .. }, Repr::Zero { .. }) => {
                return None
            }
            (Repr::Inf { .. }, _) | (_, Repr::Inf { .. }) => Repr::Inf { neg },
            _ => Repr::Zero { neg },
        };
        Some(Number { prec, repr })
    }

    /// The reference's `Quo` into a result of precision `prec`; `None` for
    /// `0 / 0` and `∞ / ∞`.
    pub(super) fn quo_at(&self, y: &Number, prec: u32) -> Option<Number> {
        let neg = self.is_sign_negative() != y.is_sign_negative();
        let repr = match (&self.repr, &y.repr) {
            (
                Repr::Finite {
                    mant: m1, exp: e1, ..
                },
                Repr::Finite {
                    mant: m2, exp: e2, ..
                },
            ) => quo_finite(neg, (m1, *e1), (m2, *e2), prec),
            (Repr::Zero { .. }, Repr::Zero { .. }) | (Repr::Inf { .. }, Repr::Inf { .. }) => {
                return None
            }
            (Repr::Zero { .. }, _) | (_, Repr::Inf { .. }) => Repr::Zero { neg },
            _ => Repr::Inf { neg },
        };
        Some(Number { prec, repr })
    }

    /// The integer part (truncated toward zero) and whether it is exact;
    /// `None` for infinities.
    pub(super) fn trunc_int(&self) -> Option<(BigInt, bool)> {
        match &self.repr {
            Repr::Inf { .. } => None,
            Repr::Zero { .. } => Some((BigInt::zero(), true)),
            Repr::Finite { neg, mant, exp } => {
                let sign = if *neg { Sign::Minus } else { Sign::Plus };
                if *exp >= 0 {
                    let mag = mant.to_big() << (*exp as u64);
                    return Some((BigInt::from_biguint(sign, mag), true));
                }
                let shift = exp.unsigned_abs();
                if shift >= mant.bits() {
                    return Some((BigInt::zero(), false));
                }
                let mag = mant.to_big() >> shift;
                // The mantissa is odd, so a negative exponent always drops bits.
                Some((BigInt::from_biguint(sign, mag), false))
            }
        }
    }
}

/// The quotient of two finite magnitudes, rounded to `prec` bits.
fn quo_finite(neg: bool, x: (&Mant, i64), y: (&Mant, i64), prec: u32) -> Repr {
    let ((m1, e1), (m2, e2)) = (x, y);
    let (b1, b2) = (m1.bits() as i64, m2.bits() as i64);
    // Scale the dividend so that the quotient has at least prec + 3 bits.
    let k = (i64::from(prec) + 3 + b2 - b1).max(0);
    let e = e1 - e2 - k;
    if let (Mant::Small(a), Mant::Small(b)) = (m1, m2) {
        if b1 + k <= 127 {
            let a = u128::from(*a) << k;
            let b = u128::from(*b);
            return round_u128(neg, a / b, e, a % b != 0, prec);
        }
    }
    let a = m1.to_big() << (k as u64);
    let (q, r) = a.div_rem(&m2.to_big());
    round_big(neg, &q, e, !r.is_zero(), prec)
}

/// Numeric comparison of magnitudes of two finite numbers.
pub(super) fn cmp_finite_abs(a: (&Mant, i64), b: (&Mant, i64)) -> Ordering {
    let ((ma, ea), (mb, eb)) = (a, b);
    let ta = ea + ma.bits() as i64;
    let tb = eb + mb.bits() as i64;
    if ta != tb {
        return ta.cmp(&tb);
    }
    if let (Mant::Small(x), Mant::Small(y)) = (ma, mb) {
        let e = ea.min(eb);
        // Same leading position, so both shifted values fit in 128 bits.
        let x = u128::from(*x) << (ea - e);
        let y = u128::from(*y) << (eb - e);
        return x.cmp(&y);
    }
    let e = ea.min(eb);
    let x = ma.to_big() << ((ea - e) as u64);
    let y = mb.to_big() << ((eb - e) as u64);
    x.cmp(&y)
}

/// Whether two finite numbers of the same sign are at most half an ulp of
/// each (at its own precision) apart, added: `2|x - y| <= ulp(x) + ulp(y)`.
/// A number's shortest text lies within half its ulp of it, so numbers
/// further apart than this have different texts.
pub(super) fn within_half_ulps(x: &Number, y: &Number) -> bool {
    let (
        Repr::Finite {
            mant: mx, exp: ex, ..
        },
        Repr::Finite {
            mant: my, exp: ey, ..
        },
    ) = (&x.repr, &y.repr)
    else {
        return true;
    };
    let tx = ex + mx.bits() as i64;
    let ty = ey + my.bits() as i64;
    let (px, py) = (i64::from(x.prec), i64::from(y.prec));
    if (tx - ty).abs() >= 2 {
        // One is below a quarter of the other, so they are at least a
        // quarter of the larger apart, more than its ulp when it has 3
        // bits or more (and the smaller one's ulp is smaller).
        if px.min(py) >= 3 {
            return false;
        }
        return true;
    }
    let (ux, uy) = (tx - px, ty - py);
    let e = (*ex).min(*ey).min(ux).min(uy);
    let a = mx.to_big() << ((ex - e) as u64);
    let b = my.to_big() << ((ey - e) as u64);
    let d = if a >= b { a - b } else { b - a };
    let ulps = (BigUint::one() << ((ux - e) as u64)) + (BigUint::one() << ((uy - e) as u64));
    (d << 1u32) <= ulps
}

/// Builds an `f64` from a mantissa of at most 53 bits and an exponent such
/// that the value is exactly representable.
fn compose_f64(m: u64, e: i64) -> f64 {
    if m == 0 {
        return 0.0;
    }
    let bm = i64::from(64 - m.leading_zeros());
    let unbiased = bm - 1 + e;
    if unbiased >= -1022 {
        let frac = (m << (53 - bm)) & ((1u64 << 52) - 1);
        let biased = (unbiased + 1023) as u64;
        f64::from_bits((biased << 52) | frac)
    } else {
        f64::from_bits(m << (e + 1074))
    }
}

/// The nearest `f64` (ties to even, subnormals included) and how it compares
/// to the exact value.
pub(super) fn to_f64_rounded(x: &Number) -> (f64, Ordering) {
    match &x.repr {
        Repr::Zero { neg } => (if *neg { -0.0 } else { 0.0 }, Ordering::Equal),
        Repr::Inf { neg } => (
            if *neg {
                f64::NEG_INFINITY
            } else {
                f64::INFINITY
            },
            Ordering::Equal,
        ),
        Repr::Finite { neg, mant, exp } => {
            let sign = |v: f64| if *neg { -v } else { v };
            // Direction of a magnitude change, seen from the signed value.
            let dir = |bigger: bool| match (bigger, *neg) {
                (true, false) | (false, true) => Ordering::Greater,
                _ => Ordering::Less,
            };
            let b = mant.bits() as i64;
            let top = exp + b - 1; // exponent of the leading bit
            if top > 1023 {
                return (sign(f64::INFINITY), dir(true));
            }
            // Bits available at this magnitude.
            let avail = if top >= -1022 { 53 } else { top + 1074 + 1 };
            if avail <= 0 {
                // Below half the smallest subnormal, or exactly half of it
                // (a tie that goes to the even zero): zero. Above half: the
                // smallest subnormal.
                let above_half = avail == 0 && b > 1;
                return if above_half {
                    (sign(f64::from_bits(1)), dir(true))
                } else {
                    (sign(0.0), dir(false))
                };
            }
            let rounded = round_repr(&x.repr, avail as u32);
            match rounded {
                Repr::Finite {
                    mant: Mant::Small(m),
                    exp: e,
                    ..
                } if e + i64::from(64 - m.leading_zeros()) - 1 <= 1023 => {
                    let v = compose_f64(m, e);
                    let ord = cmp_finite_abs((&Mant::Small(m), e), (mant, *exp));
                    (
                        sign(v),
                        if ord == Ordering::Equal {
                            ord
                        } else {
                            dir(ord == Ordering::Greater)
                        },
                    )
                }
                _ => (sign(f64::INFINITY), dir(true)),
            }
        }
    }
}

/// Decomposes a finite nonzero `f64` into an odd mantissa and exponent.
pub(super) fn f64_parts(v: f64) -> (bool, u64, i64) {
    let bits = v.to_bits();
    let neg = bits >> 63 == 1;
    let biased = ((bits >> 52) & 0x7ff) as i64;
    let frac = bits & ((1u64 << 52) - 1);
    let (m, e) = if biased == 0 {
        (frac, -1074)
    } else {
        (frac | (1u64 << 52), biased - 1075)
    };
    let tz = m.trailing_zeros();
    (neg, m >> tz, e + i64::from(tz))
}
