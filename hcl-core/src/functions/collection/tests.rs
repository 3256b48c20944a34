use crate::functions::test_support::{
    check_arg_err, check_err, check_ok, list, map, n, not_null_unknown, null, nums, obj, s, set,
    strs, tup, unknown,
};
use crate::types::Type;
use crate::value::{Number, Value};

#[test]
fn coalesce() {
    check_ok(&[
        ("coalesce", vec![s(""), s("a")], s("")),
        (
            "coalesce",
            vec![null(Type::Dynamic), n("1"), s("x")],
            s("1"),
        ),
        ("coalesce", vec![null(Type::String), s("b")], s("b")),
        (
            "coalesce",
            vec![unknown(Type::String), s("a")],
            not_null_unknown(Type::String),
        ),
        ("coalesce", vec![s("a"), unknown(Type::String)], s("a")),
        (
            "coalesce",
            vec![Value::dynamic(), s("a")],
            not_null_unknown(Type::String),
        ),
        ("coalesce", vec![s("é"), s("e\u{301}")], s("é")),
    ]);
    check_err(&[
        ("coalesce", vec![], "all arguments must have the same type"),
        (
            "coalesce",
            vec![Value::from(true), n("1")],
            "all arguments must have the same type",
        ),
        (
            "coalesce",
            vec![null(Type::Dynamic)],
            "no non-null arguments",
        ),
        (
            "coalesce",
            vec![null(Type::String), null(Type::String)],
            "no non-null arguments",
        ),
    ]);
}

#[test]
fn coalescelist() {
    check_ok(&[
        (
            "coalescelist",
            vec![tup(vec![]), tup(vec![n("1")])],
            tup(vec![n("1")]),
        ),
        (
            "coalescelist",
            vec![tup(vec![n("1")]), tup(vec![s("a")])],
            tup(vec![n("1")]),
        ),
        (
            "coalescelist",
            vec![null(Type::list(Type::String)), strs(&["a"])],
            strs(&["a"]),
        ),
        ("coalescelist", vec![strs(&[]), strs(&["b"])], strs(&["b"])),
        (
            "coalescelist",
            vec![unknown(Type::list(Type::String)), strs(&["b"])],
            Value::dynamic(),
        ),
        (
            "coalescelist",
            vec![strs(&["a"]), unknown(Type::list(Type::String))],
            strs(&["a"]),
        ),
    ]);
    check_err(&[
        ("coalescelist", vec![], "at least one argument is required"),
        (
            "coalescelist",
            vec![s("a")],
            "coalescelist arguments must be lists or tuples",
        ),
        (
            "coalescelist",
            vec![null(Type::Dynamic), strs(&["a"])],
            "coalescelist arguments must be lists or tuples",
        ),
        (
            "coalescelist",
            vec![strs(&[]), tup(vec![])],
            "no non-null arguments",
        ),
    ]);
}

#[test]
fn compact() {
    check_ok(&[
        ("compact", vec![strs(&["a", "", "b"])], strs(&["a", "b"])),
        ("compact", vec![strs(&["", ""])], strs(&[])),
        (
            "compact",
            vec![list(Type::String, vec![s("a"), null(Type::String)])],
            strs(&["a"]),
        ),
        (
            "compact",
            vec![list(Type::String, vec![s("a"), unknown(Type::String)])],
            not_null_unknown(Type::list(Type::String)),
        ),
        ("compact", vec![strs(&["日本", ""])], strs(&["日本"])),
    ]);
    check_arg_err(&[("compact", vec![null(Type::list(Type::String))], 0)]);
}

