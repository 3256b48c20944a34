//! Types that only this crate's deserializer can fill: a value with its
//! source range ([`Spanned`]), a body kept for later ([`RawBody`]) and an
//! unevaluated expression ([`Expression`]).
//!
//! Serde's data model has no place for a source range or a syntax tree, so
//! the deserializer hands them over beside it: it puts the payload in a
//! thread-local slot and calls the visitor, which takes it straight back
//! out. A deserializer of another format never fills the slot, and the
//! visitor reports that the type can only be read from HCL.

use std::cell::RefCell;
use std::fmt;
use std::marker::PhantomData;
use std::sync::Arc;

use hcl_core::analysis::Location;
use hcl_core::schema::Body;
use hcl_core::{reparse_body, Code, Diagnostics, EvalContext, Range, SourceFile, Span, Value};
use serde::de::{self, DeserializeOwned, Deserializer, Visitor};

use crate::error::{Error, Result};

/// The newtype name under which [`Payload`]s travel.
pub(crate) const PAYLOAD: &str = "$hcl:payload";
/// The struct name [`Spanned`] asks for.
pub(crate) const SPANNED: &str = "$hcl:Spanned";
const SPANNED_RANGE: &str = "$hcl:range";
const SPANNED_VALUE: &str = "$hcl:value";
const SPANNED_FIELDS: &[&str] = &[SPANNED_RANGE, SPANNED_VALUE];
/// The newtype name under which an [`Expression`] serializes its text.
pub(crate) const EXPRESSION: &str = "$hcl:Expression";
/// The newtype name under which a [`RawBody`] serializes its items.
pub(crate) const RAW_BODY: &str = "$hcl:RawBody";

/// What travels beside serde's data.
pub(crate) enum Payload {
    Range(Range),
    Body(RawBody),
    Expression(Expression),
}

thread_local! {
    static SLOT: RefCell<Option<Payload>> = const { RefCell::new(None) };
}

fn put(payload: Payload) {
    SLOT.with(|slot| *slot.borrow_mut() = Some(payload));
}

fn take() -> Option<Payload> {
    SLOT.with(|slot| slot.borrow_mut().take())
}

/// Hands one payload to the visitor of a special type.
pub(crate) struct PayloadDeserializer(pub(crate) Payload);

impl<'de> Deserializer<'de> for PayloadDeserializer {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        put(self.0);
        let result = visitor.visit_unit();
        // A visitor that did not take it leaves nothing behind.
        take();
        result
    }

    /// A payload is there: `Some` of the special type.
    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_some(self)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct newtype_struct seq tuple
        tuple_struct map struct enum identifier ignored_any
    }
}

/// The visitor of a special type: takes its payload from the slot.
struct PayloadVisitor<T>(&'static str, fn(Payload) -> Option<T>);

impl<'de, T> Visitor<'de> for PayloadVisitor<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}, which can only be read from HCL", self.0)
    }

    fn visit_unit<E: de::Error>(self) -> Result<T, E> {
        take()
            .and_then(self.1)
            .ok_or_else(|| E::custom(format!("{} can only be read from HCL", self.0)))
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(self, deserializer: D) -> Result<T, D::Error> {
        deserializer.deserialize_unit(self)
    }
}

/// Gives a struct-like deserializer's `deserialize_struct` the answer for
/// [`Spanned`]: its range, then the value from `inner`.
pub(crate) struct SpannedAccess<D> {
    range: Option<Range>,
    inner: Option<D>,
}

impl<D> SpannedAccess<D> {
    pub(crate) fn new(range: Option<Range>, inner: D) -> Self {
        SpannedAccess {
            range,
            inner: Some(inner),
        }
    }
}

impl<'de, D: Deserializer<'de, Error = Error>> de::MapAccess<'de> for SpannedAccess<D> {
    type Error = Error;

    fn next_key_seed<K: de::DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>> {
        use serde::de::IntoDeserializer;
        let key = if self.range.is_some() {
            SPANNED_RANGE
        } else if self.inner.is_some() {
            SPANNED_VALUE
        } else {
            return Ok(None);
        };
        seed.deserialize(key.into_deserializer()).map(Some)
    }

    fn next_value_seed<V: de::DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value> {
        if let Some(range) = self.range.take() {
            return seed.deserialize(PayloadDeserializer(Payload::Range(range)));
        }
        match self.inner.take() {
            Some(inner) => seed.deserialize(inner),
            None => Err(Error::value_before_key()),
        }
    }
}

