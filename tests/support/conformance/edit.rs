//! Kind `edit` (`FORMAT-edit.md`): a file parsed into a document, a script
//! of edits, and the bytes the reference's `hclwrite` printed afterwards.
//!
//! The reference formats the whole file when it prints; a document keeps
//! what no edit touched. So a case passes when our output, formatted, is
//! the reference's; where the source is already in the canonical layout,
//! when our output is the reference's itself; with no edit, when it is the
//! source. Where the reference printed a file that does not parse
//! (`output_invalid`), ours must parse, and be the reference's but for the
//! line breaks it left out. A file the reference rejects must be rejected
//! with its diagnostics, as in the other kinds.

use hcl_core::edit::{Body, Document};
use hcl_core::Code;
use serde_json::Value as Json;

use super::compare::compare_result;
use super::context::Names;
use super::{clip, Outcome};

/// One step of a path: a block type and labels.
fn step(json: &Json) -> (String, Vec<String>) {
    let block_type = json["type"].as_str().unwrap_or_default().to_owned();
    let labels = json["labels"]
        .as_array()
        .map(|ls| {
            ls.iter()
                .map(|l| l.as_str().unwrap_or_default().to_owned())
                .collect()
        })
        .unwrap_or_default();
    (block_type, labels)
}

fn strs(labels: &[String]) -> Vec<&str> {
    labels.iter().map(String::as_str).collect()
}

/// The body at the end of `path`, if every step matches a block.
fn body_at<'a>(mut body: &'a mut Body, path: &[(String, Vec<String>)]) -> Option<&'a mut Body> {
    for (block_type, labels) in path {
        body = body
            .first_matching_block_mut(block_type, &strs(labels))?
            .body_mut();
    }
    Some(body)
}

/// What running the script gave: the skipped operations, the `get`
/// results, and whether an edit was refused.
#[derive(Default)]
struct Run {
    skipped: Vec<usize>,
    values: Vec<Json>,
    refused: Vec<Code>,
}

/// Applies one operation; `Ok(false)` when its path matches nothing.
fn apply(doc: &mut Document, op: &Json, index: usize, run: &mut Run) -> Result<bool, String> {
    let path: Vec<_> = op["path"]
        .as_array()
        .map(|p| p.iter().map(step).collect())
        .unwrap_or_default();
    let name = op["name"].as_str().unwrap_or_default();
    let kind = op["op"].as_str().unwrap_or_default();
    let (parent, last) = match kind {
        "remove_block" | "set_labels" => match path.split_last() {
            Some((last, parent)) => (parent, Some(last)),
            None => return Err(format!("op {index}: {kind} without a path")),
        },
        _ => (&path[..], None),
    };
    let Some(body) = body_at(doc.body_mut(), parent) else {
        return Ok(false);
    };
    let result = match kind {
        "set_attribute_value" => {
            let value = crate::typed_json::decode(&op["value"])
                .map_err(|e| format!("op {index}: bad value: {e}"))?;
            body.set_attribute_value(name, &value)
        }
        "set_attribute_traversal" => {
            body.set_attribute_traversal(name, op["traversal"].as_str().unwrap_or_default())
        }
        "set_attribute_raw" => {
            body.set_attribute_raw(name, op["expr"].as_str().unwrap_or_default())
        }
        "remove_attribute" => {
            body.remove_attribute(name);
            Ok(())
        }
        "append_block" => {
            let (block_type, labels) = step(op);
            body.append_block(&block_type, &strs(&labels)).map(|_| ())
        }
        "remove_block" => {
            let (block_type, labels) = last.cloned().unwrap_or_default();
            return Ok(body.remove_block(&block_type, &strs(&labels)).is_some());
        }
        "set_labels" => {
            let (block_type, labels) = last.cloned().unwrap_or_default();
            let Some(block) = body.first_matching_block_mut(&block_type, &strs(&labels)) else {
                return Ok(false);
            };
            let (_, new) = step(&serde_json::json!({"labels": op["labels"]}));
            block.set_labels(&strs(&new));
            Ok(())
        }
        "append_newline" => {
            body.append_newline();
            Ok(())
        }
        "clear_body" => {
            body.clear();
            Ok(())
        }
        "get" => {
            let text = body.attribute(name).map(|a| a.expr_text());
            run.values
                .push(serde_json::json!({"op": index, "expr": text}));
            Ok(())
        }
        other => return Err(format!("op {index}: unknown operation {other:?}")),
    };
    if let Err(diags) = result {
        run.refused.extend(diags.iter().map(|d| d.code));
    }
    Ok(true)
}

