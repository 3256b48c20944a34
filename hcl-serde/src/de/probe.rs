//! Whether a type reads blocks, found by asking the type itself.
//!
//! A block type (an `#[hcl]` struct, marked in its name, or a
//! [`RawBody`](crate::RawBody)) says so only when it asks a deserializer
//! for its value. Where a decode must know before that (`null` for an
//! `Option` of one, a value that is no list for a `Vec` of them), and for
//! the `HclSchema` the `#[hcl]` macro writes, the type reads a [`Probe`]: a
//! deserializer that looks through options, boxes, sequences and maps to
//! the first struct or body asked for, notes whether it is a block type
//! (with its labels, the struct's `#[hcl(label)]` fields, and the maps on
//! the way, a label each), and fails every read, so that nothing is made.
//! So the schema says what decoding does, whatever the type is called: a
//! generic parameter, an alias, a `Spanned` or an `Arc` of a block type.
//! Whether a field may be absent is asked of its type the same way.

use std::cell::Cell;

use serde::de::{self, DeserializeSeed, IntoDeserializer, Visitor};
use serde::forward_to_deserialize_any;

use crate::error::{Error, Result};
use crate::special::{special_types, Special, BODY_PAYLOAD};

/// A range for a type that reads one (a `Spanned`) when nothing is read:
/// any will do.
pub(crate) fn any_range() -> hcl_core::Range {
    hcl_core::Range {
        filename: "".into(),
        start: hcl_core::Pos::default(),
        end: hcl_core::Pos::default(),
    }
}

/// Whether `T` reads an absent field without error, as serde's derive asks
/// it when the field is missing: an `Option` does, whatever it is called.
pub(crate) fn may_be_absent<'de, T: de::Deserialize<'de>>() -> bool {
    absent_for(std::marker::PhantomData::<T>)
}

/// Whether what `seed` reads may be absent, as [`may_be_absent`] asks a
/// type.
pub(crate) fn absent_for<'de, S: DeserializeSeed<'de>>(seed: S) -> bool {
    seed.deserialize(Absent).is_ok()
}

/// What serde's derive reads a missing field from: `None` for an
/// `Option`, an error for anything else.
struct Absent;

impl<'de> de::Deserializer<'de> for Absent {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value> {
        Err(de::Error::custom("absent"))
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_none()
    }

    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct newtype_struct seq tuple tuple_struct
        map struct enum identifier ignored_any
    }
}

/// Where a block type is inside a type: the maps around it, each keyed by
/// a label, and its own labels.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BlockShape {
    /// The maps around the block type (`HashMap<String, HashMap<String,
    /// T>>` has two).
    pub map_levels: usize,
    /// The block type's labels: its `#[hcl(label)]` fields, in order.
    pub labels: Vec<&'static str>,
}

/// Where the block type inside `T`'s options, boxes, sequences and maps
/// is, if `T` holds one.
pub(crate) fn block_shape<'de, T: de::Deserialize<'de>>() -> Option<BlockShape> {
    shape_for(std::marker::PhantomData::<T>)
}

/// Where the block type inside what `seed` reads is, as [`block_shape`]
/// asks a type.
pub(crate) fn shape_for<'de, S: DeserializeSeed<'de>>(seed: S) -> Option<BlockShape> {
    Probe::found_by(|probe| seed.deserialize(probe).map(drop))
}

/// Whether what `seed` reads is, inside its options, boxes, sequences and
/// maps, of a block type.
pub(crate) fn reads_blocks<'de, S: DeserializeSeed<'de>>(seed: S) -> bool {
    shape_for(seed).is_some()
}

/// Whether the elements `visitor` asks for (a sequence's) are of a block
/// type. Consumes the visitor, whose answer is dropped.
pub(crate) fn reads_blocks_in_seq<'de, V: Visitor<'de>>(visitor: V) -> bool {
    Probe::found_by(|probe| visitor.visit_seq(OneEntry::seq(probe)).map(drop)).is_some()
}

/// Whether the values `visitor` asks for (a map's) are of a block type.
/// Consumes the visitor, whose answer is dropped.
pub(crate) fn reads_blocks_in_map<'de, V: Visitor<'de>>(visitor: V) -> bool {
    Probe::found_by(|probe| visitor.visit_map(OneEntry::map(probe)).map(drop)).is_some()
}

/// How many options, sequences, maps and newtypes a probe looks through:
/// a type made of itself (`struct Tree(Vec<Tree>)`) would go on forever.
pub(crate) const MAX_DEPTH: u32 = 32;

/// Fails every read; notes a block type asked for.
#[derive(Clone, Copy)]
struct Probe<'p> {
    found: &'p Cell<Option<BlockShape>>,
    /// The maps it is inside of.
    maps: usize,
    /// The containers it is inside of.
    depth: u32,
    /// Whether it is inside a sequence: a sequence of sequences holds no
    /// blocks.
    in_seq: bool,
}

