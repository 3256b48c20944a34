//! Templates: quoted strings and heredocs in the code, and bare template
//! files, read from their tokens into parts, then assembled.

use std::borrow::Cow;

use super::template::{EndKind, Part, Parts, Problem};
use super::{Node, Parser};
use crate::ast::{Expression, ExpressionKind, Template, TemplatePart};
use crate::diagnostic::Code;
use crate::didyoumean::first_close_name;
use crate::lexer::{Token, TokenKind};
use crate::span::Span;

impl<'src> Parser<'src, '_> {
    /// A quoted template or a heredoc, at its opening token.
    pub(super) fn template_expression(&mut self) -> Node<'src> {
        // The template's nesting level, which `nest` would check.
        if self.fast && !self.stopped() && self.nesting < self.limits.max_nesting_depth {
            if let Some((open, end)) = self.peeker.quoted_plain() {
                return Node {
                    expr: self.plain_template(open.span, end),
                    height: 2,
                };
            }
        }
        let open = self.peeker.read();
        if !self.nest(open.span) {
            return Node::leaf(ExpressionKind::Invalid, open.span);
        }
        let (closer, flush) = if open.kind == TokenKind::OQuote {
            (TokenKind::CQuote, false)
        } else {
            (TokenKind::CHeredoc, self.text(open.span).starts_with("<<-"))
        };
        let (parts, start, end) = self.template_parts(closer);
        self.unnest();
        let close = self.peeker.previous_span();
        let span = Self::between(open.span, close);
        if parts.is_lone_interpolation() {
            // The value of `"${x}"` is x's own.
            let (template, height, problems) =
                self.assemble(parts, flush, start, end, self.level + 1);
            self.report_problems(problems);
            let Some(crate::ast::TemplatePart::Interpolation(inner)) =
                template.parts.into_iter().next()
            else {
                return Node::leaf(ExpressionKind::Invalid, span);
            };
            return Node {
                expr: Expression::new(ExpressionKind::TemplateWrap(Box::new(inner)), span),
                height,
            };
        }
        let (template, height, problems) = self.assemble(parts, flush, start, end, self.level + 1);
        self.report_problems(problems);
        Node {
            expr: Expression::new(ExpressionKind::Template(template), span),
            height,
        }
    }

    /// The quoted template of literal text without escapes from its
    /// opening quote to the end of its text, which its closing quote
    /// follows (see [`Lexer::quoted_plain`]): one literal part.
    ///
    /// [`Lexer::quoted_plain`]: crate::lexer::Lexer::quoted_plain
    pub(super) fn plain_template(&self, open: Span, end: usize) -> Expression<'src> {
        let text_span = Span::new(open.end, end as u32);
        let literal = TemplatePart::Literal(Cow::Borrowed(self.text(text_span)), text_span);
        let template = Template {
            parts: vec![literal],
        };
        Expression::new(
            ExpressionKind::Template(template),
            Span::new(open.start, end as u32 + 1),
        )
    }

    /// A bare template: the whole input.
    pub(super) fn bare_template(&mut self) -> Template<'src> {
        let (parts, start, end) = self.template_parts(TokenKind::Eof);
        let (template, _, problems) = self.assemble(parts, false, start, end, 1);
        self.report_problems(problems);
        template
    }

    fn assemble(
        &mut self,
        parts: Parts<'src>,
        flush: bool,
        start: Span,
        end: Span,
        level: usize,
    ) -> (Template<'src>, usize, Vec<Problem>) {
        let file = self.file;
        let range = |span: Span| file.range(span).to_string();
        parts.assemble(
            flush,
            start,
            end,
            level,
            self.limits.max_expression_depth,
            &range,
        )
    }

    fn report_problems(&mut self, problems: Vec<Problem>) {
        for problem in problems {
            match problem {
                Problem::Diagnostic((code, summary, detail, subject)) => {
                    self.error(code, summary, detail, subject)
                }
                Problem::TooDeep(at) => self.too_deep(at),
            }
        }
    }

    /// The parts of a template up to `end`, which is read; with the empty
    /// span where an empty template's one literal goes, and the span of the
    /// end.
    fn template_parts(&mut self, end: TokenKind) -> (Parts<'src>, Span, Span) {
        let mut parts = Parts::default();
        let start = self.peeker.next_span();
        let end_span;
        loop {
            let next = self.peeker.read();
            if next.kind == end {
                end_span = next.span;
                break;
            }
            match next.kind {
                TokenKind::StringLit | TokenKind::QuotedLit => {
                    let text = self.string_literal(next.span, next.kind == TokenKind::QuotedLit);
                    parts.literal(text, next.span);
                }
                TokenKind::TemplateInterp => {
                    parts.open_sequence(next.span.len() == 3);
                    self.interpolation(&mut parts, next, start, end);
                }
                TokenKind::TemplateControl => {
                    parts.open_sequence(next.span.len() == 3);
                    self.directive(&mut parts, next, start);
                }
                _ => {
                    if !self.recovery {
                        self.error_in(
                            Code::UnterminatedTemplate,
                            "Unterminated template string",
                            "No closing marker was found for the string.",
                            next.span,
                            Self::between(start, next.span),
                        );
                    }
                    end_span = self.recover(end).span;
                    break;
                }
            }
            if self.stopped() {
                end_span = self.peeker.next_span();
                break;
            }
        }
        (parts, Span::empty(start.end), end_span)
    }

    /// `${ expression }`, after its opening.
    fn interpolation(&mut self, parts: &mut Parts<'src>, open: Token, start: Span, end: TokenKind) {
        if !self.nest(open.span) {
            return;
        }
        self.peeker.push_newlines(false);
        let expr = match self.descend(open.span) {
            true => {
                let expr = self.expression();
                self.ascend();
                expr
            }
            false => Node::leaf(ExpressionKind::Invalid, open.span),
        };
        let close = self.peeker.peek();
        let mut strip = false;
        if close.kind == TokenKind::TemplateSeqEnd {
            self.peeker.read();
            strip = self.text(close.span).starts_with('~');
        } else {
            if !self.recovery && !self.stopped() {
                match close.kind {
                    TokenKind::Eof => self.error(
                        Code::UnclosedInterpolation, "Unclosed template interpolation sequence",
                        "There is no closing brace for this interpolation sequence before the end of the file. This might be caused by incorrect nesting inside the given expression.",
                        start,
                    ),
                    TokenKind::Colon => self.error_in(
                        Code::ExtraCharactersAfterInterpolation, "Extra characters after interpolation expression",
                        "Template interpolation doesn't expect a colon at this location. Did you intend this to be a literal sequence to be processed as part of another language? If so, you can escape it by starting with \"$${\" instead of just \"${\".",
                        close.span,
                        Self::between(start, close.span),
                    ),
                    TokenKind::CQuote | TokenKind::OQuote if end == TokenKind::CQuote => self.error(
                        Code::UnclosedInterpolation, "Unclosed template interpolation sequence",
                        "There is no closing brace for this interpolation sequence before the end of the quoted template. This might be caused by incorrect nesting inside the given expression.",
                        start,
                    ),
                    _ => self.error_in(
                        Code::ExtraCharactersAfterInterpolation, "Extra characters after interpolation expression",
                        "Expected a closing brace to end the interpolation expression, but found extra characters.\n\nThis can happen when you include interpolation syntax for another language, such as shell scripting, but forget to escape the interpolation start token. If this is an embedded sequence for another language, escape it by starting with \"$${\" instead of just \"${\".",
                        close.span,
                        Self::between(start, close.span),
                    ),
                }
            }
            self.recover(TokenKind::TemplateSeqEnd);
        }
        self.peeker.pop_newlines();
        self.unnest();
        parts.push(Part::Interp(
            expr.expr,
            expr.height,
            Self::between(open.span, close.span),
        ));
        parts.close_sequence(strip);
    }

    /// `%{ keyword ... }`, after its opening.
    fn directive(&mut self, parts: &mut Parts<'src>, open: Token, start: Span) {
        if !self.nest(open.span) {
            return;
        }
        self.peeker.push_newlines(false);
        let keyword = self.peeker.peek();
        if keyword.kind != TokenKind::Ident {
            if !self.recovery {
                self.error_in(
                    Code::InvalidTemplateDirective, "Invalid template directive",
                    "A template directive keyword (\"if\", \"for\", etc) is expected at the beginning of a %{ sequence.",
                    keyword.span,
                    Self::between(open.span, keyword.span),
                );
            }
            self.abandon_directive(parts);
            return;
        }
        self.peeker.read();
        let word = self.text(keyword.span);
        match word {
            "if" => {
                let condition = self.directive_expression(open);
                let span = Self::between(open.span, self.peeker.next_span());
                parts.push(Part::If(condition.expr, condition.height, span));
            }
            "else" | "endif" | "endfor" => {
                let kind = match word {
                    "else" => EndKind::Else,
                    "endif" => EndKind::EndIf,
                    _ => EndKind::EndFor,
                };
                let span = Self::between(open.span, self.peeker.next_span());
                parts.push(Part::End(kind, span));
            }
            "for" => {
                let Some((key_var, value_var)) = self.for_directive_names() else {
                    self.abandon_directive(parts);
                    return;
                };
                let collection = self.directive_expression(open);
                let span = Self::between(open.span, self.peeker.next_span());
                parts.push(Part::For {
                    key_var,
                    value_var,
                    collection: collection.expr,
                    height: collection.height,
                    span,
                });
            }
            _ => {
                if !self.recovery {
                    let suggestion =
                        match first_close_name(word, ["if", "for", "else", "endif", "endfor"]) {
                            Some(name) => format!(" Did you mean \"{name}\"?"),
                            None => String::new(),
                        };
                    self.error_in(
                        Code::InvalidTemplateKeyword,
                        "Invalid template control keyword",
                        format!(
                            "\"{}\" is not a valid template control keyword.{suggestion}",
                            super::strings::go_quote_inner(word)
                        ),
                        keyword.span,
                        Self::between(open.span, keyword.span),
                    );
                }
                self.abandon_directive(parts);
                return;
            }
        }
        let close = self.peeker.peek();
        let mut strip = false;
        if close.kind == TokenKind::TemplateSeqEnd {
            self.peeker.read();
            strip = self.text(close.span).starts_with('~');
        } else {
            if !self.recovery && !self.stopped() {
                self.error_in(
                    Code::ExtraCharactersInMarker,
                    format!("Extra characters in {word} marker"),
                    "Expected a closing brace to end the sequence, but found extra characters.",
                    close.span,
                    Self::between(start, close.span),
                );
            }
            self.recover(TokenKind::TemplateSeqEnd);
        }
        self.peeker.pop_newlines();
        self.unnest();
        parts.close_sequence(strip);
    }

    /// Skips the rest of a directive after a syntax error.
    fn abandon_directive(&mut self, parts: &mut Parts<'src>) {
        self.recover(TokenKind::TemplateSeqEnd);
        self.peeker.pop_newlines();
        self.unnest();
        parts.break_literal();
    }

    /// The expression of an `if` or `for` directive, one level down.
    fn directive_expression(&mut self, open: Token) -> Node<'src> {
        if !self.descend(open.span) {
            return Node::leaf(ExpressionKind::Invalid, open.span);
        }
        let node = self.expression();
        self.ascend();
        node
    }

    /// `k, v in` or `v in` of a `for` directive, after `for`.
    fn for_directive_names(&mut self) -> Option<(Option<&'src str>, &'src str)> {
        let first = self.peeker.peek();
        if first.kind != TokenKind::Ident {
            if !self.recovery {
                self.error(
                    Code::InvalidForDirective,
                    "Invalid 'for' directive",
                    "For directive requires variable name after 'for'.",
                    first.span,
                );
            }
            return None;
        }
        self.peeker.read();
        let mut key_var = None;
        let mut value_var = self.text(first.span);
        if self.peeker.peek_kind() == TokenKind::Comma {
            key_var = Some(value_var);
            self.peeker.read();
            let second = self.peeker.peek();
            if second.kind != TokenKind::Ident {
                if !self.recovery {
                    self.error(
                        Code::InvalidForDirective,
                        "Invalid 'for' directive",
                        "For directive requires value variable name after comma.",
                        second.span,
                    );
                }
                return None;
            }
            self.peeker.read();
            value_var = self.text(second.span);
        }
        let in_keyword = self.peeker.peek();
        if !(in_keyword.kind == TokenKind::Ident && self.text(in_keyword.span) == "in") {
            if !self.recovery {
                self.error(
                    Code::InvalidForDirective,
                    "Invalid 'for' directive",
                    "For directive requires 'in' keyword after names.",
                    in_keyword.span,
                );
            }
            return None;
        }
        self.peeker.read();
        Some((key_var, value_var))
    }
}
