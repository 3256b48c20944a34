//! String formatting functions: `format` and `formatlist`.
//!
//! The format string is copied to the result except for verbs, which start
//! with `%` and format one argument each:
//!
//! | verb | result |
//! | --- | --- |
//! | `%%` | a literal `%`, consuming no argument |
//! | `%v` | strings as they are, numbers as `%g`, anything else as `%#v`; a null is `null` |
//! | `%#v` | the argument as JSON |
//! | `%t` | the argument converted to bool: `true` or `false` |
//! | `%b` `%d` `%o` `%x` `%X` | the argument converted to a whole number, in base 2, 10, 8 or 16 |
//! | `%e` `%E` | the argument converted to a number, in scientific notation (`1.234560e+05`) |
//! | `%f` | the argument converted to a number, in decimal notation (`123456.000000`) |
//! | `%g` `%G` | `%e` for large or small exponents, `%f` otherwise, with the shortest digits |
//! | `%s` | the argument converted to a string |
//! | `%q` | the argument converted to a string, then quoted as a JSON string |
//!
//! Between the `%` and the verb letter may come, in this order:
//! - flags: `+` (always write a number's sign), a space (write a space where
//!   a positive number's sign would be), `-` (pad on the right), `0` (pad
//!   with zeros), `#` (`%#v`; `0b`/`0`/`0x` prefixes for `%b`/`%o`/`%x`);
//! - a width: the least number of characters (grapheme clusters) to write;
//! - a precision, `.` and digits: digits after the point for `%e` and `%f`,
//!   significant digits for `%g`, the least number of digits for integer
//!   verbs, the most characters of the string for `%s` and `%q`;
//! - an argument index `[n]`, choosing the `n`th argument (from 1); the
//!   verbs after it continue with argument `n + 1`.
//!
//! It is an error when a verb asks for a missing argument, when an argument
//! cannot be converted as its verb requires, when a verb other than `%v`
//! formats a null, and when some argument is never used. A width or
//! precision above [`FORMAT_MAX_WIDTH`], or
//! a result longer than
//! [`STRING_RESULT_MAX_BYTES`](super::limits::STRING_RESULT_MAX_BYTES), is
//! an error too.
//!
//! The examples call the functions through [`stdlib`](super::stdlib).
//!
//! # `format(format, args...)`
//!
//! ```
//! use hcl_core::functions::stdlib;
//! use hcl_core::types::Type;
//! use hcl_core::value::{Number, Value};
//!
//! let f = &stdlib()["format"];
//! let s = Value::from;
//! assert_eq!(f.call(&[s("Hello, %s!"), s("Ander")]).unwrap(), s("Hello, Ander!"));
//! assert_eq!(f.call(&[s("%05.1f|%-4d|%x"), Value::from(Number::parse_literal("3.14159").unwrap()), Value::from(7), Value::from(255)]).unwrap(), s("003.1|7   |ff"));
//! assert_eq!(f.call(&[s("%[2]s %[1]s"), s("a"), s("b")]).unwrap(), s("b a"));
//! assert_eq!(f.call(&[s("%v"), Value::tuple(vec![Value::from(1), s("<a>")])]).unwrap(), s("[1,\"\\u003ca\\u003e\"]"));
//! assert_eq!(f.call(&[s("%v"), Value::null(Type::Dynamic)]).unwrap(), s("null"));
//! assert!(f.call(&[s("%d"), Value::from(Number::parse_literal("1.5").unwrap())]).is_err());
//! assert!(f.call(&[s("%s %s"), s("only one")]).is_err());
//! ```
//!
//! # `formatlist(format, args...)`
//!
//! Formats element by element: every list, set or tuple argument must have
//! the same length, which is the length of the result; other arguments are
//! used in every element. An unknown element makes that element of the
//! result unknown.
//!
//! ```
//! use hcl_core::functions::stdlib;
//! use hcl_core::types::Type;
//! use hcl_core::value::Value;
//!
//! let f = &stdlib()["formatlist"];
//! let names = Value::list(Type::String, vec![Value::from("a"), Value::from("b")]).unwrap();
//! let r = f.call(&[Value::from("%s=%d"), names, Value::from(1)]).unwrap();
//! let want = Value::list(Type::String, vec![Value::from("a=1"), Value::from("b=1")]).unwrap();
//! assert_eq!(r, want);
//! ```

