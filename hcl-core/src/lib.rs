//! HCL, the HashiCorp Configuration Language: the native syntax parser, the
//! AST with source ranges, diagnostics, values and evaluation.
//!
//! # The data flow
//!
//! 1. **Source → syntax tree.** [`parse`] reads a file of the native syntax
//!    into a [`File`]: its [`ast::Body`] of attributes and blocks, each node
//!    with the byte [`Span`] it came from, and the [`SourceFile`] that turns
//!    spans into line and column. A syntax error is a [`Diagnostic`] that
//!    renders the offending line with a caret, like the reference
//!    implementation and rustc. [`parse_expression`] and [`parse_template`]
//!    read a lone expression or template. With the `pest-parser` feature,
//!    `parse_with_grammar` reads a file with the grammar of record
//!    (`hcl.pest`, a pest grammar) instead, into the same [`File`], tree
//!    for tree and diagnostic for diagnostic. [`parse_json`] reads a file of
//!    the JSON syntax (Terraform's `*.tf.json`), and [`parse_config`]
//!    picks the syntax by file name; both are read through the same
//!    [`Body`] and [`ExprRef`] as the native syntax.
//!    [`tokens`] gives the lexer's tokens of native-syntax source, parsed
//!    or not, for tools that colour or navigate it (an editor's language
//!    server), and [`json_tokens`] the JSON scanner's tokens of JSON-syntax
//!    source.
//!    [`parse_dir`] reads and parses the configuration files of a
//!    directory on every core, to be merged into the one body of a module
//!    ([`Body::merge`]).
//! 2. **Syntax tree → body content.** A [`BodySchema`] says which
//!    attributes and blocks a body may hold; [`Body`] applies it
//!    exhaustively ([`Body::content`]), partially, leaving the rest for a
//!    later pass ([`Body::partial_content`]), or reads a body of attributes
//!    only ([`Body::just_attributes`]), over one file or several merged.
//! 3. **Expressions → values.** An [`EvalContext`] holds variables and
//!    functions (the standard library by default); evaluating an expression
//!    gives a [`Value`] of the information model — NFC strings, exact
//!    numbers ([`Number`]), bools, collections and structures, null and
//!    unknown — with the reference's conversion and error rules.
//! 4. **Values → your types.** The `hcl-serde` crate drives the previous
//!    steps from a `#[derive(Deserialize)]` type.
//!    Without a Rust type, [`dec`] decodes a body by a spec built at run
//!    time (or read from a spec file), as HashiCorp's `hcldec` does.
//!
//! Beside evaluation, [`check`] types expressions without evaluating them,
//! from the declared types of variables, and checks a body's attributes
//! against typed schemas; [`typeexpr`] reads types written in HCL
//! (`list(string)`, `object({ port = optional(number, 80) })`). Both know
//! the extensions of the information model that Pulumi wrote for its
//! HCL-based programs: `int`, `union(...)`, `none`, and the eventual types
//! `promise(T)` and `output(T)` of values that exist only later (see
//! [`types`]).
//!
//! # Examples
//!
//! ```
//! use hcl_core::{Body, BodySchema, EvalContext, Value};
//!
//! let file = hcl_core::parse("service \"web\" {\n  port = 8000 + 80\n}\n", "app.hcl").unwrap();
//! let schema = BodySchema::builder().block("service", &["name"]).build().unwrap();
//! let content = Body::from_file(&file).content(&schema).unwrap();
//! let service = &content.blocks[0];
//! assert_eq!(service.labels[0].value, "web");
//!
//! let attrs = service.body.just_attributes().unwrap();
//! let port = attrs.get("port").unwrap().expr.value(&EvalContext::new()).unwrap();
//! assert_eq!(port, Value::from(8080));
//! ```
//!
//! Checking a program before it runs: a resource's id exists only once the
//! resource is created, so it cannot go where a plain string is required.
//!
//! ```
//! use hcl_core::check::{TypeContext, TypedSchema};
//! use hcl_core::typeexpr::{parse_type, TypeExprOptions};
//! use hcl_core::Body;
//!
//! let ty = |text| parse_type(text, &TypeExprOptions::extended()).unwrap().0;
//! let mut ctx = TypeContext::default();
//! ctx.set_variable("bucket", ty("object({id = output(string), region = string})"));
//!
//! let src = "name = \"logs-${bucket.region}\"\nowner = bucket.id\n";
//! let file = hcl_core::parse(src, "monitor.hcl").unwrap();
//! let schema = TypedSchema::default()
//!     .required("name", ty("string"))
//!     .required("owner", ty("string"));
//! let diags = ctx.check_body(&Body::from_file(&file), &schema);
//! assert_eq!(diags.len(), 1);
//! assert!(diags.to_string().starts_with(
//!     "Error: Incorrect attribute value type\n  --> monitor.hcl:2:9\n"
//! ));
//!
//! // The fix: an input that takes a value known later.
//! let schema = TypedSchema::default()
//!     .required("name", ty("string"))
//!     .required("owner", ty("union(string, output(string))"));
//! assert!(ctx.check_body(&Body::from_file(&file), &schema).is_empty());
//! ```

pub mod analysis;
pub mod check;
// The generated parser of the grammar of record refers to `alloc` when pest
// is built without "std".
#[cfg(any(test, feature = "pest-parser"))]
extern crate alloc;

pub mod ast;
pub mod dec;
pub mod diagnostic;
mod didyoumean;
pub mod directory;
pub mod edit;
pub mod eval;
pub mod ext;
pub mod format;
pub mod functions;
mod json;
mod lexer;
mod limits;
mod parser;
pub mod schema;
pub mod span;
mod syntax_tree;
pub mod typeexpr;
pub mod types;
pub mod value;

/// What the workspace's tests use of the item-by-item reading of a file
/// ([`SyntaxTree::open`]), and the work on every core that [`parse_dir`]
/// and the `hcl` command share: not part of the API, it may change in any
/// release.
#[doc(hidden)]
pub mod __private {
    pub use crate::directory::on_every_core;
    pub use crate::schema::lazy::kept_blocks;
}

/// What the differential fuzz target and tests compare (the grammar of
/// record against the parser, the parser's fast paths against its
/// tokens), built only with the `pest-parser` feature: not part of the API.
#[cfg(feature = "pest-parser")]
#[doc(hidden)]
pub mod fuzzing {
    pub use crate::parser::parse_from_tokens;
    pub use crate::parser::pest::parse_both_ways;
}

pub use analysis::{ExprRef, Location, Traversal};
pub use diagnostic::{Code, Diagnostic, Diagnostics, Severity};
pub use didyoumean::suggest_name;
pub use directory::parse_dir;
pub use eval::EvalContext;
pub use format::{format, format_with, FormatOptions};
pub use json::{
    json_tokens, parse_config, parse_expression_json, parse_json, parse_json_with, ConfigFile,
    JsonExpression, JsonFile, JsonTokenClass, JsonTokens, Syntax,
};
pub use lexer::{tokens, TokenClass, Tokens};
pub use limits::Limits;
#[cfg(feature = "pest-parser")]
pub use parser::pest::parse_with_grammar;
pub use parser::{
    parse, parse_expression, parse_partial, parse_partial_with, parse_template, parse_with, File,
    ParseOptions,
};
pub use schema::{Body, BodyContent, BodySchema};
pub use span::{Pos, Range, SourceFile, Span};
pub use syntax_tree::SyntaxTree;
pub use types::Type;
pub use value::{Number, Value};

/// The examples of the crate's README, run as documentation tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
