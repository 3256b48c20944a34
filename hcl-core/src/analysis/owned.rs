//! [`OwnedExpression`]: an expression kept for later, with the tree of its
//! text once read.

use std::fmt;
use std::sync::{Arc, OnceLock};

use super::expr_ref::ExprRef;
use super::location::Location;
use crate::diagnostic::Diagnostics;
use crate::json::reparse_json;
use crate::parser::reparse_expression;
use crate::span::{same_text, Range, SourceFile, Span};
use crate::syntax_tree::{Root, SyntaxTree};

/// An expression kept for later: it owns its source and, once read, the
/// syntax tree of its own text (parsed then, once: each later read, and
/// each clone made after it, uses that tree). [`OwnedExpression::expr`]
/// gives it back as an [`ExprRef`], for every analysis and for
/// evaluation. Made with [`ExprRef::to_owned_expression`].
///
/// # Examples
///
/// ```
/// use hcl_core::schema::Body;
/// use hcl_core::{EvalContext, Value};
///
/// let file = hcl_core::parse("limit = 2 * 8\n", "f.hcl").unwrap();
/// let attrs = Body::from_file(&file).just_attributes().unwrap();
/// let kept = attrs.get("limit").unwrap().expr.to_owned_expression();
/// drop(attrs);
/// drop(file);
/// let expr = kept.expr().unwrap();
/// assert_eq!(expr.value(&EvalContext::new()).unwrap(), Value::from(16));
/// assert_eq!(kept.range().to_string(), "f.hcl:1,9-14");
/// ```
#[derive(Clone)]
pub struct OwnedExpression {
    source: Arc<SourceFile>,
    span: Span,
    /// Whether it is a value of the JSON syntax.
    json: bool,
    /// The tree of its text, once read.
    tree: OnceLock<Result<Arc<SyntaxTree>, Diagnostics>>,
}

impl OwnedExpression {
    /// The expression, for static analysis and evaluation: read from the
    /// tree of its text, which the first read parses.
    ///
    /// # Errors
    ///
    /// The syntax errors of that parse, which an expression that came from
    /// a parse of the same text has none of.
    ///
    /// # Examples
    ///
    /// See [`OwnedExpression`].
    pub fn expr(&self) -> Result<ExprRef<'_>, Diagnostics> {
        let tree = self.tree.get_or_init(|| {
            let span = self.span;
            SyntaxTree::build(Arc::clone(&self.source), |file| match self.json {
                true => reparse_json(file, span).map(|value| Root::Json(value.tree)),
                false => reparse_expression(file, span).map(Root::Expr),
            })
        });
        let tree = tree.as_ref().map_err(Clone::clone)?;
        let file = tree.source();
        if let Some(node) = tree.json_value() {
            return Ok(ExprRef::json(node, file));
        }
        match tree.native_expression() {
            Some(expr) => Ok(ExprRef::new(expr, file)),
            None => Err(Diagnostics::default()),
        }
    }

    /// Where the expression is.
    ///
    /// # Examples
    ///
    /// See [`OwnedExpression`].
    pub fn range(&self) -> Range {
        self.location().range()
    }

    /// Where the expression is, as a [`Location`]: its source text, and
    /// diagnostics of the caller's own.
    ///
    /// # Examples
    ///
    /// ```
    /// let file = hcl_core::parse("a = [1, 2]\n", "f.hcl").unwrap();
    /// let body = hcl_core::Body::from_file(&file);
    /// let attrs = body.just_attributes().unwrap();
    /// let kept = attrs.get("a").unwrap().expr.to_owned_expression();
    /// assert_eq!(kept.location().text(), "[1, 2]");
    /// ```
    pub fn location(&self) -> Location<'_> {
        Location::new(&self.source, self.span)
    }

    /// Whether the tree has been parsed.
    #[cfg(test)]
    pub(crate) fn is_parsed(&self) -> bool {
        self.tree.get().is_some()
    }
}

impl PartialEq for OwnedExpression {
    /// Equal when both are the same text at the same place of a file of
    /// the same name.
    fn eq(&self, other: &Self) -> bool {
        same_text(&self.source, self.span, &other.source, other.span)
    }
}

impl fmt::Debug for OwnedExpression {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = self.location();
        write!(f, "OwnedExpression({:?} @ {})", at.text(), at.range())
    }
}

impl ExprRef<'_> {
    /// The expression as an [`OwnedExpression`], to read later: its source
    /// and where it is.
    ///
    /// # Examples
    ///
    /// See [`OwnedExpression`].
    pub fn to_owned_expression(&self) -> OwnedExpression {
        OwnedExpression {
            source: Arc::clone(self.file),
            span: self.span(),
            json: self.is_json(),
            tree: OnceLock::new(),
        }
    }
}
