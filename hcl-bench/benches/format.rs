//! Formatting throughput: `hcl_core::format` in MB/s (10^6 bytes per
//! second) on the parse benchmark's inputs, generated on first use into the
//! project's `target/` by the generators in `../shared`:
//!
//! - `large-1mb`, `large-10mb`: synthetic Terraform-like files covering the
//!   whole native syntax (`../shared/corpus/gen_large.py`);
//! - `plain-1mb`, `plain-10mb`: literal-only files
//!   (`../shared/bench/gen.py --seed 42`).
//!
//! Each is measured as generated and once formatted (the common case of a
//! file that is already formatted).
//!
//! ```sh
//! cargo bench -p hcl-bench --features peers --bench format
//! ```

// A benchmark: a missing input ends it with a message.
#![allow(clippy::expect_used)]

use std::hint::black_box;
use std::time::Duration;

use criterion::{
    criterion_group, criterion_main, BenchmarkId, Criterion, SamplingMode, Throughput,
};

/// The named inputs that can be made.
fn inputs() -> Vec<(String, String)> {
    let mut files = Vec::new();
    for mb in [1, 10] {
        if let Some(path) = hcl_bench::large_input(mb) {
            files.push((format!("large-{mb}mb"), path));
        }
        if let Some(input) = hcl_bench::bench_input(mb, false) {
            files.push((input.name, input.hcl));
        }
    }
    files
        .into_iter()
        .map(|(name, path)| {
            let text = std::fs::read_to_string(&path).expect("cannot read a generated input");
            (name, text)
        })
        .collect()
}

fn format(c: &mut Criterion) {
    let mut group = c.benchmark_group("format");
    group
        .sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(6));
    for (name, text) in inputs() {
        let formatted = hcl_core::format(&text);
        for (variant, input) in [("as-generated", &text), ("formatted", &formatted)] {
            group.throughput(Throughput::BytesDecimal(input.len() as u64));
            group.bench_with_input(
                BenchmarkId::new(variant, &name),
                input.as_str(),
                |b, input| b.iter(|| hcl_core::format(black_box(input))),
            );
        }
    }
    group.finish();
}

criterion_group!(benches, format);
criterion_main!(benches);
