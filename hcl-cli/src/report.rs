//! Messages: diagnostics, files that cannot be read, usage errors and
//! summaries, written for a person or as JSON, and the exit status they
//! make.

use crate::input::IoError;
use crate::{Output, EXIT_DIAGNOSTICS, EXIT_OK, EXIT_USAGE};
use clap::ValueEnum;
use hcl_core::ast::Body;
use hcl_core::diagnostic::{RenderOptions, Styles};
use hcl_core::{Code, Diagnostic, Diagnostics, Type, Value};
use std::io::IsTerminal;

/// How messages are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum Format {
    /// For a person: diagnostics rendered with their source lines.
    #[default]
    Human,
    /// One JSON object per message and line (see `hcl --help`).
    Json,
}

/// When diagnostics are coloured.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum ColorChoice {
    /// When standard error is a terminal that shows colours, unless the
    /// environment sets `NO_COLOR` (`CLICOLOR_FORCE` forces them).
    #[default]
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

impl ColorChoice {
    /// Whether messages written to standard error are coloured.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_cli::report::ColorChoice;
    /// assert!(ColorChoice::Always.colors_stderr());
    /// assert!(!ColorChoice::Never.colors_stderr());
    /// ```
    pub fn colors_stderr(self) -> bool {
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                !anstyle_query::no_color()
                    && (anstyle_query::clicolor_force()
                        || (std::io::stderr().is_terminal()
                            && anstyle_query::term_supports_color()))
            }
        }
    }
}

/// The options of messages every command takes.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct OutputArgs {
    /// Message format: `human`, or `json` for one JSON object per message
    /// and line, e.g. `--format json`.
    #[arg(long, value_enum, default_value_t = Format::Human, value_name = "FORMAT")]
    pub format: Format,
    /// Colours diagnostics: `auto` (on a terminal, unless NO_COLOR is
    /// set), `always` or `never`, e.g. `--color never`.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto, value_name = "WHEN")]
    pub color: ColorChoice,
}

impl OutputArgs {
    /// A reporter for these options, on standard output when `to_stdout`
    /// (never coloured) and otherwise on standard error.
    pub fn reporter(&self, to_stdout: bool) -> Reporter {
        let mut report = Reporter::new(self.format, to_stdout);
        report.color = !to_stdout && self.format == Format::Human && self.color.colors_stderr();
        report
    }
}

/// Collects the exit status while writing messages to an [`Output`]: on
/// standard error, or standard output for a command whose only output
/// they are (`hcl check`).
///
/// # Examples
///
/// ```
/// use hcl_cli::report::{Format, Reporter};
/// use hcl_cli::Output;
///
/// let mut out = Output::default();
/// let mut report = Reporter::new(Format::Json, false);
/// let diags = hcl_core::parse("a = ", "x.hcl").unwrap_err();
/// report.diagnostics(&diags, &mut out);
/// assert_eq!(report.status(), 1);
/// assert!(out.stderr.starts_with(r#"{"code":"missing-expression""#), "{}", out.stderr);
/// ```
#[derive(Debug)]
pub struct Reporter {
    format: Format,
    to_stdout: bool,
    status: u8,
    errors: usize,
    warnings: usize,
    color: bool,
}

impl Reporter {
    /// A reporter writing in `format`, on standard output when `to_stdout`.
    pub fn new(format: Format, to_stdout: bool) -> Reporter {
        Reporter {
            format,
            to_stdout,
            status: EXIT_OK,
            errors: 0,
            warnings: 0,
            color: false,
        }
    }

    /// The format messages are written in.
    pub fn format(&self) -> Format {
        self.format
    }

    /// A reporter with the same settings and nothing reported yet: for one
    /// file's messages, written apart and [absorbed](Reporter::absorb)
    /// after.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_cli::report::{Format, Reporter};
    /// use hcl_cli::Output;
    /// let mut report = Reporter::new(Format::Human, false);
    /// let mut one = report.fork();
    /// let mut out = Output::default();
    /// one.diagnostics(&hcl_core::parse("a = ", "x.hcl").unwrap_err(), &mut out);
    /// report.absorb(one);
    /// assert_eq!((report.status(), report.counts()), (1, (1, 0)));
    /// ```
    pub fn fork(&self) -> Reporter {
        Reporter {
            status: EXIT_OK,
            errors: 0,
            warnings: 0,
            ..*self
        }
    }

    /// Counts what a [fork](Reporter::fork) reported.
    pub fn absorb(&mut self, other: Reporter) {
        self.status = self.status.max(other.status);
        self.errors += other.errors;
        self.warnings += other.warnings;
    }

    /// The exit status: 0, 1 after a diagnostic with severity error, 2
    /// after a file that could not be read or a usage error.
    pub fn status(&self) -> u8 {
        self.status
    }

    /// The numbers of errors and warnings written so far.
    pub fn counts(&self) -> (usize, usize) {
        (self.errors, self.warnings)
    }

