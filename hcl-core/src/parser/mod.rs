//! The native-syntax parser.
//!
//! A recursive-descent parser over the tokens of [`crate::lexer`], built
//! the way the reference implementation's parser is, so that it accepts the
//! same inputs, builds the same trees and, on a syntax error, recovers the
//! same way and reports the same diagnostics, every error of a file and not
//! only the first. `pest/hcl.pest` is the grammar of record: the tests
//! (and a fuzz target) check this parser against it, and with the
//! `pest-parser` feature it is a parser of its own, `parse_with_grammar`.
//!
//! On top of the reference's rules, resource limits (`Limits`) bound the
//! nesting of brackets and blocks and the depth of expression trees, so
//! that no input can exhaust the stack, here or in the code that walks the
//! trees.

mod body;
mod collections;
mod expr;
mod invalid;
mod lazy;
mod names;
mod peeker;
#[cfg(any(test, feature = "pest-parser"))]
pub(crate) mod pest;
mod quoted;
mod recover;
mod stacks;
mod strings;
mod template;
mod traversal;

use std::sync::Arc;

use crate::ast::{Body, Expression, ExpressionKind, Template};
use crate::diagnostic::{Code, Diagnostic, Diagnostics};
use crate::lexer::{Lexer, Start, TokenKind};
use crate::limits::Limits;
use crate::span::{SourceFile, Span};
#[cfg(any(test, feature = "pest-parser"))]
pub(crate) use expr::is_number;
pub(crate) use lazy::LazyFile;
pub(crate) use lazy::LazyItem;
use peeker::Peeker;

const BYTE_ORDER_MARK: &str = "\u{feff}";

/// A parsed configuration file: its body and its source, for diagnostics.
#[derive(Debug, Clone)]
pub struct File<'src> {
    /// The top-level body.
    pub body: Body<'src>,
    /// The source text and name, for positions and rendering.
    pub source: Arc<SourceFile>,
}

/// Options for parsing.
///
/// # Examples
///
/// ```
/// use hcl_core::{parse_with, Limits, ParseOptions};
/// let options = ParseOptions { limits: Limits { max_nesting_depth: 4, ..Limits::default() } };
/// let err = parse_with("a = [[[[[1]]]]]\n", "deep.hcl", &options).unwrap_err();
/// assert!(err.to_string().contains("max_nesting_depth"));
/// ```
#[derive(Debug, Clone, Default)]
pub struct ParseOptions {
    /// Resource limits.
    pub limits: Limits,
}

/// Parses a configuration file of the native syntax.
///
/// Attributes and blocks keep their source order and spans. The reference
/// implementation's leniencies are kept: tabs are whitespace and a leading
/// UTF-8 byte order mark is skipped.
///
/// # Errors
///
/// Returns the diagnostics when the text is not valid native syntax: every
/// syntax error the parser finds as it recovers from each, and every
/// repeated attribute name, in the reference implementation's order.
///
/// # Examples
///
/// ```
/// let file = hcl_core::parse("service \"web\" {\n  port = 80\n}\n", "app.hcl").unwrap();
/// let block = &file.body.blocks[0];
/// assert_eq!(block.block_type, "service");
/// assert_eq!(block.labels[0].value, "web");
///
/// let err = hcl_core::parse("a = 1 b = 2\n", "app.hcl").unwrap_err();
/// assert_eq!(err.as_slice()[0].code, hcl_core::Code::MissingNewlineAfterArgument);
/// assert!(err.to_string().contains("Missing newline after argument"));
/// ```
pub fn parse<'src>(source: &'src str, filename: &str) -> Result<File<'src>, Diagnostics> {
    parse_with(source, filename, &ParseOptions::default())
}

/// Parses a configuration file with the given options; see [`parse`].
///
/// # Errors
///
/// As [`parse`], plus a diagnostic naming the limit when the input exceeds
/// one of `options.limits`.
///
/// # Examples
///
/// ```
/// use hcl_core::{parse_with, ParseOptions};
/// let file = parse_with("a = 1\n", "a.hcl", &ParseOptions::default()).unwrap();
/// assert_eq!(file.body.attributes.len(), 1);
/// ```
pub fn parse_with<'src>(
    source: &'src str,
    filename: &str,
    options: &ParseOptions,
) -> Result<File<'src>, Diagnostics> {
    let file = Arc::new(SourceFile::new(filename, source));
    parse_in(source, file, &options.limits)
}

