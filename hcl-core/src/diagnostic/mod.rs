//! Diagnostics: errors and warnings with a summary, a detail and the source
//! range they are about, rendered like rustc with the source line and a caret.

mod code;
mod render;

pub use code::Code;
pub use render::{RenderOptions, Styles};

use std::fmt;
use std::sync::Arc;

use crate::span::{Range, SourceFile, Span};

/// How serious a [`Diagnostic`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Severity {
    /// The input is wrong; no result can be trusted.
    Error,
    /// The input is accepted but probably not what the author meant.
    Warning,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Error => "Error",
            Severity::Warning => "Warning",
        })
    }
}

/// One problem found in a configuration.
///
/// Shaped like the reference implementation's: a short `summary` phrase, a
/// `detail` in full sentences, the `subject` range the problem is about and
/// optionally a wider `context` range. When the diagnostic knows its source
/// file, `Display` renders the offending line with carets under the subject.
///
/// The summary and detail are for people; programs that need to know what
/// kind of problem it is look at its [`Code`], which does not change with
/// the wording.
///
/// # Examples
///
/// ```
/// use hcl_core::{Code, Diagnostic, SourceFile, Span};
/// use std::sync::Arc;
///
/// let file = Arc::new(SourceFile::new("app.hcl", "port = \"eighty\"\n"));
/// let diag = Diagnostic::error(Code::Custom, "Invalid port", "The port must be a number.")
///     .with_subject(&file, Span::new(7, 15));
/// let text = diag.to_string();
/// assert!(text.starts_with("Error: Invalid port\n  --> app.hcl:1:8\n"));
/// assert!(text.contains("port = \"eighty\"\n  |        ^^^^^^^^"));
/// ```
///
/// Telling kinds of problems apart by their code:
///
/// ```
/// use hcl_core::{Code, EvalContext};
///
/// let diags = EvalContext::new().evaluate_str("upper(name)").unwrap_err();
/// for diag in &diags {
///     match diag.code {
///         Code::UnknownVariable | Code::UnknownFunction => {
///             println!("needs a value from the host: {}", diag.summary)
///         }
///         _ => println!("{diag}"),
///     }
/// }
/// assert!(diags.iter().any(|d| d.code == Code::UnknownVariable));
/// ```
#[derive(Debug, Clone)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// What kind of problem this is, for programs to tell kinds apart.
    pub code: Code,
    /// A short phrase without a final period, e.g. "Unsupported argument".
    pub summary: String,
    /// Full sentences that name the problem and, where possible, the fix.
    pub detail: String,
    /// The range the problem is about.
    pub subject: Option<Range>,
    /// A wider range that gives context, e.g. the whole expression.
    pub context: Option<Range>,
    /// The source file, when known, so that the diagnostic can show the line.
    pub source: Option<Arc<SourceFile>>,
}

impl Diagnostic {
    /// An error of a kind, with a summary and a detail and no range yet.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::{Code, Diagnostic};
    /// let diag = Diagnostic::error(Code::Custom, "Invalid port", "The port must be a number.");
    /// assert!(diag.is_error());
    /// assert_eq!(diag.code, Code::Custom);
    /// ```
    #[cold]
    pub fn error(code: Code, summary: impl Into<String>, detail: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            code,
            summary: summary.into(),
            detail: detail.into(),
            subject: None,
            context: None,
            source: None,
        }
    }

    /// A warning of a kind, with a summary and a detail and no range yet.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::{Code, Diagnostic};
    /// let diag = Diagnostic::warning(Code::Custom, "Deprecated", "Use `b` instead of `a`.");
    /// assert!(!diag.is_error());
    /// ```
    #[cold]
    pub fn warning(code: Code, summary: impl Into<String>, detail: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(code, summary, detail)
        }
    }

    /// Sets the subject to a span of `file`, and remembers the file for
    /// rendering.
    pub fn with_subject(mut self, file: &Arc<SourceFile>, span: Span) -> Self {
        self.subject = Some(file.range(span));
        self.source = Some(file.clone());
        self
    }

    /// Sets the context range to a span of `file`.
    pub fn with_context(mut self, file: &Arc<SourceFile>, span: Span) -> Self {
        self.context = Some(file.range(span));
        self.source = Some(file.clone());
        self
    }

    /// Whether this is an error (not a warning).
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// The error of `bytes`, the contents of the file `name`, where they
    /// are not UTF-8 (`error`): "Invalid UTF-8" at the first byte that does
    /// not start a character, shown in the text read with that byte and
    /// its sequence replaced by U+FFFD.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::{Code, Diagnostic};
    /// let bytes = b"a = \"\xff\"\n";
    /// let error = std::str::from_utf8(bytes).unwrap_err();
    /// let diag = Diagnostic::invalid_utf8("app.hcl", bytes, error);
    /// assert_eq!(diag.code, Code::InvalidUtf8);
    /// let at = diag.subject.unwrap();
    /// assert_eq!((at.start.line, at.start.column, at.start.byte, at.end.byte), (1, 6, 5, 6));
    /// ```
    #[cold]
    pub fn invalid_utf8(name: &str, bytes: &[u8], error: std::str::Utf8Error) -> Self {
        let at = error.valid_up_to();
        let lossy = String::from_utf8_lossy(bytes);
        let file = Arc::new(SourceFile::new(name, &lossy));
        let start = u32::try_from(at).unwrap_or(u32::MAX);
        let replacement = u32::try_from(char::REPLACEMENT_CHARACTER.len_utf8()).unwrap_or(1);
        let mut diag = Diagnostic::error(
            Code::InvalidUtf8,
            "Invalid UTF-8",
            format!(
                "The text is not valid UTF-8: the byte at offset {at} does not start a valid \
                 character. HCL files must be UTF-8."
            ),
        )
        .with_subject(&file, Span::new(start, start.saturating_add(replacement)));
        // The range covers the replacement character of the text shown;
        // its end byte is that of the original bytes.
        if let Some(subject) = &mut diag.subject {
            subject.end.byte = start.saturating_add(1);
        }
        diag
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        render::render(self, &RenderOptions::default(), f)
    }
}

