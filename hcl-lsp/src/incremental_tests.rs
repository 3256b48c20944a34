//! Diagnostics kept between edits are those of a whole check.

#![allow(clippy::unwrap_used, clippy::indexing_slicing, reason = "tests")]

use super::Checker;
use crate::check;
use hcl_serde::{AttributeInfo, BlockInfo, ConfigSchema};

fn attribute(name: &str, required: bool, values: &[&str]) -> AttributeInfo {
    AttributeInfo {
        name: name.into(),
        type_name: "string".into(),
        required,
        values: values.iter().map(|v| (*v).into()).collect(),
        doc: None,
    }
}

fn schema() -> ConfigSchema {
    let listener = BlockInfo {
        block_type: "listener".into(),
        labels: vec!["protocol".into()],
        body: ConfigSchema {
            attributes: vec![attribute("port", true, &[])],
            ..ConfigSchema::default()
        },
        ..BlockInfo::default()
    };
    ConfigSchema {
        attributes: vec![attribute("region", true, &["eu-west-1", "us-east-1"])],
        blocks: vec![
            BlockInfo {
                block_type: "service".into(),
                labels: vec!["name".into()],
                many: true,
                body: ConfigSchema {
                    attributes: vec![
                        attribute("image", true, &[]),
                        attribute("tier", false, &["web", "worker"]),
                    ],
                    blocks: vec![listener],
                    doc: None,
                },
                ..BlockInfo::default()
            },
            BlockInfo {
                block_type: "logging".into(),
                ..BlockInfo::default()
            },
        ],
        doc: None,
    }
}

/// A file of `count` services, some of them wrong in their bodies.
fn file(count: usize) -> String {
    let mut text = String::from("# The services.\nregion = \"eu-west-1\"\n\n");
    for i in 0..count {
        text.push_str(&format!("service \"s{i}\" {{\n  image = \"app:{i}\"\n"));
        match i % 5 {
            0 => text.push_str("  tier = \"web\"\n"),
            1 => text.push_str("  tier = \"wokrer\"\n"),
            2 => text.push_str("  listener \"http\" {\n    port = 80\n  }\n  listener \"tcp\" {\n    prot = 1\n  }\n"),
            3 => text.push_str("  unknown = true\n"),
            _ => text.push_str("  # nothing more\n"),
        }
        text.push_str("}\n\n");
    }
    text.push_str("logging {}\n");
    text
}

/// What the protocol shows of a diagnostic.
type Shown = (String, String, String, Option<(u32, u32, u32, u32)>);

fn shown(found: &[hcl_core::Diagnostic]) -> Vec<Shown> {
    found
        .iter()
        .map(|d| {
            let at = d
                .subject
                .as_ref()
                .map(|r| (r.start.byte, r.end.byte, r.start.line, r.end.line));
            (
                d.code.as_str().to_owned(),
                d.summary.clone(),
                d.detail.clone(),
                at,
            )
        })
        .collect()
}

/// A small random-number generator (xorshift), seeded.
struct Random(u64);

impl Random {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }
}

const INSERTS: &[&str] = &[
    "x",
    "\n",
    "\n\n",
    "}",
    "{",
    "\"",
    "=",
    " = 1",
    "#",
    "é",
    "region = \"x\"\n",
    "service \"n\" {\n  image = \"i\"\n}\n",
    "  listener \"udp\" {\n    port = 5\n  }\n",
    "logging {}\n",
    "/* c */ ",
];

/// Whether the scan reads `text` item by item, and it parses.
fn by_items_possible(text: &str) -> bool {
    let source = std::sync::Arc::new(hcl_core::SourceFile::new("app.hcl", text));
    let tree = hcl_core::SyntaxTree::open(source, &hcl_core::ParseOptions::default());
    tree.item_ranges().is_some() && hcl_core::parse(text, "app.hcl").is_ok()
}

#[test]
fn random_edits_give_the_diagnostics_of_a_whole_check() {
    let schema = schema();
    let mut by_items = 0;
    for seed in 1..=6u64 {
        let mut random = Random(0x9E37_79B9_7F4A_7C15 ^ seed);
        let mut text = file(12);
        let mut checker = Checker::default();
        let mut good = text.clone();
        for step in 0..150 {
            let at = random.below(text.len() + 1);
            let at = (at..=text.len())
                .find(|&i| text.is_char_boundary(i))
                .unwrap();
            if random.below(3) == 0 {
                let end = (at + 1 + random.below(12)).min(text.len());
                let end = (end..=text.len())
                    .find(|&i| text.is_char_boundary(i))
                    .unwrap();
                text.replace_range(at..end, "");
            } else {
                text.insert_str(at, INSERTS[random.below(INSERTS.len())]);
            }
            // A text that breaks the syntax, or the scan of the items, is
            // mostly gone back from, so that most checks are item by item.
            if by_items_possible(&text) {
                good.clone_from(&text);
            } else if random.below(4) != 0 {
                text.clone_from(&good);
            }
            let kept = checker.diagnostics(&text, "app.hcl", Some(&schema));
            by_items += usize::from(!checker.whole);
            let whole = check::diagnostics(&text, "app.hcl", Some(&schema));
            assert_eq!(
                shown(&kept),
                shown(&whole),
                "seed {seed}, step {step}:\n{text}"
            );
            let none = checker.diagnostics(&text, "app.hcl", None);
            assert_eq!(
                shown(&none),
                shown(&check::diagnostics(&text, "app.hcl", None))
            );
        }
    }
    assert!(by_items > 600, "{by_items} of 900 checks item by item");
}

#[test]
fn a_keystroke_parses_the_item_it_is_in() {
    let schema = schema();
    let mut text = file(200);
    let mut checker = Checker::default();
    let first = checker.diagnostics(&text, "app.hcl", Some(&schema));
    assert_eq!(checker.parsed, 202);
    assert!(!first.is_empty());
    // A character in one service's image, then a line break in another:
    // the items after it move down a line, and only those whose
    // diagnostics name a position (a duplicate listener's first) are
    // found again.
    let at = text.find("app:100").unwrap();
    text.insert(at, 'x');
    let kept = checker.diagnostics(&text, "app.hcl", Some(&schema));
    assert_eq!(checker.parsed, 1);
    assert_eq!(
        shown(&kept),
        shown(&check::diagnostics(&text, "app.hcl", Some(&schema)))
    );
    let at = text.find("\"s150\" {\n").unwrap();
    text.insert(at + 9, '\n');
    let kept = checker.diagnostics(&text, "app.hcl", Some(&schema));
    assert_eq!(
        shown(&kept),
        shown(&check::diagnostics(&text, "app.hcl", Some(&schema)))
    );
    let duplicates_after = (151..200).filter(|i| i % 5 == 2).count();
    assert_eq!(checker.parsed, 1 + duplicates_after);
    // Unchanged, nothing is parsed again.
    checker.diagnostics(&text, "app.hcl", Some(&schema));
    assert_eq!(checker.parsed, 0);
    // A syntax error is checked whole; undone, what was found before is
    // still kept.
    let mut broken = text.clone();
    broken.insert(text.find("app:120").unwrap(), '"');
    checker.diagnostics(&broken, "app.hcl", Some(&schema));
    assert!(checker.whole);
    checker.diagnostics(&text, "app.hcl", Some(&schema));
    assert_eq!((checker.whole, checker.parsed), (false, 0));
}
