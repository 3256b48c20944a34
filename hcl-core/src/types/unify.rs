//! Unification: finding one type that several types all convert to.

use std::collections::HashMap;

use super::convert::{conversion, Conversion};
use super::extended::unify::unify_extended;
use super::Type;
use crate::value::Value;

/// The unified type and, per given type, the conversion it needs (`None`
/// for a type that needs none).
type Unified = (Type, Vec<Option<Conversion>>);

/// Finds the most general type that all `types` convert to safely, as the
/// reference's `Unify`, with the conversion each given type needs (`None`
/// where none is needed). `None` when there is no such type, or no types.
///
/// Preferences: `string` over `number` and `bool`; a list over a set and
/// over a tuple; a map over an object. Lists, sets and maps unify their
/// element types; objects with the same attribute names unify attribute by
/// attribute, otherwise all attribute types unify into a map's element
/// type; tuples of one length unify element by element, otherwise into a
/// list. The dynamic pseudo-type yields to any other type, except that
/// mixed with collections or structural types it makes the result dynamic
/// (with conversions that give the dynamic value).
///
/// When an extended type is among `types`, the extension's rules apply,
/// pair by pair: `int` with `number` is `number` and with `string` is
/// `string`; unions unify member by member; a promise with an output is an
/// output, two promises a promise, two outputs an output (of the unified
/// element types); `none` with `T` is `optional(T)`.
///
/// # Examples
///
/// ```
/// use hcl_core::types::{unify, Type};
/// use hcl_core::value::Value;
///
/// let (ty, convs) = unify(&[Type::Number, Type::String]).unwrap();
/// assert_eq!(ty, Type::String);
/// assert_eq!(convs[0].as_ref().unwrap().apply(&Value::from(5)).unwrap(), Value::from("5"));
/// assert!(convs[1].is_none());
///
/// let a = Type::object([("x", Type::Number)]);
/// let b = Type::object([("y", Type::String)]);
/// assert_eq!(unify(&[a, b]).unwrap().0, Type::map(Type::String));
/// assert!(unify(&[Type::Bool, Type::Number]).is_none());
///
/// assert_eq!(unify(&[Type::Int, Type::Number]).unwrap().0, Type::Number);
/// let id = Type::output(Type::String);
/// assert_eq!(unify(&[Type::promise(Type::Int), id.clone()]).unwrap().0, id);
/// assert_eq!(unify(&[Type::String, Type::None]).unwrap().0, Type::optional(Type::String));
/// ```
pub fn unify(types: &[Type]) -> Option<(Type, Vec<Option<Conversion>>)> {
    unify_impl(types, false)
}

/// Like [`unify`], but may use unsafe conversions where no safe one exists
/// (e.g. to a concrete type from the dynamic pseudo-type, as a
/// conditional expression's results are unified).
///
/// # Examples
///
/// ```
/// use hcl_core::types::{unify, unify_unsafe, Type};
///
/// assert_eq!(unify(&[Type::String, Type::Dynamic]).unwrap().0, Type::Dynamic);
/// assert_eq!(unify_unsafe(&[Type::String, Type::Dynamic]).unwrap().0, Type::String);
/// ```
pub fn unify_unsafe(types: &[Type]) -> Option<(Type, Vec<Option<Conversion>>)> {
    unify_impl(types, true)
}

/// The unified type alone.
pub(crate) fn unify_types(types: &[Type], unsafe_: bool) -> Option<Type> {
    unify_impl(types, unsafe_).map(|(t, _)| t)
}

