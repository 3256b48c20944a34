//! The native-syntax parser: a pest grammar (`hcl.pest`) and the builder that
//! turns its output into the [`ast`](crate::ast).
//!
//! A file is parsed one top-level item at a time. Each item is first given
//! to a direct recursive-descent parser (`fast`) that follows the grammar
//! and builds the syntax tree without pest's token queue; items it does not
//! handle, syntax errors included, are parsed by pest, whose token queue
//! then only ever holds that one attribute or block.

mod build;
mod depth;
mod errors;
mod fast;
mod grammar;
mod lazy;
mod names;
mod template;

use std::sync::Arc;

use pest::Parser as _;

use crate::ast::{Body, Expression, Template};
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::limits::Limits;
use crate::span::{SourceFile, Span};
use build::Builder;
use depth::Mode;
use grammar::{HclParser, Rule};
pub use lazy::{LazyFile, LazyItem, SplitFile};

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
/// Returns the diagnostics when the text is not valid native syntax: the
/// first syntax error, or every repeated attribute name.
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
    parse_file(source, filename, options, true)
}

/// [`parse_with`], with or without the direct parser (`direct`); tests
/// compare the two.
fn parse_file<'src>(
    source: &'src str,
    filename: &str,
    options: &ParseOptions,
    direct: bool,
) -> Result<File<'src>, Diagnostics> {
    let file = Arc::new(SourceFile::new(filename, source));
    parse_in(source, file, options, direct)
}

/// Parses the text of `file`, a source already made: a file read into
/// memory and handed over with [`SourceFile::from_string`] is so held once,
/// not copied. See [`parse`].
///
/// # Errors
///
/// As [`parse_with`].
///
/// # Examples
///
/// ```
/// use std::sync::Arc;
/// use hcl_core::{ParseOptions, SourceFile};
/// let source = Arc::new(SourceFile::from_string("app.hcl", "a = 1\n".to_string()));
/// let file = hcl_core::parse_source(&source, &ParseOptions::default()).unwrap();
/// assert_eq!(file.body.attributes[0].name, "a");
/// assert!(Arc::ptr_eq(&file.source, &source));
/// ```
pub fn parse_source<'src>(
    file: &'src Arc<SourceFile>,
    options: &ParseOptions,
) -> Result<File<'src>, Diagnostics> {
    parse_in(file.text(), Arc::clone(file), options, true)
}

/// The outcome of parsing `source` with the direct parser and pest, and with
/// pest alone, each as text: the tree's debug form or the rendered
/// diagnostics. The two must be equal for every input.
#[cfg(fuzzing)]
pub fn parse_both_ways(source: &str) -> (String, String) {
    let outcome = |direct| match parse_file(source, "fuzz.hcl", &ParseOptions::default(), direct) {
        Ok(file) => format!("{:?}", file.body),
        Err(diags) => format!("error: {diags}"),
    };
    (outcome(true), outcome(false))
}

