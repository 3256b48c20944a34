//! Helpers for the standard functions' table-driven tests.

use super::{stdlib, FunctionError};
use crate::types::Type;
use crate::value::{Number, Value};

/// Calls a standard function by name.
pub(crate) fn call(name: &str, args: &[Value]) -> Result<Value, FunctionError> {
    let table = stdlib();
    let Some(f) = table.get(name) else {
        return Err(FunctionError::failed(format!("no function {name}")));
    };
    f.call(args)
}

/// Checks each call's result: `(function, arguments, expected value)`.
/// Results are compared structurally, numbers by their text.
#[track_caller]
pub(crate) fn check_ok(cases: &[(&str, Vec<Value>, Value)]) {
    for (name, args, want) in cases {
        match call(name, args) {
            Ok(got) => assert!(
                same(&got, want),
                "{name}({args:?}): got {got:?}, expected {want:?}"
            ),
            Err(e) => panic!("{name}({args:?}): unexpected error {e:?}"),
        }
    }
}

/// Checks each call's error message: `(function, arguments, message)`.
#[track_caller]
pub(crate) fn check_err(cases: &[(&str, Vec<Value>, &str)]) {
    for (name, args, want) in cases {
        match call(name, args) {
            Ok(got) => panic!("{name}({args:?}): expected an error, got {got:?}"),
            Err(e) => assert_eq!(e.to_string(), *want, "{name}({args:?})"),
        }
    }
}

/// Checks that each call fails on the argument at the given index.
#[track_caller]
pub(crate) fn check_arg_err(cases: &[(&str, Vec<Value>, usize)]) {
    for (name, args, want) in cases {
        match call(name, args) {
            Err(FunctionError::Arg { index, .. }) => {
                assert_eq!(index, *want, "{name}({args:?})");
            }
            other => panic!("{name}({args:?}): expected an argument error, got {other:?}"),
        }
    }
}

/// Structural identity, with numbers compared by their text (so that a
/// 53-bit `0.5` equals the literal `0.5`).
pub(crate) fn same(a: &Value, b: &Value) -> bool {
    a.ty() == b.ty() && a.raw_equals(b)
}

/// A number literal (512 bits).
pub(crate) fn n(text: &str) -> Value {
    Value::number(Number::parse_literal(text).unwrap_or_else(Number::infinity))
}

/// A string.
pub(crate) fn s(text: &str) -> Value {
    Value::string(text)
}

/// A tuple.
pub(crate) fn tup(elements: Vec<Value>) -> Value {
    Value::tuple(elements)
}

/// A list of the given element type.
pub(crate) fn list(ety: Type, elements: Vec<Value>) -> Value {
    Value::list(ety, elements).unwrap_or_else(|_| Value::dynamic())
}

/// A set of the given element type.
pub(crate) fn set(ety: Type, elements: Vec<Value>) -> Value {
    Value::set(ety, elements).unwrap_or_else(|_| Value::dynamic())
}

/// A map of the given element type.
pub(crate) fn map(ety: Type, entries: Vec<(&str, Value)>) -> Value {
    Value::map(ety, entries).unwrap_or_else(|_| Value::dynamic())
}

/// An object.
pub(crate) fn obj(attrs: Vec<(&str, Value)>) -> Value {
    Value::object(attrs)
}

/// A list of strings.
pub(crate) fn strs(items: &[&str]) -> Value {
    list(Type::String, items.iter().map(|x| s(x)).collect())
}

/// A list of numbers.
pub(crate) fn nums(items: &[i64]) -> Value {
    list(
        Type::Number,
        items.iter().map(|&x| Value::from(x)).collect(),
    )
}

/// The unknown value of a type.
pub(crate) fn unknown(ty: Type) -> Value {
    Value::unknown(ty)
}

/// The null value of a type.
pub(crate) fn null(ty: Type) -> Value {
    Value::null(ty)
}

/// The unknown value of a type, refined as not null: what a function that
/// never returns null gives for unknown arguments.
pub(crate) fn not_null_unknown(ty: Type) -> Value {
    Value::unknown(ty).refine_not_null()
}
