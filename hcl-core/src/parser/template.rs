//! Template assembly: strip markers, heredoc indentation, and the nesting
//! of `%{ if }` and `%{ for }` directives.

use std::borrow::Cow;
use std::sync::Arc;

use unicode_segmentation::UnicodeSegmentation;

use crate::ast::{Expression, Template, TemplateFor, TemplateIf, TemplatePart};
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::span::{SourceFile, Span};

/// A flat template token, before directives are nested.
pub(super) enum TemplateToken<'src> {
    Literal {
        text: Cow<'src, str>,
        span: Span,
    },
    Interp {
        expr: Expression<'src>,
        strip_left: bool,
        strip_right: bool,
    },
    Directive {
        directive: Directive<'src>,
        strip_left: bool,
        strip_right: bool,
        span: Span,
    },
}

/// The directives.
pub(super) enum Directive<'src> {
    If(Expression<'src>),
    Else,
    EndIf,
    For {
        key_var: Option<&'src str>,
        value_var: &'src str,
        collection: Expression<'src>,
    },
    EndFor,
}

impl Directive<'_> {
    fn name(&self) -> &'static str {
        match self {
            Directive::If(_) => "if",
            Directive::Else => "else",
            Directive::EndIf => "endif",
            Directive::For { .. } => "for",
            Directive::EndFor => "endfor",
        }
    }
}

/// Where a template's content starts, and what ends it.
#[derive(Debug, Clone, Copy)]
pub(super) struct Bounds {
    /// The offset of the content, after any opening quote or marker.
    pub(super) content_start: u32,
    /// The closing quote or marker, or the empty span at the end of a bare
    /// template.
    pub(super) end: Span,
}

/// Applies strip markers (and, for `<<-` heredocs, the removal of common
/// indentation), then nests the directives.
pub(super) fn assemble<'src>(
    mut tokens: Vec<TemplateToken<'src>>,
    flush: bool,
    bounds: Bounds,
    file: &Arc<SourceFile>,
    diags: &mut Diagnostics,
) -> Template<'src> {
    apply_strip_markers(&mut tokens);
    if flush {
        flush_indentation(&mut tokens);
    }
    if tokens.is_empty() {
        return Template {
            parts: vec![TemplatePart::Literal(
                Cow::Borrowed(""),
                Span::empty(bounds.content_start),
            )],
        };
    }
    let mut nester = Nester {
        tokens: tokens.into_iter().peekable(),
        file,
        diags,
        end: bounds.end,
    };
    let (template, stray) = nester.sequence();
    if let Some((directive, dspan)) = stray {
        nester.unexpected(&directive, dspan, None);
    }
    template
}

