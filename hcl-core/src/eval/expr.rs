//! The evaluator: one method per kind of expression.

use std::sync::Arc;

use super::context::EvalContext;
pub(super) use super::for_expr::{ForBody, ForParts};
use super::ops::{describe_type_mismatch, unknown_conditional};
use super::traversal::{get_attr, index};
use crate::ast::{Expression, ExpressionKind, ObjectItem, TraversalStepKind};
use crate::diagnostic::{Code, Diagnostic, Diagnostics};
use crate::span::{SourceFile, Span};
use crate::types::{convert, get_conversion_unsafe, unify_unsafe, Conversion, Type};
use crate::value::{DeepSize, Number, Value};

/// Variables bound by `for` expressions, innermost first.
pub(super) struct Scope<'a> {
    pub(super) key: Option<(&'a str, Value)>,
    pub(super) value: (&'a str, Value),
    pub(super) parent: Option<&'a Scope<'a>>,
}

impl Scope<'_> {
    pub(super) fn lookup(&self, name: &str) -> Option<&Value> {
        let mut scope = Some(self);
        while let Some(s) = scope {
            if s.value.0 == name {
                return Some(&s.value.1);
            }
            if let Some((k, v)) = &s.key {
                if *k == name {
                    return Some(v);
                }
            }
            scope = s.parent;
        }
        None
    }

    fn names(&self) -> Vec<&str> {
        let mut names = Vec::new();
        let mut scope = Some(self);
        while let Some(s) = scope {
            names.push(s.value.0);
            if let Some((k, _)) = &s.key {
                names.push(k);
            }
            scope = s.parent;
        }
        names
    }
}

pub(super) type Outcome = (Value, Diagnostics);

/// What one evaluation may still build or work on (see
/// [`Limits::max_eval_values`](crate::Limits::max_eval_values) and
/// [`Limits::max_eval_string_bytes`](crate::Limits::max_eval_string_bytes)).
struct Budget {
    values: u64,
    bytes: u64,
    /// What the evaluation started with, to tell what it spent.
    start: (u64, u64),
    /// Whether the values and the bytes left are those of the shared budget
    /// rather than the evaluation's own limits, for the error's wording.
    shared: (bool, bool),
    /// The error of the limit exceeded, once one is: the evaluation then
    /// stops, every expression left giving the dynamic value at once, and
    /// the error is added to the evaluation's diagnostics at the end (so
    /// that no `try`, `can` or unselected conditional result can drop it).
    exceeded: Option<Diagnostic>,
}

pub(super) struct Evaluator<'c, 'p> {
    pub(super) ctx: &'c EvalContext<'p>,
    pub(super) file: &'c Arc<SourceFile>,
    /// The current element of each enclosing splat, innermost last.
    pub(super) splat_items: Vec<Value>,
    budget: Budget,
}

impl<'c, 'p> Evaluator<'c, 'p> {
    pub(super) fn new(ctx: &'c EvalContext<'p>, file: &'c Arc<SourceFile>) -> Self {
        let limits = ctx.limits();
        let own = (
            limits.max_eval_values as u64,
            limits.max_eval_string_bytes as u64,
        );
        let left = ctx.shared_budget().map_or(own, |b| b.left());
        let start = (own.0.min(left.0), own.1.min(left.1));
        Evaluator {
            ctx,
            file,
            splat_items: Vec::new(),
            budget: Budget {
                values: start.0,
                bytes: start.1,
                start,
                shared: (left.0 < own.0, left.1 < own.1),
                exceeded: None,
            },
        }
    }

