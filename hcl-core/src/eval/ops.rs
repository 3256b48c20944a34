//! Unary and binary operators, with the reference's argument rules: each
//! operand is converted to the operator's parameter type, a null operand is
//! an error, and an unknown operand makes the result unknown (and not
//! null), except that comparisons and equality answer from what the
//! refinements of unknown operands tell.

use std::cmp::Ordering;

use super::expr::{Evaluator, Outcome, Scope};
use crate::ast::{BinaryOp, Expression, UnaryOp};
use crate::diagnostic::{Code, Diagnostics};
use crate::span::Span;
use crate::types::{convert, Type};
use crate::value::{go_quote, Number, Value};

/// The parameter type of an operator's operands and its result type (also
/// what the static checker types operators with).
pub(crate) fn binary_types(op: BinaryOp) -> (Type, Type) {
    match op {
        BinaryOp::Or | BinaryOp::And => (Type::Bool, Type::Bool),
        BinaryOp::Equal | BinaryOp::NotEqual => (Type::Dynamic, Type::Bool),
        BinaryOp::Less | BinaryOp::LessOrEqual | BinaryOp::Greater | BinaryOp::GreaterOrEqual => {
            (Type::Number, Type::Bool)
        }
        BinaryOp::Add
        | BinaryOp::Subtract
        | BinaryOp::Multiply
        | BinaryOp::Divide
        | BinaryOp::Modulo => (Type::Number, Type::Number),
    }
}

impl Evaluator<'_, '_> {
    pub(super) fn binary(
        &mut self,
        op: BinaryOp,
        lhs: &Expression<'_>,
        rhs: &Expression<'_>,
        span: Span,
        scope: Option<&Scope<'_>>,
    ) -> Outcome {
        let (param, result_type) = binary_types(op);
        let (lhs_value, mut diags) = self.eval(lhs, scope);
        let (rhs_value, rhs_diags) = self.eval(rhs, scope);
        diags.extend(rhs_diags);
        let lhs_value = self.operand(
            &lhs_value,
            &param,
            "left operand",
            lhs.span,
            span,
            &mut diags,
        );
        let rhs_value = self.operand(
            &rhs_value,
            &param,
            "right operand",
            rhs.span,
            span,
            &mut diags,
        );
        if diags.has_errors() {
            return (Value::unknown(result_type), diags);
        }
        let (Some(a), Some(b)) = (lhs_value, rhs_value) else {
            return (Value::unknown(result_type), diags);
        };
        if param != Type::Dynamic {
            if a.is_null() || b.is_null() {
                return self.operation_failed(
                    "argument must not be null",
                    span,
                    result_type,
                    diags,
                );
            }
            if (!a.is_known() || !b.is_known()) && !is_comparison(op) {
                return (Value::unknown(result_type).refine_not_null(), diags);
            }
        }
        if matches!(op, BinaryOp::Equal | BinaryOp::NotEqual)
            && !self.charge(a.deep_size().plus(b.deep_size()), span)
        {
            return (Value::unknown(result_type), diags);
        }
        let result = match op {
            BinaryOp::Equal => Ok(a.equals(&b)),
            BinaryOp::NotEqual => Ok(not(&a.equals(&b))),
            BinaryOp::And | BinaryOp::Or => {
                let (x, y) = (a.as_bool().unwrap_or(false), b.as_bool().unwrap_or(false));
                Ok(Value::bool(if op == BinaryOp::And {
                    x && y
                } else {
                    x || y
                }))
            }
            BinaryOp::Less => Ok(a.less_than(&b)),
            BinaryOp::LessOrEqual => Ok(a.less_or_equal(&b)),
            BinaryOp::Greater => Ok(a.greater_than(&b)),
            BinaryOp::GreaterOrEqual => Ok(a.greater_or_equal(&b)),
            _ => match (a.as_number(), b.as_number()) {
                (Some(x), Some(y)) => arithmetic(op, x, y),
                _ => Ok(Value::unknown(result_type.clone()).refine_not_null()),
            },
        };
        match result {
            Ok(v) => (v, diags),
            Err(message) => self.operation_failed(message, span, result_type, diags),
        }
    }

