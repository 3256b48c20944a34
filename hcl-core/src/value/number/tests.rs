use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use num_bigint::BigInt;

use super::*;

pub(super) fn lit(s: &str) -> Number {
    Number::parse_literal(s).unwrap_or_else(|| panic!("literal {s:?}"))
}

pub(super) fn text(n: &Number) -> String {
    n.to_string()
}

pub(super) fn int(v: i64) -> Number {
    Number::from_i64(v)
}

pub(super) fn float(v: f64) -> Number {
    Number::from_f64(v).unwrap()
}

pub(super) fn hash_of(n: &Number) -> u64 {
    let mut h = DefaultHasher::new();
    n.hash(&mut h);
    h.finish()
}

#[test]
fn format_examples() {
    let cases = [
        ("1.0", "1"),
        ("1.5e-7", "0.00000015"),
        ("1e30", "1000000000000000000000000000000"),
    ];
    for (src, want) in cases {
        assert_eq!(text(&lit(src)), want, "{src}");
    }
    assert_eq!(text(&lit("0.1").add(&lit("0.2")).unwrap()), "0.3");
    let big = lit("18446744073709551616");
    assert_eq!(
        text(&big.mul(&big).unwrap()),
        "340282366920938463463374607431768211456"
    );
    let third = lit("1").div(&lit("3")).unwrap();
    assert_eq!(
        text(&third),
        format!("0.{}5", "3".repeat(154)),
        "1/3 at 512 bits"
    );
    assert_eq!(text(&lit("0").mul(&lit("1").neg()).unwrap()), "-0");
    assert_eq!(text(&lit("2").div(&lit("0")).unwrap()), "+Inf");
    assert_eq!(text(&lit("2").neg().div(&lit("0")).unwrap()), "-Inf");

    let ratio = int(3).div(&int(7)).unwrap();
    assert_eq!(ratio.precision(), 64);
    assert_eq!(text(&ratio), "0.42857142857142857144");
    let widened = ratio.add(&lit("0")).unwrap();
    assert_eq!(widened.precision(), 512);
    assert_eq!(
        text(&widened),
        "0.4285714285714285714363157298034678888143389485776424407958984375"
    );
    let root = float(2f64.powf(0.5));
    assert_eq!(text(&root), "1.4142135623730951");
    assert_eq!(
        text(&root.add(&lit("0")).unwrap()),
        "1.4142135623730951454746218587388284504413604736328125"
    );
    assert_eq!(text(&lit("5").rem(&lit("0")).unwrap()), "5");
}

#[test]
fn parse_accepts_the_reference_syntax() {
    let cases = [
        ("0", "0"),
        ("007", "7"),
        ("-7", "-7"),
        ("+7", "7"),
        ("5.", "5"),
        (".5", "0.5"),
        ("-.5", "-0.5"),
        ("12.50", "12.5"),
        ("1e3", "1000"),
        ("1E+3", "1000"),
        ("2.5e-3", "0.0025"),
        ("1p3", "8"),
        ("1P-2", "0.25"),
        ("1.5p1", "3"),
        ("-0", "-0"),
        ("0.000", "0"),
        ("0e99999999999", "0"),
        ("Inf", "+Inf"),
        ("inf", "+Inf"),
        ("+Inf", "+Inf"),
        ("-inf", "-Inf"),
    ];
    for (src, want) in cases {
        let n = Number::parse_str(src);
        assert_eq!(n.as_ref().map(text).as_deref(), Some(want), "{src:?}");
        assert_eq!(n.map(|n| n.precision()), Some(512), "{src:?}");
    }
}

#[test]
fn parse_rejects_everything_else() {
    for src in [
        "", ".", "+", "-", "e5", ".e5", "1e", "1e+", "1e-", "--1", "+-1", "1.2.3", "1..2", " 1",
        "1 ", "1_000", "0x10", "0b1", "1f", "NaN", "nan", "INF", "Infinity", "+-Inf", "1e5.5",
        "1,5", "١",
    ] {
        assert!(Number::parse_str(src).is_none(), "{src:?}");
        assert!(Number::parse_literal(src).is_none(), "{src:?}");
    }
    // Exponents that do not fit in 64 bits, or put the value out of the
    // binary exponent range before scaling.
    assert!(Number::parse_str("0e99999999999999999999").is_none());
    assert!(Number::parse_str("1e9223372036854775808").is_none());
    assert!(Number::parse_str("1e2147483647").is_none());
    assert!(Number::parse_str("1e-2147483650").is_none());
    assert!(Number::parse_str("1p2147483647").is_none());
    assert!(Number::parse_str("1p-2147483650").is_none());
    assert!(Number::parse_str("1e-9223372036854775808").is_none());
}

