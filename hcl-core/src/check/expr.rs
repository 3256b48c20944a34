//! The checker: one method per kind of expression, each giving a type and
//! pushing its problems into a sink.

use std::collections::BTreeMap;
use std::sync::Arc;

use num_bigint::BigInt;

use super::TypeContext;
use crate::ast::{Expression, ExpressionKind, ObjectItem, TraversalStep, TraversalStepKind};
use crate::diagnostic::{Code, Diagnostic, Diagnostics};
use crate::eval::EvalContext;
use crate::span::{SourceFile, Span};
use crate::types::{conversion_safety, mismatch_message, unify_unsafe, Eventual, Type};
use crate::value::{Number, Value};

/// Names bound by `for` expressions and directives, innermost first.
pub(super) struct Scope<'a> {
    pub(super) names: Vec<(&'a str, Type)>,
    pub(super) parent: Option<&'a Scope<'a>>,
}

impl Scope<'_> {
    fn lookup(&self, name: &str) -> Option<&Type> {
        let mut scope = Some(self);
        while let Some(s) = scope {
            if let Some((_, ty)) = s.names.iter().find(|(n, _)| *n == name) {
                return Some(ty);
            }
            scope = s.parent;
        }
        None
    }

    fn names(&self) -> Vec<&str> {
        let mut names = Vec::new();
        let mut scope = Some(self);
        while let Some(s) = scope {
            names.extend(s.names.iter().map(|(n, _)| *n));
            scope = s.parent;
        }
        names
    }
}

/// The strongest of two eventual kinds.
pub(super) fn stronger(a: Option<Eventual>, b: Option<Eventual>) -> Option<Eventual> {
    a.max(b)
}

/// `ty` made eventual when `kind` says a value it is computed from is.
pub(super) fn lift(ty: Type, kind: Option<Eventual>) -> Type {
    match kind {
        Some(k) => k.wrap(ty),
        None => ty,
    }
}

/// The eventual kind of a type, anywhere in it.
pub(super) fn eventual_of(ty: &Type) -> Option<Eventual> {
    ty.resolve_eventuals().1
}

pub(super) struct Checker<'c> {
    pub(super) ctx: &'c TypeContext,
    pub(super) file: &'c Arc<SourceFile>,
    /// The current element type of each enclosing splat, innermost last.
    pub(super) splat_items: Vec<Type>,
    depth: usize,
    too_deep: bool,
}

impl<'c> Checker<'c> {
    pub(super) fn new(ctx: &'c TypeContext, file: &'c Arc<SourceFile>) -> Self {
        Checker {
            ctx,
            file,
            splat_items: Vec::new(),
            depth: 0,
            too_deep: false,
        }
    }

    /// An error about `subject`.
    pub(super) fn error(
        &self,
        code: Code,
        summary: &str,
        detail: impl Into<String>,
        subject: Span,
    ) -> Diagnostic {
        Diagnostic::error(code, summary, detail).with_subject(self.file, subject)
    }

    /// An error about `subject` within `context`.
    pub(super) fn error_in(
        &self,
        code: Code,
        summary: &str,
        detail: impl Into<String>,
        subject: Span,
        context: Span,
    ) -> Diagnostic {
        self.error(code, summary, detail, subject)
            .with_context(self.file, context)
    }

    /// The type of `expr`, bounded in depth by the context's
    /// [`Limits::max_expression_depth`](crate::Limits::max_expression_depth).
    pub(super) fn expr(
        &mut self,
        expr: &Expression<'_>,
        scope: Option<&Scope<'_>>,
        diags: &mut Diagnostics,
    ) -> Type {
        let max = self.ctx.limits.max_expression_depth;
        if self.depth >= max {
            if !self.too_deep {
                self.too_deep = true;
                diags.push(self.error(
                    Code::ExpressionTooDeep,
                    "Nesting too deep",
                    format!(
                        "This expression is nested more than {max} levels deep, the limit \
                         (max_expression_depth) for checking nested expressions."
                    ),
                    expr.span,
                ));
            }
            return Type::Dynamic;
        }
        self.depth += 1;
        let ty = self.kind(expr, scope, diags);
        self.depth -= 1;
        ty
    }