    pub(super) fn unary(
        &mut self,
        op: UnaryOp,
        operand: &Expression<'_>,
        span: Span,
        scope: Option<&Scope<'_>>,
    ) -> Outcome {
        let ty = match op {
            UnaryOp::Negate => Type::Number,
            UnaryOp::Not => Type::Bool,
        };
        let (value, mut diags) = self.eval(operand, scope);
        let value = self.operand(&value, &ty, "unary operand", operand.span, span, &mut diags);
        if diags.has_errors() {
            return (Value::unknown(ty), diags);
        }
        let Some(value) = value else {
            return (Value::unknown(ty), diags);
        };
        if value.is_null() {
            return self.operation_failed("argument must not be null", span, ty, diags);
        }
        if !value.is_known() {
            return (Value::unknown(ty).refine_not_null(), diags);
        }
        let result = match op {
            UnaryOp::Negate => value.as_number().map_or_else(
                || Value::unknown(Type::Number).refine_not_null(),
                |n| Value::number(n.neg()),
            ),
            UnaryOp::Not => not(&value),
        };
        (result, diags)
    }

    /// Converts an operand to its parameter type, reporting a failure.
    fn operand(
        &self,
        value: &Value,
        ty: &Type,
        which: &str,
        subject: Span,
        context: Span,
        diags: &mut Diagnostics,
    ) -> Option<Value> {
        match convert(value, ty) {
            Ok(v) => Some(v),
            Err(err) => {
                diags.push(self.error_in(
                    Code::InvalidOperand,
                    "Invalid operand",
                    format!("Unsuitable value for {which}: {err}."),
                    subject,
                    context,
                ));
                None
            }
        }
    }

    fn operation_failed(
        &self,
        message: &str,
        span: Span,
        result_type: Type,
        mut diags: Diagnostics,
    ) -> Outcome {
        diags.push(self.error(
            Code::OperationFailed,
            "Operation failed",
            format!("Error during operation: {message}."),
            span,
        ));
        (Value::unknown(result_type), diags)
    }
}

/// The operators that answer from the bounds of unknown operands.
fn is_comparison(op: BinaryOp) -> bool {
    matches!(
        op,
        BinaryOp::Less | BinaryOp::LessOrEqual | BinaryOp::Greater | BinaryOp::GreaterOrEqual
    )
}

/// `!`: the negation of a known bool; an unknown, not null, otherwise.
fn not(value: &Value) -> Value {
    match value.as_bool() {
        Some(b) => Value::bool(!b),
        None => Value::unknown(Type::Bool).refine_not_null(),
    }
}

fn arithmetic(op: BinaryOp, x: &Number, y: &Number) -> Result<Value, &'static str> {
    let number = |n: Option<Number>, message| n.map(Value::number).ok_or(message);
    match op {
        BinaryOp::Add => number(x.add(y), "can't compute sum of opposing infinities"),
        BinaryOp::Subtract => number(x.sub(y), "can't subtract infinity from itself"),
        BinaryOp::Multiply => number(x.mul(y), "can't multiply zero by infinity"),
        BinaryOp::Divide => number(
            x.div(y),
            "can't divide zero by zero or infinity by infinity",
        ),
        BinaryOp::Modulo => number(x.rem(y), "can't use modulo with zero and infinity"),
        _ => Err("unsupported operator"),
    }
}

/// The result of a conditional whose condition is unknown, as the
/// reference makes it: null if both results are; otherwise unknown, not
/// null if neither result may be null, and, for two numbers or two
/// collections of the same type, within the bounds that hold for both
/// (the lower of the lower bounds, the higher of the upper ones).
pub(super) fn unknown_conditional(result_type: Type, t: &Value, f: &Value) -> Value {
    if t.is_null() && f.is_null() {
        return Value::null(result_type);
    }
    let (tr, fr) = (t.range(), f.range());
    let both_not_null = tr.definitely_not_null() && fr.definitely_not_null();
    let base = |ty: Type| {
        let r = Value::unknown(ty).refine();
        if both_not_null {
            r.not_null()
        } else {
            r
        }
    };
    if t.ty() == &Type::Number && f.ty() == &Type::Number {
        let mut r = base(Type::Number);
        let lower = wider_bound(
            tr.number_lower_bound(),
            fr.number_lower_bound(),
            Ordering::Less,
        );
        if let Some((n, inclusive)) = lower {
            r = r.number_lower_bound(n, inclusive);
        }
        let upper = wider_bound(
            tr.number_upper_bound(),
            fr.number_upper_bound(),
            Ordering::Greater,
        );
        if let Some((n, inclusive)) = upper {
            r = r.number_upper_bound(n, inclusive);
        }
        return r.build();
    }
    if t.ty().is_collection() && t.ty() == f.ty() {
        return base(result_type)
            .length_lower_bound(tr.length_lower_bound().min(fr.length_lower_bound()))
            .length_upper_bound(tr.length_upper_bound().max(fr.length_upper_bound()))
            .build();
    }
    base(result_type).build()
}

