//! Source positions: byte spans stored in the AST, and the line/column
//! positions computed from them on demand.

use std::fmt;
use std::sync::{Arc, OnceLock};

use unicode_segmentation::UnicodeSegmentation;

mod json_columns;

/// A half-open byte range `start..end` into one source file.
///
/// The AST stores spans rather than line/column positions so that parsing
/// never counts lines; a [`SourceFile`] turns a span into a [`Range`] when a
/// position is asked for.
///
/// # Examples
///
/// ```
/// use hcl_core::Span;
/// let span = Span::new(4, 9);
/// assert_eq!(span.len(), 5);
/// assert_eq!(span.to(Span::new(12, 14)), Span::new(4, 14));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Span {
    /// Byte offset of the first byte.
    pub start: u32,
    /// Byte offset just past the last byte.
    pub end: u32,
}

impl Span {
    /// A span from `start` to `end` (byte offsets).
    pub const fn new(start: u32, end: u32) -> Self {
        Span { start, end }
    }

    /// An empty span at `offset`.
    pub const fn empty(offset: u32) -> Self {
        Span {
            start: offset,
            end: offset,
        }
    }

    /// The number of bytes covered.
    pub const fn len(self) -> u32 {
        self.end.saturating_sub(self.start)
    }

    /// Whether the span covers no bytes.
    pub const fn is_empty(self) -> bool {
        self.end <= self.start
    }

    /// The smallest span covering both `self` and `other`.
    pub fn to(self, other: Span) -> Span {
        Span {
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }

    /// The span as a `usize` range, for slicing the source.
    pub fn as_range(self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }
}

/// A position in a source file, as the reference implementation reports it:
/// `line` and `column` count from 1, `column` counts grapheme clusters
/// (what a reader sees as one character, such as `e` followed by a
/// combining accent), not bytes or code points; `byte` counts bytes from 0.
///
/// # Examples
///
/// ```
/// use hcl_core::SourceFile;
/// let file = SourceFile::new("main.tf", "a = 1\nbé = 2\n");
/// let pos = file.pos(12);
/// assert_eq!((pos.line, pos.column, pos.byte), (2, 6, 12));
/// // "e" and a combining acute accent are one column.
/// let file = SourceFile::new("main.tf", "\"e\u{301}\" x");
/// assert_eq!(file.pos(6).column, 5);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Pos {
    /// Line number, from 1.
    pub line: u32,
    /// Column number in grapheme clusters, from 1.
    pub column: u32,
    /// Byte offset, from 0.
    pub byte: u32,
}

/// A range of a named source file with resolved positions; what diagnostics
/// carry.
///
/// # Examples
///
/// ```
/// use hcl_core::{SourceFile, Span};
/// let file = SourceFile::new("main.tf", "a = 1\n");
/// let range = file.range(Span::new(4, 5));
/// assert_eq!(range.to_string(), "main.tf:1,5-6");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Range {
    /// The name of the file, as given to the parser.
    pub filename: Arc<str>,
    /// The first position covered.
    pub start: Pos,
    /// The position just past the last one covered.
    pub end: Pos,
}

impl fmt::Display for Range {
    /// Formats as the reference does: `file:line,col-endcol` on one line, or
    /// `file:line,col-endline,endcol` across lines.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.start.line == self.end.line {
            write!(
                f,
                "{}:{},{}-{}",
                self.filename, self.start.line, self.start.column, self.end.column
            )
        } else {
            write!(
                f,
                "{}:{},{}-{},{}",
                self.filename, self.start.line, self.start.column, self.end.line, self.end.column
            )
        }
    }
}

/// A named source text with its line index, shared by the diagnostics that
/// point into it.
///
/// The line index is built once, when the file is made, so each position
/// lookup is a binary search plus a grapheme cluster count within one line.
///
/// # Examples
///
/// ```
/// use hcl_core::SourceFile;
/// let file = SourceFile::new("app.hcl", "name = \"x\"\nport = 80\n");
/// assert_eq!(file.line_text(2), Some("port = 80"));
/// ```
#[derive(Debug, Clone)]
pub struct SourceFile {
    name: Arc<str>,
    text: Box<str>,
    /// Where each line starts, found the first time a position is asked
    /// for: most reads never need one.
    line_starts: OnceLock<Vec<u32>>,
    /// Column checkpoints in lines longer than [`CHECKPOINT_SPAN`], found
    /// the first time a position far into such a line is asked for.
    checkpoints: OnceLock<Box<[Checkpoint]>>,
    /// Whether columns follow the JSON syntax's rule rather than the native
    /// syntax's (see [`SourceFile::new_json`]).
    json: bool,
    /// The JSON rule's checkpoints in lines longer than
    /// [`CHECKPOINT_SPAN`], found the first time they are needed.
    json_checkpoints: OnceLock<Box<[json_columns::Walker]>>,
}

