//! Parse throughput: `hcl_core::parse`, `hcl_core::parse_with_grammar` (the
//! grammar of record, pest) and hcl-rs's `hcl::parse` on the same inputs,
//! in the same run, in MB/s (10^6 bytes per second).
//!
//! Inputs, generated on first use into the project's `target/` (never
//! committed) by the generators in `../shared`:
//!
//! - `large-1mb`, `large-10mb`: synthetic Terraform-like files covering the
//!   whole native syntax (`../shared/corpus/gen_large.py`);
//! - `plain-1mb`, `plain-10mb`: the literal-only input the peers' figures
//!   were measured on (`../shared/bench/gen.py --seed 42`, 10 MB there).
//!
//! ```sh
//! cargo bench -p hcl-bench --features peers --bench parse
//! ```
//!
//! A parser that rejects an input is not measured on it (hcl-rs rejects the
//! parenthesised object keys of the `large-*` files); a notice says so.

// A benchmark: a missing input or a failed parse ends it with a message.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use criterion::{
    criterion_group, criterion_main, BenchmarkId, Criterion, SamplingMode, Throughput,
};

/// A named input text.
struct Input {
    name: &'static str,
    text: String,
}

/// How to make an input: the generator script under `../shared` and its
/// arguments, and where the output goes (without the extension the script
/// adds, if any).
struct Recipe {
    name: &'static str,
    script: &'static str,
    args: &'static [&'static str],
    output: &'static str,
    /// The file the script writes: `output` plus this extension.
    extension: &'static str,
}

const RECIPES: &[Recipe] = &[
    Recipe {
        name: "large-1mb",
        script: "corpus/gen_large.py",
        args: &["--mb", "1", "-o"],
        output: "target/corpus/large-1mb.tf",
        extension: "",
    },
    Recipe {
        name: "large-10mb",
        script: "corpus/gen_large.py",
        args: &["--mb", "10", "-o"],
        output: "target/corpus/large-10mb.tf",
        extension: "",
    },
    Recipe {
        name: "plain-1mb",
        script: "bench/gen.py",
        args: &["--mb", "1", "--seed", "42", "--out"],
        output: "target/bench/plain-1mb",
        extension: ".hcl",
    },
    Recipe {
        name: "plain-10mb",
        script: "bench/gen.py",
        args: &["--mb", "10", "--seed", "42", "--out"],
        output: "target/bench/plain-10mb",
        extension: ".hcl",
    },
];

/// The inputs, generated when missing; none when `../shared` is absent.
fn inputs() -> Vec<Input> {
    let root = hcl_bench::workspace_root();
    let shared = root.join("../shared");
    if !shared.is_dir() {
        eprintln!(
            "notice: {} is absent, so there are no inputs: the parse benchmark is skipped",
            shared.display()
        );
        return Vec::new();
    }
    RECIPES
        .iter()
        .filter_map(|recipe| {
            let output = root.join(recipe.output);
            let file = PathBuf::from(format!("{}{}", output.display(), recipe.extension));
            if !file.exists() && !generate(&shared, recipe, &output) {
                return None;
            }
            let text = std::fs::read_to_string(&file).expect("cannot read a generated input");
            Some(Input {
                name: recipe.name,
                text,
            })
        })
        .collect()
}

/// Runs a generator; false, after a notice, when it cannot.
fn generate(shared: &Path, recipe: &Recipe, output: &Path) -> bool {
    if let Some(dir) = output.parent() {
        std::fs::create_dir_all(dir).expect("cannot create the inputs' directory");
    }
    eprintln!("generating {}", output.display());
    let status = Command::new("python3")
        .arg(shared.join(recipe.script))
        .args(recipe.args)
        .arg(output)
        .status();
    match status {
        Ok(status) if status.success() => true,
        Ok(status) => {
            eprintln!(
                "notice: {} failed ({status}); {} skipped",
                recipe.script, recipe.name
            );
            false
        }
        Err(err) => {
            eprintln!(
                "notice: cannot run python3 ({err}); {} skipped",
                recipe.name
            );
            false
        }
    }
}

fn parse(c: &mut Criterion) {
    let inputs = inputs();
    let mut group = c.benchmark_group("parse");
    // One parse of a large input takes up to half a second: flat sampling
    // keeps ten samples within the measurement time.
    group
        .sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(6));
    for input in &inputs {
        let text = input.text.as_str();
        // Decimal units, MB/s, as the peers' figures.
        group.throughput(Throughput::BytesDecimal(text.len() as u64));

        if let Err(err) = hcl_core::parse(text, input.name) {
            panic!("hcl_core rejects {}:\n{err}", input.name);
        }
        group.bench_with_input(BenchmarkId::new("hcl_core", input.name), text, |b, text| {
            b.iter(|| hcl_core::parse(black_box(text), "bench.tf"));
        });

        // The grammar of record (feature `pest-parser`), in the same run.
        let options = hcl_core::ParseOptions::default();
        if let Err(err) = hcl_core::parse_with_grammar(text, input.name, &options) {
            panic!("the grammar rejects {}:\n{err}", input.name);
        }
        group.bench_with_input(
            BenchmarkId::new("hcl_core_grammar", input.name),
            text,
            |b, text| {
                b.iter(|| hcl_core::parse_with_grammar(black_box(text), "bench.tf", &options));
            },
        );

        match hcl::parse(text) {
            Ok(_) => {
                group.bench_with_input(BenchmarkId::new("hcl-rs", input.name), text, |b, text| {
                    b.iter(|| hcl::parse(black_box(text)));
                });
            }
            Err(err) => {
                let first = err.to_string();
                let first = first.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
                eprintln!(
                    "notice: hcl-rs rejects {} ({}), so it is not measured on it",
                    input.name,
                    first.trim()
                );
            }
        }
    }
    group.finish();
}

criterion_group!(benches, parse);
criterion_main!(benches);
