//! The errors `#[hcl]` finds, gathered to be reported together: the
//! struct's, then each field's, then those of the fields taken together,
//! in the order they are found.

use std::fmt::Display;

use proc_macro2::Span;

/// Errors gathered while reading the struct, reported together.
#[derive(Default)]
pub(crate) struct Errors(Option<syn::Error>);

impl Errors {
    pub(crate) fn push(&mut self, error: syn::Error) {
        match &mut self.0 {
            Some(all) => all.combine(error),
            None => self.0 = Some(error),
        }
    }

    pub(crate) fn at(&mut self, span: Span, message: impl Display) {
        self.push(syn::Error::new(span, message));
    }

    /// All the errors as one; `None` when there are none.
    pub(crate) fn combined(self) -> Option<syn::Error> {
        self.0
    }
}
