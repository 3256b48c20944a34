//! Attribute access, indexing and splats.

use super::expr::{Evaluator, Outcome, Scope};
use crate::ast::Expression;
use crate::diagnostic::{Code, Diagnostics};
use crate::span::Span;
use crate::types::{convert, Type};
use crate::value::{DeepSize, Number, Value};

const INVALID_INDEX: &str = "Invalid index";

fn fail(ev: &Evaluator<'_, '_>, code: Code, summary: &str, detail: &str, span: Span) -> Outcome {
    (
        Value::dynamic(),
        ev.error(code, summary, detail.to_owned(), span).into(),
    )
}

fn ok(value: Value) -> Outcome {
    (value, Diagnostics::default())
}

/// `collection[key]`, as the reference's `hcl.Index`.
pub(super) fn index(ev: &Evaluator<'_, '_>, coll: &Value, key: &Value, span: Span) -> Outcome {
    if coll.is_null() {
        return fail(
            ev,
            Code::IndexOfNull,
            "Attempt to index null value",
            "This value is null, so it does not have any indices.",
            span,
        );
    }
    if key.is_null() {
        return fail(
            ev,
            Code::InvalidIndex,
            INVALID_INDEX,
            "Can't use a null value as an indexing key.",
            span,
        );
    }
    let ty = coll.ty();
    if key.ty().is_dynamic() || ty.is_dynamic() {
        return ok(Value::dynamic());
    }
    let not_found = "The given key does not identify an element in this collection value";
    if ty.is_list() || ty.is_tuple() || ty.is_map() {
        let want = if ty.is_map() {
            Type::String
        } else {
            Type::Number
        };
        let key = match convert(key, &want) {
            Ok(k) => k,
            Err(err) => {
                return fail(
                    ev,
                    Code::InvalidIndex,
                    INVALID_INDEX,
                    &format!("{not_found}: {err}."),
                    span,
                )
            }
        };
        if !coll.is_known() || !key.is_known() {
            return ok(if ty.is_tuple() {
                Value::dynamic()
            } else {
                Value::unknown(ty.element_type().cloned().unwrap_or(Type::Dynamic))
            });
        }
        if let Some(v) = coll.index(&key) {
            return ok(v);
        }
        if let Some(n) = key.as_number() {
            // An infinity is not a whole number either.
            if !n.is_integer() || n.is_infinite() {
                return fail(
                    ev,
                    Code::InvalidIndex,
                    INVALID_INDEX,
                    &format!(
                        "{not_found}: indexing a sequence requires a whole number, but the given \
                         index has a fractional part."
                    ),
                    span,
                );
            }
            if n.is_sign_negative() && !n.is_zero() {
                return fail(
                    ev,
                    Code::InvalidIndex,
                    INVALID_INDEX,
                    &format!("{not_found}: a negative number is not a valid index for a sequence."),
                    span,
                );
            }
            // The reference explains only an index equal to the length (the
            // first one past the end); one further past gets the plain
            // message below.
            let len = coll
                .length()
                .map(|l| Number::from_i64(i64::try_from(l).unwrap_or(i64::MAX)));
            if let Some(len) = len.filter(|len| n <= len) {
                let detail = if len.is_zero() {
                    format!("{not_found}: the collection has no elements.")
                } else {
                    format!(
                        "{not_found}: the given index is greater than or equal to the length of \
                         the collection."
                    )
                };
                return fail(ev, Code::InvalidIndex, INVALID_INDEX, &detail, span);
            }
        }
        return fail(
            ev,
            Code::InvalidIndex,
            INVALID_INDEX,
            &format!("{not_found}."),
            span,
        );
    }
    if ty.is_object() {
        let was_number = key.ty() == &Type::Number;
        let key = match convert(key, &Type::String) {
            Ok(k) => k,
            Err(err) => {
                return fail(
                    ev,
                    Code::InvalidIndex,
                    INVALID_INDEX,
                    &format!("{not_found}: {err}."),
                    span,
                )
            }
        };
        if !coll.is_known() || !key.is_known() {
            return ok(Value::dynamic());
        }
        let name = key.as_str().unwrap_or_default();
        if ty.attribute_type(name).is_none() {
            let hint = if was_number {
                " An object only supports looking up attributes by name, not by numeric index."
            } else {
                ""
            };
            return fail(
                ev,
                Code::InvalidIndex,
                INVALID_INDEX,
                &format!("{not_found}.{hint}"),
                span,
            );
        }
        return ok(coll.get_attr(name).unwrap_or_else(Value::dynamic));
    }
    if ty.is_set() {
        return fail(
            ev,
            Code::InvalidIndex,
            INVALID_INDEX,
            "Elements of a set are identified only by their value and don't have any separate \
             index or key to select with, so it's only possible to perform operations across all \
             elements of the set.",
            span,
        );
    }
    fail(
        ev,
        Code::InvalidIndex,
        INVALID_INDEX,
        "This value does not have any indices.",
        span,
    )
}

