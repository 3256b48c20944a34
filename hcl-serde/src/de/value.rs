//! Deserializing an evaluated [`Value`]: attribute values, and
//! [`from_value`](crate::from_value).
//!
//! Errors made here have no source range; the attribute that owns the
//! value gives them its expression's range on the way out.

use hcl_core::analysis::Location;
use hcl_core::schema::unsupported_block_argument;
use hcl_core::value::ValueKind;
use hcl_core::{Code, Number, Value};
use serde::de::{self, IntoDeserializer, Visitor};

use super::probe;
use super::shape::Shape;
use crate::error::{Error, Result};
use crate::special::{special_types, Special, BODY_PAYLOAD};

/// A deserializer over a borrowed [`Value`], with the source range it came
/// from when known.
pub(crate) struct ValueDeserializer<'v> {
    value: &'v Value,
    at: Option<Location<'v>>,
    /// Where the value's parts were written, when known.
    shape: Option<&'v Shape<'v>>,
    /// The argument whose whole value this is, if it is one: `null` for a
    /// target that is not an `Option` then means the argument is not set.
    argument: Option<&'v str>,
    /// The argument this is (part of) the value of, when its field takes
    /// an argument or blocks (see [`BlockField`]).
    block_field: BlockField<'v>,
    /// Whether this is an element of a sequence: a sequence inside one
    /// holds no blocks, so the sequences it holds take any value.
    in_seq: bool,
}

/// An argument (its name, and where that is written) whose field takes an
/// argument or blocks: a block type (an `#[hcl]` struct, which the field's
/// `HclSchema` lists as blocks) is never read from its value, as in schema
/// processing, where such an argument is unsupported.
///
/// The `bool` is whether an empty sequence or map of block types is
/// refused too: in an `#[hcl]` struct, which leaves out such a field when
/// empty; a plain derive's field cannot be left out, so there it reads as
/// no blocks.
pub(crate) type BlockField<'v> = Option<(&'v str, Location<'v>, bool)>;

impl<'v> ValueDeserializer<'v> {
    pub(crate) fn new(value: &'v Value) -> Self {
        ValueDeserializer {
            value,
            at: None,
            shape: None,
            argument: None,
            block_field: None,
            in_seq: false,
        }
    }

    /// The same, for the value of an argument whose field takes an
    /// argument or blocks.
    pub(crate) fn block_field(self, field: BlockField<'v>) -> Self {
        ValueDeserializer {
            block_field: field,
            ..self
        }
    }

    /// The same, for a value whose parts were written as `shape` says.
    pub(crate) fn shaped(self, shape: &'v Shape<'v>) -> Self {
        ValueDeserializer {
            at: Some(shape.at),
            shape: Some(shape),
            ..self
        }
    }

    /// The same, for the whole value of the argument `name`.
    pub(crate) fn argument(self, name: &'v str) -> Self {
        ValueDeserializer {
            argument: Some(name),
            ..self
        }
    }

    /// The same, for a value that came from `at`.
    pub(crate) fn at(self, at: Location<'v>) -> Self {
        ValueDeserializer {
            at: Some(at),
            ..self
        }
    }

    fn child(&self, value: &'v Value) -> Self {
        ValueDeserializer {
            value,
            at: self.at,
            shape: None,
            argument: None,
            block_field: self.block_field,
            in_seq: self.in_seq,
        }
    }