#[test]
fn contains() {
    check_ok(&[
        (
            "contains",
            vec![tup(vec![n("1"), n("2")]), n("2")],
            Value::from(true),
        ),
        (
            "contains",
            vec![tup(vec![n("1"), n("2")]), s("2")],
            Value::from(false),
        ),
        ("contains", vec![strs(&[]), s("a")], Value::from(false)),
        (
            "contains",
            vec![set(Type::String, vec![s("é")]), s("e\u{301}")],
            Value::from(true),
        ),
        (
            "contains",
            vec![
                list(Type::String, vec![s("a"), unknown(Type::String)]),
                s("b"),
            ],
            not_null_unknown(Type::Bool),
        ),
        (
            "contains",
            vec![
                list(Type::String, vec![unknown(Type::String), s("b")]),
                s("b"),
            ],
            Value::from(true),
        ),
        (
            "contains",
            vec![unknown(Type::list(Type::String)), s("a")],
            not_null_unknown(Type::Bool),
        ),
        (
            "contains",
            vec![strs(&["a"]), unknown(Type::String)],
            not_null_unknown(Type::Bool),
        ),
    ]);
    check_err(&[
        (
            "contains",
            vec![s("abc"), s("a")],
            "argument must be list, tuple, or set",
        ),
        (
            "contains",
            vec![obj(vec![("a", n("1"))]), n("1")],
            "argument must be list, tuple, or set",
        ),
    ]);
    check_arg_err(&[("contains", vec![strs(&["a"]), null(Type::String)], 1)]);
}

#[test]
fn distinct() {
    check_ok(&[
        ("distinct", vec![strs(&["a", "b", "a"])], strs(&["a", "b"])),
        (
            "distinct",
            vec![strs(&["b", "a", "b", "a"])],
            strs(&["b", "a"]),
        ),
        ("distinct", vec![strs(&[])], strs(&[])),
        ("distinct", vec![nums(&[1, 1, 2])], nums(&[1, 2])),
        (
            "distinct",
            vec![list(
                Type::String,
                vec![s("a"), null(Type::String), null(Type::String)],
            )],
            list(Type::String, vec![s("a"), null(Type::String)]),
        ),
        (
            "distinct",
            vec![list(Type::String, vec![s("a"), unknown(Type::String)])],
            not_null_unknown(Type::list(Type::String)),
        ),
    ]);
    // Numbers are equal when their texts are, whatever their precision.
    let half = Value::number(crate::value::Number::from_f64(0.5).unwrap());
    check_ok(&[(
        "distinct",
        vec![list(Type::Number, vec![n("0.5"), half])],
        list(Type::Number, vec![n("0.5")]),
    )]);
}

#[test]
fn element() {
    let abc = tup(vec![s("a"), s("b"), s("c")]);
    check_ok(&[
        ("element", vec![abc.clone(), n("4")], s("b")),
        ("element", vec![abc.clone(), n("0")], s("a")),
        ("element", vec![strs(&["x", "y"]), n("3")], s("y")),
        (
            "element",
            vec![tup(vec![n("1"), s("a")]), unknown(Type::Number)],
            Value::dynamic(),
        ),
        (
            "element",
            vec![strs(&["x"]), unknown(Type::Number)],
            unknown(Type::String),
        ),
        (
            "element",
            vec![unknown(Type::list(Type::String)), n("0")],
            unknown(Type::String),
        ),
    ]);
    check_err(&[
        ("element", vec![abc.clone(), n("-1")], "cannot use element function with a negative index"),
        ("element", vec![tup(vec![]), n("0")], "cannot use element function with an empty list"),
        ("element", vec![strs(&[]), n("0")], "cannot use element function with an empty list"),
        (
            "element",
            vec![abc, n("1.5")],
            "invalid index: value must be a whole number, between -9223372036854775808 and 9223372036854775807",
        ),
        ("element", vec![set(Type::String, vec![s("a")]), n("0")], "cannot read elements from set of string"),
        ("element", vec![s("abc"), n("0")], "cannot read elements from string"),
    ]);
}

#[test]
fn length() {
    check_ok(&[
        ("length", vec![tup(vec![n("1"), n("2")])], Value::from(2)),
        ("length", vec![strs(&[])], Value::from(0)),
        (
            "length",
            vec![map(Type::Number, vec![("a", n("1"))])],
            Value::from(1),
        ),
        (
            "length",
            vec![set(Type::Number, vec![n("1"), n("1")])],
            Value::from(1),
        ),
        (
            "length",
            vec![unknown(Type::list(Type::String))],
            length_between(0, i64::MAX as u64),
        ),
        (
            "length",
            vec![Value::dynamic()],
            length_between(0, i64::MAX as u64),
        ),
        (
            "length",
            vec![set(Type::String, vec![s("a"), unknown(Type::String)])],
            length_between(1, 2),
        ),
    ]);
    check_err(&[
        (
            "length",
            vec![s("abc")],
            "collection must be a list, a map or a tuple",
        ),
        (
            "length",
            vec![obj(vec![("a", n("1"))])],
            "collection must be a list, a map or a tuple",
        ),
        (
            "length",
            vec![null(Type::list(Type::String))],
            "argument must not be null",
        ),
    ]);
}

