//! The body of a native-syntax file read item by item: a [`Body`] like any
//! other to its readers, whose top-level items are parsed when read.
//!
//! The top level lists its items from the scan of the file (names, labels,
//! braces); an attribute is parsed when schema processing hands it out, and
//! kept for the file's lifetime, since what is read from it borrows its
//! tree. A top-level block is handed out with a body that is parsed when
//! first read: kept by the file too when read through the body's own
//! methods, or, through [`Body::read_once`], parsed for one read and dropped
//! after it, so that a reader that goes through the file block by block
//! (serde decoding) holds one block's tree at a time.
//!
//! The scan only proposes (see [`LazyFile`]): an item that does not parse
//! as scanned is left out of what the body gives, and the file's
//! [`SyntaxTree::syntax_errors`] are then those of a whole parse.

use std::borrow::Cow;

use super::body::Body;
use super::content::{Block, Label};
use super::native::{Items, NativeBody};
use crate::parser::LazyFile;
use crate::syntax_tree::SyntaxTree;

impl<'a> Body<'a> {
    /// The top-level body of `file`, read item by item.
    pub(crate) fn lazy(file: &'a LazyFile<'a>) -> Self {
        Body::of_native(NativeBody::lazy(file))
    }
}

impl<'a> Block<'a> {
    /// Top-level block `index` of `file`, from its scanned header, with a
    /// body parsed when first read. `None` when the item is no block, or
    /// the scan did not take its labels as written (which it does not for
    /// labels with escapes).
    pub(super) fn lazy(file: &'a LazyFile<'a>, index: u32) -> Option<Self> {
        let item = file.item(index as usize)?;
        let (open_brace_span, close_brace_span) =
            (item.open_brace_span()?, item.close_brace_span()?);
        let source = file.source();
        let labels = item
            .labels()
            .map(|label| match label.value {
                Cow::Borrowed(value) => Some(Label {
                    value,
                    span: label.span,
                    file: source,
                }),
                Cow::Owned(_) => None,
            })
            .collect::<Option<Vec<_>>>()?;
        if labels.len() != item.label_count() {
            return None;
        }
        let type_span = item.name_span();
        let def_span = labels.last().map_or(type_span, |l| type_span.to(l.span));
        Some(Block {
            block_type: item.name(),
            labels,
            body: Body::of_native(NativeBody::lazy_block(file, index)),
            type_span,
            def_span,
            open_brace_span,
            close_brace_span,
            span: item.span(),
            file: source,
        })
    }
}

impl Body<'_> {
    /// Calls `read` with this body, keeping nothing that is parsed for
    /// it: the body of a top-level block of a file opened with
    /// [`SyntaxTree::open`], which is parsed when first read, is parsed
    /// for this call alone and dropped after it, where reading it through
    /// its own methods makes the file keep its tree for the file's
    /// lifetime. A reader that goes through a large file block by block
    /// so holds one block's tree at a time. Any other body is passed as it
    /// is.
    ///
    /// A block that does not parse as scanned gets an empty body, and its
    /// file's [`SyntaxTree::syntax_errors`] then gives the file's syntax
    /// errors.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::Arc;
    /// use hcl_core::{Body, BodySchema, EvalContext, ParseOptions, SourceFile, SyntaxTree};
    ///
    /// let text = "service \"web\" {\n  port = 80\n}\nservice \"db\" {\n  port = 5432\n}\n";
    /// let tree = SyntaxTree::open(Arc::new(SourceFile::new("app.hcl", text)), &ParseOptions::default());
    /// let schema = BodySchema::builder().block("service", &["name"]).build().unwrap();
    /// let content = Body::from_tree(&tree).content(&schema).unwrap();
    /// let ports: Vec<String> = content
    ///     .blocks
    ///     .iter()
    ///     .map(|service| {
    ///         service.body.read_once(|body| {
    ///             let attrs = body.just_attributes().unwrap();
    ///             let port = attrs.get("port").unwrap();
    ///             port.expr.value(&EvalContext::new()).unwrap().to_string()
    ///         })
    ///     })
    ///     .collect();
    /// assert_eq!(ports, ["80", "5432"]);
    /// assert!(tree.syntax_errors().is_empty());
    /// ```
    pub fn read_once<R>(&self, read: impl FnOnce(&Body<'_>) -> R) -> R {
        let lazy = self.native_items().and_then(|items| match items {
            Items::LazyBlock(file, index) => Some((file, index as usize)),
            _ => None,
        });
        let Some((file, index)) = lazy else {
            return read(self);
        };
        if file.kept_block_if_any(index).is_some() {
            return read(self);
        }
        // Parsed on the stack, and dropped after `read`.
        match file.block(index) {
            Some(block) => read(&Block::native(&block, file.source()).body),
            None => {
                file.give_up();
                read(&Body::empty())
            }
        }
    }
}

