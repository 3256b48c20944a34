//! Arithmetic cases of the conformance suite, evaluated with a small
//! expression evaluator of its own: number and numeric-string literals,
//! number variables, `+ - * / %`, unary minus, parentheses and the exact
//! numeric functions `abs`, `ceil`, `floor`, `parseint` and `signum`.

use std::collections::HashMap;
use std::path::PathBuf;

use num_bigint::BigInt;

use super::Number;

/// Just enough JSON for the case files.
#[derive(Debug, Clone)]
enum Json {
    Null,
    Bool(bool),
    Num,
    Str(String),
    Arr(Vec<Json>),
    Obj(Vec<(String, Json)>),
}

impl Json {
    fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Obj(fields) => fields.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    fn str(&self) -> Option<&str> {
        match self {
            Json::Str(s) => Some(s),
            _ => None,
        }
    }
}

struct JsonParser<'a> {
    s: &'a [u8],
    i: usize,
}

impl JsonParser<'_> {
    fn ws(&mut self) {
        while self.s.get(self.i).is_some_and(|c| c.is_ascii_whitespace()) {
            self.i += 1;
        }
    }

    fn value(&mut self) -> Json {
        self.ws();
        match self.s[self.i] {
            b'{' => {
                self.i += 1;
                let mut fields = Vec::new();
                loop {
                    self.ws();
                    if self.s[self.i] == b'}' {
                        self.i += 1;
                        return Json::Obj(fields);
                    }
                    let Json::Str(k) = self.value() else {
                        panic!("object key")
                    };
                    self.ws();
                    assert_eq!(self.s[self.i], b':');
                    self.i += 1;
                    let v = self.value();
                    fields.push((k, v));
                    self.ws();
                    if self.s[self.i] == b',' {
                        self.i += 1;
                    }
                }
            }
            b'[' => {
                self.i += 1;
                let mut items = Vec::new();
                loop {
                    self.ws();
                    if self.s[self.i] == b']' {
                        self.i += 1;
                        return Json::Arr(items);
                    }
                    items.push(self.value());
                    self.ws();
                    if self.s[self.i] == b',' {
                        self.i += 1;
                    }
                }
            }
            b'"' => {
                self.i += 1;
                let mut out = String::new();
                loop {
                    let c = self.s[self.i];
                    self.i += 1;
                    match c {
                        b'"' => return Json::Str(out),
                        b'\\' => {
                            let e = self.s[self.i];
                            self.i += 1;
                            match e {
                                b'n' => out.push('\n'),
                                b't' => out.push('\t'),
                                b'r' => out.push('\r'),
                                b'b' => out.push('\u{8}'),
                                b'f' => out.push('\u{c}'),
                                b'u' => {
                                    let hex =
                                        std::str::from_utf8(&self.s[self.i..self.i + 4]).unwrap();
                                    self.i += 4;
                                    let cp = u32::from_str_radix(hex, 16).unwrap();
                                    out.push(char::from_u32(cp).unwrap_or('\u{fffd}'));
                                }
                                other => out.push(char::from(other)),
                            }
                        }
                        _ => {
                            // Copy a whole UTF-8 sequence.
                            let start = self.i - 1;
                            let mut end = self.i;
                            while end < self.s.len() && (self.s[end] & 0xc0) == 0x80 {
                                end += 1;
                            }
                            out.push_str(std::str::from_utf8(&self.s[start..end]).unwrap());
                            self.i = end;
                        }
                    }
                }
            }
            b't' => {
                self.i += 4;
                Json::Bool(true)
            }
            b'f' => {
                self.i += 5;
                Json::Bool(false)
            }
            b'n' => {
                self.i += 4;
                Json::Null
            }
            _ => {
                while self
                    .s
                    .get(self.i)
                    .is_some_and(|c| b"+-0123456789.eE".contains(c))
                {
                    self.i += 1;
                }
                Json::Num
            }
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Num(String),
    Str(String),
    Var(String),
    Op(u8),
}

/// `None` when the source uses anything beyond the supported subset.
fn tokenize(src: &str) -> Option<Vec<Tok>> {
    let b = src.as_bytes();
    let mut i = 0;
    let mut out = Vec::new();
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_whitespace() {
            i += 1;
        } else if c.is_ascii_digit() {
            let start = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            if i + 1 < b.len() && b[i] == b'.' && b[i + 1].is_ascii_digit() {
                i += 1;
                while i < b.len() && b[i].is_ascii_digit() {
                    i += 1;
                }
            }
            if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
                let mut j = i + 1;
                if j < b.len() && (b[j] == b'+' || b[j] == b'-') {
                    j += 1;
                }
                if j < b.len() && b[j].is_ascii_digit() {
                    while j < b.len() && b[j].is_ascii_digit() {
                        j += 1;
                    }
                    i = j;
                }
            }
            // A literal directly followed by a letter or point is outside
            // the subset.
            if i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'.') {
                return None;
            }
            out.push(Tok::Num(src[start..i].to_string()));
        } else if c == b'"' {
            let end = src[i + 1..].find('"')? + i + 1;
            let body = &src[i + 1..end];
            if body.contains(['\\', '$', '%']) {
                return None;
            }
            out.push(Tok::Str(body.to_string()));
            i = end + 1;
        } else if c.is_ascii_alphabetic() || c == b'_' {
            let start = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b"_-".contains(&b[i])) {
                i += 1;
            }
            out.push(Tok::Var(src[start..i].to_string()));
        } else if b"+-*/%(),".contains(&c) {
            out.push(Tok::Op(c));
            i += 1;
        } else {
            return None;
        }
    }
    Some(out)
}

