//! Every block of one type: the target's shape decides how many it takes.
//!
//! A struct takes exactly one block, `Option` zero or one, a sequence all
//! of them, and a map groups them by their next label (one map level per
//! label).

use std::cell::Cell;
use std::collections::HashMap;
use std::rc::Rc;

use std::sync::Arc;

use hcl_core::analysis::Location;
use hcl_core::schema::{unsupported_argument_block, Block};
use hcl_core::span::Span;
use hcl_core::{suggest_name, Code, Diagnostic, Diagnostics, SourceFile, Value};
use serde::de::{self, IntoDeserializer, Visitor};
use serde::forward_to_deserialize_any;

use super::entry::{
    BlockRef, BlockTarget, Blocks, BlocksIter, BodyDeserializer, StructSeed, TupleSeed,
};
use super::fields::{Keys, StructId};
use super::literal::LiteralDeserializer;
use super::recovery::{Chain, Element, Pending, Resume, Role, StandIn};
use super::session::Session;
use super::value::ValueDeserializer;
use crate::error::{Error, Result};
use crate::special::{special_types, Special};

mod missing_key;

use missing_key::MissingKey;

/// Calls `read` with the deserializer of `block`'s body, whose labels past
/// `depth` go to the body's label fields, and where the block is. The body
/// of a top-level block of a file read item by item is parsed for `read`
/// and its tree dropped after (see `Body::read_once`).
fn with_body<'de, 'a, 's, R>(
    block: BlockRef<'a>,
    depth: usize,
    session: &'s Session<'s, 'de>,
    pending: Pending,
    read: impl for<'b> FnOnce(Location<'b>, BodyDeserializer<'b, 's, 'de>) -> R,
) -> R {
    let BlockRef { block, place } = block;
    let block = *block;
    block.body.read_once(|body| {
        let body = body.clone();
        let block = Block {
            block_type: block.block_type,
            labels: block.labels,
            body: body.clone(),
            type_span: block.type_span,
            def_span: block.def_span,
            open_brace_span: block.open_brace_span,
            close_brace_span: block.close_brace_span,
            span: block.span,
            file: block.file,
        };
        let at = block.def_location();
        let de = BodyDeserializer {
            body,
            session,
            block: Some((block, depth)),
            place,
            pending,
        };
        read(at, de)
    })
}

/// A deserializer over the blocks of one type, of which the first `depth`
/// labels have been taken by enclosing maps.
pub(crate) struct BlocksDeserializer<'a, 's, 'de> {
    block_type: &'a str,
    target: BlockTarget,
    blocks: Blocks<'a>,
    depth: usize,
    session: &'s Session<'s, 'de>,
    /// Where a missing block would go.
    missing: Option<Location<'a>>,
    /// For the elements of a sequence or map: where the first one to be
    /// read into a struct leaves that struct, so that after an error in
    /// one element the others are checked against it too.
    element_fields: Option<Rc<Cell<Option<StructId>>>>,
    /// The read of the target, for errors recorded on the spot.
    pending: Pending,
}

fn position(location: &Location<'_>) -> String {
    let range = location.range();
    format!(
        "{}:{}:{}",
        range.filename, range.start.line, range.start.column
    )
}

impl<'de, 'a, 's> BlocksDeserializer<'a, 's, 'de> {
    pub(crate) fn new(
        block_type: &'a str,
        blocks: Blocks<'a>,
        session: &'s Session<'s, 'de>,
        missing: Option<Location<'a>>,
    ) -> Self {
        BlocksDeserializer {
            block_type,
            target: BlockTarget::Any,
            blocks,
            depth: 0,
            session,
            missing,
            element_fields: None,
            pending: Pending::NONE,
        }
    }

    /// The same blocks, read only into `target`.
    pub(crate) fn reading(self, target: BlockTarget) -> Self {
        BlocksDeserializer { target, ..self }
    }

    /// The same blocks, read by `pending`.
    pub(crate) fn expecting(self, pending: Pending) -> Self {
        BlocksDeserializer { pending, ..self }
    }

    fn with_blocks(&self, blocks: Blocks<'a>, depth: usize) -> Self {
        BlocksDeserializer {
            block_type: self.block_type,
            target: self.target,
            blocks,
            depth,
            session: self.session,
            missing: self.missing,
            element_fields: self.element_fields.clone(),
            pending: Pending::NONE,
        }
    }

