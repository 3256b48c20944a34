//! Templates: interpolation, `%{ if }` and `%{ for }`.

use super::expr::{Evaluator, ForBody, ForParts, Outcome, Scope};
use crate::ast::{Template, TemplateFor, TemplatePart};
use crate::diagnostic::{Code, Diagnostics};
use crate::span::Span;
use crate::types::{convert, Type};
use crate::value::Value;

const INVALID_VALUE: &str = "Invalid template interpolation value";

/// The most bytes of a template's known start that its unknown result
/// keeps as the prefix of its refinements.
const PREFIX_MAX_BYTES: usize = 128;

impl Evaluator<'_, '_> {
    /// A template's value: the string of its parts; if any part is unknown,
    /// an unknown string, not null, starting with the parts before it.
    pub(crate) fn template(
        &mut self,
        template: &Template<'_>,
        span: Span,
        scope: Option<&Scope<'_>>,
    ) -> Outcome {
        let mut out = String::new();
        let mut diags = Diagnostics::default();
        let mut known = true;
        let mut prefix_len = 0;
        for part in &template.parts {
            let (value, part_span) = match part {
                TemplatePart::Literal(text, literal_span) => {
                    if !self.charge_bytes(text.len(), *literal_span) {
                        return (Value::dynamic(), diags);
                    }
                    out.push_str(text);
                    continue;
                }
                TemplatePart::Interpolation(expr) => {
                    let (v, d) = self.eval(expr, scope);
                    diags.extend(d);
                    (v, expr.span)
                }
                TemplatePart::If(if_part) => {
                    let t = self.template(&if_part.then_template, if_part.span, scope);
                    let f = self.template(&if_part.else_template, if_part.span, scope);
                    let (v, d) = self.conditional(
                        &if_part.condition,
                        t,
                        f,
                        (if_part.span, if_part.span),
                        if_part.span,
                        scope,
                    );
                    diags.extend(d);
                    (v, if_part.span)
                }
                TemplatePart::For(for_part) => {
                    let (v, d) = self.template_for(for_part, scope);
                    diags.extend(d);
                    (v, for_part.span)
                }
            };
            if value.is_null() {
                diags.push(
                    self.error_in(
                        Code::InvalidTemplateValue,
                        INVALID_VALUE,
                        "The expression result is null. Cannot include a null value in a string \
                     template."
                            .into(),
                        part_span,
                        span,
                    ),
                );
                continue;
            }
            if !value.is_known() {
                if known {
                    known = false;
                    prefix_len = out.len();
                }
                continue;
            }
            match convert(&value, &Type::String) {
                Ok(s) => {
                    let s = s.as_str().unwrap_or_default();
                    if !self.charge_bytes(s.len(), part_span) {
                        return (Value::dynamic(), diags);
                    }
                    out.push_str(s);
                }
                Err(err) => diags.push(self.error_in(
                    Code::InvalidTemplateValue,
                    INVALID_VALUE,
                    format!("Cannot include the given value in a string template: {err}."),
                    part_span,
                    span,
                )),
            }
        }
        if known {
            return (Value::string(out), diags);
        }
        let mut result = Value::unknown(Type::String).refine().not_null();
        if !diags.has_errors() {
            // What comes before the first unknown part starts the result;
            // as the reference, at most its first 128 bytes are kept.
            let mut end = prefix_len.min(PREFIX_MAX_BYTES);
            while !out.is_char_boundary(end) {
                end -= 1;
            }
            result = result.string_prefix(out.get(..end).unwrap_or_default());
        }
        (result.build(), diags)
    }

    /// `%{ for }`: a tuple for expression over the body, joined.
    fn template_for(&mut self, for_part: &TemplateFor<'_>, scope: Option<&Scope<'_>>) -> Outcome {
        let span = for_part.span;
        let parts = ForParts {
            key_var: for_part.key_var,
            value_var: for_part.value_var,
            collection: &for_part.collection,
            key_expr: None,
            body: ForBody::Template(&for_part.body, span),
            condition: None,
            group: false,
        };
        let (tuple, mut diags) = self.for_expr(&parts, span, scope);
        if tuple.ty().is_dynamic() || !tuple.is_known() {
            return (Value::unknown(Type::String), diags);
        }
        let mut out = String::new();
        for element in tuple.elements().unwrap_or_default() {
            if element.is_null() {
                diags.push(
                    self.error(
                        Code::InvalidTemplateValue,
                        INVALID_VALUE,
                        "An iteration result is null. Cannot include a null value in a string \
                     template."
                            .into(),
                        span,
                    ),
                );
                continue;
            }
            if element.ty().is_dynamic() {
                return (Value::unknown(Type::String), diags);
            }
            match convert(element, &Type::String) {
                Ok(s) => match s.as_str() {
                    Some(s) => {
                        if !self.charge_bytes(s.len(), span) {
                            return (Value::dynamic(), diags);
                        }
                        out.push_str(s);
                    }
                    None => return (Value::unknown(Type::String), diags),
                },
                Err(err) => diags.push(self.error(
                    Code::InvalidTemplateValue,
                    INVALID_VALUE,
                    format!(
                        "Cannot include one of the interpolation results into the string \
                         template: {err}."
                    ),
                    span,
                )),
            }
        }
        (Value::string(out), diags)
    }
}
