//! The formatter over the real-world files of `../shared/corpus/real`:
//! formatting is idempotent, and a file that parses parses after
//! formatting into the same syntax tree, positions aside. Without the
//! corpus this test prints a notice and checks nothing.
//!
//! The share of files that come out unchanged is printed (run with
//! `--nocapture` to see it and the changed files). As measured on the
//! corpus of 1392 files, all of which parse: 971 (69.8 %) come out
//! unchanged; of the `.tf` files, which their projects keep formatted with
//! `terraform fmt` (whose layout is `hclwrite.Format`'s), 625 of 752
//! (83 %). Every change looked at is one the reference's formatter makes
//! too, on files never formatted that way: Packer, Nomad, Terragrunt,
//! policy and test files (`.pkr.hcl`, `.nomad`, `.hcl`, `.tftest.hcl`),
//! which `terraform fmt` does not visit, and test fixtures of OpenTofu and
//! of the reference written in deliberately odd layouts — unaligned `=`
//! signs (about 2600 lines), tab or four-space indentation (about 3100),
//! spaces inside brackets and braces or missing around operators (about
//! 450: `[ "a" ]`, `{a = 1}`, `x=1`, `"${ x }"`, `%{ if c ~}`), and spaces
//! at the ends of lines (about 60).
//!
//! Every file formats to the bytes the reference's `hclwrite.Format` gives
//! for it (`../shared/corpus/real-fmt.jsonl`).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

#[path = "support/shared_corpus.rs"]
mod shared_corpus;

use shared_corpus::{corpus_files, shared_corpus};

/// The syntax tree of `text` without positions: its debug dump with every
/// span removed.
fn tree_without_positions(text: &str) -> Option<String> {
    let file = hcl_core::parse(text, "file.hcl").ok()?;
    let dump = format!("{:?}", file.body);
    let mut out = String::with_capacity(dump.len());
    let mut rest = dump.as_str();
    while let Some(at) = rest.find("Span { start: ") {
        out.push_str(&rest[..at]);
        let after = &rest[at..];
        let end = after.find('}').expect("a span's closing brace");
        out.push_str("Span");
        rest = &after[end + 1..];
    }
    out.push_str(rest);
    Some(out)
}

#[test]
fn span_free_trees_ignore_positions_only() {
    let a = tree_without_positions("a = 1 + x\n").unwrap();
    let b = tree_without_positions("\n\n  a   =   1+x\n").unwrap();
    let c = tree_without_positions("a = 1 + y\n").unwrap();
    assert_eq!(a, b);
    assert_ne!(a, c);
    assert!(!a.contains("start:"));
}

#[test]
fn formatting_real_world_files_is_idempotent_and_keeps_their_meaning() {
    let Some(dir) = shared_corpus("real") else {
        return;
    };
    let files = corpus_files(&dir);
    let mut unchanged = 0;
    let mut parsed = 0;
    let mut changed = Vec::new();
    for path in &files {
        let Ok(text) = std::fs::read_to_string(path) else {
            continue;
        };
        let once = hcl_core::format(&text);
        assert_eq!(
            hcl_core::format(&once),
            once,
            "{}: formatting twice differs from formatting once",
            path.display()
        );
        if once == text {
            unchanged += 1;
        } else {
            changed.push(
                path.strip_prefix(&dir)
                    .unwrap_or(path)
                    .display()
                    .to_string(),
            );
        }
        if let Some(before) = tree_without_positions(&text) {
            parsed += 1;
            let after = tree_without_positions(&once)
                .unwrap_or_else(|| panic!("{}: does not parse once formatted", path.display()));
            assert!(
                before == after,
                "{}: formatting changed the syntax tree",
                path.display()
            );
        }
    }
    println!(
        "formatted {} files ({parsed} parse): {unchanged} unchanged ({:.1} %)",
        files.len(),
        100.0 * unchanged as f64 / files.len().max(1) as f64
    );
    for name in &changed {
        println!("changed: {name}");
    }
    assert!(parsed > 0 && unchanged > 0);
}

#[test]
fn formatting_real_world_files_gives_the_reference_bytes() {
    let Some(dir) = shared_corpus("real") else {
        return;
    };
    let Some(expected) = shared_corpus("real-fmt.jsonl") else {
        return;
    };
    let corpus = dir.parent().unwrap();
    let mut compared = 0;
    let mut differ = Vec::new();
    for line in std::fs::read_to_string(expected).unwrap().lines() {
        let case: serde_json::Value = serde_json::from_str(line).unwrap();
        let path = corpus.join(case["path"].as_str().unwrap());
        let want = case["formatted"].as_str().unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        compared += 1;
        if hcl_core::format(&text) != want {
            differ.push(path.display().to_string());
        }
    }
    assert_eq!(
        compared,
        corpus_files(&dir).len(),
        "a file without its expected bytes"
    );
    assert!(
        differ.is_empty(),
        "{} of {compared} files format otherwise than hclwrite.Format:\n{}",
        differ.len(),
        differ.join("\n")
    );
}
