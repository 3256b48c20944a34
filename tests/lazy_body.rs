//! The body of a file read item by item is the body of the file parsed
//! whole: over every native file of `../shared/corpus/real` (and a few
//! texts of its own when the corpus is absent), every item, range,
//! expression text, value and diagnostic that schema processing gives,
//! at every depth, read through the body's own methods and block by block
//! through `Body::read_once`.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

#[path = "support/shared_corpus.rs"]
mod shared_corpus;

use std::fmt::Write as _;

use std::sync::Arc;

use hcl_core::__private::kept_blocks;
use hcl_core::schema::{Body, BodySchema};
use hcl_core::{Diagnostics, EvalContext, ParseOptions, SourceFile, SyntaxTree};
use shared_corpus::{corpus_files, shared_corpus};

/// How a test reads the bodies of blocks.
#[derive(Clone, Copy)]
enum Read {
    /// Through the body's own methods.
    Kept,
    /// Through `Body::read_once`, once each.
    Scoped,
}

fn diagnostics(out: &mut String, what: &str, diags: &Diagnostics) {
    for d in diags.iter() {
        let at = d.subject.as_ref().map(ToString::to_string);
        let context = d.context.as_ref().map(ToString::to_string);
        let _ = writeln!(
            out,
            "{what}: {:?} {:?} {} | {} | {at:?} {context:?}",
            d.severity, d.code, d.summary, d.detail
        );
    }
}

/// Everything schema processing gives of `body`, at every depth.
fn describe(body: &Body<'_>, read: Read, out: &mut String) {
    let _ = writeln!(
        out,
        "missing at {:?}",
        body.missing_item().map(|l| l.range())
    );
    let (attrs, blocks) = body.items();
    let ctx = EvalContext::new();
    for a in &attrs {
        let value = a.expr.value(&ctx).map_err(|d| {
            d.iter()
                .map(|d| format!("{:?} {:?}", d.code, d.subject))
                .collect::<Vec<_>>()
        });
        let _ = writeln!(
            out,
            "attr {} {} {} = {} `{}` {value:?}",
            a.name,
            a.range(),
            a.name_range(),
            a.expr.range(),
            a.expr.location().text(),
        );
    }
    // Schemas made of the body's own names: all of them but the first
    // attribute, with a required argument it lacks and the label count
    // of each type's first block; then in two partial steps.
    let mut all = BodySchema::builder().required_attribute("zz_required");
    let mut first = BodySchema::builder();
    for a in attrs.iter().skip(1) {
        all = all.attribute(a.name);
    }
    let mut seen = Vec::new();
    for b in &blocks {
        if seen.contains(&b.block_type) {
            continue;
        }
        seen.push(b.block_type);
        let names: Vec<String> = (0..b.labels.len()).map(|i| format!("l{i}")).collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        all = all.block(b.block_type, &names);
        if seen.len() % 2 == 1 {
            first = first.block(b.block_type, &names);
        }
    }
    let (all, first) = (all.build().unwrap(), first.build().unwrap());
    let (content, diags) = body.content_with_diagnostics(&all);
    diagnostics(out, "content", &diags);
    let _ = writeln!(
        out,
        "content: {:?} and {} blocks",
        content.attributes.keys().collect::<Vec<_>>(),
        content.blocks.len()
    );
    let (taken, rest, diags) = body.partial_content_with_diagnostics(&first);
    diagnostics(out, "partial", &diags);
    let _ = writeln!(out, "partial: {} blocks", taken.blocks.len());
    let (_, diags) = rest.content_with_diagnostics(&all);
    diagnostics(out, "rest", &diags);
    let (_, diags) = rest.just_attributes_with_diagnostics();
    diagnostics(out, "rest attributes", &diags);
    for b in &blocks {
        let labels: Vec<String> = b
            .labels
            .iter()
            .map(|l| format!("{:?} {}", l.value, l.range()))
            .collect();
        let _ = writeln!(
            out,
            "block {} {labels:?} {} {} {} {} {} {{",
            b.block_type,
            b.range(),
            b.def_location().range(),
            b.type_location().range(),
            b.file.range(b.open_brace_span),
            b.file.range(b.close_brace_span),
        );
        match read {
            Read::Kept => describe(&b.body, read, out),
            Read::Scoped => b.body.read_once(|body| describe(body, read, out)),
        }
        let _ = writeln!(out, "}}");
    }
}

