//! Capsule types: application-defined opaque types whose values the
//! language carries around without looking inside.

use std::any::Any;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// The data a capsule value carries.
///
/// # Examples
///
/// ```
/// use hcl_core::types::CapsulePayload;
/// use std::sync::Arc;
/// let p: CapsulePayload = Arc::new(String::from("handle"));
/// assert_eq!(p.downcast_ref::<String>().map(String::as_str), Some("handle"));
/// ```
pub type CapsulePayload = Arc<dyn Any + Send + Sync>;

/// Decides whether two payloads of one capsule type are equal.
///
/// # Examples
///
/// ```
/// use hcl_core::types::{CapsuleEqualsFn, CapsulePayload};
/// use std::sync::Arc;
/// let eq: CapsuleEqualsFn = Arc::new(|a: &CapsulePayload, b: &CapsulePayload| {
///     a.downcast_ref::<i32>() == b.downcast_ref::<i32>()
/// });
/// assert!(eq(&(Arc::new(1i32) as CapsulePayload), &(Arc::new(1i32) as CapsulePayload)));
/// ```
pub type CapsuleEqualsFn = Arc<dyn Fn(&CapsulePayload, &CapsulePayload) -> bool + Send + Sync>;

/// Gives a payload a text key: payloads that are equal must have equal keys.
/// Used to order capsule values inside sets.
///
/// # Examples
///
/// ```
/// use hcl_core::types::{CapsuleHashKeyFn, CapsulePayload};
/// use std::sync::Arc;
/// let key: CapsuleHashKeyFn = Arc::new(|p: &CapsulePayload| format!("{:?}", p.downcast_ref::<i32>()));
/// assert_eq!(key(&(Arc::new(7i32) as CapsulePayload)), "Some(7)");
/// ```
pub type CapsuleHashKeyFn = Arc<dyn Fn(&CapsulePayload) -> String + Send + Sync>;

/// The optional behaviours of a capsule type.
///
/// # Examples
///
/// ```
/// use hcl_core::types::{CapsuleOps, CapsulePayload};
/// use std::sync::Arc;
///
/// let ops = CapsuleOps {
///     equals: Some(Arc::new(|a: &CapsulePayload, b: &CapsulePayload| {
///         a.downcast_ref::<u32>() == b.downcast_ref::<u32>()
///     })),
///     hash_key: None,
/// };
/// assert!(ops.equals.is_some());
/// ```
#[derive(Clone, Default)]
pub struct CapsuleOps {
    /// Equality of payloads; without it two capsule values are equal only
    /// when they carry the very same payload (`Arc::ptr_eq`).
    pub equals: Option<CapsuleEqualsFn>,
    /// A text key per payload, used to order capsule values in sets.
    pub hash_key: Option<CapsuleHashKeyFn>,
}

struct CapsuleInner {
    name: String,
    ops: CapsuleOps,
}

/// An application-defined opaque type. Each [`CapsuleType::new`] call makes
/// a distinct type: a capsule type is identical only to its clones.
///
/// # Examples
///
/// ```
/// use hcl_core::types::{CapsuleType, Type};
///
/// let file = CapsuleType::new("file");
/// assert_eq!(Type::Capsule(file.clone()), Type::Capsule(file.clone()));
/// assert_ne!(Type::Capsule(file), Type::Capsule(CapsuleType::new("file")));
/// ```
#[derive(Clone)]
pub struct CapsuleType(Arc<CapsuleInner>);

impl CapsuleType {
    /// A new capsule type with the given name and no operations.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::CapsuleType;
    /// assert_eq!(CapsuleType::new("handle").name(), "handle");
    /// ```
    pub fn new(name: impl Into<String>) -> CapsuleType {
        CapsuleType::with_ops(name, CapsuleOps::default())
    }

    /// A new capsule type with the given name and operations.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::{CapsuleOps, CapsuleType};
    /// let ty = CapsuleType::with_ops("handle", CapsuleOps::default());
    /// assert_eq!(ty.name(), "handle");
    /// ```
    pub fn with_ops(name: impl Into<String>, ops: CapsuleOps) -> CapsuleType {
        CapsuleType(Arc::new(CapsuleInner {
            name: name.into(),
            ops,
        }))
    }

    /// The type's name, which is also its friendly name.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::CapsuleType;
    /// assert_eq!(CapsuleType::new("x").name(), "x");
    /// ```
    pub fn name(&self) -> &str {
        &self.0.name
    }

    /// The type's operations.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::CapsuleType;
    /// assert!(CapsuleType::new("x").ops().equals.is_none());
    /// ```
    pub fn ops(&self) -> &CapsuleOps {
        &self.0.ops
    }

    /// Whether two payloads of this type are equal, using the type's
    /// equality or else payload identity.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::{CapsulePayload, CapsuleType};
    /// use std::sync::Arc;
    /// let ty = CapsuleType::new("x");
    /// let a: CapsulePayload = Arc::new(1u8);
    /// let b: CapsulePayload = Arc::new(1u8);
    /// assert!(ty.payloads_equal(&a, &a.clone()));
    /// assert!(!ty.payloads_equal(&a, &b));
    /// ```
    pub fn payloads_equal(&self, a: &CapsulePayload, b: &CapsulePayload) -> bool {
        match &self.0.ops.equals {
            Some(eq) => eq(a, b),
            None => Arc::ptr_eq(a, b),
        }
    }
}

impl PartialEq for CapsuleType {
    fn eq(&self, other: &CapsuleType) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for CapsuleType {}

impl Hash for CapsuleType {
    fn hash<H: Hasher>(&self, state: &mut H) {
        (Arc::as_ptr(&self.0) as usize).hash(state);
    }
}

impl fmt::Debug for CapsuleType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CapsuleType({:?})", self.0.name)
    }
}
