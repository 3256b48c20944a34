//! Deserializing a document into Rust types: the entry points, and the
//! deserializers by shape (`body`: a body's attributes and blocks;
//! `blocks`: the blocks of one type; `value`: an evaluated value).

mod blocks;
mod body;
pub(crate) mod value;

use std::io::Read;
use std::path::Path;
use std::sync::Arc;

use hcl_core::schema::Body;
use hcl_core::span::Span;
use hcl_core::{Diagnostic, EvalContext, SourceFile};
use serde::de::DeserializeOwned;

use crate::error::{Error, Result};

/// The file name diagnostics show for text that came without one.
const INPUT_NAME: &str = "<input>";

/// Decodes a document: the target's fields say which attributes and blocks
/// it has. Expressions are evaluated with the standard library and no
/// variables; see [`from_str_with`] to give some.
///
/// # Errors
///
/// The syntax errors, the evaluation errors, and the decoding errors
/// (unsupported or missing arguments and blocks, values of the wrong type),
/// as many of each as can be found in one pass.
///
/// # Examples
///
/// ```
/// #[derive(serde::Deserialize, Debug, PartialEq)]
/// struct Config {
///     name: String,
///     replicas: u8,
/// }
///
/// let config: Config = hcl_serde::from_str("name = \"web\"\nreplicas = 1 + 2\n").unwrap();
/// assert_eq!(config, Config { name: "web".into(), replicas: 3 });
/// ```
pub fn from_str<T: DeserializeOwned>(source: &str) -> Result<T> {
    from_named_str(source, INPUT_NAME, &EvalContext::new())
}

/// Like [`from_str`], with the variables and functions of `ctx`.
///
/// # Errors
///
/// As [`from_str`].
///
/// # Examples
///
/// ```
/// use hcl_core::{EvalContext, Value};
/// #[derive(serde::Deserialize)]
/// struct Config {
///     greeting: String,
/// }
///
/// let mut ctx = EvalContext::new();
/// ctx.set_variable("name", Value::string("world"));
/// let config: Config = hcl_serde::from_str_with("greeting = upper(\"hello ${name}\")\n", &ctx).unwrap();
/// assert_eq!(config.greeting, "HELLO WORLD");
/// ```
pub fn from_str_with<T: DeserializeOwned>(source: &str, ctx: &EvalContext<'_>) -> Result<T> {
    from_named_str(source, INPUT_NAME, ctx)
}

/// Like [`from_str`], for bytes that should be UTF-8.
///
/// # Errors
///
/// As [`from_str`], and "Invalid UTF-8" at the first byte that is not.
///
/// # Examples
///
/// ```
/// let n: std::collections::BTreeMap<String, u8> = hcl_serde::from_slice(b"a = 1\n").unwrap();
/// assert_eq!(n["a"], 1);
///
/// let err = hcl_serde::from_slice::<std::collections::BTreeMap<String, u8>>(b"a = \"\xff\"\n");
/// assert!(err.unwrap_err().to_string().starts_with("Error: Invalid UTF-8\n  --> <input>:1:6\n"));
/// ```
pub fn from_slice<T: DeserializeOwned>(bytes: &[u8]) -> Result<T> {
    let source = utf8(bytes, INPUT_NAME)?;
    from_str(source)
}

/// Like [`from_slice`], reading everything from `reader` first.
///
/// # Errors
///
/// As [`from_slice`], and "Failed to read input" when reading fails.
///
/// # Examples
///
/// ```
/// let input: &[u8] = b"a = true\n";
/// let n: std::collections::BTreeMap<String, bool> = hcl_serde::from_reader(input).unwrap();
/// assert!(n["a"]);
/// ```
pub fn from_reader<T: DeserializeOwned, R: Read>(mut reader: R) -> Result<T> {
    let mut bytes = Vec::new();
    reader.read_to_end(&mut bytes).map_err(|e| {
        Error::message(
            "Failed to read input",
            format!("The input could not be read: {e}."),
        )
    })?;
    from_slice(&bytes)
}

/// Like [`from_str`], reading the file at `path`; diagnostics name it.
///
/// # Errors
///
/// As [`from_slice`], and "Failed to read file" when it cannot be read.
///
/// # Examples
///
/// ```
/// let path = std::env::temp_dir().join("hcl-serde-from-file-doc.hcl");
/// std::fs::write(&path, "port = \"eighty\"\n").unwrap();
/// let err = hcl_serde::from_file::<std::collections::BTreeMap<String, u16>>(&path).unwrap_err();
/// assert!(err.to_string().contains(&format!("--> {}:1:8", path.display())));
/// ```
pub fn from_file<T: DeserializeOwned>(path: impl AsRef<Path>) -> Result<T> {
    let path = path.as_ref();
    let name = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| {
        Error::message(
            "Failed to read file",
            format!("The file \"{name}\" could not be read: {e}."),
        )
    })?;
    let source = utf8(&bytes, &name)?;
    from_named_str(source, &name, &EvalContext::new())
}

/// Decodes an already parsed body (a file's, a block's, or several merged)
/// with the variables and functions of `ctx`.
///
/// # Errors
///
/// As [`from_str`], less the syntax errors.
///
/// # Examples
///
/// ```
/// use hcl_core::schema::Body;
/// use hcl_core::EvalContext;
/// let a = hcl_core::parse("x = 1\n", "a.hcl").unwrap();
/// let b = hcl_core::parse("y = 2\n", "b.hcl").unwrap();
/// let body = Body::merge_files([&a, &b]);
/// let map: std::collections::BTreeMap<String, i32> =
///     hcl_serde::from_body(&body, &EvalContext::new()).unwrap();
/// assert_eq!(map.len(), 2);
/// ```
pub fn from_body<T: DeserializeOwned>(body: &Body<'_>, ctx: &EvalContext<'_>) -> Result<T> {
    let de = body::BodyDeserializer {
        body: body.clone(),
        ctx,
    };
    let result = T::deserialize(de);
    match body.missing_item() {
        Some(at) => result.map_err(|e| e.or_at(at)),
        None => result,
    }
}

fn from_named_str<T: DeserializeOwned>(
    source: &str,
    name: &str,
    ctx: &EvalContext<'_>,
) -> Result<T> {
    let file = hcl_core::parse(source, name)?;
    from_body(&Body::from_file(&file), ctx)
}

/// The text of `bytes`, or "Invalid UTF-8" at the first bad byte.
fn utf8<'b>(bytes: &'b [u8], name: &str) -> Result<&'b str> {
    std::str::from_utf8(bytes).map_err(|e| {
        let lossy = String::from_utf8_lossy(bytes);
        let file = Arc::new(SourceFile::new(name, &lossy));
        let at = u32::try_from(e.valid_up_to()).unwrap_or(u32::MAX);
        // The bad bytes show as one U+FFFD, three bytes long.
        let span = Span::new(at, at.saturating_add(3));
        Error::from_diagnostics(
            Diagnostic::error(
                "Invalid UTF-8",
                format!("The input is not valid UTF-8: {e}. HCL files must be encoded in UTF-8."),
            )
            .with_subject(&file, span)
            .into(),
        )
    })
}
