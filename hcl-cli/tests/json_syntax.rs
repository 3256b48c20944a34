//! The `hcl` binary on files of the HCL JSON syntax: `check`, `json`,
//! `eval --file` and `fmt`, files named, found in directories and read
//! from standard input with `--syntax json`.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

mod support;

use support::{hcl, hcl_stdin, json_lines, stderr, stdout, tree};

const MAIN_JSON: &str = r#"{
  "//": "a comment",
  "variable": {"region": {"default": "eu"}},
  "locals": {"name": "web-${var.region}", "n": "${1 + 2}"},
  "resource": {"aws_instance": {"web": {"ami": "${var.ami}", "count": 2}}}
}
"#;

#[test]
fn check_of_a_valid_json_file_passes() {
    let dir = tree("jcheck-ok", &[("main.tf.json", MAIN_JSON)]);
    let o = hcl(&["check", dir.join("main.tf.json").to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stderr(&o), "1 file checked, no problems\n");
}

#[test]
fn check_of_an_invalid_json_file_points_into_it() {
    let text = "{\n  \"a\": \"${1 + }\",\n  \"b\": \"${true + 1}\"\n}\n";
    let dir = tree("jcheck-bad", &[("bad.tf.json", text)]);
    let path = dir.join("bad.tf.json");
    let o = hcl(&["check", "--format", "json", path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let lines = json_lines(&stdout(&o));
    assert_eq!(lines.len(), 3, "{}", stdout(&o));
    let at = |i: usize| {
        let l = &lines[i];
        (
            l["code"].as_str().unwrap().to_owned(),
            l["start"]["line"].as_i64().unwrap(),
            l["start"]["column"].as_i64().unwrap(),
            l["start"]["byte"].as_i64().unwrap(),
            l["end"]["byte"].as_i64().unwrap(),
        )
    };
    // `}` after `1 + ` on line 2; `true` on line 3.
    assert_eq!(at(0), ("invalid-expression".to_owned(), 2, 15, 16, 17));
    assert_eq!(&text[16..17], "}");
    assert_eq!(at(1), ("invalid-operand".to_owned(), 3, 11, 30, 34));
    assert_eq!(&text[30..34], "true");
    assert_eq!(lines[0]["filename"], path.to_str().unwrap());
    assert_eq!(lines[2]["errors"], 2);
}

#[test]
fn check_of_invalid_json_reports_the_syntax_error() {
    let dir = tree("jcheck-syntax", &[("x.hcl.json", "{\"a\": 1,}\n")]);
    let o = hcl(&["check", dir.join("x.hcl.json").to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("Error: Trailing comma in object"),
        "{}",
        stderr(&o)
    );
    assert!(stderr(&o).contains("x.hcl.json:1:8"), "{}", stderr(&o));
}

#[test]
fn check_leaves_out_strings_with_undefined_variables_unless_strict() {
    let text = r#"{"a": "${var.x + }", "b": "${var.y}", "c": {"d": "${nope(1)}"}}"#;
    let dir = tree("jcheck-strict", &[("s.tf.json", text)]);
    let path = dir.join("s.tf.json");
    let o = hcl(&["check", path.to_str().unwrap()]);
    // The syntax error is reported: a string that does not parse refers
    // to nothing.
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("1 error, 0 warnings"), "{}", stderr(&o));
    let o = hcl(&[
        "check",
        "--strict",
        "--format",
        "json",
        path.to_str().unwrap(),
    ]);
    let codes: Vec<String> = json_lines(&stdout(&o))
        .iter()
        .filter_map(|l| l["code"].as_str().map(str::to_owned))
        .collect();
    assert!(codes.contains(&"unknown-variable".to_owned()), "{codes:?}");
    assert!(codes.contains(&"unknown-function".to_owned()), "{codes:?}");
}

#[test]
fn a_directory_gives_native_and_json_files() {
    let dir = tree(
        "jdir",
        &[
            ("main.tf", "x = 1\n"),
            ("extra.tf.json", "{\"y\": \"${2 * 3}\"}\n"),
            ("sub/app.hcl.json", "{\"z\": true}\n"),
            ("package.json", "not read: no HCL extension before .json"),
            ("notes.txt", "not read"),
        ],
    );
    let o = hcl(&["check", dir.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stderr(&o), "3 files checked, no problems\n");
    let o = hcl(&["json", "--by-file", dir.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let all: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let name = |n: &str| dir.join(n).to_str().unwrap().to_owned();
    assert_eq!(all[name("main.tf")], serde_json::json!({"x": 1}));
    assert_eq!(all[name("extra.tf.json")], serde_json::json!({"y": 6}));
    assert_eq!(
        all[name("sub/app.hcl.json")],
        serde_json::json!({"z": true})
    );
    assert_eq!(all.as_object().unwrap().len(), 3);
}

#[test]
fn a_json_file_named_explicitly_is_read_whatever_its_name() {
    let dir = tree("jnamed", &[("config.json", "{\"a\": \"${1 + 1}\"}\n")]);
    let o = hcl(&["json", dir.join("config.json").to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "{\"a\":2}\n");
}

#[test]
fn json_of_a_json_file_evaluates_strings_and_keeps_blocks_as_objects() {
    let dir = tree("jjson", &[("main.tf.json", MAIN_JSON)]);
    let path = dir.join("main.tf.json");
    let o = hcl(&["json", path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        concat!(
            r#"{"variable":{"region":{"default":"eu"}},"#,
            r#""locals":{"name":"web-${var.region}","n":3},"#,
            r#""resource":{"aws_instance":{"web":{"ami":"${var.ami}","count":2}}}}"#,
            "\n"
        )
    );
    let o = hcl(&["json", "--no-eval", path.to_str().unwrap()]);
    assert!(stdout(&o).contains(r#""n":"${1 + 2}""#), "{}", stdout(&o));
}

#[test]
fn json_of_a_json_file_keeps_escapes_and_every_digit() {
    let text = r#"{"a": "$${x} %%{y}", "b": 12345678901234567890.25, "c": ["${true}", null]}"#;
    let dir = tree("jescape", &[("e.tf.json", text)]);
    let o = hcl(&["json", dir.join("e.tf.json").to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "{\"a\":\"$${x} %%{y}\",\"b\":12345678901234567890.25,\"c\":[true,null]}\n"
    );
}

#[test]
fn stdin_is_read_as_json_with_the_syntax_flag() {
    let input = b"{\"a\": \"${2 * 3}\"}";
    let o = hcl_stdin(&["json", "--syntax", "json"], input);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "{\"a\":6}\n");
    let o = hcl_stdin(&["check", "--syntax", "json"], input);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // Without the flag, standard input is the native syntax.
    let o = hcl_stdin(&["check"], input);
    assert_eq!(o.status.code(), Some(1));
    let o = hcl_stdin(&["check", "--syntax", "json"], b"{\"a\": 1");
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("<stdin>:1:1"), "{}", stderr(&o));
}

#[test]
fn eval_file_reads_a_json_file() {
    let dir = tree(
        "jeval",
        &[
            ("main.tf.json", MAIN_JSON),
            ("more.tf", "k = local.n * 2\n"),
        ],
    );
    let path = dir.join("main.tf.json");
    let o = hcl(&["eval", "--file", path.to_str().unwrap(), "local.name"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "\"web-eu\"\n");
    let o = hcl(&[
        "eval",
        "--file",
        path.to_str().unwrap(),
        "--var",
        "region=us",
        "local.name",
    ]);
    assert_eq!(stdout(&o), "\"web-us\"\n");
    let o = hcl(&["eval", "--file", dir.to_str().unwrap(), "local.n + 1"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "4\n");
}

#[test]
fn fmt_leaves_json_files_alone() {
    let json = "{\"a\":1,   \"b\":2}\n";
    let dir = tree("jfmt", &[("main.tf", "a=1\n"), ("x.tf.json", json)]);
    let o = hcl(&["fmt", "--check", dir.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o), format!("{}\n", dir.join("main.tf").display()));
    let named = dir.join("x.tf.json");
    let o = hcl(&["fmt", named.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "");
    assert_eq!(std::fs::read_to_string(&named).unwrap(), json);
}

#[test]
fn json_of_an_object_with_a_repeated_key_warns_and_keeps_the_last() {
    let text = "{\"a\": {\"k\": 1, \"k\": \"${var.x}\"}}\n";
    let dir = tree("jdup", &[("d.tf.json", text)]);
    let o = hcl(&[
        "json",
        "--format",
        "json",
        dir.join("d.tf.json").to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "{\"a\":{\"k\":\"${var.x}\"}}\n");
    let lines = json_lines(&stderr(&o));
    assert_eq!(lines.len(), 1, "{}", stderr(&o));
    assert_eq!(lines[0]["code"], "duplicate-object-key");
    assert_eq!(lines[0]["severity"], "warning");
    assert_eq!(lines[0]["start"]["byte"], 15);
    // A repeated top-level property is an error, as a repeated argument.
    let dir = tree("jdup-top", &[("d.tf.json", "{\"a\": 1, \"a\": 2}\n")]);
    let o = hcl(&["json", dir.join("d.tf.json").to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o), "{\"a\":1}\n");
}
