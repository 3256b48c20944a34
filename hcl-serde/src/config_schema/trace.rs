//! What a type asks a deserializer for, found by asking it: the tracing
//! deserializer behind [`ConfigSchema::of`](crate::ConfigSchema::of).
//!
//! A type reads a [`Tracer`] as it would read any input; the tracer makes
//! no value of its own, so a read stops at the first thing it asks for
//! that is not a container: the tracer notes the options, sequences and
//! maps on the way there (one element, one entry with the key `""`, each
//! looked into) and what it was (a string, a struct with its serde name
//! and fields, an enum with its variants, ...). Where the answer is a
//! struct, a tuple or an enum, a later read follows a way ([`Step`]s) into
//! it: the struct's map is given the one key of the field asked, the
//! tuple its elements up to the one asked (made of zero values), the enum
//! the variant asked; a way may also go into a map's key, the label that
//! keys a block. At the end of the way the value is traced, or handed
//! to the decoder's own questions ([`probe::shape_for`],
//! [`probe::absent_for`]), so that what a field takes is what decoding
//! says, asked of the field's type by the same code.

use std::cell::RefCell;

use serde::de::{self, DeserializeSeed, IntoDeserializer, Visitor};

use crate::de::fields::StructId;
use crate::de::probe::{self, BlockShape, MAX_DEPTH};
use crate::error::{Error, Result};
use crate::special::{special_types, Special, BODY_PAYLOAD};

/// A step of the way from the type read to the value asked about, where
/// the type cannot be looked through.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// Into the field serde calls this of a struct.
    Field(&'static str),
    /// Into this element of a tuple.
    Element(usize),
    /// Into this variant of an enum.
    Variant(usize),
    /// Into the key of the `n`th map (from `0`) after the step before:
    /// `Key(1)` of a `HashMap<String, HashMap<Kind, T>>` is a `Kind`.
    Key(usize),
}

/// What is asked of the value at the end of the way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ask {
    /// What it asks for: [`Found::nodes`].
    Trace,
    /// Where the block type inside it is ([`probe::shape_for`]), at the
    /// end of a way that ends in a field.
    Shape,
    /// Whether it may be absent ([`probe::absent_for`]), the same.
    Absent,
}

/// What a type asked for, in order, from the end of the way on.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Node {
    Option,
    Seq,
    Map,
    /// A map's key that is neither a string nor an enum's variant (see
    /// [`probe::AnyKey`]): the map's values are not read.
    Keys,
    Bool,
    Number,
    String,
    /// Whatever the input has (`deserialize_any`), a unit or bytes.
    Any,
    /// An [`Expression`](crate::Expression).
    Expression,
    /// A [`RawBody`](crate::RawBody).
    Body,
    Struct(StructId),
    Enum(&'static [&'static str]),
    Tuple(usize),
    /// The variant the way chose: whether it is a unit variant.
    Variant {
        unit: bool,
    },
    /// More containers than a probe looks through.
    TooDeep,
}

/// What one read found.
#[derive(Default, Debug)]
pub(crate) struct Found {
    /// What the value at the end of the way asked for ([`Ask::Trace`]).
    pub(crate) nodes: Vec<Node>,
    /// Its block shape ([`Ask::Shape`]).
    pub(crate) shape: Option<BlockShape>,
    /// Whether it may be absent ([`Ask::Absent`]).
    pub(crate) absent: bool,
}

/// Reads a type from a tracer: `|t| drop(T::deserialize(t))`.
pub(crate) type Reader = for<'r> fn(Tracer<'r>);

/// What `read` finds at the end of `path`, asked `ask`.
pub(crate) fn trace(read: Reader, path: &[Step], ask: Ask) -> Found {
    let found = RefCell::new(Found::default());
    read(Tracer {
        path,
        ask,
        found: &found,
        depth: 0,
        maps: 0,
    });
    found.into_inner()
}

/// Follows a way into a type, and notes what the type asks for at its
/// end; fails every read it cannot answer without a value.
#[derive(Clone, Copy)]
pub(crate) struct Tracer<'r> {
    /// The rest of the way.
    path: &'r [Step],
    ask: Ask,
    found: &'r RefCell<Found>,
    /// The containers since the last step.
    depth: u32,
    /// The maps since the last step.
    maps: usize,
}

