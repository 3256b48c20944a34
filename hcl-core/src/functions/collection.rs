//! Collection functions: `coalesce`, `coalescelist`, `compact`, `contains`,
//! `distinct`, `element`, `length`, `reverse` and `sort`.
//!
//! See also the [`sequence`](super::sequence) functions (`chunklist`,
//! `concat`, `flatten`, `range`, `slice`), the [`mapping`](super::mapping)
//! functions (`keys`, `lookup`, `merge`, `values`, `zipmap`) and the
//! [`sets`](super::sets) functions.
//!
//! The examples call the functions through [`stdlib`](super::stdlib).
//!
//! # `coalesce(vals...)`
//!
//! The first argument that is not null, converted to the type all the
//! arguments unify to (an empty string counts as a value). Unknown
//! arguments before the first non-null one make the result unknown.
//!
//! ```
//! use hcl_core::functions::stdlib;
//! use hcl_core::types::Type;
//! use hcl_core::value::Value;
//!
//! let f = &stdlib()["coalesce"];
//! let args = [Value::null(Type::Dynamic), Value::from(1), Value::from("x")];
//! assert_eq!(f.call(&args).unwrap(), Value::from("1"));
//! assert_eq!(f.call(&[Value::from(""), Value::from("a")]).unwrap(), Value::from(""));
//! ```
//!
//! # `coalescelist(vals...)`
//!
//! The first list or tuple argument with at least one element.
//!
//! ```
//! use hcl_core::functions::stdlib;
//! use hcl_core::value::Value;
//!
//! let f = &stdlib()["coalescelist"];
//! let first = f.call(&[Value::empty_tuple(), Value::tuple(vec![Value::from(1)])]).unwrap();
//! assert_eq!(first, Value::tuple(vec![Value::from(1)]));
//! ```
//!
//! # `compact(list)`
//!
//! A list of strings without its empty strings (and nulls).
//!
//! ```
//! use hcl_core::functions::stdlib;
//! use hcl_core::types::Type;
//! use hcl_core::value::Value;
//!
//! let list = Value::list(Type::String, vec!["a".into(), "".into(), "b".into()]).unwrap();
//! let out = stdlib()["compact"].call(&[list]).unwrap();
//! assert_eq!(out, Value::list(Type::String, vec!["a".into(), "b".into()]).unwrap());
//! ```
//!
//! # `contains(list, value)`
//!
//! Whether a list, tuple or set has an element equal to `value` (unknown
//! when an unknown element might be).
//!
//! ```
//! use hcl_core::functions::stdlib;
//! use hcl_core::value::Value;
//!
//! let f = &stdlib()["contains"];
//! let list = Value::tuple(vec![Value::from(1), Value::from(2)]);
//! assert_eq!(f.call(&[list.clone(), Value::from(2)]).unwrap(), Value::from(true));
//! assert_eq!(f.call(&[list, Value::from("2")]).unwrap(), Value::from(false));
//! ```
//!
//! # `distinct(list)`
//!
//! A list without repeated elements, first occurrences kept in order.
//!
//! ```
//! use hcl_core::functions::stdlib;
//! use hcl_core::types::Type;
//! use hcl_core::value::Value;
//!
//! let list = Value::list(Type::String, vec!["a".into(), "b".into(), "a".into()]).unwrap();
//! let out = stdlib()["distinct"].call(&[list]).unwrap();
//! assert_eq!(out, Value::list(Type::String, vec!["a".into(), "b".into()]).unwrap());
//! ```
//!
//! # `element(list, index)`
//!
//! The element of a list or tuple at `index`, the index taken modulo the
//! length (a negative index is an error).
//!
//! ```
//! use hcl_core::functions::stdlib;
//! use hcl_core::value::Value;
//!
//! let f = &stdlib()["element"];
//! let list = Value::tuple(vec!["a".into(), "b".into(), "c".into()]);
//! assert_eq!(f.call(&[list.clone(), Value::from(4)]).unwrap(), Value::from("b"));
//! assert!(f.call(&[list, Value::from(-1)]).is_err());
//! ```
//!
//! # `length(collection)`
//!
//! The number of elements of a list, tuple, set or map (not of a string,
//! nor of an object).
//!
//! ```
//! use hcl_core::functions::stdlib;
//! use hcl_core::value::Value;
//!
//! let f = &stdlib()["length"];
//! let tuple = Value::tuple(vec![Value::from(1), Value::from(2)]);
//! assert_eq!(f.call(&[tuple]).unwrap(), Value::from(2));
//! assert_eq!(
//!     f.call(&[Value::from("abc")]).unwrap_err().to_string(),
//!     "collection must be a list, a map or a tuple"
//! );
//! ```
//!
//! # `reverse(list)`
//!
//! A list (from a list or a set) or tuple with its elements in reverse
//! order.
//!
//! ```
//! use hcl_core::functions::stdlib;
//! use hcl_core::value::Value;
//!
//! let tuple = Value::tuple(vec![Value::from(1), Value::from("a")]);
//! let out = stdlib()["reverse"].call(&[tuple]).unwrap();
//! assert_eq!(out, Value::tuple(vec![Value::from("a"), Value::from(1)]));
//! ```
//!
//! # `sort(list)`
//!
//! A list of strings in lexical (byte) order.
//!
//! ```
//! use hcl_core::functions::stdlib;
//! use hcl_core::types::Type;
//! use hcl_core::value::Value;
//!
//! let list = Value::list(Type::String, vec!["b".into(), "a".into(), "10".into(), "9".into()]);
//! let out = stdlib()["sort"].call(&[list.unwrap()]).unwrap();
//! let want = vec!["10".into(), "9".into(), "a".into(), "b".into()];
//! assert_eq!(out, Value::list(Type::String, want).unwrap());
//! ```

