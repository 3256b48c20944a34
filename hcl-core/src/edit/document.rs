//! A whole file, parsed to be edited and printed back.

use std::fmt;

use super::tree::{cut, Body};
use crate::diagnostic::Diagnostics;

/// A native-syntax file that keeps every byte of its source (comments,
/// blank lines, alignment, heredocs, CRLF line breaks, a byte order mark, a
/// missing final line break), to be edited and printed back.
///
/// Printing an unedited document gives back its source byte for byte. An
/// edit changes only what it is about: the rest keeps its bytes, with one
/// exception that keeps a tidy file tidy: when the source is in the
/// canonical layout ([`format()`](crate::format()) leaves it unchanged),
/// the printed document is formatted too, so that added lines are indented
/// and aligned like their neighbours (which may move the `=` of the lines
/// next to them, as alignment requires). [`to_string_unformatted`]
/// prints the tokens without that step, and [`to_string_formatted`] prints
/// the whole document through the formatter, as the reference's `hclwrite`
/// always does.
///
/// Where the reference's `hclwrite` would print a file that does not parse
/// (an attribute glued to a last line without a line break, to the `{` of
/// a one-line block, or into a final comment), the line break needed is
/// added, and a one-line block (`a { b = 1 }`) that an edit gives more
/// lines is broken after its `{`: what a document prints always parses.
///
/// [`to_string_unformatted`]: Document::to_string_unformatted
/// [`to_string_formatted`]: Document::to_string_formatted
///
/// # Examples
///
/// ```
/// use hcl_core::{edit::Document, Value};
///
/// let src = "# settings\nname    = \"web\"   # aligned by hand\nport = 80\n";
/// let mut doc = Document::parse(src, "main.hcl").unwrap();
/// assert_eq!(doc.to_string(), src);
/// doc.body_mut().set_attribute_value("port", &Value::from(8080)).unwrap();
/// assert_eq!(doc.to_string(), "# settings\nname    = \"web\"   # aligned by hand\nport = 8080\n");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Document {
    /// The byte order mark, if the source starts with one.
    bom: String,
    /// The name of the file, for diagnostics.
    filename: String,
    body: Body,
    /// Whether the source is in the canonical layout.
    canonical: bool,
}

impl Document {
    /// Parses a native-syntax file to edit it.
    ///
    /// # Errors
    ///
    /// What [`parse`](crate::parse()) rejects, with the same diagnostics.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::edit::Document;
    ///
    /// let doc = Document::parse("a = 1 // one\r\n", "main.hcl").unwrap();
    /// assert_eq!(doc.to_string(), "a = 1 // one\r\n");
    /// assert!(Document::parse("a = 1 b = 2\n", "main.hcl").is_err());
    /// ```
    pub fn parse(source: &str, filename: &str) -> Result<Document, Diagnostics> {
        let file = crate::parse(source, filename)?;
        let bom = if source.starts_with('\u{feff}') {
            "\u{feff}"
        } else {
            ""
        };
        Ok(Document {
            bom: bom.to_owned(),
            filename: filename.to_owned(),
            body: cut(source, bom.len(), &file.body),
            canonical: crate::format(source) == source,
        })
    }

    /// The name the document was parsed under, which diagnostics about its
    /// printed text name.
    ///
    /// # Examples
    ///
    /// ```
    /// let doc = hcl_core::edit::Document::parse("a = 1\n", "main.hcl").unwrap();
    /// assert_eq!(doc.filename(), "main.hcl");
    /// ```
    pub fn filename(&self) -> &str {
        &self.filename
    }

    /// The file's root body.
    ///
    /// # Examples
    ///
    /// ```
    /// let doc = hcl_core::edit::Document::parse("a = 1\n", "main.hcl").unwrap();
    /// assert!(doc.body().attribute("a").is_some());
    /// ```
    pub fn body(&self) -> &Body {
        &self.body
    }

    /// The file's root body, to edit.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut doc = hcl_core::edit::Document::parse("a = 1\n", "main.hcl").unwrap();
    /// doc.body_mut().remove_attribute("a");
    /// assert_eq!(doc.to_string(), "");
    /// ```
    pub fn body_mut(&mut self) -> &mut Body {
        &mut self.body
    }

    /// The document's tokens with the bytes between them, as they are: no
    /// formatting, even of a source in the canonical layout.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut doc = hcl_core::edit::Document::parse("a = 1\n", "main.hcl").unwrap();
    /// doc.body_mut().set_attribute_raw("long", "2").unwrap();
    /// assert_eq!(doc.to_string_unformatted(), "a = 1\nlong = 2\n");
    /// assert_eq!(doc.to_string(), "a    = 1\nlong = 2\n");
    /// ```
    pub fn to_string_unformatted(&self) -> String {
        let mut out = self.bom.clone();
        self.body.write(&mut out);
        out
    }

    /// The document laid out by [`format()`](crate::format()) as a whole,
    /// as the reference's `hclwrite` prints a file (a byte order mark is
    /// dropped).
    ///
    /// # Examples
    ///
    /// ```
    /// let doc = hcl_core::edit::Document::parse("a=1\nbbb   =   2\n", "main.hcl").unwrap();
    /// assert_eq!(doc.to_string(), "a=1\nbbb   =   2\n");
    /// assert_eq!(doc.to_string_formatted(), "a   = 1\nbbb = 2\n");
    /// ```
    pub fn to_string_formatted(&self) -> String {
        crate::format(&self.to_string_unformatted())
    }
}

impl fmt::Display for Document {
    /// The document's bytes: the source's, as edited (see [`Document`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = self.to_string_unformatted();
        if self.canonical {
            f.write_str(&crate::format(&text))
        } else {
            f.write_str(&text)
        }
    }
}
