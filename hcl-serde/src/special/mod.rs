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
//! share.

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
