//! Expressions of the JSON syntax: a value of a JSON file's tree evaluated
//! and read statically, by the rules of the JSON syntax's specification as
//! the reference applies them.
//!
//! In full mode (an evaluation context given) a string is a template of the
//! native syntax, parsed from the string's text where it starts in the file
//! (one that is a lone interpolation gives that value unconverted); object
//! keys are templates too. In literal-only mode (no context at all) a
//! string is itself. Arrays are tuples, objects objects, numbers exact.
//!
//! A string without escapes is parsed from the file's own text, so spans
//! and positions inside it are exact. A string with escapes is parsed from
//! its decoded text, as the reference does; its positions are then the
//! reference's too, counted through the decoded text from the string's
//! start, and spans inside it are offsets on the same count.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::sync::Arc;

use super::statics::StaticPair;
use super::traversal::{abs_traversal, Traversal, Traverse};
use super::variables::template_variables;
use super::ExprRef;
use crate::ast::{Expression, Template};
use crate::diagnostic::{Code, Diagnostic, Diagnostics};
use crate::eval::EvalContext;
use crate::json::{Node, NodeKind};
use crate::parser::{parse_expression_part, parse_template_part};
use crate::span::{Pos, Range, SourceFile, Span};
use crate::types::{convert, Type};
use crate::value::{go_quote, Number, Value};

/// The text of a string node to parse, and where it starts in the file.
pub(super) struct StringText<'a> {
    /// The text.
    pub(super) text: &'a str,
    /// Whether `text` is the file's own (no escapes): spans are then into
    /// the file's text.
    pub(super) in_file: bool,
    /// The offset in the file of the string's first byte after its quote.
    pub(super) start: usize,
}

/// The text of `node`, a string, to parse.
pub(super) fn string_text<'a>(node: &'a Node<'a>, file: &'a SourceFile) -> Option<StringText<'a>> {
    let NodeKind::String(s) = &node.kind else {
        return None;
    };
    let start = node.span.start as usize + 1;
    Some(match s {
        Cow::Borrowed(_) => StringText {
            text: file.text(),
            in_file: true,
            start,
        },
        Cow::Owned(text) => StringText {
            text,
            in_file: false,
            start,
        },
    })
}

/// Moves the positions of `diags`, found in the decoded text of the string
/// `node`, to the reference's positions in `file`.
fn relocate(diags: Diagnostics, node: &Node<'_>, file: &Arc<SourceFile>) -> Diagnostics {
    let quote = file.pos(node.span.start);
    let shift = |p: Pos| Pos {
        line: p.line + quote.line - 1,
        column: if p.line == 1 {
            p.column + quote.column
        } else {
            p.column
        },
        byte: p.byte + quote.byte + 1,
    };
    let shift_range = |r: Range| Range {
        filename: r.filename,
        start: shift(r.start),
        end: shift(r.end),
    };
    let mut out = Diagnostics::default();
    for mut diag in diags.into_vec() {
        diag.subject = diag.subject.map(shift_range);
        diag.context = diag.context.map(shift_range);
        diag.source = Some(file.clone());
        out.push(diag);
    }
    out
}

/// The value of `node`: in full mode with `ctx`, in literal-only mode
/// without; every diagnostic found.
pub(super) fn value(
    node: &Node<'_>,
    file: &Arc<SourceFile>,
    ctx: Option<&EvalContext<'_>>,
) -> (Value, Diagnostics) {
    let mut diags = Diagnostics::default();
    let value = eval(node, file, ctx, &mut diags);
    (value, diags)
}

