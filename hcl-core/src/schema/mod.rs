//! Schema-driven body processing: reading a body's attributes and blocks
//! against a [`BodySchema`] that says which ones the application expects.
//!
//! # Modes
//!
//! A [`Body`] is read in one of three ways:
//!
//! - **exhaustive**, [`Body::content`]: every attribute and block must be
//!   declared by the schema;
//! - **partial**, [`Body::partial_content`]: the schema takes what it
//!   declares and the rest comes back as a new [`Body`], to read again with
//!   another schema (as Terraform reads `count` and `depends_on` first and
//!   leaves the rest of a resource to its provider);
//! - **dynamic attributes**, [`Body::just_attributes`]: any attribute name,
//!   and no blocks (as in Terraform's `locals`).
//!
//! The result is a [`BodyContent`]: attributes by name, each with its
//! expression, and blocks in order, each with its labels and its own
//! [`Body`]. Diagnostics follow the reference implementation's wording and
//! point at the offending item.
//!
//! # Design
//!
//! [`Body`] is one concrete type over an enum of representations rather
//! than a trait object: a native-syntax body (the syntax tree of a file or a
//! block, with its source file), a JSON-syntax body (a value of a JSON
//! file's tree) and a merged body (a list of bodies, flattened). An enum keeps
//! `Body` `Clone`, `Debug` and `PartialEq`, lets a merged body hold any
//! other kind without boxing, and keeps the whole set of syntaxes in view in
//! one `match` per mode; bodies are not meant to be implemented outside
//! this crate, which is what a trait would be for.
//!
//! A body borrows from the parsed files: `Body<'a>` holds references to the
//! syntax tree and to the file's shared [`SourceFile`](crate::SourceFile),
//! and so does everything read from it. Each [`Attribute`], [`Block`] and
//! [`Label`] carries its file, so it gives its [`Range`](crate::Range) and
//! builds a diagnostic through a [`Location`] without the caller tracking
//! which file of a merged body it came from. Attribute values are
//! [`ExprRef`](crate::analysis::ExprRef)s, ready for evaluation or
//! [static analysis](crate::analysis).
//!
//! Partial processing does not copy: the remaining body is the same syntax
//! tree with the names declared so far hidden from later steps.
//!
//! # Examples
//!
//! ```
//! use hcl_core::schema::{Body, BodySchema};
//!
//! let src = r#"
//! service "web" {
//!   port = 8080
//! }
//! "#;
//! let file = hcl_core::parse(src, "app.hcl").unwrap();
//! let top = BodySchema::builder().block("service", &["name"]).build().unwrap();
//! let content = Body::from_file(&file).content(&top).unwrap();
//! let service = &content.blocks[0];
//! assert_eq!(service.labels[0].value, "web");
//!
//! let inner = BodySchema::builder()
//!     .required_attribute("port")
//!     .required_attribute("image")
//!     .build()
//!     .unwrap();
//! let err = service.body.content(&inner).unwrap_err();
//! assert_eq!(
//!     err.to_string(),
//!     "Error: Missing required argument
//!   --> app.hcl:2:15
//!   |
//! 2 | service \"web\" {
//!   |               ^
//!
//! The argument \"image\" is required, but no definition was found.
//! "
//! );
//! ```

mod attributes;
mod body;
mod content;
mod definition;
pub(crate) mod dynamic;
mod json;
pub(crate) mod lazy;
mod merged;
mod native;
mod native_items;
mod owned;

#[cfg(test)]
mod any_labels_tests;
#[cfg(test)]
mod tests;

pub use crate::analysis::Location;
pub use attributes::{missing_argument, Attributes};
pub use body::Body;
pub use content::{Attribute, Block, BodyContent, Label};
pub use definition::{AttributeSchema, BlockHeaderSchema, BodySchema, SchemaBuilder, SchemaError};
pub use native::{unsupported_argument_block, unsupported_block_argument};
pub use owned::OwnedBody;
