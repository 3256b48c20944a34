//! Editing HCL files in place, keeping their layout: the role of the
//! reference's `hclwrite`.
//!
//! A [`Document`] parses a native-syntax file into a tree that keeps every
//! byte: each attribute and block owns the comments directly above it, its
//! tokens, the comments after it on its line and its line break; blank
//! lines and comments apart are the body's own. Edits (set, remove or add
//! attributes and blocks, relabel a block) change only what they are about
//! and place new content as `hclwrite` places it, at the end of the body;
//! what is printed always parses. [`value_text`] writes a value as the
//! reference's `TokensForValue` does, for the edits that set an attribute
//! to a value.
//!
//! # Examples
//!
//! ```
//! use hcl_core::{edit::Document, Value};
//!
//! let src = "# The web service.\nservice \"web\" {\n  port = 80 # http\n}\n";
//! let mut doc = Document::parse(src, "main.hcl").unwrap();
//! let web = doc.body_mut().first_matching_block_mut("service", &["web"]).unwrap();
//! web.body_mut().set_attribute_value("port", &Value::from(8080)).unwrap();
//! web.body_mut().set_attribute_traversal("image", "var.image").unwrap();
//! assert_eq!(
//!     doc.to_string(),
//!     "# The web service.\nservice \"web\" {\n  port  = 8080 # http\n  image = var.image\n}\n",
//! );
//! ```

mod body;
mod document;
#[cfg(test)]
mod tests;
mod tree;
mod value_text;

pub use document::Document;
pub use tree::{Attribute, Block, Body};
pub use value_text::value_text;
