//! Reading a body: splitting it into attributes and blocks by the names
//! the target asks for, and handing each to serde.

use std::sync::Arc;

use hcl_core::schema::{Attribute, AttributeSchema, Block, BlockHeaderSchema, Body, BodySchema};
use hcl_core::{Diagnostics, EvalContext, SourceFile, Value};
use serde::de::{self, IntoDeserializer, Visitor};
use serde::forward_to_deserialize_any;

use super::blocks::BlocksDeserializer;
use super::value::ValueDeserializer;
use crate::error::{Error, Result};

/// The most labels a block may have; more is reported as extraneous.
const MAX_LABELS: usize = 8;

/// A deserializer over a body (a file's or a block's).
pub(crate) struct BodyDeserializer<'a, 'c> {
    pub(crate) body: Body<'a>,
    pub(crate) ctx: &'c EvalContext<'c>,
}

/// One key of a body: an attribute with its value, or every block of a type.
pub(crate) enum Entry<'a> {
    Attribute(Attribute<'a>, Value),
    Blocks(&'a str, Vec<Block<'a>>),
}

impl<'a> Entry<'a> {
    fn name(&self) -> &'a str {
        match self {
            Entry::Attribute(attr, _) => attr.name,
            Entry::Blocks(name, _) => name,
        }
    }
}

fn schema_error(err: hcl_core::schema::SchemaError) -> Error {
    Error::message("Invalid schema", err.to_string())
}

/// Reads the attributes and blocks named `names` from `body`, evaluating
/// the attributes; everything else in the body is an error. Collects every
/// problem of this level before giving up.
pub(crate) fn read<'a>(
    body: &Body<'a>,
    names: &[&str],
    ctx: &EvalContext<'_>,
) -> Result<Vec<Entry<'a>>> {
    let mut diags = Diagnostics::default();
    let attr_schema = BodySchema::new(
        names
            .iter()
            .map(|n| AttributeSchema::optional(*n))
            .collect(),
        Vec::new(),
    )
    .map_err(schema_error)?;
    let (content, rest, attr_diags) = body.partial_content_with_diagnostics(&attr_schema);
    diags.extend(attr_diags);

    // The schema checks label counts exactly, but the target decides how
    // many labels it takes: take blocks of every count, one count a step.
    let mut blocks: Vec<Block<'a>> = Vec::new();
    let mut remaining = rest.clone();
    for count in 0..=MAX_LABELS {
        let labels = vec!["label"; count];
        let headers = names
            .iter()
            .map(|n| BlockHeaderSchema::new(*n, &labels))
            .collect();
        let schema = BodySchema::new(Vec::new(), headers).map_err(schema_error)?;
        let (found, after, label_diags) = rest.partial_content_with_diagnostics(&schema);
        blocks.extend(found.blocks);
        if count == MAX_LABELS {
            diags.extend(
                label_diags
                    .into_iter()
                    .filter(|d| d.summary.starts_with("Extraneous label"))
                    .collect::<Vec<_>>()
                    .into(),
            );
            remaining = after;
        }
    }
    let empty = BodySchema::new(Vec::new(), Vec::new()).map_err(schema_error)?;
    diags.extend(remaining.content_with_diagnostics(&empty).1);

    let mut files: Vec<&Arc<SourceFile>> = Vec::new();
    for block in &blocks {
        if !files.iter().any(|f| Arc::ptr_eq(f, block.file)) {
            files.push(block.file);
        }
    }
    blocks.sort_by_key(|b| {
        let file = files.iter().position(|f| Arc::ptr_eq(f, b.file));
        (file, b.span.start)
    });

    let mut entries = Vec::new();
    for name in names {
        if let Some(attr) = content.attributes.get(name) {
            if let Some(block) = blocks.iter().find(|b| b.block_type == *name) {
                diags.push(block.type_location().error(
                    "Unsupported block type",
                    format!(
                        "Blocks of type \"{name}\" are not expected here, because an argument \
                         \"{name}\" is already defined."
                    ),
                ));
            }
            match attr.expr.value(ctx) {
                Ok(value) => entries.push(Entry::Attribute(attr.clone(), value)),
                Err(eval_diags) => diags.extend(eval_diags),
            }
        } else {
            let of_type: Vec<Block<'a>> = blocks
                .iter()
                .filter(|b| b.block_type == *name)
                .cloned()
                .collect();
            if let Some(first) = of_type.first() {
                entries.push(Entry::Blocks(first.block_type, of_type));
            }
        }
    }
    if diags.has_errors() {
        return Err(Error::from_diagnostics(diags));
    }
    Ok(entries)
}