#[test]
fn reverse() {
    check_ok(&[
        (
            "reverse",
            vec![tup(vec![n("1"), s("a")])],
            tup(vec![s("a"), n("1")]),
        ),
        (
            "reverse",
            vec![strs(&["a", "b", "c"])],
            strs(&["c", "b", "a"]),
        ),
        ("reverse", vec![strs(&[])], strs(&[])),
        (
            "reverse",
            vec![set(Type::String, vec![s("b"), s("a")])],
            strs(&["b", "a"]),
        ),
        (
            "reverse",
            vec![unknown(Type::list(Type::Number))],
            not_null_unknown(Type::list(Type::Number)),
        ),
    ]);
    check_err(&[
        (
            "reverse",
            vec![s("abc")],
            "can only reverse list or tuple values, not string",
        ),
        (
            "reverse",
            vec![map(Type::Number, vec![])],
            "can only reverse list or tuple values, not map of number",
        ),
    ]);
}

#[test]
fn sort() {
    check_ok(&[
        (
            "sort",
            vec![strs(&["b", "a", "10", "9"])],
            strs(&["10", "9", "a", "b"]),
        ),
        ("sort", vec![strs(&["é", "z", "e"])], strs(&["e", "z", "é"])),
        ("sort", vec![strs(&[])], strs(&[])),
    ]);
    check_err(&[(
        "sort",
        vec![list(Type::String, vec![s("b"), null(Type::String)])],
        "given list element 1 is null; a null string cannot be sorted",
    )]);
}

#[test]
fn sort_with_unknowns() {
    let strings = Type::list(Type::String);
    check_ok(&[
        // The order is unknown, the length known.
        (
            "sort",
            vec![Value::list(
                Type::String,
                vec![Value::from("b"), Value::unknown(Type::String)],
            )
            .unwrap()],
            Value::list(Type::String, vec![Value::unknown(Type::String); 2]).unwrap(),
        ),
        (
            "sort",
            vec![Value::unknown(strings.clone())],
            Value::unknown(strings.clone()).refine_not_null(),
        ),
        // As long as the list, once not null.
        (
            "sort",
            vec![Value::unknown(strings.clone())
                .refine()
                .length_lower_bound(1)
                .length_upper_bound(4)
                .build()],
            Value::unknown(strings)
                .refine()
                .not_null()
                .length_lower_bound(1)
                .length_upper_bound(4)
                .build(),
        ),
    ]);
}

#[test]
fn length_of_unknowns() {
    let pair = Type::tuple(vec![Type::String, Type::Number]);
    check_ok(&[
        // A tuple's length is in its type, known or not.
        ("length", vec![Value::unknown(pair)], Value::from(2)),
        // Not null, between the bounds of the collection's length.
        (
            "length",
            vec![Value::unknown(Type::list(Type::String))],
            length_between(0, i64::MAX as u64),
        ),
        (
            "length",
            vec![Value::unknown(Type::list(Type::String))
                .refine()
                .length_lower_bound(2)
                .length_upper_bound(5)
                .build()],
            length_between(2, 5),
        ),
        (
            "length",
            vec![Value::unknown(Type::map(Type::String))
                .refine()
                .length(3)
                .build()],
            Value::from(3),
        ),
        // Unknowns may turn out equal to other elements of a set.
        (
            "length",
            vec![set(
                Type::String,
                vec![s("a"), unknown(Type::String), unknown(Type::String)],
            )],
            length_between(1, 3),
        ),
    ]);
}

/// An unknown length, not null, between `min` and `max` inclusive.
fn length_between(min: u64, max: u64) -> Value {
    Value::unknown(Type::Number)
        .refine()
        .not_null()
        .number_lower_bound(&Number::from_u64(min), true)
        .number_upper_bound(&Number::from_u64(max), true)
        .build()
}
