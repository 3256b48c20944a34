//! Values written as HCL expressions, as the reference's `hclwrite`
//! writes them (`TokensForValue`).
//!
//! The text is made in two steps, as the reference makes it: the value's
//! tokens are written out with the line breaks of its objects, then laid
//! out by the crate's formatter ([`crate::format`], the layout of
//! `hclwrite.Format`), which indents the lines and aligns the `=` of an
//! object's elements. Only the tokens of a positive infinity, which the
//! reference writes as one token `+Inf`, would be read back by the
//! formatter as an operator and a name and spaced apart; they are joined
//! again afterwards.

#[cfg(test)]
mod tests;

use std::fmt::Write as _;

use crate::types::is_identifier;
use crate::value::{escape_templates, is_go_print, Number, Value, ValueKind};

/// The expression text of `value`, as the reference's `hclwrite` writes a
/// value it sets (`TokensForValue`, hashicorp/hcl v2.20.0 with go-cty
/// 1.13.0), laid out on its own: what reading the attribute's expression
/// back gives right after setting it.
///
/// - `null` for a null of any type; `true` and `false`.
/// - A number as the shortest decimal that identifies it at its precision,
///   without exponent (`1.5`, `-0`, `1000000000000000000000`), and the
///   infinities as `+Inf` and `-Inf` (which do not parse back: HCL has no
///   literal for them). Beyond about 10^±315 000, where the full text
///   would be hundreds of thousands of digits
///   ([`NUMBER_TEXT_MAX_BITS`](crate::value::NUMBER_TEXT_MAX_BITS)), the
///   shortest digits are written with an exponent instead, which reads
///   back as the same number (the reference writes every digit).
/// - A string quoted, with `\n`, `\r`, `\t`, `\"` and `\\` escapes, `${`
///   and `%{` written `$${` and `%%{`, and every character that Go 1.19's
///   `unicode.IsPrint` rejects written `\uXXXX` (or `\UXXXXXXXX` beyond
///   U+FFFF, lower-case hex): all but the graphic characters of Unicode
///   13.0.0 and U+0020, so other spaces, format characters such as U+200B
///   and U+FEFF, separators, controls, private-use and unassigned code
///   points. Strings are in NFC already, as every string value is.
/// - Lists, sets and tuples as `[a, b]` on one line (sets in their
///   iteration order, the reference's).
/// - Maps and objects as `{`, one line per element in the order of the
///   keys' bytes, `}` (`{}` when empty); a key is bare when it is an
///   identifier, else quoted like a string; the `=` of consecutive
///   one-line elements are aligned, and nested lines indented by the
///   formatter's rules, which give a list of objects its odd layout
///   (`[{`, `  a = 1`, `  }, {`, `  a = 2`, `}]`).
///
/// The layout is the crate's formatter's, with its bounds: indentation
/// stops growing beyond 128 levels and keys wider than 200 columns take no
/// part in alignment ([`FormatOptions`](crate::FormatOptions)), where the
/// reference goes on; and the formatter measures a quoted key's text in
/// the pieces the lexer reads it in, where each `$` and `%` stands alone,
/// so a combining mark right after one of those counts as a column of its
/// own in the alignment (the reference measures the key's text whole).
/// Identifiers are those of the crate's lexer, whose
/// Unicode tables are newer than the reference's (a key that only they
/// call a letter is written bare).
///
/// Values that HCL cannot write, for which the reference stops (it
/// panics), are written as [`Value`]'s `Display` writes them and do not
/// read back as the value: an unknown value (anywhere inside the value) is
/// `(unknown)`, a capsule value its type's name in parentheses. A caller
/// that sets attributes should refuse such values first
/// ([`Value::is_wholly_known`]).
///
/// # Examples
///
/// ```
/// use hcl_core::edit::value_text;
/// use hcl_core::{Number, Value};
///
/// assert_eq!(value_text(&Value::from(1)), "1");
/// assert_eq!(value_text(&Value::number(Number::parse_str("-1.50").unwrap())), "-1.5");
/// assert_eq!(value_text(&Value::from("say \"${hi}\"\u{a0}")), r#""say \"$${hi}\"\u00a0""#);
/// let list = Value::tuple(vec![Value::from(1), Value::from(true), Value::from("x")]);
/// assert_eq!(value_text(&list), r#"[1, true, "x"]"#);
/// let object = Value::object([
///     ("long", Value::from("x")),
///     ("a", Value::from(1)),
///     ("tags", Value::object([("env", Value::from("prod"))])),
///     ("with space", Value::from(true)),
/// ]);
/// assert_eq!(
///     value_text(&object),
///     "{\n  a    = 1\n  long = \"x\"\n  tags = {\n    env = \"prod\"\n  }\n  \"with space\" = true\n}",
/// );
/// ```
pub fn value_text(value: &Value) -> String {
    let mut tokens = String::new();
    let joins = write_tokens(value, &mut tokens);
    tokens.push('\n');
    let mut text = crate::format(&tokens);
    if joins {
        text = join_positive_infinities(&text);
    }
    if text.ends_with('\n') {
        text.pop();
    }
    text
}

