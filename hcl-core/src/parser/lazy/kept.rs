//! The trees of a [`LazyFile`]'s items for readers that borrow them for as
//! long as the file: the attributes and blocks that schema processing of
//! the file's body hands out. A reader that wants a block's tree only for a
//! while parses it with [`LazyFile::block`] instead, and drops it.

use std::sync::{Arc, OnceLock};

use super::LazyFile;
use crate::ast::Attribute;
use crate::parser::Item;
use crate::span::SourceFile;
use crate::syntax_tree::{Root, SyntaxTree};

/// A slot filled once: with the item's tree, or `None` when it did not
/// parse as scanned.
type Slot = OnceLock<Option<Arc<SyntaxTree>>>;

/// Each slot is filled at most once; none is allocated until asked for.
/// The trees own (a share of) their text, so that the file's type does not
/// depend on the lifetime of its text more than a borrow does.
#[derive(Debug, Default)]
pub(super) struct Kept {
    /// The top-level attributes' trees, by item number, in order.
    attributes: OnceLock<Box<[(u32, Slot)]>>,
    /// A tree for each item (blocks' only).
    blocks: OnceLock<Box<[Slot]>>,
}

impl<'src> LazyFile<'src> {
    /// Top-level attribute `index`, parsed on the first call and kept,
    /// with the source its spans are in. `None` when it is not an
    /// attribute or does not parse as scanned, which gives the reading up
    /// (see [`LazyFile::check_rest`]).
    pub(crate) fn kept_attribute(
        &self,
        index: usize,
    ) -> Option<(&Attribute<'_>, &Arc<SourceFile>)> {
        let slots = self.kept.attributes.get_or_init(|| {
            self.items()
                .enumerate()
                .filter(|(_, item)| !item.is_block())
                .map(|(i, _)| (i as u32, OnceLock::new()))
                .collect()
        });
        let found = slots
            .binary_search_by_key(&index, |(i, _)| *i as usize)
            .ok()
            .and_then(|at| slots.get(at))
            .and_then(|(_, slot)| slot.get_or_init(|| self.item_tree(index)).as_ref());
        let kept = found.and_then(|tree| match tree.root() {
            Root::Attribute(attribute) => Some((attribute, tree.source())),
            _ => None,
        });
        if kept.is_none() {
            self.give_up();
        }
        kept
    }

    /// The tree of top-level block `index`, parsed on the first call and
    /// kept. `None` when it does not parse as scanned, which gives the
    /// reading up.
    pub(crate) fn kept_block(&self, index: usize) -> Option<&Arc<SyntaxTree>> {
        let slots = self
            .kept
            .blocks
            .get_or_init(|| self.items().map(|_| OnceLock::new()).collect());
        let Some(slot) = slots.get(index) else {
            self.give_up();
            return None;
        };
        slot.get_or_init(|| self.item_tree(index)).as_ref()
    }

    /// How many trees of top-level blocks the file keeps: those read
    /// through their bodies' own methods rather than
    /// [`Body::read_once`](crate::Body::read_once). For tests of
    /// readers that should keep none.
    pub(crate) fn kept_blocks(&self) -> usize {
        self.kept.blocks.get().map_or(0, |slots| {
            slots.iter().filter(|slot| slot.get().is_some()).count()
        })
    }

    /// The tree of top-level block `index` if it is kept.
    pub(crate) fn kept_block_if_any(&self, index: usize) -> Option<&Arc<SyntaxTree>> {
        self.kept.blocks.get()?.get(index)?.get()?.as_ref()
    }

    /// Parses top-level item `index` into a tree of its own, which shares
    /// the file's source. `None` when it does not parse as scanned, which
    /// gives the reading up.
    fn item_tree(&self, index: usize) -> Option<Arc<SyntaxTree>> {
        let tree = SyntaxTree::build(Arc::clone(self.source()), |file| {
            match self.parse_in(index, file.text(), file) {
                Some(Item::Attribute(attribute)) => Ok(Root::Attribute(attribute)),
                Some(Item::Block(block)) => Ok(Root::Block(block)),
                None => Err(()),
            }
        })
        .ok();
        if tree.is_none() {
            self.give_up();
        }
        tree
    }

    /// Marks the file as not read item by item: [`LazyFile::check_rest`]
    /// then says so, and the caller reads the whole file.
    pub(crate) fn give_up(&self) {
        self.gave_up
            .store(true, std::sync::atomic::Ordering::Relaxed);
    }
}
