//! Conversions of collections and structural values: the rules behind
//! list, set, map, tuple and object conversions.

use std::collections::BTreeMap;

use super::convert::{conversion, error_at, with_step, Conversion, ConvertError, PathStep};
use super::extended::convert::admits_none;
use super::unify::unify_types;
use super::Type;
use crate::value::{go_quote, Number, Value};

fn index(i: usize) -> PathStep {
    PathStep::Index(Value::number(Number::from_u64(i as u64)))
}

/// Whether all element types other than the dynamic pseudo-type agree, as
/// needed to build a collection of them.
fn can_collect<'a>(types: impl Iterator<Item = &'a Type>) -> bool {
    let mut first: Option<&Type> = None;
    for t in types.filter(|t| !t.is_dynamic()) {
        match first {
            None => first = Some(t),
            Some(f) if f != t => return false,
            Some(_) => {}
        }
    }
    true
}

fn built(
    r: Result<Value, crate::value::ValueError>,
    path: &[PathStep],
) -> Result<Value, ConvertError> {
    r.map_err(|e| error_at(path, e.to_string()))
}

/// Runs the optional element conversion at `step`.
fn convert_element(
    conv: Option<&Conversion>,
    v: Value,
    path: &mut Vec<PathStep>,
    step: PathStep,
) -> Result<Value, ConvertError> {
    match conv {
        Some(c) => with_step(path, step, |p| c.run(&v, p)),
        None => Ok(v),
    }
}

/// The element type of a collection value's type, or the dynamic
/// pseudo-type for anything else.
fn own_element_type(v: &Value) -> Type {
    v.ty().element_type().cloned().unwrap_or(Type::Dynamic)
}

/// Each element of an iterable value, converted.
fn convert_elements(
    v: &Value,
    conv: Option<&Conversion>,
    path: &mut Vec<PathStep>,
) -> Result<Vec<Value>, ConvertError> {
    let mut elems = Vec::new();
    for (i, (_, e)) in v
        .element_pairs()
        .unwrap_or_default()
        .into_iter()
        .enumerate()
    {
        elems.push(convert_element(conv, e, path, index(i))?);
    }
    Ok(elems)
}

/// The element type of an empty result: the wanted one, or the source's
/// own when any type was wanted.
fn empty_element_type(ety: &Type, v: &Value) -> Type {
    if ety.is_dynamic() {
        own_element_type(v)
    } else {
        ety.clone()
    }
}

/// List or set (or anything iterable) to a list of `ety`.
pub(super) fn collection_to_list(ety: Type, conv: Option<Conversion>) -> Conversion {
    Conversion::new(move |v, path| {
        if v.length_value().is_some_and(|l| !l.is_known()) {
            // A set holding unknowns has an unknown length.
            return Ok(Value::unknown(Type::list(own_element_type(v))));
        }
        let elems = convert_elements(v, conv.as_ref(), path)?;
        if elems.is_empty() {
            return built(Value::list(empty_element_type(&ety, v), elems), path);
        }
        if !can_collect(elems.iter().map(Value::ty)) {
            return Err(error_at(
                path,
                "element types must all match for conversion to list",
            ));
        }
        built(Value::list_infer(elems), path)
    })
}

/// List or set (or anything iterable) to a set of `ety`.
pub(super) fn collection_to_set(ety: Type, conv: Option<Conversion>) -> Conversion {
    Conversion::new(move |v, path| {
        let elems = convert_elements(v, conv.as_ref(), path)?;
        if elems.is_empty() {
            return built(Value::set(empty_element_type(&ety, v), elems), path);
        }
        if !can_collect(elems.iter().map(Value::ty)) {
            return Err(error_at(
                path,
                "element types must all match for conversion to set",
            ));
        }
        built(Value::set_infer(elems), path)
    })
}

