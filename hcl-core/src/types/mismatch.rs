//! English descriptions of why a type does not convert to another.

use super::convert::{conversion, conversion_safety};
use super::extended::convert::admits_none;
use super::Type;
use crate::value::go_quote;

/// Describes why a value of type `got` does not convert to type `want`,
/// worded as the reference words it. Meant for use after a conversion has
/// failed; the text is confusing when a conversion does exist.
///
/// Where several attributes or elements are wrong, the first by name or
/// position is described. An eventual value where a plain one is needed,
/// and a null where `none` is not allowed, say so.
///
/// # Examples
///
/// ```
/// use hcl_core::types::{mismatch_message, Type};
///
/// assert_eq!(mismatch_message(&Type::Bool, &Type::list(Type::Dynamic)), "list of any single type required");
/// let got = Type::object([("a", Type::String)]);
/// let want = Type::object([("a", Type::String), ("b", Type::Number)]);
/// assert_eq!(mismatch_message(&got, &want), "attribute \"b\" is required");
/// assert_eq!(
///     mismatch_message(&Type::list(Type::Bool), &Type::list(Type::Number)),
///     "incorrect list element type: number required"
/// );
/// assert_eq!(
///     mismatch_message(&Type::output(Type::String), &Type::String),
///     "string required, but the value has the eventual type output(string), known only later"
/// );
/// ```
pub fn mismatch_message(got: &Type, want: &Type) -> String {
    if got.is_extended() || want.is_extended() {
        return extended(got, want);
    }
    let dynamic_elem = want.element_type().is_some_and(Type::is_dynamic);
    match (got, want) {
        (Type::Object(_), Type::Object(_)) => objects(got, want),
        (Type::Tuple(_), Type::List(_)) if dynamic_elem => {
            "all list elements must have the same type".into()
        }
        (Type::Tuple(_), Type::Set(_)) if dynamic_elem => {
            "all set elements must have the same type".into()
        }
        (Type::Object(_), Type::Map(_)) if dynamic_elem => {
            "all map elements must have the same type".into()
        }
        (Type::Tuple(_) | Type::Object(_), _) if want.is_collection() => {
            collection_from_structural(got, want)
        }
        _ if got.is_collection() && want.is_collection() => collection_from_collection(got, want),
        _ => required(want),
    }
}

/// The messages of the extended types: what keeps an eventual value, a
/// null or a union from converting.
fn extended(got: &Type, want: &Type) -> String {
    if got.is_none() {
        return format!("{} required, but the value is null", constraint_name(want));
    }
    let (plain, eventual) = got.resolve_eventuals();
    if eventual.is_some() && !want.is_eventual() && conversion_safety(&plain, want).is_some() {
        return format!(
            "{} required, but the value has the eventual type {got}, known only later",
            constraint_name(want)
        );
    }
    match (got, want) {
        (Type::Promise(_) | Type::Output(_), Type::Promise(_) | Type::Output(_)) => required(want),
        (_, Type::Promise(u) | Type::Output(u)) => mismatch_message(&plain, u),
        (Type::Union(_), _) => format!(
            "{} required, and no type this value may have ({}) converts to it",
            constraint_name(want),
            got.pretty()
        ),
        _ => required(want),
    }
}

/// A type's name in "... required" messages: the type-expression notation
/// for the extended types, the friendly name for the others.
fn constraint_name(want: &Type) -> String {
    if want.has_extended_types() {
        want.to_string()
    } else {
        want.friendly_name_for_constraint()
    }
}

fn required(want: &Type) -> String {
    format!("{} required", constraint_name(want))
}

fn objects(got: &Type, want: &Type) -> String {
    let got_attrs = got.attrs_or_empty();
    let mut missing: Vec<&str> = Vec::new();
    let mut unsafe_mismatch: Option<String> = None;
    let mut safe_mismatch: Option<String> = None;
    for (name, want_aty) in want.attrs_or_empty() {
        let Some(got_aty) = got_attrs.get(name) else {
            if !admits_none(want_aty) {
                missing.push(name);
            }
            continue;
        };
        if got_aty == want_aty || unsafe_mismatch.is_some() {
            continue;
        }
        let describe = || {
            format!(
                "attribute {}: {}",
                go_quote(name),
                mismatch_message(got_aty, want_aty)
            )
        };
        if conversion(got_aty, want_aty, true).is_none() {
            unsafe_mismatch = Some(describe());
        }
        if safe_mismatch.is_none() && conversion(got_aty, want_aty, false).is_none() {
            safe_mismatch = Some(describe());
        }
    }
    match missing.as_slice() {
        [] => {}
        [one] => return format!("attribute {} is required", go_quote(one)),
        [a, b] => {
            return format!(
                "attributes {} and {} are required",
                go_quote(a),
                go_quote(b)
            )
        }
        [init @ .., last] => {
            let mut list = String::new();
            for name in init {
                list.push_str(&go_quote(name));
                list.push_str(", ");
            }
            return format!("attributes {list}and {} are required", go_quote(last));
        }
    }
    unsafe_mismatch
        .or(safe_mismatch)
        .unwrap_or_else(|| "incorrect object attributes".into())
}

fn collection_from_structural(got: &Type, want: &Type) -> String {
    let want_ety = match want {
        Type::List(e) | Type::Set(e) if got.is_tuple() => e,
        Type::Map(e) if got.is_object() => e,
        _ => return required(want),
    };
    let fallback = || {
        format!(
            "all elements must be {}",
            want_ety.friendly_name_for_constraint()
        )
    };
    match got {
        Type::Tuple(etys) => {
            for (i, ety) in etys.iter().enumerate() {
                if ety == &**want_ety || conversion(ety, want_ety, true).is_some() {
                    continue;
                }
                return format!("element {i}: {}", mismatch_message(ety, want_ety));
            }
            fallback()
        }
        Type::Object(attrs) => {
            for (name, aty) in attrs.iter() {
                if aty == &**want_ety || conversion(aty, want_ety, true).is_some() {
                    continue;
                }
                return format!(
                    "element {}: {}",
                    go_quote(name),
                    mismatch_message(aty, want_ety)
                );
            }
            fallback()
        }
        _ => required(want),
    }
}

fn collection_from_collection(got: &Type, want: &Type) -> String {
    let (noun, kinds_match) = match want {
        Type::List(_) => ("list element type", got.is_list() || got.is_set()),
        Type::Set(_) => ("set element type", got.is_list() || got.is_set()),
        _ => ("map element type", got.is_map()),
    };
    match (kinds_match, got.element_type(), want.element_type()) {
        (true, Some(g), Some(w)) => format!("incorrect {noun}: {}", mismatch_message(g, w)),
        _ => required(want),
    }
}
