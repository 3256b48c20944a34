//! A direct parser for the common shapes of top-level items.
//!
//! pest spends most of its time in its own machinery: every rule, sequence
//! and repetition is a call with a stack probe, a token-queue entry and a
//! backtracking snapshot, and the implicit whitespace between two tokens is
//! a few more of those. So each top-level item is first given to this
//! hand-written recursive-descent parser, which follows `hcl.pest` rule by
//! rule and builds the AST directly, with the builder's helpers for
//! traversals and templates.
//!
//! It gives up on what it does not handle (non-ASCII identifiers, a `/*`
//! inside a line comment, nesting deeper than a few dozen levels) and on
//! anything that is a syntax error or would get a diagnostic from the
//! builder. The item is then parsed by pest, so the accepted language, the
//! AST and every diagnostic stay those of the grammar: this module only has
//! to agree with it on the items it accepts, which the tests check.

mod expr;
mod template;
#[cfg(test)]
mod tests;

use std::borrow::Cow;
use std::sync::Arc;

use super::names;
use crate::ast::{Attribute, Block, Body, Expression, Label};
use crate::limits::Limits;
use crate::span::{SourceFile, Span};

/// A top-level item parsed directly.
pub(super) enum Item<'src> {
    Attribute(Attribute<'src>),
    Block(Block<'src>),
}

/// The item is left to pest.
struct GiveUp;

type Parsed<T> = Result<T, GiveUp>;

/// An expression and an upper bound of its height as the builder counts it
/// for `Limits::max_expression_depth`.
type Built<'src> = (Expression<'src>, usize);

/// Recursion allowed before giving up; deeper items are left to pest, and
/// the stack stays small even in unoptimised builds.
pub(super) const MAX_DEPTH: usize = 64;

/// Parses the attribute or block at `pos`, with the line end that follows
/// it. Returns the item and the offset just past it, or `None` when the item
/// must be parsed by pest.
pub(super) fn item<'src>(
    source: &'src str,
    pos: usize,
    file: &Arc<SourceFile>,
    limits: &Limits,
) -> Option<(Item<'src>, usize)> {
    let mut parser = Parser::new(source, pos, Some(file), limits);
    let item = parser.top_item().ok()?;
    Some((item, parser.pos))
}

/// The length of the blank lines and comments at `pos`, as the grammar's
/// `top_gap` measures it, or `None` when pest must measure it.
pub(super) fn gap(source: &str, pos: usize) -> Option<usize> {
    let mut parser = Parser::new(source, pos, None, &Limits::default());
    parser.top_gap().ok()?;
    Some(parser.pos - pos)
}

struct Parser<'src, 'a> {
    src: &'src str,
    bytes: &'src [u8],
    pos: usize,
    /// Recursion depth, block labels included, against `max_depth`.
    depth: usize,
    /// [`MAX_DEPTH`], or the nesting limit when it is lower: an item that
    /// goes deeper is left to pest, which reports it.
    max_depth: usize,
    /// For the diagnostics of template assembly; `None` where no template
    /// is parsed.
    file: Option<&'a Arc<SourceFile>>,
    /// The tallest expression tree accepted, well within the builder's
    /// limit, since [`Built`] heights only bound the builder's count.
    max_height: usize,
}

pub(super) fn is_ident_start(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_'
}

pub(super) fn is_ident_continue(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'-'
}

fn span(start: usize, end: usize) -> Span {
    Span::new(start as u32, end as u32)
}

impl<'src, 'a> Parser<'src, 'a> {
    fn new(src: &'src str, pos: usize, file: Option<&'a Arc<SourceFile>>, limits: &Limits) -> Self {
        Parser {
            src,
            bytes: src.as_bytes(),
            pos,
            depth: 0,
            max_depth: MAX_DEPTH.min(limits.max_nesting_depth),
            file,
            max_height: limits.max_expression_depth.saturating_sub(4) / 2,
        }
    }

    fn byte(&self, at: usize) -> Option<u8> {
        self.bytes.get(at).copied()
    }

    fn peek(&self) -> Option<u8> {
        self.byte(self.pos)
    }

    fn at(&self, b: u8) -> bool {
        self.peek() == Some(b)
    }

    fn starts_with(&self, s: &str) -> bool {
        self.bytes
            .get(self.pos..)
            .is_some_and(|rest| rest.starts_with(s.as_bytes()))
    }

    fn expect(&mut self, b: u8) -> Parsed<()> {
        if self.at(b) {
            self.pos += 1;
            Ok(())
        } else {
            Err(GiveUp)
        }
    }

