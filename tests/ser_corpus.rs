//! Real-world files written back: every file of `../shared/corpus/real/`
//! decoded into `serde_json::Value` (expressions that do not evaluate
//! kept as their source text, as in `serde_corpus.rs`), then written with
//! `hcl_serde::to_string` and `to_string_pretty`, parses, is in the
//! canonical layout, and decodes to the same value.
//!
//! Without `../shared` this test prints a notice and checks nothing.

#[path = "support/shared_corpus.rs"]
mod shared_corpus;

use hcl_serde::Decoder;
use serde_json::Value as Json;
use shared_corpus::{corpus_files as files, shared_corpus as shared};

#[test]
fn real_files_are_written_back_to_the_same_value() {
    let Some(dir) = shared("real") else { return };
    let files = files(&dir);
    let decoder = Decoder::new().unresolved_as_source(true).lenient(true);
    for path in &files {
        let decoded = decoder
            .from_file::<Json>(path)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        for pretty in [false, true] {
            let text = if pretty {
                hcl_serde::to_string_pretty(&decoded.value)
            } else {
                hcl_serde::to_string(&decoded.value)
            };
            let text = text.unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            assert_eq!(hcl_core::format(&text), text, "{}", path.display());
            let back: Json = hcl_serde::from_str(&text)
                .unwrap_or_else(|e| panic!("{}:\n{text}\n{e}", path.display()));
            assert_eq!(back, decoded.value, "{}:\n{text}", path.display());
        }
    }
    println!("{} files written back", files.len());
    assert!(!files.is_empty());
}
