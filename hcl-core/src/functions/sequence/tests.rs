use crate::functions::limits::{FLATTEN_MAX_DEPTH, RANGE_MAX_ELEMENTS};
use crate::functions::test_support::{
    call, check_arg_err, check_err, check_ok, list, n, not_null_unknown, null, nums, s, set, strs,
    tup, unknown,
};
use crate::types::Type;
use crate::value::Value;

#[test]
fn chunklist() {
    let lists = |chunks: Vec<Value>| list(Type::list(Type::Number), chunks);
    check_ok(&[
        (
            "chunklist",
            vec![nums(&[1, 2, 3, 4, 5]), n("2")],
            lists(vec![nums(&[1, 2]), nums(&[3, 4]), nums(&[5])]),
        ),
        (
            "chunklist",
            vec![nums(&[1, 2]), n("0")],
            lists(vec![nums(&[1, 2])]),
        ),
        (
            "chunklist",
            vec![nums(&[1, 2]), n("5")],
            lists(vec![nums(&[1, 2])]),
        ),
        ("chunklist", vec![nums(&[]), n("2")], lists(vec![])),
        (
            "chunklist",
            vec![unknown(Type::list(Type::Number)), n("2")],
            not_null_unknown(Type::list(Type::list(Type::Number))),
        ),
    ]);
    check_err(&[
        ("chunklist", vec![nums(&[1]), n("-1")], "the size argument must be positive"),
        (
            "chunklist",
            vec![nums(&[1]), n("0.5")],
            "invalid size: value must be a whole number, between -9223372036854775808 and 9223372036854775807",
        ),
    ]);
}

#[test]
fn concat() {
    check_ok(&[
        (
            "concat",
            vec![tup(vec![n("1")]), tup(vec![]), tup(vec![n("2"), n("3")])],
            tup(vec![n("1"), n("2"), n("3")]),
        ),
        (
            "concat",
            vec![tup(vec![n("1")]), tup(vec![s("a")])],
            tup(vec![n("1"), s("a")]),
        ),
        (
            "concat",
            vec![strs(&["a"]), tup(vec![s("b")])],
            tup(vec![s("a"), s("b")]),
        ),
        (
            "concat",
            vec![strs(&["a"]), strs(&["b"])],
            strs(&["a", "b"]),
        ),
        ("concat", vec![strs(&["a"]), nums(&[1])], strs(&["a", "1"])),
        ("concat", vec![strs(&[]), strs(&[])], strs(&[])),
        (
            "concat",
            vec![unknown(Type::list(Type::String)), tup(vec![s("b")])],
            Value::dynamic(),
        ),
        (
            "concat",
            vec![unknown(Type::list(Type::String)), strs(&["b"])],
            not_null_unknown(Type::list(Type::String)),
        ),
    ]);
    check_err(&[("concat", vec![], "at least one argument is required")]);
    check_arg_err(&[
        ("concat", vec![tup(vec![]), s("a")], 1),
        ("concat", vec![set(Type::String, vec![])], 0),
        (
            "concat",
            vec![null(Type::list(Type::String)), tup(vec![])],
            0,
        ),
    ]);
}

#[test]
fn flatten() {
    check_ok(&[
        (
            "flatten",
            vec![tup(vec![
                tup(vec![n("1"), tup(vec![n("2")])]),
                n("3"),
                tup(vec![]),
            ])],
            tup(vec![n("1"), n("2"), n("3")]),
        ),
        ("flatten", vec![tup(vec![])], tup(vec![])),
        (
            "flatten",
            vec![list(
                Type::list(Type::String),
                vec![strs(&["a"]), strs(&["b", "c"])],
            )],
            tup(vec![s("a"), s("b"), s("c")]),
        ),
        (
            "flatten",
            vec![set(Type::String, vec![s("b"), s("a")])],
            tup(vec![s("a"), s("b")]),
        ),
        // Null sequences are kept as elements.
        (
            "flatten",
            vec![tup(vec![null(Type::list(Type::String)), n("1")])],
            tup(vec![null(Type::list(Type::String)), n("1")]),
        ),
        // Unknown nested sequences make the result unknown.
        (
            "flatten",
            vec![tup(vec![unknown(Type::list(Type::String))])],
            Value::dynamic(),
        ),
        // An unknown element that is not a sequence is kept.
        (
            "flatten",
            vec![tup(vec![n("1"), unknown(Type::Number)])],
            tup(vec![n("1"), unknown(Type::Number)]),
        ),
        (
            "flatten",
            vec![unknown(Type::list(Type::String))],
            Value::dynamic(),
        ),
    ]);
    check_err(&[(
        "flatten",
        vec![s("a")],
        "can only flatten lists, sets and tuples",
    )]);
}

