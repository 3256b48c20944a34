//! Reading a body: its content through the schema of the target's fields,
//! each attribute and each group of blocks handed to serde as the entry of
//! its field.
//!
//! What each field takes comes from its name and the roles `#[hcl]` gives
//! its struct's fields in the struct's name (see [`Field::of_struct`]).

use std::borrow::Cow;
use std::collections::HashSet;
use std::sync::Arc;

use hcl_core::analysis::Location;
use hcl_core::schema::{Attribute, Body, BodyContent, BodySchema};
use hcl_core::{Code, Diagnostics, Range, Severity, SourceFile, Syntax};
use serde::de::{self, Visitor};
use serde::forward_to_deserialize_any;

use crate::special::Expression;

use super::recovery::{Chain, Pending, Place, Resume};
use super::session::Session;
use super::shape::Shape;
use crate::error::{Error, Result};
use crate::special::{special_types, Payload, PayloadDeserializer, RawBody, Special};

use super::access::{BodyAccess, EntryEnum};
use super::entry::{AttrAt, BlockRef, BlockTarget, Blocks, BodyDeserializer, Entry, Item};
use super::fields::*;
use crate::markers::{Marks, Role};

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
        return Ok(Item::Expression(at, Expression::new(&attr.expr)));
    }
    let at = AttrAt {
        either: field.either(),
        ..at
    };
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

/// The source order of a body's items, as (part, byte): the number of
/// the item's file among the body's parts, and where it starts there.
struct SourceOrder<'a> {
    /// The files of a merged body's parts, in order; `None` when every
    /// item is of one file.
    files: Option<Vec<&'a Arc<SourceFile>>>,
}

impl<'a> SourceOrder<'a> {
    fn new(body: &Body<'a>, content: &BodyContent<'a>) -> Self {
        let attributes = content.attributes.values().map(|a| a.file);
        let mut files = attributes.chain(content.blocks.iter().map(|b| b.file));
        let one_file = match files.next() {
            Some(first) => files.all(|f| Arc::ptr_eq(f, first)),
            None => true,
        };
        SourceOrder {
            files: (!one_file).then(|| body.files()),
        }
    }

    /// The order key of `start` in `file`: its part's number, and where it
    /// stands in the part's file.
    fn key(&self, file: &Arc<SourceFile>, start: u32) -> (usize, u32) {
        let Some(files) = &self.files else {
            return (0, start);
        };
        let part = files.iter().position(|f| Arc::ptr_eq(f, file));
        (part.unwrap_or(0), start)
    }
}

