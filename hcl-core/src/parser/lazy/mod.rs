//! A file read one top-level item at a time.
//!
//! A quick scan finds where each top-level attribute and block starts and
//! reads its header (name, labels, braces) without building its tree; each
//! item is then parsed on its own when it is wanted, and its tree can be
//! dropped as soon as it has been used. A decoder can so hold one item's
//! tree at a time instead of the whole file's.
//!
//! The scan only proposes: parsing an item checks that it starts and ends
//! exactly where the scan said, with the header the scan read, so that the
//! items are the ones [`parse`](crate::parse) finds. The scan refuses what
//! it does not handle (a label whose value is not its text, as an escape
//! makes it), so that every item of a valid file it takes parses as
//! scanned; a syntax
//! error makes the lazy reading give up, and its tree's
//! [`syntax_errors`](crate::SyntaxTree::syntax_errors) then parses the whole
//! file for them.

use std::borrow::Cow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

mod kept;
mod scan;
#[cfg(test)]
mod tests;

use self::scan::{label_spans, scan_headers, skip_gap};
use super::{parse_item, Item};
use crate::ast::{Block, Label};
use crate::limits::Limits;
use crate::span::{SourceFile, Span};

/// A file whose top-level items are parsed one at a time, on demand: what
/// a [`SyntaxTree`](crate::SyntaxTree) opened item by item holds.
///
/// [`LazyFile::scan_source`] finds the items, which its body
/// ([`Body::lazy`](crate::schema::Body)) parses as they are read;
/// [`LazyFile::check_rest`] parses those not parsed yet. When every item
/// has parsed, the file is exactly what [`parse`](crate::parse) would have
/// given, item for item.
///
/// What the scan keeps is small (a few dozen bytes an item), so that a
/// reader that parses one item at a time and drops its tree needs little
/// more memory than the text.
#[derive(Debug)]
pub(crate) struct LazyFile<'src> {
    /// The whole text.
    text: &'src str,
    /// The source of `text`.
    file: Arc<SourceFile>,
    items: Vec<Header>,
    /// Whether each item has been parsed and found as scanned.
    checked: Vec<AtomicBool>,
    limits: Limits,
    /// The trees kept for readers that borrow them.
    kept: kept::Kept,
    /// Whether an item failed to parse as scanned.
    gave_up: AtomicBool,
}

/// What the scan read of a top-level item.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Header {
    name_span: Span,
    /// For blocks: where the opening and closing braces are; for
    /// attributes, [`NO_BRACE`]. (Two offsets, not an optional pair of
    /// spans: the scan keeps one header an item, and this one is small.)
    open: u32,
    close: u32,
    /// The number of labels, which are read again from the text when asked
    /// for (the scan keeps little an item).
    label_count: u32,
    /// Where the item starts, blank space before the name included.
    start: u32,
    /// Where the next item starts: past this one's line end and the blank
    /// lines and comments after it.
    next: u32,
}

/// A top-level item of a [`LazyFile`] as the scan read it, without parsing
/// it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct LazyItem<'f, 'src> {
    file: &'f LazyFile<'src>,
    header: Header,
}

/// The braces of an attribute, which has none.
const NO_BRACE: u32 = u32::MAX;

impl Header {
    fn new(name_span: Span, braces: Option<(Span, Span)>) -> Self {
        let (open, close) = braces.map_or((NO_BRACE, NO_BRACE), |(o, c)| (o.start, c.start));
        Header {
            name_span,
            open,
            close,
            label_count: 0,
            start: 0,
            next: 0,
        }
    }

    /// A block's opening and closing braces.
    fn braces(&self) -> Option<(Span, Span)> {
        let brace = |at: u32| Span::new(at, at + 1);
        (self.open != NO_BRACE).then(|| (brace(self.open), brace(self.close)))
    }
}

impl<'f, 'src> LazyItem<'f, 'src> {
    /// The attribute's name or the block's type.
    pub(crate) fn name(&self) -> &'src str {
        self.file.text_of(self.header.name_span)
    }

    /// The name's span.
    pub(crate) fn name_span(&self) -> Span {
        self.header.name_span
    }

    /// Whether the item is a block rather than an attribute.
    pub(crate) fn is_block(&self) -> bool {
        self.header.braces().is_some()
    }

    /// The number of labels: none for an attribute.
    pub(crate) fn label_count(&self) -> usize {
        self.header.label_count as usize
    }

    /// The labels, in order, read from the header's text in one pass.
    pub(crate) fn labels(&self) -> impl Iterator<Item = Label<'src>> + '_ {
        let text = self.file.text;
        label_spans(text, self.header.name_span.end as usize)
            .take(self.label_count())
            .map(move |span| {
                let written = text.get(span.as_range()).unwrap_or_default();
                // The scan only takes quoted labels without escapes.
                let value = written
                    .strip_prefix('"')
                    .and_then(|t| t.strip_suffix('"'))
                    .unwrap_or(written);
                Label {
                    value: Cow::Borrowed(value),
                    span,
                }
            })
    }

    /// Where the item starts (blank space before its name included) to
    /// where the next starts (past its line end, and the blank lines and
    /// comments after it), as byte offsets.
    pub(crate) fn extent(&self) -> std::ops::Range<usize> {
        self.header.start as usize..self.header.next as usize
    }

    /// A block's opening brace.
    pub(crate) fn open_brace_span(&self) -> Option<Span> {
        self.header.braces().map(|(open, _)| open)
    }

    /// A block's closing brace.
    pub(crate) fn close_brace_span(&self) -> Option<Span> {
        self.header.braces().map(|(_, close)| close)
    }

    /// A block from its type to its closing brace; an attribute's name.
    pub(crate) fn span(&self) -> Span {
        match self.header.braces() {
            Some((_, close)) => self.header.name_span.to(close),
            None => self.header.name_span,
        }
    }
}

