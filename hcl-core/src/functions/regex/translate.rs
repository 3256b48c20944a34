//! Translation from RE2 syntax
//!
//! The `regex` crate's syntax is close to RE2's but differs in ways that
//! change the meaning of some patterns, so patterns are parsed here with
//! RE2's rules (and its error messages) and written out unambiguously:
//! - `\d`, `\s`, `\w` and `\b` are Unicode-aware in the crate, ASCII-only
//!   in RE2 (whose `\s` also leaves out `\v`): they become explicit ASCII
//!   classes and `(?-u:\b)`;
//! - inside classes the crate treats `[` as a nested class and `&&`, `--`,
//!   `~~` as set operations, where RE2 sees literal characters: every
//!   character in a class is written as an `\x{..}` escape;
//! - the crate reads `\<` and `\>` as word boundaries, RE2 as literals;
//!   every literal other than an ASCII letter or digit is escaped;
//! - RE2 reads `\123` as octal and `\Q...\E` as quoting, which the crate
//!   does not support; `{,n}` and `{01}` are literal text in RE2;
//! - RE2 allows any ASCII letters, digits and `_` in group names, and the
//!   same name on several groups (the last one wins in results): groups are
//!   written unnamed and their names kept aside;
//! - RE2 allows `(?)`, repeated flags (`(?ii)`) and setting then clearing a
//!   flag (`(?i-i)`), which the crate rejects; it rejects the crate's `x`,
//!   `u` and `R` flags;
//! - RE2's `\pC` leaves out unassigned code points and it knows `\p{Cs}`;
//!   script names must be written exactly (`Greek`, not `greek`);
//! - RE2 refuses repetition counts above 1000 and nested repetitions
//!   (`a**`), which the crate accepts.

use std::fmt::Write as _;

use crate::functions::limits::REGEX_MAX_NESTING;

/// The kinds of pattern errors, worded as the reference words them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ErrorCode {
    InvalidCharRange,
    InvalidEscape,
    InvalidNamedCapture,
    InvalidPerlOp,
    InvalidRepeatOp,
    InvalidRepeatSize,
    MissingBracket,
    MissingParen,
    MissingRepeatArgument,
    TrailingBackslash,
    UnexpectedParen,
    NestingDepth,
}

/// A pattern error: its kind and the part of the pattern at fault.
#[derive(Debug)]
pub(super) struct PatternError {
    code: ErrorCode,
    expr: String,
}

impl PatternError {
    fn new(code: ErrorCode, expr: &str) -> Self {
        PatternError {
            code,
            expr: expr.to_owned(),
        }
    }

    pub(super) fn describe(&self) -> String {
        let code = match self.code {
            ErrorCode::InvalidCharRange => "invalid character class range",
            ErrorCode::InvalidEscape => "invalid escape sequence",
            ErrorCode::InvalidNamedCapture => "invalid named capture",
            ErrorCode::InvalidPerlOp => "invalid or unsupported Perl syntax",
            ErrorCode::InvalidRepeatOp => "invalid nested repetition operator",
            ErrorCode::InvalidRepeatSize => "invalid repeat count",
            ErrorCode::MissingBracket => "missing closing ]",
            ErrorCode::MissingParen => "missing closing )",
            ErrorCode::MissingRepeatArgument => "missing argument to repetition operator",
            ErrorCode::TrailingBackslash => "trailing backslash at end of expression",
            ErrorCode::UnexpectedParen => "unexpected )",
            ErrorCode::NestingDepth => {
                return format!(
                    "invalid regexp pattern: groups nested deeper than {REGEX_MAX_NESTING} (REGEX_MAX_NESTING) in {}",
                    self.expr
                )
            }
        };
        format!("invalid regexp pattern: {code} in {}", self.expr)
    }
}

/// What the last item of the translation was, for repetition checks.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Last {
    /// Nothing a repetition could apply to (start, `(`, `|`).
    Nothing,
    /// Something repeatable.
    Atom,
    /// A repetition, starting at this byte of the pattern.
    Repeat(usize),
}