/// A value with the source range it was read from: an attribute's
/// expression, a block (type to closing brace) or a block label. A value
/// inside an attribute's value (a list element, say) has the range of the
/// whole expression.
///
/// Only this crate's deserializer can produce one.
///
/// # Examples
///
/// ```
/// use hcl_serde::Spanned;
/// #[derive(serde::Deserialize)]
/// struct Config {
///     port: Spanned<u16>,
/// }
///
/// let config: Config = hcl_serde::from_str("\nport = 8080\n").unwrap();
/// assert_eq!(*config.port.get_ref(), 8080);
/// assert_eq!(config.port.range().to_string(), "<input>:2,8-12");
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Spanned<T> {
    value: T,
    range: Range,
}

impl<T> Spanned<T> {
    /// The value.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::collections::HashMap;
    /// use hcl_serde::Spanned;
    /// let mut m: HashMap<String, Spanned<String>> = hcl_serde::from_str("a = \"x\"\n").unwrap();
    /// assert_eq!(m.remove("a").unwrap().get_ref(), "x");
    /// ```
    pub fn get_ref(&self) -> &T {
        &self.value
    }

    /// The value, by value.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut m: std::collections::HashMap<String, hcl_serde::Spanned<u8>> =
    ///     hcl_serde::from_str("a = 1\n").unwrap();
    /// assert_eq!(m.remove("a").unwrap().into_inner(), 1);
    /// ```
    pub fn into_inner(self) -> T {
        self.value
    }

    /// Where the value came from.
    ///
    /// # Examples
    ///
    /// ```
    /// let m: std::collections::HashMap<String, hcl_serde::Spanned<bool>> =
    ///     hcl_serde::from_str("a = true\n").unwrap();
    /// assert_eq!(m["a"].range().start.column, 5);
    /// ```
    pub fn range(&self) -> &Range {
        &self.range
    }
}

impl<T> std::ops::Deref for Spanned<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.value
    }
}

impl<T: fmt::Debug> fmt::Debug for Spanned<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?} @ {}", self.value, self.range)
    }
}

impl<'de, T: de::Deserialize<'de>> de::Deserialize<'de> for Spanned<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct SpannedVisitor<T>(PhantomData<T>);

        impl<'de, T: de::Deserialize<'de>> Visitor<'de> for SpannedVisitor<T> {
            type Value = Spanned<T>;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a value with its source range, which can only be read from HCL")
            }

            fn visit_map<A: de::MapAccess<'de>>(self, mut map: A) -> Result<Spanned<T>, A::Error> {
                let range = match map.next_key::<String>()?.as_deref() {
                    Some(SPANNED_RANGE) => map.next_value::<RangeSlot>()?.0,
                    _ => return Err(de::Error::custom("Spanned can only be read from HCL")),
                };
                let value = match map.next_key::<String>()?.as_deref() {
                    Some(SPANNED_VALUE) => map.next_value::<T>()?,
                    _ => return Err(de::Error::custom("Spanned can only be read from HCL")),
                };
                Ok(Spanned { value, range })
            }
        }

        deserializer.deserialize_struct(SPANNED, SPANNED_FIELDS, SpannedVisitor(PhantomData))
    }
}

/// The range of a [`Spanned`], taken from the slot.
struct RangeSlot(Range);

impl<'de> de::Deserialize<'de> for RangeSlot {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_newtype_struct(
            PAYLOAD,
            PayloadVisitor("a source range", |p| match p {
                Payload::Range(r) => Some(RangeSlot(r)),
                _ => None,
            }),
        )
    }
}

/// Whether span `a` of `a_file` is the same text as span `b` of `b_file`,
/// at the same place of a file of the same name. The sources may hold the
/// file differently: whole, or one item's text (see `hcl_core::SplitFile`).
fn same_place(a_file: &Arc<SourceFile>, a: Span, b_file: &Arc<SourceFile>, b: Span) -> bool {
    if Arc::ptr_eq(a_file, b_file) {
        return a == b;
    }
    a_file.name() == b_file.name()
        && a_file.pos(a.start) == b_file.pos(b.start)
        && a_file.text().get(a.as_range()) == b_file.text().get(b.as_range())
}

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

/// An attribute's expression, not evaluated: the field type of
/// `#[hcl(expr)]`, for values the application evaluates later or in its
/// own way. It owns its source text.
///
/// # Examples
///
/// ```
/// use hcl_core::{EvalContext, Value};
/// use serde::Deserialize;
///
/// #[hcl_serde::hcl]
/// #[derive(Deserialize)]
/// struct Check {
///     #[hcl(expr)]
///     condition: hcl_serde::Expression,
/// }
///
/// let check: Check = hcl_serde::from_str("condition = attempts < 3\n").unwrap();
/// assert_eq!(check.condition.source_text(), "attempts < 3");
/// assert_eq!(check.condition.variables(), ["attempts"]);
///
/// let mut ctx = EvalContext::new();
/// ctx.set_variable("attempts", Value::from(1));
/// assert_eq!(check.condition.value(&ctx).unwrap(), Value::from(true));
/// ```
#[derive(Clone)]
pub struct Expression {
    file: Arc<SourceFile>,
    /// The attribute, name to end of expression: the text parsed again.
    attribute: Span,
    expression: Span,
}

