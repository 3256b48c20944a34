//! JSON text as Go's `encoding/json` writes it, for `hcl dec`, whose
//! output is that of the reference's `hcldec`: strings escaped with `<`,
//! `>` and `&` as `\u003c`, `\u003e`, `\u0026`, numbers as given, the
//! compact form of `json.Marshal` and the indented one of
//! `json.MarshalIndent`.

use hcl_core::value::ValueKind;
use hcl_core::{Range, Value};

/// A JSON value whose objects keep the order they are built in.
#[derive(Debug, Clone, PartialEq)]
pub enum Json {
    /// `null`
    Null,
    /// `true` or `false`
    Bool(bool),
    /// A number, as its text.
    Number(String),
    /// A string.
    String(String),
    /// An array.
    Array(Vec<Json>),
    /// An object, in this order.
    Object(Vec<(String, Json)>),
}

/// Why a value has no JSON text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoJson {
    /// An infinite number.
    Infinite,
    /// A value not known yet.
    Unknown,
    /// A capsule value.
    Capsule,
}

impl NoJson {
    /// The reference's message for it (go-cty's `ctyjson.Marshal`).
    pub fn message(self) -> &'static str {
        match self {
            NoJson::Infinite => "cannot serialize infinity as JSON",
            NoJson::Unknown => "value is not known",
            NoJson::Capsule => "capsule types not supported for JSON encoding",
        }
    }
}

impl Json {
    /// A string.
    pub fn str(text: &str) -> Json {
        Json::String(text.to_owned())
    }

    /// The plain JSON of a wholly known value, as go-cty's
    /// `ctyjson.Marshal(value, value.Type())` writes it: numbers in
    /// decimal without exponent, objects' and maps' keys sorted.
    pub fn of_value(value: &Value) -> Result<Json, NoJson> {
        Ok(match value.kind() {
            ValueKind::Null => Json::Null,
            ValueKind::Unknown => return Err(NoJson::Unknown),
            ValueKind::Capsule(_) => return Err(NoJson::Capsule),
            ValueKind::Bool(b) => Json::Bool(b),
            ValueKind::Number(n) if n.is_infinite() => return Err(NoJson::Infinite),
            ValueKind::Number(n) => Json::Number(n.to_string()),
            ValueKind::String(s) => Json::str(s),
            ValueKind::List(items) | ValueKind::Set(items) | ValueKind::Tuple(items) => {
                Json::Array(items.iter().map(Json::of_value).collect::<Result<_, _>>()?)
            }
            ValueKind::Map(entries) | ValueKind::Object(entries) => {
                let mut members = entries
                    .iter()
                    .map(|(k, v)| Ok((k.clone(), Json::of_value(v)?)))
                    .collect::<Result<Vec<_>, NoJson>>()?;
                members.sort_by(|a, b| a.0.cmp(&b.0));
                Json::Object(members)
            }
        })
    }

    /// The value with its type, as `ctyjson.Marshal(value,
    /// cty.DynamicPseudoType)` writes it: `{"value":V,"type":T}`, or
    /// `null` for a null of no type.
    pub fn of_typed_value(value: &Value) -> Result<Json, NoJson> {
        if value.is_null() && value.ty().is_dynamic() {
            return Ok(Json::Null);
        }
        let ty = Json::parse_plain(&value.ty().to_json()).unwrap_or(Json::Null);
        Ok(Json::Object(vec![
            ("value".to_owned(), Json::of_value(value)?),
            ("type".to_owned(), ty),
        ]))
    }

    /// A range as the reference's commands write one:
    /// `{"filename", "start": {"line", "column", "byte"}, "end": {…}}`.
    pub fn of_range(range: &Range) -> Json {
        let pos = |p: &hcl_core::Pos| {
            Json::Object(vec![
                ("line".to_owned(), Json::Number(p.line.to_string())),
                ("column".to_owned(), Json::Number(p.column.to_string())),
                ("byte".to_owned(), Json::Number(p.byte.to_string())),
            ])
        };
        Json::Object(vec![
            ("filename".to_owned(), Json::str(&range.filename)),
            ("start".to_owned(), pos(&range.start)),
            ("end".to_owned(), pos(&range.end)),
        ])
    }

    /// Removes every object member whose value is `null`, at any depth,
    /// and sorts the members of every object by key: what decoding into
    /// Go's `interface{}` and encoding again gives, as the reference's
    /// `hcldec` does without `--keep-nulls`.
    pub fn strip_nulls(self) -> Json {
        match self {
            Json::Array(items) => Json::Array(items.into_iter().map(Json::strip_nulls).collect()),
            Json::Object(members) => {
                let mut kept: Vec<(String, Json)> = members
                    .into_iter()
                    .filter(|(_, v)| *v != Json::Null)
                    .map(|(k, v)| (k, v.strip_nulls()))
                    .collect();
                kept.sort_by(|a, b| a.0.cmp(&b.0));
                // A Go map keeps the last of repeated keys.
                kept.reverse();
                kept.dedup_by(|a, b| a.0 == b.0);
                kept.reverse();
                Json::Object(kept)
            }
            other => other,
        }
    }

