//! Conformance with the reference implementation, from data.
//!
//! Reads every `*.jsonl` case file under `tests/conformance/` (copied from
//! the shared conformance suite), plus `../shared/corpus/real-dump.jsonl`
//! when it is present — or, when `HCL_CONFORMANCE_DIR` is set, every
//! `*.jsonl` under that directory instead. The case format is described in
//! `FORMAT.md` beside the shared cases.
//!
//! Each case passes, fails, or is skipped when it needs a part of the
//! library that does not exist yet; skipped cases are counted, never passed.
//! The test fails when a case fails that `tests/conformance/KNOWN_DIFFERENCES.md`
//! does not list.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use std::sync::Arc;

use hcl_core::ast::{Body, Expression, ExpressionKind};
use hcl_core::{Diagnostics, EvalContext, SourceFile, Value};
use serde_json::Value as Json;

#[path = "support/typed_json.rs"]
mod typed_json;

/// What running one case gave.
enum Outcome {
    Pass,
    Fail(String),
    Skip(String),
}

fn case_files() -> Vec<PathBuf> {
    let mut files = Vec::new();
    if let Some(dir) = std::env::var_os("HCL_CONFORMANCE_DIR") {
        collect_jsonl(Path::new(&dir), &mut files);
        return files;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    collect_jsonl(&root.join("tests/conformance"), &mut files);
    let dump = root.join("../shared/corpus/real-dump.jsonl");
    if dump.is_file() {
        files.push(dump);
    } else {
        eprintln!("notice: ../shared/corpus/real-dump.jsonl is absent; real-world cases skipped");
    }
    files
}

fn collect_jsonl(dir: &Path, files: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut found: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "jsonl"))
        .collect();
    found.sort();
    files.extend(found);
}

/// Case ids listed in KNOWN_DIFFERENCES.md: lines starting with `- \`id\``.
fn known_differences() -> BTreeSet<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/conformance/KNOWN_DIFFERENCES.md");
    let text = std::fs::read_to_string(path).unwrap_or_default();
    text.lines()
        .filter_map(|line| line.trim().strip_prefix("- `"))
        .filter_map(|rest| rest.split('`').next())
        .map(str::to_owned)
        .collect()
}

/// The evaluation context of a case: its variables and the functions.
fn context(case: &Json) -> Result<EvalContext<'static>, String> {
    let mut ctx = EvalContext::new();
    if let Some(vars) = case["vars"].as_object() {
        for (name, typed) in vars {
            ctx.set_variable(name, typed_json::decode(typed)?);
        }
    }
    Ok(ctx)
}

/// The functions of the conformance suite (`FUNCTIONS.md`): every case runs
/// with exactly these. A call to any other name is an error case.
const SUITE_FUNCTIONS: &[&str] = &[
    "abs",
    "ceil",
    "floor",
    "log",
    "max",
    "min",
    "parseint",
    "pow",
    "signum",
    "chomp",
    "format",
    "formatlist",
    "indent",
    "join",
    "lower",
    "regex",
    "regexall",
    "replace",
    "split",
    "strrev",
    "substr",
    "title",
    "trim",
    "trimprefix",
    "trimspace",
    "trimsuffix",
    "upper",
    "chunklist",
    "coalesce",
    "coalescelist",
    "compact",
    "concat",
    "contains",
    "distinct",
    "element",
    "flatten",
    "keys",
    "length",
    "lookup",
    "merge",
    "range",
    "reverse",
    "setintersection",
    "setproduct",
    "setsubtract",
    "setsymmetricdifference",
    "setunion",
    "slice",
    "sort",
    "values",
    "zipmap",
    "csvdecode",
    "jsondecode",
    "jsonencode",
    "formatdate",
    "timeadd",
    "tobool",
    "tolist",
    "tomap",
    "tonumber",
    "toset",
    "tostring",
    "can",
    "try",
];

/// The first suite function called that the context does not have yet.
fn missing_function<'a>(
    ctx: &EvalContext<'_>,
    exprs: impl Iterator<Item = &'a Expression<'a>>,
) -> Option<String> {
    let mut missing = None;
    for expr in exprs {
        expr.walk(&mut |e| {
            if let ExpressionKind::FunctionCall(call) = &e.kind {
                let name: &str = &call.name;
                let known = ctx.functions().is_some_and(|f| f.contains_key(name));
                if !known && missing.is_none() && SUITE_FUNCTIONS.contains(&name) {
                    missing = Some(name.to_owned());
                }
            }
        });
    }
    missing
}

