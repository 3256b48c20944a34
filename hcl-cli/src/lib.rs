//! The `hcl` command-line tool: HCL to JSON (`hcl json`), checking files
//! (`hcl check`), evaluating expressions (`hcl eval`) and formatting files
//! (`hcl fmt`).
//!
//! [`run`] takes the parsed arguments and returns the exit status; the
//! binary only parses the command line and prints.

pub mod convert;
pub mod fmt;
pub mod hcl_text;
pub mod json;

use clap::{Parser, Subcommand, ValueEnum};
use hcl_core::ast::Body;
use hcl_core::{Code, Diagnostic, Diagnostics, EvalContext, SourceFile, Span, Value};
use convert::{is_unresolved, Converter, Mode};
use json::Json;
use std::io::{Read, Write};
use std::path::Path;
use std::sync::Arc;

/// Exit status: success.
pub const EXIT_OK: u8 = 0;
/// Exit status: a diagnostic with severity error was found.
pub const EXIT_DIAGNOSTICS: u8 = 1;
/// Exit status: a usage error or an I/O error (a file that cannot be read).
pub const EXIT_USAGE: u8 = 2;

const EXIT_HELP: &str = "\
Exit status:
  0  success
  1  a diagnostic with severity error (syntax, evaluation, invalid UTF-8)
  2  usage error, or a file that cannot be read (missing, a directory)";

/// The command line.
#[derive(Debug, Parser)]
#[command(name = "hcl", version, about = "Read HCL files: convert to JSON, check, evaluate, format", after_help = EXIT_HELP)]
pub struct Cli {
    /// The subcommand.
    #[command(subcommand)]
    pub command: Command,
}

/// Variables given on the command line.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct VarArgs {
    /// Sets a variable: NAME=VALUE, where VALUE is an HCL expression without
    /// variables or function calls (`--var 'env="prod"'`, `--var n=3`,
    /// `--var 'tags={a = 1}'`). Repeatable; later ones win.
    #[arg(long = "var", value_name = "NAME=VALUE")]
    pub vars: Vec<String>,
    /// Reads variables from an HCL file of attributes (like a .tfvars
    /// file); values are literal expressions. Repeatable; `--var` wins.
    #[arg(long = "var-file", value_name = "FILE")]
    pub var_files: Vec<String>,
}

/// The output format of `hcl check`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum Format {
    /// Diagnostics rendered with the source line, on stderr.
    #[default]
    Human,
    /// One JSON object per diagnostic and line on stdout: severity, code,
    /// summary, detail, filename, start and end (line, column, byte).
    Json,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Converts HCL files to JSON (the HCL JSON syntax) on stdout.
    ///
    /// Attributes are evaluated with the standard functions and the given
    /// variables. Tuples `[...]` and objects `{...}` keep their structure:
    /// each element and attribute is converted on its own. A part that
    /// refers to an unknown variable or function, or whose value is not
    /// wholly known or is infinite, is written as a "${...}" template of
    /// its source text (a quoted string or heredoc as its template text);
    /// other evaluation errors give the same template and are printed as
    /// warnings. Conditionals and `for` expressions are parts, not
    /// structure. With --no-eval nothing is evaluated: literals are their
    /// values and every other part its source template, as hcl2json writes.
    ///
    /// The output reads back through the HCL JSON syntax as the same
    /// values: numbers are JSON numbers with every digit; in strings and
    /// in the keys of objects "${" and "%{" are escaped as "$${" and "%%{"
    /// (the syntax reads them as templates); an object key that is an
    /// expression is its template (`(var.k) = 1` gives "${(var.k)}": 1);
    /// an object key written twice keeps its last value. Attribute names,
    /// block types and labels are written as they are. Blocks nest by type
    /// and then by each label; blocks with the same type and labels become
    /// an array of bodies (a block that conflicts with an argument or with
    /// blocks of its type with another number of labels is left out, with
    /// a warning).
    ///
    /// Each file's object is a JSON document on its own line; with
    /// --by-file, one object keyed by file name. `-`, or no file, reads
    /// stdin.
    #[command(after_help = EXIT_HELP)]
    Json {
        /// The files to convert (`-` for stdin; none reads stdin).
        #[arg(value_name = "FILE")]
        files: Vec<String>,
        /// Indents the output.
        #[arg(long)]
        pretty: bool,
        /// Writes one object keyed by file name, whatever the number of
        /// files (by default, each file's object is a JSON document on
        /// its own line).
        #[arg(long)]
        by_file: bool,
        /// Evaluates nothing: literals as their values, every other
        /// expression as its source template.
        #[arg(long)]
        no_eval: bool,
        /// Variables.
        #[command(flatten)]
        vars: VarArgs,
    },
    /// Parses files and evaluates every attribute, reporting diagnostics.
    ///
    /// Every diagnostic, warnings included, is printed. Configurations
    /// commonly use names only their application defines (Terraform's
    /// `var`, `local`, `file()`...), so by default an expression that refers
    /// to a variable not given with `--var`/`--var-file` is parsed but not
    /// evaluated, and calls to unknown functions are not reported;
    /// `--strict` evaluates everything and reports both as errors.
    #[command(after_help = EXIT_HELP)]
    Check {
        /// The files to check (`-` for stdin).
        #[arg(required = true, value_name = "FILE")]
        files: Vec<String>,
        /// Reports unknown variables and functions as errors.
        #[arg(long)]
        strict: bool,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
        /// Variables.
        #[command(flatten)]
        vars: VarArgs,
    },
    /// Evaluates one expression and prints its value.
    ///
    /// The value is printed in HCL syntax on one line (`{ a = 1, b = "x" }`,
    /// `[1, 2]`, `"text"`, `null`); a value not known yet prints as
    /// `(unknown)`. With `--json`, as JSON (an unknown value as null).
    #[command(after_help = EXIT_HELP)]
    Eval {
        /// The expression.
        expr: String,
        /// Prints the value as JSON.
        #[arg(long)]
        json: bool,
        /// Variables.
        #[command(flatten)]
        vars: VarArgs,
    },
    /// Rewrites HCL files in the canonical layout (that of `terraform fmt`).
    ///
    /// Indentation, spaces and the alignment of `=` and of comments are
    /// made canonical; comments, line breaks and heredoc contents are kept.
    /// A file that does not parse is reported and left untouched.
    Fmt(fmt::FmtArgs),
}

