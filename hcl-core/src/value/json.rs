//! Writing values as JSON: the typed-JSON encoding of the conformance
//! data ([`Value::to_typed_json`]) and plain JSON with exact numbers
//! ([`Value::to_json`]), by one writer.

use std::fmt;

use super::{Repr, Value};
use crate::types::write_json_string;

/// How [`Value::write_json`] lays out its text.
///
/// The default is compact text with strings as they are.
///
/// # Examples
///
/// ```
/// use hcl_core::value::{JsonStyle, Value};
///
/// let v = Value::object([("a", Value::tuple(vec![Value::from(1)])), ("t", Value::from("${x}"))]);
/// let style = JsonStyle { indent: Some(2), escape_templates: true, ..JsonStyle::default() };
/// let mut out = String::new();
/// v.write_json(&mut out, &style).unwrap();
/// assert_eq!(out, "{\n  \"a\": [\n    1\n  ],\n  \"t\": \"$${x}\"\n}");
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct JsonStyle {
    /// Puts each element and attribute on its own line, indented by this
    /// many spaces per level (and a space after each `:`); `None` writes
    /// everything on one line without spaces.
    pub indent: Option<usize>,
    /// The level the value starts at when it is written inside a larger
    /// indented document: its nested lines are indented one level more.
    pub depth: usize,
    /// Writes `${` and `%{` in strings and object keys as `$${` and
    /// `%%{`, as the HCL JSON syntax reads them as templates: the text then
    /// reads back through that syntax as the same strings.
    pub escape_templates: bool,
}

/// Why a value has no plain JSON text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum ToJsonErrorKind {
    /// The value, or a part of it, is not known yet.
    Unknown,
    /// A number is infinite, which JSON cannot write.
    Infinite,
    /// A capsule value, which has no JSON form.
    Capsule,
}

/// A value that [`Value::to_json`] cannot write, and where in it the part
/// that cannot be written is.
///
/// # Examples
///
/// ```
/// use hcl_core::types::Type;
/// use hcl_core::value::{ToJsonErrorKind, Value};
///
/// let v = Value::object([("a", Value::tuple(vec![Value::from(1), Value::unknown(Type::String)]))]);
/// let err = v.to_json().unwrap_err();
/// assert_eq!(err.kind, ToJsonErrorKind::Unknown);
/// assert_eq!(err.path, ".a[1]");
/// assert_eq!(err.to_string(), "the value at .a[1] is not known yet");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToJsonError {
    /// What the part is.
    pub kind: ToJsonErrorKind,
    /// Where it is: attribute names (`.name`, or `["a b"]` for a name
    /// that is not an identifier) and element indexes (`[2]`); empty for
    /// the value itself.
    pub path: String,
}

impl fmt::Display for ToJsonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.kind {
            ToJsonErrorKind::Unknown => "is not known yet",
            ToJsonErrorKind::Infinite => "is an infinite number, which JSON cannot write",
            ToJsonErrorKind::Capsule => "is a capsule value, which has no JSON form",
        };
        if self.path.is_empty() {
            write!(f, "the value {what}")
        } else {
            write!(f, "the value at {} {what}", self.path)
        }
    }
}

impl std::error::Error for ToJsonError {}

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
        // The typed encoding writes every value.
        let _ = Writer::Typed.value(self, &mut out, 0);
        out
    }

    /// The plain JSON text of a wholly known value, compact: what
    /// [`Value::write_json`] writes with the default [`JsonStyle`].
    ///
    /// Numbers are JSON numbers with every digit that identifies them at
    /// their precision (512 bits for those read from source), so the text
    /// reads back as exactly the same number: integers as integers
    /// (`12345678901234567890123`), others in decimal (`0.1`, `-2.5`), and
    /// the huge and tiny magnitudes of
    /// [`Number::to_text_bounded`](crate::value::Number::to_text_bounded)
    /// in exponent form. Strings are escaped minimally (`"`, `\`, control
    /// characters). Lists, sets and tuples are arrays (a set in its
    /// iteration order); maps and objects are objects with their keys
    /// sorted. An unknown value, an infinite number or a capsule value has
    /// no JSON text: the error says which and where.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::EvalContext;
    /// use hcl_core::value::{ToJsonErrorKind, Value};
    ///
    /// let v = EvalContext::new().evaluate_str(r#"{ n = 12345678901234567890123, f = 0.1, s = "a\"b", l = [true, null] }"#).unwrap();
    /// assert_eq!(v.to_json().unwrap(), r#"{"f":0.1,"l":[true,null],"n":12345678901234567890123,"s":"a\"b"}"#);
    ///
    /// let inf = EvalContext::new().evaluate_str("1/0").unwrap();
    /// assert_eq!(inf.to_json().unwrap_err().kind, ToJsonErrorKind::Infinite);
    /// ```
    pub fn to_json(&self) -> Result<String, ToJsonError> {
        let mut out = String::new();
        self.write_json(&mut out, &JsonStyle::default())?;
        Ok(out)
    }

    /// Appends the plain JSON text of a wholly known value to `out`, laid
    /// out as `style` says (see [`Value::to_json`] for what is written).
    /// On an error, `out` may hold part of the text.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::value::{JsonStyle, Value};
    ///
    /// let mut out = String::from("[");
    /// let style = JsonStyle { escape_templates: true, ..JsonStyle::default() };
    /// Value::from("100%{x}").write_json(&mut out, &style).unwrap();
    /// out.push(']');
    /// assert_eq!(out, r#"["100%%{x}"]"#);
    /// ```
    pub fn write_json(&self, out: &mut String, style: &JsonStyle) -> Result<(), ToJsonError> {
        Writer::Plain(style).value(self, out, style.depth)
    }
}

