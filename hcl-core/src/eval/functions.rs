//! Function calls: argument binding, `...` expansion, conversion to the
//! parameters' types, and the functions that take expressions.

use super::expr::{Evaluator, Outcome, Scope};
use crate::ast::start_span;
use crate::ast::{Expression, FunctionCall};
use crate::diagnostic::{Code, Diagnostics};
use crate::functions::{ArgEvaluator, Function, FunctionError};
use crate::span::Span;
use crate::types::convert;
use crate::value::{go_quote, Value};

/// One argument: an expression, or an element of the expanded last one.
enum Arg<'e, 's> {
    Expr(&'e Expression<'s>),
    Value(Value, Span),
}

impl Arg<'_, '_> {
    fn span(&self) -> Span {
        match self {
            Arg::Expr(e) => e.span,
            Arg::Value(_, span) => *span,
        }
    }

    /// Where a diagnostic about the argument points: the start of its
    /// expression (see [`start_span`]); an element of an expanded argument
    /// points at the whole expanded expression.
    fn start_span(&self) -> Span {
        match self {
            Arg::Expr(e) => start_span(e),
            Arg::Value(_, span) => *span,
        }
    }
}

/// The detail of "Call to unknown function", as the reference words it: a
/// namespaced name (`ns::name`) tells an unknown namespace from an unknown
/// name in a known one; suggestions come from `available`.
fn unknown_function_detail(name: &str, available: Vec<&str>) -> String {
    let Some(sep) = name.rfind("::") else {
        let suggestion = crate::suggest_name(name, available)
            .map(|s| format!(" Did you mean {}?", go_quote(s)))
            .unwrap_or_default();
        return format!("There is no function named {}.{suggestion}", go_quote(name));
    };
    let (namespace, short) = name.split_at(sep + 2);
    let in_namespace: Vec<&str> = available
        .into_iter()
        .filter(|f| f.starts_with(namespace))
        .collect();
    if in_namespace.is_empty() {
        return format!(
            "There are no functions in namespace {}.",
            go_quote(namespace)
        );
    }
    // The reference measures the short name against the full names, so
    // its suggestion (with the namespace written again) hardly ever comes.
    let suggestion = crate::suggest_name(short, in_namespace)
        .map(|s| format!(" Did you mean {namespace}{s}?"))
        .unwrap_or_default();
    format!(
        "There is no function named {} in namespace {namespace}.{suggestion}",
        go_quote(short)
    )
}

/// The start of a call, `name(`: the subject of errors of the call itself.
fn call_start(call: &FunctionCall<'_>) -> Span {
    call.name_span.to(call.open_paren_span)
}

