//! The rules by which tmccombs/hcl2json writes a file as JSON, for
//! `hcl json --hcl2json`: [`Converter`] follows them in
//! [`Mode::Hcl2json`], where they differ from `hcl json`'s own.
//!
//! - Every block body is an element of an array
//!   (`.resource.aws_instance.web[0].ami`), whatever the number of blocks.
//!   Blocks of one type with different numbers of labels, where one
//!   would be an object of labels and the other an array of bodies, make
//!   it refuse the file (an error, of code `inconsistent-labels`).
//! - A number, bool or null literal is its value, and so is a string
//!   without interpolations (`${` and `%{` escaped as `$${` and `%%{`);
//!   `-` or `!` applied to a number, bool or null literal is evaluated
//!   (an error there refuses the file too).
//! - Tuples and objects are written part by part, and a template that is
//!   one interpolation, `"${x}"`, as `x` would be (`"${1}"` is `1`).
//! - Another template is rebuilt from its parts: literal text escaped, an
//!   interpolation of a literal as its text (`${"a"}` as `a`, `${1}` as
//!   `1`, `${null}` as `null`), a conditional interpolation as an `if`
//!   directive, directives without spaces or strip markers
//!   (`%{if c}a%{else}b%{endif}`, the `else` left out when its text is
//!   empty; `%{for k, v in m}...%{endfor}`), other interpolations as `${`
//!   their source `}`.
//! - Any other expression is `"${"` its source text `"}"`, with no line
//!   break added (`"${try(\n  a,\n  b,\n)}"`).
//! - An object key that is a name or a traversal is its source text
//!   (`a.b.c`); another is written as a template part is.
//! - With `-simplify`, each of those expressions (an attribute, an
//!   element, an object value, a lone interpolation's expression) is
//!   first evaluated with no variables and the functions
//!   [`SIMPLIFY_FUNCTIONS`]; one that evaluates without errors is written
//!   as its value, its strings as they are (not escaped). A value JSON
//!   cannot write (an infinite number) makes it refuse the file.
//!
//! # Examples
//!
//! ```
//! use hcl_cli::convert::{Converter, Mode};
//! use hcl_core::Diagnostics;
//!
//! let src = "b \"x\" {\n  n = [1, var.v, \"${\"lit\"}-${a ? b : \"\"}\"]\n}\n";
//! let file = hcl_core::parse(src, "main.tf").unwrap();
//! let ctx = hcl_cli::hcl2json::context();
//! let mut diags = Diagnostics::default();
//! let mode = Mode::Hcl2json { simplify: false };
//! let mut conv = Converter { source: &file.source, ctx: &ctx, mode, diags: &mut diags };
//! assert_eq!(
//!     conv.body(&file.body).to_text(None),
//!     r#"{"b":{"x":[{"n":[1,"${var.v}","lit-%{if a}${b}%{endif}"]}]}}"#
//! );
//! ```

use crate::convert::{literal, refers_to_undefined, Conflict, Converter, Mode};
use crate::json::Json;
use hcl_core::ast::{Block, Expression, ExpressionKind, Template, TemplatePart};
use hcl_core::value::escape_templates;
use hcl_core::{Code, Diagnostic, EvalContext, SourceFile, Type};

/// The functions hcl2json's `-simplify` may call: the standard functions
/// its evaluation context names. A call to any other is not evaluated.
pub const SIMPLIFY_FUNCTIONS: [&str; 33] = [
    // numeric
    "abs",
    "ceil",
    "floor",
    "log",
    "max",
    "min",
    "parseint",
    "pow",
    "signum",
    // string
    "chomp",
    "format",
    "formatlist",
    "indent",
    "join",
    "split",
    "strrev",
    "trim",
    "trimprefix",
    "trimsuffix",
    "trimspace",
    // collection
    "chunklist",
    "concat",
    "distinct",
    "flatten",
    "length",
    "merge",
    "reverse",
    "sort",
    // encoding
    "csvdecode",
    "jsondecode",
    "jsonencode",
    // date and time
    "formatdate",
    "timeadd",
];

