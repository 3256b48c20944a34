//! Decimal text of numbers.
//!
//! The shortest form follows the reference's algorithm: the decimal digits
//! of the value and of the two rounding boundaries halfway to its
//! neighbours at its precision (`x ± ½ulp`, inclusive when the mantissa is
//! even) are walked digit by digit until the value's digits can be cut
//! short. Only as many leading digits as the walk needs are computed, from
//! bounds of the power of five they need when that power is large, so a
//! number with a huge exponent costs a few big-integer operations on
//! numbers of a few hundred bits, plus the zeros of its text.

use std::fmt;

use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{ToPrimitive, Zero};

use super::core::{Mant, Repr};
use super::Number;

/// The leading decimal digits of a positive value: `0.DIGITS… × 10^exp`.
#[derive(Debug)]
struct Dec {
    /// ASCII digits; without trailing zeros when `exact`.
    digits: Vec<u8>,
    exp: i64,
    /// Whether `digits` is the whole expansion (otherwise a nonzero tail
    /// follows).
    exact: bool,
}

impl Dec {
    /// Digit `i`; `None` when it lies beyond the computed prefix.
    fn at(&self, i: usize) -> Option<u8> {
        match self.digits.get(i) {
            Some(&d) => Some(d),
            None if self.exact => Some(b'0'),
            None => None,
        }
    }

    /// Whether the whole expansion has exactly `n` digits.
    fn len_is(&self, n: usize) -> Option<bool> {
        if self.exact {
            Some(self.digits.len() == n)
        } else if n <= self.digits.len() {
            Some(false)
        } else {
            None
        }
    }

    /// Whether the whole expansion has more than `n` digits.
    fn len_exceeds(&self, n: usize) -> Option<bool> {
        if self.exact {
            Some(self.digits.len() > n)
        } else if n <= self.digits.len() {
            Some(true)
        } else {
            None
        }
    }

    /// Keeps the first `n` digits (`n` within the prefix).
    fn round_down(&mut self, n: usize) {
        self.digits.truncate(n);
        while self.digits.last() == Some(&b'0') {
            self.digits.pop();
        }
        self.exact = true;
    }

    /// Keeps the first `n` digits and adds one unit in the last place.
    fn round_up(&mut self, n: usize) {
        self.digits.truncate(n);
        while self.digits.last() == Some(&b'9') {
            self.digits.pop();
        }
        match self.digits.last_mut() {
            Some(d) => *d += 1,
            None => {
                self.digits.push(b'1');
                self.exp += 1;
            }
        }
        self.exact = true;
    }

    /// Rounds to `n` digits, to nearest, ties to even on the exact digits.
    /// `None` when more digits are needed to decide.
    fn round(&mut self, n: usize) -> Option<()> {
        if !self.len_exceeds(n)? {
            return Some(());
        }
        let d = self.at(n)?;
        let up = if d == b'5' && self.len_is(n + 1)? {
            n > 0 && self.digits.get(n - 1).is_some_and(|p| (p - b'0') % 2 == 1)
        } else {
            d >= b'5'
        };
        if up {
            self.round_up(n);
        } else {
            self.round_down(n);
        }
        Some(())
    }
}

/// Powers of five, exact or bounded, kept for reuse within one
/// conversion.
#[derive(Default)]
struct Pow5Cache {
    exact: Vec<(u64, BigUint)>,
    /// `(n, prec, up)` and a bound of `5^n` with at most `prec` bits.
    bounds: Vec<((u64, u64, bool), Bound)>,
}

/// `m × 2^exp`.
type Bound = (BigUint, i64);

impl Pow5Cache {
    fn get(&mut self, n: u64) -> BigUint {
        if let Some((_, v)) = self.exact.iter().find(|(k, _)| *k == n) {
            return v.clone();
        }
        let v = pow5(n);
        self.exact.push((n, v.clone()));
        v
    }

    /// A lower (`up` false) or upper bound of `5^n` with at most `prec`
    /// significant bits.
    fn bound(&mut self, n: u64, prec: u64, up: bool) -> Bound {
        let key = (n, prec, up);
        if let Some((_, v)) = self.bounds.iter().find(|(k, _)| *k == key) {
            return v.clone();
        }
        let v = pow5_bound(n, prec, up);
        self.bounds.push((key, v.clone()));
        v
    }
}

