//! Reading JSON for `jsondecode`, as the reference's decoder reads it.

use crate::functions::limits::{JSON_MAX_DEPTH, JSON_NUMBER_MAX_DIGITS, JSON_NUMBER_MAX_EXPONENT};
use crate::functions::string::string_arg;
use crate::functions::{Function, FunctionError, Parameter};
use crate::types::{convert, Type};
use crate::value::{go_quote, normalize_string, Number, Value};

/// A JSON document read as the reference's decoder reads it: object
/// members in order, duplicates kept; numbers as their text.
#[derive(Debug, Clone, PartialEq)]
enum Json {
    Null,
    Bool(bool),
    Number(String),
    String(String),
    Array(Vec<Json>),
    Object(Vec<(String, Json)>),
}

/// Where the reader is, for the wording of syntax errors.
#[derive(Clone, Copy, PartialEq)]
enum Context {
    /// Expecting a value (at the top, in an array, after a key).
    Value,
    /// Expecting a key or `}` right after `{`.
    ObjectStart,
    /// Expecting a key after `,`.
    ObjectKey,
    /// Expecting `:` after a key.
    ObjectColon,
    /// Expecting `,` or `}` after a member.
    ObjectComma,
    /// Expecting `,` or `]` after an element.
    ArrayComma,
}

struct JsonReader<'a> {
    s: &'a [u8],
    pos: usize,
    depth: usize,
}

/// A byte quoted as the reference quotes characters in JSON syntax errors.
fn quote_json_char(b: u8) -> String {
    crate::functions::format::quote_rune(char::from(b))
}

fn unexpected_eof() -> String {
    "unexpected EOF".to_owned()
}

