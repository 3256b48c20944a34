//! `hcl fmt`: rewriting files in the canonical layout of
//! [`hcl_core::format()`].
//!
//! A file is formatted only when it parses: one with syntax errors is
//! reported with its diagnostics and left as it is (formatting cannot
//! repair it, and its layout may carry the author's intent where the
//! syntax is broken), and the exit status is then 1; the other files are
//! still processed. Files of the JSON syntax (names ending in `.json`)
//! have no canonical layout here: they are left alone, whether found in a
//! directory or named, and never listed as unformatted.

use crate::input::{collect, is_json_name, read_input, IoError};
use crate::report::{OutputArgs, Reporter};
use crate::{Output, EXIT_DIAGNOSTICS, EXIT_OK, EXIT_USAGE};
use hcl_core::Diagnostics;
use std::path::Path;

const FMT_HELP: &str = "\
Examples:
  hcl fmt                     format standard input to standard output
  hcl fmt main.tf             rewrite main.tf in place
  hcl fmt .                   rewrite every .hcl, .tf, .tfvars, .nomad file below .
  hcl fmt --check .           list the files that are not formatted (for CI)
  hcl fmt --diff main.tf      show the changes as a unified diff, and make them
  hcl fmt --check --diff .    show the changes without making them
  hcl fmt --trim-comment-spaces main.tf
                              also remove the spaces that end line comments
  cat a.hcl | hcl fmt - > b   format standard input to standard output
  hcl fmt --format json .     messages (syntax errors...) as JSON lines on stderr

Files of the JSON syntax (.tf.json, any name ending in .json) are left
alone, whether found in a directory or named: they are not formatted,
not listed by --check, and do not change the exit status.

Exit status:
  0  success (with --check: every file is formatted)
  1  a file does not parse (it is left untouched), is not UTF-8, or
     with --check, a file is not formatted
  2  a file or directory cannot be read or written";

/// The arguments of `hcl fmt`.
#[derive(Debug, Clone, Default, clap::Args)]
#[command(after_help = FMT_HELP)]
pub struct FmtArgs {
    /// Files and directories to format; directories are searched
    /// recursively for .hcl, .tf, .tfvars and .nomad files (.pkr.hcl
    /// included). `-`, or nothing, formats standard input to standard
    /// output.
    #[arg(value_name = "PATH")]
    pub paths: Vec<String>,
    /// Writes nothing; lists the files that are not formatted and exits
    /// with status 1 if there are any.
    #[arg(long)]
    pub check: bool,
    /// Shows the changes as a unified diff (on standard output).
    #[arg(long)]
    pub diff: bool,
    /// Also removes the spaces and tabs that end a line comment, which
    /// the canonical layout (that of `terraform fmt`) keeps.
    #[arg(long)]
    pub trim_comment_spaces: bool,
    /// Messages.
    #[command(flatten)]
    pub output: OutputArgs,
}

/// Runs `hcl fmt`; returns the exit status.
///
/// # Examples
///
/// ```
/// use hcl_cli::fmt::{run, FmtArgs};
/// use hcl_cli::Output;
///
/// let dir = std::env::temp_dir().join(format!("hcl-fmt-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// let file = dir.join("main.tf");
/// std::fs::write(&file, "a=1\nlonger=2\n").unwrap();
///
/// let args = FmtArgs { paths: vec![dir.display().to_string()], check: true, ..FmtArgs::default() };
/// let mut out = Output::default();
/// assert_eq!(run(&args, &mut out), 1);
/// assert_eq!(out.stdout, format!("{}\n", file.display()));
///
/// let args = FmtArgs { check: false, ..args };
/// assert_eq!(run(&args, &mut Output::default()), 0);
/// assert_eq!(std::fs::read_to_string(&file).unwrap(), "a      = 1\nlonger = 2\n");
/// # std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub fn run(args: &FmtArgs, out: &mut Output) -> u8 {
    let mut report = args.output.reporter(false);
    let mut status = EXIT_OK;
    if args.paths.is_empty() {
        return stdin(args, &mut report, out).max(report.status());
    }
    for path in &args.paths {
        let found = if path == "-" {
            stdin(args, &mut report, out)
        } else {
            let mut files = Vec::new();
            let listed = collect(Path::new(path), true, true, &mut files);
            let found = files
                .iter()
                .filter(|file| !file.to_str().is_some_and(is_json_name))
                .map(|file| format_file(file, args, &mut report, out))
                .max()
                .unwrap_or(EXIT_OK);
            if let Err(err) = listed {
                report.io_error(&err, out);
            }
            found
        };
        status = status.max(found);
    }
    status.max(report.status())
}

