//! Turns pest pairs into the AST.

use std::borrow::Cow;
use std::sync::Arc;

use pest::iterators::Pair;

use super::grammar::Rule;
use crate::ast::{
    Attribute, BinaryOp, Block, Body, Expression, ExpressionKind, ForExpr, FunctionCall, Label,
    ObjectItem, Template, TraversalStep, TraversalStepKind, UnaryOp,
};
use crate::diagnostic::{Code, Diagnostic, Diagnostics};
use crate::limits::Limits;
use crate::parser::names;
use crate::parser::template::{EndKind, Part, Parts, Problem};
use crate::span::{SourceFile, Span};

/// The pairs inside `pair`, line comments left out: they are atomic, so
/// nothing in them is whitespace, and so they come as pairs, which the
/// tree has no place for.
fn children<'src>(pair: Pair<'src, Rule>) -> std::vec::IntoIter<Pair<'src, Rule>> {
    pair.into_inner()
        .filter(|p| p.as_rule() != Rule::line_comment)
        .collect::<Vec<_>>()
        .into_iter()
}

/// Builds AST nodes from pairs of one pest parse, collecting diagnostics.
pub(super) struct Builder<'src, 'f> {
    source: &'src str,
    file: &'f Arc<SourceFile>,
    /// Where the text given to pest starts in the file.
    offset: u32,
    diags: Diagnostics,
    /// The level of the expression being built: 1 for an attribute's value,
    /// one more for each expression it is nested in.
    depth: usize,
    /// The deepest level built since the innermost [`Builder::measure`]
    /// began.
    deepest: usize,
    /// The deepest level allowed (`Limits::max_expression_depth`).
    max_depth: usize,
    /// The nesting levels of the blocks around what is being built: one
    /// for each block and one for each of its labels.
    block_levels: usize,
    /// The most nesting levels allowed (`Limits::max_nesting_depth`).
    max_nesting: usize,
    /// Set once the tree got too deep: nothing more is built.
    too_deep: bool,
}

impl<'src, 'f> Builder<'src, 'f> {
    /// A builder for `source`, within `limits`.
    pub(super) fn new(source: &'src str, file: &'f Arc<SourceFile>, limits: &Limits) -> Self {
        Builder {
            source,
            file,
            offset: 0,
            diags: Diagnostics::default(),
            depth: 0,
            deepest: 0,
            max_depth: limits.max_expression_depth,
            block_levels: 0,
            max_nesting: limits.max_nesting_depth,
            too_deep: false,
        }
    }

    pub(super) fn set_offset(&mut self, offset: usize) {
        self.offset = offset as u32;
    }

    /// The diagnostics, as an error if any is an error.
    pub(super) fn finish(self) -> Result<(), Diagnostics> {
        if self.diags.has_errors() {
            // Repeated attributes are found once their body is read:
            // report every diagnostic in source order.
            let mut diags = self.diags.into_vec();
            diags.sort_by_key(|d| d.subject.as_ref().map(|s| s.start.byte));
            Err(diags.into())
        } else {
            Ok(())
        }
    }

    fn span(&self, pair: &Pair<'src, Rule>) -> Span {
        let s = pair.as_span();
        Span::new(self.offset + s.start() as u32, self.offset + s.end() as u32)
    }

    fn error(&mut self, code: Code, summary: &str, detail: String, span: Span) {
        self.diags
            .push(Diagnostic::error(code, summary, detail).with_subject(self.file, span));
    }

    // Trees are built bottom-up, and dropping or evaluating one recurses once
    // per level, so the depth is checked as nodes are made: levels counted
    // down from the outermost expression on the way in, heights counted up
    // from the leaves for chains whose nodes wrap what was built before them
    // (operators, traversal steps, splats).

