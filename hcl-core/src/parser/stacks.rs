//! The stacks the parser builds its lists on.
//!
//! A body's attributes and blocks and a constructor's items are not known
//! in number until the construct ends, and a vector grown one push at a
//! time is copied each time it doubles and left up to twice too large.
//! Each construct pushes its items on the parser's stack of their kind,
//! above those of the constructs around it (which wait while it is read),
//! and takes them off when it ends into a vector of their exact size.

use crate::ast::{Attribute, Block, Expression, ObjectItem};

/// The parser's stacks, one of each kind of list item.
#[derive(Default)]
pub(super) struct Stacks<'src> {
    pub(super) expressions: Vec<Expression<'src>>,
    pub(super) object_items: Vec<ObjectItem<'src>>,
    pub(super) attributes: Vec<Attribute<'src>>,
    pub(super) blocks: Vec<Block<'src>>,
}

/// The items pushed on `stack` since it was `base` long, taken off into a
/// vector of their number.
pub(super) fn take_from<T>(stack: &mut Vec<T>, base: usize) -> Vec<T> {
    if base >= stack.len() {
        return Vec::new();
    }
    stack.drain(base..).collect()
}

#[cfg(test)]
mod tests {
    use super::take_from;

    #[test]
    fn taking_leaves_the_items_below_and_fits_the_vector() {
        let mut stack = vec![1, 2];
        stack.extend([3, 4, 5]);
        let taken = take_from(&mut stack, 2);
        assert_eq!(taken, [3, 4, 5]);
        assert_eq!(taken.capacity(), 3);
        assert_eq!(stack, [1, 2]);
        assert!(take_from(&mut stack, 2).is_empty());
        assert_eq!(take_from(&mut stack, 0), [1, 2]);
    }
}
