//! Recovery after a syntax error: skipping tokens to a place where parsing
//! can go on, as the reference does, so that later errors are found too.

use super::Parser;
use crate::lexer::{Token, TokenKind};

impl Parser<'_, '_> {
    /// Reads up to and including the `end` that closes the construct being
    /// parsed (brackets opened on the way are skipped whole), or the end of
    /// the input; returns that last token. Sets recovery mode.
    pub(super) fn recover(&mut self, end: TokenKind) -> Token {
        self.recovery = true;
        let start = end.opposite();
        let mut nested = 0usize;
        loop {
            let token = self.peeker.read();
            let mut kind = token.kind;
            // `%{` is matched by the `}` that ends a sequence, as `${` is.
            if end == TokenKind::TemplateSeqEnd && kind == TokenKind::TemplateControl {
                kind = TokenKind::TemplateInterp;
            }
            if kind == TokenKind::Eof {
                return token;
            }
            if Some(kind) == start {
                nested += 1;
            } else if kind == end {
                if nested == 0 {
                    return token;
                }
                nested -= 1;
            }
        }
    }

    /// Reads up to the next `start` bracket, then past the bracket that
    /// closes it (or to the end of the input).
    pub(super) fn recover_over(&mut self, start: TokenKind) {
        loop {
            let token = self.peeker.read();
            if token.kind == start || token.kind == TokenKind::Eof {
                break;
            }
        }
        if let Some(end) = start.opposite() {
            self.recover(end);
        }
    }

    /// Reads to the line break that ends the current body item (brackets
    /// opened on the way are skipped whole), or the end of the input. Sets
    /// recovery mode.
    pub(super) fn recover_after_body_item(&mut self) {
        use TokenKind::*;
        self.recovery = true;
        let mut open: Vec<TokenKind> = Vec::new();
        loop {
            let token = self.peeker.read();
            match token.kind {
                Newline if open.is_empty() => break,
                Eof => break,
                OBrace | OBrack | OParen | OQuote | OHeredoc | TemplateInterp | TemplateControl => {
                    open.push(token.kind)
                }
                CBrace | CBrack | CParen | CQuote | CHeredoc => {
                    let opener = token.kind.opposite();
                    while open.last().is_some_and(|o| Some(*o) != opener) {
                        open.pop();
                    }
                    open.pop();
                }
                TemplateSeqEnd => {
                    while open
                        .last()
                        .is_some_and(|o| !matches!(o, TemplateInterp | TemplateControl))
                    {
                        open.pop();
                    }
                    open.pop();
                }
                _ => {}
            }
        }
    }
}
