//! Errors recorded where the decoder finds them: a value or a body level
//! that the decoder itself refuses (an
//! attribute's value of the wrong type or out of range, an unknown value,
//! an unsupported argument, an expression that does not evaluate) is
//! recorded on the spot, and the target is given a [`StandIn`] instead, so
//! that the pass goes on to the next error instead of ending there.
//!
//! That is only sound where the error, had it been returned, would have
//! reached the top of the decode: a `Deserialize` between it and the top
//! may swallow it (a `deserialize_with` that falls back on a default),
//! and then it is no error of the decode. serde cannot say what a target
//! does with an error, so a [`Chain`] of witnesses says which targets are
//! known to pass errors on: a target whose visitor produces the very type
//! its caller asked for (`T::deserialize` calling the deserializer with a
//! visitor of `T`, as serde's derive and every impl of the standard types
//! do) passes on the errors of its deserializer. A target that reads
//! through another type (`deserialize_with`, `from`, an untagged enum's
//! buffer, a newtype's impl calling its field's) breaks the chain, and
//! below it errors travel out as in any pass, one pass each.
//!
//! The decode's first error keeps its path however it was found: each
//! read that adds a key to the path of an error on its way out adds it to
//! that of the first error recorded inside it too
//! ([`PassRecord::on_the_path`]).

use std::any::type_name;
use std::cell::RefCell;

use hcl_core::analysis::Location;
use serde::de::{self, Deserializer, Visitor};

use super::{PassRecord, Resume, StandIn};
use crate::error::{Error, Result};

/// Whether every target from the top of the decode down to a read is
/// known to pass errors on, in a pass that records them on the spot.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Chain {
    direct: bool,
}

impl Chain {
    /// No chain: errors below travel out.
    pub(crate) const NONE: Chain = Chain { direct: false };

    /// The top of the decode, in the pass of `record`.
    pub(crate) fn root(record: &PassRecord) -> Chain {
        Chain {
            direct: record.spot_room > 0,
        }
    }

    /// Whether errors below may be recorded on the spot.
    pub(crate) fn may_spot(self) -> bool {
        self.direct
    }

    /// The chain of a read into `T` below this one, before the target has
    /// asked for anything.
    pub(crate) fn expecting<T: ?Sized>(self) -> Pending {
        Pending {
            parent: self,
            expected: if self.direct { type_name::<T>() } else { "" },
        }
    }
}

/// A read of a target by its caller, which asked for a type: the chain
/// goes on only if the target's visitor produces that type.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Pending {
    parent: Chain,
    expected: &'static str,
}

impl Pending {
    /// No chain.
    pub(crate) const NONE: Pending = Pending {
        parent: Chain::NONE,
        expected: "",
    };

    /// The chain as the target enters the deserializer with a visitor
    /// that produces `V`.
    #[inline]
    pub(crate) fn enter<V: ?Sized>(self) -> Chain {
        Chain {
            direct: self.parent.direct && same(self.expected, type_name::<V>()),
        }
    }

    /// The read of what an `Option` of the type `V` holds, by the
    /// `Option`'s visitor in `visit_some`; `chain` is the `Option`'s.
    pub(crate) fn option_inner<V: ?Sized>(chain: Chain) -> Pending {
        let inner = type_name::<V>()
            .strip_prefix("core::option::Option<")
            .and_then(|rest| rest.strip_suffix('>'));
        match inner {
            Some(inner) if chain.direct => Pending {
                parent: chain,
                expected: inner,
            },
            _ => Pending::NONE,
        }
    }
}

/// Two type names the same: the same `&'static str` for the same type in
/// most builds, compared by text otherwise.
fn same(a: &str, b: &str) -> bool {
    !a.is_empty() && (std::ptr::eq(a, b) || a == b)
}

impl PassRecord {
    /// Records `err` on the spot, where a next pass would carry on at
    /// `resume`, if `chain` allows and the decode's limit of errors has
    /// room; gives it back if it must travel out instead.
    pub(crate) fn spot(&self, chain: Chain, err: Error, resume: Resume) -> Option<Error> {
        let mut spotted = self.spotted.borrow_mut();
        if !chain.direct || spotted.len() >= self.spot_room {
            return Some(err);
        }
        spotted.push((err, resume));
        self.spot_count.set(spotted.len());
        None
    }

