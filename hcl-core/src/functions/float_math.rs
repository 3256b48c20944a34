//! Floating-point `log`, `exp` and `pow` computed step by step as the
//! reference computes them, so that results agree to the last bit.
//!
//! The reference's `pow` and `log` functions work on 64-bit floats with its
//! platform's math library: the natural logarithm is the classic
//! argument-reduction-plus-polynomial method (reduce to a mantissa `f1` in
//! `[√2/2, √2)`, then a degree-14 odd polynomial in `s = f/(2+f)`); the
//! exponential reduces its argument by multiples of ln 2, scales it by 1/16,
//! evaluates a Taylor polynomial with fused multiply-adds and squares the
//! result four times; the power separates the exponent into whole and
//! fractional parts, computes the fractional power as `exp(yf·ln x)` and the
//! whole power by repeated squaring of the mantissa, keeping the binary
//! exponent aside. A correctly rounded library would differ from these in
//! the last bit for some arguments, and the reference's results are what
//! configurations observe.

// The constants are given by their bit patterns, the values the
// reference's decimal constants round to.

/// ln 2 split in two: a high part with trailing zero bits, so that `k·hi`
/// is exact for the exponents `k` of doubles, and the rest.
const LN2_HI: f64 = f64::from_bits(0x3fe6_2e42_fee0_0000);
const LN2_LO: f64 = f64::from_bits(0x3dea_39ef_3579_3c76);

/// √2 / 2.
const HALF_SQRT2: f64 = f64::from_bits(0x3fe6_a09e_667f_3bcd);

/// Coefficients of the logarithm's polynomial in `s²`.
const LG: [f64; 7] = [
    f64::from_bits(0x3fe5_5555_5555_5593),
    f64::from_bits(0x3fd9_9999_9997_fa04),
    f64::from_bits(0x3fd2_4924_9422_9359),
    f64::from_bits(0x3fcc_71c5_1d8e_78af),
    f64::from_bits(0x3fc7_4664_96cb_03de),
    f64::from_bits(0x3fc3_9a09_d078_c69f),
    f64::from_bits(0x3fc2_f112_df3e_5244),
];

const MANTISSA_MASK: u64 = (1 << 52) - 1;
const EXP_MASK: u64 = 0x7ff;

/// The natural logarithm: `-∞` for zeros, NaN for negative numbers, the
/// argument itself for `+∞` and NaN.
pub(crate) fn log(x: f64) -> f64 {
    let bits = x.to_bits();
    if bits & !(1 << 63) == 0 {
        return f64::NEG_INFINITY;
    }
    if (bits as i64) < 0 {
        return f64::NAN;
    }
    if bits >= f64::INFINITY.to_bits() {
        return x;
    }
    // The mantissa with the exponent of 0.5, and the exponent that goes
    // with it; subnormal numbers are taken as they are, without
    // normalizing, as the reference does.
    let mut f1 = f64::from_bits((bits & MANTISSA_MASK) | 0.5f64.to_bits());
    let mut k = (((bits >> 52) & EXP_MASK) as i64 - 0x3fe) as f64;
    if f1 <= HALF_SQRT2 {
        k -= 1.0;
        f1 *= 2.0;
    }
    let f = f1 - 1.0;
    let s = f / (2.0 + f);
    let s2 = s * s;
    let s4 = s2 * s2;
    let [l1, l2, l3, l4, l5, l6, l7] = LG;
    let t1 = s2 * (l1 + s4 * (l3 + s4 * (l5 + s4 * l7)));
    let t2 = s4 * (l2 + s4 * (l4 + s4 * l6));
    let r = t1 + t2;
    let hfsq = 0.5 * f * f;
    k * LN2_HI - ((hfsq - (s * (hfsq + r) + k * LN2_LO)) - f)
}

