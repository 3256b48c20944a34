//! `hcl completions SHELL`: a script for each shell that names every
//! command, and checks of the scripts by the shells that are installed.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::process::Command;

mod support;
use support::{hcl, stderr, stdout, COMMANDS};

#[test]
fn each_shell_gets_a_script_naming_the_commands() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let out = hcl(&["completions", shell]);
        assert_eq!(out.status.code(), Some(0), "{shell}: {}", stderr(&out));
        let script = stdout(&out);
        assert!(script.len() > 500, "{shell}: {script}");
        for command in COMMANDS {
            assert!(script.contains(command), "{shell}: {command} missing");
        }
        // Flags and their fixed values are completed too.
        assert!(script.contains("hcl2json"), "{shell}");
        assert!(script.contains("simplify"), "{shell}");
    }
}

#[test]
fn the_scripts_name_the_program_hcl() {
    assert!(stdout(&hcl(&["completions", "bash"])).contains("complete -F _hcl"));
    assert!(stdout(&hcl(&["completions", "zsh"])).starts_with("#compdef hcl"));
    assert!(stdout(&hcl(&["completions", "fish"])).contains("complete -c hcl "));
    assert!(stdout(&hcl(&["completions", "elvish"])).contains("edit:completion:arg-completer[hcl]"));
    assert!(stdout(&hcl(&["completions", "powershell"])).contains("Register-ArgumentCompleter"));
}

#[test]
fn a_shell_not_listed_is_a_usage_error() {
    let out = hcl(&["completions", "tcsh"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("possible values: bash, elvish, fish, powershell, zsh"));
    let out = hcl(&["completions"]);
    assert_eq!(out.status.code(), Some(2));
}

/// Whether a program runs (`--version` exits 0).
fn installed(program: &str) -> bool {
    Command::new(program)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn the_shells_installed_read_their_scripts() {
    let mut checked = 0;
    for (shell, program) in [("bash", "bash"), ("zsh", "zsh"), ("fish", "fish")] {
        if !installed(program) {
            println!("skipped: {program} is not installed");
            continue;
        }
        let script = stdout(&hcl(&["completions", shell]));
        // `-n`: read the script without running it.
        let out = Command::new(program)
            .args(["-n", "-c", &script])
            .output()
            .unwrap();
        assert!(out.status.success(), "{shell}: {}", stderr(&out));
        checked += 1;
    }
    println!("{checked} shell(s) read their script");
}
