//! An expression's source as a template that evaluates to its value: how
//! a value that cannot be evaluated yet is written down as text (in
//! `hcl json`'s output, in hcl-serde's mode for unresolved expressions).

use crate::ast::{Expression, ExpressionKind, Template, TemplatePart};
use crate::span::SourceFile;
use crate::value::escape_templates;

/// `expr` of `source` as a template: a quoted string or heredoc as its
/// template text (literals with `${` and `%{` escaped, interpolations and
/// directives from their source), anything else as `${` its source `}` (a
/// source that spans lines followed by a line break, which ends a
/// heredoc's closing marker).
pub(super) fn source_template(expr: &Expression<'_>, source: &SourceFile) -> String {
    let mut out = String::new();
    match &expr.kind {
        ExpressionKind::Template(t) => template_text(t, source, &mut out),
        ExpressionKind::TemplateWrap(inner) => interpolation(inner, source, &mut out),
        _ => interpolation(expr, source, &mut out),
    }
    out
}

fn interpolation(expr: &Expression<'_>, source: &SourceFile, out: &mut String) {
    out.push_str("${");
    push_source(expr, source, out);
    out.push('}');
}

/// An expression's source, then a line break when it spans lines: a
/// heredoc's closing marker must end its line, and the sequence around it
/// ignores line breaks.
fn push_source(expr: &Expression<'_>, source: &SourceFile, out: &mut String) {
    let text = source_text(expr, source);
    out.push_str(text);
    if text.contains('\n') {
        out.push('\n');
    }
}

fn source_text<'s>(expr: &Expression<'_>, source: &'s SourceFile) -> &'s str {
    source.text().get(expr.span.as_range()).unwrap_or_default()
}

/// A template's text: literals escaped, interpolations and directives
/// from their expressions' source. Adjacent literals are escaped together;
/// a literal `$` or `%` just before an interpolation or directive is
/// written as an interpolation of itself, as `$${` and `%%{` would be read
/// as escapes.
fn template_text(t: &Template<'_>, source: &SourceFile, out: &mut String) {
    let mut pending = String::new();
    for part in &t.parts {
        if let TemplatePart::Literal(s, _) = part {
            pending.push_str(s);
            continue;
        }
        flush(&mut pending, true, out);
        match part {
            TemplatePart::Literal(..) => {}
            TemplatePart::Interpolation(expr) => interpolation(expr, source, out),
            TemplatePart::If(dir) => {
                out.push_str("%{ if ");
                push_source(&dir.condition, source, out);
                out.push_str(" }");
                template_text(&dir.then_template, source, out);
                let empty =
                    |p: &TemplatePart<'_>| matches!(p, TemplatePart::Literal(s, _) if s.is_empty());
                if !dir.else_template.parts.iter().all(empty) {
                    out.push_str("%{ else }");
                    template_text(&dir.else_template, source, out);
                }
                out.push_str("%{ endif }");
            }
            TemplatePart::For(dir) => {
                out.push_str("%{ for ");
                if let Some(key) = dir.key_var {
                    out.push_str(key);
                    out.push_str(", ");
                }
                out.push_str(dir.value_var);
                out.push_str(" in ");
                push_source(&dir.collection, source, out);
                out.push_str(" }");
                template_text(&dir.body, source, out);
                out.push_str("%{ endfor }");
            }
        }
    }
    flush(&mut pending, false, out);
}

fn flush(pending: &mut String, before_sequence: bool, out: &mut String) {
    let escaped = escape_templates(pending);
    pending.clear();
    match escaped.strip_suffix(['$', '%']) {
        Some(rest) if before_sequence => {
            out.push_str(rest);
            let last = escaped.get(rest.len()..).unwrap_or_default();
            out.push_str(&format!("${{\"{last}\"}}"));
        }
        _ => out.push_str(&escaped),
    }
}
