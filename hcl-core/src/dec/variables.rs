//! The variables a spec's decoding would evaluate.

use crate::analysis::Traversal;
use crate::schema::{Body, BodyContent};

use super::blocks::blocks_of;
use super::decode::Scope;
use super::spec::Spec;

/// The traversals of the expressions that decoding `body` by `spec` would
/// evaluate, in the reference's order.
pub(super) fn body_variables<'a>(body: &Body<'a>, spec: &'a Spec) -> Vec<Traversal<'a>> {
    let (content, _, _) = body.partial_content_with_diagnostics(&spec.implied_schema());
    let mut out = Vec::new();
    collect(spec, &content, &mut out);
    out
}

/// The spec's own variables, then those of the specs of the same body.
fn collect<'a>(spec: &'a Spec, content: &BodyContent<'a>, out: &mut Vec<Traversal<'a>>) {
    own_variables(spec, content, out);
    for child in spec.same_body_children() {
        collect(child, content, out);
    }
}

fn own_variables<'a>(spec: &'a Spec, content: &BodyContent<'a>, out: &mut Vec<Traversal<'a>>) {
    let scope = Scope {
        content,
        labels: &[],
    };
    match spec {
        Spec::Attr(s) => {
            if let Some(attr) = content.attributes.get(&s.name) {
                out.extend(attr.expr.variables());
            }
        }
        Spec::Expr(expr) => {
            if let Ok(expr) = expr.expr() {
                out.extend(expr.variables());
            }
        }
        Spec::Block(s) => {
            if let Some(block) = blocks_of(&scope, &s.block_type).next() {
                out.extend(body_variables(&block.body, &s.nested));
            }
        }
        Spec::BlockSequence(s) => {
            for block in blocks_of(&scope, &s.block_type) {
                out.extend(body_variables(&block.body, &s.nested));
            }
        }
        Spec::BlockKeyed(s) => {
            for block in blocks_of(&scope, &s.block_type) {
                out.extend(body_variables(&block.body, &s.nested));
            }
        }
        Spec::BlockAttrs(s) => {
            let Some(block) = blocks_of(&scope, &s.block_type).next() else {
                return;
            };
            let (attrs, diags) = block.body.just_attributes_with_diagnostics();
            if diags.has_errors() {
                return;
            }
            let mut found: Vec<Traversal<'a>> =
                attrs.iter().flat_map(|a| a.expr.variables()).collect();
            found.sort_by_key(|t| t.span().start);
            out.extend(found);
        }
        _ => {}
    }
}
