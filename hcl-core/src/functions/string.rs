//! String functions: `chomp`, `indent`, `join`, `lower`, `replace`,
//! `split`, `strrev`, `substr`, `title`, `trim`, `trimprefix`, `trimspace`,
//! `trimsuffix` and `upper`.
//!
//! Every result is normalized to Unicode NFC, as every string value is.
//! "Character" means a grapheme cluster (a user-perceived character, such
//! as a letter with combining accents or an emoji sequence) for `strrev`
//! and `substr`, and a Unicode scalar value for case mappings and `trim`.
//! Case mappings are the simple one-to-one mappings (`upper("ß")` is
//! `"ß"`), as in the reference. Characters and case mappings follow the
//! Unicode version of this library's tables, newer than the reference's
//! (Unicode 13): an Indic conjunct such as `"क्ष"` is one character here,
//! two there.
//!
//! The examples call the functions through [`stdlib`](super::stdlib).
//!
//! # `chomp(str)`
//!
//! Removes every line ending (`\n`, `\r\n` or a lone `\r`) from the end of
//! a string.
//!
//! ```
//! use hcl_core::functions::stdlib;
//! use hcl_core::value::Value;
//!
//! let f = &stdlib()["chomp"];
//! assert_eq!(f.call(&[Value::from("hello\r\n\n")]).unwrap(), Value::from("hello"));
//! assert_eq!(f.call(&[Value::from("a\nb")]).unwrap(), Value::from("a\nb"));
//! ```
//!
//! # `indent(spaces, str)`
//!
//! Puts `spaces` spaces after every newline, so that every line but the
//! first is indented. `spaces` must be a whole number.
//!
//! ```
//! use hcl_core::functions::stdlib;
//! use hcl_core::value::Value;
//!
//! let f = &stdlib()["indent"];
//! let r = f.call(&[Value::from(2), Value::from("a\nb\n")]).unwrap();
//! assert_eq!(r, Value::from("a\n  b\n  "));
//! ```
//!
//! # `join(separator, lists...)`
//!
//! Concatenates the strings of one or more lists, with `separator` between
//! them. A null element is an error; an unknown one makes the result
//! unknown.
//!
//! ```
//! use hcl_core::functions::stdlib;
//! use hcl_core::types::Type;
//! use hcl_core::value::Value;
//!
//! let f = &stdlib()["join"];
//! let l = |v: &[&str]| Value::list(Type::String, v.iter().map(|s| Value::from(*s)).collect()).unwrap();
//! let r = f.call(&[Value::from(", "), l(&["a", "b"]), l(&["c"])]).unwrap();
//! assert_eq!(r, Value::from("a, b, c"));
//! assert!(f.call(&[Value::from(", ")]).is_err());
//! ```
//!
//! # `lower(str)` and `upper(str)`
//!
//! The string with every letter in lower or upper case.
//!
//! ```
//! use hcl_core::functions::stdlib;
//! use hcl_core::value::Value;
//!
//! let table = stdlib();
//! assert_eq!(table["upper"].call(&[Value::from("héllo ß")]).unwrap(), Value::from("HÉLLO ß"));
//! assert_eq!(table["lower"].call(&[Value::from("ÀB")]).unwrap(), Value::from("àb"));
//! ```
//!
//! # `replace(str, substr, replace)`
//!
//! Replaces every occurrence of the plain string `substr` (no pattern
//! syntax). An empty `substr` matches before every character and at the
//! end.
//!
//! ```
//! use hcl_core::functions::stdlib;
//! use hcl_core::value::Value;
//!
//! let f = &stdlib()["replace"];
//! let r = f.call(&[Value::from("a.b.c"), Value::from("."), Value::from("-")]).unwrap();
//! assert_eq!(r, Value::from("a-b-c"));
//! ```
//!
//! # `split(separator, str)`
//!
//! Cuts a string at each occurrence of `separator`. An empty separator cuts
//! between every character (Unicode scalar value).
//!
//! ```
//! use hcl_core::functions::stdlib;
//! use hcl_core::types::Type;
//! use hcl_core::value::Value;
//!
//! let f = &stdlib()["split"];
//! let r = f.call(&[Value::from(","), Value::from("a,,b")]).unwrap();
//! let want = ["a", "", "b"].map(Value::from).to_vec();
//! assert_eq!(r, Value::list(Type::String, want).unwrap());
//! ```
//!
//! # `strrev(str)`
//!
//! The string with its characters (grapheme clusters) in reverse order.
//!
//! ```
//! use hcl_core::functions::stdlib;
//! use hcl_core::value::Value;
//!
//! let f = &stdlib()["strrev"];
//! assert_eq!(f.call(&[Value::from("ae\u{301}😀")]).unwrap(), Value::from("😀\u{e9}a"));
//! ```
//!
//! # `substr(str, offset, length)`
//!
//! Up to `length` characters (grapheme clusters) starting at `offset`. A
//! negative offset counts from the end; a negative length takes the rest of
//! the string.
//!
//! ```
//! use hcl_core::functions::stdlib;
//! use hcl_core::value::Value;
//!
//! let f = &stdlib()["substr"];
//! let call = |s: &str, o: i64, l: i64| f.call(&[Value::from(s), Value::from(o), Value::from(l)]).unwrap();
//! assert_eq!(call("hello", 1, 3), Value::from("ell"));
//! assert_eq!(call("hello", -3, 2), Value::from("ll"));
//! assert_eq!(call("hello", 1, -1), Value::from("ello"));
//! ```
//!
//! # `title(str)`
//!
//! Upper-cases (title-cases) the first letter of every word: the first
//! character of the string and every character after a word separator,
//! which is an ASCII character other than a letter, a digit or `_`, or a
//! non-ASCII white-space character.
//!
//! ```
//! use hcl_core::functions::stdlib;
//! use hcl_core::value::Value;
//!
//! let f = &stdlib()["title"];
//! assert_eq!(f.call(&[Value::from("hello wörld-wide o'neil")]).unwrap(), Value::from("Hello Wörld-Wide O'Neil"));
//! ```
//!
//! # `trim(str, cutset)`, `trimprefix(str, prefix)`, `trimsuffix(str, suffix)` and `trimspace(str)`
//!
//! `trim` strips every character of `cutset` from both ends; `trimprefix`
//! and `trimsuffix` remove a prefix or suffix once, if present;
//! `trimspace` strips Unicode white space from both ends.
//!
//! ```
//! use hcl_core::functions::stdlib;
//! use hcl_core::value::Value;
//!
//! let table = stdlib();
//! let s = Value::from;
//! assert_eq!(table["trim"].call(&[s("?!hello?!"), s("!?")]).unwrap(), s("hello"));
//! assert_eq!(table["trimprefix"].call(&[s("helloworld"), s("hello")]).unwrap(), s("world"));
//! assert_eq!(table["trimsuffix"].call(&[s("helloworld"), s("world")]).unwrap(), s("hello"));
//! assert_eq!(table["trimspace"].call(&[s("\u{a0} hi\n")]).unwrap(), s("hi"));
//! ```