    /// Gives `read` the one block a struct-like target takes, with its
    /// body (see [`with_body`]).
    fn with_one<R>(
        self,
        read: impl for<'b> FnOnce(Location<'b>, BodyDeserializer<'b, 's, 'de>) -> Result<R>,
    ) -> Result<R> {
        let t = self.block_type;
        let mut diags = Diagnostics::default();
        let mut blocks = self.blocks.into_iter();
        let Some(first) = blocks.next() else {
            let detail = format!("A block of type \"{t}\" is required here.");
            return Err(match self.missing {
                Some(at) => Error::at(
                    at,
                    Code::MissingBlock,
                    &format!("Missing {t} block"),
                    detail,
                ),
                None => Error::message(Code::MissingBlock, &format!("Missing {t} block"), detail),
            });
        };
        for extra in blocks {
            diags.push(extra.def_location().error(
                Code::DuplicateBlock,
                format!("Duplicate {t} block"),
                format!(
                    "Only one block of type \"{t}\" is allowed here. Another was defined at {}.",
                    position(&first.def_location())
                ),
            ));
        }
        if diags.has_errors() {
            return Err(Error::from_diagnostics(diags));
        }
        // The body is read with the visitor the blocks were, which checks
        // the chain as the blocks would.
        with_body(first, self.depth, self.session, self.pending, read)
    }

    /// "Inconsistent labels" when the blocks do not all have as many
    /// labels, for targets that would take them differently. In lenient
    /// mode the blocks unlike the first are left out, with warnings.
    fn same_label_counts(mut self) -> Result<Self> {
        let t = self.block_type;
        let Some(first) = self.blocks.first().cloned() else {
            return Ok(self);
        };
        let count = first.label_count();
        if self.blocks.iter().all(|b| b.label_count() == count) {
            return Ok(self);
        }
        let mut diags = Diagnostics::default();
        for block in self.blocks.iter().filter(|b| b.label_count() != count) {
            diags.push(block.def_location().error(
                Code::InconsistentLabels,
                format!("Inconsistent labels for {t}"),
                format!(
                    "All {t} blocks must have the same number of labels: this one has {}, \
                     the one at {} has {count}.",
                    block.label_count(),
                    position(&first.def_location()),
                ),
            ));
        }
        if !self.session.lenient {
            return Err(Error::from_diagnostics(diags));
        }
        let mut warnings = self.session.warnings.borrow_mut();
        for mut diag in diags {
            diag.severity = hcl_core::Severity::Warning;
            diag.detail.push_str(" The block is left out.");
            warnings.push(diag);
        }
        drop(warnings);
        self.blocks.retain(|b| b.label_count() == count);
        Ok(self)
    }

    /// Reads this element of a sequence or map into `seed`; an error gets
    /// the element as the place where a next pass carries on, with a
    /// stand-in for it. `chain` is the sequence's or map's.
    fn read_element<S: de::DeserializeSeed<'de>>(
        self,
        seed: S,
        role: Role,
        chain: Chain,
    ) -> Result<S::Value> {
        let session = self.session;
        let this = self.expecting(chain.expecting::<S::Value>());
        let Some(element) = this.element(role) else {
            return seed.deserialize(this);
        };
        let resume = Resume::Element(element);
        if session.resume.contains(&resume) {
            return seed.deserialize(StandIn::new(&session.record, None));
        }
        let value = session
            .record
            .guarded(|| Some(resume), || seed.deserialize(this))?;
        session.record.read_element(element);
        Ok(value)
    }

    /// This element of a sequence or map, as an identity across passes.
    fn element(&self, role: Role) -> Option<Element> {
        let first = self.blocks.first()?;
        Some((first.place, self.depth, role))
    }

    /// Whether this pass leaves this element out, read without error in an
    /// earlier one; counted with the stand-ins if so.
    fn left_out(&self, role: Role) -> bool {
        let Some(element) = self.element(role) else {
            return false;
        };
        let out = self.session.resume.leaves_out(element);
        if out {
            self.session.record.leave_out();
        }
        out
    }

    /// "Unsupported block type" where the target takes an argument, as
    /// schema processing words it. A next pass leaves the blocks out, so
    /// that their field is missing as it is to schema processing.
    fn not_an_argument(&self) -> Error {
        if let Some(first) = self.blocks.first() {
            let record = &self.session.record;
            let absent = Resume::Absent(first.place);
            record.failed(record.scope(), absent, false);
        }
        let t = self.block_type;
        let at = self
            .blocks
            .first()
            .map(BlockRef::type_location)
            .or(self.missing);
        let diag = match at {
            Some(at) => unsupported_argument_block(t, at),
            None => {
                // The wording of schema processing, without a place.
                let nowhere = Arc::new(SourceFile::new("", ""));
                Diagnostic {
                    subject: None,
                    context: None,
                    source: None,
                    ..unsupported_argument_block(t, Location::new(&nowhere, Span::empty(0)))
                }
            }
        };
        Error::from_diagnostics(diag.into())
    }

    /// The blocks grouped by their label at `depth`, in order of first use.
    fn groups(self) -> Result<Vec<(&'a str, Self)>> {
        let t = self.block_type;
        let depth = self.depth;
        let mut diags = Diagnostics::default();
        let mut groups: Vec<(&'a str, Blocks<'a>)> = Vec::new();
        // Label to group number: a linear search would make many blocks
        // quadratic.
        let mut index: HashMap<&'a str, usize> = HashMap::new();
        let mut template = self;
        for block in std::mem::take(&mut template.blocks) {
            let Some(key) = block.label(depth).map(|l| l.value) else {
                let n = depth + 1;
                let labels = if n == 1 { "label" } else { "labels" };
                diags.push(block.def_location().error(
                    Code::MissingLabel,
                    format!("Missing label for {t}"),
                    format!("All {t} blocks must have {n} {labels}."),
                ));
                continue;
            };
            match index.get(key).and_then(|&i| groups.get_mut(i)) {
                Some((_, group)) => group.push(block),
                None => {
                    index.insert(key, groups.len());
                    groups.push((key, Blocks::One(block)));
                }
            }
        }
        if diags.has_errors() {
            return Err(Error::from_diagnostics(diags));
        }
        Ok(groups
            .into_iter()
            .map(|(key, blocks)| (key, template.with_blocks(blocks, depth + 1)))
            .collect())
    }
}

