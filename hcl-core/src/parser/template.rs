//! Templates from their parts: strip markers, heredoc indentation, and the
//! nesting of `%{ if }` and `%{ for }` directives, with the reference's
//! diagnostics for unbalanced directives.
//!
//! A parser collects a template's flat parts in a [`Parts`] (which applies
//! the strip markers as parts arrive, exactly where the reference does), then
//! [`Parts::assemble`] nests them into a [`Template`].

use std::borrow::Cow;

use unicode_segmentation::UnicodeSegmentation;

use crate::ast::{Expression, Template, TemplateFor, TemplateIf, TemplatePart};
use crate::diagnostic::Code;
use crate::span::Span;

/// One flat part of a template, before directives are nested; each
/// expression with its height (1 for a leaf).
pub(crate) enum Part<'src> {
    /// Literal text, escapes resolved.
    Literal(Cow<'src, str>, Span),
    /// `${ expr }`, the whole sequence's span.
    Interp(Expression<'src>, usize, Span),
    /// `%{ if cond }`.
    If(Expression<'src>, usize, Span),
    /// `%{ for k, v in coll }`.
    For {
        key_var: Option<&'src str>,
        value_var: &'src str,
        collection: Expression<'src>,
        height: usize,
        span: Span,
    },
    /// `%{ else }`, `%{ endif }` or `%{ endfor }`.
    End(EndKind, Span),
}

/// The directives that end a part of a template.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum EndKind {
    Else,
    EndIf,
    EndFor,
}

impl EndKind {
    fn name(self) -> &'static str {
        match self {
            EndKind::Else => "else",
            EndKind::EndIf => "endif",
            EndKind::EndFor => "endfor",
        }
    }
}

/// The parts of a template as a parser reads them.
#[derive(Default)]
pub(crate) struct Parts<'src> {
    /// The first part while it is the only one: most templates are one
    /// piece of text, which then needs no list of its own.
    first: Option<Part<'src>>,
    /// Every part once there is more than one (`first` is then `None`).
    parts: Vec<Part<'src>>,
    /// Whether the next literal loses its leading white space (after `~}`).
    trim_next: bool,
    /// Whether the last part read was literal text, which a `${~` or
    /// `%{~` that follows it trims.
    after_literal: bool,
}

/// A diagnostic of assembly: code, summary, detail, subject.
pub(crate) type Found = (Code, String, String, Span);

/// What assembling a template found wrong.
pub(crate) enum Problem {
    /// Directives out of balance, or another mistake to report.
    Diagnostic(Found),
    /// A part nested too deep for `max_expression_depth`: its span.
    TooDeep(Span),
}

impl<'src> Parts<'src> {
    /// Literal text.
    pub(crate) fn literal(&mut self, mut text: Cow<'src, str>, span: Span) {
        if std::mem::take(&mut self.trim_next) {
            trim_start(&mut text);
        }
        self.add(Part::Literal(text, span));
        self.after_literal = true;
    }

    /// The opening of a sequence; `strip` for `${~` and `%{~`, which trim
    /// the literal text just before.
    pub(crate) fn open_sequence(&mut self, strip: bool) {
        if strip && self.after_literal {
            if let Some(Part::Literal(text, _)) = self.last_mut() {
                trim_end(text);
            }
        }
        self.after_literal = false;
        self.trim_next = false;
    }

    /// A sequence's part, after [`Parts::open_sequence`].
    pub(crate) fn push(&mut self, part: Part<'src>) {
        self.add(part);
    }

    fn add(&mut self, part: Part<'src>) {
        if self.parts.is_empty() && self.first.is_none() {
            self.first = Some(part);
            return;
        }
        if let Some(first) = self.first.take() {
            self.parts.push(first);
        }
        self.parts.push(part);
    }

