//! Real-world files through the serde path, into schema-less targets.
//!
//! - Every file of `../shared/corpus/real/` and `real-v2.20/` decodes into
//!   `serde_json::Value` in the mode for configurations written for another
//!   program, whose variables are not known: `Decoder::unresolved_as_source`
//!   (expressions that do not evaluate are read as their source text) and
//!   `Decoder::lenient` (what the target cannot hold is a warning). The
//!   value and the warnings are those of decoding the file parsed whole,
//!   which checks the one-item-at-a-time path on every file.
//! - Every such file decodes, in the same mode, into an `#[hcl]` target
//!   (`typed::Config`) whose fields without options are what its
//!   `HclSchema` says: blocks of block types, arguments of any other type,
//!   so that the files meet both blocks and refusals of each kind; again
//!   exactly as the file parsed whole decodes, value or errors.
//! - Every file of `../shared/corpus/real-dump.jsonl` whose attributes all
//!   evaluate without variables decodes, in the default mode, into the
//!   `serde_json::Value` that the reference's results give: attributes by
//!   name, blocks by type and then by label, several unlabelled blocks of
//!   one type as an array.
//!
//! Without `../shared` these tests print a notice and check nothing.

#[path = "support/shared_corpus.rs"]
mod shared_corpus;

use std::collections::BTreeMap;
use std::fmt::Debug;

use hcl_serde::{Decoder, RawBody};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::{Map, Value as Json};
use shared_corpus::{corpus_files as files, shared_corpus as shared};

/// Decodes every file of the corpus `name` into `T` from the file, and
/// from the file parsed whole first: the one-item-at-a-time path that
/// `from_file` takes must give exactly what the other gives, the same
/// value (compared by its `Debug` form) and warnings, or the same errors.
/// Returns how many files there are and the errors.
fn decode_all<T: DeserializeOwned + Debug>(name: &str) -> Option<(usize, Vec<String>)> {
    let dir = shared(name)?;
    let files = files(&dir);
    let decoder = Decoder::new().unresolved_as_source(true).lenient(true);
    let mut failures = Vec::new();
    let mut warned = 0;
    for path in &files {
        let decoded = decoder.from_file::<T>(path);
        let text = std::fs::read_to_string(path).expect("read file");
        let file = hcl_core::parse(&text, &path.display().to_string()).expect("accepted");
        let whole = decoder.from_body::<T>(&hcl_core::Body::from_file(&file));
        match (decoded, whole) {
            (Ok(decoded), Ok(whole)) => {
                let show = |v: &T| format!("{v:?}");
                assert_eq!(
                    show(&decoded.value),
                    show(&whole.value),
                    "{}",
                    path.display()
                );
                assert_eq!(
                    decoded.warnings.to_string(),
                    whole.warnings.to_string(),
                    "{}",
                    path.display()
                );
                if !decoded.warnings.is_empty() {
                    warned += 1;
                }
            }
            (Err(err), Err(whole)) => {
                assert_eq!(err.to_string(), whole.to_string(), "{}", path.display());
                failures.push(err.to_string());
            }
            (decoded, whole) => panic!(
                "{}: the two paths disagree: {:?} and {:?}",
                path.display(),
                decoded.map(|d| d.value),
                whole.map(|d| d.value)
            ),
        }
    }
    println!(
        "{name}: {} files decoded into {} ({warned} with warnings), {} failed",
        files.len(),
        std::any::type_name::<T>(),
        failures.len()
    );
    assert!(!files.is_empty());
    Some((files.len(), failures))
}

fn decode_all_into_json(name: &str) {
    if let Some((_, failures)) = decode_all::<Json>(name) {
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }
}

#[test]
fn real_files_decode_with_unresolved_expressions_as_source() {
    decode_all_into_json("real");
}

#[test]
fn real_v2_20_files_decode_with_unresolved_expressions_as_source() {
    decode_all_into_json("real-v2.20");
}

/// An `#[hcl]` target for Terraform files.
mod typed {
    use super::*;