/// `5^n`, by squaring.
fn pow5(mut n: u64) -> BigUint {
    let mut result = BigUint::from(1u32);
    let mut base = BigUint::from(5u32);
    while n > 0 {
        if n & 1 == 1 {
            result *= &base;
        }
        n >>= 1;
        if n > 0 {
            base = &base * &base;
        }
    }
    result
}

/// `m × 2^exp` cut to at most `prec` significant bits, rounding down, or
/// up when `up`.
fn cut(m: BigUint, exp: i64, prec: u64, up: bool) -> Bound {
    let bits = m.bits();
    if bits <= prec {
        return (m, exp);
    }
    let r = bits - prec;
    let dropped = m.trailing_zeros().is_some_and(|tz| tz < r);
    let mut kept = m >> r;
    if up && dropped {
        kept += 1u32;
    }
    (kept, exp + r as i64)
}

/// A lower (`up` false) or upper bound of `5^n`, by squaring with every
/// product cut to `prec` bits in the bound's direction: all the factors are
/// positive, so the cuts only ever move the result the same way. Each of
/// the (at most 128) cuts is off by less than `2^(1-prec)` relatively.
fn pow5_bound(mut n: u64, prec: u64, up: bool) -> Bound {
    let mut result: Bound = (BigUint::from(1u32), 0);
    let mut base: Bound = (BigUint::from(5u32), 0);
    while n > 0 {
        if n & 1 == 1 {
            result = cut(&result.0 * &base.0, result.1 + base.1, prec, up);
        }
        n >>= 1;
        if n > 0 {
            base = cut(&base.0 * &base.0, 2 * base.1, prec, up);
        }
    }
    result
}

/// The most powers of five computed exactly when scaling a value to its
/// leading digits (`5^2048` has 4 756 bits); beyond, bounds of the power
/// are used (see [`scaled_floor`]).
const EXACT_POW5_MAX: u64 = 2048;

/// The widest bounds of a power of five tried before the exact power is
/// computed after all.
const BOUND_PREC_MAX: u64 = 1 << 24;

/// `floor(v × 10^t)` for `v = n × 2^e` (`n > 0`) that should have about
/// `k` digits, and whether it is exact (no fraction was dropped).
///
/// A value with a large exponent needs a large power of five: computing it
/// exactly would take time and memory that grow with the exponent (a
/// number near `2^(2^31)` needs `5^(6×10^8)`). Instead, when the result
/// cannot be a whole number, bounds of the power with a few more bits than
/// the result has give a lower and an upper bound of `v × 10^t`; when both
/// have the same integer part, that is the integer part of `v × 10^t`, and
/// a fraction was dropped. Otherwise the bounds are widened, and in the
/// end the exact power is used.
fn scaled_floor(n: &BigUint, e: i64, t: i64, k: usize, cache: &mut Pow5Cache) -> (BigUint, bool) {
    // An odd mantissa, so that the test for a whole result below holds.
    let tz = n.trailing_zeros().unwrap_or(0);
    let odd;
    let (n, e) = if tz > 0 {
        odd = n >> tz;
        (&odd, e + tz as i64)
    } else {
        (n, e)
    };
    let at = t.unsigned_abs();
    // `v × 10^t = n × 5^t × 2^(e+t)` is a whole number when `t >= 0` and
    // `e + t >= 0`; when `t < 0`, only if `5^-t` divides `n`, impossible
    // when `n` has fewer bits than `-t × log2(5)` (232 192 / 100 000 is
    // below log2(5)).
    let whole_possible = if t >= 0 {
        e.saturating_add(t) >= 0
    } else {
        u128::from(n.bits()) * 100_000 >= u128::from(at) * 232_192
    };
    if at > EXACT_POW5_MAX && !whole_possible {
        let mut prec = (k as u64).saturating_mul(10) / 3 + 96;
        while prec <= BOUND_PREC_MAX {
            if let Some(q) = scaled_floor_bounded(n, e, t, prec, cache) {
                return (q, false);
            }
            prec *= 2;
        }
    }
    scaled_floor_exact(n, e, t, cache)
}

