//! Handing a body's entries to serde: the map of keys and values, enums
//! chosen by a key, and the seeds that ask for a tuple or a struct.

use std::borrow::Cow;

use hcl_core::analysis::{ExprRef, Location};
use hcl_core::schema::{Body, Label};
use hcl_core::Value;
use serde::de::value::BorrowedStrDeserializer;
use serde::de::{self, IntoDeserializer, Visitor};

use super::blocks::BlocksDeserializer;
use super::json::JsonDeserializer;
use super::literal::LiteralDeserializer;
use super::recovery::{Chain, Inner, Pending, Place, Resume, Spot, StandIn};
use super::session::Session;
use super::shape::Shape;
use super::value::ValueDeserializer;
use crate::error::{Error, Result};
use crate::special::{Payload, PayloadDeserializer};

use super::entry::{
    AttrAt, BlockTarget, Blocks, BodyDeserializer, Entry, Item, PlaceOf, StructSeed, TupleSeed,
};

/// The keys of a body, for serde's `visit_map`.
pub(crate) struct BodyAccess<'a, 's, 'de> {
    entries: std::vec::IntoIter<Entry<'a>>,
    pending: Option<Item<'a>>,
    session: &'s Session<'s, 'de>,
    missing: Option<Location<'a>>,
    /// The chain of the body's target, for errors recorded on the spot.
    chain: Chain,
}

impl<'de, 'a, 's> BodyAccess<'a, 's, 'de> {
    /// The keys of `entries`, in order; `missing` is where a missing one
    /// would go.
    pub(crate) fn new(
        entries: Vec<Entry<'a>>,
        session: &'s Session<'s, 'de>,
        missing: Option<Location<'a>>,
    ) -> Self {
        BodyAccess {
            entries: entries.into_iter(),
            pending: None,
            session,
            missing,
            chain: Chain::NONE,
        }
    }

    /// The same, for a target of `chain`.
    pub(crate) fn on(self, chain: Chain) -> Self {
        BodyAccess { chain, ..self }
    }
}

/// Reads `item` into `seed`; an error gets the place where a next pass
/// carries on past it. `chain` is that of the body's target.
fn deserialize_item<'de, 'a, S: de::DeserializeSeed<'de>>(
    item: Item<'a>,
    seed: S,
    session: &Session<'_, 'de>,
    missing: Option<Location<'a>>,
    chain: Chain,
) -> Result<S::Value> {
    let record = &session.record;
    record.work.set(record.work.get() + 1);
    // Only a pass after an error reads stand-ins.
    if session.resume.any() && item.is_stand_in(session) {
        let missing_field = match item {
            Item::StandIn(missing_field) => missing_field,
            _ => None,
        };
        return seed.deserialize(StandIn::new(&session.record, missing_field));
    }
    // Where the item is, and its key in the error's path.
    let at = item.location();
    let key = item.key();
    let place = item.place_of();
    let resume = || place.map(|p| Resume::Value(p.place()));
    // Attribute values are read through a `Spot` only where errors may be
    // recorded on the spot.
    let how = Reading {
        session,
        missing,
        pending: chain.expecting::<S::Value>(),
        spot_at: place.filter(|_| chain.may_spot()),
        at,
    };
    let spots = session.record.spots();
    let result = session.record.guarded(resume, || how.item(seed, item));
    session.record.on_the_path(spots, result, |e| {
        let e = match at {
            Some(at) => e.or_at(at),
            None => e,
        };
        match key {
            Some(key) => e.add_key(key),
            None => e,
        }
    })
}

/// How an item of a body is read.
#[derive(Clone, Copy)]
struct Reading<'s, 'c, 'de, 'a> {
    session: &'s Session<'c, 'de>,
    missing: Option<Location<'a>>,
    /// The read of the item's target.
    pending: Pending,
    /// The item's place, where its errors may be recorded on the spot.
    spot_at: Option<PlaceOf<'a>>,
    /// Where the item is.
    at: Option<Location<'a>>,
}

