//! The layering of `ARCHITECTURE.md`, read from the sources: a module of
//! hcl-core imports only its own layer and the layers below it, and
//! hcl-serde never names the native syntax tree, and the modules of its
//! decoder import only those below them.

#![allow(
    clippy::panic,
    clippy::unwrap_used,
    reason = "the test reports failures by panicking"
)]

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// hcl-core's top-level modules by layer, bottom first, as
/// `ARCHITECTURE.md` lists them.
const LAYERS: &[&[&str]] = &[
    &["span", "diagnostic", "limits", "didyoumean"],
    &[
        "lexer",
        "ast",
        "parser",
        "format",
        "json",
        "syntax_tree",
        "directory",
    ],
    &["value", "types"],
    &["functions"],
    &["eval"],
    &["analysis"],
    &["schema"],
    &["typeexpr"],
    &["check"],
    &["ext"],
    &["dec"],
    &["edit"],
];

/// The modules of hcl-serde's decoder (`hcl-serde/src/de`), bottom first,
/// as `ARCHITECTURE.md` lists them: each imports only those before it.
const DECODER: &[&str] = &[
    "fields", "shape", "probe", "recovery", "session", "value", "literal", "entry", "blocks",
    "json", "access", "body", "run",
];

fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|layer| layer.contains(&module))
}

/// The Rust files under `path` (a file or a directory), tests left out:
/// `tests.rs`, `*_tests.rs` and anything under a `tests` directory.
fn sources(path: &Path, out: &mut Vec<PathBuf>) {
    if path.is_dir() {
        if path.file_name().is_some_and(|n| n == "tests") {
            return;
        }
        let mut entries: Vec<PathBuf> = std::fs::read_dir(path)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        entries.sort();
        for entry in entries {
            sources(&entry, out);
        }
    } else if path.is_file() && path.extension().is_some_and(|e| e == "rs") {
        let name = path.file_name().unwrap().to_string_lossy();
        if name != "tests.rs" && !name.ends_with("_tests.rs") {
            out.push(path.to_path_buf());
        }
    }
}

/// The modules of `crate::NAME` paths in the code of `text`: comments
/// (doc links included) and `#[cfg(test)]` modules declared inline do not
/// count.
fn imports(text: &str) -> BTreeSet<String> {
    paths_after(text, "crate::")
}

/// The first segments of the paths that follow `prefix` in the code of
/// `text`, as [`imports`] reads them.
fn paths_after(text: &str, prefix: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for line in text.lines() {
        let code = line.trim_start();
        if code.starts_with("//") {
            continue;
        }
        let code = code.split("//").next().unwrap_or_default();
        let mut rest = code;
        while let Some(at) = rest.find(prefix) {
            rest = &rest[at + prefix.len()..];
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_lowercase() || *c == '_')
                .collect();
            if !name.is_empty() {
                found.insert(name);
            }
        }
    }
    found
}

#[test]
fn hcl_core_modules_import_only_their_layer_and_those_below() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("hcl-core/src");
    let mut wrong = Vec::new();
    for layer in LAYERS {
        for module in *layer {
            let own = layer_of(module).unwrap();
            let mut files = Vec::new();
            sources(&src.join(module), &mut files);
            sources(&src.join(format!("{module}.rs")), &mut files);
            assert!(!files.is_empty(), "no sources for the module {module}");
            for file in files {
                let text = std::fs::read_to_string(&file).unwrap();
                for import in imports(&text) {
                    if let Some(theirs) = layer_of(&import) {
                        if theirs > own {
                            wrong.push(format!(
                                "{}: {module} (layer {}) imports {import} (layer {})",
                                file.display(),
                                own + 1,
                                theirs + 1
                            ));
                        }
                    }
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "imports against the layers:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn every_hcl_core_module_has_a_layer() {
    let lib =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("hcl-core/src/lib.rs"))
            .unwrap();
    for line in lib.lines() {
        let line = line.trim();
        let Some(rest) = line
            .strip_prefix("pub mod ")
            .or_else(|| line.strip_prefix("mod "))
        else {
            continue;
        };
        let name = rest.trim_end_matches(';').trim_end_matches(" {");
        if name == "fuzzing" || name == "__private" {
            // Re-exports: for the fuzz crate, behind a feature; for
            // hcl_serde, hidden.
            continue;
        }
        assert!(
            layer_of(name).is_some(),
            "the module {name} is in no layer of ARCHITECTURE.md"
        );
    }
}

#[test]
fn hcl_serde_never_names_the_syntax_tree() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("hcl-serde/src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    assert!(!files.is_empty());
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        assert!(
            !text.contains("hcl_core::ast"),
            "{} names hcl_core::ast",
            file.display()
        );
    }
}

#[test]
fn decoder_modules_import_only_those_below_them() {
    let de = Path::new(env!("CARGO_MANIFEST_DIR")).join("hcl-serde/src/de");
    let mut wrong = Vec::new();
    for (own, module) in DECODER.iter().enumerate() {
        let mut files = Vec::new();
        sources(&de.join(format!("{module}.rs")), &mut files);
        assert!(!files.is_empty(), "no sources for the module de::{module}");
        let mut inside = Vec::new();
        sources(&de.join(module), &mut inside);
        let mut uses = Vec::new();
        for file in &files {
            let text = std::fs::read_to_string(file).unwrap();
            uses.extend(paths_after(&text, "super::").into_iter().map(|m| (file, m)));
            uses.extend(
                paths_after(&text, "crate::de::")
                    .into_iter()
                    .map(|m| (file, m)),
            );
        }
        for file in &inside {
            // In a module's own folder, `super::` is the module itself.
            let text = std::fs::read_to_string(file).unwrap();
            uses.extend(
                paths_after(&text, "crate::de::")
                    .into_iter()
                    .map(|m| (file, m)),
            );
        }
        for (file, import) in uses {
            let Some(theirs) = DECODER.iter().position(|m| *m == import) else {
                continue;
            };
            if theirs > own {
                wrong.push(format!(
                    "{}: de::{module} imports de::{import}",
                    file.display()
                ));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "imports against the decoder's order:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn every_decoder_module_has_a_place() {
    let de = Path::new(env!("CARGO_MANIFEST_DIR")).join("hcl-serde/src/de.rs");
    let text = std::fs::read_to_string(de).unwrap();
    for line in text.lines() {
        let line = line.trim();
        let Some(rest) = ["pub(crate) mod ", "mod "]
            .iter()
            .find_map(|p| line.strip_prefix(p))
        else {
            continue;
        };
        let name = rest.trim_end_matches(';');
        if name.ends_with("_tests") {
            continue;
        }
        assert!(
            DECODER.contains(&name),
            "the module de::{name} has no place in the decoder's order"
        );
    }
}
