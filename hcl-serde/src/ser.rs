//! Writing Rust values as HCL: [`to_string`], [`to_string_pretty`] and
//! [`to_writer`].
//!
//! A value is written in two steps: serde describes it as a
//! [`Node`](node::Node) (structs apart from maps, enum variants by name,
//! the roles `#[hcl]` gives fields, read from the struct's name), then
//! [`body`] lays the node out as attributes and blocks and [`expr`] writes
//! the values. The text is
//! finally put in the canonical layout by [`hcl_core::format()`], the
//! formatter of `hcl fmt`, so that the output is what a formatted file
//! looks like.

mod body;
mod expr;
mod key;
mod node;
mod special;

use std::io;

use hcl_core::Code;
use serde::Serialize;

use crate::error::{Error, Result};

fn write<T: ?Sized + Serialize>(value: &T, pretty: bool) -> Result<String> {
    let node = value.serialize(node::NodeSerializer::new())?;
    let mut out = String::new();
    body::BodyWriter::new(&mut out, pretty).document(&node)?;
    Ok(hcl_core::format(&out))
}

/// Writes `value` as an HCL document, in the canonical layout (the one
/// `hcl fmt` leaves unchanged): every attribute on one line, its value
/// too, strings quoted (but for expressions and bodies written back as
/// their source text, which keep their lines).
///
/// The value is a body: a struct, a map, or an enum variant (written as
/// a one-item body). See [Writing HCL](crate#writing-hcl) for which fields
/// become blocks.
///
/// # Errors
///
/// "Unsupported value", with the [path](Error::path) to the value, for
/// what HCL cannot hold: a document that is not a body, a name that is
/// not an identifier where an attribute or block needs one, a map key
/// that is not a string, number, bool or unit variant, a float that is
/// not finite, a value nested deeper than HCL is read back; and the
/// errors of the value's own `Serialize`.
///
/// # Examples
///
/// ```
/// use serde::Serialize;
///
/// #[derive(Serialize)]
/// struct Listener {
///     port: u16,
///     protocol: &'static str,
/// }
///
/// #[derive(Serialize)]
/// struct Config {
///     name: &'static str,
///     tags: Vec<&'static str>,
///     listener: Vec<Listener>,
/// }
///
/// let config = Config {
///     name: "web",
///     tags: vec!["a", "b"],
///     listener: vec![Listener { port: 443, protocol: "https" }],
/// };
/// assert_eq!(
///     hcl_serde::to_string(&config).unwrap(),
///     r#"name = "web"
/// tags = ["a", "b"]
///
/// listener {
///   port     = 443
///   protocol = "https"
/// }
/// "#
/// );
///
/// let err = hcl_serde::to_string(&f64::NAN).unwrap_err();
/// assert_eq!(err.diagnostics().iter().next().unwrap().code, hcl_serde::Code::UnsupportedValue);
/// ```
pub fn to_string<T: ?Sized + Serialize>(value: &T) -> Result<String> {
    write(value, false)
}

/// Writes `value` as an HCL document laid out for reading: as
/// [`to_string`], but non-empty objects with one item a line, tuples
/// that hold a non-empty container with one item a line, and multi-line
/// strings that end with a line break as heredocs (`<<EOT`, or `<<EOT1`
/// and so on when a line of the text is `EOT`). It reads back to the same
/// value as the output of [`to_string`].
///
/// # Errors
///
/// As [`to_string`].
///
/// # Examples
///
/// ```
/// use std::collections::BTreeMap;
/// use serde::Serialize;
///
/// #[derive(Serialize)]
/// struct Job {
///     script: &'static str,
///     env: BTreeMap<&'static str, &'static str>,
/// }
///
/// let job = Job {
///     script: "echo ${HOME}\nexit 0\n",
///     env: BTreeMap::from([("A", "1"), ("LONG_NAME", "2")]),
/// };
/// assert_eq!(
///     hcl_serde::to_string_pretty(&job).unwrap(),
///     r#"script = <<EOT
/// echo $${HOME}
/// exit 0
/// EOT
/// env = {
///   A         = "1"
///   LONG_NAME = "2"
/// }
/// "#
/// );
/// ```
pub fn to_string_pretty<T: ?Sized + Serialize>(value: &T) -> Result<String> {
    write(value, true)
}

/// Writes `value` as an HCL document to `writer`, as [`to_string`] lays
/// it out. The text is made whole first, so nothing is written when
/// `value` cannot be.
///
/// # Errors
///
/// As [`to_string`], and "Write failed" when the writer fails.
///
/// # Examples
///
/// ```
/// use std::collections::BTreeMap;
///
/// let mut out = Vec::new();
/// hcl_serde::to_writer(&mut out, &BTreeMap::from([("region", "eu-west-1")])).unwrap();
/// assert_eq!(out, b"region = \"eu-west-1\"\n");
/// ```
pub fn to_writer<W: io::Write, T: ?Sized + Serialize>(mut writer: W, value: &T) -> Result<()> {
    let text = to_string(value)?;
    writer
        .write_all(text.as_bytes())
        .and_then(|()| writer.flush())
        .map_err(|e| Error::message(Code::Custom, "Write failed", e.to_string()))
}
