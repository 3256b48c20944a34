//! Type expressions: types written in HCL, as the reference's
//! `ext/typeexpr` reads them (`hcl-typeexpr.md`), extended with the types
//! of `pulumi-model-extensions`.
//!
//! A type expression is read by static analysis of a parsed expression,
//! never evaluated: keywords (`string`, `number`, `bool`, `any`) and calls
//! (`list(T)`, `set(T)`, `map(T)`, `tuple([T, ...])`,
//! `object({name = T, ...})`), with `optional(T)` and `optional(T,
//! default)` marking an object attribute that may be absent. With
//! [`TypeExprOptions::extended`], also `int`, `none`, `union(T, ...)`,
//! `promise(T)` and `output(T)`. Without it, those words get the
//! reference's diagnostics, as any other unknown keyword.
//!
//! An optional attribute's type is `optional(T)`, the union of `T` and
//! `none` ([`Type::optional`]): converting an object without it gives the
//! attribute a null, as the reference's optional attributes do, and the
//! type prints back as `optional(T)`. Its default, if any, is kept in the
//! [`Defaults`] read with the type, to apply to values before converting
//! them. A type prints back to its expression with `Display`
//! (`ty.to_string()`), or with its defaults with [`type_string`]: reading
//! that text again gives the same type and defaults.
//!
//! # Examples
//!
//! ```
//! use hcl_core::typeexpr::{parse_type, type_string, TypeExprOptions};
//! use hcl_core::types::Type;
//!
//! let options = TypeExprOptions::extended();
//! let (ty, _) = parse_type("map(object({id = output(string), size = optional(int)}))", &options).unwrap();
//! assert_eq!(
//!     ty,
//!     Type::map(Type::object([
//!         ("id", Type::output(Type::String)),
//!         ("size", Type::optional(Type::Int)),
//!     ]))
//! );
//! assert_eq!(ty.to_string(), "map(object({id=output(string),size=optional(int)}))");
//!
//! let text = "object({port=optional(number, 8080)})";
//! let (ty, defaults) = parse_type(text, &TypeExprOptions::with_defaults()).unwrap();
//! assert_eq!(type_string(&ty, defaults.as_ref()), text);
//!
//! let err = parse_type("list(strin)", &TypeExprOptions::default()).unwrap_err();
//! assert_eq!(err.as_slice()[0].detail, "The keyword \"strin\" is not a valid type specification.");
//! ```

mod defaults;
mod function;
mod get_type;
mod print;

#[cfg(test)]
mod tests;

use std::sync::Arc;

pub use defaults::Defaults;
pub use function::{
    convert_function, type_constraint_parameter, type_constraint_type, type_constraint_value,
    type_from_value,
};

use crate::analysis::ExprRef;
use crate::diagnostic::Diagnostics;
use crate::span::SourceFile;
use crate::types::Type;

/// Which type expressions are accepted: a config for [`get_type`].
///
/// The default reads type constraints as the reference's `TypeConstraint`
/// does: `any` allowed, `optional(T)` attributes without defaults, no
/// extended types.
///
/// # Examples
///
/// ```
/// use hcl_core::typeexpr::TypeExprOptions;
/// let options = TypeExprOptions::extended();
/// assert!(options.constraint && options.defaults && options.extended);
/// assert!(!TypeExprOptions::exact().constraint);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TypeExprOptions {
    /// Read a type constraint: the keyword `any` (the dynamic pseudo-type)
    /// and the `optional(T)` attribute modifier are allowed. Without it an
    /// exact type is required, as the reference's `Type` requires.
    pub constraint: bool,
    /// Allow a default value as `optional`'s second argument, as the
    /// reference's `TypeConstraintWithDefaults` does (with `constraint`).
    pub defaults: bool,
    /// Accept the extended types `int`, `none`, `union(...)`,
    /// `promise(T)` and `output(T)`.
    pub extended: bool,
    /// The deepest nesting of type constructors read; deeper is an error.
    /// The default is the parser's
    /// [`Limits::max_expression_depth`](crate::Limits::max_expression_depth).
    pub max_depth: usize,
}

