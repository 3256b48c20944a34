//! Reading a body of the JSON syntax, where the target, not the text,
//! tells an attribute from a block.
//!
//! A JSON property is the same text whether it stands for an argument or
//! for blocks: `"service": {"web": {"port": 80}}` is an argument whose
//! value is an object, or a `service` block labeled `web`. Schema
//! processing needs the schema to say which (and how many labels); here the
//! target's type says it, level by level, as the decode descends:
//!
//! - A body is read as every body is (`BodyDeserializer::read`, with the
//!   schema of its target's fields): a field's property comes as an
//!   attribute whether the field takes an attribute or blocks, since the
//!   schema leaves a block field's labels to the reader
//!   (`BlockHeaderSchema::any_labels`); its value is not evaluated yet.
//! - A struct target reads the value as blocks, with one label per
//!   `#[hcl(label)]` field (`Block::from_json_value`, the JSON syntax's
//!   rules for label levels, arrays and `null`), and takes exactly one.
//! - A sequence target reads an object or array as blocks too when its
//!   first element is a struct, so that an object of label levels gives
//!   one element per block; otherwise its elements are the array's.
//! - A map target takes an object's property names as keys (one label
//!   level of blocks, or the keys of an object value).
//! - `Option` reads `null` as `None` (in the JSON syntax, a block body of
//!   `null` is no block).
//! - Every other target evaluates the value, as an attribute's, with the
//!   property strings as templates.
//!
//! So a `#[hcl]` struct reads a JSON file exactly as its native twin, and a
//! plain struct reads nested objects as blocks or values as its fields'
//! types ask.

use std::cell::RefCell;

use hcl_core::analysis::{Constructor, Elements, ExprRef, Location, Pairs, StaticPair};
use hcl_core::schema::Block;
use hcl_core::Span;
use serde::de::{self, Visitor};

use super::blocks::BlocksDeserializer;
use super::entry::{AttrAt, BlockRef, Blocks, BlocksIter};
use super::fields::StructId;
use super::literal::LiteralDeserializer;
use super::recovery::{Chain, Pending, Place};
use super::session::Session;
use super::shape::Shape;
use super::value::ValueDeserializer;
use crate::error::{Error, Result};
use crate::special::{special_types, Special, SPANNED};

/// A value of the JSON syntax, read as its target's type asks: as blocks,
/// as the keys of a label level, or evaluated.
#[derive(Clone, Copy)]
pub(crate) struct JsonDeserializer<'a, 's, 'de> {
    /// The property it is the value of (for blocks, their type).
    name: &'a str,
    /// Where the property's name is (in the value's file).
    name_span: Span,
    expr: ExprRef<'a>,
    session: &'s Session<'s, 'de>,
    /// Where a missing block would go.
    missing: Option<Location<'a>>,
    /// The value's identity across passes, made when first needed (see
    /// [`ValuePlace`]).
    place: ValuePlace,
    /// The read of its target, for errors recorded on the spot.
    pending: Pending,
}

impl<'de, 'a, 's> JsonDeserializer<'a, 's, 'de> {
    pub(crate) fn new(
        attr: &AttrAt<'a>,
        expr: ExprRef<'a>,
        session: &'s Session<'s, 'de>,
        missing: Option<Location<'a>>,
    ) -> Self {
        JsonDeserializer {
            name: attr.name,
            name_span: attr.name_at.span,
            expr,
            session,
            missing,
            place: ValuePlace::Property(attr.body),
            pending: Pending::NONE,
        }
    }

    /// The same, read by `pending`.
    pub(crate) fn expecting(self, pending: Pending) -> Self {
        JsonDeserializer { pending, ..self }
    }

    /// The value's place.
    fn place(&self) -> Place {
        match self.place {
            ValuePlace::Known(place) => place,
            ValuePlace::Property(body) => body.attribute(self.name),
        }
    }