fn apply_strip_markers(tokens: &mut [TemplateToken<'_>]) {
    for i in 0..tokens.len() {
        let (strip_left, strip_right) = match tokens.get(i) {
            Some(TemplateToken::Interp {
                strip_left,
                strip_right,
                ..
            })
            | Some(TemplateToken::Directive {
                strip_left,
                strip_right,
                ..
            }) => (*strip_left, *strip_right),
            _ => continue,
        };
        if strip_left && i > 0 {
            if let Some(TemplateToken::Literal { text, .. }) = tokens.get_mut(i - 1) {
                trim_cow_end(text);
            }
        }
        if strip_right {
            if let Some(TemplateToken::Literal { text, .. }) = tokens.get_mut(i + 1) {
                trim_cow_start(text);
            }
        }
    }
}

fn trim_cow_start(text: &mut Cow<'_, str>) {
    match text {
        Cow::Borrowed(s) => *s = s.trim_start(),
        Cow::Owned(s) => *s = s.trim_start().to_owned(),
    }
}

fn trim_cow_end(text: &mut Cow<'_, str>) {
    match text {
        Cow::Borrowed(s) => *s = s.trim_end(),
        Cow::Owned(s) => s.truncate(s.trim_end().len()),
    }
}

/// Removes from each line the indentation common to all lines, counted in
/// grapheme clusters; blank lines do not count.
fn flush_indentation(tokens: &mut [TemplateToken<'_>]) {
    let mut min_spaces = usize::MAX;
    let mut at_line_start = true;
    let mut adjust = Vec::new();
    for (i, token) in tokens.iter().enumerate() {
        if at_line_start {
            at_line_start = false;
            let spaces = match token {
                TemplateToken::Literal { text, .. } => {
                    let trimmed = text.trim_start();
                    if trimmed.is_empty() && text.ends_with('\n') {
                        usize::MAX
                    } else {
                        adjust.push(i);
                        text[..text.len() - trimmed.len()].graphemes(true).count()
                    }
                }
                _ => 0,
            };
            min_spaces = min_spaces.min(spaces);
        }
        if let TemplateToken::Literal { text, .. } = token {
            if text.ends_with('\n') {
                at_line_start = true;
            }
        }
    }
    if min_spaces == usize::MAX || min_spaces == 0 {
        return;
    }
    for i in adjust {
        if let Some(TemplateToken::Literal { text, span }) = tokens.get_mut(i) {
            let cut: usize = text.graphemes(true).take(min_spaces).map(str::len).sum();
            span.start += cut as u32;
            match text {
                Cow::Borrowed(s) => *s = &s[cut..],
                Cow::Owned(s) => {
                    s.drain(..cut);
                }
            }
        }
    }
}

struct Nester<'src, 'a, I: Iterator<Item = TemplateToken<'src>>> {
    tokens: std::iter::Peekable<I>,
    file: &'a Arc<SourceFile>,
    diags: &'a mut Diagnostics,
    end: Span,
}

impl<'src, I: Iterator<Item = TemplateToken<'src>>> Nester<'src, '_, I> {
    /// Parts up to the next `else`, `endif` or `endfor` (returned) or the end.
    fn sequence(&mut self) -> (Template<'src>, Option<(Directive<'src>, Span)>) {
        let mut parts = Vec::new();
        while let Some(token) = self.tokens.next() {
            match token {
                TemplateToken::Literal { text, span } => {
                    parts.push(TemplatePart::Literal(text, span))
                }
                TemplateToken::Interp { expr, .. } => parts.push(TemplatePart::Interpolation(expr)),
                TemplateToken::Directive {
                    directive, span, ..
                } => match directive {
                    Directive::If(condition) => parts.push(self.if_directive(condition, span)),
                    Directive::For {
                        key_var,
                        value_var,
                        collection,
                    } => parts.push(self.for_directive(key_var, value_var, collection, span)),
                    other => return (Template { parts }, Some((other, span))),
                },
            }
        }
        (Template { parts }, None)
    }

    fn if_directive(&mut self, condition: Expression<'src>, span: Span) -> TemplatePart<'src> {
        let (then_template, closer) = self.sequence();
        let mut else_template = Template::default();
        let mut end_span = span;
        match closer {
            Some((Directive::EndIf, s)) => end_span = s,
            Some((Directive::Else, _)) => {
                let (t, closer) = self.sequence();
                else_template = t;
                match closer {
                    Some((Directive::EndIf, s)) => end_span = s,
                    Some((d, s)) => self.unexpected(&d, s, Some(("if", "endif", span))),
                    None => self.unclosed("if", "endif", span),
                }
            }
            Some((d, s)) => self.unexpected(&d, s, Some(("if", "endif", span))),
            None => self.unclosed("if", "endif", span),
        }
        TemplatePart::If(Box::new(TemplateIf {
            condition,
            then_template,
            else_template,
            span: span.to(end_span),
        }))
    }

    fn for_directive(
        &mut self,
        key_var: Option<&'src str>,
        value_var: &'src str,
        collection: Expression<'src>,
        span: Span,
    ) -> TemplatePart<'src> {
        let (body, closer) = self.sequence();
        let mut end_span = span;
        match closer {
            Some((Directive::EndFor, s)) => end_span = s,
            Some((d, s)) => self.unexpected(&d, s, Some(("for", "endfor", span))),
            None => self.unclosed("for", "endfor", span),
        }
        TemplatePart::For(Box::new(TemplateFor {
            key_var,
            value_var,
            collection,
            body,
            span: span.to(end_span),
        }))
    }

    fn unexpected(
        &mut self,
        directive: &Directive<'_>,
        span: Span,
        open: Option<(&str, &str, Span)>,
    ) {
        let detail = match open {
            Some((opener, closer, open_span)) => format!(
                "Expecting an {closer} directive for the {opener} started at {}.",
                self.file.range(open_span)
            ),
            None => format!(
                "There is no matching opening directive for this {} directive.",
                directive.name()
            ),
        };
        self.diags.push(
            Diagnostic::error(format!("Unexpected {} directive", directive.name()), detail)
                .with_subject(self.file, span),
        );
    }

    /// The end of the template, with the `opener` directive at `span` still
    /// open.
    fn unclosed(&mut self, opener: &str, closer: &str, span: Span) {
        self.diags.push(
            Diagnostic::error(
                "Unexpected end of template",
                format!(
                    "The {opener} directive at {} is missing its corresponding {closer} directive.",
                    self.file.range(span)
                ),
            )
            .with_subject(self.file, self.end)
            .with_context(self.file, span.to(self.end)),
        );
    }
}
