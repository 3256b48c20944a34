//! Decoding a synthetic Terraform-like file into typed structs, in MB/s
//! (10^6 bytes per second), and in the same run the peers on the same
//! content: hcl-rs's `hcl::from_str` (labels as nested map keys) and
//! serde_json on the JSON twin.
//!
//! - `hcl_serde/by_map`: the peers' layout (labels as map keys);
//! - `hcl_serde/by_label`: labels read into label fields with `#[hcl]`;
//! - `hcl-rs`: `hcl::from_str::<Config<hcl::Value>>`;
//! - `serde_json`: `serde_json::from_str::<Config<serde_json::Value>>` on
//!   the JSON twin (throughput counted in bytes of JSON).
//!
//! ```sh
//! cargo bench --bench deserialize             # 1 and 10 MB
//! HCL_BENCH_100MB=1 cargo bench --bench deserialize   # and 100 MB
//! ```
//!
//! Peak memory is measured per process by the `deserialize_memory` example.

#![allow(clippy::unwrap_used, clippy::expect_used, reason = "benchmark setup")]

#[path = "common/mod.rs"]
mod common;

use std::hint::black_box;
use std::time::Duration;

use common::schema::{by_label, by_map};
use criterion::{
    criterion_group, criterion_main, BenchmarkId, Criterion, SamplingMode, Throughput,
};

fn deserialize(c: &mut Criterion) {
    let mut sizes = vec![1, 10];
    if std::env::var_os("HCL_BENCH_100MB").is_some() {
        sizes.push(100);
    }
    let mut group = c.benchmark_group("deserialize");
    group
        .sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(8));
    for mb in sizes {
        let Some(input) = common::bench_input(mb, false) else {
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
        assert_eq!(json.resources(), peer.resources());

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
        group.bench_with_input(BenchmarkId::new("hcl-rs", name), &hcl_text, |b, t| {
            b.iter(|| hcl::from_str::<by_map::Config<hcl::Value>>(black_box(t)).unwrap())
        });
        group.throughput(Throughput::BytesDecimal(json_text.len() as u64));
        group.bench_with_input(BenchmarkId::new("serde_json", name), &json_text, |b, t| {
            b.iter(|| {
                serde_json::from_str::<by_map::Config<serde_json::Value>>(black_box(t)).unwrap()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, deserialize);
criterion_main!(benches);