/// The Unicode general categories RE2 knows.
const CATEGORIES: &[&str] = &[
    "C", "Cc", "Cf", "Co", "Cs", "L", "Ll", "Lm", "Lo", "Lt", "Lu", "M", "Mc", "Me", "Mn", "N",
    "Nd", "Nl", "No", "P", "Pc", "Pd", "Pe", "Pf", "Pi", "Po", "Ps", "S", "Sc", "Sk", "Sm", "So",
    "Z", "Zl", "Zp", "Zs",
];

/// The class of no character, usable alone or inside another class.
const EMPTY_CLASS: &str = r"[^\x{0}-\x{10FFFF}]";
/// The class of every character.
const ANY_CLASS: &str = r"[\x{0}-\x{10FFFF}]";

/// Appends a character (or surrogate code point, which matches nothing)
/// as an unambiguous literal.
fn push_literal(out: &mut String, c: u32) {
    match char::from_u32(c) {
        Some(ch) if ch.is_ascii_alphanumeric() => out.push(ch),
        Some(_) => {
            let _ = write!(out, "\\x{{{c:X}}}");
        }
        None => out.push_str(EMPTY_CLASS),
    }
}

/// Appends a range of a character class, leaving out surrogates.
fn push_class_range(out: &mut String, lo: u32, hi: u32) {
    let mut pieces = Vec::new();
    if lo < 0xd800 {
        pieces.push((lo, hi.min(0xd7ff)));
    }
    if hi > 0xdfff {
        pieces.push((lo.max(0xe000), hi));
    }
    if pieces.is_empty() {
        out.push_str(EMPTY_CLASS);
    }
    for (lo, hi) in pieces {
        if lo == hi {
            let _ = write!(out, "\\x{{{lo:X}}}");
        } else {
            let _ = write!(out, "\\x{{{lo:X}}}-\\x{{{hi:X}}}");
        }
    }
}

/// The ASCII-only Perl classes of RE2, as class contents.
fn perl_class(letter: char) -> Option<(bool, &'static str)> {
    match letter {
        'd' => Some((false, "0-9")),
        'D' => Some((true, "0-9")),
        's' => Some((false, r"\x{9}\x{A}\x{C}\x{D}\x{20}")),
        'S' => Some((true, r"\x{9}\x{A}\x{C}\x{D}\x{20}")),
        'w' => Some((false, "0-9A-Za-z_")),
        'W' => Some((true, "0-9A-Za-z_")),
        _ => None,
    }
}

/// The POSIX classes of RE2 (`[:alpha:]`).
const POSIX_CLASSES: &[&str] = &[
    "alnum", "alpha", "ascii", "blank", "cntrl", "digit", "graph", "lower", "print", "punct",
    "space", "upper", "word", "xdigit",
];

struct Translator<'a> {
    src: &'a str,
    out: String,
    names: Vec<Option<String>>,
    depth: u32,
    last: Last,
}

/// Translates an RE2 pattern to the `regex` crate's syntax, with the names
/// of its capture groups.
pub(super) fn translate(src: &str) -> Result<(String, Vec<Option<String>>), PatternError> {
    let mut t = Translator {
        src,
        out: String::with_capacity(src.len() * 2),
        names: Vec::new(),
        depth: 0,
        last: Last::Nothing,
    };
    t.run()?;
    Ok((t.out, t.names))
}

/// The character starting at byte `i`.
fn char_at(s: &str, i: usize) -> Option<char> {
    s.get(i..).and_then(|r| r.chars().next())
}

