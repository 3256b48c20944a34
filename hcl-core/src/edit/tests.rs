//! How a document cuts a file into items, and what its edits print.

use super::Document;
use crate::value::Value;

fn doc(src: &str) -> Document {
    let doc = Document::parse(src, "test.hcl").unwrap();
    assert_eq!(doc.to_string(), src);
    doc
}

#[test]
fn lead_comments_are_the_comments_directly_above() {
    let mut d = doc("# one\n\n# two\n# three\na = 1\n");
    d.body_mut().remove_attribute("a");
    assert_eq!(d.to_string(), "# one\n\n");
    // A `/* */` comment on the line above ends with no line break of its
    // own: the newline after it is loose, and it stays.
    let mut d = doc("/* above */\na = 1\n/* c */ b = 2\n");
    d.body_mut().remove_attribute("a");
    d.body_mut().remove_attribute("b");
    assert_eq!(d.to_string(), "/* above */\n");
}

#[test]
fn line_comments_and_line_breaks_belong_to_the_item() {
    let mut d = doc("a = 1 /* x */ # y\r\nb {\n} # after\r\nc = 3");
    d.body_mut().remove_attribute("a");
    assert_eq!(d.to_string(), "b {\n} # after\r\nc = 3");
    d.body_mut().remove_block("b", &[]);
    assert_eq!(d.to_string(), "c = 3");
    d.body_mut().set_attribute_raw("d", "4").unwrap();
    assert_eq!(d.to_string(), "c = 3\nd = 4\n");
}

#[test]
fn expression_text_is_what_follows_the_equals() {
    let d = doc("a =\t1 # one\nb = <<EOT\nhello\nEOT\nc = /* c */ 2\n");
    let text = |name| d.body().attribute(name).unwrap().expr_text();
    assert_eq!(text("a"), " 1");
    assert_eq!(text("b"), " <<EOT\nhello\nEOT");
    assert_eq!(text("c"), " 2");
}

#[test]
fn bytes_the_reference_loses_are_kept() {
    let mut d = doc("\u{feff}r /* kept */ \"a\" /* c */ \"b\" /* d */ {\r\n}\r\n");
    let block = d
        .body_mut()
        .first_matching_block_mut("r", &["a", "b"])
        .unwrap();
    block.set_labels(&["y"]);
    assert_eq!(
        d.to_string(),
        "\u{feff}r /* kept */ \"y\" /* d */ {\r\n}\r\n"
    );
    assert_eq!(
        d.to_string_formatted(),
        "r /* kept */ \"y\" /* d */ {\r\n}\r\n"
    );
}

#[test]
fn new_lines_use_lf_and_keep_the_file_parsing() {
    let mut d = doc("a = 3\r\nb = 2\r\n");
    d.body_mut()
        .set_attribute_value("c", &Value::from(4))
        .unwrap();
    assert_eq!(d.to_string(), "a = 3\r\nb = 2\r\nc = 4\n");
    let mut d = doc("# no newline");
    d.body_mut().append_block("b", &[]).unwrap();
    assert_eq!(d.to_string(), "# no newline\nb {\n}\n");
    let mut d = doc("a { b = 1 }\n");
    let a = d.body_mut().first_matching_block_mut("a", &[]).unwrap();
    a.body_mut().set_attribute_raw("c", "2").unwrap();
    assert_eq!(d.to_string(), "a {\n  b = 1\n  c = 2\n}\n");
}

#[test]
fn a_cleared_body_has_no_attributes() {
    let mut d = doc("a = 1\nb = 2\n");
    d.body_mut().clear();
    assert!(d.body().attribute("a").is_none());
    d.body_mut().set_attribute_raw("a", "5").unwrap();
    assert_eq!(d.to_string(), "a = 5\n");
}

#[test]
fn a_value_of_several_lines_is_indented_as_its_body() {
    // Not in the canonical layout: printed as the tokens are.
    let mut d = doc("outer {\n  x  = 1\n}\n");
    let outer = d.body_mut().first_matching_block_mut("outer", &[]).unwrap();
    let text = "{\n  a = 1\n}";
    outer
        .body_mut()
        .set_expr("o", super::body::expr_tokens(text), true);
    assert_eq!(
        d.to_string(),
        "outer {\n  x  = 1\n  o = {\n    a = 1\n  }\n}\n"
    );
    let outer = d.body().first_matching_block("outer", &[]).unwrap();
    assert_eq!(outer.body().attribute("o").unwrap().expr_text(), text);
}

#[test]
fn added_lines_follow_the_indentation_of_their_neighbours() {
    let mut d = doc("job {\n\tgroup {\n\t\tcount = 1\n\t}\n}\n");
    let job = d.body_mut().first_matching_block_mut("job", &[]).unwrap();
    let group = job
        .body_mut()
        .first_matching_block_mut("group", &[])
        .unwrap();
    group.body_mut().set_attribute_raw("size", "2").unwrap();
    let task = group.body_mut().append_block("task", &[]).unwrap();
    task.body_mut().set_attribute_raw("driver", "3").unwrap();
    assert_eq!(
        d.to_string(),
        "job {\n\tgroup {\n\t\tcount = 1\n\t\tsize = 2\n\t\ttask {\n\t\t\tdriver = 3\n\t\t}\n\t}\n}\n"
    );
}