impl<'de> Special<'de> for BlocksDeserializer<'_, '_, 'de> {
    fn spanned_range(&self) -> Result<Option<hcl_core::Range>> {
        Ok(self.blocks.first().map(|b| b.location().range()))
    }

    /// A `RawBody` of one block: its body's.
    fn payload<V: Visitor<'de>>(self, name: &'static str, visitor: V) -> Result<V::Value> {
        self.with_one(|at, body| {
            de::Deserializer::deserialize_newtype_struct(body, name, visitor)
                .map_err(|e| e.or_at(at))
        })
    }

    fn plain_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        let id = StructId::new(name, fields);
        if let Some(slot) = &self.element_fields {
            slot.set(Some(id));
        }
        self.with_one(|at, body| {
            de::Deserializer::deserialize_struct(body, name, fields, visitor)
                .map_err(|e| e.or_at(at))
        })
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

impl<'de> de::Deserializer<'de> for BlocksDeserializer<'_, '_, 'de> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        // A type that describes itself (a `serde_json::Value`) has no
        // schema: it takes the blocks as they are, decided as they are read.
        let this = self.same_label_counts()?;
        let depth = this.depth;
        if !this.blocks.is_empty() && this.blocks.iter().all(|b| b.label_count() > depth) {
            this.deserialize_map(visitor)
        } else if this.blocks.len() == 1 {
            this.with_one(|at, body| body.deserialize_any(visitor).map_err(|e| e.or_at(at)))
        } else {
            this.deserialize_seq(visitor)
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        if self.blocks.is_empty() {
            visitor.visit_none()
        } else {
            let chain = self.pending.enter::<V::Value>();
            visitor.visit_some(self.expecting(Pending::option_inner::<V::Value>(chain)))
        }
    }

    fn deserialize_seq<V: Visitor<'de>>(mut self, visitor: V) -> Result<V::Value> {
        self.element_fields.get_or_insert_with(Rc::default);
        let blocks = std::mem::take(&mut self.blocks);
        let chain = self.pending.enter::<V::Value>();
        visitor.visit_seq(BlockSeq {
            blocks: blocks.into_iter(),
            template: self,
            chain,
        })
    }

    fn deserialize_map<V: Visitor<'de>>(mut self, visitor: V) -> Result<V::Value> {
        // One block with no labels left, as `locals { ... }`: a map of its
        // body.
        if let [block] = &*self.blocks {
            if block.label_count() <= self.depth {
                if self.target == BlockTarget::BlockType {
                    return visitor.visit_map(MissingKey { blocks: Some(self) });
                }
                return self
                    .with_one(|at, body| body.deserialize_map(visitor).map_err(|e| e.or_at(at)));
            }
        }
        self.element_fields.get_or_insert_with(Rc::default);
        let chain = self.pending.enter::<V::Value>();
        let groups = self.groups()?;
        visitor.visit_map(GroupAccess {
            groups: groups.into_iter(),
            pending: None,
            chain,
        })
    }

    special_types!();

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        // An enum takes blocks by their label, decided as they are read.
        // The block's next label names the variant; the variant's content
        // is the block with the labels after it.
        let t = self.block_type;
        if self.blocks.len() > 1 {
            // Two blocks for one value: "Duplicate block".
            return Err(match self.with_one(|_, _| Ok(())) {
                Err(e) => e,
                Ok(()) => Error::message(
                    Code::InvalidValue,
                    "Invalid value",
                    format!("One {t} block is expected."),
                ),
            });
        }
        let Some(block) = self.blocks.first() else {
            return Err(self.not_an_argument());
        };
        let Some(label) = block.label(self.depth) else {
            // Without a label, a body of one argument or block names it.
            let (attrs, blocks) = block.block.body.items();
            if attrs.len() + blocks.len() == 1 {
                return self.with_one(|at, body| {
                    body.deserialize_enum(name, variants, visitor)
                        .map_err(|e| e.or_at(at))
                });
            }
            let detail = format!(
                "A {t} block needs a label to say which kind it is: one of {}.",
                quoted_list(variants)
            );
            return Err(Error::at(
                block.open_brace_location(),
                Code::MissingLabel,
                &format!("Missing label for {t}"),
                detail,
            ));
        };
        if !variants.contains(&label.value) {
            let suggestion = match suggest_name(label.value, variants.iter().copied()) {
                Some(s) => format!(" Did you mean \"{s}\"?"),
                None => String::new(),
            };
            return Err(Error::at(
                label.location(),
                Code::InvalidLabel,
                &format!("Invalid {t} label"),
                format!(
                    "The label \"{}\" is not one of the kinds of {t} block ({}).{suggestion}",
                    label.value,
                    quoted_list(variants)
                ),
            ));
        }
        let variant = label.value;
        let mut rest = self.with_blocks(self.blocks.clone(), self.depth + 1);
        // Each variant has fields of its own: a sibling block's are not
        // these.
        rest.element_fields = None;
        visitor.visit_enum(LabelEnum { variant, rest })
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
        tuple tuple_struct
    }
}