    #[hcl_serde::hcl]
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    pub struct Config {
        #[serde(default)]
        resource: Vec<Resource>,
        #[serde(default)]
        variable: Vec<Variable>,
        /// A block type without labels: `provider "aws" {}` is refused.
        #[serde(default)]
        provider: Vec<RawBody>,
        /// Not a block type: `locals { ... }` is refused.
        #[serde(default)]
        locals: Vec<BTreeMap<String, Json>>,
        /// A map of block types: `module "vpc" {}` keyed by its label.
        #[serde(default)]
        module: BTreeMap<String, Module>,
        terraform: Option<RawBody>,
    }

    #[hcl_serde::hcl]
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Resource {
        #[hcl(label)]
        kind: String,
        #[hcl(label)]
        name: String,
        count: Option<Json>,
        /// Plain structs: arguments only.
        tags: Option<BTreeMap<String, Json>>,
        #[hcl(remain)]
        rest: RawBody,
    }

    #[hcl_serde::hcl]
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Variable {
        #[hcl(label)]
        name: String,
        description: Option<String>,
        default: Option<Json>,
        validation: Option<Validation>,
    }

    #[hcl_serde::hcl]
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Validation {
        condition: Json,
        error_message: Json,
    }

    #[hcl_serde::hcl]
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Module {
        source: Json,
        #[hcl(remain)]
        inputs: RawBody,
    }
}

#[test]
fn real_files_decode_into_an_hcl_target_as_parsed_whole() {
    if let Some((files, failures)) = decode_all::<typed::Config>("real") {
        // Many are refused: a `locals` or `provider` block, say.
        assert!(failures.len() < files, "every file refused");
    }
}

#[test]
fn real_v2_20_files_decode_into_an_hcl_target_as_parsed_whole() {
    decode_all::<typed::Config>("real-v2.20");
}

/// Why a dump case has no expected JSON value.
#[derive(Debug)]
enum Skip {
    /// An attribute does not evaluate without variables (or is unknown).
    NeedsVariables,
    /// A value JSON cannot hold (an infinity).
    NotJson,
}

/// What the schema-less decode of a dump should give.
enum Expected {
    Value(Json),
    /// The layout has no schema-less form: an attribute and blocks of one
    /// name, or blocks of one type with different label counts.
    Error,
}

/// The JSON of a typed value `{"type": T, "value": V}`.
fn typed_value(result: &Json) -> Result<Json, Skip> {
    if result.get("error").is_some() {
        return Err(Skip::NeedsVariables);
    }
    value(&result["value"], &result["type"])
}

fn value(v: &Json, ty: &Json) -> Result<Json, Skip> {
    if v.get("$unknown").is_some() {
        return Err(Skip::NeedsVariables);
    }
    match (v, ty.as_str()) {
        (Json::String(text), Some("number")) => number(text),
        (Json::Array(items), _) => {
            let element = |i: usize| match ty.get(0).and_then(Json::as_str) {
                Some("tuple") => ty[1][i].clone(),
                _ => ty[1].clone(),
            };
            items
                .iter()
                .enumerate()
                .map(|(i, item)| value(item, &element(i)))
                .collect::<Result<Vec<_>, _>>()
                .map(Json::Array)
        }
        (Json::Object(entries), _) => {
            let mut out = Map::new();
            for (key, item) in entries {
                let item_ty = match ty.get(0).and_then(Json::as_str) {
                    Some("object") => ty[1][key].clone(),
                    _ => ty[1].clone(),
                };
                out.insert(key.clone(), value(item, &item_ty)?);
            }
            Ok(Json::Object(out))
        }
        (other, _) => Ok(other.clone()),
    }
}

/// A number as serde_json holds it after our decode: an integer when it
/// fits 64 bits, a float otherwise.
fn number(text: &str) -> Result<Json, Skip> {
    if let Ok(i) = text.parse::<i64>() {
        return Ok(Json::from(i));
    }
    if let Ok(u) = text.parse::<u64>() {
        return Ok(Json::from(u));
    }
    match text.parse::<f64>() {
        Ok(f) if f.is_finite() => Ok(Json::from(f)),
        _ => Err(Skip::NotJson),
    }
}