impl JsonReader<'_> {
    fn skip_space(&mut self) {
        while let Some(b' ' | b'\t' | b'\r' | b'\n') = self.s.get(self.pos) {
            self.pos += 1;
        }
    }

    /// The next non-space byte, without consuming it; `Err("EOF")` at the
    /// end.
    fn peek(&mut self) -> Result<u8, String> {
        self.skip_space();
        self.s
            .get(self.pos)
            .copied()
            .ok_or_else(|| "EOF".to_owned())
    }

    fn token_error(&self, c: u8, context: Context) -> String {
        let what = match context {
            Context::Value => " looking for beginning of value",
            Context::ObjectStart => "",
            Context::ObjectKey => " looking for beginning of object key string",
            Context::ObjectColon => " after object key",
            Context::ObjectComma => " after object key:value pair",
            Context::ArrayComma => " after array element",
        };
        format!("invalid character {}{what}", quote_json_char(c))
    }

    /// Reads one value; `context` words the error for a bad first byte.
    fn value(&mut self) -> Result<Json, String> {
        let c = self.peek()?;
        match c {
            b'{' => {
                self.pos += 1;
                self.nested(Self::object)
            }
            b'[' => {
                self.pos += 1;
                self.nested(Self::array)
            }
            b'"' => self.string().map(Json::String),
            b'-' | b'0'..=b'9' => self.number().map(Json::Number),
            b't' => self.literal("true").map(|()| Json::Bool(true)),
            b'f' => self.literal("false").map(|()| Json::Bool(false)),
            b'n' => self.literal("null").map(|()| Json::Null),
            _ => Err(self.token_error(c, Context::Value)),
        }
    }

    fn nested(&mut self, read: fn(&mut Self) -> Result<Json, String>) -> Result<Json, String> {
        if self.depth >= JSON_MAX_DEPTH {
            return Err(format!(
                "JSON nesting deeper than {JSON_MAX_DEPTH} levels (JSON_MAX_DEPTH)"
            ));
        }
        self.depth += 1;
        let r = read(self);
        self.depth -= 1;
        r
    }

    fn array(&mut self) -> Result<Json, String> {
        let mut elems = Vec::new();
        if self.peek()? == b']' {
            self.pos += 1;
            return Ok(Json::Array(elems));
        }
        loop {
            elems.push(self.value()?);
            match self.peek()? {
                b',' => self.pos += 1,
                b']' => {
                    self.pos += 1;
                    return Ok(Json::Array(elems));
                }
                c => return Err(self.token_error(c, Context::ArrayComma)),
            }
        }
    }

    fn object(&mut self) -> Result<Json, String> {
        let mut members = Vec::new();
        let mut context = Context::ObjectStart;
        loop {
            match self.peek()? {
                b'}' if context == Context::ObjectStart => {
                    self.pos += 1;
                    return Ok(Json::Object(members));
                }
                b'"' => {}
                c => return Err(self.token_error(c, context)),
            }
            let key = self.string()?;
            match self.peek()? {
                b':' => self.pos += 1,
                c => return Err(self.token_error(c, Context::ObjectColon)),
            }
            let v = self.value()?;
            members.push((key, v));
            match self.peek()? {
                b',' => {
                    self.pos += 1;
                    context = Context::ObjectKey;
                }
                b'}' => {
                    self.pos += 1;
                    return Ok(Json::Object(members));
                }
                c => return Err(self.token_error(c, Context::ObjectComma)),
            }
        }
    }

    fn next_byte(&mut self) -> Result<u8, String> {
        let b = self.s.get(self.pos).copied().ok_or_else(unexpected_eof)?;
        self.pos += 1;
        Ok(b)
    }

    fn literal(&mut self, word: &str) -> Result<(), String> {
        for want in word.bytes() {
            let b = self.next_byte()?;
            if b != want {
                return Err(format!(
                    "invalid character {} in literal {word} (expecting {})",
                    quote_json_char(b),
                    quote_json_char(want)
                ));
            }
        }
        Ok(())
    }

    fn number(&mut self) -> Result<String, String> {
        let start = self.pos;
        let bad = |b: u8, what: &str| format!("invalid character {} {what}", quote_json_char(b));
        let digits = |r: &mut Self| {
            while r.s.get(r.pos).is_some_and(u8::is_ascii_digit) {
                r.pos += 1;
            }
        };
        if self.s.get(self.pos) == Some(&b'-') {
            self.pos += 1;
        }
        match self.next_byte()? {
            b'0' => {}
            b'1'..=b'9' => digits(self),
            b => return Err(bad(b, "in numeric literal")),
        }
        if self.s.get(self.pos) == Some(&b'.') {
            self.pos += 1;
            match self.next_byte()? {
                b'0'..=b'9' => digits(self),
                b => return Err(bad(b, "after decimal point in numeric literal")),
            }
        }
        if let Some(b'e' | b'E') = self.s.get(self.pos) {
            self.pos += 1;
            let mut b = self.next_byte()?;
            if b == b'+' || b == b'-' {
                b = self.next_byte()?;
            }
            match b {
                b'0'..=b'9' => digits(self),
                b => return Err(bad(b, "in exponent of numeric literal")),
            }
        }
        Ok(String::from_utf8_lossy(self.s.get(start..self.pos).unwrap_or_default()).into_owned())
    }

    fn hex4(&mut self) -> Result<u32, String> {
        let mut v = 0u32;
        for _ in 0..4 {
            let b = self.next_byte()?;
            let d = char::from(b).to_digit(16).ok_or_else(|| {
                format!(
                    "invalid character {} in \\u hexadecimal character escape",
                    quote_json_char(b)
                )
            })?;
            v = v * 16 + d;
        }
        Ok(v)
    }

    /// Reads a string after checking its syntax, decoding escapes; a lone
    /// surrogate escape becomes U+FFFD.
    fn string(&mut self) -> Result<String, String> {
        self.pos += 1; // the opening quote
        let mut out = String::new();
        let mut run_start = self.pos;
        loop {
            let b = self.next_byte()?;
            match b {
                b'"' => {
                    out.push_str(self.text(run_start, self.pos - 1));
                    return Ok(out);
                }
                b'\\' => {
                    out.push_str(self.text(run_start, self.pos - 1));
                    let e = self.next_byte()?;
                    match e {
                        b'"' => out.push('"'),
                        b'\\' => out.push('\\'),
                        b'/' => out.push('/'),
                        b'b' => out.push('\u{8}'),
                        b'f' => out.push('\u{c}'),
                        b'n' => out.push('\n'),
                        b'r' => out.push('\r'),
                        b't' => out.push('\t'),
                        b'u' => {
                            let u = self.hex4()?;
                            out.push(self.escaped_char(u)?);
                        }
                        _ => {
                            return Err(format!(
                                "invalid character {} in string escape code",
                                quote_json_char(e)
                            ))
                        }
                    }
                    run_start = self.pos;
                }
                0..=0x1f => {
                    return Err(format!(
                        "invalid character {} in string literal",
                        quote_json_char(b)
                    ))
                }
                _ => {}
            }
        }
    }

    /// The character of a `\u` escape, pairing surrogates.
    fn escaped_char(&mut self, u: u32) -> Result<char, String> {
        if (0xd800..0xdc00).contains(&u) {
            // A high surrogate pairs with an immediately following low one.
            let save = self.pos;
            if self.s.get(self.pos..self.pos + 2) == Some(b"\\u") {
                self.pos += 2;
                if let Ok(low) = self.hex4() {
                    if (0xdc00..0xe000).contains(&low) {
                        let c = 0x10000 + ((u - 0xd800) << 10) + (low - 0xdc00);
                        return Ok(char::from_u32(c).unwrap_or('\u{fffd}'));
                    }
                }
            }
            self.pos = save;
        }
        Ok(char::from_u32(u).unwrap_or('\u{fffd}'))
    }

    fn text(&self, start: usize, end: usize) -> &str {
        self.s
            .get(start..end)
            .and_then(|b| std::str::from_utf8(b).ok())
            .unwrap_or_default()
    }
}

