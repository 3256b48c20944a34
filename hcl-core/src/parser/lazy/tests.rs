use super::*;

/// An item: its name, whether it is a block, and its labels.
type Item = (String, bool, Vec<String>);

/// The items `parse` finds.
fn parsed(text: &str) -> Vec<Item> {
    let file = crate::parse(text, "t.hcl").unwrap();
    let mut items: Vec<(u32, Item)> = file
        .body
        .attributes
        .iter()
        .map(|a| (a.span.start, (a.name.to_string(), false, Vec::new())))
        .chain(file.body.blocks.iter().map(|b| {
            let labels = b.labels.iter().map(|l| l.value.to_string()).collect();
            (b.span.start, (b.block_type.to_string(), true, labels))
        }))
        .collect();
    items.sort_by_key(|(at, _)| *at);
    items.into_iter().map(|(_, item)| item).collect()
}

fn lazy(text: &str) -> Option<Vec<Item>> {
    let file = LazyFile::scan(text, "t.hcl")?;
    let mut items = Vec::new();
    for (i, header) in file.items().enumerate() {
        let labels: Vec<String> = header.labels().map(|l| l.value.to_string()).collect();
        if header.is_block() {
            let block = file.block(i)?;
            let parsed: Vec<String> = block.labels.iter().map(|l| l.value.to_string()).collect();
            assert_eq!(parsed, labels);
            assert_eq!(block.span, header.span());
            items.push((block.block_type.to_string(), true, labels));
        } else {
            let attr = file.attribute(i)?;
            assert_eq!(attr.name, header.name());
            items.push((attr.name.to_string(), false, labels));
        }
    }
    assert!(file.check_rest());
    Some(items)
}

#[test]
fn finds_the_items_parse_finds() {
    let texts = [
        "",
        "\n\n# only a comment\n",
        "a = 1\nb = 2",
        "\u{feff}a = 1\n",
        "a = 1 # trailing\n// more\n\nb = \"x\" /* inline */\n",
        "a = [\n  1,\n  2,\n]\nb = {\n  c = \"}\"\n}\n",
        "a = \"${ {x = \"}\"} }\"\nb = 1\n",
        "a = <<EOT\nnot = code {\n  EOT is not the end\nEOT\nb = 1\n",
        "a = <<-EOT\n    ${x}\n    EOT\nb = 1\n",
        "resource \"aws_instance\" \"web\" {\n  ami = \"x\"\n  tags = { Name = \"}\" }\n}\nvariable v {}\n",
        "block { a = 1 }\nblock \"x\" {\n}\r\nc = 1\r\n",
        "a = x ? y : z\nb = [for i in xs : i if i > 0]\n",
        "a = \"%{ if x }yes%{ else }no%{ endif }\"\nb = \"$${not}\"\n",
        "a = provider::ns::fn(1)\n",
    ];
    for text in texts {
        assert_eq!(lazy(text), Some(parsed(text)), "{text:?}");
    }
}

/// `debug` with every span in it moved `by` bytes on.
fn shift_spans(debug: &str, by: u32) -> String {
    let mut out = String::new();
    let mut rest = debug;
    while let Some(at) = rest.find("Span { start: ") {
        let (before, after) = rest.split_at(at + "Span { start: ".len());
        out.push_str(before);
        let digits = after.find(|c: char| !c.is_ascii_digit()).unwrap();
        let start: u32 = after[..digits].parse().unwrap();
        let after = &after[digits..];
        let after = after.strip_prefix(", end: ").unwrap();
        let end_digits = after.find(|c: char| !c.is_ascii_digit()).unwrap();
        let end: u32 = after[..end_digits].parse().unwrap();
        out.push_str(&format!("{}, end: {}", start + by, end + by));
        rest = &after[end_digits..];
    }
    out.push_str(rest);
    out
}