/// `object.name`, as the reference's `hcl.GetAttr`.
pub(super) fn get_attr(ev: &Evaluator<'_, '_>, obj: &Value, name: &str, span: Span) -> Outcome {
    const UNSUPPORTED: &str = "Unsupported attribute";
    if obj.is_null() {
        return fail(
            ev,
            Code::AttributeOfNull,
            "Attempt to get attribute from null value",
            "This value is null, so it does not have any attributes.",
            span,
        );
    }
    let ty = obj.ty();
    if ty.is_object() {
        let Some(attr_ty) = ty.attribute_type(name) else {
            return fail(
                ev,
                Code::UnsupportedAttribute,
                UNSUPPORTED,
                &format!("This object does not have an attribute named \"{name}\"."),
                span,
            );
        };
        if !obj.is_known() {
            return ok(Value::unknown(attr_ty.clone()));
        }
        return ok(obj.get_attr(name).unwrap_or_else(Value::dynamic));
    }
    if ty.is_map() {
        if !obj.is_known() {
            return ok(Value::unknown(
                ty.element_type().cloned().unwrap_or(Type::Dynamic),
            ));
        }
        return match obj.index(&Value::string(name)) {
            Some(v) => ok(v),
            None => fail(
                ev,
                Code::MissingMapElement,
                "Missing map element",
                &format!("This map does not have an element with the key \"{name}\"."),
                span,
            ),
        };
    }
    if ty.is_dynamic() {
        return ok(Value::dynamic());
    }
    let element_is_object = ty.element_type().is_some_and(Type::is_object);
    if ty.is_list() && element_is_object {
        let has = ty
            .element_type()
            .and_then(|e| e.attribute_type(name))
            .is_some();
        let detail = if has {
            format!(
                "Can't access attributes on a list of objects. Did you mean to access attribute \
                 \"{name}\" for a specific element of the list, or across all elements of the \
                 list?"
            )
        } else {
            "Can't access attributes on a list of objects. Did you mean to access an attribute \
             for a specific element of the list, or across all elements of the list?"
                .to_owned()
        };
        return fail(ev, Code::UnsupportedAttribute, UNSUPPORTED, &detail, span);
    }
    if ty.is_set() && element_is_object {
        return fail(
            ev,
            Code::UnsupportedAttribute,
            UNSUPPORTED,
            "Can't access attributes on a set of objects. Did you mean to access an attribute \
             across all elements of the set?",
            span,
        );
    }
    if ty.is_primitive() {
        return fail(
            ev,
            Code::UnsupportedAttribute,
            UNSUPPORTED,
            &format!(
                "Can't access attributes on a primitive-typed value ({}).",
                ty.friendly_name()
            ),
            span,
        );
    }
    fail(
        ev,
        Code::UnsupportedAttribute,
        UNSUPPORTED,
        "This value does not have any attributes.",
        span,
    )
}

