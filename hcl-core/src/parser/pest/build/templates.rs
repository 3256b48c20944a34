//! Templates: quoted strings, heredocs, their text, interpolations and
//! directives.

use super::*;

impl<'src> Builder<'src, '_> {
    pub(super) fn heredoc(&mut self, pair: Pair<'src, Rule>, span: Span) -> Expression<'src> {
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

    pub(super) fn template_expression(
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
        Expression::new(ExpressionKind::Template(template), span)
    }

    pub(super) fn assemble(
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
    pub(in crate::parser::pest) fn bare_template(
        &mut self,
        pair: Pair<'src, Rule>,
    ) -> Template<'src> {
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
    pub(super) fn template_parts(
        &mut self,
        pairs: std::vec::IntoIter<Pair<'src, Rule>>,
    ) -> Parts<'src> {
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
    pub(super) fn sequence(&mut self, pair: Pair<'src, Rule>) -> (bool, bool, Expression<'src>) {
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

    pub(super) fn directive(
        &mut self,
        parts: &mut Parts<'src>,
        pair: Pair<'src, Rule>,
        span: Span,
    ) {
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
    pub(super) fn quoted_literal(&mut self, pair: Pair<'src, Rule>) -> Cow<'src, str> {
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
