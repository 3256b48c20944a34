//! Reading a body: matching its attributes and blocks to the target's
//! fields, and handing each to serde.
//!
//! The `#[hcl]` attribute macro marks fields by renaming them (see
//! [`Field::parse`]); a plain `#[derive(Deserialize)]` struct has plain
//! names, each of which takes an attribute or the blocks of that type.

use std::borrow::Cow;
use std::collections::HashSet;
use std::sync::Arc;

use hcl_core::analysis::{ExprRef, Location};
use hcl_core::schema::{Attribute, Block, Body, BodySchema, Label};
use hcl_core::{Code, Diagnostics, Range, Severity, SourceFile, Syntax, Value};
use serde::de::{self, Visitor};
use serde::forward_to_deserialize_any;

use hcl_core::span::Span;

use super::blocks::BlockRef;
use super::recovery::{Place, Resume};
use super::shape::Shape;
use super::Session;
use crate::error::{Error, Result};
use crate::special::{Payload, PayloadDeserializer, RawBody, SpannedAccess, PAYLOAD, SPANNED};

pub(crate) use super::access::{BodyAccess, EntryEnum, StructSeed, TupleSeed};
pub(crate) use super::fields::*;

/// A deserializer over a body (a file's or a block's).
pub(crate) struct BodyDeserializer<'a, 's, 'de> {
    pub(crate) body: Body<'a>,
    pub(crate) session: &'s Session<'s, 'de>,
    /// The block this is the body of, and how many of its labels enclosing
    /// maps took; the rest go to label fields.
    pub(crate) block: Option<(Block<'a>, usize)>,
}

/// One key of a body for serde: its field name, and what it holds.
pub(crate) struct Entry<'a> {
    pub(crate) key: &'a str,
    /// Where it starts, to keep source order: (file number, byte), or in
    /// a file read item by item, (0, item number).
    pub(crate) order: (usize, u32),
    pub(crate) item: Item<'a>,
}

pub(crate) enum Item<'a> {
    Label(Label<'a>),
    /// An evaluated attribute, with where its value's parts were written.
    Attribute(AttrAt<'a>, Value, Shape<'a>),
    /// An attribute whose value is a quoted string without interpolations.
    Literal(AttrAt<'a>, Cow<'a, str>),
    Expression(AttrAt<'a>),
    /// An attribute of the JSON syntax, which its target reads as blocks
    /// or evaluates (see `json`).
    Json(AttrAt<'a>, ExprRef<'a>),
    Blocks(&'a str, Vec<BlockRef<'a>>),
    Body(RawBody),
    /// What the other fields did not take, for a flattened field.
    Rest(Body<'a>),
    /// In place of what failed in an earlier pass; for a missing field,
    /// where it is missing.
    StandIn(Option<Resume>),
}

/// What an entry needs of an attribute: its name and places, without a
/// borrow of its syntax tree, which may be gone by the time it is read.
#[derive(Clone, Copy)]
pub(crate) struct AttrAt<'a> {
    pub(crate) name: &'a str,
    pub(crate) name_at: Location<'a>,
    pub(crate) expr_at: Location<'a>,
    /// The whole attribute.
    pub(crate) span: Span,
}

impl<'a> AttrAt<'a> {
    pub(crate) fn of(attr: &Attribute<'a>) -> Self {
        AttrAt {
            name: attr.name,
            name_at: attr.name_location(),
            expr_at: attr.expr.location(),
            span: attr.span,
        }
    }
}

impl Item<'_> {
    /// Where a next pass carries on past an error in this item.
    pub(crate) fn resume(&self) -> Option<Resume> {
        match self {
            Item::Label(label) => Some(label.location()),
            Item::Attribute(attr, ..)
            | Item::Literal(attr, _)
            | Item::Expression(attr)
            | Item::Json(attr, _) => Some(attr.expr_at),
            Item::Blocks(_, blocks) => blocks.first().map(BlockRef::def_location),
            Item::Body(_) | Item::Rest(_) | Item::StandIn(_) => None,
        }
        .map(|at| Resume::Value(Place::of(at)))
    }

    /// Whether this pass reads a stand-in for the item.
    pub(crate) fn is_stand_in(&self, session: &Session<'_, '_>) -> bool {
        match self {
            Item::StandIn(_) => true,
            _ => self.resume().is_some_and(|r| session.resume.contains(&r)),
        }
    }

    /// The attribute this entry holds, if any.
    pub(crate) fn attribute(&self) -> Option<&AttrAt<'_>> {
        match self {
            Item::Attribute(a, ..)
            | Item::Literal(a, _)
            | Item::Expression(a)
            | Item::Json(a, _) => Some(a),
            _ => None,
        }
    }
}

