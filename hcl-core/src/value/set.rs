//! Set membership and the iteration order of set elements.
//!
//! A set keeps the first of any elements the language considers equal
//! ([`Value::equals`] certainly true); unknown elements are never equal to
//! anything, so each one is kept. The elements are then kept in the
//! reference's iteration order, a stable sort by this comparison:
//!
//! 1. known non-null values first, then unknowns, then the null;
//! 2. strings in byte order, numbers ascending, `false` before `true`;
//! 3. elements of any other type by their "hash text": a compact rendering
//!    in which unknown is `?`, null `~`, numbers are written as Go's `%.10g`,
//!    bools `T`/`F`, strings Go-quoted, lists and sets `[e;e;]`, maps
//!    `{"k":v;}`, objects and tuples `<v;v;>` (object attributes by name),
//!    compared as bytes.
//!
//! Elements that compare equal keep their insertion order. Known deviation:
//! Go's quoting escapes every non-printable character, which depends on
//! the Unicode category tables; here a fixed list of such characters (the
//! controls, separators, format characters, private-use and
//! non-characters) is escaped, so unassigned code points inside strings in
//! collections in sets may order differently.

use std::cmp::Ordering;
use std::collections::hash_map::DefaultHasher;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};

use super::{Number, Repr, Value};
use crate::types::Type;

/// Deduplicates and orders the elements of a set of element type `ety`.
pub(super) fn build(ety: &Type, elems: Vec<Value>) -> Vec<Value> {
    let mut kept: Vec<Value> = Vec::with_capacity(elems.len());
    let mut buckets: HashMap<u64, Vec<usize>> = HashMap::new();
    for v in elems {
        if !v.is_wholly_known() {
            kept.push(v);
            continue;
        }
        let h = equiv_hash(&v);
        let bucket = buckets.entry(h).or_default();
        if bucket
            .iter()
            .any(|&i| kept.get(i).is_some_and(|k| k.equivalent(&v)))
        {
            continue;
        }
        bucket.push(kept.len());
        kept.push(v);
    }
    if ety.is_primitive() {
        kept.sort_by(|a, b| compare(a, b, &[], &[]));
        return kept;
    }
    let mut keyed: Vec<(Vec<u8>, Value)> = kept
        .into_iter()
        .map(|v| {
            let mut h = Vec::new();
            hash_text(&v, &mut h);
            (h, v)
        })
        .collect();
    keyed.sort_by(|(ha, a), (hb, b)| compare(a, b, ha, hb));
    keyed.into_iter().map(|(_, v)| v).collect()
}

/// The reference's set ordering as an `Ordering` (its "less" both ways).
fn compare(a: &Value, b: &Value, ha: &[u8], hb: &[u8]) -> Ordering {
    if less(a, b, ha, hb) {
        Ordering::Less
    } else if less(b, a, hb, ha) {
        Ordering::Greater
    } else {
        Ordering::Equal
    }
}

fn less(a: &Value, b: &Value, ha: &[u8], hb: &[u8]) -> bool {
    if a.raw_equals(b) {
        return false;
    }
    if b.is_null() && !a.is_null() {
        return true;
    } else if a.is_null() {
        return false;
    }
    if a.is_known() && !b.is_known() {
        return true;
    } else if !a.is_known() {
        return false;
    }
    match (&a.0, &b.0) {
        (Repr::String(x), Repr::String(y)) => x < y,
        (Repr::Bool(x), Repr::Bool(y)) => *y || !*x,
        (Repr::Number(x), Repr::Number(y)) => x < y,
        _ => ha < hb,
    }
}

/// A hash consistent with [`Value::equivalent`] for wholly known values.
fn equiv_hash(v: &Value) -> u64 {
    let mut h = DefaultHasher::new();
    feed(v, &mut h);
    h.finish()
}

fn feed(v: &Value, h: &mut DefaultHasher) {
    match &v.0 {
        Repr::Null(_) => 0u8.hash(h),
        Repr::Unknown(_) | Repr::Refined(_) => 1u8.hash(h),
        Repr::Bool(b) => (2u8, b).hash(h),
        Repr::Number(n) => (3u8, number_key(n)).hash(h),
        Repr::String(s) => (4u8, s).hash(h),
        Repr::List(s) | Repr::Tuple(s) => {
            (5u8, s.elems.len()).hash(h);
            for e in &s.elems {
                feed(e, h);
            }
        }
        Repr::Set(s) => {
            // Order-independent, since equal sets may list equal elements
            // that are not identical.
            let sum = s
                .elems
                .iter()
                .fold(0u64, |acc, e| acc.wrapping_add(equiv_hash(e)));
            (6u8, s.elems.len(), sum).hash(h);
        }
        Repr::Map(e) | Repr::Object(e) => {
            (7u8, e.entries.len()).hash(h);
            for (k, x) in &e.entries {
                k.hash(h);
                feed(x, h);
            }
        }
        Repr::Capsule(_) => 8u8.hash(h),
    }
}

