//! `hcl man [COMMAND]`: the roff pages of `hcl` and of each command.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::io::Write;
use std::process::{Command, Stdio};

mod support;
use support::{hcl, stderr, stdout, COMMANDS};

#[test]
fn the_page_of_hcl_has_its_sections_and_lists_the_commands() {
    let out = hcl(&["man"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let page = stdout(&out);
    assert!(page.contains(".TH hcl 1"), "{page}");
    assert!(page.contains("\"hcl 0.1.0\""), "{page}");
    for section in [
        ".SH NAME\nhcl \\- Read HCL files",
        ".SH SYNOPSIS",
        ".SH OPTIONS",
        ".SH SUBCOMMANDS",
        ".SH EXAMPLES\n.nf\nhcl json main.tf ",
        ".SH NOTES\n.PP\nInputs: a command given no file",
        ".SH \"EXIT STATUS\"\n.nf\n0  success",
    ] {
        assert!(page.contains(section), "{section:?} not in {page}");
    }
    for command in COMMANDS {
        assert!(page.contains(&format!("hcl\\-{command}(1)")), "{command}");
    }
    // No page for `help`, which is no command of its own here.
    assert!(!page.contains("hcl\\-help"));
}

#[test]
fn each_command_has_its_page() {
    for (command, flag) in [
        ("json", "\\-\\-hcl2json"),
        ("check", "\\-\\-strict"),
        ("eval", "\\-\\-file"),
        ("fmt", "\\-\\-check"),
        ("dec", "\\-\\-spec"),
        ("lsp", "\\-\\-schema"),
        ("completions", "SHELL"),
        ("man", "COMMAND"),
    ] {
        let out = hcl(&["man", command]);
        assert_eq!(out.status.code(), Some(0), "{command}: {}", stderr(&out));
        let page = stdout(&out);
        assert!(page.contains(&format!(".TH hcl-{command} 1")), "{page}");
        assert!(
            page.contains(&format!(".SH NAME\nhcl\\-{command} \\- ")),
            "{page}"
        );
        assert!(page.contains(&format!("\\fBhcl {command}\\fR")), "{page}");
        assert!(page.contains(flag), "{command}: {flag} not in {page}");
        assert!(page.contains(".SH EXAMPLES"), "{command}");
        assert!(page.contains(".SH \"EXIT STATUS\""), "{command}");
    }
}

#[test]
fn a_command_that_does_not_exist_is_a_usage_error() {
    let out = hcl(&["man", "nosuch"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stdout(&out), "");
    assert!(
        stderr(&out).contains("no command `nosuch`: the pages are those of hcl and of json, check"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn groff_reads_the_pages_when_installed() {
    let installed = Command::new("groff")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !installed {
        println!("skipped: groff is not installed");
        return;
    }
    for (args, text) in [
        (&["man"][..], "hcl json --hcl2json main.tf"),
        (
            &["man", "json"],
            "--hcl2json: the output of tmccombs/hcl2json",
        ),
    ] {
        let page = stdout(&hcl(args));
        let mut child = Command::new("groff")
            .args(["-man", "-Tutf8", "-ww"])
            .env("GROFF_NO_SGR", "1")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(page.as_bytes())
            .unwrap();
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success(), "{args:?}: {}", stderr(&out));
        assert_eq!(stderr(&out), "", "{args:?}: groff warned");
        // Overstrikes (bold, underline) removed.
        let text_of = |bytes: &[u8]| {
            let mut plain: Vec<char> = Vec::new();
            for c in String::from_utf8_lossy(bytes).chars() {
                if c == '\u{8}' {
                    plain.pop();
                    continue;
                }
                plain.push(c);
            }
            let plain: String = plain.into_iter().collect();
            plain.split_whitespace().collect::<Vec<_>>().join(" ")
        };
        let rendered = text_of(&out.stdout);
        assert!(
            rendered.contains(text),
            "{args:?}: {text:?} not in {rendered}"
        );
    }
}