fn unify_impl(types: &[Type], unsafe_: bool) -> Option<Unified> {
    if types.is_empty() {
        return None;
    }
    if types.iter().any(Type::is_extended) {
        return unify_extended(types, unsafe_);
    }
    let count = |f: fn(&Type) -> bool| types.iter().filter(|t| f(t)).count();
    let (maps, lists, sets) = (
        count(Type::is_map),
        count(Type::is_list),
        count(Type::is_set),
    );
    let (objects, tuples, dynamics) = (
        count(Type::is_object),
        count(Type::is_tuple),
        count(Type::is_dynamic),
    );
    let n = types.len();
    let has_dynamic = dynamics > 0;
    if maps > 0 && maps + dynamics == n {
        return collection_types(Type::map, types, unsafe_, has_dynamic);
    } else if maps > 0 && maps + objects + dynamics == n {
        // Objects are often maps in disguise.
        if let Some(r @ (Type::Map(_), _)) = structural_as_collection(types, unsafe_, true) {
            return Some(r);
        }
    } else if lists > 0 && lists + dynamics == n {
        return collection_types(Type::list, types, unsafe_, has_dynamic);
    } else if lists > 0 && lists + tuples + dynamics == n {
        // Tuples are often lists in disguise.
        if let Some(r @ (Type::List(_), _)) = structural_as_collection(types, unsafe_, false) {
            return Some(r);
        }
    } else if sets > 0 && sets + dynamics == n {
        return collection_types(Type::set, types, unsafe_, has_dynamic);
    } else if objects > 0 && objects + dynamics == n {
        return object_types(types, unsafe_, has_dynamic);
    } else if tuples > 0 && tuples + dynamics == n {
        return tuple_types(types, unsafe_, has_dynamic);
    } else if objects > 0 && tuples > 0 {
        return None;
    }
    by_preference(types, unsafe_)
}

/// The first type in preference order that all the others convert to.
///
/// Equal types are handled once: the preference order and the conversions
/// are worked out per distinct type, so unifying many elements of a few
/// types takes time linear in the number of elements.
fn by_preference(types: &[Type], unsafe_: bool) -> Option<Unified> {
    let (distinct, ids) = distinct_types(types);
    'preferences: for want in sort_types(&distinct, &ids) {
        let Some(&want_ty) = distinct.get(want) else {
            continue;
        };
        let mut convs = Vec::with_capacity(distinct.len());
        for (d, ty) in distinct.iter().enumerate() {
            if d == want {
                convs.push(None);
                continue;
            }
            match conversion(ty, want_ty, unsafe_) {
                Some(c) => convs.push(Some(c)),
                None => continue 'preferences,
            }
        }
        let per_type = ids
            .iter()
            .map(|&d| convs.get(d).cloned().flatten())
            .collect();
        return Some((want_ty.clone(), per_type));
    }
    None
}

/// The distinct types among `types`, in order of first appearance, and the
/// index among them of each given type.
pub(super) fn distinct_types(types: &[Type]) -> (Vec<&Type>, Vec<usize>) {
    let mut seen: HashMap<&Type, usize> = HashMap::new();
    let mut distinct = Vec::new();
    let ids = types
        .iter()
        .map(|t| {
            *seen.entry(t).or_insert_with(|| {
                distinct.push(t);
                distinct.len() - 1
            })
        })
        .collect();
    (distinct, ids)
}

/// Conversions of each type to `target`; `None` if one is impossible.
fn conversions_to(types: &[Type], target: &Type, unsafe_: bool) -> Option<Vec<Option<Conversion>>> {
    types
        .iter()
        .map(|t| {
            if t == target {
                Some(None)
            } else {
                conversion(t, target, unsafe_).map(Some)
            }
        })
        .collect()
}

fn all_as_dynamic(types: &[Type]) -> Option<Unified> {
    let conv = Conversion::new(|_, _| Ok(Value::dynamic()));
    Some((Type::Dynamic, vec![Some(conv); types.len()]))
}

fn collection_types(
    make: fn(Type) -> Type,
    types: &[Type],
    unsafe_: bool,
    has_dynamic: bool,
) -> Option<Unified> {
    if has_dynamic {
        return all_as_dynamic(types);
    }
    let etys: Vec<Type> = types
        .iter()
        .map(|t| t.element_type().cloned().unwrap_or(Type::Dynamic))
        .collect();
    let target = make(unify_types(&etys, unsafe_)?);
    let convs = conversions_to(types, &target, unsafe_)?;
    Some((target, convs))
}