/// Evaluation outcome: a number, an operation error (a NaN), or a case
/// outside the subset.
#[derive(Debug)]
enum Outcome {
    Value(Number),
    OpError,
    Unsupported,
}

struct Eval<'a> {
    toks: Vec<Tok>,
    i: usize,
    vars: &'a HashMap<String, Number>,
}

impl Eval<'_> {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.i)
    }

    fn binary(&mut self, level: u8) -> Result<Number, Outcome> {
        let mut lhs = if level == 0 {
            self.binary(1)?
        } else {
            self.unary()?
        };
        loop {
            let op = match self.peek() {
                Some(Tok::Op(op @ (b'+' | b'-'))) if level == 0 => *op,
                Some(Tok::Op(op @ (b'*' | b'/' | b'%'))) if level == 1 => *op,
                _ => return Ok(lhs),
            };
            self.i += 1;
            let rhs = if level == 0 {
                self.binary(1)?
            } else {
                self.unary()?
            };
            let r = match op {
                b'+' => lhs.add(&rhs),
                b'-' => lhs.sub(&rhs),
                b'*' => lhs.mul(&rhs),
                b'/' => lhs.div(&rhs),
                _ => lhs.rem(&rhs),
            };
            lhs = r.ok_or(Outcome::OpError)?;
        }
    }

    fn unary(&mut self) -> Result<Number, Outcome> {
        if self.peek() == Some(&Tok::Op(b'-')) {
            self.i += 1;
            return Ok(self.unary()?.neg());
        }
        let tok = self.peek().cloned().ok_or(Outcome::Unsupported)?;
        self.i += 1;
        match tok {
            Tok::Num(s) => Number::parse_literal(&s).ok_or(Outcome::Unsupported),
            Tok::Str(s) => Number::parse_str(&s).ok_or(Outcome::Unsupported),
            Tok::Var(name) if name == "parseint" => {
                // parseint("digits", base): the string stays a string.
                let (Some(Tok::Op(b'(')), Some(Tok::Str(digits)), Some(Tok::Op(b','))) = (
                    self.toks.get(self.i),
                    self.toks.get(self.i + 1),
                    self.toks.get(self.i + 2),
                ) else {
                    return Err(Outcome::Unsupported);
                };
                let digits = digits.clone();
                self.i += 3;
                let base = self.binary(0)?.to_i64().ok_or(Outcome::Unsupported)?;
                if self.peek() != Some(&Tok::Op(b')')) {
                    return Err(Outcome::Unsupported);
                }
                self.i += 1;
                let radix = u32::try_from(base).ok().filter(|b| (2..=36).contains(b));
                let parsed = radix
                    .filter(|_| !digits.contains('_') && !digits.starts_with('+'))
                    .and_then(|r| BigInt::parse_bytes(digits.as_bytes(), r));
                parsed
                    .map(|v| Number::from_bigint_exact(&v))
                    .ok_or(Outcome::Unsupported)
            }
            Tok::Var(name) if self.peek() == Some(&Tok::Op(b'(')) => {
                self.i += 1;
                let mut args = Vec::new();
                loop {
                    args.push(self.binary(0)?);
                    match self.peek() {
                        Some(Tok::Op(b',')) => self.i += 1,
                        Some(Tok::Op(b')')) => {
                            self.i += 1;
                            break;
                        }
                        _ => return Err(Outcome::Unsupported),
                    }
                }
                call(&name, &args).ok_or(Outcome::Unsupported)
            }
            Tok::Var(name) => self.vars.get(&name).cloned().ok_or(Outcome::Unsupported),
            Tok::Op(b'(') => {
                let v = self.binary(0)?;
                if self.peek() != Some(&Tok::Op(b')')) {
                    return Err(Outcome::Unsupported);
                }
                self.i += 1;
                Ok(v)
            }
            Tok::Op(_) => Err(Outcome::Unsupported),
        }
    }
}

