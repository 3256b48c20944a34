//! Encoding functions: `csvdecode`, `jsondecode` and `jsonencode`.
//!
//! The examples call the functions through [`stdlib`](super::stdlib).
//!
//! # `csvdecode(str)`
//!
//! Reads CSV text (RFC 4180: fields separated by commas, optionally quoted
//! with `"`, `""` for a quote inside a quoted field; empty lines skipped)
//! whose first line names the columns. The result is a list of objects, one
//! per following line, with one string attribute per column. Every line
//! must have as many fields as the first; column names must be distinct.
//!
//! ```
//! use hcl_core::functions::stdlib;
//! use hcl_core::value::Value;
//!
//! let f = &stdlib()["csvdecode"];
//! let r = f.call(&[Value::from("a,b\n1,\"x,y\"\n")]).unwrap();
//! let row = Value::object([("a", Value::from("1")), ("b", Value::from("x,y"))]);
//! assert_eq!(r.elements().unwrap(), &[row]);
//! assert!(f.call(&[Value::from("a,b\n1\n")]).is_err());
//! ```
//!
//! # `jsondecode(str)`
//!
//! Reads JSON text into a value: objects become objects, arrays tuples,
//! `null` the null of the dynamic type. Numbers keep their full precision:
//! they are read as number literals are. Nesting deeper than
//! [`JSON_MAX_DEPTH`](super::limits::JSON_MAX_DEPTH) is an error.
//!
//! ```
//! use hcl_core::functions::stdlib;
//! use hcl_core::types::Type;
//! use hcl_core::value::{Number, Value};
//!
//! let f = &stdlib()["jsondecode"];
//! let r = f.call(&[Value::from(r#"{"n": 0.1, "l": [true, null]}"#)]).unwrap();
//! assert_eq!(r.get_attr("n"), Some(Value::from(Number::parse_literal("0.1").unwrap())));
//! assert_eq!(r.get_attr("l").unwrap().ty(), &Type::tuple(vec![Type::Bool, Type::Dynamic]));
//! let big = f.call(&[Value::from("123456789012345678901234567890")]).unwrap();
//! assert_eq!(big.as_number().unwrap().to_string(), "123456789012345678901234567890");
//! assert!(f.call(&[Value::from("{bad")]).is_err());
//! ```
//!
//! # `jsonencode(val)`
//!
//! Writes a value as JSON text: numbers in full decimal form, `<`, `>`,
//! `&`, U+2028 and U+2029 escaped in strings, object keys in sorted order.
//! A value containing unknowns gives an unknown result; infinities are an
//! error.
//!
//! ```
//! use hcl_core::functions::stdlib;
//! use hcl_core::value::{Number, Value};
//!
//! let f = &stdlib()["jsonencode"];
//! let v = Value::object([("b", Value::from("<x>")), ("a", Value::from(Number::parse_literal("1e3").unwrap()))]);
//! assert_eq!(f.call(&[v]).unwrap(), Value::from(r#"{"a":1000,"b":"\u003cx\u003e"}"#));
//! ```

use super::limits::{check_number_text, STRING_RESULT_MAX_BYTES};
use super::{Function, FunctionError, Functions, Parameter};
use crate::types::Type;
use crate::value::write_go_json_string;
use crate::value::{Value, ValueKind};

mod csv;
mod json;
#[cfg(test)]
mod tests;

use self::csv::csvdecode_function;
use self::json::jsondecode_function;

/// Registers `csvdecode`, `jsondecode` and `jsonencode`.
pub(crate) fn register(table: &mut Functions) {
    table.insert("csvdecode".to_owned(), csvdecode_function());
    table.insert("jsondecode".to_owned(), jsondecode_function());
    table.insert("jsonencode".to_owned(), jsonencode_function());
}

// ---------------------------------------------------------------------------
// Writing JSON

/// The JSON text of a wholly known value, as the reference writes it.
pub(super) fn marshal(v: &Value) -> Result<String, String> {
    let mut out = String::new();
    marshal_into(v, v.ty(), &mut out)?;
    Ok(out)
}

fn marshal_into(v: &Value, ty: &Type, out: &mut String) -> Result<(), String> {
    if ty.is_dynamic() && !v.ty().is_dynamic() {
        // A value where any type is allowed carries its type along.
        out.push_str("{\"value\":");
        marshal_into(v, v.ty(), out)?;
        out.push_str(",\"type\":");
        out.push_str(&v.ty().to_json());
        out.push('}');
        return Ok(());
    }
    match v.kind() {
        ValueKind::Null => out.push_str("null"),
        ValueKind::Unknown => return Err("value is not known".to_owned()),
        ValueKind::Bool(b) => out.push_str(if b { "true" } else { "false" }),
        ValueKind::Number(n) => {
            if n.is_infinite() {
                return Err("cannot serialize infinity as JSON".to_owned());
            }
            check_number_text(n)?;
            out.push_str(&n.to_string());
        }
        ValueKind::String(s) => write_go_json_string(s, out),
        ValueKind::List(elems) | ValueKind::Set(elems) => {
            let ety = ty.element_type().unwrap_or(&Type::Dynamic);
            out.push('[');
            for (i, e) in elems.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                marshal_into(e, ety, out)?;
            }
            out.push(']');
        }
        ValueKind::Tuple(elems) => {
            let etys = ty.tuple_element_types().unwrap_or_default();
            out.push('[');
            for (i, e) in elems.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                marshal_into(e, etys.get(i).unwrap_or(e.ty()), out)?;
            }
            out.push(']');
        }
        ValueKind::Map(entries) | ValueKind::Object(entries) => {
            let is_map = ty.is_map();
            out.push('{');
            for (i, (k, e)) in entries.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_go_json_string(k, out);
                out.push(':');
                let ety = if is_map {
                    ty.element_type()
                } else {
                    ty.attribute_type(k)
                };
                marshal_into(e, ety.unwrap_or(e.ty()), out)?;
            }
            out.push('}');
        }
        ValueKind::Capsule(_) => {
            return Err(format!("cannot JSON-serialize {}", v.ty().friendly_name()))
        }
    }
    if out.len() > STRING_RESULT_MAX_BYTES {
        return Err(format!(
            "the JSON text would be more than {STRING_RESULT_MAX_BYTES} bytes long, the limit \
             (STRING_RESULT_MAX_BYTES)"
        ));
    }
    Ok(())
}

/// The JSON text of a value that is not wholly known: unknown, but when
/// the value cannot be null, starting as every JSON text of its type does.
fn unknown_json(v: &Value) -> Value {
    let unknown = Value::unknown(Type::String);
    if !v.range().definitely_not_null() {
        return unknown;
    }
    let ty = v.ty();
    let start = match ty {
        Type::String => "\"",
        _ if ty.is_object() || ty.is_map() => "{",
        _ if ty.is_tuple() || ty.is_list() || ty.is_set() => "[",
        _ => "",
    };
    unknown.refine().string_prefix_full(start).build()
}

fn jsonencode_function() -> Function {
    Function::builder()
        .result_not_null()
        .param(
            Parameter::new("val", Type::Dynamic)
                .allow_null()
                .allow_unknown()
                .allow_dynamic_type(),
        )
        .returns(Type::String)
        .description("Returns a string containing a JSON representation of the given value.")
        .implementation(|args, _| {
            let Some(v) = args.first() else {
                return Err(FunctionError::arg(0, "a value is required"));
            };
            if !v.is_wholly_known() {
                return Ok(unknown_json(v));
            }
            if v.is_null() {
                return Ok(Value::string("null"));
            }
            marshal(v).map(Value::string).map_err(FunctionError::failed)
        })
        .build()
}
