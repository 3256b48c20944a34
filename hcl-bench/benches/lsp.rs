//! The language server's answer to a keystroke: from one `didChange` of
//! one character (typed into, then deleted from, a quoted string near the
//! middle of the file) to the `publishDiagnostics` of that version, with
//! the server in-process on a `Connection::memory()` pair and the schema
//! of the input's types (`hcl_bench::schema::by_label`).
//!
//! - `ranged`: the change as the range it replaces, as editors send it;
//! - `full`: the change as the document's whole new text.
//!
//! The input is the peers' plain 1 MB file (`../shared/bench/gen.py --mb 1
//! --seed 42`), generated on first use into `target/bench/`.
//!
//! ```sh
//! cargo bench -p hcl-bench --features peers --bench lsp
//! ```

// A benchmark: a missing input or a stopped server ends it with a message.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, SamplingMode};
use hcl_bench::lsp::Session;
use hcl_bench::schema::by_label::Config;
use hcl_serde::ConfigSchema;

fn keystroke(c: &mut Criterion) {
    let Some(input) = hcl_bench::bench_input(1, false) else {
        return;
    };
    let text = std::fs::read_to_string(&input.hcl).expect("cannot read the generated input");
    let schema = ConfigSchema::of::<Config<hcl_core::Value>>();
    let mut session = Session::open(Some(schema), text).unwrap();
    // The schema of these types declares neither the `locals` block (a
    // map of theirs) nor the inputs of modules (a map flattened into
    // them): the server has a thousand diagnostics to send each time, the
    // same whichever way the change comes.
    let ranged = session.keystroke(true).unwrap();
    assert_eq!(
        session.keystroke(false).unwrap(),
        ranged,
        "diagnostics differ"
    );
    eprintln!("{} diagnostics a keystroke", ranged);
    let mut group = c.benchmark_group("keystroke");
    group
        .sample_size(20)
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4));
    for (row, ranged) in [("ranged", true), ("full", false)] {
        group.bench_function(BenchmarkId::new(row, &input.name), |b| {
            b.iter(|| session.keystroke(ranged).unwrap());
        });
    }
    group.finish();
    session.close().unwrap();
}

criterion_group!(benches, keystroke);
criterion_main!(benches);
