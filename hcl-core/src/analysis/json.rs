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
use std::collections::HashMap;
use std::sync::Arc;

use super::statics::{Elements, Pairs};
use super::traversal::{abs_traversal, Traversal, Traverse};
use super::variables::template_variables;
use crate::ast::{Expression, Template};
use crate::diagnostic::{Code, Diagnostic, Diagnostics};
use crate::eval::EvalContext;
use crate::json::{NodeKind, NodeRef, Property};
use crate::parser::{parse_expression_part, parse_template_part};
use crate::span::{Pos, Range, SourceFile, Span};
use crate::types::{convert, Type};
use crate::value::{go_quote, normalize_string, Number, Value};

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
pub(super) fn string_text<'a>(node: NodeRef<'a>, file: &'a SourceFile) -> Option<StringText<'a>> {
    let NodeKind::String { text: s, .. } = node.kind() else {
        return None;
    };
    let start = node.span().start as usize + 1;
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
fn relocate(diags: Diagnostics, node: NodeRef<'_>, file: &Arc<SourceFile>) -> Diagnostics {
    let quote = file.pos(node.span().start);
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
    node: NodeRef<'_>,
    file: &Arc<SourceFile>,
    ctx: Option<&EvalContext<'_>>,
) -> (Value, Diagnostics) {
    let mut diags = Diagnostics::default();
    let value = eval(node, file, ctx, &mut diags);
    (value, diags)
}

fn eval(
    node: NodeRef<'_>,
    file: &Arc<SourceFile>,
    ctx: Option<&EvalContext<'_>>,
    diags: &mut Diagnostics,
) -> Value {
    match node.kind() {
        NodeKind::String { text, template } => match (own_text(text, *template, ctx), ctx) {
            (None, Some(ctx)) => template_value(node, file, ctx, diags),
            _ => Value::string(text),
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
                    .with_subject(file, node.span()),
                );
                Value::dynamic()
            }
        },
        NodeKind::Bool(b) => Value::bool(*b),
        NodeKind::Null => Value::null(Type::Dynamic),
        NodeKind::Invalid => Value::dynamic(),
        NodeKind::Array(_) => {
            let elements = node.elements().unwrap_or_default();
            Value::tuple(
                elements
                    .iter()
                    .map(|e| eval(node.at(e), file, ctx, diags))
                    .collect(),
            )
        }
        NodeKind::Object(_) => object(node, file, ctx, diags),
    }
}

/// The text of a string `s` when it is its own value: in literal-only
/// mode (no context), or without template sequences (`template`, found
/// when it was read).
fn own_text<'s>(s: &'s str, template: bool, ctx: Option<&EvalContext<'_>>) -> Option<&'s str> {
    (ctx.is_none() || !template).then_some(s)
}

/// An object's value: each name evaluated to a string; a name given
/// again is an error, its first value kept.
fn object(
    node: NodeRef<'_>,
    file: &Arc<SourceFile>,
    ctx: Option<&EvalContext<'_>>,
    diags: &mut Diagnostics,
) -> Value {
    let properties = node.properties().unwrap_or_default();
    let mut attrs: Vec<(String, Value)> = Vec::with_capacity(properties.len());
    // Where each of `attrs` was written, for a repeat's message.
    let mut written: Vec<Span> = Vec::with_capacity(properties.len());
    let mut seen = FirstSeen::default();
    let mut known = true;
    for prop in properties {
        // A name that is its own text needs no value made of it.
        let text = match &prop.name.kind {
            NodeKind::String { text, template } => own_text(text, *template, ctx),
            _ => None,
        };
        let name = match text {
            Some(_) => None,
            None => Some(eval(node.at(&prop.name), file, ctx, diags)),
        };
        let value = eval(node.at(&prop.value), file, ctx, diags);
        let key = match (text, name) {
            (Some(text), _) => normalize_string(text).into_owned(),
            (None, name) => match name.map(|name| key_of(&name, prop, file, diags)) {
                Some(Ok(Some(key))) => key,
                Some(Ok(None)) => {
                    known = false;
                    continue;
                }
                _ => continue,
            },
        };
        if let Some(first) = seen.earlier(&key, &attrs) {
            let first = written.get(first).map(|at| file.range(*at));
            diags.push(
                Diagnostic::error(
                    Code::DuplicateObjectKey,
                    "Duplicate object attribute",
                    format!(
                        "An attribute named {} was already defined at {}.",
                        go_quote(&key),
                        first.map(|r| r.to_string()).unwrap_or_default()
                    ),
                )
                .with_subject(file, prop.name.span),
            );
            continue;
        }
        written.push(prop.name.span);
        attrs.push((key, value));
    }
    if known {
        Value::object_of(attrs)
    } else {
        Value::dynamic()
    }
}

/// Finds a name among an object's distinct names kept so far: a few
/// compared in turn, more through an index.
#[derive(Default)]
struct FirstSeen {
    /// Each of the names, past the few, at its position.
    index: HashMap<String, usize>,
}

impl FirstSeen {
    /// Names compared in turn.
    const FEW: usize = 16;

