//! Tokens of the native syntax.

use crate::span::Span;

/// What a token is.
///
/// The kinds are those of the reference implementation's scanner, so that
/// the parser built on them can give its diagnostics; a few are not part of
/// the language but are recognized to say so well (`&`, `;`, `'`, ...).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum TokenKind {
    /// `{`
    OBrace,
    /// `}`
    CBrace,
    /// `[`
    OBrack,
    /// `]`
    CBrack,
    /// `(`
    OParen,
    /// `)`
    CParen,
    /// `"` opening a quoted template.
    OQuote,
    /// `"` closing a quoted template.
    CQuote,
    /// `<<EOT` or `<<-EOT` with the line break after it.
    OHeredoc,
    /// A heredoc's closing marker, with the spaces before it on its line.
    CHeredoc,
    /// `*`
    Star,
    /// `/`
    Slash,
    /// `+`
    Plus,
    /// `-`
    Minus,
    /// `%`
    Percent,
    /// `=`
    Equal,
    /// `==`
    EqualOp,
    /// `!=`
    NotEqual,
    /// `<`
    LessThan,
    /// `<=`
    LessThanEq,
    /// `>`
    GreaterThan,
    /// `>=`
    GreaterThanEq,
    /// `&&`
    And,
    /// `||`
    Or,
    /// `!`
    Bang,
    /// `.`
    Dot,
    /// `,`
    Comma,
    /// `::`
    DoubleColon,
    /// `...`
    Ellipsis,
    /// `=>`
    FatArrow,
    /// `?`
    Question,
    /// `:`
    Colon,
    /// `${` or `${~`
    TemplateInterp,
    /// `%{` or `%{~`
    TemplateControl,
    /// `}` or `~}` closing a template sequence.
    TemplateSeqEnd,
    /// Literal text of a quoted template; may hold escape sequences.
    QuotedLit,
    /// Literal text of a heredoc or a bare template: no escapes but `$${`
    /// and `%%{`.
    StringLit,
    /// A number literal.
    NumberLit,
    /// An identifier (or keyword).
    Ident,
    /// A comment; a `#` or `//` comment includes its line break.
    Comment,
    /// A line break, LF or CRLF.
    Newline,
    /// The end of the input (empty).
    Eof,
    /// `&`
    BitwiseAnd,
    /// `|`
    BitwiseOr,
    /// `~`
    BitwiseNot,
    /// `^`
    BitwiseXor,
    /// `'`
    Apostrophe,
    /// `` ` ``
    Backtick,
    /// `;`
    Semicolon,
    /// A character that starts no token; after a scanning error, the
    /// whole rest of the input.
    Invalid,
    /// A run of line breaks inside a quoted template.
    QuotedNewline,
}

/// A token: its kind and where it is, as byte offsets into the source.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Token {
    /// What it is.
    pub(crate) kind: TokenKind,
    /// Where it is.
    pub(crate) span: Span,
}

impl Token {
    pub(crate) fn new(kind: TokenKind, start: usize, end: usize) -> Self {
        Token {
            kind,
            span: Span::new(start as u32, end as u32),
        }
    }

    /// The token's text in `source`.
    pub(crate) fn text<'a>(&self, source: &'a str) -> &'a str {
        source.get(self.span.as_range()).unwrap_or_default()
    }
}

impl TokenKind {
    /// The closing kind of an opening bracket and the reverse, for
    /// recovery; `None` for anything else. A template sequence's end
    /// answers as interpolation, which recovery counts `%{` as too.
    pub(crate) fn opposite(self) -> Option<TokenKind> {
        use TokenKind::*;
        Some(match self {
            OBrace => CBrace,
            OBrack => CBrack,
            OParen => CParen,
            OQuote => CQuote,
            OHeredoc => CHeredoc,
            CBrace => OBrace,
            CBrack => OBrack,
            CParen => OParen,
            CQuote => OQuote,
            CHeredoc => OHeredoc,
            TemplateControl | TemplateInterp => TemplateSeqEnd,
            TemplateSeqEnd => TemplateInterp,
            _ => return None,
        })
    }
}
