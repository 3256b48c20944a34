//! Expressions: operators, traversals, terms and collections.
//!
//! Each function returns the expression with an upper bound of its height
//! as the builder counts it (see [`Built`]): one level per node, and more
//! wherever the builder may count more.

use super::{is_ident_start, span, Built, GiveUp, Parsed, Parser};
use crate::ast::{
    BinaryOp, Expression, ExpressionKind, ForExpr, ObjectItem, TraversalStep, TraversalStepKind,
    UnaryOp,
};
use crate::parser::build::{extend_traversal, function_call_expression, is_literal_key};
use crate::span::Span;

/// The binary operator at the start of `bytes`, with its precedence (higher
/// binds tighter) and length, in the grammar's order of alternatives.
fn binary_op(bytes: &[u8]) -> Option<(BinaryOp, u8, usize)> {
    let first = *bytes.first()?;
    let second = bytes.get(1).copied().unwrap_or(0);
    Some(match (first, second) {
        (b'|', b'|') => (BinaryOp::Or, 1, 2),
        (b'&', b'&') => (BinaryOp::And, 2, 2),
        (b'=', b'=') => (BinaryOp::Equal, 3, 2),
        (b'!', b'=') => (BinaryOp::NotEqual, 3, 2),
        (b'<', b'=') => (BinaryOp::LessOrEqual, 4, 2),
        (b'>', b'=') => (BinaryOp::GreaterOrEqual, 4, 2),
        (b'<', _) => (BinaryOp::Less, 4, 1),
        (b'>', _) => (BinaryOp::Greater, 4, 1),
        (b'+', _) => (BinaryOp::Add, 5, 1),
        (b'-', _) => (BinaryOp::Subtract, 5, 1),
        (b'*', _) => (BinaryOp::Multiply, 6, 1),
        (b'/', _) => (BinaryOp::Divide, 6, 1),
        (b'%', _) => (BinaryOp::Modulo, 6, 1),
        _ => return None,
    })
}

/// The steps of a traversal expression, to grow them one at a time.
fn traversal_steps<'a, 'src>(
    expr: &'a mut Expression<'src>,
) -> Option<&'a mut Vec<TraversalStep<'src>>> {
    match &mut expr.kind {
        ExpressionKind::ScopeTraversal { steps, .. }
        | ExpressionKind::RelativeTraversal { steps, .. } => Some(steps),
        _ => None,
    }
}

/// [`extend_traversal`], keeping the steps' allocation exact.
fn extend<'src>(
    mut expr: Expression<'src>,
    kind: TraversalStepKind<'src>,
    step: Span,
) -> Expression<'src> {
    if let Some(steps) = traversal_steps(&mut expr) {
        steps.reserve_exact(1);
    }
    extend_traversal(expr, kind, step)
}

