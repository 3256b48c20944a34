//! Expressions with their files: what static analysis and evaluation take.

use std::fmt;
use std::sync::Arc;

use super::bindings::Bindings;
use super::json;
use super::location::Location;
use super::statics::{self, Elements, Pairs, StaticCall, StaticPair};
use super::traversal::{self, Traversal, Traverse};
use super::variables;
use crate::ast::{Expression, ExpressionKind};
use crate::diagnostic::{Code, Diagnostics};
use crate::eval::EvalContext;
use crate::json::{JsonExpression, NodeKind, NodeRef};
use crate::span::{Range, SourceFile, Span};
use crate::value::Value;

/// An expression with the file it was parsed from: what the static analysis
/// operations take, and what body content gives for each attribute value.
///
/// It stands for an expression of either syntax: of the native syntax
/// ([`ExprRef::new`]), or a value of a file of the JSON syntax
/// ([`ExprRef::from_json`], and the attributes of a JSON body). Its methods
/// work alike for both; for a JSON value the `expr` field is a placeholder
/// (a `null` literal), see [`ExprRef::is_json`].
///
/// # Examples
///
/// ```
/// use std::sync::Arc;
/// use hcl_core::analysis::ExprRef;
/// use hcl_core::{EvalContext, SourceFile, Value};
///
/// let src = "[1 + 1, \"x\"]";
/// let expr = hcl_core::parse_expression(src, "e.hcl").unwrap();
/// let file = Arc::new(SourceFile::new("e.hcl", src));
/// let items = ExprRef::new(&expr, &file).as_static_list().unwrap();
/// assert_eq!(items[0].location().text(), "1 + 1");
/// assert_eq!(items[0].value(&EvalContext::new()).unwrap(), Value::from(2));
/// ```
#[derive(Clone, Copy)]
pub struct ExprRef<'a> {
    /// The expression (a placeholder for a value of the JSON syntax).
    pub expr: &'a Expression<'a>,
    /// The file it belongs to.
    pub file: &'a Arc<SourceFile>,
    /// The value of the JSON syntax it stands for, if it is one.
    json: Option<NodeRef<'a>>,
    /// What the body it was read from binds around it.
    bindings: Option<&'a Bindings>,
}

/// What the `expr` of an [`ExprRef`] of the JSON syntax points at.
static JSON_PLACEHOLDER: Expression<'static> = Expression {
    kind: ExpressionKind::Null,
    span: Span::empty(0),
};

impl fmt::Debug for ExprRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut f = f.debug_struct("ExprRef");
        f.field("file", &self.file.name());
        match self.json {
            Some(node) => f.field("json", node.node),
            None => f.field("expr", self.expr),
        };
        f.finish()
    }
}

impl PartialEq for ExprRef<'_> {
    /// Equal when both are the same expression node of the same file.
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.expr, other.expr)
            && Arc::ptr_eq(self.file, other.file)
            && match (self.json, other.json) {
                (Some(a), Some(b)) => a.same(&b),
                (a, b) => a.is_none() && b.is_none(),
            }
    }
}

/// The two constructors of collections; see [`ExprRef::constructor`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Constructor {
    /// `[...]`, or a JSON array.
    Tuple,
    /// `{...}`, or a JSON object.
    Object,
}

impl<'a> ExprRef<'a> {
    /// Pairs an expression with its file.
    pub fn new(expr: &'a Expression<'a>, file: &'a Arc<SourceFile>) -> Self {
        ExprRef {
            expr,
            file,
            json: None,
            bindings: None,
        }
    }

