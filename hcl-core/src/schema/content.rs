//! What processing a body gives: attributes and blocks, each with its file.

use std::fmt;
use std::sync::Arc;

use super::attributes::Attributes;
use super::Body;
use crate::analysis::{ExprRef, Location};
use crate::ast;
use crate::diagnostic::{Code, Diagnostic, Diagnostics};
use crate::span::{Range, SourceFile, Span};

/// The content of a body that a schema selected: the attributes by name and
/// the blocks in order.
///
/// # Examples
///
/// ```
/// use hcl_core::schema::{Body, BodySchema};
///
/// let file = hcl_core::parse("name = \"web\"\nport \"http\" { n = 80 }\n", "app.hcl").unwrap();
/// let schema = BodySchema::builder()
///     .required_attribute("name")
///     .block("port", &["protocol"])
///     .build()
///     .unwrap();
/// let content = Body::from_file(&file).content(&schema).unwrap();
/// assert_eq!(content.attributes.get("name").unwrap().expr.location().text(), "\"web\"");
/// assert_eq!(content.blocks[0].labels[0].value, "http");
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct BodyContent<'a> {
    /// The attributes the schema declares and the body defines.
    pub attributes: Attributes<'a>,
    /// The blocks of the types the schema declares, with valid labels, in
    /// source order (file order for merged bodies).
    pub blocks: Vec<Block<'a>>,
    /// Where something missing from the body is reported, for diagnostics
    /// of the caller's own: the empty range at the body's start (a block's
    /// opening brace, a file's first byte), as the reference's
    /// `MissingItemRange`. `None` for an empty merged body.
    pub missing_item: Option<Location<'a>>,
}

impl<'a> BodyContent<'a> {
    /// "Missing T block" where an item missing from the body would go
    /// ([`BodyContent::missing_item`]), for a block type the body must
    /// have: the reference's error, which `hcldec`'s block specs give too.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::{Body, BodySchema, Code};
    /// let file = hcl_core::parse("a = 1\n", "main.hcl").unwrap();
    /// let schema = BodySchema::builder().attribute("a").block("b", &[]).build().unwrap();
    /// let content = Body::from_file(&file).content(&schema).unwrap();
    /// let diag = content.missing_block_error("b");
    /// assert_eq!(diag.code, Code::MissingBlock);
    /// assert!(diag.subject.is_some());
    /// ```
    pub fn missing_block_error(&self, block_type: &str) -> Diagnostic {
        let summary = format!("Missing {block_type} block");
        let detail = format!(
            "A block of type {} is required here.",
            crate::value::go_quote(block_type)
        );
        match &self.missing_item {
            Some(at) => at.error(Code::MissingBlock, summary, detail),
            None => Diagnostic::error(Code::MissingBlock, summary, detail),
        }
    }

    pub(super) fn new(missing_item: Option<Location<'a>>) -> Self {
        BodyContent {
            attributes: Attributes::new(),
            blocks: Vec::new(),
            missing_item,
        }
    }

    /// The blocks of one type, in order.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::schema::{Body, BodySchema};
    /// let file = hcl_core::parse("a {}\nb {}\na {}\n", "f.hcl").unwrap();
    /// let schema = BodySchema::builder().block("a", &[]).block("b", &[]).build().unwrap();
    /// let content = Body::from_file(&file).content(&schema).unwrap();
    /// assert_eq!(content.blocks_of_type("a").count(), 2);
    /// ```
    pub fn blocks_of_type<'s>(
        &'s self,
        block_type: &'s str,
    ) -> impl Iterator<Item = &'s Block<'a>> + 's {
        self.blocks
            .iter()
            .filter(move |b| b.block_type == block_type)
    }
}

/// An attribute of a body: `name = expression`.
#[derive(Clone)]
pub struct Attribute<'a> {
    /// The attribute's name.
    pub name: &'a str,
    /// The value expression, with its file.
    pub expr: ExprRef<'a>,
    /// The name's span.
    pub name_span: Span,
    /// The whole attribute, name to end of expression.
    pub span: Span,
    /// The file the attribute belongs to.
    pub file: &'a Arc<SourceFile>,
}

