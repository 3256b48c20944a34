//! Type-checking a deployment program before it runs, with the extended
//! types: resources take inputs and give outputs, `output(T)` values that
//! exist only once the resource is created. A plain `string` input cannot
//! take an `output(string)`; the checker says so, with the place, and the
//! fixed program checks clean.
//!
//! ```sh
//! cargo run --example typecheck                     # examples/configs/program.hcl, then its fix
//! cargo run --example typecheck -- FILE             # check FILE only
//! ```

use std::collections::BTreeMap;
use std::process::ExitCode;
use std::sync::Arc;

use hcl_core::check::{TypeContext, TypedSchema};
use hcl_core::typeexpr::{get_type, parse_type, TypeExprOptions};
use hcl_core::types::Type;
use hcl_core::{Body, BodySchema, Code, Diagnostics, SourceFile, SyntaxTree};

/// A kind of resource: its inputs (name, type, required) and outputs, as
/// type expressions.
struct Kind {
    name: &'static str,
    inputs: &'static [(&'static str, &'static str, bool)],
    outputs: &'static [(&'static str, &'static str)],
}

/// An input that takes a value known now or one known later.
const INPUT_STRING: &str = "union(string, output(string))";

const KINDS: &[Kind] = &[
    Kind {
        name: "bucket",
        inputs: &[("name", "string", true), ("versioning", "bool", false)],
        outputs: &[("id", "output(string)"), ("endpoint", "output(string)")],
    },
    Kind {
        name: "dns_record",
        inputs: &[
            ("zone", "string", true),
            ("name", "string", true),
            ("target", INPUT_STRING, true),
        ],
        outputs: &[("fqdn", "output(string)")],
    },
    Kind {
        name: "monitor",
        // The name must be known before deployment: it names the monitor.
        inputs: &[
            ("url", INPUT_STRING, true),
            ("name", "string", true),
            ("interval", "int", true),
        ],
        outputs: &[("id", "output(string)")],
    },
];

fn kind(name: &str) -> Option<&'static Kind> {
    KINDS.iter().find(|k| k.name == name)
}

/// A label's text.
fn label<'a>(block: &'a hcl_core::schema::Block<'_>, i: usize) -> &'a str {
    block.labels.get(i).map_or("", |l| l.value)
}

fn type_expr(text: &str) -> Type {
    match parse_type(text, &TypeExprOptions::extended()) {
        Ok((ty, _)) => ty,
        Err(diags) => panic!("the type {text} of the example is invalid: {diags}"),
    }
}

/// What a resource of `kind` gives the rest of the program: every input
/// and output, all known only once it exists.
fn resource_type(kind: &Kind) -> Type {
    let inputs = kind
        .inputs
        .iter()
        .map(|(name, ty, _)| (*name, Type::output(type_expr(ty))));
    let outputs = kind.outputs.iter().map(|(name, ty)| (*name, type_expr(ty)));
    Type::object(inputs.chain(outputs))
}

fn input_schema(kind: &Kind) -> TypedSchema {
    let mut schema = TypedSchema::default();
    for (name, ty, required) in kind.inputs {
        schema = if *required {
            schema.required(name, type_expr(ty))
        } else {
            schema.optional(name, type_expr(ty))
        };
    }
    schema
}

/// Checks a program: its variables' declared types, then each resource's
/// inputs against its kind.
fn check(source: &Arc<SourceFile>) -> Diagnostics {
    let tree = match SyntaxTree::parse(Arc::clone(source), &Default::default()) {
        Ok(tree) => tree,
        Err(diags) => return diags,
    };
    let schema = BodySchema::builder()
        .block("variable", &["name"])
        .block("resource", &["type", "name"])
        .build()
        .unwrap_or_else(|e| panic!("the example's schema is invalid: {e}"));
    let (content, mut diags) = Body::from_tree(&tree).content_with_diagnostics(&schema);

    let mut variables = BTreeMap::new();
    for block in content.blocks_of_type("variable") {
        let (attrs, d) = block.body.just_attributes_with_diagnostics();
        diags.extend(d);
        let ty = match attrs.get("type") {
            Some(attr) => {
                let (ty, _, d) = get_type(attr.expr, &TypeExprOptions::extended());
                diags.extend(d);
                ty
            }
            None => Type::Dynamic,
        };
        variables.insert(label(block, 0).to_owned(), ty);
    }

    let mut ctx = TypeContext::default();
    ctx.set_variable("var", Type::object(variables));
    let mut resources: BTreeMap<&str, Vec<(String, Type)>> = BTreeMap::new();
    for block in content.blocks_of_type("resource") {
        if let Some(kind) = kind(label(block, 0)) {
            let name = label(block, 1).to_owned();
            resources
                .entry(kind.name)
                .or_default()
                .push((name, resource_type(kind)));
        }
    }
    for (kind, named) in resources {
        ctx.set_variable(kind, Type::object(named));
    }

    for block in content.blocks_of_type("resource") {
        let kind_name = label(block, 0);
        match kind(kind_name) {
            Some(kind) => diags.extend(ctx.check_body(&block.body, &input_schema(kind))),
            None => diags.push(block.type_location().error(
                Code::Custom,
                "Unknown resource type",
                format!("There is no resource type named \"{kind_name}\"."),
            )),
        }
    }
    diags
}

fn report(name: &str, diags: &Diagnostics) {
    let errors = diags.iter().filter(|d| d.is_error()).count();
    println!(
        "{name}: {errors} error(s), {} warning(s)",
        diags.len() - errors
    );
    if !diags.is_empty() {
        println!("{diags}");
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let path = args
        .first()
        .cloned()
        .unwrap_or_else(|| "examples/configs/program.hcl".to_owned());
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("cannot read {path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let source = Arc::new(SourceFile::new(&path, &text));
    let diags = check(&source);
    report(&path, &diags);
    if !args.is_empty() {
        return if diags.has_errors() {
            ExitCode::FAILURE
        } else {
            ExitCode::SUCCESS
        };
    }

    // The type of one expression, on its own.
    let mut ctx = TypeContext::default();
    if let Some(dns) = kind("dns_record") {
        ctx.set_variable("dns_record", Type::object([("www", resource_type(dns))]));
    }
    let url = "\"https://${dns_record.www.fqdn}/health\"";
    let expr = hcl_core::parse_expression(url, "url").unwrap_or_else(|e| panic!("{e}"));
    let (ty, _) = ctx.type_of(&expr, &Arc::new(SourceFile::new("url", url)));
    println!("type of {url}: {ty}\n");

    // The fix: the monitor's name is built from what is known before
    // deployment.
    let fixed = text.replace(
        "name     = bucket.site.id",
        "name     = \"uptime-${var.env}\"",
    );
    let fixed_source = Arc::new(SourceFile::new(&format!("{path} (fixed)"), &fixed));
    let fixed_diags = check(&fixed_source);
    report(fixed_source.name(), &fixed_diags);
    if fixed_diags.has_errors() {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