/// Parses the text of `file`, a source already made: a file read into
/// memory and handed over with [`SourceFile::from_string`] is so held once,
/// not copied. [`SyntaxTree::parse`](crate::SyntaxTree::parse) is its
/// public form, which keeps the tree with the source.
///
/// # Errors
///
/// As [`parse_with`].
pub(crate) fn parse_source<'src>(
    file: &'src Arc<SourceFile>,
    options: &ParseOptions,
) -> Result<File<'src>, Diagnostics> {
    parse_in(file.text(), Arc::clone(file), &options.limits)
}

fn parse_in<'src>(
    source: &'src str,
    file: Arc<SourceFile>,
    limits: &Limits,
) -> Result<File<'src>, Diagnostics> {
    parse_telling_limits(source, file, limits).map_err(|(diags, _)| diags)
}

/// [`parse_in`], telling in an error whether a limit was exceeded.
fn parse_telling_limits<'src>(
    source: &'src str,
    file: Arc<SourceFile>,
    limits: &Limits,
) -> Result<File<'src>, (Diagnostics, bool)> {
    parse_paths(source, file, limits, true)
}

/// Parses as [`parse`] does, reading every construct from its tokens:
/// without the fast paths, whose results must be the same.
#[cfg(any(test, feature = "pest-parser"))]
pub fn parse_from_tokens<'src>(
    source: &'src str,
    filename: &str,
) -> Result<File<'src>, Diagnostics> {
    let file = Arc::new(SourceFile::new(filename, source));
    parse_paths(source, file, &Limits::default(), false).map_err(|(diags, _)| diags)
}

fn parse_paths<'src>(
    source: &'src str,
    file: Arc<SourceFile>,
    limits: &Limits,
    fast: bool,
) -> Result<File<'src>, (Diagnostics, bool)> {
    let (body, diags, limited) = read_top_body(source, &file, limits, fast);
    if diags.has_errors() {
        return Err((diags, limited));
    }
    Ok(File { body, source: file })
}

/// The body of the whole text, as far as the parser's recovery reads it,
/// with every diagnostic and whether a limit was exceeded.
fn read_top_body<'src>(
    source: &'src str,
    file: &Arc<SourceFile>,
    limits: &Limits,
    fast: bool,
) -> (Body<'src>, Diagnostics, bool) {
    if let Err(diags) = check_size(source, file, limits) {
        let body = Body {
            attributes: Vec::new(),
            blocks: Vec::new(),
            span: Span::empty(0),
            end_span: Span::empty(0),
        };
        return (body, diags, true);
    }
    let start = bom_len(source);
    let mut parser = Parser::new(Lexer::new(source, start, Start::Code), file, limits);
    parser.fast = fast;
    let body = parser.top_body();
    let limited = parser.limit_error.is_some();
    (body, parser.finish_all(), limited)
}

/// Parses a configuration file of the native syntax as far as it can be
/// read, valid or not: the tree the parser's recovery gives, with every
/// diagnostic [`parse`] would return. This is the tree an editor reads
/// while a file is being typed.
///
/// For a file that parses, the tree is [`parse`]'s and the diagnostics are
/// empty. After a syntax error, the parser skips what it cannot read as
/// the reference implementation does: to the end of the item (an
/// attribute or block header), or to the bracket that closes the
/// construct the error is in. What it read before and after stays in the
/// tree:
/// - an attribute whose value cannot be read keeps its name, and its
///   value is an [`ExpressionKind::Invalid`](crate::ast::ExpressionKind::Invalid)
///   where the error is (so are the parts of an expression that cannot be
///   read);
/// - a block without its closing brace holds the items up to the end of
///   the file; its [`Block::close_brace_span`](crate::ast::Block::close_brace_span)
///   is empty, at the end;
/// - a line that is neither an attribute nor a block is left out.
///
/// Every span is within the text and within the span of the item (the
/// attribute or block) that holds it.
///
/// # Examples
///
/// ```
/// use hcl_core::ast::ExpressionKind;
/// let (file, diags) = hcl_core::parse_partial("service \"web\" {\n  port = \n  image = \"x\"\n", "app.hcl");
/// // The missing expression; once recovering, the unclosed block is not
/// // reported again, as in the reference implementation.
/// assert_eq!(diags.len(), 1);
/// let service = &file.body.blocks[0];
/// let port = &service.body.attributes[0];
/// assert_eq!(port.name, "port");
/// assert!(matches!(port.expr.kind, ExpressionKind::Invalid));
/// assert_eq!(service.body.attributes[1].name, "image");
///
/// let (file, diags) = hcl_core::parse_partial("a = 1\n", "app.hcl");
/// assert!(diags.is_empty());
/// assert_eq!(file.body, hcl_core::parse("a = 1\n", "app.hcl").unwrap().body);
/// ```
pub fn parse_partial<'src>(source: &'src str, filename: &str) -> (File<'src>, Diagnostics) {
    parse_partial_with(source, filename, &ParseOptions::default())
}

