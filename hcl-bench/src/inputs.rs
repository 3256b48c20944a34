//! The benchmark inputs shared with the peers' figures: generated on first
//! use into `target/bench/` (never committed) by `../shared/bench/gen.py`.

use std::path::PathBuf;
use std::process::Command;

/// The generated files of one input: the HCL text and its JSON twin.
pub struct BenchInput {
    /// `plain-10mb`, `rich-1mb`, ...
    pub name: String,
    /// The HCL file.
    pub hcl: PathBuf,
    /// The JSON twin with the same content.
    pub json: PathBuf,
}

/// The input of `mb` megabytes, `rich` (expressions to evaluate) or plain
/// (literals only), seed 42 as the peers' figures; `None`, after a notice,
/// when `../shared` is absent or the generator fails.
pub fn bench_input(mb: u32, rich: bool) -> Option<BenchInput> {
    let root = crate::workspace_root();
    let generator = root.join("../shared/bench/gen.py");
    if !generator.is_file() {
        eprintln!("notice: ../shared/bench/gen.py is absent; this benchmark is skipped");
        return None;
    }
    let variant = if rich { "rich" } else { "plain" };
    let name = format!("{variant}-{mb}mb");
    let dir = root.join("target/bench");
    let stem = dir.join(&name);
    let input = BenchInput {
        hcl: stem.with_extension("hcl"),
        json: stem.with_extension("json"),
        name,
    };
    if input.hcl.is_file() && input.json.is_file() {
        return Some(input);
    }
    if let Err(err) = std::fs::create_dir_all(&dir) {
        eprintln!("notice: cannot create {}: {err}", dir.display());
        return None;
    }
    let mut command = Command::new("python3");
    command
        .arg(&generator)
        .args(["--mb", &mb.to_string(), "--seed", "42"]);
    if rich {
        command.arg("--rich");
    }
    match command.arg("--out").arg(&stem).status() {
        Ok(status) if status.success() => Some(input),
        Ok(status) => {
            eprintln!("notice: gen.py failed ({status}); {} skipped", input.name);
            None
        }
        Err(err) => {
            eprintln!("notice: cannot run python3 ({err}); {} skipped", input.name);
            None
        }
    }
}

/// The synthetic Terraform-like file of `mb` megabytes that covers the
/// whole native syntax, made by `../shared/corpus/gen_large.py` into
/// `target/corpus/large-{mb}mb.tf` (where the parse benchmark makes it
/// too); `None`, after a notice, when `../shared` is absent or the
/// generator fails.
pub fn large_input(mb: u32) -> Option<PathBuf> {
    let root = crate::workspace_root();
    let generator = root.join("../shared/corpus/gen_large.py");
    if !generator.is_file() {
        eprintln!("notice: ../shared/corpus/gen_large.py is absent; this input is skipped");
        return None;
    }
    let dir = root.join("target/corpus");
    let file = dir.join(format!("large-{mb}mb.tf"));
    if file.is_file() {
        return Some(file);
    }
    if let Err(err) = std::fs::create_dir_all(&dir) {
        eprintln!("notice: cannot create {}: {err}", dir.display());
        return None;
    }
    let status = Command::new("python3")
        .arg(&generator)
        .args(["--mb", &mb.to_string(), "-o"])
        .arg(&file)
        .status();
    match status {
        Ok(status) if status.success() => Some(file),
        Ok(status) => {
            eprintln!("notice: gen_large.py failed ({status}); large-{mb}mb skipped");
            None
        }
        Err(err) => {
            eprintln!("notice: cannot run python3 ({err}); large-{mb}mb skipped");
            None
        }
    }
}
