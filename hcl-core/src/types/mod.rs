//! Types of the HCL information model, conversion between them and
//! unification of several types into one.
//!
//! The rules follow the reference implementation's type system: primitive
//! types (`string`, `number`, `bool`), collection types (`list`, `map`,
//! `set` of one element type), structural types (`object`, `tuple`), the
//! dynamic pseudo-type standing for "not yet known", and capsule types that
//! carry application data through the language untouched.
//!
//! # The extended types
//!
//! The same [`Type`] also holds the extensions of the information model
//! that Pulumi wrote for its HCL-based programs (`pulumi-model-extensions`:
//! an arbitrary-precision [`Type::Int`], [`Type::union`] types, the
//! [`Type::None`] type of `null`, with `optional(T)` being `union(T, none)`,
//! and the eventual types [`Type::promise`] and [`Type::output`] of values
//! that exist only later). They are variants of the one `Type`, not a
//! separate model, because they nest with the base kinds both ways
//! (`object({id = output(string)})`, `output(list(int))`): one type tree
//! lets conversion, unification, traversal and printing stay one mechanism
//! each, the extended rules being a few more arms of the existing ones
//! (see [`get_conversion`], [`unify`], [`Type::traverse_attr`]).
//!
//! Their use is static. Values never have an extended type as their own
//! type: [`Type::value_type`] is the type a value takes when converted to
//! an extended type (`int` is `number`, `none` is the dynamic
//! pseudo-type, `output(T)` is `T`), and the [`Value`](crate::Value)
//! constructors apply it to the types they are given. Types made only of
//! the base kinds behave exactly as the reference implementation's.

mod capsule;
mod convert;
mod extended;
mod json;
mod mismatch;
mod structural;
mod traverse;
mod unify;

#[cfg(test)]
mod tests;

use std::collections::BTreeMap;
use std::fmt::{self, Write as _};
use std::sync::Arc;

pub use capsule::{CapsuleEqualsFn, CapsuleHashKeyFn, CapsuleOps, CapsulePayload, CapsuleType};
pub use convert::{
    conversion_safety, convert, get_conversion, get_conversion_unsafe, Conversion, ConvertError,
    Path, PathStep, Safety,
};
pub use extended::{Eventual, Pretty};
pub use mismatch::mismatch_message;
pub use traverse::TraverseError;
pub use unify::{unify, unify_unsafe};

pub(crate) use json::write_string as write_json_string;

use crate::value::normalize_string;

/// A type of the HCL information model.
///
/// Two types are identical (`==`) when they have the same kind and identical
/// element, attribute or tuple element types; capsule types are identical
/// only to themselves. Build composite types with the constructor functions
/// ([`Type::list`], [`Type::object`], ...), which normalize attribute names
/// to NFC as the reference does.
///
/// The enum is `#[non_exhaustive]`: more kinds of type may be added, so a
/// `match` needs a wildcard arm.
///
/// # Examples
///
/// ```
/// use hcl_core::types::Type;
///
/// let ty = Type::list(Type::object([("name", Type::String)]));
/// assert_eq!(ty.friendly_name(), "list of object");
/// assert_eq!(ty.to_string(), "list(object({name=string}))");
/// assert_eq!(ty.element_type(), Some(&Type::object([("name", Type::String)])));
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Type {
    /// A sequence of Unicode characters (always in NFC).
    String,
    /// An arbitrary-precision number.
    Number,
    /// `true` or `false`.
    Bool,
    /// An ordered sequence of values of one element type.
    List(Arc<Type>),
    /// String keys mapping to values of one element type.
    Map(Arc<Type>),
    /// An unordered collection of distinct values of one element type.
    Set(Arc<Type>),
    /// Named attributes, each with its own type.
    Object(Arc<BTreeMap<String, Type>>),
    /// A fixed-length sequence of elements, each with its own type.
    Tuple(Arc<Vec<Type>>),
    /// The pseudo-type of a value whose type is not known yet; as a type
    /// constraint it means "any type".
    Dynamic,
    /// An application-defined opaque type.
    Capsule(CapsuleType),
    /// An arbitrary-precision integer (an extended type): a whole
    /// [`Number`](crate::Number). Values converted to it stay numbers.
    Int,
    /// The type of `null` alone (an extended type); `union(T, none)` is
    /// `optional(T)`. Values converted to it are the untyped null.
    None,
    /// Any one of its member types (an extended type). Build it with
    /// [`Type::union`], which keeps the members flat, ordered by their
    /// printed form and distinct, with at least two of them.
    Union(Arc<Vec<Type>>),
    /// An eventual value of the element type with no more information
    /// (an extended type). Build it with [`Type::promise`].
    Promise(Arc<Type>),
    /// An eventual value of the element type that carries
    /// application-specific information (an extended type), as a cloud
    /// resource's attributes are outputs until it is created. Build it with
    /// [`Type::output`].
    Output(Arc<Type>),
}

