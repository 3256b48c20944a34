//! Format-preserving editing (`hcl_core::edit`) over the real-world files
//! of `../shared/corpus/real` and `real-invalid`: every file that parses
//! comes back byte for byte unedited; an edit of one attribute leaves every
//! other line as it was; and what a document prints after edits parses and
//! holds them. Without the corpus these tests print a notice and check
//! nothing; the cases of edits at the edges of a file run always. The
//! random edit scripts are those of the `edit` fuzz target
//! (`support/edit_script.rs`).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

#[path = "support/edit_script.rs"]
mod edit_script;
#[path = "support/shared_corpus.rs"]
mod shared_corpus;

use edit_script::{check_edit_script, Choices};
use hcl_core::edit::{Body, Document};
use hcl_core::Value;
use shared_corpus::{corpus_files, shared_corpus};

/// The text of every corpus file that parses, with its path.
fn parsing_files() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for name in ["real", "real-invalid"] {
        let Some(dir) = shared_corpus(name) else {
            continue;
        };
        for path in corpus_files(&dir) {
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue;
            };
            if hcl_core::parse(&text, "file.hcl").is_ok() {
                out.push((path.display().to_string(), text));
            }
        }
    }
    out
}

/// Every attribute's expression text of `body` and the bodies in it parses
/// as an expression: the document cut each attribute where the parser did.
fn check_expressions(body: &Body, path: &str) {
    for attr in body.attributes() {
        let text = attr.expr_text();
        assert!(
            hcl_core::parse_expression(&format!("{text}\n"), "expr").is_ok(),
            "{path}: the expression of {} does not parse alone: {text:?}",
            attr.name()
        );
    }
    for block in body.blocks() {
        check_expressions(block.body(), path);
    }
}

#[test]
fn unedited_documents_print_their_source() {
    let files = parsing_files();
    for (path, text) in &files {
        let doc = Document::parse(text, "file.hcl").unwrap();
        assert_eq!(doc.to_string(), *text, "{path}: printed differs");
        assert_eq!(doc.to_string_unformatted(), *text, "{path}: tokens differ");
        check_expressions(doc.body(), path);
    }
    println!("{} files round-trip", files.len());
}

/// Block steps from a body: each a block type and labels.
type BlockPath = Vec<(String, Vec<String>)>;

/// The first attribute on one line of the root body or of the first
/// block that has one, as (block path, name).
fn one_line_attribute(body: &Body) -> Option<(BlockPath, String)> {
    if let Some(attr) = body.attributes().find(|a| !a.expr_text().contains('\n')) {
        return Some((Vec::new(), attr.name().to_owned()));
    }
    body.blocks().find_map(|block| {
        let (mut path, name) = one_line_attribute(block.body())?;
        path.insert(0, (block.block_type().to_owned(), block.labels().to_vec()));
        Some((path, name))
    })
}

fn body_at<'a>(mut body: &'a mut Body, path: &[(String, Vec<String>)]) -> &'a mut Body {
    for (block_type, labels) in path {
        let labels: Vec<&str> = labels.iter().map(String::as_str).collect();
        body = body
            .first_matching_block_mut(block_type, &labels)
            .unwrap()
            .body_mut();
    }
    body
}

#[test]
fn setting_one_attribute_leaves_every_other_line_alone() {
    let mut edited = 0;
    for (path, text) in &parsing_files() {
        let mut doc = Document::parse(text, "file.hcl").unwrap();
        let Some((at, name)) = one_line_attribute(doc.body()) else {
            continue;
        };
        let body = body_at(doc.body_mut(), &at);
        // A path may reach an earlier block of the same type and labels.
        if body.attribute(&name).is_none() {
            continue;
        }
        body.set_attribute_raw(&name, "4242").unwrap();
        let out = doc.to_string_unformatted();
        let before: Vec<&str> = text.split('\n').collect();
        let after: Vec<&str> = out.split('\n').collect();
        assert_eq!(before.len(), after.len(), "{path}: lines added or lost");
        let changed: Vec<_> = before.iter().zip(&after).filter(|(a, b)| a != b).collect();
        assert_eq!(changed.len(), 1, "{path}: lines changed: {changed:?}");
        assert!(changed[0].1.contains(&format!("{name} = 4242")) || changed[0].1.contains("4242"));
        hcl_core::parse(&out, "out.hcl").unwrap();
        // A file not in the canonical layout prints as its tokens are; one in
        // it stays in it.
        if hcl_core::format(text) == *text {
            assert_eq!(doc.to_string(), hcl_core::format(&out), "{path}");
        } else {
            assert_eq!(doc.to_string(), out, "{path}");
        }
        edited += 1;
    }
    println!("{edited} files edited in one line");
}

