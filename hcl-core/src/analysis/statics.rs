//! The static list, map and call interpretations.

use std::fmt;
use std::sync::Arc;

use super::location::{ExprRef, Location};
use crate::ast::{Expression, ExpressionKind, FunctionCall, ObjectItem};
use crate::span::{Range, SourceFile, Span};

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