/// Map (or anything with keys) to a map of `ety`.
pub(super) fn collection_to_map(ety: Type, conv: Option<Conversion>) -> Conversion {
    Conversion::new(move |v, path| {
        let mut elems = BTreeMap::new();
        for (key, e) in v.element_pairs().unwrap_or_default() {
            let name = match (key.as_str(), key.as_number()) {
                (Some(s), _) => s.to_owned(),
                (_, Some(n)) => match super::convert::number_text(n) {
                    Ok(text) => text,
                    Err(msg) => {
                        return Err(with_step(path, PathStep::Index(key), |p| error_at(p, msg)))
                    }
                },
                _ => {
                    let msg = format!(
                        "cannot convert key type {} to string for map",
                        key.ty().friendly_name()
                    );
                    return Err(with_step(path, PathStep::Index(key), |p| error_at(p, msg)));
                }
            };
            let e = convert_element(conv.as_ref(), e, path, PathStep::Index(key))?;
            elems.insert(name, e);
        }
        if elems.is_empty() {
            let t = if ety.is_dynamic() {
                own_element_type(v)
            } else {
                ety.clone()
            };
            return built(Value::map(t, elems), path);
        }
        if ety.is_collection() || ety.is_object() {
            elems = unify_map_elements(elems, path, false)?;
        }
        if !can_collect(elems.values().map(Value::ty)) {
            return Err(error_at(
                path,
                "element types must all match for conversion to map",
            ));
        }
        built(Value::map_infer(elems), path)
    })
}

/// The element conversions for tuple element types (or object attribute
/// types) to `ety`: `None` where the types are identical.
fn element_conversions<'a>(
    types: impl Iterator<Item = &'a Type>,
    ety: &Type,
    unsafe_: bool,
) -> Option<Vec<Option<Conversion>>> {
    types
        .map(|t| {
            if t == ety {
                Some(None)
            } else {
                conversion(t, ety, unsafe_).map(Some)
            }
        })
        .collect()
}

/// The element type for a tuple or object converted to a collection of
/// `ety`: `ety` itself, or, when that is the dynamic pseudo-type, the
/// unification of the given types.
fn target_element_type(types: &[Type], ety: &Type, unsafe_: bool, strict: bool) -> Option<Type> {
    if !ety.is_dynamic() {
        return Some(ety.clone());
    }
    let unified = unify_types(types, unsafe_)?;
    if strict && unified.is_dynamic() && types.iter().any(|t| !t.is_dynamic()) {
        return None;
    }
    Some(unified)
}

fn run_tuple_elements(
    v: &Value,
    convs: &[Option<Conversion>],
    path: &mut Vec<PathStep>,
) -> Result<Vec<Value>, ConvertError> {
    let mut elems = Vec::new();
    for (i, (_, e)) in v
        .element_pairs()
        .unwrap_or_default()
        .into_iter()
        .enumerate()
    {
        let conv = match convs.get(i) {
            Some(c) => c.as_ref(),
            None => return Err(error_at(path, "tuple has too many elements")),
        };
        elems.push(convert_element(conv, e, path, index(i))?);
    }
    Ok(elems)
}

/// Tuple to a list of `list_ety` (unifying the element types when that is
/// the dynamic pseudo-type).
pub(super) fn tuple_to_list(tuple: &Type, list_ety: &Type, unsafe_: bool) -> Option<Conversion> {
    let etys = tuple.elems_or_empty();
    if etys.is_empty() {
        let t = list_ety.clone();
        return Some(Conversion::new(move |_, path| {
            built(Value::list(t.clone(), Vec::new()), path)
        }));
    }
    let ety = target_element_type(etys, list_ety, unsafe_, true)?;
    let convs = element_conversions(etys.iter(), &ety, unsafe_)?;
    Some(Conversion::new(move |v, path| {
        let elems = run_tuple_elements(v, &convs, path)?;
        // The reference unifies at the position of the last element.
        let last = index(elems.len().saturating_sub(1));
        let elems = with_step(path, last, |p| unify_list_elements(elems, p, unsafe_))?;
        if !can_collect(elems.iter().map(Value::ty)) {
            return Err(error_at(
                path,
                "element types must all match for conversion to list",
            ));
        }
        built(Value::list_infer(elems), path)
    }))
}

