//! `hcl --help` and each command's help: every flag is shown with an
//! example of its use.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod support;
use support::{hcl, stdout};

/// The long flags of the options section of a help text.
fn flags(help: &str) -> Vec<String> {
    let options = help.split("Options:").nth(1).unwrap_or_default();
    let options = options.split("\n\n").collect::<Vec<_>>().join("\n");
    options
        .lines()
        .map(str::trim_start)
        .filter_map(|l| {
            let l = l.strip_prefix("-h, ").unwrap_or(l);
            let l = l.strip_prefix("-V, ").unwrap_or(l);
            let flag: String = l
                .strip_prefix("--")?
                .chars()
                .take_while(|c| c.is_ascii_lowercase() || *c == '-')
                .collect();
            Some(format!("--{flag}"))
        })
        .filter(|f| f != "--help" && f != "--version")
        .collect()
}

#[test]
fn every_flag_of_every_command_has_an_example() {
    let mut seen = 0;
    for command in ["json", "check", "eval", "fmt", "edit", "dec", "lsp"] {
        let help = stdout(&hcl(&[command, "--help"]));
        let flags = flags(&help);
        assert!(!flags.is_empty(), "{command}: {help}");
        for flag in flags {
            let example = help.lines().any(|line| {
                line.contains(&flag)
                    && (line.trim_start().starts_with("hcl ")
                        || line.contains(&format!("`{flag}"))
                        || line.contains(&format!("`hcl {command}")))
            });
            assert!(example, "{command} {flag} has no example:\n{help}");
            seen += 1;
        }
        assert!(help.contains("Examples:"), "{command}");
        assert!(help.contains("Exit status:"), "{command}");
    }
    assert!(seen >= 20, "{seen}");
}

#[test]
fn the_main_help_lists_commands_examples_and_message_formats() {
    let help = stdout(&hcl(&["--help"]));
    for word in [
        "json",
        "check",
        "eval",
        "fmt",
        "edit",
        "dec",
        "lsp",
        "Examples:",
        "--format json",
        "read-failed",
        "Exit status",
    ] {
        assert!(help.contains(word), "{word}: {help}");
    }
}
