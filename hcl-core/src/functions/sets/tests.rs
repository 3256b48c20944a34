use crate::functions::limits::SETPRODUCT_MAX_VALUES;
use crate::functions::test_support::{
    call, check_arg_err, check_err, check_ok, list, n, not_null_unknown, nums, s, set, strs, tup,
    unknown,
};
use crate::types::Type;
use crate::value::Value;

fn sset(items: &[&str]) -> Value {
    set(Type::String, items.iter().map(|x| s(x)).collect())
}

fn nset(items: &[i64]) -> Value {
    set(
        Type::Number,
        items.iter().map(|&x| Value::from(x)).collect(),
    )
}

#[test]
fn set_operations() {
    check_ok(&[
        (
            "setunion",
            vec![sset(&["a"]), sset(&["b", "a"])],
            sset(&["a", "b"]),
        ),
        (
            "setunion",
            vec![nset(&[1]), sset(&["a"])],
            sset(&["1", "a"]),
        ),
        ("setunion", vec![sset(&["a"])], sset(&["a"])),
        (
            "setunion",
            vec![set(Type::Dynamic, vec![]), sset(&["a"])],
            sset(&["a"]),
        ),
        (
            "setunion",
            vec![set(Type::Dynamic, vec![]), set(Type::Dynamic, vec![])],
            set(Type::Dynamic, vec![]),
        ),
        (
            "setintersection",
            vec![nset(&[1, 2]), nset(&[2, 3])],
            nset(&[2]),
        ),
        (
            "setintersection",
            vec![nset(&[1, 2]), nset(&[2, 3]), nset(&[3])],
            nset(&[]),
        ),
        ("setsubtract", vec![nset(&[1, 2]), nset(&[2])], nset(&[1])),
        (
            "setsubtract",
            vec![sset(&["é"]), sset(&["e\u{301}"])],
            sset(&[]),
        ),
        (
            "setsymmetricdifference",
            vec![nset(&[1, 2]), nset(&[2, 3])],
            nset(&[1, 3]),
        ),
        (
            "setsymmetricdifference",
            vec![nset(&[1, 2]), nset(&[2, 3]), nset(&[1])],
            nset(&[3]),
        ),
        // Unknown elements are kept by a union, and make the others unknown.
        (
            "setunion",
            vec![set(Type::String, vec![unknown(Type::String)]), sset(&["a"])],
            set(Type::String, vec![s("a"), unknown(Type::String)]),
        ),
        (
            "setintersection",
            vec![set(Type::String, vec![unknown(Type::String)]), sset(&["a"])],
            not_null_unknown(Type::set(Type::String)),
        ),
        (
            "setsubtract",
            vec![unknown(Type::set(Type::Number)), nset(&[1])],
            not_null_unknown(Type::set(Type::Number)),
        ),
    ]);
    check_err(&[
        (
            "setunion",
            vec![nset(&[1]), set(Type::list(Type::String), vec![])],
            "given sets must all have compatible element types",
        ),
        (
            "setunion",
            vec![set(Type::Bool, vec![]), nset(&[1])],
            "given sets must all have compatible element types",
        ),
    ]);
    check_arg_err(&[(
        "setunion",
        vec![sset(&["a"]), Value::null(Type::set(Type::String))],
        1,
    )]);
    // Elements are converted to the unified element type before comparing.
    check_ok(&[(
        "setunion",
        vec![sset(&["true"]), set(Type::Bool, vec![Value::from(true)])],
        sset(&["true"]),
    )]);
}

