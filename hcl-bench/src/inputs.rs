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
