//! The one lexer of the native syntax: every scanner of the crate (the
//! parser, the scan for top-level items, the formatter) reads tokens from
//! here, so that each rule of the syntax's tokens is written once.
//!
//! It follows the reference implementation's scanner token for token:
//! the same kinds, the same longest-match choices between them, the same
//! modes (code, quoted template, heredoc, bare template) entered and left
//! the same way, so that a parser built on it can give the reference's
//! diagnostics. Tokens come one at a time, as asked for; nothing is built
//! for the whole input.
//!
//! Rules worth knowing:
//!
//! - Spaces and tabs between tokens are skipped; every other character is
//!   part of some token (comments and line breaks are tokens).
//! - A `#` or `//` comment runs to its line break and includes it; a `/*`
//!   without its `*/` is no comment, but `/` and `*`.
//! - A number is a digit, then digits, dots and exponents (`e5`, `E+2`), not
//!   ending with a dot: `1.e5` is one number, `1.x` is `1`, `.`, `x`.
//! - `${`, `%{` (with an optional `~`) in a template start a sequence of
//!   code, which the `}` (or `~}`) that balances it ends.
//! - A heredoc opener is `<<` or `<<-`, an identifier and a line break;
//!   its closing marker is a line of the marker alone, spaces aside, ended
//!   by a line break.
//! - A scanner error (a lone carriage return in a heredoc or a bare
//!   template) ends scanning: the rest of the input is one token (invalid,
//!   or literal text at the top of a bare template).

mod public;
#[cfg(test)]
mod tests;
mod token;

pub use public::{tokens, TokenClass, Tokens};
pub(crate) use token::{Token, TokenKind};

use unicode_ident::{is_xid_continue, is_xid_start};

/// The bytes of the ASCII part of an identifier after its first
/// character: letters, digits, `_` and `-`.
const IDENTIFIER: u8 = 1;
/// The bytes that a quoted template's literal text is a run of: all but
/// a quote, `$`, `%`, a line break and a backslash.
const QUOTED_TEXT: u8 = 2;

/// The runs (`IDENTIFIER`, `QUOTED_TEXT`) that `byte` may be part of.
const fn runs_of(byte: u8) -> u8 {
    let mut runs = 0;
    if byte.is_ascii_alphanumeric() || byte == b'_' || byte == b'-' {
        runs |= IDENTIFIER;
    }
    if !matches!(byte, b'"' | b'$' | b'%' | b'\r' | b'\n' | b'\\') {
        runs |= QUOTED_TEXT;
    }
    runs
}

/// [`runs_of`] each byte, looked up.
static RUNS: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut rest: &mut [u8] = &mut table;
    let mut byte = 0u8;
    while let [slot, tail @ ..] = rest {
        *slot = runs_of(byte);
        rest = tail;
        byte = byte.wrapping_add(1);
    }
    table
};

/// How many bytes from `at` on are of the run `class`.
#[inline]
fn run_len(bytes: &[u8], at: usize, class: u8) -> usize {
    let rest = bytes.get(at..).unwrap_or_default();
    rest.iter()
        .position(|&b| {
            RUNS.get(usize::from(b))
                .is_none_or(|runs| runs & class == 0)
        })
        .unwrap_or(rest.len())
}

/// What is being scanned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Start {
    /// A configuration file or an expression.
    Code,
    /// A bare template: the content of a template file.
    Template,
}

/// A scanning mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// Code: expressions and bodies.
    Code,
    /// The text of a quoted template.
    Quoted,
    /// The text of the innermost heredoc.
    Heredoc,
    /// The text of a bare template.
    Bare,
}

/// A heredoc being scanned.
#[derive(Debug, Clone, Copy)]
struct Heredoc<'src> {
    /// The closing marker.
    marker: &'src str,
    /// Whether the next text starts a line.
    start_of_line: bool,
}