/// Applies a round of edits at the places where a careless editor breaks
/// a file, checking after each that the output parses.
fn edit_everywhere(doc: &mut Document, path: &str) {
    let check = |doc: &Document, what: &str| {
        let out = doc.to_string();
        if let Err(diags) = hcl_core::parse(&out, "out.hcl") {
            panic!("{path}: after {what}, the output does not parse: {diags}\n{out}");
        }
    };
    let first = doc
        .body()
        .blocks()
        .next()
        .map(|b| (b.block_type().to_owned(), b.labels().to_vec()));
    doc.body_mut()
        .set_attribute_value("added_value", &Value::from("v"))
        .unwrap();
    check(doc, "adding an attribute");
    let block = doc.body_mut().append_block("added", &["x y"]).unwrap();
    block.body_mut().set_attribute_raw("n", "1 + 2").unwrap();
    check(doc, "adding a block");
    if let Some((block_type, labels)) = first {
        let labels: Vec<&str> = labels.iter().map(String::as_str).collect();
        let block = doc
            .body_mut()
            .first_matching_block_mut(&block_type, &labels)
            .unwrap();
        block
            .body_mut()
            .set_attribute_raw("inner", "[1, 2]")
            .unwrap();
        block.body_mut().append_newline();
        block.set_labels(&["relabelled"]);
        check(doc, "editing the first block");
        let block = doc
            .body_mut()
            .first_matching_block_mut(&block_type, &["relabelled"])
            .unwrap();
        let first_attr = block
            .body()
            .attributes()
            .next()
            .map(|a| a.name().to_owned());
        if let Some(name) = first_attr {
            block.body_mut().remove_attribute(&name);
            check(doc, "removing an attribute of the first block");
        }
    }
    doc.body_mut()
        .set_attribute_traversal("added_ref", "var.x[\"k\"]")
        .unwrap();
    check(doc, "adding a traversal");
    doc.body_mut().remove_block("added", &["x y"]).unwrap();
    check(doc, "removing a block");
}

#[test]
fn edited_real_world_files_parse() {
    let files = parsing_files();
    for (path, text) in &files {
        let mut doc = Document::parse(text, "file.hcl").unwrap();
        edit_everywhere(&mut doc, path);
        let printed = doc.to_string();
        let out = hcl_core::parse(&printed, "out.hcl").unwrap();
        let value = out.body.attribute("added_value").unwrap();
        assert!(matches!(
            value.expr.kind,
            hcl_core::ast::ExpressionKind::Template(_)
        ));
    }
}

