//! Expressions: operators by precedence, traversals, terms, calls,
//! collections and `for` expressions.

use super::*;

impl<'src> Builder<'src, '_> {
    pub(super) fn operation(&mut self, pair: Pair<'src, Rule>) -> Expression<'src> {
        let span = self.span(&pair);
        let mut pairs = children(pair);
        // Most operations are a single operand.
        if pairs.len() == 1 {
            if let Some(only) = pairs.next() {
                return self.postfix(only);
            }
        }
        self.operators(pairs, span)
    }

    /// Operands with prefix and binary operators, combined by precedence
    /// with explicit stacks rather than recursion, so that long chains of
    /// operators cannot exhaust the stack.
    pub(super) fn operators(
        &mut self,
        pairs: std::vec::IntoIter<Pair<'src, Rule>>,
        span: Span,
    ) -> Expression<'src> {
        let mut operands: Vec<(Expression<'src>, usize)> = Vec::new();
        let mut pending: Vec<(BinaryOp, u8, Span)> = Vec::new();
        let mut prefixes: Vec<(UnaryOp, Span)> = Vec::new();
        for pair in pairs {
            let op_span = self.span(&pair);
            match pair.as_rule() {
                Rule::neg => prefixes.push((UnaryOp::Negate, op_span)),
                Rule::not => prefixes.push((UnaryOp::Not, op_span)),
                Rule::postfix | Rule::postfix_ml => {
                    // Each prefix operator nests what follows it one level
                    // deeper: the operand is built at its own level.
                    let operand_span = self.span(&pair);
                    let inner = prefixes.iter().skip(1).map(|&(_, s)| s);
                    let mut entered = 0;
                    for at in inner
                        .chain(std::iter::once(operand_span))
                        .take(prefixes.len())
                    {
                        if !self.enter(at) {
                            self.depth -= entered;
                            return Expression::new(ExpressionKind::Null, span);
                        }
                        entered += 1;
                    }
                    let (mut operand, mut height) = self.measure(|b| b.postfix(pair));
                    self.depth -= entered;
                    height += entered;
                    while let Some((op, op_span)) = prefixes.pop() {
                        let whole = op_span.to(operand.span);
                        operand = Expression::new(
                            ExpressionKind::Unary {
                                op,
                                operand: Box::new(operand),
                            },
                            whole,
                        );
                    }
                    operands.push((operand, height));
                }
                rule => {
                    let (op, precedence) = binary_op(rule);
                    while pending.last().is_some_and(|&(_, p, _)| p >= precedence) {
                        if !self.reduce(&mut operands, &mut pending) {
                            return Expression::new(ExpressionKind::Null, span);
                        }
                    }
                    pending.push((op, precedence, op_span));
                }
            }
        }
        while !pending.is_empty() {
            if !self.reduce(&mut operands, &mut pending) {
                return Expression::new(ExpressionKind::Null, span);
            }
        }
        operands
            .pop()
            .map_or_else(|| Expression::new(ExpressionKind::Null, span), |(e, _)| e)
    }

    /// Combines the last two operands with the last pending operator.
    pub(super) fn reduce(
        &mut self,
        operands: &mut Vec<(Expression<'src>, usize)>,
        pending: &mut Vec<(BinaryOp, u8, Span)>,
    ) -> bool {
        let (Some((op, _, op_span)), Some((rhs, rhs_height)), Some((lhs, lhs_height))) =
            (pending.pop(), operands.pop(), operands.pop())
        else {
            return false;
        };
        let height = 1 + lhs_height.max(rhs_height);
        if !self.fits(height, op_span) {
            return false;
        }
        let span = lhs.span.to(rhs.span);
        let expr = Expression::new(
            ExpressionKind::Binary {
                op,
                lhs: Box::new(lhs),
                rhs: Box::new(rhs),
            },
            span,
        );
        operands.push((expr, height));
        true
    }

    /// A term and its traversals.
    pub(super) fn postfix(&mut self, pair: Pair<'src, Rule>) -> Expression<'src> {
        let mut inner = children(pair);
        let Some(term) = inner.next() else {
            return Expression::new(ExpressionKind::Null, Span::default());
        };
        if inner.len() == 0 {
            return self.term(term);
        }
        let (term, height) = self.measure(|b| b.term(term));
        self.traversals(term, height, inner)
    }

    /// Applies traversal steps to `expr`, which is `height` levels high.
    ///
    /// A full splat `[*]` applies the steps after it to each element, so its
    /// `each` holds the rest of the chain: the pieces between full splats
    /// are built in order, then nested from the last one, without recursion.
    pub(super) fn traversals(
        &mut self,
        expr: Expression<'src>,
        height: usize,
        steps: std::vec::IntoIter<Pair<'src, Rule>>,
    ) -> Expression<'src> {
        let whole = expr.span;
        let level = self.depth;
        // The pieces before each full splat, with the splat's marker.
        let mut pieces: Vec<(Expression<'src>, usize, Span)> = Vec::new();
        let (mut expr, mut height) = (expr, height);
        let mut previous_was_attr_splat = false;
        for step in steps {
            let span = self.span(&step);
            // The steps of a context that ignores line breaks build alike.
            let rule = match step.as_rule() {
                Rule::get_attr_ml => Rule::get_attr,
                Rule::legacy_index_ml => Rule::legacy_index,
                Rule::attr_splat_ml => Rule::attr_splat,
                Rule::full_splat_ml => Rule::full_splat,
                rule => rule,
            };
            if rule == Rule::full_splat {
                // Each splat after the first is nested in the one before.
                if !pieces.is_empty() && !self.enter(span) {
                    self.depth = level;
                    return Expression::new(ExpressionKind::Null, whole.to(span));
                }
                let item = Expression::new(ExpressionKind::SplatItem, span);
                pieces.push((std::mem::replace(&mut expr, item), height, span));
                height = 1;
                previous_was_attr_splat = false;
                continue;
            }
            if rule == Rule::attr_splat && previous_was_attr_splat {
                let star_end = self.star_end(span);
                self.error(
                    Code::NestedSplat,
                    "Nested splat expression not allowed",
                    "A splat expression (*) cannot be used inside another attribute-only splat \
                     expression."
                        .into(),
                    Span::new(star_end.saturating_sub(1), star_end),
                );
            }
            previous_was_attr_splat = rule == Rule::attr_splat;
            // A step wraps anything but a traversal, which it extends.
            let wraps = !matches!(
                expr.kind,
                ExpressionKind::ScopeTraversal { .. } | ExpressionKind::RelativeTraversal { .. }
            );
            let extended = if wraps { height + 1 } else { height };
            match rule {
                Rule::get_attr => {
                    let name = children(step).next().map_or("", |p| p.as_str());
                    expr = extend_traversal(expr, TraversalStepKind::Attr(name), span);
                    height = extended;
                }
                Rule::legacy_index => {
                    let key = self.legacy_index_key(step, span);
                    expr = extend_traversal(expr, TraversalStepKind::Index(Box::new(key)), span);
                    height = extended.max(2);
                }
                Rule::index => {
                    let (key, key_height) = self.measure(|b| match children(step).next() {
                        Some(p) => b.expression(p),
                        None => Expression::new(ExpressionKind::Null, span),
                    });
                    if is_literal_key(&key) {
                        expr =
                            extend_traversal(expr, TraversalStepKind::Index(Box::new(key)), span);
                        height = extended.max(key_height);
                    } else {
                        let whole = expr.span.to(span);
                        expr = Expression::new(
                            ExpressionKind::Index {
                                collection: Box::new(expr),
                                key: Box::new(key),
                                bracket_span: span,
                            },
                            whole,
                        );
                        height = (height + 1).max(key_height);
                    }
                }
                Rule::attr_splat => {
                    let marker_span = Span::new(span.start, self.star_end(span));
                    let mut each = Expression::new(ExpressionKind::SplatItem, marker_span);
                    let mut each_height = 1;
                    let mut first_step = None;
                    for splat_step in children(step) {
                        // The step includes its dot.
                        let step_span = self.span(&splat_step);
                        let Some(part) = children(splat_step).next() else {
                            continue;
                        };
                        let part_span = self.span(&part);
                        first_step.get_or_insert(step_span.start);
                        let kind = if part.as_rule() == Rule::number {
                            TraversalStepKind::Index(Box::new(self.legacy_index_number(
                                part.as_str(),
                                part_span,
                                true,
                            )))
                        } else {
                            TraversalStepKind::Attr(part.as_str())
                        };
                        each = extend_traversal(each, kind, step_span);
                        each_height = 2;
                    }
                    // The steps' traversal spans them alone, as in the
                    // reference.
                    if let Some(first) = first_step {
                        each.span = Span::new(first, each.span.end);
                    }
                    // To the last step, or the star: not the space the
                    // pair may hold after them.
                    let whole = expr.span.to(Span::new(span.start, each.span.end));
                    expr = Expression::new(
                        ExpressionKind::Splat {
                            source: Box::new(expr),
                            each: Box::new(each),
                            marker_span,
                        },
                        whole,
                    );
                    height = 1 + height.max(each_height);
                }
                _ => {}
            }
            if !self.fits(height, span) {
                self.depth = level;
                return Expression::new(ExpressionKind::Null, whole.to(span));
            }
        }
        self.depth = level;
        while let Some((source, source_height, marker_span)) = pieces.pop() {
            height = 1 + source_height.max(height);
            if !self.fits(height, marker_span) {
                return Expression::new(ExpressionKind::Null, whole.to(expr.span));
            }
            let whole = source.span.to(expr.span);
            expr = Expression::new(
                ExpressionKind::Splat {
                    source: Box::new(source),
                    each: Box::new(expr),
                    marker_span,
                },
                whole,
            );
        }
        expr
    }

    /// The end of the `*` of an attribute-only splat that starts at `span`.
    /// The end of the `*` of an attribute splat `span`, which starts with
    /// its `.`: spaces and inline comments may stand between the two.
    pub(super) fn star_end(&self, span: Span) -> u32 {
        let text = self.source.get(span.as_range()).unwrap_or_default();
        let mut at = 1;
        loop {
            let rest = text.get(at..).unwrap_or_default();
            if let Some(after) = rest.strip_prefix("/*") {
                match after.find("*/") {
                    Some(end) => at += 2 + end + 2,
                    None => return span.end,
                }
            } else if rest.starts_with([' ', '\t', '\n', '\r']) {
                // Line breaks come between the tokens only where they are
                // ignored, and so do line comments.
                at += 1;
            } else if rest.starts_with('#') || rest.starts_with("//") {
                at += rest.find('\n').unwrap_or(rest.len());
            } else if rest.starts_with('*') {
                return span.start + at as u32 + 1;
            } else {
                return span.end;
            }
        }
    }

    pub(super) fn legacy_index_key(
        &mut self,
        step: Pair<'src, Rule>,
        span: Span,
    ) -> Expression<'src> {
        match children(step).next() {
            Some(number) => {
                let number_span = self.span(&number);
                self.legacy_index_number(number.as_str(), number_span, false)
            }
            None => Expression::new(ExpressionKind::Null, span),
        }
    }

    pub(super) fn legacy_index_number(
        &mut self,
        text: &'src str,
        span: Span,
        in_splat: bool,
    ) -> Expression<'src> {
        if let Some((first, second)) = text.split_once('.') {
            let hint = if in_splat {
                " with a full splat expression [*]"
            } else {
                ""
            };
            self.error(
                Code::InvalidLegacyIndex, "Invalid legacy index syntax",
                format!(
                    "When using the legacy index syntax, chaining two indexes together is not \
                     permitted. Use the proper index syntax{hint} instead, like [{first}][{second}]."
                ),
                span,
            );
        }
        Expression::new(ExpressionKind::Number(text), span)
    }

    pub(super) fn term(&mut self, pair: Pair<'src, Rule>) -> Expression<'src> {
        let span = self.span(&pair);
        let kind = match pair.as_rule() {
            Rule::number => {
                let text = pair.as_str();
                if !crate::parser::is_number(text) {
                    self.error(
                        Code::InvalidNumberLiteral,
                        "Invalid number literal",
                        "Failed to recognize the value of this number literal.".into(),
                        span,
                    );
                }
                ExpressionKind::Number(text)
            }
            Rule::keyword_literal => match pair.as_str() {
                "true" => ExpressionKind::Bool(true),
                "false" => ExpressionKind::Bool(false),
                _ => ExpressionKind::Null,
            },
            Rule::variable => ExpressionKind::ScopeTraversal {
                root: pair.as_str(),
                root_span: span,
                steps: Vec::new(),
            },
            Rule::parens => {
                let inner = match children(pair).next() {
                    Some(p) => self.expression(p),
                    None => Expression::new(ExpressionKind::Null, span),
                };
                ExpressionKind::Parens(Box::new(inner))
            }
            Rule::function_call | Rule::function_call_ml => return self.function_call(pair, span),
            Rule::tuple => self.tuple(pair),
            Rule::object => self.object(pair),
            Rule::string_template => {
                let parts = self.template_parts(children(pair));
                let end = Span::new(span.end.saturating_sub(1), span.end);
                // An empty string's one literal goes after its closing
                // quote, where the reference puts it.
                let start = Span::empty(if parts.is_empty() {
                    end.end
                } else {
                    span.start + 1
                });
                return self.template_expression(parts, span, start, end, false);
            }
            Rule::heredoc => return self.heredoc(pair, span),
            _ => ExpressionKind::Null,
        };
        Expression::new(kind, span)
    }

    pub(super) fn function_call(&mut self, pair: Pair<'src, Rule>, span: Span) -> Expression<'src> {
        let mut name = Cow::Borrowed("");
        let mut name_span = span;
        let mut args = Vec::new();
        let mut expand_final = false;
        for part in children(pair) {
            match part.as_rule() {
                Rule::function_name | Rule::function_name_ml => {
                    // The parts joined by `::`, whatever is around it; the
                    // name's range runs from its first part to its last,
                    // without the spaces the rule may have taken after it.
                    let idents: Vec<Pair<'src, Rule>> = part
                        .into_inner()
                        .filter(|p| p.as_rule() == Rule::identifier)
                        .collect();
                    if let (Some(first), Some(last)) = (idents.first(), idents.last()) {
                        name_span = self.span(first).to(self.span(last));
                    }
                    let parts: Vec<&str> = idents.iter().map(|p| p.as_str()).collect();
                    name = match parts.as_slice() {
                        [one] => Cow::Borrowed(*one),
                        many => Cow::Owned(many.join("::")),
                    };
                }
                Rule::expr_ml => args.push(self.expression(part)),
                Rule::expand_final => expand_final = true,
                _ => {}
            }
        }
        function_call_expression(self.source, name, name_span, args, expand_final, span)
    }

    pub(super) fn tuple(&mut self, pair: Pair<'src, Rule>) -> ExpressionKind<'src> {
        let mut items = Vec::new();
        for part in children(pair) {
            match part.as_rule() {
                Rule::expr_ml => items.push(self.expression(part)),
                Rule::for_tuple => return self.for_expr(part, false),
                _ => {}
            }
        }
        ExpressionKind::Tuple(items)
    }

    pub(super) fn object(&mut self, pair: Pair<'src, Rule>) -> ExpressionKind<'src> {
        let mut items = Vec::new();
        for part in children(pair) {
            match part.as_rule() {
                Rule::object_item => {
                    let mut inner = children(part);
                    let key = inner
                        .next()
                        .and_then(|k| children(k).next())
                        .map(|k| self.expression(k));
                    let value = inner.next().map(|v| self.expression(v));
                    // A bare `null`, `true` or `false` key is its name.
                    let key = key.map(|key| match key.kind {
                        ExpressionKind::Null | ExpressionKind::Bool(_) => Expression::new(
                            ExpressionKind::ScopeTraversal {
                                root: self.source.get(key.span.as_range()).unwrap_or_default(),
                                root_span: key.span,
                                steps: Vec::new(),
                            },
                            key.span,
                        ),
                        _ => key,
                    });
                    if let (Some(key), Some(value)) = (key, value) {
                        items.push(ObjectItem { key, value });
                    }
                }
                Rule::for_object => return self.for_expr(part, true),
                _ => {}
            }
        }
        ExpressionKind::Object(items)
    }

    pub(super) fn for_expr(
        &mut self,
        pair: Pair<'src, Rule>,
        object: bool,
    ) -> ExpressionKind<'src> {
        let mut names = Vec::new();
        let mut exprs = Vec::new();
        let mut condition = None;
        let mut group = false;
        for part in children(pair) {
            match part.as_rule() {
                Rule::identifier => names.push(part.as_str()),
                Rule::expr_ml => exprs.push(self.expression(part)),
                Rule::ellipsis => group = true,
                Rule::for_cond => {
                    condition = part
                        .into_inner()
                        .find(|p| p.as_rule() == Rule::expr_ml)
                        .map(|p| self.expression(p));
                }
                _ => {}
            }
        }
        let (key_var, value_var) = match names.as_slice() {
            [v] => (None, *v),
            [k, v, ..] => (Some(*k), *v),
            [] => (None, ""),
        };
        let mut exprs = exprs.into_iter();
        let null = || Expression::new(ExpressionKind::Null, Span::default());
        let collection = exprs.next().unwrap_or_else(null);
        let (key_expr, value_expr) = if object {
            let key = exprs.next().unwrap_or_else(null);
            (Some(key), exprs.next().unwrap_or_else(null))
        } else {
            (None, exprs.next().unwrap_or_else(null))
        };
        ExpressionKind::For(Box::new(ForExpr {
            key_var,
            value_var,
            collection,
            key_expr,
            value_expr,
            condition,
            group,
        }))
    }
}
