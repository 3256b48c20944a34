//! [`StandIn`]: the value a pass after an error reads in place of one that
//! failed in an earlier pass.

use hcl_core::Code;
use serde::de::{self, Visitor};

use super::{PassRecord, Resume, Scope};
use crate::error::{Error, Result};
use crate::special::{Payload, PayloadDeserializer, RawBody, BODY_PAYLOAD, SPANNED};

/// A value every target accepts (zero, empty, none, the first variant),
/// read in place of one that failed in an earlier pass.
pub(crate) struct StandIn<'s> {
    /// The record of the pass that reads it.
    record: &'s PassRecord,
    /// The missing field this stands in for, if it is one.
    pub(crate) missing: Option<Resume>,
    /// The read of the stand-in, in which a target's error is its doing.
    scope: Scope,
}

impl<'s> StandIn<'s> {
    pub(crate) fn new(record: &'s PassRecord, missing: Option<Resume>) -> Self {
        let count = &record.stand_ins;
        count.set(count.get() + 1);
        let scope = record.scope();
        StandIn {
            record,
            missing,
            scope,
        }
    }

    /// Records that the missing field this stands in for, if it is one,
    /// takes a block, when `takes_block` (see `Found::name_missing_blocks`).
    fn missing_block(&self, takes_block: bool) {
        if let (Some(missing), true) = (self.missing, takes_block) {
            self.record.missing_blocks.borrow_mut().push(missing);
        }
    }

    fn inner(&self) -> Self {
        StandIn {
            record: self.record,
            missing: None,
            scope: self.scope,
        }
    }

    /// The error of a target that failed on this stand-in, recorded as
    /// the stand-in's doing.
    fn failed(&self, err: Error) -> Error {
        self.record.failed_on_stand_in(self.scope);
        err
    }
}

/// Scalar targets: the zero of their type.
macro_rules! zero {
    ($($method:ident => $visit:ident($($value:expr)?))*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
            visitor.$visit($($value)?).map_err(|e| self.failed(e))
        }
    )*};
}

impl<'de> de::Deserializer<'de> for StandIn<'_> {
    type Error = Error;

    zero! {
        deserialize_any => visit_unit()
        deserialize_bool => visit_bool(false)
        deserialize_i8 => visit_i64(0)
        deserialize_i16 => visit_i64(0)
        deserialize_i32 => visit_i64(0)
        deserialize_i64 => visit_i64(0)
        deserialize_i128 => visit_i128(0)
        deserialize_u8 => visit_u64(0)
        deserialize_u16 => visit_u64(0)
        deserialize_u32 => visit_u64(0)
        deserialize_u64 => visit_u64(0)
        deserialize_u128 => visit_u128(0)
        deserialize_f32 => visit_f64(0.0)
        deserialize_f64 => visit_f64(0.0)
        deserialize_char => visit_char(' ')
        deserialize_str => visit_str("")
        deserialize_string => visit_str("")
        deserialize_identifier => visit_str("")
        deserialize_bytes => visit_bytes(&[])
        deserialize_byte_buf => visit_bytes(&[])
        deserialize_unit => visit_unit()
        deserialize_ignored_any => visit_unit()
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_none().map_err(|e| self.failed(e))
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value> {
        visitor.visit_unit().map_err(|e| self.failed(e))
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value> {
        // A `RawBody` is a block type, and an empty one stands in for it.
        self.missing_block(name == BODY_PAYLOAD);
        if name == BODY_PAYLOAD {
            let empty = PayloadDeserializer(Payload::Body(RawBody::empty()));
            return visitor
                .visit_newtype_struct(empty)
                .map_err(|e| self.failed(e));
        }
        let inner = self.inner();
        visitor
            .visit_newtype_struct(inner)
            .map_err(|e| self.failed(e))
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor
            .visit_seq(StandInSeq {
                stand_in: self.inner(),
                left: 0,
            })
            .map_err(|e| self.failed(e))
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value> {
        visitor
            .visit_seq(StandInSeq {
                stand_in: self.inner(),
                left: len,
            })
            .map_err(|e| self.failed(e))
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        len: usize,
        visitor: V,
    ) -> Result<V::Value> {
        self.deserialize_tuple(len, visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor
            .visit_map(StandInMap {
                stand_in: self.inner(),
                fields: [].iter(),
            })
            .map_err(|e| self.failed(e))
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        // A struct is a block type, unless its field takes an argument.
        let takes_block = match self.missing {
            Some(Resume::Missing(_, _, takes_blocks)) => takes_blocks && name != SPANNED,
            _ => name != SPANNED,
        };
        self.missing_block(takes_block);
        visitor
            .visit_map(StandInMap {
                stand_in: self.inner(),
                fields: fields.iter(),
            })
            .map_err(|e| self.failed(e))
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        let Some(&variant) = variants.first() else {
            return Err(self.failed(Error::message(
                Code::InvalidValue,
                "Invalid value",
                String::new(),
            )));
        };
        visitor
            .visit_enum(StandInEnum {
                stand_in: self.inner(),
                variant,
            })
            .map_err(|e| self.failed(e))
    }
}

struct StandInSeq<'s> {
    stand_in: StandIn<'s>,
    left: usize,
}

impl<'de> de::SeqAccess<'de> for StandInSeq<'_> {
    type Error = Error;

    fn next_element_seed<T: de::DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>> {
        if self.left == 0 {
            return Ok(None);
        }
        self.left -= 1;
        seed.deserialize(self.stand_in.inner()).map(Some)
    }
}

/// A struct of stand-ins, one per field.
struct StandInMap<'s> {
    stand_in: StandIn<'s>,
    fields: std::slice::Iter<'static, &'static str>,
}

impl<'de> de::MapAccess<'de> for StandInMap<'_> {
    type Error = Error;

    fn next_key_seed<K: de::DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>> {
        let Some(&field) = self.fields.next() else {
            return Ok(None);
        };
        let key: de::value::StrDeserializer<'_, Error> =
            de::IntoDeserializer::into_deserializer(field);
        seed.deserialize(key).map(Some)
    }

    fn next_value_seed<S: de::DeserializeSeed<'de>>(&mut self, seed: S) -> Result<S::Value> {
        seed.deserialize(self.stand_in.inner())
    }
}

struct StandInEnum<'s> {
    stand_in: StandIn<'s>,
    variant: &'static str,
}

impl<'de, 's> de::EnumAccess<'de> for StandInEnum<'s> {
    type Error = Error;
    type Variant = StandIn<'s>;

    fn variant_seed<V: de::DeserializeSeed<'de>>(
        self,
        seed: V,
    ) -> Result<(V::Value, Self::Variant)> {
        let key: de::value::StrDeserializer<'_, Error> =
            de::IntoDeserializer::into_deserializer(self.variant);
        Ok((seed.deserialize(key)?, self.stand_in))
    }
}

impl<'de> de::VariantAccess<'de> for StandIn<'_> {
    type Error = Error;

    fn unit_variant(self) -> Result<()> {
        Ok(())
    }

    fn newtype_variant_seed<T: de::DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value> {
        seed.deserialize(self)
    }

    fn tuple_variant<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value> {
        de::Deserializer::deserialize_tuple(self, len, visitor)
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        de::Deserializer::deserialize_struct(self, "", fields, visitor)
    }
}
