//! Files read with their `dynamic` blocks expanded (`--dynamic-blocks`):
//! the body walked through the schema layer, whose every attribute and
//! block ([`Body::items`]) includes the blocks the `dynamic` blocks
//! generate, each attribute evaluated with its iterators.

use crate::convert::{is_unresolved, Converter, Entries, Mode};
use crate::convert_json::{known_json, refers_to_undefined};
use crate::json::Json;
use hcl_core::{Body, Diagnostics, EvalContext, ExprRef, Severity};

impl Converter<'_, '_> {
    /// A body with its `dynamic` blocks expanded: attributes, then blocks
    /// nested by type and labels, as [`Converter::body`] writes them. What
    /// keeps a `dynamic` block from generating blocks (a `for_each` that
    /// fails to evaluate or is not a collection, a label that is not a
    /// known string...) is a warning, and the block is left out.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_cli::convert::{Converter, Mode};
    /// use hcl_core::ext::dynblock::Expansion;
    /// use hcl_core::{Body, Diagnostics, EvalContext};
    ///
    /// let src = "dynamic \"a\" {\n  for_each = [1, 2]\n  content { n = a.value }\n}\n";
    /// let file = hcl_core::parse(src, "main.tf").unwrap();
    /// let ctx = EvalContext::new();
    /// let expansion = Expansion::new(&ctx);
    /// let body = expansion.expand(Body::from_file(&file));
    /// let mut diags = Diagnostics::default();
    /// let mut conv = Converter { source: &file.source, ctx: &ctx, mode: Mode::Evaluate, diags: &mut diags };
    /// assert_eq!(conv.expanded_body(&body).to_text(None), r#"{"a":[{"n":1},{"n":2}]}"#);
    /// ```
    pub fn expanded_body(&mut self, body: &Body<'_>) -> Json {
        let ((attributes, blocks), found) = body.items_with_diagnostics();
        // What keeps a `dynamic` block from generating its blocks is a
        // warning, as evaluation errors are here.
        for mut diag in found.into_vec() {
            diag.severity = Severity::Warning;
            self.diags.push(diag);
        }
        let mut entries = Entries::default();
        for attr in attributes {
            let json = self.attribute_ref(attr.expr);
            entries.push_attribute(attr.name, json);
        }
        for block in &blocks {
            let json = self.expanded_body(&block.body);
            if entries
                .insert_block(block.block_type, &block.label_values(), json)
                .is_err()
            {
                self.diags.push(
                    crate::convert::left_out(block.block_type, block.labels.len())
                        .with_subject(block.file, block.def_span),
                );
            }
        }
        entries.into_json(self.mode.is_hcl2json())
    }

    /// An attribute of a body read through the schema layer: its value
    /// when it is wholly known, else its parts.
    fn attribute_ref(&mut self, expr: ExprRef<'_>) -> Json {
        if self.mode == Mode::Evaluate {
            if let Some(json) = known_json(expr, self.ctx, self.diags) {
                return json;
            }
        }
        self.parts(expr.expr)
    }
}

/// Evaluates every attribute of a body and of its blocks, `dynamic`
/// blocks expanded, keeping the diagnostics; unless `strict`, an
/// attribute that refers to a variable `ctx` lacks is not evaluated and
/// calls to unknown functions are not reported. Without a schema every
/// block is taken: what is reported of the blocks themselves is what the
/// `dynamic` blocks get wrong.
pub(crate) fn check_expanded(
    body: &Body<'_>,
    ctx: &EvalContext<'_>,
    strict: bool,
    diags: &mut Diagnostics,
) {
    let ((attributes, blocks), found) = body.items_with_diagnostics();
    diags.extend(found);
    for attr in attributes {
        if !strict && refers_to_undefined(&attr.expr, ctx) {
            continue;
        }
        let (_, found) = attr.expr.value_with_diagnostics(ctx);
        for diag in found.into_vec() {
            if strict || !is_unresolved(&diag) {
                diags.push(diag);
            }
        }
    }
    for block in blocks {
        check_expanded(&block.body, ctx, strict, diags);
    }
}
