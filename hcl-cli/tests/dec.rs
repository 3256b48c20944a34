//! `hcl dec`: the command-line contract of HashiCorp's hcldec, run on the
//! built binary.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

mod support;
use support::{stderr, stdout, tree};

const SPEC: &str =
    "object {\n  attr \"a\" {\n    type = number\n  }\n  attr \"b\" {\n    type = string\n  }\n}\n";

/// Runs `hcl dec ARGS` in `dir`, with `input` on stdin.
fn dec(dir: &Path, args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hcl"))
        .arg("dec")
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run hcl");
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    child.wait_with_output().unwrap()
}

fn code(out: &Output) -> Option<i32> {
    out.status.code()
}

#[test]
fn a_value_is_one_line_of_json_with_its_type() {
    let dir = tree(
        "dec-value",
        &[("spec.hcldec", SPEC), ("in.hcl", "a = 1.5\n")],
    );
    let out = dec(
        &dir,
        &[
            "--spec=spec.hcldec",
            "--with-type",
            "--keep-nulls",
            "in.hcl",
        ],
        "",
    );
    assert_eq!(code(&out), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "{\"value\":{\"a\":1.5,\"b\":null},\"type\":[\"object\",{\"a\":\"number\",\"b\":\"string\"}]}\n"
    );
    // Without --keep-nulls the null property goes, and the wrapper is
    // written again with its keys sorted.
    let out = dec(
        &dir,
        &["--spec", "spec.hcldec", "--with-type", "in.hcl"],
        "",
    );
    assert_eq!(
        stdout(&out),
        "{\"type\":[\"object\",{\"a\":\"number\",\"b\":\"string\"}],\"value\":{\"a\":1.5}}\n"
    );
    let out = dec(&dir, &["-s", "spec.hcldec", "in.hcl"], "");
    assert_eq!(stdout(&out), "{\"a\":1.5}\n");
}

#[test]
fn strings_are_escaped_as_go_escapes_them() {
    let dir = tree(
        "dec-escape",
        &[("spec.hcldec", SPEC), ("in.hcl", "b = \"<&>\"\n")],
    );
    let out = dec(&dir, &["-s", "spec.hcldec", "in.hcl"], "");
    assert_eq!(stdout(&out), "{\"b\":\"\\u003c\\u0026\\u003e\"}\n");
}

#[test]
fn several_inputs_merge_and_json_names_are_json() {
    let dir = tree(
        "dec-merge",
        &[
            ("spec.hcldec", SPEC),
            ("one.hcl", "a = 2\n"),
            ("two.hcl.json", "{\"b\": \"x\"}"),
        ],
    );
    let out = dec(&dir, &["-s", "spec.hcldec", "one.hcl", "two.hcl.json"], "");
    assert_eq!(code(&out), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), "{\"a\":2,\"b\":\"x\"}\n");
}

#[test]
fn standard_input_is_read_without_files() {
    let dir = tree("dec-stdin", &[("spec.hcldec", SPEC)]);
    let out = dec(&dir, &["-s", "spec.hcldec"], "a = 3\n");
    assert_eq!(stdout(&out), "{\"a\":3}\n");
    let out = dec(&dir, &["-s", "spec.hcldec", "--diags=json"], "c = 3\n");
    assert_eq!(code(&out), Some(2));
    assert!(
        stderr(&out).contains("\"filename\": \"\\u003cstdin\\u003e\""),
        "{}",
        stderr(&out)
    );
}

#[test]
fn vars_are_json_objects_or_files_and_later_ones_win() {
    let dir = tree(
        "dec-vars",
        &[
            (
                "spec.hcldec",
                "variables {\n  x = 1\n}\nattr {\n  name = \"a\"\n}\n",
            ),
            ("in.hcl", "a = [x, y]\n"),
            ("vars.hcl", "y = \"file\"\n"),
            ("vars.json", "{\"y\": \"${json}\"}"),
        ],
    );
    let out = dec(
        &dir,
        &["-s", "spec.hcldec", "--vars", "{\"y\": 2}", "in.hcl"],
        "",
    );
    assert_eq!(stdout(&out), "[1,2]\n", "{}", stderr(&out));
    let out = dec(
        &dir,
        &[
            "-s",
            "spec.hcldec",
            "-V",
            "vars.hcl",
            "--vars={\"x\": 5}",
            "in.hcl",
        ],
        "",
    );
    assert_eq!(stdout(&out), "[5,\"file\"]\n", "{}", stderr(&out));
    // A JSON file's strings are not templates.
    let out = dec(
        &dir,
        &[
            "-s",
            "spec.hcldec",
            "-V",
            "vars.hcl",
            "-V",
            "vars.json",
            "in.hcl",
        ],
        "",
    );
    assert_eq!(stdout(&out), "[1,\"${json}\"]\n", "{}", stderr(&out));
}

