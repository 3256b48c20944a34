//! Parsed JSON files and expressions, and the choice of syntax by file
//! name.

use std::sync::Arc;

use super::parser::Parser;
use super::tree::{Node, NodeKind, Run, Tree};
use crate::diagnostic::{Code, Diagnostic, Diagnostics};
use crate::limits::Limits;
use crate::parser::{parse_with, File, ParseOptions};
use crate::span::{SourceFile, Span};

/// A parsed file of the JSON syntax: its root value (an object, or an array
/// of objects) and its source. Read it through
/// [`Body::from_json_file`](crate::Body::from_json_file).
///
/// # Examples
///
/// ```
/// use hcl_core::{Body, BodySchema};
///
/// let file = hcl_core::parse_json(r#"{"service": {"web": {"port": 8080}}}"#, "app.hcl.json").unwrap();
/// let schema = BodySchema::builder().block("service", &["name"]).build().unwrap();
/// let content = Body::from_json_file(&file).content(&schema).unwrap();
/// assert_eq!(content.blocks[0].labels[0].value, "web");
/// assert_eq!(file.source().name(), "app.hcl.json");
/// ```
#[derive(Debug, Clone)]
pub struct JsonFile<'src> {
    pub(crate) tree: Tree<'src>,
    pub(crate) source: Arc<SourceFile>,
}

impl JsonFile<'_> {
    /// The source text and name, for positions and rendering.
    ///
    /// # Examples
    ///
    /// ```
    /// let file = hcl_core::parse_json("{}", "a.json").unwrap();
    /// assert_eq!(file.source().text(), "{}");
    /// ```
    pub fn source(&self) -> &Arc<SourceFile> {
        &self.source
    }
}

/// One JSON value parsed as an expression of the JSON syntax: read it
/// through [`ExprRef::from_json`](crate::ExprRef::from_json).
///
/// # Examples
///
/// ```
/// use hcl_core::{EvalContext, ExprRef, Value};
/// let expr = hcl_core::parse_expression_json(r#""${1 + 1}""#, "e.json").unwrap();
/// let value = ExprRef::from_json(&expr).value(&EvalContext::new()).unwrap();
/// assert_eq!(value, Value::from(2));
/// ```
#[derive(Debug, Clone)]
pub struct JsonExpression<'src> {
    pub(crate) tree: Tree<'src>,
    pub(crate) source: Arc<SourceFile>,
}

impl JsonExpression<'_> {
    /// The source text and name, for positions and rendering.
    ///
    /// # Examples
    ///
    /// ```
    /// let expr = hcl_core::parse_expression_json("[1, 2]", "e.json").unwrap();
    /// assert_eq!(expr.source().name(), "e.json");
    /// ```
    pub fn source(&self) -> &Arc<SourceFile> {
        &self.source
    }
}

/// Parses a file of the JSON syntax, as Terraform reads `*.tf.json`.
///
/// # Errors
///
/// The diagnostics when the text is not valid JSON (a trailing comma, a
/// comment, single quotes, an unterminated string or object, a bad escape
/// or number, ...), in the reference's words and at its positions, or when
/// the root value is not an object or an array: "Root value must be
/// object". Nesting deeper than [`Limits::max_nesting_depth`] is an error
/// that names the limit.
///
/// # Examples
///
/// ```
/// let file = hcl_core::parse_json("{\"a\": 1}", "a.json").unwrap();
/// assert_eq!(file.source().name(), "a.json");
///
/// let err = hcl_core::parse_json("{\"a\": 1,}", "a.json").unwrap_err();
/// assert!(err.to_string().starts_with("Error: Trailing comma in object\n  --> a.json:1:8\n"));
/// ```
pub fn parse_json<'src>(src: &'src str, filename: &str) -> Result<JsonFile<'src>, Diagnostics> {
    parse_json_with(src, filename, &ParseOptions::default())
}

