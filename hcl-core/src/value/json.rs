//! The typed-JSON encoding of values.

use super::{Repr, Value};
use crate::types::write_json_string;

impl Value {
    /// The typed-JSON encoding of the value: the JSON text of its type and
    /// the JSON text of the value read against that type, both canonical
    /// (no whitespace, object keys sorted, strings escaped minimally).
    ///
    /// A null is `null`, an unknown `{"$unknown":true}`, a number the JSON
    /// string of its decimal text (in exponent form for the huge and tiny
    /// magnitudes of
    /// [`Number::to_text_bounded`](crate::value::Number::to_text_bounded)),
    /// a set the array of its elements sorted
    /// by their JSON text. A capsule value, which has no standard encoding,
    /// is written `{"$capsule":"NAME"}`.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// use hcl_core::value::Value;
    ///
    /// let v = Value::object([
    ///     ("n", Value::from(15)),
    ///     ("s", Value::set(Type::String, vec![Value::from("b"), Value::from("a\n")]).unwrap()),
    ///     ("u", Value::unknown(Type::Bool)),
    /// ]);
    /// let (ty, val) = v.to_typed_json();
    /// assert_eq!(ty, r#"["object",{"n":"number","s":["set","string"],"u":"bool"}]"#);
    /// assert_eq!(val, r#"{"n":"15","s":["a\n","b"],"u":{"$unknown":true}}"#);
    /// ```
    pub fn to_typed_json(&self) -> (String, String) {
        (self.ty().to_json(), self.to_json_text())
    }

    /// The JSON text of the value alone (the second half of
    /// [`Value::to_typed_json`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// use hcl_core::value::Value;
    /// assert_eq!(Value::null(Type::String).to_json_text(), "null");
    /// assert_eq!(Value::tuple(vec![Value::from(true), Value::from("x")]).to_json_text(), r#"[true,"x"]"#);
    /// ```
    pub fn to_json_text(&self) -> String {
        let mut out = String::new();
        write_value(self, &mut out);
        out
    }
}

fn write_value(v: &Value, out: &mut String) {
    match &v.0 {
        Repr::Null(_) => out.push_str("null"),
        Repr::Unknown(_) => out.push_str("{\"$unknown\":true}"),
        Repr::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Repr::Number(n) => write_json_string(&n.to_text_bounded(), out),
        Repr::String(s) => write_json_string(s, out),
        Repr::List(s) | Repr::Tuple(s) => write_array(s.elems.iter().map(text), out),
        Repr::Set(s) => {
            let mut texts: Vec<String> = s.elems.iter().map(text).collect();
            texts.sort_unstable();
            write_array(texts.into_iter(), out);
        }
        Repr::Map(e) | Repr::Object(e) => {
            out.push('{');
            for (i, (k, x)) in e.entries.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_json_string(k, out);
                out.push(':');
                write_value(x, out);
            }
            out.push('}');
        }
        Repr::Capsule(c) => {
            out.push_str("{\"$capsule\":");
            write_json_string(&c.ty.to_string(), out);
            out.push('}');
        }
    }
}

fn text(v: &Value) -> String {
    v.to_json_text()
}

fn write_array(items: impl Iterator<Item = String>, out: &mut String) {
    out.push('[');
    for (i, t) in items.enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(&t);
    }
    out.push(']');
}
