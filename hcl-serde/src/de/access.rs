//! Handing a body's entries to serde: the map of keys and values, enums
//! chosen by a key, and the seeds that ask for a tuple or a struct.

use std::borrow::Cow;

use hcl_core::analysis::Location;
use serde::de::value::BorrowedStrDeserializer;
use serde::de::{self, IntoDeserializer, Visitor};

use super::blocks::BlocksDeserializer;
use super::json::JsonDeserializer;
use super::literal::LiteralDeserializer;
use super::recovery::{Chain, Resume, Spot, StandIn};
use super::session::Session;
use super::value::ValueDeserializer;
use crate::error::{Error, Result};
use crate::special::{Payload, PayloadDeserializer};

use super::entry::{BodyDeserializer, Entry, Item, StructSeed, TupleSeed};

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
    let pending = chain.expecting::<S::Value>();
    // Attribute values are read through a `Spot` only where errors may be
    // recorded on the spot.
    let spot_at = place.filter(|_| chain.may_spot());
    let spots = session.record.spots();
    let result = session.record.guarded(resume, || match item {
        Item::Label(label, _) => {
            let at = label.location();
            let literal = LiteralDeserializer {
                text: label.value,
                at,
                borrowed: session.source.borrow(label.value),
                block_field: None,
            };
            seed.deserialize(literal)
        }
        Item::Attribute(attr, value, shape) => {
            let value = ValueDeserializer::new(&value)
                .shaped(&shape)
                .argument(attr.name)
                .block_field(attr.block_field());
            match spot_at {
                Some(r) => seed.deserialize(Spot::new(
                    value,
                    &session.record,
                    pending,
                    || r.resume(),
                    at,
                )),
                None => seed.deserialize(value),
            }
        }
        Item::Literal(attr, text) => {
            let at = attr.expr_at;
            let borrowed = match &text {
                Cow::Borrowed(text) => session.source.borrow(text),
                Cow::Owned(_) => None,
            };
            let literal = LiteralDeserializer {
                text: &text,
                at,
                borrowed,
                block_field: attr.block_field(),
            };
            match spot_at {
                Some(r) => seed.deserialize(Spot::new(
                    literal,
                    &session.record,
                    pending,
                    || r.resume(),
                    Some(at),
                )),
                None => seed.deserialize(literal),
            }
        }
        Item::Expression(_, expression) => {
            seed.deserialize(PayloadDeserializer(Payload::Expression(expression)))
        }
        Item::NullOfBlock(attr) => {
            let (name, at) = (attr.name, attr.name_at);
            Err(Error::from_diagnostics(
                hcl_core::schema::unsupported_block_argument(name, at).into(),
            ))
        }
        Item::Json(attr, expr) => {
            let json = JsonDeserializer::new(&attr, expr, session, missing);
            match spot_at {
                Some(r) => {
                    seed.deserialize(Spot::new(json, &session.record, pending, || r.resume(), at))
                }
                None => seed.deserialize(json),
            }
        }
        Item::Blocks(name, blocks, target) => {
            let blocks = BlocksDeserializer::new(name, blocks, session, missing)
                .reading(target)
                .expecting(pending);
            seed.deserialize(blocks)
        }
        Item::Body(raw) => seed.deserialize(PayloadDeserializer(Payload::Body(raw))),
        Item::Rest(body, place) => {
            seed.deserialize(BodyDeserializer::new(body, place, session).expecting(pending))
        }
        Item::Empty(field) => seed.deserialize(Empty(field)),
        Item::StandIn(missing_field) => {
            seed.deserialize(StandIn::new(&session.record, missing_field))
        }
    });
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