impl<'a> Attribute<'a> {
    /// The attribute of the native syntax `attr`, parsed from `file`.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::schema::Attribute;
    /// let file = hcl_core::parse("port = 8000 + 80\n", "f.hcl").unwrap();
    /// let attr = Attribute::native(&file.body.attributes[0], &file.source);
    /// let value = attr.expr.value(&hcl_core::EvalContext::new()).unwrap();
    /// assert_eq!(value, hcl_core::Value::from(8080));
    /// ```
    pub fn native(attr: &'a ast::Attribute<'a>, file: &'a Arc<SourceFile>) -> Self {
        Attribute {
            name: attr.name,
            expr: ExprRef::new(&attr.expr, file),
            name_span: attr.name_span,
            span: attr.span,
            file,
        }
    }

    /// The whole attribute's range.
    pub fn range(&self) -> Range {
        self.file.range(self.span)
    }

    /// The name's range.
    pub fn name_range(&self) -> Range {
        self.file.range(self.name_span)
    }

    /// The whole attribute as a [`Location`].
    pub fn location(&self) -> Location<'a> {
        Location::new(self.file, self.span)
    }

    /// The name as a [`Location`]: where diagnostics about the attribute
    /// itself (rather than its value) point.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::schema::{Body, BodySchema};
    /// use hcl_core::Code;
    /// let file = hcl_core::parse("legacy = true\n", "f.hcl").unwrap();
    /// let schema = BodySchema::builder().attribute("legacy").build().unwrap();
    /// let content = Body::from_file(&file).content(&schema).unwrap();
    /// let warning = content.attributes.get("legacy").unwrap()
    ///     .name_location()
    ///     .warning(Code::Custom, "Deprecated argument", "The argument \"legacy\" has no effect.");
    /// assert_eq!(
    ///     warning.to_string(),
    ///     "Warning: Deprecated argument\n  --> f.hcl:1:1\n  |\n1 | legacy = true\n  | ^^^^^^\n\n\
    ///      The argument \"legacy\" has no effect.\n"
    /// );
    /// ```
    pub fn name_location(&self) -> Location<'a> {
        Location::new(self.file, self.name_span)
    }
}

/// A block label with its span.
#[derive(Clone)]
pub struct Label<'a> {
    /// The label's text, escapes resolved.
    pub value: &'a str,
    /// The label, quotes included.
    pub span: Span,
    /// The file the label belongs to.
    pub file: &'a Arc<SourceFile>,
}

impl<'a> Label<'a> {
    /// The label's range.
    pub fn range(&self) -> Range {
        self.file.range(self.span)
    }

    /// The label as a [`Location`].
    pub fn location(&self) -> Location<'a> {
        Location::new(self.file, self.span)
    }
}

/// A block of a body: `type "label"... { body }`.
#[derive(Clone)]
pub struct Block<'a> {
    /// The block type.
    pub block_type: &'a str,
    /// The labels, as many as the schema names.
    pub labels: Vec<Label<'a>>,
    /// The block's body, to process with a schema of its own.
    pub body: Body<'a>,
    /// The type name's span.
    pub type_span: Span,
    /// The header: the type and the labels.
    pub def_span: Span,
    /// The opening brace.
    pub open_brace_span: Span,
    /// The closing brace.
    pub close_brace_span: Span,
    /// The whole block, type to closing brace.
    pub span: Span,
    /// The file the block belongs to.
    pub file: &'a Arc<SourceFile>,
}

impl<'a> Block<'a> {
    /// The block of the native syntax `block`, parsed from `file` (which
    /// may hold only that block's text).
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::schema::Block;
    /// let file = hcl_core::parse("service \"web\" {\n  port = 80\n}\n", "f.hcl").unwrap();
    /// let block = Block::native(&file.body.blocks[0], &file.source);
    /// assert_eq!(block.label_values(), ["web"]);
    /// assert_eq!(block.body.just_attributes().unwrap().len(), 1);
    /// ```
    pub fn native(block: &'a ast::Block<'a>, file: &'a Arc<SourceFile>) -> Self {
        let def_span = block
            .labels
            .last()
            .map_or(block.type_span, |l| block.type_span.to(l.span));
        Block {
            block_type: block.block_type,
            labels: block
                .labels
                .iter()
                .map(|l| Label {
                    value: l.value.as_ref(),
                    span: l.span,
                    file,
                })
                .collect(),
            body: Body::native_starting_at(&block.body, file, body_start(block, file)),
            type_span: block.type_span,
            def_span,
            open_brace_span: block.open_brace_span,
            close_brace_span: block.close_brace_span,
            span: block.span,
            file,
        }
    }

