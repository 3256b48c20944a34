//! Deserialize HCL configuration files into Rust types with serde.
//!
//! A `#[derive(Deserialize)]` struct is the schema: each field matches an
//! attribute or a block of the same name (serde renames respected).
//! Attribute expressions are evaluated (with the standard library, and the
//! variables and functions of an [`EvalContext`](hcl_core::EvalContext)
//! given to [`from_str_with`]) and converted to the field's type. For
//! blocks, the field's type decides how many it takes:
//!
//! | field type               | blocks of that type                          |
//! |--------------------------|----------------------------------------------|
//! | a struct                 | exactly one                                  |
//! | `Option<T>`              | zero or one                                  |
//! | `Vec<T>`                 | all of them (add `#[serde(default)]` for none) |
//! | `HashMap<String, T>`     | keyed by their first label; nest for more    |
//!
//! Attributes and blocks the struct does not name are errors, with the
//! diagnostics of the reference implementation ("Unsupported argument",
//! "Did you mean ...?"), and every error carries the source range of what
//! it is about.
//!
//! # Examples
//!
//! ```
//! use std::collections::HashMap;
//! use serde::Deserialize;
//!
//! #[derive(Deserialize, Debug)]
//! struct Config {
//!     region: String,
//!     resource: HashMap<String, HashMap<String, Resource>>,
//! }
//!
//! #[derive(Deserialize, Debug)]
//! struct Resource {
//!     ami: String,
//!     count: Option<u32>,
//!     #[serde(default)]
//!     tags: HashMap<String, String>,
//! }
//!
//! let src = r#"
//! region = "eu-west-1"
//! resource "aws_instance" "web" {
//!   ami   = "ami-123"
//!   count = 2
//! }
//! "#;
//! let config: Config = hcl_serde::from_str(src).unwrap();
//! assert_eq!(config.resource["aws_instance"]["web"].count, Some(2));
//!
//! let err = hcl_serde::from_str::<Config>("region = \"x\"\nresource \"a\" \"b\" {\n  amy = 1\n}\n")
//!     .unwrap_err();
//! assert_eq!(
//!     err.to_string(),
//!     r#"Error: Unsupported argument
//!   --> <input>:3:3
//!   |
//! 3 |   amy = 1
//!   |   ^^^
//!
//! An argument named "amy" is not expected here. Did you mean "ami"?
//! "#
//! );
//! ```
//!
//! A field absent from the document is `None` when it is an `Option`, its
//! default with `#[serde(default)]`, and otherwise "Missing required
//! argument" at the end of the enclosing block.
//!
//! Schema-less targets such as `serde_json::Value` or maps take everything:
//! attributes by name, blocks by type and then by label.
//!
//! Each body level is checked as a whole before serde sees it, so every
//! unsupported argument or block and every evaluation error of one level
//! is reported together; past that, serde stops at the first error.
//!
//! [`from_value`] and [`to_value`] convert between Rust types and
//! evaluated [`Value`](hcl_core::Value)s, and [`AnyValue`] keeps a value as
//! it is.

#![forbid(unsafe_code)]

mod de;
mod error;
mod value;

pub use de::{from_body, from_file, from_reader, from_slice, from_str, from_str_with};
pub use error::{Error, Result};
pub use value::{from_value, to_value, AnyValue};