/// [`parse_partial`] with the given options. Where a limit is exceeded,
/// the tree stops there, and the diagnostic names the limit.
///
/// # Examples
///
/// ```
/// use hcl_core::{parse_partial_with, Limits, ParseOptions};
/// let options = ParseOptions { limits: Limits { max_nesting_depth: 2, ..Limits::default() } };
/// let (file, diags) = parse_partial_with("a = 1\nb = [[[1]]]\n", "deep.hcl", &options);
/// assert_eq!(file.body.attributes[0].name, "a");
/// assert!(diags.to_string().contains("max_nesting_depth"));
/// ```
pub fn parse_partial_with<'src>(
    source: &'src str,
    filename: &str,
    options: &ParseOptions,
) -> (File<'src>, Diagnostics) {
    let file = Arc::new(SourceFile::new(filename, source));
    let (body, diags, _) = read_top_body(source, &file, &options.limits, true);
    (File { body, source: file }, diags)
}

/// Parses again the items of a body that an earlier parse of `file` found:
/// `body_span` and `end_span` are that body's [`Body::span`] and
/// [`Body::end_span`]. Positions stay those of the whole file, so
/// diagnostics point where the first parse would have. This lets a body be
/// kept as a file and two offsets, and read in full later.
///
/// # Errors
///
/// The diagnostics of a syntax error, when the span is not the body of an
/// earlier parse of the same text.
pub(crate) fn reparse_body(
    file: &Arc<SourceFile>,
    body_span: Span,
    end_span: Span,
) -> Result<Body<'_>, Diagnostics> {
    let text = file.text();
    let (start, end) = (body_span.start as usize, end_span.start as usize);
    let (Some(source), true) = (text.get(..end), start <= end) else {
        return Err(Diagnostic::error(
            Code::InvalidBodyPosition,
            "Invalid body position",
            format!(
                "The body at bytes {start}..{end} is not within the {} bytes of \"{}\".",
                text.len(),
                file.name()
            ),
        )
        .into());
    };
    let limits = Limits::default();
    let mut parser = Parser::new(Lexer::new(source, start, Start::Code), file, &limits);
    let mut body = parser.top_body();
    parser.finish()?;
    body.span = body_span;
    body.end_span = end_span;
    Ok(body)
}

/// Parses again the expression at `span` of `file`, which an earlier parse
/// of its text found (an attribute's value, say), with the line end after
/// it (which ends a heredoc). Positions stay those of the whole file.
pub(crate) fn reparse_expression(
    file: &Arc<SourceFile>,
    span: Span,
) -> Result<Expression<'_>, Diagnostics> {
    let text = file.text();
    let mut end = span.end as usize;
    let rest = text.get(end..).unwrap_or_default();
    if rest.starts_with('\n') {
        end += 1;
    } else if rest.starts_with("\r\n") {
        end += 2;
    }
    let Some(source) = text.get(..end).filter(|_| span.start <= span.end) else {
        return Err(Diagnostic::error(
            Code::InvalidExpression,
            "Invalid expression",
            format!(
                "The expression at bytes {}..{} is not within the {} bytes of \"{}\".",
                span.start,
                span.end,
                text.len(),
                file.name()
            ),
        )
        .into());
    };
    let limits = Limits::default();
    let start = span.start as usize;
    let mut parser = Parser::new(Lexer::new(source, start, Start::Code), file, &limits);
    let expr = parser.standalone_expression();
    parser.finish()?;
    Ok(expr)
}