#[test]
fn parse_scales_huge_exponents_without_expanding_them() {
    assert_eq!(text(&lit("1e999999999")), "+Inf");
    assert_eq!(text(&lit("1e2147483646")), "+Inf");
    assert_eq!(text(&lit("1e-999999999")), "0");
    assert_eq!(text(&Number::parse_str("-1e-999999999").unwrap()), "-0");
    // Powers of two are exact up to the ends of the exponent range.
    assert!(lit("1p2147483646").is_finite());
    assert!(lit("1p-2147483649").is_finite() && !lit("1p-2147483649").is_zero());
    assert_eq!(text(&lit("1p2147483646").mul(&lit("2")).unwrap()), "+Inf");
    assert_eq!(text(&lit("1p-2147483649").div(&lit("2")).unwrap()), "0");
    assert_eq!(
        text(&lit("1p-2147483649").neg().div(&lit("2")).unwrap()),
        "-0"
    );
    assert!(lit("1e600000000").is_finite());
}

#[test]
fn parse_rounds_long_digit_strings_to_512_bits() {
    let digits = "9".repeat(1000);
    let n = lit(&digits);
    let exact: BigInt = digits.parse().unwrap();
    assert_eq!(n, Number::from_bigint(&exact));
    assert_eq!(n.precision(), 512);
    assert!(!n.is_integer() || n.to_bigint() != Some(exact.clone()));
    // A long fraction rounds like the division it denotes.
    let tenth = lit("1").div(&lit("10")).unwrap();
    assert_eq!(lit("0.1"), tenth);
    assert_eq!(
        lit("0.1000000000000000000000000000000000000000000000000"),
        tenth
    );
    assert_eq!(lit("0.3"), lit("3").div(&lit("10")).unwrap());
    // Integers up to 512 bits are exact.
    let two_511 = BigInt::from(1) << 511u32;
    assert_eq!(lit(&two_511.to_string()).to_bigint(), Some(two_511));
}

#[test]
fn display_of_large_and_small_magnitudes() {
    let big = lit("1e200000");
    let s = text(&big);
    assert_eq!(s.len(), 200_001);
    assert!(s.starts_with("1000") && s.bytes().skip(1).all(|b| b == b'0'));
    let small = lit("1e-100000");
    let s = text(&small);
    assert_eq!(s.len(), 100_002);
    assert!(s.starts_with("0.0000") && s.ends_with("01"));
}

#[test]
fn display_special_values() {
    assert_eq!(text(&int(0)), "0");
    assert_eq!(text(&int(0).neg()), "-0");
    assert_eq!(text(&Number::infinity()), "+Inf");
    assert_eq!(text(&Number::neg_infinity()), "-Inf");
    assert_eq!(text(&int(i64::MIN)), "-9223372036854775808");
    assert_eq!(text(&Number::from_u64(u64::MAX)), "18446744073709551615");
    assert_eq!(text(&float(1e23)), "100000000000000000000000");
    assert_eq!(text(&float(0.1)), "0.1");
    assert_eq!(text(&float(-2.5)), "-2.5");
    // A float keeps 53 bits even where the f64 itself had fewer.
    assert_eq!(
        text(&float(5e-324)),
        format!("0.{}4940656458412465", "0".repeat(323))
    );
    assert_eq!(format!("{:?}", int(3)), "Number(3, prec=64)");
}