    /// The diagnostic for a block whose labels after the first `taken`
    /// (labels something else already read) are not one for each of
    /// `names`: "Extraneous label" at the first label too many, or
    /// "Missing ..." at the opening brace, worded as the reference words
    /// them. `None` when the count matches.
    ///
    /// This is the one place the rule is stated: schema processing checks
    /// each block against its header with it, and so does a reader that
    /// learns a block's labels from elsewhere (serde decoding, where label
    /// fields and map levels take them).
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::schema::{Body, BodySchema};
    /// let file = hcl_core::parse("service \"web\" \"x\" {}\n", "f.hcl").unwrap();
    /// let schema = BodySchema::builder().block("service", &["a", "b"]).build().unwrap();
    /// let content = Body::from_file(&file).content(&schema).unwrap();
    /// let block = &content.blocks[0];
    /// assert!(block.check_labels(0, &["a", "b"]).is_none());
    /// let extra = block.check_labels(0, &["name"]).unwrap();
    /// assert_eq!(extra.detail, "Only 1 labels (name) are expected for service blocks.");
    /// assert_eq!(extra.subject.unwrap().start.column, 15);
    /// let missing = block.check_labels(1, &["b", "c"]).unwrap();
    /// assert_eq!(missing.summary, "Missing c for service");
    /// ```
    pub fn check_labels<S: AsRef<str>>(&self, taken: usize, names: &[S]) -> Option<Diagnostic> {
        let name = self.block_type;
        let labels = self.labels.get(taken..).unwrap_or_default();
        let expected = names.len();
        // The reference's context: from the type to the opening brace.
        let context = self.type_span.to(self.open_brace_span);
        let list = names
            .iter()
            .map(AsRef::as_ref)
            .collect::<Vec<&str>>()
            .join(", ");
        if let Some(extra) = labels.get(expected) {
            let detail = if expected == 0 {
                format!("No labels are expected for {name} blocks.")
            } else {
                format!("Only {expected} labels ({list}) are expected for {name} blocks.")
            };
            return Some(
                extra
                    .location()
                    .error(
                        Code::ExtraneousLabel,
                        format!("Extraneous label for {name}"),
                        detail,
                    )
                    .with_context(self.file, context),
            );
        }
        let missing = names.get(labels.len())?.as_ref();
        let all = taken + expected;
        Some(
            Location::new(self.file, self.open_brace_span)
                .error(
                    Code::MissingLabel,
                    format!("Missing {missing} for {name}"),
                    format!("All {name} blocks must have {all} labels ({list})."),
                )
                .with_context(self.file, context),
        )
    }

    /// The blocks of type `block_type`, named at `type_span`, that the
    /// JSON value `expr` stands for where a schema reads it as blocks with
    /// `label_names` labels: the JSON syntax tells an attribute from a
    /// block only by a schema, so a reader whose targets, not a schema,
    /// decide that reads a property as an attribute first, then, where its
    /// target wants blocks, its value as blocks. `None` for an expression
    /// of the native syntax, whose blocks are never attributes.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::schema::Block;
    /// use hcl_core::{ExprRef, Span};
    /// let expr = hcl_core::parse_expression_json(r#"{"web": {"port": 80}, "db": {}}"#, "e.json").unwrap();
    /// let value = ExprRef::from_json(&expr);
    /// let (blocks, diags) = Block::from_json_value(&value, "service", Span::empty(0), &["name"]).unwrap();
    /// assert!(diags.is_empty());
    /// let names: Vec<_> = blocks.iter().map(|b| b.labels[0].value).collect();
    /// assert_eq!(names, ["web", "db"]);
    /// ```
    pub fn from_json_value(
        expr: &ExprRef<'a>,
        block_type: &'a str,
        type_span: Span,
        label_names: &[&str],
    ) -> Option<(Vec<Block<'a>>, Diagnostics)> {
        let node = expr.json_node()?;
        let mut diags = Diagnostics::default();
        let blocks = super::json::JsonBody::blocks_of_value(
            node,
            expr.file,
            block_type,
            type_span,
            label_names,
            &mut diags,
        );
        Some((blocks, diags))
    }

