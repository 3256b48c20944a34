//! Functions: the framework for defining them, and the standard library.
//!
//! A [`Function`] declares positional [`Parameter`]s, an optional variadic
//! parameter, a rule for its return type and an implementation. The
//! evaluator converts each argument to its parameter's type before the call;
//! [`Function::call`] then applies the reference's rules for null, unknown
//! and dynamic-typed arguments before running the implementation.

mod float_math;
mod framework;
mod support;
#[cfg(test)]
mod test_support;

pub mod collection;
pub mod conversion;
pub mod datetime;
pub mod encoding;
pub mod format;
pub mod limits;
pub mod mapping;
pub mod numeric;
pub mod regex;
pub mod sequence;
pub mod sets;
mod stdlib;
pub mod string;
pub mod try_can;

pub use stdlib::stdlib;

pub use framework::{
    ArgEvaluator, ExpressionDecoder, Function, FunctionBuilder, FunctionError, Functions, Parameter,
};

/// The functions every evaluation context starts with: the standard
/// library, built once and shared by every context that does not change it.
pub(crate) fn default_functions() -> std::sync::Arc<Functions> {
    static STDLIB: std::sync::OnceLock<std::sync::Arc<Functions>> = std::sync::OnceLock::new();
    std::sync::Arc::clone(STDLIB.get_or_init(|| std::sync::Arc::new(stdlib())))
}
