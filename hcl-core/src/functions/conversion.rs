//! Type conversion functions: `tobool`, `tolist`, `tomap`, `tonumber`,
//! `toset` and `tostring`.
//!
//! Each converts its argument with the language's conversion rules, safe
//! and unsafe alike, or fails with a message written for an explicit
//! conversion. `tolist`, `toset` and `tomap` convert to a collection of any
//! single element type: the element types of a tuple or object must unify.
//! A null converts to the null of the wanted type (the untyped `null`
//! stays untyped); an unknown to the unknown of the wanted type.
//!
//! The examples call the functions through [`stdlib`](super::stdlib).
//!
//! # `tobool(v)`
//!
//! ```
//! use hcl_core::functions::stdlib;
//! use hcl_core::value::Value;
//!
//! let f = &stdlib()["tobool"];
//! assert_eq!(f.call(&[Value::from("true")]).unwrap(), Value::from(true));
//! assert_eq!(
//!     f.call(&[Value::from("yes")]).unwrap_err().to_string(),
//!     r#"cannot convert "yes" to bool; only the strings "true" or "false" are allowed"#
//! );
//! ```
//!
//! # `tonumber(v)`
//!
//! ```
//! use hcl_core::functions::stdlib;
//! use hcl_core::value::Value;
//!
//! let f = &stdlib()["tonumber"];
//! assert_eq!(f.call(&[Value::from("1e3")]).unwrap(), Value::from(1000));
//! assert_eq!(
//!     f.call(&[Value::from(true)]).unwrap_err().to_string(),
//!     "cannot convert bool to number"
//! );
//! ```
//!
//! # `tostring(v)`
//!
//! ```
//! use hcl_core::functions::stdlib;
//! use hcl_core::types::Type;
//! use hcl_core::value::Value;
//!
//! let f = &stdlib()["tostring"];
//! assert_eq!(f.call(&[Value::from(true)]).unwrap(), Value::from("true"));
//! assert_eq!(f.call(&[Value::null(Type::Dynamic)]).unwrap(), Value::null(Type::Dynamic));
//! ```
//!
//! # `tolist(v)`, `toset(v)` and `tomap(v)`
//!
//! ```
//! use hcl_core::functions::stdlib;
//! use hcl_core::types::Type;
//! use hcl_core::value::Value;
//!
//! let table = stdlib();
//! let tuple = Value::tuple(vec!["b".into(), 1.into(), "b".into()]);
//! let list = table["tolist"].call(&[tuple.clone()]).unwrap();
//! assert_eq!(list, Value::list(Type::String, vec!["b".into(), "1".into(), "b".into()]).unwrap());
//! let set = table["toset"].call(&[tuple]).unwrap();
//! assert_eq!(set, Value::set(Type::String, vec!["1".into(), "b".into()]).unwrap());
//! let obj = Value::object([("a", Value::from(1)), ("b", Value::from("x"))]);
//! let map = table["tomap"].call(&[obj]).unwrap();
//! assert_eq!(map.ty(), &Type::map(Type::String));
//! ```

use super::{Function, FunctionError, Functions, Parameter};
use crate::types::{convert, get_conversion_unsafe, mismatch_message, Type};
use crate::value::{go_quote, Number, Value};

#[cfg(test)]
mod tests;

/// Adds the conversion functions to `table`.
pub(crate) fn register(table: &mut Functions) {
    table.insert("tobool".into(), to_type(Type::Bool));
    table.insert("tolist".into(), to_type(Type::list(Type::Dynamic)));
    table.insert("tomap".into(), to_type(Type::map(Type::Dynamic)));
    table.insert("tonumber".into(), to_type(Type::Number));
    table.insert("toset".into(), to_type(Type::set(Type::Dynamic)));
    table.insert("tostring".into(), to_type(Type::String));
}

/// A function converting its argument to `want` (a type or, with dynamic
/// parts, a type constraint).
fn to_type(want: Type) -> Function {
    let for_type = want.clone();
    let for_impl = want.clone();
    Function::builder()
        .description(&format!(
            "Converts the given value to {}, or raises an error if that conversion is \
             impossible.",
            want.friendly_name()
        ))
        .param(Parameter::new("v", Type::Dynamic).allow_null())
        .returns_with(move |args| {
            let got = args.first().map_or(&Type::Dynamic, Value::ty);
            if got == &for_type || get_conversion_unsafe(got, &for_type).is_some() {
                return Ok(for_type.clone());
            }
            let message = match (got, &for_type) {
                (Type::Tuple(_), Type::Tuple(_)) => format!(
                    "incompatible tuple type for conversion: {}",
                    mismatch_message(got, &for_type)
                ),
                (Type::Object(_), Type::Object(_)) => format!(
                    "incompatible object type for conversion: {}",
                    mismatch_message(got, &for_type)
                ),
                _ => cannot_convert(got, &for_type),
            };
            Err(FunctionError::arg(0, message))
        })
        .implementation(move |args, ret| {
            let Some(arg) = args.first() else {
                return Err(FunctionError::failed("a value to convert is required"));
            };
            convert(arg, ret).map_err(|err| {
                let got = arg.ty();
                let what = || arg.as_str().map_or_else(|| "string".to_owned(), go_quote);
                let message = match (got, &for_impl) {
                    // Only a number too large or small to write out fails
                    // to convert to a string: the message names the limit.
                    (Type::Number, Type::String) => err.message().to_owned(),
                    (Type::String, Type::Number)
                        if arg.as_str().is_some_and(Number::has_too_many_digits) =>
                    {
                        err.message().to_owned()
                    }
                    (Type::String, Type::Bool) => format!(
                        "cannot convert {} to bool; only the strings \"true\" or \"false\" are \
                         allowed",
                        what()
                    ),
                    (Type::String, Type::Number) => format!(
                        "cannot convert {} to number; given string must be a decimal \
                         representation of a number",
                        what()
                    ),
                    _ => cannot_convert(got, &for_impl),
                };
                FunctionError::arg(0, message)
            })
        })
        .build()
}

fn cannot_convert(got: &Type, want: &Type) -> String {
    format!(
        "cannot convert {} to {}",
        got.friendly_name(),
        want.friendly_name_for_constraint()
    )
}
