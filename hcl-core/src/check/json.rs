//! Types of JSON-syntax expressions, read through the syntax-neutral
//! expression handle.
//!
//! A JSON value's structure is its type's: an array is a tuple, an object
//! an object type, a literal string `string`, a number `int` when it is
//! integral and `number` otherwise, `true`/`false` `bool`. A string with
//! interpolations is a template whose result type depends on what it refers
//! to (`"${x}"` is `x`'s own value), so it is `dynamic` here: accepted
//! wherever a value is, as the evaluation decides later.

use crate::analysis::ExprRef;
use crate::diagnostic::Diagnostics;
use crate::types::Type;
use crate::value::ValueKind;

/// The type of the JSON-syntax expression `expr`, with the problems its
/// literal reading finds (duplicate properties, numbers out of range).
pub(super) fn type_of(expr: &ExprRef<'_>, diags: &mut Diagnostics) -> Type {
    if expr.as_string_literal().is_some() {
        return Type::String;
    }
    if expr.is_template() {
        return Type::Dynamic;
    }
    if let Ok(items) = expr.as_static_list() {
        return Type::tuple(items.iter().map(|i| type_of(i, diags)).collect());
    }
    if let Ok(pairs) = expr.as_static_map() {
        let mut attrs = Vec::with_capacity(pairs.len());
        for pair in &pairs {
            let Some(key) = pair.key.as_string_literal() else {
                return Type::Dynamic;
            };
            attrs.push((key.to_string(), type_of(&pair.value, diags)));
        }
        return Type::object(attrs);
    }
    let (value, found) = expr.literal_value_with_diagnostics();
    diags.extend(found);
    match value.kind() {
        ValueKind::Number(n) if n.is_integer() => Type::Int,
        _ => value.ty().clone(),
    }
}
