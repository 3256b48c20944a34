//! The range of a value: what is known of the values it may turn out to
//! be, from its refinements (see [`Value::refine`]).

use super::refinement::{refinable, Bound, Refinable, Refinement};
use super::{Number, Value};
use crate::types::Type;

/// What is known of the values a value may turn out to be: for a known
/// value, exactly it; for an unknown, its type and refinements (see
/// [`Value::refine`]). Made by [`Value::range`].
///
/// # Examples
///
/// ```
/// use hcl_core::types::Type;
/// use hcl_core::value::Value;
///
/// let s = Value::unknown(Type::String).refine().string_prefix("id-").build();
/// assert_eq!(s.range().string_prefix(), "id-");
/// assert_eq!(s.range().includes(&Value::from("id-7")), None);
/// assert_eq!(s.range().includes(&Value::from("ip-7")), Some(false));
/// ```
#[derive(Clone, Debug)]
pub struct ValueRange {
    ty: Type,
    null: Option<bool>,
    refinement: Refinement,
}

impl Value {
    /// The range of the value: see [`ValueRange`].
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// use hcl_core::value::Value;
    ///
    /// assert!(Value::from(1).range().definitely_not_null());
    /// assert!(!Value::unknown(Type::Number).range().definitely_not_null());
    /// ```
    pub fn range(&self) -> ValueRange {
        let ty = self.ty().clone();
        if let Some(r) = self.refinement() {
            let null = r.not_null.then_some(false);
            return ValueRange {
                ty,
                null,
                refinement: r.clone(),
            };
        }
        if !self.is_known() {
            return ValueRange {
                ty,
                null: None,
                refinement: Refinement::default(),
            };
        }
        if self.is_null() {
            return ValueRange {
                ty,
                null: Some(true),
                refinement: Refinement::default(),
            };
        }
        let mut refinement = Refinement {
            not_null: true,
            ..Refinement::default()
        };
        if let Some(s) = self.as_str() {
            refinement.prefix = s.to_owned();
        } else if let Some(n) = self.as_number() {
            let bound = Bound {
                number: n.clone(),
                inclusive: true,
            };
            refinement.lower = Some(bound.clone());
            refinement.upper = Some(bound);
        } else if ty.is_collection() {
            let known = self
                .length_value()
                .and_then(|l| l.as_number().and_then(Number::to_u64));
            if let Some(n) = known {
                refinement.min_length = n;
                refinement.max_length = n;
            }
        }
        ValueRange {
            ty,
            null: Some(false),
            refinement,
        }
    }
}

impl ValueRange {
    /// The type of the values.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// use hcl_core::value::Value;
    /// assert_eq!(Value::unknown(Type::Bool).range().ty(), &Type::Bool);
    /// ```
    pub fn ty(&self) -> &Type {
        &self.ty
    }

    /// Whether the value is certainly not null.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// use hcl_core::value::Value;
    /// assert!(Value::unknown(Type::Bool).refine_not_null().range().definitely_not_null());
    /// assert!(!Value::null(Type::Bool).range().definitely_not_null());
    /// ```
    pub fn definitely_not_null(&self) -> bool {
        self.null == Some(false)
    }

    /// Whether the value is certainly null: it is a null.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// use hcl_core::value::Value;
    /// assert!(Value::null(Type::Bool).range().definitely_null());
    /// assert!(!Value::unknown(Type::Bool).range().definitely_null());
    /// ```
    pub fn definitely_null(&self) -> bool {
        self.null == Some(true)
    }

    /// A prefix of the string, should it be one that is not null (empty
    /// when nothing is known).
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::value::Value;
    /// assert_eq!(Value::from("abc").range().string_prefix(), "abc");
    /// ```
    pub fn string_prefix(&self) -> &str {
        &self.refinement.prefix
    }

