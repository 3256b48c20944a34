//! Writing values in HCL syntax, for `hcl eval`.

use hcl_core::value::ValueKind;
use hcl_core::Value;

/// The text written for an unknown value.
pub const UNKNOWN: &str = "(unknown)";

/// A value in HCL syntax on one line: `{ a = 1, b = "x" }`, `[1, 2]`,
/// quoted strings with HCL escapes, `null`, and `(unknown)` for a value not
/// known yet.
pub fn value_to_hcl(value: &Value) -> String {
    let mut out = String::new();
    write_value(value, &mut out);
    out
}

fn write_value(value: &Value, out: &mut String) {
    match value.kind() {
        ValueKind::Null => out.push_str("null"),
        ValueKind::Unknown => out.push_str(UNKNOWN),
        ValueKind::Capsule(_) => out.push_str(&format!("({})", value.ty())),
        ValueKind::Bool(b) => out.push_str(if b { "true" } else { "false" }),
        ValueKind::Number(n) => {
            if n.is_finite() {
                out.push_str(&n.to_text_bounded());
            } else if n.is_sign_negative() {
                out.push_str("-(1/0)");
            } else {
                out.push_str("(1/0)");
            }
        }
        ValueKind::String(s) => write_string(s, out),
        ValueKind::List(items) | ValueKind::Set(items) | ValueKind::Tuple(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_value(item, out);
            }
            out.push(']');
        }
        ValueKind::Map(entries) | ValueKind::Object(entries) => {
            if entries.is_empty() {
                out.push_str("{}");
                return;
            }
            out.push_str("{ ");
            for (i, (key, item)) in entries.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                if is_identifier(key) {
                    out.push_str(key);
                } else {
                    write_string(key, out);
                }
                out.push_str(" = ");
                write_value(item, out);
            }
            out.push_str(" }");
        }
    }
}

fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    matches!(chars.next(), Some(c) if c.is_alphabetic() || c == '_')
        && chars.all(|c| c.is_alphanumeric() || c == '_' || c == '-')
        && !matches!(s, "true" | "false" | "null" | "for" | "in" | "if")
}

fn write_string(s: &str, out: &mut String) {
    out.push('"');
    let mut rest = s;
    while let Some(c) = rest.chars().next() {
        if rest.starts_with("${") || rest.starts_with("%{") {
            out.push(c);
            out.push(c);
            out.push('{');
            rest = rest.get(2..).unwrap_or_default();
            continue;
        }
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => out.push_str(&format!("\\u{:04X}", c as u32)),
            c => out.push(c),
        }
        rest = rest.get(c.len_utf8()..).unwrap_or_default();
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_hcl() {
        let ctx = hcl_core::EvalContext::new();
        let v = ctx
            .evaluate_str(r#"{ a = 1, "b c" = ["x\n", null, 1.5], d = {}, e = "$${x}" }"#)
            .unwrap();
        assert_eq!(
            value_to_hcl(&v),
            r#"{ a = 1, "b c" = ["x\n", null, 1.5], d = {}, e = "$${x}" }"#
        );
    }
}
