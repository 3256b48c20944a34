//! Set functions: `setintersection`, `setproduct`, `setsubtract`,
//! `setsymmetricdifference` and `setunion`.
//!
//! The set operations convert every argument to a set of the element type
//! all the arguments unify to (so `setunion([1], ["a"])` is a set of
//! strings), then combine them. Unknown elements are never equal to
//! anything: the union keeps them, and the other operations give an
//! unknown result when any argument holds one.
//!
//! The examples call the functions through [`stdlib`](super::stdlib).
//!
//! # `setunion(first_set, other_sets...)`
//!
//! ```
//! use hcl_core::functions::stdlib;
//! use hcl_core::types::Type;
//! use hcl_core::value::Value;
//!
//! let set = |xs: &[&str]| Value::set(Type::String, xs.iter().map(|&x| x.into()).collect()).unwrap();
//! let out = stdlib()["setunion"].call(&[set(&["a"]), set(&["b", "a"])]).unwrap();
//! assert_eq!(out, set(&["a", "b"]));
//! ```
//!
//! # `setintersection(first_set, other_sets...)`
//!
//! ```
//! use hcl_core::functions::stdlib;
//! use hcl_core::types::Type;
//! use hcl_core::value::Value;
//!
//! let set = |xs: &[i64]| Value::set(Type::Number, xs.iter().map(|&x| x.into()).collect()).unwrap();
//! let out = stdlib()["setintersection"].call(&[set(&[1, 2]), set(&[2, 3])]).unwrap();
//! assert_eq!(out, set(&[2]));
//! ```
//!
//! # `setsubtract(a, b)`
//!
//! ```
//! use hcl_core::functions::stdlib;
//! use hcl_core::types::Type;
//! use hcl_core::value::Value;
//!
//! let set = |xs: &[i64]| Value::set(Type::Number, xs.iter().map(|&x| x.into()).collect()).unwrap();
//! let out = stdlib()["setsubtract"].call(&[set(&[1, 2]), set(&[2])]).unwrap();
//! assert_eq!(out, set(&[1]));
//! ```
//!
//! # `setsymmetricdifference(first_set, other_sets...)`
//!
//! ```
//! use hcl_core::functions::stdlib;
//! use hcl_core::types::Type;
//! use hcl_core::value::Value;
//!
//! let set = |xs: &[i64]| Value::set(Type::Number, xs.iter().map(|&x| x.into()).collect()).unwrap();
//! let out = stdlib()["setsymmetricdifference"].call(&[set(&[1, 2]), set(&[2, 3])]).unwrap();
//! assert_eq!(out, set(&[1, 3]));
//! ```
//!
//! # `setproduct(sets...)`
//!
//! Every combination taking one element from each argument, as tuples: a
//! list when every argument is a list or tuple (in their order), otherwise
//! a set. The combinations may hold at most [`SETPRODUCT_MAX_VALUES`]
//! values together.
//!
//! ```
//! use hcl_core::functions::stdlib;
//! use hcl_core::types::Type;
//! use hcl_core::value::Value;
//!
//! let a = Value::tuple(vec!["a".into(), "b".into()]);
//! let b = Value::tuple(vec![1.into(), 2.into()]);
//! let out = stdlib()["setproduct"].call(&[a, b]).unwrap();
//! assert_eq!(out.ty(), &Type::list(Type::tuple(vec![Type::String, Type::Number])));
//! assert_eq!(out.elements().unwrap()[1], Value::tuple(vec!["a".into(), 2.into()]));
//! ```

use super::limits::SETPRODUCT_MAX_VALUES;
use super::support::{element_type, list, set, EqualityIndex};
use super::{Function, FunctionError, Functions, Parameter};
use crate::types::{convert, unify_unsafe, Type};
use crate::value::Value;

#[cfg(test)]
mod tests;

