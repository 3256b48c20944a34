//! Runs `hcl fmt` on files, directories and standard input.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};

mod support;
use support::{hcl_stdin as hcl, stderr, stdout};

const MESSY: &str = "a=1\nlonger = 2\n";
const TIDY: &str = "a      = 1\nlonger = 2\n";

/// A fresh directory for one test, holding `files` (name, contents).
fn tree(test: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hcl-fmt-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for (name, contents) in files {
        let path = dir.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, contents).unwrap();
    }
    dir
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap()
}

fn arg(path: &Path) -> String {
    path.display().to_string()
}

#[test]
fn stdin_is_formatted_to_stdout_without_a_file_or_with_dash() {
    for args in [&["fmt"][..], &["fmt", "-"][..]] {
        let out = hcl(args, MESSY.as_bytes());
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        assert_eq!(stdout(&out), TIDY);
    }
}

#[test]
fn files_are_rewritten_in_place_and_listed() {
    let dir = tree("in-place", &[("main.tf", MESSY), ("tidy.tf", TIDY)]);
    let out = hcl(
        &[
            "fmt",
            &arg(&dir.join("main.tf")),
            &arg(&dir.join("tidy.tf")),
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), format!("{}\n", dir.join("main.tf").display()));
    assert_eq!(read(&dir.join("main.tf")), TIDY);
    assert_eq!(read(&dir.join("tidy.tf")), TIDY);
}

#[test]
fn directories_are_searched_for_hcl_extensions() {
    let files = [
        ("a.hcl", MESSY),
        ("sub/b.tf", MESSY),
        ("sub/c.tfvars", MESSY),
        ("sub/deeper/d.nomad", MESSY),
        ("e.pkr.hcl", MESSY),
        ("notes.txt", MESSY),
        ("f.json", MESSY),
    ];
    let dir = tree("dirs", &files);
    let out = hcl(&["fmt", &arg(&dir)], b"");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    for (name, _) in &files[..5] {
        assert_eq!(read(&dir.join(name)), TIDY, "{name}");
    }
    assert_eq!(read(&dir.join("notes.txt")), MESSY);
    assert_eq!(read(&dir.join("f.json")), MESSY);
    assert_eq!(stdout(&out).lines().count(), 5);
}

#[cfg(unix)]
#[test]
fn links_below_a_directory_are_followed_to_files_only() {
    let dir = tree("links", &[("sub/a.tf", MESSY), ("elsewhere/b.tf", MESSY)]);
    std::os::unix::fs::symlink(&dir, dir.join("sub/loop")).unwrap();
    std::os::unix::fs::symlink(dir.join("elsewhere/b.tf"), dir.join("sub/b.tf")).unwrap();
    let out = hcl(&["fmt", &arg(&dir.join("sub"))], b"");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(read(&dir.join("sub/a.tf")), TIDY);
    assert_eq!(read(&dir.join("elsewhere/b.tf")), TIDY);
    assert_eq!(stdout(&out).lines().count(), 2);
}

#[test]
fn a_file_named_explicitly_is_formatted_whatever_its_extension() {
    let dir = tree("named", &[("conf.txt", MESSY)]);
    let out = hcl(&["fmt", &arg(&dir.join("conf.txt"))], b"");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(read(&dir.join("conf.txt")), TIDY);
}

#[test]
fn check_lists_unformatted_files_and_writes_nothing() {
    let dir = tree("check", &[("a.tf", MESSY), ("b.tf", TIDY)]);
    let out = hcl(&["fmt", "--check", &arg(&dir)], b"");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), format!("{}\n", dir.join("a.tf").display()));
    assert_eq!(read(&dir.join("a.tf")), MESSY);

    let tidy = tree("check-tidy", &[("b.tf", TIDY)]);
    let out = hcl(&["fmt", "--check", &arg(&tidy)], b"");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), "");
}

#[test]
fn check_on_stdin_prints_no_text() {
    let out = hcl(&["fmt", "--check"], MESSY.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), "<stdin>\n");
    let out = hcl(&["fmt", "--check"], TIDY.as_bytes());
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), "");
}

