//! The tree of a JSON document: every value with the byte span it came
//! from, object properties in source order (repeated names kept).

use std::borrow::Cow;

use crate::span::Span;

/// A JSON value and its span.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Node<'src> {
    pub(crate) kind: NodeKind<'src>,
    /// The whole value: brace to brace, bracket to bracket, quote to quote.
    pub(crate) span: Span,
}

/// The kinds of JSON value.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum NodeKind<'src> {
    Object(Object<'src>),
    Array(Array<'src>),
    /// A string, its escapes resolved: borrowed from the source when it has
    /// none.
    String(Cow<'src, str>),
    /// A number, as its source text (valid JSON number syntax).
    Number(&'src str),
    Bool(bool),
    Null,
    /// What stands where a value failed to parse.
    Invalid,
}

/// An object: its properties in source order.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Object<'src> {
    pub(crate) properties: Vec<Property<'src>>,
    /// The opening brace.
    pub(crate) open: Span,
    /// The closing brace.
    pub(crate) close: Span,
}

/// One `"name": value` of an object.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Property<'src> {
    /// The name, a string node (its span is the quoted name's).
    pub(crate) name: Node<'src>,
    pub(crate) value: Node<'src>,
}

impl<'src> Property<'src> {
    /// The name's text.
    pub(crate) fn name(&self) -> &str {
        match &self.name.kind {
            NodeKind::String(s) => s,
            _ => "",
        }
    }

    /// The whole property, name to end of value.
    pub(crate) fn span(&self) -> Span {
        self.name.span.to(self.value.span)
    }
}

/// An array: its elements in order.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Array<'src> {
    pub(crate) items: Vec<Node<'src>>,
    /// The opening bracket.
    pub(crate) open: Span,
}

impl<'src> Node<'src> {
    /// The start of the value, where the reference reports a value of the
    /// wrong kind: an object's opening brace, an array's opening bracket,
    /// else the whole value.
    pub(crate) fn start_span(&self) -> Span {
        match &self.kind {
            NodeKind::Object(o) => o.open,
            NodeKind::Array(a) => a.open,
            _ => self.span,
        }
    }
}
