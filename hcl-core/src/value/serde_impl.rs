//! `Serialize` and `Deserialize` for [`Value`], behind the `serde` feature,
//! so any serde format can read or write evaluated values.
//!
//! Serializing writes the JSON-like shape of a known value: null, bools,
//! numbers (as integers when they are whole and fit 64 bits, else as
//! `f64`), strings, sequences for lists, sets and tuples, and maps for maps
//! and objects. An unknown value or a capsule cannot be serialized.
//! Deserializing builds tuples from sequences and objects from maps.

use std::fmt;

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{self, Serialize, SerializeMap, SerializeSeq, Serializer};

use super::{Number, Value, ValueKind};
use crate::types::Type;

impl Serialize for Value {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.kind() {
            ValueKind::Null => serializer.serialize_unit(),
            ValueKind::Unknown => Err(ser::Error::custom(format!(
                "an unknown value of type {} cannot be serialized",
                self.ty().friendly_name()
            ))),
            ValueKind::Bool(b) => serializer.serialize_bool(b),
            ValueKind::Number(n) => serialize_number(n, serializer),
            ValueKind::String(s) => serializer.serialize_str(s),
            ValueKind::List(items) | ValueKind::Set(items) | ValueKind::Tuple(items) => {
                let mut seq = serializer.serialize_seq(Some(items.len()))?;
                for item in items {
                    seq.serialize_element(item)?;
                }
                seq.end()
            }
            ValueKind::Map(entries) | ValueKind::Object(entries) => {
                let mut map = serializer.serialize_map(Some(entries.len()))?;
                for (key, value) in entries {
                    map.serialize_entry(key, value)?;
                }
                map.end()
            }
            ValueKind::Capsule(_) => Err(ser::Error::custom(format!(
                "a capsule value of type {} cannot be serialized",
                self.ty().friendly_name()
            ))),
        }
    }
}

fn serialize_number<S: Serializer>(n: &Number, serializer: S) -> Result<S::Ok, S::Error> {
    if let Some(i) = n.to_i64() {
        serializer.serialize_i64(i)
    } else if let Some(u) = n.to_u64() {
        serializer.serialize_u64(u)
    } else {
        serializer.serialize_f64(n.to_f64())
    }
}

/// The newtype name under which a `Value` asks to be deserialized: a
/// deserializer that holds an evaluated value (hcl-serde's) answers it by
/// handing the value over whole ([`hand_over`]), exact numbers, types and
/// unknowns included; any other reads it as its content.
#[doc(hidden)]
pub const VALUE_NEWTYPE: &str = "$hcl_core::Value";

thread_local! {
    static HANDED_OVER: std::cell::RefCell<Option<Value>> = const { std::cell::RefCell::new(None) };
}

/// Puts `value` where the visitor of [`Value`]'s `Deserialize` takes it
/// from, for a deserializer answering [`VALUE_NEWTYPE`] by calling
/// `visit_newtype_struct`; what a visitor of another type leaves there is
/// taken back by [`take_back`].
#[doc(hidden)]
pub fn hand_over(value: Value) {
    HANDED_OVER.with(|slot| *slot.borrow_mut() = Some(value));
}

/// Clears what [`hand_over`] put and no visitor took.
#[doc(hidden)]
pub fn take_back() {
    HANDED_OVER.with(|slot| slot.borrow_mut().take());
}

impl<'de> Deserialize<'de> for Value {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_newtype_struct(VALUE_NEWTYPE, ValueVisitor)
    }
}

struct ValueVisitor;

impl<'de> Visitor<'de> for ValueVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any value")
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Value, E> {
        Ok(Value::bool(v))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Value, E> {
        Ok(Value::number(Number::from_i64(v)))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Value, E> {
        Ok(Value::number(Number::from_u64(v)))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Value, E> {
        Number::from_f64(v)
            .map(Value::number)
            .ok_or_else(|| E::custom("NaN is not a number in HCL"))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Value, E> {
        Ok(Value::string(v))
    }

    fn visit_unit<E: de::Error>(self) -> Result<Value, E> {
        Ok(Value::null(Type::Dynamic))
    }

    fn visit_none<E: de::Error>(self) -> Result<Value, E> {
        Ok(Value::null(Type::Dynamic))
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        Value::deserialize(deserializer)
    }

    /// A value handed over whole, or the content of any other newtype.
    fn visit_newtype_struct<D: Deserializer<'de>>(
        self,
        deserializer: D,
    ) -> Result<Value, D::Error> {
        match HANDED_OVER.with(|slot| slot.borrow_mut().take()) {
            Some(value) => Ok(value),
            None => deserializer.deserialize_any(ValueVisitor),
        }
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
        while let Some(item) = seq.next_element()? {
            items.push(item);
        }
        Ok(Value::tuple(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut attrs = Vec::with_capacity(map.size_hint().unwrap_or(0).min(4096));
        while let Some(entry) = map.next_entry::<String, Value>()? {
            attrs.push(entry);
        }
        // Of a name given twice, the later value stands.
        Ok(Value::object_of(attrs))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_values_serialize_to_their_json_shape() {
        let value = Value::object([
            ("a", Value::from(1)),
            (
                "b",
                Value::tuple(vec![Value::string("x"), Value::bool(true)]),
            ),
            ("c", Value::null(Type::String)),
            (
                "d",
                Value::number(Number::parse_literal("0.5").unwrap_or_else(|| Number::from_i64(0))),
            ),
        ]);
        assert_eq!(
            serde_json::to_string(&value).unwrap(),
            r#"{"a":1,"b":["x",true],"c":null,"d":0.5}"#
        );
        let big = Value::number(Number::from_u64(u64::MAX));
        assert_eq!(serde_json::to_string(&big).unwrap(), u64::MAX.to_string());
    }

    #[test]
    fn unknown_values_do_not_serialize() {
        let err = serde_json::to_string(&Value::unknown(Type::Number)).unwrap_err();
        assert!(
            err.to_string().contains("unknown value of type number"),
            "{err}"
        );
    }

    #[test]
    fn json_deserializes_to_tuples_and_objects() {
        let value: Value =
            serde_json::from_str(r#"{"n": -3, "l": [1.5, "s", null], "t": true}"#).unwrap();
        let expected = Value::object([
            ("n", Value::from(-3)),
            (
                "l",
                Value::tuple(vec![
                    Value::number(Number::from_f64(1.5).unwrap_or_else(|| Number::from_i64(0))),
                    Value::string("s"),
                    Value::null(Type::Dynamic),
                ]),
            ),
            ("t", Value::bool(true)),
        ]);
        assert_eq!(value, expected);
    }
}
