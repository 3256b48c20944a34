//! Spec-driven decoding: a body decoded into one [`Value`] by a [`Spec`]
//! built at run time, as the reference's `hcldec` package does.
//!
//! A [`Spec`] says where each part of the value comes from: an argument
//! converted to a type ([`Spec::attr`]), a block's body
//! ([`Spec::block`]), the blocks of a type as a list, tuple, set, map or
//! object ([`Spec::block_list`], [`Spec::block_map`], ...), a block's
//! labels ([`Spec::block_label`]), constants, defaults and transforms.
//! From the spec alone come the type of its values
//! ([`Spec::implied_type`]) and the schema of the body it reads
//! ([`Spec::implied_schema`]); with a body, [`decode`] gives the value
//! and the diagnostics the reference gives (the schema's first, then each
//! spec's in order), [`partial_decode`] leaves the rest of the body for a
//! later pass, [`source_range`] says where the value comes from and
//! [`variables`] lists the references decoding would evaluate, for a
//! caller to define before it decodes.
//!
//! A spec can also be read from the spec file language of the reference's
//! `hcldec` command ([`load_spec`]), with that command's functions
//! ([`spec_functions`]), `function` blocks and `variables` blocks.
//!
//! The parts of an object spec are decoded in the order of their names.
//!
//! # Examples
//!
//! ```
//! use hcl_core::dec::{decode, Spec};
//! use hcl_core::types::Type;
//! use hcl_core::{Body, EvalContext, Value};
//!
//! let spec = Spec::block_map(
//!     "service",
//!     &["name"],
//!     Spec::object([("port", Spec::attr("port", Type::Number).required())]),
//! );
//! let src = "service \"web\" {\n  port = 80\n}\nservice \"db\" {\n}\n";
//! let file = hcl_core::parse(src, "app.hcl").unwrap();
//! let (value, diags) = decode(&Body::from_file(&file), &spec, &EvalContext::new());
//! assert_eq!(diags.len(), 1);
//! assert_eq!(
//!     diags.to_string().lines().take(2).collect::<Vec<_>>(),
//!     ["Error: Missing required argument", "  --> app.hcl:4:14"]
//! );
//! assert_eq!(
//!     value.index(&Value::from("web")),
//!     Some(Value::object([("port", Value::from(80))]))
//! );
//! ```

mod blocks;
mod decode;
mod implied;
mod load;
mod range;
mod spec;
mod spec_funcs;
mod type_values;
mod variables;

#[cfg(test)]
mod tests;

use std::sync::Arc;

use crate::analysis::Traversal;
use crate::diagnostic::Diagnostics;
use crate::eval::EvalContext;
use crate::schema::Body;
use crate::span::{Pos, Range};
use crate::value::Value;

pub use load::{load_spec, spec_functions, SpecFile};
pub use spec::{
    AttrSpec, BlockAttrsSpec, BlockKeyedSpec, BlockLabelSpec, BlockSequenceSpec, BlockSpec,
    Sequence, Spec, TransformSpec,
};

/// Decodes `body` by `spec`, evaluating its expressions in `ctx`.
///
/// The body is read exhaustively by the spec's implied schema, so an
/// argument or block the spec does not name is an error. The value is
/// always of a shape the spec implies: where something fails, that part
/// is unknown (or null, for what is missing).
///
/// A context with neither variables nor functions
/// ([`EvalContext::literal_only`]) stands for the reference's absent
/// context: references and calls are errors, and the strings of the JSON
/// syntax are literal text, not templates.
///
/// # Examples
///
/// ```
/// use hcl_core::dec::{decode, Spec};
/// use hcl_core::types::Type;
/// use hcl_core::{Body, EvalContext, Value};
///
/// let file = hcl_core::parse("count = \"3\"\n", "in.hcl").unwrap();
/// let spec = Spec::attr("count", Type::Number);
/// let (value, diags) = decode(&Body::from_file(&file), &spec, &EvalContext::new());
/// assert!(diags.is_empty());
/// assert_eq!(value, Value::from(3));
/// ```
pub fn decode(body: &Body<'_>, spec: &Spec, ctx: &EvalContext<'_>) -> (Value, Diagnostics) {
    let (value, _, diags) = decode::decode_body(body, &[], spec, ctx, false);
    (value, diags)
}

/// Decodes `body` by `spec` as [`decode`] does, but reads only what the
/// spec names and returns the rest of the body, to decode with another
/// spec.
///
/// # Examples
///
/// ```
/// use hcl_core::dec::{partial_decode, Spec};
/// use hcl_core::types::Type;
/// use hcl_core::{Body, EvalContext, Value};
///
/// let file = hcl_core::parse("count = 2\nimage = \"nginx\"\n", "in.hcl").unwrap();
/// let spec = Spec::attr("count", Type::Number);
/// let (value, rest, diags) = partial_decode(&Body::from_file(&file), &spec, &EvalContext::new());
/// assert!(diags.is_empty());
/// assert_eq!(value, Value::from(2));
/// assert!(rest.just_attributes().unwrap().contains_key("image"));
/// ```
pub fn partial_decode<'a>(
    body: &Body<'a>,
    spec: &Spec,
    ctx: &EvalContext<'_>,
) -> (Value, Body<'a>, Diagnostics) {
    let (value, rest, diags) = decode::decode_body(body, &[], spec, ctx, true);
    (value, rest.unwrap_or_else(Body::empty), diags)
}

/// Where `spec`'s value comes from in `body`: an argument's value, the
/// first matching block's nested range, or where a missing item would go.
/// A literal is nowhere: its range is in the file `<unknown>`, at line 0.
///
/// # Examples
///
/// ```
/// use hcl_core::dec::{source_range, Spec};
/// use hcl_core::types::Type;
/// use hcl_core::Body;
///
/// let file = hcl_core::parse("b {\n  a = true\n}\n", "in.hcl").unwrap();
/// let spec = Spec::block("b", Spec::attr("a", Type::Bool));
/// assert_eq!(source_range(&Body::from_file(&file), &spec).to_string(), "in.hcl:2,7-11");
/// ```
pub fn source_range(body: &Body<'_>, spec: &Spec) -> Range {
    match range::body_place(body, &[], spec) {
        Some((file, span)) => file.range(span),
        None => Range {
            filename: Arc::from("<unknown>"),
            start: Pos::default(),
            end: Pos::default(),
        },
    }
}

/// The variables that decoding `body` by `spec` would evaluate: the
/// traversals of the arguments' and kept expressions' references, nested
/// blocks' included, in the reference's order. An expression of a
/// transform sees only its own variable and is left out.
///
/// # Examples
///
/// ```
/// use hcl_core::dec::{variables, Spec};
/// use hcl_core::types::Type;
/// use hcl_core::Body;
///
/// let file = hcl_core::parse("a = var.x\nb {\n  c = local.y\n}\n", "in.hcl").unwrap();
/// let spec = Spec::object([
///     ("a", Spec::attr("a", Type::String)),
///     ("b", Spec::block("b", Spec::attr("c", Type::String))),
/// ]);
/// let body = Body::from_file(&file);
/// let names: Vec<String> = variables(&body, &spec).iter().map(|t| t.to_string()).collect();
/// assert_eq!(names, ["var.x", "local.y"]);
/// ```
pub fn variables<'a>(body: &Body<'a>, spec: &'a Spec) -> Vec<Traversal<'a>> {
    variables::body_variables(body, spec)
}
