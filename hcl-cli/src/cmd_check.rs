//! `hcl check`: parsing files and evaluating every attribute.

use crate::convert::{is_unresolved, refers_to_undefined};
use crate::convert_json;
use crate::expanded::check_expanded;
use crate::input::{each_parsed, Syntax};
use crate::report::{Format, OutputArgs};
use crate::vars::{define, variables, VarArgs};
use crate::{document_context, Output};
use hcl_core::ast::Body;
use hcl_core::ext::dynblock::Expansion;
use hcl_core::{ConfigFile, Diagnostics, EvalContext, ExprRef, SourceFile, Span, Value};
use std::sync::Arc;

const CHECK_HELP: &str = "\
Examples:
  hcl check main.tf                 parse and evaluate main.tf
  hcl check .                       every .hcl, .tf, .tfvars, .nomad file below .
                                    (and .tf.json, .hcl.json...)
  hcl check --strict app.hcl        unknown variables and functions are errors
  hcl check --dynamic-blocks .      dynamic blocks expanded, as Terraform does
  hcl check --var env=prod app.hcl  with a variable
  hcl check --format json .         diagnostics and the summary as JSON lines
  cat main.tf | hcl check           standard input
  hcl check main.tf.json            a file of the JSON syntax
  hcl check --syntax json < x.json  standard input in the JSON syntax