/// Checks that the split `text` has the items of `text` read whole, at
/// the same positions, and returns how many there are.
fn split_matches_whole(text: &str) -> usize {
    let whole = LazyFile::scan(text, "t.hcl").expect(text);
    let split = whole.split().unwrap();
    // Split from the text it owns, the same.
    let owned = SplitFile::new(text.to_string(), "t.hcl").unwrap();
    assert_eq!(format!("{owned:?}"), format!("{split:?}"));
    let file = LazyFile::of_split(&split);
    assert!(file.split().is_none(), "a split file is not split again");
    assert_eq!(file.len(), whole.len());
    let range = |f: &LazyFile<'_>, span: Span| f.source().range(span);
    for (i, (a, b)) in whole.items().zip(file.items()).enumerate() {
        assert_eq!(a.name(), b.name());
        assert_eq!(a.is_block(), b.is_block());
        let labels = |item: LazyItem<'_, '_>| -> Vec<String> {
            item.labels().map(|l| l.value.to_string()).collect()
        };
        assert_eq!(labels(a), labels(b));
        for (x, y) in a.labels().zip(b.labels()) {
            assert_eq!(range(&whole, x.span), range(&file, y.span));
        }
        assert_eq!(range(&whole, a.span()), range(&file, b.span()), "{text:?}");
        assert_eq!(range(&whole, a.def_span()), range(&file, b.def_span()));
        assert_eq!(
            a.open_brace_span().map(|s| range(&whole, s)),
            b.open_brace_span().map(|s| range(&file, s))
        );
        assert_eq!(
            a.close_brace_span().map(|s| range(&whole, s)),
            b.close_brace_span().map(|s| range(&file, s))
        );
        let header_line = range(&whole, a.name_span()).start.line;
        assert_eq!(
            file.source().line_text(header_line),
            whole.source().line_text(header_line)
        );
        let source = file.item_source(i).unwrap();
        let shift = source.pos(0).byte;
        let (tree, own_tree) = if a.is_block() {
            let block = file.block_in(i, &source).unwrap();
            assert!(
                file.block(i).is_none(),
                "split blocks are read from their source"
            );
            let last_line = source.range(block.span).end.line;
            assert_eq!(
                source.line_text(last_line),
                whole.source().line_text(last_line)
            );
            (
                format!("{:?}", whole.block(i).unwrap()),
                format!("{block:?}"),
            )
        } else {
            let (attr, own) = file.attribute_in(i).unwrap();
            assert!(Arc::ptr_eq(own, &source));
            (
                format!("{:?}", whole.attribute(i).unwrap()),
                format!("{attr:?}"),
            )
        };
        assert_eq!(shift_spans(&own_tree, shift), tree, "{text:?}");
    }
    assert_eq!(
        range(&whole, whole.end_span()),
        range(&file, file.end_span())
    );
    assert!(file.check_rest());
    whole.len()
}

#[test]
fn a_split_file_has_the_same_items_at_the_same_positions() {
    let texts = [
        "",
        "\n\n# only a comment\n",
        "a = 1\nb = 2",
        "\u{feff}a = 1\n",
        "\u{feff}block \"é\" {\n  x = \"ü\"\n}",
        "a = 1 # trailing\n// more\n\nb = \"x\" /* inline */\n",
        "resource \"aws_instance\" \"web\" {\n  ami = \"x\"\n  tags = { Name = \"}\" }\n}\nvariable v {}\n",
        "block { a = 1 }\nblock \"x\" {\n}\r\nc = 1\r\n",
        "a = <<EOT\nnot = code {\n  EOT is not the end\nEOT\nb \"l\" \"m\" {\n\n  c = \"${x}\"\n\n}\n\n# end\n",
        "  indented \"x\" {\n    y = 1\n  }\n// last line",
        "a = 1\n/* before */ b {\n}\n/* c */ c = 2 /* d */\n",
    ];
    for text in texts {
        split_matches_whole(text);
    }
}

#[test]
fn a_split_file_gives_each_block_text_up_once() {
    let text = "a \"x\" {\n  b = 1\n}\nc = 2\n";
    let split = LazyFile::scan(text, "t.hcl").unwrap().split().unwrap();
    let file = LazyFile::of_split(&split);
    let source = file.item_source(0).unwrap();
    assert_eq!(source.text(), "a \"x\" {\n  b = 1\n}\n");
    assert!(file.item_source(0).is_none());
    // A block whose text was taken cannot be checked again; the
    // attribute's text stays.
    assert!(file.block_in(0, &source).is_some());
    assert!(file.item_source(1).is_some());
    assert!(file.item_source(1).is_some());
    assert!(file.check_rest());
    let unread = LazyFile::of_split(&split);
    assert!(!unread.check_rest(), "the block's text is gone");
}

#[test]
fn gives_up_where_the_file_does_not_parse() {
    for text in [
        "a = 1\na = 2\n",
        "a = (1\nb = 2\n",
        "a = 1 b = 2\n",
        "block {\n",
        "block {} x\n",
        "a = \"unterminated\n",
        "b \"label\\n\" {}\n",
        "b \"${x}\" {}\n",
        "a = ]\n",
    ] {
        let ok = LazyFile::scan(text, "t.hcl").is_some_and(|f| {
            f.items().enumerate().all(|(i, item)| {
                if item.is_block() {
                    f.block(i).is_some()
                } else {
                    f.attribute(i).is_some()
                }
            })
        });
        assert!(!ok, "{text:?}");
    }
}

#[test]
fn an_item_asked_for_as_what_it_is_not_is_refused() {
    let file = LazyFile::scan("a = 1\nb {}\n", "t.hcl").unwrap();
    assert!(file.block(0).is_none());
    assert!(file.attribute(1).is_none());
    assert!(file.attribute(2).is_none());
    assert!(file.attribute(0).is_some());
    assert!(file.block(1).is_some());
}
