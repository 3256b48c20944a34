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
//! items are the ones [`parse`](crate::parse) finds. Anything the scan does
//! not handle (a syntax error, an escape in a label, an item that does not
//! end where the scan said) makes the lazy reading give up, and the caller
//! parses the whole file instead.

use std::borrow::Cow;
use std::cell::Cell;
use std::sync::Arc;

use super::{names, parse_item, Item, BYTE_ORDER_MARK};
use crate::ast::{Attribute, Block, Label};
use crate::lexer::{Lexer, Start, Token, TokenKind};
use crate::limits::Limits;
use crate::span::{Piece, SourceFile, Span};

/// A file whose top-level items are parsed one at a time, on demand.
///
/// [`LazyFile::scan`] finds the items; [`LazyFile::attribute`] and
/// [`LazyFile::block`] parse one; [`LazyFile::check_rest`] parses those not
/// parsed yet. When every item has parsed, the file is exactly what
/// [`parse`](crate::parse) would have given, item for item. When any step
/// returns `None` or `false`, parse the whole file for its diagnostics.
///
/// What the scan keeps is small (a few dozen bytes an item), so that a
/// reader that parses one item at a time and drops its tree needs little
/// more memory than the text. A reader that owns the text can also give it
/// up: [`LazyFile::split`] copies each item's text apart, for a
/// [`LazyFile::of_split`] that hands each block's text over to be freed
/// once read.
///
/// # Examples
///
/// ```
/// use hcl_core::LazyFile;
///
/// let text = "region = \"eu\"\nservice \"web\" {\n  port = 80\n}\n";
/// let file = LazyFile::scan(text, "app.hcl").unwrap();
/// let names: Vec<&str> = file.items().map(|item| item.name()).collect();
/// assert_eq!(names, ["region", "service"]);
/// let service = file.item(1).unwrap();
/// assert!(service.is_block());
/// assert_eq!(service.label(0).unwrap().value, "web");
///
/// // Only the block is parsed here; the attribute is left for later.
/// let block = file.block(1).unwrap();
/// assert_eq!(block.body.attributes[0].name, "port");
/// assert!(file.check_rest());
/// ```
#[derive(Debug)]
pub struct LazyFile<'src> {
    /// The whole text; for a [`SplitFile`], the text of its headers.
    text: &'src str,
    /// The source of `text`.
    file: Arc<SourceFile>,
    items: Cow<'src, [Header]>,
    /// Whether each item has been parsed and found as scanned.
    checked: Vec<Cell<bool>>,
    limits: Limits,
    /// For a [`SplitFile`]: each item's own text.
    split: Option<&'src SplitFile>,
}

/// A scanned file split into its top-level items, each with its own text,
/// so that a reader can free the text of each item once it has read it:
/// while it reads, the file's text is no longer held whole. Read it with
/// [`LazyFile::of_split`].
///
/// What stays for the whole read is what the scan found: each item's
/// header lines (its name, labels and braces), which name and label
/// positions point into, and the file's last line, for what is missing
/// from it. Positions in the split file's sources are those of the file.
///
/// # Examples
///
/// ```
/// use hcl_core::LazyFile;
///
/// let text = "service \"web\" {\n  port = 80\n}\n\nregion = \"eu\"\n";
/// let split = LazyFile::scan(text, "app.hcl").unwrap().split().unwrap();
/// let file = LazyFile::of_split(&split);
/// assert_eq!(file.item(0).unwrap().label(0).unwrap().value, "web");
///
/// // The block's text is given up to whoever reads it.
/// let source = file.item_source(0).unwrap();
/// let block = file.block_in(0, &source).unwrap();
/// let port = &block.body.attributes[0];
/// assert_eq!(source.range(port.span).to_string(), "app.hcl:2,3-12");
/// assert!(file.item_source(0).is_none());
///
/// let (region, source) = file.attribute_in(1).unwrap();
/// assert_eq!(source.range(region.span).start.line, 5);
/// assert!(file.check_rest());
/// ```
#[derive(Debug)]
pub struct SplitFile {
    headers: Arc<SourceFile>,
    /// As in [`LazyFile`], but with the name and brace spans in `headers`,
    /// and `start` and `next` in the item's own text, which starts at the
    /// start of the line of its name: where its header lines start.
    items: Vec<Header>,
    own_texts: Vec<OwnText>,
    /// The sources of the top-level attributes, by item number: kept, as
    /// their values are read before the blocks and point into them.
    attributes: Vec<(u32, Arc<SourceFile>)>,
}