    /// The expression that a value parsed with
    /// [`parse_expression_json`](crate::parse_expression_json) stands for.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::{EvalContext, ExprRef, Value};
    /// let parsed = hcl_core::parse_expression_json(r#"{"a": "${x}"}"#, "e.json").unwrap();
    /// let expr = ExprRef::from_json(&parsed);
    /// let mut ctx = EvalContext::new();
    /// ctx.set_variable("x", Value::from(1));
    /// assert_eq!(expr.value(&ctx).unwrap(), Value::object([("a", Value::from(1))]));
    /// ```
    pub fn from_json(expr: &'a JsonExpression<'a>) -> Self {
        ExprRef::json(expr.tree.root(), &expr.source)
    }

    /// The JSON value this stands for, if it is one.
    pub(crate) fn json_node(&self) -> Option<NodeRef<'a>> {
        self.json
    }

    /// Which constructor the expression is, if it is one: a tuple (`[...]`,
    /// a JSON array) or an object (`{...}`, a JSON object); what
    /// [`ExprRef::as_static_list`] or [`ExprRef::as_static_map`] reads, told
    /// without building either.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::analysis::Constructor;
    /// use hcl_core::ExprRef;
    /// let json = hcl_core::parse_expression_json(r#"{"a": [1]}"#, "e.json").unwrap();
    /// assert_eq!(ExprRef::from_json(&json).constructor(), Some(Constructor::Object));
    /// let json = hcl_core::parse_expression_json(r#""[1]""#, "e.json").unwrap();
    /// assert_eq!(ExprRef::from_json(&json).constructor(), None);
    /// ```
    pub fn constructor(&self) -> Option<Constructor> {
        match self.json {
            Some(node) => match node.kind() {
                NodeKind::Array(_) => Some(Constructor::Tuple),
                NodeKind::Object(_) => Some(Constructor::Object),
                _ => None,
            },
            None => match self.expr.kind {
                ExpressionKind::Tuple(_) => Some(Constructor::Tuple),
                ExpressionKind::Object(_) => Some(Constructor::Object),
                _ => None,
            },
        }
    }

    /// Whether the expression is the literal `null`: the native keyword, or
    /// a JSON `null`.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::ExprRef;
    /// let json = hcl_core::parse_expression_json("null", "e.json").unwrap();
    /// assert!(ExprRef::from_json(&json).is_null());
    /// let json = hcl_core::parse_expression_json("\"null\"", "e.json").unwrap();
    /// assert!(!ExprRef::from_json(&json).is_null());
    /// ```
    pub fn is_null(&self) -> bool {
        match self.json {
            Some(node) => matches!(node.kind(), NodeKind::Null),
            None => matches!(self.expr.kind, ExpressionKind::Null),
        }
    }

    /// The expression that the JSON value `node` of `file` stands for.
    pub(crate) fn json(node: NodeRef<'a>, file: &'a Arc<SourceFile>) -> Self {
        ExprRef {
            expr: &JSON_PLACEHOLDER,
            file,
            json: Some(node),
            bindings: None,
        }
    }

    /// Whether this is a value of the JSON syntax (whose `expr` field is a
    /// placeholder) rather than an expression of the native syntax.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::ExprRef;
    /// let parsed = hcl_core::parse_expression_json("[1]", "e.json").unwrap();
    /// assert!(ExprRef::from_json(&parsed).is_json());
    /// ```
    pub fn is_json(&self) -> bool {
        self.json.is_some()
    }

    fn with(&self, expr: &'a Expression<'a>) -> ExprRef<'a> {
        ExprRef::new(expr, self.file).bound(self.bindings)
    }

    /// The expression with `bindings` around it: evaluations see those
    /// variables, static analysis leaves them out of
    /// [`ExprRef::variables`].
    pub(crate) fn bound(mut self, bindings: Option<&'a Bindings>) -> Self {
        self.bindings = bindings;
        self
    }

    /// The whole expression's span.
    pub fn span(&self) -> Span {
        match self.json {
            Some(node) => node.span(),
            None => self.expr.span,
        }
    }

    /// The whole expression's range.
    pub fn range(&self) -> Range {
        self.file.range(self.span())
    }

    /// The whole expression as a [`Location`].
    pub fn location(&self) -> Location<'a> {
        Location::new(self.file, self.span())
    }

    /// The start of the expression (see [`start_span`](super::start_span))
    /// as a [`Location`].
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::Arc;
    /// use hcl_core::analysis::ExprRef;
    /// use hcl_core::SourceFile;
    /// let src = "lookup(m, \"k\")";
    /// let expr = hcl_core::parse_expression(src, "e").unwrap();
    /// let file = Arc::new(SourceFile::new("e", src));
    /// assert_eq!(ExprRef::new(&expr, &file).start_location().text(), "lookup(");
    /// ```
    pub fn start_location(&self) -> Location<'a> {
        match self.json {
            Some(node) => Location::new(self.file, node.node.start_span()),
            None => Location::new(self.file, super::start_span(self.expr)),
        }
    }

    /// Evaluates the expression in `ctx`.
    ///
    /// # Errors
    ///
    /// Returns the diagnostics when evaluation reports an error.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::Arc;
    /// use hcl_core::analysis::ExprRef;
    /// use hcl_core::{EvalContext, SourceFile, Value};
    /// let src = "2 * 21";
    /// let expr = hcl_core::parse_expression(src, "e").unwrap();
    /// let file = Arc::new(SourceFile::new("e", src));
    /// assert_eq!(ExprRef::new(&expr, &file).value(&EvalContext::new()).unwrap(), Value::from(42));
    /// ```
    pub fn value(&self, ctx: &EvalContext<'_>) -> Result<Value, Diagnostics> {
        into_result(self.value_with_diagnostics(ctx))
    }

    /// Evaluates the expression in `ctx`, returning the value found (an
    /// unknown value where evaluation failed) with every diagnostic.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::{EvalContext, ExprRef, Value};
    /// let parsed = hcl_core::parse_expression_json(r#"["${1 + 1}", "${nope}"]"#, "e.json").unwrap();
    /// let (value, diags) = ExprRef::from_json(&parsed).value_with_diagnostics(&EvalContext::new());
    /// assert_eq!(diags.len(), 1);
    /// assert!(!value.is_wholly_known());
    /// ```
    pub fn value_with_diagnostics(&self, ctx: &EvalContext<'_>) -> (Value, Diagnostics) {
        match self.bindings {
            None => self.unbound_value(ctx),
            Some(bindings) if bindings.is_unknown() => (Value::dynamic(), Diagnostics::default()),
            Some(bindings) => self.unbound_value(&bindings.child_of(ctx)),
        }
    }

    /// The value in `ctx` itself, whatever the bindings.
    fn unbound_value(&self, ctx: &EvalContext<'_>) -> (Value, Diagnostics) {
        match self.json {
            Some(node) => json::value(node, self.file, Some(ctx)),
            None => ctx.evaluate_with_diagnostics(self.expr, self.file),
        }
    }

    /// Evaluates the expression with no evaluation context at all: the
    /// literal-only mode of the JSON syntax's specification, where a JSON
    /// string is the string itself rather than a template (`"${x}"` is the
    /// text `${x}`). This is not evaluating in an empty context (which
    /// [`ExprRef::value`] does with [`EvalContext::literal_only`]): there a
    /// JSON string is still a template. An expression of the native syntax
    /// is evaluated with [`EvalContext::literal_only`]: variables and
    /// function calls are errors.
    ///
    /// # Errors
    ///
    /// The diagnostics, when any is an error.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::{EvalContext, ExprRef, Value};
    /// let parsed = hcl_core::parse_expression_json(r#""${x}""#, "e.json").unwrap();
    /// let expr = ExprRef::from_json(&parsed);
    /// assert_eq!(expr.literal_value().unwrap(), Value::string("${x}"));
    /// assert!(expr.value(&EvalContext::literal_only()).is_err());
    /// ```
    pub fn literal_value(&self) -> Result<Value, Diagnostics> {
        into_result(self.literal_value_with_diagnostics())
    }

    /// [`ExprRef::literal_value`], returning the value found with every
    /// diagnostic.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::{ExprRef, Value};
    /// let parsed = hcl_core::parse_expression_json(r#"{"a": 1, "a": 2}"#, "e.json").unwrap();
    /// let (_, diags) = ExprRef::from_json(&parsed).literal_value_with_diagnostics();
    /// assert!(diags.to_string().contains("Duplicate object attribute"));
    /// ```
    pub fn literal_value_with_diagnostics(&self) -> (Value, Diagnostics) {
        match self.json {
            Some(node) => json::value(node, self.file, None),
            None => EvalContext::literal_only().evaluate_with_diagnostics(self.expr, self.file),
        }
    }

    /// The element expressions of a tuple constructor (a JSON array), one
    /// at a time, without a vector; `None` for any other expression. What
    /// [`ExprRef::as_static_list`] collects.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::ExprRef;
    /// let json = hcl_core::parse_expression_json("[1, 2]", "e.json").unwrap();
    /// assert_eq!(ExprRef::from_json(&json).elements().map(|e| e.len()), Some(2));
    /// ```
    pub fn elements(&self) -> Option<Elements<'a>> {
        match self.json {
            Some(node) => json::elements(node, self.file),
            None => statics::static_list(self.expr).map(|items| Elements::native(items, self.file)),
        }
        .map(|elements| elements.bound(self.bindings))
    }

    /// The static list interpretation: the element expressions of a tuple
    /// constructor.
    ///
    /// # Errors
    ///
    /// "Invalid expression" / "A static list expression is required." at
    /// the start of any other expression.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::Arc;
    /// use hcl_core::analysis::ExprRef;
    /// use hcl_core::SourceFile;
    /// let src = "[aws_vpc.main, var.id]";
    /// let expr = hcl_core::parse_expression(src, "e").unwrap();
    /// let file = Arc::new(SourceFile::new("e", src));
    /// let items = ExprRef::new(&expr, &file).as_static_list().unwrap();
    /// let texts: Vec<_> = items.iter().map(|i| i.location().text()).collect();
    /// assert_eq!(texts, ["aws_vpc.main", "var.id"]);
    /// ```
    pub fn as_static_list(&self) -> Result<Vec<ExprRef<'a>>, Diagnostics> {
        match self.elements() {
            Some(elements) => Ok(elements.collect()),
            None => Err(self
                .start_location()
                .error(
                    Code::InvalidExpression,
                    "Invalid expression",
                    "A static list expression is required.",
                )
                .into()),
        }
    }

    /// The key/value pairs of an object constructor (a JSON object's
    /// properties), one at a time, without a vector; `None` for any other
    /// expression. What [`ExprRef::as_static_map`] collects.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::ExprRef;
    /// let json = hcl_core::parse_expression_json(r#"{"a": 1}"#, "e.json").unwrap();
    /// assert_eq!(ExprRef::from_json(&json).pairs().map(|p| p.len()), Some(1));
    /// ```
    pub fn pairs(&self) -> Option<Pairs<'a>> {
        match self.json {
            Some(node) => json::pairs(node, self.file),
            None => statics::static_map(self.expr).map(|items| Pairs::native(items, self.file)),
        }
        .map(|pairs| pairs.bound(self.bindings))
    }

    /// The static map interpretation: the key/value expression pairs of an
    /// object constructor, in source order. Keys are returned as written:
    /// a bare name is a one-name traversal (see [`ExprRef::as_keyword`]).
    ///
    /// # Errors
    ///
    /// "Invalid expression" / "A static map expression is required." at the
    /// start of any other expression.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::Arc;
    /// use hcl_core::analysis::ExprRef;
    /// use hcl_core::SourceFile;
    /// let src = "{ name = 1, (var.k) = 2, 3 = 4 }";
    /// let expr = hcl_core::parse_expression(src, "e").unwrap();
    /// let file = Arc::new(SourceFile::new("e", src));
    /// let pairs = ExprRef::new(&expr, &file).as_static_map().unwrap();
    /// assert_eq!(pairs[0].key.as_keyword(), Some("name"));
    /// assert_eq!(pairs[1].key.location().text(), "(var.k)");
    /// assert_eq!(pairs[2].key.location().text(), "3");
    /// ```
    pub fn as_static_map(&self) -> Result<Vec<StaticPair<'a>>, Diagnostics> {
        match self.pairs() {
            Some(pairs) => Ok(pairs.collect()),
            None => Err(self
                .start_location()
                .error(
                    Code::InvalidExpression,
                    "Invalid expression",
                    "A static map expression is required.",
                )
                .into()),
        }
    }

    /// The static call interpretation: the function's name and argument
    /// expressions. A value of the JSON syntax is never one here: the
    /// reference reads a JSON string such as `"f(x)"` as a call, but its
    /// arguments would be native expressions parsed from the string, which
    /// nothing keeps for the lifetime of the result.
    ///
    /// # Errors
    ///
    /// "Invalid expression" / "A static function call is required." at the
    /// start of any other expression.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::Arc;
    /// use hcl_core::analysis::ExprRef;
    /// use hcl_core::SourceFile;
    /// let src = "cidrsubnet(var.cidr, 8, 1)";
    /// let expr = hcl_core::parse_expression(src, "e").unwrap();
    /// let file = Arc::new(SourceFile::new("e", src));
    /// let call = ExprRef::new(&expr, &file).as_static_call().unwrap();
    /// assert_eq!(call.name, "cidrsubnet");
    /// assert_eq!(call.arguments.len(), 3);
    /// assert_eq!(call.args_location().text(), "(var.cidr, 8, 1)");
    /// ```
    pub fn as_static_call(&self) -> Result<StaticCall<'a>, Diagnostics> {
        match statics::static_call(self.expr) {
            Some(call) => Ok(StaticCall {
                name: &call.name,
                name_span: call.name_span,
                arguments: call.args.iter().map(|a| self.with(a)).collect(),
                expand_final: call.expand_final,
                args_span: call.open_paren_span.to(call.close_paren_span),
                file: self.file,
            }),
            None => Err(self
                .start_location()
                .error(
                    Code::InvalidExpression,
                    "Invalid expression",
                    "A static function call is required.",
                )
                .into()),
        }
    }

    /// The static traversal interpretation: a variable followed by
    /// attribute and constant-index steps. `true`, `false` and `null` are
    /// read as variables of those names. A JSON string holding a traversal
    /// is read as the reference reads it: its ranges are placed as if the
    /// text began at the opening quote, one byte before it does.
    ///
    /// # Errors
    ///
    /// "Invalid expression" over the whole expression when it is anything
    /// else (a call, an operator, a template, an index with a computed key,
    /// a splat...).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::Arc;
    /// use hcl_core::analysis::ExprRef;
    /// use hcl_core::SourceFile;
    /// let src = "aws_subnet.private[0].id";
    /// let expr = hcl_core::parse_expression(src, "e").unwrap();
    /// let file = Arc::new(SourceFile::new("e", src));
    /// let t = ExprRef::new(&expr, &file).as_traversal().unwrap();
    /// assert_eq!(t.root, "aws_subnet");
    /// assert_eq!(t.steps.len(), 3);
    /// assert_eq!(t.to_string(), "aws_subnet.private[0].id");
    /// ```
    pub fn as_traversal(&self) -> Result<Traversal<'a>, Diagnostics> {
        let found = match self.json {
            Some(node) => json::traversal(node, self.file),
            None => traversal::abs_traversal(self.expr, self.file),
        };
        found.ok_or_else(|| {
            self.location()
                .error(
                    Code::InvalidExpression,
                    "Invalid expression",
                    "A single static variable reference is required: only attribute access and \
                     indexing with constant keys. No calculations, function calls, template \
                     expressions, etc are allowed here.",
                )
                .into()
        })
    }

    /// The static traversal interpretation read as relative: the root name
    /// becomes an attribute step, for callers that apply the steps to a
    /// value of their own.
    ///
    /// # Errors
    ///
    /// As [`ExprRef::as_traversal`].
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::Arc;
    /// use hcl_core::analysis::{ExprRef, Traverse};
    /// use hcl_core::SourceFile;
    /// let src = "a.b";
    /// let expr = hcl_core::parse_expression(src, "e").unwrap();
    /// let file = Arc::new(SourceFile::new("e", src));
    /// let steps = ExprRef::new(&expr, &file).as_relative_traversal().unwrap();
    /// assert!(matches!(steps[0], Traverse::Attr { name: "a", .. }));
    /// assert!(matches!(steps[1], Traverse::Attr { name: "b", .. }));
    /// ```
    pub fn as_relative_traversal(&self) -> Result<Vec<Traverse<'a>>, Diagnostics> {
        let traversal = self.as_traversal()?;
        let mut steps = Vec::with_capacity(traversal.steps.len() + 1);
        steps.push(Traverse::Attr {
            name: traversal.root,
            span: traversal.root_span,
        });
        steps.extend(traversal.steps);
        Ok(steps)
    }

    /// The text of a quoted string without interpolations or directives
    /// (escapes resolved); `None` for any other expression.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::Arc;
    /// use hcl_core::analysis::ExprRef;
    /// use hcl_core::SourceFile;
    /// let expr = hcl_core::parse_expression("\"web\"", "e").unwrap();
    /// let file = Arc::new(SourceFile::new("e", "\"web\""));
    /// assert_eq!(ExprRef::new(&expr, &file).as_string_literal().map(|t| t.as_ref()), Some("web"));
    /// ```
    pub fn as_string_literal(&self) -> Option<&'a std::borrow::Cow<'a, str>> {
        match self.json {
            Some(node) => json::string_literal(node),
            None => self.expr.as_string_literal(),
        }
    }

    /// The source text of a number literal (`8080`, `1.5e3`; in the native
    /// syntax without a sign, which is an operator there); `None` for any
    /// other expression. Its value is [`Number::parse_literal`] of the text.
    ///
    /// [`Number::parse_literal`]: crate::value::Number::parse_literal
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::ExprRef;
    /// let json = hcl_core::parse_expression_json("-8080", "e.json").unwrap();
    /// assert_eq!(ExprRef::from_json(&json).as_number_literal(), Some("-8080"));
    /// let json = hcl_core::parse_expression_json("\"8080\"", "e.json").unwrap();
    /// assert_eq!(ExprRef::from_json(&json).as_number_literal(), None);
    /// ```
    pub fn as_number_literal(&self) -> Option<&'a str> {
        match self.json {
            Some(node) => json::number_literal(node),
            None => match self.expr.kind {
                ExpressionKind::Number(text) => Some(text),
                _ => None,
            },
        }
    }

    /// The expression as a template that evaluates to its value, for
    /// writing down a value that cannot be evaluated yet: a quoted string
    /// or heredoc as its template text (literals with `${` and `%{`
    /// escaped, interpolations and directives from their source), a JSON
    /// string as its content, anything else as `${` its source `}` (a
    /// source that spans lines followed by a line break, which ends a
    /// heredoc's closing marker).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::Arc;
    /// use hcl_core::{ExprRef, SourceFile};
    /// let src = "a = \"x\\n${var.y}$${z}\"\nb = f(1)\nc = f(<<EOT\nx\nEOT\n)\n";
    /// let file = hcl_core::parse(src, "t.hcl").unwrap();
    /// let text = |i: usize| ExprRef::new(&file.body.attributes[i].expr, &file.source).source_template();
    /// assert_eq!(text(0), "x\n${var.y}$${z}");
    /// assert_eq!(text(1), "${f(1)}");
    /// assert_eq!(text(2), "${f(<<EOT\nx\nEOT\n)\n}");
    ///
    /// let json = hcl_core::parse_expression_json(r#""a \"${b}\"""#, "e.json").unwrap();
    /// assert_eq!(ExprRef::from_json(&json).source_template(), "a \"${b}\"");
    /// ```
    pub fn source_template(&self) -> String {
        match self.json {
            Some(node) => match node.kind() {
                NodeKind::String { text, .. } => text.to_string(),
                _ => format!("${{{}}}", self.location().text()),
            },
            None => super::source_template::source_template(self.expr, self.file),
        }
    }

    /// Whether the expression is a template in quotes or a heredoc, rather
    /// than any other expression.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::Arc;
    /// use hcl_core::analysis::ExprRef;
    /// use hcl_core::SourceFile;
    /// let expr = hcl_core::parse_expression("\"${a}\"", "e").unwrap();
    /// let file = Arc::new(SourceFile::new("e", "\"${a}\""));
    /// assert!(ExprRef::new(&expr, &file).is_template());
    /// ```
    pub fn is_template(&self) -> bool {
        match self.json {
            Some(node) => matches!(node.kind(), NodeKind::String { .. }),
            None => self.expr.is_template(),
        }
    }

    /// The expression as a keyword: the name, when it is a lone name with no
    /// steps (`true`, `false` and `null` included); `None` otherwise.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::Arc;
    /// use hcl_core::analysis::ExprRef;
    /// use hcl_core::SourceFile;
    /// let file = Arc::new(SourceFile::new("e", ""));
    /// let keyword = |src: &str| {
    ///     let expr = hcl_core::parse_expression(src, "e").unwrap();
    ///     ExprRef::new(&expr, &file).as_keyword().map(str::to_owned)
    /// };
    /// assert_eq!(keyword("allow").as_deref(), Some("allow"));
    /// assert_eq!(keyword("null").as_deref(), Some("null"));
    /// assert_eq!(keyword("a.b"), None);
    /// assert_eq!(keyword("\"allow\""), None);
    /// ```
    pub fn as_keyword(&self) -> Option<&'a str> {
        match self.json {
            Some(node) => json::traversal(node, self.file)
                .filter(|t| t.steps.is_empty())
                .map(|t| t.root),
            None => traversal::keyword(self.expr),
        }
    }

    /// Every traversal the expression refers to, in source order, for
    /// dependency analysis. Names bound by `for` expressions and template
    /// `for` directives are left out within their scope; the bare-name keys
    /// of object constructors are names, not references.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::Arc;
    /// use hcl_core::analysis::ExprRef;
    /// use hcl_core::SourceFile;
    /// let src = "{ for k, v in var.tags : k => upper(v) if v != local.skip }";
    /// let expr = hcl_core::parse_expression(src, "e").unwrap();
    /// let file = Arc::new(SourceFile::new("e", src));
    /// let vars = ExprRef::new(&expr, &file).variables();
    /// let names: Vec<String> = vars.iter().map(|t| t.to_string()).collect();
    /// assert_eq!(names, ["var.tags", "local.skip"]);
    /// assert_eq!(vars[1].location().text(), "local.skip");
    /// ```
    pub fn variables(&self) -> Vec<Traversal<'a>> {
        let mut found = match self.json {
            Some(node) => {
                let mut found = Vec::new();
                json::variables(node, self.file, &mut found);
                found
            }
            None => variables::variables(self.expr, self.file),
        };
        if let Some(bindings) = self.bindings {
            found.retain(|t| !bindings.binds(t.root));
        }
        found
    }
}

fn into_result<T>((value, diags): (T, Diagnostics)) -> Result<T, Diagnostics> {
    if diags.has_errors() {
        Err(diags)
    } else {
        Ok(value)
    }
}