/// Whether `a` and `b` are the same but for spaces, tabs and line breaks.
fn same_but_spaces(a: &str, b: &str) -> bool {
    let squeeze = |s: &str| -> String { s.chars().filter(|c| !c.is_whitespace()).collect() };
    squeeze(a) == squeeze(b)
}

/// The first line (from 1) where `a` and `b` differ, and the rest of each
/// from there.
fn first_difference<'a>(a: &'a str, b: &'a str) -> (usize, &'a str, &'a str) {
    let mut at = 0;
    let mut line = 1;
    for ((i, x), y) in a.char_indices().zip(b.chars()) {
        if x != y {
            break;
        }
        if x == '\n' {
            at = i + 1;
            line += 1;
        }
    }
    (
        line,
        a.get(at..).unwrap_or_default(),
        b.get(at..).unwrap_or_default(),
    )
}

fn compare_bytes(case: &Json, src: &str, ours: &str, ops: usize) -> Result<(), String> {
    let expect = &case["expect"];
    let theirs = expect["bytes"].as_str().unwrap_or_default();
    let differs = |what: &str, got: &str| {
        let (line, want, have) = first_difference(theirs, got);
        Err(format!(
            "{what}, from line {line}\n  expected: {:?}\n  got:      {:?}",
            clip(want, 300),
            clip(have, 300)
        ))
    };
    if ops == 0 {
        return if ours == src {
            Ok(())
        } else {
            differs("no edit, yet the output is not the source", ours)
        };
    }
    if ours == theirs {
        return Ok(());
    }
    if expect["output_invalid"] == true {
        if let Err(diags) = hcl_core::parse(ours, "out.hcl") {
            return Err(format!(
                "our output does not parse: {diags}\n  got: {ours:?}"
            ));
        }
        let formatted = hcl_core::format(ours);
        return if same_but_spaces(&formatted, theirs) {
            Ok(())
        } else {
            differs(
                "formatted output differs (beyond the reference's missing line breaks)",
                &formatted,
            )
        };
    }
    let formatted = hcl_core::format(ours);
    if formatted != theirs {
        return differs("formatted output differs", &formatted);
    }
    if hcl_core::format(src) == src && ours != theirs {
        return differs(
            "canonical source, yet the output is not the reference's",
            ours,
        );
    }
    Ok(())
}

pub fn run(case: &Json) -> Outcome {
    let src = case["src"].as_str().unwrap_or_default();
    let expect = &case["expect"];
    let mut doc = match Document::parse(src, "case.hcl") {
        Err(diags) if expect["error"] == true => {
            let names = Names::of(&hcl_core::EvalContext::new());
            return Outcome::from_check(compare_result("parse: ", None, &diags, expect, &names));
        }
        Err(diags) => return Outcome::Fail(format!("the file does not parse: {diags}")),
        Ok(_) if expect["error"] == true => {
            return Outcome::Fail("the file parses, but the reference rejects it".to_owned())
        }
        Ok(doc) => doc,
    };
    let ops = case["ops"].as_array().cloned().unwrap_or_default();
    let mut run = Run::default();
    for (index, op) in ops.iter().enumerate() {
        match apply(&mut doc, op, index, &mut run) {
            Ok(true) => {}
            Ok(false) => run.skipped.push(index),
            Err(why) => return Outcome::Fail(why),
        }
    }
    let ours = doc.to_string();
    if !run.refused.is_empty() {
        // An edit the reference made into a file that does not parse
        // (`+Inf`); ours is refused, and the output must still parse.
        return match (
            expect["output_invalid"] == true,
            hcl_core::parse(&ours, "out.hcl"),
        ) {
            (true, Ok(_)) if run.refused.contains(&Code::UnwritableValue) => Outcome::Pass,
            _ => Outcome::Fail(format!("an edit was refused: {:?}", run.refused)),
        };
    }
    let skipped: Vec<usize> = expect["skipped"]
        .as_array()
        .map(|s| {
            s.iter()
                .filter_map(|i| i.as_u64())
                .map(|i| i as usize)
                .collect()
        })
        .unwrap_or_default();
    if skipped != run.skipped {
        return Outcome::Fail(format!(
            "skipped: expected {skipped:?}, got {:?}",
            run.skipped
        ));
    }
    let values = expect["values"].as_array().cloned().unwrap_or_default();
    if values != run.values {
        return Outcome::Fail(format!(
            "values:\n  expected: {}\n  got:      {}",
            clip(&Json::Array(values).to_string(), 600),
            clip(&Json::Array(run.values).to_string(), 600)
        ));
    }
    Outcome::from_check(compare_bytes(case, src, &ours, ops.len()))
}