#[test]
fn setproduct() {
    let pairs = |items: Vec<(&str, i64)>| {
        items
            .into_iter()
            .map(|(a, b)| tup(vec![s(a), Value::from(b)]))
            .collect::<Vec<_>>()
    };
    let pair_ty = Type::tuple(vec![Type::String, Type::Number]);
    check_ok(&[
        (
            "setproduct",
            vec![strs(&["a", "b"]), nums(&[1, 2])],
            list(
                pair_ty.clone(),
                pairs(vec![("a", 1), ("a", 2), ("b", 1), ("b", 2)]),
            ),
        ),
        (
            "setproduct",
            vec![sset(&["a"]), nset(&[1, 2])],
            set(pair_ty.clone(), pairs(vec![("a", 1), ("a", 2)])),
        ),
        (
            "setproduct",
            vec![tup(vec![]), tup(vec![n("1")])],
            list(Type::tuple(vec![Type::Dynamic, Type::Number]), vec![]),
        ),
        (
            "setproduct",
            vec![tup(vec![s("a"), n("1")]), nums(&[2])],
            list(
                Type::tuple(vec![Type::String, Type::Number]),
                vec![tup(vec![s("a"), n("2")]), tup(vec![s("1"), n("2")])],
            ),
        ),
        (
            "setproduct",
            vec![unknown(Type::list(Type::String)), nums(&[1])],
            not_null_unknown(Type::list(pair_ty.clone())),
        ),
        (
            "setproduct",
            vec![
                set(Type::String, vec![s("a"), unknown(Type::String)]),
                nums(&[1]),
            ],
            not_null_unknown(Type::set(pair_ty)),
        ),
    ]);
    check_err(&[
        (
            "setproduct",
            vec![strs(&["a"])],
            "at least two arguments are required",
        ),
        ("setproduct", vec![], "at least two arguments are required"),
    ]);
    check_arg_err(&[
        ("setproduct", vec![strs(&["a"]), s("b")], 1),
        (
            "setproduct",
            vec![tup(vec![Value::from(true), strs(&[])]), strs(&[])],
            0,
        ),
    ]);
}

#[test]
fn setproduct_limit() {
    let side = ((SETPRODUCT_MAX_VALUES / 2) as f64).sqrt() as i64 + 1;
    let big: Vec<i64> = (0..side).collect();
    let err = call("setproduct", &[nums(&big), nums(&big)]).unwrap_err();
    assert!(err.to_string().contains("values for setproduct"), "{err}");
    // An empty argument makes the product empty whatever the others' sizes.
    let out = call("setproduct", &[nums(&big), nums(&big), nums(&[])]).unwrap();
    assert_eq!(out.length(), Some(0));
}

#[test]
fn setproduct_of_unknown_length() {
    let pair = Type::tuple(vec![Type::String, Type::String]);
    let one = Type::tuple(vec![Type::String]);
    let strings = |items: &[&str]| {
        Value::list(
            Type::String,
            items.iter().map(|s| Value::from(*s)).collect(),
        )
        .unwrap()
    };
    let product = |ety: Type| Type::list(Type::tuple(vec![ety, Type::String]));
    check_ok(&[
        // An unknown tuple's length is known: with an empty list, the
        // product is known to be empty; with one element each, it has one.
        (
            "setproduct",
            vec![Value::unknown(pair.clone()), strings(&[])],
            Value::list(Type::tuple(vec![Type::String, Type::String]), vec![]).unwrap(),
        ),
        (
            "setproduct",
            vec![Value::unknown(one), strings(&["a"])],
            Value::list(
                Type::tuple(vec![Type::String, Type::String]),
                vec![Value::unknown(Type::tuple(vec![
                    Type::String,
                    Type::String,
                ]))],
            )
            .unwrap(),
        ),
        // Up to two elements: not known, but one or two.
        (
            "setproduct",
            vec![Value::unknown(pair), strings(&["a"])],
            Value::unknown(product(Type::String))
                .refine()
                .not_null()
                .length_lower_bound(1)
                .length_upper_bound(2)
                .build(),
        ),
        // A list's refined length bounds it too.
        (
            "setproduct",
            vec![
                Value::unknown(Type::list(Type::String))
                    .refine()
                    .length_upper_bound(3)
                    .build(),
                strings(&["a", "b"]),
            ],
            Value::unknown(product(Type::String))
                .refine()
                .not_null()
                .length_lower_bound(1)
                .length_upper_bound(6)
                .build(),
        ),
        // An unknown list has no bound.
        (
            "setproduct",
            vec![Value::unknown(Type::list(Type::String)), strings(&[])],
            Value::unknown(product(Type::String)).refine_not_null(),
        ),
    ]);
}