fn object_types(types: &[Type], unsafe_: bool, has_dynamic: bool) -> Option<Unified> {
    if has_dynamic {
        return all_as_dynamic(types);
    }
    let first = types.first()?.attrs_or_empty();
    let same_names = types.iter().skip(1).all(|t| {
        let attrs = t.attrs_or_empty();
        attrs.len() == first.len() && attrs.keys().all(|k| first.contains_key(k))
    });
    if !same_names {
        return objects_to_map(types, unsafe_);
    }
    let mut attrs = Vec::with_capacity(first.len());
    for name in first.keys() {
        let across: Vec<Type> = types
            .iter()
            .map(|t| {
                t.attrs_or_empty()
                    .get(name)
                    .cloned()
                    .unwrap_or(Type::Dynamic)
            })
            .collect();
        attrs.push((name.clone(), unify_types(&across, unsafe_)?));
    }
    let target = Type::object(attrs);
    match conversions_to(types, &target, unsafe_) {
        Some(convs) => Some((target, convs)),
        None => objects_to_map(types, unsafe_),
    }
}

fn objects_to_map(types: &[Type], unsafe_: bool) -> Option<Unified> {
    let atys: Vec<Type> = types
        .iter()
        .flat_map(|t| t.attrs_or_empty().values().cloned())
        .collect();
    let target = Type::map(unify_types(&atys, unsafe_)?);
    let convs = conversions_to(types, &target, unsafe_)?;
    Some((target, convs))
}

fn tuple_types(types: &[Type], unsafe_: bool, has_dynamic: bool) -> Option<Unified> {
    if has_dynamic {
        return all_as_dynamic(types);
    }
    let first = types.first()?.elems_or_empty();
    if types
        .iter()
        .skip(1)
        .any(|t| t.elems_or_empty().len() != first.len())
    {
        return tuples_to_list(types, unsafe_);
    }
    let mut etys = Vec::with_capacity(first.len());
    for idx in 0..first.len() {
        let across: Vec<Type> = types
            .iter()
            .map(|t| {
                t.elems_or_empty()
                    .get(idx)
                    .cloned()
                    .unwrap_or(Type::Dynamic)
            })
            .collect();
        etys.push(unify_types(&across, unsafe_)?);
    }
    let target = Type::tuple(etys);
    match conversions_to(types, &target, unsafe_) {
        Some(convs) => Some((target, convs)),
        None => tuples_to_list(types, unsafe_),
    }
}

fn tuples_to_list(types: &[Type], unsafe_: bool) -> Option<Unified> {
    let etys: Vec<Type> = types
        .iter()
        .flat_map(|t| t.elems_or_empty().iter().cloned())
        .collect();
    let target = Type::list(unify_types(&etys, unsafe_)?);
    let convs = conversions_to(types, &target, unsafe_)?;
    Some((target, convs))
}

/// Unifies the objects (`maps`) or tuples (otherwise) among `types` into a
/// map or list first, then everything with that in their place.
fn structural_as_collection(types: &[Type], unsafe_: bool, maps: bool) -> Option<Unified> {
    let is_structural = |t: &Type| if maps { t.is_object() } else { t.is_tuple() };
    let (idxs, structs): (Vec<usize>, Vec<Type>) = types
        .iter()
        .enumerate()
        .filter(|(_, t)| is_structural(t))
        .map(|(i, t)| (i, t.clone()))
        .unzip();
    let (coll, struct_convs) = if maps {
        objects_to_map(&structs, unsafe_)?
    } else {
        tuples_to_list(&structs, unsafe_)?
    };
    let replaced: Vec<Type> = types
        .iter()
        .map(|t| {
            if is_structural(t) {
                coll.clone()
            } else {
                t.clone()
            }
        })
        .collect();
    let (target, mut convs) = unify_impl(&replaced, unsafe_)?;
    let is_wanted = if maps {
        target.is_map()
    } else {
        target.is_list()
    };
    if !is_wanted {
        return None;
    }
    for (idx, struct_conv) in idxs.into_iter().zip(struct_convs) {
        let Some(slot) = convs.get_mut(idx) else {
            continue;
        };
        *slot = match (slot.take(), struct_conv) {
            (None, sc) => sc,
            (Some(coll_conv), sc) => Some(Conversion::new(move |v, _| {
                // As the reference does: the structural conversion is
                // checked, then the collection conversion is applied to the
                // original value.
                if let Some(sc) = &sc {
                    sc.apply(v)?;
                }
                coll_conv.apply(v)
            })),
        };
    }
    Some((target, convs))
}

