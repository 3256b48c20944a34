//! Decoding a synthetic Terraform-like file into typed structs, in MB/s
//! (10^6 bytes per second), and in the same run the peers on the same
//! content: hcl-rs's `hcl::from_str` (labels as nested map keys) and
//! serde_json on the JSON twin.
//!
//! - `hcl_serde/by_map`: the peers' layout (labels as map keys);
//! - `hcl_serde/by_label`: labels read into label fields with `#[hcl]`;
//! - `hcl_serde/by_label+inputs`: the same, then the modules' inputs (kept
//!   as `RawBody` by the first pass) decoded in a second pass, as an
//!   application that learns their schema late does: with `by_map`, the
//!   same values decoded;
//! - `hcl-rs`: `hcl::from_str::<Config<hcl::Value>>`;
//! - `serde_json`: `serde_json::from_str::<Config<serde_json::Value>>` on
//!   the JSON twin (throughput counted in bytes of JSON);
//! - `hcl_serde/json/by_map`, `hcl_serde/json/by_label`: the JSON twin read
//!   in the HCL JSON syntax (its strings' `${` and `%{` escaped, since
//!   they are templates; the target's types say what is a block), into
//!   the two layouts (bytes of that JSON).
//!
//! ```sh
//! cargo bench -p hcl-bench --features peers --bench deserialize             # 1 and 10 MB
//! HCL_BENCH_100MB=1 cargo bench -p hcl-bench --features peers --bench deserialize   # and 100 MB
//! ```
//!
//! Peak memory is measured per process by the `memory` example.
//!
//! `deserialize_errors` decodes the same input with a bad value in every
//! 300th resource (`enabled = "x"`): this project reports every error (one
//! pass per error, see `hcl-serde/src/de/recovery.rs`), hcl-rs the first.

#![allow(clippy::unwrap_used, clippy::expect_used, reason = "benchmark setup")]

use std::collections::HashMap;
use std::hint::black_box;
use std::time::Duration;

use criterion::measurement::WallTime;
use criterion::{
    criterion_group, criterion_main, BenchmarkGroup, BenchmarkId, Criterion, SamplingMode,
    Throughput,
};
use hcl_bench::schema::{by_label, by_map};

/// A group of decodes that take up to a second each: ten samples, one
/// iteration each, over about ten seconds.
fn slow_group<'c>(c: &'c mut Criterion, name: &str) -> BenchmarkGroup<'c, WallTime> {
    let mut group = c.benchmark_group(name);
    group
        .sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(10));
    group
}

fn deserialize(c: &mut Criterion) {
    let mut sizes = vec![1, 10];
    if std::env::var_os("HCL_BENCH_100MB").is_some() {
        sizes.push(100);
    }
    let mut group = slow_group(c, "deserialize");
    for mb in sizes {
        let Some(input) = hcl_bench::bench_input(mb, false) else {
            continue;
        };
        let hcl_text = std::fs::read_to_string(&input.hcl).unwrap();
        let json_text = std::fs::read_to_string(&input.json).unwrap();
        let name = input.name.as_str();

        // Every reader must read the same content.
        let ours: by_map::Config<hcl_core::Value> = hcl_serde::from_str(&hcl_text).unwrap();
        let labelled: by_label::Config<hcl_core::Value> = hcl_serde::from_str(&hcl_text).unwrap();
        let peer: by_map::Config<hcl::Value> = hcl::from_str(&hcl_text).unwrap();
        let json: by_map::Config<serde_json::Value> = serde_json::from_str(&json_text).unwrap();
        assert_eq!(ours.resources(), peer.resources());
        assert_eq!(labelled.resources(), peer.resources());
        assert_eq!(
            module_inputs(&labelled),
            ours.module.values().map(|m| m.inputs.len()).sum::<usize>()
        );
        assert_eq!(json.resources(), peer.resources());
        // The JSON twin in the HCL JSON syntax, whose strings are
        // templates, read by both layouts.
        let hcl_json_text = hcl_json_twin(&json_text);
        let json_syntax = hcl_serde::Decoder::new().syntax(hcl_serde::Syntax::Json);
        let ours_json: by_map::Config<hcl_core::Value> =
            json_syntax.from_str(&hcl_json_text).unwrap().value;
        let labelled_json: by_label::Config<hcl_core::Value> =
            json_syntax.from_str(&hcl_json_text).unwrap().value;
        assert_eq!(ours_json.resources(), peer.resources());
        assert_eq!(labelled_json.resources(), peer.resources());

        group.throughput(Throughput::BytesDecimal(hcl_text.len() as u64));
        group.bench_with_input(
            BenchmarkId::new("hcl_serde/by_map", name),
            &hcl_text,
            |b, t| {
                b.iter(|| {
                    hcl_serde::from_str::<by_map::Config<hcl_core::Value>>(black_box(t)).unwrap()
                })
            },
        );
        group.bench_with_input(
            BenchmarkId::new("hcl_serde/by_label", name),
            &hcl_text,
            |b, t| {
                b.iter(|| {
                    hcl_serde::from_str::<by_label::Config<hcl_core::Value>>(black_box(t)).unwrap()
                })
            },
        );
        group.bench_with_input(
            BenchmarkId::new("hcl_serde/by_label+inputs", name),
            &hcl_text,
            |b, t| {
                b.iter(|| {
                    let config: by_label::Config<hcl_core::Value> =
                        hcl_serde::from_str(black_box(t)).unwrap();
                    module_inputs(&config)
                })
            },
        );
        group.bench_with_input(BenchmarkId::new("hcl-rs", name), &hcl_text, |b, t| {
            b.iter(|| hcl::from_str::<by_map::Config<hcl::Value>>(black_box(t)).unwrap())
        });
        group.throughput(Throughput::BytesDecimal(json_text.len() as u64));
        group.bench_with_input(BenchmarkId::new("serde_json", name), &json_text, |b, t| {
            b.iter(|| {
                serde_json::from_str::<by_map::Config<serde_json::Value>>(black_box(t)).unwrap()
            })
        });
        group.throughput(Throughput::BytesDecimal(hcl_json_text.len() as u64));
        group.bench_with_input(
            BenchmarkId::new("hcl_serde/json/by_map", name),
            &hcl_json_text,
            |b, t| {
                b.iter(|| {
                    json_syntax
                        .from_str::<by_map::Config<hcl_core::Value>>(black_box(t))
                        .unwrap()
                })
            },
        );
        group.bench_with_input(
            BenchmarkId::new("hcl_serde/json/by_label", name),
            &hcl_json_text,
            |b, t| {
                b.iter(|| {
                    json_syntax
                        .from_str::<by_label::Config<hcl_core::Value>>(black_box(t))
                        .unwrap()
                })
            },
        );
    }
    group.finish();
}

