//! `hcl json` over every file of the real corpus, evaluating and not
//! (`--no-eval`): the output of each file is JSON; no attribute whose
//! value is a tuple or object constructor comes out as one string; in the
//! evaluating mode every attribute the library evaluates to a wholly known
//! value, without referring to a variable it lacks, comes out as that
//! value's JSON ([`hcl_core::Value::write_json`]).
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use hcl_core::ast::{Body, ExpressionKind};
use hcl_core::value::JsonStyle;
use hcl_core::{EvalContext, SourceFile, Value};
use serde_json::Value as J;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;

fn corpus() -> Option<Vec<PathBuf>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus/real");
    if !root.is_dir() {
        println!("skipped: {} is absent", root.display());
        return None;
    }
    let mut files = Vec::new();
    let mut stack = vec![root];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path
                .extension()
                .is_some_and(|e| matches!(e.to_str(), Some("tf" | "hcl" | "nomad" | "tfvars")))
            {
                files.push(path);
            }
        }
    }
    files.sort();
    Some(files)
}

/// What the checks found, for the final assertions.
#[derive(Default, Debug)]
struct Counts {
    files: usize,
    constructors: usize,
    known_compared: usize,
}

/// An attribute the library evaluated to a value with JSON text.
struct Known {
    path: String,
    value: Value,
}

/// Where the whole of a file's output is checked against what the library
/// evaluated. The output is JSON of the HCL JSON syntax; reading it back
/// through that syntax (once hcl-core reads it) and comparing each known
/// attribute's value with `known` is to be done here, in this one place.
fn check_read_back(name: &str, output: &J, known: &[Known]) {
    assert!(output.is_object(), "{name}: the output is not an object");
    for k in known {
        assert!(
            !k.path.is_empty() && k.value.to_json().is_ok(),
            "{name}: {}",
            k.path
        );
    }
}

#[test]
fn json_of_every_corpus_file_keeps_structure_and_values() {
    let Some(files) = corpus() else { return };
    let mut counts = Counts::default();
    for no_eval in [false, true] {
        for batch in files.chunks(300) {
            let mut args = vec!["json".to_owned(), "--by-file".to_owned()];
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
            let all: J = serde_json::from_slice(&out.stdout).unwrap();
            for path in batch {
                let name = path.to_string_lossy().into_owned();
                let output = &all[&name];
                let text = std::fs::read_to_string(path).unwrap();
                let file = hcl_core::parse(&text, &name).unwrap();
                let ctx = EvalContext::new();
                let mut ctx = ctx.child();
                ctx.share_budget(text.len());
                let mut known = Vec::new();
                let mut walk = Walk {
                    name: &name,
                    source: &file.source,
                    ctx: (!no_eval).then_some(&ctx),
                    counts: &mut counts,
                    known: &mut known,
                };
                walk.body(&file.body, output, "");
                check_read_back(&name, output, &known);
                counts.files += 1;
            }
        }
    }
    println!("{counts:?}");
    assert_eq!(counts.files, 2 * files.len());
    assert!(counts.constructors > 1000, "{counts:?}");
    assert!(counts.known_compared > 1000, "{counts:?}");
}

struct Walk<'a, 'c> {
    name: &'a str,
    source: &'a Arc<SourceFile>,
    ctx: Option<&'a EvalContext<'c>>,
    counts: &'a mut Counts,
    known: &'a mut Vec<Known>,
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
            self.known.push(Known { path: at, value });
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
