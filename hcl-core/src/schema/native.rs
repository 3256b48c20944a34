//! Schema processing of native-syntax bodies.

use std::fmt;
use std::sync::Arc;

use super::attributes::{Attributes, Gathered, Slots};
use super::body::NameSet;
use super::content::{Attribute, Block, BodyContent};
use super::definition::BodySchema;
use crate::analysis::Location;
use crate::ast;
use crate::diagnostic::{Code, Diagnostic, Diagnostics};
use crate::didyoumean::first_close_name;
use crate::span::{SourceFile, Span};
use crate::syntax_tree::SyntaxTree;
use crate::value::go_quote;

/// A native-syntax body, less the items that earlier partial steps took.
///
/// Rather than copying the remaining items, a partial step records the
/// names its schema declared: attributes of those names and blocks of those
/// types are hidden from later steps. The names also stay candidates for
/// "Did you mean" suggestions, so that two steps suggest what one step with
/// both schemata would.
#[derive(Clone)]
pub(super) struct NativeBody<'a> {
    body: &'a ast::Body<'a>,
    file: &'a Arc<SourceFile>,
    view: NativeView,
}

/// What a [`NativeBody`] shows of its syntax tree's body: where it begins,
/// and the names hidden from it. Kept with the tree, it makes the body
/// again (see `OwnedBody`).
#[derive(Debug, Clone)]
pub(super) struct NativeView {
    /// Where the body begins, for "Missing required argument": a file's
    /// first byte, a block's opening brace.
    start: u32,
    /// The names hidden, once any are: most bodies have none, and a body
    /// (which every block holds) is small without them.
    names: Option<Box<ViewNames>>,
}

/// The names a [`NativeView`] hides.
#[derive(Debug, Clone, Default, PartialEq)]
struct ViewNames {
    hidden_attrs: NameSet,
    hidden_blocks: NameSet,
}

/// The names of a view that hides none.
static NO_NAMES: ViewNames = ViewNames {
    hidden_attrs: NameSet::new(),
    hidden_blocks: NameSet::new(),
};

impl NativeView {
    fn names(&self) -> &ViewNames {
        self.names.as_deref().unwrap_or(&NO_NAMES)
    }

    fn names_mut(&mut self) -> &mut ViewNames {
        self.names.get_or_insert_with(Box::default)
    }

    /// Whether both show the same items, `self` a body of `file` and
    /// `other` one of `other_file`: the same names hidden, beginning at
    /// the same place (which the two sources may hold at different byte
    /// offsets, one being a block's own text).
    pub(super) fn same(
        &self,
        file: &SourceFile,
        other: &NativeView,
        other_file: &SourceFile,
    ) -> bool {
        file.pos(self.start) == other_file.pos(other.start) && self.names() == other.names()
    }
}

impl PartialEq for NativeBody<'_> {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.body, other.body)
            && Arc::ptr_eq(self.file, other.file)
            && self.view.names().hidden_attrs == other.view.names().hidden_attrs
            && self.view.names().hidden_blocks == other.view.names().hidden_blocks
    }
}

impl fmt::Debug for NativeBody<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("NativeBody")
            .field("file", &self.file.name())
            .field("span", &self.body.span)
            .field("hidden_attrs", &self.view.names().hidden_attrs)
            .field("hidden_blocks", &self.view.names().hidden_blocks)
            .finish()
    }
}

impl<'a> NativeBody<'a> {
    pub(super) fn new(body: &'a ast::Body<'a>, file: &'a Arc<SourceFile>) -> Self {
        NativeBody {
            body,
            file,
            view: NativeView {
                start: body.span.start,
                names: None,
            },
        }
    }

    /// The same body, beginning at byte `start` (see `NativeView::start`).
    pub(super) fn starting_at(mut self, start: u32) -> Self {
        self.view.start = start;
        self
    }

    /// The body `body` of `tree` as `view` shows it.
    pub(super) fn of_view(
        body: &'a ast::Body<'a>,
        tree: &'a Arc<SyntaxTree>,
        view: &NativeView,
    ) -> Self {
        NativeBody {
            body,
            file: tree.source(),
            view: view.clone(),
        }
    }

    /// The body's span and end (see [`ast::Body`]).
    pub(super) fn spans(&self) -> (Span, Span) {
        (self.body.span, self.body.end_span)
    }