impl Expression {
    pub(crate) fn new(location: Location<'_>, attribute: Span) -> Expression {
        Expression {
            file: Arc::clone(location.file),
            attribute,
            expression: location.span,
        }
    }

    /// The expression's source text.
    ///
    /// # Examples
    ///
    /// See [`Expression`].
    pub fn source_text(&self) -> &str {
        self.file
            .text()
            .get(self.expression.as_range())
            .unwrap_or_default()
    }

    /// Where the expression is.
    ///
    /// # Examples
    ///
    /// ```
    /// #[derive(serde::Deserialize)]
    /// struct Config {
    ///     #[serde(rename = "$hcl:expr:x")]
    ///     x: hcl_serde::Expression,
    /// }
    /// let config: Config = hcl_serde::from_str("x = 1 + 2\n").unwrap();
    /// assert_eq!(config.x.range().to_string(), "<input>:1,5-10");
    /// ```
    pub fn range(&self) -> Range {
        Location::new(&self.file, self.expression).range()
    }

    /// Calls `f` with the expression, parsed again from its text, for the
    /// analyses of [`ExprRef`](hcl_core::ExprRef): static lists, maps and
    /// calls, traversals, keywords, variables, its value.
    ///
    /// # Errors
    ///
    /// A syntax error, which cannot happen for an expression that came from
    /// a successful decode.
    ///
    /// # Examples
    ///
    /// ```
    /// #[derive(serde::Deserialize)]
    /// struct Config {
    ///     #[serde(rename = "$hcl:expr:x")]
    ///     x: hcl_serde::Expression,
    /// }
    /// let config: Config = hcl_serde::from_str("x = [a, b]\n").unwrap();
    /// let items = config.x.with_expr(|expr| expr.as_static_list().map(|l| l.len()));
    /// assert_eq!(items.unwrap().unwrap(), 2);
    /// ```
    pub fn with_expr<R>(&self, f: impl FnOnce(hcl_core::ExprRef<'_>) -> R) -> Result<R> {
        if self.file.is_json() {
            let value = hcl_core::reparse_json(&self.file, self.expression)?;
            return Ok(f(hcl_core::ExprRef::from_json(&value)));
        }
        let end = Span::empty(self.attribute.end);
        let body = reparse_body(&self.file, self.attribute, end)?;
        match body.attributes.first() {
            Some(attr) => Ok(f(hcl_core::ExprRef::new(&attr.expr, &self.file))),
            None => Err(not_found()),
        }
    }

    /// Evaluates the expression with `ctx`.
    ///
    /// # Errors
    ///
    /// The evaluation's diagnostics.
    ///
    /// # Examples
    ///
    /// See [`Expression`].
    pub fn value(&self, ctx: &EvalContext<'_>) -> std::result::Result<Value, Diagnostics> {
        self.with_expr(|expr| expr.value(ctx))
            .map_err(Error::into_diagnostics)?
    }

    /// The root names of the variables the expression refers to, in order
    /// of first use, each once.
    ///
    /// # Examples
    ///
    /// See [`Expression`].
    pub fn variables(&self) -> Vec<String> {
        let mut names: Vec<String> = Vec::new();
        let _ = self.with_expr(|expr| {
            for traversal in expr.variables() {
                let name = traversal.root.to_string();
                if !names.contains(&name) {
                    names.push(name);
                }
            }
        });
        names
    }
}

impl PartialEq for Expression {
    /// Equal when both are the same text of the same file.
    fn eq(&self, other: &Self) -> bool {
        same_place(&self.file, self.attribute, &other.file, other.attribute)
            && self.expression.start - self.attribute.start
                == other.expression.start - other.attribute.start
            && self.expression.len() == other.expression.len()
    }
}

impl fmt::Debug for Expression {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Expression({:?} @ {})", self.source_text(), self.range())
    }
}

impl<'de> de::Deserialize<'de> for Expression {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_newtype_struct(
            PAYLOAD,
            PayloadVisitor("an expression", |p| match p {
                Payload::Expression(e) => Some(e),
                _ => None,
            }),
        )
    }
}

/// An expression that is not where it was when decoded.
fn not_found() -> Error {
    Error::message(
        Code::InvalidExpression,
        "Invalid expression",
        "The expression could not be found again in its source.".to_string(),
    )
}