static EMPTY_ATTRS: BTreeMap<String, Type> = BTreeMap::new();

impl Type {
    /// The list type with the given element type.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// assert_eq!(Type::list(Type::Number).friendly_name(), "list of number");
    /// ```
    pub fn list(element: Type) -> Type {
        Type::List(Arc::new(element))
    }

    /// The map type with the given element type.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// assert!(Type::map(Type::Bool).is_map());
    /// ```
    pub fn map(element: Type) -> Type {
        Type::Map(Arc::new(element))
    }

    /// The set type with the given element type.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// assert!(Type::set(Type::String).is_set());
    /// ```
    pub fn set(element: Type) -> Type {
        Type::Set(Arc::new(element))
    }

    /// The object type with the given attributes. Names are NFC-normalized;
    /// when two names normalize to the same text the later one wins.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// let ty = Type::object([("b", Type::Number), ("a", Type::String)]);
    /// let names: Vec<&str> = ty.attribute_types().unwrap().keys().map(|k| k.as_str()).collect();
    /// assert_eq!(names, ["a", "b"]);
    /// ```
    pub fn object<K, I>(attrs: I) -> Type
    where
        K: AsRef<str>,
        I: IntoIterator<Item = (K, Type)>,
    {
        let map = attrs
            .into_iter()
            .map(|(k, t)| (normalize_string(k.as_ref()).into_owned(), t))
            .collect();
        Type::Object(Arc::new(map))
    }

    /// The object type without attributes.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// assert_eq!(Type::empty_object(), Type::object(Vec::<(String, Type)>::new()));
    /// ```
    pub fn empty_object() -> Type {
        Type::Object(Arc::new(BTreeMap::new()))
    }

    /// The tuple type with the given element types.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// let ty = Type::tuple(vec![Type::String, Type::Bool]);
    /// assert_eq!(ty.tuple_element_types().map(|t| t.len()), Some(2));
    /// ```
    pub fn tuple(elements: Vec<Type>) -> Type {
        Type::Tuple(Arc::new(elements))
    }

    /// The tuple type without elements.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// assert_eq!(Type::empty_tuple(), Type::tuple(vec![]));
    /// ```
    pub fn empty_tuple() -> Type {
        Type::Tuple(Arc::new(Vec::new()))
    }

    /// Whether this is `string`, `number` or `bool`.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// assert!(Type::Bool.is_primitive());
    /// assert!(!Type::Dynamic.is_primitive());
    /// ```
    pub fn is_primitive(&self) -> bool {
        matches!(self, Type::String | Type::Number | Type::Bool)
    }

    /// Whether this is the dynamic pseudo-type.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// assert!(Type::Dynamic.is_dynamic());
    /// ```
    pub fn is_dynamic(&self) -> bool {
        matches!(self, Type::Dynamic)
    }