    fn last_mut(&mut self) -> Option<&mut Part<'src>> {
        match &mut self.first {
            Some(first) => Some(first),
            None => self.parts.last_mut(),
        }
    }

    /// The closing of a sequence; `strip` for `~}`, which trims the literal
    /// text just after.
    pub(crate) fn close_sequence(&mut self, strip: bool) {
        self.trim_next = strip;
    }

    /// A part that is no literal text and trims nothing (a sequence left
    /// unclosed, after its diagnostic).
    pub(crate) fn break_literal(&mut self) {
        self.after_literal = false;
        self.trim_next = false;
    }

    /// Whether no part was read.
    #[cfg(any(test, feature = "pest-parser"))]
    pub(crate) fn is_empty(&self) -> bool {
        self.first.is_none() && self.parts.is_empty()
    }

    /// Whether the template is one interpolation and nothing else, whose
    /// value is the interpolated expression's own.
    pub(crate) fn is_lone_interpolation(&self) -> bool {
        matches!(self.first, Some(Part::Interp(..)))
    }

    /// The template: indentation removed for a `<<-` heredoc (`flush`),
    /// consecutive literals joined, directives nested. `start` is the empty
    /// span just after the opening quote or marker (an empty template is an
    /// empty literal there), `end` the closing one's; the parts go `level`
    /// levels deep in an expression tree of at most `max_depth` levels.
    /// Returns the template, its height, and what was wrong.
    pub(crate) fn assemble(
        mut self,
        flush: bool,
        start: Span,
        end: Span,
        level: usize,
        max_depth: usize,
        range: &dyn Fn(Span) -> String,
    ) -> (Template<'src>, usize, Vec<Problem>) {
        if self.parts.is_empty() && self.first.is_none() {
            self.first = Some(Part::Literal(Cow::Borrowed(""), start));
        }
        let mut parts = self.parts;
        if let Some(mut first) = self.first {
            if flush {
                flush_indentation(std::slice::from_mut(&mut first));
            }
            // The most common template: one piece of text.
            if let Part::Literal(text, span) = first {
                let template = Template {
                    parts: vec![TemplatePart::Literal(text, span)],
                };
                return (template, 2, Vec::new());
            }
            parts.push(first);
        } else if flush {
            flush_indentation(&mut parts);
        }
        let parts = meld_literals(parts);
        let mut nester = Nester {
            parts: parts.into_iter().peekable(),
            end,
            max_depth,
            range,
            problems: Vec::new(),
            too_deep: false,
        };
        let (template, height) = nester.root(level);
        (template, height, nester.problems)
    }
}

fn trim_start(text: &mut Cow<'_, str>) {
    match text {
        Cow::Borrowed(s) => *s = s.trim_start(),
        Cow::Owned(s) => *s = s.trim_start().to_owned(),
    }
}

fn trim_end(text: &mut Cow<'_, str>) {
    match text {
        Cow::Borrowed(s) => *s = s.trim_end(),
        Cow::Owned(s) => s.truncate(s.trim_end().len()),
    }
}