/// The distinct types (indexes into `distinct`) in the order the
/// reference tries them as the unified type: the order in which they first
/// appear in its topological sort of all the given types (`ids` maps each
/// given type to its distinct type) by the "more general than" relation,
/// which keeps input order where undecided.
///
/// The reference sorts the given types themselves, comparing every pair:
/// quadratic in their number. Equal types compare alike with every other
/// type and never with each other, so they always have the same number of
/// unprocessed predecessors: this simulates that sort with one counter per
/// distinct type, releasing all the types of a type at once, in input
/// order, exactly as the reference's sort releases them one by one.
fn sort_types(distinct: &[&Type], ids: &[usize]) -> Vec<usize> {
    let k = distinct.len();
    let mut members: Vec<Vec<usize>> = vec![Vec::new(); k];
    for (i, &d) in ids.iter().enumerate() {
        if let Some(m) = members.get_mut(d) {
            m.push(i);
        }
    }
    // Successors by distinct type, and the common in-degree of the types
    // of each distinct type (an edge from every type of the predecessor).
    let mut successors: Vec<Vec<usize>> = vec![Vec::new(); k];
    let mut in_degree = vec![0usize; k];
    for (a, ta) in distinct.iter().enumerate() {
        for (b, tb) in distinct.iter().enumerate().skip(a + 1) {
            let (from, to) = match compare_types(ta, tb) {
                c if c < 0 => (a, b),
                c if c > 0 => (b, a),
                _ => continue,
            };
            if let Some(s) = successors.get_mut(from) {
                s.push(to);
            }
            let weight = members.get(from).map_or(0, Vec::len);
            if let Some(d) = in_degree.get_mut(to) {
                *d += weight;
            }
        }
    }
    let mut queue: std::collections::VecDeque<usize> = ids
        .iter()
        .enumerate()
        .filter(|&(_, &d)| in_degree.get(d) == Some(&0))
        .map(|(i, _)| i)
        .collect();
    let mut order = Vec::new();
    let mut emitted = vec![false; k];
    let mut processed = 0;
    let mut released = Vec::new();
    while let Some(i) = queue.pop_front() {
        processed += 1;
        let Some(&t) = ids.get(i) else { continue };
        if let Some(e) = emitted.get_mut(t) {
            if !*e {
                *e = true;
                order.push(t);
            }
        }
        released.clear();
        for &v in successors.get(t).map(Vec::as_slice).unwrap_or_default() {
            if let Some(d) = in_degree.get_mut(v) {
                *d -= 1;
                if *d == 0 {
                    released.push(v);
                }
            }
        }
        // The reference releases the types of this type's successors in
        // input order.
        let start = queue.len();
        for &v in &released {
            queue.extend(members.get(v).map(Vec::as_slice).unwrap_or_default());
        }
        if released.len() > 1 {
            queue
                .make_contiguous()
                .get_mut(start..)
                .unwrap_or_default()
                .sort_unstable();
        }
    }
    // Types on a cycle never reach in-degree zero; the reference leaves
    // their slots as index 0, so the first type is tried once more.
    if processed < ids.len() {
        if let Some(&first) = ids.first() {
            if !emitted.get(first).copied().unwrap_or(true) {
                order.push(first);
            }
        }
    }
    order
}

