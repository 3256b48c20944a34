//! A parsed file of the JSON syntax as a document of that syntax
//! ([`Json`]), for `hcl json`.
//!
//! The file's top-level properties are its attributes, read as
//! [`Body::just_attributes`] reads them (a `"//"` property is a comment).
//! Without a schema the JSON syntax cannot tell a block from an object, so
//! what stands for blocks stays the objects and arrays it is written as:
//! read back with the schema, it gives the same blocks. Arrays and objects
//! keep their structure, each element and property converted on its own;
//! a string (a template of the syntax) is its value when it is known, else
//! written as it is, since it is already the template that reads back as
//! itself; numbers keep every digit.

use crate::convert::Mode;
use crate::json::Json;
use hcl_core::value::escape_templates;
use hcl_core::{Body, Code, Diagnostics, EvalContext, ExprRef, JsonFile, Type, Value};
use std::collections::HashMap;

/// Converts files of the JSON syntax to [`Json`].
///
/// # Examples
///
/// ```
/// use hcl_cli::convert::Mode;
/// use hcl_cli::convert_json::JsonConverter;
/// use hcl_core::{Diagnostics, EvalContext};
///
/// let file = hcl_core::parse_json(r#"{"a": ["${1 + 1}", "${var.b}"], "c": 1.50}"#, "m.tf.json").unwrap();
/// let ctx = EvalContext::new();
/// let mut diags = Diagnostics::default();
/// let mut conv = JsonConverter { ctx: &ctx, mode: Mode::Evaluate, diags: &mut diags };
/// assert_eq!(conv.file(&file).to_text(None), r#"{"a":[2,"${var.b}"],"c":1.5}"#);
/// let mut conv = JsonConverter { ctx: &ctx, mode: Mode::Source, diags: &mut diags };
/// assert_eq!(conv.file(&file).to_text(None), r#"{"a":["${1 + 1}","${var.b}"],"c":1.5}"#);
/// ```
pub struct JsonConverter<'a, 'p> {
    /// Variables and functions.
    pub ctx: &'a EvalContext<'p>,
    /// Whether to evaluate ([`Mode::Hcl2json`], for a syntax hcl2json
    /// does not read, is [`Mode::Source`] here).
    pub mode: Mode,
    /// Where the body's errors go, and evaluation errors as warnings.
    pub diags: &'a mut Diagnostics,
}

impl JsonConverter<'_, '_> {
    /// A file: its attributes in source order (errors of the body, such as
    /// a repeated property or a root that is an array, are reported and
    /// what can be read is written).
    pub fn file(&mut self, file: &JsonFile<'_>) -> Json {
        let (attrs, found) = Body::from_json_file(file).just_attributes_with_diagnostics();
        self.diags.extend(found);
        let mut attrs: Vec<_> = attrs.into_values().collect();
        attrs.sort_by_key(|a| a.span.start);
        Json::Object(
            attrs
                .into_iter()
                .map(|a| (a.name.to_owned(), self.attribute(a.expr)))
                .collect(),
        )
    }

    /// An attribute's value: in [`Mode::Evaluate`], its value when it is
    /// wholly known, else its parts.
    pub fn attribute(&mut self, expr: ExprRef<'_>) -> Json {
        if self.mode == Mode::Evaluate {
            if let Some(json) = known_json(expr, self.ctx, self.diags) {
                return json;
            }
        }
        self.parts(expr)
    }

