//! Refinements: what is known of an unknown value beyond its type, as
//! go-cty 1.13 tracks it. An unknown may be known not to be null, a string
//! to start with a prefix, a number to lie within bounds, a list, set or
//! map to have a length within bounds. Operations consult them (through
//! [`Value::range`]) to give known results from unknown operands: an
//! unknown that is not null is never equal to `null`, a length between 2
//! and 5 is never greater than 10.
//!
//! Refining a known value changes nothing; refining an unknown so far
//! that only one value is left gives that value (a number whose bounds are
//! equal and inclusive, a list of known length becomes a known list of
//! unknown elements). A refinement that contradicts what is already known
//! is ignored.

use std::fmt;
use std::sync::Arc;

use unicode_segmentation::UnicodeSegmentation;

use super::{normalize_string, Number, Refined, Repr, Value};
use crate::types::Type;

/// The largest collection length, as go-cty bounds lengths: its `math.MaxInt`
/// on 64-bit platforms.
pub(crate) const MAX_LENGTH: u64 = i64::MAX as u64;

/// The longest list that a known length makes known (of unknown
/// elements): a longer one, which no configuration can give (its length
/// would come from a value as long), stays an unknown of that length
/// rather than take the memory.
const COLLAPSE_MAX_ELEMENTS: usize = 1 << 20;

/// A bound of a number's range.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Bound {
    pub(crate) number: Number,
    pub(crate) inclusive: bool,
}

/// What is known of an unknown value. Only the parts that suit the value's
/// type are ever set: the prefix for strings, the bounds for numbers, the
/// lengths for lists, sets and maps; nullability for every type but the
/// dynamic pseudo-type.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Refinement {
    pub(crate) not_null: bool,
    pub(crate) prefix: String,
    pub(crate) lower: Option<Bound>,
    pub(crate) upper: Option<Bound>,
    pub(crate) min_length: u64,
    pub(crate) max_length: u64,
}

impl Default for Refinement {
    fn default() -> Refinement {
        Refinement {
            not_null: false,
            prefix: String::new(),
            lower: None,
            upper: None,
            min_length: 0,
            max_length: MAX_LENGTH,
        }
    }
}

impl Refinement {
    fn is_empty(&self) -> bool {
        *self == Refinement::default()
    }
}

impl fmt::Display for Refinement {
    /// The refinements in the style of the builder's calls, as in
    /// `.not_null().length_lower_bound(1)`; nothing for none.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.not_null {
            f.write_str(".not_null()")?;
        }
        if !self.prefix.is_empty() {
            write!(f, ".string_prefix({:?})", self.prefix)?;
        }
        for (name, bound) in [("lower", &self.lower), ("upper", &self.upper)] {
            if let Some(b) = bound {
                let text = b.number.to_text_bounded();
                write!(f, ".number_{name}_bound({text}, {})", b.inclusive)?;
            }
        }
        if self.min_length != 0 {
            write!(f, ".length_lower_bound({})", self.min_length)?;
        }
        if self.max_length != MAX_LENGTH {
            write!(f, ".length_upper_bound({})", self.max_length)?;
        }
        Ok(())
    }
}

/// The refinements a type can carry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Refinable {
    Nothing,
    Nullability,
    String,
    Number,
    Collection,
}

pub(super) fn refinable(ty: &Type) -> Refinable {
    match ty {
        Type::Dynamic => Refinable::Nothing,
        Type::String => Refinable::String,
        Type::Number => Refinable::Number,
        Type::List(_) | Type::Set(_) | Type::Map(_) => Refinable::Collection,
        _ => Refinable::Nullability,
    }
}

/// Refines a value: made by [`Value::refine`], finished by
/// [`Refine::build`]. Each step that does not suit the value's type, or
/// contradicts what is known, is ignored.
///
/// # Examples
///
/// ```
/// use hcl_core::types::Type;
/// use hcl_core::value::{Number, Value};
///
/// let n = Value::unknown(Type::Number)
///     .refine()
///     .not_null()
///     .number_lower_bound(&Number::from_i64(0), true)
///     .build();
/// assert!(!n.is_known());
/// assert_eq!(n.equals(&Value::from(-1)), Value::from(false));
/// assert_eq!(n.equals(&Value::null(Type::Number)), Value::from(false));
/// ```
#[derive(Clone, Debug)]
#[must_use = "a refinement takes effect in the value `build` returns"]
pub struct Refine {
    value: Value,
    wip: Refinement,
    kind: Refinable,
}

impl Value {
    /// Starts refining the value: see [`Refine`]. A known value stays as it
    /// is whatever the refinements say.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// use hcl_core::value::Value;
    ///
    /// let list = Value::unknown(Type::list(Type::String)).refine().not_null().length(2).build();
    /// assert_eq!(list.length(), Some(2));
    /// assert_eq!(Value::from(1).refine().not_null().build(), Value::from(1));
    /// ```
    pub fn refine(&self) -> Refine {
        let kind = if self.is_known() {
            Refinable::Nothing
        } else {
            refinable(self.ty())
        };
        Refine {
            value: self.clone(),
            wip: self.refinement().cloned().unwrap_or_default(),
            kind,
        }
    }

