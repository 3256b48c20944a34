//! Traversal of types: the type of `x.name` and `x[key]` from the type of
//! `x`, for checking expressions without evaluating them.
//!
//! The base kinds follow what evaluation does with values (an object's
//! attribute, a list's or map's element, a tuple's element at a known
//! index), with the same diagnostics. The extended kinds follow
//! `pulumi-model-extensions`: a union is traversed through each member, the
//! result being the union of the traversals that succeed, where a `none`
//! member gives `none` (so `optional(map(string)).x` is
//! `optional(string)`); `promise(T)` and `output(T)` give the traversal of
//! `T` wrapped again. A union none of whose members other than `none` can
//! be traversed is an error, as in Pulumi's code (the extension's text
//! would give `none`).

use std::fmt;

use super::{conversion_safety, mismatch_message, Type};
use crate::diagnostic::Code;
use crate::value::Value;

const UNSUPPORTED_ATTRIBUTE: &str = "Unsupported attribute";
const INVALID_INDEX: &str = "Invalid index";
const NOT_FOUND: &str = "The given key does not identify an element in this collection value";

/// A type cannot be traversed by an attribute or index step. Worded as
/// evaluation words the same failure: [`TraverseError::summary`] is a
/// diagnostic's summary, [`TraverseError::detail`] its detail.
///
/// # Examples
///
/// ```
/// use hcl_core::types::Type;
/// let err = Type::String.traverse_attr("length").unwrap_err();
/// assert_eq!(err.code(), hcl_core::Code::UnsupportedAttribute);
/// assert_eq!(err.summary(), "Unsupported attribute");
/// assert_eq!(err.detail(), "Can't access attributes on a primitive-typed value (string).");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TraverseError {
    code: Code,
    summary: &'static str,
    detail: String,
}

impl TraverseError {
    fn new(code: Code, summary: &'static str, detail: impl Into<String>) -> TraverseError {
        TraverseError {
            code,
            summary,
            detail: detail.into(),
        }
    }

    /// The kind of problem, as a diagnostic's [`Code`].
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// use hcl_core::Code;
    /// let err = Type::String.traverse_attr("length").unwrap_err();
    /// assert_eq!(err.code(), Code::UnsupportedAttribute);
    /// ```
    pub fn code(&self) -> Code {
        self.code
    }

    /// A short phrase: "Unsupported attribute", "Invalid index", ...
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// let err = Type::set(Type::Int).traverse_index(&Type::Int, None).unwrap_err();
    /// assert_eq!(err.summary(), "Invalid index");
    /// ```
    pub fn summary(&self) -> &str {
        self.summary
    }

    /// Full sentences saying what is wrong.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// let err = Type::None.traverse_attr("id").unwrap_err();
    /// assert_eq!(err.detail(), "This value is null, so it does not have any attributes.");
    /// ```
    pub fn detail(&self) -> &str {
        &self.detail
    }
}

impl fmt::Display for TraverseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.summary, self.detail)
    }
}

impl std::error::Error for TraverseError {}