impl Translator<'_> {
    fn run(&mut self) -> Result<(), PatternError> {
        let src = self.src;
        let mut i = 0;
        while let Some(c) = char_at(src, i) {
            match c {
                '(' => i = self.open_group(i)?,
                ')' => {
                    if self.depth == 0 {
                        return Err(PatternError::new(ErrorCode::UnexpectedParen, src));
                    }
                    self.depth -= 1;
                    self.out.push(')');
                    self.last = Last::Atom;
                    i += 1;
                }
                '|' => {
                    self.out.push('|');
                    self.last = Last::Nothing;
                    i += 1;
                }
                '^' | '$' | '.' => {
                    self.out.push(c);
                    self.last = Last::Atom;
                    i += 1;
                }
                '[' => i = self.class(i)?,
                '*' | '+' | '?' => {
                    let mut end = i + 1;
                    if src.as_bytes().get(end) == Some(&b'?') {
                        end += 1;
                    }
                    self.repeat(i, end)?;
                    i = end;
                }
                '{' => match parse_repeat(&src[i..]) {
                    Some((min, max, len)) => {
                        let bad = min > 1000 || max.is_some_and(|m| m > 1000 || m < min);
                        if bad {
                            return Err(PatternError::new(
                                ErrorCode::InvalidRepeatSize,
                                &src[i..i + len],
                            ));
                        }
                        let mut end = i + len;
                        if src.as_bytes().get(end) == Some(&b'?') {
                            end += 1;
                        }
                        self.repeat(i, end)?;
                        i = end;
                    }
                    None => {
                        push_literal(&mut self.out, u32::from('{'));
                        self.last = Last::Atom;
                        i += 1;
                    }
                },
                '\\' => i = self.escape(i)?,
                _ => {
                    push_literal(&mut self.out, u32::from(c));
                    self.last = Last::Atom;
                    i += c.len_utf8();
                }
            }
        }
        if self.depth > 0 {
            return Err(PatternError::new(ErrorCode::MissingParen, src));
        }
        Ok(())
    }

    /// A repetition operator spanning `start..end` of the pattern.
    fn repeat(&mut self, start: usize, end: usize) -> Result<(), PatternError> {
        match self.last {
            Last::Repeat(prev) => Err(PatternError::new(
                ErrorCode::InvalidRepeatOp,
                &self.src[prev..end],
            )),
            Last::Nothing => Err(PatternError::new(
                ErrorCode::MissingRepeatArgument,
                &self.src[start..end],
            )),
            Last::Atom => {
                let op = &self.src[start..end];
                if op.starts_with('{') {
                    // Re-emit the counts without leading zeros or spaces.
                    if let Some((min, max, len)) = parse_repeat(op) {
                        match max {
                            Some(m) if m == min => {
                                let _ = write!(self.out, "{{{min}}}");
                            }
                            Some(m) => {
                                let _ = write!(self.out, "{{{min},{m}}}");
                            }
                            None => {
                                let _ = write!(self.out, "{{{min},}}");
                            }
                        }
                        self.out.push_str(&op[len..]);
                    }
                } else {
                    self.out.push_str(op);
                }
                self.last = Last::Repeat(start);
                Ok(())
            }
        }
    }

    fn enter_group(&mut self) -> Result<(), PatternError> {
        if self.depth >= REGEX_MAX_NESTING {
            return Err(PatternError::new(ErrorCode::NestingDepth, self.src));
        }
        self.depth += 1;
        self.last = Last::Nothing;
        Ok(())
    }

    /// A group starting with `(` at byte `i`; the position after its
    /// opening.
    fn open_group(&mut self, i: usize) -> Result<usize, PatternError> {
        let src = self.src;
        let rest = &src[i..];
        if !rest.starts_with("(?") {
            self.enter_group()?;
            self.out.push('(');
            self.names.push(None);
            return Ok(i + 1);
        }
        // Only `(?P<name>re)`: the reference is built with Go 1.19, whose
        // regexp does not know `(?<name>re)` (Go 1.22 added it) and
        // rejects `(?<` as unsupported Perl syntax, below.
        if matches!(rest.as_bytes(), [_, _, b'P', b'<', _, ..]) {
            let begin = 4;
            let Some(end) = rest.find('>') else {
                return Err(PatternError::new(ErrorCode::InvalidNamedCapture, rest));
            };
            let capture = &rest[..=end];
            let name = rest.get(begin..end).unwrap_or_default();
            if name.is_empty() || !name.bytes().all(|c| c == b'_' || c.is_ascii_alphanumeric()) {
                return Err(PatternError::new(ErrorCode::InvalidNamedCapture, capture));
            }
            self.enter_group()?;
            self.out.push('(');
            self.names.push(Some(name.to_owned()));
            return Ok(i + end + 1);
        }
        // Flags, then `)` or `:`.
        let mut on = String::new();
        let mut off = String::new();
        let mut negated = false;
        let mut saw_flag = false;
        let mut j = i + 2;
        loop {
            let Some(c) = char_at(src, j) else {
                return Err(PatternError::new(ErrorCode::InvalidPerlOp, &src[i..]));
            };
            j += c.len_utf8();
            match c {
                'i' | 'm' | 's' | 'U' => {
                    on.retain(|f| f != c);
                    off.retain(|f| f != c);
                    if negated {
                        off.push(c);
                    } else {
                        on.push(c);
                    }
                    saw_flag = true;
                }
                '-' if !negated => {
                    negated = true;
                    saw_flag = false;
                }
                ':' | ')' if !negated || saw_flag => {
                    let mut flags = on;
                    if !off.is_empty() {
                        flags.push('-');
                        flags.push_str(&off);
                    }
                    if c == ':' {
                        self.enter_group()?;
                        self.out.push_str("(?");
                        self.out.push_str(&flags);
                        self.out.push(':');
                    } else {
                        if !flags.is_empty() {
                            self.out.push_str("(?");
                            self.out.push_str(&flags);
                            self.out.push(')');
                        }
                        self.last = Last::Nothing;
                    }
                    return Ok(j);
                }
                _ => {
                    return Err(PatternError::new(ErrorCode::InvalidPerlOp, &src[i..j]));
                }
            }
        }
    }

    /// An escape at byte `i` outside a class; the position after it.
    fn escape(&mut self, i: usize) -> Result<usize, PatternError> {
        let src = self.src;
        let Some(c) = char_at(src, i + 1) else {
            return Err(PatternError::new(ErrorCode::TrailingBackslash, ""));
        };
        let simple = |t: &mut Self, text: &str| {
            t.out.push_str(text);
            t.last = Last::Atom;
            Ok(i + 2)
        };
        match c {
            'A' => simple(self, r"\A"),
            'z' => simple(self, r"\z"),
            'b' => simple(self, r"(?-u:\b)"),
            'B' => simple(self, r"(?-u:\B)"),
            'C' => Err(PatternError::new(ErrorCode::InvalidEscape, r"\C")),
            'Q' => {
                let body = &src[i + 2..];
                let (lit, next) = match body.find(r"\E") {
                    Some(e) => (&body[..e], i + 2 + e + 2),
                    None => (body, src.len()),
                };
                for ch in lit.chars() {
                    push_literal(&mut self.out, u32::from(ch));
                    self.last = Last::Atom;
                }
                Ok(next)
            }
            'p' | 'P' => {
                let (class, next) = unicode_class(src, i)?;
                self.out.push_str(&class);
                self.last = Last::Atom;
                Ok(next)
            }
            _ => {
                if let Some((negated, body)) = perl_class(c) {
                    let _ = write!(self.out, "[{}{body}]", if negated { "^" } else { "" });
                    self.last = Last::Atom;
                    return Ok(i + 2);
                }
                let (ch, next) = parse_escape(src, i)?;
                push_literal(&mut self.out, ch);
                self.last = Last::Atom;
                Ok(next)
            }
        }
    }

    /// A character class starting with `[` at byte `i`; the position after
    /// it.
    fn class(&mut self, i: usize) -> Result<usize, PatternError> {
        let src = self.src;
        let whole = &src[i..];
        let mut j = i + 1;
        let mut body = String::new();
        let negated = src.as_bytes().get(j) == Some(&b'^');
        if negated {
            j += 1;
        }
        let mut first = true;
        loop {
            let Some(c) = char_at(src, j) else {
                return Err(PatternError::new(ErrorCode::MissingBracket, whole));
            };
            if c == ']' && !first {
                j += 1;
                break;
            }
            first = false;
            let rest = &src[j..];
            // A POSIX class, `[:alpha:]` or `[:^alpha:]`.
            if rest.len() > 2 && rest.starts_with("[:") {
                if let Some(end) = rest[2..].find(":]") {
                    let name = &rest[..end + 4];
                    let inner = &name[2..name.len() - 2];
                    let bare = inner.strip_prefix('^').unwrap_or(inner);
                    if !POSIX_CLASSES.contains(&bare) {
                        return Err(PatternError::new(ErrorCode::InvalidCharRange, name));
                    }
                    body.push_str(name);
                    j += name.len();
                    continue;
                }
            }
            if rest.starts_with(r"\p") || rest.starts_with(r"\P") {
                let (class, next) = unicode_class(src, j)?;
                body.push_str(&class);
                j = next;
                continue;
            }
            if let Some((neg, inner)) = rest
                .strip_prefix('\\')
                .and_then(|r| r.chars().next())
                .and_then(perl_class)
            {
                if neg {
                    let _ = write!(body, "[^{inner}]");
                } else {
                    body.push_str(inner);
                }
                j += 2;
                continue;
            }
            // A character or a range.
            let range_start = j;
            let (lo, next) = class_char(src, j, whole)?;
            j = next;
            let mut hi = lo;
            let b = src.as_bytes();
            if b.get(j) == Some(&b'-') && b.get(j + 1).is_some_and(|&c| c != b']') {
                let (h, next) = class_char(src, j + 1, whole)?;
                j = next;
                hi = h;
                if hi < lo {
                    return Err(PatternError::new(
                        ErrorCode::InvalidCharRange,
                        &src[range_start..j],
                    ));
                }
            }
            push_class_range(&mut body, lo, hi);
        }
        self.out.push('[');
        if negated {
            self.out.push('^');
        }
        self.out.push_str(&body);
        self.out.push(']');
        self.last = Last::Atom;
        Ok(j)
    }
}

