//! Types written as expressions in a spec file (`type = list(string)`),
//! evaluated as the reference's `hcldec` command evaluates them: the
//! names `string`, `number`, `bool` and `any` are variables whose values
//! are types, and `list`, `set`, `map`, `tuple` and `object` functions
//! that build types from types.

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use crate::analysis::ExprRef;
use crate::diagnostic::{Code, Diagnostic, Diagnostics};
use crate::eval::EvalContext;
use crate::functions::{Function, FunctionError, Functions, Parameter};
use crate::types::{CapsuleType, Type};
use crate::value::Value;

/// The capsule type whose values carry a type.
fn type_type() -> &'static Type {
    static TYPE: OnceLock<Type> = OnceLock::new();
    TYPE.get_or_init(|| Type::Capsule(CapsuleType::new("type")))
}

/// A type as a value of the capsule type.
fn wrap(ty: Type) -> Value {
    match type_type() {
        Type::Capsule(capsule) => Value::capsule(capsule.clone(), Arc::new(ty)),
        _ => Value::dynamic(),
    }
}

/// The type a value of the capsule type carries.
fn unwrap(value: &Value) -> Option<Type> {
    value.as_capsule()?.downcast_ref::<Type>().cloned()
}

/// A function of one argument of type `param_ty` that builds a type.
fn builder(param: &str, param_ty: Type, make: fn(&Value) -> Option<Type>) -> Function {
    Function::builder()
        .param(Parameter::new(param, param_ty))
        .returns(type_type().clone())
        .implementation(move |args: &[Value], _: &Type| {
            args.first()
                .and_then(make)
                .map(wrap)
                .ok_or_else(|| FunctionError::arg(0, "a type is required"))
        })
        .build()
}

/// The elements' types of a collection of wrapped types.
fn element_types(value: &Value) -> Option<Vec<Type>> {
    value.elements()?.iter().map(unwrap).collect()
}

/// The attributes' types of a map of wrapped types.
fn attribute_types(value: &Value) -> Option<Vec<(String, Type)>> {
    value
        .entries()?
        .iter()
        .map(|(k, v)| Some((k.clone(), unwrap(v)?)))
        .collect()
}

/// The context type expressions are evaluated in.
fn type_context() -> EvalContext<'static> {
    let variables: HashMap<String, Value> = [
        ("string", Type::String),
        ("bool", Type::Bool),
        ("number", Type::Number),
        ("any", Type::Dynamic),
    ]
    .into_iter()
    .map(|(name, ty)| (name.to_owned(), wrap(ty)))
    .collect();
    let tt = || type_type().clone();
    let mut functions = Functions::new();
    functions.insert(
        "list".into(),
        builder("element_type", tt(), |v| unwrap(v).map(Type::list)),
    );
    functions.insert(
        "set".into(),
        builder("element_type", tt(), |v| unwrap(v).map(Type::set)),
    );
    functions.insert(
        "map".into(),
        builder("element_type", tt(), |v| unwrap(v).map(Type::map)),
    );
    functions.insert(
        "tuple".into(),
        builder("element_types", Type::list(tt()), |v| {
            element_types(v).map(Type::tuple)
        }),
    );
    functions.insert(
        "object".into(),
        builder("attribute_types", Type::map(tt()), |v| {
            attribute_types(v).map(Type::object)
        }),
    );
    EvalContext::with_tables(variables, functions)
}

/// The type `expr` stands for; `any` when it is absent or null, and when
/// it is not a type ("Invalid type expression", with no range, after the
/// evaluation's own diagnostics).
pub(super) fn eval_type(expr: Option<ExprRef<'_>>, diags: &mut Diagnostics) -> Type {
    let Some(expr) = expr else {
        return Type::Dynamic;
    };
    let (value, more) = expr.value_with_diagnostics(&type_context());
    diags.extend(more);
    if value.is_null() {
        return Type::Dynamic;
    }
    match unwrap(&value) {
        Some(ty) if value.ty() == type_type() => ty,
        _ => {
            diags.push(Diagnostic::error(
                Code::InvalidTypeSpecification,
                "Invalid type expression",
                format!("A type is required, not {}.", value.ty().friendly_name()),
            ));
            Type::Dynamic
        }
    }
}
