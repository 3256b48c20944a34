//! Every native file of `../shared/corpus/real/` and its JSON-syntax twin
//! (the conversion `hcl json` writes, values where they are known and
//! source templates where not) decode to the same values: into
//! `serde_json::Value`, and, for Terraform files, into a struct of the
//! `#[hcl]` macro with label fields, block fields and remaining bodies.
//! Files the conversion cannot write exactly (a block left out because it
//! conflicts with an argument or with blocks of another label count) are
//! counted and skipped.
//!
//! Without `../shared` this test prints a notice and checks nothing.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[path = "support/shared_corpus.rs"]
mod shared_corpus;

use hcl_cli::convert::{Converter, Mode};
use hcl_core::{Diagnostics, EvalContext};
use hcl_serde::{Decoder, RawBody};
use serde::Deserialize;
use serde_json::Value as Json;
use shared_corpus::{corpus_files, shared_corpus};

/// A block with two labels, as Terraform's `resource` and `data`.
#[hcl_serde::hcl]
#[derive(Deserialize)]
struct TwoLabels {
    #[hcl(label)]
    kind: String,
    #[hcl(label)]
    name: String,
    count: Option<Json>,
    #[hcl(remain)]
    rest: RawBody,
}

/// A block with one label, as `variable`, `output`, `module`, `provider`.
#[hcl_serde::hcl]
#[derive(Deserialize)]
struct OneLabel {
    #[hcl(label)]
    name: String,
    #[hcl(remain)]
    rest: RawBody,
}

/// A Terraform file's top level.
#[hcl_serde::hcl]
#[derive(Deserialize)]
struct Terraform {
    #[hcl(block)]
    resource: Vec<TwoLabels>,
    #[hcl(block)]
    data: Vec<TwoLabels>,
    #[hcl(block)]
    variable: Vec<OneLabel>,
    #[hcl(block)]
    output: Vec<OneLabel>,
    #[hcl(block)]
    module: Vec<OneLabel>,
    #[hcl(block)]
    provider: Vec<OneLabel>,
    #[hcl(block)]
    locals: Vec<std::collections::BTreeMap<String, Json>>,
    #[hcl(remain)]
    rest: RawBody,
}

fn decoder() -> Decoder<'static> {
    Decoder::new().unresolved_as_source(true).lenient(true)
}

/// A remaining body's values.
fn rest(body: &RawBody) -> Json {
    decoder()
        .from_body::<Json>(&body.body().unwrap())
        .unwrap()
        .value
}

/// A decoded Terraform file as one comparable value: blocks sorted by
/// their labels (the JSON syntax groups blocks by type and labels, the
/// native file keeps them in source order).
fn comparable(tf: &Terraform) -> Json {
    let two = |blocks: &[TwoLabels]| {
        let mut list: Vec<Json> = blocks
            .iter()
            .map(|b| serde_json::json!([b.kind, b.name, b.count, rest(&b.rest)]))
            .collect();
        list.sort_by_key(|v| v.to_string());
        Json::Array(list)
    };
    let one = |blocks: &[OneLabel]| {
        let mut list: Vec<Json> = blocks
            .iter()
            .map(|b| serde_json::json!([b.name, rest(&b.rest)]))
            .collect();
        list.sort_by_key(|v| v.to_string());
        Json::Array(list)
    };
    serde_json::json!({
        "resource": two(&tf.resource),
        "data": two(&tf.data),
        "variable": one(&tf.variable),
        "output": one(&tf.output),
        "module": one(&tf.module),
        "provider": one(&tf.provider),
        "locals": tf.locals,
        "rest": rest(&tf.rest),
    })
}

/// Where `a` and `b` first differ, and how: for the failure message.
/// Strings with interpolations are the source text of expressions that do
/// not evaluate without variables: compared with white space removed, as
/// the conversion writes an expression that spans lines with a line break
/// before its closing `}` (where a comment could end it), and without
/// backslashes, as a native template's source keeps its escapes (`\"`)
/// where the JSON string has them resolved.
fn difference(a: &Json, b: &Json, path: &str) -> Option<String> {
    match (a, b) {
        (Json::String(x), Json::String(y)) if x.contains("${") => {
            let squeeze = |s: &str| s.split_whitespace().collect::<String>().replace('\\', "");
            (squeeze(x) != squeeze(y)).then(|| format!("{path}: {a} against {b}"))
        }
        (Json::Object(x), Json::Object(y)) => {
            for (k, v) in x {
                match y.get(k) {
                    Some(w) => {
                        if let Some(d) = difference(v, w, &format!("{path}.{k}")) {
                            return Some(d);
                        }
                    }
                    None => return Some(format!("{path}.{k}: only in the first")),
                }
            }
            y.keys()
                .find(|k| !x.contains_key(*k))
                .map(|k| format!("{path}.{k}: only in the second"))
        }
        (Json::Array(x), Json::Array(y)) if x.len() == y.len() => x
            .iter()
            .zip(y)
            .enumerate()
            .find_map(|(i, (v, w))| difference(v, w, &format!("{path}[{i}]"))),
        _ => (a != b).then(|| format!("{path}: {a} against {b}")),
    }
}

/// The JSON twin of a native file, or `None` when the conversion left
/// something out.
fn twin(file: &hcl_core::File<'_>) -> Option<String> {
    let ctx = EvalContext::new();
    let mut diags = Diagnostics::default();
    let mut conv = Converter {
        source: &file.source,
        ctx: &ctx,
        mode: Mode::Evaluate,
        diags: &mut diags,
    };
    let json = conv.body(&file.body).to_text(None);
    let left_out = diags
        .iter()
        .any(|d| d.code == hcl_core::Code::BlockLeftOutOfJson);
    (!left_out).then_some(json)
}

#[test]
fn native_files_and_their_json_twins_decode_alike() {
    let Some(dir) = shared_corpus("real") else {
        return;
    };
    let (mut compared, mut typed, mut skipped) = (0, 0, 0);
    for path in corpus_files(&dir) {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(&path).unwrap();
        let Ok(file) = hcl_core::parse(&text, &name) else {
            continue;
        };
        let Some(json) = twin(&file) else {
            skipped += 1;
            continue;
        };
        let json_name = format!("{name}.json");
        let native: Json = decoder().from_named_str(&text, &name).unwrap().value;
        let from_json: Json = decoder()
            .from_named_str(&json, &json_name)
            .unwrap_or_else(|e| panic!("{json_name}:\n{json}\n{e}"))
            .value;
        if let Some(d) = difference(&from_json, &native, "") {
            panic!("{name}: {d}");
        }
        compared += 1;

        if name.ends_with(".tf") {
            let native = match decoder().from_named_str::<Terraform>(&text, &name) {
                Ok(native) => native,
                Err(e) => {
                    eprintln!("{name}: {e}");
                    continue;
                }
            };
            let from_json = decoder()
                .from_named_str::<Terraform>(&json, &json_name)
                .unwrap_or_else(|e| panic!("{json_name}:\n{json}\n{e}"));
            let (a, b) = (comparable(&from_json.value), comparable(&native.value));
            if let Some(d) = difference(&a, &b, "") {
                panic!("{name} (typed): {d}");
            }
            typed += 1;
        }
    }
    println!("{compared} files and twins compared, {typed} of them typed; {skipped} skipped");
    assert!(compared > 1000, "{compared}");
    assert!(typed > 500, "{typed}");
}
