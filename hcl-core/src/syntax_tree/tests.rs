//! Trees kept with their source, and the bodies and expressions kept for
//! later that parse their own text once, when first read.

#![allow(
    clippy::unwrap_used,
    clippy::panic,
    clippy::indexing_slicing,
    reason = "tests"
)]

use std::sync::Arc;

use crate::schema::{Body, BodySchema};
use crate::{EvalContext, ParseOptions, SourceFile, SyntaxTree, Value};

fn tree(name: &str, text: &str) -> Arc<SyntaxTree> {
    let source = match name.ends_with(".json") {
        true => SourceFile::new_json(name, text),
        false => SourceFile::new(name, text),
    };
    SyntaxTree::parse(Arc::new(source), &ParseOptions::default()).unwrap()
}

const NESTED: &str = "a = 1\nouter \"x\" {\n  b = 2\n  inner {\n    c = [3, 4]\n  }\n}\nlast {}\n";

#[test]
fn a_tree_is_the_body_its_parse_gives() {
    let parsed = crate::parse(NESTED, "f.hcl").unwrap();
    let tree = tree("f.hcl", NESTED);
    assert_eq!(tree.native_body(), Some(&parsed.body));
    assert!(tree.json_value().is_none() && tree.native_expression().is_none());
    let (attrs, blocks) = Body::from_tree(&tree).items();
    assert_eq!((attrs.len(), blocks.len()), (1, 2));
    let json = self::tree("f.json", r#"{"a": 1}"#);
    assert_eq!(Body::from_tree(&json).just_attributes().unwrap().len(), 1);
    let bad = SyntaxTree::parse(
        Arc::new(SourceFile::new("b.hcl", "a =\n")),
        &ParseOptions::default(),
    );
    assert!(bad.is_err());
}

#[test]
fn an_owned_body_parses_its_own_text_once_when_first_read() {
    let file = crate::parse(NESTED, "f.hcl").unwrap();
    let body = Body::from_file(&file);
    let (_, blocks) = body.items();
    let kept = blocks[0].body.to_owned_body();
    drop(blocks);
    drop(body);
    drop(file);
    assert_eq!(kept.parsed_parts(), 0, "nothing parsed until read");
    let early = kept.clone();
    {
        let body = kept.body().unwrap();
        let (attrs, blocks) = body.items();
        assert_eq!(attrs[0].name, "b");
        assert_eq!(blocks[0].block_type, "inner");
        // Positions are the file's.
        assert_eq!(attrs[0].range().to_string(), "f.hcl:3,3-8");
    }
    assert_eq!(kept.parsed_parts(), 1);
    kept.body().unwrap();
    assert_eq!(kept.parsed_parts(), 1);
    assert_eq!(kept.clone().parsed_parts(), 1, "a clone keeps the tree");
    assert_eq!(early.parsed_parts(), 0);
    // Equal to the same body kept from another parse of the same text.
    let tree = tree("f.hcl", NESTED);
    let (_, blocks) = Body::from_tree(&tree).items();
    assert_eq!(blocks[0].body.to_owned_body(), kept);
    assert_ne!(blocks[1].body.to_owned_body(), kept);
    assert_eq!(kept.ranges()[0].start.line, 2);
}

#[test]
fn what_partial_steps_hid_stays_hidden_and_suggested() {
    for (name, text) in [
        ("f.hcl", "name = 1\nnmae = 2\n"),
        ("f.json", r#"{"name": 1, "nmae": 2}"#),
    ] {
        let tree = tree(name, text);
        let schema = BodySchema::builder().attribute("name").build().unwrap();
        let (_, rest) = Body::from_tree(&tree).partial_content(&schema).unwrap();
        let kept = rest.to_owned_body();
        let body = kept.body().unwrap();
        let attrs = body.just_attributes().unwrap();
        assert_eq!(attrs.keys().collect::<Vec<_>>(), ["nmae"], "{name}");
        assert_eq!(
            attrs.get("nmae").unwrap().range(),
            rest.just_attributes().unwrap().get("nmae").unwrap().range(),
            "{name}"
        );
    }
}

#[test]
fn a_merged_body_keeps_each_part() {
    let a = tree("a.hcl", "x = 1\n");
    let b = tree("b.json", r#"{"y": 2}"#);
    let merged = Body::merge([Body::from_tree(&a), Body::from_tree(&b)]);
    let kept = merged.to_owned_body();
    let ranges: Vec<String> = kept.ranges().iter().map(ToString::to_string).collect();
    assert_eq!(ranges, ["a.hcl:1,1-2,1", "b.json:1,1-9"]);
    let body = kept.body().unwrap();
    assert_eq!(body.files().len(), 2);
    assert_eq!(kept.parsed_parts(), 2);
}

#[test]
fn an_owned_expression_parses_its_own_text_once_when_first_read() {
    let text = "a = <<EOT\nhello\nEOT\nb = [1, 2 + 3]\n";
    let file = crate::parse(text, "f.hcl").unwrap();
    let attrs = Body::from_file(&file).just_attributes().unwrap();
    let heredoc = attrs.get("a").unwrap().expr.to_owned_expression();
    let items = attrs.get("b").unwrap().expr.as_static_list().unwrap();
    let second = items[1].to_owned_expression();
    drop(items);
    drop(attrs);
    drop(file);
    assert!(!heredoc.is_parsed());
    let ctx = EvalContext::new();
    assert_eq!(
        heredoc.expr().unwrap().value(&ctx).unwrap(),
        Value::string("hello\n")
    );
    assert!(heredoc.is_parsed());
    assert_eq!(second.expr().unwrap().value(&ctx).unwrap(), Value::from(5));
    assert_eq!(second.location().text(), "2 + 3");
    // A JSON value, within a document.
    let json = tree("f.json", r#"{"b": [1, "${2 + 3}"]}"#);
    let attrs = Body::from_tree(&json).just_attributes().unwrap();
    let items = attrs.get("b").unwrap().expr.as_static_list().unwrap();
    let second = items[1].to_owned_expression();
    assert_eq!(second.expr().unwrap().value(&ctx).unwrap(), Value::from(5));
    assert_eq!(second.range().to_string(), "f.json:1,11-21");
    assert_eq!(second, items[1].to_owned_expression());
}
