//! Trees kept with their source: bodies and expressions read again from
//! the tree they came from, or parsed again once when it was not kept.

#![allow(
    clippy::unwrap_used,
    clippy::panic,
    clippy::indexing_slicing,
    reason = "tests"
)]

use std::sync::Arc;

use crate::schema::{Block, Body, BodySchema};
use crate::{EvalContext, LazyFile, ParseOptions, SourceFile, SyntaxTree, Value};

fn tree(name: &str, text: &str) -> Arc<SyntaxTree> {
    let source = match name.ends_with(".json") {
        true => SourceFile::new_json(name, text),
        false => SourceFile::new(name, text),
    };
    SyntaxTree::parse(Arc::new(source), &ParseOptions::default()).unwrap()
}

const NESTED: &str = "a = 1\nouter \"x\" {\n  b = 2\n  inner {\n    c = [3, 4]\n  }\n}\nlast {}\n";

#[test]
fn finds_each_body_and_attribute_expression_by_span() {
    let tree = tree("f.hcl", NESTED);
    let root = tree.native_root().unwrap();
    let outer = &root.blocks[0].body;
    let inner = &outer.blocks[0].body;
    for body in [root, outer, inner, &root.blocks[1].body] {
        assert!(std::ptr::eq(tree.native_body(body.span).unwrap(), body));
        for attr in &body.attributes {
            let found = tree.native_expression(attr.expr.span).unwrap();
            assert!(std::ptr::eq(found, &attr.expr));
        }
    }
    // An element of a tuple is no attribute's expression.
    let crate::ast::ExpressionKind::Tuple(items) = &inner.attributes[0].expr.kind else {
        panic!("a tuple");
    };
    assert!(tree.native_expression(items[0].span).is_none());
}

#[test]
fn finds_each_json_value_by_span() {
    let tree = tree("f.json", r#"{"a": [1, {"b": 2}], "c": {"d": "x"}}"#);
    let root = tree.root();
    let super::Root::Json(json) = root else {
        panic!("a JSON tree");
    };
    let mut spans = Vec::new();
    let mut stack = vec![json.root()];
    while let Some(node) = stack.pop() {
        spans.push(node.span());
        if let Some(props) = node.properties() {
            stack.extend(props.iter().map(|p| node.at(&p.value)));
        }
        if let Some(elements) = node.elements() {
            stack.extend(elements.iter().map(|e| node.at(e)));
        }
    }
    assert_eq!(spans.len(), 7);
    for span in spans {
        assert_eq!(tree.json_value(span).unwrap().span(), span);
    }
}

#[test]
fn an_owned_body_shares_the_tree_it_was_read_from() {
    let tree = tree("f.hcl", NESTED);
    let schema = BodySchema::builder()
        .attribute("a")
        .block("outer", &["name"])
        .block("last", &[])
        .build()
        .unwrap();
    let content = Body::from_tree(&tree).content(&schema).unwrap();
    let before = Arc::strong_count(&tree);
    let kept = content.blocks[0].body.to_owned_body().unwrap();
    assert_eq!(Arc::strong_count(&tree), before + 1, "no second tree");
    let expr = content
        .attributes
        .get("a")
        .unwrap()
        .expr
        .to_owned_expression()
        .unwrap();
    assert_eq!(Arc::strong_count(&tree), before + 2, "no second tree");
    drop(content);
    let attrs = kept
        .body()
        .partial_content(&BodySchema::builder().block("inner", &[]).build().unwrap())
        .unwrap()
        .1
        .just_attributes()
        .unwrap();
    assert_eq!(attrs.keys().collect::<Vec<_>>(), ["b"]);
    assert_eq!(
        expr.expr().value(&EvalContext::new()).unwrap(),
        Value::from(1)
    );
    assert_eq!(kept.ranges()[0].start.line, 2);
}

#[test]
fn a_body_without_a_kept_tree_is_parsed_again_once() {
    let file = crate::parse(NESTED, "f.hcl").unwrap();
    let body = Body::from_file(&file);
    let (_, blocks) = body.items();
    let kept = blocks[0].body.to_owned_body().unwrap();
    drop(blocks);
    drop(body);
    drop(file);
    let (attrs, blocks) = kept.body().items();
    assert_eq!(attrs[0].name, "b");
    assert_eq!(blocks[0].block_type, "inner");
    // Equal to the same body kept from a tree of the same text.
    let tree = tree("f.hcl", NESTED);
    let (_, blocks) = Body::from_tree(&tree).items();
    assert_eq!(blocks[0].body.to_owned_body().unwrap(), kept);
    assert_ne!(blocks[1].body.to_owned_body().unwrap(), kept);
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
        let kept = rest.to_owned_body().unwrap();
        assert_eq!(kept.body(), rest, "{name}");
        let attrs = kept.body().just_attributes().unwrap();
        assert_eq!(attrs.keys().collect::<Vec<_>>(), ["nmae"], "{name}");
    }
    let tree = tree("f.hcl", "nmae = 2\n");
    let rest = Body::from_tree(&tree).hide(&["name"], &[]);
    let kept = rest.to_owned_body().unwrap();
    let (_, diags) = kept.body().content_with_diagnostics(&BodySchema::default());
    assert!(diags.to_string().contains("Did you mean \"name\"?"));
}

