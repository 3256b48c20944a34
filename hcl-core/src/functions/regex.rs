//! Regular-expression functions: `regex` and `regexall`.
//!
//! Patterns use the RE2 syntax of the reference (Go's `regexp`): Perl-like
//! classes, repetitions (counts up to 1000), groups, `(?P<name>re)` named
//! groups (not `(?<name>re)`, which Go's `regexp` accepts only from Go
//! 1.22 on, while the reference is built with Go 1.19), flags `i`, `m`,
//! `s` and `U`, `\Q...\E` quoting; no backreferences or look-around. Matching is leftmost-first,
//! as in Perl. `\d`, `\s`, `\w` and `\b` are ASCII-only, as in RE2, while
//! `.`, `\pN` and case folding (`(?i)`) work on Unicode characters.
//!
//! Patterns are checked and translated to the syntax of the `regex` crate,
//! which matches in linear time; a pattern whose compiled form exceeds
//! [`REGEX_MAX_COMPILED_BYTES`],
//! or that nests groups deeper than
//! [`REGEX_MAX_NESTING`], is an error.
//!
//! The result's type depends on the pattern's capture groups: without
//! groups, the matched string; with unnamed groups, a tuple of their
//! matches; with named groups, an object of them. A group that did not take
//! part in the match is null. Mixing named and unnamed groups is an error.
//!
//! The examples call the functions through [`stdlib`](super::stdlib).
//!
//! # `regex(pattern, string)`
//!
//! The first match; an error when there is none.
//!
//! ```
//! use hcl_core::functions::stdlib;
//! use hcl_core::types::Type;
//! use hcl_core::value::Value;
//!
//! let f = &stdlib()["regex"];
//! let s = Value::from;
//! assert_eq!(f.call(&[s("[0-9]+"), s("ab123cd45")]).unwrap(), s("123"));
//! let r = f.call(&[s("(?P<word>[a-z]+)-(?P<num>\\d+)"), s("ab-12")]).unwrap();
//! assert_eq!(r, Value::object([("num", s("12")), ("word", s("ab"))]));
//! let r = f.call(&[s("(a)(b)?"), s("ac")]).unwrap();
//! assert_eq!(r, Value::tuple(vec![s("a"), Value::null(Type::String)]));
//! assert!(f.call(&[s("x"), s("abc")]).is_err());
//! assert!(f.call(&[s("("), s("abc")]).is_err());
//! ```
//!
//! # `regexall(pattern, string)`
//!
//! Every non-overlapping match, in order, as a list; an empty match right
//! after a previous match is skipped.
//!
//! ```
//! use hcl_core::functions::stdlib;
//! use hcl_core::types::Type;
//! use hcl_core::value::Value;
//!
//! let f = &stdlib()["regexall"];
//! let r = f.call(&[Value::from("[0-9]"), Value::from("a1b2")]).unwrap();
//! assert_eq!(r, Value::list(Type::String, vec![Value::from("1"), Value::from("2")]).unwrap());
//! let none = f.call(&[Value::from("x"), Value::from("abc")]).unwrap();
//! assert_eq!(none, Value::list(Type::String, vec![]).unwrap());
//! ```

use std::sync::{Arc, Mutex};

use super::limits::{
    REGEX_MAX_COMPILED_BYTES, REGEX_MAX_NESTING, SEQUENCE_RESULT_MAX_ELEMENTS,
    STRING_RESULT_MAX_BYTES,
};
use super::string::string_arg;
use super::support::list;
use super::{Function, FunctionError, Functions, Parameter};
use crate::types::Type;
use crate::value::Value;

#[cfg(test)]
mod tests;
mod translate;

use self::translate::translate;

/// Registers `regex` and `regexall`.
pub(crate) fn register(table: &mut Functions) {
    table.insert("regex".to_owned(), regex_function());
    table.insert("regexall".to_owned(), regexall_function());
}