impl<'src> Parser<'src, '_> {
    /// `expr` (`ml` false) or `expr_ml` (`ml` true).
    pub(super) fn expr(&mut self, ml: bool) -> Parsed<Built<'src>> {
        self.enter()?;
        let (condition, condition_height) = self.binary(ml, 0)?;
        let save = self.pos;
        self.ws(ml)?;
        if !self.at(b'?') {
            self.pos = save;
            self.leave();
            return Ok((condition, condition_height));
        }
        self.pos += 1;
        self.ws(ml)?;
        let (true_result, true_height) = self.expr(ml)?;
        self.ws(ml)?;
        self.expect(b':')?;
        self.ws(ml)?;
        let (false_result, false_height) = self.expr(ml)?;
        self.leave();
        // The builder puts the condition one level below the conditional.
        let height = 2 + condition_height.max(true_height).max(false_height);
        let whole = condition.span.to(false_result.span);
        let kind = ExpressionKind::Conditional {
            condition: Box::new(condition),
            true_result: Box::new(true_result),
            false_result: Box::new(false_result),
        };
        Ok((Expression::new(kind, whole), height))
    }

    /// Binary operators by precedence climbing, all left-associative, as
    /// the builder combines them.
    fn binary(&mut self, ml: bool, min_precedence: u8) -> Parsed<Built<'src>> {
        let (mut lhs, mut height) = self.unary(ml)?;
        loop {
            let save = self.pos;
            self.ws(ml)?;
            let Some((op, precedence, len)) = self.binary_op_here()? else {
                self.pos = save;
                return Ok((lhs, height));
            };
            if precedence < min_precedence {
                self.pos = save;
                return Ok((lhs, height));
            }
            self.pos += len;
            self.ws(ml)?;
            let (rhs, rhs_height) = self.binary(ml, precedence + 1)?;
            height = 1 + height.max(rhs_height);
            // Give up before the tree gets too deep to drop safely.
            if height > self.max_height {
                return Err(GiveUp);
            }
            let whole = lhs.span.to(rhs.span);
            let kind = ExpressionKind::Binary {
                op,
                lhs: Box::new(lhs),
                rhs: Box::new(rhs),
            };
            lhs = Expression::new(kind, whole);
        }
    }

    /// The binary operator here, if any. `<` must not be followed by `<`,
    /// nor `/` by `/` or `*`, whitespace between them allowed.
    fn binary_op_here(&self) -> Parsed<Option<(BinaryOp, u8, usize)>> {
        let rest = self.bytes.get(self.pos..).ok_or(GiveUp)?;
        let Some(found) = binary_op(rest) else {
            return Ok(None);
        };
        let forbidden: &[u8] = match found.0 {
            BinaryOp::Less => b"<",
            BinaryOp::Divide => b"/*",
            _ => return Ok(Some(found)),
        };
        let next = self.skip_from(self.pos + 1)?;
        if self.byte(next).is_some_and(|b| forbidden.contains(&b)) {
            return Ok(None);
        }
        Ok(Some(found))
    }

    /// Prefix operators, then an operand with its traversals.
    fn unary(&mut self, ml: bool) -> Parsed<Built<'src>> {
        let mut ops = Vec::new();
        loop {
            match self.peek() {
                Some(b'-') => ops.push((UnaryOp::Negate, self.pos)),
                Some(b'!') => {
                    // `not` is `!` not followed by `=`.
                    let next = self.skip_from(self.pos + 1)?;
                    if self.byte(next) == Some(b'=') {
                        break;
                    }
                    ops.push((UnaryOp::Not, self.pos));
                }
                _ => break,
            }
            self.pos += 1;
            self.ws(ml)?;
        }
        if ops.len() > self.max_height {
            return Err(GiveUp);
        }
        let term = self.term()?;
        let (mut expr, mut height) = self.traversals(term, ml)?;
        for (op, start) in ops.into_iter().rev() {
            height += 1;
            let whole = Span::new(start as u32, expr.span.end.max(start as u32 + 1));
            let kind = ExpressionKind::Unary {
                op,
                operand: Box::new(expr),
            };
            expr = Expression::new(kind, whole);
        }
        Ok((expr, height))
    }

    /// The traversal steps after a term, as the builder applies them.
    fn traversals(&mut self, term: Built<'src>, ml: bool) -> Parsed<Built<'src>> {
        let (mut expr, mut height) = term;
        let mut after_attr_splat = false;
        loop {
            // Give up before the tree gets too deep to drop safely.
            if height > self.max_height {
                return Err(GiveUp);
            }
            let save = self.pos;
            self.ws(ml)?;
            let start = self.pos;
            let previous_was_attr_splat = std::mem::take(&mut after_attr_splat);
            match self.peek() {
                Some(b'.') => {
                    let after_dot = self.skip_from(start + 1)?;
                    match self.byte(after_dot) {
                        // A nested splat, diagnosed by the builder.
                        Some(b'*') if previous_was_attr_splat => return Err(GiveUp),
                        Some(b'*') => {
                            self.pos = after_dot + 1;
                            expr = self.attr_splat(expr, start)?;
                            height = 1 + height.max(2);
                            after_attr_splat = true;
                        }
                        Some(b) if b.is_ascii_digit() => {
                            // `legacy_index`: `.0`
                            self.pos = after_dot;
                            let key = self.legacy_index()?;
                            let step = span(start, self.pos);
                            expr = extend(expr, TraversalStepKind::Index(Box::new(key)), step);
                            height = 1 + height.max(2);
                        }
                        Some(b) if is_ident_start(b) => {
                            // `get_attr`: `.name`
                            self.pos = after_dot;
                            let (name, _) = self.identifier()?;
                            let step = span(start, self.pos);
                            expr = extend(expr, TraversalStepKind::Attr(name), step);
                            height += 1;
                        }
                        Some(b) if b >= 0x80 => return Err(GiveUp),
                        _ => {
                            self.pos = save;
                            return Ok((expr, height));
                        }
                    }
                }
                Some(b'[') => {
                    let after_bracket = self.skip_from(start + 1)?;
                    if self.byte(after_bracket) == Some(b'*') {
                        // `full_splat`: the steps after it apply to each
                        // element.
                        self.pos = self.skip_from(after_bracket + 1)?;
                        self.expect(b']')?;
                        let marker_span = span(start, self.pos);
                        let item = Expression::new(ExpressionKind::SplatItem, marker_span);
                        self.enter()?;
                        let (each, each_height) = self.traversals((item, 1), ml)?;
                        self.leave();
                        let whole = expr.span.to(each.span);
                        let kind = ExpressionKind::Splat {
                            source: Box::new(expr),
                            each: Box::new(each),
                            marker_span,
                        };
                        return Ok((Expression::new(kind, whole), 1 + height.max(each_height)));
                    }
                    // `index`: `[key]`
                    self.pos = start + 1;
                    self.skip_ml()?;
                    let (key, key_height) = self.expr(true)?;
                    self.skip_ml()?;
                    self.expect(b']')?;
                    let step = span(start, self.pos);
                    height = 1 + height.max(key_height);
                    if is_literal_key(&key) {
                        expr = extend(expr, TraversalStepKind::Index(Box::new(key)), step);
                    } else {
                        let whole = expr.span.to(step);
                        let kind = ExpressionKind::Index {
                            collection: Box::new(expr),
                            key: Box::new(key),
                            bracket_span: step,
                        };
                        expr = Expression::new(kind, whole);
                    }
                }
                _ => {
                    self.pos = save;
                    return Ok((expr, height));
                }
            }
        }
    }

    /// The number of a legacy index step, which must be an integer.
    fn legacy_index(&mut self) -> Parsed<Expression<'src>> {
        let start = self.pos;
        let text = self.number()?;
        if text.contains('.') {
            // Diagnosed by the builder.
            return Err(GiveUp);
        }
        Ok(Expression::new(
            ExpressionKind::Number(text),
            span(start, self.pos),
        ))
    }

    /// `attr_splat`, after its `*`: the attribute and legacy index steps
    /// that follow apply to each element.
    fn attr_splat(&mut self, source: Expression<'src>, start: usize) -> Parsed<Expression<'src>> {
        let star = self.pos;
        // With no step after it, pest's `attr_splat` pair ends after the
        // whitespace that follows `*`, and so does the splat's span.
        self.skip()?;
        let marker_span = span(start, star);
        let mut each = Expression::new(ExpressionKind::SplatItem, marker_span);
        let mut end = self.pos;
        loop {
            let save = self.pos;
            self.skip()?;
            if !self.at(b'.') {
                self.pos = save;
                break;
            }
            let part_start = self.skip_from(self.pos + 1)?;
            self.pos = part_start;
            let kind = match self.byte(part_start) {
                Some(b) if b.is_ascii_digit() => {
                    TraversalStepKind::Index(Box::new(self.legacy_index()?))
                }
                Some(b) if is_ident_start(b) => TraversalStepKind::Attr(self.identifier()?.0),
                Some(b) if b >= 0x80 => return Err(GiveUp),
                _ => {
                    self.pos = save;
                    break;
                }
            };
            // As the builder: the step starts one byte before its name.
            let step = span(part_start.saturating_sub(1), self.pos);
            each = extend(each, kind, step);
            end = self.pos;
        }
        self.pos = end;
        let whole = source.span.to(span(start, end));
        let kind = ExpressionKind::Splat {
            source: Box::new(source),
            each: Box::new(each),
            marker_span,
        };
        Ok(Expression::new(kind, whole))
    }

    /// `term`
    fn term(&mut self) -> Parsed<Built<'src>> {
        match self.peek().ok_or(GiveUp)? {
            b'"' => self.string_template(),
            b if is_ident_start(b) => self.name_term(),
            b if b.is_ascii_digit() => {
                let start = self.pos;
                let text = self.number()?;
                if text.matches('.').count() > 1 {
                    // Diagnosed by the builder.
                    return Err(GiveUp);
                }
                let expr = Expression::new(ExpressionKind::Number(text), span(start, self.pos));
                Ok((expr, 1))
            }
            b'[' => self.tuple(),
            b'{' => self.object(),
            b'<' if self.starts_with("<<") => self.heredoc(),
            b'(' => {
                let start = self.pos;
                self.pos += 1;
                self.skip_ml()?;
                let (inner, height) = self.expr(true)?;
                self.skip_ml()?;
                self.expect(b')')?;
                let kind = ExpressionKind::Parens(Box::new(inner));
                Ok((Expression::new(kind, span(start, self.pos)), 1 + height))
            }
            // Non-ASCII names and anything invalid.
            _ => Err(GiveUp),
        }
    }

    /// `function_call`, `keyword_literal` or `variable`.
    fn name_term(&mut self) -> Parsed<Built<'src>> {
        let start = self.pos;
        let (_, first) = self.identifier()?;
        while self.starts_with("::") {
            self.pos += 2;
            self.identifier()?;
        }
        let name_end = self.pos;
        let name = self.text(start, name_end)?;
        let name_span = span(start, name_end);
        let after = self.skip_from(name_end)?;
        if self.byte(after) == Some(b'(') {
            self.pos = after + 1;
            return self.call(name, name_span);
        }
        if name_span != first {
            // A namespaced name without arguments.
            return Err(GiveUp);
        }
        let kind = match name {
            "true" => ExpressionKind::Bool(true),
            "false" => ExpressionKind::Bool(false),
            "null" => ExpressionKind::Null,
            _ => ExpressionKind::ScopeTraversal {
                root: name,
                root_span: name_span,
                steps: Vec::new(),
            },
        };
        Ok((Expression::new(kind, name_span), 1))
    }

    /// The arguments of a call, after its `(`.
    fn call(&mut self, name: &'src str, name_span: Span) -> Parsed<Built<'src>> {
        let mut args = Vec::new();
        let mut height = 0;
        let mut expand_final = false;
        self.skip_ml()?;
        if !self.at(b')') {
            loop {
                let (arg, arg_height) = self.expr(true)?;
                args.push(arg);
                height = height.max(arg_height);
                self.skip_ml()?;
                if self.at(b',') {
                    self.pos += 1;
                    self.skip_ml()?;
                    if self.at(b')') {
                        break;
                    }
                } else {
                    if self.starts_with("...") {
                        self.pos += 3;
                        expand_final = true;
                        self.skip_ml()?;
                    }
                    break;
                }
            }
        }
        self.expect(b')')?;
        args.shrink_to_fit();
        let whole = Span::new(name_span.start, self.pos as u32);
        let call = function_call_expression(self.src, name, name_span, args, expand_final, whole);
        Ok((call, 1 + height))
    }

    /// `number`, as written.
    pub(super) fn number(&mut self) -> Parsed<&'src str> {
        let start = self.pos;
        let digits = |p: &Self, mut at: usize| {
            while p.byte(at).is_some_and(|b| b.is_ascii_digit()) {
                at += 1;
            }
            at
        };
        self.pos = digits(self, self.pos);
        if self.pos == start {
            return Err(GiveUp);
        }
        while self.at(b'.') && self.byte(self.pos + 1).is_some_and(|b| b.is_ascii_digit()) {
            self.pos = digits(self, self.pos + 1);
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            let mut at = self.pos + 1;
            if matches!(self.byte(at), Some(b'+' | b'-')) {
                at += 1;
            }
            let end = digits(self, at);
            if end > at {
                self.pos = end;
            }
        }
        self.text(start, self.pos)
    }

    /// `tuple`: `[ items ]` or a tuple `for` expression.
    fn tuple(&mut self) -> Parsed<Built<'src>> {
        let start = self.pos;
        self.pos += 1;
        self.skip_ml()?;
        let (kind, height) = if self.keyword_ahead("for")? {
            self.for_expr(false)?
        } else {
            let mut items = Vec::new();
            let mut height = 0;
            if !self.at(b']') {
                loop {
                    let (item, item_height) = self.expr(true)?;
                    items.push(item);
                    height = height.max(item_height);
                    self.skip_ml()?;
                    if !self.at(b',') {
                        break;
                    }
                    self.pos += 1;
                    self.skip_ml()?;
                    if self.at(b']') {
                        break;
                    }
                }
            }
            items.shrink_to_fit();
            (ExpressionKind::Tuple(items), height)
        };
        self.skip_ml()?;
        self.expect(b']')?;
        Ok((Expression::new(kind, span(start, self.pos)), 1 + height))
    }

    /// `object`: `{ items }` or an object `for` expression.
    fn object(&mut self) -> Parsed<Built<'src>> {
        let start = self.pos;
        self.pos += 1;
        self.skip()?;
        let items_start = self.pos;
        self.skip_ml()?;
        let (kind, height) = if self.keyword_ahead("for")? {
            let built = self.for_expr(true)?;
            self.skip_ml()?;
            built
        } else {
            self.pos = items_start;
            self.object_items()?
        };
        self.skip()?;
        self.expect(b'}')?;
        Ok((Expression::new(kind, span(start, self.pos)), 1 + height))
    }

    /// `object_items`: `key = value` or `key: value`, separated by commas or
    /// newlines; keys and values are single-line expressions.
    fn object_items(&mut self) -> Parsed<(ExpressionKind<'src>, usize)> {
        let mut items = Vec::new();
        let mut height = 0;
        loop {
            let save = self.pos;
            self.skip()?;
            if self.nl()? {
                continue;
            }
            if self.at(b'}') {
                self.pos = save;
                break;
            }
            let (key, key_height) = self.expr(false)?;
            self.skip()?;
            if !(self.at(b'=') || self.at(b':')) {
                return Err(GiveUp);
            }
            self.pos += 1;
            self.skip()?;
            let (value, value_height) = self.expr(false)?;
            self.skip()?;
            if self.at(b',') {
                self.pos += 1;
            } else if !self.nl()? && !self.at(b'}') {
                return Err(GiveUp);
            }
            height = height.max(key_height).max(value_height);
            items.push(ObjectItem { key, value });
        }
        items.shrink_to_fit();
        Ok((ExpressionKind::Object(items), height))
    }

    /// `for_tuple` or `for_object`, from the `for` keyword.
    fn for_expr(&mut self, object: bool) -> Parsed<(ExpressionKind<'src>, usize)> {
        self.pos += 3;
        let (key_var, value_var) = self.for_names()?;
        self.skip_ml()?;
        if !self.keyword_ahead("in")? {
            return Err(GiveUp);
        }
        self.pos += 2;
        self.skip_ml()?;
        let (collection, mut height) = self.expr(true)?;
        self.skip_ml()?;
        self.expect(b':')?;
        self.skip_ml()?;
        let (first, first_height) = self.expr(true)?;
        height = height.max(first_height);
        let (key_expr, value_expr, group) = if object {
            self.skip_ml()?;
            if !self.starts_with("=>") {
                return Err(GiveUp);
            }
            self.pos += 2;
            self.skip_ml()?;
            let (value, value_height) = self.expr(true)?;
            height = height.max(value_height);
            let save = self.pos;
            self.skip_ml()?;
            let group = self.starts_with("...");
            if group {
                self.pos += 3;
            } else {
                self.pos = save;
            }
            (Some(first), value, group)
        } else {
            (None, first, false)
        };
        let save = self.pos;
        self.skip_ml()?;
        let condition = if self.keyword_ahead("if")? {
            self.pos += 2;
            self.skip_ml()?;
            let (condition, condition_height) = self.expr(true)?;
            height = height.max(condition_height);
            Some(condition)
        } else {
            self.pos = save;
            None
        };
        let kind = ExpressionKind::For(Box::new(ForExpr {
            key_var,
            value_var,
            collection,
            key_expr,
            value_expr,
            condition,
            group,
        }));
        Ok((kind, 1 + height))
    }

    /// The one or two names after `for`: the key variable if two, and the
    /// value variable.
    pub(super) fn for_names(&mut self) -> Parsed<(Option<&'src str>, &'src str)> {
        self.skip_ml()?;
        let (first, _) = self.identifier()?;
        let save = self.pos;
        self.skip_ml()?;
        if self.at(b',') {
            self.pos += 1;
            self.skip_ml()?;
            let (second, _) = self.identifier()?;
            Ok((Some(first), second))
        } else {
            self.pos = save;
            Ok((None, first))
        }
    }
}
