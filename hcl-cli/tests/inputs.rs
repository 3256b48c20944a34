//! Inputs of every command: standard input, directories, several files
//! with one missing, and every message as JSON with `--format json`.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

mod support;
use support::{hcl, hcl_stdin, json_lines, stderr, stdout, tree};

fn arg(p: &std::path::Path) -> String {
    p.display().to_string()
}

#[test]
fn json_reads_stdin_without_a_file_and_with_dash() {
    for args in [&["json"][..], &["json", "-"][..]] {
        let out = hcl_stdin(args, b"a = 1\n");
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        assert_eq!(stdout(&out), "{\"a\":1}\n");
    }
    let out = hcl_stdin(&["check"], b"a = 1 +\n");
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("--> <stdin>:1:"), "{}", stderr(&out));
}

#[test]
fn directories_give_their_hcl_files_recursively_in_name_order() {
    let dir = tree(
        "dirs",
        &[
            ("b.tf", "b = 1\n"),
            ("a.hcl", "a = 1\n"),
            ("sub/c.nomad", "c = 1\n"),
            ("sub/d.pkr.hcl", "d = 1\n"),
            ("e.tfvars", "e = 1\n"),
            ("notes.txt", "not hcl at all {{{\n"),
        ],
    );
    let out = hcl(&["json", "--by-file", &arg(&dir)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let names: Vec<&String> = v.as_object().unwrap().keys().collect();
    let want: Vec<String> = ["a.hcl", "b.tf", "e.tfvars", "sub/c.nomad", "sub/d.pkr.hcl"]
        .iter()
        .map(|n| arg(&dir.join(n)))
        .collect();
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(sorted, want.iter().collect::<Vec<_>>());
    let out = hcl(&["check", &arg(&dir)]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stderr(&out), "5 files checked, no problems\n");
}

#[test]
fn json_writes_one_line_per_file_or_one_object_by_file() {
    let dir = tree("shape", &[("a.hcl", "x = 1\n"), ("b.hcl", "y { }\n")]);
    let (a, b) = (arg(&dir.join("a.hcl")), arg(&dir.join("b.hcl")));
    let out = hcl(&["json", &a, &b]);
    assert_eq!(
        json_lines(&stdout(&out)),
        [serde_json::json!({"x": 1}), serde_json::json!({"y": {}})]
    );
    let out = hcl(&["json", &a]);
    assert_eq!(json_lines(&stdout(&out)), [serde_json::json!({"x": 1})]);
    let out = hcl(&["json", "--by-file", &a]);
    assert_eq!(
        json_lines(&stdout(&out)),
        [serde_json::json!({a.clone(): {"x": 1}})]
    );
    let out = hcl(&["json", "--pretty", &a, &b]);
    assert_eq!(stdout(&out), "{\n  \"x\": 1\n}\n{\n  \"y\": {}\n}\n");
}

#[test]
fn a_missing_file_among_several_is_reported_and_the_others_processed() {
    let dir = tree("missing", &[("a.hcl", "x = 1\n"), ("c.hcl", "z = 1\n")]);
    let missing = arg(&dir.join("b.hcl"));
    let (a, c) = (arg(&dir.join("a.hcl")), arg(&dir.join("c.hcl")));
    let out = hcl(&["json", &a, &missing, &c]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stdout(&out), "{\"x\":1}\n{\"z\":1}\n");
    assert!(
        stderr(&out).contains(&format!("hcl: {missing}: cannot read")),
        "{}",
        stderr(&out)
    );
    let out = hcl(&["check", &a, &missing, &c]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("2 files checked: 1 error, 0 warnings"),
        "{}",
        stderr(&out)
    );
    let out = hcl(&["fmt", "--check", &a, &missing, &c]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains(&missing));
}

#[test]
fn format_json_makes_every_message_a_json_line() {
    let dir = tree(
        "jsonmsg",
        &[("bad.hcl", "a = 1 +\n"), ("ok.hcl", "b = 1 + \"x\"\n")],
    );
    let (bad, ok) = (arg(&dir.join("bad.hcl")), arg(&dir.join("ok.hcl")));
    let missing = arg(&dir.join("none.hcl"));
    for (args, on_stdout) in [
        (vec!["json", "--format", "json"], false),
        (vec!["check", "--format", "json"], true),
        (vec!["fmt", "--check", "--format", "json"], false),
    ] {
        let mut args = args.clone();
        args.extend([bad.as_str(), missing.as_str(), ok.as_str()]);
        let out = hcl(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let text = if on_stdout {
            stdout(&out)
        } else {
            stderr(&out)
        };
        let lines = json_lines(&text);
        let codes: Vec<&str> = lines.iter().filter_map(|l| l["code"].as_str()).collect();
        assert!(codes.contains(&"invalid-expression"), "{args:?}: {codes:?}");
        assert!(codes.contains(&"read-failed"), "{args:?}: {codes:?}");
        let read = lines.iter().find(|l| l["code"] == "read-failed").unwrap();
        assert_eq!(read["filename"], missing.as_str());
        assert_eq!(read["type"], "diagnostic");
        if on_stdout {
            assert!(stderr(&out).is_empty(), "{}", stderr(&out));
            let summary = lines.last().unwrap();
            assert_eq!(summary["type"], "summary");
            assert_eq!(summary["files"], 2);
            assert_eq!(summary["errors"], 3);
        }
    }
    let out = hcl(&["eval", "--format", "json", "--var", "x", "1"]);
    assert_eq!(out.status.code(), Some(2));
    let lines = json_lines(&stderr(&out));
    assert_eq!(lines[0]["code"], "custom");
}

#[test]
fn check_prints_a_summary_on_success() {
    let out = hcl_stdin(&["check"], b"a = 1\n");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stderr(&out), "1 file checked, no problems\n");
    let out = hcl_stdin(&["check", "--format", "json"], b"a = 1\n");
    assert_eq!(
        json_lines(&stdout(&out)),
        [serde_json::json!({"type": "summary", "files": 1, "errors": 0, "warnings": 0})]
    );
}

#[test]
fn a_command_line_that_does_not_parse_is_json_with_format_json() {
    let out = hcl(&["check", "--format", "json", "--nosuch"]);
    assert_eq!(out.status.code(), Some(2));
    let lines = json_lines(&stderr(&out));
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0]["code"], "custom");
    assert!(lines[0]["detail"].as_str().unwrap().contains("--nosuch"));
    let out = hcl(&["check", "--nosuch"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).starts_with("error: unexpected argument"),
        "{}",
        stderr(&out)
    );
    let out = hcl(&["json", "--format", "json", "--help"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout(&out).contains("Usage: hcl json"));
}

#[test]
fn many_files_are_read_on_every_core_and_written_in_order() {
    // Files of very different sizes, so that the threads finish them out
    // of order; the output is still one file after another, by name.
    let files: Vec<(String, String)> = (0..40)
        .map(|i| {
            let size = if i % 7 == 0 { 3_000 } else { 1 };
            let body: String = (0..size).map(|j| format!("a{j} = {i}\n")).collect();
            (format!("f{i:02}.hcl"), format!("{body}bad{i} = nope{i}\n"))
        })
        .collect();
    let refs: Vec<(&str, &str)> = files
        .iter()
        .map(|(n, t)| (n.as_str(), t.as_str()))
        .collect();
    let dir = tree("many", &refs);
    let out = hcl(&["check", "--strict", "--format", "json", &arg(&dir)]);
    assert_eq!(out.status.code(), Some(1));
    let lines = json_lines(&stdout(&out));
    let files: Vec<String> = lines
        .iter()
        .filter(|l| l["type"] == "diagnostic")
        .map(|l| {
            assert_eq!(l["code"], "unknown-variable");
            l["filename"].as_str().unwrap().to_owned()
        })
        .collect();
    let want: Vec<String> = (0..40)
        .map(|i| arg(&dir.join(format!("f{i:02}.hcl"))))
        .collect();
    assert_eq!(files, want);
    assert_eq!(lines.last().unwrap()["errors"], 40);
    let out = hcl(&["json", &arg(&dir)]);
    let lines = json_lines(&stdout(&out));
    let firsts: Vec<i64> = lines.iter().map(|l| l["a0"].as_i64().unwrap()).collect();
    assert_eq!(firsts, (0..40).collect::<Vec<i64>>());
}
