//! [`OwnedExpression`]: an expression kept with the tree it was read from.

use std::fmt;
use std::sync::Arc;

use super::location::{ExprRef, Location};
use crate::ast::{Expression, ExpressionKind};
use crate::diagnostic::Diagnostics;
use crate::json::reparse_json;
use crate::parser::reparse_expression;
use crate::span::{same_text, Range, Span};
use crate::syntax_tree::{Root, SyntaxTree};

/// An expression that owns the syntax tree it was read from (shared with
/// every other body and expression kept from the same parse), so that it
/// outlives the parse and is read again without parsing:
/// [`OwnedExpression::expr`] gives it back as an [`ExprRef`], for every
/// analysis and for evaluation. Made with [`ExprRef::to_owned_expression`].
///
/// # Examples
///
/// ```
/// use hcl_core::schema::Body;
/// use hcl_core::{EvalContext, Value};
///
/// let file = hcl_core::parse("limit = 2 * 8\n", "f.hcl").unwrap();
/// let attrs = Body::from_file(&file).just_attributes().unwrap();
/// let kept = attrs.get("limit").unwrap().expr.to_owned_expression().unwrap();
/// drop(attrs);
/// drop(file);
/// assert_eq!(kept.expr().value(&EvalContext::new()).unwrap(), Value::from(16));
/// assert_eq!(kept.range().to_string(), "f.hcl:1,9-14");
/// ```
#[derive(Clone)]
pub struct OwnedExpression {
    tree: Arc<SyntaxTree>,
    span: Span,
}

/// What [`OwnedExpression::expr`] would give for an expression missing from
/// its tree, which cannot happen: each is made only once found in it.
static MISSING: Expression<'static> = Expression {
    kind: ExpressionKind::Null,
    span: Span::empty(0),
};

impl OwnedExpression {
    /// The expression of `tree` at `span`, if `tree` has one there.
    fn find(tree: &SyntaxTree, span: Span) -> bool {
        match tree.root() {
            Root::Json(_) => tree.json_value(span).is_some(),
            _ => tree.native_expression(span).is_some(),
        }
    }

    /// The expression, for static analysis and evaluation.
    ///
    /// # Examples
    ///
    /// See [`OwnedExpression`].
    pub fn expr(&self) -> ExprRef<'_> {
        let file = self.tree.source();
        let expr = match self.tree.json_value(self.span) {
            Some(node) => ExprRef::json(node, file),
            None => match self.tree.native_expression(self.span) {
                Some(expr) => ExprRef::new(expr, file),
                None => ExprRef::new(&MISSING, file),
            },
        };
        expr.in_tree(Some(&self.tree))
    }

    /// Where the expression is.
    ///
    /// # Examples
    ///
    /// See [`OwnedExpression`].
    pub fn range(&self) -> Range {
        self.location().range()
    }

    /// Where the expression is, as a [`Location`].
    ///
    /// # Examples
    ///
    /// ```
    /// let file = hcl_core::parse("a = [1, 2]\n", "f.hcl").unwrap();
    /// let body = hcl_core::Body::from_file(&file);
    /// let attrs = body.just_attributes().unwrap();
    /// let kept = attrs.get("a").unwrap().expr.to_owned_expression().unwrap();
    /// assert_eq!(kept.location().text(), "[1, 2]");
    /// ```
    pub fn location(&self) -> Location<'_> {
        Location::new(self.tree.source(), self.span)
    }
}

impl PartialEq for OwnedExpression {
    /// Equal when both are the same text at the same place of a file of
    /// the same name.
    fn eq(&self, other: &Self) -> bool {
        same_text(
            self.tree.source(),
            self.span,
            other.tree.source(),
            other.span,
        )
    }
}

impl fmt::Debug for OwnedExpression {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = self.location();
        write!(f, "OwnedExpression({:?} @ {})", at.text(), at.range())
    }
}

impl ExprRef<'_> {
    /// The expression as an [`OwnedExpression`]: sharing the tree it was
    /// read from where that is kept with its source (as for the bodies of
    /// [`Body::from_tree`](crate::Body::from_tree)), else parsed again
    /// once from its file.
    ///
    /// # Errors
    ///
    /// The syntax errors of parsing it again, which an expression that came
    /// from a parse of the same text has none of.
    ///
    /// # Examples
    ///
    /// See [`OwnedExpression`].
    pub fn to_owned_expression(&self) -> Result<OwnedExpression, Diagnostics> {
        let span = self.span();
        if let Some(tree) = self.tree() {
            if OwnedExpression::find(tree, span) {
                return Ok(OwnedExpression {
                    tree: Arc::clone(tree),
                    span,
                });
            }
        }
        let file = Arc::clone(self.file);
        let tree = if self.is_json() {
            SyntaxTree::build(file, |file| {
                reparse_json(file, span).map(|value| Root::Json(value.tree))
            })?
        } else {
            SyntaxTree::build(file, |file| reparse_expression(file, span).map(Root::Expr))?
        };
        Ok(OwnedExpression { tree, span })
    }
}