use unicode_segmentation::UnicodeSegmentation;

use super::limits::{SEQUENCE_RESULT_MAX_ELEMENTS, STRING_RESULT_MAX_BYTES};
use super::support::{list, to_int, WHOLE_NUMBER};
use super::{Function, FunctionError, Functions, Parameter};
use crate::types::Type;
use crate::value::{Value, ValueKind};

#[cfg(test)]
mod tests;

/// Registers the string functions.
pub(crate) fn register(table: &mut Functions) {
    let mut add = |name: &str, f: Function| {
        table.insert(name.to_owned(), f);
    };
    add(
        "chomp",
        unary(
            "Removes one or more newline characters from the end of the given string.",
            false,
            |s| chomp(s).to_owned(),
        ),
    );
    add(
        "lower",
        unary(
            "Returns the given string with all Unicode letters translated to their lowercase equivalents.",
            true,
            |s| s.chars().map(simple_lower).collect(),
        ),
    );
    add(
        "upper",
        unary(
            "Returns the given string with all Unicode letters translated to their uppercase equivalents.",
            true,
            |s| s.chars().map(simple_upper).collect(),
        ),
    );
    add(
        "strrev",
        unary(
            "Returns the given string with all of its Unicode characters in reverse order.",
            true,
            reverse_graphemes,
        ),
    );
    add(
        "title",
        unary(
            "Replaces one letter after each non-letter and non-digit character with its uppercase equivalent.",
            false,
            title,
        ),
    );
    add(
        "trimspace",
        unary(
            "Removes any consecutive space characters (as defined by Unicode) from the start and end of the given string.",
            false,
            |s| s.trim().to_owned(),
        ),
    );
    add("indent", indent_function());
    add("join", join_function());
    add("replace", replace_function());
    add("split", split_function());
    add("substr", substr_function());
    add(
        "trim",
        binary(
            "Removes consecutive sequences of characters in \"cutset\" from the start and end of the given string.",
            "cutset",
            |s, cutset| s.trim_matches(|c| cutset.contains(c)).to_owned(),
        ),
    );
    add(
        "trimprefix",
        binary(
            "Removes the given prefix from the start of the given string, if present.",
            "prefix",
            |s, prefix| s.strip_prefix(prefix).unwrap_or(s).to_owned(),
        ),
    );
    add(
        "trimsuffix",
        binary(
            "Removes the given suffix from the end of the given string, if present.",
            "suffix",
            |s, suffix| s.strip_suffix(suffix).unwrap_or(s).to_owned(),
        ),
    );
}

