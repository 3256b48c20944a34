//! A block without the label a map would key it by, where only a block
//! type may read the blocks.

use serde::de;

use super::BlocksDeserializer;
use crate::de::probe;
use crate::error::{Error, Result};

/// A block without the label a map would key it by, where only a block
/// type may read it ([`BlockTarget::BlockType`]): for a map of block types
/// a missing label, for any other map an argument written as a block. The
/// map's value type tells which: the map is given one entry, and the
/// probe (`de/probe.rs`) asks the type of its value.
pub(super) struct MissingKey<'a, 's, 'de> {
    pub(super) blocks: Option<BlocksDeserializer<'a, 's, 'de>>,
}

impl<'de> de::MapAccess<'de> for MissingKey<'_, '_, 'de> {
    type Error = Error;

    fn next_key_seed<K: de::DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>> {
        let Some(blocks) = &self.blocks else {
            return Ok(None);
        };
        // Any key the map's key type takes from a label: the value decides.
        match seed.deserialize(probe::AnyKey) {
            Ok(key) => Ok(Some(key)),
            // A key type that takes no label: not a map of block types.
            Err(_) => Err(blocks.not_an_argument()),
        }
    }

    /// The error the map's value type calls for: a missing label when it
    /// is a block type (inside its options, sequences and maps, as the
    /// `HclSchema` counts labels), else an argument written as a block.
    fn next_value_seed<S: de::DeserializeSeed<'de>>(&mut self, seed: S) -> Result<S::Value> {
        match self.blocks.take() {
            Some(blocks) if probe::reads_blocks(seed) => Err(missing_label(blocks)),
            Some(blocks) => Err(blocks.not_an_argument()),
            None => Err(Error::value_before_key()),
        }
    }
}

/// The missing label of a map of block types, as schema processing
/// reports it: the map's key.
fn missing_label(blocks: BlocksDeserializer<'_, '_, '_>) -> Error {
    match blocks.blocks.first() {
        Some(block) => match block.block.check_labels(blocks.depth, &["key"]) {
            Some(diag) => Error::from_diagnostics(diag.into()),
            None => blocks.not_an_argument(),
        },
        None => blocks.not_an_argument(),
    }
}