/// Tuple to a set of `set_ety` (unifying the element types when that is
/// the dynamic pseudo-type).
pub(super) fn tuple_to_set(tuple: &Type, set_ety: &Type, unsafe_: bool) -> Option<Conversion> {
    let etys = tuple.elems_or_empty();
    if etys.is_empty() {
        let t = set_ety.clone();
        return Some(Conversion::new(move |_, path| {
            built(Value::set(t.clone(), Vec::new()), path)
        }));
    }
    let ety = target_element_type(etys, set_ety, unsafe_, true)?;
    let convs = element_conversions(etys.iter(), &ety, unsafe_)?;
    Some(Conversion::new(move |v, path| {
        let elems = run_tuple_elements(v, &convs, path)?;
        if !can_collect(elems.iter().map(Value::ty)) {
            return Err(error_at(
                path,
                "element types must all match for conversion to set",
            ));
        }
        built(Value::set_infer(elems), path)
    }))
}

/// Object to a map of `map_ety` (unifying the attribute types when that is
/// the dynamic pseudo-type).
pub(super) fn object_to_map(object: &Type, map_ety: &Type, unsafe_: bool) -> Option<Conversion> {
    let attrs = object.attrs_or_empty();
    if attrs.is_empty() {
        let t = map_ety.clone();
        return Some(Conversion::new(move |_, path| {
            built(Value::map(t.clone(), Vec::<(String, Value)>::new()), path)
        }));
    }
    let atys: Vec<Type> = attrs.values().cloned().collect();
    let ety = target_element_type(&atys, map_ety, unsafe_, false)?;
    let convs: BTreeMap<String, Option<Conversion>> = attrs
        .keys()
        .cloned()
        .zip(element_conversions(atys.iter(), &ety, unsafe_)?)
        .collect();
    Some(Conversion::new(move |v, path| {
        let mut elems = BTreeMap::new();
        for (key, e) in v.element_pairs().unwrap_or_default() {
            let name = key.as_str().unwrap_or_default().to_owned();
            let conv = convs.get(&name).and_then(Option::as_ref);
            let e = convert_element(conv, e, path, PathStep::Index(key))?;
            elems.insert(name, e);
        }
        if ety.is_collection() || ety.is_object() {
            elems = unify_map_elements(elems, path, unsafe_)?;
        }
        if !can_collect(elems.values().map(Value::ty)) {
            return Err(error_at(
                path,
                "attribute types must all match for conversion to map",
            ));
        }
        built(Value::map_infer(elems), path)
    }))
}

/// Map to an object (unsafe: the map may lack attributes). An optional
/// attribute (one whose type takes `none`) the map lacks is null.
pub(super) fn map_to_object(map: &Type, object: &Type, unsafe_: bool) -> Option<Conversion> {
    let attrs = object.attrs_or_empty().clone();
    let map_ety = map.element_type().cloned().unwrap_or(Type::Dynamic);
    let convs: BTreeMap<String, Option<Conversion>> = attrs
        .keys()
        .cloned()
        .zip(element_conversions_from(&map_ety, attrs.values(), unsafe_)?)
        .collect();
    Some(Conversion::new(move |v, path| {
        let mut elems = BTreeMap::new();
        for (key, e) in v.element_pairs().unwrap_or_default() {
            let name = key.as_str().unwrap_or_default().to_owned();
            let Some(conv) = convs.get(&name) else {
                continue;
            };
            let e = convert_element(conv.as_ref(), e, path, PathStep::Index(key))?;
            elems.insert(name, e);
        }
        for (name, aty) in attrs.iter() {
            if elems.contains_key(name) {
                continue;
            }
            if !admits_none(aty) {
                return Err(error_at(
                    path,
                    format!(
                        "map has no element for required attribute {}",
                        go_quote(name)
                    ),
                ));
            }
            elems.insert(name.clone(), Value::null(aty.value_type()));
        }
        Ok(Value::object(elems))
    }))
}

/// Conversions from one type to each of the given types.
fn element_conversions_from<'a>(
    from: &Type,
    targets: impl Iterator<Item = &'a Type>,
    unsafe_: bool,
) -> Option<Vec<Option<Conversion>>> {
    targets
        .map(|t| {
            if t == from {
                Some(None)
            } else {
                conversion(from, t, unsafe_).map(Some)
            }
        })
        .collect()
}