use super::support::{element_type, list, to_int, EqualityIndex};
use super::{Function, FunctionError, Functions, Parameter};
use crate::types::{convert, unify_unsafe, Type};
use crate::value::{Value, ValueKind};

#[cfg(test)]
mod tests;

/// Adds the collection functions to `table`.
pub(crate) fn register(table: &mut Functions) {
    table.insert("coalesce".into(), coalesce());
    table.insert("coalescelist".into(), coalescelist());
    table.insert("compact".into(), compact());
    table.insert("contains".into(), contains());
    table.insert("distinct".into(), distinct());
    table.insert("element".into(), element());
    table.insert("length".into(), length());
    table.insert("reverse".into(), reverse());
    table.insert("sort".into(), sort());
}

/// A parameter that lets everything through: nulls, unknowns and values of
/// unknown type.
fn permissive(name: &str) -> Parameter {
    Parameter::new(name, Type::Dynamic)
        .allow_null()
        .allow_unknown()
        .allow_dynamic_type()
}

fn coalesce() -> Function {
    Function::builder()
        .result_not_null()
        .description(
            "Returns the first of the given arguments that isn't null, or raises an error if \
             there are no non-null arguments.",
        )
        .variadic(permissive("vals"))
        .returns_with(|args| {
            let types: Vec<Type> = args.iter().map(|a| a.ty().clone()).collect();
            unify_unsafe(&types)
                .map(|(ty, _)| ty)
                .ok_or_else(|| FunctionError::failed("all arguments must have the same type"))
        })
        .implementation(|args, ret| {
            for arg in args {
                if !arg.is_known() {
                    return Ok(Value::unknown(ret.clone()));
                }
                if arg.is_null() {
                    continue;
                }
                return convert(arg, ret).map_err(|e| FunctionError::failed(e.to_string()));
            }
            Err(FunctionError::failed("no non-null arguments"))
        })
        .build()
}

fn coalescelist() -> Function {
    Function::builder()
        .result_not_null()
        .description(
            "Returns the first of the given sequences that has a length greater than zero.",
        )
        .variadic(permissive("vals"))
        .returns_with(|args| {
            let Some(first) = args.first() else {
                return Err(FunctionError::failed("at least one argument is required"));
            };
            for arg in args {
                if !arg.is_known() {
                    return Ok(Type::Dynamic);
                }
                if !arg.ty().is_list() && !arg.ty().is_tuple() {
                    return Err(FunctionError::failed(
                        "coalescelist arguments must be lists or tuples",
                    ));
                }
            }
            if args.iter().all(|a| a.ty() == first.ty()) {
                Ok(first.ty().clone())
            } else {
                Ok(Type::Dynamic)
            }
        })
        .implementation(|args, ret| {
            for arg in args {
                if !arg.is_known() {
                    return Ok(Value::unknown(ret.clone()));
                }
                if arg.is_null() {
                    continue;
                }
                if arg.length().unwrap_or(0) > 0 {
                    return Ok(arg.clone());
                }
            }
            Err(FunctionError::failed("no non-null arguments"))
        })
        .build()
}