/// Of two bounds on the same side (`None` for none), the one further out,
/// `outward` being the direction away from the range: inclusive if
/// either is, when they are the same number.
fn wider_bound<'a>(
    a: Option<(&'a Number, bool)>,
    b: Option<(&'a Number, bool)>,
    outward: Ordering,
) -> Option<(&'a Number, bool)> {
    let ((x, x_inclusive), (y, y_inclusive)) = (a?, b?);
    Some(match x.cmp(y) {
        Ordering::Equal => (y, x_inclusive || y_inclusive),
        o if o == outward => (x, x_inclusive),
        _ => (y, y_inclusive),
    })
}

/// Says how the types of a conditional's two results differ, as the
/// reference does: for two objects the first attribute (by name) that one
/// lacks or whose types differ, for two tuples their lengths or the first
/// differing element, for two collections of the same kind of structures
/// their element types; else both types' names.
pub(super) fn describe_type_mismatch(true_ty: &Type, false_ty: &Type) -> String {
    if let (Some(t_attrs), Some(f_attrs)) = (true_ty.attribute_types(), false_ty.attribute_types())
    {
        for (name, t_aty) in t_attrs {
            match f_attrs.get(name) {
                None => {
                    return format!(
                        "The 'true' value includes object attribute {}, which is absent in the \
                         'false' value",
                        go_quote(name)
                    )
                }
                Some(f_aty) if f_aty != t_aty => {
                    return format!(
                        "Type mismatch for object attribute {}: {}",
                        go_quote(name),
                        describe_type_mismatch(t_aty, f_aty)
                    )
                }
                Some(_) => {}
            }
        }
        if let Some(name) = f_attrs.keys().find(|n| !t_attrs.contains_key(*n)) {
            return format!(
                "The 'false' value includes object attribute {}, which is absent in the 'true' \
                 value",
                go_quote(name)
            );
        }
    } else if let (Some(t_elems), Some(f_elems)) = (
        true_ty.tuple_element_types(),
        false_ty.tuple_element_types(),
    ) {
        if t_elems.len() != f_elems.len() {
            return format!(
                "The 'true' tuple has length {}, but the 'false' tuple has length {}",
                t_elems.len(),
                f_elems.len()
            );
        }
        let differing = t_elems
            .iter()
            .zip(f_elems)
            .enumerate()
            .find(|(_, (t, f))| t != f);
        if let Some((i, (t, f))) = differing {
            return format!(
                "Type mismatch for tuple element {i}: {}",
                describe_type_mismatch(t, f)
            );
        }
    } else if let (Some(t_ety), Some(f_ety)) = (true_ty.element_type(), false_ty.element_type()) {
        let noun = match (true_ty, false_ty) {
            (Type::List(_), Type::List(_)) => Some("list"),
            (Type::Set(_), Type::Set(_)) => Some("set"),
            (Type::Map(_), Type::Map(_)) => Some("map"),
            _ => None,
        };
        let structural =
            (t_ety.is_object() && f_ety.is_object()) || (t_ety.is_tuple() && f_ety.is_tuple());
        if let (Some(noun), true) = (noun, structural) {
            return format!(
                "Mismatched {noun} element types: {}",
                describe_type_mismatch(t_ety, f_ety)
            );
        }
    }
    let (t_name, f_name) = (true_ty.friendly_name(), false_ty.friendly_name());
    if t_name == f_name {
        return "At least one deeply-nested attribute or element is not compatible across both \
                the 'true' and the 'false' value"
            .to_owned();
    }
    format!("The 'true' value is {t_name}, but the 'false' value is {f_name}")
}
