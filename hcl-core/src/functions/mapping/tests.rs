use crate::functions::test_support::{
    check_arg_err, check_err, check_ok, list, map, n, not_null_unknown, null, nums, obj, s, strs,
    tup, unknown,
};
use crate::types::Type;
use crate::value::Value;

#[test]
fn keys() {
    check_ok(&[
        (
            "keys",
            vec![obj(vec![("b", n("1")), ("a", n("2"))])],
            tup(vec![s("a"), s("b")]),
        ),
        ("keys", vec![obj(vec![])], tup(vec![])),
        (
            "keys",
            vec![map(
                Type::Number,
                vec![("z", n("1")), ("é", n("2")), ("a", n("3"))],
            )],
            strs(&["a", "z", "é"]),
        ),
        ("keys", vec![map(Type::Number, vec![])], strs(&[])),
        (
            "keys",
            vec![unknown(Type::map(Type::Number))],
            not_null_unknown(Type::list(Type::String)),
        ),
        // The attribute names of an unknown object are known from its type.
        (
            "keys",
            vec![unknown(Type::object([
                ("x", Type::Number),
                ("a", Type::String),
            ]))],
            tup(vec![s("a"), s("x")]),
        ),
        ("keys", vec![Value::dynamic()], Value::dynamic()),
    ]);
    check_err(&[
        ("keys", vec![strs(&["a"])], "must have map or object type"),
        (
            "keys",
            vec![null(Type::map(Type::String))],
            "argument must not be null",
        ),
    ]);
}

#[test]
fn lookup() {
    let o = obj(vec![("a", n("1")), ("n", null(Type::Dynamic))]);
    let m = map(Type::String, vec![("a", s("x"))]);
    check_ok(&[
        ("lookup", vec![o.clone(), s("a"), n("0")], n("1")),
        ("lookup", vec![o.clone(), s("b"), n("0")], n("0")),
        ("lookup", vec![o.clone(), s("b"), s("d")], s("d")),
        (
            "lookup",
            vec![o.clone(), s("n"), s("d")],
            null(Type::Dynamic),
        ),
        ("lookup", vec![m.clone(), s("a"), s("d")], s("x")),
        ("lookup", vec![m.clone(), s("b"), s("d")], s("d")),
        ("lookup", vec![m.clone(), s("b"), n("5")], s("5")),
        (
            "lookup",
            vec![o.clone(), unknown(Type::String), n("0")],
            Value::dynamic(),
        ),
        (
            "lookup",
            vec![m.clone(), unknown(Type::String), s("d")],
            unknown(Type::String),
        ),
        (
            "lookup",
            vec![
                map(Type::String, vec![("a", unknown(Type::String))]),
                s("b"),
                s("d"),
            ],
            unknown(Type::String),
        ),
        (
            "lookup",
            vec![unknown(Type::map(Type::Bool)), s("a"), Value::from(true)],
            unknown(Type::Bool),
        ),
    ]);
    check_err(&[
        (
            "lookup",
            vec![strs(&["a"]), s("a"), s("d")],
            "lookup() requires a map as the first argument",
        ),
        (
            "lookup",
            vec![map(Type::Number, vec![("a", n("1"))]), s("b"), s("x")],
            "the default value must have the same type as the map elements",
        ),
    ]);
    check_arg_err(&[
        ("lookup", vec![map(Type::Number, vec![]), s("b"), s("x")], 2),
        ("lookup", vec![o, s("b"), null(Type::String)], 2),
    ]);
}

