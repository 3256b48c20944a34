//! Linear growth on hostile input: every shape of
//! `tests/support/hostile.rs` at 1×, 10× and 100× its base size, through
//! two pipelines, and for each the ratio `time(100×) / time(1×) / 100`:
//! near 1 when the time grows linearly with the input (below 1 when fixed
//! costs weigh on the small input; quadratic growth would be near 100).
//!
//! - `check`: what `hcl check --strict` does: parse, evaluate every
//!   attribute with one document's budget, render every diagnostic;
//! - `decode`: `hcl_serde::from_file` into `serde_json::Value` (a
//!   schema-less target, so blocks are grouped by label), rendering the
//!   error if there is one.
//!
//! ```sh
//! cargo bench -p hcl-bench --bench linear
//! HCL_LINEAR_SHAPES=labels,long_tuple cargo bench -p hcl-bench --bench linear   # some shapes
//! ```

#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

#[path = "../../tests/support/hostile.rs"]
mod hostile;

use std::collections::BTreeMap;
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use criterion::{BenchmarkId, Criterion, SamplingMode, Throughput};
use hcl_core::ast::Body;
use hcl_core::{EvalContext, SourceFile};
use hostile::{Shape, SHAPES};
use std::sync::Arc;

/// The sizes, as multiples of a shape's base size.
const SCALES: [usize; 3] = [1, 10, 100];

/// The pipelines.
const PIPELINES: [&str; 2] = ["check", "decode"];

/// Per-iteration times measured, by pipeline, shape and scale.
type Times = BTreeMap<(&'static str, &'static str, usize), Vec<Duration>>;
static TIMES: Mutex<Times> = Mutex::new(BTreeMap::new());

/// Evaluates every attribute of `body` and its blocks; returns the bytes of
/// the rendered diagnostics.
fn evaluate(body: &Body<'_>, source: &Arc<SourceFile>, ctx: &EvalContext<'_>) -> usize {
    let mut rendered = 0;
    for attr in &body.attributes {
        let (_, diags) = ctx.evaluate_with_diagnostics(&attr.expr, source);
        rendered += diags.to_string().len();
    }
    for block in &body.blocks {
        rendered += evaluate(&block.body, source, ctx);
    }
    rendered
}

/// `hcl check --strict`, in process: the bytes of its output.
fn check(text: &str) -> usize {
    match hcl_core::parse(text, "linear.hcl") {
        Ok(file) => {
            let mut ctx = EvalContext::new();
            ctx.share_budget(text.len());
            evaluate(&file.body, &file.source, &ctx)
        }
        Err(diags) => diags.to_string().len(),
    }
}

/// `from_file` into a schema-less target: the bytes of its error, if any.
fn decode(path: &Path) -> usize {
    match hcl_serde::from_file::<serde_json::Value>(path) {
        Ok(value) => usize::from(value.is_object()),
        Err(err) => err.to_string().len(),
    }
}

fn selected(shape: &Shape) -> bool {
    match std::env::var("HCL_LINEAR_SHAPES") {
        Ok(list) => list.split(',').any(|n| shape.name.contains(n.trim())),
        Err(_) => true,
    }
}

fn linear(c: &mut Criterion) {
    let dir = hcl_bench::workspace_root().join("target/bench/linear");
    std::fs::create_dir_all(&dir).unwrap();
    let mut group = c.benchmark_group("linear");
    group
        .sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(Duration::from_millis(200))
        .measurement_time(Duration::from_secs(1));
    for shape in SHAPES.iter().filter(|s| selected(s)) {
        for scale in SCALES {
            let text = (shape.make)(shape.bench_units * scale);
            let path: PathBuf = dir.join(format!("{}-{scale}x.hcl", shape.name));
            std::fs::write(&path, &text).unwrap();
            group.throughput(Throughput::BytesDecimal(text.len() as u64));
            for pipeline in PIPELINES {
                let id =
                    BenchmarkId::new(format!("{}/{pipeline}", shape.name), format!("{scale}x"));
                group.bench_function(id, |b| {
                    b.iter_custom(|iters| {
                        let start = Instant::now();
                        for _ in 0..iters {
                            match pipeline {
                                "check" => black_box(check(black_box(&text))),
                                _ => black_box(decode(black_box(&path))),
                            };
                        }
                        let took = start.elapsed();
                        if let Ok(mut times) = TIMES.lock() {
                            let per = took / u32::try_from(iters.max(1)).unwrap_or(u32::MAX);
                            times
                                .entry((pipeline, shape.name, scale))
                                .or_default()
                                .push(per);
                        }
                        took
                    });
                });
            }
            std::fs::remove_file(&path).unwrap();
        }
    }
    group.finish();
}

/// The median of some durations.
fn median(times: &mut [Duration]) -> Duration {
    times.sort_unstable();
    times.get(times.len() / 2).copied().unwrap_or_default()
}

/// Prints, per shape and pipeline, the median time at each scale and the
/// ratio `time(100×) / time(1×) / 100`.
fn print_ratios() {
    let Ok(mut times) = TIMES.lock() else {
        return;
    };
    println!();
    println!("| shape | 1× bytes | pipeline | 1× | 10× | 100× | ratio |");
    println!("| --- | ---: | --- | ---: | ---: | ---: | ---: |");
    for shape in SHAPES.iter().filter(|s| selected(s)) {
        let bytes = (shape.make)(shape.bench_units).len();
        for pipeline in PIPELINES {
            let medians: Vec<Duration> = SCALES
                .iter()
                .map(|&scale| {
                    times
                        .get_mut(&(pipeline, shape.name, scale))
                        .map(|t| median(t))
                        .unwrap_or_default()
                })
                .collect();
            let (Some(first), Some(last)) = (medians.first(), medians.last()) else {
                continue;
            };
            let ratio = last.as_secs_f64() / first.as_secs_f64().max(f64::MIN_POSITIVE) / 100.0;
            let cells: Vec<String> = medians.iter().map(|d| format!("{d:.2?}")).collect();
            println!(
                "| {} | {bytes} | {pipeline} | {} | {ratio:.2} |",
                shape.name,
                cells.join(" | ")
            );
        }
    }
}

fn main() {
    let mut c = Criterion::default().configure_from_args();
    linear(&mut c);
    c.final_summary();
    print_ratios();
}