/// The tokens of a text, one at a time.
#[derive(Debug, Clone)]
pub(crate) struct Lexer<'src> {
    text: &'src str,
    bytes: &'src [u8],
    pos: usize,
    /// The modes entered, innermost last; never empty.
    modes: Vec<Mode>,
    /// Open braces, template sequences included.
    braces: i64,
    /// The brace counts at which a template sequence ends, innermost last.
    sequence_ends: Vec<i64>,
    /// The heredocs being scanned, innermost last.
    heredocs: Vec<Heredoc<'src>>,
    /// A token to give before scanning on (a heredoc's closing marker is
    /// followed by its line break).
    pending: Option<Token>,
    /// An offset after which no `*/` occurs, once a search found none: the
    /// `/*` openers after it need no search, so that a text of unclosed
    /// openers is scanned in linear time.
    no_comment_end_after: usize,
}

impl<'src> Lexer<'src> {
    /// A lexer for `text`, from byte `pos` (after a byte order mark, if
    /// the caller skips one).
    pub(crate) fn new(text: &'src str, pos: usize, start: Start) -> Self {
        let mode = match start {
            Start::Code => Mode::Code,
            Start::Template => Mode::Bare,
        };
        Lexer {
            text,
            bytes: text.as_bytes(),
            pos,
            modes: vec![mode],
            braces: 0,
            sequence_ends: Vec::new(),
            heredocs: Vec::new(),
            pending: None,
            no_comment_end_after: usize::MAX,
        }
    }

