//! Numbers at their limits: generated round trips, ties in rounding,
//! huge and tiny magnitudes, very long digit strings, and the bounds on
//! the work each takes.

use std::cmp::Ordering;

use num_bigint::BigInt;
use proptest::prelude::*;

use super::core::Mant;
use super::tests::{float, hash_of, int, lit, text};
use super::*;

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

/// The `f64` of a literal through its 512-bit value, the reference's way.
fn f64_through_number(text: &str) -> Option<u64> {
    Number::parse_literal(text)?
        .to_f64_checked()
        .map(f64::to_bits)
}

/// A short decimal's `f64` read in one rounding equals the one read
/// through the 512-bit value, bit for bit (the sign of a zero included),
/// on the cases where a careless shortcut goes wrong: ties between two
/// `f64`s, 19 digits, the ends of the exponent range.
#[test]
fn short_decimals_read_as_through_their_512_bit_values() {
    let cases = [
        "0",
        "-0",
        "0.0",
        "-0.000",
        "0e27",
        "8080",
        "-8080",
        "376.55",
        "0.1",
        "0.3",
        "1.5",
        "5.",
        ".5",
        "1e5",
        "1E+5",
        "2.5e-3",
        "-2.5e-3",
        "123.456e-2",
        // 2^53 + 1 and 2^54 + 2: ties, to the even neighbour.
        "9007199254740993",
        "18014398509481986",
        "9007199254740995",
        // The tie 2^53 + 1 scaled: not a tie any more once written in tenths.
        "900719925474099.3e1",
        "9007199254740993e-1",
        // 19 digits, the most read here, and 20.
        "9999999999999999999",
        "1844674407370955161.5",
        "18446744073709551615",
        "1e27",
        "1e-27",
        "9999999999999999999e27",
        "1e-28",
        "1e28",
        "0.0000000000000000000000000001",
        "7.2057594037927933e16",
        "4.35679719e-11",
        "2.2250738585072011e-8",
    ];
    for text in cases {
        if let Some(fast) = parse::short_decimal_f64(text) {
            assert_eq!(Some(fast.to_bits()), f64_through_number(text), "{text}");
        }
        assert_eq!(
            Number::literal_to_f64(text).map(f64::to_bits),
            f64_through_number(text),
            "{text}"
        );
    }
    // The shortcut does take the common cases.
    for text in ["8080", "376.55", "-0", "9007199254740993", "1e-27"] {
        assert!(parse::short_decimal_f64(text).is_some(), "{text}");
    }
}

proptest! {
    #[test]
    fn generated_short_decimals_read_as_through_their_512_bit_values(
        neg in any::<bool>(),
        digits in "[0-9]{1,19}",
        point in 0usize..20,
        exp in proptest::option::of(-40i32..40),
    ) {
        let point = point.min(digits.len());
        let (whole, fraction) = digits.split_at(point);
        let mut text = String::from(if neg { "-" } else { "" });
        text.push_str(whole);
        if !fraction.is_empty() {
            text.push('.');
            text.push_str(fraction);
        }
        if let Some(exp) = exp {
            text.push_str(&format!("e{exp}"));
        }
        if let Some(fast) = parse::short_decimal_f64(&text) {
            prop_assert_eq!(Some(fast.to_bits()), f64_through_number(&text), "{}", text);
        }
    }
}
