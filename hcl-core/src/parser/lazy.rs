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
//! items are the ones [`parse`](crate::parse) finds. Anything the scan or
//! the direct parser does not handle (a syntax error, an escape in a label,
//! an item only pest parses) makes the lazy reading give up, and the caller
//! parses the whole file instead.

use std::borrow::Cow;
use std::cell::Cell;
use std::collections::HashSet;
use std::sync::Arc;

use super::{check_size, fast, BYTE_ORDER_MARK};
use crate::ast::{Attribute, Block, Label};
use crate::limits::Limits;
use crate::span::{SourceFile, Span};

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
/// more memory than the text.
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
    text: &'src str,
    file: Arc<SourceFile>,
    items: Vec<Header>,
    /// The labels of all blocks, each block's in a run.
    labels: Vec<Span>,
    /// Whether each item has been parsed and found as scanned.
    checked: Vec<Cell<bool>>,
    limits: Limits,
}

/// What the scan read of a top-level item.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Header {
    name_span: Span,
    /// For blocks: the opening and closing braces.
    braces: Option<(Span, Span)>,
    /// The run of `LazyFile::labels` that are this block's.
    first_label: u32,
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
        self.header.braces.is_some()
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
        let span = *self
            .file
            .labels
            .get(self.header.first_label as usize + index)?;
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
        self.header.braces.map(|(open, _)| open)
    }

    /// A block's closing brace.
    pub fn close_brace_span(&self) -> Option<Span> {
        self.header.braces.map(|(_, close)| close)
    }

    /// A block from its type to its closing brace; an attribute's name.
    pub fn span(&self) -> Span {
        match self.header.braces {
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
        let limits = Limits::default();
        check_size(text, &file, &limits).ok()?;
        if limits.max_nesting_depth < fast::MAX_DEPTH {
            return None;
        }
        let start = if text.starts_with(BYTE_ORDER_MARK) {
            BYTE_ORDER_MARK.len()
        } else {
            0
        };
        let (items, labels) = scan_items(text, start)?;
        let mut names = HashSet::new();
        for item in &items {
            let name = text.get(item.name_span.start as usize..item.name_span.end as usize)?;
            if item.braces.is_none() && !names.insert(name) {
                return None;
            }
        }
        let checked = items.iter().map(|_| Cell::new(false)).collect();
        Some(LazyFile {
            text,
            file,
            items,
            labels,
            checked,
            limits,
        })
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
        match self.parse(index)? {
            fast::Item::Attribute(attr) => Some(attr),
            fast::Item::Block(_) => None,
        }
    }

    /// Parses item `index`, a block. `None` when it is not one, or does not
    /// parse as scanned.
    ///
    /// # Examples
    ///
    /// See [`LazyFile`].
    pub fn block(&self, index: usize) -> Option<Block<'src>> {
        match self.parse(index)? {
            fast::Item::Block(block) => Some(block),
            fast::Item::Attribute(_) => None,
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
        (0..self.items.len())
            .all(|i| self.checked.get(i).is_some_and(Cell::get) || self.parse(i).is_some())
    }

    fn parse(&self, index: usize) -> Option<fast::Item<'src>> {
        let item = self.item(index)?;
        let header = item.header;
        let start = header.start as usize;
        let (parsed, end) = fast::item(self.text, start, &self.file, &self.limits)?;
        let next = end + fast::gap(self.text, end)?;
        if next != header.next as usize {
            return None;
        }
        let matches = match (&parsed, header.braces) {
            (fast::Item::Attribute(attr), None) => attr.name_span == header.name_span,
            (fast::Item::Block(block), Some((open, close))) => {
                block.type_span == header.name_span
                    && block.open_brace_span == open
                    && block.close_brace_span == close
                    && block.labels.len() == item.label_count()
                    && block.labels.iter().zip(item.labels()).all(|(a, b)| *a == b)
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

/// The headers of the items from `start` on, and the labels of the
/// blocks; or `None` where the scan cannot follow the text.
fn scan_items(text: &str, start: usize) -> Option<(Vec<Header>, Vec<Span>)> {
    let bytes = text.as_bytes();
    let mut items = Vec::new();
    let mut labels = Vec::new();
    let mut pos = start + fast::gap(text, start)?;
    while pos < bytes.len() {
        let item_start = pos;
        let mut i = skip_blanks(bytes, pos);
        let name_start = i;
        if !bytes.get(i).copied().is_some_and(fast::is_ident_start) {
            return None;
        }
        while bytes.get(i).copied().is_some_and(fast::is_ident_continue) {
            i += 1;
        }
        let name_span = span(name_start, i);
        i = skip_blanks(bytes, i);
        let first_label = labels.len();
        let (braces, line_end) = if bytes.get(i) == Some(&b'=') && bytes.get(i + 1) != Some(&b'=') {
            (None, skip_code(bytes, i + 1, Vec::new())?)
        } else {
            let (open, close) = block_header(bytes, i, &mut labels)?;
            (
                Some((span(open, open + 1), span(close, close + 1))),
                line_end(bytes, close + 1)?,
            )
        };
        // Past the line break, then the blank lines and comments.
        let after_line = (line_end + 1).min(bytes.len());
        pos = after_line + fast::gap(text, after_line)?;
        items.push(Header {
            name_span,
            braces,
            first_label: u32::try_from(first_label).ok()?,
            label_count: u32::try_from(labels.len() - first_label).ok()?,
            start: item_start as u32,
            next: pos as u32,
        });
    }
    items.shrink_to_fit();
    labels.shrink_to_fit();
    Some((items, labels))
}

fn span(start: usize, end: usize) -> Span {
    Span::new(start as u32, end as u32)
}

fn skip_blanks(bytes: &[u8], mut i: usize) -> usize {
    while matches!(bytes.get(i), Some(b' ' | b'\t')) {
        i += 1;
    }
    i
}

/// From just past a block's type: its labels, added to `labels`, and the
/// offsets of its opening and closing braces.
fn block_header(bytes: &[u8], mut i: usize, labels: &mut Vec<Span>) -> Option<(usize, usize)> {
    loop {
        i = skip_blanks(bytes, i);
        match *bytes.get(i)? {
            b'"' => {
                let start = i;
                i += 1;
                loop {
                    match *bytes.get(i)? {
                        b'"' => break,
                        // Escapes and template sequences: left to the parser.
                        b'\\' | b'\n' | b'\r' => return None,
                        b'$' | b'%' if bytes.get(i + 1) == Some(&b'{') => return None,
                        _ => i += 1,
                    }
                }
                i += 1;
                labels.push(span(start, i));
            }
            b if fast::is_ident_start(b) => {
                let start = i;
                while bytes.get(i).copied().is_some_and(fast::is_ident_continue) {
                    i += 1;
                }
                labels.push(span(start, i));
            }
            b'{' => break,
            _ => return None,
        }
    }
    let open = i;
    let close = skip_code(bytes, open + 1, vec![Frame::Open(b'}')])?;
    Some((open, close))
}

/// The offset of the line break that ends the line at `i`, or of the end
/// of the text; only blanks and a line comment may come before it.
fn line_end(bytes: &[u8], i: usize) -> Option<usize> {
    let i = skip_blanks(bytes, i);
    match bytes.get(i) {
        None | Some(b'\n') => Some(i),
        Some(b'\r') if bytes.get(i + 1) == Some(&b'\n') => Some(i + 1),
        Some(b'#') => Some(to_line_break(bytes, i)),
        Some(b'/') if bytes.get(i + 1) == Some(&b'/') => Some(to_line_break(bytes, i)),
        _ => None,
    }
}

fn to_line_break(bytes: &[u8], from: usize) -> usize {
    bytes
        .get(from..)
        .and_then(|rest| rest.iter().position(|&b| b == b'\n'))
        .map_or(bytes.len(), |p| from + p)
}

/// What the scan is inside of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Frame<'a> {
    /// A bracket, brace or template sequence, with the byte that closes it.
    Open(u8),
    /// A quoted template.
    Quote,
    /// A heredoc, with its closing marker.
    Heredoc(&'a [u8]),
}

/// Skips code from `i` with `stack` open: with an empty stack, up to the
/// line break that ends the expression (or the end of the text), which is
/// returned; otherwise up to the byte that closes the outermost frame,
/// whose offset is returned.
fn skip_code<'a>(bytes: &'a [u8], mut i: usize, mut stack: Vec<Frame<'a>>) -> Option<usize> {
    let to_close = !stack.is_empty();
    let mut line_start = false;
    loop {
        // Most bytes mean nothing to the scan: pass over them in a tight
        // loop, not one turn of this one each.
        i = match stack.last() {
            None | Some(Frame::Open(_)) => skip_while(bytes, i, |b| {
                !matches!(
                    b,
                    b'\n' | b'"' | b'#' | b'/' | b'<' | b'(' | b'[' | b'{' | b')' | b']' | b'}'
                )
            }),
            Some(Frame::Quote) => skip_while(bytes, i, |b| {
                !matches!(b, b'\\' | b'"' | b'\n' | b'\r' | b'$' | b'%')
            }),
            Some(Frame::Heredoc(_)) => i,
        };
        let Some(&c) = bytes.get(i) else {
            return stack.is_empty().then_some(i);
        };
        let next = bytes.get(i + 1).copied();
        match stack.last().copied() {
            Some(Frame::Quote) => match c {
                b'\\' => i += 2,
                b'"' => {
                    stack.pop();
                    i += 1;
                }
                b'\n' | b'\r' => return None,
                b'$' | b'%' if next == Some(c) && bytes.get(i + 2) == Some(&b'{') => i += 3,
                b'$' | b'%' if next == Some(b'{') => {
                    stack.push(Frame::Open(b'}'));
                    i += 2;
                }
                _ => i += 1,
            },
            Some(Frame::Heredoc(marker)) => {
                if line_start {
                    line_start = false;
                    let j = skip_blanks(bytes, i);
                    if bytes.get(j..j + marker.len()) == Some(marker) {
                        let k = j + marker.len();
                        let ends = match bytes.get(k) {
                            None | Some(b'\n') => true,
                            Some(b'\r') => bytes.get(k + 1) == Some(&b'\n'),
                            _ => false,
                        };
                        if ends {
                            stack.pop();
                            i = k;
                            continue;
                        }
                    }
                }
                match c {
                    b'\n' => {
                        line_start = true;
                        i += 1;
                    }
                    b'$' | b'%' if next == Some(c) && bytes.get(i + 2) == Some(&b'{') => i += 3,
                    b'$' | b'%' if next == Some(b'{') => {
                        stack.push(Frame::Open(b'}'));
                        i += 2;
                    }
                    _ => i += 1,
                }
            }
            top => {
                match c {
                    b'\n' if top.is_none() => return Some(i),
                    b'"' => stack.push(Frame::Quote),
                    b'#' => {
                        i = to_line_break(bytes, i);
                        continue;
                    }
                    b'/' if next == Some(b'/') => {
                        i = to_line_break(bytes, i);
                        continue;
                    }
                    b'/' if next == Some(b'*') => {
                        let rest = bytes.get(i + 2..)?;
                        let end = rest.windows(2).position(|w| w == b"*/")?;
                        i += 2 + end + 2;
                        continue;
                    }
                    b'<' if next == Some(b'<') => {
                        if let Some((marker, after)) = heredoc_opener(bytes, i + 2) {
                            stack.push(Frame::Heredoc(marker));
                            i = after;
                            line_start = true;
                            continue;
                        }
                    }
                    b'(' => stack.push(Frame::Open(b')')),
                    b'[' => stack.push(Frame::Open(b']')),
                    b'{' => stack.push(Frame::Open(b'}')),
                    b')' | b']' | b'}' => {
                        if stack.pop() != Some(Frame::Open(c)) {
                            return None;
                        }
                        if to_close && stack.is_empty() {
                            return Some(i);
                        }
                    }
                    _ => {}
                }
                i += 1;
            }
        }
    }
}

/// The offset of the first byte from `i` on that `plain` does not accept,
/// or the end of the text.
fn skip_while(bytes: &[u8], i: usize, plain: impl Fn(u8) -> bool) -> usize {
    bytes
        .get(i..)
        .and_then(|rest| rest.iter().position(|&b| !plain(b)))
        .map_or(bytes.len().max(i), |n| i + n)
}

/// At the text after `<<`: a heredoc's closing marker and the offset just
/// past the opener's line break.
fn heredoc_opener(bytes: &[u8], mut i: usize) -> Option<(&[u8], usize)> {
    if bytes.get(i) == Some(&b'-') {
        i += 1;
    }
    let start = i;
    if !bytes.get(i).copied().is_some_and(fast::is_ident_start) {
        return None;
    }
    while bytes.get(i).copied().is_some_and(fast::is_ident_continue) {
        i += 1;
    }
    let marker = bytes.get(start..i)?;
    match bytes.get(i) {
        Some(b'\n') => Some((marker, i + 1)),
        Some(b'\r') if bytes.get(i + 1) == Some(&b'\n') => Some((marker, i + 2)),
        _ => None,
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
