//! Conversion of values from one type to another.
//!
//! A conversion is either *safe* (it never fails and loses no information:
//! number or bool to string, list to list of a safely convertible element
//! type, ...) or *unsafe* (it may fail for some values: string to number,
//! list to set, map to object, anything of the dynamic pseudo-type to a
//! concrete type). [`convert`] uses both; [`get_conversion`] offers only
//! safe ones and [`get_conversion_unsafe`] both; [`conversion_safety`]
//! tells which kind there is.
//!
//! The extended types add their own rules (see `extended::convert`): `int`
//! to string and number safely and back unsafely, to a union through its
//! members, to an eventual type through its element, `none` to nothing
//! but itself. A value converted to an extended type takes the type's
//! [value type](Type::value_type): to `int` it must be a whole number, to a
//! union it converts to a member (one identical to its type, else the first
//! it converts to safely, else the first whose unsafe conversion succeeds),
//! to `promise(T)` or `output(T)` it converts to `T`.

use std::fmt;
use std::sync::Arc;

use super::extended::convert::{admits_none, conversion_to_extended};
use super::structural as st;
use super::{mismatch_message, unify, Type};
use crate::value::{Number, Value};

/// One step of a [`Path`] into a value.
///
/// # Examples
///
/// ```
/// use hcl_core::types::PathStep;
/// use hcl_core::value::Value;
/// let step = PathStep::Index(Value::from(2));
/// assert_eq!(step, PathStep::Index(Value::from(2)));
/// ```
#[derive(Debug, Clone, PartialEq)]
pub enum PathStep {
    /// An object attribute.
    GetAttr(String),
    /// A list, tuple or set element (by number, or by the element itself
    /// for sets) or a map element (by string).
    Index(Value),
}

/// Where in a value a conversion failed. Displays as `.name[2]["key"]`.
///
/// # Examples
///
/// ```
/// use hcl_core::types::{convert, Type};
/// use hcl_core::value::Value;
///
/// let v = Value::object([("ports", Value::tuple(vec![Value::from(80), Value::from("x")]))]);
/// let want = Type::object([("ports", Type::list(Type::Number))]);
/// let err = convert(&v, &want).unwrap_err();
/// assert_eq!(err.path().to_string(), ".ports[1]");
/// assert_eq!(err.to_string(), "a number is required");
/// ```
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Path(Vec<PathStep>);

impl Path {
    /// The empty path (the value itself).
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Path;
    /// assert!(Path::new().steps().is_empty());
    /// ```
    pub fn new() -> Path {
        Path(Vec::new())
    }

    /// The steps from the value to the failing part.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::{Path, PathStep};
    /// let p = Path::from(vec![PathStep::GetAttr("a".into())]);
    /// assert_eq!(p.steps().len(), 1);
    /// ```
    pub fn steps(&self) -> &[PathStep] {
        &self.0
    }
}

impl From<Vec<PathStep>> for Path {
    fn from(steps: Vec<PathStep>) -> Path {
        Path(steps)
    }
}

impl fmt::Display for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for step in &self.0 {
            match step {
                PathStep::GetAttr(name) => write!(f, ".{name}")?,
                PathStep::Index(key) => match (key.as_number(), key.as_str()) {
                    (Some(n), _) => write!(f, "[{}]", n.to_text_bounded())?,
                    (_, Some(s)) => {
                        let mut quoted = String::new();
                        super::write_json_string(s, &mut quoted);
                        write!(f, "[{quoted}]")?
                    }
                    _ => f.write_str("[?]")?,
                },
            }
        }
        Ok(())
    }
}

/// A value could not be converted to the wanted type.
///
/// `Display` writes the message alone, worded as the reference words it
/// ("a number is required", `attribute "name" is required`, "incorrect
/// list element type: string required", ...); [`ConvertError::path`] tells
/// where in the value the problem is.
///
/// # Examples
///
/// ```
/// use hcl_core::types::{convert, Type};
/// use hcl_core::value::Value;
///
/// let err = convert(&Value::from("yes"), &Type::Bool).unwrap_err();
/// assert_eq!(err.to_string(), "a bool is required");
/// assert!(err.path().steps().is_empty());
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct ConvertError {
    path: Path,
    message: String,
}

