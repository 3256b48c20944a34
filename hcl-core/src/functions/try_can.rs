//! Error handling functions: `try` and `can`.
//!
//! Both receive their arguments unevaluated and evaluate them one by one,
//! as hcl v2.20 does. An argument that fails is judged at once, whatever
//! unknown values it refers to; one that succeeds with a value that is not
//! wholly known cannot be judged yet: `try` then returns the dynamic value
//! and `can` an unknown bool. (Before v2.20 the reference gave up on any
//! argument that referred to an unknown value, without evaluating it.)
//!
//! # `try(expressions...)`
//!
//! The value of the first argument that evaluates without errors. When
//! none does, the call fails with every argument's diagnostics.
//!
//! ```
//! use hcl_core::eval::EvalContext;
//! use hcl_core::functions::stdlib;
//! use hcl_core::value::Value;
//! use hcl_core::{parse_expression, SourceFile};
//! use std::sync::Arc;
//!
//! let mut ctx = EvalContext::new();
//! ctx.set_functions(stdlib());
//! let eval = |src: &str| {
//!     let expr = parse_expression(src, "t.hcl").unwrap();
//!     ctx.evaluate(&expr, &Arc::new(SourceFile::new("t.hcl", src)))
//! };
//! assert_eq!(eval(r#"try({}.a, "fallback")"#).unwrap(), Value::from("fallback"));
//! assert!(eval("try({}.a)").is_err());
//! ```
//!
//! # `can(expression)`
//!
//! Whether the argument evaluates without errors.
//!
//! ```
//! use hcl_core::eval::EvalContext;
//! use hcl_core::functions::stdlib;
//! use hcl_core::value::Value;
//! use hcl_core::{parse_expression, SourceFile};
//! use std::sync::Arc;
//!
//! let mut ctx = EvalContext::new();
//! ctx.set_functions(stdlib());
//! let eval = |src: &str| {
//!     let expr = parse_expression(src, "t.hcl").unwrap();
//!     ctx.evaluate(&expr, &Arc::new(SourceFile::new("t.hcl", src)))
//! };
//! assert_eq!(eval("can({}.a)").unwrap(), Value::from(false));
//! assert_eq!(eval(r#"can(tonumber("1"))"#).unwrap(), Value::from(true));
//! ```

use std::fmt::Write;

use super::{ArgEvaluator, Function, FunctionError, Functions, Parameter};
use crate::diagnostic::Diagnostics;
use crate::types::Type;
use crate::value::Value;

#[cfg(test)]
mod tests;

/// Adds `try` and `can` to `table`.
pub(crate) fn register(table: &mut Functions) {
    table.insert("try".into(), try_function());
    table.insert("can".into(), can_function());
}

fn try_function() -> Function {
    Function::builder()
        .description(
            "Returns the result of the first of the given expressions that evaluates without \
             errors.",
        )
        .variadic(Parameter::new("expressions", Type::Dynamic))
        .expression_implementation(try_arguments)
        .build()
}

fn can_function() -> Function {
    Function::builder()
        .description("Returns whether the given expression evaluates without errors.")
        // Any expression, of any value or type: what `return_type` is told
        // (the evaluator hands `can` the expression itself).
        .param(
            Parameter::new("expression", Type::Dynamic)
                .allow_null()
                .allow_unknown()
                .allow_dynamic_type(),
        )
        .returns(Type::Bool)
        .expression_implementation(|args| {
            if args.len() != 1 {
                return Err(FunctionError::failed(format!(
                    "wrong number of arguments (1 required; {} given)",
                    args.len()
                )));
            }
            Ok(match args.evaluate(0) {
                Ok(v) if !v.is_wholly_known() => Value::unknown(Type::Bool),
                Ok(_) => Value::from(true),
                Err(_) => Value::from(false),
            })
        })
        .build()
}

fn try_arguments(args: &mut dyn ArgEvaluator) -> Result<Value, FunctionError> {
    if args.is_empty() {
        return Err(FunctionError::failed("at least one argument is required"));
    }
    let mut failures = Diagnostics::default();
    for i in 0..args.len() {
        match args.evaluate(i) {
            // Diagnostics of earlier arguments are dropped once one succeeds.
            Ok(v) if !v.is_wholly_known() => return Ok(Value::dynamic()),
            Ok(v) => return Ok(v),
            Err(diags) => failures.extend(diags),
        }
    }
    let mut message = String::from("no expression succeeded:\n");
    for diag in failures.iter() {
        // Writing to a String cannot fail.
        let _ = match &diag.subject {
            Some(range) => writeln!(
                message,
                "- {} (at {range})\n  {}",
                diag.summary, diag.detail
            ),
            None => writeln!(message, "- {}\n  {}", diag.summary, diag.detail),
        };
    }
    message.push_str("\nAt least one expression must produce a successful result");
    Err(FunctionError::failed(message))
}