    /// The same, its place made: for a value whose parts are read, each
    /// of whose places is made from it.
    fn placed(self) -> Self {
        JsonDeserializer {
            place: ValuePlace::Known(self.place()),
            ..self
        }
    }

    /// The same property's `expr`, a part of this one's value, read by
    /// `pending`.
    fn part(&self, expr: ExprRef<'a>, pending: Pending) -> Self {
        JsonDeserializer {
            expr,
            place: ValuePlace::Known(self.place().part(expr.span().start)),
            pending,
            ..*self
        }
    }

    /// The value's blocks, with one label per name in `labels`.
    fn blocks(&self, labels: &[&str]) -> Result<Blocks<'a>> {
        let Some((blocks, diags)) =
            Block::from_json_value(&self.expr, self.name, self.name_span, labels)
        else {
            return Ok(Blocks::default());
        };
        if diags.has_errors() {
            return Err(Error::from_diagnostics(diags));
        }
        let whole = self.place();
        let place = |(i, block): (usize, Block<'a>)| {
            let place = whole.block(self.name, i);
            BlockRef::new(block, place)
        };
        let mut blocks = blocks.into_iter().enumerate();
        Ok(match blocks.len() {
            1 => blocks
                .next()
                .map(place)
                .map(Blocks::One)
                .unwrap_or_default(),
            _ => Blocks::List(blocks.map(place).collect()),
        })
    }

    /// The deserializer of `blocks`, read by `pending`.
    fn blocks_deserializer(
        &self,
        blocks: Blocks<'a>,
        pending: Pending,
    ) -> BlocksDeserializer<'a, 's, 'de> {
        BlocksDeserializer::new(self.name, blocks, self.session, self.missing).expecting(pending)
    }

    /// The evaluated value.
    fn value(&self) -> Result<hcl_core::Value> {
        self.session
            .evaluate(&self.expr)
            .map_err(Error::from_diagnostics)
    }

    /// Reads the evaluated value into `visitor` with `read`.
    fn with_value<R>(self, read: impl FnOnce(ValueDeserializer<'_>) -> Result<R>) -> Result<R> {
        let value = self.value()?;
        let shape = Shape::of(self.expr.file, &self.expr, &value);
        read(
            ValueDeserializer::new(&value)
                .shaped(&shape)
                .argument(self.name),
        )
    }

    /// The value as an integer of type `T`, when it is a number written
    /// as one (`-` and digits) within `T`'s range.
    fn integer_literal<T: std::str::FromStr>(&self) -> Option<T> {
        let text = self.expr.as_number_literal()?;
        let digits = text.strip_prefix('-').unwrap_or(text);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        text.parse().ok()
    }

    /// The value as a string literal, when it is a string without
    /// template sequences: read without evaluating, and borrowed from the
    /// caller's text where it can be.
    fn literal(&self) -> Option<LiteralDeserializer<'a, 'de>> {
        let text = self.expr.as_string_literal()?;
        let borrowed = match text {
            std::borrow::Cow::Borrowed(text) => self.session.source.borrow(text),
            std::borrow::Cow::Owned(_) => None,
        };
        Some(LiteralDeserializer {
            text,
            at: self.expr.location(),
            borrowed,
            block_field: None,
        })
    }
}

/// The place of a [`JsonDeserializer`]'s value: made when first needed, by
/// a part of the value or its blocks, since a property's costs a hash of
/// its name and most values (strings, numbers) are read without one.
#[derive(Clone, Copy)]
enum ValuePlace {
    Known(Place),
    /// The value of the property `name` of the body at this place.
    Property(Place),
}

