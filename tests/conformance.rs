//! Conformance with the reference implementation, from data, strictly.
//!
//! Reads every `*.jsonl` case file under `tests/conformance/` (copied from
//! the shared conformance suite), plus `../shared/corpus/real-dump.jsonl`
//! when it is present — or, when `HCL_CONFORMANCE_DIR` is set, every
//! `*.jsonl` under that directory instead. The case format is described in
//! `FORMAT.md` beside the shared cases, the functions every evaluation has
//! in `FUNCTIONS.md`.
//!
//! A value result passes when type and value are the same; an error result
//! when our diagnostics are the reference's: the same count and, in order,
//! the same severity, summary, subject range (start and end: line, column,
//! byte) and detail. The one allowance is the name a "Did you mean"
//! suggestion gives for an unknown function or variable, which the
//! reference picks at random among close names (`FORMAT.md`). Cases where
//! the reference gave no answer (a panic, a timeout, a crash), and cases of
//! the kind whose part of the library is not written yet (`edit`), are
//! skipped, never passed. Cases of kind `dynblock` expand the file's body
//! (`ext::dynblock`) and read it as kind `schema` does. Cases of kind `dec` run `hcl dec`
//! (in the process, on the case's files in memory) and compare its stdout
//! and stderr as `FORMAT-dec.md` says; those whose reference output is
//! broken (`defect`) are skipped.
//!
//! For each file the run prints `N passed, M failed[, K skipped (reasons)]`,
//! then a total; for each failure its id, its source and the first
//! difference. The test fails when a case fails that
//! `tests/conformance/KNOWN_DIFFERENCES.md` does not list. With
//! `HCL_CONFORMANCE_FAILURES=path`, the failures are also written to `path`,
//! one JSON object per line (`id`, `file`, `kind`, `src`, `why`).

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

#[path = "support/typed_json.rs"]
mod typed_json;

#[path = "support/exact_json.rs"]
mod exact_json;

#[path = "support/conformance/mod.rs"]
mod support;

use support::{clip, parse_json, run::run_case, Outcome};

fn case_files() -> Vec<PathBuf> {
    let mut files = Vec::new();
    if let Some(dir) = std::env::var_os("HCL_CONFORMANCE_DIR") {
        collect_jsonl(Path::new(&dir), &mut files);
        return files;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    collect_jsonl(&root.join("tests/conformance"), &mut files);
    let dump = root.join("../shared/corpus/real-dump.jsonl");
    if dump.is_file() {
        files.push(dump);
    } else {
        eprintln!("notice: ../shared/corpus/real-dump.jsonl is absent; real-world cases skipped");
    }
    files
}

fn collect_jsonl(dir: &Path, files: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut found: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "jsonl"))
        .collect();
    found.sort();
    files.extend(found);
}

/// Case ids listed in KNOWN_DIFFERENCES.md: lines starting with `- \`id\``.
fn known_differences() -> BTreeSet<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/conformance/KNOWN_DIFFERENCES.md");
    let text = std::fs::read_to_string(path).unwrap_or_default();
    text.lines()
        .filter_map(|line| line.trim().strip_prefix("- `"))
        .filter_map(|rest| rest.split('`').next())
        .map(str::to_owned)
        .collect()
}

/// The counts of one file.
#[derive(Default)]
struct Tally {
    passed: usize,
    failed: usize,
    skipped: BTreeMap<String, usize>,
}

impl Tally {
    fn skipped(&self) -> usize {
        self.skipped.values().sum()
    }

    fn line(&self) -> String {
        let mut line = format!("{} passed, {} failed", self.passed, self.failed);
        if self.skipped() > 0 {
            let reasons: Vec<String> = self
                .skipped
                .iter()
                .map(|(why, n)| format!("{why}: {n}"))
                .collect();
            let _ = write!(
                line,
                ", {} skipped ({})",
                self.skipped(),
                reasons.join(", ")
            );
        }
        line
    }
}

