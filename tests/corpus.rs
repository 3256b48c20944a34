//! Real-world files: every file the reference accepts parses without error
//! diagnostics, every file it rejects is rejected with a located diagnostic.
//! The files stay in `../shared/corpus/`; without it these tests print a
//! notice and check nothing.

#[path = "support/shared_corpus.rs"]
mod shared_corpus;

use shared_corpus::{corpus_files as hcl_files, shared_corpus as corpus_dir};

fn check_accepted(name: &str) {
    let Some(dir) = corpus_dir(name) else { return };
    let files = hcl_files(&dir);
    assert!(!files.is_empty());
    let mut failures = Vec::new();
    for path in &files {
        let bytes = std::fs::read(path).expect("read file");
        let text = String::from_utf8(bytes).expect("corpus files are UTF-8");
        if let Err(diags) = hcl_core::parse(&text, &path.display().to_string()) {
            failures.push(diags.to_string());
        }
    }
    println!("{name}: {} files, {} rejected", files.len(), failures.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn real_world_files_parse() {
    check_accepted("real");
}

#[test]
fn namespaced_function_calls_of_v2_20_parse() {
    check_accepted("real-v2.20");
}

#[test]
fn real_world_invalid_files_are_rejected_with_a_located_diagnostic() {
    let Some(dir) = corpus_dir("real-invalid") else {
        return;
    };
    let files = hcl_files(&dir);
    assert!(!files.is_empty());
    for path in &files {
        let text = String::from_utf8_lossy(&std::fs::read(path).expect("read file")).into_owned();
        let name = path.display().to_string();
        let diags = match hcl_core::parse(&text, &name) {
            Ok(_) => panic!("{name} was accepted; the reference rejects it"),
            Err(diags) => diags,
        };
        let first = diags
            .iter()
            .find(|d| d.is_error())
            .expect("an error diagnostic");
        let range = first.subject.as_ref().expect("a subject range");
        assert!(
            range.start.byte as usize <= text.len(),
            "{name}: range outside the input"
        );
        let rendered = first.to_string();
        assert!(
            rendered.contains(&format!("--> {name}:{}:", range.start.line)),
            "{rendered}"
        );
        assert!(rendered.contains('^'), "{rendered}");
    }
}
