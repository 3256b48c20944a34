//! `hcl man [COMMAND]`: the man page, in roff, of `hcl` or of one of its
//! commands, made from the command line's definition (the text of
//! `--help`): clap_mangen's sections (NAME, SYNOPSIS, DESCRIPTION,
//! OPTIONS, SUBCOMMANDS), then the text after the help in sections of its
//! own (EXAMPLES, NOTES, EXIT STATUS).

use crate::{Output, EXIT_OK};
use clap::CommandFactory;
use roff::{roman, Roff};

const MAN_HELP: &str = "\
Examples:
  hcl man | man -l -                        read hcl(1)
  hcl man > ~/.local/share/man/man1/hcl.1   install hcl(1)
  hcl man json > hcl-json.1                 the page of `hcl json`

Exit status:
  0  success
  2  usage error (a command that does not exist)";

/// The arguments of `hcl man`.
#[derive(Debug, Clone, Default, clap::Args)]
#[command(after_help = MAN_HELP)]
pub struct ManArgs {
    /// The command whose page to write instead of hcl(1): `json`, `check`,
    /// `eval`, `fmt`, `edit`, `dec`, `completions` or `man`, e.g. `hcl man json` for
    /// hcl-json(1).
    #[arg(value_name = "COMMAND")]
    pub command: Option<String>,
}

/// Runs `hcl man`: writes the page on standard output; returns the exit
/// status (2, with a message, for a command that does not exist).
///
/// # Examples
///
/// ```
/// use hcl_cli::cmd_man::{run, ManArgs};
/// use hcl_cli::Output;
///
/// let mut out = Output::default();
/// assert_eq!(run(&ManArgs::default(), &mut out), 0);
/// assert!(out.stdout.contains(".TH hcl 1"));
/// let args = ManArgs { command: Some("json".to_owned()) };
/// assert_eq!(run(&args, &mut out), 0);
/// assert!(out.stdout.contains(".TH hcl-json 1"));
/// ```
pub fn run(args: &ManArgs, out: &mut Output) -> u8 {
    let mut hcl = crate::Cli::command().disable_help_subcommand(true);
    // Gives each command its page's name, `hcl-json`.
    hcl.build();
    let page = match &args.command {
        None => hcl,
        Some(name) => match hcl.find_subcommand(name) {
            Some(command) => command.clone(),
            None => {
                let names: Vec<&str> = hcl.get_subcommands().map(|c| c.get_name()).collect();
                let mut report = crate::report::Reporter::new(crate::report::Format::Human, false);
                report.usage_error(
                    &format!(
                        "no command `{name}`: the pages are those of hcl and of {}",
                        names.join(", ")
                    ),
                    out,
                );
                return report.status();
            }
        },
    };
    out.stdout.push_str(&String::from_utf8_lossy(&render(page)));
    EXIT_OK
}

/// The page of a command (built): clap_mangen's sections, then those of
/// the text after its help ([`after_help`]).
fn render(command: clap::Command) -> Vec<u8> {
    let extra = command
        .get_after_long_help()
        .or_else(|| command.get_after_help())
        .map(|text| text.to_string());
    // The version is in the page's footer; the text after the help is
    // written below.
    let command = command
        .after_help(None::<&str>)
        .after_long_help(None::<&str>)
        .version(None::<&str>);
    let man = clap_mangen::Man::new(command).source(format!("hcl {}", env!("CARGO_PKG_VERSION")));
    let mut page = Vec::new();
    // Writing to memory does not fail.
    let _ = man.render(&mut page);
    if let Some(text) = extra {
        let _ = after_help(&text).to_writer(&mut page);
    }
    page
}

/// The text after a command's help as sections: a paragraph whose first
/// line is a heading (`Examples:`, `Exit status:`) and whose other lines
/// are indented is a section of that name with its lines as they are;
/// the other paragraphs are filled text, in a section NOTES.
///
/// # Examples
///
/// ```
/// let roff = hcl_cli::cmd_man::after_help("Examples:\n  hcl x   does x\n\nSome\nprose.").to_roff();
/// assert_eq!(roff, ".SH EXAMPLES\n.nf\nhcl x   does x\n.fi\n.SH NOTES\n.PP\nSome prose.\n");
/// ```
pub fn after_help(text: &str) -> Roff {
    let mut roff = Roff::new();
    let mut in_notes = false;
    for paragraph in text.split("\n\n") {
        let mut lines = paragraph.lines();
        let first = lines.next().unwrap_or_default();
        let heading = first
            .strip_suffix(':')
            .filter(|_| lines.clone().all(|l| l.starts_with(' ')));
        if let Some(heading) = heading {
            roff.control("SH", [heading.to_uppercase().as_str()]);
            roff.control("nf", []);
            for line in lines {
                roff.text([roman(line.strip_prefix("  ").unwrap_or(line))]);
            }
            roff.control("fi", []);
            in_notes = false;
            continue;
        }
        if !in_notes {
            roff.control("SH", ["NOTES"]);
            in_notes = true;
        }
        let words: Vec<&str> = paragraph.lines().map(str::trim).collect();
        roff.control("PP", []);
        roff.text([roman(words.join(" "))]);
    }
    roff
}