/// What a command writes: standard output and standard error text.
#[derive(Debug, Default)]
pub struct Output {
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
}

/// An input that could not be read: printed as `hcl: ...`, exit status 2.
#[derive(Debug)]
struct IoError(String);

/// A named input read as text, or as a diagnostic when it is not UTF-8.
struct Input {
    name: String,
    text: Result<String, Diagnostic>,
}

fn read_input(name: &str) -> Result<Input, IoError> {
    let bytes = if name == "-" {
        let mut buf = Vec::new();
        std::io::stdin()
            .read_to_end(&mut buf)
            .map_err(|e| IoError(format!("cannot read standard input: {e}")))?;
        buf
    } else {
        let path = Path::new(name);
        if path.is_dir() {
            return Err(IoError(format!("{name}: is a directory, not a file")));
        }
        std::fs::read(path).map_err(|e| IoError(format!("{name}: cannot read: {e}")))?
    };
    let display = if name == "-" { "<stdin>" } else { name };
    let text = match String::from_utf8(bytes) {
        Ok(text) => Ok(text),
        Err(err) => {
            let at = err.utf8_error().valid_up_to();
            let lossy = String::from_utf8_lossy(err.as_bytes()).into_owned();
            let file = Arc::new(SourceFile::new(display, &lossy));
            let start = u32::try_from(at).unwrap_or(u32::MAX);
            let replacement = u32::try_from(char::REPLACEMENT_CHARACTER.len_utf8()).unwrap_or(1);
            let mut diag = Diagnostic::error(
                Code::InvalidUtf8, "Invalid UTF-8",
                format!("The file is not valid UTF-8: the byte at offset {at} does not start a valid character. HCL files must be UTF-8."),
            )
            .with_subject(&file, Span::new(start, start.saturating_add(replacement)));
            // The range covers the replacement character of the text shown;
            // its end byte is that of the original bytes.
            if let Some(subject) = &mut diag.subject {
                subject.end.byte = start.saturating_add(1);
            }
            Err(diag)
        }
    };
    Ok(Input {
        name: display.to_owned(),
        text,
    })
}

/// Builds the evaluation context: standard functions and the variables of
/// `--var-file` and then `--var`.
/// The context of one file's evaluations: the command's, with a budget
/// that bounds what they build together (`Limits::max_total_eval_values`).
fn document_context<'p>(ctx: &'p EvalContext<'p>, input_bytes: usize) -> EvalContext<'p> {
    let mut child = ctx.child();
    child.share_budget(input_bytes);
    child
}