fn no() -> Error {
    de::Error::custom("a trace makes no value")
}

impl<'r> Tracer<'r> {
    /// Notes `node`, at the end of the way.
    fn note(&self, node: Node) {
        if self.path.is_empty() {
            self.found.borrow_mut().nodes.push(node);
        }
    }

    /// Notes `node` and fails: the read stops there.
    fn stop<T>(self, node: Node) -> Result<T> {
        self.note(node);
        Err(no())
    }

    /// Notes the container `node`; the tracer of what it holds.
    fn inside(self, node: Node) -> Result<Self> {
        if self.depth >= MAX_DEPTH {
            return self.stop(Node::TooDeep);
        }
        self.note(node);
        Ok(Tracer {
            depth: self.depth + 1,
            ..self
        })
    }

    /// The rest of the way after its first step, when that is `step`.
    fn after(self, step: impl FnOnce(Step) -> bool) -> Option<Self> {
        match self.path.split_first() {
            Some((first, rest)) if step(*first) => Some(Tracer {
                path: rest,
                depth: 0,
                maps: 0,
                ..self
            }),
            _ => None,
        }
    }

    /// Gives `seed` the value just after a step: the rest of the way, or,
    /// at its end, what is asked.
    fn deliver<'de, S: DeserializeSeed<'de>>(self, seed: S) -> Result<S::Value> {
        if !self.path.is_empty() {
            return seed.deserialize(self);
        }
        match self.ask {
            Ask::Trace => seed.deserialize(self),
            Ask::Shape => {
                self.found.borrow_mut().shape = probe::shape_for(seed);
                Err(no())
            }
            Ask::Absent => {
                self.found.borrow_mut().absent = probe::absent_for(seed);
                Err(no())
            }
        }
    }

    fn tuple<'de, V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value> {
        let mut target = None;
        match self.after(|step| {
            target = match step {
                Step::Element(i) if i < len => Some(i),
                _ => None,
            };
            target.is_some()
        }) {
            Some(rest) => visitor.visit_seq(Elements {
                next: 0,
                target: target.unwrap_or_default(),
                rest,
            }),
            None if self.path.is_empty() => self.stop(Node::Tuple(len)),
            None => Err(no()),
        }
    }
}

impl<'de> Special<'de> for Tracer<'_> {
    /// A `Spanned` reads a range before its value: any range will do.
    fn spanned_range(&self) -> Result<Option<hcl_core::Range>> {
        Ok(Some(probe::any_range()))
    }

    fn payload<V: Visitor<'de>>(self, name: &'static str, _visitor: V) -> Result<V::Value> {
        match name == BODY_PAYLOAD {
            true => self.stop(Node::Body),
            false => self.stop(Node::Expression),
        }
    }

    fn plain_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        if self.path.is_empty() {
            return self.stop(Node::Struct(StructId::new(name, fields)));
        }
        let mut key = None;
        let rest = self.after(|step| {
            key = match step {
                Step::Field(field) => fields.iter().copied().find(|f| *f == field),
                _ => None,
            };
            key.is_some()
        });
        match (rest, key) {
            (Some(value), Some(key)) => visitor.visit_map(OneField {
                key: Some(key),
                value,
            }),
            _ => Err(no()),
        }
    }

    fn plain_newtype<V: Visitor<'de>>(self, _name: &'static str, visitor: V) -> Result<V::Value> {
        visitor.visit_newtype_struct(self.inside_newtype()?)
    }
}

impl Tracer<'_> {
    /// A newtype's content: looked through, as a probe does, and not
    /// noted.
    fn inside_newtype(self) -> Result<Self> {
        match self.depth < MAX_DEPTH {
            true => Ok(Tracer {
                depth: self.depth + 1,
                ..self
            }),
            false => self.stop(Node::TooDeep),
        }
    }
}

/// Methods of a deserializer that stop at `$node`.
macro_rules! stop_at {
    ($node:expr => $($method:ident)*) => {
        $(
            fn $method<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value> {
                self.stop($node)
            }
        )*
    };
}

