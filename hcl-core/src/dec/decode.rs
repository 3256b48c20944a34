//! Decoding a body's content by a spec: the kinds that read one argument,
//! one expression or nothing of the body, and the walk over the rest.

use std::sync::Arc;

use crate::analysis::ExprRef;
use crate::diagnostic::{Code, Diagnostic, Diagnostics};
use crate::eval::EvalContext;
use crate::schema::{missing_argument, Attribute, Body, BodyContent, Label};
use crate::span::{SourceFile, Span};
use crate::types::{convert, Type};
use crate::value::{go_quote, Value};

use super::implied::transform_type;
use super::spec::{AttrSpec, BlockLabelSpec, Spec, TransformSpec};

/// What a spec decodes from: a body's content and the labels of the block
/// it is the body of (after those a keyed spec took).
pub(super) struct Scope<'c, 'a> {
    pub content: &'c BodyContent<'a>,
    pub labels: &'c [Label<'a>],
}

/// A place of a source file, owned, for diagnostics' subjects; `None`
/// where the reference's range is not in any file.
pub(super) type Place = Option<(Arc<SourceFile>, Span)>;

/// An error at `place`, or with no subject.
pub(super) fn error_at(place: &Place, code: Code, summary: String, detail: String) -> Diagnostic {
    let diag = Diagnostic::error(code, summary, detail);
    match place {
        Some((file, span)) => diag.with_subject(file, *span),
        None => diag,
    }
}

/// Where an item missing from the content would go.
pub(super) fn missing_place(content: &BodyContent<'_>) -> Place {
    content
        .missing_item
        .map(|at| (Arc::clone(at.file), at.span))
}

/// Reads `body` by `spec`'s implied schema, exhaustively or partially, and
/// decodes the content: the value, what a partial read left and the
/// diagnostics, the schema's first.
pub(super) fn decode_body<'a>(
    body: &Body<'a>,
    labels: &[Label<'a>],
    spec: &Spec,
    ctx: &EvalContext<'_>,
    partial: bool,
) -> (Value, Option<Body<'a>>, Diagnostics) {
    let schema = spec.implied_schema();
    let (content, rest, mut diags) = if partial {
        let (content, rest, diags) = body.partial_content_with_diagnostics(&schema);
        (content, Some(rest), diags)
    } else {
        let (content, diags) = body.content_with_diagnostics(&schema);
        (content, None, diags)
    };
    repeat_missing(spec, &content, &mut diags);
    let scope = Scope {
        content: &content,
        labels,
    };
    let value = spec.decode_in(&scope, ctx, &mut diags);
    (value, rest, diags)
}

/// The reference reports a missing required argument once per time its
/// schema lists it; a [`crate::schema::BodySchema`] lists it once, so the
/// other reports are added here.
fn repeat_missing(spec: &Spec, content: &BodyContent<'_>, diags: &mut Diagnostics) {
    let Some(at) = content.missing_item else {
        return;
    };
    for (name, count) in spec.required_counts() {
        if count > 1 && !content.attributes.contains_key(name) {
            for _ in 1..count {
                diags.push(missing_argument(at, name));
            }
        }
    }
}

impl Spec {
    /// The value of the spec in `scope`, its diagnostics added to `diags`.
    pub(super) fn decode_in(
        &self,
        scope: &Scope<'_, '_>,
        ctx: &EvalContext<'_>,
        diags: &mut Diagnostics,
    ) -> Value {
        match self {
            Spec::Object(attrs) => Value::object(
                attrs
                    .iter()
                    .map(|(k, s)| (k.as_str(), s.decode_in(scope, ctx, diags)))
                    .collect::<Vec<_>>(),
            ),
            Spec::Tuple(elements) => Value::tuple(
                elements
                    .iter()
                    .map(|s| s.decode_in(scope, ctx, diags))
                    .collect(),
            ),
            Spec::Attr(s) => decode_attr(s, scope, ctx, diags),
            Spec::Literal(value) => value.clone(),
            Spec::Expr(expr) => match expr.expr() {
                Ok(expr) => {
                    let (value, more) = evaluate(&expr, ctx);
                    diags.extend(more);
                    value
                }
                Err(more) => {
                    diags.extend(more);
                    Value::dynamic()
                }
            },
            Spec::Block(s) => s.decode_in(scope, ctx, diags),
            Spec::BlockSequence(s) => s.decode_in(scope, ctx, diags),
            Spec::BlockKeyed(s) => s.decode_in(scope, ctx, diags),
            Spec::BlockAttrs(s) => s.decode_in(scope, ctx, diags),
            Spec::BlockLabel(s) => decode_label(s, scope, diags),
            Spec::Default(primary, default) => {
                let value = primary.decode_in(scope, ctx, diags);
                match value.is_null() {
                    true => default.decode_in(scope, ctx, diags),
                    false => value,
                }
            }
            Spec::Transform(s) => decode_transform(s, scope, ctx, diags),
        }
    }
}