/// The string of argument `i`, which the framework has checked to be a
/// known, non-null string.
pub(super) fn string_arg(args: &[Value], i: usize) -> Result<&str, FunctionError> {
    args.get(i)
        .and_then(Value::as_str)
        .ok_or_else(|| FunctionError::arg(i, "a string is required"))
}

/// The number of argument `i` as a machine integer: a whole number in the
/// range of `i64`, else the reference's error.
fn int_arg(args: &[Value], i: usize) -> Result<i64, FunctionError> {
    args.get(i)
        .map_or_else(|| Err(WHOLE_NUMBER.to_owned()), to_int)
        .map_err(FunctionError::failed)
}

/// Fails when a result would be longer than [`STRING_RESULT_MAX_BYTES`].
pub(super) fn check_result_size(function: &str, bytes: usize) -> Result<(), FunctionError> {
    if bytes > STRING_RESULT_MAX_BYTES {
        return Err(FunctionError::failed(format!(
            "the result of {function} would be {bytes} bytes long, more than the limit of \
             {STRING_RESULT_MAX_BYTES} bytes (STRING_RESULT_MAX_BYTES)"
        )));
    }
    Ok(())
}

/// A function of one string (parameter `str`) returning a string.
fn unary(
    description: &str,
    allow_dynamic: bool,
    f: impl Fn(&str) -> String + Send + Sync + 'static,
) -> Function {
    let mut param = Parameter::new("str", Type::String);
    if allow_dynamic {
        param = param.allow_dynamic_type();
    }
    Function::builder()
        .result_not_null()
        .param(param)
        .returns(Type::String)
        .description(description)
        .implementation(move |args, _| Ok(Value::string(f(string_arg(args, 0)?))))
        .build()
}

/// A function of two strings (parameters `str` and `second`) returning a
/// string.
fn binary(
    description: &str,
    second: &str,
    f: impl Fn(&str, &str) -> String + Send + Sync + 'static,
) -> Function {
    Function::builder()
        .result_not_null()
        .param(Parameter::new("str", Type::String))
        .param(Parameter::new(second, Type::String))
        .returns(Type::String)
        .description(description)
        .implementation(move |args, _| {
            Ok(Value::string(f(string_arg(args, 0)?, string_arg(args, 1)?)))
        })
        .build()
}

/// The string without its trailing `\r` and `\n` characters.
fn chomp(s: &str) -> &str {
    s.trim_end_matches(['\r', '\n'])
}

/// The simple (one-to-one) upper-case mapping of a character.
pub(super) fn simple_upper(c: char) -> char {
    let mut up = c.to_uppercase();
    match (up.next(), up.next()) {
        (Some(u), None) => u,
        // Characters whose full mapping has several characters map to one
        // character only for the Greek letters with a subscript iota.
        _ => match c {
            '\u{1f80}'..='\u{1f87}' | '\u{1f90}'..='\u{1f97}' | '\u{1fa0}'..='\u{1fa7}' => {
                char::from_u32(c as u32 + 8).unwrap_or(c)
            }
            '\u{1fb3}' => '\u{1fbc}',
            '\u{1fc3}' => '\u{1fcc}',
            '\u{1ff3}' => '\u{1ffc}',
            _ => c,
        },
    }
}