/// The text of an item of a [`SplitFile`]: the item, from the start of its
/// first line, and the gap after it. A block's, until a reader takes it;
/// an attribute's is in [`SplitFile::attributes`].
struct OwnText {
    text: Cell<Option<Box<str>>>,
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
///
/// # Examples
///
/// ```
/// let file = hcl_core::LazyFile::scan("resource \"a\" \"b\" {}\n", "main.tf").unwrap();
/// let item = file.item(0).unwrap();
/// assert_eq!(item.name(), "resource");
/// let labels: Vec<_> = item.labels().map(|l| l.value).collect();
/// assert_eq!(labels, ["a", "b"]);
/// assert_eq!(item.span(), hcl_core::Span::new(0, 19));
/// assert_eq!(item.def_span(), hcl_core::Span::new(0, 16));
/// ```
#[derive(Debug, Clone, Copy)]
pub struct LazyItem<'f, 'src> {
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
    pub fn name(&self) -> &'src str {
        self.file.text_of(self.header.name_span)
    }

    /// The name's span.
    pub fn name_span(&self) -> Span {
        self.header.name_span
    }

    /// Whether the item is a block rather than an attribute.
    pub fn is_block(&self) -> bool {
        self.header.braces().is_some()
    }

    /// The number of labels: none for an attribute.
    pub fn label_count(&self) -> usize {
        self.header.label_count as usize
    }

