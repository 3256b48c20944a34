//! Deserialize HCL configuration files into Rust types with serde, and write
//! Rust values back as HCL.
//!
//! A `#[derive(Deserialize)]` struct is the schema: each field matches an
//! attribute or a block of the same name (serde renames respected).
//! Attribute expressions are evaluated (with the standard library, and the
//! variables and functions of an [`EvalContext`]
//! given to [`from_str_with`]) and converted to the field's type. For
//! blocks, the field's type decides how many it takes:
//!
//! | field type               | blocks of that type                          |
//! |--------------------------|----------------------------------------------|
//! | a struct                 | exactly one                                  |
//! | `Option<T>`              | zero or one                                  |
//! | `Vec<T>`                 | all of them (add `#[serde(default)]` for none) |
//! | `HashMap<String, T>`     | keyed by their first label; nest for more (one block without labels: its body as a map) |
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
//!     r#"Error: Missing required argument
//!   --> <input>:2:18
//!   |
//! 2 | resource "a" "b" {
//!   |                  ^
//!
//! The argument "ami" is required, but no definition was found.
//!
//! Error: Unsupported argument
//!   --> <input>:3:3
//!   |
//! 3 |   amy = 1
//!   |   ^^^
//!
//! An argument named "amy" is not expected here. Did you mean "ami"?
//!   = path: resource.a.b
//! "#
//! );
//! ```
//!
//! # What a field takes
//!
//! One rule, the same with `#[hcl]` and without, in [`HclSchema`] and in
//! [`to_string`]: a field whose type is a struct (with `#[hcl]` or
//! without), a [`RawBody`], or an `Option`, sequence or map of one, takes
//! blocks of its name (one label per map level, then the struct's own
//! `#[hcl(label)]` fields); any other field takes an argument.
//! `#[hcl(attr)]` and `#[hcl(block)]` override it. An argument for a block
//! field (`null` included) is "Unsupported argument ... Did you mean to
//! define a block of type ...?", a block for an argument's field
//! "Unsupported block type ... Did you mean to define argument ...?",
//! each as schema processing words it. Three things are decided as the
//! value is read, since only the value's type tells: a field of an enum
//! or of a self-describing type (`serde_json::Value`) takes what the
//! input has; a sequence of sequences holds no blocks (its structs are
//! values); and a plain derive, which cannot say `#[hcl(block)]`, reads
//! one block as the body of a map field (`locals { ... }`) and an empty
//! list or object as no blocks for a sequence or map of block types (an
//! `#[hcl]` struct leaves such a field out instead, see below). A map target's entries
//! (`HashMap<String, T>` read from a body) take what the input has.
//!
//! A field absent from the document is `None` when it is an `Option`, its
//! default with `#[serde(default)]`, empty when it is a sequence or map
//! without options of an `#[hcl]` struct, and otherwise "Missing required
//! argument" (or "Missing X block", for a block type) at the start of the
//! enclosing body, as the reference reports it: the block's opening
//! brace, or the file's first character.
//!
//! # Every error at once
//!
//! A decode reports every error it can reach, in source order (for a body
//! merged from files, file after file in the order merged), not only the
//! first: unsupported and missing arguments and blocks, label
//! mistakes, evaluation errors, values of the wrong type, and the errors
//! of the target's own `Deserialize` implementations. What the decoder
//! refuses itself (a value of the wrong type or out of range, an
//! unsupported argument, an expression that does not evaluate) is recorded
//! where it is found and the target given a stand-in value (zero, empty,
//! `None`) in its place, so that one pass over the document finds them
//! all. Serde stops at any other error, so a decode that meets one is run
//! again with a stand-in in place of each value that failed, until no
//! further error can be reached; below a field read through another type
//! (`deserialize_with`, `from`, an untagged enum), which may discard an
//! error, every error is found that way. The stand-ins are never returned.
//! An error that
//! a stand-in may have caused is not reported: a type that rejects the
//! stand-in, a whole-struct check such as `#[serde(try_from)]` over one,
//! and, after an earlier error, the values of a `#[serde(flatten)]` field
//! (serde checks them only once the whole body is read); the next decode
//! reports them. A pass after an error leaves out the blocks of sequences
//! and maps that an earlier pass read without error, since its value is
//! never returned: each pass reads little more than what the earlier ones
//! had not reached. A decode stops looking after 64 errors (sooner on
//! very large inputs), and says so in a last diagnostic,
//! [`Code::TooManyErrors`].
//!
//! Schema-less targets such as `serde_json::Value` or maps take everything:
//! attributes by name, blocks by type and then by label (several blocks
//! with the same labels, or none, as an array of bodies).
//!
//! # The JSON syntax
//!
//! Text whose name ends in `.json` (`main.tf.json`), or without such a name
//! that begins with `{` or `[`, is read in HCL's JSON syntax
//! ([`Decoder::syntax`] forces one or the other). A JSON property is the
//! same text whether it is an argument or blocks, so the target's types
//! decide, level by level as the decode descends:
//!
//! - a struct reads the value as blocks with one object level per
//!   `#[hcl(label)]` field (any level may be an array of objects, and
//!   `null` is no block), and takes exactly one;
//! - a sequence of structs takes every block the value stands for (an
//!   object of label levels, or an array of bodies), any other sequence
//!   the array's elements;
//! - a map takes an object's property names as keys, one label level each;
//! - `Option` reads `null` as `None`;
//! - any other type evaluates the value, its strings as templates
//!   (`"${var.x}"`), as an attribute's.
//!
//! So a struct decodes a `.tf.json` file as its native twin (same values,
//! same kinds of diagnostics, with ranges into the JSON). A property name given twice is a duplicate argument
//! (the JSON syntax also reads it as repeated blocks; here it is read as
//! an argument first). A body merged from files of both syntaxes is not
//! decoded: decode each file's body on its own.
//!
//! ```
//! #[hcl_serde::hcl]
//! #[derive(serde::Deserialize, Debug, PartialEq)]
//! struct Resource {
//!     #[hcl(label)]
//!     kind: String,
//!     #[hcl(label)]
//!     name: String,
//!     ami: String,
//! }
//!
//! #[hcl_serde::hcl]
//! #[derive(serde::Deserialize, Debug, PartialEq)]
//! struct Config {
//!     #[hcl(block)]
//!     resource: Vec<Resource>,
//! }
//!
//! let native = "resource \"aws_instance\" \"web\" {\n  ami = \"ami-${1 + 1}\"\n}\n";
//! let json = r#"{"resource": {"aws_instance": {"web": {"ami": "ami-${1 + 1}"}}}}"#;
//! let a: Config = hcl_serde::from_str(native).unwrap();
//! let b: Config = hcl_serde::from_str(json).unwrap();
//! assert_eq!(a, b);
//! assert_eq!(b.resource[0].ami, "ami-2");
//! ```
//!
//! # Labels, attributes or blocks: `#[hcl]`
//!
//! The [`hcl`] attribute macro (from hcl-derive), written above
//! `#[derive(Deserialize)]`, says what serde alone cannot:
//!
//! - `#[hcl(label)]` fields take a block's labels, in order; a block with
//!   too few or too many is an error ("Missing name for resource",
//!   "Extraneous label for resource");
//! - `#[hcl(attr)]` and `#[hcl(block)]` decide how a field is matched when
//!   its type leaves it open, and `#[hcl(optional)]` lets it be absent (a
//!   `#[hcl(block)]` field of a sequence or map type takes zero or more
//!   blocks without it, as gohcl's slices do);
//! - an [`Expression`] field keeps its attribute unevaluated, as
//!   `#[hcl(expr)]` says for a field of any name;
//! - `#[hcl(body)]` keeps a block's whole body, and `#[hcl(remain)]` what
//!   the other fields did not take, as a [`RawBody`] to decode later into
//!   another type (the two-pass pattern of plugin systems);
//! - the struct gets an [`HclSchema`] impl: its body schema.
//!
//! ```
//! use hcl_serde::RawBody;
//! use serde::Deserialize;
//!
//! #[hcl_serde::hcl]
//! #[derive(Deserialize, Debug)]
//! struct Service {
//!     #[hcl(label)]
//!     name: String,
//!     port: u16,
//!     #[hcl(remain)]
//!     extra: RawBody,
//! }
//!
//! #[derive(Deserialize, Debug)]
//! struct Config {
//!     service: Vec<Service>,
//! }
//!
//! let config: Config =
//!     hcl_serde::from_str("service \"api\" {\n  port = 80\n  tls = true\n}\n").unwrap();
//! assert_eq!(config.service[0].name, "api");
//! let extra: std::collections::HashMap<String, bool> = config.service[0].extra.decode().unwrap();
//! assert!(extra["tls"]);
//! ```
//!
//! # Enums
//!
//! An enum takes a string for a unit variant and a one-key object for the
//! others; a block's first label chooses the variant (`provisioner "file"
//! { ... }` and `provisioner "exec" { ... }` into `Vec<Provisioner>`), and
//! a block without labels whose body has one argument or block is chosen
//! by its name.
//!
//! # Source ranges
//!
//! [`Spanned<T>`](Spanned) keeps where a value came from: an attribute's
//! expression, a block, or a label. Errors of a field's own `Deserialize`,
//! `FromStr` or `TryFrom` conversion (a bad duration, a bad URL) point at
//! the value they came from.
//!
//! # Settings
//!
//! [`Decoder`] sets up a decode: an evaluation context, lenient mode
//! (unsupported arguments and blocks are warnings, returned with the
//! value), a mode for configurations written for another program,
//! whose variables are unknown, where such expressions are read as their
//! source text, user-defined functions read from the document's
//! `function` blocks ([`Decoder::user_functions`]), and `dynamic` blocks
//! expanded into the blocks they generate ([`Decoder::dynamic_blocks`]).
//!
//! # Memory
//!
//! A file of the native syntax is not parsed whole: a quick scan finds its
//! top-level attributes and blocks, and the decoder reads the file's body
//! through its schema like any other body, each top-level item parsed when
//! it is read and each block's syntax tree dropped once the block is
//! decoded, so a decode holds the text, the values it has made, the trees
//! of the top-level arguments (which are kept) and one block's tree,
//! instead of the tree of the whole file (several times the text). This
//! holds for every target. [`from_file`] and [`from_reader`]
//! keep the text they read without copying it; [`from_str`] copies it
//! once, for diagnostics. [`from_dir`] parses each file of a directory
//! whole, on every core, and holds the trees of them all. A file the scan cannot follow
//! or with a syntax error is parsed whole, and its syntax errors are the
//! ones reported: the values, warnings and errors are the same either way.
//! Errors are found one item at a time too, so a decode that fails needs
//! no more memory than one that succeeds.
//!
//! # Errors
//!
//! The error names the path that led to its first diagnostic
//! (`resource.aws_instance.web.ami`, `ports[1]`), gives that diagnostic's
//! range ([`Error::range`]), and renders each diagnostic with its source
//! line.
//!
//! # Borrowing
//!
//! A `&str` field borrows from the input of [`from_str`] and
//! [`from_slice`] where the value is a quoted string without escapes or
//! interpolations, as serde_json does; any other value of such a field is
//! an error that says so, and `String` or `Cow<str>` take every string.
//!
//! # Writing HCL
//!
//! [`to_string`], [`to_string_pretty`] and [`to_writer`] write a
//! `Serialize` value as a document that [`from_str`] reads back to the
//! same value, in the canonical layout of [`hcl_core::format()`]. A field
//! is written as blocks when its value is a struct, a non-empty sequence
//! of structs (one block each), or a non-empty map whose values are such
//! (one label per map level); an enum variant with struct content is a
//! block labeled by its name. `None` is left out. Everything else is an
//! attribute: scalars, strings, sequences and maps of other values (as
//! tuples and objects), `()` as `null`, a unit variant as its name, a
//! newtype or tuple variant as an object of one key. So a configuration's nested structs come out
//! as the blocks a person would write, where hcl-rs writes them as
//! attributes with object values unless they are wrapped in its block
//! types. `#[hcl]` fields are written in the shape they are read from:
//! labels in the block header, `attr` always an attribute, `block` always
//! blocks (a map of values that are not `#[hcl]` structs as one block with
//! the map as its body, `required_providers { aws = { ... } }`,
//! `None` as no block), `expr` (left out when `None`), `body` and `remain`
//! as their source text (one read from the JSON syntax is an error: only a
//! schema tells its properties' blocks from its arguments); an empty
//! sequence or map without options of an `#[hcl]` struct is left out.
//!
//! ```
//! use std::collections::BTreeMap;
//! use serde::{Deserialize, Serialize};
//!
//! #[hcl_serde::hcl]
//! #[derive(Serialize, Deserialize, Debug, PartialEq)]
//! struct Service {
//!     #[hcl(label)]
//!     name: String,
//!     port: u16,
//!     env: BTreeMap<String, String>,
//! }
//!
//! #[derive(Serialize, Deserialize, Debug, PartialEq)]
//! struct Config {
//!     region: String,
//!     service: Vec<Service>,
//! }
//!
//! let config = Config {
//!     region: "eu-west-1".into(),
//!     service: vec![Service {
//!         name: "api".into(),
//!         port: 8080,
//!         env: BTreeMap::from([("MODE".into(), "${prod}".into())]),
//!     }],
//! };
//! let text = hcl_serde::to_string(&config).unwrap();
//! assert_eq!(
//!     text,
//!     r#"region = "eu-west-1"
//!
//! service "api" {
//!   port = 8080
//!   env  = { MODE = "$${prod}" }
//! }
//! "#
//! );
//! assert_eq!(hcl_serde::from_str::<Config>(&text).unwrap(), config);
//! ```
//!
//! Strings are read back in Unicode normal form C, as every HCL string
//! is. What HCL cannot hold is an error, never output that reads back
//! differently: a document that is not a struct or a map, a name that is
//! not an identifier where an attribute or a block needs one (an object
//! key is quoted instead), a map key that is not a string, a number, a
//! bool or a unit variant, a float that is not finite.
//!
//! [`from_value`] and [`to_value`] convert between Rust types and
//! evaluated [`Value`]s; a field of type `Value` keeps an
//! attribute's value as it is.
//!
//! # Editing a file from a value
//!
//! [`update`] makes a format-preserving [`hcl_core::edit::Document`] say
//! what a value says, rewriting only the attributes and blocks whose value
//! changed: the rest keep their comments and bytes. [`from_document`] and
//! [`Decoder::from_document_block`] read a document, or one of its blocks,
//! with ranges into the printed document.
//!
//! ```
//! use hcl_core::edit::Document;
//!
//! #[hcl_serde::hcl]
//! #[derive(serde::Serialize, serde::Deserialize)]
//! struct Service {
//!     #[hcl(label)]
//!     name: String,
//!     port: u16,
//! }
//!
//! #[derive(serde::Serialize, serde::Deserialize)]
//! struct Config {
//!     service: Vec<Service>,
//! }
//!
//! let src = "# The front end.\nservice \"web\" {\n  port = 80 # http\n}\n\n# The back end.\nservice \"api\" {\n  port = 81\n}\n";
//! let mut doc = Document::parse(src, "main.hcl").unwrap();
//! let mut config: Config = hcl_serde::from_document(&doc).unwrap();
//! config.service[0].port = 8080;
//! config.service.pop();
//! hcl_serde::update(&mut doc, &config).unwrap();
//! assert_eq!(doc.to_string(), "# The front end.\nservice \"web\" {\n  port = 8080 # http\n}\n\n");
//! ```