use num_bigint::{BigInt, Sign};
use unicode_segmentation::UnicodeSegmentation;

use super::encoding::marshal;
use super::limits::{check_number_text, FORMAT_MAX_WIDTH};
use super::string::{check_result_size, string_arg};
use super::support::list;
use super::{Function, FunctionError, Functions, Parameter};
use crate::types::{convert, Type};
use crate::value::write_go_json_string;
use crate::value::{go_quote, Number, Value, ValueKind};

#[cfg(test)]
mod tests;

/// Registers `format` and `formatlist`.
pub(crate) fn register(table: &mut Functions) {
    table.insert("format".to_owned(), format_function());
    table.insert("formatlist".to_owned(), formatlist_function());
}

fn format_function() -> Function {
    Function::builder()
        .result_not_null()
        .param(Parameter::new("format", Type::String))
        .variadic(
            Parameter::new("args", Type::Dynamic)
                .allow_null()
                .allow_unknown(),
        )
        .returns(Type::String)
        .description("Constructs a string by applying formatting verbs to a series of arguments, using a similar syntax to the C function \"printf\".")
        .implementation(|args, _| {
            let rest = args.get(1..).unwrap_or_default();
            if !rest.iter().all(Value::is_wholly_known) {
                // The text before the first verb starts the result.
                let format = string_arg(args, 0)?;
                let literal = format
                    .find('%')
                    .and_then(|i| format.get(..i))
                    .unwrap_or_default();
                return Ok(Value::unknown(Type::String)
                    .refine()
                    .string_prefix(literal)
                    .build());
            }
            format_values(string_arg(args, 0)?, rest).map(Value::string)
        })
        .build()
}

fn formatlist_function() -> Function {
    Function::builder()
        .result_not_null()
        .param(Parameter::new("format", Type::String))
        .variadic(
            Parameter::new("args", Type::Dynamic)
                .allow_null()
                .allow_unknown(),
        )
        .returns(Type::list(Type::String))
        .description("Constructs a list of strings by applying formatting verbs to a series of arguments, using a similar syntax to the C function \"printf\".")
        .implementation(|args, ret| formatlist(string_arg(args, 0)?, args.get(1..).unwrap_or_default(), ret))
        .build()
}

/// How one argument of `formatlist` takes part in each element.
enum ListArg<'a> {
    /// A sequence whose elements are used one per element.
    Seq(&'a [Value]),
    /// A value used whole in every element.
    Single(&'a Value),
}

fn formatlist(fmt: &str, args: &[Value], ret: &Type) -> Result<Value, FunctionError> {
    if args.is_empty() {
        return list(
            &Type::String,
            vec![Value::string(format_values(fmt, args)?)],
        );
    }
    let mut iter_len: Option<(usize, usize)> = None; // (length, argument)
    let mut unknown = false;
    let mut parts = Vec::with_capacity(args.len());
    for (i, arg) in args.iter().enumerate() {
        let ty = arg.ty();
        if (ty.is_list() || ty.is_set() || ty.is_tuple()) && !arg.is_null() {
            let len = if let Some(etys) = ty.tuple_element_types() {
                etys.len()
            } else {
                match arg.length_value().as_ref().and_then(Value::as_number) {
                    Some(n) if arg.is_known() => {
                        usize::try_from(n.to_u64().unwrap_or(0)).unwrap_or(usize::MAX)
                    }
                    _ => {
                        unknown = true;
                        parts.push(ListArg::Single(arg));
                        continue;
                    }
                }
            };
            match iter_len {
                None => iter_len = Some((len, i)),
                Some((want, chooser)) if want != len => {
                    return Err(FunctionError::arg(
                        i + 1,
                        format!(
                            "argument {} has length {len}, which is inconsistent with argument {} of length {want}",
                            i + 1,
                            chooser + 1
                        ),
                    ))
                }
                Some(_) => {}
            }
            match arg.elements() {
                Some(elems) => parts.push(ListArg::Seq(elems)),
                None => {
                    unknown = true;
                    parts.push(ListArg::Single(arg));
                }
            }
        } else {
            if ty.is_dynamic() && !arg.is_known() {
                unknown = true;
            }
            parts.push(ListArg::Single(arg));
        }
    }
    if unknown {
        return Ok(Value::unknown(ret.clone()));
    }
    let count = iter_len.map_or(1, |(len, _)| len);
    let mut out = Vec::with_capacity(count);
    let mut total = 0usize;
    let mut call_args: Vec<Value> = Vec::with_capacity(parts.len());
    for index in 0..count {
        call_args.clear();
        for part in &parts {
            call_args.push(match part {
                ListArg::Seq(elems) => elems.get(index).cloned().unwrap_or_else(Value::dynamic),
                ListArg::Single(v) => (*v).clone(),
            });
        }
        if !call_args.iter().all(Value::is_wholly_known) {
            out.push(Value::unknown(Type::String).refine_not_null());
            continue;
        }
        let s = format_values(fmt, &call_args).map_err(|e| {
            FunctionError::failed(format!("error on format iteration {index}: {e}"))
        })?;
        total = total.saturating_add(s.len());
        check_result_size("formatlist", total)?;
        out.push(Value::string(s));
    }
    list(&Type::String, out)
}

/// One formatting verb, as scanned from the format string.
#[derive(Debug, Default)]
struct Verb<'a> {
    /// The verb's text, from `%` to the verb letter.
    raw: &'a str,
    /// The byte offset of the verb's `%`.
    offset: usize,
    /// The argument it formats, from 1.
    arg_num: usize,
    mode: char,
    zero: bool,
    sharp: bool,
    plus: bool,
    minus: bool,
    space: bool,
    width: Option<usize>,
    prec: Option<usize>,
}

