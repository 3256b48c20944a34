//! Block types whose labels the reader checks
//! ([`BlockHeaderSchema::any_labels`]), in both syntaxes.

use super::*;
use crate::analysis::ExprRef;
use crate::{parse, parse_json, Code, Span};

fn schema() -> BodySchema {
    BodySchema::builder()
        .attribute("name")
        .block_any_labels("module")
        .build()
        .unwrap()
}

#[test]
fn native_blocks_of_any_label_count_are_taken_unchecked() {
    let src = "name = \"a\"\nmodule {}\nmodule \"x\" {}\nmodule \"x\" \"y\" {}\n";
    let file = parse(src, "main.tf").unwrap();
    let (content, diags) = Body::from_file(&file).content_with_diagnostics(&schema());
    assert!(diags.is_empty(), "{diags}");
    let counts: Vec<usize> = content.blocks.iter().map(|b| b.labels.len()).collect();
    assert_eq!(counts, [0, 1, 2]);
    // The reader checks them once it knows the names.
    let checked: Vec<Option<Code>> = content
        .blocks
        .iter()
        .map(|b| b.check_labels(0, &["name"]).map(|d| d.code))
        .collect();
    assert_eq!(
        checked,
        [Some(Code::MissingLabel), None, Some(Code::ExtraneousLabel)]
    );
}

#[test]
fn native_undeclared_items_beside_them_are_reported() {
    let src = "modul \"x\" {}\nnmae = 1\nmodule = 2\n";
    let file = parse(src, "main.tf").unwrap();
    let (_, diags) = Body::from_file(&file).content_with_diagnostics(&schema());
    let details: Vec<&str> = diags.iter().map(|d| d.detail.as_str()).collect();
    assert_eq!(
        details,
        [
            "An argument named \"nmae\" is not expected here. Did you mean \"name\"?",
            "An argument named \"module\" is not expected here. Did you mean to define a block \
             of type \"module\"?",
            "Blocks of type \"modul\" are not expected here. Did you mean \"module\"?",
        ]
    );
}

#[test]
fn a_partial_step_leaves_the_rest() {
    let src = "module \"x\" {}\nother {}\n";
    let file = parse(src, "main.tf").unwrap();
    let (content, rest) = Body::from_file(&file).partial_content(&schema()).unwrap();
    assert_eq!(content.blocks.len(), 1);
    let others = BodySchema::builder().block("other", &[]).build().unwrap();
    assert_eq!(rest.content(&others).unwrap().blocks.len(), 1);
}

#[test]
fn json_properties_of_them_are_attributes_the_reader_reads_as_blocks() {
    let src = r#"{"name": "a", "module": {"x": {"source": "./x"}, "y": {}}}"#;
    let file = parse_json(src, "main.tf.json").unwrap();
    let (content, diags) = Body::from_json_file(&file).content_with_diagnostics(&schema());
    assert!(diags.is_empty(), "{diags}");
    assert!(content.blocks.is_empty());
    let names: Vec<&str> = content.attributes.keys().collect();
    assert_eq!(names, ["module", "name"]);
    let module = content.attributes.get("module").unwrap();
    let value: &ExprRef<'_> = &module.expr;
    let (blocks, diags) =
        Block::from_json_value(value, "module", Span::empty(0), &["name"]).unwrap();
    assert!(diags.is_empty(), "{diags}");
    let labels: Vec<&str> = blocks.iter().map(|b| b.labels[0].value).collect();
    assert_eq!(labels, ["x", "y"]);
}

#[test]
fn json_repeats_and_strangers_are_reported() {
    let src = r#"{"module": {}, "module": {}, "modul": 1}"#;
    let file = parse_json(src, "main.tf.json").unwrap();
    let (content, diags) = Body::from_json_file(&file).content_with_diagnostics(&schema());
    assert_eq!(content.attributes.len(), 1);
    let found: Vec<(Code, &str)> = diags.iter().map(|d| (d.code, d.detail.as_str())).collect();
    assert_eq!(
        found,
        [
            (
                Code::DuplicateArgument,
                "The argument \"module\" was already set at main.tf.json:1,2-14."
            ),
            (
                Code::ExtraneousJsonProperty,
                "No argument or block type is named \"modul\". Did you mean \"module\"?"
            ),
        ]
    );
}
