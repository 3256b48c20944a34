//! `hcl json` over every file of the real corpus, evaluating and not
//! (`--no-eval`): the output of each file is JSON; no attribute whose
//! value is a tuple or object constructor comes out as one string; in the
//! evaluating mode every attribute the library evaluates to a wholly known
//! value, without referring to a variable it lacks, comes out as that
//! value's JSON ([`hcl_core::Value::write_json`]); and in both modes the
//! output, parsed with [`hcl_core::parse_json`], reads back as the native
//! file's values and blocks ([`check_read_back`]).
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use hcl_core::ast::{Body, Expression, ExpressionKind};
use hcl_core::schema::{AttributeSchema, BlockHeaderSchema};
use hcl_core::value::JsonStyle;
use hcl_core::{BodySchema, EvalContext, ExprRef, SourceFile, Type, Value};
use serde_json::Value as J;
use std::collections::HashMap;
use std::process::Command;
use std::sync::Arc;

mod support;
use support::corpus;

/// What the checks found, for the final assertions.
#[derive(Default, Debug)]
struct Counts {
    files: usize,
    constructors: usize,
    known_compared: usize,
    /// Values of the output read back and equal to the native ones.
    read_back_values: usize,
    /// Strings of the output, where the native value is not known, whose
    /// templates parse.
    read_back_templates: usize,
    /// Blocks of the output read back with the native file's schema.
    read_back_blocks: usize,
}

/// Where the whole of a file's output is checked against what the library
/// evaluates. The output (`json`, the text of one document) is parsed with
/// [`hcl_core::parse_json`] and its body read back, level by level, with
/// the schema the native file's blocks imply: each attribute of the native
/// file, where its value is wholly known, evaluates in the output (in
/// `ctx`, the command's empty context) to the same value; where it is not,
/// tuples and objects are followed part by part, and a part not known is
/// a string whose template parses.
///
/// Differences that are the JSON syntax's own (the reference's too): a
/// JSON array reads back as a tuple and an object as an object, so a
/// list, set or map is compared after converting the value read back to
/// the native value's type.
fn check_read_back(
    name: &str,
    file: &hcl_core::File<'_>,
    json: &str,
    ctx: &EvalContext<'_>,
    counts: &mut Counts,
) {
    let parsed = hcl_core::parse_json(json, "output.json")
        .unwrap_or_else(|e| panic!("{name}: the output does not parse: {e}"));
    let read = ReadBack {
        name,
        source: &file.source,
        ctx,
        counts,
    };
    read.body(&file.body, &hcl_core::Body::from_json_file(&parsed), "");
}

struct ReadBack<'a, 'c> {
    name: &'a str,
    source: &'a Arc<SourceFile>,
    ctx: &'a EvalContext<'c>,
    counts: &'a mut Counts,
}

/// The blocks of a native body that `hcl json` writes: not those of a
/// type an attribute has, nor those with another number of labels than
/// the first block of their type.
fn written_blocks<'b, 'a>(body: &'b Body<'a>) -> Vec<&'b hcl_core::ast::Block<'a>> {
    let mut labels: HashMap<&str, usize> = HashMap::new();
    body.blocks
        .iter()
        .filter(|b| {
            let first = *labels.entry(b.block_type).or_insert(b.labels.len());
            first == b.labels.len() && !body.attributes.iter().any(|a| a.name == b.block_type)
        })
        .collect()
}

fn block_key(block_type: &str, labels: impl Iterator<Item = String>) -> Vec<String> {
    let mut key = vec![block_type.to_owned()];
    key.extend(labels);
    key
}

impl ReadBack<'_, '_> {
    fn body(mut self, native: &Body<'_>, json: &hcl_core::Body<'_>, path: &str) -> Self {
        let blocks = written_blocks(native);
        let mut headers: Vec<BlockHeaderSchema> = Vec::new();
        for block in &blocks {
            if headers.iter().all(|h| h.block_type != block.block_type) {
                let names: Vec<String> = (0..block.labels.len()).map(|i| format!("l{i}")).collect();
                let names: Vec<&str> = names.iter().map(String::as_str).collect();
                headers.push(BlockHeaderSchema::new(block.block_type, &names));
            }
        }
        let attrs = native
            .attributes
            .iter()
            .map(|a| AttributeSchema::optional(a.name))
            .collect();
        let schema = BodySchema::new(attrs, headers).unwrap();
        let content = json
            .content(&schema)
            .unwrap_or_else(|e| panic!("{}: {path}: {e}", self.name));
        for attr in &native.attributes {
            let got = content.attributes.get(attr.name);
            let got = got.unwrap_or_else(|| panic!("{}: {path}.{} missing", self.name, attr.name));
            self.expr(&attr.expr, got.expr, &format!("{path}.{}", attr.name));
        }
        // Blocks of one type and labels, in order on both sides.
        let mut read: HashMap<Vec<String>, Vec<&hcl_core::schema::Block<'_>>> = HashMap::new();
        for block in &content.blocks {
            let labels = block.labels.iter().map(|l| l.value.to_owned());
            read.entry(block_key(block.block_type, labels))
                .or_default()
                .push(block);
        }
        let mut seen: HashMap<Vec<String>, usize> = HashMap::new();
        for block in blocks {
            let key = block_key(
                block.block_type,
                block.labels.iter().map(|l| l.value.to_string()),
            );
            let i = seen.entry(key.clone()).or_default();
            let at = format!("{path}.{}", key.join("."));
            let got = read.get(&key).and_then(|list| list.get(*i));
            let got = got.unwrap_or_else(|| panic!("{}: {at}[{i}] missing", self.name));
            *i += 1;
            self.counts.read_back_blocks += 1;
            self = self.body(&block.body, &got.body, &at);
        }
        for (key, list) in &read {
            assert_eq!(
                seen.get(key),
                Some(&list.len()),
                "{}: {path}: {key:?}",
                self.name
            );
        }
        self
    }