#[test]
fn merge() {
    check_ok(&[
        (
            "merge",
            vec![
                obj(vec![("a", n("1")), ("b", n("2"))]),
                obj(vec![("b", n("3"))]),
            ],
            obj(vec![("a", n("1")), ("b", n("3"))]),
        ),
        (
            "merge",
            vec![
                obj(vec![("a", n("1"))]),
                map(Type::String, vec![("b", s("x"))]),
            ],
            obj(vec![("a", n("1")), ("b", s("x"))]),
        ),
        (
            "merge",
            vec![
                map(Type::Number, vec![("a", n("1"))]),
                map(Type::Number, vec![("b", n("2"))]),
            ],
            map(Type::Number, vec![("a", n("1")), ("b", n("2"))]),
        ),
        (
            "merge",
            vec![
                map(Type::Number, vec![("a", n("1"))]),
                map(Type::String, vec![("b", s("x"))]),
            ],
            obj(vec![("a", n("1")), ("b", s("x"))]),
        ),
        ("merge", vec![], obj(vec![])),
        (
            "merge",
            vec![null(Type::Dynamic), obj(vec![("a", n("1"))])],
            obj(vec![("a", n("1"))]),
        ),
        (
            "merge",
            vec![null(Type::map(Type::Number)), map(Type::Number, vec![])],
            map(Type::Number, vec![]),
        ),
        (
            "merge",
            vec![
                unknown(Type::object([("a", Type::String)])),
                obj(vec![("c", n("1"))]),
            ],
            not_null_unknown(Type::object([("a", Type::String), ("c", Type::Number)])),
        ),
        (
            "merge",
            vec![unknown(Type::map(Type::Number)), obj(vec![("c", n("1"))])],
            Value::dynamic(),
        ),
        (
            "merge",
            vec![Value::dynamic(), obj(vec![])],
            Value::dynamic(),
        ),
    ]);
    check_err(&[(
        "merge",
        vec![obj(vec![]), strs(&["a"])],
        "arguments must be maps or objects, got \"list of string\"",
    )]);
}

#[test]
fn values() {
    check_ok(&[
        (
            "values",
            vec![obj(vec![("b", n("1")), ("a", s("x"))])],
            tup(vec![s("x"), n("1")]),
        ),
        ("values", vec![obj(vec![])], tup(vec![])),
        (
            "values",
            vec![map(Type::Number, vec![("b", n("1")), ("a", n("2"))])],
            nums(&[2, 1]),
        ),
        ("values", vec![map(Type::Number, vec![])], nums(&[])),
        (
            "values",
            vec![unknown(Type::map(Type::Number))],
            not_null_unknown(Type::list(Type::Number)),
        ),
    ]);
    check_err(&[(
        "values",
        vec![strs(&[])],
        "values() requires a map as the first argument",
    )]);
}

#[test]
fn zipmap() {
    check_ok(&[
        (
            "zipmap",
            vec![strs(&["a", "b"]), tup(vec![n("1"), s("x")])],
            obj(vec![("a", n("1")), ("b", s("x"))]),
        ),
        (
            "zipmap",
            vec![strs(&["a", "a"]), tup(vec![n("1"), n("2")])],
            obj(vec![("a", n("2"))]),
        ),
        ("zipmap", vec![strs(&[]), tup(vec![])], obj(vec![])),
        (
            "zipmap",
            vec![strs(&["a", "b"]), nums(&[1, 2])],
            map(Type::Number, vec![("a", n("1")), ("b", n("2"))]),
        ),
        (
            "zipmap",
            vec![strs(&[]), nums(&[])],
            map(Type::Number, vec![]),
        ),
        (
            "zipmap",
            vec![
                list(Type::String, vec![s("a"), unknown(Type::String)]),
                tup(vec![n("1"), n("2")]),
            ],
            Value::dynamic(),
        ),
        (
            "zipmap",
            vec![list(Type::String, vec![unknown(Type::String)]), nums(&[1])],
            not_null_unknown(Type::map(Type::Number)),
        ),
    ]);
    check_err(&[
        (
            "zipmap",
            vec![strs(&["a"]), tup(vec![])],
            "number of keys (1) does not match number of values (0)",
        ),
        (
            "zipmap",
            vec![strs(&["a"]), nums(&[1, 2])],
            "number of keys (1) does not match number of values (2)",
        ),
        (
            "zipmap",
            vec![strs(&["a"]), s("x")],
            "values argument must be a list or tuple value",
        ),
        (
            "zipmap",
            vec![
                list(Type::String, vec![null(Type::String)]),
                tup(vec![n("1")]),
            ],
            "keys list has null value at index 0",
        ),
    ]);
}
