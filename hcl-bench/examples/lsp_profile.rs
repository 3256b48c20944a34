//! Keystrokes into the language server in a loop, for a profiler: the
//! `lsp` benchmark's session (`hcl_bench::lsp`), without the harness.
//!
//! ```sh
//! cargo build --release -p hcl-bench --example lsp_profile
//! perf record -g target/release/examples/lsp_profile 200
//! ```

use hcl_bench::lsp::Session;
use hcl_bench::schema::by_label::Config;
use hcl_serde::ConfigSchema;
use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let count: u32 = std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(100);
    let Some(input) = hcl_bench::bench_input(1, false) else {
        return ExitCode::FAILURE;
    };
    let Ok(text) = std::fs::read_to_string(&input.hcl) else {
        eprintln!("cannot read {}", input.hcl.display());
        return ExitCode::FAILURE;
    };
    let schema = ConfigSchema::of::<Config<hcl_core::Value>>();
    let run = || -> Result<(), String> {
        let mut session = Session::open(Some(schema), text)?;
        for ranged in [true, false] {
            let start = Instant::now();
            let mut diagnostics = 0;
            for _ in 0..count {
                diagnostics = diagnostics.max(session.keystroke(ranged)?);
            }
            let each = start.elapsed().as_secs_f64() * 1e3 / f64::from(count);
            let kind = if ranged { "ranged" } else { "full" };
            println!("{kind}: {each:.2} ms a keystroke ({count} keystrokes, at most {diagnostics} diagnostics)");
        }
        session.close()
    };
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("{err}");
            ExitCode::FAILURE
        }
    }
}