/// Compares an evaluation outcome with an expected RESULT.
fn compare_result(value: &Value, diags: &Diagnostics, expect: &Json) -> Result<(), String> {
    if expect["error"].as_bool().unwrap_or(false) {
        return if diags.has_errors() {
            Ok(())
        } else {
            Err(format!(
                "expected an error, got {}",
                typed_json::encode(value)
            ))
        };
    }
    if diags.has_errors() {
        return Err(format!("unexpected error:\n{diags}"));
    }
    let (ty, val) = value.to_typed_json();
    let ty: Json = serde_json::from_str(&ty).map_err(|e| e.to_string())?;
    let val: Json = serde_json::from_str(&val).map_err(|e| e.to_string())?;
    if ty != expect["type"] || val != expect["value"] {
        return Err(format!(
            "got {{\"type\":{ty},\"value\":{val}}}, expected {{\"type\":{},\"value\":{}}}",
            expect["type"], expect["value"]
        ));
    }
    Ok(())
}

fn run_case(case: &Json) -> Outcome {
    let src = case["src"].as_str().unwrap_or_default();
    let expect = &case["expect"];
    let expect_error = expect["error"].as_bool().unwrap_or(false);
    let ctx = match context(case) {
        Ok(ctx) => ctx,
        Err(why) => return Outcome::Fail(format!("bad vars: {why}")),
    };
    let source = Arc::new(SourceFile::new("case.hcl", src));
    match case["kind"].as_str().unwrap_or_default() {
        "body" => match hcl_core::parse(src, "case.hcl") {
            Err(diags) if expect_error => {
                if diags.has_errors() {
                    Outcome::Pass
                } else {
                    Outcome::Fail("parse failed without an error diagnostic".into())
                }
            }
            Err(diags) => Outcome::Fail(format!("parse failed:\n{diags}")),
            Ok(_) if expect_error => Outcome::Fail("parsed, but the reference rejects it".into()),
            Ok(file) => {
                if let Err(why) = compare_structure(&file.body, expect, "") {
                    return Outcome::Fail(why);
                }
                if let Some(name) = missing_function(&ctx, body_expressions(&file.body).into_iter())
                {
                    return Outcome::Skip(format!("needs function {name}"));
                }
                match compare_body_values(&ctx, &file.body, &source, expect, "") {
                    Ok(()) => Outcome::Pass,
                    Err(why) => Outcome::Fail(why),
                }
            }
        },
        "expr" => match hcl_core::parse_expression(src, "case.hcl") {
            Err(_) if expect_error => Outcome::Pass,
            Err(diags) => Outcome::Fail(format!("parse failed:\n{diags}")),
            Ok(expr) => {
                if let Some(name) = missing_function(&ctx, std::iter::once(&expr)) {
                    return Outcome::Skip(format!("needs function {name}"));
                }
                let (value, diags) = ctx.evaluate_with_diagnostics(&expr, &source);
                match compare_result(&value, &diags, expect) {
                    Ok(()) => Outcome::Pass,
                    Err(why) => Outcome::Fail(why),
                }
            }
        },
        "template" => match hcl_core::parse_template(src, "case.hcl") {
            Err(_) if expect_error => Outcome::Pass,
            Err(diags) => Outcome::Fail(format!("parse failed:\n{diags}")),
            Ok(template) => {
                let mut exprs = Vec::new();
                template.walk(&mut |e| exprs.push(e));
                if let Some(name) = missing_function(&ctx, exprs.into_iter()) {
                    return Outcome::Skip(format!("needs function {name}"));
                }
                let (value, diags) = ctx.evaluate_template(&template, &source);
                match compare_result(&value, &diags, expect) {
                    Ok(()) => Outcome::Pass,
                    Err(why) => Outcome::Fail(why),
                }
            }
        },
        other => Outcome::Fail(format!("unknown case kind {other:?}")),
    }
}