/// A character of a class at byte `j`: escaped or plain.
fn class_char(src: &str, j: usize, whole: &str) -> Result<(u32, usize), PatternError> {
    match char_at(src, j) {
        None => Err(PatternError::new(ErrorCode::MissingBracket, whole)),
        Some('\\') => parse_escape(src, j),
        Some(c) => Ok((u32::from(c), j + c.len_utf8())),
    }
}

/// An escape standing for one character, at byte `i` (the backslash): the
/// code point (possibly a surrogate) and the position after it.
fn parse_escape(src: &str, i: usize) -> Result<(u32, usize), PatternError> {
    let Some(c) = char_at(src, i + 1) else {
        return Err(PatternError::new(ErrorCode::TrailingBackslash, ""));
    };
    let after = i + 1 + c.len_utf8();
    let invalid = |end: usize| {
        Err(PatternError::new(
            ErrorCode::InvalidEscape,
            src.get(i..end).unwrap_or(&src[i..]),
        ))
    };
    let octal = |b: Option<&u8>| b.is_some_and(|b| (b'0'..=b'7').contains(b));
    let bytes = src.as_bytes();
    match c {
        '1'..='7' if !octal(bytes.get(after)) => invalid(after),
        '0'..='7' => {
            let mut v = u32::from(c) - u32::from('0');
            let mut j = after;
            for _ in 1..3 {
                let Some(&d) = bytes.get(j).filter(|d| octal(Some(d))) else {
                    break;
                };
                v = v * 8 + u32::from(d - b'0');
                j += 1;
            }
            Ok((v, j))
        }
        'x' => {
            let Some(d) = char_at(src, after) else {
                return invalid(after);
            };
            let mut j = after + d.len_utf8();
            if d == '{' {
                let mut v: u32 = 0;
                let mut n = 0;
                loop {
                    let Some(h) = char_at(src, j) else {
                        return invalid(j);
                    };
                    j += h.len_utf8();
                    if h == '}' {
                        break;
                    }
                    let Some(x) = h.to_digit(16) else {
                        return invalid(j);
                    };
                    v = v * 16 + x;
                    if v > 0x10ffff {
                        return invalid(j);
                    }
                    n += 1;
                }
                if n == 0 {
                    return invalid(j);
                }
                return Ok((v, j));
            }
            let Some(e) = char_at(src, j) else {
                return invalid(j);
            };
            j += e.len_utf8();
            match (d.to_digit(16), e.to_digit(16)) {
                (Some(x), Some(y)) => Ok((x * 16 + y, j)),
                _ => invalid(j),
            }
        }
        'a' => Ok((7, after)),
        'f' => Ok((0xc, after)),
        'n' => Ok((0xa, after)),
        'r' => Ok((0xd, after)),
        't' => Ok((9, after)),
        'v' => Ok((0xb, after)),
        _ if c.is_ascii() && !c.is_ascii_alphanumeric() => Ok((u32::from(c), after)),
        _ => invalid(after),
    }
}

