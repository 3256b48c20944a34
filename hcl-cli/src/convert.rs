//! A parsed file as a document of the HCL JSON syntax ([`Json`]), for
//! `hcl json`.
//!
//! Blocks nest by type and then by each label; blocks with the same type
//! and labels become an array of bodies (in [`Mode::Hcl2json`], every
//! block's body is an element of an array). Tuple and object constructors
//! keep their structure: each element and attribute is converted on its
//! own, so that one part that cannot be evaluated leaves the others as
//! values. Any other expression (a reference, a call, an operator, a
//! conditional, a `for` expression) is a leaf: its value when it has one,
//! else its source as a template, `"${...}"`, or the template text of a
//! quoted string or heredoc. [`Mode::Hcl2json`] writes expressions as
//! tmccombs/hcl2json does ([`crate::hcl2json`]).

use crate::json::Json;
use hcl_core::ast::{Block, Body, Expression, ExpressionKind, ObjectItem, TemplatePart, UnaryOp};
use hcl_core::value::escape_templates;
use hcl_core::{
    Code, Diagnostic, Diagnostics, EvalContext, ExprRef, Number, Severity, SourceFile, Type, Value,
};
use std::collections::HashMap;
use std::sync::Arc;

/// Whether expressions are evaluated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Evaluated with the context: values where they are known.
    Evaluate,
    /// Not evaluated: literals as their values, every other expression as
    /// its source template.
    Source,
    /// What tmccombs/hcl2json writes, value for value: every block body
    /// in an array, expressions as its rules give them
    /// ([`crate::hcl2json`]), and an error where it refuses the file.
    /// Evaluation uses the context, which should be
    /// [`hcl2json::context`](crate::hcl2json::context).
    Hcl2json {
        /// hcl2json's `-simplify`: an expression (attribute, element,
        /// object value or interpolation) that evaluates without errors is
        /// written as its value, strings not escaped.
        simplify: bool,
    },
}

impl Mode {
    /// Whether this is [`Mode::Hcl2json`].
    pub fn is_hcl2json(self) -> bool {
        matches!(self, Mode::Hcl2json { .. })
    }
}

/// Converts parsed files to [`Json`].
///
/// # Examples
///
/// ```
/// use hcl_cli::convert::{Converter, Mode};
/// use hcl_core::{Diagnostics, EvalContext};
///
/// let file = hcl_core::parse("tags = [\"a\", var.b, 1 + 1]\n", "main.tf").unwrap();
/// let ctx = EvalContext::new();
/// let mut diags = Diagnostics::default();
/// let mut conv = Converter { source: &file.source, ctx: &ctx, mode: Mode::Evaluate, diags: &mut diags };
/// assert_eq!(conv.body(&file.body).to_text(None), r#"{"tags":["a","${var.b}",2]}"#);
/// let mut conv = Converter { source: &file.source, ctx: &ctx, mode: Mode::Source, diags: &mut diags };
/// assert_eq!(conv.body(&file.body).to_text(None), r#"{"tags":["a","${var.b}","${1 + 1}"]}"#);
/// ```
pub struct Converter<'a, 'p> {
    /// The file's text, for source templates.
    pub source: &'a Arc<SourceFile>,
    /// Variables and functions.
    pub ctx: &'a EvalContext<'p>,
    /// Whether to evaluate.
    pub mode: Mode,
    /// Where evaluation errors go, as warnings; in [`Mode::Hcl2json`],
    /// the errors for which hcl2json refuses the file.
    pub diags: &'a mut Diagnostics,
}

