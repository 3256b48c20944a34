//! Real-world files through a format-preserving document and serde: every
//! native file of `../shared/corpus/real/` read through its `Document`
//! decodes as the file does, and updated from the value it decodes to
//! (expressions that do not evaluate kept as their source text, as in
//! `serde_corpus.rs`) it decodes to that value, and a second update
//! changes no byte.
//!
//! Without `../shared` this test prints a notice and checks nothing.

#[path = "support/shared_corpus.rs"]
mod shared_corpus;

use hcl_core::edit::Document;
use hcl_serde::Decoder;
use serde_json::Value as Json;
use shared_corpus::{corpus_files as files, shared_corpus as shared};

#[test]
fn real_files_update_to_the_value_they_decode_to() {
    let Some(dir) = shared("real") else { return };
    let decoder = Decoder::new().unresolved_as_source(true).lenient(true);
    let mut count = 0;
    for path in files(&dir) {
        let name = path.display().to_string();
        let Ok(src) = std::fs::read_to_string(&path) else {
            continue;
        };
        let Ok(mut doc) = Document::parse(&src, &name) else {
            continue;
        };
        let from_file = decoder.from_file::<Json>(&path).map(|d| d.value);
        let from_doc = decoder.from_document::<Json>(&doc).map(|d| d.value);
        assert_eq!(
            from_doc.as_ref().map_err(ToString::to_string),
            from_file.as_ref().map_err(ToString::to_string),
            "{name}"
        );
        let Ok(value) = from_file else { continue };
        hcl_serde::update(&mut doc, &value).unwrap_or_else(|e| panic!("{name}: {e}"));
        let once = doc.to_string();
        let back = decoder
            .from_document::<Json>(&doc)
            .unwrap_or_else(|e| panic!("{name}:\n{once}\n{e}"));
        assert_eq!(back.value, value, "{name}:\n{once}");
        hcl_serde::update(&mut doc, &value).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(doc.to_string(), once, "{name}");
        count += 1;
    }
    println!("{count} files updated");
    assert!(count > 1000, "{count}");
}