/// Whether a name is given twice among `names`: a few compared in turn,
/// more sorted.
fn has_repeated_name<'n>(mut names: impl Iterator<Item = &'n str>) -> bool {
    let mut few = [""; 16];
    let mut count = 0;
    for (slot, name) in few.iter_mut().zip(names.by_ref()) {
        *slot = name;
        count += 1;
    }
    let few = few.get(..count).unwrap_or_default();
    let mut rest = names.peekable();
    if rest.peek().is_none() {
        return few
            .iter()
            .enumerate()
            .any(|(i, name)| few.iter().take(i).any(|other| other == name));
    }
    let mut names: Vec<&str> = few.iter().copied().chain(rest).collect();
    names.sort_unstable();
    names.windows(2).any(|w| matches!(w, [a, b] if a == b))
}

/// The text of a pair's key when it is a string literal (the name of a
/// label level, or of an object value's property); the pairs of other
/// keys are not read as map entries.
fn literal_key<'a>(pair: &StaticPair<'a>) -> Option<&'a str> {
    pair.key.as_string_literal().map(|key| key.as_ref())
}

/// The pairs of an object whose keys are string literals, with those
/// keys' text.
fn literal_keys(pairs: Pairs<'_>) -> impl Iterator<Item = (&str, StaticPair<'_>)> + Clone {
    pairs.filter_map(|pair| Some((literal_key(&pair)?, pair)))
}

/// Label fields of a struct: the labels its blocks have.
fn label_names(name: &'static str, fields: &'static [&'static str]) -> Vec<&'static str> {
    StructId::new(name, fields)
        .marks()
        .map(|m| m.labels().collect())
        .unwrap_or_default()
}

/// Integer targets: a number written as a plain integer in the target's
/// range is read from its text, the value it evaluates to; any other value
/// (and any other number) through the evaluated value, with its errors.
macro_rules! integer_first {
    ($($method:ident $visit:ident $ty:ty,)*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
            if let Some(n) = self.integer_literal::<$ty>() {
                return visitor.$visit(n);
            }
            if let Some(literal) = self.literal() {
                return literal.$method(visitor);
            }
            self.with_value(|value| value.$method(visitor))
        }
    )*};
}

/// Targets that take the evaluated value.
macro_rules! through_value {
    ($($method:ident($($arg:ident: $ty:ty),*))*) => {$(
        fn $method<V: Visitor<'de>>(self, $($arg: $ty,)* visitor: V) -> Result<V::Value> {
            if let Some(literal) = self.literal() {
                return literal.$method($($arg,)* visitor);
            }
            self.with_value(|value| value.$method($($arg,)* visitor))
        }
    )*};
}

impl<'de> Special<'de> for JsonDeserializer<'_, '_, 'de> {
    fn spanned_range(&self) -> Result<Option<hcl_core::Range>> {
        Ok(Some(self.expr.range()))
    }

    /// A `RawBody`: the value as the body of one block (an `Expression`
    /// is read only from a field marked for one, as in the native syntax).
    fn payload<V: Visitor<'de>>(self, name: &'static str, visitor: V) -> Result<V::Value> {
        let blocks = self.blocks(&[])?;
        de::Deserializer::deserialize_newtype_struct(
            self.blocks_deserializer(blocks, Pending::NONE),
            name,
            visitor,
        )
    }

    fn plain_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        let blocks = self.blocks(&label_names(name, fields))?;
        // The blocks are read with the visitor this value was.
        de::Deserializer::deserialize_struct(
            self.blocks_deserializer(blocks, self.pending),
            name,
            fields,
            visitor,
        )
    }

    fn plain_newtype<V: Visitor<'de>>(self, name: &'static str, visitor: V) -> Result<V::Value> {
        // A `hcl_core::Value` target: the evaluated value, whole, which
        // has no use for where its parts were written.
        if name == hcl_core::value::VALUE_NEWTYPE {
            let value = self.value()?;
            return ValueDeserializer::new(&value)
                .at(self.expr.location())
                .argument(self.name)
                .plain_newtype(name, visitor);
        }
        visitor.visit_newtype_struct(self)
    }
}