/// Every attribute name and block type in `body`, in that order.
fn names<'a>(body: &Body<'a>) -> Vec<String> {
    let (attrs, _) = body.just_attributes_with_diagnostics();
    let mut names: Vec<String> = attrs.keys().map(|k| k.to_string()).collect();
    let empty = BodySchema::default();
    // FIXME: hcl-core has no listing of a body's block types; until it
    // does, ask which ones a schema without blocks rejects.
    for diag in body.content_with_diagnostics(&empty).1 {
        if diag.summary != "Unsupported block type" {
            continue;
        }
        let (Some(subject), Some(source)) = (&diag.subject, &diag.source) else {
            continue;
        };
        let range = subject.start.byte as usize..subject.end.byte as usize;
        if let Some(name) = source.text().get(range) {
            if !names.iter().any(|n| n == name) {
                names.push(name.to_string());
            }
        }
    }
    names
}

impl<'a, 'c> BodyDeserializer<'a, 'c> {
    fn visit<'de, V: Visitor<'de>>(self, names: &[&str], visitor: V) -> Result<V::Value> {
        let entries = read(&self.body, names, self.ctx)?;
        let access = BodyAccess {
            entries: entries.into_iter(),
            pending: None,
            ctx: self.ctx,
            missing: self.body.missing_item(),
        };
        visitor.visit_map(access).map_err(|err| {
            match (err.missing_field(), self.body.missing_item()) {
                (Some(_), Some(at)) => err.or_at(at),
                _ => err,
            }
        })
    }
}

impl<'de> de::Deserializer<'de> for BodyDeserializer<'_, '_> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let names = names(&self.body);
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        self.visit(&names, visitor)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        self.visit(fields, visitor)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_some(self)
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

    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct seq tuple tuple_struct map enum identifier
    }
}

/// The keys of a body, for serde's `visit_map`.
struct BodyAccess<'a, 'c> {
    entries: std::vec::IntoIter<Entry<'a>>,
    pending: Option<Entry<'a>>,
    ctx: &'c EvalContext<'c>,
    missing: Option<hcl_core::analysis::Location<'a>>,
}

impl<'de> de::MapAccess<'de> for BodyAccess<'_, '_> {
    type Error = Error;

    fn next_key_seed<K: de::DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>> {
        let Some(entry) = self.entries.next() else {
            return Ok(None);
        };
        let name = entry.name();
        self.pending = Some(entry);
        seed.deserialize(name.into_deserializer()).map(Some)
    }

    fn next_value_seed<S: de::DeserializeSeed<'de>>(&mut self, seed: S) -> Result<S::Value> {
        match self.pending.take() {
            Some(Entry::Attribute(attr, value)) => seed
                .deserialize(ValueDeserializer::new(&value))
                .map_err(|e| e.or_at(attr.expr.location()).add_key(attr.name)),
            Some(Entry::Blocks(name, blocks)) => seed
                .deserialize(BlocksDeserializer::new(
                    name,
                    blocks,
                    self.ctx,
                    self.missing,
                ))
                .map_err(|e| e.add_key(name)),
            None => Err(Error::message(
                "Invalid value",
                "A value was requested before its key.".to_string(),
            )),
        }
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.entries.len())
    }
}
