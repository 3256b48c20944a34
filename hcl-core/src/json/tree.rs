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

/// An object: its properties in source order. Its braces are the first
/// and last bytes of its node's span.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Object<'src> {
    pub(crate) properties: Vec<Property<'src>>,
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

/// An array: its elements in order. Its brackets are the first and last
/// bytes of its node's span.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Array<'src> {
    pub(crate) items: Vec<Node<'src>>,
}

impl<'src> Node<'src> {
    /// The start of the value, where the reference reports a value of the
    /// wrong kind: an object's opening brace, an array's opening bracket,
    /// else the whole value.
    pub(crate) fn start_span(&self) -> Span {
        match &self.kind {
            NodeKind::Object(_) | NodeKind::Array(_) => self.open_span(),
            _ => self.span,
        }
    }

    /// The first byte of the span: an object's opening brace, an array's
    /// opening bracket (empty for the empty stand-in of a root that is
    /// not an object).
    pub(crate) fn open_span(&self) -> Span {
        let start = self.span.start;
        Span::new(start, (start + 1).min(self.span.end))
    }

    /// The last byte of the span: an object's closing brace, an array's
    /// closing bracket.
    pub(crate) fn close_span(&self) -> Span {
        let end = self.span.end;
        Span::new(end.saturating_sub(1).max(self.span.start), end)
    }
}
