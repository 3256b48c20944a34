//! The JSON document `hcl json` writes: arrays and objects in the order
//! the source gives them, holding values, which
//! [`Value::write_json`] writes, and template strings.

use hcl_core::value::{escape_templates, JsonStyle};
use hcl_core::Value;

/// A JSON document in the HCL JSON syntax, being built.
///
/// # Examples
///
/// ```
/// use hcl_cli::json::Json;
/// use hcl_core::Value;
///
/// let doc = Json::Object(vec![
///     ("a".to_owned(), Json::Value(Value::from("${literal}"))),
///     ("b".to_owned(), Json::Template("${var.x}".to_owned())),
///     ("c".to_owned(), Json::Array(vec![Json::Value(Value::from(1))])),
/// ]);
/// assert_eq!(doc.to_text(None), r#"{"a":"$${literal}","b":"${var.x}","c":[1]}"#);
/// ```
#[derive(Debug, Clone)]
pub enum Json {
    /// A value that [`Value::to_json`] writes (wholly known, no infinity):
    /// its strings are escaped as templates.
    Value(Value),
    /// A value that [`Value::to_json`] writes, its strings and keys as
    /// they are (not escaped as templates): what hcl2json's `-simplify`
    /// writes for the values it evaluates.
    Plain(Value),
    /// The text of a template, written as a string as it is.
    Template(String),
    /// An array.
    Array(Vec<Json>),
    /// An object; its keys are written as they are, already escaped where
    /// the syntax reads them as templates.
    Object(Vec<(String, Json)>),
}

impl Json {
    /// A known value, if it has JSON text; `None` for a value that is not
    /// wholly known or holds an infinity.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_cli::json::Json;
    /// use hcl_core::{Type, Value};
    /// assert!(Json::known(Value::from(1)).is_some());
    /// assert!(Json::known(Value::unknown(Type::Number)).is_none());
    /// ```
    pub fn known(value: Value) -> Option<Json> {
        value.to_json().ok().map(|_| Json::Value(value))
    }

    /// A known value written as plain JSON ([`Json::Plain`]), if it has
    /// JSON text.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_cli::json::Json;
    /// use hcl_core::Value;
    /// let doc = Json::plain(Value::from("${x}")).unwrap();
    /// assert_eq!(doc.to_text(None), r#""${x}""#);
    /// ```
    pub fn plain(value: Value) -> Option<Json> {
        value.to_json().ok().map(|_| Json::Plain(value))
    }

    /// A string literal: a value written with `${` and `%{` escaped.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_cli::json::Json;
    /// assert_eq!(Json::string("a${b}").to_text(None), r#""a$${b}""#);
    /// ```
    pub fn string(text: &str) -> Json {
        Json::Template(escape_templates(text))
    }

    /// The JSON text: compact, or indented by `indent` spaces per level.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_cli::json::Json;
    /// let doc = Json::Object(vec![("k".to_owned(), Json::Array(vec![]))]);
    /// assert_eq!(doc.to_text(Some(2)), "{\n  \"k\": []\n}");
    /// ```
    pub fn to_text(&self, indent: Option<usize>) -> String {
        let mut out = String::new();
        self.write(&mut out, indent, 0);
        out
    }

    fn write(&self, out: &mut String, indent: Option<usize>, depth: usize) {
        match self {
            Json::Value(value) | Json::Plain(value) => {
                let style = JsonStyle {
                    indent,
                    depth,
                    escape_templates: matches!(self, Json::Value(_)),
                };
                // Only values with JSON text are made into nodes
                // (`Json::known`, `Json::plain`); another writes nothing.
                let _ = value.write_json(out, &style);
            }
            Json::Template(text) => write_string(text, out),
            Json::Array(items) => {
                if items.is_empty() {
                    out.push_str("[]");
                    return;
                }
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    newline(out, indent, depth + 1);
                    item.write(out, indent, depth + 1);
                }
                newline(out, indent, depth);
                out.push(']');
            }
            Json::Object(entries) => {
                if entries.is_empty() {
                    out.push_str("{}");
                    return;
                }
                out.push('{');
                for (i, (key, value)) in entries.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    newline(out, indent, depth + 1);
                    write_string(key, out);
                    out.push(':');
                    if indent.is_some() {
                        out.push(' ');
                    }
                    value.write(out, indent, depth + 1);
                }
                newline(out, indent, depth);
                out.push('}');
            }
        }
    }
}

/// A string as JSON, as it is (the value writer's escaping).
fn write_string(text: &str, out: &mut String) {
    let _ = Value::from(text).write_json(out, &JsonStyle::default());
}

fn newline(out: &mut String, indent: Option<usize>, depth: usize) {
    if let Some(width) = indent {
        out.push('\n');
        out.extend(std::iter::repeat_n(' ', width.saturating_mul(depth)));
    }
}