impl ConvertError {
    /// An error at `path` with the given message.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::{ConvertError, Path};
    /// let e = ConvertError::new(Path::new(), "string required");
    /// assert_eq!(e.message(), "string required");
    /// ```
    pub fn new(path: Path, message: impl Into<String>) -> ConvertError {
        ConvertError {
            path,
            message: message.into(),
        }
    }

    /// Where in the converted value the problem is.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::{ConvertError, Path};
    /// assert!(ConvertError::new(Path::new(), "x").path().steps().is_empty());
    /// ```
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The message, without the path.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::{ConvertError, Path};
    /// assert_eq!(ConvertError::new(Path::new(), "x").message(), "x");
    /// ```
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for ConvertError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ConvertError {}

type ConvFn = dyn Fn(&Value, &mut Vec<PathStep>) -> Result<Value, ConvertError> + Send + Sync;

/// A prepared conversion from one type to another, as returned by
/// [`get_conversion`], [`get_conversion_unsafe`] and the unification
/// functions. Cheap to clone.
///
/// # Examples
///
/// ```
/// use hcl_core::types::{get_conversion, Type};
/// use hcl_core::value::Value;
///
/// let conv = get_conversion(&Type::Number, &Type::String).unwrap();
/// assert_eq!(conv.apply(&Value::from(42)).unwrap(), Value::from("42"));
/// ```
#[derive(Clone)]
pub struct Conversion(Arc<ConvFn>);

impl Conversion {
    pub(crate) fn new(
        f: impl Fn(&Value, &mut Vec<PathStep>) -> Result<Value, ConvertError> + Send + Sync + 'static,
    ) -> Conversion {
        Conversion(Arc::new(f))
    }

    /// Converts a value of the conversion's source type (or of the dynamic
    /// pseudo-type).
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::{get_conversion_unsafe, Type};
    /// use hcl_core::value::Value;
    ///
    /// let conv = get_conversion_unsafe(&Type::String, &Type::Number).unwrap();
    /// assert!(conv.apply(&Value::from("12")).is_ok());
    /// assert!(conv.apply(&Value::from("twelve")).is_err());
    /// ```
    pub fn apply(&self, value: &Value) -> Result<Value, ConvertError> {
        (self.0)(value, &mut Vec::new())
    }

    /// Converts with `path` as the position of `value` in a larger value.
    pub(crate) fn run(
        &self,
        value: &Value,
        path: &mut Vec<PathStep>,
    ) -> Result<Value, ConvertError> {
        (self.0)(value, path)
    }
}

impl fmt::Debug for Conversion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Conversion")
    }
}

/// An error at the given position.
pub(crate) fn error_at(path: &[PathStep], message: impl Into<String>) -> ConvertError {
    ConvertError::new(Path(path.to_vec()), message)
}

/// Runs `f` with `step` appended to `path`.
pub(crate) fn with_step<T>(
    path: &mut Vec<PathStep>,
    step: PathStep,
    f: impl FnOnce(&mut Vec<PathStep>) -> T,
) -> T {
    path.push(step);
    let out = f(path);
    path.pop();
    out
}

/// Converts `value` to type `want`, using safe and unsafe conversions.
/// A value that already has the wanted type is returned as it is.
///
/// Nulls and unknowns convert to the null or unknown of the wanted type
/// when a conversion between the types exists (any type converts from
/// the dynamic pseudo-type and to it); a value of the dynamic pseudo-type
/// is converted according to its actual type.
///
/// # Examples
///
/// ```
/// use hcl_core::types::{convert, Type};
/// use hcl_core::value::Value;
///
/// let t = Value::tuple(vec![Value::from(1), Value::from("2")]);
/// let l = convert(&t, &Type::list(Type::Dynamic)).unwrap();
/// assert_eq!(l.ty(), &Type::list(Type::String));
///
/// let n = convert(&Value::null(Type::Dynamic), &Type::Number).unwrap();
/// assert_eq!(n, Value::null(Type::Number));
///
/// let err = convert(&Value::from(true), &Type::list(Type::String)).unwrap_err();
/// assert_eq!(err.to_string(), "list of string required");
/// ```
pub fn convert(value: &Value, want: &Type) -> Result<Value, ConvertError> {
    if value.ty() == want {
        return Ok(value.clone());
    }
    if value.is_null() && admits_none(want) {
        // The extended types' `none` takes any null.
        return Ok(Value::null(want.value_type()));
    }
    match conversion(value.ty(), want, true) {
        Some(conv) => conv.apply(value),
        None => Err(ConvertError::new(
            Path::new(),
            mismatch_message(value.ty(), want),
        )),
    }
}