impl Probe<'_> {
    /// What `read`, given a probe, asked it for: a block type's shape, or
    /// `None`.
    fn found_by(read: impl FnOnce(Probe<'_>) -> Result<()>) -> Option<BlockShape> {
        let found = Cell::new(None);
        let _ = read(Probe {
            found: &found,
            maps: 0,
            depth: 0,
            in_seq: false,
        });
        found.take()
    }

    /// The probe of what a container holds, up to [`MAX_DEPTH`].
    fn inside(self) -> Result<Self> {
        match self.depth < MAX_DEPTH {
            true => Ok(Probe {
                depth: self.depth + 1,
                ..self
            }),
            false => Err(Probe::no()),
        }
    }

    fn found(&self, labels: Vec<&'static str>) {
        self.found.set(Some(BlockShape {
            map_levels: self.maps,
            labels,
        }));
    }

    fn no() -> Error {
        de::Error::custom("a probe makes no value")
    }
}

impl<'de> Special<'de> for Probe<'_> {
    /// A `Spanned` reads a range before its value: any range will do.
    fn spanned_range(&self) -> Result<Option<hcl_core::Range>> {
        Ok(Some(any_range()))
    }

    fn payload<V: Visitor<'de>>(self, name: &'static str, _visitor: V) -> Result<V::Value> {
        if name == BODY_PAYLOAD {
            self.found(Vec::new());
        }
        Err(Probe::no())
    }

    fn plain_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        _fields: &'static [&'static str],
        _visitor: V,
    ) -> Result<V::Value> {
        let labels = crate::markers::marks(name).map(|m| m.labels().collect());
        self.found(labels.unwrap_or_default());
        Err(Probe::no())
    }

    fn plain_newtype<V: Visitor<'de>>(self, _name: &'static str, visitor: V) -> Result<V::Value> {
        visitor.visit_newtype_struct(self.inside()?)
    }
}

impl<'de> de::Deserializer<'de> for Probe<'_> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value> {
        Err(Probe::no())
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_some(self.inside()?)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        if self.in_seq {
            return Err(Probe::no());
        }
        let inside = Probe {
            in_seq: true,
            ..self.inside()?
        };
        visitor.visit_seq(OneEntry::seq(inside))
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let inside = Probe {
            in_seq: false,
            ..self.inside()?
        };
        visitor.visit_map(OneEntry::map(inside))
    }

    special_types!();

    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct tuple tuple_struct enum identifier
        ignored_any
    }
}

/// A sequence of one probe, or a map of one entry whose value is one.
struct OneEntry<'p> {
    probe: Probe<'p>,
    /// A map's: its key comes first.
    key: bool,
    done: bool,
}

impl<'p> OneEntry<'p> {
    fn seq(probe: Probe<'p>) -> Self {
        OneEntry {
            probe,
            key: false,
            done: false,
        }
    }

    /// The map's value is inside one more map.
    fn map(probe: Probe<'p>) -> Self {
        let maps = probe.maps + 1;
        OneEntry {
            probe: Probe { maps, ..probe },
            key: true,
            done: false,
        }
    }
}

impl<'de> de::SeqAccess<'de> for OneEntry<'_> {
    type Error = Error;

    fn next_element_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<Option<S::Value>> {
        if std::mem::replace(&mut self.done, true) {
            return Ok(None);
        }
        seed.deserialize(self.probe).map(Some)
    }
}

impl<'de> de::MapAccess<'de> for OneEntry<'_> {
    type Error = Error;

    fn next_key_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<Option<S::Value>> {
        if !std::mem::replace(&mut self.key, false) {
            return Ok(None);
        }
        seed.deserialize(AnyKey).map(Some)
    }

    fn next_value_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<S::Value> {
        seed.deserialize(self.probe)
    }
}

/// The key of the one entry a probe gives a map, as a label keys a
/// block: `""`, or for an enum its first variant, so that a map keyed by
/// a unit-only enum is keyed by labels as one keyed by strings is. Any
/// other key type refuses it: HCL's labels are strings.
#[derive(Clone, Copy)]
pub(crate) struct AnyKey;

