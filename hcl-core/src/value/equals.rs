//! The language's equality of values, and Rust's structural equality.

use std::hash::{Hash, Hasher};

use super::{Repr, Value};
use crate::types::Type;

impl Value {
    /// The language's `==`, as the reference's `Equals`: a known bool, or
    /// the unknown bool when the answer depends on unknown values.
    ///
    /// - any two nulls are equal, whatever their types; a null is not equal
    ///   to a non-null, nor to an unknown refined as not null;
    /// - an unknown operand makes the result unknown (and not null), except
    ///   that a known value outside the unknown's range (see
    ///   [`Value::range`]: of another type, or excluded by its
    ///   refinements), is certainly not equal;
    /// - values of different types are not equal (unknown when nested
    ///   dynamic types leave room for them to become equal);
    /// - lists, tuples, maps and objects are compared element by element in
    ///   order (maps and objects by key order): the first unknown comparison
    ///   makes the result unknown, the first false makes it false;
    /// - a set holding an unknown element compares unknown.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// use hcl_core::value::Value;
    ///
    /// assert_eq!(Value::from(1).equals(&Value::from(1)), Value::from(true));
    /// assert_eq!(Value::from(1).equals(&Value::from("1")), Value::from(false));
    /// assert_eq!(Value::null(Type::String).equals(&Value::null(Type::Number)), Value::from(true));
    /// let unknown = Value::dynamic().equals(&Value::from(1));
    /// assert_eq!(unknown, Value::unknown(Type::Bool).refine_not_null());
    /// // What refinements tell of an unknown may decide it.
    /// let s = Value::unknown(Type::String).refine().not_null().string_prefix("a-").build();
    /// assert_eq!(s.equals(&Value::null(Type::String)), Value::from(false));
    /// assert_eq!(s.equals(&Value::from("b-1")), Value::from(false));
    /// ```
    pub fn equals(&self, other: &Value) -> Value {
        match equals_inner(self, other) {
            Some(b) => Value::bool(b),
            None => Value::unknown(Type::Bool).refine_not_null(),
        }
    }

    /// Whether [`Value::equals`] is certainly true.
    pub(crate) fn equivalent(&self, other: &Value) -> bool {
        equals_inner(self, other) == Some(true)
    }

    /// Structural identity, as the reference's `RawEquals`: identical types,
    /// and identical values, where an unknown equals an unknown (of the same
    /// type, with the same refinements) and a null equals a null (of the
    /// same type). This is Rust's
    /// `==` on values.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// use hcl_core::value::Value;
    /// assert!(Value::unknown(Type::String).raw_equals(&Value::unknown(Type::String)));
    /// assert!(!Value::null(Type::String).raw_equals(&Value::null(Type::Number)));
    /// ```
    pub fn raw_equals(&self, other: &Value) -> bool {
        if self.ty() != other.ty() {
            return false;
        }
        match (&self.0, &other.0) {
            (Repr::Unknown(_), Repr::Unknown(_)) | (Repr::Null(_), Repr::Null(_)) => true,
            (Repr::Refined(a), Repr::Refined(b)) => a.refinement == b.refinement,
            (Repr::Bool(a), Repr::Bool(b)) => a == b,
            (Repr::Number(a), Repr::Number(b)) => a.equals(b),
            (Repr::String(a), Repr::String(b)) => a == b,
            (Repr::List(a), Repr::List(b))
            | (Repr::Set(a), Repr::Set(b))
            | (Repr::Tuple(a), Repr::Tuple(b)) => {
                a.elems.len() == b.elems.len()
                    && a.elems.iter().zip(&b.elems).all(|(x, y)| x.raw_equals(y))
            }
            (Repr::Map(a), Repr::Map(b)) | (Repr::Object(a), Repr::Object(b)) => {
                a.entries.len() == b.entries.len()
                    && a.entries
                        .iter()
                        .zip(&b.entries)
                        .all(|((ka, x), (kb, y))| ka == kb && x.raw_equals(y))
            }
            (Repr::Capsule(a), Repr::Capsule(b)) => match &a.ty {
                Type::Capsule(c) => c.payloads_equal(&a.payload, &b.payload),
                _ => false,
            },
            _ => false,
        }
    }
}

