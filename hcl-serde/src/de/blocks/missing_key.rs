//! A block without the label a map would key it by, where only a block
//! type may read the blocks.

use hcl_core::Value;
use serde::de::{self, Visitor};
use serde::forward_to_deserialize_any;

use super::{decode_whole, BlockRef, BlocksDeserializer, BLOCK_STRUCT};
use crate::de::value::ValueDeserializer;
use crate::error::{Error, Result};
use crate::special::{special_types, Special};

/// A block without the label a map would key it by, where only a block
/// type may read it ([`BlockTarget::BlockType`]): for a map of block types
/// a missing label, for any other map an argument written as a block. The
/// map's value type tells which: the map is given one entry, whose value
/// only says so.
pub(super) struct MissingKey<'a, 's, 'de> {
    pub(super) blocks: Option<BlocksDeserializer<'a, 's, 'de>>,
}

impl<'de> de::MapAccess<'de> for MissingKey<'_, '_, 'de> {
    type Error = Error;

    fn next_key_seed<K: de::DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>> {
        let Some(blocks) = &self.blocks else {
            return Ok(None);
        };
        let key = Value::string(blocks.block_type);
        match seed.deserialize(ValueDeserializer::new(&key)) {
            Ok(key) => Ok(Some(key)),
            // A key type that is not a string: not a map of block types.
            Err(_) => Err(blocks.not_an_argument()),
        }
    }

    fn next_value_seed<S: de::DeserializeSeed<'de>>(&mut self, seed: S) -> Result<S::Value> {
        match self.blocks.take() {
            Some(blocks) => seed.deserialize(MissingKeyValue(blocks)),
            None => Err(Error::value_before_key()),
        }
    }
}

/// The value of [`MissingKey`]'s entry: the error that its type calls for.
struct MissingKeyValue<'a, 's, 'de>(BlocksDeserializer<'a, 's, 'de>);

impl MissingKeyValue<'_, '_, '_> {
    /// The missing label of a map of block types, as schema processing
    /// reports it: the map's key.
    fn missing_label(self) -> Error {
        let blocks = self.0;
        match blocks.blocks.first() {
            Some(BlockRef::Parsed(block)) => match block.check_labels(blocks.depth, &["key"]) {
                Some(diag) => Error::from_diagnostics(diag.into()),
                None => blocks.not_an_argument(),
            },
            // Its header is all a scan has: read whole instead.
            Some(BlockRef::Lazy(_)) => decode_whole(),
            None => blocks.not_an_argument(),
        }
    }
}

impl<'de> Special<'de> for MissingKeyValue<'_, '_, 'de> {
    fn spanned_range(&self) -> Result<Option<hcl_core::Range>> {
        Ok(None)
    }

    /// A `RawBody`, a block type.
    fn payload<V: Visitor<'de>>(self, _name: &'static str, _visitor: V) -> Result<V::Value> {
        Err(self.missing_label())
    }

    fn plain_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        _fields: &'static [&'static str],
        _visitor: V,
    ) -> Result<V::Value> {
        if name.starts_with(BLOCK_STRUCT) {
            return Err(self.missing_label());
        }
        Err(self.0.not_an_argument())
    }
}

impl<'de> de::Deserializer<'de> for MissingKeyValue<'_, '_, 'de> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value> {
        Err(self.0.not_an_argument())
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_some(self)
    }

    special_types!();

    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct seq tuple tuple_struct map enum identifier
        ignored_any
    }
}