fn eval(
    node: &Node<'_>,
    file: &Arc<SourceFile>,
    ctx: Option<&EvalContext<'_>>,
    diags: &mut Diagnostics,
) -> Value {
    match &node.kind {
        NodeKind::String(s) => match ctx {
            // A string without template sequences is its own text.
            Some(ctx) if has_template_sequence(s) => template_value(node, file, ctx, diags),
            _ => Value::string(s),
        },
        NodeKind::Number(text) => match Number::parse_literal(text) {
            Some(n) => Value::number(n),
            None => {
                diags.push(
                    Diagnostic::error(
                        Code::InvalidJsonSyntax,
                        "Invalid JSON number",
                        "There is a syntax error in the given JSON number.",
                    )
                    .with_subject(file, node.span),
                );
                Value::dynamic()
            }
        },
        NodeKind::Bool(b) => Value::bool(*b),
        NodeKind::Null => Value::null(Type::Dynamic),
        NodeKind::Invalid => Value::dynamic(),
        NodeKind::Array(a) => {
            Value::tuple(a.items.iter().map(|i| eval(i, file, ctx, diags)).collect())
        }
        NodeKind::Object(o) => {
            let mut attrs: BTreeMap<String, Value> = BTreeMap::new();
            // Where each key was first written, for a duplicate's message.
            let mut first_at: BTreeMap<String, Span> = BTreeMap::new();
            let mut known = true;
            for prop in &o.properties {
                let name = eval(&prop.name, file, ctx, diags);
                let value = eval(&prop.value, file, ctx, diags);
                let name = match convert(&name, &Type::String) {
                    Ok(name) => name,
                    Err(err) => {
                        diags.push(
                            Diagnostic::error(
                                Code::InvalidObjectKey,
                                "Invalid object key expression",
                                format!("Cannot use this expression as an object key: {err}."),
                            )
                            .with_subject(file, prop.name.span),
                        );
                        continue;
                    }
                };
                if name.is_null() {
                    diags.push(
                        Diagnostic::error(
                            Code::NullKey,
                            "Invalid object key expression",
                            "Cannot use null value as an object key.",
                        )
                        .with_subject(file, prop.name.span),
                    );
                    continue;
                }
                let Some(key) = name.as_str() else {
                    known = false;
                    continue;
                };
                if let Some(first) = first_at.get(key).map(|at| file.range(*at)) {
                    diags.push(
                        Diagnostic::error(
                            Code::DuplicateObjectKey,
                            "Duplicate object attribute",
                            format!(
                                "An attribute named {} was already defined at {first}.",
                                go_quote(key)
                            ),
                        )
                        .with_subject(file, prop.name.span),
                    );
                    continue;
                }
                first_at.insert(key.to_owned(), prop.name.span);
                attrs.insert(key.to_owned(), value);
            }
            if known {
                Value::object(attrs)
            } else {
                Value::dynamic()
            }
        }
    }
}

/// A string in full mode: its text as a template.
fn template_value(
    node: &Node<'_>,
    file: &Arc<SourceFile>,
    ctx: &EvalContext<'_>,
    diags: &mut Diagnostics,
) -> Value {
    let Some(at) = string_text(node, file) else {
        return Value::dynamic();
    };
    let (value, found) = if at.in_file {
        let end = (node.span.end as usize).saturating_sub(1).max(at.start);
        match parse_template_part(at.text, at.start, end, file) {
            Ok(template) => ctx.evaluate_template(&template, file),
            Err(found) => (Value::dynamic(), found),
        }
    } else {
        let decoded = Arc::new(SourceFile::new(file.name(), at.text));
        let (value, found) = match parse_template_part(at.text, 0, at.text.len(), &decoded) {
            Ok(template) => ctx.evaluate_template(&template, &decoded),
            Err(found) => (Value::dynamic(), found),
        };
        (value, relocate(found, node, file))
    };
    diags.extend(found);
    value
}

/// The native expression that the string `node` holds, parsed for static
/// analysis, with the offset to add to its spans to place them in `file`.
pub(super) fn string_expression<'a>(
    node: &'a Node<'a>,
    file: &'a Arc<SourceFile>,
) -> Option<(Expression<'a>, u32)> {
    let at = string_text(node, file)?;
    if at.in_file {
        let end = (node.span.end as usize).saturating_sub(1).max(at.start);
        let expr = parse_expression_part(at.text, at.start, end, file).ok()?;
        return Some((expr, 0));
    }
    let decoded = Arc::new(SourceFile::new(file.name(), at.text));
    let expr = parse_expression_part(at.text, 0, at.text.len(), &decoded).ok()?;
    Some((expr, at.start as u32))
}