/// [`scaled_floor`] with bounds of `5^|t|` of `prec` bits; `None` when the
/// bounds of the result have different integer parts.
fn scaled_floor_bounded(
    n: &BigUint,
    e: i64,
    t: i64,
    prec: u64,
    cache: &mut Pow5Cache,
) -> Option<BigUint> {
    let at = t.unsigned_abs();
    let (lo_m, lo_x) = cache.bound(at, prec, false);
    let (hi_m, hi_x) = cache.bound(at, prec, true);
    let (lo, hi) = if t > 0 {
        // n × 5^t × 2^(e+t), with 5^t between its bounds.
        (
            floor_shift(n * &lo_m, lo_x + e + t),
            floor_shift(n * &hi_m, hi_x + e + t),
        )
    } else {
        // n × 2^(e+t) / 5^-t: the upper bound of the power gives the lower
        // bound of the quotient.
        (
            floor_quotient(n, e + t - hi_x, &hi_m),
            floor_quotient(n, e + t - lo_x, &lo_m),
        )
    };
    (lo == hi).then_some(lo)
}

/// `floor(v × 2^s)`.
fn floor_shift(v: BigUint, s: i64) -> BigUint {
    if s >= 0 {
        v << s.unsigned_abs()
    } else {
        v >> s.unsigned_abs()
    }
}

/// `floor(n × 2^s / d)`.
fn floor_quotient(n: &BigUint, s: i64, d: &BigUint) -> BigUint {
    if s >= 0 {
        (n << s.unsigned_abs()) / d
    } else {
        n / (d << s.unsigned_abs())
    }
}

/// `floor(n × 2^e × 10^t)` and whether it is exact, computed exactly.
fn scaled_floor_exact(n: &BigUint, e: i64, t: i64, cache: &mut Pow5Cache) -> (BigUint, bool) {
    let a = e + t;
    let mut num = n.clone();
    if t > 0 {
        num *= cache.get(t as u64);
    }
    if a > 0 {
        num <<= a as u64;
    }
    let mut inexact = false;
    if t < 0 {
        let (q, r) = num.div_rem(&cache.get(t.unsigned_abs()));
        num = q;
        inexact |= !r.is_zero();
    }
    if a < 0 {
        let s = a.unsigned_abs();
        inexact |= num.trailing_zeros().is_some_and(|tz| tz < s);
        num >>= s;
    }
    (num, !inexact)
}

/// The first `k` (≥ 1) significant decimal digits of `n × 2^e` (`n > 0`).
fn dec_prefix(n: &BigUint, e: i64, k: usize, cache: &mut Pow5Cache) -> Dec {
    let bits = n.bits();
    let lead = if bits > 64 {
        (n >> (bits - 64)).to_f64().unwrap_or(1.0)
    } else {
        n.to_f64().unwrap_or(1.0)
    };
    let shift = bits.saturating_sub(64) as f64 + e as f64;
    let log10 = lead.log10() + shift * std::f64::consts::LOG10_2;
    let mut exp10 = log10.floor() as i64 + 1;
    loop {
        // q = floor(value × 10^t) should have exactly k digits.
        let t = k as i64 - exp10;
        let (num, exact) = scaled_floor(n, e, t, k, cache);
        let mut digits = num.to_str_radix(10).into_bytes();
        if num.is_zero() {
            digits.clear();
        }
        if digits.len() > k {
            exp10 += 1;
            continue;
        }
        if digits.len() < k {
            exp10 -= 1;
            continue;
        }
        if exact {
            while digits.last() == Some(&b'0') {
                digits.pop();
            }
        }
        return Dec {
            digits,
            exp: exp10,
            exact,
        };
    }
}

