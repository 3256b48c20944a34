//! Values written in HCL expression syntax.

use std::fmt::{self, Write};

use super::{Number, Value, ValueKind};
use crate::types::is_identifier;

/// The text of an unknown value, which HCL has no literal for.
const UNKNOWN_TEXT: &str = "(unknown)";

impl fmt::Display for Value {
    /// The value as an HCL expression on one line: `"text"` (a quoted
    /// template, with HCL escapes and `${`/`%{` written `$${`/`%%{`),
    /// numbers with their exact digits, `true`, `false`, `null`, lists,
    /// sets and tuples as `[a, b]`, maps and objects as `{ key = value }`
    /// (`{}` when empty) with a key quoted unless it is an identifier.
    ///
    /// For every wholly known value `v` without capsules, the text read
    /// with [`parse_expression`](crate::parse_expression) and evaluated
    /// gives back `v` once converted to `v`'s type (the text of a list is
    /// a tuple constructor, of a map an object constructor, of a typed
    /// null `null`). Infinities, which have no literal, are written
    /// `(1/0)` and `-(1/0)`, which evaluate to them. A number is written
    /// with all the digits of its text, which identify it at its precision
    /// (`0.1` made from an `f64` is `0.1`, as equal values have equal
    /// texts), without exponent but for magnitudes beyond about 10^±10000
    /// ([`Number::to_text_bounded`]).
    ///
    /// Values that HCL cannot write have a text that does not read back:
    /// an unknown value is `(unknown)`, a capsule is its type's name in
    /// parentheses. Values carry no marks.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::{EvalContext, Type, Value};
    ///
    /// let v = EvalContext::new()
    ///     .evaluate_str(r#"{ name = "web ${"$"}{x}", "a b" = [1.50, true, null], e = {} }"#)
    ///     .unwrap();
    /// assert_eq!(v.to_string(), r#"{ "a b" = [1.5, true, null], e = {}, name = "web $${x}" }"#);
    /// assert_eq!(EvalContext::new().evaluate_str(&v.to_string()).unwrap(), v);
    /// assert_eq!(Value::unknown(Type::String).to_string(), "(unknown)");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // An explicit stack rather than recursion: a value nested however
        // deep is written without exhausting the call stack.
        enum Item<'a> {
            Value(&'a Value),
            Text(&'static str),
            Key(&'a str),
        }
        let mut stack = vec![Item::Value(self)];
        while let Some(item) = stack.pop() {
            let value = match item {
                Item::Text(text) => {
                    f.write_str(text)?;
                    continue;
                }
                Item::Key(key) => {
                    write_key(f, key)?;
                    continue;
                }
                Item::Value(value) => value,
            };
            match value.kind() {
                ValueKind::Null => f.write_str("null")?,
                ValueKind::Unknown => f.write_str(UNKNOWN_TEXT)?,
                ValueKind::Capsule(_) => write!(f, "({})", value.ty())?,
                ValueKind::Bool(b) => f.write_str(if b { "true" } else { "false" })?,
                ValueKind::Number(n) => write_number(f, n)?,
                ValueKind::String(s) => write_quoted(f, s)?,
                ValueKind::List(items) | ValueKind::Set(items) | ValueKind::Tuple(items) => {
                    f.write_char('[')?;
                    stack.push(Item::Text("]"));
                    for (i, item) in items.iter().enumerate().rev() {
                        stack.push(Item::Value(item));
                        if i > 0 {
                            stack.push(Item::Text(", "));
                        }
                    }
                }
                ValueKind::Map(entries) | ValueKind::Object(entries) => {
                    if entries.is_empty() {
                        f.write_str("{}")?;
                        continue;
                    }
                    f.write_str("{ ")?;
                    stack.push(Item::Text(" }"));
                    for (i, (key, item)) in entries.iter().enumerate().rev() {
                        stack.push(Item::Value(item));
                        stack.push(Item::Text(" = "));
                        stack.push(Item::Key(key));
                        if i > 0 {
                            stack.push(Item::Text(", "));
                        }
                    }
                }
            }
        }
        Ok(())
    }
}

/// A number as a literal: the digits of its text (all those that
/// identify it at its precision, which is what equality compares), or a
/// division for an infinity.
fn write_number(f: &mut fmt::Formatter<'_>, n: &Number) -> fmt::Result {
    if n.is_finite() {
        f.write_str(&n.to_text_bounded())
    } else if n.is_sign_negative() {
        f.write_str("-(1/0)")
    } else {
        f.write_str("(1/0)")
    }
}

/// An object key: bare when it is an identifier that cannot be taken for
/// a keyword or literal, else quoted.
fn write_key(f: &mut fmt::Formatter<'_>, key: &str) -> fmt::Result {
    if is_identifier(key) && !matches!(key, "true" | "false" | "null" | "for" | "in" | "if") {
        f.write_str(key)
    } else {
        write_quoted(f, key)
    }
}

/// `s` as a quoted template that evaluates to `s`: HCL escapes for quotes,
/// backslashes and control characters, and `$${`/`%%{` for `${`/`%{`.
pub(crate) fn write_quoted(f: &mut impl Write, s: &str) -> fmt::Result {
    f.write_char('"')?;
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '$' | '%' if chars.peek() == Some(&'{') => {
                f.write_char(c)?;
                f.write_char(c)?;
            }
            '"' => f.write_str("\\\"")?,
            '\\' => f.write_str("\\\\")?,
            '\n' => f.write_str("\\n")?,
            '\r' => f.write_str("\\r")?,
            '\t' => f.write_str("\\t")?,
            c if c.is_control() => write!(f, "\\u{:04X}", u32::from(c))?,
            c => f.write_char(c)?,
        }
    }
    f.write_char('"')
}

#[cfg(test)]
#[path = "display_tests.rs"]
mod tests;
