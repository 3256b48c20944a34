//! The function framework.
//!
//! CONTRACT (public API; the implementation below may change, these
//! signatures may not without updating every caller):
//!
//! - `Parameter { name, ty, allow_null, allow_unknown, allow_dynamic_type,
//!   decoder }`; `decoder` (an `ExpressionDecoder`, set with
//!   `.with_expression_decoder(..)`) reads the argument's expression instead
//!   of evaluating it, as the reference's `customdecode` extension does.
//! - `Function::builder()` → `FunctionBuilder` with `.param(Parameter)`,
//!   `.variadic(Parameter)`, `.returns(Type)` or `.returns_with(closure over
//!   the argument values → Result<Type, FunctionError>)`, `.description(..)`,
//!   `.implementation(closure (&[Value], &Type) → Result<Value, FunctionError>)`
//!   → `.build()`; and `.expression_implementation(closure (&mut dyn
//!   ArgEvaluator) → Result<Value, FunctionError>)` for functions such as
//!   `try` and `can` that receive their arguments unevaluated.
//! - `Function::params()`, `variadic()`, `description()`,
//!   `takes_expressions()`, `call(&[Value])`, `return_type(&[Value])`,
//!   `call_with_expressions(..)`.
//! - `ArgEvaluator`: `len()`, `evaluate(i)`, and `depends_on_unknowns(i)`
//!   (defaults to `false`; for functions of an application's own that must
//!   not evaluate an argument that refers to unknown values).
//! - `FunctionError::Arg { index, message }` (a problem with one argument) and
//!   `FunctionError::Failed(message)`.
//! - `Functions`: a name → `Function` table.

use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;

use crate::ast::Expression;
use crate::diagnostic::Diagnostics;
use crate::span::SourceFile;
use crate::types::Type;
use crate::value::Value;

/// A table of functions by name; names may be namespaced (`provider::x::f`).
pub type Functions = HashMap<String, Function>;

/// One parameter of a function.
#[derive(Debug, Clone)]
pub struct Parameter {
    /// The parameter's name, used in error messages.
    pub name: String,
    /// The type arguments are converted to; dynamic accepts any.
    pub ty: Type,
    /// Whether a null argument reaches the implementation (otherwise the
    /// call fails).
    pub allow_null: bool,
    /// Whether an unknown argument reaches the implementation (otherwise the
    /// result is unknown without calling it).
    pub allow_unknown: bool,
    /// Whether an argument whose type is not yet known (the dynamic value)
    /// reaches the implementation (otherwise the result is the dynamic value).
    pub allow_dynamic_type: bool,
    /// Reads the argument's expression itself rather than its value (a type
    /// expression, for example), as the reference's `customdecode`
    /// extension does; the value it gives is then converted to `ty` as any
    /// argument is. An argument expanded from a `...` list is a value
    /// already and is not decoded.
    pub decoder: Option<ExpressionDecoder>,
}

type DecodeFn =
    dyn Fn(&Expression<'_>, &Arc<SourceFile>) -> Result<Value, Diagnostics> + Send + Sync;

/// Turns an argument's expression into the argument's value without
/// evaluating it: see [`Parameter::decoder`].
///
/// # Examples
///
/// ```
/// use std::sync::Arc;
/// use hcl_core::functions::ExpressionDecoder;
/// use hcl_core::{SourceFile, Value};
///
/// // The argument's source text, as a string.
/// let text = ExpressionDecoder::new(|expr, file| {
///     let span = expr.span;
///     Ok(Value::string(file.text().get(span.as_range()).unwrap_or("")))
/// });
/// let src = "a + b";
/// let expr = hcl_core::parse_expression(src, "e").unwrap();
/// let file = Arc::new(SourceFile::new("e", src));
/// assert_eq!(text.decode(&expr, &file).unwrap(), Value::string("a + b"));
/// ```
#[derive(Clone)]
pub struct ExpressionDecoder(Arc<DecodeFn>);

impl ExpressionDecoder {
    /// A decoder running `decode` on the argument expression and its file.
    pub fn new(
        decode: impl Fn(&Expression<'_>, &Arc<SourceFile>) -> Result<Value, Diagnostics>
            + Send
            + Sync
            + 'static,
    ) -> Self {
        ExpressionDecoder(Arc::new(decode))
    }

    /// Decodes one argument expression of `file`.
    ///
    /// # Errors
    ///
    /// The decoder's diagnostics, when the expression is not what it reads.
    pub fn decode(
        &self,
        expr: &Expression<'_>,
        file: &Arc<SourceFile>,
    ) -> Result<Value, Diagnostics> {
        (self.0)(expr, file)
    }
}

impl fmt::Debug for ExpressionDecoder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ExpressionDecoder")
    }
}

