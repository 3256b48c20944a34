//! Schema processing of native-syntax bodies.

use std::fmt;
use std::sync::Arc;

use super::attributes::{Attributes, Gathered, Slots};
use super::body::NameSet;
use super::content::{Attribute, Block, BodyContent};
use super::definition::BodySchema;
use super::native_items::{ItemSource, LazySource, Named};
use crate::analysis::Location;
use crate::ast;
use crate::diagnostic::{Code, Diagnostic, Diagnostics};
use crate::didyoumean::first_close_name;
use crate::parser::LazyFile;
use crate::span::{SourceFile, Span};
use crate::syntax_tree::{Root, SyntaxTree};
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
    items: Items<'a>,
    file: &'a Arc<SourceFile>,
    view: NativeView,
}

/// Where a [`NativeBody`]'s items are.
#[derive(Clone, Copy)]
pub(super) enum Items<'a> {
    /// In a syntax tree.
    Tree(&'a ast::Body<'a>),
    /// The top level of a file read item by item: each attribute parsed
    /// when read, each block a [`Items::LazyBlock`] body.
    Lazy(&'a LazyFile<'a>),
    /// The body of top-level block `index` of a file read item by item,
    /// parsed when first read (see `super::lazy`).
    LazyBlock(&'a LazyFile<'a>, u32),
}

/// The body of a block that failed to parse (see `NativeBody::resolved`).
static EMPTY: ast::Body<'static> = ast::Body {
    attributes: Vec::new(),
    blocks: Vec::new(),
    span: Span::empty(0),
    end_span: Span::empty(0),
};

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
        let same_items = match (self.items, other.items) {
            (Items::Tree(a), Items::Tree(b)) => std::ptr::eq(a, b),
            (Items::Lazy(a), Items::Lazy(b)) => std::ptr::eq(a, b),
            (Items::LazyBlock(a, i), Items::LazyBlock(b, j)) => std::ptr::eq(a, b) && i == j,
            _ => false,
        };
        same_items
            && Arc::ptr_eq(self.file, other.file)
            && self.view.names().hidden_attrs == other.view.names().hidden_attrs
            && self.view.names().hidden_blocks == other.view.names().hidden_blocks
    }
}

impl fmt::Debug for NativeBody<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("NativeBody")
            .field("file", &self.file.name())
            .field("span", &self.spans().0)
            .field("hidden_attrs", &self.view.names().hidden_attrs)
            .field("hidden_blocks", &self.view.names().hidden_blocks)
            .finish()
    }
}

impl<'a> NativeBody<'a> {
    pub(super) fn new(body: &'a ast::Body<'a>, file: &'a Arc<SourceFile>) -> Self {
        NativeBody {
            items: Items::Tree(body),
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
            items: Items::Tree(body),
            file: tree.source(),
            view: view.clone(),
        }
    }

    /// The top level of `file`, read item by item.
    pub(super) fn lazy(file: &'a LazyFile<'a>) -> Self {
        NativeBody {
            items: Items::Lazy(file),
            file: file.source(),
            view: NativeView {
                start: 0,
                names: None,
            },
        }
    }

    /// The body of top-level block `index` of `file`, parsed when first
    /// read.
    pub(super) fn lazy_block(file: &'a LazyFile<'a>, index: u32) -> Self {
        NativeBody {
            items: Items::LazyBlock(file, index),
            file: file.source(),
            view: NativeView {
                start: 0,
                names: None,
            },
        }
    }

