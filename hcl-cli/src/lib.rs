//! The `hcl` command-line tool: HCL to JSON (`hcl json`), checking files
//! (`hcl check`), evaluating expressions (`hcl eval`), formatting files
//! (`hcl fmt`), editing files by address (`hcl edit`), decoding files
//! by a spec file (`hcl dec`) and a language server for editors
//! (`hcl lsp`), with its shell completions
//! (`hcl completions`) and man pages (`hcl man`).
//!
//! [`run`] takes the parsed arguments and returns what to print and the
//! exit status; the binary only parses the command line and prints.

pub mod cmd_check;
pub mod cmd_completions;
pub mod cmd_dec;
pub mod cmd_edit;
pub mod cmd_eval;
pub mod cmd_json;
pub mod cmd_lsp;
pub mod cmd_man;
pub mod convert;
pub mod convert_json;
mod expanded;
pub mod fmt;
pub mod go_json;
pub mod hcl2json;
pub mod hcl_text;
pub mod input;
pub mod json;
pub mod report;
pub mod scope;
pub mod vars;

use clap::{Parser, Subcommand};
use hcl_core::EvalContext;
use std::io::Write;

/// Exit status: success.
pub const EXIT_OK: u8 = 0;
/// Exit status: a diagnostic with severity error was found.
pub const EXIT_DIAGNOSTICS: u8 = 1;
/// Exit status: a usage error or an I/O error (a file that cannot be read).
pub const EXIT_USAGE: u8 = 2;

const MAIN_HELP: &str = "\
Examples:
  hcl json main.tf                  main.tf as JSON (the HCL JSON syntax)
  hcl check .                       check every HCL file below .
  hcl eval --file main.tf local.x   a local of main.tf
  hcl fmt --check .                 list the files that are not formatted
  hcl edit -f main.tf -u attribute set resource.aws_instance.web.ami '\"ami-2\"'
                                    set an attribute, keeping the file's layout
  hcl json --hcl2json main.tf       main.tf as tmccombs/hcl2json writes it
  hcl dec --spec app.hcldec app.hcl app.hcl decoded by a spec, as hcldec does
  hcl lsp --schema schema.json      a language server for editors, with a schema
  hcl completions bash              the completion script for bash
  hcl man | man -l -                the man page

Inputs: a command given no file reads standard input (also `-`); a
directory gives its .hcl, .tf, .tfvars and .nomad files (.pkr.hcl
included) and the same followed by .json (.tf.json, .hcl.json), searched
recursively. A file whose name ends in .json is read in the HCL JSON
syntax (standard input with --syntax json); `hcl fmt` leaves such files
alone. A file that cannot be read is reported and the others are still
processed.

