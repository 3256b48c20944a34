//! Every block of one type: the target's shape decides how many it takes.
//!
//! A struct takes exactly one block, `Option` zero or one, a sequence all
//! of them, and a map groups them by their next label (one map level per
//! label).

use hcl_core::analysis::Location;
use hcl_core::schema::Block;
use hcl_core::{Diagnostics, EvalContext, Value};
use serde::de::{self, IntoDeserializer, Visitor};
use serde::forward_to_deserialize_any;

use super::body::BodyDeserializer;
use super::value::ValueDeserializer;
use crate::error::{Error, Result};

/// A deserializer over the blocks of one type, of which the first `depth`
/// labels have been taken by enclosing maps.
pub(crate) struct BlocksDeserializer<'a, 'c> {
    block_type: &'a str,
    blocks: Vec<Block<'a>>,
    depth: usize,
    ctx: &'c EvalContext<'c>,
    /// Where a missing block would go.
    missing: Option<Location<'a>>,
}

fn position(location: &Location<'_>) -> String {
    let range = location.range();
    format!(
        "{}:{}:{}",
        range.filename, range.start.line, range.start.column
    )
}

impl<'a, 'c> BlocksDeserializer<'a, 'c> {
    pub(crate) fn new(
        block_type: &'a str,
        blocks: Vec<Block<'a>>,
        ctx: &'c EvalContext<'c>,
        missing: Option<Location<'a>>,
    ) -> Self {
        BlocksDeserializer {
            block_type,
            blocks,
            depth: 0,
            ctx,
            missing,
        }
    }

    fn with_blocks(&self, blocks: Vec<Block<'a>>, depth: usize) -> Self {
        BlocksDeserializer {
            block_type: self.block_type,
            blocks,
            depth,
            ctx: self.ctx,
            missing: self.missing,
        }
    }

    /// The one block a struct-like target takes, with its body.
    fn one(self) -> Result<(Block<'a>, BodyDeserializer<'a, 'c>)> {
        let t = self.block_type;
        let mut diags = Diagnostics::default();
        let mut blocks = self.blocks.into_iter();
        let Some(first) = blocks.next() else {
            let detail = format!("A block of type \"{t}\" is required here.");
            return Err(match self.missing {
                Some(at) => Error::at(at, &format!("Missing {t} block"), detail),
                None => Error::message(&format!("Missing {t} block"), detail),
            });
        };
        for extra in blocks {
            diags.push(extra.def_location().error(
                format!("Duplicate {t} block"),
                format!(
                    "Only one block of type \"{t}\" is allowed here. Another was defined at {}.",
                    position(&first.def_location())
                ),
            ));
        }
        if let Some(label) = first.labels.get(self.depth) {
            let detail = match self.depth {
                0 => format!("No labels are expected for {t} blocks."),
                1 => format!("Only 1 label is expected for {t} blocks."),
                n => format!("Only {n} labels are expected for {t} blocks."),
            };
            diags.push(
                label
                    .location()
                    .error(format!("Extraneous label for {t}"), detail),
            );
        }
        if diags.has_errors() {
            return Err(Error::from_diagnostics(diags));
        }
        let body = BodyDeserializer {
            body: first.body.clone(),
            ctx: self.ctx,
        };
        Ok((first, body))
    }

    /// "Unsupported block type" where the target takes a single value.
    fn not_an_argument(&self) -> Error {
        let t = self.block_type;
        let detail = format!(
            "Blocks of type \"{t}\" are not expected here. Did you mean to define argument \
             \"{t}\"? If so, use the equals sign to assign it a value."
        );
        match self.blocks.first() {
            Some(block) => Error::at(block.type_location(), "Unsupported block type", detail),
            None => Error::message("Unsupported block type", detail),
        }
    }

