//! A string literal read straight from the syntax tree: most attribute
//! values of a configuration are plain quoted strings, and a string target
//! takes one without an evaluated value in between.

use std::borrow::Cow;

use hcl_core::analysis::Location;
use hcl_core::value::normalize_string;
use hcl_core::Value;
use serde::de::{self, Visitor};

use super::value::{BlockField, ValueDeserializer};
use crate::error::{Error, Result};
use crate::special::{special_types, Special};

/// A quoted string without interpolations, escapes already resolved.
pub(crate) struct LiteralDeserializer<'a, 'de> {
    pub(crate) text: &'a str,
    pub(crate) at: Location<'a>,
    /// The same text in the caller's, when it has it.
    pub(crate) borrowed: Option<&'de str>,
    /// The argument, when it is one whose field takes an argument or
    /// blocks.
    pub(crate) block_field: BlockField<'a>,
}

impl<'a> LiteralDeserializer<'a, '_> {
    /// The value an evaluation would give, for targets other than strings.
    fn value(&self) -> Value {
        Value::string(self.text)
    }

    /// Reads `value`, the value an evaluation would give, with `read`.
    fn through_value<R>(&self, read: impl FnOnce(ValueDeserializer<'_>) -> R) -> R {
        let value = self.value();
        read(
            ValueDeserializer::new(&value)
                .at(self.at)
                .block_field(self.block_field),
        )
    }
}

/// Targets that want more than the text: through the evaluated value.
macro_rules! through_value {
    ($($method:ident($($arg:ident: $ty:ty),*))*) => {$(
        fn $method<V: Visitor<'de>>(self, $($arg: $ty,)* visitor: V) -> Result<V::Value> {
            let value = self.value();
            ValueDeserializer::new(&value)
                .at(self.at)
                .block_field(self.block_field)
                .$method($($arg,)* visitor)
        }
    )*};
}

impl<'de> Special<'de> for LiteralDeserializer<'_, 'de> {
    fn spanned_range(&self) -> Result<Option<hcl_core::Range>> {
        Ok(Some(self.at.range()))
    }

    fn payload<V: Visitor<'de>>(self, name: &'static str, visitor: V) -> Result<V::Value> {
        self.through_value(|value| value.payload(name, visitor))
    }

    fn plain_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        self.through_value(|value| value.plain_struct(name, fields, visitor))
    }

    fn plain_newtype<V: Visitor<'de>>(self, name: &'static str, visitor: V) -> Result<V::Value> {
        self.through_value(|value| value.plain_newtype(name, visitor))
    }
}

impl<'de> de::Deserializer<'de> for LiteralDeserializer<'_, 'de> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_str(visitor)
    }

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match (normalize_string(self.text), self.borrowed) {
            // Already in normal form: the caller's bytes are the value.
            (Cow::Borrowed(_), Some(borrowed)) => visitor.visit_borrowed_str(borrowed),
            (text, _) => visitor.visit_str(text.as_ref()),
        }
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_string(normalize_string(self.text).into_owned())
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_some(self)
    }

    special_types!();

    through_value! {
        deserialize_bool() deserialize_i8() deserialize_i16() deserialize_i32()
        deserialize_i64() deserialize_i128() deserialize_u8() deserialize_u16()
        deserialize_u32() deserialize_u64() deserialize_u128() deserialize_f32()
        deserialize_f64() deserialize_char() deserialize_bytes() deserialize_byte_buf()
        deserialize_unit() deserialize_seq() deserialize_map() deserialize_identifier()
        deserialize_ignored_any()
        deserialize_unit_struct(name: &'static str)
        deserialize_tuple(len: usize)
        deserialize_tuple_struct(name: &'static str, len: usize)
        deserialize_enum(name: &'static str, variants: &'static [&'static str])
    }
}

impl<'de> super::recovery::Inner<'de> for LiteralDeserializer<'_, 'de> {
    fn is_null(&self) -> bool {
        false
    }
}