/// A Unicode class escape (`\pL`, `\p{Greek}`, `\P{^Lu}`) at byte `i`: its
/// translation and the position after it.
fn unicode_class(src: &str, i: usize) -> Result<(String, usize), PatternError> {
    let rest = &src[i..];
    let mut negated = rest.as_bytes().get(1) == Some(&b'P');
    let (seq, name) = match char_at(src, i + 2) {
        Some('{') => {
            let Some(end) = rest.find('}') else {
                return Err(PatternError::new(ErrorCode::InvalidCharRange, rest));
            };
            (&rest[..=end], &rest[3..end])
        }
        Some(c) => {
            let seq = &rest[..2 + c.len_utf8()];
            (seq, &seq[2..])
        }
        None => (rest, ""),
    };
    let next = i + seq.len();
    let name = match name.strip_prefix('^') {
        Some(n) => {
            negated = !negated;
            n
        }
        None => name,
    };
    let class = if name == "Any" {
        (if negated { EMPTY_CLASS } else { ANY_CLASS }).to_owned()
    } else if name == "Cs" {
        // Surrogates never occur in text.
        (if negated { ANY_CLASS } else { EMPTY_CLASS }).to_owned()
    } else if name == "C" {
        // RE2's "other" leaves out unassigned characters.
        format!(
            r"[{}\p{{Cc}}\p{{Cf}}\p{{Co}}]",
            if negated { "^" } else { "" }
        )
    } else if CATEGORIES.contains(&name) {
        format!(r"\{}{{{name}}}", if negated { 'P' } else { 'p' })
    } else if is_script(name) {
        format!(r"\{}{{sc={name}}}", if negated { 'P' } else { 'p' })
    } else {
        return Err(PatternError::new(ErrorCode::InvalidCharRange, seq));
    };
    Ok((class, next))
}