/// The two encodings, which differ in numbers, sets, unknown and capsule
/// values and layout.
enum Writer<'a> {
    Typed,
    Plain(&'a JsonStyle),
}

impl Writer<'_> {
    fn value(&self, v: &Value, out: &mut String, depth: usize) -> Result<(), ToJsonError> {
        match &v.0 {
            Repr::Null(_) => out.push_str("null"),
            Repr::Unknown(_) | Repr::Refined(_) => match self {
                Writer::Typed => out.push_str("{\"$unknown\":true}"),
                Writer::Plain(_) => return Err(error(ToJsonErrorKind::Unknown)),
            },
            Repr::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Repr::Number(n) => match self {
                Writer::Typed => write_json_string(&n.to_text_bounded(), out),
                Writer::Plain(_) if n.is_infinite() => {
                    return Err(error(ToJsonErrorKind::Infinite))
                }
                Writer::Plain(_) => out.push_str(&n.to_text_bounded()),
            },
            Repr::String(s) => self.string(s, out),
            Repr::List(s) | Repr::Tuple(s) => self.array(&s.elems, out, depth)?,
            Repr::Set(s) => match self {
                Writer::Typed => {
                    let mut texts: Vec<String> = s.elems.iter().map(Value::to_json_text).collect();
                    texts.sort_unstable();
                    out.push('[');
                    out.push_str(&texts.join(","));
                    out.push(']');
                }
                Writer::Plain(_) => self.array(&s.elems, out, depth)?,
            },
            Repr::Map(e) | Repr::Object(e) => {
                if e.entries.is_empty() {
                    out.push_str("{}");
                    return Ok(());
                }
                out.push('{');
                for (i, (k, x)) in e.entries.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    self.newline(out, depth + 1);
                    self.string(k, out);
                    out.push(':');
                    if self.indent().is_some() {
                        out.push(' ');
                    }
                    self.value(x, out, depth + 1)
                        .map_err(|err| err.within(&attribute_step(k)))?;
                }
                self.newline(out, depth);
                out.push('}');
            }
            Repr::Capsule(c) => match self {
                Writer::Typed => {
                    out.push_str("{\"$capsule\":");
                    write_json_string(&c.ty.to_string(), out);
                    out.push('}');
                }
                Writer::Plain(_) => return Err(error(ToJsonErrorKind::Capsule)),
            },
        }
        Ok(())
    }

    fn array(&self, elems: &[Value], out: &mut String, depth: usize) -> Result<(), ToJsonError> {
        if elems.is_empty() {
            out.push_str("[]");
            return Ok(());
        }
        out.push('[');
        for (i, e) in elems.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            self.newline(out, depth + 1);
            self.value(e, out, depth + 1)
                .map_err(|err| err.within(&format!("[{i}]")))?;
        }
        self.newline(out, depth);
        out.push(']');
        Ok(())
    }

    fn string(&self, s: &str, out: &mut String) {
        match self {
            Writer::Plain(style) if style.escape_templates && s.contains(['$', '%']) => {
                write_json_string(&escape_templates(s), out);
            }
            _ => write_json_string(s, out),
        }
    }

    fn indent(&self) -> Option<usize> {
        match self {
            Writer::Typed => None,
            Writer::Plain(style) => style.indent,
        }
    }

    fn newline(&self, out: &mut String, depth: usize) {
        if let Some(width) = self.indent() {
            out.push('\n');
            out.extend(std::iter::repeat_n(' ', width.saturating_mul(depth)));
        }
    }
}

/// `${` and `%{` written as `$${` and `%%{`: the template text whose value
/// is `s`.
///
/// # Examples
///
/// ```
/// assert_eq!(hcl_core::value::escape_templates("${a} %{b} $$ %"), "$${a} %%{b} $$ %");
/// ```
pub fn escape_templates(s: &str) -> String {
    s.replace("${", "$${").replace("%{", "%%{")
}

fn error(kind: ToJsonErrorKind) -> ToJsonError {
    ToJsonError {
        kind,
        path: String::new(),
    }
}

impl ToJsonError {
    fn within(mut self, step: &str) -> ToJsonError {
        self.path.insert_str(0, step);
        self
    }
}

fn attribute_step(name: &str) -> String {
    if crate::types::is_identifier(name) {
        format!(".{name}")
    } else {
        let mut quoted = String::new();
        write_json_string(name, &mut quoted);
        format!("[{quoted}]")
    }
}

/// Appends a string as JSON, escaped as the reference does: `"` and `\`,
/// control characters (`\n`, `\r`, `\t`, the others as `\u00xx`), and
/// `<`, `>`, `&`, U+2028 and U+2029 as `\u` escapes. Backspace and form
/// feed are `\u0008` and `\u000c`: the reference is built with Go 1.19,
/// whose `encoding/json` writes them so (Go 1.22 writes `\b` and `\f`).
/// `jsonencode` and `format("%q")` write strings so.
///
/// # Examples
///
/// ```
/// let mut out = String::new();
/// hcl_core::value::write_go_json_string("a<b>\u{8}", &mut out);
/// assert_eq!(out, "\"a\\u003cb\\u003e\\u0008\"");
/// ```
pub fn write_go_json_string(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{0}'..='\u{1f}' | '<' | '>' | '&' | '\u{2028}' | '\u{2029}' => {
                let u = c as u32;
                out.push_str("\\u");
                for shift in [12, 8, 4, 0] {
                    // A nibble is always a valid hexadecimal digit.
                    out.push(char::from_digit((u >> shift) & 0xf, 16).unwrap_or('0'));
                }
            }
            _ => out.push(c),
        }
    }
    out.push('"');
}
