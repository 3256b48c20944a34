//! Refinements of unknown values, rule by rule, with the answers go-cty
//! 1.13.0 gives.

use super::*;

fn n(v: i64) -> Number {
    Number::from_i64(v)
}

fn unknown_bool() -> Value {
    Value::unknown(Type::Bool).refine_not_null()
}

fn number(lower: Option<(i64, bool)>, upper: Option<(i64, bool)>) -> Value {
    let mut r = Value::unknown(Type::Number).refine().not_null();
    if let Some((v, inclusive)) = lower {
        r = r.number_lower_bound(&n(v), inclusive);
    }
    if let Some((v, inclusive)) = upper {
        r = r.number_upper_bound(&n(v), inclusive);
    }
    r.build()
}

fn list_between(min: u64, max: u64) -> Value {
    Value::unknown(Type::list(Type::String))
        .refine()
        .not_null()
        .length_lower_bound(min)
        .length_upper_bound(max)
        .build()
}

#[test]
fn known_values_and_the_dynamic_value_are_left_alone() {
    let one = Value::from(1);
    let refined = one
        .refine()
        .not_null()
        .number_lower_bound(&n(5), true)
        .build();
    assert_eq!(refined, one);
    assert_eq!(
        Value::null(Type::String).refine_not_null(),
        Value::null(Type::String)
    );
    assert_eq!(Value::dynamic().refine_not_null(), Value::dynamic());
    // Nothing refined is the plain unknown.
    assert_eq!(
        Value::unknown(Type::Bool).refine().build(),
        Value::unknown(Type::Bool)
    );
}

#[test]
fn not_null() {
    let b = Value::unknown(Type::Bool).refine_not_null();
    assert!(!b.is_known());
    assert!(b.range().definitely_not_null());
    assert!(!Value::unknown(Type::Bool).range().definitely_not_null());
    // Nulls of any type are equal, so a null of another type is unequal too.
    assert_eq!(b.equals(&Value::null(Type::Bool)), Value::from(false));
    assert_eq!(Value::null(Type::Dynamic).equals(&b), Value::from(false));
    assert_eq!(b.equals(&Value::from(true)), unknown_bool());
    // Refinements hold for nested unknowns too.
    let t = Value::tuple(vec![b.clone()]);
    assert_eq!(
        t.equals(&Value::tuple(vec![Value::null(Type::Bool)])),
        Value::from(false)
    );
    // Objects, tuples and capsules only know nullability.
    let o = Value::unknown(Type::object([("a", Type::Number)])).refine_not_null();
    assert_eq!(o.equals(&Value::null(Type::Dynamic)), Value::from(false));
    assert_eq!(o.get_attr("a"), Some(Value::unknown(Type::Number)));
}

#[test]
fn string_prefix() {
    let starting = |p: &str| {
        Value::unknown(Type::String)
            .refine()
            .string_prefix(p)
            .build()
    };
    // The last grapheme cluster could still combine with what follows...
    assert_eq!(starting("abc").range().string_prefix(), "ab");
    assert_eq!(starting("x").range().string_prefix(), "");
    assert_eq!(starting("ab1").range().string_prefix(), "ab");
    assert_eq!(
        starting("e\u{301}e\u{301}").range().string_prefix(),
        "\u{e9}"
    );
    // ...unless it is one punctuation character or space.
    assert_eq!(starting("ab-").range().string_prefix(), "ab-");
    assert_eq!(starting("a/b/").range().string_prefix(), "a/b/");
    assert_eq!(starting("id ").range().string_prefix(), "id ");
    // In full, the prefix is kept whole.
    let full = Value::unknown(Type::String)
        .refine()
        .string_prefix_full("abc")
        .build();
    assert_eq!(full.range().string_prefix(), "abc");
    // A longer prefix that agrees replaces a shorter; one that disagrees or
    // is shorter is ignored.
    let longer = full.refine().string_prefix_full("abcd").build();
    assert_eq!(longer.range().string_prefix(), "abcd");
    let other = full.refine().string_prefix_full("xyz0").build();
    assert_eq!(other.range().string_prefix(), "abc");
    assert_eq!(full.refine().string_prefix_full("a").build(), full);
    // `==` answers false for a string without the prefix.
    assert_eq!(full.equals(&Value::from("abx")), Value::from(false));
    assert_eq!(full.equals(&Value::from("ab")), Value::from(false));
    assert_eq!(full.equals(&Value::from("abc")), unknown_bool());
    assert_eq!(full.equals(&Value::from("abcdef")), unknown_bool());
    // Without not-null, it may still be null.
    assert_eq!(full.equals(&Value::null(Type::String)), unknown_bool());
    // A number has no prefix.
    let num = Value::unknown(Type::Number)
        .refine()
        .string_prefix("1")
        .build();
    assert_eq!(num, Value::unknown(Type::Number));
}