#![forbid(unsafe_code)]

// What `#[hcl]` generates names `::hcl_serde`: so do this crate's tests.
#[cfg(test)]
extern crate self as hcl_serde;

mod config_schema;
mod de;
mod document;
mod error;
mod markers;
mod schema;
mod ser;
mod special;
mod value;

pub use config_schema::{AttributeInfo, BlockInfo, ConfigSchema};
pub use de::{
    from_body, from_dir, from_file, from_reader, from_slice, from_str, from_str_with, Decoded,
    Decoder,
};
pub use document::{from_document, update, update_with};
pub use error::{Error, Result};
pub use ser::{to_string, to_string_pretty, to_writer};
pub use special::{Expression, RawBody, Spanned};
pub use value::{from_value, to_value};

/// What a decode needs from `hcl-core`, so that one dependency is enough:
/// the context of variables and functions, the values and their types, the
/// limits, and the diagnostics with their ranges.
///
/// # Examples
///
/// ```
/// use hcl_serde::{Decoder, EvalContext, Value};
///
/// let mut ctx = EvalContext::new();
/// ctx.set_variable("env", Value::string("prod"));
/// let decoded = Decoder::new()
///     .context(&ctx)
///     .from_str::<std::collections::HashMap<String, String>>("name = \"web-${env}\"\n")
///     .unwrap();
/// assert_eq!(decoded.value["name"], "web-prod");
/// ```
pub use hcl_core::{
    Code, Diagnostic, Diagnostics, EvalContext, Limits, Number, Pos, Range, Severity, Syntax, Type,
    Value,
};

pub use hcl_derive::hcl;
#[doc(hidden)]
pub use schema::__private;
pub use schema::HclSchema;

/// The examples of the crate's README, run as documentation tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