    fn kind(&self) -> Result<ValueKind<'v>> {
        match self.value.kind() {
            ValueKind::Unknown => Err(Error::message(
                Code::UnknownValue,
                "Unknown value",
                "The value is not known yet, so it cannot be decoded.".to_string(),
            )),
            ValueKind::Capsule(_) => Err(Error::message(
                Code::UnsupportedValue,
                "Unsupported value",
                format!("A value of type {} cannot be decoded.", self.value.ty()),
            )),
            kind => Ok(kind),
        }
    }

    fn mismatch(&self, expected: &str) -> Error {
        if let (Some(name), ValueKind::Null) = (self.argument, self.value.kind()) {
            // As Terraform reads it: a null argument is one not set.
            return Error::message(
                Code::MissingRequiredArgument,
                "Missing required argument",
                format!(
                    "The argument \"{name}\" is required, but its value is null, which \
                     leaves it unset."
                ),
            );
        }
        let found = match self.value.kind() {
            ValueKind::Null => "null".to_string(),
            _ => self.value.ty().to_string(),
        };
        Error::message(
            Code::IncorrectValueType,
            "Incorrect value type",
            format!("Expected {expected}, but found a value of type {found}."),
        )
    }

    /// What the elements of a sequence this value is get: nothing inside a
    /// sequence's element.
    fn seq_block_field(&self) -> BlockField<'v> {
        self.block_field.filter(|_| !self.in_seq)
    }

    /// For the value of an argument whose field takes an argument or
    /// blocks, schema processing's "Unsupported argument": what a block
    /// type asked of it gets.
    fn block_argument(&self) -> Option<Error> {
        self.block_field.map(block_argument)
    }

    /// The error for a value that is not the sequence or map asked for:
    /// [`Self::block_argument`] when `reads_blocks` finds the elements
    /// asked for of a block type (`subnets = null` for a `Vec` of them),
    /// else [`Self::mismatch`].
    fn not_a(&self, expected: &str, reads_blocks: impl FnOnce() -> bool) -> Error {
        match self.block_field {
            Some(field) if reads_blocks() => block_argument(field),
            _ => self.mismatch(expected),
        }
    }

    /// The value as a number, converting a numeric string as HCL does.
    fn number(&self, target: &str) -> Result<Number> {
        match self.kind()? {
            ValueKind::Number(n) => Ok(n.clone()),
            ValueKind::String(s) => Number::parse_str(s).ok_or_else(|| {
                Error::message(
                    Code::IncorrectValueType,
                    "Incorrect value type",
                    format!("Expected {target}, but the string {s:?} is not a number."),
                )
            }),
            _ => Err(self.mismatch(target)),
        }
    }

    fn integer(&self, target: &str) -> Result<Number> {
        let n = self.number(target)?;
        if !n.is_integer() {
            return Err(Error::message(
                Code::InvalidValue,
                "Invalid value",
                format!("The value {n} is not an integer, so it cannot be converted to {target}."),
            ));
        }
        Ok(n)
    }

    /// The value as a string, converting a number or bool as HCL does.
    fn string(&self) -> Result<String> {
        match self.kind()? {
            ValueKind::String(s) => Ok(s.to_string()),
            ValueKind::Number(n) => Ok(n.to_string()),
            ValueKind::Bool(b) => Ok(b.to_string()),
            _ => Err(self.mismatch("a string")),
        }
    }
}

/// Schema processing's "Unsupported argument" for the argument `name`,
/// written at `at`, whose field takes an argument or blocks.
fn block_argument((name, at, _): (&str, Location<'_>, bool)) -> Error {
    Error::from_diagnostics(unsupported_block_argument(name, at).into())
}

/// For an empty sequence or map in the argument of `field`: its
/// [`block_argument`] when the elements `seed` reads (which an empty one
/// never asks for) are of a block type.
fn empty_of_blocks<'de, S: de::DeserializeSeed<'de>>(field: BlockField<'_>, seed: S) -> Result<()> {
    match field {
        Some(field) if field.2 && probe::reads_blocks(seed) => Err(block_argument(field)),
        _ => Ok(()),
    }
}

fn out_of_range(n: &Number, target: &str, min: impl ToString, max: impl ToString) -> Error {
    Error::message(
        Code::InvalidValue,
        "Invalid value",
        format!(
            "The value {n} is out of range for {target} ({} to {}).",
            min.to_string(),
            max.to_string()
        ),
    )
}

macro_rules! deserialize_int {
    ($($method:ident $visit:ident $ty:ident $wide:ident $to:ident,)*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
            let name = stringify!($ty);
            let n = self.integer(name)?;
            let v = n
                .$to()
                .and_then(|w: $wide| $ty::try_from(w).ok())
                .ok_or_else(|| out_of_range(&n, name, $ty::MIN, $ty::MAX))?;
            visitor.$visit(v)
        }
    )*};
}

