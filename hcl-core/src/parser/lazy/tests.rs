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

#[test]
fn the_scan_refuses_the_labels_it_would_not_read_as_the_parser_does() {
    // Valid files whose labels' values are not their text: an escape, a
    // template escape. Taking them would leave the blocks out of a valid
    // file.
    for text in ["b \"a\\\"b\" {}\n", "b \"$${\" {}\n", "b \"%%{x\" {}\n"] {
        assert!(crate::parse(text, "t.hcl").is_ok(), "{text:?}");
        assert!(LazyFile::scan(text, "t.hcl").is_none(), "{text:?}");
    }
    // Labels are read as written, in normal form C or not, as the parser
    // reads them.
    for text in [
        "b \"\u{e9}t\u{e9}\" {}\n",
        "b \"e\u{301}\" {}\n",
        "a = 1\nb \"x\" \"\u{212b}\" {}\n",
    ] {
        assert_eq!(lazy(text), Some(parsed(text)), "{text:?}");
    }
}
