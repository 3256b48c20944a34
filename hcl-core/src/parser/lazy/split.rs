//! A file split into its items' own texts, made from the end of the
//! file back while the text shrinks behind it.

use std::sync::Arc;
use std::sync::Mutex;

use super::scan::scan_headers;
use super::{Header, OwnText, SplitFile};
use crate::span::{Piece, SourceFile, Span};

/// Where the line that holds offset `at` starts.
fn line_start(bytes: &[u8], at: usize) -> usize {
    let before = bytes.get(..at).unwrap_or(bytes);
    before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1)
}

/// Just past the line break that ends the line holding offset `at`, or the
/// end of the text.
fn after_line(bytes: &[u8], at: usize) -> usize {
    let line_break = bytes
        .get(at..)
        .and_then(|rest| rest.iter().position(|&b| b == b'\n'))
        .map_or(bytes.len(), |p| at + p);
    (line_break + 1).min(bytes.len())
}

/// The number of line breaks in `bytes`.
fn count_newlines(bytes: &[u8]) -> u32 {
    bytes.iter().map(|&c| u32::from(c == b'\n')).sum()
}

/// Line numbers of offsets asked for in order, counted from the last one
/// asked for.
#[derive(Default)]
struct LineCounter {
    at: usize,
    /// The line of `at`, from 0.
    line: u32,
}

impl LineCounter {
    /// The line of offset `at`, from 1.
    fn line_at(&mut self, bytes: &[u8], at: usize) -> u32 {
        if at < self.at {
            // Out of order: counted again from the start.
            *self = LineCounter::default();
        }
        self.line += count_newlines(bytes.get(self.at..at).unwrap_or_default());
        self.at = at;
        self.line + 1
    }
}

impl SplitFile {
    /// Scans `text`, a file of the native syntax named `name` in
    /// diagnostics, and splits it into its items (see [`LazyFile::split`](super::LazyFile::split)),
    /// without ever holding the text twice: the items' texts are taken
    /// from the end of the file as it shrinks. The text is given back when
    /// the scan cannot tell the items apart (see [`LazyFile::scan`](super::LazyFile::scan)).
    ///
    /// # Errors
    ///
    /// The text, for a file to parse whole.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::__private::{LazyFile, SplitFile};
    /// let split = SplitFile::new("a = 1\nb {}\n".to_string(), "f.hcl").unwrap();
    /// assert_eq!(LazyFile::of_split(&split).len(), 2);
    /// let text = SplitFile::new("a = (\n".to_string(), "f.hcl").unwrap_err();
    /// assert_eq!(text, "a = (\n");
    /// ```
    pub fn new(text: String, name: &str) -> Result<SplitFile, String> {
        match scan_headers(&text) {
            Some(items) => Ok(split_text(text, &items, Arc::from(name))),
            None => Err(text),
        }
    }

    /// The source of item `index`, if it is an attribute.
    pub(super) fn attribute(&self, index: usize) -> Option<&Arc<SourceFile>> {
        let index = u32::try_from(index).ok()?;
        let at = self
            .attributes
            .binary_search_by_key(&index, |(i, _)| *i)
            .ok()?;
        self.attributes.get(at).map(|(_, source)| source)
    }

    /// Where the own text of item `index` starts in the file: its byte and
    /// line, those of the line of its name.
    pub(super) fn origin(&self, index: usize) -> Option<(u32, u32)> {
        let name = self.items.get(index)?.name_span;
        self.headers.line_origin(name.start)
    }

    /// Where the own text of item `index` starts in the file.
    pub(super) fn byte(&self, index: usize) -> Option<u32> {
        self.origin(index).map(|(byte, _)| byte)
    }
}

impl std::fmt::Debug for OwnText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let bytes = self
            .text
            .lock()
            .ok()
            .and_then(|text| text.as_ref().map(|t| t.len()));
        f.debug_struct("OwnText").field("bytes", &bytes).finish()
    }
}

/// How much the text may hold past what is still to be copied before it
/// is shrunk: often enough that it is never held twice, seldom enough that
/// shrinking costs nothing.
const SHRINK_STEP: usize = 1 << 20;

/// The longest rest of an item's text (after its closing brace's line)
/// copied to the headers' text to join its part with the next item's.
const MERGED_GAP: usize = 16;

/// The headers' text of a [`SplitFile`] as it is made: parts of the file,
/// whole lines each, and where each part is in the file.
#[derive(Default)]
struct HeaderText {
    text: String,
    pieces: Vec<Piece>,
    /// Where in the file the text copied last ends.
    end: Option<usize>,
}

impl HeaderText {
    /// Copies `part`, the file's text from byte `byte` on, which starts
    /// line `line`; returns how far its offsets move (from the file's to
    /// the headers' text). A part right after the last one continues it.
    fn copy(&mut self, part: &str, byte: usize, line: u32) -> i64 {
        if self.end != Some(byte) {
            self.pieces.push(Piece {
                text_start: self.text.len() as u32,
                byte: byte as u32,
                line,
            });
        }
        let shift = self.text.len() as i64 - byte as i64;
        self.text.push_str(part);
        self.end = Some(byte + part.len());
        shift
    }
}