/// Adds the set functions to `table`.
pub(crate) fn register(table: &mut Functions) {
    table.insert(
        "setintersection".into(),
        set_operation(
            "Returns the intersection of all given sets.",
            true,
            Operation::Intersection,
        ),
    );
    table.insert("setproduct".into(), setproduct());
    table.insert(
        "setsubtract".into(),
        set_operation(
            "Returns the relative complement of the two given sets.",
            false,
            Operation::Subtract,
        ),
    );
    table.insert(
        "setsymmetricdifference".into(),
        set_operation(
            "Returns the symmetric difference of the two given sets.",
            true,
            Operation::SymmetricDifference,
        ),
    );
    table.insert(
        "setunion".into(),
        set_operation(
            "Returns the union of all given sets.",
            true,
            Operation::Union,
        ),
    );
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Operation {
    Union,
    Intersection,
    Subtract,
    SymmetricDifference,
}

fn set_param(name: &str) -> Parameter {
    Parameter::new(name, Type::set(Type::Dynamic)).allow_dynamic_type()
}

/// A set operation over a first set and either other sets (`variadic`) or
/// exactly one more.
fn set_operation(description: &str, variadic: bool, op: Operation) -> Function {
    let builder = Function::builder()
        .result_not_null()
        .description(description);
    let builder = if variadic {
        builder
            .param(set_param("first_set"))
            .variadic(set_param("other_sets"))
    } else {
        builder.param(set_param("a")).param(set_param("b"))
    };
    builder
        .returns_with(set_operation_type)
        .implementation(move |args, ret| {
            let ety = element_type(ret);
            let mut result: Option<Vec<Value>> = None;
            for (i, arg) in args.iter().enumerate() {
                let converted =
                    convert(arg, ret).map_err(|e| FunctionError::arg(i, e.to_string()))?;
                if op != Operation::Union && !converted.is_wholly_known() {
                    return Ok(Value::unknown(ret.clone()));
                }
                let elements = converted.elements().unwrap_or_default();
                result = Some(match result {
                    None => elements.to_vec(),
                    Some(acc) => combine(op, acc, elements),
                });
            }
            set(&ety, result.unwrap_or_default())
        })
        .build()
}

/// The elements of `a` combined with those of the set `b`.
fn combine(op: Operation, a: Vec<Value>, b: &[Value]) -> Vec<Value> {
    let index = |values: &[Value]| {
        let mut index = EqualityIndex::default();
        for v in values {
            index.insert(v);
        }
        index
    };
    match op {
        Operation::Union => a.into_iter().chain(b.iter().cloned()).collect(),
        Operation::Intersection => {
            let in_b = index(b);
            a.into_iter().filter(|v| in_b.contains(v)).collect()
        }
        Operation::Subtract => {
            let in_b = index(b);
            a.into_iter().filter(|v| !in_b.contains(v)).collect()
        }
        Operation::SymmetricDifference => {
            let (in_a, in_b) = (index(&a), index(b));
            let only_b: Vec<Value> = b.iter().filter(|v| !in_a.contains(v)).cloned().collect();
            a.into_iter()
                .filter(|v| !in_b.contains(v))
                .chain(only_b)
                .collect()
        }
    }
}

/// A set of the type all the element types unify to; empty sets of
/// unknown element type are left out of the unification.
fn set_operation_type(args: &[Value]) -> Result<Type, FunctionError> {
    let mut etys = Vec::new();
    for arg in args {
        let Some(ety) = arg.ty().element_type() else {
            return Err(FunctionError::failed(format!(
                "a set is required, not {}",
                arg.ty().friendly_name()
            )));
        };
        if arg.is_known() && arg.length() == Some(0) && ety.is_dynamic() {
            continue;
        }
        etys.push(ety.clone());
    }
    if etys.is_empty() {
        return Ok(Type::set(Type::Dynamic));
    }
    unify_unsafe(&etys)
        .map(|(ty, _)| Type::set(ty))
        .ok_or_else(|| FunctionError::failed("given sets must all have compatible element types"))
}

fn setproduct() -> Function {
    Function::builder()
        .result_not_null()
        .description("Calculates the cartesian product of two or more sets.")
        .variadic(Parameter::new("sets", Type::Dynamic).allow_unknown())
        .returns_with(setproduct_type)
        .implementation(|args, ret| {
            let ety = element_type(ret);
            let sub_types = ety.tuple_element_types().unwrap_or_default().to_vec();
            let mut total: usize = 1;
            if args
                .iter()
                .any(|a| !a.is_known() || !a.length_value().is_some_and(|l| l.is_known()))
            {
                return unknown_product(args, ret);
            }
            for arg in args {
                total = total.saturating_mul(arg.length().unwrap_or(0));
            }
            let empty = args.iter().any(|a| a.length() == Some(0));
            if !empty && total.saturating_mul(args.len()) > SETPRODUCT_MAX_VALUES {
                return Err(FunctionError::failed(format!(
                    "the product would hold {total} combinations of {} values, more than the \
                     limit of {SETPRODUCT_MAX_VALUES} values for setproduct",
                    args.len()
                )));
            }
            // Each argument's elements, converted to the element type of
            // their position in the product's tuples.
            let mut columns: Vec<Vec<Value>> = Vec::with_capacity(args.len());
            for (arg, ty) in args.iter().zip(&sub_types) {
                let column = arg
                    .elements()
                    .unwrap_or_default()
                    .iter()
                    .map(|v| {
                        if v.ty() == ty {
                            Ok(v.clone())
                        } else {
                            convert(v, ty).map_err(|e| FunctionError::failed(e.to_string()))
                        }
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                columns.push(column);
            }
            let mut product = Vec::new();
            if !empty {
                product.reserve(total);
                let mut positions = vec![0usize; columns.len()];
                'combinations: loop {
                    product.push(Value::tuple(
                        positions
                            .iter()
                            .zip(&columns)
                            .filter_map(|(&p, column)| column.get(p).cloned())
                            .collect(),
                    ));
                    // Advance like an odometer, the last position fastest.
                    for (p, column) in positions.iter_mut().zip(&columns).rev() {
                        *p += 1;
                        if *p < column.len() {
                            continue 'combinations;
                        }
                        *p = 0;
                    }
                    break;
                }
            }
            if ret.is_list() {
                list(&ety, product)
            } else {
                set(&ety, product)
            }
        })
        .build()
}

/// The product when an argument's length is not known yet, as go-cty 1.13
/// refines it: when every argument's length has a small known bound (a
/// tuple's, even unknown, or the upper bound of a collection's length),
/// the product has at most their product's elements and, being non-empty,
/// at least one; with a bound of zero it is empty.
fn unknown_product(args: &[Value], ret: &Type) -> Result<Value, FunctionError> {
    let unknown = Value::unknown(ret.clone());
    let mut max_len: u64 = 1;
    for arg in args {
        let ty = arg.ty();
        let bound = match ty.tuple_element_types() {
            Some(tys) => tys.len() as u64,
            None if ty.is_collection() => arg.range().length_upper_bound(),
            None => return Ok(unknown),
        };
        // go-cty does not track larger bounds.
        if bound > 1024 {
            return Ok(unknown);
        }
        max_len = max_len.saturating_mul(bound);
        if max_len > 2048 {
            return Ok(unknown);
        }
    }
    let refined = if max_len == 0 {
        unknown.refine().length(0)
    } else {
        unknown
            .refine()
            .length_lower_bound(1)
            .length_upper_bound(max_len)
    };
    Ok(refined.build())
}

/// A list of tuples when every argument is a list or tuple, otherwise a
/// set of tuples; each tuple element has its argument's element type.
fn setproduct_type(args: &[Value]) -> Result<Type, FunctionError> {
    if args.len() < 2 {
        return Err(FunctionError::failed("at least two arguments are required"));
    }
    let mut sequences = 0;
    let mut etys = Vec::with_capacity(args.len());
    for (i, arg) in args.iter().enumerate() {
        let ty = arg.ty();
        if let Some(tys) = ty.tuple_element_types() {
            sequences += 1;
            if tys.is_empty() {
                etys.push(Type::Dynamic);
                continue;
            }
            let Some((ety, _)) = unify_unsafe(tys) else {
                return Err(FunctionError::arg(
                    i,
                    "all elements must be of the same type",
                ));
            };
            etys.push(ety);
        } else if let Some(ety) = ty.element_type().filter(|_| ty.is_list() || ty.is_set()) {
            if ty.is_list() {
                sequences += 1;
            }
            etys.push(ety.clone());
        } else {
            return Err(FunctionError::arg(i, "a set or a list is required"));
        }
    }
    let tuple = Type::tuple(etys);
    Ok(if sequences == args.len() {
        Type::list(tuple)
    } else {
        Type::set(tuple)
    })
}