    /// The value refined as not null: `value.refine().not_null().build()`.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// use hcl_core::value::Value;
    ///
    /// let s = Value::unknown(Type::String).refine_not_null();
    /// assert_eq!(s.equals(&Value::null(Type::String)), Value::from(false));
    /// // The dynamic value stands for anything, null included.
    /// assert_eq!(Value::dynamic().refine_not_null(), Value::dynamic());
    /// ```
    pub fn refine_not_null(&self) -> Value {
        self.refine().not_null().build()
    }

    /// The refinements of an unknown value, if it has any.
    pub(crate) fn refinement(&self) -> Option<&Refinement> {
        match &self.0 {
            Repr::Refined(r) => Some(&r.refinement),
            _ => None,
        }
    }
}

impl Refine {
    /// The value is not null.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// use hcl_core::value::Value;
    ///
    /// let v = Value::unknown(Type::Bool).refine().not_null().build();
    /// assert!(v.range().definitely_not_null());
    /// ```
    pub fn not_null(mut self) -> Refine {
        if self.kind != Refinable::Nothing {
            self.wip.not_null = true;
        }
        self
    }

    /// A string value starts with `prefix` (normalized to NFC). The end of
    /// the prefix that later characters could still change is dropped: its
    /// last grapheme cluster, unless that is one punctuation character or
    /// space, which nothing can combine with.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// use hcl_core::value::Value;
    ///
    /// let u = Value::unknown(Type::String);
    /// assert_eq!(u.refine().string_prefix("web-").build().range().string_prefix(), "web-");
    /// // An accent could still follow the "b".
    /// assert_eq!(u.refine().string_prefix("web").build().range().string_prefix(), "we");
    /// ```
    pub fn string_prefix(self, prefix: &str) -> Refine {
        let prefix = safe_prefix(prefix);
        self.string_prefix_full(&prefix)
    }

    /// A string value starts with all of `prefix` (normalized to NFC): for
    /// a caller who knows that what follows cannot combine with its end
    /// (otherwise see [`Refine::string_prefix`]). A prefix that disagrees
    /// with the one known so far is ignored.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// use hcl_core::value::Value;
    ///
    /// let json = Value::unknown(Type::String).refine().string_prefix_full("{").build();
    /// assert_eq!(json.range().string_prefix(), "{");
    /// assert_eq!(json.equals(&Value::from("[]")), Value::from(false));
    /// ```
    pub fn string_prefix_full(mut self, prefix: &str) -> Refine {
        if self.kind != Refinable::String {
            return self;
        }
        let prefix = normalize_string(prefix).into_owned();
        // A prefix that agrees with the one known so far and is longer
        // replaces it.
        if prefix.len() > self.wip.prefix.len() && prefix.starts_with(&self.wip.prefix) {
            self.wip.prefix = prefix;
        }
        self
    }

    /// A number value is at least (`inclusive`) or more than `bound`. The
    /// tighter of it and a bound known so far stands.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// use hcl_core::value::{Number, Value};
    ///
    /// let positive = Value::unknown(Type::Number)
    ///     .refine()
    ///     .number_lower_bound(&Number::from_i64(0), false)
    ///     .build();
    /// assert_eq!(positive.equals(&Value::from(0)), Value::from(false));
    /// assert_eq!(positive.greater_than(&Value::from(-1)), Value::from(true));
    /// ```
    pub fn number_lower_bound(mut self, bound: &Number, inclusive: bool) -> Refine {
        if self.kind != Refinable::Number || *bound == Number::neg_infinity() {
            return self;
        }
        if let Some(old) = &self.wip.lower {
            let tighter = if inclusive && !old.inclusive {
                bound > &old.number
            } else {
                bound >= &old.number
            };
            if !tighter {
                return self;
            }
        }
        let new = Some(Bound {
            number: bound.clone(),
            inclusive,
        });
        if bounds_consistent(new.as_ref(), self.wip.upper.as_ref()) {
            self.wip.lower = new;
        }
        self
    }

    /// A number value is at most (`inclusive`) or less than `bound`. The
    /// tighter of it and a bound known so far stands.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// use hcl_core::value::{Number, Value};
    ///
    /// let n = Value::unknown(Type::Number)
    ///     .refine()
    ///     .not_null()
    ///     .number_lower_bound(&Number::from_i64(2), true)
    ///     .number_upper_bound(&Number::from_i64(2), true)
    ///     .build();
    /// // Only one number is left.
    /// assert_eq!(n, Value::from(2));
    /// ```
    pub fn number_upper_bound(mut self, bound: &Number, inclusive: bool) -> Refine {
        if self.kind != Refinable::Number || *bound == Number::infinity() {
            return self;
        }
        if let Some(old) = &self.wip.upper {
            let tighter = if inclusive && !old.inclusive {
                bound < &old.number
            } else {
                bound <= &old.number
            };
            if !tighter {
                return self;
            }
        }
        let new = Some(Bound {
            number: bound.clone(),
            inclusive,
        });
        if bounds_consistent(self.wip.lower.as_ref(), new.as_ref()) {
            self.wip.upper = new;
        }
        self
    }

