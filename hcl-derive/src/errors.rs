//! The errors `#[hcl]` finds, gathered to be reported together, in the
//! order of what they concern: the struct, then each field, then the
//! fields taken together.

use std::fmt::Display;

use proc_macro2::Span;

/// What part of reading a field an error concerns: a field's errors are
/// reported in this order.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Stage {
    /// Its `#[hcl(...)]` options, alone or with its serde attributes.
    Options,
    /// Its place among the other fields.
    Place,
    /// Its type.
    Type,
    /// Its names, beside those of the other fields.
    Names,
}

/// What an error concerns, which decides where it is reported.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Concern {
    /// The attribute or the struct as a whole: reported first.
    Struct,
    /// The field at this position among the struct's fields.
    Field(usize, Stage),
    /// The fields taken together: reported last.
    Fields,
}

/// Errors gathered while reading the struct, reported together.
#[derive(Default)]
pub(crate) struct Errors(Vec<(Concern, syn::Error)>);

impl Errors {
    pub(crate) fn push(&mut self, concern: Concern, error: syn::Error) {
        self.0.push((concern, error));
    }

    pub(crate) fn at(&mut self, concern: Concern, span: Span, message: impl Display) {
        self.push(concern, syn::Error::new(span, message));
    }

    /// All the errors as one, ordered by what they concern and, for the
    /// same concern, as they were found; `None` when there are none.
    pub(crate) fn combined(self) -> Option<syn::Error> {
        let mut found = self.0;
        found.sort_by_key(|(concern, _)| *concern);
        found
            .into_iter()
            .map(|(_, error)| error)
            .reduce(|mut all, error| {
                all.combine(error);
                all
            })
    }
}