impl<'de, 'a, 's> IntoDeserializer<'de, Error> for BlocksDeserializer<'a, 's, 'de> {
    type Deserializer = Self;

    fn into_deserializer(self) -> Self {
        self
    }
}

/// Label groups, for serde's `visit_map`.
struct GroupAccess<'a, 's, 'de> {
    groups: std::vec::IntoIter<(&'a str, BlocksDeserializer<'a, 's, 'de>)>,
    pending: Option<(&'a str, BlocksDeserializer<'a, 's, 'de>)>,
    /// The map's chain, for errors recorded on the spot.
    chain: Chain,
}

impl<'de> de::MapAccess<'de> for GroupAccess<'_, '_, 'de> {
    type Error = Error;

    fn next_key_seed<K: de::DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>> {
        let Some((key, blocks)) = self
            .groups
            .find(|(_, blocks)| !blocks.left_out(Role::Entry))
        else {
            return Ok(None);
        };
        // Labels are strings; a numeric or bool key type converts them.
        let label = blocks
            .blocks
            .first()
            .and_then(|b| b.label(blocks.depth.saturating_sub(1)));
        let result = match label {
            Some(label) => seed.deserialize(LiteralDeserializer {
                text: key,
                at: label.location(),
                borrowed: blocks.session.source.borrow(key),
                block_field: None,
            }),
            None => seed.deserialize(ValueDeserializer::new(&Value::string(key))),
        };
        self.pending = Some((key, blocks));
        result.map(Some).map_err(|e| e.add_key(key))
    }

    fn next_value_seed<S: de::DeserializeSeed<'de>>(&mut self, seed: S) -> Result<S::Value> {
        match self.pending.take() {
            Some((key, blocks)) => {
                let record = &blocks.session.record;
                let spots = record.spots();
                let result = blocks.read_element(seed, Role::Entry, self.chain);
                record
                    .on_the_path(spots, result, |e| e.add_key(key))
                    .map_err(|e| {
                        let more = sibling_diagnostics(
                            &mut self.groups.by_ref().map(|(_, group)| group),
                            Role::Entry,
                        );
                        e.with_more(more)
                    })
            }
            None => Err(Error::value_before_key()),
        }
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.groups.len())
    }
}

