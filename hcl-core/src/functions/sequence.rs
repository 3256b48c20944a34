//! Sequence functions: `chunklist`, `concat`, `flatten`, `range` and
//! `slice`.
//!
//! The examples call the functions through [`stdlib`](super::stdlib).
//!
//! # `chunklist(list, size)`
//!
//! Splits a list into consecutive lists of at most `size` elements (a size
//! of 0 gives the whole list as the only chunk).
//!
//! ```
//! use hcl_core::functions::stdlib;
//! use hcl_core::types::Type;
//! use hcl_core::value::Value;
//!
//! let nums = |ns: &[i64]| Value::list(Type::Number, ns.iter().map(|&n| n.into()).collect()).unwrap();
//! let out = stdlib()["chunklist"].call(&[nums(&[1, 2, 3]), Value::from(2)]).unwrap();
//! let want = Value::list(Type::list(Type::Number), vec![nums(&[1, 2]), nums(&[3])]).unwrap();
//! assert_eq!(out, want);
//! ```
//!
//! # `concat(seqs...)`
//!
//! Appends lists and tuples into one sequence: a list when all arguments
//! are lists of types that unify, otherwise a tuple.
//!
//! ```
//! use hcl_core::functions::stdlib;
//! use hcl_core::value::Value;
//!
//! let f = &stdlib()["concat"];
//! let a = Value::tuple(vec![Value::from(1)]);
//! let b = Value::tuple(vec![Value::from("x")]);
//! assert_eq!(f.call(&[a, b]).unwrap(), Value::tuple(vec![Value::from(1), Value::from("x")]));
//! ```
//!
//! # `flatten(list)`
//!
//! Replaces lists, sets and tuples nested in a list, set or tuple by their
//! elements, recursively; the result is a tuple.
//!
//! ```
//! use hcl_core::functions::stdlib;
//! use hcl_core::value::Value;
//!
//! let nested = Value::tuple(vec![
//!     Value::tuple(vec![Value::from(1), Value::tuple(vec![Value::from(2)])]),
//!     Value::from(3),
//! ]);
//! let out = stdlib()["flatten"].call(&[nested]).unwrap();
//! assert_eq!(out, Value::tuple(vec![Value::from(1), Value::from(2), Value::from(3)]));
//! ```
//!
//! # `range(params...)`
//!
//! Numbers from a start (default 0) up to but excluding a limit, by a step
//! (default 1, or -1 when the limit is below the start); at most
//! [`RANGE_MAX_ELEMENTS`] of them.
//!
//! ```
//! use hcl_core::functions::stdlib;
//! use hcl_core::types::Type;
//! use hcl_core::value::Value;
//!
//! let f = &stdlib()["range"];
//! let nums = |ns: &[i64]| Value::list(Type::Number, ns.iter().map(|&n| n.into()).collect()).unwrap();
//! assert_eq!(f.call(&[Value::from(3)]).unwrap(), nums(&[0, 1, 2]));
//! let args = [Value::from(10), Value::from(0), Value::from(-3)];
//! assert_eq!(f.call(&args).unwrap(), nums(&[10, 7, 4, 1]));
//! assert!(f.call(&[Value::from(5000)]).is_err());
//! ```
//!
//! # `slice(list, start_index, end_index)`
//!
//! The elements of a list or tuple from `start_index` up to but excluding
//! `end_index`.
//!
//! ```
//! use hcl_core::functions::stdlib;
//! use hcl_core::value::Value;
//!
//! let f = &stdlib()["slice"];
//! let t = Value::tuple(vec![1.into(), 2.into(), 3.into(), 4.into()]);
//! let out = f.call(&[t.clone(), Value::from(1), Value::from(3)]).unwrap();
//! assert_eq!(out, Value::tuple(vec![2.into(), 3.into()]));
//! assert!(f.call(&[t, Value::from(1), Value::from(5)]).is_err());
//! ```

use super::limits::{FLATTEN_MAX_DEPTH, RANGE_MAX_ELEMENTS};
use super::support::{element_type, list, to_int};
use super::{Function, FunctionError, Functions, Parameter};
use crate::types::{convert, unify_unsafe, Type};
use crate::value::{Number, Value};

