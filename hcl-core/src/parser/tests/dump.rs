//! Compact text forms of syntax trees, so that a test case fits on one line.
//!
//! Bodies read like the source (`a = 1; b "x" { c = 2 }`), expressions like
//! s-expressions: `(+ 1 (* 2 3))`, `(call f x y...)`, `(splat a (rel * .b))`,
//! where `*` is the splat's current element. A template that is one literal
//! shows as a quoted string, any other as `(tpl part...)`.

use std::fmt::Write;

use crate::ast::{
    Body, Expression, ExpressionKind, ForExpr, Template, TemplatePart, TraversalStep,
    TraversalStepKind, UnaryOp,
};
use crate::span::Span;

/// A body: attributes first, then blocks, each in source order.
pub(crate) fn body(source: &str, body: &Body<'_>) -> String {
    let mut items: Vec<String> = Vec::new();
    for attr in &body.attributes {
        items.push(format!("{} = {}", attr.name, expr(&attr.expr)));
    }
    for block in &body.blocks {
        let mut head = block.block_type.to_owned();
        for label in &block.labels {
            // A quoted label shows its quotes, a bare one does not.
            let quoted = source
                .get(label.span.as_range())
                .is_some_and(|s| s.starts_with('"'));
            if quoted {
                let _ = write!(head, " {:?}", label.value);
            } else {
                let _ = write!(head, " {}", label.value);
            }
        }
        let inner = self::body(source, &block.body);
        if inner.is_empty() {
            items.push(format!("{head} {{}}"));
        } else {
            items.push(format!("{head} {{ {inner} }}"));
        }
    }
    items.join("; ")
}

/// An expression as an s-expression.
pub(crate) fn expr(e: &Expression<'_>) -> String {
    match &e.kind {
        ExpressionKind::Number(n) => (*n).to_owned(),
        ExpressionKind::Bool(b) => b.to_string(),
        ExpressionKind::Null => "null".to_owned(),
        ExpressionKind::Invalid => "(invalid)".to_owned(),
        ExpressionKind::Template(t) => template(t),
        ExpressionKind::TemplateWrap(inner) => format!("(wrap {})", expr(inner)),
        ExpressionKind::ScopeTraversal { root, steps, .. } => {
            format!("{root}{}", traversal(steps))
        }
        ExpressionKind::RelativeTraversal { source, steps } => {
            format!("(rel {} {})", expr(source), traversal(steps))
        }
        ExpressionKind::Index {
            collection, key, ..
        } => format!("(index {} {})", expr(collection), expr(key)),
        ExpressionKind::Splat { source, each, .. } => {
            format!("(splat {} {})", expr(source), expr(each))
        }
        ExpressionKind::SplatItem => "*".to_owned(),
        ExpressionKind::FunctionCall(call) => {
            let mut out = format!("(call {}", call.name);
            for arg in &call.args {
                let _ = write!(out, " {}", expr(arg));
            }
            if call.expand_final {
                out.push_str("...");
            }
            out.push(')');
            out
        }
        ExpressionKind::Tuple(items) => list("tuple", items.iter().map(expr)),
        ExpressionKind::Object(items) => list(
            "obj",
            items
                .iter()
                .map(|item| format!("{}={}", expr(&item.key), expr(&item.value))),
        ),
        ExpressionKind::Unary { op, operand } => {
            let op = match op {
                UnaryOp::Negate => "neg",
                UnaryOp::Not => "!",
            };
            format!("({op} {})", expr(operand))
        }
        ExpressionKind::Binary { op, lhs, rhs } => {
            format!("({} {} {})", op.symbol(), expr(lhs), expr(rhs))
        }
        ExpressionKind::Conditional {
            condition,
            true_result,
            false_result,
        } => format!(
            "(? {} {} {})",
            expr(condition),
            expr(true_result),
            expr(false_result)
        ),
        ExpressionKind::For(f) => for_expr(f),
        ExpressionKind::Parens(inner) => format!("(paren {})", expr(inner)),
    }
}

fn list(head: &str, items: impl Iterator<Item = String>) -> String {
    let mut out = format!("({head}");
    for item in items {
        out.push(' ');
        out.push_str(&item);
    }
    out.push(')');
    out
}

