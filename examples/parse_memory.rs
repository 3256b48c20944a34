//! Parses one file and reports the parse time, the throughput and the peak
//! memory, to compare against the size of the input.
//!
//! ```sh
//! cargo run --release --example parse_memory -- FILE            # hcl_core::parse
//! cargo run --release --example parse_memory -- --hcl-rs FILE   # hcl-rs's hcl::parse
//! ```
//!
//! The resident set size is read from `/proc/self/status` (Linux only): the
//! current size before parsing (the program and the input text) and the high
//! water mark `VmHWM` after parsing, while the result is still alive. Run one
//! parser per process, so that the high water mark is that parser's.

// A command-line tool: a failure to read the input ends it with a message.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::fmt::Display;
use std::hint::black_box;
use std::process::ExitCode;
use std::time::{Duration, Instant};

const MB: f64 = 1_000_000.0;
const USAGE: &str = "usage: parse_memory [--hcl-rs] FILE";

fn main() -> ExitCode {
    let mut hcl_rs = false;
    let mut path = None;
    for arg in std::env::args().skip(1) {
        match arg.as_str() {
            "--hcl-rs" => hcl_rs = true,
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
    if hcl_rs {
        measure("hcl-rs hcl::parse", &text, || hcl::parse(&text))
    } else {
        measure("hcl_core::parse", &text, || hcl_core::parse(&text, &path))
    }
}

/// Runs `parse` once and reports on it.
fn measure<T, E: Display>(
    parser: &str,
    text: &str,
    parse: impl FnOnce() -> Result<T, E>,
) -> ExitCode {
    let rss_before = status_kb("VmRSS");
    let start = Instant::now();
    let parsed = parse();
    let elapsed = start.elapsed();
    let peak = status_kb("VmHWM");
    let parsed = black_box(parsed);
    match &parsed {
        Ok(_) => {
            report(parser, text.len(), elapsed, rss_before, peak);
            ExitCode::SUCCESS
        }
        Err(err) => {
            eprintln!("{err}");
            eprintln!("{parser}: the input did not parse");
            ExitCode::FAILURE
        }
    }
}

fn report(
    parser: &str,
    size: usize,
    elapsed: Duration,
    rss_before_kb: Option<u64>,
    peak_kb: Option<u64>,
) {
    let secs = elapsed.as_secs_f64();
    println!("parser:       {parser}");
    println!("input:        {size} bytes ({:.2} MB)", size as f64 / MB);
    println!("parse time:   {secs:.3} s");
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
        "peak/input:   {:.2}x (parser's share: {:.2}x)",
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