/// `text`, named `f.hcl`, opened: read item by item if the scan takes it.
fn open(text: &str) -> Arc<SyntaxTree> {
    SyntaxTree::open(
        Arc::new(SourceFile::new("f.hcl", text)),
        &ParseOptions::default(),
    )
}

/// `text` parsed whole and item by item in both ways: the three
/// descriptions, or `None` when the scan does not take the file.
fn three_ways(text: &str) -> Option<[String; 3]> {
    let whole = hcl_core::parse(text, "f.hcl").ok()?;
    let mut expected = String::new();
    describe(&Body::from_file(&whole), Read::Kept, &mut expected);
    let mut found = [String::new(), String::new()];
    for (read, out) in [Read::Kept, Read::Scoped].into_iter().zip(&mut found) {
        let tree = open(text);
        kept_blocks(&tree)?;
        describe(&Body::from_tree(&tree), read, out);
        assert!(tree.syntax_errors().is_empty(), "{text}");
    }
    let [a, b] = found;
    Some([expected, a, b])
}

/// Fails at the first line where `found` differs from `expected`.
fn same_lines(found: &str, expected: &str, what: &str) {
    let mut found_lines = found.lines();
    for (n, line) in expected.lines().enumerate() {
        assert_eq!(found_lines.next(), Some(line), "{what}, line {}", n + 1);
    }
    assert_eq!(found_lines.next(), None, "{what}: more lines");
}

fn assert_same(text: &str, what: &str) -> bool {
    let Some([expected, kept, scoped]) = three_ways(text) else {
        return false;
    };
    same_lines(&kept, &expected, &format!("{what}: kept trees"));
    same_lines(
        &scoped,
        &expected,
        &format!("{what}: trees parsed per read"),
    );
    true
}

const TEXTS: &[&str] = &[
    "",
    "# only a comment\n",
    "region = \"eu\"\nservice \"web\" \"x\" {\n  port = 80\n  nested {\n    a = [1, 2]\n  }\n}\n\nreplicas = 1 + 2 # later\nservice \"db\" {}\n",
    "a = 1\nb { c = 2 }\nb \"x\" \"y\" {\n}\n",
    "locals {\n  x = \"${upper(\"a\")}\"\n  y = <<EOT\nline ${1}\nEOT\n}\nz = { k = 1, \"q\" = [true] }\n",
];

#[test]
fn a_file_read_item_by_item_is_the_file_parsed_whole() {
    for text in TEXTS {
        assert!(assert_same(text, text), "the scan takes {text:?}");
    }
}

#[test]
fn an_item_that_does_not_parse_gives_the_files_syntax_errors() {
    // The scan takes the block; its parse does not.
    let text = "a = 1\nb {\n  c = 1 +\n}\nd = 2\n";
    let tree = open(text);
    assert_eq!(kept_blocks(&tree), Some(0), "read item by item");
    let schema = BodySchema::builder()
        .attribute("a")
        .attribute("d")
        .block("b", &[])
        .build()
        .unwrap();
    let content = Body::from_tree(&tree).content(&schema).unwrap();
    let read = content.blocks[0]
        .body
        .read_once(|body| body.items().0.len());
    assert_eq!(read, 0, "an empty body in its place");
    let whole = hcl_core::parse(text, "f.hcl").unwrap_err();
    assert_eq!(tree.syntax_errors().to_string(), whole.to_string());
    assert!(tree.syntax_errors().has_errors());
}

#[test]
fn real_world_files_read_item_by_item_are_the_files_parsed_whole() {
    let Some(dir) = shared_corpus("real") else {
        return;
    };
    let (mut read, mut total) = (0, 0);
    for path in corpus_files(&dir) {
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        if path.extension().is_some_and(|e| e == "json") {
            continue;
        }
        total += 1;
        if assert_same(&text, &path.display().to_string()) {
            read += 1;
        }
    }
    eprintln!("{read} of {total} files read item by item");
    assert!(read * 10 >= total * 8, "{read} of {total}");
}