fn context(args: &VarArgs, diags: &mut Diagnostics) -> Result<EvalContext<'static>, IoError> {
    let mut ctx = EvalContext::new();
    let literal = EvalContext::literal_only();
    for name in &args.var_files {
        let input = read_input(name)?;
        let text = match input.text {
            Ok(text) => text,
            Err(diag) => {
                diags.push(diag);
                continue;
            }
        };
        let file = match hcl_core::parse(&text, &input.name) {
            Ok(file) => file,
            Err(found) => {
                diags.extend(found);
                continue;
            }
        };
        for block in &file.body.blocks {
            diags.push(
                Diagnostic::error(
                    Code::BlockInVariablesFile,
                    "Unexpected block in variables file",
                    "A variables file holds only arguments (NAME = VALUE).",
                )
                .with_subject(&file.source, block.def_span()),
            );
        }
        for attr in &file.body.attributes {
            let (value, found) = literal.evaluate_with_diagnostics(&attr.expr, &file.source);
            if !found.has_errors() {
                ctx.set_variable(attr.name, value);
            }
            diags.extend(found);
        }
    }
    for var in &args.vars {
        let Some((name, text)) = var.split_once('=') else {
            return Err(IoError(format!(
                "--var {var}: expected NAME=VALUE, e.g. --var 'env=\"prod\"'"
            )));
        };
        let name = name.trim();
        let filename = format!("<var {name}>");
        match hcl_core::parse_expression(text, &filename) {
            Ok(expr) => {
                let file = Arc::new(SourceFile::new(&filename, text));
                let (value, found) = literal.evaluate_with_diagnostics(&expr, &file);
                if !found.has_errors() {
                    ctx.set_variable(name, value);
                }
                diags.extend(found);
            }
            Err(found) => diags.extend(found),
        }
    }
    Ok(ctx)
}

fn render_human(diags: &Diagnostics, out: &mut String) {
    for diag in diags.iter() {
        out.push_str(&diag.to_string());
        if !out.ends_with('\n') {
            out.push('\n');
        }
        out.push('\n');
    }
}

/// A diagnostic as one line of JSON, with its code under `"code"`.
///
/// # Examples
///
/// ```
/// let diags = hcl_core::parse("a = 1 b = 2\n", "app.hcl").unwrap_err();
/// let line = hcl_cli::diagnostic_json(&diags.as_slice()[0]);
/// assert!(line.contains(r#""code":"missing-newline-after-argument""#), "{line}");
/// assert!(!line.contains('\n'));
/// ```
pub fn diagnostic_json(diag: &Diagnostic) -> String {
    let severity = if diag.is_error() { "error" } else { "warning" };
    let null = || Value::null(hcl_core::Type::Dynamic);
    let pos = |p: hcl_core::Pos| {
        Value::object([
            ("line", Value::from(i64::from(p.line))),
            ("column", Value::from(i64::from(p.column))),
            ("byte", Value::from(i64::from(p.byte))),
        ])
    };
    let (filename, start, end) = match &diag.subject {
        Some(range) => (
            Value::from(range.filename.as_ref()),
            pos(range.start),
            pos(range.end),
        ),
        None => (null(), null(), null()),
    };
    let object = Value::object([
        ("severity", Value::from(severity)),
        ("code", Value::from(diag.code.as_str())),
        ("summary", Value::from(diag.summary.as_str())),
        ("detail", Value::from(diag.detail.as_str())),
        ("filename", filename),
        ("start", start),
        ("end", end),
    ]);
    // Every part is known and finite.
    object.to_json().unwrap_or_default()
}

