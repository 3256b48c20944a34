//! Static type checking: the type of an expression, and whether a body's
//! attributes have the types a schema wants, without evaluating anything.
//!
//! A [`TypeContext`] declares the types of variables (which may be the
//! extended types: an `output(string)` is a value that will exist only
//! later, a cloud resource's id before the resource is created) and the
//! functions that may be called (the standard library by default, typed by
//! their parameters). [`TypeContext::type_of`] computes an expression's type
//! with every problem found on the way; [`TypeContext::check_body`] checks a
//! body against a [`TypedSchema`] of attribute names and types, saying for
//! each value that does not fit which conversion is missing (or unsafe).
//!
//! The rules are those of evaluation lifted to types, with the extensions
//! of `pulumi-model-extensions` as Pulumi's binder applies them:
//!
//! - literals: an integral number literal is `int` (it must be exact: an
//!   integer that a number cannot hold exactly is an error), another
//!   number `number`, `null` is `none`;
//! - operators take their operands as the evaluator does (`number`,
//!   `bool`, anything for `==`); `int op int` is `int` where the operator
//!   gives a number, except `/`, whose quotient need not be whole
//!   (Pulumi's binder types `int / int` as `int`; here it is `number`);
//! - a value that exists only later makes what is computed from it exist
//!   only later: a template, an operator, a function call (when a parameter
//!   wants the plain value, as Pulumi's binder lifts its intrinsics), an
//!   index by an eventual key, the condition of a conditional or of a `for`
//!   filter, each gives `output(...)` (or `promise(...)` when only promises
//!   are involved);
//! - attributes and indexes go through unions and eventual types as
//!   [`Type::traverse_attr`] and [`Type::traverse_index`] say;
//! - a conditional's type is the unification of its results (`none` and
//!   `T` unify as `optional(T)`); a `for` expression makes a list (a map
//!   with a key expression) of its value's type, eventual when its
//!   collection is; a splat a list (or a tuple, from a tuple);
//! - a function call must give each parameter an argument that converts to
//!   its type, and its type is the function's return type for arguments of
//!   those types. Arguments of functions that take expressions (`try`,
//!   `can`) are checked without their errors being reported, catching them
//!   being those functions' purpose.
//!
//! Assigning a value needs a conversion from its type to the wanted type:
//! none is an error ("Incorrect attribute value type", as the reference's
//! decoders call it, whose detail says "Cannot assign a value of type X to
//! attribute "a" of type Y" and which conversion inside is missing), an
//! unsafe one (that may fail for some values) is accepted, warned about or
//! rejected according to [`UnsafeConversions`]. An eventual value never converts to a plain type:
//! `output(string)` cannot go where `string` is required.
//!
//! # Examples
//!
//! ```
//! use std::sync::Arc;
//! use hcl_core::check::{TypeContext, TypedSchema};
//! use hcl_core::types::Type;
//! use hcl_core::Body;
//!
//! let mut ctx = TypeContext::default();
//! let bucket = Type::object([("id", Type::output(Type::String))]);
//! ctx.set_variable("bucket", bucket);
//!
//! let src = "url = \"https://${bucket.id}/index.html\"\nname = bucket.id\n";
//! let file = hcl_core::parse(src, "site.hcl").unwrap();
//! let schema = TypedSchema::default()
//!     .required("url", Type::output(Type::String))
//!     .required("name", Type::String);
//! let diags = ctx.check_body(&Body::from_file(&file), &schema);
//! assert_eq!(diags.len(), 1);
//! let text = diags.to_string();
//! assert!(text.starts_with("Error: Incorrect attribute value type\n  --> site.hcl:2:8\n"));
//! assert!(text.contains(
//!     "Cannot assign a value of type output(string) to attribute \"name\" of type string: \
//!      string required, but the value has the eventual type output(string), known only later."
//! ));
//!
//! let expr = hcl_core::parse_expression("upper(bucket.id)", "e.hcl").unwrap();
//! let file = Arc::new(hcl_core::SourceFile::new("e.hcl", "upper(bucket.id)"));
//! let (ty, diags) = ctx.type_of(&expr, &file);
//! assert!(diags.is_empty());
//! assert_eq!(ty, Type::output(Type::String));
//! ```

mod body;
mod calls;
mod expr;
mod iter;
mod json;
mod ops;

#[cfg(test)]
mod tests;

use std::collections::HashMap;
use std::sync::Arc;

pub use body::{TypedAttribute, TypedSchema};

