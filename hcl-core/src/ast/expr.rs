//! Expressions.

use std::borrow::Cow;
use std::fmt;

use super::{Template, TemplatePart};
use crate::span::Span;

/// An expression with its source span.
///
/// # Examples
///
/// ```
/// use hcl_core::ast::{ExpressionKind, BinaryOp};
/// let expr = hcl_core::parse_expression("a + 1", "expr.hcl").unwrap();
/// let ExpressionKind::Binary { op, .. } = &expr.kind else { panic!() };
/// assert_eq!(*op, BinaryOp::Add);
/// assert_eq!((expr.span.start, expr.span.end), (0, 5));
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Expression<'src> {
    /// What kind of expression this is.
    pub kind: ExpressionKind<'src>,
    /// The whole expression.
    pub span: Span,
}

/// The kinds of expression of the native syntax.
#[derive(Debug, Clone, PartialEq)]
pub enum ExpressionKind<'src> {
    /// A number literal, as written (digits, fraction, exponent).
    Number(&'src str),
    /// `true` or `false`.
    Bool(bool),
    /// `null`.
    Null,
    /// Where a syntax error left no expression to read, in the tree of a
    /// file that does not parse ([`parse_partial`](crate::parse_partial));
    /// its span is where the error is. It evaluates to an unknown value of
    /// any type, without a diagnostic of its own: the parse reported the
    /// error. A successful parse never holds one.
    Invalid,
    /// A quoted string or heredoc with more than a lone interpolation.
    Template(Template<'src>),
    /// A template that is exactly one interpolation, `"${x}"`: its value is
    /// the inner expression's, not converted to a string.
    TemplateWrap(Box<Expression<'src>>),
    /// A variable with constant traversal steps: `a`, `a.b[0]`.
    ScopeTraversal {
        /// The variable's name.
        root: &'src str,
        /// The variable's name in the source.
        root_span: Span,
        /// Attribute and constant-index steps after the name.
        steps: Vec<TraversalStep<'src>>,
    },
    /// Constant traversal steps applied to the result of another expression:
    /// `f(x).a`, `[1, 2][0]`.
    RelativeTraversal {
        /// The expression traversed.
        source: Box<Expression<'src>>,
        /// The steps.
        steps: Vec<TraversalStep<'src>>,
    },
    /// `collection[key]` with a key that is not a literal.
    Index {
        /// The collection.
        collection: Box<Expression<'src>>,
        /// The key.
        key: Box<Expression<'src>>,
        /// The brackets and the key.
        bracket_span: Span,
    },
    /// `source[*].each` or `source.*.each`: `each` is evaluated for each
    /// element, with [`ExpressionKind::SplatItem`] standing for the element.
    Splat {
        /// The collection.
        source: Box<Expression<'src>>,
        /// The expression applied to each element.
        each: Box<Expression<'src>>,
        /// The `[*]` or `.*` marker.
        marker_span: Span,
    },
    /// The current element inside the `each` of a splat.
    SplatItem,
    /// `name(args...)`.
    FunctionCall(Box<FunctionCall<'src>>),
    /// `[a, b]`.
    Tuple(Vec<Expression<'src>>),
    /// `{ k = v }`.
    Object(Vec<ObjectItem<'src>>),
    /// `-x` or `!x`.
    Unary {
        /// The operator.
        op: UnaryOp,
        /// The operand.
        operand: Box<Expression<'src>>,
    },
    /// `a op b`.
    Binary {
        /// The operator.
        op: BinaryOp,
        /// The left operand.
        lhs: Box<Expression<'src>>,
        /// The right operand.
        rhs: Box<Expression<'src>>,
    },
    /// `cond ? a : b`.
    Conditional {
        /// The predicate.
        condition: Box<Expression<'src>>,
        /// The result when true.
        true_result: Box<Expression<'src>>,
        /// The result when false.
        false_result: Box<Expression<'src>>,
    },
    /// A `for` expression, tuple or object form.
    For(Box<ForExpr<'src>>),
    /// `( expression )`.
    Parens(Box<Expression<'src>>),
}

/// One step of a traversal.
#[derive(Debug, Clone, PartialEq)]
pub struct TraversalStep<'src> {
    /// What the step does.
    pub kind: TraversalStepKind<'src>,
    /// The step, dot or brackets included.
    pub span: Span,
}

/// Attribute access or indexing by a constant key.
#[derive(Debug, Clone, PartialEq)]
pub enum TraversalStepKind<'src> {
    /// `.name`
    Attr(&'src str),
    /// `[key]` or the legacy `.0` with a literal key: a number, string,
    /// bool or null literal expression.
    Index(Box<Expression<'src>>),
}

/// A function call.
#[derive(Debug, Clone, PartialEq)]
pub struct FunctionCall<'src> {
    /// The function's name; the parts of a namespaced name are joined by
    /// `::` (`provider::aws::arn`), whatever the spaces or comments around
    /// the separators in the source.
    pub name: Cow<'src, str>,
    /// The arguments.
    pub args: Vec<Expression<'src>>,
    /// Whether the last argument ends with `...` and is expanded.
    pub expand_final: bool,
    /// The name.
    pub name_span: Span,
    /// The opening parenthesis.
    pub open_paren_span: Span,
    /// The closing parenthesis.
    pub close_paren_span: Span,
}

/// One `key = value` item of an object constructor.
#[derive(Debug, Clone, PartialEq)]
pub struct ObjectItem<'src> {
    /// The key. A bare identifier (a [`ExpressionKind::ScopeTraversal`] with
    /// no steps) stands for its own name unless the key is parenthesised,
    /// which then is an [`ExpressionKind::Parens`].
    pub key: Expression<'src>,
    /// The value.
    pub value: Expression<'src>,
}

/// A `for` expression: `[for v in c: e if cond]` or `{for k, v in c: ke => ve... if cond}`.
#[derive(Debug, Clone, PartialEq)]
pub struct ForExpr<'src> {
    /// The key (or index) variable, if two names were given.
    pub key_var: Option<&'src str>,
    /// The value variable.
    pub value_var: &'src str,
    /// The collection iterated over.
    pub collection: Expression<'src>,
    /// The key expression of the object form; `None` in the tuple form.
    pub key_expr: Option<Expression<'src>>,
    /// The value expression.
    pub value_expr: Expression<'src>,
    /// The `if` filter.
    pub condition: Option<Expression<'src>>,
    /// Whether `...` groups values with equal keys into tuples.
    pub group: bool,
}

/// Unary operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UnaryOp {
    /// `-`
    Negate,
    /// `!`
    Not,
}

/// Binary operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BinaryOp {
    /// `||`
    Or,
    /// `&&`
    And,
    /// `==`
    Equal,
    /// `!=`
    NotEqual,
    /// `<`
    Less,
    /// `<=`
    LessOrEqual,
    /// `>`
    Greater,
    /// `>=`
    GreaterOrEqual,
    /// `+`
    Add,
    /// `-`
    Subtract,
    /// `*`
    Multiply,
    /// `/`
    Divide,
    /// `%`
    Modulo,
}

impl BinaryOp {
    /// The operator as written.
    pub fn symbol(self) -> &'static str {
        match self {
            BinaryOp::Or => "||",
            BinaryOp::And => "&&",
            BinaryOp::Equal => "==",
            BinaryOp::NotEqual => "!=",
            BinaryOp::Less => "<",
            BinaryOp::LessOrEqual => "<=",
            BinaryOp::Greater => ">",
            BinaryOp::GreaterOrEqual => ">=",
            BinaryOp::Add => "+",
            BinaryOp::Subtract => "-",
            BinaryOp::Multiply => "*",
            BinaryOp::Divide => "/",
            BinaryOp::Modulo => "%",
        }
    }
}

impl fmt::Display for BinaryOp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.symbol())
    }
}

