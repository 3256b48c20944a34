//! The JSON syntax of HCL: a JSON document read into a tree that keeps the
//! span of every value and property name, for the JSON implementations of
//! [`Body`](crate::Body) and [`ExprRef`](crate::ExprRef).
//!
//! The parser is the reference's in its behaviour: the same diagnostics
//! for invalid JSON, at the same places, with the same recovery after
//! each; positions follow the JSON syntax's column rule
//! ([`SourceFile::new_json`](crate::SourceFile::new_json)). Numbers are kept as their source text, to be
//! read exactly when evaluated; strings borrow from the source unless they
//! have escapes; a repeated property name is kept, in order. Nesting is
//! bounded by [`Limits::max_nesting_depth`](crate::Limits::max_nesting_depth).

mod file;
mod parser;
mod public;
mod scanner;
pub(crate) mod strings;
mod tree;

#[cfg(test)]
mod tests;

pub use file::{
    parse_config, parse_expression_json, parse_json, parse_json_with, ConfigFile, JsonExpression,
    JsonFile, Syntax,
};
pub(crate) use file::{parse_json_in, reparse_json};
pub use public::{json_tokens, JsonTokenClass, JsonTokens};
pub(crate) use tree::{Node, NodeKind, NodeRef, Property, Tree};
