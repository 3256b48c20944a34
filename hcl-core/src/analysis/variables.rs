//! The traversals an expression refers to.

use std::sync::Arc;

use super::traversal::{self, Traversal};
use crate::ast::{Expression, ExpressionKind, Template, TemplatePart};
use crate::span::SourceFile;

pub(super) fn variables<'a>(
    expr: &Expression<'a>,
    file: &'a Arc<SourceFile>,
) -> Vec<Traversal<'a>> {
    let mut walker = Walker {
        file,
        locals: Vec::new(),
        found: Vec::new(),
    };
    walker.expr(expr);
    walker.found
}

/// The traversals a template refers to; see [`variables`].
pub(super) fn template_variables<'a>(
    template: &Template<'a>,
    file: &'a Arc<SourceFile>,
) -> Vec<Traversal<'a>> {
    let mut walker = Walker {
        file,
        locals: Vec::new(),
        found: Vec::new(),
    };
    walker.template(template);
    walker.found
}

struct Walker<'a> {
    file: &'a Arc<SourceFile>,
    /// The names bound by the enclosing `for` expressions and directives,
    /// innermost last.
    locals: Vec<&'a str>,
    found: Vec<Traversal<'a>>,
}

impl<'a> Walker<'a> {
    fn expr(&mut self, expr: &Expression<'a>) {
        match &expr.kind {
            ExpressionKind::Number(_)
            | ExpressionKind::Bool(_)
            | ExpressionKind::Null
            | ExpressionKind::Invalid
            | ExpressionKind::SplatItem => {}
            ExpressionKind::Template(template) => self.template(template),
            ExpressionKind::TemplateWrap(inner) | ExpressionKind::Parens(inner) => {
                self.expr(inner);
            }
            ExpressionKind::ScopeTraversal {
                root,
                root_span,
                steps,
            } => {
                // Index keys of traversal steps are literals: nothing to walk.
                if !self.locals.contains(root) {
                    self.found
                        .push(traversal::reference(root, *root_span, steps, self.file));
                }
            }
            ExpressionKind::RelativeTraversal { source, .. } => self.expr(source),
            ExpressionKind::Index {
                collection, key, ..
            } => {
                self.expr(collection);
                self.expr(key);
            }
            ExpressionKind::Splat { source, each, .. } => {
                self.expr(source);
                self.expr(each);
            }
            ExpressionKind::FunctionCall(call) => {
                for arg in &call.args {
                    self.expr(arg);
                }
            }
            ExpressionKind::Tuple(items) => {
                for item in items {
                    self.expr(item);
                }
            }
            ExpressionKind::Object(items) => {
                for item in items {
                    // A bare name as a key is the key's text, not a reference.
                    if traversal::keyword(&item.key).is_none() {
                        self.expr(&item.key);
                    }
                    self.expr(&item.value);
                }
            }
            ExpressionKind::Unary { operand, .. } => self.expr(operand),
            ExpressionKind::Binary { lhs, rhs, .. } => {
                self.expr(lhs);
                self.expr(rhs);
            }
            ExpressionKind::Conditional {
                condition,
                true_result,
                false_result,
            } => {
                self.expr(condition);
                self.expr(true_result);
                self.expr(false_result);
            }
            ExpressionKind::For(for_expr) => {
                self.expr(&for_expr.collection);
                let outer = self.enter(for_expr.key_var, for_expr.value_var);
                if let Some(key) = &for_expr.key_expr {
                    self.expr(key);
                }
                self.expr(&for_expr.value_expr);
                if let Some(condition) = &for_expr.condition {
                    self.expr(condition);
                }
                self.locals.truncate(outer);
            }
        }
    }

    fn template(&mut self, template: &Template<'a>) {
        for part in &template.parts {
            match part {
                TemplatePart::Literal(..) => {}
                TemplatePart::Interpolation(expr) => self.expr(expr),
                TemplatePart::If(directive) => {
                    self.expr(&directive.condition);
                    self.template(&directive.then_template);
                    self.template(&directive.else_template);
                }
                TemplatePart::For(directive) => {
                    self.expr(&directive.collection);
                    let outer = self.enter(directive.key_var, directive.value_var);
                    self.template(&directive.body);
                    self.locals.truncate(outer);
                }
            }
        }
    }

    /// Opens a scope binding the given names; returns the depth to go back
    /// to when it closes.
    fn enter(&mut self, key_var: Option<&'a str>, value_var: &'a str) -> usize {
        let outer = self.locals.len();
        self.locals.extend(key_var);
        self.locals.push(value_var);
        outer
    }
}
