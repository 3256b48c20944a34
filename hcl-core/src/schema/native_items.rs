//! Where a native-syntax body's items come from: a syntax tree's lists, or
//! the scan of a file read item by item. Schema processing (`native.rs`)
//! is written once over [`ItemSource`], and compiled for each source, so
//! that a tree's items cost no more than its lists.

use std::sync::Arc;

use super::content::{Attribute, Block};
use crate::ast;
use crate::parser::{LazyFile, LazyItem};
use crate::span::{SourceFile, Span};

/// An item before it is made a schema [`Attribute`] or [`Block`]: its name
/// (the block's type) is all that matching it to a schema needs.
pub(super) trait Named<'a>: Copy {
    fn name(&self) -> &'a str;
    fn name_span(&self) -> Span;
}

impl<'a> Named<'a> for &'a ast::Attribute<'a> {
    fn name(&self) -> &'a str {
        self.name
    }

    fn name_span(&self) -> Span {
        self.name_span
    }
}

impl<'a> Named<'a> for &'a ast::Block<'a> {
    fn name(&self) -> &'a str {
        self.block_type
    }

    fn name_span(&self) -> Span {
        self.type_span
    }
}

/// A top-level item of a file read item by item, as scanned.
#[derive(Clone, Copy)]
pub(super) struct Scanned<'a> {
    item: LazyItem<'a, 'a>,
    index: u32,
}

impl<'a> Named<'a> for Scanned<'a> {
    fn name(&self) -> &'a str {
        self.item.name()
    }

    fn name_span(&self) -> Span {
        self.item.name_span()
    }
}

/// The attributes and blocks of a body, in source order.
pub(super) trait ItemSource<'a>: Copy {
    type Attr: Named<'a>;
    type Block: Named<'a>;

    fn attributes(self) -> impl Iterator<Item = Self::Attr> + 'a;

    fn blocks(self) -> impl Iterator<Item = Self::Block> + 'a;

    /// The schema attribute of `attr`, of `file`: `None` for an item of a
    /// file read item by item that does not parse as scanned (which gives
    /// the file's reading up).
    fn attribute(self, attr: Self::Attr, file: &'a Arc<SourceFile>) -> Option<Attribute<'a>>;

    /// The schema block of `block` (as [`ItemSource::attribute`]).
    fn block(self, block: Self::Block, file: &'a Arc<SourceFile>) -> Option<Block<'a>>;
}

impl<'a> ItemSource<'a> for &'a ast::Body<'a> {
    type Attr = &'a ast::Attribute<'a>;
    type Block = &'a ast::Block<'a>;

    fn attributes(self) -> impl Iterator<Item = Self::Attr> + 'a {
        self.attributes.iter()
    }

    fn blocks(self) -> impl Iterator<Item = Self::Block> + 'a {
        self.blocks.iter()
    }

    fn attribute(self, attr: Self::Attr, file: &'a Arc<SourceFile>) -> Option<Attribute<'a>> {
        Some(Attribute::native(attr, file))
    }

    fn block(self, block: Self::Block, file: &'a Arc<SourceFile>) -> Option<Block<'a>> {
        Some(Block::native(block, file))
    }
}

/// The top level of a file read item by item: each attribute parsed when
/// made a schema attribute (and kept by the file), each block made from
/// its scanned header, with a body parsed when read.
#[derive(Clone, Copy)]
pub(super) struct LazySource<'a>(pub(super) &'a LazyFile<'a>);

impl<'a> LazySource<'a> {
    /// The items that are blocks (`blocks`) or attributes.
    fn scanned(self, blocks: bool) -> impl Iterator<Item = Scanned<'a>> + 'a {
        let file = self.0;
        (0..file.len() as u32).filter_map(move |index| {
            let item = file.item(index as usize)?;
            (item.is_block() == blocks).then_some(Scanned { item, index })
        })
    }
}

impl<'a> ItemSource<'a> for LazySource<'a> {
    type Attr = Scanned<'a>;
    type Block = Scanned<'a>;

    fn attributes(self) -> impl Iterator<Item = Self::Attr> + 'a {
        self.scanned(false)
    }

    fn blocks(self) -> impl Iterator<Item = Self::Block> + 'a {
        self.scanned(true)
    }

    fn attribute(self, attr: Self::Attr, _file: &'a Arc<SourceFile>) -> Option<Attribute<'a>> {
        let (attr, source) = self.0.kept_attribute(attr.index as usize)?;
        Some(Attribute::native(attr, source))
    }

    fn block(self, block: Self::Block, _file: &'a Arc<SourceFile>) -> Option<Block<'a>> {
        let made = Block::lazy(self.0, block.index);
        if made.is_none() {
            self.0.give_up();
        }
        made
    }
}
