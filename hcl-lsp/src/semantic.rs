//! Semantic tokens of the native syntax: hcl-core's lexer's tokens, with
//! the names of items and the labels of blocks found in the tree its
//! parser gives of any text.

use crate::line_index::LineIndex;
use hcl_core::ast::Body;
use hcl_core::{Span, TokenClass};
use lsp_types::{SemanticToken, SemanticTokenType, SemanticTokensLegend};

/// The token types, in the order of their numbers.
const TYPES: [SemanticTokenType; 8] = [
    SemanticTokenType::KEYWORD,
    SemanticTokenType::STRING,
    SemanticTokenType::PROPERTY,
    SemanticTokenType::NUMBER,
    SemanticTokenType::COMMENT,
    SemanticTokenType::OPERATOR,
    SemanticTokenType::FUNCTION,
    SemanticTokenType::VARIABLE,
];

const KEYWORD: u32 = 0;
const STRING: u32 = 1;
const PROPERTY: u32 = 2;
const NUMBER: u32 = 3;
const COMMENT: u32 = 4;
const OPERATOR: u32 = 5;
const FUNCTION: u32 = 6;
const VARIABLE: u32 = 7;

/// The legend the server declares: [`TYPES`], no modifiers.
pub(crate) fn legend() -> SemanticTokensLegend {
    SemanticTokensLegend {
        token_types: TYPES.to_vec(),
        token_modifiers: Vec::new(),
    }
}

/// Words that are keywords where an expression or a template directive
/// stands.
const KEYWORDS: [&str; 9] = [
    "true", "false", "null", "for", "in", "if", "else", "endif", "endfor",
];

/// The spans of the item names of `body` and of the bodies in it, with
/// their token types: block types keywords, labels strings, attribute
/// names properties.
fn item_names(body: &Body<'_>, out: &mut Vec<(Span, u32)>) {
    for attribute in &body.attributes {
        out.push((attribute.name_span, PROPERTY));
    }
    for block in &body.blocks {
        out.push((block.type_span, KEYWORD));
        out.extend(block.labels.iter().map(|label| (label.span, STRING)));
        item_names(&block.body, out);
    }
}

/// The token type of a token of class `class`, text `word`, between the
/// tokens `before` and `after`, if it has one: in expressions, a name
/// before `(` is a function, after `.` or before `=` (an object's key) a
/// property, `true`, `null`, `for`... keywords, any other a variable.
fn token_type(
    class: TokenClass,
    word: &str,
    before: Option<(TokenClass, &str)>,
    after: Option<TokenClass>,
) -> Option<u32> {
    Some(match class {
        TokenClass::Identifier => {
            if before == Some((TokenClass::Punctuation, ".")) {
                PROPERTY
            } else if after == Some(TokenClass::ParenOpen) {
                FUNCTION
            } else if after == Some(TokenClass::Equals) {
                PROPERTY
            } else if KEYWORDS.contains(&word) {
                KEYWORD
            } else {
                VARIABLE
            }
        }
        TokenClass::Number => NUMBER,
        TokenClass::StringText
        | TokenClass::QuoteOpen
        | TokenClass::QuoteClose
        | TokenClass::HeredocOpen
        | TokenClass::HeredocClose => STRING,
        TokenClass::Comment => COMMENT,
        TokenClass::Operator | TokenClass::Equals => OPERATOR,
        _ => return None,
    })
}

/// The semantic tokens of `text`, encoded as the protocol has them
/// (relative positions, UTF-16 lengths). A token over several lines (a
/// heredoc's text, a comment) is one token per line.
pub(crate) fn tokens(text: &str, index: &LineIndex) -> Vec<SemanticToken> {
    let (file, _) = hcl_core::parse_partial(text, "document.hcl");
    let mut names = Vec::new();
    item_names(&file.body, &mut names);
    names.sort_by_key(|(span, _)| span.start);
    let mut names = names.into_iter().peekable();
    let lexed: Vec<(TokenClass, Span)> = hcl_core::tokens(text).collect();
    let word = |span: Span| text.get(span.as_range()).unwrap_or_default();
    let mut out = Vec::new();
    let (mut last_line, mut last_start) = (0u32, 0u32);
    for (i, &(class, span)) in lexed.iter().enumerate() {
        while names.next_if(|(name, _)| name.end <= span.start).is_some() {}
        let named = names
            .peek()
            .filter(|(name, _)| name.start <= span.start && span.end <= name.end)
            .map(|&(_, kind)| kind);
        let before = i.checked_sub(1).and_then(|j| lexed.get(j));
        let after = lexed.get(i + 1).map(|&(class, _)| class);
        let Some(token_type) = named
            .or_else(|| token_type(class, word(span), before.map(|&(c, s)| (c, word(s))), after))
        else {
            continue;
        };
        let mut start = span.start as usize;
        for piece in word(span).split_inclusive('\n') {
            let end = start + piece.len();
            let shown = piece.trim_end_matches(['\n', '\r']);
            let length: usize = shown.chars().map(char::len_utf16).sum();
            if length > 0 {
                let at = index.position(text, start);
                let delta_line = at.line.saturating_sub(last_line);
                let delta_start = if delta_line == 0 {
                    at.character.saturating_sub(last_start)
                } else {
                    at.character
                };
                out.push(SemanticToken {
                    delta_line,
                    delta_start,
                    length: u32::try_from(length).unwrap_or(u32::MAX),
                    token_type,
                    token_modifiers_bitset: 0,
                });
                (last_line, last_start) = (at.line, at.character);
            }
            start = end;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each token as (line, column, length, type).
    fn absolute(text: &str) -> Vec<(u32, u32, u32, u32)> {
        let index = LineIndex::new(text);
        let (mut line, mut column) = (0, 0);
        tokens(text, &index)
            .into_iter()
            .map(|t| {
                if t.delta_line > 0 {
                    column = 0;
                }
                line += t.delta_line;
                column += t.delta_start;
                (line, column, t.length, t.token_type)
            })
            .collect()
    }

    #[test]
    fn types_of_items_and_expressions() {
        let text = "svc \"é\" {\n  n = f(x.y) + 1 # c\n}\n";
        assert_eq!(
            absolute(text),
            [
                (0, 0, 3, KEYWORD),
                (0, 4, 1, STRING),
                (0, 5, 1, STRING),
                (0, 6, 1, STRING),
                (1, 2, 1, PROPERTY),
                (1, 4, 1, OPERATOR),
                (1, 6, 1, FUNCTION),
                (1, 8, 1, VARIABLE),
                (1, 10, 1, PROPERTY),
                (1, 13, 1, OPERATOR),
                (1, 15, 1, NUMBER),
                (1, 17, 3, COMMENT),
            ]
        );
    }

    #[test]
    fn multi_line_tokens_are_split_by_line() {
        let text = "a = <<EOT\nhé\nthere\nEOT\n/* x\ny */\n";
        let found = absolute(text);
        assert!(found.contains(&(1, 0, 2, STRING)), "{found:?}");
        assert!(found.contains(&(2, 0, 5, STRING)), "{found:?}");
        assert!(found.contains(&(4, 0, 4, COMMENT)), "{found:?}");
        assert!(found.contains(&(5, 0, 4, COMMENT)), "{found:?}");
    }
}