fn check_size(source: &str, file: &Arc<SourceFile>, limits: &Limits) -> Result<(), Diagnostics> {
    let max = limits.max_input_bytes.min(u32::MAX as usize - 1);
    if source.len() > max {
        return Err(Diagnostic::error(
            Code::InputTooLarge, "Input too large",
            format!(
                "The input is {} bytes long, more than the limit of {max} bytes (limit max_input_bytes).",
                source.len()
            ),
        )
        .with_subject(file, Span::empty(0))
        .into());
    }
    Ok(())
}

fn bom_len(source: &str) -> usize {
    if source.starts_with(BYTE_ORDER_MARK) {
        BYTE_ORDER_MARK.len()
    } else {
        0
    }
}

/// Parses one expression, on its own; newlines around it and inside it are
/// whitespace, and a comment may end it.
///
/// # Errors
///
/// Returns the diagnostics when the text is not exactly one expression.
///
/// # Examples
///
/// ```
/// use hcl_core::ast::ExpressionKind;
/// let expr = hcl_core::parse_expression("[for x in xs: x * 2]", "expr").unwrap();
/// assert!(matches!(expr.kind, ExpressionKind::Tuple(_) | ExpressionKind::For(_)));
/// let expr = hcl_core::parse_expression("1 # one", "expr").unwrap();
/// assert!(matches!(expr.kind, ExpressionKind::Number("1")));
/// ```
pub fn parse_expression<'src>(
    source: &'src str,
    filename: &str,
) -> Result<Expression<'src>, Diagnostics> {
    let file = Arc::new(SourceFile::new(filename, source));
    let limits = Limits::default();
    check_size(source, &file, &limits)?;
    let start = bom_len(source);
    let mut parser = Parser::new(Lexer::new(source, start, Start::Code), &file, &limits);
    let expr = parser.standalone_expression();
    parser.finish()?;
    Ok(expr)
}

/// Parses a bare template, as the content of a template file or a heredoc
/// without its delimiters.
///
/// # Errors
///
/// Returns the diagnostics when the template's sequences are malformed or
/// its directives unbalanced.
///
/// # Examples
///
/// ```
/// use hcl_core::ast::TemplatePart;
/// let template = hcl_core::parse_template("Hello, ${name}!\n", "greeting.tmpl").unwrap();
/// assert_eq!(template.parts.len(), 3);
/// assert!(matches!(template.parts[1], TemplatePart::Interpolation(_)));
/// ```
pub fn parse_template<'src>(
    source: &'src str,
    filename: &str,
) -> Result<Template<'src>, Diagnostics> {
    let file = Arc::new(SourceFile::new(filename, source));
    let limits = Limits::default();
    check_size(source, &file, &limits)?;
    let start = bom_len(source);
    let mut parser = Parser::new(Lexer::new(source, start, Start::Template), &file, &limits);
    let template = parser.bare_template();
    parser.finish()?;
    Ok(template)
}

/// A top-level item parsed on its own.
pub(crate) enum Item<'src> {
    Attribute(crate::ast::Attribute<'src>),
    Block(crate::ast::Block<'src>),
}

/// Parses the one top-level item that starts at byte `start` of `text`
/// (blank space before it allowed), with the line end after it: the item
/// and the offset just past that line end, or `None` when it has any
/// diagnostic (the file is then to be parsed whole, for all of them).
pub(crate) fn parse_item<'src>(
    text: &'src str,
    start: usize,
    file: &Arc<SourceFile>,
    limits: &Limits,
) -> Option<(Item<'src>, usize)> {
    let mut parser = Parser::new(Lexer::new(text, start, Start::Code), file, limits);
    if parser.peeker.peek_kind() != TokenKind::Ident {
        return None;
    }
    let item = parser.item()?;
    let end = parser.peeker.previous_span().end as usize;
    parser.finish_item().then_some((item, end))
}

/// An expression with its height: 1 for a leaf, one more than its tallest
/// child otherwise (see `Limits::max_expression_depth`).
pub(crate) struct Node<'src> {
    pub(crate) expr: Expression<'src>,
    pub(crate) height: usize,
}

impl<'src> Node<'src> {
    fn leaf(kind: ExpressionKind<'src>, span: Span) -> Self {
        Node {
            expr: Expression::new(kind, span),
            height: 1,
        }
    }
}