    /// The label values, in order.
    pub fn label_values(&self) -> Vec<&'a str> {
        self.labels.iter().map(|l| l.value).collect()
    }

    /// The whole block's range.
    pub fn range(&self) -> Range {
        self.file.range(self.span)
    }

    /// The type name's range.
    pub fn type_range(&self) -> Range {
        self.file.range(self.type_span)
    }

    /// The header's range: type and labels.
    pub fn def_range(&self) -> Range {
        self.file.range(self.def_span)
    }

    /// The whole block as a [`Location`].
    pub fn location(&self) -> Location<'a> {
        Location::new(self.file, self.span)
    }

    /// The header (type and labels) as a [`Location`]: where diagnostics
    /// about the block as a whole point.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::schema::{Body, BodySchema};
    /// let file = hcl_core::parse("resource \"aws_vpc\" \"main\" {\n}\n", "main.tf").unwrap();
    /// let schema = BodySchema::builder().block("resource", &["type", "name"]).build().unwrap();
    /// let content = Body::from_file(&file).content(&schema).unwrap();
    /// let block = &content.blocks[0];
    /// assert_eq!(block.label_values(), ["aws_vpc", "main"]);
    /// assert_eq!(block.def_location().text(), "resource \"aws_vpc\" \"main\"");
    /// assert_eq!(block.def_range().to_string(), "main.tf:1,1-26");
    /// ```
    pub fn def_location(&self) -> Location<'a> {
        Location::new(self.file, self.def_span)
    }

    /// The type name as a [`Location`].
    pub fn type_location(&self) -> Location<'a> {
        Location::new(self.file, self.type_span)
    }

    /// "Duplicate T block" at this block's header, `first` being the block
    /// of its type before it, where only one may be: the reference's
    /// error, which `hcldec`'s block specs give too.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::{Body, BodySchema, Code};
    /// let file = hcl_core::parse("a {}\na {}\n", "main.hcl").unwrap();
    /// let schema = BodySchema::builder().block("a", &[]).build().unwrap();
    /// let content = Body::from_file(&file).content(&schema).unwrap();
    /// let diag = content.blocks[1].duplicate_error(&content.blocks[0]);
    /// assert_eq!(diag.code, Code::DuplicateBlock);
    /// assert!(diag.detail.contains("main.hcl:1,1-2"));
    /// ```
    pub fn duplicate_error(&self, first: &Block<'_>) -> Diagnostic {
        let block_type = &self.block_type;
        self.def_location().error(
            Code::DuplicateBlock,
            format!("Duplicate {block_type} block"),
            format!(
                "Only one block of type {} is allowed. Previous definition was at {}.",
                crate::value::go_quote(block_type),
                first.def_range()
            ),
        )
    }
}

// The file is compared by identity and shown by name: its text would drown
// the rest.

impl PartialEq for Attribute<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name
            && self.expr == other.expr
            && self.name_span == other.name_span
            && self.span == other.span
            && Arc::ptr_eq(self.file, other.file)
    }
}

impl fmt::Debug for Attribute<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Attribute")
            .field("name", &self.name)
            .field("expr", &self.expr)
            .field("name_span", &self.name_span)
            .field("span", &self.span)
            .field("file", &self.file.name())
            .finish()
    }
}

impl PartialEq for Label<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.value == other.value && self.span == other.span && Arc::ptr_eq(self.file, other.file)
    }
}

impl fmt::Debug for Label<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Label")
            .field("value", &self.value)
            .field("span", &self.span)
            .field("file", &self.file.name())
            .finish()
    }
}

impl PartialEq for Block<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.block_type == other.block_type
            && self.labels == other.labels
            && self.body == other.body
            && self.type_span == other.type_span
            && self.def_span == other.def_span
            && self.open_brace_span == other.open_brace_span
            && self.close_brace_span == other.close_brace_span
            && self.span == other.span
            && Arc::ptr_eq(self.file, other.file)
    }
}

impl fmt::Debug for Block<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Block")
            .field("block_type", &self.block_type)
            .field("labels", &self.labels)
            .field("body", &self.body)
            .field("span", &self.span)
            .field("file", &self.file.name())
            .finish_non_exhaustive()
    }
}

/// Where a block's body begins for the reference: at its opening brace,
/// except that the body of a one-line block holding one argument,
/// `b { x = 1 }`, is that argument.
fn body_start(block: &ast::Block<'_>, file: &SourceFile) -> u32 {
    let open = block.open_brace_span.start;
    match (
        block.body.attributes.as_slice(),
        block.body.blocks.is_empty(),
    ) {
        ([attr], true) => {
            let between = file.text().get(open as usize..attr.span.start as usize);
            if between.is_some_and(|text| !text.contains('\n')) {
                attr.span.start
            } else {
                open
            }
        }
        _ => open,
    }
}
