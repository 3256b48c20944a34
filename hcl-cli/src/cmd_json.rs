//! `hcl json`: HCL files as documents of the HCL JSON syntax.

use crate::convert::{Converter, Mode};
use crate::convert_json::JsonConverter;
use crate::input::{each_parsed, IoError, Syntax};
use crate::json::Json;
use crate::report::OutputArgs;
use crate::vars::{define, variables, VarArgs};
use crate::{document_context, Output};
use hcl_core::ext::dynblock::Expansion;
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
  hcl json --dynamic-blocks main.tf     dynamic blocks written as the blocks they make
  hcl json --var-object var --var-file prod.tfvars main.tf
                                        var.NAME from a .tfvars file
  hcl json --format json a.tf b.tf      messages as JSON lines on stderr
  hcl json --hcl2json main.tf           as hcl2json writes it, each block body in an array
  hcl json --hcl2json --simplify main.tf
                                        as hcl2json -simplify writes it

Files of the JSON syntax (a name ending in .json; standard input with
--syntax json): the top-level properties are the attributes (\"//\" is a
comment), as for a native file. Without a schema that syntax cannot tell a
block from an object, so blocks stay the objects and arrays they are
written as (a reader with the schema reads the same blocks back). Arrays
and objects keep their structure; a string is its value when it is known
(--no-eval: never), else written as it is, a template.

--hcl2json: the output of tmccombs/hcl2json, value for value, for the
scripts written for it. Every block body is an element of an array, so the
shape never changes with the number of blocks (`.variable.region[0]`,
`.locals[1].name`). Literals are their values; tuples and objects keep
their structure; every other expression is a \"${...}\" template of its
source, a quoted string or heredoc rebuilt from its parts as hcl2json does
(`\"${\"a\"}-%{ if x ~}y%{ endif }\"` gives \"a-%{if x}y%{endif}\"). Where
hcl2json refuses a file, so does --hcl2json, with an error: blocks of one
type with different numbers of labels (`include {}` and `include \"env\"
{}`), `-` or `!` applied to a literal that cannot take it (`-true`) and,
with --simplify, a value JSON cannot write (`1/0`). Files of the JSON
syntax, which hcl2json does not read, are refused as unreadable. Unlike
hcl2json, which reads several files as one text, each file is its own
document (or, with --by-file, its own key).

--simplify, as hcl2json's -simplify: every attribute, element, object value
and lone interpolation (`\"${...}\"`) that evaluates without errors, with no
variables and only the functions abs, ceil, floor, log, max, min, parseint,
pow, signum, chomp, format, formatlist, indent, join, split, strrev, trim,
trimprefix, trimsuffix, trimspace, chunklist, concat, distinct, flatten,
length, merge, reverse, sort, csvdecode, jsondecode, jsonencode, formatdate
and timeadd, is written as its value, its strings as they are (`\"$${x}\"`
gives \"${x}\", as hcl2json writes it); the others as without --simplify.

Exit status:
  0  success
  1  a diagnostic with severity error (syntax, invalid UTF-8, a file
     --hcl2json refuses); the other files are still written
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
    /// Writes what tmccombs/hcl2json writes, value for value (see below),
    /// e.g. `hcl json --hcl2json main.tf | jq '.resource.aws_instance.web[0].ami'`.
    #[arg(long, conflicts_with_all = ["no_eval", "vars", "var_files", "var_object"])]
    pub hcl2json: bool,
    /// With --hcl2json, as hcl2json's -simplify: what evaluates without
    /// variables is written as its value, e.g. `hcl json --hcl2json
    /// --simplify main.tf`.
    #[arg(long, requires = "hcl2json")]
    pub simplify: bool,
    /// Writes the blocks that `dynamic` blocks (Terraform's) generate in
    /// their place, e.g. `hcl json --dynamic-blocks main.tf`; files of the
    /// native syntax only. By default a `dynamic` block is written as a
    /// block of type "dynamic".
    #[arg(long, conflicts_with = "hcl2json")]
    pub dynamic_blocks: bool,
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
    let (mode, ctx) = if args.hcl2json {
        let simplify = args.simplify;
        (Mode::Hcl2json { simplify }, crate::hcl2json::context())
    } else {
        let mut ctx = EvalContext::new();
        define(&mut ctx, vars, args.vars.var_object.as_deref());
        let mode = if args.no_eval {
            Mode::Source
        } else {
            Mode::Evaluate
        };
        (mode, ctx)
    };
    let (_, objects) = each_parsed(
        &args.paths,
        args.syntax,
        &mut report,
        out,
        |text, file, report, out| {
            let ctx = document_context(&ctx, text.len());
            let mut diags = Diagnostics::default();
            let json = match file {
                ConfigFile::Native(file) => {
                    let expansion = Expansion::new(&ctx);
                    let mut converter = Converter {
                        source: &file.source,
                        ctx: &ctx,
                        mode,
                        diags: &mut diags,
                    };
                    let json = if args.dynamic_blocks {
                        converter.expanded_body(&expansion.expand(hcl_core::Body::from_file(file)))
                    } else {
                        converter.body(&file.body)
                    };
                    report.diagnostics_in(&diags, &file.body, out);
                    // Only a refusal of hcl2json's is an error here.
                    if diags.has_errors() {
                        return None;
                    }
                    json
                }
                ConfigFile::Json(file) if mode.is_hcl2json() => {
                    let err = IoError {
                        name: file.source().name().to_owned(),
                        message: "is in the JSON syntax, which --hcl2json does not read \
                                  (hcl2json reads the native syntax only)"
                            .to_owned(),
                    };
                    report.io_error(&err, out);
                    return None;
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
            Some((file.source().name().to_owned(), json))
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