/// [`parse_json`] with the given options (its limits).
///
/// # Errors
///
/// As [`parse_json`].
///
/// # Examples
///
/// ```
/// use hcl_core::{Limits, ParseOptions};
/// let options = ParseOptions { limits: Limits { max_nesting_depth: 2, ..Limits::default() } };
/// let err = hcl_core::parse_json_with("{\"a\": [[1]]}", "a.json", &options).unwrap_err();
/// assert!(err.to_string().contains("max_nesting_depth"));
/// ```
pub fn parse_json_with<'src>(
    src: &'src str,
    filename: &str,
    options: &ParseOptions,
) -> Result<JsonFile<'src>, Diagnostics> {
    parse_json_in(src, Arc::new(SourceFile::new_json(filename, src)), options)
}

/// Parses `src`, the text of `source`, as a file of the JSON syntax; see
/// [`parse_json`].
pub(crate) fn parse_json_in<'src>(
    src: &'src str,
    source: Arc<SourceFile>,
    options: &ParseOptions,
) -> Result<JsonFile<'src>, Diagnostics> {
    check_size(src, &source, &options.limits)?;
    let mut parser = Parser::new(src, &source, &options.limits);
    let root = parser.document();
    let stopped = parser.stopped();
    let mut diags = std::mem::take(&mut parser.diags);
    let root = match root.kind {
        NodeKind::Object(_) | NodeKind::Array(_) => root,
        _ => {
            if !stopped {
                diags.push(
                    Diagnostic::error(
                        Code::JsonRootNotObject,
                        "Root value must be object",
                        "The root value in a JSON-based configuration must be either a JSON \
                         object or a JSON array of objects.",
                    )
                    .with_subject(&source, root.start_span()),
                );
            }
            Node {
                kind: NodeKind::Object(Run::EMPTY),
                span: Span::empty(0),
            }
        }
    };
    if diags.has_errors() {
        return Err(diags);
    }
    Ok(JsonFile {
        tree: parser.tree(root),
        source,
    })
}

/// Parses one JSON value as an expression of the JSON syntax.
///
/// # Errors
///
/// As [`parse_json`], less the rule that the value be an object.
///
/// # Examples
///
/// ```
/// use hcl_core::{EvalContext, ExprRef, Value};
/// let expr = hcl_core::parse_expression_json("[true, null]", "e.json").unwrap();
/// let value = ExprRef::from_json(&expr).value(&EvalContext::new()).unwrap();
/// assert_eq!(value.to_string(), "[true, null]");
/// assert!(hcl_core::parse_expression_json("[1,]", "e.json").is_err());
/// ```
pub fn parse_expression_json<'src>(
    src: &'src str,
    filename: &str,
) -> Result<JsonExpression<'src>, Diagnostics> {
    let source = Arc::new(SourceFile::new_json(filename, src));
    let limits = Limits::default();
    check_size(src, &source, &limits)?;
    let mut parser = Parser::new(src, &source, &limits);
    let root = parser.document();
    if parser.diags.has_errors() {
        return Err(parser.diags);
    }
    Ok(JsonExpression {
        tree: parser.tree(root),
        source,
    })
}

/// Parses again the JSON value that an earlier parse of `file` found at
/// `span`, on its own: positions stay those of the whole file. A value
/// can so be kept as a file and a span, and read in full later.
///
/// # Errors
///
/// The syntax errors of the text at `span`, which a value that an earlier
/// parse found has none of.
pub(crate) fn reparse_json(
    file: &Arc<SourceFile>,
    span: Span,
) -> Result<JsonExpression<'_>, Diagnostics> {
    let text = file.text().get(..span.end as usize).unwrap_or_default();
    let limits = Limits::default();
    let mut parser = Parser::starting_at(text, span.start as usize, file, &limits);
    let root = parser.document();
    if parser.diags.has_errors() {
        return Err(parser.diags);
    }
    Ok(JsonExpression {
        tree: parser.tree(root),
        source: Arc::clone(file),
    })
}

fn check_size(src: &str, file: &Arc<SourceFile>, limits: &Limits) -> Result<(), Diagnostics> {
    let max = limits.max_input_bytes.min(u32::MAX as usize - 1);
    if src.len() > max {
        return Err(Diagnostic::error(
            Code::InputTooLarge,
            "Input too large",
            format!(
                "The input is {} bytes long, more than the limit of {max} bytes (limit \
                 max_input_bytes).",
                src.len()
            ),
        )
        .with_subject(file, Span::empty(0))
        .into());
    }
    Ok(())
}