/// Reads decimal digits at `*p`, saturating.
fn digits(bytes: &[u8], p: &mut usize) -> usize {
    let mut n = 0usize;
    while let Some(d) = bytes.get(*p).filter(|b| b.is_ascii_digit()) {
        n = n.saturating_mul(10).saturating_add(usize::from(d - b'0'));
        *p += 1;
    }
    n
}

/// Applies a format string to argument values, as the reference's `format`.
fn format_values(fmt: &str, args: &[Value]) -> Result<String, FunctionError> {
    let bytes = fmt.as_bytes();
    let mut out = String::new();
    let mut next_arg = 1usize;
    let mut highest = 0usize;
    let mut literal_start = 0;
    let mut p = 0;
    while let Some(&byte) = bytes.get(p) {
        if byte != b'%' {
            p += 1;
            continue;
        }
        out.push_str(&fmt[literal_start..p]);
        let start = p;
        p += 1;
        if bytes.get(p) == Some(&b'%') {
            out.push('%');
            p += 1;
            literal_start = p;
            continue;
        }
        let mut verb = Verb {
            offset: start,
            arg_num: next_arg,
            ..Verb::default()
        };
        while let Some(&b) = bytes.get(p) {
            match b {
                b' ' => verb.space = true,
                b'#' => verb.sharp = true,
                b'+' => verb.plus = true,
                b'-' => verb.minus = true,
                b'0' => verb.zero = true,
                _ => break,
            }
            p += 1;
        }
        if bytes.get(p).is_some_and(|b| (b'1'..=b'9').contains(b)) {
            verb.width = Some(digits(bytes, &mut p));
        }
        if bytes.get(p) == Some(&b'.') {
            p += 1;
            verb.prec = Some(digits(bytes, &mut p));
        }
        if bytes.get(p) == Some(&b'[') {
            p += 1;
            if !bytes.get(p).is_some_and(|b| (b'1'..=b'9').contains(b)) {
                return Err(bad_char(fmt, p));
            }
            verb.arg_num = digits(bytes, &mut p);
            if bytes.get(p) != Some(&b']') {
                return Err(bad_char(fmt, p));
            }
            p += 1;
        }
        match bytes.get(p) {
            Some(b) if b.is_ascii_alphabetic() => verb.mode = char::from(*b),
            _ => return Err(bad_char(fmt, p)),
        }
        p += 1;
        literal_start = p;
        verb.raw = &fmt[start..p];
        highest = highest.max(verb.arg_num);
        append_verb(&verb, &mut out, args)?;
        check_result_size("format", out.len())?;
        next_arg = verb.arg_num.saturating_add(1);
    }
    out.push_str(&fmt[literal_start..]);
    check_result_size("format", out.len())?;
    if highest < args.len() {
        let first_bad = highest + 1;
        return Err(FunctionError::arg(
            first_bad,
            if highest == 0 {
                "too many arguments; no verbs in format string".to_owned()
            } else {
                format!("too many arguments; only {highest} used by format string")
            },
        ));
    }
    Ok(out)
}