/// `Some(result)` when known, `None` when the result is unknown.
fn equals_inner(a: &Value, b: &Value) -> Option<bool> {
    if (a.is_null() && definitely_not_null(b)) || (b.is_null() && definitely_not_null(a)) {
        return Some(false);
    }
    let outside = |known: &Value, unknown: &Value| {
        known.is_known() && !unknown.is_known() && unknown.range().includes(known) == Some(false)
    };
    if outside(a, b) || outside(b, a) {
        return Some(false);
    }
    match (a.is_known(), b.is_known()) {
        (false, false) => return None,
        (true, false) => return unknown_vs_known(b, a),
        (false, true) => return unknown_vs_known(a, b),
        (true, true) => {}
    }
    match (a.is_null(), b.is_null()) {
        (true, true) => return Some(true),
        (true, false) | (false, true) => return Some(false),
        (false, false) => {}
    }
    if !a.has_wholly_known_type() || !b.has_wholly_known_type() {
        // Values that could never come to have the same type are unequal.
        if !a.ty().matches(b.ty()) && !b.ty().matches(a.ty()) {
            return Some(false);
        }
        return None;
    }
    if a.ty() != b.ty() {
        return Some(false);
    }
    match (&a.0, &b.0) {
        (Repr::Bool(x), Repr::Bool(y)) => Some(x == y),
        (Repr::Number(x), Repr::Number(y)) => Some(x.equals(y)),
        (Repr::String(x), Repr::String(y)) => Some(x == y),
        (Repr::List(x), Repr::List(y)) => {
            if x.elems.len() != y.elems.len() {
                return Some(false);
            }
            sequence_equals(x.elems.iter().zip(&y.elems))
        }
        (Repr::Tuple(x), Repr::Tuple(y)) => sequence_equals(x.elems.iter().zip(&y.elems)),
        (Repr::Object(x), Repr::Object(y)) => {
            sequence_equals(x.entries.iter().zip(&y.entries).map(|(p, q)| (&p.1, &q.1)))
        }
        (Repr::Map(x), Repr::Map(y)) => {
            if x.entries.len() != y.entries.len() {
                return Some(false);
            }
            for ((kx, vx), (ky, vy)) in x.entries.iter().zip(&y.entries) {
                if kx != ky {
                    return Some(false);
                }
                match equals_inner(vx, vy) {
                    None => return None,
                    Some(false) => return Some(false),
                    Some(true) => {}
                }
            }
            Some(true)
        }
        (Repr::Set(x), Repr::Set(y)) => {
            let mut equal = true;
            for (s1, s2) in [(&x.elems, &y.elems), (&y.elems, &x.elems)] {
                for e in s1.iter() {
                    if !e.is_known() {
                        return None;
                    }
                    if !s2.iter().any(|o| o.equivalent(e)) {
                        equal = false;
                    }
                }
            }
            Some(equal)
        }
        (Repr::Capsule(x), Repr::Capsule(y)) => match &x.ty {
            Type::Capsule(c) => Some(c.payloads_equal(&x.payload, &y.payload)),
            _ => Some(false),
        },
        _ => Some(false),
    }
}

/// Whether a value is a known non-null or an unknown refined as not null.
fn definitely_not_null(v: &Value) -> bool {
    if v.is_known() {
        !v.is_null()
    } else {
        v.range().definitely_not_null()
    }
}

/// One operand is unknown, the other known.
fn unknown_vs_known(unknown: &Value, known: &Value) -> Option<bool> {
    if known.is_null() || unknown.ty().has_dynamic_types() {
        None
    } else if known.ty() != unknown.ty() {
        Some(false)
    } else {
        None
    }
}

/// Pairwise comparison in order: the first unknown or false decides.
fn sequence_equals<'a>(pairs: impl Iterator<Item = (&'a Value, &'a Value)>) -> Option<bool> {
    for (x, y) in pairs {
        match equals_inner(x, y) {
            None => return None,
            Some(false) => return Some(false),
            Some(true) => {}
        }
    }
    Some(true)
}

impl PartialEq for Value {
    fn eq(&self, other: &Value) -> bool {
        self.raw_equals(other)
    }
}

impl Eq for Value {}

impl Hash for Value {
    fn hash<H: Hasher>(&self, state: &mut H) {
        std::mem::discriminant(&self.0).hash(state);
        match &self.0 {
            Repr::Null(t) | Repr::Unknown(t) => t.hash(state),
            Repr::Refined(r) => r.ty.hash(state),
            Repr::Bool(b) => b.hash(state),
            Repr::Number(n) => super::set::number_key(n).hash(state),
            Repr::String(s) => s.hash(state),
            Repr::List(s) | Repr::Set(s) | Repr::Tuple(s) => s.elems.hash(state),
            Repr::Map(e) | Repr::Object(e) => e.entries.hash(state),
            Repr::Capsule(c) => c.ty.hash(state),
        }
    }
}
