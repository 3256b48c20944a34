use crate::functions::test_support::{
    check_arg_err, check_err, check_ok, n, not_null_unknown, null, s, unknown,
};
use crate::types::Type;
use crate::value::{Number, Value};

const WHOLE: &str =
    "value must be a whole number, between -9223372036854775808 and 9223372036854775807";

fn float(v: f64) -> Value {
    Value::number(Number::from_f64(v).unwrap())
}

#[test]
fn abs() {
    check_ok(&[
        ("abs", vec![n("-1.5")], n("1.5")),
        ("abs", vec![n("2")], n("2")),
        (
            "abs",
            vec![Value::from(0).as_number().unwrap().neg().into()],
            Value::from(0),
        ),
        (
            "abs",
            vec![Value::number(Number::neg_infinity())],
            Value::number(Number::infinity()),
        ),
        (
            "abs",
            vec![unknown(Type::Number)],
            not_null_unknown(Type::Number),
        ),
        (
            "abs",
            vec![Value::dynamic()],
            not_null_unknown(Type::Number),
        ),
    ]);
    check_arg_err(&[("abs", vec![null(Type::Number)], 0)]);
    // The precision is kept: a 64-bit integer stays one.
    let r = crate::functions::stdlib()["abs"]
        .call(&[Value::from(-7)])
        .unwrap();
    assert_eq!(r.as_number().unwrap().precision(), 64);
}

#[test]
fn ceil_and_floor() {
    check_ok(&[
        ("ceil", vec![n("1.2")], n("2")),
        ("ceil", vec![n("-1.2")], n("-1")),
        ("ceil", vec![n("-0.5")], n("0")),
        ("ceil", vec![n("3")], n("3")),
        ("floor", vec![n("-1.2")], n("-2")),
        ("floor", vec![n("1.9")], n("1")),
        ("floor", vec![n("1e30")], n("1e30")),
        (
            "floor",
            vec![Value::number(Number::infinity())],
            Value::number(Number::infinity()),
        ),
        (
            "ceil",
            vec![unknown(Type::Number)],
            not_null_unknown(Type::Number),
        ),
        ("floor", vec![Value::dynamic()], Value::dynamic()),
    ]);
    check_arg_err(&[
        ("ceil", vec![null(Type::Number)], 0),
        ("floor", vec![null(Type::Number)], 0),
    ]);
}

#[test]
fn log() {
    check_ok(&[
        ("log", vec![n("8"), n("2")], float(3.0)),
        ("log", vec![n("1"), n("10")], float(0.0)),
        ("log", vec![n("100"), n("2")], float(6.643856189774725)),
        ("log", vec![n("1024"), n("3")], float(6.309297535714575)),
        ("log", vec![n("0.5"), n("10")], float(-0.30102999566398114)),
        (
            "log",
            vec![n("0"), n("10")],
            Value::number(Number::neg_infinity()),
        ),
        (
            "log",
            vec![unknown(Type::Number), n("10")],
            not_null_unknown(Type::Number),
        ),
    ]);
    let too_big = format!(
        "value must be between {:.6} and {:.6} inclusive",
        -f64::MAX,
        f64::MAX
    );
    check_err(&[
        ("log", vec![n("1e400"), n("10")], too_big.as_str()),
        (
            "log",
            vec![n("-1"), n("10")],
            "the result is not a number (NaN)",
        ),
    ]);
}

#[test]
fn pow() {
    check_ok(&[
        ("pow", vec![n("2"), n("10")], float(1024.0)),
        ("pow", vec![n("2"), n("-1")], float(0.5)),
        ("pow", vec![n("4"), n("0.5")], float(2.0)),
        ("pow", vec![n("2"), n("1.5")], float(2.82842712474619)),
        ("pow", vec![n("7"), n("0.25")], float(1.6265765616977859)),
        (
            "pow",
            vec![n("0"), n("-1")],
            Value::number(Number::infinity()),
        ),
        ("pow", vec![n("19"), n("10")], float(6131066257801.0)),
        (
            "pow",
            vec![unknown(Type::Number), n("2")],
            not_null_unknown(Type::Number),
        ),
    ]);
    let err = crate::functions::stdlib()["pow"]
        .call(&[n("1e400"), n("10")])
        .unwrap_err();
    assert!(err
        .to_string()
        .starts_with("value must be between -1797693134862315708"));
    check_err(&[(
        "pow",
        vec![n("-8"), n("0.5")],
        "the result is not a number (NaN)",
    )]);
    // Results are 53-bit floats.
    let r = crate::functions::stdlib()["pow"]
        .call(&[n("2"), n("0.5")])
        .unwrap();
    assert_eq!(r.as_number().unwrap().precision(), 53);
    assert_eq!(r.as_number().unwrap().to_string(), "1.4142135623730951");
}

