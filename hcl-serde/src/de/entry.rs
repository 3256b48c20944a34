//! What a body hands serde: its entries, each an attribute, the blocks of
//! one type, or another item of a field; and the deserializer of a body,
//! which the deserializers of blocks and JSON values make for the bodies
//! they hold (its reading is `body`'s).
//!
//! The deserializers of this folder reach each other through serde's
//! traits and these types, so that none imports one above it: `entry`,
//! then `blocks`, `json`, `access` (the map of a body's entries), `body`.

use std::borrow::Cow;

use hcl_core::analysis::{ExprRef, Location};
use hcl_core::schema::{Attribute, Block, Body, Label};
use hcl_core::Value;
use serde::de::{self, Visitor};

use super::fields::Field;
use super::recovery::{Pending, Place, Resume};
use super::session::Session;
use super::shape::Shape;
use super::value::BlockField;
use crate::special::{Expression, RawBody};

/// A deserializer over a body (a file's or a block's).
pub(crate) struct BodyDeserializer<'a, 's, 'de> {
    pub(crate) body: Body<'a>,
    pub(crate) session: &'s Session<'s, 'de>,
    /// The block this is the body of, and how many of its labels enclosing
    /// maps took; the rest go to label fields.
    pub(crate) block: Option<(Block<'a>, usize)>,
    /// The body's identity across passes.
    pub(crate) place: Place,
    /// The read of its target, for errors recorded on the spot.
    pub(crate) pending: Pending,
}

impl<'de, 'a, 's> BodyDeserializer<'a, 's, 'de> {
    /// The deserializer of a file's body, or one that is no block's, at
    /// `place`.
    pub(crate) fn new(body: Body<'a>, place: Place, session: &'s Session<'s, 'de>) -> Self {
        BodyDeserializer {
            body,
            session,
            block: None,
            place,
            pending: Pending::NONE,
        }
    }

    /// The same, read by `pending`.
    pub(crate) fn expecting(self, pending: Pending) -> Self {
        BodyDeserializer { pending, ..self }
    }
}

/// One key of a body for serde: its field name, and what it holds.
pub(crate) struct Entry<'a> {
    pub(crate) key: &'a str,
    /// Where it starts, to keep source order: (file number, byte).
    pub(crate) order: (usize, u32),
    pub(crate) item: Item<'a>,
}

