//! Runs one editing operation of the `edit` benchmark once on a file, to
//! count its instructions under callgrind, where the timed figures of a
//! shared machine vary from run to run.
//!
//! ```sh
//! cargo build --release -p hcl-bench --features peers --example edit_count
//! valgrind --tool=callgrind target/release/examples/edit_count core-print FILE
//! valgrind --tool=callgrind target/release/examples/edit_count core-edit FILE
//! valgrind --tool=callgrind target/release/examples/edit_count hcl-edit-print FILE
//! valgrind --tool=callgrind target/release/examples/edit_count hcl-edit-edit FILE
//! ```
//!
//! `read-only` reads the file and stops, to subtract the cost of the
//! program itself. The hcl-edit operations need the feature `peers`.

// A command-line tool: a failure to read the input ends it with a message.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::hint::black_box;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [operation, file] = args.as_slice() else {
        eprintln!("usage: edit_count OPERATION FILE");
        return ExitCode::FAILURE;
    };
    let text = std::fs::read_to_string(file).expect("cannot read the input");
    let out = match operation.as_str() {
        "read-only" => String::new(),
        "core-print" => hcl_bench::edit::core_print(black_box(&text)),
        "core-edit" => hcl_bench::edit::core_edit(black_box(&text)),
        #[cfg(feature = "peers")]
        "hcl-edit-print" => hcl_bench::edit::hcl_edit_print(black_box(&text)),
        #[cfg(feature = "peers")]
        "hcl-edit-edit" => hcl_bench::edit::hcl_edit_edit(black_box(&text)),
        other => {
            eprintln!("unknown operation {other}");
            return ExitCode::FAILURE;
        }
    };
    println!(
        "{} bytes in, {} bytes out",
        text.len(),
        black_box(out).len()
    );
    ExitCode::SUCCESS
}