    /// Counts `size` against the limits of this evaluation. `false` when
    /// that exceeds one (or one was exceeded before): the evaluation stops,
    /// with an error about `subject` the first time.
    pub(super) fn charge(&mut self, size: DeepSize, subject: Span) -> bool {
        if self.budget.exceeded.is_some() {
            return false;
        }
        let limits = self.ctx.limits();
        if size.depth as usize > limits.max_value_depth {
            let max = limits.max_value_depth;
            self.budget.exceeded = Some(self.error(
                Code::ValueNestedTooDeep,
                "Value nested too deep",
                format!(
                    "This value is nested more than {max} levels deep, the limit for values put \
                     in a collection, given to a function, compared or converted during an \
                     evaluation (limit max_value_depth)."
                ),
                subject,
            ));
            return false;
        }
        if size.values > self.budget.values {
            let detail = if self.budget.shared.0 {
                format!(
                    "Evaluating this expression builds or handles more values than are left of \
                     the {} that all the evaluations of this document may build together \
                     (limit max_total_eval_values, plus one per byte of the document), \
                     counting every value put in a collection, given to a function, compared \
                     or converted with all the values nested in it.",
                    self.shared_total().0
                )
            } else {
                format!(
                    "Evaluating this expression builds or handles more than the limit of {} \
                     values for one evaluation, counting every value put in a collection, given \
                     to a function, compared or converted with all the values nested in it \
                     (limit max_eval_values).",
                    limits.max_eval_values
                )
            };
            self.budget.exceeded =
                Some(self.error(Code::TooManyValues, "Too many values", detail, subject));
            return false;
        }
        if size.bytes > self.budget.bytes {
            let detail = if self.budget.shared.1 {
                format!(
                    "Evaluating this expression builds or handles more bytes of strings than are \
                     left of the {} that all the evaluations of this document may build \
                     together (limit max_total_eval_string_bytes, plus four per byte of the \
                     document), counting every string a template builds, and every string put \
                     in a collection, given to a function, compared or converted.",
                    self.shared_total().1
                )
            } else {
                format!(
                    "Evaluating this expression builds or handles more than the limit of {} \
                     bytes of strings for one evaluation, counting every string a template \
                     builds, and every string put in a collection, given to a function, \
                     compared or converted (limit max_eval_string_bytes).",
                    limits.max_eval_string_bytes
                )
            };
            self.budget.exceeded =
                Some(self.error(Code::StringsTooLong, "Strings too long", detail, subject));
            return false;
        }
        self.budget.values -= size.values;
        self.budget.bytes -= size.bytes;
        true
    }

    /// What the shared budget started with.
    fn shared_total(&self) -> (u64, u64) {
        self.ctx.shared_budget().map_or((0, 0), |b| b.total())
    }

    /// [`Evaluator::charge`] for `n` bytes of strings.
    pub(super) fn charge_bytes(&mut self, n: usize, subject: Span) -> bool {
        self.charge(
            DeepSize {
                values: 0,
                bytes: n as u64,
                depth: 0,
            },
            subject,
        )
    }

    /// Checks that `value` is not nested deeper than
    /// [`Limits::max_value_depth`](crate::Limits::max_value_depth), as
    /// [`Evaluator::charge`] does, counting nothing.
    pub(super) fn check_depth(&mut self, value: &Value, subject: Span) -> bool {
        self.charge(
            DeepSize {
                values: 0,
                bytes: 0,
                depth: value.deep_size().depth,
            },
            subject,
        )
    }

    /// Whether a limit was exceeded and the evaluation is stopping.
    pub(super) fn stopped(&self) -> bool {
        self.budget.exceeded.is_some()
    }

    /// The outcome of the whole evaluation: when a limit was exceeded, the
    /// dynamic value with the limit's error added.
    pub(super) fn finish(self, (value, mut diags): Outcome) -> Outcome {
        if let Some(shared) = self.ctx.shared_budget() {
            let budget = &self.budget;
            // What exceeded a limit used the rest of it.
            let (values, bytes) = match budget.exceeded {
                Some(_) => budget.start,
                None => (
                    budget.start.0 - budget.values,
                    budget.start.1 - budget.bytes,
                ),
            };
            shared.spend(values, bytes);
        }
        match self.budget.exceeded {
            Some(diag) => {
                diags.push(diag);
                (Value::dynamic(), diags)
            }
            None => (value, diags),
        }
    }

    /// An error diagnostic about `subject`.
    pub(super) fn error(
        &self,
        code: Code,
        summary: &str,
        detail: String,
        subject: Span,
    ) -> Diagnostic {
        Diagnostic::error(code, summary, detail).with_subject(self.file, subject)
    }

    /// An error diagnostic about `subject`, within `context`.
    pub(super) fn error_in(
        &self,
        code: Code,
        summary: &str,
        detail: String,
        subject: Span,
        context: Span,
    ) -> Diagnostic {
        self.error(code, summary, detail, subject)
            .with_context(self.file, context)
    }

