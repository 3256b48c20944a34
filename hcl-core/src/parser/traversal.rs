//! Traversal steps after a term: attributes, indexes, legacy indexes and
//! splats.

use super::{Node, Parser};
use crate::ast::{Expression, ExpressionKind, TraversalStep, TraversalStepKind};
use crate::diagnostic::Code;
use crate::lexer::{Token, TokenKind};
use crate::span::Span;

impl<'src> Parser<'src, '_> {
    /// The steps after `from`, applied in order.
    pub(super) fn traversals(&mut self, from: Node<'src>) -> Node<'src> {
        let from_span = from.expr.span;
        let mut node = from;
        loop {
            if self.stopped() {
                return node;
            }
            let next = self.peeker.peek();
            match next.kind {
                TokenKind::Dot => {
                    let dot = self.peeker.read();
                    let name = self.peeker.peek();
                    match name.kind {
                        TokenKind::Ident => {
                            self.peeker.read();
                            let step = TraversalStep {
                                kind: TraversalStepKind::Attr(self.text(name.span)),
                                span: Self::between(dot.span, name.span),
                            };
                            node = self.extend(node, step);
                        }
                        TokenKind::NumberLit => {
                            let number = self.peeker.read();
                            let step = self.legacy_index(dot, number, number, false);
                            node = self.extend(node, step);
                        }
                        TokenKind::Star => match self.attribute_splat(node, dot, from_span) {
                            Ok(splat) => node = splat,
                            Err(unchanged) => node = unchanged,
                        },
                        _ => {
                            self.error(
                                Code::InvalidAttributeName,
                                "Invalid attribute name",
                                "An attribute name is required after a dot.",
                                name.span,
                            );
                            self.recovery = true;
                        }
                    }
                }
                TokenKind::OBrack => {
                    let open = self.peeker.read();
                    if self.peeker.peek_kind() == TokenKind::Star {
                        node = self.full_splat(node, open, from_span);
                    } else {
                        node = self.index(node, open, from_span);
                    }
                }
                _ => return node,
            }
        }
    }

    /// `.0`: an index by a number, after a dot; `subject` is where a
    /// number with a fraction (`.0.1`, two indexes) is reported.
    fn legacy_index(
        &mut self,
        dot: Token,
        number: Token,
        subject: Token,
        in_splat: bool,
    ) -> TraversalStep<'src> {
        let text = self.text(number.span);
        let span = Self::between(dot.span, number.span);
        if let Some((first, second)) = text.split_once('.') {
            let how = if in_splat {
                "Use the proper index syntax with a full splat expression [*] instead"
            } else {
                "Use the proper index syntax instead"
            };
            self.error(
                Code::InvalidLegacyIndex, "Invalid legacy index syntax",
                format!(
                    "When using the legacy index syntax, chaining two indexes together is not permitted. {how}, like [{first}][{second}]."
                ),
                subject.span,
            );
            let key = Expression::new(ExpressionKind::Null, number.span);
            return TraversalStep {
                kind: TraversalStepKind::Index(Box::new(key)),
                span,
            };
        }
        self.number_literal(number);
        let key = Expression::new(ExpressionKind::Number(text), number.span);
        TraversalStep {
            kind: TraversalStepKind::Index(Box::new(key)),
            span,
        }
    }

    /// Adds a constant step to a traversal, or makes one of `node`.
    fn extend(&mut self, node: Node<'src>, step: TraversalStep<'src>) -> Node<'src> {
        let Node { mut expr, height } = node;
        match &mut expr.kind {
            ExpressionKind::ScopeTraversal { steps, .. }
            | ExpressionKind::RelativeTraversal { steps, .. } => {
                expr.span = Self::between(expr.span, step.span);
                steps.push(step);
                Node { expr, height }
            }
            _ => {
                let height = height + 1;
                if !self.fits(height, step.span) {
                    return Node {
                        expr,
                        height: height - 1,
                    };
                }
                let span = Self::between(expr.span, step.span);
                Node {
                    expr: Expression::new(
                        ExpressionKind::RelativeTraversal {
                            source: Box::new(expr),
                            steps: vec![step],
                        },
                        span,
                    ),
                    height,
                }
            }
        }
    }

    /// `.*` and the attribute steps after it (`.a`, `.0`), after the dot;
    /// the node unchanged after a syntax error in the steps.
    fn attribute_splat(
        &mut self,
        node: Node<'src>,
        dot: Token,
        from_span: Span,
    ) -> Result<Node<'src>, Node<'src>> {
        let star = self.peeker.read();
        let marker = Self::between(dot.span, star.span);
        let first = self.peeker.next_span();
        let mut last = star.span;
        let mut steps = Vec::new();
        while self.peeker.peek_kind() == TokenKind::Dot {
            let step_dot = self.peeker.read();
            let next = self.peeker.peek();
            match next.kind {
                TokenKind::NumberLit => {
                    let number = self.peeker.read();
                    steps.push(self.legacy_index(step_dot, number, star, true));
                    last = number.span;
                }
                TokenKind::Ident => {
                    self.peeker.read();
                    steps.push(TraversalStep {
                        kind: TraversalStepKind::Attr(self.text(next.span)),
                        span: Self::between(step_dot.span, next.span),
                    });
                    last = next.span;
                }
                _ => {
                    if !self.recovery {
                        if next.kind == TokenKind::Star {
                            self.error(
                                Code::NestedSplat, "Nested splat expression not allowed",
                                "A splat expression (*) cannot be used inside another attribute-only splat expression.",
                                next.span,
                            );
                        } else {
                            self.error(
                                Code::InvalidAttributeName,
                                "Invalid attribute name",
                                "An attribute name is required after a dot.",
                                star.span,
                            );
                        }
                    }
                    self.recovery = true;
                    return Err(node);
                }
            }
        }
        let item = Expression::new(ExpressionKind::SplatItem, marker);
        let (each, each_height) = if steps.is_empty() {
            (item, 1)
        } else {
            let span = Self::between(first, last);
            let each = Expression::new(
                ExpressionKind::RelativeTraversal {
                    source: Box::new(item),
                    steps,
                },
                span,
            );
            (each, 2)
        };
        Ok(self.splat(
            node,
            each,
            each_height,
            marker,
            Self::between(from_span, last),
        ))
    }

    /// `[*]` and every step after it, applied to each element, after the
    /// opening bracket.
    fn full_splat(&mut self, node: Node<'src>, open: Token, from_span: Span) -> Node<'src> {
        self.peeker.read(); // the star
        let mut close = self.peeker.read();
        if close.kind != TokenKind::CBrack && !self.recovery {
            self.error(
                Code::MissingCloseBracket, "Missing close bracket on splat index",
                "The star for a full splat operator must be immediately followed by a closing bracket (\"]\").",
                close.span,
            );
            close = self.recover(TokenKind::CBrack);
        }
        let marker = Self::between(open.span, close.span);
        // The steps after the splat recurse: checked on the way in.
        if !self.descend(open.span) {
            return node;
        }
        let item = Node::leaf(ExpressionKind::SplatItem, marker);
        let each = self.traversals(item);
        self.ascend();
        let span = Self::between(from_span, each.expr.span);
        self.splat(node, each.expr, each.height, marker, span)
    }

    fn splat(
        &mut self,
        source: Node<'src>,
        each: Expression<'src>,
        each_height: usize,
        marker: Span,
        span: Span,
    ) -> Node<'src> {
        let height = 1 + source.height.max(each_height);
        if !self.fits(height, marker) {
            return source;
        }
        Node {
            expr: Expression::new(
                ExpressionKind::Splat {
                    source: Box::new(source.expr),
                    each: Box::new(each),
                    marker_span: marker,
                },
                span,
            ),
            height,
        }
    }

    /// `[key]`, after the opening bracket: a constant step when the key is
    /// a literal, else an index expression.
    fn index(&mut self, node: Node<'src>, open: Token, from_span: Span) -> Node<'src> {
        if !self.nest(open.span) {
            return node;
        }
        self.peeker.push_newlines(false);
        let mark = self.mark();
        let key = self.expression();
        let close = if self.recovery && self.errors_since(mark) {
            self.recover(TokenKind::CBrack)
        } else {
            let close = self.peeker.read();
            if close.kind != TokenKind::CBrack && !self.recovery {
                self.error(
                    Code::MissingCloseBracket,
                    "Missing close bracket on index",
                    "The index operator must end with a closing bracket (\"]\").",
                    close.span,
                );
                self.recover(TokenKind::CBrack)
            } else {
                close
            }
        };
        self.peeker.pop_newlines();
        self.unnest();
        let bracket = Self::between(open.span, close.span);
        if is_literal_key(&key.expr) {
            let step = TraversalStep {
                kind: TraversalStepKind::Index(Box::new(key.expr)),
                span: bracket,
            };
            return self.extend(node, step);
        }
        let height = 1 + node.height.max(key.height);
        if !self.fits(height, open.span) {
            return node;
        }
        Node {
            expr: Expression::new(
                ExpressionKind::Index {
                    collection: Box::new(node.expr),
                    key: Box::new(key.expr),
                    bracket_span: bracket,
                },
                Self::between(from_span, bracket),
            ),
            height,
        }
    }
}

/// Whether an index key is a constant the traversal can hold: a number,
/// bool or null literal, or a quoted string with no sequence.
fn is_literal_key(expr: &Expression<'_>) -> bool {
    match &expr.kind {
        ExpressionKind::Number(_) | ExpressionKind::Bool(_) | ExpressionKind::Null => true,
        ExpressionKind::Template(template) => matches!(
            template.parts.as_slice(),
            [crate::ast::TemplatePart::Literal(..)]
        ),
        _ => false,
    }
}
