//! Static traversals: `root.attr[key]...` read from an expression.

use std::fmt;
use std::sync::Arc;

use super::location::Location;
use crate::ast::{Expression, ExpressionKind, TemplatePart, TraversalStep, TraversalStepKind};
use crate::diagnostic::{Code, Diagnostic};
use crate::span::{Range, SourceFile, Span};
use crate::types::Type;
use crate::value::{Number, Value};

/// A variable reference read statically: a root name and the attribute and
/// constant-index steps after it, each with its span.
///
/// # Examples
///
/// ```
/// use std::sync::Arc;
/// use hcl_core::analysis::{ExprRef, Traverse};
/// use hcl_core::{SourceFile, Value};
///
/// let src = "module.vpc[\"main\"].id";
/// let expr = hcl_core::parse_expression(src, "e").unwrap();
/// let file = Arc::new(SourceFile::new("e", src));
/// let t = ExprRef::new(&expr, &file).as_traversal().unwrap();
/// assert_eq!(t.root, "module");
/// let Traverse::Index { key, span } = &t.steps[1] else { panic!() };
/// assert_eq!(key, &Value::string("main"));
/// assert_eq!(&src[span.as_range()], "[\"main\"]");
/// assert_eq!(t.location().text(), src);
/// ```
#[derive(Clone)]
pub struct Traversal<'a> {
    /// The variable's name.
    pub root: &'a str,
    /// The variable's name in the source.
    pub root_span: Span,
    /// The steps after the name, in order.
    pub steps: Vec<Traverse<'a>>,
    /// The file the traversal belongs to.
    pub file: &'a Arc<SourceFile>,
}

/// One step of a [`Traversal`].
#[derive(Debug, Clone, PartialEq)]
pub enum Traverse<'a> {
    /// `.name`
    Attr {
        /// The attribute's name.
        name: &'a str,
        /// The step, dot included.
        span: Span,
    },
    /// `[key]`, or the legacy `.0`, with a constant key.
    Index {
        /// The key: a string, number, bool or null.
        key: Value,
        /// The step, brackets included.
        span: Span,
    },
}

impl Traverse<'_> {
    /// The step's span.
    pub fn span(&self) -> Span {
        match self {
            Traverse::Attr { span, .. } | Traverse::Index { span, .. } => *span,
        }
    }
}

impl<'a> Traversal<'a> {
    /// The whole traversal, root to last step.
    pub fn span(&self) -> Span {
        self.steps
            .last()
            .map_or(self.root_span, |s| self.root_span.to(s.span()))
    }

    /// The whole traversal's range.
    pub fn range(&self) -> Range {
        self.file.range(self.span())
    }

    /// The whole traversal as a [`Location`].
    pub fn location(&self) -> Location<'a> {
        Location::new(self.file, self.span())
    }

    /// An error about the whole traversal.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::Arc;
    /// use hcl_core::analysis::ExprRef;
    /// use hcl_core::{Code, SourceFile};
    /// let src = "1 + var.nope";
    /// let expr = hcl_core::parse_expression(src, "e.hcl").unwrap();
    /// let file = Arc::new(SourceFile::new("e.hcl", src));
    /// let vars = ExprRef::new(&expr, &file).variables();
    /// let diag = vars[0].error(Code::Custom, "Reference to undeclared input variable", "");
    /// assert!(diag.to_string().contains("1 | 1 + var.nope\n  |     ^^^^^^^^\n"));
    /// ```
    pub fn error(
        &self,
        code: Code,
        summary: impl Into<String>,
        detail: impl Into<String>,
    ) -> Diagnostic {
        self.location().error(code, summary, detail)
    }
}

impl PartialEq for Traversal<'_> {
    /// Equal names, steps and spans in the same file.
    fn eq(&self, other: &Self) -> bool {
        self.root == other.root
            && self.root_span == other.root_span
            && self.steps == other.steps
            && Arc::ptr_eq(self.file, other.file)
    }
}

impl fmt::Debug for Traversal<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Traversal")
            .field("root", &self.root)
            .field("root_span", &self.root_span)
            .field("steps", &self.steps)
            .field("file", &self.file.name())
            .finish()
    }
}

impl fmt::Display for Traversal<'_> {
    /// The traversal in native syntax: `a.b[0]["k"]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.root)?;
        for step in &self.steps {
            match step {
                Traverse::Attr { name, .. } => write!(f, ".{name}")?,
                Traverse::Index { key, .. } => {
                    f.write_str("[")?;
                    write_key(f, key)?;
                    f.write_str("]")?;
                }
            }
        }
        Ok(())
    }
}

