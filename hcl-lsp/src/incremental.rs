//! Diagnostics kept between edits: a keystroke in a large file parses and
//! checks again only the top-level items whose text it changed.
//!
//! hcl-core's scan of the top-level items ([`SyntaxTree::item_ranges`])
//! splits the file; each item is parsed on its own, and what the schema
//! finds inside a block's body is kept with the item's text. After an edit
//! the file is scanned again, and an item whose text is unchanged gives
//! what was kept, moved to where the item now is. The top level itself
//! (which attributes and blocks there are, their counts and values) is
//! checked each time on the file read item by item, which parses its
//! attributes but not its blocks' bodies. Anything else (a syntax error, a
//! file the scan does not read item by item, the JSON syntax) is checked
//! whole, as [`check::diagnostics`] does: the result is always the same.

use crate::check;
use hcl_core::{Body, ConfigFile, Diagnostic, ParseOptions, SourceFile, SyntaxTree};
use hcl_serde::ConfigSchema;
use std::collections::HashMap;
use std::sync::Arc;

/// What was found of one top-level item.
#[derive(Debug, Clone)]
struct Found {
    /// The line the item started on when it was checked: the diagnostics'
    /// lines are of it.
    line: usize,
    /// Whether a diagnostic's detail names a position in the file (as
    /// that of a block's earlier definition does): it is then found again
    /// when the item moves to another line.
    names_positions: bool,
    /// The schema's diagnostics of its body, their byte offsets from the
    /// item's start.
    diagnostics: Vec<Diagnostic>,
}

/// The diagnostics of one document, kept between its versions.
#[derive(Debug, Clone, Default)]
pub(crate) struct Checker {
    /// What each top-level item's text gave, the last time it was checked.
    items: HashMap<String, Found>,
    /// How many items the last check parsed.
    pub(crate) parsed: usize,
    /// Whether the last check was of the whole text.
    pub(crate) whole: bool,
}

impl Checker {
    /// The diagnostics of `text`, as [`check::diagnostics`] gives them.
    pub(crate) fn diagnostics(
        &mut self,
        text: &str,
        filename: &str,
        schema: Option<&ConfigSchema>,
    ) -> Vec<Diagnostic> {
        self.whole = false;
        match self.by_items(text, filename, schema) {
            Some(found) => found,
            None => {
                self.parsed = 0;
                self.whole = true;
                check::diagnostics(text, filename, schema)
            }
        }
    }

    /// The diagnostics of `text` item by item; `None` when it is to be
    /// checked whole.
    fn by_items(
        &mut self,
        text: &str,
        filename: &str,
        schema: Option<&ConfigSchema>,
    ) -> Option<Vec<Diagnostic>> {
        let source = Arc::new(SourceFile::new(filename, text));
        if source.is_json() {
            return None;
        }
        let tree = SyntaxTree::open(Arc::clone(&source), &ParseOptions::default());
        let ranges = tree.item_ranges()?;
        let mut kept = HashMap::with_capacity(ranges.len());
        let nested = self.items_of(&source, &ranges, schema, &mut kept);
        if nested.is_none() {
            // What was found stays for the next version, which may well
            // be the one before this.
            self.items.extend(kept);
            return None;
        }
        self.items = kept;
        let (nested, Some(schema)) = (nested?, schema) else {
            return Some(Vec::new());
        };
        let mut out = Vec::new();
        let body = Body::from_tree(&tree);
        let Some(content) = check::check_level(&body, schema, &mut out) else {
            return Some(out);
        };
        for block in &content.blocks {
            let at = block.def_range().start.byte as usize;
            let index = ranges.partition_point(|r| r.start <= at).checked_sub(1)?;
            out.extend(nested.get(index)?.iter().cloned());
        }
        Some(out)
    }

    /// The diagnostics of each item's body, at `ranges` of `source`, kept
    /// into `kept` by the item's text; `None` when an item does not parse
    /// on its own, or starts within a line.
    fn items_of(
        &mut self,
        source: &Arc<SourceFile>,
        ranges: &[std::ops::Range<usize>],
        schema: Option<&ConfigSchema>,
        kept: &mut HashMap<String, Found>,
    ) -> Option<Vec<Vec<Diagnostic>>> {
        let (text, filename) = (source.text(), source.name());
        let mut nested = Vec::with_capacity(ranges.len());
        let (mut line, mut counted) = (1, 0);
        self.parsed = 0;
        for range in ranges {
            let item = text.get(range.clone())?;
            let before = text.get(counted..range.start)?;
            line += before.bytes().filter(|&b| b == b'\n').count();
            counted = range.start;
            // An item that starts within a line (after a comment) would
            // be read at another column on its own.
            let at_line_start = range.start == 0 || text.get(..range.start)?.ends_with('\n');
            if !at_line_start {
                return None;
            }
            let (key, found) = match self.reuse(kept, item, line) {
                Some(reused) => reused,
                None => {
                    self.parsed += 1;
                    (item.to_owned(), check_item(item, line, filename, schema)?)
                }
            };
            nested.push(moved(&found, range.start, line, source));
            kept.insert(key, found);
        }
        Some(nested)
    }