/// The entry of an attribute that `field` takes: its unevaluated
/// expression, its string literal, or its value. `literal` is the text of
/// a quoted string without interpolations.
pub(crate) fn attribute_item<'a>(
    field: Field<'_>,
    attr: &Attribute<'_>,
    at: AttrAt<'a>,
    literal: impl FnOnce() -> Option<Cow<'a, str>>,
    session: &Session<'_, '_>,
) -> std::result::Result<Item<'a>, Diagnostics> {
    if let Field::Expr(_) = field {
        return Ok(Item::Expression(at));
    }
    if let Some(text) = literal() {
        return Ok(Item::Literal(at, text));
    }
    session.evaluate(&attr.expr).map(|value| {
        let shape = Shape::of(at.expr_at.file, &attr.expr, &value);
        Item::Attribute(at, value, shape)
    })
}

/// The error for a body merged from files of both syntaxes, which the
/// decoder does not read yet.
fn mixed_syntaxes() -> Error {
    Error::message(
        Code::UnsupportedValue,
        "Unsupported body",
        "A body merged from files of both the native and the JSON syntax cannot be decoded; \
         decode each file's body on its own."
            .to_string(),
    )
}

/// The number of `file` among the files seen so far, adding it if new.
fn file_number(files: &mut Vec<Arc<SourceFile>>, file: &Arc<SourceFile>) -> usize {
    match files.iter().position(|f| Arc::ptr_eq(f, file)) {
        Some(i) => i,
        None => {
            files.push(Arc::clone(file));
            files.len() - 1
        }
    }
}

fn position(range: &Range) -> String {
    format!(
        "{}:{}:{}",
        range.filename, range.start.line, range.start.column
    )
}

impl<'de, 'a, 's> BodyDeserializer<'a, 's, 'de> {
    pub(crate) fn new(body: Body<'a>, session: &'s Session<'s, 'de>) -> Self {
        BodyDeserializer {
            body,
            session,
            block: None,
        }
    }

    /// The body's identity across passes.
    pub(crate) fn place(&self) -> Place {
        match &self.block {
            Some((block, _)) => Place::of(block.location()),
            None => self.body.missing_item().map_or(Place::NOWHERE, Place::of),
        }
    }

    /// Where the body is, for `Spanned`: its block, or its file.
    fn range(&self) -> Option<Range> {
        match &self.block {
            Some((block, _)) => Some(block.location().range()),
            None => self.body.missing_item().map(|at| {
                let mut range = at.range();
                range.start = hcl_core::Pos {
                    line: 1,
                    column: 1,
                    byte: 0,
                };
                range
            }),
        }
    }

