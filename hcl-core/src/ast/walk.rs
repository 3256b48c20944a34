//! Visiting every sub-expression of an expression.

use super::{Expression, ExpressionKind, Template, TemplatePart, TraversalStepKind};

impl<'src> Expression<'src> {
    /// Calls `visit` on this expression and on every expression inside it,
    /// parents before children, in source order.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::ast::ExpressionKind;
    /// let expr = hcl_core::parse_expression("upper(trim(x, \" \"))", "e").unwrap();
    /// let mut calls = Vec::new();
    /// expr.walk(&mut |e| {
    ///     if let ExpressionKind::FunctionCall(call) = &e.kind {
    ///         calls.push(call.name.as_ref());
    ///     }
    /// });
    /// assert_eq!(calls, ["upper", "trim"]);
    /// ```
    pub fn walk<'a>(&'a self, visit: &mut impl FnMut(&'a Expression<'src>)) {
        visit(self);
        match &self.kind {
            ExpressionKind::Number(_)
            | ExpressionKind::Bool(_)
            | ExpressionKind::Null
            | ExpressionKind::Invalid
            | ExpressionKind::SplatItem => {}
            ExpressionKind::Template(t) => walk_template(t, visit),
            ExpressionKind::TemplateWrap(e) | ExpressionKind::Parens(e) => e.walk(visit),
            ExpressionKind::ScopeTraversal { steps, .. } => {
                for step in steps {
                    if let TraversalStepKind::Index(key) = &step.kind {
                        key.walk(visit);
                    }
                }
            }
            ExpressionKind::RelativeTraversal { source, steps } => {
                source.walk(visit);
                for step in steps {
                    if let TraversalStepKind::Index(key) = &step.kind {
                        key.walk(visit);
                    }
                }
            }
            ExpressionKind::Index {
                collection, key, ..
            } => {
                collection.walk(visit);
                key.walk(visit);
            }
            ExpressionKind::Splat { source, each, .. } => {
                source.walk(visit);
                each.walk(visit);
            }
            ExpressionKind::FunctionCall(call) => call.args.iter().for_each(|a| a.walk(visit)),
            ExpressionKind::Tuple(items) => items.iter().for_each(|i| i.walk(visit)),
            ExpressionKind::Object(items) => {
                for item in items {
                    item.key.walk(visit);
                    item.value.walk(visit);
                }
            }
            ExpressionKind::Unary { operand, .. } => operand.walk(visit),
            ExpressionKind::Binary { lhs, rhs, .. } => {
                lhs.walk(visit);
                rhs.walk(visit);
            }
            ExpressionKind::Conditional {
                condition,
                true_result,
                false_result,
            } => {
                condition.walk(visit);
                true_result.walk(visit);
                false_result.walk(visit);
            }
            ExpressionKind::For(f) => {
                f.collection.walk(visit);
                if let Some(k) = &f.key_expr {
                    k.walk(visit);
                }
                f.value_expr.walk(visit);
                if let Some(c) = &f.condition {
                    c.walk(visit);
                }
            }
        }
    }
}

impl<'src> Template<'src> {
    /// Calls `visit` on every expression inside the template, in source
    /// order.
    ///
    /// # Examples
    ///
    /// ```
    /// let t = hcl_core::parse_template("${a}%{ if b }${c}%{ endif }", "t").unwrap();
    /// let mut count = 0;
    /// t.walk(&mut |_| count += 1);
    /// assert_eq!(count, 3);
    /// ```
    pub fn walk<'a>(&'a self, visit: &mut impl FnMut(&'a Expression<'src>)) {
        walk_template(self, visit);
    }
}

fn walk_template<'a, 'src>(
    template: &'a Template<'src>,
    visit: &mut impl FnMut(&'a Expression<'src>),
) {
    for part in &template.parts {
        match part {
            TemplatePart::Literal(..) => {}
            TemplatePart::Interpolation(e) => e.walk(visit),
            TemplatePart::If(i) => {
                i.condition.walk(visit);
                walk_template(&i.then_template, visit);
                walk_template(&i.else_template, visit);
            }
            TemplatePart::For(f) => {
                f.collection.walk(visit);
                walk_template(&f.body, visit);
            }
        }
    }
}
