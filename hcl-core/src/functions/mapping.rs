//! Map and object functions: `keys`, `lookup`, `merge`, `values` and
//! `zipmap`.
//!
//! The examples call the functions through [`stdlib`](super::stdlib).
//!
//! # `keys(inputMap)`
//!
//! The keys of a map (a list of strings) or the attribute names of an
//! object (a tuple of strings), in lexical order. The attribute names of an
//! unknown object are known from its type.
//!
//! ```
//! use hcl_core::functions::stdlib;
//! use hcl_core::value::Value;
//!
//! let obj = Value::object([("b", Value::from(1)), ("a", Value::from(2))]);
//! let out = stdlib()["keys"].call(&[obj]).unwrap();
//! assert_eq!(out, Value::tuple(vec!["a".into(), "b".into()]));
//! ```
//!
//! # `lookup(inputMap, key, default)`
//!
//! The element of a map or the attribute of an object under `key`, else
//! `default` (all three arguments are required).
//!
//! ```
//! use hcl_core::functions::stdlib;
//! use hcl_core::value::Value;
//!
//! let f = &stdlib()["lookup"];
//! let obj = Value::object([("a", Value::from(1))]);
//! assert_eq!(f.call(&[obj.clone(), "a".into(), 0.into()]).unwrap(), Value::from(1));
//! assert_eq!(f.call(&[obj, "b".into(), 0.into()]).unwrap(), Value::from(0));
//! ```
//!
//! # `merge(maps...)`
//!
//! Combines maps and objects into one; later arguments win on equal keys,
//! and null arguments are skipped. The result is a map when all arguments
//! have the same map type, otherwise an object.
//!
//! ```
//! use hcl_core::functions::stdlib;
//! use hcl_core::value::Value;
//!
//! let f = &stdlib()["merge"];
//! let a = Value::object([("a", Value::from(1)), ("b", Value::from(2))]);
//! let b = Value::object([("b", Value::from(3))]);
//! let out = f.call(&[a, b]).unwrap();
//! assert_eq!(out, Value::object([("a", Value::from(1)), ("b", Value::from(3))]));
//! assert_eq!(f.call(&[]).unwrap(), Value::empty_object());
//! ```
//!
//! # `values(mapping)`
//!
//! The elements of a map (a list) or the attributes of an object (a
//! tuple), in the lexical order of their keys.
//!
//! ```
//! use hcl_core::functions::stdlib;
//! use hcl_core::value::Value;
//!
//! let obj = Value::object([("b", Value::from(1)), ("a", Value::from("x"))]);
//! let out = stdlib()["values"].call(&[obj]).unwrap();
//! assert_eq!(out, Value::tuple(vec!["x".into(), 1.into()]));
//! ```
//!
//! # `zipmap(keys, values)`
//!
//! Pairs a list of keys with a list of values (a map) or a tuple of values
//! (an object); later duplicate keys win.
//!
//! ```
//! use hcl_core::functions::stdlib;
//! use hcl_core::types::Type;
//! use hcl_core::value::Value;
//!
//! let keys = Value::list(Type::String, vec!["a".into(), "b".into()]).unwrap();
//! let values = Value::tuple(vec![1.into(), "x".into()]);
//! let out = stdlib()["zipmap"].call(&[keys, values]).unwrap();
//! assert_eq!(out, Value::object([("a", Value::from(1)), ("b", Value::from("x"))]));
//! ```

use std::collections::BTreeMap;
use std::sync::Arc;

use super::support::{element_type, list, map};
use super::{Function, FunctionError, Functions, Parameter};
use crate::types::{convert, Type};
use crate::value::{go_quote, Value};

#[cfg(test)]
mod tests;

/// Adds the map and object functions to `table`.
pub(crate) fn register(table: &mut Functions) {
    table.insert("keys".into(), keys());
    table.insert("lookup".into(), lookup());
    table.insert("merge".into(), merge());
    table.insert("values".into(), values());
    table.insert("zipmap".into(), zipmap());
}