    /// The native value of `expr` when it is wholly known: it refers to
    /// nothing the context lacks and evaluates without errors.
    fn known(&self, expr: &Expression<'_>) -> Option<Value> {
        let refs = ExprRef::new(expr, self.source).variables();
        if refs.iter().any(|t| self.ctx.variable(t.root).is_none()) {
            return None;
        }
        let (value, diags) = self.ctx.evaluate_with_diagnostics(expr, self.source);
        (!diags.has_errors() && value.is_wholly_known()).then_some(value)
    }

    fn expr(&mut self, native: &Expression<'_>, json: ExprRef<'_>, at: &str) {
        if let Some(want) = self.known(native) {
            let (got, diags) = json.value_with_diagnostics(self.ctx);
            assert!(!diags.has_errors(), "{}: {at}: {diags}", self.name);
            // An array reads back as a tuple, an object as an object; the
            // JSON texts being equal, no string became a number or a bool.
            if let (Ok(a), Ok(b)) = (got.to_json(), want.to_json()) {
                assert_eq!(a, b, "{}: {at}", self.name);
            }
            let got = hcl_core::types::convert(&got, want.ty()).unwrap_or(got);
            assert_eq!(got, want, "{}: {at}", self.name);
            self.counts.read_back_values += 1;
            return;
        }
        match &native.kind {
            ExpressionKind::Tuple(items) => {
                let got = json.as_static_list();
                let got = got.unwrap_or_else(|_| panic!("{}: {at}: not an array", self.name));
                assert_eq!(got.len(), items.len(), "{}: {at}", self.name);
                for (i, (item, json)) in items.iter().zip(got).enumerate() {
                    self.expr(item, json, &format!("{at}[{i}]"));
                }
            }
            ExpressionKind::Object(items)
                if items.iter().all(|i| {
                    !matches!(&i.key.kind, ExpressionKind::ScopeTraversal { steps, .. } if !steps.is_empty())
                }) =>
            {
                let pairs = json.as_static_map();
                let pairs = pairs.unwrap_or_else(|_| panic!("{}: {at}: not an object", self.name));
                let mut read = HashMap::new();
                for pair in pairs {
                    let (key, diags) = pair.key.value_with_diagnostics(self.ctx);
                    match key.as_str() {
                        Some(key) if !diags.has_errors() => {
                            read.insert(key.to_owned(), pair.value);
                        }
                        _ => self.template(pair.key, at),
                    }
                }
                // A key written twice: the last value.
                let mut native_items = HashMap::new();
                for item in items {
                    let key = match &item.key.kind {
                        ExpressionKind::ScopeTraversal { root, .. } => Some(Value::from(*root)),
                        _ => self.known(&item.key),
                    };
                    let key = key.and_then(|k| hcl_core::types::convert(&k, &Type::String).ok());
                    if let Some(key) = key.as_ref().and_then(Value::as_str) {
                        native_items.insert(key.to_owned(), &item.value);
                    }
                }
                for (key, value) in native_items {
                    let got = read.get(&key).copied();
                    let got = got.unwrap_or_else(|| panic!("{}: {at}: key {key:?} missing", self.name));
                    self.expr(value, got, &format!("{at}.{key}"));
                }
            }
            _ => self.template(json, at),
        }
    }

    /// A part whose native value is not known: a string whose template
    /// parses.
    fn template(&mut self, json: ExprRef<'_>, at: &str) {
        assert!(json.is_template(), "{}: {at}: not a string", self.name);
        let text = json.literal_value().unwrap();
        let text = text.as_str().unwrap();
        if let Err(e) = hcl_core::parse_template(text, "t") {
            panic!("{}: {at}: {text:?} does not parse: {e}", self.name);
        }
        self.counts.read_back_templates += 1;
    }
}

