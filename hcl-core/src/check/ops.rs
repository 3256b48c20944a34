//! Operators: each operand must convert to the operator's parameter type
//! (the evaluator's), and the result is eventual when an operand is.

use super::expr::{lift, stronger, Checker, Scope};
use crate::ast::{BinaryOp, Expression, UnaryOp};
use crate::diagnostic::{Code, Diagnostics};
use crate::eval::binary_types;
use crate::span::Span;
use crate::types::{conversion_safety, mismatch_message, Eventual, Type};

impl Checker<'_> {
    pub(super) fn binary(
        &mut self,
        op: BinaryOp,
        lhs: &Expression<'_>,
        rhs: &Expression<'_>,
        span: Span,
        scope: Option<&Scope<'_>>,
        diags: &mut Diagnostics,
    ) -> Type {
        let left = self.expr(lhs, scope, diags);
        let right = self.expr(rhs, scope, diags);
        let (mut param, mut result) = binary_types(op);
        let (l, lk) = left.resolve_eventuals();
        let (r, rk) = right.resolve_eventuals();
        // Whole numbers stay whole under the operators that give numbers,
        // except division.
        if param == Type::Number && l.is_int() && r.is_int() {
            param = Type::Int;
            if result == Type::Number && op != BinaryOp::Divide {
                result = Type::Int;
            }
        }
        self.operand(&l, &param, "left operand", lhs.span, span, diags);
        self.operand(&r, &param, "right operand", rhs.span, span, diags);
        lift(result, stronger(lk, rk))
    }

    pub(super) fn unary(
        &mut self,
        op: UnaryOp,
        operand: &Expression<'_>,
        span: Span,
        scope: Option<&Scope<'_>>,
        diags: &mut Diagnostics,
    ) -> Type {
        let ty = self.expr(operand, scope, diags);
        let (plain, kind): (Type, Option<Eventual>) = ty.resolve_eventuals();
        let param = match op {
            UnaryOp::Negate if plain.is_int() => Type::Int,
            UnaryOp::Negate => Type::Number,
            UnaryOp::Not => Type::Bool,
        };
        self.operand(&plain, &param, "unary operand", operand.span, span, diags);
        lift(param, kind)
    }

    /// Reports an operand whose type does not convert to the operator's.
    fn operand(
        &self,
        got: &Type,
        param: &Type,
        which: &str,
        subject: Span,
        context: Span,
        diags: &mut Diagnostics,
    ) {
        if param.is_dynamic() || got.is_dynamic() {
            return;
        }
        let fits = conversion_safety(got, param).is_some() && !got.is_none();
        if !fits {
            diags.push(self.error_in(
                Code::InvalidOperand,
                "Invalid operand",
                format!(
                    "Unsuitable value for {which}: {}.",
                    mismatch_message(got, param)
                ),
                subject,
                context,
            ));
        }
    }
}
