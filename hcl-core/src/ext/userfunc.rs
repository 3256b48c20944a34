//! User-defined functions: `function` blocks that a configuration writes
//! for itself, as the reference's `ext/userfunc` package decodes them.
//!
//! ```hcl
//! function "add" {
//!   params         = [a, b]
//!   variadic_param = more   # optional
//!   result         = a + b + sum(more)
//! }
//! ```
//!
//! [`decode_user_functions`] reads the blocks of a given type (each with
//! one label, the function's name) out of a [`Body`] of either syntax and
//! gives a [`Function`] for each, the body without those blocks, and the
//! diagnostics; [`with_user_functions`] does that and adds the functions
//! to an evaluation context, where they see each other and themselves.
//!
//! # Calls
//!
//! Every parameter takes a value of any type, neither null nor unknown. A
//! call evaluates the `result` expression in a child of the context that
//! the [`ContextFn`] gives at that moment, whose variables are the
//! parameters (the variadic one, if any, a tuple of the remaining
//! arguments). As in the reference (go-cty), the result is evaluated twice
//! per call: once for the return type, with the arguments as given (an
//! argument of unknown type makes the call's result the unknown value of
//! unknown type without evaluating anything), then for the value (an
//! unknown argument makes that the unknown value of the return type). Any
//! error of the result makes the call fail with "Error in function call"
//! ([`Code::FunctionCallFailed`]), whose
//! detail holds the result's diagnostics as text: `Call to function "f"
//! failed: FILE:LINE,COL-COL: SUMMARY; DETAIL.`, with `, and N other
//! diagnostic(s)` when there are more.
//!
//! # Recursion
//!
//! The native syntax evaluates both results of a conditional, so a function
//! that calls itself behind a condition never reaches its base case (the
//! reference overflows its stack). Here recursion is bounded by **call
//! depth**: a call of a user function made while [`MAX_CALL_DEPTH`] calls
//! of user functions are already running on the same thread fails with
//! "Error in function call" (code `function-call-failed`), its detail
//! saying that the limit was reached; and one outermost call, with all the
//! calls it makes, may make at most [`MAX_CALLS`] calls of user functions
//! (each level of a recursion doubles the work, because of the two
//! evaluations above, and a conditional drops the errors of the result it
//! does not select). Each evaluation of a result is also bounded by the
//! context's [`Limits`](crate::Limits), as any evaluation is.
//!
//! # Stack
//!
//! Nested calls must not add up on the caller's stack either. Each call is
//! given a weight, a bound of how deeply its result nests (its length in
//! bytes, at most [`Limits::max_expression_depth`](crate::Limits)'s
//! default, plus a few levels for the call itself). A call runs on the
//! calling thread while the weights of the calls running there stay within
//! a small allowance (on top of what the caller's own evaluation may
//! nest), so short functions calling each other a few levels deep cost no
//! thread; otherwise its result is evaluated on a scoped thread of its own
//! with a large stack, while the calling thread waits, and further calls
//! run on that thread up to a much larger allowance. A recursion thus
//! starts a few threads at most, never more than [`MAX_CALL_DEPTH`] at
//! once.

use std::cell::Cell;
use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::Arc;

use crate::analysis::{ExprRef, OwnedExpression};
use crate::diagnostic::{Code, Diagnostic, Diagnostics};
use crate::eval::EvalContext;
use crate::functions::{Function, FunctionError, Functions, Parameter};
use crate::schema::{AttributeSchema, BlockHeaderSchema, Body, BodySchema};
use crate::types::Type;
use crate::value::Value;

#[cfg(test)]
mod tests;

/// What a user function's result is evaluated in, asked for at each call:
/// the context whose child holds the parameters. `None` is no context at
/// all: the result then sees its parameters only, and calls no function.
///
/// The reference takes a function for the same reason: the context is
/// usually the one the functions are added to, which does not exist yet
/// when they are decoded. [`with_user_functions`] builds that cycle with a
/// weak reference.
pub type ContextFn = Arc<dyn Fn() -> Option<Arc<EvalContext<'static>>> + Send + Sync>;

/// The deepest that calls of user functions may nest on one thread: a
/// call made at this depth fails. See the [module docs](self).
pub const MAX_CALL_DEPTH: u32 = 32;

/// The most calls of user functions that one outermost call may make,
/// itself included. See the [module docs](self).
pub const MAX_CALLS: u64 = 1 << 14;

/// The schema of a function block's body.
fn function_body_schema() -> Option<BodySchema> {
    BodySchema::new(
        vec![
            AttributeSchema::required("params"),
            AttributeSchema::optional("variadic_param"),
            AttributeSchema::required("result"),
        ],
        Vec::new(),
    )
    .ok()
}