/// The exponential function: `+∞` above about 709.78, zero when the
/// result's binary exponent falls below the normal range.
pub(crate) fn exp(x: f64) -> f64 {
    const LOG2E: f64 = std::f64::consts::LOG2_E;
    /// ln 2 split in two, the high part with trailing zero bits.
    const LN2_UPPER: f64 = f64::from_bits(0x3fe6_2e42_fefa_3000);
    const LN2_LOWER: f64 = f64::from_bits(0x3d53_de6a_f278_ece6);
    /// Above this, the result overflows.
    const OVERFLOW: f64 = f64::from_bits(0x4086_2e42_fefa_39ef);
    /// 1/n! for n = 8 down to 2.
    const TAYLOR: [f64; 7] = [
        f64::from_bits(0x3efa_01a0_1a01_a01a),
        f64::from_bits(0x3f2a_01a0_1a01_a01a),
        f64::from_bits(0x3f56_c16c_16c1_6c17),
        f64::from_bits(0x3f81_1111_1111_1111),
        f64::from_bits(0x3fa5_5555_5555_5555),
        f64::from_bits(0x3fc5_5555_5555_5555),
        0.5,
    ];
    if x.is_nan() || x == f64::INFINITY {
        return x;
    }
    if x == f64::NEG_INFINITY {
        return 0.0;
    }
    if x > OVERFLOW {
        return f64::INFINITY;
    }
    // The nearest integer, as a 32-bit conversion gives it (out of range
    // is the most negative integer).
    let scaled = (LOG2E * x).round_ties_even();
    let k = if (-2_147_483_648.0..=2_147_483_647.0).contains(&scaled) {
        scaled as i32
    } else {
        i32::MIN
    };
    let kf = f64::from(k);
    let mut r = (-LN2_UPPER).mul_add(kf, x);
    r = (-LN2_LOWER).mul_add(kf, r);
    r *= 0.0625;
    let mut p = TAYLOR[0];
    for c in &TAYLOR[1..] {
        p = p.mul_add(r, *c);
    }
    p = p.mul_add(r, 1.0);
    // expm1 of the reduced argument, then squared up four times:
    // e^(2t) - 1 = (e^t - 1)(e^t - 1 + 2).
    let mut e = r * p;
    for _ in 0..3 {
        e *= e + 2.0;
    }
    let e = e.mul_add(e + 2.0, 1.0);
    let biased = i64::from(k) + 0x3ff;
    if biased <= 0 {
        return 0.0;
    }
    if biased >= 0x7ff {
        return f64::INFINITY;
    }
    e * f64::from_bits((biased as u64) << 52)
}

/// Splits a finite nonzero number into a mantissa in `[0.5, 1)` (with the
/// number's sign) and a binary exponent; zeros, infinities and NaN are
/// returned with exponent 0.
fn frexp(x: f64) -> (f64, i64) {
    if x == 0.0 || !x.is_finite() {
        return (x, 0);
    }
    let (x, adjust) = if x.abs() < f64::MIN_POSITIVE {
        (x * (1u64 << 52) as f64, -52)
    } else {
        (x, 0)
    };
    let bits = x.to_bits();
    let exp = ((bits >> 52) & EXP_MASK) as i64 - 1022 + adjust;
    let mant = f64::from_bits((bits & !(EXP_MASK << 52)) | (1022 << 52));
    (mant, exp)
}

/// `x · 2^n`, rounded once.
fn ldexp(x: f64, n: i64) -> f64 {
    if x == 0.0 || !x.is_finite() {
        return x;
    }
    let two_pow = |e: i64| f64::from_bits(((e + 1023) as u64) << 52);
    let mut y = x;
    let mut n = n.clamp(-3000, 3000);
    if n > 1023 {
        y *= two_pow(1023);
        n -= 1023;
        if n > 1023 {
            y *= two_pow(1023);
            n -= 1023;
            n = n.min(1023);
        }
    } else if n < -1022 {
        // Scale by 2^-969 (= 2^-1022 · 2^53) at a time so that only the
        // last multiplication can round, into the subnormal range.
        y *= two_pow(-1022 + 53);
        n += 1022 - 53;
        if n < -1022 {
            y *= two_pow(-1022 + 53);
            n += 1022 - 53;
            n = n.max(-1022);
        }
    }
    y * two_pow(n)
}

/// 2^63: whole exponents from here on are even and overflow.
const TWO_POW_63: f64 = f64::from_bits(0x43e0_0000_0000_0000);

/// Whether `x` is an odd whole number.
fn is_odd_int(x: f64) -> bool {
    if x.abs() >= (1u64 << 53) as f64 {
        return false;
    }
    x.fract() == 0.0 && (x as i64) & 1 == 1
}

