//! The extended types: constructors that keep their normal form, the
//! questions a program asks of them, and the value type a value converted
//! to one of them takes.
//!
//! The rules of conversion and unification live beside the base rules they
//! extend ([`convert`] and [`unify`] here are reached from
//! `types::convert` and `types::unify` only when an extended kind is
//! involved).

pub(super) mod convert;
pub(super) mod unify;

#[cfg(test)]
mod spec_tests;
#[cfg(test)]
mod tests;

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

use super::Type;

/// The kind of an eventual type: what a result computed from eventual
/// values is wrapped in. An output carries more than a promise, so an
/// operation on both gives an output.
///
/// # Examples
///
/// ```
/// use hcl_core::types::{Eventual, Type};
///
/// let ty = Type::list(Type::output(Type::String));
/// let (plain, eventual) = ty.resolve_eventuals();
/// assert_eq!(plain, Type::list(Type::String));
/// assert_eq!(eventual, Some(Eventual::Output));
/// assert_eq!(Eventual::Promise.wrap(Type::Bool), Type::promise(Type::Bool));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Eventual {
    /// `promise(T)`: an eventual value with no more information.
    Promise,
    /// `output(T)`: an eventual value with application-specific information.
    Output,
}

impl Eventual {
    /// `ty` wrapped in this kind of eventual type.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::{Eventual, Type};
    /// assert_eq!(Eventual::Output.wrap(Type::Int).to_string(), "output(int)");
    /// ```
    pub fn wrap(self, ty: Type) -> Type {
        match self {
            Eventual::Promise => Type::promise(ty),
            Eventual::Output => Type::output(ty),
        }
    }
}

impl Type {
    /// The union of the given types, in normal form: member unions are
    /// flattened into it, members are ordered by their printed form and
    /// each appears once, and a union of one member is that member. The
    /// union of no types is `union()`, a type without values.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    ///
    /// let u = Type::union([Type::String, Type::union([Type::Int, Type::Bool]), Type::Int]);
    /// assert_eq!(u.to_string(), "union(bool, int, string)");
    /// assert_eq!(u, Type::union([Type::Bool, Type::String, Type::Int]));
    /// assert_eq!(Type::union([Type::Number, Type::Number]), Type::Number);
    /// ```
    pub fn union(members: impl IntoIterator<Item = Type>) -> Type {
        let mut flat: Vec<Type> = Vec::new();
        for member in members {
            match member {
                Type::Union(inner) => flat.extend(inner.iter().cloned()),
                other => flat.push(other),
            }
        }
        let mut keyed: Vec<(String, Type)> = flat.into_iter().map(|t| (t.to_string(), t)).collect();
        keyed.sort_by(|a, b| a.0.cmp(&b.0));
        let mut members: Vec<Type> = Vec::with_capacity(keyed.len());
        for (_, t) in keyed {
            // Distinct capsule types may print alike, so look at every
            // member kept so far, not only the last.
            if !members.contains(&t) {
                members.push(t);
            }
        }
        if members.len() == 1 {
            if let Some(only) = members.pop() {
                return only;
            }
        }
        Type::Union(Arc::new(members))
    }

    /// `optional(T)`: the union of `ty` and `none`.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// let ty = Type::optional(Type::String);
    /// assert_eq!(ty, Type::union([Type::None, Type::String]));
    /// assert!(ty.is_optional());
    /// assert_eq!(ty.pretty().to_string(), "string?");
    /// ```
    pub fn optional(ty: Type) -> Type {
        Type::union([ty, Type::None])
    }

    /// `promise(T)`, in normal form: every promise inside `element` is
    /// replaced by its element type, so `promise(promise(T))` is
    /// `promise(T)` (outputs inside stay).
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// let ty = Type::promise(Type::promise(Type::String));
    /// assert_eq!(ty, Type::promise(Type::String));
    /// assert_eq!(ty.eventual_element(), Some(&Type::String));
    /// ```
    pub fn promise(element: Type) -> Type {
        Type::Promise(Arc::new(element.resolve(false).0))
    }