#[test]
fn flatten_depth_limit() {
    let mut deep = tup(vec![n("1")]);
    for _ in 0..FLATTEN_MAX_DEPTH {
        deep = tup(vec![deep]);
    }
    let err = call("flatten", &[deep]).unwrap_err();
    assert!(err.to_string().contains("limit for flatten"), "{err}");
    let mut ok = tup(vec![n("1")]);
    for _ in 0..FLATTEN_MAX_DEPTH - 2 {
        ok = tup(vec![ok]);
    }
    assert_eq!(call("flatten", &[ok]).unwrap(), tup(vec![n("1")]));
}

#[test]
fn range() {
    let numbers = |items: &[&str]| list(Type::Number, items.iter().map(|x| n(x)).collect());
    check_ok(&[
        ("range", vec![n("3")], numbers(&["0", "1", "2"])),
        ("range", vec![n("1"), n("4")], numbers(&["1", "2", "3"])),
        (
            "range",
            vec![n("10"), n("0"), n("-3")],
            numbers(&["10", "7", "4", "1"]),
        ),
        (
            "range",
            vec![n("0"), n("1"), n("0.25")],
            numbers(&["0", "0.25", "0.5", "0.75"]),
        ),
        ("range", vec![n("-2")], numbers(&["0", "-1"])),
        ("range", vec![n("1"), n("1")], numbers(&[])),
        ("range", vec![n("3"), n("1")], numbers(&["3", "2"])),
        ("range", vec![n("1"), n("1"), n("0")], numbers(&[])),
        (
            "range",
            vec![unknown(Type::Number)],
            not_null_unknown(Type::list(Type::Number)),
        ),
    ]);
    let too_many = format!(
        "more than {RANGE_MAX_ELEMENTS} values were generated; either decrease the difference \
         between start and end or use a smaller step"
    );
    check_err(&[
        ("range", vec![], "must have one, two, or three arguments"),
        (
            "range",
            vec![n("1"), n("2"), n("3"), n("4")],
            "must have one, two, or three arguments",
        ),
        (
            "range",
            vec![n("0"), n("5"), n("-1")],
            "end must be less than start when step is negative",
        ),
        (
            "range",
            vec![n("5"), n("0"), n("1")],
            "end must be greater than start when step is positive",
        ),
        // A zero step repeats the start until the limit.
        ("range", vec![n("1"), n("2"), n("0")], too_many.as_str()),
        ("range", vec![n("1025")], too_many.as_str()),
        ("range", vec![n("1e30")], too_many.as_str()),
    ]);
    check_arg_err(&[("range", vec![n("0"), n("5"), n("-1")], 1)]);
    assert_eq!(
        call("range", &[n("1024")]).unwrap().length(),
        Some(RANGE_MAX_ELEMENTS)
    );
}

#[test]
fn slice() {
    let t = tup(vec![n("1"), s("a"), n("3"), n("4")]);
    check_ok(&[
        (
            "slice",
            vec![t.clone(), n("1"), n("3")],
            tup(vec![s("a"), n("3")]),
        ),
        ("slice", vec![t.clone(), n("4"), n("4")], tup(vec![])),
        (
            "slice",
            vec![strs(&["a", "b", "c"]), n("0"), n("2")],
            strs(&["a", "b"]),
        ),
        ("slice", vec![strs(&["a"]), n("1"), n("1")], strs(&[])),
        (
            "slice",
            vec![t.clone(), unknown(Type::Number), n("2")],
            Value::dynamic(),
        ),
        (
            "slice",
            vec![strs(&["a"]), unknown(Type::Number), n("1")],
            not_null_unknown(Type::list(Type::String)),
        ),
    ]);
    check_err(&[
        ("slice", vec![t.clone(), n("1"), n("5")], "end index must not be greater than the length of the list"),
        ("slice", vec![t.clone(), n("5"), n("5")], "start index must not be greater than the length of the list"),
        ("slice", vec![t.clone(), n("-1"), n("2")], "start index must not be less than zero"),
        ("slice", vec![t.clone(), n("0"), n("-2")], "end index must not be less than zero"),
        ("slice", vec![t.clone(), n("3"), n("2")], "start index must not be greater than end index"),
        (
            "slice",
            vec![t.clone(), n("0.5"), n("2")],
            "invalid start index: value must be a whole number, between -9223372036854775808 and 9223372036854775807",
        ),
        ("slice", vec![s("abc"), n("0"), n("1")], "must be a list or tuple value"),
        (
            "slice",
            vec![set(Type::String, vec![s("a")]), n("0"), n("1")],
            "cannot slice a set, because its elements do not have indices; explicitly convert to a \
             list if the ordering of the result is not important",
        ),
    ]);
    check_arg_err(&[
        ("slice", vec![t.clone(), n("1"), n("5")], 2),
        ("slice", vec![t, n("3"), n("2")], 1),
    ]);
}
