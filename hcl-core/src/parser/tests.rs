//! Unit and property tests of the native-syntax parser.
//!
//! Tests call the table helpers below rather than the parser directly, so
//! each case is one line and the helpers check the invariants for free:
//! every span lies inside the source on character boundaries, every child
//! expression lies inside its parent, a one-line expression parses the same
//! as the value of an attribute, and every error diagnostic has a subject.

mod dump;
mod expressions;
mod grammar;
mod partial;
mod properties;
mod robustness;
mod structure;
mod templates;

use super::*;
use crate::ast::{Body, Expression, ExpressionKind, Template};
use crate::diagnostic::Diagnostics;

/// Parses `src` as a file and compares its dump with `expected`.
#[track_caller]
fn check_parse(src: &str, expected: &str) {
    let file = parse_ok(src);
    assert_eq!(dump::body(src, &file.body), expected, "source: {src:?}");
}

/// Parses `src` as a file, which must succeed, and checks its spans.
#[track_caller]
fn parse_ok(src: &str) -> File<'_> {
    let file = match parse(src, "test.hcl") {
        Ok(file) => file,
        Err(diags) => panic!("{src:?} should parse, but:\n{diags}"),
    };
    check_body_spans(src, &file.body);
    file
}

/// Parses `src` as one expression and compares its dump with `expected`.
///
/// A one-line expression must also parse as an attribute's value, to the
/// same tree with the spans shifted by the `x = ` before it.
#[track_caller]
fn check_expr(src: &str, expected: &str) {
    let expr = expr_ok(src);
    assert_eq!(dump::expr(&expr), expected, "source: {src:?}");
    if !src.contains(['\n', '\r']) {
        let body_src = format!("x = {src}\n");
        let file = parse_ok(&body_src);
        let attr = &file.body.attributes[0];
        assert_eq!(dump::expr(&attr.expr), expected, "as an attribute: {src:?}");
        assert_eq!(
            dump::expr_texts(&body_src, &attr.expr),
            dump::expr_texts(src, &expr),
            "spans as an attribute: {src:?}"
        );
    }
}

/// Parses `src` as one expression, which must succeed, and checks its spans.
#[track_caller]
fn expr_ok(src: &str) -> Expression<'_> {
    let expr = match parse_expression(src, "test.hcl") {
        Ok(expr) => expr,
        Err(diags) => panic!("{src:?} should parse as an expression, but:\n{diags}"),
    };
    check_expr_spans(src, &expr, Span::new(0, src.len() as u32));
    expr
}

/// The source text of every expression node of `src`, outermost first.
#[track_caller]
fn expr_texts(src: &str) -> Vec<&str> {
    dump::expr_texts(src, &expr_ok(src))
}

/// Parses `src` as a bare template and compares its dump with `expected`.
#[track_caller]
fn check_template(src: &str, expected: &str) {
    let template = template_ok(src);
    assert_eq!(dump::template(&template), expected, "source: {src:?}");
}

#[track_caller]
fn template_ok(src: &str) -> Template<'_> {
    let template = match parse_template(src, "test.tmpl") {
        Ok(template) => template,
        Err(diags) => panic!("{src:?} should parse as a template, but:\n{diags}"),
    };
    check_template_spans(src, &template, Span::new(0, src.len() as u32));
    template
}

/// Parses `src` as a file, which must fail with a first error of kind
/// `code` whose subject starts at `(line, column)`.
#[track_caller]
fn check_error(src: &str, code: Code, at: (u32, u32)) {
    let diags = parse(src, "test.hcl").err();
    check_diags(src, diags, code, at);
}

/// As [`check_error`], for [`parse_expression`].
#[track_caller]
fn check_expr_error(src: &str, code: Code, at: (u32, u32)) {
    let diags = parse_expression(src, "test.hcl").err();
    check_diags(src, diags, code, at);
}

/// As [`check_error`], for [`parse_template`].
#[track_caller]
fn check_template_error(src: &str, code: Code, at: (u32, u32)) {
    let diags = parse_template(src, "test.tmpl").err();
    check_diags(src, diags, code, at);
}

#[track_caller]
fn check_diags(src: &str, diags: Option<Diagnostics>, code: Code, at: (u32, u32)) {
    let Some(diags) = diags else {
        panic!("{src:?} should be rejected");
    };
    check_diags_in_bounds(src, &diags);
    let first = &diags.as_slice()[0];
    assert!(
        first.is_error(),
        "{src:?}: first diagnostic is a warning:\n{diags}"
    );
    assert_eq!(first.code, code, "{src:?}: expected {code}, got:\n{diags}");
    let start = first
        .subject
        .as_ref()
        .map(|r| (r.start.line, r.start.column));
    assert_eq!(start, Some(at), "{src:?}: subject of:\n{diags}");
}