    /// Enters an expression nested one level below the current one; false,
    /// after a diagnostic at `at`, when that level is beyond the limit.
    fn enter(&mut self, at: Span) -> bool {
        if self.too_deep {
            return false;
        }
        if self.depth >= self.max_depth {
            self.report_too_deep(at);
            return false;
        }
        self.depth += 1;
        self.deepest = self.deepest.max(self.depth);
        true
    }

    /// Leaves the level entered by a successful [`Builder::enter`].
    fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    /// Whether a node `height` levels high (1 for a leaf) fits at the
    /// current level; false, after a diagnostic at `at`, when it does not.
    fn fits(&mut self, height: usize, at: Span) -> bool {
        if self.too_deep {
            return false;
        }
        let deepest = self.depth + height.saturating_sub(1);
        if deepest > self.max_depth {
            self.report_too_deep(at);
            return false;
        }
        self.deepest = self.deepest.max(deepest);
        true
    }

    /// Runs `build` at the current level and returns what it built with its
    /// height: 1 for a leaf, one more for each level below it.
    fn measure<T>(&mut self, build: impl FnOnce(&mut Self) -> T) -> (T, usize) {
        let outer = self.deepest;
        self.deepest = self.depth;
        let built = build(self);
        let height = (self.deepest + 1).saturating_sub(self.depth);
        self.deepest = outer.max(self.deepest);
        (built, height)
    }

    fn report_too_deep(&mut self, at: Span) {
        self.too_deep = true;
        let start = at.start as usize;
        let len = self
            .source
            .get(start..)
            .and_then(|rest| rest.chars().next())
            .map_or(0, char::len_utf8);
        let limit = self.max_depth;
        self.error(
            Code::ExpressionTooDeep,
            "Nesting too deep",
            format!(
                "This expression is nested more than {limit} levels deep, the limit \
                 (max_expression_depth) for nested expressions, operators, traversal steps and \
                 template directives."
            ),
            Span::new(at.start, at.start + len as u32),
        );
    }