/// Whether `name` is the name of a Unicode script, written as RE2 writes
/// it (`Greek`, `Old_Italic`).
fn is_script(name: &str) -> bool {
    let well_formed = name.starts_with(|c: char| c.is_ascii_uppercase())
        && name.bytes().all(|b| b == b'_' || b.is_ascii_alphabetic());
    well_formed && ::regex::Regex::new(&format!(r"\p{{sc={name}}}")).is_ok()
}

/// A counted repetition at the start of `s` (`{n}`, `{n,}`, `{n,m}`, no
/// leading zeros): minimum, maximum (`None`: unbounded) and length.
/// `None` when `s` does not start with one, in which case `{` is a literal.
fn parse_repeat(s: &str) -> Option<(u32, Option<u32>, usize)> {
    let b = s.as_bytes();
    if b.first() != Some(&b'{') {
        return None;
    }
    let mut j = 1;
    let min = parse_count(b, &mut j)?;
    let max = match b.get(j)? {
        b',' => {
            j += 1;
            if *b.get(j)? == b'}' {
                None
            } else {
                Some(parse_count(b, &mut j)?)
            }
        }
        _ => Some(min),
    };
    if *b.get(j)? != b'}' {
        return None;
    }
    Some((min, max, j + 1))
}

/// Decimal digits without a leading zero (a lone `0` is fine); saturates
/// beyond any valid count.
fn parse_count(b: &[u8], j: &mut usize) -> Option<u32> {
    let start = *j;
    let first = *b.get(start)?;
    if !first.is_ascii_digit() {
        return None;
    }
    if first == b'0' && b.get(start + 1).is_some_and(u8::is_ascii_digit) {
        return None;
    }
    let mut n: u32 = 0;
    while let Some(d) = b.get(*j).filter(|d| d.is_ascii_digit()) {
        n = n.saturating_mul(10).saturating_add(u32::from(d - b'0'));
        *j += 1;
    }
    Some(n)
}