/// A parsed configuration file of either syntax; see [`parse_config`].
///
/// # Examples
///
/// ```
/// use hcl_core::{Body, ConfigFile};
/// let file = hcl_core::parse_config("{\"a\": 1}", "main.tf.json").unwrap();
/// assert!(matches!(file, ConfigFile::Json(_)));
/// assert_eq!(Body::from_config_file(&file).just_attributes().unwrap().len(), 1);
/// ```
#[derive(Debug, Clone)]
pub enum ConfigFile<'src> {
    /// A file of the native syntax.
    Native(File<'src>),
    /// A file of the JSON syntax.
    Json(JsonFile<'src>),
}

impl ConfigFile<'_> {
    /// The source text and name, for positions and rendering.
    ///
    /// # Examples
    ///
    /// ```
    /// let file = hcl_core::parse_config("a = 1\n", "main.tf").unwrap();
    /// assert!(!file.source().is_json());
    /// ```
    pub fn source(&self) -> &Arc<SourceFile> {
        match self {
            ConfigFile::Native(file) => &file.source,
            ConfigFile::Json(file) => &file.source,
        }
    }
}

/// Parses a configuration file in the syntax its name calls for: the JSON
/// syntax when it ends in `.json`, else the native syntax (the reference's
/// `hclparse` rule). Read either through
/// [`Body::from_config_file`](crate::Body::from_config_file).
///
/// # Errors
///
/// As [`parse`](crate::parse) or [`parse_json`].
///
/// # Examples
///
/// ```
/// use hcl_core::{Body, BodySchema};
/// let native = hcl_core::parse_config("region = \"eu\"\n", "main.tf").unwrap();
/// let json = hcl_core::parse_config("{\"count\": 2}", "extra.tf.json").unwrap();
/// let body = Body::merge([Body::from_config_file(&native), Body::from_config_file(&json)]);
/// let schema = BodySchema::builder().attribute("region").attribute("count").build().unwrap();
/// assert_eq!(body.content(&schema).unwrap().attributes.len(), 2);
/// ```
pub fn parse_config<'src>(src: &'src str, filename: &str) -> Result<ConfigFile<'src>, Diagnostics> {
    match Syntax::of_name(filename) {
        Syntax::Json => parse_json(src, filename).map(ConfigFile::Json),
        Syntax::Native => {
            parse_with(src, filename, &ParseOptions::default()).map(ConfigFile::Native)
        }
    }
}

/// The two syntaxes of HCL.
///
/// # Examples
///
/// ```
/// use hcl_core::Syntax;
/// assert_eq!(Syntax::of_name("main.tf.json"), Syntax::Json);
/// assert_eq!(Syntax::of_name("main.tf"), Syntax::Native);
/// assert_eq!(Syntax::of_text("  {\"a\": 1}"), Syntax::Json);
/// assert_eq!(Syntax::of_text("a = 1\n"), Syntax::Native);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Syntax {
    /// The native syntax (`.hcl`, `.tf`).
    Native,
    /// The JSON syntax (`.hcl.json`, `.tf.json`).
    Json,
}

impl Syntax {
    /// The syntax a file's name calls for: the JSON syntax when it ends in
    /// `.json`, else the native syntax (the reference's `hclparse` rule).
    pub fn of_name(filename: &str) -> Syntax {
        if filename.ends_with(".json") {
            Syntax::Json
        } else {
            Syntax::Native
        }
    }

    /// The syntax of a text that came without a name: the JSON syntax when
    /// its first character after white space is `{` or `[`, which cannot
    /// begin a body of the native syntax (whose items begin with a name),
    /// else the native syntax.
    pub fn of_text(text: &str) -> Syntax {
        match text.trim_start().as_bytes().first() {
            Some(b'{' | b'[') => Syntax::Json,
            _ => Syntax::Native,
        }
    }
}
