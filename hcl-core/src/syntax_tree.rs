//! [`SyntaxTree`]: a syntax tree owned together with the source text it
//! borrows from, so that a body or an expression can be kept past the
//! parse that found it and read again without parsing.

use std::fmt;
use std::sync::Arc;

use crate::ast;
use crate::diagnostic::Diagnostics;
use crate::json::{parse_json_in, NodeRef, Tree};
use crate::parser::{parse_source, ParseOptions};
use crate::span::SourceFile;

/// What a [`SyntaxTree`] holds: a body of the native syntax (a file's, or
/// a block's parsed again on its own), one expression, or a JSON document
/// or value.
pub(crate) enum Root<'src> {
    Body(ast::Body<'src>),
    /// A top-level attribute of a file read item by item, parsed on its
    /// own.
    Attribute(ast::Attribute<'src>),
    /// A top-level block of a file read item by item, parsed on its own.
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

/// A parsed file (or one body or expression of a file) kept with its
/// source: a body that borrows it ([`Body::from_tree`](crate::Body::from_tree))
/// lives as long as the tree, not as long as a borrow of the text; and a
/// body or expression kept for later ([`OwnedBody`](crate::schema::OwnedBody),
/// [`OwnedExpression`](crate::analysis::OwnedExpression)) keeps the tree
/// of its own text once read, so that it is parsed once, not at each use.
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
/// assert_eq!(blocks[0].body.just_attributes().unwrap().len(), 1);
/// assert_eq!(tree.source().name(), "app.hcl");
/// ```
pub struct SyntaxTree {
    cell: Cell,
}

impl fmt::Debug for SyntaxTree {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.root() {
            Root::Body(_) => "body",
            Root::Attribute(_) => "attribute",
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

    /// The body of the native syntax the tree holds.
    pub(crate) fn native_body(&self) -> Option<&ast::Body<'_>> {
        match self.root() {
            Root::Body(body) => Some(body),
            _ => None,
        }
    }

    /// The expression of the native syntax the tree holds.
    pub(crate) fn native_expression(&self) -> Option<&ast::Expression<'_>> {
        match self.root() {
            Root::Expr(expr) => Some(expr),
            _ => None,
        }
    }

    /// The JSON value the tree holds.
    pub(crate) fn json_value(&self) -> Option<NodeRef<'_>> {
        match self.root() {
            Root::Json(tree) => Some(tree.root()),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests;