/// A safe conversion from `from` to `to`, if there is one.
///
/// As in the reference, there is no conversion between identical
/// primitive types: check for identical types first.
///
/// # Examples
///
/// ```
/// use hcl_core::types::{get_conversion, Type};
/// assert!(get_conversion(&Type::Bool, &Type::String).is_some());
/// assert!(get_conversion(&Type::String, &Type::Bool).is_none());
/// assert!(get_conversion(&Type::list(Type::String), &Type::set(Type::String)).is_none());
/// ```
pub fn get_conversion(from: &Type, to: &Type) -> Option<Conversion> {
    conversion(from, to, false)
}

/// A safe or unsafe conversion from `from` to `to`, if there is one.
///
/// # Examples
///
/// ```
/// use hcl_core::types::{get_conversion_unsafe, Type};
/// assert!(get_conversion_unsafe(&Type::String, &Type::Bool).is_some());
/// assert!(get_conversion_unsafe(&Type::Dynamic, &Type::Number).is_some());
/// assert!(get_conversion_unsafe(&Type::Bool, &Type::Number).is_none());
/// ```
pub fn get_conversion_unsafe(from: &Type, to: &Type) -> Option<Conversion> {
    conversion(from, to, true)
}

/// How safe a conversion is (see [`conversion_safety`]).
///
/// # Examples
///
/// ```
/// use hcl_core::types::{conversion_safety, Safety, Type};
/// assert_eq!(conversion_safety(&Type::Int, &Type::Number), Some(Safety::Safe));
/// assert!(Safety::Safe > Safety::Unsafe);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Safety {
    /// The conversion may fail for some values, or lose information.
    Unsafe,
    /// The conversion never fails and loses nothing.
    Safe,
}

/// Whether a value of type `from` converts to type `to`, and how safely:
/// `Some(Safety::Safe)` for identical types and safe conversions,
/// `Some(Safety::Unsafe)` for conversions that are only unsafe, `None` when
/// there is no conversion.
///
/// # Examples
///
/// ```
/// use hcl_core::types::{conversion_safety, Safety, Type};
///
/// assert_eq!(conversion_safety(&Type::String, &Type::String), Some(Safety::Safe));
/// assert_eq!(conversion_safety(&Type::String, &Type::Int), Some(Safety::Unsafe));
/// assert_eq!(conversion_safety(&Type::Int, &Type::Bool), None);
/// let id = Type::output(Type::String);
/// assert_eq!(conversion_safety(&Type::String, &id), Some(Safety::Safe));
/// assert_eq!(conversion_safety(&id, &Type::String), None);
/// ```
pub fn conversion_safety(from: &Type, to: &Type) -> Option<Safety> {
    if from == to || conversion(from, to, false).is_some() {
        Some(Safety::Safe)
    } else if conversion(from, to, true).is_some() {
        Some(Safety::Unsafe)
    } else {
        None
    }
}

/// A conversion wrapped in the checks every conversion makes: anything
/// passes through to the dynamic pseudo-type, and nulls and unknowns become
/// the null or unknown of the wanted type.
pub(crate) fn conversion(from: &Type, to: &Type, unsafe_: bool) -> Option<Conversion> {
    let conv = conversion_known(from, to, unsafe_)?;
    let passes = to.is_dynamic();
    // Values never have an extended type: nulls and unknowns take the
    // wanted type's value type.
    let out = to.value_type();
    Some(Conversion::new(move |v, path| {
        if passes {
            return Ok(v.clone());
        }
        if !v.is_known() {
            return Ok(unknown_result(v, dynamic_replace(v.ty(), &out)));
        }
        if v.is_null() {
            return Ok(Value::null(dynamic_replace(v.ty(), &out)));
        }
        conv.run(v, path)
    }))
}

