//! Reads one file once and reports the time, the throughput and the peak
//! memory, to compare against the size of the input.
//!
//! ```sh
//! cargo run --release --example memory -- FILE                  # hcl_core::parse
//! cargo run --release --example memory -- --hcl-rs FILE         # hcl-rs's hcl::parse
//! cargo run --release --example memory -- --decode FILE         # hcl_serde::from_str, labels as map keys
//! cargo run --release --example memory -- --decode-labels FILE  # hcl_serde::from_str, #[hcl] label fields
//! cargo run --release --example memory -- --hcl-rs-decode FILE  # hcl-rs's hcl::from_str
//! cargo run --release --example memory -- --serde-json FILE.json
//! ```
//!
//! The decoders read the synthetic Terraform-like inputs of
//! `../shared/bench/gen.py` into the typed schema of the `deserialize`
//! benchmark (`benches/common/schema.rs`).
//!
//! The resident set size is read from `/proc/self/status` (Linux only): the
//! current size before reading (the program and the input text) and the
//! high water mark `VmHWM` after, while the result is still alive. Run one
//! reader per process, so that the high water mark is that reader's.

// A command-line tool: a failure to read the input ends it with a message.
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "../benches/common/schema.rs"]
mod schema;

use std::fmt::Display;
use std::hint::black_box;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use schema::{by_label, by_map};

const MB: f64 = 1_000_000.0;
const USAGE: &str =
    "usage: memory [--hcl-rs | --decode | --decode-labels | --hcl-rs-decode | --serde-json] FILE";

fn main() -> ExitCode {
    let mut mode = "--parse".to_string();
    let mut path = None;
    for arg in std::env::args().skip(1) {
        match arg.as_str() {
            "--hcl-rs" | "--decode" | "--decode-labels" | "--hcl-rs-decode" | "--serde-json" => {
                mode = arg
            }
            "-h" | "--help" => {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            _ if path.is_none() => path = Some(arg),
            _ => {
                eprintln!("{USAGE}");
                return ExitCode::FAILURE;
            }
        }
    }
    let Some(path) = path else {
        eprintln!("{USAGE}");
        return ExitCode::FAILURE;
    };
    let text = std::fs::read_to_string(&path).expect("cannot read the input file");
    match mode.as_str() {
        "--hcl-rs" => measure("hcl-rs hcl::parse", &text, || hcl::parse(&text)),
        "--decode" => measure("hcl_serde::from_str (labels as map keys)", &text, || {
            hcl_serde::from_str::<by_map::Config<hcl_core::Value>>(&text)
        }),
        "--decode-labels" => measure("hcl_serde::from_str (label fields)", &text, || {
            hcl_serde::from_str::<by_label::Config<hcl_core::Value>>(&text)
        }),
        "--hcl-rs-decode" => measure("hcl-rs hcl::from_str", &text, || {
            hcl::from_str::<by_map::Config<hcl::Value>>(&text)
        }),
        "--serde-json" => measure("serde_json::from_str", &text, || {
            serde_json::from_str::<by_map::Config<serde_json::Value>>(&text)
        }),
        _ => measure("hcl_core::parse", &text, || hcl_core::parse(&text, &path)),
    }
}

/// Runs `read` once and reports on it.
fn measure<T, E: Display>(
    reader: &str,
    text: &str,
    read: impl FnOnce() -> Result<T, E>,
) -> ExitCode {
    let rss_before = status_kb("VmRSS");
    let start = Instant::now();
    let parsed = read();
    let elapsed = start.elapsed();
    let peak = status_kb("VmHWM");
    let parsed = black_box(parsed);
    match &parsed {
        Ok(_) => {
            report(reader, text.len(), elapsed, rss_before, peak);
            ExitCode::SUCCESS
        }
        Err(err) => {
            eprintln!("{err}");
            eprintln!("{reader}: the input was rejected");
            ExitCode::FAILURE
        }
    }
}

fn report(
    reader: &str,
    size: usize,
    elapsed: Duration,
    rss_before_kb: Option<u64>,
    peak_kb: Option<u64>,
) {
    let secs = elapsed.as_secs_f64();
    println!("reader:       {reader}");
    println!("input:        {size} bytes ({:.2} MB)", size as f64 / MB);
    println!("time:         {secs:.3} s");
    println!("throughput:   {:.1} MB/s", size as f64 / MB / secs);
    let (Some(before), Some(peak)) = (rss_before_kb, peak_kb) else {
        println!("memory:       unavailable (no /proc/self/status)");
        return;
    };
    let (before, peak) = (before * 1024, peak * 1024);
    println!(
        "RSS before:   {:.1} MB (program and input text)",
        before as f64 / MB
    );
    println!("peak RSS:     {:.1} MB (VmHWM)", peak as f64 / MB);
    println!(
        "peak/input:   {:.2}x (reader's share: {:.2}x)",
        peak as f64 / size as f64,
        peak.saturating_sub(before) as f64 / size as f64
    );
}

/// A `kB` field of `/proc/self/status`, such as `VmRSS` or `VmHWM`.
fn status_kb(field: &str) -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    status.lines().find_map(|line| {
        let value = line.strip_prefix(field)?.strip_prefix(':')?;
        value.trim().strip_suffix("kB")?.trim().parse().ok()
    })
}
