//! `hcl json --hcl2json` over every file of the real corpus, against what
//! tmccombs/hcl2json wrote for each (`../shared/corpus/real-hcl2json.jsonl`):
//! the same JSON value for every file it converts, numbers compared by
//! value, and a refusal with an error for every file it refuses.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use serde_json::Value as J;
use std::path::{Path, PathBuf};

mod support;
use support::{hcl, json_lines, stderr, stdout};

/// The corpus directory, or `None` (with a notice) when it is absent.
fn corpus_root() -> Option<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus");
    let expected = root.join("real-hcl2json.jsonl");
    if !expected.is_file() {
        println!("skipped: {} is absent", expected.display());
        return None;
    }
    Some(root)
}

/// Where two JSON values differ (`None` when equal): numbers are equal
/// when their values are, whatever their text (`1000`, `1e3`, `1000.0`).
fn difference(at: &str, want: &J, got: &J) -> Option<String> {
    match (want, got) {
        (J::Number(a), J::Number(b)) => {
            let same = match (a.as_i64(), b.as_i64(), a.as_u64(), b.as_u64()) {
                (Some(x), Some(y), _, _) => x == y,
                (_, _, Some(x), Some(y)) => x == y,
                _ => a.as_f64() == b.as_f64(),
            };
            (!same).then(|| format!("{at}: {want} != {got}"))
        }
        (J::Array(a), J::Array(b)) if a.len() == b.len() => a
            .iter()
            .zip(b)
            .enumerate()
            .find_map(|(i, (x, y))| difference(&format!("{at}[{i}]"), x, y)),
        (J::Object(a), J::Object(b)) if a.len() == b.len() => a.iter().find_map(|(k, x)| {
            let at = format!("{at}.{k}");
            match b.get(k) {
                Some(y) => difference(&at, x, y),
                None => Some(format!("{at}: missing")),
            }
        }),
        _ => (want != got).then(|| format!("{at}: {want} != {got}")),
    }
}

#[test]
fn numbers_compare_by_value_and_differences_are_found() {
    let a: J = serde_json::from_str(r#"{"n": [1000, 0.5], "s": "x"}"#).unwrap();
    let b: J = serde_json::from_str(r#"{"n": [1e3, 5e-1], "s": "x"}"#).unwrap();
    assert_eq!(difference("", &a, &b), None);
    let c: J = serde_json::from_str(r#"{"n": [1000, 0.5], "s": "y"}"#).unwrap();
    assert_eq!(difference("", &a, &c).as_deref(), Some(r#".s: "x" != "y""#));
    let d: J = serde_json::from_str(r#"{"n": [1000], "s": "x"}"#).unwrap();
    assert_eq!(
        difference("", &a, &d).as_deref(),
        Some(r#".n: [1000,0.5] != [1000]"#)
    );
}

#[test]
fn hcl2json_mode_writes_what_hcl2json_writes_for_every_corpus_file() {
    let Some(root) = corpus_root() else { return };
    let text = std::fs::read_to_string(root.join("real-hcl2json.jsonl")).unwrap();
    let mut converted: Vec<(String, J)> = Vec::new();
    let mut refused: Vec<(String, String)> = Vec::new();
    for line in text.lines() {
        let mut entry: J = serde_json::from_str(line).unwrap();
        let path = root.join(entry["path"].as_str().unwrap());
        let path = path.to_string_lossy().into_owned();
        match entry.get_mut("json") {
            Some(json) => converted.push((path, json.take())),
            None => refused.push((path, entry["error"].as_str().unwrap().to_owned())),
        }
    }
    assert_eq!((converted.len(), refused.len()), (1386, 6));

    let mut same = 0;
    let mut differences = Vec::new();
    for batch in converted.chunks(300) {
        let mut args = vec!["json", "--hcl2json", "--by-file"];
        args.extend(batch.iter().map(|(path, _)| path.as_str()));
        let out = hcl(&args);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        let got: J = serde_json::from_str(&stdout(&out)).unwrap();
        for (path, want) in batch {
            match difference("", want, &got[path.as_str()]) {
                None => same += 1,
                Some(diff) => differences.push(format!("{path}: {diff}")),
            }
        }
    }
    let shown: Vec<&String> = differences.iter().take(20).collect();
    assert!(
        differences.is_empty(),
        "{} of {} differ:\n{shown:#?}",
        differences.len(),
        converted.len()
    );
    assert_eq!(same, 1386);

    for (path, theirs) in &refused {
        let out = hcl(&["json", "--hcl2json", "--format", "json", path]);
        assert_eq!(out.status.code(), Some(1), "{path}: {}", stderr(&out));
        assert!(stdout(&out).is_empty(), "{path}");
        let errors: Vec<J> = json_lines(&stderr(&out))
            .into_iter()
            .filter(|m| m["severity"] == "error")
            .collect();
        // Each block hcl2json cannot nest is an error (it stops at the
        // first); one of them quotes its message, e.g. "Unable to convert
        // Block to JSON: include.env".
        assert!(!errors.is_empty(), "{path}");
        for error in &errors {
            assert_eq!(error["code"], "inconsistent-labels", "{path}");
            assert_eq!(error["filename"], path.as_str());
        }
        let quoted = theirs.rsplit(": convert block: ").next().unwrap();
        assert!(
            errors
                .iter()
                .any(|e| e["detail"].as_str().unwrap().contains(quoted)),
            "{path}: {quoted:?} not in {errors:?}"
        );
        // As a person reads it.
        let out = hcl(&["json", "--hcl2json", path]);
        let err = stderr(&out);
        assert!(
            err.contains("Error: Blocks of one type with different numbers of labels"),
            "{path}: {err}"
        );
    }
}