impl<'de, 'a, 's> BodyDeserializer<'a, 's, 'de> {
    /// The body's identity across passes.
    pub(crate) fn place(&self) -> Place {
        self.place
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

    /// Reads the body's content through the schema of `keys` (see
    /// [`schema_of`]), and makes each field's entry. Collects every
    /// problem of this level before giving up: unsupported items, label
    /// counts, evaluation errors. In a pass that resumes here, or records
    /// them on the spot where `chain` allows, gives what it can, with
    /// stand-ins for what failed.
    pub(crate) fn read(&self, target: Keys<'_, 'a>, chain: Chain) -> Result<Vec<Entry<'a>>> {
        let syntax = match self.body.syntax() {
            Some(syntax) => syntax,
            None if !self.body.files().is_empty() => return Err(mixed_syntaxes()),
            None => Syntax::Native,
        };
        let keys = target.list();
        // The fields and their schema: a struct's kept for the decode.
        let level;
        let found_fields: Vec<Field<'a>>;
        let found_schema;
        let (fields, schema, marked): (&[Field<'a>], &BodySchema, bool) = match target {
            Keys::Struct(id) => {
                level = self.session.schemas.level(id);
                (&level.fields, &level.schema, level.marks.is_some())
            }
            Keys::Found(names) => {
                found_fields = names.iter().map(|n| Field::Auto(n)).collect();
                found_schema = schema_of(&found_fields);
                (&found_fields, &found_schema, false)
            }
        };
        let mut diags = Diagnostics::default();
        let mut entries: Vec<Entry<'a>> = Vec::with_capacity(keys.len());
        self.read_labels(keys, fields, &mut entries, &mut diags);

        let takes_rest = fields.iter().any(|f| matches!(f, Field::Remain));
        let (content, rest, found) = if takes_rest {
            let (content, rest, found) = self.body.partial_content_with_diagnostics(schema);
            (content, Some(rest), found)
        } else {
            let (content, found) = self.body.content_with_diagnostics(schema);
            (content, None, found)
        };
        if self.session.lenient {
            // What the target does not take is a warning.
            let mut warnings = self.session.warnings.borrow_mut();
            for mut diag in found {
                if matches!(
                    diag.code,
                    Code::UnsupportedArgument
                        | Code::UnsupportedBlockType
                        | Code::ExtraneousJsonProperty
                ) {
                    diag.severity = Severity::Warning;
                    warnings.push(diag);
                } else {
                    diags.push(diag);
                }
            }
        } else {
            diags.extend(found);
        }

        for (field, &key) in fields.iter().zip(keys) {
            let item = match (field, &rest) {
                (Field::Body, _) => Item::Body(RawBody::from_body(&self.body)),
                (Field::Remain, Some(rest)) => Item::Rest(rest.clone(), self.place.rest()),
                _ => continue,
            };
            entries.push(Entry {
                key,
                order: (0, 0),
                item,
            });
        }

        let order = SourceOrder::new(&self.body, &content);
        let index = FieldIndex::new(fields);
        // The field of an attribute: in the JSON syntax, a block field's
        // property is an attribute too (see `BlockHeaderSchema::any_labels`).
        let field_of = |name: &str| index.attribute(name).or_else(|| index.block(name));
        // The attributes in source order, as references: on the stack for
        // a struct's few.
        let mut few: [Option<&Attribute<'a>>; FEW_FIELDS] = [None; FEW_FIELDS];
        let mut many: Vec<Option<&Attribute<'a>>> = Vec::new();
        let attributes = match few.get_mut(..content.attributes.len()) {
            Some(few) => {
                for (slot, attr) in few.iter_mut().zip(content.attributes.values()) {
                    *slot = Some(attr);
                }
                few
            }
            None => {
                many.extend(content.attributes.values().map(Some));
                &mut many
            }
        };
        attributes.sort_unstable_by_key(|a| a.map(|a| order.key(a.file, a.span.start)));
        // The entry of each field's attribute or blocks, when there are
        // blocks to group: a field whose attribute was read takes no
        // blocks.
        let mut field_entries: Option<PerField<Option<usize>>> =
            (!content.blocks.is_empty()).then(|| PerField::new(fields.len(), None));
        // The first block of each field's type, when there are blocks:
        // found when an argument first asks.
        let first_blocks = std::cell::OnceCell::new();
        let first_block = |j: usize| {
            if content.blocks.is_empty() {
                return None;
            }
            let first = first_blocks.get_or_init(|| {
                let mut first = PerField::new(fields.len(), None);
                for (b, block) in content.blocks.iter().enumerate() {
                    let slot = index.block(block.block_type).and_then(|j| first.get_mut(j));
                    if let Some(slot) = slot {
                        slot.get_or_insert(b);
                    }
                }
                first
            });
            first.get(j).flatten()
        };
        let mut failed: Vec<Entry<'a>> = Vec::new();
        for &attr in attributes.iter().flatten() {
            let Some(i) = field_of(attr.name) else {
                continue;
            };
            let (Some(&field), Some(&key)) = (fields.get(i), keys.get(i)) else {
                continue;
            };
            let at = AttrAt {
                marked,
                ..AttrAt::of(attr, self.place)
            };
            let position = order.key(attr.file, attr.span.start);
            let item = match syntax {
                Syntax::Json => Ok(match field {
                    Field::Expr(_) => Item::Expression(at, Expression::new(&attr.expr)),
                    _ => Item::Json(at, attr.expr),
                }),
                Syntax::Native => {
                    if let Field::Auto(name) | Field::Plain(name) | Field::Typed(name) = field {
                        let first = index.block(name).and_then(first_block);
                        if let Some(block) = first.and_then(|b| content.blocks.get(b)) {
                            diags.push(block.type_location().error(
                                Code::UnsupportedBlockType,
                                "Unsupported block type",
                                format!(
                                    "Blocks of type \"{name}\" are not expected here, because \
                                     an argument \"{name}\" is already defined."
                                ),
                            ));
                        }
                    }
                    let literal = || {
                        attr.expr
                            .as_string_literal()
                            .map(|t| Cow::Borrowed(t.as_ref()))
                    };
                    attribute_item(field, attr, at, literal, self.session)
                }
            };
            match item {
                Ok(item) => {
                    if let Some(slot) = field_entries.as_mut().and_then(|f| f.get_mut(i)) {
                        *slot = Some(entries.len());
                    }
                    entries.push(Entry {
                        key,
                        order: position,
                        item,
                    });
                }
                Err(eval_diags) => {
                    diags.extend(eval_diags);
                    failed.push(Entry {
                        key,
                        order: position,
                        item: Item::StandIn(None),
                    });
                }
            }
        }

        for block in content.blocks {
            let Some(field_entries) = field_entries.as_mut() else {
                break;
            };
            let Some(j) = index.block(block.block_type) else {
                continue;
            };
            let Some(&key) = keys.get(j) else {
                continue;
            };
            match field_entries
                .get(j)
                .flatten()
                .and_then(|e| entries.get_mut(e))
            {
                Some(Entry {
                    item: Item::Blocks(_, existing, _),
                    ..
                }) => {
                    let place = self.place.block(block.block_type, existing.len());
                    existing.push(BlockRef::new(block, place));
                    continue;
                }
                // An argument of the same name was read: the blocks are
                // reported above.
                Some(_) => continue,
                None => {}
            }
            if let Some(slot) = field_entries.get_mut(j) {
                *slot = Some(entries.len());
            }
            entries.push(Entry {
                key,
                order: order.key(block.file, block.span.start),
                item: Item::Blocks(
                    block.block_type,
                    Blocks::One({
                        let place = self.place.block(block.block_type, 0);
                        BlockRef::new(block, place)
                    }),
                    BlockTarget::of(fields.get(j)),
                ),
            });
        }

        if diags.has_errors() {
            self.after_errors(diags, fields, keys, &mut entries, chain)?;
            entries.append(&mut failed);
        }
        // In order already unless blocks follow attributes they precede.
        if !entries.is_sorted_by_key(|e| e.order) {
            entries.sort_by_key(|e| e.order);
        }
        Ok(entries)
    }

    /// After errors in reading this level: the errors, in the first pass
    /// that meets them; in a later pass, which carries on past them, the
    /// entries as read, with stand-ins for the labels that were not. The
    /// errors are recorded on the spot, and the pass carries on past them,
    /// where `chain` allows.
    pub(crate) fn after_errors(
        &self,
        diags: Diagnostics,
        fields: &[Field<'a>],
        keys: &[&'a str],
        entries: &mut Vec<Entry<'a>>,
        chain: Chain,
    ) -> Result<()> {
        let resume = Resume::Read(self.place());
        let record = &self.session.record;
        if !self.session.resume.contains(&resume) {
            if let Some(err) = record.spot(chain, Error::from_diagnostics(diags), resume) {
                record.failed(record.scope(), resume, false);
                return Err(err);
            }
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
        for (i, label) in labels.iter().enumerate() {
            let Some(key) = label_keys.next() else {
                break;
            };
            entries.push(Entry {
                key,
                order: (0, 0),
                item: Item::Label(label.clone(), self.place.label(depth + i)),
            });
        }
    }

    fn visit<V: Visitor<'de>>(self, keys: Keys<'_, 'a>, visitor: V) -> Result<V::Value> {
        let chain = self.pending.enter::<V::Value>();
        let record = &self.session.record;
        let spots = record.spots();
        // The labels that label fields take belong to the path of an error
        // inside the body, as labels that map keys take do: found only
        // when there is an error, as the path is.
        let with_labels = |e: Error| match &self.block {
            Some((block, depth)) if matches!(keys, Keys::Struct(id) if id.label_count() > 0) => {
                let labels = block.labels.iter().skip(*depth).rev();
                labels.fold(e, |e, l| e.add_key(l.value))
            }
            _ => e,
        };
        let result = self.read(keys, chain).and_then(|entries| {
            let to = Target {
                place: self.place(),
                missing: self.body.missing_item(),
                marks: match keys {
                    Keys::Struct(id) => self.session.schemas.level(id).marks,
                    Keys::Found(_) => None,
                },
                chain,
            };
            visit_entries(entries, to, self.session, visitor)
        });
        record.on_the_path(spots, result, with_labels)
    }
}

/// The target a body's entries are given to.
struct Target<'a> {
    /// The body's place.
    place: Place,
    /// Where a missing field would go.
    missing: Option<Location<'a>>,
    /// The marks of the target, an `#[hcl]` struct.
    marks: Option<&'static Marks>,
    /// The target's chain, for errors recorded on the spot.
    chain: Chain,
}

/// Gives the entries of the body to `visitor`, with stand-ins for the
/// missing fields an earlier pass found.
fn visit_entries<'de, 'a, V: Visitor<'de>>(
    mut entries: Vec<Entry<'a>>,
    to: Target<'a>,
    session: &Session<'_, 'de>,
    visitor: V,
) -> Result<V::Value> {
    let Target {
        place,
        missing,
        marks,
        chain,
    } = to;
    // Whether a missing field may take blocks: all but those `#[hcl]`
    // makes arguments, labels or bodies.
    let takes_blocks = |name: &str| {
        marks
            .and_then(|m| m.role(name))
            .is_none_or(|role| matches!(role, Role::Block | Role::Many | Role::ManyWithDefault))
    };
    for &name in session.resume.missing_fields(place) {
        entries.push(Entry {
            key: name,
            order: (usize::MAX, 0),
            item: Item::StandIn(Some(Resume::Missing(place, name, takes_blocks(name)))),
        });
    }
    if session.resume.any() {
        entries.retain(|e| !e.item.is_absent(session));
        // Stand-ins last: a target that rejects one stops the pass, and
        // the other fields should have been read by then.
        let (mut real, stand_ins): (Vec<_>, Vec<_>) = entries
            .into_iter()
            .partition(|e| !e.item.is_stand_in(session));
        real.extend(stand_ins);
        entries = real;
    }
    // An absent field that may be: empty.
    for &(field, role) in marks.map_or(&[][..], |m| &m.fields[..]) {
        if role == Role::Many && !entries.iter().any(|e| e.key == field) {
            entries.push(Entry {
                key: field,
                order: (usize::MAX, 0),
                item: Item::Empty(field),
            });
        }
    }
    let access = BodyAccess::new(entries, session, missing).on(chain);
    let scope = session.record.scope();
    visitor
        .visit_map(access)
        .map_err(|err| match err.missing_field() {
            Some(name) => {
                let resume = Resume::Missing(place, name, takes_blocks(name));
                session.record.failed(scope, resume, false);
                let err = err.of_struct(marks);
                match missing {
                    Some(at) => err.or_at(at),
                    None => err,
                }
            }
            None => err,
        })
}

/// Every attribute name and block type in `body`, each once, in source
/// order: the fields of a schema-less target.
fn names<'a>(body: &Body<'a>) -> Vec<&'a str> {
    let (attributes, types) = body.item_names();
    let mut seen = HashSet::new();
    attributes
        .into_iter()
        .chain(types)
        .filter(|name| seen.insert(*name))
        .collect()
}

impl<'de> Special<'de> for BodyDeserializer<'_, '_, 'de> {
    fn spanned_range(&self) -> Result<Option<Range>> {
        Ok(self.range())
    }

    /// A `RawBody`: a block type without labels of its own.
    fn payload<V: Visitor<'de>>(self, _name: &'static str, visitor: V) -> Result<V::Value> {
        if let Some((block, depth)) = &self.block {
            if let Some(diag) = block.check_labels::<&str>(*depth, &[]) {
                return Err(Error::from_diagnostics(diag.into()));
            }
        }
        let raw = RawBody::from_body(&self.body);
        de::Deserializer::deserialize_any(PayloadDeserializer(Payload::Body(raw)), visitor)
    }

    fn plain_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        self.visit(Keys::Struct(StructId::new(name, fields)), visitor)
    }
}

impl<'de> de::Deserializer<'de> for BodyDeserializer<'_, '_, 'de> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let names = names(&self.body);
        self.visit(Keys::Found(&names), visitor)
    }

    special_types!();

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let chain = self.pending.enter::<V::Value>();
        let pending = Pending::option_inner::<V::Value>(chain);
        visitor.visit_some(self.expecting(pending))
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
        let mut entries = self.read(Keys::Found(&names), Chain::NONE)?;
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
