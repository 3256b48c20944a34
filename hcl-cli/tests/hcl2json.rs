//! `hcl json --hcl2json` and `--simplify` as a user runs them: each rule
//! of tmccombs/hcl2json's output (convert/convert.go), its refusals, and
//! the flags' combinations.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use serde_json::{json, Value as J};

mod support;
use support::{hcl, hcl_stdin, json_lines, stderr, stdout, tree};

/// The output of `hcl json --hcl2json [extra] -` for `src`, which must
/// succeed.
fn hcl2json(src: &str, extra: &[&str]) -> J {
    let mut args = vec!["json", "--hcl2json"];
    args.extend_from_slice(extra);
    args.push("-");
    let out = hcl_stdin(&args, src.as_bytes());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    serde_json::from_str(&stdout(&out)).unwrap()
}

#[test]
fn every_block_body_is_an_element_of_an_array() {
    let src = r#"
resource "aws_instance" "web" {
  ami = "ami-1"
  ebs_block_device { size = 8 }
}
resource "aws_instance" "db" {}
resource "aws_instance" "db" { count = 2 }
locals { a = 1 }
locals { b = 2 }
terraform {}
"#;
    let v = hcl2json(src, &[]);
    assert_eq!(v["resource"]["aws_instance"]["web"][0]["ami"], "ami-1");
    assert_eq!(
        v,
        json!({
            "resource": {"aws_instance": {
                "web": [{"ami": "ami-1", "ebs_block_device": [{"size": 8}]}],
                "db": [{}, {"count": 2}]
            }},
            "locals": [{"a": 1}, {"b": 2}],
            "terraform": [{}]
        })
    );
    // Without the flag, a lone block is its body.
    let out = hcl_stdin(&["json", "-"], b"terraform {}\n");
    assert_eq!(stdout(&out), "{\"terraform\":{}}\n");
}

#[test]
fn literals_are_values_and_other_expressions_their_source() {
    let src = r#"
n = 1.50
big = 1e3
neg = -10
not = !false
nul = null
s = "text"
esc = "$${kept} %%{kept}"
sum = 1 + 2
negx = -x
negp = -(1 + 4)
call = upper("a")
ref = var.region
cond = a > 2 ? 1 : 0
for = [for x in local.arr : x * 2]
wrap_num = "${1}"
wrap_str = "${"s"}"
wrap_tuple = "${[1, x]}"
wrap_ref = "${ var.x }"
multi = try(
  a,
  b,
)
"#;
    let v = hcl2json(src, &[]);
    assert_eq!(
        v,
        json!({
            "n": 1.5, "big": 1000, "neg": -10, "not": true, "nul": null,
            "s": "text", "esc": "$${kept} %%{kept}",
            "sum": "${1 + 2}", "negx": "${-x}", "negp": "${-(1 + 4)}",
            "call": "${upper(\"a\")}", "ref": "${var.region}",
            "cond": "${a > 2 ? 1 : 0}", "for": "${[for x in local.arr : x * 2]}",
            "wrap_num": 1, "wrap_str": "s", "wrap_tuple": [1, "${x}"],
            "wrap_ref": "${var.x}",
            // No line break before the closing brace.
            "multi": "${try(\n  a,\n  b,\n)}"
        })
    );
}

#[test]
fn templates_are_rebuilt_from_their_parts() {
    let src = r#"
spaced = "a ${ var.x } b"
literal = "${"hi"} there, ${1}, ${true}, ${null}"
nested = "x${"y${z}"}"
directive = "%{ if local.n < 3 }small%{ else }big%{ endif }"
no_else = "%{ if c }yes%{ endif }"
empty_else = "%{ if c }yes%{ else }%{ endif }"
cond = "n: ${c ? "a" : b}"
cond_empty = "n: ${c ? x : ""}"
strip = "a   ${~ x ~}   b"
loop = "%{ for k, v in m ~} ${k}=${v} %{~ endfor }"
escaped = "$${a} ${b} %%{c}"
heredoc = <<-EOT
  line ${x}
    indented
  EOT
"#;
    let v = hcl2json(src, &[]);
    assert_eq!(
        v,
        json!({
            "spaced": "a ${var.x} b",
            "literal": "hi there, 1, true, null",
            "nested": "xy${z}",
            "directive": "%{if local.n < 3}small%{else}big%{endif}",
            "no_else": "%{if c}yes%{endif}",
            "empty_else": "%{if c}yes%{endif}",
            "cond": "n: %{if c}a%{else}${b}%{endif}",
            "cond_empty": "n: %{if c}${x}%{endif}",
            "strip": "a${x}b",
            "loop": "%{for k, v in m}${k}=${v}%{endfor}",
            "escaped": "$${a} ${b} %%{c}",
            "heredoc": "line ${x}\n  indented\n"
        })
    );
}