/// Parses `src` as a file, which must fail, with diagnostics inside it.
#[track_caller]
fn check_rejected(src: &str) {
    match parse(src, "test.hcl") {
        Ok(_) => panic!("{src:?} should be rejected"),
        Err(diags) => check_diags_in_bounds(src, &diags),
    }
}

/// As [`check_rejected`], for [`parse_expression`].
#[track_caller]
fn check_rejected_expr(src: &str) {
    match parse_expression(src, "test.hcl") {
        Ok(_) => panic!("{src:?} should be rejected"),
        Err(diags) => check_diags_in_bounds(src, &diags),
    }
}

/// Every diagnostic has a subject inside the input, and at least one is an
/// error.
#[track_caller]
fn check_diags_in_bounds(src: &str, diags: &Diagnostics) {
    assert!(diags.has_errors(), "{src:?}: no error in:\n{diags}");
    for diag in diags {
        let Some(subject) = &diag.subject else {
            panic!("{src:?}: diagnostic without a subject:\n{diag}");
        };
        assert!(
            subject.start.byte <= subject.end.byte && subject.end.byte as usize <= src.len(),
            "{src:?}: subject {subject} out of bounds:\n{diag}"
        );
    }
}

/// `span` lies inside `within` and on character boundaries of `src`.
#[track_caller]
fn check_span(src: &str, span: Span, within: Span, what: &str) {
    assert!(
        within.start <= span.start && span.start <= span.end && span.end <= within.end,
        "{src:?}: span {span:?} of {what} is not inside {within:?}"
    );
    assert!(
        src.get(span.as_range()).is_some(),
        "{src:?}: span {span:?} of {what} splits a character"
    );
}

#[track_caller]
fn check_body_spans(src: &str, body: &Body<'_>) {
    check_spans_of(src, body, false);
}

/// [`check_body_spans`]; with `recovered`, as a tree that recovery read,
/// where a brace not found is an empty span.
#[track_caller]
fn check_spans_of(src: &str, body: &Body<'_>, recovered: bool) {
    let brace = |span: Span, text: &str| {
        let found = &src[span.as_range()];
        assert!(
            found == text || (recovered && found.is_empty()),
            "{src:?}: {found:?} for {text:?}"
        );
    };
    let whole = Span::new(0, src.len() as u32);
    check_span(src, body.span, whole, "a body");
    check_span(src, body.end_span, whole, "a body's end");
    for attr in &body.attributes {
        check_span(src, attr.span, body.span, "an attribute");
        check_span(src, attr.name_span, attr.span, "an attribute name");
        assert_eq!(&src[attr.name_span.as_range()], attr.name);
        check_expr_spans(src, &attr.expr, attr.span);
    }
    for block in &body.blocks {
        check_span(src, block.span, body.span, "a block");
        check_span(src, block.type_span, block.span, "a block type");
        assert_eq!(&src[block.type_span.as_range()], block.block_type);
        for label in &block.labels {
            check_span(src, label.span, block.span, "a label");
        }
        brace(block.open_brace_span, "{");
        brace(block.close_brace_span, "}");
        check_span(src, block.body.span, block.span, "a block body");
        assert_eq!(
            block.body.end_span,
            Span::empty(block.close_brace_span.start)
        );
        check_spans_of(src, &block.body, recovered);
    }
}

#[track_caller]
fn check_expr_spans(src: &str, expr: &Expression<'_>, within: Span) {
    // The element of an attribute splat (`a.*.b`) is the `.*` marker, and
    // the traversal applied to it spans `.b` alone, as in the reference.
    let within = if matches!(expr.kind, ExpressionKind::SplatItem) {
        Span::new(0, src.len() as u32)
    } else {
        within
    };
    check_span(src, expr.span, within, "an expression");
    dump::for_each_child(expr, &mut |child| check_expr_spans(src, child, expr.span));
    if let ExpressionKind::Template(template) = &expr.kind {
        dump::for_each_template_span(template, &mut |span| {
            check_span(src, span, expr.span, "a template part");
        });
    }
}

#[track_caller]
fn check_template_spans(src: &str, template: &Template<'_>, within: Span) {
    dump::for_each_template_expr(template, &mut |e| check_expr_spans(src, e, within));
    dump::for_each_template_span(template, &mut |span| {
        check_span(src, span, within, "a template part");
    });
}