/// Removes from each line the indentation common to all lines, counted in
/// grapheme clusters: blank lines do not count, and a line that starts with
/// a sequence has none.
fn flush_indentation(parts: &mut [Part<'_>]) {
    let mut min_spaces = usize::MAX;
    let mut at_line_start = true;
    let mut adjust = Vec::new();
    for (i, part) in parts.iter().enumerate() {
        if at_line_start {
            at_line_start = false;
            let spaces = match part {
                Part::Literal(text, _) => {
                    let trimmed = text.trim_start();
                    if trimmed.is_empty() && text.ends_with('\n') {
                        usize::MAX
                    } else {
                        adjust.push(i);
                        let indent = text.get(..text.len() - trimmed.len()).unwrap_or_default();
                        indent.graphemes(true).count()
                    }
                }
                _ => 0,
            };
            min_spaces = min_spaces.min(spaces);
        }
        if let Part::Literal(text, _) = part {
            if text.ends_with('\n') {
                at_line_start = true;
            }
        }
    }
    if min_spaces == usize::MAX || min_spaces == 0 {
        return;
    }
    for i in adjust {
        if let Some(Part::Literal(text, span)) = parts.get_mut(i) {
            let cut: usize = text.graphemes(true).take(min_spaces).map(str::len).sum();
            span.start += cut as u32;
            match text {
                Cow::Borrowed(s) => *s = s.get(cut..).unwrap_or_default(),
                Cow::Owned(s) => {
                    s.drain(..cut.min(s.len()));
                }
            }
        }
    }
}

/// Joins consecutive literals into one.
fn meld_literals(parts: Vec<Part<'_>>) -> Vec<Part<'_>> {
    let consecutive = parts
        .windows(2)
        .any(|w| matches!(w, [Part::Literal(..), Part::Literal(..)]));
    if !consecutive {
        return parts;
    }
    let mut out: Vec<Part<'_>> = Vec::with_capacity(parts.len());
    for part in parts {
        if let (Some(Part::Literal(text, span)), Part::Literal(next, next_span)) =
            (out.last_mut(), &part)
        {
            text.to_mut().push_str(next);
            span.end = next_span.end;
            continue;
        }
        out.push(part);
    }
    out
}

/// Nests the directives of a template's parts.
struct Nester<'src, 'r, I: Iterator<Item = Part<'src>>> {
    parts: std::iter::Peekable<I>,
    /// The closing quote or marker (the end of the input for a bare
    /// template).
    end: Span,
    max_depth: usize,
    range: &'r dyn Fn(Span) -> String,
    problems: Vec<Problem>,
    /// Set once a part went too deep: nothing more is nested.
    too_deep: bool,
}

impl<'src, I: Iterator<Item = Part<'src>>> Nester<'src, '_, I> {
    fn report(&mut self, code: Code, summary: String, detail: String, subject: Span) {
        self.problems
            .push(Problem::Diagnostic((code, summary, detail, subject)));
    }

    /// Whether a part of `height` fits at `level`; reports it at `at`
    /// when it does not.
    fn fits(&mut self, level: usize, height: usize, at: Span) -> bool {
        if self.too_deep {
            return false;
        }
        if level + height.saturating_sub(1) > self.max_depth {
            self.too_deep = true;
            self.problems.push(Problem::TooDeep(at));
            return false;
        }
        true
    }

    /// The parts up to the end, at `level`.
    fn root(&mut self, level: usize) -> (Template<'src>, usize) {
        let mut template = Template {
            parts: Vec::with_capacity(self.parts.size_hint().0),
        };
        let mut height = 1;
        while self.parts.peek().is_some() && !self.too_deep {
            if let Some((part, h)) = self.part(level) {
                height = height.max(h + 1);
                template.parts.push(part);
            }
        }
        (template, height)
    }

    /// One part at `level`, with its height; `None` after a diagnostic.
    fn part(&mut self, level: usize) -> Option<(TemplatePart<'src>, usize)> {
        match self.parts.next()? {
            Part::Literal(text, span) => Some((TemplatePart::Literal(text, span), 1)),
            Part::Interp(expr, height, span) => self
                .fits(level, height, span)
                .then_some((TemplatePart::Interpolation(expr), height)),
            Part::If(condition, height, span) => self.if_directive(condition, height, span, level),
            Part::For {
                key_var,
                value_var,
                collection,
                height,
                span,
            } => self.for_directive(key_var, value_var, collection, height, span, level),
            Part::End(kind, span) => {
                self.report(
                    Code::UnexpectedDirective,
                    format!("Unexpected {} directive", kind.name()),
                    "The control directives within this template are unbalanced.".into(),
                    span,
                );
                None
            }
        }
    }

    /// The parts up to an `else`, `endif` or `endfor` (read and returned),
    /// or the end (`None`), at `level`.
    fn until_end(&mut self, level: usize) -> (Template<'src>, usize, Option<(EndKind, Span)>) {
        let mut template = Template::default();
        let mut height = 0;
        loop {
            match self.parts.peek() {
                None => return (template, height, None),
                Some(Part::End(kind, span)) => {
                    let end = (*kind, *span);
                    self.parts.next();
                    return (template, height, Some(end));
                }
                Some(_) => {
                    if let Some((part, h)) = self.part(level) {
                        height = height.max(h);
                        template.parts.push(part);
                    }
                    if self.too_deep {
                        return (template, height, None);
                    }
                }
            }
        }
    }

    fn unclosed(&mut self, opener: &str, closer: &str, span: Span) {
        let detail = format!(
            "The {opener} directive at {} is missing its corresponding {closer} directive.",
            (self.range)(span)
        );
        self.report(
            Code::UnexpectedEndOfTemplate,
            "Unexpected end of template".into(),
            detail,
            self.end,
        );
    }

    fn if_directive(
        &mut self,
        condition: Expression<'src>,
        height: usize,
        span: Span,
        level: usize,
    ) -> Option<(TemplatePart<'src>, usize)> {
        if !self.fits(level + 1, height, condition.span) {
            return None;
        }
        let (mut then_template, then_height, mut closer) = self.until_end(level + 1);
        let mut else_template = Template::default();
        let mut else_height = 0;
        if let Some((EndKind::Else, else_span)) = closer {
            let (parts, h, next) = self.until_end(level + 1);
            else_template = parts;
            else_height = h;
            closer = next;
            if then_template.parts.is_empty() {
                then_template.parts.push(empty_literal_after(span));
            }
            if let Some((EndKind::Else, again)) = closer {
                let detail = format!(
                    "Already in the else clause for the if started at {}.",
                    (self.range)(span)
                );
                self.report(
                    Code::UnexpectedDirective,
                    "Unexpected else directive".into(),
                    detail,
                    again,
                );
                return None;
            }
            let _ = else_span;
        }
        let end_span = match closer {
            Some((EndKind::EndIf, end_span)) => end_span,
            Some((kind, other)) => {
                let detail = format!(
                    "Expecting an endif directive for the if started at {}.",
                    (self.range)(span)
                );
                self.report(
                    Code::UnexpectedDirective,
                    format!("Unexpected {} directive", kind.name()),
                    detail,
                    other,
                );
                return None;
            }
            None => {
                if !self.too_deep {
                    self.unclosed("if", "endif", span);
                }
                return None;
            }
        };
        if then_template.parts.is_empty() {
            then_template.parts.push(empty_literal_after(span));
        }
        if else_template.parts.is_empty() {
            else_template.parts.push(TemplatePart::Literal(
                Cow::Borrowed(""),
                Span::empty(end_span.start),
            ));
        }
        let height = 1 + height.max(then_height).max(else_height).max(1);
        Some((
            TemplatePart::If(Box::new(TemplateIf {
                condition,
                then_template,
                else_template,
                span: span.to(end_span),
            })),
            height,
        ))
    }

    #[allow(
        clippy::too_many_arguments,
        reason = "the parts of a for directive, as read"
    )]
    fn for_directive(
        &mut self,
        key_var: Option<&'src str>,
        value_var: &'src str,
        collection: Expression<'src>,
        height: usize,
        span: Span,
        level: usize,
    ) -> Option<(TemplatePart<'src>, usize)> {
        if !self.fits(level + 1, height, collection.span) {
            return None;
        }
        let (mut body, body_height, closer) = self.until_end(level + 1);
        let end_span = match closer {
            Some((EndKind::EndFor, end_span)) => end_span,
            Some((EndKind::Else, other)) => {
                self.report(
                    Code::UnexpectedDirective,
                    "Unexpected else directive".into(),
                    "An else clause is not expected for a for directive.".into(),
                    other,
                );
                return None;
            }
            Some((kind, other)) => {
                let detail = format!(
                    "Expecting an endfor directive corresponding to the for directive at {}.",
                    (self.range)(span)
                );
                self.report(
                    Code::UnexpectedDirective,
                    format!("Unexpected {} directive", kind.name()),
                    detail,
                    other,
                );
                return None;
            }
            None => {
                if !self.too_deep {
                    self.unclosed("for", "endfor", span);
                }
                return None;
            }
        };
        if body.parts.is_empty() {
            body.parts.push(empty_literal_after(span));
        }
        let height = 1 + height.max(body_height).max(1);
        Some((
            TemplatePart::For(Box::new(TemplateFor {
                key_var,
                value_var,
                collection,
                body,
                span: span.to(end_span),
            })),
            height,
        ))
    }
}

/// An empty literal just after a directive's span.
fn empty_literal_after<'src>(span: Span) -> TemplatePart<'src> {
    TemplatePart::Literal(Cow::Borrowed(""), Span::empty(span.end))
}
