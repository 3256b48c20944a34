//! Whether a type reads blocks, found by asking the type itself.
//!
//! A block type (an `#[hcl]` struct, named `$hcl:struct:...`, or a
//! [`RawBody`](crate::RawBody)) says so only when it asks a deserializer
//! for its value. Where a decode must know before that (`null` for an
//! `Option` of one, a value that is no list for a `Vec` of them), the type
//! reads a [`Probe`]: a deserializer that looks through options, boxes,
//! sequences and maps to the first struct or body asked for, notes whether
//! it is a block type, and fails every read, so that nothing is made.

use std::cell::Cell;

use serde::de::{self, DeserializeSeed, IntoDeserializer, Visitor};
use serde::forward_to_deserialize_any;

use crate::error::{Error, Result};
use crate::markers::BLOCK_STRUCT;
use crate::special::{special_types, Special, BODY_PAYLOAD};

/// Whether `T`, inside its options, boxes, sequences and maps, is a block
/// type.
pub(crate) fn is_block_type<'de, T: de::Deserialize<'de>>() -> bool {
    reads_blocks(std::marker::PhantomData::<T>)
}

/// Whether what `seed` reads is, inside its options, boxes, sequences and
/// maps, of a block type.
pub(crate) fn reads_blocks<'de, S: DeserializeSeed<'de>>(seed: S) -> bool {
    Probe::found_by(|probe| seed.deserialize(probe).map(drop))
}

/// Whether the elements `visitor` asks for (a sequence's) are of a block
/// type. Consumes the visitor, whose answer is dropped.
pub(crate) fn reads_blocks_in_seq<'de, V: Visitor<'de>>(visitor: V) -> bool {
    Probe::found_by(|probe| visitor.visit_seq(OneEntry::seq(probe)).map(drop))
}

/// Whether the values `visitor` asks for (a map's) are of a block type.
/// Consumes the visitor, whose answer is dropped.
pub(crate) fn reads_blocks_in_map<'de, V: Visitor<'de>>(visitor: V) -> bool {
    Probe::found_by(|probe| visitor.visit_map(OneEntry::map(probe)).map(drop))
}

/// Fails every read; notes a block type asked for.
#[derive(Clone, Copy)]
struct Probe<'p> {
    found: &'p Cell<bool>,
}

impl Probe<'_> {
    /// Whether `read`, given a probe, asked it for a block type.
    fn found_by(read: impl FnOnce(Probe<'_>) -> Result<()>) -> bool {
        let found = Cell::new(false);
        let _ = read(Probe { found: &found });
        found.get()
    }

    fn no() -> Error {
        de::Error::custom("a probe makes no value")
    }
}

impl<'de> Special<'de> for Probe<'_> {
    /// A `Spanned` reads a range before its value: any range will do.
    fn spanned_range(&self) -> Result<Option<hcl_core::Range>> {
        Ok(Some(hcl_core::Range {
            filename: "".into(),
            start: hcl_core::Pos::default(),
            end: hcl_core::Pos::default(),
        }))
    }

    fn payload<V: Visitor<'de>>(self, name: &'static str, _visitor: V) -> Result<V::Value> {
        if name == BODY_PAYLOAD {
            self.found.set(true);
        }
        Err(Probe::no())
    }

    fn plain_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        _fields: &'static [&'static str],
        _visitor: V,
    ) -> Result<V::Value> {
        if name.starts_with(BLOCK_STRUCT) {
            self.found.set(true);
        }
        Err(Probe::no())
    }
}

impl<'de> de::Deserializer<'de> for Probe<'_> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value> {
        Err(Probe::no())
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_some(self)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_seq(OneEntry::seq(self))
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_map(OneEntry::map(self))
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
    found: &'p Cell<bool>,
    /// A map's: its key comes first.
    key: bool,
    done: bool,
}

impl<'p> OneEntry<'p> {
    fn seq(probe: Probe<'p>) -> Self {
        OneEntry {
            found: probe.found,
            key: false,
            done: false,
        }
    }

    fn map(probe: Probe<'p>) -> Self {
        OneEntry {
            key: true,
            ..OneEntry::seq(probe)
        }
    }
}

impl<'de> de::SeqAccess<'de> for OneEntry<'_> {
    type Error = Error;

    fn next_element_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<Option<S::Value>> {
        if std::mem::replace(&mut self.done, true) {
            return Ok(None);
        }
        seed.deserialize(Probe { found: self.found }).map(Some)
    }
}

impl<'de> de::MapAccess<'de> for OneEntry<'_> {
    type Error = Error;

    fn next_key_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<Option<S::Value>> {
        if !std::mem::replace(&mut self.key, false) {
            return Ok(None);
        }
        let key: de::value::StrDeserializer<'_, Error> = "".into_deserializer();
        seed.deserialize(key).map(Some)
    }

    fn next_value_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<S::Value> {
        seed.deserialize(Probe { found: self.found })
    }
}

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, HashMap};

    use super::*;
    use crate::{RawBody, Spanned};

    #[derive(serde::Deserialize)]
    #[serde(rename = "$hcl:struct:Block")]
    struct Block {}

    #[derive(serde::Deserialize)]
    struct Plain {}

    #[test]
    fn block_types_are_found_inside_their_containers() {
        assert!(is_block_type::<Block>());
        assert!(is_block_type::<RawBody>());
        assert!(is_block_type::<Option<Box<Block>>>());
        assert!(is_block_type::<Vec<Block>>());
        assert!(is_block_type::<HashMap<String, BTreeMap<String, Block>>>());
        assert!(is_block_type::<Spanned<Block>>());
        assert!(is_block_type::<Option<Vec<Spanned<RawBody>>>>());
    }

    #[test]
    fn other_types_are_not_block_types() {
        assert!(!is_block_type::<Plain>());
        assert!(!is_block_type::<String>());
        assert!(!is_block_type::<Option<u32>>());
        assert!(!is_block_type::<Vec<Plain>>());
        assert!(!is_block_type::<HashMap<String, String>>());
        assert!(!is_block_type::<hcl_core::Value>());
        assert!(!is_block_type::<serde_json::Value>());
        assert!(!is_block_type::<crate::Expression>());
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
        assert_eq!(told::<BTreeMap<String, Plain>>(), Some(false));
    }
}