#[test]
fn precision_rules() {
    let l = lit("2");
    let i = int(2);
    let f = float(2.0);
    assert_eq!(i.add(&f).unwrap().precision(), 64);
    assert_eq!(i.add(&l).unwrap().precision(), 512);
    assert_eq!(f.sub(&i).unwrap().precision(), 64);
    assert_eq!(f.div(&f).unwrap().precision(), 53);
    assert_eq!(i.div(&l).unwrap().precision(), 512);
    // The product keeps the larger operand precision, or what the product
    // needs when that is more (at most 512).
    assert_eq!(i.mul(&i).unwrap().precision(), 64);
    let odd = Number::from_u64(u64::MAX);
    let sq = odd.mul(&odd).unwrap();
    assert_eq!(sq.precision(), 128);
    assert_eq!(text(&sq), "340282366920938463426481119284349108225");
    let wide = lit("1").div(&lit("3")).unwrap();
    let p = wide.mul(&wide).unwrap();
    assert_eq!(p.precision(), 512);
    assert_eq!(f.mul(&Number::infinity()).unwrap().precision(), 53);
    assert_eq!(lit("1").div(&Number::infinity()).unwrap().precision(), 512);
    // The remainder has the dividend's precision.
    assert_eq!(i.rem(&l).unwrap().precision(), 64);
    assert_eq!(l.rem(&i).unwrap().precision(), 512);
    assert_eq!(i.neg().precision(), 64);
    assert_eq!(f.abs().precision(), 53);
    assert_eq!(lit("0").precision(), 512);
    assert_eq!(lit("Inf").precision(), 512);
    assert_eq!(Number::from_bigint_exact(&BigInt::from(3)).precision(), 64);
}

#[test]
fn rounding_is_to_nearest_even() {
    let two53 = float(9007199254740992.0);
    // 2^53 + 1 is a tie between 2^53 and 2^53 + 2: the even one wins.
    assert_eq!(text(&two53.add(&float(1.0)).unwrap()), "9007199254740992");
    assert_eq!(text(&two53.add(&float(3.0)).unwrap()), "9007199254740996");
    // Just above the tie rounds up.
    let above = two53.add(&float(1.0000000000000002)).unwrap();
    assert_eq!(above.to_f64(), 9007199254740994.0);
    // An operand far below the result's last bit.
    let tiny = float(1e-300);
    assert_eq!(two53.add(&tiny).unwrap(), two53);
    assert_eq!(two53.sub(&tiny).unwrap(), two53);
    assert_eq!(lit("1").sub(&lit("1e-100000")).unwrap(), lit("1"));
    assert_eq!(lit("1e100000").add(&lit("1")).unwrap(), lit("1e100000"));
    assert_eq!(
        text(
            &lit("16")
                .add(&lit("1e-400").mul(&lit("3.14")).unwrap())
                .unwrap()
        ),
        "16"
    );
}

#[test]
fn signed_zeros() {
    let z = lit("0");
    let nz = z.neg();
    assert!(nz.is_zero() && nz.is_sign_negative());
    assert_eq!(text(&nz.add(&nz).unwrap()), "-0");
    assert_eq!(text(&nz.add(&z).unwrap()), "0");
    assert_eq!(text(&z.sub(&z).unwrap()), "0");
    assert_eq!(text(&nz.sub(&z).unwrap()), "-0");
    assert_eq!(text(&lit("1").sub(&lit("1")).unwrap()), "0");
    assert_eq!(text(&lit("1").neg().add(&lit("1")).unwrap()), "0");
    assert_eq!(text(&nz.mul(&lit("5")).unwrap()), "-0");
    assert_eq!(text(&nz.mul(&lit("5").neg()).unwrap()), "0");
    assert_eq!(text(&z.div(&lit("5").neg()).unwrap()), "-0");
    assert_eq!(text(&lit("5").div(&nz).unwrap()), "-Inf");
    assert_eq!(text(&lit("5").neg().div(&nz).unwrap()), "+Inf");
    assert_eq!(nz, z);
    assert_eq!(hash_of(&nz), hash_of(&z));
    assert!(nz.equals(&z));
}

#[test]
fn infinities() {
    let inf = Number::infinity();
    let ninf = Number::neg_infinity();
    let one = lit("1");
    assert!(inf.add(&ninf).is_none());
    assert!(inf.sub(&inf).is_none());
    assert!(ninf.sub(&ninf).is_none());
    assert_eq!(inf.add(&inf).unwrap(), inf);
    assert_eq!(inf.sub(&ninf).unwrap(), inf);
    assert_eq!(one.sub(&inf).unwrap(), ninf);
    assert_eq!(inf.add(&one).unwrap(), inf);
    assert!(inf.mul(&lit("0")).is_none());
    assert!(lit("0").neg().mul(&ninf).is_none());
    assert_eq!(inf.mul(&one.neg()).unwrap(), ninf);
    assert!(inf.div(&inf).is_none());
    assert!(lit("0").div(&lit("0")).is_none());
    assert!(lit("0").neg().div(&lit("0")).is_none());
    assert_eq!(text(&one.div(&inf).unwrap()), "0");
    assert_eq!(text(&one.neg().div(&inf).unwrap()), "-0");
    assert_eq!(inf.div(&one.neg()).unwrap(), ninf);
    assert!(ninf < lit("-1e1000") && lit("1e1000") < inf);
    assert!(inf.is_infinite() && !inf.is_finite() && !inf.is_integer());
}

