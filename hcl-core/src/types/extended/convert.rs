//! Conversion rules of the extended types, on top of the base model's.
//!
//! From `pulumi-model-extensions`: int converts safely to string and number,
//! and from them unsafely; a type converts to a union when it converts to a
//! member (safely if safely to one); to `promise(U)` from `promise(V)` or
//! from a type that converts to `U`; to `output(U)` from `output(V)`,
//! `promise(V)` or a type that converts to `U`; `none` converts to `none`
//! alone (and to unions holding it, eventuals of it and the dynamic
//! pseudo-type). Where the extension is silent the rule follows Pulumi's
//! code: a union converts to a type safely when every member does, not at
//! all when none does, and unsafely otherwise; nothing converts from an
//! eventual type to a plain one.

use crate::types::convert::{
    conversion, dynamic_fixup, error_at, number_text, Conversion, ConvertError,
};
use crate::types::Type;
use crate::value::{Number, Value};

const WHOLE_NUMBER: &str = "a whole number is required";

/// The conversion from `from` to `to` when either is an extended kind (the
/// conversion to the dynamic pseudo-type has been dealt with).
pub(in crate::types) fn conversion_to_extended(
    from: &Type,
    to: &Type,
    unsafe_: bool,
) -> Option<Conversion> {
    if from == to {
        return Some(identity());
    }
    match (from, to) {
        (Type::Dynamic, _) => unsafe_.then(|| dynamic_fixup(to.clone())),
        (Type::Union(members), _) => from_union(members, to, unsafe_),
        (_, Type::Union(members)) => to_union(from, members, unsafe_),
        (Type::Promise(v), Type::Promise(u)) => to_element(v, u, unsafe_),
        (Type::Promise(v) | Type::Output(v), Type::Output(u)) => to_element(v, u, unsafe_),
        (_, Type::Promise(u) | Type::Output(u)) => to_element(from, u, unsafe_),
        (Type::Int, Type::Number) => Some(identity()),
        (Type::Int, Type::String) => Some(int_to_string()),
        (Type::Number, Type::Int) if unsafe_ => Some(number_to_int()),
        (Type::String, Type::Int) if unsafe_ => Some(string_to_int()),
        _ => None,
    }
}

/// Whether a null value converts to `ty` under the extended rules: `ty` is
/// `none`, a union holding it, or an eventual type of such a type.
pub(crate) fn admits_none(ty: &Type) -> bool {
    match ty {
        Type::None => true,
        Type::Union(members) => members.iter().any(admits_none),
        Type::Promise(e) | Type::Output(e) => admits_none(e),
        _ => false,
    }
}

fn identity() -> Conversion {
    Conversion::new(|v, _| Ok(v.clone()))
}

/// A conversion that needs none for identical types.
fn to_element(from: &Type, to: &Type, unsafe_: bool) -> Option<Conversion> {
    if from == to {
        return Some(identity());
    }
    conversion(from, to, unsafe_)
}

/// Safe when every member converts safely; unsafe when some member
/// converts, or some converts only unsafely; none when no member converts.
/// The value converts according to its own type.
fn from_union(members: &[Type], to: &Type, unsafe_: bool) -> Option<Conversion> {
    let mut all_safe = true;
    let mut any = false;
    for member in members {
        if member == to || conversion(member, to, false).is_some() {
            any = true;
        } else {
            all_safe = false;
            any |= conversion(member, to, true).is_some();
        }
    }
    if !any || (!all_safe && !unsafe_) {
        return None;
    }
    Some(dynamic_fixup(to.clone()))
}

/// The member a value converts to: one identical to its type, else the
/// first (in the union's order) it converts to safely, else, when unsafe
/// conversions are allowed, the first whose unsafe conversion succeeds for
/// the value.
fn to_union(from: &Type, members: &[Type], unsafe_: bool) -> Option<Conversion> {
    if members.contains(from) {
        return Some(identity());
    }
    let safe = members.iter().find_map(|m| conversion(from, m, false));
    if let Some(conv) = safe {
        return Some(conv);
    }
    if !unsafe_ {
        return None;
    }
    let candidates: Vec<Conversion> = members
        .iter()
        .filter_map(|m| conversion(from, m, true))
        .collect();
    if candidates.is_empty() {
        return None;
    }
    let want = Type::Union(std::sync::Arc::new(members.to_vec()));
    Some(Conversion::new(move |v, path| {
        let mut only: Option<ConvertError> = None;
        for conv in &candidates {
            match conv.run(v, path) {
                Ok(converted) => return Ok(converted),
                Err(err) => only = Some(err),
            }
        }
        match (candidates.len(), only) {
            (1, Some(err)) => Err(err),
            _ => Err(error_at(
                path,
                format!("{} required", want.friendly_name_for_constraint()),
            )),
        }
    }))
}

fn int_to_string() -> Conversion {
    Conversion::new(|v, path| match v.as_number() {
        Some(n) => number_text(n)
            .map(Value::string)
            .map_err(|e| error_at(path, e)),
        None => Err(error_at(path, WHOLE_NUMBER)),
    })
}

fn whole(n: &Number) -> bool {
    n.is_integer() && !n.is_infinite()
}

fn number_to_int() -> Conversion {
    Conversion::new(|v, path| match v.as_number() {
        Some(n) if whole(n) => Ok(v.clone()),
        _ => Err(error_at(path, WHOLE_NUMBER)),
    })
}

fn string_to_int() -> Conversion {
    Conversion::new(|v, path| {
        let parsed = v.as_str().and_then(Number::parse_str);
        match parsed {
            Some(n) if whole(&n) => Ok(Value::number(n)),
            _ => Err(error_at(path, WHOLE_NUMBER)),
        }
    })
}