fn parse_in<'src>(
    source: &'src str,
    file: Arc<SourceFile>,
    options: &ParseOptions,
    direct: bool,
) -> Result<File<'src>, Diagnostics> {
    check_size(source, &file, &options.limits)?;
    let mut builder = Builder::new(source, &file, &options.limits);
    let start = if source.starts_with(BYTE_ORDER_MARK) {
        BYTE_ORDER_MARK.len()
    } else {
        0
    };
    let body = parse_top_level(&mut builder, start, &options.limits, direct)?;
    builder.finish()?;
    Ok(File { body, source: file })
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
///
/// # Examples
///
/// ```
/// use std::sync::Arc;
/// use hcl_core::SourceFile;
/// let text = "service \"web\" {\n  port = 80\n}\n";
/// let file = hcl_core::parse(text, "app.hcl").unwrap();
/// let body = &file.body.blocks[0].body;
/// let (span, end) = (body.span, body.end_span);
///
/// let source = Arc::new(SourceFile::new("app.hcl", text));
/// let again = hcl_core::reparse_body(&source, span, end).unwrap();
/// assert_eq!(again.attributes[0].name, "port");
/// assert_eq!(again.attributes[0].name_span, body.attributes[0].name_span);
/// ```
pub fn reparse_body(
    file: &Arc<SourceFile>,
    body_span: Span,
    end_span: Span,
) -> Result<Body<'_>, Diagnostics> {
    let text = file.text();
    let (start, end) = (body_span.start as usize, end_span.start as usize);
    let (Some(source), true) = (text.get(..end), start <= end) else {
        return Err(Diagnostic::error(
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
    let mut builder = Builder::new(source, file, &limits);
    let mut body = parse_top_level(&mut builder, start, &limits, true)?;
    builder.finish()?;
    body.span = body_span;
    body.end_span = end_span;
    Ok(body)
}

fn check_size(source: &str, file: &Arc<SourceFile>, limits: &Limits) -> Result<(), Diagnostics> {
    let max = limits.max_input_bytes.min(u32::MAX as usize - 1);
    if source.len() > max {
        return Err(Diagnostic::error(
            "Input too large",
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

fn parse_top_level<'src>(
    builder: &mut Builder<'src, '_>,
    start: usize,
    limits: &Limits,
    direct: bool,
) -> Result<Body<'src>, Diagnostics> {
    let source = builder.source();
    let mut body = Body {
        attributes: Vec::new(),
        blocks: Vec::new(),
        span: Span::new(start as u32, source.len() as u32),
        end_span: Span::empty(source.len() as u32),
    };
    // The direct parser bounds its own recursion, at least one level per
    // nesting level, and leaves deeper items to pest; so unless the limit
    // is lower than its bound, only pest needs the nesting checked first:
    // once, from the first item it parses to the end of the file (scanning
    // what is left before each such item would make parsing quadratic).
    let mut depth_checked = false;
    if !direct || limits.max_nesting_depth < fast::MAX_DEPTH {
        if let Some(text) = source.get(start..) {
            depth::check(
                text,
                start,
                Mode::Body,
                limits.max_nesting_depth,
                builder.file(),
            )?;
        }
        depth_checked = true;
    }
    let mut pos = start;
    loop {
        let gap = if direct { fast::gap(source, pos) } else { None };
        pos += gap.unwrap_or_else(|| skip_gap(source, pos));
        let Some(rest) = source.get(pos..) else { break };
        if rest.is_empty() {
            break;
        }
        if direct {
            if let Some((item, end)) = fast::item(source, pos, builder.file(), limits) {
                match item {
                    fast::Item::Attribute(attr) => builder.add_attribute(&mut body, attr),
                    fast::Item::Block(block) => body.blocks.push(block),
                }
                pos = end;
                continue;
            }
        }
        if !depth_checked {
            depth::check(
                rest,
                pos,
                Mode::Body,
                limits.max_nesting_depth,
                builder.file(),
            )?;
            depth_checked = true;
        }
        let pairs = match HclParser::parse(Rule::top_item, rest) {
            Ok(pairs) => pairs,
            Err(err) => {
                return Err(
                    errors::syntax_error(&err, rest, pos, builder.file(), Mode::Body).into(),
                )
            }
        };
        let mut consumed = 0;
        for pair in pairs {
            consumed = consumed.max(pair.as_span().end());
            builder.set_offset(pos);
            builder.add_item(&mut body, pair);
        }
        if consumed == 0 {
            break;
        }
        pos += consumed;
    }
    builder.check_repeated(&mut body);
    body.attributes.shrink_to_fit();
    body.blocks.shrink_to_fit();
    Ok(body)
}

/// The length of the blank lines and comments at `pos`.
fn skip_gap(source: &str, pos: usize) -> usize {
    let Some(rest) = source.get(pos..) else {
        return 0;
    };
    match HclParser::parse(Rule::top_gap, rest) {
        Ok(pairs) => pairs.last().map_or(0, |p| p.as_span().end()),
        Err(_) => 0,
    }
}

/// Parses one expression, on its own; newlines around it and inside it are
/// whitespace.
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
/// ```
pub fn parse_expression<'src>(
    source: &'src str,
    filename: &str,
) -> Result<Expression<'src>, Diagnostics> {
    let file = Arc::new(SourceFile::new(filename, source));
    check_size(source, &file, &Limits::default())?;
    depth::check(
        source,
        0,
        Mode::Expression,
        Limits::default().max_nesting_depth,
        &file,
    )?;
    let pairs = HclParser::parse(Rule::standalone_expr, source)
        .map_err(|err| errors::syntax_error(&err, source, 0, &file, Mode::Expression))?;
    let mut builder = Builder::new(source, &file, &Limits::default());
    let expr = pairs
        .flatten()
        .find(|p| p.as_rule() == Rule::expr_ml)
        .map(|p| builder.expression(p));
    builder.finish()?;
    expr.ok_or_else(|| Diagnostic::error("Missing expression", "Expected an expression.").into())
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
    check_size(source, &file, &Limits::default())?;
    depth::check(
        source,
        0,
        Mode::Template,
        Limits::default().max_nesting_depth,
        &file,
    )?;
    let pairs = HclParser::parse(Rule::template, source)
        .map_err(|err| errors::syntax_error(&err, source, 0, &file, Mode::Template))?;
    let mut builder = Builder::new(source, &file, &Limits::default());
    let template = match pairs.into_iter().next() {
        Some(pair) => builder.bare_template(pair),
        None => Template::default(),
    };
    builder.finish()?;
    Ok(template)
}

#[cfg(test)]
mod tests;