/// Decodes the blocks of type `block_type` of `body` into user functions,
/// as the reference's `userfunc.DecodeUserFunctions`: the functions by
/// name, the rest of the body (to read with another schema), and the
/// diagnostics.
///
/// Each block has one label, the function's name, and three arguments:
/// `params` (required), a static list of parameter names; `variadic_param`
/// (optional), a name; `result` (required), the expression a call
/// evaluates. A name is a bare identifier (`null`, `true` and `false`
/// included); in the JSON syntax, a string holding one. A block with
/// errors is left out and the next one decoded, so every block's errors
/// are reported; an error in the block headers (a missing or an extra
/// label) ends decoding at once, with no functions. Of two blocks with one
/// name the later one wins.
///
/// `context` gives, at each call, the context the result is evaluated in
/// (see [`ContextFn`]).
///
/// # Examples
///
/// ```
/// use std::sync::{Arc, OnceLock};
/// use hcl_core::ext::userfunc::{decode_user_functions, ContextFn};
/// use hcl_core::{Body, EvalContext, Value};
///
/// let src = "function \"twice\" {\n  params = [s]\n  result = \"${s}${s}\"\n}\n";
/// let file = hcl_core::parse(src, "f.hcl").unwrap();
/// // The functions see the context the application sets up after decoding,
/// // through a weak reference: the context holds the functions.
/// let cell: Arc<OnceLock<Arc<EvalContext<'static>>>> = Arc::default();
/// let from_cell = Arc::downgrade(&cell);
/// let context: ContextFn = Arc::new(move || from_cell.upgrade()?.get().cloned());
/// let (functions, _rest, diags) = decode_user_functions(&Body::from_file(&file), "function", context);
/// assert!(!diags.has_errors());
///
/// let mut ctx = EvalContext::new();
/// ctx.set_function("twice", functions["twice"].clone());
/// let ctx = Arc::new(ctx);
/// let _ = cell.set(Arc::clone(&ctx));
/// assert_eq!(ctx.evaluate_str("twice(\"ab\")").unwrap(), Value::string("abab"));
/// ```
pub fn decode_user_functions<'a>(
    body: &Body<'a>,
    block_type: &str,
    context: ContextFn,
) -> (Functions, Body<'a>, Diagnostics) {
    let mut diags = Diagnostics::default();
    let schema = BodySchema::new(
        Vec::new(),
        vec![BlockHeaderSchema::new(block_type, &["name"])],
    );
    let (Ok(schema), Some(function_schema)) = (schema, function_body_schema()) else {
        diags.push(Diagnostic::error(
            Code::InvalidSchema,
            "Invalid schema",
            format!("{block_type:?} cannot be the type of function blocks."),
        ));
        return (Functions::new(), body.clone(), diags);
    };
    let (content, remain, content_diags) = body.partial_content_with_diagnostics(&schema);
    diags.extend(content_diags);
    if diags.has_errors() {
        return (Functions::new(), remain, diags);
    }
    let mut functions = Functions::new();
    for block in &content.blocks {
        let Some(name) = block.label_values().first().copied() else {
            continue;
        };
        let (body, block_diags) = block.body.content_with_diagnostics(&function_schema);
        let failed = block_diags.has_errors();
        diags.extend(block_diags);
        if failed {
            continue;
        }
        let expr = |name: &str| body.attributes.get(name).map(|a| a.expr);
        let (Some(params), Some(result)) = (expr("params"), expr("result")) else {
            continue;
        };
        let Some(signature) = signature(&params, expr("variadic_param").as_ref(), &mut diags)
        else {
            continue;
        };
        let function = UserFunction {
            name: name.to_owned(),
            signature: Arc::new(signature),
            result: result.to_owned_expression(),
            weight: call_weight(&result),
            context: Arc::clone(&context),
        };
        functions.insert(name.to_owned(), function.build());
    }
    (functions, remain, diags)
}