/// Object to object: the wanted attributes must all be present and
/// convertible, except optional ones (whose type takes `none`), which are
/// null when absent; other attributes are dropped.
pub(super) fn object_to_object(from: &Type, to: &Type, unsafe_: bool) -> Option<Conversion> {
    let in_attrs = from.attrs_or_empty();
    let mut convs: BTreeMap<String, Option<Conversion>> = BTreeMap::new();
    let mut absent: Vec<(String, Type)> = Vec::new();
    for (name, out_aty) in to.attrs_or_empty() {
        let Some(in_aty) = in_attrs.get(name) else {
            if !admits_none(out_aty) {
                return None;
            }
            absent.push((name.clone(), out_aty.value_type()));
            continue;
        };
        let conv = if in_aty == out_aty {
            None
        } else {
            Some(conversion(in_aty, out_aty, unsafe_)?)
        };
        convs.insert(name.clone(), conv);
    }
    Some(Conversion::new(move |v, path| {
        let mut attrs = BTreeMap::new();
        for (key, e) in v.element_pairs().unwrap_or_default() {
            let name = key.as_str().unwrap_or_default().to_owned();
            let Some(conv) = convs.get(&name) else {
                continue;
            };
            let e = convert_element(conv.as_ref(), e, path, PathStep::GetAttr(name.clone()))?;
            attrs.insert(name, e);
        }
        for (name, ty) in &absent {
            attrs.insert(name.clone(), Value::null(ty.clone()));
        }
        Ok(Value::object(attrs))
    }))
}

/// Tuple to tuple of the same length, element by element.
pub(super) fn tuple_to_tuple(from: &Type, to: &Type, unsafe_: bool) -> Option<Conversion> {
    let (ietys, oetys) = (from.elems_or_empty(), to.elems_or_empty());
    if ietys.len() != oetys.len() {
        return None;
    }
    let convs: Vec<Option<Conversion>> = ietys
        .iter()
        .zip(oetys)
        .map(|(i, o)| {
            if i == o {
                Some(None)
            } else {
                conversion(i, o, unsafe_).map(Some)
            }
        })
        .collect::<Option<_>>()?;
    Some(Conversion::new(move |v, path| {
        Ok(Value::tuple(run_tuple_elements(v, &convs, path)?))
    }))
}

/// Converts all elements to their unified type.
fn unify_map_elements(
    elems: BTreeMap<String, Value>,
    path: &mut Vec<PathStep>,
    unsafe_: bool,
) -> Result<BTreeMap<String, Value>, ConvertError> {
    let types: Vec<Type> = elems.values().map(|v| v.ty().clone()).collect();
    let Some(unified) = unify_types(&types, unsafe_) else {
        return Err(error_at(
            path,
            "cannot find a common base type for all elements",
        ));
    };
    let mut out = BTreeMap::new();
    for (name, v) in elems {
        let step = PathStep::Index(Value::string(&name));
        let v = to_unified(v, &unified, path, step, unsafe_)?;
        out.insert(name, v);
    }
    Ok(out)
}

/// Converts all elements to their unified type.
fn unify_list_elements(
    elems: Vec<Value>,
    path: &mut Vec<PathStep>,
    unsafe_: bool,
) -> Result<Vec<Value>, ConvertError> {
    let types: Vec<Type> = elems.iter().map(|v| v.ty().clone()).collect();
    let Some(unified) = unify_types(&types, unsafe_) else {
        return Err(error_at(
            path,
            "cannot find a common base type for all elements",
        ));
    };
    elems
        .into_iter()
        .enumerate()
        .map(|(i, v)| to_unified(v, &unified, path, index(i), unsafe_))
        .collect()
}

fn to_unified(
    v: Value,
    unified: &Type,
    path: &mut Vec<PathStep>,
    step: PathStep,
    unsafe_: bool,
) -> Result<Value, ConvertError> {
    if v.ty() == unified {
        return Ok(v);
    }
    match conversion(v.ty(), unified, unsafe_) {
        Some(conv) => with_step(path, step, |p| conv.run(&v, p)),
        None => Err(error_at(
            path,
            "cannot find a common base type for all elements",
        )),
    }
}