pub(crate) enum Item<'a> {
    /// A label, and its place.
    Label(Label<'a>, Place),
    /// An evaluated attribute, with where its value's parts were written.
    Attribute(AttrAt<'a>, Value, Shape<'a>),
    /// An attribute whose value is a quoted string without interpolations.
    Literal(AttrAt<'a>, Cow<'a, str>),
    /// An attribute kept unevaluated.
    Expression(AttrAt<'a>, Expression),
    /// The argument `null` of a field that takes an argument or blocks,
    /// read into an `Option` of a block type: "Unsupported argument", as
    /// schema processing says (serde would read `None` without asking
    /// the type inside; see `BodyAccess::next_value`).
    NullOfBlock(AttrAt<'a>),
    /// An attribute of the JSON syntax, which its target reads as blocks
    /// or evaluates (see `json`).
    Json(AttrAt<'a>, ExprRef<'a>),
    /// The blocks of a type, and what they may be read into.
    Blocks(&'a str, Blocks<'a>, BlockTarget),
    Body(RawBody),
    /// What the other fields did not take, for a flattened field, and its
    /// place.
    Rest(Body<'a>, Place),
    /// In place of what failed in an earlier pass; for a missing field,
    /// where it is missing.
    StandIn(Option<Resume>),
    /// An absent sequence or map that reads as empty ([`Role::Many`]).
    Empty(&'static str),
}

/// What an entry needs of an attribute: its name and places, without a
/// borrow of its syntax tree, which may be gone by the time it is read.
#[derive(Clone, Copy)]
pub(crate) struct AttrAt<'a> {
    pub(crate) name: &'a str,
    pub(crate) name_at: Location<'a>,
    pub(crate) expr_at: Location<'a>,
    /// Whether its field takes an argument or blocks (see
    /// [`BlockField`]).
    pub(crate) either: bool,
    /// Whether its struct is an `#[hcl]` struct (see [`BlockField`]).
    pub(crate) marked: bool,
    /// The place of the body it is in.
    pub(crate) body: Place,
}

impl<'a> AttrAt<'a> {
    /// What an entry needs of `attr`, of the body at `body`.
    pub(crate) fn of(attr: &Attribute<'a>, body: Place) -> Self {
        AttrAt {
            name: attr.name,
            name_at: attr.name_location(),
            expr_at: attr.expr.location(),
            either: false,
            marked: false,
            body,
        }
    }

    /// The argument, when its field takes an argument or blocks.
    pub(crate) fn block_field(&self) -> BlockField<'a> {
        self.either
            .then_some((self.name, self.name_at, self.marked))
    }
}

impl<'a> Item<'a> {
    /// Where the item is: its value's place, or its first block's.
    pub(crate) fn location(&self) -> Option<Location<'a>> {
        match self {
            Item::Label(label, _) => Some(label.location()),
            Item::Attribute(attr, ..)
            | Item::Literal(attr, _)
            | Item::Expression(attr, _)
            | Item::NullOfBlock(attr)
            | Item::Json(attr, _) => Some(attr.expr_at),
            Item::Blocks(_, blocks, _) => blocks.first().map(BlockRef::def_location),
            Item::Body(_) | Item::Rest(..) | Item::StandIn(_) | Item::Empty(_) => None,
        }
    }

    /// The item's identity across passes: its attribute's, its label's, or
    /// its first block's.
    pub(crate) fn place(&self) -> Option<Place> {
        self.place_of().map(PlaceOf::place)
    }

    /// What the item's place is made from, to make it only when it is
    /// asked for (after an error): an attribute's costs a hash of its
    /// name.
    pub(crate) fn place_of(&self) -> Option<PlaceOf<'a>> {
        match self {
            Item::Label(_, place) => Some(PlaceOf::Known(*place)),
            Item::Attribute(attr, ..)
            | Item::Literal(attr, _)
            | Item::Expression(attr, _)
            | Item::NullOfBlock(attr)
            | Item::Json(attr, _) => Some(PlaceOf::Attribute(attr.body, attr.name)),
            Item::Blocks(_, blocks, _) => blocks.first().map(|b| PlaceOf::Known(b.place)),
            Item::Body(_) | Item::Rest(..) | Item::StandIn(_) | Item::Empty(_) => None,
        }
    }

    /// Its key in the path of an error inside it: the argument's name or
    /// the block type.
    pub(crate) fn key(&self) -> Option<&'a str> {
        match self {
            Item::Attribute(attr, ..)
            | Item::Literal(attr, _)
            | Item::Expression(attr, _)
            | Item::NullOfBlock(attr)
            | Item::Json(attr, _) => Some(attr.name),
            Item::Blocks(name, ..) => Some(name),
            Item::Label(..)
            | Item::Body(_)
            | Item::Rest(..)
            | Item::StandIn(_)
            | Item::Empty(_) => None,
        }
    }

    /// Where a next pass carries on past an error in this item.
    pub(crate) fn resume(&self) -> Option<Resume> {
        self.place().map(Resume::Value)
    }

    /// Whether this pass leaves the item out (see [`Resume::Absent`]).
    pub(crate) fn is_absent(&self, session: &Session<'_, '_>) -> bool {
        match self {
            Item::Blocks(..) => self
                .place()
                .is_some_and(|place| session.resume.contains(&Resume::Absent(place))),
            _ => false,
        }
    }

    /// Whether this pass reads a stand-in for the item.
    pub(crate) fn is_stand_in(&self, session: &Session<'_, '_>) -> bool {
        match self {
            Item::StandIn(_) => true,
            _ => self.resume().is_some_and(|r| session.resume.contains(&r)),
        }
    }
}

/// What an item's [`Place`] is made from (see [`Item::place_of`]).
#[derive(Clone, Copy)]
pub(crate) enum PlaceOf<'a> {
    Known(Place),
    /// The attribute of this name of the body at this place.
    Attribute(Place, &'a str),
}

impl PlaceOf<'_> {
    pub(crate) fn place(self) -> Place {
        match self {
            PlaceOf::Known(place) => place,
            PlaceOf::Attribute(body, name) => body.attribute(name),
        }
    }

    /// Where a next pass carries on past the value at this place.
    pub(crate) fn resume(self) -> Resume {
        Resume::Value(self.place())
    }
}

/// What the blocks of a field may be read into.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum BlockTarget {
    /// Any type that takes blocks, a map of one block's body included: a
    /// plain derive's field, a map's entry, an `#[hcl(block)]` field.
    Any,
    /// A field without options of an `#[hcl]` struct, whose `HclSchema`
    /// makes it an argument unless its type is a block type: one block
    /// read as a map's body is "Unsupported block type", as schema
    /// processing reports a block where an argument is expected (scalars
    /// refuse blocks whatever the target).
    BlockType,
}

impl BlockTarget {
    /// What the blocks of `field` may be read into.
    pub(crate) fn of(field: Option<&Field<'_>>) -> Self {
        match field {
            Some(Field::Typed(_)) => BlockTarget::BlockType,
            _ => BlockTarget::Any,
        }
    }
}

