//! [`RawBody`]: a body kept undecoded, to be read later.

use std::fmt;
use std::sync::Arc;

use hcl_core::schema::{Body, OwnedBody};
use hcl_core::{EvalContext, Range, Syntax};
use serde::de::{self, DeserializeOwned, Deserializer};

use super::{Payload, PayloadVisitor, BODY_PAYLOAD};
use crate::error::Result;

/// A body kept undecoded, to be read later with a type (or a schema) that
/// the first pass did not know: the field type of `#[hcl(body)]` (a block's
/// whole body) and `#[hcl(remain)]` (what the other fields did not take).
/// It owns its source text, so it outlives the decode that made it; the
/// first read parses the body's own text, and later reads (and clones made
/// after it) use that tree.
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
    body: OwnedBody,
}

impl RawBody {
    /// A body with nothing in it: what a stand-in reads.
    pub(crate) fn empty() -> RawBody {
        match hcl_core::parse("", "") {
            Ok(file) => RawBody::from_body(&Body::from_file(&file)),
            // An empty text always parses.
            Err(_) => unreachable!("an empty file is a valid file"),
        }
    }

    /// Keeps `body` for later.
    pub(crate) fn from_body(body: &Body<'_>) -> RawBody {
        RawBody {
            body: body.to_owned_body(),
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
    /// #[hcl_serde::hcl]
    /// #[derive(serde::Deserialize)]
    /// struct Outer {
    ///     #[hcl(remain)]
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
        crate::from_body(&self.body()?, ctx)
    }

    /// The body, for schema processing or static analysis with hcl-core.
    /// The first read (by this method or a decode) parses the body's text;
    /// later ones use that tree.
    ///
    /// # Errors
    ///
    /// The syntax errors of that parse, which a body that came from a
    /// successful decode has none of.
    ///
    /// # Examples
    ///
    /// ```
    /// #[hcl_serde::hcl]
    /// #[derive(serde::Deserialize)]
    /// struct Outer {
    ///     #[hcl(remain)]
    ///     rest: hcl_serde::RawBody,
    /// }
    /// let outer: Outer = hcl_serde::from_str("a = 1\nb = 2\n").unwrap();
    /// let count = outer.rest.body().unwrap().just_attributes().unwrap().len();
    /// assert_eq!(count, 2);
    /// ```
    pub fn body(&self) -> Result<Body<'_>> {
        Ok(self.body.body()?)
    }

    /// The body's attributes and blocks, in source order, each as its
    /// name (or block type) and its source text; without those hidden
    /// from it (the ones the other fields of a `#[hcl(remain)]` field's
    /// struct took). In the JSON syntax, its properties, which only a
    /// schema tells attributes from blocks, each with its text (`"name":
    /// value`); the second is whether it is that syntax.
    pub(crate) fn items(&self) -> Result<(Vec<(String, String)>, bool)> {
        let body = self.body()?;
        let json = body.syntax() == Some(Syntax::Json);
        let (attributes, blocks) = body.items();
        // (part, start, name, text): the parts in order, each in source
        // order.
        let files = body.files();
        let mut found = Vec::with_capacity(attributes.len() + blocks.len());
        let attributes = attributes.iter().map(|a| (a.file, a.name, a.span));
        let blocks = blocks.iter().map(|b| (b.file, b.block_type, b.span));
        for (file, name, span) in attributes.chain(blocks) {
            let part = files.iter().position(|f| Arc::ptr_eq(f, file));
            let text = file.text().get(span.as_range()).unwrap_or_default();
            found.push((part, span.start, name.to_string(), text.to_string()));
        }
        found.sort_by_key(|&(part, start, ..)| (part, start));
        let items = found
            .into_iter()
            .map(|(_, _, name, text)| (name, text))
            .collect();
        Ok((items, json))
    }

    /// The source ranges of the body's parts (one, unless it came from
    /// several merged files).
    ///
    /// # Examples
    ///
    /// ```
    /// #[hcl_serde::hcl]
    /// #[derive(serde::Deserialize)]
    /// struct Outer {
    ///     #[hcl(remain)]
    ///     rest: hcl_serde::RawBody,
    /// }
    /// let outer: Outer = hcl_serde::from_str("a = 1\n").unwrap();
    /// assert_eq!(outer.rest.ranges()[0].to_string(), "<input>:1,1-2,1");
    /// ```
    pub fn ranges(&self) -> Vec<Range> {
        self.body.ranges()
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
            BODY_PAYLOAD,
            PayloadVisitor("a body", |p| match p {
                Payload::Body(b) => Some(b),
                _ => None,
            }),
        )
    }
}