fn compact() -> Function {
    Function::builder()
        .result_not_null()
        .description("Removes all empty string elements from the given list of strings.")
        .param(Parameter::new("list", Type::list(Type::String)))
        .returns(Type::list(Type::String))
        .implementation(|args, ret| {
            let [list_value] = args else {
                return Err(FunctionError::failed("compact takes one argument"));
            };
            if !list_value.is_wholly_known() {
                return Ok(Value::unknown(ret.clone()));
            }
            let kept = list_value
                .elements()
                .unwrap_or_default()
                .iter()
                .filter(|v| v.as_str().is_some_and(|s| !s.is_empty()))
                .cloned()
                .collect();
            list(&Type::String, kept)
        })
        .build()
}

fn contains() -> Function {
    Function::builder()
        .result_not_null()
        .description(
            "Returns true if the given value is a value in the given list, tuple, or set, or \
             false otherwise.",
        )
        .param(Parameter::new("list", Type::Dynamic))
        .param(Parameter::new("value", Type::Dynamic))
        .returns(Type::Bool)
        .implementation(|args, _| {
            let [collection, value] = args else {
                return Err(FunctionError::failed("contains takes two arguments"));
            };
            let ty = collection.ty();
            if !ty.is_list() && !ty.is_tuple() && !ty.is_set() {
                return Err(FunctionError::failed(
                    "argument must be list, tuple, or set",
                ));
            }
            let elements = collection.elements().unwrap_or_default();
            let mut unknown = false;
            for e in elements {
                match value.equals(e).as_bool() {
                    Some(true) => return Ok(Value::from(true)),
                    Some(false) => {}
                    None => unknown = true,
                }
            }
            Ok(if unknown {
                Value::unknown(Type::Bool)
            } else {
                Value::from(false)
            })
        })
        .build()
}

fn distinct() -> Function {
    Function::builder()
        .result_not_null()
        .description(
            "Removes any duplicate values from the given list, preserving the order of \
             remaining elements.",
        )
        .param(Parameter::new("list", Type::list(Type::Dynamic)))
        .returns_with(|args| Ok(args.first().map_or(Type::Dynamic, |a| a.ty().clone())))
        .implementation(|args, ret| {
            let [list_value] = args else {
                return Err(FunctionError::failed("distinct takes one argument"));
            };
            if !list_value.is_wholly_known() {
                return Ok(Value::unknown(ret.clone()));
            }
            let mut seen = EqualityIndex::default();
            let kept = list_value
                .elements()
                .unwrap_or_default()
                .iter()
                .filter(|v| seen.insert(v))
                .cloned()
                .collect();
            list(&element_type(ret), kept)
        })
        .build()
}

fn element() -> Function {
    Function::builder()
        .description(
            "Returns the element with the given index from the given list or tuple, applying \
             the modulo operation to the given index if it's greater than the number of \
             elements.",
        )
        .param(Parameter::new("list", Type::Dynamic))
        .param(Parameter::new("index", Type::Number))
        .returns_with(|args| {
            let [list_value, index] = args else {
                return Err(FunctionError::failed("element takes two arguments"));
            };
            if index
                .as_number()
                .is_some_and(|n| n.is_sign_negative() && !n.is_zero())
            {
                return Err(negative_index());
            }
            let ty = list_value.ty();
            if let Some(ety) = ty.element_type().filter(|_| ty.is_list()) {
                return Ok(ety.clone());
            }
            let Some(etys) = ty.tuple_element_types() else {
                return Err(FunctionError::failed(format!(
                    "cannot read elements from {}",
                    ty.friendly_name()
                )));
            };
            if !index.is_known() {
                return Ok(Type::Dynamic);
            }
            let i =
                to_int(index).map_err(|e| FunctionError::failed(format!("invalid index: {e}")))?;
            if etys.is_empty() {
                return Err(empty_list());
            }
            Ok(wrapped(i, etys.len())
                .and_then(|i| etys.get(i))
                .cloned()
                .unwrap_or(Type::Dynamic))
        })
        .implementation(|args, ret| {
            let [list_value, index] = args else {
                return Err(FunctionError::failed("element takes two arguments"));
            };
            let i =
                to_int(index).map_err(|e| FunctionError::failed(format!("invalid index: {e}")))?;
            if i < 0 {
                return Err(negative_index());
            }
            let Some(elements) = list_value.elements() else {
                return Ok(Value::unknown(ret.clone()));
            };
            if elements.is_empty() {
                return Err(empty_list());
            }
            wrapped(i, elements.len())
                .and_then(|i| elements.get(i))
                .cloned()
                .ok_or_else(|| FunctionError::failed("invalid index"))
        })
        .build()
}

