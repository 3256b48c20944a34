//! Whether an expression depends on unknown values: the question `try` and
//! `can` ask before evaluating their arguments.

use super::expr::{Evaluator, Scope};
use super::traversal::{get_attr, index};
use crate::ast::{Expression, ExpressionKind, Template, TemplatePart, TraversalStepKind};

impl Evaluator<'_, '_> {
    /// Whether any variable the expression refers to (with its constant
    /// steps) resolves to a value that is not wholly known. References that
    /// fail to resolve do not count.
    pub(super) fn depends_on_unknowns(
        &mut self,
        expr: &Expression<'_>,
        scope: Option<&Scope<'_>>,
    ) -> bool {
        let mut locals: Vec<&str> = Vec::new();
        self.scan(expr, scope, &mut locals)
    }

    fn scan<'e>(
        &mut self,
        expr: &'e Expression<'_>,
        scope: Option<&Scope<'_>>,
        locals: &mut Vec<&'e str>,
    ) -> bool {
        match &expr.kind {
            ExpressionKind::ScopeTraversal { root, steps, .. } => {
                if locals.contains(root) {
                    return false;
                }
                self.reference_is_unknown(root, steps, scope)
            }
            ExpressionKind::For(f) => {
                if self.scan(&f.collection, scope, locals) {
                    return true;
                }
                let before = locals.len();
                locals.push(f.value_var);
                if let Some(k) = f.key_var {
                    locals.push(k);
                }
                let inner = [
                    f.key_expr.as_ref(),
                    Some(&f.value_expr),
                    f.condition.as_ref(),
                ];
                let found = inner
                    .into_iter()
                    .flatten()
                    .any(|e| self.scan(e, scope, locals));
                locals.truncate(before);
                found
            }
            ExpressionKind::Template(t) => self.scan_template(t, scope, locals),
            _ => {
                let mut children = Vec::new();
                direct_children(expr, &mut children);
                children.into_iter().any(|c| self.scan(c, scope, locals))
            }
        }
    }

    fn scan_template<'e>(
        &mut self,
        template: &'e Template<'_>,
        scope: Option<&Scope<'_>>,
        locals: &mut Vec<&'e str>,
    ) -> bool {
        template.parts.iter().any(|part| match part {
            TemplatePart::Literal(..) => false,
            TemplatePart::Interpolation(e) => self.scan(e, scope, locals),
            TemplatePart::If(i) => {
                self.scan(&i.condition, scope, locals)
                    || self.scan_template(&i.then_template, scope, locals)
                    || self.scan_template(&i.else_template, scope, locals)
            }
            TemplatePart::For(f) => {
                if self.scan(&f.collection, scope, locals) {
                    return true;
                }
                let before = locals.len();
                locals.push(f.value_var);
                if let Some(k) = f.key_var {
                    locals.push(k);
                }
                let found = self.scan_template(&f.body, scope, locals);
                locals.truncate(before);
                found
            }
        })
    }

    fn reference_is_unknown(
        &mut self,
        root: &str,
        steps: &[crate::ast::TraversalStep<'_>],
        scope: Option<&Scope<'_>>,
    ) -> bool {
        let value = match scope.and_then(|s| s.lookup(root)) {
            Some(v) => v.clone(),
            None => match self.ctx.lookup_variable(root) {
                Some(Some(v)) => v.clone(),
                _ => return false,
            },
        };
        let mut value = value;
        for step in steps {
            let (next, diags) = match &step.kind {
                TraversalStepKind::Attr(name) => get_attr(self, &value, name, step.span),
                TraversalStepKind::Index(key) => {
                    let (key, key_diags) = self.eval(key, None);
                    if key_diags.has_errors() {
                        return false;
                    }
                    index(self, &value, &key, step.span)
                }
            };
            if diags.has_errors() {
                return false;
            }
            value = next;
        }
        !value.is_wholly_known()
    }
}

/// The expressions directly inside `expr` (templates and for expressions
/// are handled by the caller).
fn direct_children<'e, 's>(expr: &'e Expression<'s>, out: &mut Vec<&'e Expression<'s>>) {
    match &expr.kind {
        ExpressionKind::TemplateWrap(e) | ExpressionKind::Parens(e) => out.push(e),
        ExpressionKind::RelativeTraversal { source, steps } => {
            out.push(source);
            for step in steps {
                if let TraversalStepKind::Index(key) = &step.kind {
                    out.push(key);
                }
            }
        }
        ExpressionKind::Index {
            collection, key, ..
        } => {
            out.push(collection);
            out.push(key);
        }
        ExpressionKind::Splat { source, each, .. } => {
            out.push(source);
            out.push(each);
        }
        ExpressionKind::FunctionCall(call) => out.extend(call.args.iter()),
        ExpressionKind::Tuple(items) => out.extend(items.iter()),
        ExpressionKind::Object(items) => {
            for item in items {
                out.push(&item.key);
                out.push(&item.value);
            }
        }
        ExpressionKind::Unary { operand, .. } => out.push(operand),
        ExpressionKind::Binary { lhs, rhs, .. } => {
            out.push(lhs);
            out.push(rhs);
        }
        ExpressionKind::Conditional {
            condition,
            true_result,
            false_result,
        } => {
            out.push(condition);
            out.push(true_result);
            out.push(false_result);
        }
        _ => {}
    }
}
