//! JSON-syntax throughput, in MB/s (10^6 bytes per second): `parse_json`
//! alone, and parsing then reading every block and attribute through a
//! schema, on a generated Terraform-like `*.tf.json` document; serde_json
//! parsing the same text into its `Value` is the yardstick.
//!
//! ```sh
//! cargo bench -p hcl-bench --features peers --bench json
//! ```

// A benchmark: a failed parse ends it with a message.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use hcl_core::{Body, BodySchema};

/// A document of `n` resources, each with a few arguments, a nested block,
/// a template and an escaped string.
fn document(n: usize) -> String {
    let resources: Vec<String> = (0..n)
        .map(|i| {
            format!(
                r#"    "r{i}": {{
      "ami": "ami-{i:08}",
      "count": {i},
      "ratio": 0.{i},
      "enabled": true,
      "tags": {{"Name": "server-${{var.env}}-{i}", "Note": "line\none \u00e9"}},
      "ports": [80, 443, {i}],
      "ebs_block_device": [{{"device_name": "/dev/sd{i}", "volume_size": 100}}]
    }}"#
            )
        })
        .collect();
    format!(
        "{{\n  \"resource\": {{\n    \"aws_instance\": {{\n{}\n    }}\n  }}\n}}\n",
        resources.join(",\n")
    )
}

fn read_all(body: &Body<'_>) -> usize {
    let top = BodySchema::builder()
        .block("resource", &["type", "name"])
        .build()
        .unwrap();
    let inner = BodySchema::builder()
        .attribute("ami")
        .attribute("count")
        .attribute("ratio")
        .attribute("enabled")
        .attribute("tags")
        .attribute("ports")
        .block("ebs_block_device", &[])
        .build()
        .unwrap();
    let content = body.content(&top).unwrap();
    let mut items = 0;
    for block in &content.blocks {
        let found = block.body.content(&inner).unwrap();
        items += found.attributes.len() + found.blocks.len();
    }
    items
}

fn json(c: &mut Criterion) {
    let mut group = c.benchmark_group("json");
    group.measurement_time(Duration::from_secs(5));
    group.sample_size(10);
    for (name, n) in [("1mb", 3_000), ("10mb", 30_000)] {
        let text = document(n);
        group.throughput(Throughput::BytesDecimal(text.len() as u64));
        group.bench_with_input(BenchmarkId::new("parse_json", name), &text, |b, text| {
            b.iter(|| black_box(hcl_core::parse_json(text, "main.tf.json").unwrap()));
        });
        group.bench_with_input(
            BenchmarkId::new("parse_and_read", name),
            &text,
            |b, text| {
                b.iter(|| {
                    let file = hcl_core::parse_json(text, "main.tf.json").unwrap();
                    black_box(read_all(&Body::from_json_file(&file)))
                });
            },
        );
        group.bench_with_input(BenchmarkId::new("serde_json", name), &text, |b, text| {
            b.iter(|| black_box(serde_json::from_str::<serde_json::Value>(text).unwrap()));
        });
    }
    group.finish();
}

criterion_group!(benches, json);
criterion_main!(benches);
