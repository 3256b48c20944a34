//! Converting between [`Value`] and Rust types, and [`AnyValue`], a
//! [`Value`] that serde can read and write.

mod ser;

use std::fmt;

use hcl_core::types::Type;
use hcl_core::value::ValueKind;
use hcl_core::{Number, Value};
use serde::de::{self, DeserializeOwned, Visitor};
use serde::ser::{Serialize, SerializeMap, SerializeSeq};

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
/// assert_eq!(err.path(), Some("0"));
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

/// A [`Value`] that implements `Serialize` and `Deserialize`: a field of
/// this type keeps an attribute's evaluated value as it is.
///
/// Deserializing from another format goes through serde's data model, so
/// numbers become 64-bit integers or floats, and sequences become tuples.
///
/// # Examples
///
/// ```
/// use hcl_core::Value;
/// use hcl_serde::AnyValue;
///
/// #[derive(serde::Deserialize)]
/// struct Variable {
///     default: AnyValue,
/// }
///
/// let v: Variable = hcl_serde::from_str("default = { a = [1, true] }\n").unwrap();
/// let expected = Value::object([("a", Value::tuple(vec![Value::from(1), Value::bool(true)]))]);
/// assert_eq!(v.default.0, expected);
/// assert_eq!(hcl_serde::to_value(&v.default).unwrap(), expected);
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct AnyValue(pub Value);

impl Serialize for AnyValue {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serialize_value(&self.0, serializer)
    }
}

fn serialize_value<S: serde::Serializer>(value: &Value, serializer: S) -> Result<S::Ok, S::Error> {
    use serde::ser::Error as _;
    match value.kind() {
        ValueKind::Null => serializer.serialize_none(),
        ValueKind::Bool(b) => serializer.serialize_bool(b),
        ValueKind::Number(n) => {
            if let Some(i) = n.to_i64() {
                serializer.serialize_i64(i)
            } else if let Some(u) = n.to_u64() {
                serializer.serialize_u64(u)
            } else {
                serializer.serialize_f64(n.to_f64())
            }
        }
        ValueKind::String(s) => serializer.serialize_str(s),
        ValueKind::List(e) | ValueKind::Set(e) | ValueKind::Tuple(e) => {
            let mut seq = serializer.serialize_seq(Some(e.len()))?;
            for v in e {
                seq.serialize_element(&AnyValueRef(v))?;
            }
            seq.end()
        }
        ValueKind::Map(e) | ValueKind::Object(e) => {
            let mut map = serializer.serialize_map(Some(e.len()))?;
            for (k, v) in e {
                map.serialize_entry(k, &AnyValueRef(v))?;
            }
            map.end()
        }
        ValueKind::Unknown | ValueKind::Capsule(_) => Err(S::Error::custom(format!(
            "a value of type {} cannot be serialized",
            value.ty()
        ))),
    }
}

struct AnyValueRef<'v>(&'v Value);

impl Serialize for AnyValueRef<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serialize_value(self.0, serializer)
    }
}

impl<'de> de::Deserialize<'de> for AnyValue {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(AnyValueVisitor)
    }
}

struct AnyValueVisitor;

impl<'de> Visitor<'de> for AnyValueVisitor {
    type Value = AnyValue;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any value")
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<AnyValue, E> {
        Ok(AnyValue(Value::bool(v)))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<AnyValue, E> {
        Ok(AnyValue(Value::number(Number::from_i64(v))))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<AnyValue, E> {
        Ok(AnyValue(Value::number(Number::from_u64(v))))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<AnyValue, E> {
        Number::from_f64(v)
            .map(|n| AnyValue(Value::number(n)))
            .ok_or_else(|| E::custom(format!("{v} is not an HCL number")))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<AnyValue, E> {
        Ok(AnyValue(Value::string(v)))
    }

    fn visit_none<E: de::Error>(self) -> Result<AnyValue, E> {
        Ok(AnyValue(Value::null(Type::Dynamic)))
    }

    fn visit_unit<E: de::Error>(self) -> Result<AnyValue, E> {
        self.visit_none()
    }

    fn visit_some<D: serde::Deserializer<'de>>(self, d: D) -> Result<AnyValue, D::Error> {
        de::Deserialize::deserialize(d)
    }

    fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<AnyValue, A::Error> {
        let mut elements = Vec::new();
        while let Some(AnyValue(v)) = seq.next_element()? {
            elements.push(v);
        }
        Ok(AnyValue(Value::tuple(elements)))
    }

    fn visit_map<A: de::MapAccess<'de>>(self, mut map: A) -> Result<AnyValue, A::Error> {
        let mut entries: Vec<(String, Value)> = Vec::new();
        while let Some((k, AnyValue(v))) = map.next_entry::<String, AnyValue>()? {
            entries.push((k, v));
        }
        Ok(AnyValue(Value::object(entries)))
    }
}