    /// Label `index`, if the block has that many.
    pub fn label(&self, index: usize) -> Option<Label<'src>> {
        if index >= self.label_count() {
            return None;
        }
        let span = label_spans(self.file.text, self.header.name_span.end as usize).nth(index)?;
        let text = self.file.text_of(span);
        // The scan only takes quoted labels without escapes.
        let value = text
            .strip_prefix('"')
            .and_then(|t| t.strip_suffix('"'))
            .unwrap_or(text);
        Some(Label {
            value: Cow::Borrowed(value),
            span,
        })
    }

    /// The labels, in order.
    pub fn labels(&self) -> impl Iterator<Item = Label<'src>> + '_ {
        (0..self.label_count()).filter_map(|i| self.label(i))
    }

    /// The header: the name and the labels.
    pub fn def_span(&self) -> Span {
        let last = self
            .label_count()
            .checked_sub(1)
            .and_then(|i| self.label(i));
        last.map_or(self.header.name_span, |l| self.header.name_span.to(l.span))
    }

    /// A block's opening brace.
    pub fn open_brace_span(&self) -> Option<Span> {
        self.header.braces().map(|(open, _)| open)
    }

    /// A block's closing brace.
    pub fn close_brace_span(&self) -> Option<Span> {
        self.header.braces().map(|(_, close)| close)
    }

    /// A block from its type to its closing brace; an attribute's name.
    pub fn span(&self) -> Span {
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
    ///
    /// # Examples
    ///
    /// ```
    /// let file = hcl_core::LazyFile::scan("a = 1\nb = [\n  2,\n]\n", "f.hcl").unwrap();
    /// assert_eq!(file.len(), 2);
    /// assert!(hcl_core::LazyFile::scan("a = 1\na = 2\n", "f.hcl").is_none());
    /// ```
    pub fn scan(text: &'src str, filename: &str) -> Option<Self> {
        LazyFile::scan_in(text, Arc::new(SourceFile::new(filename, text)))
    }

    /// Scans the text of `file`, a source already made, as
    /// [`LazyFile::scan`] does: a file read into memory and handed over
    /// with [`SourceFile::from_string`] is so held once, not copied.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::Arc;
    /// use hcl_core::{LazyFile, SourceFile};
    /// let source = Arc::new(SourceFile::from_string("f.hcl", "a = 1\n".to_string()));
    /// let file = LazyFile::scan_source(&source).unwrap();
    /// assert_eq!(file.item(0).unwrap().name(), "a");
    /// ```
    pub fn scan_source(file: &'src Arc<SourceFile>) -> Option<Self> {
        LazyFile::scan_in(file.text(), Arc::clone(file))
    }

    fn scan_in(text: &'src str, file: Arc<SourceFile>) -> Option<Self> {
        let items = scan_headers(text)?;
        let checked = items.iter().map(|_| Cell::new(false)).collect();
        Some(LazyFile {
            text,
            file,
            items: Cow::Owned(items),
            checked,
            limits: Limits::default(),
            split: None,
        })
    }

    /// Splits the scanned file into its items, each with its own text (see
    /// [`SplitFile`]); the file's text can then be freed. `None` for a file
    /// that is already split.
    ///
    /// # Examples
    ///
    /// See [`SplitFile`].
    pub fn split(&self) -> Option<SplitFile> {
        if self.split.is_some() {
            return None;
        }
        let name = Arc::clone(self.file.name_arc());
        Some(split_text(self.text.to_string(), &self.items, name))
    }

    /// Reads a [`SplitFile`] as a lazy file, whose items give up their
    /// text to the reader that parses them: see [`LazyFile::item_source`].
    ///
    /// # Examples
    ///
    /// See [`SplitFile`].
    pub fn of_split(split: &'src SplitFile) -> Self {
        LazyFile {
            text: split.headers.text(),
            file: Arc::clone(&split.headers),
            items: Cow::Borrowed(&split.items),
            checked: split.items.iter().map(|_| Cell::new(false)).collect(),
            limits: Limits::default(),
            split: Some(split),
        }
    }

    fn text_of(&self, span: Span) -> &'src str {
        self.text
            .get(span.start as usize..span.end as usize)
            .unwrap_or_default()
    }

    /// The number of top-level items.
    ///
    /// # Examples
    ///
    /// ```
    /// let file = hcl_core::LazyFile::scan("# nothing\n", "f.hcl").unwrap();
    /// assert!(file.is_empty());
    /// ```
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Whether the file has no items.
    ///
    /// # Examples
    ///
    /// See [`LazyFile::len`].
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// Item `index`, as scanned.
    ///
    /// # Examples
    ///
    /// See [`LazyFile`].
    pub fn item(&self, index: usize) -> Option<LazyItem<'_, 'src>> {
        let header = *self.items.get(index)?;
        Some(LazyItem { file: self, header })
    }

    /// The top-level items in source order, as scanned.
    ///
    /// # Examples
    ///
    /// See [`LazyFile`].
    pub fn items(&self) -> impl ExactSizeIterator<Item = LazyItem<'_, 'src>> + '_ {
        self.items
            .iter()
            .map(|&header| LazyItem { file: self, header })
    }

    /// The source, for positions and diagnostics.
    ///
    /// # Examples
    ///
    /// ```
    /// let file = hcl_core::LazyFile::scan("a = 1\n", "f.hcl").unwrap();
    /// assert_eq!(file.source().name(), "f.hcl");
    /// ```
    pub fn source(&self) -> &Arc<SourceFile> {
        &self.file
    }

    /// An empty span at the end of the file, where something missing from
    /// its body would go.
    ///
    /// # Examples
    ///
    /// ```
    /// let file = hcl_core::LazyFile::scan("a = 1\n", "f.hcl").unwrap();
    /// assert_eq!(file.end_span(), hcl_core::Span::empty(6));
    /// ```
    pub fn end_span(&self) -> Span {
        Span::empty(self.text.len() as u32)
    }

    /// Parses item `index`, an attribute. `None` when it is not one, or
    /// does not parse as scanned.
    ///
    /// # Examples
    ///
    /// ```
    /// let file = hcl_core::LazyFile::scan("a = 1 + 1\n", "f.hcl").unwrap();
    /// assert_eq!(file.attribute(0).unwrap().expr.span, hcl_core::Span::new(4, 9));
    /// ```
    pub fn attribute(&self, index: usize) -> Option<Attribute<'src>> {
        let parsed = match self.split {
            None => self.parse_in(index, self.text, &self.file, None)?,
            Some(split) => {
                let source = split.attribute(index)?;
                self.parse_in(index, source.text(), source, Some(split.byte(index)?))?
            }
        };
        match parsed {
            Item::Attribute(attr) => Some(attr),
            Item::Block(_) => None,
        }
    }

    /// Parses item `index`, an attribute, with the source its spans are
    /// in: the file's, or in a [`SplitFile`] the attribute's own.
    ///
    /// # Examples
    ///
    /// See [`SplitFile`].
    pub fn attribute_in(&self, index: usize) -> Option<(Attribute<'src>, &Arc<SourceFile>)> {
        let source = match self.split {
            None => &self.file,
            Some(split) => split.attribute(index)?,
        };
        Some((self.attribute(index)?, source))
    }

    /// Parses item `index`, a block. `None` when it is not one, or does not
    /// parse as scanned, and in a [`SplitFile`], whose blocks are read with
    /// [`LazyFile::block_in`].
    ///
    /// # Examples
    ///
    /// See [`LazyFile`].
    pub fn block(&self, index: usize) -> Option<Block<'src>> {
        if self.split.is_some() {
            return None;
        }
        match self.parse_in(index, self.text, &self.file, None)? {
            Item::Block(block) => Some(block),
            Item::Attribute(_) => None,
        }
    }

    /// The source that item `index` is parsed from, with
    /// [`LazyFile::block_in`]: the file's, or in a [`SplitFile`] the item's
    /// own. A split file gives a block's text up to the caller, once: it is
    /// freed when the caller is done with it, and asking again gives
    /// `None`.
    ///
    /// # Examples
    ///
    /// ```
    /// let file = hcl_core::LazyFile::scan("b {}\n", "f.hcl").unwrap();
    /// let source = file.item_source(0).unwrap();
    /// assert!(std::sync::Arc::ptr_eq(&source, file.source()));
    /// assert!(file.block_in(0, &source).is_some());
    /// ```
    pub fn item_source(&self, index: usize) -> Option<Arc<SourceFile>> {
        let Some(split) = self.split else {
            return Some(Arc::clone(&self.file));
        };
        if let Some(source) = split.attribute(index) {
            return Some(Arc::clone(source));
        }
        let own = split.own_texts.get(index)?;
        let (byte, line) = split.origin(index)?;
        let piece = Piece {
            text_start: 0,
            byte,
            line,
        };
        Some(Arc::new(SourceFile::from_pieces(
            Arc::clone(self.file.name_arc()),
            own.text.take()?.into_string(),
            vec![piece],
        )))
    }

    /// Parses item `index`, a block, from `source`, which
    /// [`LazyFile::item_source`] gave. `None` when it is not a block, or
    /// does not parse as scanned.
    ///
    /// # Examples
    ///
    /// See [`LazyFile::item_source`].
    pub fn block_in<'t>(&self, index: usize, source: &'t Arc<SourceFile>) -> Option<Block<'t>> {
        let shift = match self.split {
            None => None,
            Some(split) => Some(split.byte(index)?),
        };
        match self.parse_in(index, source.text(), source, shift)? {
            Item::Block(block) => Some(block),
            Item::Attribute(_) => None,
        }
    }

    /// Parses every item not parsed yet, dropping the trees: true when all
    /// of the file parsed as scanned, so that it is valid and its items are
    /// those [`parse`](crate::parse) gives.
    ///
    /// # Examples
    ///
    /// ```
    /// let file = hcl_core::LazyFile::scan("a = 1\nb = (2\n", "f.hcl");
    /// assert!(file.map_or(true, |f| !f.check_rest()));
    /// ```
    pub fn check_rest(&self) -> bool {
        (0..self.items.len()).all(|i| {
            if self.checked.get(i).is_some_and(Cell::get) {
                return true;
            }
            match self.split {
                None => self.parse_in(i, self.text, &self.file, None).is_some(),
                Some(split) => {
                    let (Some(source), Some(byte)) = (self.item_source(i), split.byte(i)) else {
                        return false;
                    };
                    self.parse_in(i, source.text(), &source, Some(byte))
                        .is_some()
                }
            }
        })
    }

    /// Parses item `index` from `text`, the text of `file`, and checks it
    /// against the scan. `shift` is where `text` starts in the file when
    /// it is an item's own (in a [`SplitFile`]), whose scanned spans are in
    /// the headers' text.
    fn parse_in<'t>(
        &self,
        index: usize,
        text: &'t str,
        file: &Arc<SourceFile>,
        shift: Option<u32>,
    ) -> Option<Item<'t>> {
        let item = self.item(index)?;
        let header = item.header;
        let start = header.start as usize;
        let (parsed, end) = parse_item(text, start, file, &self.limits)?;
        let next = skip_gap(text, end);
        if next != header.next as usize {
            return None;
        }
        // How far a scanned span is from where it is in `text`: none for a
        // whole file. In a split file, the name, labels and opening brace
        // are in one piece of the headers' text, the closing brace perhaps
        // in the next.
        let distance = |scanned: Option<Span>| match (shift, scanned) {
            (Some(byte), Some(span)) => {
                i64::from(self.file.file_offset(span.start))
                    - i64::from(span.start)
                    - i64::from(byte)
            }
            _ => 0,
        };
        let head = distance(Some(header.name_span));
        let same = |scanned: Span, parsed: Span, distance: i64| {
            scanned.len() == parsed.len()
                && i64::from(scanned.start) + distance == i64::from(parsed.start)
        };
        let matches = match (&parsed, header.braces()) {
            (Item::Attribute(attr), None) => same(header.name_span, attr.name_span, head),
            (Item::Block(block), Some((open, close))) => {
                same(header.name_span, block.type_span, head)
                    && same(open, block.open_brace_span, head)
                    && same(close, block.close_brace_span, distance(Some(close)))
                    && block.labels.len() == item.label_count()
                    && block
                        .labels
                        .iter()
                        .zip(item.labels())
                        .all(|(a, b)| a.value == b.value && same(b.span, a.span, head))
            }
            _ => false,
        };
        if !matches {
            return None;
        }
        self.checked.get(index)?.set(true);
        Some(parsed)
    }
}