    /// The position of `key` in `attrs`, if it is there.
    fn earlier(&mut self, key: &str, attrs: &[(String, Value)]) -> Option<usize> {
        if attrs.len() <= Self::FEW {
            return attrs.iter().position(|(k, _)| k == key);
        }
        for (i, (k, _)) in attrs.iter().enumerate().skip(self.index.len()) {
            self.index.insert(k.clone(), i);
        }
        self.index.get(key).copied()
    }
}

/// The key that `name`, the value of `prop`'s name, gives: `Ok(None)`
/// when it is not known, `Err` when it cannot be a key (its diagnostic
/// added).
fn key_of(
    name: &Value,
    prop: &Property<'_>,
    file: &Arc<SourceFile>,
    diags: &mut Diagnostics,
) -> Result<Option<String>, ()> {
    let name = match convert(name, &Type::String) {
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
            return Err(());
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
        return Err(());
    }
    Ok(name.as_str().map(str::to_owned))
}

/// A string in full mode: its text as a template.
fn template_value(
    node: NodeRef<'_>,
    file: &Arc<SourceFile>,
    ctx: &EvalContext<'_>,
    diags: &mut Diagnostics,
) -> Value {
    let Some(at) = string_text(node, file) else {
        return Value::dynamic();
    };
    let (value, found) = if at.in_file {
        let end = (node.span().end as usize).saturating_sub(1).max(at.start);
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
    node: NodeRef<'a>,
    file: &'a Arc<SourceFile>,
) -> Option<(Expression<'a>, u32)> {
    let at = string_text(node, file)?;
    if at.in_file {
        let end = (node.span().end as usize).saturating_sub(1).max(at.start);
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
    node: NodeRef<'a>,
    file: &'a Arc<SourceFile>,
) -> Option<(Template<'a>, u32)> {
    let at = string_text(node, file)?;
    if at.in_file {
        let end = (node.span().end as usize).saturating_sub(1).max(at.start);
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
fn shift_traversal(t: Traversal<'_>, offset: u32) -> Traversal<'_> {
    if offset == 0 {
        return t;
    }
    map_traversal_spans(t, |s| shifted(s, offset))
}

/// The traversal with `f` applied to each of its spans.
fn map_traversal_spans(mut t: Traversal<'_>, f: impl Fn(Span) -> Span) -> Traversal<'_> {
    t.root_span = f(t.root_span);
    for step in &mut t.steps {
        match step {
            Traverse::Attr { span, .. } | Traverse::Index { span, .. } => *span = f(*span),
        }
    }
    t
}

/// An array's elements.
pub(super) fn elements<'a>(node: NodeRef<'a>, file: &'a Arc<SourceFile>) -> Option<Elements<'a>> {
    node.elements()
        .map(|items| Elements::json(node, items, file))
}

/// An object's properties: each name (a string, so a template in full
/// mode) and value.
pub(super) fn pairs<'a>(node: NodeRef<'a>, file: &'a Arc<SourceFile>) -> Option<Pairs<'a>> {
    node.properties()
        .map(|props| Pairs::json(node, props, file))
}

/// A string's text read as a traversal.
pub(super) fn traversal<'a>(node: NodeRef<'a>, file: &'a Arc<SourceFile>) -> Option<Traversal<'a>> {
    let (expr, offset) = string_expression(node, file)?;
    let found = shift_traversal(abs_traversal(&expr, file)?, offset);
    // The reference reads the string's text as if it began at the opening
    // quote: every range of the traversal is one byte early.
    Some(map_traversal_spans(found, |s| {
        Span::new(s.start.saturating_sub(1), s.end.saturating_sub(1))
    }))
}

/// The traversals that the strings of `node` refer to, keys included, in
/// source order.
pub(super) fn variables<'a>(
    node: NodeRef<'a>,
    file: &'a Arc<SourceFile>,
    found: &mut Vec<Traversal<'a>>,
) {
    match node.kind() {
        NodeKind::String { .. } => {
            if let Some((template, offset)) = string_template(node, file) {
                found.extend(
                    template_variables(&template, file)
                        .into_iter()
                        .map(|t| shift_traversal(t, offset)),
                );
            }
        }
        NodeKind::Array(_) => {
            for item in node.elements().unwrap_or_default() {
                variables(node.at(item), file, found);
            }
        }
        NodeKind::Object(_) => {
            for prop in node.properties().unwrap_or_default() {
                variables(node.at(&prop.name), file, found);
                variables(node.at(&prop.value), file, found);
            }
        }
        _ => {}
    }
}

/// A string with no template sequence in it: its text.
pub(super) fn string_literal<'a>(node: NodeRef<'a>) -> Option<&'a Cow<'a, str>> {
    match node.kind() {
        NodeKind::String {
            text,
            template: false,
        } => Some(text),
        _ => None,
    }
}

/// The source text of a number.
pub(super) fn number_literal<'a>(node: NodeRef<'a>) -> Option<&'a str> {
    match node.kind() {
        NodeKind::Number(text) => Some(text),
        _ => None,
    }
}
