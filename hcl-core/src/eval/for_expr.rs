//! `for` expressions and `%{ for }` directives: iterating a collection,
//! binding its keys and values, filtering, and grouping.

use std::collections::BTreeMap;

use super::expr::{Evaluator, Outcome, Scope};
use crate::ast::{Expression, Template};
use crate::diagnostic::Code;
use crate::span::Span;
use crate::types::{convert, Type};
use crate::value::{go_quote, DeepSize, Value};

/// What a `for` expression computes for each element.
pub(super) enum ForBody<'e, 's> {
    /// The value expression of a `for` expression.
    Expr(&'e Expression<'s>),
    /// The body of a `%{ for }` template directive.
    Template(&'e Template<'s>, Span),
}

/// The parts of a `for` expression or a `%{ for }` directive.
pub(super) struct ForParts<'e, 's> {
    pub(super) key_var: Option<&'s str>,
    pub(super) value_var: &'s str,
    pub(super) collection: &'e Expression<'s>,
    pub(super) key_expr: Option<&'e Expression<'s>>,
    pub(super) body: ForBody<'e, 's>,
    pub(super) condition: Option<&'e Expression<'s>>,
    pub(super) group: bool,
}

impl Evaluator<'_, '_> {
    fn for_body(&mut self, body: &ForBody<'_, '_>, scope: Option<&Scope<'_>>) -> Outcome {
        match body {
            ForBody::Expr(expr) => self.eval(expr, scope),
            ForBody::Template(template, span) => self.template(template, *span, scope),
        }
    }

