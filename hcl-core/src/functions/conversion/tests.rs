use crate::functions::test_support::{
    check_arg_err, check_err, check_ok, list, map, n, null, obj, s, set, strs, tup, unknown,
};
use crate::types::Type;
use crate::value::Value;

#[test]
fn tobool() {
    check_ok(&[
        ("tobool", vec![s("true")], Value::from(true)),
        ("tobool", vec![s("false")], Value::from(false)),
        ("tobool", vec![s("1")], Value::from(true)),
        ("tobool", vec![s("0")], Value::from(false)),
        ("tobool", vec![Value::from(true)], Value::from(true)),
        ("tobool", vec![null(Type::Dynamic)], null(Type::Dynamic)),
        ("tobool", vec![null(Type::String)], null(Type::Bool)),
        ("tobool", vec![unknown(Type::String)], unknown(Type::Bool)),
        ("tobool", vec![Value::dynamic()], Value::dynamic()),
    ]);
    check_err(&[
        (
            "tobool",
            vec![s("yes")],
            r#"cannot convert "yes" to bool; only the strings "true" or "false" are allowed"#,
        ),
        (
            "tobool",
            vec![s("True")],
            r#"cannot convert "True" to bool; only the strings "true" or "false" are allowed"#,
        ),
        (
            "tobool",
            vec![s("é\n")],
            r#"cannot convert "é\n" to bool; only the strings "true" or "false" are allowed"#,
        ),
        ("tobool", vec![n("1")], "cannot convert number to bool"),
        (
            "tobool",
            vec![strs(&[])],
            "cannot convert list of string to bool",
        ),
    ]);
    check_arg_err(&[("tobool", vec![s("yes")], 0), ("tobool", vec![n("1")], 0)]);
}

#[test]
fn tonumber() {
    check_ok(&[
        ("tonumber", vec![s("1.5")], n("1.5")),
        ("tonumber", vec![s("1e3")], n("1000")),
        (
            "tonumber",
            vec![s("-0")],
            Value::number(crate::value::Number::parse_str("-0").unwrap()),
        ),
        ("tonumber", vec![n("7")], n("7")),
        ("tonumber", vec![null(Type::String)], null(Type::Number)),
        (
            "tonumber",
            vec![unknown(Type::String)],
            unknown(Type::Number),
        ),
    ]);
    check_err(&[
        (
            "tonumber",
            vec![s(" 1")],
            r#"cannot convert " 1" to number; given string must be a decimal representation of a number"#,
        ),
        (
            "tonumber",
            vec![s("0x10")],
            r#"cannot convert "0x10" to number; given string must be a decimal representation of a number"#,
        ),
        (
            "tonumber",
            vec![Value::from(true)],
            "cannot convert bool to number",
        ),
    ]);
}

#[test]
fn tostring() {
    check_ok(&[
        ("tostring", vec![Value::from(true)], s("true")),
        ("tostring", vec![n("1.5")], s("1.5")),
        ("tostring", vec![n("1e21")], s("1000000000000000000000")),
        ("tostring", vec![n("1.5e-7")], s("0.00000015")),
        ("tostring", vec![s("日本")], s("日本")),
        ("tostring", vec![null(Type::Dynamic)], null(Type::Dynamic)),
        (
            "tostring",
            vec![unknown(Type::Number)],
            unknown(Type::String),
        ),
    ]);
    check_err(&[
        (
            "tostring",
            vec![tup(vec![])],
            "cannot convert tuple to string",
        ),
        (
            "tostring",
            vec![obj(vec![])],
            "cannot convert object to string",
        ),
    ]);
}

#[test]
fn collections() {
    check_ok(&[
        ("tolist", vec![tup(vec![s("a"), n("1")])], strs(&["a", "1"])),
        ("tolist", vec![tup(vec![])], list(Type::Dynamic, vec![])),
        (
            "tolist",
            vec![set(Type::Number, vec![n("3"), n("1")])],
            list(Type::Number, vec![n("1"), n("3")]),
        ),
        (
            "tolist",
            vec![tup(vec![null(Type::Dynamic), n("1")])],
            list(Type::Number, vec![null(Type::Number), n("1")]),
        ),
        (
            "toset",
            vec![tup(vec![s("b"), s("a"), s("b")])],
            set(Type::String, vec![s("a"), s("b")]),
        ),
        (
            "toset",
            vec![tup(vec![n("1"), s("1")])],
            set(Type::String, vec![s("1")]),
        ),
        (
            "toset",
            vec![unknown(Type::list(Type::String))],
            unknown(Type::set(Type::Dynamic)),
        ),
        (
            "tomap",
            vec![obj(vec![("a", n("1")), ("b", s("x"))])],
            map(Type::String, vec![("a", s("1")), ("b", s("x"))]),
        ),
        ("tomap", vec![obj(vec![])], map(Type::Dynamic, vec![])),
        (
            "tomap",
            vec![map(Type::Number, vec![("a", n("1"))])],
            map(Type::Number, vec![("a", n("1"))]),
        ),
        ("tolist", vec![null(Type::Dynamic)], null(Type::Dynamic)),
    ]);
    check_err(&[
        (
            "tolist",
            vec![tup(vec![s("a"), tup(vec![n("1")])])],
            "cannot convert tuple to list of any single type",
        ),
        (
            "tolist",
            vec![tup(vec![Value::from(true), n("1")])],
            "cannot convert tuple to list of any single type",
        ),
        (
            "tolist",
            vec![obj(vec![("a", n("1"))])],
            "cannot convert object to list of any single type",
        ),
        (
            "tolist",
            vec![s("a")],
            "cannot convert string to list of any single type",
        ),
        (
            "tomap",
            vec![obj(vec![("a", n("1")), ("b", tup(vec![]))])],
            "cannot convert object to map of any single type",
        ),
        (
            "tomap",
            vec![tup(vec![n("1")])],
            "cannot convert tuple to map of any single type",
        ),
        (
            "toset",
            vec![s("a")],
            "cannot convert string to set of any single type",
        ),
    ]);
}

#[test]
fn numbers_and_strings_too_long_to_convert_name_the_limit() {
    let digits = "7".repeat(crate::value::Number::MAX_DIGITS + 1);
    check_err(&[
        (
            "tonumber",
            vec![s(&digits)],
            "a number is required, and this one has more than 10000 significant digits \
             (Number::MAX_DIGITS)",
        ),
        (
            "tostring",
            vec![n("1e600000000")],
            "the number is too large to write out (2^1048576 or more, NUMBER_TEXT_MAX_BITS)",
        ),
        (
            "tostring",
            vec![n("-1e-600000000")],
            "the number is too small to write out (2^-1048576 or less, NUMBER_TEXT_MAX_BITS)",
        ),
    ]);
    check_ok(&[("tonumber", vec![s(&digits[1..])], n(&digits[1..]))]);
    let text = crate::functions::test_support::call("tostring", &[n("1e300000")]).unwrap();
    assert_eq!(text.as_str().map(str::len), Some(300_001));
}