/// For a file read item by item ([`SyntaxTree::open`]), how many trees of
/// its top-level blocks it keeps: those read through their bodies' own
/// methods rather than [`Body::read_once`]. `None` for any other tree. For
/// tests of readers that should keep none.
///
/// # Examples
///
/// ```
/// use std::sync::Arc;
/// use hcl_core::__private::kept_blocks;
/// use hcl_core::{Body, BodySchema, ParseOptions, SourceFile, SyntaxTree};
///
/// let source = Arc::new(SourceFile::new("app.hcl", "a {\n  x = 1\n}\nb {\n  y = 2\n}\n"));
/// let tree = SyntaxTree::open(source, &ParseOptions::default());
/// let schema = BodySchema::builder().block("a", &[]).block("b", &[]).build().unwrap();
/// let content = Body::from_tree(&tree).content(&schema).unwrap();
/// content.blocks[0].body.read_once(|body| body.items().0.len());
/// assert_eq!(kept_blocks(&tree), Some(0));
/// content.blocks[1].body.items();
/// assert_eq!(kept_blocks(&tree), Some(1));
/// ```
pub fn kept_blocks(tree: &SyntaxTree) -> Option<usize> {
    tree.lazy_file().map(LazyFile::kept_blocks)
}

#[cfg(test)]
mod tests {
    use super::super::content::BodyContent;
    use super::*;

    /// Bodies, and what is read from them, shorten their lifetimes as
    /// borrows do, lazy ones too: compiling is the test.
    #[allow(dead_code, reason = "compiled, never called")]
    fn covariant<'a: 'b, 'b>(
        body: Body<'a>,
        block: Block<'a>,
        content: BodyContent<'a>,
        file: LazyFile<'a>,
    ) -> (Body<'b>, Block<'b>, BodyContent<'b>, LazyFile<'b>) {
        (body, block, content, file)
    }

    /// Bodies, and what is read from them, can be shared and sent between
    /// threads, lazy ones too: compiling is the test.
    #[allow(dead_code, reason = "compiled, never called")]
    fn send_and_sync(
        body: Body<'static>,
        content: BodyContent<'static>,
        file: LazyFile<'static>,
    ) -> impl Send + Sync {
        (body, content, file)
    }

    #[test]
    fn a_block_body_read_through_its_own_methods_is_kept_by_the_file() {
        let file = LazyFile::scan("a = 1\nb {\n  c = 2\n}\n", "f.hcl").unwrap();
        let body = Body::lazy(&file);
        let (attrs, blocks) = body.items();
        assert_eq!(attrs[0].name, "a");
        assert_eq!(file.kept_blocks(), 0);
        blocks[0]
            .body
            .read_once(|b| assert_eq!(b.items().0.len(), 1));
        assert_eq!(file.kept_blocks(), 0, "parsed for one read");
        assert_eq!(blocks[0].body.items().0[0].name, "c");
        assert_eq!(file.kept_blocks(), 1, "kept");
        blocks[0]
            .body
            .read_once(|b| assert_eq!(b.items().0.len(), 1));
        assert!(file.check_rest());
    }
}
