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

use hcl_core::ast::Body;
use serde_json::Value as Json;

/// What running one case gave.
enum Outcome {
    Pass,
    Fail(String),
    Skip(&'static str),
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

fn run_case(case: &Json) -> Outcome {
    let src = case["src"].as_str().unwrap_or_default();
    let expect = &case["expect"];
    let expect_error = expect["error"].as_bool().unwrap_or(false);
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
            Ok(file) => match compare_structure(&file.body, expect, "") {
                Err(why) => Outcome::Fail(why),
                Ok(()) if has_attributes(expect) => Outcome::Skip("needs evaluation"),
                Ok(()) => Outcome::Pass,
            },
        },
        kind @ ("expr" | "template") => {
            let parsed = if kind == "expr" {
                hcl_core::parse_expression(src, "case.hcl").map(|_| ())
            } else {
                hcl_core::parse_template(src, "case.hcl").map(|_| ())
            };
            match parsed {
                Err(_) if expect_error => Outcome::Pass,
                Err(diags) => Outcome::Fail(format!("parse failed:\n{diags}")),
                Ok(()) => Outcome::Skip("needs evaluation"),
            }
        }
        other => Outcome::Fail(format!("unknown case kind {other:?}")),
    }
}

fn has_attributes(dump: &Json) -> bool {
    dump["attributes"]
        .as_object()
        .is_some_and(|a| !a.is_empty())
        || dump["blocks"]
            .as_array()
            .is_some_and(|blocks| blocks.iter().any(|b| has_attributes(&b["body"])))
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
        let mut skip_reasons = BTreeSet::new();
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let case: Json = serde_json::from_str(line).expect("case is JSON");
            let id = case["id"].as_str().unwrap_or("?").to_owned();
            match run_case(&case) {
                Outcome::Pass => p += 1,
                Outcome::Skip(why) => {
                    s += 1;
                    skip_reasons.insert(why);
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
        let reasons: Vec<&str> = skip_reasons.into_iter().collect();
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