fn body_expressions<'a>(body: &'a Body<'a>) -> Vec<&'a Expression<'a>> {
    let mut out: Vec<&Expression<'_>> = body.attributes.iter().map(|a| &a.expr).collect();
    for block in &body.blocks {
        out.extend(body_expressions(&block.body));
    }
    out
}

fn compare_body_values(
    ctx: &EvalContext<'_>,
    body: &Body<'_>,
    source: &Arc<SourceFile>,
    dump: &Json,
    path: &str,
) -> Result<(), String> {
    for attr in &body.attributes {
        let (value, diags) = ctx.evaluate_with_diagnostics(&attr.expr, source);
        compare_result(&value, &diags, &dump["attributes"][attr.name])
            .map_err(|why| format!("{path}/{}: {why}", attr.name))?;
    }
    let blocks = dump["blocks"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_default();
    for (i, (block, expected)) in body.blocks.iter().zip(blocks).enumerate() {
        let here = format!("{path}/{}[{i}]", block.block_type);
        compare_body_values(ctx, &block.body, source, &expected["body"], &here)?;
    }
    Ok(())
}

/// Compares attribute names, block types, labels, nesting and order.
fn compare_structure(body: &Body<'_>, dump: &Json, path: &str) -> Result<(), String> {
    let ours: BTreeSet<&str> = body.attributes.iter().map(|a| a.name).collect();
    let theirs: BTreeSet<&str> = dump["attributes"]
        .as_object()
        .map(|m| m.keys().map(String::as_str).collect())
        .unwrap_or_default();
    if ours != theirs {
        return Err(format!("{path}: attributes {ours:?}, expected {theirs:?}"));
    }
    let blocks = dump["blocks"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_default();
    if blocks.len() != body.blocks.len() {
        return Err(format!(
            "{path}: {} blocks, expected {}",
            body.blocks.len(),
            blocks.len()
        ));
    }
    for (i, (block, expected)) in body.blocks.iter().zip(blocks).enumerate() {
        let labels: Vec<&str> = block.labels.iter().map(|l| l.value.as_ref()).collect();
        let expected_labels: Vec<&str> = expected["labels"]
            .as_array()
            .map(|l| l.iter().filter_map(Json::as_str).collect())
            .unwrap_or_default();
        let here = format!("{path}/{}[{i}]", block.block_type);
        if block.block_type != expected["type"].as_str().unwrap_or_default() {
            return Err(format!("{here}: expected block type {}", expected["type"]));
        }
        if labels != expected_labels {
            return Err(format!(
                "{here}: labels {labels:?}, expected {expected_labels:?}"
            ));
        }
        compare_structure(&block.body, &expected["body"], &here)?;
    }
    Ok(())
}

#[test]
fn conformance() {
    let known = known_differences();
    let files = case_files();
    assert!(!files.is_empty(), "no conformance case files found");
    let (mut passed, mut failed, mut skipped) = (0, 0, 0);
    let mut unexpected = String::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("read case file");
        let (mut p, mut f, mut s) = (0, 0, 0);
        let mut skip_reasons: std::collections::BTreeMap<String, usize> = Default::default();
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let case: Json = serde_json::from_str(line).expect("case is JSON");
            let id = case["id"].as_str().unwrap_or("?").to_owned();
            match run_case(&case) {
                Outcome::Pass => p += 1,
                Outcome::Skip(why) => {
                    s += 1;
                    *skip_reasons.entry(why).or_default() += 1;
                }
                Outcome::Fail(why) => {
                    f += 1;
                    if !known.contains(&id) {
                        let _ = writeln!(unexpected, "{id}: {why}\n  src: {:?}", case["src"]);
                    }
                }
            }
        }
        let name = file
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        let reasons: Vec<String> = skip_reasons
            .iter()
            .map(|(why, n)| format!("{why}: {n}"))
            .collect();
        if s > 0 {
            println!(
                "{name}: {p} passed, {f} failed, {s} skipped ({})",
                reasons.join(", ")
            );
        } else {
            println!("{name}: {p} passed, {f} failed");
        }
        passed += p;
        failed += f;
        skipped += s;
    }
    println!("{passed} passed, {failed} failed, {skipped} skipped");
    assert!(
        unexpected.is_empty(),
        "cases failed that KNOWN_DIFFERENCES.md does not list:\n{unexpected}"
    );
}
