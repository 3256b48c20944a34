//! Runs the `hcl` binary on small inputs and on the shared corpus.
// Test helpers outside `#[test]` functions panic on failure too.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::PathBuf;
use std::process::{Command, Output};

mod support;
use support::{corpus, hcl_stdin, stderr, stdout};

fn hcl(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hcl"))
        .args(args)
        .output()
        .expect("run hcl")
}

fn json_of(src: &str, args: &[&str]) -> serde_json::Value {
    let mut all = vec!["json", "-"];
    all.extend_from_slice(args);
    let out = hcl_stdin(&all, src.as_bytes());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    serde_json::from_str(&stdout(&out)).unwrap()
}

fn temp_file(name: &str, contents: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hcl-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

#[test]
fn json_nests_blocks_by_type_and_labels() {
    let src = r#"
name = "web"
resource "aws_instance" "web" {
  ami = "x"
  tag { k = 1 }
  tag { k = 2 }
}
resource "aws_instance" "db" {}
resource "aws_s3_bucket" "b" {}
locals {
  big = 12345678901234567890123
  half = 1/2
  inf = 1/0
  ninf = -1/0
}
"#;
    let mut v = json_of(src, &[]);
    let big = v["locals"].as_object_mut().unwrap().remove("big").unwrap();
    assert!(big.is_number());
    assert_eq!(
        v,
        serde_json::json!({
            "name": "web",
            "resource": {
                "aws_instance": {
                    "web": {"ami": "x", "tag": [{"k": 1}, {"k": 2}]},
                    "db": {}
                },
                "aws_s3_bucket": {"b": {}}
            },
            "locals": {"half": 0.5, "inf": "${1/0}", "ninf": "${-1/0}"}
        })
    );
    let out = hcl_stdin(&["json", "-"], src.as_bytes());
    assert!(stdout(&out).contains("\"big\":12345678901234567890123,"));
}

#[test]
fn json_repeated_blocks_with_same_labels_become_an_array() {
    let v = json_of("a \"x\" { n = 1 }\na \"x\" { n = 2 }\n", &[]);
    assert_eq!(v, serde_json::json!({"a": {"x": [{"n": 1}, {"n": 2}]}}));
}

#[test]
fn json_falls_back_to_templates() {
    let src = r#"
a = var.region
b = "web-${var.region}"
c = length(local.ports) + 1
d = upper("x")
e = <<-EOT
  hello ${name}
  EOT
f = "$${literal}"
g = file("x.txt")
"#;
    let v = json_of(src, &[]);
    assert_eq!(
        v,
        serde_json::json!({
            "a": "${var.region}",
            "b": "web-${var.region}",
            "c": "${length(local.ports) + 1}",
            "d": "X",
            "e": "hello ${name}\n",
            "f": "$${literal}",
            "g": "${file(\"x.txt\")}"
        })
    );
}

#[test]
fn json_uses_var_and_var_file() {
    let vars = temp_file("vars.tfvars", b"region = \"eu\"\nn = 2\n");
    let v = json_of(
        "a = \"r-${region}\"\nb = n * 3\nc = tags.x\n",
        &[
            "--var-file",
            vars.to_str().unwrap(),
            "--var",
            "tags={ x = true }",
        ],
    );
    assert_eq!(v, serde_json::json!({"a": "r-eu", "b": 6, "c": true}));
    let v = json_of(
        "n = n\n",
        &["--var-file", vars.to_str().unwrap(), "--var", "n=5"],
    );
    assert_eq!(v, serde_json::json!({"n": 5}));
}

#[test]
fn json_of_several_files_is_keyed_by_file_name() {
    let a = temp_file("a.hcl", b"x = 1\n");
    let b = temp_file("b.hcl", b"y { }\n");
    let (a, b) = (a.to_str().unwrap(), b.to_str().unwrap());
    let out = hcl(&["json", "--by-file", "--pretty", a, b]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    assert!(text.contains("\n  "), "{text}");
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v, serde_json::json!({a: {"x": 1}, b: {"y": {}}}));
}

#[test]
fn eval_prints_hcl_and_json() {
    let out = hcl(&["eval", r#"{ b = "x\"y", a = [1, 2.5], c = null }"#]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), "{ a = [1, 2.5], b = \"x\\\"y\", c = null }\n");
    let out = hcl(&[
        "eval",
        "--format",
        "json",
        "{ a = [1, 2.5], b = n }",
        "--var",
        "n=\"s\"",
    ]);
    assert_eq!(stdout(&out), "{\"a\":[1,2.5],\"b\":\"s\"}\n");
    let out = hcl(&["eval", "1 + \"x\""]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("Error: Invalid operand"),
        "{}",
        stderr(&out)
    );
    assert!(stderr(&out).contains("--> <expr>:1:"), "{}", stderr(&out));
}

#[test]
fn check_reports_errors_and_exit_status() {
    let out = hcl_stdin(&["check", "-"], b"a = var.x\nb = nosuch(1)\n");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let out = hcl_stdin(&["check", "--strict", "-"], b"a = var.x\n");
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("Error: Unknown variable"));
    let out = hcl_stdin(&["check", "-"], b"x {\n  a = 1 + \"q\"\n}\n");
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(err.contains("--> <stdin>:2:"), "{err}");
    assert!(err.contains("2 |   a = 1 + \"q\""), "{err}");
}

#[test]
fn check_prints_json_lines() {
    let out = hcl_stdin(&["check", "--format", "json", "-"], b"a = 1 +\nb = 2 3\n");
    assert_eq!(out.status.code(), Some(1));
    let lines: Vec<serde_json::Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert!(!lines.is_empty());
    let d = &lines[0];
    assert_eq!(d["severity"], "error");
    assert_eq!(d["filename"], "<stdin>");
    assert_eq!(d["start"]["line"], 1);
    assert_eq!(d["start"]["column"], 8);
    assert_eq!(d["start"]["byte"], 7);
    assert_eq!(d["code"], "invalid-expression");
    assert!(d["summary"].is_string() && d["detail"].is_string());
    // The code tells kinds apart whatever the summary's wording.
    let out = hcl_stdin(
        &["check", "--strict", "--format", "json", "-"],
        b"a = var.x
",
    );
    assert_eq!(out.status.code(), Some(1));
    let first: serde_json::Value =
        serde_json::from_str(stdout(&out).lines().next().unwrap()).unwrap();
    assert_eq!(first["code"], "unknown-variable");
}

#[test]
fn io_errors_exit_with_2() {
    let out = hcl(&["json", "/nonexistent/file.hcl"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("/nonexistent/file.hcl"));
    let out = hcl(&["eval", "1", "--var", "novalue"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn invalid_utf8_is_a_diagnostic_with_the_byte_position() {
    let path = temp_file("bad.hcl", b"a = 1\nb = \"x\xff\"\n");
    let out = hcl(&["check", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(err.contains("Error: Invalid UTF-8"), "{err}");
    assert!(err.contains("bad.hcl:2:7"), "{err}");
    assert!(err.contains("offset 12"), "{err}");
    let out = hcl(&["json", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn help_documents_exit_status() {
    let out = hcl(&["--help"]);
    assert!(stdout(&out).contains("Exit status"));
    let out = hcl(&["json", "--help"]);
    assert!(stdout(&out).contains("keyed by file name"));
}

#[test]
fn json_of_the_real_corpus_is_valid_json() {
    for dir in ["real", "real-v2.20"] {
        let Some(files) = corpus(dir) else { return };
        for batch in files.chunks(400) {
            let mut args = vec!["json".to_owned(), "--by-file".to_owned()];
            args.extend(batch.iter().map(|p| p.to_string_lossy().into_owned()));
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let out = hcl(&args);
            assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
            let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
            assert_eq!(v.as_object().unwrap().len(), batch.len());
        }
    }
}

#[test]
fn check_of_the_invalid_corpus_fails_with_rendered_diagnostics() {
    let Some(files) = corpus("real-invalid") else {
        return;
    };
    assert!(!files.is_empty());
    for file in files {
        let name = file.to_string_lossy().into_owned();
        let out = hcl(&["check", &name]);
        assert_eq!(out.status.code(), Some(1), "{name}");
        let err = stderr(&out);
        assert!(err.contains(&format!("--> {name}:")), "{name}: {err}");
        assert!(err.contains("Error: "), "{name}: {err}");
    }
}