    /// The lower bound of the number, should it be one that is not null,
    /// and whether it is inclusive; `None` for no bound.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// use hcl_core::value::{Number, Value};
    /// let len = Value::unknown(Type::list(Type::Bool)).length_value().unwrap();
    /// assert_eq!(len.range().number_lower_bound(), Some((&Number::from_i64(0), true)));
    /// assert_eq!(Value::unknown(Type::Number).range().number_lower_bound(), None);
    /// ```
    pub fn number_lower_bound(&self) -> Option<(&Number, bool)> {
        (self.ty == Type::Number)
            .then_some(self.refinement.lower.as_ref())
            .flatten()
            .map(|b| (&b.number, b.inclusive))
    }

    /// The upper bound of the number, should it be one that is not null,
    /// and whether it is inclusive; `None` for no bound.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::value::{Number, Value};
    /// let r = Value::from(4).range();
    /// assert_eq!(r.number_upper_bound(), Some((&Number::from_i64(4), true)));
    /// ```
    pub fn number_upper_bound(&self) -> Option<(&Number, bool)> {
        (self.ty == Type::Number)
            .then_some(self.refinement.upper.as_ref())
            .flatten()
            .map(|b| (&b.number, b.inclusive))
    }

    /// The least length of the list, set or map, should it not be null.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// use hcl_core::value::Value;
    /// let l = Value::unknown(Type::list(Type::Bool)).refine().length_lower_bound(2).build();
    /// assert_eq!(l.range().length_lower_bound(), 2);
    /// ```
    pub fn length_lower_bound(&self) -> u64 {
        self.refinement.min_length
    }

    /// The greatest length of the list, set or map, should it not be null
    /// (`i64::MAX` when nothing is known).
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// use hcl_core::value::Value;
    /// let l = Value::unknown(Type::list(Type::Bool));
    /// assert_eq!(l.range().length_upper_bound(), i64::MAX as u64);
    /// ```
    pub fn length_upper_bound(&self) -> u64 {
        self.refinement.max_length
    }

    /// Whether `value` is among the values of the range: `Some(false)` when
    /// it certainly is not, `Some(true)` when it certainly is (a null, in
    /// a range that may be null), `None` when that is not known. Like the
    /// reference's `Includes`, it mostly answers `Some(false)`.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// use hcl_core::value::Value;
    /// let r = Value::unknown(Type::String).refine_not_null().range();
    /// assert_eq!(r.includes(&Value::null(Type::String)), Some(false));
    /// assert_eq!(r.includes(&Value::from(1)), Some(false));
    /// assert_eq!(r.includes(&Value::from("x")), None);
    /// ```
    pub fn includes(&self, value: &Value) -> Option<bool> {
        match self.null {
            Some(true) => return Some(value.is_null()),
            Some(false) if value.is_null() => return Some(false),
            _ => {}
        }
        if value.is_null() {
            return Some(true);
        }
        if !value.ty().matches(&self.ty) {
            return Some(false);
        }
        if value.ty().is_dynamic() {
            return None;
        }
        let excluded = match refinable(&self.ty) {
            Refinable::String => value
                .as_str()
                .is_some_and(|s| !s.starts_with(self.string_prefix())),
            Refinable::Collection => self.excludes_length(value),
            Refinable::Number => self.excludes_number(value),
            Refinable::Nothing | Refinable::Nullability => false,
        };
        if excluded {
            Some(false)
        } else {
            None
        }
    }

    fn excludes_length(&self, value: &Value) -> bool {
        let Some(length) = value.length_value() else {
            return false;
        };
        let min = Value::from(Number::from_u64(self.length_lower_bound()));
        let max = Value::from(Number::from_u64(self.length_upper_bound()));
        length.greater_or_equal(&min).as_bool() == Some(false)
            || length.less_or_equal(&max).as_bool() == Some(false)
    }

    fn excludes_number(&self, value: &Value) -> bool {
        let below = self.number_lower_bound().is_some_and(|(min, inclusive)| {
            let min = Value::number(min.clone());
            let ok = if inclusive {
                value.greater_or_equal(&min)
            } else {
                value.greater_than(&min)
            };
            ok.as_bool() == Some(false)
        });
        let above = self.number_upper_bound().is_some_and(|(max, inclusive)| {
            let max = Value::number(max.clone());
            let ok = if inclusive {
                value.less_or_equal(&max)
            } else {
                value.less_than(&max)
            };
            ok.as_bool() == Some(false)
        });
        below || above
    }
}