/// The spans of the labels of the block whose type ends at `from` in
/// `text`, as the scan found them (quoted without escapes, or identifiers)
/// up to the opening brace.
fn label_spans(text: &str, from: usize) -> impl Iterator<Item = Span> + '_ {
    let mut lexer = Lexer::new(text, from, Start::Code);
    std::iter::from_fn(move || {
        let token = lexer.next_token();
        match token.kind {
            TokenKind::Ident => Some(token.span),
            TokenKind::OQuote => {
                let mut close = lexer.next_token();
                if close.kind == TokenKind::QuotedLit {
                    close = lexer.next_token();
                }
                Some(token.span.to(close.span))
            }
            _ => None,
        }
    })
}

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
    /// diagnostics, and splits it into its items (see [`LazyFile::split`]),
    /// without ever holding the text twice: the items' texts are taken
    /// from the end of the file as it shrinks. The text is given back when
    /// the scan cannot tell the items apart (see [`LazyFile::scan`]).
    ///
    /// # Errors
    ///
    /// The text, for a file to parse whole.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::{LazyFile, SplitFile};
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
    fn attribute(&self, index: usize) -> Option<&Arc<SourceFile>> {
        let index = u32::try_from(index).ok()?;
        let at = self
            .attributes
            .binary_search_by_key(&index, |(i, _)| *i)
            .ok()?;
        self.attributes.get(at).map(|(_, source)| source)
    }

    /// Where the own text of item `index` starts in the file: its byte and
    /// line, those of the line of its name.
    fn origin(&self, index: usize) -> Option<(u32, u32)> {
        let name = self.items.get(index)?.name_span;
        self.headers.line_origin(name.start)
    }

    /// Where the own text of item `index` starts in the file.
    fn byte(&self, index: usize) -> Option<u32> {
        self.origin(index).map(|(byte, _)| byte)
    }
}

