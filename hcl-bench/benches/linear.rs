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
//!   error if there is one; for the shapes of the extensions
//!   (`EXTENSION_SHAPES`), with `dynamic` blocks expanded and `function`
//!   blocks read as user functions.
//!
//! ```sh
//! cargo bench -p hcl-bench --features peers --bench linear
//! HCL_LINEAR_SHAPES=labels,long_tuple cargo bench -p hcl-bench --features peers --bench linear   # some shapes
//! ```

#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

#[path = "../../tests/support/hostile.rs"]
mod hostile;

use std::collections::BTreeMap;
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use hcl_core::ast::Body;
use hcl_core::{EvalContext, SourceFile};
use hostile::{Shape, EXTENSION_SHAPES, SHAPES};
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
/// With `extensions`, `dynamic` blocks expand and `function` blocks are
/// user functions.
fn decode(path: &Path, extensions: bool) -> usize {
    let decoder = hcl_serde::Decoder::new();
    let decoder = match extensions {
        true => decoder.dynamic_blocks(true).user_functions("function"),
        false => decoder,
    };
    match decoder
        .from_file::<serde_json::Value>(path)
        .map(|d| d.value)
    {
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

/// The selected shapes, each with whether it is one of the extensions'.
fn all_shapes() -> impl Iterator<Item = (&'static Shape, bool)> {
    let plain = SHAPES.iter().map(|s| (s, false));
    let extensions = EXTENSION_SHAPES.iter().map(|s| (s, true));
    plain.chain(extensions).filter(|(s, _)| selected(s))
}

/// How long to keep repeating one measurement: it is repeated at least
/// three times and until this much time has passed, and its median kept.
const BUDGET: Duration = Duration::from_millis(1500);

/// The median time of `run`, repeated as [`BUDGET`] allows.
fn measure(mut run: impl FnMut() -> usize) -> Duration {
    let mut times = Vec::new();
    let began = Instant::now();
    while times.len() < 3 || (began.elapsed() < BUDGET && times.len() < 50) {
        let start = Instant::now();
        black_box(run());
        times.push(start.elapsed());
    }
    median(&mut times)
}

/// Measures every selected shape at every scale through both pipelines.
/// A fixed number of repetitions, not a statistical benchmark: what the
/// table shows is how the time grows, and at 100× one run of a slow shape
/// takes seconds.
fn linear() {
    let dir = hcl_bench::workspace_root().join("target/bench/linear");
    std::fs::create_dir_all(&dir).unwrap();
    for (shape, extensions) in all_shapes() {
        for scale in SCALES {
            let text = (shape.make)(shape.bench_units * scale);
            let path: PathBuf = dir.join(format!("{}-{scale}x.hcl", shape.name));
            std::fs::write(&path, &text).unwrap();
            for pipeline in PIPELINES {
                let time = match pipeline {
                    "check" => measure(|| check(black_box(&text))),
                    _ => measure(|| decode(black_box(&path), extensions)),
                };
                eprintln!("{}/{pipeline}/{scale}x: {time:.2?}", shape.name);
                if let Ok(mut times) = TIMES.lock() {
                    times
                        .entry((pipeline, shape.name, scale))
                        .or_default()
                        .push(time);
                }
            }
            std::fs::remove_file(&path).unwrap();
        }
    }
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
    for (shape, _) in all_shapes() {
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
    // `cargo bench` passes `--bench`; a name filter is `HCL_LINEAR_SHAPES`.
    linear();
    print_ratios();
}
