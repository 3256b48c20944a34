//! `--var`, `--var-file` and `--var-object` as terraform's `-var` and
//! `-var-file` give variables, and `hcl eval` with standard input and
//! `--file`.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

mod support;
use support::{hcl, hcl_stdin, stderr, stdout, tree};

fn eval(args: &[&str]) -> String {
    let mut all = vec!["eval"];
    all.extend_from_slice(args);
    let out = hcl(&all);
    assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
    stdout(&out)
}

#[test]
fn var_values_are_strings_unless_they_read_as_typed_values() {
    let cases = [
        ("env=prod", "\"prod\""),
        ("env=\"prod\"", "\"prod\""),
        ("n=3", "3"),
        ("n=\"3\"", "\"3\""),
        ("b=true", "true"),
        ("l=[1, \"a\"]", "[1, \"a\"]"),
        ("m={ a = 1 }", "{ a = 1 }"),
        ("e=", "\"\""),
        ("s=a b", "\"a b\""),
        ("u=us-east-1", "\"us-east-1\""),
        ("x=1.2.3", "\"1.2.3\""),
        ("eq=a=b", "\"a=b\""),
    ];
    for (var, want) in cases {
        let name = var.split('=').next().unwrap();
        assert_eq!(eval(&["--var", var, name]), format!("{want}\n"), "{var}");
    }
}

#[test]
fn var_names_must_be_identifiers() {
    for var in ["var.x=\"a\"", "a b=1", "=1", "1x=2"] {
        let out = hcl(&["eval", "--var", var, "1"]);
        assert_eq!(out.status.code(), Some(2), "{var}");
        assert!(
            stderr(&out).contains("not an identifier"),
            "{var}: {}",
            stderr(&out)
        );
    }
    let out = hcl(&["eval", "--var", "novalue", "1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("expected NAME=VALUE"));
}

#[test]
fn var_object_gives_terraform_var_names() {
    let dir = tree("varobj", &[("prod.tfvars", "region = \"eu\"\nn = 2\n")]);
    let file = dir.join("prod.tfvars").display().to_string();
    let got = eval(&[
        "--var-object",
        "var",
        "--var-file",
        &file,
        "--var",
        "n=5",
        "[var.region, var.n]",
    ]);
    assert_eq!(got, "[\"eu\", 5]\n");
    assert_eq!(eval(&["--var-file", &file, "region"]), "\"eu\"\n");
    let out = hcl_stdin(
        &["json", "--var-object", "var", "--var", "env=prod"],
        b"name = \"app-${var.env}\"\n",
    );
    assert_eq!(stdout(&out), "{\"name\":\"app-prod\"}\n");
    let out = hcl(&["eval", "--var-object", "a.b", "1"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_block_in_a_variables_file_is_an_error() {
    let dir = tree("varblock", &[("bad.tfvars", "x = 1\nb { }\n")]);
    let file = dir.join("bad.tfvars").display().to_string();
    let out = hcl(&["eval", "--var-file", &file, "x"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("Unexpected block in variables file"));
}

#[test]
fn eval_reads_the_expression_from_stdin() {
    let out = hcl_stdin(&["eval"], b"[for i in range(3) : i * 2]\n");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), "[0, 2, 4]\n");
}

#[test]
fn eval_prints_json_with_format_json() {
    assert_eq!(
        eval(&[
            "--format",
            "json",
            "{ b = 0.1, a = 12345678901234567890123 }"
        ]),
        "{\"a\":12345678901234567890123,\"b\":0.1}\n"
    );
    let out = hcl(&["eval", "--format", "json", "1/0"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("infinite"), "{}", stderr(&out));
}

#[test]
fn eval_file_gives_variables_locals_and_attributes() {
    let main = r#"
variable "env" {
  default = "dev"
}
variable "nodefault" {}
locals {
  bucket = "${local.prefix}-${var.env}"
  id     = aws_s3_bucket.b.id
}
locals {
  prefix = upper(name)
  a      = local.b
  b      = local.a
}
name = "app"
"#;
    let dir = tree(
        "evalfile",
        &[
            ("main.tf", main),
            ("sub/other.tf", "locals {\n  prefix = \"no\"\n}\n"),
        ],
    );
    let file = dir.join("main.tf").display().to_string();
    let dir_arg = dir.display().to_string();
    assert_eq!(eval(&["--file", &file, "local.bucket"]), "\"APP-dev\"\n");
    // A directory gives its files, not those below it.
    assert_eq!(eval(&["--file", &dir_arg, "local.bucket"]), "\"APP-dev\"\n");
    assert_eq!(
        eval(&["--file", &file, "--var", "env=prod", "local.bucket"]),
        "\"APP-prod\"\n"
    );
    assert_eq!(eval(&["--file", &file, "name"]), "\"app\"\n");
    // Resources and locals in a cycle are unknown.
    assert_eq!(eval(&["--file", &file, "local.id"]), "(unknown)\n");
    assert_eq!(eval(&["--file", &file, "local.a"]), "(unknown)\n");
    let out = hcl(&["eval", "--file", &file, "var.nodefault"]);
    assert_eq!(out.status.code(), Some(1));
    let out = hcl(&[
        "eval",
        "--file",
        &dir.join("none.tf").display().to_string(),
        "1",
    ]);
    assert_eq!(out.status.code(), Some(2));
}
