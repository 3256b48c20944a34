//! Where the parts of an attribute's value were written.
//!
//! Evaluation gives a [`Value`], which knows nothing of the source: its
//! object attributes are sorted by name, and its elements have no ranges.
//! A [`Shape`] is taken from the expression beside the value, for the parts
//! that tuple and object constructors built: each element's and each
//! attribute's location, and the order in which an object's attributes
//! were written. Decoding reads the value with its shape, so that an error
//! in an element points at the element, `Spanned<T>` of an element has the
//! element's range, and an order-preserving map (`IndexMap`,
//! `serde_json::Map` with `preserve_order`) gets the keys in source order.
//!
//! A shape holds locations only, not the syntax tree, so it outlives a
//! tree that is dropped as soon as its values are taken.

use hcl_core::analysis::{Constructor, ExprRef, Location};
use hcl_core::value::ValueKind;
use hcl_core::{SourceFile, Value};
use std::sync::Arc;

/// Where a value and its parts were written.
#[derive(Debug, Clone)]
pub(crate) struct Shape<'a> {
    /// The expression the value came from.
    pub(crate) at: Location<'a>,
    parts: Parts<'a>,
}

#[derive(Debug, Clone)]
enum Parts<'a> {
    /// Not built by a constructor whose parts match the value's.
    Whole,
    /// A tuple constructor's elements, one for each of the value's.
    Elements(Box<[Shape<'a>]>),
    /// An object constructor's attributes, in source order: the number of
    /// the value's (sorted) entry each wrote, with its shape.
    Entries(Box<[(usize, Shape<'a>)]>),
}

impl<'a> Shape<'a> {
    /// The shape of `value`, the result of `expr`, written in `file`.
    pub(crate) fn of(file: &'a Arc<SourceFile>, expr: &ExprRef<'_>, value: &Value) -> Shape<'a> {
        let at = Location::new(file, expr.span());
        let parts = match value.kind() {
            ValueKind::Tuple(elements) | ValueKind::List(elements) => {
                Self::elements(file, expr, elements).map_or(Parts::Whole, Parts::Elements)
            }
            ValueKind::Object(entries) | ValueKind::Map(entries) => {
                Self::entries(file, expr, entries).map_or(Parts::Whole, Parts::Entries)
            }
            _ => Parts::Whole,
        };
        Shape { at, parts }
    }

    fn elements(
        file: &'a Arc<SourceFile>,
        expr: &ExprRef<'_>,
        elements: &[Value],
    ) -> Option<Box<[Shape<'a>]>> {
        if expr.constructor() != Some(Constructor::Tuple) {
            return None;
        }
        let exprs = expr.elements()?;
        if exprs.len() != elements.len() {
            return None;
        }
        Some(
            exprs
                .zip(elements)
                .map(|(e, v)| Shape::of(file, &e, v))
                .collect(),
        )
    }

    fn entries(
        file: &'a Arc<SourceFile>,
        expr: &ExprRef<'_>,
        entries: &[(String, Value)],
    ) -> Option<Box<[(usize, Shape<'a>)]>> {
        if expr.constructor() != Some(Constructor::Object) {
            return None;
        }
        let pairs = expr.pairs()?;
        let mut taken = vec![false; entries.len()];
        let mut order = Vec::with_capacity(pairs.len());
        for pair in pairs {
            // A quoted key first: a JSON key is one, and reading it as a
            // keyword would parse it as a traversal.
            let key = pair
                .key
                .as_string_literal()
                .map(|k| k.as_ref())
                .or_else(|| pair.key.as_keyword());
            let Some(key) = key else {
                continue;
            };
            let Ok(i) = entries.binary_search_by(|(k, _)| k.as_str().cmp(key)) else {
                continue;
            };
            let (Some(seen), Some((_, value))) = (taken.get_mut(i), entries.get(i)) else {
                continue;
            };
            // A key written twice: its later definition is the value's.
            if *seen {
                if let Some(slot) = order.iter_mut().find(|(j, _)| *j == i) {
                    slot.1 = Shape::of(file, &pair.value, value);
                }
                continue;
            }
            *seen = true;
            order.push((i, Shape::of(file, &pair.value, value)));
        }
        Some(order.into_boxed_slice())
    }

    /// The shape of element `index`, when a constructor wrote it.
    pub(crate) fn element(&self, index: usize) -> Option<&Shape<'a>> {
        match &self.parts {
            Parts::Elements(elements) => elements.get(index),
            _ => None,
        }
    }

    /// The order in which to read the value's `len` entries when an object
    /// constructor wrote it: those it wrote, in source order, with their
    /// shapes, then the others (computed keys), sorted. `None` for a value
    /// no constructor wrote, read in its own (sorted) order.
    pub(crate) fn entry_order(&self, len: usize) -> Option<Vec<(usize, Option<&Shape<'a>>)>> {
        let Parts::Entries(written) = &self.parts else {
            return None;
        };
        let mut listed = vec![false; len];
        let mut order: Vec<(usize, Option<&Shape<'a>>)> = Vec::with_capacity(len);
        for (i, shape) in written.iter() {
            if let Some(seen) = listed.get_mut(*i) {
                *seen = true;
                order.push((*i, Some(shape)));
            }
        }
        order.extend(
            listed
                .iter()
                .enumerate()
                .filter(|(_, seen)| !**seen)
                .map(|(i, _)| (i, None)),
        );
        Some(order)
    }
}