impl Type {
    /// The type of attribute `name` of a value of this type.
    ///
    /// # Errors
    ///
    /// When no value of this type has such an attribute: an object without
    /// it, a primitive, a list or set (whose elements have attributes, not
    /// the collection), `none`, or a union none of whose members other
    /// than `none` has it.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    ///
    /// let bucket = Type::object([("id", Type::String)]);
    /// assert_eq!(bucket.traverse_attr("id").unwrap(), Type::String);
    /// let later = Type::output(bucket.clone());
    /// assert_eq!(later.traverse_attr("id").unwrap(), Type::output(Type::String));
    /// let maybe = Type::optional(Type::map(Type::String));
    /// assert_eq!(maybe.traverse_attr("x").unwrap(), Type::optional(Type::String));
    /// assert!(bucket.traverse_attr("arn").is_err());
    /// ```
    pub fn traverse_attr(&self, name: &str) -> Result<Type, TraverseError> {
        match self {
            Type::Dynamic => Ok(Type::Dynamic),
            Type::None => Err(TraverseError::new(
                Code::AttributeOfNull,
                "Attempt to get attribute from null value",
                "This value is null, so it does not have any attributes.",
            )),
            Type::Union(members) => {
                through_union(members, |m| m.traverse_attr(name)).ok_or_else(|| {
                    TraverseError::new(
                        Code::UnsupportedAttribute,
                        UNSUPPORTED_ATTRIBUTE,
                        format!(
                            "No type this value may have ({}) has an attribute named \"{name}\".",
                            self.pretty()
                        ),
                    )
                })
            }
            Type::Promise(e) => e.traverse_attr(name).map(Type::promise),
            Type::Output(e) => e.traverse_attr(name).map(Type::output),
            Type::Object(_) => self.attribute_type(name).cloned().ok_or_else(|| {
                TraverseError::new(
                    Code::UnsupportedAttribute,
                    UNSUPPORTED_ATTRIBUTE,
                    format!("This object does not have an attribute named \"{name}\"."),
                )
            }),
            Type::Map(e) => Ok((**e).clone()),
            Type::List(e) if e.is_object() => {
                let detail = if e.attribute_type(name).is_some() {
                    format!(
                        "Can't access attributes on a list of objects. Did you mean to access \
                         attribute \"{name}\" for a specific element of the list, or across all \
                         elements of the list?"
                    )
                } else {
                    "Can't access attributes on a list of objects. Did you mean to access an \
                     attribute for a specific element of the list, or across all elements of \
                     the list?"
                        .to_owned()
                };
                Err(TraverseError::new(
                    Code::UnsupportedAttribute,
                    UNSUPPORTED_ATTRIBUTE,
                    detail,
                ))
            }
            Type::Set(e) if e.is_object() => Err(TraverseError::new(
                Code::UnsupportedAttribute,
                UNSUPPORTED_ATTRIBUTE,
                "Can't access attributes on a set of objects. Did you mean to access an \
                 attribute across all elements of the set?",
            )),
            Type::String | Type::Number | Type::Bool | Type::Int => Err(TraverseError::new(
                Code::UnsupportedAttribute,
                UNSUPPORTED_ATTRIBUTE,
                format!(
                    "Can't access attributes on a primitive-typed value ({}).",
                    self.friendly_name()
                ),
            )),
            _ => Err(TraverseError::new(
                Code::UnsupportedAttribute,
                UNSUPPORTED_ATTRIBUTE,
                "This value does not have any attributes.",
            )),
        }
    }

    /// The type of `x[key]` for a value `x` of this type, where `key_type`
    /// is the key's type and `key` its value when it is a constant.
    ///
    /// A list's or map's element type; a tuple's element at a known index,
    /// or the union of its element types at an unknown one; an object's
    /// attribute for a known name, or the union of its attribute types for
    /// an unknown one. Unions and eventual types as for
    /// [`Type::traverse_attr`].
    ///
    /// # Errors
    ///
    /// A key that does not convert to the index type (number for
    /// sequences, string for maps and objects), a known key that names no
    /// element, a null key, or a type without indices (sets, primitives,
    /// `none`).
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// use hcl_core::value::Value;
    ///
    /// let pair = Type::tuple(vec![Type::String, Type::Int]);
    /// assert_eq!(pair.traverse_index(&Type::Int, Some(&Value::from(1))).unwrap(), Type::Int);
    /// assert_eq!(
    ///     pair.traverse_index(&Type::Number, None).unwrap(),
    ///     Type::union([Type::Int, Type::String])
    /// );
    /// let err = pair.traverse_index(&Type::Int, Some(&Value::from(2))).unwrap_err();
    /// assert!(err.detail().ends_with("greater than or equal to the length of the collection."));
    /// let ids = Type::output(Type::list(Type::String));
    /// assert_eq!(ids.traverse_index(&Type::Int, None).unwrap(), Type::output(Type::String));
    /// ```
    pub fn traverse_index(
        &self,
        key_type: &Type,
        key: Option<&Value>,
    ) -> Result<Type, TraverseError> {
        if key.is_some_and(Value::is_null) || key_type.is_none() {
            return Err(TraverseError::new(
                Code::InvalidIndex,
                INVALID_INDEX,
                "Can't use a null value as an indexing key.",
            ));
        }
        match self {
            Type::Dynamic => Ok(Type::Dynamic),
            Type::None => Err(TraverseError::new(
                Code::IndexOfNull,
                "Attempt to index null value",
                "This value is null, so it does not have any indices.",
            )),
            Type::Union(members) => through_union(members, |m| m.traverse_index(key_type, key))
                .ok_or_else(|| {
                    TraverseError::new(
                        Code::InvalidIndex,
                        INVALID_INDEX,
                        format!(
                            "No type this value may have ({}) can be indexed by a key of type {}.",
                            self.pretty(),
                            key_type.pretty()
                        ),
                    )
                }),
            Type::Promise(e) => e.traverse_index(key_type, key).map(Type::promise),
            Type::Output(e) => e.traverse_index(key_type, key).map(Type::output),
            Type::List(e) => {
                key_converts(key_type, &Type::Number)?;
                if let Some(n) = key.and_then(Value::as_number) {
                    sequence_index(n, None)?;
                }
                Ok((**e).clone())
            }
            Type::Map(e) => {
                key_converts(key_type, &Type::String)?;
                Ok((**e).clone())
            }
            Type::Tuple(elems) => {
                key_converts(key_type, &Type::Number)?;
                match key.and_then(Value::as_number) {
                    Some(n) => {
                        let i = sequence_index(n, Some(elems.len()))?;
                        elems.get(i).cloned().ok_or_else(|| {
                            TraverseError::new(Code::InvalidIndex, INVALID_INDEX, NOT_FOUND)
                        })
                    }
                    None if elems.is_empty() => Err(TraverseError::new(
                        Code::InvalidIndex,
                        INVALID_INDEX,
                        format!("{NOT_FOUND}: the collection has no elements."),
                    )),
                    None => Ok(Type::union(elems.iter().cloned())),
                }
            }
            Type::Object(attrs) => {
                key_converts(key_type, &Type::String)?;
                let name = key.and_then(|k| match (k.as_str(), k.as_number()) {
                    (Some(s), _) => Some(s.to_owned()),
                    (_, Some(n)) => super::convert::number_text(n).ok(),
                    _ => None,
                });
                match name {
                    Some(name) => self.attribute_type(&name).cloned().ok_or_else(|| {
                        let hint = if key.is_some_and(|k| k.as_number().is_some()) {
                            " An object only supports looking up attributes by name, not by \
                             numeric index."
                        } else {
                            ""
                        };
                        TraverseError::new(
                            Code::InvalidIndex,
                            INVALID_INDEX,
                            format!("{NOT_FOUND}.{hint}"),
                        )
                    }),
                    None if attrs.is_empty() => Ok(Type::Dynamic),
                    None => Ok(Type::union(attrs.values().cloned())),
                }
            }
            Type::Set(_) => Err(TraverseError::new(
                Code::InvalidIndex,
                INVALID_INDEX,
                "Elements of a set are identified only by their value and don't have any \
                 separate index or key to select with, so it's only possible to perform \
                 operations across all elements of the set.",
            )),
            _ => Err(TraverseError::new(
                Code::InvalidIndex,
                INVALID_INDEX,
                "This value does not have any indices.",
            )),
        }
    }
}

