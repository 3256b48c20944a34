use std::sync::Arc;

use super::set::{format_g10, go_quote_string, hash_text};
use super::*;
use crate::types::{CapsuleOps, CapsulePayload};

fn num(s: &str) -> Value {
    Value::number(Number::parse_literal(s).unwrap())
}

fn s(v: &str) -> Value {
    Value::string(v)
}

/// What `==` gives when its answer is unknown: an unknown bool, not null.
fn unknown_bool() -> Value {
    Value::unknown(Type::Bool).refine_not_null()
}

#[test]
fn sizes_are_compact() {
    assert!(std::mem::size_of::<Type>() <= 16);
    assert!(std::mem::size_of::<Value>() <= 24);
}

#[test]
fn tuple_and_object_types_are_derived_from_their_elements() {
    let inner = Value::object([("b", num("1")), ("a", s("x"))]);
    let tuple = Value::tuple(vec![inner.clone(), Value::from(true)]);
    let outer = Value::object([("t", tuple.clone()), ("n", Value::null(Type::String))]);
    let inner_ty = Type::object([("a", Type::String), ("b", Type::Number)]);
    let tuple_ty = Type::tuple(vec![inner_ty.clone(), Type::Bool]);
    assert_eq!(
        outer.ty(),
        &Type::object([("n", Type::String), ("t", tuple_ty.clone())])
    );
    // Asked again, and through a part asked first elsewhere: the same type.
    assert_eq!(tuple.ty(), &tuple_ty);
    assert_eq!(inner.ty(), &inner_ty);
    assert_eq!(outer.get_attr("t").unwrap().ty(), &tuple_ty);
    assert_eq!(Value::empty_object().ty(), &Type::empty_object());
    assert_eq!(Value::empty_tuple().ty(), &Type::empty_tuple());
}

#[test]
fn types_of_values_as_deep_as_evaluation_allows_are_derived() {
    // The evaluator's default limit on the depth of a value it makes.
    let depth = crate::Limits::default().max_value_depth;
    let mut value = Value::from(1);
    let mut expected = Type::Number;
    for i in 0..depth {
        if i % 2 == 0 {
            value = Value::tuple(vec![value]);
            expected = Type::tuple(vec![expected]);
        } else {
            value = Value::object([("a", value)]);
            expected = Type::object([("a", expected)]);
        }
    }
    assert_eq!(value.ty(), &expected);
}

#[test]
fn strings_are_nfc_normalized() {
    let composed = s("caf\u{e9}");
    let decomposed = s("cafe\u{301}");
    assert_eq!(composed, decomposed);
    assert_eq!(decomposed.as_str(), Some("caf\u{e9}"));
    assert_eq!(composed.equals(&decomposed), Value::from(true));
    // Hangul jamo compose too.
    assert_eq!(s("\u{1100}\u{1161}").as_str(), Some("\u{ac00}"));
}

#[test]
fn keys_and_attribute_names_are_nfc_normalized() {
    let o = Value::object([("e\u{301}", Value::from(1))]);
    assert_eq!(o.get_attr("\u{e9}"), Some(Value::from(1)));
    assert_eq!(o.get_attr("e\u{301}"), Some(Value::from(1)));
    assert_eq!(o.ty(), &Type::object([("\u{e9}", Type::Number)]));
    let m = Value::map(Type::Number, [("e\u{301}", Value::from(1))]).unwrap();
    assert_eq!(m.index(&s("\u{e9}")), Some(Value::from(1)));
}

#[test]
fn later_duplicate_keys_win() {
    let o = Value::object([("a", Value::from(1)), ("a", Value::from(2))]);
    assert_eq!(o.get_attr("a"), Some(Value::from(2)));
    assert_eq!(o.length(), Some(1));
}

#[test]
fn collections_check_element_types() {
    assert!(Value::list(Type::Number, vec![s("x")]).is_err());
    assert!(Value::set(Type::Number, vec![s("x")]).is_err());
    assert!(Value::map(Type::Number, [("a", s("x"))]).is_err());
    // Dynamic nulls and unknowns take the element type.
    let l = Value::list(
        Type::Number,
        vec![Value::null(Type::Dynamic), Value::dynamic()],
    )
    .unwrap();
    assert_eq!(
        l.elements().unwrap(),
        &[Value::null(Type::Number), Value::unknown(Type::Number)]
    );
    // A list of the dynamic pseudo-type holds only dynamic unknowns/nulls.
    assert!(Value::list(Type::Dynamic, vec![Value::from(1)]).is_err());
    assert_eq!(
        Value::list_infer(vec![]).unwrap().ty(),
        &Type::list(Type::Dynamic)
    );
    assert_eq!(
        Value::list_infer(vec![Value::dynamic(), Value::from(true)])
            .unwrap()
            .elements()
            .unwrap()[0],
        Value::unknown(Type::Bool)
    );
    assert!(Value::list_infer(vec![Value::from(1), s("a")]).is_err());
}