impl Converter<'_, '_> {
    /// A body: attributes, then blocks nested by type and labels (a block
    /// that conflicts with an argument or with blocks of its type with
    /// another number of labels is left out, with a warning; in
    /// [`Mode::Hcl2json`] the latter is an error, as hcl2json refuses such
    /// a file, and blocks named as an argument are checked too).
    pub fn body(&mut self, body: &Body<'_>) -> Json {
        let mut entries = Entries::default();
        for attr in &body.attributes {
            let json = self.attribute(&attr.expr);
            entries.push_attribute(attr.name, json);
        }
        // hcl2json nests every block before its arguments replace those
        // of their names: the blocks an argument hides nest here, apart.
        let mut hidden = Entries::default();
        for block in &body.blocks {
            let json = self.body(&block.body);
            let labels: Vec<&str> = block.labels.iter().map(|l| l.value.as_ref()).collect();
            let conflict = match insert_block(&mut entries, block.block_type, &labels, json) {
                Ok(()) => continue,
                Err(Conflict::Argument) if self.mode.is_hcl2json() => {
                    let placeholder = Json::Array(Vec::new());
                    insert_block(&mut hidden, block.block_type, &labels, placeholder)
                        .err()
                        .unwrap_or(Conflict::Argument)
                }
                Err(conflict) => conflict,
            };
            let diag = match conflict {
                Conflict::MoreLabels | Conflict::FewerLabels { .. } if self.mode.is_hcl2json() => {
                    crate::hcl2json::refusal(block, &conflict)
                }
                _ => left_out_block(block),
            };
            self.diags
                .push(diag.with_subject(self.source, block.def_span()));
        }
        entries.into_json(self.mode.is_hcl2json())
    }

    /// An attribute's expression: in [`Mode::Evaluate`], its value when it
    /// is wholly known, else its parts.
    pub fn attribute(&mut self, expr: &Expression<'_>) -> Json {
        if self.mode == Mode::Evaluate && !self.refers_to_undefined(expr) {
            let (value, found) = self.ctx.evaluate_with_diagnostics(expr, self.source);
            if !found.has_errors() {
                if let Some(json) = Json::known(value) {
                    self.diags.extend(found);
                    return json;
                }
            }
        }
        self.parts(expr)
    }

    /// Constructors part by part; other expressions as leaves. Each leaf
    /// is evaluated once, so the work is linear in the expression's size.
    /// In [`Mode::Hcl2json`], every object is a constructor (a key `a.b`
    /// is its source text) and so is a lone interpolation's expression;
    /// with `simplify`, each part is first evaluated.
    pub(crate) fn parts(&mut self, expr: &Expression<'_>) -> Json {
        if let Some(json) = self.simplified(expr) {
            return json;
        }
        let hcl2json = self.mode.is_hcl2json();
        match &expr.kind {
            ExpressionKind::Tuple(items) => {
                Json::Array(items.iter().map(|e| self.parts(e)).collect())
            }
            ExpressionKind::Object(items) if hcl2json || items.iter().all(has_plain_key) => {
                self.object(items)
            }
            ExpressionKind::TemplateWrap(inner) if hcl2json => self.parts(inner),
            _ => self.leaf(expr),
        }
    }