#[test]
fn object_keys_are_names_traversals_literals_or_templates() {
    let src = r#"
o = {
  name = 1
  a.b.c = 2
  3 = 3
  null = 4
  true = 5
  "quoted" = 6
  "${local.k}" = 7
  (var.k) = 8
  "a${x}" = 9
  name = 10
}
"#;
    let v = hcl2json(src, &[]);
    assert_eq!(
        v,
        json!({"o": {
            "name": 10, "a.b.c": 2, "3": 3, "null": 4, "true": 5, "quoted": 6,
            "${local.k}": 7, "${(var.k)}": 8, "a${x}": 9
        }})
    );
}

#[test]
fn an_argument_replaces_blocks_of_its_name_with_a_warning() {
    let out = hcl_stdin(&["json", "--hcl2json", "-"], b"tags {}\ntags \"x\" {}\n");
    // Blocks of one name are still checked, as hcl2json nests them before
    // the arguments.
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let out = hcl_stdin(&["json", "--hcl2json", "-"], b"tags = 1\ntags {}\n");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), "{\"tags\":1}\n");
    assert!(stderr(&out).contains("Block left out of the JSON"));
}

#[test]
fn blocks_with_and_without_labels_are_refused() {
    // hcl2json: "invalid HCL detected for \"foo\" block, cannot have
    // blocks with and without labels", and "Unable to convert Block to
    // JSON: foo.baz" the other way round.
    for (src, line, theirs) in [
        (
            "foo \"baz\" { key = 7 }\nfoo { key = 7 }\n",
            2,
            "invalid HCL detected for \"foo\" block, cannot have blocks with and without labels",
        ),
        (
            "foo { key = 7 }\nfoo \"baz\" { key = 7 }\n",
            2,
            "Unable to convert Block to JSON: foo.baz",
        ),
        (
            "a \"x\" \"y\" {}\na \"x\" {}\n",
            2,
            "invalid HCL detected for \"x\" block, cannot have blocks with and without labels",
        ),
        (
            "outer {\n  a \"x\" {}\n  a \"x\" \"y\" {}\n}\n",
            3,
            "Unable to convert Block to JSON: a.x.y",
        ),
    ] {
        let out = hcl_stdin(
            &["json", "--hcl2json", "--format", "json", "-"],
            src.as_bytes(),
        );
        assert_eq!(out.status.code(), Some(1), "{src}");
        assert_eq!(stdout(&out), "", "{src}");
        let messages = json_lines(&stderr(&out));
        assert_eq!(messages.len(), 1, "{src}: {messages:?}");
        assert_eq!(messages[0]["code"], "inconsistent-labels");
        assert_eq!(messages[0]["start"]["line"], line, "{src}");
        let detail = messages[0]["detail"].as_str().unwrap();
        assert!(detail.contains(theirs), "{src}: {detail}");
        // Without the flag, the block is left out with a warning.
        let out = hcl_stdin(&["json", "-"], src.as_bytes());
        assert_eq!(out.status.code(), Some(0), "{src}");
        assert!(stderr(&out).contains("Warning: Block left out of the JSON"));
    }
}