/// The parser's state.
struct Parser<'src, 'a> {
    peeker: Peeker<'src>,
    src: &'src str,
    file: &'a Arc<SourceFile>,
    limits: &'a Limits,
    /// The diagnostics found so far, in the reference's order.
    diags: Vec<Diagnostic>,
    /// Set once recovery from a syntax error was attempted: the reference
    /// then stops reporting some errors, which are likely to follow from
    /// where recovery left the parser.
    recovery: bool,
    /// The open brackets, braces, parentheses, template sequences,
    /// conditionals, blocks and block labels around the current position,
    /// against `Limits::max_nesting_depth`.
    nesting: usize,
    /// The level in the expression tree of what is being parsed, for
    /// chains that recurse (prefix operators, splats, conditionals,
    /// templates), against `Limits::max_expression_depth`.
    level: usize,
    /// The error of a limit exceeded: parsing then stops, and this is the
    /// one diagnostic.
    limit_error: Option<Diagnostic>,
    /// Whether the common constructs are read in one step from the bytes
    /// (`name = "text"`), as they are but to test that the result is the
    /// one the tokens give.
    fast: bool,
    /// Where lists are built (see [`stacks`]).
    stacks: stacks::Stacks<'src>,
}

impl<'src, 'a> Parser<'src, 'a> {
    fn new(lexer: Lexer<'src>, file: &'a Arc<SourceFile>, limits: &'a Limits) -> Self {
        Parser {
            src: lexer.text(),
            peeker: Peeker::new(lexer),
            file,
            limits,
            diags: Vec::new(),
            recovery: false,
            nesting: 0,
            level: 0,
            limit_error: None,
            fast: true,
            stacks: stacks::Stacks::default(),
        }
    }

    /// The diagnostics: those of the lexical check first, then the
    /// parser's, as the reference gives them; or the error of the limit
    /// exceeded alone.
    fn finish(self) -> Result<(), Diagnostics> {
        let all = self.finish_all();
        if all.has_errors() {
            Err(all)
        } else {
            Ok(())
        }
    }

    /// Every diagnostic of the parse: the limit exceeded alone, or the
    /// lexical ones, then the parser's.
    fn finish_all(mut self) -> Diagnostics {
        if let Some(limit) = self.limit_error.take() {
            return limit.into();
        }
        self.peeker.finish();
        let mut all = Vec::with_capacity(self.peeker.invalid.found.len() + self.diags.len());
        for (code, summary, detail, span) in std::mem::take(&mut self.peeker.invalid.found) {
            all.push(Diagnostic::error(code, summary, detail).with_subject(self.file, span));
        }
        all.append(&mut self.diags);
        all.into()
    }

    /// Whether a parse of one item found nothing wrong in it: its own
    /// tokens (not the rest of the input) pass the lexical check, and no
    /// diagnostic or limit was met.
    fn finish_item(&self) -> bool {
        self.limit_error.is_none() && self.diags.is_empty() && self.peeker.invalid.found.is_empty()
    }

    // ------------------------------------------------------------- tokens