    pub(super) fn eval(&mut self, expr: &Expression<'_>, scope: Option<&Scope<'_>>) -> Outcome {
        if self.stopped() {
            return (Value::dynamic(), Diagnostics::default());
        }
        let span = expr.span;
        match &expr.kind {
            ExpressionKind::Number(text) => match Number::parse_literal(text) {
                Some(n) => (Value::number(n), Diagnostics::default()),
                None => {
                    let detail = if Number::has_too_many_digits(text) {
                        format!(
                            "This number literal has more than {} significant digits, the limit \
                             (Number::MAX_DIGITS) of the digits a number is read from.",
                            Number::MAX_DIGITS
                        )
                    } else {
                        "Failed to recognize the value of this number literal.".into()
                    };
                    (
                        Value::unknown(Type::Number),
                        self.error(
                            Code::InvalidNumberLiteral,
                            "Invalid number literal",
                            detail,
                            span,
                        )
                        .into(),
                    )
                }
            },
            ExpressionKind::Bool(b) => (Value::bool(*b), Diagnostics::default()),
            // One arm: each arm of this match takes room in its frame, which
            // recursion multiplies.
            ExpressionKind::Null | ExpressionKind::Invalid => {
                (no_value(&expr.kind), Diagnostics::default())
            }
            ExpressionKind::Template(template) => self.template(template, span, scope),
            ExpressionKind::TemplateWrap(inner) | ExpressionKind::Parens(inner) => {
                self.eval(inner, scope)
            }
            ExpressionKind::ScopeTraversal {
                root,
                root_span,
                steps,
            } => {
                let (mut value, diags) = self.variable(root, *root_span, scope);
                if diags.has_errors() {
                    return (value, diags);
                }
                for step in steps {
                    let (next, step_diags) = self.step(&value, &step.kind, step.span);
                    value = next;
                    if step_diags.has_errors() {
                        return (value, step_diags);
                    }
                }
                (value, diags)
            }
            ExpressionKind::RelativeTraversal { source, steps } => {
                let (mut value, mut diags) = self.eval(source, scope);
                for step in steps {
                    let (next, step_diags) = self.step(&value, &step.kind, step.span);
                    value = next;
                    let failed = step_diags.has_errors();
                    diags.extend(step_diags);
                    if failed {
                        break;
                    }
                }
                (value, diags)
            }
            ExpressionKind::Index {
                collection,
                key,
                bracket_span,
            } => {
                let (coll, mut diags) = self.eval(collection, scope);
                let (key, key_diags) = self.eval(key, scope);
                diags.extend(key_diags);
                let (value, index_diags) = index(self, &coll, &key, *bracket_span);
                diags.extend(index_diags);
                (value, diags)
            }
            ExpressionKind::Splat {
                source,
                each,
                marker_span,
            } => self.splat(source, each, *marker_span, span, scope),
            ExpressionKind::SplatItem => (
                self.splat_items
                    .last()
                    .cloned()
                    .unwrap_or_else(Value::dynamic),
                Diagnostics::default(),
            ),
            ExpressionKind::FunctionCall(call) => self.function_call(call, span, scope),
            ExpressionKind::Tuple(items) => {
                let mut diags = Diagnostics::default();
                let mut values = Vec::with_capacity(items.len());
                for item in items {
                    let (v, d) = self.eval(item, scope);
                    diags.extend(d);
                    if !self.charge(v.deep_size(), item.span) {
                        return (Value::dynamic(), diags);
                    }
                    values.push(v);
                }
                (Value::tuple(values), diags)
            }
            ExpressionKind::Object(items) => self.object(items, scope),
            ExpressionKind::Unary { op, operand } => self.unary(*op, operand, span, scope),
            ExpressionKind::Binary { op, lhs, rhs } => self.binary(*op, lhs, rhs, span, scope),
            ExpressionKind::Conditional {
                condition,
                true_result,
                false_result,
            } => {
                let t = self.eval(true_result, scope);
                let f = self.eval(false_result, scope);
                self.conditional(
                    condition,
                    t,
                    f,
                    (true_result.span, false_result.span),
                    span,
                    scope,
                )
            }
            ExpressionKind::For(f) => {
                let parts = ForParts {
                    key_var: f.key_var,
                    value_var: f.value_var,
                    collection: &f.collection,
                    key_expr: f.key_expr.as_ref(),
                    body: ForBody::Expr(&f.value_expr),
                    condition: f.condition.as_ref(),
                    group: f.group,
                };
                self.for_expr(&parts, span, scope)
            }
        }
    }