    /// Whether this is a list type.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// assert!(Type::list(Type::String).is_list());
    /// ```
    pub fn is_list(&self) -> bool {
        matches!(self, Type::List(_))
    }

    /// Whether this is a map type.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// assert!(!Type::list(Type::String).is_map());
    /// ```
    pub fn is_map(&self) -> bool {
        matches!(self, Type::Map(_))
    }

    /// Whether this is a set type.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// assert!(Type::set(Type::String).is_set());
    /// ```
    pub fn is_set(&self) -> bool {
        matches!(self, Type::Set(_))
    }

    /// Whether this is an object type.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// assert!(Type::empty_object().is_object());
    /// ```
    pub fn is_object(&self) -> bool {
        matches!(self, Type::Object(_))
    }

    /// Whether this is a tuple type.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// assert!(Type::empty_tuple().is_tuple());
    /// ```
    pub fn is_tuple(&self) -> bool {
        matches!(self, Type::Tuple(_))
    }

    /// Whether this is a capsule type.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::{CapsuleType, Type};
    /// assert!(Type::Capsule(CapsuleType::new("file")).is_capsule());
    /// ```
    pub fn is_capsule(&self) -> bool {
        matches!(self, Type::Capsule(_))
    }

    /// Whether this is a list, map or set type.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// assert!(Type::map(Type::String).is_collection());
    /// assert!(!Type::empty_tuple().is_collection());
    /// ```
    pub fn is_collection(&self) -> bool {
        self.element_type().is_some()
    }

    /// The element type of a list, map or set type.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// assert_eq!(Type::set(Type::Bool).element_type(), Some(&Type::Bool));
    /// assert_eq!(Type::String.element_type(), None);
    /// ```
    pub fn element_type(&self) -> Option<&Type> {
        match self {
            Type::List(e) | Type::Map(e) | Type::Set(e) => Some(e),
            _ => None,
        }
    }

    /// The attribute types of an object type, ordered by name.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// let ty = Type::object([("a", Type::Bool)]);
    /// assert_eq!(ty.attribute_types().unwrap().len(), 1);
    /// ```
    pub fn attribute_types(&self) -> Option<&BTreeMap<String, Type>> {
        match self {
            Type::Object(a) => Some(a),
            _ => None,
        }
    }

    /// The type of one attribute of an object type.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// let ty = Type::object([("a", Type::Bool)]);
    /// assert_eq!(ty.attribute_type("a"), Some(&Type::Bool));
    /// assert_eq!(ty.attribute_type("b"), None);
    /// ```
    pub fn attribute_type(&self, name: &str) -> Option<&Type> {
        self.attribute_types()?.get(normalize_string(name).as_ref())
    }

    /// The element types of a tuple type.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// let ty = Type::tuple(vec![Type::Number]);
    /// assert_eq!(ty.tuple_element_types(), Some(&[Type::Number][..]));
    /// ```
    pub fn tuple_element_types(&self) -> Option<&[Type]> {
        match self {
            Type::Tuple(t) => Some(t),
            _ => None,
        }
    }

    /// The attribute types of an object type, or none for any other type.
    pub(crate) fn attrs_or_empty(&self) -> &BTreeMap<String, Type> {
        self.attribute_types().unwrap_or(&EMPTY_ATTRS)
    }

    /// The element types of a tuple type, or none for any other type.
    pub(crate) fn elems_or_empty(&self) -> &[Type] {
        self.tuple_element_types().unwrap_or(&[])
    }

    /// Whether the dynamic pseudo-type occurs anywhere in this type.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// assert!(Type::list(Type::Dynamic).has_dynamic_types());
    /// assert!(!Type::list(Type::String).has_dynamic_types());
    /// ```
    pub fn has_dynamic_types(&self) -> bool {
        match self {
            Type::Dynamic => true,
            Type::List(e) | Type::Map(e) | Type::Set(e) => e.has_dynamic_types(),
            Type::Object(a) => a.values().any(Type::has_dynamic_types),
            Type::Tuple(t) | Type::Union(t) => t.iter().any(Type::has_dynamic_types),
            Type::Promise(e) | Type::Output(e) => e.has_dynamic_types(),
            _ => false,
        }
    }