/// A column checkpoint: text offset `offset` starts a grapheme cluster and
/// has `columns` clusters before it on its line.
#[derive(Debug, Clone, Copy)]
struct Checkpoint {
    offset: u32,
    columns: u32,
}

/// The bytes between two column checkpoints of a long line: a position is
/// never counted from further back than this (plus one cluster), however
/// long its line, so many diagnostics on one long line cost time in
/// proportion to their number, not to the line's length times it.
const CHECKPOINT_SPAN: usize = 4096;

/// The byte order mark, as UTF-8 text.
const BOM: &str = "\u{feff}";

impl SourceFile {
    /// Makes a source file from its name and text, which it copies.
    pub fn new(name: &str, text: &str) -> Self {
        SourceFile::from_string(name, text.to_string())
    }

    /// Makes a source file from its name and text, which it takes without
    /// copying: a large file read into memory is then held only once.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::SourceFile;
    /// let text = String::from("a = 1\nb = 2\n");
    /// let file = SourceFile::from_string("app.hcl", text);
    /// assert_eq!(file.line_text(2), Some("b = 2"));
    /// ```
    pub fn from_string(name: &str, text: String) -> Self {
        SourceFile {
            name: Arc::from(name),
            text: text.into_boxed_str(),
            line_starts: OnceLock::new(),
            checkpoints: OnceLock::new(),
            json: false,
            json_checkpoints: OnceLock::new(),
        }
    }

    /// Makes a source file of the JSON syntax from its name and text, which
    /// it copies. Its columns follow the JSON syntax's rule, as the
    /// reference's JSON scanner counts them: outside strings one column
    /// per byte, a tab two and a carriage return none; inside strings one
    /// per grapheme cluster.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::SourceFile;
    /// let file = SourceFile::new_json("a.json", "{\t\"é\": 1}");
    /// assert_eq!(file.pos(2).column, 4);
    /// assert_eq!(file.pos(7).column, 8);
    /// assert_eq!(SourceFile::new("a.hcl", "{\t\"é\": 1}").pos(7).column, 7);
    /// ```
    pub fn new_json(name: &str, text: &str) -> Self {
        SourceFile {
            json: true,
            ..SourceFile::new(name, text)
        }
    }

    /// [`SourceFile::new_json`], taking the text without copying it, as
    /// [`SourceFile::from_string`] does.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::SourceFile;
    /// let file = SourceFile::from_string_json("a.json", "{}".to_string());
    /// assert!(file.is_json());
    /// ```
    pub fn from_string_json(name: &str, text: String) -> Self {
        SourceFile {
            json: true,
            ..SourceFile::from_string(name, text)
        }
    }

    /// Whether the columns follow the JSON syntax's rule
    /// ([`SourceFile::new_json`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::SourceFile;
    /// assert!(SourceFile::new_json("a.json", "{}").is_json());
    /// assert!(!SourceFile::new("a.hcl", "").is_json());
    /// ```
    pub fn is_json(&self) -> bool {
        self.json
    }