impl Parameter {
    /// A parameter that allows no nulls, unknowns or dynamic types.
    pub fn new(name: &str, ty: Type) -> Self {
        Parameter {
            name: name.to_owned(),
            ty,
            allow_null: false,
            allow_unknown: false,
            allow_dynamic_type: false,
            decoder: None,
        }
    }

    /// Reads arguments with `decoder` instead of evaluating them.
    pub fn with_expression_decoder(mut self, decoder: ExpressionDecoder) -> Self {
        self.decoder = Some(decoder);
        self
    }

    /// Lets null arguments reach the implementation.
    pub fn allow_null(mut self) -> Self {
        self.allow_null = true;
        self
    }

    /// Lets unknown arguments reach the implementation.
    pub fn allow_unknown(mut self) -> Self {
        self.allow_unknown = true;
        self
    }

    /// Lets dynamic-typed arguments reach the implementation.
    pub fn allow_dynamic_type(mut self) -> Self {
        self.allow_dynamic_type = true;
        self
    }
}

/// Why a function call failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FunctionError {
    /// The argument at `index` (counting variadic arguments) is invalid.
    Arg {
        /// The argument's position.
        index: usize,
        /// What is wrong with it.
        message: String,
    },
    /// The call failed for another reason.
    Failed(String),
}

impl FunctionError {
    /// An error about argument `index`.
    pub fn arg(index: usize, message: impl Into<String>) -> Self {
        FunctionError::Arg {
            index,
            message: message.into(),
        }
    }

    /// An error about the call as a whole.
    pub fn failed(message: impl Into<String>) -> Self {
        FunctionError::Failed(message.into())
    }
}

impl fmt::Display for FunctionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FunctionError::Arg { message, .. } | FunctionError::Failed(message) => {
                f.write_str(message)
            }
        }
    }
}

impl std::error::Error for FunctionError {}

/// Evaluates the unevaluated arguments of a function that takes expressions.
pub trait ArgEvaluator {
    /// The number of arguments.
    fn len(&self) -> usize;
    /// Whether there are no arguments.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Evaluates argument `index`, returning its value or its diagnostics.
    fn evaluate(&mut self, index: usize) -> Result<Value, Diagnostics>;
    /// Whether argument `index` may depend on values not yet known, as
    /// hcl v2.14's `try` and `can` decided it (v2.20's evaluate first and
    /// look at the result instead): whether any variable
    /// reference in the expression (the whole traversal, attribute and
    /// literal index steps included), resolved in the evaluation context,
    /// gives a value that is not wholly known. A traversal that fails to
    /// resolve does not count. The default answers `false`.
    fn depends_on_unknowns(&mut self, index: usize) -> bool {
        let _ = index;
        false
    }
}

type ReturnTypeFn = dyn Fn(&[Value]) -> Result<Type, FunctionError> + Send + Sync;
type ImplFn = dyn Fn(&[Value], &Type) -> Result<Value, FunctionError> + Send + Sync;
type ExprImplFn = dyn Fn(&mut dyn ArgEvaluator) -> Result<Value, FunctionError> + Send + Sync;

#[derive(Clone)]
enum Implementation {
    Values(Arc<ImplFn>),
    Expressions(Arc<ExprImplFn>),
}

/// A function that configurations can call.
#[derive(Clone)]
pub struct Function {
    params: Vec<Parameter>,
    variadic: Option<Parameter>,
    return_type: Arc<ReturnTypeFn>,
    implementation: Implementation,
    description: String,
    result_not_null: bool,
}

impl fmt::Debug for Function {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Function")
            .field("params", &self.params)
            .field("variadic", &self.variadic)
            .field("description", &self.description)
            .finish_non_exhaustive()
    }
}

/// Builds a [`Function`].
pub struct FunctionBuilder {
    params: Vec<Parameter>,
    variadic: Option<Parameter>,
    return_type: Option<Arc<ReturnTypeFn>>,
    implementation: Option<Implementation>,
    description: String,
    result_not_null: bool,
}

impl Function {
    /// Starts building a function.
    pub fn builder() -> FunctionBuilder {
        FunctionBuilder {
            params: Vec::new(),
            variadic: None,
            return_type: None,
            implementation: None,
            description: String::new(),
            result_not_null: false,
        }
    }

    /// The positional parameters.
    pub fn params(&self) -> &[Parameter] {
        &self.params
    }