#[test]
fn number_bounds() {
    let at_least_5 = number(Some((5, true)), None);
    let more_than_5 = number(Some((5, false)), None);
    assert_eq!(at_least_5.equals(&Value::from(4)), Value::from(false));
    assert_eq!(at_least_5.equals(&Value::from(5)), unknown_bool());
    assert_eq!(more_than_5.equals(&Value::from(5)), Value::from(false));
    assert_eq!(more_than_5.equals(&Value::from(6)), unknown_bool());
    let at_most_5 = number(None, Some((5, true)));
    let less_than_5 = number(None, Some((5, false)));
    assert_eq!(at_most_5.equals(&Value::from(5)), unknown_bool());
    assert_eq!(less_than_5.equals(&Value::from(5)), Value::from(false));
    assert_eq!(at_most_5.equals(&Value::from(6)), Value::from(false));
    // The tighter bound stands: exclusive 5 is tighter than inclusive 5.
    assert_eq!(
        more_than_5.refine().number_lower_bound(&n(5), true).build(),
        more_than_5
    );
    assert_eq!(
        at_least_5.refine().number_lower_bound(&n(5), false).build(),
        more_than_5
    );
    assert_eq!(
        at_least_5.refine().number_lower_bound(&n(3), true).build(),
        at_least_5
    );
    assert_eq!(
        at_least_5.refine().number_lower_bound(&n(7), true).build(),
        number(Some((7, true)), None)
    );
    assert_eq!(
        at_most_5.refine().number_upper_bound(&n(5), false).build(),
        less_than_5
    );
    assert_eq!(
        at_most_5.refine().number_upper_bound(&n(9), true).build(),
        at_most_5
    );
    // A bound that leaves no number is ignored.
    assert_eq!(
        at_least_5.refine().number_upper_bound(&n(4), true).build(),
        at_least_5
    );
    assert_eq!(
        more_than_5.refine().number_upper_bound(&n(5), true).build(),
        more_than_5
    );
    // Infinities are no bounds.
    let no_bound = Value::unknown(Type::Number)
        .refine()
        .number_lower_bound(&Number::neg_infinity(), true)
        .number_upper_bound(&Number::infinity(), true)
        .build();
    assert_eq!(no_bound, Value::unknown(Type::Number));
}

#[test]
fn equal_inclusive_bounds_leave_one_number() {
    assert_eq!(number(Some((3, true)), Some((3, true))), Value::from(3));
    // Only when the value cannot be null.
    let maybe_null = Value::unknown(Type::Number)
        .refine()
        .number_lower_bound(&n(3), true)
        .number_upper_bound(&n(3), true)
        .build();
    assert!(!maybe_null.is_known());
    assert_eq!(maybe_null.refine_not_null(), Value::from(3));
}

#[test]
fn comparisons_use_bounds_as_if_exclusive() {
    let zero_to_5 = number(Some((0, true)), Some((5, true)));
    assert_eq!(zero_to_5.less_than(&Value::from(6)), Value::from(true));
    assert_eq!(zero_to_5.less_than(&Value::from(5)), unknown_bool());
    assert_eq!(zero_to_5.less_than(&Value::from(-1)), Value::from(false));
    assert_eq!(zero_to_5.greater_than(&Value::from(-1)), Value::from(true));
    assert_eq!(zero_to_5.greater_than(&Value::from(0)), unknown_bool());
    assert_eq!(zero_to_5.greater_than(&Value::from(5)), unknown_bool());
    assert_eq!(zero_to_5.greater_than(&Value::from(6)), Value::from(false));
    // Even an exclusive bound that touches leaves it unknown.
    let below_5 = number(None, Some((5, false)));
    assert_eq!(below_5.less_than(&Value::from(5)), unknown_bool());
    // Two unknowns whose ranges are apart.
    let above_10 = number(Some((10, true)), None);
    assert_eq!(zero_to_5.less_than(&above_10), Value::from(true));
    assert_eq!(above_10.less_than(&zero_to_5), Value::from(false));
    // `<=` and `>=` are `<` or `==`, and `==` is known false outside the
    // range: known whenever both are.
    assert_eq!(zero_to_5.less_or_equal(&Value::from(9)), Value::from(true));
    assert_eq!(
        zero_to_5.less_or_equal(&Value::from(-3)),
        Value::from(false)
    );
    assert_eq!(zero_to_5.less_or_equal(&Value::from(5)), unknown_bool());
    assert_eq!(
        zero_to_5.greater_or_equal(&Value::from(-3)),
        Value::from(true)
    );
    // `==` of two unknowns is never known, so neither is `>=` of them.
    assert_eq!(zero_to_5.greater_than(&above_10), Value::from(false));
    assert_eq!(zero_to_5.greater_or_equal(&above_10), unknown_bool());
    // Nothing known, nothing answered.
    let u = Value::unknown(Type::Number);
    assert_eq!(u.less_than(&Value::from(1)), unknown_bool());
    assert_eq!(Value::dynamic().less_than(&Value::from(1)), unknown_bool());
}

