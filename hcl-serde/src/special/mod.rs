//! Types that only this crate's deserializer can fill: a value with its
//! source range ([`Spanned`]), a body kept for later ([`RawBody`]) and an
//! unevaluated expression ([`Expression`]).
//!
//! Serde's data model has no place for a source range or a syntax tree, so
//! the deserializer hands them over beside it: it puts the payload in a
//! thread-local slot and calls the visitor, which takes it straight back
//! out. A deserializer of another format never fills the slot, and the
//! visitor reports that the type can only be read from HCL.
//!
//! One file per special type: [`Spanned`] in `spanned`, [`RawBody`] in
//! `raw_body`, [`Expression`] in `expression`; here the hand-over they
//! share, and the one dispatch every deserializer of the crate uses for
//! them ([`Special`], [`special_types!`]): each says where its value is and
//! what a payload of it is, and nothing else of the special types.

mod expression;
mod raw_body;
mod spanned;

use std::cell::RefCell;
use std::fmt;

use hcl_core::Range;
use serde::de::{self, Deserializer, Visitor};

use crate::error::{Error, Result};

pub use expression::Expression;
pub use raw_body::RawBody;
pub use spanned::Spanned;
pub(crate) use spanned::SpannedAccess;

/// The newtype name under which [`Payload`]s travel.
pub(crate) const PAYLOAD: &str = "$hcl:payload";
/// The newtype name under which a [`RawBody`]'s payload travels: a block
/// type, which an argument cannot fill.
pub(crate) const BODY_PAYLOAD: &str = "$hcl:payload:body";

/// Whether a newtype of this name asks for a [`Payload`].
pub(crate) fn is_payload(name: &str) -> bool {
    name == PAYLOAD || name == BODY_PAYLOAD
}

/// The struct name [`Spanned`] asks for.
pub(crate) const SPANNED: &str = "$hcl:Spanned";
/// The newtype name under which an [`Expression`] serializes its text.
pub(crate) const EXPRESSION: &str = "$hcl:Expression";
/// The newtype name under which a [`RawBody`] serializes its items.
pub(crate) const RAW_BODY: &str = "$hcl:RawBody";
/// The same, for a body of the JSON syntax, whose items are JSON
/// properties: the HCL writer cannot write them in the native syntax.
pub(crate) const RAW_JSON_BODY: &str = "$hcl:RawBody:json";

/// What travels beside serde's data.
pub(crate) enum Payload {
    Range(Range),
    Body(RawBody),
    Expression(Expression),
}

thread_local! {
    static SLOT: RefCell<Option<Payload>> = const { RefCell::new(None) };
}

fn put(payload: Payload) {
    SLOT.with(|slot| *slot.borrow_mut() = Some(payload));
}

fn take() -> Option<Payload> {
    SLOT.with(|slot| slot.borrow_mut().take())
}

/// Hands one payload to the visitor of a special type.
pub(crate) struct PayloadDeserializer(pub(crate) Payload);

impl<'de> Deserializer<'de> for PayloadDeserializer {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        put(self.0);
        let result = visitor.visit_unit();
        // A visitor that did not take it leaves nothing behind.
        take();
        result
    }

    /// A payload is there: `Some` of the special type.
    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_some(self)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct newtype_struct seq tuple
        tuple_struct map struct enum identifier ignored_any
    }
}

/// The visitor of a special type: takes its payload from the slot.
struct PayloadVisitor<T>(&'static str, fn(Payload) -> Option<T>);

impl<'de, T> Visitor<'de> for PayloadVisitor<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}, which can only be read from HCL", self.0)
    }

    fn visit_unit<E: de::Error>(self) -> Result<T, E> {
        take()
            .and_then(self.1)
            .ok_or_else(|| E::custom(format!("{} can only be read from HCL", self.0)))
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(self, deserializer: D) -> Result<T, D::Error> {
        deserializer.deserialize_unit(self)
    }
}

/// A deserializer of this crate as the special types read it: where its
/// value is, and what a [`RawBody`] or an [`Expression`] of it is. Its
/// `deserialize_struct` and `deserialize_newtype_struct` are those of
/// [`special_types!`], which take the special types' names and hand every
/// other struct and newtype to [`Special::plain_struct`] and
/// [`Special::plain_newtype`].
pub(crate) trait Special<'de>: Deserializer<'de, Error = Error> + Sized {
    /// The range of the value, for a `Spanned`; an error where this
    /// deserializer cannot read one.
    fn spanned_range(&self) -> Result<Option<Range>>;

    /// The value read as the payload `name` (see [`is_payload`]): a body
    /// or an expression.
    fn payload<V: Visitor<'de>>(self, name: &'static str, visitor: V) -> Result<V::Value>;

    /// A struct that is not a special type.
    fn plain_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value>;

    /// A newtype that is not a special type: its content, this value.
    fn plain_newtype<V: Visitor<'de>>(self, _name: &'static str, visitor: V) -> Result<V::Value> {
        visitor.visit_newtype_struct(self)
    }
}

/// `deserialize_struct` of a [`Special`] deserializer.
pub(crate) fn read_struct<'de, D: Special<'de>, V: Visitor<'de>>(
    de: D,
    name: &'static str,
    fields: &'static [&'static str],
    visitor: V,
) -> Result<V::Value> {
    if name == SPANNED {
        let range = de.spanned_range()?;
        return visitor.visit_map(SpannedAccess::new(range, de));
    }
    de.plain_struct(name, fields, visitor)
}

/// `deserialize_newtype_struct` of a [`Special`] deserializer.
pub(crate) fn read_newtype<'de, D: Special<'de>, V: Visitor<'de>>(
    de: D,
    name: &'static str,
    visitor: V,
) -> Result<V::Value> {
    if is_payload(name) {
        return de.payload(name, visitor);
    }
    de.plain_newtype(name, visitor)
}

/// The `deserialize_struct` and `deserialize_newtype_struct` of a
/// [`Special`] deserializer, inside its `Deserializer` impl.
macro_rules! special_types {
    () => {
        fn deserialize_struct<V: serde::de::Visitor<'de>>(
            self,
            name: &'static str,
            fields: &'static [&'static str],
            visitor: V,
        ) -> $crate::error::Result<V::Value> {
            $crate::special::read_struct(self, name, fields, visitor)
        }

        fn deserialize_newtype_struct<V: serde::de::Visitor<'de>>(
            self,
            name: &'static str,
            visitor: V,
        ) -> $crate::error::Result<V::Value> {
            $crate::special::read_newtype(self, name, visitor)
        }
    };
}
pub(crate) use special_types;