    /// How many errors were recorded on the spot so far: taken as a read
    /// that adds to an error's path starts, for [`PassRecord::on_the_path`].
    #[inline]
    pub(crate) fn spots(&self) -> usize {
        self.spot_count.get()
    }

    /// Gives the error of `result` what the read adds to its path on the
    /// way out (`step`), and so to the decode's first error if the read
    /// recorded it on the spot: the first error's path names every read
    /// it was found in, whether it left them as an error or not. `spots`
    /// is [`PassRecord::spots`] as the read started.
    #[inline]
    pub(crate) fn on_the_path<T>(
        &self,
        spots: usize,
        result: Result<T>,
        step: impl Fn(Error) -> Error,
    ) -> Result<T> {
        if spots == 0 && self.first && self.spot_count.get() > 0 {
            if let Some((first, _)) = self.spotted.borrow_mut().first_mut() {
                let taken = std::mem::replace(first, Error::value_before_key());
                *first = step(taken);
            }
        }
        result.map_err(step)
    }
}

/// What a [`Spot`] needs of the deserializer it wraps.
pub(crate) trait Inner<'de>: Deserializer<'de, Error = Error> {
    /// Whether an `Option` target reads `None` from it.
    fn is_null(&self) -> bool;
}

/// A deserializer of an attribute's value whose own refusals are recorded
/// on the spot (see the module's docs).
pub(crate) struct Spot<'r, 'a, D, R> {
    inner: D,
    record: &'r PassRecord,
    pending: Pending,
    /// Where a next pass would carry on past a refusal: found only for
    /// one.
    resume: R,
    /// Where the value was written, for errors without a place.
    at: Option<Location<'a>>,
}

impl<'r, 'a, D, R: Fn() -> Resume> Spot<'r, 'a, D, R> {
    pub(crate) fn new(
        inner: D,
        record: &'r PassRecord,
        pending: Pending,
        resume: R,
        at: Option<Location<'a>>,
    ) -> Self {
        Spot {
            inner,
            record,
            pending,
            resume,
            at,
        }
    }
}

/// The visitor of a [`Spot`], lent to the inner deserializer: taken from
/// its cell when the inner deserializer visits it, and left there when it
/// refuses the value without a visit.
struct Lent<'c, V>(&'c RefCell<Option<V>>);

impl<V> Lent<'_, V> {
    fn take<E: de::Error>(&self) -> Result<V, E> {
        self.0
            .borrow_mut()
            .take()
            .ok_or_else(|| E::custom("a visitor was visited twice"))
    }
}

macro_rules! lend {
    ($($visit:ident($($arg:ident: $ty:ty),*))*) => {$(
        fn $visit<E: de::Error>(self, $($arg: $ty),*) -> Result<Self::Value, E> {
            self.take()?.$visit($($arg),*)
        }
    )*};
}

impl<'de, V: Visitor<'de>> Visitor<'de> for Lent<'_, V> {
    type Value = V::Value;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &*self.0.borrow() {
            Some(visitor) => visitor.expecting(f),
            None => f.write_str("a value"),
        }
    }

    lend! {
        visit_bool(v: bool)
        visit_i8(v: i8)
        visit_i16(v: i16)
        visit_i32(v: i32)
        visit_i64(v: i64)
        visit_i128(v: i128)
        visit_u8(v: u8)
        visit_u16(v: u16)
        visit_u32(v: u32)
        visit_u64(v: u64)
        visit_u128(v: u128)
        visit_f32(v: f32)
        visit_f64(v: f64)
        visit_char(v: char)
        visit_str(v: &str)
        visit_borrowed_str(v: &'de str)
        visit_string(v: String)
        visit_bytes(v: &[u8])
        visit_borrowed_bytes(v: &'de [u8])
        visit_byte_buf(v: Vec<u8>)
        visit_none()
        visit_unit()
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        self.take()?.visit_some(d)
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        self.take()?.visit_newtype_struct(d)
    }

    fn visit_seq<A: de::SeqAccess<'de>>(self, seq: A) -> Result<Self::Value, A::Error> {
        self.take()?.visit_seq(seq)
    }

    fn visit_map<A: de::MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        self.take()?.visit_map(map)
    }

    fn visit_enum<A: de::EnumAccess<'de>>(self, data: A) -> Result<Self::Value, A::Error> {
        self.take()?.visit_enum(data)
    }
}

