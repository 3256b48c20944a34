//! Quoted strings and heredocs, with their interpolations and directives.

use std::borrow::Cow;

use super::{span, Built, GiveUp, Parsed, Parser};
use crate::diagnostic::Diagnostics;
use crate::parser::build::{
    push_text, template_expression, unescape_quoted, unescape_template_text,
};
use crate::parser::template::{Bounds, Directive, TemplateToken};
use crate::span::Span;

/// The value of a quoted literal, escapes resolved; an invalid escape is
/// left to the builder's diagnostic.
pub(super) fn quoted_value(text: &str) -> Parsed<Cow<'_, str>> {
    if !text.contains(['\\', '$', '%']) {
        return Ok(Cow::Borrowed(text));
    }
    unescape_quoted(text).map_err(|_| GiveUp)
}

/// Template tokens with an upper bound of the height of what they build:
/// the tallest expression, plus one per `if` or `for` directive.
#[derive(Default)]
struct Tokens<'src> {
    tokens: Vec<TemplateToken<'src>>,
    height: usize,
    directives: usize,
}

impl<'src> Tokens<'src> {
    fn push_sequence(&mut self, (token, height): (TemplateToken<'src>, usize)) {
        if let TemplateToken::Directive {
            directive: Directive::If(_) | Directive::For { .. },
            ..
        } = token
        {
            self.directives += 1;
        }
        self.height = self.height.max(height);
        self.tokens.push(token);
    }
}

impl<'src> Parser<'src, '_> {
    /// `quoted_lit`: literal text of a quoted string, escapes included, up
    /// to a quote, a line break, a template sequence or an escape pest
    /// would reject.
    pub(super) fn quoted_lit(&mut self) {
        loop {
            match self.peek() {
                None | Some(b'"' | b'\n' | b'\r') => return,
                Some(b'\\') => match self.src.get(self.pos + 1..).and_then(|r| r.chars().next()) {
                    None | Some('\n' | '\r') => return,
                    Some(c) => self.pos += 1 + c.len_utf8(),
                },
                Some(c @ (b'$' | b'%')) => {
                    let next = self.byte(self.pos + 1);
                    if next == Some(c) && self.byte(self.pos + 2) == Some(b'{') {
                        self.pos += 3;
                    } else if next == Some(b'{') {
                        return;
                    } else {
                        self.pos += 1;
                    }
                }
                Some(_) => self.pos += 1,
            }
        }
    }