/// The reference's sort of all the given types, pair by pair, to check
/// [`sort_types`] against.
#[cfg(test)]
pub(super) fn sort_types_quadratic(types: &[Type]) -> Vec<usize> {
    let n = types.len();
    let mut edges: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut in_degree = vec![0usize; n];
    for (i, a) in types.iter().enumerate() {
        for (j, b) in types.iter().enumerate().skip(i + 1) {
            let (from, to) = match compare_types(a, b) {
                c if c < 0 => (i, j),
                c if c > 0 => (j, i),
                _ => continue,
            };
            if let Some(e) = edges.get_mut(from) {
                e.push(to);
            }
            if let Some(d) = in_degree.get_mut(to) {
                *d += 1;
            }
        }
    }
    let mut result: Vec<usize> = (0..n).filter(|&i| in_degree.get(i) == Some(&0)).collect();
    let mut head = 0;
    while let Some(&i) = result.get(head) {
        head += 1;
        for &j in edges.get(i).map(Vec::as_slice).unwrap_or_default() {
            if let Some(d) = in_degree.get_mut(j) {
                *d -= 1;
                if *d == 0 {
                    result.push(j);
                }
            }
        }
    }
    result.resize(n, 0);
    result
}

/// The distinct types in the order [`sort_types`] gives, as types, for
/// tests.
#[cfg(test)]
pub(super) fn preference_order(types: &[Type]) -> Vec<Type> {
    let (distinct, ids) = distinct_types(types);
    sort_types(&distinct, &ids)
        .into_iter()
        .filter_map(|d| distinct.get(d).map(|t| (*t).clone()))
        .collect()
}

/// Negative when `a` is preferred (more general), positive when `b` is,
/// zero when undecided.
fn compare_types(a: &Type, b: &Type) -> i32 {
    if a.is_dynamic() || b.is_dynamic() {
        return match (a.is_dynamic(), b.is_dynamic()) {
            (false, _) => -1,
            (_, false) => 1,
            _ => 0,
        };
    }
    if a.is_primitive() && b.is_primitive() && (a == &Type::String || b == &Type::String) {
        return match (a == &Type::String, b == &Type::String) {
            (false, _) => 1,
            (_, false) => -1,
            _ => 0,
        };
    }
    match (a, b) {
        (Type::List(x), Type::List(y))
        | (Type::Set(x), Type::Set(y))
        | (Type::Map(x), Type::Map(y)) => return compare_types(x, y),
        _ => {}
    }
    let swapped = matches!(
        (a, b),
        (Type::Tuple(_), Type::List(_))
            | (Type::Object(_), Type::Map(_))
            | (Type::Set(_), Type::Tuple(_))
            | (Type::Set(_), Type::List(_))
    );
    let (a, b, swap) = if swapped { (b, a, -1) } else { (a, b, 1) };
    if b.is_set() && (a.is_tuple() || a.is_list()) {
        return -swap;
    }
    if (a.is_list() && b.is_tuple()) || (a.is_map() && b.is_object()) {
        return -swap;
    }
    let cmps: Vec<i32> = match (a, b) {
        (Type::Object(x), Type::Object(y)) => {
            if x.len() != y.len() {
                return 0;
            }
            let mut cmps = Vec::with_capacity(x.len());
            for (k, xt) in x.iter() {
                let Some(yt) = y.get(k) else {
                    return 0;
                };
                cmps.push(compare_types(xt, yt));
            }
            cmps
        }
        (Type::Tuple(x), Type::Tuple(y)) => {
            if x.len() != y.len() {
                return 0;
            }
            x.iter()
                .zip(y.iter())
                .map(|(p, q)| compare_types(p, q))
                .collect()
        }
        _ => return 0,
    };
    let a_super = cmps.iter().any(|&c| c < 0);
    let b_super = cmps.iter().any(|&c| c > 0);
    match (a_super, b_super) {
        (true, false) => -swap,
        (false, true) => swap,
        _ => 0,
    }
}
