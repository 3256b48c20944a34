//! The crate's one error type: the diagnostics of a failed decode.

use std::fmt;

use hcl_core::analysis::Location;
use hcl_core::{Code, Diagnostic, Diagnostics, Range};

use crate::markers::{Marks, Role};

/// A `Result` whose error is this crate's [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// Why a document could not be decoded: every problem found, as
/// diagnostics with the source range they are about, and the path of keys
/// that led to the first one when it is known.
///
/// `Display` renders the diagnostics as the reference implementation does:
/// a summary, `--> file:line:col`, the source line with carets, and the
/// detail; then, when the first error lies deeper than a top-level
/// attribute, the path to it (`= path: service.web.ports[1]`).
///
/// # Examples
///
/// ```
/// #[derive(serde::Deserialize, Debug)]
/// struct Config {
///     port: u16,
/// }
///
/// let err = hcl_serde::from_str::<Config>("port = 70000\n").unwrap_err();
/// assert_eq!(err.path(), Some("port"));
/// assert_eq!(
///     err.to_string(),
///     "Error: Invalid value
///   --> <input>:1:8
///   |
/// 1 | port = 70000
///   |        ^^^^^
///
/// The value 70000 is out of range for u16 (0 to 65535).
/// "
/// );
/// ```
pub struct Error {
    inner: Box<Inner>,
}

struct Inner {
    diagnostics: Diagnostics,
    /// Keys from the outermost inwards, added on the way out.
    path: Vec<String>,
    /// The number of the diagnostic the path leads to.
    path_of: usize,
    /// Set by serde's `missing_field`, until a body gives it a place.
    missing_field: Option<&'static str>,
}

impl Error {
    /// An error made of these diagnostics.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::{Code, Diagnostic};
    /// let diag = Diagnostic::error(Code::Custom, "Bad", "Very bad.");
    /// let err = hcl_serde::Error::from_diagnostics(diag.into());
    /// assert_eq!(err.diagnostics().len(), 1);
    /// ```
    #[cold]
    pub fn from_diagnostics(diagnostics: Diagnostics) -> Self {
        Error {
            inner: Box::new(Inner {
                diagnostics,
                path: Vec::new(),
                path_of: 0,
                missing_field: None,
            }),
        }
    }

    #[cold]
    pub(crate) fn at(location: Location<'_>, code: Code, summary: &str, detail: String) -> Self {
        Error::from_diagnostics(location.error(code, summary, detail).into())
    }

    #[cold]
    pub(crate) fn message(code: Code, summary: &str, detail: String) -> Self {
        Error::from_diagnostics(Diagnostic::error(code, summary, detail).into())
    }

    /// A map's value asked for before its key: a misuse of serde's
    /// `MapAccess` by a hand-written `Deserialize`.
    pub(crate) fn value_before_key() -> Self {
        Error::message(
            Code::InvalidValue,
            "Invalid value",
            "A value was requested before its key.".to_string(),
        )
    }

    /// The diagnostics, in the order found.
    ///
    /// # Examples
    ///
    /// ```
    /// let err = hcl_serde::from_str::<std::collections::HashMap<String, u8>>("a = 1\nb = 300\n")
    ///     .unwrap_err();
    /// let first = err.diagnostics().iter().next().unwrap();
    /// assert_eq!(first.code, hcl_core::Code::InvalidValue);
    /// ```
    pub fn diagnostics(&self) -> &Diagnostics {
        &self.inner.diagnostics
    }

    /// The range of the first diagnostic that has one: where to point a
    /// user first.
    ///
    /// # Examples
    ///
    /// ```
    /// #[derive(serde::Deserialize, Debug)]
    /// struct Config {
    ///     port: u16,
    /// }
    /// let err = hcl_serde::from_str::<Config>("port = -1\n").unwrap_err();
    /// let range = err.range().unwrap();
    /// assert_eq!((range.start.line, range.start.column), (1, 8));
    /// ```
    pub fn range(&self) -> Option<&Range> {
        self.inner
            .diagnostics
            .iter()
            .find_map(|d| d.subject.as_ref())
    }

