//! [`RawBody`]: a body kept undecoded, to be read later.

use std::fmt;
use std::sync::Arc;

use hcl_core::analysis::Location;
use hcl_core::schema::Body;
use hcl_core::{reparse_body, EvalContext, Range, SourceFile, Span};
use serde::de::{self, DeserializeOwned, Deserializer};

use super::{same_place, Payload, PayloadVisitor, PAYLOAD};
use crate::error::Result;

/// One body of a [`RawBody`], as file positions.
#[derive(Clone)]
struct RawPart {
    file: Arc<SourceFile>,
    /// The native syntax's body, or the JSON value that stands for the
    /// body.
    span: Span,
    end_span: Span,
    /// Where missing items are reported.
    start: u32,
    /// Of the JSON syntax: the property names hidden.
    hidden_attributes: Vec<String>,
    hidden_block_types: Vec<String>,
}

/// A body kept undecoded, to be read later with a type (or a schema) that
/// the first pass did not know: the field type of `#[hcl(body)]` (a block's
/// whole body) and `#[hcl(remain)]` (what the other fields did not take).
/// It owns its source text, so it outlives the decode that made it.
///
/// # Examples
///
/// A plugin host reads the common part of each block, then hands the rest
/// to the plugin that knows its schema:
///
/// ```
/// use hcl_serde::RawBody;
/// use serde::Deserialize;
///
/// #[hcl_serde::hcl]
/// #[derive(Deserialize)]
/// struct Plugin {
///     #[hcl(label)]
///     name: String,
///     enabled: bool,
///     #[hcl(remain)]
///     settings: RawBody,
/// }
///
/// #[derive(Deserialize)]
/// struct Config {
///     plugin: Vec<Plugin>,
/// }
///
/// #[derive(Deserialize, Debug, PartialEq)]
/// struct CacheSettings {
///     size_mb: u32,
/// }
///
/// let src = "plugin \"cache\" {\n  enabled = true\n  size_mb = 64\n}\n";
/// let config: Config = hcl_serde::from_str(src).unwrap();
/// let cache = &config.plugin[0];
/// assert_eq!(cache.name, "cache");
/// let settings: CacheSettings = cache.settings.decode().unwrap();
/// assert_eq!(settings, CacheSettings { size_mb: 64 });
/// ```
#[derive(Clone, PartialEq)]
pub struct RawBody {
    parts: Vec<RawPart>,
}

impl RawBody {
    /// Keeps `body` as file positions.
    pub(crate) fn from_body(body: &Body<'_>) -> RawBody {
        let native = body.parts().into_iter().map(|part| RawPart {
            file: Arc::clone(part.file),
            span: part.body.span,
            end_span: part.body.end_span,
            start: part.start,
            hidden_attributes: part.hidden_attributes,
            hidden_block_types: part.hidden_block_types,
        });
        let json = body.json_parts().into_iter().map(|part| RawPart {
            file: Arc::clone(part.file),
            span: part.span,
            end_span: part.span,
            start: part.span.start,
            hidden_attributes: part.hidden,
            hidden_block_types: Vec::new(),
        });
        RawBody {
            parts: native.chain(json).collect(),
        }
    }

    /// Decodes the body into `T`, with the standard library and no
    /// variables; see [`from_body`](crate::from_body).
    ///
    /// # Errors
    ///
    /// As [`from_body`](crate::from_body).
    ///
    /// # Examples
    ///
    /// See [`RawBody`].
    pub fn decode<T: DeserializeOwned>(&self) -> Result<T> {
        self.decode_with(&EvalContext::new())
    }

    /// Decodes the body into `T` with the variables and functions of `ctx`.
    ///
    /// # Errors
    ///
    /// As [`from_body`](crate::from_body).
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::{EvalContext, Value};
    /// use std::collections::HashMap;
    /// #[derive(serde::Deserialize)]
    /// struct Outer {
    ///     #[serde(rename = "$hcl:remain")]
    ///     rest: hcl_serde::RawBody,
    /// }
    /// // `y` is not known yet, and the first pass does not evaluate `x`.
    /// let outer: Outer = hcl_serde::from_str("x = y + 1\n").unwrap();
    /// let mut ctx = EvalContext::new();
    /// ctx.set_variable("y", Value::from(41));
    /// let map: HashMap<String, u32> = outer.rest.decode_with(&ctx).unwrap();
    /// assert_eq!(map["x"], 42);
    /// ```
    pub fn decode_with<T: DeserializeOwned>(&self, ctx: &EvalContext<'_>) -> Result<T> {
        self.with_body(|body| crate::from_body(body, ctx))?
    }