#[test]
fn known_unknown_null() {
    let n = Value::null(Type::list(Type::String));
    assert!(n.is_null() && n.is_known() && n.is_wholly_known());
    let u = Value::unknown(Type::String);
    assert!(!u.is_null() && !u.is_known() && !u.is_wholly_known());
    let l = Value::list(Type::String, vec![s("a"), u.clone()]).unwrap();
    assert!(l.is_known() && !l.is_wholly_known());
    assert!(l.has_wholly_known_type());
    let t = Value::tuple(vec![Value::dynamic()]);
    assert!(!t.has_wholly_known_type());
    let t = Value::tuple(vec![Value::unknown(Type::list(Type::Dynamic))]);
    assert!(!t.has_wholly_known_type());
    assert!(Value::tuple(vec![Value::null(Type::Dynamic)]).has_wholly_known_type());
}

#[test]
fn attribute_and_index_access() {
    let o = Value::object([("a", Value::from(1))]);
    assert_eq!(o.get_attr("a"), Some(Value::from(1)));
    assert_eq!(o.get_attr("b"), None);
    assert_eq!(Value::dynamic().get_attr("x"), Some(Value::dynamic()));
    assert_eq!(
        Value::null(o.ty().clone()).get_attr("a"),
        Some(Value::null(Type::Number))
    );
    assert_eq!(Value::from(1).get_attr("a"), None);

    let l = Value::list(Type::String, vec![s("a"), s("b")]).unwrap();
    assert_eq!(l.index(&Value::from(0)), Some(s("a")));
    assert_eq!(l.index(&num("0.5")), None);
    assert_eq!(l.index(&Value::from(-1)), None);
    assert_eq!(l.index(&s("0")), None);
    assert_eq!(
        l.index(&Value::dynamic()),
        Some(Value::unknown(Type::String))
    );
    let ul = Value::unknown(l.ty().clone());
    assert_eq!(
        ul.index(&Value::from(7)),
        Some(Value::unknown(Type::String))
    );

    let t = Value::tuple(vec![s("a"), Value::from(true)]);
    assert_eq!(t.index(&Value::from(1)), Some(Value::from(true)));
    assert_eq!(
        t.index(&Value::unknown(Type::Number)),
        Some(Value::dynamic())
    );
    assert_eq!(t.index(&Value::from(2)), None);
    let ut = Value::unknown(t.ty().clone());
    assert_eq!(ut.index(&Value::from(1)), Some(Value::unknown(Type::Bool)));

    let m = Value::map(Type::Bool, [("k", Value::from(true))]).unwrap();
    assert_eq!(m.index(&s("k")), Some(Value::from(true)));
    assert_eq!(m.index(&s("z")), None);
    assert_eq!(m.index(&Value::from(1)), None);
    assert_eq!(
        Value::dynamic().index(&Value::from(1)),
        Some(Value::dynamic())
    );
}

#[test]
fn lengths() {
    let set = Value::set(Type::Number, vec![Value::from(1), Value::from(2)]).unwrap();
    assert_eq!(set.length_value(), Some(Value::from(2)));
    let one_unknown = Value::set(Type::Number, vec![Value::unknown(Type::Number)]).unwrap();
    assert_eq!(one_unknown.length_value(), Some(Value::from(1)));
    let two = Value::set(
        Type::Number,
        vec![Value::unknown(Type::Number), Value::unknown(Type::Number)],
    )
    .unwrap();
    assert_eq!(two.length(), Some(2));
    // Between 1 and 2: the unknowns may turn out equal, not fewer.
    let between = |min: u64, max: u64| {
        Value::unknown(Type::Number)
            .refine()
            .not_null()
            .number_lower_bound(&Number::from_u64(min), true)
            .number_upper_bound(&Number::from_u64(max), true)
            .build()
    };
    assert_eq!(two.length_value(), Some(between(1, 2)));
    assert_eq!(
        Value::unknown(Type::list(Type::Bool)).length_value(),
        Some(between(0, i64::MAX as u64))
    );
    assert_eq!(Value::null(Type::list(Type::Bool)).length_value(), None);
    assert_eq!(
        Value::object([("a", Value::from(1))]).length_value(),
        Some(Value::from(1))
    );
}

