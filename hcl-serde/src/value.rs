//! Converting between [`Value`] and Rust types. `Value` itself implements
//! `Serialize` and `Deserialize` (hcl-core's `serde` feature), so a field
//! of type `Value` keeps an attribute's evaluated value as it is.

mod ser;

use hcl_core::Value;
use serde::de::DeserializeOwned;
use serde::ser::Serialize;

use crate::de::value::ValueDeserializer;
use crate::error::Result;

/// Decodes an evaluated value into `T`, with the same conversions as an
/// attribute's value: numbers to every integer width (checked), numeric
/// strings to numbers, lists and sets to sequences, maps and objects to
/// maps and structs, `null` to `None`.
///
/// # Errors
///
/// The first mismatch, with the [path](crate::Error::path) that led to it.
///
/// # Examples
///
/// ```
/// use hcl_core::Value;
/// let value = Value::tuple(vec![Value::from(1), Value::from(2)]);
/// let v: Vec<u8> = hcl_serde::from_value(&value).unwrap();
/// assert_eq!(v, [1, 2]);
///
/// let err = hcl_serde::from_value::<Vec<u8>>(&Value::tuple(vec![Value::from(-1)])).unwrap_err();
/// assert_eq!(err.path(), Some("[0]"));
/// ```
pub fn from_value<T: DeserializeOwned>(value: &Value) -> Result<T> {
    T::deserialize(ValueDeserializer::new(value))
}

/// Encodes `value` as a [`Value`]: structs and maps as objects, sequences
/// and tuples as tuples, `None` and `()` as null, unit enum variants as
/// strings and other variants as one-attribute objects.
///
/// # Errors
///
/// "Unsupported value" for a float that is not a number (NaN) and for a
/// map key that is not a string, number or bool; and the errors of the
/// value's own `Serialize`.
///
/// # Examples
///
/// ```
/// use hcl_core::Value;
/// #[derive(serde::Serialize)]
/// struct Server {
///     name: &'static str,
///     ports: Vec<u16>,
/// }
///
/// let value = hcl_serde::to_value(&Server { name: "web", ports: vec![80] }).unwrap();
/// assert_eq!(
///     value,
///     Value::object([
///         ("name", Value::string("web")),
///         ("ports", Value::tuple(vec![Value::from(80)])),
///     ])
/// );
/// ```
pub fn to_value<T: ?Sized + Serialize>(value: &T) -> Result<Value> {
    value.serialize(ser::ValueSerializer)
}
