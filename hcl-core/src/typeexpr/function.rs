//! Types as values, and the `convert` function.

use std::sync::{Arc, LazyLock};

use super::{get_type, TypeExprOptions};
use crate::analysis::ExprRef;
use crate::functions::{ExpressionDecoder, Function, FunctionError, Parameter};
use crate::types::{convert, CapsuleOps, CapsulePayload, CapsuleType, Type};
use crate::value::Value;

static TYPE_CONSTRAINT: LazyLock<CapsuleType> = LazyLock::new(|| {
    let equals = |a: &CapsulePayload, b: &CapsulePayload| {
        a.downcast_ref::<Type>() == b.downcast_ref::<Type>()
    };
    let hash_key = |p: &CapsulePayload| {
        p.downcast_ref::<Type>()
            .map(|t| format!("{t}"))
            .unwrap_or_default()
    };
    CapsuleType::with_ops(
        "type constraint",
        CapsuleOps {
            equals: Some(Arc::new(equals)),
            hash_key: Some(Arc::new(hash_key)),
        },
    )
});

/// The capsule type whose values are types: a function parameter of this
/// type receives its argument as a type expression, read statically (see
/// [`type_constraint_parameter`]).
///
/// # Examples
///
/// ```
/// use hcl_core::typeexpr::{type_constraint_type, type_constraint_value};
/// use hcl_core::types::Type;
/// let v = type_constraint_value(Type::list(Type::Int));
/// assert_eq!(v.ty(), &Type::Capsule(type_constraint_type()));
/// ```
pub fn type_constraint_type() -> CapsuleType {
    TYPE_CONSTRAINT.clone()
}

/// A type as a value of [`type_constraint_type`].
///
/// # Examples
///
/// ```
/// use hcl_core::typeexpr::{type_constraint_value, type_from_value};
/// use hcl_core::types::Type;
/// let v = type_constraint_value(Type::output(Type::String));
/// assert_eq!(type_from_value(&v), Some(Type::output(Type::String)));
/// assert_eq!(v, type_constraint_value(Type::output(Type::String)));
/// ```
pub fn type_constraint_value(ty: Type) -> Value {
    Value::capsule(type_constraint_type(), Arc::new(ty))
}

/// The type a value of [`type_constraint_type`] holds; `None` for any other
/// value.
///
/// # Examples
///
/// ```
/// use hcl_core::typeexpr::type_from_value;
/// use hcl_core::Value;
/// assert_eq!(type_from_value(&Value::from("string")), None);
/// ```
pub fn type_from_value(value: &Value) -> Option<Type> {
    if value.ty() != &Type::Capsule(type_constraint_type()) {
        return None;
    }
    value.as_capsule()?.downcast_ref::<Type>().cloned()
}

/// A function parameter that takes a type expression, read with `options`
/// into a value of [`type_constraint_type`] rather than evaluated.
///
/// # Examples
///
/// ```
/// use hcl_core::typeexpr::{type_constraint_parameter, TypeExprOptions};
/// let p = type_constraint_parameter("type", &TypeExprOptions::default());
/// assert!(p.decoder.is_some());
/// ```
pub fn type_constraint_parameter(name: &str, options: &TypeExprOptions) -> Parameter {
    let options = options.clone();
    let decoder = ExpressionDecoder::new(move |expr, file| {
        let (ty, _, diags) = get_type(ExprRef::new(expr, file), &options);
        if diags.has_errors() {
            return Err(diags);
        }
        Ok(type_constraint_value(ty))
    });
    Parameter::new(name, Type::Capsule(type_constraint_type())).with_expression_decoder(decoder)
}

/// The `convert(value, type)` function, as the reference's
/// `typeexpr.ConvertFunc`: converts `value` to the type written as its
/// second argument, a type expression read with `options` (not evaluated:
/// a type cannot be computed). The result is the converted value; when
/// `type` is an extended type, the value takes its
/// [value type](Type::value_type), having passed its checks (`int` only
/// takes whole numbers).
///
/// # Examples
///
/// ```
/// use hcl_core::typeexpr::{convert_function, TypeExprOptions};
/// use hcl_core::{EvalContext, Value};
///
/// let mut ctx = EvalContext::new();
/// ctx.set_function("convert", convert_function(&TypeExprOptions::extended()));
/// assert_eq!(ctx.evaluate_str("convert(\"true\", bool)").unwrap(), Value::from(true));
/// assert_eq!(ctx.evaluate_str("convert(\"12\", int)").unwrap(), Value::from(12));
/// let err = ctx.evaluate_str("convert(1.5, int)").unwrap_err();
/// assert!(err.to_string().contains("a whole number is required"));
/// let err = ctx.evaluate_str("convert(1, lst(string))").unwrap_err();
/// assert!(err.to_string().contains("Keyword \"lst\" is not a valid type constructor."));
/// ```
pub fn convert_function(options: &TypeExprOptions) -> Function {
    Function::builder()
        .description("Converts a value to the given type, or raises an error if it cannot.")
        .param(
            Parameter::new("value", Type::Dynamic)
                .allow_null()
                .allow_dynamic_type(),
        )
        .param(type_constraint_parameter("type", options))
        .returns_with(|args| {
            let (value, want) = arguments(args)?;
            convert(value, &want)
                .map(|v| v.ty().clone())
                .map_err(|e| FunctionError::arg(0, e.to_string()))
        })
        .implementation(|args, _| {
            let (value, want) = arguments(args)?;
            convert(value, &want).map_err(|e| FunctionError::arg(0, e.to_string()))
        })
        .build()
}

fn arguments(args: &[Value]) -> Result<(&Value, Type), FunctionError> {
    match args {
        [value, ty] => match type_from_value(ty) {
            Some(want) => Ok((value, want)),
            None => Err(FunctionError::arg(1, "a type constraint is required")),
        },
        _ => Err(FunctionError::failed("a value and a type are required")),
    }
}