    /// `output(T)`, in normal form: every promise and output inside
    /// `element` is replaced by its element type, so `output(output(T))`
    /// and `output(promise(T))` are `output(T)`.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// assert_eq!(Type::output(Type::promise(Type::Int)), Type::output(Type::Int));
    /// assert_eq!(
    ///     Type::output(Type::list(Type::output(Type::String))).to_string(),
    ///     "output(list(string))"
    /// );
    /// ```
    pub fn output(element: Type) -> Type {
        Type::Output(Arc::new(element.resolve(true).0))
    }

    /// Whether this is `int`.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// assert!(Type::Int.is_int());
    /// ```
    pub fn is_int(&self) -> bool {
        matches!(self, Type::Int)
    }

    /// Whether this is `none`, the type of `null`.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// assert!(Type::None.is_none());
    /// assert!(!Type::optional(Type::Bool).is_none());
    /// ```
    pub fn is_none(&self) -> bool {
        matches!(self, Type::None)
    }

    /// Whether this is a union type.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// assert!(Type::union([Type::Bool, Type::Int]).is_union());
    /// ```
    pub fn is_union(&self) -> bool {
        matches!(self, Type::Union(_))
    }

    /// Whether this is a union with `none` among its members.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// assert!(Type::union([Type::None, Type::Int, Type::String]).is_optional());
    /// assert!(!Type::None.is_optional());
    /// ```
    pub fn is_optional(&self) -> bool {
        self.union_members()
            .is_some_and(|members| members.contains(&Type::None))
    }

    /// Whether this is a promise type.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// assert!(Type::promise(Type::Int).is_promise());
    /// ```
    pub fn is_promise(&self) -> bool {
        matches!(self, Type::Promise(_))
    }

    /// Whether this is an output type.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// assert!(Type::output(Type::Int).is_output());
    /// ```
    pub fn is_output(&self) -> bool {
        matches!(self, Type::Output(_))
    }

    /// Whether this is a promise or an output type.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// assert!(Type::output(Type::Int).is_eventual());
    /// assert!(!Type::list(Type::output(Type::Int)).is_eventual());
    /// ```
    pub fn is_eventual(&self) -> bool {
        matches!(self, Type::Promise(_) | Type::Output(_))
    }

    /// Whether this type itself (not only a part of it) is one of the
    /// extended kinds: `int`, `none`, a union, a promise or an output.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// assert!(Type::Int.is_extended());
    /// assert!(!Type::list(Type::Int).is_extended());
    /// ```
    pub fn is_extended(&self) -> bool {
        matches!(
            self,
            Type::Int | Type::None | Type::Union(_) | Type::Promise(_) | Type::Output(_)
        )
    }

    /// Whether an extended kind occurs anywhere in this type.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// assert!(Type::map(Type::object([("n", Type::Int)])).has_extended_types());
    /// assert!(!Type::map(Type::Number).has_extended_types());
    /// ```
    pub fn has_extended_types(&self) -> bool {
        match self {
            Type::List(e) | Type::Map(e) | Type::Set(e) => e.has_extended_types(),
            Type::Object(a) => a.values().any(Type::has_extended_types),
            Type::Tuple(t) => t.iter().any(Type::has_extended_types),
            other => other.is_extended(),
        }
    }

    /// The member types of a union type, in normal order.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// let u = Type::union([Type::String, Type::None]);
    /// assert_eq!(u.union_members(), Some(&[Type::None, Type::String][..]));
    /// assert_eq!(Type::String.union_members(), None);
    /// ```
    pub fn union_members(&self) -> Option<&[Type]> {
        match self {
            Type::Union(members) => Some(members),
            _ => None,
        }
    }

    /// The element type of a promise or output type.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// assert_eq!(Type::output(Type::Bool).eventual_element(), Some(&Type::Bool));
    /// assert_eq!(Type::Bool.eventual_element(), None);
    /// ```
    pub fn eventual_element(&self) -> Option<&Type> {
        match self {
            Type::Promise(e) | Type::Output(e) => Some(e),
            _ => None,
        }
    }