/// The second pass over the modules of `config`: each one's inputs
/// decoded; how many in all.
fn module_inputs(config: &by_label::Config<hcl_core::Value>) -> usize {
    config
        .module
        .iter()
        .map(|m| {
            let inputs: HashMap<String, hcl_core::Value> = m.inputs.decode().unwrap();
            inputs.len()
        })
        .sum()
}

/// The JSON twin as a file of the HCL JSON syntax: the same document with
/// `${` and `%{` in its strings escaped (`$${`, `%%{`), since there strings
/// are templates.
fn hcl_json_twin(json_text: &str) -> String {
    fn escape(v: &mut serde_json::Value) {
        match v {
            serde_json::Value::String(s) => *s = s.replace("${", "$${").replace("%{", "%%{"),
            serde_json::Value::Array(items) => items.iter_mut().for_each(escape),
            serde_json::Value::Object(map) => map.values_mut().for_each(escape),
            _ => {}
        }
    }
    let mut value: serde_json::Value = serde_json::from_str(json_text).unwrap();
    escape(&mut value);
    serde_json::to_string_pretty(&value).unwrap()
}

/// `text` with `enabled` set to a string, which a `bool` field rejects, in
/// every `every`-th resource; and how many were changed.
fn with_bad_values(text: &str, every: usize) -> (String, usize) {
    let mut out = String::with_capacity(text.len());
    let mut block: Vec<&str> = Vec::new();
    let (mut resources, mut changed) = (0, 0);
    for line in text.lines() {
        if block.is_empty() && !line.starts_with("resource \"") {
            out.push_str(line);
            out.push('\n');
            continue;
        }
        block.push(line);
        if line != "}" {
            continue;
        }
        resources += 1;
        let bad = resources % every == 0;
        let has_enabled = block.iter().any(|l| l.starts_with("  enabled "));
        for (n, l) in block.drain(..).enumerate() {
            if bad && l.starts_with("  enabled ") {
                out.push_str("  enabled = \"x\"");
            } else {
                out.push_str(l);
            }
            out.push('\n');
            if bad && n == 0 && !has_enabled {
                out.push_str("  enabled = \"x\"\n");
            }
        }
        changed += usize::from(bad);
    }
    (out, changed)
}

fn deserialize_errors(c: &mut Criterion) {
    let mut group = slow_group(c, "deserialize_errors");
    for mb in [1, 10] {
        let Some(input) = hcl_bench::bench_input(mb, false) else {
            continue;
        };
        let (text, bad) = with_bad_values(&std::fs::read_to_string(&input.hcl).unwrap(), 300);
        let name = input.name.as_str();
        let errors = |result: hcl_serde::Result<_>| match result {
            Ok(()) => 0,
            Err(e) => e.diagnostics().len(),
        };
        // Every bad value is reported, by both layouts; hcl-rs stops at one.
        let by_map =
            |t: &str| errors(hcl_serde::from_str::<by_map::Config<hcl_core::Value>>(t).map(|_| ()));
        let by_label = |t: &str| {
            errors(hcl_serde::from_str::<by_label::Config<hcl_core::Value>>(t).map(|_| ()))
        };
        assert_eq!(by_map(&text), bad);
        assert_eq!(by_label(&text), bad);
        assert!(hcl::from_str::<by_map::Config<hcl::Value>>(&text).is_err());

        group.throughput(Throughput::BytesDecimal(text.len() as u64));
        group.bench_with_input(BenchmarkId::new("hcl_serde/by_map", name), &text, |b, t| {
            b.iter(|| by_map(black_box(t)))
        });
        group.bench_with_input(
            BenchmarkId::new("hcl_serde/by_label", name),
            &text,
            |b, t| b.iter(|| by_label(black_box(t))),
        );
        group.bench_with_input(BenchmarkId::new("hcl-rs", name), &text, |b, t| {
            b.iter(|| hcl::from_str::<by_map::Config<hcl::Value>>(black_box(t)).is_err())
        });
    }
    group.finish();
}

criterion_group!(benches, deserialize, deserialize_errors);
criterion_main!(benches);