impl Evaluator<'_, '_> {
    pub(super) fn function_call(
        &mut self,
        call: &FunctionCall<'_>,
        span: Span,
        scope: Option<&Scope<'_>>,
    ) -> Outcome {
        let ctx = self.ctx;
        let function = match ctx.lookup_function(&call.name) {
            Some(Some(f)) => f,
            None => {
                return (
                    Value::dynamic(),
                    self.error(
                        Code::FunctionCallsNotAllowed,
                        "Function calls not allowed",
                        "Functions may not be called here.".into(),
                        span,
                    )
                    .into(),
                )
            }
            Some(None) => {
                let detail = unknown_function_detail(&call.name, self.suggestible_functions(scope));
                return (
                    Value::dynamic(),
                    self.error_in(
                        Code::UnknownFunction,
                        "Call to unknown function",
                        detail,
                        call.name_span,
                        span,
                    )
                    .into(),
                );
            }
        };
        if function.takes_expressions() {
            return self.call_with_expressions(function, call, span, scope);
        }
        let mut diags = Diagnostics::default();
        let mut args: Vec<Arg<'_, '_>> = call.args.iter().map(Arg::Expr).collect();
        if call.expand_final {
            let Some(Arg::Expr(last)) = args.pop() else {
                return (Value::dynamic(), diags);
            };
            let (value, value_diags) = self.eval(last, scope);
            let failed = value_diags.has_errors();
            diags.extend(value_diags);
            if failed {
                return (Value::dynamic(), diags);
            }
            let ty = value.ty();
            let expandable = ty.is_tuple() || ty.is_list() || ty.is_set();
            if ty.is_dynamic() || expandable {
                if value.is_null() {
                    diags.push(self.error_in(
                        Code::InvalidExpandingArgument,
                        "Invalid expanding argument value",
                        "The expanding argument (indicated by ...) must not be null.".into(),
                        last.span,
                        span,
                    ));
                    return (Value::dynamic(), diags);
                }
                if ty.is_dynamic() || !value.is_known() {
                    return (Value::dynamic(), diags);
                }
                for (_, element) in value.element_pairs().unwrap_or_default() {
                    args.push(Arg::Value(element, last.span));
                }
            } else {
                diags.push(self.error_in(
                    Code::InvalidExpandingArgument, "Invalid expanding argument value",
                    "The expanding argument (indicated by ...) must be of a tuple, list, or set \
                     type."
                        .into(),
                    last.span,
                    span,
                ));
                return (Value::dynamic(), diags);
            }
        }
        let params = function.params();
        if args.len() < params.len() {
            let missing = params.get(args.len()).map_or("", |p| p.name.as_str());
            let qualifier = if function.variadic().is_some() {
                " at least"
            } else {
                ""
            };
            diags.push(self.error_in(
                Code::NotEnoughArguments, "Not enough function arguments",
                format!(
                    "Function \"{}\" expects{qualifier} {} argument(s). Missing value for \"{missing}\".",
                    call.name,
                    params.len()
                ),
                call.close_paren_span,
                span,
            ));
            return (Value::dynamic(), diags);
        }
        if function.variadic().is_none() && args.len() > params.len() {
            let extra = args.get(params.len()).map_or(span, Arg::start_span);
            diags.push(self.error_in(
                Code::TooManyArguments,
                "Too many function arguments",
                format!(
                    "Function \"{}\" expects only {} argument(s).",
                    call.name,
                    params.len()
                ),
                extra,
                span,
            ));
            return (Value::dynamic(), diags);
        }
        let mut values = Vec::with_capacity(args.len());
        for (i, arg) in args.iter().enumerate() {
            let Some(param) = function.param_for(i) else {
                break;
            };
            let value = match (arg, &param.decoder) {
                (Arg::Expr(expr), Some(decoder)) => match decoder.decode(expr, self.file) {
                    Ok(v) => v,
                    Err(d) => {
                        diags.extend(d);
                        Value::dynamic()
                    }
                },
                (Arg::Expr(expr), None) => {
                    let (v, d) = self.eval(expr, scope);
                    diags.extend(d);
                    v
                }
                (Arg::Value(v, _), _) => v.clone(),
            };
            // The work of converting and of the call grows with the
            // arguments.
            if !self.charge(value.deep_size(), arg.span()) {
                return (Value::dynamic(), diags);
            }
            let value = match convert(&value, &param.ty) {
                Ok(v) => v,
                Err(err) => {
                    diags.push(self.error_in(
                        Code::InvalidFunctionArgument,
                        "Invalid function argument",
                        format!("Invalid value for \"{}\" parameter: {err}.", param.name),
                        arg.start_span(),
                        span,
                    ));
                    value
                }
            };
            values.push(value);
        }
        if diags.has_errors() {
            return (Value::dynamic(), diags);
        }
        match function.call(&values) {
            Ok(v) => {
                if !self.charge(v.deep_size(), span) {
                    return (Value::dynamic(), diags);
                }
                (v, diags)
            }
            Err(err) => {
                diags.push(self.call_error(function, call, &args, &err, span));
                (Value::dynamic(), diags)
            }
        }
    }

