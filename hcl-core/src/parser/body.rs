//! Bodies: attributes and blocks, one per line.

use std::borrow::Cow;

use super::expr::is_number;
use super::stacks::take_from;
use super::{names, Item, Parser};
use crate::ast::{Attribute, Block, Body, Expression, ExpressionKind, Label};
use crate::diagnostic::{Code, Diagnostic};
use crate::lexer::TokenKind;
use crate::span::Span;

impl<'src> Parser<'src, '_> {
    /// The body of a whole file, to the end of the input.
    pub(super) fn top_body(&mut self) -> Body<'src> {
        let mut body = self.body(TokenKind::Eof);
        let end = self.src.len() as u32;
        body.span = Span::new(bom_end(self.src).min(end), end);
        body.end_span = Span::empty(end);
        body
    }

    /// Items up to `end` (the end of the input, or the `}` of a block),
    /// which is read.
    fn body(&mut self, end: TokenKind) -> Body<'src> {
        let attribute_base = self.stacks.attributes.len();
        let block_base = self.stacks.blocks.len();
        // Where, among the diagnostics, each attribute's repetition would
        // be reported: just after the attribute's own (for the attributes
        // read before any diagnostic, where the body's start).
        let mut reported_at = ReportedAt::default();
        let first_diag = self.mark();
        let start = self.peeker.previous_span();
        loop {
            let next = self.peeker.peek();
            if next.kind == end {
                self.peeker.read();
                break;
            }
            match next.kind {
                TokenKind::Newline => {
                    self.peeker.read();
                }
                TokenKind::Ident => match self.item() {
                    Some(Item::Block(block)) => self.stacks.blocks.push(block),
                    Some(Item::Attribute(attr)) => {
                        self.stacks.attributes.push(attr);
                        reported_at.push(self.mark(), first_diag);
                    }
                    None => {}
                },
                _ => {
                    let bad = self.peeker.read();
                    if !self.recovery {
                        match bad.kind {
                            TokenKind::OQuote => self.error(
                                Code::InvalidArgumentName, "Invalid argument name",
                                "Argument names must not be quoted.",
                                bad.span,
                            ),
                            TokenKind::Eof if end == TokenKind::CBrace => self.error(
                                Code::UnclosedBlock, "Unclosed configuration block",
                                "There is no closing brace for this block before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file.",
                                start,
                            ),
                            TokenKind::Eof => self.error(
                                Code::UnclosedBody, "Unclosed configuration body",
                                "Found end of file before the end of this configuration body.",
                                start,
                            ),
                            _ => self.error(
                                Code::ArgumentOrBlockRequired, "Argument or block definition required",
                                "An argument or block definition is required here.",
                                bad.span,
                            ),
                        }
                    }
                    self.recover(end);
                    break;
                }
            }
        }
        let mut attributes = take_from(&mut self.stacks.attributes, attribute_base);
        let blocks = take_from(&mut self.stacks.blocks, block_base);
        self.report_repeated(&mut attributes, &reported_at, first_diag);
        Body {
            attributes,
            blocks,
            span: Span::default(),
            end_span: Span::default(),
        }
    }

    /// Reports each attribute whose name an earlier one has, where the
    /// reference reports it (just after the attribute's own diagnostics),
    /// and takes it out: the first definition is the one kept. Names are
    /// compared once the body is read, by sorting them (see `names`).
    fn report_repeated(
        &mut self,
        attributes: &mut Vec<Attribute<'src>>,
        reported_at: &ReportedAt,
        first_diag: usize,
    ) {
        let repeated = names::repeated(attributes.iter().map(|a| a.name));
        if repeated.is_empty() {
            return;
        }
        let mut inserts: Vec<(usize, Diagnostic)> = Vec::with_capacity(repeated.len());
        for &(at, first) in &repeated {
            let (Some(attr), Some(first), Some(position)) = (
                attributes.get(at),
                attributes.get(first),
                reported_at.get(at, first_diag),
            ) else {
                continue;
            };
            let detail = format!(
                "The argument \"{}\" was already set at {}. Each argument may be set only once.",
                attr.name,
                self.file.range(first.name_span)
            );
            inserts.push((
                position,
                Diagnostic::error(Code::AttributeRedefined, "Attribute redefined", detail)
                    .with_subject(self.file, attr.name_span),
            ));
        }
        // Merge into the diagnostics of this body, which all come after
        // `first_diag`.
        let tail = self.diags.split_off(first_diag.min(self.diags.len()));
        let mut inserts = inserts.into_iter().peekable();
        for (i, diag) in tail.into_iter().enumerate() {
            while let Some(insert) = inserts.next_if(|(at, _)| *at <= first_diag + i) {
                self.diags.push(insert.1);
            }
            self.diags.push(diag);
        }
        self.diags.extend(inserts.map(|(_, d)| d));
        let mut repeated = repeated.iter().map(|&(at, _)| at).peekable();
        let mut index = 0;
        attributes.retain(|_| {
            let keep = repeated.next_if_eq(&index).is_none();
            index += 1;
            keep
        });
    }

    /// An attribute or a block, at its name; `None` after a syntax error
    /// that left nothing to keep.
    pub(super) fn item(&mut self) -> Option<Item<'src>> {
        let ident = self.peeker.read();
        match self.peeker.peek_kind() {
            TokenKind::Equal => Some(Item::Attribute(self.attribute(ident.span, false))),
            TokenKind::OQuote | TokenKind::OBrace | TokenKind::Ident => self.block(ident.span),
            _ => {
                self.recover_after_body_item();
                self.error(
                    Code::ArgumentOrBlockRequired, "Argument or block definition required",
                    "An argument or block definition is required here. To set an argument, use the equals sign \"=\" to introduce the argument value.",
                    ident.span,
                );
                None
            }
        }
    }

    /// `name = expression`, after the name, with the line break after it
    /// unless `single_line`.
    fn attribute(&mut self, name_span: Span, single_line: bool) -> Attribute<'src> {
        self.peeker.read(); // the equals sign
        if !single_line && self.fast {
            if let Some(attribute) = self.literal_line_attribute(name_span) {
                return attribute;
            }
        }
        let mark = self.mark();
        let saved_level = std::mem::replace(&mut self.level, 1);
        let node = self.expression();
        self.level = saved_level;
        let expr = node.expr;
        if self.recovery && self.errors_since(mark) {
            self.recover_after_body_item();
        } else if !single_line {
            let end = self.peeker.peek();
            if end.kind != TokenKind::Newline && end.kind != TokenKind::Eof {
                if !self.recovery {
                    let (code, summary, detail) = if end.kind == TokenKind::Comma {
                        (
                            Code::UnexpectedCommaAfterArgument,
                            "Unexpected comma after argument",
                            "Argument definitions must be separated by newlines, not commas. An argument definition must end with a newline.",
                        )
                    } else {
                        (
                            Code::MissingNewlineAfterArgument,
                            "Missing newline after argument",
                            "An argument definition must end with a newline.",
                        )
                    };
                    self.error_in(
                        code,
                        summary,
                        detail,
                        end.span,
                        Self::between(name_span, end.span),
                    );
                }
                self.recover_after_body_item();
            } else {
                self.peeker.read();
            }
        }
        Attribute {
            name: self.text(name_span),
            span: name_span.to(expr.span),
            name_span,
            expr,
        }
    }

    /// The most common attributes, `name = "text"`, `name = 80` or `name
    /// = true` (or `false`, `null`) and a line break, read in one step
    /// into the tree and diagnostics their tokens give: a quoted template
    /// of literal text without escapes from the bytes (see
    /// [`Lexer::quoted_line`]), a number or keyword without the operators
    /// and traversals that could follow it but do not. `None`, having read
    /// nothing, for anything else.
    ///
    /// [`Lexer::quoted_line`]: crate::lexer::Lexer::quoted_line
    fn literal_line_attribute(&mut self, name_span: Span) -> Option<Attribute<'src>> {
        let next = self.peeker.peek();
        let expr = match next.kind {
            // The template's nesting level, which `nest` would check.
            TokenKind::OQuote
                if !self.stopped() && self.nesting < self.limits.max_nesting_depth =>
            {
                let (open, end, _) = self.peeker.quoted_line()?;
                self.plain_template(open.span, end)
            }
            TokenKind::NumberLit | TokenKind::Ident => {
                let text = self.text(next.span);
                let kind = match (next.kind, text) {
                    (TokenKind::NumberLit, text) if is_number(text) => ExpressionKind::Number(text),
                    (TokenKind::Ident, "true") => ExpressionKind::Bool(true),
                    (TokenKind::Ident, "false") => ExpressionKind::Bool(false),
                    (TokenKind::Ident, "null") => ExpressionKind::Null,
                    _ => return None,
                };
                if !self.peeker.line_break_after_next() {
                    return None;
                }
                self.peeker.read();
                self.peeker.read(); // the line break
                Expression::new(kind, next.span)
            }
            _ => return None,
        };
        Some(Attribute {
            name: self.text(name_span),
            span: name_span.to(expr.span),
            name_span,
            expr,
        })
    }

    /// A block, after its type: labels, then a body in braces.
    fn block(&mut self, type_span: Span) -> Option<Item<'src>> {
        let block_type = self.text(type_span);
        let mut labels: Vec<Label<'src>> = Vec::new();
        let open = loop {
            let token = self.peeker.peek();
            match token.kind {
                TokenKind::OBrace => break self.peeker.read(),
                TokenKind::OQuote | TokenKind::Ident => {
                    // The block itself and each label are a level of
                    // nesting (whatever groups blocks by label recurses
                    // once per label); checked at the label that is one
                    // too many.
                    if self.nesting + 2 + labels.len() > self.limits.max_nesting_depth {
                        self.nest_by(2 + labels.len(), token.span);
                        return None;
                    }
                    let label = if token.kind == TokenKind::OQuote {
                        let (value, span) = self.quoted_string_literal();
                        Label { value, span }
                    } else {
                        let token = self.peeker.read();
                        Label {
                            value: Cow::Borrowed(self.text(token.span)),
                            span: token.span,
                        }
                    };
                    labels.push(label);
                }
                _ => {
                    let context = Self::between(type_span, token.span);
                    match token.kind {
                        TokenKind::Equal => self.error_in(
                            Code::InvalidBlockDefinition, "Invalid block definition",
                            "The equals sign \"=\" indicates an argument definition, and must not be used when defining a block.",
                            token.span,
                            context,
                        ),
                        TokenKind::Newline => self.error_in(
                            Code::InvalidBlockDefinition, "Invalid block definition",
                            "A block definition must have block content delimited by \"{\" and \"}\", starting on the same line as the block header.",
                            token.span,
                            context,
                        ),
                        _ if !self.recovery => self.error_in(
                            Code::InvalidBlockDefinition, "Invalid block definition",
                            "Either a quoted string block label or an opening brace (\"{\") is expected here.",
                            token.span,
                            context,
                        ),
                        _ => {}
                    }
                    self.recover_after_body_item();
                    // The header as far as it was read; no body.
                    let header = labels.last().map_or(type_span, |l| type_span.to(l.span));
                    return Some(Item::Block(Block {
                        block_type,
                        labels,
                        body: Body {
                            attributes: Vec::new(),
                            blocks: Vec::new(),
                            span: Span::empty(header.end),
                            end_span: Span::empty(header.end),
                        },
                        span: header,
                        type_span,
                        open_brace_span: Span::empty(header.end),
                        close_brace_span: Span::empty(header.end),
                    }));
                }
            }
        };
        let levels = 1 + labels.len();
        if !self.nest_by(levels, open.span) {
            return None;
        }
        let mut body = match self.peeker.peek_kind() {
            TokenKind::Newline | TokenKind::Eof | TokenKind::CBrace => self.body(TokenKind::CBrace),
            _ => self.single_line_body(open.span, type_span),
        };
        self.unnest_by(levels);
        let close = self.peeker.previous_span();
        let eol = self.peeker.peek();
        if matches!(eol.kind, TokenKind::Newline | TokenKind::Eof) {
            self.peeker.read();
        } else {
            if !self.recovery {
                self.error_in(
                    Code::MissingNewlineAfterBlock,
                    "Missing newline after block definition",
                    "A block definition must end with a newline.",
                    eol.span,
                    Self::between(type_span, eol.span),
                );
            }
            self.recover_after_body_item();
        }
        body.span = Span::new(open.span.end, close.start.max(open.span.end));
        body.end_span = Span::empty(close.start.max(open.span.end));
        Some(Item::Block(Block {
            block_type,
            labels,
            body,
            span: type_span.to(close),
            type_span,
            open_brace_span: open.span,
            close_brace_span: close,
        }))
    }

    /// A body of one attribute on the line of the block's braces, with the
    /// closing brace; the diagnostics of the closing come before those of
    /// the attribute, as the reference gives them.
    fn single_line_body(&mut self, open: Span, type_span: Span) -> Body<'src> {
        let mark = self.mark();
        let attribute = self.single_attribute();
        let attribute_diags = self.diags.split_off(mark);
        let next = self.peeker.peek();
        match next.kind {
            TokenKind::CBrace => {
                self.peeker.read();
            }
            TokenKind::Comma => {
                self.error(
                    Code::InvalidSingleArgumentBlock, "Invalid single-argument block definition",
                    "Single-line block syntax can include only one argument definition. To define multiple arguments, use the multi-line block syntax with one argument definition per line.",
                    next.span,
                );
                self.recover(TokenKind::CBrace);
            }
            TokenKind::Newline => {
                self.error(
                    Code::InvalidSingleArgumentBlock, "Invalid single-argument block definition",
                    "An argument definition on the same line as its containing block creates a single-line block definition, which must also be closed on the same line. Place the block's closing brace immediately after the argument definition.",
                    next.span,
                );
                self.recover(TokenKind::CBrace);
            }
            _ => {
                if !self.recovery {
                    if next.kind == TokenKind::Eof {
                        self.error_in(
                            Code::UnclosedBlock, "Unclosed configuration block",
                            "There is no closing brace for this block before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file.",
                            open,
                            Self::between(type_span, open),
                        );
                    } else {
                        self.error(
                            Code::InvalidSingleArgumentBlock, "Invalid single-argument block definition",
                            "A single-line block definition must end with a closing brace immediately after its single argument definition.",
                            next.span,
                        );
                    }
                }
                self.recover(TokenKind::CBrace);
            }
        }
        self.diags.extend(attribute_diags);
        Body {
            attributes: attribute.into_iter().collect(),
            blocks: Vec::new(),
            span: Span::default(),
            end_span: Span::default(),
        }
    }

    /// The one attribute of a single-line body.
    fn single_attribute(&mut self) -> Option<Attribute<'src>> {
        let ident = self.peeker.read();
        if ident.kind != TokenKind::Ident {
            self.recover_after_body_item();
            self.error(
                Code::ArgumentOrBlockRequired,
                "Argument or block definition required",
                "An argument or block definition is required here.",
                ident.span,
            );
            return None;
        }
        let next = self.peeker.peek();
        match next.kind {
            TokenKind::Equal => Some(self.attribute(ident.span, true)),
            TokenKind::OQuote | TokenKind::OBrace | TokenKind::Ident => {
                self.recover_after_body_item();
                let detail = format!(
                    "A single-line block definition can contain only a single argument. If you meant to define argument \"{}\", use an equals sign to assign it a value. To define a nested block, place it on a line of its own within its parent block.",
                    super::strings::go_quote_inner(self.text(ident.span))
                );
                self.error(
                    Code::ArgumentRequired,
                    "Argument definition required",
                    detail,
                    Self::between(ident.span, next.span),
                );
                None
            }
            _ => {
                self.recover_after_body_item();
                self.error(
                    Code::ArgumentOrBlockRequired, "Argument or block definition required",
                    "An argument or block definition is required here. To set an argument, use the equals sign \"=\" to introduce the argument value.",
                    ident.span,
                );
                None
            }
        }
    }

    /// A quoted string without template sequences (a block label), and its
    /// span, quotes included.
    pub(super) fn quoted_string_literal(&mut self) -> (Cow<'src, str>, Span) {
        let open = self.peeker.read();
        let mut value: Cow<'src, str> = Cow::Borrowed("");
        let end;
        loop {
            let token = self.peeker.read();
            match token.kind {
                TokenKind::CQuote => {
                    end = token.span;
                    break;
                }
                TokenKind::QuotedLit => {
                    let text = self.string_literal(token.span, true);
                    push_text(&mut value, text);
                }
                TokenKind::TemplateInterp | TokenKind::TemplateControl => {
                    let which = if token.kind == TokenKind::TemplateControl {
                        "%"
                    } else {
                        "$"
                    };
                    self.error_in(
                        Code::InvalidStringLiteral, "Invalid string literal",
                        format!(
                            "Template sequences are not allowed in this string. To include a literal \"{which}\", double it (as \"{which}{which}\") to escape it."
                        ),
                        token.span,
                        Self::between(open.span, token.span),
                    );
                    value.to_mut().push_str(which);
                    value.to_mut().push_str("{ ... }");
                    self.recover(TokenKind::TemplateSeqEnd);
                }
                TokenKind::Eof => {
                    self.error_in(
                        Code::UnterminatedString,
                        "Unterminated string literal",
                        "Unable to find the closing quote mark before the end of the file.",
                        token.span,
                        Self::between(open.span, token.span),
                    );
                    end = token.span;
                    break;
                }
                _ => {
                    self.error_in(
                        Code::InvalidStringLiteral,
                        "Invalid string literal",
                        "This item is not valid in a string literal.",
                        token.span,
                        Self::between(open.span, token.span),
                    );
                    self.recover(TokenKind::CQuote);
                    end = token.span;
                    break;
                }
            }
        }
        (value, Self::between(open.span, end))
    }
}

/// Where, among the diagnostics, the repetition of each attribute of a body
/// would be reported; the attributes read before the body had any
/// diagnostic are only counted, so that a body without one allocates
/// nothing.
#[derive(Default)]
struct ReportedAt {
    before_any: usize,
    positions: Vec<usize>,
}

impl ReportedAt {
    fn push(&mut self, position: usize, first_diag: usize) {
        if self.positions.is_empty() && position == first_diag {
            self.before_any += 1;
        } else {
            self.positions.push(position);
        }
    }

    fn get(&self, index: usize, first_diag: usize) -> Option<usize> {
        match index.checked_sub(self.before_any) {
            None => Some(first_diag),
            Some(i) => self.positions.get(i).copied(),
        }
    }
}

/// Appends `text` to `value`, borrowing while only one piece was given.
pub(super) fn push_text<'src>(value: &mut Cow<'src, str>, text: Cow<'src, str>) {
    if value.is_empty() {
        *value = text;
    } else {
        value.to_mut().push_str(&text);
    }
}

/// Where the text after a byte order mark starts.
fn bom_end(src: &str) -> u32 {
    super::bom_len(src) as u32
}