#[test]
fn edits_at_the_edges_of_a_file_keep_it_parsing() {
    let sources = [
        "",
        "a = 1",
        "a = 1   ",
        "# only a comment",
        "a = 1 # comment without newline",
        "a {}",
        "a {}\n",
        "a { b = 1 }\n",
        "a { b = 1 } # after",
        "b \"x\" {\n  c = <<EOT\nhello\nEOT\n}",
        "\u{feff}a = 1\r\n",
        "a /* c */ = 1\n",
        "r /* before */ \"a\" /* between */ \"b\" /* after */ {\n}\n",
    ];
    for src in sources {
        let mut doc = Document::parse(src, "edge.hcl").unwrap();
        assert_eq!(doc.to_string(), src);
        edit_everywhere(&mut doc, &format!("{src:?}"));
        let mut doc = Document::parse(src, "edge.hcl").unwrap();
        for block in ["a", "b", "r"] {
            for labels in [&[][..], &["x"], &["a", "b"]] {
                if let Some(block) = doc.body_mut().first_matching_block_mut(block, labels) {
                    block.body_mut().clear();
                    block
                        .body_mut()
                        .set_attribute_raw("z", "/* c */ 1 # d")
                        .unwrap();
                }
            }
        }
        doc.body_mut().set_attribute_raw("y", "2 // two").unwrap();
        let out = doc.to_string();
        let parsed = hcl_core::parse(&out, "out.hcl");
        assert!(parsed.is_ok(), "{src:?}: {out:?} does not parse");
        assert!(
            parsed.unwrap().body.attribute("y").is_some(),
            "{src:?}: {out:?}"
        );
    }
}

#[test]
fn bad_edits_are_refused_and_change_nothing() {
    let mut doc = Document::parse("a = 1\n", "main.hcl").unwrap();
    for text in [
        "1 +",
        "",
        "a b",
        "\"open",
        "}",
        "<<EOT\nno end",
        "# c\n1",
        "\n1",
    ] {
        let err = doc.body_mut().set_attribute_raw("a", text).unwrap_err();
        assert!(!err.is_empty(), "{text:?}");
    }
    for text in ["f(x)", "a[*].b", "1 + 2", "a.b +"] {
        assert!(
            doc.body_mut().set_attribute_traversal("a", text).is_err(),
            "{text:?}"
        );
    }
    assert!(doc.body_mut().set_attribute_raw("two words", "1").is_err());
    assert!(doc
        .body_mut()
        .set_attribute_value("", &Value::from(1))
        .is_err());
    assert!(doc.body_mut().set_attribute_traversal("a.b", "x").is_err());
    assert!(doc.body_mut().append_block("1x", &[]).is_err());
    assert!(doc.body_mut().append_block("b {", &[]).is_err());
    assert_eq!(doc.to_string(), "a = 1\n");
}

#[test]
fn expressions_that_end_their_line_keep_one_line_blocks_parsing() {
    for raw in [
        "<<EOT\nhello\nEOT\n",
        "1 # c",
        "2 // c",
        "{\n  k = 1\n}",
        "3 /* c */",
    ] {
        for src in [
            "a { b = 1 }\n",
            "a { b = 1 } # x\n",
            "a { b = 1 /* y */ }",
            "a {}\n",
        ] {
            for name in ["b", "c"] {
                let mut doc = Document::parse(src, "main.hcl").unwrap();
                let block = doc.body_mut().first_matching_block_mut("a", &[]).unwrap();
                block.body_mut().set_attribute_raw(name, raw).unwrap();
                let out = doc.to_string();
                let parsed = hcl_core::parse(&out, "out.hcl");
                let Ok(file) = parsed else {
                    panic!("{src:?}, {name} = {raw:?}: {out:?} does not parse");
                };
                assert!(
                    file.body.blocks[0].body.attribute(name).is_some(),
                    "{out:?}"
                );
            }
        }
    }
}

/// The property of the `edit` fuzz target (`fuzz/fuzz_targets/edit.rs`)
/// on every small corpus file, with edit scripts made from fixed seeds.
#[test]
fn random_edits_of_real_world_files_always_print_a_file_that_parses() {
    let files = parsing_files();
    let mut scripts = 0;
    for (index, (path, text)) in files.iter().filter(|(_, t)| t.len() < 4096).enumerate() {
        for seed in 0..3 {
            let mut choices = Choices::seeded(7 + 3 * index as u64 + seed);
            let script: Vec<u8> = (0..32).map(|_| choices.pick(256) as u8).collect();
            check_edit_script(path, text, &script, 8);
            scripts += 1;
        }
    }
    println!("{scripts} edit scripts applied");
}