impl<'de> Special<'de> for ValueDeserializer<'_> {
    fn spanned_range(&self) -> Result<Option<hcl_core::Range>> {
        Ok(self.at.map(|at| at.range()))
    }

    fn payload<V: Visitor<'de>>(self, name: &'static str, _visitor: V) -> Result<V::Value> {
        if name == BODY_PAYLOAD {
            if let Some(err) = self.block_argument() {
                return Err(err);
            }
        }
        Err(Error::message(
            Code::UnsupportedValue,
            "Unsupported value",
            "An evaluated value cannot be read as an expression or a body: an argument is \
             read unevaluated by an Expression field of an #[hcl] struct (or one marked \
             #[hcl(expr)]), and a body comes from a block."
                .to_string(),
        ))
    }

    fn plain_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        // A struct is a block type: the argument of a field that takes an
        // argument or blocks cannot hold one.
        if let Some(err) = self.block_argument() {
            return Err(err);
        }
        match self.kind()? {
            ValueKind::Map(e) | ValueKind::Object(e) => {
                visit_map(e, self.at, self.shape, self.block_field, visitor)
                    .map_err(|err| err.of_struct(crate::markers::marks(name)))
            }
            _ => Err(self.mismatch("an object")),
        }
    }

    fn plain_newtype<V: Visitor<'de>>(self, name: &'static str, visitor: V) -> Result<V::Value> {
        // A `hcl_core::Value` target takes the value whole: exact numbers,
        // its type, unknowns.
        if name == hcl_core::value::VALUE_NEWTYPE {
            hcl_core::value::hand_over(self.value.clone());
            let result = visitor.visit_newtype_struct(self);
            hcl_core::value::take_back();
            return result;
        }
        visitor.visit_newtype_struct(self)
    }
}

impl<'de> de::Deserializer<'de> for ValueDeserializer<'_> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.kind()? {
            ValueKind::Null => visitor.visit_unit(),
            ValueKind::Bool(b) => visitor.visit_bool(b),
            ValueKind::Number(n) => {
                if n.is_integer() {
                    if let Some(i) = n.to_i64() {
                        return visitor.visit_i64(i);
                    }
                    if let Some(u) = n.to_u64() {
                        return visitor.visit_u64(u);
                    }
                }
                match n.to_f64_checked() {
                    Some(f) => visitor.visit_f64(f),
                    None => Err(Error::message(
                        Code::InvalidValue,
                        "Invalid value",
                        format!("The value {n} cannot be represented as a 64-bit float."),
                    )),
                }
            }
            ValueKind::String(s) => visitor.visit_str(s),
            ValueKind::List(e) | ValueKind::Set(e) | ValueKind::Tuple(e) => {
                visit_seq(e, self.at, self.shape, self.seq_block_field(), visitor)
            }
            ValueKind::Map(e) | ValueKind::Object(e) => {
                visit_map(e, self.at, self.shape, self.block_field, visitor)
            }
            ValueKind::Unknown | ValueKind::Capsule(_) => Err(self.mismatch("a value")),
        }
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.kind()? {
            ValueKind::Bool(b) => visitor.visit_bool(b),
            ValueKind::String("true") => visitor.visit_bool(true),
            ValueKind::String("false") => visitor.visit_bool(false),
            _ => Err(self.mismatch("a bool")),
        }
    }

    deserialize_int! {
        deserialize_i8 visit_i8 i8 i64 to_i64,
        deserialize_i16 visit_i16 i16 i64 to_i64,
        deserialize_i32 visit_i32 i32 i64 to_i64,
        deserialize_i64 visit_i64 i64 i64 to_i64,
        deserialize_i128 visit_i128 i128 i128 to_i128,
        deserialize_u8 visit_u8 u8 u64 to_u64,
        deserialize_u16 visit_u16 u16 u64 to_u64,
        deserialize_u32 visit_u32 u32 u64 to_u64,
        deserialize_u64 visit_u64 u64 u64 to_u64,
        deserialize_u128 visit_u128 u128 u128 to_u128,
    }

    fn deserialize_f32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let n = self.number("f32")?;
        match n.to_f64_checked() {
            Some(f) if !f.is_finite() || f.abs() <= f64::from(f32::MAX) => {
                // Rounding to the nearest f32 is the point of the cast.
                #[allow(clippy::cast_possible_truncation, reason = "checked range")]
                visitor.visit_f32(f as f32)
            }
            _ => Err(out_of_range(&n, "f32", f32::MIN, f32::MAX)),
        }
    }

    fn deserialize_f64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let n = self.number("f64")?;
        match n.to_f64_checked() {
            Some(f) => visitor.visit_f64(f),
            None => Err(out_of_range(&n, "f64", f64::MIN, f64::MAX)),
        }
    }

    fn deserialize_char<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let s = self.string()?;
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => visitor.visit_char(c),
            _ => Err(Error::message(
                Code::InvalidValue,
                "Invalid value",
                format!("Expected a single character, but found the string {s:?}."),
            )),
        }
    }

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.kind()? {
            ValueKind::String(s) => visitor.visit_str(s),
            _ => visitor.visit_string(self.string()?),
        }
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_str(visitor)
    }

    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.kind()? {
            ValueKind::String(s) => visitor.visit_bytes(s.as_bytes()),
            ValueKind::List(e) | ValueKind::Tuple(e) => {
                visit_seq(e, self.at, self.shape, self.seq_block_field(), visitor)
            }
            _ => Err(self.mismatch("a string")),
        }
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_bytes(visitor)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        if self.value.is_null() {
            visitor.visit_none()
        } else {
            visitor.visit_some(self)
        }
    }

    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.kind()? {
            ValueKind::Null => visitor.visit_unit(),
            ValueKind::Tuple([]) | ValueKind::Object([]) => visitor.visit_unit(),
            _ => Err(self.mismatch("null")),
        }
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value> {
        self.deserialize_unit(visitor)
    }

    special_types!();

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.kind()? {
            ValueKind::List(e) | ValueKind::Set(e) | ValueKind::Tuple(e) => {
                visit_seq(e, self.at, self.shape, self.seq_block_field(), visitor)
            }
            _ => Err(self.not_a("a list, set or tuple", || {
                probe::reads_blocks_in_seq(visitor)
            })),
        }
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value> {
        match self.kind()? {
            ValueKind::List(e) | ValueKind::Set(e) | ValueKind::Tuple(e) if e.len() != len => {
                Err(Error::message(
                    Code::InvalidValue,
                    "Invalid value",
                    format!("Expected {len} elements, but found {}.", e.len()),
                ))
            }
            _ => self.deserialize_seq(visitor),
        }
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
        match self.kind()? {
            ValueKind::Map(e) | ValueKind::Object(e) => {
                visit_map(e, self.at, self.shape, self.block_field, visitor)
            }
            _ => Err(self.not_a("a map or object", || probe::reads_blocks_in_map(visitor))),
        }
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        match self.kind()? {
            ValueKind::String(s) => visitor.visit_enum(s.into_deserializer()),
            ValueKind::Map([(k, v)]) | ValueKind::Object([(k, v)]) => {
                visitor.visit_enum(EnumAccess {
                    variant: k,
                    value: self.child(v),
                })
            }
            _ => Err(self.mismatch("a string or an object with one attribute")),
        }
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_str(visitor)
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_unit()
    }
}

