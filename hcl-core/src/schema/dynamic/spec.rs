//! One `dynamic` block: its arguments read, then the blocks it generates.

use std::sync::Arc;

use super::{too_many_blocks, DynamicBody};
use crate::analysis::{Bindings, ExprRef};
use crate::diagnostic::{Code, Diagnostics};
use crate::schema::content::{Block, Label};
use crate::schema::definition::{BlockHeaderSchema, BodySchema};
use crate::types::{convert, Type};
use crate::value::Value;

/// What a `dynamic` block says, read and checked.
struct Spec<'a> {
    block_type: &'a str,
    iterator: &'a str,
    for_each: Value,
    for_each_expr: ExprRef<'a>,
    labels: Vec<ExprRef<'a>>,
    content: Block<'a>,
}

impl<'a> DynamicBody<'a> {
    /// Adds the blocks that the `dynamic` block `block` generates to `out`,
    /// or its errors to `diags`.
    pub(super) fn generate(
        &self,
        block: &Block<'a>,
        schema: &BodySchema,
        partial: bool,
        out: &mut Vec<Block<'a>>,
        diags: &mut Diagnostics,
    ) {
        let Some(type_label) = block.labels.first() else {
            return;
        };
        if self.hidden.block(type_label.value) {
            return;
        }
        let Some(header) = schema.block(type_label.value) else {
            if !partial {
                diags.push(type_label.location().error(
                    Code::UnsupportedBlockType,
                    "Unsupported block type",
                    format!(
                        "Blocks of type \"{}\" are not expected here.",
                        type_label.value
                    ),
                ));
            }
            return;
        };
        let Some(spec) = self.read_spec(header, block, diags) else {
            return;
        };
        if !spec.for_each.is_known() {
            let iteration = self.iteration(spec.iterator, Value::dynamic(), Value::dynamic());
            if let Some(generated) = self.new_block(&spec, block, iteration, true, diags) {
                out.push(generated);
            }
            return;
        }
        let pairs = spec.for_each.element_pairs().unwrap_or_default();
        // Each block costs one value per byte of its content, as the text
        // of the block spelled out would have added to the budget, and its
        // iteration's: the object, the key and the element.
        let per_block = 3 + u64::from(spec.content.span.len()).max(1);
        let values = spec
            .for_each
            .deep_size()
            .values
            .saturating_add(per_block.saturating_mul(pairs.len() as u64));
        if let Err(left) = self.store.spend(values) {
            diags.push(too_many_blocks(
                spec.for_each_expr.location(),
                pairs.len(),
                left,
            ));
            return;
        }
        for (key, value) in pairs {
            let iteration = self.iteration(spec.iterator, key, value);
            if let Some(generated) = self.new_block(&spec, block, iteration, false, diags) {
                out.push(generated);
            }
        }
    }