    pub(super) fn file(&self) -> &'a Arc<SourceFile> {
        self.file
    }

    pub(super) fn view(&self) -> &NativeView {
        &self.view
    }

    pub(super) fn items_into(
        &self,
        attributes: &mut Vec<Attribute<'a>>,
        blocks: &mut Vec<Block<'a>>,
    ) {
        attributes.extend(self.attributes().map(|a| Attribute::native(a, self.file)));
        blocks.extend(self.blocks().map(|b| Block::native(b, self.file)));
    }

    pub(super) fn source_len(&self) -> usize {
        self.body.span.len() as usize
    }

    /// Where the reference reports something missing from the body: the
    /// (empty) range at its start.
    pub(super) fn missing_item(&self) -> Location<'a> {
        Location::new(self.file, Span::empty(self.view.start))
    }

    fn attributes(&self) -> impl Iterator<Item = &'a ast::Attribute<'a>> + '_ {
        let attrs: &'a [ast::Attribute<'a>] = &self.body.attributes;
        attrs
            .iter()
            .filter(|a| !self.view.names().hidden_attrs.contains(a.name))
    }

    fn blocks(&self) -> impl Iterator<Item = &'a ast::Block<'a>> + '_ {
        let blocks: &'a [ast::Block<'a>] = &self.body.blocks;
        blocks
            .iter()
            .filter(|b| !self.view.names().hidden_blocks.contains(b.block_type))
    }

    pub(super) fn partial_content(
        &self,
        schema: &BodySchema,
        check_required: bool,
        diags: &mut Diagnostics,
    ) -> (BodyContent<'a>, NativeBody<'a>) {
        let (content, _) = self.take(schema, check_required, diags);
        let mut rest = self.clone();
        if schema.attributes().is_empty() && schema.blocks().is_empty() {
            return (content, rest);
        }
        let names = rest.view.names_mut();
        names
            .hidden_attrs
            .extend(schema.attributes().iter().map(|a| a.name.clone()));
        names
            .hidden_blocks
            .extend(schema.blocks().iter().map(|b| b.block_type.clone()));
        (content, rest)
    }

    /// What `schema` takes of the body, and whether it declares every
    /// item of it.
    fn take(
        &self,
        schema: &BodySchema,
        check_required: bool,
        diags: &mut Diagnostics,
    ) -> (BodyContent<'a>, bool) {
        let mut content = BodyContent::new(Some(self.missing_item()));
        let mut all_declared = true;
        // One pass over the body, each name looked up in the schema.
        let mut slots = Slots::new(schema);
        for attr in self.attributes() {
            match slots.slot(schema, attr.name) {
                Some(slot @ None) => *slot = Some(Attribute::native(attr, self.file)),
                // A name defined twice is the parser's error: the first
                // stands.
                Some(Some(_)) => {}
                None => all_declared = false,
            }
        }
        if check_required {
            slots.report_missing(schema, self.missing_item(), diags);
        }
        content.attributes = slots.finish(schema);
        for block in self.blocks() {
            let Some(header) = schema.block(block.block_type) else {
                all_declared = false;
                continue;
            };
            let block = Block::native(block, self.file);
            let mislabeled = match header.any_labels {
                true => None,
                false => block.check_labels(0, &header.label_names),
            };
            match mislabeled {
                Some(diag) => diags.push(diag),
                None => content.blocks.push(block),
            }
        }
        (content, all_declared)
    }

    pub(super) fn content(
        &self,
        schema: &BodySchema,
        check_required: bool,
        diags: &mut Diagnostics,
    ) -> BodyContent<'a> {
        let (content, all_declared) = self.take(schema, check_required, diags);
        if all_declared {
            return content;
        }
        // What the schema does not declare: what a partial step with it
        // would leave.
        let mut unsupported = self
            .attributes()
            .filter(|a| schema.attribute_position(a.name).is_none())
            .peekable();
        if unsupported.peek().is_some() {
            // Suggestions come from this step's schema only: for an
            // argument, the declared arguments the body does not define.
            let candidates: Vec<&str> = schema
                .attributes()
                .iter()
                .map(|a| a.name.as_str())
                .filter(|name| !content.attributes.contains_key(name))
                .collect();
            for attr in unsupported {
                diags.push(self.unsupported_attribute(attr, &candidates, schema));
            }
        }
        for block in self
            .blocks()
            .filter(|b| schema.block(b.block_type).is_none())
        {
            diags.push(self.unsupported_block(block, schema));
        }
        content
    }

    pub(super) fn just_attributes(&self, diags: &mut Diagnostics) -> Attributes<'a> {
        // The reference still reports a block that a partial step took;
        // here the rest of a partial step is what that step left.
        if let Some(block) = self.blocks().next() {
            diags.push(Location::new(self.file, block.type_span).error(
                Code::UnexpectedBlock,
                format!("Unexpected {} block", go_quote(block.block_type)),
                "Blocks are not allowed here.",
            ));
        }
        let mut attrs = Gathered::default();
        for attr in self.attributes() {
            // A name defined twice is the parser's error: the first stands.
            let _ = attrs.add(Attribute::native(attr, self.file));
        }
        attrs.finish()
    }

    /// "Unsupported argument" for an attribute no step declared, with the
    /// first of `candidates` within two edits as a suggestion, else a hint
    /// when `schema` has a block type of that name.
    fn unsupported_attribute(
        &self,
        attr: &ast::Attribute<'_>,
        candidates: &[&str],
        schema: &BodySchema,
    ) -> Diagnostic {
        let suggestion = match first_close_name(attr.name, candidates.iter().copied()) {
            Some(name) => format!(" Did you mean {}?", go_quote(name)),
            None if schema.block(attr.name).is_some() => {
                return unsupported_block_argument(
                    attr.name,
                    Location::new(self.file, attr.name_span),
                );
            }
            None => String::new(),
        };
        unsupported_argument(
            attr.name,
            Location::new(self.file, attr.name_span),
            &suggestion,
        )
    }

    /// "Unsupported block type" for a block of a type no step declared,
    /// with the first of `schema`'s block types within two edits as a
    /// suggestion, else a hint when `schema` has an argument of that name.
    fn unsupported_block(&self, block: &ast::Block<'_>, schema: &BodySchema) -> Diagnostic {
        let candidates = schema.blocks().iter().map(|b| b.block_type.as_str());
        let suggestion = match first_close_name(block.block_type, candidates) {
            Some(name) => format!(" Did you mean {}?", go_quote(name)),
            None if schema.attribute(block.block_type).is_some() => {
                return unsupported_argument_block(
                    block.block_type,
                    Location::new(self.file, block.type_span),
                );
            }
            None => String::new(),
        };
        unsupported_block_type(
            block.block_type,
            Location::new(self.file, block.type_span),
            &suggestion,
        )
    }
}

