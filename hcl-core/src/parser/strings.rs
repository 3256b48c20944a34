//! The text of literal tokens: escape sequences of quoted strings, and the
//! `$${` and `%%{` that stand for `${` and `%{` in all template text.

use std::borrow::Cow;

use super::Parser;
use crate::diagnostic::Code;
use crate::span::Span;

/// Whether the literal text `raw` is its own value: it holds nothing a
/// literal reads otherwise (`$$` and `%%` template escapes, and when
/// `quoted` backslash escapes).
pub(crate) fn is_verbatim(raw: &str, quoted: bool) -> bool {
    !raw.as_bytes()
        .iter()
        .any(|b| matches!(b, b'$' | b'%') || (quoted && *b == b'\\'))
}

impl<'src> Parser<'src, '_> {
    /// The text of the literal token at `span` (quoted: with backslash
    /// escapes), each invalid escape reported where it is.
    pub(super) fn string_literal(&mut self, span: Span, quoted: bool) -> Cow<'src, str> {
        let raw = self.text(span);
        if is_verbatim(raw, quoted) {
            return Cow::Borrowed(raw);
        }
        let mut out = String::with_capacity(raw.len());
        let mut at = 0;
        while at < raw.len() {
            let rest = raw.get(at..).unwrap_or_default();
            let len = slice_len(rest, quoted);
            let slice = rest.get(..len).unwrap_or(rest);
            let slice_span = Span::new(span.start + at as u32, span.start + (at + len) as u32);
            self.escape(slice, slice_span, quoted, &mut out);
            at += len.max(1);
        }
        Cow::Owned(out)
    }

    /// Appends the text of one slice: an escape, a template escape, or
    /// literal characters.
    fn escape(&mut self, slice: &str, span: Span, quoted: bool, out: &mut String) {
        let mut chars = slice.chars();
        match (chars.next(), quoted) {
            (Some('\\'), true) => {
                let Some(selector) = chars.next() else {
                    self.error(
                        Code::InvalidEscapeSequence,
                        "Invalid escape sequence",
                        "Backslash must be followed by an escape sequence selector character.",
                        span,
                    );
                    out.push('\\');
                    return;
                };
                match selector {
                    'n' => out.push('\n'),
                    'r' => out.push('\r'),
                    't' => out.push('\t'),
                    '"' => out.push('"'),
                    '\\' => out.push('\\'),
                    'u' | 'U' => {
                        let (digits, name) = if selector == 'u' {
                            (4, "\\u")
                        } else {
                            (8, "\\U")
                        };
                        let hex = chars.as_str();
                        if hex.len() != digits {
                            let count = if digits == 4 { "four" } else { "eight" };
                            self.error(
                                Code::InvalidEscapeSequence, "Invalid escape sequence",
                                format!(
                                    "The {name} escape sequence must be followed by {count} hexadecimal digits."
                                ),
                                span,
                            );
                            out.push_str(slice);
                            return;
                        }
                        let code = u32::from_str_radix(hex, 16).unwrap_or(u32::MAX);
                        match char::from_u32(code) {
                            Some(c) => out.push(c),
                            None => {
                                self.error(
                                    Code::InvalidEscapeSequence,
                                    "Invalid escape sequence",
                                    format!("Cannot encode character U+{code:04x} in UTF-8."),
                                    span,
                                );
                                out.push_str(slice);
                            }
                        }
                    }
                    _ => {
                        let rest = slice.get(1..).unwrap_or_default();
                        self.error(
                            Code::InvalidEscapeSequence,
                            "Invalid escape sequence",
                            format!(
                                "The symbol \"{}\" is not a valid escape sequence selector.",
                                go_quote_inner(rest)
                            ),
                            span,
                        );
                        out.push_str(rest);
                    }
                }
            }
            (Some(c @ ('$' | '%')), _) if slice.len() == 3 => {
                // `$${` and `%%{`.
                if slice.get(1..) == Some(if c == '$' { "${" } else { "%{" }) {
                    out.push(c);
                    out.push('{');
                } else {
                    out.push_str(slice);
                }
            }
            _ => out.push_str(slice),
        }
    }
}

/// The length of the slice at the start of `text`: an escape (`\` and a
/// character, `\u` and up to four hexadecimal digits, `\U` and up to
/// eight), a template escape (`$`, `$$`, `$${`, and the same with `%`), or
/// a run of other characters.
fn slice_len(text: &str, quoted: bool) -> usize {
    let bytes = text.as_bytes();
    match bytes.first() {
        Some(b'\\') if quoted => match text.get(1..).and_then(|r| r.chars().next()) {
            Some(c @ ('u' | 'U')) => {
                let max = if c == 'u' { 4 } else { 8 };
                let hex = bytes
                    .iter()
                    .skip(2)
                    .take(max)
                    .take_while(|b| b.is_ascii_hexdigit())
                    .count();
                2 + hex
            }
            Some(c) => 1 + c.len_utf8(),
            None => 1,
        },
        Some(&c @ (b'$' | b'%')) => {
            if bytes.get(1) == Some(&c) {
                if bytes.get(2) == Some(&b'{') {
                    3
                } else {
                    2
                }
            } else {
                1
            }
        }
        Some(b'\r' | b'\n') => {
            if bytes.starts_with(b"\r\n") {
                2
            } else {
                1
            }
        }
        _ => bytes
            .iter()
            .position(|&b| matches!(b, b'$' | b'%' | b'\r' | b'\n') || (quoted && b == b'\\'))
            .unwrap_or(bytes.len())
            .max(1),
    }
}

/// The inside of Go's `%q` of `text`: `"` and `\` escaped, control and
/// other unprintable characters as escapes.
pub(super) fn go_quote_inner(text: &str) -> Cow<'_, str> {
    if !text
        .chars()
        .any(|c| matches!(c, '"' | '\\') || c.is_control())
    {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 2);
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{7}' => out.push_str("\\a"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\u{b}' => out.push_str("\\v"),
            c if (c as u32) < 0x80 && c.is_control() => {
                out.push_str(&format!("\\x{:02x}", c as u32))
            }
            c if c.is_control() => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}