fn traversal(steps: &[TraversalStep<'_>]) -> String {
    let mut out = String::new();
    for step in steps {
        match &step.kind {
            TraversalStepKind::Attr(name) => {
                let _ = write!(out, ".{name}");
            }
            TraversalStepKind::Index(key) => {
                let _ = write!(out, "[{}]", expr(key));
            }
        }
    }
    out
}

fn for_expr(f: &ForExpr<'_>) -> String {
    let mut out = String::from("(for ");
    if let Some(k) = f.key_var {
        let _ = write!(out, "{k},");
    }
    let _ = write!(out, "{} in {} :", f.value_var, expr(&f.collection));
    if let Some(key) = &f.key_expr {
        let _ = write!(out, " {} =>", expr(key));
    }
    let _ = write!(out, " {}", expr(&f.value_expr));
    if f.group {
        out.push_str("...");
    }
    if let Some(cond) = &f.condition {
        let _ = write!(out, " if {}", expr(cond));
    }
    out.push(')');
    out
}

/// A template: a lone literal as a quoted string, anything else as
/// `(tpl part...)`.
pub(crate) fn template(t: &Template<'_>) -> String {
    if let [TemplatePart::Literal(text, _)] = t.parts.as_slice() {
        return format!("{text:?}");
    }
    list("tpl", t.parts.iter().map(part))
}

fn part(p: &TemplatePart<'_>) -> String {
    match p {
        TemplatePart::Literal(text, _) => format!("{text:?}"),
        TemplatePart::Interpolation(e) => format!("${{{}}}", expr(e)),
        TemplatePart::If(i) => format!(
            "(if {} {} {})",
            expr(&i.condition),
            template(&i.then_template),
            template(&i.else_template)
        ),
        TemplatePart::For(f) => {
            let mut out = String::from("(for ");
            if let Some(k) = f.key_var {
                let _ = write!(out, "{k},");
            }
            let _ = write!(
                out,
                "{} in {} {})",
                f.value_var,
                expr(&f.collection),
                template(&f.body)
            );
            out
        }
    }
}

/// The source text of every expression node, outermost first, in source
/// order: the quickest way to check many spans at once.
pub(crate) fn expr_texts<'a>(source: &'a str, e: &Expression<'_>) -> Vec<&'a str> {
    let mut out = Vec::new();
    walk(e, &mut |node| {
        out.push(source.get(node.span.as_range()).unwrap_or("<bad span>"));
    });
    out
}

/// Calls `f` on `e` and on every expression inside it, preorder.
pub(crate) fn walk(e: &Expression<'_>, f: &mut dyn FnMut(&Expression<'_>)) {
    f(e);
    for_each_child(e, &mut |child| walk(child, f));
}

/// Calls `f` on each expression directly inside `e`, in source order.
pub(crate) fn for_each_child<'e, 'src>(
    e: &'e Expression<'src>,
    f: &mut dyn FnMut(&'e Expression<'src>),
) {
    match &e.kind {
        ExpressionKind::Number(_)
        | ExpressionKind::Bool(_)
        | ExpressionKind::Null
        | ExpressionKind::Invalid
        | ExpressionKind::SplatItem => {}
        ExpressionKind::Template(t) => for_each_template_expr(t, f),
        ExpressionKind::TemplateWrap(inner) | ExpressionKind::Parens(inner) => f(inner),
        ExpressionKind::ScopeTraversal { steps, .. } => each_step_key(steps, f),
        ExpressionKind::RelativeTraversal { source, steps } => {
            f(source);
            each_step_key(steps, f);
        }
        ExpressionKind::Index {
            collection, key, ..
        } => {
            f(collection);
            f(key);
        }
        ExpressionKind::Splat { source, each, .. } => {
            f(source);
            f(each);
        }
        ExpressionKind::FunctionCall(call) => call.args.iter().for_each(f),
        ExpressionKind::Tuple(items) => items.iter().for_each(f),
        ExpressionKind::Object(items) => {
            for item in items {
                f(&item.key);
                f(&item.value);
            }
        }
        ExpressionKind::Unary { operand, .. } => f(operand),
        ExpressionKind::Binary { lhs, rhs, .. } => {
            f(lhs);
            f(rhs);
        }
        ExpressionKind::Conditional {
            condition,
            true_result,
            false_result,
        } => {
            f(condition);
            f(true_result);
            f(false_result);
        }
        ExpressionKind::For(fe) => {
            f(&fe.collection);
            if let Some(k) = &fe.key_expr {
                f(k);
            }
            f(&fe.value_expr);
            if let Some(c) = &fe.condition {
                f(c);
            }
        }
    }
}

fn each_step_key<'e, 'src>(
    steps: &'e [TraversalStep<'src>],
    f: &mut dyn FnMut(&'e Expression<'src>),
) {
    for step in steps {
        if let TraversalStepKind::Index(key) = &step.kind {
            f(key);
        }
    }
}

/// Calls `f` on each outermost expression of a template, directives'
/// included, in source order.
pub(crate) fn for_each_template_expr<'e, 'src>(
    t: &'e Template<'src>,
    f: &mut dyn FnMut(&'e Expression<'src>),
) {
    for p in &t.parts {
        match p {
            TemplatePart::Literal(..) => {}
            TemplatePart::Interpolation(e) => f(e),
            TemplatePart::If(i) => {
                f(&i.condition);
                for_each_template_expr(&i.then_template, f);
                for_each_template_expr(&i.else_template, f);
            }
            TemplatePart::For(fo) => {
                f(&fo.collection);
                for_each_template_expr(&fo.body, f);
            }
        }
    }
}

/// Calls `f` on the span of each literal of a template, nested ones
/// included, and of each directive.
pub(crate) fn for_each_template_span(t: &Template<'_>, f: &mut dyn FnMut(Span)) {
    for p in &t.parts {
        match p {
            TemplatePart::Literal(_, span) => f(*span),
            TemplatePart::Interpolation(_) => {}
            TemplatePart::If(i) => {
                f(i.span);
                for_each_template_span(&i.then_template, f);
                for_each_template_span(&i.else_template, f);
            }
            TemplatePart::For(fo) => {
                f(fo.span);
                for_each_template_span(&fo.body, f);
            }
        }
    }
}