/// What is left to write of a value: the parts of a collection are pushed
/// on a stack rather than written by recursion, so a value nested however
/// deep is written without exhausting the call stack.
enum Part<'a> {
    Value(&'a Value),
    Text(&'static str),
    Key(&'a str),
}

/// Writes the tokens of `value` as the reference makes them, before
/// layout: one space after `=` and `,`, and a line break after an
/// object's `{` and after each of its elements. Returns whether a
/// positive infinity was written (see [`join_positive_infinities`]).
fn write_tokens(value: &Value, out: &mut String) -> bool {
    let mut positive_infinity = false;
    let mut stack = vec![Part::Value(value)];
    while let Some(part) = stack.pop() {
        let value = match part {
            Part::Text(text) => {
                out.push_str(text);
                continue;
            }
            Part::Key(key) if is_identifier(key) => {
                out.push_str(key);
                continue;
            }
            Part::Key(key) => {
                write_string(key, out);
                continue;
            }
            Part::Value(value) => value,
        };
        match value.kind() {
            ValueKind::Null => out.push_str("null"),
            ValueKind::Bool(b) => out.push_str(if b { "true" } else { "false" }),
            ValueKind::Number(n) => positive_infinity |= write_number(n, out),
            ValueKind::String(s) => write_string(s, out),
            ValueKind::List(items) | ValueKind::Set(items) | ValueKind::Tuple(items) => {
                out.push('[');
                stack.push(Part::Text("]"));
                for (i, item) in items.iter().enumerate().rev() {
                    stack.push(Part::Value(item));
                    if i > 0 {
                        stack.push(Part::Text(", "));
                    }
                }
            }
            ValueKind::Map(entries) | ValueKind::Object(entries) => {
                out.push_str(if entries.is_empty() { "{" } else { "{\n" });
                stack.push(Part::Text("}"));
                for (key, item) in entries.iter().rev() {
                    stack.push(Part::Text("\n"));
                    stack.push(Part::Value(item));
                    stack.push(Part::Text(" = "));
                    stack.push(Part::Key(key));
                }
            }
            ValueKind::Unknown | ValueKind::Capsule(_) => {
                // Infallible: writing to a `String` does not fail.
                let _ = write!(out, "{value}");
            }
        }
    }
    positive_infinity
}

/// Writes a number as Go's `big.Float.Text('f', -1)` does (bounded, see
/// [`value_text`]); returns whether it is the positive infinity.
fn write_number(n: &Number, out: &mut String) -> bool {
    out.push_str(&n.to_text_bounded());
    n.is_infinite() && !n.is_sign_negative()
}

/// Writes `s` as a quoted string literal, escaped as the reference's
/// `escapeQuotedStringLit` escapes it.
fn write_string(s: &str, out: &mut String) {
    out.reserve(s.len() + 2);
    out.push('"');
    for c in escape_templates(s).chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if is_go_print(c) => out.push(c),
            c if u32::from(c) < 0x10000 => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => {
                let _ = write!(out, "\\U{:08x}", u32::from(c));
            }
        }
    }
    out.push('"');
}

/// Joins the `+ Inf` that the formatter makes of the reference's one token
/// `+Inf`. Outside quoted strings, a `+` is only ever that of an infinity;
/// inside them, text is left alone (a string's own `+ Inf` stays).
fn join_positive_infinities(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut in_string = false;
    let mut escaped = false;
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if !in_string && rest.starts_with("+ Inf") {
            out.push_str("+Inf");
            rest = rest.get("+ Inf".len()..).unwrap_or_default();
            continue;
        }
        if in_string {
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => in_string = false,
                _ => {}
            }
        } else if c == '"' {
            in_string = true;
        }
        out.push(c);
        rest = rest.get(c.len_utf8()..).unwrap_or_default();
    }
    out
}