#[test]
fn max_and_min() {
    check_ok(&[
        ("max", vec![n("1"), n("2.5"), n("-3")], n("2.5")),
        ("min", vec![n("1"), n("2.5"), n("-3")], n("-3")),
        ("max", vec![n("4")], n("4")),
        (
            "max",
            vec![unknown(Type::Number), n("1")],
            not_null_unknown(Type::Number),
        ),
        (
            "min",
            vec![Value::dynamic(), n("1")],
            not_null_unknown(Type::Number),
        ),
        (
            "max",
            vec![Value::number(Number::neg_infinity())],
            Value::number(Number::neg_infinity()),
        ),
    ]);
    // Of equal numbers the first is kept: -0 before 0.
    let neg_zero = Value::number(Number::from_i64(0).neg());
    let r = crate::functions::stdlib()["min"]
        .call(&[neg_zero, Value::from(0)])
        .unwrap();
    assert_eq!(r.as_number().unwrap().to_string(), "-0");
    check_err(&[
        ("max", vec![], "must pass at least one number"),
        ("min", vec![], "must pass at least one number"),
    ]);
    check_arg_err(&[("max", vec![n("1"), null(Type::Number)], 1)]);
}

#[test]
fn parseint() {
    check_ok(&[
        ("parseint", vec![s("ff"), n("16")], n("255")),
        ("parseint", vec![s("FF"), n("16")], n("255")),
        ("parseint", vec![s("-101"), n("2")], n("-5")),
        ("parseint", vec![s("+7"), n("8")], n("7")),
        ("parseint", vec![s("zz"), n("36")], n("1295")),
        ("parseint", vec![s("Z"), n("62")], n("61")),
        ("parseint", vec![s("z"), n("62")], n("35")),
        ("parseint", vec![s("10"), n("62")], n("62")),
        (
            "parseint",
            vec![s("123456789012345678901234567890"), n("10")],
            n("123456789012345678901234567890"),
        ),
        (
            "parseint",
            vec![unknown(Type::String), n("10")],
            not_null_unknown(Type::Number),
        ),
        (
            "parseint",
            vec![Value::dynamic(), n("10")],
            Value::dynamic(),
        ),
    ]);
    check_err(&[
        (
            "parseint",
            vec![s("12"), n("1")],
            "base must be a whole number between 2 and 62 inclusive",
        ),
        (
            "parseint",
            vec![s("12"), n("63")],
            "base must be a whole number between 2 and 62 inclusive",
        ),
        ("parseint", vec![s("12"), n("2.5")], WHOLE),
        (
            "parseint",
            vec![s("9"), n("8")],
            "cannot parse \"9\" as a base 8 integer",
        ),
        (
            "parseint",
            vec![s(""), n("10")],
            "cannot parse \"\" as a base 10 integer",
        ),
        (
            "parseint",
            vec![s("-"), n("10")],
            "cannot parse \"-\" as a base 10 integer",
        ),
        (
            "parseint",
            vec![s("1_000"), n("10")],
            "cannot parse \"1_000\" as a base 10 integer",
        ),
        (
            "parseint",
            vec![s(" 1"), n("10")],
            "cannot parse \" 1\" as a base 10 integer",
        ),
        (
            "parseint",
            vec![s("0x10"), n("16")],
            "cannot parse \"0x10\" as a base 16 integer",
        ),
        (
            "parseint",
            vec![s("é"), n("10")],
            "cannot parse \"é\" as a base 10 integer",
        ),
        (
            "parseint",
            vec![n("10"), n("10")],
            "first argument must be a string, not number",
        ),
    ]);
    check_arg_err(&[
        ("parseint", vec![s("9"), n("8")], 0),
        ("parseint", vec![s("9"), n("99")], 1),
        ("parseint", vec![null(Type::String), n("10")], 0),
    ]);
    // The limit on the length of the text.
    let long = "1".repeat(crate::functions::limits::PARSEINT_MAX_DIGITS + 1);
    let err = crate::functions::stdlib()["parseint"]
        .call(&[s(&long), n("10")])
        .unwrap_err();
    assert!(err.to_string().contains("limit"), "{err}");
    // Exact integers with as many bits as they need.
    let r = crate::functions::stdlib()["parseint"]
        .call(&[s(&"f".repeat(40)), n("16")])
        .unwrap();
    assert_eq!(r.as_number().unwrap().precision(), 160);
}

#[test]
fn signum() {
    check_ok(&[
        ("signum", vec![n("-5")], Value::from(-1)),
        ("signum", vec![n("0")], Value::from(0)),
        ("signum", vec![n("12")], Value::from(1)),
        (
            "signum",
            vec![unknown(Type::Number)],
            not_null_unknown(Type::Number),
        ),
    ]);
    check_err(&[
        ("signum", vec![n("0.5")], WHOLE),
        ("signum", vec![n("1e30")], WHOLE),
    ]);
}
