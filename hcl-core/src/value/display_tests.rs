#![allow(clippy::unwrap_used, clippy::indexing_slicing)]

use crate::typeexpr::{parse_type, TypeExprOptions};
use crate::types::convert;
use crate::value::Number;
use crate::{EvalContext, Type, Value};
use proptest::prelude::*;

/// The value `text` evaluates to, converted to `ty`.
fn read_back(text: &str, ty: &Type) -> Value {
    let parsed = EvalContext::new()
        .evaluate_str(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    convert(&parsed, ty).unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[track_caller]
fn round_trip(value: &Value, want: &str) {
    let text = value.to_string();
    assert_eq!(text, want);
    assert_eq!(&read_back(&text, value.ty()), value, "{text}");
}

fn num(text: &str) -> Value {
    Value::number(Number::parse_literal(text).unwrap())
}

#[test]
fn primitives() {
    round_trip(&Value::bool(true), "true");
    round_trip(&Value::bool(false), "false");
    round_trip(&Value::null(Type::String), "null");
    round_trip(&Value::null(Type::list(Type::Number)), "null");
    round_trip(&Value::from(42), "42");
    round_trip(&Value::from(-7), "-7");
    round_trip(&num("1.50"), "1.5");
    round_trip(&num("1e30"), "1000000000000000000000000000000");
    round_trip(&num("0.000001"), "0.000001");
}

#[test]
fn numbers_keep_all_their_digits() {
    // A third at 64 bits, as integer division makes it, and at 512 bits,
    // as the division of literals makes it: the digits that identify each
    // at its precision.
    let third = Number::from_i64(1).div(&Number::from_i64(3)).unwrap();
    round_trip(&Value::number(third), "0.33333333333333333334");
    let third = num("1")
        .as_number()
        .unwrap()
        .div(num("3").as_number().unwrap())
        .unwrap();
    let text = format!("0.{}5", "3".repeat(154));
    round_trip(&Value::number(third), &text);
    round_trip(&Value::number(Number::from_f64(0.1).unwrap()), "0.1");
    round_trip(&Value::from(i64::MIN), "-9223372036854775808");
    round_trip(
        &num("123456789012345678901234567890.5"),
        "123456789012345678901234567890.5",
    );
}

#[test]
fn infinities_are_written_as_divisions() {
    round_trip(&Value::number(Number::infinity()), "(1/0)");
    round_trip(&Value::number(Number::neg_infinity()), "-(1/0)");
}

#[test]
fn strings_are_quoted_with_escapes() {
    round_trip(&Value::from("plain"), "\"plain\"");
    round_trip(&Value::from("q\"b\\n\nr\rt\t"), r#""q\"b\\n\nr\rt\t""#);
    round_trip(&Value::from("bell\u{7}"), r#""bell\u0007""#);
    round_trip(&Value::from("é ü 🎉"), "\"é ü 🎉\"");
}

#[test]
fn template_sequences_are_escaped() {
    round_trip(&Value::from("${x} %{if}"), r#""$${x} %%{if}""#);
    round_trip(&Value::from("$${x}"), r#""$$${x}""#);
    round_trip(&Value::from("${~x}"), r#""$${~x}""#);
    round_trip(&Value::from("$ % {} $"), r#""$ % {} $""#);
}

#[test]
fn sequences_are_brackets() {
    let list = Value::list(Type::Number, vec![Value::from(1), Value::from(2)]).unwrap();
    round_trip(&list, "[1, 2]");
    let set = Value::set(Type::String, vec![Value::from("b"), Value::from("a")]).unwrap();
    round_trip(&set, r#"["a", "b"]"#);
    round_trip(
        &Value::tuple(vec![Value::from(true), Value::from("x")]),
        r#"[true, "x"]"#,
    );
    round_trip(&Value::list(Type::String, vec![]).unwrap(), "[]");
    round_trip(&Value::empty_tuple(), "[]");
}

#[test]
fn objects_and_maps_are_braces_with_quoted_keys_where_needed() {
    let obj = Value::object([
        ("name", Value::from("x")),
        ("with space", Value::from(1)),
        ("for", Value::from(2)),
        ("null", Value::from(3)),
        ("dash-ed", Value::from(4)),
        ("1st", Value::from(5)),
    ]);
    round_trip(
        &obj,
        r#"{ "1st" = 5, dash-ed = 4, "for" = 2, name = "x", "null" = 3, "with space" = 1 }"#,
    );
    let map = Value::map(
        Type::Number,
        [("b", Value::from(1)), ("${a}", Value::from(2))],
    )
    .unwrap();
    round_trip(&map, r#"{ "$${a}" = 2, b = 1 }"#);
    round_trip(&Value::empty_object(), "{}");
    round_trip(
        &Value::map(Type::String, Vec::<(String, Value)>::new()).unwrap(),
        "{}",
    );
}

#[test]
fn unknown_values_have_a_text_that_does_not_read_back() {
    assert_eq!(Value::unknown(Type::String).to_string(), "(unknown)");
    assert_eq!(Value::dynamic().to_string(), "(unknown)");
    let tuple = Value::tuple(vec![Value::from(1), Value::unknown(Type::Number)]);
    assert_eq!(tuple.to_string(), "[1, (unknown)]");
    assert!(EvalContext::new().evaluate_str(&tuple.to_string()).is_err());
}

#[test]
fn deep_values_are_written_without_recursion() {
    const DEPTH: usize = 2_000;
    let mut v = Value::from(0);
    for _ in 0..DEPTH {
        v = Value::tuple(vec![v]);
    }
    // On a stack far too small to recurse once per level.
    let (text, v) = std::thread::Builder::new()
        .stack_size(32 * 1024)
        .spawn(move || (v.to_string(), v))
        .unwrap()
        .join()
        .unwrap();
    assert_eq!(text, format!("{}0{}", "[".repeat(DEPTH), "]".repeat(DEPTH)));
    drop(v);
}

#[test]
fn type_names_are_type_expressions_that_read_back() {
    let ty = Type::object([
        ("a", Type::list(Type::String)),
        ("b_c-d", Type::map(Type::set(Type::Number))),
        ("é", Type::tuple(vec![Type::Bool, Type::Dynamic])),
    ]);
    let text = ty.to_string();
    assert_eq!(
        text,
        "object({a=list(string),b_c-d=map(set(number)),é=tuple([bool,any])})"
    );
    let (back, _) = parse_type(&text, &TypeExprOptions::default()).unwrap();
    assert_eq!(back, ty);
}

#[test]
fn type_attribute_names_that_are_not_identifiers_are_hcl_strings() {
    let ty = Type::object([("${x}", Type::String), ("a b\u{7}", Type::Number)]);
    assert_eq!(
        ty.to_string(),
        r#"object({"$${x}"=string,"a b\u0007"=number})"#
    );
}

/// Numbers of the kinds evaluation makes: literals (512 bits), machine
/// integers and floats, quotients at 64 bits, infinities.
fn number() -> impl Strategy<Value = Number> {
    prop_oneof![
        any::<i64>().prop_map(Number::from_i64),
        any::<f64>().prop_filter_map("finite", Number::from_f64),
        (any::<i64>(), 1..i64::MAX)
            .prop_map(|(a, b)| Number::from_i64(a).div(&Number::from_i64(b)).unwrap()),
        (
            "[0-9]{1,40}(\\.[0-9]{1,40})?(e-?[0-9]{1,3})?",
            any::<bool>()
        )
            .prop_map(|(t, neg)| {
                let n = Number::parse_literal(&t).unwrap();
                if neg {
                    n.neg()
                } else {
                    n
                }
            }),
        Just(Number::infinity()),
        Just(Number::neg_infinity()),
    ]
}

/// Strings rich in what needs escaping.
fn text() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            Just("${".to_owned()),
            Just("%{".to_owned()),
            Just("$".to_owned()),
            Just("%".to_owned()),
            Just("~".to_owned()),
            Just("{".to_owned()),
            Just("}".to_owned()),
            Just("\"".to_owned()),
            Just("\\".to_owned()),
            any::<char>().prop_map(String::from),
            "[a-z ]{0,4}",
        ],
        0..8,
    )
    .prop_map(|parts| parts.concat())
}

fn primitive_type() -> impl Strategy<Value = Type> {
    prop_oneof![Just(Type::String), Just(Type::Number), Just(Type::Bool)]
}

/// A known value of a type: nulls included, unknowns and capsules not.
fn value_of(ty: Type) -> BoxedStrategy<Value> {
    let null = Just(Value::null(ty.clone()));
    let known: BoxedStrategy<Value> = match &ty {
        Type::String => text().prop_map(Value::string).boxed(),
        Type::Number => number().prop_map(Value::number).boxed(),
        Type::Bool => any::<bool>().prop_map(Value::bool).boxed(),
        Type::List(e) => {
            let e = (**e).clone();
            prop::collection::vec(value_of(e.clone()), 0..4)
                .prop_map(move |items| Value::list(e.clone(), items).unwrap())
                .boxed()
        }
        Type::Set(e) => {
            let e = (**e).clone();
            prop::collection::vec(value_of(e.clone()), 0..4)
                .prop_map(move |items| Value::set(e.clone(), items).unwrap())
                .boxed()
        }
        Type::Map(e) => {
            let e = (**e).clone();
            prop::collection::vec((text(), value_of(e.clone())), 0..4)
                .prop_map(move |entries| Value::map(e.clone(), entries).unwrap())
                .boxed()
        }
        Type::Tuple(elems) => elems
            .iter()
            .map(|t| value_of(t.clone()))
            .collect::<Vec<_>>()
            .prop_map(Value::tuple)
            .boxed(),
        Type::Object(attrs) => attrs
            .iter()
            .map(|(name, t)| {
                value_of(t.clone()).prop_map({
                    let name = name.clone();
                    move |v| (name.clone(), v)
                })
            })
            .collect::<Vec<_>>()
            .prop_map(Value::object)
            .boxed(),
        _ => Just(Value::null(ty.clone())).boxed(),
    };
    prop_oneof![1 => null, 6 => known].boxed()
}

/// Types whose object attribute names come from `names`.
fn any_type_named(names: BoxedStrategy<String>) -> impl Strategy<Value = Type> {
    primitive_type().prop_recursive(3, 16, 3, move |inner| {
        prop_oneof![
            inner.clone().prop_map(Type::list),
            inner.clone().prop_map(Type::set),
            inner.clone().prop_map(Type::map),
            prop::collection::vec(inner.clone(), 0..3).prop_map(Type::tuple),
            prop::collection::btree_map(names.clone(), inner, 0..3).prop_map(Type::object),
        ]
    })
}

fn any_type() -> impl Strategy<Value = Type> {
    any_type_named(text().boxed())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Every known value's text evaluates back to it (converted to its
    /// type).
    #[test]
    fn values_read_back(value in any_type().prop_flat_map(value_of)) {
        let text = value.to_string();
        prop_assert_eq!(&read_back(&text, value.ty()), &value, "{}", text);
    }

    /// Every type's text reads back as the type, when its attribute names
    /// are identifiers.
    #[test]
    fn types_read_back(ty in any_type_named("[a-z_][a-z0-9_-]{0,6}".boxed())) {
        let text = ty.to_string();
        let back = parse_type(&text, &TypeExprOptions::default());
        prop_assert!(back.is_ok(), "{}", text);
        prop_assert_eq!(back.unwrap().0, ty);
    }
}