#[test]
fn collection_length_bounds() {
    let two_to_3 = list_between(2, 3);
    assert_eq!(
        two_to_3.length_value().unwrap(),
        number(Some((2, true)), Some((3, true)))
    );
    let strings = |n: usize| Value::list(Type::String, vec![Value::from("x"); n]).unwrap();
    assert_eq!(two_to_3.equals(&strings(1)), Value::from(false));
    assert_eq!(two_to_3.equals(&strings(4)), Value::from(false));
    assert_eq!(two_to_3.equals(&strings(2)), unknown_bool());
    // A bound that contradicts the other is ignored.
    assert_eq!(two_to_3.refine().length_upper_bound(1).build(), two_to_3);
    assert_eq!(two_to_3.refine().length_lower_bound(4).build(), two_to_3);
    assert_eq!(two_to_3.refine().length_lower_bound(1).build(), two_to_3);
    // Lengths do not suit other types.
    let t = Value::unknown(Type::tuple(vec![Type::String]))
        .refine()
        .length(5)
        .build();
    assert_eq!(t, Value::unknown(Type::tuple(vec![Type::String])));
}

#[test]
fn known_lengths_leave_known_collections() {
    let exactly = |ty: Type, len: u64| Value::unknown(ty).refine().not_null().length(len).build();
    let s = Type::String;
    assert_eq!(
        exactly(Type::list(s.clone()), 2),
        Value::list(s.clone(), vec![Value::unknown(s.clone()); 2]).unwrap()
    );
    assert_eq!(
        exactly(Type::list(s.clone()), 0),
        Value::list(s.clone(), vec![]).unwrap()
    );
    assert_eq!(
        exactly(Type::set(s.clone()), 1),
        Value::set(s.clone(), vec![Value::unknown(s.clone())]).unwrap()
    );
    assert_eq!(
        exactly(Type::map(s.clone()), 0),
        Value::map(s.clone(), Vec::<(String, Value)>::new()).unwrap()
    );
    // Two unknown set elements might be one, and a map's keys are unknown.
    assert!(!exactly(Type::set(s.clone()), 2).is_known());
    assert!(!exactly(Type::map(s.clone()), 1).is_known());
    // A length beyond any value's stays unknown, without building it.
    let huge = exactly(Type::list(s.clone()), 1 << 40);
    assert!(!huge.is_known());
    assert_eq!(huge.range().length_lower_bound(), 1 << 40);
    // No length exceeds the largest 64-bit integer.
    let beyond = exactly(Type::list(s.clone()), u64::MAX);
    assert_eq!(beyond.range().length_lower_bound(), 0);
    // Without not-null, it may be null.
    let maybe_null = Value::unknown(Type::list(s.clone()))
        .refine()
        .length(2)
        .build();
    assert!(!maybe_null.is_known());
    assert_eq!(maybe_null.range().length_lower_bound(), 2);
}

#[test]
fn ranges_of_known_values_are_exact() {
    let r = Value::from("abc").range();
    assert!(r.definitely_not_null());
    assert_eq!(r.string_prefix(), "abc");
    let r = Value::from(7).range();
    assert_eq!(r.number_lower_bound(), Some((&n(7), true)));
    assert_eq!(r.number_upper_bound(), Some((&n(7), true)));
    let l = Value::list(Type::Bool, vec![Value::from(true)]).unwrap();
    assert_eq!(
        (
            l.range().length_lower_bound(),
            l.range().length_upper_bound()
        ),
        (1, 1)
    );
    let null = Value::null(Type::String).range();
    assert!(null.definitely_null() && !null.definitely_not_null());
    assert_eq!(null.includes(&Value::null(Type::String)), Some(true));
    assert_eq!(null.includes(&Value::from("x")), Some(false));
    let unknown = Value::unknown(Type::list(Type::Bool)).range();
    assert_eq!(unknown.length_upper_bound(), i64::MAX as u64);
    assert_eq!(unknown.includes(&Value::null(Type::Bool)), Some(true));
    assert_eq!(unknown.includes(&Value::from("x")), Some(false));
}

#[test]
fn identity_includes_refinements() {
    let a = Value::unknown(Type::String).refine_not_null();
    assert_eq!(a, Value::unknown(Type::String).refine_not_null());
    assert_ne!(a, Value::unknown(Type::String));
    let mut seen = std::collections::HashSet::new();
    seen.insert(a.clone());
    assert!(seen.contains(&Value::unknown(Type::String).refine_not_null()));
    assert!(!seen.contains(&Value::unknown(Type::String)));
}

#[test]
fn refinements_do_not_print() {
    let v = Value::unknown(Type::String)
        .refine()
        .not_null()
        .string_prefix("id-")
        .build();
    assert_eq!(v.to_string(), "(unknown)");
    assert_eq!(
        v.to_typed_json(),
        ("\"string\"".to_owned(), "{\"$unknown\":true}".to_owned())
    );
    assert_eq!(
        format!("{v:?}"),
        "unknown(string).not_null().string_prefix(\"id-\")"
    );
    let l = list_between(1, 4);
    assert_eq!(
        format!("{l:?}"),
        "unknown(list(string)).not_null().length_lower_bound(1).length_upper_bound(4)"
    );
}