#[test]
fn diff_shows_a_unified_diff_and_writes() {
    let dir = tree("diff", &[("a.tf", MESSY)]);
    let name = arg(&dir.join("a.tf"));
    let out = hcl(&["fmt", "--diff", &name], b"");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let diff = stdout(&out);
    assert!(diff.starts_with(&format!("--- {name}\n+++ {name}\n@@ -1,2 +1,2 @@\n")));
    assert!(diff.ends_with("@@\n-a=1\n+a      = 1\n longer = 2\n"));
    assert_eq!(read(&dir.join("a.tf")), TIDY);
}

#[test]
fn diff_with_check_only_shows() {
    let dir = tree("diff-check", &[("a.tf", MESSY)]);
    let out = hcl(&["fmt", "--diff", "--check", &arg(&dir)], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).contains("+a      = 1\n"));
    assert_eq!(read(&dir.join("a.tf")), MESSY);

    let out = hcl(&["fmt", "--diff"], MESSY.as_bytes());
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout(&out).starts_with("--- <stdin>\n+++ <stdin>\n"));
}

#[test]
fn a_file_that_does_not_parse_is_reported_and_left_alone() {
    let broken = "x = {\ny=1\n";
    let dir = tree("broken", &[("bad.tf", broken), ("good.tf", MESSY)]);
    let out = hcl(&["fmt", &arg(&dir)], b"");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(read(&dir.join("bad.tf")), broken);
    assert_eq!(read(&dir.join("good.tf")), TIDY);
    let err = stderr(&out);
    assert!(err.contains("Error: "), "{err}");
    assert!(
        err.contains(&format!("--> {}:", dir.join("bad.tf").display())),
        "{err}"
    );

    let out = hcl(&["fmt"], broken.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), "");
    assert!(stderr(&out).contains("--> <stdin>:"));
}

#[test]
fn a_file_that_is_not_utf8_is_reported_and_left_alone() {
    let dir = tree("latin1", &[]);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("a.tf"), b"x=\"caf\xe9\"\n").unwrap();
    let out = hcl(&["fmt", &arg(&dir.join("a.tf"))], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("UTF-8"));
    assert_eq!(std::fs::read(dir.join("a.tf")).unwrap(), b"x=\"caf\xe9\"\n");
}

#[test]
fn a_missing_path_is_a_usage_error_and_others_are_still_formatted() {
    let dir = tree("missing", &[("a.tf", MESSY)]);
    let out = hcl(
        &["fmt", &arg(&dir.join("nope.tf")), &arg(&dir.join("a.tf"))],
        b"",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).starts_with("hcl: "));
    assert_eq!(read(&dir.join("a.tf")), TIDY);
}

#[test]
fn help_gives_an_example_of_each_flag() {
    let out = hcl(&["fmt", "--help"], b"");
    assert_eq!(out.status.code(), Some(0));
    let help = stdout(&out);
    for example in ["hcl fmt --check .", "hcl fmt --diff main.tf", "hcl fmt - "] {
        assert!(help.contains(example), "{example} in {help}");
    }
}

#[test]
fn spaces_ending_a_comment_are_kept_unless_asked() {
    let src = "a=1 # one  \n# two\t\n";
    let out = hcl(&["fmt"], src.as_bytes());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), "a = 1 # one  \n# two\t\n");
    let out = hcl(&["fmt", "--trim-comment-spaces"], src.as_bytes());
    assert_eq!(stdout(&out), "a = 1 # one\n# two\n");
    let dir = tree("comment-spaces", &[("main.tf", "a = 1 # one  \n")]);
    let out = hcl(&["fmt", "--check", &arg(&dir)], b"");
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    let out = hcl(
        &["fmt", "--check", "--trim-comment-spaces", &arg(&dir)],
        b"",
    );
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
}

#[test]
fn a_byte_order_mark_is_dropped() {
    let out = hcl(&["fmt"], "\u{feff}a=1\n".as_bytes());
    assert_eq!(stdout(&out), "a = 1\n");
}