/// Runs every case of every file; returns the report of the failures that
/// KNOWN_DIFFERENCES.md does not list.
fn run_all() -> String {
    let known = known_differences();
    let files = case_files();
    assert!(!files.is_empty(), "no conformance case files found");
    let mut total = Tally::default();
    let mut unexpected = String::new();
    let mut failures_jsonl = String::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("read case file");
        let name = file
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        let mut tally = Tally::default();
        let mut report = String::new();
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let case = parse_json(line).expect("a case is JSON");
            let id = case["id"].as_str().unwrap_or("?").to_owned();
            match run_case(&case) {
                Outcome::Pass => tally.passed += 1,
                Outcome::Skip(why) => *tally.skipped.entry(why).or_default() += 1,
                Outcome::Fail(why) => {
                    tally.failed += 1;
                    let listed = known.contains(&id);
                    let mark = if listed { " (known difference)" } else { "" };
                    let src = clip(case["src"].as_str().unwrap_or_default(), 300);
                    let entry = format!("FAIL {id}{mark}\n  src: {src:?}\n  {why}\n");
                    report.push_str(&entry);
                    if !listed {
                        unexpected.push_str(&entry);
                    }
                    let row = serde_json::json!({
                        "id": id, "file": name, "kind": case["kind"],
                        "src": case["src"], "why": why, "known": listed,
                    });
                    let _ = writeln!(failures_jsonl, "{row}");
                }
            }
        }
        println!("{name}: {}", tally.line());
        print!("{report}");
        total.passed += tally.passed;
        total.failed += tally.failed;
        for (why, n) in tally.skipped {
            *total.skipped.entry(why).or_default() += n;
        }
    }
    println!("total: {}", total.line());
    if let Some(path) = std::env::var_os("HCL_CONFORMANCE_FAILURES") {
        std::fs::write(path, failures_jsonl).expect("write the failures file");
    }
    unexpected
}

#[test]
fn conformance() {
    // Deeply nested expected values and results are read, compared and
    // dropped recursively: a large stack keeps that from overflowing.
    let worker = std::thread::Builder::new()
        .name("conformance".into())
        .stack_size(512 << 20)
        .spawn(run_all)
        .expect("start the conformance thread");
    let unexpected = worker.join().expect("the conformance run panicked");
    assert!(
        unexpected.is_empty(),
        "cases failed that KNOWN_DIFFERENCES.md does not list:\n{unexpected}"
    );
}

#[test]
fn functions_are_those_of_functions_md() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/conformance/FUNCTIONS.md");
    let Ok(markdown) = std::fs::read_to_string(&path) else {
        eprintln!("notice: {} is absent; test skipped", path.display());
        return;
    };
    let differences = support::context::functions_md_differences(&markdown);
    assert!(differences.is_empty(), "{}", differences.join("\n"));
}

#[test]
fn a_deeply_nested_case_is_read_and_compared() {
    // A 70-deep tuple: its expected type nests 140 JSON arrays, deeper than
    // serde_json's default limit of 128.
    let depth = 70;
    let src = format!("{}1{}", "[".repeat(depth), "]".repeat(depth));
    let mut ty = serde_json::json!("number");
    let mut value = serde_json::json!("1");
    for _ in 0..depth {
        ty = serde_json::json!(["tuple", [ty]]);
        value = serde_json::json!([value]);
    }
    let case = serde_json::json!({
        "id": "deep", "kind": "expr", "src": src,
        "expect": {"type": ty, "value": value},
    });
    let line = case.to_string();
    let worker = std::thread::Builder::new()
        .stack_size(512 << 20)
        .spawn(move || {
            let case = parse_json(&line).expect("deep JSON is read");
            matches!(run_case(&case), Outcome::Pass)
        })
        .expect("start the thread");
    assert!(worker.join().expect("no panic"), "the deep case passes");
}