/// [`decode_user_functions`], with the functions added to `base` (a user
/// function replaces a function of the same name): the context to evaluate
/// the rest of the body in, the functions decoded, the rest and the
/// diagnostics.
///
/// The functions evaluate their results in a child of the context
/// returned, which they hold a weak reference to: they see each other and
/// themselves, the variables of `base` and its functions. A function taken
/// out of it and called once the context is dropped sees its parameters
/// only and calls no function.
///
/// # Examples
///
/// ```
/// use hcl_core::ext::userfunc::with_user_functions;
/// use hcl_core::{Body, EvalContext, Value};
///
/// let src = r#"
/// function "double" {
///   params = [n]
///   result = n * 2
/// }
/// function "quadruple" {
///   params = [n]
///   result = double(double(n))
/// }
/// function "all" {
///   params         = [f]
///   variadic_param = nums
///   result         = [for n in nums : f == "double" ? double(n) : quadruple(n)]
/// }
/// x = quadruple(3)
/// y = all("double", 1, 2)
/// "#;
/// let file = hcl_core::parse(src, "f.hcl").unwrap();
/// let (ctx, functions, rest, diags) =
///     with_user_functions(&Body::from_file(&file), "function", EvalContext::new());
/// assert!(!diags.has_errors());
/// assert_eq!(functions.len(), 3);
/// let attrs = rest.just_attributes_with_diagnostics().0;
/// let x = attrs.get("x").unwrap().expr.value(&ctx).unwrap();
/// assert_eq!(x, Value::from(12));
/// let y = attrs.get("y").unwrap().expr.value(&ctx).unwrap();
/// assert_eq!(y, Value::tuple(vec![Value::from(2), Value::from(4)]));
/// ```
pub fn with_user_functions<'a>(
    body: &Body<'a>,
    block_type: &str,
    base: EvalContext<'static>,
) -> (Arc<EvalContext<'static>>, Functions, Body<'a>, Diagnostics) {
    let mut decoded = None;
    let ctx = Arc::new_cyclic(|weak| {
        let weak = weak.clone();
        let context: ContextFn = Arc::new(move || weak.upgrade());
        let (functions, remain, diags) = decode_user_functions(body, block_type, context);
        let mut ctx = base;
        for (name, function) in &functions {
            ctx.set_function(name, function.clone());
        }
        decoded = Some((functions, remain, diags));
        ctx
    });
    let (functions, remain, diags) =
        decoded.unwrap_or_else(|| (Functions::new(), body.clone(), Diagnostics::default()));
    (ctx, functions, remain, diags)
}

/// The parameter names of a function, and its variadic parameter's.
struct Signature {
    params: Vec<String>,
    variadic: Option<String>,
}

/// Reads `params` and `variadic_param`; `None` after an error, which is
/// added to `diags`.
fn signature(
    params: &ExprRef<'_>,
    variadic: Option<&ExprRef<'_>>,
    diags: &mut Diagnostics,
) -> Option<Signature> {
    let elements = match params.as_static_list() {
        Ok(elements) => elements,
        Err(list_diags) => {
            diags.extend(list_diags);
            return None;
        }
    };
    let mut names = Vec::with_capacity(elements.len());
    for element in &elements {
        let Some(name) = element.as_keyword() else {
            diags.push(element.location().error(
                Code::InvalidParameterName,
                "Invalid param element",
                "Each parameter name must be an identifier.",
            ));
            return None;
        };
        names.push(name.to_owned());
    }
    let variadic = match variadic {
        None => None,
        Some(expr) => match expr.as_keyword() {
            Some(name) => Some(name.to_owned()),
            None => {
                diags.push(expr.location().error(
                    Code::InvalidParameterName,
                    "Invalid variadic_param",
                    "The variadic parameter name must be an identifier.",
                ));
                return None;
            }
        },
    };
    Some(Signature {
        params: names,
        variadic,
    })
}

/// One decoded function block.
struct UserFunction {
    name: String,
    signature: Arc<Signature>,
    result: OwnedExpression,
    /// How much stack a call may use, in expression levels: see
    /// [`call_weight`].
    weight: usize,
    context: ContextFn,
}

impl UserFunction {
    fn build(self) -> Function {
        let mut builder = Function::builder();
        for name in &self.signature.params {
            builder = builder.param(Parameter::new(name, Type::Dynamic));
        }
        if let Some(name) = &self.signature.variadic {
            builder = builder.variadic(Parameter::new(name, Type::Dynamic));
        }
        let description = format!("The user-defined function {:?}.", self.name);
        let this = Arc::new(self);
        let for_type = Arc::clone(&this);
        builder
            .description(&description)
            .returns_with(move |args| for_type.evaluate(args).map(|v| v.ty().clone()))
            .implementation(move |args, _| this.evaluate(args))
            .build()
    }

