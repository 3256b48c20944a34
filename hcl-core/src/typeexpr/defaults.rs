//! Default values of optional object attributes, applied to a value before
//! it is converted to its type constraint.

use std::collections::BTreeMap;

use crate::types::{unify_unsafe, Type};
use crate::value::Value;

/// The default values of optional attributes found in a type constraint,
/// as a tree that follows the type: the defaults of an object's attributes
/// and, for each part of the type that holds more defaults deeper down,
/// that part's own `Defaults` (an object's attributes by name, a tuple's
/// elements by position, a collection's element type by `""`).
///
/// [`Defaults::apply`] fills missing or null optional attributes of a value
/// with their defaults, at every level, as the reference's
/// `typeexpr.Defaults.Apply` does; converting the result to the type
/// constraint then gives the final value.
///
/// # Examples
///
/// ```
/// use hcl_core::typeexpr::{parse_type, TypeExprOptions};
/// use hcl_core::types::convert;
/// use hcl_core::Value;
///
/// let (ty, defaults) = parse_type(
///     "list(object({ name = string, port = optional(number, 80) }))",
///     &TypeExprOptions::with_defaults(),
/// )
/// .unwrap();
/// let given = Value::tuple(vec![Value::object([("name", Value::from("web"))])]);
/// let filled = convert(&defaults.unwrap().apply(&given), &ty).unwrap();
/// let port = filled.elements().unwrap()[0].get_attr("port");
/// assert_eq!(port, Some(Value::from(80)));
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Defaults {
    ty: Type,
    values: BTreeMap<String, Value>,
    children: BTreeMap<String, Defaults>,
}

/// The key of a part of a value: a position in a sequence or a name in a
/// map or object.
enum Key<'a> {
    Index(usize),
    Name(&'a str),
}

impl Defaults {
    /// The defaults of a collection type whose element type has `element`.
    pub(super) fn for_collection(ty: Type, element: Defaults) -> Defaults {
        Defaults {
            ty,
            values: BTreeMap::new(),
            children: BTreeMap::from([(String::new(), element)]),
        }
    }

    /// The defaults of an object or tuple type, `None` when there are none.
    pub(super) fn for_structure(
        ty: Type,
        values: BTreeMap<String, Value>,
        children: BTreeMap<String, Defaults>,
    ) -> Option<Defaults> {
        if values.is_empty() && children.is_empty() {
            return None;
        }
        Some(Defaults {
            ty,
            values,
            children,
        })
    }

    /// The type these defaults belong to.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::typeexpr::{parse_type, TypeExprOptions};
    /// let (ty, d) = parse_type("object({a = optional(bool, true)})", &TypeExprOptions::with_defaults()).unwrap();
    /// assert_eq!(d.unwrap().ty(), &ty);
    /// ```
    pub fn ty(&self) -> &Type {
        &self.ty
    }

    /// The default values of this object type's optional attributes, by
    /// name (already converted to the attributes' types).
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::typeexpr::{parse_type, TypeExprOptions};
    /// use hcl_core::Value;
    /// let (_, d) = parse_type("object({a = optional(string, 1)})", &TypeExprOptions::with_defaults()).unwrap();
    /// assert_eq!(d.unwrap().values()["a"], Value::from("1"));
    /// ```
    pub fn values(&self) -> &BTreeMap<String, Value> {
        &self.values
    }

    /// The defaults deeper down: by attribute name for objects, by
    /// position (`"0"`, `"1"`, ...) for tuples, at `""` for the element of
    /// lists, sets and maps.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::typeexpr::{parse_type, TypeExprOptions};
    /// let (_, d) = parse_type(
    ///     "map(object({a = optional(string, \"x\")}))",
    ///     &TypeExprOptions::with_defaults(),
    /// )
    /// .unwrap();
    /// assert!(d.unwrap().children().contains_key(""));
    /// ```
    pub fn children(&self) -> &BTreeMap<String, Defaults> {
        &self.children
    }