/// Reads a JSON document: one value, then nothing but white space (a
/// closing bracket or brace after it is ignored, as by the reference).
fn read_json(text: &str) -> Result<Json, String> {
    let mut r = JsonReader {
        s: text.as_bytes(),
        pos: 0,
        depth: 0,
    };
    let v = r.value()?;
    match r.peek() {
        Ok(b']' | b'}') | Err(_) => Ok(v),
        Ok(_) => Err("extraneous data after JSON object".to_owned()),
    }
}

/// The type the reference gives a JSON value: objects, tuples, and the
/// dynamic type for null. Of duplicate keys the last wins.
fn implied_type(j: &Json) -> Type {
    match j {
        Json::Null => Type::Dynamic,
        Json::Bool(_) => Type::Bool,
        Json::Number(_) => Type::Number,
        Json::String(_) => Type::String,
        Json::Array(elems) => Type::tuple(elems.iter().map(implied_type).collect()),
        Json::Object(members) => {
            let mut attrs: Vec<(&str, Type)> = Vec::with_capacity(members.len());
            for (k, v) in members {
                let t = implied_type(v);
                match attrs.iter_mut().find(|(name, _)| *name == k.as_str()) {
                    Some(slot) => slot.1 = t,
                    None => attrs.push((k, t)),
                }
            }
            Type::object(attrs)
        }
    }
}

/// Reads a JSON value against a type, as the reference's decoder does.
fn unmarshal(j: &Json, ty: &Type) -> Result<Value, String> {
    if *j == Json::Null {
        return Ok(Value::null(ty.clone()));
    }
    match ty {
        Type::Dynamic => unmarshal_dynamic(j),
        Type::Bool => match j {
            Json::Bool(b) => Ok(Value::bool(*b)),
            Json::String(s) => {
                convert(&Value::string(s), &Type::Bool).map_err(|e| e.message().to_owned())
            }
            _ => Err("bool is required".to_owned()),
        },
        Type::Number => match j {
            Json::Number(s) | Json::String(s) => {
                check_json_number(s)?;
                Number::parse_str(s)
                    .map(Value::number)
                    .ok_or_else(|| "a number is required".to_owned())
            }
            _ => Err("number is required".to_owned()),
        },
        Type::String => match j {
            Json::String(s) | Json::Number(s) => Ok(Value::string(s)),
            Json::Bool(b) => Ok(Value::string(if *b { "true" } else { "false" })),
            _ => Err("string is required".to_owned()),
        },
        Type::Tuple(etys) => {
            let Json::Array(elems) = j else {
                return Err("missing expected [".to_owned());
            };
            let mut out = Vec::with_capacity(etys.len());
            for (i, e) in elems.iter().enumerate() {
                let Some(ety) = etys.get(i) else {
                    return Err(format!("too many tuple elements (need {})", etys.len()));
                };
                out.push(unmarshal(e, ety)?);
            }
            if out.len() != etys.len() {
                return Err(format!("not enough tuple elements (need {})", etys.len()));
            }
            Ok(Value::tuple(out))
        }
        Type::Object(attrs) => {
            let Json::Object(members) = j else {
                return Err("missing expected {".to_owned());
            };
            let mut vals: Vec<(String, Value)> = Vec::with_capacity(attrs.len());
            for (k, v) in members {
                let Some(aty) = ty.attribute_type(k) else {
                    return Err(format!("unsupported attribute {}", go_quote(k)));
                };
                vals.push((normalize_string(k).into_owned(), unmarshal(v, aty)?));
            }
            for (k, aty) in attrs.iter() {
                if !vals.iter().any(|(name, _)| name == k) {
                    vals.push((k.clone(), Value::null(aty.clone())));
                }
            }
            // Of duplicate keys the later wins.
            Ok(Value::object(vals))
        }
        Type::List(ety) | Type::Set(ety) => {
            let Json::Array(elems) = j else {
                return Err("missing expected [".to_owned());
            };
            let vals = elems
                .iter()
                .map(|e| unmarshal(e, ety))
                .collect::<Result<Vec<_>, _>>()?;
            let built = if ty.is_list() {
                Value::list((**ety).clone(), vals)
            } else {
                Value::set((**ety).clone(), vals)
            };
            built.map_err(|e| e.to_string())
        }
        Type::Map(ety) => {
            let Json::Object(members) = j else {
                return Err("missing expected {".to_owned());
            };
            let vals = members
                .iter()
                .map(|(k, v)| Ok((k.clone(), unmarshal(v, ety)?)))
                .collect::<Result<Vec<_>, String>>()?;
            Value::map((**ety).clone(), vals).map_err(|e| e.to_string())
        }
        Type::Capsule(_) => Err(format!("unsupported type {}", ty.friendly_name())),
        // The extended types: read as their value type, then checked
        // (an int must be a whole number).
        _ => {
            let value = unmarshal(j, &ty.value_type())?;
            convert(&value, ty).map_err(|e| e.message().to_owned())
        }
    }
}

