//! Reading parts of values: attributes, indexes, lengths, element pairs.

use std::fmt;

use super::{Number, Repr, Value};
use crate::types::Type;

impl Value {
    /// The attribute `name` of an object, as the reference's `GetAttr`:
    /// the dynamic value for a value of the dynamic pseudo-type, the unknown
    /// (or null) of the attribute's type for an unknown (or null) object.
    /// `None` when the value is not an object or has no such attribute.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// use hcl_core::value::Value;
    /// let o = Value::object([("a", Value::from(1))]);
    /// assert_eq!(o.get_attr("a"), Some(Value::from(1)));
    /// assert_eq!(o.get_attr("b"), None);
    /// let u = Value::unknown(o.ty().clone());
    /// assert_eq!(u.get_attr("a"), Some(Value::unknown(Type::Number)));
    /// ```
    pub fn get_attr(&self, name: &str) -> Option<Value> {
        match &self.0 {
            Repr::Null(Type::Dynamic) | Repr::Unknown(Type::Dynamic) => Some(Value::dynamic()),
            Repr::Null(t @ Type::Object(_)) => t.attribute_type(name).cloned().map(Value::null),
            Repr::Unknown(t @ Type::Object(_)) => {
                t.attribute_type(name).cloned().map(Value::unknown)
            }
            Repr::Refined(r) => r.ty.attribute_type(name).cloned().map(Value::unknown),
            Repr::Object(e) => {
                let name = super::normalize_string(name);
                lookup(&e.entries, &name).cloned()
            }
            _ => None,
        }
    }

