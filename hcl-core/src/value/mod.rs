//! Values of the HCL information model.
//!
//! A [`Value`] has a [`Type`] and is either known, null or unknown; an
//! unknown may carry refinements, what is known of it ([`Value::refine`],
//! [`Value::range`]). Values are immutable and cheap to clone: strings and
//! collections are shared behind reference counts. Strings (and map keys and attribute names) are
//! normalized to Unicode NFC when a value is built, as the reference does.

mod access;
mod compare;
mod construct;
mod display;
mod equals;
mod json;
mod number;
mod printable;
mod range;
mod refinement;
#[cfg(test)]
mod refinement_tests;
#[cfg(feature = "serde")]
mod serde_impl;
mod set;

#[cfg(test)]
mod tests;

use std::borrow::Cow;
use std::fmt;
use std::sync::{Arc, OnceLock};

use unicode_normalization::{is_nfc_quick, IsNormalized, UnicodeNormalization};

pub(crate) use display::write_quoted;
pub use json::{escape_templates, write_go_json_string, JsonStyle, ToJsonError, ToJsonErrorKind};
pub(crate) use number::check_number_text;
pub use number::Number;
pub use number::NUMBER_TEXT_MAX_BITS;
pub(crate) use printable::is_go_print;
pub use range::ValueRange;
pub use refinement::Refine;
#[doc(hidden)]
pub use serde_impl::{hand_over, take_back, VALUE_NEWTYPE};
pub(crate) use set::go_quote_string as go_quote;

use crate::types::{CapsulePayload, CapsuleType, Type};

/// A value of the HCL information model: a known value, a null or an
/// unknown, of some [`Type`].
///
/// Every type has a null value and an unknown value; the unknown value of
/// the dynamic pseudo-type ([`Value::dynamic`]) is "the dynamic value",
/// which stands for any value of any type. A known value never has the
/// dynamic pseudo-type, but collections may contain unknowns and nulls.
///
/// Two kinds of equality exist:
/// - [`Value::equals`] is the language's `==`: it yields an unknown bool
///   when the answer depends on unknown values, and treats any two nulls as
///   equal whatever their types;
/// - `PartialEq` (`==` in Rust) is structural identity: same type, and same
///   value, with an unknown equal to an unknown of the same type and a null
///   equal to a null of the same type.
///
/// The type of a tuple or an object is worked out from its elements the
/// first time [`Value::ty`] is asked, and kept: most values read from a
/// configuration are never asked, and an object's type holds a copy of
/// every attribute name. Equality and hashing give the same answers before
/// and after, so a `Value` is a sound key of a `HashMap` or a `HashSet`;
/// clippy's `mutable_key_type` lint sees the kept type and warns all the
/// same: list `"hcl_core::value::Value"` under `ignore-interior-mutability`
/// in `clippy.toml`, or allow the lint there.
///
/// # Examples
///
/// ```
/// use hcl_core::types::Type;
/// use hcl_core::value::Value;
///
/// let v = Value::object([("name", Value::string("web")), ("port", Value::from(80))]);
/// assert_eq!(v.ty(), &Type::object([("name", Type::String), ("port", Type::Number)]));
/// assert_eq!(v.get_attr("name"), Some(Value::string("web")));
///
/// let u = Value::unknown(Type::String);
/// assert!(!u.is_known());
/// assert!(!u.equals(&Value::string("web")).is_known());
/// ```
#[derive(Clone)]
pub struct Value(Repr);

#[derive(Clone)]
enum Repr {
    Null(Type),
    Unknown(Type),
    /// An unknown with refinements (never none: that is `Unknown`).
    Refined(Arc<Refined>),
    Bool(bool),
    Number(Arc<Number>),
    String(Arc<str>),
    List(Arc<Seq>),
    Set(Arc<Seq>),
    Tuple(Arc<Seq>),
    Map(Arc<Entries>),
    Object(Arc<Entries>),
    Capsule(Arc<Capsule>),
}

/// A collection's type: given when a list, set or map is made, and
/// derived from the elements the first time it is asked for when a tuple
/// or an object is made. Values that are only read, such as those decoded
/// into a program's own types, then never build their type: an object's
/// type holds a copy of every attribute name.
enum CollectionType {
    Given(Type),
    Derived(OnceLock<Type>),
}

