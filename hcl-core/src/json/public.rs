//! The JSON scanner's tokens for programs outside the crate:
//! [`json_tokens`], each with its [`JsonTokenClass`] and byte [`Span`], for
//! tools that read JSON-syntax source being typed (a language server's
//! completion in a file that does not parse).

use super::scanner::{Kind, Scanner};
use crate::span::Span;

/// What a token of the JSON syntax is.
///
/// New classes may be added, hence `#[non_exhaustive]`.
///
/// # Examples
///
/// ```
/// use hcl_core::JsonTokenClass;
/// let classes: Vec<JsonTokenClass> = hcl_core::json_tokens("{\"a\": 1}")
///     .map(|(class, _)| class)
///     .collect();
/// assert_eq!(
///     classes,
///     [
///         JsonTokenClass::BraceOpen,
///         JsonTokenClass::String,
///         JsonTokenClass::Colon,
///         JsonTokenClass::Number,
///         JsonTokenClass::BraceClose,
///     ],
/// );
/// ```
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum JsonTokenClass {
    /// `{`
    BraceOpen,
    /// `}`
    BraceClose,
    /// `[`
    BracketOpen,
    /// `]`
    BracketClose,
    /// `,`
    Comma,
    /// `:`
    Colon,
    /// `=`, which JSON does not use: it is a token so that the parser can
    /// say to write a colon instead.
    Equals,
    /// A run of ASCII letters (and underscores after the first): `true`,
    /// `false`, `null`, or a word that is none of them.
    Keyword,
    /// A string, its quotes included, its escapes as written. It may be cut
    /// short (by a line break or another control character, or the end of
    /// input: then it has no closing quote) or hold invalid escapes.
    String,
    /// A run of the characters of numbers (`0`-`9`, `-`, `+`, `.`, `e`,
    /// `E`), possibly not a valid number.
    Number,
    /// From a character that starts no token to the end of input: the
    /// parser reads no further.
    Invalid,
}

/// The tokens of JSON-syntax source, as the parser reads them: see
/// [`json_tokens`].
#[derive(Debug, Clone)]
pub struct JsonTokens<'src> {
    scanner: Scanner<'src>,
    len: usize,
}

impl Iterator for JsonTokens<'_> {
    type Item = (JsonTokenClass, Span);

    fn next(&mut self) -> Option<Self::Item> {
        let token = self.scanner.next_token();
        let class = match token.kind {
            Kind::Eof => return None,
            Kind::BraceO => JsonTokenClass::BraceOpen,
            Kind::BraceC => JsonTokenClass::BraceClose,
            Kind::BrackO => JsonTokenClass::BracketOpen,
            Kind::BrackC => JsonTokenClass::BracketClose,
            Kind::Comma => JsonTokenClass::Comma,
            Kind::Colon => JsonTokenClass::Colon,
            Kind::Equals => JsonTokenClass::Equals,
            Kind::Keyword => JsonTokenClass::Keyword,
            Kind::String => JsonTokenClass::String,
            Kind::Number => JsonTokenClass::Number,
            Kind::Invalid => {
                let span = Span::new(token.span.start, self.len as u32);
                return Some((JsonTokenClass::Invalid, span));
            }
        };
        Some((class, token.span))
    }
}

/// The tokens of a JSON-syntax file, in order, each with its class and its
/// byte span, from the scanner the parser uses.
///
/// The source need not parse: a tool can read a file being typed (a
/// half-typed property name, an object not closed yet). Between tokens
/// are only spaces, tabs and line breaks. As the parser, the scanner stops
/// at the first character that starts no token (a byte order mark among
/// them): one [`JsonTokenClass::Invalid`] token takes the rest of the input.
/// Spans are byte offsets into `source`, each on character boundaries;
/// [`SourceFile::new_json`](crate::SourceFile::new_json) gives lines and
/// columns.
///
/// # Examples
///
/// ```
/// use hcl_core::JsonTokenClass;
/// // A file being typed: an unclosed object, a property name cut short.
/// let src = "{\"service\": {\"web\": {\"po\n";
/// let tokens: Vec<(JsonTokenClass, &str)> = hcl_core::json_tokens(src)
///     .map(|(class, span)| (class, &src[span.as_range()]))
///     .collect();
/// assert_eq!(tokens[..3], [
///     (JsonTokenClass::BraceOpen, "{"),
///     (JsonTokenClass::String, "\"service\""),
///     (JsonTokenClass::Colon, ":"),
/// ]);
/// assert_eq!(tokens.last(), Some(&(JsonTokenClass::String, "\"po")));
/// ```
pub fn json_tokens(source: &str) -> JsonTokens<'_> {
    JsonTokens {
        scanner: Scanner::starting_at(source, 0),
        len: source.len(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn classes_and_texts(src: &str) -> Vec<(JsonTokenClass, &str)> {
        json_tokens(src)
            .map(|(class, span)| (class, &src[span.as_range()]))
            .collect()
    }

    #[test]
    fn every_byte_but_whitespace_is_in_a_token() {
        let src = "{ \"a\" : [1, -2.5e3, true],\r\n\t\"b\\\"c\": null = x_y }";
        let tokens = classes_and_texts(src);
        let joined: String = tokens.iter().map(|(_, text)| *text).collect();
        let without_spaces: String = src.chars().filter(|c| !c.is_whitespace()).collect();
        assert_eq!(joined, without_spaces);
        assert_eq!(tokens[1], (JsonTokenClass::String, "\"a\""));
        assert_eq!(tokens[4], (JsonTokenClass::Number, "1"));
        assert_eq!(tokens[11], (JsonTokenClass::String, "\"b\\\"c\""));
        assert_eq!(tokens[14], (JsonTokenClass::Equals, "="));
        assert_eq!(tokens[15], (JsonTokenClass::Keyword, "x_y"));
    }

    #[test]
    fn an_invalid_character_takes_the_rest() {
        assert_eq!(
            classes_and_texts("{\"a\": é, \"b\": 1}"),
            [
                (JsonTokenClass::BraceOpen, "{"),
                (JsonTokenClass::String, "\"a\""),
                (JsonTokenClass::Colon, ":"),
                (JsonTokenClass::Invalid, "é, \"b\": 1}"),
            ]
        );
        assert_eq!(
            classes_and_texts("\u{feff}{}"),
            [(JsonTokenClass::Invalid, "\u{feff}{}")]
        );
        assert_eq!(classes_and_texts(" \n"), []);
    }
}