fn visit_seq<'de, 'v, V: Visitor<'de>>(
    elements: &'v [Value],
    at: Option<Location<'v>>,
    shape: Option<&'v Shape<'v>>,
    block_field: BlockField<'v>,
    visitor: V,
) -> Result<V::Value> {
    let mut seq = SeqAccess {
        iter: elements.iter().enumerate(),
        empty: elements.is_empty(),
        at,
        shape,
        block_field,
    };
    visitor.visit_seq(&mut seq)
}

fn visit_map<'de, 'v, V: Visitor<'de>>(
    entries: &'v [(String, Value)],
    at: Option<Location<'v>>,
    shape: Option<&'v Shape<'v>>,
    block_field: BlockField<'v>,
    visitor: V,
) -> Result<V::Value> {
    let order = shape.and_then(|s| s.entry_order(entries.len()));
    let mut map = MapAccess {
        entries,
        empty: entries.is_empty(),
        ordered: order.is_some(),
        order: order.unwrap_or_default().into_iter(),
        next: 0,
        value: None,
        at,
        block_field,
    };
    visitor.visit_map(&mut map)
}

/// The deserializer of a part of a value: at the part's own location when
/// its shape is known, with errors inside it placed there.
fn part<'de, 'v, S: de::DeserializeSeed<'de>>(
    seed: S,
    value: &'v Value,
    at: Option<Location<'v>>,
    block_field: BlockField<'v>,
    shape: Option<&'v Shape<'v>>,
    in_seq: bool,
) -> Result<S::Value> {
    let part = ValueDeserializer {
        value,
        at,
        shape: None,
        argument: None,
        block_field,
        in_seq,
    };
    match shape {
        Some(shape) => seed
            .deserialize(part.shaped(shape))
            .map_err(|e| e.or_at(shape.at)),
        None => seed.deserialize(part),
    }
}

struct SeqAccess<'v, I: Iterator<Item = (usize, &'v Value)>> {
    iter: I,
    /// Whether it has no elements and none has been asked for yet.
    empty: bool,
    at: Option<Location<'v>>,
    shape: Option<&'v Shape<'v>>,
    block_field: BlockField<'v>,
}