    fn kind(
        &mut self,
        expr: &Expression<'_>,
        scope: Option<&Scope<'_>>,
        diags: &mut Diagnostics,
    ) -> Type {
        let span = expr.span;
        match &expr.kind {
            ExpressionKind::Number(text) => self.number(text, span, diags),
            ExpressionKind::Bool(_) => Type::Bool,
            ExpressionKind::Null => Type::None,
            ExpressionKind::Invalid => Type::Dynamic,
            ExpressionKind::Template(template) => self.template(template, span, scope, diags),
            ExpressionKind::TemplateWrap(inner) | ExpressionKind::Parens(inner) => {
                self.expr(inner, scope, diags)
            }
            ExpressionKind::ScopeTraversal {
                root,
                root_span,
                steps,
            } => {
                let Some(ty) = self.variable(root, *root_span, scope, diags) else {
                    return Type::Dynamic;
                };
                self.steps(ty, steps, diags)
            }
            ExpressionKind::RelativeTraversal { source, steps } => {
                let ty = self.expr(source, scope, diags);
                self.steps(ty, steps, diags)
            }
            ExpressionKind::Index {
                collection,
                key,
                bracket_span,
            } => {
                let coll = self.expr(collection, scope, diags);
                let key_type = self.expr(key, scope, diags);
                let key_value = literal(key, self.file);
                let (plain_key, kind) = key_type.resolve_eventuals();
                match coll.traverse_index(&plain_key, key_value.as_ref()) {
                    Ok(ty) => lift(ty, kind),
                    Err(err) => {
                        diags.push(self.error(
                            err.code(),
                            err.summary(),
                            err.detail(),
                            *bracket_span,
                        ));
                        Type::Dynamic
                    }
                }
            }
            ExpressionKind::Splat { source, each, .. } => self.splat(source, each, scope, diags),
            ExpressionKind::SplatItem => self.splat_items.last().cloned().unwrap_or(Type::Dynamic),
            ExpressionKind::FunctionCall(call) => self.call(call, span, scope, diags),
            ExpressionKind::Tuple(items) => Type::tuple(
                items
                    .iter()
                    .map(|item| self.expr(item, scope, diags))
                    .collect(),
            ),
            ExpressionKind::Object(items) => self.object(items, scope, diags),
            ExpressionKind::Unary { op, operand } => self.unary(*op, operand, span, scope, diags),
            ExpressionKind::Binary { op, lhs, rhs } => {
                self.binary(*op, lhs, rhs, span, scope, diags)
            }
            ExpressionKind::Conditional {
                condition,
                true_result,
                false_result,
            } => {
                let kind = self.condition(condition, span, scope, diags, ConditionOf::Conditional);
                let t = self.expr(true_result, scope, diags);
                let f = self.expr(false_result, scope, diags);
                match unify_unsafe(&[t.clone(), f.clone()]) {
                    Some((ty, _)) => lift(ty, kind),
                    None => {
                        diags.push(self.error_in(
                            Code::InconsistentConditionalTypes,
                            "Inconsistent conditional result types",
                            format!(
                                "The true and false result expressions must have consistent \
                                 types. The 'true' value is {}, but the 'false' value is {}.",
                                t.pretty(),
                                f.pretty()
                            ),
                            true_result.span.to(false_result.span),
                            span,
                        ));
                        Type::Dynamic
                    }
                }
            }
            ExpressionKind::For(f) => self.for_expr(f, span, scope, diags),
        }
    }

    /// An integral literal is `int`, exactly; any other number `number`.
    fn number(&self, text: &str, span: Span, diags: &mut Diagnostics) -> Type {
        let Some(n) = Number::parse_literal(text) else {
            let detail = if Number::has_too_many_digits(text) {
                format!(
                    "This number literal has more than {} significant digits, the limit \
                     (Number::MAX_DIGITS) of the digits a number is read from.",
                    Number::MAX_DIGITS
                )
            } else {
                "Failed to recognize the value of this number literal.".into()
            };
            diags.push(self.error(
                Code::InvalidNumberLiteral,
                "Invalid number literal",
                detail,
                span,
            ));
            return Type::Number;
        };
        let Some(exact) = exact_integer(text) else {
            return Type::Number;
        };
        if n.to_bigint().as_ref() != Some(&exact) {
            diags.push(self.error(
                Code::ImpreciseInteger,
                "Imprecise integer literal",
                format!(
                    "This integer cannot be represented exactly: numbers hold {} bits of \
                     precision, and this one needs {}.",
                    n.precision(),
                    exact.bits()
                ),
                span,
            ));
        }
        Type::Int
    }