impl Evaluator<'_, '_> {
    /// `source[*].each` and `source.*.each`.
    pub(super) fn splat(
        &mut self,
        source: &Expression<'_>,
        each: &Expression<'_>,
        marker_span: Span,
        span: Span,
        scope: Option<&Scope<'_>>,
    ) -> Outcome {
        let (source_value, mut diags) = self.eval(source, scope);
        if diags.has_errors() {
            return (Value::dynamic(), diags);
        }
        let source_ty = source_value.ty().clone();
        let auto_upgrade = !(source_ty.is_tuple() || source_ty.is_list() || source_ty.is_set());
        if source_value.is_null() {
            if auto_upgrade {
                return (Value::empty_tuple(), diags);
            }
            diags.push(self.error_in(
                Code::SplatOfNull,
                "Splat of null value",
                "Splat expressions (with the * symbol) cannot be applied to null sequences.".into(),
                source.span,
                source.span.to(marker_span),
            ));
            return (Value::dynamic(), diags);
        }
        if source_ty.is_dynamic() {
            return (Value::dynamic(), diags);
        }
        let mut upgraded_unknown = false;
        let source_value = if auto_upgrade {
            // An unknown that may turn out null may give no element.
            upgraded_unknown =
                !source_value.is_known() && !source_value.range().definitely_not_null();
            Value::tuple(vec![source_value])
        } else {
            source_value
        };
        if !source_value.is_known() {
            let (ty, ty_diags) = self.splat_result_type(source_value.ty(), each, scope);
            diags.extend(ty_diags);
            // Not null, and a list as long as the source.
            let range = source_value.range();
            let result = Value::unknown(ty)
                .refine()
                .not_null()
                .length_lower_bound(range.length_lower_bound())
                .length_upper_bound(range.length_upper_bound())
                .build();
            return (result, diags);
        }
        let mut values = Vec::new();
        let mut known = true;
        for (_, item) in source_value.element_pairs().unwrap_or_default() {
            if !self.charge(DeepSize::ONE, span) {
                return (Value::dynamic(), diags);
            }
            self.splat_items.push(item);
            let (value, item_diags) = self.eval(each, scope);
            self.splat_items.pop();
            if !self.charge(value.deep_size().less_one(), span) {
                return (Value::dynamic(), diags);
            }
            if item_diags.has_errors() {
                known = false;
            }
            diags.extend(item_diags);
            values.push(value);
        }
        if upgraded_unknown {
            return (Value::dynamic(), diags);
        }
        if !known {
            let (ty, _) = self.splat_result_type(source_value.ty(), each, scope);
            return (Value::unknown(ty), diags);
        }
        let ty = source_value.ty();
        if ty.is_list() || ty.is_set() {
            if values.is_empty() {
                let (ty, ty_diags) = self.splat_result_type(ty, each, scope);
                diags.extend(ty_diags);
                let element = ty.element_type().cloned().unwrap_or(Type::Dynamic);
                return match Value::list(element, Vec::new()) {
                    Ok(v) => (v, diags),
                    Err(_) => (Value::dynamic(), diags),
                };
            }
            return match Value::list_infer(values) {
                Ok(v) => (v, diags),
                Err(err) => {
                    diags.push(self.error(
                        Code::InconsistentSplatTypes,
                        "Inconsistent splat result types",
                        format!(
                            "The splat expression produced elements of different types, which \
                             cannot form a list: {err}."
                        ),
                        span,
                    ));
                    (Value::dynamic(), diags)
                }
            };
        }
        (Value::tuple(values), diags)
    }

    /// The type a splat would produce, from its elements' types alone.
    fn splat_result_type(
        &mut self,
        source_ty: &Type,
        each: &Expression<'_>,
        scope: Option<&Scope<'_>>,
    ) -> (Type, Diagnostics) {
        let mut diags = Diagnostics::default();
        let element_type = |ev: &mut Self, ty: &Type, diags: &mut Diagnostics| {
            ev.splat_items.push(Value::unknown(ty.clone()));
            let (value, item_diags) = ev.eval(each, scope);
            ev.splat_items.pop();
            diags.extend(item_diags);
            value.ty().clone()
        };
        if source_ty.is_list() || source_ty.is_set() {
            let ety = source_ty.element_type().cloned().unwrap_or(Type::Dynamic);
            let result = element_type(self, &ety, &mut diags);
            return (Type::list(result), diags);
        }
        if let Some(etys) = source_ty.tuple_element_types() {
            let etys = etys.to_vec();
            let result = etys
                .iter()
                .map(|ety| element_type(self, ety, &mut diags))
                .collect();
            return (Type::tuple(result), diags);
        }
        (Type::Dynamic, diags)
    }
}