    /// The diagnostics, by value.
    ///
    /// # Examples
    ///
    /// ```
    /// let err = hcl_serde::from_str::<u8>("a = 1\n").unwrap_err();
    /// assert!(err.into_diagnostics().has_errors());
    /// ```
    pub fn into_diagnostics(self) -> Diagnostics {
        self.inner.diagnostics
    }

    /// The path of keys (attribute names, block types, block labels, map
    /// keys, and element indices in brackets) that led to the error, when
    /// known, e.g. `resource.aws_instance.web.ami` or `ports[1]`.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::collections::HashMap;
    /// #[derive(serde::Deserialize, Debug)]
    /// struct Service {
    ///     port: u16,
    /// }
    /// #[derive(serde::Deserialize, Debug)]
    /// struct Config {
    ///     service: HashMap<String, Service>,
    /// }
    /// let err = hcl_serde::from_str::<Config>("service \"web\" {\n  port = -1\n}\n").unwrap_err();
    /// assert_eq!(err.path(), Some("service.web.port"));
    /// ```
    pub fn path(&self) -> Option<&str> {
        self.inner.path.first().map(String::as_str)
    }

    /// Prepends a key to the path (errors travel outwards).
    pub(crate) fn add_key(mut self, key: &str) -> Self {
        let path = &mut self.inner.path;
        match path.first_mut() {
            // An index follows its collection without a dot: `ports[1]`.
            Some(p) if p.starts_with('[') => *p = format!("{key}{p}"),
            Some(p) => *p = format!("{key}.{p}"),
            None => path.push(key.to_string()),
        }
        self
    }

    /// Prepends an element's index to the path: `[1]`.
    pub(crate) fn add_index(self, index: usize) -> Self {
        self.add_key(&format!("[{index}]"))
    }

    /// Gives every diagnostic without a subject this one.
    pub(crate) fn or_at(mut self, location: Location<'_>) -> Self {
        let diags = std::mem::take(&mut self.inner.diagnostics);
        let mut fixed = Diagnostics::default();
        for diag in diags {
            if diag.subject.is_none() {
                fixed.push(diag.with_subject(location.file, location.span));
            } else {
                fixed.push(diag);
            }
        }
        self.inner.diagnostics = fixed;
        self
    }

    /// Says that the path leads to diagnostic number `index`, after the
    /// diagnostics were put in another order.
    pub(crate) fn with_path_of(mut self, index: usize) -> Self {
        self.inner.path_of = index;
        self
    }

    /// Adds diagnostics found after this error (in sibling blocks).
    pub(crate) fn with_more(mut self, more: Diagnostics) -> Self {
        self.inner.diagnostics.extend(more);
        self
    }

    /// The name serde reported missing, if this is that error.
    pub(crate) fn missing_field(&self) -> Option<&'static str> {
        self.inner.missing_field
    }

    /// This error's path with other diagnostics.
    pub(crate) fn with_diagnostics(mut self, diagnostics: Diagnostics) -> Self {
        self.inner.diagnostics = diagnostics;
        self
    }
}

impl fmt::Display for Error {
    /// Renders every diagnostic as [`Diagnostics`] does, with the path of
    /// keys (see [`Error::path`]) after the diagnostic it leads to, when
    /// the path is more than the one name the source line shows.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, diag) in self.inner.diagnostics.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{diag}")?;
            match self.path() {
                Some(path) if i == self.inner.path_of && path.contains(['.', '[']) => {
                    writeln!(f, "  = path: {path}")?;
                }
                _ => {}
            }
        }
        Ok(())
    }
}

impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Error")
            .field("diagnostics", &self.inner.diagnostics)
            .field("path", &self.path())
            .finish()
    }
}

impl std::error::Error for Error {}

impl From<Diagnostics> for Error {
    fn from(diagnostics: Diagnostics) -> Self {
        Error::from_diagnostics(diagnostics)
    }
}

