//! The functions of go-cty's standard library that a spec file may call
//! and that this crate's standard library (Terraform's) words otherwise:
//! `hasindex`, `int`, `strlen`, and `reverse` of a string.

use unicode_segmentation::UnicodeSegmentation;

use crate::functions::{Function, FunctionError, Functions, Parameter};
use crate::types::{convert, Type};
use crate::value::Value;

/// Adds the functions to `functions`, replacing those of the same name.
pub(super) fn add_cty_functions(functions: &mut Functions) {
    functions.insert("hasindex".to_owned(), hasindex());
    functions.insert("int".to_owned(), int());
    functions.insert("strlen".to_owned(), strlen());
    functions.insert("reverse".to_owned(), reverse());
}

/// Whether a list, map or tuple has an element at the key.
fn hasindex() -> Function {
    Function::builder()
        .param(Parameter::new("collection", Type::Dynamic).allow_dynamic_type())
        .param(Parameter::new("key", Type::Dynamic).allow_dynamic_type())
        .returns(Type::Bool)
        .implementation(|args: &[Value], _: &Type| {
            let [collection, key] = args else {
                return Err(FunctionError::failed("two arguments are required"));
            };
            let ty = collection.ty();
            let key_type = if ty.is_list() || ty.is_tuple() {
                Type::Number
            } else if ty.is_map() {
                Type::String
            } else {
                return Err(FunctionError::failed(
                    "collection must be a list, a map or a tuple",
                ));
            };
            let found = convert(key, &key_type)
                .ok()
                .is_some_and(|key| collection.index(&key).is_some());
            Ok(Value::bool(found))
        })
        .build()
}

/// A number with its fractional part dropped.
fn int() -> Function {
    Function::builder()
        .param(Parameter::new("num", Type::Number))
        .returns(Type::Number)
        .implementation(|args: &[Value], _: &Type| {
            let number = args.first().and_then(Value::as_number);
            match number.and_then(|n| n.trunc()) {
                Some(n) => Ok(Value::number(n)),
                None => Err(FunctionError::arg(0, "can't truncate infinity")),
            }
        })
        .build()
}

/// The number of characters (grapheme clusters) of a string.
fn strlen() -> Function {
    Function::builder()
        .param(Parameter::new("str", Type::String))
        .returns(Type::Number)
        .implementation(|args: &[Value], _: &Type| {
            let text = args.first().and_then(Value::as_str).unwrap_or_default();
            Ok(Value::from(text.graphemes(true).count() as i64))
        })
        .build()
}

/// A string's characters in reverse order.
fn reverse() -> Function {
    Function::builder()
        .param(Parameter::new("str", Type::String))
        .returns(Type::String)
        .implementation(|args: &[Value], _: &Type| {
            let text = args.first().and_then(Value::as_str).unwrap_or_default();
            Ok(Value::string(
                text.graphemes(true).rev().collect::<String>(),
            ))
        })
        .build()
}
