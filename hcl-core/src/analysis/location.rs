//! Spans paired with their source file.

use std::fmt;
use std::sync::Arc;

use crate::diagnostic::{Code, Diagnostic};
use crate::span::{Range, SourceFile, Span};

/// A span of a known source file: enough to give a [`Range`], to quote the
/// source text and to build a [`Diagnostic`] that renders the line.
///
/// # Examples
///
/// ```
/// use std::sync::Arc;
/// use hcl_core::analysis::Location;
/// use hcl_core::{Code, SourceFile, Span};
///
/// let file = Arc::new(SourceFile::new("main.tf", "port = \"eighty\"\n"));
/// let at = Location::new(&file, Span::new(7, 15));
/// assert_eq!(at.text(), "\"eighty\"");
/// assert_eq!(at.range().to_string(), "main.tf:1,8-16");
/// let diag = at.error(Code::Custom, "Invalid port", "The port must be a number.");
/// assert!(diag.to_string().contains("  |        ^^^^^^^^\n"));
/// ```
#[derive(Clone, Copy)]
pub struct Location<'a> {
    /// The source file.
    pub file: &'a Arc<SourceFile>,
    /// The span within it.
    pub span: Span,
}

impl<'a> Location<'a> {
    /// A span of `file`.
    pub fn new(file: &'a Arc<SourceFile>, span: Span) -> Self {
        Location { file, span }
    }

    /// The range, with line and column positions.
    pub fn range(&self) -> Range {
        self.file.range(self.span)
    }

    /// The source text covered (empty if the span is not within the text).
    pub fn text(&self) -> &'a str {
        self.file.text().get(self.span.as_range()).unwrap_or("")
    }

    /// An error of kind `code` about this place.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::Arc;
    /// use hcl_core::analysis::Location;
    /// use hcl_core::{Code, SourceFile, Span};
    ///
    /// let file = Arc::new(SourceFile::new("app.hcl", "port = \"eighty\"\n"));
    /// let diag = Location::new(&file, Span::new(7, 15))
    ///     .error(Code::Custom, "Invalid port", "The port must be a number.");
    /// assert_eq!(diag.code, Code::Custom);
    /// assert!(diag.is_error());
    /// ```
    pub fn error(
        &self,
        code: Code,
        summary: impl Into<String>,
        detail: impl Into<String>,
    ) -> Diagnostic {
        Diagnostic::error(code, summary, detail).with_subject(self.file, self.span)
    }

    /// A warning of kind `code` about this place.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::Arc;
    /// use hcl_core::analysis::Location;
    /// use hcl_core::{Code, SourceFile, Span};
    ///
    /// let file = Arc::new(SourceFile::new("app.hcl", "port = 8080\n"));
    /// let diag = Location::new(&file, Span::new(7, 11))
    ///     .warning(Code::Custom, "Unusual port", "Ports above 1023 are unusual here.");
    /// assert!(!diag.is_error());
    /// ```
    pub fn warning(
        &self,
        code: Code,
        summary: impl Into<String>,
        detail: impl Into<String>,
    ) -> Diagnostic {
        Diagnostic::warning(code, summary, detail).with_subject(self.file, self.span)
    }
}

impl PartialEq for Location<'_> {
    /// Two locations are equal when they are the same span of the same file
    /// (the same shared [`SourceFile`], not merely an equal one).
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(self.file, other.file) && self.span == other.span
    }
}

impl Eq for Location<'_> {}

impl fmt::Debug for Location<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Location({}:{}..{})",
            self.file.name(),
            self.span.start,
            self.span.end
        )
    }
}