impl Default for TypeExprOptions {
    fn default() -> Self {
        TypeExprOptions {
            constraint: true,
            defaults: false,
            extended: false,
            max_depth: crate::Limits::default().max_expression_depth,
        }
    }
}

impl TypeExprOptions {
    /// Exact types, as the reference's `Type`: no `any`, no `optional`.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::typeexpr::{parse_type, TypeExprOptions};
    /// assert!(parse_type("list(any)", &TypeExprOptions::exact()).is_err());
    /// ```
    pub fn exact() -> Self {
        TypeExprOptions {
            constraint: false,
            ..TypeExprOptions::default()
        }
    }

    /// Type constraints with defaults, as the reference's
    /// `TypeConstraintWithDefaults`.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::typeexpr::{parse_type, TypeExprOptions};
    /// let (_, d) = parse_type("object({a = optional(number, 1)})", &TypeExprOptions::with_defaults()).unwrap();
    /// assert!(d.is_some());
    /// ```
    pub fn with_defaults() -> Self {
        TypeExprOptions {
            defaults: true,
            ..TypeExprOptions::default()
        }
    }

    /// Type constraints with defaults and the extended types.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::typeexpr::{parse_type, TypeExprOptions};
    /// use hcl_core::types::Type;
    /// let (ty, _) = parse_type("union(int, none)", &TypeExprOptions::extended()).unwrap();
    /// assert_eq!(ty, Type::optional(Type::Int));
    /// ```
    pub fn extended() -> Self {
        TypeExprOptions {
            defaults: true,
            extended: true,
            ..TypeExprOptions::default()
        }
    }
}

/// Reads the type an expression writes, with the defaults of its optional
/// attributes (when `options.defaults`), and every diagnostic. On error the
/// type is the dynamic pseudo-type where the expression was wrong.
///
/// # Examples
///
/// ```
/// use std::sync::Arc;
/// use hcl_core::analysis::ExprRef;
/// use hcl_core::typeexpr::{get_type, TypeExprOptions};
/// use hcl_core::types::Type;
/// use hcl_core::SourceFile;
///
/// let src = "tuple([string, promise(int)])";
/// let expr = hcl_core::parse_expression(src, "t").unwrap();
/// let file = Arc::new(SourceFile::new("t", src));
/// let (ty, defaults, diags) = get_type(ExprRef::new(&expr, &file), &TypeExprOptions::extended());
/// assert!(diags.is_empty() && defaults.is_none());
/// assert_eq!(ty, Type::tuple(vec![Type::String, Type::promise(Type::Int)]));
/// ```
pub fn get_type(
    expr: ExprRef<'_>,
    options: &TypeExprOptions,
) -> (Type, Option<Defaults>, Diagnostics) {
    let mut reader = get_type::Reader {
        options,
        diags: Diagnostics::default(),
    };
    let (ty, defaults) = reader.read(expr, 0);
    (ty, defaults, reader.diags)
}

/// An exact type, as the reference's `typeexpr.Type`.
///
/// # Errors
///
/// The diagnostics of an expression that is not an exact type.
///
/// # Examples
///
/// ```
/// use std::sync::Arc;
/// use hcl_core::analysis::ExprRef;
/// use hcl_core::typeexpr::exact_type;
/// use hcl_core::SourceFile;
///
/// let src = "map(any)";
/// let expr = hcl_core::parse_expression(src, "t").unwrap();
/// let file = Arc::new(SourceFile::new("t", src));
/// let err = exact_type(ExprRef::new(&expr, &file)).unwrap_err();
/// assert!(err.to_string().contains("an exact type is required"));
/// ```
pub fn exact_type(expr: ExprRef<'_>) -> Result<Type, Diagnostics> {
    only_type(get_type(expr, &TypeExprOptions::exact()))
}

