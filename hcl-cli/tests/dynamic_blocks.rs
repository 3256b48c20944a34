//! `--dynamic-blocks` of `hcl json` and `hcl check`: `dynamic` blocks
//! written and checked as the blocks they generate, their mistakes
//! reported with the source line, and nothing expanded without the flag.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod support;
use support::{hcl_stdin, stderr, stdout};

const SECURITY_GROUP: &str = r#"resource "aws_security_group" "web" {
  dynamic "ingress" {
    for_each = ports
    iterator = port
    content {
      from_port = port.value
      note      = "rule ${port.key}"
    }
  }
}
"#;

#[test]
fn json_writes_the_generated_blocks_in_place() {
    let out = hcl_stdin(
        &["json", "--dynamic-blocks", "--var", "ports=[80, 443]"],
        SECURITY_GROUP.as_bytes(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(
        json,
        serde_json::json!({"resource": {"aws_security_group": {"web": {"ingress": [
            {"from_port": 80, "note": "rule 0"},
            {"from_port": 443, "note": "rule 1"}
        ]}}}})
    );
}

#[test]
fn a_dynamic_block_that_cannot_generate_is_a_warning() {
    let out = hcl_stdin(&["json", "--dynamic-blocks"], SECURITY_GROUP.as_bytes());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("Warning: Unknown variable"),
        "{}",
        stderr(&out)
    );
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(
        json["resource"]["aws_security_group"]["web"],
        serde_json::json!({})
    );
}

#[test]
fn without_the_flag_a_dynamic_block_is_written_as_a_block() {
    let out = hcl_stdin(&["json", "--var", "ports=[80]"], SECURITY_GROUP.as_bytes());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let web = &json["resource"]["aws_security_group"]["web"];
    assert_eq!(
        web["dynamic"]["ingress"]["for_each"],
        serde_json::json!([80])
    );
}

#[test]
fn check_reports_the_mistakes_of_dynamic_blocks() {
    let src = "dynamic \"rule\" {\n  for_each = true\n  content {}\n}\n";
    let out = hcl_stdin(&["check", "--dynamic-blocks"], src.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(
        err.contains("Error: Invalid dynamic for_each value"),
        "{err}"
    );
    assert!(err.contains("2 |   for_each = true"), "{err}");
    assert!(
        err.contains("Cannot use a bool value in for_each. An iterable collection is required."),
        "{err}"
    );
    // Without the flag the block is an ordinary one, and evaluates.
    let out = hcl_stdin(&["check"], src.as_bytes());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

#[test]
fn check_evaluates_generated_attributes_with_their_iterators() {
    let src = "dynamic \"rule\" {\n  for_each = [1, \"x\"]\n  content {\n    n = rule.value + 1\n  }\n}\n";
    let out = hcl_stdin(&["check", "--dynamic-blocks"], src.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    // The second element fails, the first does not.
    assert_eq!(err.matches("Error: ").count(), 1, "{err}");
    assert!(err.contains("Unsuitable value for left operand"), "{err}");
    let ok =
        "dynamic \"rule\" {\n  for_each = [1, 2]\n  content {\n    n = rule.value + 1\n  }\n}\n";
    let out = hcl_stdin(&["check", "--dynamic-blocks"], ok.as_bytes());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stderr(&out), "1 file checked, no problems\n");
}
