//! [`Expression`]: an attribute's expression kept unevaluated.

use std::fmt;

use hcl_core::analysis::OwnedExpression;
use hcl_core::{Diagnostics, EvalContext, ExprRef, Range, Value};
use serde::de::{self, Deserializer};

use super::{Payload, PayloadVisitor, PAYLOAD};

/// An attribute's expression, not evaluated: the field type of
/// `#[hcl(expr)]`, for values the application evaluates later or in its
/// own way. In an `#[hcl]` struct a field of this type (or an `Option` of
/// it) is read so without the option, as gohcl reads an `hcl.Expression`
/// field; a plain derive cannot have one (its fields are evaluated). It
/// owns its source text; the first read parses the expression's own text,
/// and later reads (and clones made after it) use that tree.
///
/// # Examples
///
/// ```
/// use hcl_core::{EvalContext, Value};
/// use serde::Deserialize;
///
/// #[hcl_serde::hcl]
/// #[derive(Deserialize)]
/// struct Check {
///     #[hcl(expr)]
///     condition: hcl_serde::Expression,
/// }
///
/// let check: Check = hcl_serde::from_str("condition = attempts < 3\n").unwrap();
/// assert_eq!(check.condition.source_text(), "attempts < 3");
/// assert_eq!(check.condition.variables(), ["attempts"]);
///
/// let mut ctx = EvalContext::new();
/// ctx.set_variable("attempts", Value::from(1));
/// assert_eq!(check.condition.value(&ctx).unwrap(), Value::from(true));
/// ```
#[derive(Clone, PartialEq)]
pub struct Expression {
    expr: OwnedExpression,
}

impl Expression {
    /// Keeps `expr` for later.
    pub(crate) fn new(expr: &ExprRef<'_>) -> Expression {
        Expression {
            expr: expr.to_owned_expression(),
        }
    }

    /// The expression's source text.
    ///
    /// # Examples
    ///
    /// See [`Expression`].
    pub fn source_text(&self) -> &str {
        self.expr.location().text()
    }

    /// Where the expression is.
    ///
    /// # Examples
    ///
    /// ```
    /// #[hcl_serde::hcl]
    /// #[derive(serde::Deserialize)]
    /// struct Config {
    ///     #[hcl(expr)]
    ///     x: hcl_serde::Expression,
    /// }
    /// let config: Config = hcl_serde::from_str("x = 1 + 2\n").unwrap();
    /// assert_eq!(config.x.range().to_string(), "<input>:1,5-10");
    /// ```
    pub fn range(&self) -> Range {
        self.expr.range()
    }

    /// The expression, for the analyses of [`ExprRef`]: static lists,
    /// maps and calls, traversals, keywords, variables, its value. The
    /// first read (by this method, [`Expression::value`] or
    /// [`Expression::variables`]) parses the expression's text; later ones
    /// use that tree.
    ///
    /// # Errors
    ///
    /// The syntax errors of that parse, which an expression that came from
    /// a successful decode has none of.
    ///
    /// # Examples
    ///
    /// ```
    /// #[hcl_serde::hcl]
    /// #[derive(serde::Deserialize)]
    /// struct Config {
    ///     #[hcl(expr)]
    ///     x: hcl_serde::Expression,
    /// }
    /// let config: Config = hcl_serde::from_str("x = [a, b]\n").unwrap();
    /// let items = config.x.expr().unwrap().as_static_list().unwrap();
    /// assert_eq!(items.len(), 2);
    /// ```
    pub fn expr(&self) -> Result<ExprRef<'_>, Diagnostics> {
        self.expr.expr()
    }

    /// Evaluates the expression with `ctx`.
    ///
    /// # Errors
    ///
    /// The evaluation's diagnostics.
    ///
    /// # Examples
    ///
    /// See [`Expression`].
    pub fn value(&self, ctx: &EvalContext<'_>) -> std::result::Result<Value, Diagnostics> {
        self.expr()?.value(ctx)
    }

    /// The root names of the variables the expression refers to, in order
    /// of first use, each once.
    ///
    /// # Examples
    ///
    /// See [`Expression`].
    pub fn variables(&self) -> Vec<String> {
        let mut names: Vec<String> = Vec::new();
        let traversals = self.expr().map(|e| e.variables()).unwrap_or_default();
        for traversal in traversals {
            let name = traversal.root.to_string();
            if !names.contains(&name) {
                names.push(name);
            }
        }
        names
    }
}

impl fmt::Debug for Expression {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Expression({:?} @ {})", self.source_text(), self.range())
    }
}

impl<'de> de::Deserialize<'de> for Expression {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_newtype_struct(
            PAYLOAD,
            PayloadVisitor("an expression", |p| match p {
                Payload::Expression(e) => Some(e),
                _ => None,
            }),
        )
    }
}