#[test]
fn element_pairs_keys() {
    let l = Value::list(Type::String, vec![s("a")]).unwrap();
    assert_eq!(l.element_pairs(), Some(vec![(Value::from(0), s("a"))]));
    let set = Value::set(Type::String, vec![s("x")]).unwrap();
    assert_eq!(set.element_pairs(), Some(vec![(s("x"), s("x"))]));
    let m = Value::map(Type::String, [("b", s("2")), ("a", s("1"))]).unwrap();
    let keys: Vec<Value> = m
        .element_pairs()
        .unwrap()
        .into_iter()
        .map(|p| p.0)
        .collect();
    assert_eq!(keys, vec![s("a"), s("b")]);
    assert_eq!(Value::unknown(Type::list(Type::Bool)).element_pairs(), None);
}

#[test]
fn equality_of_primitives_and_nulls() {
    assert_eq!(Value::from(1).equals(&num("1.0")), Value::from(true));
    assert_eq!(Value::from(1).equals(&Value::from(2)), Value::from(false));
    assert_eq!(Value::from(1).equals(&s("1")), Value::from(false));
    assert_eq!(s("a").equals(&s("a")), Value::from(true));
    assert_eq!(
        Value::from(true).equals(&Value::from(false)),
        Value::from(false)
    );
    // Nulls are equal whatever their types.
    let ns = Value::null(Type::String);
    assert_eq!(ns.equals(&Value::null(Type::Dynamic)), Value::from(true));
    assert_eq!(ns.equals(&s("a")), Value::from(false));
    assert_eq!(s("a").equals(&ns), Value::from(false));
}

#[test]
fn numbers_compare_by_text() {
    let literal = num("0.1");
    let float = Value::number(Number::from_f64(0.1).unwrap());
    assert_eq!(literal.equals(&float), Value::from(true));
    assert_eq!(literal, float);
    let neg_zero = Value::number(Number::from_i64(0).neg());
    assert_eq!(neg_zero.equals(&Value::from(0)), Value::from(true));
    let set = Value::set(Type::Number, vec![literal, float, neg_zero, Value::from(0)]).unwrap();
    assert_eq!(set.length(), Some(2));
    let mut hashes = std::collections::HashSet::new();
    hashes.insert(num("0.1"));
    assert!(hashes.contains(&Value::number(Number::from_f64(0.1).unwrap())));
}

#[test]
fn equality_with_unknowns() {
    let us = Value::unknown(Type::String);
    assert_eq!(us.equals(&us), unknown_bool());
    assert_eq!(us.equals(&s("a")), unknown_bool());
    // A known value of another type is certainly different...
    assert_eq!(us.equals(&Value::from(1)), Value::from(false));
    assert_eq!(Value::from(1).equals(&us), Value::from(false));
    // ...but not when it is null, or the unknown's type is dynamic.
    assert_eq!(us.equals(&Value::null(Type::Number)), unknown_bool());
    assert_eq!(Value::dynamic().equals(&Value::from(1)), unknown_bool());
    // A type with dynamic parts still leaves out those that do not fit it.
    let ul = Value::unknown(Type::list(Type::Dynamic));
    assert_eq!(ul.equals(&Value::from(1)), Value::from(false));
    let one = Value::list(Type::Number, vec![Value::from(1)]).unwrap();
    assert_eq!(ul.equals(&one), unknown_bool());
}

