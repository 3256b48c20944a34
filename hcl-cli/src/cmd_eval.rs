//! `hcl eval`: evaluating one expression.

use crate::input::{collect, read_input, IoError};
use crate::report::{Format, OutputArgs, Reporter};
use crate::scope::{define_attributes_and_locals, variable_defaults};
use crate::vars::{define, variables, VarArgs};
use crate::{hcl_text, Output};
use hcl_core::{Body, Code, Diagnostic, EvalContext, SourceFile};
use std::path::Path;
use std::sync::Arc;

const EVAL_HELP: &str = "\
Examples:
  hcl eval '1 + 2'                          prints 3
  hcl eval 'upper(name)' --var name=web     prints \"WEB\"
  echo '[for i in range(3): i * 2]' | hcl eval
                                            the expression from standard input
  hcl eval --format json '{ a = [1, 2] }'   prints {\"a\":[1,2]}
  hcl eval --file main.tf 'local.name'      a local of main.tf
  hcl eval --file . --var env=prod 'local.bucket'
                                            with var.env set, as terraform's -var

With --file, a file (or each file of a directory, not below it) gives the
expression: the `default` of each `variable \"NAME\"` block as var.NAME,
the attributes of `locals` blocks as local.NAME (evaluated in the order of
their references to one another), and the other top-level attributes as
variables of their own names. A file whose name ends in .json is read in
the JSON syntax (a directory gives its .tf.json, .hcl.json... files too),
where every top-level property other than `variable` and `locals` is such
a variable. --var and --var-file then set var.NAME, over the defaults. A local that cannot be evaluated (it refers to a resource,
say) is unknown.

Exit status:
  0  success
  1  a diagnostic with severity error, or with --format json a value that
     is not wholly known or is infinite
  2  a file that cannot be read, or a usage error";

/// The arguments of `hcl eval`.
#[derive(Debug, Clone, Default, clap::Args)]
#[command(after_help = EVAL_HELP)]
pub struct EvalArgs {
    /// The expression; without it, standard input is read.
    pub expr: Option<String>,
    /// Evaluates against a file's variables, locals and attributes (see
    /// below), e.g. `--file main.tf`; a directory gives its files.
    /// Repeatable.
    #[arg(long = "file", value_name = "PATH")]
    pub files: Vec<String>,
    /// Variables.
    #[command(flatten)]
    pub vars: VarArgs,
    /// Messages, and the value: HCL syntax on one line (`human`, an
    /// unknown value as `(unknown)`), or JSON (`json`, see
    /// `Value::to_json`).
    #[command(flatten)]
    pub output: OutputArgs,
}

/// Runs `hcl eval`; returns the exit status.
///
/// # Examples
///
/// ```
/// use hcl_cli::cmd_eval::{run, EvalArgs};
/// use hcl_cli::Output;
///
/// let mut out = Output::default();
/// let args = EvalArgs { expr: Some("[1, 1 + 1]".into()), ..EvalArgs::default() };
/// assert_eq!(run(&args, &mut out), 0);
/// assert_eq!(out.stdout, "[1, 2]\n");
/// ```
pub fn run(args: &EvalArgs, out: &mut Output) -> u8 {
    let mut report = args.output.reporter(false);
    let Some(vars) = variables(&args.vars, &mut report, out) else {
        return report.status();
    };
    let expr_text = match &args.expr {
        Some(text) => text.clone(),
        None => match read_input("-") {
            Ok(input) => match input.text {
                Ok(text) => text,
                Err(diag) => {
                    report.diagnostic(&diag, out);
                    return report.status();
                }
            },
            Err(err) => {
                report.io_error(&err, out);
                return report.status();
            }
        },
    };
    // The texts outlive the files parsed from them.
    let texts = file_texts(&args.files, &mut report, out);
    let mut parsed = Vec::new();
    for (name, text) in &texts {
        match hcl_core::parse_config(text, name) {
            Ok(file) => parsed.push(file),
            Err(found) => report.diagnostics(&found, out),
        }
    }
    if report.status() != 0 {
        return report.status();
    }
    let mut ctx = EvalContext::new();
    if args.files.is_empty() {
        define(&mut ctx, vars, args.vars.var_object.as_deref());
    } else {
        let files: Vec<Body<'_>> = parsed.iter().map(Body::from_config_file).collect();
        let object = args.vars.var_object.as_deref().unwrap_or("var");
        let defaults = variable_defaults(&files, &ctx);
        define(&mut ctx, defaults, Some(object));
        define(&mut ctx, vars, Some(object));
        define_attributes_and_locals(&files, &mut ctx);
    }
    let name = "<expr>";
    let value = match hcl_core::parse_expression(&expr_text, name) {
        Ok(parsed) => {
            let file = Arc::new(SourceFile::new(name, &expr_text));
            let (v, found) = ctx.evaluate_with_diagnostics(&parsed, &file);
            report.diagnostics(&found, out);
            v
        }
        Err(found) => {
            report.diagnostics(&found, out);
            return report.status();
        }
    };
    if report.status() != 0 {
        return report.status();
    }
    let text = match args.output.format {
        Format::Human => hcl_text::value_to_hcl(&value),
        Format::Json => match value.to_json() {
            Ok(text) => text,
            Err(err) => {
                report.diagnostic(
                    &Diagnostic::error(
                        Code::UnknownValue,
                        "Value has no JSON form",
                        err.to_string(),
                    ),
                    out,
                );
                return report.status();
            }
        },
    };
    out.stdout.push_str(&text);
    out.stdout.push('\n');
    report.status()
}

/// The names and texts of the files of `--file` (a directory's files not
/// below it); what cannot be read is reported.
fn file_texts(paths: &[String], report: &mut Reporter, out: &mut Output) -> Vec<(String, String)> {
    let mut texts = Vec::new();
    for path in paths {
        let mut files = Vec::new();
        if let Err(err) = collect(Path::new(path), true, false, &mut files) {
            report.io_error(&err, out);
        }
        for file in files {
            let read = file
                .to_str()
                .ok_or_else(|| IoError {
                    name: file.display().to_string(),
                    message: "the name is not UTF-8".to_owned(),
                })
                .and_then(read_input);
            match read {
                Ok(input) => match input.text {
                    Ok(text) => texts.push((input.name, text)),
                    Err(diag) => report.diagnostic(&diag, out),
                },
                Err(err) => report.io_error(&err, out),
            }
        }
    }
    texts
}
