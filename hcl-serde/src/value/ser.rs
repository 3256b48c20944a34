//! A serializer whose output is a [`Value`]: the other half of
//! [`to_value`](crate::to_value).
//!
//! Structs and maps become objects, sequences and tuples become tuples,
//! `None` and `()` become null, and an enum variant with data becomes a
//! one-attribute object, the form [`from_value`](crate::from_value) reads.

use hcl_core::types::Type;
use hcl_core::{Code, Number, Value};
use serde::ser::{self, Serialize};

use crate::error::{Error, Result};

/// Serializes into a [`Value`].
pub(crate) struct ValueSerializer;

fn null() -> Value {
    Value::null(Type::Dynamic)
}

fn integer(text: String) -> Result<Value> {
    Number::parse_str(&text).map(Value::number).ok_or_else(|| {
        Error::message(
            Code::UnsupportedValue,
            "Unsupported value",
            format!("{text} is not a number."),
        )
    })
}

fn float(v: f64) -> Result<Value> {
    Number::from_f64(v).map(Value::number).ok_or_else(|| {
        Error::message(
            Code::UnsupportedValue,
            "Unsupported value",
            format!("{v} cannot be represented as an HCL number."),
        )
    })
}

fn variant(name: &str, value: Value) -> Value {
    Value::object([(name, value)])
}

impl ser::Serializer for ValueSerializer {
    type Ok = Value;
    type Error = Error;
    type SerializeSeq = SeqSerializer;
    type SerializeTuple = SeqSerializer;
    type SerializeTupleStruct = SeqSerializer;
    type SerializeTupleVariant = SeqSerializer;
    type SerializeMap = MapSerializer;
    type SerializeStruct = MapSerializer;
    type SerializeStructVariant = MapSerializer;