impl std::fmt::Debug for OwnText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let held = self.text.take();
        let bytes = held.as_ref().map(|t| t.len());
        self.text.set(held);
        f.debug_struct("OwnText").field("bytes", &bytes).finish()
    }
}

/// The headers of the top-level items of `text`; `None` where
/// the scan cannot tell them apart, or a top-level attribute is repeated
/// (an error of the whole file).
fn scan_headers(text: &str) -> Option<Vec<Header>> {
    let limits = Limits::default();
    if text.len() > limits.max_input_bytes.min(u32::MAX as usize - 1) {
        return None;
    }
    let start = if text.starts_with(BYTE_ORDER_MARK) {
        BYTE_ORDER_MARK.len()
    } else {
        0
    };
    let items = scan_items(text, start)?;
    // A block and each of its labels are a level of nesting, which the
    // parser limits: past the limit, the parser's error is the one to give.
    if items
        .iter()
        .any(|item| item.label_count as usize + 2 > limits.max_nesting_depth)
    {
        return None;
    }
    let names = items
        .iter()
        .filter(|item| item.braces().is_none())
        .map(|item| text.get(item.name_span.start as usize..item.name_span.end as usize))
        .collect::<Option<Vec<&str>>>()?;
    names::repeated(names.into_iter())
        .is_empty()
        .then_some(items)
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
fn split_text(mut text: String, items: &[Header], name: Arc<str>) -> SplitFile {
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
            text: Cell::new(text),
        });
        split_items.push(Header {
            label_count: header.label_count,
            start: header.start - byte,
            next: header.next - byte,
            ..Header::new(moved(header.name_span, shift), braces)
        });
    }
    let HeaderText {
        text: mut headers,
        mut pieces,
        ..
    } = headers;
    if let Some(tail) = empty_file_tail {
        pieces.push(Piece {
            text_start: 0,
            byte: last_line_from as u32,
            line: last_line,
        });
        headers = tail;
    }
    headers.shrink_to_fit();
    SplitFile {
        headers: Arc::new(SourceFile::from_pieces(name, headers, pieces)),
        items: split_items,
        own_texts,
        attributes,
    }
}