/// `x` raised to the power `y`, with the special cases of IEEE 754 `pow`
/// (`pow(x, ±0) = 1`, `pow(1, y) = 1`, NaN for a negative base and a
/// fractional exponent, ...).
pub(crate) fn pow(x: f64, y: f64) -> f64 {
    if y == 0.0 || x == 1.0 {
        return 1.0;
    }
    if y == 1.0 {
        return x;
    }
    if x.is_nan() || y.is_nan() {
        return f64::NAN;
    }
    if x == 0.0 {
        let odd_negative_zero = x.is_sign_negative() && is_odd_int(y);
        return match (y < 0.0, odd_negative_zero) {
            (true, true) => f64::NEG_INFINITY,
            (true, false) => f64::INFINITY,
            (false, true) => x,
            (false, false) => 0.0,
        };
    }
    if y.is_infinite() {
        return if x == -1.0 {
            1.0
        } else if (x.abs() < 1.0) == (y > 0.0) {
            0.0
        } else {
            f64::INFINITY
        };
    }
    if x.is_infinite() {
        if x < 0.0 {
            return pow(1.0 / x, -y);
        }
        return if y < 0.0 { 0.0 } else { f64::INFINITY };
    }
    if y == 0.5 {
        return x.sqrt();
    }
    if y == -0.5 {
        return 1.0 / x.sqrt();
    }
    let mut yi = y.abs().trunc();
    let mut yf = y.abs() - yi;
    if yf != 0.0 && x < 0.0 {
        return f64::NAN;
    }
    if yi >= TWO_POW_63 {
        // A huge even whole exponent: overflow or underflow, except -1.
        return if x == -1.0 {
            1.0
        } else if (x.abs() < 1.0) == (y > 0.0) {
            0.0
        } else {
            f64::INFINITY
        };
    }
    // The result is a1 · 2^ae.
    let mut a1 = 1.0;
    let mut ae: i64 = 0;
    if yf != 0.0 {
        if yf > 0.5 {
            yf -= 1.0;
            yi += 1.0;
        }
        a1 = exp(yf * log(x));
    }
    // The whole power by repeated squaring of the mantissa, the binary
    // exponents kept apart.
    let (mut x1, mut xe) = frexp(x);
    let mut i = yi as i64;
    while i != 0 {
        if !(-(1 << 12)..=(1 << 12)).contains(&xe) {
            // The exponent alone already over- or underflows.
            ae += xe;
            break;
        }
        if i & 1 == 1 {
            a1 *= x1;
            ae += xe;
        }
        x1 *= x1;
        xe <<= 1;
        if x1 < 0.5 {
            x1 += x1;
            xe -= 1;
        }
        i >>= 1;
    }
    if y < 0.0 {
        a1 = 1.0 / a1;
        ae = -ae;
    }
    ldexp(a1, ae)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agrees_with_the_reference_on_known_results() {
        let cases: &[(f64, f64, f64)] = &[
            (2.0, 1.5, 2.82842712474619),
            (0.01, 0.25, 0.3162277660168379),
            (7.0, 0.25, 1.6265765616977859),
            (2f64.powi(256), 0.25, 18446744073709525000.0),
            (180.0, 1.5, 2414.953415699773),
            (1.75, 0.25, 1.150163316895603),
            (2.0, 10.0, 1024.0),
            (2.0, -1.0, 0.5),
            (4.0, 0.5, 2.0),
        ];
        for &(x, y, want) in cases {
            assert_eq!(pow(x, y), want, "pow({x}, {y})");
        }
        let logs: &[(f64, f64, f64)] = &[
            (100.0, 2.0, 6.643856189774725),
            (1024.0, 3.0, 6.309297535714575),
            (100.0, 3.0, 4.19180654857877),
            (0.5, 10.0, -0.30102999566398114),
            (8.0, 2.0, 3.0),
            (1.0, 10.0, 0.0),
        ];
        for &(x, b, want) in logs {
            assert_eq!(log(x) / log(b), want, "log({x}, {b})");
        }
    }

    #[test]
    fn special_values() {
        assert_eq!(log(0.0), f64::NEG_INFINITY);
        assert!(log(-1.0).is_nan());
        assert_eq!(log(f64::INFINITY), f64::INFINITY);
        assert_eq!(exp(f64::NEG_INFINITY), 0.0);
        assert_eq!(exp(1000.0), f64::INFINITY);
        assert_eq!(exp(-1000.0), 0.0);
        assert_eq!(exp(0.0), 1.0);
        assert_eq!(pow(0.0, -1.0), f64::INFINITY);
        assert_eq!(pow(-0.0, -3.0), f64::NEG_INFINITY);
        assert!(pow(-0.0, 3.0).is_sign_negative());
        assert!(pow(-8.0, 1.0 / 3.0).is_nan());
        assert_eq!(pow(f64::NEG_INFINITY, 3.0), f64::NEG_INFINITY);
        assert_eq!(pow(-1.0, f64::INFINITY), 1.0);
        assert_eq!(pow(10.0, 400.0), f64::INFINITY);
        assert_eq!(pow(10.0, -400.0), 0.0);
        assert_eq!(pow(2.0, -1074.0), f64::from_bits(1));
        assert_eq!(ldexp(1.5, -1075), f64::from_bits(1));
        assert_eq!(frexp(f64::from_bits(1)), (0.5, -1073));
    }
}
