//! Editing HCL files in place: the role of the reference's `hclwrite`.
//!
//! [`value_text`] writes a value as the reference's `TokensForValue` does,
//! for the edits that set an attribute to a value.

mod value_text;

pub use value_text::value_text;
