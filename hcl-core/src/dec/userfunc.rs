//! The `function` blocks of a spec file: functions defined in HCL for the
//! input's expressions, as the reference's `userfunc` extension reads them.
//!
//! ```hcl
//! function "add" {
//!   params         = [a, b]
//!   variadic_param = rest
//!   result         = a + b + length(rest)
//! }
//! ```

use std::collections::HashMap;
use std::sync::Arc;

use crate::analysis::{ExprRef, OwnedExpression};
use crate::diagnostic::{Code, Diagnostics};
use crate::eval::EvalContext;
use crate::functions::{Function, FunctionError, Functions, Parameter};
use crate::schema::{AttributeSchema, Block, BlockHeaderSchema, Body, BodySchema};
use crate::types::Type;
use crate::value::Value;

use super::load::spec_functions;

/// A function's parameters and result expression.
struct UserFunction {
    params: Vec<String>,
    variadic: Option<String>,
    result: OwnedExpression,
}

/// The functions of `body`'s `function` blocks, and the rest of the body.
/// A block with errors defines nothing; of two blocks of one name the
/// later wins.
pub(super) fn user_functions<'a>(
    body: &Body<'a>,
    diags: &mut Diagnostics,
) -> (Functions, Body<'a>) {
    let schema = BodySchema::new(
        Vec::new(),
        vec![BlockHeaderSchema::new("function", &["name"])],
    )
    .unwrap_or_default();
    let (content, rest, more) = body.partial_content_with_diagnostics(&schema);
    let failed = more.has_errors();
    diags.extend(more);
    let mut functions = Functions::new();
    if failed {
        return (functions, rest);
    }
    for block in &content.blocks {
        let Some(name) = block.labels.first() else {
            continue;
        };
        if let Some(function) = read_function(block, diags) {
            functions.insert(name.value.to_owned(), function.build());
        }
    }
    (functions, rest)
}

fn read_function(block: &Block<'_>, diags: &mut Diagnostics) -> Option<UserFunction> {
    let attr = |name: &str, required| AttributeSchema {
        name: name.to_owned(),
        required,
    };
    let schema = BodySchema::new(
        vec![
            attr("params", true),
            attr("variadic_param", false),
            attr("result", true),
        ],
        Vec::new(),
    )
    .unwrap_or_default();
    let (content, more) = block.body.content_with_diagnostics(&schema);
    let failed = more.has_errors();
    diags.extend(more);
    if failed {
        return None;
    }
    let get = |name: &str| content.attributes.get(name).map(|a| a.expr);
    let params_expr = get("params")?;
    let result = get("result")?.to_owned_expression();
    let elements = match params_expr.as_static_list() {
        Ok(elements) => elements,
        Err(more) => {
            diags.extend(more);
            return None;
        }
    };
    let mut params = Vec::with_capacity(elements.len());
    for element in elements {
        params.push(keyword(
            element,
            "Invalid param element",
            "Each parameter name must be an identifier.",
            diags,
        )?);
    }
    let variadic = match get("variadic_param") {
        Some(expr) => Some(keyword(
            expr,
            "Invalid variadic_param",
            "The variadic parameter name must be an identifier.",
            diags,
        )?),
        None => None,
    };
    Some(UserFunction {
        params,
        variadic,
        result,
    })
}

/// The identifier `expr` is, or an error at it.
fn keyword(
    expr: ExprRef<'_>,
    summary: &str,
    detail: &str,
    diags: &mut Diagnostics,
) -> Option<String> {
    match expr.as_keyword() {
        Some(name) if !name.is_empty() => Some(name.to_owned()),
        _ => {
            diags.push(
                expr.location()
                    .error(Code::InvalidExpression, summary, detail),
            );
            None
        }
    }
}

impl UserFunction {
    fn build(self) -> Function {
        let mut builder = Function::builder();
        for name in &self.params {
            builder = builder.param(Parameter::new(name, Type::Dynamic));
        }
        if let Some(name) = &self.variadic {
            builder = builder.variadic(Parameter::new(name, Type::Dynamic));
        }
        let this = Arc::new(self);
        let typed = Arc::clone(&this);
        builder
            .returns_with(move |args: &[Value]| typed.call(args).map(|v| v.ty().clone()))
            .implementation(move |args: &[Value], _: &Type| this.call(args))
            .build()
    }

    /// The result expression's value with the arguments as variables and
    /// the spec functions; its errors as the call's failure.
    fn call(&self, args: &[Value]) -> Result<Value, FunctionError> {
        let mut variables: HashMap<String, Value> = self
            .params
            .iter()
            .zip(args)
            .map(|(name, value)| (name.clone(), value.clone()))
            .collect();
        if let Some(name) = &self.variadic {
            let rest = args.get(self.params.len()..).unwrap_or_default();
            variables.insert(name.clone(), Value::tuple(rest.to_vec()));
        }
        let ctx = EvalContext::with_tables(variables, spec_functions());
        let expr = self
            .result
            .expr()
            .map_err(|d| FunctionError::failed(go_error(&d)))?;
        let (value, diags) = expr.value_with_diagnostics(&ctx);
        match diags.has_errors() {
            true => Err(FunctionError::failed(go_error(&diags))),
            false => Ok(value),
        }
    }
}

/// Diagnostics as the reference's error text of them: the first as
/// `RANGE: SUMMARY; DETAIL`, and how many others there are.
fn go_error(diags: &Diagnostics) -> String {
    let mut all = diags.iter();
    let Some(first) = all.next() else {
        return "no diagnostics".to_owned();
    };
    let at = first
        .subject
        .as_ref()
        .map_or_else(|| "%!s(<nil>)".to_owned(), ToString::to_string);
    let text = format!("{at}: {}; {}", first.summary, first.detail);
    match all.count() {
        0 => text,
        others => format!("{text}, and {others} other diagnostic(s)"),
    }
}