A file whose name ends in .json is read in the JSON syntax: its top-level
properties are attributes (\"//\" is a comment), each evaluated whole;
without --strict, the diagnostics inside a string that refers to an
undefined variable are left out.

On success a summary goes to standard error (\"3 files checked, no
problems\"); with --format json every message, the summary included, is a
JSON object on its own line on standard output.

Exit status:
  0  no errors (warnings may have been printed)
  1  a diagnostic with severity error (syntax, evaluation, invalid UTF-8)
  2  a file that cannot be read, or a usage error";

/// The arguments of `hcl check`.
#[derive(Debug, Clone, Default, clap::Args)]
#[command(after_help = CHECK_HELP)]
pub struct CheckArgs {
    /// Files and directories to check; directories are searched
    /// recursively for .hcl, .tf, .tfvars and .nomad files (.pkr.hcl
    /// included), and for the same followed by .json (.tf.json, .hcl.json:
    /// the JSON syntax, as is any file named that ends in .json). `-`, or
    /// nothing, reads standard input.
    #[arg(value_name = "PATH")]
    pub paths: Vec<String>,
    /// The syntax of standard input: `native` or `json`, e.g.
    /// `--syntax json`; files are read in the syntax their names call for.
    #[arg(long, value_enum, default_value_t = Syntax::Native, value_name = "SYNTAX")]
    pub syntax: Syntax,
    /// Reports unknown variables and functions as errors, e.g.
    /// `hcl check --strict app.hcl`.
    #[arg(long)]
    pub strict: bool,
    /// Expands `dynamic` blocks (Terraform's) into the blocks they
    /// generate, checking their `for_each`, labels and content with their
    /// iterators, e.g. `hcl check --dynamic-blocks main.tf`; files of the
    /// native syntax only. By default a `dynamic` block is an ordinary block.
    #[arg(long)]
    pub dynamic_blocks: bool,
    /// Variables.
    #[command(flatten)]
    pub vars: VarArgs,
    /// Messages.
    #[command(flatten)]
    pub output: OutputArgs,
}

/// Runs `hcl check`; returns the exit status.
///
/// # Examples
///
/// ```
/// use hcl_cli::cmd_check::{run, CheckArgs};
/// use hcl_cli::{report::Format, Output};
///
/// let dir = std::env::temp_dir().join(format!("hcl-check-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// std::fs::write(dir.join("a.tf"), "x = var.y\n").unwrap();
/// std::fs::write(dir.join("b.hcl"), "y = 1\n").unwrap();
/// let mut out = Output::default();
/// assert_eq!(run(&CheckArgs { paths: vec![dir.display().to_string()], ..CheckArgs::default() }, &mut out), 0);
/// assert_eq!(out.stderr, "2 files checked, no problems\n");
/// # std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub fn run(args: &CheckArgs, out: &mut Output) -> u8 {
    let mut report = args.output.reporter(args.output.format == Format::Json);
    let Some(vars) = variables(&args.vars, &mut report, out) else {
        return report.status();
    };
    let mut ctx = EvalContext::new();
    define(&mut ctx, vars, args.vars.var_object.as_deref());
    let (files, _) = each_parsed(
        &args.paths,
        args.syntax,
        &mut report,
        out,
        |text, file, report, out| {
            let ctx = document_context(&ctx, text.len());
            let mut diags = Diagnostics::default();
            match file {
                ConfigFile::Native(file) if args.dynamic_blocks => {
                    let expansion = Expansion::new(&ctx);
                    let body = expansion.expand(hcl_core::Body::from_file(file));
                    check_expanded(&body, &ctx, args.strict, &mut diags);
                    report.diagnostics_in(&diags, &file.body, out);
                }
                ConfigFile::Native(file) => {
                    check_body(&file.body, &file.source, &ctx, args.strict, &mut diags);
                    report.diagnostics_in(&diags, &file.body, out);
                }
                ConfigFile::Json(file) => {
                    let body = hcl_core::Body::from_json_file(file);
                    let (attrs, found) = body.just_attributes_with_diagnostics();
                    diags.extend(found);
                    let mut attrs: Vec<_> = attrs.into_values().collect();
                    attrs.sort_by_key(|a| a.span.start);
                    for attr in attrs {
                        check_json(attr.expr, &ctx, args.strict, &mut diags);
                    }
                    report.diagnostics(&diags, out);
                }
            }
            None::<()>
        },
    );
    let (errors, warnings) = report.counts();
    let noun = if files == 1 { "file" } else { "files" };
    let text = if errors == 0 && warnings == 0 {
        format!("{files} {noun} checked, no problems")
    } else {
        format!(
            "{files} {noun} checked: {errors} error{}, {warnings} warning{}",
            if errors == 1 { "" } else { "s" },
            if warnings == 1 { "" } else { "s" }
        )
    };
    let count = |n: usize| Value::from(i64::try_from(n).unwrap_or(i64::MAX));
    let fields = vec![
        ("files", count(files)),
        ("errors", count(errors)),
        ("warnings", count(warnings)),
    ];
    let status = report.status();
    report.summary(&text, fields, out);
    status
}

/// Evaluates every attribute of a body and of its blocks, keeping the
/// diagnostics; unless `strict`, an attribute that refers to a variable
/// `ctx` lacks is not evaluated and calls to unknown functions are not
/// reported.
fn check_body(
    body: &Body<'_>,
    source: &Arc<SourceFile>,
    ctx: &EvalContext<'_>,
    strict: bool,
    diags: &mut Diagnostics,
) {
    for attr in &body.attributes {
        if !strict && refers_to_undefined(&attr.expr, source, ctx) {
            continue;
        }
        let (_, found) = ctx.evaluate_with_diagnostics(&attr.expr, source);
        for diag in found.into_vec() {
            if strict || !is_unresolved(&diag) {
                diags.push(diag);
            }
        }
    }
    for block in &body.blocks {
        check_body(&block.body, source, ctx, strict, diags);
    }
}

/// Evaluates an attribute of the JSON syntax whole, keeping the
/// diagnostics; unless `strict`, those inside a string that refers to a
/// variable `ctx` lacks and calls to unknown functions are left out, as
/// for an expression of the native syntax.
fn check_json(expr: ExprRef<'_>, ctx: &EvalContext<'_>, strict: bool, diags: &mut Diagnostics) {
    let (_, found) = expr.value_with_diagnostics(ctx);
    let mut skipped = Vec::new();
    if !strict {
        unresolved_strings(expr, ctx, &mut skipped);
    }
    for diag in found.into_vec() {
        let inside = diag.subject.as_ref().is_some_and(|s| {
            skipped
                .iter()
                .any(|span: &Span| span.start <= s.start.byte && s.end.byte <= span.end)
        });
        if strict || !(is_unresolved(&diag) || inside) {
            diags.push(diag);
        }
    }
}

/// The spans of the strings (property names included) of a JSON value
/// that refer to a variable `ctx` lacks.
fn unresolved_strings(expr: ExprRef<'_>, ctx: &EvalContext<'_>, spans: &mut Vec<Span>) {
    if let Ok(items) = expr.as_static_list() {
        for item in items {
            unresolved_strings(item, ctx, spans);
        }
    } else if let Ok(pairs) = expr.as_static_map() {
        for pair in pairs {
            unresolved_strings(pair.key, ctx, spans);
            unresolved_strings(pair.value, ctx, spans);
        }
    } else if expr.is_template() && convert_json::refers_to_undefined(&expr, ctx) {
        spans.push(expr.span());
    }
}