/// "Unsupported block type" for blocks of type `name`, the type written at
/// `at`; `suggestion` follows the sentence.
fn unsupported_block_type(name: &str, at: Location<'_>, suggestion: &str) -> Diagnostic {
    at.error(
        Code::UnsupportedBlockType,
        "Unsupported block type",
        format!(
            "Blocks of type {} are not expected here.{suggestion}",
            go_quote(name)
        ),
    )
}

/// "Unsupported block type" for a block of type `name`, its type written
/// at `at`, where the body takes an argument of that name instead, worded
/// as [`Body::content`](super::Body::content) words it: for a reader that
/// learns only as it reads the blocks that the name is an argument (as
/// serde decoding learns it from the target's type). The counterpart of
/// [`unsupported_block_argument`].
///
/// # Examples
///
/// ```
/// use hcl_core::schema::{unsupported_argument_block, Body, BodySchema};
/// let file = hcl_core::parse("port {\n}\n", "f.hcl").unwrap();
/// let schema = BodySchema::builder().attribute("port").build().unwrap();
/// let (_, diags) = Body::from_file(&file).content_with_diagnostics(&schema);
/// let (_, blocks) = Body::from_file(&file).items();
/// let found = diags.iter().next().unwrap();
/// assert_eq!(
///     found.to_string(),
///     unsupported_argument_block("port", blocks[0].type_location()).to_string()
/// );
/// ```
pub fn unsupported_argument_block(name: &str, at: Location<'_>) -> Diagnostic {
    let suggestion = format!(
        " Did you mean to define argument {}? If so, use the equals sign to assign it a value.",
        go_quote(name)
    );
    unsupported_block_type(name, at, &suggestion)
}

/// "Unsupported argument" for the argument `name`, its name written at
/// `at`; `suggestion` follows the sentence.
fn unsupported_argument(name: &str, at: Location<'_>, suggestion: &str) -> Diagnostic {
    at.error(
        Code::UnsupportedArgument,
        "Unsupported argument",
        format!(
            "An argument named {} is not expected here.{suggestion}",
            go_quote(name)
        ),
    )
}

/// "Unsupported argument" for the argument `name`, its name written at
/// `at`, where the body takes blocks of that type instead, worded as
/// [`Body::content`](super::Body::content) words it: for a reader that
/// learns only as it reads the value that the name is a block type (as
/// serde decoding learns it from the target's type).
///
/// # Examples
///
/// ```
/// use hcl_core::schema::{unsupported_block_argument, Body, BodySchema};
/// let file = hcl_core::parse("network = {}\n", "f.hcl").unwrap();
/// let schema = BodySchema::builder().block("network", &[]).build().unwrap();
/// let (_, diags) = Body::from_file(&file).content_with_diagnostics(&schema);
/// let attrs = Body::from_file(&file).just_attributes().unwrap();
/// let at = attrs.get("network").unwrap().name_location();
/// let found = diags.iter().next().unwrap();
/// assert_eq!(found.to_string(), unsupported_block_argument("network", at).to_string());
/// ```
pub fn unsupported_block_argument(name: &str, at: Location<'_>) -> Diagnostic {
    let suggestion = format!(
        " Did you mean to define a block of type {}?",
        go_quote(name)
    );
    unsupported_argument(name, at, &suggestion)
}