fn keys() -> Function {
    Function::builder()
        .result_not_null()
        .description("Returns a list of the keys of the given map in lexicographical order.")
        .param(Parameter::new("inputMap", Type::Dynamic).allow_unknown())
        .returns_with(|args| {
            let ty = args.first().map_or(&Type::Dynamic, Value::ty);
            if ty.is_map() {
                Ok(Type::list(Type::String))
            } else if let Some(attrs) = ty.attribute_types() {
                Ok(Type::tuple(vec![Type::String; attrs.len()]))
            } else {
                Err(FunctionError::arg(0, "must have map or object type"))
            }
        })
        .implementation(|args, ret| {
            let Some(arg) = args.first() else {
                return Ok(Value::unknown(ret.clone()));
            };
            if let Some(attrs) = arg.ty().attribute_types() {
                return Ok(Value::tuple(attrs.keys().map(Value::string).collect()));
            }
            let Some(entries) = arg.entries() else {
                return Ok(Value::unknown(ret.clone()));
            };
            list(
                &Type::String,
                entries
                    .iter()
                    .map(|(k, _)| Value::from(k.as_str()))
                    .collect(),
            )
        })
        .build()
}

fn lookup() -> Function {
    Function::builder()
        .description(
            "Returns the value of the element with the given key from the given map, or \
             returns the default value if there is no such element.",
        )
        .param(Parameter::new("inputMap", Type::Dynamic))
        .param(Parameter::new("key", Type::String))
        .param(Parameter::new("default", Type::Dynamic))
        .returns_with(|args| {
            let [collection, key, default] = args else {
                return Err(FunctionError::failed("lookup takes three arguments"));
            };
            let ty = collection.ty();
            if ty.is_object() {
                let Some(key) = key.as_str() else {
                    return Ok(Type::Dynamic);
                };
                return Ok(ty
                    .attribute_type(key)
                    .unwrap_or_else(|| default.ty())
                    .clone());
            }
            if let Some(ety) = ty.element_type().filter(|_| ty.is_map()) {
                if convert(default, ety).is_err() {
                    return Err(FunctionError::arg(
                        2,
                        "the default value must have the same type as the map elements",
                    ));
                }
                return Ok(ety.clone());
            }
            Err(FunctionError::arg(
                0,
                "lookup() requires a map as the first argument",
            ))
        })
        .implementation(|args, ret| {
            let [collection, key, default] = args else {
                return Err(FunctionError::failed("lookup takes three arguments"));
            };
            if !collection.is_wholly_known() {
                return Ok(Value::unknown(ret.clone()));
            }
            let key = key.as_str().unwrap_or_default();
            let found = if collection.ty().is_object() {
                collection.get_attr(key)
            } else {
                collection.index(&Value::from(key))
            };
            if let Some(v) = found {
                return Ok(v);
            }
            convert(default, ret).map_err(|e| FunctionError::failed(e.to_string()))
        })
        .build()
}

fn merge() -> Function {
    Function::builder()
        .result_not_null()
        .description(
            "Merges all of the elements from the given maps into a single map, or the \
             attributes from given objects into a single object.",
        )
        .variadic(
            Parameter::new("maps", Type::Dynamic)
                .allow_null()
                .allow_dynamic_type(),
        )
        .returns_with(merge_type)
        .implementation(|args, ret| {
            let mut merged: BTreeMap<&str, &Value> = BTreeMap::new();
            for arg in args {
                for (k, v) in arg.entries().unwrap_or_default() {
                    merged.insert(k, v);
                }
            }
            let entries = merged.into_iter().map(|(k, v)| (k.to_owned(), v.clone()));
            if ret.is_map() {
                map(&element_type(ret), entries.collect())
            } else {
                Ok(Value::object(entries))
            }
        })
        .build()
}

