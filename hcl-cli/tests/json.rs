//! `hcl json`: structure kept around unknown parts, the mode that does not
//! evaluate, and the escaping that makes the output read back as the same
//! values through the HCL JSON syntax.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod support;
use support::{hcl_stdin, stderr, stdout};

fn json(src: &str, args: &[&str]) -> serde_json::Value {
    let mut all = vec!["json"];
    all.extend_from_slice(args);
    let out = hcl_stdin(&all, src.as_bytes());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    serde_json::from_str(&stdout(&out)).unwrap()
}

#[test]
fn constructors_keep_their_structure_around_unknown_parts() {
    let src = r#"
depends_on = [aws_vpc.main, "x"]
tags = { Name = "web-${var.env}", Team = "core", (var.k) = 1, n = 1 + 1 }
nested = [{ a = [var.x, 2] }, [local.y]]
inf = [1, 1/0]
"#;
    assert_eq!(
        json(src, &[]),
        serde_json::json!({
            "depends_on": ["${aws_vpc.main}", "x"],
            "tags": {"Name": "web-${var.env}", "Team": "core", "${(var.k)}": 1, "n": 2},
            "nested": [{"a": ["${var.x}", 2]}, ["${local.y}"]],
            "inf": [1, "${1/0}"]
        })
    );
}

#[test]
fn conditionals_and_for_expressions_stay_templates() {
    let src =
        "a = [for x in var.l : x]\nb = var.c ? [1] : [2]\nc = { for k, v in var.m : k => v }\n";
    assert_eq!(
        json(src, &[]),
        serde_json::json!({
            "a": "${[for x in var.l : x]}",
            "b": "${var.c ? [1] : [2]}",
            "c": "${{ for k, v in var.m : k => v }}"
        })
    );
}

#[test]
fn no_eval_writes_every_expression_as_its_source() {
    let src =
        "a = 1 + 1\nb = upper(\"x\")\nc = [-1.5, true, null, \"s\", {k = 1e3}]\nd = \"x ${y}\"\n";
    assert_eq!(
        json(src, &["--no-eval"]),
        serde_json::json!({
            "a": "${1 + 1}",
            "b": "${upper(\"x\")}",
            "c": [-1.5, true, null, "s", {"k": 1000}],
            "d": "x ${y}"
        })
    );
}

#[test]
fn templates_and_literal_strings_are_escaped_to_read_back() {
    let src = r#"
lit = "$${not} %%{ this } \\ \n"
tpl = "a\tb ${x} $${y}"
heredoc = <<-EOT
    line ${z}
      %%{ kept }
    EOT
dir = "%{ if c }yes%{ else }no%{ endif }%{ for i in l }${i}%{ endfor }"
key = { "$${k}" = 1, "${var.k}" = 2 }
"#;
    assert_eq!(
        json(src, &[]),
        serde_json::json!({
            "lit": "$${not} %%{ this } \\ \n",
            "tpl": "a\tb ${x} $${y}",
            "heredoc": "line ${z}\n  %%{ kept }\n",
            "dir": "%{ if c }yes%{ else }no%{ endif }%{ for i in l }${i}%{ endfor }",
            "key": {"$${k}": 1, "${var.k}": 2}
        })
    );
}

#[test]
fn a_literal_dollar_before_an_interpolation_is_not_an_escape() {
    // The strip marker leaves "$" right before the interpolation.
    let v = json("a = \"$ ${~ x}\"\n", &[]);
    assert_eq!(v, serde_json::json!({"a": "${\"$\"}${x}"}));
}

#[test]
fn repeated_object_keys_keep_the_last_value() {
    let v = json("a = { k = 1, j = var.x, k = 2 }\n", &[]);
    assert_eq!(v, serde_json::json!({"a": {"k": 2, "j": "${var.x}"}}));
}

#[test]
fn numbers_keep_every_digit() {
    let out = hcl_stdin(
        &["json"],
        b"a = 12345678901234567890123\nb = 0.1\nc = [1e400, var.x]\nd = 1/3\n",
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("\"a\":12345678901234567890123,"), "{text}");
    assert!(text.contains("\"b\":0.1,"), "{text}");
    assert!(
        text.contains(&format!("\"c\":[1{},", "0".repeat(400))),
        "{text}"
    );
    let third = text.split("\"d\":").nth(1).unwrap();
    assert!(third.starts_with("0.3333333333333333333333333"), "{text}");
}

#[test]
fn a_heredoc_at_the_end_of_a_source_template_keeps_its_closing_line() {
    let src = "x = var.c ? \"\" : <<EOT\nhi\nEOT\n";
    for args in [&[][..], &["--no-eval"][..]] {
        let mut all = vec!["json"];
        all.extend_from_slice(args);
        let out = hcl_stdin(&all, src.as_bytes());
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        let text = stdout(&out);
        assert_eq!(
            text,
            "{\"x\":\"${var.c ? \\\"\\\" : <<EOT\\nhi\\nEOT\\n}\"}\n"
        );
        // Read back through the JSON syntax, it is the same expression.
        let file = hcl_core::parse_json(&text, "out.json").unwrap();
        let attrs = hcl_core::Body::from_json_file(&file)
            .just_attributes()
            .unwrap();
        let mut ctx = hcl_core::EvalContext::new();
        let var = hcl_core::Value::object([("c", hcl_core::Value::from(false))]);
        ctx.set_variable("var", var);
        let value = attrs.get("x").unwrap().expr.value(&ctx).unwrap();
        assert_eq!(value, hcl_core::Value::from("hi\n"));
    }
}