#[test]
fn remainder_follows_the_reference() {
    let r = |a: &str, b: &str| {
        Number::parse_str(a)
            .unwrap()
            .rem(&Number::parse_str(b).unwrap())
    };
    let t = |a: &str, b: &str| r(a, b).map(|n| text(&n));
    assert_eq!(t("10", "3").as_deref(), Some("1"));
    assert_eq!(t("-7", "3").as_deref(), Some("-1"));
    assert_eq!(t("7", "-3").as_deref(), Some("1"));
    assert_eq!(t("-7", "-3").as_deref(), Some("-1"));
    assert_eq!(t("7.5", "2").as_deref(), Some("1.5"));
    // 18 - 5 × 3.14, each step rounded at 512 bits: not exactly 2.3.
    let by_steps = lit("18").sub(&lit("3.14").mul(&lit("5")).unwrap()).unwrap();
    assert_eq!(r("18", "3.14"), Some(by_steps.clone()));
    assert!(text(&by_steps).starts_with("2.30000000000000000000"));
    assert_eq!(t("1", "0").as_deref(), Some("1"));
    assert_eq!(t("1", "-0").as_deref(), Some("1"));
    assert_eq!(t("1.5e-7", "0").as_deref(), Some("0.00000015"));
    assert_eq!(t("6", "3").as_deref(), Some("0"));
    assert_eq!(t("-6", "3").as_deref(), Some("0"));
    assert_eq!(t("-0", "5").as_deref(), Some("-0"));
    assert_eq!(t("-0", "-5").as_deref(), Some("0"));
    assert_eq!(t("0", "-5").as_deref(), Some("0"));
    assert_eq!(t("3", "5").as_deref(), Some("3"));
    assert_eq!(t("Inf", "0").as_deref(), Some("+Inf"));
    assert_eq!(t("-Inf", "0").as_deref(), Some("-Inf"));
    assert!(r("Inf", "2").is_none());
    assert!(r("2", "Inf").is_none());
    assert!(r("0", "-Inf").is_none());
    assert!(r("Inf", "Inf").is_none());
}

#[test]
fn comparison_and_hash() {
    let one64 = int(1);
    let one512 = lit("1");
    let one53 = float(1.0);
    assert_eq!(one64, one512);
    assert_eq!(one53, one512);
    assert_eq!(hash_of(&one64), hash_of(&one512));
    assert_eq!(
        hash_of(&lit("1e100")),
        hash_of(&lit("1e100").add(&lit("0")).unwrap())
    );
    let mut v = [
        lit("2"),
        lit("-1e400"),
        Number::infinity(),
        lit("0.5"),
        int(-3),
        lit("-0"),
    ];
    v.sort();
    let texts: Vec<String> = v.iter().map(text).collect();
    let want = ["-1e400", "-3", "-0", "0.5", "2", "+Inf"];
    assert_eq!(texts[0].len(), 402);
    assert_eq!(
        &texts[1..],
        &want[1..].iter().map(|s| s.to_string()).collect::<Vec<_>>()[..]
    );
    assert!(lit("0.1") != float(0.1));
    assert!(float(0.1) > lit("0.1"));
    assert!(lit("-2.5") < lit("-2.25"));
}

#[test]
fn language_equality_compares_texts() {
    assert!(lit("0.1").equals(&float(0.1)));
    assert!(!lit("0.1").equals(&lit("0.2")));
    assert!(int(3).equals(&lit("3")));
    assert!(!lit("1").equals(&lit("1").neg()));
    assert!(Number::infinity().equals(&lit("Inf")));
    assert!(!Number::infinity().equals(&Number::neg_infinity()));
    let third64 = int(1).div(&int(3)).unwrap();
    let third512 = lit("1").div(&lit("3")).unwrap();
    assert!(!third64.equals(&third512));
    assert!(third64.equals(&third64.clone()));
}