impl CollectionType {
    fn derived() -> CollectionType {
        CollectionType::Derived(OnceLock::new())
    }

    fn get_or_derive(&self, derive: impl FnOnce() -> Type) -> &Type {
        match self {
            CollectionType::Given(ty) => ty,
            CollectionType::Derived(cell) => cell.get_or_init(derive),
        }
    }
}

/// How deep a tuple or object must be for its type to be derived when it is
/// made: the parts below it then have theirs, so deriving a type on demand
/// never goes deeper than this, whatever the depth of the value.
const EAGER_TYPE_DEPTH: u32 = 16;

/// Elements of a list, set or tuple, with the whole value's type.
struct Seq {
    ty: CollectionType,
    elems: Vec<Value>,
    size: DeepSize,
    /// Whether no element is unknown or holds an unknown.
    wholly_known: bool,
}

impl Seq {
    fn new(ty: CollectionType, elems: Vec<Value>) -> Seq {
        let mut size = DeepSize::default();
        let mut wholly_known = true;
        for e in &elems {
            size = size.plus(e.deep_size());
            wholly_known &= e.is_wholly_known();
        }
        let size = size.wrapped();
        let seq = Seq {
            ty,
            elems,
            size,
            wholly_known,
        };
        if size.depth >= EAGER_TYPE_DEPTH {
            seq.ty();
        }
        seq
    }

    /// The type of the list, set or tuple.
    fn ty(&self) -> &Type {
        self.ty
            .get_or_derive(|| Type::tuple(self.elems.iter().map(|v| v.ty().clone()).collect()))
    }
}

/// Entries of a map or object, sorted by key, with the whole value's type.
struct Entries {
    ty: CollectionType,
    entries: Vec<(String, Value)>,
    size: DeepSize,
    /// Whether no value is unknown or holds an unknown.
    wholly_known: bool,
}

impl Entries {
    fn new(ty: CollectionType, entries: Vec<(String, Value)>) -> Entries {
        let mut size = DeepSize::default();
        let mut wholly_known = true;
        for (k, v) in &entries {
            wholly_known &= v.is_wholly_known();
            size = size.plus(v.deep_size()).plus(DeepSize {
                values: 0,
                bytes: k.len() as u64,
                depth: 0,
            });
        }
        let size = size.wrapped();
        let entries = Entries {
            ty,
            entries,
            size,
            wholly_known,
        };
        if size.depth >= EAGER_TYPE_DEPTH {
            entries.ty();
        }
        entries
    }

    /// The type of the map or object.
    fn ty(&self) -> &Type {
        self.ty.get_or_derive(|| {
            Type::Object(Arc::new(
                self.entries
                    .iter()
                    .map(|(k, v)| (k.clone(), v.ty().clone()))
                    .collect(),
            ))
        })
    }
}

/// How much a value holds, everything nested in it included: what an
/// evaluation counts against its limits (`Limits::max_eval_values` and
/// `Limits::max_eval_string_bytes`). Kept with each collection when it is
/// built, so that asking is free however large the value, and however often
/// its parts are shared.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct DeepSize {
    /// The values: 1 for a primitive, a null or an unknown; 1 plus its
    /// elements' for a collection or structure.
    pub(crate) values: u64,
    /// The bytes of the strings, map keys and attribute names, and of the
    /// text of numbers so large or small that their text is long (see
    /// `Number::long_text_bytes`).
    pub(crate) bytes: u64,
    /// How deeply collections and structures nest: 0 for a primitive, a
    /// null or an unknown, 1 plus the deepest element's for a collection
    /// or structure.
    pub(crate) depth: u32,
}

impl DeepSize {
    /// One value holding no string, nesting nothing.
    pub(crate) const ONE: DeepSize = DeepSize {
        values: 1,
        bytes: 0,
        depth: 0,
    };

    /// The size of a collection of elements of this total size.
    fn wrapped(self) -> DeepSize {
        DeepSize {
            values: self.values.saturating_add(1),
            bytes: self.bytes,
            depth: self.depth.saturating_add(1),
        }
    }

    /// One value less (for a value already counted as one).
    pub(crate) fn less_one(self) -> DeepSize {
        DeepSize {
            values: self.values.saturating_sub(1),
            ..self
        }
    }