    /// Matches the body's content to `fields`. Collects every problem of
    /// this level before giving up: unsupported items, label counts,
    /// evaluation errors. In a pass that resumes here, gives what it can,
    /// with stand-ins for what failed.
    pub(crate) fn read(&self, keys: &[&'a str]) -> Result<Vec<Entry<'a>>> {
        match self.body.syntax() {
            Some(Syntax::Json) => return self.read_json(keys),
            None if !self.body.json_parts().is_empty() => return Err(mixed_syntaxes()),
            _ => {}
        }
        let fields: Vec<Field<'a>> = keys.iter().map(|f| Field::parse(f)).collect();
        let mut diags = Diagnostics::default();
        let mut entries: Vec<Entry<'a>> = Vec::new();
        self.read_labels(keys, &fields, &mut entries, &mut diags);

        let (attributes, blocks) = self.body.items();
        let mut files: Vec<Arc<SourceFile>> = Vec::new();

        for (field, &key) in fields.iter().zip(keys) {
            match *field {
                Field::Body => entries.push(Entry {
                    key,
                    order: (0, 0),
                    item: Item::Body(RawBody::from_body(&self.body)),
                }),
                Field::Remain => {
                    let (attrs, types) = claimed(&fields);
                    entries.push(Entry {
                        key,
                        order: (0, 0),
                        item: Item::Body(RawBody::from_body(&self.body.hide(&attrs, &types))),
                    });
                }
                Field::Flatten => {
                    let (attrs, types) = claimed(&fields);
                    entries.push(Entry {
                        key,
                        order: (0, 0),
                        item: Item::Rest(self.body.hide(&attrs, &types)),
                    });
                }
                _ => {}
            }
        }

        let item_count = attributes.len() + blocks.len();
        let mut failed: Vec<Entry<'a>> = Vec::new();
        // Each name is looked up once, in `index`; what is kept of each
        // field below is by its number.
        let index = FieldIndex::new(&fields);
        // The entry of each field's attribute, and of its blocks.
        let mut attribute_entries: PerField<Option<usize>> = PerField::new(fields.len(), None);
        let mut block_entries: PerField<Option<usize>> = PerField::new(fields.len(), None);
        // The first block each field takes.
        let mut first_blocks: PerField<Option<&Block<'a>>> = PerField::new(fields.len(), None);
        for block in &blocks {
            if let Some(first) = index
                .block(block.block_type)
                .and_then(|j| first_blocks.get_mut(j))
            {
                first.get_or_insert(block);
            }
        }
        for attr in &attributes {
            let Some(i) = index.attribute(attr.name) else {
                continue;
            };
            let (Some(field), Some(&key)) = (fields.get(i), keys.get(i)) else {
                continue;
            };
            if let Some(first) = attribute_entries
                .get(i)
                .flatten()
                .and_then(|e| entries.get(e))
                .and_then(|e| e.item.attribute())
            {
                diags.push(attr.name_location().error(
                    Code::DuplicateArgument,
                    "Duplicate argument",
                    format!(
                        "Argument \"{}\" was already set at {}. Each argument may be set only \
                         once.",
                        attr.name,
                        position(&first.name_at.range())
                    ),
                ));
                continue;
            }
            if let Field::Auto(name) = *field {
                let first_block = index.block(name).and_then(|j| first_blocks.get(j));
                if let Some(block) = first_block.flatten() {
                    diags.push(block.type_location().error(
                        Code::UnsupportedBlockType,
                        "Unsupported block type",
                        format!(
                            "Blocks of type \"{name}\" are not expected here, because an \
                             argument \"{name}\" is already defined."
                        ),
                    ));
                }
            }
            let order = (file_number(&mut files, attr.file), attr.span.start);
            let literal = || {
                attr.expr
                    .as_string_literal()
                    .map(|t| Cow::Borrowed(t.as_ref()))
            };
            match attribute_item(*field, attr, AttrAt::of(attr), literal, self.session) {
                Ok(item) => {
                    if let Some(slot) = attribute_entries.get_mut(i) {
                        *slot = Some(entries.len());
                    }
                    entries.push(Entry { key, order, item });
                }
                Err(eval_diags) => {
                    diags.extend(eval_diags);
                    failed.push(Entry {
                        key,
                        order,
                        item: Item::StandIn(None),
                    });
                }
            }
        }
        drop(first_blocks);

        for block in blocks {
            let Some(j) = index.block(block.block_type) else {
                continue;
            };
            let Some(&key) = keys.get(j) else {
                continue;
            };
            if let Some(Entry {
                item: Item::Blocks(_, existing),
                ..
            }) = block_entries
                .get(j)
                .flatten()
                .and_then(|e| entries.get_mut(e))
            {
                existing.push(BlockRef::Parsed(Box::new(block)));
                continue;
            }
            // An argument of the same name was read: the blocks are
            // reported as unsupported below.
            let argument = index
                .attribute(block.block_type)
                .and_then(|i| attribute_entries.get(i).flatten());
            if argument.is_some() {
                continue;
            }
            if let Some(slot) = block_entries.get_mut(j) {
                *slot = Some(entries.len());
            }
            entries.push(Entry {
                key,
                order: (file_number(&mut files, block.file), block.span.start),
                item: Item::Blocks(block.block_type, vec![BlockRef::Parsed(Box::new(block))]),
            });
        }

        let taken = entries
            .iter()
            .map(|e| match &e.item {
                Item::Attribute(..) | Item::Literal(..) | Item::Expression(_) | Item::Json(..) => 1,
                Item::Blocks(_, list) => list.len(),
                Item::Label(..) | Item::Body(_) | Item::Rest(_) | Item::StandIn(_) => 0,
            })
            .sum::<usize>();
        let all_taken = taken == item_count;
        if !all_taken && !fields.contains(&Field::Remain) && !fields.contains(&Field::Flatten) {
            let (attrs, types) = claimed(&fields);
            let rest = self.body.hide(&attrs, &types);
            let (_, unsupported) = rest.content_with_diagnostics(&BodySchema::default());
            if self.session.lenient {
                let mut warnings = self.session.warnings.borrow_mut();
                for mut diag in unsupported {
                    diag.severity = Severity::Warning;
                    warnings.push(diag);
                }
            } else {
                diags.extend(unsupported);
            }
        }

        if diags.has_errors() {
            self.after_errors(diags, &fields, keys, &mut entries)?;
            entries.append(&mut failed);
        }
        entries.sort_by_key(|e| e.order);
        Ok(entries)
    }

    /// After errors in reading this level: the errors, in the first pass
    /// that meets them; in a later pass, which carries on past them, the
    /// entries as read, with stand-ins for the labels that were not.
    pub(crate) fn after_errors(
        &self,
        diags: Diagnostics,
        fields: &[Field<'a>],
        keys: &[&'a str],
        entries: &mut Vec<Entry<'a>>,
    ) -> Result<()> {
        let resume = Resume::Read(self.place());
        if !self.session.resume.contains(&resume) {
            return Err(Error::from_diagnostics(diags).or_resume(resume, false));
        }
        for (field, &key) in fields.iter().zip(keys) {
            if matches!(field, Field::Label(_)) && !entries.iter().any(|e| e.key == key) {
                entries.push(Entry {
                    key,
                    order: (0, 0),
                    item: Item::StandIn(None),
                });
            }
        }
        Ok(())
    }

    /// The label fields' entries, or the diagnostics of a label count that
    /// does not match.
    pub(crate) fn read_labels(
        &self,
        keys: &[&'a str],
        fields: &[Field<'_>],
        entries: &mut Vec<Entry<'a>>,
        diags: &mut Diagnostics,
    ) {
        let names: Vec<&str> = fields
            .iter()
            .filter_map(|f| match f {
                Field::Label(name) => Some(*name),
                _ => None,
            })
            .collect();
        let Some((block, depth)) = &self.block else {
            if let Some(name) = names.first() {
                let detail = format!(
                    "The top level of a document has no labels, but the target type asks for \
                     label \"{name}\"."
                );
                let diag = match self.body.missing_item() {
                    Some(at) => at.error(Code::MissingLabel, "Missing label", detail),
                    None => {
                        hcl_core::Diagnostic::error(Code::MissingLabel, "Missing label", detail)
                    }
                };
                diags.push(diag);
            }
            return;
        };
        if let Some(diag) = block.check_labels(*depth, &names) {
            diags.push(diag);
            return;
        }
        let labels = block.labels.get(*depth..).unwrap_or_default();
        let mut label_keys = fields
            .iter()
            .zip(keys)
            .filter(|(f, _)| matches!(f, Field::Label(_)))
            .map(|(_, k)| *k);
        for label in labels {
            let Some(key) = label_keys.next() else {
                break;
            };
            entries.push(Entry {
                key,
                order: (0, 0),
                item: Item::Label(label.clone()),
            });
        }
    }

    fn visit<V: Visitor<'de>>(self, fields: &[&'a str], visitor: V) -> Result<V::Value> {
        // The labels that label fields take belong to the path of an error
        // inside the body, as labels that map keys take do: found only
        // when there is an error, as the path is.
        let with_labels = |e: Error| match &self.block {
            Some((block, depth))
                if fields
                    .iter()
                    .any(|f| matches!(Field::parse(f), Field::Label(_))) =>
            {
                let labels = block.labels.iter().skip(*depth).rev();
                labels.fold(e, |e, l| e.add_key(l.value))
            }
            _ => e,
        };
        let entries = self.read(fields).map_err(with_labels)?;
        let missing = self.body.missing_item();
        visit_entries(entries, self.place(), missing, self.session, visitor).map_err(with_labels)
    }
}

/// Gives the entries of the body at `place` to `visitor`, with stand-ins
/// for the missing fields an earlier pass found; `missing` is where a
/// missing field would go.
pub(crate) fn visit_entries<'de, 'a, V: Visitor<'de>>(
    mut entries: Vec<Entry<'a>>,
    place: Place,
    missing: Option<Location<'a>>,
    session: &Session<'_, 'de>,
    visitor: V,
) -> Result<V::Value> {
    for &name in session.resume.missing_fields(place) {
        entries.push(Entry {
            key: name,
            order: (usize::MAX, 0),
            item: Item::StandIn(Some(Resume::Missing(place, name))),
        });
    }
    if session.resume.any() {
        // Stand-ins last: a target that rejects one stops the pass, and
        // the other fields should have been read by then.
        let (mut real, stand_ins): (Vec<_>, Vec<_>) = entries
            .into_iter()
            .partition(|e| !e.item.is_stand_in(session));
        real.extend(stand_ins);
        entries = real;
    }
    let access = BodyAccess::new(entries, session, missing);
    visitor
        .visit_map(access)
        .map_err(|err| match err.missing_field() {
            Some(name) => {
                let err = match missing {
                    Some(at) => err.or_at(at),
                    None => err,
                };
                err.or_resume(Resume::Missing(place, name), false)
            }
            None => err,
        })
}

/// Every attribute name and block type in `body`, each once, in source
/// order: the fields of a schema-less target.
fn names<'a>(body: &Body<'a>) -> Vec<&'a str> {
    if body.syntax() == Some(Syntax::Json) {
        return super::json::json_names(body);
    }
    let (attributes, blocks) = body.items();
    let mut seen = HashSet::new();
    attributes
        .iter()
        .map(|a| a.name)
        .chain(blocks.iter().map(|b| b.block_type))
        .filter(|name| seen.insert(*name))
        .collect()
}

impl<'de> de::Deserializer<'de> for BodyDeserializer<'_, '_, 'de> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let names = names(&self.body);
        self.visit(&names, visitor)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        if name == SPANNED {
            let range = self.range();
            return visitor.visit_map(SpannedAccess::new(range, self));
        }
        self.visit(fields, visitor)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_some(self)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value> {
        if name == PAYLOAD {
            let raw = RawBody::from_body(&self.body);
            return PayloadDeserializer(Payload::Body(raw)).deserialize_any(visitor);
        }
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        // Like a one-key object: the body's only attribute or block type
        // names the variant.
        let names = names(&self.body);
        let mut entries = self.read(&names)?;
        let (Some(entry), true) = (entries.pop(), entries.is_empty()) else {
            let detail =
                "Expected exactly one argument or block type, which names the variant.".to_string();
            return Err(match self.body.missing_item() {
                Some(at) => Error::at(at, Code::InvalidValue, "Invalid value", detail),
                None => Error::message(Code::InvalidValue, "Invalid value", detail),
            });
        };
        visitor.visit_enum(EntryEnum {
            entry,
            session: self.session,
            missing: self.body.missing_item(),
        })
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_unit()
    }

    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct seq tuple tuple_struct map identifier
    }
}