/// The exact numeric functions, as the reference's library computes them.
fn call(name: &str, args: &[Number]) -> Option<Number> {
    match (name, args) {
        ("abs", [x]) => Some(x.abs()),
        ("ceil", [x]) => Some(x.ceil()),
        ("floor", [x]) => Some(x.floor()),
        ("signum", [x]) => x.to_i64().map(|v| Number::from_i64(v.signum())),
        _ => None,
    }
}

fn evaluate(src: &str, vars: &HashMap<String, Number>) -> Outcome {
    let Some(toks) = tokenize(src) else {
        return Outcome::Unsupported;
    };
    if toks.is_empty() {
        return Outcome::Unsupported;
    }
    let mut e = Eval { toks, i: 0, vars };
    match e.binary(0) {
        Ok(v) if e.i == e.toks.len() => Outcome::Value(v),
        Ok(_) => Outcome::Unsupported,
        Err(o) => o,
    }
}

fn case_files() -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/conformance");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    files.sort();
    files
}

#[test]
fn arithmetic_cases_match_the_reference() {
    let mut checked = 0;
    let mut failures = Vec::new();
    for file in case_files() {
        let text = std::fs::read_to_string(&file).unwrap();
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let case = JsonParser {
                s: line.as_bytes(),
                i: 0,
            }
            .value();
            if case.get("kind").and_then(Json::str) != Some("expr") {
                continue;
            }
            let src = case.get("src").and_then(Json::str).unwrap_or_default();
            let id = case.get("id").and_then(Json::str).unwrap_or_default();
            let mut vars = HashMap::new();
            let mut vars_ok = true;
            if let Some(Json::Obj(vs)) = case.get("vars") {
                for (name, v) in vs {
                    let is_number = v.get("type").and_then(Json::str) == Some("number");
                    match v
                        .get("value")
                        .and_then(Json::str)
                        .and_then(Number::parse_str)
                    {
                        Some(n) if is_number => {
                            vars.insert(name.clone(), n);
                        }
                        _ => vars_ok = false,
                    }
                }
            }
            if !vars_ok {
                continue;
            }
            let Some(expect) = case.get("expect") else {
                continue;
            };
            let outcome = evaluate(src, &vars);
            let ok = match (&outcome, expect.get("error")) {
                (Outcome::Unsupported, _) => continue,
                (Outcome::OpError, Some(Json::Bool(true))) => {
                    let summary = match expect.get("diagnostics") {
                        Some(Json::Arr(d)) => d
                            .first()
                            .and_then(|d| d.get("summary"))
                            .and_then(Json::str)
                            .unwrap_or_default()
                            .to_string(),
                        _ => String::new(),
                    };
                    summary == "Operation failed"
                }
                (Outcome::Value(v), None) => {
                    expect.get("type").and_then(Json::str) == Some("number")
                        && expect.get("value").and_then(Json::str) == Some(&v.to_string())
                }
                _ => false,
            };
            checked += 1;
            if !ok {
                failures.push(format!(
                    "{id}: {src:?} gave {outcome:?}, expected {expect:?}"
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    if !case_files().is_empty() {
        assert!(checked > 50, "only {checked} cases checked");
    }
    eprintln!("{checked} arithmetic cases checked");
}