use crate::analysis::ExprRef;
use crate::ast::Expression;
use crate::diagnostic::{Code, Diagnostic, Diagnostics};
use crate::functions::{Function, Functions};
use crate::limits::Limits;
use crate::span::SourceFile;
use crate::types::{conversion_safety, mismatch_message, Safety, Type};

/// What an assignment that converts only unsafely (`string` to `number`,
/// `optional(T)` to `T`) gives: such a conversion may fail for some values.
///
/// # Examples
///
/// ```
/// use hcl_core::check::UnsafeConversions;
/// assert_eq!(UnsafeConversions::default(), UnsafeConversions::Allow);
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum UnsafeConversions {
    /// Accepted without a word, as evaluation converts them.
    #[default]
    Allow,
    /// Accepted with a warning.
    Warn,
    /// An error.
    Reject,
}

/// The declared types of variables and the functions available, against
/// which expressions are checked: the static counterpart of an
/// [`EvalContext`](crate::EvalContext).
///
/// The default has no variables, the standard library's functions, the
/// default [`Limits`] and [`UnsafeConversions::Allow`].
///
/// # Examples
///
/// ```
/// use hcl_core::check::TypeContext;
/// use hcl_core::types::Type;
///
/// let mut ctx = TypeContext::default();
/// ctx.set_variable("port", Type::Int);
/// assert_eq!(ctx.variable("port"), Some(&Type::Int));
/// assert_eq!(ctx.type_of_str("port * 2").unwrap(), Type::Int);
/// assert_eq!(ctx.type_of_str("port / 2").unwrap(), Type::Number);
/// ```
#[derive(Debug, Clone)]
pub struct TypeContext {
    variables: HashMap<String, Type>,
    /// Shared with every context that does not change it, as
    /// [`EvalContext`](crate::EvalContext)'s.
    functions: std::sync::Arc<Functions>,
    limits: Limits,
    unsafe_conversions: UnsafeConversions,
}

impl Default for TypeContext {
    fn default() -> Self {
        TypeContext {
            variables: HashMap::new(),
            functions: crate::functions::default_functions(),
            limits: Limits::default(),
            unsafe_conversions: UnsafeConversions::default(),
        }
    }
}

impl TypeContext {
    /// Declares a variable's type.
    pub fn set_variable(&mut self, name: &str, ty: Type) {
        self.variables.insert(name.to_owned(), ty);
    }

    /// A declared variable's type.
    pub fn variable(&self, name: &str) -> Option<&Type> {
        self.variables.get(name)
    }

    /// Adds (or replaces) a function.
    pub fn set_function(&mut self, name: &str, function: Function) {
        std::sync::Arc::make_mut(&mut self.functions).insert(name.to_owned(), function);
    }

    /// Replaces the function table.
    pub fn set_functions(&mut self, functions: Functions) {
        self.functions = std::sync::Arc::new(functions);
    }

    /// Sets the limits: [`Limits::max_expression_depth`] bounds how deep the
    /// checker goes into an expression (deeper is an error).
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// Sets what an unsafe conversion in an assignment gives.
    pub fn set_unsafe_conversions(&mut self, policy: UnsafeConversions) {
        self.unsafe_conversions = policy;
    }

    /// The type of `expr`, an expression of `file`, and every problem
    /// found, without evaluating it. Where an error makes a type unknown,
    /// the type is the dynamic pseudo-type and checking goes on.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::Arc;
    /// use hcl_core::check::TypeContext;
    /// use hcl_core::types::Type;
    /// use hcl_core::SourceFile;
    ///
    /// let mut ctx = TypeContext::default();
    /// ctx.set_variable("ids", Type::output(Type::list(Type::String)));
    /// let src = "[for id in ids : \"${upper(id)}-${length(ids)}\"]";
    /// let expr = hcl_core::parse_expression(src, "e.hcl").unwrap();
    /// let file = Arc::new(SourceFile::new("e.hcl", src));
    /// let (ty, diags) = ctx.type_of(&expr, &file);
    /// assert!(diags.is_empty());
    /// assert_eq!(ty, Type::output(Type::list(Type::String)));
    /// ```
    pub fn type_of(&self, expr: &Expression<'_>, file: &Arc<SourceFile>) -> (Type, Diagnostics) {
        let mut checker = expr::Checker::new(self, file);
        let mut diags = Diagnostics::default();
        let ty = checker.expr(expr, None, &mut diags);
        (ty, dedup(diags))
    }