    /// Calls `f` with the body, parsed again from its text: for schema
    /// processing or static analysis with hcl-core.
    ///
    /// # Errors
    ///
    /// A syntax error, which cannot happen for a body that came from a
    /// successful decode.
    ///
    /// # Examples
    ///
    /// ```
    /// #[derive(serde::Deserialize)]
    /// struct Outer {
    ///     #[serde(rename = "$hcl:remain")]
    ///     rest: hcl_serde::RawBody,
    /// }
    /// let outer: Outer = hcl_serde::from_str("a = 1\nb = 2\n").unwrap();
    /// let count = outer.rest.with_body(|body| body.just_attributes().unwrap().len()).unwrap();
    /// assert_eq!(count, 2);
    /// ```
    pub fn with_body<R>(&self, f: impl FnOnce(&Body<'_>) -> R) -> Result<R> {
        // Each part parsed again: the native syntax's body alone, a JSON
        // file whole.
        let mut native = Vec::new();
        let mut json = Vec::new();
        for part in &self.parts {
            if part.file.is_json() {
                json.push(hcl_core::reparse_json(&part.file, part.span)?);
            } else {
                native.push(reparse_body(&part.file, part.span, part.end_span)?);
            }
        }
        let (mut native, mut json) = (native.iter(), json.iter());
        let bodies = self.parts.iter().map(|part| {
            let attrs: Vec<&str> = part.hidden_attributes.iter().map(String::as_str).collect();
            let blocks: Vec<&str> = part.hidden_block_types.iter().map(String::as_str).collect();
            let body = if part.file.is_json() {
                json.next()
                    .map(|value| Body::from_json_value(value).hide(&attrs, &[]))
            } else {
                native
                    .next()
                    .map(|tree| Body::native_hiding(tree, &part.file, part.start, &attrs, &blocks))
            };
            body.unwrap_or_else(Body::empty)
        });
        let body = match self.parts.len() {
            1 => bodies.into_iter().next().unwrap_or_else(Body::empty),
            _ => Body::merge(bodies),
        };
        Ok(f(&body))
    }

    /// The body's attributes and blocks, in source order, each as its
    /// name (or block type) and its source text; without those hidden
    /// from it (the ones the other fields of a `#[hcl(remain)]` field's
    /// struct took).
    pub(crate) fn items(&self) -> Result<Vec<(String, String)>> {
        self.with_body(|body| {
            let (attributes, blocks) = body.items();
            // (part, start, name, text): the parts in order, each in
            // source order.
            let mut files: Vec<&Arc<SourceFile>> = Vec::new();
            let mut found = Vec::with_capacity(attributes.len() + blocks.len());
            let attributes = attributes.iter().map(|a| (a.file, a.name, a.span));
            let blocks = blocks.iter().map(|b| (b.file, b.block_type, b.span));
            for (file, name, span) in attributes.chain(blocks) {
                let part = match files.iter().position(|f| Arc::ptr_eq(f, file)) {
                    Some(part) => part,
                    None => {
                        files.push(file);
                        files.len() - 1
                    }
                };
                let text = file.text().get(span.as_range()).unwrap_or_default();
                found.push((part, span.start, name.to_string(), text.to_string()));
            }
            found.sort_by_key(|&(part, start, ..)| (part, start));
            found
                .into_iter()
                .map(|(_, _, name, text)| (name, text))
                .collect()
        })
    }

    /// The source ranges of the body's parts (one, unless it came from
    /// several merged files).
    ///
    /// # Examples
    ///
    /// ```
    /// #[derive(serde::Deserialize)]
    /// struct Outer {
    ///     #[serde(rename = "$hcl:remain")]
    ///     rest: hcl_serde::RawBody,
    /// }
    /// let outer: Outer = hcl_serde::from_str("a = 1\n").unwrap();
    /// assert_eq!(outer.rest.ranges()[0].to_string(), "<input>:1,1-2,1");
    /// ```
    pub fn ranges(&self) -> Vec<Range> {
        self.parts
            .iter()
            .map(|p| Location::new(&p.file, p.span.to(p.end_span)).range())
            .collect()
    }
}

impl PartialEq for RawPart {
    fn eq(&self, other: &Self) -> bool {
        same_place(
            &self.file,
            self.span.to(self.end_span),
            &other.file,
            other.span.to(other.end_span),
        ) && self.span.len() == other.span.len()
            && self.hidden_attributes == other.hidden_attributes
            && self.hidden_block_types == other.hidden_block_types
    }
}

impl fmt::Debug for RawBody {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ranges: Vec<String> = self.ranges().iter().map(Range::to_string).collect();
        f.debug_struct("RawBody").field("ranges", &ranges).finish()
    }
}

impl<'de> de::Deserialize<'de> for RawBody {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_newtype_struct(
            PAYLOAD,
            PayloadVisitor("a body", |p| match p {
                Payload::Body(b) => Some(b),
                _ => None,
            }),
        )
    }
}
