//! Real-world files: every file the reference accepts parses without error
//! diagnostics, every file it rejects is rejected with a located diagnostic.
//! The files stay in `../shared/corpus/`; without it these tests print a
//! notice and check nothing.

#[path = "support/shared_corpus.rs"]
mod shared_corpus;

use shared_corpus::{corpus_files as hcl_files, shared_corpus as corpus_dir};

fn check_accepted(name: &str) {
    let Some(dir) = corpus_dir(name) else { return };
    let files = hcl_files(&dir);
    assert!(!files.is_empty());
    let mut failures = Vec::new();
    for path in &files {
        let bytes = std::fs::read(path).expect("read file");
        let text = String::from_utf8(bytes).expect("corpus files are UTF-8");
        if let Err(diags) = hcl_core::parse(&text, &path.display().to_string()) {
            failures.push(diags.to_string());
        }
    }
    println!("{name}: {} files, {} rejected", files.len(), failures.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn real_world_files_parse() {
    check_accepted("real");
}

#[test]
fn namespaced_function_calls_of_v2_20_parse() {
    check_accepted("real-v2.20");
}

#[test]
fn real_world_invalid_files_are_rejected_with_a_located_diagnostic() {
    let Some(dir) = corpus_dir("real-invalid") else {
        return;
    };
    let files = hcl_files(&dir);
    assert!(!files.is_empty());
    for path in &files {
        let text = String::from_utf8_lossy(&std::fs::read(path).expect("read file")).into_owned();
        let name = path.display().to_string();
        let diags = match hcl_core::parse(&text, &name) {
            Ok(_) => panic!("{name} was accepted; the reference rejects it"),
            Err(diags) => diags,
        };
        let first = diags
            .iter()
            .find(|d| d.is_error())
            .expect("an error diagnostic");
        let range = first.subject.as_ref().expect("a subject range");
        assert!(
            range.start.byte as usize <= text.len(),
            "{name}: range outside the input"
        );
        let rendered = first.to_string();
        assert!(
            rendered.contains(&format!("--> {name}:{}:", range.start.line)),
            "{rendered}"
        );
        assert!(rendered.contains('^'), "{rendered}");
    }
}

/// The items of a parsed body in source order: (name, labels, span).
fn parsed_items(body: &hcl_core::ast::Body<'_>) -> Vec<(String, Vec<String>, hcl_core::Span)> {
    let mut items: Vec<_> = body
        .attributes
        .iter()
        .map(|a| (a.name.to_string(), Vec::new(), a.name_span))
        .chain(body.blocks.iter().map(|b| {
            let labels = b.labels.iter().map(|l| l.value.to_string()).collect();
            (b.block_type.to_string(), labels, b.span)
        }))
        .collect();
    items.sort_by_key(|(_, _, span)| span.start);
    items
}

/// Every file the reference accepts and the item scan takes is read, one
/// item at a time, without syntax errors, into exactly the items a whole
/// parse finds (the body of such a file is compared in depth by
/// `tests/lazy_body.rs`); every file it rejects is refused by the scan or
/// has the syntax errors of one of its items. Most files
/// must be taken, or the one-item-at-a-time decoding would seldom apply.
fn check_lazy(name: &str, accepted: bool) -> Option<(usize, usize)> {
    let dir = corpus_dir(name)?;
    let files = hcl_files(&dir);
    let mut taken = 0;
    for path in &files {
        let text = String::from_utf8_lossy(&std::fs::read(path).expect("read file")).into_owned();
        let source = std::sync::Arc::new(hcl_core::SourceFile::new("f", &text));
        let tree = hcl_core::SyntaxTree::open(source, &hcl_core::ParseOptions::default());
        if hcl_core::__private::kept_blocks(&tree).is_none() {
            continue;
        }
        let (attrs, blocks) = hcl_core::Body::from_tree(&tree).items();
        let mut items: Vec<_> = attrs
            .iter()
            .map(|a| (a.name.to_string(), Vec::new(), a.name_span))
            .chain(blocks.iter().map(|b| {
                let labels = b.labels.iter().map(|l| l.value.to_string()).collect();
                (b.block_type.to_string(), labels, b.span)
            }))
            .collect();
        items.sort_by_key(|(_, _, span)| span.start);
        if tree.syntax_errors().has_errors() {
            assert!(!accepted, "{} is valid but not read", path.display());
            continue;
        }
        assert!(
            accepted,
            "{} is invalid but was read item by item",
            path.display()
        );
        let file = hcl_core::parse(&text, "f").expect("accepted files parse");
        assert_eq!(items, parsed_items(&file.body), "{}", path.display());
        taken += 1;
    }
    println!(
        "{name}: {taken} of {} files read one item at a time",
        files.len()
    );
    Some((taken, files.len()))
}

#[test]
fn real_world_files_read_one_item_at_a_time_as_parsed_whole() {
    let Some((taken, all)) = check_lazy("real", true) else {
        return;
    };
    assert!(taken * 10 >= all * 9, "only {taken} of {all} files");
    check_lazy("real-v2.20", true);
}

#[test]
fn real_world_invalid_files_are_refused_item_by_item() {
    check_lazy("real-invalid", false);
}
