//! Finding the real-world files of `../shared/corpus/`, which stay beside
//! the project: tests that read them skip with a notice without them.

use std::path::{Path, PathBuf};

/// `../shared/corpus/NAME` (a folder or a file), or `None` after a notice
/// when it is absent.
pub fn shared_corpus(name: &str) -> Option<PathBuf> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/corpus")
        .join(name);
    if path.exists() {
        Some(path)
    } else {
        eprintln!("notice: {} is absent; test skipped", path.display());
        None
    }
}

/// Every file below `dir` but the `.tsv` indexes, sorted.
pub fn corpus_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("read corpus dir") {
            let path = entry.expect("dir entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_none_or(|e| e != "tsv") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}