    /// `string_template`: a quoted string with interpolations and
    /// directives.
    pub(super) fn string_template(&mut self) -> Parsed<Built<'src>> {
        let start = self.pos;
        self.pos += 1;
        let mut tokens = Tokens::default();
        loop {
            match self.peek() {
                Some(b'"') => {
                    self.pos += 1;
                    break;
                }
                Some(b'$') if self.byte(self.pos + 1) == Some(b'{') => {
                    let built = self.interpolation()?;
                    tokens.push_sequence(built);
                }
                Some(b'%') if self.byte(self.pos + 1) == Some(b'{') => {
                    let built = self.directive()?;
                    tokens.push_sequence(built);
                }
                _ => {
                    let lit_start = self.pos;
                    self.quoted_lit();
                    if self.pos == lit_start {
                        // A line break, a bad escape or the end.
                        return Err(GiveUp);
                    }
                    let text = quoted_value(self.text(lit_start, self.pos)?)?;
                    tokens.tokens.push(TemplateToken::Literal {
                        text,
                        span: span(lit_start, self.pos),
                    });
                }
            }
        }
        let bounds = Bounds {
            content_start: start as u32 + 1,
            end: span(self.pos - 1, self.pos),
        };
        self.template(tokens, span(start, self.pos), bounds, false)
    }

    /// The expression of a quoted string or heredoc, unless assembling the
    /// template reports a problem.
    fn template(
        &self,
        tokens: Tokens<'src>,
        whole: Span,
        bounds: Bounds,
        flush: bool,
    ) -> Parsed<Built<'src>> {
        let file = self.file.ok_or(GiveUp)?;
        // Nesting directives recurses once per level: leave deep ones to
        // the builder, which limits them.
        if tokens.directives > self.max_height {
            return Err(GiveUp);
        }
        let mut diags = Diagnostics::default();
        let expr = template_expression(tokens.tokens, whole, bounds, flush, file, &mut diags);
        if !diags.is_empty() {
            return Err(GiveUp);
        }
        Ok((expr, 2 + tokens.height + tokens.directives))
    }

    /// `interpolation`: `${ expression }` with optional strip markers.
    fn interpolation(&mut self) -> Parsed<(TemplateToken<'src>, usize)> {
        let strip_left = self.sequence_open()?;
        let (expr, height) = self.expr(true)?;
        let strip_right = self.sequence_close()?;
        let token = TemplateToken::Interp {
            expr,
            strip_left,
            strip_right,
        };
        Ok((token, height))
    }

    /// `${` or `%{`, its strip marker and the whitespace after it.
    fn sequence_open(&mut self) -> Parsed<bool> {
        self.pos += 2;
        let strip = self.at(b'~');
        if strip {
            self.pos += 1;
        }
        self.skip_ml()?;
        Ok(strip)
    }

    /// The whitespace before `}` or `~}`, and the closer.
    fn sequence_close(&mut self) -> Parsed<bool> {
        self.skip_ml()?;
        let strip = self.at(b'~');
        if strip {
            self.pos += 1;
        }
        self.expect(b'}')?;
        Ok(strip)
    }

    /// `directive`: `%{ if }`, `%{ else }`, `%{ endif }`, `%{ for }` or
    /// `%{ endfor }`.
    fn directive(&mut self) -> Parsed<(TemplateToken<'src>, usize)> {
        let start = self.pos;
        let strip_left = self.sequence_open()?;
        let mut height = 0;
        let directive = if self.keyword_ahead("if")? {
            self.pos += 2;
            self.skip_ml()?;
            let (condition, condition_height) = self.expr(true)?;
            height = condition_height;
            Directive::If(condition)
        } else if self.keyword_ahead("else")? {
            self.pos += 4;
            Directive::Else
        } else if self.keyword_ahead("endif")? {
            self.pos += 5;
            Directive::EndIf
        } else if self.keyword_ahead("for")? {
            self.pos += 3;
            let (key_var, value_var) = self.for_names()?;
            self.skip_ml()?;
            if !self.keyword_ahead("in")? {
                return Err(GiveUp);
            }
            self.pos += 2;
            self.skip_ml()?;
            let (collection, collection_height) = self.expr(true)?;
            height = collection_height;
            Directive::For {
                key_var,
                value_var,
                collection,
            }
        } else if self.keyword_ahead("endfor")? {
            self.pos += 6;
            Directive::EndFor
        } else {
            return Err(GiveUp);
        };
        let strip_right = self.sequence_close()?;
        let token = TemplateToken::Directive {
            directive,
            strip_left,
            strip_right,
            span: span(start, self.pos),
        };
        Ok((token, height))
    }

    /// Whether the closing marker of a heredoc is at the current offset:
    /// `heredoc_end`, the marker alone on its line but for spaces and tabs,
    /// followed by a line break. Returns the offset after the marker and
    /// the spaces and tabs that follow it.
    fn heredoc_end(&self, marker: &str) -> Option<usize> {
        let blank = |at: &mut usize| {
            while matches!(self.byte(*at), Some(b' ' | b'\t')) {
                *at += 1;
            }
        };
        let mut at = self.pos;
        blank(&mut at);
        if !self.bytes.get(at..)?.starts_with(marker.as_bytes()) {
            return None;
        }
        at += marker.len();
        blank(&mut at);
        match (self.byte(at), self.byte(at + 1)) {
            (Some(b'\n'), _) | (Some(b'\r'), Some(b'\n')) => Some(at),
            _ => None,
        }
    }

    /// `heredoc`: `<<EOT` or `<<-EOT`, its lines, and the closing marker on
    /// a line of its own; the reference requires a line break after it.
    pub(super) fn heredoc(&mut self) -> Parsed<Built<'src>> {
        let start = self.pos;
        self.pos += 2;
        let flush = self.at(b'-');
        if flush {
            self.pos += 1;
        }
        let (marker, _) = self.identifier()?;
        if !self.newline() {
            return Err(GiveUp);
        }
        let content_start = self.pos;
        let mut tokens = Tokens::default();
        let mut line_open = false;
        let close = loop {
            if let Some(end) = self.heredoc_end(marker) {
                let close = span(self.pos, end);
                self.pos = end;
                break close;
            }
            // `heredoc_line`: text and sequences, then a line break.
            loop {
                let token_start = self.pos;
                if matches!(self.peek(), Some(b'$' | b'%')) && self.byte(self.pos + 1) == Some(b'{')
                {
                    line_open = false;
                    let built = if self.at(b'$') {
                        self.interpolation()?
                    } else {
                        self.directive()?
                    };
                    tokens.push_sequence(built);
                    continue;
                }
                let is_break = self.newline();
                if !is_break {
                    if self.peek().is_none() {
                        return Err(GiveUp);
                    }
                    self.template_text();
                }
                let raw = self.text(token_start, self.pos)?;
                let text = if is_break {
                    Cow::Borrowed(raw)
                } else {
                    unescape_template_text(raw)
                };
                let text_span = span(token_start, self.pos);
                push_text(
                    &mut tokens.tokens,
                    &mut line_open,
                    text,
                    text_span,
                    is_break,
                    self.src,
                );
                if is_break {
                    break;
                }
            }
        };
        let bounds = Bounds {
            content_start: content_start as u32,
            end: close,
        };
        self.template(tokens, span(start, self.pos), bounds, flush)
    }

    /// `template_text`: heredoc text up to a line break or a template
    /// sequence; `$${` and `%%{` are escapes.
    fn template_text(&mut self) {
        loop {
            match self.peek() {
                None | Some(b'\n') => return,
                Some(b'\r') if self.byte(self.pos + 1) == Some(b'\n') => return,
                Some(c @ (b'$' | b'%')) => {
                    let next = self.byte(self.pos + 1);
                    if next == Some(c) && self.byte(self.pos + 2) == Some(b'{') {
                        self.pos += 3;
                    } else if next == Some(b'{') {
                        return;
                    } else {
                        self.pos += 1;
                    }
                }
                Some(_) => self.pos += 1,
            }
        }
    }
}