    /// Reads the arguments and the `content` block of a `dynamic` block
    /// generating blocks of `header`'s type.
    fn read_spec(
        &self,
        header: &BlockHeaderSchema,
        block: &Block<'a>,
        diags: &mut Diagnostics,
    ) -> Option<Spec<'a>> {
        let takes_labels = !header.label_names.is_empty() || header.any_labels;
        let mut builder = BodySchema::builder()
            .required_attribute("for_each")
            .attribute("iterator");
        if !header.label_names.is_empty() {
            builder = builder.required_attribute("labels");
        } else if takes_labels {
            builder = builder.attribute("labels");
        }
        let schema = builder.block("content", &[]).build().ok()?;
        let mut found = Diagnostics::default();
        let content = block.body.content_into(&schema, true, &mut found);
        let failed = found.has_errors();
        diags.extend(found);
        if failed {
            return None;
        }
        let iterator = match content.attributes.get("iterator") {
            Some(attr) => self.iterator_name(attr.expr, diags)?,
            None => block.labels.first()?.value,
        };
        let for_each_expr = content.attributes.get("for_each")?.expr;
        let for_each = self.for_each(for_each_expr, diags)?;
        let labels = match content.attributes.get("labels") {
            Some(attr) => self.label_exprs(header, attr.expr, diags)?,
            None => Vec::new(),
        };
        let content_block = match content.blocks.as_slice() {
            [] => {
                let at = content.missing_item.or(block.body.missing_item())?;
                diags.push(at.error(
                    Code::InvalidDynamicContent,
                    "Missing dynamic content block",
                    "A dynamic block must have a nested block of type \"content\" to describe \
                     the body of each generated block.",
                ));
                return None;
            }
            [one] => one.clone(),
            [_, second, ..] => {
                diags.push(second.def_location().error(
                    Code::InvalidDynamicContent,
                    "Extraneous dynamic content block",
                    "Only one nested content block is allowed for each dynamic block.",
                ));
                return None;
            }
        };
        Some(Spec {
            block_type: block.labels.first()?.value,
            iterator,
            for_each,
            for_each_expr,
            labels,
            content: content_block,
        })
    }

    /// The name `iterator = NAME` declares.
    fn iterator_name(&self, expr: ExprRef<'a>, diags: &mut Diagnostics) -> Option<&'a str> {
        let traversal = match expr.as_traversal() {
            Ok(traversal) => traversal,
            Err(found) => {
                diags.extend(found);
                return None;
            }
        };
        if !traversal.steps.is_empty() {
            diags.push(traversal.location().error(
                Code::InvalidDynamicIterator,
                "Invalid dynamic iterator name",
                "Dynamic iterator must be a single variable name.",
            ));
            return None;
        }
        Some(traversal.root)
    }

    /// The value of `for_each`, checked: a collection, known or not.
    fn for_each(&self, expr: ExprRef<'a>, diags: &mut Diagnostics) -> Option<Value> {
        let (value, found) = expr
            .bound(self.iteration.map(|i| &**i))
            .value_with_diagnostics(self.store.ctx);
        let failed = found.has_errors();
        diags.extend(found);
        if failed {
            return None;
        }
        let ty = value.ty();
        let iterable = ty.is_collection() || ty.is_object() || ty.is_tuple();
        let detail = if !iterable && !ty.is_dynamic() {
            format!(
                "Cannot use a {} value in for_each. An iterable collection is required.",
                ty.friendly_name()
            )
        } else if value.is_null() {
            "Cannot use a null value in for_each.".to_owned()
        } else {
            return Some(value);
        };
        diags.push(expr.location().error(
            Code::InvalidDynamicForEach,
            "Invalid dynamic for_each value",
            detail,
        ));
        None
    }

    /// The label expressions of `labels = [...]`, as many as the block
    /// type has labels.
    fn label_exprs(
        &self,
        header: &BlockHeaderSchema,
        expr: ExprRef<'a>,
        diags: &mut Diagnostics,
    ) -> Option<Vec<ExprRef<'a>>> {
        let labels = match expr.as_static_list() {
            Ok(labels) => labels,
            Err(found) => {
                diags.extend(found);
                return None;
            }
        };
        let want = header.label_names.len();
        if header.any_labels || labels.len() == want {
            return Some(labels);
        }
        let detail = format!(
            "Blocks of type \"{}\" require {want} label(s).",
            header.block_type
        );
        let diag = match labels.get(want) {
            Some(extra) => extra.location().error(
                Code::InvalidDynamicLabel,
                "Extraneous dynamic block label",
                detail,
            ),
            None => expr.location().error(
                Code::InvalidDynamicLabel,
                "Insufficient dynamic block labels",
                detail,
            ),
        };
        diags.push(diag);
        None
    }

    /// The block generated for one element, or `None` when a label fails.
    fn new_block(
        &self,
        spec: &Spec<'a>,
        dynamic: &Block<'a>,
        iteration: &'a Arc<Bindings>,
        unknown: bool,
        diags: &mut Diagnostics,
    ) -> Option<Block<'a>> {
        let mut labels = Vec::with_capacity(spec.labels.len());
        for expr in &spec.labels {
            let text = self.label(*expr, iteration, diags)?;
            labels.push(Label {
                value: self.store.keep_label(text),
                span: expr.span(),
                file: expr.file,
            });
        }
        let content = &spec.content;
        let type_span = dynamic.labels.first().map_or(dynamic.type_span, |l| l.span);
        Some(Block {
            block_type: spec.block_type,
            labels,
            body: self.child(
                content.body.clone(),
                Some(iteration),
                unknown || self.unknown,
            ),
            type_span,
            def_span: dynamic.def_span,
            open_brace_span: content.open_brace_span,
            close_brace_span: content.close_brace_span,
            span: dynamic.span,
            file: dynamic.file,
        })
    }

    /// One label's text for one element.
    fn label(
        &self,
        expr: ExprRef<'a>,
        iteration: &'a Arc<Bindings>,
        diags: &mut Diagnostics,
    ) -> Option<String> {
        let (value, found) = expr
            .bound(Some(iteration))
            .value_with_diagnostics(self.store.ctx);
        let failed = found.has_errors();
        diags.extend(found);
        if failed {
            return None;
        }
        let detail = match convert(&value, &Type::String) {
            Err(err) => format!("Cannot use this value as a dynamic block label: {err}."),
            Ok(v) if v.is_null() => "Cannot use a null value as a dynamic block label.".to_owned(),
            Ok(v) if !v.is_known() => "This value is not yet known. Dynamic block labels must be \
                                       immediately-known values."
                .to_owned(),
            Ok(v) => return v.as_str().map(str::to_owned),
        };
        diags.push(expr.location().error(
            Code::InvalidDynamicLabel,
            "Invalid dynamic block label",
            detail,
        ));
        None
    }
}