impl<'de> de::Deserializer<'de> for Tracer<'_> {
    type Error = Error;

    stop_at!(Node::Any => deserialize_any deserialize_bytes deserialize_byte_buf
        deserialize_unit deserialize_ignored_any);
    stop_at!(Node::Bool => deserialize_bool);
    stop_at!(Node::Number => deserialize_i8 deserialize_i16 deserialize_i32 deserialize_i64
        deserialize_i128 deserialize_u8 deserialize_u16 deserialize_u32 deserialize_u64
        deserialize_u128 deserialize_f32 deserialize_f64);
    stop_at!(Node::String => deserialize_char deserialize_str deserialize_string
        deserialize_identifier);

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _visitor: V,
    ) -> Result<V::Value> {
        self.stop(Node::Any)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_some(self.inside(Node::Option)?)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_seq(OneElement(Some(self.inside(Node::Seq)?)))
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let maps = self.maps;
        let into_key = self.after(|step| step == Step::Key(maps));
        let value = Tracer {
            maps: maps + 1,
            ..self.inside(Node::Map)?
        };
        visitor.visit_map(OneEntry {
            value,
            into_key,
            key: true,
        })
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value> {
        self.tuple(len, visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        len: usize,
        visitor: V,
    ) -> Result<V::Value> {
        self.tuple(len, visitor)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        let mut chosen = None;
        let rest = self.after(|step| {
            chosen = match step {
                Step::Variant(i) => variants.get(i).copied(),
                _ => None,
            };
            chosen.is_some()
        });
        match (rest, chosen) {
            (Some(tracer), Some(variant)) => visitor.visit_enum(Chosen { variant, tracer }),
            _ if self.path.is_empty() => self.stop(Node::Enum(variants)),
            _ => Err(no()),
        }
    }

    special_types!();
}

/// A sequence of one element, traced.
struct OneElement<'r>(Option<Tracer<'r>>);

impl<'de> de::SeqAccess<'de> for OneElement<'_> {
    type Error = Error;

    fn next_element_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<Option<S::Value>> {
        match self.0.take() {
            Some(tracer) => seed.deserialize(tracer).map(Some),
            None => Ok(None),
        }
    }
}

/// A map of one entry, keyed as a probe keys one ([`probe::AnyKey`]),
/// whose value is traced; or, when the way goes into its key, whose key
/// is.
struct OneEntry<'r> {
    value: Tracer<'r>,
    /// The rest of the way, when it goes into the key.
    into_key: Option<Tracer<'r>>,
    key: bool,
}

impl<'de> de::MapAccess<'de> for OneEntry<'_> {
    type Error = Error;

    fn next_key_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<Option<S::Value>> {
        if !std::mem::replace(&mut self.key, false) {
            return Ok(None);
        }
        if let Some(key) = self.into_key {
            return key.deliver(seed).map(Some);
        }
        seed.deserialize(probe::AnyKey).map(Some).map_err(|_| {
            self.value.note(Node::Keys);
            no()
        })
    }

    fn next_value_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<S::Value> {
        match self.into_key {
            Some(_) => Err(no()),
            None => seed.deserialize(self.value),
        }
    }
}

/// A struct's map with the one field the way goes into.
struct OneField<'r> {
    key: Option<&'static str>,
    value: Tracer<'r>,
}

impl<'de> de::MapAccess<'de> for OneField<'_> {
    type Error = Error;

    fn next_key_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<Option<S::Value>> {
        match self.key.take() {
            Some(key) => {
                let key: de::value::StrDeserializer<'_, Error> = key.into_deserializer();
                seed.deserialize(key).map(Some)
            }
            None => Ok(None),
        }
    }

    fn next_value_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<S::Value> {
        self.value.deliver(seed)
    }
}

/// A tuple's elements up to the one the way goes into: those before it
/// zero values ([`Zero`]), which a type of its own may refuse.
struct Elements<'r> {
    next: usize,
    target: usize,
    rest: Tracer<'r>,
}

impl<'de> de::SeqAccess<'de> for Elements<'_> {
    type Error = Error;

    fn next_element_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<Option<S::Value>> {
        let at = self.next;
        self.next += 1;
        match at.cmp(&self.target) {
            std::cmp::Ordering::Less => seed.deserialize(Zero).map(Some),
            std::cmp::Ordering::Equal => self.rest.deliver(seed).map(Some),
            std::cmp::Ordering::Greater => Err(no()),
        }
    }
}