#[test]
fn equality_of_collections() {
    let u = Value::unknown(Type::Number);
    let l = |v: Vec<Value>| Value::list(Type::Number, v).unwrap();
    assert_eq!(
        l(vec![Value::from(1), Value::from(2)]).equals(&l(vec![Value::from(1), Value::from(2)])),
        Value::from(true)
    );
    assert_eq!(
        l(vec![Value::from(1)]).equals(&l(vec![Value::from(1), Value::from(2)])),
        Value::from(false)
    );
    // In order: the first unknown or false comparison decides.
    assert_eq!(
        l(vec![Value::from(1), u.clone()]).equals(&l(vec![Value::from(1), Value::from(2)])),
        unknown_bool()
    );
    assert_eq!(
        l(vec![Value::from(1), u.clone()]).equals(&l(vec![Value::from(2), Value::from(2)])),
        Value::from(false)
    );
    let t = |v: Vec<Value>| Value::tuple(v);
    assert_eq!(
        t(vec![u.clone(), Value::from(1)]).equals(&t(vec![Value::from(1), Value::from(2)])),
        unknown_bool()
    );
    // Different tuple types are unequal.
    assert_eq!(
        t(vec![Value::from(1)]).equals(&t(vec![s("1")])),
        Value::from(false)
    );
    // Nested dynamic: undecided while the types could still match.
    assert_eq!(
        t(vec![Value::dynamic()]).equals(&t(vec![Value::from(1)])),
        unknown_bool()
    );
    assert_eq!(
        t(vec![Value::dynamic()]).equals(&t(vec![Value::from(1), Value::from(2)])),
        Value::from(false)
    );
    let o = |a: Value, b: Value| Value::object([("a", a), ("b", b)]);
    assert_eq!(
        o(Value::from(1), s("x")).equals(&o(Value::from(1), s("x"))),
        Value::from(true)
    );
    assert_eq!(
        o(u.clone(), s("x")).equals(&o(Value::from(1), s("y"))),
        unknown_bool()
    );
    assert_eq!(
        o(Value::from(2), Value::unknown(Type::String)).equals(&o(Value::from(1), s("y"))),
        Value::from(false)
    );
    let m = |k: &str| Value::map(Type::Number, [(k, Value::from(1))]).unwrap();
    assert_eq!(m("a").equals(&m("a")), Value::from(true));
    assert_eq!(m("a").equals(&m("b")), Value::from(false));
}

#[test]
fn equality_of_sets() {
    let set = |v: Vec<Value>| Value::set(Type::Number, v).unwrap();
    assert_eq!(
        set(vec![Value::from(1), Value::from(2)])
            .equals(&set(vec![Value::from(2), Value::from(1)])),
        Value::from(true)
    );
    assert_eq!(
        set(vec![Value::from(1)]).equals(&set(vec![Value::from(2)])),
        Value::from(false)
    );
    assert_eq!(
        set(vec![Value::from(3), Value::unknown(Type::Number)]).equals(&set(vec![Value::from(2)])),
        unknown_bool()
    );
}

#[test]
fn structural_equality_is_raw() {
    assert_eq!(Value::unknown(Type::String), Value::unknown(Type::String));
    assert_ne!(Value::unknown(Type::String), Value::unknown(Type::Number));
    assert_ne!(Value::null(Type::String), Value::null(Type::Number));
    assert_ne!(Value::null(Type::String), Value::unknown(Type::String));
    assert_ne!(Value::from(1), s("1"));
    let a = Value::list(Type::String, vec![s("x"), Value::unknown(Type::String)]).unwrap();
    assert_eq!(a, a.clone());
    let mut set = std::collections::HashSet::new();
    set.insert(a.clone());
    assert!(set.contains(&a));
}

#[test]
fn capsule_values() {
    let plain = CapsuleType::new("thing");
    let p: CapsulePayload = Arc::new(5u32);
    let a = Value::capsule(plain.clone(), p.clone());
    let b = Value::capsule(plain.clone(), p);
    let c = Value::capsule(plain.clone(), Arc::new(5u32));
    assert_eq!(a.equals(&b), Value::from(true));
    assert_eq!(a.equals(&c), Value::from(false));
    let by_value = CapsuleType::with_ops(
        "num",
        CapsuleOps {
            equals: Some(Arc::new(|x: &CapsulePayload, y: &CapsulePayload| {
                x.downcast_ref::<u32>() == y.downcast_ref::<u32>()
            })),
            hash_key: None,
        },
    );
    let d = Value::capsule(by_value.clone(), Arc::new(5u32));
    let e = Value::capsule(by_value.clone(), Arc::new(5u32));
    assert_eq!(d.equals(&e), Value::from(true));
    assert_eq!(d, e);
    // Values of different capsule types are unequal.
    assert_eq!(d.equals(&c), Value::from(false));
    assert_eq!(d.ty().friendly_name(), "num");
}

