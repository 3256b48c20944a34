//! The lexer's tokens for programs outside the crate: [`tokens`], each
//! with its [`TokenClass`] and byte [`Span`], for tools that colour or
//! navigate source text (an editor's highlighting, a language server's
//! completion in a file that does not parse).

use super::{Lexer, Start, TokenKind};
use crate::span::Span;

/// What a token of the native syntax is, in the classes a tool that colours
/// or navigates source needs.
///
/// The classes are coarser than the lexer's own kinds, which may change
/// between releases; new classes may be added, hence `#[non_exhaustive]`.
///
/// # Examples
///
/// ```
/// use hcl_core::TokenClass;
/// let classes: Vec<TokenClass> = hcl_core::tokens("a = 1\n").map(|(class, _)| class).collect();
/// assert_eq!(
///     classes,
///     [TokenClass::Identifier, TokenClass::Equals, TokenClass::Number, TokenClass::Newline],
/// );
/// ```
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TokenClass {
    /// An identifier, keywords included (`true`, `null`, `for`, `if`...).
    Identifier,
    /// A number literal.
    Number,
    /// The literal text of a quoted string, a heredoc or a template, with
    /// its escape sequences as written.
    StringText,
    /// The `"` that opens a quoted string.
    QuoteOpen,
    /// The `"` that closes a quoted string.
    QuoteClose,
    /// `<<EOT` or `<<-EOT`, with the line break after it.
    HeredocOpen,
    /// A heredoc's closing marker, with the spaces before it on its line.
    HeredocClose,
    /// `${` or `%{` (with an optional `~`), opening a template sequence.
    TemplateOpen,
    /// The `}` (or `~}`) that closes a template sequence.
    TemplateClose,
    /// `{`
    BraceOpen,
    /// `}`
    BraceClose,
    /// `[`
    BracketOpen,
    /// `]`
    BracketClose,
    /// `(`
    ParenOpen,
    /// `)`
    ParenClose,
    /// `=`, between an attribute's name and its value.
    Equals,
    /// An operator: `+ - * / % == != < <= > >= && || ! ?`.
    Operator,
    /// Punctuation: `. , : :: ... =>`.
    Punctuation,
    /// A comment; a `#` or `//` comment includes its line break.
    Comment,
    /// A line break, LF or CRLF (in a quoted string, a run of them).
    Newline,
    /// A character that starts no token, or one the language does not use
    /// (`&`, `;`, `'`...); after a scanning error, the rest of the input.
    Invalid,
}

impl From<TokenKind> for TokenClass {
    fn from(kind: TokenKind) -> Self {
        use TokenKind as K;
        match kind {
            K::Ident => TokenClass::Identifier,
            K::NumberLit => TokenClass::Number,
            K::QuotedLit | K::StringLit => TokenClass::StringText,
            K::OQuote => TokenClass::QuoteOpen,
            K::CQuote => TokenClass::QuoteClose,
            K::OHeredoc => TokenClass::HeredocOpen,
            K::CHeredoc => TokenClass::HeredocClose,
            K::TemplateInterp | K::TemplateControl => TokenClass::TemplateOpen,
            K::TemplateSeqEnd => TokenClass::TemplateClose,
            K::OBrace => TokenClass::BraceOpen,
            K::CBrace => TokenClass::BraceClose,
            K::OBrack => TokenClass::BracketOpen,
            K::CBrack => TokenClass::BracketClose,
            K::OParen => TokenClass::ParenOpen,
            K::CParen => TokenClass::ParenClose,
            K::Equal => TokenClass::Equals,
            K::Star
            | K::Slash
            | K::Plus
            | K::Minus
            | K::Percent
            | K::EqualOp
            | K::NotEqual
            | K::LessThan
            | K::LessThanEq
            | K::GreaterThan
            | K::GreaterThanEq
            | K::And
            | K::Or
            | K::Bang
            | K::Question => TokenClass::Operator,
            K::Dot | K::Comma | K::Colon | K::DoubleColon | K::Ellipsis | K::FatArrow => {
                TokenClass::Punctuation
            }
            K::Comment => TokenClass::Comment,
            K::Newline | K::QuotedNewline => TokenClass::Newline,
            K::Eof
            | K::Invalid
            | K::BitwiseAnd
            | K::BitwiseOr
            | K::BitwiseNot
            | K::BitwiseXor
            | K::Apostrophe
            | K::Backtick
            | K::Semicolon => TokenClass::Invalid,
        }
    }
}

/// The tokens of native-syntax source, as the parser reads them: see
/// [`tokens`].
#[derive(Debug, Clone)]
pub struct Tokens<'src> {
    lexer: Lexer<'src>,
}

impl Iterator for Tokens<'_> {
    type Item = (TokenClass, Span);

    fn next(&mut self) -> Option<Self::Item> {
        let token = self.lexer.next()?;
        match token.kind {
            TokenKind::Eof => None,
            kind => Some((kind.into(), token.span)),
        }
    }
}

/// The tokens of a native-syntax file, in order, each with its class and
/// its byte span, from the lexer the parser uses.
///
/// The source need not parse: every byte but spaces and tabs between
/// tokens belongs to a token, whatever the text (a byte order mark at the
/// start is skipped), so a tool can read a file being typed. Spans are byte
/// offsets into `source`; [`SourceFile::pos`](crate::SourceFile::pos) gives
/// lines and columns.
///
/// # Examples
///
/// ```
/// use hcl_core::TokenClass;
/// let src = "service \"web\" {\n  port = 80 # http\n";
/// let tokens: Vec<(TokenClass, &str)> = hcl_core::tokens(src)
///     .map(|(class, span)| (class, &src[span.as_range()]))
///     .collect();
/// assert_eq!(tokens[..5], [
///     (TokenClass::Identifier, "service"),
///     (TokenClass::QuoteOpen, "\""),
///     (TokenClass::StringText, "web"),
///     (TokenClass::QuoteClose, "\""),
///     (TokenClass::BraceOpen, "{"),
/// ]);
/// assert_eq!(tokens.last(), Some(&(TokenClass::Comment, "# http\n")));
/// ```
pub fn tokens(source: &str) -> Tokens<'_> {
    let start = if source.starts_with('\u{feff}') {
        '\u{feff}'.len_utf8()
    } else {
        0
    };
    Tokens {
        lexer: Lexer::new(source, start, Start::Code),
    }
}
