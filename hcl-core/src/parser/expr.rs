//! Expressions: conditionals, operators, terms and function calls.

use std::borrow::Cow;

use super::{Node, Parser};
use crate::ast::{BinaryOp, Expression, ExpressionKind, FunctionCall, UnaryOp};
use crate::diagnostic::Code;
use crate::lexer::{Token, TokenKind};
use crate::span::Span;

/// The binary operators by precedence, lowest first.
const PRECEDENCE: [&[(TokenKind, BinaryOp)]; 6] = [
    &[(TokenKind::Or, BinaryOp::Or)],
    &[(TokenKind::And, BinaryOp::And)],
    &[
        (TokenKind::EqualOp, BinaryOp::Equal),
        (TokenKind::NotEqual, BinaryOp::NotEqual),
    ],
    &[
        (TokenKind::GreaterThan, BinaryOp::Greater),
        (TokenKind::GreaterThanEq, BinaryOp::GreaterOrEqual),
        (TokenKind::LessThan, BinaryOp::Less),
        (TokenKind::LessThanEq, BinaryOp::LessOrEqual),
    ],
    &[
        (TokenKind::Plus, BinaryOp::Add),
        (TokenKind::Minus, BinaryOp::Subtract),
    ],
    &[
        (TokenKind::Star, BinaryOp::Multiply),
        (TokenKind::Slash, BinaryOp::Divide),
        (TokenKind::Percent, BinaryOp::Modulo),
    ],
];

/// The precedence level and operator of a binary operator token.
fn binary_operator(kind: TokenKind) -> Option<(usize, BinaryOp)> {
    PRECEDENCE
        .iter()
        .enumerate()
        .find_map(|(level, operators)| {
            operators
                .iter()
                .find(|(k, _)| *k == kind)
                .map(|&(_, op)| (level, op))
        })
}

