//! Many small files, as real repositories hold them: the time of one file
//! of about 2 KB, and of a directory of such files decoded as one module.
//!
//! The files are cut from the peers' plain 1 MB input
//! (`../shared/bench/gen.py --mb 1 --seed 42`) at top-level blocks, each
//! from the first block after the previous file to the first block that
//! takes it past 2000 bytes:
//!
//! - `small_file`: the first of them (2131 bytes: the `terraform` block, the
//!   providers, `locals`, then data sources and resources), parsed
//!   (`hcl_core::parse`, hcl-rs's `hcl::parse`) and decoded into the
//!   typed schema of the `deserialize` benchmark (`hcl_serde::from_str`
//!   into both layouts, hcl-rs's `hcl::from_str` into labels as map keys),
//!   from the text in memory;
//! - `small_dir`: all of them (442 files, the whole 1 MB input),
//!   written to `target/bench/small-files-2kb/` as `0000.tf`, `0001.tf`,
//!   ...: `hcl_serde::from_dir` (read and parsed on every core, merged,
//!   decoded once), the same steps on one thread (each file read and
//!   parsed in turn, `Body::merge`, `hcl_serde::from_body`), hcl-rs's
//!   `hcl::from_str` of each file in turn (it has no merged bodies), and,
//!   for the cost of the files, `hcl_serde::from_str` of the 1 MB input
//!   they were cut from.
//!
//! ```sh
//! cargo bench -p hcl-bench --features peers --bench small_files
//! ```

#![allow(clippy::unwrap_used, clippy::expect_used, reason = "benchmark setup")]

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, SamplingMode};
use hcl_bench::schema::{by_label, by_map};
use hcl_core::{Body, EvalContext, ParseOptions, SourceFile, SyntaxTree};

/// The size a file is cut at: the first top-level block that takes it
/// past this many bytes ends it.
const FILE_BYTES: usize = 2000;

/// `text` cut into files at its top-level blocks, each ending with the
/// first block that takes it past `size` bytes (the last may be shorter).
fn cut(text: &str, size: usize) -> Vec<String> {
    let file = hcl_core::parse(text, "input.hcl").unwrap();
    let (_, blocks) = Body::from_file(&file).items();
    let mut files = Vec::new();
    let mut from = 0;
    for block in &blocks {
        let end = block.span.end as usize;
        if end - from >= size {
            // The newline after the block stays with it.
            let end = text[end..].find('\n').map_or(text.len(), |n| end + n + 1);
            files.push(text[from..end].to_string());
            from = end;
        }
    }
    if from < text.len() {
        files.push(text[from..].to_string());
    }
    files
}

/// `files` written to a directory of their own, `0000.tf`, `0001.tf`, ...
fn write_dir(files: &[String]) -> PathBuf {
    let dir = hcl_bench::workspace_root().join("target/bench/small-files-2kb");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for (i, text) in files.iter().enumerate() {
        std::fs::write(dir.join(format!("{i:04}.tf")), text).unwrap();
    }
    dir
}

/// What `hcl_serde::from_dir` does, on the calling thread only: each file
/// read and parsed in turn, merged, decoded once.
fn from_dir_on_one_core<T: serde::de::DeserializeOwned>(dir: &Path) -> T {
    let trees: Vec<_> = hcl_core::directory::config_files(dir)
        .unwrap()
        .iter()
        .map(|path| {
            let text = std::fs::read_to_string(path).unwrap();
            let source = SourceFile::from_string(&path.display().to_string(), text);
            SyntaxTree::parse(Arc::new(source), &ParseOptions::default()).unwrap()
        })
        .collect();
    let body = Body::merge(trees.iter().map(Body::from_tree));
    hcl_serde::from_body(&body, &EvalContext::new()).unwrap()
}

