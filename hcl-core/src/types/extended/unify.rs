//! Unification of the extended types, pair by pair, on top of the base
//! model's unification.
//!
//! From `pulumi-model-extensions`: int unifies with number as number and
//! with string as string; two unions give the union of their members; a
//! union and another type give the union of that type unified with each
//! member; a promise and an output give an output, two promises a promise
//! and two outputs an output (the extension's text says "promise" for two
//! outputs, which its own previous sentence and Pulumi's code contradict:
//! the code is followed), each of the unified element types.
//!
//! Where the extension is silent: `none` and another type unify as the
//! optional of that type (Pulumi's code makes a union of two types that do
//! not convert either way; here only `none` does, since the base model
//! lets bool and number fail to unify); a union member that does not unify
//! with the other type stays in the union beside it; an eventual type and a
//! plain type unify as the eventual type of the element unified with the
//! plain type; `int` with any other base type fails, as number does.

use crate::types::convert::{conversion, Conversion};
use crate::types::unify::{distinct_types, unify_types};
use crate::types::Type;

/// The unified type and, per given type, the conversion it needs.
type Unified = (Type, Vec<Option<Conversion>>);

/// Unifies `types`, of which at least one is an extended kind, by folding
/// the distinct types pair by pair; then finds each type's conversion to
/// the result (none for the result itself).
pub(in crate::types) fn unify_extended(types: &[Type], unsafe_: bool) -> Option<Unified> {
    let (distinct, ids) = distinct_types(types);
    let mut rest = distinct.iter();
    let mut unified = (*rest.next()?).clone();
    for ty in rest {
        unified = unify_pair(&unified, ty, unsafe_)?;
    }
    let mut convs = Vec::with_capacity(distinct.len());
    for ty in &distinct {
        if **ty == unified {
            convs.push(None);
        } else {
            convs.push(Some(conversion(ty, &unified, unsafe_)?));
        }
    }
    let per_type = ids
        .iter()
        .map(|&d| convs.get(d).cloned().flatten())
        .collect();
    Some((unified, per_type))
}

/// The unification of two types, `None` when they do not unify.
pub(in crate::types) fn unify_pair(a: &Type, b: &Type, unsafe_: bool) -> Option<Type> {
    if a == b {
        return Some(a.clone());
    }
    match (a, b) {
        // As in the base model: a safe unification with the dynamic
        // pseudo-type is dynamic, an unsafe one is the other type.
        (Type::Dynamic, other) | (other, Type::Dynamic) => Some(if unsafe_ {
            other.clone()
        } else {
            Type::Dynamic
        }),
        (Type::Union(x), Type::Union(y)) => Some(Type::union(x.iter().chain(y.iter()).cloned())),
        (Type::Union(members), other) | (other, Type::Union(members)) => {
            let mut out = Vec::with_capacity(members.len() + 1);
            for member in members.iter() {
                match unify_pair(member, other, unsafe_) {
                    Some(u) => out.push(u),
                    None => {
                        out.push(member.clone());
                        out.push(other.clone());
                    }
                }
            }
            Some(Type::union(out))
        }
        (Type::None, other) | (other, Type::None) => Some(Type::optional(other.clone())),
        (Type::Promise(p), Type::Output(o)) | (Type::Output(o), Type::Promise(p)) => {
            Some(Type::output(unify_pair(o, p, unsafe_)?))
        }
        (Type::Promise(x), Type::Promise(y)) => Some(Type::promise(unify_pair(x, y, unsafe_)?)),
        (Type::Output(x), Type::Output(y)) => Some(Type::output(unify_pair(x, y, unsafe_)?)),
        (Type::Promise(e), other) | (other, Type::Promise(e)) => {
            Some(Type::promise(unify_pair(e, other, unsafe_)?))
        }
        (Type::Output(e), other) | (other, Type::Output(e)) => {
            Some(Type::output(unify_pair(e, other, unsafe_)?))
        }
        (Type::Int, Type::Number) | (Type::Number, Type::Int) => Some(Type::Number),
        (Type::Int, Type::String) | (Type::String, Type::Int) => Some(Type::String),
        (Type::Int, _) | (_, Type::Int) => None,
        _ => unify_types(&[a.clone(), b.clone()], unsafe_),
    }
}
