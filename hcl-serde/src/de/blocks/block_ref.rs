//! A block as the blocks deserializer holds it.

use hcl_core::analysis::Location;
use hcl_core::schema::{Block, Label};

/// A block, boxed: a file's blocks are many, and those not read yet are
/// held in lists whose space is freed only when the last is read, while
/// each box is freed as its block is read.
#[derive(Clone)]
pub(crate) struct BlockRef<'a>(pub(crate) Box<Block<'a>>);

impl<'a> BlockRef<'a> {
    pub(crate) fn new(block: Block<'a>) -> Self {
        BlockRef(Box::new(block))
    }

    pub(super) fn label_count(&self) -> usize {
        self.0.labels.len()
    }

    pub(super) fn label(&self, index: usize) -> Option<Label<'a>> {
        self.0.labels.get(index).cloned()
    }

    pub(super) fn location(&self) -> Location<'a> {
        self.0.location()
    }

    pub(crate) fn def_location(&self) -> Location<'a> {
        self.0.def_location()
    }

    pub(super) fn type_location(&self) -> Location<'a> {
        self.0.type_location()
    }

    pub(super) fn open_brace_location(&self) -> Location<'a> {
        Location::new(self.0.file, self.0.open_brace_span)
    }
}