impl<'de, 'v, I: Iterator<Item = (usize, &'v Value)>> de::SeqAccess<'de> for SeqAccess<'v, I> {
    type Error = Error;

    fn next_element_seed<T: de::DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>> {
        match self.iter.next() {
            Some((i, v)) => {
                let shape = self.shape.and_then(|s| s.element(i));
                part(seed, v, self.at, self.block_field, shape, true)
                    .map(Some)
                    .map_err(|e| e.add_index(i))
            }
            None if std::mem::take(&mut self.empty) => {
                empty_of_blocks(self.block_field, seed).map(|()| None)
            }
            None => Ok(None),
        }
    }

    fn size_hint(&self) -> Option<usize> {
        self.iter.size_hint().1
    }
}

/// An object's or map's entries: in the order an object constructor wrote
/// them when its shape is known (`order`), else sorted (`next`).
struct MapAccess<'v> {
    entries: &'v [(String, Value)],
    /// Whether it has no entries and none has been asked for yet.
    empty: bool,
    order: std::vec::IntoIter<(usize, Option<&'v Shape<'v>>)>,
    next: usize,
    /// Whether `order` lists the entries.
    ordered: bool,
    value: Option<(&'v str, &'v Value, Option<&'v Shape<'v>>)>,
    at: Option<Location<'v>>,
    block_field: BlockField<'v>,
}

impl<'v> MapAccess<'v> {
    fn next_entry(&mut self) -> Option<(&'v (String, Value), Option<&'v Shape<'v>>)> {
        if self.ordered {
            let (i, shape) = self.order.next()?;
            return Some((self.entries.get(i)?, shape));
        }
        let entry = self.entries.get(self.next)?;
        self.next += 1;
        Some((entry, None))
    }
}

impl<'de, 'v> de::MapAccess<'de> for MapAccess<'v> {
    type Error = Error;

    fn next_key_seed<K: de::DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>> {
        match self.next_entry() {
            Some(((k, v), shape)) => {
                self.value = Some((k, v, shape));
                // Keys are strings; a numeric or bool key type converts them.
                let key = Value::string(k);
                seed.deserialize(ValueDeserializer::new(&key))
                    .map(Some)
                    .map_err(|e| e.add_key(k))
            }
            None => Ok(None),
        }
    }

    /// As serde's, but an empty map's first call asks the value's type
    /// (see [`empty_of_blocks`]).
    fn next_entry_seed<K: de::DeserializeSeed<'de>, V: de::DeserializeSeed<'de>>(
        &mut self,
        key: K,
        value: V,
    ) -> Result<Option<(K::Value, V::Value)>> {
        if std::mem::take(&mut self.empty) {
            return empty_of_blocks(self.block_field, value).map(|()| None);
        }
        match self.next_key_seed(key)? {
            Some(key) => Ok(Some((key, self.next_value_seed(value)?))),
            None => Ok(None),
        }
    }

    fn next_value_seed<S: de::DeserializeSeed<'de>>(&mut self, seed: S) -> Result<S::Value> {
        match self.value.take() {
            Some((k, v, shape)) => {
                part(seed, v, self.at, self.block_field, shape, false).map_err(|e| e.add_key(k))
            }
            None => Err(Error::message(
                Code::InvalidValue,
                "Invalid value",
                "A map value was requested before its key.".to_string(),
            )),
        }
    }

    fn size_hint(&self) -> Option<usize> {
        if self.ordered {
            Some(self.order.len())
        } else {
            Some(self.entries.len().saturating_sub(self.next))
        }
    }
}

struct EnumAccess<'v> {
    variant: &'v str,
    value: ValueDeserializer<'v>,
}

impl<'de, 'v> de::EnumAccess<'de> for EnumAccess<'v> {
    type Error = Error;
    type Variant = ValueDeserializer<'v>;

    fn variant_seed<S: de::DeserializeSeed<'de>>(
        self,
        seed: S,
    ) -> Result<(S::Value, Self::Variant)> {
        let key: de::value::StrDeserializer<'_, Error> = self.variant.into_deserializer();
        let variant = seed.deserialize(key)?;
        Ok((variant, self.value))
    }
}

impl<'de> de::VariantAccess<'de> for ValueDeserializer<'_> {
    type Error = Error;

    fn unit_variant(self) -> Result<()> {
        de::Deserialize::deserialize(self)
    }

    fn newtype_variant_seed<T: de::DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value> {
        seed.deserialize(self)
    }

    fn tuple_variant<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value> {
        de::Deserializer::deserialize_tuple(self, len, visitor)
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        de::Deserializer::deserialize_map(self, visitor)
    }
}

impl<'de> super::recovery::Inner<'de> for ValueDeserializer<'_> {
    fn is_null(&self) -> bool {
        self.value.is_null()
    }
}