    /// For an optional type, `union(T..., none)`, the union of its other
    /// members: the `T` of `optional(T)`.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// assert_eq!(Type::optional(Type::Int).optional_element(), Some(Type::Int));
    /// assert_eq!(Type::Int.optional_element(), None);
    /// ```
    pub fn optional_element(&self) -> Option<Type> {
        let members = self.union_members()?;
        if !members.contains(&Type::None) {
            return None;
        }
        Some(Type::union(
            members.iter().filter(|m| !m.is_none()).cloned(),
        ))
    }

    /// This type with every promise and output in it replaced by its
    /// element type, and the strongest kind of eventual found: output if
    /// any output occurs, else promise if any promise does. This is what a
    /// result computed from a value of this type is wrapped in (a string
    /// built from an `output(string)` is an `output(string)`).
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::{Eventual, Type};
    /// let ty = Type::object([("a", Type::promise(Type::Int)), ("b", Type::Bool)]);
    /// assert_eq!(
    ///     ty.resolve_eventuals(),
    ///     (Type::object([("a", Type::Int), ("b", Type::Bool)]), Some(Eventual::Promise))
    /// );
    /// assert_eq!(Type::Bool.resolve_eventuals(), (Type::Bool, None));
    /// ```
    pub fn resolve_eventuals(&self) -> (Type, Option<Eventual>) {
        self.resolve(true)
    }

    /// Replaces promises, and outputs too when `outputs`, by their element
    /// types; the strongest kind replaced.
    fn resolve(&self, outputs: bool) -> (Type, Option<Eventual>) {
        match self {
            Type::Output(e) if outputs => (e.resolve(outputs).0, Some(Eventual::Output)),
            Type::Promise(e) => {
                let (inner, kind) = e.resolve(outputs);
                (inner, kind.max(Some(Eventual::Promise)))
            }
            Type::List(e) => {
                let (inner, kind) = e.resolve(outputs);
                (Type::list(inner), kind)
            }
            Type::Map(e) => {
                let (inner, kind) = e.resolve(outputs);
                (Type::map(inner), kind)
            }
            Type::Set(e) => {
                let (inner, kind) = e.resolve(outputs);
                (Type::set(inner), kind)
            }
            Type::Union(members) => {
                let mut kind = None;
                let resolved: Vec<Type> = members
                    .iter()
                    .map(|m| {
                        let (inner, k) = m.resolve(outputs);
                        kind = kind.max(k);
                        inner
                    })
                    .collect();
                (Type::union(resolved), kind)
            }
            Type::Object(attrs) => {
                let mut kind = None;
                let resolved: BTreeMap<String, Type> = attrs
                    .iter()
                    .map(|(name, t)| {
                        let (inner, k) = t.resolve(outputs);
                        kind = kind.max(k);
                        (name.clone(), inner)
                    })
                    .collect();
                (Type::Object(Arc::new(resolved)), kind)
            }
            Type::Tuple(elems) => {
                let mut kind = None;
                let resolved: Vec<Type> = elems
                    .iter()
                    .map(|t| {
                        let (inner, k) = t.resolve(outputs);
                        kind = kind.max(k);
                        inner
                    })
                    .collect();
                (Type::tuple(resolved), kind)
            }
            other => (other.clone(), None),
        }
    }

    /// The type a value converted to this type has: values never have an
    /// extended type. `int` is `number`; `none` is the dynamic pseudo-type
    /// (the untyped `null`); `promise(T)` and `output(T)` are `T`'s value
    /// type; a union is the value type its members other than `none` share,
    /// or the dynamic pseudo-type when they differ; collections and
    /// structures take the value types of their parts. A type made of the
    /// base kinds alone is its own value type.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// assert_eq!(Type::list(Type::Int).value_type(), Type::list(Type::Number));
    /// assert_eq!(Type::optional(Type::String).value_type(), Type::String);
    /// assert_eq!(Type::union([Type::Bool, Type::String]).value_type(), Type::Dynamic);
    /// assert_eq!(Type::output(Type::None).value_type(), Type::Dynamic);
    /// ```
    pub fn value_type(&self) -> Type {
        if !self.has_extended_types() {
            return self.clone();
        }
        self.erase()
    }

