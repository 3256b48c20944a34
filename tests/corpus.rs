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
/// item at a time, into exactly the items a whole parse finds, also when
/// split into the items' own texts; every file it rejects is refused by
/// the scan or by one of its items. Most files
/// must be taken, or the one-item-at-a-time decoding would seldom apply.
fn check_lazy(name: &str, accepted: bool) -> Option<(usize, usize)> {
    let dir = corpus_dir(name)?;
    let files = hcl_files(&dir);
    let mut taken = 0;
    for path in &files {
        let text = String::from_utf8_lossy(&std::fs::read(path).expect("read file")).into_owned();
        let Some(lazy) = hcl_core::__private::LazyFile::scan(&text, "f") else {
            continue;
        };
        let mut items = Vec::new();
        let mut complete = true;
        for (i, item) in lazy.items().enumerate() {
            let labels: Vec<String> = item.labels().map(|l| l.value.to_string()).collect();
            if item.is_block() {
                let Some(block) = lazy.block(i) else {
                    complete = false;
                    break;
                };
                let parsed: Vec<String> =
                    block.labels.iter().map(|l| l.value.to_string()).collect();
                assert_eq!(parsed, labels, "{}", path.display());
                assert_eq!(block.span, item.span(), "{}", path.display());
                items.push((block.block_type.to_string(), labels, block.span));
            } else {
                let Some(attr) = lazy.attribute(i) else {
                    complete = false;
                    break;
                };
                items.push((attr.name.to_string(), labels, attr.name_span));
            }
        }
        if !complete {
            continue;
        }
        assert!(lazy.check_rest());
        assert!(
            accepted,
            "{} is invalid but was read item by item",
            path.display()
        );
        let file = hcl_core::parse(&text, "f").expect("accepted files parse");
        assert_eq!(items, parsed_items(&file.body), "{}", path.display());
        check_split(&text, &path.display().to_string());
        taken += 1;
    }
    println!(
        "{name}: {taken} of {} files read one item at a time",
        files.len()
    );
    Some((taken, files.len()))
}

/// `debug` with every span in it moved `by` bytes on.
fn shift_spans(debug: &str, by: u32) -> String {
    let marker = "Span { start: ";
    let mut out = String::new();
    let mut rest = debug;
    while let Some(at) = rest.find(marker) {
        out.push_str(&rest[..at + marker.len()]);
        let after = &rest[at + marker.len()..];
        let digits = after.find(|c: char| !c.is_ascii_digit()).expect("a start");
        let start: u32 = after[..digits].parse().expect("a number");
        let after = after[digits..].strip_prefix(", end: ").expect("an end");
        let digits = after.find(|c: char| !c.is_ascii_digit()).expect("an end");
        let end: u32 = after[..digits].parse().expect("a number");
        out.push_str(&format!("{}, end: {}", start + by, end + by));
        rest = &after[digits..];
    }
    out.push_str(rest);
    out
}

/// The file split into its items (`LazyFile::split`) has the items of the
/// file read whole, with the same syntax trees and the same positions.
fn check_split(text: &str, name: &str) {
    let whole = hcl_core::__private::LazyFile::scan(text, name).expect("scanned before");
    let split = whole.split().expect("a file read whole");
    let owned =
        hcl_core::__private::SplitFile::new(text.to_string(), name).expect("scanned before");
    assert_eq!(format!("{owned:?}"), format!("{split:?}"), "{name}");
    let file = hcl_core::__private::LazyFile::of_split(&split);
    let range = |f: &hcl_core::__private::LazyFile<'_>, span| f.source().range(span);
    for (i, (a, b)) in whole.items().zip(file.items()).enumerate() {
        assert_eq!(
            (a.name(), a.label_count()),
            (b.name(), b.label_count()),
            "{name}"
        );
        for (x, y) in a.labels().zip(b.labels()) {
            assert_eq!(x.value, y.value, "{name}");
            assert_eq!(range(&whole, x.span), range(&file, y.span), "{name}");
        }
        assert_eq!(range(&whole, a.span()), range(&file, b.span()), "{name}");
        let line = range(&whole, a.name_span()).start.line;
        let line_text =
            |f: &hcl_core::__private::LazyFile<'_>| f.source().line_text(line).map(str::to_owned);
        assert_eq!(line_text(&whole), line_text(&file), "{name}");
        let source = file.item_source(i).expect("each item's text");
        let shift = source.pos(0).byte;
        let (tree, own) = if a.is_block() {
            let block = file.block_in(i, &source).expect("parsed before");
            (
                format!("{:?}", whole.block(i)),
                format!("{:?}", Some(block)),
            )
        } else {
            (
                format!("{:?}", whole.attribute(i)),
                format!("{:?}", file.attribute(i)),
            )
        };
        assert_eq!(shift_spans(&own, shift), tree, "{name}");
    }
    assert_eq!(
        range(&whole, whole.end_span()),
        range(&file, file.end_span()),
        "{name}"
    );
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