    /// The type of variable `name`, from the innermost scope outwards, then
    /// the context; `None` (with a diagnostic) when it is not declared.
    fn variable(
        &self,
        name: &str,
        span: Span,
        scope: Option<&Scope<'_>>,
        diags: &mut Diagnostics,
    ) -> Option<Type> {
        if let Some(ty) = scope.and_then(|s| s.lookup(name)) {
            return Some(ty.clone());
        }
        if let Some(ty) = self.ctx.variables.get(name) {
            return Some(ty.clone());
        }
        let mut names: Vec<&str> = self.ctx.variables.keys().map(String::as_str).collect();
        if let Some(s) = scope {
            names.extend(s.names());
        }
        // The same suggestion every time, whatever the table's order.
        names.sort_unstable();
        let suggestion = crate::suggest_name(name, names)
            .map(|s| format!(" Did you mean \"{s}\"?"))
            .unwrap_or_default();
        diags.push(self.error(
            Code::UnknownVariable,
            "Unknown variable",
            format!("There is no variable named \"{name}\".{suggestion}"),
            span,
        ));
        None
    }

    /// Attribute and constant-index steps, stopping at the first that fails.
    fn steps(&self, mut ty: Type, steps: &[TraversalStep<'_>], diags: &mut Diagnostics) -> Type {
        for step in steps {
            let next = match &step.kind {
                TraversalStepKind::Attr(name) => ty.traverse_attr(name),
                TraversalStepKind::Index(key) => {
                    let value = literal(key, self.file);
                    let key_type = value.as_ref().map_or(Type::Dynamic, literal_type);
                    ty.traverse_index(&key_type, value.as_ref())
                }
            };
            match next {
                Ok(t) => ty = t,
                Err(err) => {
                    diags.push(self.error(err.code(), err.summary(), err.detail(), step.span));
                    return Type::Dynamic;
                }
            }
        }
        ty
    }

    /// A condition: it must convert to bool; its eventual kind, which makes
    /// the result eventual.
    pub(super) fn condition(
        &mut self,
        condition: &Expression<'_>,
        context: Span,
        scope: Option<&Scope<'_>>,
        diags: &mut Diagnostics,
        of: ConditionOf,
    ) -> Option<Eventual> {
        let ty = self.expr(condition, scope, diags);
        let (plain, kind) = ty.resolve_eventuals();
        let (summary, null_detail, bad_detail) = match of {
            ConditionOf::Conditional => (
                "Incorrect condition type",
                "The condition value is null. Conditions must either be true or false.".to_owned(),
                "The condition expression must be of type bool.".to_owned(),
            ),
            ConditionOf::For => (
                "Invalid 'for' condition",
                "The value of the 'if' clause must not be null.".to_owned(),
                format!(
                    "The 'if' clause value is invalid: {}.",
                    mismatch_message(&plain, &Type::Bool)
                ),
            ),
        };
        if plain.is_none() {
            let summary = match of {
                ConditionOf::Conditional => "Null condition",
                ConditionOf::For => summary,
            };
            diags.push(self.error_in(
                Code::NullCondition,
                summary,
                null_detail,
                condition.span,
                context,
            ));
        } else if !plain.is_dynamic() && conversion_safety(&plain, &Type::Bool).is_none() {
            diags.push(self.error_in(
                Code::IncorrectConditionType,
                summary,
                bad_detail,
                condition.span,
                context,
            ));
        }
        kind
    }

    fn object(
        &mut self,
        items: &[ObjectItem<'_>],
        scope: Option<&Scope<'_>>,
        diags: &mut Diagnostics,
    ) -> Type {
        let mut attrs: BTreeMap<String, Type> = BTreeMap::new();
        let mut values: Vec<Type> = Vec::new();
        let mut names_known = true;
        let mut kind = None;
        for item in items {
            let name = self.object_key(&item.key, scope, diags, &mut kind);
            let value = self.expr(&item.value, scope, diags);
            values.push(value.clone());
            match name {
                Some(name) => {
                    attrs.insert(name, value);
                }
                None => names_known = false,
            }
        }
        let ty = if names_known {
            Type::object(attrs)
        } else {
            let element = match unify_unsafe(&values) {
                Some((ty, _)) => ty,
                None => Type::union(values),
            };
            Type::map(element)
        };
        lift(ty, kind)
    }

    /// An object key's name, when known before evaluation: a bare name, or
    /// a literal.
    fn object_key(
        &mut self,
        key: &Expression<'_>,
        scope: Option<&Scope<'_>>,
        diags: &mut Diagnostics,
        kind: &mut Option<Eventual>,
    ) -> Option<String> {
        if let ExpressionKind::ScopeTraversal { root, steps, .. } = &key.kind {
            if steps.is_empty() {
                return Some((*root).to_owned());
            }
            diags.push(self.error(
                Code::AmbiguousAttributeKey,
                "Ambiguous attribute key",
                "If this expression is intended to be a reference, wrap it in parentheses. If \
                 it's instead intended as a literal name containing periods, wrap it in quotes \
                 to create a string literal.",
                key.span,
            ));
            return None;
        }
        let ty = self.expr(key, scope, diags);
        let (plain, k) = ty.resolve_eventuals();
        *kind = stronger(*kind, k);
        if plain.is_none() {
            diags.push(self.error(
                Code::NullKey,
                "Null value as key",
                "Can't use a null value as a key.",
                key.span,
            ));
            return None;
        }
        if !plain.is_dynamic() && conversion_safety(&plain, &Type::String).is_none() {
            diags.push(self.error(
                Code::IncorrectKeyType,
                "Incorrect key type",
                format!(
                    "Can't use this value as a key: {}.",
                    mismatch_message(&plain, &Type::String)
                ),
                key.span,
            ));
            return None;
        }
        let value = literal(key, self.file)?;
        let text = crate::types::convert(&value, &Type::String).ok()?;
        text.as_str().map(str::to_owned)
    }
}

/// Which condition [`Checker::condition`] checks, for its wording.
#[derive(Clone, Copy)]
pub(super) enum ConditionOf {
    Conditional,
    For,
}

/// The value of a literal expression (a number, bool, null or a template
/// of literal text), without variables or functions.
pub(super) fn literal(expr: &Expression<'_>, file: &Arc<SourceFile>) -> Option<Value> {
    let is_literal = match &expr.kind {
        ExpressionKind::Number(_) | ExpressionKind::Bool(_) | ExpressionKind::Null => true,
        ExpressionKind::Template(t) => t
            .parts
            .iter()
            .all(|p| matches!(p, crate::ast::TemplatePart::Literal(..))),
        _ => false,
    };
    if !is_literal {
        return None;
    }
    EvalContext::literal_only().evaluate(expr, file).ok()
}

/// The static type of a literal value: a whole number is `int`.
fn literal_type(value: &Value) -> Type {
    match value.as_number() {
        Some(n) if n.is_integer() && !n.is_infinite() => Type::Int,
        _ if value.is_null() => Type::None,
        _ => value.ty().clone(),
    }
}

/// The integer a number literal writes, exactly, when it writes one
/// (`12`, `1e3`, `2.50e1`); `None` for a fraction, or an exponent too large
/// to expand.
fn exact_integer(text: &str) -> Option<BigInt> {
    let (mantissa, exponent) = match text.find(['e', 'E']) {
        Some(i) => (text.get(..i)?, text.get(i + 1..)?.parse::<i64>().ok()?),
        None => (text, 0),
    };
    let (int_part, frac_part) = match mantissa.find('.') {
        Some(i) => (mantissa.get(..i)?, mantissa.get(i + 1..)?),
        None => (mantissa, ""),
    };
    let digits = format!("{int_part}{frac_part}");
    let mut value: BigInt = digits.parse().ok()?;
    let shift = exponent.checked_sub(i64::try_from(frac_part.len()).ok()?)?;
    // Beyond this a literal is far outside what a number holds exactly.
    const MAX_SHIFT: i64 = 4096;
    if shift.abs() > MAX_SHIFT {
        return None;
    }
    let ten = BigInt::from(10);
    if shift >= 0 {
        value *= num_traits::pow(ten, usize::try_from(shift).ok()?);
        Some(value)
    } else {
        let divisor = num_traits::pow(ten, usize::try_from(-shift).ok()?);
        let zero = BigInt::from(0);
        if &value % &divisor != zero {
            return None;
        }
        Some(value / divisor)
    }
}