fn write_key(f: &mut fmt::Formatter<'_>, key: &Value) -> fmt::Result {
    if key.is_null() {
        return f.write_str("null");
    }
    if let Some(s) = key.as_str() {
        f.write_str("\"")?;
        for c in s.chars() {
            match c {
                '"' => f.write_str("\\\"")?,
                '\\' => f.write_str("\\\\")?,
                '\n' => f.write_str("\\n")?,
                '\r' => f.write_str("\\r")?,
                '\t' => f.write_str("\\t")?,
                c => write!(f, "{c}")?,
            }
        }
        return f.write_str("\"");
    }
    if let Some(n) = key.as_number() {
        return write!(f, "{n}");
    }
    if let Some(b) = key.as_bool() {
        return write!(f, "{b}");
    }
    f.write_str("?")
}

/// The absolute traversal an expression stands for, if it is one.
pub(super) fn abs_traversal<'a>(
    expr: &Expression<'a>,
    file: &'a Arc<SourceFile>,
) -> Option<Traversal<'a>> {
    match &expr.kind {
        ExpressionKind::ScopeTraversal {
            root,
            root_span,
            steps,
        } => Some(Traversal {
            root,
            root_span: *root_span,
            steps: convert_steps(steps)?,
            file,
        }),
        ExpressionKind::Bool(_) | ExpressionKind::Null => Some(Traversal {
            root: keyword_literal(expr)?,
            root_span: expr.span,
            steps: Vec::new(),
            file,
        }),
        ExpressionKind::RelativeTraversal { source, steps } => {
            let mut traversal = abs_traversal(source, file)?;
            traversal.steps.extend(convert_steps(steps)?);
            Some(traversal)
        }
        _ => None,
    }
}

/// The keyword an expression stands for: a lone name with no steps.
pub(super) fn keyword<'a>(expr: &Expression<'a>) -> Option<&'a str> {
    match &expr.kind {
        ExpressionKind::ScopeTraversal { root, steps, .. } if steps.is_empty() => Some(*root),
        ExpressionKind::Bool(_) | ExpressionKind::Null => keyword_literal(expr),
        _ => None,
    }
}

/// The keyword a literal was written as, when traversal syntax would have
/// read it as a name.
fn keyword_literal(expr: &Expression<'_>) -> Option<&'static str> {
    match expr.kind {
        ExpressionKind::Bool(true) => Some("true"),
        ExpressionKind::Bool(false) => Some("false"),
        ExpressionKind::Null => Some("null"),
        _ => None,
    }
}

fn convert_steps<'a>(steps: &[TraversalStep<'a>]) -> Option<Vec<Traverse<'a>>> {
    steps
        .iter()
        .map(|step| match &step.kind {
            TraversalStepKind::Attr(name) => Some(Traverse::Attr {
                name,
                span: step.span,
            }),
            TraversalStepKind::Index(key) => Some(Traverse::Index {
                key: constant_key(key)?,
                span: step.span,
            }),
        })
        .collect()
}

/// The value of a constant index key: the literals the parser allows there.
fn constant_key(key: &Expression<'_>) -> Option<Value> {
    match &key.kind {
        ExpressionKind::Number(text) => Number::parse_literal(text).map(Value::number),
        ExpressionKind::Bool(b) => Some(Value::bool(*b)),
        ExpressionKind::Null => Some(Value::null(Type::Dynamic)),
        ExpressionKind::Template(template) => {
            let mut text = String::new();
            for part in &template.parts {
                match part {
                    TemplatePart::Literal(s, _) => text.push_str(s),
                    _ => return None,
                }
            }
            Some(Value::string(text))
        }
        _ => None,
    }
}

/// The traversal of a variable reference, with as many of its steps as have
/// constant keys (all of them, for any expression the parser produces).
pub(super) fn reference<'a>(
    root: &'a str,
    root_span: Span,
    steps: &[TraversalStep<'a>],
    file: &'a Arc<SourceFile>,
) -> Traversal<'a> {
    let mut converted = Vec::with_capacity(steps.len());
    for step in steps {
        match convert_steps(std::slice::from_ref(step)) {
            Some(mut one) => converted.append(&mut one),
            None => break,
        }
    }
    Traversal {
        root,
        root_span,
        steps: converted,
        file,
    }
}
