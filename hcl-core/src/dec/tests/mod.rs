//! Tests of spec-driven decoding. The expectations are the reference's:
//! its package tests (`public_test.go`, `spec_test.go`,
//! `variables_test.go`) and cases of the conformance suite (`spec-dec-*`,
//! translated from spec files into specs built in code).

mod blocks;
mod conformance;
mod function_cases;
mod load;
mod load_cases;
mod scalars;
mod variables;

use crate::diagnostic::Diagnostics;
use crate::eval::EvalContext;
use crate::schema::Body;
use crate::value::Value;
use crate::{parse, parse_json, Code};

use super::{decode, Spec};

/// A diagnostic as the conformance suite compares it: summary, detail,
/// and the subject as `line:col:byte-line:col:byte`.
pub(super) fn line(diag: &crate::Diagnostic) -> String {
    let at = match &diag.subject {
        Some(r) => format!(
            "{}:{}:{}-{}:{}:{}",
            r.start.line, r.start.column, r.start.byte, r.end.line, r.end.column, r.end.byte
        ),
        None => "-".to_owned(),
    };
    format!("{} | {} | {at}", diag.summary, diag.detail)
}

/// The diagnostics sorted as the conformance suite sorts them: those
/// without a subject first, then by file, start, end, severity, summary
/// and detail.
pub(super) fn sorted(diags: &Diagnostics) -> Vec<String> {
    let mut all: Vec<&crate::Diagnostic> = diags.iter().collect();
    all.sort_by_key(|d| {
        let range = d
            .subject
            .as_ref()
            .map(|r| (r.filename.to_string(), r.start.byte, r.end.byte));
        (range, !d.is_error(), d.summary.clone(), d.detail.clone())
    });
    all.into_iter().map(line).collect()
}

/// Decodes the native-syntax `src` (named `case.hcl`) by `spec` with no
/// variables or functions.
pub(super) fn run(src: &str, spec: &Spec) -> (Value, Diagnostics) {
    run_in(src, spec, &EvalContext::literal_only())
}

/// Decodes the native-syntax `src` by `spec` in `ctx`; a syntax error
/// fails the test.
pub(super) fn run_in(src: &str, spec: &Spec, ctx: &EvalContext<'_>) -> (Value, Diagnostics) {
    let file = match parse(src, "case.hcl") {
        Ok(file) => file,
        Err(diags) => panic!("{diags}"),
    };
    decode(&Body::from_file(&file), spec, ctx)
}

/// Decodes the JSON-syntax `src` (named `case.hcl.json`) by `spec`.
pub(super) fn run_json(src: &str, spec: &Spec) -> (Value, Diagnostics) {
    let file = match parse_json(src, "case.hcl.json") {
        Ok(file) => file,
        Err(diags) => panic!("{diags}"),
    };
    decode(
        &Body::from_json_file(&file),
        spec,
        &EvalContext::literal_only(),
    )
}

/// The codes of the diagnostics, in order.
pub(super) fn codes(diags: &Diagnostics) -> Vec<Code> {
    diags.iter().map(|d| d.code).collect()
}

/// The value of a decoding that must have no diagnostics.
pub(super) fn clean(src: &str, spec: &Spec) -> Value {
    clean_in(src, spec, &EvalContext::literal_only())
}

/// The value of a decoding in `ctx` that must have no diagnostics.
pub(super) fn clean_in(src: &str, spec: &Spec, ctx: &EvalContext<'_>) -> Value {
    let (value, diags) = run_in(src, spec, ctx);
    assert!(diags.is_empty(), "{diags}");
    value
}