/// Appends the reference's hash text of a value (see the module notes).
pub(super) fn hash_text(v: &Value, out: &mut Vec<u8>) {
    match &v.0 {
        Repr::Unknown(_) | Repr::Refined(_) => out.push(b'?'),
        Repr::Null(_) => out.push(b'~'),
        Repr::Number(n) => out.extend_from_slice(format_g10(n).as_bytes()),
        Repr::Bool(b) => out.push(if *b { b'T' } else { b'F' }),
        Repr::String(s) => go_quote(s, out),
        Repr::Map(e) => {
            out.push(b'{');
            for (k, x) in &e.entries {
                go_quote(k, out);
                out.push(b':');
                hash_text(x, out);
                out.push(b';');
            }
            out.push(b'}');
        }
        Repr::List(s) | Repr::Set(s) => {
            out.push(b'[');
            for x in &s.elems {
                hash_text(x, out);
                out.push(b';');
            }
            out.push(b']');
        }
        Repr::Object(e) => {
            out.push(b'<');
            for (_, x) in &e.entries {
                hash_text(x, out);
                out.push(b';');
            }
            out.push(b'>');
        }
        Repr::Tuple(s) => {
            out.push(b'<');
            for x in &s.elems {
                hash_text(x, out);
                out.push(b';');
            }
            out.push(b'>');
        }
        Repr::Capsule(c) => {
            out.extend_from_slice("«".as_bytes());
            let key = match &c.ty {
                Type::Capsule(ct) => ct.ops().hash_key.as_ref().map(|f| f(&c.payload)),
                _ => None,
            };
            match key {
                Some(k) => go_quote(&k, out),
                None => out.push(b'?'),
            }
            out.extend_from_slice("»".as_bytes());
        }
    }
}

/// The lower-case hexadecimal digit of the low four bits of `n`.
fn hex_digit(n: u32) -> u8 {
    match (n & 0xf) as u8 {
        d @ 0..=9 => b'0' + d,
        d => b'a' + (d - 10),
    }
}

/// Go's `%q` quoting of a string, as a `String`.
pub(crate) fn go_quote_string(s: &str) -> String {
    let mut out = Vec::new();
    go_quote(s, &mut out);
    String::from_utf8_lossy(&out).into_owned()
}

/// Go's `%q` quoting of a string.
fn go_quote(s: &str, out: &mut Vec<u8>) {
    out.push(b'"');
    let mut buf = [0u8; 4];
    for c in s.chars() {
        match c {
            '"' | '\\' => {
                out.push(b'\\');
                out.push(c as u8);
            }
            '\x07' => out.extend_from_slice(b"\\a"),
            '\x08' => out.extend_from_slice(b"\\b"),
            '\x0c' => out.extend_from_slice(b"\\f"),
            '\n' => out.extend_from_slice(b"\\n"),
            '\r' => out.extend_from_slice(b"\\r"),
            '\t' => out.extend_from_slice(b"\\t"),
            '\x0b' => out.extend_from_slice(b"\\v"),
            _ if super::is_go_print(c) => out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes()),
            _ if (c as u32) < 0x20 || c == '\x7f' => {
                let b = c as u32;
                out.extend_from_slice(b"\\x");
                for shift in [4, 0] {
                    out.push(hex_digit(b >> shift));
                }
            }
            _ => {
                let (prefix, digits) = if (c as u32) < 0x10000 {
                    (b"\\u", 4)
                } else {
                    (b"\\U", 8)
                };
                out.extend_from_slice(prefix);
                for i in (0..digits).rev() {
                    out.push(hex_digit(c as u32 >> (4 * i)));
                }
            }
        }
    }
    out.push(b'"');
}

/// A number as Go's `big.Float` `%.10g` text: at most ten significant
/// digits, exponent form when the exponent is below -4 or at least the
/// number of digits shown.
pub(super) fn format_g10(n: &Number) -> String {
    n.to_text('g', Some(10)).unwrap_or_else(|| n.to_string())
}

/// A key for hashing numbers consistently with the language's equality of
/// numbers, which compares their texts (with `-0` equal to `0`).
pub(super) fn number_key(n: &Number) -> String {
    n.text_key()
}
