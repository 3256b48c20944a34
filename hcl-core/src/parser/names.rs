//! Finding a repeated attribute name in a body, in time linear in the
//! body's size.

use std::collections::HashMap;

use crate::ast::Attribute;

/// The attribute names of one body so far.
///
/// A small body is searched in place; from [`INDEXED_FROM`] attributes on,
/// names are kept in a map, so that a body of `n` attributes is checked in
/// `O(n)`, not `O(n²)`.
#[derive(Debug, Default)]
pub(super) struct AttributeNames<'src> {
    /// Each name and the index of its attribute, once the body is large.
    index: Option<HashMap<&'src str, usize>>,
}

/// The number of attributes from which names are looked up in a map.
const INDEXED_FROM: usize = 16;

impl<'src> AttributeNames<'src> {
    /// The index in `attributes` (the body's attributes so far, all seen by
    /// this) of the attribute named `name`, or `None` when the name is new;
    /// a new name is recorded as that of the attribute about to be pushed.
    pub(super) fn find_or_add(
        &mut self,
        attributes: &[Attribute<'src>],
        name: &'src str,
    ) -> Option<usize> {
        if self.index.is_none() {
            if attributes.len() < INDEXED_FROM {
                return attributes.iter().position(|a| a.name == name);
            }
            let index = attributes
                .iter()
                .enumerate()
                .map(|(i, a)| (a.name, i))
                .collect();
            self.index = Some(index);
        }
        let index = self.index.as_mut()?;
        match index.get(name) {
            Some(&at) => Some(at),
            None => {
                index.insert(name, attributes.len());
                None
            }
        }
    }
}