/// The error for an unexpected character (or the end) inside a verb.
fn bad_char(fmt: &str, p: usize) -> FunctionError {
    match fmt.get(p..).and_then(|rest| rest.chars().next()) {
        Some(c) => FunctionError::failed(format!(
            "unrecognized format character {} at offset {p}",
            quote_rune(c)
        )),
        None => FunctionError::failed(format!(
            "invalid format string starting at offset {}",
            fmt.len()
        )),
    }
}

/// A character quoted as Go quotes a rune (`'x'`, `'\n'`).
pub(super) fn quote_rune(c: char) -> String {
    let quoted = go_quote(c.encode_utf8(&mut [0u8; 4]));
    let inner = quoted
        .strip_prefix('"')
        .and_then(|s| s.strip_suffix('"'))
        .unwrap_or(&quoted);
    match c {
        '"' => "'\"'".to_owned(),
        '\'' => "'\\''".to_owned(),
        _ => format!("'{inner}'"),
    }
}

fn append_verb(verb: &Verb<'_>, out: &mut String, args: &[Value]) -> Result<(), FunctionError> {
    let raw = go_quote(verb.raw);
    let at = verb.offset;
    for (what, n) in [("width", verb.width), ("precision", verb.prec)] {
        if let Some(n) = n.filter(|&n| n > FORMAT_MAX_WIDTH) {
            return Err(FunctionError::failed(format!(
                "the {what} {n} of {raw} at {at} is more than the limit of {FORMAT_MAX_WIDTH} (FORMAT_MAX_WIDTH)"
            )));
        }
    }
    let Some(arg) = verb.arg_num.checked_sub(1).and_then(|i| args.get(i)) else {
        return Err(FunctionError::failed(format!(
            "not enough arguments for {raw} at {at}: need index {} but have {} total",
            verb.arg_num,
            args.len()
        )));
    };
    if verb.mode != 'v' && arg.is_null() {
        return Err(FunctionError::failed(format!(
            "unsupported value for {raw} at {at}: null value cannot be formatted"
        )));
    }
    let unsupported =
        |msg: &str| FunctionError::failed(format!("unsupported value for {raw} at {at}: {msg}"));
    match verb.mode {
        'v' => {
            let text = match arg.kind() {
                ValueKind::String(s) if !verb.sharp => s.to_owned(),
                ValueKind::Number(n) if !verb.sharp => {
                    check_number_text(n).map_err(|e| unsupported(&e))?;
                    n.to_text('g', None).unwrap_or_default()
                }
                _ => marshal(arg).map_err(|e| unsupported(&e))?,
            };
            pad_width(verb, &text, out);
        }
        't' => {
            let b = convert(arg, &Type::Bool).map_err(|e| unsupported(e.message()))?;
            out.push_str(if b.as_bool() == Some(true) {
                "true"
            } else {
                "false"
            });
        }
        'b' | 'd' | 'o' | 'x' | 'X' | 'e' | 'E' | 'f' | 'g' | 'G' => {
            let n = convert(arg, &Type::Number).map_err(|e| unsupported(e.message()))?;
            let Some(n) = n.as_number() else {
                return Err(unsupported("a number is required"));
            };
            check_number_text(n).map_err(|e| unsupported(&e))?;
            if matches!(verb.mode, 'b' | 'd' | 'o' | 'x' | 'X') {
                let Some(i) = n.to_bigint() else {
                    return Err(unsupported("an integer is required"));
                };
                format_integer(verb, &i, out);
            } else {
                format_float(verb, n, out);
            }
        }
        's' | 'q' => {
            if let Some(n) = arg.as_number() {
                check_number_text(n).map_err(|e| unsupported(&e))?;
            }
            let s = convert(arg, &Type::String).map_err(|e| unsupported(e.message()))?;
            let mut s = s.as_str().unwrap_or_default();
            if let Some(prec) = verb.prec.filter(|&p| p > 0) {
                if let Some((end, _)) = s.grapheme_indices(true).nth(prec) {
                    s = &s[..end];
                }
            }
            if verb.mode == 's' {
                pad_width(verb, s, out);
            } else {
                let mut quoted = String::with_capacity(s.len() + 2);
                write_go_json_string(s, &mut quoted);
                pad_width(verb, &quoted, out);
            }
        }
        mode => {
            return Err(FunctionError::failed(format!(
                "unsupported format verb {} in {raw} at offset {at}",
                quote_rune(mode)
            )))
        }
    }
    Ok(())
}