impl<'src> LazyFile<'src> {
    /// Scans `text`, a file of the native syntax named `filename` in
    /// diagnostics, for its top-level items. `None` when the scan cannot
    /// tell them apart: parse the whole file instead.
    ///
    /// A repeated top-level attribute name is an error of the whole file,
    /// so it gives `None` too.
    #[cfg(test)]
    pub(crate) fn scan(text: &'src str, filename: &str) -> Option<Self> {
        LazyFile::scan_in(text, Arc::new(SourceFile::new(filename, text)))
    }

    /// Scans the text of `file`, a source already made, as
    /// [`LazyFile::scan`] does: a file read into memory and handed over
    /// with [`SourceFile::from_string`] is so held once, not copied.
    pub(crate) fn scan_source(file: &'src Arc<SourceFile>) -> Option<Self> {
        LazyFile::scan_in(file.text(), Arc::clone(file))
    }

    fn scan_in(text: &'src str, file: Arc<SourceFile>) -> Option<Self> {
        let items = scan_headers(text)?;
        let checked = items.iter().map(|_| AtomicBool::new(false)).collect();
        Some(LazyFile {
            text,
            file,
            items,
            checked,
            limits: Limits::default(),
            kept: kept::Kept::default(),
            gave_up: AtomicBool::new(false),
        })
    }

    fn text_of(&self, span: Span) -> &'src str {
        self.text
            .get(span.start as usize..span.end as usize)
            .unwrap_or_default()
    }

    /// The number of top-level items.
    pub(crate) fn len(&self) -> usize {
        self.items.len()
    }

    /// Item `index`, as scanned.
    pub(crate) fn item(&self, index: usize) -> Option<LazyItem<'_, 'src>> {
        let header = *self.items.get(index)?;
        Some(LazyItem { file: self, header })
    }

    /// The top-level items in source order, as scanned.
    pub(crate) fn items(&self) -> impl ExactSizeIterator<Item = LazyItem<'_, 'src>> + '_ {
        self.items
            .iter()
            .map(|&header| LazyItem { file: self, header })
    }

    /// The source, for positions and diagnostics.
    pub(crate) fn source(&self) -> &Arc<SourceFile> {
        &self.file
    }

    /// An empty span at the end of the file, where something missing from
    /// its body would go.
    pub(crate) fn end_span(&self) -> Span {
        Span::empty(self.text.len() as u32)
    }

    /// Parses item `index`, an attribute. `None` when it is not one, or
    /// does not parse as scanned. (The body parses its attributes into
    /// trees of their own, which it keeps.)
    #[cfg(test)]
    pub(crate) fn attribute(&self, index: usize) -> Option<crate::ast::Attribute<'src>> {
        match self.parse_in(index, self.text, &self.file)? {
            Item::Attribute(attr) => Some(attr),
            Item::Block(_) => None,
        }
    }

    /// Parses item `index`, a block. `None` when it is not one, or does not
    /// parse as scanned.
    pub(crate) fn block(&self, index: usize) -> Option<Block<'src>> {
        match self.parse_in(index, self.text, &self.file)? {
            Item::Block(block) => Some(block),
            Item::Attribute(_) => None,
        }
    }

    /// Parses every item not parsed yet, dropping the trees: true when all
    /// of the file parsed as scanned, so that it is valid and its items are
    /// those [`parse`](crate::parse) gives, and no reader of its body was
    /// refused an item that did not parse as scanned.
    pub(crate) fn check_rest(&self) -> bool {
        if self.gave_up.load(Ordering::Relaxed) {
            return false;
        }
        (0..self.items.len()).all(|i| {
            if self
                .checked
                .get(i)
                .is_some_and(|c| c.load(Ordering::Relaxed))
            {
                return true;
            }
            self.parse_in(i, self.text, &self.file).is_some()
        })
    }

    /// Parses item `index` from `text`, the text of `file`, and checks it
    /// against the scan.
    pub(crate) fn parse_in<'t>(
        &self,
        index: usize,
        text: &'t str,
        file: &Arc<SourceFile>,
    ) -> Option<Item<'t>> {
        let item = self.item(index)?;
        let header = item.header;
        let start = header.start as usize;
        let (parsed, end) = parse_item(text, start, file, &self.limits)?;
        let next = skip_gap(text, end);
        if next != header.next as usize {
            return None;
        }
        let same = |scanned: Span, parsed: Span| scanned == parsed;
        let matches = match (&parsed, header.braces()) {
            (Item::Attribute(attr), None) => same(header.name_span, attr.name_span),
            (Item::Block(block), Some((open, close))) => {
                same(header.name_span, block.type_span)
                    && same(open, block.open_brace_span)
                    && same(close, block.close_brace_span)
                    && block.labels.len() == item.label_count()
                    && block
                        .labels
                        .iter()
                        .zip(item.labels())
                        .all(|(a, b)| a.value == b.value && same(b.span, a.span))
            }
            _ => false,
        };
        if !matches {
            return None;
        }
        self.checked.get(index)?.store(true, Ordering::Relaxed);
        Some(parsed)
    }
}
