//! Templates: quoted strings, heredocs and template files.

use std::borrow::Cow;

use super::Expression;
use crate::span::Span;

/// A template: literal text, interpolations and directives, in order, with
/// strip markers and heredoc indentation already applied to the literals.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Template<'src> {
    /// The parts, in order.
    pub parts: Vec<TemplatePart<'src>>,
}

/// One part of a template.
#[derive(Debug, Clone, PartialEq)]
pub enum TemplatePart<'src> {
    /// Literal text, escapes resolved.
    Literal(Cow<'src, str>, Span),
    /// `${ expression }`.
    Interpolation(Expression<'src>),
    /// `%{ if }` ... `%{ else }` ... `%{ endif }`.
    If(Box<TemplateIf<'src>>),
    /// `%{ for }` ... `%{ endfor }`.
    For(Box<TemplateFor<'src>>),
}

/// `%{ if cond }then%{ else }else%{ endif }`.
#[derive(Debug, Clone, PartialEq)]
pub struct TemplateIf<'src> {
    /// The condition.
    pub condition: Expression<'src>,
    /// The template used when the condition is true.
    pub then_template: Template<'src>,
    /// The template used when it is false (empty without `%{ else }`).
    pub else_template: Template<'src>,
    /// From `%{ if` to the closing `}` of `%{ endif }`.
    pub span: Span,
}

/// `%{ for k, v in coll }body%{ endfor }`.
#[derive(Debug, Clone, PartialEq)]
pub struct TemplateFor<'src> {
    /// The key variable, if two names were given.
    pub key_var: Option<&'src str>,
    /// The value variable.
    pub value_var: &'src str,
    /// The collection iterated over.
    pub collection: Expression<'src>,
    /// The template repeated for each element.
    pub body: Template<'src>,
    /// From `%{ for` to the closing `}` of `%{ endfor }`.
    pub span: Span,
}