    /// The size of both together: sizes added (saturating), the deeper
    /// depth.
    pub(crate) fn plus(self, other: DeepSize) -> DeepSize {
        DeepSize {
            values: self.values.saturating_add(other.values),
            bytes: self.bytes.saturating_add(other.bytes),
            depth: self.depth.max(other.depth),
        }
    }
}

struct Capsule {
    ty: Type,
    payload: CapsulePayload,
}

/// An unknown value with what is known of it (see [`Value::refine`]).
struct Refined {
    ty: Type,
    refinement: refinement::Refinement,
}

/// A borrowed view of a [`Value`], for matching on what it holds.
///
/// # Examples
///
/// ```
/// use hcl_core::value::{Value, ValueKind};
///
/// match Value::string("hi").kind() {
///     ValueKind::String(s) => assert_eq!(s, "hi"),
///     _ => unreachable!(),
/// }
/// ```
#[derive(Clone, Copy)]
pub enum ValueKind<'a> {
    /// A null value (of the value's type).
    Null,
    /// An unknown value (of the value's type).
    Unknown,
    /// A known bool.
    Bool(bool),
    /// A known number.
    Number(&'a Number),
    /// A known string, in NFC.
    String(&'a str),
    /// A known list's elements.
    List(&'a [Value]),
    /// A known set's elements, in the set's iteration order.
    Set(&'a [Value]),
    /// A known tuple's elements.
    Tuple(&'a [Value]),
    /// A known map's entries, sorted by key.
    Map(&'a [(String, Value)]),
    /// A known object's attributes, sorted by name.
    Object(&'a [(String, Value)]),
    /// A known capsule value's payload.
    Capsule(&'a CapsulePayload),
}

/// A collection could not be built because an element's type does not
/// match the collection's element type.
///
/// # Examples
///
/// ```
/// use hcl_core::types::Type;
/// use hcl_core::value::Value;
///
/// let err = Value::list(Type::String, vec![Value::from(1)]).unwrap_err();
/// assert_eq!(err.to_string(), "element 0 is number, but the element type is string");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValueError {
    message: String,
}

impl fmt::Display for ValueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ValueError {}

static STRING_TYPE: Type = Type::String;
static NUMBER_TYPE: Type = Type::Number;
static BOOL_TYPE: Type = Type::Bool;

/// Normalizes a string to Unicode NFC, without allocating when it already
/// is (always the case for ASCII).
///
/// # Examples
///
/// ```
/// use hcl_core::value::normalize_string;
/// assert_eq!(normalize_string("e\u{301}"), "\u{e9}");
/// assert!(matches!(normalize_string("plain"), std::borrow::Cow::Borrowed(_)));
/// ```
pub fn normalize_string(s: &str) -> Cow<'_, str> {
    if s.is_ascii() || is_nfc_quick(s.chars()) == IsNormalized::Yes {
        Cow::Borrowed(s)
    } else {
        Cow::Owned(s.nfc().collect())
    }
}

/// Checks (and, for a dynamic null or unknown, retypes) one element of a
/// collection whose element type is `ety`.
fn fit_element(ety: &Type, v: Value, what: &dyn fmt::Display) -> Result<Value, ValueError> {
    if v.ty() == ety {
        return Ok(v);
    }
    match &v.0 {
        Repr::Null(Type::Dynamic) => Ok(Value::null(ety.clone())),
        Repr::Unknown(Type::Dynamic) => Ok(Value::unknown(ety.clone())),
        _ => Err(ValueError {
            message: format!(
                "{what} is {}, but the element type is {}",
                v.ty().friendly_name(),
                ety.friendly_name()
            ),
        }),
    }
}

/// The first element type that is not the dynamic pseudo-type, as the
/// reference infers a collection's element type.
fn infer_element_type<'a>(types: impl Iterator<Item = &'a Type>) -> Type {
    let mut ety = Type::Dynamic;
    for t in types {
        if ety.is_dynamic() {
            ety = t.clone();
        }
    }
    ety
}

impl Value {
    /// How much the value holds, everything nested in it included.
    pub(crate) fn deep_size(&self) -> DeepSize {
        match &self.0 {
            Repr::String(s) => DeepSize {
                bytes: s.len() as u64,
                ..DeepSize::ONE
            },
            Repr::Number(n) => DeepSize {
                bytes: n.long_text_bytes(),
                ..DeepSize::ONE
            },
            Repr::List(s) | Repr::Set(s) | Repr::Tuple(s) => s.size,
            Repr::Map(e) | Repr::Object(e) => e.size,
            _ => DeepSize::ONE,
        }
    }

    /// The value's type.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// use hcl_core::value::Value;
    /// assert_eq!(Value::from("x").ty(), &Type::String);
    /// ```
    pub fn ty(&self) -> &Type {
        match &self.0 {
            Repr::Null(t) | Repr::Unknown(t) => t,
            Repr::Refined(r) => &r.ty,
            Repr::Bool(_) => &BOOL_TYPE,
            Repr::Number(_) => &NUMBER_TYPE,
            Repr::String(_) => &STRING_TYPE,
            Repr::List(s) | Repr::Set(s) | Repr::Tuple(s) => s.ty(),
            Repr::Map(e) | Repr::Object(e) => e.ty(),
            Repr::Capsule(c) => &c.ty,
        }
    }

    /// A borrowed view of what the value holds.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// use hcl_core::value::{Value, ValueKind};
    /// assert!(matches!(Value::null(Type::Bool).kind(), ValueKind::Null));
    /// ```
    pub fn kind(&self) -> ValueKind<'_> {
        match &self.0 {
            Repr::Null(_) => ValueKind::Null,
            Repr::Unknown(_) | Repr::Refined(_) => ValueKind::Unknown,
            Repr::Bool(b) => ValueKind::Bool(*b),
            Repr::Number(n) => ValueKind::Number(n),
            Repr::String(s) => ValueKind::String(s),
            Repr::List(s) => ValueKind::List(&s.elems),
            Repr::Set(s) => ValueKind::Set(&s.elems),
            Repr::Tuple(s) => ValueKind::Tuple(&s.elems),
            Repr::Map(e) => ValueKind::Map(&e.entries),
            Repr::Object(e) => ValueKind::Object(&e.entries),
            Repr::Capsule(c) => ValueKind::Capsule(&c.payload),
        }
    }

    /// Whether the value is null.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// use hcl_core::value::Value;
    /// assert!(Value::null(Type::Dynamic).is_null());
    /// assert!(!Value::unknown(Type::Dynamic).is_null());
    /// ```
    pub fn is_null(&self) -> bool {
        matches!(self.0, Repr::Null(_))
    }

    /// Whether the value is known (nulls are known). A known collection
    /// may still contain unknown elements; see [`Value::is_wholly_known`].
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// use hcl_core::value::Value;
    /// assert!(Value::null(Type::String).is_known());
    /// assert!(!Value::dynamic().is_known());
    /// ```
    pub fn is_known(&self) -> bool {
        !matches!(self.0, Repr::Unknown(_) | Repr::Refined(_))
    }

    /// Whether the value is known and so is everything nested in it.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// use hcl_core::value::Value;
    /// let t = Value::tuple(vec![Value::from(1), Value::unknown(Type::Number)]);
    /// assert!(t.is_known() && !t.is_wholly_known());
    /// ```
    pub fn is_wholly_known(&self) -> bool {
        // Kept with each collection when it is built.
        match &self.0 {
            Repr::Unknown(_) | Repr::Refined(_) => false,
            Repr::List(s) | Repr::Set(s) | Repr::Tuple(s) => s.wholly_known,
            Repr::Map(e) | Repr::Object(e) => e.wholly_known,
            _ => true,
        }
    }

    /// Whether the value's type, and the types of everything nested in it,
    /// are certain: false for an unknown whose type involves the dynamic
    /// pseudo-type, anywhere in the value. Nulls are always certain.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// use hcl_core::value::Value;
    /// assert!(!Value::dynamic().has_wholly_known_type());
    /// assert!(Value::unknown(Type::String).has_wholly_known_type());
    /// assert!(Value::null(Type::Dynamic).has_wholly_known_type());
    /// ```
    pub fn has_wholly_known_type(&self) -> bool {
        match &self.0 {
            Repr::Null(_) => true,
            Repr::Unknown(t) => !t.has_dynamic_types(),
            Repr::Refined(r) => !r.ty.has_dynamic_types(),
            Repr::List(s) | Repr::Set(s) | Repr::Tuple(s) => {
                s.elems.iter().all(Value::has_wholly_known_type)
            }
            Repr::Map(e) | Repr::Object(e) => {
                e.entries.iter().all(|(_, v)| v.has_wholly_known_type())
            }
            _ => true,
        }
    }

    /// The string of a known string value.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::value::Value;
    /// assert_eq!(Value::from("x").as_str(), Some("x"));
    /// assert_eq!(Value::from(1).as_str(), None);
    /// ```
    pub fn as_str(&self) -> Option<&str> {
        match &self.0 {
            Repr::String(s) => Some(s),
            _ => None,
        }
    }

    /// The number of a known number value.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::value::{Number, Value};
    /// assert_eq!(Value::from(2).as_number(), Some(&Number::from_i64(2)));
    /// ```
    pub fn as_number(&self) -> Option<&Number> {
        match &self.0 {
            Repr::Number(n) => Some(n),
            _ => None,
        }
    }

    /// The bool of a known bool value.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::value::Value;
    /// assert_eq!(Value::from(false).as_bool(), Some(false));
    /// ```
    pub fn as_bool(&self) -> Option<bool> {
        match &self.0 {
            Repr::Bool(b) => Some(*b),
            _ => None,
        }
    }

    /// The payload of a known capsule value.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::CapsuleType;
    /// use hcl_core::value::Value;
    /// use std::sync::Arc;
    /// let v = Value::capsule(CapsuleType::new("c"), Arc::new("data"));
    /// assert!(v.as_capsule().is_some());
    /// ```
    pub fn as_capsule(&self) -> Option<&CapsulePayload> {
        match &self.0 {
            Repr::Capsule(c) => Some(&c.payload),
            _ => None,
        }
    }

    /// The elements of a known list, set or tuple (a set's in its iteration
    /// order).
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::value::Value;
    /// let t = Value::tuple(vec![Value::from(1)]);
    /// assert_eq!(t.elements(), Some(&[Value::from(1)][..]));
    /// ```
    pub fn elements(&self) -> Option<&[Value]> {
        match &self.0 {
            Repr::List(s) | Repr::Set(s) | Repr::Tuple(s) => Some(&s.elems),
            _ => None,
        }
    }

    /// The entries of a known map or object, sorted by key.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::value::Value;
    /// let o = Value::object([("b", Value::from(2)), ("a", Value::from(1))]);
    /// let keys: Vec<&str> = o.entries().unwrap().iter().map(|(k, _)| k.as_str()).collect();
    /// assert_eq!(keys, ["a", "b"]);
    /// ```
    pub fn entries(&self) -> Option<&[(String, Value)]> {
        match &self.0 {
            Repr::Map(e) | Repr::Object(e) => Some(&e.entries),
            _ => None,
        }
    }
}

/// Sorts entries by key, keeping the last of equal keys.
fn sort_entries(mut entries: Vec<(String, Value)>) -> Vec<(String, Value)> {
    // A stable sort keeps equal keys in input order; keep the last of each run.
    entries.sort_by(|a, b| a.0.cmp(&b.0));
    // In place: a later entry of a run gives its value to the kept first.
    entries.dedup_by(|later, kept| {
        let same = later.0 == kept.0;
        if same {
            std::mem::swap(&mut later.1, &mut kept.1);
        }
        same
    });
    entries
}

impl From<bool> for Value {
    fn from(b: bool) -> Value {
        Value::bool(b)
    }
}

impl From<&str> for Value {
    fn from(s: &str) -> Value {
        Value::string(s)
    }
}

impl From<String> for Value {
    fn from(s: String) -> Value {
        Value::string(s)
    }
}

impl From<Number> for Value {
    fn from(n: Number) -> Value {
        Value::number(n)
    }
}

impl From<i64> for Value {
    fn from(n: i64) -> Value {
        Value::number(Number::from_i64(n))
    }
}

impl From<i32> for Value {
    fn from(n: i32) -> Value {
        Value::number(Number::from_i64(i64::from(n)))
    }
}