/// A diagnostic rendered with options.
struct Rendered<'a>(&'a Diagnostic, &'a RenderOptions);

impl fmt::Display for Rendered<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        render::render(self.0, self.1, f)
    }
}

impl Diagnostic {
    /// The diagnostic rendered as `Display` renders it, with what
    /// `options` add: the block the subject is in, and styles for a
    /// terminal. See [`RenderOptions`] for an example.
    pub fn render_with(&self, options: &RenderOptions) -> String {
        Rendered(self, options).to_string()
    }
}

impl std::error::Error for Diagnostic {}

/// A list of diagnostics, in the order they were found.
///
/// Parsing and evaluation collect every problem they can reach rather than
/// stopping at the first; this is what they return.
///
/// # Examples
///
/// ```
/// use hcl_core::{Code, Diagnostic, Diagnostics};
///
/// let mut diags = Diagnostics::default();
/// diags.push(Diagnostic::warning(Code::Custom, "Deprecated", "Use `b` instead of `a`."));
/// assert!(!diags.has_errors());
/// diags.push(Diagnostic::error(Code::Custom, "Missing argument", "Argument `b` is required."));
/// assert!(diags.has_errors());
/// assert_eq!(diags.len(), 2);
/// ```
#[derive(Debug, Clone, Default)]
pub struct Diagnostics(Vec<Diagnostic>);

impl Diagnostics {
    /// Adds one diagnostic.
    pub fn push(&mut self, diag: Diagnostic) {
        self.0.push(diag);
    }

    /// Adds every diagnostic of `other`.
    pub fn extend(&mut self, other: Diagnostics) {
        self.0.extend(other.0);
    }

    /// Whether any diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.0.iter().any(Diagnostic::is_error)
    }

    /// The number of diagnostics.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The diagnostics as a slice.
    pub fn as_slice(&self) -> &[Diagnostic] {
        &self.0
    }

    /// Iterates over the diagnostics.
    pub fn iter(&self) -> std::slice::Iter<'_, Diagnostic> {
        self.0.iter()
    }

    /// The diagnostics as a vector.
    pub fn into_vec(self) -> Vec<Diagnostic> {
        self.0
    }
}

impl From<Diagnostic> for Diagnostics {
    fn from(diag: Diagnostic) -> Self {
        Diagnostics(vec![diag])
    }
}

impl From<Vec<Diagnostic>> for Diagnostics {
    fn from(diags: Vec<Diagnostic>) -> Self {
        Diagnostics(diags)
    }
}

impl IntoIterator for Diagnostics {
    type Item = Diagnostic;
    type IntoIter = std::vec::IntoIter<Diagnostic>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl<'a> IntoIterator for &'a Diagnostics {
    type Item = &'a Diagnostic;
    type IntoIter = std::slice::Iter<'a, Diagnostic>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl fmt::Display for Diagnostics {
    /// Renders every diagnostic, separated by blank lines.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, diag) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{diag}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostics {}