#[cfg(test)]
mod tests;

/// Adds the sequence functions to `table`.
pub(crate) fn register(table: &mut Functions) {
    table.insert("chunklist".into(), chunklist());
    table.insert("concat".into(), concat());
    table.insert("flatten".into(), flatten());
    table.insert("range".into(), range());
    table.insert("slice".into(), slice());
}

fn chunklist() -> Function {
    Function::builder()
        .result_not_null()
        .description(
            "Splits a single list into multiple lists where each has at most the given number \
             of elements.",
        )
        .param(Parameter::new("list", Type::list(Type::Dynamic)))
        .param(Parameter::new("size", Type::Number))
        .returns_with(|args| {
            Ok(Type::list(
                args.first().map_or(Type::Dynamic, |a| a.ty().clone()),
            ))
        })
        .implementation(|args, _| {
            let [list_value, size] = args else {
                return Err(FunctionError::failed("chunklist takes two arguments"));
            };
            let size =
                to_int(size).map_err(|e| FunctionError::failed(format!("invalid size: {e}")))?;
            let size = usize::try_from(size)
                .map_err(|_| FunctionError::failed("the size argument must be positive"))?;
            let list_ty = list_value.ty().clone();
            let elements = list_value.elements().unwrap_or_default();
            if elements.is_empty() {
                return list(&list_ty, Vec::new());
            }
            if size == 0 {
                return list(&list_ty, vec![list_value.clone()]);
            }
            let ety = element_type(&list_ty);
            let chunks = elements
                .chunks(size)
                .map(|chunk| list(&ety, chunk.to_vec()))
                .collect::<Result<Vec<_>, _>>()?;
            list(&list_ty, chunks)
        })
        .build()
}

fn concat() -> Function {
    Function::builder()
        .result_not_null()
        .description(
            "Concatenates together all of the given lists or tuples into a single sequence, \
             preserving the input order.",
        )
        .variadic(Parameter::new("seqs", Type::Dynamic))
        .returns_with(concat_type)
        .implementation(|args, ret| {
            let mut out = Vec::new();
            if ret.is_list() {
                for (i, arg) in args.iter().enumerate() {
                    let converted =
                        convert(arg, ret).map_err(|e| FunctionError::arg(i, e.to_string()))?;
                    out.extend(converted.elements().unwrap_or_default().iter().cloned());
                }
                return list(&element_type(ret), out);
            }
            for arg in args {
                out.extend(arg.elements().unwrap_or_default().iter().cloned());
            }
            Ok(Value::tuple(out))
        })
        .build()
}

/// A list type when every argument is a list and their types unify,
/// otherwise the tuple of all the element types.
fn concat_type(args: &[Value]) -> Result<Type, FunctionError> {
    let Some(first) = args.first() else {
        return Err(FunctionError::failed("at least one argument is required"));
    };
    if first.ty().is_list() && args.iter().all(|a| a.ty().is_list()) {
        let types: Vec<Type> = args.iter().map(|a| a.ty().clone()).collect();
        if let Some((ty, _)) = unify_unsafe(&types) {
            return Ok(ty);
        }
    }
    let mut etys = Vec::new();
    for (i, arg) in args.iter().enumerate() {
        let ty = arg.ty();
        if let Some(tys) = ty.tuple_element_types() {
            etys.extend(tys.iter().cloned());
        } else if let Some(ety) = ty.element_type().filter(|_| ty.is_list()) {
            let Some(len) = arg.length().filter(|_| arg.is_known()) else {
                return Ok(Type::Dynamic);
            };
            etys.extend(std::iter::repeat_n(ety.clone(), len));
        } else {
            return Err(FunctionError::arg(
                i,
                format!(
                    "all arguments must be lists or tuples; got {}",
                    ty.friendly_name()
                ),
            ));
        }
    }
    Ok(Type::tuple(etys))
}