/// The headers of the items from `start` on, or `None` where the scan
/// cannot follow the text (the parser is then to read it whole).
fn scan_items(text: &str, start: usize) -> Option<Vec<Header>> {
    let mut lexer = Lexer::new(text, start, Start::Code);
    let mut items: Vec<Header> = Vec::new();
    let mut item_start = start;
    let mut token = lexer.next_token();
    loop {
        // Blank lines and comments between items.
        while matches!(token.kind, TokenKind::Newline | TokenKind::Comment) {
            item_start = token.span.end as usize;
            token = lexer.next_token();
        }
        if let Some(last) = items.last_mut() {
            last.next = item_start as u32;
        }
        if token.kind == TokenKind::Eof {
            if let Some(last) = items.last_mut() {
                last.next = text.len() as u32;
            }
            break;
        }
        if token.kind != TokenKind::Ident {
            return None;
        }
        let name_span = token.span;
        token = lexer.next_token();
        let mut label_count = 0u32;
        let braces = if token.kind == TokenKind::Equal {
            token = skip_to_line_end(&mut lexer, 0)?;
            None
        } else {
            loop {
                match token.kind {
                    TokenKind::OBrace => break,
                    TokenKind::Ident => {}
                    TokenKind::OQuote => {
                        // Quoted labels without escapes or sequences: the
                        // rest is left to the parser.
                        token = lexer.next_token();
                        if token.kind == TokenKind::QuotedLit {
                            if token.text(text).contains('\\') {
                                return None;
                            }
                            token = lexer.next_token();
                        }
                        if token.kind != TokenKind::CQuote {
                            return None;
                        }
                    }
                    _ => return None,
                }
                label_count += 1;
                token = lexer.next_token();
            }
            let open = token.span;
            let close = skip_to_close(&mut lexer)?;
            token = lexer.next_token();
            if !matches!(
                token.kind,
                TokenKind::Newline | TokenKind::Comment | TokenKind::Eof
            ) || (token.kind == TokenKind::Comment && !token.text(text).ends_with('\n'))
            {
                return None;
            }
            Some((open, close))
        };
        items.push(Header {
            label_count,
            start: item_start as u32,
            next: text.len() as u32,
            ..Header::new(name_span, braces)
        });
        // The line end itself is gap.
        item_start = token.span.end as usize;
        if token.kind != TokenKind::Eof {
            token = lexer.next_token();
        }
    }
    items.shrink_to_fit();
    Some(items)
}