/// The simple (one-to-one) lower-case mapping of a character.
pub(super) fn simple_lower(c: char) -> char {
    let mut low = c.to_lowercase();
    match (low.next(), low.next()) {
        (Some(l), None) => l,
        // The only character whose full lower-case mapping has several
        // characters: capital I with dot above, simply `i`.
        _ if c == '\u{130}' => 'i',
        _ => c,
    }
}

/// The simple title-case mapping of a character.
fn simple_title(c: char) -> char {
    match c {
        '\u{1c4}'..='\u{1c6}' => '\u{1c5}',
        '\u{1c7}'..='\u{1c9}' => '\u{1c8}',
        '\u{1ca}'..='\u{1cc}' => '\u{1cb}',
        '\u{1f1}'..='\u{1f3}' => '\u{1f2}',
        // Georgian letters have upper-case forms but are their own title
        // case.
        '\u{10d0}'..='\u{10fa}' | '\u{10fd}'..='\u{10ff}' => c,
        _ => simple_upper(c),
    }
}

/// Whether a character separates words for `title`.
fn is_word_separator(c: char) -> bool {
    if c.is_ascii() {
        !(c.is_ascii_alphanumeric() || c == '_')
    } else {
        c.is_whitespace()
    }
}

/// Title-cases the first character after every separator.
fn title(s: &str) -> String {
    let mut prev = ' ';
    s.chars()
        .map(|c| {
            let out = if is_word_separator(prev) {
                simple_title(c)
            } else {
                c
            };
            prev = c;
            out
        })
        .collect()
}

/// The grapheme clusters of a string in reverse order.
fn reverse_graphemes(s: &str) -> String {
    s.graphemes(true).rev().collect()
}

fn indent_function() -> Function {
    Function::builder()
        .result_not_null()
        .param(Parameter::new("spaces", Type::Number))
        .param(Parameter::new("str", Type::String))
        .returns(Type::String)
        .description(
            "Adds a given number of spaces after each newline character in the given string.",
        )
        .implementation(|args, _| {
            let spaces = int_arg(args, 0)?;
            let s = string_arg(args, 1)?;
            if spaces < 0 {
                // The reference's implementation panics here.
                return Err(FunctionError::failed(
                    "panic in function implementation: strings: negative Repeat count",
                ));
            }
            let lines = s.bytes().filter(|&b| b == b'\n').count();
            let spaces = usize::try_from(spaces).unwrap_or(usize::MAX);
            let pad_bytes = lines.saturating_mul(spaces);
            check_result_size("indent", s.len().saturating_add(pad_bytes))?;
            if lines == 0 {
                return Ok(Value::string(s));
            }
            let mut replacement = String::with_capacity(spaces + 1);
            replacement.push('\n');
            replacement.extend(std::iter::repeat_n(' ', spaces));
            Ok(Value::string(s.replace('\n', &replacement)))
        })
        .build()
}

fn join_function() -> Function {
    Function::builder().result_not_null()
        .param(Parameter::new("separator", Type::String))
        .variadic(Parameter::new("lists", Type::list(Type::String)))
        .returns(Type::String)
        .description("Concatenates together the elements of all given lists with a delimiter, producing a single string.")
        .implementation(|args, _| {
            let sep = string_arg(args, 0)?;
            let lists = args.get(1..).unwrap_or_default();
            if lists.is_empty() {
                return Err(FunctionError::failed("at least one list is required"));
            }
            if !lists.iter().all(Value::is_wholly_known) {
                return Ok(Value::unknown(Type::String));
            }
            let mut items: Vec<&str> = Vec::new();
            for (ai, list) in lists.iter().enumerate() {
                let elems = list.elements().unwrap_or_default();
                for (ei, v) in elems.iter().enumerate() {
                    match v.kind() {
                        ValueKind::String(s) => items.push(s),
                        _ if lists.len() > 1 => {
                            return Err(FunctionError::arg(
                                ai + 1,
                                format!(
                                    "element {ei} of list {} is null; cannot concatenate null values",
                                    ai + 1
                                ),
                            ))
                        }
                        _ => {
                            return Err(FunctionError::arg(
                                ai + 1,
                                format!("element {ei} is null; cannot concatenate null values"),
                            ))
                        }
                    }
                }
            }
            let total = items
                .iter()
                .map(|s| s.len())
                .fold(0usize, usize::saturating_add)
                .saturating_add(sep.len().saturating_mul(items.len().saturating_sub(1)));
            check_result_size("join", total)?;
            Ok(Value::string(items.join(sep)))
        })
        .build()
}