/// The text in the canonical layout, with the options of the command line.
fn format_text(text: &str, args: &FmtArgs) -> String {
    let options = hcl_core::FormatOptions {
        trim_comment_spaces: args.trim_comment_spaces,
        ..hcl_core::FormatOptions::default()
    };
    hcl_core::format_with(text, &options)
}

/// Formats standard input to standard output.
fn stdin(args: &FmtArgs, report: &mut Reporter, out: &mut Output) -> u8 {
    let (name, text) = match parsed_input("-", report, out) {
        Ok(input) => input,
        Err(status) => return status,
    };
    let formatted = format_text(&text, args);
    if args.diff {
        out.stdout.push_str(&unified_diff(&name, &text, &formatted));
    }
    if args.check {
        if formatted != text {
            if !args.diff {
                out.stdout.push_str(&format!("{name}\n"));
            }
            return EXIT_DIAGNOSTICS;
        }
    } else if !args.diff {
        out.stdout.push_str(&formatted);
    }
    EXIT_OK
}

/// Formats one file in place (or checks it).
fn format_file(path: &Path, args: &FmtArgs, report: &mut Reporter, out: &mut Output) -> u8 {
    let Some(path_text) = path.to_str() else {
        let err = IoError {
            name: path.display().to_string(),
            message: "the name is not UTF-8".to_owned(),
        };
        report.io_error(&err, out);
        return EXIT_USAGE;
    };
    let (name, text) = match parsed_input(path_text, report, out) {
        Ok(input) => input,
        Err(status) => return status,
    };
    let formatted = format_text(&text, args);
    if formatted == text {
        return EXIT_OK;
    }
    if args.diff {
        out.stdout.push_str(&unified_diff(&name, &text, &formatted));
    } else {
        out.stdout.push_str(&format!("{name}\n"));
    }
    if args.check {
        return EXIT_DIAGNOSTICS;
    }
    match std::fs::write(path, formatted) {
        Ok(()) => EXIT_OK,
        Err(e) => {
            let err = IoError {
                name,
                message: format!("cannot write: {e}"),
            };
            report.io_error(&err, out);
            EXIT_USAGE
        }
    }
}

/// The name and text of an input (`-` for standard input) that is UTF-8
/// and parses; otherwise what is wrong goes to standard error and the
/// error is the exit status.
fn parsed_input(
    name: &str,
    report: &mut Reporter,
    out: &mut Output,
) -> Result<(String, String), u8> {
    let input = match read_input(name) {
        Ok(input) => input,
        Err(err) => {
            report.io_error(&err, out);
            return Err(EXIT_USAGE);
        }
    };
    let found = match input.text {
        Ok(text) => match hcl_core::parse(&text, &input.name) {
            Ok(_) => return Ok((input.name, text)),
            Err(diags) => diags,
        },
        Err(diag) => Diagnostics::from(diag),
    };
    report.diagnostics(&found, out);
    Err(EXIT_DIAGNOSTICS)
}

/// The changes from `old` to `new` as a unified diff of three lines of
/// context, both sides labelled `name`.
fn unified_diff(name: &str, old: &str, new: &str) -> String {
    similar::TextDiff::from_lines(old, new)
        .unified_diff()
        .context_radius(3)
        .header(name, name)
        .to_string()
}