/// Splits `text`, whose items the scan found, into a [`SplitFile`] of the
/// file `name`. The items' own texts are copied from the last one back,
/// and the text shrunk behind them, so that the two together stay about
/// the size of the text.
pub(super) fn split_text(mut text: String, items: &[Header], name: Arc<str>) -> SplitFile {
    let len = text.len();
    // Where each item's own text starts and on which line, counted
    // forwards while the text is whole: at the start of the line of its
    // name, which is where its header lines start too (an item starts on
    // the line of its name, blanks before the name included).
    let mut lines = LineCounter::default();
    let mut starts = Vec::with_capacity(items.len());
    for header in items {
        let from = line_start(text.as_bytes(), header.name_span.start as usize);
        starts.push((from as u32, lines.line_at(text.as_bytes(), from)));
    }
    let last_line_from = line_start(text.as_bytes(), len);
    let last_line = lines.line_at(text.as_bytes(), last_line_from);
    let empty_file_tail = items
        .is_empty()
        .then(|| text.get(last_line_from..).unwrap_or_default().to_string());
    // The file's first line, where what is missing from its body goes,
    // when no item's header lines hold it.
    let first_item_from = starts
        .first()
        .map_or(last_line_from, |&(from, _)| from as usize);
    let first_line = (first_item_from > 0).then(|| {
        let end = after_line(text.as_bytes(), 0).min(first_item_from);
        text.get(..end).unwrap_or_default().to_string()
    });
    let mut texts: Vec<Box<str>> = Vec::with_capacity(items.len());
    for (k, header) in items.iter().enumerate().rev() {
        let from = starts.get(k).map_or(0, |&(from, _)| from as usize);
        texts.push(
            text.get(from..header.next as usize)
                .unwrap_or_default()
                .into(),
        );
        // What the item before still needs: up to its end, where this one
        // starts (its first line may begin before that).
        let keep = k
            .checked_sub(1)
            .and_then(|before| items.get(before))
            .map_or(0, |before| before.next as usize);
        text.truncate(keep.min(text.len()));
        if text.capacity() - text.len() > SHRINK_STEP {
            text.shrink_to_fit();
        }
    }
    drop(text);
    texts.reverse();

    // The headers' text: each item's header lines, and its closing brace's
    // line, taken from its own text.
    let mut headers = HeaderText::default();
    if let Some(first_line) = &first_line {
        headers.copy(first_line, 0, 1);
    }
    let mut split_items = Vec::with_capacity(items.len());
    let mut own_texts = Vec::with_capacity(items.len());
    let mut attributes = Vec::new();
    for ((header, own), (byte, line)) in items.iter().zip(texts).zip(starts) {
        let local = |at: u32| (at - byte) as usize;
        let bytes = own.as_bytes();
        // Lines `from..to` of the item's text, as a part of the file.
        let copy_lines = |headers: &mut HeaderText, from: usize, to: usize| {
            let part = own.get(from..to).unwrap_or_default();
            let line = line + count_newlines(bytes.get(..from).unwrap_or_default());
            headers.copy(part, byte as usize + from, line)
        };
        let moved = |span: Span, shift: i64| {
            let at = |offset: u32| (i64::from(offset) + shift) as u32;
            Span::new(at(span.start), at(span.end))
        };
        let def_end = match header.braces() {
            Some((open, _)) => open.end,
            None => header.name_span.end,
        };
        let to = after_line(bytes, local(def_end));
        // The item's text starts at its header lines (see above).
        let shift = copy_lines(&mut headers, 0, to);
        let mut copied = to;
        let braces = header.braces().map(|(open, close)| {
            let close_shift = if local(close.start) < to {
                shift
            } else {
                let (from, end) = (
                    line_start(bytes, local(close.start)),
                    after_line(bytes, local(close.start)),
                );
                copied = end;
                copy_lines(&mut headers, from, end)
            };
            (moved(open, shift), moved(close, close_shift))
        });
        // A short rest of whole lines (the blank line before the next item)
        // is copied too, so that the next item's header lines continue
        // this part instead of starting another.
        let last = own_texts.len() + 1 == items.len();
        if own.len() - copied <= MERGED_GAP && (own.ends_with('\n') || last) {
            copy_lines(&mut headers, copied, own.len());
        } else if last {
            // The file's last line, where what is missing from it goes.
            let from = (last_line_from.max(byte as usize + copied) - byte as usize).min(own.len());
            copy_lines(&mut headers, from, own.len());
        }
        let text = match header.braces() {
            Some(_) => Some(own),
            None => {
                let piece = Piece {
                    text_start: 0,
                    byte,
                    line,
                };
                let source = SourceFile::from_pieces(Arc::clone(&name), own.into(), vec![piece]);
                attributes.push((own_texts.len() as u32, Arc::new(source)));
                None
            }
        };
        own_texts.push(OwnText {
            text: Mutex::new(text),
        });
        split_items.push(Header {
            label_count: header.label_count,
            start: header.start - byte,
            next: header.next - byte,
            ..Header::new(moved(header.name_span, shift), braces)
        });
    }
    let end = headers.end;
    let HeaderText {
        text: mut headers_text,
        mut pieces,
        ..
    } = headers;
    if let Some(tail) = empty_file_tail {
        if end != Some(last_line_from) {
            pieces.push(Piece {
                text_start: headers_text.len() as u32,
                byte: last_line_from as u32,
                line: last_line,
            });
        }
        headers_text.push_str(&tail);
    }
    headers_text.shrink_to_fit();
    SplitFile {
        headers: Arc::new(SourceFile::from_pieces(name, headers_text, pieces)),
        items: split_items,
        own_texts,
        attributes,
    }
}
