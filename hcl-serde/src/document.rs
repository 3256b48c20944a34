//! Rust values in and out of a format-preserving
//! [`Document`](hcl_core::edit::Document): [`update`] rewrites only what a
//! value changes, and [`from_document`] and
//! [`Decoder::from_document_block`] read a document, or a block of it,
//! through the decoder.

use std::collections::{HashMap, VecDeque};

use hcl_core::edit::{Attribute, Block, Body, Document};
use hcl_core::{EvalContext, Syntax, Value};
use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::de::{Decoded, Decoder};
use crate::error::{Error, Result};

/// Makes `doc` say what `value` says, as [`to_string`](crate::to_string)
/// would write it, rewriting only what differs: see [`update_with`], which
/// this is with an evaluation context of the standard functions and no
/// variables.
///
/// # Errors
///
/// As [`to_string`](crate::to_string); `doc` is then unchanged.
///
/// # Examples
///
/// ```
/// use hcl_core::edit::Document;
/// use serde::{Deserialize, Serialize};
///
/// #[derive(Serialize, Deserialize)]
/// struct Config {
///     name: String,
///     port: u16,
/// }
///
/// let src = "# The service.\nname = \"web\"    # aligned by hand\nport = 80 # http\n";
/// let mut doc = Document::parse(src, "main.hcl").unwrap();
/// let mut config: Config = hcl_serde::from_document(&doc).unwrap();
/// config.port = 8080;
/// hcl_serde::update(&mut doc, &config).unwrap();
/// assert_eq!(
///     doc.to_string(),
///     "# The service.\nname = \"web\"    # aligned by hand\nport = 8080 # http\n"
/// );
/// ```
pub fn update<T: ?Sized + Serialize>(doc: &mut Document, value: &T) -> Result<()> {
    update_with(doc, value, &EvalContext::new())
}

/// Makes `doc` say what `value` says, rewriting only what differs, so that
/// the comments and layout of everything else are kept:
///
/// - An attribute keeps its expression when it has the value's (the same
///   text, or an expression that evaluates in `ctx` to the same value, so
///   that `port = var.port` stays when `ctx` gives `var.port` the value's
///   port); otherwise its expression is replaced, its comments kept. An
///   attribute the value does not have is removed, unless it is null or
///   empty (`[]`, `{}`: what a `None` or an empty field left out reads
///   back as), and one it adds is added at the end of its body.
/// - The blocks of each type and labels are paired in order: the first of
///   the document's with the value's first, and so on. A paired block is
///   updated in the same way; the document's blocks the value does not
///   have are removed, and those it adds are added at the end of the body,
///   after a blank line.
///
/// What the document then decodes to is what the value serializes to.
///
/// # Errors
///
/// As [`to_string`](crate::to_string); `doc` is then unchanged.
///
/// # Examples
///
/// ```
/// use std::collections::BTreeMap;
/// use hcl_core::{edit::Document, EvalContext, Value};
///
/// let mut ctx = EvalContext::new();
/// ctx.set_variable("var", Value::object([("port".to_owned(), Value::from(80))]));
///
/// let mut doc = Document::parse("port = var.port\nold = 1 # going\n", "main.hcl").unwrap();
/// let value = BTreeMap::from([("port", 80), ("new", 2)]);
/// hcl_serde::update_with(&mut doc, &value, &ctx).unwrap();
/// assert_eq!(doc.to_string(), "port = var.port\nnew = 2\n");
/// ```
pub fn update_with<T: ?Sized + Serialize>(
    doc: &mut Document,
    value: &T,
    ctx: &EvalContext<'_>,
) -> Result<()> {
    let text = crate::to_string(value)?;
    let new = Document::parse(&text, doc.filename()).map_err(Error::from_diagnostics)?;
    update_body(doc.body_mut(), new.body(), ctx).map_err(Error::from_diagnostics)
}

/// Makes `old` say what `new` says; see [`update_with`].
fn update_body(
    old: &mut Body,
    new: &Body,
    ctx: &EvalContext<'_>,
) -> std::result::Result<(), hcl_core::Diagnostics> {
    let gone: Vec<String> = old
        .attributes()
        .filter(|a| new.attribute(a.name()).is_none() && !left_out(a, ctx))
        .map(|a| a.name().to_owned())
        .collect();
    for name in gone {
        old.remove_attribute(&name);
    }
    for attr in new.attributes() {
        if !old
            .attribute(attr.name())
            .is_some_and(|o| same(o, attr, ctx))
        {
            old.set_attribute_raw(attr.name(), attr.expr_text().trim_start())?;
        }
    }
    update_blocks(old, new, ctx)
}