/// The conversion of an unknown: an unknown of the wanted type, with what
/// the source's refinements and type tell of it, as the reference keeps
/// them: not null if the source is not; a map from an object has as many
/// elements as it has attributes, a list from a tuple as many as it has
/// elements, a set from a tuple at most as many (and at least one if it
/// has any); a collection from a collection keeps its length bounds (a
/// set at least one element if the source has any).
fn unknown_result(v: &Value, ty: Type) -> Value {
    let range = v.range();
    let mut r = Value::unknown(ty.clone()).refine();
    if range.definitely_not_null() {
        r = r.not_null();
    }
    let from = v.ty();
    let tuple_length = from.tuple_element_types().map(|e| e.len() as u64);
    match (from, &ty) {
        (Type::Object(attrs), Type::Map(_)) => r = r.length(attrs.len() as u64),
        (Type::Tuple(_), Type::List(_)) => r = r.length(tuple_length.unwrap_or(0)),
        (Type::Tuple(_), Type::Set(_)) => {
            let n = tuple_length.unwrap_or(0);
            r = if n <= 1 {
                r.length(n)
            } else {
                r.length_lower_bound(1).length_upper_bound(n)
            };
        }
        _ if from.is_collection() && ty.is_collection() => {
            let min = range.length_lower_bound();
            r = if ty.is_set() {
                r.length_lower_bound(min.min(1))
            } else {
                r.length_lower_bound(min)
            };
            r = r.length_upper_bound(range.length_upper_bound());
        }
        _ => {}
    }
    r.build()
}

/// The one place that decides which conversion rule applies to a pair of
/// types.
fn conversion_known(from: &Type, to: &Type, unsafe_: bool) -> Option<Conversion> {
    match (from, to) {
        (_, Type::Dynamic) => Some(Conversion::new(|v, _| Ok(v.clone()))),
        _ if from.is_extended() || to.is_extended() => conversion_to_extended(from, to, unsafe_),
        (Type::Dynamic, _) if unsafe_ => Some(dynamic_fixup(to.clone())),
        _ if from.is_primitive() && to.is_primitive() => primitive(from, to, unsafe_),
        (Type::Object(_), Type::Object(_)) => st::object_to_object(from, to, unsafe_),
        (Type::Tuple(_), Type::Tuple(_)) => st::tuple_to_tuple(from, to, unsafe_),
        (Type::List(in_ety) | Type::Set(in_ety), Type::List(out_ety)) => {
            if in_ety == out_ety {
                return Some(st::collection_to_list((**out_ety).clone(), None));
            }
            let conv = conversion(in_ety, out_ety, unsafe_)?;
            Some(st::collection_to_list((**out_ety).clone(), Some(conv)))
        }
        (Type::List(in_ety) | Type::Set(in_ety), Type::Set(out_ety)) => {
            if from.is_list() && !unsafe_ {
                // Ordering and duplicates would be lost.
                return None;
            }
            let conv = conversion(in_ety, out_ety, unsafe_);
            if in_ety == out_ety {
                return Some(st::collection_to_set((**out_ety).clone(), None));
            }
            Some(st::collection_to_set((**out_ety).clone(), Some(conv?)))
        }
        (Type::Map(in_ety), Type::Map(out_ety)) => {
            let conv = conversion(in_ety, out_ety, unsafe_)?;
            Some(st::collection_to_map((**out_ety).clone(), Some(conv)))
        }
        (Type::Tuple(_), Type::List(out_ety)) => st::tuple_to_list(from, out_ety, unsafe_),
        (Type::Tuple(_), Type::Set(out_ety)) => st::tuple_to_set(from, out_ety, unsafe_),
        (Type::Object(_), Type::Map(out_ety)) => st::object_to_map(from, out_ety, unsafe_),
        (Type::Map(_), Type::Object(_)) if unsafe_ => st::map_to_object(from, to, unsafe_),
        // Capsule types have no conversion operations.
        _ => None,
    }
}

/// Converts a value whose type was not known when the conversion was
/// planned, according to its actual type.
pub(super) fn dynamic_fixup(want: Type) -> Conversion {
    Conversion::new(move |v, path| {
        convert(v, &want).map_err(|e| {
            let mut full = path.clone();
            full.extend(e.path.0);
            ConvertError::new(Path(full), e.message)
        })
    })
}

