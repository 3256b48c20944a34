//! A block as the blocks deserializer holds it: parsed, or a top-level
//! block of a file read item by item, known by its scanned header until
//! its body is read.

use std::borrow::Cow;
use std::sync::Arc;

use hcl_core::__private::{LazyFile, LazyItem};
use hcl_core::analysis::Location;
use hcl_core::schema::{Block, Label};
use hcl_core::span::Span;
use hcl_core::SourceFile;

/// A block: parsed, or a top-level block of a [`LazyFile`], parsed when its
/// body is read and dropped after.
#[derive(Clone)]
pub(crate) enum BlockRef<'a> {
    // Boxed: the lazy blocks of a large file are many, and small.
    Parsed(Box<Block<'a>>),
    Lazy(LazyBlock<'a>),
}

/// A top-level block of a [`LazyFile`] before it is parsed.
#[derive(Clone, Copy)]
pub(crate) struct LazyBlock<'a> {
    pub(crate) file: &'a LazyFile<'a>,
    /// Its number among the file's items.
    pub(crate) index: usize,
}

impl<'a> LazyBlock<'a> {
    pub(super) fn item(&self) -> Option<LazyItem<'a, 'a>> {
        self.file.item(self.index)
    }
}

impl<'a> BlockRef<'a> {
    pub(super) fn label_count(&self) -> usize {
        match self {
            BlockRef::Parsed(b) => b.labels.len(),
            BlockRef::Lazy(b) => b.item().map_or(0, |item| item.label_count()),
        }
    }

    pub(super) fn label(&self, index: usize) -> Option<Label<'a>> {
        match self {
            BlockRef::Parsed(b) => b.labels.get(index).cloned(),
            BlockRef::Lazy(b) => {
                let label = b.item()?.label(index)?;
                let value = match label.value {
                    Cow::Borrowed(value) => value,
                    // The scan takes only labels without escapes.
                    Cow::Owned(_) => return None,
                };
                Some(Label {
                    value,
                    span: label.span,
                    file: self.file(),
                })
            }
        }
    }

    pub(super) fn file(&self) -> &'a Arc<SourceFile> {
        match self {
            BlockRef::Parsed(b) => b.file,
            BlockRef::Lazy(b) => b.file.source(),
        }
    }

    /// A span of a lazy block, from its scanned header.
    pub(super) fn lazy_span(
        b: &LazyBlock<'a>,
        span: impl FnOnce(LazyItem<'a, 'a>) -> Span,
    ) -> Span {
        b.item().map_or(Span::empty(0), span)
    }

    pub(super) fn location(&self) -> Location<'a> {
        match self {
            BlockRef::Parsed(b) => b.location(),
            BlockRef::Lazy(b) => Location::new(self.file(), Self::lazy_span(b, |i| i.span())),
        }
    }

    pub(crate) fn def_location(&self) -> Location<'a> {
        match self {
            BlockRef::Parsed(b) => b.def_location(),
            BlockRef::Lazy(b) => Location::new(self.file(), Self::lazy_span(b, |i| i.def_span())),
        }
    }

    pub(super) fn type_location(&self) -> Location<'a> {
        match self {
            BlockRef::Parsed(b) => b.type_location(),
            BlockRef::Lazy(b) => Location::new(self.file(), Self::lazy_span(b, |i| i.name_span())),
        }
    }

    pub(super) fn open_brace_location(&self) -> Location<'a> {
        let span = match self {
            BlockRef::Parsed(b) => b.open_brace_span,
            BlockRef::Lazy(b) => b
                .item()
                .and_then(|item| item.open_brace_span())
                .unwrap_or(Span::empty(0)),
        };
        Location::new(self.file(), span)
    }
}