#[test]
fn integer_conversions() {
    assert_eq!(int(i64::MAX).to_i64(), Some(i64::MAX));
    assert_eq!(int(i64::MIN).to_i64(), Some(i64::MIN));
    assert_eq!(lit("9223372036854775807").to_i64(), Some(i64::MAX));
    assert_eq!(lit("9223372036854775808").to_i64(), None);
    assert_eq!(lit("-9223372036854775808").to_i64(), Some(i64::MIN));
    assert_eq!(lit("9223372036854775808").neg().to_i64(), Some(i64::MIN));
    assert_eq!(lit("9223372036854775809").neg().to_i64(), None);
    assert_eq!(lit("9223372036854775808").to_u64(), Some(1 << 63));
    assert_eq!(lit("18446744073709551615").to_u64(), Some(u64::MAX));
    assert_eq!(lit("18446744073709551616").to_u64(), None);
    assert_eq!(int(-1).to_u64(), None);
    assert_eq!(int(0).neg().to_u64(), Some(0));
    assert_eq!(int(0).neg().to_i64(), Some(0));
    assert_eq!(lit("1.5").to_i64(), None);
    assert_eq!(lit("1e3").to_i64(), Some(1000));
    assert_eq!(Number::infinity().to_i64(), None);
    assert_eq!(lit("1e100").to_i128(), None);
    let max = lit("170141183460469231731687303715884105727");
    assert_eq!(max.to_i128(), Some(i128::MAX));
    assert_eq!(max.add(&lit("1")).unwrap().to_i128(), None);
    assert_eq!(max.add(&lit("1")).unwrap().to_u128(), Some(1 << 127));
    assert_eq!(
        lit("340282366920938463463374607431768211456").to_u128(),
        None
    );
    assert_eq!(lit("1e30").to_bigint(), Some(BigInt::from(10u32).pow(30)));
    assert_eq!(lit("-0").to_bigint(), Some(BigInt::from(0)));
    assert_eq!(Number::infinity().to_bigint(), None);
    assert_eq!(lit("2.5").to_bigint(), None);
}

#[test]
fn float_conversions() {
    assert_eq!(lit("0.1").to_f64(), 0.1);
    assert_eq!(lit("1e400").to_f64(), f64::INFINITY);
    assert_eq!(lit("1e400").neg().to_f64(), f64::NEG_INFINITY);
    assert_eq!(lit("1e-400").to_f64(), 0.0);
    assert!(lit("1e-400").neg().to_f64().is_sign_negative());
    assert_eq!(lit("-0").to_f64().to_bits(), (-0.0f64).to_bits());
    assert_eq!(float(f64::MAX).to_f64(), f64::MAX);
    assert_eq!(float(5e-324).to_f64(), 5e-324);
    let min_sub = float(5e-324);
    // Exactly half the smallest subnormal: a tie, to the even zero.
    assert_eq!(min_sub.div(&int(2)).unwrap().to_f64(), 0.0);
    assert_eq!(min_sub.mul(&lit("0.75")).unwrap().to_f64(), 5e-324);
    assert_eq!(min_sub.mul(&lit("1.5")).unwrap().to_f64(), 1e-323);
    // Halfway between f64::MAX and 2^1024 rounds to even: infinity.
    let wide_max = float(f64::MAX).add(&lit("0")).unwrap();
    let max_plus = wide_max.add(&float(2f64.powi(970))).unwrap();
    let below_half = wide_max.add(&float(2f64.powi(969))).unwrap();
    assert_eq!(below_half.to_f64(), f64::MAX);
    assert_eq!(max_plus.to_f64(), f64::INFINITY);
    assert_eq!(max_plus.to_f64_checked(), None);
    assert_eq!(float(f64::MAX).to_f64_checked(), Some(f64::MAX));
    assert_eq!(
        Number::neg_infinity().to_f64_checked(),
        Some(f64::NEG_INFINITY)
    );
    assert_eq!(lit("1e-400").to_f64_checked(), Some(0.0));
    assert!(Number::from_f64(f64::NAN).is_none());
    assert_eq!(text(&float(-0.0)), "-0");
    assert_eq!(float(f64::INFINITY), Number::infinity());
}