impl<'de> de::Deserializer<'de> for JsonDeserializer<'_, '_, 'de> {
    type Error = Error;

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        if self.expr.is_null() {
            visitor.visit_none()
        } else {
            let chain = self.pending.enter::<V::Value>();
            visitor.visit_some(self.expecting(Pending::option_inner::<V::Value>(chain)))
        }
    }

    special_types!();

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let constructor = self.expr.constructor();
        let items = match constructor {
            Some(Constructor::Tuple) => self.expr.elements(),
            _ => None,
        };
        // No blocks: an empty sequence, as for an absent block type.
        let chain = self.pending.enter::<V::Value>();
        if self.expr.is_null() || items.as_ref().is_some_and(|i| i.len() == 0) {
            return visitor.visit_seq(JsonSeq {
                state: RefCell::new(SeqState::Done),
                chain,
            });
        }
        if constructor.is_none() {
            return self.with_value(|value| value.deserialize_seq(visitor));
        }
        visitor.visit_seq(JsonSeq {
            state: RefCell::new(SeqState::First(self.placed(), items)),
            chain,
        })
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let pairs = match self.expr.constructor() {
            Some(Constructor::Object) => self.expr.pairs(),
            _ => None,
        };
        let Some(pairs) = pairs else {
            return self.with_value(|value| value.deserialize_map(visitor));
        };
        let chain = self.pending.enter::<V::Value>();
        let whole = self.placed();
        // A name given twice (rare): its later value, at the first's place.
        let entries = if has_repeated_name(literal_keys(pairs.clone()).map(|(key, _)| key)) {
            let mut kept: Vec<(&str, Location<'_>, Self)> = Vec::new();
            let mut index: std::collections::HashMap<&str, usize> =
                std::collections::HashMap::new();
            for (key, pair) in literal_keys(pairs) {
                let value = whole.part(pair.value, Pending::NONE);
                match index.get(key).and_then(|&i| kept.get_mut(i)) {
                    Some(slot) => slot.2 = value,
                    None => {
                        index.insert(key, kept.len());
                        kept.push((key, pair.key.location(), value));
                    }
                }
            }
            MapEntries::Kept(kept.into_iter())
        } else {
            MapEntries::Pairs(pairs)
        };
        visitor.visit_map(JsonMap {
            whole,
            entries,
            pending: None,
            chain,
        })
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_unit()
    }

    /// A number literal is read from its text (the same `f64` as through
    /// its value); any other value through the evaluated value.
    fn deserialize_f64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let text = self.expr.as_number_literal();
        if let Some(f) = text.and_then(hcl_core::value::Number::literal_to_f64) {
            return visitor.visit_f64(f);
        }
        if let Some(literal) = self.literal() {
            return literal.deserialize_f64(visitor);
        }
        self.with_value(|value| value.deserialize_f64(visitor))
    }

    integer_first! {
        deserialize_i8 visit_i8 i8, deserialize_i16 visit_i16 i16,
        deserialize_i32 visit_i32 i32, deserialize_i64 visit_i64 i64,
        deserialize_i128 visit_i128 i128, deserialize_u8 visit_u8 u8,
        deserialize_u16 visit_u16 u16, deserialize_u32 visit_u32 u32,
        deserialize_u64 visit_u64 u64, deserialize_u128 visit_u128 u128,
    }

    through_value! {
        deserialize_any() deserialize_bool() deserialize_f32()
        deserialize_char() deserialize_str() deserialize_string()
        deserialize_bytes() deserialize_byte_buf() deserialize_unit()
        deserialize_identifier()
        deserialize_unit_struct(name: &'static str)
        deserialize_tuple(len: usize)
        deserialize_tuple_struct(name: &'static str, len: usize)
        deserialize_enum(name: &'static str, variants: &'static [&'static str])
    }
}

/// A sequence of JSON values or blocks; which, its first element's type
/// decides.
enum SeqState<'a, 's, 'de> {
    /// Nothing read yet: the whole value, and its elements when it is an
    /// array.
    First(JsonDeserializer<'a, 's, 'de>, Option<Elements<'a>>),
    /// The blocks after the first, for struct elements.
    Blocks(BlocksIter<'a>, JsonDeserializer<'a, 's, 'de>),
    /// The array's elements after the first, for other elements (parts of
    /// the whole value).
    Elements(Elements<'a>, JsonDeserializer<'a, 's, 'de>),
    Done,
}

struct JsonSeq<'a, 's, 'de> {
    state: RefCell<SeqState<'a, 's, 'de>>,
    /// The sequence's chain, for errors recorded on the spot.
    chain: Chain,
}

impl<'de> de::SeqAccess<'de> for JsonSeq<'_, '_, 'de> {
    type Error = Error;

    fn next_element_seed<T: de::DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>> {
        let state = std::mem::replace(&mut *self.state.borrow_mut(), SeqState::Done);
        let pending = self.chain.expecting::<T::Value>();
        match state {
            SeqState::First(whole, items) => seed
                .deserialize(FirstElement {
                    whole,
                    items,
                    state: &self.state,
                    pending,
                })
                .map(Some),
            SeqState::Blocks(mut blocks, whole) => {
                let Some(block) = blocks.next() else {
                    return Ok(None);
                };
                let one = whole.blocks_deserializer(Blocks::One(block), pending);
                *self.state.borrow_mut() = SeqState::Blocks(blocks, whole);
                seed.deserialize(one).map(Some)
            }
            SeqState::Elements(mut elements, whole) => {
                let Some(element) = elements.next() else {
                    return Ok(None);
                };
                let element = whole.part(element, pending);
                *self.state.borrow_mut() = SeqState::Elements(elements, whole);
                seed.deserialize(element).map(Some)
            }
            SeqState::Done => Ok(None),
        }
    }
}