/// Whether a token opens or closes a bracket, brace, parenthesis, quoted
/// template, heredoc or template sequence: `1`, `-1` or `0`.
fn bracket(kind: TokenKind) -> i32 {
    use TokenKind::*;
    match kind {
        OBrace | OBrack | OParen | OQuote | OHeredoc | TemplateInterp | TemplateControl => 1,
        CBrace | CBrack | CParen | CQuote | CHeredoc | TemplateSeqEnd => -1,
        _ => 0,
    }
}

/// Reads an attribute's value, `depth` brackets in, up to the line end that
/// ends it outside brackets (a line break, a line comment or the end),
/// which is returned.
fn skip_to_line_end(lexer: &mut Lexer<'_>, mut depth: i32) -> Option<Token> {
    loop {
        let token = lexer.next_token();
        match token.kind {
            // Unclosed brackets at the end: a syntax error, left to the
            // whole file's parse.
            TokenKind::Eof => return (depth == 0).then_some(token),
            TokenKind::Newline if depth == 0 => return Some(token),
            TokenKind::Comment if depth == 0 && token.text(lexer.text()).ends_with('\n') => {
                return Some(token)
            }
            kind => {
                depth += bracket(kind);
                if depth < 0 {
                    return None;
                }
            }
        }
    }
}

/// Reads a block's body, after its opening brace, up to the brace that
/// closes it, whose span is returned.
fn skip_to_close(lexer: &mut Lexer<'_>) -> Option<Span> {
    let mut depth = 1;
    loop {
        let token = lexer.next_token();
        if token.kind == TokenKind::Eof {
            return None;
        }
        depth += bracket(token.kind);
        if depth == 0 {
            return (token.kind == TokenKind::CBrace).then_some(token.span);
        }
        if depth < 0 {
            return None;
        }
    }
}

/// Where the next item starts after offset `at`: past the blank lines and
/// comments there (the end of the text after the last item).
fn skip_gap(text: &str, at: usize) -> usize {
    let mut lexer = Lexer::new(text, at, Start::Code);
    let mut end = at;
    loop {
        let token = lexer.next_token();
        match token.kind {
            TokenKind::Newline | TokenKind::Comment => end = token.span.end as usize,
            TokenKind::Eof => return text.len(),
            _ => return end,
        }
    }
}

#[cfg(test)]
mod tests {
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
                let parsed: Vec<String> =
                    block.labels.iter().map(|l| l.value.to_string()).collect();
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
}