impl<'r, 'de, D: Inner<'de>, R: Fn() -> Resume> Spot<'r, '_, D, R> {
    /// Reads the inner deserializer with `read`, lending it the visitor,
    /// and `stand_in` with the visitor when the inner one refused the
    /// value without visiting it and the error is recorded on the spot.
    fn read<V: Visitor<'de>>(
        self,
        visitor: V,
        read: impl FnOnce(D, Lent<'_, V>) -> Result<V::Value>,
        stand_in: impl FnOnce(StandIn<'r>, V) -> Result<V::Value>,
    ) -> Result<V::Value> {
        let chain = self.pending.enter::<V::Value>();
        let cell = RefCell::new(Some(visitor));
        let scope = self.record.scope();
        let result = read(self.inner, Lent(&cell));
        let (err, visitor) = match (result, cell.into_inner()) {
            (Err(err), Some(visitor)) => (err, visitor),
            (result, _) => return result,
        };
        // A refusal that named a place of its own to carry on from (blocks
        // that a next pass leaves out) travels out to it.
        if self.record.failure_in(scope).is_some() {
            return Err(err);
        }
        let err = match self.at {
            Some(at) => err.or_at(at),
            None => err,
        };
        match self.record.spot(chain, err, (self.resume)()) {
            Some(err) => Err(err),
            None => {
                self.record.succeeded(scope);
                stand_in(StandIn::new(self.record, None), visitor)
            }
        }
    }
}

macro_rules! spot {
    ($($method:ident($($arg:ident: $ty:ty),*))*) => {$(
        fn $method<V: Visitor<'de>>(self, $($arg: $ty,)* visitor: V) -> Result<V::Value> {
            if !self.pending.parent.direct {
                return self.inner.$method($($arg,)* visitor);
            }
            self.read(
                visitor,
                |inner, lent| inner.$method($($arg,)* lent),
                |stand_in, visitor| stand_in.$method($($arg,)* visitor),
            )
        }
    )*};
}

impl<'de, D: Inner<'de>, R: Fn() -> Resume> Deserializer<'de> for Spot<'_, '_, D, R> {
    type Error = Error;

    spot! {
        deserialize_any()
        deserialize_bool()
        deserialize_i8()
        deserialize_i16()
        deserialize_i32()
        deserialize_i64()
        deserialize_i128()
        deserialize_u8()
        deserialize_u16()
        deserialize_u32()
        deserialize_u64()
        deserialize_u128()
        deserialize_f32()
        deserialize_f64()
        deserialize_char()
        deserialize_str()
        deserialize_string()
        deserialize_bytes()
        deserialize_byte_buf()
        deserialize_unit()
        deserialize_unit_struct(name: &'static str)
        deserialize_newtype_struct(name: &'static str)
        deserialize_seq()
        deserialize_tuple(len: usize)
        deserialize_tuple_struct(name: &'static str, len: usize)
        deserialize_map()
        deserialize_struct(name: &'static str, fields: &'static [&'static str])
        deserialize_enum(name: &'static str, variants: &'static [&'static str])
        deserialize_identifier()
        deserialize_ignored_any()
    }

    /// An `Option` holds what the value is unless it is null: its refusals
    /// are the value's, recorded on the spot as well.
    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let chain = self.pending.enter::<V::Value>();
        if !chain.direct || self.inner.is_null() {
            return self.inner.deserialize_option(visitor);
        }
        let pending = Pending::option_inner::<V::Value>(chain);
        visitor.visit_some(Spot { pending, ..self })
    }

    fn is_human_readable(&self) -> bool {
        self.inner.is_human_readable()
    }
}