    pub(super) fn for_expr(
        &mut self,
        f: &ForParts<'_, '_>,
        span: Span,
        scope: Option<&Scope<'_>>,
    ) -> Outcome {
        let (collection, mut diags) = self.eval(f.collection, scope);
        if collection.is_null() {
            diags.push(self.error_in(
                Code::IterationOverNull,
                "Iteration over null value",
                "A null value cannot be used as the collection in a 'for' expression.".into(),
                f.collection.span,
                span,
            ));
            return (Value::dynamic(), diags);
        }
        let ty = collection.ty().clone();
        if ty.is_dynamic() {
            return (Value::dynamic(), diags);
        }
        if !(ty.is_collection() || ty.is_object() || ty.is_tuple()) {
            diags.push(self.error_in(
                Code::IterationOverNonIterable,
                "Iteration over non-iterable value",
                format!(
                    "A value of type {} cannot be used as the collection in a 'for' expression.",
                    ty.friendly_name()
                ),
                f.collection.span,
                span,
            ));
            return (Value::dynamic(), diags);
        }
        if !collection.is_known() {
            return (Value::dynamic(), diags);
        }
        if let Some(cond) = f.condition {
            // A first look at the condition with unknown variables catches
            // errors that do not depend on the elements.
            let probe = Scope {
                key: f.key_var.map(|k| (k, Value::dynamic())),
                value: (f.value_var, Value::dynamic()),
                parent: scope,
            };
            let (result, cond_diags) = self.eval(cond, Some(&probe));
            let failed = cond_diags.has_errors();
            diags.extend(cond_diags);
            if result.is_null() {
                diags.push(self.error_in(
                    Code::NullCondition,
                    "Condition is null",
                    "The value of the 'if' clause must not be null.".into(),
                    cond.span,
                    span,
                ));
                return (Value::dynamic(), diags);
            }
            if let Err(err) = convert(&result, &Type::Bool) {
                diags.push(self.error_in(
                    Code::IncorrectConditionType,
                    "Invalid 'for' condition",
                    format!("The 'if' clause value is invalid: {err}."),
                    cond.span,
                    span,
                ));
                return (Value::dynamic(), diags);
            }
            if failed {
                return (Value::dynamic(), diags);
            }
        }
        let pairs = collection.element_pairs().unwrap_or_default();
        let mut known = true;
        let mut tuple = Vec::new();
        let mut object: BTreeMap<String, Value> = BTreeMap::new();
        let mut groups: BTreeMap<String, Vec<Value>> = BTreeMap::new();
        for (k, v) in pairs {
            // Each iteration counts as one value (the element it makes,
            // if any, counts the rest of its size below).
            if !self.charge(DeepSize::ONE, span) {
                return (Value::dynamic(), diags);
            }
            let inner = Scope {
                key: f.key_var.map(|name| (name, k)),
                value: (f.value_var, v),
                parent: scope,
            };
            if let Some(cond) = f.condition {
                let (include, cond_diags) = self.eval(cond, Some(&inner));
                diags.extend(cond_diags);
                if include.is_null() {
                    if known {
                        diags.push(self.error_in(
                            Code::NullCondition,
                            "Invalid 'for' condition",
                            "The value of the 'if' clause must not be null.".into(),
                            cond.span,
                            span,
                        ));
                    }
                    known = false;
                    continue;
                }
                if f.key_expr.is_none() && !include.is_known() {
                    known = false;
                    continue;
                }
                let include = match convert(&include, &Type::Bool) {
                    Ok(b) => b,
                    Err(err) => {
                        if known {
                            diags.push(self.error_in(
                                Code::IncorrectConditionType,
                                "Invalid 'for' condition",
                                format!("The 'if' clause value is invalid: {err}."),
                                cond.span,
                                span,
                            ));
                        }
                        known = false;
                        continue;
                    }
                };
                match include.as_bool() {
                    None => {
                        known = false;
                        continue;
                    }
                    Some(false) => continue,
                    Some(true) => {}
                }
            }
            let Some(key_expr) = f.key_expr else {
                let (value, value_diags) = self.for_body(&f.body, Some(&inner));
                diags.extend(value_diags);
                if !self.charge(value.deep_size().less_one(), span) {
                    return (Value::dynamic(), diags);
                }
                tuple.push(value);
                continue;
            };
            let (key, key_diags) = self.eval(key_expr, Some(&inner));
            diags.extend(key_diags);
            if key.is_null() {
                if known {
                    diags.push(self.error_in(
                        Code::InvalidObjectKey,
                        "Invalid object key",
                        "Key expression in 'for' expression must not produce a null value.".into(),
                        key_expr.span,
                        span,
                    ));
                }
                known = false;
                continue;
            }
            if !key.is_known() {
                known = false;
                continue;
            }
            let key = match convert(&key, &Type::String) {
                Ok(k) => k.as_str().unwrap_or_default().to_owned(),
                Err(err) => {
                    if known {
                        diags.push(self.error_in(
                            Code::InvalidObjectKey,
                            "Invalid object key",
                            format!("The key expression produced an invalid result: {err}."),
                            key_expr.span,
                            span,
                        ));
                    }
                    known = false;
                    continue;
                }
            };
            let key = crate::value::normalize_string(&key).into_owned();
            let (value, value_diags) = self.for_body(&f.body, Some(&inner));
            diags.extend(value_diags);
            if !self.charge(value.deep_size().less_one(), span)
                || !self.charge_bytes(key.len(), span)
            {
                return (Value::dynamic(), diags);
            }
            if f.group {
                groups.entry(key).or_default().push(value);
            } else {
                match object.entry(key) {
                    std::collections::btree_map::Entry::Occupied(entry) => {
                        let key = entry.key();
                        diags.push(self.error_in(
                            Code::DuplicateObjectKey,
                            "Duplicate object key",
                            format!(
                                "Two different items produced the key {} in this 'for' \
                                 expression. If duplicates are expected, use the ellipsis (...) \
                                 after the value expression to enable grouping by key.",
                                go_quote(key)
                            ),
                            key_expr.span,
                            span,
                        ));
                    }
                    std::collections::btree_map::Entry::Vacant(entry) => {
                        entry.insert(value);
                    }
                }
            }
        }
        if !known {
            return (Value::dynamic(), diags);
        }
        if f.key_expr.is_none() {
            return (Value::tuple(tuple), diags);
        }
        if f.group {
            let grouped = groups.into_iter().map(|(k, vs)| (k, Value::tuple(vs)));
            return (Value::object(grouped), diags);
        }
        (Value::object(object), diags)
    }
}
