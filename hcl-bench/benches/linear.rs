//! Linear growth: parse time of pathological but valid inputs at 1×, 10×
//! and 100× a base size, and for each shape the ratio
//! `time(100×) / time(1×) / 100`: near 1 when parse time grows linearly
//! with the input (below 1 when fixed costs weigh on the small input).
//!
//! ```sh
//! cargo bench -p hcl-bench --bench linear
//! ```
//!
//! The inputs are generated in code; each shape stays within the default
//! limits (nesting, expression depth), so every input parses.

// A benchmark: a failed parse ends it with a message.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;
use std::hint::black_box;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use criterion::{BenchmarkId, Criterion, SamplingMode, Throughput};

/// The sizes, as multiples of a shape's base size.
const SCALES: [usize; 3] = [1, 10, 100];

/// A shape of input: its name and how to make it `n` units long.
struct Shape {
    name: &'static str,
    /// The units of the 1× input.
    base: usize,
    make: fn(usize) -> String,
}

const SHAPES: &[Shape] = &[
    // Attributes, one a line.
    Shape {
        name: "attributes",
        base: 1000,
        make: |n| (0..n).map(|i| format!("attr_{i} = {i}\n")).collect(),
    },
    // Blocks with labels and a body.
    Shape {
        name: "blocks",
        base: 500,
        make: |n| {
            (0..n)
                .map(|i| format!("service \"s{i}\" {{\n  port = {i}\n}}\n"))
                .collect()
        },
    },
    // Binary operator chains 255 operators long, the longest allowed.
    Shape {
        name: "operator_chains",
        base: 20,
        make: |n| {
            (0..n)
                .map(|i| format!("c{i} = 1{}\n", " + x * 2".repeat(127)))
                .collect()
        },
    },
    // Prefix operators nested 255 deep.
    Shape {
        name: "prefix_chains",
        base: 40,
        make: |n| {
            (0..n)
                .map(|i| format!("p{i} = {}x\n", "!-".repeat(127)))
                .collect()
        },
    },
    // Brackets, braces and parentheses nested 120 deep, repeated.
    Shape {
        name: "deep_nesting",
        base: 20,
        make: |n| {
            let open = "[{a = (".repeat(40);
            let close = ")}]".repeat(40);
            (0..n).map(|i| format!("d{i} = {open}1{close}\n")).collect()
        },
    },
    // One long string.
    Shape {
        name: "long_string",
        base: 10_000,
        make: |n| format!("s = \"{}\"\n", "abcdefgh ".repeat(n / 9 + 1)),
    },
    // One long list.
    Shape {
        name: "long_list",
        base: 3000,
        make: |n| format!("l = [{}]\n", "1, ".repeat(n)),
    },
    // A template with many interpolations and directives.
    Shape {
        name: "template_parts",
        base: 500,
        make: |n| format!("t = \"{}\"\n", "x${a.b}%{ if c }y%{ endif }".repeat(n)),
    },
    // Long traversal chains.
    Shape {
        name: "traversals",
        base: 2000,
        make: |n| format!("r = a{}\n", ".b[0]".repeat(n)),
    },
];

/// Per-iteration times measured, by shape and scale.
static TIMES: Mutex<BTreeMap<(&'static str, usize), Vec<Duration>>> = Mutex::new(BTreeMap::new());

fn linear(c: &mut Criterion) {
    let mut group = c.benchmark_group("linear");
    group
        .sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    for shape in SHAPES {
        for scale in SCALES {
            let text = (shape.make)(shape.base * scale);
            if let Err(err) = hcl_core::parse(&text, "linear.hcl") {
                panic!("{} at {scale}x does not parse:\n{err}", shape.name);
            }
            group.throughput(Throughput::BytesDecimal(text.len() as u64));
            let id = BenchmarkId::new(shape.name, format!("{scale}x"));
            group.bench_with_input(id, &text, |b, text| {
                b.iter_custom(|iters| {
                    let start = Instant::now();
                    for _ in 0..iters {
                        black_box(hcl_core::parse(black_box(text), "linear.hcl").is_ok());
                    }
                    let took = start.elapsed();
                    if let Ok(mut times) = TIMES.lock() {
                        let per = took / u32::try_from(iters.max(1)).unwrap_or(u32::MAX);
                        times.entry((shape.name, scale)).or_default().push(per);
                    }
                    took
                });
            });
        }
    }
    group.finish();
}

/// The median of some durations.
fn median(times: &mut [Duration]) -> Duration {
    times.sort_unstable();
    times.get(times.len() / 2).copied().unwrap_or_default()
}

/// Prints, per shape, the median time per parse at each scale and the
/// ratio `time(100×) / time(1×) / 100`.
fn print_ratios() {
    let Ok(mut times) = TIMES.lock() else {
        return;
    };
    println!();
    println!("| shape | 1× bytes | 1× | 10× | 100× | time(100×)/time(1×)/100 |");
    println!("| --- | ---: | ---: | ---: | ---: | ---: |");
    for shape in SHAPES {
        let bytes = (shape.make)(shape.base).len();
        let mut medians = Vec::new();
        for scale in SCALES {
            let m = times.get_mut(&(shape.name, scale)).map(|t| median(t));
            medians.push(m.unwrap_or_default());
        }
        let (Some(first), Some(last)) = (medians.first(), medians.last()) else {
            continue;
        };
        let ratio = last.as_secs_f64() / first.as_secs_f64().max(f64::MIN_POSITIVE) / 100.0;
        let cells: Vec<String> = medians.iter().map(|d| format!("{d:.2?}")).collect();
        println!(
            "| {} | {bytes} | {} | {ratio:.2} |",
            shape.name,
            cells.join(" | ")
        );
    }
}

fn main() {
    let mut c = Criterion::default().configure_from_args();
    linear(&mut c);
    c.final_summary();
    print_ratios();
}