    fn text(&self, start: usize, end: usize) -> Parsed<&'src str> {
        self.src.get(start..end).ok_or(GiveUp)
    }

    fn enter(&mut self) -> Parsed<()> {
        self.depth += 1;
        if self.depth > self.max_depth {
            return Err(GiveUp);
        }
        Ok(())
    }

    fn leave(&mut self) {
        self.depth -= 1;
    }

    // ------------------------------------------------------------ whitespace

    /// The offset after the implicit whitespace at `from`: spaces, tabs and
    /// inline comments.
    fn skip_from(&self, mut from: usize) -> Parsed<usize> {
        loop {
            match self.byte(from) {
                Some(b' ' | b'\t') => from += 1,
                Some(b'/') if self.byte(from + 1) == Some(b'*') => {
                    let rest = self.bytes.get(from + 2..).ok_or(GiveUp)?;
                    let end = rest.windows(2).position(|w| w == b"*/").ok_or(GiveUp)?;
                    from += 2 + end + 2;
                }
                _ => return Ok(from),
            }
        }
    }

    /// Implicit whitespace, as pest skips it between tokens.
    fn skip(&mut self) -> Parsed<()> {
        self.pos = self.skip_from(self.pos)?;
        Ok(())
    }

    fn line_comment_ahead(&self) -> bool {
        self.at(b'#') || self.starts_with("//")
    }

    /// `line_comment`: `#` or `//` up to the line break. pest skips
    /// whitespace, inline comments included, between the characters of a
    /// line comment, so one with `/*` in it is left to pest.
    fn line_comment(&mut self) -> Parsed<bool> {
        if !self.line_comment_ahead() {
            return Ok(false);
        }
        let rest = self.bytes.get(self.pos..).ok_or(GiveUp)?;
        let len = rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
        let line = rest.get(..len).ok_or(GiveUp)?;
        // A carriage return is part of the line break only before `\n`.
        let comment = if len < rest.len() {
            line.strip_suffix(b"\r").unwrap_or(line)
        } else {
            line
        };
        if comment.contains(&b'\r') || comment.windows(2).any(|w| w == b"/*") {
            return Err(GiveUp);
        }
        self.pos += comment.len();
        Ok(true)
    }

    /// `newline`
    fn newline(&mut self) -> bool {
        if self.at(b'\n') {
            self.pos += 1;
            true
        } else if self.starts_with("\r\n") {
            self.pos += 2;
            true
        } else {
            false
        }
    }

    /// `nl`: an optional line comment and a line break; nothing is consumed
    /// when there is no line break.
    fn nl(&mut self) -> Parsed<bool> {
        let save = self.pos;
        self.line_comment()?;
        self.skip()?;
        if self.newline() {
            Ok(true)
        } else {
            self.pos = save;
            Ok(false)
        }
    }

    /// `eol`: an optional line comment, then a line break or the end.
    fn eol(&mut self) -> Parsed<()> {
        self.line_comment()?;
        self.skip()?;
        if self.newline() || self.pos == self.bytes.len() {
            Ok(())
        } else {
            Err(GiveUp)
        }
    }

    /// Whitespace where newlines are whitespace too: the grammar's `nls`
    /// with the implicit whitespace around it.
    fn skip_ml(&mut self) -> Parsed<()> {
        loop {
            self.skip()?;
            if !self.nl()? {
                return Ok(());
            }
        }
    }

    /// Whitespace between the tokens of an expression: `skip_ml` inside
    /// brackets (`ml`), `skip` elsewhere.
    fn ws(&mut self, ml: bool) -> Parsed<()> {
        if ml {
            self.skip_ml()
        } else {
            self.skip()
        }
    }

    // ------------------------------------------------------------- structure

    /// `top_gap`
    fn top_gap(&mut self) -> Parsed<()> {
        self.skip()?;
        if self.nl()? {
            loop {
                let save = self.pos;
                self.skip()?;
                if !self.nl()? {
                    self.pos = save;
                    break;
                }
            }
        }
        self.skip()?;
        let save = self.pos;
        if self.line_comment()? {
            self.skip()?;
            if self.pos != self.bytes.len() {
                self.pos = save;
            }
        }
        Ok(())
    }

    /// `top_item`
    fn top_item(&mut self) -> Parsed<Item<'src>> {
        self.skip()?;
        let (name, name_span) = self.identifier()?;
        self.skip()?;
        if self.at(b'=') {
            Ok(Item::Attribute(self.attribute(name, name_span)?))
        } else {
            Ok(Item::Block(self.block(name, name_span)?))
        }
    }

    /// The value of an attribute, within the height limit.
    fn attribute_value(&mut self) -> Parsed<Expression<'src>> {
        let (expr, height) = self.expr(false)?;
        if height > self.max_height {
            return Err(GiveUp);
        }
        Ok(expr)
    }

    /// `attribute`, after its name and the whitespace that follows it.
    fn attribute(&mut self, name: &'src str, name_span: Span) -> Parsed<Attribute<'src>> {
        self.expect(b'=')?;
        self.skip()?;
        let expr = self.attribute_value()?;
        self.skip()?;
        self.eol()?;
        Ok(Attribute {
            name,
            span: name_span.to(expr.span),
            name_span,
            expr,
        })
    }

    /// `block`, after its type and the whitespace that follows it.
    fn block(&mut self, block_type: &'src str, type_span: Span) -> Parsed<Block<'src>> {
        self.enter()?;
        let mut labels = Vec::new();
        loop {
            match self.peek() {
                Some(b'"') => labels.push(self.string_label()?),
                Some(b) if is_ident_start(b) => {
                    let (value, span) = self.identifier()?;
                    labels.push(Label {
                        value: Cow::Borrowed(value),
                        span,
                    });
                }
                _ => break,
            }
            self.skip()?;
        }
        labels.shrink_to_fit();
        // Each label is a level of nesting for whatever groups blocks by
        // label (`Builder::too_many_labels`).
        self.depth += labels.len();
        if self.depth > self.max_depth {
            return Err(GiveUp);
        }
        let open = self.pos;
        self.expect(b'{')?;
        self.skip()?;
        let mut body = if self.at(b'\n') || self.starts_with("\r\n") || self.line_comment_ahead() {
            self.body()?
        } else {
            self.single_line_body()?
        };
        self.skip()?;
        let close = self.pos;
        self.expect(b'}')?;
        self.skip()?;
        self.eol()?;
        self.depth -= labels.len();
        self.leave();
        body.end_span = Span::empty(close as u32);
        let close_brace_span = span(close, close + 1);
        Ok(Block {
            block_type,
            labels,
            body,
            span: type_span.to(close_brace_span),
            type_span,
            open_brace_span: span(open, open + 1),
            close_brace_span,
        })
    }

    /// `string_lit`: a block label, a quoted string without template
    /// sequences.
    fn string_label(&mut self) -> Parsed<Label<'src>> {
        let start = self.pos;
        self.pos += 1;
        let lit_start = self.pos;
        self.quoted_lit();
        let lit_end = self.pos;
        self.expect(b'"')?;
        let value = if lit_end > lit_start {
            template::quoted_value(self.text(lit_start, lit_end)?)?
        } else {
            Cow::Borrowed("")
        };
        Ok(Label {
            value,
            span: span(start, self.pos),
        })
    }

    /// `body`, from the line break or comment after a block's `{`.
    fn body(&mut self) -> Parsed<Body<'src>> {
        let start = self.pos;
        let mut end = start;
        let mut attributes: Vec<Attribute<'src>> = Vec::new();
        let mut blocks = Vec::new();
        loop {
            let save = self.pos;
            self.skip()?;
            if self.nl()? {
                end = self.pos;
                continue;
            }
            if !self.peek().is_some_and(is_ident_start) {
                self.pos = save;
                break;
            }
            let (name, name_span) = self.identifier()?;
            self.skip()?;
            if self.at(b'=') {
                attributes.push(self.attribute(name, name_span)?);
            } else {
                blocks.push(self.block(name, name_span)?);
            }
            end = self.pos;
        }
        if !names::repeated(attributes.iter().map(|a| a.name)).is_empty() {
            // Diagnosed by the builder.
            return Err(GiveUp);
        }
        attributes.shrink_to_fit();
        blocks.shrink_to_fit();
        Ok(Body {
            attributes,
            blocks,
            span: span(start, end),
            end_span: Span::default(),
        })
    }

    /// `block_body_line`: at most one attribute, on the line of the braces.
    fn single_line_body(&mut self) -> Parsed<Body<'src>> {
        let start = self.pos;
        let mut attributes = Vec::new();
        if self.peek().is_some_and(is_ident_start) {
            let (name, name_span) = self.identifier()?;
            self.skip()?;
            self.expect(b'=')?;
            self.skip()?;
            let expr = self.attribute_value()?;
            // The body ends where pest's `expr` pair does: after the
            // whitespace that follows the expression.
            self.skip()?;
            attributes = vec![Attribute {
                name,
                span: name_span.to(expr.span),
                name_span,
                expr,
            }];
        }
        Ok(Body {
            attributes,
            blocks: Vec::new(),
            span: span(start, self.pos),
            end_span: Span::default(),
        })
    }

    /// `identifier`, ASCII only.
    fn identifier(&mut self) -> Parsed<(&'src str, Span)> {
        let start = self.pos;
        if !self.peek().is_some_and(is_ident_start) {
            return Err(GiveUp);
        }
        self.pos += 1;
        while let Some(b) = self.peek() {
            if is_ident_continue(b) {
                self.pos += 1;
            } else if b >= 0x80 {
                return Err(GiveUp);
            } else {
                break;
            }
        }
        Ok((self.text(start, self.pos)?, span(start, self.pos)))
    }

    /// Whether `keyword` is at the current offset as a whole word.
    fn keyword_ahead(&self, keyword: &str) -> Parsed<bool> {
        if !self.starts_with(keyword) {
            return Ok(false);
        }
        match self.byte(self.pos + keyword.len()) {
            Some(b) if b >= 0x80 => Err(GiveUp),
            Some(b) => Ok(!is_ident_continue(b)),
            None => Ok(true),
        }
    }
}