fn flatten() -> Function {
    Function::builder()
        .result_not_null()
        .description(
            "Transforms a list, set, or tuple value into a tuple by replacing any given \
             elements that are themselves sequences with a flattened tuple of all of the \
             nested elements concatenated together.",
        )
        .param(Parameter::new("list", Type::Dynamic))
        .returns_with(|args| {
            let Some(arg) = args.first() else {
                return Ok(Type::Dynamic);
            };
            if !arg.is_wholly_known() {
                return Ok(Type::Dynamic);
            }
            let ty = arg.ty();
            if !ty.is_list() && !ty.is_set() && !ty.is_tuple() {
                return Err(FunctionError::failed(
                    "can only flatten lists, sets and tuples",
                ));
            }
            let mut out = Vec::new();
            if !flatten_into(arg, 0, &mut out)? {
                return Ok(Type::Dynamic);
            }
            Ok(Type::tuple(out.iter().map(|v| v.ty().clone()).collect()))
        })
        .implementation(|args, ret| {
            let Some(arg) = args.first() else {
                return Ok(Value::unknown(ret.clone()));
            };
            let ty = arg.ty();
            if !ty.is_list() && !ty.is_set() && !ty.is_tuple() {
                return Err(FunctionError::failed(
                    "can only flatten lists, sets and tuples",
                ));
            }
            if arg.length() == Some(0) {
                return Ok(Value::empty_tuple());
            }
            let mut out = Vec::new();
            if !flatten_into(arg, 0, &mut out)? {
                return Ok(Value::unknown(ret.clone()));
            }
            Ok(Value::tuple(out))
        })
        .build()
}

/// Appends the flattened elements of `seq` to `out`; whether the result is
/// known (an unknown nested sequence, or an unknown element of unknown
/// type, makes it unknown).
fn flatten_into(seq: &Value, depth: usize, out: &mut Vec<Value>) -> Result<bool, FunctionError> {
    if depth >= FLATTEN_MAX_DEPTH {
        return Err(FunctionError::failed(format!(
            "the lists are nested more than {FLATTEN_MAX_DEPTH} levels deep, the limit for flatten"
        )));
    }
    if !seq.length_value().is_some_and(|l| l.is_known()) {
        return Ok(false);
    }
    let mut known = true;
    for v in seq.elements().unwrap_or_default() {
        if v.ty().is_dynamic() && !v.is_known() {
            known = false;
        }
        let ty = v.ty();
        if !v.is_null() && (ty.is_list() || ty.is_set() || ty.is_tuple()) {
            if !v.is_known() || !flatten_into(v, depth + 1, out)? {
                known = false;
            }
        } else {
            out.push(v.clone());
        }
    }
    Ok(known)
}

fn range() -> Function {
    Function::builder()
        .result_not_null()
        .description("Returns a list of numbers spread evenly over a particular range.")
        .variadic(Parameter::new("params", Type::Number))
        .returns(Type::list(Type::Number))
        .implementation(|args, _| {
            let nums = args
                .iter()
                .map(|a| {
                    a.as_number()
                        .cloned()
                        .ok_or_else(|| FunctionError::failed("a number is required"))
                })
                .collect::<Result<Vec<Number>, _>>()?;
            let zero = Number::from_i64(0);
            let (start, end, step) = match nums.as_slice() {
                [end] => {
                    let step = if *end < zero { -1 } else { 1 };
                    (zero.clone(), end.clone(), Number::from_i64(step))
                }
                [start, end] => {
                    let step = if end < start { -1 } else { 1 };
                    (start.clone(), end.clone(), Number::from_i64(step))
                }
                [start, end, step] => (start.clone(), end.clone(), step.clone()),
                _ => {
                    return Err(FunctionError::failed(
                        "must have one, two, or three arguments",
                    ))
                }
            };
            // As in the reference, a step of zero is not rejected up front:
            // it generates the start until the limit on the count is hit.
            let down = step < zero;
            if down && end > start {
                return Err(FunctionError::arg(
                    1,
                    "end must be less than start when step is negative",
                ));
            }
            if !down && end < start {
                return Err(FunctionError::arg(
                    1,
                    "end must be greater than start when step is positive",
                ));
            }
            let mut values = Vec::new();
            let mut n = start;
            loop {
                let done = if down { n <= end } else { n >= end };
                if done {
                    break;
                }
                if values.len() >= RANGE_MAX_ELEMENTS {
                    return Err(FunctionError::failed(format!(
                        "more than {RANGE_MAX_ELEMENTS} values were generated; either decrease \
                         the difference between start and end or use a smaller step"
                    )));
                }
                let next = n.add(&step).ok_or_else(|| {
                    FunctionError::failed("can't compute sum of opposing infinities")
                })?;
                values.push(Value::number(std::mem::replace(&mut n, next)));
            }
            list(&Type::Number, values)
        })
        .build()
}