fn body(dump: &Json) -> Result<Expected, Skip> {
    let mut out = Map::new();
    let mut layout_error = false;
    if let Some(attrs) = dump["attributes"].as_object() {
        for (name, result) in attrs {
            out.insert(name.clone(), typed_value(result)?);
        }
    }
    let blocks = dump["blocks"].as_array().cloned().unwrap_or_default();
    let mut types: Vec<&str> = Vec::new();
    for block in &blocks {
        let t = block["type"].as_str().unwrap_or_default();
        if !types.contains(&t) {
            types.push(t);
        }
    }
    for t in types {
        let of_type: Vec<&Json> = blocks.iter().filter(|b| b["type"] == t).collect();
        if out.contains_key(t) {
            layout_error = true;
        }
        match blocks_json(&of_type, 0)? {
            Expected::Value(v) => {
                out.insert(t.to_string(), v);
            }
            Expected::Error => layout_error = true,
        }
    }
    Ok(if layout_error {
        Expected::Error
    } else {
        Expected::Value(Json::Object(out))
    })
}

fn labels(block: &Json) -> Vec<&str> {
    block["labels"]
        .as_array()
        .map(|l| l.iter().filter_map(Json::as_str).collect())
        .unwrap_or_default()
}

fn blocks_json(blocks: &[&Json], depth: usize) -> Result<Expected, Skip> {
    let count = labels(blocks[0]).len();
    if blocks.iter().any(|b| labels(b).len() != count) {
        return Ok(Expected::Error);
    }
    if count > depth {
        let mut keys: Vec<&str> = Vec::new();
        for b in blocks {
            let key = labels(b)[depth];
            if !keys.contains(&key) {
                keys.push(key);
            }
        }
        let mut out = Map::new();
        for key in keys {
            let group: Vec<&Json> = blocks
                .iter()
                .copied()
                .filter(|b| labels(b)[depth] == key)
                .collect();
            match blocks_json(&group, depth + 1)? {
                Expected::Value(v) => {
                    out.insert(key.to_string(), v);
                }
                Expected::Error => return Ok(Expected::Error),
            }
        }
        return Ok(Expected::Value(Json::Object(out)));
    }
    if let [one] = blocks {
        return body(&one["body"]);
    }
    let mut items = Vec::new();
    for b in blocks {
        match body(&b["body"])? {
            Expected::Value(v) => items.push(v),
            Expected::Error => return Ok(Expected::Error),
        }
    }
    Ok(Expected::Value(Json::Array(items)))
}

#[test]
fn real_dump_values_match_the_reference() {
    let Some(path) = shared("real-dump.jsonl") else {
        return;
    };
    let text = std::fs::read_to_string(path).expect("read real-dump.jsonl");
    let (mut compared, mut layout_errors, mut needs_vars, mut not_json) = (0, 0, 0, 0);
    let mut failures = Vec::new();
    for line in text.lines() {
        let case: Json = serde_json::from_str(line).expect("a JSON case");
        let expect = &case["expect"];
        let no_vars = case
            .get("vars")
            .is_none_or(|v| v.as_object().is_none_or(Map::is_empty));
        if expect.get("error").is_some() || !no_vars {
            continue;
        }
        let id = case["id"].as_str().unwrap_or_default();
        let src = case["src"].as_str().unwrap_or_default();
        let result = hcl_serde::from_str::<Json>(src);
        match body(expect) {
            Err(Skip::NeedsVariables) => needs_vars += 1,
            Err(Skip::NotJson) => not_json += 1,
            Ok(Expected::Error) => {
                layout_errors += 1;
                if result.is_ok() {
                    failures.push(format!("{id}: decoded, but has no schema-less layout"));
                }
            }
            Ok(Expected::Value(want)) => {
                compared += 1;
                match result {
                    Ok(got) if got == want => {}
                    Ok(got) => failures.push(format!("{id}:\n  want {want}\n  got  {got}")),
                    Err(err) => failures.push(format!("{id}: {err}")),
                }
            }
        }
    }
    println!(
        "real-dump: {compared} files compared with the reference's values, {} differ; \
         {layout_errors} without a schema-less layout (rejected as expected); \
         {needs_vars} need variables, {not_json} hold values JSON cannot",
        failures.len()
    );
    assert!(compared > 0);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