    /// The variadic parameter, if any.
    pub fn variadic(&self) -> Option<&Parameter> {
        self.variadic.as_ref()
    }

    /// What the function does.
    pub fn description(&self) -> &str {
        &self.description
    }

    /// Whether the function receives its arguments unevaluated.
    pub fn takes_expressions(&self) -> bool {
        matches!(self.implementation, Implementation::Expressions(_))
    }

    /// The parameter that argument `index` binds to.
    pub fn param_for(&self, index: usize) -> Option<&Parameter> {
        self.params.get(index).or(self.variadic.as_ref())
    }

    /// The return type for these arguments (each may be unknown), as the
    /// reference's `ReturnTypeForValues`: after checking the number of
    /// arguments, each argument in order is checked against its parameter:
    /// a null that the parameter does not allow is an error; an argument of
    /// the dynamic pseudo-type that the parameter does not allow makes the
    /// return type dynamic at once, without consulting the function; an
    /// argument whose type does not conform to the parameter's is an error.
    /// Otherwise the function's return type rule decides.
    ///
    /// # Errors
    ///
    /// Returns an error for a wrong number of arguments, a null or
    /// non-conforming argument, or the rule's own error.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::functions::{Function, Parameter};
    /// use hcl_core::types::Type;
    /// use hcl_core::value::Value;
    ///
    /// let f = Function::builder()
    ///     .param(Parameter::new("s", Type::String))
    ///     .returns(Type::Number)
    ///     .build();
    /// assert_eq!(f.return_type(&[Value::from("x")]).unwrap(), Type::Number);
    /// assert_eq!(f.return_type(&[Value::dynamic()]).unwrap(), Type::Dynamic);
    /// assert!(f.return_type(&[Value::null(Type::String)]).is_err());
    /// ```
    pub fn return_type(&self, args: &[Value]) -> Result<Type, FunctionError> {
        let required = self.params.len();
        if self.variadic.is_none() && args.len() != required {
            return Err(FunctionError::failed(format!(
                "wrong number of arguments ({required} required; {} given)",
                args.len()
            )));
        }
        if args.len() < required {
            return Err(FunctionError::failed(format!(
                "wrong number of arguments (at least {required} required; {} given)",
                args.len()
            )));
        }
        for (index, arg) in args.iter().enumerate() {
            let Some(param) = self.param_for(index) else {
                return Err(FunctionError::arg(index, "too many arguments"));
            };
            if arg.is_null() && !param.allow_null {
                return Err(FunctionError::arg(index, "argument must not be null"));
            }
            if arg.ty().is_dynamic() {
                if !param.allow_dynamic_type {
                    return Ok(Type::Dynamic);
                }
            } else if !arg.ty().matches(&param.ty) {
                return Err(FunctionError::arg(
                    index,
                    format!("{} required", param.ty.friendly_name_for_constraint()),
                ));
            }
        }
        (self.return_type)(args)
    }

    /// Calls the function with argument values already converted to their
    /// parameters' types, as the reference's `Call`: the return type is
    /// decided first (see [`Function::return_type`]); then an unknown
    /// argument that its parameter does not allow makes the result the
    /// unknown value of that type without running the implementation. For
    /// a function whose results are never null
    /// ([`FunctionBuilder::result_not_null`]), an unknown result of a known
    /// type is refined as not null.
    ///
    /// # Errors
    ///
    /// Returns the implementation's error, an argument error for a null
    /// argument that its parameter does not allow, or an error when the
    /// implementation returns a value that does not conform to the return
    /// type.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::functions::{Function, Parameter};
    /// use hcl_core::types::Type;
    /// use hcl_core::value::Value;
    ///
    /// let len = Function::builder()
    ///     .param(Parameter::new("s", Type::String))
    ///     .returns(Type::Number)
    ///     .implementation(|args, _| {
    ///         let n = args[0].as_str().map_or(0, |s| s.chars().count());
    ///         Ok(Value::from(n as i64))
    ///     })
    ///     .build();
    /// assert_eq!(len.call(&[Value::from("héllo")]).unwrap(), Value::from(5));
    /// assert_eq!(len.call(&[Value::unknown(Type::String)]).unwrap(), Value::unknown(Type::Number));
    /// assert_eq!(len.call(&[Value::dynamic()]).unwrap(), Value::dynamic());
    /// ```
    pub fn call(&self, args: &[Value]) -> Result<Value, FunctionError> {
        let Implementation::Values(implementation) = &self.implementation else {
            return Err(FunctionError::failed(
                "this function takes expressions and cannot be called with values",
            ));
        };
        let return_type = self.return_type(args)?;
        for (index, arg) in args.iter().enumerate() {
            let allow_unknown = self.param_for(index).is_some_and(|p| p.allow_unknown);
            if !arg.is_known() && !allow_unknown {
                return Ok(self.refine_result(Value::unknown(return_type)));
            }
        }
        let result = self.refine_result(implementation(args, &return_type)?);
        if !result.ty().matches(&return_type) {
            return Err(FunctionError::failed(format!(
                "the function returned a value of type {}, which does not conform to its \
                 return type {}",
                result.ty().friendly_name(),
                return_type.friendly_name()
            )));
        }
        Ok(result)
    }