fn negative_index() -> FunctionError {
    FunctionError::failed("cannot use element function with a negative index")
}

fn empty_list() -> FunctionError {
    FunctionError::failed("cannot use element function with an empty list")
}

/// A non-negative index taken modulo `len`.
fn wrapped(i: i64, len: usize) -> Option<usize> {
    let len = i64::try_from(len).ok()?;
    usize::try_from(i.checked_rem(len)?).ok()
}

fn length() -> Function {
    Function::builder()
        .result_not_null()
        .description("Returns the number of elements in the given collection.")
        .param(
            Parameter::new("collection", Type::Dynamic)
                .allow_unknown()
                .allow_dynamic_type(),
        )
        .returns_with(|args| {
            let ty = args.first().map_or(&Type::Dynamic, Value::ty);
            if ty.is_tuple() || ty.is_list() || ty.is_map() || ty.is_set() || ty.is_dynamic() {
                Ok(Type::Number)
            } else {
                Err(FunctionError::failed(
                    "collection must be a list, a map or a tuple",
                ))
            }
        })
        .implementation(|args, _| {
            Ok(args
                .first()
                .and_then(Value::length_value)
                .unwrap_or_else(|| Value::unknown(Type::Number)))
        })
        .build()
}

fn reverse() -> Function {
    Function::builder()
        .result_not_null()
        .description("Returns the given list with its elements in reverse order.")
        .param(Parameter::new("list", Type::Dynamic))
        .returns_with(|args| {
            let ty = args.first().map_or(&Type::Dynamic, Value::ty);
            if let Some(etys) = ty.tuple_element_types() {
                return Ok(Type::tuple(etys.iter().rev().cloned().collect()));
            }
            match ty.element_type() {
                Some(ety) if ty.is_list() || ty.is_set() => Ok(Type::list(ety.clone())),
                _ => Err(FunctionError::arg(
                    0,
                    format!(
                        "can only reverse list or tuple values, not {}",
                        ty.friendly_name()
                    ),
                )),
            }
        })
        .implementation(|args, ret| {
            let reversed: Vec<Value> = args
                .first()
                .and_then(Value::elements)
                .unwrap_or_default()
                .iter()
                .rev()
                .cloned()
                .collect();
            if ret.is_tuple() {
                Ok(Value::tuple(reversed))
            } else {
                list(&element_type(ret), reversed)
            }
        })
        .build()
}

fn sort() -> Function {
    Function::builder()
        .result_not_null()
        .description("Applies a lexicographic sort to the elements of the given list.")
        .param(Parameter::new("list", Type::list(Type::String)).allow_unknown())
        .returns(Type::list(Type::String))
        .implementation(|args, ret| {
            let [list_value] = args else {
                return Err(FunctionError::failed("sort takes one argument"));
            };
            if !list_value.is_wholly_known() {
                // The order is not known yet, but the length is as much as
                // the list's: a list whose length is known becomes a known
                // list of unknown strings.
                let range = list_value.range();
                return Ok(Value::unknown(ret.clone())
                    .refine()
                    .length_lower_bound(range.length_lower_bound())
                    .length_upper_bound(range.length_upper_bound())
                    .build());
            }
            let elements = list_value.elements().unwrap_or_default();
            let mut strings = Vec::with_capacity(elements.len());
            for (i, e) in elements.iter().enumerate() {
                match e.kind() {
                    ValueKind::String(s) => strings.push(s),
                    _ => {
                        return Err(FunctionError::failed(format!(
                            "given list element {i} is null; a null string cannot be sorted"
                        )))
                    }
                }
            }
            strings.sort_unstable();
            list(
                &Type::String,
                strings.into_iter().map(Value::from).collect(),
            )
        })
        .build()
}
