//! The lexical check: tokens that have no place in the language, reported
//! before anything the parser finds, as the reference reports them (some
//! kinds a limited number of times, to keep the noise down).

use crate::diagnostic::Code;
use crate::lexer::{Token, TokenKind};
use crate::span::Span;

/// What the lexical check found so far.
#[derive(Debug, Default)]
pub(super) struct InvalidTokens {
    /// Each finding: summary, detail and the token's span.
    pub(super) found: Vec<(Code, &'static str, &'static str, Span)>,
    bitwise: u8,
    backticks: u8,
    apostrophes: u8,
    semicolons: u8,
}

const INVALID: &str = "Invalid character";

impl InvalidTokens {
    /// Checks one token of `text`.
    #[inline]
    pub(super) fn check(&mut self, token: Token, text: &str) {
        use TokenKind::*;
        if !matches!(
            token.kind,
            BitwiseAnd
                | BitwiseOr
                | BitwiseXor
                | BitwiseNot
                | Backtick
                | Apostrophe
                | Semicolon
                | QuotedNewline
                | Invalid
        ) {
            return;
        }
        self.check_suspect(token, text);
    }

    /// Checks one token of a kind that may be reported.
    #[cold]
    fn check_suspect(&mut self, token: Token, text: &str) {
        use TokenKind::*;
        let found: Option<(Code, &'static str, &'static str)> = match token.kind {
            BitwiseAnd | BitwiseOr | BitwiseXor | BitwiseNot => {
                if self.bitwise < 4 {
                    self.bitwise += 1;
                    Some((Code::UnsupportedOperator, "Unsupported operator", bitwise_detail(token.kind)))
                } else {
                    None
                }
            }
            // Every other backtick or apostrophe, so that the two ends of
            // one quoted string are reported once.
            Backtick => alternate(
                &mut self.backticks,
                "The \"`\" character is not valid. To create a multi-line string, use the \"heredoc\" syntax, like \"<<EOT\".",
            ),
            Apostrophe => alternate(
                &mut self.apostrophes,
                "Single quotes are not valid. Use double quotes (\") to enclose strings.",
            ),
            Semicolon if self.semicolons == 0 => {
                self.semicolons = 1;
                Some((
                    Code::InvalidCharacter,
                    INVALID,
                    "The \";\" character is not valid. Use newlines to separate arguments and blocks, and commas to separate items in collection values.",
                ))
            }
            QuotedNewline => Some((
                Code::InvalidMultiLineString,
                "Invalid multi-line string",
                "Quoted strings may not be split over multiple lines. To produce a multi-line string, either use the \\n escape to represent a newline character or use the \"heredoc\" multi-line template syntax.",
            )),
            Invalid => match token.text(text) {
                "\u{201c}" | "\u{201d}" => Some((
                    Code::InvalidCharacter,
                    INVALID,
                    "\"Curly quotes\" are not valid here. These can sometimes be inadvertently introduced when sharing code via documents or discussion forums. It might help to replace the character with a \"straight quote\".",
                )),
                _ => Some((Code::InvalidCharacter, INVALID, "This character is not used within the language.")),
            },
            _ => None,
        };
        if let Some((code, summary, detail)) = found {
            self.found.push((code, summary, detail, token.span));
        }
    }
}

fn bitwise_detail(kind: TokenKind) -> &'static str {
    match kind {
        TokenKind::BitwiseAnd => {
            "Bitwise operators are not supported. Did you mean boolean AND (\"&&\")?"
        }
        TokenKind::BitwiseOr => {
            "Bitwise operators are not supported. Did you mean boolean OR (\"||\")?"
        }
        TokenKind::BitwiseNot => {
            "Bitwise operators are not supported. Did you mean boolean NOT (\"!\")?"
        }
        _ => "Bitwise operators are not supported.",
    }
}

/// Reports the first and third of a kind of quote character: `told`
/// counts them, up to three.
fn alternate(told: &mut u8, detail: &'static str) -> Option<(Code, &'static str, &'static str)> {
    let report = *told % 2 == 0;
    if *told <= 2 {
        *told += 1;
    }
    report.then_some((Code::InvalidCharacter, INVALID, detail))
}