/// The text of a number converted to a string; an error for a number whose
/// text is too long to write out (see
/// [`NUMBER_TEXT_MAX_BITS`](crate::value::NUMBER_TEXT_MAX_BITS)).
pub(crate) fn number_text(n: &Number) -> Result<String, String> {
    crate::value::check_number_text(n)?;
    Ok(n.to_string())
}

/// Safe: number and bool to string. Unsafe: string to number and bool.
fn primitive(from: &Type, to: &Type, unsafe_: bool) -> Option<Conversion> {
    match (from, to) {
        (Type::Number, Type::String) => Some(Conversion::new(|v, path| match v.as_number() {
            Some(n) => number_text(n)
                .map(Value::string)
                .map_err(|e| error_at(path, e)),
            None => Err(error_at(path, "a number is required")),
        })),
        (Type::Bool, Type::String) => Some(Conversion::new(|v, path| match v.as_bool() {
            Some(b) => Ok(Value::string(if b { "true" } else { "false" })),
            None => Err(error_at(path, "a bool is required")),
        })),
        (Type::String, Type::Number) if unsafe_ => Some(Conversion::new(|v, path| {
            let text = v.as_str().unwrap_or_default();
            Number::parse_str(text).map(Value::number).ok_or_else(|| {
                if Number::has_too_many_digits(text) {
                    error_at(
                        path,
                        format!(
                            "a number is required, and this one has more than {} significant \
                             digits (Number::MAX_DIGITS)",
                            Number::MAX_DIGITS
                        ),
                    )
                } else {
                    error_at(path, "a number is required")
                }
            })
        })),
        (Type::String, Type::Bool) if unsafe_ => {
            Some(Conversion::new(|v, path| {
                let s = v.as_str().unwrap_or_default();
                match s {
                "true" | "1" => Ok(Value::bool(true)),
                "false" | "0" => Ok(Value::bool(false)),
                _ => Err(error_at(
                    path,
                    match s.to_lowercase().as_str() {
                        "true" => "a bool is required; to convert from string, use lowercase \"true\"",
                        "false" => {
                            "a bool is required; to convert from string, use lowercase \"false\""
                        }
                        _ => "a bool is required",
                    },
                )),
            }
            }))
        }
        _ => None,
    }
}

/// The wanted type `out` with each dynamic pseudo-type in it replaced by
/// the corresponding part of the actual type `from`.
pub(crate) fn dynamic_replace(from: &Type, out: &Type) -> Type {
    if from.is_dynamic() {
        return out.clone();
    }
    match out {
        Type::Dynamic => from.clone(),
        Type::Map(oe) => match from {
            Type::Map(ie) => Type::map(dynamic_replace(ie, oe)),
            Type::Object(attrs) => {
                let tys: Vec<Type> = attrs.values().cloned().collect();
                let unified = unify::unify_types(&tys, true).unwrap_or(Type::Dynamic);
                Type::map(dynamic_replace(&unified, oe))
            }
            _ => out.clone(),
        },
        Type::Object(oattrs) => {
            let attrs = oattrs.iter().filter_map(|(name, oty)| match from {
                Type::Map(ie) => Some((name.clone(), dynamic_replace(ie, oty))),
                Type::Object(iattrs) => Some(match iattrs.get(name) {
                    Some(ity) => (name.clone(), dynamic_replace(ity, oty)),
                    None => (name.clone(), oty.clone()),
                }),
                _ => None,
            });
            Type::Object(Arc::new(attrs.collect()))
        }
        Type::Set(oe) | Type::List(oe) => {
            let ety = match from {
                Type::Set(ie) | Type::List(ie) => dynamic_replace(ie, oe),
                Type::Tuple(etys) => {
                    let unified = unify::unify_types(etys, true).unwrap_or(Type::Dynamic);
                    dynamic_replace(&unified, oe)
                }
                _ => return out.clone(),
            };
            if out.is_set() {
                Type::set(ety)
            } else {
                Type::list(ety)
            }
        }
        Type::Tuple(oetys) => match from {
            Type::Tuple(ietys) if ietys.len() == oetys.len() => Type::tuple(
                ietys
                    .iter()
                    .zip(oetys.iter())
                    .map(|(i, o)| dynamic_replace(i, o))
                    .collect(),
            ),
            _ => out.clone(),
        },
        _ => out.clone(),
    }
}