    /// Where the items are.
    pub(super) fn items(&self) -> Items<'a> {
        self.items
    }

    /// The body of a block of a file read item by item as its tree shows
    /// it, the tree kept by the file for as long as it lives: parsed here
    /// on the first read. An empty body when the block does not parse as
    /// scanned, which gives the file's reading up. `None` for any other
    /// body.
    fn resolved(&self) -> Option<NativeBody<'a>> {
        let Items::LazyBlock(file, index) = self.items else {
            return None;
        };
        let tree = file.kept_block(index as usize);
        let body = tree.and_then(|tree| match tree.root() {
            Root::Block(block) => Block::native(block, tree.source())
                .body
                .as_native()
                .cloned(),
            _ => None,
        });
        Some(body.unwrap_or_else(|| NativeBody::new(&EMPTY, self.file)))
    }

    /// [`NativeBody::resolved`], for a body known to be a lazy block's.
    fn resolved_body(&self) -> NativeBody<'a> {
        self.resolved()
            .unwrap_or_else(|| NativeBody::new(&EMPTY, self.file))
    }

    /// The body's span and end (see [`ast::Body`]).
    pub(super) fn spans(&self) -> (Span, Span) {
        match self.items {
            Items::Tree(body) => (body.span, body.end_span),
            Items::Lazy(file) => (Span::new(0, file.end_span().start), file.end_span()),
            Items::LazyBlock(..) => self
                .resolved()
                .map_or_else(|| (Span::empty(0), Span::empty(0)), |body| body.spans()),
        }
    }

    pub(super) fn file(&self) -> &'a Arc<SourceFile> {
        match self.resolved() {
            Some(body) => body.file,
            None => self.file,
        }
    }

    /// What the body shows: see [`NativeView`].
    pub(super) fn view(&self) -> NativeView {
        match self.resolved() {
            Some(body) => body.view,
            None => self.view.clone(),
        }
    }

    pub(super) fn items_into(
        &self,
        attributes: &mut Vec<Attribute<'a>>,
        blocks: &mut Vec<Block<'a>>,
    ) {
        match self.items {
            Items::Tree(body) => self.items_in(body, attributes, blocks),
            Items::Lazy(file) => self.items_in(LazySource(file), attributes, blocks),
            Items::LazyBlock(..) => self.resolved_body().items_into(attributes, blocks),
        }
    }

    fn items_in<S: ItemSource<'a>>(
        &self,
        source: S,
        attributes: &mut Vec<Attribute<'a>>,
        blocks: &mut Vec<Block<'a>>,
    ) {
        let file = self.file;
        let shown = self.shown_attributes(source);
        attributes.extend(shown.filter_map(|a| source.attribute(a, file)));
        let shown = self.shown_blocks(source);
        blocks.extend(shown.filter_map(|b| source.block(b, file)));
    }

    pub(super) fn source_len(&self) -> usize {
        if let Some(body) = self.resolved() {
            return body.source_len();
        }
        self.spans().0.len() as usize
    }

    /// Where the reference reports something missing from the body: the
    /// (empty) range at its start.
    pub(super) fn missing_item(&self) -> Location<'a> {
        if let Some(body) = self.resolved() {
            return body.missing_item();
        }
        Location::new(self.file, Span::empty(self.view.start))
    }

    /// The attributes of `source` no partial step hid.
    fn shown_attributes<'s, S: ItemSource<'a>>(
        &'s self,
        source: S,
    ) -> impl Iterator<Item = S::Attr> + 's {
        shown(source.attributes(), &self.view.names().hidden_attrs)
    }

    /// The blocks of `source` no partial step hid.
    fn shown_blocks<'s, S: ItemSource<'a>>(
        &'s self,
        source: S,
    ) -> impl Iterator<Item = S::Block> + 's {
        shown(source.blocks(), &self.view.names().hidden_blocks)
    }

    pub(super) fn partial_content(
        &self,
        schema: &BodySchema,
        check_required: bool,
        diags: &mut Diagnostics,
    ) -> (BodyContent<'a>, NativeBody<'a>) {
        let (content, _) = match self.items {
            Items::Tree(body) => self.take(body, schema, check_required, diags),
            Items::Lazy(file) => self.take(LazySource(file), schema, check_required, diags),
            Items::LazyBlock(..) => {
                return self
                    .resolved_body()
                    .partial_content(schema, check_required, diags);
            }
        };
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
    fn take<S: ItemSource<'a>>(
        &self,
        source: S,
        schema: &BodySchema,
        check_required: bool,
        diags: &mut Diagnostics,
    ) -> (BodyContent<'a>, bool) {
        let mut content = BodyContent::new(Some(self.missing_item()));
        let mut all_declared = true;
        // One pass over the body, each name looked up in the schema.
        let mut slots = Slots::new(schema);
        for attr in self.shown_attributes(source) {
            match slots.slot(schema, attr.name()) {
                Some(slot @ None) => *slot = source.attribute(attr, self.file),
                // A name defined twice is the parser's error: the first
                // stands.
                Some(Some(_)) => {}
                None => all_declared = false,
            }
        }
        if check_required {
            slots.report_missing(schema, self.missing_item(), diags);
        }
        content.attributes = slots.finish(schema, |attr| attr);
        for block in self.shown_blocks(source) {
            let Some(header) = schema.block(block.name()) else {
                all_declared = false;
                continue;
            };
            let Some(block) = source.block(block, self.file) else {
                continue;
            };
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
        match self.items {
            Items::Tree(body) => self.content_in(body, schema, check_required, diags),
            Items::Lazy(file) => self.content_in(LazySource(file), schema, check_required, diags),
            Items::LazyBlock(..) => self.resolved_body().content(schema, check_required, diags),
        }
    }

    fn content_in<S: ItemSource<'a>>(
        &self,
        source: S,
        schema: &BodySchema,
        check_required: bool,
        diags: &mut Diagnostics,
    ) -> BodyContent<'a> {
        let (content, all_declared) = self.take(source, schema, check_required, diags);
        if all_declared {
            return content;
        }
        // What the schema does not declare: what a partial step with it
        // would leave.
        let mut unsupported = self
            .shown_attributes(source)
            .filter(|a| schema.attribute_position(a.name()).is_none())
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
            .shown_blocks(source)
            .filter(|b| schema.block(b.name()).is_none())
        {
            diags.push(self.unsupported_block(block, schema));
        }
        content
    }

    pub(super) fn just_attributes(&self, diags: &mut Diagnostics) -> Attributes<'a> {
        match self.items {
            Items::Tree(body) => self.just_attributes_in(body, diags),
            Items::Lazy(file) => self.just_attributes_in(LazySource(file), diags),
            Items::LazyBlock(..) => self.resolved_body().just_attributes(diags),
        }
    }

    fn just_attributes_in<S: ItemSource<'a>>(
        &self,
        source: S,
        diags: &mut Diagnostics,
    ) -> Attributes<'a> {
        // Any block is an error, one that a partial step took too: its
        // rest hides the names of attributes only (as the reference's
        // native body does).
        if let Some(block) = source.blocks().next() {
            diags.push(Location::new(self.file, block.name_span()).error(
                Code::UnexpectedBlock,
                format!("Unexpected {} block", go_quote(block.name())),
                "Blocks are not allowed here.",
            ));
        }
        let mut attrs = Gathered::default();
        let shown = self.shown_attributes(source);
        for attr in shown.filter_map(|a| source.attribute(a, self.file)) {
            // A name defined twice is the parser's error: the first stands.
            let _ = attrs.add(attr);
        }
        attrs.finish()
    }

    /// "Unsupported argument" for an attribute no step declared, with the
    /// first of `candidates` within two edits as a suggestion, else a hint
    /// when `schema` has a block type of that name.
    fn unsupported_attribute(
        &self,
        attr: impl Named<'a>,
        candidates: &[&str],
        schema: &BodySchema,
    ) -> Diagnostic {
        let at = Location::new(self.file, attr.name_span());
        let suggestion = match first_close_name(attr.name(), candidates.iter().copied()) {
            Some(name) => format!(" Did you mean {}?", go_quote(name)),
            None if schema.block(attr.name()).is_some() => {
                return unsupported_block_argument(attr.name(), at);
            }
            None => String::new(),
        };
        unsupported_argument(attr.name(), at, &suggestion)
    }

    /// "Unsupported block type" for a block of a type no step declared,
    /// with the first of `schema`'s block types within two edits as a
    /// suggestion, else a hint when `schema` has an argument of that name.
    fn unsupported_block(&self, block: impl Named<'a>, schema: &BodySchema) -> Diagnostic {
        let at = Location::new(self.file, block.name_span());
        let candidates = schema.blocks().iter().map(|b| b.block_type.as_str());
        let suggestion = match first_close_name(block.name(), candidates) {
            Some(name) => format!(" Did you mean {}?", go_quote(name)),
            None if schema.attribute(block.name()).is_some() => {
                return unsupported_argument_block(block.name(), at);
            }
            None => String::new(),
        };
        unsupported_block_type(block.name(), at, &suggestion)
    }
}

/// The items of `items` whose names `hidden` does not hold.
fn shown<'s, 'a: 's, T: Named<'a>>(
    items: impl Iterator<Item = T> + 's,
    hidden: &'s NameSet,
) -> impl Iterator<Item = T> + 's {
    let hiding = !hidden.is_empty();
    items.filter(move |item| !hiding || !hidden.contains(item.name()))
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