    /// The name of the type for messages: `string`, `list of number`,
    /// `object`, `tuple`, `dynamic`, or a capsule type's name; of the
    /// extended types `int`, `none`, `bool or string`, `optional string`,
    /// `promise of string`, `output of list of string`.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// assert_eq!(Type::map(Type::list(Type::Bool)).friendly_name(), "map of list of bool");
    /// assert_eq!(Type::Dynamic.friendly_name(), "dynamic");
    /// ```
    pub fn friendly_name(&self) -> String {
        self.friendly(false)
    }

    /// The name of the type used as a constraint: like
    /// [`Type::friendly_name`], but the dynamic pseudo-type reads `any type`,
    /// or `any single type` as a collection's element type.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// assert_eq!(Type::Dynamic.friendly_name_for_constraint(), "any type");
    /// assert_eq!(
    ///     Type::list(Type::Dynamic).friendly_name_for_constraint(),
    ///     "list of any single type"
    /// );
    /// ```
    pub fn friendly_name_for_constraint(&self) -> String {
        self.friendly(true)
    }

    fn friendly(&self, constraint: bool) -> String {
        let collection = |prefix: &str, e: &Type| {
            if constraint && e.is_dynamic() {
                format!("{prefix} of any single type")
            } else {
                format!("{prefix} of {}", e.friendly(constraint))
            }
        };
        match self {
            Type::String => "string".into(),
            Type::Number => "number".into(),
            Type::Bool => "bool".into(),
            Type::List(e) => collection("list", e),
            Type::Map(e) => collection("map", e),
            Type::Set(e) => collection("set", e),
            Type::Object(_) => "object".into(),
            Type::Tuple(_) => "tuple".into(),
            Type::Dynamic if constraint => "any type".into(),
            Type::Dynamic => "dynamic".into(),
            Type::Capsule(c) => c.name().to_owned(),
            Type::Int => "int".into(),
            Type::None => "none".into(),
            Type::Union(members) => match self.optional_element() {
                Some(element) => format!("optional {}", element.friendly(constraint)),
                None => {
                    let names: Vec<String> =
                        members.iter().map(|m| m.friendly(constraint)).collect();
                    names.join(" or ")
                }
            },
            Type::Promise(e) => format!("promise of {}", e.friendly(constraint)),
            Type::Output(e) => format!("output of {}", e.friendly(constraint)),
        }
    }

    /// Whether this type matches the type specification `spec`: every type
    /// matches the dynamic pseudo-type, identical types match, and
    /// collections, objects (same attribute names) and tuples (same length)
    /// match when their parts match recursively. Where `spec` is an
    /// extended type, a type matches its [value type](Type::value_type)
    /// (values converted to `int` are numbers).
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// let spec = Type::object([("a", Type::list(Type::Dynamic))]);
    /// assert!(Type::object([("a", Type::list(Type::Number))]).matches(&spec));
    /// assert!(!Type::object([("b", Type::list(Type::Number))]).matches(&spec));
    /// assert!(Type::String.matches(&Type::Dynamic));
    /// assert!(Type::list(Type::Number).matches(&Type::list(Type::Int)));
    /// ```
    pub fn matches(&self, spec: &Type) -> bool {
        if spec.is_dynamic() || self == spec {
            return true;
        }
        if spec.is_extended() {
            return self.matches(&spec.value_type());
        }
        match (self, spec) {
            (Type::Object(a), Type::Object(b)) => {
                a.len() == b.len()
                    && a.iter()
                        .zip(b.iter())
                        .all(|((ka, ta), (kb, tb))| ka == kb && ta.matches(tb))
            }
            (Type::Tuple(a), Type::Tuple(b)) => {
                a.len() == b.len() && a.iter().zip(b.iter()).all(|(x, y)| x.matches(y))
            }
            (Type::List(a), Type::List(b))
            | (Type::Map(a), Type::Map(b))
            | (Type::Set(a), Type::Set(b)) => a.matches(b),
            _ => false,
        }
    }