impl<'de, 'a> Reading<'_, '_, 'de, 'a> {
    /// Reads `item` into `seed`. Items that hold bodies, which nested
    /// blocks are read through, are read by a function of their own, so
    /// that the frames of deeply nested reads hold no other kind's room.
    fn item<S: de::DeserializeSeed<'de>>(self, seed: S, item: Item<'a>) -> Result<S::Value> {
        match item {
            Item::Blocks(name, blocks, target) => self.blocks(seed, name, blocks, target),
            Item::Rest(body, place) => self.rest(seed, body, place),
            Item::Json(attr, expr) => self.json(seed, attr, expr),
            item => self.value(seed, item),
        }
    }

    /// Reads `item`, one that holds no body, into `seed`.
    fn value<S: de::DeserializeSeed<'de>>(self, seed: S, item: Item<'a>) -> Result<S::Value> {
        match item {
            Item::Label(label, _) => self.label(seed, label),
            Item::Attribute(attr, value, shape) => self.attribute(seed, attr, &value, &shape),
            Item::Literal(attr, text) => self.literal(seed, attr, text),
            Item::Expression(_, expression) => {
                seed.deserialize(PayloadDeserializer(Payload::Expression(expression)))
            }
            Item::NullOfBlock(attr) => Err(Error::from_diagnostics(
                hcl_core::schema::unsupported_block_argument(attr.name, attr.name_at).into(),
            )),
            Item::Body(raw) => seed.deserialize(PayloadDeserializer(Payload::Body(raw))),
            Item::Empty(field) => seed.deserialize(Empty(field)),
            Item::StandIn(missing_field) => {
                seed.deserialize(StandIn::new(&self.session.record, missing_field))
            }
            Item::Blocks(name, blocks, target) => self.blocks(seed, name, blocks, target),
            Item::Rest(body, place) => self.rest(seed, body, place),
            Item::Json(attr, expr) => self.json(seed, attr, expr),
        }
    }

    fn label<S: de::DeserializeSeed<'de>>(self, seed: S, label: Label<'a>) -> Result<S::Value> {
        seed.deserialize(LiteralDeserializer {
            text: label.value,
            at: label.location(),
            borrowed: self.session.source.borrow(label.value),
            block_field: None,
        })
    }

    fn attribute<S: de::DeserializeSeed<'de>>(
        self,
        seed: S,
        attr: AttrAt<'a>,
        value: &Value,
        shape: &Shape<'_>,
    ) -> Result<S::Value> {
        let value = ValueDeserializer::new(value)
            .shaped(shape)
            .argument(attr.name)
            .block_field(attr.block_field());
        self.spotted(seed, value, self.at)
    }

    fn literal<S: de::DeserializeSeed<'de>>(
        self,
        seed: S,
        attr: AttrAt<'a>,
        text: Cow<'a, str>,
    ) -> Result<S::Value> {
        let at = attr.expr_at;
        let borrowed = match &text {
            Cow::Borrowed(text) => self.session.source.borrow(text),
            Cow::Owned(_) => None,
        };
        let literal = LiteralDeserializer {
            text: &text,
            at,
            borrowed,
            block_field: attr.block_field(),
        };
        self.spotted(seed, literal, Some(at))
    }

    fn json<S: de::DeserializeSeed<'de>>(
        self,
        seed: S,
        attr: AttrAt<'a>,
        expr: ExprRef<'a>,
    ) -> Result<S::Value> {
        let json =
            JsonDeserializer::new(&attr, expr, self.session, self.missing).expecting(self.pending);
        self.spotted(seed, json, self.at)
    }

    fn blocks<S: de::DeserializeSeed<'de>>(
        self,
        seed: S,
        name: &'a str,
        blocks: Blocks<'a>,
        target: BlockTarget,
    ) -> Result<S::Value> {
        let blocks = BlocksDeserializer::new(name, blocks, self.session, self.missing)
            .reading(target)
            .expecting(self.pending);
        seed.deserialize(blocks)
    }

    fn rest<S: de::DeserializeSeed<'de>>(
        self,
        seed: S,
        body: Body<'a>,
        place: Place,
    ) -> Result<S::Value> {
        seed.deserialize(BodyDeserializer::new(body, place, self.session).expecting(self.pending))
    }

    /// Reads `inner`, an attribute's value, into `seed`: through a [`Spot`]
    /// where its errors may be recorded on the spot.
    fn spotted<S: de::DeserializeSeed<'de>, D: Inner<'de>>(
        self,
        seed: S,
        inner: D,
        at: Option<Location<'a>>,
    ) -> Result<S::Value> {
        let record = &self.session.record;
        match self.spot_at {
            Some(place) => seed.deserialize(Spot::new(
                inner,
                record,
                self.pending,
                || place.resume(),
                at,
            )),
            None => seed.deserialize(inner),
        }
    }
}