/// A type constraint, as the reference's `typeexpr.TypeConstraint`.
///
/// # Errors
///
/// The diagnostics of an expression that is not a type constraint.
///
/// # Examples
///
/// ```
/// use std::sync::Arc;
/// use hcl_core::analysis::ExprRef;
/// use hcl_core::typeexpr::type_constraint;
/// use hcl_core::types::Type;
/// use hcl_core::SourceFile;
///
/// let src = "map(any)";
/// let expr = hcl_core::parse_expression(src, "t").unwrap();
/// let file = Arc::new(SourceFile::new("t", src));
/// assert_eq!(type_constraint(ExprRef::new(&expr, &file)).unwrap(), Type::map(Type::Dynamic));
/// ```
pub fn type_constraint(expr: ExprRef<'_>) -> Result<Type, Diagnostics> {
    only_type(get_type(expr, &TypeExprOptions::default()))
}

/// A type constraint and the defaults of its optional attributes, as the
/// reference's `typeexpr.TypeConstraintWithDefaults`.
///
/// # Errors
///
/// The diagnostics of an expression that is not a type constraint, or
/// whose defaults do not convert to their attributes' types.
///
/// # Examples
///
/// ```
/// use std::sync::Arc;
/// use hcl_core::analysis::ExprRef;
/// use hcl_core::typeexpr::type_constraint_with_defaults;
/// use hcl_core::SourceFile;
///
/// let src = "object({a = optional(number, \"x\")})";
/// let expr = hcl_core::parse_expression(src, "t").unwrap();
/// let file = Arc::new(SourceFile::new("t", src));
/// let err = type_constraint_with_defaults(ExprRef::new(&expr, &file)).unwrap_err();
/// assert_eq!(err.as_slice()[0].code, hcl_core::Code::InvalidOptionalDefault);
/// ```
pub fn type_constraint_with_defaults(
    expr: ExprRef<'_>,
) -> Result<(Type, Option<Defaults>), Diagnostics> {
    let (ty, defaults, diags) = get_type(expr, &TypeExprOptions::with_defaults());
    if diags.has_errors() {
        return Err(diags);
    }
    Ok((ty, defaults))
}

/// Parses `source` as an expression and reads it as a type with `options`.
///
/// # Errors
///
/// The syntax errors, or the diagnostics of [`get_type`].
///
/// # Examples
///
/// ```
/// use hcl_core::typeexpr::{parse_type, TypeExprOptions};
/// use hcl_core::types::Type;
/// let (ty, _) = parse_type("set(output(int))", &TypeExprOptions::extended()).unwrap();
/// assert_eq!(ty, Type::set(Type::output(Type::Int)));
/// let err = parse_type("int", &TypeExprOptions::default()).unwrap_err();
/// assert!(err.to_string().contains("The keyword \"int\" is not a valid type specification."));
/// ```
pub fn parse_type(
    source: &str,
    options: &TypeExprOptions,
) -> Result<(Type, Option<Defaults>), Diagnostics> {
    let expr = crate::parse_expression(source, "<type>")?;
    let file = Arc::new(SourceFile::new("<type>", source));
    let (ty, defaults, diags) = get_type(ExprRef::new(&expr, &file), options);
    if diags.has_errors() {
        return Err(diags);
    }
    Ok((ty, defaults))
}

/// The type expression of `ty`, with the defaults of its optional
/// attributes written as `optional(T, default)`. Without defaults this is
/// `ty.to_string()`.
///
/// # Examples
///
/// ```
/// use hcl_core::typeexpr::{parse_type, type_string, TypeExprOptions};
/// let text = "list(object({name=string,tags=optional(map(string), { env = \"dev\" })}))";
/// let (ty, defaults) = parse_type(text, &TypeExprOptions::with_defaults()).unwrap();
/// assert_eq!(type_string(&ty, defaults.as_ref()), text);
/// assert_eq!(type_string(&ty, None), ty.to_string());
/// ```
pub fn type_string(ty: &Type, defaults: Option<&Defaults>) -> String {
    let mut out = String::new();
    print::write_type(ty, defaults, &mut out);
    out
}

fn only_type((ty, _, diags): (Type, Option<Defaults>, Diagnostics)) -> Result<Type, Diagnostics> {
    if diags.has_errors() {
        Err(diags)
    } else {
        Ok(ty)
    }
}
