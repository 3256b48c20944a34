//! Running the `hcl` binary in the integration tests.

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// The commands of `hcl`, each with its own completions and man page.
pub const COMMANDS: [&str; 9] = [
    "json",
    "check",
    "eval",
    "fmt",
    "edit",
    "dec",
    "lsp",
    "completions",
    "man",
];

/// Runs `hcl` with `args`, giving it `input` on stdin.
pub fn hcl_stdin(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hcl"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run hcl");
    // A command that fails before reading its input closes the pipe.
    let _ = child.stdin.take().unwrap().write_all(input);
    child.wait_with_output().unwrap()
}

/// The standard output, as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// The standard error, as text.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Runs `hcl` with `args` and no input.
pub fn hcl(args: &[&str]) -> Output {
    hcl_stdin(args, b"")
}

/// A fresh directory for one test, holding `files` (name, contents).
pub fn tree(test: &str, files: &[(&str, &str)]) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("hcl-cli-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for (name, contents) in files {
        let path = dir.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, contents).unwrap();
    }
    dir
}

/// Each line of the text parsed as JSON.
pub fn json_lines(text: &str) -> Vec<serde_json::Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

/// The configuration files under `../shared/corpus/DIR`, sorted; `None`
/// (with a notice) when the shared corpus is absent.
pub fn corpus(dir: &str) -> Option<Vec<std::path::PathBuf>> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared/corpus")
        .join(dir);
    if !root.is_dir() {
        println!("skipped: {} is absent", root.display());
        return None;
    }
    let mut files = Vec::new();
    let mut stack = vec![root];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path
                .extension()
                .is_some_and(|e| matches!(e.to_str(), Some("tf" | "hcl" | "nomad" | "tfvars")))
            {
                files.push(path);
            }
        }
    }
    files.sort();
    Some(files)
}
