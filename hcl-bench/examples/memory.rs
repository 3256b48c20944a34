//! Reads one file once and reports the time, the throughput and the peak
//! memory, to compare against the size of the input.
//!
//! ```sh
//! cargo run --release -p hcl-bench --example memory -- FILE                  # hcl_core::parse
//! cargo run --release -p hcl-bench --features peers --example memory -- --hcl-rs FILE       # hcl-rs's hcl::parse
//! cargo run --release -p hcl-bench --example memory -- --decode FILE         # hcl_serde::from_file, labels as map keys
//! cargo run --release -p hcl-bench --example memory -- --decode-labels FILE  # hcl_serde::from_file, #[hcl] label fields
//! cargo run --release -p hcl-bench --example memory -- --decode-json-values FILE  # as --decode, into serde_json::Value
//! cargo run --release -p hcl-bench --features peers --example memory -- --hcl-rs-decode FILE  # hcl-rs's hcl::from_str
//! cargo run --release -p hcl-bench --example memory -- --serde-json FILE.json  # serde_json::from_slice
//! ```
//!
//! The decoders read the synthetic Terraform-like inputs of
//! `../shared/bench/gen.py` into the typed schema of the `deserialize`
//! benchmark (`hcl-bench/src/schema.rs`).
//!
//! Each reader reads the file itself, so the peak is the whole job's: the
//! text, whatever is built from it, and the result. The resident set size
//! is read from `/proc/self/status` (Linux only): the current size before
//! reading (the program) and the high water mark `VmHWM` after, while the
//! result is still alive; run one reader per process, so that the high
//! water mark is that reader's. A rejected input is reported the same way,
//! with its errors as the result. The heap figures count the bytes the
//! reader allocated and had not freed, without the allocator's overhead.