/// The template that the string `node` holds, parsed for static analysis,
/// with the offset to add to its spans to place them in `file`.
pub(super) fn string_template<'a>(
    node: &'a Node<'a>,
    file: &'a Arc<SourceFile>,
) -> Option<(Template<'a>, u32)> {
    let at = string_text(node, file)?;
    if at.in_file {
        let end = (node.span.end as usize).saturating_sub(1).max(at.start);
        let template = parse_template_part(at.text, at.start, end, file).ok()?;
        return Some((template, 0));
    }
    let decoded = Arc::new(SourceFile::new(file.name(), at.text));
    let template = parse_template_part(at.text, 0, at.text.len(), &decoded).ok()?;
    Some((template, at.start as u32))
}

/// `span` moved by `offset` bytes.
pub(super) fn shifted(span: Span, offset: u32) -> Span {
    Span::new(span.start + offset, span.end + offset)
}

/// The traversal moved by `offset` bytes.
fn shift_traversal(mut t: Traversal<'_>, offset: u32) -> Traversal<'_> {
    if offset == 0 {
        return t;
    }
    t.root_span = shifted(t.root_span, offset);
    for step in &mut t.steps {
        match step {
            Traverse::Attr { span, .. } | Traverse::Index { span, .. } => {
                *span = shifted(*span, offset);
            }
        }
    }
    t
}

/// An array's elements.
pub(super) fn static_list<'a>(
    node: &'a Node<'a>,
    file: &'a Arc<SourceFile>,
) -> Option<Vec<ExprRef<'a>>> {
    match &node.kind {
        NodeKind::Array(a) => Some(a.items.iter().map(|i| ExprRef::json(i, file)).collect()),
        _ => None,
    }
}

/// An object's properties: each name (a string, so a template in full
/// mode) and value.
pub(super) fn static_map<'a>(
    node: &'a Node<'a>,
    file: &'a Arc<SourceFile>,
) -> Option<Vec<StaticPair<'a>>> {
    match &node.kind {
        NodeKind::Object(o) => Some(
            o.properties
                .iter()
                .map(|p| StaticPair {
                    key: ExprRef::json(&p.name, file),
                    value: ExprRef::json(&p.value, file),
                })
                .collect(),
        ),
        _ => None,
    }
}

/// A string's text read as a traversal.
pub(super) fn traversal<'a>(
    node: &'a Node<'a>,
    file: &'a Arc<SourceFile>,
) -> Option<Traversal<'a>> {
    let (expr, offset) = string_expression(node, file)?;
    let found = abs_traversal(&expr, file)?;
    Some(shift_traversal(found, offset))
}

/// The traversals that the strings of `node` refer to, keys included, in
/// source order.
pub(super) fn variables<'a>(
    node: &'a Node<'a>,
    file: &'a Arc<SourceFile>,
    found: &mut Vec<Traversal<'a>>,
) {
    match &node.kind {
        NodeKind::String(_) => {
            if let Some((template, offset)) = string_template(node, file) {
                found.extend(
                    template_variables(&template, file)
                        .into_iter()
                        .map(|t| shift_traversal(t, offset)),
                );
            }
        }
        NodeKind::Array(a) => {
            for item in &a.items {
                variables(item, file, found);
            }
        }
        NodeKind::Object(o) => {
            for prop in &o.properties {
                variables(&prop.name, file, found);
                variables(&prop.value, file, found);
            }
        }
        _ => {}
    }
}

/// A string with no template sequence in it: its text.
pub(super) fn string_literal<'a>(node: &'a Node<'a>) -> Option<&'a Cow<'a, str>> {
    match &node.kind {
        NodeKind::String(s) if !has_template_sequence(s) => Some(s),
        _ => None,
    }
}

/// Whether `s` holds a template sequence, `${` or `%{` (or their escapes,
/// `$${` and `%%{`): a string without one is its own text.
fn has_template_sequence(s: &str) -> bool {
    let bytes = s.as_bytes();
    let mut from = 0;
    while let Some(at) = bytes
        .get(from..)
        .and_then(|b| b.iter().position(|&c| c == b'{'))
    {
        let brace = from + at;
        if brace > 0 && matches!(bytes.get(brace - 1), Some(b'$' | b'%')) {
            return true;
        }
        from = brace + 1;
    }
    false
}