#[test]
fn json_of_every_corpus_file_keeps_structure_and_values() {
    let Some(files) = corpus("real") else { return };
    let mut counts = Counts::default();
    for no_eval in [false, true] {
        for batch in files.chunks(300) {
            let mut args = vec!["json".to_owned()];
            if no_eval {
                args.push("--no-eval".to_owned());
            }
            args.extend(batch.iter().map(|p| p.to_string_lossy().into_owned()));
            let out = Command::new(env!("CARGO_BIN_EXE_hcl"))
                .args(&args)
                .output()
                .unwrap();
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(0), "{stderr}");
            // One document per file and line, in the order given.
            let text = String::from_utf8(out.stdout).unwrap();
            let lines: Vec<&str> = text.lines().collect();
            assert_eq!(lines.len(), batch.len());
            for (path, line) in batch.iter().zip(lines) {
                let name = path.to_string_lossy().into_owned();
                let output: &J = &serde_json::from_str(line).unwrap();
                let text = std::fs::read_to_string(path).unwrap();
                let file = hcl_core::parse(&text, &name).unwrap();
                let ctx = EvalContext::new();
                let mut ctx = ctx.child();
                ctx.share_budget(text.len());
                let mut walk = Walk {
                    name: &name,
                    source: &file.source,
                    ctx: (!no_eval).then_some(&ctx),
                    counts: &mut counts,
                };
                walk.body(&file.body, output, "");
                check_read_back(&name, &file, line, &ctx, &mut counts);
                counts.files += 1;
            }
        }
    }
    eprintln!("{counts:?}");
    assert_eq!(counts.files, 2 * files.len());
    assert!(counts.constructors > 1000, "{counts:?}");
    assert!(counts.known_compared > 1000, "{counts:?}");
    assert!(counts.read_back_values > 1000, "{counts:?}");
    assert!(counts.read_back_templates > 1000, "{counts:?}");
    assert!(counts.read_back_blocks > 1000, "{counts:?}");
}

struct Walk<'a, 'c> {
    name: &'a str,
    source: &'a Arc<SourceFile>,
    ctx: Option<&'a EvalContext<'c>>,
    counts: &'a mut Counts,
}

impl Walk<'_, '_> {
    fn body(&mut self, body: &Body<'_>, out: &J, path: &str) {
        for attr in &body.attributes {
            let got = &out[attr.name];
            let at = format!("{path}.{}", attr.name);
            match &attr.expr.kind {
                ExpressionKind::Tuple(_) => {
                    self.counts.constructors += 1;
                    assert!(got.is_array(), "{}: {at}: {got}", self.name);
                }
                ExpressionKind::Object(items) => {
                    self.counts.constructors += 1;
                    let plain = items.iter().all(|i| {
                        !matches!(&i.key.kind, ExpressionKind::ScopeTraversal { steps, .. } if !steps.is_empty())
                    });
                    assert!(!plain || got.is_object(), "{}: {at}: {got}", self.name);
                }
                _ => {}
            }
            let Some(ctx) = self.ctx else { continue };
            // An attribute that refers to a variable the context lacks is
            // known only to the application (`try(var.x, "")` included).
            let refs = hcl_core::ExprRef::new(&attr.expr, self.source).variables();
            if refs.iter().any(|t| ctx.variable(t.root).is_none()) {
                continue;
            }
            let (value, diags) = ctx.evaluate_with_diagnostics(&attr.expr, self.source);
            if diags.has_errors() {
                continue;
            }
            let style = JsonStyle {
                escape_templates: true,
                ..JsonStyle::default()
            };
            let mut text = String::new();
            if value.write_json(&mut text, &style).is_err() {
                continue;
            }
            let want: J = serde_json::from_str(&text).unwrap();
            assert_eq!(got, &want, "{}: {at}", self.name);
            self.counts.known_compared += 1;
        }
        // Blocks of one type and labels repeated become an array.
        let key = |b: &hcl_core::ast::Block<'_>| {
            let mut k = vec![b.block_type.to_owned()];
            k.extend(b.labels.iter().map(|l| l.value.to_string()));
            k
        };
        let mut total: HashMap<Vec<String>, usize> = HashMap::new();
        for block in &body.blocks {
            *total.entry(key(block)).or_default() += 1;
        }
        let mut seen: HashMap<Vec<String>, usize> = HashMap::new();
        // A block of a type that an argument has, or that earlier blocks
        // have with another number of labels, is left out.
        let mut labels: HashMap<&str, usize> = HashMap::new();
        for block in &body.blocks {
            let first = *labels.entry(block.block_type).or_insert(block.labels.len());
            let conflicts = body.attributes.iter().any(|a| a.name == block.block_type);
            if first != block.labels.len() || conflicts {
                continue;
            }
            let k = key(block);
            let mut node = out;
            for step in &k {
                node = &node[step.as_str()];
            }
            let i = seen.entry(k.clone()).or_default();
            if total[&k] > 1 {
                node = &node[*i];
            }
            *i += 1;
            self.body(&block.body, node, &format!("{path}.{}", k.join(".")));
        }
    }
}
