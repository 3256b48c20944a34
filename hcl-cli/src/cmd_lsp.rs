//! `hcl lsp`: a language server for HCL files on standard input and
//! output, with an application's schema read from a file or without one.

use crate::input::read_input;
use crate::report::{Format, Reporter};
use crate::{Output, EXIT_DIAGNOSTICS, EXIT_OK};
use hcl_lsp::ConfigSchema;

const LSP_HELP: &str = "\
Examples:
  hcl lsp                        syntax errors, formatting, outline, folding, highlighting
  hcl lsp --schema schema.json   and the diagnostics, completion and hover of a schema

An editor starts the command and speaks the Language Server Protocol with
it on standard input and output (Neovim: vim.lsp.start({ name = \"hcl\",
cmd = { \"hcl\", \"lsp\", \"--schema\", \"schema.json\" } })). Files whose
name ends in .json are read in the HCL JSON syntax.

The schema file is the JSON form of hcl_serde::ConfigSchema: {\"attributes\":
[{\"name\", \"type\", \"required\", \"values\", \"doc\"}], \"blocks\": [{\"type\",
\"labels\", \"label_values\", \"required\", \"many\", \"doc\", \"body\": {...}}],
\"doc\"}, every field optional but the names (\"label_values\" has, for each
label in order, the values it takes, or [] for any string), e.g.
  {\"attributes\": [{\"name\": \"region\", \"type\": \"string\", \"required\": true}],
   \"blocks\": [{\"type\": \"service\", \"labels\": [\"name\"], \"many\": true,
                \"body\": {\"attributes\": [{\"name\": \"port\", \"type\": \"number\"}]}}]}

Exit status:
  0  the editor shut the server down (shutdown, then exit)
  1  the editor broke the protocol (exit before shutdown, a closed input)
  2  usage error: a schema file that cannot be read or is not a schema";

/// The arguments of `hcl lsp`.
#[derive(Debug, Clone, Default, clap::Args)]
#[command(after_help = LSP_HELP)]
pub struct LspArgs {
    /// The schema of the configuration, a JSON file (see below), e.g.
    /// `--schema schema.json`; without it, the server gives what needs no
    /// schema (syntax errors, formatting, outline, folding, highlighting).
    #[arg(long, value_name = "FILE")]
    pub schema: Option<String>,
}

/// Reads and checks the schema file at `path`.
///
/// # Errors
///
/// What to report, as a usage error, with the file's name.
///
/// # Examples
///
/// ```
/// let err = hcl_cli::cmd_lsp::read_schema("/nonexistent/schema.json").unwrap_err();
/// assert!(err.starts_with("/nonexistent/schema.json: cannot read"));
/// ```
pub fn read_schema(path: &str) -> Result<ConfigSchema, String> {
    if path == "-" {
        return Err("the schema cannot come from standard input, which the protocol uses".into());
    }
    let input = read_input(path).map_err(|err| err.to_string())?;
    let text = input
        .text
        .map_err(|_| format!("{path}: not UTF-8, so not a JSON schema"))?;
    let schema: ConfigSchema =
        serde_json::from_str(&text).map_err(|err| format!("{path}: not a schema: {err}"))?;
    hcl_lsp::check_schema(&schema).map_err(|err| format!("{path}: {err}"))?;
    Ok(schema)
}

/// Runs `hcl lsp`: serves one editor until it exits; returns the exit
/// status.
///
/// # Examples
///
/// A schema file that cannot be read is a usage error, before serving:
///
/// ```
/// use hcl_cli::cmd_lsp::{run, LspArgs};
/// use hcl_cli::Output;
///
/// let mut out = Output::default();
/// let args = LspArgs { schema: Some("/nonexistent/schema.json".into()) };
/// assert_eq!(run(&args, &mut out), 2);
/// assert!(out.stderr.starts_with("hcl: /nonexistent/schema.json: cannot read"));
/// ```
pub fn run(args: &LspArgs, out: &mut Output) -> u8 {
    let mut report = Reporter::new(Format::Human, false);
    let schema = match args.schema.as_deref().map(read_schema).transpose() {
        Ok(schema) => schema,
        Err(message) => {
            report.usage_error(&message, out);
            return report.status();
        }
    };
    match hcl_lsp::Server::new(schema).run_stdio() {
        Ok(()) => EXIT_OK,
        Err(err) => {
            out.stderr.push_str(&format!("hcl: lsp: {err}\n"));
            EXIT_DIAGNOSTICS
        }
    }
}