#[test]
fn a_refused_file_is_not_written_and_the_others_are() {
    let dir = tree(
        "hcl2json-refused",
        &[
            ("a.tf", "a = 1\n"),
            ("b.tf", "x {}\nx \"l\" {}\n"),
            ("c.tf", "n = -true\n"),
            ("d.tf", "d {}\n"),
        ],
    );
    let out = hcl(&["json", "--hcl2json", dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        json_lines(&stdout(&out)),
        [json!({"a": 1}), json!({"d": [{}]})]
    );
    let err = stderr(&out);
    assert!(err.contains("b.tf:2:1"), "{err}");
    // `-` applied to a literal is evaluated; an error refuses the file.
    assert!(err.contains("Error: Invalid operand"), "{err}");
    assert!(err.contains("c.tf:1:"), "{err}");
}

#[test]
fn files_of_the_json_syntax_are_refused() {
    let dir = tree(
        "hcl2json-json-syntax",
        &[("main.tf.json", "{\"a\": 1}"), ("b.tf", "b = 2\n")],
    );
    let out = hcl(&["json", "--hcl2json", dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stdout(&out), "{\"b\":2}\n");
    assert!(
        stderr(&out)
            .contains("main.tf.json: is in the JSON syntax, which --hcl2json does not read"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn by_file_and_pretty_apply() {
    let dir = tree(
        "hcl2json-by-file",
        &[("a.tf", "a {}\n"), ("b.tf", "b = 1\n")],
    );
    let a = dir.join("a.tf").display().to_string();
    let b = dir.join("b.tf").display().to_string();
    let out = hcl(&["json", "--hcl2json", "--by-file", "--pretty", &a, &b]);
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout(&out).contains("\n  "));
    let v: J = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(v, json!({a: {"a": [{}]}, b: {"b": 1}}));
}

#[test]
fn simplify_writes_the_values_of_what_needs_no_variables() {
    let src = r#"
locals {
  a = split("-", "xyx-abc-def")
  x = 1 + 2
  y = pow(2, 3)
  t = "x=${4 + abs(2 - 3) * parseint("02", 16)}"
  j = jsonencode({ a = "a", b = 5 })
  for = [for i in [1, 2] : i * 2]
  wrap = "${1 + 1}"
  with_vars = x + 1
}
"#;
    let v = hcl2json(src, &["--simplify"]);
    assert_eq!(
        v,
        json!({"locals": [{
            "a": ["xyx", "abc", "def"], "x": 3, "y": 8, "t": "x=6",
            "j": "{\"a\":\"a\",\"b\":5}", "for": [2, 4], "wrap": 2,
            "with_vars": "${x + 1}"
        }]})
    );
    // Without --simplify, the same expressions are their source.
    let v = hcl2json(src, &[]);
    assert_eq!(v["locals"][0]["x"], "${1 + 2}");
    assert_eq!(v["locals"][0]["wrap"], "${1 + 1}");
}

#[test]
fn simplify_knows_only_hcl2json_functions_and_no_variables() {
    let src = r#"
upper = upper("a")
try = try(1, 2)
date = formatdate("YYYY", "2024-01-02T00:00:00Z")
untaken = true ? 1 : var.x
"#;
    let v = hcl2json(src, &["--simplify"]);
    assert_eq!(
        v,
        json!({
            "upper": "${upper(\"a\")}", "try": "${try(1, 2)}", "date": "2024",
            "untaken": "${true ? 1 : var.x}"
        })
    );
}

#[test]
fn simplify_goes_part_by_part_and_writes_strings_as_they_are() {
    let src = r#"
tuple = [1 + 1, var.x]
object = { (1 + 1) = var.x, b = 2 * 2 }
whole = { (1 + 1) = 3 }
template = "a${1 + 1}${var.x}"
escaped = "$${x}"
joined = join("", ["%", "{y}"])
"#;
    let v = hcl2json(src, &["--simplify"]);
    assert_eq!(
        v,
        json!({
            "tuple": [2, "${var.x}"],
            // Keys are never evaluated on their own; an object that
            // evaluates as a whole has its keys' values.
            "object": {"${(1 + 1)}": "${var.x}", "b": 4},
            "whole": {"2": 3},
            // Interpolations within a template are not evaluated alone.
            "template": "a${1 + 1}${var.x}",
            // Values are written as plain JSON: no escaping of `${`.
            "escaped": "${x}",
            "joined": "%{y}"
        })
    );
    // Without --simplify, the literal keeps its escape.
    assert_eq!(hcl2json("escaped = \"$${x}\"\n", &[])["escaped"], "$${x}");
}

#[test]
fn simplify_refuses_a_value_json_cannot_write() {
    let out = hcl_stdin(
        &["json", "--hcl2json", "--simplify", "-"],
        b"ok = 1\ninf = 1 / 0\n",
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), "");
    let err = stderr(&out);
    assert!(err.contains("Error: Value without JSON text"), "{err}");
    assert!(err.contains("<stdin>:2:7"), "{err}");
    // Without --simplify, it is not evaluated.
    assert_eq!(hcl2json("inf = 1 / 0\n", &[]), json!({"inf": "${1 / 0}"}));
}

#[test]
fn the_flags_combine_only_as_documented() {
    for args in [
        &["json", "--simplify", "-"][..],
        &["json", "--hcl2json", "--no-eval", "-"],
        &["json", "--hcl2json", "--var", "a=1", "-"],
        &["json", "--hcl2json", "--var-file", "x.tfvars", "-"],
        &["json", "--hcl2json", "--var-object", "var", "-"],
    ] {
        let out = hcl_stdin(args, b"a = 1\n");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&out).contains("cannot be used with")
                || stderr(&out).contains("required arguments were not provided"),
            "{args:?}: {}",
            stderr(&out)
        );
    }
}

#[test]
fn the_help_describes_the_mode_with_its_refusals_and_functions() {
    let help = stdout(&hcl(&["json", "--help"]));
    for text in [
        "hcl json --hcl2json main.tf",
        "hcl json --hcl2json --simplify main.tf",
        "`.variable.region[0]`",
        "`include {}` and `include \"env\"",
        "(`-true`)",
        "(`1/0`)",
    ] {
        assert!(help.contains(text), "{text}: {help}");
    }
    // Every function --simplify may call is named, and no other.
    let list = help.split("only the functions ").nth(1).unwrap();
    let list = list.split(", is written as its value").next().unwrap();
    let named: Vec<&str> = list
        .split([',', ' ', '\n'])
        .filter(|w| !w.is_empty() && *w != "and")
        .collect();
    assert_eq!(named, hcl_cli::hcl2json::SIMPLIFY_FUNCTIONS);
}
