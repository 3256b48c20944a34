//! The syntax-independent body and its three processing modes.

use std::collections::BTreeSet;
use std::sync::Arc;

use super::attributes::Attributes;
use super::content::{Attribute, Block, BodyContent};
use super::definition::BodySchema;
use super::{dynamic, json, merged, native};
use crate::analysis::Location;
use crate::ast;
use crate::diagnostic::Diagnostics;
use crate::json::{ConfigFile, JsonFile, NodeRef, Syntax};
use crate::parser::File;
use crate::span::SourceFile;
use crate::syntax_tree::{Root, SyntaxTree};

/// A body to process with a schema: one file's or block's body, or several
/// bodies merged into one.
///
/// Three modes read it:
///
/// - [`Body::content`]: everything in the body must be in the schema;
/// - [`Body::partial_content`]: the schema takes what it declares and the
///   rest comes back as a new body, for another step;
/// - [`Body::just_attributes`]: the body is a map of arbitrary attribute
///   names, and blocks are not allowed.
///
/// Each has a `_with_diagnostics` twin that returns the content found
/// together with every diagnostic, for callers that go on despite errors.
///
/// # Examples
///
/// ```
/// use hcl_core::schema::{Body, BodySchema};
///
/// let file = hcl_core::parse("count = 2\nami = \"ami-1\"\n", "main.tf").unwrap();
/// let body = Body::from_file(&file);
///
/// let meta = BodySchema::builder().attribute("count").build().unwrap();
/// let (content, rest) = body.partial_content(&meta).unwrap();
/// assert!(content.attributes.contains_key("count"));
///
/// let attrs = rest.just_attributes().unwrap();
/// assert_eq!(attrs.keys().collect::<Vec<_>>(), ["ami"]);
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Body<'a> {
    inner: Inner<'a>,
}

