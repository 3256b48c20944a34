//! [`Spanned`]: a value with the source range it was read from.

use std::fmt;
use std::marker::PhantomData;

use hcl_core::Range;
use serde::de::{self, Deserializer, Visitor};

use super::{Payload, PayloadDeserializer, PayloadVisitor, PAYLOAD, SPANNED};
use crate::error::{Error, Result};

const SPANNED_RANGE: &str = "$hcl:range";
const SPANNED_VALUE: &str = "$hcl:value";
const SPANNED_FIELDS: &[&str] = &[SPANNED_RANGE, SPANNED_VALUE];

/// Gives a struct-like deserializer's `deserialize_struct` the answer for
/// [`Spanned`]: its range, then the value from `inner`.
pub(crate) struct SpannedAccess<D> {
    range: Option<Range>,
    inner: Option<D>,
}

impl<D> SpannedAccess<D> {
    pub(crate) fn new(range: Option<Range>, inner: D) -> Self {
        SpannedAccess {
            range,
            inner: Some(inner),
        }
    }
}

impl<'de, D: Deserializer<'de, Error = Error>> de::MapAccess<'de> for SpannedAccess<D> {
    type Error = Error;

    fn next_key_seed<K: de::DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>> {
        use serde::de::IntoDeserializer;
        let key = if self.range.is_some() {
            SPANNED_RANGE
        } else if self.inner.is_some() {
            SPANNED_VALUE
        } else {
            return Ok(None);
        };
        seed.deserialize(key.into_deserializer()).map(Some)
    }

    fn next_value_seed<V: de::DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value> {
        if let Some(range) = self.range.take() {
            return seed.deserialize(PayloadDeserializer(Payload::Range(range)));
        }
        match self.inner.take() {
            Some(inner) => seed.deserialize(inner),
            None => Err(Error::value_before_key()),
        }
    }
}

/// A value with the source range it was read from: an attribute's
/// expression, a block (type to closing brace) or a block label. A value
/// inside an attribute's value (a list element, say) has the range of the
/// whole expression.
///
/// Only this crate's deserializer can produce one.
///
/// # Examples
///
/// ```
/// use hcl_serde::Spanned;
/// #[derive(serde::Deserialize)]
/// struct Config {
///     port: Spanned<u16>,
/// }
///
/// let config: Config = hcl_serde::from_str("\nport = 8080\n").unwrap();
/// assert_eq!(*config.port.get_ref(), 8080);
/// assert_eq!(config.port.range().to_string(), "<input>:2,8-12");
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Spanned<T> {
    value: T,
    range: Range,
}

impl<T> Spanned<T> {
    /// The value.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::collections::HashMap;
    /// use hcl_serde::Spanned;
    /// let mut m: HashMap<String, Spanned<String>> = hcl_serde::from_str("a = \"x\"\n").unwrap();
    /// assert_eq!(m.remove("a").unwrap().get_ref(), "x");
    /// ```
    pub fn get_ref(&self) -> &T {
        &self.value
    }

    /// The value, by value.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut m: std::collections::HashMap<String, hcl_serde::Spanned<u8>> =
    ///     hcl_serde::from_str("a = 1\n").unwrap();
    /// assert_eq!(m.remove("a").unwrap().into_inner(), 1);
    /// ```
    pub fn into_inner(self) -> T {
        self.value
    }

    /// Where the value came from.
    ///
    /// # Examples
    ///
    /// ```
    /// let m: std::collections::HashMap<String, hcl_serde::Spanned<bool>> =
    ///     hcl_serde::from_str("a = true\n").unwrap();
    /// assert_eq!(m["a"].range().start.column, 5);
    /// ```
    pub fn range(&self) -> &Range {
        &self.range
    }
}

impl<T> std::ops::Deref for Spanned<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.value
    }
}

impl<T: fmt::Debug> fmt::Debug for Spanned<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?} @ {}", self.value, self.range)
    }
}

impl<'de, T: de::Deserialize<'de>> de::Deserialize<'de> for Spanned<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct SpannedVisitor<T>(PhantomData<T>);

        impl<'de, T: de::Deserialize<'de>> Visitor<'de> for SpannedVisitor<T> {
            type Value = Spanned<T>;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a value with its source range, which can only be read from HCL")
            }

            fn visit_map<A: de::MapAccess<'de>>(self, mut map: A) -> Result<Spanned<T>, A::Error> {
                let range = match map.next_key::<String>()?.as_deref() {
                    Some(SPANNED_RANGE) => map.next_value::<RangeSlot>()?.0,
                    _ => return Err(de::Error::custom("Spanned can only be read from HCL")),
                };
                let value = match map.next_key::<String>()?.as_deref() {
                    Some(SPANNED_VALUE) => map.next_value::<T>()?,
                    _ => return Err(de::Error::custom("Spanned can only be read from HCL")),
                };
                Ok(Spanned { value, range })
            }
        }

        deserializer.deserialize_struct(SPANNED, SPANNED_FIELDS, SpannedVisitor(PhantomData))
    }
}

/// The range of a [`Spanned`], taken from the slot.
struct RangeSlot(Range);

impl<'de> de::Deserialize<'de> for RangeSlot {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_newtype_struct(
            PAYLOAD,
            PayloadVisitor("a source range", |p| match p {
                Payload::Range(r) => Some(RangeSlot(r)),
                _ => None,
            }),
        )
    }
}