#[test]
fn diagnostics_are_one_indented_json_document_with_exit_status_2() {
    let dir = tree("dec-diags", &[("spec.hcldec", SPEC), ("in.hcl", "c = 1\n")]);
    let out = dec(&dir, &["-s", "spec.hcldec", "--diags=json", "in.hcl"], "");
    assert_eq!(code(&out), Some(2));
    assert_eq!(stdout(&out), "");
    let text = stderr(&out);
    assert!(
        text.starts_with("{\n  \"diagnostics\": [\n    {\n      \"severity\": \"error\",\n"),
        "{text}"
    );
    let doc: serde_json::Value = serde_json::from_str(&text).unwrap();
    let diag = &doc["diagnostics"][0];
    assert_eq!(diag["summary"], "Unsupported argument");
    assert_eq!(diag["subject"]["filename"], "in.hcl");
    assert_eq!(
        diag["subject"]["start"],
        serde_json::json!({"line": 1, "column": 1, "byte": 0})
    );
    // Without --diags, the text rendering.
    let out = dec(&dir, &["-s", "spec.hcldec", "in.hcl"], "");
    assert_eq!(code(&out), Some(2));
    assert!(
        stderr(&out).starts_with("Error: Unsupported argument"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn files_that_cannot_be_read_are_diagnostics_without_subject() {
    let dir = tree("dec-missing", &[("spec.hcldec", SPEC)]);
    let out = dec(
        &dir,
        &["-s", "spec.hcldec", "--diags=json", "no.hcl", "no.hcl.json"],
        "",
    );
    assert_eq!(code(&out), Some(2));
    let doc: serde_json::Value = serde_json::from_str(&stderr(&out)).unwrap();
    assert_eq!(
        doc,
        serde_json::json!({"diagnostics": [
            {"severity": "error", "summary": "Failed to read file",
             "detail": "The configuration file \"no.hcl\" could not be read."},
            {"severity": "error", "summary": "Failed to open file",
             "detail": "The file \"no.hcl.json\" could not be opened."}
        ]})
    );
    // A spec file with errors stops before the input is read.
    let out = dec(&dir, &["-s", "nospec.hcldec", "--diags=json", "no.hcl"], "");
    assert_eq!(code(&out), Some(2));
    assert!(stderr(&out).contains("nospec.hcldec"), "{}", stderr(&out));
    assert!(!stderr(&out).contains("no.hcl\\\""), "{}", stderr(&out));
}

#[test]
fn var_refs_lists_the_traversals_with_their_values() {
    let dir = tree(
        "dec-refs",
        &[
            ("spec.hcldec", "attr {\n  name = \"a\"\n}\n"),
            ("in.hcl", "a = x.y[0]\n"),
        ],
    );
    let out = dec(
        &dir,
        &[
            "-s",
            "spec.hcldec",
            "--var-refs",
            "--vars",
            "{\"x\": {\"y\": [\"z\"]}}",
            "in.hcl",
        ],
        "",
    );
    assert_eq!(code(&out), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.starts_with("[\n  {\n    \"root_name\": \"x\",\n    \"value\": \"z\",\n"),
        "{text}"
    );
    let refs: serde_json::Value = serde_json::from_str(&text).unwrap();
    let steps = &refs[0]["steps"];
    assert_eq!(steps[0]["kind"], "root");
    assert_eq!(
        steps[1],
        serde_json::json!({"kind": "attr", "name": "y", "range": {
        "filename": "in.hcl", "start": {"line": 1, "column": 6, "byte": 5},
        "end": {"line": 1, "column": 8, "byte": 7}}})
    );
    assert_eq!(steps[2]["key"], 0);
    assert_eq!(refs[0]["range"]["end"]["byte"], 10);
    // An undefined variable has no value, and is no error.
    let out = dec(&dir, &["-s", "spec.hcldec", "--var-refs", "in.hcl"], "");
    assert_eq!(code(&out), Some(0));
    let refs: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert!(refs[0].get("value").is_none(), "{refs}");
    let dir = tree(
        "dec-norefs",
        &[
            ("spec.hcldec", "attr {\n  name = \"a\"\n}\n"),
            ("in.hcl", "a = 1\n"),
        ],
    );
    assert_eq!(
        stdout(&dec(
            &dir,
            &["-s", "spec.hcldec", "--var-refs", "in.hcl"],
            ""
        )),
        "[]\n"
    );
}

#[test]
fn out_writes_the_value_to_a_file() {
    let dir = tree("dec-out", &[("spec.hcldec", SPEC), ("in.hcl", "a = 1\n")]);
    let out = dec(
        &dir,
        &["-s", "spec.hcldec", "-o", "value.json", "in.hcl"],
        "",
    );
    assert_eq!(code(&out), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), "");
    assert_eq!(
        std::fs::read_to_string(dir.join("value.json")).unwrap(),
        "{\"a\":1}\n"
    );
    let out = dec(
        &dir,
        &["-s", "spec.hcldec", "--out", "nodir/value.json", "in.hcl"],
        "",
    );
    assert_eq!(code(&out), Some(1));
    assert!(
        stderr(&out).starts_with("Error: can't open nodir/value.json for writing: "),
        "{}",
        stderr(&out)
    );
}

#[test]
fn usage_errors_and_version_have_the_reference_statuses() {
    let dir = tree("dec-usage", &[("spec.hcldec", SPEC)]);
    let out = dec(&dir, &[], "");
    assert_eq!(code(&out), Some(1));
    assert_eq!(
        stderr(&out),
        "Error: the --spec=... argument is required\n\n"
    );
    let out = dec(&dir, &["-s", "spec.hcldec", "--diags", "xml"], "");
    assert_eq!(code(&out), Some(2));
    assert_eq!(
        stderr(&out),
        "Invalid diagnostics format \"xml\": only \"json\" is supported.\n"
    );
    let out = dec(&dir, &["--no-such-flag"], "");
    assert_eq!(code(&out), Some(2));
    let out = dec(&dir, &["-v"], "");
    assert_eq!(
        (code(&out), stdout(&out).as_str()),
        (Some(0), "0.0.1-dev\n")
    );
}

#[test]
fn an_infinite_value_has_no_json_form() {
    let spec = "transform {\n  attr {\n    name = \"a\"\n  }\n  result = nested / 0\n}\n";
    let dir = tree("dec-inf", &[("spec.hcldec", spec), ("in.hcl", "a = 1\n")]);
    let out = dec(&dir, &["-s", "spec.hcldec", "in.hcl"], "");
    assert_eq!(code(&out), Some(1), "{}", stdout(&out));
    assert_eq!(stderr(&out), "Error: cannot serialize infinity as JSON\n\n");
    let out = dec(
        &dir,
        &["-s", "spec.hcldec", "--with-type", "--keep-nulls", "in.hcl"],
        "",
    );
    assert_eq!(code(&out), Some(1), "{}", stdout(&out));
}

#[test]
fn a_program_named_hcldec_is_hcl_dec() {
    let dir = tree(
        "dec-as-hcldec",
        &[("spec.hcldec", SPEC), ("in.hcl", "a = 4\n")],
    );
    let program = dir.join(format!("hcldec{}", std::env::consts::EXE_SUFFIX));
    // A link, not a copy: a copy just written may be "busy" when it is
    // run, while another test's child still holds it open for writing.
    #[cfg(unix)]
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_hcl"), &program).unwrap();
    #[cfg(not(unix))]
    std::fs::copy(env!("CARGO_BIN_EXE_hcl"), &program).unwrap();
    let out = Command::new(&program)
        .args(["--spec=spec.hcldec", "in.hcl"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_eq!(code(&out), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), "{\"a\":4}\n");
}