fn check_body(
    body: &Body<'_>,
    source: &Arc<SourceFile>,
    ctx: &EvalContext<'_>,
    strict: bool,
    diags: &mut Diagnostics,
) {
    for attr in &body.attributes {
        if !strict && convert::refers_to_undefined(&attr.expr, source, ctx) {
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

/// Runs a command; returns what to print and the exit status.
pub fn run(command: &Command) -> (Output, u8) {
    let mut out = Output::default();
    let status = match run_into(command, &mut out) {
        Ok(status) => status,
        Err(IoError(message)) => {
            out.stderr.push_str(&format!("hcl: {message}\n"));
            EXIT_USAGE
        }
    };
    (out, status)
}

fn run_into(command: &Command, out: &mut Output) -> Result<u8, IoError> {
    let mut diags = Diagnostics::default();
    match command {
        Command::Json {
            files,
            pretty,
            by_file,
            no_eval,
            vars,
        } => {
            let ctx = context(vars, &mut diags)?;
            let stdin = ["-".to_owned()];
            let files = if files.is_empty() { &stdin[..] } else { &files[..] };
            let inputs = files
                .iter()
                .map(|f| read_input(f))
                .collect::<Result<Vec<_>, _>>()?;
            let mut objects = Vec::new();
            if !diags.has_errors() {
                for input in &inputs {
                    let json = match &input.text {
                        Err(diag) => {
                            diags.push(diag.clone());
                            continue;
                        }
                        Ok(text) => match hcl_core::parse(text, &input.name) {
                            Ok(file) => {
                                let ctx = document_context(&ctx, text.len());
                                let mode = if *no_eval { Mode::Source } else { Mode::Evaluate };
                                Converter { source: &file.source, ctx: &ctx, mode, diags: &mut diags }.body(&file.body)
                            }
                            Err(found) => {
                                diags.extend(found);
                                continue;
                            }
                        },
                    };
                    objects.push((input.name.clone(), json));
                }
            }
            render_human(&diags, &mut out.stderr);
            if diags.has_errors() {
                return Ok(EXIT_DIAGNOSTICS);
            }
            let indent = pretty.then_some(2);
            if *by_file {
                out.stdout.push_str(&Json::Object(objects).to_text(indent));
                out.stdout.push('\n');
            } else {
                for (_, json) in objects {
                    out.stdout.push_str(&json.to_text(indent));
                    out.stdout.push('\n');
                }
            }
            Ok(EXIT_OK)
        }
        Command::Check {
            files,
            strict,
            format,
            vars,
        } => {
            let ctx = context(vars, &mut diags)?;
            for name in files {
                let input = read_input(name)?;
                match &input.text {
                    Err(diag) => diags.push(diag.clone()),
                    Ok(text) => match hcl_core::parse(text, &input.name) {
                        Ok(file) => {
                            let ctx = document_context(&ctx, text.len());
                            check_body(&file.body, &file.source, &ctx, *strict, &mut diags);
                        }
                        Err(found) => diags.extend(found),
                    },
                }
            }
            match format {
                Format::Human => render_human(&diags, &mut out.stderr),
                Format::Json => {
                    for diag in diags.iter() {
                        out.stdout.push_str(&diagnostic_json(diag));
                        out.stdout.push('\n');
                    }
                }
            }
            Ok(if diags.has_errors() {
                EXIT_DIAGNOSTICS
            } else {
                EXIT_OK
            })
        }
        Command::Fmt(args) => Ok(fmt::run(args, out)),
        Command::Eval { expr, json, vars } => {
            let ctx = context(vars, &mut diags)?;
            let mut value = None;
            if !diags.has_errors() {
                match hcl_core::parse_expression(expr, "<expr>") {
                    Ok(parsed) => {
                        let file = Arc::new(SourceFile::new("<expr>", expr));
                        let (v, found) = ctx.evaluate_with_diagnostics(&parsed, &file);
                        diags.extend(found);
                        value = Some(v);
                    }
                    Err(found) => diags.extend(found),
                }
            }
            render_human(&diags, &mut out.stderr);
            match value {
                Some(v) if !diags.has_errors() => {
                    let text = if *json {
                        v.to_json().unwrap_or_else(|_| "null".to_owned())
                    } else {
                        hcl_text::value_to_hcl(&v)
                    };
                    out.stdout.push_str(&text);
                    out.stdout.push('\n');
                    Ok(EXIT_OK)
                }
                _ => Ok(EXIT_DIAGNOSTICS),
            }
        }
    }
}

/// Parses the command line and runs it, printing the output.
pub fn main_with_args() -> u8 {
    let cli = Cli::parse();
    let (out, status) = run(&cli.command);
    let mut stdout = std::io::stdout().lock();
    let mut stderr = std::io::stderr().lock();
    // Nothing better can be done when standard error itself fails.
    let _ = stderr.write_all(out.stderr.as_bytes());
    if stdout.write_all(out.stdout.as_bytes()).is_err() || stdout.flush().is_err() {
        return EXIT_USAGE;
    }
    status
}