fn replace_function() -> Function {
    Function::builder().result_not_null()
        .param(Parameter::new("str", Type::String))
        .param(Parameter::new("substr", Type::String))
        .param(Parameter::new("replace", Type::String))
        .returns(Type::String)
        .description("Replaces all instances of the given substring in the given string with the given replacement string.")
        .implementation(|args, _| {
            let s = string_arg(args, 0)?;
            let from = string_arg(args, 1)?;
            let to = string_arg(args, 2)?;
            let count = if from.is_empty() {
                s.chars().count() + 1
            } else {
                s.matches(from).count()
            };
            let grown = to.len().saturating_sub(from.len()).saturating_mul(count);
            check_result_size("replace", s.len().saturating_add(grown))?;
            Ok(Value::string(s.replace(from, to)))
        })
        .build()
}

fn split_function() -> Function {
    Function::builder().result_not_null()
        .param(Parameter::new("separator", Type::String))
        .param(Parameter::new("str", Type::String))
        .returns(Type::list(Type::String))
        .description("Produces a list of one or more strings by splitting the given string at all instances of a given separator substring.")
        .implementation(|args, _| {
            let sep = string_arg(args, 0)?;
            let s = string_arg(args, 1)?;
            let count = if sep.is_empty() {
                s.chars().count()
            } else {
                s.matches(sep).count() + 1
            };
            if count > SEQUENCE_RESULT_MAX_ELEMENTS {
                return Err(FunctionError::failed(format!(
                    "the result would have {count} elements, more than the limit of \
                     {SEQUENCE_RESULT_MAX_ELEMENTS} (SEQUENCE_RESULT_MAX_ELEMENTS)"
                )));
            }
            let parts: Vec<Value> = if sep.is_empty() {
                let mut buf = [0u8; 4];
                s.chars()
                    .map(|c| Value::string(&*c.encode_utf8(&mut buf)))
                    .collect()
            } else {
                s.split(sep).map(Value::string).collect()
            };
            list(&Type::String, parts)
        })
        .build()
}

fn substr_function() -> Function {
    Function::builder()
        .result_not_null()
        .param(Parameter::new("str", Type::String).allow_dynamic_type())
        .param(Parameter::new("offset", Type::Number).allow_dynamic_type())
        .param(Parameter::new("length", Type::Number).allow_dynamic_type())
        .returns(Type::String)
        .description("Extracts a substring from the given string.")
        .implementation(|args, _| {
            let s = string_arg(args, 0)?;
            let offset = int_arg(args, 1)?;
            let length = int_arg(args, 2)?;
            Ok(Value::string(substr(s, offset, length)))
        })
        .build()
}

/// Up to `length` grapheme clusters of `s` from cluster `offset`, with the
/// reference's treatment of negative and out-of-range arguments.
fn substr(s: &str, offset: i64, length: i64) -> &str {
    let mut offset = offset;
    if offset < 0 {
        let total = i64::try_from(s.graphemes(true).count()).unwrap_or(i64::MAX);
        offset = offset.saturating_add(total);
    } else if length == 0 {
        return "";
    }
    let mut sub = s;
    if offset > 0 {
        let skip = usize::try_from(offset).unwrap_or(usize::MAX);
        match s.grapheme_indices(true).nth(skip) {
            Some((start, _)) => sub = &s[start..],
            None => return "",
        }
    }
    if length < 0 {
        return sub;
    }
    // A length of zero here (only reachable with a negative offset) takes
    // the rest of the string, as in the reference.
    let take = usize::try_from(length).unwrap_or(usize::MAX);
    if take == 0 {
        return sub;
    }
    match sub.grapheme_indices(true).nth(take) {
        Some((end, _)) => &sub[..end],
        None => sub,
    }
}
