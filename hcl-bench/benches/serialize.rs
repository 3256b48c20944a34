//! Writing the synthetic Terraform-like file back as HCL, in MB/s
//! (10^6 bytes per second) of output: the bench input is decoded once,
//! then written by each serializer.
//!
//! - `hcl_serde/by_map`: `hcl_serde::to_string` of the peers' layout
//!   (labels as nested map keys, written as labeled blocks);
//! - `hcl_serde/by_label`: `hcl_serde::to_string` of the `#[hcl]` layout
//!   (labels from label fields);
//! - `hcl-rs`: `hcl::to_string` of the same `by_map` value (which writes
//!   nested structs and maps as attributes with object values).
//!
//! ```sh
//! cargo bench -p hcl-bench --features peers --bench serialize
//! ```

#![allow(clippy::unwrap_used, clippy::expect_used, reason = "benchmark setup")]

use std::hint::black_box;
use std::time::Duration;

use criterion::{
    criterion_group, criterion_main, BenchmarkId, Criterion, SamplingMode, Throughput,
};
use hcl_bench::schema::{by_label, by_map};

fn serialize(c: &mut Criterion) {
    let mut group = c.benchmark_group("serialize");
    group
        .sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(10));
    for mb in [1, 10] {
        let Some(input) = hcl_bench::bench_input(mb, false) else {
            continue;
        };
        let text = std::fs::read_to_string(&input.hcl).unwrap();
        let name = input.name.as_str();
        let by_map: by_map::Config<hcl_core::Value> = hcl_serde::from_str(&text).unwrap();
        let by_label: by_label::Config<hcl_core::Value> = hcl_serde::from_str(&text).unwrap();

        // Every output reads back to as many resources as were written.
        let ours = hcl_serde::to_string(&by_map).unwrap();
        let labelled = hcl_serde::to_string(&by_label).unwrap();
        let peer = hcl::to_string(&by_map).unwrap();
        let back: by_map::Config<hcl_core::Value> = hcl_serde::from_str(&ours).unwrap();
        assert_eq!(back.resources(), by_map.resources());
        let back: by_label::Config<hcl_core::Value> = hcl_serde::from_str(&labelled).unwrap();
        assert_eq!(back.resources(), by_label.resources());
        let back: by_map::Config<hcl::Value> = hcl::from_str(&peer).unwrap();
        assert_eq!(back.resources(), by_map.resources());

        group.throughput(Throughput::BytesDecimal(ours.len() as u64));
        group.bench_with_input(
            BenchmarkId::new("hcl_serde/by_map", name),
            &by_map,
            |b, v| b.iter(|| hcl_serde::to_string(black_box(v)).unwrap()),
        );
        group.throughput(Throughput::BytesDecimal(labelled.len() as u64));
        group.bench_with_input(
            BenchmarkId::new("hcl_serde/by_label", name),
            &by_label,
            |b, v| b.iter(|| hcl_serde::to_string(black_box(v)).unwrap()),
        );
        group.throughput(Throughput::BytesDecimal(peer.len() as u64));
        group.bench_with_input(BenchmarkId::new("hcl-rs", name), &by_map, |b, v| {
            b.iter(|| hcl::to_string(black_box(v)).unwrap())
        });
    }
    group.finish();
}

criterion_group!(benches, serialize);
criterion_main!(benches);
