//! Turns pest pairs into the AST.

use std::borrow::Cow;
use std::sync::Arc;

use pest::iterators::Pair;

use super::grammar::Rule;

mod expressions;
mod templates;
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
}

fn empty_body<'src>(end_span: Span) -> Body<'src> {
    Body {
        attributes: Vec::new(),
        blocks: Vec::new(),
        span: end_span,
        end_span,
    }
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
