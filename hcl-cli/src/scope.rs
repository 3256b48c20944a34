//! What `hcl eval --file` gives an expression, in the spirit of
//! `terraform console`: the `default` of each `variable "NAME"` block as
//! `var.NAME`, the attributes of `locals` blocks as `local.NAME`, and the
//! other top-level attributes as variables of their own names.
//!
//! Locals are evaluated in the order of their references to one another
//! (`local.a = local.b + 1` after `local.b`), each once. A local or
//! attribute that cannot be evaluated (it refers to something the files do
//! not define, such as a resource, or to a local in a cycle) is unknown.

use hcl_core::analysis::Traverse;
use hcl_core::ast::Body;
use hcl_core::{EvalContext, ExprRef, SourceFile, Type, Value};
use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

/// A parsed file of the scope.
pub struct ScopeFile<'a> {
    /// The file's text.
    pub source: &'a Arc<SourceFile>,
    /// Its body.
    pub body: &'a Body<'a>,
}

/// The defaults of the `variable` blocks of the files, by name.
///
/// # Examples
///
/// ```
/// use hcl_cli::scope::{variable_defaults, ScopeFile};
/// let file = hcl_core::parse("variable \"env\" {\n  default = \"dev\"\n}\nvariable \"n\" {}\n", "v.tf").unwrap();
/// let files = [ScopeFile { source: &file.source, body: &file.body }];
/// let defaults = variable_defaults(&files, &hcl_core::EvalContext::new());
/// assert_eq!(defaults, vec![("env".to_owned(), hcl_core::Value::from("dev"))]);
/// ```
pub fn variable_defaults(files: &[ScopeFile<'_>], ctx: &EvalContext<'_>) -> Vec<(String, Value)> {
    let mut out = Vec::new();
    for file in files {
        for block in &file.body.blocks {
            let [label] = block.labels.as_slice() else {
                continue;
            };
            if block.block_type != "variable" {
                continue;
            }
            let Some(attr) = block.body.attributes.iter().find(|a| a.name == "default") else {
                continue;
            };
            let (value, found) = ctx.evaluate_with_diagnostics(&attr.expr, file.source);
            let value = if found.has_errors() {
                Value::dynamic()
            } else {
                value
            };
            out.push((label.value.to_string(), value));
        }
    }
    out
}

/// Sets the files' top-level attributes as variables, then `local` as the
/// object of the files' locals.
///
/// # Examples
///
/// ```
/// use hcl_cli::scope::{define_attributes_and_locals, ScopeFile};
/// let file = hcl_core::parse("n = 2\nlocals {\n  b = local.a * n\n  a = 3\n}\n", "m.tf").unwrap();
/// let mut ctx = hcl_core::EvalContext::new();
/// define_attributes_and_locals(&[ScopeFile { source: &file.source, body: &file.body }], &mut ctx);
/// assert_eq!(ctx.evaluate_str("local.b").unwrap(), hcl_core::Value::from(6));
/// ```
pub fn define_attributes_and_locals(files: &[ScopeFile<'_>], ctx: &mut EvalContext<'_>) {
    let mut attrs = Vec::new();
    for file in files {
        for attr in &file.body.attributes {
            let (value, found) = ctx.evaluate_with_diagnostics(&attr.expr, file.source);
            let value = if found.has_errors() {
                Value::dynamic()
            } else {
                value
            };
            attrs.push((attr.name.to_owned(), value));
        }
    }
    for (name, value) in attrs {
        ctx.set_variable(&name, value);
    }
    let local = locals(files, ctx);
    ctx.set_variable("local", local);
}

/// One local: its expression and the locals it refers to.
struct Local<'a> {
    source: &'a Arc<SourceFile>,
    expr: &'a hcl_core::ast::Expression<'a>,
    deps: Vec<usize>,
}

/// The object of the locals, each evaluated after those it refers to
/// (Kahn's algorithm: linear in the number of references).
fn locals(files: &[ScopeFile<'_>], ctx: &EvalContext<'_>) -> Value {
    let mut names: HashMap<&str, usize> = HashMap::new();
    let mut list: Vec<(String, Local<'_>)> = Vec::new();
    for file in files {
        for block in file.body.blocks.iter().filter(|b| b.block_type == "locals") {
            for attr in &block.body.attributes {
                let local = Local {
                    source: file.source,
                    expr: &attr.expr,
                    deps: Vec::new(),
                };
                // A local defined twice: the last definition is used.
                match names.get(attr.name) {
                    Some(&at) => {
                        if let Some(slot) = list.get_mut(at) {
                            slot.1 = local;
                        }
                    }
                    None => {
                        names.insert(attr.name, list.len());
                        list.push((attr.name.to_owned(), local));
                    }
                }
            }
        }
    }
    let mut users: Vec<Vec<usize>> = vec![Vec::new(); list.len()];
    let mut waiting: Vec<usize> = vec![0; list.len()];
    for (i, (_, local)) in list.iter_mut().enumerate() {
        for t in ExprRef::new(local.expr, local.source).variables() {
            let Some(Traverse::Attr { name, .. }) = t.steps.first() else {
                continue;
            };
            if t.root != "local" {
                continue;
            }
            if let Some(&dep) = names.get(name) {
                local.deps.push(dep);
            }
        }
        local.deps.sort_unstable();
        local.deps.dedup();
        for &dep in &local.deps {
            if let (Some(u), Some(w)) = (users.get_mut(dep), waiting.get_mut(i)) {
                u.push(i);
                *w += 1;
            }
        }
    }
    let mut values: Vec<Option<Value>> = vec![None; list.len()];
    let mut ready: Vec<usize> = (0..list.len())
        .filter(|&i| waiting.get(i) == Some(&0))
        .collect();
    while let Some(i) = ready.pop() {
        let Some((_, local)) = list.get(i) else {
            continue;
        };
        let deps: BTreeMap<String, Value> = local
            .deps
            .iter()
            .filter_map(|&d| {
                let name = list.get(d)?.0.clone();
                Some((name, values.get(d)?.clone()?))
            })
            .collect();
        let mut child = ctx.child();
        child.set_variable("local", Value::object(deps));
        let (value, found) = child.evaluate_with_diagnostics(local.expr, local.source);
        if let Some(slot) = values.get_mut(i) {
            *slot = Some(if found.has_errors() {
                Value::dynamic()
            } else {
                value
            });
        }
        for &user in users.get(i).map(Vec::as_slice).unwrap_or_default() {
            if let Some(w) = waiting.get_mut(user) {
                *w -= 1;
                if *w == 0 {
                    ready.push(user);
                }
            }
        }
    }
    let all: BTreeMap<String, Value> = list
        .into_iter()
        .zip(values)
        .map(|((name, _), v)| (name, v.unwrap_or_else(|| Value::unknown(Type::Dynamic))))
        .collect();
    Value::object(all)
}
