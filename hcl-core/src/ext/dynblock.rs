//! Dynamic blocks: `dynamic` blocks that stand for as many blocks as a
//! collection has elements, expanded as the reference's `ext/dynblock`
//! package expands them (Terraform's `dynamic` blocks).
//!
//! ```hcl
//! resource "aws_instance" "web" {
//!   dynamic "ebs_block_device" {
//!     for_each = var.disks          # a list, set, map, tuple or object
//!     iterator = disk               # optional: the block type by default
//!     labels   = []                 # for a block type with labels
//!     content {
//!       device_name = disk.key      # the index, key or element
//!       volume_size = disk.value.size
//!     }
//!   }
//! }
//! ```
//!
//! [`Expansion::expand`] wraps a [`Body`] of either syntax in a body like
//! any other: when a schema reads it ([`Body::content`],
//! [`Body::partial_content`]), each `dynamic "T"` block of a type `T` that
//! the schema declares is replaced by one `T` block per element of its
//! `for_each`, in the collection's order, whose body is the `content`
//! block's and whose labels are the `labels` evaluated for that element.
//! Inside, the iterator (`{key = ..., value = ...}`) is a variable, as are
//! those of the enclosing `dynamic` blocks; expansion goes on into nested
//! blocks, each when it is read. Without this wrapping, `dynamic` is an
//! ordinary block type: expansion is for the application to opt into, as in
//! the reference.
//!
//! # Rules
//!
//! - `for_each` is evaluated in the expansion's context (with the
//!   iterators around it); a null value or one that is not a collection is
//!   "Invalid dynamic for_each value". An unknown collection generates one
//!   block whose attributes are all unknown (labels from the iterator are
//!   then errors: they must be known).
//! - `iterator` must be a bare name, `labels` a list written `[...]` with
//!   as many labels as the block type has; a label that is null, unknown
//!   or not a string drops that element's block, with an error.
//! - A `dynamic` block of a type the schema does not declare is
//!   "Unsupported block type" for [`Body::content`], and left for the rest
//!   by [`Body::partial_content`].
//! - Generated blocks take their ranges from the `dynamic` block (type and
//!   header) and the `content` block (braces, body), their labels' from
//!   the `labels` expressions.
//! - [`Body::just_attributes`] reads the underlying body directly, as the
//!   reference's does: attributes are not bound to the iterator there, and
//!   a `dynamic` block is "Unexpected".
//!
//! # Limits
//!
//! Every generated block costs one value of the budget per byte of its
//! `content` block (what the block spelled out would have added to a
//! document's budget), and its iteration object, key and element theirs:
//! together at most
//! [`Limits::max_total_eval_values`](crate::Limits::max_total_eval_values)
//! plus one per byte of the bodies expanded, and no more than what is left
//! of the context's [shared budget](EvalContext::share_budget), if it has
//! one. A `for_each` that would exceed it is "Too many values"
//! ([`Code::TooManyValues`](crate::Code::TooManyValues)), naming the limit,
//! and generates nothing.
//!
//! # Examples
//!
//! ```
//! use hcl_core::ext::dynblock::Expansion;
//! use hcl_core::schema::{Body, BodySchema};
//! use hcl_core::{EvalContext, Value};
//!
//! let src = r#"
//! dynamic "listener" {
//!   for_each = { http = 80, https = 443 }
//!   labels   = [listener.key]
//!   content {
//!     port = listener.value
//!   }
//! }
//! "#;
//! let file = hcl_core::parse(src, "app.hcl").unwrap();
//! let ctx = EvalContext::new();
//! let expansion = Expansion::new(&ctx);
//! let body = expansion.expand(Body::from_file(&file));
//!
//! let schema = BodySchema::builder().block("listener", &["name"]).build().unwrap();
//! let content = body.content(&schema).unwrap();
//! assert_eq!(content.blocks.len(), 2);
//! assert_eq!(content.blocks[1].labels[0].value, "https");
//! let port = BodySchema::builder().attribute("port").build().unwrap();
//! let attrs = content.blocks[1].body.content(&port).unwrap().attributes;
//! assert_eq!(attrs.get("port").unwrap().expr.value(&ctx).unwrap(), Value::from(443));
//! ```

use crate::eval::EvalContext;
use crate::schema::dynamic::Store;
use crate::schema::Body;

#[cfg(test)]
mod tests;

/// The expansion of `dynamic` blocks with one evaluation context: it keeps
/// what the blocks it generates borrow (their iteration values and labels)
/// for as long as the bodies it gives, and its budget.
///
/// # Examples
///
/// See [the module](self).
#[derive(Debug)]
pub struct Expansion<'a> {
    store: Store<'a>,
}

impl<'a> Expansion<'a> {
    /// An expansion whose `for_each` and `labels` are evaluated in `ctx`
    /// (and the iterators around them).
    ///
    /// # Examples
    ///
    /// ```
    /// let ctx = hcl_core::EvalContext::new();
    /// let expansion = hcl_core::ext::dynblock::Expansion::new(&ctx);
    /// # let _ = expansion;
    /// ```
    pub fn new(ctx: &'a EvalContext<'a>) -> Self {
        Expansion {
            store: Store::new(ctx),
        }
    }

    /// The body that expands `body`'s `dynamic` blocks whenever a schema
    /// reads it; the budget grows by one value per byte of `body`.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::ext::dynblock::Expansion;
    /// use hcl_core::schema::{Body, BodySchema};
    /// let file = hcl_core::parse(
    ///     "dynamic \"rule\" {\n  for_each = [1, 2, 3]\n  content {}\n}\n",
    ///     "f.hcl",
    /// ).unwrap();
    /// let ctx = hcl_core::EvalContext::new();
    /// let expansion = Expansion::new(&ctx);
    /// let schema = BodySchema::builder().block("rule", &[]).build().unwrap();
    /// let content = expansion.expand(Body::from_file(&file)).content(&schema).unwrap();
    /// assert_eq!(content.blocks.len(), 3);
    /// ```
    pub fn expand(&'a self, body: Body<'a>) -> Body<'a> {
        self.store.expand(body)
    }
}