#[test]
fn bigint_constructors() {
    let big = BigInt::from(3).pow(400);
    let rounded = Number::from_bigint(&big);
    assert_eq!(rounded.precision(), 512);
    assert_eq!(rounded.to_bigint().map(|b| b == big), Some(false));
    let exact = Number::from_bigint_exact(&big);
    assert_eq!(exact.precision(), 634);
    assert_eq!(exact.to_bigint(), Some(big.clone()));
    assert_eq!(text(&exact), big.to_string());
    assert_eq!(
        text(&Number::from_bigint_exact(&-big.clone())),
        (-big).to_string()
    );
    assert_eq!(text(&Number::from_bigint(&BigInt::from(0))), "0");
}

#[test]
fn integral_functions() {
    let n = |s: &str| Number::parse_str(s).unwrap();
    let cases = [
        ("2.5", "2", "3", "2"),
        ("-2.5", "-3", "-2", "-2"),
        ("-0.5", "-1", "0", "0"),
        ("0.5", "0", "1", "0"),
        ("7", "7", "7", "7"),
        ("-0", "0", "0", "-0"),
        ("1e-400", "0", "1", "0"),
    ];
    for (src, floor, ceil, trunc) in cases {
        assert_eq!(text(&n(src).floor()), floor, "floor {src}");
        assert_eq!(text(&n(src).ceil()), ceil, "ceil {src}");
        assert_eq!(
            n(src).trunc().map(|t| text(&t)).as_deref(),
            Some(trunc),
            "trunc {src}"
        );
    }
    assert_eq!(n("2.5").floor().precision(), 512);
    assert_eq!(float(2.5).ceil().precision(), 53);
    assert_eq!(n("2.5").trunc().unwrap().precision(), 64);
    assert_eq!(n("Inf").floor(), Number::infinity());
    assert_eq!(n("-Inf").ceil(), Number::neg_infinity());
    assert!(n("Inf").trunc().is_none());
    assert_eq!(text(&n("-3").abs()), "3");
    assert_eq!(text(&n("-0").abs()), "0");
    assert_eq!(n("-3").signum(), -1);
    assert_eq!(n("-0").signum(), 0);
    assert_eq!(n("0.001").signum(), 1);
    assert_eq!(n("-Inf").signum(), -1);
}

#[test]
fn text_formats() {
    let n = |s: &str| Number::parse_str(s).unwrap();
    let t = |x: &Number, f: char, p: Option<usize>| x.to_text(f, p).unwrap();
    assert_eq!(t(&n("0"), 'e', None), "0e+00");
    assert_eq!(t(&n("0"), 'g', None), "0");
    assert_eq!(t(&n("0"), 'f', Some(3)), "0.000");
    assert_eq!(t(&n("-0"), 'f', Some(1)), "-0.0");
    assert_eq!(t(&n("0.5"), 'f', Some(0)), "0");
    assert_eq!(t(&n("1.5"), 'f', Some(0)), "2");
    assert_eq!(t(&n("2.5"), 'f', Some(0)), "2");
    assert_eq!(t(&n("0.6"), 'f', Some(0)), "1");
    assert_eq!(t(&n("0.0001"), 'f', Some(2)), "0.00");
    assert_eq!(t(&n("9.999"), 'f', Some(2)), "10.00");
    assert_eq!(t(&n("123456"), 'e', Some(2)), "1.23e+05");
    assert_eq!(t(&n("123456"), 'E', None), "1.23456E+05");
    assert_eq!(t(&n("0.000123"), 'g', None), "0.000123");
    assert_eq!(t(&n("0.0000123"), 'g', None), "1.23e-05");
    assert_eq!(t(&n("100000"), 'g', None), "100000");
    assert_eq!(t(&n("1000000"), 'g', None), "1e+06");
    assert_eq!(t(&n("123456789"), 'g', Some(10)), "123456789");
    assert_eq!(t(&n("12345678901"), 'g', Some(10)), "1.23456789e+10");
    assert_eq!(t(&n("1e100"), 'e', Some(1)), "1.0e+100");
    assert_eq!(
        t(&n("0.1"), 'f', Some(30)),
        "0.100000000000000000000000000000"
    );
    assert_eq!(
        t(&float(0.1), 'f', Some(30)),
        "0.100000000000000005551115123126"
    );
    assert_eq!(t(&n("Inf"), 'e', Some(3)), "+Inf");
    assert_eq!(t(&n("-Inf"), 'g', None), "-Inf");
    assert_eq!(t(&n("12.5"), 'G', Some(2)), "12");
    assert_eq!(t(&n("13.5"), 'g', Some(2)), "14");
    assert!(n("1").to_text('d', None).is_none());
}