    fn object(&mut self, items: &[ObjectItem<'_>]) -> Json {
        let mut list: Vec<(String, Json)> = Vec::new();
        let mut index: HashMap<String, usize> = HashMap::new();
        for item in items {
            let key = self.key(&item.key);
            let value = self.parts(&item.value);
            // A later attribute with the same key replaces an earlier one,
            // as evaluation does (the JSON syntax forbids repeating one).
            match index.get(&key) {
                Some(&at) => {
                    if let Some(slot) = list.get_mut(at) {
                        slot.1 = value;
                    }
                }
                None => {
                    index.insert(key.clone(), list.len());
                    list.push((key, value));
                }
            }
        }
        Json::Object(list)
    }

    /// An object key as the JSON syntax reads it, a template: a bare name
    /// or a known key escaped, another key as its source template.
    fn key(&mut self, key: &Expression<'_>) -> String {
        let value = match (self.mode, &key.kind) {
            (Mode::Hcl2json { .. }, _) => return crate::hcl2json::key(key, self.source),
            (_, ExpressionKind::ScopeTraversal { root, .. }) => return escape_templates(root),
            (Mode::Source, _) => literal(key),
            (Mode::Evaluate, _) => self.known_value(key),
        };
        let text = value
            .filter(|v| !v.is_null())
            .and_then(|v| hcl_core::types::convert(&v, &Type::String).ok())
            .and_then(|v| v.as_str().map(escape_templates));
        text.unwrap_or_else(|| ExprRef::new(key, self.source).source_template())
    }

    fn leaf(&mut self, expr: &Expression<'_>) -> Json {
        let value = match self.mode {
            Mode::Source => literal(expr),
            Mode::Evaluate => self.known_value(expr),
            Mode::Hcl2json { .. } => return self.hcl2json_leaf(expr),
        };
        value
            .and_then(Json::known)
            .unwrap_or_else(|| Json::Template(ExprRef::new(expr, self.source).source_template()))
    }

    /// The value of an expression that refers only to what the context
    /// defines and evaluates without errors; errors other than unknown
    /// names are reported as warnings.
    fn known_value(&mut self, expr: &Expression<'_>) -> Option<Value> {
        if self.refers_to_undefined(expr) {
            return None;
        }
        let (value, found) = self.ctx.evaluate_with_diagnostics(expr, self.source);
        known_value(
            value,
            found,
            " The expression is written as a \"${...}\" template of its source.",
            self.diags,
        )
    }

    fn refers_to_undefined(&self, expr: &Expression<'_>) -> bool {
        refers_to_undefined(expr, self.source, self.ctx)
    }
}

/// The warning that a block is left out of the JSON.
fn left_out_block(block: &Block<'_>) -> Diagnostic {
    left_out(block.block_type, block.labels.len())
}

/// The warning that a block of `block_type` with `labels` labels is left
/// out of the JSON.
pub(crate) fn left_out(block_type: &str, labels: usize) -> Diagnostic {
    Diagnostic::warning(
        Code::BlockLeftOutOfJson, "Block left out of the JSON",
        format!(
            "A block of type \"{}\" with {} label(s) conflicts with an argument or with another block of that type that has a different number of labels, which the JSON syntax cannot represent; it is left out.",
            block_type,
            labels
        ),
    )
}

/// Whether an object key is one the JSON syntax can hold: anything but a
/// traversal with steps (`a.b = 1`), which evaluation rejects as ambiguous.
fn has_plain_key(item: &ObjectItem<'_>) -> bool {
    !matches!(&item.key.kind, ExpressionKind::ScopeTraversal { steps, .. } if !steps.is_empty())
}

/// The value of a literal: a number (negated or not), a bool, null, or a
/// string without interpolations.
pub(crate) fn literal(expr: &Expression<'_>) -> Option<Value> {
    match &expr.kind {
        ExpressionKind::Number(text) => Number::parse_literal(text).map(Value::from),
        ExpressionKind::Unary {
            op: UnaryOp::Negate,
            operand,
        } => match &operand.kind {
            ExpressionKind::Number(text) => {
                Number::parse_literal(text).map(|n| Value::from(n.neg()))
            }
            _ => None,
        },
        ExpressionKind::Bool(b) => Some(Value::from(*b)),
        ExpressionKind::Null => Some(Value::null(Type::Dynamic)),
        ExpressionKind::Template(t) => {
            let mut text = String::new();
            for part in &t.parts {
                match part {
                    TemplatePart::Literal(s, _) => text.push_str(s),
                    _ => return None,
                }
            }
            Some(Value::from(text))
        }
        _ => None,
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
/// assert!(diags.iter().all(hcl_cli::convert::is_unresolved));
/// let diags = EvalContext::new().evaluate_str("1 + true").unwrap_err();
/// assert!(!diags.iter().any(hcl_cli::convert::is_unresolved));
/// ```
pub fn is_unresolved(diag: &Diagnostic) -> bool {
    matches!(diag.code, Code::UnknownVariable | Code::UnknownFunction)
}

/// An evaluation's `value` when it is to be written as a value: `None`
/// when `found` says it refers to something undefined or failed (the
/// source is written instead). Its errors become warnings ending with
/// `note`, which says what is written instead, and go to `diags`.
pub(crate) fn known_value(
    value: Value,
    found: Diagnostics,
    note: &str,
    diags: &mut Diagnostics,
) -> Option<Value> {
    if found.iter().any(is_unresolved) {
        return None;
    }
    let failed = found.has_errors();
    for mut diag in found.into_vec() {
        if diag.is_error() {
            diag.severity = Severity::Warning;
            diag.detail.push_str(note);
        }
        diags.push(diag);
    }
    (!failed).then_some(value)
}

/// Whether an expression refers to a variable that neither `ctx` nor its
/// parents define.
///
/// # Examples
///
/// ```
/// let file = hcl_core::parse("a = var.x + 1\n", "t.hcl").unwrap();
/// let expr = &file.body.attributes[0].expr;
/// let mut ctx = hcl_core::EvalContext::new();
/// assert!(hcl_cli::convert::refers_to_undefined(expr, &file.source, &ctx));
/// ctx.set_variable("var", hcl_core::Value::object([("x", hcl_core::Value::from(1))]));
/// assert!(!hcl_cli::convert::refers_to_undefined(expr, &file.source, &ctx));
/// ```
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

/// Why a block cannot be nested where its type and labels lead.
pub(crate) enum Conflict {
    /// An argument of the body has the block's type as its name.
    Argument,
    /// A label of the block leads into the bodies of blocks with fewer
    /// labels.
    MoreLabels,
    /// The block's last label (or its type), `key`, leads to blocks with
    /// more labels.
    FewerLabels {
        /// The type or label.
        key: String,
    },
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
pub(crate) struct Entries {
    list: Vec<(String, Node)>,
    index: HashMap<String, usize>,
}

impl Entries {
    /// Adds an argument.
    pub(crate) fn push_attribute(&mut self, name: &str, json: Json) {
        self.index.insert(name.to_owned(), self.list.len());
        self.list.push((name.to_owned(), Node::Json(json)));
    }

    /// Puts a block's body under its type and labels; see
    /// [`insert_block`].
    pub(crate) fn insert_block(
        &mut self,
        block_type: &str,
        labels: &[&str],
        body: Json,
    ) -> Result<(), Conflict> {
        insert_block(self, block_type, labels, body)
    }

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

    /// The object; the bodies of blocks of one type and labels are an
    /// array when there are several or when `arrays` asks for it.
    pub(crate) fn into_json(self, arrays: bool) -> Json {
        Json::Object(
            self.list
                .into_iter()
                .map(|(k, n)| (k, n.into_json(arrays)))
                .collect(),
        )
    }
}

impl Node {
    fn into_json(self, arrays: bool) -> Json {
        match self {
            Node::Json(j) => j,
            Node::Labels(entries) => entries.into_json(arrays),
            Node::Bodies(bodies) if arrays => Json::Array(bodies),
            Node::Bodies(mut bodies) => match bodies.pop() {
                Some(only) if bodies.is_empty() => only,
                Some(last) => {
                    bodies.push(last);
                    Json::Array(bodies)
                }
                None => Json::Array(bodies),
            },
        }
    }
}

/// Puts a block's body under its type and labels, unless that conflicts
/// with an argument or with blocks of another number of labels. Recurses
/// once per label: the parser bounds labels and blocks together by
/// `max_nesting_depth`.
fn insert_block(
    entries: &mut Entries,
    key: &str,
    labels: &[&str],
    body: Json,
) -> Result<(), Conflict> {
    match labels.split_first() {
        None => match entries.slot(key, || Node::Bodies(Vec::new())) {
            Some(Node::Bodies(bodies)) => {
                bodies.push(body);
                Ok(())
            }
            Some(Node::Labels(_)) => Err(Conflict::FewerLabels {
                key: key.to_owned(),
            }),
            _ => Err(Conflict::Argument),
        },
        Some((first, rest)) => match entries.slot(key, || Node::Labels(Entries::default())) {
            Some(Node::Labels(next)) => insert_block(next, first, rest, body),
            Some(Node::Bodies(_)) => Err(Conflict::MoreLabels),
            _ => Err(Conflict::Argument),
        },
    }
}