/// The exact digits of a small value when they are also its shortest form.
fn fast_shortest(mant: &Mant, exp: i64, prec: u32) -> Option<Dec> {
    let Mant::Small(m) = mant else { return None };
    let b = i64::from(64 - m.leading_zeros());
    let (value, frac) = if exp >= 0 {
        if b + exp > 127 {
            return None;
        }
        (u128::from(*m) << exp, 0)
    } else {
        let k = u32::try_from(exp.unsigned_abs()).ok()?;
        let p = 5u128.checked_pow(k)?;
        (u128::from(*m).checked_mul(p)?, i64::from(k))
    };
    let mut digits = value.to_string().into_bytes();
    let exp10 = digits.len() as i64 - frac;
    while digits.last() == Some(&b'0') {
        digits.pop();
    }
    // The last digit's place is 10^unit; half an ulp is 2^half. When
    // 2^half < 10^unit no shorter text lies within the rounding interval.
    let unit = exp10 - digits.len() as i64;
    let half = exp + b - i64::from(prec) - 1;
    let bound = if unit >= 0 { 3 * unit } else { 4 * unit };
    (half < bound).then_some(Dec {
        digits,
        exp: exp10,
        exact: true,
    })
}

/// The shortest digits that identify `mant × 2^exp` at `prec` bits.
fn shortest(mant: &Mant, exp: i64, prec: u32) -> Dec {
    if let Some(d) = fast_shortest(mant, exp, prec) {
        return d;
    }
    shortest_general(mant, exp, prec, None)
}

/// [`shortest`] without the fast path; `first_k` overrides the number of
/// digits computed on the first attempt.
fn shortest_general(mant: &Mant, exp: i64, prec: u32, first_k: Option<usize>) -> Dec {
    shortest_upto(mant, exp, prec, first_k, None).unwrap_or(Dec {
        digits: Vec::new(),
        exp: 0,
        exact: true,
    })
}

/// [`shortest_general`], giving up (`None`) once it is clear that the
/// shortest digits are more than `cap` digits long.
fn shortest_upto(
    mant: &Mant,
    exp: i64,
    prec: u32,
    first_k: Option<usize>,
    cap: Option<usize>,
) -> Option<Dec> {
    let m = mant.to_big();
    let p = i64::from(prec);
    // Scale the mantissa to prec + 1 bits: its last bit is half an ulp.
    let s = p + 1 - m.bits() as i64;
    let (mm, ee) = if s >= 0 {
        (&m << (s as u64), exp - s)
    } else {
        (&m >> s.unsigned_abs(), exp - s)
    };
    let lower = &mm - 1u32;
    let upper = &mm + 1u32;
    let inclusive = !mm.bit(1);
    let mut cache = Pow5Cache::default();
    let mut k = first_k
        .unwrap_or((p as usize) * 30103 / 100_000 + 10)
        .max(1);
    // A walk over prefixes of `cap + 3` digits decides any result of up
    // to `cap` digits.
    if let Some(cap) = cap {
        k = k.min(cap + 3);
    }
    loop {
        let d = dec_prefix(&m, exp, k, &mut cache);
        let lo = dec_prefix(&lower, ee, k, &mut cache);
        let up = dec_prefix(&upper, ee, k, &mut cache);
        if let Some(done) = walk_shortest(d, &lo, &up, inclusive) {
            return Some(done);
        }
        if cap.is_some_and(|cap| k >= cap + 3) {
            return None;
        }
        k *= 2;
        if let Some(cap) = cap {
            k = k.min(cap + 3);
        }
    }
}

/// The digit walk; `None` when the prefixes are too short to decide.
fn walk_shortest(mut d: Dec, lo: &Dec, up: &Dec, inclusive: bool) -> Option<Dec> {
    let mut i = 0;
    loop {
        let Some(&m) = d.digits.get(i) else {
            // Without a decision the exact digits stand.
            return d.exact.then_some(d);
        };
        let l = lo.at(i)?;
        let u = up.at(i)?;
        let okdown = l != m || (inclusive && lo.len_is(i + 1)?);
        let okup = m != u && (inclusive || m + 1 < u || up.len_exceeds(i + 1)?);
        match (okdown, okup) {
            (true, true) => {
                d.round(i + 1)?;
                return Some(d);
            }
            (true, false) => {
                if d.len_exceeds(i + 1)? {
                    d.round_down(i + 1);
                }
                return Some(d);
            }
            (false, true) => {
                if d.len_exceeds(i + 1)? {
                    d.round_up(i + 1);
                }
                return Some(d);
            }
            (false, false) => i += 1,
        }
    }
}