impl<'src> Expression<'src> {
    /// The text of a quoted string without interpolations or directives
    /// (escapes resolved); `None` for any other expression.
    ///
    /// # Examples
    ///
    /// ```
    /// let expr = hcl_core::parse_expression("\"a\\tb\"", "e").unwrap();
    /// assert_eq!(expr.as_string_literal().map(|t| t.as_ref()), Some("a\tb"));
    /// let expr = hcl_core::parse_expression("\"a${b}\"", "e").unwrap();
    /// assert_eq!(expr.as_string_literal(), None);
    /// ```
    pub fn as_string_literal(&self) -> Option<&Cow<'src, str>> {
        let ExpressionKind::Template(template) = &self.kind else {
            return None;
        };
        match template.parts.as_slice() {
            [TemplatePart::Literal(text, _)] => Some(text),
            _ => None,
        }
    }

    /// Whether the expression is a template in quotes or a heredoc (with
    /// or without interpolations), rather than any other expression.
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(hcl_core::parse_expression("\"${a}\"", "e").unwrap().is_template());
    /// assert!(!hcl_core::parse_expression("a", "e").unwrap().is_template());
    /// ```
    pub fn is_template(&self) -> bool {
        matches!(
            self.kind,
            ExpressionKind::Template(_) | ExpressionKind::TemplateWrap(_)
        )
    }

    /// Makes an expression from its kind and span.
    pub fn new(kind: ExpressionKind<'src>, span: Span) -> Self {
        Expression { kind, span }
    }
}