    /// The index of the text's line that holds `offset`.
    fn line_index(&self, offset: u32) -> usize {
        match self.line_starts().binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i.saturating_sub(1),
        }
    }

    fn line_starts(&self) -> &[u32] {
        self.line_starts.get_or_init(|| {
            let text = &self.text;
            let mut line_starts = Vec::with_capacity(text.len() / 32 + 1);
            line_starts.push(0);
            let bytes = text.as_bytes();
            let mut from = 0;
            while let Some(i) = bytes.get(from..).and_then(memchr_newline) {
                let next = from + i + 1;
                line_starts.push(u32::try_from(next).unwrap_or(u32::MAX));
                from = next;
            }
            line_starts.shrink_to_fit();
            line_starts
        })
    }

    /// The file's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The file's name, shared.
    pub fn name_arc(&self) -> &Arc<str> {
        &self.name
    }

    /// The text: the whole file's, or the parts of it that this source
    /// holds. The spans of what was parsed from it are offsets into it.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The position in the file of a byte offset into the text (clamped to
    /// the text's length).
    pub fn pos(&self, byte: u32) -> Pos {
        let byte = (byte as usize).min(self.text.len());
        let line_idx = self.line_index(byte as u32);
        let line_start = self.line_starts().get(line_idx).copied().unwrap_or(0) as usize;
        if self.json {
            let column = self.json_columns_before(line_start, byte) + 1;
            return Pos {
                line: (line_idx + 1) as u32,
                column,
                byte: byte as u32,
            };
        }
        let mut column = self.columns_before(line_start, byte) + 1;
        // A byte order mark that starts the text takes no column, as the
        // reference's scanner skips it.
        if line_start == 0 && byte >= BOM.len() && self.text.starts_with(BOM) {
            column -= 1;
        }
        Pos {
            line: (line_idx + 1) as u32,
            column,
            byte: byte as u32,
        }
    }

    /// The grapheme clusters between `line_start`, the start of a line, and
    /// `byte` on it.
    fn columns_before(&self, line_start: usize, byte: usize) -> u32 {
        let (from, before) = if byte - line_start > CHECKPOINT_SPAN {
            let checkpoints = self.checkpoints.get_or_init(|| self.find_checkpoints());
            let after = checkpoints.partition_point(|c| c.offset as usize <= byte);
            match after.checked_sub(1).and_then(|i| checkpoints.get(i)) {
                Some(c) if c.offset as usize >= line_start => (c.offset as usize, c.columns),
                _ => (line_start, 0),
            }
        } else {
            (line_start, 0)
        };
        before + count_clusters(self.text.get(from..byte).unwrap_or(""))
    }

    /// The columns between `line_start` and `byte` by the JSON rule,
    /// counted from the last checkpoint before `byte` on a long line.
    fn json_columns_before(&self, line_start: usize, byte: usize) -> u32 {
        let mut walker = json_columns::Walker::at(line_start);
        if byte - line_start > CHECKPOINT_SPAN {
            let checkpoints = self.json_checkpoints.get_or_init(|| {
                json_columns::checkpoints(&self.text, self.line_starts(), CHECKPOINT_SPAN)
            });
            let after = checkpoints.partition_point(|c| c.offset <= byte);
            if let Some(c) = after.checked_sub(1).and_then(|i| checkpoints.get(i)) {
                if c.offset >= line_start {
                    walker = *c;
                }
            }
        }
        walker.walk_to(&self.text, byte);
        walker.columns
    }

    /// The column checkpoints of every line longer than
    /// [`CHECKPOINT_SPAN`], about one per span.
    fn find_checkpoints(&self) -> Box<[Checkpoint]> {
        let text = self.text.as_bytes();
        let starts = self.line_starts();
        let mut checkpoints = Vec::new();
        for (i, &start) in starts.iter().enumerate() {
            let end = starts.get(i + 1).map_or(text.len(), |&e| e as usize);
            let (mut at, mut columns) = (start as usize, 0u32);
            while end - at > CHECKPOINT_SPAN {
                let next = at + CHECKPOINT_SPAN;
                let (Some(chunk), Some(after)) = (text.get(at..next), text.get(next)) else {
                    break;
                };
                if chunk.is_ascii() && after.is_ascii() && *after != b'\n' {
                    // Two ASCII characters have a cluster boundary between
                    // them unless they are CR LF, which ends the line.
                    columns += CHECKPOINT_SPAN as u32;
                    at = next;
                } else {
                    let line = self.text.get(at..end).unwrap_or("");
                    let mut clusters = line.grapheme_indices(true);
                    let mut boundary = end;
                    for (offset, _) in clusters.by_ref() {
                        if at + offset >= next {
                            boundary = at + offset;
                            break;
                        }
                        columns += 1;
                    }
                    at = boundary;
                }
                if at < end {
                    checkpoints.push(Checkpoint {
                        offset: at as u32,
                        columns,
                    });
                }
            }
        }
        checkpoints.into_boxed_slice()
    }

    /// The range of a span of this file.
    pub fn range(&self, span: Span) -> Range {
        Range {
            filename: self.name.clone(),
            start: self.pos(span.start),
            end: self.pos(span.end.max(span.start)),
        }
    }

    /// The text of line `line` of the file (counting from 1) without its
    /// line ending; `None` for a line that this source does not hold.
    pub fn line_text(&self, line: u32) -> Option<&str> {
        let idx = Self::text_line_index(line)?;
        let start = *self.line_starts().get(idx)? as usize;
        let end = self
            .line_starts()
            .get(idx + 1)
            .map_or(self.text.len(), |&e| e as usize);
        let text = self.text.get(start..end)?;
        let text = text.strip_suffix('\n').unwrap_or(text);
        Some(text.strip_suffix('\r').unwrap_or(text))
    }

    /// The byte in the file where line `line` starts, and the line's text
    /// without its line ending; `None` for a line this source does not
    /// hold.
    pub(crate) fn line_with_start(&self, line: u32) -> Option<(u32, &str)> {
        let idx = Self::text_line_index(line)?;
        let start = *self.line_starts().get(idx)?;
        Some((start, self.line_text(line)?))
    }

    /// The index among the text's lines of line `line`.
    fn text_line_index(line: u32) -> Option<usize> {
        (line as usize).checked_sub(1)
    }

    /// The number of lines of the text (a final line without a newline
    /// counts).
    pub fn line_count(&self) -> u32 {
        self.line_starts().len() as u32
    }
}