    /// Reports a block whose labels take it past the nesting limit: each
    /// label is a level of nesting for whatever groups blocks by label, as
    /// decoding into maps does. `outer` is the levels of the blocks around
    /// it; a block nested too deep without its labels was reported before
    /// parsing.
    fn too_many_labels(&mut self, outer: usize, labels: &[Label<'src>], type_span: Span) {
        let limit = self.max_nesting;
        // The first label past the limit (the block itself is one level).
        let at = limit.saturating_sub(outer + 1);
        let span = labels.get(at).map_or(type_span, |l| l.span);
        self.error(
            Code::NestingTooDeep,
            "Nesting too deep",
            format!(
                "This block and its labels are nested more than {limit} levels deep, the limit \
                 (max_nesting_depth) for brackets, braces, parentheses, template sequences, \
                 conditionals, blocks and block labels."
            ),
            span,
        );
    }

    /// Adds a top-level attribute or block to `body`.
    pub(super) fn add_item(&mut self, body: &mut Body<'src>, pair: Pair<'src, Rule>) {
        match pair.as_rule() {
            Rule::attribute => {
                let attr = self.attribute(pair);
                self.add_attribute(body, attr);
            }
            Rule::block => {
                let block = self.block(pair);
                body.blocks.push(block);
            }
            _ => {}
        }
    }

    /// Adds a top-level attribute to `body`, unless its name is taken.
    pub(super) fn add_attribute(&mut self, body: &mut Body<'src>, attr: Attribute<'src>) {
        body.attributes.push(attr);
    }

    /// Reports each attribute of `body` whose name an earlier one has, and
    /// takes it out: the first definition is the one kept.
    pub(super) fn check_repeated(&mut self, body: &mut Body<'src>) {
        let repeated = names::repeated(body.attributes.iter().map(|a| a.name));
        if repeated.is_empty() {
            return;
        }
        for &(at, first) in &repeated {
            if let (Some(attr), Some(first)) = (body.attributes.get(at), body.attributes.get(first))
            {
                self.redefined(first, attr);
            }
        }
        let mut repeated = repeated.iter().map(|&(at, _)| at).peekable();
        let mut index = 0;
        body.attributes.retain(|_| {
            let keep = repeated.next_if_eq(&index).is_none();
            index += 1;
            keep
        });
    }

    /// Reports `attr`, whose name is that of `first`.
    fn redefined(&mut self, first: &Attribute<'src>, attr: &Attribute<'src>) {
        let first = self.file.range(first.name_span).to_string();
        self.error(
            Code::AttributeRedefined, "Attribute redefined",
            format!(
                "The argument \"{}\" was already set at {first}. Each argument may be set only once.",
                attr.name
            ),
            attr.name_span,
        );
    }

    fn body(&mut self, pair: Pair<'src, Rule>, end_span: Span) -> Body<'src> {
        let span = self.span(&pair);
        let mut body = Body {
            attributes: Vec::new(),
            blocks: Vec::new(),
            span,
            end_span,
        };
        for item in children(pair) {
            match item.as_rule() {
                Rule::attribute => {
                    let attr = self.attribute(item);
                    body.attributes.push(attr);
                }
                Rule::block => {
                    let block = self.block(item);
                    body.blocks.push(block);
                }
                _ => {}
            }
        }
        self.check_repeated(&mut body);
        body
    }

    fn attribute(&mut self, pair: Pair<'src, Rule>) -> Attribute<'src> {
        let mut inner = children(pair);
        let (name, name_span) = match inner.next() {
            Some(p) => (p.as_str(), self.span(&p)),
            None => ("", Span::default()),
        };
        let expr = match inner.next() {
            Some(p) => self.expression(p),
            None => Expression::new(ExpressionKind::Null, name_span),
        };
        Attribute {
            name,
            span: name_span.to(expr.span),
            name_span,
            expr,
        }
    }

    fn block(&mut self, pair: Pair<'src, Rule>) -> Block<'src> {
        let mut block_type = "";
        let mut type_span = Span::default();
        let mut labels = Vec::new();
        let mut open_brace_span = Span::default();
        let mut close_brace_span = Span::default();
        let mut body_pair = None;
        for part in children(pair) {
            match part.as_rule() {
                Rule::identifier if type_span == Span::default() => {
                    block_type = part.as_str();
                    type_span = self.span(&part);
                }
                Rule::identifier => labels.push(Label {
                    value: Cow::Borrowed(part.as_str()),
                    span: self.span(&part),
                }),
                Rule::string_lit => {
                    let span = self.span(&part);
                    let value = match children(part).next() {
                        Some(lit) => self.quoted_literal(lit),
                        None => Cow::Borrowed(""),
                    };
                    labels.push(Label { value, span });
                }
                Rule::open_brace => open_brace_span = self.span(&part),
                Rule::close_brace => close_brace_span = self.span(&part),
                Rule::block_body_ml | Rule::block_body_line => body_pair = Some(part),
                _ => {}
            }
        }
        let end_span = Span::empty(close_brace_span.start);
        let outer_levels = self.block_levels;
        self.block_levels += 1 + labels.len();
        if self.block_levels > self.max_nesting {
            self.too_many_labels(outer_levels, &labels, type_span);
        }
        let mut body = match body_pair {
            Some(p) if p.as_rule() == Rule::block_body_ml => match children(p).next() {
                Some(b) => self.body(b, end_span),
                None => empty_body(end_span),
            },
            Some(p) => self.single_line_body(p, end_span),
            None => empty_body(end_span),
        };
        // The body between the braces.
        body.span = Span::new(open_brace_span.end, close_brace_span.start);
        self.block_levels = outer_levels;
        Block {
            block_type,
            labels,
            body,
            span: type_span.to(close_brace_span),
            type_span,
            open_brace_span,
            close_brace_span,
        }
    }

    fn single_line_body(&mut self, pair: Pair<'src, Rule>, end_span: Span) -> Body<'src> {
        let span = self.span(&pair);
        let mut inner = children(pair);
        let mut attributes = Vec::new();
        if let (Some(name), Some(expr)) = (inner.next(), inner.next()) {
            let name_span = self.span(&name);
            let expr = self.expression(expr);
            attributes.push(Attribute {
                name: name.as_str(),
                span: name_span.to(expr.span),
                name_span,
                expr,
            });
        }
        Body {
            attributes,
            blocks: Vec::new(),
            span,
            end_span,
        }
    }

    /// Builds an `expr` or `expr_ml` pair, one level below the current one.
    pub(super) fn expression(&mut self, pair: Pair<'src, Rule>) -> Expression<'src> {
        let span = self.span(&pair);
        if !self.enter(span) {
            return Expression::new(ExpressionKind::Null, span);
        }
        let expr = self.expression_here(pair);
        self.leave();
        expr
    }

    fn expression_here(&mut self, pair: Pair<'src, Rule>) -> Expression<'src> {
        let mut inner = children(pair);
        let Some(operation) = inner.next() else {
            return Expression::new(ExpressionKind::Null, Span::default());
        };
        if inner.len() == 0 {
            return self.operation(operation);
        }
        // The condition of a conditional is one level below it.
        let span = self.span(&operation);
        if !self.enter(span) {
            return Expression::new(ExpressionKind::Null, span);
        }
        let condition = self.operation(operation);
        self.leave();
        let Some(_question) = inner.next() else {
            return condition;
        };
        let true_result = match inner.next() {
            Some(p) => self.expression(p),
            None => return condition,
        };
        let false_result = match inner.next() {
            Some(p) => self.expression(p),
            None => return condition,
        };
        let span = condition.span.to(false_result.span);
        Expression::new(
            ExpressionKind::Conditional {
                condition: Box::new(condition),
                true_result: Box::new(true_result),
                false_result: Box::new(false_result),
            },
            span,
        )
    }

    fn operation(&mut self, pair: Pair<'src, Rule>) -> Expression<'src> {
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
    fn operators(
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
    fn reduce(
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
    fn postfix(&mut self, pair: Pair<'src, Rule>) -> Expression<'src> {
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
    fn traversals(
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
            let rule = step.as_rule();
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
    fn star_end(&self, span: Span) -> u32 {
        let text = self.source.get(span.as_range()).unwrap_or_default();
        let mut at = 1;
        loop {
            let rest = text.get(at..).unwrap_or_default();
            if let Some(after) = rest.strip_prefix("/*") {
                match after.find("*/") {
                    Some(end) => at += 2 + end + 2,
                    None => return span.end,
                }
            } else if rest.starts_with([' ', '\t']) {
                at += 1;
            } else if rest.starts_with('*') {
                return span.start + at as u32 + 1;
            } else {
                return span.end;
            }
        }
    }

    fn legacy_index_key(&mut self, step: Pair<'src, Rule>, span: Span) -> Expression<'src> {
        match children(step).next() {
            Some(number) => {
                let number_span = self.span(&number);
                self.legacy_index_number(number.as_str(), number_span, false)
            }
            None => Expression::new(ExpressionKind::Null, span),
        }
    }

    fn legacy_index_number(
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

    fn term(&mut self, pair: Pair<'src, Rule>) -> Expression<'src> {
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

    fn function_call(&mut self, pair: Pair<'src, Rule>, span: Span) -> Expression<'src> {
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

    fn tuple(&mut self, pair: Pair<'src, Rule>) -> ExpressionKind<'src> {
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

    fn object(&mut self, pair: Pair<'src, Rule>) -> ExpressionKind<'src> {
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

    fn for_expr(&mut self, pair: Pair<'src, Rule>, object: bool) -> ExpressionKind<'src> {
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

    fn heredoc(&mut self, pair: Pair<'src, Rule>, span: Span) -> Expression<'src> {
        let mut flush = false;
        let mut parts = Parts::default();
        let mut start = Span::empty(span.end);
        let mut end = Span::empty(span.end);
        for part in children(pair) {
            match part.as_rule() {
                Rule::heredoc_flush => flush = true,
                Rule::heredoc_lines => {
                    parts = self.template_parts(children(part));
                }
                Rule::heredoc_close => end = self.span(&part),
                _ => {}
            }
        }
        if parts.is_empty() {
            start = Span::empty(end.end);
        }
        self.template_expression(parts, span, start, end, flush)
    }

    fn template_expression(
        &mut self,
        parts: Parts<'src>,
        span: Span,
        start: Span,
        end: Span,
        flush: bool,
    ) -> Expression<'src> {
        let lone_interpolation = parts.is_lone_interpolation();
        let mut template = self.assemble(parts, flush, start, end);
        if lone_interpolation {
            if let Some(crate::ast::TemplatePart::Interpolation(inner)) =
                template.parts.into_iter().next()
            {
                return Expression::new(ExpressionKind::TemplateWrap(Box::new(inner)), span);
            }
            return Expression::new(ExpressionKind::Null, span);
        }
        template.parts.shrink_to_fit();
        Expression::new(ExpressionKind::Template(Box::new(template)), span)
    }

    fn assemble(
        &mut self,
        parts: Parts<'src>,
        flush: bool,
        start: Span,
        end: Span,
    ) -> Template<'src> {
        let file = self.file;
        let range = |span: Span| file.range(span).to_string();
        let (template, _, problems) =
            parts.assemble(flush, start, end, self.depth + 1, self.max_depth, &range);
        for problem in problems {
            match problem {
                Problem::Diagnostic((code, summary, detail, subject)) => {
                    self.error(code, &summary, detail, subject)
                }
                Problem::TooDeep(at) => self.report_too_deep(at),
            }
        }
        template
    }

    /// A bare template (`template` pair).
    #[cfg(test)]
    pub(super) fn bare_template(&mut self, pair: Pair<'src, Rule>) -> Template<'src> {
        let span = self.span(&pair);
        let parts = self.template_parts(children(pair));
        let start = Span::empty(if parts.is_empty() {
            span.end
        } else {
            span.start
        });
        self.assemble(parts, false, start, Span::empty(span.end))
    }

    /// The parts of a quoted string, heredoc or template. Literal text is
    /// split after each line break, as the reference's scanner does,
    /// because strip markers trim one such piece only.
    fn template_parts(&mut self, pairs: std::vec::IntoIter<Pair<'src, Rule>>) -> Parts<'src> {
        let mut parts = Parts::default();
        let mut line: Option<(Cow<'src, str>, Span)> = None;
        for part in pairs {
            let span = self.span(&part);
            match part.as_rule() {
                Rule::quoted_lit => {
                    let text = self.quoted_literal(part);
                    parts.literal(text, span);
                }
                Rule::template_text | Rule::heredoc_text | Rule::line_break => {
                    let is_break = part.as_rule() == Rule::line_break;
                    let text = unescape_template_text(part.as_str());
                    push_text(&mut parts, &mut line, text, span, is_break, self.source);
                }
                Rule::interpolation => {
                    flush_line(&mut parts, &mut line);
                    let (strip_left, strip_right, expr) = self.sequence(part);
                    parts.open_sequence(strip_left);
                    parts.push(Part::Interp(expr, 1, span));
                    parts.close_sequence(strip_right);
                }
                Rule::directive => {
                    flush_line(&mut parts, &mut line);
                    self.directive(&mut parts, part, span);
                }
                _ => {}
            }
        }
        flush_line(&mut parts, &mut line);
        parts
    }

    /// The strip markers and expression of a `${ }` sequence.
    fn sequence(&mut self, pair: Pair<'src, Rule>) -> (bool, bool, Expression<'src>) {
        let span = self.span(&pair);
        let mut strip_left = false;
        let mut strip_right = false;
        let mut expr = None;
        for part in children(pair) {
            match part.as_rule() {
                Rule::interp_open => strip_left = part.as_str().ends_with('~'),
                Rule::seq_close => strip_right = part.as_str().starts_with('~'),
                Rule::expr_ml => expr = Some(self.expression(part)),
                _ => {}
            }
        }
        let expr = expr.unwrap_or_else(|| Expression::new(ExpressionKind::Null, span));
        (strip_left, strip_right, expr)
    }

    fn directive(&mut self, parts: &mut Parts<'src>, pair: Pair<'src, Rule>, span: Span) {
        let mut strip_left = false;
        let mut strip_right = false;
        let mut directive = None;
        for part in children(pair) {
            match part.as_rule() {
                Rule::directive_open => strip_left = part.as_str().ends_with('~'),
                Rule::seq_close => strip_right = part.as_str().starts_with('~'),
                Rule::dir_if => {
                    let cond = part
                        .into_inner()
                        .find(|p| p.as_rule() == Rule::expr_ml)
                        .map(|p| self.expression(p))
                        .unwrap_or_else(|| Expression::new(ExpressionKind::Null, span));
                    directive = Some(Part::If(cond, 1, span));
                }
                Rule::dir_else => directive = Some(Part::End(EndKind::Else, span)),
                Rule::dir_endif => directive = Some(Part::End(EndKind::EndIf, span)),
                Rule::dir_endfor => directive = Some(Part::End(EndKind::EndFor, span)),
                Rule::dir_for => {
                    let mut names = Vec::new();
                    let mut coll = None;
                    for p in children(part) {
                        match p.as_rule() {
                            Rule::identifier => names.push(p.as_str()),
                            Rule::expr_ml => coll = Some(self.expression(p)),
                            _ => {}
                        }
                    }
                    let (key_var, value_var) = match names.as_slice() {
                        [v] => (None, *v),
                        [k, v, ..] => (Some(*k), *v),
                        [] => (None, ""),
                    };
                    directive = Some(Part::For {
                        key_var,
                        value_var,
                        collection: coll
                            .unwrap_or_else(|| Expression::new(ExpressionKind::Null, span)),
                        height: 1,
                        span,
                    });
                }
                _ => {}
            }
        }
        parts.open_sequence(strip_left);
        if let Some(directive) = directive {
            parts.push(directive);
        }
        parts.close_sequence(strip_right);
    }

    /// The text of a quoted literal with its escapes resolved.
    fn quoted_literal(&mut self, pair: Pair<'src, Rule>) -> Cow<'src, str> {
        let text = pair.as_str();
        if !text.contains(['\\', '$', '%']) {
            return Cow::Borrowed(text);
        }
        let span = self.span(&pair);
        match unescape_quoted(text) {
            Ok(s) => s,
            Err((at, len, detail)) => {
                let start = span.start + at as u32;
                self.error(
                    Code::InvalidEscapeSequence,
                    "Invalid escape sequence",
                    detail,
                    Span::new(start, start + len as u32),
                );
                Cow::Borrowed(text)
            }
        }
    }
}

/// Adds heredoc or template text, or a line break, to the line being
/// read: a line ends at its break and is then one literal, except that a
/// lone `$` or `%` and one more character before the break stay apart from
/// it, as the reference's scanner gives them.
fn push_text<'src>(
    parts: &mut Parts<'src>,
    line: &mut Option<(Cow<'src, str>, Span)>,
    text: Cow<'src, str>,
    span: Span,
    is_break: bool,
    source: &'src str,
) {
    if let Some((prev, prev_span)) = line.as_mut() {
        if is_break && ends_with_lone_sigil_and_one_char(prev) {
            flush_line(parts, line);
            parts.literal(text, span);
            return;
        }
        join(prev, text, source, *prev_span, span);
        *prev_span = prev_span.to(span);
    } else {
        *line = Some((text, span));
    }
    if is_break {
        flush_line(parts, line);
    }
}

fn flush_line<'src>(parts: &mut Parts<'src>, line: &mut Option<(Cow<'src, str>, Span)>) {
    if let Some((text, span)) = line.take() {
        parts.literal(text, span);
    }
}

fn empty_body<'src>(end_span: Span) -> Body<'src> {
    Body {
        attributes: Vec::new(),
        blocks: Vec::new(),
        span: end_span,
        end_span,
    }
}

/// Appends `text` (which follows `prev` in the source) to `prev`, borrowing
/// when both are unmodified adjacent slices of the source.
fn join<'src>(
    prev: &mut Cow<'src, str>,
    text: Cow<'src, str>,
    source: &'src str,
    prev_span: Span,
    span: Span,
) {
    if let (Cow::Borrowed(a), Cow::Borrowed(_)) = (&*prev, &text) {
        if prev_span.len() as usize == a.len() && prev_span.end == span.start {
            if let Some(joined) = source.get(prev_span.start as usize..span.end as usize) {
                *prev = Cow::Borrowed(joined);
                return;
            }
        }
    }
    prev.to_mut().push_str(&text);
}

/// A binary operator and its precedence: higher binds tighter, and all
/// operators associate to the left.
/// Whether text ends with `$` or `%` (not an escape) and one character.
fn ends_with_lone_sigil_and_one_char(text: &str) -> bool {
    let mut chars = text.chars().rev();
    let (Some(last), Some(sigil)) = (chars.next(), chars.next()) else {
        return false;
    };
    last != '{' && (sigil == '$' || sigil == '%')
}

fn binary_op(rule: Rule) -> (BinaryOp, u8) {
    match rule {
        Rule::or => (BinaryOp::Or, 1),
        Rule::and => (BinaryOp::And, 2),
        Rule::eq => (BinaryOp::Equal, 3),
        Rule::ne => (BinaryOp::NotEqual, 3),
        Rule::lt => (BinaryOp::Less, 4),
        Rule::le => (BinaryOp::LessOrEqual, 4),
        Rule::gt => (BinaryOp::Greater, 4),
        Rule::ge => (BinaryOp::GreaterOrEqual, 4),
        Rule::add => (BinaryOp::Add, 5),
        Rule::sub => (BinaryOp::Subtract, 5),
        Rule::mul => (BinaryOp::Multiply, 6),
        Rule::div => (BinaryOp::Divide, 6),
        _ => (BinaryOp::Modulo, 6),
    }
}

/// A function call spanning `whole`, from its parts; the parentheses are
/// found in the source after the name. Both parsers build calls here.
pub(super) fn function_call_expression<'src>(
    source: &'src str,
    name: Cow<'src, str>,
    name_span: Span,
    args: Vec<Expression<'src>>,
    expand_final: bool,
    whole: Span,
) -> Expression<'src> {
    let open = source
        .get(name_span.end as usize..whole.end as usize)
        .and_then(|text| text.find('('))
        .map_or(name_span.end, |i| name_span.end + i as u32);
    let call = FunctionCall {
        name,
        args,
        expand_final,
        name_span,
        open_paren_span: Span::new(open, open + 1),
        close_paren_span: Span::new(whole.end.saturating_sub(1), whole.end),
    };
    Expression::new(ExpressionKind::FunctionCall(Box::new(call)), whole)
}

/// Whether an index key is a literal, making the index a traversal step.
pub(super) fn is_literal_key(key: &Expression<'_>) -> bool {
    match &key.kind {
        ExpressionKind::Number(_) | ExpressionKind::Bool(_) | ExpressionKind::Null => true,
        ExpressionKind::Template(t) => t
            .parts
            .iter()
            .all(|p| matches!(p, crate::ast::TemplatePart::Literal(..))),
        _ => false,
    }
}

/// Adds a step to a traversal, or starts a relative traversal.
pub(super) fn extend_traversal<'src>(
    expr: Expression<'src>,
    kind: TraversalStepKind<'src>,
    span: Span,
) -> Expression<'src> {
    let whole = expr.span.to(span);
    let step = TraversalStep { kind, span };
    match expr.kind {
        ExpressionKind::ScopeTraversal {
            root,
            root_span,
            mut steps,
        } => {
            steps.push(step);
            Expression::new(
                ExpressionKind::ScopeTraversal {
                    root,
                    root_span,
                    steps,
                },
                whole,
            )
        }
        ExpressionKind::RelativeTraversal { source, mut steps } => {
            steps.push(step);
            Expression::new(ExpressionKind::RelativeTraversal { source, steps }, whole)
        }
        kind => Expression::new(
            ExpressionKind::RelativeTraversal {
                source: Box::new(Expression::new(kind, expr.span)),
                steps: vec![step],
            },
            whole,
        ),
    }
}

/// Heredoc and template text: only `$${` and `%%{` are escapes.
pub(super) fn unescape_template_text(text: &str) -> Cow<'_, str> {
    if text.contains("$${") || text.contains("%%{") {
        Cow::Owned(text.replace("$${", "${").replace("%%{", "%{"))
    } else {
        Cow::Borrowed(text)
    }
}

/// Resolves the escapes of a quoted string literal. On error: the byte
/// offset and length of the bad sequence, and a detail message.
pub(super) fn unescape_quoted(text: &str) -> Result<Cow<'_, str>, (usize, usize, String)> {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find(['\\', '$', '%']) {
        let (before, from) = rest.split_at(i);
        out.push_str(before);
        let at = text.len() - from.len();
        let mut chars = from.chars();
        let first = chars.next().unwrap_or('\\');
        if first != '\\' {
            if from[1..].starts_with(&format!("{first}{{")) {
                out.push(first);
                out.push('{');
                rest = &from[3..];
            } else {
                out.push(first);
                rest = &from[1..];
            }
            continue;
        }
        let Some(kind) = chars.next() else {
            return Err((
                at,
                1,
                "A backslash must be followed by an escape sequence.".into(),
            ));
        };
        let (value, len) = match kind {
            'n' => ('\n', 2),
            'r' => ('\r', 2),
            't' => ('\t', 2),
            '"' => ('"', 2),
            '\\' => ('\\', 2),
            'u' | 'U' => {
                let digits = if kind == 'u' { 4 } else { 8 };
                let hex = from
                    .get(2..2 + digits)
                    .filter(|h| h.bytes().all(|b| b.is_ascii_hexdigit()));
                let Some(hex) = hex else {
                    return Err((
                        at,
                        2,
                        format!(
                            "The \\{kind} escape sequence must be followed by {digits} hexadecimal digits."
                        ),
                    ));
                };
                let code = u32::from_str_radix(hex, 16).unwrap_or(u32::MAX);
                let Some(c) = char::from_u32(code) else {
                    return Err((
                        at,
                        2 + digits,
                        format!("Invalid unicode code point U+{code:04X}."),
                    ));
                };
                (c, 2 + digits)
            }
            other => {
                return Err((
                    at,
                    1 + other.len_utf8(),
                    format!(
                        "The symbol \"{other}\" is not a valid escape sequence selector. \
                         Valid escapes are \\n, \\r, \\t, \\\", \\\\, \\uNNNN and \\UNNNNNNNN."
                    ),
                ))
            }
        };
        out.push(value);
        rest = from.get(len..).unwrap_or("");
    }
    out.push_str(rest);
    Ok(Cow::Owned(out))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_escapes_resolve() {
        assert_eq!(
            unescape_quoted(r#"a\nb\t\u00e9\U0001F600\\\""#).unwrap(),
            "a\nb\té😀\\\""
        );
        assert_eq!(unescape_quoted("$${x} %%{y} $ %").unwrap(), "${x} %{y} $ %");
        assert!(unescape_quoted(r"\q").is_err());
        assert!(unescape_quoted(r"\u12").is_err());
        assert!(unescape_quoted(r"\uD800").is_err());
    }
}