    /// A list, set or map value has at least `min` elements.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// use hcl_core::value::Value;
    ///
    /// let l = Value::unknown(Type::list(Type::Number)).refine().length_lower_bound(1).build();
    /// let empty = Value::list(Type::Number, vec![]).unwrap();
    /// assert_eq!(l.equals(&empty), Value::from(false));
    /// ```
    pub fn length_lower_bound(mut self, min: u64) -> Refine {
        let tighter = min > self.wip.min_length && min <= self.wip.max_length;
        if self.kind == Refinable::Collection && tighter {
            self.wip.min_length = min;
        }
        self
    }

    /// A list, set or map value has at most `max` elements.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// use hcl_core::value::Value;
    ///
    /// let m = Value::unknown(Type::map(Type::Bool)).refine().length_upper_bound(3).build();
    /// let len = m.length_value().unwrap();
    /// assert_eq!(len.less_than(&Value::from(4)), Value::from(true));
    /// ```
    pub fn length_upper_bound(mut self, max: u64) -> Refine {
        let tighter = max < self.wip.max_length && max >= self.wip.min_length;
        if self.kind == Refinable::Collection && tighter {
            self.wip.max_length = max;
        }
        self
    }

    /// A list, set or map value has exactly `length` elements (for a set:
    /// `length` distinct elements).
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// use hcl_core::value::Value;
    ///
    /// let s = Value::unknown(Type::set(Type::String)).refine().not_null().length(1).build();
    /// assert_eq!(s.length(), Some(1));
    /// ```
    pub fn length(self, length: u64) -> Refine {
        self.length_lower_bound(length).length_upper_bound(length)
    }

    /// The refined value: the value itself when it is known; a known value
    /// when the refinements leave only one (a not-null number with equal
    /// inclusive bounds; a not-null list, set or map of length 0; a
    /// not-null list of known length, of unknown elements; a not-null set
    /// of length 1, of one unknown element); else the unknown with its
    /// refinements.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// use hcl_core::value::Value;
    ///
    /// let empty = Value::unknown(Type::list(Type::Bool)).refine().not_null().length(0).build();
    /// assert_eq!(empty, Value::list(Type::Bool, vec![]).unwrap());
    /// ```
    pub fn build(self) -> Value {
        if self.kind == Refinable::Nothing {
            return self.value;
        }
        let ty = self.value.ty().clone();
        if let Some(v) = collapse(&ty, &self.wip) {
            return v;
        }
        if self.wip.is_empty() {
            return Value(Repr::Unknown(ty));
        }
        Value(Repr::Refined(Arc::new(Refined {
            ty,
            refinement: self.wip,
        })))
    }
}

/// Whether a lower and an upper bound leave room for a number.
fn bounds_consistent(lower: Option<&Bound>, upper: Option<&Bound>) -> bool {
    match (lower, upper) {
        (Some(lo), Some(hi)) if lo.inclusive && hi.inclusive => lo.number <= hi.number,
        (Some(lo), Some(hi)) => lo.number < hi.number,
        _ => true,
    }
}

/// The one known value the refinements leave, if they leave only one.
fn collapse(ty: &Type, r: &Refinement) -> Option<Value> {
    if !r.not_null {
        return None;
    }
    match ty {
        Type::Number => match (&r.lower, &r.upper) {
            (Some(lo), Some(hi)) if lo.inclusive && hi.inclusive && lo.number == hi.number => {
                Some(Value::number(lo.number.clone()))
            }
            _ => None,
        },
        Type::List(ety) | Type::Set(ety) | Type::Map(ety) if r.min_length == r.max_length => {
            let n = usize::try_from(r.min_length)
                .ok()
                .filter(|&n| n <= COLLAPSE_MAX_ELEMENTS)?;
            let ety = (**ety).clone();
            match (ty, n) {
                (Type::Map(_), 0) => Value::map(ety, Vec::<(String, Value)>::new()).ok(),
                (Type::Set(_), 0 | 1) => Value::set(ety.clone(), vec![Value::unknown(ety); n]).ok(),
                (Type::List(_), _) => Value::list(ety.clone(), vec![Value::unknown(ety); n]).ok(),
                _ => None,
            }
        }
        _ => None,
    }
}

/// The longest prefix of `prefix` (in NFC) that characters appended later
/// cannot change: all but its last grapheme cluster, unless that is one
/// punctuation character or space.
fn safe_prefix(prefix: &str) -> String {
    let prefix = normalize_string(prefix);
    let Some((start, last)) = prefix.grapheme_indices(true).next_back() else {
        return String::new();
    };
    let mut chars = last.chars();
    let ends_cluster = matches!(
        (chars.next(), chars.next()),
        (Some(c), None) if "-_:;/\\,.(){}[]|?!~ \t@#$%^&*+\"'".contains(c)
    );
    if ends_cluster {
        prefix.into_owned()
    } else {
        prefix.get(..start).unwrap_or_default().to_owned()
    }
}
