use std::cmp::Ordering;
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use num_bigint::BigInt;
use proptest::prelude::*;

use super::core::Mant;
use super::*;

fn lit(s: &str) -> Number {
    Number::parse_literal(s).unwrap_or_else(|| panic!("literal {s:?}"))
}

fn text(n: &Number) -> String {
    n.to_string()
}

fn int(v: i64) -> Number {
    Number::from_i64(v)
}

fn float(v: f64) -> Number {
    Number::from_f64(v).unwrap()
}

fn hash_of(n: &Number) -> u64 {
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

#[test]
fn repeated_squaring_stays_bounded() {
    let mut x = lit("1.000000001");
    for _ in 0..200 {
        x = x.mul(&x).unwrap();
    }
    assert!(x.is_infinite());
    let mut y = lit("0.999999999");
    for _ in 0..200 {
        y = y.mul(&y).unwrap();
    }
    assert!(y.is_zero());
}

fn normal_f64() -> impl Strategy<Value = f64> {
    (any::<bool>(), 1u64..(1 << 52), -300i32..300).prop_map(|(neg, frac, e)| {
        let v = (1.0 + frac as f64 / (1u64 << 52) as f64) * 2f64.powi(e);
        if neg {
            -v
        } else {
            v
        }
    })
}

proptest! {
    #[test]
    fn shortest_text_of_f64_reads_back_and_is_shortest(v in normal_f64()) {
        // The standard library picks the same digits except between two
        // equally near shortest candidates, where the reference rounds the
        // exact digits half to even.
        let ours = text(&float(v));
        let std = format!("{v}");
        prop_assert_eq!(ours.parse::<f64>().unwrap(), v);
        prop_assert_eq!(ours.len(), std.len());
    }

    #[test]
    fn fixed_text_of_f64_matches_the_standard_library(v in normal_f64(), p in 0usize..30) {
        prop_assert_eq!(float(v).to_text('f', Some(p)).unwrap(), format!("{v:.p$}"));
    }

    #[test]
    fn arithmetic_at_53_bits_matches_f64(a in normal_f64(), b in normal_f64()) {
        let (x, y) = (float(a), float(b));
        prop_assert_eq!(x.add(&y).unwrap().to_f64(), a + b);
        prop_assert_eq!(x.sub(&y).unwrap().to_f64(), a - b);
        prop_assert_eq!(x.div(&y).unwrap().to_f64(), a / b);
        prop_assert_eq!(x.mul_at(&y, 53).unwrap().to_f64(), a * b);
        prop_assert_eq!(x.mul(&y).unwrap().to_f64(), a * b);
        prop_assert_eq!(x.cmp(&y), a.partial_cmp(&b).unwrap());
    }

    #[test]
    fn decimal_parsing_rounds_like_the_standard_library(
        digits in "[1-9][0-9]{0,25}",
        point in 0usize..26,
        exp in -330i32..310,
    ) {
        let point = point.min(digits.len());
        let s = format!("{}.{}e{exp}", &digits[..point], &digits[point..]);
        let want: f64 = s.parse().unwrap();
        prop_assert_eq!(lit(&s).to_f64(), want, "{}", s);
    }

    #[test]
    fn text_reads_back_at_512_bits(a in any::<i64>(), b in 1i64..i64::MAX, e in -60i32..60) {
        let x = lit(&a.to_string())
            .div(&lit(&b.to_string()))
            .unwrap()
            .mul(&lit(&format!("1e{e}")))
            .unwrap();
        prop_assert_eq!(lit(&text(&x).replace('-', "")).abs(), x.abs());
    }

    #[test]
    fn integers_print_exactly(v in any::<i64>(), w in any::<u64>()) {
        prop_assert_eq!(text(&int(v)), v.to_string());
        prop_assert_eq!(text(&Number::from_u64(w)), w.to_string());
        prop_assert_eq!(int(v).to_i64(), Some(v));
        prop_assert_eq!(Number::from_u64(w).to_u64(), Some(w));
        prop_assert_eq!(lit(&w.to_string()).add(&int(v)).unwrap().to_i128(), Some(i128::from(w) + i128::from(v)));
    }
}

fn odd(m: u64) -> (Mant, i64) {
    let tz = m.trailing_zeros();
    (Mant::Small(m >> tz), i64::from(tz))
}

proptest! {
    #[test]
    fn fast_and_general_shortest_agree(
        raw in any::<u64>(),
        bits in 1u32..=64,
        exp in -70i64..70,
        prec in prop::sample::select(vec![53u32, 64, 65, 100, 128, 512]),
        k in 1usize..8,
    ) {
        let bits = bits.min(prec);
        let m = (raw >> (64 - bits)) | (1u64 << (bits - 1));
        let (mant, tz) = odd(m);
        let (fast, general, small_k) = text::shortest_variants(&mant, exp + tz, prec, k);
        if let Some(fast) = fast {
            prop_assert_eq!(&fast, &general);
        }
        prop_assert_eq!(&general, &small_k);
    }

    #[test]
    fn shortest_does_not_depend_on_the_prefix_length(
        a in 1i64..i64::MAX,
        b in 1i64..i64::MAX,
        e in -40i32..40,
        k in 1usize..20,
    ) {
        let x = lit(&a.to_string()).div(&lit(&b.to_string())).unwrap()
            .mul(&lit(&format!("1e{e}"))).unwrap();
        let y = int(a).div(&int(b)).unwrap();
        for n in [x, y] {
            if let Repr::Finite { mant, exp, .. } = &n.repr {
                let (_, general, small_k) = text::shortest_variants(mant, *exp, n.prec, k);
                prop_assert_eq!(general, small_k);
            }
        }
    }

    #[test]
    fn fixed_digits_do_not_depend_on_the_prefix_length(
        a in 1i64..i64::MAX,
        b in 1i64..i64::MAX,
        n in 0i64..60,
        k in 1usize..10,
    ) {
        let x = lit(&a.to_string()).div(&lit(&b.to_string())).unwrap();
        if let Repr::Finite { mant, exp, .. } = &x.repr {
            prop_assert_eq!(
                text::fixed_variants(mant, *exp, n, k),
                text::fixed_variants(mant, *exp, n, 200)
            );
        }
    }
}

#[test]
fn shortest_ties_go_to_even() {
    // 835845939325523.25 (the float nearest 835845939325523.3) at 53 bits:
    // .2 and .3 are equally near and both
    // within half an ulp; the exact digits round half to even.
    assert_eq!(text(&float(835845939325523.3)), "835845939325523.2");
}

#[test]
fn fixed_ties_go_to_even_on_exact_digits() {
    let t = |s: &str, p: usize| float(s.parse().unwrap()).to_text('f', Some(p)).unwrap();
    assert_eq!(t("0.125", 2), "0.12");
    assert_eq!(t("0.375", 2), "0.38");
    assert_eq!(t("3.5", 0), "4");
    assert_eq!(t("4.5", 0), "4");
    // 0.35 as a float is below the tie.
    assert_eq!(t("0.35", 1), "0.3");
    assert_eq!(t("0.45", 1), "0.5");
    // The exact value of the 512-bit 1e1000 is a 1000-digit integer just
    // below 10^1000: fixed formats show all of it.
    let n = lit("1e1000").to_text('f', Some(2)).unwrap();
    assert_eq!(n.len(), 1003);
    assert!(n.starts_with("9999") && n.ends_with(".00"));
    assert_eq!(lit("0.1").to_text('f', Some(600)).unwrap().len(), 602);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    /// The leading digits of a value scaled by a large power of ten, worked
    /// out from bounds of the power of five, are the exact ones whenever
    /// the bounds decide them, and the bounds decide them.
    #[test]
    fn bounded_powers_of_five_give_the_exact_leading_digits(
        raw in prop::collection::vec(any::<u64>(), 1..9),
        e in -30_000i64..30_000,
        k in 1usize..200,
        extra in 0i64..3,
    ) {
        let mut n = num_bigint::BigUint::from(0u32);
        for limb in raw {
            n = (n << 64u32) | num_bigint::BigUint::from(limb);
        }
        n |= num_bigint::BigUint::from(1u32);
        // The t that gives about k digits, give or take.
        let log10 = (n.bits() as f64 + e as f64) * std::f64::consts::LOG10_2;
        let t = k as i64 - log10.floor() as i64 - 1 + extra - 1;
        let prec = (k as u64) * 10 / 3 + 96;
        let ((exact, whole), bounded) = text::scaled_floor_variants(&n, e, t, prec);
        if let Some(q) = bounded {
            prop_assert_eq!(q, exact);
            prop_assert!(!whole || t.abs() < 3000);
        } else {
            // Undecided only when the exact value is whole or within a
            // hair of it.
            prop_assert!(whole || t.abs() < 3000, "undecided for t = {}", t);
        }
    }
}

/// Numbers with huge exponents compare, hash and print their leading digits
/// quickly: their digits come from bounds of the powers of five they need,
/// never the powers themselves (`5^(6×10^8)` for numbers near `2^(2^31)`).
#[test]
fn huge_exponents_compare_and_format_quickly() {
    let big = lit("1e600000000");
    let bigger = lit("1e600000001");
    assert!(!big.equals(&bigger));
    assert!(big.equals(&lit("1e600000000")));
    assert!(!lit("1e600000000")
        .div(&lit("3"))
        .unwrap()
        .equals(&lit("1e600000001").div(&lit("3")).unwrap()));
    assert_eq!(big.to_text('e', Some(3)).unwrap(), "1.000e+600000000");
    assert_eq!(
        bigger
            .div(&lit("3"))
            .unwrap()
            .to_text('g', Some(5))
            .unwrap(),
        "3.3333e+600000000"
    );
    let tiny = lit("3e-600000000");
    assert_eq!(tiny.to_text('e', Some(2)).unwrap(), "3.00e-600000000");
    assert!(!tiny.equals(&lit("3e-600000001")));
    // Near the ends of the exponent range.
    let top = lit("1p2147483646");
    assert_eq!(top.to_text('e', Some(4)).unwrap(), "4.4040e+646456992");
    let bottom = lit("1p-2147483649");
    assert_eq!(bottom.to_text('e', Some(4)).unwrap(), "2.8383e-646456994");
    assert_ne!(hash_of(&big), hash_of(&bigger));
}

#[test]
fn parsing_stops_at_max_digits() {
    let max = Number::MAX_DIGITS;
    let longest = "9".repeat(max);
    assert!(Number::parse_literal(&longest).is_some());
    assert!(Number::parse_str(&format!("-{longest}e-5")).is_some());
    assert!(!Number::has_too_many_digits(&longest));
    for text in [
        format!("{longest}9"),
        format!("{longest}0"),
        format!("0.{longest}1"),
        format!("1.{longest}"),
        format!("{}.{}", "1".repeat(max / 2), "1".repeat(max / 2 + 1)),
    ] {
        assert!(Number::parse_str(&text).is_none(), "{}", text.len());
        assert!(Number::has_too_many_digits(&text));
    }
    // Leading zeros are not significant, on either side of the point.
    let zeros = "0".repeat(1 << 20);
    assert_eq!(
        Number::parse_str(&format!("{zeros}{longest}")),
        Number::parse_str(&longest)
    );
    let tiny = Number::parse_str(&format!("0.{zeros}{longest}")).unwrap();
    assert!(tiny.is_finite() && !tiny.is_zero());
    assert_eq!(lit(&format!("{zeros}.{zeros}")), lit("0"));
    // Not numbers at all are not "too many digits".
    assert!(!Number::has_too_many_digits(&format!("{longest}9x")));
    assert!(!Number::has_too_many_digits("abc"));
}

/// Leading zeros are skipped, and more than `MAX_DIGITS` significant
/// digits are refused without being read as a number; how the time to do
/// so grows with the length is measured by `hcl-bench/benches/linear.rs`
/// (`long_number`).
#[test]
fn long_digit_strings_are_read_or_refused() {
    let zeros = "0".repeat(1 << 20);
    assert_eq!(lit(&format!("{zeros}1")), lit("1"));
    assert!(Number::parse_literal(&"5".repeat(Number::MAX_DIGITS + 1)).is_none());
    assert!(Number::parse_literal(&"5".repeat(1 << 20)).is_none());
}

#[test]
fn magnitude_bounds_are_exact() {
    let pow2 = |e: i64| lit(&format!("1p{e}"));
    let bits = 1u32 << 20;
    let b = i64::from(bits);
    assert_eq!(pow2(b).magnitude_beyond(bits), Some(Ordering::Greater));
    assert_eq!(
        pow2(b).neg().magnitude_beyond(bits),
        Some(Ordering::Greater)
    );
    assert_eq!(pow2(b - 1).magnitude_beyond(bits), None);
    let just_below = pow2(b).sub(&pow2(b - 100)).unwrap();
    assert_eq!(just_below.magnitude_beyond(bits), None);
    assert_eq!(pow2(-b).magnitude_beyond(bits), Some(Ordering::Less));
    assert_eq!(pow2(-b - 1).magnitude_beyond(bits), Some(Ordering::Less));
    let just_above = pow2(-b).add(&pow2(-b - 100)).unwrap();
    assert_eq!(just_above.magnitude_beyond(bits), None);
    assert_eq!(lit("0").magnitude_beyond(bits), None);
    assert_eq!(Number::infinity().magnitude_beyond(bits), None);
    // Small numbers have no long text; huge ones about a digit per 3.3
    // bits, unless they are too large to write out at all.
    assert_eq!(lit("1e300").long_text_bytes(), 0);
    assert_eq!(lit("1e1000").long_text_bytes(), 1001);
    assert_eq!(lit("1e-1000").long_text_bytes(), 1000);
    assert_eq!(lit("1e600000000").long_text_bytes(), 0);
}

#[test]
fn bounded_text_of_huge_and_tiny_numbers() {
    assert_eq!(lit("1e300000").to_text_bounded().len(), 300_001);
    assert_eq!(lit("-1.5e600000000").to_text_bounded(), "-1.5e+600000000");
    assert_eq!(lit("2e-600000000").to_text_bounded(), "2e-600000000");
    assert_eq!(
        format!("{:?}", lit("1e600000000")),
        "Number(1e+600000000, prec=512)"
    );
    // The bounded text reads back as the same number.
    let n = lit("1e600000000").div(&lit("7")).unwrap();
    assert_eq!(lit(&n.to_text_bounded()), n);
}

#[test]
fn text_keys_follow_language_equality() {
    let pairs = [
        (lit("0.1"), float(0.1), true),
        (lit("0"), lit("0").neg(), true),
        (lit("1e600000000"), lit("1e600000000"), true),
        (lit("1e600000000"), lit("1e600000001"), false),
        (lit("1e600000000").neg(), lit("1e600000000"), false),
        (Number::infinity(), Number::infinity(), true),
        (Number::infinity(), Number::neg_infinity(), false),
        (int(5), lit("5"), true),
    ];
    for (a, b, equal) in pairs {
        assert_eq!(a.equals(&b), equal, "{a:?} {b:?}");
        assert_eq!(a.text_key() == b.text_key(), equal, "{a:?} {b:?}");
    }
}

proptest! {
    /// Language equality, with its shortcuts (numbers too far apart, the
    /// digits of the more precise number worked out only as far as the
    /// other's), agrees with comparing the full texts.
    #[test]
    fn equality_agrees_with_comparing_texts(
        a in 1i64..i64::MAX,
        b in 1i64..i64::MAX,
        e in -30i32..30,
        nudge in -3i64..3,
        pa in prop::sample::select(vec![53u32, 64, 100, 512, 2000]),
        pb in prop::sample::select(vec![53u32, 64, 100, 512, 2000]),
    ) {
        let x = lit(&a.to_string()).div(&lit(&b.to_string())).unwrap()
            .mul(&lit(&format!("1e{e}"))).unwrap();
        let at = |n: &Number, p: u32| Number { prec: p, repr: core::round_repr(&n.repr, p) };
        let (x1, x2) = (at(&x, pa), at(&x, pb));
        // A neighbour a few ulps away, at the same precision.
        let step = x2.mul_at(&lit(&format!("1p-{pb}")), 2048).unwrap();
        let y = at(&x2.add_at(&step.mul_at(&int(nudge), 2048).unwrap(), 2048).unwrap(), pb);
        for (p, q) in [(&x1, &x2), (&x1, &y), (&x2, &y)] {
            let full = text::shortest_digits(p) == text::shortest_digits(q);
            prop_assert_eq!(p.equals(q), full, "{:?} {:?}", p, q);
        }
    }
}

#[test]
fn equality_of_very_precise_numbers_is_quick() {
    // parseint makes integers of up to 21 177 bits; their full texts have
    // thousands of digits, which comparisons need not work out.
    let big = Number::from_bigint_exact(&(BigInt::from(3).pow(13_000)));
    let small = big.div(&lit("1p20000")).unwrap();
    let rounded = Number::parse_str(&small.to_text('e', Some(200)).unwrap()).unwrap();
    for _ in 0..200 {
        assert!(!small.equals(&int(7)));
        assert!(!small.equals(&rounded));
        assert!(small.equals(&small.clone()));
    }
}