impl<'de> de::Deserializer<'de> for AnyKey {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_str("")
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        match variants.first() {
            Some(&variant) => visitor.visit_enum(variant.into_deserializer()),
            None => Err(Probe::no()),
        }
    }

    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf option unit unit_struct newtype_struct seq tuple
        tuple_struct map struct identifier ignored_any
    }
}

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, HashMap};

    use super::*;
    use crate::{RawBody, Spanned};

    // As `#[hcl]` names them (see `crate::markers`).
    #[derive(serde::Deserialize)]
    #[serde(rename = "Block__hcl")]
    struct Block {}

    #[derive(serde::Deserialize)]
    #[serde(rename = "Labelled__hcl_L4_kind_L4_name")]
    #[allow(dead_code)]
    struct Labelled {
        kind: String,
        name: String,
        port: u16,
    }

    #[derive(serde::Deserialize, PartialEq, Eq, PartialOrd, Ord)]
    #[allow(dead_code)]
    enum Kind {
        Web,
        Worker,
    }

    #[derive(serde::Deserialize, PartialEq, Eq, PartialOrd, Ord)]
    #[allow(dead_code)]
    enum Wrapped {
        Name(String),
    }

    fn shape(map_levels: usize, labels: &[&'static str]) -> Option<BlockShape> {
        Some(BlockShape {
            map_levels,
            labels: labels.to_vec(),
        })
    }

    #[test]
    fn a_shape_counts_the_maps_and_names_the_labels() {
        assert_eq!(block_shape::<Labelled>(), shape(0, &["kind", "name"]));
        assert_eq!(block_shape::<Vec<Labelled>>(), shape(0, &["kind", "name"]));
        type ByName = BTreeMap<String, Labelled>;
        assert_eq!(
            block_shape::<HashMap<String, Option<ByName>>>(),
            shape(2, &["kind", "name"])
        );
        assert_eq!(block_shape::<HashMap<String, RawBody>>(), shape(1, &[]));
        assert_eq!(block_shape::<Box<Block>>(), shape(0, &[]));
        // A map whose keys are not strings holds no blocks, but for the
        // keys of a unit-only enum, whose variants are strings.
        assert_eq!(block_shape::<HashMap<u32, Block>>(), None);
        assert_eq!(
            block_shape::<BTreeMap<Kind, Labelled>>(),
            shape(1, &["kind", "name"])
        );
        assert_eq!(block_shape::<BTreeMap<Wrapped, Block>>(), None);
        assert_eq!(block_shape::<HashMap<String, u32>>(), None);
    }

    #[derive(serde::Deserialize)]
    struct Plain {}

    #[test]
    fn block_types_are_found_inside_their_containers() {
        assert!(block_shape::<Block>().is_some());
        // Any struct is a block type, with `#[hcl]` or without.
        assert!(block_shape::<Plain>().is_some());
        assert!(block_shape::<Vec<Plain>>().is_some());
        assert!(block_shape::<RawBody>().is_some());
        assert!(block_shape::<Option<Box<Block>>>().is_some());
        assert!(block_shape::<Vec<Block>>().is_some());
        assert!(block_shape::<HashMap<String, BTreeMap<String, Block>>>().is_some());
        assert!(block_shape::<Spanned<Block>>().is_some());
        assert!(block_shape::<Option<Vec<Spanned<RawBody>>>>().is_some());
    }

    #[derive(serde::Deserialize)]
    #[allow(dead_code)]
    struct Tree(Vec<Option<Tree>>);

    #[derive(serde::Deserialize)]
    #[allow(dead_code)]
    struct Deep(Option<HashMap<String, Deep>>);

    #[test]
    fn a_type_made_of_itself_is_looked_through_so_far() {
        assert!(block_shape::<Tree>().is_none());
        assert!(block_shape::<Deep>().is_none());
        // Thirty-two containers deep is still found (a box is none).
        type Four<T> = Option<Vec<Box<HashMap<String, Option<T>>>>>;
        type Sixteen<T> = Four<Four<Four<Four<T>>>>;
        assert!(block_shape::<Sixteen<Sixteen<Block>>>().is_some());
        assert!(block_shape::<Option<Sixteen<Sixteen<Block>>>>().is_none());
    }

    #[test]
    fn other_types_are_not_block_types() {
        assert!(block_shape::<String>().is_none());
        assert!(block_shape::<Option<u32>>().is_none());
        assert!(block_shape::<HashMap<String, String>>().is_none());
        assert!(block_shape::<hcl_core::Value>().is_none());
        assert!(block_shape::<serde_json::Value>().is_none());
        assert!(block_shape::<crate::Expression>().is_none());
    }

    /// Hands the visitor of a sequence or a map to the probe.
    struct Teller<'c>(&'c Cell<Option<bool>>);

    impl<'de> de::Deserializer<'de> for Teller<'_> {
        type Error = Error;

        fn deserialize_any<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value> {
            Err(Probe::no())
        }

        fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
            self.0.set(Some(reads_blocks_in_seq(visitor)));
            Err(Probe::no())
        }

        fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
            self.0.set(Some(reads_blocks_in_map(visitor)));
            Err(Probe::no())
        }

        forward_to_deserialize_any! {
            bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
            bytes byte_buf unit unit_struct tuple tuple_struct enum identifier
            ignored_any option newtype_struct struct
        }
    }

    fn told<'de, T: de::Deserialize<'de>>() -> Option<bool> {
        let told = Cell::new(None);
        let _ = T::deserialize(Teller(&told));
        told.get()
    }

    #[test]
    fn a_visitor_tells_its_elements() {
        assert_eq!(told::<Vec<Block>>(), Some(true));
        assert_eq!(told::<Vec<Vec<RawBody>>>(), Some(true));
        assert_eq!(told::<HashMap<String, Block>>(), Some(true));
        assert_eq!(told::<Vec<String>>(), Some(false));
        assert_eq!(told::<BTreeMap<String, Plain>>(), Some(true));
        assert_eq!(told::<BTreeMap<String, u8>>(), Some(false));
    }
}