/// The grapheme clusters of `text`, a part of one line: one per byte for
/// ASCII text, as no two ASCII characters on one line share a cluster.
fn count_clusters(text: &str) -> u32 {
    if text.is_ascii() {
        text.len() as u32
    } else {
        text.graphemes(true).count() as u32
    }
}

fn memchr_newline(bytes: &[u8]) -> Option<usize> {
    bytes.iter().position(|&b| b == b'\n')
}

/// Whether span `a` of `a_file` is the same text as span `b` of `b_file`,
/// at the same place of a file of the same name, in sources that may be
/// two reads of one file.
pub(crate) fn same_text(
    a_file: &Arc<SourceFile>,
    a: Span,
    b_file: &Arc<SourceFile>,
    b: Span,
) -> bool {
    if Arc::ptr_eq(a_file, b_file) {
        return a == b;
    }
    a_file.name() == b_file.name()
        && a_file.pos(a.start) == b_file.pos(b.start)
        && a_file.text().get(a.as_range()) == b_file.text().get(b.as_range())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_leading_byte_order_mark_takes_no_column() {
        let file = SourceFile::new("f", "\u{feff}a = 1\nb");
        let at = |byte| {
            let p = file.pos(byte);
            (p.line, p.column)
        };
        assert_eq!(
            [at(0), at(3), at(4), at(9)],
            [(1, 1), (1, 1), (1, 2), (2, 1)]
        );
    }

    #[test]
    fn positions_count_grapheme_clusters_and_lines() {
        let file = SourceFile::new("f", "ab\ncé d\r\nx");
        assert_eq!(
            file.pos(0),
            Pos {
                line: 1,
                column: 1,
                byte: 0
            }
        );
        assert_eq!(
            file.pos(3),
            Pos {
                line: 2,
                column: 1,
                byte: 3
            }
        );
        // "é" is two bytes: the byte after it is column 3.
        assert_eq!(
            file.pos(6),
            Pos {
                line: 2,
                column: 3,
                byte: 6
            }
        );
        assert_eq!(
            file.pos(10),
            Pos {
                line: 3,
                column: 1,
                byte: 10
            }
        );
        assert_eq!(file.pos(99).byte, 11);
        // A combining mark belongs to the cluster before it; a position
        // inside a cluster counts the cluster as begun.
        let accent = SourceFile::new("f", "\"e\u{301}\" x");
        assert_eq!(accent.pos(4).column, 3);
        assert_eq!(accent.pos(6).column, 5);
        let flag = SourceFile::new("f", "🇫🇷 x");
        assert_eq!(flag.pos(9).column, 3);
        assert_eq!(file.line_text(2), Some("cé d"));
        assert_eq!(file.line_text(4), None);
        assert_eq!(file.line_count(), 3);
    }

    #[test]
    fn columns_far_into_long_lines_count_from_checkpoints() {
        // Long lines, ASCII and not, with clusters across checkpoint
        // spans; every position agrees with a count from the line start.
        let mut text = String::new();
        text.push_str(&"ab".repeat(5000));
        text.push('\n');
        for i in 0..3000 {
            text.push_str(if i % 7 == 0 { "e\u{301}" } else { "x" });
            text.push_str(if i % 11 == 0 { "🇫🇷" } else { "é" });
        }
        text.push_str("\r\n");
        text.push_str(&"y".repeat(CHECKPOINT_SPAN * 2));
        text.push_str("\r\nz");
        let file = SourceFile::new("f", &text);
        let starts = file.line_starts().to_vec();
        for (line, &start) in starts.iter().enumerate() {
            let start = start as usize;
            let end = starts.get(line + 1).map_or(text.len(), |&e| e as usize - 1);
            // A position inside a cluster counts the cluster as begun.
            let clusters: Vec<usize> = text[start..end]
                .grapheme_indices(true)
                .map(|(i, _)| i)
                .collect();
            for byte in (start..=end).filter(|&b| text.is_char_boundary(b)) {
                let pos = file.pos(byte as u32);
                let begun = clusters.partition_point(|&c| start + c < byte);
                assert_eq!(pos.line as usize, line + 1, "byte {byte}");
                assert_eq!(pos.column as usize, begun + 1, "byte {byte}");
            }
        }
        assert!(file.checkpoints.get().is_some_and(|c| c.len() > 4));
    }

    #[test]
    fn range_display_matches_reference_form() {
        let file = SourceFile::new("a.hcl", "x = 1\ny = [\n]\n");
        assert_eq!(file.range(Span::new(0, 5)).to_string(), "a.hcl:1,1-6");
        assert_eq!(file.range(Span::new(10, 13)).to_string(), "a.hcl:2,5-3,2");
    }
}