/// Pairs the blocks of `old` and `new` (see [`update_with`]), removes the
/// unpaired ones of `old`, updates the pairs and adds the rest of `new`.
fn update_blocks(
    old: &mut Body,
    new: &Body,
    ctx: &EvalContext<'_>,
) -> std::result::Result<(), hcl_core::Diagnostics> {
    // The indices of the blocks of `old`, in order, by type and labels.
    let mut unpaired: HashMap<(&str, &[String]), VecDeque<usize>> = HashMap::new();
    let mut count = 0;
    for (i, block) in old.blocks().enumerate() {
        unpaired.entry(address(block)).or_default().push_back(i);
        count += 1;
    }
    let mut paired = vec![false; count];
    // For each block of `new`, the index of its partner in `old`.
    let partners: Vec<Option<usize>> = new
        .blocks()
        .map(|b| {
            let at = unpaired.get_mut(&address(b))?.pop_front()?;
            if let Some(slot) = paired.get_mut(at) {
                *slot = true;
            }
            Some(at)
        })
        .collect();
    // The partners' positions once the unpaired blocks are gone.
    let kept: Vec<usize> = paired
        .iter()
        .scan(0, |before, &p| {
            let at = *before;
            *before += usize::from(p);
            Some(at)
        })
        .collect();
    let mut order = paired.iter();
    old.retain_blocks(|_| order.next().copied().unwrap_or(true));
    for (block, partner) in new.blocks().zip(&partners) {
        match partner {
            Some(at) => {
                let target = kept.get(*at).and_then(|&k| old.blocks_mut().nth(k));
                if let Some(target) = target {
                    update_body(target.body_mut(), block.body(), ctx)?;
                }
            }
            None => {
                let text = old.to_string();
                if !text.trim().is_empty() && !text.ends_with("\n\n") {
                    old.append_newline();
                }
                let labels: Vec<&str> = block.labels().iter().map(String::as_str).collect();
                let added = old.append_block(block.block_type(), &labels)?;
                update_body(added.body_mut(), block.body(), ctx)?;
            }
        }
    }
    Ok(())
}

/// Whether `attr` says what a value leaves out when it writes it: null or
/// an empty collection, which [`to_string`](crate::to_string) does not
/// write for `None` and empty fields, and which read back as those.
fn left_out(attr: &Attribute, ctx: &EvalContext<'_>) -> bool {
    value_of(&attr.expr_text(), ctx).is_some_and(|v| v.is_null() || v.length() == Some(0))
}

/// A block's type and labels.
fn address(block: &Block) -> (&str, &[String]) {
    (block.block_type(), block.labels())
}

/// Whether the attribute `old` says what `new` does: the same expression
/// in the canonical layout, or expressions that evaluate to equal values.
fn same(old: &Attribute, new: &Attribute, ctx: &EvalContext<'_>) -> bool {
    let (a, b) = (old.expr_text(), new.expr_text());
    if canonical(&a) == canonical(&b) {
        return true;
    }
    match (value_of(&a, ctx), value_of(&b, ctx)) {
        (Some(a), Some(b)) => a == b,
        _ => false,
    }
}

/// An expression's text in the canonical layout.
fn canonical(expr: &str) -> String {
    hcl_core::format(&format!("x = {}\n", expr.trim_start()))
}

/// The value of an expression's text in `ctx`, if it has one.
fn value_of(expr: &str, ctx: &EvalContext<'_>) -> Option<Value> {
    ctx.evaluate_str(expr.trim_start()).ok()
}

/// Decodes a document into a `T`, as [`from_str`](crate::from_str) decodes
/// its printed text; see [`Decoder::from_document`].
///
/// # Errors
///
/// As [`from_str`](crate::from_str), the diagnostics' ranges in the text
/// the document prints.
///
/// # Examples
///
/// ```
/// use std::collections::BTreeMap;
/// let doc = hcl_core::edit::Document::parse("a = 1 # one\n", "main.hcl").unwrap();
/// let value: BTreeMap<String, u8> = hcl_serde::from_document(&doc).unwrap();
/// assert_eq!(value["a"], 1);
/// ```
pub fn from_document<T: DeserializeOwned>(doc: &Document) -> Result<T> {
    Decoder::new().from_document(doc).map(|d| d.value)
}