/// The exact digits rounded to `n` significant digits (no rounding when
/// `n < 0`, as the reference does).
fn fixed(mant: &Mant, exp: i64, n: i64, exp10: i64, first_k: Option<usize>) -> Dec {
    let m = mant.to_big();
    let mut cache = Pow5Cache::default();
    if n < 0 {
        return Dec {
            digits: Vec::new(),
            exp: exp10,
            exact: true,
        };
    }
    // No more digits than the whole expansion has: `m × 5^-exp` has about
    // (bits + exp) × log10(2) digits, then the point moves `-exp` places.
    let whole = (m.bits() as i64 + exp.max(0)) * 30103 / 100_000 + exp.min(0).abs() + 2;
    let mut k = first_k.unwrap_or(n.saturating_add(2).min(whole).max(1) as usize);
    loop {
        let mut d = dec_prefix(&m, exp, k, &mut cache);
        if d.round(n as usize).is_some() {
            return d;
        }
        k *= 2;
    }
}

/// Writes `d` in `%f` form with `prec` fraction digits.
fn write_f(out: &mut impl fmt::Write, d: &Dec, prec: i64) -> fmt::Result {
    let at = |i: i64| -> char {
        usize::try_from(i)
            .ok()
            .and_then(|i| d.digits.get(i))
            .map_or('0', |&c| char::from(c))
    };
    if d.exp > 0 {
        let take = d.digits.len().min(d.exp as usize);
        for &c in d.digits.iter().take(take) {
            out.write_char(char::from(c))?;
        }
        write_zeros(out, d.exp - take as i64)?;
    } else {
        out.write_char('0')?;
    }
    if prec > 0 {
        out.write_char('.')?;
        let mut i = 0;
        // Leading fraction zeros of a small number, written in bulk.
        if d.exp < 0 {
            let z = (-d.exp).min(prec);
            write_zeros(out, z)?;
            i = z;
        }
        while i < prec {
            out.write_char(at(d.exp + i))?;
            i += 1;
        }
    }
    Ok(())
}

fn write_zeros(out: &mut impl fmt::Write, mut n: i64) -> fmt::Result {
    const ZEROS: &str = "0000000000000000000000000000000000000000000000000000000000000000";
    while n > 0 {
        let take = n.min(ZEROS.len() as i64);
        out.write_str(&ZEROS[..take as usize])?;
        n -= take;
    }
    Ok(())
}

/// Writes `d` in `%e` form with `prec` fraction digits.
fn write_e(out: &mut impl fmt::Write, upper: bool, d: &Dec, prec: i64) -> fmt::Result {
    out.write_char(d.digits.first().map_or('0', |&c| char::from(c)))?;
    if prec > 0 {
        out.write_char('.')?;
        for i in 1..=prec {
            let c = usize::try_from(i)
                .ok()
                .and_then(|i| d.digits.get(i))
                .map_or('0', |&c| char::from(c));
            out.write_char(c)?;
        }
    }
    out.write_char(if upper { 'E' } else { 'e' })?;
    let exp = if d.digits.is_empty() { 0 } else { d.exp - 1 };
    out.write_char(if exp < 0 { '-' } else { '+' })?;
    let abs = exp.unsigned_abs();
    if abs < 10 {
        out.write_char('0')?;
    }
    write!(out, "{abs}")
}

