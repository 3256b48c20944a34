//! The settings of one decode, shared by every deserializer it makes, and
//! how it evaluates an attribute (in `unresolved_as_source` mode, what
//! does not evaluate is read as its source).

use std::cell::RefCell;

use hcl_core::{Diagnostics, EvalContext, ExprRef, Value};

use super::recovery::{self, ResumePoints};

/// The settings of one decode, shared by every deserializer it makes.
/// String values can borrow from the caller's text for `'de`.
pub(crate) struct Session<'c, 'de> {
    pub(crate) ctx: &'c EvalContext<'c>,
    pub(crate) lenient: bool,
    pub(crate) unresolved_as_source: bool,
    /// The warnings of lenient mode.
    pub(crate) warnings: RefCell<Diagnostics>,
    /// Where this pass reads stand-ins for what failed in earlier ones.
    pub(crate) resume: &'c ResumePoints,
    /// What this pass did, for the next.
    pub(crate) record: recovery::PassRecord,
    /// The caller's text, which string values can borrow from.
    pub(crate) source: Borrowable<'de>,
    /// The schemas of the struct types read, by their field lists.
    pub(crate) schemas: super::fields::SchemaCache,
}

/// The caller's text, of which the decoded file's text is a copy: a
/// string literal of the file is borrowed from the same place in it.
#[derive(Clone, Copy)]
pub(crate) struct Borrowable<'de> {
    source: Option<&'de str>,
    /// Where the copy's text starts in memory.
    copy: usize,
}

impl<'de> Borrowable<'de> {
    /// Nothing to borrow from: the text is the decoder's own.
    pub(crate) const NONE: Borrowable<'de> = Borrowable {
        source: None,
        copy: 0,
    };

    /// `source`, of which `copy` is a copy (or `source` itself).
    pub(crate) fn of(source: &'de str, copy: &str) -> Self {
        Borrowable {
            source: Some(source),
            copy: copy.as_ptr() as usize,
        }
    }

    /// The caller's own bytes for `text`, a slice of the copy.
    pub(crate) fn borrow(&self, text: &str) -> Option<&'de str> {
        let source = self.source?;
        let start = (text.as_ptr() as usize).checked_sub(self.copy)?;
        let borrowed = source.get(start..start.checked_add(text.len())?)?;
        // Equal bytes make the borrow right whatever the text's origin.
        (borrowed == text).then_some(borrowed)
    }
}

impl Session<'_, '_> {
    /// The value of an attribute. In `unresolved_as_source` mode, an
    /// expression that refers to a variable the context lacks, or fails to
    /// evaluate, is its source text as a template, and its errors are
    /// warnings; a tuple or object constructor keeps its structure, each
    /// part read so on its own (as `hcl json` writes it).
    pub(crate) fn evaluate(&self, expr: &ExprRef<'_>) -> std::result::Result<Value, Diagnostics> {
        if !self.unresolved_as_source {
            return expr.value(self.ctx);
        }
        Ok(self.value_or_source(expr))
    }

    /// The value of `expr` in `unresolved_as_source` mode.
    fn value_or_source(&self, expr: &ExprRef<'_>) -> Value {
        let mut failed = Diagnostics::default();
        if !refers_to_undefined(expr, self.ctx) {
            match expr.value(self.ctx) {
                Ok(value) if value.is_wholly_known() => return value,
                Ok(_) => {}
                Err(diags) => failed = diags,
            }
        }
        if let Some(parts) = self.parts_or_source(expr) {
            return parts;
        }
        let mut warnings = self.warnings.borrow_mut();
        for mut diag in failed {
            if diag.is_error() {
                diag.severity = hcl_core::Severity::Warning;
                diag.detail
                    .push_str(" The expression is read as a \"${...}\" template of its source.");
            }
            warnings.push(diag);
        }
        Value::string(expr.source_template())
    }

    /// A tuple or object constructor's value with each part read on its
    /// own, keys included; `None` for any other expression.
    fn parts_or_source(&self, expr: &ExprRef<'_>) -> Option<Value> {
        if let Some(items) = expr.elements() {
            return Some(Value::tuple(
                items.map(|item| self.value_or_source(&item)).collect(),
            ));
        }
        let pairs = expr.pairs()?;
        let mut entries = Vec::with_capacity(pairs.len());
        for pair in pairs {
            // A key that does not evaluate to a string is its source, but a
            // traversal with steps (`a.b = 1`, a key no JSON object can
            // write) leaves the whole constructor as its source.
            if let Some(text) = pair.key.as_string_literal() {
                entries.push((text.to_string(), self.value_or_source(&pair.value)));
                continue;
            }
            if pair.key.as_traversal().is_ok_and(|t| !t.steps.is_empty()) {
                return None;
            }
            let key = match pair.key.as_keyword() {
                Some(name) => name.to_string(),
                None => match pair.key.value(self.ctx) {
                    Ok(key) if key.as_str().is_some() => {
                        key.as_str().unwrap_or_default().to_string()
                    }
                    _ => pair.key.source_template(),
                },
            };
            entries.push((key, self.value_or_source(&pair.value)));
        }
        Some(Value::object(entries))
    }
}

/// Whether the expression refers to a variable that neither `ctx` nor its
/// parents define.
fn refers_to_undefined(expr: &ExprRef<'_>, ctx: &EvalContext<'_>) -> bool {
    expr.variables()
        .iter()
        .any(|traversal| ctx.variable(traversal.root).is_none())
}