    /// Evaluates the result with these arguments, counting the call
    /// against [`MAX_CALL_DEPTH`] and [`MAX_CALLS`]: on this thread when
    /// its stack has room for it, else on a thread of its own (see the
    /// [module docs](self#stack)).
    fn evaluate(&self, args: &[Value]) -> Result<Value, FunctionError> {
        let depth = DEPTH.with(Cell::get);
        if depth >= MAX_CALL_DEPTH {
            return Err(FunctionError::failed(format!(
                "calls of user-defined functions are nested more than {MAX_CALL_DEPTH} deep \
                 (a recursion that does not end?)"
            )));
        }
        let calls = match depth {
            0 => 1,
            _ => CALLS.with(Cell::get).saturating_add(1),
        };
        CALLS.with(|c| c.set(calls));
        if calls > MAX_CALLS {
            return Err(FunctionError::failed(format!(
                "more than {MAX_CALLS} calls of user-defined functions were made for one call \
                 (a recursion that does not end?)"
            )));
        }
        let (used, room) = STACK.with(Cell::get);
        if used.saturating_add(self.weight) <= room {
            DEPTH.with(|d| d.set(depth + 1));
            STACK.with(|s| s.set((used + self.weight, room)));
            let result = self.evaluate_here(args);
            STACK.with(|s| s.set((used, room)));
            DEPTH.with(|d| d.set(depth));
            return result;
        }
        let run = || {
            DEPTH.with(|d| d.set(depth + 1));
            CALLS.with(|c| c.set(calls));
            STACK.with(|s| s.set((self.weight, WORKER_ROOM)));
            let result = self.evaluate_here(args);
            (result, CALLS.with(Cell::get))
        };
        let outcome = std::thread::scope(|scope| {
            std::thread::Builder::new()
                .name("hcl-user-function".to_owned())
                .stack_size(WORKER_STACK_BYTES)
                .spawn_scoped(scope, run)
                .map(|handle| handle.join())
        });
        match outcome {
            Ok(Ok((result, calls))) => {
                CALLS.with(|c| c.set(calls));
                result
            }
            Ok(Err(_)) => Err(FunctionError::failed("the evaluation of the result failed")),
            Err(err) => Err(FunctionError::failed(format!(
                "no thread could be started to evaluate the result: {err}"
            ))),
        }
    }

    /// Evaluates the result with these arguments on this thread.
    fn evaluate_here(&self, args: &[Value]) -> Result<Value, FunctionError> {
        let expr = self
            .result
            .expr()
            .map_err(|diags| FunctionError::failed(diagnostics_text(&diags)))?;
        let base = (self.context)();
        let mut ctx = match &base {
            Some(base) => base.child(),
            None => EvalContext::literal_only(),
        };
        let Signature { params, variadic } = &*self.signature;
        ctx.set_variables(HashMap::new());
        for (name, arg) in params.iter().zip(args) {
            ctx.set_variable(name, arg.clone());
        }
        if let Some(name) = variadic {
            let rest = args.get(params.len()..).unwrap_or_default();
            ctx.set_variable(name, Value::tuple(rest.to_vec()));
        }
        let (value, diags) = expr.value_with_diagnostics(&ctx);
        if diags.has_errors() {
            return Err(FunctionError::failed(diagnostics_text(&diags)));
        }
        Ok(value)
    }
}

/// Diagnostics as the reference's `hcl.Diagnostics.Error()` writes them:
/// the first as `RANGE: SUMMARY; DETAIL`, then `, and N other
/// diagnostic(s)`.
fn diagnostics_text(diags: &Diagnostics) -> String {
    let mut all = diags.iter();
    let Some(first) = all.next() else {
        return "no diagnostics".to_owned();
    };
    let mut text = match &first.subject {
        Some(range) => format!("{range}: {}; {}", first.summary, first.detail),
        None => format!("<nil>: {}; {}", first.summary, first.detail),
    };
    let others = all.count();
    if others > 0 {
        let _ = write!(text, ", and {others} other diagnostic(s)");
    }
    text
}

/// A bound of the stack a call of a function with this result uses, in
/// levels of nested expressions: each level takes at least a byte of the
/// source, and the parser accepts no deeper expression than
/// [`Limits::max_expression_depth`](crate::Limits) (256 by default); the
/// call itself takes a few more.
fn call_weight(result: &ExprRef<'_>) -> usize {
    result.location().text().len().min(256) + 8
}

/// The weight of the calls that may run on a thread that is not one of
/// ours, on top of what the caller's evaluation may nest there itself.
const CALLER_ROOM: usize = 48;

/// The weight of the calls that may run on one of our threads.
const WORKER_ROOM: usize = 2048;

/// The stack of one of our threads: room for [`WORKER_ROOM`] levels of
/// nested expressions, with a wide margin (a level takes about 4 KiB in a
/// debug build); only what is used is touched.
const WORKER_STACK_BYTES: usize = 32 << 20;

thread_local! {
    /// How deep the call of a user function running on this thread is
    /// nested in other such calls (0 on a thread that is not running one).
    static DEPTH: Cell<u32> = const { Cell::new(0) };
    /// How many calls of user functions the outermost one running made.
    static CALLS: Cell<u64> = const { Cell::new(0) };
    /// The weight of the calls of user functions running on this thread,
    /// and the most it may take.
    static STACK: Cell<(usize, usize)> = const { Cell::new((0, CALLER_ROOM)) };
}