/// Pads a formatted value to the verb's width, counted in grapheme
/// clusters: on the left, or on the right with `-`, with zeros with `0`.
fn pad_width(verb: &Verb<'_>, text: &str, out: &mut String) {
    let Some(width) = verb.width else {
        out.push_str(text);
        return;
    };
    let len = text.graphemes(true).count();
    if len >= width {
        out.push_str(text);
        return;
    }
    let pad = if verb.zero { '0' } else { ' ' };
    if verb.minus {
        out.push_str(text);
        out.extend(std::iter::repeat_n(pad, width - len));
    } else {
        out.extend(std::iter::repeat_n(pad, width - len));
        out.push_str(text);
    }
}

/// Formats a whole number as Go formats a big integer: sign, base prefix
/// (`#`), zeros up to the precision, then padding to the width.
fn format_integer(verb: &Verb<'_>, i: &BigInt, out: &mut String) {
    let (base, prefix) = match verb.mode {
        'b' => (2, "0b"),
        'o' => (8, "0"),
        'x' => (16, "0x"),
        'X' => (16, "0X"),
        _ => (10, ""),
    };
    let prefix = if verb.sharp { prefix } else { "" };
    let sign = if i.sign() == Sign::Minus {
        "-"
    } else if verb.plus {
        "+"
    } else if verb.space {
        " "
    } else {
        ""
    };
    let mut digits = i.magnitude().to_str_radix(base);
    if verb.mode == 'X' {
        digits.make_ascii_uppercase();
    }
    let mut zeros = 0;
    if let Some(prec) = verb.prec {
        if digits.len() < prec {
            zeros = prec - digits.len();
        } else if digits == "0" && prec == 0 {
            return;
        }
    }
    let len = sign.len() + prefix.len() + zeros + digits.len();
    let (mut left, mut right) = (0, 0);
    if let Some(width) = verb.width.filter(|&w| w > len) {
        let d = width - len;
        if verb.minus {
            right = d;
        } else if verb.zero && verb.prec.is_none() {
            zeros = d;
        } else {
            left = d;
        }
    }
    out.extend(std::iter::repeat_n(' ', left));
    out.push_str(sign);
    out.push_str(prefix);
    out.extend(std::iter::repeat_n('0', zeros));
    out.push_str(&digits);
    out.extend(std::iter::repeat_n(' ', right));
}

/// Formats a number as Go formats a big float with `%e`, `%f` or `%g`.
fn format_float(verb: &Verb<'_>, n: &Number, out: &mut String) {
    let prec = match (verb.prec, verb.mode) {
        (Some(p), _) => Some(p),
        (None, 'g' | 'G') => None,
        (None, _) => Some(6),
    };
    let text = n.to_text(verb.mode, prec).unwrap_or_default();
    let (sign, body) = if let Some(body) = text.strip_prefix('-') {
        ("-", body)
    } else if let Some(body) = text.strip_prefix('+') {
        (if verb.space { " " } else { "+" }, body)
    } else if verb.plus {
        ("+", text.as_str())
    } else if verb.space {
        (" ", text.as_str())
    } else {
        ("", text.as_str())
    };
    let len = sign.len() + body.len();
    let padding = verb.width.filter(|&w| w > len).map_or(0, |w| w - len);
    // Go's formatter drops the zero flag when the minus flag is present.
    if verb.zero && !verb.minus && !n.is_infinite() {
        out.push_str(sign);
        out.extend(std::iter::repeat_n('0', padding));
        out.push_str(body);
    } else if verb.minus {
        out.push_str(sign);
        out.push_str(body);
        out.extend(std::iter::repeat_n(' ', padding));
    } else {
        out.extend(std::iter::repeat_n(' ', padding));
        out.push_str(sign);
        out.push_str(body);
    }
}
