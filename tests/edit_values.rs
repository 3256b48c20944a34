//! `hcl_core::edit::value_text` against the reference's `TokensForValue`,
//! from the edit conformance cases (`tests/conformance/*edit*.jsonl`,
//! described in `FORMAT-edit.md` beside the shared cases).
//!
//! Two checks, on every case whose file parses:
//!
//! - a `get` whose attribute was last set by `set_attribute_value` (no
//!   other operation on that name and path in between) records exactly
//!   `value_text` of the value;
//! - the printed file holds `name = TEXT` for each value set by the last
//!   operation on its name and path, where `TEXT` is `value_text` with its
//!   continuation lines indented two spaces per block of the path, and any
//!   number of spaces before the `=` (the formatter aligns it with the
//!   lines around). Values set in a body that `clear_body` empties, before
//!   or after, or in a block that `remove_block` removes, are not printed
//!   (or print nothing: `FORMAT-edit.md`) and are not checked.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    reason = "test code: a failure should stop the test"
)]

use std::path::Path;

use hcl_core::edit::value_text;
use serde_json::Value as Json;

#[path = "support/typed_json.rs"]
mod typed_json;

const FILES: [&str; 2] = ["spec-edit.jsonl", "generated-edit-1.jsonl"];

/// A block path: each step's type and labels.
type BlockPath = Vec<(String, Vec<String>)>;

fn path_of(op: &Json) -> BlockPath {
    let Some(steps) = op.get("path").and_then(Json::as_array) else {
        return Vec::new();
    };
    steps
        .iter()
        .map(|step| {
            let labels = step.get("labels").and_then(Json::as_array);
            let labels = labels.map_or_else(Vec::new, |ls| {
                ls.iter().map(|l| l.as_str().unwrap().to_owned()).collect()
            });
            (step["type"].as_str().unwrap().to_owned(), labels)
        })
        .collect()
}

/// Whether an operation sets or removes the attribute `name` at `path`.
fn touches_attribute(op: &Json, name: &str, path: &BlockPath) -> bool {
    let kind = op["op"].as_str().unwrap();
    (kind.starts_with("set_attribute_") || kind == "remove_attribute")
        && op["name"] == name
        && &path_of(op) == path
}

#[derive(Default)]
struct Tally {
    cases: usize,
    gets: usize,
    printed: usize,
    failures: Vec<String>,
}

/// The value text of a `set_attribute_value` operation.
fn text_of(op: &Json, id: &str) -> String {
    let value = typed_json::decode(&op["value"]).unwrap_or_else(|e| panic!("{id}: {e}"));
    value_text(&value)
}

fn check_gets(case: &Json, ops: &[Json], skipped: &[u64], tally: &mut Tally) -> bool {
    let id = case["id"].as_str().unwrap();
    let mut checked = false;
    let values = case["expect"].get("values").and_then(Json::as_array);
    for entry in values.into_iter().flatten() {
        let at = entry["op"].as_u64().unwrap() as usize;
        let get = &ops[at];
        let (name, path) = (get["name"].as_str().unwrap(), path_of(get));
        let last = ops[..at]
            .iter()
            .enumerate()
            .rev()
            .find(|(_, op)| touches_attribute(op, name, &path));
        let Some((set_at, set)) = last else { continue };
        if set["op"] != "set_attribute_value" || skipped.contains(&(set_at as u64)) {
            continue;
        }
        checked = true;
        tally.gets += 1;
        let got = text_of(set, id);
        if entry["expr"].as_str() != Some(got.as_str()) {
            tally.failures.push(format!(
                "{id}: get of op {at}: want {}, got {got:?}",
                entry["expr"]
            ));
        }
    }
    checked
}

/// Whether `bytes` holds `name`, spaces, `= ` and `text` as one line's end
/// (or before a comment, or glued to what follows an unterminated body).
fn holds_attribute(bytes: &str, name: &str, text: &str) -> bool {
    let needle = format!("= {text}");
    bytes.match_indices(&needle).any(|(at, _)| {
        let before = bytes[..at].trim_end_matches(' ');
        let ends_name = before.strip_suffix(name).is_some_and(|rest| {
            rest.chars()
                .last()
                .is_none_or(|c| !(c.is_alphanumeric() || c == '_' || c == '-'))
        });
        let after = &bytes[at + needle.len()..];
        ends_name && (after.is_empty() || after.starts_with(['\n', '\r', ' ']))
    })
}

fn check_printed(case: &Json, ops: &[Json], skipped: &[u64], tally: &mut Tally) -> bool {
    let id = case["id"].as_str().unwrap();
    let Some(bytes) = case["expect"]["bytes"].as_str() else {
        return false;
    };
    let mut checked = false;
    for (at, op) in ops.iter().enumerate() {
        if op["op"] != "set_attribute_value" || skipped.contains(&(at as u64)) {
            continue;
        }
        let (name, path) = (op["name"].as_str().unwrap(), path_of(op));
        let later = &ops[at + 1..];
        if later.iter().any(|o| touches_attribute(o, name, &path)) {
            continue;
        }
        let emptied = ops.iter().any(|o| {
            (o["op"] == "clear_body" || o["op"] == "remove_block") && path.starts_with(&path_of(o))
        });
        if emptied {
            continue;
        }
        checked = true;
        tally.printed += 1;
        let indent = format!("\n{}", "  ".repeat(path.len()));
        let text = text_of(op, id).replace('\n', &indent);
        if !holds_attribute(bytes, name, &text) {
            tally
                .failures
                .push(format!("{id}: op {at}: {name} = {text:?} not in {bytes:?}"));
        }
    }
    checked
}

#[test]
fn set_values_are_written_as_the_reference_writes_them() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/conformance");
    let mut tally = Tally::default();
    for file in FILES {
        let text = std::fs::read_to_string(dir.join(file)).expect("read case file");
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let case: Json = serde_json::from_str(line).expect("case is JSON");
            if case["kind"] != "edit" || case["expect"].get("error").is_some() {
                continue;
            }
            let ops = case["ops"].as_array().cloned().unwrap_or_default();
            let skipped: Vec<u64> = case["expect"]
                .get("skipped")
                .and_then(Json::as_array)
                .map_or_else(Vec::new, |s| s.iter().filter_map(Json::as_u64).collect());
            let gets = check_gets(&case, &ops, &skipped, &mut tally);
            let printed = check_printed(&case, &ops, &skipped, &mut tally);
            tally.cases += usize::from(gets || printed);
        }
    }
    let failed = tally.failures.len();
    println!(
        "{} cases checked: {} gets after a set, {} set values in printed files; {} passed, {failed} failed",
        tally.cases,
        tally.gets,
        tally.printed,
        tally.gets + tally.printed - failed,
    );
    for failure in &tally.failures {
        println!("FAIL {failure}");
    }
    assert!(tally.failures.is_empty(), "{failed} values differ");
    // The cases hold 10 gets after a set and 297 printed values to check;
    // fewer means the selection above missed some.
    assert!(tally.gets >= 10, "only {} gets checked", tally.gets);
    assert!(
        tally.printed >= 297,
        "only {} values checked",
        tally.printed
    );
}