impl<'src> Parser<'src, '_> {
    /// An expression: a conditional, or what its condition can be.
    pub(super) fn expression(&mut self) -> Node<'src> {
        let start = self.peeker.next_span();
        let mark = self.mark();
        let condition = self.binary(0);
        if self.recovery && self.errors_since(mark) {
            return condition;
        }
        let question = self.peeker.peek();
        if question.kind != TokenKind::Question || self.stopped() {
            return condition;
        }
        self.peeker.read();
        // The results nest until the false one ends.
        if !self.nest(question.span) {
            return condition;
        }
        let result = self.conditional_results(start, condition);
        self.unnest();
        result
    }

    /// The results of a conditional, after its `?`.
    fn conditional_results(&mut self, start: Span, condition: Node<'src>) -> Node<'src> {
        let mark = self.mark();
        let Some(true_result) = self.result() else {
            return condition;
        };
        if self.recovery && self.errors_since(mark) {
            return condition;
        }
        let colon = self.peeker.peek();
        if colon.kind != TokenKind::Colon {
            self.error_in(
                Code::MissingFalseExpression, "Missing false expression in conditional",
                "The conditional operator (...?...:...) requires a false expression, delimited by a colon.",
                colon.span,
                Self::between(start, colon.span),
            );
            return condition;
        }
        self.peeker.read();
        let mark = self.mark();
        let Some(false_result) = self.result() else {
            return condition;
        };
        if self.recovery && self.errors_since(mark) {
            return condition;
        }
        let height = 1 + condition
            .height
            .max(true_result.height)
            .max(false_result.height);
        let span = Self::between(start, false_result.expr.span);
        if !self.fits(height, condition.expr.span) {
            return condition;
        }
        Node {
            expr: Expression::new(
                ExpressionKind::Conditional {
                    condition: Box::new(condition.expr),
                    true_result: Box::new(true_result.expr),
                    false_result: Box::new(false_result.expr),
                },
                span,
            ),
            height,
        }
    }

    /// A result of a conditional, one level down.
    fn result(&mut self) -> Option<Node<'src>> {
        let at = self.peeker.next_span();
        if !self.descend(at) {
            return None;
        }
        let node = self.expression();
        self.ascend();
        Some(node)
    }

    /// Operands and the binary operators of precedence `min_level` and
    /// above (a level of [`PRECEDENCE`]), left-associative: one recursion
    /// per operator of higher precedence, not per level, so that nesting
    /// costs little stack.
    fn binary(&mut self, min_level: usize) -> Node<'src> {
        let mark = self.mark();
        let mut lhs = self.with_traversals();
        if self.recovery && self.errors_since(mark) {
            return lhs;
        }
        loop {
            let next = self.peeker.peek();
            let Some((level, op)) = binary_operator(next.kind) else {
                return lhs;
            };
            if level < min_level || self.stopped() {
                return lhs;
            }
            self.peeker.read();
            let mark = self.mark();
            let rhs = self.binary(level + 1);
            if self.recovery && self.errors_since(mark) {
                return lhs;
            }
            let height = 1 + lhs.height.max(rhs.height);
            if !self.fits(height, next.span) {
                return lhs;
            }
            let span = Self::between(lhs.expr.span, rhs.expr.span);
            lhs = Node {
                expr: Expression::new(
                    ExpressionKind::Binary {
                        op,
                        lhs: Box::new(lhs.expr),
                        rhs: Box::new(rhs.expr),
                    },
                    span,
                ),
                height,
            };
        }
    }

    /// A term and the traversal steps after it.
    pub(super) fn with_traversals(&mut self) -> Node<'src> {
        let term = self.term();
        self.traversals(term)
    }

    /// A term: a literal, a name, a call, a template, a constructor, a
    /// prefix operator, or an expression in parentheses.
    fn term(&mut self) -> Node<'src> {
        let start = self.peeker.peek();
        match start.kind {
            TokenKind::OParen => self.parentheses(start),
            TokenKind::NumberLit => {
                let token = self.peeker.read();
                self.number_literal(token);
                Node::leaf(ExpressionKind::Number(self.text(token.span)), token.span)
            }
            TokenKind::Ident => {
                let token = self.peeker.read();
                if matches!(
                    self.peeker.peek_kind(),
                    TokenKind::OParen | TokenKind::DoubleColon
                ) {
                    return self.function_call(token);
                }
                let kind = match self.text(token.span) {
                    "true" => ExpressionKind::Bool(true),
                    "false" => ExpressionKind::Bool(false),
                    "null" => ExpressionKind::Null,
                    name => ExpressionKind::ScopeTraversal {
                        root: name,
                        root_span: token.span,
                        steps: Vec::new(),
                    },
                };
                Node::leaf(kind, token.span)
            }
            TokenKind::OQuote | TokenKind::OHeredoc => self.template_expression(),
            TokenKind::Minus | TokenKind::Bang => {
                let op_token = self.peeker.read();
                let op = if op_token.kind == TokenKind::Minus {
                    UnaryOp::Negate
                } else {
                    UnaryOp::Not
                };
                // The operand is one level down; chains of operators
                // recurse, so they are checked on the way in.
                let at = self.peeker.next_span();
                if !self.descend(at) {
                    return Node::leaf(ExpressionKind::Invalid, op_token.span);
                }
                let operand = self.with_traversals();
                self.ascend();
                let height = operand.height + 1;
                if !self.fits(height, op_token.span) {
                    return operand;
                }
                let span = Self::between(op_token.span, operand.expr.span);
                Node {
                    expr: Expression::new(
                        ExpressionKind::Unary {
                            op,
                            operand: Box::new(operand.expr),
                        },
                        span,
                    ),
                    height,
                }
            }
            TokenKind::OBrack => self.tuple(),
            TokenKind::OBrace => self.object(),
            _ => {
                if !self.recovery {
                    if start.kind == TokenKind::Eof {
                        self.error(
                            Code::MissingExpression,
                            "Missing expression",
                            "Expected the start of an expression, but found the end of the file.",
                            start.span,
                        );
                    } else {
                        self.error(
                            Code::InvalidExpression, "Invalid expression",
                            "Expected the start of an expression, but found an invalid expression token.",
                            start.span,
                        );
                    }
                }
                self.recovery = true;
                Node::leaf(ExpressionKind::Invalid, start.span)
            }
        }
    }

    /// `( expression )`.
    fn parentheses(&mut self, open: Token) -> Node<'src> {
        self.peeker.read();
        if !self.nest(open.span) {
            return Node::leaf(ExpressionKind::Invalid, open.span);
        }
        self.peeker.push_newlines(false);
        let mark = self.mark();
        let inner = self.expression();
        if self.errors_since(mark) {
            // Past the closing parenthesis, so that what follows has a
            // chance of parsing.
            self.recover(TokenKind::CParen);
            self.peeker.pop_newlines();
            self.unnest();
            return inner;
        }
        let close = self.peeker.peek();
        if close.kind != TokenKind::CParen {
            self.error_in(
                Code::UnbalancedParentheses,
                "Unbalanced parentheses",
                "Expected a closing parenthesis to terminate the expression.",
                close.span,
                Self::between(open.span, close.span),
            );
            self.recovery = true;
        }
        let close = self.peeker.read();
        self.peeker.pop_newlines();
        self.unnest();
        let height = inner.height + 1;
        if !self.fits(height, open.span) {
            return inner;
        }
        Node {
            expr: Expression::new(
                ExpressionKind::Parens(Box::new(inner.expr)),
                Self::between(open.span, close.span),
            ),
            height,
        }
    }

    /// Checks that a number literal has a value.
    pub(super) fn number_literal(&mut self, token: Token) {
        if !is_number(self.text(token.span)) {
            self.error(
                Code::InvalidNumberLiteral,
                "Invalid number literal",
                "Failed to recognize the value of this number literal.",
                token.span,
            );
        }
    }

    /// A function call, after its name: namespaces joined by `::`, then
    /// the arguments in parentheses.
    fn function_call(&mut self, name: Token) -> Node<'src> {
        let mut open = self.peeker.read();
        let mut full_name = Cow::Borrowed(self.text(name.span));
        let mut name_end = name.span.end;
        while open.kind == TokenKind::DoubleColon {
            let part = self.peeker.read();
            if part.kind != TokenKind::Ident {
                self.error_in(
                    Code::MissingFunctionName, "Missing function name",
                    "Function scope resolution symbol :: must be followed by a function name in this scope.",
                    part.span,
                    Self::between(name.span, part.span),
                );
                self.recover_over(TokenKind::OParen);
                return Node::leaf(ExpressionKind::Invalid, name.span);
            }
            let full = full_name.to_mut();
            full.push_str("::");
            full.push_str(self.text(part.span));
            name_end = part.span.end;
            open = self.peeker.read();
        }
        let name_span = Span::new(name.span.start, name_end);
        if open.kind != TokenKind::OParen {
            self.error_in(
                Code::MissingOpenParenthesis, "Missing open parenthesis",
                "Function selector must be followed by an open parenthesis to begin the function call.",
                open.span,
                Self::between(name.span, open.span),
            );
            self.recover_over(TokenKind::OParen);
            return Node::leaf(ExpressionKind::Invalid, name.span);
        }
        if !self.nest(open.span) {
            return Node::leaf(ExpressionKind::Invalid, name.span);
        }
        // Line breaks are whitespace inside the parentheses.
        self.peeker.push_newlines(false);
        let mut args: Vec<Expression<'src>> = Vec::new();
        let mut height = 1;
        let mut expand_final = false;
        let close;
        loop {
            if self.peeker.peek_kind() == TokenKind::CParen {
                close = self.peeker.read().span;
                break;
            }
            let mark = self.mark();
            let arg = self.expression();
            height = height.max(arg.height + 1);
            args.push(arg.expr);
            if self.recovery && self.errors_since(mark) {
                // The closing parenthesis, or an empty span at the end.
                close = self.recover(TokenKind::CParen).span;
                break;
            }
            let separator = self.peeker.read();
            match separator.kind {
                TokenKind::CParen => {
                    close = separator.span;
                    break;
                }
                TokenKind::Ellipsis => {
                    expand_final = true;
                    if self.peeker.peek_kind() == TokenKind::CParen {
                        close = self.peeker.read().span;
                    } else {
                        if !self.recovery {
                            self.error_in(
                                Code::MissingClosingParenthesis, "Missing closing parenthesis",
                                "An expanded function argument (with ...) must be immediately followed by closing parentheses.",
                                separator.span,
                                Self::between(name.span, separator.span),
                            );
                        }
                        close = self.recover(TokenKind::CParen).span;
                    }
                    break;
                }
                TokenKind::Comma => {
                    if self.peeker.peek_kind() == TokenKind::CParen {
                        // A trailing comma.
                        close = self.peeker.read().span;
                        break;
                    }
                }
                TokenKind::Eof => {
                    self.error(
                        Code::UnterminatedFunctionCall, "Unterminated function call",
                        "There is no closing parenthesis for this function call before the end of the file. This may be caused by incorrect parenthesis nesting elsewhere in this file.",
                        Self::between(name.span, open.span),
                    );
                    close = self.recover(TokenKind::CParen).span;
                    break;
                }
                _ => {
                    self.error_in(
                        Code::MissingArgumentSeparator,
                        "Missing argument separator",
                        "A comma is required to separate each function argument from the next.",
                        separator.span,
                        Self::between(name.span, separator.span),
                    );
                    close = self.recover(TokenKind::CParen).span;
                    break;
                }
            }
        }
        self.peeker.pop_newlines();
        self.unnest();
        if !self.fits(height, name_span) {
            return Node::leaf(ExpressionKind::Invalid, name.span);
        }
        let span = Self::between(name_span, close);
        Node {
            expr: Expression::new(
                ExpressionKind::FunctionCall(Box::new(FunctionCall {
                    name: full_name,
                    args,
                    expand_final,
                    name_span,
                    open_paren_span: open.span,
                    close_paren_span: close,
                })),
                span,
            ),
            height,
        }
    }
}

/// Whether a number token has a value: digits with at most one fraction,
/// then at most one exponent (`1.5e-3`, `1.e5`; not `1.2.3` or `1e2e3`).
pub(crate) fn is_number(text: &str) -> bool {
    let (mantissa, exponent) = match text.find(['e', 'E']) {
        Some(at) => (
            text.get(..at).unwrap_or_default(),
            text.get(at + 1..).map(|e| e.trim_start_matches(['+', '-'])),
        ),
        None => (text, None),
    };
    mantissa.matches('.').count() <= 1
        && exponent.is_none_or(|e| !e.is_empty() && e.bytes().all(|b| b.is_ascii_digit()))
}