/// The context of [`Mode::Hcl2json`]'s evaluations: no variables (a
/// reference to one is an error) and the functions
/// [`SIMPLIFY_FUNCTIONS`].
///
/// # Examples
///
/// ```
/// let ctx = hcl_cli::hcl2json::context();
/// assert!(ctx.evaluate_str("pow(2, 3)").is_ok());
/// assert!(ctx.evaluate_str("upper(\"a\")").is_err());
/// assert!(ctx.evaluate_str("var.x").is_err());
/// ```
pub fn context() -> EvalContext<'static> {
    let mut functions = hcl_core::functions::stdlib();
    functions.retain(|name, _| SIMPLIFY_FUNCTIONS.contains(&name.as_str()));
    let mut ctx = EvalContext::literal_only();
    ctx.set_functions(functions);
    ctx
}

/// The error for a block that hcl2json cannot nest beside the blocks of
/// its type before it (`conflict`), for which it refuses the file; the
/// detail quotes hcl2json's own message.
pub(crate) fn refusal(block: &Block<'_>, conflict: &Conflict) -> Diagnostic {
    let (others, theirs) = match conflict {
        Conflict::FewerLabels { key } => (
            "more",
            format!(
                "invalid HCL detected for \"{key}\" block, cannot have blocks with and without labels"
            ),
        ),
        _ => {
            let mut path = block.block_type.to_owned();
            for label in &block.labels {
                path.push('.');
                path.push_str(&label.value);
            }
            ("fewer", format!("Unable to convert Block to JSON: {path}"))
        }
    };
    Diagnostic::error(
        Code::InconsistentLabels,
        "Blocks of one type with different numbers of labels",
        format!(
            "This block of type \"{}\" has {} label(s) and an earlier one of that type has {others}, so that one would be an array of bodies where the other is an object of labels. hcl2json refuses such a file (\"{theirs}\"), and so does --hcl2json; without it, the block is left out with a warning.",
            block.block_type,
            block.labels.len(),
        ),
    )
}

/// An object key as hcl2json writes it: a name or traversal as its source
/// text, anything else as a template part.
pub(crate) fn key(key: &Expression<'_>, source: &SourceFile) -> String {
    if let ExpressionKind::ScopeTraversal { .. } = key.kind {
        return source_text(key, source).to_owned();
    }
    let mut out = String::new();
    string_part(key, source, &mut out);
    out
}

impl Converter<'_, '_> {
    /// With `-simplify`, the value of an expression that evaluates without
    /// errors (and refers to no variable), as plain JSON; `None` otherwise.
    pub(crate) fn simplified(&mut self, expr: &Expression<'_>) -> Option<Json> {
        if self.mode != (Mode::Hcl2json { simplify: true })
            || refers_to_undefined(expr, self.source, self.ctx)
        {
            return None;
        }
        let (value, found) = self.ctx.evaluate_with_diagnostics(expr, self.source);
        if found.has_errors() {
            return None;
        }
        Some(Json::plain(value).unwrap_or_else(|| self.unwritable(expr)))
    }

    /// An expression that is not a constructor, as hcl2json writes it.
    pub(crate) fn hcl2json_leaf(&mut self, expr: &Expression<'_>) -> Json {
        let known = literal(expr).and_then(Json::known);
        match &expr.kind {
            ExpressionKind::Unary { operand, .. } if is_literal(operand) => self.unary(expr),
            ExpressionKind::Template(template) => known.unwrap_or_else(|| {
                let mut out = String::new();
                template_text(template, self.source, &mut out);
                Json::Template(out)
            }),
            _ => known.unwrap_or_else(|| Json::Template(wrapped(expr, self.source))),
        }
    }

    /// `-` or `!` applied to a literal: its value; an error refuses the
    /// file, as in hcl2json.
    fn unary(&mut self, expr: &Expression<'_>) -> Json {
        let (value, found) = self.ctx.evaluate_with_diagnostics(expr, self.source);
        if !found.has_errors() {
            return Json::known(value).unwrap_or_else(|| self.unwritable(expr));
        }
        for mut diag in found.into_vec() {
            if diag.is_error() {
                diag.detail
                    .push_str(" hcl2json refuses a file with such an operation on a literal.");
            }
            self.diags.push(diag);
        }
        Json::Template(wrapped(expr, self.source))
    }