    /// The compact text (`json.Marshal`).
    pub fn compact(&self) -> String {
        let mut out = String::new();
        self.write(&mut out, None, 0);
        out
    }

    /// The text indented by two spaces (`json.MarshalIndent(v, "", "  ")`).
    pub fn indented(&self) -> String {
        let mut out = String::new();
        self.write(&mut out, Some("  "), 0);
        out
    }

    fn write(&self, out: &mut String, indent: Option<&str>, depth: usize) {
        let newline = |out: &mut String, depth: usize| {
            if let Some(unit) = indent {
                out.push('\n');
                for _ in 0..depth {
                    out.push_str(unit);
                }
            }
        };
        match self {
            Json::Null => out.push_str("null"),
            Json::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Json::Number(text) => out.push_str(text),
            Json::String(s) => write_string(out, s),
            Json::Array(items) if items.is_empty() => out.push_str("[]"),
            Json::Object(members) if members.is_empty() => out.push_str("{}"),
            Json::Array(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    newline(out, depth + 1);
                    item.write(out, indent, depth + 1);
                }
                newline(out, depth);
                out.push(']');
            }
            Json::Object(members) => {
                out.push('{');
                for (i, (key, value)) in members.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    newline(out, depth + 1);
                    write_string(out, key);
                    out.push(':');
                    if indent.is_some() {
                        out.push(' ');
                    }
                    value.write(out, indent, depth + 1);
                }
                newline(out, depth);
                out.push('}');
            }
        }
    }

    /// Reads JSON text without numbers, as a type's JSON is, keeping
    /// the order of members; `None` when it is not such text.
    fn parse_plain(text: &str) -> Option<Json> {
        let value: serde_json::Value = serde_json::from_str(text).ok()?;
        Some(Json::from_serde(&value))
    }

    fn from_serde(value: &serde_json::Value) -> Json {
        match value {
            serde_json::Value::Null => Json::Null,
            serde_json::Value::Bool(b) => Json::Bool(*b),
            serde_json::Value::Number(n) => Json::Number(n.to_string()),
            serde_json::Value::String(s) => Json::str(s),
            serde_json::Value::Array(items) => {
                Json::Array(items.iter().map(Json::from_serde).collect())
            }
            serde_json::Value::Object(map) => Json::Object(
                map.iter()
                    .map(|(k, v)| (k.clone(), Json::from_serde(v)))
                    .collect(),
            ),
        }
    }
}

/// A JSON string as Go's `encoding/json` escapes it.
fn write_string(out: &mut String, s: &str) {
    hcl_core::value::write_go_json_string(s, out);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_are_escaped_as_go_does() {
        assert_eq!(
            Json::str("<a&b>\n\u{1}\u{2028}é").compact(),
            r#""\u003ca\u0026b\u003e\n\u0001\u2028é""#
        );
    }

    #[test]
    fn indentation_is_that_of_marshal_indent() {
        let j = Json::Object(vec![
            ("a".to_owned(), Json::Array(vec![Json::Number("1".into())])),
            ("b".to_owned(), Json::Array(vec![])),
        ]);
        assert_eq!(j.indented(), "{\n  \"a\": [\n    1\n  ],\n  \"b\": []\n}");
        assert_eq!(j.compact(), "{\"a\":[1],\"b\":[]}");
    }

    #[test]
    fn nulls_are_stripped_and_keys_sorted() {
        let j = Json::Object(vec![
            (
                "value".to_owned(),
                Json::Object(vec![("x".to_owned(), Json::Null)]),
            ),
            ("type".to_owned(), Json::str("t")),
        ]);
        assert_eq!(j.strip_nulls().compact(), r#"{"type":"t","value":{}}"#);
    }

    #[test]
    fn typed_values_carry_their_type() {
        let v = Value::object([
            (
                "n",
                hcl_core::EvalContext::new()
                    .evaluate_str("1.5")
                    .unwrap_or_else(|_| Value::from(0)),
            ),
            ("s", Value::from("x")),
        ]);
        assert_eq!(
            Json::of_typed_value(&v).map(|j| j.compact()),
            Ok(
                r#"{"value":{"n":1.5,"s":"x"},"type":["object",{"n":"number","s":"string"}]}"#
                    .to_owned()
            )
        );
        let dynamic_null = Value::null(hcl_core::Type::Dynamic);
        assert_eq!(Json::of_typed_value(&dynamic_null), Ok(Json::Null));
    }
}
