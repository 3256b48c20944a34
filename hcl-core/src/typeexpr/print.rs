//! Writing a type back as a type expression, with its defaults.

use std::fmt::Write;

use super::defaults::Defaults;
use crate::types::Type;
use crate::value::Value;

/// Writes `ty` with the defaults of its optional attributes, as
/// `optional(T, default)`.
pub(super) fn write_type(ty: &Type, defaults: Option<&Defaults>, out: &mut String) {
    let child = |key: &str| defaults.and_then(|d| d.children().get(key));
    match ty {
        Type::List(e) => wrapped(out, "list(", e, child(""), ")"),
        Type::Set(e) => wrapped(out, "set(", e, child(""), ")"),
        Type::Map(e) => wrapped(out, "map(", e, child(""), ")"),
        Type::Promise(e) => wrapped(out, "promise(", e, defaults, ")"),
        Type::Output(e) => wrapped(out, "output(", e, defaults, ")"),
        Type::Tuple(elems) => {
            out.push_str("tuple([");
            for (i, ety) in elems.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_type(ety, child(&i.to_string()), out);
            }
            out.push_str("])");
        }
        Type::Object(attrs) => {
            out.push_str("object({");
            for (i, (name, aty)) in attrs.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                if crate::types::is_identifier(name) {
                    out.push_str(name);
                } else {
                    let _ = write!(out, "{name:?}");
                }
                out.push('=');
                let inner = child(name);
                match aty.optional_element() {
                    Some(element) => {
                        out.push_str("optional(");
                        write_type(&element, inner, out);
                        if let Some(default) = defaults.and_then(|d| d.values().get(name)) {
                            out.push_str(", ");
                            write_value(default, &element, out);
                        }
                        out.push(')');
                    }
                    None => write_type(aty, inner, out),
                }
            }
            out.push_str("})");
        }
        other => {
            let _ = write!(out, "{other}");
        }
    }
}

fn wrapped(out: &mut String, open: &str, ty: &Type, defaults: Option<&Defaults>, close: &str) {
    out.push_str(open);
    write_type(ty, defaults, out);
    out.push_str(close);
}

/// Writes a known value of type `ty` as a native-syntax literal expression
/// that evaluates to it (or to a tuple or object that converts back to it
/// as `ty`). Null optional attributes are left out, as they were most
/// likely written: converting gives them back.
fn write_value(value: &Value, ty: &Type, out: &mut String) {
    if value.is_null() || !value.is_known() {
        out.push_str("null");
    } else if let Some(b) = value.as_bool() {
        out.push_str(if b { "true" } else { "false" });
    } else if let Some(n) = value.as_number() {
        let _ = write!(out, "{n}");
    } else if let Some(s) = value.as_str() {
        write_string(s, out);
    } else if let Some(elems) = value.elements() {
        out.push('[');
        for (i, e) in elems.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            let ety = match ty {
                Type::Tuple(etys) => etys.get(i).unwrap_or(&Type::Dynamic),
                other => other.element_type().unwrap_or(&Type::Dynamic),
            };
            write_value(e, ety, out);
        }
        out.push(']');
    } else if let Some(entries) = value.entries() {
        out.push('{');
        let attr_type = |name: &str| match ty {
            Type::Object(_) => ty.attribute_type(name).cloned().unwrap_or(Type::Dynamic),
            other => other.element_type().cloned().unwrap_or(Type::Dynamic),
        };
        let written: Vec<(&String, &Value, Type)> = entries
            .iter()
            .map(|(k, v)| (k, v, attr_type(k)))
            .filter(|(_, v, aty)| !(v.is_null() && ty.is_object() && aty.is_optional()))
            .collect();
        for (i, (k, v, aty)) in written.iter().enumerate() {
            out.push_str(if i > 0 { ", " } else { " " });
            let bare = crate::types::is_identifier(k)
                && !matches!(k.as_str(), "true" | "false" | "null" | "for");
            if bare {
                out.push_str(k);
            } else {
                write_string(k, out);
            }
            out.push_str(" = ");
            write_value(v, aty, out);
        }
        out.push_str(if written.is_empty() { "}" } else { " }" });
    } else {
        out.push_str("null");
    }
}

/// A quoted string literal; template sequences are escaped.
fn write_string(s: &str, out: &mut String) {
    out.push('"');
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '$' | '%' if chars.peek() == Some(&'{') => {
                out.push(c);
                out.push(c);
            }
            c if (c as u32) < 0x20 || c == '\u{7f}' => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}