/// A block, boxed: a file's blocks are many, and those not read yet are
/// held in lists whose space is freed only when the last is read, while
/// each box is freed as its block is read.
#[derive(Clone)]
pub(crate) struct BlockRef<'a> {
    pub(crate) block: Box<Block<'a>>,
    /// The block's identity across passes.
    pub(crate) place: Place,
}

impl<'a> BlockRef<'a> {
    /// `block`, at `place`.
    pub(crate) fn new(block: Block<'a>, place: Place) -> Self {
        BlockRef {
            block: Box::new(block),
            place,
        }
    }

    pub(crate) fn label_count(&self) -> usize {
        self.block.labels.len()
    }

    pub(crate) fn label(&self, index: usize) -> Option<Label<'a>> {
        self.block.labels.get(index).cloned()
    }

    pub(crate) fn location(&self) -> Location<'a> {
        self.block.location()
    }

    pub(crate) fn def_location(&self) -> Location<'a> {
        self.block.def_location()
    }

    pub(crate) fn type_location(&self) -> Location<'a> {
        self.block.type_location()
    }

    pub(crate) fn open_brace_location(&self) -> Location<'a> {
        Location::new(self.block.file, self.block.open_brace_span)
    }
}

/// The blocks of one type that a deserializer reads: most often one (a
/// struct's block, an element of a sequence of blocks), held in place
/// rather than in a list of its own.
#[derive(Clone)]
pub(crate) enum Blocks<'a> {
    One(BlockRef<'a>),
    List(Vec<BlockRef<'a>>),
}

impl Default for Blocks<'_> {
    fn default() -> Self {
        Blocks::List(Vec::new())
    }
}

impl<'a> Blocks<'a> {
    /// Adds `block` after the others.
    pub(crate) fn push(&mut self, block: BlockRef<'a>) {
        *self = match std::mem::take(self) {
            Blocks::One(first) => Blocks::List(vec![first, block]),
            Blocks::List(mut list) => {
                list.push(block);
                Blocks::List(list)
            }
        };
    }

    /// Keeps only the blocks `keep` says.
    pub(crate) fn retain(&mut self, keep: impl FnMut(&BlockRef<'a>) -> bool) {
        let mut list: Vec<BlockRef<'a>> = std::mem::take(self).into_iter().collect();
        list.retain(keep);
        *self = Blocks::List(list);
    }
}

impl<'a> std::ops::Deref for Blocks<'a> {
    type Target = [BlockRef<'a>];

    fn deref(&self) -> &[BlockRef<'a>] {
        match self {
            Blocks::One(block) => std::slice::from_ref(block),
            Blocks::List(list) => list,
        }
    }
}

impl<'a> IntoIterator for Blocks<'a> {
    type Item = BlockRef<'a>;
    type IntoIter = BlocksIter<'a>;

    fn into_iter(self) -> BlocksIter<'a> {
        match self {
            Blocks::One(block) => BlocksIter::One(Some(block)),
            Blocks::List(list) => BlocksIter::List(list.into_iter()),
        }
    }
}

/// The blocks of [`Blocks`], taken one by one.
pub(crate) enum BlocksIter<'a> {
    One(Option<BlockRef<'a>>),
    List(std::vec::IntoIter<BlockRef<'a>>),
}

impl<'a> Iterator for BlocksIter<'a> {
    type Item = BlockRef<'a>;

    fn next(&mut self) -> Option<BlockRef<'a>> {
        match self {
            BlocksIter::One(block) => block.take(),
            BlocksIter::List(list) => list.next(),
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let len = match self {
            BlocksIter::One(block) => usize::from(block.is_some()),
            BlocksIter::List(list) => list.len(),
        };
        (len, Some(len))
    }
}

impl ExactSizeIterator for BlocksIter<'_> {}

/// A seed that asks for a tuple of `len`.
pub(crate) struct TupleSeed<V> {
    pub(crate) len: usize,
    pub(crate) visitor: V,
}

impl<'de, V: Visitor<'de>> de::DeserializeSeed<'de> for TupleSeed<V> {
    type Value = V::Value;

    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<V::Value, D::Error> {
        d.deserialize_tuple(self.len, self.visitor)
    }
}

/// A seed that asks for a struct of `fields`.
pub(crate) struct StructSeed<V> {
    pub(crate) fields: &'static [&'static str],
    pub(crate) visitor: V,
}

impl<'de, V: Visitor<'de>> de::DeserializeSeed<'de> for StructSeed<V> {
    type Value = V::Value;

    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<V::Value, D::Error> {
        d.deserialize_struct("", self.fields, self.visitor)
    }
}
