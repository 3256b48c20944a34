//! Format-preserving editing: `hcl_core::edit::Document` against hcl-edit,
//! in the same run, in MB/s (10^6 bytes per second) of the input.
//!
//! - `print`: parse the file to edit it and print it back unedited
//!   (`Document::parse` then `to_string`; hcl-edit's `parse_body` then
//!   `to_string`);
//! - `edit`: the same with one edit between, the value of one attribute
//!   of one block found by its type and labels (`hcl_bench::edit`).
//!
//! The input is the peers' plain 1 MB file (`../shared/bench/gen.py --mb 1
//! --seed 42`), generated on first use into `target/bench/`.
//!
//! ```sh
//! cargo bench -p hcl-bench --features peers --bench edit
//! ```

// A benchmark: a missing input or a failed parse ends it with a message.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::hint::black_box;
use std::time::Duration;

use criterion::{
    criterion_group, criterion_main, BenchmarkId, Criterion, SamplingMode, Throughput,
};
use hcl_bench::edit::{core_edit, core_print, hcl_edit_edit, hcl_edit_print};

/// One operation: from the input text to the printed file.
type Operation = fn(&str) -> String;

/// The operations measured: group, row and the function.
const OPERATIONS: &[(&str, &str, Operation)] = &[
    ("print", "hcl_core", core_print),
    ("print", "hcl-edit", hcl_edit_print),
    ("edit", "hcl_core", core_edit),
    ("edit", "hcl-edit", hcl_edit_edit),
];

fn edit(c: &mut Criterion) {
    let Some(input) = hcl_bench::bench_input(1, false) else {
        return;
    };
    let text = std::fs::read_to_string(&input.hcl).expect("cannot read the generated input");
    // Both print the unedited file back byte for byte, and the edited one
    // with the same single change.
    assert_eq!(core_print(&text), text, "hcl_core changes the file");
    assert_eq!(hcl_edit_print(&text), text, "hcl-edit changes the file");
    assert_eq!(
        core_edit(&text),
        hcl_edit_edit(&text),
        "the two edits print differently"
    );
    for group_name in ["print", "edit"] {
        let mut group = c.benchmark_group(group_name);
        group
            .sample_size(10)
            .sampling_mode(SamplingMode::Flat)
            .warm_up_time(Duration::from_secs(1))
            .measurement_time(Duration::from_secs(4))
            .throughput(Throughput::BytesDecimal(text.len() as u64));
        for &(_, row, operation) in OPERATIONS.iter().filter(|op| op.0 == group_name) {
            group.bench_with_input(BenchmarkId::new(row, &input.name), &text, |b, text| {
                b.iter(|| operation(black_box(text)));
            });
        }
        group.finish();
    }
}

criterion_group!(benches, edit);
criterion_main!(benches);
