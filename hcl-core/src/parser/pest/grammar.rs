//! The generated pest parser. `Rule` and the pairs stay private to the
//! parser module.

#![allow(missing_docs)]

#[derive(pest_derive::Parser)]
#[grammar = "parser/pest/hcl.pest"]
pub(super) struct HclParser;
