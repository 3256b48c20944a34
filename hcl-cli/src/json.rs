//! A small JSON tree that keeps key order and writes numbers from their
//! decimal text, and the conversion of HCL values and bodies into it.

use hcl_core::ast::{Body, Expression, ExpressionKind};
use hcl_core::value::ValueKind;
use hcl_core::{Code, Diagnostic, Diagnostics, EvalContext, ExprRef, Severity, SourceFile, Value};
use std::collections::HashMap;
use std::sync::Arc;

/// A JSON value whose objects keep their keys in insertion order.
#[derive(Debug, Clone, PartialEq)]
pub enum Json {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number, as its JSON text.
    Number(String),
    /// A string.
    String(String),
    /// An array.
    Array(Vec<Json>),
    /// An object, keys in order.
    Object(Vec<(String, Json)>),
}

impl Json {
    /// The JSON text: compact, or indented by two spaces when `pretty`.
    pub fn to_text(&self, pretty: bool) -> String {
        let mut out = String::new();
        self.write(&mut out, pretty, 0);
        out
    }

    fn write(&self, out: &mut String, pretty: bool, indent: usize) {
        match self {
            Json::Null => out.push_str("null"),
            Json::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Json::Number(n) => out.push_str(n),
            Json::String(s) => write_string(s, out),
            Json::Array(items) => {
                if items.is_empty() {
                    out.push_str("[]");
                    return;
                }
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    newline(out, pretty, indent + 1);
                    item.write(out, pretty, indent + 1);
                }
                newline(out, pretty, indent);
                out.push(']');
            }
            Json::Object(entries) => {
                if entries.is_empty() {
                    out.push_str("{}");
                    return;
                }
                out.push('{');
                for (i, (key, value)) in entries.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    newline(out, pretty, indent + 1);
                    write_string(key, out);
                    out.push(':');
                    if pretty {
                        out.push(' ');
                    }
                    value.write(out, pretty, indent + 1);
                }
                newline(out, pretty, indent);
                out.push('}');
            }
        }
    }
}

fn newline(out: &mut String, pretty: bool, indent: usize) {
    if pretty {
        out.push('\n');
        for _ in 0..indent {
            out.push_str("  ");
        }
    }
}

fn write_string(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

/// How strings inside values are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Strings {
    /// As they are.
    Plain,
    /// With `${` and `%{` escaped as `$${` and `%%{`, because string values
    /// of the HCL JSON syntax are templates.
    Template,
}

/// Converts a value to JSON: integers exactly, other finite numbers from
/// their decimal text, infinities as the strings `"+Inf"` and `"-Inf"`,
/// unknown values as `null`.
pub fn value_to_json(value: &Value, strings: Strings) -> Json {
    match value.kind() {
        ValueKind::Null | ValueKind::Unknown | ValueKind::Capsule(_) => Json::Null,
        ValueKind::Bool(b) => Json::Bool(b),
        ValueKind::Number(n) => {
            if n.is_finite() {
                Json::Number(n.to_text_bounded())
            } else {
                Json::String(n.to_string())
            }
        }
        ValueKind::String(s) => Json::String(match strings {
            Strings::Plain => s.to_owned(),
            Strings::Template => s.replace("${", "$${").replace("%{", "%%{"),
        }),
        ValueKind::List(items) | ValueKind::Set(items) | ValueKind::Tuple(items) => {
            Json::Array(items.iter().map(|v| value_to_json(v, strings)).collect())
        }
        ValueKind::Map(entries) | ValueKind::Object(entries) => Json::Object(
            entries
                .iter()
                .map(|(k, v)| (k.clone(), value_to_json(v, strings)))
                .collect(),
        ),
    }
}

/// Whether a diagnostic means an expression refers to something only known
/// at run time (a variable or a function of the host application).
///
/// # Examples
///
/// ```
/// use hcl_core::EvalContext;
/// let diags = EvalContext::new().evaluate_str("var.region").unwrap_err();
/// assert!(diags.iter().all(hcl_cli::json::is_unresolved));
/// let diags = EvalContext::new().evaluate_str("1 + true").unwrap_err();
/// assert!(!diags.iter().any(hcl_cli::json::is_unresolved));
/// ```
pub fn is_unresolved(diag: &Diagnostic) -> bool {
    matches!(diag.code, Code::UnknownVariable | Code::UnknownFunction)
}

/// A `"${...}"` template of an expression's source text; for a quoted
/// template, its inner text.
fn fallback(expr: &Expression<'_>, source: &SourceFile) -> Json {
    let text = source.text().get(expr.span.as_range()).unwrap_or_default();
    let quoted = matches!(
        expr.kind,
        ExpressionKind::Template(_) | ExpressionKind::TemplateWrap(_)
    ) && text.len() >= 2
        && text.starts_with('"')
        && text.ends_with('"');
    if let Some(inner) = text.get(1..text.len().saturating_sub(1)).filter(|_| quoted) {
        return Json::String(inner.to_owned());
    }
    if matches!(
        expr.kind,
        ExpressionKind::Template(_) | ExpressionKind::TemplateWrap(_)
    ) {
        if let Some(body) = heredoc_body(text) {
            return Json::String(body);
        }
    }
    Json::String(format!("${{{text}}}"))
}