/// The union of the members' successful traversals, a `none` member giving
/// `none`; `None` when no member other than `none` can be traversed.
fn through_union(
    members: &[Type],
    step: impl Fn(&Type) -> Result<Type, TraverseError>,
) -> Option<Type> {
    let mut results = Vec::new();
    let mut traversed = false;
    for member in members {
        if member.is_none() {
            results.push(Type::None);
            continue;
        }
        if let Ok(ty) = step(member) {
            traversed = true;
            results.push(ty);
        }
    }
    traversed.then(|| Type::union(results))
}

fn key_converts(key_type: &Type, want: &Type) -> Result<(), TraverseError> {
    let key_type = key_type.resolve_eventuals().0;
    if key_type.is_dynamic() || conversion_safety(&key_type, want).is_some() {
        return Ok(());
    }
    Err(TraverseError::new(
        Code::InvalidIndex,
        INVALID_INDEX,
        format!("{NOT_FOUND}: {}.", mismatch_message(&key_type, want)),
    ))
}

/// The position a known number key selects in a sequence of `len`
/// elements (of any length when `None`).
fn sequence_index(n: &crate::value::Number, len: Option<usize>) -> Result<usize, TraverseError> {
    if !n.is_integer() || n.is_infinite() {
        return Err(TraverseError::new(
            Code::InvalidIndex,
            INVALID_INDEX,
            format!(
                "{NOT_FOUND}: indexing a sequence requires a whole number, but the given index \
                 has a fractional part."
            ),
        ));
    }
    if n.is_sign_negative() && !n.is_zero() {
        return Err(TraverseError::new(
            Code::InvalidIndex,
            INVALID_INDEX,
            format!("{NOT_FOUND}: a negative number is not a valid index for a sequence."),
        ));
    }
    let Some(len) = len else {
        return Ok(0);
    };
    let index = n
        .to_u64()
        .and_then(|i| usize::try_from(i).ok())
        .filter(|&i| i < len);
    index.ok_or_else(|| {
        TraverseError::new(
            Code::InvalidIndex,
            INVALID_INDEX,
            if len == 0 {
                format!("{NOT_FOUND}: the collection has no elements.")
            } else {
                format!(
                    "{NOT_FOUND}: the given index is greater than or equal to the length of the \
                     collection."
                )
            },
        )
    })
}
