//! Function calls, checked against the function table's parameter types.

use super::expr::{eventual_of, lift, Checker, Scope};
use crate::ast::FunctionCall;
use crate::diagnostic::{Code, Diagnostics};
use crate::functions::{Function, FunctionError, Parameter};
use crate::span::Span;
use crate::types::{conversion_safety, convert, mismatch_message, Eventual, Type};
use crate::value::Value;

/// One argument as the function sees it.
struct Arg {
    ty: Type,
    /// The value, when known without evaluating (a decoded argument).
    value: Option<Value>,
    span: Span,
}

impl Checker<'_> {
    pub(super) fn call(
        &mut self,
        call: &FunctionCall<'_>,
        span: Span,
        scope: Option<&Scope<'_>>,
        diags: &mut Diagnostics,
    ) -> Type {
        let ctx = self.ctx;
        let Some(function) = ctx.functions.get(&*call.name) else {
            for arg in &call.args {
                self.expr(arg, scope, diags);
            }
            let mut names: Vec<&str> = ctx.functions.keys().map(String::as_str).collect();
            names.sort_unstable();
            let suggestion = crate::suggest_name(&call.name, names)
                .map(|s| format!(" Did you mean \"{s}\"?"))
                .unwrap_or_default();
            diags.push(self.error_in(
                Code::UnknownFunction,
                "Call to unknown function",
                format!("There is no function named \"{}\".{suggestion}", call.name),
                call.name_span,
                span,
            ));
            return Type::Dynamic;
        };
        if function.takes_expressions() {
            return self.call_with_expressions(function, call, scope);
        }
        let mut args = self.arguments(function, call, scope, diags);
        let Some(open) = self.expand(call, &mut args, span, diags) else {
            return Type::Dynamic;
        };
        let params = function.params();
        if open.is_none() && args.len() < params.len() {
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
            return Type::Dynamic;
        }
        if function.variadic().is_none() && args.len() > params.len() {
            let extra = args.get(params.len()).map_or(span, |a| a.span);
            diags.push(self.error_in(
                Code::TooManyArguments,
                "Too many function arguments",
                format!(
                    "Function \"{}\" expects only {} argument(s).",
                    call.name,
                    params.len()
                ),
                Span::new(extra.start, extra.start + 1),
                span,
            ));
            return Type::Dynamic;
        }
        // A list or set expanded with `...` gives as many arguments as it
        // has elements: each parameter still to bind takes its element type.
        if let Some(element) = open {
            while args.len() < params.len().max(1) {
                let at = args.last().map_or(span, |a| a.span);
                args.push(Arg {
                    ty: element.clone(),
                    value: None,
                    span: at,
                });
            }
        }
        let mut failed = false;
        let mut lifted = false;
        let mut values = Vec::with_capacity(args.len());
        for arg in &args {
            let Some(param) = function.param_for(values.len()) else {
                break;
            };
            match self.bind(arg, param, span, diags) {
                Some((value, needs_lift)) => {
                    lifted |= needs_lift;
                    values.push(value);
                }
                None => failed = true,
            }
        }
        if failed {
            return Type::Dynamic;
        }
        let kind = if lifted {
            args.iter()
                .fold(None::<Eventual>, |k, a| k.max(eventual_of(&a.ty)))
        } else {
            None
        };
        match function.return_type(&values) {
            Ok(ty) => lift(ty, kind),
            Err(err) => {
                let diag = match &err {
                    FunctionError::Arg { index, message } => {
                        match (function.param_for(*index), args.get(*index)) {
                            (Some(param), Some(arg)) => self.error_in(
                                Code::InvalidFunctionArgument,
                                "Invalid function argument",
                                format!(
                                    "Invalid value for \"{}\" parameter: {message}.",
                                    param.name
                                ),
                                arg.span,
                                span,
                            ),
                            _ => self.call_failed(call, &err, span),
                        }
                    }
                    FunctionError::Failed(_) => self.call_failed(call, &err, span),
                };
                diags.push(diag);
                Type::Dynamic
            }
        }
    }

    fn call_failed(
        &self,
        call: &FunctionCall<'_>,
        err: &FunctionError,
        span: Span,
    ) -> crate::Diagnostic {
        self.error_in(
            Code::FunctionCallFailed,
            "Error in function call",
            format!("Call to function \"{}\" failed: {err}.", call.name),
            call.name_span,
            span,
        )
    }

    /// The arguments' types; an argument whose parameter has a decoder is
    /// decoded (statically, as evaluation does).
    fn arguments(
        &mut self,
        function: &Function,
        call: &FunctionCall<'_>,
        scope: Option<&Scope<'_>>,
        diags: &mut Diagnostics,
    ) -> Vec<Arg> {
        let last = call.args.len().saturating_sub(1);
        let mut args = Vec::with_capacity(call.args.len());
        for (i, expr) in call.args.iter().enumerate() {
            let decoder = function
                .param_for(i)
                .and_then(|p| p.decoder.as_ref())
                .filter(|_| !(call.expand_final && i == last));
            let arg = match decoder {
                Some(decoder) => match decoder.decode(expr, self.file) {
                    Ok(value) => Arg {
                        ty: value.ty().clone(),
                        value: Some(value),
                        span: expr.span,
                    },
                    Err(d) => {
                        diags.extend(d);
                        Arg {
                            ty: Type::Dynamic,
                            value: None,
                            span: expr.span,
                        }
                    }
                },
                None => Arg {
                    ty: self.expr(expr, scope, diags),
                    value: None,
                    span: expr.span,
                },
            };
            args.push(arg);
        }
        args
    }

    /// Expands the last argument of a call ending in `...`: a tuple into
    /// its elements; a list, set or dynamic value into an unknown number of
    /// arguments of its element type (returned). `None` when the argument
    /// cannot be expanded.
    fn expand(
        &self,
        call: &FunctionCall<'_>,
        args: &mut Vec<Arg>,
        span: Span,
        diags: &mut Diagnostics,
    ) -> Option<Option<Type>> {
        if !call.expand_final {
            return Some(None);
        }
        let last = args.pop()?;
        let (plain, _) = last.ty.resolve_eventuals();
        match plain {
            Type::Tuple(elems) => {
                for ety in elems.iter() {
                    args.push(Arg {
                        ty: ety.clone(),
                        value: None,
                        span: last.span,
                    });
                }
                Some(None)
            }
            Type::List(e) | Type::Set(e) => Some(Some((*e).clone())),
            Type::Dynamic => Some(Some(Type::Dynamic)),
            Type::None => {
                diags.push(self.error_in(
                    Code::InvalidExpandingArgument,
                    "Invalid expanding argument value",
                    "The expanding argument (indicated by ...) must not be null.",
                    last.span,
                    span,
                ));
                None
            }
            _ => {
                diags.push(self.error_in(
                    Code::InvalidExpandingArgument,
                    "Invalid expanding argument value",
                    "The expanding argument (indicated by ...) must be of a tuple, list, or set \
                     type.",
                    last.span,
                    span,
                ));
                None
            }
        }
    }

    /// Checks one argument against its parameter: the unknown (or decoded)
    /// value the function's return type rule is given, and whether the
    /// argument is eventual where the parameter wants a plain value (which
    /// makes the result eventual). `None` after reporting an argument that
    /// does not fit.
    fn bind(
        &self,
        arg: &Arg,
        param: &Parameter,
        span: Span,
        diags: &mut Diagnostics,
    ) -> Option<(Value, bool)> {
        if let Some(value) = &arg.value {
            return Some((value.clone(), false));
        }
        let (plain, _) = arg.ty.resolve_eventuals();
        let invalid = |message: String| {
            self.error_in(
                Code::InvalidFunctionArgument,
                "Invalid function argument",
                format!("Invalid value for \"{}\" parameter: {message}.", param.name),
                arg.span,
                span,
            )
        };
        if plain.is_none() && !param.allow_null {
            diags.push(invalid("argument must not be null".into()));
            return None;
        }
        let needs_lift = conversion_safety(&arg.ty, &param.ty).is_none();
        if !plain.is_dynamic() && conversion_safety(&plain, &param.ty).is_none() {
            diags.push(invalid(mismatch_message(&plain, &param.ty)));
            return None;
        }
        let unknown = if plain.is_none() {
            Value::null(Type::Dynamic)
        } else {
            Value::unknown(plain.value_type())
        };
        let value = convert(&unknown, &param.ty).unwrap_or(unknown);
        Some((value, needs_lift))
    }

    /// A call to a function that takes its arguments unevaluated (`try`,
    /// `can`): the arguments are typed but their errors not reported, and
    /// the function's return type rule is given unknowns of their types.
    fn call_with_expressions(
        &mut self,
        function: &Function,
        call: &FunctionCall<'_>,
        scope: Option<&Scope<'_>>,
    ) -> Type {
        let mut ignored = Diagnostics::default();
        let values: Vec<Value> = call
            .args
            .iter()
            .map(|arg| {
                let ty = self.expr(arg, scope, &mut ignored).resolve_eventuals().0;
                Value::unknown(ty.value_type())
            })
            .collect();
        function.return_type(&values).unwrap_or(Type::Dynamic)
    }
}