    /// The blocks grouped by their label at `depth`, in order of first use.
    fn groups(self) -> Result<Vec<(&'a str, Self)>> {
        let t = self.block_type;
        let mut diags = Diagnostics::default();
        let mut groups: Vec<(&'a str, Vec<Block<'a>>)> = Vec::new();
        for block in &self.blocks {
            let Some(label) = block.labels.get(self.depth) else {
                let n = self.depth + 1;
                let labels = if n == 1 { "label" } else { "labels" };
                diags.push(block.def_location().error(
                    format!("Missing label for {t}"),
                    format!("All {t} blocks must have {n} {labels}."),
                ));
                continue;
            };
            match groups.iter_mut().find(|(key, _)| *key == label.value) {
                Some((_, group)) => group.push(block.clone()),
                None => groups.push((label.value, vec![block.clone()])),
            }
        }
        if diags.has_errors() {
            return Err(Error::from_diagnostics(diags));
        }
        let depth = self.depth + 1;
        Ok(groups
            .into_iter()
            .map(|(key, blocks)| (key, self.with_blocks(blocks, depth)))
            .collect())
    }
}

/// Scalar targets want an argument, not a block.
macro_rules! not_an_argument {
    ($($method:ident)*) => {$(
        fn $method<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value> {
            Err(self.not_an_argument())
        }
    )*};
}

impl<'de> de::Deserializer<'de> for BlocksDeserializer<'_, '_> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let depth = self.depth;
        if !self.blocks.is_empty() && self.blocks.iter().all(|b| b.labels.len() > depth) {
            self.deserialize_map(visitor)
        } else if self.blocks.len() == 1 {
            let (block, body) = self.one()?;
            body.deserialize_any(visitor)
                .map_err(|e| e.or_at(block.def_location()))
        } else {
            self.deserialize_seq(visitor)
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        if self.blocks.is_empty() {
            visitor.visit_none()
        } else {
            visitor.visit_some(self)
        }
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let items: Vec<_> = self
            .blocks
            .iter()
            .map(|b| self.with_blocks(vec![b.clone()], self.depth))
            .collect();
        visitor.visit_seq(de::value::SeqDeserializer::new(items.into_iter()))
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let groups = self.groups()?;
        visitor.visit_map(GroupAccess {
            groups: groups.into_iter(),
            pending: None,
        })
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        let (block, body) = self.one()?;
        body.deserialize_struct(name, fields, visitor)
            .map_err(|e| e.or_at(block.def_location()))
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_unit()
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _visitor: V,
    ) -> Result<V::Value> {
        Err(self.not_an_argument())
    }

    not_an_argument! {
        deserialize_bool deserialize_i8 deserialize_i16 deserialize_i32 deserialize_i64
        deserialize_i128 deserialize_u8 deserialize_u16 deserialize_u32 deserialize_u64
        deserialize_u128 deserialize_f32 deserialize_f64 deserialize_char deserialize_str
        deserialize_string deserialize_bytes deserialize_byte_buf deserialize_unit
        deserialize_identifier
    }

    forward_to_deserialize_any! {
        tuple tuple_struct enum
    }
}

impl<'de, 'a, 'c> IntoDeserializer<'de, Error> for BlocksDeserializer<'a, 'c> {
    type Deserializer = Self;

    fn into_deserializer(self) -> Self {
        self
    }
}

/// Label groups, for serde's `visit_map`.
struct GroupAccess<'a, 'c> {
    groups: std::vec::IntoIter<(&'a str, BlocksDeserializer<'a, 'c>)>,
    pending: Option<(&'a str, BlocksDeserializer<'a, 'c>)>,
}

impl<'de> de::MapAccess<'de> for GroupAccess<'_, '_> {
    type Error = Error;

    fn next_key_seed<K: de::DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>> {
        let Some((key, blocks)) = self.groups.next() else {
            return Ok(None);
        };
        self.pending = Some((key, blocks));
        // Labels are strings; a numeric or bool key type converts them.
        let value = Value::string(key);
        seed.deserialize(ValueDeserializer::new(&value))
            .map(Some)
            .map_err(|e| e.add_key(key))
    }

    fn next_value_seed<S: de::DeserializeSeed<'de>>(&mut self, seed: S) -> Result<S::Value> {
        match self.pending.take() {
            Some((key, blocks)) => seed.deserialize(blocks).map_err(|e| e.add_key(key)),
            None => Err(Error::message(
                "Invalid value",
                "A value was requested before its key.".to_string(),
            )),
        }
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.groups.len())
    }
}
