//! [`SyntaxTree`]: a syntax tree owned together with the source text it
//! borrows from, so that a body or an expression can be kept past the
//! parse that found it and read again without parsing.

use std::fmt;
use std::sync::{Arc, OnceLock};

use crate::ast;
use crate::diagnostic::{Code, Diagnostic, Diagnostics};
use crate::json::{parse_json_in, NodeRef, Tree};
use crate::parser::{parse_source, LazyFile, ParseOptions};
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
    /// A native file read item by item (see [`SyntaxTree::open`]).
    Lazy(LazyFile<'src>),
    /// A file that does not parse: its syntax errors.
    Failed(Diagnostics),
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
    /// The syntax errors of a file read item by item (none for other
    /// trees that parsed), once asked for.
    errors: OnceLock<Diagnostics>,
}

impl fmt::Debug for SyntaxTree {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.root() {
            Root::Body(_) => "body",
            Root::Attribute(_) => "attribute",
            Root::Block(_) => "block",
            Root::Expr(_) => "expression",
            Root::Json(_) => "json",
            Root::Lazy(_) => "file read item by item",
            Root::Failed(_) => "syntax errors",
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
        Ok(Arc::new(SyntaxTree {
            cell,
            errors: OnceLock::new(),
        }))
    }

    /// Opens `source` for reading, in its syntax as [`SyntaxTree::parse`]
    /// reads it, without failing: a file with syntax errors is a tree whose
    /// body has nothing, and whose [`SyntaxTree::syntax_errors`] says why.
    ///
    /// A native-syntax file is read one top-level item at a time: a quick
    /// scan finds the items, and each is parsed when its body hands it out
    /// (an attribute) or when it is read (a block's body), so that a
    /// reader that goes through the file block by block holds little more
    /// than the text (see [`Body::read_once`](crate::Body::read_once)).
    /// What the body gives is item for item what a whole parse gives; a
    /// syntax error found on the way leaves the item out, and makes the
    /// file's syntax errors those of a whole parse.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::Arc;
    /// use hcl_core::{Body, ParseOptions, SourceFile, SyntaxTree};
    ///
    /// let text = "region = \"eu\"\nservice \"web\" {\n  port = 80\n}\n";
    /// let tree = SyntaxTree::open(Arc::new(SourceFile::new("app.hcl", text)), &ParseOptions::default());
    /// let (attributes, blocks) = Body::from_tree(&tree).items();
    /// assert_eq!((attributes[0].name, blocks[0].labels[0].value), ("region", "web"));
    /// assert!(tree.syntax_errors().is_empty());
    ///
    /// let bad = SyntaxTree::open(Arc::new(SourceFile::new("app.hcl", "a = 1\nb {\n  c = (\n}\n")), &ParseOptions::default());
    /// let first = bad.syntax_errors().iter().next().unwrap();
    /// assert_eq!(first.subject.as_ref().unwrap().start.line, 4);
    /// ```
    pub fn open(source: Arc<SourceFile>, options: &ParseOptions) -> Arc<SyntaxTree> {
        let lazily = !source.is_json() && options.limits == crate::Limits::default();
        let tree = SyntaxTree::build(source, |file| {
            if lazily {
                if let Some(lazy) = LazyFile::scan_source(file) {
                    return Ok::<_, std::convert::Infallible>(Root::Lazy(lazy));
                }
            }
            let parsed = if file.is_json() {
                parse_json_in(file.text(), Arc::clone(file), options).map(|p| Root::Json(p.tree))
            } else {
                parse_source(file, options).map(|p| Root::Body(p.body))
            };
            Ok(parsed.unwrap_or_else(Root::Failed))
        });
        match tree {
            Ok(tree) => tree,
            Err(never) => match never {},
        }
    }

    /// The source's syntax errors: none for a tree that
    /// [`SyntaxTree::parse`] made. For a file [opened](SyntaxTree::open)
    /// item by item, the items that no read has parsed yet are parsed now
    /// (and their trees dropped); when one did not parse, the errors are
    /// those of parsing the whole file, as [`parse`](crate::parse) gives
    /// them. Found once: later calls give the same.
    ///
    /// # Examples
    ///
    /// See [`SyntaxTree::open`].
    pub fn syntax_errors(&self) -> &Diagnostics {
        if let Root::Failed(diags) = self.root() {
            return diags;
        }
        self.errors.get_or_init(|| match self.root() {
            Root::Lazy(file) if !file.check_rest() => {
                match parse_source(self.source(), &ParseOptions::default()) {
                    Err(diags) => diags,
                    // The scan and the parser disagree on a valid file,
                    // which its tests hold never to happen: say so, rather
                    // than give what the reading left out.
                    Ok(_) => Diagnostic::error(
                        Code::ReadFailed,
                        "File not read",
                        "The file is valid, but reading it one item at a time left some of it out. \
                         This is a defect of hcl-core; please report it with the file."
                            .to_string(),
                    )
                    .into(),
                }
            }
            _ => Diagnostics::default(),
        })
    }

    /// The byte ranges of the top-level items of a file
    /// [opened](SyntaxTree::open) item by item, as its scan found them,
    /// without parsing any: each from where the item starts (blank space
    /// before its name included) to where the next starts (past its line
    /// end and the blank lines and comments after it), so that the ranges
    /// follow each other; the first starts after the comments and blank
    /// lines that open the file, the last ends at the file's end. `None`
    /// for any other tree, such as one of the JSON syntax or one the scan
    /// could not read item by item.
    ///
    /// What a range holds can be parsed on its own: a program that keeps
    /// what it found of each item (a language server's diagnostics, say)
    /// parses again only the items whose text changed.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::Arc;
    /// use hcl_core::{ParseOptions, SourceFile, SyntaxTree};
    ///
    /// let text = "# settings\nregion = \"eu\"\n\nservice \"web\" {\n  port = 80\n}\n";
    /// let tree = SyntaxTree::open(Arc::new(SourceFile::new("app.hcl", text)), &ParseOptions::default());
    /// let items = tree.item_ranges().unwrap();
    /// let texts: Vec<&str> = items.iter().map(|r| &text[r.clone()]).collect();
    /// assert_eq!(texts, ["region = \"eu\"\n\n", "service \"web\" {\n  port = 80\n}\n"]);
    ///
    /// let json = Arc::new(SourceFile::new_json("app.json", "{}"));
    /// assert!(SyntaxTree::open(json, &ParseOptions::default()).item_ranges().is_none());
    /// ```
    pub fn item_ranges(&self) -> Option<Vec<std::ops::Range<usize>>> {
        let file = self.lazy_file()?;
        Some(file.items().map(|item| item.extent()).collect())
    }

    /// The file read item by item that the tree is, if it is one.
    pub(crate) fn lazy_file(&self) -> Option<&LazyFile<'_>> {
        match self.root() {
            Root::Lazy(file) => Some(file),
            _ => None,
        }
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