    /// `value` with the defaults applied: each optional attribute that is
    /// missing or null gets its default, at every level of the value that
    /// the type reaches. Null and unknown values are left as they are (but
    /// null attributes inside a value are filled). Lists, sets and maps
    /// whose elements end with different types become tuples or objects, as
    /// the result is still to be converted to the type.
    ///
    /// Nothing is checked here: a value that does not have the shape of the
    /// type is returned with what could be applied, for the conversion that
    /// follows to report.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::typeexpr::{parse_type, TypeExprOptions};
    /// use hcl_core::Value;
    ///
    /// let (_, d) = parse_type(
    ///     "object({ tls = optional(object({ port = optional(number, 443) }), {}) })",
    ///     &TypeExprOptions::with_defaults(),
    /// )
    /// .unwrap();
    /// let filled = d.unwrap().apply(&Value::empty_object());
    /// let port = filled.get_attr("tls").and_then(|t| t.get_attr("port"));
    /// assert_eq!(port, Some(Value::from(443)));
    /// ```
    pub fn apply(&self, value: &Value) -> Value {
        if !value.is_known() || value.is_null() {
            return value.clone();
        }
        if self.values.is_empty() && self.children.is_empty() {
            return value.clone();
        }
        let ty = value.ty();
        if let Some(elems) = value.elements() {
            let applied: Vec<Value> = elems
                .iter()
                .enumerate()
                .map(|(i, e)| match self.child(Key::Index(i)) {
                    Some(child) => child.apply(e),
                    None => e.clone(),
                })
                .collect();
            let ety = ty.element_type().cloned().unwrap_or(Type::Dynamic);
            if ty.is_set() || ty.is_list() {
                let rebuilt = if applied.is_empty() {
                    if ty.is_set() {
                        Value::set(ety, applied.clone()).ok()
                    } else {
                        Value::list(ety, applied.clone()).ok()
                    }
                } else {
                    unify_elements(&applied).and_then(|converted| {
                        if ty.is_set() {
                            Value::set_infer(converted).ok()
                        } else {
                            Value::list_infer(converted).ok()
                        }
                    })
                };
                if let Some(v) = rebuilt {
                    return v;
                }
            }
            return Value::tuple(applied);
        }
        if let Some(entries) = value.entries() {
            let mut applied: BTreeMap<String, Value> = entries
                .iter()
                .map(|(k, e)| {
                    let e = match self.child(Key::Name(k)) {
                        Some(child) => child.apply(e),
                        None => e.clone(),
                    };
                    (k.clone(), e)
                })
                .collect();
            for (name, default) in &self.values {
                if applied.get(name).is_none_or(Value::is_null) {
                    let filled = match self.children.get(name) {
                        Some(child) => child.apply(default),
                        None => default.clone(),
                    };
                    applied.insert(name.clone(), filled);
                }
                // An attribute with a default that is not null is never
                // null: an unknown one is refined so.
                if default.range().definitely_not_null() {
                    if let Some(v) = applied.get_mut(name) {
                        *v = v.refine_not_null();
                    }
                }
            }
            if ty.is_map() {
                if applied.is_empty() {
                    let ety = ty.element_type().cloned().unwrap_or(Type::Dynamic);
                    if let Ok(v) = Value::map(ety, Vec::<(String, Value)>::new()) {
                        return v;
                    }
                }
                let values: Vec<Value> = applied.values().cloned().collect();
                if let Some(converted) = unify_elements(&values) {
                    let keys = applied.keys().cloned();
                    if let Ok(v) = Value::map_infer(keys.zip(converted)) {
                        return v;
                    }
                }
            }
            return Value::object(applied);
        }
        value.clone()
    }

    /// The defaults for one part of a value, as the reference looks them
    /// up: by position in a tuple type, by name in an object type, else
    /// the element's.
    fn child(&self, key: Key<'_>) -> Option<&Defaults> {
        match key {
            Key::Index(i) if self.ty.is_tuple() => self.children.get(&i.to_string()),
            Key::Name(name) if self.ty.is_object() => self.children.get(name),
            _ => self.children.get(""),
        }
    }
}

/// The values converted to their unified type; `None` when their types do
/// not unify or a conversion fails.
fn unify_elements(values: &[Value]) -> Option<Vec<Value>> {
    let types: Vec<Type> = values.iter().map(|v| v.ty().clone()).collect();
    let (_, convs) = unify_unsafe(&types)?;
    values
        .iter()
        .zip(convs)
        .map(|(v, conv)| match conv {
            Some(c) => c.apply(v).ok(),
            None => Some(v.clone()),
        })
        .collect()
}