    /// The error for a value without JSON text, for which hcl2json
    /// refuses the file; its source template stands in its place.
    fn unwritable(&mut self, expr: &Expression<'_>) -> Json {
        self.diags.push(
            Diagnostic::error(
                Code::UnsupportedValue,
                "Value without JSON text",
                "The expression's value has no JSON text (an infinite number): hcl2json refuses such a file with -simplify, and so does --simplify.",
            )
            .with_subject(self.source, expr.span),
        );
        Json::Template(wrapped(expr, self.source))
    }
}

/// Whether an expression is what hcl2json takes for a literal: a number,
/// a bool or null (a string is a template).
fn is_literal(expr: &Expression<'_>) -> bool {
    matches!(
        expr.kind,
        ExpressionKind::Number(_) | ExpressionKind::Bool(_) | ExpressionKind::Null
    )
}

/// One part of a template (or an object key) as hcl2json writes it.
fn string_part(expr: &Expression<'_>, source: &SourceFile, out: &mut String) {
    match &expr.kind {
        ExpressionKind::Null => out.push_str("null"),
        ExpressionKind::Number(_) | ExpressionKind::Bool(_) => {
            let text = literal(expr)
                .and_then(|v| hcl_core::types::convert(&v, &Type::String).ok())
                .and_then(|v| v.as_str().map(escape_templates));
            match text {
                Some(text) => out.push_str(&text),
                None => out.push_str(&wrapped(expr, source)),
            }
        }
        ExpressionKind::Template(template) => template_text(template, source, out),
        ExpressionKind::TemplateWrap(inner) => string_part(inner, source, out),
        ExpressionKind::Conditional {
            condition,
            true_result,
            false_result,
        } => {
            let mut then = String::new();
            string_part(true_result, source, &mut then);
            let mut otherwise = String::new();
            string_part(false_result, source, &mut otherwise);
            if_directive(condition, &then, &otherwise, source, out);
        }
        _ => out.push_str(&wrapped(expr, source)),
    }
}

/// A template's text: literal text escaped, the other parts as
/// [`string_part`] and directives write them.
fn template_text(template: &Template<'_>, source: &SourceFile, out: &mut String) {
    // Adjacent literals are one text, as hcl2json's parser melds them.
    let mut pending = String::new();
    for part in &template.parts {
        if let TemplatePart::Literal(text, _) = part {
            pending.push_str(text);
            continue;
        }
        out.push_str(&escape_templates(&pending));
        pending.clear();
        match part {
            TemplatePart::Literal(..) => {}
            TemplatePart::Interpolation(expr) => string_part(expr, source, out),
            TemplatePart::If(directive) => {
                let mut then = String::new();
                template_text(&directive.then_template, source, &mut then);
                let mut otherwise = String::new();
                template_text(&directive.else_template, source, &mut otherwise);
                if_directive(&directive.condition, &then, &otherwise, source, out);
            }
            TemplatePart::For(directive) => {
                out.push_str("%{for ");
                if let Some(key) = directive.key_var {
                    out.push_str(key);
                    out.push_str(", ");
                }
                out.push_str(directive.value_var);
                out.push_str(" in ");
                out.push_str(source_text(&directive.collection, source));
                out.push('}');
                template_text(&directive.body, source, out);
                out.push_str("%{endfor}");
            }
        }
    }
    out.push_str(&escape_templates(&pending));
}

/// `%{if COND}then%{else}otherwise%{endif}`, without the `else` when
/// `otherwise` is empty.
fn if_directive(
    condition: &Expression<'_>,
    then: &str,
    otherwise: &str,
    source: &SourceFile,
    out: &mut String,
) {
    out.push_str("%{if ");
    out.push_str(source_text(condition, source));
    out.push('}');
    out.push_str(then);
    if !otherwise.is_empty() {
        out.push_str("%{else}");
        out.push_str(otherwise);
    }
    out.push_str("%{endif}");
}

/// `${` the expression's source text `}`.
fn wrapped(expr: &Expression<'_>, source: &SourceFile) -> String {
    format!("${{{}}}", source_text(expr, source))
}

fn source_text<'s>(expr: &Expression<'_>, source: &'s SourceFile) -> &'s str {
    source.text().get(expr.span.as_range()).unwrap_or_default()
}
