//! An open document: its text, as the editor last sent it, with its line
//! index.

use crate::incremental::Checker;
use crate::line_index::LineIndex;
use hcl_serde::ConfigSchema;
use lsp_types::{Position, TextDocumentContentChangeEvent};

/// An open document.
#[derive(Debug, Clone)]
pub(crate) struct Document {
    /// Its URI as the editor wrote it: the name hcl-core's diagnostics
    /// carry, whose ending (`.json`) chooses the syntax.
    pub(crate) name: String,
    pub(crate) text: String,
    pub(crate) version: i32,
    pub(crate) index: LineIndex,
    /// What the last check found, item by item.
    checker: Checker,
}

impl Document {
    pub(crate) fn new(name: String, text: String, version: i32) -> Self {
        let index = LineIndex::new(&text);
        Document {
            name,
            text,
            version,
            index,
            checker: Checker::default(),
        }
    }

    /// The diagnostics of the text, by `schema` if given: those of a check
    /// of the whole text, found again only for the top-level items that
    /// changed since the last check.
    pub(crate) fn check(&mut self, schema: Option<&ConfigSchema>) -> Vec<hcl_core::Diagnostic> {
        let filename = self.name.split(['?', '#']).next().unwrap_or_default();
        self.checker.diagnostics(&self.text, filename, schema)
    }

    /// Whether the document is of the JSON syntax: its name (the path of
    /// its URI) ends in `.json`, as [`hcl_core::parse_config`] decides.
    pub(crate) fn is_json(&self) -> bool {
        let path = self.name.split(['?', '#']).next().unwrap_or_default();
        path.ends_with(".json")
    }

    /// The name hcl-core is given: the URI without query or fragment.
    pub(crate) fn filename(&self) -> &str {
        self.name.split(['?', '#']).next().unwrap_or_default()
    }

    /// Applies the editor's changes in order: a change with a range
    /// replaces that range, one without replaces the whole text.
    pub(crate) fn apply(&mut self, changes: Vec<TextDocumentContentChangeEvent>, version: i32) {
        for change in changes {
            match change.range {
                Some(range) => {
                    let start = self.index.offset(&self.text, range.start);
                    let end = self.index.offset(&self.text, range.end).max(start);
                    self.text.replace_range(start..end, &change.text);
                }
                None => self.text = change.text,
            }
            self.index = LineIndex::new(&self.text);
        }
        self.version = version;
    }

    /// The byte offset of a protocol position.
    pub(crate) fn offset(&self, position: Position) -> usize {
        self.index.offset(&self.text, position)
    }

    /// The protocol range of a byte span.
    pub(crate) fn range(&self, start: usize, end: usize) -> lsp_types::Range {
        self.index.range(&self.text, start, end)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lsp_types::Range;

    #[test]
    fn incremental_changes_apply_in_order() {
        let mut doc = Document::new("file:///a.hcl".into(), "a = \"é\"\nb = 2\n".into(), 1);
        let change = |range: Option<Range>, text: &str| TextDocumentContentChangeEvent {
            range,
            range_length: None,
            text: text.into(),
        };
        doc.apply(
            vec![
                // "é" is one UTF-16 unit: the closing quote is at column 6.
                change(
                    Some(Range::new(Position::new(0, 5), Position::new(0, 6))),
                    "😀",
                ),
                change(
                    Some(Range::new(Position::new(1, 4), Position::new(1, 5))),
                    "3",
                ),
            ],
            2,
        );
        assert_eq!(doc.text, "a = \"😀\"\nb = 3\n");
        doc.apply(vec![change(None, "c = 1\n")], 3);
        assert_eq!((doc.text.as_str(), doc.version), ("c = 1\n", 3));
        assert!(!doc.is_json());
        assert!(Document::new("file:///a.tf.json?x".into(), String::new(), 0).is_json());
    }
}
