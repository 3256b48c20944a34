//! Schema processing of JSON-syntax bodies, by the rules of the JSON
//! syntax's specification as the reference applies them: the schema tells
//! an attribute from a block; a block type's value is an object with one
//! level of properties per label, then the body; any of these levels may be
//! an array of objects instead, and the body an array of bodies (one block
//! each); `null` as a body is no block; a `"//"` property of a body is a
//! comment.

use std::fmt;
use std::sync::Arc;

use super::attributes::{Attributes, Gathered, Slots};
use super::body::NameSet;
use super::content::{Attribute, Block, BodyContent, Label};
use super::definition::BodySchema;
use crate::analysis::{ExprRef, Location};
use crate::diagnostic::{Code, Diagnostic, Diagnostics};
use crate::didyoumean::first_close_name;
use crate::json::{NodeKind, NodeRef, Property};
use crate::span::{SourceFile, Span};
use crate::syntax_tree::SyntaxTree;
use crate::value::go_quote;

/// A JSON-syntax body: the value that stands for it (an object, an array of
/// objects, or a value of the wrong kind reported when read), less the
/// names that earlier partial steps took.
#[derive(Clone)]
pub(super) struct JsonBody<'a> {
    val: NodeRef<'a>,
    file: &'a Arc<SourceFile>,
    /// The names hidden, once any are (a body is small without them).
    hidden: Option<Box<NameSet>>,
}

/// The names of a body that hides none.
static NO_NAMES: NameSet = NameSet::new();

impl PartialEq for JsonBody<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.val.same(&other.val)
            && Arc::ptr_eq(self.file, other.file)
            && self.hidden() == other.hidden()
    }
}

impl fmt::Debug for JsonBody<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("JsonBody")
            .field("file", &self.file.name())
            .field("span", &self.val.span())
            .field("hidden", self.hidden())
            .finish()
    }
}

/// The message for a value of the wrong kind where properties should be.
fn wrong_kind(file: &Arc<SourceFile>, at: Span, detail: String) -> Diagnostic {
    Location::new(file, at).error(
        Code::IncorrectJsonValueType,
        "Incorrect JSON value type",
        detail,
    )
}

impl<'a> JsonBody<'a> {
    pub(super) fn new(val: NodeRef<'a>, file: &'a Arc<SourceFile>) -> Self {
        JsonBody {
            val,
            file,
            hidden: None,
        }
    }

    /// The value `val` of `tree`, less the names `hidden`.
    pub(super) fn of_view(val: NodeRef<'a>, tree: &'a Arc<SyntaxTree>, hidden: &NameSet) -> Self {
        JsonBody {
            val,
            file: tree.source(),
            hidden: (!hidden.is_empty()).then(|| Box::new(hidden.clone())),
        }
    }

    /// The span of the value that stands for the body.
    pub(super) fn span(&self) -> Span {
        self.val.span()
    }

