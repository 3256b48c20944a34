//! What `hcl eval --file` gives an expression, in the spirit of
//! `terraform console`: the `default` of each `variable "NAME"` block as
//! `var.NAME`, the attributes of `locals` blocks as `local.NAME`, and the
//! other top-level attributes as variables of their own names. Files of
//! either syntax are read through [`hcl_core::Body`]: in one of the JSON
//! syntax, every top-level property other than `variable` and `locals` is
//! such an attribute, since only a schema tells blocks from attributes.
//!
//! Locals are evaluated in the order of their references to one another
//! (`local.a = local.b + 1` after `local.b`), each once. A local or
//! attribute that cannot be evaluated (it refers to something the files do
//! not define, such as a resource, or to a local in a cycle) is unknown.

use hcl_core::analysis::Traverse;
use hcl_core::schema::{AttributeSchema, BlockHeaderSchema};
use hcl_core::{Body, BodySchema, EvalContext, ExprRef, Type, Value};
use std::collections::{BTreeMap, HashMap};

/// The top-level schema of the scope: `variable "NAME"` and `locals`.
fn scope_schema() -> Option<BodySchema> {
    BodySchema::new(
        Vec::new(),
        vec![
            BlockHeaderSchema::new("variable", &["name"]),
            BlockHeaderSchema::new("locals", &[]),
        ],
    )
    .ok()
}

/// The value of an expression, unknown when it cannot be evaluated.
fn value_or_unknown(expr: ExprRef<'_>, ctx: &EvalContext<'_>) -> Value {
    let (value, found) = expr.value_with_diagnostics(ctx);
    if found.has_errors() {
        Value::dynamic()
    } else {
        value
    }
}

/// The attributes of a body in source order; a body's errors (a block
/// where only attributes are read) leave the others.
fn attributes<'a>(body: &Body<'a>) -> Vec<hcl_core::schema::Attribute<'a>> {
    let (attrs, _) = body.just_attributes_with_diagnostics();
    let mut attrs: Vec<_> = attrs.into_values().collect();
    attrs.sort_by_key(|a| a.span.start);
    attrs
}

/// The defaults of the `variable` blocks of the files' bodies (of either
/// syntax), by name.
///
/// # Examples
///
/// ```
/// use hcl_cli::scope::variable_defaults;
/// use hcl_core::Body;
/// let file = hcl_core::parse("variable \"env\" {\n  default = \"dev\"\n}\nvariable \"n\" {}\n", "v.tf").unwrap();
/// let defaults = variable_defaults(&[Body::from_file(&file)], &hcl_core::EvalContext::new());
/// assert_eq!(defaults, vec![("env".to_owned(), hcl_core::Value::from("dev"))]);
/// let json = hcl_core::parse_json(r#"{"variable": {"n": {"default": 2}}}"#, "v.tf.json").unwrap();
/// let defaults = variable_defaults(&[Body::from_json_file(&json)], &hcl_core::EvalContext::new());
/// assert_eq!(defaults, vec![("n".to_owned(), hcl_core::Value::from(2))]);
/// ```
pub fn variable_defaults(files: &[Body<'_>], ctx: &EvalContext<'_>) -> Vec<(String, Value)> {
    let mut out = Vec::new();
    let (Some(schema), Ok(default)) = (
        scope_schema(),
        BodySchema::new(vec![AttributeSchema::optional("default")], Vec::new()),
    ) else {
        return out;
    };
    for body in files {
        let (content, _, _) = body.partial_content_with_diagnostics(&schema);
        for block in content.blocks_of_type("variable") {
            let Some(label) = block.labels.first() else {
                continue;
            };
            let (found, _, _) = block.body.partial_content_with_diagnostics(&default);
            if let Some(attr) = found.attributes.get("default") {
                out.push((label.value.to_string(), value_or_unknown(attr.expr, ctx)));
            }
        }
    }
    out
}

/// Sets the files' top-level attributes as variables (in a body of the
/// JSON syntax, every top-level property other than `variable` and
/// `locals`), then `local` as the object of the files' locals.
///
/// # Examples
///
/// ```
/// use hcl_cli::scope::define_attributes_and_locals;
/// use hcl_core::Body;
/// let file = hcl_core::parse("n = 2\nlocals {\n  b = local.a * n\n  a = 3\n}\n", "m.tf").unwrap();
/// let json = hcl_core::parse_json(r#"{"locals": {"c": "${local.b + 1}"}}"#, "m.tf.json").unwrap();
/// let mut ctx = hcl_core::EvalContext::new();
/// define_attributes_and_locals(&[Body::from_file(&file), Body::from_json_file(&json)], &mut ctx);
/// assert_eq!(ctx.evaluate_str("local.b").unwrap(), hcl_core::Value::from(6));
/// assert_eq!(ctx.evaluate_str("local.c").unwrap(), hcl_core::Value::from(7));
/// ```
pub fn define_attributes_and_locals(files: &[Body<'_>], ctx: &mut EvalContext<'_>) {
    let Some(schema) = scope_schema() else {
        return;
    };
    let mut attrs = Vec::new();
    let mut locals_list = Vec::new();
    for body in files {
        let (content, rest, _) = body.partial_content_with_diagnostics(&schema);
        for attr in attributes(&rest) {
            attrs.push((attr.name.to_owned(), value_or_unknown(attr.expr, ctx)));
        }
        for block in content.blocks_of_type("locals") {
            locals_list.extend(attributes(&block.body));
        }
    }
    for (name, value) in attrs {
        ctx.set_variable(&name, value);
    }
    let local = locals(&locals_list, ctx);
    ctx.set_variable("local", local);
}

/// One local: its expression and the locals it refers to.
struct Local<'a> {
    expr: ExprRef<'a>,
    deps: Vec<usize>,
}

/// The object of the locals, each evaluated after those it refers to
/// (Kahn's algorithm: linear in the number of references).
fn locals<'a>(attrs: &[hcl_core::schema::Attribute<'a>], ctx: &EvalContext<'_>) -> Value {
    let mut names: HashMap<&str, usize> = HashMap::new();
    let mut list: Vec<(String, Local<'a>)> = Vec::new();
    for attr in attrs {
        let local = Local {
            expr: attr.expr,
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
    let mut users: Vec<Vec<usize>> = vec![Vec::new(); list.len()];
    let mut waiting: Vec<usize> = vec![0; list.len()];
    for (i, (_, local)) in list.iter_mut().enumerate() {
        for t in local.expr.variables() {
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
        let (value, found) = local.expr.value_with_diagnostics(&child);
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