    fn serialize_bool(self, v: bool) -> Result<Value> {
        Ok(Value::bool(v))
    }
    fn serialize_i8(self, v: i8) -> Result<Value> {
        self.serialize_i64(i64::from(v))
    }
    fn serialize_i16(self, v: i16) -> Result<Value> {
        self.serialize_i64(i64::from(v))
    }
    fn serialize_i32(self, v: i32) -> Result<Value> {
        self.serialize_i64(i64::from(v))
    }
    fn serialize_i64(self, v: i64) -> Result<Value> {
        Ok(Value::number(Number::from_i64(v)))
    }
    fn serialize_i128(self, v: i128) -> Result<Value> {
        integer(v.to_string())
    }
    fn serialize_u8(self, v: u8) -> Result<Value> {
        self.serialize_u64(u64::from(v))
    }
    fn serialize_u16(self, v: u16) -> Result<Value> {
        self.serialize_u64(u64::from(v))
    }
    fn serialize_u32(self, v: u32) -> Result<Value> {
        self.serialize_u64(u64::from(v))
    }
    fn serialize_u64(self, v: u64) -> Result<Value> {
        Ok(Value::number(Number::from_u64(v)))
    }
    fn serialize_u128(self, v: u128) -> Result<Value> {
        integer(v.to_string())
    }
    fn serialize_f32(self, v: f32) -> Result<Value> {
        float(f64::from(v))
    }
    fn serialize_f64(self, v: f64) -> Result<Value> {
        float(v)
    }
    fn serialize_char(self, v: char) -> Result<Value> {
        Ok(Value::string(v.to_string()))
    }
    fn serialize_str(self, v: &str) -> Result<Value> {
        Ok(Value::string(v))
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<Value> {
        Ok(Value::tuple(
            v.iter()
                .map(|b| Value::number(Number::from_u64(u64::from(*b))))
                .collect(),
        ))
    }
    fn serialize_none(self) -> Result<Value> {
        Ok(null())
    }
    fn serialize_some<T: ?Sized + Serialize>(self, value: &T) -> Result<Value> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<Value> {
        Ok(null())
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<Value> {
        Ok(null())
    }
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<Value> {
        Ok(Value::string(variant))
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<Value> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _name: &'static str,
        _index: u32,
        name: &'static str,
        value: &T,
    ) -> Result<Value> {
        Ok(variant(name, value.serialize(self)?))
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<SeqSerializer> {
        Ok(SeqSerializer {
            elements: Vec::with_capacity(len.unwrap_or(0)),
            variant: None,
        })
    }
    fn serialize_tuple(self, len: usize) -> Result<SeqSerializer> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(self, _name: &'static str, len: usize) -> Result<SeqSerializer> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        name: &'static str,
        len: usize,
    ) -> Result<SeqSerializer> {
        Ok(SeqSerializer {
            elements: Vec::with_capacity(len),
            variant: Some(name),
        })
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<MapSerializer> {
        Ok(MapSerializer {
            entries: Vec::new(),
            key: None,
            variant: None,
        })
    }
    fn serialize_struct(self, _name: &'static str, len: usize) -> Result<MapSerializer> {
        self.serialize_map(Some(len))
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        name: &'static str,
        _len: usize,
    ) -> Result<MapSerializer> {
        Ok(MapSerializer {
            entries: Vec::new(),
            key: None,
            variant: Some(name),
        })
    }
}

/// The elements of a sequence, tuple or tuple variant.
pub(crate) struct SeqSerializer {
    elements: Vec<Value>,
    variant: Option<&'static str>,
}

impl SeqSerializer {
    fn push<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        let index = self.elements.len();
        let v = value
            .serialize(ValueSerializer)
            .map_err(|e| e.add_index(index))?;
        self.elements.push(v);
        Ok(())
    }

    fn finish(self) -> Value {
        let tuple = Value::tuple(self.elements);
        match self.variant {
            Some(name) => variant(name, tuple),
            None => tuple,
        }
    }
}

macro_rules! seq_impl {
    ($($trait:ident $method:ident,)*) => {$(
        impl ser::$trait for SeqSerializer {
            type Ok = Value;
            type Error = Error;
            fn $method<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
                self.push(value)
            }
            fn end(self) -> Result<Value> {
                Ok(self.finish())
            }
        }
    )*};
}

seq_impl! {
    SerializeSeq serialize_element,
    SerializeTuple serialize_element,
    SerializeTupleStruct serialize_field,
    SerializeTupleVariant serialize_field,
}

/// The entries of a map, struct or struct variant.
pub(crate) struct MapSerializer {
    entries: Vec<(String, Value)>,
    key: Option<String>,
    variant: Option<&'static str>,
}

impl MapSerializer {
    fn entry<T: ?Sized + Serialize>(&mut self, key: String, value: &T) -> Result<()> {
        let v = value
            .serialize(ValueSerializer)
            .map_err(|e| e.add_key(&key))?;
        self.entries.push((key, v));
        Ok(())
    }

    fn finish(self) -> Value {
        let object = Value::object(self.entries);
        match self.variant {
            Some(name) => variant(name, object),
            None => object,
        }
    }
}

impl ser::SerializeMap for MapSerializer {
    type Ok = Value;
    type Error = Error;

    fn serialize_key<T: ?Sized + Serialize>(&mut self, key: &T) -> Result<()> {
        let key = key.serialize(ValueSerializer)?;
        let text = match (key.as_str(), key.as_number(), key.as_bool()) {
            (Some(s), _, _) => s.to_string(),
            (_, Some(n), _) => n.to_string(),
            (_, _, Some(b)) => b.to_string(),
            _ => {
                return Err(Error::message(
                    Code::UnsupportedValue,
                    "Unsupported value",
                    format!(
                        "A map key must be a string, number or bool, not a value of type {}.",
                        key.ty()
                    ),
                ))
            }
        };
        self.key = Some(text);
        Ok(())
    }

    fn serialize_value<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        match self.key.take() {
            Some(key) => self.entry(key, value),
            None => Err(Error::message(
                Code::UnsupportedValue,
                "Unsupported value",
                "A map value was given before its key.".to_string(),
            )),
        }
    }

    fn end(self) -> Result<Value> {
        Ok(self.finish())
    }
}

macro_rules! struct_impl {
    ($($trait:ident,)*) => {$(
        impl ser::$trait for MapSerializer {
            type Ok = Value;
            type Error = Error;
            fn serialize_field<T: ?Sized + Serialize>(
                &mut self,
                key: &'static str,
                value: &T,
            ) -> Result<()> {
                self.entry(key.to_string(), value)
            }
            fn end(self) -> Result<Value> {
                Ok(self.finish())
            }
        }
    )*};
}

struct_impl! {
    SerializeStruct,
    SerializeStructVariant,
}