fn slice() -> Function {
    Function::builder()
        .result_not_null()
        .description("Extracts a subslice of the given list or tuple value.")
        .param(Parameter::new("list", Type::Dynamic))
        .param(Parameter::new("start_index", Type::Number))
        .param(Parameter::new("end_index", Type::Number))
        .returns_with(|args| {
            let [list_value, start, end] = args else {
                return Err(FunctionError::failed("slice takes three arguments"));
            };
            let ty = list_value.ty();
            if ty.is_set() {
                return Err(FunctionError::arg(
                    0,
                    "cannot slice a set, because its elements do not have indices; explicitly \
                     convert to a list if the ordering of the result is not important",
                ));
            }
            if !ty.is_list() && !ty.is_tuple() {
                return Err(FunctionError::arg(0, "must be a list or tuple value"));
            }
            let bounds = slice_bounds(list_value, start, end)?;
            if ty.is_list() {
                return Ok(ty.clone());
            }
            let Some((start, end)) = bounds else {
                return Ok(Type::Dynamic);
            };
            let etys = ty.tuple_element_types().unwrap_or_default();
            Ok(Type::tuple(
                etys.get(start..end).unwrap_or_default().to_vec(),
            ))
        })
        .implementation(|args, ret| {
            let [list_value, start, end] = args else {
                return Err(FunctionError::failed("slice takes three arguments"));
            };
            if ret.is_dynamic() {
                return Ok(Value::dynamic());
            }
            let (start, end) = slice_bounds(list_value, start, end)?
                .ok_or_else(|| FunctionError::failed("the indexes must be known"))?;
            let elements = list_value
                .elements()
                .and_then(|e| e.get(start..end))
                .unwrap_or_default()
                .to_vec();
            if ret.is_tuple() {
                Ok(Value::tuple(elements))
            } else {
                list(&element_type(ret), elements)
            }
        })
        .build()
}

/// The start and end indexes, checked against each other and the length
/// where known; `None` when either index is unknown.
fn slice_bounds(
    list_value: &Value,
    start: &Value,
    end: &Value,
) -> Result<Option<(usize, usize)>, FunctionError> {
    let length = if list_value.ty().is_tuple() {
        list_value.ty().tuple_element_types().map(<[Type]>::len)
    } else if list_value.is_known() {
        list_value.length()
    } else {
        None
    };
    let check = |v: &Value, index: usize, which: &str| -> Result<Option<usize>, FunctionError> {
        if !v.is_known() {
            return Ok(None);
        }
        let i = to_int(v)
            .map_err(|e| FunctionError::arg(index, format!("invalid {which} index: {e}")))?;
        let i = usize::try_from(i).map_err(|_| {
            FunctionError::arg(index, format!("{which} index must not be less than zero"))
        })?;
        if length.is_some_and(|len| i > len) {
            return Err(FunctionError::arg(
                index,
                format!("{which} index must not be greater than the length of the list"),
            ));
        }
        Ok(Some(i))
    };
    let start = check(start, 1, "start")?;
    let end = check(end, 2, "end")?;
    match (start, end) {
        (Some(s), Some(e)) if s > e => Err(FunctionError::arg(
            1,
            "start index must not be greater than end index",
        )),
        (Some(s), Some(e)) => Ok(Some((s, e))),
        _ => Ok(None),
    }
}