/// The template text of a heredoc (`<<EOT` or `<<-EOT`, lines, marker): its
/// lines, with the common indentation removed for `<<-`.
fn heredoc_body(text: &str) -> Option<String> {
    let rest = text.strip_prefix("<<")?;
    let (indented, rest) = match rest.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, rest),
    };
    let (_, rest) = rest.split_once('\n')?;
    let end = rest
        .trim_end_matches(['\n', '\r'])
        .rfind('\n')
        .map_or(0, |i| i + 1);
    let lines: Vec<&str> = rest.get(..end)?.split_inclusive('\n').collect();
    if !indented {
        return Some(lines.concat());
    }
    let indent = lines
        .iter()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.len() - l.trim_start_matches([' ', '\t']).len())
        .min()
        .unwrap_or(0);
    Some(
        lines
            .iter()
            .map(|l| {
                l.get(indent..)
                    .unwrap_or_else(|| l.trim_start_matches([' ', '\t']))
            })
            .collect(),
    )
}

/// Whether an expression refers to a variable that neither `ctx` nor its
/// parents define.
pub fn refers_to_undefined(
    expr: &Expression<'_>,
    source: &Arc<SourceFile>,
    ctx: &EvalContext<'_>,
) -> bool {
    ExprRef::new(expr, source)
        .variables()
        .iter()
        .any(|t| ctx.variable(t.root).is_none())
}

/// Evaluates an attribute's expression for the JSON output: its value, or
/// the `"${...}"` fallback when it refers to variables `ctx` does not
/// define or to unknown functions, or its value is not wholly known. Other
/// evaluation errors also give the fallback, reported in `diags` as
/// warnings.
pub fn expression_to_json(
    expr: &Expression<'_>,
    source: &Arc<SourceFile>,
    ctx: &EvalContext<'_>,
    diags: &mut Diagnostics,
) -> Json {
    if refers_to_undefined(expr, source, ctx) {
        return fallback(expr, source);
    }
    let (value, found) = ctx.evaluate_with_diagnostics(expr, source);
    if found.iter().any(is_unresolved) {
        return fallback(expr, source);
    }
    let failed = found.has_errors();
    for mut diag in found.into_vec() {
        if diag.is_error() {
            diag.severity = Severity::Warning;
            diag.detail
                .push_str(" The expression is written as a \"${...}\" template of its source.");
        }
        diags.push(diag);
    }
    if !failed && value.is_wholly_known() {
        value_to_json(&value, Strings::Template)
    } else {
        fallback(expr, source)
    }
}

/// One key of a body's JSON object while blocks are being nested.
enum Node {
    Json(Json),
    Labels(Entries),
    Bodies(Vec<Json>),
}

/// The keys of a JSON object being built, in order, with an index to find
/// a key again in constant time: a body of many blocks is nested in time
/// linear in its size.
#[derive(Default)]
struct Entries {
    list: Vec<(String, Node)>,
    index: HashMap<String, usize>,
}

impl Entries {
    /// The node under `key`, made by `make` when the key is new.
    fn slot(&mut self, key: &str, make: fn() -> Node) -> Option<&mut Node> {
        let at = match self.index.get(key) {
            Some(&at) => at,
            None => {
                self.index.insert(key.to_owned(), self.list.len());
                self.list.push((key.to_owned(), make()));
                self.list.len() - 1
            }
        };
        self.list.get_mut(at).map(|(_, node)| node)
    }

    fn into_json(self) -> Json {
        Json::Object(
            self.list
                .into_iter()
                .map(|(k, n)| (k, n.into_json()))
                .collect(),
        )
    }
}

impl Node {
    fn into_json(self) -> Json {
        match self {
            Node::Json(j) => j,
            Node::Labels(entries) => entries.into_json(),
            Node::Bodies(mut bodies) => {
                if bodies.len() == 1 {
                    bodies.pop().unwrap_or(Json::Null)
                } else {
                    Json::Array(bodies)
                }
            }
        }
    }
}

/// Puts a block's body under its type and labels; false on a conflict
/// with an argument or a block with another number of labels. Recurses
/// once per label: the parser bounds labels and blocks together by
/// `max_nesting_depth`.
fn insert_block(entries: &mut Entries, key: &str, labels: &[&str], body: Json) -> bool {
    match labels.split_first() {
        None => match entries.slot(key, || Node::Bodies(Vec::new())) {
            Some(Node::Bodies(bodies)) => {
                bodies.push(body);
                true
            }
            _ => false,
        },
        Some((first, rest)) => match entries.slot(key, || Node::Labels(Entries::default())) {
            Some(Node::Labels(next)) => insert_block(next, first, rest, body),
            _ => false,
        },
    }
}

/// Converts a body to the HCL JSON syntax: attributes evaluated, blocks
/// nested by type and then by each label, repeated blocks with the same
/// type and labels as an array of bodies.
pub fn body_to_json(
    body: &Body<'_>,
    source: &Arc<SourceFile>,
    ctx: &EvalContext<'_>,
    diags: &mut Diagnostics,
) -> Json {
    let mut entries = Entries::default();
    for attr in &body.attributes {
        let json = expression_to_json(&attr.expr, source, ctx, diags);
        entries
            .index
            .insert(attr.name.to_owned(), entries.list.len());
        entries.list.push((attr.name.to_owned(), Node::Json(json)));
    }
    for block in &body.blocks {
        let json = body_to_json(&block.body, source, ctx, diags);
        let labels: Vec<&str> = block.labels.iter().map(|l| l.value.as_ref()).collect();
        if insert_block(&mut entries, block.block_type, &labels, json) {
            continue;
        }
        diags.push(
            Diagnostic::warning(
                Code::BlockLeftOutOfJson, "Block left out of the JSON",
                format!(
                    "A block of type \"{}\" with {} label(s) conflicts with an argument or with another block of that type that has a different number of labels, which the JSON syntax cannot represent; it is left out.",
                    block.block_type,
                    block.labels.len()
                ),
            )
            .with_subject(source, block.def_span()),
        );
    }
    entries.into_json()
}
