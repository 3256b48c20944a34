//! [`SyntaxTree`]: a syntax tree owned together with the source text it
//! borrows from, so that a body or an expression can be kept past the
//! parse that found it and read again without parsing.

use std::fmt;
use std::sync::Arc;

use crate::ast;
use crate::diagnostic::Diagnostics;
use crate::json::{parse_json_in, NodeRef, Tree};
use crate::parser::{parse_source, ParseOptions};
use crate::span::{SourceFile, Span};

/// What a [`SyntaxTree`] holds: a whole file's body, one block parsed on
/// its own (a top-level block read by itself), one expression, or a JSON
/// document or value.
pub(crate) enum Root<'src> {
    Body(ast::Body<'src>),
    Block(ast::Block<'src>),
    Expr(ast::Expression<'src>),
    Json(Tree<'src>),
}

self_cell::self_cell!(
    struct Cell {
        owner: Arc<SourceFile>,
        #[covariant]
        dependent: Root,
    }
);

/// A parsed file, block or expression kept with its source: what a body
/// or an expression that outlives its decode (`RawBody`, `Expression` of
/// hcl-serde) holds, so that it is read again from the same tree, not
/// parsed again. Shared through an [`Arc`]: every body and expression
/// kept from one parse holds the one tree.
///
/// # Examples
///
/// ```
/// use std::sync::Arc;
/// use hcl_core::{Body, ParseOptions, SourceFile, SyntaxTree};
///
/// let source = Arc::new(SourceFile::new("app.hcl", "service \"web\" {\n  port = 80\n}\n"));
/// let tree = SyntaxTree::parse(source, &ParseOptions::default()).unwrap();
/// let body = Body::from_tree(&tree);
/// let (_, blocks) = body.items();
/// let owned = blocks[0].body.to_owned_body().unwrap();
/// drop(body);
/// drop(tree);
/// // The block's body outlives the names that borrowed the tree.
/// assert_eq!(owned.body().just_attributes().unwrap().len(), 1);
/// ```
pub struct SyntaxTree {
    cell: Cell,
}

impl fmt::Debug for SyntaxTree {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.root() {
            Root::Body(_) => "body",
            Root::Block(_) => "block",
            Root::Expr(_) => "expression",
            Root::Json(_) => "json",
        };
        f.debug_struct("SyntaxTree")
            .field("file", &self.source().name())
            .field("root", &kind)
            .finish()
    }
}

impl SyntaxTree {
    /// Parses `source` whole: in the JSON syntax when it is a JSON source
    /// ([`SourceFile::is_json`]), else in the native syntax.
    ///
    /// # Errors
    ///
    /// The syntax errors, as [`parse`](crate::parse) or
    /// [`parse_json`](crate::parse_json) gives them.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::Arc;
    /// use hcl_core::{ParseOptions, SourceFile, SyntaxTree};
    /// let json = Arc::new(SourceFile::new_json("a.json", "{\"a\": 1}"));
    /// assert!(SyntaxTree::parse(json, &ParseOptions::default()).is_ok());
    /// let bad = Arc::new(SourceFile::new("a.hcl", "a = \n"));
    /// assert!(SyntaxTree::parse(bad, &ParseOptions::default()).is_err());
    /// ```
    pub fn parse(
        source: Arc<SourceFile>,
        options: &ParseOptions,
    ) -> Result<Arc<SyntaxTree>, Diagnostics> {
        SyntaxTree::build(source, |file| {
            if file.is_json() {
                let parsed = parse_json_in(file.text(), Arc::clone(file), options)?;
                Ok(Root::Json(parsed.tree))
            } else {
                Ok(Root::Body(parse_source(file, options)?.body))
            }
        })
    }

    /// The tree that `parse` makes of `source`.
    pub(crate) fn build<E>(
        source: Arc<SourceFile>,
        parse: impl for<'s> FnOnce(&'s Arc<SourceFile>) -> Result<Root<'s>, E>,
    ) -> Result<Arc<SyntaxTree>, E> {
        let cell = Cell::try_new(source, parse)?;
        Ok(Arc::new(SyntaxTree { cell }))
    }

    /// The source the tree was parsed from.
    pub fn source(&self) -> &Arc<SourceFile> {
        self.cell.borrow_owner()
    }

    pub(crate) fn root(&self) -> &Root<'_> {
        self.cell.borrow_dependent()
    }

    /// The tree's top-level body of the native syntax: a file's, or the
    /// body of a block parsed on its own.
    pub(crate) fn native_root(&self) -> Option<&ast::Body<'_>> {
        match self.root() {
            Root::Body(body) => Some(body),
            Root::Block(block) => Some(&block.body),
            Root::Expr(_) | Root::Json(_) => None,
        }
    }

    /// The block a tree of one block holds.
    pub(crate) fn native_block(&self) -> Option<&ast::Block<'_>> {
        match self.root() {
            Root::Block(block) => Some(block),
            _ => None,
        }
    }

    /// The body of the native syntax whose span is `span`: the top-level
    /// body, or the body of a block within it, found by descending into the
    /// block that holds it at each level (blocks are in source order).
    pub(crate) fn native_body(&self, span: Span) -> Option<&ast::Body<'_>> {
        let mut body = self.native_root()?;
        loop {
            if body.span == span {
                return Some(body);
            }
            body = &body.block_at(span.start)?.body;
        }
    }

    /// The expression of the native syntax whose span is `span`: the
    /// tree's one expression, or an attribute's of a body within it.
    pub(crate) fn native_expression(&self, span: Span) -> Option<&ast::Expression<'_>> {
        let mut body = match self.root() {
            Root::Expr(expr) => return (expr.span == span).then_some(expr),
            Root::Body(body) => body,
            Root::Block(block) => &block.body,
            Root::Json(_) => return None,
        };
        loop {
            let attrs = &body.attributes;
            let at = attrs.partition_point(|a| a.span.end < span.end);
            if let Some(attr) = attrs.get(at).filter(|a| a.expr.span == span) {
                return Some(&attr.expr);
            }
            body = &body.block_at(span.start)?.body;
        }
    }

    /// The JSON value whose span is `span`, found by descending into the
    /// property or element that holds it at each level.
    pub(crate) fn json_value(&self, span: Span) -> Option<NodeRef<'_>> {
        let Root::Json(tree) = self.root() else {
            return None;
        };
        let mut node = tree.root();
        loop {
            if node.span() == span {
                return Some(node);
            }
            let holds = |s: Span| s.start <= span.start && span.end <= s.end;
            node = if let Some(props) = node.properties() {
                let at = props.partition_point(|p| p.value.span.end < span.end);
                let prop = props.get(at).filter(|p| holds(p.value.span))?;
                node.at(&prop.value)
            } else {
                let elements = node.elements()?;
                let at = elements.partition_point(|e| e.span.end < span.end);
                let element = elements.get(at).filter(|e| holds(e.span))?;
                node.at(element)
            };
        }
    }
}

#[cfg(test)]
mod tests;