    /// The element of a list, map or tuple at `key`, as the reference's
    /// `Index`: a number key for lists and tuples, a string key for maps.
    /// Unknown keys and unknown collections give unknown results (the
    /// dynamic value for tuples with an unknown key); a value of the dynamic
    /// pseudo-type gives the dynamic value. `None` when the key has the
    /// wrong type, is not a whole number in range, or names no map element,
    /// and for null collections.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// use hcl_core::value::Value;
    /// let l = Value::list(Type::String, vec![Value::from("a"), Value::from("b")]).unwrap();
    /// assert_eq!(l.index(&Value::from(1)), Some(Value::from("b")));
    /// assert_eq!(l.index(&Value::from(2)), None);
    /// assert_eq!(l.index(&Value::unknown(Type::Number)), Some(Value::unknown(Type::String)));
    /// ```
    pub fn index(&self, key: &Value) -> Option<Value> {
        let ty = self.ty();
        if ty.is_dynamic() {
            return Some(Value::dynamic());
        }
        match ty {
            Type::List(ety) | Type::Map(ety) => {
                let want = if ty.is_list() {
                    Type::Number
                } else {
                    Type::String
                };
                if key.ty().is_dynamic() || (key.ty() == &want && !key.is_known()) {
                    return Some(Value::unknown((**ety).clone()));
                }
                if key.ty() != &want {
                    return None;
                }
                match &self.0 {
                    Repr::Unknown(_) | Repr::Refined(_) => Some(Value::unknown((**ety).clone())),
                    Repr::List(s) => s.elems.get(list_index(key)?).cloned(),
                    Repr::Map(e) => lookup(&e.entries, key.as_str()?).cloned(),
                    _ => None,
                }
            }
            Type::Tuple(etys) => {
                if key.ty().is_dynamic() || (key.ty() == &Type::Number && !key.is_known()) {
                    return Some(Value::dynamic());
                }
                if key.ty() != &Type::Number {
                    return None;
                }
                let i = list_index(key)?;
                match &self.0 {
                    Repr::Unknown(_) | Repr::Refined(_) => etys.get(i).cloned().map(Value::unknown),
                    Repr::Tuple(s) => s.elems.get(i).cloned(),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// The number of elements of a known list, set, map or tuple, or of
    /// attributes of a known object. For a set this counts unknown
    /// elements as distinct.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::value::Value;
    /// assert_eq!(Value::tuple(vec![Value::from(1)]).length(), Some(1));
    /// assert_eq!(Value::from("abc").length(), None);
    /// ```
    pub fn length(&self) -> Option<usize> {
        match &self.0 {
            Repr::List(s) | Repr::Set(s) | Repr::Tuple(s) => Some(s.elems.len()),
            Repr::Map(e) | Repr::Object(e) => Some(e.entries.len()),
            _ => None,
        }
    }

    /// The length as a number value, as the reference's `Length`: a tuple's
    /// length is known even when the tuple is not. An unknown list, set or
    /// map (or the dynamic value) has an unknown length, not null, within
    /// the bounds its refinements give (known when they are equal); a set
    /// holding unknowns (they may turn out equal to other elements) has one
    /// between 1 and its number of elements, unless it has a single
    /// element. `None` for nulls and for values that have no length.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// use hcl_core::value::{Number, Value};
    /// let s = Value::set(Type::Number, vec![Value::from(1), Value::unknown(Type::Number)]).unwrap();
    /// let n = s.length_value().unwrap();
    /// assert!(!n.is_known());
    /// assert_eq!(n.range().number_upper_bound(), Some((&Number::from_i64(2), true)));
    /// let t = Value::unknown(Type::tuple(vec![Type::Bool]));
    /// assert_eq!(t.length_value(), Some(Value::from(1)));
    /// ```
    pub fn length_value(&self) -> Option<Value> {
        if let Type::Tuple(etys) = self.ty() {
            if !self.is_null() {
                return Some(count(etys.len()));
            }
        }
        match &self.0 {
            Repr::Unknown(t) if t.is_object() => Some(Value::unknown(Type::Number)),
            Repr::Unknown(_) | Repr::Refined(_) if !self.ty().is_object() => {
                let range = self.range();
                Some(length_between(
                    range.length_lower_bound(),
                    range.length_upper_bound(),
                ))
            }
            Repr::Refined(_) => Some(Value::unknown(Type::Number)),
            Repr::Set(s) => {
                if s.elems.len() == 1 || s.elems.iter().all(Value::is_wholly_known) {
                    Some(count(s.elems.len()))
                } else {
                    Some(length_between(1, s.elems.len() as u64))
                }
            }
            _ => self.length().map(count),
        }
    }

    /// The (key, element) pairs of a known collection or structural value,
    /// as the reference iterates them: list and tuple elements with their
    /// number indexes, map and object entries with their string keys in key
    /// order, set elements (each its own key) in the set's order.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::value::Value;
    /// let o = Value::object([("a", Value::from(true))]);
    /// assert_eq!(o.element_pairs(), Some(vec![(Value::from("a"), Value::from(true))]));
    /// ```
    pub fn element_pairs(&self) -> Option<Vec<(Value, Value)>> {
        match &self.0 {
            Repr::List(s) | Repr::Tuple(s) => Some(
                s.elems
                    .iter()
                    .enumerate()
                    .map(|(i, v)| (count(i), v.clone()))
                    .collect(),
            ),
            Repr::Set(s) => Some(s.elems.iter().map(|v| (v.clone(), v.clone())).collect()),
            Repr::Map(e) | Repr::Object(e) => Some(
                e.entries
                    .iter()
                    .map(|(k, v)| (Value::string(k), v.clone()))
                    .collect(),
            ),
            _ => None,
        }
    }
}

fn count(n: usize) -> Value {
    Value::number(Number::from_u64(n as u64))
}

/// Finds a key in entries sorted by key.
pub(super) fn lookup<'a>(entries: &'a [(String, Value)], key: &str) -> Option<&'a Value> {
    entries
        .binary_search_by(|(k, _)| k.as_str().cmp(key))
        .ok()
        .and_then(|i| entries.get(i))
        .map(|(_, v)| v)
}

/// An unknown length, not null, between `min` and `max` inclusive.
fn length_between(min: u64, max: u64) -> Value {
    Value::unknown(Type::Number)
        .refine()
        .not_null()
        .number_lower_bound(&Number::from_u64(min), true)
        .number_upper_bound(&Number::from_u64(max), true)
        .build()
}

/// A known number key as a non-negative whole index.
fn list_index(key: &Value) -> Option<usize> {
    key.as_number()
        .and_then(Number::to_u64)
        .and_then(|i| usize::try_from(i).ok())
}

impl fmt::Debug for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Repr::Null(t) => write!(f, "null({t})"),
            Repr::Unknown(t) => write!(f, "unknown({t})"),
            Repr::Refined(r) => write!(f, "unknown({}){}", r.ty, r.refinement),
            Repr::Bool(b) => write!(f, "{b}"),
            Repr::Number(n) => f.write_str(&n.to_text_bounded()),
            Repr::String(s) => write!(f, "{:?}", &**s),
            Repr::List(s) => write!(f, "list{:?}", s.elems),
            Repr::Set(s) => write!(f, "set{:?}", s.elems),
            Repr::Tuple(s) => write!(f, "tuple{:?}", s.elems),
            Repr::Map(e) | Repr::Object(e) => {
                f.write_str(if matches!(self.0, Repr::Map(_)) {
                    "map"
                } else {
                    "object"
                })?;
                f.debug_map()
                    .entries(e.entries.iter().map(|(k, v)| (k, v)))
                    .finish()
            }
            Repr::Capsule(c) => write!(f, "capsule({})", c.ty),
        }
    }
}