    /// [`Type::value_type`], without cloning a type that is its own value
    /// type.
    pub(crate) fn into_value_type(self) -> Type {
        if !self.has_extended_types() {
            return self;
        }
        self.erase()
    }

    fn erase(&self) -> Type {
        match self {
            Type::Int => Type::Number,
            Type::None => Type::Dynamic,
            Type::Promise(e) | Type::Output(e) => e.erase(),
            Type::Union(members) => {
                let mut shared: Option<Type> = None;
                for member in members.iter().filter(|m| !m.is_none()) {
                    let erased = member.erase();
                    match &shared {
                        None => shared = Some(erased),
                        Some(s) if *s == erased => {}
                        Some(_) => return Type::Dynamic,
                    }
                }
                shared.unwrap_or(Type::Dynamic)
            }
            Type::List(e) => Type::list(e.erase()),
            Type::Map(e) => Type::map(e.erase()),
            Type::Set(e) => Type::set(e.erase()),
            Type::Object(attrs) => Type::Object(Arc::new(
                attrs
                    .iter()
                    .map(|(name, t)| (name.clone(), t.erase()))
                    .collect(),
            )),
            Type::Tuple(elems) => Type::tuple(elems.iter().map(Type::erase).collect()),
            other => other.clone(),
        }
    }

    /// The type written for people: unions as `int | string`, an optional
    /// type as `T?`, everything else as in the type-expression notation of
    /// `Display`.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// let ty = Type::output(Type::list(Type::union([Type::Int, Type::String])));
    /// assert_eq!(ty.pretty().to_string(), "output(list(int | string))");
    /// let opt = Type::optional(Type::union([Type::Int, Type::String]));
    /// assert_eq!(opt.pretty().to_string(), "(int | string)?");
    /// ```
    pub fn pretty(&self) -> Pretty<'_> {
        Pretty(self)
    }
}

/// A type written for people: see [`Type::pretty`].
///
/// # Examples
///
/// ```
/// use hcl_core::types::Type;
/// let ty = Type::object([("id", Type::optional(Type::String))]);
/// assert_eq!(format!("{}", ty.pretty()), "object({id=string?})");
/// ```
#[derive(Clone, Copy)]
pub struct Pretty<'a>(&'a Type);

impl fmt::Display for Pretty<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Type::Union(members) => {
                if let Some(element) = self.0.optional_element() {
                    return if element.is_union() {
                        write!(f, "({})?", element.pretty())
                    } else {
                        write!(f, "{}?", element.pretty())
                    };
                }
                for (i, member) in members.iter().enumerate() {
                    if i > 0 {
                        f.write_str(" | ")?;
                    }
                    write!(f, "{}", member.pretty())?;
                }
                Ok(())
            }
            Type::List(e) => write!(f, "list({})", e.pretty()),
            Type::Map(e) => write!(f, "map({})", e.pretty()),
            Type::Set(e) => write!(f, "set({})", e.pretty()),
            Type::Promise(e) => write!(f, "promise({})", e.pretty()),
            Type::Output(e) => write!(f, "output({})", e.pretty()),
            Type::Object(attrs) => {
                f.write_str("object({")?;
                for (i, (name, ty)) in attrs.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    if super::is_identifier(name) {
                        write!(f, "{name}={}", ty.pretty())?;
                    } else {
                        write!(f, "{name:?}={}", ty.pretty())?;
                    }
                }
                f.write_str("})")
            }
            Type::Tuple(elems) => {
                f.write_str("tuple([")?;
                for (i, ty) in elems.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{}", ty.pretty())?;
                }
                f.write_str("])")
            }
            other => write!(f, "{other}"),
        }
    }
}

impl fmt::Debug for Pretty<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