/// An enum's variant that the way goes into, and what its reader asks of
/// it: a unit variant reads, any other stops.
struct Chosen<'r> {
    variant: &'static str,
    tracer: Tracer<'r>,
}

impl<'de, 'r> de::EnumAccess<'de> for Chosen<'r> {
    type Error = Error;
    type Variant = Tracer<'r>;

    fn variant_seed<S: DeserializeSeed<'de>>(self, seed: S) -> Result<(S::Value, Tracer<'r>)> {
        let name: de::value::StrDeserializer<'_, Error> = self.variant.into_deserializer();
        Ok((seed.deserialize(name)?, self.tracer))
    }
}

impl<'de> de::VariantAccess<'de> for Tracer<'_> {
    type Error = Error;

    fn unit_variant(self) -> Result<()> {
        self.note(Node::Variant { unit: true });
        Ok(())
    }

    fn newtype_variant_seed<S: DeserializeSeed<'de>>(self, _seed: S) -> Result<S::Value> {
        self.stop(Node::Variant { unit: false })
    }

    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, _visitor: V) -> Result<V::Value> {
        self.stop(Node::Variant { unit: false })
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        _fields: &'static [&'static str],
        _visitor: V,
    ) -> Result<V::Value> {
        self.stop(Node::Variant { unit: false })
    }
}

/// Makes the zero value of what is asked: `false`, `0`, `""`, `None`, an
/// empty sequence or map, a struct of none of its fields (which only a
/// struct of optional fields takes); no enum.
struct Zero;

/// Methods of [`Zero`] that answer as `$to` does.
macro_rules! zero_as {
    ($to:ident => $($method:ident)*) => {
        $(
            fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
                self.$to(visitor)
            }
        )*
    };
}

impl<'de> de::Deserializer<'de> for Zero {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_unit()
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_bool(false)
    }

    fn deserialize_u64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_u64(0)
    }

    fn deserialize_f64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_f64(0.0)
    }

    fn deserialize_char<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_char('0')
    }

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_str("")
    }

    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_bytes(&[])
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_none()
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_seq(Nothing)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_map(Nothing)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        _visitor: V,
    ) -> Result<V::Value> {
        Err(no())
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value> {
        visitor.visit_seq(Zeros(len))
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        len: usize,
        visitor: V,
    ) -> Result<V::Value> {
        visitor.visit_seq(Zeros(len))
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        visitor.visit_map(Nothing)
    }

    serde::forward_to_deserialize_any! {
        unit unit_struct ignored_any
    }

    zero_as!(deserialize_u64 => deserialize_i8 deserialize_i16 deserialize_i32 deserialize_i64
        deserialize_i128 deserialize_u8 deserialize_u16 deserialize_u32 deserialize_u128);
    zero_as!(deserialize_f64 => deserialize_f32);
    zero_as!(deserialize_str => deserialize_string deserialize_identifier);
    zero_as!(deserialize_bytes => deserialize_byte_buf);
}

/// An empty sequence or map.
struct Nothing;

impl<'de> de::SeqAccess<'de> for Nothing {
    type Error = Error;

    fn next_element_seed<S: DeserializeSeed<'de>>(&mut self, _seed: S) -> Result<Option<S::Value>> {
        Ok(None)
    }
}

impl<'de> de::MapAccess<'de> for Nothing {
    type Error = Error;

    fn next_key_seed<S: DeserializeSeed<'de>>(&mut self, _seed: S) -> Result<Option<S::Value>> {
        Ok(None)
    }

    fn next_value_seed<S: DeserializeSeed<'de>>(&mut self, _seed: S) -> Result<S::Value> {
        Err(no())
    }
}

/// A tuple of `.0` zero values.
struct Zeros(usize);

impl<'de> de::SeqAccess<'de> for Zeros {
    type Error = Error;

    fn next_element_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<Option<S::Value>> {
        if self.0 == 0 {
            return Ok(None);
        }
        self.0 -= 1;
        seed.deserialize(Zero).map(Some)
    }
}