/// Fails for number text too long, or with too large an exponent, to read
/// in reasonable time (see [`JSON_NUMBER_MAX_DIGITS`] and
/// [`JSON_NUMBER_MAX_EXPONENT`]).
fn check_json_number(text: &str) -> Result<(), String> {
    let (mantissa, exponent) = match text.find(['e', 'E']) {
        Some(i) => (&text[..i], &text[i + 1..]),
        None => (text, ""),
    };
    let digits = mantissa.bytes().filter(u8::is_ascii_digit).count();
    if digits > JSON_NUMBER_MAX_DIGITS {
        return Err(format!(
            "a number has {digits} digits, more than the limit of {JSON_NUMBER_MAX_DIGITS} (JSON_NUMBER_MAX_DIGITS)"
        ));
    }
    let exponent = exponent
        .trim_start_matches(['+', '-'])
        .trim_start_matches('0');
    let too_big = exponent.len() > 20
        || exponent
            .parse::<u64>()
            .is_ok_and(|e| e > JSON_NUMBER_MAX_EXPONENT);
    if too_big {
        return Err(format!(
            "a number has an exponent larger than the limit of {JSON_NUMBER_MAX_EXPONENT} (JSON_NUMBER_MAX_EXPONENT)"
        ));
    }
    Ok(())
}

/// Reads a value whose type is carried along: `{"value": ..., "type": ...}`.
fn unmarshal_dynamic(j: &Json) -> Result<Value, String> {
    let Json::Object(members) = j else {
        return Err("missing expected {".to_owned());
    };
    let mut ty = None;
    let mut body = None;
    for (k, v) in members {
        match k.as_str() {
            "type" => {
                ty = Some(json_type(v).ok_or_else(|| {
                    "failed to decode type for dynamic value: invalid type".to_owned()
                })?);
            }
            "value" => body = Some(v),
            _ => {
                return Err(format!(
                    "invalid key {} in dynamically-typed value",
                    go_quote(k)
                ))
            }
        }
    }
    let ty = ty.ok_or_else(|| "missing type in dynamically-typed value".to_owned())?;
    let body = body.ok_or_else(|| "missing value in dynamically-typed value".to_owned())?;
    unmarshal(body, &ty)
}

/// A type from its JSON encoding (`"string"`, `["list", "number"]`, ...).
fn json_type(j: &Json) -> Option<Type> {
    match j {
        Json::String(s) => match s.as_str() {
            "string" => Some(Type::String),
            "number" => Some(Type::Number),
            "bool" => Some(Type::Bool),
            "dynamic" => Some(Type::Dynamic),
            _ => None,
        },
        Json::Array(parts) => match parts.as_slice() {
            [Json::String(kind), inner] => match (kind.as_str(), inner) {
                ("list", t) => Some(Type::list(json_type(t)?)),
                ("set", t) => Some(Type::set(json_type(t)?)),
                ("map", t) => Some(Type::map(json_type(t)?)),
                ("tuple", Json::Array(ts)) => Some(Type::tuple(
                    ts.iter().map(json_type).collect::<Option<_>>()?,
                )),
                ("object", Json::Object(attrs)) => Some(Type::object(
                    attrs
                        .iter()
                        .map(|(k, t)| Some((k.clone(), json_type(t)?)))
                        .collect::<Option<Vec<_>>>()?,
                )),
                _ => None,
            },
            _ => None,
        },
        _ => None,
    }
}

pub(super) fn jsondecode_function() -> Function {
    Function::builder()
        .param(Parameter::new("str", Type::String))
        .returns_with(|args| match args.first().and_then(Value::as_str) {
            Some(text) => read_json(text)
                .map(|j| implied_type(&j))
                .map_err(FunctionError::failed),
            None => Ok(Type::Dynamic),
        })
        .description("Parses the given string as JSON and returns a value corresponding to what the JSON document describes.")
        .implementation(|args, ret| {
            let text = string_arg(args, 0)?;
            let j = read_json(text).map_err(FunctionError::failed)?;
            unmarshal(&j, ret).map_err(FunctionError::failed)
        })
        .build()
}
