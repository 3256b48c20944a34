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
    /// For a string: whether it holds a backslash (a string without one
    /// that is closed is its own text between the quotes).
    pub(super) escaped: bool,
    /// For a string without a backslash: whether its text holds a
    /// template sequence (see
    /// [`has_template_sequence`](super::strings::has_template_sequence)).
    pub(super) template: bool,
}

impl Token {
    fn new(kind: Kind, start: usize, end: usize) -> Token {
        Token {
            kind,
            span: Span::new(start as u32, end as u32),
            escaped: false,
            template: false,
        }
    }
}

/// Eight copies of the byte `b` in a word.
const fn splat(b: u8) -> u64 {
    u64::from_le_bytes([b; 8])
}

/// The word of the eight bytes at `at`, when there are eight.
fn word_at(bytes: &[u8], at: usize) -> Option<u64> {
    let chunk: [u8; 8] = bytes.get(at..at + 8)?.try_into().ok()?;
    Some(u64::from_le_bytes(chunk))
}

/// The bytes of `word` that end a run of plain string text (a quote, a
/// backslash, a control character, or a brace, which may end a template
/// sequence), as the high bit of each: the usual bit tricks, exact for the
/// first such byte (a false mark can only come after a true one, from its
/// borrow), so `trailing_zeros() / 8` is the length of the plain run.
fn string_run_ends(word: u64) -> u64 {
    let low = splat(0x01);
    let high = splat(0x80);
    let zero_in = |x: u64| x.wrapping_sub(low) & !x & high;
    let quote = zero_in(word ^ splat(b'"'));
    let backslash = zero_in(word ^ splat(b'\\'));
    let brace = zero_in(word ^ splat(b'{'));
    let control = word.wrapping_sub(splat(0x20)) & !word & high;
    quote | backslash | brace | control
}

/// What the scan of a string found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct StringEnd {
    /// Past the closing quote, or at what cuts the string short.
    end: usize,
    /// Whether it holds a backslash.
    escaped: bool,
    /// Whether its text as written holds a template sequence.
    template: bool,
}