#[test]
fn a_merged_body_keeps_each_part() {
    let a = tree("a.hcl", "x = 1\n");
    let b = tree("b.json", r#"{"y": 2}"#);
    let merged = Body::merge([Body::from_tree(&a), Body::from_tree(&b)]);
    let kept = merged.to_owned_body().unwrap();
    let ranges: Vec<String> = kept.ranges().iter().map(ToString::to_string).collect();
    assert_eq!(ranges, ["a.hcl:1,1-2,1", "b.json:1,1-9"]);
    assert_eq!(kept.body().files().len(), 2);
}

#[test]
fn expressions_not_in_a_kept_tree_are_parsed_again() {
    let text = "a = <<EOT\nhello\nEOT\nb = [1, 2 + 3]\n";
    let file = crate::parse(text, "f.hcl").unwrap();
    let attrs = Body::from_file(&file).just_attributes().unwrap();
    let heredoc = attrs.get("a").unwrap().expr.to_owned_expression().unwrap();
    let ctx = EvalContext::new();
    assert_eq!(
        heredoc.expr().value(&ctx).unwrap(),
        Value::string("hello\n")
    );
    // An element of a tuple of a kept tree: not an attribute's expression,
    // so parsed again on its own.
    let tree = tree("f.hcl", text);
    let attrs = Body::from_tree(&tree).just_attributes().unwrap();
    let items = attrs.get("b").unwrap().expr.as_static_list().unwrap();
    let before = Arc::strong_count(&tree);
    let second = items[1].to_owned_expression().unwrap();
    assert_eq!(Arc::strong_count(&tree), before);
    assert_eq!(second.expr().value(&ctx).unwrap(), Value::from(5));
    assert_eq!(second.location().text(), "2 + 3");
    // A JSON value within a kept tree is found there.
    let json = self::tree("f.json", r#"{"b": [1, "${2 + 3}"]}"#);
    let attrs = Body::from_tree(&json).just_attributes().unwrap();
    let items = attrs.get("b").unwrap().expr.as_static_list().unwrap();
    let second = items[1].to_owned_expression().unwrap();
    assert_eq!(second.expr().value(&ctx).unwrap(), Value::from(5));
}

#[test]
fn a_lazily_parsed_block_is_a_tree_of_its_own() {
    let file = LazyFile::scan(NESTED, "f.hcl").unwrap();
    let tree = file.block_tree(1).unwrap();
    let block = Block::from_tree(&tree).unwrap();
    assert_eq!(block.label_values(), ["x"]);
    let before = Arc::strong_count(&tree);
    let kept = block.body.to_owned_body().unwrap();
    assert_eq!(Arc::strong_count(&tree), before + 1);
    assert_eq!(Body::from_tree(&tree), block.body);
    drop(block);
    assert_eq!(kept.body().items().0[0].name, "b");
    assert!(file.block_tree(0).is_none(), "an attribute is no block");
}