/// A compiled pattern with the names of its capture groups.
struct Compiled {
    re: ::regex::Regex,
    /// One entry per capture group, in order: its name, if any.
    names: Vec<Option<String>>,
}

/// How many compiled patterns are kept for reuse.
const CACHE_SIZE: usize = 16;

static CACHE: Mutex<Vec<(String, Arc<Compiled>)>> = Mutex::new(Vec::new());

/// Compiles a pattern, reusing a recent compilation of the same pattern.
fn compile(pattern: &str) -> Result<Arc<Compiled>, String> {
    if let Ok(cache) = CACHE.lock() {
        if let Some((_, c)) = cache.iter().find(|(p, _)| p == pattern) {
            return Ok(Arc::clone(c));
        }
    }
    let (translated, names) = translate(pattern).map_err(|e| e.describe())?;
    let re = ::regex::RegexBuilder::new(&translated)
        .size_limit(REGEX_MAX_COMPILED_BYTES)
        .dfa_size_limit(REGEX_MAX_COMPILED_BYTES)
        .nest_limit(REGEX_MAX_NESTING.saturating_mul(4))
        .build()
        .map_err(|e| match e {
            ::regex::Error::CompiledTooBig(limit) => format!(
                "invalid regexp pattern: the compiled pattern is larger than the limit of {limit} bytes (REGEX_MAX_COMPILED_BYTES)"
            ),
            other => format!("error parsing pattern: {other}"),
        })?;
    let compiled = Arc::new(Compiled { re, names });
    if let Ok(mut cache) = CACHE.lock() {
        if cache.len() >= CACHE_SIZE {
            cache.remove(0);
        }
        cache.push((pattern.to_owned(), Arc::clone(&compiled)));
    }
    Ok(compiled)
}

/// The type of one match's result.
fn result_type(c: &Compiled) -> Result<Type, String> {
    let named: Vec<&str> = c.names.iter().flatten().map(String::as_str).collect();
    let unnamed = c.names.len() - named.len();
    match (unnamed, named.len()) {
        (0, 0) => Ok(Type::String),
        (0, _) => Ok(Type::object(named.into_iter().map(|n| (n, Type::String)))),
        (_, 0) => Ok(Type::tuple(vec![Type::String; unnamed])),
        _ => Err(
            "invalid regexp pattern: cannot mix both named and unnamed capture groups".to_owned(),
        ),
    }
}

/// What the results of the matches so far hold: values and bytes of
/// strings. Each match's groups copy the text they capture, so nested
/// groups can hold many times the string matched.
#[derive(Default)]
struct ResultSize {
    values: usize,
    bytes: usize,
}

impl ResultSize {
    /// Adds one match's result: an error once the results would hold more
    /// than [`SEQUENCE_RESULT_MAX_ELEMENTS`] values or
    /// [`STRING_RESULT_MAX_BYTES`] bytes.
    fn add(&mut self, c: &Compiled, caps: &::regex::Captures<'_>) -> Result<(), FunctionError> {
        let groups = if c.names.is_empty() {
            0..1
        } else {
            1..c.names.len() + 1
        };
        self.values = self.values.saturating_add(groups.len().max(1));
        for i in groups {
            self.bytes = self
                .bytes
                .saturating_add(caps.get(i).map_or(0, |m| m.as_str().len()));
        }
        if self.values > SEQUENCE_RESULT_MAX_ELEMENTS {
            return Err(FunctionError::failed(format!(
                "the matches would hold more than {SEQUENCE_RESULT_MAX_ELEMENTS} values, the \
                 limit (SEQUENCE_RESULT_MAX_ELEMENTS)"
            )));
        }
        if self.bytes > STRING_RESULT_MAX_BYTES {
            return Err(FunctionError::failed(format!(
                "the matched groups would hold more than {STRING_RESULT_MAX_BYTES} bytes, the \
                 limit (STRING_RESULT_MAX_BYTES)"
            )));
        }
        Ok(())
    }
}

