//! Where a spec's value comes from in a body.

use std::sync::Arc;

use crate::schema::{Block, Body, Label};

use super::blocks::blocks_of;
use super::decode::{missing_place, Place, Scope};
use super::spec::Spec;

/// Where `spec`'s value comes from in `body`, the body of a block with
/// `labels`: read partially by the spec's implied schema, ignoring its
/// diagnostics.
pub(super) fn body_place(body: &Body<'_>, labels: &[Label<'_>], spec: &Spec) -> Place {
    let (content, _, _) = body.partial_content_with_diagnostics(&spec.implied_schema());
    let scope = Scope {
        content: &content,
        labels,
    };
    spec.place_in(&scope)
}

/// Where `nested`'s value comes from in `block`.
pub(super) fn block_place(block: &Block<'_>, nested: &Spec) -> Place {
    body_place(&block.body, &block.labels, nested)
}

impl Spec {
    /// Where the spec's value comes from in `scope`, as the reference's
    /// `sourceRange`: the argument's value, the first matching block's
    /// nested range, a label, an expression kept apart, or where a missing
    /// item would go; `None` for a literal, which is nowhere.
    pub(super) fn place_in(&self, scope: &Scope<'_, '_>) -> Place {
        let nested_or_missing =
            |block_type: &str, nested: &Spec| match blocks_of(scope, block_type).next() {
                Some(block) => block_place(block, nested),
                None => missing_place(scope.content),
            };
        match self {
            Spec::Object(_) | Spec::Tuple(_) => missing_place(scope.content),
            Spec::Attr(s) => match scope.content.attributes.get(&s.name) {
                Some(attr) => {
                    let at = attr.expr.location();
                    Some((Arc::clone(at.file), at.span))
                }
                None => missing_place(scope.content),
            },
            Spec::Literal(_) => None,
            Spec::Expr(expr) => {
                let at = expr.location();
                Some((Arc::clone(at.file), at.span))
            }
            Spec::Block(s) => nested_or_missing(&s.block_type, &s.nested),
            Spec::BlockSequence(s) => nested_or_missing(&s.block_type, &s.nested),
            Spec::BlockKeyed(s) => nested_or_missing(&s.block_type, &s.nested),
            Spec::BlockAttrs(s) => match blocks_of(scope, &s.block_type).next() {
                Some(block) => Some((Arc::clone(block.file), block.def_span)),
                None => missing_place(scope.content),
            },
            Spec::BlockLabel(s) => scope
                .labels
                .get(s.index)
                .map(|label| (Arc::clone(label.file), label.span)),
            Spec::Default(primary, _) => primary.place_in(scope),
            Spec::Transform(s) => s.wrapped.place_in(scope),
        }
    }
}