#[test]
fn set_order_of_primitives() {
    let strings = Value::set(
        Type::String,
        vec![s("b"), s("a"), s("B"), s("\u{e9}"), s("a"), s("ab")],
    )
    .unwrap();
    assert_eq!(
        strings.elements().unwrap(),
        &[s("B"), s("a"), s("ab"), s("b"), s("\u{e9}")]
    );
    let numbers = Value::set(
        Type::Number,
        vec![
            Value::from(10),
            Value::from(2),
            Value::from(-1),
            num("2.5"),
            num("2.0"),
        ],
    )
    .unwrap();
    assert_eq!(
        numbers.elements().unwrap(),
        &[Value::from(-1), Value::from(2), num("2.5"), Value::from(10)]
    );
    let bools = Value::set(Type::Bool, vec![Value::from(true), Value::from(false)]).unwrap();
    assert_eq!(
        bools.elements().unwrap(),
        &[Value::from(false), Value::from(true)]
    );
}

#[test]
fn set_order_of_unknowns_and_nulls() {
    let u = Value::unknown(Type::String);
    let set = Value::set(
        Type::String,
        vec![
            Value::null(Type::String),
            u.clone(),
            s("z"),
            Value::dynamic(),
            Value::null(Type::Dynamic),
            s("a"),
        ],
    )
    .unwrap();
    // Known first, then each unknown (never merged), then the null.
    assert_eq!(
        set.elements().unwrap(),
        &[s("a"), s("z"), u.clone(), u, Value::null(Type::String)]
    );
}

#[test]
fn set_order_of_structures_follows_hash_text() {
    let tup = |n: i64| Value::tuple(vec![Value::from(n)]);
    let ty = tup(0).ty().clone();
    let set = Value::set(ty, vec![tup(2), tup(1), tup(10), tup(1)]).unwrap();
    // "<10;>" sorts before "<1;>" as bytes.
    assert_eq!(set.elements().unwrap(), &[tup(10), tup(1), tup(2)]);

    let l = |v: &[&str]| Value::list(Type::String, v.iter().map(|x| s(x)).collect()).unwrap();
    let set = Value::set(
        Type::list(Type::String),
        vec![l(&["b"]), l(&["a", "c"]), l(&[])],
    )
    .unwrap();
    assert_eq!(
        set.elements().unwrap(),
        &[l(&["a", "c"]), l(&["b"]), l(&[])]
    );

    let o = |name: &str, n: i64| Value::object([("name", s(name)), ("n", Value::from(n))]);
    let set = Value::set(
        o("x", 0).ty().clone(),
        vec![o("b", 1), o("a", 2), o("a", 1)],
    )
    .unwrap();
    // Attributes by name: n first.
    assert_eq!(set.elements().unwrap(), &[o("a", 1), o("b", 1), o("a", 2)]);
}

#[test]
fn set_deduplicates_structures() {
    let l = |v: Vec<Value>| Value::list(Type::Number, v).unwrap();
    let set = Value::set(
        Type::list(Type::Number),
        vec![
            l(vec![Value::from(1)]),
            l(vec![num("1.0")]),
            l(vec![Value::unknown(Type::Number)]),
            l(vec![Value::unknown(Type::Number)]),
        ],
    )
    .unwrap();
    // Lists holding unknowns are never equal to anything.
    assert_eq!(set.length(), Some(3));
}

#[test]
fn hash_text_forms() {
    let mut out = Vec::new();
    let v = Value::object([
        (
            "m",
            Value::map(Type::Bool, [("k", Value::from(true))]).unwrap(),
        ),
        ("n", Value::null(Type::String)),
        ("u", Value::unknown(Type::Number)),
        ("x", Value::tuple(vec![Value::from(false), num("1.5")])),
    ]);
    hash_text(&v, &mut out);
    assert_eq!(
        String::from_utf8(out).unwrap(),
        r#"<{"k":T;};~;?;<F;1.5;>;>"#
    );
}

