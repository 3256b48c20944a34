//! `hcl json`: HCL files as documents of the HCL JSON syntax.

use crate::convert::{Converter, Mode};
use crate::convert_json::JsonConverter;
use crate::input::{each_parsed, Syntax};
use crate::json::Json;
use crate::report::OutputArgs;
use crate::vars::{define, variables, VarArgs};
use crate::{document_context, Output};
use hcl_core::{ConfigFile, Diagnostics, EvalContext};

const JSON_HELP: &str = "\
Examples:
  hcl json main.tf                      main.tf as JSON, evaluated where it can be
  hcl json --no-eval main.tf            every expression as its source template
  hcl json --by-file --pretty modules/  one object keyed by file name, indented
  cat main.tf | hcl json                standard input
  hcl json main.tf.json                 a file of the JSON syntax, evaluated
  cat x.json | hcl json --syntax json   standard input in the JSON syntax
  hcl json --var env=prod app.hcl       with a variable
  hcl json --var-object var --var-file prod.tfvars main.tf
                                        var.NAME from a .tfvars file
  hcl json --format json a.tf b.tf      messages as JSON lines on stderr

Files of the JSON syntax (a name ending in .json; standard input with
--syntax json): the top-level properties are the attributes (\"//\" is a
comment), as for a native file. Without a schema that syntax cannot tell a
block from an object, so blocks stay the objects and arrays they are
written as (a reader with the schema reads the same blocks back). Arrays
and objects keep their structure; a string is its value when it is known
(--no-eval: never), else written as it is, a template.

Exit status:
  0  success
  1  a diagnostic with severity error (syntax, invalid UTF-8); the
     other files are still written
  2  a file that cannot be read, or a usage error; the other files are
     still written";

/// The arguments of `hcl json`.
#[derive(Debug, Clone, Default, clap::Args)]
#[command(after_help = JSON_HELP)]
pub struct JsonArgs {
    /// Files and directories to convert; directories are searched
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
    /// Writes one object keyed by file name, whatever the number of files,
    /// e.g. `hcl json --by-file a.tf b.tf`; by default each file's object
    /// is a JSON document on its own line.
    #[arg(long)]
    pub by_file: bool,
    /// Indents the output by two spaces (each document then spans lines),
    /// e.g. `hcl json --pretty main.tf`.
    #[arg(long)]
    pub pretty: bool,
    /// Evaluates nothing: literals as their values, every other expression
    /// as its source template, e.g. `hcl json --no-eval main.tf`.
    #[arg(long)]
    pub no_eval: bool,
    /// Variables.
    #[command(flatten)]
    pub vars: VarArgs,
    /// Messages.
    #[command(flatten)]
    pub output: OutputArgs,
}

/// Runs `hcl json`; returns the exit status.
///
/// # Examples
///
/// ```
/// use hcl_cli::cmd_json::{run, JsonArgs};
/// use hcl_cli::Output;
///
/// let dir = std::env::temp_dir().join(format!("hcl-json-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// std::fs::write(dir.join("a.tf"), "x = [var.y, 1]\n").unwrap();
/// let args = JsonArgs { paths: vec![dir.display().to_string()], ..JsonArgs::default() };
/// let mut out = Output::default();
/// assert_eq!(run(&args, &mut out), 0);
/// assert_eq!(out.stdout, "{\"x\":[\"${var.y}\",1]}\n");
/// # std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub fn run(args: &JsonArgs, out: &mut Output) -> u8 {
    let mut report = args.output.reporter(false);
    let Some(vars) = variables(&args.vars, &mut report, out) else {
        return report.status();
    };
    let mut ctx = EvalContext::new();
    define(&mut ctx, vars, args.vars.var_object.as_deref());
    let mode = if args.no_eval {
        Mode::Source
    } else {
        Mode::Evaluate
    };
    let mut objects = Vec::new();
    each_parsed(
        &args.paths,
        args.syntax,
        &mut report,
        out,
        |text, file, report, out| {
            let ctx = document_context(&ctx, text.len());
            let mut diags = Diagnostics::default();
            let json = match file {
                ConfigFile::Native(file) => {
                    let json = Converter {
                        source: &file.source,
                        ctx: &ctx,
                        mode,
                        diags: &mut diags,
                    }
                    .body(&file.body);
                    report.diagnostics_in(&diags, &file.body, out);
                    json
                }
                ConfigFile::Json(file) => {
                    let json = JsonConverter {
                        ctx: &ctx,
                        mode,
                        diags: &mut diags,
                    }
                    .file(file);
                    report.diagnostics(&diags, out);
                    json
                }
            };
            objects.push((file.source().name().to_owned(), json));
        },
    );
    let indent = args.pretty.then_some(2);
    if args.by_file {
        out.stdout.push_str(&Json::Object(objects).to_text(indent));
        out.stdout.push('\n');
    } else {
        for (_, json) in objects {
            out.stdout.push_str(&json.to_text(indent));
            out.stdout.push('\n');
        }
    }
    report.status()
}
