//! [`Expression`]: an attribute's expression kept unevaluated.

use std::fmt;
use std::sync::Arc;

use hcl_core::analysis::Location;
use hcl_core::{reparse_body, Code, Diagnostics, EvalContext, Range, SourceFile, Span, Value};
use serde::de::{self, Deserializer};

use super::{same_place, Payload, PayloadVisitor, PAYLOAD};
use crate::error::{Error, Result};

/// An attribute's expression, not evaluated: the field type of
/// `#[hcl(expr)]`, for values the application evaluates later or in its
/// own way. It owns its source text.
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
#[derive(Clone)]
pub struct Expression {
    file: Arc<SourceFile>,
    /// The attribute, name to end of expression: the text parsed again.
    attribute: Span,
    expression: Span,
}

impl Expression {
    pub(crate) fn new(location: Location<'_>, attribute: Span) -> Expression {
        Expression {
            file: Arc::clone(location.file),
            attribute,
            expression: location.span,
        }
    }

    /// The expression's source text.
    ///
    /// # Examples
    ///
    /// See [`Expression`].
    pub fn source_text(&self) -> &str {
        self.file
            .text()
            .get(self.expression.as_range())
            .unwrap_or_default()
    }

    /// Where the expression is.
    ///
    /// # Examples
    ///
    /// ```
    /// #[derive(serde::Deserialize)]
    /// struct Config {
    ///     #[serde(rename = "$hcl:expr:x")]
    ///     x: hcl_serde::Expression,
    /// }
    /// let config: Config = hcl_serde::from_str("x = 1 + 2\n").unwrap();
    /// assert_eq!(config.x.range().to_string(), "<input>:1,5-10");
    /// ```
    pub fn range(&self) -> Range {
        Location::new(&self.file, self.expression).range()
    }

    /// Calls `f` with the expression, parsed again from its text, for the
    /// analyses of [`ExprRef`](hcl_core::ExprRef): static lists, maps and
    /// calls, traversals, keywords, variables, its value.
    ///
    /// # Errors
    ///
    /// A syntax error, which cannot happen for an expression that came from
    /// a successful decode.
    ///
    /// # Examples
    ///
    /// ```
    /// #[derive(serde::Deserialize)]
    /// struct Config {
    ///     #[serde(rename = "$hcl:expr:x")]
    ///     x: hcl_serde::Expression,
    /// }
    /// let config: Config = hcl_serde::from_str("x = [a, b]\n").unwrap();
    /// let items = config.x.with_expr(|expr| expr.as_static_list().map(|l| l.len()));
    /// assert_eq!(items.unwrap().unwrap(), 2);
    /// ```
    pub fn with_expr<R>(&self, f: impl FnOnce(hcl_core::ExprRef<'_>) -> R) -> Result<R> {
        if self.file.is_json() {
            let value = hcl_core::reparse_json(&self.file, self.expression)?;
            return Ok(f(hcl_core::ExprRef::from_json(&value)));
        }
        let end = Span::empty(self.attribute.end);
        let body = reparse_body(&self.file, self.attribute, end)?;
        match body.attributes.first() {
            Some(attr) => Ok(f(hcl_core::ExprRef::new(&attr.expr, &self.file))),
            None => Err(not_found()),
        }
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
        self.with_expr(|expr| expr.value(ctx))
            .map_err(Error::into_diagnostics)?
    }

    /// The root names of the variables the expression refers to, in order
    /// of first use, each once.
    ///
    /// # Examples
    ///
    /// See [`Expression`].
    pub fn variables(&self) -> Vec<String> {
        let mut names: Vec<String> = Vec::new();
        let _ = self.with_expr(|expr| {
            for traversal in expr.variables() {
                let name = traversal.root.to_string();
                if !names.contains(&name) {
                    names.push(name);
                }
            }
        });
        names
    }
}

impl PartialEq for Expression {
    /// Equal when both are the same text of the same file.
    fn eq(&self, other: &Self) -> bool {
        same_place(&self.file, self.attribute, &other.file, other.attribute)
            && self.expression.start - self.attribute.start
                == other.expression.start - other.attribute.start
            && self.expression.len() == other.expression.len()
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

/// An expression that is not where it was when decoded.
fn not_found() -> Error {
    Error::message(
        Code::InvalidExpression,
        "Invalid expression",
        "The expression could not be found again in its source.".to_string(),
    )
}