/// hcl-rs's typed decode of each file of `dir` in turn: how many
/// resources in all.
fn hcl_rs_each_file(dir: &Path) -> usize {
    hcl_core::directory::config_files(dir)
        .unwrap()
        .iter()
        .map(|path| {
            let text = std::fs::read_to_string(path).unwrap();
            hcl::from_str::<by_map::Config<hcl::Value>>(&text)
                .unwrap()
                .resources()
        })
        .sum()
}

fn small_files(c: &mut Criterion) {
    let Some(input) = hcl_bench::bench_input(1, false) else {
        return;
    };
    let whole = std::fs::read_to_string(&input.hcl).unwrap();
    let files = cut(&whole, FILE_BYTES);
    assert_eq!(files.concat(), whole);
    let small = files[0].as_str();
    eprintln!(
        "small_file: {} bytes; small_dir: {} files, {} bytes",
        small.len(),
        files.len(),
        whole.len()
    );

    // Every reader reads the same content.
    let ours: by_map::Config<hcl_core::Value> = hcl_serde::from_str(small).unwrap();
    let labelled: by_label::Config<hcl_core::Value> = hcl_serde::from_str(small).unwrap();
    let peer: by_map::Config<hcl::Value> = hcl::from_str(small).unwrap();
    assert_eq!(ours.resources(), peer.resources());
    assert_eq!(labelled.resources(), peer.resources());

    let mut group = c.benchmark_group("small_file");
    group.bench_function("hcl_core::parse", |b| {
        b.iter(|| hcl_core::parse(black_box(small), "main.tf").unwrap())
    });
    group.bench_function("hcl-rs/parse", |b| {
        b.iter(|| hcl::parse(black_box(small)).unwrap())
    });
    group.bench_function("hcl_serde/by_map", |b| {
        b.iter(|| hcl_serde::from_str::<by_map::Config<hcl_core::Value>>(black_box(small)).unwrap())
    });
    group.bench_function("hcl_serde/by_label", |b| {
        b.iter(|| {
            hcl_serde::from_str::<by_label::Config<hcl_core::Value>>(black_box(small)).unwrap()
        })
    });
    group.bench_function("hcl-rs/from_str", |b| {
        b.iter(|| hcl::from_str::<by_map::Config<hcl::Value>>(black_box(small)).unwrap())
    });
    group.finish();

    let dir = write_dir(&files);
    let all: by_map::Config<hcl_core::Value> = hcl_serde::from_dir(&dir).unwrap();
    let one_core: by_map::Config<hcl_core::Value> = from_dir_on_one_core(&dir);
    let from_whole: by_map::Config<hcl_core::Value> = hcl_serde::from_str(&whole).unwrap();
    assert_eq!(all.resources(), from_whole.resources());
    assert_eq!(one_core.resources(), from_whole.resources());
    assert_eq!(hcl_rs_each_file(&dir), from_whole.resources());

    let mut group = c.benchmark_group("small_dir");
    group
        .sample_size(20)
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(10));
    let files = format!("{}x2kb", files.len());
    group.bench_with_input(BenchmarkId::new("from_dir", &files), &dir, |b, dir| {
        b.iter(|| hcl_serde::from_dir::<by_map::Config<hcl_core::Value>>(black_box(dir)).unwrap())
    });
    group.bench_with_input(BenchmarkId::new("one_core", &files), &dir, |b, dir| {
        b.iter(|| from_dir_on_one_core::<by_map::Config<hcl_core::Value>>(black_box(dir)))
    });
    group.bench_with_input(
        BenchmarkId::new("hcl-rs/each_file", &files),
        &dir,
        |b, dir| b.iter(|| hcl_rs_each_file(black_box(dir))),
    );
    group.bench_with_input(BenchmarkId::new("from_str", "1mb"), &whole, |b, t| {
        b.iter(|| hcl_serde::from_str::<by_map::Config<hcl_core::Value>>(black_box(t)).unwrap())
    });
    group.finish();
}

criterion_group!(benches, small_files);
criterion_main!(benches);