    fn text(&self, span: Span) -> &'src str {
        self.src.get(span.as_range()).unwrap_or_default()
    }

    // -------------------------------------------------------- diagnostics

    fn error(
        &mut self,
        code: Code,
        summary: impl Into<String>,
        detail: impl Into<String>,
        subject: Span,
    ) {
        self.diags
            .push(Diagnostic::error(code, summary, detail).with_subject(self.file, subject));
    }

    fn error_in(
        &mut self,
        code: Code,
        summary: impl Into<String>,
        detail: impl Into<String>,
        subject: Span,
        context: Span,
    ) {
        self.diags.push(
            Diagnostic::error(code, summary, detail)
                .with_subject(self.file, subject)
                .with_context(self.file, context),
        );
    }

    /// How many diagnostics there are: a mark to tell, with
    /// [`Parser::errors_since`], whether a step found errors.
    fn mark(&self) -> usize {
        self.diags.len()
    }

    fn errors_since(&self, mark: usize) -> bool {
        self.diags
            .get(mark..)
            .is_some_and(|new| new.iter().any(Diagnostic::is_error))
    }

    /// The reference's `RangeBetween`: from the start of `a` to the end of
    /// `b`.
    fn between(a: Span, b: Span) -> Span {
        Span::new(a.start, b.end.max(a.start))
    }

    // ------------------------------------------------------------- limits

    /// Whether a limit was exceeded: parsing unwinds.
    fn stopped(&self) -> bool {
        self.limit_error.is_some()
    }

    /// Stops parsing with the error of a limit.
    fn exceed(&mut self, code: Code, summary: &str, detail: String, at: Span) {
        if self.limit_error.is_none() {
            self.limit_error =
                Some(Diagnostic::error(code, summary, detail).with_subject(self.file, at));
            self.peeker.stop();
        }
    }

    /// Opens one more level of nesting at `at` (a bracket, brace,
    /// parenthesis, template sequence, conditional, block or label);
    /// false, after the limit's error, when that is too many.
    fn nest(&mut self, at: Span) -> bool {
        self.nest_by(1, at)
    }

    fn nest_by(&mut self, levels: usize, at: Span) -> bool {
        if self.stopped() {
            return false;
        }
        let limit = self.limits.max_nesting_depth;
        if self.nesting + levels > limit {
            self.exceed(
                Code::NestingTooDeep,
                "Nesting too deep",
                format!(
                    "This expression or block is nested more than {limit} levels deep, the limit \
                     (max_nesting_depth) for brackets, braces, parentheses, template sequences, \
                     conditionals, blocks and block labels."
                ),
                at,
            );
            return false;
        }
        self.nesting += levels;
        true
    }

    fn unnest(&mut self) {
        self.unnest_by(1);
    }

    fn unnest_by(&mut self, levels: usize) {
        self.nesting = self.nesting.saturating_sub(levels);
    }

    /// Whether a node `height` levels high, built at the current level,
    /// fits in an expression tree; reports it at `at` when it does not.
    fn fits(&mut self, height: usize, at: Span) -> bool {
        if self.stopped() {
            return false;
        }
        if self.level + height.saturating_sub(1) > self.limits.max_expression_depth {
            self.too_deep(at);
            return false;
        }
        true
    }

    fn too_deep(&mut self, at: Span) {
        let limit = self.limits.max_expression_depth;
        self.exceed(
            Code::ExpressionTooDeep,
            "Nesting too deep",
            format!(
                "This expression is nested more than {limit} levels deep, the limit \
                 (max_expression_depth) for nested expressions, operators, traversal steps and \
                 template directives."
            ),
            at,
        );
    }

    /// Goes one level down the expression tree at `at`; false, after the
    /// limit's error, when that is too deep.
    fn descend(&mut self, at: Span) -> bool {
        self.level += 1;
        if self.fits(1, at) {
            true
        } else {
            self.level -= 1;
            false
        }
    }

    fn ascend(&mut self) {
        self.level = self.level.saturating_sub(1);
    }

    // -------------------------------------------------------- entry points

    /// A standalone expression: newlines are whitespace, and nothing may
    /// follow it.
    fn standalone_expression(&mut self) -> Expression<'src> {
        self.peeker.push_newlines(false);
        self.level = 1;
        let node = self.expression();
        let next = self.peeker.peek();
        if next.kind != TokenKind::Eof && !self.recovery {
            self.error(
                Code::ExtraCharactersAfterExpression,
                "Extra characters after expression",
                "An expression was successfully parsed, but extra characters were found after it.",
                next.span,
            );
        }
        self.peeker.pop_newlines();
        node.expr
    }
}

#[cfg(test)]
mod tests;

/// Parses the bare template that is the text of `file` from byte `start`
/// to byte `end`, with spans into the whole text: a JSON string's content.
pub(crate) fn parse_template_part<'src>(
    text: &'src str,
    start: usize,
    end: usize,
    file: &Arc<SourceFile>,
) -> Result<Template<'src>, Diagnostics> {
    let limits = Limits::default();
    let source = text.get(..end).unwrap_or_default();
    let mut parser = Parser::new(Lexer::new(source, start, Start::Template), file, &limits);
    let template = parser.bare_template();
    parser.finish()?;
    Ok(template)
}

/// Parses the one expression that is the text of `file` from byte `start`
/// to byte `end`, with spans into the whole text: a JSON string's content.
pub(crate) fn parse_expression_part<'src>(
    text: &'src str,
    start: usize,
    end: usize,
    file: &Arc<SourceFile>,
) -> Result<Expression<'src>, Diagnostics> {
    let limits = Limits::default();
    let source = text.get(..end).unwrap_or_default();
    let mut parser = Parser::new(Lexer::new(source, start, Start::Code), file, &limits);
    let expr = parser.standalone_expression();
    parser.finish()?;
    Ok(expr)
}
