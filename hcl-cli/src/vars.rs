//! Variables given on the command line (`--var`, `--var-file`,
//! `--var-object`), as terraform's `-var` and `-var-file` give them.

use crate::input::read_input;
use crate::report::Reporter;
use crate::Output;
use hcl_core::ast::ExpressionKind;
use hcl_core::{Code, Diagnostic, EvalContext, SourceFile, Value};
use std::sync::Arc;

/// Variables given on the command line.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct VarArgs {
    /// Sets a variable, as terraform's -var does: NAME=VALUE, where NAME
    /// is an identifier and VALUE is a plain string unless it reads as a
    /// typed value: a number, true/false, null, a list `[...]`, an object
    /// `{...}` or a quoted string (`--var env=prod` and `--var 'env="prod"'`
    /// both give the string "prod"; `--var n=3` a number; `--var
    /// 'tags={a = "x"}'` an object). Repeatable; later ones win.
    #[arg(long = "var", value_name = "NAME=VALUE")]
    pub vars: Vec<String>,
    /// Reads variables from a file of arguments, NAME = VALUE, such as a
    /// .tfvars file (values are literals, without variables or calls), e.g.
    /// `--var-file prod.tfvars`. Repeatable; `--var` wins.
    #[arg(long = "var-file", value_name = "FILE")]
    pub var_files: Vec<String>,
    /// Puts the variables of --var and --var-file in one object variable
    /// NAME instead: with `--var-object var`, `--var env=prod` gives
    /// `var.env`, as expressions of a terraform configuration refer to it.
    #[arg(long = "var-object", value_name = "NAME")]
    pub var_object: Option<String>,
}

/// The variables of the command line in order (later ones win), or
/// `None` after a usage error or a variables file with errors, which are
/// reported.
///
/// # Examples
///
/// ```
/// use hcl_cli::{report::{Format, Reporter}, vars::{variables, VarArgs}, Output};
///
/// let args = VarArgs { vars: vec!["env=prod".into(), "n=3".into(), "q=\"3\"".into()], ..VarArgs::default() };
/// let mut report = Reporter::new(Format::Human, false);
/// let vars = variables(&args, &mut report, &mut Output::default()).unwrap();
/// let shown: Vec<String> = vars.iter().map(|(k, v)| format!("{k}={v}")).collect();
/// assert_eq!(shown, ["env=\"prod\"", "n=3", "q=\"3\""]);
/// ```
pub fn variables(
    args: &VarArgs,
    report: &mut Reporter,
    out: &mut Output,
) -> Option<Vec<(String, Value)>> {
    let mut vars = Vec::new();
    let mut ok = true;
    let literal = EvalContext::literal_only();
    for name in &args.var_files {
        let input = match read_input(name) {
            Ok(input) => input,
            Err(err) => {
                report.io_error(&err, out);
                ok = false;
                continue;
            }
        };
        let text = match input.text {
            Ok(text) => text,
            Err(diag) => {
                report.diagnostic(&diag, out);
                ok = false;
                continue;
            }
        };
        let file = match hcl_core::parse(&text, &input.name) {
            Ok(file) => file,
            Err(found) => {
                report.diagnostics(&found, out);
                ok = false;
                continue;
            }
        };
        for block in &file.body.blocks {
            ok = false;
            report.diagnostic(
                &Diagnostic::error(
                    Code::BlockInVariablesFile,
                    "Unexpected block in variables file",
                    "A variables file holds only arguments (NAME = VALUE).",
                )
                .with_subject(&file.source, block.def_span()),
                out,
            );
        }
        for attr in &file.body.attributes {
            let (value, found) = literal.evaluate_with_diagnostics(&attr.expr, &file.source);
            ok &= !found.has_errors();
            report.diagnostics(&found, out);
            vars.push((attr.name.to_owned(), value));
        }
    }
    for var in &args.vars {
        let Some((name, text)) = var.split_once('=') else {
            report.usage_error(
                &format!("--var {var}: expected NAME=VALUE, e.g. --var env=prod"),
                out,
            );
            return None;
        };
        let name = name.trim();
        if !is_identifier(name) {
            report.usage_error(
                &format!(
                    "--var {var}: the name \"{name}\" is not an identifier; for var.NAME as in terraform, use --var-object var --var NAME=VALUE"
                ),
                out,
            );
            return None;
        }
        vars.push((name.to_owned(), typed_value(name, text)));
    }
    if let Some(object) = &args.var_object {
        if !is_identifier(object) {
            report.usage_error(&format!("--var-object {object}: not an identifier"), out);
            return None;
        }
    }
    ok.then_some(vars)
}

/// Sets the variables in `ctx`, each by its name or, with `object`, as
/// the attributes of one object variable of that name, over the
/// attributes that variable already has in `ctx`.
///
/// # Examples
///
/// ```
/// let mut ctx = hcl_core::EvalContext::new();
/// let vars = vec![("env".to_owned(), hcl_core::Value::from("prod"))];
/// hcl_cli::vars::define(&mut ctx, vars, Some("var"));
/// assert_eq!(ctx.evaluate_str("var.env").unwrap(), hcl_core::Value::from("prod"));
/// ```
pub fn define(ctx: &mut EvalContext<'_>, vars: Vec<(String, Value)>, object: Option<&str>) {
    match object {
        None => {
            for (name, value) in vars {
                ctx.set_variable(&name, value);
            }
        }
        Some(object) => {
            let mut attrs: Vec<(String, Value)> = match ctx.variable(object).map(Value::kind) {
                Some(hcl_core::value::ValueKind::Object(entries)) => entries.to_vec(),
                _ => Vec::new(),
            };
            attrs.extend(vars);
            // Later attributes of the same name win.
            let attrs: std::collections::BTreeMap<String, Value> = attrs.into_iter().collect();
            ctx.set_variable(object, Value::object(attrs));
        }
    }
}

/// A value of `--var`: typed when the text reads as a literal expression
/// (no variables, no calls), else the text as a string.
fn typed_value(name: &str, text: &str) -> Value {
    let filename = format!("<var {name}>");
    if let Ok(expr) = hcl_core::parse_expression(text, &filename) {
        let file = Arc::new(SourceFile::new(&filename, text));
        let (value, found) = EvalContext::literal_only().evaluate_with_diagnostics(&expr, &file);
        if !found.has_errors() && value.is_wholly_known() {
            return value;
        }
    }
    Value::from(text)
}

/// Whether `name` is one identifier, as the parser reads it.
fn is_identifier(name: &str) -> bool {
    match hcl_core::parse_expression(name, "<name>") {
        Ok(expr) => {
            matches!(&expr.kind, ExpressionKind::ScopeTraversal { root, steps, .. } if steps.is_empty() && *root == name)
        }
        Err(_) => false,
    }
}
