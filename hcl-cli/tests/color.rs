//! Colour and the block a diagnostic is in: `--color always|never|auto`,
//! `NO_COLOR` and `CLICOLOR_FORCE`, on every command that renders
//! diagnostics.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

mod support;
use support::{stderr, stdout};

const BAD: &[u8] = b"resource \"aws_instance\" \"web\" {\n  ami = 1 + \"x\"\n}\n";
const ESC: char = '\u{1b}';

fn run(args: &[&str], env: &[(&str, &str)], input: &[u8]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_hcl"));
    cmd.args(args)
        .env_remove("NO_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (k, v) in env {
        cmd.env(k, v);
    }
    let mut child = cmd.spawn().unwrap();
    let _ = child.stdin.take().unwrap().write_all(input);
    child.wait_with_output().unwrap()
}

#[test]
fn color_always_styles_diagnostics_and_never_or_a_pipe_does_not() {
    for args in [&["check"][..], &["json"][..]] {
        let with = |extra: &[&'static str], env: &[(&str, &str)]| {
            let mut all = args.to_vec();
            all.extend_from_slice(extra);
            stderr(&run(&all, env, BAD))
        };
        let always = with(&["--color", "always"], &[]);
        assert!(always.contains(&format!("{ESC}[")), "{args:?}: {always}");
        assert!(always.contains("Invalid operand"), "{always}");
        for plain in [
            with(&["--color", "never"], &[]),
            with(&[], &[]),
            with(
                &["--color", "auto"],
                &[("NO_COLOR", "1"), ("CLICOLOR_FORCE", "1")],
            ),
            with(&["--color", "never"], &[("CLICOLOR_FORCE", "1")]),
        ] {
            assert!(!plain.contains(ESC), "{args:?}: {plain:?}");
            assert!(plain.contains(": Invalid operand\n"), "{plain}");
        }
        let forced = with(&[], &[("CLICOLOR_FORCE", "1")]);
        assert!(forced.contains(ESC), "{args:?}: {forced:?}");
    }
    // Formatting reports a syntax error in colour too; JSON never is.
    let out = run(&["fmt", "--color", "always"], &[], b"a = \n");
    assert!(stderr(&out).contains(ESC));
    let out = run(
        &["check", "--color", "always", "--format", "json"],
        &[],
        BAD,
    );
    assert!(!stdout(&out).contains(ESC) && !stderr(&out).contains(ESC));
}

#[test]
fn diagnostics_name_the_block_they_are_in() {
    let out = run(&["check", "--color", "never"], &[], BAD);
    let err = stderr(&out);
    assert!(
        err.contains("--> <stdin>:2:13, in resource \"aws_instance\" \"web\"\n"),
        "{err}"
    );
    // At the top level there is no block to name.
    let out = run(&["check"], &[], b"a = 1 + \"x\"\n");
    assert!(
        stderr(&out).contains("--> <stdin>:1:9\n"),
        "{}",
        stderr(&out)
    );
}