    /// The reference's JSON encoding of this type: `"string"`,
    /// `["list","number"]`, `["object",{"a":"bool"}]`, ... (no whitespace,
    /// keys sorted). A capsule type, which has no standard encoding, is
    /// written `["capsule","NAME"]`; the extended types, which have none
    /// either, as `"int"`, `"none"`, `["union",[...]]`, `["promise",T]` and
    /// `["output",T]`.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// let ty = Type::object([("b", Type::Dynamic), ("a", Type::set(Type::Bool))]);
    /// assert_eq!(ty.to_json(), r#"["object",{"a":["set","bool"],"b":"dynamic"}]"#);
    /// ```
    pub fn to_json(&self) -> String {
        let mut out = String::new();
        json::write_type(self, &mut out);
        out
    }
}

/// Writes the type in the native syntax's type-constraint notation:
/// `string`, `list(number)`, `object({a=string})`, `tuple([bool])`, `any`;
/// the extended types as `int`, `none`, `union(bool, int)`,
/// `promise(string)` and `output(list(string))`. An object attribute whose
/// type is a union with `none` is written `optional(T)`, the type
/// expression's optional attribute. [`crate::typeexpr`] reads every such
/// text back to the same type when the object attribute names are
/// identifiers, the only names a type expression can hold; another name is
/// written as an HCL quoted string (`object({"a b"=string})`), which reads
/// as text but not as a type.
impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Type::String => f.write_str("string"),
            Type::Number => f.write_str("number"),
            Type::Bool => f.write_str("bool"),
            Type::Dynamic => f.write_str("any"),
            Type::List(e) => write!(f, "list({e})"),
            Type::Map(e) => write!(f, "map({e})"),
            Type::Set(e) => write!(f, "set({e})"),
            Type::Object(attrs) => {
                f.write_str("object({")?;
                for (i, (name, ty)) in attrs.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    if is_identifier(name) {
                        write!(f, "{name}=")?;
                    } else {
                        crate::value::write_quoted(f, name)?;
                        f.write_char('=')?;
                    }
                    match ty.optional_element() {
                        Some(element) => write!(f, "optional({element})")?,
                        None => write!(f, "{ty}")?,
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
                    write!(f, "{ty}")?;
                }
                f.write_str("])")
            }
            Type::Capsule(c) => f.write_str(c.name()),
            Type::Int => f.write_str("int"),
            Type::None => f.write_str("none"),
            Type::Union(members) => {
                f.write_str("union(")?;
                for (i, ty) in members.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{ty}")?;
                }
                f.write_str(")")
            }
            Type::Promise(e) => write!(f, "promise({e})"),
            Type::Output(e) => write!(f, "output({e})"),
        }
    }
}

impl fmt::Debug for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Whether `name` is an HCL identifier: a letter or `_`, then letters,
/// digits, `_` and `-` (Unicode identifier characters, as the lexer reads
/// them). Attribute names, block types and bare object keys are
/// identifiers.
///
/// # Examples
///
/// ```
/// use hcl_core::types::is_identifier;
/// assert!(is_identifier("aws_instance"));
/// assert!(is_identifier("x-y"));
/// assert!(!is_identifier("1st"));
/// assert!(!is_identifier("a.b"));
/// ```
pub fn is_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    match chars.next() {
        Some(c) if c == '_' || unicode_ident::is_xid_start(c) => {}
        _ => return false,
    }
    chars.all(|c| unicode_ident::is_xid_continue(c) || c == '-')
}