impl Decoder<'_> {
    /// Decodes a document into a `T`, with the decoder's settings, as its
    /// printed text (`doc.to_string()`) decodes under the name it was
    /// parsed with.
    ///
    /// # Errors
    ///
    /// As [`from_str`](crate::from_str), the diagnostics' ranges in the
    /// text the document prints.
    ///
    /// # Examples
    ///
    /// ```
    /// let doc = hcl_core::edit::Document::parse("port = \"eighty\"\n", "main.hcl").unwrap();
    /// let err = hcl_serde::Decoder::new()
    ///     .from_document::<std::collections::BTreeMap<String, u16>>(&doc)
    ///     .unwrap_err();
    /// assert_eq!(&*err.range().unwrap().filename, "main.hcl");
    /// assert_eq!(err.range().unwrap().start.line, 1);
    /// ```
    pub fn from_document<T: DeserializeOwned>(&self, doc: &Document) -> Result<Decoded<T>> {
        let text = doc.to_string();
        self.syntax(Syntax::Native)
            .from_named_str(&text, doc.filename())
    }

    /// Decodes the body of one block of `doc` into a `T`: the block at
    /// `path`, where each step is a block type and its labels, and picks
    /// the first such block of the body the step before picked (an empty
    /// path is the document's root body). The diagnostics' ranges are in
    /// the text the document prints, as for
    /// [`from_document`](Decoder::from_document).
    ///
    /// # Errors
    ///
    /// [`Code::MissingBlock`](hcl_core::Code::MissingBlock) when a step
    /// finds no block, and what [`from_body`](crate::from_body) returns.
    ///
    /// # Examples
    ///
    /// ```
    /// use serde::Deserialize;
    ///
    /// #[derive(Deserialize, Debug)]
    /// struct Check {
    ///     path: String,
    /// }
    ///
    /// let src = "# The services.\nservice \"web\" {\n  check {\n    path = \"/health\"\n  }\n}\n";
    /// let doc = hcl_core::edit::Document::parse(src, "main.hcl").unwrap();
    /// let decoded = hcl_serde::Decoder::new()
    ///     .from_document_block::<Check>(&doc, &[("service", &["web"]), ("check", &[])])
    ///     .unwrap();
    /// assert_eq!(decoded.value.path, "/health");
    ///
    /// let err = hcl_serde::Decoder::new()
    ///     .from_document_block::<Check>(&doc, &[("service", &["api"])])
    ///     .unwrap_err();
    /// assert_eq!(err.diagnostics().iter().next().unwrap().code, hcl_core::Code::MissingBlock);
    /// ```
    pub fn from_document_block<T: DeserializeOwned>(
        &self,
        doc: &Document,
        path: &[(&str, &[&str])],
    ) -> Result<Decoded<T>> {
        let mut at = Vec::with_capacity(path.len());
        let mut part = doc.body();
        for (block_type, labels) in path {
            let found = part.blocks().enumerate().find(|(_, b)| {
                b.block_type() == *block_type
                    && b.labels()
                        .iter()
                        .map(String::as_str)
                        .eq(labels.iter().copied())
            });
            let Some((i, block)) = found else {
                return Err(no_block(block_type, labels));
            };
            at.push(i);
            part = block.body();
        }
        let text = doc.to_string();
        let file = hcl_core::parse(&text, doc.filename()).map_err(Error::from_diagnostics)?;
        let mut body = &file.body;
        for (i, (block_type, labels)) in at.into_iter().zip(path) {
            // The printed text has the document's blocks, in its order.
            match body.blocks.get(i) {
                Some(block) => body = &block.body,
                None => return Err(no_block(block_type, labels)),
            }
        }
        self.from_body(&hcl_core::Body::native(body, &file.source))
    }
}

/// The error of a block path's step that finds no block.
fn no_block(block_type: &str, labels: &[&str]) -> Error {
    let labels: String = labels.iter().map(|l| format!(" {l:?}")).collect();
    Error::message(
        hcl_core::Code::MissingBlock,
        "Missing block",
        format!("The document has no block {block_type}{labels} there."),
    )
}
