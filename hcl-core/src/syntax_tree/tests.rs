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

fn open(name: &str, text: &str, options: &ParseOptions) -> Arc<SyntaxTree> {
    let source = match name.ends_with(".json") {
        true => SourceFile::new_json(name, text),
        false => SourceFile::new(name, text),
    };
    SyntaxTree::open(Arc::new(source), options)
}

/// The names of a body's items, and of its blocks' items, in order.
fn outline(body: &Body<'_>) -> Vec<String> {
    let (attrs, blocks) = body.items();
    let mut out: Vec<String> = attrs.iter().map(|a| a.name.to_string()).collect();
    for block in &blocks {
        out.push(format!(
            "{} {:?}",
            block.block_type,
            block.labels.iter().map(|l| l.value).collect::<Vec<_>>()
        ));
        out.extend(outline(&block.body).into_iter().map(|s| format!("  {s}")));
    }
    out
}

#[test]
fn an_opened_file_gives_what_a_parse_gives_or_its_errors() {
    let default = ParseOptions::default();
    let parsed = tree("f.hcl", NESTED);
    let opened = open("f.hcl", NESTED, &default);
    assert!(opened.lazy_file().is_some(), "read item by item");
    assert_eq!(
        outline(&Body::from_tree(&opened)),
        outline(&Body::from_tree(&parsed))
    );
    assert!(opened.syntax_errors().is_empty());

    // A file the scan does not take is parsed whole; so is JSON, and a
    // file read with limits of its own.
    for (name, text) in [
        ("e.hcl", "b \"a\\\"b\" {\n  x = 1\n}\n"),
        ("j.json", "{\"a\": {\"b\": 1}}"),
    ] {
        let opened = open(name, text, &default);
        assert!(opened.lazy_file().is_none(), "{text}");
        assert_eq!(
            outline(&Body::from_tree(&opened)),
            outline(&Body::from_tree(&tree(name, text)))
        );
        assert!(opened.syntax_errors().is_empty());
    }
    let limited = ParseOptions {
        limits: crate::Limits {
            max_nesting_depth: 3,
            ..crate::Limits::default()
        },
    };
    let deep = open("d.hcl", "a = [[[[1]]]]\n", &limited);
    assert!(deep.lazy_file().is_none());
    assert_eq!(
        deep.syntax_errors().iter().next().unwrap().code,
        crate::Code::NestingTooDeep
    );

    // Syntax errors are those of a whole parse, whether the scan took the
    // file or not, and whether a read met them or not.
    for text in [
        "a = 1\nb {\n  c = (\n}\nd = 2\n",
        "a = 1\nb {\n",
        "x = 1\nx = 2\n",
        "{\"a\": }",
    ] {
        let name = if text.starts_with('{') {
            "f.json"
        } else {
            "f.hcl"
        };
        let expected = match name {
            "f.json" => crate::parse_json(text, name).unwrap_err(),
            _ => crate::parse(text, name).unwrap_err(),
        };
        let unread = open(name, text, &default);
        assert_eq!(
            unread.syntax_errors().to_string(),
            expected.to_string(),
            "{text}"
        );
        let read = open(name, text, &default);
        let _ = outline(&Body::from_tree(&read));
        assert_eq!(
            read.syntax_errors().to_string(),
            expected.to_string(),
            "{text}"
        );
    }
}

/// Label text the scan might misread: escapes, template escapes and
/// sequences, text not in normal form C, and plain names.
fn label() -> impl proptest::strategy::Strategy<Value = String> {
    use proptest::prelude::*;
    proptest::collection::vec(
        prop_oneof![
            Just("a"),
            Just("x-y"),
            Just("\\\""),
            Just("\\n"),
            Just("\\u00e9"),
            Just("$${"),
            Just("%%{"),
            Just("$"),
            Just("%"),
            Just("${x}"),
            Just("e\u{301}"),
            Just("\u{212b}"),
            Just("\u{e9}"),
        ],
        0..4,
    )
    .prop_map(|parts| parts.concat())
}

proptest::proptest! {
    #![proptest_config(proptest::test_runner::Config::with_cases(300))]

    /// Whatever its labels, an opened file reads as its parse does: the
    /// same items when it is valid, the same errors when it is not.
    #[test]
    fn an_opened_file_of_any_labels_reads_as_its_parse(
        labels in proptest::collection::vec(proptest::collection::vec(label(), 0..3), 1..4)
    ) {
        let mut text = String::new();
        for (i, block) in labels.iter().enumerate() {
            text.push_str(&format!("a{i} = {i}\nb{i}"));
            for l in block {
                text.push_str(&format!(" \"{l}\""));
            }
            text.push_str(" {\n  c = 1\n}\n");
        }
        let opened = open("p.hcl", &text, &ParseOptions::default());
        let outline_opened = outline(&Body::from_tree(&opened));
        match crate::parse(&text, "p.hcl") {
            Ok(_) => {
                proptest::prop_assert!(opened.syntax_errors().is_empty(), "{}", text);
                proptest::prop_assert_eq!(outline_opened, outline(&Body::from_tree(&tree("p.hcl", &text))));
            }
            Err(errors) => proptest::prop_assert_eq!(
                opened.syntax_errors().to_string(),
                errors.to_string()
            ),
        }
    }
}

#[test]
fn item_ranges_cover_the_items_each_parsing_on_its_own() {
    let open = |text: &str| {
        SyntaxTree::open(
            Arc::new(SourceFile::new("f.hcl", text)),
            &ParseOptions::default(),
        )
    };
    let ranges = open(NESTED).item_ranges().unwrap();
    assert_eq!(ranges.len(), 3);
    assert_eq!(ranges[0].start, 0);
    assert_eq!(ranges[2].end, NESTED.len());
    for pair in ranges.windows(2) {
        assert_eq!(pair[0].end, pair[1].start);
    }
    for range in &ranges {
        let item = crate::parse(&NESTED[range.clone()], "f.hcl").unwrap();
        assert_eq!(item.body.attributes.len() + item.body.blocks.len(), 1);
    }
    // A tree parsed whole, and a file the scan gives up on, have none.
    assert!(tree("f.hcl", NESTED).item_ranges().is_none());
    assert!(open("a = 1\na = 2\n").item_ranges().is_none());
}