    /// What was found of `item` before, with the item's text, if it
    /// holds where the item now starts, on `line`: diagnostics that name
    /// no position are moved, others are found again.
    fn reuse(
        &mut self,
        kept: &HashMap<String, Found>,
        item: &str,
        line: usize,
    ) -> Option<(String, Found)> {
        let usable = |found: &Found| !found.names_positions || found.line == line;
        if let Some(found) = kept.get(item).filter(|f| usable(f)) {
            return Some((item.to_owned(), found.clone()));
        }
        self.items.remove_entry(item).filter(|(_, f)| usable(f))
    }
}

/// Parses `item`, the text of a top-level item that starts on `line`, on
/// its own, and checks a block's body by the schema; `None` when it does
/// not parse as one item.
fn check_item(
    item: &str,
    line: usize,
    filename: &str,
    schema: Option<&ConfigSchema>,
) -> Option<Found> {
    let mut diagnostics = check_alone(item, filename, schema)?;
    let names_positions = diagnostics
        .iter()
        .any(|d| d.detail.contains(&format!("{filename}:")));
    let padding = u32::try_from(line - 1).ok()?;
    if names_positions {
        // Blank lines before the item put it on its line, so that the
        // positions a detail names are the file's.
        let mut text = "\n".repeat(line - 1);
        text.push_str(item);
        diagnostics = check_alone(&text, filename, schema)?;
        for diag in &mut diagnostics {
            for range in [&mut diag.subject, &mut diag.context].into_iter().flatten() {
                range.start.byte = range.start.byte.saturating_sub(padding);
                range.end.byte = range.end.byte.saturating_sub(padding);
            }
        }
    } else {
        for diag in &mut diagnostics {
            for range in [&mut diag.subject, &mut diag.context].into_iter().flatten() {
                range.start.line += padding;
                range.end.line += padding;
            }
        }
    }
    Some(Found {
        line,
        names_positions,
        diagnostics,
    })
}

/// The schema's diagnostics of the body of `text`, one top-level item
/// (after blank lines), read on its own; `None` when it does not parse as
/// one item.
fn check_alone(
    text: &str,
    filename: &str,
    schema: Option<&ConfigSchema>,
) -> Option<Vec<Diagnostic>> {
    let file = hcl_core::parse_config(text, filename).ok()?;
    let ConfigFile::Native(native) = &file else {
        return None;
    };
    if native.body.attributes.len() + native.body.blocks.len() != 1 {
        return None;
    }
    let mut diagnostics = Vec::new();
    if let Some(schema) = schema {
        let (_, blocks) = Body::from_config_file(&file).items();
        for block in &blocks {
            if let Some(info) = schema.block(block.block_type) {
                check::check_body(&block.body, &info.body, &mut diagnostics);
            }
        }
    }
    for diag in &mut diagnostics {
        diag.source = None;
    }
    Some(diagnostics)
}

/// The diagnostics of `found`, moved to an item that starts at byte
/// `start` of `line` of `source`.
fn moved(found: &Found, start: usize, line: usize, source: &Arc<SourceFile>) -> Vec<Diagnostic> {
    let bytes = start as i64;
    let lines = line as i64 - found.line as i64;
    let shift = |value: u32, by: i64| u32::try_from(i64::from(value) + by).unwrap_or(value);
    found
        .diagnostics
        .iter()
        .map(|diag| {
            let mut diag = diag.clone();
            diag.source = Some(Arc::clone(source));
            for range in [&mut diag.subject, &mut diag.context].into_iter().flatten() {
                for pos in [&mut range.start, &mut range.end] {
                    pos.byte = shift(pos.byte, bytes);
                    pos.line = shift(pos.line, lines);
                }
            }
            diag
        })
        .collect()
}

#[cfg(test)]
#[path = "incremental_tests.rs"]
mod tests;