    fn parts(&mut self, expr: ExprRef<'_>) -> Json {
        if let Ok(items) = expr.as_static_list() {
            return Json::Array(items.into_iter().map(|e| self.parts(e)).collect());
        }
        if let Ok(pairs) = expr.as_static_map() {
            let mut list: Vec<(String, Json)> = Vec::new();
            let mut index: HashMap<String, usize> = HashMap::new();
            for pair in pairs {
                let key = self.key(pair.key);
                let value = self.parts(pair.value);
                // A repeated key is an error of the syntax: reported as a
                // warning, the last value kept, as for the native syntax.
                match index.get(&key) {
                    Some(&at) => {
                        self.diags.push(pair.key.location().warning(
                            Code::DuplicateObjectKey,
                            "Duplicate object attribute",
                            format!(
                                "The key {key:?} was already defined in this object; \
                                 its last value is written."
                            ),
                        ));
                        if let Some(slot) = list.get_mut(at) {
                            slot.1 = value;
                        }
                    }
                    None => {
                        index.insert(key.clone(), list.len());
                        list.push((key, value));
                    }
                }
            }
            return Json::Object(list);
        }
        self.leaf(expr)
    }

    /// A property name, a template: its value escaped when known, else as
    /// it is written.
    fn key(&mut self, key: ExprRef<'_>) -> String {
        let known = match self.mode {
            Mode::Evaluate => self.known_value(key),
            Mode::Source | Mode::Hcl2json { .. } => None,
        };
        known
            .filter(|v| !v.is_null())
            .and_then(|v| hcl_core::types::convert(&v, &Type::String).ok())
            .and_then(|v| v.as_str().map(escape_templates))
            .unwrap_or_else(|| written(key))
    }

    fn leaf(&mut self, expr: ExprRef<'_>) -> Json {
        if !expr.is_template() {
            // A number, a bool or null: its value.
            let (value, _) = expr.literal_value_with_diagnostics();
            return Json::known(value)
                .unwrap_or_else(|| Json::Template(expr.location().text().to_owned()));
        }
        if self.mode == Mode::Evaluate {
            if let Some(json) = self.known_value(expr).and_then(Json::known) {
                return json;
            }
        }
        Json::Template(written(expr))
    }

    /// The value of a string that refers only to what the context defines
    /// and evaluates without errors; errors other than unknown names are
    /// reported as warnings.
    fn known_value(&mut self, expr: ExprRef<'_>) -> Option<Value> {
        if refers_to_undefined(&expr, self.ctx) {
            return None;
        }
        let (value, found) = expr.value_with_diagnostics(self.ctx);
        crate::convert::known_value(
            value,
            found,
            " The string is written as it is, a template.",
            self.diags,
        )
    }
}

/// A string as it is written (its escapes resolved): the template the
/// syntax reads it as.
fn written(expr: ExprRef<'_>) -> String {
    match expr.literal_value() {
        Ok(value) => value.as_str().map(str::to_owned),
        Err(_) => None,
    }
    .unwrap_or_else(|| expr.location().text().to_owned())
}

/// The value of `expr` as JSON, when it refers only to what `ctx` defines,
/// evaluates without errors and is wholly known (its warnings then go to
/// `diags`).
pub(crate) fn known_json(
    expr: ExprRef<'_>,
    ctx: &EvalContext<'_>,
    diags: &mut Diagnostics,
) -> Option<Json> {
    if refers_to_undefined(&expr, ctx) {
        return None;
    }
    let (value, found) = expr.value_with_diagnostics(ctx);
    if found.has_errors() {
        return None;
    }
    let json = Json::known(value)?;
    diags.extend(found);
    Some(json)
}

/// Whether an expression of either syntax refers to a variable that
/// neither `ctx` nor its parents define.
///
/// # Examples
///
/// ```
/// let parsed = hcl_core::parse_expression_json(r#"["${var.x}"]"#, "e.json").unwrap();
/// let expr = hcl_core::ExprRef::from_json(&parsed);
/// let ctx = hcl_core::EvalContext::new();
/// assert!(hcl_cli::convert_json::refers_to_undefined(&expr, &ctx));
/// ```
pub fn refers_to_undefined(expr: &ExprRef<'_>, ctx: &EvalContext<'_>) -> bool {
    expr.variables()
        .iter()
        .any(|t| ctx.variable(t.root).is_none())
}