/// One match's result, shaped by [`result_type`].
fn match_result(c: &Compiled, caps: &::regex::Captures<'_>) -> Value {
    let group = |i: usize| {
        caps.get(i)
            .map_or_else(|| Value::null(Type::String), |m| Value::string(m.as_str()))
    };
    if c.names.is_empty() {
        return group(0);
    }
    if c.names.iter().all(Option::is_none) {
        return Value::tuple((1..=c.names.len()).map(group).collect());
    }
    // Of groups with the same name the last wins.
    Value::object(
        c.names
            .iter()
            .enumerate()
            .filter_map(|(i, n)| n.as_deref().map(|n| (n, group(i + 1)))),
    )
}

/// Compiles argument 0 as a pattern and works out a match's type.
fn pattern_type(args: &[Value]) -> Result<Option<(Arc<Compiled>, Type)>, FunctionError> {
    let Some(pattern) = args.first().and_then(Value::as_str) else {
        return Ok(None);
    };
    let c = compile(pattern).map_err(|e| FunctionError::arg(0, e))?;
    let ty = result_type(&c).map_err(|e| FunctionError::arg(0, e))?;
    Ok(Some((c, ty)))
}

fn regex_function() -> Function {
    Function::builder().result_not_null()
        .param(Parameter::new("pattern", Type::String))
        .param(Parameter::new("string", Type::String))
        .returns_with(|args| Ok(pattern_type(args)?.map_or(Type::Dynamic, |(_, t)| t)))
        .description("Applies the given regular expression pattern to the given string and returns information about a single match, or raises an error if there is no match.")
        .implementation(|args, _| {
            let Some((c, _)) = pattern_type(args)? else {
                return Ok(Value::dynamic());
            };
            let s = string_arg(args, 1)?;
            match c.re.captures(s) {
                Some(caps) => {
                    ResultSize::default().add(&c, &caps)?;
                    Ok(match_result(&c, &caps))
                }
                None => Err(FunctionError::failed(
                    "pattern did not match any part of the given string",
                )),
            }
        })
        .build()
}

fn regexall_function() -> Function {
    Function::builder().result_not_null()
        .param(Parameter::new("pattern", Type::String))
        .param(Parameter::new("string", Type::String))
        .returns_with(|args| {
            Ok(Type::list(
                pattern_type(args)?.map_or(Type::Dynamic, |(_, t)| t),
            ))
        })
        .description("Applies the given regular expression pattern to the given string and returns a list of information about all non-overlapping matches, or an empty list if there are no matches.")
        .implementation(|args, _| {
            let Some((c, ety)) = pattern_type(args)? else {
                return Ok(Value::dynamic());
            };
            let s = string_arg(args, 1)?;
            let mut out = Vec::new();
            let mut size = ResultSize::default();
            let mut pos = 0;
            let mut prev_end: Option<usize> = None;
            while pos <= s.len() {
                let Some(caps) = c.re.captures_at(s, pos) else {
                    break;
                };
                let Some(whole) = caps.get(0) else {
                    break;
                };
                let mut accept = true;
                if whole.end() == pos {
                    // An empty match: skip it right after a match, and move
                    // on by one character.
                    if Some(whole.start()) == prev_end {
                        accept = false;
                    }
                    pos += s[pos..].chars().next().map_or(1, char::len_utf8);
                } else {
                    pos = whole.end();
                }
                prev_end = Some(whole.end());
                if accept {
                    if out.len() == SEQUENCE_RESULT_MAX_ELEMENTS {
                        return Err(FunctionError::failed(format!(
                            "the pattern matches more than {SEQUENCE_RESULT_MAX_ELEMENTS} times, \
                             the limit (SEQUENCE_RESULT_MAX_ELEMENTS)"
                        )));
                    }
                    size.add(&c, &caps)?;
                    out.push(match_result(&c, &caps));
                }
            }
            list(&ety, out)
        })
        .build()
}
