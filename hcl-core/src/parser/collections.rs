//! Tuple and object constructors, and `for` expressions.

use super::stacks::take_from;
use super::{Node, Parser};
use crate::ast::{Expression, ExpressionKind, ForExpr, ObjectItem};
use crate::diagnostic::Code;
use crate::lexer::{Token, TokenKind};
use crate::span::Span;

impl<'src> Parser<'src, '_> {
    fn is_keyword(&mut self, keyword: &str) -> bool {
        let next = self.peeker.peek();
        next.kind == TokenKind::Ident && self.text(next.span) == keyword
    }

    /// `[ a, b ]`, or a tuple `for` expression.
    pub(super) fn tuple(&mut self) -> Node<'src> {
        let open = self.peeker.read();
        if !self.nest(open.span) {
            return Node::leaf(ExpressionKind::Invalid, open.span);
        }
        self.peeker.push_newlines(false);
        let node = if self.is_keyword("for") {
            self.for_expression(open)
        } else {
            self.tuple_items(open)
        };
        self.peeker.pop_newlines();
        self.unnest();
        node
    }

    fn tuple_items(&mut self, open: Token) -> Node<'src> {
        let base = self.stacks.expressions.len();
        let mut height = 1;
        let close;
        loop {
            if self.peeker.peek_kind() == TokenKind::CBrack {
                close = self.peeker.read();
                break;
            }
            let mark = self.mark();
            let item = self.expression();
            height = height.max(item.height + 1);
            self.stacks.expressions.push(item.expr);
            if self.recovery && self.errors_since(mark) {
                close = self.recover(TokenKind::CBrack);
                break;
            }
            let next = self.peeker.peek();
            if next.kind == TokenKind::CBrack {
                close = self.peeker.read();
                break;
            }
            if next.kind != TokenKind::Comma {
                if !self.recovery {
                    if next.kind == TokenKind::Eof {
                        self.error(
                            Code::UnterminatedTuple, "Unterminated tuple constructor expression",
                            "There is no corresponding closing bracket before the end of the file. This may be caused by incorrect bracket nesting elsewhere in this file.",
                            open.span,
                        );
                    } else {
                        self.error_in(
                            Code::MissingItemSeparator,
                            "Missing item separator",
                            "Expected a comma to mark the beginning of the next item.",
                            next.span,
                            Self::between(open.span, next.span),
                        );
                    }
                }
                close = self.recover(TokenKind::CBrack);
                break;
            }
            self.peeker.read();
        }
        let items = take_from(&mut self.stacks.expressions, base);
        self.collection(ExpressionKind::Tuple(items), height, open, close)
    }

    /// A constructor's node, if it fits.
    fn collection(
        &mut self,
        kind: ExpressionKind<'src>,
        height: usize,
        open: Token,
        close: Token,
    ) -> Node<'src> {
        if !self.fits(height, open.span) {
            return Node::leaf(ExpressionKind::Invalid, open.span);
        }
        Node {
            expr: Expression::new(kind, Self::between(open.span, close.span)),
            height,
        }
    }

    /// `{ key = value, ... }`, or an object `for` expression.
    pub(super) fn object(&mut self) -> Node<'src> {
        let open = self.peeker.read();
        if !self.nest(open.span) {
            return Node::leaf(ExpressionKind::Invalid, open.span);
        }
        // `for` may follow on a later line: line breaks are no syntax
        // there, but they are between the items of an object.
        self.peeker.push_newlines(false);
        let is_for = self.is_keyword("for");
        let node = if is_for {
            self.for_expression(open)
        } else {
            self.peeker.push_newlines(true);
            let node = self.object_items(open);
            self.peeker.pop_newlines();
            node
        };
        self.peeker.pop_newlines();
        self.unnest();
        node
    }

    fn object_items(&mut self, open: Token) -> Node<'src> {
        let base = self.stacks.object_items.len();
        let mut height = 1;
        let close;
        loop {
            let next = self.peeker.peek();
            if next.kind == TokenKind::Newline {
                self.peeker.read();
                continue;
            }
            if next.kind == TokenKind::CBrace {
                close = self.peeker.read();
                break;
            }
            let mark = self.mark();
            let key = self.expression();
            if self.recovery && self.errors_since(mark) {
                close = self.recover(TokenKind::CBrace);
                break;
            }
            let key = literal_key(key, next.kind == TokenKind::OParen, self.src);
            let next = self.peeker.peek();
            if next.kind != TokenKind::Equal && next.kind != TokenKind::Colon {
                if !self.recovery {
                    let context = Self::between(open.span, next.span);
                    match next.kind {
                        TokenKind::Newline | TokenKind::Comma => self.error_in(
                            Code::MissingAttributeValue, "Missing attribute value",
                            "Expected an attribute value, introduced by an equals sign (\"=\").",
                            next.span,
                            context,
                        ),
                        TokenKind::Ident => self.error_in(
                            Code::MissingKeyValueSeparator, "Missing key/value separator",
                            "Expected an equals sign (\"=\") to mark the beginning of the attribute value. If you intended to given an attribute name containing periods or spaces, write the name in quotes to create a string literal.",
                            next.span,
                            context,
                        ),
                        TokenKind::Eof => self.error(
                            Code::UnterminatedObject, "Unterminated object constructor expression",
                            "There is no corresponding closing brace before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file.",
                            open.span,
                        ),
                        _ => self.error_in(
                            Code::MissingKeyValueSeparator, "Missing key/value separator",
                            "Expected an equals sign (\"=\") to mark the beginning of the attribute value.",
                            next.span,
                            context,
                        ),
                    }
                }
                close = self.recover(TokenKind::CBrace);
                break;
            }
            self.peeker.read();
            let mark = self.mark();
            let value = self.expression();
            if self.recovery && self.errors_since(mark) {
                close = self.recover(TokenKind::CBrace);
                break;
            }
            height = height.max(key.height + 1).max(value.height + 1);
            self.stacks.object_items.push(ObjectItem {
                key: key.expr,
                value: value.expr,
            });
            let next = self.peeker.peek();
            if next.kind == TokenKind::CBrace {
                close = self.peeker.read();
                break;
            }
            if next.kind != TokenKind::Comma && next.kind != TokenKind::Newline {
                if !self.recovery {
                    if next.kind == TokenKind::Eof {
                        self.error(
                            Code::UnterminatedObject, "Unterminated object constructor expression",
                            "There is no corresponding closing brace before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file.",
                            open.span,
                        );
                    } else {
                        self.error_in(
                            Code::MissingAttributeSeparator, "Missing attribute separator",
                            "Expected a newline or comma to mark the beginning of the next attribute.",
                            next.span,
                            Self::between(open.span, next.span),
                        );
                    }
                }
                close = self.recover(TokenKind::CBrace);
                break;
            }
            self.peeker.read();
        }
        let items = take_from(&mut self.stacks.object_items, base);
        self.collection(ExpressionKind::Object(items), height, open, close)
    }

    /// A `for` expression, at `for`, after the opening bracket or brace.
    fn for_expression(&mut self, open: Token) -> Node<'src> {
        self.peeker.push_newlines(false);
        let node = self.for_parts(open);
        self.peeker.pop_newlines();
        node
    }

    /// Skips to the closing bracket after a syntax error, for a
    /// placeholder.
    fn abandon_for(&mut self, open: Token, close_kind: TokenKind) -> Node<'src> {
        let close = self.recover(close_kind);
        Node::leaf(
            ExpressionKind::Invalid,
            Self::between(open.span, close.span),
        )
    }

    fn for_error(&mut self, detail: &str, open: Token) {
        if !self.recovery {
            let at = self.peeker.next_span();
            self.error_in(
                Code::InvalidForExpression,
                "Invalid 'for' expression",
                detail,
                at,
                Self::between(open.span, at),
            );
        }
    }

    fn for_parts(&mut self, open: Token) -> Node<'src> {
        self.peeker.read(); // `for`
        let make_object = open.kind == TokenKind::OBrace;
        let close_kind = if make_object {
            TokenKind::CBrace
        } else {
            TokenKind::CBrack
        };
        if self.peeker.peek_kind() != TokenKind::Ident {
            self.for_error("For expression requires variable name after 'for'.", open);
            return self.abandon_for(open, close_kind);
        }
        let first = self.peeker.read();
        let mut value_var = self.text(first.span);
        let mut key_var = None;
        if self.peeker.peek_kind() == TokenKind::Comma {
            key_var = Some(value_var);
            self.peeker.read();
            if self.peeker.peek_kind() != TokenKind::Ident {
                self.for_error(
                    "For expression requires value variable name after comma.",
                    open,
                );
                return self.abandon_for(open, close_kind);
            }
            let second = self.peeker.read();
            value_var = self.text(second.span);
        }
        if !self.is_keyword("in") {
            self.for_error(
                "For expression requires the 'in' keyword after its name declarations.",
                open,
            );
            return self.abandon_for(open, close_kind);
        }
        self.peeker.read();
        let mark = self.mark();
        let collection = self.expression();
        if self.recovery && self.errors_since(mark) {
            return self.abandon_for(open, close_kind);
        }
        if self.peeker.peek_kind() != TokenKind::Colon {
            self.for_error(
                "For expression requires a colon after the collection expression.",
                open,
            );
            return self.abandon_for(open, close_kind);
        }
        self.peeker.read();
        let mark = self.mark();
        let mut value = self.expression();
        let mut key = None;
        if self.peeker.peek_kind() == TokenKind::FatArrow {
            self.peeker.read();
            key = Some(value);
            value = self.expression();
        }
        if self.recovery && self.errors_since(mark) {
            return self.abandon_for(open, close_kind);
        }
        let mut ellipsis = None;
        if self.peeker.peek_kind() == TokenKind::Ellipsis {
            ellipsis = Some(self.peeker.read().span);
        }
        let mut condition = None;
        if self.is_keyword("if") {
            self.peeker.read();
            let mark = self.mark();
            let cond = self.expression();
            if self.recovery && self.errors_since(mark) {
                return self.abandon_for(open, close_kind);
            }
            condition = Some(cond);
        }
        let close = if self.peeker.peek_kind() == close_kind {
            self.peeker.read()
        } else {
            self.for_error(
                "Extra characters after the end of the 'for' expression.",
                open,
            );
            self.recover(close_kind)
        };
        let whole = Self::between(open.span, close.span);
        if make_object {
            if key.is_none() {
                self.error_in(
                    Code::InvalidForExpression,
                    "Invalid 'for' expression",
                    "Key expression is required when building an object.",
                    value.expr.span,
                    whole,
                );
            }
        } else {
            if let Some(key) = &key {
                self.error_in(
                    Code::InvalidForExpression,
                    "Invalid 'for' expression",
                    "Key expression is not valid when building a tuple.",
                    key.expr.span,
                    whole,
                );
            }
            if let Some(ellipsis) = ellipsis {
                self.error_in(
                    Code::InvalidForExpression,
                    "Invalid 'for' expression",
                    "Grouping ellipsis (...) cannot be used when building a tuple.",
                    ellipsis,
                    whole,
                );
            }
        }
        let height = 1 + [
            Some(collection.height),
            key.as_ref().map(|k| k.height),
            Some(value.height),
            condition.as_ref().map(|c| c.height),
        ]
        .into_iter()
        .flatten()
        .max()
        .unwrap_or(1);
        if !self.fits(height, open.span) {
            return Node::leaf(ExpressionKind::Invalid, whole);
        }
        Node {
            expr: Expression::new(
                ExpressionKind::For(Box::new(ForExpr {
                    key_var,
                    value_var,
                    collection: collection.expr,
                    key_expr: key.map(|k| k.expr),
                    value_expr: value.expr,
                    condition: condition.map(|c| c.expr),
                    group: ellipsis.is_some(),
                })),
                whole,
            ),
            height,
        }
    }
}

/// An object key as the evaluator reads it: a bare name stands for
/// itself, and so do the keywords `null`, `true` and `false` when bare
/// (not in parentheses, `forced`).
fn literal_key<'src>(key: Node<'src>, forced: bool, src: &'src str) -> Node<'src> {
    if forced {
        return key;
    }
    let span: Span = key.expr.span;
    match key.expr.kind {
        ExpressionKind::Null | ExpressionKind::Bool(_) => {
            let root = src.get(span.as_range()).unwrap_or_default();
            Node::leaf(
                ExpressionKind::ScopeTraversal {
                    root,
                    root_span: span,
                    steps: Vec::new(),
                },
                span,
            )
        }
        _ => key,
    }
}