    fn stream<'o>(&self, out: &'o mut Output) -> &'o mut String {
        if self.to_stdout {
            &mut out.stdout
        } else {
            &mut out.stderr
        }
    }

    /// Writes diagnostics.
    pub fn diagnostics(&mut self, diags: &Diagnostics, out: &mut Output) {
        for diag in diags.iter() {
            self.diagnostic(diag, out);
        }
    }

    /// Writes diagnostics about a parsed file, each naming the block it is
    /// in (`--> main.tf:3:7, in resource "aws_instance" "web"`).
    pub fn diagnostics_in(&mut self, diags: &Diagnostics, body: &Body<'_>, out: &mut Output) {
        for diag in diags.iter() {
            let context = diag
                .subject
                .as_ref()
                .and_then(|s| body.block_at(s.start.byte))
                .map(|b| b.header());
            self.write_diagnostic(diag, context, out);
        }
    }

    /// Writes one diagnostic.
    pub fn diagnostic(&mut self, diag: &Diagnostic, out: &mut Output) {
        self.write_diagnostic(diag, None, out);
    }

    fn write_diagnostic(&mut self, diag: &Diagnostic, context: Option<String>, out: &mut Output) {
        if diag.is_error() {
            self.errors += 1;
            self.status = self.status.max(EXIT_DIAGNOSTICS);
        } else {
            self.warnings += 1;
        }
        let format = self.format;
        let options = RenderOptions {
            context,
            styles: self.color.then(Styles::default),
        };
        let stream = self.stream(out);
        match format {
            Format::Human => {
                stream.push_str(&diag.render_with(&options));
                if !stream.ends_with('\n') {
                    stream.push('\n');
                }
                stream.push('\n');
            }
            Format::Json => {
                stream.push_str(&diagnostic_json(diag));
                stream.push('\n');
            }
        }
    }

    /// Writes that an input could not be read (exit status 2).
    pub fn io_error(&mut self, err: &IoError, out: &mut Output) {
        self.failure(
            Code::ReadFailed,
            "Cannot read input",
            Some(&err.name),
            &err.message,
            out,
        );
    }

    /// Writes a usage error (exit status 2): a command line that cannot be
    /// carried out.
    pub fn usage_error(&mut self, message: &str, out: &mut Output) {
        self.failure(Code::Custom, "Invalid command line", None, message, out);
    }

    fn failure(
        &mut self,
        code: Code,
        summary: &str,
        file: Option<&str>,
        detail: &str,
        out: &mut Output,
    ) {
        self.errors += 1;
        self.status = self.status.max(EXIT_USAGE);
        let format = self.format;
        let stream = self.stream(out);
        match format {
            Format::Human => {
                stream.push_str("hcl: ");
                if let Some(file) = file {
                    stream.push_str(file);
                    stream.push_str(": ");
                }
                stream.push_str(detail);
                stream.push('\n');
            }
            Format::Json => {
                let name = file.map_or_else(null, Value::from);
                let object = message_json("error", code, summary, detail, (name, null(), null()));
                stream.push_str(&object);
                stream.push('\n');
            }
        }
    }

    /// Writes a summary: `text` for a person, or a JSON object of `type`
    /// `"summary"` with `fields`.
    pub fn summary(&mut self, text: &str, fields: Vec<(&str, Value)>, out: &mut Output) {
        let format = self.format;
        let stream = self.stream(out);
        match format {
            Format::Human => {
                stream.push_str(text);
                stream.push('\n');
            }
            Format::Json => {
                let mut fields = fields;
                fields.push(("type", Value::from("summary")));
                stream.push_str(&Value::object(fields).to_json().unwrap_or_default());
                stream.push('\n');
            }
        }
    }
}

fn null() -> Value {
    Value::null(Type::Dynamic)
}

/// A diagnostic as one line of JSON: `type` `"diagnostic"`, `severity`,
/// `code`, `summary`, `detail`, `filename`, and `start` and `end`
/// (`line`, `column`, `byte`), the last three `null` without a subject.
///
/// # Examples
///
/// ```
/// let diags = hcl_core::parse("a = 1 b = 2\n", "app.hcl").unwrap_err();
/// let line = hcl_cli::report::diagnostic_json(&diags.as_slice()[0]);
/// assert!(line.contains(r#""code":"missing-newline-after-argument""#), "{line}");
/// assert!(line.contains(r#""type":"diagnostic""#), "{line}");
/// assert!(!line.contains('\n'));
/// ```
pub fn diagnostic_json(diag: &Diagnostic) -> String {
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
    let severity = if diag.is_error() { "error" } else { "warning" };
    let place = (filename, start, end);
    message_json(severity, diag.code, &diag.summary, &diag.detail, place)
}

fn message_json(
    severity: &str,
    code: Code,
    summary: &str,
    detail: &str,
    (filename, start, end): (Value, Value, Value),
) -> String {
    let object = Value::object([
        ("type", Value::from("diagnostic")),
        ("severity", Value::from(severity)),
        ("code", Value::from(code.as_str())),
        ("summary", Value::from(summary)),
        ("detail", Value::from(detail)),
        ("filename", filename),
        ("start", start),
        ("end", end),
    ]);
    // Every part is known and finite.
    object.to_json().unwrap_or_default()
}