    /// The function names an unknown function's diagnostic may suggest:
    /// those of the innermost context only, as in the reference, where a
    /// `for` expression's body is evaluated in a child context that has no
    /// function table of its own and so suggests nothing.
    fn suggestible_functions(&self, scope: Option<&Scope<'_>>) -> Vec<&str> {
        if scope.is_some() {
            return Vec::new();
        }
        self.ctx
            .functions()
            .map(|f| f.keys().map(String::as_str).collect())
            .unwrap_or_default()
    }

    fn call_error(
        &self,
        function: &Function,
        call: &FunctionCall<'_>,
        args: &[Arg<'_, '_>],
        err: &FunctionError,
        span: Span,
    ) -> crate::diagnostic::Diagnostic {
        if let FunctionError::Arg { index, message } = err {
            if let Some(param) = function.param_for(*index) {
                let detail = format!("Invalid value for \"{}\" parameter: {message}.", param.name);
                // An error about a variadic argument that was not given
                // points at the whole call, as the reference does.
                let subject = args.get(*index).map_or(span, Arg::start_span);
                return self.error_in(
                    Code::InvalidFunctionArgument,
                    "Invalid function argument",
                    detail,
                    subject,
                    span,
                );
            }
        }
        self.error_in(
            Code::FunctionCallFailed,
            "Error in function call",
            format!("Call to function \"{}\" failed: {err}.", call.name),
            call_start(call),
            span,
        )
    }

    fn call_with_expressions(
        &mut self,
        function: &Function,
        call: &FunctionCall<'_>,
        span: Span,
        scope: Option<&Scope<'_>>,
    ) -> Outcome {
        let params = function.params();
        if call.args.len() < params.len() {
            let missing = params.get(call.args.len()).map_or("", |p| p.name.as_str());
            return (
                Value::dynamic(),
                self.error_in(
                    Code::NotEnoughArguments,
                    "Not enough function arguments",
                    format!(
                        "Function \"{}\" expects {} argument(s). Missing value for \"{missing}\".",
                        call.name,
                        params.len()
                    ),
                    call.close_paren_span,
                    span,
                )
                .into(),
            );
        }
        if function.variadic().is_none() && call.args.len() > params.len() {
            return (
                Value::dynamic(),
                self.error_in(
                    Code::TooManyArguments,
                    "Too many function arguments",
                    format!(
                        "Function \"{}\" expects only {} argument(s).",
                        call.name,
                        params.len()
                    ),
                    call.args.get(params.len()).map_or(span, start_span),
                    span,
                )
                .into(),
            );
        }
        let mut args = ExpressionArgs {
            evaluator: self,
            args: &call.args,
            scope,
        };
        match function.call_with_expressions(&mut args) {
            Ok(v) => {
                if !self.charge(v.deep_size(), span) {
                    return (Value::dynamic(), Diagnostics::default());
                }
                (v, Diagnostics::default())
            }
            Err(err) => (
                Value::dynamic(),
                self.error_in(
                    Code::FunctionCallFailed,
                    "Error in function call",
                    format!("Call to function \"{}\" failed: {err}.", call.name),
                    call_start(call),
                    span,
                )
                .into(),
            ),
        }
    }
}

struct ExpressionArgs<'a, 'c, 'p, 'e, 's> {
    evaluator: &'a mut Evaluator<'c, 'p>,
    args: &'e [Expression<'s>],
    scope: Option<&'a Scope<'a>>,
}

impl ArgEvaluator for ExpressionArgs<'_, '_, '_, '_, '_> {
    fn len(&self) -> usize {
        self.args.len()
    }

    fn evaluate(&mut self, index: usize) -> Result<Value, Diagnostics> {
        let Some(expr) = self.args.get(index) else {
            return Ok(Value::dynamic());
        };
        let (value, diags) = self.evaluator.eval(expr, self.scope);
        if diags.has_errors() {
            Err(diags)
        } else {
            Ok(value)
        }
    }

    fn depends_on_unknowns(&mut self, index: usize) -> bool {
        match self.args.get(index) {
            Some(expr) => self.evaluator.depends_on_unknowns(expr, self.scope),
            None => false,
        }
    }
}