#[derive(Debug, Clone)]
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

    pub(super) fn next_token(&mut self) -> Token {
        if self.done {
            return Token::new(Kind::Eof, self.at, self.at);
        }
        self.skip_whitespace();
        let start = self.at;
        let Some(&first) = self.bytes.get(start) else {
            self.done = true;
            return Token::new(Kind::Eof, start, start);
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
                let found = self.string_end(start);
                self.at = found.end;
                return Token {
                    escaped: found.escaped,
                    template: found.template,
                    ..Token::new(Kind::String, start, found.end)
                };
            }
            b'-' | b'+' | b'.' | b'0'..=b'9' => {
                self.at = self.run_end(start, |b| {
                    matches!(b, b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9')
                });
                return Token::new(Kind::Number, start, self.at);
            }
            b if b.is_ascii_alphabetic() => {
                self.at = self.run_end(start, |b| b.is_ascii_alphabetic() || b == b'_');
                return Token::new(Kind::Keyword, start, self.at);
            }
            _ => {
                self.at = start + 1;
                self.done = true;
                Kind::Invalid
            }
        };
        self.at = start + 1;
        Token::new(kind, start, start + 1)
    }

    /// Moves past spaces, tabs and line ends; a run of spaces (an
    /// indentation) up to eight at a time.
    fn skip_whitespace(&mut self) {
        loop {
            match self.bytes.get(self.at) {
                Some(b' ') => match word_at(self.bytes, self.at) {
                    Some(word) => {
                        let others = word ^ splat(b' ');
                        self.at += if others == 0 {
                            8
                        } else {
                            others.trailing_zeros() as usize / 8
                        };
                    }
                    None => self.at += 1,
                },
                Some(b'\n' | b'\r' | b'\t') => self.at += 1,
                _ => return,
            }
        }
    }

    fn run_end(&self, start: usize, keep: impl Fn(u8) -> bool) -> usize {
        let rest = self.bytes.get(start..).unwrap_or_default();
        start + rest.iter().position(|&b| !keep(b)).unwrap_or(rest.len())
    }

    /// The end of the string that starts with the quote at `start`: just
    /// past its closing quote, or at the control character or end of input
    /// that cuts it short; and whether it holds a backslash. Plain text is
    /// skipped eight bytes at a time.
    fn string_end(&self, start: usize) -> StringEnd {
        let mut found = StringEnd {
            end: start + 1,
            escaped: false,
            template: false,
        };
        loop {
            let i = &mut found.end;
            if let Some(word) = word_at(self.bytes, *i) {
                let ends = string_run_ends(word);
                if ends == 0 {
                    *i += 8;
                    continue;
                }
                *i += ends.trailing_zeros() as usize / 8;
            }
            let Some(&b) = self.bytes.get(*i) else {
                return found;
            };
            match b {
                b'"' => {
                    *i += 1;
                    return found;
                }
                0..=31 => return found,
                b'\\' => {
                    found.escaped = true;
                    // The escaped byte is taken whatever it is, but a
                    // control character still ends the string.
                    match self.bytes.get(*i + 1) {
                        Some(0..=31) | None => {
                            *i += 1;
                            return found;
                        }
                        Some(_) => *i += 2,
                    }
                }
                b'{' => {
                    if matches!(self.bytes.get(*i - 1), Some(b'$' | b'%')) {
                        found.template = true;
                    }
                    *i += 1;
                }
                // Plain text of the last few bytes, too few for a word.
                _ => *i += 1,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::strings::has_template_sequence;
    use proptest::prelude::*;

    /// The string rule byte by byte: what the word-at-a-time scan must
    /// find.
    fn string_end_bytewise(bytes: &[u8], start: usize) -> StringEnd {
        let mut i = start + 1;
        let mut escaped = false;
        let found = |end, escaped| {
            let text = bytes.get(start + 1..end).unwrap_or_default();
            StringEnd {
                end,
                escaped,
                template: has_template_sequence(&String::from_utf8_lossy(text)),
            }
        };
        while let Some(&b) = bytes.get(i) {
            match b {
                b'"' => return found(i + 1, escaped),
                0..=31 => return found(i, escaped),
                b'\\' => {
                    escaped = true;
                    match bytes.get(i + 1) {
                        Some(0..=31) | None => return found(i + 1, escaped),
                        Some(_) => i += 2,
                    }
                }
                _ => i += 1,
            }
        }
        found(i, escaped)
    }

    fn whitespace_end_bytewise(bytes: &[u8], mut at: usize) -> usize {
        while let Some(b' ' | b'\n' | b'\r' | b'\t') = bytes.get(at) {
            at += 1;
        }
        at
    }

    /// Text made mostly of the bytes that matter to the scan, with runs of
    /// plain text and spaces long enough to cross word boundaries.
    fn scan_text() -> impl Strategy<Value = Vec<u8>> {
        let piece = prop_oneof![
            Just(b"\"".to_vec()),
            Just(b"\\".to_vec()),
            Just(b"\\\"".to_vec()),
            Just(b"\\\\".to_vec()),
            Just(b"\n".to_vec()),
            Just(b"\t".to_vec()),
            Just(vec![0x1f]),
            Just(vec![0x7f]),
            Just(b"{".to_vec()),
            Just(b"${".to_vec()),
            Just(b"%{".to_vec()),
            Just(b"$".to_vec()),
            Just("é".as_bytes().to_vec()),
            "[ ]{1,20}".prop_map(String::into_bytes),
            "[a-z]{1,20}".prop_map(String::into_bytes),
        ];
        prop::collection::vec(piece, 0..12).prop_map(|p| p.concat())
    }

    proptest! {
        #[test]
        fn strings_end_where_the_bytewise_rule_says(body in scan_text(), lead in 0usize..9) {
            let mut text = vec![b' '; lead];
            text.push(b'"');
            text.extend(&body);
            let scanner = Scanner { bytes: &text, at: 0, done: false };
            prop_assert_eq!(scanner.string_end(lead), string_end_bytewise(&text, lead));
        }

        #[test]
        fn whitespace_ends_where_the_bytewise_rule_says(text in scan_text(), at in 0usize..4) {
            let at = at.min(text.len());
            let mut scanner = Scanner { bytes: &text, at, done: false };
            scanner.skip_whitespace();
            prop_assert_eq!(scanner.at, whitespace_end_bytewise(&text, at));
        }
    }
}
