//! Every feature at every offset of broken and non-ASCII texts: none
//! panics, and every position it gives is inside the text.

use crate::line_index::LineIndex;
use crate::outline::{self, Text};
use crate::{check, complete, complete_json, semantic};
use hcl_serde::{AttributeInfo, BlockInfo, ConfigSchema};

const SAMPLE: &str = "# Ü\r\nregion = \"eu-west-1\" // x\nservice \"wé😀b\" {\n  port = [1, 2,\n    3]\n  mode = <<-EOT\n    ${a}%{ if b }c%{ endif }\n  EOT\n  inner \"x\" \"y\" { k = { a = f(x.y, \"z\") } }\n}\n/* end\n*/\n";

const JSON_SAMPLE: &str = "{\"region\": \"eu-west-1\", \"service\": {\"wé😀b\": [{\"mode\": \"f\\u0061st\",\r\n  \"x\": [1, {\"y\": null}]}]}, \"\\\"\": tru \"mode\" é}";

fn schema() -> ConfigSchema {
    ConfigSchema {
        attributes: vec![AttributeInfo {
            name: "region".into(),
            values: vec!["eu-west-1".into()],
            ..AttributeInfo::default()
        }],
        blocks: vec![BlockInfo {
            block_type: "service".into(),
            labels: vec!["name".into()],
            body: ConfigSchema {
                attributes: vec![AttributeInfo {
                    name: "mode".into(),
                    values: vec!["fast".into()],
                    ..AttributeInfo::default()
                }],
                ..ConfigSchema::default()
            },
            ..BlockInfo::default()
        }],
        doc: None,
    }
}

fn texts() -> Vec<String> {
    let mut texts: Vec<String> = SAMPLE
        .char_indices()
        .map(|(at, _)| SAMPLE[..at].to_owned())
        .collect();
    texts.extend(
        [
            "}}}",
            "a = \"${",
            "b = <<EOT\n",
            "\u{feff}c {",
            "d \"e",
            "=",
            "\"",
            "]) }",
            "a = 1 }\nb",
        ]
        .map(String::from),
    );
    texts
}

#[test]
fn nothing_panics_and_positions_stay_in_the_text() {
    let schema = schema();
    for text in texts() {
        let index = LineIndex::new(&text);
        let lines = u32::try_from(text.lines().count() + 1).unwrap();
        for name in ["a.hcl", "a.hcl.json"] {
            for diag in check::diagnostics(&text, name, Some(&schema)) {
                // A subject may end past the text (a JSON string open at
                // the end, as the reference has it): positions are clamped.
                if let Some(range) = diag.subject {
                    let end = index.position(&text, range.end.byte as usize);
                    assert!(end.line < lines, "{text:?} {name} {range:?}");
                }
            }
            let view = Text {
                text: &text,
                index: &index,
            };
            let symbols = outline::symbols(&view, name, Some(&schema)).unwrap_or_default();
            let mut stack: Vec<_> = symbols.iter().collect();
            while let Some(symbol) = stack.pop() {
                assert!(symbol.range.start <= symbol.range.end, "{text:?}");
                assert!(symbol.range.end.line < lines, "{text:?}");
                stack.extend(symbol.children.iter().flatten());
            }
            for fold in outline::folding_json(&symbols)
                .iter()
                .chain(&outline::folding_native(&view))
            {
                assert!(
                    fold.start_line < fold.end_line && fold.end_line < lines,
                    "{text:?} {fold:?}"
                );
            }
        }
        let mut line = 0;
        for token in semantic::tokens(&text, &index) {
            line += token.delta_line;
            assert!(line < lines && token.length > 0, "{text:?}");
        }
        for offset in 0..=text.len() {
            let _ = complete::completions(&text, &schema, offset);
            if let Some((_, span)) = complete::hover(&text, &schema, offset) {
                assert!(span.end as usize <= text.len());
            }
        }
    }
}

#[test]
fn json_completion_and_hover_stay_in_the_text() {
    let schema = schema();
    let mut texts: Vec<String> = JSON_SAMPLE
        .char_indices()
        .map(|(at, _)| JSON_SAMPLE[..at].to_owned())
        .collect();
    texts.extend(["}}]]", "\"", "{\"", "{\"\\", ":", "{,:}"].map(String::from));
    for text in texts {
        let index = LineIndex::new(&text);
        let end = index.position(&text, text.len());
        let view = Text {
            text: &text,
            index: &index,
        };
        for offset in 0..=text.len() {
            for item in complete_json::completions(&view, &schema, offset) {
                if let Some(lsp_types::CompletionTextEdit::Edit(edit)) = item.text_edit {
                    assert!(edit.range.start <= edit.range.end, "{text:?} {offset}");
                    assert!(edit.range.end <= end, "{text:?} {offset}");
                }
            }
            if let Some((_, span)) = complete_json::hover(&text, &schema, offset) {
                assert!(span.end as usize <= text.len(), "{text:?} {offset}");
            }
        }
    }
}