Messages: with --format json every message is a JSON object on its own
line: {\"type\":\"diagnostic\",\"severity\",\"code\",\"summary\",\"detail\",
\"filename\",\"start\",\"end\"} (a file that cannot be read has code
\"read-failed\", a usage error \"custom\"), and for `hcl check` a
{\"type\":\"summary\",\"files\",\"errors\",\"warnings\"}. `hcl dec` has the
messages and exit statuses of HashiCorp's hcldec instead: see its help.

Exit status:
  0  success
  1  a diagnostic with severity error (syntax, evaluation, invalid UTF-8)
  2  usage error, or a file that cannot be read (missing, a directory)";

/// The command line.
#[derive(Debug, Parser)]
#[command(name = "hcl", version, about = "Read HCL files: convert to JSON, check, evaluate, format, edit, decode by a spec, serve editors", after_help = MAIN_HELP)]
pub struct Cli {
    /// The subcommand.
    #[command(subcommand)]
    pub command: Command,
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
    /// values and every other part its source template. With --hcl2json
    /// the output is that of tmccombs/hcl2json, value for value (each
    /// block body in an array; see below).
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
    /// --by-file, one object keyed by file name. Messages go to stderr.
    Json(cmd_json::JsonArgs),
    /// Parses files and evaluates every attribute, reporting diagnostics.
    ///
    /// Every diagnostic, warnings included, is printed, then a summary.
    /// Configurations commonly use names only their application defines
    /// (Terraform's `var`, `local`, `file()`...), so by default an
    /// expression that refers to a variable not given with
    /// `--var`/`--var-file` is parsed but not evaluated, and calls to
    /// unknown functions are not reported; `--strict` evaluates everything
    /// and reports both as errors.
    Check(cmd_check::CheckArgs),
    /// Evaluates one expression and prints its value.
    ///
    /// The value is printed in HCL syntax on one line (`{ a = 1, b = "x" }`,
    /// `[1, 2]`, `"text"`, `null`); a value not known yet prints as
    /// `(unknown)`. With `--format json`, as JSON.
    Eval(cmd_eval::EvalArgs),
    /// Rewrites HCL files in the canonical layout (that of `terraform fmt`).
    ///
    /// Indentation, spaces and the alignment of `=` and of comments are
    /// made canonical; comments, line breaks and heredoc contents are kept.
    /// A file that does not parse is reported and left untouched.
    Fmt(fmt::FmtArgs),
    /// Reads and changes attributes and blocks by address, keeping the
    /// rest of the file byte for byte, as minamijoyo/hcledit does.
    ///
    /// An address is dot-separated: a block's type, its labels, then an
    /// attribute's name (`resource.aws_instance.web.ami`). The file is read
    /// from --file or standard input; a changed file is printed, or with
    /// --update written back.
    Edit(cmd_edit::EditArgs),
    /// Decodes input files by a spec file, as HashiCorp's hcldec does.
    ///
    /// The spec file (`--spec`, in hcldec's spec language) says how the
    /// input becomes one value: which arguments and blocks it reads, their
    /// types and defaults. The value is printed as JSON; diagnostics,
    /// flags, output and exit statuses are those of hcldec, so HashiCorp's
    /// test runner hclspecsuite can run this command in its place.
    Dec(cmd_dec::DecArgs),
    /// Runs a language server for editors on standard input and output.
    ///
    /// The server gives an editor the diagnostics of each open file as it
    /// is typed (syntax errors; with --schema, unsupported, missing and
    /// misspelled attributes and blocks, label counts, values outside an
    /// attribute's values), completion and hover from the schema,
    /// formatting (as `hcl fmt`), the outline, folding ranges and semantic
    /// highlighting.
    Lsp(cmd_lsp::LspArgs),
    /// Prints the completion script of `hcl` for a shell.
    ///
    /// The script completes the commands, their flags and the values of
    /// flags that take a fixed set (`--format`, `--syntax`...); see the
    /// examples for where each shell reads it from.
    Completions(cmd_completions::CompletionsArgs),
    /// Prints the man page of `hcl`, or of one of its commands, in roff.
    ///
    /// The page holds what `--help` prints: the commands, the flags and
    /// the examples. `hcl man` gives hcl(1); `hcl man json` hcl-json(1).
    Man(cmd_man::ManArgs),
}

/// Reports a command line that does not parse: as a JSON message when
/// the arguments ask for `--format json`, else as clap prints it (help
/// and version included, which are not errors).
fn command_line_error(err: &clap::Error, args: Vec<String>) -> u8 {
    let json = args.windows(2).any(|w| {
        w.first().is_some_and(|a| a == "--format") && w.get(1).is_some_and(|v| v == "json")
    }) || args.iter().any(|a| a == "--format=json");
    let is_error = !matches!(
        err.kind(),
        clap::error::ErrorKind::DisplayHelp
            | clap::error::ErrorKind::DisplayVersion
            | clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    );
    if !(json && is_error) {
        // Printing help or an error cannot be done better when it fails.
        let _ = err.print();
        return if err.use_stderr() {
            EXIT_USAGE
        } else {
            EXIT_OK
        };
    }
    let mut out = Output::default();
    let mut report = report::Reporter::new(report::Format::Json, false);
    // The first line of clap's message names the argument.
    let text = err.render().to_string();
    let first = text.lines().next().unwrap_or_default();
    report.usage_error(first.trim_start_matches("error: "), &mut out);
    let _ = std::io::stderr().write_all(out.stderr.as_bytes());
    report.status()
}

/// What a command writes: standard output and standard error text.
#[derive(Debug, Default)]
pub struct Output {
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
}

/// The context of one file's evaluations: the command's, with a budget
/// that bounds what they build together (`Limits::max_total_eval_values`).
fn document_context<'p>(ctx: &'p EvalContext<'p>, input_bytes: usize) -> EvalContext<'p> {
    let mut child = ctx.child();
    child.share_budget(input_bytes);
    child
}

/// Runs a command; returns what to print and the exit status.
///
/// # Examples
///
/// ```
/// use clap::Parser;
/// let cli = hcl_cli::Cli::parse_from(["hcl", "eval", "1 + 2"]);
/// let (out, status) = hcl_cli::run(&cli.command);
/// assert_eq!((out.stdout.as_str(), status), ("3\n", 0));
/// ```
pub fn run(command: &Command) -> (Output, u8) {
    let mut out = Output::default();
    let status = match command {
        Command::Json(args) => cmd_json::run(args, &mut out),
        Command::Check(args) => cmd_check::run(args, &mut out),
        Command::Eval(args) => cmd_eval::run(args, &mut out),
        Command::Fmt(args) => fmt::run(args, &mut out),
        Command::Edit(args) => cmd_edit::run(args, &mut out),
        Command::Dec(args) => cmd_dec::run(args, &mut out),
        Command::Lsp(args) => cmd_lsp::run(args, &mut out),
        Command::Completions(args) => cmd_completions::run(args, &mut out),
        Command::Man(args) => cmd_man::run(args, &mut out),
    };
    (out, status)
}

/// Parses the command line and runs it, printing the output; a program
/// named `hcldec` runs `hcl dec` with its arguments. A command
/// line that does not parse is reported by clap, or with `--format json`
/// as a JSON message of code `custom` (exit status 2).
pub fn main_with_args() -> u8 {
    let mut args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    // Installed (or linked) under the name `hcldec`, the program is
    // `hcl dec`, so that tools that run hcldec by path can run it.
    let as_hcldec = args
        .first()
        .and_then(|a| std::path::Path::new(a).file_stem())
        .is_some_and(|stem| stem == "hcldec");
    if as_hcldec {
        args.insert(1.min(args.len()), "dec".into());
    }
    let cli = match Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        Err(err) => {
            let args = args
                .iter()
                .map(|a| a.to_string_lossy().into_owned())
                .collect();
            return command_line_error(&err, args);
        }
    };
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
