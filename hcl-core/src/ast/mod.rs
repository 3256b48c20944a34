//! The syntax tree of the native syntax, with the source span of every node.
//!
//! Names and identifiers borrow from the source text; strings borrow too
//! unless an escape sequence or a strip marker forced a copy.

mod expr;
mod template;
mod walk;

pub use expr::{
    BinaryOp, Expression, ExpressionKind, ForExpr, FunctionCall, ObjectItem, TraversalStep,
    TraversalStepKind, UnaryOp,
};
pub use template::{Template, TemplateFor, TemplateIf, TemplatePart};

use std::borrow::Cow;

use crate::span::Span;

/// A body: the attributes and blocks of a file or of a block, each list in
/// source order.
///
/// # Examples
///
/// ```
/// let file = hcl_core::parse("a = 1\nb { c = 2 }\n", "main.hcl").unwrap();
/// assert_eq!(file.body.attributes[0].name, "a");
/// assert_eq!(file.body.blocks[0].block_type, "b");
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Body<'src> {
    /// The attributes, in source order.
    pub attributes: Vec<Attribute<'src>>,
    /// The blocks, in source order.
    pub blocks: Vec<Block<'src>>,
    /// The whole body, braces excluded.
    pub span: Span,
    /// An empty span where the body ends: before the closing brace, or at the
    /// end of the file. Diagnostics about something missing point here.
    pub end_span: Span,
}

impl<'src> Body<'src> {
    /// The block of this body (not of the bodies within it) whose span
    /// holds the byte offset `byte`: the block a diagnostic at that offset
    /// is in. Blocks are in source order, so this is a binary search.
    ///
    /// # Examples
    ///
    /// ```
    /// let src = "a = 1\nlocals {\n  x = 1 + \"q\"\n}\n";
    /// let file = hcl_core::parse(src, "main.tf").unwrap();
    /// let at = u32::try_from(src.find("1 +").unwrap()).unwrap();
    /// assert_eq!(file.body.block_at(at).map(|b| b.header()), Some("locals".to_owned()));
    /// assert!(file.body.block_at(0).is_none());
    /// ```
    pub fn block_at(&self, byte: u32) -> Option<&Block<'src>> {
        let at = self.blocks.partition_point(|b| b.span.end <= byte);
        self.blocks
            .get(at)
            .filter(|b| b.span.start <= byte && byte < b.span.end)
    }

    /// The attribute named `name`, if any.
    pub fn attribute(&self, name: &str) -> Option<&Attribute<'src>> {
        self.attributes.iter().find(|a| a.name == name)
    }

    /// The blocks of type `block_type`, in source order.
    pub fn blocks_of_type<'a>(
        &'a self,
        block_type: &'a str,
    ) -> impl Iterator<Item = &'a Block<'src>> + 'a {
        self.blocks
            .iter()
            .filter(move |b| b.block_type == block_type)
    }
}

/// `name = expression`.
#[derive(Debug, Clone, PartialEq)]
pub struct Attribute<'src> {
    /// The attribute's name.
    pub name: &'src str,
    /// The value expression.
    pub expr: Expression<'src>,
    /// The name.
    pub name_span: Span,
    /// The whole attribute, name to end of expression.
    pub span: Span,
}

/// `type "label" ... { body }`.
#[derive(Debug, Clone, PartialEq)]
pub struct Block<'src> {
    /// The block type, the identifier before the labels.
    pub block_type: &'src str,
    /// The labels, in order.
    pub labels: Vec<Label<'src>>,
    /// The block's body.
    pub body: Body<'src>,
    /// The block type name.
    pub type_span: Span,
    /// The opening brace.
    pub open_brace_span: Span,
    /// The closing brace.
    pub close_brace_span: Span,
    /// The whole block, type to closing brace.
    pub span: Span,
}

impl Block<'_> {
    /// The block's header: type and labels, without the body.
    pub fn def_span(&self) -> Span {
        self.type_span.to(self.open_brace_span)
    }

    /// The block's type and labels as text, each label quoted:
    /// `resource "aws_instance" "web"`, as diagnostics name the block
    /// they are in (a label's `"`, `\` and control characters are escaped).
    ///
    /// # Examples
    ///
    /// ```
    /// let file = hcl_core::parse("resource \"aws_instance\" web {\n}\n", "main.tf").unwrap();
    /// assert_eq!(file.body.blocks[0].header(), r#"resource "aws_instance" "web""#);
    /// ```
    pub fn header(&self) -> String {
        let mut out = self.block_type.to_owned();
        for label in &self.labels {
            // Quoted with escapes for `"`, `\` and control characters.
            out.push_str(&format!(" {:?}", label.value.as_ref()));
        }
        out
    }
}

/// A block label, quoted (`"x"`) or bare (`x`).
#[derive(Debug, Clone, PartialEq)]
pub struct Label<'src> {
    /// The label's text, escapes resolved.
    pub value: Cow<'src, str>,
    /// The label, quotes included.
    pub span: Span,
}

/// The first token of an expression, or the part of it that identifies its
/// kind (`name(` of a call, the opening bracket of a constructor): where a
/// diagnostic about the expression's kind points.
///
/// # Examples
///
/// ```
/// use hcl_core::ast::start_span;
/// use hcl_core::Span;
/// let expr = hcl_core::parse_expression("upper(x) + 1", "e").unwrap();
/// assert_eq!(start_span(&expr), Span::new(0, 6));
/// let expr = hcl_core::parse_expression("{ a = 1 }", "e").unwrap();
/// assert_eq!(start_span(&expr), Span::new(0, 1));
/// ```
pub fn start_span(expr: &Expression<'_>) -> Span {
    use crate::ast::{ExpressionKind as K, TemplatePart};
    let first_byte = |span: Span| Span::new(span.start, (span.start + 1).min(span.end));
    match &expr.kind {
        K::Tuple(_) | K::Object(_) | K::For(_) | K::Unary { .. } => first_byte(expr.span),
        K::Index { bracket_span, .. } => first_byte(*bracket_span),
        K::FunctionCall(call) => call.name_span.to(call.open_paren_span),
        K::Conditional { condition, .. } => start_span(condition),
        K::Binary { lhs, .. } => start_span(lhs),
        // Parentheses only group: the start is the inner expression's.
        K::Parens(inner) => start_span(inner),
        K::Splat { marker_span, .. } => *marker_span,
        K::Template(template) => match template.parts.first() {
            Some(TemplatePart::Literal(_, span)) => *span,
            Some(TemplatePart::Interpolation(inner)) => start_span(inner),
            Some(TemplatePart::If(directive)) => start_span(&directive.condition),
            Some(TemplatePart::For(directive)) => directive.span,
            None => expr.span,
        },
        _ => expr.span,
    }
}
