//! Evaluation of expressions and templates to [`Value`]s.
//!
//! The rules are those of the reference implementation: every error is a
//! diagnostic whose subject is the smallest sub-expression at fault, and an
//! evaluation that fails still returns a placeholder value (usually the
//! dynamic value) with its diagnostics, so that callers can keep going.

mod context;
mod expr;
mod for_expr;
mod functions;
mod ops;
mod template;
mod traversal;
mod unknowns;

use std::sync::Arc;

pub use context::EvalContext;
pub(crate) use ops::binary_types;

use crate::ast::{Expression, Template};
use crate::diagnostic::Diagnostics;
use crate::span::SourceFile;
use crate::value::Value;

impl EvalContext<'_> {
    /// Evaluates an expression of `source`, returning the value and every
    /// diagnostic (warnings included), even when evaluation failed.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::eval::EvalContext;
    /// let source = "1 + \"two\"";
    /// let expr = hcl_core::parse_expression(source, "expr.hcl").unwrap();
    /// let file = std::sync::Arc::new(hcl_core::SourceFile::new("expr.hcl", source));
    /// let (_, diags) = EvalContext::new().evaluate_with_diagnostics(&expr, &file);
    /// assert!(diags.has_errors());
    /// assert!(diags.iter().any(|d| d.code == hcl_core::Code::InvalidOperand));
    /// ```
    pub fn evaluate_with_diagnostics(
        &self,
        expr: &Expression<'_>,
        source: &Arc<SourceFile>,
    ) -> (Value, Diagnostics) {
        let mut evaluator = expr::Evaluator::new(self, source);
        let outcome = evaluator.eval(expr, None);
        evaluator.finish(outcome)
    }

    /// Evaluates an expression of `source`.
    ///
    /// # Errors
    ///
    /// Returns the diagnostics when any of them is an error.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::eval::EvalContext;
    /// use hcl_core::Value;
    /// let source = "[for n in [1, 2, 3]: n * 2 if n != 2]";
    /// let expr = hcl_core::parse_expression(source, "expr.hcl").unwrap();
    /// let file = std::sync::Arc::new(hcl_core::SourceFile::new("expr.hcl", source));
    /// let value = EvalContext::new().evaluate(&expr, &file).unwrap();
    /// assert_eq!(value, Value::tuple(vec![Value::from(2), Value::from(6)]));
    /// ```
    pub fn evaluate(
        &self,
        expr: &Expression<'_>,
        source: &Arc<SourceFile>,
    ) -> Result<Value, Diagnostics> {
        let (value, diags) = self.evaluate_with_diagnostics(expr, source);
        if diags.has_errors() {
            Err(diags)
        } else {
            Ok(value)
        }
    }

    /// Evaluates a template of `source`, returning the value and every
    /// diagnostic. A template that is exactly one interpolation, `${x}`,
    /// yields the value of `x` unconverted, as in the reference.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::eval::EvalContext;
    /// use hcl_core::Value;
    /// let source = "%{ for x in [1, 2] }<${x}>%{ endfor }";
    /// let template = hcl_core::parse_template(source, "t.tmpl").unwrap();
    /// let file = std::sync::Arc::new(hcl_core::SourceFile::new("t.tmpl", source));
    /// let (value, diags) = EvalContext::new().evaluate_template(&template, &file);
    /// assert!(diags.is_empty());
    /// assert_eq!(value, Value::string("<1><2>"));
    /// ```
    pub fn evaluate_template(
        &self,
        template: &Template<'_>,
        source: &Arc<SourceFile>,
    ) -> (Value, Diagnostics) {
        let mut evaluator = expr::Evaluator::new(self, source);
        // A template that is one interpolation yields its value unconverted.
        let outcome = match template.parts.as_slice() {
            [crate::ast::TemplatePart::Interpolation(expr)] => evaluator.eval(expr, None),
            _ => evaluator.template(template, template_span(template), None),
        };
        evaluator.finish(outcome)
    }

    /// Parses and evaluates one expression.
    ///
    /// # Errors
    ///
    /// Returns the syntax or evaluation diagnostics.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::eval::EvalContext;
    /// use hcl_core::Value;
    /// assert_eq!(EvalContext::new().evaluate_str("2 * 21").unwrap(), Value::from(42));
    /// ```
    pub fn evaluate_str(&self, source: &str) -> Result<Value, Diagnostics> {
        let expr = crate::parse_expression(source, "<expr>")?;
        let file = Arc::new(SourceFile::new("<expr>", source));
        self.evaluate(&expr, &file)
    }
}

fn template_span(template: &Template<'_>) -> crate::span::Span {
    use crate::ast::TemplatePart;
    let spans = template.parts.iter().map(|p| match p {
        TemplatePart::Literal(_, s) => *s,
        TemplatePart::Interpolation(e) => e.span,
        TemplatePart::If(i) => i.span,
        TemplatePart::For(f) => f.span,
    });
    spans.reduce(|a, b| a.to(b)).unwrap_or_default()
}

#[cfg(test)]
mod refinement_tests;
#[cfg(test)]
mod tests;
