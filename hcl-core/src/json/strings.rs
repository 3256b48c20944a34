//! Decoding JSON strings and checking JSON numbers, as strictly as the
//! JSON grammar: what the reference delegates to Go's `encoding/json`.

use std::borrow::Cow;

/// The text of a string token (quotes included), as [`decode_string`]
/// gives it; `escaped` is whether the token may hold a backslash. The
/// scanner knows when it does not, and then a closed string is its text
/// between the quotes, taken without reading it again.
#[inline]
pub(super) fn string_text(token: &str, escaped: bool) -> Result<Cow<'_, str>, u32> {
    if !escaped && token.len() >= 2 && token.ends_with('"') {
        return Ok(Cow::Borrowed(
            token.get(1..token.len() - 1).unwrap_or_default(),
        ));
    }
    decode_string(token)
}

/// The text of a string token (quotes included): its escapes resolved,
/// borrowed when it has none. `Err` holds the reference's error offset,
/// one past the byte at fault (the token's length when it is cut short).
///
/// A `\u` escape of half a surrogate pair that is not followed by the other
/// half becomes U+FFFD, as in Go.
pub(super) fn decode_string(token: &str) -> Result<Cow<'_, str>, u32> {
    let cut_short = token.len() as u32;
    let body = token.get(1..).unwrap_or_default();
    let ib = body.as_bytes();
    // Offsets in errors count from the token's start, quote included.
    let at = |i: usize| i as u32 + 2;
    // One scan to the first byte that is not plain text: the closing
    // quote of a string without escapes (the usual case), a control
    // character, or the first escape.
    let first_escape = match ib.iter().position(|&b| b == b'"' || b == b'\\' || b < 0x20) {
        None => return Err(cut_short),
        Some(q) if ib.get(q) == Some(&b'"') => {
            return Ok(Cow::Borrowed(body.get(..q).unwrap_or_default()))
        }
        Some(i) if ib.get(i).is_some_and(|&b| b < 0x20) => return Err(at(i)),
        Some(i) => i,
    };
    let mut out = String::with_capacity(body.len());
    let mut i = 0;
    while i < ib.len() {
        let b = ib.get(i).copied().unwrap_or(0);
        if b == b'"' {
            return Ok(Cow::Owned(out));
        }
        if b < 0x20 {
            return Err(at(i));
        }
        if b != b'\\' {
            let next = if i < first_escape {
                first_escape
            } else {
                body.get(i..)
                    .and_then(|rest| rest.find(['\\', '"']).map(|n| i + n))
                    .unwrap_or(ib.len())
            };
            let run = body.get(i..next).unwrap_or_default();
            if let Some(c) = run.bytes().position(|b| b < 0x20) {
                return Err(at(i + c));
            }
            out.push_str(run);
            i = next;
            continue;
        }
        let Some(&e) = ib.get(i + 1) else {
            return Err(cut_short);
        };
        let simple = match e {
            b'"' => Some('"'),
            b'\\' => Some('\\'),
            b'/' => Some('/'),
            b'b' => Some('\u{8}'),
            b'f' => Some('\u{c}'),
            b'n' => Some('\n'),
            b'r' => Some('\r'),
            b't' => Some('\t'),
            b'u' => None,
            _ => return Err(at(i + 1)),
        };
        if let Some(c) = simple {
            out.push(c);
            i += 2;
            continue;
        }
        let unit = hex4(ib, i + 2).map_err(|j| if j >= ib.len() { cut_short } else { at(j) })?;
        i += 6;
        let c = if (0xD800..0xE000).contains(&unit) {
            let low = (ib.get(i) == Some(&b'\\') && ib.get(i + 1) == Some(&b'u'))
                .then(|| hex4(ib, i + 2).ok())
                .flatten()
                .filter(|low| (0xDC00..0xE000).contains(low) && unit < 0xDC00);
            match low {
                Some(low) => {
                    i += 6;
                    char::from_u32(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
                }
                None => None,
            }
        } else {
            char::from_u32(unit)
        };
        out.push(c.unwrap_or('\u{FFFD}'));
    }
    Err(cut_short)
}

/// The four hex digits at `i`, or the offset of the first that is not one.
fn hex4(bytes: &[u8], i: usize) -> Result<u32, usize> {
    let mut unit = 0;
    for j in i..i + 4 {
        let digit = bytes
            .get(j)
            .and_then(|&b| (b as char).to_digit(16))
            .ok_or(j)?;
        unit = unit * 16 + digit;
    }
    Ok(unit)
}

/// Whether `text` is a number of the JSON grammar:
/// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
pub(super) fn valid_number(text: &str) -> bool {
    let b = text.as_bytes();
    let mut i = 0;
    let digits = |i: &mut usize| {
        let start = *i;
        while b.get(*i).is_some_and(u8::is_ascii_digit) {
            *i += 1;
        }
        *i > start
    };
    if b.first() == Some(&b'-') {
        i += 1;
    }
    match b.get(i) {
        Some(b'0') => i += 1,
        Some(b'1'..=b'9') => {
            digits(&mut i);
        }
        _ => return false,
    }
    if b.get(i) == Some(&b'.') {
        i += 1;
        if !digits(&mut i) {
            return false;
        }
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(b.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        if !digits(&mut i) {
            return false;
        }
    }
    i == b.len()
}

/// Whether `s` holds a template sequence, `${` or `%{` (or their escapes,
/// `$${` and `%%{`): a string without one is its own text.
pub(crate) fn has_template_sequence(s: &str) -> bool {
    let bytes = s.as_bytes();
    let mut from = 0;
    while let Some(at) = bytes
        .get(from..)
        .and_then(|b| b.iter().position(|&c| c == b'{'))
    {
        let brace = from + at;
        if brace > 0 && matches!(bytes.get(brace - 1), Some(b'$' | b'%')) {
            return true;
        }
        from = brace + 1;
    }
    false
}