impl<'de> de::MapAccess<'de> for BodyAccess<'_, '_, 'de> {
    type Error = Error;

    fn next_key_seed<K: de::DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>> {
        let Some(entry) = self.entries.next() else {
            return Ok(None);
        };
        let key = entry.key;
        self.pending = Some(entry.item);
        match self.session.source.borrow(key) {
            Some(key) => seed
                .deserialize(BorrowedStrDeserializer::new(key))
                .map(Some),
            None => seed.deserialize(key.into_deserializer()).map(Some),
        }
    }

    fn next_value_seed<S: de::DeserializeSeed<'de>>(&mut self, seed: S) -> Result<S::Value> {
        match self.pending.take() {
            Some(item) => deserialize_item(item, seed, self.session, self.missing, self.chain),
            None => Err(Error::value_before_key()),
        }
    }

    /// serde's derive reads each field by its type, which tells an
    /// `Option` of a block type: its argument `null` is refused as schema
    /// processing refuses an argument of a block's name (serde would read
    /// `None` without asking what the `Option` holds).
    fn next_value<V: de::Deserialize<'de>>(&mut self) -> Result<V> {
        if let Some(Item::Attribute(attr, value, _)) = &self.pending {
            if attr.either && value.is_null() && super::probe::block_shape::<V>().is_some() {
                self.pending = Some(Item::NullOfBlock(*attr));
            }
        }
        self.next_value_seed(std::marker::PhantomData)
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.entries.len())
    }
}

/// A body's only entry as an enum: its name is the variant.
pub(crate) struct EntryEnum<'a, 's, 'de> {
    pub(crate) entry: Entry<'a>,
    pub(crate) session: &'s Session<'s, 'de>,
    pub(crate) missing: Option<Location<'a>>,
}

impl<'de, 'a, 's> de::EnumAccess<'de> for EntryEnum<'a, 's, 'de> {
    type Error = Error;
    type Variant = EntryVariant<'a, 's, 'de>;

    fn variant_seed<V: de::DeserializeSeed<'de>>(
        self,
        seed: V,
    ) -> Result<(V::Value, Self::Variant)> {
        let key = self.entry.key;
        let key: de::value::StrDeserializer<'_, Error> = key.into_deserializer();
        let variant = seed.deserialize(key)?;
        Ok((
            variant,
            EntryVariant {
                item: self.entry.item,
                session: self.session,
                missing: self.missing,
            },
        ))
    }
}

pub(crate) struct EntryVariant<'a, 's, 'de> {
    item: Item<'a>,
    session: &'s Session<'s, 'de>,
    missing: Option<Location<'a>>,
}

impl<'de> de::VariantAccess<'de> for EntryVariant<'_, '_, 'de> {
    type Error = Error;

    fn unit_variant(self) -> Result<()> {
        let seed = std::marker::PhantomData::<de::IgnoredAny>;
        deserialize_item(self.item, seed, self.session, self.missing, Chain::NONE).map(|_| ())
    }

    fn newtype_variant_seed<T: de::DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value> {
        deserialize_item(self.item, seed, self.session, self.missing, Chain::NONE)
    }

    fn tuple_variant<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value> {
        let seed = TupleSeed { len, visitor };
        deserialize_item(self.item, seed, self.session, self.missing, Chain::NONE)
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        let seed = StructSeed { fields, visitor };
        deserialize_item(self.item, seed, self.session, self.missing, Chain::NONE)
    }
}

/// An absent sequence or map field that may be absent: empty, or `None`
/// of an `Option` of one; any other type finds the field missing.
struct Empty(&'static str);

impl<'de> de::Deserializer<'de> for Empty {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value> {
        Err(de::Error::missing_field(self.0))
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_none()
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_seq(de::value::SeqDeserializer::<_, Error>::new(
            std::iter::empty::<()>(),
        ))
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_map(de::value::MapDeserializer::<_, Error>::new(
            std::iter::empty::<((), ())>(),
        ))
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value> {
        visitor.visit_newtype_struct(self)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct tuple tuple_struct struct enum
        identifier ignored_any
    }
}