impl serde::de::Error for Error {
    #[cold]
    fn custom<T: fmt::Display>(msg: T) -> Self {
        let mut detail = msg.to_string();
        if detail.ends_with("expected a borrowed string") {
            detail.push_str(
                ". A string is borrowed from the input only when it is written without escape \
                 sequences or interpolations and is already in Unicode normal form C; use \
                 String or Cow<str> for the others",
            );
        }
        Error::message(Code::InvalidValue, "Invalid value", detail)
    }

    /// An enum variant that is not one of `expected`, with the closest as a
    /// suggestion, as every other name error has.
    #[cold]
    fn unknown_variant(variant: &str, expected: &'static [&'static str]) -> Self {
        let detail = match expected {
            [] => format!("Unknown variant \"{variant}\": the type has no variants."),
            _ => {
                let list: Vec<String> = expected.iter().map(|v| format!("\"{v}\"")).collect();
                let mut detail = format!(
                    "Unknown variant \"{variant}\"; expected one of {}.",
                    list.join(", ")
                );
                if let Some(close) = hcl_core::suggest_name(variant, expected.iter().copied()) {
                    detail.push_str(&format!(" Did you mean \"{close}\"?"));
                }
                detail
            }
        };
        Error::message(Code::InvalidValue, "Invalid value", detail)
    }

    /// A field a `deny_unknown_fields` struct does not have, with the
    /// closest as a suggestion.
    #[cold]
    fn unknown_field(field: &str, expected: &'static [&'static str]) -> Self {
        let mut detail = format!("An argument named \"{field}\" is not expected here.");
        if let Some(close) = hcl_core::suggest_name(field, expected.iter().copied()) {
            detail.push_str(&format!(" Did you mean \"{close}\"?"));
        }
        Error::message(Code::UnsupportedArgument, "Unsupported argument", detail)
    }

    /// A field serde found missing: an argument, until the struct it is
    /// missing from says otherwise (`Error::of_struct`).
    #[cold]
    fn missing_field(field: &'static str) -> Self {
        let mut err = missing_argument(field);
        err.inner.missing_field = Some(field);
        err
    }
}

/// "Missing required argument" for `name`.
fn missing_argument(name: &str) -> Error {
    Error::message(
        Code::MissingRequiredArgument,
        "Missing required argument",
        format!("The argument \"{name}\" is required, but no definition was found."),
    )
    .add_key(name)
}

impl Error {
    /// The error as the struct serde reported it from says it, given the
    /// roles `#[hcl]` gave the struct's fields: a missing label, body or
    /// block rather than a missing argument.
    #[cold]
    pub(crate) fn of_struct(self, marks: Option<&Marks>) -> Error {
        let (Some(field), Some(marks)) = (self.inner.missing_field, marks) else {
            return self;
        };
        // Reported from a struct inside this one, whose key is on the path.
        if self.inner.path.len() > 1 || self.inner.path.iter().any(|key| key != field) {
            return self;
        }
        let mut err = match marks.role(field) {
            None | Some(Role::Attr | Role::Expr | Role::Many | Role::ManyWithDefault) => {
                return self
            }
            // Label fields are filled from a block's labels, which a value
            // or a file's top level does not have.
            Some(Role::Label(label)) => Error::message(
                Code::MissingLabel,
                &format!("Missing {label} label"),
                format!(
                    "The field for the label \"{label}\" has no label to take: only the \
                     labels of a block fill label fields."
                ),
            ),
            Some(Role::Body | Role::Remain) => Error::message(
                Code::InvalidValue,
                "Missing body",
                "A field that keeps a body undecoded (#[hcl(body)] or #[hcl(remain)]) has no \
                 body to take here: it is filled only when its struct is read from a body."
                    .to_string(),
            ),
            Some(Role::Block) => Error::message(
                Code::MissingBlock,
                &format!("Missing {field} block"),
                format!("A block of type \"{field}\" is required here."),
            )
            .add_key(field),
        };
        err.inner.missing_field = Some(field);
        err
    }
}

impl serde::ser::Error for Error {
    #[cold]
    fn custom<T: fmt::Display>(msg: T) -> Self {
        Error::message(Code::UnsupportedValue, "Unsupported value", msg.to_string())
    }
}
