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
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::sync::Mutex;

mod kept;
mod scan;
mod split;
#[cfg(test)]
mod tests;

use self::scan::{label_spans, scan_headers, skip_gap};
use self::split::split_text;
use super::{parse_item, Item};
use crate::ast::{Attribute, Block, Label};
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
/// use hcl_core::__private::LazyFile;
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
    checked: Vec<AtomicBool>,
    limits: Limits,
    /// For a [`SplitFile`]: each item's own text.
    split: Option<&'src SplitFile>,
    /// The trees kept for readers that borrow them.
    kept: kept::Kept,
    /// Whether an item failed to parse as scanned, or a reader needed
    /// what the file cannot give (a split file's whole text).
    gave_up: AtomicBool,
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
/// use hcl_core::__private::LazyFile;
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
    text: Mutex<Option<Box<str>>>,
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
/// let file = hcl_core::__private::LazyFile::scan("resource \"a\" \"b\" {}\n", "main.tf").unwrap();
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
    /// let file = hcl_core::__private::LazyFile::scan("a = 1\nb = [\n  2,\n]\n", "f.hcl").unwrap();
    /// assert_eq!(file.len(), 2);
    /// assert!(hcl_core::__private::LazyFile::scan("a = 1\na = 2\n", "f.hcl").is_none());
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
    /// use hcl_core::__private::LazyFile;
    /// use hcl_core::SourceFile;
    /// let source = Arc::new(SourceFile::from_string("f.hcl", "a = 1\n".to_string()));
    /// let file = LazyFile::scan_source(&source).unwrap();
    /// assert_eq!(file.item(0).unwrap().name(), "a");
    /// ```
    pub fn scan_source(file: &'src Arc<SourceFile>) -> Option<Self> {
        LazyFile::scan_in(file.text(), Arc::clone(file))
    }

    fn scan_in(text: &'src str, file: Arc<SourceFile>) -> Option<Self> {
        let items = scan_headers(text)?;
        let checked = items.iter().map(|_| AtomicBool::new(false)).collect();
        Some(LazyFile {
            text,
            file,
            items: Cow::Owned(items),
            checked,
            limits: Limits::default(),
            split: None,
            kept: kept::Kept::default(),
            gave_up: AtomicBool::new(false),
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
            checked: split.items.iter().map(|_| AtomicBool::new(false)).collect(),
            limits: Limits::default(),
            split: Some(split),
            kept: kept::Kept::default(),
            gave_up: AtomicBool::new(false),
        }
    }

    /// Whether the file is a [`SplitFile`]'s, whose text is not whole.
    pub(crate) fn is_split(&self) -> bool {
        self.split.is_some()
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
    /// let file = hcl_core::__private::LazyFile::scan("# nothing\n", "f.hcl").unwrap();
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
    /// let file = hcl_core::__private::LazyFile::scan("a = 1\n", "f.hcl").unwrap();
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
    /// let file = hcl_core::__private::LazyFile::scan("a = 1\n", "f.hcl").unwrap();
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
    /// let file = hcl_core::__private::LazyFile::scan("a = 1 + 1\n", "f.hcl").unwrap();
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
    /// let file = hcl_core::__private::LazyFile::scan("b {}\n", "f.hcl").unwrap();
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
            own.text.lock().ok()?.take()?.into_string(),
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
        match self.item_in(index, source)? {
            Item::Block(block) => Some(block),
            Item::Attribute(_) => None,
        }
    }

    /// Parses item `index` from `source`, which [`LazyFile::item_source`]
    /// gave (or, for an attribute of a [`SplitFile`], its own source), and
    /// checks it against the scan.
    pub(crate) fn item_in<'t>(
        &self,
        index: usize,
        source: &'t Arc<SourceFile>,
    ) -> Option<Item<'t>> {
        let shift = match self.split {
            None => None,
            Some(split) => Some(split.byte(index)?),
        };
        self.parse_in(index, source.text(), source, shift)
    }

    /// Parses every item not parsed yet, dropping the trees: true when all
    /// of the file parsed as scanned, so that it is valid and its items are
    /// those [`parse`](crate::parse) gives, and no reader of its body was
    /// refused what it asked for (an item that did not parse, a split
    /// file's text taken already or kept whole).
    ///
    /// # Examples
    ///
    /// ```
    /// let file = hcl_core::__private::LazyFile::scan("a = 1\nb = (2\n", "f.hcl");
    /// assert!(file.map_or(true, |f| !f.check_rest()));
    /// ```
    pub fn check_rest(&self) -> bool {
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
            match self.split {
                None => self.parse_in(i, self.text, &self.file, None).is_some(),
                Some(_) => self
                    .item_source(i)
                    .is_some_and(|source| self.item_in(i, &source).is_some()),
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
        self.checked.get(index)?.store(true, Ordering::Relaxed);
        Some(parsed)
    }
}