/// The value of an expression of the input. A context with neither
/// variables nor functions stands for the reference's absent context, in
/// which the strings of the JSON syntax are literal (`"${1 + 1}"` is that
/// text, not 2).
pub(super) fn evaluate(expr: &ExprRef<'_>, ctx: &EvalContext<'_>) -> (Value, Diagnostics) {
    let absent = ctx.variables().is_none() && ctx.functions().is_none() && ctx.parent().is_none();
    match absent {
        true => expr.literal_value_with_diagnostics(),
        false => expr.value_with_diagnostics(ctx),
    }
}

/// An argument's value converted to the spec's type: null when absent,
/// unknown when it does not convert.
fn decode_attr(
    spec: &AttrSpec,
    scope: &Scope<'_, '_>,
    ctx: &EvalContext<'_>,
    diags: &mut Diagnostics,
) -> Value {
    let Some(attr) = scope.content.attributes.get(&spec.name) else {
        return Value::null(spec.ty.clone());
    };
    let (value, more) = evaluate(&attr.expr, ctx);
    diags.extend(more);
    match convert(&value, &spec.ty) {
        Ok(value) => value,
        Err(err) => {
            diags.push(conversion_error(
                attr,
                "Incorrect attribute value type",
                format!(
                    "Inappropriate value for attribute {}: {err}.",
                    go_quote(&spec.name)
                ),
            ));
            Value::unknown(spec.ty.clone())
        }
    }
}

/// An error about an argument's value that does not convert: at the
/// value, in the context of the whole argument.
pub(super) fn conversion_error(attr: &Attribute<'_>, summary: &str, detail: String) -> Diagnostic {
    let expr = attr.expr.location();
    Diagnostic::error(Code::IncorrectValueType, summary, detail)
        .with_subject(expr.file, expr.span)
        .with_context(attr.file, attr.name_span.to(expr.span))
}

/// A label of the enclosing block; an error outside a block, where the
/// reference fails.
fn decode_label(spec: &BlockLabelSpec, scope: &Scope<'_, '_>, diags: &mut Diagnostics) -> Value {
    match scope.labels.get(spec.index) {
        Some(label) => Value::string(label.value),
        None => {
            diags.push(error_at(
                &missing_place(scope.content),
                Code::InvalidSchema,
                "Block label outside a block".to_owned(),
                format!(
                    "The block label spec {} (index {}) is used where no block has that label.",
                    go_quote(&spec.name),
                    spec.index
                ),
            ));
            Value::unknown(Type::String)
        }
    }
}

/// The transform's expression evaluated with the wrapped spec's value;
/// unknown, without evaluating, when that value has errors.
fn decode_transform(
    spec: &TransformSpec,
    scope: &Scope<'_, '_>,
    ctx: &EvalContext<'_>,
    diags: &mut Diagnostics,
) -> Value {
    let mut own = Diagnostics::default();
    let wrapped = spec.wrapped.decode_in(scope, ctx, &mut own);
    let failed = own.has_errors();
    diags.extend(own);
    if failed {
        return Value::unknown(transform_type(spec));
    }
    let (value, more) = spec.evaluate(wrapped);
    diags.extend(more);
    value
}