    fn variable(&mut self, name: &str, span: Span, scope: Option<&Scope<'_>>) -> Outcome {
        if let Some(v) = scope.and_then(|s| s.lookup(name)) {
            return (v.clone(), Diagnostics::default());
        }
        match self.ctx.lookup_variable(name) {
            Some(Some(v)) => {
                // A variable nested deeper than any value an evaluation
                // may work on is refused before anything recurses into it.
                let v = v.clone();
                if !self.check_depth(&v, span) {
                    return (Value::dynamic(), Diagnostics::default());
                }
                (v, Diagnostics::default())
            }
            None if scope.is_none() => (
                Value::dynamic(),
                self.error(
                    Code::VariablesNotAllowed,
                    "Variables not allowed",
                    "Variables may not be used here.".into(),
                    span,
                )
                .into(),
            ),
            _ => {
                let mut names = self.ctx.variable_names();
                if let Some(s) = scope {
                    names.extend(s.names());
                }
                let suggestion = crate::suggest_name(name, names)
                    .map(|s| format!(" Did you mean \"{s}\"?"))
                    .unwrap_or_default();
                (
                    Value::dynamic(),
                    self.error(
                        Code::UnknownVariable,
                        "Unknown variable",
                        format!("There is no variable named \"{name}\".{suggestion}"),
                        span,
                    )
                    .into(),
                )
            }
        }
    }

    fn step(&mut self, value: &Value, step: &TraversalStepKind<'_>, span: Span) -> Outcome {
        match step {
            TraversalStepKind::Attr(name) => get_attr(self, value, name, span),
            TraversalStepKind::Index(key) => {
                let (key, diags) = self.eval(key, None);
                if diags.has_errors() {
                    return (Value::dynamic(), diags);
                }
                index(self, value, &key, span)
            }
        }
    }