/// The type of the first argument when all arguments have it; otherwise an
/// object type with every attribute and known map key (the later argument
/// deciding a name's type), or the dynamic pseudo-type when an unknown map
/// leaves the names open.
fn merge_type(args: &[Value]) -> Result<Type, FunctionError> {
    let Some(first) = args.first() else {
        return Ok(Type::empty_object());
    };
    let mut attrs: BTreeMap<String, Type> = BTreeMap::new();
    let mut names_known = true;
    for arg in args {
        let ty = arg.ty();
        if ty.is_dynamic() {
            return Ok(Type::Dynamic);
        }
        if let Some(types) = ty.attribute_types() {
            if !arg.is_null() {
                attrs.extend(types.iter().map(|(k, t)| (k.clone(), t.clone())));
            }
        } else if let Some(ety) = ty.element_type().filter(|_| ty.is_map()) {
            if !arg.is_known() {
                names_known = false;
            }
            for (k, _) in arg.entries().unwrap_or_default() {
                attrs.insert(k.clone(), ety.clone());
            }
        } else {
            return Err(FunctionError::failed(format!(
                "arguments must be maps or objects, got {}",
                go_quote(&ty.friendly_name())
            )));
        }
    }
    if args.iter().all(|a| a.ty() == first.ty()) {
        return Ok(first.ty().clone());
    }
    if !names_known {
        return Ok(Type::Dynamic);
    }
    Ok(Type::Object(Arc::new(attrs)))
}

fn values() -> Function {
    Function::builder()
        .result_not_null()
        .description(
            "Returns the values of elements of a given map, or the values of attributes of a \
             given object, in lexicographic order by key or attribute name.",
        )
        .param(Parameter::new("mapping", Type::Dynamic))
        .returns_with(|args| {
            let ty = args.first().map_or(&Type::Dynamic, Value::ty);
            if let Some(ety) = ty.element_type().filter(|_| ty.is_map()) {
                Ok(Type::list(ety.clone()))
            } else if let Some(attrs) = ty.attribute_types() {
                Ok(Type::tuple(attrs.values().cloned().collect()))
            } else {
                Err(FunctionError::failed(
                    "values() requires a map as the first argument",
                ))
            }
        })
        .implementation(|args, ret| {
            let values: Vec<Value> = args
                .first()
                .and_then(Value::entries)
                .unwrap_or_default()
                .iter()
                .map(|(_, v)| v.clone())
                .collect();
            if ret.is_tuple() {
                Ok(Value::tuple(values))
            } else {
                list(&element_type(ret), values)
            }
        })
        .build()
}

fn zipmap() -> Function {
    Function::builder()
        .result_not_null()
        .description(
            "Constructs a map from a list of keys and a corresponding list of values, which \
             must both be of the same length.",
        )
        .param(Parameter::new("keys", Type::list(Type::String)))
        .param(Parameter::new("values", Type::Dynamic))
        .returns_with(|args| {
            let [keys, values] = args else {
                return Err(FunctionError::failed("zipmap takes two arguments"));
            };
            let ty = values.ty();
            if let Some(ety) = ty.element_type().filter(|_| ty.is_list()) {
                return Ok(Type::map(ety.clone()));
            }
            let Some(value_types) = ty.tuple_element_types() else {
                return Err(FunctionError::failed(
                    "values argument must be a list or tuple value",
                ));
            };
            if !keys.is_wholly_known() {
                return Ok(Type::Dynamic);
            }
            let names = key_names(keys, value_types.len())?;
            let attrs: BTreeMap<String, Type> =
                names.into_iter().zip(value_types.iter().cloned()).collect();
            Ok(Type::Object(Arc::new(attrs)))
        })
        .implementation(|args, ret| {
            let [keys, values] = args else {
                return Err(FunctionError::failed("zipmap takes two arguments"));
            };
            if !keys.is_wholly_known() {
                return Ok(Value::unknown(ret.clone()));
            }
            let elements = values.elements().unwrap_or_default();
            let names = key_names(keys, elements.len())?;
            let entries: Vec<(String, Value)> =
                names.into_iter().zip(elements.iter().cloned()).collect();
            if ret.is_map() {
                map(&element_type(ret), entries)
            } else {
                Ok(Value::object(entries))
            }
        })
        .build()
}

/// The strings of a known list of keys, which must number `count`.
fn key_names(keys: &Value, count: usize) -> Result<Vec<String>, FunctionError> {
    let elements = keys.elements().unwrap_or_default();
    if elements.len() != count {
        return Err(FunctionError::failed(format!(
            "number of keys ({}) does not match number of values ({count})",
            elements.len()
        )));
    }
    elements
        .iter()
        .enumerate()
        .map(|(i, k)| {
            k.as_str().map(str::to_owned).ok_or_else(|| {
                FunctionError::failed(format!("keys list has null value at index {i}"))
            })
        })
        .collect()
}