#[test]
fn go_quoting() {
    assert_eq!(go_quote_string("a\"b\\c"), r#""a\"b\\c""#);
    assert_eq!(go_quote_string("\n\t\x07\x01\x7f"), r#""\n\t\a\x01\x7f""#);
    assert_eq!(
        go_quote_string("caf\u{e9} \u{1F600}"),
        "\"caf\u{e9} \u{1F600}\""
    );
    assert_eq!(
        go_quote_string("\u{a0}\u{2028}\u{feff}"),
        r#""\u00a0\u2028\ufeff""#
    );
    assert_eq!(go_quote_string("\u{10ffff}"), r#""\U0010ffff""#);
}

#[test]
fn g10_number_format() {
    let cases = [
        ("1", "1"),
        ("100", "100"),
        ("1e10", "1e+10"),
        ("12345678901", "1.23456789e+10"),
        ("1234567890", "1234567890"),
        ("0.0001", "0.0001"),
        ("0.00001", "1e-05"),
        ("1.5", "1.5"),
        ("0", "0"),
        ("123456789.987", "123456790"),
        ("0.000123456789012", "0.000123456789"),
        ("9999999999.9", "1e+10"),
        ("1.00000000051", "1.000000001"),
        ("1.00000000049", "1"),
    ];
    for (lit, want) in cases {
        let n = Number::parse_literal(lit).unwrap();
        assert_eq!(format_g10(&n), want, "{lit}");
        assert_eq!(format_g10(&n.neg()), format!("-{want}"), "-{lit}");
    }
    assert_eq!(format_g10(&Number::infinity()), "+Inf");
    assert_eq!(format_g10(&Number::neg_infinity()), "-Inf");
}

#[test]
fn typed_json_of_primitives() {
    assert_eq!(
        Value::from(15).to_typed_json(),
        ("\"number\"".into(), "\"15\"".into())
    );
    assert_eq!(
        s("a\"\\\u{8}\u{c}\n\r\t\u{1}\u{1f}\u{7f}\u{2028}<é")
            .to_typed_json()
            .1,
        "\"a\\\"\\\\\\b\\f\\n\\r\\t\\u0001\\u001f\u{7f}\u{2028}<é\""
    );
    assert_eq!(Value::from(true).to_json_text(), "true");
    assert_eq!(
        Value::null(Type::Dynamic).to_typed_json(),
        ("\"dynamic\"".into(), "null".into())
    );
    assert_eq!(
        Value::dynamic().to_typed_json(),
        ("\"dynamic\"".into(), "{\"$unknown\":true}".into())
    );
}

#[test]
fn typed_json_of_collections() {
    let set = Value::set(
        Type::list(Type::String),
        vec![
            Value::list(Type::String, vec![s("b")]).unwrap(),
            Value::list(Type::String, vec![s("a"), s("c")]).unwrap(),
        ],
    )
    .unwrap();
    assert_eq!(
        set.to_typed_json(),
        (
            r#"["set",["list","string"]]"#.into(),
            r#"[["a","c"],["b"]]"#.into()
        )
    );
    let nums = Value::set(Type::Number, vec![Value::from(10), Value::from(9)]).unwrap();
    // Sorted by JSON text, not numerically.
    assert_eq!(nums.to_json_text(), r#"["10","9"]"#);
    let m = Value::map(
        Type::list(Type::Bool),
        [("z", Value::null(Type::list(Type::Bool)))],
    )
    .unwrap();
    assert_eq!(
        m.to_typed_json(),
        (r#"["map",["list","bool"]]"#.into(), r#"{"z":null}"#.into())
    );
    let t = Value::tuple(vec![Value::empty_object(), Value::empty_tuple()]);
    assert_eq!(
        t.to_typed_json(),
        (
            r#"["tuple",[["object",{}],["tuple",[]]]]"#.into(),
            "[{},[]]".into()
        )
    );
    let empty = Value::list(Type::String, vec![]).unwrap();
    assert_eq!(empty.to_json_text(), "[]");
}

#[test]
fn deep_size_is_kept_with_each_collection() {
    let one = DeepSize::ONE;
    assert_eq!(Value::from(1).deep_size(), one);
    assert_eq!(Value::null(Type::String).deep_size(), one);
    assert_eq!(
        s("abc").deep_size(),
        DeepSize {
            values: 1,
            bytes: 3,
            depth: 0
        }
    );
    let t = Value::tuple(vec![s("ab"), Value::from(1)]);
    assert_eq!(
        t.deep_size(),
        DeepSize {
            values: 3,
            bytes: 2,
            depth: 1
        }
    );
    // Keys count as bytes; shared parts count each time.
    let o = Value::object([("key", t.clone()), ("k", t.clone())]);
    assert_eq!(
        o.deep_size(),
        DeepSize {
            values: 7,
            bytes: 8,
            depth: 2
        }
    );
    let l = Value::list(Type::String, vec![s("x"), s("yz")]).unwrap();
    assert_eq!((l.deep_size().values, l.deep_size().bytes), (3, 3));
    let set = Value::set(Type::String, vec![s("x"), s("x")]).unwrap();
    assert_eq!(set.deep_size().values, 2);
    let m = Value::map(Type::String, [("a", s("b"))]).unwrap();
    assert_eq!((m.deep_size().values, m.deep_size().bytes), (2, 2));
    assert_eq!(Value::empty_tuple().deep_size().depth, 1);
    // Sharing makes sizes grow exponentially; they saturate.
    let mut v = Value::from(1);
    for _ in 0..70 {
        v = Value::tuple(vec![v.clone(), v]);
    }
    assert_eq!(v.deep_size().values, u64::MAX);
    assert_eq!(v.deep_size().depth, 70);
}

#[test]
fn wholly_known_is_kept_with_each_collection() {
    let inner = Value::tuple(vec![Value::from(1), Value::unknown(Type::Number)]);
    assert!(!inner.is_wholly_known());
    let outer = Value::object([("a", Value::tuple(vec![inner])), ("b", Value::from(2))]);
    assert!(!outer.is_wholly_known());
    let known = Value::object([("a", Value::tuple(vec![Value::from(1)]))]);
    assert!(known.is_wholly_known());
    assert!(Value::null(Type::String).is_wholly_known());
    assert!(!Value::dynamic().is_wholly_known());
}

#[test]
fn debug_and_json_texts_of_huge_numbers_stay_short() {
    let v = Value::tuple(vec![num("1e600000000"), num("-2e-600000000")]);
    assert_eq!(format!("{v:?}"), "tuple[1e+600000000, -2e-600000000]");
    assert_eq!(v.to_json_text(), r#"["1e+600000000","-2e-600000000"]"#);
}

#[test]
fn plain_json_writes_numbers_exactly_and_sets_in_order() {
    let v = Value::tuple(vec![
        num("10"),
        num("-0.25"),
        num("1e600000000"),
        Value::set(Type::Number, vec![num("10"), num("9")]).unwrap(),
    ]);
    assert_eq!(v.to_json().unwrap(), "[10,-0.25,1e+600000000,[9,10]]");
    let third = Value::number(
        num("1")
            .as_number()
            .unwrap()
            .div(num("3").as_number().unwrap())
            .unwrap(),
    );
    let text = third.to_json().unwrap();
    assert!(
        text.starts_with("0.33333333333333333333333333333"),
        "{text}"
    );
    let back = Number::parse_literal(&text).unwrap();
    assert!(back.equals(third.as_number().unwrap()));
}

#[test]
fn plain_json_errors_name_the_path() {
    let v = Value::object([(
        "a b",
        Value::map(Type::Number, [("k", Value::number(Number::infinity()))]).unwrap(),
    )]);
    let err = v.to_json().unwrap_err();
    assert_eq!(err.kind, ToJsonErrorKind::Infinite);
    assert_eq!(err.path, r#"["a b"].k"#);
    let capsule = Value::tuple(vec![Value::dynamic()]);
    assert_eq!(
        capsule.to_json().unwrap_err().kind,
        ToJsonErrorKind::Unknown
    );
}

#[test]
fn plain_json_indents_from_the_given_depth() {
    let v = Value::object([
        ("k", Value::tuple(vec![s("${x}")])),
        ("e", Value::empty_tuple()),
    ]);
    let style = JsonStyle {
        indent: Some(1),
        depth: 2,
        escape_templates: true,
    };
    let mut out = String::new();
    v.write_json(&mut out, &style).unwrap();
    assert_eq!(
        out,
        "{\n   \"e\": [],\n   \"k\": [\n    \"$${x}\"\n   ]\n  }"
    );
}

#[test]
fn of_names_given_more_than_once_the_last_value_stands() {
    let o = Value::object([
        ("b", Value::from(1)),
        ("a", Value::from(2)),
        ("b", Value::from(3)),
        ("c", Value::from(4)),
        ("b", Value::from(5)),
    ]);
    assert_eq!(o.get_attr("b"), Some(Value::from(5)));
    assert_eq!(o.get_attr("a"), Some(Value::from(2)));
    assert_eq!(o.length(), Some(3));
}
