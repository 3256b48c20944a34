//! `hcl completions SHELL`: the completion script of `hcl` for a shell,
//! made from the command line's definition.

use crate::{Output, EXIT_OK};
use clap::CommandFactory;

const COMPLETIONS_HELP: &str = "\
Examples:
  hcl completions bash > ~/.local/share/bash-completion/completions/hcl
  hcl completions zsh > ~/.zfunc/_hcl          with fpath+=~/.zfunc before compinit
  hcl completions fish > ~/.config/fish/completions/hcl.fish
  hcl completions elvish >> ~/.config/elvish/rc.elv
  hcl completions powershell >> $PROFILE

Exit status:
  0  success
  2  usage error (a shell not listed)";

/// The arguments of `hcl completions`.
#[derive(Debug, Clone, clap::Args)]
#[command(after_help = COMPLETIONS_HELP)]
pub struct CompletionsArgs {
    /// The shell: bash, zsh, fish, elvish or powershell, e.g.
    /// `hcl completions bash`.
    #[arg(value_enum, value_name = "SHELL")]
    pub shell: clap_complete::Shell,
}

/// Runs `hcl completions`: writes the script on standard output; returns
/// the exit status.
///
/// # Examples
///
/// ```
/// use hcl_cli::cmd_completions::{run, CompletionsArgs};
/// use hcl_cli::Output;
///
/// let mut out = Output::default();
/// let args = CompletionsArgs { shell: clap_complete::Shell::Fish };
/// assert_eq!(run(&args, &mut out), 0);
/// assert!(out.stdout.contains("complete -c hcl"));
/// ```
pub fn run(args: &CompletionsArgs, out: &mut Output) -> u8 {
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut crate::Cli::command(), "hcl", &mut script);
    out.stdout.push_str(&String::from_utf8_lossy(&script));
    EXIT_OK
}