/// The first element of a [`JsonSeq`]: a struct target makes the sequence
/// one of blocks, any other one of the array's elements (or of the one
/// object).
struct FirstElement<'x, 'a, 's, 'de> {
    whole: JsonDeserializer<'a, 's, 'de>,
    /// The array's elements, when the value is an array.
    items: Option<Elements<'a>>,
    state: &'x RefCell<SeqState<'a, 's, 'de>>,
    /// The element's read.
    pending: Pending,
}

impl<'a, 's, 'de> FirstElement<'_, 'a, 's, 'de> {
    /// The first of the array's elements (or the object), the others kept
    /// for the next calls.
    fn element(self) -> JsonDeserializer<'a, 's, 'de> {
        let Some(items) = self.items else {
            return self.whole.expecting(self.pending);
        };
        let mut elements = items;
        let first = elements.next().map(|e| self.whole.part(e, self.pending));
        *self.state.borrow_mut() = SeqState::Elements(elements, self.whole);
        first.unwrap_or(self.whole.expecting(self.pending))
    }
}

macro_rules! to_element {
    ($($method:ident($($arg:ident: $ty:ty),*))*) => {$(
        fn $method<V: Visitor<'de>>(self, $($arg: $ty,)* visitor: V) -> Result<V::Value> {
            self.element().$method($($arg,)* visitor)
        }
    )*};
}

