//! A minimal JSON writer for the typed-JSON encoding of types and values.

use super::Type;

/// Appends `s` as a JSON string, escaped minimally: `\"`, `\\`, `\b`, `\f`,
/// `\n`, `\r`, `\t`, other characters below U+0020 as `\u00xx`, everything
/// else as raw UTF-8.
pub(crate) fn write_string(s: &str, out: &mut String) {
    out.push('"');
    let mut start = 0;
    for (i, b) in s.bytes().enumerate() {
        let esc: Option<&str> = match b {
            b'"' => Some("\\\""),
            b'\\' => Some("\\\\"),
            0x08 => Some("\\b"),
            0x0c => Some("\\f"),
            b'\n' => Some("\\n"),
            b'\r' => Some("\\r"),
            b'\t' => Some("\\t"),
            0..=0x1f => None,
            _ => continue,
        };
        out.push_str(&s[start..i]);
        match esc {
            Some(e) => out.push_str(e),
            None => {
                out.push_str("\\u00");
                // Each nibble is below 16, so always a valid digit.
                for nibble in [b >> 4, b & 0xf] {
                    out.push(char::from_digit(u32::from(nibble), 16).unwrap_or('0'));
                }
            }
        }
        start = i + 1;
    }
    out.push_str(&s[start..]);
    out.push('"');
}

/// Appends the JSON encoding of a type.
pub(crate) fn write_type(ty: &Type, out: &mut String) {
    let collection = |kind: &str, e: &Type, out: &mut String| {
        out.push_str("[\"");
        out.push_str(kind);
        out.push_str("\",");
        write_type(e, out);
        out.push(']');
    };
    match ty {
        Type::String => out.push_str("\"string\""),
        Type::Number => out.push_str("\"number\""),
        Type::Bool => out.push_str("\"bool\""),
        Type::Dynamic => out.push_str("\"dynamic\""),
        Type::List(e) => collection("list", e, out),
        Type::Map(e) => collection("map", e, out),
        Type::Set(e) => collection("set", e, out),
        Type::Object(attrs) => {
            out.push_str("[\"object\",{");
            for (i, (name, aty)) in attrs.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_string(name, out);
                out.push(':');
                write_type(aty, out);
            }
            out.push_str("}]");
        }
        Type::Tuple(elems) => {
            out.push_str("[\"tuple\",[");
            for (i, ety) in elems.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_type(ety, out);
            }
            out.push_str("]]");
        }
        Type::Capsule(c) => {
            out.push_str("[\"capsule\",");
            write_string(c.name(), out);
            out.push(']');
        }
        Type::Int => out.push_str("\"int\""),
        Type::None => out.push_str("\"none\""),
        Type::Union(members) => {
            out.push_str("[\"union\",[");
            for (i, member) in members.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_type(member, out);
            }
            out.push_str("]]");
        }
        Type::Promise(e) => collection("promise", e, out),
        Type::Output(e) => collection("output", e, out),
    }
}