#[derive(Debug, Clone, PartialEq)]
enum Inner<'a> {
    Native(native::NativeBody<'a>),
    Json(json::JsonBody<'a>),
    /// Never holds a merged body: merging flattens.
    Merged(Vec<Body<'a>>),
    /// A body whose `dynamic` blocks are expanded.
    Dynamic(dynamic::DynamicBody<'a>),
}

impl<'a> Body<'a> {
    /// The body of the native syntax `body`, parsed from `file`.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::schema::Body;
    /// let file = hcl_core::parse("a = 1\n", "f.hcl").unwrap();
    /// let body = Body::native(&file.body, &file.source);
    /// assert_eq!(body.just_attributes().unwrap().len(), 1);
    /// ```
    pub fn native(body: &'a ast::Body<'a>, file: &'a Arc<SourceFile>) -> Self {
        Body {
            inner: Inner::Native(native::NativeBody::new(body, file)),
        }
    }

    /// The top-level body of a parsed file.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::schema::Body;
    /// let file = hcl_core::parse("a = 1\n", "f.hcl").unwrap();
    /// assert!(Body::from_file(&file).just_attributes().is_ok());
    /// ```
    pub fn from_file(file: &'a File<'a>) -> Self {
        Body::native_starting_at(&file.body, &file.source, 0)
    }

    /// The top-level body of a parsed [`SyntaxTree`], a file of either
    /// syntax: the body borrows the tree, which owns its source text.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::Arc;
    /// use hcl_core::{Body, ParseOptions, SourceFile, SyntaxTree};
    /// let source = Arc::new(SourceFile::new_json("a.json", r#"{"a": 1}"#));
    /// let tree = SyntaxTree::parse(source, &ParseOptions::default()).unwrap();
    /// assert_eq!(Body::from_tree(&tree).just_attributes().unwrap().len(), 1);
    /// ```
    pub fn from_tree(tree: &'a Arc<SyntaxTree>) -> Self {
        match tree.root() {
            Root::Body(body) => Body::native_starting_at(body, tree.source(), 0),
            Root::Json(json) => Body::json(json.root(), tree.source()),
            Root::Block(block) => Block::native(block, tree.source()).body,
            Root::Lazy(file) => Body::lazy(file),
            Root::Expr(_) | Root::Attribute(_) | Root::Failed(_) => Body::empty(),
        }
    }

    /// The body of the native syntax `body`, which begins at byte `start`
    /// of `file` (a file's first byte, a block's opening brace).
    pub(super) fn native_starting_at(
        body: &'a ast::Body<'a>,
        file: &'a Arc<SourceFile>,
        start: u32,
    ) -> Self {
        Body::of_native(native::NativeBody::new(body, file).starting_at(start))
    }

    /// The body that expands the `dynamic` blocks of another.
    pub(super) fn of_dynamic(body: dynamic::DynamicBody<'a>) -> Self {
        Body {
            inner: Inner::Dynamic(body),
        }
    }

    pub(super) fn of_native(body: native::NativeBody<'a>) -> Self {
        Body {
            inner: Inner::Native(body),
        }
    }

    /// Where the items of a native-syntax body are; `None` for any other.
    pub(super) fn native_items(&self) -> Option<native::Items<'a>> {
        match &self.inner {
            Inner::Native(body) => Some(body.items()),
            _ => None,
        }
    }

    /// The native-syntax body this body is, if it is one.
    pub(super) fn as_native(&self) -> Option<&native::NativeBody<'a>> {
        match &self.inner {
            Inner::Native(body) => Some(body),
            _ => None,
        }
    }

    pub(super) fn of_json(body: json::JsonBody<'a>) -> Self {
        Body {
            inner: Inner::Json(body),
        }
    }

    /// The top-level body of a parsed file of the JSON syntax: the schema
    /// of each step tells its attributes from its blocks.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::schema::{Body, BodySchema};
    /// let src = r#"{"variable": {"region": {"default": "eu"}}, "count": 2}"#;
    /// let file = hcl_core::parse_json(src, "main.tf.json").unwrap();
    /// let schema = BodySchema::builder()
    ///     .attribute("count")
    ///     .block("variable", &["name"])
    ///     .build()
    ///     .unwrap();
    /// let content = Body::from_json_file(&file).content(&schema).unwrap();
    /// assert!(content.attributes.contains_key("count"));
    /// let variable = &content.blocks[0];
    /// assert_eq!(variable.labels[0].value, "region");
    /// assert!(variable.body.just_attributes().unwrap().contains_key("default"));
    /// ```
    pub fn from_json_file(file: &'a JsonFile<'a>) -> Self {
        Body::json(file.tree.root(), &file.source)
    }

    /// The top-level body of a file of either syntax; see
    /// [`parse_config`](crate::parse_config).
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::schema::Body;
    /// let file = hcl_core::parse_config("{\"a\": 1}", "a.tf.json").unwrap();
    /// assert_eq!(Body::from_config_file(&file).just_attributes().unwrap().len(), 1);
    /// ```
    pub fn from_config_file(file: &'a ConfigFile<'a>) -> Self {
        match file {
            ConfigFile::Native(file) => Body::from_file(file),
            ConfigFile::Json(file) => Body::from_json_file(file),
        }
    }

    /// The JSON-syntax body that the value `val` of `file` stands for.
    pub(super) fn json(val: NodeRef<'a>, file: &'a Arc<SourceFile>) -> Self {
        Body::of_json(json::JsonBody::new(val, file))
    }

    /// A body with nothing in it.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::schema::{Body, BodySchema};
    /// let schema = BodySchema::builder().required_attribute("x").build().unwrap();
    /// assert!(Body::empty().content(&schema).is_err());
    /// assert!(Body::empty().just_attributes().unwrap().is_empty());
    /// ```
    pub fn empty() -> Self {
        Body {
            inner: Inner::Merged(Vec::new()),
        }
    }

    /// One body made of several, as a directory of configuration files is
    /// one module: the content of each, in the order given. An attribute
    /// defined by two of them is a "Duplicate argument" error naming both
    /// places; blocks keep the bodies' order. Merged bodies among `bodies`
    /// are flattened.
    ///
    /// A required attribute missing from every body is reported without a
    /// source range, since no one body is where it belongs.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::schema::{Body, BodySchema};
    /// let main = hcl_core::parse("resource \"a\" \"x\" {}\n", "main.tf").unwrap();
    /// let extra = hcl_core::parse("resource \"b\" \"y\" {}\n", "extra.tf").unwrap();
    /// let body = Body::merge([Body::from_file(&main), Body::from_file(&extra)]);
    /// let schema = BodySchema::builder().block("resource", &["type", "name"]).build().unwrap();
    /// let content = body.content(&schema).unwrap();
    /// let files: Vec<_> = content.blocks.iter().map(|b| b.file.name()).collect();
    /// assert_eq!(files, ["main.tf", "extra.tf"]);
    /// ```
    pub fn merge(bodies: impl IntoIterator<Item = Body<'a>>) -> Self {
        let mut flat = Vec::new();
        for body in bodies {
            match body.inner {
                Inner::Merged(children) => flat.extend(children),
                inner @ (Inner::Native(_) | Inner::Json(_) | Inner::Dynamic(_)) => {
                    flat.push(Body { inner });
                }
            }
        }
        Body {
            inner: Inner::Merged(flat),
        }
    }

    /// The merged top-level bodies of parsed files, in the order given; see
    /// [`Body::merge`].
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::schema::Body;
    /// let a = hcl_core::parse("x = 1\n", "a.tf").unwrap();
    /// let b = hcl_core::parse("x = 2\n", "b.tf").unwrap();
    /// let err = Body::merge_files([&a, &b]).just_attributes().unwrap_err();
    /// assert!(err.to_string().contains("Argument \"x\" was already set at a.tf:1,1-2"));
    /// ```
    pub fn merge_files(files: impl IntoIterator<Item = &'a File<'a>>) -> Self {
        Body::merge(files.into_iter().map(Body::from_file))
    }

    /// Where something missing from the body is reported, as the
    /// reference's `MissingItemRange`: the empty range at the body's start,
    /// a block's opening brace or a file's first byte (the first body's,
    /// for a merged body); for a JSON body, its object's closing brace, or
    /// the opening bracket of an array of objects. `None` for an empty
    /// merged body.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::schema::Body;
    /// let file = hcl_core::parse("a = 1\n", "f.hcl").unwrap();
    /// let at = Body::from_file(&file).missing_item().unwrap();
    /// assert_eq!(at.range().to_string(), "f.hcl:1,1-1");
    /// ```
    pub fn missing_item(&self) -> Option<Location<'a>> {
        match &self.inner {
            Inner::Native(body) => Some(body.missing_item()),
            Inner::Json(body) => Some(body.missing_item()),
            Inner::Merged(children) => children.first().and_then(Body::missing_item),
            Inner::Dynamic(d) => d.original().missing_item(),
        }
    }

    /// The bytes of source the body was read from, summed over the bodies
    /// merged into it: what a document's evaluation budget grows with
    /// ([`EvalContext::share_budget`](crate::EvalContext::share_budget)).
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::schema::Body;
    /// let file = hcl_core::parse("a = 1\nb {\n  c = 2\n}\n", "f.hcl").unwrap();
    /// assert_eq!(Body::from_file(&file).source_len(), 20);
    /// ```
    pub fn source_len(&self) -> usize {
        match &self.inner {
            Inner::Native(body) => body.source_len(),
            Inner::Json(body) => body.source_len(),
            Inner::Merged(children) => children.iter().map(Body::source_len).sum(),
            Inner::Dynamic(d) => d.original().source_len(),
        }
    }

    /// Exhaustive processing: the attributes and blocks the schema
    /// declares; anything else in the body is an error.
    ///
    /// # Errors
    ///
    /// The diagnostics, when any is an error: "Unsupported argument",
    /// "Unsupported block type" (each with "Did you mean ...?" when a
    /// declared name is close), "Missing required argument", "Missing
    /// *label* for *type*", "Extraneous label for *type*", and for merged
    /// bodies "Duplicate argument".
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::schema::{Body, BodySchema};
    /// let file = hcl_core::parse("nmae = \"x\"\n", "f.hcl").unwrap();
    /// let schema = BodySchema::builder().attribute("name").build().unwrap();
    /// let err = Body::from_file(&file).content(&schema).unwrap_err();
    /// assert_eq!(
    ///     err.to_string(),
    ///     "Error: Unsupported argument\n  --> f.hcl:1:1\n  |\n1 | nmae = \"x\"\n  | ^^^^\n\n\
    ///      An argument named \"nmae\" is not expected here. Did you mean \"name\"?\n"
    /// );
    /// ```
    pub fn content(&self, schema: &BodySchema) -> Result<BodyContent<'a>, Diagnostics> {
        into_result(self.content_with_diagnostics(schema))
    }

    /// [`Body::content`], returning what was found with every diagnostic.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::schema::{Body, BodySchema};
    /// let file = hcl_core::parse("a = 1\nb = 2\n", "f.hcl").unwrap();
    /// let schema = BodySchema::builder().attribute("a").build().unwrap();
    /// let (content, diags) = Body::from_file(&file).content_with_diagnostics(&schema);
    /// assert!(content.attributes.contains_key("a"));
    /// assert_eq!(diags.len(), 1);
    /// ```
    pub fn content_with_diagnostics(&self, schema: &BodySchema) -> (BodyContent<'a>, Diagnostics) {
        let mut diags = Diagnostics::default();
        let content = self.content_into(schema, true, &mut diags);
        (content, diags)
    }

    /// Partial processing: the attributes and blocks the schema declares,
    /// and a body of exactly the remaining ones, unmodified, which any mode
    /// can process further. A partial step with one schema followed by an
    /// exhaustive step with another finds the same attributes, blocks and
    /// diagnostics as one exhaustive step with their
    /// [union](BodySchema::union); only the order differs, blocks coming
    /// step by step, and "Did you mean" suggestions, which come from each
    /// step's own schema as in the reference. In the native syntax, the
    /// rest's [`Body::just_attributes`] still reports a block the step
    /// took, as the reference's does: it hides attribute names only.
    ///
    /// # Errors
    ///
    /// As [`Body::content`], less the errors about undeclared items.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::schema::{Body, BodySchema};
    /// let src = "terraform {}\nvariable \"region\" {}\nlocals { a = 1 }\n";
    /// let file = hcl_core::parse(src, "main.tf").unwrap();
    /// let vars = BodySchema::builder().block("variable", &["name"]).build().unwrap();
    /// let (content, rest) = Body::from_file(&file).partial_content(&vars).unwrap();
    /// assert_eq!(content.blocks[0].labels[0].value, "region");
    ///
    /// let others = BodySchema::builder()
    ///     .block("terraform", &[])
    ///     .block("locals", &[])
    ///     .build()
    ///     .unwrap();
    /// assert_eq!(rest.content(&others).unwrap().blocks.len(), 2);
    /// ```
    pub fn partial_content(
        &self,
        schema: &BodySchema,
    ) -> Result<(BodyContent<'a>, Body<'a>), Diagnostics> {
        let (content, rest, diags) = self.partial_content_with_diagnostics(schema);
        into_result(((content, rest), diags))
    }

    /// [`Body::partial_content`], returning what was found with every
    /// diagnostic.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::schema::{Body, BodySchema};
    /// let file = hcl_core::parse("x = 1\n", "f.hcl").unwrap();
    /// let schema = BodySchema::builder().required_attribute("y").build().unwrap();
    /// let (_, rest, diags) = Body::from_file(&file).partial_content_with_diagnostics(&schema);
    /// assert_eq!(diags.iter().next().unwrap().code, hcl_core::Code::MissingRequiredArgument);
    /// assert!(rest.just_attributes().unwrap().contains_key("x"));
    /// ```
    pub fn partial_content_with_diagnostics(
        &self,
        schema: &BodySchema,
    ) -> (BodyContent<'a>, Body<'a>, Diagnostics) {
        let mut diags = Diagnostics::default();
        let (content, rest) = self.partial_into(schema, true, &mut diags);
        (content, rest, diags)
    }

    /// Dynamic-attributes processing: every attribute, whatever its name.
    ///
    /// # Errors
    ///
    /// The diagnostics, when the body has a block ("Unexpected "*type*"
    /// block", pointing at the first one, in the native syntax one that a
    /// [partial step](Body::partial_content) took too) or, for merged
    /// bodies, when two
    /// bodies define the same attribute ("Duplicate argument").
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::schema::Body;
    /// let file = hcl_core::parse("a = 1\nb { }\n", "f.hcl").unwrap();
    /// let err = Body::from_file(&file).just_attributes().unwrap_err();
    /// assert_eq!(
    ///     err.to_string(),
    ///     "Error: Unexpected \"b\" block\n  --> f.hcl:2:1\n  |\n2 | b { }\n  | ^\n\n\
    ///      Blocks are not allowed here.\n"
    /// );
    /// ```
    pub fn just_attributes(&self) -> Result<Attributes<'a>, Diagnostics> {
        into_result(self.just_attributes_with_diagnostics())
    }

    /// [`Body::just_attributes`], returning the attributes found with every
    /// diagnostic.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::schema::Body;
    /// let file = hcl_core::parse("a = 1\nb { }\n", "f.hcl").unwrap();
    /// let (attrs, diags) = Body::from_file(&file).just_attributes_with_diagnostics();
    /// assert!(attrs.contains_key("a"));
    /// assert!(diags.has_errors());
    /// ```
    pub fn just_attributes_with_diagnostics(&self) -> (Attributes<'a>, Diagnostics) {
        let mut diags = Diagnostics::default();
        let attrs = self.just_attributes_into(&mut diags);
        (attrs, diags)
    }

    /// Every attribute and every block of the body that no partial step
    /// took, in source order (the parts of a merged body one after the
    /// other), whatever their names and label counts: for readers whose
    /// targets, not a schema, decide what a block's labels mean. Nothing is
    /// checked; [`Body::content`] with a schema reports what a reader did
    /// not take. In a body of the JSON syntax, where only a schema tells an
    /// argument from blocks, every property is an attribute, as
    /// [`Body::just_attributes`] reads it.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::schema::Body;
    /// let file = hcl_core::parse("a = 1\nb \"x\" {}\nb {}\n", "f.hcl").unwrap();
    /// let (attrs, blocks) = Body::from_file(&file).items();
    /// assert_eq!(attrs[0].name, "a");
    /// let labels: Vec<usize> = blocks.iter().map(|b| b.labels.len()).collect();
    /// assert_eq!(labels, [1, 0]);
    /// ```
    pub fn items(&self) -> (Vec<Attribute<'a>>, Vec<Block<'a>>) {
        self.items_with_diagnostics().0
    }

    /// The names of [`Body::items`]: every attribute's name, and every
    /// block's type, in source order (each part of a merged body after the
    /// other's), without reading the blocks. A body that expands `dynamic`
    /// blocks gives its static blocks' types, then the type each `dynamic`
    /// block generates, whatever it generates. For a reader that builds its
    /// schema from the names found.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::ext::dynblock::Expansion;
    /// use hcl_core::schema::Body;
    /// let file = hcl_core::parse("a = 1\nb {}\ndynamic \"c\" {}\n", "f.hcl").unwrap();
    /// let (attrs, types) = Body::from_file(&file).item_names();
    /// assert_eq!((attrs, types), (vec!["a"], vec!["b", "dynamic"]));
    /// let ctx = hcl_core::EvalContext::new();
    /// let expansion = Expansion::new(&ctx);
    /// let (_, types) = expansion.expand(Body::from_file(&file)).item_names();
    /// assert_eq!(types, ["b", "c"]);
    /// ```
    pub fn item_names(&self) -> (Vec<&'a str>, Vec<&'a str>) {
        match &self.inner {
            Inner::Dynamic(d) => d.item_names(),
            Inner::Merged(children) => {
                let (mut attrs, mut types) = (Vec::new(), Vec::new());
                for child in children {
                    let (a, t) = child.item_names();
                    attrs.extend(a);
                    types.extend(t);
                }
                (attrs, types)
            }
            Inner::Native(_) | Inner::Json(_) => {
                let (attributes, blocks) = self.items();
                (
                    attributes.iter().map(|a| a.name).collect(),
                    blocks.iter().map(|b| b.block_type).collect(),
                )
            }
        }
    }

    /// [`Body::items`], with the diagnostics of reading them: none for the
    /// body of a file or a block, and for a body that expands `dynamic`
    /// blocks ([`ext::dynblock`](crate::ext::dynblock)) those of its
    /// `dynamic` blocks.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::ext::dynblock::Expansion;
    /// use hcl_core::schema::Body;
    /// let file = hcl_core::parse("dynamic \"b\" {\n  for_each = 1\n  content {}\n}\n", "f.hcl").unwrap();
    /// let ctx = hcl_core::EvalContext::new();
    /// let expansion = Expansion::new(&ctx);
    /// let ((_, blocks), diags) = expansion.expand(Body::from_file(&file)).items_with_diagnostics();
    /// assert!(blocks.is_empty());
    /// assert_eq!(diags.iter().next().unwrap().summary, "Invalid dynamic for_each value");
    /// ```
    pub fn items_with_diagnostics(&self) -> ((Vec<Attribute<'a>>, Vec<Block<'a>>), Diagnostics) {
        let mut attributes = Vec::new();
        let mut blocks = Vec::new();
        let mut diags = Diagnostics::default();
        self.items_into(&mut attributes, &mut blocks, &mut diags);
        ((attributes, blocks), diags)
    }

    fn items_into(
        &self,
        attributes: &mut Vec<Attribute<'a>>,
        blocks: &mut Vec<Block<'a>>,
        diags: &mut Diagnostics,
    ) {
        match &self.inner {
            Inner::Native(body) => body.items_into(attributes, blocks),
            Inner::Json(body) => {
                let properties = body.just_attributes(&mut Diagnostics::default());
                let start = attributes.len();
                attributes.extend(properties);
                if let Some(added) = attributes.get_mut(start..) {
                    added.sort_by_key(|a| a.span.start);
                }
            }
            Inner::Merged(children) => {
                for child in children {
                    child.items_into(attributes, blocks, diags);
                }
            }
            Inner::Dynamic(d) => d.items(attributes, blocks, diags),
        }
    }

    /// The files of the bodies this body is made of, in order: one, unless
    /// it was merged from several (none for an empty merged body).
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::schema::Body;
    /// let a = hcl_core::parse("x = 1\n", "a.tf").unwrap();
    /// let b = hcl_core::parse("y = 2\n", "b.tf").unwrap();
    /// let names: Vec<_> = Body::merge_files([&a, &b]).files().iter().map(|f| f.name()).collect();
    /// assert_eq!(names, ["a.tf", "b.tf"]);
    /// ```
    pub fn files(&self) -> Vec<&'a Arc<SourceFile>> {
        self.part_refs()
            .into_iter()
            .map(|part| match part {
                PartRef::Native(body) => body.file(),
                PartRef::Json(body) => body.file(),
            })
            .collect()
    }

    /// The bodies of one syntax this body is made of, in order.
    pub(super) fn part_refs(&self) -> Vec<PartRef<'_, 'a>> {
        match &self.inner {
            Inner::Native(body) => vec![PartRef::Native(body)],
            Inner::Json(body) => vec![PartRef::Json(body)],
            Inner::Merged(children) => children.iter().flat_map(Body::part_refs).collect(),
            Inner::Dynamic(d) => d.original().part_refs(),
        }
    }

    /// The syntax of the body: `None` for an empty merged body, and for
    /// one merged from bodies of both syntaxes.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::{Body, Syntax};
    /// let json = hcl_core::parse_json("{}", "a.json").unwrap();
    /// let native = hcl_core::parse("", "b.hcl").unwrap();
    /// assert_eq!(Body::from_json_file(&json).syntax(), Some(Syntax::Json));
    /// let both = Body::merge([Body::from_json_file(&json), Body::from_file(&native)]);
    /// assert_eq!(both.syntax(), None);
    /// ```
    pub fn syntax(&self) -> Option<Syntax> {
        match &self.inner {
            Inner::Native(_) => Some(Syntax::Native),
            Inner::Json(_) => Some(Syntax::Json),
            Inner::Merged(children) => {
                let mut syntaxes = children.iter().map(Body::syntax);
                let first = syntaxes.next()??;
                syntaxes.all(|s| s == Some(first)).then_some(first)
            }
            Inner::Dynamic(d) => d.original().syntax(),
        }
    }

    /// Exhaustive processing into `diags`; `check_required` is off for the
    /// parts of a merged body, which checks required attributes over all of
    /// them.
    pub(super) fn content_into(
        &self,
        schema: &BodySchema,
        check_required: bool,
        diags: &mut Diagnostics,
    ) -> BodyContent<'a> {
        match &self.inner {
            Inner::Native(body) => body.content(schema, check_required, diags),
            Inner::Json(body) => body.content(schema, check_required, diags),
            Inner::Merged(children) => merged::content(children, schema, check_required, diags),
            Inner::Dynamic(d) => d.content(schema, check_required, diags),
        }
    }

    pub(super) fn partial_into(
        &self,
        schema: &BodySchema,
        check_required: bool,
        diags: &mut Diagnostics,
    ) -> (BodyContent<'a>, Body<'a>) {
        match &self.inner {
            Inner::Native(body) => {
                let (content, rest) = body.partial_content(schema, check_required, diags);
                (
                    content,
                    Body {
                        inner: Inner::Native(rest),
                    },
                )
            }
            Inner::Json(body) => {
                let (content, rest) = body.partial_content(schema, check_required, diags);
                (
                    content,
                    Body {
                        inner: Inner::Json(rest),
                    },
                )
            }
            Inner::Merged(children) => {
                let (content, rests) =
                    merged::partial_content(children, schema, check_required, diags);
                (content, Body::merge(rests))
            }
            Inner::Dynamic(d) => d.partial_content(schema, check_required, diags),
        }
    }

    pub(super) fn just_attributes_into(&self, diags: &mut Diagnostics) -> Attributes<'a> {
        match &self.inner {
            Inner::Native(body) => body.just_attributes(diags),
            Inner::Json(body) => body.just_attributes(diags),
            Inner::Merged(children) => merged::just_attributes(children, diags),
            Inner::Dynamic(d) => d.just_attributes(diags),
        }
    }
}

impl<'a> From<&'a File<'a>> for Body<'a> {
    fn from(file: &'a File<'a>) -> Self {
        Body::from_file(file)
    }
}

fn into_result<T>((value, diags): (T, Diagnostics)) -> Result<T, Diagnostics> {
    if diags.has_errors() {
        Err(diags)
    } else {
        Ok(value)
    }
}

/// One body of one syntax of a [`Body`]; see [`Body::part_refs`].
pub(super) enum PartRef<'b, 'a> {
    Native(&'b native::NativeBody<'a>),
    Json(&'b json::JsonBody<'a>),
}

/// Names declared by the schemata of earlier partial steps.
pub(super) type NameSet = BTreeSet<String>;