    fn object(&mut self, items: &[ObjectItem<'_>], scope: Option<&Scope<'_>>) -> Outcome {
        let mut diags = Diagnostics::default();
        let mut known = true;
        let mut values = Vec::with_capacity(items.len());
        for item in items {
            let (key, key_diags) = self.object_key(&item.key, scope);
            let key_failed = key_diags.has_errors();
            diags.extend(key_diags);
            let (value, value_diags) = self.eval(&item.value, scope);
            diags.extend(value_diags);
            if !self.charge(value.deep_size().plus(key.deep_size()), item.value.span) {
                return (Value::dynamic(), diags);
            }
            if key_failed {
                known = false;
                continue;
            }
            if key.is_null() {
                diags.push(self.error(
                    Code::NullKey,
                    "Null value as key",
                    "Can't use a null value as a key.".into(),
                    item.value.span,
                ));
                known = false;
                continue;
            }
            let key = match convert(&key, &Type::String) {
                Ok(k) => k,
                Err(err) => {
                    diags.push(self.error(
                        Code::IncorrectKeyType,
                        "Incorrect key type",
                        format!("Can't use this value as a key: {err}."),
                        item.key.span,
                    ));
                    known = false;
                    continue;
                }
            };
            match key.as_str() {
                Some(k) => values.push((k.to_owned(), value)),
                None => known = false,
            }
        }
        if !known {
            return (Value::dynamic(), diags);
        }
        // Of a name given twice, the later value stands.
        (Value::object_of(values), diags)
    }

    /// An object key: a bare name is itself; anything else is evaluated.
    fn object_key(&mut self, key: &Expression<'_>, scope: Option<&Scope<'_>>) -> Outcome {
        if let ExpressionKind::ScopeTraversal { root, steps, .. } = &key.kind {
            if steps.is_empty() {
                return (Value::string(root), Diagnostics::default());
            }
            return (
                Value::dynamic(),
                self.error(
                    Code::AmbiguousAttributeKey,
                    "Ambiguous attribute key",
                    "If this expression is intended to be a reference, wrap it in parentheses. \
                     If it's instead intended as a literal name containing periods, wrap it in \
                     quotes to create a string literal."
                        .into(),
                    key.span,
                )
                .into(),
            );
        }
        self.eval(key, scope)
    }

    /// The conditional operator, with both results already evaluated: the
    /// unselected result's diagnostics are dropped.
    pub(super) fn conditional(
        &mut self,
        condition: &Expression<'_>,
        (true_value, true_diags): Outcome,
        (false_value, false_diags): Outcome,
        (true_span, false_span): (Span, Span),
        span: Span,
        scope: Option<&Scope<'_>>,
    ) -> Outcome {
        let mut diags = Diagnostics::default();
        let null_dynamic = Value::null(Type::Dynamic);
        let (result_type, conversions): (Type, [Option<Conversion>; 2]) =
            if true_value == null_dynamic {
                let ty = false_value.ty().clone();
                let conv = get_conversion_unsafe(&Type::Dynamic, &ty);
                (ty, [conv, None])
            } else if false_value == null_dynamic {
                let ty = true_value.ty().clone();
                let conv = get_conversion_unsafe(&Type::Dynamic, &ty);
                (ty, [None, conv])
            } else if true_value.ty().is_dynamic() || false_value.ty().is_dynamic() {
                (Type::Dynamic, [None, None])
            } else {
                match unify_unsafe(&[true_value.ty().clone(), false_value.ty().clone()]) {
                    Some((ty, convs)) => {
                        let mut convs = convs.into_iter();
                        let t = convs.next().flatten();
                        let f = convs.next().flatten();
                        (ty, [t, f])
                    }
                    None => {
                        return (
                            Value::dynamic(),
                            self.error_in(
                                Code::InconsistentConditionalTypes,
                                "Inconsistent conditional result types",
                                format!(
                                    "The true and false result expressions must have consistent \
                                     types. {}.",
                                    describe_type_mismatch(true_value.ty(), false_value.ty())
                                ),
                                true_span.to(false_span),
                                span,
                            )
                            .into(),
                        )
                    }
                }
            };
        let (cond, cond_diags) = self.eval(condition, scope);
        diags.extend(cond_diags);
        if cond.is_null() {
            diags.push(self.error_in(
                Code::NullCondition,
                "Null condition",
                "The condition value is null. Conditions must either be true or false.".into(),
                condition.span,
                span,
            ));
            return (Value::unknown(result_type), diags);
        }
        if !cond.is_known() {
            let result = unknown_conditional(result_type, &true_value, &false_value);
            return (result, diags);
        }
        let cond = match convert(&cond, &Type::Bool) {
            Ok(c) => c,
            Err(_) => {
                diags.push(self.error_in(
                    Code::IncorrectConditionType,
                    "Incorrect condition type",
                    "The condition expression must be of type bool.".into(),
                    condition.span,
                    span,
                ));
                return (Value::unknown(result_type), diags);
            }
        };
        let [true_conv, false_conv] = conversions;
        let (which, value, branch_diags, conversion, branch_span) = if cond.as_bool() == Some(true)
        {
            ("true", true_value, true_diags, true_conv, true_span)
        } else {
            ("false", false_value, false_diags, false_conv, false_span)
        };
        diags.extend(branch_diags);
        let Some(conversion) = conversion else {
            return (value, diags);
        };
        if !self.charge(value.deep_size(), branch_span) {
            return (Value::dynamic(), diags);
        }
        match conversion.apply(&value) {
            Ok(v) => (v, diags),
            Err(err) => {
                diags.push(self.error_in(
                    Code::InconsistentConditionalTypes,
                    "Inconsistent conditional result types",
                    format!("The {which} result value has the wrong type: {err}."),
                    branch_span,
                    span,
                ));
                (Value::unknown(result_type), diags)
            }
        }
    }
}

/// The value of `null` (null of any type), or of a syntax error's place
/// in a partial tree (unknown, of any type).
fn no_value(kind: &ExpressionKind<'_>) -> Value {
    match kind {
        ExpressionKind::Invalid => Value::unknown(Type::Dynamic),
        _ => Value::null(Type::Dynamic),
    }
}