    /// The text being scanned.
    pub(crate) fn text(&self) -> &'src str {
        self.text
    }

    /// The next token; [`TokenKind::Eof`] at the end, again and again.
    pub(crate) fn next_token(&mut self) -> Token {
        if let Some(token) = self.pending.take() {
            return token;
        }
        match self.mode() {
            Mode::Code => self.code(),
            Mode::Quoted => self.quoted(),
            Mode::Heredoc => self.heredoc(),
            Mode::Bare => self.bare(),
        }
    }

    fn mode(&self) -> Mode {
        self.modes.last().copied().unwrap_or(Mode::Code)
    }

    fn byte(&self, at: usize) -> u8 {
        self.bytes.get(at).copied().unwrap_or(0)
    }

    fn token(&mut self, kind: TokenKind, start: usize, end: usize) -> Token {
        self.pos = end;
        Token::new(kind, start, end)
    }

    /// The rest of the input as one token, after a scanning error.
    fn give_up(&mut self, start: usize) -> Token {
        let kind = if self.modes.len() == 1 && self.mode() == Mode::Bare {
            TokenKind::StringLit
        } else {
            TokenKind::Invalid
        };
        // Nothing follows but the end.
        self.modes.truncate(1);
        self.modes[..].fill(Mode::Code);
        self.token(kind, start, self.bytes.len())
    }

    fn eof(&self) -> Token {
        Token::new(TokenKind::Eof, self.bytes.len(), self.bytes.len())
    }

    // ----------------------------------------------------------------- code

    fn code(&mut self) -> Token {
        use TokenKind::*;
        let bytes = self.bytes;
        let mut start = self.pos;
        while matches!(bytes.get(start), Some(b' ' | b'\t')) {
            start += 1;
        }
        self.pos = start;
        let Some(&c) = bytes.get(start) else {
            return self.eof();
        };
        let next = self.byte(start + 1);
        let one = |kind| (kind, 1);
        let (kind, len) = match c {
            b'a'..=b'z' | b'A'..=b'Z' | b'_' => (Ident, self.identifier_len(start + 1) + 1),
            b'0'..=b'9' => (NumberLit, self.number_len(start)),
            b'\n' => one(Newline),
            b'\r' if next == b'\n' => (Newline, 2),
            b'=' if next == b'=' => (EqualOp, 2),
            b'=' if next == b'>' => (FatArrow, 2),
            b'=' => one(Equal),
            b'"' => {
                self.modes.push(Mode::Quoted);
                one(OQuote)
            }
            b'{' => {
                self.braces += 1;
                one(OBrace)
            }
            b'}' => return self.close_brace(start, 1, false),
            b'~' if next == b'}' => return self.close_brace(start, 2, true),
            b'#' => (Comment, self.line_comment_len(start)),
            b'/' if next == b'/' => (Comment, self.line_comment_len(start)),
            b'/' if next == b'*' => match self.comment_end(start + 2) {
                Some(end) => (Comment, end + 2 - start),
                None => one(Slash),
            },
            b'<' => match self.heredoc_opener(start) {
                Some(len) => (OHeredoc, len),
                None if next == b'=' => (LessThanEq, 2),
                None => one(LessThan),
            },
            b'!' if next == b'=' => (NotEqual, 2),
            b'>' if next == b'=' => (GreaterThanEq, 2),
            b'&' if next == b'&' => (And, 2),
            b'|' if next == b'|' => (Or, 2),
            b':' if next == b':' => (DoubleColon, 2),
            b'.' if next == b'.' && self.byte(start + 2) == b'.' => (Ellipsis, 3),
            b'[' => one(OBrack),
            b']' => one(CBrack),
            b'(' => one(OParen),
            b')' => one(CParen),
            b'.' => one(Dot),
            b',' => one(Comma),
            b'*' => one(Star),
            b'/' => one(Slash),
            b'%' => one(Percent),
            b'+' => one(Plus),
            b'-' => one(Minus),
            b'>' => one(GreaterThan),
            b'!' => one(Bang),
            b'?' => one(Question),
            b':' => one(Colon),
            b'&' => one(BitwiseAnd),
            b'|' => one(BitwiseOr),
            b'~' => one(BitwiseNot),
            b'^' => one(BitwiseXor),
            b';' => one(Semicolon),
            b'`' => one(Backtick),
            b'\'' => one(Apostrophe),
            _ if c >= 0x80 => {
                let ch = self.char_at(start);
                let len = ch.map_or(1, char::len_utf8);
                if ch.is_some_and(is_xid_start) {
                    (Ident, self.identifier_len(start + len) + len)
                } else {
                    (Invalid, len)
                }
            }
            _ => one(Invalid),
        };
        if kind == OHeredoc {
            self.enter_heredoc(start, len);
        }
        self.token(kind, start, start + len)
    }

    /// The first `*/` at or after `from`.
    fn comment_end(&mut self, from: usize) -> Option<usize> {
        if from >= self.no_comment_end_after {
            return None;
        }
        let end = find(self.bytes, from, b"*/");
        if end.is_none() {
            self.no_comment_end_after = from;
        }
        end
    }

    fn char_at(&self, at: usize) -> Option<char> {
        self.text.get(at..).and_then(|rest| rest.chars().next())
    }

    /// The length of the rest of an identifier from `from`: letters,
    /// digits, `_` and `-`, Unicode `ID_Continue` included.
    fn identifier_len(&self, from: usize) -> usize {
        let mut at = from;
        loop {
            at += run_len(self.bytes, at, IDENTIFIER);
            match self.bytes.get(at) {
                Some(&b) if b >= 0x80 => match self.char_at(at) {
                    Some(ch) if is_xid_continue(ch) => at += ch.len_utf8(),
                    _ => break,
                },
                _ => break,
            }
        }
        at - from
    }

    /// The length of the number literal at `start`: a digit, then digits,
    /// dots and exponents, the longest run that does not end with a dot.
    fn number_len(&self, start: usize) -> usize {
        let mut at = start + 1;
        let mut end = at;
        loop {
            match self.byte(at) {
                b'0'..=b'9' => {
                    at += 1;
                    end = at;
                }
                b'.' => at += 1,
                b'e' | b'E' => {
                    let mut digit = at + 1;
                    if matches!(self.byte(digit), b'+' | b'-') {
                        digit += 1;
                    }
                    if !self.byte(digit).is_ascii_digit() {
                        break;
                    }
                    at = digit + 1;
                    end = at;
                }
                _ => break,
            }
        }
        end - start
    }

    /// The length of a `#` or `//` comment at `start`, its line break
    /// included.
    fn line_comment_len(&self, start: usize) -> usize {
        match memchr(b'\n', self.bytes.get(start..).unwrap_or_default()) {
            Some(at) => at + 1,
            None => self.bytes.len() - start,
        }
    }

    /// At `<`: the length of a heredoc opener, `<<` or `<<-`, an
    /// identifier and a line break.
    fn heredoc_opener(&self, start: usize) -> Option<usize> {
        if self.byte(start + 1) != b'<' {
            return None;
        }
        let mut at = start + 2;
        if self.byte(at) == b'-' {
            at += 1;
        }
        let first = self.char_at(at)?;
        if !(first == '_' || is_xid_start(first)) {
            return None;
        }
        at += first.len_utf8();
        at += self.identifier_len(at);
        match self.byte(at) {
            b'\n' => Some(at + 1 - start),
            b'\r' if self.byte(at + 1) == b'\n' => Some(at + 2 - start),
            _ => None,
        }
    }

    fn enter_heredoc(&mut self, start: usize, len: usize) {
        let opener = self.text.get(start + 2..start + len).unwrap_or_default();
        let opener = opener.strip_prefix('-').unwrap_or(opener);
        let marker = opener.trim_end_matches(['\n', '\r']);
        self.heredocs.push(Heredoc {
            marker,
            start_of_line: true,
        });
        self.modes.push(Mode::Heredoc);
    }

    /// `}` (or `~}`, `eat`) at `start`: the end of a template sequence when
    /// it balances one, else a closing brace (`~}` ends a sequence anyway,
    /// for the parser to report).
    fn close_brace(&mut self, start: usize, len: usize, eat: bool) -> Token {
        let ends_sequence = self.sequence_ends.last() == Some(&self.braces);
        self.braces -= 1;
        if ends_sequence {
            self.sequence_ends.pop();
            self.modes.pop();
            if self.modes.is_empty() {
                self.modes.push(Mode::Code);
            }
            return self.token(TokenKind::TemplateSeqEnd, start, start + len);
        }
        let kind = if eat {
            TokenKind::TemplateSeqEnd
        } else {
            TokenKind::CBrace
        };
        self.token(kind, start, start + len)
    }

    /// `${` or `%{` at `start`, with its optional `~`: enters code until
    /// the brace that balances it.
    fn begin_sequence(&mut self, kind: TokenKind, start: usize) -> Token {
        let len = if self.byte(start + 2) == b'~' { 3 } else { 2 };
        self.braces += 1;
        self.sequence_ends.push(self.braces);
        if let Some(heredoc) = self.heredocs.last_mut() {
            heredoc.start_of_line = false;
        }
        self.modes.push(Mode::Code);
        self.token(kind, start, start + len)
    }

    /// At `$` or `%` in template text: a sequence, or the length of the
    /// literal text it starts (`$${` and `$${~` escape a sequence; any
    /// other following character leaves `$` alone), or `None` at the end.
    fn template_dollar(&mut self, start: usize) -> Result<Token, Option<usize>> {
        let c = self.byte(start);
        let kind = if c == b'$' {
            TokenKind::TemplateInterp
        } else {
            TokenKind::TemplateControl
        };
        match self.byte(start + 1) {
            b'{' => Ok(self.begin_sequence(kind, start)),
            _ if start + 1 >= self.bytes.len() => Err(None),
            x if x == c && self.byte(start + 2) == b'{' => {
                let tilde = self.byte(start + 3) == b'~';
                Err(Some(3 + usize::from(tilde)))
            }
            _ => Err(Some(1)),
        }
    }

    // --------------------------------------------------------- quoted text

    fn quoted(&mut self) -> Token {
        use TokenKind::*;
        let start = self.pos;
        let Some(&c) = self.bytes.get(start) else {
            return self.eof();
        };
        match c {
            b'"' => {
                self.modes.pop();
                self.token(CQuote, start, start + 1)
            }
            b'$' | b'%' => match self.template_dollar(start) {
                Ok(token) => token,
                Err(Some(len)) => self.token(QuotedLit, start, start + len),
                Err(None) => self.token(Invalid, start, start + 1),
            },
            b'\r' | b'\n' => {
                let mut end = start + 1;
                while matches!(self.byte(end), b'\r' | b'\n') {
                    end += 1;
                }
                self.token(QuotedNewline, start, end)
            }
            _ => {
                let end = self.quoted_literal_end(start);
                if end == start {
                    // A backslash before a line break or the end.
                    self.token(Invalid, start, start + 1)
                } else {
                    self.token(QuotedLit, start, end)
                }
            }
        }
    }

    /// The end of the literal text of a quoted template from `start`:
    /// characters and escapes up to a quote, `$`, `%`, a line break or a
    /// backslash that escapes nothing.
    fn quoted_literal_end(&self, start: usize) -> usize {
        let mut at = start;
        loop {
            at += run_len(self.bytes, at, QUOTED_TEXT);
            match self.bytes.get(at) {
                Some(b'\\') => match self.char_at(at + 1) {
                    None | Some('\r' | '\n') => return at,
                    Some(ch) => at += 1 + ch.len_utf8(),
                },
                _ => return at,
            }
        }
    }

    /// Whether the next token in code is a line break, with only spaces
    /// before it.
    pub(crate) fn at_line_end(&self) -> bool {
        let mut at = self.pos;
        while matches!(self.byte(at), b' ' | b'\t') {
            at += 1;
        }
        self.pending.is_none() && self.mode() == Mode::Code && self.line_break_at(at).is_some()
    }

    /// Just after the opening quote of a quoted template: the end of its
    /// text when that text is literal, not empty and without escapes, up
    /// to the closing quote.
    fn plain_quoted_end(&self) -> Option<usize> {
        if self.pending.is_some() || self.mode() != Mode::Quoted {
            return None;
        }
        let start = self.pos;
        let end = self.quoted_literal_end(start);
        let text = self.bytes.get(start..end)?;
        if end == start || self.byte(end) != b'"' || text.contains(&b'\\') {
            return None;
        }
        Some(end)
    }

    /// Just after the opening quote of a quoted template whose text is
    /// literal, without escapes, up to the closing quote: reads the text
    /// and the quote as [`Lexer::next_token`] would and returns the end of
    /// the text; else reads nothing. The parser's fast path for the most
    /// common expression, `"text"`: the tokens it skips are the ones it
    /// would read.
    pub(crate) fn quoted_plain(&mut self) -> Option<usize> {
        let end = self.plain_quoted_end()?;
        self.modes.pop();
        self.pos = end + 1;
        Some(end)
    }

    /// [`Lexer::quoted_plain`] when the line also ends after the closing
    /// quote with nothing but spaces: reads the line break too and returns
    /// the end of the text and where the line break is. The parser's fast
    /// path for the most common attribute, `name = "text"`.
    pub(crate) fn quoted_line(&mut self) -> Option<(usize, usize, usize)> {
        let end = self.plain_quoted_end()?;
        let mut at = end + 1;
        while matches!(self.byte(at), b' ' | b'\t') {
            at += 1;
        }
        let len = self.line_break_at(at)?;
        self.modes.pop();
        self.pos = at + len;
        Some((end, at, at + len))
    }

    // ------------------------------------------------------------- heredocs

    fn heredoc(&mut self) -> Token {
        use TokenKind::*;
        let start = self.pos;
        if start >= self.bytes.len() {
            return self.eof();
        }
        if matches!(self.byte(start), b'$' | b'%') {
            return match self.template_dollar(start) {
                Ok(token) => token,
                Err(Some(1)) => self.heredoc_dollar(start),
                Err(Some(len)) => self.midline(start, start + len),
                Err(None) => self.give_up(start),
            };
        }
        let end = self.text_run_end(start);
        match self.line_break_at(end) {
            Some(break_len) => {
                let line_end = end + break_len;
                let Some(heredoc) = self.heredocs.last_mut() else {
                    return self.give_up(start);
                };
                let line = self.text.get(start..end).unwrap_or_default();
                if heredoc.start_of_line && line.trim() == heredoc.marker {
                    // The marker, then its line break as a token of its own:
                    // the break may end the attribute the heredoc is in.
                    self.heredocs.pop();
                    self.modes.pop();
                    self.pending = Some(Token::new(Newline, end, line_end));
                    self.pos = line_end;
                    return Token::new(CHeredoc, start, end);
                }
                heredoc.start_of_line = true;
                self.token(StringLit, start, line_end)
            }
            None if end > start => self.midline(start, end),
            // A carriage return alone, or the end.
            None if end < self.bytes.len() => self.give_up(start),
            None => self.eof(),
        }
    }

    /// A `$` or `%` that starts no sequence, in a heredoc. The reference's
    /// scanner gives it alone, except that when one more character and the
    /// line's end follow, it gives both characters as text that ends a
    /// line (the line break then comes as text of its own); bare templates
    /// are read the same way.
    fn heredoc_dollar(&mut self, start: usize) -> Token {
        if let Some(len) = self.dollar_before_line_end(start) {
            if let Some(heredoc) = self.heredocs.last_mut() {
                heredoc.start_of_line = true;
            }
            return self.token(TokenKind::StringLit, start, start + len);
        }
        self.midline(start, start + 1)
    }

    /// At a `$` or `%` of heredoc or template text that starts no sequence:
    /// the length of it and the next character when the line ends right
    /// after them.
    fn dollar_before_line_end(&self, start: usize) -> Option<usize> {
        let next = self.char_at(start + 1)?;
        let len = 1 + next.len_utf8();
        (!matches!(next, '\r' | '\n') && self.line_break_at(start + len).is_some()).then_some(len)
    }

    /// Heredoc text that does not end its line.
    fn midline(&mut self, start: usize, end: usize) -> Token {
        if let Some(heredoc) = self.heredocs.last_mut() {
            heredoc.start_of_line = false;
        }
        self.token(TokenKind::StringLit, start, end)
    }

    /// The end of a run of template text from `start`: up to `$`, `%` or a
    /// line break character.
    fn text_run_end(&self, start: usize) -> usize {
        let rest = self.bytes.get(start..).unwrap_or_default();
        start
            + rest
                .iter()
                .position(|&b| matches!(b, b'$' | b'%' | b'\r' | b'\n'))
                .unwrap_or(rest.len())
    }

    /// The length of the line break (LF or CRLF) at `at`, if there is one.
    fn line_break_at(&self, at: usize) -> Option<usize> {
        match self.byte(at) {
            b'\n' => Some(1),
            b'\r' if self.byte(at + 1) == b'\n' => Some(2),
            _ => None,
        }
    }

    // ------------------------------------------------------- bare templates

    fn bare(&mut self) -> Token {
        use TokenKind::*;
        let start = self.pos;
        if start >= self.bytes.len() {
            return self.eof();
        }
        if matches!(self.byte(start), b'$' | b'%') {
            return match self.template_dollar(start) {
                Ok(token) => token,
                Err(Some(1)) => {
                    let len = self.dollar_before_line_end(start).unwrap_or(1);
                    self.token(StringLit, start, start + len)
                }
                Err(Some(len)) => self.token(StringLit, start, start + len),
                Err(None) => self.give_up(start),
            };
        }
        let end = self.text_run_end(start);
        match self.line_break_at(end) {
            Some(break_len) => self.token(StringLit, start, end + break_len),
            None if end > start => self.token(StringLit, start, end),
            None if end < self.bytes.len() => self.give_up(start),
            None => self.eof(),
        }
    }
}

impl Iterator for Lexer<'_> {
    type Item = Token;

    /// Every token up to and including the end.
    fn next(&mut self) -> Option<Token> {
        if self.pos > self.bytes.len() {
            return None;
        }
        let token = self.next_token();
        if token.kind == TokenKind::Eof {
            self.pos = self.bytes.len() + 1;
        }
        Some(token)
    }
}

/// The first `needle` in `haystack`.
fn memchr(needle: u8, haystack: &[u8]) -> Option<usize> {
    haystack.iter().position(|&b| b == needle)
}

/// The first `needle` at or after `from`.
fn find(bytes: &[u8], from: usize, needle: &[u8]) -> Option<usize> {
    bytes
        .get(from..)?
        .windows(needle.len())
        .position(|w| w == needle)
        .map(|p| from + p)
}
