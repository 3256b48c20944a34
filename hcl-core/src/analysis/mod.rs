//! Static analysis of expressions: reading an expression's structure
//! without evaluating it.
//!
//! The native syntax defines four static interpretations, each accepted by
//! one kind of expression only, with no unwrapping of parentheses or
//! templates:
//!
//! | operation | accepted | result |
//! | --- | --- | --- |
//! | [`ExprRef::as_static_list`] | a tuple constructor `[a, b]` | the element expressions |
//! | [`ExprRef::as_static_map`] | an object constructor `{ k = v }` | the key/value expression pairs; keys are not forced to strings |
//! | [`ExprRef::as_static_call`] | a function call `f(a, b)` | the name and the argument expressions |
//! | [`ExprRef::as_traversal`] | a variable with attribute and constant-index steps, `a.b[0]`; `true`, `false` and `null` as variables of those names | a [`Traversal`] |
//!
//! [`ExprRef::variables`] lists every traversal an expression refers to, for
//! dependency analysis: the variables a caller must define before
//! evaluating it. Names bound by a `for` expression or a template `for`
//! directive are local to it and left out, as is the element of a splat.
//!
//! Every result carries its source file, so each can give its
//! [`Range`](crate::Range) and build a [`Diagnostic`](crate::Diagnostic) pointing at itself
//! through [`Location`].
//!
//! # Examples
//!
//! ```
//! use std::sync::Arc;
//! use hcl_core::analysis::ExprRef;
//! use hcl_core::SourceFile;
//!
//! let src = "[for s in var.subnets: \"${s.name}-${local.suffix}\"]";
//! let expr = hcl_core::parse_expression(src, "expr.hcl").unwrap();
//! let file = Arc::new(SourceFile::new("expr.hcl", src));
//! let refs: Vec<String> = ExprRef::new(&expr, &file)
//!     .variables()
//!     .iter()
//!     .map(|t| t.to_string())
//!     .collect();
//! assert_eq!(refs, ["var.subnets", "local.suffix"]);
//! ```

mod bindings;
mod expr_ref;
mod json;
mod location;
mod owned;
mod source_template;
mod statics;
mod traversal;
mod variables;

#[cfg(test)]
mod tests;

pub(crate) use bindings::{Bindings, UNKNOWN};
pub use expr_ref::{Constructor, ExprRef};
pub use location::Location;
pub use owned::OwnedExpression;
pub use statics::{Elements, Pairs, StaticCall, StaticPair};
pub use traversal::{Traversal, Traverse};

pub use crate::ast::start_span;
