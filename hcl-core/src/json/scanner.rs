//! The JSON scanner: the source cut into tokens, one at a time.
//!
//! Like the reference's, it is lax about the tokens of several bytes
//! (keywords, strings, numbers), taking in what was presumably meant to be
//! one token so that the parser can say what is wrong with it; and it stops
//! at the first byte that can start no token, with an end of input after it.

use crate::span::Span;

/// The kinds of token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    BraceO,
    BraceC,
    BrackO,
    BrackC,
    Comma,
    Colon,
    /// `=`, scanned only to remind a writer of the native syntax that JSON
    /// uses a colon.
    Equals,
    /// A run of ASCII letters (and underscores after the first).
    Keyword,
    /// A quoted string, possibly unterminated or with invalid escapes.
    String,
    /// A run of number characters, possibly not a valid number.
    Number,
    Eof,
    /// A byte that starts no token.
    Invalid,
}

#[derive(Debug, Clone, Copy)]
pub(super) struct Token {
    pub(super) kind: Kind,
    pub(super) span: Span,
}

pub(super) struct Scanner<'src> {
    bytes: &'src [u8],
    at: usize,
    /// Set after an invalid byte: nothing but the end of input follows.
    done: bool,
}

impl<'src> Scanner<'src> {
    /// A scanner of `text` from byte `at` (its spans those of all of
    /// `text`).
    pub(super) fn starting_at(text: &'src str, at: usize) -> Self {
        Scanner {
            bytes: text.as_bytes(),
            at,
            done: false,
        }
    }

    fn span(start: usize, end: usize) -> Span {
        Span::new(start as u32, end as u32)
    }

    pub(super) fn next_token(&mut self) -> Token {
        if self.done {
            return Token {
                kind: Kind::Eof,
                span: Self::span(self.at, self.at),
            };
        }
        while let Some(b' ' | b'\n' | b'\r' | b'\t') = self.bytes.get(self.at) {
            self.at += 1;
        }
        let start = self.at;
        let Some(&first) = self.bytes.get(start) else {
            self.done = true;
            return Token {
                kind: Kind::Eof,
                span: Self::span(start, start),
            };
        };
        let kind = match first {
            b'{' => Kind::BraceO,
            b'}' => Kind::BraceC,
            b'[' => Kind::BrackO,
            b']' => Kind::BrackC,
            b',' => Kind::Comma,
            b':' => Kind::Colon,
            b'=' => Kind::Equals,
            b'"' => {
                self.at = self.string_end(start);
                return Token {
                    kind: Kind::String,
                    span: Self::span(start, self.at),
                };
            }
            b'-' | b'+' | b'.' | b'0'..=b'9' => {
                self.at = self.run_end(start, |b| {
                    matches!(b, b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9')
                });
                return Token {
                    kind: Kind::Number,
                    span: Self::span(start, self.at),
                };
            }
            b if b.is_ascii_alphabetic() => {
                self.at = self.run_end(start, |b| b.is_ascii_alphabetic() || b == b'_');
                return Token {
                    kind: Kind::Keyword,
                    span: Self::span(start, self.at),
                };
            }
            _ => {
                self.at = start + 1;
                self.done = true;
                Kind::Invalid
            }
        };
        self.at = start + 1;
        Token {
            kind,
            span: Self::span(start, start + 1),
        }
    }

    fn run_end(&self, start: usize, keep: impl Fn(u8) -> bool) -> usize {
        let rest = self.bytes.get(start..).unwrap_or_default();
        start + rest.iter().position(|&b| !keep(b)).unwrap_or(rest.len())
    }

    /// The end of the string that starts with the quote at `start`: just
    /// past its closing quote, or at the control character or end of input
    /// that cuts it short.
    fn string_end(&self, start: usize) -> usize {
        let mut i = start + 1;
        let mut escaping = false;
        while let Some(&b) = self.bytes.get(i) {
            match b {
                b'\\' => escaping = !escaping,
                b'"' if !escaping => return i + 1,
                0..=31 => return i,
                _ => escaping = false,
            }
            i += 1;
        }
        i
    }
}