/// `"a", "b" or "c"`.
fn quoted_list(names: &[&str]) -> String {
    let quoted: Vec<String> = names.iter().map(|n| format!("\"{n}\"")).collect();
    match quoted.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        Some((last, _)) => last.clone(),
        None => "none".to_string(),
    }
}

/// An enum chosen by a block label.
struct LabelEnum<'a, 's, 'de> {
    variant: &'a str,
    rest: BlocksDeserializer<'a, 's, 'de>,
}

impl<'de, 'a, 's> de::EnumAccess<'de> for LabelEnum<'a, 's, 'de> {
    type Error = Error;
    type Variant = BlocksDeserializer<'a, 's, 'de>;

    fn variant_seed<V: de::DeserializeSeed<'de>>(
        self,
        seed: V,
    ) -> Result<(V::Value, Self::Variant)> {
        let key: de::value::StrDeserializer<'_, Error> = self.variant.into_deserializer();
        let variant = seed.deserialize(key)?;
        Ok((variant, self.rest))
    }
}

impl<'de> de::VariantAccess<'de> for BlocksDeserializer<'_, '_, 'de> {
    type Error = Error;

    fn unit_variant(self) -> Result<()> {
        de::Deserializer::deserialize_struct(self, "", &[], de::IgnoredAny).map(|_| ())
    }

    fn newtype_variant_seed<T: de::DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value> {
        seed.deserialize(self)
    }

    fn tuple_variant<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value> {
        de::DeserializeSeed::deserialize(TupleSeed { len, visitor }, self)
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        de::DeserializeSeed::deserialize(StructSeed { fields, visitor }, self)
    }
}

/// The blocks of a sequence, one element each.
struct BlockSeq<'a, 's, 'de> {
    /// The blocks not read yet: each is read by a deserializer made from
    /// `template` when its turn comes, and dropped after.
    blocks: BlocksIter<'a>,
    template: BlocksDeserializer<'a, 's, 'de>,
    /// The sequence's chain, for errors recorded on the spot.
    chain: Chain,
}

impl<'de> de::SeqAccess<'de> for BlockSeq<'_, '_, 'de> {
    type Error = Error;

    fn next_element_seed<T: de::DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>> {
        let template = &self.template;
        let mut items = self
            .blocks
            .by_ref()
            .map(|block| template.with_blocks(Blocks::One(block), template.depth));
        let Some(item) = items.find(|item| !item.left_out(Role::Item)) else {
            return Ok(None);
        };
        match item.read_element(seed, Role::Item, self.chain) {
            Ok(value) => Ok(Some(value)),
            Err(e) => {
                let more = sibling_diagnostics(&mut items, Role::Item);
                Err(e.with_more(more))
            }
        }
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.blocks.len())
    }
}

/// After an error in one block, the errors of the body level of the blocks
/// after it, read with the fields of the struct the failed one was read
/// into: so one decode reports a mistake made in every block, not only in
/// the first. `role`: what the siblings are elements of.
fn sibling_diagnostics<'de, 'a, 's>(
    siblings: &mut dyn Iterator<Item = BlocksDeserializer<'a, 's, 'de>>,
    role: Role,
) -> Diagnostics {
    let mut diags = Diagnostics::default();
    for sibling in siblings {
        let Some(id) = sibling.element_fields.as_ref().and_then(|f| f.get()) else {
            break;
        };
        // Checked in an earlier pass, whose diagnostics are kept: after
        // errors in many blocks, each block is checked once over all
        // passes, not once per pass.
        if let Some(element) = sibling.element(role) {
            if sibling.session.resume.body_checked(element) {
                continue;
            }
            sibling.session.record.check_element(element);
        }
        let label_fields = id.label_count();
        let check = |block: &BlockRef<'_>| {
            let pending = Pending::NONE;
            with_body(
                block.clone(),
                sibling.depth,
                sibling.session,
                pending,
                |_, body| {
                    // Read while the error travels: its failure stays the
                    // pass's.
                    let record = &sibling.session.record;
                    let failure = record.take_failure();
                    let diags = body.read(Keys::Struct(id), Chain::NONE);
                    record.restore(failure);
                    diags.err().map(Error::into_diagnostics).unwrap_or_default()
                },
            )
        };
        match &*sibling.blocks {
            [one] if one.label_count() <= sibling.depth + label_fields => {
                diags.extend(check(one));
            }
            _ => {
                if let Ok(groups) = sibling.groups() {
                    diags.extend(sibling_diagnostics(
                        &mut groups.into_iter().map(|(_, g)| g),
                        Role::Entry,
                    ));
                }
            }
        }
    }
    diags
}
