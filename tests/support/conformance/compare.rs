//! Comparing RESULTs (a typed value or an error) and DUMPs (a parsed body,
//! every attribute evaluated) with the reference's.

use std::collections::BTreeSet;
use std::sync::Arc;

use hcl_core::ast::Body;
use hcl_core::{Diagnostics, EvalContext, SourceFile, Value};
use serde_json::Value as Json;

use super::context::Names;
use super::{clip, diagnostics, parse_json};

/// `{"type":T,"value":V}` of a value, parsed back into JSON.
pub fn typed(value: &Value) -> Result<Json, String> {
    let (ty, val) = value.to_typed_json();
    Ok(serde_json::json!({ "type": parse_json(&ty)?, "value": parse_json(&val)? }))
}

fn show_typed(json: &Json) -> String {
    clip(&json.to_string(), 400)
}

fn show_result(expect: &Json) -> String {
    if expect["error"].as_bool() == Some(true) {
        match expect["diagnostics"].get(0) {
            Some(d) => format!("an error: {}", diagnostics::show_theirs(d)),
            None => "an error".to_owned(),
        }
    } else {
        show_typed(&serde_json::json!({"type": expect["type"], "value": expect["value"]}))
    }
}

/// Compares the value and diagnostics of one evaluation (or a failed
/// parse, `value` then `None`) with a RESULT.
pub fn compare_result(
    where_: &str,
    value: Option<&Value>,
    diags: &Diagnostics,
    expect: &Json,
    names: &Names,
) -> Result<(), String> {
    if expect["error"].as_bool() == Some(true) {
        let theirs = expect["diagnostics"]
            .as_array()
            .map(Vec::as_slice)
            .unwrap_or_default();
        if !diags.has_errors() {
            let got = value.map_or_else(
                || Ok("no value".to_owned()),
                |v| typed(v).map(|j| show_typed(&j)),
            )?;
            return Err(format!(
                "{where_}expected {}\n  got: {got}",
                show_result(expect)
            ));
        }
        return diagnostics::compare(where_, diags.as_slice(), theirs, names);
    }
    if diags.has_errors() || value.is_none() {
        let first = diags
            .iter()
            .find(|d| d.is_error())
            .map_or_else(String::new, diagnostics::show_ours);
        return Err(format!(
            "{where_}unexpected error\n  expected: {}\n  got:      {first}",
            show_result(expect)
        ));
    }
    let ours = typed(value.unwrap_or(&Value::dynamic()))?;
    if ours["type"] != expect["type"] {
        return Err(format!(
            "{where_}type: expected {}, got {}\n  expected: {}\n  got:      {}",
            expect["type"],
            ours["type"],
            show_result(expect),
            show_typed(&ours)
        ));
    }
    if ours["value"] != expect["value"] {
        return Err(format!(
            "{where_}value:\n  expected: {}\n  got:      {}",
            show_result(expect),
            show_typed(&ours)
        ));
    }
    Ok(())
}

/// Compares a parsed body with a DUMP: names, block types, labels, nesting
/// and order, then every attribute's RESULT.
pub fn compare_dump(
    ctx: &EvalContext<'_>,
    body: &Body<'_>,
    source: &Arc<SourceFile>,
    dump: &Json,
    path: &str,
    names: &Names,
) -> Result<(), String> {
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
    }
    for attr in &body.attributes {
        let (value, diags) = ctx.evaluate_with_diagnostics(&attr.expr, source);
        let here = format!("{path}/{}: ", attr.name);
        compare_result(
            &here,
            Some(&value),
            &diags,
            &dump["attributes"][attr.name],
            names,
        )?;
    }
    for (i, (block, expected)) in body.blocks.iter().zip(blocks).enumerate() {
        let here = format!("{path}/{}[{i}]", block.block_type);
        compare_dump(ctx, &block.body, source, &expected["body"], &here, names)?;
    }
    Ok(())
}
