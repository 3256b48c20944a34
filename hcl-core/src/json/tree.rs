//! The tree of a JSON document: every value with the byte span it came
//! from, object properties in source order (repeated names kept).
//!
//! The children of objects and arrays are not a vector each but runs of
//! two vectors of the whole document ([`Tree`]): a document of many small
//! objects is a few allocations, freed at once. A node is read through a
//! [`NodeRef`], the node with the tree its children are in.

use std::borrow::Cow;

use crate::span::Span;

/// A parsed JSON value (the root) and the children of its objects and
/// arrays.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Tree<'src> {
    pub(crate) root: Node<'src>,
    /// Every object's properties, each object's a run in source order.
    properties: Vec<Property<'src>>,
    /// Every array's elements, each array's a run in order.
    elements: Vec<Node<'src>>,
}

impl<'src> Tree<'src> {
    /// The tree of `root`, whose children are runs of `properties` and
    /// `elements`.
    pub(crate) fn new(
        root: Node<'src>,
        properties: Vec<Property<'src>>,
        elements: Vec<Node<'src>>,
    ) -> Self {
        Tree {
            root,
            properties,
            elements,
        }
    }

    /// The root value.
    pub(crate) fn root(&self) -> NodeRef<'_> {
        NodeRef {
            node: &self.root,
            tree: self,
        }
    }
}

/// A run of children: where it starts in its vector of the [`Tree`], and
/// how many.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Run {
    start: u32,
    len: u32,
}

impl Run {
    /// No children.
    pub(crate) const EMPTY: Run = Run { start: 0, len: 0 };

    /// The run of `len` children from `start`; `None` when the numbers do
    /// not fit (a document has fewer than 2^32 values: its size is
    /// bounded below 4 GiB).
    pub(crate) fn new(start: usize, len: usize) -> Option<Run> {
        Some(Run {
            start: u32::try_from(start).ok()?,
            len: u32::try_from(len).ok()?,
        })
    }

    fn of<T>(self, all: &[T]) -> &[T] {
        let start = self.start as usize;
        all.get(start..start + self.len as usize)
            .unwrap_or_default()
    }
}

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
    /// An object: its properties in source order. Its braces are the first
    /// and last bytes of its node's span.
    Object(Run),
    /// An array: its elements in order. Its brackets are the first and
    /// last bytes of its node's span.
    Array(Run),
    /// A string, its escapes resolved: borrowed from the source when it has
    /// none; `template` tells whether the text holds a template sequence
    /// (`${` or `%{`, or their escapes), found when it was read.
    String {
        text: Cow<'src, str>,
        template: bool,
    },
    /// A number, as its source text (valid JSON number syntax).
    Number(&'src str),
    Bool(bool),
    Null,
    /// What stands where a value failed to parse.
    Invalid,
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
            NodeKind::String { text, .. } => text,
            _ => "",
        }
    }

    /// The whole property, name to end of value.
    pub(crate) fn span(&self) -> Span {
        self.name.span.to(self.value.span)
    }
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

/// A node of a [`Tree`], with the tree, to read its children by.
#[derive(Clone, Copy)]
pub(crate) struct NodeRef<'a> {
    pub(crate) node: &'a Node<'a>,
    tree: &'a Tree<'a>,
}

impl<'a> NodeRef<'a> {
    pub(crate) fn kind(&self) -> &'a NodeKind<'a> {
        &self.node.kind
    }

    pub(crate) fn span(&self) -> Span {
        self.node.span
    }

    /// An object's properties; `None` for any other value.
    pub(crate) fn properties(&self) -> Option<&'a [Property<'a>]> {
        match self.node.kind {
            NodeKind::Object(run) => Some(run.of(&self.tree.properties)),
            _ => None,
        }
    }

    /// An array's elements; `None` for any other value.
    pub(crate) fn elements(&self) -> Option<&'a [Node<'a>]> {
        match self.node.kind {
            NodeKind::Array(run) => Some(run.of(&self.tree.elements)),
            _ => None,
        }
    }

    /// `node`, a child of this tree's.
    pub(crate) fn at(&self, node: &'a Node<'a>) -> NodeRef<'a> {
        NodeRef {
            node,
            tree: self.tree,
        }
    }

    /// Whether both are the same node (of the same tree: no two trees
    /// share a node's place).
    pub(crate) fn same(&self, other: &NodeRef<'_>) -> bool {
        std::ptr::addr_eq(self.node, other.node)
    }
}