    /// Calls a function that takes expressions.
    ///
    /// # Errors
    ///
    /// Returns the implementation's error.
    pub fn call_with_expressions(
        &self,
        args: &mut dyn ArgEvaluator,
    ) -> Result<Value, FunctionError> {
        match &self.implementation {
            Implementation::Expressions(implementation) => {
                implementation(args).map(|v| self.refine_result(v))
            }
            Implementation::Values(_) => Err(FunctionError::failed(
                "this function takes values, not expressions",
            )),
        }
    }
}

impl Function {
    /// What the function declares of all its results, applied to one.
    fn refine_result(&self, result: Value) -> Value {
        if self.result_not_null {
            result.refine_not_null()
        } else {
            result
        }
    }
}

impl FunctionBuilder {
    /// Declares that the function never returns null: an unknown result
    /// (of a known type) is then refined as not null, which lets `== null`
    /// and the like answer from it (see [`Value::refine`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::functions::{Function, Parameter};
    /// use hcl_core::types::Type;
    /// use hcl_core::value::Value;
    ///
    /// let upper = Function::builder()
    ///     .param(Parameter::new("s", Type::String))
    ///     .returns(Type::String)
    ///     .result_not_null()
    ///     .implementation(|args, _| Ok(Value::from(args[0].as_str().unwrap_or("").to_uppercase())))
    ///     .build();
    /// let result = upper.call(&[Value::unknown(Type::String)]).unwrap();
    /// assert!(!result.is_known());
    /// assert_eq!(result.equals(&Value::null(Type::String)), Value::from(false));
    /// ```
    pub fn result_not_null(mut self) -> Self {
        self.result_not_null = true;
        self
    }

    /// Adds a positional parameter.
    pub fn param(mut self, param: Parameter) -> Self {
        self.params.push(param);
        self
    }

    /// Sets the variadic parameter.
    pub fn variadic(mut self, param: Parameter) -> Self {
        self.variadic = Some(param);
        self
    }

    /// A fixed return type.
    pub fn returns(mut self, ty: Type) -> Self {
        self.return_type = Some(Arc::new(move |_| Ok(ty.clone())));
        self
    }

    /// A return type computed from the arguments.
    pub fn returns_with(
        mut self,
        rule: impl Fn(&[Value]) -> Result<Type, FunctionError> + Send + Sync + 'static,
    ) -> Self {
        self.return_type = Some(Arc::new(rule));
        self
    }

    /// A description, for documentation.
    pub fn description(mut self, text: &str) -> Self {
        self.description = text.to_owned();
        self
    }

    /// The implementation over argument values and the computed return type.
    pub fn implementation(
        mut self,
        implementation: impl Fn(&[Value], &Type) -> Result<Value, FunctionError> + Send + Sync + 'static,
    ) -> Self {
        self.implementation = Some(Implementation::Values(Arc::new(implementation)));
        self
    }

    /// An implementation that receives its arguments unevaluated.
    pub fn expression_implementation(
        mut self,
        implementation: impl Fn(&mut dyn ArgEvaluator) -> Result<Value, FunctionError>
            + Send
            + Sync
            + 'static,
    ) -> Self {
        self.implementation = Some(Implementation::Expressions(Arc::new(implementation)));
        self
    }

    /// The function. Without a return type rule the return type is dynamic;
    /// without an implementation the function returns the dynamic value.
    pub fn build(self) -> Function {
        Function {
            params: self.params,
            variadic: self.variadic,
            return_type: self
                .return_type
                .unwrap_or_else(|| Arc::new(|_| Ok(Type::Dynamic))),
            implementation: self
                .implementation
                .unwrap_or_else(|| Implementation::Values(Arc::new(|_, _| Ok(Value::dynamic())))),
            description: self.description,
            result_not_null: self.result_not_null,
        }
    }
}
