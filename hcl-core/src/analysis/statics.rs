//! The static list, map and call interpretations.

use std::fmt;
use std::sync::Arc;

use super::bindings::Bindings;
use super::expr_ref::ExprRef;
use super::location::Location;
use crate::ast::{Expression, ExpressionKind, FunctionCall, ObjectItem};
use crate::json::{Node, NodeRef, Property};
use crate::span::{Range, SourceFile, Span};

/// The element expressions of a tuple constructor (a JSON array), one at
/// a time: what [`ExprRef::as_static_list`] collects, read without a
/// vector. Made by [`ExprRef::elements`].
///
/// # Examples
///
/// ```
/// use hcl_core::ExprRef;
/// let json = hcl_core::parse_expression_json("[1, \"a\", [true]]", "e.json").unwrap();
/// let elements = ExprRef::from_json(&json).elements().unwrap();
/// assert_eq!(elements.len(), 3);
/// let texts: Vec<&str> = elements.map(|e| e.location().text()).collect();
/// assert_eq!(texts, ["1", "\"a\"", "[true]"]);
/// ```
#[derive(Clone)]
pub struct Elements<'a> {
    items: Items<'a>,
    file: &'a Arc<SourceFile>,
    bindings: Option<&'a Bindings>,
}

#[derive(Clone)]
enum Items<'a> {
    Native(std::slice::Iter<'a, Expression<'a>>),
    /// The array's elements, and the array (for the tree they are in).
    Json(std::slice::Iter<'a, Node<'a>>, NodeRef<'a>),
}

impl<'a> Elements<'a> {
    pub(super) fn native(items: &'a [Expression<'a>], file: &'a Arc<SourceFile>) -> Self {
        Elements {
            items: Items::Native(items.iter()),
            file,
            bindings: None,
        }
    }

    pub(super) fn json(
        array: NodeRef<'a>,
        items: &'a [Node<'a>],
        file: &'a Arc<SourceFile>,
    ) -> Self {
        Elements {
            items: Items::Json(items.iter(), array),
            file,
            bindings: None,
        }
    }

    /// The elements with what the body binds around the list.
    pub(super) fn bound(mut self, bindings: Option<&'a Bindings>) -> Self {
        self.bindings = bindings;
        self
    }
}

impl<'a> Iterator for Elements<'a> {
    type Item = ExprRef<'a>;

    fn next(&mut self) -> Option<ExprRef<'a>> {
        match &mut self.items {
            Items::Native(items) => items.next().map(|e| ExprRef::new(e, self.file)),
            Items::Json(items, array) => {
                items.next().map(|n| ExprRef::json(array.at(n), self.file))
            }
        }
        .map(|e| e.bound(self.bindings))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        match &self.items {
            Items::Native(items) => items.size_hint(),
            Items::Json(items, _) => items.size_hint(),
        }
    }
}

impl ExactSizeIterator for Elements<'_> {}

/// The key/value pairs of an object constructor (a JSON object's
/// properties), one at a time: what [`ExprRef::as_static_map`] collects,
/// read without a vector. Made by [`ExprRef::pairs`].
///
/// # Examples
///
/// ```
/// use hcl_core::ExprRef;
/// let json = hcl_core::parse_expression_json(r#"{"a": 1, "b": [2]}"#, "e.json").unwrap();
/// let pairs = ExprRef::from_json(&json).pairs().unwrap();
/// let texts: Vec<&str> = pairs.map(|p| p.value.location().text()).collect();
/// assert_eq!(texts, ["1", "[2]"]);
/// ```
#[derive(Clone)]
pub struct Pairs<'a> {
    items: PairItems<'a>,
    file: &'a Arc<SourceFile>,
    bindings: Option<&'a Bindings>,
}

#[derive(Clone)]
enum PairItems<'a> {
    Native(std::slice::Iter<'a, ObjectItem<'a>>),
    /// The object's properties, and the object (for the tree they are
    /// in).
    Json(std::slice::Iter<'a, Property<'a>>, NodeRef<'a>),
}

impl<'a> Pairs<'a> {
    pub(super) fn native(items: &'a [ObjectItem<'a>], file: &'a Arc<SourceFile>) -> Self {
        Pairs {
            items: PairItems::Native(items.iter()),
            file,
            bindings: None,
        }
    }

    pub(super) fn json(
        object: NodeRef<'a>,
        items: &'a [Property<'a>],
        file: &'a Arc<SourceFile>,
    ) -> Self {
        Pairs {
            items: PairItems::Json(items.iter(), object),
            file,
            bindings: None,
        }
    }

    /// The pairs with what the body binds around the object.
    pub(super) fn bound(mut self, bindings: Option<&'a Bindings>) -> Self {
        self.bindings = bindings;
        self
    }
}

