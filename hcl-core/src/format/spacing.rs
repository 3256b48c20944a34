//! Which tokens a space separates: the rules for the whitespace between two
//! tokens of a line.

use crate::lexer::TokenKind;

/// A token as the spacing rules see it: its kind, and whether it is the
/// identifier `in` (the keyword of `for` expressions).
#[derive(Debug, Clone, Copy)]
pub(super) struct Seen {
    pub(super) kind: TokenKind,
    pub(super) is_in: bool,
}

/// How a token changes the nesting of brackets: `+1` for an opener (`{`,
/// `[`, `(`, `${`, `%{`), `-1` for a closer, `0` otherwise.
pub(super) fn bracket_change(kind: TokenKind) -> i64 {
    use TokenKind::*;
    match kind {
        OBrace | OBrack | OParen | TemplateInterp | TemplateControl => 1,
        CBrace | CBrack | CParen | TemplateSeqEnd => -1,
        _ => 0,
    }
}

/// Whether a space goes between `subject` and the token `after` it on the
/// same line; `before` is the token before `subject` in its cell, if any.
pub(super) fn space_after(subject: Seen, before: Option<TokenKind>, after: TokenKind) -> bool {
    use TokenKind::*;
    let s = subject.kind;
    match () {
        // Nothing before a line break: no trailing spaces.
        () if after == Newline => false,
        // A function's name and its `(`.
        () if s == Ident && after == OParen => false,
        // The parts of a namespaced function name: `provider::x::f`.
        () if (s == Ident && after == DoubleColon) || (s == DoubleColon && after == Ident) => false,
        // Attribute access: `a.b`, `a.0`, `a.*`.
        () if s == Dot || after == Dot => false,
        () if after == Comma || after == Ellipsis => false,
        () if s == Comma => true,
        // Template text is written as it is.
        () if matches!(s, QuotedLit | StringLit | OQuote | OHeredoc)
            || matches!(after, QuotedLit | StringLit | CQuote | CHeredoc) =>
        {
            false
        }
        // `for x in [a, b]`: `in` is the keyword, not a name to index.
        () if subject.is_in && before == Some(Ident) => true,
        // Indexing: `a[0]`, `f()[0]`, `[1][0]`.
        () if after == OBrack && (s == Ident || s == NumberLit || bracket_change(s) < 0) => false,
        () if s == Bang => false,
        () if s == Minus => !is_negation(before),
        // Braces have spaces inside (`{ a = 1 }`), except when empty.
        () if s == OBrace || after == CBrace => !(s == OBrace && after == CBrace),
        // An object alone in a sequence: `${ { a = 1 } }`.
        () if matches!(s, TemplateInterp | TemplateControl) && after == OBrace => true,
        () if s == CBrace && after == TemplateSeqEnd => true,
        // Sequences one after the other: `${a}${b}`.
        () if s == TemplateSeqEnd && matches!(after, TemplateInterp | TemplateControl) => false,
        () if bracket_change(s) > 0 => false,
        () if bracket_change(after) < 0 => false,
        () => true,
    }
}

/// Whether a `-` after `before` is a negation (no space after it) rather
/// than a subtraction: it is when nothing that ends an operand precedes it.
fn is_negation(before: Option<TokenKind>) -> bool {
    use TokenKind::*;
    match before {
        None => true,
        Some(kind) => matches!(
            kind,
            OParen
                | OBrace
                | OBrack
                | Equal
                | Colon
                | Comma
                | Question
                | Plus
                | Star
                | Slash
                | Percent
                | Minus
                | EqualOp
                | NotEqual
                | GreaterThan
                | GreaterThanEq
                | LessThan
                | LessThanEq
                | And
                | Or
                | Bang
        ),
    }
}

/// Whether two tokens that the rules would join must keep a space, because
/// joined they would be read as other tokens: `1 . 5` and `a.0 . e5`
/// (whose digits would make a number), `. ...`, `! =`, `~ }` and the
/// like (which would make another operator or a strip marker). Template
/// text is never separated: there, what is adjacent was adjacent.
pub(super) fn must_stay_apart(
    before: Option<TokenKind>,
    subject: (TokenKind, &str),
    after: (TokenKind, &str),
) -> bool {
    use TokenKind::*;
    let is_text = |kind| {
        matches!(
            kind,
            OQuote | CQuote | QuotedLit | QuotedNewline | StringLit | OHeredoc | CHeredoc
        )
    };
    if is_text(subject.0) || is_text(after.0) {
        return false;
    }
    if subject.0 == Dot && before == Some(NumberLit) {
        let mut chars = after.1.chars();
        let exponent = matches!(chars.next(), Some('e' | 'E'))
            && chars.next().is_some_and(|c| c.is_ascii_digit());
        if after.0 == NumberLit || (after.0 == Ident && exponent) {
            return true;
        }
    }
    let (Some(a), Some(b)) = (subject.1.bytes().last(), after.1.bytes().next()) else {
        return false;
    };
    matches!(
        (a, b),
        (b'.', b'.')
            | (b'!' | b'=' | b'<' | b'>', b'=')
            | (b'=', b'>')
            | (b'<', b'<')
            | (b'&', b'&')
            | (b'|', b'|')
            | (b':', b':')
            | (b'/', b'/' | b'*')
            | (b'*', b'/')
            | (b'~', b'}')
            | (b'{', b'~')
    )
}
