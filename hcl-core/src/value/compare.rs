//! The language's ordering of numbers, `<`, `>`, `<=` and `>=`, which
//! answers from the bounds of unknown numbers when they decide it.

use super::{Number, Value};
use crate::types::Type;

/// The unknown bool that a comparison gives when its answer is not known:
/// never null.
fn unknown_answer() -> Value {
    Value::unknown(Type::Bool).refine_not_null()
}

/// The least and greatest a number value may be, infinities standing for
/// no bound; `None` for a value that is not a number or is null.
fn number_bounds(v: &Value) -> Option<(Number, Number)> {
    if v.ty() != &Type::Number || v.is_null() {
        return None;
    }
    let range = v.range();
    let min = range
        .number_lower_bound()
        .map_or_else(Number::neg_infinity, |(n, _)| n.clone());
    let max = range
        .number_upper_bound()
        .map_or_else(Number::infinity, |(n, _)| n.clone());
    Some((min, max))
}

impl Value {
    /// The language's `<` on two numbers, as the reference's `LessThan`:
    /// known for two known numbers, and for unknown ones whose bounds keep
    /// them apart (bounds are compared as if exclusive, so ranges that
    /// touch leave the answer unknown). Otherwise an unknown bool, not
    /// null; so is the answer for values that are not numbers.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// use hcl_core::value::{Number, Value};
    ///
    /// assert_eq!(Value::from(1).less_than(&Value::from(2)), Value::from(true));
    /// let small = Value::unknown(Type::Number)
    ///     .refine()
    ///     .number_upper_bound(&Number::from_i64(10), true)
    ///     .build();
    /// assert_eq!(small.less_than(&Value::from(11)), Value::from(true));
    /// assert!(!small.less_than(&Value::from(10)).is_known());
    /// ```
    pub fn less_than(&self, other: &Value) -> Value {
        if let (Some(a), Some(b)) = (self.as_number(), other.as_number()) {
            return Value::bool(a < b);
        }
        match (number_bounds(self), number_bounds(other)) {
            (Some((_, a_max)), Some((b_min, _))) if a_max < b_min => Value::bool(true),
            (Some((a_min, _)), Some((_, b_max))) if a_min > b_max => Value::bool(false),
            _ => unknown_answer(),
        }
    }

    /// The language's `>` on two numbers: see [`Value::less_than`].
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// use hcl_core::value::{Number, Value};
    ///
    /// let big = Value::unknown(Type::Number)
    ///     .refine()
    ///     .number_lower_bound(&Number::from_i64(10), false)
    ///     .build();
    /// assert_eq!(big.greater_than(&Value::from(9)), Value::from(true));
    /// assert_eq!(Value::from(9).greater_than(&big), Value::from(false));
    /// ```
    pub fn greater_than(&self, other: &Value) -> Value {
        other.less_than(self)
    }

    /// The language's `<=`, as the reference's `LessThanOrEqualTo`: `<` or
    /// `==`, known only when both are.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// use hcl_core::value::{Number, Value};
    ///
    /// let len = Value::unknown(Type::list(Type::Bool))
    ///     .refine()
    ///     .length_lower_bound(3)
    ///     .build()
    ///     .length_value()
    ///     .unwrap();
    /// assert_eq!(len.less_or_equal(&Value::from(2)), Value::from(false));
    /// assert_eq!(Value::from(2).less_or_equal(&Value::from(2)), Value::from(true));
    /// ```
    pub fn less_or_equal(&self, other: &Value) -> Value {
        either(&self.less_than(other), &self.equals(other))
    }

    /// The language's `>=`: see [`Value::less_or_equal`].
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::value::Value;
    /// assert_eq!(Value::from(3).greater_or_equal(&Value::from(2)), Value::from(true));
    /// ```
    pub fn greater_or_equal(&self, other: &Value) -> Value {
        either(&self.greater_than(other), &self.equals(other))
    }
}

/// The `||` of two bools: unknown (not null) when either is.
fn either(a: &Value, b: &Value) -> Value {
    match (a.as_bool(), b.as_bool()) {
        (Some(x), Some(y)) => Value::bool(x || y),
        _ => unknown_answer(),
    }
}