// A command-line tool: a failure to read the input ends it with a message.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::fmt::Display;
use std::hint::black_box;
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// The system allocator, counting the bytes allocated and not yet freed,
/// and their high water mark: what the reader itself holds, apart from the
/// allocator's own overhead and fragmentation that the RSS figures include.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);
static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is forwarded to `System` with the same arguments; the
// counters only observe sizes.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let live = LIVE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
        PEAK.fetch_max(live, Ordering::Relaxed);
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: the caller's contract for `alloc` is passed on unchanged.
        unsafe { System.alloc(layout) }
    }

    // Forwarded rather than left to the default (allocate, copy, free), so
    // that a large buffer grows in place as it would without the counting.
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let old_size = layout.size();
        let live = if new_size >= old_size {
            LIVE.fetch_add(new_size - old_size, Ordering::Relaxed) + (new_size - old_size)
        } else {
            LIVE.fetch_sub(old_size - new_size, Ordering::Relaxed) - (old_size - new_size)
        };
        PEAK.fetch_max(live, Ordering::Relaxed);
        // SAFETY: the caller's contract for `realloc` is passed on
        // unchanged; `ptr` was allocated by `System` with `layout`.
        unsafe { System.realloc(ptr, layout, new_size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        ALLOCATIONS.fetch_sub(1, Ordering::Relaxed);
        // SAFETY: `ptr` was allocated by `System` with `layout`, as above.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

use hcl_bench::schema::{by_label, by_map};

const MB: f64 = 1_000_000.0;
const USAGE: &str = "usage: memory [--hcl-rs | --decode | --decode-labels | --decode-json-values \
                     | --hcl-rs-decode | --serde-json] FILE";

fn main() -> ExitCode {
    let mut mode = "--parse".to_string();
    let mut path = None;
    for arg in std::env::args().skip(1) {
        match arg.as_str() {
            "--hcl-rs"
            | "--decode"
            | "--decode-labels"
            | "--decode-json-values"
            | "--hcl-rs-decode"
            | "--serde-json" => mode = arg,
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
    let size = std::fs::metadata(&path)
        .expect("cannot read the input file")
        .len() as usize;
    let read_text = || std::fs::read_to_string(&path).expect("cannot read the input file");
    let read_bytes = || std::fs::read(&path).expect("cannot read the input file");
    // Each reader reads the file itself, so that the peak is the whole
    // job's: the text, what is built from it, and the result.
    match mode.as_str() {
        #[cfg(feature = "peers")]
        "--hcl-rs" => measure("hcl-rs hcl::parse", size, || {
            hcl::parse(&read_text()).map(|body| body.into_inner().len())
        }),
        "--decode" => measure("hcl_serde::from_file (labels as map keys)", size, || {
            hcl_serde::from_file::<by_map::Config<hcl_core::Value>>(&path)
        }),
        "--decode-labels" => measure("hcl_serde::from_file (label fields)", size, || {
            hcl_serde::from_file::<by_label::Config<hcl_core::Value>>(&path)
        }),
        "--decode-json-values" => measure(
            "hcl_serde::from_file (labels as map keys, serde_json::Value)",
            size,
            || hcl_serde::from_file::<by_map::Config<serde_json::Value>>(&path),
        ),
        #[cfg(feature = "peers")]
        "--hcl-rs-decode" => measure("hcl-rs hcl::from_str", size, || {
            hcl::from_str::<by_map::Config<hcl::Value>>(&read_text())
        }),
        "--serde-json" => measure("serde_json::from_slice", size, || {
            serde_json::from_slice::<by_map::Config<serde_json::Value>>(&read_bytes())
        }),
        #[cfg(not(feature = "peers"))]
        "--hcl-rs" | "--hcl-rs-decode" => {
            eprintln!("{mode} reads with the peer crate: build with `--features peers`");
            ExitCode::FAILURE
        }
        _ => measure("hcl_core::parse", size, || {
            let text = read_text();
            hcl_core::parse(&text, &path)
                .map(|file| file.body.attributes.len() + file.body.blocks.len())
        }),
    }
}

/// Runs `read` once and reports on it.
fn measure<T, E: Display>(
    reader: &str,
    size: usize,
    read: impl FnOnce() -> Result<T, E>,
) -> ExitCode {
    let rss_before = status_kb("VmRSS");
    let heap_before = LIVE.load(Ordering::Relaxed);
    let allocations_before = ALLOCATIONS.load(Ordering::Relaxed);
    PEAK.store(heap_before, Ordering::Relaxed);
    let start = Instant::now();
    let parsed = read();
    let elapsed = start.elapsed();
    let peak = status_kb("VmHWM");
    let parsed = black_box(parsed);
    let heap = Heap {
        peak: PEAK.load(Ordering::Relaxed) - heap_before,
        result: LIVE.load(Ordering::Relaxed).saturating_sub(heap_before),
        allocations: ALLOCATIONS
            .load(Ordering::Relaxed)
            .saturating_sub(allocations_before),
    };
    match &parsed {
        Ok(_) => {
            report(reader, size, elapsed, rss_before, peak, heap);
            ExitCode::SUCCESS
        }
        Err(err) => {
            // What finding the errors took: the result is the errors.
            let text = err.to_string();
            let first = text.lines().next().unwrap_or_default();
            let errors = text.matches("Error: ").count().max(1);
            eprintln!("{reader}: the input was rejected: {first} ({errors} reported)");
            report(reader, size, elapsed, rss_before, peak, heap);
            ExitCode::FAILURE
        }
    }
}

/// The heap bytes a reader allocated: at most at once, and still held by
/// its result.
struct Heap {
    peak: usize,
    result: usize,
    /// How many allocations the result holds: each costs the allocator
    /// some bytes of its own.
    allocations: usize,
}

fn report(
    reader: &str,
    size: usize,
    elapsed: Duration,
    rss_before_kb: Option<u64>,
    peak_kb: Option<u64>,
    heap: Heap,
) {
    let secs = elapsed.as_secs_f64();
    println!("reader:       {reader}");
    println!("input:        {size} bytes ({:.2} MB)", size as f64 / MB);
    println!("time:         {secs:.3} s");
    println!("throughput:   {:.1} MB/s", size as f64 / MB / secs);
    println!(
        "heap:         peak {:.1} MB ({:.2}x), result {:.1} MB ({:.2}x)",
        heap.peak as f64 / MB,
        heap.peak as f64 / size as f64,
        heap.result as f64 / MB,
        heap.result as f64 / size as f64
    );
    println!("allocations:  {} held by the result", heap.allocations);
    let (Some(before), Some(peak)) = (rss_before_kb, peak_kb) else {
        println!("memory:       unavailable (no /proc/self/status)");
        return;
    };
    let (before, peak) = (before * 1024, peak * 1024);
    println!("RSS before:   {:.1} MB (the program)", before as f64 / MB);
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