impl<'a> Iterator for Pairs<'a> {
    type Item = StaticPair<'a>;

    fn next(&mut self) -> Option<StaticPair<'a>> {
        let (file, b) = (self.file, self.bindings);
        match &mut self.items {
            PairItems::Native(items) => items.next().map(|item| StaticPair {
                key: ExprRef::new(&item.key, file).bound(b),
                value: ExprRef::new(&item.value, file).bound(b),
            }),
            PairItems::Json(items, object) => items.next().map(|p| StaticPair {
                key: ExprRef::json(object.at(&p.name), file).bound(b),
                value: ExprRef::json(object.at(&p.value), file).bound(b),
            }),
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        match &self.items {
            PairItems::Native(items) => items.size_hint(),
            PairItems::Json(items, _) => items.size_hint(),
        }
    }
}

impl ExactSizeIterator for Pairs<'_> {}

impl fmt::Debug for Pairs<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Pairs")
            .field("len", &self.len())
            .field("file", &self.file.name())
            .finish()
    }
}

impl fmt::Debug for Elements<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Elements")
            .field("len", &self.len())
            .field("file", &self.file.name())
            .finish()
    }
}

/// One key/value pair of a static map.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StaticPair<'a> {
    /// The key expression, as written.
    pub key: ExprRef<'a>,
    /// The value expression.
    pub value: ExprRef<'a>,
}

/// A function call read statically: its name and argument expressions.
///
/// # Examples
///
/// ```
/// use std::sync::Arc;
/// use hcl_core::analysis::ExprRef;
/// use hcl_core::SourceFile;
/// let src = "concat(a, b...)";
/// let expr = hcl_core::parse_expression(src, "e").unwrap();
/// let file = Arc::new(SourceFile::new("e", src));
/// let call = ExprRef::new(&expr, &file).as_static_call().unwrap();
/// assert!(call.expand_final);
/// assert_eq!(call.name_location().text(), "concat");
/// assert_eq!(call.arguments[1].location().text(), "b");
/// ```
#[derive(Clone)]
pub struct StaticCall<'a> {
    /// The function's name, `::` separators of namespaced names included.
    pub name: &'a str,
    /// The name's span.
    pub name_span: Span,
    /// The argument expressions.
    pub arguments: Vec<ExprRef<'a>>,
    /// Whether the last argument is followed by `...`.
    pub expand_final: bool,
    /// The parentheses and everything between them.
    pub args_span: Span,
    /// The file the call belongs to.
    pub file: &'a Arc<SourceFile>,
}

impl<'a> StaticCall<'a> {
    /// The name's range.
    pub fn name_range(&self) -> Range {
        self.file.range(self.name_span)
    }

    /// The arguments' range, parentheses included.
    pub fn args_range(&self) -> Range {
        self.file.range(self.args_span)
    }

    /// The name as a [`Location`].
    pub fn name_location(&self) -> Location<'a> {
        Location::new(self.file, self.name_span)
    }

    /// The parenthesised arguments as a [`Location`].
    pub fn args_location(&self) -> Location<'a> {
        Location::new(self.file, self.args_span)
    }
}

pub(super) fn static_list<'e, 'src>(expr: &'e Expression<'src>) -> Option<&'e [Expression<'src>]> {
    match &expr.kind {
        ExpressionKind::Tuple(items) => Some(items),
        _ => None,
    }
}

pub(super) fn static_map<'e, 'src>(expr: &'e Expression<'src>) -> Option<&'e [ObjectItem<'src>]> {
    match &expr.kind {
        ExpressionKind::Object(items) => Some(items),
        _ => None,
    }
}

pub(super) fn static_call<'e, 'src>(expr: &'e Expression<'src>) -> Option<&'e FunctionCall<'src>> {
    match &expr.kind {
        ExpressionKind::FunctionCall(call) => Some(call),
        _ => None,
    }
}

impl PartialEq for StaticCall<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name
            && self.name_span == other.name_span
            && self.arguments == other.arguments
            && self.expand_final == other.expand_final
            && self.args_span == other.args_span
            && Arc::ptr_eq(self.file, other.file)
    }
}

impl fmt::Debug for StaticCall<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("StaticCall")
            .field("name", &self.name)
            .field("arguments", &self.arguments)
            .field("expand_final", &self.expand_final)
            .field("file", &self.file.name())
            .finish_non_exhaustive()
    }
}