    pub(super) fn file(&self) -> &'a Arc<SourceFile> {
        self.file
    }

    /// The names hidden from the body.
    pub(super) fn view(&self) -> &NameSet {
        self.hidden()
    }

    fn hidden(&self) -> &NameSet {
        self.hidden.as_deref().unwrap_or(&NO_NAMES)
    }

    /// The blocks of type `block_type` (named at `type_span`) that the
    /// value `v` stands for, with `label_names` labels.
    pub(super) fn blocks_of_value(
        v: NodeRef<'a>,
        file: &'a Arc<SourceFile>,
        block_type: &'a str,
        type_span: Span,
        label_names: &[&str],
        diags: &mut Diagnostics,
    ) -> Vec<Block<'a>> {
        let mut blocks = Vec::new();
        let body = JsonBody::new(v, file);
        body.unpack_block(
            v,
            block_type,
            type_span,
            label_names,
            &mut Vec::new(),
            &mut blocks,
            diags,
        );
        blocks
    }

    pub(super) fn source_len(&self) -> usize {
        self.val.span().len() as usize
    }

    /// The reference's `MissingItemRange`: an object's closing brace, an
    /// array's opening bracket, else the value's start.
    pub(super) fn missing_item(&self) -> Location<'a> {
        let val = self.val.node;
        let span = match &val.kind {
            NodeKind::Object(_) => val.close_span(),
            _ => val.start_span(),
        };
        Location::new(self.file, span)
    }

    /// The properties of `v`, an object or an array of objects (null has
    /// none); anything else is reported, naming the label it should give
    /// when `label` is set.
    fn collect(&self, v: NodeRef<'a>, label: Option<&str>, diags: &mut Diagnostics) -> Props<'a> {
        let mut props = Vec::new();
        match v.kind() {
            NodeKind::Null => {}
            NodeKind::Object(_) => return Props::Object(v.properties().unwrap_or_default()),
            NodeKind::Array(_) => {
                for item in v.elements().unwrap_or_default() {
                    match v.at(item).properties() {
                        Some(own) => props.extend(own.iter()),
                        _ => diags.push(wrong_kind(
                            self.file,
                            item.start_span(),
                            match label {
                                Some(l) => format!(
                                    "A JSON object is required here, to specify {l} labels for this block."
                                ),
                                None => "A JSON object is required here, to define arguments and child blocks.".to_owned(),
                            },
                        )),
                    }
                }
            }
            _ => diags.push(wrong_kind(
                self.file,
                v.node.start_span(),
                match label {
                    Some(l) => format!(
                        "Either a JSON object or JSON array of objects is required here, to specify {l} labels for this block."
                    ),
                    None => "Either a JSON object or JSON array of objects is required here, to define arguments and child blocks.".to_owned(),
                },
            )),
        }
        Props::Gathered(props)
    }

    fn attribute(&self, prop: &'a Property<'a>) -> Attribute<'a> {
        Attribute {
            name: prop.name(),
            expr: ExprRef::json(self.val.at(&prop.value), self.file),
            name_span: prop.name.span,
            span: prop.span(),
            file: self.file,
        }
    }

    pub(super) fn partial_content(
        &self,
        schema: &BodySchema,
        check_required: bool,
        diags: &mut Diagnostics,
    ) -> (BodyContent<'a>, JsonBody<'a>) {
        let (content, _) = self.read(schema, check_required, diags);
        let mut hidden = self.hidden().clone();
        let mut ignored = Diagnostics::default();
        let props = self.collect(self.val, None, &mut ignored);
        let used = props
            .iter()
            .map(Property::name)
            .filter(|name| !self.hidden().contains(*name) && self.takes(schema, name));
        hidden.extend(used.map(str::to_owned));
        let rest = JsonBody {
            val: self.val,
            file: self.file,
            hidden: (!hidden.is_empty()).then(|| Box::new(hidden)),
        };
        (content, rest)
    }

    /// Whether `schema` takes the properties named `name`.
    fn takes(&self, schema: &BodySchema, name: &str) -> bool {
        schema.attribute_position(name).is_some() || schema.block(name).is_some()
    }

    /// The content the schema takes, and how many properties it took
    /// (of those not hidden already).
    fn read(
        &self,
        schema: &BodySchema,
        check_required: bool,
        diags: &mut Diagnostics,
    ) -> (BodyContent<'a>, usize) {
        let props = self.collect(self.val, None, diags);
        let mut used = 0;
        let mut content = BodyContent::new(Some(self.missing_item()));
        let mut slots: Slots<&'a Property<'a>> = Slots::new(schema);
        // The properties of block types whose labels the reader checks.
        let mut unlabeled = Gathered::default();
        for prop in props.iter() {
            let name = prop.name();
            if self.hidden().contains(name) {
                continue;
            }
            if let Some(slot) = slots.slot(schema, name) {
                if let Some(existing) = slot {
                    diags.push(self.duplicate(prop, &self.attribute(existing)));
                    continue;
                }
                *slot = Some(prop);
                used += 1;
            } else if let Some(header) = schema.block(name) {
                if header.any_labels {
                    if let Err(existing) = unlabeled.add(self.attribute(prop)) {
                        diags.push(self.duplicate(prop, existing));
                        continue;
                    }
                    used += 1;
                    continue;
                }
                let labels: Vec<&str> = header.label_names.iter().map(String::as_str).collect();
                let mut found = Vec::new();
                self.unpack_block(
                    self.val.at(&prop.value),
                    name,
                    prop.name.span,
                    &labels,
                    &mut found,
                    &mut content.blocks,
                    diags,
                );
                used += 1;
            }
        }
        if check_required {
            slots.report_missing(schema, self.missing_item(), diags);
        }
        content.attributes = slots.finish(schema, |prop| self.attribute(prop));
        if !unlabeled.is_empty() {
            let found = std::mem::take(&mut content.attributes).into_values();
            let all = found.chain(unlabeled.into_items()).collect();
            content.attributes = Attributes::from_distinct(all);
        }
        (content, used)
    }

    /// "Duplicate argument" for `prop`, whose name `existing` already set.
    fn duplicate(&self, prop: &Property<'_>, existing: &Attribute<'_>) -> Diagnostic {
        Diagnostic::error(
            Code::DuplicateArgument,
            "Duplicate argument",
            format!(
                "The argument {} was already set at {}.",
                go_quote(prop.name()),
                existing.range()
            ),
        )
        .with_subject(self.file, prop.name.span)
        .with_context(self.file, prop.name.span)
    }

    pub(super) fn content(
        &self,
        schema: &BodySchema,
        check_required: bool,
        diags: &mut Diagnostics,
    ) -> BodyContent<'a> {
        let (content, used) = self.read(schema, check_required, diags);
        // Every property taken (the usual case): nothing is extraneous.
        if let Some(properties) = self.val.properties() {
            if self.hidden().is_empty() && used == properties.len() {
                return content;
            }
        }
        let taken = |name: &str| self.hidden().contains(name) || self.takes(schema, name);
        let defined =
            |name: &str| self.hidden().contains(name) || content.attributes.contains_key(name);
        for prop in self.collect(self.val, None, diags).iter() {
            let name = prop.name();
            if name == "//" || taken(name) {
                continue;
            }
            let mut suggestions: Vec<&str> = schema
                .attributes()
                .iter()
                .map(|a| a.name.as_str())
                .filter(|n| !defined(n))
                .collect();
            suggestions.extend(schema.blocks().iter().map(|b| b.block_type.as_str()));
            let suggestion = first_close_name(name, suggestions.iter().copied())
                .map(|s| format!(" Did you mean {}?", go_quote(s)))
                .unwrap_or_default();
            diags.push(
                Diagnostic::error(
                    Code::ExtraneousJsonProperty,
                    "Extraneous JSON object property",
                    format!(
                        "No argument or block type is named {}.{suggestion}",
                        go_quote(name)
                    ),
                )
                .with_subject(self.file, prop.name.span)
                .with_context(self.file, prop.name.span),
            );
        }
        content
    }

    pub(super) fn just_attributes(&self, diags: &mut Diagnostics) -> Attributes<'a> {
        let mut attrs = Gathered::default();
        let Some(properties) = self.val.properties() else {
            diags.push(wrong_kind(
                self.file,
                self.val.node.start_span(),
                "A JSON object is required here, setting the arguments for this block.".to_owned(),
            ));
            return Attributes::new();
        };
        for prop in properties {
            let name = prop.name();
            if name == "//" || self.hidden().contains(name) {
                continue;
            }
            if let Err(existing) = attrs.add(self.attribute(prop)) {
                diags.push(
                    Diagnostic::error(
                        Code::DuplicateArgument,
                        "Duplicate attribute definition",
                        format!(
                            "The argument {} was already set at {}.",
                            go_quote(name),
                            existing.range()
                        ),
                    )
                    .with_subject(self.file, prop.name.span),
                );
            }
        }
        attrs.finish()
    }

    /// The blocks of type `block_type` that `v` stands for, `labels_left`
    /// label levels still to read, `labels` those read so far.
    #[allow(clippy::too_many_arguments)]
    fn unpack_block(
        &self,
        v: NodeRef<'a>,
        block_type: &'a str,
        type_span: Span,
        labels_left: &[&str],
        labels: &mut Vec<Label<'a>>,
        blocks: &mut Vec<Block<'a>>,
        diags: &mut Diagnostics,
    ) {
        if let Some((label, later)) = labels_left.split_first() {
            let props = self.collect(v, Some(label), diags);
            if props.is_empty() {
                diags.push(Location::new(self.file, v.node.start_span()).error(
                    Code::MissingLabel,
                    "Missing block label",
                    format!(
                        "At least one object property is required, whose name represents the \
                         {block_type} block's {label}."
                    ),
                ));
                return;
            }
            for prop in props.iter() {
                labels.push(Label {
                    value: prop.name(),
                    span: prop.name.span,
                    file: self.file,
                });
                self.unpack_block(
                    v.at(&prop.value),
                    block_type,
                    type_span,
                    later,
                    labels,
                    blocks,
                    diags,
                );
                labels.pop();
            }
            return;
        }
        let block = |body: NodeRef<'a>, open: Span| Block {
            block_type,
            labels: labels.clone(),
            body: super::Body::json(body, self.file),
            type_span,
            def_span: open,
            open_brace_span: open,
            close_brace_span: match body.kind() {
                NodeKind::Object(_) => body.node.close_span(),
                _ => body.span(),
            },
            span: type_span.to(body.span()),
            file: self.file,
        };
        match v.kind() {
            NodeKind::Null => {}
            NodeKind::Object(_) => blocks.push(block(v, v.node.open_span())),
            NodeKind::Array(_) => {
                for item in v.elements().unwrap_or_default() {
                    blocks.push(block(v.at(item), v.node.open_span()));
                }
            }
            _ => diags.push(wrong_kind(
                self.file,
                v.node.start_span(),
                format!(
                    "Either a JSON object or a JSON array is required, representing the \
                     contents of one or more {} blocks.",
                    go_quote(block_type)
                ),
            )),
        }
    }
}

/// The properties of a body's value: an object's own, or those of an
/// array's objects gathered.
enum Props<'a> {
    Object(&'a [Property<'a>]),
    Gathered(Vec<&'a Property<'a>>),
}

impl<'a> Props<'a> {
    fn len(&self) -> usize {
        match self {
            Props::Object(props) => props.len(),
            Props::Gathered(props) => props.len(),
        }
    }

    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn iter(&self) -> impl Iterator<Item = &'a Property<'a>> + '_ {
        let (own, gathered): (&'a [Property<'a>], &[&'a Property<'a>]) = match self {
            Props::Object(props) => (props, &[]),
            Props::Gathered(props) => (&[], props),
        };
        own.iter().chain(gathered.iter().copied())
    }
}
