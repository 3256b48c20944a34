//! Every shape of hostile input (`support/hostile.rs`), at the smallest size
//! that shows its problem, through everything that reads a file: parsing,
//! evaluating every attribute with one document's budget, decoding into a
//! schema-less target, and rendering every diagnostic. Each must end in the
//! shape's expected outcome, never a panic or a stack overflow (the tests
//! run on the test harness's 2 MiB threads), and each rendered diagnostic
//! must be small and free of control characters. How the time grows with
//! the size is for `cargo bench -p hcl-bench --features peers --bench linear`.

#![allow(
    clippy::panic,
    reason = "the test helpers report failures by panicking"
)]

#[path = "support/hostile.rs"]
mod hostile;

use hcl_core::ast::Body;
use hcl_core::{Code, Diagnostic, Diagnostics, EvalContext, SourceFile};
use hostile::{Expect, Shape, EXTENSION_SHAPES, SHAPES};
use std::sync::Arc;

/// Checks a rendered diagnostic: bounded in size whatever the input, and
/// nothing a terminal would act on.
fn check_rendered(shape: &str, diag: &Diagnostic) {
    let text = diag.to_string();
    assert!(
        text.len() < 2_000,
        "{shape}: a rendered diagnostic of {} bytes",
        text.len()
    );
    assert!(
        !text.chars().any(|c| c.is_control() && c != '\n'),
        "{shape}: control characters in {text:?}"
    );
}

/// The first error of `diags`, checked against an expected code and limit.
fn check_first_error(shape: &str, diags: &Diagnostics, code: Code, limit: Option<&str>) {
    let Some(first) = diags.iter().find(|d| d.is_error()) else {
        panic!("{shape}: no error, expected {code}");
    };
    assert_eq!(first.code, code, "{shape}: {first}");
    if let Some(limit) = limit {
        assert!(first.detail.contains(limit), "{shape}: {}", first.detail);
    }
}

/// Evaluates every attribute of `body` and its blocks with `ctx`.
fn evaluate(
    body: &Body<'_>,
    source: &Arc<SourceFile>,
    ctx: &EvalContext<'_>,
    out: &mut Diagnostics,
) {
    for attr in &body.attributes {
        out.extend(ctx.evaluate_with_diagnostics(&attr.expr, source).1);
    }
    for block in &body.blocks {
        evaluate(&block.body, source, ctx, out);
    }
}

fn check(shape: &Shape) {
    let text = (shape.make)(shape.test_units);
    let name = shape.name;
    // Parse, then evaluate as one document.
    let parsed = hcl_core::parse(&text, "hostile.hcl");
    let diags = match &parsed {
        Err(diags) => diags.clone(),
        Ok(file) => {
            let mut ctx = EvalContext::new();
            ctx.share_budget(text.len());
            let mut diags = Diagnostics::default();
            evaluate(&file.body, &file.source, &ctx, &mut diags);
            diags
        }
    };
    match shape.expect {
        Expect::Valid => assert!(!diags.has_errors(), "{name}: {}", diags.as_slice()[0]),
        Expect::Syntax(code, limit) => {
            assert!(parsed.is_err(), "{name}: parsed");
            check_first_error(name, &diags, code, limit);
        }
        Expect::Eval(code, limit) => {
            assert!(parsed.is_ok(), "{name}: did not parse");
            check_first_error(name, &diags, code, limit);
        }
    }
    // Rendering a diagnostic costs time and space bounded by the window it
    // shows; render the first ones and a sample of the rest.
    let step = diags.len() / 100 + 1;
    for diag in diags.iter().step_by(step) {
        check_rendered(name, diag);
    }
    // Decoding into a schema-less target groups blocks by label, and so
    // recurses once per label.
    match hcl_serde::from_str::<serde_json::Value>(&text) {
        Ok(_) => assert_eq!(shape.expect, Expect::Valid, "{name}: decoded"),
        Err(err) => {
            let (Expect::Syntax(code, limit) | Expect::Eval(code, limit)) = shape.expect else {
                panic!("{name}: {err}");
            };
            check_first_error(name, err.diagnostics(), code, limit);
            let rendered = err.to_string();
            assert!(
                !rendered.chars().any(|c| c.is_control() && c != '\n'),
                "{name}: control characters in the error"
            );
        }
    }
}

#[test]
fn every_hostile_shape_ends_in_its_outcome() {
    for shape in SHAPES {
        check(shape);
    }
}

/// The shapes of the extensions, decoded with `dynamic` blocks expanded and
/// user functions read: each ends in its error, with a budget that bounds
/// the blocks generated and the calls made.
#[test]
fn every_extension_shape_ends_in_its_outcome() {
    for shape in EXTENSION_SHAPES {
        let text = (shape.make)(shape.test_units);
        let name = shape.name;
        let (Expect::Eval(code, limit) | Expect::Syntax(code, limit)) = shape.expect else {
            panic!("{name}: an extension shape is an error");
        };
        let err = hcl_serde::Decoder::new()
            .dynamic_blocks(true)
            .user_functions("function")
            .from_str::<serde_json::Value>(&text)
            .unwrap_err();
        check_first_error(name, err.diagnostics(), code, limit);
        // A failed call's detail holds its result's first diagnostic, so
        // calls nested to the depth limit write a longer one, still
        // bounded.
        for diag in err.diagnostics().iter().take(100) {
            let text = diag.to_string();
            assert!(text.len() < 16_000, "{name}: {} bytes", text.len());
            assert!(!text.chars().any(|c| c.is_control() && c != '\n'));
        }
    }
}

/// Formatting takes every shape too: the result is bounded (indentation
/// and alignment padding are capped, so the output is linear in the
/// input) and formatting it again changes nothing.
#[test]
fn every_hostile_shape_formats_idempotently() {
    let options = hcl_core::FormatOptions::default();
    let pad = 2 * options.max_indent_depth + options.max_align_column + 2;
    for shape in SHAPES {
        let text = (shape.make)(shape.test_units);
        let once = hcl_core::format(&text);
        let tokens_bound = 2 * text.len() + pad * (text.matches('\n').count() + 1);
        if once.len() > tokens_bound {
            panic!(
                "{}: {} bytes formatted into {}",
                shape.name,
                text.len(),
                once.len()
            );
        }
        if hcl_core::format(&once) != once {
            panic!(
                "{}: formatting twice differs from formatting once",
                shape.name
            );
        }
    }
}

#[test]
fn a_document_cannot_build_more_values_than_its_budget() {
    // Each attribute is within the limits of one evaluation; together they
    // exceed the document's budget, which decoding starts per document.
    let text: String = (0..20).map(|i| format!("r{i} = range(1000)\n")).collect();
    let mut ctx = EvalContext::new();
    ctx.set_limits(hcl_core::Limits {
        max_total_eval_values: 10_000,
        ..hcl_core::Limits::default()
    });
    let err = hcl_serde::Decoder::new()
        .context(&ctx)
        .from_str::<serde_json::Value>(&text)
        .unwrap_err();
    check_first_error(
        "range attributes",
        err.diagnostics(),
        Code::TooManyValues,
        Some("max_total_eval_values"),
    );
    // Half of them decode: every decode has a budget of its own.
    let half: String = text.lines().take(9).map(|l| format!("{l}\n")).collect();
    for _ in 0..3 {
        let decoded = hcl_serde::Decoder::new()
            .context(&ctx)
            .from_str::<serde_json::Value>(&half)
            .unwrap();
        assert_eq!(decoded.value.as_object().map(|o| o.len()), Some(9));
    }
}