    /// Parses one expression and computes its type.
    ///
    /// # Errors
    ///
    /// The syntax errors, or the errors found checking it.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::check::TypeContext;
    /// use hcl_core::types::Type;
    /// let ctx = TypeContext::default();
    /// assert_eq!(ctx.type_of_str("true ? 1 : null").unwrap(), Type::optional(Type::Int));
    /// let err = ctx.type_of_str("1 + true").unwrap_err();
    /// assert!(err.to_string().contains("Unsuitable value for right operand: number required."));
    /// ```
    pub fn type_of_str(&self, source: &str) -> Result<Type, Diagnostics> {
        let expr = crate::parse_expression(source, "<expr>")?;
        let file = Arc::new(SourceFile::new("<expr>", source));
        let (ty, diags) = self.type_of(&expr, &file);
        if diags.has_errors() {
            Err(diags)
        } else {
            Ok(ty)
        }
    }

    /// Checks that `expr` may be assigned where a value of type `want` is
    /// needed: the problems found in it, and an "Incorrect value type"
    /// error when its type has no conversion to `want` (or, depending on
    /// [`UnsafeConversions`], only an unsafe one).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::Arc;
    /// use hcl_core::analysis::ExprRef;
    /// use hcl_core::check::{TypeContext, UnsafeConversions};
    /// use hcl_core::types::Type;
    /// use hcl_core::SourceFile;
    ///
    /// let mut ctx = TypeContext::default();
    /// ctx.set_unsafe_conversions(UnsafeConversions::Reject);
    /// let src = "\"80\"";
    /// let expr = hcl_core::parse_expression(src, "e.hcl").unwrap();
    /// let file = Arc::new(SourceFile::new("e.hcl", src));
    /// let diags = ctx.check_assignment(ExprRef::new(&expr, &file), &Type::Int);
    /// assert_eq!(
    ///     diags.as_slice()[0].detail,
    ///     "Cannot assign a value of type string to type int safely: the conversion fails for \
    ///      some values."
    /// );
    /// ```
    pub fn check_assignment(&self, expr: ExprRef<'_>, want: &Type) -> Diagnostics {
        let (got, mut diags) = self.type_of(expr.expr, expr.file);
        if let Some(diag) = self.assignability(&got, want, None) {
            diags.push(diag.with_subject(expr.file, expr.span()));
        }
        diags
    }

    /// The diagnostic, without a range yet, of assigning a value of type
    /// `got` where `want` is needed; `attribute` names what is assigned.
    fn assignability(
        &self,
        got: &Type,
        want: &Type,
        attribute: Option<&str>,
    ) -> Option<Diagnostic> {
        let target = match attribute {
            Some(name) => format!("attribute \"{name}\" of type {}", want.pretty()),
            None => format!("type {}", want.pretty()),
        };
        let summary = if attribute.is_some() {
            "Incorrect attribute value type"
        } else {
            "Incorrect value type"
        };
        match conversion_safety(got, want) {
            Some(Safety::Safe) => None,
            _ if got.is_dynamic() => None,
            Some(Safety::Unsafe) => {
                let detail = format!(
                    "Cannot assign a value of type {} to {target} safely: the conversion fails \
                     for some values.",
                    got.pretty()
                );
                match self.unsafe_conversions {
                    UnsafeConversions::Allow => None,
                    UnsafeConversions::Warn => Some(Diagnostic::warning(
                        Code::IncorrectValueType,
                        format!("Possibly {}", summary.to_lowercase()),
                        detail,
                    )),
                    UnsafeConversions::Reject => {
                        Some(Diagnostic::error(Code::IncorrectValueType, summary, detail))
                    }
                }
            }
            None => Some(Diagnostic::error(
                Code::IncorrectValueType,
                summary,
                format!(
                    "Cannot assign a value of type {} to {target}: {}.",
                    got.pretty(),
                    mismatch_message(got, want)
                ),
            )),
        }
    }
}

/// The diagnostics without exact repeats (a splat's or a `for`
/// expression's body checked for several element types may report the
/// same problem several times).
fn dedup(diags: Diagnostics) -> Diagnostics {
    let mut out: Vec<Diagnostic> = Vec::new();
    for d in diags {
        let repeat = out.iter().any(|o| {
            o.severity == d.severity
                && o.code == d.code
                && o.summary == d.summary
                && o.detail == d.detail
                && o.subject == d.subject
        });
        if !repeat {
            out.push(d);
        }
    }
    Diagnostics::from(out)
}