impl<'de> de::Deserializer<'de> for FirstElement<'_, '_, '_, 'de> {
    type Error = Error;

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        // A forwarder, not a deserializer of its own: a `Spanned` is the
        // element's.
        if name == SPANNED {
            return self.element().deserialize_struct(name, fields, visitor);
        }
        let mut blocks = self.whole.blocks(&label_names(name, fields))?.into_iter();
        // No block (cannot happen for the non-empty object or array that
        // gets here): the struct's own "Missing block" error.
        let first = blocks.next().map(Blocks::One).unwrap_or_default();
        let one = self.whole.blocks_deserializer(first, self.pending);
        *self.state.borrow_mut() = SeqState::Blocks(blocks, self.whole);
        one.deserialize_struct(name, fields, visitor)
    }

    to_element! {
        deserialize_any() deserialize_bool() deserialize_i8() deserialize_i16()
        deserialize_i32() deserialize_i64() deserialize_i128() deserialize_u8()
        deserialize_u16() deserialize_u32() deserialize_u64() deserialize_u128()
        deserialize_f32() deserialize_f64() deserialize_char() deserialize_str()
        deserialize_string() deserialize_bytes() deserialize_byte_buf()
        deserialize_option() deserialize_unit() deserialize_identifier()
        deserialize_ignored_any() deserialize_seq() deserialize_map()
        deserialize_unit_struct(name: &'static str)
        deserialize_newtype_struct(name: &'static str)
        deserialize_tuple(len: usize)
        deserialize_tuple_struct(name: &'static str, len: usize)
        deserialize_enum(name: &'static str, variants: &'static [&'static str])
    }
}

/// The keys of an object: a label level, or an object value's.
struct JsonMap<'a, 's, 'de> {
    /// The object.
    whole: JsonDeserializer<'a, 's, 'de>,
    entries: MapEntries<'a, 's, 'de>,
    pending: Option<(&'a str, JsonDeserializer<'a, 's, 'de>)>,
    /// The map's chain, for errors recorded on the spot.
    chain: Chain,
}

/// The entries of a [`JsonMap`].
enum MapEntries<'a, 's, 'de> {
    /// The object's pairs as they are, their names distinct.
    Pairs(Pairs<'a>),
    /// Each name once, with its last value.
    Kept(std::vec::IntoIter<(&'a str, Location<'a>, JsonDeserializer<'a, 's, 'de>)>),
}

impl<'a, 's, 'de> JsonMap<'a, 's, 'de> {
    fn next_entry(&mut self) -> Option<(&'a str, Location<'a>, JsonDeserializer<'a, 's, 'de>)> {
        match &mut self.entries {
            MapEntries::Pairs(pairs) => pairs.find_map(|pair| {
                let key = literal_key(&pair)?;
                let value = self.whole.part(pair.value, Pending::NONE);
                Some((key, pair.key.location(), value))
            }),
            MapEntries::Kept(kept) => kept.next(),
        }
    }
}

impl<'de> de::MapAccess<'de> for JsonMap<'_, '_, 'de> {
    type Error = Error;

    fn next_key_seed<K: de::DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>> {
        let Some((key, at, value)) = self.next_entry() else {
            return Ok(None);
        };
        let borrowed = value.session.source.borrow(key);
        let result = seed.deserialize(LiteralDeserializer {
            text: key,
            at,
            borrowed,
            block_field: None,
        });
        self.pending = Some((key, value));
        result.map(Some).map_err(|e| e.add_key(key))
    }

    fn next_value_seed<S: de::DeserializeSeed<'de>>(&mut self, seed: S) -> Result<S::Value> {
        match self.pending.take() {
            Some((key, value)) => {
                let at = value.expr.location();
                let value = value.expecting(self.chain.expecting::<S::Value>());
                let record = &value.session.record;
                let spots = record.spots();
                let result = seed.deserialize(value);
                record.on_the_path(spots, result, |e| e.or_at(at).add_key(key))
            }
            None => Err(Error::value_before_key()),
        }
    }

    fn size_hint(&self) -> Option<usize> {
        // At most: a key that is not a literal is left out.
        Some(match &self.entries {
            MapEntries::Pairs(pairs) => pairs.len(),
            MapEntries::Kept(kept) => kept.len(),
        })
    }
}

impl<'de> de::IntoDeserializer<'de, Error> for JsonDeserializer<'_, '_, 'de> {
    type Deserializer = Self;

    fn into_deserializer(self) -> Self {
        self
    }
}

impl<'de> super::recovery::Inner<'de> for JsonDeserializer<'_, '_, 'de> {
    fn is_null(&self) -> bool {
        self.expr.is_null()
    }
}
