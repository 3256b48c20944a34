//! The quick scan of a file's top-level items: where each starts and
//! ends, and its header, read with the lexer without building a tree.

use super::Header;
use crate::lexer::{Lexer, Start, Token, TokenKind};
use crate::limits::Limits;
use crate::parser::strings::is_verbatim;
use crate::parser::{names, BYTE_ORDER_MARK};
use crate::span::Span;

/// The spans of the labels of the block whose type ends at `from` in
/// `text`, as the scan found them (quoted without escapes, or identifiers)
/// up to the opening brace.
pub(super) fn label_spans(text: &str, from: usize) -> impl Iterator<Item = Span> + '_ {
    let mut lexer = Lexer::new(text, from, Start::Code);
    std::iter::from_fn(move || {
        let token = lexer.next_token();
        match token.kind {
            TokenKind::Ident => Some(token.span),
            TokenKind::OQuote => {
                let mut close = lexer.next_token();
                if close.kind == TokenKind::QuotedLit {
                    close = lexer.next_token();
                }
                Some(token.span.to(close.span))
            }
            _ => None,
        }
    })
}

/// The headers of the top-level items of `text`; `None` where
/// the scan cannot tell them apart, or a top-level attribute is repeated
/// (an error of the whole file).
pub(super) fn scan_headers(text: &str) -> Option<Vec<Header>> {
    let limits = Limits::default();
    if text.len() > limits.max_input_bytes.min(u32::MAX as usize - 1) {
        return None;
    }
    let start = if text.starts_with(BYTE_ORDER_MARK) {
        BYTE_ORDER_MARK.len()
    } else {
        0
    };
    let items = scan_items(text, start)?;
    // A block and each of its labels are a level of nesting, which the
    // parser limits: past the limit, the parser's error is the one to give.
    if items
        .iter()
        .any(|item| item.label_count as usize + 2 > limits.max_nesting_depth)
    {
        return None;
    }
    let names = items
        .iter()
        .filter(|item| item.braces().is_none())
        .map(|item| text.get(item.name_span.start as usize..item.name_span.end as usize))
        .collect::<Option<Vec<&str>>>()?;
    names::repeated(names.into_iter())
        .is_empty()
        .then_some(items)
}

/// The headers of the items from `start` on, or `None` where the scan
/// cannot follow the text (the parser is then to read it whole).
fn scan_items(text: &str, start: usize) -> Option<Vec<Header>> {
    let mut lexer = Lexer::new(text, start, Start::Code);
    let mut items: Vec<Header> = Vec::new();
    let mut item_start = start;
    let mut token = lexer.next_token();
    loop {
        // Blank lines and comments between items.
        while matches!(token.kind, TokenKind::Newline | TokenKind::Comment) {
            item_start = token.span.end as usize;
            token = lexer.next_token();
        }
        if let Some(last) = items.last_mut() {
            last.next = item_start as u32;
        }
        if token.kind == TokenKind::Eof {
            if let Some(last) = items.last_mut() {
                last.next = text.len() as u32;
            }
            break;
        }
        if token.kind != TokenKind::Ident {
            return None;
        }
        let name_span = token.span;
        token = lexer.next_token();
        let mut label_count = 0u32;
        let braces = if token.kind == TokenKind::Equal {
            token = skip_to_line_end(&mut lexer, 0)?;
            None
        } else {
            loop {
                match token.kind {
                    TokenKind::OBrace => break,
                    TokenKind::Ident => {}
                    TokenKind::OQuote => {
                        // Quoted labels whose value is their text, as the
                        // parser reads it: the rest is left to the parser.
                        token = lexer.next_token();
                        if token.kind == TokenKind::QuotedLit {
                            let literal = token.text(text);
                            if !is_verbatim(literal, true) {
                                return None;
                            }
                            token = lexer.next_token();
                        }
                        if token.kind != TokenKind::CQuote {
                            return None;
                        }
                    }
                    _ => return None,
                }
                label_count += 1;
                token = lexer.next_token();
            }
            let open = token.span;
            let close = skip_to_close(&mut lexer)?;
            token = lexer.next_token();
            if !matches!(
                token.kind,
                TokenKind::Newline | TokenKind::Comment | TokenKind::Eof
            ) || (token.kind == TokenKind::Comment && !token.text(text).ends_with('\n'))
            {
                return None;
            }
            Some((open, close))
        };
        items.push(Header {
            label_count,
            start: item_start as u32,
            next: text.len() as u32,
            ..Header::new(name_span, braces)
        });
        // The line end itself is gap.
        item_start = token.span.end as usize;
        if token.kind != TokenKind::Eof {
            token = lexer.next_token();
        }
    }
    items.shrink_to_fit();
    Some(items)
}

/// Whether a token opens or closes a bracket, brace, parenthesis, quoted
/// template, heredoc or template sequence: `1`, `-1` or `0`.
fn bracket(kind: TokenKind) -> i32 {
    use TokenKind::*;
    match kind {
        OBrace | OBrack | OParen | OQuote | OHeredoc | TemplateInterp | TemplateControl => 1,
        CBrace | CBrack | CParen | CQuote | CHeredoc | TemplateSeqEnd => -1,
        _ => 0,
    }
}

/// Reads an attribute's value, `depth` brackets in, up to the line end that
/// ends it outside brackets (a line break, a line comment or the end),
/// which is returned.
fn skip_to_line_end(lexer: &mut Lexer<'_>, mut depth: i32) -> Option<Token> {
    loop {
        let token = lexer.next_token();
        match token.kind {
            // Unclosed brackets at the end: a syntax error, left to the
            // whole file's parse.
            TokenKind::Eof => return (depth == 0).then_some(token),
            TokenKind::Newline if depth == 0 => return Some(token),
            TokenKind::Comment if depth == 0 && token.text(lexer.text()).ends_with('\n') => {
                return Some(token)
            }
            kind => {
                depth += bracket(kind);
                if depth < 0 {
                    return None;
                }
            }
        }
    }
}

/// Reads a block's body, after its opening brace, up to the brace that
/// closes it, whose span is returned.
fn skip_to_close(lexer: &mut Lexer<'_>) -> Option<Span> {
    let mut depth = 1;
    loop {
        let token = lexer.next_token();
        if token.kind == TokenKind::Eof {
            return None;
        }
        depth += bracket(token.kind);
        if depth == 0 {
            return (token.kind == TokenKind::CBrace).then_some(token.span);
        }
        if depth < 0 {
            return None;
        }
    }
}

/// Where the next item starts after offset `at`: past the blank lines and
/// comments there (the end of the text after the last item).
pub(super) fn skip_gap(text: &str, at: usize) -> usize {
    let mut lexer = Lexer::new(text, at, Start::Code);
    let mut end = at;
    loop {
        let token = lexer.next_token();
        match token.kind {
            TokenKind::Newline | TokenKind::Comment => end = token.span.end as usize,
            TokenKind::Eof => return text.len(),
            _ => return end,
        }
    }
}
