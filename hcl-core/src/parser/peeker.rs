//! The parser's view of the tokens: comments skipped, line breaks seen or
//! skipped as the construct being parsed wants, one token of lookahead.

use std::collections::VecDeque;

use super::invalid::InvalidTokens;
use crate::lexer::{Lexer, Token, TokenKind};
use crate::span::Span;

/// The tokens of a text as the parser reads them.
///
/// Line breaks are syntax in bodies and object constructors but ordinary
/// space inside brackets, so whether they are seen is a stack the parser
/// pushes and pops around each construct. Comments are never seen, but a
/// `#` or `//` comment ends with a line break, which is seen where line
/// breaks are (with the comment's span). Every token lexed is also checked
/// for characters that have no place in the language.
pub(super) struct Peeker<'src> {
    lexer: Lexer<'src>,
    /// The next raw token, not yet read.
    current: Token,
    /// Raw tokens after `current` lexed to look past line breaks and
    /// comments, in order.
    ahead: VecDeque<Token>,
    /// Whether line breaks are seen, innermost last; never empty.
    newlines: Vec<bool>,
    /// The span of the last token read.
    previous: Option<Span>,
    /// Once set, the input is treated as ending here (see
    /// [`Peeker::stop`]).
    stopped: bool,
    /// The diagnostics of the lexical check.
    pub(super) invalid: InvalidTokens,
}

impl<'src> Peeker<'src> {
    pub(super) fn new(mut lexer: Lexer<'src>) -> Self {
        let mut invalid = InvalidTokens::default();
        let current = lexer.next_token();
        invalid.check(current, lexer.text());
        Peeker {
            lexer,
            current,
            ahead: VecDeque::new(),
            newlines: vec![true],
            previous: None,
            stopped: false,
            invalid,
        }
    }

    /// The text being parsed.
    pub(super) fn text(&self) -> &'src str {
        self.lexer.text()
    }

    fn lex(&mut self) -> Token {
        let token = self.lexer.next_token();
        self.invalid.check(token, self.lexer.text());
        token
    }

    /// The raw token `i` after the current one, lexing as needed.
    fn after(&mut self, i: usize) -> Token {
        while self.ahead.len() <= i {
            let token = self.lex();
            self.ahead.push_back(token);
        }
        self.ahead.get(i).copied().unwrap_or(self.current)
    }

    fn end_token(&self) -> Token {
        let end = self.lexer.text().len();
        Token::new(TokenKind::Eof, end, end)
    }

    fn including_newlines(&self) -> bool {
        self.newlines.last().copied().unwrap_or(true)
    }

    /// The next token the parser sees, and how many raw tokens reading it
    /// consumes. Most of the time that is the current raw token itself.
    #[inline]
    fn next_seen(&mut self) -> (Token, usize) {
        let current = self.current;
        if !matches!(current.kind, TokenKind::Comment | TokenKind::Newline) && !self.stopped {
            return (current, 1);
        }
        self.look_past_trivia()
    }

    /// [`Peeker::next_seen`] at a comment or a line break.
    fn look_past_trivia(&mut self) -> (Token, usize) {
        if self.stopped {
            return (self.end_token(), 0);
        }
        let include = self.including_newlines();
        let mut token = self.current;
        let mut i = 0;
        loop {
            match token.kind {
                TokenKind::Comment => {
                    if include && token.text(self.text()).ends_with('\n') {
                        let newline = Token {
                            kind: TokenKind::Newline,
                            span: token.span,
                        };
                        return (newline, i + 1);
                    }
                }
                TokenKind::Newline if !include => {}
                _ => return (token, i + 1),
            }
            token = self.after(i);
            i += 1;
        }
    }

    /// The next token, not read.
    #[inline]
    pub(super) fn peek(&mut self) -> Token {
        self.next_seen().0
    }

    /// The kind of the next token.
    #[inline]
    pub(super) fn peek_kind(&mut self) -> TokenKind {
        self.next_seen().0.kind
    }

    /// Reads the next token.
    pub(super) fn read(&mut self) -> Token {
        let (token, consumed) = self.next_seen();
        if consumed == 0 {
            self.previous = Some(token.span);
        }
        for _ in 0..consumed {
            self.previous = Some(self.current.span);
            self.current = match self.ahead.pop_front() {
                Some(next) => next,
                None => self.lex(),
            };
        }
        token
    }

    /// At the opening quote of a quoted template that
    /// [`Lexer::quoted_plain`] reads: reads it and returns the opening
    /// quote and the end of the text.
    pub(super) fn quoted_plain(&mut self) -> Option<(Token, usize)> {
        if self.stopped || !self.ahead.is_empty() || self.current.kind != TokenKind::OQuote {
            return None;
        }
        let end = self.lexer.quoted_plain()?;
        let open = self.current;
        self.previous = Some(Span::new(end as u32, end as u32 + 1));
        self.current = self.lex();
        Some((open, end))
    }

    /// At the opening quote of a quoted template that
    /// [`Lexer::quoted_line`] reads, in a construct that sees line breaks:
    /// reads it with the line break and returns the opening quote, the
    /// end of the text and the line break.
    pub(super) fn quoted_line(&mut self) -> Option<(Token, usize, Span)> {
        if self.stopped
            || !self.ahead.is_empty()
            || self.current.kind != TokenKind::OQuote
            || !self.including_newlines()
        {
            return None;
        }
        let (end, break_start, break_end) = self.lexer.quoted_line()?;
        let open = self.current;
        let line_break = Token::new(TokenKind::Newline, break_start, break_end);
        self.previous = Some(line_break.span);
        self.current = self.lex();
        Some((open, end, line_break.span))
    }

    /// Whether the next token is followed by a line break that this
    /// construct sees, with nothing between them.
    pub(super) fn line_break_after_next(&mut self) -> bool {
        let (_, consumed) = self.next_seen();
        consumed == 1
            && self.including_newlines()
            && self.ahead.is_empty()
            && self.lexer.at_line_end()
    }

    /// The span of the next token.
    pub(super) fn next_span(&mut self) -> Span {
        self.peek().span
    }

    /// The span of the last token read (of the next, before any is).
    pub(super) fn previous_span(&mut self) -> Span {
        match self.previous {
            Some(span) => span,
            None => self.next_span(),
        }
    }

    /// Sees line breaks (`true`) or skips them until the matching
    /// [`Peeker::pop_newlines`].
    pub(super) fn push_newlines(&mut self, include: bool) {
        self.newlines.push(include);
    }

    pub(super) fn pop_newlines(&mut self) {
        if self.newlines.len() > 1 {
            self.newlines.pop();
        }
    }

    /// Ends the input here: every token from now on is the end. The
    /// parser unwinds at once from wherever it is.
    pub(super) fn stop(&mut self) {
        self.stopped = true;
    }

    /// Lexes what is left of the input, for the lexical check: the
    /// reference checks every token of the input, read or not.
    pub(super) fn finish(&mut self) {
        let mut last = self.ahead.back().copied().unwrap_or(self.current);
        while last.kind != TokenKind::Eof {
            last = self.lex();
        }
    }
}
