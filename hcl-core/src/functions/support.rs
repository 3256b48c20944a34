//! Helpers shared by the standard function families.

use std::collections::hash_map::DefaultHasher;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};

use super::FunctionError;
use crate::types::Type;
use crate::value::{Number, Value, ValueError, ValueKind};

/// The reference's message when a number must fit a machine integer.
pub(crate) const WHOLE_NUMBER: &str =
    "value must be a whole number, between -9223372036854775808 and 9223372036854775807";

/// A number as a machine integer, as the reference reads integer arguments:
/// only whole numbers in range.
pub(crate) fn to_int(v: &Value) -> Result<i64, String> {
    v.as_number()
        .and_then(Number::to_i64)
        .ok_or_else(|| WHOLE_NUMBER.to_owned())
}

/// A number as an `f64`, as the reference reads float arguments: rounded
/// to nearest, but a finite number beyond the `f64` range is an error.
pub(crate) fn to_float(v: &Value) -> Result<f64, String> {
    v.as_number()
        .and_then(Number::to_f64_checked)
        .ok_or_else(|| {
            format!(
                "value must be between {:.6} and {:.6} inclusive",
                -f64::MAX,
                f64::MAX
            )
        })
}

/// A collection that could not be built is a failure of the call.
pub(crate) fn value_error(e: ValueError) -> FunctionError {
    FunctionError::failed(e.to_string())
}

/// A list of the given element type.
pub(crate) fn list(ety: &Type, elements: Vec<Value>) -> Result<Value, FunctionError> {
    Value::list(ety.clone(), elements).map_err(value_error)
}

/// A set of the given element type.
pub(crate) fn set(ety: &Type, elements: Vec<Value>) -> Result<Value, FunctionError> {
    Value::set(ety.clone(), elements).map_err(value_error)
}

/// A map of the given element type.
pub(crate) fn map(ety: &Type, entries: Vec<(String, Value)>) -> Result<Value, FunctionError> {
    Value::map(ety.clone(), entries).map_err(value_error)
}

/// The element type of a collection type; the dynamic pseudo-type for any
/// other type.
pub(crate) fn element_type(ty: &Type) -> Type {
    ty.element_type().cloned().unwrap_or(Type::Dynamic)
}

/// Values indexed so that finding one the language considers equal
/// ([`Value::equals`] certainly true) takes constant time on average.
/// Values that are not wholly known are never equal to anything.
#[derive(Default)]
pub(crate) struct EqualityIndex {
    buckets: HashMap<u64, Vec<Value>>,
}

impl EqualityIndex {
    /// Whether an equal value is present.
    pub(crate) fn contains(&self, v: &Value) -> bool {
        if !v.is_wholly_known() {
            return false;
        }
        self.buckets
            .get(&equality_hash(v))
            .is_some_and(|bucket| bucket.iter().any(|e| e.equivalent(v)))
    }

    /// Adds a value unless an equal one is present; whether it was added.
    pub(crate) fn insert(&mut self, v: &Value) -> bool {
        if !v.is_wholly_known() {
            return true;
        }
        let bucket = self.buckets.entry(equality_hash(v)).or_default();
        if bucket.iter().any(|e| e.equivalent(v)) {
            return false;
        }
        bucket.push(v.clone());
        true
    }
}

/// A hash of a wholly known value consistent with the language's equality:
/// equal values hash alike (any two nulls are equal; numbers are equal
/// when their texts are).
fn equality_hash(v: &Value) -> u64 {
    let mut h = DefaultHasher::new();
    hash_into(v, &mut h);
    h.finish()
}

fn hash_into(v: &Value, h: &mut DefaultHasher) {
    match v.kind() {
        ValueKind::Null => 0u8.hash(h),
        ValueKind::Unknown => 1u8.hash(h),
        ValueKind::Bool(b) => (2u8, b).hash(h),
        ValueKind::Number(n) => {
            3u8.hash(h);
            if n.is_zero() {
                0u8.hash(h);
            } else {
                n.to_text('e', None).hash(h);
            }
        }
        ValueKind::String(s) => (4u8, s).hash(h),
        ValueKind::List(elems) | ValueKind::Tuple(elems) => {
            (5u8, elems.len()).hash(h);
            for e in elems {
                hash_into(e, h);
            }
        }
        ValueKind::Set(elems) => {
            // Order-independent: equal sets may list equal numbers of
            // different precisions in different orders.
            let sum = elems
                .iter()
                .map(equality_hash)
                .fold(0u64, u64::wrapping_add);
            (6u8, elems.len(), sum).hash(h);
        }
        ValueKind::Map(entries) | ValueKind::Object(entries) => {
            (7u8, entries.len()).hash(h);
            for (k, e) in entries {
                k.hash(h);
                hash_into(e, h);
            }
        }
        ValueKind::Capsule(_) => 8u8.hash(h),
    }
}