/// Writes a number the way the reference's `Text(format, prec)` does, for
/// the formats `e`, `E`, `f`, `g` and `G`; a negative `prec` asks for the
/// shortest digits that identify the number.
pub(super) fn write_text(
    out: &mut impl fmt::Write,
    x: &Number,
    format: char,
    prec: i64,
) -> fmt::Result {
    if x.is_sign_negative() {
        out.write_char('-')?;
    }
    let (mant, exp) = match &x.repr {
        Repr::Inf { neg } => return out.write_str(if *neg { "Inf" } else { "+Inf" }),
        Repr::Zero { .. } => (None, 0),
        Repr::Finite { mant, exp, .. } => (Some(mant), *exp),
    };
    let shortest_form = prec < 0;
    let mut prec = prec;
    let d = match mant {
        None => Dec {
            digits: Vec::new(),
            exp: 0,
            exact: true,
        },
        Some(m) if shortest_form => shortest(m, exp, x.prec),
        Some(m) => {
            let n = match format {
                'e' | 'E' => prec.saturating_add(1),
                'f' => {
                    let exp10 = dec_prefix(&m.to_big(), exp, 1, &mut Pow5Cache::default()).exp;
                    exp10.saturating_add(prec)
                }
                _ => {
                    prec = prec.max(1);
                    prec
                }
            };
            let exp10 = if n < 0 {
                dec_prefix(&m.to_big(), exp, 1, &mut Pow5Cache::default()).exp
            } else {
                0
            };
            fixed(m, exp, n, exp10, None)
        }
    };
    let len = d.digits.len() as i64;
    if shortest_form {
        prec = match format {
            'e' | 'E' => len - 1,
            'f' => (len - d.exp).max(0),
            _ => len,
        };
    }
    match format {
        'e' | 'E' => write_e(out, format == 'E', &d, prec),
        'f' => write_f(out, &d, prec),
        _ => {
            let mut eprec = prec;
            if eprec > len && len >= d.exp {
                eprec = len;
            }
            if shortest_form {
                eprec = 6;
            }
            let e = d.exp - 1;
            if e < -4 || e >= eprec {
                let p = prec.min(len);
                return write_e(out, format == 'G', &d, p - 1);
            }
            let p = if prec > d.exp { len } else { prec };
            write_f(out, &d, (p - d.exp).max(0))
        }
    }
}

/// The shortest digits and decimal exponent of a finite nonzero number, for
/// comparisons by text.
pub(super) fn shortest_digits(x: &Number) -> Option<(Vec<u8>, i64)> {
    match &x.repr {
        Repr::Finite { mant, exp, .. } => {
            let d = shortest(mant, *exp, x.prec);
            Some((d.digits, d.exp))
        }
        _ => None,
    }
}

/// The shortest digits and decimal exponent of a finite nonzero number
/// when they are at most `cap` digits long; `None` when they are longer
/// (without working them out) or the number is not finite and nonzero.
pub(super) fn shortest_digits_upto(x: &Number, cap: usize) -> Option<(Vec<u8>, i64)> {
    let Repr::Finite { mant, exp, .. } = &x.repr else {
        return None;
    };
    let d = match fast_shortest(mant, *exp, x.prec) {
        Some(d) => d,
        None => shortest_upto(mant, *exp, x.prec, None, Some(cap))?,
    };
    (d.digits.len() <= cap).then_some((d.digits, d.exp))
}

/// Digits and decimal exponent.
#[cfg(test)]
type Digits = (Vec<u8>, i64);

/// Fast path (when it applies), general path, general path from a short
/// first prefix.
#[cfg(test)]
type ShortestVariants = (Option<Digits>, Digits, Digits);

/// The shortest digits with and without the fast path, and with a given
/// first prefix length, for cross-checks.
#[cfg(test)]
pub(super) fn shortest_variants(
    mant: &Mant,
    exp: i64,
    prec: u32,
    first_k: usize,
) -> ShortestVariants {
    let fast = fast_shortest(mant, exp, prec).map(|d| (d.digits, d.exp));
    let general = shortest_general(mant, exp, prec, None);
    let small_k = shortest_general(mant, exp, prec, Some(first_k));
    (
        fast,
        (general.digits, general.exp),
        (small_k.digits, small_k.exp),
    )
}

/// Fixed-precision digits computed with a given first prefix length.
#[cfg(test)]
pub(super) fn fixed_variants(mant: &Mant, exp: i64, n: i64, first_k: usize) -> (Vec<u8>, i64) {
    let exp10 = dec_prefix(&mant.to_big(), exp, 1, &mut Pow5Cache::default()).exp;
    let d = fixed(mant, exp, n, exp10, Some(first_k));
    (d.digits, d.exp)
}

/// `floor(n × 2^e × 10^t)` computed exactly, and from bounds of the power
/// of five of `prec` bits (`None` when they do not decide it), for
/// cross-checks.
#[cfg(test)]
pub(super) fn scaled_floor_variants(
    n: &BigUint,
    e: i64,
    t: i64,
    prec: u64,
) -> ((BigUint, bool), Option<BigUint>) {
    let mut cache = Pow5Cache::default();
    let exact = scaled_floor_exact(n, e, t, &mut cache);
    let bounded = scaled_floor_bounded(n, e, t, prec, &mut cache);
    (exact, bounded)
}
